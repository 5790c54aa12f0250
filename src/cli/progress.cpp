#include "cli/progress.hpp"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

#include "io/parse.hpp"

namespace smem_budget::cli {

Progress::Progress(std::string what, std::size_t total)
    : what_(std::move(what)), total_(total), terminal_(isatty(STDERR_FILENO) == 1) {}

Progress::clock::time_point Progress::work_start() {
  static const clock::time_point first = clock::now();
  return first;
}

Progress::~Progress() {
  if (shown_) std::fputs("\r\033[K", stderr);  // erase the line
}

void Progress::advance() {
  const std::size_t done = done_.fetch_add(1, std::memory_order_relaxed) + 1;
  // The clock is read about every 256 items only.
  if (!terminal_ || (done & 255) != 0 || std::this_thread::get_id() != owner_) return;
  const clock::time_point now = clock::now();
  if (now - start_ < std::chrono::seconds(1) || now - last_ < std::chrono::milliseconds(250)) return;
  last_ = now;
  shown_ = true;
  std::fputs(fmt::format("\r{} {} of {}", what_, io::group_digits(static_cast<long long>(done)),
                         io::group_digits(static_cast<long long>(total_)))
                 .c_str(),
             stderr);
  std::fflush(stderr);
}

}  // namespace smem_budget::cli
