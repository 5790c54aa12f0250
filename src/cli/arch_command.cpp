#include "cli/arch_command.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/arch_file.hpp"
#include "render/render.hpp"
#include "report.hpp"

namespace smem_budget::cli {

void setup_arch_command(CLI::App& app, ArchOptions& o) {
  CLI::App* arch = app.add_subcommand("arch", "List the built-in architectures and their shared-memory limits, or "
                                              "show one (a name or an arch JSON file)");
  arch->add_option("ARCH", o.arch, "Show only this architecture (name or arch JSON file)");
  arch->add_option("--format", o.format, "table or json. Default: table")->check(CLI::IsMember({"table", "json"}));
  arch->add_option("-o,--output", o.output, "Write to this file instead of standard output");
}

std::string run_arch_command(const ArchOptions& o) {
  std::vector<Architecture> archs;
  if (o.arch.empty())
    for (const ArchLimits& a : builtin_archs) archs.push_back(io::builtin_architecture(a));
  else
    archs.push_back(io::resolve_arch(o.arch, "ARCH"));
  if (o.format == "json") {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Architecture& a : archs) list.push_back(render::arch_json(a));
    return list.dump(2) + "\n";
  }
  std::string out = fmt::format("{:<8} {:<22} {:>4} {:>9} {:>9} {:>9} {:>8}  {}\n", "arch", "parts", "cc", "per SM",
                                "opt-in", "default", "reserved", "layout rules");
  for (const Architecture& a : archs)
    out += fmt::format("{:<8} {:<22} {:>4} {:>9} {:>9} {:>9} {:>8}  {}\n", a.name, a.example_parts,
                       fmt::format("{}.{}", a.limits.cc.major, a.limits.cc.minor), group_digits(a.limits.smem_per_sm),
                       group_digits(a.limits.smem_per_block_optin), group_digits(a.limits.smem_per_block),
                       group_digits(a.limits.reserved_smem_per_block),
                       has_layout_rules(a.limits.cc) ? "yes (SM120 block-scaled)" : "limits only");
  return out;
}

}  // namespace smem_budget::cli
