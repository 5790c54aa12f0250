// Integer helpers for byte arithmetic: rounding, and overflow that is reported instead of wrapping.
#pragma once

#include <cstdint>

namespace smem_budget {

using bytes_t = std::int64_t;

// Rounds x up to a multiple of a (a > 0, x >= 0).
constexpr bytes_t round_up(bytes_t x, bytes_t a) { return (x + a - 1) / a * a; }

constexpr bytes_t ceil_div(bytes_t x, bytes_t y) { return (x + y - 1) / y; }

// Accumulates products and sums; once any step overflows, `overflowed` stays true and the
// values are meaningless. Lets every formula be written plainly and checked once at the end.
struct Checked {
  bool overflowed = false;

  constexpr bytes_t mul(bytes_t a, bytes_t b) {
    bytes_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) overflowed = true;
    return r;
  }
  constexpr bytes_t add(bytes_t a, bytes_t b) {
    bytes_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) overflowed = true;
    return r;
  }
  // round_up without the intermediate x + a - 1 wrapping.
  constexpr bytes_t up(bytes_t x, bytes_t a) {
    const bytes_t r = x % a;
    return r == 0 ? x : add(x, a - r);
  }
};

}  // namespace smem_budget
