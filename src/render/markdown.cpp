// GitHub-flavoured markdown tables, for design reviews.
#include <fmt/format.h>

#include "render/render.hpp"

namespace smem_budget::render {
namespace {

// Indented under its list item, so that it renders as part of it.
std::string suggestion_table(const Result& asked) {
  if (asked.suggestions->empty()) return "\n  Nothing near it fits.\n\n";
  std::string out = "\n  Would fit instead, cheapest change first:\n\n";
  const Rows rows = suggestion_rows(asked);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    out += fmt::format("  | {} | {} | {} | {} | {} |\n", markdown_cell(row[0]), row[1], row[2], row[3], row[4]);
    if (i == 0) out += "  |---|---|--:|--:|--:|\n";
  }
  return out + "\n";
}

}  // namespace

std::string markdown(const Report& report) {
  std::string out = fmt::format("*{}*\n\n", describes(report));
  out += "| name | tile | types | schedule | epilogue | C→D | stages | mainloop B | epilogue B | total B | "
                    "headroom B | verdict |\n|---|---|---|---|---|---|--:|--:|--:|--:|--:|---|\n";
  for (const Result& r : report.results) {
    const SummaryRow s = summarize(r, true);
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", markdown_cell(s.name), s.tile,
                       markdown_cell(s.types), s.schedule, s.epilogue, markdown_cell(s.output), s.stages, s.mainloop, s.epilogue_bytes,
                       s.total, s.headroom, s.verdict);
  }
  if (report.results.size() == 1 && report.results.front().budget.verdict != Verdict::rejected) {
    const Budget& b = report.results.front().budget;
    out += "\n| part | bytes |\n|---|--:|\n";
    for (const Part& part : b.parts) out += fmt::format("| {} | {} |\n", markdown_cell(part_label(part, b)), group_digits(part.bytes));
    out += fmt::format("| **total** | **{}** |\n", group_digits(b.total));
  }
  for (const std::string& note : report.arch.notes) out += fmt::format("\n> {}: {}\n", report.arch.name, note);
  bool header = false;
  for (const Result& r : report.results)
    if (const std::string why = reason(r); !why.empty()) {
      if (!header) out += "\n";
      header = true;
      out += fmt::format("- **{}{}**: {}\n", r.name.empty() ? "" : r.name + " ", summarize(r, true).tile, why);
      if (r.suggestions) out += suggestion_table(r);
    }
  for (const Result& r : report.results)
    for (const std::string& note : notes(r))
      out += fmt::format("- caution, {}{}: {}\n", r.name.empty() ? "" : r.name + " ", summarize(r, true).tile, markdown_cell(note));
  return out;
}

}  // namespace smem_budget::render
