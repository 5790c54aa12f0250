#include "frontend/runner.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <unordered_map>

#include <fmt/format.h>

#include "io/config_keys.hpp"
#include "io/parse.hpp"
#include "io/text_hash.hpp"
#include "io/vocabulary.hpp"
#include "smem_budget/evaluate.hpp"

namespace smem_budget::frontend {
namespace {

// What one runner adds; a key already given is left alone. The tile is held apart while the runner
// runs, reached through tile() only, so that whether a runner looked at it is known: kernels that
// differ only in their tile share the rest of their completion where none did (frontend/many.cpp).
class RunnerSettings {
 public:
  RunnerSettings(io::Settings& settings, io::Runner runner)
      : settings_(settings), name_(io::spelling_of(io::runner_words, runner)), tile_(settings.extract("tile")) {}

  // The tile setting, or null; the runner's answer depends on it from here on.
  io::Setting* tile() {
    tile_read_ = true;
    return tile_ ? &tile_.mapped() : nullptr;
  }

  // Whether the runner looked at the tile.
  bool tile_read() const { return tile_read_; }

  // The settings' tile put back, once the runner is done.
  void put_back_tile() { settings_.insert(std::move(tile_)); }

  void add(std::string_view key, nlohmann::json value, std::string_view source) {
    if (!settings_.contains(key))
      settings_.emplace(std::string(key),
                        io::Setting{.value = std::move(value), .origin = origin_of(source), .from_runner = true});
  }

  // Refuses an architecture whose launcher the runner's source does not hold.
  void only_on(RuleSet judged_by, RuleSet rule_set, const Architecture& arch, std::string_view whose,
               const io::Setting& runner) const {
    if (judged_by == rule_set) return;
    if (rule_set_of(arch.limits.cc) == rule_set)  // the architecture's, with generation 2x
      io::fail_at(runner.origin, fmt::format("the {} runner builds a CUTLASS 3.x kernel: leave generation 2x out",
                                             name_));
    io::fail_at(runner.origin, fmt::format("not modelled: the {} runner on {} ({}'s launcher for it is another)",
                                           name_, arch.name, whose));
  }

 private:
  // "the trtllm-moe runner (…)", made once per runner and source: the runner adds the same keys to
  // each of an autotuner's hundreds of kernels.
  io::Origin origin_of(std::string_view source) const {
    thread_local std::unordered_map<std::string, io::Origin, io::TextHash, std::equal_to<>> made;
    thread_local std::string key;
    key.assign(name_).append(1, '\n').append(source);
    if (const auto known = made.find(key); known != made.end()) return known->second;
    return made.emplace(key, io::Origin(fmt::format("the {} runner ({})", name_, source))).first->second;
  }

  io::Settings& settings_;
  std::string_view name_;
  io::Settings::node_type tile_;
  bool tile_read_ = false;
};

// The rule set the settings are judged by: 2.x's on sm75 and sm80…sm89, and with generation 2x later.
RuleSet settings_rule_set(const io::Settings& settings, const Architecture& arch) {
  const bool two_x = io::string_setting(settings, "generation") == io::format_generation(Generation::cutlass2x);
  return rule_set_of(two_x ? Generation::cutlass2x : Generation::cutlass3x, arch.limits.cc);
}

// The older fork's dispatch (moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:164-230 at FlashInfer 9276e44): M 64
// or 128 by N 16, 32, 64 or 128, K 128 times the scales packed per row (4, 2 or 1 as the problem's K divides 512,
// 256 or 128: moe_gemm_template_dispatch.h:866-884) for W4AFP8 and K 128 for WFP4A16, whose 64x128 tactic builds
// 64x64 (Ntile, :165). Cooperative for M 128 but 128x128, which it builds ping-pong (:78-96); ping-pong for M 64.
void trtllm_moe_sm90_packed_scales_tile(RunnerSettings& runner, const io::Setting& given, const OperandPair& types,
                                        io::TileSpec spec, io::Setting& tile) {
  const bool e2m1 = types.b.data == Element::e2m1;
  if (e2m1 && spec.m == 64 && spec.n == 128 && tile.from_kernel_name) {
    spec.n = 64;
    tile.value = fmt::format("{}x{}x{}", spec.m, spec.n, spec.k);
  }
  const bool k_dispatched = e2m1 ? spec.k == 128 : spec.k == 128 || spec.k == 256 || spec.k == 512;
  const bool n_dispatched = spec.n == 16 || spec.n == 32 || spec.n == 64 || (spec.n == 128 && !(e2m1 && spec.m == 64));
  if ((spec.m != 64 && spec.m != 128) || !n_dispatched || !k_dispatched)
    io::fail_at(given.origin, fmt::format("trtllm-moe's SM90 mixed-input dispatch at 9276e44 builds no tile {}x{}x{} "
                                          "(moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:164-230 at FlashInfer "
                                          "9276e44): its tiles are 64 or 128 by 16, 32, 64 or 128 (64x64 for the "
                                          "64x128 tactic of e2m1 weights) with K 128, 256 or 512 for W4AFP8, K 128 "
                                          "for WFP4A16",
                                          spec.m, spec.n, spec.k));
  runner.add("schedule", spec.m == 128 && spec.n != 128 ? "cooperative" : "pingpong",
             "moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:76-106 at FlashInfer 9276e44");
}

// TensorRT-LLM's SM90 mixed-input MoE GEMM (W4AFP8, WFP4A16), as FlashInfer fb28d72 carries it
// (moe_gemm_tma_ws_mixed_input_launcher.inl): its own builders and kernel (the model's moe on sm90); the
// weight with its scales, column-major C and D of the output type. Its tile enumerators name K in elements, not
// bytes (moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:289-319), and its heuristic pairs every tile of M 128 or
// more with the cooperative kernel, the others with ping-pong (sm90_supports_coop, cutlass_heuristic.cpp:238-256).
void trtllm_moe_sm90_mixed_input(io::Settings& settings, RunnerSettings& runner, const io::Setting& given,
                                 const OperandPair& types) {
  runner.add("moe", true, "its own mixed-input MoE GEMM, moe_gemm_tma_ws_mixed_input_launcher.inl");
  runner.add("conversion", "scl", "the weight with its scales, moe_gemm_tma_ws_mixed_input_launcher.inl:256");
  runner.add("d_layout", "col", "C and D transposed, moe_gemm_tma_ws_mixed_input_launcher.inl:99-100");
  const auto d = settings.find("d");
  if (d == settings.end())
    io::fail_at(given.origin,
                "trtllm-moe's SM90 mixed-input GEMM reads C as the output type "
                "(moe_gemm_tma_ws_mixed_input_launcher.inl:191-198): give d");
  // FINALIZE (the older fork's, in TensorRT-LLM main's launcher) derives C from the output type itself.
  if (io::string_setting(settings, "epilogue") != "finalize")
    runner.add("c", d->second.value, "C as the output, moe_gemm_tma_ws_mixed_input_launcher.inl:191");
  // The single-warpgroup small-K kernel: the launcher's StageCount<3>; the model checks its tiles.
  const io::Parsed<Schedule> schedule = io::parse_schedule(io::string_setting(settings, "schedule"));
  const bool single_warpgroup = io::ok(schedule) && is_single_warpgroup(std::get<Schedule>(schedule));
  if (single_warpgroup)
    runner.add("stages", trtllm_single_warpgroup_stages,
               "StageCount<3>, moe_gemm_tma_ws_mixed_input_launcher.inl:251-254");
  io::Setting* tile = runner.tile();
  if (!tile) return;
  const io::TileSpec spec = io::tile_spec_of(*tile);
  if (spec.k_in_bytes && tile->from_kernel_name) tile->value = fmt::format("{}x{}x{}", spec.m, spec.n, spec.k);
  if (io::string_setting(settings, "trtllm_moe_fork") == io::format_trtllm_moe_fork(TrtllmMoeFork::packed_scales)) {
    trtllm_moe_sm90_packed_scales_tile(runner, given, types, spec, *tile);
    return;
  }
  if (single_warpgroup) return;
  // FP8 activations with e2m1 weights run these tiles as the single-warpgroup small-K kernel only (:301, :308).
  const bool small_k_only = spec.m == 128 && (spec.n == 8 || spec.n == 40) && spec.k == 128;
  if (small_k_only && types.a.data == Element::e4m3 && types.b.data == Element::e2m1)
    io::fail_at(given.origin, fmt::format("trtllm-moe builds tile {}x{}x{} of e4m3:e2m1 as its single-warpgroup "
                                          "small-K kernel only (moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:301, "
                                          "308): give schedule single-warpgroup-prefill or single-warpgroup-rolling",
                                          spec.m, spec.n, spec.k));
  // The tiles its dispatch instantiates (:289-319): M 64 or 128 with N 16, 32, 64 or 128 and K 128, 256 or 512;
  // 128x256 and 256x128 with K 128 or 256; 256x256x128.
  const auto dispatched = [&] {
    const bool k_any = spec.k == 128 || spec.k == 256 || spec.k == 512;
    const bool k_small = spec.k == 128 || spec.k == 256;
    const bool n_up_to_128 = spec.n == 16 || spec.n == 32 || spec.n == 64 || spec.n == 128;
    if (spec.m == 64) return k_any && n_up_to_128;
    if (spec.m == 128) return (k_any && n_up_to_128) || (spec.n == 256 && k_small);
    if (spec.m == 256) return (spec.n == 128 && k_small) || (spec.n == 256 && spec.k == 128);
    return false;
  };
  if (!dispatched())
    io::fail_at(given.origin, fmt::format("trtllm-moe's SM90 mixed-input dispatch builds no tile {}x{}x{} "
                                          "(moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:289-319): its tiles are "
                                          "64 or 128 by 16, 32, 64 or 128 with K 128, 256 or 512; 128x256 and 256x128 "
                                          "with K 128 or 256; 256x256x128",
                                          spec.m, spec.n, spec.k));
  runner.add("schedule", spec.m >= 128 ? "cooperative" : "pingpong",
             "sm90_supports_coop, cutlass_heuristic.cpp:238-256");
}

// TensorRT-LLM's weight-only dispatch builds a CutlassTileConfig's tile and warp tile with K 128 * 8 / bits of A,
// one 128-byte line of A: the name's 64 for f16 and bf16 A, 128 for e4m3 (`where` cites the line).
void weight_only_tactic_k(io::Settings& settings, RunnerSettings& runner, Element a, std::string_view by,
                          std::string_view where) {
  const std::string k = std::to_string(128 * 8 / bits_of(a));
  const auto warp = settings.find("warp");
  for (io::Setting* named : {runner.tile(), warp == settings.end() ? nullptr : &warp->second}) {
    if (!named || !named->from_kernel_name || !named->value.is_string()) continue;
    const std::string extents = named->value.get<std::string>();
    named->value = extents.substr(0, extents.rfind('x') + 1) + k;
    named->origin = fmt::format("{}, K 128 * 8 / bits of A by the {} runner ({})", named->origin, by, where);
  }
}

// TensorRT-LLM's 2.x MoE GEMM with FP8 activations and u4 weights (W4A8; MoeGemmRunner<__nv_fp8_e4m3,
// cutlass::uint4b_t, half or __nv_bfloat16>, moe_gemm_kernels_fp8_uint4.cu): SM89 only (getAmpereConfigs offers
// it no tactic elsewhere, moe_gemm_template_dispatch.h:575-578; SM90 and later run it as a TMA warp-specialized
// kernel, :899-901). The quantized dispatch builds tile and warp K 128 (:405), and stages 3 for a tactic's 2
// (dispatchGemmConfig's FP8-activation overload, :288-298).
void trtllm_moe_w4a8(io::Settings& settings, RunnerSettings& runner, const Architecture& arch,
                     const io::Setting& given) {
  if (arch.limits.cc != ComputeCapability{8, 9})
    io::fail_at(given.origin, "trtllm-moe builds its 2.x W4A8 (e4m3:u4) MoE GEMM for sm89 only "
                              "(getAmpereConfigs, moe_gemm_template_dispatch.h:575-578; on SM90 and later W4A8 is "
                              "its TMA warp-specialized kernel, :899-901)");
  weight_only_tactic_k(settings, runner, Element::e4m3, "trtllm-moe", "moe_gemm_template_dispatch.h:405");
  const auto stages = settings.find("stages");
  const auto two = [](const nlohmann::json& v) { return (v.is_number_integer() && v == 2) || (v.is_string() && v == "2"); };
  if (stages != settings.end() && two(stages->second.value)) {
    stages->second.value = 3;
    stages->second.origin = fmt::format("{}, built as 3 by the trtllm-moe runner (moe_gemm_template_dispatch.h:296-298)",
                                        stages->second.origin);
  }
}

// TensorRT-LLM's MoE GEMM launcher, as FlashInfer fb28d72 carries it
// (csrc/nv_internal/…/moe_gemm/launchers/moe_gemm_tma_ws_launcher.inl): every GEMM grouped; its 2.x
// kernel MoeFCGemm (moe_gemm_template_dispatch.h); on
// SM120 the epilogue's C is ElementCSafe = ElementD (:300, :380) unless FINALIZE, which derives C
// itself; on SM90 the kernel is KernelPtrArrayTmaWarpSpecializedCooperative, FP8FastAccum for FP8
// (:440-441).
void trtllm_moe(io::Settings& settings, RunnerSettings& runner, const Architecture& arch, const io::Setting& given) {
  runner.add("grouped", true, "a grouped GEMM per expert");
  const RuleSet rule_set = settings_rule_set(settings, arch);
  // The 2.x kernels (sm80…sm89, and generation 2x later): genericMoeGemmKernelLauncher wraps
  // DefaultGemmGrouped's mainloop and epilogue in its own MoeFCGemm (moe_gemm_template_dispatch.h:153-168).
  if (rule_set == RuleSet::sm80) {
    const std::string activation(io::string_setting(settings, "activation_type"));
    if (activation.empty() || activation == io::format_activation(Activation::none)) {
      runner.add("moe", true, "MoeFCGemm, moe_gemm_template_dispatch.h:163");
      const io::Parsed<OperandPair> operands = io::parse_types(io::string_setting(settings, "types"));
      if (io::ok(operands) && std::get<OperandPair>(operands).a.data == Element::e4m3 &&
          std::get<OperandPair>(operands).b.data == Element::u4)
        trtllm_moe_w4a8(settings, runner, arch, given);
      return;
    }
    // A gated activation of f16 or bf16 operands: its CuTe kernel, which writes A's type
    // (sm80_generic_fused_moe_gemm_kernelLauncher, moe_gemm_template_dispatch.h:217-234).
    runner.add("moe", true, "the fused gated-activation kernel, moe_gemm_template_dispatch.h:226");
    const std::string types(io::string_setting(settings, "types"));
    if (!types.empty()) runner.add("d", types.substr(0, types.find(':')), "A's type, fused_moe_gemm_launcher_sm80.inl:38-40");
    return;
  }
  if (rule_set == RuleSet::sm120 && io::string_setting(settings, "epilogue") != "finalize" && !settings.contains("c")) {
    const auto d = settings.find("d");
    if (d == settings.end())
      io::fail_at(given.origin,
                  "trtllm-moe on sm120 reads C as the output type (moe_gemm_tma_ws_launcher.inl:380): give d");
    runner.add("c", d->second.value, "C as the output, moe_gemm_tma_ws_launcher.inl:380");
  }
  if (rule_set == RuleSet::sm90) {
    const std::string types(io::string_setting(settings, "types"));
    const io::Parsed<OperandPair> operands = io::parse_types(types);
    if (io::ok(operands)) {
      const OperandPair& pair = std::get<OperandPair>(operands);
      if (bits_of(pair.a.data) != bits_of(pair.b.data)) {
        trtllm_moe_sm90_mixed_input(settings, runner, given, pair);
        return;
      }
    }
    runner.add("schedule", "cooperative", "moe_gemm_tma_ws_launcher.inl:440");
    // …FP8FastAccum for FP8 operands (:441); SM90's default operands are e4m3.
    if (types.empty() || types.find("e4m3") != std::string::npos || types.find("e5m2") != std::string::npos)
      runner.add("fast_accum", true, "FP8FastAccum for FP8, moe_gemm_tma_ws_launcher.inl:441");
  }
  // On SM10x one MMA spans two CTAs exactly when the cluster's M is 2 (Is2SM, :216; the
  // KernelPtrArrayTmaWarpSpecialized{1,2}Sm… schedules, :453-463).
  if (rule_set == RuleSet::sm100 || rule_set == RuleSet::sm103)
    runner.add("schedule", io::string_setting(settings, "cluster").starts_with("2x") ? "2sm" : "1sm",
               "Is2SM, moe_gemm_tma_ws_launcher.inl:216");
}

// TensorRT-LLM's weight-only GEMM runner, CutlassFpAIntBGemmRunner (FlashInfer fb28d72's
// kernels/cutlass_kernels/fpA_intB_gemm/fpA_intB_gemm_template.h): GemmFpAIntB, a 2.x kernel on sm80…sm89
// and, as its arch::Sm80 kernel, on SM100 and later (dispatch_to_arch, :433-451; SM90 runs a 3.x
// kernel). dispatch_gemm_to_cutlass builds a CutlassTileConfig's tile and warp tile with K
// 128 * 8 / bits of A (:333): the name's 64 for f16 and bf16 A, 128 for e4m3. D is A's type for f16 and
// bf16 A (the runners' instantiations, fpA_intB_gemm/*_gemm_*.cu).
void trtllm_fpa_intb(io::Settings& settings, RunnerSettings& runner, const Architecture& arch,
                     const io::Setting& given) {
  if (arch.limits.cc == ComputeCapability{9, 0})
    io::fail_at(given.origin, "not modelled: the trtllm-fpa-intb runner on sm90 (its SM90 launcher, "
                              "fpA_intB_gemm_template_sm90.h, builds a CUTLASS 3.x kernel)");
  runner.add("generation", "2x", "GemmFpAIntB, fpA_intB_gemm_template.h:112");
  if (!settings.contains("conversion"))
    io::fail_at(given.origin, "the trtllm-fpa-intb runner's GEMMs dequantize B: give conversion scl, sclzr or "
                              "scl-col (its QuantOp)");
  const std::string types(io::string_setting(settings, "types"));
  const io::Parsed<OperandPair> operands = io::parse_types(types);
  if (types.empty() || !io::ok(operands)) return;
  const Element a = std::get<OperandPair>(operands).a.data;
  if (a == Element::f16 || a == Element::bf16)
    runner.add("d", types.substr(0, types.find(':')), "D of A's type, fpA_intB_gemm/*_gemm_*.cu");
  weight_only_tactic_k(settings, runner, a, "trtllm-fpa-intb", "fpA_intB_gemm_template.h:333");
}

// FlashInfer fb28d72's SM120 NVFP4 GEMM (include/flashinfer/gemm/fp4_gemm_template_sm120.h:219-258):
// nv_float4_t A and B, C void, KernelTmaWarpSpecializedCooperative, StageCountAutoCarveout; the
// tile scheduler is the config's (use_stream_k).
void flashinfer_fp4_gemm(RunnerSettings& runner) {
  runner.add("types", "nvfp4", "nv_float4_t A and B, fp4_gemm_template_sm120.h:219-225");
  runner.add("c", "void", "ElementC void, fp4_gemm_template_sm120.h:227");
  runner.add("schedule", "cooperative", "KernelTmaWarpSpecializedCooperative, fp4_gemm_template_sm120.h:255");
}

// FlashInfer fb28d72's SM120 MXFP8 GEMM (include/flashinfer/gemm/mxfp8_gemm_template_sm120.h:77-117):
// mx_float8_t<e4m3> A and B, C void, StageCount<2> for a tile M or N of 256, else the carveout.
void flashinfer_mxfp8_gemm(RunnerSettings& runner) {
  runner.add("types", "mxfp8", "mx_float8_t<float_e4m3_t> A and B, mxfp8_gemm_template_sm120.h:77-86");
  runner.add("c", "void", "ElementC void, mxfp8_gemm_template_sm120.h:88");
  const io::Setting* tile = runner.tile();
  if (!tile) return;
  const io::TileSpec spec = io::tile_spec_of(*tile);
  if (spec.m == 256 || spec.n == 256) runner.add("stages", 2, "StageCount<2> for a 256 tile, mxfp8_gemm_template_sm120.h:112-116");
}

// SGLang's W4AFP8 MoE GEMM for DeepSeek (sgl-kernel/csrc/moe/cutlass_moe/w4a8/w4a8_grouped_mm_c3x.cuh:39-114 at
// 0e78c63): e4m3 activations, int4 weights with bf16 scales packed K / 128 to an Array, f16 C and D column-major,
// built by sgl-kernel's copy of TensorRT-LLM's CollectiveBuilderMixedInput (the 9276e44 fork) in CUTLASS's grouped
// kernel. Its dispatch (dispatch_w4a8_moe_mm_sm90, w4a8_grouped_mm_c3x.cu at 0b9bc88 and 710734b) names each tile
// with its schedule and clusters: ping-pong for tile M 64 and for K 128, cooperative for 128 by K 512.
struct SglangTile {
  bytes_t m, n, k;
  bool cluster_1, cluster_2;  // 1x1x1, 2x1x1
};
inline constexpr std::array<SglangTile, 8> sglang_w4a8_tiles{{{64, 32, 512, false, true},
                                                              {64, 16, 512, true, false},
                                                              {64, 16, 128, true, false},
                                                              {128, 32, 128, true, true},
                                                              {128, 64, 128, true, false},
                                                              {128, 16, 512, true, true},
                                                              {128, 32, 512, true, true},
                                                              {128, 64, 512, true, true}}};

void sglang_w4a8_moe(io::Settings& settings, RunnerSettings& runner, const io::Setting& given) {
  constexpr std::string_view header = "w4a8_grouped_mm_c3x.cuh";
  runner.add("moe", true, fmt::format("CollectiveBuilderMixedInput, {}:96-110", header));
  runner.add("grouped", true, fmt::format("GroupProblemShape, {}:46", header));
  runner.add("types", "e4m3:s4", fmt::format("MmaType float_e4m3_t, QuantType int4b_t, {}:40-41", header));
  runner.add("conversion", "scl", fmt::format("tuple<QuantType, ElementScalePacked>, {}:75-77", header));
  runner.add("trtllm_moe_fork", "9276e44", "sgl-kernel's copy of TensorRT-LLM's cutlass_extensions");
  runner.add("c", "f16", fmt::format("ElementC half_t, {}:44", header));
  runner.add("d", "f16", fmt::format("ElementD, {}:45", header));
  runner.add("d_layout", "col", fmt::format("LayoutC_Transpose, {}:64-65", header));
  const io::Setting* tile = runner.tile();
  if (!tile) return;
  const io::TileSpec spec = io::tile_spec_of(*tile);
  const auto found = std::find_if(sglang_w4a8_tiles.begin(), sglang_w4a8_tiles.end(), [&](const SglangTile& t) {
    return t.m == spec.m && t.n == spec.n && t.k == spec.k;
  });
  if (found == sglang_w4a8_tiles.end())
    io::fail_at(given.origin, fmt::format("SGLang's W4AFP8 MoE dispatch (w4a8_grouped_mm_c3x.cu) builds no tile "
                                          "{}x{}x{}: its tiles are 64x32x512, 64x16x512, 64x16x128, 128x32x128, "
                                          "128x64x128, 128x16x512, 128x32x512 and 128x64x512",
                                          spec.m, spec.n, spec.k));
  runner.add("schedule", spec.m == 128 && spec.k == 512 ? "cooperative" : "pingpong",
             "SM90_CO or SM90_PP in its dispatch, w4a8_grouped_mm_c3x.cu");
  runner.add("cluster", found->cluster_1 ? "1x1x1" : "2x1x1", "its dispatch, w4a8_grouped_mm_c3x.cu");
  const std::string cluster(io::string_setting(settings, "cluster"));
  if (!(cluster == "1x1x1" && found->cluster_1) && !(cluster == "2x1x1" && found->cluster_2))
    io::fail_at(given.origin, fmt::format("SGLang's W4AFP8 MoE dispatch (w4a8_grouped_mm_c3x.cu) builds tile {}x{}x{} "
                                          "with cluster {} only",
                                          spec.m, spec.n, spec.k,
                                          found->cluster_1 && found->cluster_2 ? "1x1x1 or 2x1x1"
                                          : found->cluster_1                   ? "1x1x1"
                                                                               : "2x1x1"));
}

}  // namespace

WithRunner with_runner(io::Settings settings, const Architecture& arch) {
  const auto found = settings.find("runner");
  if (found == settings.end()) return {std::move(settings), false};
  const io::Setting& given = found->second;  // a map's nodes stay put: the runners add keys, and erase none
  const io::Parsed<io::Runner> which = io::parse_runner(io::string_setting(settings, "runner"));
  if (!io::ok(which)) return {std::move(settings), false};
  const io::Runner runner = std::get<io::Runner>(which);
  RunnerSettings adds(settings, runner);
  switch (runner) {
    case io::Runner::none:
      break;
    case io::Runner::trtllm_moe:
      trtllm_moe(settings, adds, arch, given);
      break;
    case io::Runner::trtllm_fpa_intb:
      trtllm_fpa_intb(settings, adds, arch, given);
      break;
    case io::Runner::flashinfer_fp4_gemm:
      adds.only_on(settings_rule_set(settings, arch), RuleSet::sm120, arch, "FlashInfer", given);
      flashinfer_fp4_gemm(adds);
      break;
    case io::Runner::flashinfer_mxfp8_gemm:
      adds.only_on(settings_rule_set(settings, arch), RuleSet::sm120, arch, "FlashInfer", given);
      flashinfer_mxfp8_gemm(adds);
      break;
    case io::Runner::sglang_w4a8_moe:
      adds.only_on(settings_rule_set(settings, arch), RuleSet::sm90, arch, "SGLang", given);
      sglang_w4a8_moe(settings, adds, given);
      break;
  }
  adds.put_back_tile();
  return {std::move(settings), adds.tile_read()};
}

}  // namespace smem_budget::frontend
