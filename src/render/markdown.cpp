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
  if (const std::string own = own_architectures_line(report); !own.empty()) out += own + "\n";
  out +=
      "| name | tile | types | schedule | epilogue | C->D | stages | mainloop B | epilogue B | total B | "
      "headroom B | verdict |\n|---|---|---|---|---|---|--:|--:|--:|--:|--:|---|\n";
  out += each_result(report.results, [](const Result& r, std::size_t, std::string& line) {
    const SummaryRow s = summarize(r, true);
    fmt::format_to(std::back_inserter(line), "| {} | {}{} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
                   markdown_cell(shown_name(r)), s.tile, tile_given(r), markdown_cell(s.types), s.schedule, s.epilogue,
                   markdown_cell(s.output), s.stages, s.mainloop, s.epilogue_bytes, s.total, s.headroom, s.verdict);
  });
  if (report.results.size() == 1 && report.results.front().budget.is_sized()) {
    const Budget& b = report.results.front().budget;
    out += "\n| part | bytes |\n|---|--:|\n";
    for (const Part& part : b.parts)
      out += fmt::format("| {} | {} |\n", markdown_cell(part_label(part, b)), group_digits(part.bytes));
    out += fmt::format("| **total** | **{}** |\n", group_digits(b.total));
  }
  for (const std::string& note : report.arch.notes) out += fmt::format("\n> {}: {}\n", report.arch.name, note);
  const std::string reasons = each_result(report.results, [](const Result& r, std::size_t, std::string& item) {
    const std::string why = reason(r);
    if (why.empty()) return;
    fmt::format_to(std::back_inserter(item), "- **{}{}{}**: {}\n", r.name.empty() ? "" : r.name + " ",
                   summarize(r, true).tile, tile_given(r), why);
    if (r.suggestions) item += suggestion_table(r);
  });
  if (!reasons.empty()) out += "\n" + reasons;
  return out + each_result(report.results, [](const Result& r, std::size_t, std::string& items) {
           for (const std::string& note : notes(r))
             fmt::format_to(std::back_inserter(items), "- caution, {}{}: {}\n", r.name.empty() ? "" : r.name + " ",
                            summarize(r, true).tile, markdown_cell(note));
         });
}

}  // namespace smem_budget::render
