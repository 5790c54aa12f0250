// A hash for the maps that hold an autotuner's tactics, texts of a few hundred bytes each that a
// judging looks up several times over: sixteen bytes a step in two lanes, where std::hash's
// murmur takes eight (some 1.4 instructions a byte here). Texts that hash alike are still told
// apart by comparing them; the hash only spreads them over the buckets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace smem_budget::io {

struct TextHash {
  using is_transparent = void;
  // Not noexcept: libstdc++ then keeps each node's hash, so that growing a map or scanning a bucket
  // neither hashes nor compares its texts again (measured: 4 % more instructions without).
  std::size_t operator()(std::string_view text) const {
    constexpr std::uint64_t k1 = 0x9e3779b97f4a7c15, k2 = 0xc2b2ae3d27d4eb4f;
    std::uint64_t a = text.size() * k1, b = ~text.size();
    std::size_t at = 0;
    for (; at + 16 <= text.size(); at += 16) {
      std::uint64_t x = 0, y = 0;
      std::memcpy(&x, text.data() + at, 8);
      std::memcpy(&y, text.data() + at + 8, 8);
      a = (a ^ x) * k1;
      b = (b ^ y) * k2;
      a ^= a >> 31;
      b ^= b >> 29;
    }
    std::uint64_t x = 0, y = 0;
    const std::size_t rest = text.size() - at;
    if (rest > 0) std::memcpy(&x, text.data() + at, rest < 8 ? rest : 8);  // an empty view's data may be null
    if (rest > 8) std::memcpy(&y, text.data() + at + 8, rest - 8);
    a = (a ^ x) * k1;
    b = (b ^ y) * k2;
    std::uint64_t h = (a ^ (b >> 32) ^ (b << 32)) * k2;
    return static_cast<std::size_t>(h ^ (h >> 33));
  }
};

}  // namespace smem_budget::io
