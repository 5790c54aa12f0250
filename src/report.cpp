#include "report.hpp"

#include <fmt/format.h>

#include "io/parse.hpp"

namespace smem_budget {

std::string group_digits(long long value) {
  const std::string digits = std::to_string(value < 0 ? -value : value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return value < 0 ? "-" + out : out;
}

namespace {

std::string builder_rule(const Result& r) {
  const StageDecision& d = r.budget.decision;
  if (r.config.stages.kind == StagePolicy::Kind::fixed) return fmt::format("StageCount<{}>", d.stages);
  return fmt::format("builder: ({} - {}) / {} = {}", d.capacity, d.carveout, d.estimate, d.stages);
}

}  // namespace

std::string reason(const Result& r) {
  const Budget& b = r.budget;
  switch (b.verdict) {
    case Verdict::fits: return "";
    case Verdict::rejected: {
      if (b.rejection == Rejection::stages_below_two)
        return fmt::format("stage count {} < 2: {} ({})", b.decision.stages, describe(b.rejection).rule, builder_rule(r));
      return fmt::format("CUTLASS does not compile it: {}", describe(b.rejection).rule);
    }
    case Verdict::exceeds_optin: {
      std::string why = fmt::format("{} B exceeds the {} B opt-in limit by {} B", b.total, b.limit, -b.headroom);
      if (r.config.stages.kind != StagePolicy::Kind::fixed)
        why += fmt::format("; the builder picked {} stages from ({} - {}) / {} but the kernel also holds its "
                           "pipelines, scheduler{} and 1 KiB alignment padding",
                           b.decision.stages, b.decision.capacity, b.decision.carveout, b.decision.estimate,
                           r.config.grouped ? ", tensormaps" : "");
      if (b.max_fitting_stages) why += fmt::format("; StageCount<{}> would fit", *b.max_fitting_stages);
      else why += "; no stage count >= 2 fits";
      return why;
    }
  }
  return "";
}

std::string part_label(const Part& part, const Budget& b) {
  if (part.kind == PartKind::padding) return fmt::format("padding to align {}", part.name);
  if (part.kind == PartKind::tail_padding) return fmt::format("padding at the end of {}", part.name);
  const bytes_t s = b.decision.stages;
  const MainloopStage& st = b.stage;
  const auto per_stage = [&](std::string_view label, bytes_t per) {
    if (per == 0) return fmt::format("{} (no scale rows: placeholder array)", label);
    if (part.bytes == s * per) return fmt::format("{} ({} x {})", label, s, group_digits(per));
    return fmt::format("{} ({} x {}, layout spans more)", label, s, group_digits(per));
  };
  if (part.name == "A tiles") return per_stage("A tiles", st.a);
  if (part.name == "B tiles") return per_stage("B tiles", st.b);
  if (part.name == "SFA scales") return per_stage("SFA scale factors", st.sfa);
  if (part.name == "SFB scales") return per_stage("SFB scale factors", st.sfb);
  return std::string(part.name);
}

}  // namespace smem_budget
