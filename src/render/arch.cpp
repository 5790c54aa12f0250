// `smem-budget arch`: architectures and their shared-memory limits, as a table or JSON.
#include <algorithm>

#include <fmt/format.h>

#include "render/render.hpp"

namespace smem_budget::render {

namespace {

std::string layout_rules_of(ComputeCapability cc) {
  const ModelledArchitecture* row = modelled(rule_set_of(cc));
  return row ? fmt::format("yes ({})", row->gemms) : "limits only";
}

// The product names --arch takes for a built-in architecture (arch_aliases), or nothing.
std::string product_names_line(std::string_view arch) {
  std::string names;
  for (const ArchAlias& alias : arch_aliases)
    if (alias.arch == arch) names += fmt::format("{}{}", names.empty() ? "" : ", ", alias.alias);
  return names.empty() ? "" : fmt::format("  {:<7}{}\n", arch, names);
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
  // The name column as wide as the longest name (an arch file's may be long).
  std::size_t name_width = 8;
  for (const Architecture& a : archs) name_width = std::max(name_width, a.name.size());
  std::string out = fmt::format("{:<{}} {:<22} {:>4} {:>9} {:>9} {:>9} {:>8}  {}\n", "arch", name_width, "parts", "cc",
                                "per SM", "opt-in", "default", "reserved", "layout rules");
  for (const Architecture& a : archs)
    out += fmt::format("{:<{}} {:<22} {:>4} {:>9} {:>9} {:>9} {:>8}  {}\n", a.name, name_width, a.example_parts,
                       fmt::format("{}.{}", a.limits.cc.major, a.limits.cc.minor), group_digits(a.limits.smem_per_sm),
                       group_digits(a.limits.smem_per_block_optin), group_digits(a.limits.smem_per_block),
                       group_digits(a.limits.reserved_smem_per_block), layout_rules_of(a.limits.cc));
  const bool any_builtin =
      std::any_of(archs.begin(), archs.end(), [](const Architecture& a) { return a.source == "built-in"; });
  if (any_builtin) out += "--arch also takes sm_XXa, compute_XX, the compute capability (12.0) and, in any case:\n";
  for (const Architecture& a : archs) {
    out += a.source == "built-in" ? product_names_line(a.name) : fmt::format("source: {}\n", a.source);
    for (const std::string& note : a.notes) out += fmt::format("note: {}\n", note);
  }
  return out;
}

}  // namespace smem_budget::render
