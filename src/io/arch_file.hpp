// Arch JSON files: a GPU the tool has no built-in entry for, described by its limits.
#pragma once

#include <string>

#include "report.hpp"

namespace smem_budget::io {

// Reads and checks one arch JSON file. Throws InputError naming the file and the field.
Architecture load_arch_file(const std::string& path);

}  // namespace smem_budget::io
