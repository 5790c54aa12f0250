// TensorRT-LLM's SM90 single-warpgroup small-K MoE kernel, which FlashInfer fb28d72's fork builds for FP8
// activations with e2m1 weights (its "Humming" mode) on tiles of small N: one 128-thread warp group runs the
// ping-pong mixed-input collective and stages D in shared memory for coalesced stores. Read at FlashInfer
// fb28d72 (csrc/nv_internal/tensorrt_llm/): "launcher" is
// kernels/cutlass_kernels/moe_gemm/launchers/moe_gemm_tma_ws_mixed_input_launcher.inl, "dispatch"
// kernels/cutlass_kernels/moe_gemm/moe_gemm_template_dispatch_tma_ws_mixed_dtype.h; under
// cutlass_extensions/include/cutlass_extensions/, "epilogue" is
// epilogue/collective/default_epilogue_array_per_token_scale.hpp and "kernel"
// gemm/kernel/sm90_gemm_array_tma_single_warpgroup_persistent.hpp.
//
// The kernel's SharedStorage is GemmUniversalPrecomputedScheduler's ping-pong one (kernel:39-41, 71); the
// launcher builds its mainloop at StageCount<3> (launcher:251-254) and wraps the epilogue in CUTLASS's
// Sm90TmaWarpSpecializedAdapter (launcher:115), which keeps the epilogue's SharedStorage as its
// TensorStorage and again as its TensorMapStorage (epilogue/collective/detail.hpp:282-284, v4.7.0).
#pragma once

#include <optional>
#include <string_view>

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"

namespace smem_budget {

// The launcher's StageCount<3> (launcher:251-254), which is also its cross-tile prefetch depth (:136).
inline constexpr bytes_t trtllm_single_warpgroup_stages = 3;

// What TensorRT-LLM's dispatch runs as the single-warpgroup kernel; empty when the model answers.
constexpr std::optional<std::string_view> trtllm_single_warpgroup_invalid_input(const Config& config) {
  if (config.epilogue != EpilogueKind::tma)
    return "TensorRT-LLM's single-warpgroup MoE kernel has its own epilogue, the per-token-scale one "
           "(moe_gemm_tma_ws_mixed_input_launcher.inl:104-116): leave epilogue out";
  const Tile& t = config.tile;
  // dispatch:301-308 (other tiles throw under these schedules, :201), as the launcher asserts (:230-234).
  if (t.m != 128 || t.k != 128 || (t.n != 8 && t.n != 16 && t.n != 32 && t.n != 40))
    return "TensorRT-LLM runs its single-warpgroup MoE kernel on tiles 128x8x128, 128x16x128, 128x32x128 and "
           "128x40x128 alone (moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:301-308)";
  // A run-time check (dispatch:138-139).
  if (config.cluster != Cluster{})
    return "TensorRT-LLM's single-warpgroup MoE kernel runs on a 1x1x1 cluster alone "
           "(moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:138-139): give cluster 1x1x1";
  if (config.stages != StagePolicy{StagePolicy::Kind::fixed, trtllm_single_warpgroup_stages})
    return "TensorRT-LLM builds its single-warpgroup MoE kernel with StageCount<3> "
           "(moe_gemm_tma_ws_mixed_input_launcher.inl:251-254): give stages 3";
  if (config.tile_scheduler != TileScheduler::persistent)
    return "TensorRT-LLM's single-warpgroup MoE kernel schedules its tiles itself (a precomputed group "
           "scheduler): leave tile_scheduler out";
  return std::nullopt;
}

// SmemEpilogueArrayPerTokenScale's SharedStorage (epilogue:72-75): the CTA's D tile, staged for 16-byte
// stores, then one float token scale per column of the tile (one in all where N is 8), each alignas(16).
template <class Parts = PartList>
constexpr BasicStructLayout<Parts> trtllm_per_token_scale_storage(const Config& config, Checked& c) {
  const Tile& t = config.tile;
  BasicStructLayout<Parts> layout(c);
  layout.member("D tile", ceil_div(c.mul(c.mul(t.m, t.n), bits_of(config.d)), 8), 16, PartKind::tensor);
  layout.member("token scales", c.mul(t.n > 8 ? t.n : 1, 4), 16, PartKind::tensor);
  layout.finish("per-token-scale epilogue storage");
  return layout;
}

// The adapter is the one CUTLASS's no-smem epilogues come in (its schedule is PtrArrayNoSmemWarpSpecialized,
// epilogue:27), here over a SharedStorage of the epilogue's own.
constexpr EpilogueLayout trtllm_per_token_scale_epilogue(const Config& config, Checked& c) {
  const auto storage = trtllm_per_token_scale_storage<NoParts>(config, c);
  return no_smem_epilogue(storage.size(), storage.alignment());
}

}  // namespace smem_budget
