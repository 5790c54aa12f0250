// `smem-budget compare`: one row per configuration, one column (or, in CSV, three) per release.
#include <fmt/format.h>
#include <algorithm>

#include "io/parse.hpp"
#include "render/render.hpp"

namespace smem_budget::render {
namespace {

// "S=4 93,184 fits": stages, total and verdict in one cell, for reading.
std::string cell(const Result& r) {
  const Budget& b = r.budget;
  if (b.verdict == Verdict::rejected)
    return b.has_stages ? fmt::format("S={} rejected", b.decision.stages) : "rejected";
  return fmt::format("S={} {} {}", b.decision.stages, group_digits(b.total), name_of(b.verdict));
}

std::string compare_json(const std::vector<Report>& reports, const std::vector<std::string>& versions) {
  const std::vector<Result>& first = reports.front().results;
  std::string text;
  io::JsonWriter out(text);
  out.begin_object().member("tool", "smem-budget").member("version", SMEM_BUDGET_VERSION);
  out.member("arch", reports.front().arch.name).key("cutlass").begin_array();
  for (const std::string& v : versions) out.value(v);
  out.end().key("results").begin_array();
  for (std::size_t i = 0; i < first.size(); ++i) {
    out.begin_object().member("name", first[i].name).member("tile", io::format_tile(first[i].config.tile));
    out.key("by_version").begin_object();
    for (std::size_t v = 0; v < reports.size(); ++v) {
      // A release asked for twice is one key, as the same rules give the same budget.
      if (std::find(versions.begin(), versions.begin() + static_cast<std::ptrdiff_t>(v), versions[v]) !=
          versions.begin() + static_cast<std::ptrdiff_t>(v))
        continue;
      const Budget& b = reports[v].results[i].budget;
      out.key(versions[v]).begin_object().key("stages");
      if (b.has_stages)
        out.value(b.decision.stages);
      else
        out.null();
      out.key("total");
      if (b.is_sized())
        out.value(b.total);
      else
        out.null();
      out.member("verdict", name_of(b.verdict)).end();
    }
    out.end().end();
  }
  out.end().end();
  return text + "\n";
}

// CSV: one value per column, stages_V, total_V and verdict_V for each release V.
std::string compare_csv(const std::vector<Report>& reports, const std::vector<std::string>& versions) {
  Rows rows{{"name", "tile", "types", "schedule", "grouped", "epilogue", "output"}};
  for (const std::string& v : versions)
    for (const char* field : {"stages", "total", "verdict"}) rows.front().push_back(fmt::format("{}_{}", field, v));
  for (const char* field : {"limit", "arch", "tool_version"}) rows.front().push_back(field);
  const Report& first = reports.front();
  for (std::size_t i = 0; i < first.results.size(); ++i) {
    const Result& r = first.results[i];
    const SummaryRow s = summarize(r, false);
    std::vector<std::string> row{s.name,
                                 s.tile,
                                 s.types,
                                 std::string(io::format_schedule(r.config.schedule)),
                                 r.config.grouped ? "true" : "false",
                                 s.epilogue,
                                 s.output};
    for (const Report& report : reports) {
      const Budget& b = report.results[i].budget;
      row.push_back(b.has_stages ? std::to_string(b.decision.stages) : "");
      row.push_back(!b.is_sized() ? "" : std::to_string(b.total));
      row.push_back(std::string(name_of(b.verdict)));
    }
    row.insert(row.end(),
               {std::to_string(first.arch.limits.smem_per_block_optin), first.arch.name, SMEM_BUDGET_VERSION});
    rows.push_back(std::move(row));
  }
  return grid(rows, Format::csv, rows.front().size());
}

}  // namespace

std::string comparison(const std::vector<Report>& reports, const std::vector<std::string>& versions, Format format) {
  if (format == Format::json) return compare_json(reports, versions);
  if (format == Format::csv) return compare_csv(reports, versions);
  Rows rows{{"name", "tile", "types", "schedule", "epilogue"}};
  for (const std::string& v : versions) rows.front().push_back("CUTLASS " + v);
  const std::vector<Result>& first = reports.front().results;
  for (std::size_t i = 0; i < first.size(); ++i) {
    const SummaryRow s = summarize(first[i], true);
    std::vector<std::string> row{s.name, s.tile, s.types, s.schedule, s.epilogue + " " + s.output};
    for (const Report& report : reports) row.push_back(cell(report.results[i]));
    rows.push_back(row);
  }
  const Architecture& arch = reports.front().arch;
  const std::string caption = fmt::format(
      "CUTLASS releases compared on {} (opt-in limit {} B), smem-budget {} (S = stages, total bytes, verdict)",
      arch.name, group_digits(arch.limits.smem_per_block_optin), SMEM_BUDGET_VERSION);
  // Why each cell that does not fit does not: "[0] 128x64x128, CUTLASS 4.3.0: CUTLASS does not …".
  std::string why;
  for (std::size_t i = 0; i < first.size(); ++i)
    for (std::size_t v = 0; v < reports.size(); ++v)
      if (const std::string because = reason(reports[v].results[i]); !because.empty())
        why += fmt::format("{}[{}] {}{}, CUTLASS {}: {}\n", format == Format::markdown ? "- " : "  ", i,
                           first[i].name.empty() ? "" : first[i].name + " ", io::format_tile(first[i].config.tile),
                           versions[v], because);
  if (!why.empty()) why = fmt::format("\nnot fitting:\n{}{}", format == Format::markdown ? "\n" : "", why);
  if (format == Format::markdown)
    return fmt::format("*{}*\n\n{}{}", caption, grid(rows, format, rows.front().size()), why);
  return fmt::format("{}\n\n{}{}", caption, text_columns(rows, rows.front().size()), why);
}

}  // namespace smem_budget::render
