#include "cli/compare_command.hpp"

#include <sstream>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "io/parse.hpp"
#include "render/render.hpp"

namespace smem_budget::cli {
namespace {

std::vector<std::string> split_versions(const std::string& list) {
  std::vector<std::string> versions;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ',')) versions.push_back(item);
  if (list.empty() || list.back() == ',') versions.push_back("");
  return versions;
}

}  // namespace

CLI::App* setup_compare_command(CLI::App& app, ConfigOptions& options) {
  CLI::App* compare = app.add_subcommand(
      "compare", "The same configurations under several CUTLASS releases, side by side. Exit 1 when any cell does "
                 "not fit or does not compile.\n"
                 "e.g. smem-budget compare --cutlass 4.3.5,4.4.2,4.7 --config configs/trtllm-moe-sm120.json");
  // Here --cutlass is a list of releases, each applied to every configuration.
  add_config_options(*compare, options, {.cutlass = false});
  compare->add_option("--cutlass", options.cutlass,
                      "The CUTLASS releases to compare, comma-separated, 4.3.0 … 4.7.0 (4.4 means the newest 4.4 "
                      "patch). Required.\ne.g. --cutlass 4.3.5,4.4.2,4.7");
  return compare;
}

CompareOutput run_compare_command(const ConfigOptions& o) {
  if (o.cutlass.empty()) throw io::InputError("--cutlass: give the releases to compare, e.g. --cutlass 4.3.5,4.4.2,4.7");
  std::vector<Report> reports;
  std::vector<std::string> versions;
  for (const std::string& v : split_versions(o.cutlass)) {
    const auto parsed = io::parse_cutlass(v);
    if (!io::ok(parsed)) throw io::InputError("--cutlass: " + std::get<std::string>(parsed));
    versions.push_back(io::format_version(std::get<CutlassVersion>(parsed)));
    reports.push_back(build_report(o, std::get<CutlassVersion>(parsed)));
  }
  int status = 0;
  for (const Report& report : reports) status = std::max(status, exit_status(report));
  return {render::comparison(reports, versions, o.format), status};
}

}  // namespace smem_budget::cli
