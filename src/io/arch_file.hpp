// Arch JSON files: a GPU the tool has no built-in entry for, described by its limits.
#pragma once

#include <string>

#include "report.hpp"

namespace smem_budget::io {

// The largest byte count a limit may be: far above any GPU's, and far below what the sums overflow at.
inline constexpr bytes_t max_limit_bytes = bytes_t{1} << 40;

// Reads and checks one arch JSON file. Throws InputError naming the file and the field.
Architecture load_arch_file(const std::string& path);

// That limits read from `where` are as a GPU has them: opt-in above 0, per block <= opt-in <= per
// SM, reserved <= per SM. Throws InputError naming `where` and the field.
void check_limits(const ArchLimits& limits, const std::string& where);

}  // namespace smem_budget::io
