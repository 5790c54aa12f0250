// The terminal table: a breakdown for one configuration, a summary row per configuration otherwise.
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "io/parse.hpp"
#include "render/render.hpp"
#include "smem_budget/explain.hpp"

namespace smem_budget::render {

// Left-aligns the first `left` columns, right-aligns the rest; columns two spaces apart.
std::string text_columns(const Rows& rows, std::size_t left) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      width[i] = std::max(width[i], row[i].size());
    }
  std::string out;
  for (const auto& row : rows) {
    const std::size_t start = out.size();
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i > 0) out += "  ";
      const std::size_t pad = width[i] - row[i].size();
      if (i >= left) out.append(pad, ' ');
      out += row[i];
      if (i < left) out.append(pad, ' ');
    }
    while (out.size() > start && out.back() == ' ') out.pop_back();
    out += '\n';
  }
  return out;
}

namespace {

// Breaks `text` at spaces into lines of at most `width` columns (a longer word stays whole),
// continuing with `indent`; the text's own leading spaces stay on its first line.
std::string wrap(const std::string& text, std::size_t width, const std::string& indent) {
  std::size_t start = text.find_first_not_of(' ');
  if (start == std::string::npos) return text + "\n";
  std::string out, line = text.substr(0, start);
  bool line_has_word = false;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view word = std::string_view(text).substr(start, end - start);
    if (line_has_word && line.size() + 1 + word.size() > width) {
      out += line;
      out += '\n';
      line = indent;
      line_has_word = false;
    }
    if (line_has_word) line += ' ';
    line += word;
    line_has_word = true;
    start = text.find_first_not_of(' ', end);
    if (start == std::string::npos) break;
  }
  return out + line + "\n";
}

std::string percent(bytes_t part, bytes_t whole) {
  return fmt::format("{:.1f}%", 100.0 * double(part) / double(whole));
}

std::string verdict_line(const Result& r) {
  const Budget& b = r.budget;
  if (b.verdict == Verdict::fits) return fmt::format("verdict: fits, {} bytes to spare", group_digits(b.headroom));
  // TensorRT-LLM's fused MoE launcher has no initialize(): its occupancy query answers 0 and its opt-in fails
  // (fused_moe_gemm_launcher_sm80.inl:55-61, 83-89).
  if (b.verdict == Verdict::exceeds_optin && r.config.activation != Activation::none)
    return fmt::format("verdict: exceeds-optin, {} bytes over the opt-in limit (TensorRT-LLM's launcher reports "
                       "occupancy 0, and cudaFuncSetAttribute fails)",
                       group_digits(-b.headroom));
  if (b.verdict == Verdict::exceeds_optin)
    return fmt::format(
        "verdict: exceeds-optin, {} bytes over the opt-in limit (initialize() returns \"Error Internal\")",
        group_digits(-b.headroom));
  return fmt::format("verdict: rejected: {}", reason(r));
}

std::string stage_policy(const Config& c) {
  switch (c.stages.kind) {
    case StagePolicy::Kind::auto_carveout:
      return "StageCountAutoCarveout<sizeof(epilogue SharedStorage)>";
    case StagePolicy::Kind::auto_epi:
      return "StageCountAutoCarveoutEpi";
    case StagePolicy::Kind::auto_zero:
      return "StageCountAuto";
    case StagePolicy::Kind::fixed:
      return fmt::format("StageCount<{}>", c.stages.count);
  }
  return "";
}

std::string describe_config(const Result& r) {
  const SummaryRow row = summarize(r, true);
  return fmt::format("{}{} {}, {}, {} epilogue {}, CUTLASS {}", row.tile, tile_given(r), row.types, row.schedule, row.epilogue,
                     row.output, io::format_version(r.config.cutlass));
}

std::string suggestions(const Result& asked) {
  if (asked.suggestions->empty()) return "nothing near it fits\n";
  Rows rows = suggestion_rows(asked);
  for (auto& row : rows) row.front().insert(0, "  ");
  return "\nwould fit instead, cheapest change first:\n" + text_columns(rows, 2);
}

// The builder's arithmetic next to the kernel's real layout, term by term.
std::string builder_against_kernel(const BuilderCount& builder, const KernelCount& kernel) {
  std::string out = fmt::format("builder: ({} capacity - {} reserved - {} carveout) / {} per stage = {} stages\n",
                                group_digits(builder.capacity), group_digits(builder.reserve),
                                group_digits(builder.carveout), group_digits(builder.per_stage),
                                builder_stages_text(builder.stages, builder.raised_from));
  const Rows rows{{"", "builder counts", "kernel holds"},
                  {fmt::format("  mainloop tensors, {} stages", builder.stages),
                   group_digits(builder.stages * builder.per_stage), group_digits(kernel.mainloop_tensors)},
                  {"  epilogue", group_digits(builder.carveout), group_digits(kernel.epilogue_tensors)},
                  {kernel.tensormaps > 0 || builder.reserve_for.tensormaps ? "  scheduler, tensormaps, barriers, padding"
                                                                           : "  scheduler, barriers, padding",
                   group_digits(builder.reserve), group_digits(kernel.tensor_alignment + kernel.outside_tensors)},
                  {"  total", group_digits(builder.counted), group_digits(kernel.total)}};
  return out + text_columns(rows, 1);
}

std::string breakdown(const Report& report, const Result& r) {
  const Budget& b = r.budget;
  std::string out = describe_config(r) + "\n";
  if (!r.name.empty()) out = r.name + ": " + out;
  out += "\n";
  if (!b.is_sized()) {
    out += verdict_line(r) + "\n";
    for (const std::string& note : notes(r)) out += wrap("caution: " + note, 100, "         ");
    if (r.suggestions) out += suggestions(r);
    return out;
  }
  Rows rows{{"part", "bytes", "of limit"}};
  bytes_t padding = 0;
  for (const Part& part : b.parts) {
    rows.push_back({part_label(part, b), group_digits(part.bytes), percent(part.bytes, b.limit)});
    if (part.kind == PartKind::padding || part.kind == PartKind::tail_padding) padding += part.bytes;
  }
  rows.push_back({"total (GemmKernel::SharedStorageSize)", group_digits(b.total), percent(b.total, b.limit)});
  out += text_columns(rows, 1);
  out += "\n";
  const StageDecision& d = b.decision;
  out += fmt::format("stages: {} from {}\n", d.stages, stage_policy(r.config));
  if (d.counts.sf != d.counts.a)
    out += fmt::format("  SM103's scale-factor pipeline: {} stages, filled after the {} A/B stages\n", d.counts.sf,
                       d.stages);
  if (d.counts.half_k_b)
    out += fmt::format(
        "  the sparse builder's 1.5-stage fallback: {} A stages, {} B stages at half K, metadata E in "
        "global memory\n",
        d.counts.a, d.counts.b);
  if (const Explanation e = explain(r.config, b); e.builder)
    out += builder_against_kernel(*e.builder, e.kernel);
  if (!b.no_stage_count.empty())
    out += fmt::format("largest stage count that fits: n/a ({})\n", b.no_stage_count);
  else
    out += fmt::format("largest stage count that fits: {}\n",
                       b.max_fitting_stages ? std::to_string(*b.max_fitting_stages) : std::string("none"));
  if (b.tmem_columns > 0)
    out += fmt::format("tensor memory: {} of {} columns ({} accumulator stage{} of {} + scale factors {})\n",
                       b.tmem_columns, sm100_tmem_columns, b.tmem_accumulator_stages,
                       b.tmem_accumulator_stages == 1 ? "" : "s", r.config.tile.n,
                       b.tmem_columns - b.tmem_accumulator_columns);
  out += fmt::format("limit: {} B opt-in per block ({}); headroom {} B\n", group_digits(b.limit), arch_of(r, report),
                     group_digits(b.headroom));
  for (const std::string& note : report.arch.notes) out += "note: " + note + "\n";
  out += fmt::format("alignment padding: {} B; CTAs per SM by shared memory: {}; smem-budget {}\n",
                     group_digits(padding), b.ctas_per_sm, SMEM_BUDGET_VERSION);
  out += verdict_line(r) + "\n";
  if (b.verdict == Verdict::exceeds_optin) out += wrap("why: " + reason(r), 100, "     ");
  for (const std::string& note : notes(r)) out += wrap("caution: " + note, 100, "         ");
  if (r.suggestions) out += suggestions(r);
  return out;
}

}  // namespace

std::string table(const Report& report) {
  if (report.results.size() == 1) return breakdown(report, report.results.front());
  Rows rows(report.results.size() + 1);
  rows[0] = {"name",   "tile",     "types",    "schedule", "epilogue", "C->D",
             "stages", "mainloop", "epilogue", "total",    "headroom", "verdict"};
  for_each_index(report.results.size(), [&](std::size_t i) {
    SummaryRow s = summarize(report.results[i], true);
    rows[i + 1] = {shown_name(report.results[i]),           std::move(s.tile),   std::move(s.types),    std::move(s.schedule),
                   std::move(s.epilogue),       std::move(s.output), std::move(s.stages),   std::move(s.mainloop),
                   std::move(s.epilogue_bytes), std::move(s.total),  std::move(s.headroom), std::move(s.verdict)};
  });
  std::string out =
      fmt::format("{} configurations on {} (opt-in limit {} B), CUTLASS {}; smem-budget {}\n", report.results.size(),
                  report.arch.name, group_digits(report.arch.limits.smem_per_block_optin), cutlass_versions_of(report),
                  SMEM_BUDGET_VERSION);
  for (const std::string& note : report.arch.notes) out += "note: " + note + "\n";
  out += own_architectures_line(report);
  out += '\n';
  out += text_columns(rows, 6);
  const std::string not_fitting = each_result(report.results, [](const Result& r, std::size_t i, std::string& text) {
    const std::string why = reason(r);
    if (why.empty()) return;
    text += wrap(fmt::format("  [{}] {} {}: {}", i, r.name, io::format_tile(r.config.tile), why), 100, "      ");
    if (!r.suggestions) return;
    if (r.suggestions->empty()) text += "      would fit: nothing near it\n";
    for (std::size_t k = 0; k < r.suggestions->size(); ++k)
      text += fmt::format("      {:<11}{}, {} B\n", k == 0 ? "would fit:" : "",
                          describe_changes((*r.suggestions)[k], r), group_digits((*r.suggestions)[k].budget.total));
  });
  if (!not_fitting.empty()) out += "\nnot fitting:\n" + not_fitting;
  const std::string cautions = each_result(report.results, [](const Result& r, std::size_t i, std::string& text) {
    for (const std::string& note : notes(r))
      text += wrap(fmt::format("  [{}] {} {}: {}", i, r.name, io::format_tile(r.config.tile), note), 100, "      ");
  });
  if (!cautions.empty()) out += "\ncautions:\n" + cautions;
  return out;
}

}  // namespace smem_budget::render
