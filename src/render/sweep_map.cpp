// A sweep as a feasibility map: one row per schedule and M x N, one column per K.
#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "io/parse.hpp"
#include "render/render.hpp"

namespace smem_budget::render {

Feasibility feasibility(const Budget& b) {
  if (b.verdict == Verdict::fits) return Feasibility::fits;
  if (b.verdict == Verdict::exceeds_optin && b.max_fitting_stages) return Feasibility::overflows;
  return Feasibility::never;
}

std::string sweep_cell(const Budget& b) {
  const std::string stages = b.has_stages ? std::to_string(b.decision.stages) : "";
  switch (feasibility(b)) {
    case Feasibility::fits:
      return stages;
    case Feasibility::overflows:
      return fmt::format("{}>{}", stages, *b.max_fitting_stages);
    case Feasibility::never:
      return stages + "x";
  }
  return "";
}

SweepGrid sweep_grid(const Report& report) {
  SweepGrid grid;
  for (const Result& r : report.results) grid.ks.push_back(r.config.tile.k);
  std::sort(grid.ks.begin(), grid.ks.end());
  grid.ks.erase(std::unique(grid.ks.begin(), grid.ks.end()), grid.ks.end());
  std::map<std::tuple<Schedule, bytes_t, bytes_t>, std::size_t> row_of;
  for (const Result& r : report.results) {
    const auto key = std::tuple{r.config.schedule, r.config.tile.m, r.config.tile.n};
    auto [at, added] = row_of.try_emplace(key, grid.rows.size());
    if (added)
      grid.rows.push_back(
          {r.config.schedule, r.config.tile.m, r.config.tile.n, std::vector<const Result*>(grid.ks.size(), nullptr)});
    const auto column = std::lower_bound(grid.ks.begin(), grid.ks.end(), r.config.tile.k) - grid.ks.begin();
    grid.rows[at->second].cells[std::size_t(column)] = &r;
  }
  return grid;
}

std::string sweep_title(const Report& report) {
  if (report.results.empty()) return fmt::format("no tile compiles, {}", report.arch.name);
  const Config& c = report.results.front().config;
  // The schedules in the order swept, each with its cluster where that is not 1x1x1.
  std::vector<std::string> schedules;
  for (const Result& r : report.results) {
    std::string schedule(io::format_schedule(r.config.schedule));
    if (r.config.cluster != Cluster{}) schedule += fmt::format(" (cluster {})", io::format_cluster(r.config.cluster));
    if (std::find(schedules.begin(), schedules.end(), schedule) == schedules.end()) schedules.push_back(schedule);
  }
  const SummaryRow row = summarize(report.results.front(), true);
  return fmt::format("{}, {}{}, {} epilogue {}, CUTLASS {}, {} (opt-in limit {} B)", row.types,
                     fmt::format("{}", fmt::join(schedules, " and ")), c.grouped ? " grouped" : "", row.epilogue,
                     row.output, io::format_version(c.cutlass), report.arch.name,
                     group_digits(report.arch.limits.smem_per_block_optin));
}

std::string sweep_counts(const Report& report) {
  std::size_t count[3] = {0, 0, 0};  // by Feasibility
  for (const Result& r : report.results) ++count[static_cast<int>(feasibility(r.budget))];
  return fmt::format("{} tiles compile: {} fit, {} overflow with CUTLASS's stage count, {} never fit",
                     report.results.size(), count[0], count[1], count[2]);
}

std::string sweep_map(const Report& report, Format format) {
  const SweepGrid map = sweep_grid(report);
  Rows rows{{"schedule", "M x N"}};
  for (const bytes_t k : map.ks) rows.front().push_back(fmt::format("K={}", k));
  for (const SweepGrid::Row& row : map.rows) {
    rows.push_back({std::string(io::format_schedule(row.schedule)), fmt::format("{}x{}", row.m, row.n)});
    for (const Result* cell : row.cells) rows.back().push_back(cell ? sweep_cell(cell->budget) : "-");
  }
  if (format == Format::csv) return grid(rows, format, 2);
  // Markdown shows the cell codes as code, so that GitHub does not read <F> as an HTML tag.
  const auto code = [&](std::string_view text) {
    return format == Format::markdown ? fmt::format("`{}`", text) : std::string(text);
  };
  const std::string legend = fmt::format(
      "cell: stages CUTLASS picks; {} = fits, {} = N overflow the opt-in limit but {} fits, {} = nothing fits, "
      "{} = CUTLASS does not compile it (a shape rule, or fewer than 2 stages)",
      code("N"), code("N>F"), code("StageCount<F>"), code("Nx"), code("-"));
  const std::string counts = sweep_counts(report);
  if (format == Format::markdown)
    return fmt::format("**{}**\n\n{}\n\n{}.\n\n{}", sweep_title(report), counts, legend, grid(rows, format, 2));
  return fmt::format("{}\n{}\n{}\n\n{}", sweep_title(report), counts, legend, grid(rows, format, 2));
}

}  // namespace smem_budget::render
