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

namespace {

constexpr Config sm100_dense(Tile tile, Element a, Element b, Schedule schedule, Cluster cluster = {}) {
  Config config;
  config.scaling = Scaling::none;
  config.tile = tile;
  config.types = {{a, ScaleType::ue8m0, 32}, {b, ScaleType::ue8m0, 32}};
  config.schedule = schedule;
  config.cluster = cluster;
  return config;
}

constexpr Config with_output(Config config, Element c, Element d, MatrixLayout layout) {
  config.c = c;
  config.d = d;
  config.d_layout = layout;
  return config;
}

constexpr Config at_release(Config config, CutlassVersion v) {
  config.cutlass = v;
  return config;
}

constexpr Config with_epilogue_class(Config config, EpilogueOpClass op_class) {
  config.epilogue_op_class = op_class;
  return config;
}

}  // namespace

// Measured (tests/data/sm100-dense-device.json): CUTLASS's example 70 (f16, 256x128x64, 2x2x1, f32 C/D
// column-major, KernelScheduleAuto) is 8 stages of 128 x 64 A and 64 x 64 B (2-SM halves both), 230,400 B.
TEST_CASE("sm100 dense: CUTLASS example 70's f16 kernel", "[model][sm100]") {
  constexpr Config base = sm100_dense({256, 128, 64}, Element::f16, Element::f16, Schedule::automatic, {2, 2, 1});
  constexpr Config config = with_output(base, Element::f32, Element::f32, MatrixLayout::col);
  constexpr Budget b = *evaluate(config, sm100);
  STATIC_REQUIRE(b.stage.a == 128 * 64 * 2);
  STATIC_REQUIRE(b.stage.b == 64 * 64 * 2);
  STATIC_REQUIRE(b.stage.estimate == 128 * 64 * 2 + 64 * 64 * 2 + 16);
  STATIC_REQUIRE(b.tmem_accumulator_stages == 4);  // 128 x 512 / (128 x 128), at most 4
  STATIC_REQUIRE(b.decision.capacity == 232448 - (16 * 4 + 128));
  STATIC_REQUIRE(b.decision.stages == 8);
  STATIC_REQUIRE(b.mainloop_tensors == 196608);
  STATIC_REQUIRE(b.epilogue_shared_storage == 33792);
  STATIC_REQUIRE(b.total == 230400);
  STATIC_REQUIRE(b.parts.total() == b.total);
}

TEST_CASE("sm100 dense: a 2-SM MMA of tile M 128 has 2x2 epilogue warps and a 64-byte swizzle", "[model][sm100]") {
  // Measured: 13 stages of 8 KiB A and 8 KiB B; the epilogue tile 64 x 64 is two 32-column boxes, so
  // D takes Swizzle 64 B (512-aligned): 17,408 B where one 64-column box would make it 18,432.
  constexpr Config config = sm100_dense({128, 128, 64}, Element::f16, Element::f16, Schedule::two_sm, {2, 1, 1});
  constexpr Budget b = *evaluate(config, sm100);
  STATIC_REQUIRE(sm100_tmem_warps(config).m == 2);
  STATIC_REQUIRE(sm100_tmem_warps(config).n == 2);
  STATIC_REQUIRE(b.epilogue.tile.m == 64);
  STATIC_REQUIRE(b.epilogue.tile.n == 64);
  STATIC_REQUIRE(b.epilogue.align_d == 512);
  STATIC_REQUIRE(b.decision.stages == 13);
  STATIC_REQUIRE(b.epilogue_shared_storage == 17408);
  STATIC_REQUIRE(b.total == 230400);
  // The same tile on one SM of M 64: one 64-column box, 1,024-aligned.
  constexpr Budget one = *evaluate(sm100_dense({64, 128, 64}, Element::f16, Element::f16, Schedule::one_sm), sm100);
  STATIC_REQUIRE(one.epilogue.align_d == 1024);
  STATIC_REQUIRE(one.epilogue_shared_storage == 18432);
}

TEST_CASE("sm100 dense: the builder's assertions, in nvcc's order", "[model][sm100]") {
  using E = Element;
  STATIC_REQUIRE(evaluate(sm100_dense({128, 128, 64}, E::f16, E::bf16, Schedule::one_sm), sm100)->rejection ==
                 Rejection::sm100_dense_types);
  STATIC_REQUIRE(evaluate(sm100_dense({128, 128, 64}, E::e4m3, E::e2m1, Schedule::one_sm), sm100)->rejection ==
                 Rejection::sm100_dense_mix8bit);
  STATIC_REQUIRE(evaluate(sm100_dense({128, 128, 128}, E::e4m3, E::e2m1, Schedule::one_sm), sm100)->verdict ==
                 Verdict::fits);
  STATIC_REQUIRE(evaluate(sm100_dense({96, 128, 64}, E::f16, E::f16, Schedule::one_sm), sm100)->rejection ==
                 Rejection::sm100_tmem_datapaths);
  STATIC_REQUIRE(evaluate(sm100_dense({256, 128, 64}, E::f16, E::f16, Schedule::automatic), sm100)->rejection ==
                 Rejection::sm100_dense_tile_m_1sm);
  STATIC_REQUIRE(evaluate(sm100_dense({128, 264, 64}, E::f16, E::f16, Schedule::one_sm), sm100)->rejection ==
                 Rejection::sm100_dense_tile_n);
  STATIC_REQUIRE(evaluate(sm100_dense({128, 128, 64}, E::f16, E::f16, Schedule::two_sm), sm100)->rejection ==
                 Rejection::sm100_schedule_cluster);
  STATIC_REQUIRE(evaluate(with_stages(sm100_dense({128, 128, 64}, E::f16, E::f16, Schedule::one_sm), 1), sm100)
                     ->rejection == Rejection::sm100_dense_stages_below_two);
  // 4.5.2's 2-SM 16-bit CTA N rule: 224 refused from 4.5.2, built before.
  constexpr Config n224 = sm100_dense({256, 224, 64}, E::bf16, E::bf16, Schedule::two_sm, {2, 1, 1});
  STATIC_REQUIRE(evaluate(n224, sm100)->rejection == Rejection::sm100_2sm_16bit_cta_n);
  constexpr Config n224_old = at_release(n224, {4, 5, 1});
  STATIC_REQUIRE(evaluate(n224_old, sm100)->verdict == Verdict::fits);
}

TEST_CASE("sm100: the epilogue builder's class decides the automatic tile at CTA N 256", "[model][sm100]") {
  // FlashInfer's FP4 GEMM gives the epilogue OpClassTensorOp: 128 x 32 (void C, bf16 D) where the
  // block-scaled class takes 128 x 128. Measured: 10 stages and 211,968 B against 8 and 223,232 B.
  constexpr Config blockscaled = sm100_gemm({256, 256, 128}, nvfp4, Schedule::two_sm, {2, 1, 1});
  constexpr Config tensorop = with_epilogue_class(blockscaled, EpilogueOpClass::tensorop);
  constexpr Budget b = *evaluate(blockscaled, sm100);
  constexpr Budget t = *evaluate(tensorop, sm100);
  STATIC_REQUIRE(b.epilogue.tile.n == 128);
  STATIC_REQUIRE(t.epilogue.tile.n == 32);
  STATIC_REQUIRE(b.decision.stages == 8);
  STATIC_REQUIRE(t.decision.stages == 10);
  STATIC_REQUIRE(b.total == 223232);
  STATIC_REQUIRE(t.total == 211968);
}
