// SM90's register-sourced-A mainloops for operands of the same width that GMMA cannot read from shared
// memory as they are laid out: tf32 with MN-major A or B (detail::is_use_rmem_A,
// gemm/collective/builders/sm90_common.inl:400-423). The TMA one
// (sm90_mma_tma_gmma_rs_warpspecialized.hpp) aligns A's and B's shared memory to their swizzle atoms;
// the cp.async one (sm90_mma_multistage_gmma_rs_warpspecialized.hpp) to 256 bytes. Paths and lines are
// CUTLASS v4.7.0, under include/cutlass/.
#pragma once

#include "smem_budget/core/config.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

// The register-sourced mainloop: operands other than 16-bit ones that are not both K-major.
constexpr bool sm90_rmem_a(const Config& config) {
  return !k_major_operands(config) && bits_of(config.types.a.data) != 16;
}

// A and B both MN-major: the mainloop transposes B in shared memory (IsWarpSpecializedTransposeB,
// sm90_gmma_builder.inl:177-190).
constexpr bool sm90_transposes_b(const Config& config) { return !k_major_a(config) && !k_major_b(config); }

// alignment_for_swizzle (cutlass/detail/layout.hpp:423) of the atom rs_smem_selector picks for a
// 32-bit operand (sm90_common.inl:176-262): K-major, the widest swizzle whose row K spans (128, 64 or
// 32 bytes: 1024, 512, 256), else the interleaved atom (128); MN-major, SW32 (256) when 8 elements
// divide the operand's M or N, else the interleaved atom.
constexpr bytes_t sm90_rmem_swizzle_alignment(bool k_major, bytes_t mn, bytes_t k) {
  if (!k_major) return mn % 8 == 0 ? 256 : 128;
  const bytes_t row = k * 4;
  if (row % 128 == 0) return 1024;
  if (row % 64 == 0) return 512;
  if (row % 32 == 0) return 256;
  return 128;
}

struct RmemAAlignments {
  bytes_t a = 128;  // smem_A's, after the collective's SwapAB
  bytes_t b = 128;
  constexpr bytes_t widest() const { return a > b ? a : b; }
};

// The TMA collective swaps the atoms of K-major A and MN-major B (SwapAB,
// sm90_mma_tma_gmma_rs_warpspecialized.hpp:113-121); the builder's SmemAlignment, which rounds its
// stage estimate, is the wider of the two either way (sm90_gmma_builder.inl:447-449). The cp.async
// collective aligns both to 256 (sm90_mma_multistage_gmma_rs_warpspecialized.hpp:189-191).
constexpr RmemAAlignments sm90_rmem_a_alignments(const Config& config) {
  if (config.cp_async) return {256, 256};
  const Tile& t = config.tile;
  const bytes_t a = sm90_rmem_swizzle_alignment(k_major_a(config), t.m, t.k);
  const bytes_t b = sm90_rmem_swizzle_alignment(k_major_b(config), t.n, t.k);
  const bool swap = k_major_a(config) && !k_major_b(config);
  return swap ? RmemAAlignments{b, a} : RmemAAlignments{a, b};
}

}  // namespace smem_budget
