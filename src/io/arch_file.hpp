// Architectures by built-in name, or from a JSON file describing a GPU the tool does not know.
#pragma once

#include <string>

#include "report.hpp"

namespace smem_budget::io {

// `spec` is a built-in name (sm120, sm_90, ...), "native" (device `device` of this machine, read
// through the CUDA driver) or a path to an arch JSON file; `origin` names where it was given,
// for messages. Throws InputError.
Architecture resolve_arch(const std::string& spec, const std::string& origin, int device = 0);

Architecture builtin_architecture(const ArchLimits& limits);

}  // namespace smem_budget::io
