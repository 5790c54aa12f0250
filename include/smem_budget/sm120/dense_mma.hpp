// The SM120 dense mainloops without block scale factors: the plain tensor-op GEMM
// (CollectiveMma<MainloopSm120[Array]TmaWarpSpecialized>, sm120_mma_builder.inl and
// sm120_array_mma_builder.inl) and the blockwise-scaled one, which adds a float scale per
// granularity block of A and of B (MainloopSm120[Array]TmaWarpSpecializedBlockwiseScaling,
// sm120_blockwise_mma_builder.inl). Paths and lines are CUTLASS v4.7.0, under include/cutlass/gemm/collective/.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

// Blockwise scales are the accumulator's type, float.
inline constexpr int blockwise_scale_bits = 32;

// sizeof(PipelineTmaUmmaAsync<1>::SharedStorage), the builders' per-stage pipeline estimate.
inline constexpr bytes_t dense_stage_barrier_estimate = 16;

// sm1xx_common.inl sm1xx_gemm_check_for_f8f6f4_mix8bit_requirement, 1SM, K-major A and B: an
// FP4/FP6 operand is loaded unpacked and needs a tile K that is a multiple of 128 (sparse A: 256).
constexpr bool mix8bit_tile_k_ok(const OperandPair& types, bytes_t k, bool sparse) {
  const bool a_narrow = bits_of(types.a.data) < 8;
  const bool b_narrow = bits_of(types.b.data) < 8;
  return (!a_narrow || k % (sparse ? 256 : 128) == 0) && (!b_narrow || k % 128 == 0);
}

// The tiled MMA (16x8 atoms) and the K-major swizzle atoms (8 rows, at least 16 bytes of K) must
// tile the CTA tile. Measured (tests/data/sm120-family-probes.json): every M from 8 to 256 in
// steps of 8 or 16, every N from 8 to 192 in steps of 8 and K = 16, 32, 48, … compile,
// cooperative and ping-pong alike; K = 8 finds no swizzle atom.
constexpr Rejection check_dense_tile(const Tile& t) {
  if (t.m % 8 != 0) return Rejection::mma_m_divisibility;
  if (t.n % 8 != 0) return Rejection::tile_n_permutation;
  if (t.k % 16 != 0) return Rejection::mma_k_divisibility;
  return Rejection::none;
}

constexpr Rejection check_dense_mainloop(const Config& config, const CutlassRules& rules) {
  const Family family = family_of(config);
  if (config.grouped && family == Family::plain && !rules.plain_grouped) return Rejection::grouped_unsupported;
  // sm120_mma_builder.inl:80, sm120_blockwise_mma_builder.inl:132
  if (!is_f8f6f4(config.types.a.data) || !is_f8f6f4(config.types.b.data)) return Rejection::f8f6f4_only;
  if (!mix8bit_tile_k_ok(config.types, config.tile.k, false)) return Rejection::mix8bit_tile_k;
  if (family == Family::blockwise) {
    // sm120_blockwise_mma_builder.inl:199-201
    const ScaleGranularity g = granularity_of(config);
    if (config.tile.m % g.m != 0) return Rejection::granularity_m_divides_tile;
    if (config.tile.n % g.n != 0) return Rejection::granularity_n_divides_tile;
    if (config.tile.k != g.k) return Rejection::granularity_k_equals_tile;
  }
  return check_dense_tile(config.tile);
}

// What the plain and blockwise collectives' mma() refuses in device code: its tiled MMA permutes N
// by min(N, 32) (sm120_mma_builder.inl:91), and B's shared-memory copy atom moves 16 values a
// thread, more than an N of 8 or 16 gives it.
constexpr Rejection check_dense_device_code(const Config& config) {
  const bytes_t n = config.tile.n;
  if (n == 8 || n == 16) return Rejection::dense_tile_n_copy_vals;
  if (n < 32) return Rejection::dense_tile_n_permutation;
  return Rejection::none;
}

// The tiled MMA of the plain, blockwise and plain sparse builders permutes N by 32: an N above 32
// that is not a multiple of it fails CuTe's divisibility check before the automatic epilogue
// tile's (measured first; a given epilogue tile meets the epilogue's device-side checks first).
constexpr Rejection check_dense_tiled_mma(const Config& config) {
  const bytes_t n = config.tile.n;
  if (config.scaling == Scaling::block || !config.epilogue_tile.automatic) return Rejection::none;
  return n > 32 && n % 32 != 0 ? Rejection::dense_tile_n_multiple_of_32 : Rejection::none;
}

// Every operand takes one byte in shared memory (SmemAllocType uint8_t: the F8F6F4 path), and
// the builder counts A, B, the scales and the pipeline per stage
// (sm100_umma_builder.inl:84-98; sm120_blockwise_mma_builder.inl:72-88).
constexpr MainloopStage dense_stage(const Config& config, Checked& c) {
  MainloopStage s;
  const Tile& t = config.tile;
  s.a = c.mul(t.m, t.k);
  s.b = c.mul(t.n, t.k);
  if (family_of(config) == Family::blockwise) {
    const ScaleGranularity g = granularity_of(config);
    s.sfa = c.mul(t.m / g.m, blockwise_scale_bits / 8);
    s.sfb = c.mul(t.n / g.n, blockwise_scale_bits / 8);
  }
  s.barrier = dense_stage_barrier_estimate;
  s.estimate = c.add(c.add(s.a, s.b), c.add(c.add(s.sfa, s.sfb), s.barrier));
  return s;
}

// TensorStorage (sm120_mma_tma.hpp:194-198; sm120_mma_tma_blockwise_scaling.hpp:227-233): smem_A
// and smem_B alignas(1024), the float scale arrays of (scales per tile) x stages after them.
template <class Parts = PartList>
constexpr MainloopTensors<Parts> dense_tensors(const MainloopStage& s, bytes_t stages, Checked& c) {
  BasicStructLayout<Parts> layout(c, 128);
  layout.member("A tiles", array_engine_bytes(c.mul(s.a, stages), 8, c), 1024, PartKind::tensor);
  layout.member("B tiles", array_engine_bytes(c.mul(s.b, stages), 8, c), 1024, PartKind::tensor);
  if (s.sfa > 0) {
    layout.member("A scales", array_engine_bytes(c.mul(s.sfa, stages), 8, c), 16, PartKind::tensor);
    layout.member("B scales", array_engine_bytes(c.mul(s.sfb, stages), 8, c), 16, PartKind::tensor);
  }
  layout.finish("mainloop tensors");
  return {layout.parts(), layout.size(), layout.alignment(), pipeline_barrier_bytes(stages, c)};
}

}  // namespace smem_budget
