// Prints the tactic lists TensorRT-LLM's and FlashInfer's runners hand their autotuners, each
// tactic as CutlassGemmConfig::toString() prints it, by linking against the client's own
// cutlass_heuristic.cpp. A measuring tool: built by record.sh against a client checkout, never by
// the project's build.
//
//   print_tactics <list>     lists: see kLists below
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "tensorrt_llm/kernels/cutlass_kernels/cutlass_heuristic.h"

namespace {

using tensorrt_llm::cutlass_extensions::ClusterShape;
using tensorrt_llm::cutlass_extensions::CutlassGemmConfig;
using tensorrt_llm::cutlass_extensions::EpilogueScheduleType;
using tensorrt_llm::kernels::cutlass_kernels::get_candidate_configs;
using Param = CutlassGemmConfig::CandidateConfigTypeParam;
using Configs = std::vector<CutlassGemmConfig>;

// The MoE runner's list for one GEMM, as MoeGemmRunner::getTmaWarpSpecializedConfigs builds it
// (moe_gemm_template_dispatch.h, FlashInfer fb28d72, lines 590-680): the candidates, then for the
// GEMM that may fuse finalize a FINALIZE copy of each (less those on the NO_SMEM epilogue), then a
// swap_ab copy of everything so far. SM103 FP4 also offers SM100's candidates.
Configs moe_tactics(int sm, int flags, bool finalize) {
  Configs configs = get_candidate_configs(sm, 1, Param(flags));
  if (sm == 103 && (flags & CutlassGemmConfig::FP4_ONLY)) {
    const Configs sm100 = get_candidate_configs(100, 1, Param(flags));
    configs.insert(configs.end(), sm100.begin(), sm100.end());
  }
  if (finalize) {
    const Configs plain = configs;
    for (CutlassGemmConfig c : plain) {
      if (c.epilogue_schedule == EpilogueScheduleType::NO_SMEM) continue;
      c.epilogue_fusion_type = CutlassGemmConfig::EpilogueFusionType::FINALIZE;
      configs.push_back(c);
    }
  }
  const Configs unswapped = configs;
  for (CutlassGemmConfig c : unswapped) {
    c.swap_ab = true;
    configs.push_back(c);
  }
  return configs;
}

void print(const Configs& configs, const char* what) {
  std::printf("# %s: %zu tactics\n", what, configs.size());
  for (const CutlassGemmConfig& c : configs) std::printf("%s", c.toString().c_str());
}

constexpr int grouped = CutlassGemmConfig::GROUPED_GEMM;
constexpr int blackwell = CutlassGemmConfig::BLACKWELL;
constexpr int hopper = CutlassGemmConfig::HOPPER;
constexpr int fp4 = CutlassGemmConfig::FP4_ONLY;
constexpr int fp8 = CutlassGemmConfig::FP8_ONLY;
constexpr int fp8fp4 = CutlassGemmConfig::FP8FP4_MIXED;  // with FP4_ONLY, as the W4A8 runner sets both

}  // namespace

int main(int argc, char** argv) {
  const std::string list = argc > 1 ? argv[1] : "";
  if (list == "sm120-moe-nvfp4") {
    // The MoE runner's tactic ids: GEMM_1's list, then GEMM_2's (flashinfer_cutlass_fused_moe_binding.cu:297).
    print(moe_tactics(120, grouped | blackwell | fp4, false),
          "GEMM_1 (get_candidate_configs(120, GROUPED_GEMM|BLACKWELL|FP4_ONLY))");
    print(moe_tactics(120, grouped | blackwell | fp4, true), "GEMM_2 (the same, finalize may fuse)");
  } else if (list == "sm120-moe-fp8fp4") {
    print(moe_tactics(120, grouped | blackwell | fp4 | fp8fp4, false),
          "GEMM_1 (get_candidate_configs(120, GROUPED_GEMM|BLACKWELL|FP4_ONLY|FP8FP4_MIXED))");
    print(moe_tactics(120, grouped | blackwell | fp4 | fp8fp4, true), "GEMM_2 (the same, finalize may fuse)");
  } else if (list == "sm120-gemm-fp4") {
    print(get_candidate_configs(120, 1, Param(blackwell | fp4)), "get_candidate_configs(120, BLACKWELL|FP4_ONLY)");
  } else if (list == "sm100-moe-fp8") {
    print(moe_tactics(100, grouped | blackwell | fp8, false),
          "GEMM_1 (get_candidate_configs(100, GROUPED_GEMM|BLACKWELL|FP8_ONLY))");
    print(moe_tactics(100, grouped | blackwell | fp8, true), "GEMM_2 (the same, finalize may fuse)");
  } else if (list == "sm90-moe-fp8") {
    print(moe_tactics(90, grouped | hopper | fp8, false),
          "GEMM_1 (get_candidate_configs(90, GROUPED_GEMM|HOPPER|FP8_ONLY))");
    print(moe_tactics(90, grouped | hopper | fp8, true), "GEMM_2 (the same, finalize may fuse)");
  } else if (list == "sm80-moe-f16") {
    print(get_candidate_configs(80, 1, Param(grouped)),
          "get_candidate_configs(80, GROUPED_GEMM) (the MoE runner's Ampere list)");
  } else if (list == "sm89-moe-fp8") {
    print(get_candidate_configs(89, 1, Param(grouped | fp8)), "get_candidate_configs(89, GROUPED_GEMM|FP8_ONLY)");
  } else {
    std::fprintf(
        stderr,
        "usage: print_tactics sm120-moe-nvfp4|sm120-moe-fp8fp4|sm120-gemm-fp4|sm100-moe-fp8|sm90-moe-fp8|sm80-moe-f16|sm89-moe-fp8\n");
    return 2;
  }
  return 0;
}
