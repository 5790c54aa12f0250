// The weight scales of TensorRT-LLM's SM90 mixed-input MoE GEMM (moe on sm90 with operands of two widths), in both
// of its client forks: which fork a configuration names, and the scale element each keeps in shared memory.
// "launcher" is kernels/cutlass_kernels/moe_gemm/launchers/moe_gemm_tma_ws_mixed_input_launcher.inl under
// FlashInfer's csrc/nv_internal/tensorrt_llm/, at the commit named.
#pragma once

#include "smem_budget/core/config.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

// moe with operands of two widths on SM90: TensorRT-LLM's kernel, not CUTLASS's.
constexpr bool is_trtllm_mixed_input_moe(const Config& config) { return config.moe && is_mixed_input(config); }

// The older fork (FlashInfer 9276e44, TensorRT-LLM main 585c756, SGLang's w4a8_grouped_mm_c3x): CUTLASS's
// mixed-input collective as TensorRT-LLM copied it, in CUTLASS's grouped kernel.
constexpr bool is_trtllm_packed_scales_moe(const Config& config) {
  return is_trtllm_mixed_input_moe(config) && config.trtllm_moe_fork == TrtllmMoeFork::packed_scales;
}

// FlashInfer fb28d72's fork: its own collective folds the scales, its own kernel precomputes the schedule.
constexpr bool is_trtllm_folded_moe(const Config& config) {
  return is_trtllm_mixed_input_moe(config) && config.trtllm_moe_fork == TrtllmMoeFork::fb28d72;
}

// The weight's scales: bf16 per 128 of K for int4 weights (INT4GroupwiseParams::SFA, int4_group_size), ue8m0 per
// 32 for e2m1 (mxfp4_group_size; launcher:182-187 at fb28d72, :103-111 at 9276e44;
// detail/collective/mixed_input_utils.hpp:29-43 at fb28d72, :34-35 at 9276e44).
struct WeightScale {
  int bits = 16;
  bytes_t group = 128;
};
constexpr WeightScale trtllm_weight_scale(const Config& config) {
  return config.types.b.data == Element::e2m1 ? WeightScale{8, 32} : WeightScale{16, 128};
}

// The older fork's scale element: cutlass::Array<scale, K / group> (launcher:107-111 at 9276e44), one per row of
// tile M and stage, the tile's scales packed into it.
constexpr int trtllm_packed_scale_bits(const Config& config) {
  const WeightScale scale = trtllm_weight_scale(config);
  return scale.bits * static_cast<int>(config.tile.k / scale.group);
}

}  // namespace smem_budget
