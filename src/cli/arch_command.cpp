#include "cli/arch_command.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "arch_resolution.hpp"
#include "io/settings.hpp"
#include "render/render.hpp"

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
    for (const ArchLimits& a : builtin_archs) archs.push_back(builtin_architecture(a));
  else
    archs.push_back(resolve_architecture(spec, o.native || spec == "native" ? "--arch" : "ARCH", o.device));
  return render::architectures(archs, o.format == "json" ? render::Format::json : render::Format::table);
}

}  // namespace smem_budget::cli
