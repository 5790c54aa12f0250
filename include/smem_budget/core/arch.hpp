// Shared-memory limits per GPU architecture, and which CUTLASS rule set models each. Only numbers
// and names: what a rule set answers is evaluate.hpp's.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string_view>

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/rules.hpp"

namespace smem_budget {

struct ComputeCapability {
  int major = 0;
  int minor = 0;
  friend constexpr bool operator==(ComputeCapability, ComputeCapability) = default;
};

struct ArchLimits {
  std::string_view name;
  std::string_view example_parts;
  ComputeCapability cc;
  bytes_t smem_per_sm = 0;
  bytes_t smem_per_block = 0;        // without opt-in
  bytes_t smem_per_block_optin = 0;  // what cudaFuncSetAttribute accepts at most
  bytes_t reserved_smem_per_block = 0;
};

// CUDA Programming Guide / CCCL arch_traits. (CUTLASS's builders use constants of their own:
// sm120_cutlass_capacity, sm90_cutlass_capacity, sm100_cutlass_capacity.)
// clang-format off
inline constexpr std::array<ArchLimits, 12> builtin_archs{{
    {"sm70", "V100", {7, 0}, 98'304, 49'152, 98'304, 0},
    {"sm75", "T4, RTX 20", {7, 5}, 65'536, 49'152, 65'536, 0},
    {"sm80", "A100", {8, 0}, 167'936, 49'152, 166'912, 1'024},
    {"sm86", "RTX 30, A6000", {8, 6}, 102'400, 49'152, 101'376, 1'024},
    {"sm87", "Jetson Orin", {8, 7}, 167'936, 49'152, 166'912, 1'024},
    {"sm89", "RTX 40, L40", {8, 9}, 102'400, 49'152, 101'376, 1'024},
    {"sm90", "H100, H200", {9, 0}, 233'472, 49'152, 232'448, 1'024},
    {"sm100", "B200, GB200", {10, 0}, 233'472, 49'152, 232'448, 1'024},
    {"sm103", "B300, GB300", {10, 3}, 233'472, 49'152, 232'448, 1'024},
    {"sm110", "Thor", {11, 0}, 233'472, 49'152, 232'448, 1'024},
    {"sm120", "RTX 50, RTX PRO 6000", {12, 0}, 102'400, 49'152, 101'376, 1'024},
    {"sm121", "GB10 (DGX Spark)", {12, 1}, 102'400, 49'152, 101'376, 1'024},
}};
// clang-format on

// Product names people type for the architectures of `builtin_archs`.
struct ArchAlias {
  std::string_view alias;
  std::string_view arch;
};

// clang-format off
inline constexpr std::array<ArchAlias, 19> arch_aliases{{
    {"rtx-pro-6000", "sm120"}, {"rtxpro6000", "sm120"}, {"rtx5090", "sm120"}, {"rtx5080", "sm120"},
    {"rtx5070", "sm120"},      {"rtx5060", "sm120"},    {"gb10", "sm121"},    {"dgx-spark", "sm121"},
    {"h100", "sm90"},          {"h200", "sm90"},        {"h20", "sm90"},      {"b200", "sm100"},
    {"gb200", "sm100"},        {"b300", "sm103"},       {"gb300", "sm103"},   {"a100", "sm80"},
    {"l40", "sm89"},           {"rtx4090", "sm89"},     {"rtx3090", "sm86"},
}};
// clang-format on

// Accepts "sm120", "sm_120", "120", the arch-specific "sm120a"/"sm_120a"/"sm120f", and the
// product names of `arch_aliases`.
constexpr std::optional<ArchLimits> find_arch(std::string_view name) {
  for (const ArchAlias& alias : arch_aliases)
    if (alias.alias == name) name = alias.arch;
  if (name.starts_with("sm_"))
    name.remove_prefix(3);
  else if (name.starts_with("sm"))
    name.remove_prefix(2);
  if (name.ends_with('a') || name.ends_with('f')) name.remove_suffix(1);
  for (const ArchLimits& arch : builtin_archs)
    if (arch.name.substr(2) == name) return arch;
  return std::nullopt;
}

constexpr std::optional<ArchLimits> find_arch(ComputeCapability cc) {
  for (const ArchLimits& arch : builtin_archs)
    if (arch.cc == cc) return arch;
  return std::nullopt;
}

// Which CUTLASS builders' layout rules the model has for an architecture: arch::Sm90 (H100/H200),
// arch::Sm100 (B200), arch::Sm103 (B300), arch::Sm120 (which SM121 shares).
enum class RuleSet { none, sm90, sm100, sm103, sm120 };

constexpr RuleSet rule_set_of(ComputeCapability cc) {
  if (cc == ComputeCapability{9, 0}) return RuleSet::sm90;
  if (cc == ComputeCapability{10, 0}) return RuleSet::sm100;
  if (cc == ComputeCapability{10, 3}) return RuleSet::sm103;
  // Thor: CUTLASS builds its GEMMs with the SM100 builders (arch::Sm100) for the 110a target
  // (python/cutlass_library/generator.py:12613-12624 at v4.7.0 runs GenerateSM100 for it).
  if (cc == ComputeCapability{11, 0}) return RuleSet::sm100;
  if (cc.major == 12 && (cc.minor == 0 || cc.minor == 1)) return RuleSet::sm120;
  return RuleSet::none;
}

// CTAs one SM can hold at once, as far as shared memory goes: each CTA also costs the per-block
// reservation (measured on an H200: floor(233472 / (bytes + 1024))).
constexpr bytes_t ctas_per_sm(const ArchLimits& arch, bytes_t bytes) {
  const bytes_t per_cta = bytes + arch.reserved_smem_per_block;
  if (bytes > arch.smem_per_block_optin || per_cta <= 0) return 0;
  return arch.smem_per_sm / per_cta;
}

}  // namespace smem_budget
