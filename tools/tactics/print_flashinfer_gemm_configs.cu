// Prints the tactic lists of FlashInfer's SM120 dense GEMM runners (CutlassFp4GemmRunner and
// CutlassMxfp8GemmRunnerSm120: their getConfigs(), whose index is the autotuner's tactic id) in the
// one-line CutlassGemmConfig spelling smem-budget reads. Their CutlassGemmConfig
// (include/flashinfer/gemm/cutlass_gemm_configs.h) prints neither swap_ab nor use_stream_k in
// toString(), so the lists are spelled here. A measuring tool: built by record.sh with nvcc
// against a FlashInfer checkout, never by the project's build; only getConfigs() runs (the kernel
// launchers it would reach are left unresolved at link time).
//
//   print_flashinfer_gemm_configs sm120-fp4-gemm-runner|sm120-mxfp8-gemm-runner
#include <cstdio>
#include <string>
#include <vector>

#include "flashinfer/gemm/fp4_gemm_cutlass_template_sm120.h"
#include "flashinfer/gemm/mxfp8_gemm_cutlass_template_sm120.h"

namespace {

using flashinfer::gemm::CutlassGemmConfig;
using flashinfer::gemm::CutlassTileConfigSM120;

#define SMEM_BUDGET_TILE(e) \
  case CutlassTileConfigSM120::e: return #e;
const char* tile_name(CutlassTileConfigSM120 tile) {
  switch (tile) {
    SMEM_BUDGET_TILE(CtaShape128x32x64B) SMEM_BUDGET_TILE(CtaShape128x32x128B)
    SMEM_BUDGET_TILE(CtaShape128x64x64B) SMEM_BUDGET_TILE(CtaShape128x64x128B)
    SMEM_BUDGET_TILE(CtaShape128x128x64B) SMEM_BUDGET_TILE(CtaShape128x128x128B)
    SMEM_BUDGET_TILE(CtaShape128x128x256B) SMEM_BUDGET_TILE(CtaShape256x128x64B)
    SMEM_BUDGET_TILE(CtaShape256x128x128B) SMEM_BUDGET_TILE(CtaShape128x256x64B)
    SMEM_BUDGET_TILE(CtaShape128x256x128B)
    default: return nullptr;
  }
}

int print(const std::vector<CutlassGemmConfig>& configs, const char* what) {
  std::printf("# %s: %zu tactics, the tactic id is the line's place\n", what, configs.size());
  for (const CutlassGemmConfig& c : configs) {
    const char* tile = tile_name(c.tile_config_sm120);
    if (tile == nullptr || c.cluster_shape != flashinfer::gemm::ClusterShape::ClusterShape_1x1x1) {
      std::fprintf(stderr, "print_flashinfer_gemm_configs: a config this printer does not know (tile %d)\n",
                   int(c.tile_config_sm120));
      return 1;
    }
    std::printf("CutlassGemmConfig{sm_version=120 tile=%s cluster_shape=1x1x1%s%s}\n", tile,
                c.swap_ab ? " swap_ab=true" : "", c.use_stream_k ? " use_stream_k=true" : "");
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string list = argc > 1 ? argv[1] : "";
  using flashinfer::gemm::FP4GemmType;
  if (list == "sm120-fp4-gemm-runner")
    return print(flashinfer::gemm::CutlassFp4GemmRunner<__nv_bfloat16, FP4GemmType::W4A4_NVFP4_NVFP4>{}.getConfigs(),
                 "CutlassFp4GemmRunner::getConfigs() (fp4_gemm_cutlass_template_sm120.h)");
  if (list == "sm120-mxfp8-gemm-runner")
    return print(flashinfer::gemm::CutlassMxfp8GemmRunnerSm120<__nv_bfloat16>{}.getConfigs(),
                 "CutlassMxfp8GemmRunnerSm120::getConfigs() (mxfp8_gemm_cutlass_template_sm120.h)");
  std::fprintf(stderr, "usage: print_flashinfer_gemm_configs sm120-fp4-gemm-runner|sm120-mxfp8-gemm-runner\n");
  return 2;
}
