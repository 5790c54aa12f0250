// SM103's FP4 "ultra" model on measured rows (tests/data/sm103-cutlass-4.6.0.json), checked at
// compile time (STATIC_REQUIRE) in model_static_tests and again at run time in model_runtime_tests.
#include <catch2/catch.hpp>

#include "smem_budget/budget.hpp"

using namespace smem_budget;

namespace {

constexpr ArchLimits sm103 = *find_arch("sm103");

constexpr Config sm103_gemm(Tile tile, Schedule schedule, Element d = Element::bf16, Cluster cluster = {}) {
  Config config;
  config.tile = tile;
  config.schedule = schedule;
  config.d = d;
  config.cluster = cluster;
  config.cutlass = {4, 6, 0};
  return config;
}

}  // namespace

TEST_CASE("sm103: A/B and scale factors run pipelines of their own depth", "[model][sm103]") {
  constexpr Budget b = *evaluate(sm103_gemm({128, 128, 768}, Schedule::one_sm), sm103);
  STATIC_REQUIRE(b.rule_set == RuleSet::sm103);
  STATIC_REQUIRE(b.decision.counts.a == 5);
  STATIC_REQUIRE(b.decision.counts.sf == 16);
  STATIC_REQUIRE(b.mainloop_tensors == 212992);
  STATIC_REQUIRE(b.total == 230912);
  STATIC_REQUIRE(b.parts.total() == b.total);
  STATIC_REQUIRE(!b.no_stage_count.empty());
}

TEST_CASE("sm103: a 2-SM kernel with an f32 output", "[model][sm103]") {
  constexpr Budget b = *evaluate(sm103_gemm({256, 128, 768}, Schedule::two_sm, Element::f32, {2, 1, 1}), sm103);
  STATIC_REQUIRE(b.decision.counts.a == 7);
  STATIC_REQUIRE(b.decision.counts.sf == 8);
  STATIC_REQUIRE(b.epilogue_shared_storage == 34816);
  STATIC_REQUIRE(b.total == 231424);
}
