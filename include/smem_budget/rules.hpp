// The CUTLASS rule set. Releases differ only in the fields of CutlassRules; every formula reads
// the field it depends on, so a new release is one more row in `rule_changes`.
#pragma once

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
  // Per-stage barrier bytes in the builder's stage estimate: sizeof(PipelineTmaUmmaAsync<1>
  // ::SharedStorage) = 16, later round_up(16, 128) (sm100_blockscaled_umma_builder.inl).
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
};

struct RuleChange {
  CutlassVersion since;
  CutlassRules rules;
};

// Each row: the first release with these rules (cutlass-versions.md, measured at v4.3.5, v4.4.1,
// v4.4.2, b46b16d and v4.7.0). v4.3.6 got the 128-byte estimate as a port on its release branch.
inline constexpr std::array<RuleChange, 5> rule_changes{{
    {{4, 3, 0}, {16, false, false, false, false}},
    {{4, 3, 6}, {128, false, false, false, false}},
    {{4, 4, 2}, {128, true, false, false, false}},
    {{4, 5, 0}, {128, true, true, false, false}},
    {{4, 6, 0}, {128, true, true, true, true}},
}};

// Every release the tool knows by number, so that "4.4" can mean the newest 4.4 patch.
inline constexpr std::array<CutlassVersion, 19> known_releases{{
    {4, 3, 0}, {4, 3, 1}, {4, 3, 2}, {4, 3, 3}, {4, 3, 4}, {4, 3, 5}, {4, 3, 6},
    {4, 4, 0}, {4, 4, 1}, {4, 4, 2}, {4, 4, 3},
    {4, 5, 0}, {4, 5, 1}, {4, 5, 2}, {4, 5, 3},
    {4, 6, 0}, {4, 6, 1}, {4, 6, 2},
    {4, 7, 0},
}};

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

// The releases the rules were measured at with nvcc (tests/data): at any other release the rules
// of the last change before it apply, and results say so.
inline constexpr std::array<CutlassVersion, 5> measured_releases{{{4, 3, 5}, {4, 4, 1}, {4, 4, 2}, {4, 5, 0}, {4, 7, 0}}};

constexpr bool is_measured_release(CutlassVersion v) {
  for (CutlassVersion measured : measured_releases)
    if (measured == v) return true;
  return false;
}

// SM90, SM100 and SM103 (the datacenter rule sets) have one set of rules from 4.5.0: their
// headers change in spelling only through 4.7.0 (4.7.0 names the SM100 capacity
// ArchTag::kSharedMemoryCapacityBytes, the same 232,448 B; 4.5.2 adds a 2-SM epilogue assertion on
// tile N 160 and 224, which the block-scaled builder refuses anyway; 4.6.0 passes EVT tensormaps
// to the SM90 grouped epilogue as a tuple), and 136 configurations measured at v4.5.0 and at
// v4.6.0 equal their v4.7.0 rows. Before 4.5.0 they were not measured.
inline constexpr CutlassVersion datacenter_oldest_release{4, 5, 0};
inline constexpr std::array<CutlassVersion, 3> datacenter_measured_releases{{{4, 5, 0}, {4, 6, 0}, {4, 7, 0}}};

// The first release of the rules that apply at `v`.
constexpr CutlassVersion rules_since(CutlassVersion v) {
  CutlassVersion since = rule_changes.front().since;
  for (const RuleChange& change : rule_changes)
    if (change.since <= v) since = change.since;
  return since;
}

// The rules of the last change at or before `v` (v must not be older than oldest_release).
constexpr CutlassRules rules_for(CutlassVersion v) {
  CutlassRules rules = rule_changes.front().rules;
  for (const RuleChange& change : rule_changes)
    if (change.since <= v) rules = change.rules;
  return rules;
}

}  // namespace smem_budget
