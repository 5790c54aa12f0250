#include "evaluation.hpp"

#include <fmt/format.h>

#include "io/arch_file.hpp"

namespace smem_budget {

Architecture modelled_architecture(const std::string& spec, const std::string& origin, int device) {
  Architecture arch = io::resolve_arch(spec, origin, device);
  if (!has_layout_rules(arch.limits.cc))
    throw io::InputError(fmt::format(
        "{}: {} ({}, compute capability {}.{}): CUTLASS's shared-memory layout rules for sm_{}{} are not modelled "
        "yet; only sm120 and sm121 are (`smem-budget arch {}` still shows its limits)",
        origin, arch.name, arch.example_parts.empty() ? arch.source : arch.example_parts, arch.limits.cc.major,
        arch.limits.cc.minor, arch.limits.cc.major, arch.limits.cc.minor, spec));
  return arch;
}

Result evaluate_entry(const std::string& name, const io::Settings& settings, const Architecture& arch,
                      const std::string& origin) {
  const Config config = io::to_config(settings);
  if (const auto error = invalid_input(config, arch.limits)) throw io::InputError(fmt::format("{}: {}", origin, *error));
  const auto budget = evaluate(config, arch.limits);
  if (!budget)
    throw io::InputError(fmt::format("{}: the byte counts do not fit in 63 bits; use a smaller tile or stage count", origin));
  return {name, config, *budget, std::nullopt};
}

}  // namespace smem_budget
