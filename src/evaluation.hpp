// Configurations in, results out: the steps every front end takes (the command line, the Python
// module), so that they cannot disagree.
#pragma once

#include <optional>
#include <string>

#include "io/settings.hpp"
#include "report.hpp"

namespace smem_budget {

// The architecture `spec` names (built-in, "native", or an arch file), if CUTLASS's layout rules
// for it are modelled; throws io::InputError naming `origin` otherwise.
Architecture modelled_architecture(const std::string& spec, const std::string& origin, int device = 0);

// One configuration's settings, checked as a question the model answers and evaluated, under
// `release` where given; throws io::InputError naming `origin`.
Result evaluate_entry(const std::string& name, const io::Settings& settings, const Architecture& arch,
                      const std::string& origin, std::optional<CutlassVersion> release = std::nullopt);

}  // namespace smem_budget
