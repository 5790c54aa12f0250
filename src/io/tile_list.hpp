// A candidate list of tiles (suggest --within FILE): the tiles an autotuner may pick from.
#pragma once

#include <string>
#include <vector>

#include "io/parse.hpp"

namespace smem_budget::io {

// Tiles (MxNxK, MxNxKB) and kernel names (whose tiles count), separated by spaces, commas or
// lines; '#' starts a comment. Throws InputError naming the line of anything else, or when the
// list is empty.
std::vector<TileSpec> read_tile_list(const std::string& path);

}  // namespace smem_budget::io
