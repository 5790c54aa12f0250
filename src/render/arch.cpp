// `smem-budget arch`: architectures and their shared-memory limits, as a table or JSON.
#include <fmt/format.h>

#include "render/render.hpp"

namespace smem_budget::render {

namespace {

std::string layout_rules_of(ComputeCapability cc) {
  const ModelledArchitecture* row = modelled(rule_set_of(cc));
  return row ? fmt::format("yes ({})", row->gemms) : "limits only";
}

}  // namespace

std::string architectures(const std::vector<Architecture>& archs, Format format) {
  if (format == Format::json) {
    std::string text;
    io::JsonWriter out(text);
    out.begin_array();
    for (const Architecture& a : archs) write_arch(out, a);
    out.end();
    return text + "\n";
  }
  std::string out = fmt::format("{:<8} {:<22} {:>4} {:>9} {:>9} {:>9} {:>8}  {}\n", "arch", "parts", "cc", "per SM",
                                "opt-in", "default", "reserved", "layout rules");
  for (const Architecture& a : archs)
    out += fmt::format("{:<8} {:<22} {:>4} {:>9} {:>9} {:>9} {:>8}  {}\n", a.name, a.example_parts,
                       fmt::format("{}.{}", a.limits.cc.major, a.limits.cc.minor), group_digits(a.limits.smem_per_sm),
                       group_digits(a.limits.smem_per_block_optin), group_digits(a.limits.smem_per_block),
                       group_digits(a.limits.reserved_smem_per_block), layout_rules_of(a.limits.cc));
  for (const Architecture& a : archs) {
    if (a.source != "built-in") out += fmt::format("source: {}\n", a.source);
    for (const std::string& note : a.notes) out += fmt::format("note: {}\n", note);
  }
  return out;
}

}  // namespace smem_budget::render
