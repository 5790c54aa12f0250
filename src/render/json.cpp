#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/parse.hpp"
#include "io/settings.hpp"
#include "render/render.hpp"
#include "smem_budget/explain.hpp"

namespace smem_budget::render {

using ojson = nlohmann::ordered_json;

ojson arch_json(const Architecture& arch) {
  const ArchLimits& a = arch.limits;
  return {{"name", arch.name},
          {"example_parts", arch.example_parts},
          {"compute_capability", std::to_string(a.cc.major) + "." + std::to_string(a.cc.minor)},
          {"smem_per_sm", a.smem_per_sm},
          {"smem_per_block", a.smem_per_block},
          {"smem_per_block_optin", a.smem_per_block_optin},
          {"reserved_smem_per_block", a.reserved_smem_per_block},
          {"layout_rules", has_layout_rules(a.cc)},
          {"source", arch.source},
          {"notes", arch.notes}};
}

namespace {

ojson bytes_json(const Budget& b) {
  ojson bytes = {{"mainloop_tensors", b.mainloop_tensors},
                 {"epilogue_shared_storage", b.epilogue_shared_storage},
                 {"epilogue_tensors", b.epilogue.tensor_size},
                 {"tensor_storage", b.tensor_storage},
                 {"total", b.total}};
  ojson parts = ojson::array();
  for (const Part& part : b.parts) parts.push_back({{"part", part_label(part, b)}, {"bytes", part.bytes}});
  bytes["parts"] = std::move(parts);
  return bytes;
}

}  // namespace

ojson result_json(const Result& r) {
  const Budget& b = r.budget;
  ojson j;
  j["name"] = r.name;
  j["config"] = io::config_to_json(r.config);
  if (!r.tile_in_bytes.empty()) j["tile_given"] = r.tile_in_bytes;  // K in bytes of A, as typed
  j["stages"] = b.has_stages ? ojson(b.decision.stages) : ojson(nullptr);
  if (is_sparse(family_of(r.config)) && b.has_stages) {
    j["stages_a"] = b.decision.counts.a;
    j["stages_b"] = b.decision.counts.b;
    j["stages_e"] = b.decision.counts.e;
  }
  if (b.verdict != Verdict::rejected) {
    j["max_fitting_stages"] = b.max_fitting_stages ? ojson(*b.max_fitting_stages) : ojson(nullptr);
    j["builder"] = {{"capacity", b.decision.capacity},
                    {"carveout", b.decision.carveout},
                    {"stage_estimate", b.decision.estimate}};
    // What the builder reserved and counted in all, where it chose the stage count.
    if (const auto builder = explain(r.config, b).builder) {
      j["builder"]["reserve"] = builder->reserve;
      j["builder"]["counted"] = builder->counted;
    }
    j["bytes"] = bytes_json(b);
    j["limit"] = b.limit;
    j["headroom"] = b.headroom;
    j["ctas_per_sm"] = b.ctas_per_sm;
  }
  if (b.rule_set == RuleSet::sm100 && b.has_layout()) j["tmem_columns"] = b.tmem_columns;
  j["verdict"] = name_of(b.verdict);
  j["fits"] = b.verdict == Verdict::fits;
  j["reason"] = reason(r);
  j["notes"] = notes(r);
  if (r.suggestions) {
    ojson list = ojson::array();
    for (const Suggestion& s : *r.suggestions)
      list.push_back({{"change", describe_changes(s, r)},
                      {"config", io::config_to_json(s.config)},
                      {"stages", s.budget.decision.stages},
                      {"total", s.budget.total},
                      {"headroom", s.budget.headroom}});
    j["suggestions"] = std::move(list);
  }
  return j;
}

namespace {

// `value` as nlohmann's dump(2) prints it `depth` levels down, appended to `out`.
void append_nested(std::string& out, const ojson& value, int depth) {
  const std::string text = value.dump(2);
  std::string indent(static_cast<std::size_t>(2 * depth) + 1, ' ');
  indent.front() = '\n';
  std::size_t from = 0;
  for (std::size_t at; (at = text.find('\n', from)) != std::string::npos; from = at + 1) {
    out.append(text, from, at - from);
    out += indent;
  }
  out.append(text, from);
}

}  // namespace

// The document written result by result, as doc.dump(2) would print it, without ever holding a
// tree of every result (a 100,000-entry batch would take gigabytes).
std::string json(const Report& report) {
  std::string out = fmt::format("{{\n  \"tool\": \"smem-budget\",\n  \"version\": \"{}\",\n  \"arch\": ", SMEM_BUDGET_VERSION);
  append_nested(out, arch_json(report.arch), 1);
  out += ",\n  \"results\": ";
  if (report.results.empty()) return out + "[]\n}\n";
  out += "[\n";
  for (std::size_t i = 0; i < report.results.size(); ++i) {
    out += "    ";
    append_nested(out, result_json(report.results[i]), 2);
    out += i + 1 < report.results.size() ? ",\n" : "\n";
  }
  return out + "  ]\n}\n";
}

}  // namespace smem_budget::render
