// C++ struct layout, step by step, recording every member and every padding gap as a named part,
// so that a breakdown of the parts always adds up to the struct's size.
#pragma once

#include <array>
#include <string_view>

#include "smem_budget/core/arithmetic.hpp"

namespace smem_budget {

// Padding is either before a member (named after it) or at the end of a struct (named after it).
enum class PartKind { tensor, barrier, scheduler, tensormap, fusion, padding, tail_padding };

struct Part {
  std::string_view name;
  bytes_t bytes = 0;
  PartKind kind = PartKind::tensor;
};

// A fixed-capacity list, so that the whole model stays usable in constant expressions.
class PartList {
 public:
  static constexpr int capacity = 40;

  constexpr void add(std::string_view name, bytes_t bytes, PartKind kind) {
    if (bytes == 0) return;
    if (count_ == capacity) {
      full_ = true;
      return;
    }
    parts_[count_++] = Part{name, bytes, kind};
  }
  constexpr void append(const PartList& other) {
    for (const Part& part : other) add(part.name, part.bytes, part.kind);
  }
  constexpr const Part* begin() const { return parts_.data(); }
  constexpr const Part* end() const { return parts_.data() + count_; }
  constexpr int size() const { return count_; }
  constexpr bool full() const { return full_; }
  constexpr bytes_t total() const {
    bytes_t sum = 0;
    for (const Part& part : *this) sum += part.bytes;
    return sum;
  }

 private:
  std::array<Part, capacity> parts_{};
  int count_ = 0;
  bool full_ = false;
};

// Records no parts: for when only sizes are wanted (the search for the largest stage count
// that fits lays the kernel out several times and needs no breakdown).
struct NoParts {
  constexpr void add(std::string_view, bytes_t, PartKind) {}
  template <class Inner>
  constexpr void append(const Inner&) {}
  constexpr bool full() const { return false; }
};

// Lays out members in declaration order: each one starts at the next multiple of its alignment;
// the struct's alignment is the largest member alignment (or a larger alignas), and its size is
// rounded up to that alignment. `Parts` (PartList or NoParts) records what goes where.
template <class Parts>
class BasicStructLayout {
 public:
  constexpr explicit BasicStructLayout(Checked& checked, bytes_t min_align = 1)
      : checked_(&checked), align_(min_align) {}

  constexpr bytes_t member(std::string_view name, bytes_t size, bytes_t align, PartKind kind) {
    pad_to(align, name);
    const bytes_t offset = offset_;
    parts_.add(name, size, kind);
    offset_ = checked_->add(offset_, size);
    if (align > align_) align_ = align;
    return offset;
  }
  // A nested struct whose own parts are already known.
  template <class Inner>
  constexpr bytes_t nested(std::string_view name, const Inner& inner, bytes_t size, bytes_t align) {
    pad_to(align, name);
    const bytes_t offset = offset_;
    parts_.append(inner);
    offset_ = checked_->add(offset_, size);
    if (align > align_) align_ = align;
    return offset;
  }
  // Rounds the size up to the alignment; `tail` names the gap this leaves.
  constexpr void finish(std::string_view tail) {
    const bytes_t end = checked_->up(offset_, align_);
    parts_.add(tail, end - offset_, PartKind::tail_padding);
    offset_ = end;
  }

  constexpr bytes_t size() const { return offset_; }
  constexpr bytes_t alignment() const { return align_; }
  constexpr const Parts& parts() const { return parts_; }

 private:
  constexpr void pad_to(bytes_t align, std::string_view before) {
    const bytes_t start = checked_->up(offset_, align);
    if (start != offset_) parts_.add(before, start - offset_, PartKind::padding);
    offset_ = start;
  }

  Checked* checked_;
  bytes_t offset_ = 0;
  bytes_t align_ = 1;
  Parts parts_{};
};

using StructLayout = BasicStructLayout<PartList>;

// cute::ArrayEngine<T, n>: byte-sized elements use array_aligned (16-byte aligned, at least
// 16 bytes, even for n = 0); sub-byte elements use array_subbyte (no rounding).
constexpr bytes_t array_engine_bytes(bytes_t elements, int bits, Checked& c) {
  if (bits % 8 != 0) return ceil_div(c.mul(elements, bits), 8);
  const bytes_t bytes = c.mul(elements, bits / 8);
  return bytes < 16 ? 16 : c.up(bytes, 16);
}

}  // namespace smem_budget
