#include "cli/arch_command.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/arch_file.hpp"
#include "io/settings.hpp"
#include "render/render.hpp"
#include "report.hpp"

namespace smem_budget::cli {

void setup_arch_command(CLI::App& app, ArchOptions& o) {
  CLI::App* arch = app.add_subcommand("arch", "List the built-in architectures and their shared-memory limits, or "
                                              "show one (a name or an arch JSON file). Reports and exits 0 (2 on bad input).");
  arch->add_option("ARCH", o.arch, "Show only this architecture (name, native, or arch JSON file)");
  arch->add_flag("--native", o.native, "Show what the CUDA driver reports for this machine's GPU (same as ARCH native)");
  o.device_option = arch->add_option("--device", o.device, "With --native: which GPU, as the driver numbers them. "
                                                           "Default: 0")
                        ->check(CLI::NonNegativeNumber);
  arch->add_option("--format", o.format, "table or json. Default: table")->check(CLI::IsMember({"table", "json"}));
  arch->add_option("-o,--output", o.output, "Write to this file instead of standard output");
}

std::string run_arch_command(const ArchOptions& o) {
  if (o.native && !o.arch.empty() && o.arch != "native")
    throw io::InputError(fmt::format("--native: contradicts ARCH \"{}\"; give one of them", o.arch));
  const std::string spec = o.native ? "native" : o.arch;
  if (o.device_option->count() > 0 && spec != "native")
    throw io::InputError("--device: only used with --native");
  std::vector<Architecture> archs;
  if (spec.empty())
    for (const ArchLimits& a : builtin_archs) archs.push_back(io::builtin_architecture(a));
  else
    archs.push_back(io::resolve_arch(spec, o.native || spec == "native" ? "--arch" : "ARCH", o.device));
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
  for (const Architecture& a : archs) {
    if (a.source != "built-in") out += fmt::format("source: {}\n", a.source);
    for (const std::string& note : a.notes) out += fmt::format("note: {}\n", note);
  }
  return out;
}

}  // namespace smem_budget::cli
