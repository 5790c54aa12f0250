#include <algorithm>

#include <fmt/format.h>

#include "render/render.hpp"

namespace smem_budget::render {
namespace {

// RFC 4180: quote a field that holds a comma, quote or line break.
std::string field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

}  // namespace

std::string csv(const Report& report) {
  // With --suggest, one more column: the suggestions, "change (total B)", separated by "; ".
  const bool suggested = std::any_of(report.results.begin(), report.results.end(),
                                     [](const Result& r) { return r.suggestions.has_value(); });
  std::string out =
      "name,tile,types,schedule,epilogue,output,stages,mainloop_tensors,epilogue_shared_storage,total,limit,"
      "headroom,verdict,reason";
  out += suggested ? ",suggestions\n" : "\n";
  for (const Result& r : report.results) {
    const SummaryRow row = summarize(r, false);
    const bool sized = r.budget.verdict != Verdict::rejected;
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", field(row.name), row.tile, field(row.types),
                       field(row.schedule), row.epilogue, field(row.output), r.budget.has_stages ? row.stages : "",
                       sized ? row.mainloop : "", sized ? row.epilogue_bytes : "", sized ? row.total : "",
                       sized ? std::to_string(r.budget.limit) : "", sized ? row.headroom : "", row.verdict,
                       field(reason(r)));
    if (!suggested) continue;
    out.pop_back();
    std::string list;
    for (const Suggestion& s : r.suggestions.value_or(std::vector<Suggestion>{}))
      list += fmt::format("{}{} ({} B)", list.empty() ? "" : "; ", describe_changes(s), s.budget.total);
    out += ',';
    out += field(list);
    out += '\n';
  }
  return out;
}

}  // namespace smem_budget::render
