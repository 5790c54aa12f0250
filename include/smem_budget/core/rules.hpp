// The CUTLASS rule set. Releases differ only in the fields of CutlassRules; every formula reads
// the field it depends on, so a new release is one more row in `rule_changes`.
#pragma once

#include "smem_budget/core/cxx20.hpp"

#include <array>
#include <optional>
#include <string_view>

namespace smem_budget {

struct CutlassVersion {
  int major = 0;
  int minor = 0;
  int patch = 0;
  friend constexpr auto operator<=>(const CutlassVersion&, const CutlassVersion&) = default;
  // Declared explicitly: nvcc's front end otherwise warns that the implicit one is never defined.
  friend constexpr bool operator==(const CutlassVersion&, const CutlassVersion&) = default;
};

struct CutlassRules {
  // Per-stage barrier bytes in the block-scaled builders' stage estimate (SM120's and SM100's):
  // sizeof(PipelineTmaUmmaAsync<1>::SharedStorage) = 16, later round_up(16, 128)
  // (sm100_blockscaled_umma_builder.inl:76).
  int stage_barrier_estimate = 128;
  // The builder subtracts the tile scheduler's pipelines, responses and tensormaps from the
  // capacity before dividing by the per-stage estimate (sm120_blockscaled_mma_builder.inl).
  bool reserve_scheduler_capacity = true;
  // SFB is laid out for max(N, 128) rows; before, N < 128 gave zero scale rows.
  bool pad_sfb_to_128_rows = true;
  // Tile N may be 8 or 16, with epilogue tile (N < 16 ? 128 : 64, min(N, 32)); before, N >= 32
  // and the automatic epilogue tile was always 64x32.
  bool small_n_tiles = true;
  // The plain (not block-scaled, not blockwise) SM120 builder has a grouped pointer-array
  // collective (sm120_array_mma_builder.inl, PR #3280); before, grouped schedules are refused.
  bool plain_grouped = true;
  // The SM90 grouped FP8 blockwise collective takes a tile M below 128 as one M split
  // (sm90_mma_array_tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp:215-216, v4.4.1); before,
  // NumSplitsM = M / 128 = 0 fails its static_assert.
  bool sm90_grouped_blockwise_small_m = true;
  // The SM100 2-SM TMA epilogue with the automatic tile refuses a 16-bit C/D at CTA N above 128 that
  // is not a multiple of 64 (160, 224: epilogue/collective/builders/sm100_builder.inl:1212-1231,
  // v4.5.2); before, such a kernel compiles.
  bool sm100_2sm_16bit_cta_n = true;
  friend constexpr bool operator==(const CutlassRules&, const CutlassRules&) = default;
};

struct RuleChange {
  CutlassVersion since;
  CutlassRules rules;
};

// Each row: the first release with these rules, for every architecture (cutlass-versions.md and the
// measured releases below). v4.3.6 got the 128-byte estimate as a port on its release branch. A
// row may change rules that some architectures do not read (their views below).
// clang-format off
inline constexpr std::array<RuleChange, 7> rule_changes{{
    {{4, 3, 0}, {.stage_barrier_estimate = 16, .reserve_scheduler_capacity = false, .pad_sfb_to_128_rows = false,
                 .small_n_tiles = false, .plain_grouped = false, .sm90_grouped_blockwise_small_m = false,
                 .sm100_2sm_16bit_cta_n = false}},
    {{4, 3, 6}, {.stage_barrier_estimate = 128, .reserve_scheduler_capacity = false, .pad_sfb_to_128_rows = false,
                 .small_n_tiles = false, .plain_grouped = false, .sm90_grouped_blockwise_small_m = false,
                 .sm100_2sm_16bit_cta_n = false}},
    {{4, 4, 1}, {.stage_barrier_estimate = 128, .reserve_scheduler_capacity = false, .pad_sfb_to_128_rows = false,
                 .small_n_tiles = false, .plain_grouped = false, .sm90_grouped_blockwise_small_m = true,
                 .sm100_2sm_16bit_cta_n = false}},
    {{4, 4, 2}, {.stage_barrier_estimate = 128, .reserve_scheduler_capacity = true, .pad_sfb_to_128_rows = false,
                 .small_n_tiles = false, .plain_grouped = false, .sm90_grouped_blockwise_small_m = true,
                 .sm100_2sm_16bit_cta_n = false}},
    {{4, 5, 0}, {.stage_barrier_estimate = 128, .reserve_scheduler_capacity = true, .pad_sfb_to_128_rows = true,
                 .small_n_tiles = false, .plain_grouped = false, .sm90_grouped_blockwise_small_m = true,
                 .sm100_2sm_16bit_cta_n = false}},
    {{4, 5, 2}, {.stage_barrier_estimate = 128, .reserve_scheduler_capacity = true, .pad_sfb_to_128_rows = true,
                 .small_n_tiles = false, .plain_grouped = false, .sm90_grouped_blockwise_small_m = true,
                 .sm100_2sm_16bit_cta_n = true}},
    {{4, 6, 0}, {.stage_barrier_estimate = 128, .reserve_scheduler_capacity = true, .pad_sfb_to_128_rows = true,
                 .small_n_tiles = true, .plain_grouped = true, .sm90_grouped_blockwise_small_m = true,
                 .sm100_2sm_16bit_cta_n = true}},
}};
// clang-format on

// Each architecture's view of the rules: the fields its model reads, the others left at their
// defaults, so that two releases whose views are equal answer alike there. SM120 reads them all but
// SM90's; SM100 the block-scaled stage estimate and the 2-SM epilogue's 16-bit CTA N check; SM90 the grouped blockwise tile M; SM103 none (its
// builder charges 2 x 16 bytes of pipeline per stage in every release).
constexpr CutlassRules sm120_rules_read(CutlassRules rules) {
  rules.sm90_grouped_blockwise_small_m = CutlassRules{}.sm90_grouped_blockwise_small_m;
  rules.sm100_2sm_16bit_cta_n = CutlassRules{}.sm100_2sm_16bit_cta_n;
  return rules;
}
constexpr CutlassRules sm100_rules_read(CutlassRules rules) {
  return {.stage_barrier_estimate = rules.stage_barrier_estimate, .sm100_2sm_16bit_cta_n = rules.sm100_2sm_16bit_cta_n};
}
constexpr CutlassRules sm90_rules_read(CutlassRules rules) {
  return {.sm90_grouped_blockwise_small_m = rules.sm90_grouped_blockwise_small_m};
}
constexpr CutlassRules sm103_rules_read(CutlassRules) { return {}; }

// The first release of the rules a view reads at `v` (v not older than oldest_release).
constexpr CutlassVersion rules_since(CutlassRules (*read)(CutlassRules), CutlassVersion v) {
  CutlassVersion since = rule_changes.front().since;
  CutlassRules rules = read(rule_changes.front().rules);
  for (const RuleChange& change : rule_changes)
    if (change.since <= v && read(change.rules) != rules) {
      since = change.since;
      rules = read(change.rules);
    }
  return since;
}

// Every release the tool knows by number, so that "4.4" can mean the newest 4.4 patch.
// clang-format off
inline constexpr std::array<CutlassVersion, 19> known_releases{{
    {4, 3, 0}, {4, 3, 1}, {4, 3, 2}, {4, 3, 3}, {4, 3, 4}, {4, 3, 5}, {4, 3, 6},
    {4, 4, 0}, {4, 4, 1}, {4, 4, 2}, {4, 4, 3},
    {4, 5, 0}, {4, 5, 1}, {4, 5, 2}, {4, 5, 3},
    {4, 6, 0}, {4, 6, 1}, {4, 6, 2},
    {4, 7, 0},
}};
// clang-format on

inline constexpr CutlassVersion oldest_release = known_releases.front();
inline constexpr CutlassVersion newest_release = known_releases.back();

constexpr bool is_known_release(CutlassVersion v) {
  for (CutlassVersion known : known_releases)
    if (known == v) return true;
  return false;
}

// The newest known patch of major.minor, if that series is known.
constexpr std::optional<CutlassVersion> newest_patch(int major, int minor) {
  std::optional<CutlassVersion> found;
  for (CutlassVersion known : known_releases)
    if (known.major == major && known.minor == minor) found = known;
  return found;
}

// The releases each architecture's rules were measured at with nvcc (tests/data): at any other
// release the rules of the last change before it apply, and results say so.
inline constexpr std::array<CutlassVersion, 5> sm120_measured_releases{
    {{4, 3, 5}, {4, 4, 1}, {4, 4, 2}, {4, 5, 0}, {4, 7, 0}}};
inline constexpr std::array<CutlassVersion, 7> sm90_measured_releases{
    {{4, 3, 0}, {4, 3, 5}, {4, 4, 0}, {4, 4, 2}, {4, 5, 0}, {4, 6, 0}, {4, 7, 0}}};
inline constexpr std::array<CutlassVersion, 8> sm100_measured_releases{
    {{4, 3, 0}, {4, 3, 5}, {4, 3, 6}, {4, 4, 0}, {4, 4, 2}, {4, 5, 0}, {4, 6, 0}, {4, 7, 0}}};
inline constexpr std::array<CutlassVersion, 6> sm103_measured_releases{
    {{4, 3, 0}, {4, 3, 5}, {4, 4, 2}, {4, 5, 0}, {4, 6, 0}, {4, 7, 0}}};

// The rules of the last change at or before `v` (v must not be older than oldest_release).
constexpr CutlassRules rules_for(CutlassVersion v) {
  CutlassRules rules = rule_changes.front().rules;
  for (const RuleChange& change : rule_changes)
    if (change.since <= v) rules = change.rules;
  return rules;
}

}  // namespace smem_budget
