#include "cli/check.hpp"

#include <memory>

#include <CLI/CLI.hpp>

#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "frontend/batch.hpp"
#include "frontend/evaluation.hpp"
#include "frontend/suggestions.hpp"
#include "io/tile_list.hpp"

namespace smem_budget::cli {
namespace {

void add_suggestions(Report& report, const ConfigOptions& o) {
  if (!o.suggest) {
    if (!o.within.empty()) throw io::InputError("--within: only used with --suggest or the suggest subcommand");
    return;
  }
  const std::vector<io::TileSpec> listed =
      o.within.empty() ? std::vector<io::TileSpec>{} : io::read_tile_list(o.within);
  Progress progress("suggestions for", report.results.size());
  frontend::add_suggestions(report, listed, "--within", [&] { progress.advance(); });
}

}  // namespace

void add_check_options(CLI::App& app, ConfigOptions& options) {
  add_config_options(app, options);
  add_suggest_flag(app, options);
  add_within_option(app, options);
}

Subcommand setup_check(CLI::App& app) {
  auto options = std::make_shared<ConfigOptions>();
  CLI::App* check = app.add_subcommand("check", "Check configurations (the default when no subcommand is given)");
  add_check_options(*check, *options);
  return {check, [options] { return run_check(*options); }};
}

Report build_report(const ConfigOptions& o, std::optional<CutlassVersion> release) {
  const io::Settings flags = command_line_settings(o);
  Report report;
  if (o.config_file.empty()) {
    if (!flags.contains("tile"))
      throw io::InputError(
          "--tile: required (or give a batch file with --config FILE, or a kernel with --kernel NAME; smem-budget "
          "--help lists the subcommands and flags)");
    // A CUTLASS kernel name is built for one architecture: with no --arch, it is the architecture.
    const auto built_for = o.arch_option->count() > 0 ? std::nullopt : frontend::kernel_architecture(flags);
    report.arch = built_for ? chosen_architecture(o, *built_for, "--kernel") : chosen_architecture(o, o.arch, "--arch");
    report.results.push_back(frontend::evaluate_entry("", flags, report.arch, "options", release));
    add_suggestions(report, o);
    return report;
  }
  if (flags.contains("kernel"))
    throw io::InputError("--kernel: not used with --config; put \"kernel\" in the file's entries, or drop --config");
  if (flags.contains("tile"))
    throw io::InputError(
        "--tile: not used with --config, whose entries give the tiles; put the tile in the file "
        "(an entry, or its \"defaults\"), or drop --config");
  const std::string label = o.config_file == "-" ? "<stdin>" : o.config_file;
  io::BatchFile batch = io::parse_batch(io::read_input_file(o.config_file), label);
  const auto named = frontend::batch_architecture(batch, o.config_file);
  report.arch = o.arch_option->count() > 0 || !named ? chosen_architecture(o, o.arch, "--arch")
                                                     : chosen_architecture(o, named->first, named->second);
  Progress progress("checked", batch.entries.size());
  report.results = frontend::evaluate_batch(batch, flags, report.arch, release, [&] { progress.advance(); });
  add_suggestions(report, o);
  return report;
}

int run_check(ConfigOptions& o) {
  finish_options(o);
  const Report report = build_report(o);
  emit(report, o.format, o.output);
  return frontend::exit_status(report);
}

}  // namespace smem_budget::cli
