// The fusion callbacks' SharedStorage in the TMA warp-specialized epilogues (SM90's, which SM100
// and SM120 build too): a tuple of the non-empty node storages.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"

namespace smem_budget {

// TensorRT-LLM's SM90 mixed-input MoE GEMM of e4m3 activations and e2m1 weights: FlashInfer's "Humming" mode
// (kPreMmaE8M0, its only SM90 one: flashinfer_cutlass_fused_moe_binding.cu:153-164, 187-215 at fb28d72), whose
// epilogue fusion is PtrArrayPerTokenScaledAcc (moe_gemm_tma_ws_mixed_input_launcher.inl:236-241).
constexpr bool is_trtllm_humming_moe(const Config& config) {
  return config.moe && config.types.a.data == Element::e4m3 && config.types.b.data == Element::e2m1;
}

// Sm90AuxStore (epilogue/fusion/sm90_visitor_store_tma_warpspecialized.hpp:59-90), the one node of
// ScaledLinCombPerRowBiasEltActAmaxAux that keeps shared memory: StagesD epilogue tiles of the aux element,
// alignas the swizzle atom the architecture's builder picks for the aux element in D's layout (`align`).
constexpr FusionStorage aux_store_storage(const Config& config, EpilogueTileShape tile, const EpilogueStages& stages,
                                          bytes_t align, Checked& c) {
  const bytes_t bytes = array_engine_bytes(c.mul(c.mul(tile.m, tile.n), stages.d), bits_of(config.aux), c);
  return {c.up(bytes, align), align, "fusion: aux output buffers"};
}

// At the epilogue tile and its D stages, once the builder has chosen them.
constexpr FusionStorage fusion_storage(const Config& config, EpilogueTileShape tile, const EpilogueStages& stages,
                                       Checked& c) {
  const bytes_t n = config.tile.n;
  const auto row_of = [&](int element_bits, std::string_view name) {
    return FusionStorage{array_engine_bytes(n, element_bits, c), 16, name};
  };
  // vLLM's ScaledEpilogue (scaled_mm_epilogues_c3x.hpp): B's scales are a Sm90RowBroadcast of float (one per column of the
  // tile), A's a column broadcast held in registers; ScaledEpilogueBias adds a bias row of the
  // output type. Each row is a multiple of 16 bytes, so the tuple has no padding between them.
  const auto scale_rows = [&](bool bias) {
    const bytes_t scales = array_engine_bytes(n, 32, c);
    if (!bias) return FusionStorage{scales, 16, "fusion: B-scale row"};
    return FusionStorage{c.add(scales, array_engine_bytes(n, bits_of(config.d), c)), 16,
                         "fusion: B-scale and bias rows"};
  };
  // PtrArrayPerTokenScaledAcc: EVT(multiplies, Sm90RowBroadcast of float over tile N, AccFetch)
  // (TensorRT-LLM's epilogue/fusion/sm90_ptr_array_per_token_scale_callbacks_tma_warpspecialized.hpp:55-62).
  if (is_trtllm_humming_moe(config)) return row_of(32, "fusion: token-scale row");
  if (config.epilogue == EpilogueKind::finalize) {
    // Non-swapped: per-column bias of the output type. Swap-AB (column-major): float router scales.
    return config.d_layout == MatrixLayout::row ? row_of(bits_of(config.d), "fusion: bias row")
                                                : row_of(32, "fusion: router-scale row");
  }
  switch (config.fusion) {
    case Fusion::none:
    case Fusion::row_bias:
    // vLLM's azp epilogues and the per-row-per-col and fp8-rowwise ones are modelled as 2.x kernels only:
    // each 3.x architecture refuses them first.
    case Fusion::scaled_mm_azp:
    case Fusion::scaled_mm_azp_token:
    case Fusion::per_row_per_col:
    case Fusion::fp8_rowwise:
      return {};
    case Fusion::col_bias:
      return row_of(bits_of(config.bias), "fusion: bias row");
    case Fusion::sf_gen:
      // Sm120BlockScaleFactorRowStore keeps 64 floats, the column-major store 32.
      return {config.d_layout == MatrixLayout::row ? 256 : 128, 16, "fusion: scale-factor store"};
    case Fusion::scaled_mm:
    // ScaledEpilogueColumnBias: its bias is a Sm90ColBroadcast, held in registers (an empty SharedStorage).
    case Fusion::scaled_mm_col_bias:
      return scale_rows(false);
    case Fusion::scaled_mm_bias:
      return scale_rows(true);
    case Fusion::amax_aux:
      // SM90's atom for the aux element (ss_smem_selector, sm90_builder.inl:194-196).
      return aux_store_storage(config, tile, stages,
                               swizzle_alignment(config.aux, config.d_layout == MatrixLayout::col ? tile.m : tile.n), c);
  }
  return {};
}

}  // namespace smem_budget
