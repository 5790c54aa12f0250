#include "cli/arch.hpp"

#include <memory>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/config_options.hpp"
#include "cli/output.hpp"
#include "cli/strict_values.hpp"
#include "frontend/architecture.hpp"
#include "io/input_error.hpp"
#include "render/render.hpp"

namespace smem_budget::cli {
namespace {

struct ArchOptions {
  std::string arch;
  bool native = false;
  int device = 0;
  CLI::Option* device_option = nullptr;
  std::string format{render::arch_format_words.front().spelling};
  std::string output;
};

int run_arch(const ArchOptions& o) {
  if (o.native && !o.arch.empty() && o.arch != "native")
    throw io::InputError(fmt::format("--native: contradicts ARCH \"{}\"; give one of them", o.arch));
  const std::string spec = o.native ? "native" : o.arch;
  if (o.device_option->count() > 0 && spec != "native") throw io::InputError("--device: only used with --native");
  std::vector<Architecture> archs;
  if (spec.empty())
    for (const ArchLimits& a : builtin_archs) archs.push_back(frontend::builtin_architecture(a));
  else
    archs.push_back(frontend::resolve_architecture(spec, o.native || spec == "native" ? "--arch" : "ARCH", o.device));
  emit(render::architectures(archs, io::find_word(render::arch_format_words, o.format)->value), o.output);
  return 0;
}

}  // namespace

Subcommand setup_arch(CLI::App& app) {
  auto o = std::make_shared<ArchOptions>();
  CLI::App* arch = app.add_subcommand("arch",
                                      "List the built-in architectures and their shared-memory limits, or "
                                      "show one (a name or an arch JSON file). Reports and exits 0 (2 on bad input).");
  arch->add_option("ARCH", o->arch, "Show only this architecture (name, native, or arch JSON file)")
      ->check(non_empty("give an architecture's name or an arch JSON file, or leave it out to list them all"));
  strict_flag(arch->add_flag("--native", o->native,
                             "Show what the CUDA driver reports for this machine's GPU (same as ARCH native)"));
  o->device_option = arch->add_option("--device", o->device,
                                      "With --native: which GPU, as the driver numbers them. "
                                      "Default: 0")
                         ->check(CLI::NonNegativeNumber);
  add_format_option(*arch, o->format, io::choices_of(render::arch_format_words), "--format json");
  arch->add_option("-o,--output", o->output, "Write to this file instead of standard output")
      ->check(non_empty("give a file name, or leave -o out to write to standard output"));
  return {arch, [o] { return run_arch(*o); }};
}

}  // namespace smem_budget::cli
