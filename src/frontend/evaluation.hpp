// Configurations in, results out: the steps every front end takes (the command line, the Python
// module), so that they cannot disagree.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/settings.hpp"
#include "report.hpp"

namespace smem_budget::frontend {

// One configuration's settings, checked as a question the model answers and evaluated, under
// `release` where given; throws io::InputError naming `origin`. The settings are taken, to be
// completed in place: a caller done with them moves them in.
Result evaluate_entry(const std::string& name, io::Settings settings, const Architecture& arch,
                      const std::string& origin, std::optional<CutlassVersion> release = std::nullopt);

// The architecture a CUTLASS kernel name among the settings is built for ("sm103"); none without a
// kernel or for a tactic, which names no architecture.
std::optional<std::string> kernel_architecture(const io::Settings& settings);

// How the architecture's rules read a configuration they answered: what an automatic schedule
// builds, which release's rules answer for one not measured.
std::vector<std::string> rule_notes(const Config& config, const Budget& budget);

// The exit status of a judgement: 0 when every result fits, 1 otherwise.
int exit_status(const Report& report);

}  // namespace smem_budget::frontend
