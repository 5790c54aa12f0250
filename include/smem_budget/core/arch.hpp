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

// Product names people type for the architectures of `builtin_archs`, as the products spell them;
// find_arch matches them without regard to case, spaces, '-' or '_'.
struct ArchAlias {
  std::string_view alias;
  std::string_view arch;
};

// clang-format off
inline constexpr std::array<ArchAlias, 40> arch_aliases{{
    {"V100", "sm70"},        {"T4", "sm75"},           {"RTX 2080", "sm75"},     {"A100", "sm80"},
    {"A800", "sm80"},        {"A30", "sm80"},          {"A10", "sm86"},          {"A40", "sm86"},
    {"A6000", "sm86"},       {"RTX 3090", "sm86"},     {"RTX 3080", "sm86"},     {"Jetson Orin", "sm87"},
    {"Orin", "sm87"},        {"L4", "sm89"},           {"L40", "sm89"},          {"L40S", "sm89"},
    {"RTX 6000 Ada", "sm89"}, {"RTX 4090", "sm89"},    {"RTX 4080", "sm89"},     {"H100", "sm90"},
    {"H200", "sm90"},        {"H800", "sm90"},         {"H20", "sm90"},          {"GH200", "sm90"},
    {"B200", "sm100"},       {"GB200", "sm100"},       {"B300", "sm103"},        {"GB300", "sm103"},
    {"Thor", "sm110"},       {"Jetson Thor", "sm110"}, {"RTX PRO 6000", "sm120"}, {"RTX 5090", "sm120"},
    {"RTX 5080", "sm120"},   {"RTX 5070", "sm120"},    {"RTX 5060", "sm120"},    {"RTX PRO 5000", "sm120"},
    {"RTX PRO 4000", "sm120"}, {"GB10", "sm121"},      {"DGX Spark", "sm121"},   {"Spark", "sm121"},
}};
// clang-format on

namespace detail {

constexpr bool is_name_separator(char c) { return c == ' ' || c == '-' || c == '_'; }
constexpr char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// Whether two spellings of a name are one: case, spaces, '-' and '_' aside ("RTX PRO 6000",
// "rtx-pro-6000", "RTXPRO6000").
constexpr bool same_name(std::string_view a, std::string_view b) {
  std::size_t i = 0, j = 0;
  for (;;) {
    while (i < a.size() && is_name_separator(a[i])) ++i;
    while (j < b.size() && is_name_separator(b[j])) ++j;
    if (i == a.size() || j == b.size()) return i == a.size() && j == b.size();
    if (lower(a[i++]) != lower(b[j++])) return false;
  }
}

constexpr bool starts_with_name(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && same_name(text.substr(0, prefix.size()), prefix);
}

// "12.0" -> {12, 0}.
constexpr std::optional<ComputeCapability> dotted_capability(std::string_view text) {
  const std::size_t dot = text.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 2 != text.size()) return std::nullopt;
  int major = 0;
  for (char c : text.substr(0, dot)) {
    if (c < '0' || c > '9' || major > 99) return std::nullopt;
    major = major * 10 + (c - '0');
  }
  const char minor = text[dot + 1];
  if (minor < '0' || minor > '9') return std::nullopt;
  return ComputeCapability{major, minor - '0'};
}

}  // namespace detail

constexpr std::optional<ArchLimits> find_arch(ComputeCapability cc) {
  for (const ArchLimits& arch : builtin_archs)
    if (arch.cc == cc) return arch;
  return std::nullopt;
}

// Accepts "sm120", "sm_120", "120", "compute_120", the arch-specific "sm120a"/"sm_120a"/"sm120f",
// the compute capability "12.0", and the product names of `arch_aliases`, in any case.
constexpr std::optional<ArchLimits> find_arch(std::string_view name) {
  for (const ArchAlias& alias : arch_aliases)
    if (detail::same_name(alias.alias, name)) name = alias.arch;
  if (const auto cc = detail::dotted_capability(name)) return find_arch(*cc);
  for (std::string_view prefix : {"compute", "sm"})
    if (detail::starts_with_name(name, prefix)) {
      name.remove_prefix(prefix.size());
      while (!name.empty() && detail::is_name_separator(name.front())) name.remove_prefix(1);
      break;
    }
  if (name.ends_with('a') || name.ends_with('f') || name.ends_with('A') || name.ends_with('F')) name.remove_suffix(1);
  for (const ArchLimits& arch : builtin_archs)
    if (arch.name.substr(2) == name) return arch;
  return std::nullopt;
}

// Which CUTLASS builders' layout rules the model has for an architecture: arch::Sm90 (H100/H200),
// arch::Sm100 (B200), arch::Sm103 (B300), arch::Sm120 (which SM121 shares); sm80: CUTLASS 2.x's
// kernels (arch::Sm80, arch::Sm89), the only ones modelled on SM80…SM89 and, with generation 2x,
// on every later architecture, which runs them too.
enum class RuleSet { none, sm80, sm90, sm100, sm103, sm120 };

constexpr RuleSet rule_set_of(ComputeCapability cc) {
  // Turing runs CUTLASS 2.x kernels only: the 2.x model's, over its own MMAs (sm80/gemm.hpp).
  if (cc.major == 8 || cc == ComputeCapability{7, 5}) return RuleSet::sm80;
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
