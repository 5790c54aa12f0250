#include "frontend/suggestions.hpp"

#include <fmt/format.h>

#include "io/input_error.hpp"
#include "parallel.hpp"

namespace smem_budget::frontend {

void add_suggestions(Report& report, const std::vector<io::TileSpec>& within, const std::string& within_origin,
                     const std::function<void()>& advanced) {
  for_each_index(report.results.size(), [&](std::size_t i) {
    Result& r = report.results[i];
    advanced();
    if (r.budget.verdict == Verdict::fits) return;
    std::vector<Tile> tiles;
    for (const io::TileSpec& spec : within) {
      const auto tile = io::resolve_tile(spec, r.config.types.a);
      if (!io::ok(tile))
        throw io::InputError(
            fmt::format("{}: \"{}x{}x{}B\": {}", within_origin, spec.m, spec.n, spec.k, std::get<std::string>(tile)));
      tiles.push_back(std::get<Tile>(tile));
    }
    r.suggestions = suggest(r.config, r.own_arch ? r.own_arch->limits : report.arch.limits, tiles);
  });
}

}  // namespace smem_budget::frontend
