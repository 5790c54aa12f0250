// Progress on a terminal for work that takes more than about a second: "checked 41,000 of
// 100,000" on standard error, rewritten in place, erased when done. Silent when standard error is
// not a terminal (a pipe, a file, a CI log).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <string>
#include <thread>

namespace smem_budget::cli {

class Progress {
 public:
  Progress(std::string what, std::size_t total);
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  ~Progress();

  // Called after each item, from any thread; prints at most a few times a second, only after the
  // first second, and only from the thread that made it.
  void advance();

 private:
  using clock = std::chrono::steady_clock;
  std::string what_;
  std::size_t total_ = 0;
  std::atomic<std::size_t> done_ = 0;
  std::thread::id owner_ = std::this_thread::get_id();
  bool terminal_ = false;
  bool shown_ = false;
  // When the run's first Progress was made: its phases (checking, then suggesting) are one piece of
  // work, shown once the whole has taken a second even if no phase alone does.
  static clock::time_point work_start();

  clock::time_point start_ = work_start();
  clock::time_point last_ = start_;
};

}  // namespace smem_budget::cli
