// Integer helpers for byte arithmetic: rounding, and overflow that is reported instead of wrapping.
// Plain C++ only (no compiler builtins), so that every formula stays a constant expression under
// g++, clang and nvcc alike.
#pragma once

#include "smem_budget/core/cxx20.hpp"

#include <cstdint>
#include <limits>

namespace smem_budget {

using bytes_t = std::int64_t;

// Rounds x up to a multiple of a (a > 0, x >= 0).
constexpr bytes_t round_up(bytes_t x, bytes_t a) { return (x + a - 1) / a * a; }

constexpr bytes_t ceil_div(bytes_t x, bytes_t y) { return (x + y - 1) / y; }

// Accumulates products and sums of byte counts; once any step would overflow,
// `overflowed` stays true and the values are meaningless. Lets every formula be written plainly
// and checked once at the end.
struct Checked {
  bool overflowed = false;

  constexpr bytes_t mul(bytes_t a, bytes_t b) {
    constexpr bytes_t max = std::numeric_limits<bytes_t>::max();
    constexpr bytes_t min = std::numeric_limits<bytes_t>::min();
    if (a == 0 || b == 0) return 0;
    const bool over = a > 0 ? (b > 0 ? a > max / b : b < min / a) : (b > 0 ? a < min / b : a < max / b);
    if (over) {
      overflowed = true;
      return 0;
    }
    return a * b;
  }
  constexpr bytes_t add(bytes_t a, bytes_t b) {
    if ((b > 0 && a > std::numeric_limits<bytes_t>::max() - b) ||
        (b < 0 && a < std::numeric_limits<bytes_t>::min() - b)) {
      overflowed = true;
      return 0;
    }
    return a + b;
  }
  // round_up without the intermediate x + a - 1 wrapping.
  constexpr bytes_t up(bytes_t x, bytes_t a) {
    const bytes_t r = x % a;
    return r == 0 ? x : add(x, a - r);
  }
};

}  // namespace smem_budget
