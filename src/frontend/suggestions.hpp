// Suggestions for every result that does not fit, for the command line's suggest and --suggest.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "io/parse.hpp"
#include "report.hpp"

namespace smem_budget::frontend {

// Each result that does not fit gets its nearest fitting configurations, on all cores; the tile
// changes only to one of `within` where it is not empty (K in bytes resolving with each
// configuration's A; a K that does not is an io::InputError naming `within_origin`). `advanced`
// is called after each result.
void add_suggestions(Report& report, const std::vector<io::TileSpec>& within, const std::string& within_origin,
                     const std::function<void()>& advanced);

}  // namespace smem_budget::frontend
