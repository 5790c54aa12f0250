#include <algorithm>

#include <fmt/format.h>

#include "io/parse.hpp"
#include "render/render.hpp"

namespace smem_budget::render {

std::string csv(const Report& report) {
  // Columns are only ever appended (readers index them). With --suggest, one more column: the
  // suggestions, "change (total B)", separated by "; ".
  const bool suggested = std::any_of(report.results.begin(), report.results.end(),
                                     [](const Result& r) { return r.suggestions.has_value(); });
  std::string out =
      "name,tile,types,schedule,grouped,epilogue,output,stages,mainloop_tensors,epilogue_shared_storage,total,limit,"
      "headroom,verdict,reason,arch,cutlass,tool_version,tmem_columns,cluster,max_fitting_stages";
  out += suggested ? ",suggestions\n" : "\n";
  out += each_result(report.results, [&](const Result& r, std::size_t, std::string& line) {
    const SummaryRow row = summarize(r, false);
    const bool sized = r.budget.is_sized();
    // One value per column: the schedule and grouped apart (the summary row joins them).
    fmt::format_to(std::back_inserter(line), "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                   csv_field(row.name), row.tile, csv_field(row.types), io::format_schedule(r.config.schedule),
                   r.config.grouped ? "true" : "false", row.epilogue, csv_field(row.output),
                   r.budget.has_stages ? row.stages : "", sized ? row.mainloop : "", sized ? row.epilogue_bytes : "",
                   sized ? row.total : "", sized ? std::to_string(r.budget.limit) : "", sized ? row.headroom : "",
                   row.verdict, csv_field(reason(r)), csv_field(arch_of(r, report)), io::format_version(r.config.cutlass),
                   SMEM_BUDGET_VERSION, r.budget.tmem_columns > 0 ? std::to_string(r.budget.tmem_columns) : "",
                   io::format_cluster(r.config.cluster),
                   sized && r.budget.max_fitting_stages ? std::to_string(*r.budget.max_fitting_stages) : "");
    if (suggested) {
      std::string list;
      for (const Suggestion& s : r.suggestions.value_or(std::vector<Suggestion>{}))
        list += fmt::format("{}{} ({} B)", list.empty() ? "" : "; ", describe_changes(s, r), s.budget.total);
      line += ',';
      line += csv_field(list);
    }
    line += '\n';
  });
  return out;
}

}  // namespace smem_budget::render
