// What the SM100 and SM120 block-scaled collectives share: the scale-factor block layout
// (cutlass/detail/sm100_blockscaled_layout.hpp, which both use) and the builders' requirement that
// A and B be scaled alike (gemm/collective/builders/sm1xx_common.inl).
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

// Scale factors are stored in blocks of 128 rows x 4 scales, one byte each (Blk_MN = 128, Blk_SF = 4).
inline constexpr bytes_t scale_block_rows = 128;
inline constexpr bytes_t scale_block_bytes = 512;

constexpr bool operand_scales_match(const OperandPair& t) {
  return t.a.scale == t.b.scale && t.a.vector == t.b.vector;
}

}  // namespace smem_budget
