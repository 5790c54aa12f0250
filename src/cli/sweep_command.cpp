#include "cli/sweep_command.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "io/settings.hpp"
#include "render/render.hpp"
#include "smem_budget/sweep.hpp"

namespace smem_budget::cli {

CLI::App* setup_sweep_command(CLI::App& app, SweepOptions& o) {
  CLI::App* sweep = app.add_subcommand(
      "sweep", "Every tile CUTLASS compiles for these types and epilogue (M, N multiples of 8 up to 256; K multiples "
               "of 64 up to 512; both schedules unless --schedule picks one; shapes its static assertions refuse, "
               "and those whose stage count comes out below 2, are left out), as a feasibility map: per cell the "
               "stage count CUTLASS picks, whether it fits, and the largest count that does. Reports and exits 0, even "
               "where tiles overflow (2 on bad input).\n"
               "e.g. smem-budget sweep --types nvfp4 --grouped --epilogue finalize --format svg -o map.svg");
  // The sweep makes the tiles itself, and has a format of its own.
  add_config_options(*sweep, o.config, {.tile = false, .batch_file = false, .format = false});
  sweep->get_option("--schedule")->description("cooperative or pingpong. Default: both. e.g. --schedule pingpong");
  sweep->add_option("--format", o.format,
                    "table, markdown, csv (one row per tile and schedule, one column per K), json (the check "
                    "document, one result per configuration) or svg (a heat map). Default: table.\n"
                    "e.g. --format svg -o map.svg")
      ->check(CLI::IsMember({"table", "markdown", "json", "csv", "svg"}));
  return sweep;
}

Report build_sweep_report(const SweepOptions& o) {
  const io::Settings settings = command_line_settings(o.config);
  const Config base = io::to_config_except_tile(settings);
  Report report;
  report.arch = modelled_architecture(o.config, o.config.arch, "--arch");
  if (const auto error = invalid_input(base, report.arch.limits)) throw io::InputError(fmt::format("options: {}", *error));
  std::vector<Schedule> schedules = sweep_schedules(report.arch.limits);
  if (settings.contains("schedule")) schedules = {normalised(base, report.arch.limits).schedule};
  const std::vector<SweepPoint> points = sweep(base, report.arch.limits, schedules, sweep_space(report.arch.limits));
  report.results.reserve(points.size());
  for (const SweepPoint& point : points) report.results.push_back({"", point.config, point.budget, std::nullopt, {}, ""});
  return report;
}

std::string run_sweep_command(const SweepOptions& o) {
  const Report report = build_sweep_report(o);
  if (o.format == "json") return render::json(report);
  if (o.format == "svg") return render::sweep_svg(report);
  return render::sweep_map(report, o.format == "markdown" ? render::Format::markdown
                                   : o.format == "csv"    ? render::Format::csv
                                                          : render::Format::table);
}

}  // namespace smem_budget::cli
