// Progress on a terminal for work that takes more than about a second: "checked 41,000 of
// 100,000" on standard error, rewritten in place, erased when done. Silent when standard error is
// not a terminal (a pipe, a file, a CI log).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace smem_budget::cli {

class Progress {
 public:
  Progress(std::string what, std::size_t total);
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  ~Progress();

  // Called after each item; prints at most a few times a second, and only after the first second.
  void advance();

 private:
  using clock = std::chrono::steady_clock;
  std::string what_;
  std::size_t total_ = 0;
  std::size_t done_ = 0;
  bool terminal_ = false;
  bool shown_ = false;
  clock::time_point start_ = clock::now();
  clock::time_point last_ = start_;
};

}  // namespace smem_budget::cli
