// CUTLASS library names as configurations (python/cutlass_library's procedural names).
#pragma once

#include <string_view>

#include "io/settings.hpp"

namespace smem_budget::io {

// The settings a cutlass3x_sm… name stands for: the whole configuration but the CUTLASS release.
// Throws InputError naming the part the model cannot represent.
Settings cutlass_name_settings(std::string_view name, const Origin& origin);

}  // namespace smem_budget::io
