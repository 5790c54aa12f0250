// TensorRT-LLM's MoE FINALIZE epilogue (its cutlass_extensions' ScaledAccPer{Col,Row}BiasPer{Row,Col}ScaleScatter
// fusions over CUTLASS's pointer-array TMA epilogue, as its MoE launcher builds them:
// kernels/cutlass_kernels/moe_gemm/launchers/moe_gemm_tma_ws_launcher.inl:404-431 in FlashInfer fb28d72's copy),
// which SM90, SM100 and SM120 build: what every architecture asks of such a configuration.
#pragma once

#include <optional>
#include <string_view>

#include "smem_budget/core/config.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

// The launcher's questions: grouped, the output type it instantiates, and C and the fusion its own.
constexpr std::optional<std::string_view> finalize_invalid_input(const Config& config) {
  if (!config.grouped) return "the finalize epilogue needs a grouped kernel (--grouped)";
  if (config.c != Element::none) return "the finalize epilogue derives C from the output type; do not give C";
  if (config.fusion != Fusion::none) return "the finalize epilogue has its own fusion";
  if (config.d != Element::f16 && config.d != Element::bf16 && config.d != Element::f32)
    return "the finalize epilogue's output type is f16, bf16 or f32";
  return std::nullopt;
}

}  // namespace smem_budget
