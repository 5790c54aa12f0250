#include "render/sentences.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "io/parse.hpp"
#include "smem_budget/explain.hpp"

namespace smem_budget::render {

namespace {

std::string builder_rule(const Result& r) {
  const StageDecision& d = r.budget.decision;
  if (r.config.stages.kind == StagePolicy::Kind::fixed) return fmt::format("StageCount<{}>", d.stages);
  return fmt::format("builder: ({} - {}) / {} = {}", d.capacity, d.carveout, d.estimate,
                     builder_stages_text(d.stages, d.raised_from));
}

// "the builder takes 432 B of its 101,376 B ... = 3 stages, 101,168 B by its count"
std::string builder_count(const BuilderCount& b) {
  const std::string reserve =
      b.reserve == 0 ? fmt::format("the builder keeps its whole {} B capacity", group_digits(b.capacity))
                     : fmt::format("the builder takes {} B off its {} B capacity for {}", group_digits(b.reserve),
                                   group_digits(b.capacity), reserve_purpose_text(b.reserve_for));
  return fmt::format(
      "{}, sets {} B aside for the epilogue and counts {} B per stage, so ({} - {}) / {} = {} stages, "
      "{} B by its count",
      reserve, group_digits(b.carveout), group_digits(b.per_stage), group_digits(b.capacity - b.reserve),
      group_digits(b.carveout), group_digits(b.per_stage), builder_stages_text(b.stages, b.raised_from),
      group_digits(b.counted));
}

// "the kernel's tensors take 100,352 B (...) and the rest of its SharedStorage 2,048 B (...)"
std::string kernel_count(const KernelCount& k) {
  std::string rest;
  const auto term = [&](bytes_t bytes, const char* what) {
    if (bytes > 0) rest += fmt::format("{}{} {}", rest.empty() ? "" : ", ", what, group_digits(bytes));
  };
  term(k.scheduler, "tile scheduler");
  term(k.tensormaps, "TMA descriptors");
  term(k.barriers, "barriers");
  term(k.alignment, "alignment");
  const std::string rest_terms = rest.empty() ? "" : " (" + rest + ")";
  if (k.shared)
    return fmt::format(
        "the kernel's tensors take {} B (the larger of the mainloop's {} and the epilogue's {}, which reuses the "
        "mainloop's bytes) and the rest of its SharedStorage {} B{}",
        group_digits(k.tensor_storage), group_digits(k.mainloop_tensors), group_digits(k.epilogue_tensors),
        group_digits(k.outside_tensors), rest_terms);
  return fmt::format(
      "the kernel's tensors take {} B ({} mainloop + {} epilogue + {} alignment) and the rest of its "
      "SharedStorage {} B{}",
      group_digits(k.tensor_storage), group_digits(k.mainloop_tensors), group_digits(k.epilogue_tensors),
      group_digits(k.tensor_alignment), group_digits(k.outside_tensors), rest_terms);
}

}  // namespace

std::string reserve_purpose_text(const ReservePurpose& purpose) {
  std::vector<std::string_view> held;
  if (purpose.kernel_pipelines) held.push_back("the kernel's pipelines");
  if (purpose.scheduler) held.push_back("the tile scheduler");
  if (purpose.tensormaps) held.push_back("tensormaps");
  if (purpose.transformed_b) held.push_back("B's transformed copies");
  std::string text;
  for (std::size_t i = 0; i < held.size(); ++i)
    text += fmt::format("{}{}", i == 0 ? "" : i + 1 == held.size() ? " and " : ", ", held[i]);
  return text;
}

namespace {

std::string smallest_n_note(const Budget& b) {
  if (!b.tile_n_search.searched) return "";
  if (b.tile_n_search.smallest)
    return fmt::format("; the smallest tile N that compiles with the rest unchanged is {}", *b.tile_n_search.smallest);
  return "; no tile N up to 256 compiles with the rest unchanged";
}

}  // namespace

std::string reason(const Result& r) {
  const Budget& b = r.budget;
  switch (b.verdict) {
    case Verdict::fits:
      return "";
    case Verdict::rejected: {
      if (b.rejection == Rejection::stages_below_two || b.rejection == Rejection::sm90_blockwise_stages_below_two)
        return fmt::format("stage count {} < 2: {} ({})", b.decision.stages, describe(b.rejection).rule,
                           builder_rule(r));
      if (is_sm100_capacity_refusal(b.rejection))
        return fmt::format(
            "CUTLASS does not compile it for the device: its SharedStorage is {} B, over the {} B that "
            "the SM100 kernel asserts (\"{}\", {}; a host-only build compiles it){}",
            group_digits(b.total), group_digits(sm100_cutlass_capacity), describe(b.rejection).assertion,
            describe(b.rejection).source,
            b.max_fitting_stages ? fmt::format("; StageCount<{}> fits", *b.max_fitting_stages) : "");
      const RejectionInfo info = describe(b.rejection);
      if (info.by_build)
        return fmt::format("CUTLASS does not build it: {}: \"{}\" ({}){}", info.rule, info.assertion, info.source,
                           smallest_n_note(b));
      return fmt::format("CUTLASS does not compile it: {}{}", info.rule, smallest_n_note(b));
    }
    case Verdict::exceeds_optin: {
      const Explanation e = explain(r.config, b);
      std::string why = fmt::format("{} B exceeds the {} B opt-in limit by {} B: ", group_digits(b.total),
                                    group_digits(b.limit), group_digits(-b.headroom));
      if (e.builder)
        why += builder_count(*e.builder) + "; ";
      else
        why += fmt::format("with StageCount<{}> ", b.decision.stages);
      why += kernel_count(e.kernel);
      if (b.max_fitting_stages)
        why += fmt::format("; StageCount<{}> would fit", *b.max_fitting_stages);
      else if (!b.no_stage_count.empty())
        why += fmt::format("; {}, so only another tile{} or epilogue helps", b.no_stage_count,
                           r.config.scaling == Scaling::blockwise ? ", granularity" : "");
      else
        why += "; no stage count >= 2 fits";
      return why;
    }
  }
  return "";
}

std::string cutlass_versions_of(const Report& report) {
  std::vector<CutlassVersion> versions;
  for (const Result& r : report.results)
    if (std::find(versions.begin(), versions.end(), r.config.cutlass) == versions.end())
      versions.push_back(r.config.cutlass);
  std::sort(versions.begin(), versions.end());
  return io::format_versions(versions);
}

std::string describes(const Report& report) {
  // A report with no result (a lint none of whose names is modelled) names no release.
  const std::string releases = report.results.empty() ? "" : ", CUTLASS " + cutlass_versions_of(report);
  return fmt::format("smem-budget {}, {} (opt-in limit {} B){}", SMEM_BUDGET_VERSION, report.arch.name,
                     group_digits(report.arch.limits.smem_per_block_optin), releases);
}

std::vector<std::string> notes(const Result& r) {
  std::vector<std::string> out = r.reading;
  const Budget& b = r.budget;
  if (b.is_sized() && b.decision.stages == 1)
    out.push_back(
        "one stage: CUTLASS compiles this kernel (the SM100/SM103 collectives and the 2.x multistage mainloop "
        "have no two-stage minimum), but "
        "a single-stage pipeline cannot load the next k-tile while the MMA works on this one");
  if (b.is_sized() && b.decision.stages == 0)
    out.push_back("no A/B stage: CUTLASS compiles this kernel, but with no room for A and B it cannot work as a GEMM");
  out.insert(out.end(), r.rule_notes.begin(), r.rule_notes.end());
  return out;
}

std::string tile_as_asked(const Tile& tile, const Result& asked) {
  const bytes_t bits = static_cast<bytes_t>(bits_of(asked.config.types.a.data));
  if (asked.tile_in_bytes.empty() || tile.k * bits % 8 != 0) return io::format_tile(tile);
  return fmt::format("{}x{}x{}B", tile.m, tile.n, tile.k * bits / 8);
}

std::string describe_changes(const Suggestion& s, const Result& asked) {
  const Config& c = s.config;
  std::string out;
  for (std::size_t i = 0; i < s.changes.size(); ++i) {
    const Change change = s.changes[i];
    // A change made twice is named once, with where it ends up (K halved twice: "K / 4 (64)").
    const auto repeats = std::count(s.changes.begin(), s.changes.end(), change);
    if (std::find(s.changes.begin(), s.changes.end(), change) != s.changes.begin() + long(i)) continue;
    if (!out.empty()) out += " + ";
    switch (change) {
      case Change::stage_count:
        out += fmt::format("StageCount<{}>", c.stages.count);
        break;
      case Change::epilogue_tile:
        out += fmt::format("epilogue tile {}x{}", c.epilogue_tile.m, c.epilogue_tile.n);
        break;
      case Change::c_void:
        out += "C void";
        break;
      case Change::default_epilogue:
        out += "default epilogue (C void)";
        break;
      case Change::half_k: {
        const std::string tile = tile_as_asked(c.tile, asked);  // K is what follows the last x
        out += fmt::format("K / {} ({})", 1 << repeats, tile.substr(tile.rfind('x') + 1));
        break;
      }
      case Change::smaller_tile:
      case Change::larger_tile:
        out += fmt::format("tile {}", tile_as_asked(c.tile, asked));
        break;
      case Change::listed_tile:
        out += fmt::format("listed tile {}", tile_as_asked(c.tile, asked));
        break;
      case Change::release:
        out += fmt::format("CUTLASS {}", io::format_version(c.cutlass));
        break;
    }
  }
  return out;
}

std::string builder_stages_text(bytes_t stages, const std::optional<bytes_t>& raised_from) {
  return raised_from ? fmt::format("{}, which it raises to {}", *raised_from, stages) : fmt::format("{}", stages);
}

std::string stage_counts_text(const StageCounts& n) {
  if (n.sf != n.a) return fmt::format("{}/SF{}", n.a, n.sf);  // SM103: A/B stages, then the scale factors'
  if (n.a == n.b && n.b == n.e) return std::to_string(n.a);
  return fmt::format("A{}/B{}/E{}", n.a, n.b, n.e);
}

std::string part_label(const Part& part, const Budget& b) {
  if (part.kind == PartKind::padding) return fmt::format("padding to align {}", part.name);
  if (part.kind == PartKind::tail_padding) return fmt::format("padding at the end of {}", part.name);
  const StageCounts& n = b.decision.counts;
  const MainloopStage& st = b.stage;
  const auto per_stage = [&](std::string_view label, bytes_t stages, bytes_t per, std::string_view empty) {
    if (per == 0 || stages == 0) return fmt::format("{} ({}: placeholder array)", label, empty);
    if (part.bytes == stages * per) return fmt::format("{} ({} x {})", label, stages, group_digits(per));
    return fmt::format("{} ({} x {}, layout spans more)", label, stages, group_digits(per));
  };
  if (part.name == "A tiles") return per_stage("A tiles", n.a, st.a, "");
  if (part.name == "B tiles")
    return n.half_k_b ? per_stage("B tiles at half K", n.b, st.b / 2, "") : per_stage("B tiles", n.b, st.b, "");
  if (part.name == "SFA scales") return per_stage("SFA scale factors", n.a, st.sfa, "no scale rows");
  if (part.name == "SFB scales") return per_stage("SFB scale factors", n.a, st.sfb, "no scale rows");
  if (part.name == "A scales") return per_stage("A scales (float)", n.a, st.sfa, "");
  if (part.name == "B scales") return per_stage("B scales (float)", n.a, st.sfb, "");
  if (part.name == "scales") return per_stage("scales", n.a, st.scale, "no scales");
  if (part.name == "zero points") return per_stage("zero points", n.a, st.zero, "no zero points");
  if (part.name == "metadata E") return per_stage("metadata E", n.e, st.e, "kept in global memory");
  return std::string(part.name);
}

}  // namespace smem_budget::render
