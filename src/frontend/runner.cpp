#include "frontend/runner.hpp"

#include <fmt/format.h>

#include "io/parse.hpp"
#include "smem_budget/evaluate.hpp"

namespace smem_budget::frontend {
namespace {

constexpr std::string_view runner_origin = "the trtllm-moe runner";

void add(io::Settings& settings, std::string_view key, nlohmann::json value, std::string_view source) {
  if (!settings.contains(key))
    settings.emplace(std::string(key), io::Setting{std::move(value), fmt::format("{} ({})", runner_origin, source)});
}

}  // namespace

// TensorRT-LLM's MoE GEMM launcher, as FlashInfer fb28d72 carries it
// (csrc/nv_internal/…/moe_gemm/launchers/moe_gemm_tma_ws_launcher.inl): every GEMM grouped; its 2.x
// kernel MoeFCGemm (moe_gemm_template_dispatch.h); on
// SM120 the epilogue's C is ElementCSafe = ElementD (:300, :380) unless FINALIZE, which derives C
// itself; on SM90 the kernel is KernelPtrArrayTmaWarpSpecializedCooperative, FP8FastAccum for FP8
// (:440-441).
io::Settings with_runner(io::Settings settings, const Architecture& arch) {
  const auto runner = settings.find("runner");
  if (runner == settings.end()) return settings;
  const io::Parsed<io::Runner> which = io::parse_runner(io::string_setting(settings, "runner"));
  if (!io::ok(which) || std::get<io::Runner>(which) == io::Runner::none) return settings;
  add(settings, "grouped", true, "a grouped GEMM per expert");
  // The 2.x kernels (sm80…sm89, and generation 2x later): genericMoeGemmKernelLauncher wraps
  // DefaultGemmGrouped's mainloop and epilogue in its own MoeFCGemm (moe_gemm_template_dispatch.h:153-168).
  const bool two_x = io::string_setting(settings, "generation") == io::format_generation(Generation::cutlass2x);
  const RuleSet rule_set = rule_set_of(two_x ? Generation::cutlass2x : Generation::cutlass3x, arch.limits.cc);
  if (rule_set == RuleSet::sm80) {
    add(settings, "moe", true, "MoeFCGemm, moe_gemm_template_dispatch.h:163");
    return settings;
  }
  if (rule_set == RuleSet::sm120 && io::string_setting(settings, "epilogue") != "finalize" && !settings.contains("c")) {
    const auto d = settings.find("d");
    if (d == settings.end())
      io::fail_at(runner->second.origin,
                  "trtllm-moe on sm120 reads C as the output type (moe_gemm_tma_ws_launcher.inl:380): give d");
    add(settings, "c", d->second.value, "C as the output, moe_gemm_tma_ws_launcher.inl:380");
  }
  if (rule_set == RuleSet::sm90) {
    add(settings, "schedule", "cooperative", "moe_gemm_tma_ws_launcher.inl:440");
    // …FP8FastAccum for FP8 operands (:441); SM90's default operands are e4m3.
    const std::string types = io::string_setting(settings, "types");
    if (types.empty() || types.find("e4m3") != std::string::npos || types.find("e5m2") != std::string::npos)
      add(settings, "fast_accum", true, "FP8FastAccum for FP8, moe_gemm_tma_ws_launcher.inl:441");
  }
  return settings;
}

bool from_runner(const io::Setting& setting) { return setting.origin.text().starts_with(runner_origin); }

}  // namespace smem_budget::frontend
