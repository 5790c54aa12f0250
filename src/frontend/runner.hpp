// What the code that instantiates a tactic builds beyond the tactic: the settings `runner` adds.
#pragma once

#include "frontend/architecture.hpp"
#include "io/settings.hpp"

namespace smem_budget::frontend {

// The settings with what `runner` says the kernel is (keys given win); unchanged without one.
// Throws InputError when the runner needs a key the settings lack.
io::Settings with_runner(io::Settings settings, const Architecture& arch);

}  // namespace smem_budget::frontend
