// The SM120 epilogue builder (epilogue/collective/builders/sm120_builder.inl): its tile and stage
// choice and static assertions over the TMA warp-specialized collective it makes, TensorRT-LLM's
// FINALIZE scatter variant of it, and the no-smem adapter.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"
#include "smem_budget/cutlass/fusion_callbacks.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"

namespace smem_budget {

// sm120_builder.inl:145-199 sm120_compute_tile_shape_or_override (v4.7.0).
constexpr EpilogueTileShape sm120_epilogue_tile(const Config& config, const CutlassRules& rules) {
  if (!config.epilogue_tile.automatic) return {config.epilogue_tile.m, config.epilogue_tile.n};
  const bool row = config.d_layout == MatrixLayout::row;
  if (is_fp6(config.d)) return row ? EpilogueTileShape{64, 128} : EpilogueTileShape{128, 32};
  if (config.epilogue_schedule == EpilogueSchedule::sparse) {
    // The sparse epilogue schedule keeps its tile small for the sparse mainloop's sake, whatever
    // the CTA tile: 32x64 for 64-element scale-factor vectors, else 64 x (16 or 32) by C and D.
    if (config.fusion == Fusion::sf_gen && sf_output_vector(config) == 64 && row) return {32, 64};
    if (config.c == Element::none) return {64, bits_of(config.d) == 32 ? 16 : 32};
    return {64, bits_of(config.c) <= 16 ? 32 : 16};
  }
  if (!rules.small_n_tiles) return {64, 32};
  const bytes_t n = config.tile.n;
  return {n < 16 ? 128 : 64, n < 32 ? n : 32};
}

constexpr EpilogueElements sm120_epilogue_elements(const Config& config) {
  if (config.epilogue == EpilogueKind::finalize) return {config.d, config.d, true};
  return {config.c, config.d, false};
}

// sm120_builder.inl sm120_get_tma_dispatch_policy, with the collective's ReuseSmemC.
constexpr EpilogueStages sm120_epilogue_stages(const Config& config, EpilogueTileShape tile,
                                               const EpilogueElements& e) {
  EpilogueStages s;
  s.sub_tiles = (config.tile.m / tile.m) * (config.tile.n / tile.n);
  const bytes_t up_to_two = s.sub_tiles < 2 ? s.sub_tiles : 2;
  const int bits_c = bits_of(e.c);
  const int bits_d = e.d_is_void ? 0 : bits_of(e.d);
  const bool builder_reuse = bits_c == bits_d && bits_d > 8;
  const bool fp6_row = !e.d_is_void && is_fp6(e.d) && config.d_layout == MatrixLayout::row;
  s.d = fp6_row ? 1 : static_cast<int>(up_to_two);
  s.c = builder_reuse ? static_cast<int>(up_to_two > s.d + 1 ? up_to_two : s.d + 1) : s.d;
  s.reuse = builder_reuse && !e.d_is_void;
  return s;
}

constexpr Rejection sm120_check_epilogue(const Config& config, const CutlassRules& rules) {
  if (config.epilogue == EpilogueKind::nosmem) return Rejection::none;
  const Tile& cta = config.tile;
  const bool row = config.d_layout == MatrixLayout::row;
  if (config.epilogue == EpilogueKind::tma && is_fp6(config.d) && (row ? cta.n % 128 != 0 : cta.m % 128 != 0))
    return Rejection::fp6_output_extent;
  const EpilogueTileShape tile = sm120_epilogue_tile(config, rules);
  if (!config.epilogue_tile.automatic && is_fp6(config.d) && (row ? tile.n % 128 != 0 : tile.m % 128 != 0))
    return Rejection::fp6_output_extent;
  if (tile.m <= 0 || tile.n <= 0 || cta.m % tile.m != 0 || cta.n % tile.n != 0)
    return config.epilogue_tile.automatic ? Rejection::epilogue_tile_divides_cta
                                          : Rejection::epilogue_tile_given_divides_cta;
  if (tile.m % 8 != 0 || tile.n % 8 != 0) return Rejection::epilogue_tile_multiple_of_8;
  const EpilogueElements e = sm120_epilogue_elements(config);
  const bytes_t extent = row ? tile.n : tile.m;
  const Rejection no_atom = row ? Rejection::epilogue_swizzle_atom : Rejection::epilogue_swizzle_atom_mn;
  if (swizzle_alignment(e.d, extent) == 0) return no_atom;
  if (e.c != Element::none && swizzle_alignment(e.c, extent) == 0) return no_atom;
  // Measured: bias rows, amax-aux (as SM90's pointer-array kernels), ping-pong column-major scale factors.
  if (config.grouped && (config.fusion == Fusion::row_bias || pointer_array_callbacks_missing(config.fusion) ||
                         (config.fusion == Fusion::sf_gen && !row && config.schedule == Schedule::pingpong)))
    return Rejection::grouped_bias_callbacks;
  if (config.fusion == Fusion::sf_gen) {
    // Sm120BlockScaleFactorRowStore / ColStore: the tile's contiguous extent in whole vectors.
    const bytes_t vector = sf_output_vector(config);
    if (extent % vector != 0) return Rejection::sf_vector_divides_epilogue_tile;
    const bytes_t vectors = extent / vector;
    if (vectors != 1 && vectors != 2 && vectors != 4 && (vectors != 8 || !row)) return Rejection::sf_vector_store_ratio;
  }
  return Rejection::none;
}

namespace detail {

// A given epilogue tile meets the MMA-tile checks of the epilogue's store()
// (sm90_epilogue_tma_warpspecialized.hpp:671-678): per 128 rows of M the accumulator holds 2
// cooperative MMA tiles (1 when a block-scaled N < 16 takes the 8x1 warp layout) or 4 ping-pong
// ones; along N, block-scaled 16 columns a tile (8 when N < 16), plain and blockwise 2 tiles per 32
// columns, rounded up (sm120_mma_builder.inl:91-95, sm120_blockscaled_mma_builder.inl). Measured for
// tile M a multiple of 128; other M permute by min(M, 128) and are not modelled here.
constexpr Rejection sm120_epilogue_mma_tile_check(const Config& config) {
  const Tile& cta = config.tile;
  // The plain sparse builder tiles its MMA as the cooperative one does (sm120_sparse_mma_builder.inl:171-188);
  // the block-scaled sparse one is not measured here.
  const bool block_sparse = config.sparse && config.scaling == Scaling::block;
  if (block_sparse || config.epilogue_tile.automatic || config.epilogue == EpilogueKind::nosmem || cta.m % 128 != 0)
    return Rejection::none;
  const bool pingpong = config.schedule == Schedule::pingpong;
  const bool block = config.scaling == Scaling::block;
  const bytes_t mma_m = pingpong ? 32 : block && cta.n < 16 ? 128 : 64;
  const bytes_t mma_n = block ? (cta.n < 16 ? 8 : 16) : cta.n / (2 * ceil_div(cta.n, 32));
  const EpilogueTile& epi = config.epilogue_tile;
  if (epi.m % mma_m != 0) return Rejection::epilogue_mma_tile_m;
  if (epi.m * epi.n > mma_m * mma_n)
    return epi.n % mma_n != 0 ? Rejection::epilogue_mma_tile_n_divides_epi : Rejection::none;
  return mma_n % epi.n != 0 ? Rejection::epilogue_epi_tile_n_divides_mma : Rejection::none;
}

// An FP4 D stored M-major is shuffled in registers first, a 2x2 transpose over 32-bit words
// (sm120_builder.inl:223-245). When the fusion's last node already converts to D's type, the
// epilogue shuffles the FP4 values themselves (sm90_epilogue_tma_warpspecialized.hpp:704-706,
// 881-887), too narrow for the word copy; scale-factor generation hands the epilogue floats
// (Sm120BlockScaleFactorRowStore/ColStore return their input, sm120_callbacks_tma_warpspecialized.hpp:107-110).
constexpr bool sm120_fp4_col_output_shuffled_narrow(const Config& config) {
  return config.epilogue == EpilogueKind::tma && bits_of(config.d) == 4 &&
         config.d_layout == MatrixLayout::col && config.fusion != Fusion::sf_gen;
}

}  // namespace detail

// What the epilogue's store() refuses in device code, in its order: scale-factor generation into a
// column-major D needs both warp groups (sm120_visitor_store_tma_warpspecialized.hpp:665), a given
// epilogue tile meets the MMA-tile checks, then the FP4 M-major shuffle.
constexpr Rejection sm120_check_epilogue_device_code(const Config& config) {
  if (config.fusion == Fusion::sf_gen && config.d_layout == MatrixLayout::col && config.schedule == Schedule::pingpong)
    return Rejection::sf_gen_col_pingpong;
  // Sm120BlockScaleFactorRowStore's reduction indexes a mode of the register fragment that a 16-bit D's
  // STSM partition does not have (sm120_visitor_store_tma_warpspecialized.hpp:323). The store builds
  // for FP4/FP6/FP8 and f32 D, and the column store for 16-bit D too (measured).
  if (config.fusion == Fusion::sf_gen && bits_of(config.d) == 16 && config.d_layout == MatrixLayout::row)
    return Rejection::sf_gen_row_store_16bit_output;
  if (const Rejection r = detail::sm120_epilogue_mma_tile_check(config); r != Rejection::none) return r;
  if (detail::sm120_fp4_col_output_shuffled_narrow(config)) return Rejection::fp4_col_output_shuffle;
  return Rejection::none;
}

constexpr EpilogueLayout sm120_epilogue_layout(const Config& config, const CutlassRules& rules, Checked& c) {
  // Sm90TmaWarpSpecializedAdapter<DefaultEpilogue>: empty TensorStorage and TensorMapStorage.
  if (config.epilogue == EpilogueKind::nosmem) return no_smem_epilogue(1, 1);
  EpilogueLayout out;
  out.tile = sm120_epilogue_tile(config, rules);
  out.elements = sm120_epilogue_elements(config);
  out.stages = sm120_epilogue_stages(config, out.tile, out.elements);
  out.fusion = fusion_storage(config, out.tile, out.stages, c);
  lay_out_epilogue(config, out, 1 + epilogue_warp_groups, c);
  return out;
}

}  // namespace smem_budget
