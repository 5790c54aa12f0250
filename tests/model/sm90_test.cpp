// SM90's model on measured rows (tests/data/sm90-cutlass-4.6.0.json), checked at compile time
// (STATIC_REQUIRE) in model_static_tests and again at run time in model_runtime_tests.
#include <catch2/catch.hpp>

#include "smem_budget/budget.hpp"

using namespace smem_budget;

namespace {

constexpr ArchLimits sm90 = *find_arch("sm90");

constexpr Config sm90_gemm(Tile tile, Element e, Schedule schedule, Element c = Element::none) {
  Config config;
  config.tile = tile;
  config.types = {Operand{e}, Operand{e}};
  config.scaling = Scaling::none;
  config.schedule = schedule;
  config.c = c;
  config.cutlass = {4, 6, 0};
  return config;
}

constexpr Config blockwise(Config config) {
  config.scaling = Scaling::blockwise;
  return config;
}

}  // namespace

TEST_CASE("sm90: KernelScheduleAuto builds the cooperative kernel with the no-smem epilogue", "[model][sm90]") {
  constexpr Budget b = *evaluate(sm90_gemm({256, 128, 64}, Element::bf16, Schedule::automatic, Element::bf16), sm90);
  STATIC_REQUIRE(b.rule_set == RuleSet::sm90);
  STATIC_REQUIRE(b.decision.stages == 4);
  STATIC_REQUIRE(b.mainloop_tensors == 196608);
  STATIC_REQUIRE(b.epilogue_shared_storage == 1);
  STATIC_REQUIRE(b.total == 196864);
  STATIC_REQUIRE(b.parts.total() == b.total);
}

TEST_CASE("sm90: the cooperative FP8 kernel with the TMA epilogue", "[model][sm90]") {
  constexpr Budget b = *evaluate(sm90_gemm({128, 128, 256}, Element::e4m3, Schedule::cooperative), sm90);
  STATIC_REQUIRE(b.decision.stages == 3);
  STATIC_REQUIRE(b.epilogue_shared_storage == 17408);
  STATIC_REQUIRE(b.total == 214016);
  STATIC_REQUIRE(b.verdict == Verdict::fits);
}

TEST_CASE("sm90: the blockwise FP8 kernel takes no StageCount<N>", "[model][sm90]") {
  constexpr Budget b = *evaluate(blockwise(sm90_gemm({128, 128, 128}, Element::e4m3, Schedule::cooperative)), sm90);
  STATIC_REQUIRE(b.decision.stages == 6);
  STATIC_REQUIRE(b.mainloop_tensors == 196864);
  STATIC_REQUIRE(b.total == 214528);
  STATIC_REQUIRE(!b.no_stage_count.empty());
  STATIC_REQUIRE(!b.max_fitting_stages);
}
