#include "frontend/architecture.hpp"

#include <fmt/format.h>

#include "io/arch_file.hpp"
#include "io/config_keys.hpp"
#include "io/input_error.hpp"
#include "native/device_query.hpp"
#include "smem_budget/evaluate.hpp"

namespace smem_budget::frontend {
namespace {

std::string builtin_names() {
  std::string names;
  for (const ArchLimits& a : builtin_archs) names += (names.empty() ? "" : ", ") + std::string(a.name);
  return names;
}

}  // namespace

io::Settings with_architecture_defaults(io::Settings settings, const Architecture& arch) {
  // Generation 2x given on a later architecture asks for the 2.x kernels' defaults, as sm80 does.
  const bool two_x = io::string_setting(settings, "generation") == io::format_generation(Generation::cutlass2x);
  const RuleSet own = rule_set_of(arch.limits.cc);
  const RuleSet rule_set = rule_set_of(two_x ? Generation::cutlass2x : Generation::cutlass3x, arch.limits.cc);
  for (const io::ArchitectureDefault& d : io::architecture_defaults)
    if (d.rule_set == rule_set && !settings.contains(d.key))
      settings.emplace(std::string(d.key),
                       io::Setting{std::string(d.value),
                                   fmt::format("the {} default", rule_set == own ? arch.name : d.arch), false, true});
  return settings;
}

Architecture builtin_architecture(const ArchLimits& limits) {
  return {std::string(limits.name), std::string(limits.example_parts), "built-in", limits, {}};
}

Architecture resolve_architecture(const std::string& spec, const std::string& origin, int device) {
  if (spec == "native") {
    try {
      return native::read_native_architecture(device);
    } catch (const io::InputError& e) {
      throw io::InputError(fmt::format("{} {}", origin, e.what()));  // "--arch native: cannot load the CUDA driver …"
    }
  }
  if (const auto known = find_arch(spec)) return builtin_architecture(*known);
  const bool looks_like_path = spec.find('/') != std::string::npos || spec.ends_with(".json");
  if (!looks_like_path)
    throw io::InputError(
        fmt::format("{}: \"{}\": unknown architecture (built-in: {}, also as sm_120a, compute_120 or 12.0, or a "
                    "product name such as H100, B200 or \"RTX PRO 6000\", in any case; native; or a path to an arch "
                    "JSON file; `smem-budget arch` lists the names)",
                    origin, spec, builtin_names()));
  try {
    return io::load_arch_file(spec);
  } catch (const io::InputError& e) {
    throw io::InputError(fmt::format("{}: {}", origin, e.what()));  // where the file was named: a batch entry's arch
  }
}

Architecture modelled_architecture(const std::string& spec, const std::string& origin, int device) {
  Architecture arch = resolve_architecture(spec, origin, device);
  if (!has_layout_rules(arch.limits.cc))
    throw io::InputError(fmt::format(
        "{}: {} ({}, compute capability {}.{}): CUTLASS's shared-memory layout rules for sm_{}{} are not modelled "
        "yet; sm75, sm80, sm86, sm87, sm89, sm90, sm100, sm103, sm110, sm120 and sm121 are (`smem-budget arch {}` "
        "still shows its limits)",
        origin, arch.name, arch.example_parts.empty() ? arch.source : arch.example_parts, arch.limits.cc.major,
        arch.limits.cc.minor, arch.limits.cc.major, arch.limits.cc.minor, spec));
  return arch;
}

}  // namespace smem_budget::frontend
