#include <functional>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "io/parse.hpp"
#include "io/settings.hpp"
#include "parallel.hpp"
#include "render/render.hpp"
#include "smem_budget/explain.hpp"

namespace smem_budget::render {

void write_arch(io::JsonWriter& out, const Architecture& arch) {
  const ArchLimits& a = arch.limits;
  out.begin_object();
  out.member("name", arch.name);
  out.member("example_parts", arch.example_parts);
  out.member("compute_capability", fmt::format("{}.{}", a.cc.major, a.cc.minor));
  out.member("smem_per_sm", a.smem_per_sm);
  out.member("smem_per_block", a.smem_per_block);
  out.member("smem_per_block_optin", a.smem_per_block_optin);
  out.member("reserved_smem_per_block", a.reserved_smem_per_block);
  out.member("layout_rules", has_layout_rules(a.cc));
  out.member("source", arch.source);
  out.key("notes").begin_array();
  for (const std::string& note : arch.notes) out.value(note);
  out.end();
  out.end();
}

namespace {

void write_bytes(io::JsonWriter& out, const Budget& b) {
  out.begin_object();
  out.member("mainloop_tensors", b.mainloop_tensors);
  out.member("epilogue_shared_storage", b.epilogue_shared_storage);
  out.member("epilogue_tensors", b.epilogue.tensor_size);
  out.member("tensor_storage", b.tensor_storage);
  if (b.epilogue_in_mainloop) out.member("epilogue_in_mainloop", true);  // a union: the larger of the two
  out.member("total", b.total);
  out.key("parts").begin_array();
  for (const Part& part : b.parts)
    out.begin_object().member("part", part_label(part, b)).member("bytes", part.bytes).end();
  out.end();
  out.end();
}

// A value known to be there or not: the number, or null.
void value_or_null(io::JsonWriter& out, const std::optional<bytes_t>& value) {
  if (value)
    out.value(*value);
  else
    out.null();
}

}  // namespace

void write_result(io::JsonWriter& out, const Result& r) {
  const Budget& b = r.budget;
  out.begin_object();
  out.member("name", r.name);
  if (r.own_arch) out.member("arch", r.own_arch->name);  // the entry's own architecture, not the report's
  out.key("config");
  io::write_config(out, r.config);
  if (!r.tile_in_bytes.empty()) out.member("tile_given", r.tile_in_bytes);  // K in bytes of A, as typed
  // What an automatic schedule builds ("2sm"), where the rule set decides it.
  if (const Schedule built = built_schedule(r.config, b.rule_set); built != r.config.schedule)
    out.member("built_schedule", io::format_schedule(built));
  out.key("stages");
  value_or_null(out, b.has_stages ? std::optional<bytes_t>(b.decision.stages) : std::nullopt);
  if (b.sf_pipeline && b.has_stages) out.member("stages_sf", b.decision.counts.sf);
  if (is_sparse(family_of(r.config)) && b.has_stages) {
    out.member("stages_a", b.decision.counts.a);
    out.member("stages_b", b.decision.counts.b);
    out.member("stages_e", b.decision.counts.e);
  }
  if (b.is_sized()) {
    out.key("max_fitting_stages");
    value_or_null(out, b.max_fitting_stages);
    // A CollectiveBuilder's numbers; CUTLASS 2.x kernels have no builder.
    if (b.rule_set != RuleSet::sm80) {
      out.key("builder").begin_object();
      out.member("capacity", b.decision.capacity);
      out.member("carveout", b.decision.carveout);
      out.member("stage_estimate", b.decision.estimate);
      // What the builder reserved and counted in all, where it chose the stage count.
      if (const auto builder = explain(r.config, b).builder) {
        out.member("reserve", builder->reserve);
        const ReservePurpose& held = builder->reserve_for;
        out.key("reserve_for").begin_array();
        for (const auto& [holds, name] : {std::pair{held.kernel_pipelines, "kernel_pipelines"},
                                          std::pair{held.scheduler, "scheduler"}, std::pair{held.tensormaps, "tensormaps"},
                                          std::pair{held.transformed_b, "transformed_b"}})
          if (holds) out.value(name);
        out.end();
        out.member("counted", builder->counted);
      }
      out.end();
    }
    out.key("bytes");
    write_bytes(out, b);
    out.member("limit", b.limit);
    out.member("headroom", b.headroom);
    out.member("ctas_per_sm", b.ctas_per_sm);
  }
  if (b.tmem_columns > 0) out.member("tmem_columns", b.tmem_columns);
  out.member("verdict", name_of(b.verdict));
  out.member("fits", b.verdict == Verdict::fits);
  out.member("reason", reason(r));
  out.key("notes").begin_array();
  for (const std::string& note : notes(r)) out.value(note);
  out.end();
  if (r.suggestions) {
    out.key("suggestions").begin_array();
    for (const Suggestion& s : *r.suggestions) {
      out.begin_object().member("change", describe_changes(s, r)).key("config");
      io::write_config(out, s.config);
      out.member("stages", s.budget.decision.stages).member("total", s.budget.total);
      out.member("headroom", s.budget.headroom).end();
    }
    out.end();
  }
  out.end();
}

void json(const Report& report, const std::function<void(std::string_view)>& sink) {
  std::string head;
  io::JsonWriter w(head);
  w.begin_object().member("tool", "smem-budget").member("version", SMEM_BUDGET_VERSION).key("arch");
  write_arch(w, report.arch);
  w.key("results").begin_array();
  // The results a chunk at a time, the chunks of a round written on all cores, each result where
  // the document's writer would put it: an element of "results", two levels deep.
  constexpr std::size_t results_per_chunk = 1024, chunks_per_round = 16;
  const std::vector<Result>& results = report.results;
  std::vector<std::string> chunks(chunks_per_round);
  for (std::size_t round = 0; round * results_per_chunk * chunks_per_round < results.size(); ++round) {
    const std::size_t first = round * results_per_chunk * chunks_per_round;
    for_each_index(
        chunks_per_round,
        [&](std::size_t c) {
          std::string& out = chunks[c];
          out.clear();  // keeps its capacity: the next round fills the same memory
          for (std::size_t i = first + c * results_per_chunk;
               i < std::min(first + (c + 1) * results_per_chunk, results.size()); ++i) {
            out += i == 0 ? "\n    " : ",\n    ";
            io::JsonWriter element(out, 2);
            write_result(element, results[i]);
          }
        },
        1);
    if (first == 0) sink(head);
    for (const std::string& chunk : chunks) sink(chunk);
  }
  if (results.empty()) {
    w.end().end();
    head += '\n';
    return sink(head);
  }
  sink("\n  ]\n}\n");  // the list and the document closed, as their writer would have
}

std::string json(const Report& report) {
  std::string text;
  json(report, [&](std::string_view chunk) { text += chunk; });
  return text;
}

}  // namespace smem_budget::render
