#include "frontend/sweep.hpp"

#include <fmt/format.h>

#include "frontend/evaluation.hpp"
#include "io/input_error.hpp"
#include "smem_budget/sweep.hpp"

namespace smem_budget::frontend {

Report sweep_report(const Config& base, bool schedule_given, const Architecture& arch) {
  if (const auto error = invalid_input(base, arch.limits)) throw io::InputError(fmt::format("options: {}", *error));
  std::vector<Schedule> schedules = sweep_schedules(base, arch.limits);
  if (schedule_given) schedules = {normalised(base, arch.limits).schedule};
  const std::vector<SweepPoint> points = sweep(base, arch.limits, schedules, sweep_space(base, arch.limits));
  Report report;
  report.arch = arch;
  report.results.reserve(points.size());
  for (const SweepPoint& point : points)
    report.results.push_back(
        {"", point.config, point.budget, std::nullopt, {}, "", rule_notes(point.config, point.budget)});
  return report;
}

}  // namespace smem_budget::frontend
