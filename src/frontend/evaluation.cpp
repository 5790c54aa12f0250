#include "frontend/evaluation.hpp"

#include "frontend/architecture.hpp"
#include "frontend/runner.hpp"

#include <fmt/format.h>

#include "io/gemm_config.hpp"
#include "io/kernel_name.hpp"
#include "io/parse.hpp"
#include "io/vocabulary.hpp"

namespace smem_budget::frontend {
namespace {

// A tactic name (CtaShape128x256x64B) gives the tile only.
bool tile_only_from_name(const io::Settings& settings) {
  return io::is_tactic_name(io::string_setting(settings, "kernel"));
}

// A CutlassGemmConfig gives its tile, cluster, schedules, FINALIZE and swap_ab, not the kernel's types.
bool config_from_name(const io::Settings& settings) {
  return io::starts_gemm_config(io::string_setting(settings, "kernel"));
}

// What the rest of a tactic's kernel was taken as: "types nvfp4 (block), the default epilogue, not grouped";
// for a 2.x tactic "types bf16 (f32 accumulator), StageCount<3>, grouped (TensorRT-LLM's MoeFCGemm)".
std::string tactic_rest(const Config& config) {
  if (config.generation == Generation::cutlass2x)
    return fmt::format("types {} ({} accumulator), StageCount<{}>, {}", io::format_types(config.types, config.scaling),
                       name_of(accumulator_of(config)), sm80_stages(config),
                       config.moe       ? "grouped (TensorRT-LLM's MoeFCGemm)"
                       : config.grouped ? "grouped"
                                        : "not grouped");
  return fmt::format("types {} ({} scaling), the {} epilogue, {}", io::format_types(config.types, config.scaling),
                     io::format_scaling(config.scaling), io::format_epilogue(config.epilogue),
                     config.grouped ? "grouped" : "not grouped");
}

// Cautions about how the input was read: a bare element name with block scaling is that
// element's MX format, which may not be the format meant.
std::vector<std::string> reading_notes(const io::Settings& settings, const Config& config) {
  std::vector<std::string> notes;
  const auto types = settings.find("types");
  if (config.scaling == Scaling::block && types != settings.end() && types->second.value.is_string() &&
      !types->second.from_kernel_name) {
    const std::string text = types->second.value.get<std::string>();
    const std::size_t colon = text.find(':');
    const std::string a = text.substr(0, colon), b = colon == std::string::npos ? "" : text.substr(colon + 1);
    // One caution per element name ("e2m1:e2m1" says it once).
    for (const std::string& side : {a, b == a ? std::string() : b})
      if (!side.empty() && !is_preset_name(side))
        notes.push_back(fmt::format("types: {} is read as the MX format (ue8m0 scales per 32 elements){}", side,
                                    side == "e2m1" ? "; NVFP4 is nvfp4" : ""));
  }
  // "types e4m3 and scaling none: the sm90 defaults"
  std::string defaulted, origin;
  int count = 0;
  for (const auto& [key, setting] : settings)
    if (setting.architecture_default) {
      defaulted += fmt::format("{}{} {}", defaulted.empty() ? "" : " and ", key, setting.value.get<std::string>());
      origin = setting.origin.text();
      ++count;
    }
  if (count > 0)
    notes.push_back(fmt::format("{}: {}{}; give {} to choose otherwise", defaulted, origin, count > 1 ? "s" : "",
                                count > 1 ? "them" : "it"));
  // "the trtllm-moe runner: grouped, c bf16, schedule cooperative"
  std::string runner_keys;
  for (const auto& [key, setting] : settings)
    if (setting.from_runner)
      runner_keys +=
          fmt::format("{}{}", runner_keys.empty() ? "" : ", ",
                      setting.value.is_boolean() ? key
                      : setting.value.is_string()  ? fmt::format("{} {}", key, setting.value.get<std::string>())
                                                   : fmt::format("{} {}", key, setting.value.dump()));
  if (!runner_keys.empty())
    notes.push_back(fmt::format("the {} runner: {}", io::string_setting(settings, "runner"), runner_keys));
  if (config_from_name(settings)) {
    const bool two_x = config.generation == Generation::cutlass2x;
    const std::string operands = io::format_types(config.types, config.scaling);
    notes.push_back(
        fmt::format("the CutlassGemmConfig gives the {}; the kernel's own are the caller's: types {}{}, {}",
                    two_x ? "tile, warp tile and stage count" : "tile, cluster, schedules, FINALIZE and swap_ab",
                    operands, two_x ? "" : fmt::format(" ({} scaling)", io::format_scaling(config.scaling)),
                    config.grouped ? "grouped" : "not grouped"));
  }
  // The weight-only runner's GEMMs are dense: no hint about the MoE ones.
  const bool dense_runner =
      io::string_setting(settings, "runner") == io::spelling_of(io::runner_words, io::Runner::trtllm_fpa_intb);
  if (tile_only_from_name(settings))
    notes.push_back(fmt::format("the tactic name gives the tile {}only; the rest is {}{}",
                                config.generation == Generation::cutlass2x ? "and the warp tile " : "",
                                tactic_rest(config),
                                config.grouped || dense_runner
                                    ? ""
                                    : " (TensorRT-LLM's MoE GEMMs are grouped, and FINALIZE takes "
                                      "--epilogue finalize)"));
  return notes;
}

// The tile as typed when K was given in bytes ("128x256x64B"), to echo beside the elements.
std::string tile_in_bytes(const io::Settings& settings) {
  const std::string_view text = io::string_setting(settings, "tile");
  return text.ends_with('B') ? std::string(text) : "";
}

// find_arch of the architecture kernel names are built for, remembering the last: a list's kernels
// name one, and find_arch looks a name up past every product alias.
std::optional<ArchLimits> named_arch(const std::string& built_for) {
  thread_local std::optional<std::string> last;
  thread_local std::optional<ArchLimits> named;
  if (built_for != last) {
    named = find_arch(built_for);
    last = built_for;
  }
  return named;
}

// A CUTLASS kernel name is built for one architecture: another's rules would answer for a different kernel.
void check_kernel_arch(const io::Settings& settings, const Architecture& arch) {
  const auto built_for = kernel_architecture(settings);
  if (!built_for) return;
  const auto named = named_arch(*built_for);
  if (named && rule_set_of(named->cc) == rule_set_of(arch.limits.cc)) return;
  throw io::InputError(
      fmt::format("{}: an {} kernel, but the architecture is {}: give --arch {} (or \"arch\": \"{}\" in "
                  "the batch file)",
                  settings.at("kernel").origin, *built_for, arch.name, *built_for, *built_for));
}

// Whether judge() answers that the configuration fits.
bool judged_fits(const smem_budget::Evaluation& judged) { return judged && judged.budget().verdict == Verdict::fits; }

// judge()'s budget of a configuration that fits; none for any other answer, which evaluate() gives
// in full.
std::optional<Budget> budget_if_fits(const Config& config, const ArchLimits& limits) {
  const auto judged = judge(config, limits);
  if (judged_fits(judged)) return judged.budget();
  return std::nullopt;
}

// evaluate_settings, and with `fits_unsaid` judge_settings.
Evaluation evaluated(const std::string& name, io::Settings settings, const Architecture& arch,
                     const std::string& origin, std::optional<CutlassVersion> release, bool fits_unsaid) {
  check_kernel_arch(settings, arch);
  // A release given with the configuration would be overridden without a word.
  if (const auto cutlass = settings.find("cutlass"); release && cutlass != settings.end())
    io::fail_at(cutlass->second.origin,
                "not used here: each comparison's column sets the release (compare's --cutlass list); leave cutlass "
                "out of the configuration");
  Evaluation e;
  // What the result says of the entry as given, before the runner and the architecture complete it.
  e.given_tile = tile_in_bytes(settings);
  e.tile_only = tile_only_from_name(settings);
  // A kernel given by name is called by it unless the entry names it otherwise.
  const auto kernel = settings.find("kernel");
  e.name = name;
  if (name.empty() && kernel != settings.end()) e.kernel_name = kernel->second.value.get<std::string>();
  WithRunner run = with_runner(std::move(settings), arch);
  e.completed = with_architecture_defaults(std::move(run.settings), arch);
  Config completion = io::to_config(e.completed);
  // Nothing else before normalised() reads the tile but into config.tile (to_config reads each key
  // into fields of its own; the architecture's defaults are the same for any tile).
  if (fits_unsaid && !run.tile_read) e.completion_for_any_tile = completion;
  e.config = normalised(std::move(completion), arch.limits);
  if (release) e.config.cutlass = *release;
  // judge() and evaluate() ask invalid_input() first: an input the model does not answer is their refusal.
  if (fits_unsaid) {
    if (const auto fits = budget_if_fits(e.config, arch.limits)) {
      e.budget = *fits;
      return e;
    }
  }
  const auto budget = evaluate(e.config, arch.limits);
  if (!budget) io::fail_at(origin, budget.refusal());
  e.budget = *budget;
  return e;
}

}  // namespace

std::optional<std::string> kernel_architecture(const io::Settings& settings) {
  const auto kernel = settings.find("kernel");
  if (kernel == settings.end()) return std::nullopt;
  return io::kernel_name_arch(kernel->second.value.get_ref<const std::string&>());
}

std::vector<std::string> rule_notes(const Config& config, const Budget& budget) {
  std::vector<std::string> notes;
  if (budget.rule_set == RuleSet::sm90 && config.schedule == Schedule::automatic)
    notes.push_back(
        fmt::format("on sm90 KernelScheduleAuto builds the {} kernel (tile M {}) and EpilogueScheduleAuto the "
                    "no-smem epilogue (sm90_builder.inl:611-620)",
                    config.tile.m == 64 ? "ping-pong" : "cooperative", config.tile.m));
  if (!is_measured_release(budget.rule_set, config.cutlass))
    notes.push_back(fmt::format("CUTLASS {}: the rules of {} apply (the last change at or before it); measured at {}",
                                io::format_version(config.cutlass),
                                io::format_version(rules_since(budget.rule_set, config.cutlass)),
                                io::format_versions(measured_releases_of(budget.rule_set))));
  return notes;
}

Evaluation evaluate_settings(const std::string& name, io::Settings settings, const Architecture& arch,
                             const std::string& origin, std::optional<CutlassVersion> release) {
  return evaluated(name, std::move(settings), arch, origin, release, false);
}

Evaluation judge_settings(const std::string& name, io::Settings settings, const Architecture& arch,
                          const std::string& origin) {
  return evaluated(name, std::move(settings), arch, origin, std::nullopt, true);
}

Result result_of(Evaluation evaluation) {
  Evaluation& e = evaluation;
  const std::string called = e.kernel_name ? io::kernel_display_name(*e.kernel_name) : e.name;
  return {called,
          e.config,
          e.budget,
          std::nullopt,
          reading_notes(e.completed, e.config),
          std::move(e.given_tile),
          rule_notes(e.config, e.budget),
          e.tile_only};
}

bool fits_with_tile(Config completion, std::string_view tile, const Architecture& arch) {
  // As to_config reads the tile: its extents, K in bytes resolved by A's type.
  const io::Parsed<io::TileSpec> spec = io::parse_tile(tile);
  if (!io::ok(spec)) return false;
  const io::Parsed<Tile> resolved = io::resolve_tile(std::get<io::TileSpec>(spec), completion.types.a);
  if (!io::ok(resolved)) return false;
  completion.tile = std::get<Tile>(resolved);
  return judged_fits(judge(normalised(completion, arch.limits), arch.limits));  // no budget copied out
}

Result evaluate_entry(const std::string& name, io::Settings settings, const Architecture& arch,
                      const std::string& origin, std::optional<CutlassVersion> release) {
  return result_of(evaluate_settings(name, std::move(settings), arch, origin, release));
}

int exit_status(const Report& report) {
  for (const Result& r : report.results)
    if (r.budget.verdict != Verdict::fits) return 1;
  return 0;
}

}  // namespace smem_budget::frontend
