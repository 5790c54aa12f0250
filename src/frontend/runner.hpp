// What the code that instantiates a tactic builds beyond the tactic: the settings `runner` adds.
#pragma once

#include "frontend/architecture.hpp"
#include "io/settings.hpp"

namespace smem_budget::frontend {

// The settings with what `runner` says the kernel is (keys given win); unchanged without one.
// Throws InputError when the runner needs a key the settings lack. `tile_read` says whether the
// runner looked at the tile: where it did not, what it added holds for any tile.
struct WithRunner {
  io::Settings settings;
  bool tile_read;
};
WithRunner with_runner(io::Settings settings, const Architecture& arch);

}  // namespace smem_budget::frontend
