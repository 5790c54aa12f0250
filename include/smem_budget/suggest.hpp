// The nearest configurations that fit, for one that does not: each is evaluated by the model,
// and they come cheapest first. A change's cost follows what it takes from the kernel's speed:
// fewer stages first (same kernel, less latency hiding), then a smaller epilogue tile, C void,
// the default epilogue (with C void) instead of FINALIZE, half of K, a smaller CTA tile, a larger
// one where a shape rule refuses this one, and last another CUTLASS release whose rules differ.
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

#include "smem_budget/evaluate.hpp"

namespace smem_budget {

// listed_tile: a tile of the caller's candidate list (suggest's `within`), in place of the
// neighbouring tiles.
enum class Change {
  stage_count,
  epilogue_tile,
  c_void,
  default_epilogue,
  half_k,
  smaller_tile,
  larger_tile,
  listed_tile,
  release
};

struct Suggestion {
  Config config;
  Budget budget;
  std::vector<Change> changes;  // what differs from the configuration asked about, in order
};

namespace detail {

// The configuration with the largest explicit StageCount<S> that fits, if one >= 2 does.
inline std::optional<Config> with_largest_fitting_stages(Config config, const ArchLimits& arch) {
  config.stages = {StagePolicy::Kind::fixed, 2};
  const auto budget = evaluate(config, arch);
  if (!budget || budget->verdict == Verdict::rejected || !budget->max_fitting_stages) return std::nullopt;
  config.stages.count = *budget->max_fitting_stages;
  return config;
}

// The configuration with `extent` (M or N) lowered to the nearest multiple of 8 that passes
// CUTLASS's shape checks, going no lower than half.
inline std::optional<Config> nearest_smaller_legal(Config config, const ArchLimits& arch, bytes_t Tile::*extent) {
  const bytes_t start = config.tile.*extent;
  for (bytes_t value = (start - 1) / 8 * 8; value >= 8 && value * 2 >= start; value -= 8) {
    config.tile.*extent = value;
    if (shape_compiles(config, arch)) return config;
  }
  return std::nullopt;
}

// The configuration with `extent` (M or N) raised to the nearest multiple of 8 that passes
// CUTLASS's shape checks, going no higher than double.
inline std::optional<Config> nearest_larger_legal(Config config, const ArchLimits& arch, bytes_t Tile::*extent) {
  const bytes_t start = config.tile.*extent;
  for (bytes_t value = start / 8 * 8 + 8; value <= 2 * start && value <= max_tile_extent; value += 8) {
    config.tile.*extent = value;
    if (shape_compiles(config, arch)) return config;
  }
  return std::nullopt;
}

// Half K, then the neighbouring tiles: the nearest smaller N, then M, that CUTLASS compiles
// (larger first), and where a shape rule refuses this tile the nearest larger N, M, then K.
template <class Add>
void add_tile_changes(const Config& config, const ArchLimits& arch, const Add& add) {
  if (config.tile.k % 2 == 0) {
    Config candidate = config;
    candidate.tile.k /= 2;
    // A 2.x kernel's warps cover the tile's K: a warp tile K over the new K halves with it.
    if (candidate.warp.k > candidate.tile.k) candidate.warp.k = candidate.tile.k;
    add(Change::half_k, candidate);
  }
  std::vector<Config> neighbours;
  for (bytes_t Tile::*extent : {&Tile::n, &Tile::m})
    if (const auto smaller = nearest_smaller_legal(config, arch, extent)) neighbours.push_back(*smaller);
  std::stable_sort(neighbours.begin(), neighbours.end(),
                   [](const Config& x, const Config& y) { return x.tile.m * x.tile.n > y.tile.m * y.tile.n; });
  for (const Config& candidate : neighbours) add(Change::smaller_tile, candidate);
  if (!shape_compiles(config, arch))
    for (bytes_t Tile::*extent : {&Tile::n, &Tile::m, &Tile::k})
      if (const auto larger = nearest_larger_legal(config, arch, extent)) add(Change::larger_tile, *larger);
}

// The listed tiles other than the configuration's own, nearest first (by the sum of the
// differences of M, N and K).
inline std::vector<Config> listed_tiles(const Config& config, std::span<const Tile> within) {
  const auto distance = [&](const Tile& t) {
    const auto d = [](bytes_t a, bytes_t b) { return a > b ? a - b : b - a; };
    return d(t.m, config.tile.m) + d(t.n, config.tile.n) + d(t.k, config.tile.k);
  };
  std::vector<Tile> tiles;
  for (const Tile& t : within)
    if (!(t == config.tile) && std::find(tiles.begin(), tiles.end(), t) == tiles.end()) tiles.push_back(t);
  std::stable_sort(tiles.begin(), tiles.end(), [&](const Tile& x, const Tile& y) { return distance(x) < distance(y); });
  std::vector<Config> out;
  for (const Tile& t : tiles) {
    Config candidate = config;
    candidate.tile = t;
    out.push_back(candidate);
  }
  return out;
}

// One change each, cheapest first; candidates may be illegal or not fit. With a candidate list
// (`within`), tile changes are to its tiles only.
inline std::vector<std::pair<Change, Config>> one_change_candidates(const Config& config, const ArchLimits& arch,
                                                                    std::span<const Tile> within) {
  std::vector<std::pair<Change, Config>> out;
  const auto add = [&](Change change, const Config& candidate) { out.emplace_back(change, candidate); };
  if (config.epilogue != EpilogueKind::nosmem) {
    const EpilogueTileShape tile = automatic_epilogue_tile(config, arch);
    for (const auto& [m, n] : {std::pair{tile.m, tile.n / 2}, std::pair{tile.m / 2, tile.n}}) {
      Config candidate = config;
      candidate.epilogue_tile = {false, m, n};
      if (m >= 8 && n >= 8) add(Change::epilogue_tile, candidate);
    }
  }
  if (config.c != Element::none && config.epilogue == EpilogueKind::tma) {
    Config candidate = config;
    candidate.c = Element::none;
    add(Change::c_void, candidate);
  }
  if (config.epilogue == EpilogueKind::finalize) {
    Config candidate = config;
    candidate.epilogue = EpilogueKind::tma;
    add(Change::default_epilogue, candidate);
  }
  if (!within.empty()) {
    for (const Config& candidate : listed_tiles(config, within)) add(Change::listed_tile, candidate);
  } else {
    add_tile_changes(config, arch, add);
  }
  // The first release of every other set of rules this architecture reads (rules.hpp
  // rule_changes), newest first.
  const RuleSet rule_set = rule_set_of(config, arch);
  const CutlassVersion own = rules_since(rule_set, config.cutlass);
  for (auto change = rule_changes.rbegin(); change != rule_changes.rend(); ++change)
    if (change->since != own && rules_since(rule_set, change->since) == change->since) {
      Config candidate = config;
      candidate.cutlass = change->since;
      add(Change::release, candidate);
    }
  return out;
}

}  // namespace detail

// Searches outward one change at a time and returns every fitting configuration at the
// smallest number of changes that finds one (at most max_suggestion_changes); empty when
// `config` already fits or nothing that near does. At each distance, lowering the stage count
// of an earlier candidate comes before a further change of shape or epilogue. Given `within` (a
// candidate list), the only tiles tried are those.
// Precondition: invalid_input(config, arch) is empty.
inline constexpr int max_suggestion_changes = 3;

inline std::vector<Suggestion> suggest(const Config& config, const ArchLimits& arch,
                                       std::span<const Tile> within = {}) {
  std::vector<Suggestion> out;
  const auto original = evaluate(config, arch);
  if (!original || original->verdict == Verdict::fits) return out;

  struct Candidate {
    Config config;
    std::vector<Change> changes;
  };
  std::vector<Config> seen{config};
  const auto is_new = [&](const Config& c) {
    if (std::find(seen.begin(), seen.end(), c) != seen.end()) return false;
    seen.push_back(c);
    return true;
  };
  const auto fits = [&](const Config& c) -> std::optional<Budget> {
    const auto budget = evaluate(c, arch);
    if (budget && budget->verdict == Verdict::fits) return *budget;
    return std::nullopt;
  };

  std::vector<Candidate> frontier{{config, {}}};  // too big as they are, `changes` away from `config`
  for (int distance = 1; distance <= max_suggestion_changes && out.empty() && !frontier.empty(); ++distance) {
    for (const Candidate& from : frontier)
      if (const auto staged = detail::with_largest_fitting_stages(from.config, arch); staged && is_new(*staged)) {
        std::vector<Change> changes = from.changes;
        changes.push_back(Change::stage_count);
        if (const auto budget = fits(*staged)) out.push_back({*staged, *budget, std::move(changes)});
      }
    std::vector<Candidate> next;
    for (const Candidate& from : frontier)
      for (const auto& [change, candidate] : detail::one_change_candidates(from.config, arch, within)) {
        if (!is_new(candidate)) continue;
        std::vector<Change> changes = from.changes;
        changes.push_back(change);
        if (const auto budget = fits(candidate))
          out.push_back({candidate, *budget, std::move(changes)});
        else
          next.push_back({candidate, std::move(changes)});
      }
    frontier = std::move(next);
  }
  return out;
}

}  // namespace smem_budget
