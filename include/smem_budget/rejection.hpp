// The reasons CUTLASS refuses to compile a configuration, each with the assertion behind it.
#pragma once

#include <string_view>

namespace smem_budget {

enum class Rejection {
  none,
  scale_types_differ,
  nvfp4_on_mxf8f6f4,
  tile_n_too_small,
  tile_n_permutation,
  pingpong_small_n,
  mma_m_divisibility,
  sfb_n_divisibility,
  scale_k_divisibility,
  epilogue_tile_divides_cta,
  fp6_output_extent,
  epilogue_swizzle_atom,
  grouped_bias_callbacks,
  sf_gen_output_type,
  stages_below_two,
};

struct RejectionInfo {
  std::string_view rule;    // what the user has to change, in words
  std::string_view source;  // where CUTLASS enforces it (4.7.0 paths under include/)
};

constexpr RejectionInfo describe(Rejection r) {
  switch (r) {
    case Rejection::none: return {"", ""};
    case Rejection::scale_types_differ:
      return {"A and B must use the same scale-factor type and vector size",
              "cutlass/gemm/collective/builders/sm120_blockscaled_mma_builder.inl: \"Scale factor types for A and B must be the same.\""};
    case Rejection::nvfp4_on_mxf8f6f4:
      return {"the MXF8F6F4 instruction only takes ue8m0 (MX) scale factors, not NVFP4's ue4m3",
              "cutlass/gemm/collective/builders/sm1xx_common.inl: \"MX_F4F6F8 only supports ue8m0 SF type\""};
    case Rejection::tile_n_too_small:
      return {"tile N is below the smallest the builder accepts",
              "cutlass/gemm/collective/builders/sm120_blockscaled_mma_builder.inl: \"Invalid tile shape N.\""};
    case Rejection::tile_n_permutation:
      return {"tile N must be 8, 16 or a multiple of 32 (the MMA's N permutation)",
              "cutlass/gemm/collective/builders/sm120_common.inl sm120_tile_n_permute_selector; cute \"Divisibility Condition\""};
    case Rejection::pingpong_small_n:
      return {"the ping-pong schedule needs tile N >= 16",
              "cutlass/gemm/collective/builders/sm120_blockscaled_mma_builder.inl enable_if: \"Could not build a collective for given parameters.\""};
    case Rejection::mma_m_divisibility:
      return {"tile M must be a multiple of the tiled MMA's M extent (64 cooperative, 128 cooperative with N < 16, 32 ping-pong)",
              "cute/layout.hpp: \"Divisibility Condition\" (TiledMma atom layout in sm120_blockscaled_mma_builder.inl)"};
    case Rejection::sfb_n_divisibility:
      return {"tile N above 128 must be a multiple of 128 (scale-factor blocks of 128 rows)",
              "cute/layout.hpp: \"Shape Divisibility Condition\" (SFB layout, sm120_blockscaled_mma_tma.hpp)"};
    case Rejection::scale_k_divisibility:
      return {"tile K must be a multiple of 4 x the scale vector (64 for NVFP4, 128 for MX types)",
              "cute/layout.hpp: scale-factor layout K/V/4 (sm120_blockscaled_mma_builder.inl sSF_shapeK)"};
    case Rejection::epilogue_tile_divides_cta:
      return {"the epilogue tile must divide the CTA tile",
              "cutlass/epilogue/collective/builders/sm120_builder.inl: \"EpilogueTile must evenly divide CTA tile\"; sm90_epilogue_tma_warpspecialized.hpp: \"EPI_TILE_M must divide CTA_M\""};
    case Rejection::fp6_output_extent:
      return {"an FP6 output needs a contiguous tile extent that is a multiple of 128",
              "cutlass/epilogue/collective/builders/sm120_builder.inl: \"CTA tile for FP6 ElementD must have a contiguous extent that is a multiple of 128.\""};
    case Rejection::epilogue_swizzle_atom:
      return {"no shared-memory swizzle atom fits the epilogue tile's contiguous extent for this output type",
              "cutlass/gemm/collective/builders/sm90_common.inl ss_smem_selector"};
    case Rejection::grouped_bias_callbacks:
      return {"grouped (pointer-array) kernels have no bias fusion callbacks",
              "cutlass/epilogue/fusion/callbacks.hpp: \"Could not find a callbacks specialization.\""};
    case Rejection::sf_gen_output_type:
      return {"scale-factor generation needs a block-scaled (FP4/FP6/FP8) output type",
              "cutlass/epilogue/fusion/sm120_callbacks_tma_warpspecialized.hpp (LinCombBlockScaleFactor)"};
    case Rejection::stages_below_two:
      return {"CUTLASS's collective requires at least 2 stages",
              "cutlass/gemm/collective/sm120_blockscaled_mma_tma.hpp: \"Specialization requires Stages set to value 2 or more.\""};
  }
  return {"", ""};
}

}  // namespace smem_budget
