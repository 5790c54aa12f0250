// SM90's mixed-input mainloop: A and B of different widths (W4A16, W8A16, W4A8, …), which the builder
// hands to CollectiveMma<MainloopSm90TmaGmmaRmemAWarpSpecializedMixedInput<…>>, or for the pointer-array
// schedules to CollectiveMma<MainloopSm90ArrayTmaGmmaWarpSpecializedMixedInput<…>> (builder:473-476): the
// narrow operand is converted (and optionally scaled, and shifted by a zero point) in registers, the wide
// one is read from shared memory. Paths and lines are CUTLASS v4.7.0, under include/cutlass/; "builder" is
// gemm/collective/builders/sm90_gmma_builder.inl, "collective"
// gemm/collective/sm90_mma_tma_gmma_rs_warpspecialized_mixed_input.hpp, "array collective"
// gemm/collective/sm90_mma_array_tma_gmma_rs_warpspecialized_mixed_input.hpp, whose TensorStorage is the
// collective's member for member (array collective:270-275).
#pragma once

#include <optional>
#include <string_view>

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"
#include "smem_budget/sm90/trtllm_weight_scale.hpp"

namespace smem_budget {

// The narrow operand is the one converted (builder:396-398: a width-only pair makes the narrow one the
// tuple), and the collective swaps A and B when that is B (SwapAB, collective:178): its smem_A holds the
// narrow elements over tile M x K, its smem_B the wide ones over N x K, either way.
struct MixedInputOperands {
  Element narrow = Element::s4;
  Element wide = Element::bf16;
  bool narrow_is_b = false;
  bool narrow_k_major = true;
  bool wide_k_major = true;
};

constexpr MixedInputOperands mixed_input_operands(const Config& config) {
  const Element a = config.types.a.data, b = config.types.b.data;
  const bool narrow_is_b = bits_of(b) < bits_of(a);
  return {narrow_is_b ? b : a, narrow_is_b ? a : b, narrow_is_b, narrow_is_b ? k_major_b(config) : k_major_a(config),
          narrow_is_b ? k_major_a(config) : k_major_b(config)};
}

// The scale element: the wide type, as CUTLASS's library emits it (python/cutlass_library/gemm_operation.py:1096-1107),
// but cutlass::Array<wide, 8> for s4 with FP8, whose scales are looked up eight at a time
// (UseScaleLookupTable, collective:275-276), and TensorRT-LLM's older MoE fork's packed array. No scales with
// convert only; zero points of the wide type.
constexpr int mixed_input_scale_bits(const Config& config) {
  const MixedInputOperands op = mixed_input_operands(config);
  if (config.conversion == Conversion::convert) return 0;
  if (is_trtllm_packed_scales_moe(config)) return trtllm_packed_scale_bits(config);
  return op.narrow == Element::s4 && bits_of(op.wide) == 8 ? 8 * bits_of(op.wide) : bits_of(op.wide);
}
constexpr int mixed_input_zero_bits(const Config& config) {
  return config.conversion == Conversion::scale_zero ? bits_of(mixed_input_operands(config).wide) : 0;
}

// Questions outside what the mixed-input model covers; empty when it answers.
constexpr std::optional<std::string_view> sm90_mixed_input_invalid_input(const Config& config) {
  const MixedInputOperands op = mixed_input_operands(config);
  const auto narrow_operand = [](Element e) {
    return e == Element::e4m3 || e == Element::e5m2 || e == Element::s8 || e == Element::u8 || e == Element::s4 ||
           e == Element::u4 || e == Element::s2 || e == Element::u2;
  };
  const bool wide_16 = op.wide == Element::f16 || op.wide == Element::bf16;
  const bool wide_fp8 = op.wide == Element::e4m3 || op.wide == Element::e5m2;
  if (!narrow_operand(op.narrow) || !(wide_16 || wide_fp8))
    return "not modelled: SM90 mixed-input operands are a narrow e4m3, e5m2, s8, u8, s4, u4, s2 or u2 with a wide "
           "f16 or bf16, or s4 with e4m3 or e5m2";
  if (wide_fp8 && (op.narrow != Element::s4 || config.conversion != Conversion::scale))
    return "not modelled: of mixed-input GEMMs with FP8, CUTLASS's library builds s4 with scales (conversion scale, "
           "its scale lookup table)";
  if (config.shuffled && !(wide_16 && (bits_of(op.narrow) == 4 || bits_of(op.narrow) == 8)))
    return "shuffle reorders 4- or 8-bit narrow operands for f16 or bf16 ones (gemm_operation.py:1073-1079)";
  if (config.scaling != Scaling::none)
    return "a mixed-input GEMM scales its narrow operand by the conversion key; give scaling none";
  if (config.fast_accum) return "the FP8FastAccum schedules multiply FP8 with FP8; a mixed-input GEMM has none";
  if (config.schedule == Schedule::tma)
    return "the mixed-input mainloop is built for the warp-specialized schedules only (builder:341-346): give auto, "
           "cooperative, pingpong or warpspecialized";
  const Tile& t = config.tile;
  if (t.m % 64 != 0 || t.n % 8 != 0 || t.n > 256 || (t.k * bits_of(op.wide) / 8) % 32 != 0 ||
      (t.k * bits_of(op.narrow) / 8) % 16 != 0)
    return "not modelled on sm90: tile M a multiple of 64, N a multiple of 8 up to 256 and K a multiple of 32 bytes "
           "of the wide operand and 16 of the narrow one are what the mixed-input model covers";
  return std::nullopt;
}

// The builder's and the collective's class-scope assertions, in the order nvcc reports them.
constexpr Rejection sm90_mixed_input_check(const Config& config) {
  const MixedInputOperands op = mixed_input_operands(config);
  if (!op.narrow_k_major && !op.wide_k_major) return Rejection::sm90_mixed_input_transpose_b;
  // builder:432: TiledMmaGmmaMajorB is the wide operand's (the MMA's B once swapped).
  if (!op.wide_k_major && bits_of(op.wide) != 16) return Rejection::sm90_mixed_input_wide_mn_major;
  // builder:146-148, in the StageCountAutoCarveout estimate only: one stage's scales, scale_zero_k_tile = 1 row of tile M.
  if (config.stages.kind != StagePolicy::Kind::fixed && (mixed_input_scale_bits(config) * config.tile.m / 8) % 128 != 0)
    return Rejection::sm90_mixed_input_scale_bytes;
  if (!op.narrow_k_major) return Rejection::sm90_mixed_input_narrow_k_major;
  // An MN-major wide A (a narrow B) keeps the atom the builder picked for it over tile M, SW128's 64 elements
  // (builders/sm90_common.inl:208-226), which the collective tiles over N once swapped (collective:225, array
  // collective:211).
  if (!op.wide_k_major && op.narrow_is_b && config.tile.n % 64 != 0) return Rejection::sm90_mixed_input_wide_atom;
  return Rejection::none;
}

// The mainloop's device code. The builder makes the TiledMma K-major for both operands whatever their
// layouts (builder:441-442), so the GMMA descriptor of an MN-major wide operand is refused
// (make_gmma_desc<Major::K>, cute/atom/mma_traits_sm90_gmma.hpp:269-272): its smem_B, N 16-bit elements
// contiguous, is N / 8 16-byte units along N, which must be a multiple of 8, and then two along K, which
// it is not. Then K_BLOCK_MAX, the MMA's K blocks in the tile, 256 bits of the wide operand each, at
// least 4 (collective:853-855, array collective:947-949).
constexpr Rejection sm90_mixed_input_check_build(const Config& config) {
  const MixedInputOperands op = mixed_input_operands(config);
  if (!op.wide_k_major)
    return config.tile.n % 64 != 0 ? Rejection::sm90_mixed_input_wide_mn_major_gmma_mn
                                    : Rejection::sm90_mixed_input_wide_mn_major_gmma_k;
  if (config.tile.k * bits_of(op.wide) / 256 < 4) return Rejection::sm90_mixed_input_k_blocks;
  return Rejection::none;
}

// alignment_for_swizzle (detail/layout.hpp:420-427) of the K-major atom rs_smem_selector picks
// (builders/sm90_common.inl:245-258): the widest swizzle whose row, 128, 64, 32 or 16 bytes, divides
// the tile's K; Swizzle<B,4,3> aligns to 2^(B+7) bytes.
constexpr bytes_t k_major_swizzle_alignment(bytes_t k_bytes) {
  for (bytes_t row = 128; row > 16; row /= 2)
    if (k_bytes % row == 0) return row * 8;
  return 128;
}

// SmemAlignmentA and SmemAlignmentB (collective:277-282). A shuffled narrow operand's smem layout is its
// gmem layout's (detail::get_smem_layout, detail/collective/mixed_input_utils.hpp:514-527): no swizzle, 128.
struct MixedInputAlignment {
  bytes_t narrow = 128;
  bytes_t wide = 128;
  // The builder's SmemAlignment (builder:452-454), its stage estimate's alignment: the atoms' own.
  bytes_t builder = 128;
};

constexpr MixedInputAlignment mixed_input_alignment(const Config& config) {
  const MixedInputOperands op = mixed_input_operands(config);
  const bytes_t narrow_atom = k_major_swizzle_alignment(config.tile.k * bits_of(op.narrow) / 8);
  const bytes_t wide_atom = k_major_swizzle_alignment(config.tile.k * bits_of(op.wide) / 8);
  return {config.shuffled ? 128 : narrow_atom, wide_atom, narrow_atom > wide_atom ? narrow_atom : wide_atom};
}

// One stage, and the builder's estimate of it (compute_stage_count_or_override_single_affine_transformed_input,
// builder:134-159): A and B, one row of tile M of scales and of zero points, rounded up to SmemAlignment, plus
// sizeof(PipelineTmaAsync<1>::SharedStorage).
constexpr MainloopStage sm90_mixed_input_stage(const Config& config, Checked& c) {
  const MixedInputOperands op = mixed_input_operands(config);
  const Tile& t = config.tile;
  MainloopStage s;
  s.bits_a = bits_of(op.narrow);
  s.bits_b = bits_of(op.wide);
  s.a = ceil_div(c.mul(c.mul(t.m, t.k), s.bits_a), 8);
  s.b = ceil_div(c.mul(c.mul(t.n, t.k), s.bits_b), 8);
  s.scale = ceil_div(c.mul(mixed_input_scale_bits(config), t.m), 8);
  s.zero = ceil_div(c.mul(mixed_input_zero_bits(config), t.m), 8);
  s.barrier = 16;
  s.estimate = c.add(c.up(s.data(), mixed_input_alignment(config).builder), s.barrier);
  return s;
}

// The TMA descriptors the pointer-array collective keeps in the kernel's TensorMapStorage: A, B, scales and
// zero points, whatever the conversion (array collective:277-282).
inline constexpr bytes_t sm90_mixed_input_tensormaps = 4;

// SharedStorage::TensorStorage (collective:286-295): smem_A and smem_B aligned to their swizzles, then
// smem_scale and smem_zero, cute::ArrayEngine arrays of tile M x 1 x Stages (SmemLayoutScale,
// collective:238-241) that convert only (no scales) and scale only (no zero points) leave empty
// (elements_per_smem_scale/zero, mixed_input_utils.hpp:558-583); an empty one is a 16-byte float array.
template <class Parts = PartList>
constexpr MainloopTensors<Parts> sm90_mixed_input_tensors(const Config& config, const MainloopStage& s, bytes_t stages,
                                                          Checked& c) {
  const MixedInputAlignment align = mixed_input_alignment(config);
  const auto placeholder_bits = [](int bits) { return bits == 0 ? 32 : bits; };  // NonVoidElementScale/Zero: float
  const int scale_bits = mixed_input_scale_bits(config), zero_bits = mixed_input_zero_bits(config);
  const bytes_t scale_elements = scale_bits == 0 ? 0 : c.mul(config.tile.m, stages);
  const bytes_t zero_elements = zero_bits == 0 ? 0 : c.mul(config.tile.m, stages);
  BasicStructLayout<Parts> layout(c);
  layout.member("A tiles", array_engine_bytes(c.mul(s.a, stages), 8, c), align.narrow, PartKind::tensor);
  layout.member("B tiles", array_engine_bytes(c.mul(s.b, stages), 8, c), align.wide, PartKind::tensor);
  layout.member("scales", array_engine_bytes(scale_elements, placeholder_bits(scale_bits), c), 16, PartKind::tensor);
  layout.member("zero points", array_engine_bytes(zero_elements, placeholder_bits(zero_bits), c), 16,
                PartKind::tensor);
  layout.finish("mainloop tensors");
  return {layout.parts(), layout.size(), layout.alignment(), pipeline_barrier_bytes(stages, c)};
}

}  // namespace smem_budget
