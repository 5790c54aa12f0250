#include <algorithm>

#include <fmt/format.h>

#include "io/parse.hpp"
#include "render/render.hpp"

namespace smem_budget::render {

namespace {

// A 3.x kernel's family, schedule, epilogue and output, as a summary row spells them.
void summarize_3x(const Config& c, const Budget& b, SummaryRow& row) {
  switch (family_of(c)) {
    case Family::block_scaled:
      break;
    case Family::block_scaled_sparse:
      row.types += " sparse";
      break;
    case Family::blockwise:
      row.types += " blockwise " + io::format_scale_granularity(granularity_of(c));
      break;
    case Family::plain:
      // "s4:bf16 mixed scl shfl": a mixed-input kernel's conversion, as its name spells it.
      row.types += is_mixed_input(c) ? fmt::format(" mixed {}{}", io::format_conversion(c.conversion),
                                                   c.shuffled ? " shfl" : "")
                                     : std::string(" plain");
      break;
    case Family::plain_sparse:
      row.types += " plain sparse";
      break;
  }
  // "auto (2sm)": what KernelScheduleAuto builds; "cp.async" where SM90's or SM100's loads A and B without TMA.
  const Schedule built = built_schedule(c, b.rule_set);
  const bool cp_async = (b.rule_set == RuleSet::sm90 && sm90_cp_async(c)) ||
                        (b.rule_set == RuleSet::sm100 && c.scaling == Scaling::none && sm100_cp_async(c));
  row.schedule = std::string(io::format_schedule(c.schedule)) +
                 (built != c.schedule ? fmt::format(" ({}{})", cp_async && !c.cp_async ? "cp.async " : "",
                                                    io::format_schedule(built))
                                      : "") +
                 (c.cp_async ? " cp.async" : "") +
                 (c.moe && b.rule_set == RuleSet::sm90 ? " grouped (TensorRT-LLM's mixed-input MoE kernel)"
                  : c.grouped                           ? " grouped"
                  : c.batched                           ? " batched"
                                                        : "");
  row.epilogue = std::string(io::format_epilogue(c.epilogue));
  row.output = c.epilogue == EpilogueKind::finalize ? fmt::format("{}", name_of(c.d))
                                                    : fmt::format("{}->{}", name_of(c.c), name_of(c.d));
}

}  // namespace

std::string tile_given(const Result& r) {
  return r.tile_in_bytes.empty() ? "" : " (given as " + r.tile_in_bytes + ")";
}

std::string shown_name(const Result& r) {
  if (!r.own_arch) return r.name;
  return r.name.empty() ? fmt::format("[{}]", r.own_arch->name) : fmt::format("[{}] {}", r.own_arch->name, r.name);
}

const std::string& arch_of(const Result& r, const Report& report) {
  return r.own_arch ? r.own_arch->name : report.arch.name;
}

std::string own_architectures_line(const Report& report) {
  const bool any =
      std::any_of(report.results.begin(), report.results.end(), [](const Result& r) { return r.own_arch.has_value(); });
  return any ? "[arch]: an entry judged on the architecture it names, with that architecture's limit\n" : "";
}

SummaryRow summarize(const Result& r, bool group) {
  const Config& c = r.config;
  const Budget& b = r.budget;
  const auto number = [&](long long v) { return group ? group_digits(v) : std::to_string(v); };
  SummaryRow row;
  row.name = r.name;
  row.tile = io::format_tile(c.tile);
  row.types = io::format_types(c.types, c.scaling);
  // Every 2.x budget names its accumulator; a 3.x one only when it is not the operands' own.
  if (b.accumulator != Element::none) row.types += fmt::format(" ({} accumulator)", name_of(b.accumulator));
  if (c.generation == Generation::cutlass2x) {
    // "128x128x32 warp 64x64x32", "2.x multistage", "default", "f16".
    // TensorRT-LLM's fused MoE kernel runs 4 warps whatever the warp tile: it is not shown.
    const bool fused_moe = c.activation != Activation::none;
    if (!fused_moe) row.tile += " warp " + io::format_warp(c.warp);
    if (c.math != Math::automatic) row.types += fmt::format(" via {}", io::format_math(c.math));
    row.schedule = c.opclass == OpClass::simt ? "2.x SIMT multistage"
                   : c.sparse                     ? "2.x sparse multistage"
                   : c.planar_complex             ? (c.batched ? "2.x planar complex array" : "2.x planar complex")
                   : fused_moe                    ? "TensorRT-LLM fused MoE (CuTe SM80)"
                   : c.moe                        ? "2.x TensorRT-LLM MoeFCGemm"
                   : c.interleaved                ? "2.x multistage interleaved"
                   : c.grouped                    ? "2.x multistage grouped"
                                                  : "2.x multistage";
    // TensorRT-LLM's weight-only mainloop: "… (dequantizing, scl)".
    if (c.conversion != Conversion::convert)
      row.schedule += fmt::format(" (dequantizing, {})", io::format_conversion(c.conversion));
    row.epilogue = c.fusion != Fusion::none ? fmt::format("vLLM c2x {}", io::format_fusion(c))
                   : fused_moe              ? fmt::format("{} (its own)", io::format_activation(c.activation))
                                            : std::string(io::format_epilogue(c.epilogue));
    row.output = std::string(name_of(c.d));
  } else {
    summarize_3x(c, b, row);
  }
  row.stages = b.has_stages ? stage_counts_text(b.decision.counts) : "-";
  const bool sized = b.is_sized();
  row.mainloop = sized ? number(b.mainloop_tensors) : "-";
  row.epilogue_bytes = sized ? number(b.epilogue_shared_storage) : "-";
  row.total = sized ? number(b.total) : "-";
  row.headroom = sized ? number(b.headroom) : "-";
  row.verdict = std::string(name_of(b.verdict));
  return row;
}

Rows suggestion_rows(const Result& asked) {
  Rows rows{{"change", "tile", "stages", "total", "headroom"}};
  for (const Suggestion& s : asked.suggestions.value_or(std::vector<Suggestion>{}))
    rows.push_back({describe_changes(s, asked), tile_as_asked(s.config.tile, asked),
                    std::to_string(s.budget.decision.stages), group_digits(s.budget.total),
                    group_digits(s.budget.headroom)});
  return rows;
}

}  // namespace smem_budget::render
