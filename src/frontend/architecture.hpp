// Which architecture a name means: a built-in entry or alias (sm120, sm_120a, rtx-pro-6000), this
// machine's GPU ("native", through the CUDA driver) or an arch JSON file. The one place that
// knows all three, above io (files) and native (the driver), which do not know each other.
#pragma once

#include <string>

#include "io/settings.hpp"
#include "report.hpp"

namespace smem_budget::frontend {

// `origin` names where `spec` was given, for messages. Throws io::InputError.
Architecture resolve_architecture(const std::string& spec, const std::string& origin, int device = 0);

// The architecture `spec` names, if CUTLASS's layout rules for it are modelled; throws
// io::InputError naming `origin` otherwise.
Architecture modelled_architecture(const std::string& spec, const std::string& origin, int device = 0);

Architecture builtin_architecture(const ArchLimits& limits);

// The settings with what a user of the architecture means by leaving a key out: on sm90 (H100,
// H200), which has no block-scaled GEMM, FP8 e4m3 without block scales. Keys given (or read from a
// kernel name) stay as they are.
io::Settings with_architecture_defaults(io::Settings settings, const Architecture& arch);

}  // namespace smem_budget::frontend
