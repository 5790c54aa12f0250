#include "cli/sweep.hpp"

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/config_options.hpp"
#include "cli/output.hpp"
#include "frontend/architecture.hpp"
#include "frontend/sweep.hpp"
#include "render/render.hpp"

namespace smem_budget::cli {
namespace {

struct SweepOptions {
  ConfigOptions config;
  std::string format{render::sweep_format_words.front().spelling};
};

std::string rendered(const Report& report, render::SweepFormat format) {
  switch (format) {
    case render::SweepFormat::json:
      return render::json(report);
    case render::SweepFormat::svg:
      return render::sweep_svg(report);
    case render::SweepFormat::markdown:
      return render::sweep_map(report, render::Format::markdown);
    case render::SweepFormat::csv:
      return render::sweep_map(report, render::Format::csv);
    case render::SweepFormat::table:
      break;
  }
  return render::sweep_map(report, render::Format::table);
}

// Reports and exits 0, even where tiles overflow.
int run_sweep(const SweepOptions& o) {
  const Architecture arch = chosen_architecture(o.config, o.config.arch, "--arch");
  const io::Settings settings = frontend::with_architecture_defaults(command_line_settings(o.config), arch);
  const Config base = io::to_config_except_tile(settings);
  const render::SweepFormat format = io::find_word(render::sweep_format_words, o.format)->value;
  emit(rendered(frontend::sweep_report(base, settings.contains("schedule"), arch), format), o.config.output);
  return 0;
}

}  // namespace

Subcommand setup_sweep(CLI::App& app) {
  auto o = std::make_shared<SweepOptions>();
  CLI::App* sweep = app.add_subcommand(
      "sweep",
      "Every tile CUTLASS compiles for these types and epilogue (M, N multiples of 8 up to 256; K multiples "
      "of 64 up to 512; both schedules unless --schedule picks one; shapes its static assertions refuse, "
      "and those whose stage count comes out below 2, are left out), as a feasibility map: per cell the "
      "stage count CUTLASS picks, whether it fits, and the largest count that does. Reports and exits 0, even "
      "where tiles overflow (2 on bad input).\n"
      "e.g. smem-budget sweep --types nvfp4 --grouped --epilogue finalize --format svg -o map.svg");
  // The sweep makes the tiles itself, and has a format of its own.
  add_config_options(*sweep, o->config, {.tile = false, .batch_file = false, .format = false});
  sweep->get_option("--schedule")->description("cooperative or pingpong. Default: both. e.g. --schedule pingpong");
  add_format_option(*sweep, o->format, io::choices_of(render::sweep_format_words), "--format svg -o map.svg");
  return {sweep, [o] { return run_sweep(*o); }};
}

}  // namespace smem_budget::cli
