// Configurations in, results out: the steps every front end takes (the command line, the Python
// module), so that they cannot disagree.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/settings.hpp"
#include "report.hpp"

namespace smem_budget::frontend {

// One configuration's settings, checked as a question the model answers and evaluated, under
// `release` where given; throws io::InputError naming `origin`. The settings are taken, to be
// completed in place: a caller done with them moves them in.
Result evaluate_entry(const std::string& name, io::Settings settings, const Architecture& arch,
                      const std::string& origin, std::optional<CutlassVersion> release = std::nullopt);

// evaluate_entry in two steps, for a caller that wants the sentences of a few results only (an
// autotuner's filter, those it removes): the budget, then the Result that says it.
struct Evaluation {
  std::string name;                        // the entry's
  std::optional<std::string> kernel_name;  // the kernel it names, when it has no name of its own
  std::string given_tile;                  // the tile as typed, when K was given in bytes
  bool tile_only = false;                  // a tactic name gave the tile only
  io::Settings completed;                  // with the runner's keys and the architecture's defaults
  Config config;
  Budget budget;
  // judge_settings' configuration as read from `completed`, before normalised(), where no runner
  // looked at the tile: a kernel that differs from this one in its tile alone completes to it with
  // its own tile (fits_with_tile). None where a runner looked, and for evaluate_settings.
  std::optional<Config> completion_for_any_tile;
};
Evaluation evaluate_settings(const std::string& name, io::Settings settings, const Architecture& arch,
                             const std::string& origin, std::optional<CutlassVersion> release = std::nullopt);
// evaluate_settings for a filter that keeps what fits without a word: a kernel that fits is judged
// by the model's judge(), its budget the verdict, bytes and stage counts only (no parts, no largest
// fitting stage count); any other by evaluate(), in full.
Evaluation judge_settings(const std::string& name, io::Settings settings, const Architecture& arch,
                          const std::string& origin);
Result result_of(Evaluation evaluation);

// Whether a kernel that differs only in its tile ("256x128x128B", as its settings give it) from one
// whose Evaluation has `completion_for_any_tile` fits: that completion with this tile, judged as
// judge_settings judges. False for any other answer, which judge_settings gives in full.
bool fits_with_tile(Config completion, std::string_view tile, const Architecture& arch);

// The architecture a CUTLASS kernel name among the settings is built for ("sm103"); none without a
// kernel or for a tactic, which names no architecture.
std::optional<std::string> kernel_architecture(const io::Settings& settings);

// How the architecture's rules read a configuration they answered: what an automatic schedule
// builds, which release's rules answer for one not measured.
std::vector<std::string> rule_notes(const Config& config, const Budget& budget);

// The exit status of a judgement: 0 when every result fits, 1 otherwise.
int exit_status(const Report& report);

}  // namespace smem_budget::frontend
