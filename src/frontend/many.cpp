#include "frontend/many.hpp"

#include <span>
#include <unordered_map>
#include <utility>

#include "frontend/batch.hpp"
#include "frontend/evaluation.hpp"
#include "io/gemm_config.hpp"
#include "io/input_error.hpp"
#include "io/kernel_name.hpp"
#include "io/text_hash.hpp"

namespace smem_budget::frontend {

using io::InputError;
using io::Settings;

namespace {

// The kernel a job's settings describe, whatever name it was given by: equal for two jobs whose
// names read alike (GEMM_1's and GEMM_2's spellings of one tactic, configs that differ only in a
// field the kernel does not see), which evaluate_entry judges alike but for the result's name. It
// holds what evaluate_entry reads of the kernel name besides its settings: the architecture it is
// built for and whether it is a tactic or a CutlassGemmConfig.
std::string kernel_identity(const Settings& settings) {
  const std::string_view kernel = io::string_setting(settings, "kernel");
  std::string identity = kernel_architecture(settings).value_or("");
  identity += {'\n', char('0' + io::is_tactic_name(kernel)), char('0' + io::starts_gemm_config(kernel)), '\n'};
  return identity + io::settings_identity(settings, "kernel");
}

// A job's keys when its kernel is a CutlassGemmConfig, with the config as what it reads as: equal
// for two jobs whose kernel names expand to equal settings (io::gemm_config_reading), and so for
// jobs evaluate_entry judges alike but for the result's name (see kernel_identity). The
// architecture is the config's sm_version, part of its reading. "" for any other job.
std::string own_config_reading(const Settings& own) {
  const auto kernel = own.find("kernel");
  if (kernel == own.end() || !kernel->second.value.is_string()) return "";
  const std::string& name = kernel->second.value.get_ref<const std::string&>();
  // Every CutlassGemmConfig spelling starts with a word no CUTLASS library name does, so
  // expand_kernel_name reads it with gemm_config_settings.
  if (!io::starts_gemm_config(name)) return "";
  const auto reading = io::gemm_config_reading(name);
  return reading ? config_reading(std::move(*reading), own) : "";
}

// The name evaluate_entry gives a result: the entry's, else its kernel's display name.
std::string called(const ManyJob& job, const Settings& settings) {
  const auto kernel = settings.find("kernel");
  return job.name.empty() && kernel != settings.end() ? io::kernel_display_name(kernel->second.value.get<std::string>())
                                                      : job.name;
}

// A job judged as `known` was, but for the name its settings give its result.
void judged_as(ManyJob& job, const ManyJob& known, const Settings& settings) {
  job.fits = known.fits;
  if (!known.result) return;
  job.result = std::make_unique<Result>(*known.result);
  job.result->name = called(job, settings);
}

}  // namespace

Settings job_settings(ManyJob& job, const Settings& base) {
  Settings own = std::move(job.own);
  io::expand_kernel_name(own);
  Settings settings = layered(std::move(own), base);
  if (!settings.contains("tile")) throw InputError(job.origin + ": no tile given");
  return settings;
}

std::optional<Config> judge_on(ManyJob& job, Settings settings, const Architecture& call_arch, bool misfits_only) {
  const Architecture& arch = job.own_arch ? *job.own_arch : call_arch;
  Evaluation evaluation = misfits_only ? judge_settings(job.name, std::move(settings), arch, job.origin)
                                       : evaluate_settings(job.name, std::move(settings), arch, job.origin);
  job.fits = evaluation.budget.verdict == Verdict::fits;
  if (!misfits_only || !job.fits) {
    job.result = std::make_unique<Result>(result_of(std::move(evaluation)));
    job.result->own_arch = job.own_arch;
  }
  return std::move(evaluation.completion_for_any_tile);
}

std::string config_reading(std::string reading, const Settings& own) {
  reading += '\n';
  reading += io::settings_identity(own, "kernel");
  return reading;
}

void judge_jobs(std::span<ManyJob> jobs, const ManyDefaults& defaults, bool misfits_only) {
  std::unordered_map<std::string, std::size_t, io::TextHash, std::equal_to<>> judged_reading, judged_kernel;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    ManyJob& job = jobs[i];
    try {
      const std::string reading = job.own_arch ? "" : !job.reading.empty() ? job.reading : own_config_reading(job.own);
      if (const auto known = reading.empty() ? judged_reading.end() : judged_reading.find(reading);
          known != judged_reading.end()) {
        judged_as(job, jobs[known->second], job.own);
        continue;
      }
      // Jobs without a kernel name of their own were told apart by their keys already, and those
      // with a CutlassGemmConfig by its reading.
      const bool by_kernel = !job.own_arch && reading.empty() && job.own.contains("kernel");
      Settings settings = job_settings(job, defaults.base);
      const std::string identity = by_kernel ? kernel_identity(settings) : "";
      if (const auto known = identity.empty() ? judged_kernel.end() : judged_kernel.find(identity);
          known != judged_kernel.end()) {
        judged_as(job, jobs[known->second], settings);
        continue;
      }
      job.completion_for_any_tile = judge_on(job, std::move(settings), defaults.arch, misfits_only);
      if (!identity.empty()) judged_kernel.emplace(identity, i);
      if (!reading.empty()) judged_reading.emplace(reading, i);
    } catch (const InputError& error) {
      job.error = error.what();
    }
  }
}

std::optional<bool> RestCompletions::fits(const io::GemmConfigTile& apart, const Architecture& arch) {
  const auto rest = rests_.find(apart.rest);
  if (rest == rests_.end()) return std::nullopt;
  std::vector<std::pair<std::string, bool>>& tiles = rest->second.tiles;
  for (const auto& [tile, fits] : tiles)
    if (tile == apart.tile) return fits;
  return tiles.emplace_back(apart.tile, fits_with_tile(rest->second.completion, apart.tile, arch)).second;
}

void RestCompletions::learn(std::string rest, Config completion) {
  rests_.try_emplace(std::move(rest), Rest{std::move(completion), {}});
}

}  // namespace smem_budget::frontend
