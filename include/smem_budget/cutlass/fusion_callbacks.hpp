// The fusion callbacks' SharedStorage in the TMA warp-specialized epilogues (SM90's, which SM100
// and SM120 build too): a tuple of the non-empty node storages.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

constexpr FusionStorage fusion_storage(const Config& config, Checked& c) {
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
  if (config.epilogue == EpilogueKind::finalize) {
    // Non-swapped: per-column bias of the output type. Swap-AB (column-major): float router scales.
    return config.d_layout == MatrixLayout::row ? row_of(bits_of(config.d), "fusion: bias row")
                                                : row_of(32, "fusion: router-scale row");
  }
  switch (config.fusion) {
    case Fusion::none:
    case Fusion::row_bias:
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
  }
  return {};
}

}  // namespace smem_budget
