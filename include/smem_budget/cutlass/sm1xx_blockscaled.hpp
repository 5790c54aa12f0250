// What the SM100 and SM120 block-scaled collectives share: the scale-factor block layout
// (cutlass/detail/sm100_blockscaled_layout.hpp, which both use), and from the builders' common
// part (gemm/collective/builders/sm1xx_common.inl) the requirement that A and B be scaled alike and
// the choice of MMA instruction.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

// Scale factors are stored in blocks of 128 rows x 4 scales, one byte each (Blk_MN = 128, Blk_SF = 4).
inline constexpr bytes_t scale_block_rows = 128;
inline constexpr bytes_t scale_block_bytes = 512;

// The sparse block-scaled kernels (SM100's and SM120's) take one scale per twice the dense vector:
// 32 elements for NVFP4, 64 for MX types (builders/sm1xx_common.inl:450-482).
constexpr int sparse_scale_vector(const Operand& operand) { return 2 * operand.vector; }

constexpr bool operand_scales_match(const OperandPair& t) { return t.a.scale == t.b.scale && t.a.vector == t.b.vector; }

// sm1xx_common.inl select_instr: the packed FP4 instruction needs FP4 on both sides and no
// explicit F8F6F4 schedule; every other pair takes SM120_16x8x32_TN_VS.
constexpr MmaPath mma_path(const OperandPair& types, Instruction instruction) {
  const bool both_fp4 = types.a.data == Element::e2m1 && types.b.data == Element::e2m1;
  return both_fp4 && instruction == Instruction::automatic ? MmaPath::mxf4_nvf4 : MmaPath::mxf8f6f4;
}

// Bits per A/B element in the mainloop's shared memory: packed FP4 on the MXF4/NVF4 path,
// one byte (SmemAllocType uint8_t) for every element on the MXF8F6F4 path.
constexpr int operand_smem_bits(MmaPath path) { return path == MmaPath::mxf4_nvf4 ? 4 : 8; }

}  // namespace smem_budget
