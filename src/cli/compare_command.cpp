#include "cli/compare_command.hpp"

#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

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

std::string cell(const Result& r) {
  const Budget& b = r.budget;
  if (b.verdict == Verdict::rejected) return b.has_stages ? fmt::format("S={} rejected", b.decision.stages) : "rejected";
  return fmt::format("S={} {} {}", b.decision.stages, group_digits(b.total), name_of(b.verdict));
}

std::string render_comparison(const ConfigOptions& o, const std::vector<Report>& reports,
                              const std::vector<std::string>& versions) {
  const std::vector<Result>& first = reports.front().results;
  if (o.format == render::Format::json) {
    nlohmann::ordered_json doc{{"tool", "smem-budget"}, {"version", SMEM_BUDGET_VERSION},
                               {"arch", reports.front().arch.name}, {"cutlass", versions}};
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < first.size(); ++i) {
      nlohmann::ordered_json by_version;
      for (std::size_t v = 0; v < reports.size(); ++v) {
        const Budget& b = reports[v].results[i].budget;
        by_version[versions[v]] = {{"stages", b.has_stages ? nlohmann::ordered_json(b.decision.stages) : nullptr},
                                   {"total", b.verdict == Verdict::rejected ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(b.total)},
                                   {"verdict", name_of(b.verdict)}};
      }
      rows.push_back({{"name", first[i].name}, {"tile", io::format_tile(first[i].config.tile)}, {"by_version", by_version}});
    }
    doc["results"] = rows;
    return doc.dump(2) + "\n";
  }
  render::Rows rows{{"name", "tile", "types", "schedule", "epilogue"}};
  for (const std::string& v : versions) rows.front().push_back("CUTLASS " + v);
  for (std::size_t i = 0; i < first.size(); ++i) {
    const render::SummaryRow s = render::summarize(first[i], true);
    std::vector<std::string> row{s.name, s.tile, s.types, s.schedule, s.epilogue + " " + s.output};
    for (const Report& report : reports) row.push_back(cell(report.results[i]));
    rows.push_back(row);
  }
  if (o.format == render::Format::table)
    return fmt::format("CUTLASS releases compared on {} (S = stages, total bytes, verdict)\n\n{}",
                       reports.front().arch.name, render::text_columns(rows, rows.front().size()));
  return render::grid(rows, o.format, rows.front().size());
}

}  // namespace

CLI::App* setup_compare_command(CLI::App& app, ConfigOptions& options) {
  CLI::App* compare = app.add_subcommand(
      "compare", "The same configurations under several CUTLASS releases, side by side. Exit 1 when any cell does "
                 "not fit or does not compile.\n"
                 "e.g. smem-budget compare --cutlass 4.3.5,4.4.2,4.7 --config configs/trtllm-moe-sm120.json");
  add_config_options(*compare, options);
  // Here --cutlass is a list, applied by run_compare_command, not a setting of its own.
  std::erase_if(options.bound, [](const auto& bound) { return bound.first == "cutlass"; });
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
    io::Settings overrides;
    overrides["cutlass"] = io::Setting{versions.back(), "--cutlass"};
    reports.push_back(build_report(o, overrides));
  }
  int status = 0;
  for (const Report& report : reports) status = std::max(status, exit_status(report));
  return {render_comparison(o, reports, versions), status};
}

}  // namespace smem_budget::cli
