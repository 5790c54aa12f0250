// The tile space a sweep covers: every CTA tile up to a bound that CUTLASS compiles for a given
// set of types, schedule and epilogue.
#pragma once

#include <vector>

#include "smem_budget/evaluate.hpp"

namespace smem_budget {

// The kernel schedules a sweep covers when none is given, each once.
inline std::vector<Schedule> sweep_schedules(const Config& config, const ArchLimits& arch) {
  const auto& schedules = modelled(config, arch)->sweep_schedules;
  std::vector<Schedule> out{schedules.front()};
  if (schedules.back() != schedules.front()) out.push_back(schedules.back());
  return out;
}

struct SweepPoint {
  Config config;
  Budget budget;
};

// `base` with every tile of `space` that CUTLASS compiles (its verdict is not `rejected`: the
// shape passes the static assertions and the stage count is at least 2), for each schedule in
// turn (a 2-SM schedule on a cluster of 2 along M when `base`'s cluster has an odd M); ordered by
// schedule, M, N, then K. Precondition: invalid_input(base, arch) is empty.
inline std::vector<SweepPoint> sweep(const Config& base, const ArchLimits& arch, const std::vector<Schedule>& schedules,
                                     const SweepSpace& space) {
  // The cheap shape test first (most of the space fails it), so that the results, a few KiB
  // each, are allocated once.
  std::vector<Config> shapes;
  Config config = base;
  for (const Schedule schedule : schedules) {
    config.schedule = schedule;
    // A 2-SM MMA spans two CTAs of a cluster: sweep it on the smallest cluster that has them.
    config.cluster = base.cluster;
    if (schedule == Schedule::two_sm && config.cluster.m % 2 != 0) config.cluster.m = 2;
    for (bytes_t m = space.mn_step; m <= space.mn_max; m += space.mn_step)
      for (bytes_t n = space.mn_step; n <= space.mn_max; n += space.mn_step)
        for (bytes_t k = space.k_step; k <= space.k_max; k += space.k_step) {
          config.tile = {m, n, k};
          if (shape_compiles(config, arch)) shapes.push_back(config);
        }
  }
  std::vector<SweepPoint> out;
  out.reserve(shapes.size());
  for (const Config& shape : shapes)
    // Tiles of at most 256 x 256 x 512 cannot overflow 63 bits; a larger space is skipped, not wrapped.
    if (const auto budget = evaluate(shape, arch); budget && budget->verdict != Verdict::rejected)
      out.push_back({shape, *budget});
  return out;
}

}  // namespace smem_budget
