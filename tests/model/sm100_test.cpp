// SM100's block-scaled model on measured rows (tests/data/sm100-cutlass-4.6.0.json, -4.7.0),
// checked at compile time (STATIC_REQUIRE) in model_static_tests and again at run time in
// model_runtime_tests.
#include <catch2/catch.hpp>

#include "smem_budget/budget.hpp"

using namespace smem_budget;

namespace {

constexpr ArchLimits sm100 = *find_arch("sm100");

constexpr Config sm100_gemm(Tile tile, std::size_t preset, Schedule schedule, Cluster cluster = {}) {
  Config config;
  config.tile = tile;
  config.types = {operand_presets[preset].operand, operand_presets[preset].operand};
  config.schedule = schedule;
  config.cluster = cluster;
  config.cutlass = {4, 6, 0};
  return config;
}

constexpr Config with_stages(Config config, bytes_t count) {
  config.stages = {StagePolicy::Kind::fixed, count};
  return config;
}

constexpr std::size_t nvfp4 = 0, mxfp8 = 3;

}  // namespace

TEST_CASE("sm100: a 2-SM MXFP8 kernel", "[model][sm100]") {
  constexpr Budget b = *evaluate(sm100_gemm({256, 128, 256}, mxfp8, Schedule::two_sm, {2, 1, 1}), sm100);
  STATIC_REQUIRE(operand_presets[mxfp8].name == "mxfp8");
  STATIC_REQUIRE(b.rule_set == RuleSet::sm100);
  STATIC_REQUIRE(b.decision.stages == 4);
  STATIC_REQUIRE(b.mainloop_tensors == 204800);
  STATIC_REQUIRE(b.epilogue_shared_storage == 17408);
  STATIC_REQUIRE(b.total == 222208);
  STATIC_REQUIRE(b.parts.total() == b.total);
  STATIC_REQUIRE(b.tmem_accumulator_stages == 2);
}

TEST_CASE("sm100: a StageCount over the kernel's size assertion is refused, its bytes kept", "[model][sm100]") {
  // Measured: StageCount<6> on 128x256x128 NVFP4 1-SM fails "SMEM usage exceeded capacity." in a device build.
  STATIC_REQUIRE(operand_presets[nvfp4].name == "nvfp4");
  constexpr Budget b = *evaluate(with_stages(sm100_gemm({128, 256, 128}, nvfp4, Schedule::one_sm), 6), sm100);
  STATIC_REQUIRE(b.verdict == Verdict::rejected);
  STATIC_REQUIRE(b.rejection == Rejection::sm100_smem_exceeds_capacity);
  STATIC_REQUIRE(b.is_sized());
  STATIC_REQUIRE(b.total > sm100_cutlass_capacity);
  STATIC_REQUIRE(b.max_fitting_stages == 5);
}
