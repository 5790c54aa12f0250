// Independent items on every core: a batch's entries are checked, and its results rendered, a
// slice per hardware thread, each writing only its own items' slots, so that the output is the
// same as a serial run's, in the same order.
#pragma once

#include <algorithm>
#include <cstddef>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace smem_budget {

// Calls work(i) for every i in [0, count): contiguous slices, one per hardware thread, the calling
// thread taking the first; fewer than `min_per_thread` items for each stay on the calling thread. Each slice stops at
// its first exception; the one from the lowest index is rethrown once all have stopped, which is the error a serial run
// would have met first.
template <class Work>
void for_each_index(std::size_t count, Work work, std::size_t min_per_thread = 512) {
  const std::size_t threads =
      std::clamp<std::size_t>(count / min_per_thread, 1, std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::exception_ptr> failures(threads);
  const auto run_slice = [&](std::size_t slice) {
    try {
      for (std::size_t i = count * slice / threads, end = count * (slice + 1) / threads; i < end; ++i) work(i);
    } catch (...) {
      failures[slice] = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> helpers;
    for (std::size_t slice = 1; slice < threads; ++slice) {
      try {
        helpers.emplace_back(run_slice, slice);
      } catch (const std::system_error&) {  // no thread to be had: this one does the slice
        run_slice(slice);
      }
    }
    run_slice(0);
  }  // joined
  for (const std::exception_ptr& failure : failures)
    if (failure) std::rethrow_exception(failure);
}

}  // namespace smem_budget
