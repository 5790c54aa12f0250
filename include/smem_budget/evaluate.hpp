// The modelled architectures, one row each, and the questions every front end asks of them: is
// this a question the model answers, what does the kernel hold, does the shape compile. This is
// the only place that chooses between architectures; a new one is a folder and a row here.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string_view>

#include "smem_budget/core/arch.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/result.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/sm100/gemm.hpp"
#include "smem_budget/sm103/gemm.hpp"
#include "smem_budget/sm120/gemm.hpp"
#include "smem_budget/sm80/gemm.hpp"
#include "smem_budget/sm90/gemm.hpp"

namespace smem_budget {

// The tile space a sweep covers.
struct SweepSpace {
  bytes_t mn_step = 8;  // M and N: multiples of 8 up to 256
  bytes_t mn_max = 256;
  bytes_t k_step = 64;  // K: multiples of 64 up to 512
  bytes_t k_max = 512;
};

struct ModelledArchitecture {
  RuleSet rule_set;
  std::string_view gemms;  // what is modelled, for listings: "SM120 GEMMs"
  std::span<const CutlassVersion> measured_releases;
  CutlassRules (*rules_read)(CutlassRules);  // the rule fields its model reads (core/rules.hpp)
  bool dynamic_cluster;                      // whether a cluster chosen at run time is modelled
  // Preconditions of the three below: the architecture-neutral checks of invalid_input() pass.
  std::optional<std::string_view> (*invalid_input)(const Config&);
  // Preconditions of these: invalid_input() is empty.
  std::optional<Budget> (*evaluate)(const Config&, const ArchLimits&);
  std::optional<Budget> (*judge)(const Config&, const ArchLimits&);  // evaluate over NoParts: verdict and bytes
  // the static assertions and the build, any stage count
  bool (*shape_compiles)(const Config&, const ArchLimits&);
  EpilogueTileShape (*epilogue_tile)(const Config&);  // what the epilogue builder picks, or the one given
  Config (*normalised)(Config, const ArchLimits&);    // the configuration spelled as its builders read it
  Schedule (*built_schedule)(const Config&);          // the kernel schedule KernelScheduleAuto becomes
  SweepSpace sweep_space;
  std::array<Schedule, 2> sweep_schedules;  // the schedules a sweep covers when none is given
};

namespace detail {
constexpr Config as_given(Config config, const ArchLimits&) { return config; }
template <Config (*Normalised)(Config)>
constexpr Config on_any_arch_normalised(Config config, const ArchLimits&) {
  return Normalised(config);
}
// A rule set whose assertions read no more of the architecture than that it is the rule set's.
template <bool (*ShapeCompiles)(const Config&)>
constexpr bool on_any_arch(const Config& config, const ArchLimits&) {
  return ShapeCompiles(config);
}
constexpr EpilogueTileShape sm100_automatic_epilogue_tile(const Config& config) { return sm100_epilogue_tile(config); }
constexpr Schedule sm100_built_schedule(const Config& config) {
  return sm100_is_2sm(config) ? Schedule::two_sm : Schedule::one_sm;
}
constexpr Schedule sm103_built_schedule(const Config& config) {
  return sm103_is_2sm(config) ? Schedule::two_sm : Schedule::one_sm;
}
// SM120's normalised configuration already names it (sm120_normalised: cooperative).
constexpr Schedule schedule_as_given(const Config& config) { return config.schedule; }
// CUTLASS 2.x epilogues have no epilogue tile.
constexpr EpilogueTileShape no_epilogue_tile(const Config&) { return {}; }
}  // namespace detail

// The tiles each architecture's GEMMs take: SM100's block-scaled tiles are 128 or 256 x 64…256 with
// K a multiple of 128, SM103's the same with K 768 (the ultra kernels' one K); the others any
// multiple of 8 in M and N, K of 64.
// clang-format off
inline constexpr std::array<ModelledArchitecture, 5> modelled_architectures{{
    {RuleSet::sm80, "CUTLASS 2.x GEMMs", sm80_measured_releases, sm80_rules_read, false, sm80_invalid_input,
     evaluate_sm80<>, evaluate_sm80<NoParts>, sm80_shape_compiles, detail::no_epilogue_tile, sm80_normalised, detail::schedule_as_given,
     SweepSpace{16, 256, 32, 128}, {Schedule::automatic, Schedule::automatic}},
    {RuleSet::sm90, "SM90 GEMMs", sm90_measured_releases, sm90_rules_read, false, sm90_invalid_input, evaluate_sm90<>, evaluate_sm90<NoParts>,
     detail::on_any_arch<sm90_shape_compiles>, sm90_automatic_epilogue_tile, detail::as_given, sm90_schedule, SweepSpace{},
     {Schedule::cooperative, Schedule::pingpong}},
    {RuleSet::sm100, "SM100 GEMMs", sm100_measured_releases, sm100_rules_read, true, sm100_gemm_invalid_input,
     evaluate_sm100_gemm<>, evaluate_sm100_gemm<NoParts>, detail::on_any_arch<sm100_gemm_shape_compiles>, detail::sm100_automatic_epilogue_tile, detail::as_given,
     detail::sm100_built_schedule, SweepSpace{64, 256, 128, 512}, {Schedule::one_sm, Schedule::two_sm}},
    {RuleSet::sm103, "SM103 FP4 GEMMs", sm103_measured_releases, sm103_rules_read, true, sm103_invalid_input,
     evaluate_sm103<>, evaluate_sm103<NoParts>, detail::on_any_arch<sm103_shape_compiles>, detail::sm100_automatic_epilogue_tile, detail::as_given,
     detail::sm103_built_schedule, SweepSpace{64, 256, 768, 768}, {Schedule::one_sm, Schedule::two_sm}},
    {RuleSet::sm120, "SM120 GEMMs", sm120_measured_releases, sm120_rules_read, false, sm120_invalid_input,
     evaluate_sm120<>, evaluate_sm120<NoParts>, detail::on_any_arch<sm120_shape_compiles>, sm120_automatic_epilogue_tile, detail::on_any_arch_normalised<sm120_normalised>,
     detail::schedule_as_given, SweepSpace{},
     {Schedule::cooperative, Schedule::pingpong}},
}};
// clang-format on

// The row of a rule set; null for RuleSet::none.
constexpr const ModelledArchitecture* modelled(RuleSet rule_set) {
  for (const ModelledArchitecture& row : modelled_architectures)
    if (row.rule_set == rule_set) return &row;
  return nullptr;
}
constexpr const ModelledArchitecture* modelled(const ArchLimits& arch) { return modelled(rule_set_of(arch.cc)); }

// The rule set that answers a configuration on an architecture: CUTLASS 2.x's wherever generation
// 2x asks for it (every modelled architecture runs those kernels), else the architecture's own.
constexpr RuleSet rule_set_of(Generation generation, ComputeCapability cc) {
  const RuleSet own = rule_set_of(cc);
  return generation == Generation::cutlass2x && own != RuleSet::none ? RuleSet::sm80 : own;
}
constexpr RuleSet rule_set_of(const Config& config, const ArchLimits& arch) {
  return rule_set_of(config.generation, arch.cc);
}
constexpr const ModelledArchitecture* modelled(const Config& config, const ArchLimits& arch) {
  return modelled(rule_set_of(config, arch));
}

constexpr bool has_layout_rules(ComputeCapability cc) { return modelled(rule_set_of(cc)) != nullptr; }

// The first release of the rules rule set `r` reads at `v` (v not older than oldest_release).
constexpr CutlassVersion rules_since(RuleSet r, CutlassVersion v) { return rules_since(modelled(r)->rules_read, v); }

constexpr std::span<const CutlassVersion> measured_releases_of(RuleSet r) { return modelled(r)->measured_releases; }
constexpr bool is_measured_release(RuleSet r, CutlassVersion v) {
  for (CutlassVersion measured : measured_releases_of(r))
    if (measured == v) return true;
  return false;
}

// The configuration as the architecture's builders read it, spelled the way results show it.
constexpr Config normalised(const Config& config, const ArchLimits& arch) {
  const ModelledArchitecture* row = modelled(config, arch);
  return row ? row->normalised(config, arch) : config;
}

// The kernel schedule a configuration builds: the one given, or what KernelScheduleAuto becomes on
// the rule set (automatic where no rule set models it).
constexpr Schedule built_schedule(const Config& config, RuleSet rule_set) {
  const ModelledArchitecture* row = modelled(rule_set);
  return row && config.schedule == Schedule::automatic ? row->built_schedule(config) : config.schedule;
}

// Why evaluate() has no budget for a configuration whose byte counts pass 63 bits.
inline constexpr std::string_view byte_count_overflow =
    "the byte counts do not fit in 63 bits; use a smaller tile or stage count";

// Why a configuration is not a question the model can answer: input errors, not CUTLASS verdicts.
constexpr std::optional<std::string_view> invalid_input(const Config& config, const ArchLimits& arch) {
  const Tile& t = config.tile;
  for (bytes_t extent : {t.m, t.n, t.k})
    if (extent < 1 || extent > max_tile_extent) return "tile dimensions must be 1…65536";
  const ModelledArchitecture* row = modelled(config, arch);
  if (!row)
    return "only sm75, sm80, sm86, sm87, sm89, sm90, sm100, sm103, sm110, sm120 and sm121 (compute capability 7.5, "
           "8.0, 8.6, 8.7, 8.9, 9.0, 10.0, 10.3, 11.0, 12.0 and 12.1) have modelled layout rules";
  if (config.cutlass < oldest_release || config.cutlass > newest_release)
    return "CUTLASS versions from 4.3.0 to 4.7.0 are supported";
  if (config.stages.kind == StagePolicy::Kind::fixed &&
      (config.stages.count < 1 || config.stages.count > 2'147'483'647))
    return "a stage count must be 1…2147483647";
  if (config.cluster.is_dynamic() && !row->dynamic_cluster)
    return "not modelled: a cluster chosen at run time (dynamic) is modelled on sm100 and sm103";
  for (bytes_t extent : {config.cluster.m, config.cluster.n, config.cluster.k})
    if (!config.cluster.is_dynamic() && (extent < 1 || extent > 16)) return "cluster dimensions must be 1…16";
  if (!config.epilogue_tile.automatic &&
      (config.epilogue_tile.m < 1 || config.epilogue_tile.n < 1 || config.epilogue_tile.m > max_tile_extent ||
       config.epilogue_tile.n > max_tile_extent))
    return "epilogue tile dimensions must be 1…65536";
  if (config.d == Element::none) return "D (the output) cannot be void";
  if (config.fusion == Fusion::col_bias && config.bias == Element::none) return "a bias needs a type";
  for (const Operand& operand : {config.types.a, config.types.b})
    if (operand.data == Element::s32) return "s32 is an accumulator and output type, not an operand";
  // Complex operands on SM100: its complex<float> GEMMs, whose builders take arch::Sm100 only
  // (sm100_interleaved_complex_umma_builder.inl:105; sm100/complex_gemm.hpp says what else they take).
  const bool sm100_complex = arch.cc == ComputeCapability{10, 0} && config.generation == Generation::cutlass3x &&
                             (is_complex(config.types.a.data) || is_complex(config.types.b.data));
  if (row->rule_set != RuleSet::sm80 && !sm100_complex)
    for (Element e : {config.types.a.data, config.types.b.data, config.c, config.d, config.accumulator})
      if (is_f64_or_complex(e))
        return "not modelled: f64, cf32 and cf64 in CUTLASS 3.x GEMMs (the model has them in the 2.x kernels: give "
               "generation 2x; and cf32 in SM100's complex GEMMs: --arch sm100)";
  for (const Operand& operand : {config.types.a, config.types.b})
    if (operand.data == Element::tf32)
      return "tf32 operands are given as f32 (the model's f32 operands are the tf32 MMA's, 32 bits in memory): give "
             "types f32";
  if (config.math != Math::automatic && config.generation != Generation::cutlass2x && !sm100_complex)
    return "math chooses a 2.x kernel's MMA for f32 operands (and SM100's FastF32 complex kernels, math bf16): give "
           "generation 2x, or leave math out";
  if ((config.c == Element::tf32 || config.d == Element::tf32) && config.generation != Generation::cutlass2x)
    return "not modelled: a tf32 C or D of a 3.x kernel (the model has it as the output of CUTLASS 2.x tf32 GEMMs)";
  // No 2.x kernel takes 2-bit operands (W2A16 included): TensorRT-LLM's weight-only LayoutDetailsB is specialized
  // for u8 and u4 only (cutlass_extensions/gemm/kernel/mixed_gemm_B_layout.h:83-110, FlashInfer fb28d72), and
  // CUTLASS 4.7.0's 2.x generator pairs 8-bit integers with f16/bf16 and s4 with s8 only
  // (GenerateSM80_TensorOp_16816_mixed_input_upcast_a/b, _16832_TN_mixed_input_upcast_a/b).
  for (const Operand& operand : {config.types.a, config.types.b})
    if (bits_of(operand.data) == 2 && row->rule_set == RuleSet::sm80)
      return "no CUTLASS 2.x GEMM takes 2-bit operands (W2A16 included): TensorRT-LLM's weight-only LayoutDetailsB has "
             "u8 and u4 only (cutlass_extensions/gemm/kernel/mixed_gemm_B_layout.h:83-110) and CUTLASS's 2.x generator "
             "no 2-bit mixed-input kernel; give u4 or u8 weights (the model has s2 and u2 as SM90's mixed-input B)";
  for (const Operand& operand : {config.types.a, config.types.b})
    if (is_mixed_input_only(operand.data) && row->rule_set != RuleSet::sm90 &&
        !(row->rule_set == RuleSet::sm80 && bits_of(operand.data) == 4))
      return "not modelled: s4, u4, s2 and u2 operands (the model has them as the narrow operand of SM90's "
             "mixed-input GEMMs, and s4 and u4 in CUTLASS 2.x integer GEMMs)";
  for (Element e : {config.types.a.data, config.types.b.data, config.c, config.d})
    if (e == Element::b1 && (row->rule_set != RuleSet::sm80 || e == config.c || e == config.d))
      return "not modelled: b1 outside the operands of CUTLASS 2.x 1-bit GEMMs (give generation 2x, d s32)";
  for (const Operand& operand : {config.types.a, config.types.b})
    if (operand.data == Element::u8 && row->rule_set != RuleSet::sm90 && row->rule_set != RuleSet::sm100 &&
        row->rule_set != RuleSet::sm80)
      return "not modelled: u8 operands (the model has them in SM90's and SM100's integer, SM90's mixed-input and "
             "CUTLASS 2.x integer GEMMs)";
  if (config.moe && row->rule_set != RuleSet::sm100 && row->rule_set != RuleSet::sm90 && row->rule_set != RuleSet::sm80)
    return "moe is CUTLASS's SM100 MoE GEMM (KernelMixedTmaCpAsyncWarpSpecialized1Sm…Sm100; give --arch sm100), "
           "TensorRT-LLM's SM90 mixed-input MoE GEMM (--arch sm90) or, with generation 2x, TensorRT-LLM's MoeFCGemm";
  if (config.activation != Activation::none && row->rule_set != RuleSet::sm80)
    return "activation_type swiglu or geglu is TensorRT-LLM's fused gated-activation MoE kernel, its SM80 CuTe kernel "
           "(run where it runs its 2.x kernels): give generation 2x";
  if (config.trtllm_moe_fork != TrtllmMoeFork::fb28d72 &&
      (row->rule_set != RuleSet::sm90 || !config.moe || !is_mixed_input(config)))
    return "trtllm_moe_fork names a client version of TensorRT-LLM's SM90 mixed-input MoE GEMM: give it with moe, "
           "--arch sm90 and types ACTIVATION:WEIGHT of two widths, or leave it out";
  // A 3.x kernel has no warp tile, and its epilogue reads C and D at the alignment its builder picks.
  if (config.warp.given() && row->rule_set != RuleSet::sm80)
    return "warp is a 2.x kernel's warp tile (cutlass_tensorop_… names, CutlassTileConfig tactics): give generation "
           "2x too, or leave warp out";
  if (config.alignment.c != 0 && row->rule_set != RuleSet::sm80)
    return "alignment A:B:C: C's alignment is a 2.x epilogue's (its elements per access); a 3.x kernel takes A:B or "
           "one number";
  if (config.opclass != OpClass::tensorop && config.generation != Generation::cutlass2x)
    return "opclass simt names a 2.x kernel (cutlass_simt_…): give generation 2x too";
  if (config.interleaved && config.generation != Generation::cutlass2x)
    return "interleaved names a 2.x kernel (cutlass_tensorop_…_n32t32_…, _n64t64_…): give generation 2x too";
  if (config.planar_complex && config.generation != Generation::cutlass2x)
    return "planar_complex names a 2.x kernel (GemmPlanarComplex, cutlass_tensorop_…gemm_planar_complex_…): give "
           "generation 2x too";
  if (config.shuffled && (row->rule_set != RuleSet::sm90 || !is_mixed_input(config)))
    return "shuffle describes SM90's mixed-input GEMMs (A and B of different widths)";
  if (config.conversion != Conversion::convert && (!is_mixed_input(config) ||
                                                   (row->rule_set != RuleSet::sm90 && row->rule_set != RuleSet::sm80)))
    return "conversion describes SM90's mixed-input GEMMs and, with generation 2x, TensorRT-LLM's weight-only GEMMs (A "
           "and B of different widths)";
  if (config.conversion == Conversion::scale_per_column && row->rule_set != RuleSet::sm80)
    return "conversion scl-col is TensorRT-LLM's per-column weight-only GEMM: give generation 2x";
  // Integer outputs: the 2.x kernels', and the 3.x integer GEMMs' of SM90 and SM100 (measured by name:
  // tests/data/sm90-integer-names-device.json, sm100-integer-names-device.json).
  if (config.generation == Generation::cutlass3x) {
    const bool integer_3x = is_integer(config.types.a.data) &&
                            (row->rule_set == RuleSet::sm90 || row->rule_set == RuleSet::sm100);
    if (is_integer(config.bias) || ((is_integer(config.c) || is_integer(config.d)) && !integer_3x))
      return "not modelled: integer C or D of a 3.x kernel other than SM90's and SM100's integer GEMMs (2.x "
             "kernels write them on every architecture)";
  }
  // The 3.x kernels accumulate in their operands' own type; the f16 accumulators of f16 operands that
  // CUTLASS's SM90 and SM100 plain GEMMs offer lay out the same shared memory (measured by name:
  // tests/data/sm90-f16-accumulator-names-device.json, sm100-f16-accumulator-names-device.json).
  if (config.generation == Generation::cutlass3x && accumulator_of(config) != default_accumulator(config.types)) {
    const bool f16_of_f16 = config.accumulator == Element::f16 && config.scaling == Scaling::none &&
                            config.types.a.data == Element::f16 && config.types.b.data == Element::f16;
    if (!f16_of_f16 || (row->rule_set != RuleSet::sm90 && row->rule_set != RuleSet::sm100))
      return "not modelled: a 3.x kernel accumulating in other than f32 (s32 for s8 operands); f16 accumulators are "
             "modelled for f16 operands on sm90 and sm100 (scaling none)";
  }
  for (const Operand& operand : {config.types.a, config.types.b})
    if (config.scaling != Scaling::block && operand.scale == ScaleType::ue8m0 && operand.vector != 32)
      return "mxfp4-vs16 names a block-scaled format; with scaling none or blockwise give element names (e2m1, …)";
  if (row->rule_set == RuleSet::sm80 && sm80_turing(arch))
    if (const auto error = sm75_invalid_input(config)) return error;
  const auto fp8 = [](Element e) { return e == Element::e4m3 || e == Element::e5m2; };
  if (row->rule_set == RuleSet::sm80 && !sm80_runs_fp8_mma(arch) && (fp8(config.types.a.data) || fp8(config.types.b.data)))
    return "FP8 (e4m3, e5m2) 2.x GEMMs run on sm89 and later: built for an earlier architecture the kernel compiles "
           "and every MMA is CUTLASS_NOT_IMPLEMENTED, a breakpoint (arch/mma_sm89.h:160-168); give --arch sm89, or "
           "f16 or bf16 operands";
  return row->invalid_input(config);
}

namespace detail {
using Answer = std::optional<Budget> (*)(const Config&, const ArchLimits&);
// evaluate() and judge(), by the row's `answer` (its evaluate or its judge).
constexpr Evaluation answer_of(const Config& config, const ArchLimits& arch, Answer ModelledArchitecture::*answer) {
  if (const auto error = invalid_input(config, arch)) return Evaluation::unanswered(*error);
  std::optional<Budget> budget = (modelled(config, arch)->*answer)(config, arch);
  if (!budget) return Evaluation::unanswered(byte_count_overflow);
  // A 2.x kernel names its accumulator always (its epilogue stages it); a 3.x one when it is not the
  // operands' own.
  if (config.generation == Generation::cutlass3x && accumulator_of(config) != default_accumulator(config.types))
    budget->accumulator = accumulator_of(config);
  return *budget;
}
}  // namespace detail

// The kernel's shared memory and verdict, on any architecture; unanswered (with the reason) for
// a configuration the model does not answer: whatever invalid_input() refuses, an architecture
// without layout rules among it, and byte counts that do not fit in 63 bits (absurd tiles with
// absurd stage counts).
constexpr Evaluation evaluate(const Config& config, const ArchLimits& arch) {
  return detail::answer_of(config, arch, &ModelledArchitecture::evaluate);
}

// evaluate() for a filter, which keeps what fits without a word: the same verdict, bytes and
// stage counts, without the parts or the largest fitting stage count (the same layout over
// NoParts). A filter asks evaluate() again for what it removes.
constexpr Evaluation judge(const Config& config, const ArchLimits& arch) {
  return detail::answer_of(config, arch, &ModelledArchitecture::judge);
}

// True when CUTLASS's static assertions and a build let the shape compile, whatever the stage count
// then turns out to be; a shape outside what the model covers does not count as compiling.
constexpr bool shape_compiles(const Config& config, const ArchLimits& arch) {
  return !invalid_input(config, arch) && modelled(config, arch)->shape_compiles(config, arch);
}

// The epilogue tile the architecture's epilogue builder picks for this configuration (or the one
// it gives): what an epilogue-tile suggestion halves. Precondition: the architecture is modelled.
constexpr EpilogueTileShape automatic_epilogue_tile(const Config& config, const ArchLimits& arch) {
  return modelled(config, arch)->epilogue_tile(config);
}

constexpr SweepSpace sweep_space(const Config& config, const ArchLimits& arch) {
  return modelled(config, arch)->sweep_space;
}

}  // namespace smem_budget
