// The SM120 2:4 structured-sparse mainloops: the plain one (MainloopSm120TmaWarpSpecializedSparse,
// sm120_sparse_mma_builder.inl, sm120_sparse_mma_tma.hpp) and the block-scaled one
// (MainloopSm120TmaWarpSpecializedSparseBlockScaled, sm120_blockscaled_sparse_mma_builder.inl,
// sm120_blockscaled_sparse_mma_tma.hpp). A keeps half its elements, the metadata E says which;
// A (with E and the scale factors) and B have pipelines of their own, and their stage counts may
// differ. Paths and lines are CUTLASS v4.7.0, under include/cutlass/gemm/collective/.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"
#include "smem_budget/cutlass/sm1xx_blockscaled.hpp"
#include "smem_budget/sm120/blockscaled_mma.hpp"
#include "smem_budget/sm120/dense_mma.hpp"

namespace smem_budget {

// Three ClusterBarriers per stage in the builders' estimate (sm120_sparse_mma_builder.inl:71).
inline constexpr bytes_t sparse_stage_barrier_estimate = 3 * 8;

// The metadata atom (Sm1xxGemmSparseConfig::TensorEAtom, builders/sm1xx_sparse_config.inl:116-131):
// 128 x 128 logical elements of A, or 128 x 256 on the packed FP4 (MXF4/NVF4) path, whose
// metadata is 1 bit per A element (half a bit on the FP4 path).
inline constexpr bytes_t metadata_atom_m = 128;

constexpr bool fp4_path(const Config& config) {
  return family_of(config) == Family::block_scaled_sparse &&
         mma_path(config.types, config.instruction) == MmaPath::mxf4_nvf4;
}

constexpr bytes_t metadata_atom_k(const Config& config) { return fp4_path(config) ? 256 : 128; }

constexpr Rejection check_sparse_mainloop(const Config& config) {
  const Tile& t = config.tile;
  const bool block = family_of(config) == Family::block_scaled_sparse;
  if (block) {
    if (!operand_scales_match(config.types)) return Rejection::scale_types_differ;
    if (config.instruction != Instruction::automatic && config.types.a.scale == ScaleType::ue4m3)
      return Rejection::nvfp4_on_mxf8f6f4;
  } else if (!is_f8f6f4(config.types.a.data) || !is_f8f6f4(config.types.b.data)) {
    return Rejection::f8f6f4_only;  // sm120_sparse_mma_builder.inl:159
  }
  // The MXF8F6F4 path loads FP4/FP6 unpacked (sm120_sparse_mma_builder.inl:176-179).
  if (!fp4_path(config) && !mix8bit_tile_k_ok(config.types, t.k, true)) return Rejection::mix8bit_tile_k;
  // SmemLayoutE = tile_to_shape(TensorEAtom, (M, K, stages)) (sm120_sparse_mma_tma.hpp:230); the
  // block-scaled collective asserts K first (sm120_blockscaled_sparse_mma_tma.hpp:272-275).
  if (block && t.k % metadata_atom_k(config) != 0) return Rejection::sparse_metadata_k;
  if (t.m % metadata_atom_m != 0 || t.k % metadata_atom_k(config) != 0) return Rejection::sparse_metadata_tile;
  if (t.n % 8 != 0) return Rejection::tile_n_permutation;
  // Only the automatic stage counts have an overload (sm120_sparse_mma_builder.inl:221): the
  // StageCount one returns one number where the kernel takes a pair.
  if (config.stages.kind == StagePolicy::Kind::fixed)
    return block ? Rejection::blockscaled_sparse_stage_count : Rejection::sparse_stage_count;
  return Rejection::none;
}

// What a build of the block-scaled sparse collective's Params refuses: its scale-factor layout
// holds K / V' / 4 blocks of four vectors along K (sm120_blockscaled_sparse_mma_builder.inl:288,
// V' twice the operand's vector) and the SF TMA descriptors copy the whole tile K
// (sm120_blockscaled_sparse_mma_tma.hpp:351-362): a K below one block leaves the layout empty along
// K, a longer K of part-blocks does not divide its block (measured: K 128 and 384 of MXFP8).
constexpr Rejection check_blockscaled_sparse_params(const Config& config) {
  const bytes_t block_k = 4 * sparse_scale_vector(config.types.a);
  if (config.tile.k < block_k) return Rejection::blockscaled_sparse_sf_tma_k;
  if (config.tile.k % block_k != 0) return Rejection::blockscaled_sparse_sf_tma_k_blocks;
  return Rejection::none;
}

// What the sparse collectives' mma() refuses in device code: an N below 32 other than 8 or 16 does
// not divide the tiled MMA's N permutation; the block-scaled one's SFB fragment matches the
// accumulator in N only at N 64 and 128 below 256 (sm120_blockscaled_sparse_mma_tma.hpp:1101; N 8,
// 16, 32, 48, 96, 160 and 192 measured refused; N 256 has not been built for the device).
constexpr Rejection check_sparse_device_code(const Config& config) {
  const bytes_t n = config.tile.n;
  if (n < 32 && n != 8 && n != 16) return Rejection::dense_tile_n_permutation;
  if (family_of(config) == Family::block_scaled_sparse && n < 256 && n != 64 && n != 128)
    return Rejection::blockscaled_sparse_tile_n;
  return Rejection::none;
}

constexpr MainloopStage sparse_stage(const Config& config, Checked& c) {
  MainloopStage s;
  const Tile& t = config.tile;
  const bool fp4 = fp4_path(config);
  s.path = fp4 ? MmaPath::mxf4_nvf4 : MmaPath::mxf8f6f4;
  // sparse_elem<2, uint8_t> (packed e2m1 on the FP4 path): half of A's bits; E 1 bit per A
  // element (half a bit on the FP4 path).
  s.bits_a = fp4 ? 2 : 4;
  s.bits_b = fp4 ? 4 : 8;
  s.a = ceil_div(c.mul(c.mul(t.m, t.k), s.bits_a), 8);
  s.b = ceil_div(c.mul(c.mul(t.n, t.k), s.bits_b), 8);
  s.e = c.mul(t.m, t.k) / (fp4 ? 16 : 8);
  if (family_of(config) == Family::block_scaled_sparse) {
    // size(filter_zeros(SmemLayoutAtomSF)): 128-row blocks (N rounded up to 128) of 4 scales,
    // K / V' / 4 of them along K (sm120_blockscaled_sparse_mma_builder.inl:242-262).
    s.sf_k_blocks = t.k / sparse_scale_vector(config.types.a) / 4;
    s.sfa_blocks = t.m / scale_block_rows;
    s.sfb_blocks = ceil_div(t.n, scale_block_rows);
    s.sfa = c.mul(c.mul(scale_block_bytes, s.sfa_blocks), s.sf_k_blocks);
    s.sfb = c.mul(c.mul(scale_block_bytes, s.sfb_blocks), s.sf_k_blocks);
  }
  s.barrier = sparse_stage_barrier_estimate;
  s.estimate = c.add(c.add(c.add(s.a, s.b), s.e), c.add(c.add(s.sfa, s.sfb), s.barrier));
  return s;
}

// The builders' 1.5-stage fallback counts B at three quarters and E not at all.
constexpr bytes_t half_k_b_estimate(const MainloopStage& s) { return s.a + s.b * 3 / 4 + s.barrier + s.sfa + s.sfb; }

// sm120_compute_stage_count_or_override_[blockscaled_]sparse (sm120_sparse_mma_builder.inl:73-114):
// S stages of everything when S >= 2; else three B stages at half K against S' stages of A,
// with E in global memory, when S' >= 2; else S' of everything (which then fails to compile).
constexpr StageCounts sparse_stage_counts(bytes_t capacity, bytes_t carveout, const MainloopStage& s) {
  const bytes_t stages = auto_stage_count(capacity, carveout, s.estimate);
  if (stages >= 2) return StageCounts::uniform(stages);
  const bytes_t stages_a = auto_stage_count(capacity, carveout, half_k_b_estimate(s));
  if (stages_a >= 2) return {stages_a, 3, 0, true, stages_a};
  return StageCounts::uniform(stages_a);
}

// sm120_rr_smem_selector: the widest K-major swizzle atom (128, 64, 32 or 16 bytes of K) whose
// width divides the tile K; with B at half K, that atom must divide K / 2 too.
constexpr bool half_k_b_layout_ok(const Config& config, const MainloopStage& s) {
  const bytes_t k = config.tile.k;
  for (bytes_t bytes = 128; bytes >= 16; bytes /= 2) {
    const bytes_t width = bytes * 8 / s.bits_b;
    if (k % width == 0) return (k / 2) % width == 0;
  }
  return false;
}

// TensorStorage (sm120_blockscaled_sparse_mma_tma.hpp:298-305, sm120_sparse_mma_tma.hpp:252-257):
// A and B alignas(1024), then SFA and SFB (block-scaled; A's stage count) and E, alignas(16).
template <class Parts = PartList>
constexpr MainloopTensors<Parts> sparse_tensors(const Config& config, const MainloopStage& s, const StageCounts& n,
                                                Checked& c) {
  const bytes_t b_per_stage = n.half_k_b ? s.b / 2 : s.b;
  BasicStructLayout<Parts> layout(c, 128);
  layout.member("A tiles", c.mul(s.a, n.a), 1024, PartKind::tensor);
  layout.member("B tiles", c.mul(b_per_stage, n.b), 1024, PartKind::tensor);
  if (family_of(config) == Family::block_scaled_sparse) {
    layout.member("SFA scales", array_engine_bytes(c.mul(s.sfa, n.a), 8, c), 16, PartKind::tensor);
    layout.member("SFB scales", array_engine_bytes(c.mul(s.sfb, n.a), 8, c), 16, PartKind::tensor);
  }
  layout.member("metadata E", array_engine_bytes(c.mul(s.e, n.e), 8, c), 16, PartKind::tensor);
  layout.finish("mainloop tensors");
  // PipelineTmaAsync<StagesA> and PipelineTmaAsync<StagesB>, each alignas(16).
  return {layout.parts(), layout.size(), layout.alignment(),
          c.add(pipeline_barrier_bytes(n.a, c), pipeline_barrier_bytes(n.b, c))};
}

}  // namespace smem_budget
