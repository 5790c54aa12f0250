// `smem-budget lint` in every format: a row per name, then the names that never compile grouped
// by the assertion that refuses them, the ones that exceed with their nearest fitting variant,
// the ones not modelled, and a one-line summary.
#include <fmt/format.h>

#include <fmt/ranges.h>

#include "io/parse.hpp"
#include "io/settings.hpp"
#include "render/render.hpp"

namespace smem_budget::render {
namespace {

constexpr std::string_view not_modelled_word = "not-modelled";

struct RefusalGroup {
  RejectionInfo info;
  std::vector<const Result*> results;
};

// The names that never compile, one group per assertion, in order of first appearance.
std::vector<RefusalGroup> refusals(const Report& report) {
  std::vector<RefusalGroup> groups;
  for (const Result& r : report.results) {
    if (r.budget.verdict != Verdict::rejected) continue;
    const RejectionInfo info = describe(r.budget.rejection);
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&](const RefusalGroup& g) { return g.info.assertion == info.assertion; });
    if (group == groups.end()) group = groups.insert(groups.end(), RefusalGroup{info, {}});
    group->results.push_back(&r);
  }
  return groups;
}

std::size_t count_of(const Report& report, Verdict verdict) {
  return static_cast<std::size_t>(std::count_if(report.results.begin(), report.results.end(),
                                                [&](const Result& r) { return r.budget.verdict == verdict; }));
}

// "N names: F fit, X exceed, R never compile, U not modelled"
std::string summary(const LintReport& lint) {
  const Report& report = lint.report;
  const std::size_t names = report.results.size() + lint.not_modelled.size();
  const auto number = [](std::size_t n) { return group_digits(static_cast<long long>(n)); };
  return fmt::format("{} name{}: {} fit, {} exceed, {} never compile, {} not modelled", number(names),
                     names == 1 ? "" : "s", number(count_of(report, Verdict::fits)),
                     number(count_of(report, Verdict::exceeds_optin)), number(count_of(report, Verdict::rejected)),
                     number(lint.not_modelled.size()));
}

std::string caption(const LintReport& lint) {
  return fmt::format("lint of {}: {}", fmt::join(lint.sources, ", "), describes(lint.report));
}

// "StageCount<2> (98,304 B)", or why there is none.
std::string nearest(const Result& r) {
  if (!r.suggestions || r.suggestions->empty()) return "nothing near it fits";
  const Suggestion& s = r.suggestions->front();
  return fmt::format("{} ({} B)", describe_changes(s, r), group_digits(s.budget.total));
}

std::string over(const Result& r) { return group_digits(r.budget.total - r.budget.limit); }

Rows name_rows(const LintReport& lint, bool group) {
  const auto number = [&](long long v) { return group ? group_digits(v) : std::to_string(v); };
  Rows rows{{"name", "tile", "stages", "total", "headroom", "verdict"}};
  for (const Result& r : lint.report.results) {
    const bool sized = r.budget.is_sized();
    rows.push_back({r.name, io::format_tile(r.config.tile),
                    r.budget.has_stages ? stage_counts_text(r.budget.decision.counts) : "-",
                    sized ? number(r.budget.total) : "-", sized ? number(r.budget.headroom) : "-",
                    std::string(name_of(r.budget.verdict))});
  }
  for (const LintReport::NotModelled& u : lint.not_modelled)
    rows.push_back({u.name, "-", "-", "-", "-", std::string(not_modelled_word)});
  return rows;
}

// The text table puts the name last, unpadded, so the other columns line up whatever a name's
// length (CUTLASS 3.x library names run past 120 characters).
std::string name_table(const LintReport& lint) {
  Rows rows = name_rows(lint, true);
  std::vector<std::string> names;
  for (auto& row : rows) {
    names.push_back(std::move(row.front()));
    row.erase(row.begin());
  }
  const std::string columns = text_columns(rows, 0);
  std::string out;
  std::size_t start = 0;
  for (const std::string& name : names) {
    const std::size_t end = columns.find('\n', start);
    out += fmt::format("{}  {}\n", std::string_view(columns).substr(start, end - start), name);
    start = end + 1;
  }
  return out;
}

// The sections under the table, as text lines ("  " indents) or markdown lists.
std::string sections(const LintReport& lint, bool markdown) {
  const Report& report = lint.report;
  const std::string item = markdown ? "- " : "  ";
  const std::string sub = markdown ? "  - " : "    ";
  const auto code = [&](const std::string& text) { return markdown ? fmt::format("`{}`", text) : text; };
  std::string out;
  const std::vector<RefusalGroup> groups = refusals(report);
  if (!groups.empty()) {
    out += fmt::format("\nNever compile ({}), by the assertion that refuses them:\n{}",
                       count_of(report, Verdict::rejected), markdown ? "\n" : "");
    for (const RefusalGroup& g : groups) {
      out +=
          fmt::format("{}\"{}\" ({}; {}): {}\n", item, g.info.assertion, g.info.source, g.info.rule, g.results.size());
      for (const Result* r : g.results) out += fmt::format("{}{}\n", sub, code(r->name));
    }
  }
  if (const std::size_t exceed = count_of(report, Verdict::exceeds_optin); exceed > 0) {
    out += fmt::format("\nExceed the opt-in limit of {} B ({}), with the nearest variant that fits:\n{}",
                       group_digits(report.arch.limits.smem_per_block_optin), exceed, markdown ? "\n" : "");
    for (const Result& r : report.results)
      if (r.budget.verdict == Verdict::exceeds_optin)
        out += fmt::format("{}{}: {} B, {} B over; fits with {}\n", item, code(r.name), group_digits(r.budget.total),
                           over(r), nearest(r));
  }
  // Tactic names give the tile only: say once what the rest was taken as.
  for (const Result& r : report.results)
    if (r.tile_only_from_name) {
      for (const std::string& note : r.reading)
        if (note.starts_with("the tactic name gives the tile ")) out += fmt::format("\ncaution: {}\n", note);
      break;
    }
  if (!lint.not_modelled.empty()) {
    out += fmt::format("\nNot modelled ({}):\n{}", lint.not_modelled.size(), markdown ? "\n" : "");
    for (const LintReport::NotModelled& u : lint.not_modelled)
      out += fmt::format("{}{}: {}\n", item, code(u.name), u.reason);
  }
  return out;
}

// A number, or null where there is none.
void value_or_null(io::JsonWriter& out, bool known, bytes_t value) {
  if (known)
    out.value(value);
  else
    out.null();
}

void write_lint_result(io::JsonWriter& out, const Result& r) {
  const bool sized = r.budget.is_sized();
  out.begin_object().member("name", r.name).key("config");
  io::write_config(out, r.config);
  out.member("verdict", name_of(r.budget.verdict)).member("fits", r.budget.verdict == Verdict::fits);
  value_or_null(out.key("stages"), r.budget.has_stages, r.budget.decision.stages);
  value_or_null(out.key("total"), sized, r.budget.total);
  value_or_null(out.key("headroom"), sized, r.budget.headroom);
  out.member("reason", reason(r));
  if (r.budget.verdict == Verdict::rejected) {
    const RejectionInfo info = describe(r.budget.rejection);
    out.member("assertion", info.assertion).member("source", info.source);
  }
  if (r.suggestions && !r.suggestions->empty()) {
    const Suggestion& s = r.suggestions->front();
    out.key("nearest_fit").begin_object().member("change", describe_changes(s, r)).key("config");
    io::write_config(out, s.config);
    out.member("stages", s.budget.decision.stages).member("total", s.budget.total).end();
  }
  out.end();
}

std::string lint_json(const LintReport& lint) {
  const Report& report = lint.report;
  const auto count = [](std::size_t n) { return static_cast<std::int64_t>(n); };
  std::string text;
  io::JsonWriter out(text);
  out.begin_object().member("tool", "smem-budget").member("version", SMEM_BUDGET_VERSION).key("arch");
  write_arch(out, report.arch);
  out.key("sources").begin_array();
  for (const std::string& source : lint.sources) out.value(source);
  out.end().key("results").begin_array();
  for (const Result& r : report.results) write_lint_result(out, r);
  out.end().key("not_modelled").begin_array();
  for (const LintReport::NotModelled& u : lint.not_modelled)
    out.begin_object().member("name", u.name).member("reason", u.reason).end();
  out.end().key("never_compile").begin_array();
  for (const RefusalGroup& g : refusals(report)) {
    out.begin_object().member("assertion", g.info.assertion).member("source", g.info.source);
    out.member("rule", g.info.rule).key("names").begin_array();
    for (const Result* r : g.results) out.value(r->name);
    out.end().end();
  }
  out.end().key("summary").begin_object();
  out.member("names", count(report.results.size() + lint.not_modelled.size()));
  out.member("fit", count(count_of(report, Verdict::fits)));
  out.member("exceed", count(count_of(report, Verdict::exceeds_optin)));
  out.member("never_compile", count(count_of(report, Verdict::rejected)));
  out.member("not_modelled", count(lint.not_modelled.size()));
  out.end().end();
  return text + "\n";
}

// One row per name, every column one value: what a spreadsheet or a CI script wants.
std::string lint_csv(const LintReport& lint) {
  const Report& report = lint.report;
  Rows rows{{"name", "tile", "stages", "total", "limit", "headroom", "verdict", "reason", "assertion", "nearest_fit",
             "nearest_fit_total", "arch", "cutlass", "tool_version"}};
  for (const Result& r : report.results) {
    const bool sized = r.budget.is_sized();
    const bool suggested = r.suggestions && !r.suggestions->empty();
    rows.push_back({r.name, io::format_tile(r.config.tile),
                    r.budget.has_stages ? stage_counts_text(r.budget.decision.counts) : "",
                    sized ? std::to_string(r.budget.total) : "", std::to_string(r.budget.limit),
                    sized ? std::to_string(r.budget.headroom) : "", std::string(name_of(r.budget.verdict)), reason(r),
                    std::string(describe(r.budget.rejection).assertion),
                    suggested ? describe_changes(r.suggestions->front(), r) : "",
                    suggested ? std::to_string(r.suggestions->front().budget.total) : "", report.arch.name,
                    io::format_version(r.config.cutlass), SMEM_BUDGET_VERSION});
  }
  for (const LintReport::NotModelled& u : lint.not_modelled)
    rows.push_back({u.name, "", "", "", std::to_string(report.arch.limits.smem_per_block_optin), "",
                    std::string(not_modelled_word), u.reason, "", "", "", report.arch.name, "", SMEM_BUDGET_VERSION});
  return grid(rows, Format::csv, rows[0].size());
}

}  // namespace

std::string lint(const LintReport& lint, Format format) {
  switch (format) {
    case Format::json:
      return lint_json(lint);
    case Format::csv:
      return lint_csv(lint);
    case Format::markdown:
      return fmt::format("*{}*\n\n{}{}\n**{}**\n", caption(lint), grid(name_rows(lint, true), Format::markdown, 1),
                         sections(lint, true), summary(lint));
    case Format::table:
      break;
  }
  return fmt::format("{}\n\n{}{}\n{}\n", caption(lint), name_table(lint), sections(lint, false), summary(lint));
}

}  // namespace smem_budget::render
