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

// CUTLASS example 56's cooperative kernel (f16, C = D = f16 column-major, 256x128x64): derived by
// hand from the layout rules, batched (ArrayProblemShape: the default scheduler, whose pipeline and
// responses are empty structs; the builder reserves the two tensormaps only) against grouped (the
// group scheduler's PipelineAsync<8> and eight 16-byte responses).
TEST_CASE("sm90: a pointer-array batched GEMM is 1,024 B smaller than the grouped one", "[model][sm90]") {
  constexpr auto example_56 = [](bool batched) {
    Config config = sm90_gemm({256, 128, 64}, Element::f16, Schedule::cooperative, Element::f16);
    config.d = Element::f16;
    config.d_layout = MatrixLayout::col;
    config.cluster = {1, 2, 1};
    config.batched = batched;
    config.grouped = !batched;
    config.cutlass = {4, 7, 0};
    return config;
  };
  constexpr Budget batched = *evaluate(example_56(true), sm90);
  constexpr Budget grouped = *evaluate(example_56(false), sm90);
  STATIC_REQUIRE(batched.decision.capacity == 232448 - 256);
  STATIC_REQUIRE(grouped.decision.capacity == 232448 - 384);
  STATIC_REQUIRE(batched.decision.stages == 4);
  STATIC_REQUIRE(grouped.decision.stages == 4);
  STATIC_REQUIRE(batched.epilogue_shared_storage == 34816);
  STATIC_REQUIRE(batched.total == 231424);
  STATIC_REQUIRE(grouped.total == 232448);
  STATIC_REQUIRE(batched.parts.total() == batched.total);
}

TEST_CASE("sm90: grouped and batched together, and batched off sm90, are bad input", "[model][sm90]") {
  Config both = sm90_gemm({128, 128, 64}, Element::bf16, Schedule::cooperative);
  both.grouped = both.batched = true;
  CHECK(invalid_input(both, sm90).has_value());
  Config sm100 = both;
  sm100.grouped = false;
  sm100.scaling = Scaling::block;
  sm100.types = {operand_presets[0].operand, operand_presets[0].operand};
  sm100.schedule = Schedule::automatic;
  sm100.c = Element::none;
  const auto error = invalid_input(sm100, *find_arch("sm100"));
  REQUIRE(error.has_value());
  CHECK(error->find("not modelled on sm100") != std::string_view::npos);
}

// vLLM's SM90 int8 kernel for M in (32, 64] (scaled_mm_c3x_sm90_int8_dispatch.cuh): s8 64x64x256,
// KernelTmaWarpSpecialized, the TmaWarpSpecialized epilogue, C = D = bf16, ScaledEpilogue. By hand:
// epilogue tile 64x32, 2 sub-tiles, C and D share 3 buffers of 4 KiB (12,288 B, SW64: 512-aligned)
// and a 256-byte B-scale row: tensors 12,800, SharedStorage 13,312; 6 stages of 32,768 B; the
// union of the mainloop's 196,608 B and the epilogue's tensors, then 96 + 48 B of pipelines.
TEST_CASE("sm90: the non-persistent warp-specialized kernel puts mainloop and epilogue tensors in a union",
          "[model][sm90]") {
  Config config = sm90_gemm({64, 64, 256}, Element::s8, Schedule::warp_specialized, Element::bf16);
  config.fusion = Fusion::scaled_mm;
  config.cutlass = {4, 7, 0};
  constexpr auto check = [](const Config& c) { return *evaluate(c, sm90); };
  const Budget b = check(config);
  CHECK(b.decision.stages == 6);
  CHECK(b.epilogue_shared_storage == 13312);
  CHECK(b.mainloop_tensors == 196608);
  CHECK(b.total == 197120);
  CHECK(b.parts.total() == b.total);
  Config pingpong = config;
  pingpong.schedule = Schedule::pingpong;
  // The persistent ping-pong kernel keeps both side by side, behind 192 B of pipelines and the
  // scheduler: 512 + ru(12,800 + 196,608, 512).
  CHECK(check(pingpong).total == 209920);
}

// CUTLASS example 49's KernelTma runner (f16, C = D = f16, 128x128x64, NoSmemWarpSpecialized):
// SharedStorageSize is the mainloop's SharedStorage, 7 stages of A and B and their barriers.
TEST_CASE("sm90: KernelTma's storage is the larger of the two collectives'", "[model][sm90]") {
  Config config = sm90_gemm({128, 128, 64}, Element::f16, Schedule::tma, Element::f16);
  config.d = Element::f16;
  config.d_layout = MatrixLayout::col;
  config.epilogue = EpilogueKind::nosmem;
  config.cluster = {2, 1, 1};
  config.cutlass = {4, 7, 0};
  const Budget b = *evaluate(config, sm90);
  CHECK(b.decision.stages == 7);
  CHECK(b.mainloop_tensors == 7 * 32768);
  CHECK(b.total == 7 * 32768 + 7 * 16);
  CHECK(b.parts.total() == b.total);
}

// KernelScheduleAuto builds the non-persistent cp.async kernel for f16 A and B aligned to 4 bytes; its
// mainloop is the one tests/data/sm90-cp-async-tf32-names-device.json measures for CUTLASS's
// …_128x128x64_1x1x1_0_ttn_align2_cpasync_warpspecialized_cooperative_epi_nosmem (7 stages, 229,376 B).
TEST_CASE("sm90: A and B aligned below 16 bytes build the cp.async kernel, or are refused by a TMA schedule",
          "[model][sm90]") {
  constexpr Config aligned_to_4 = [] {
    Config c = sm90_gemm({128, 128, 64}, Element::f16, Schedule::automatic, Element::f32);
    c.d = Element::f32;
    c.alignment = {2, 2, 0};
    c.a_layout = MatrixLayout::row;
    c.b_layout = MatrixLayout::row;
    return c;
  }();
  constexpr Budget b = *evaluate(aligned_to_4, sm90);
  STATIC_REQUIRE(built_schedule(aligned_to_4, RuleSet::sm90) == Schedule::warp_specialized);
  STATIC_REQUIRE(b.decision.stages == 7);
  STATIC_REQUIRE(b.mainloop_tensors == 229376);
  // The named TMA schedule asserts TMA's 16 bytes; cp.async asserts 4.
  constexpr Config cooperative = [&] {
    Config c = aligned_to_4;
    c.schedule = Schedule::cooperative;
    return c;
  }();
  STATIC_REQUIRE(evaluate(cooperative, sm90)->rejection == Rejection::sm90_tma_alignment);
  constexpr Config one_element = [&] {
    Config c = cooperative;
    c.cp_async = true;
    c.epilogue = EpilogueKind::nosmem;
    c.alignment = {1, 1, 0};
    return c;
  }();
  STATIC_REQUIRE(evaluate(one_element, sm90)->rejection == Rejection::sm90_cp_async_alignment);
}

// MN-major A and B of tf32 transpose B in shared memory, 128 bytes of K at a time.
TEST_CASE("sm90: tf32 MN-major A and B need tile K 32", "[model][sm90]") {
  constexpr Config k64 = [] {
    Config c = sm90_gemm({128, 128, 64}, Element::f32, Schedule::cooperative, Element::f32);
    c.a_layout = MatrixLayout::col;
    c.b_layout = MatrixLayout::row;
    return c;
  }();
  STATIC_REQUIRE(evaluate(k64, sm90)->rejection == Rejection::sm90_transpose_b_k);
  constexpr Config k32 = [&] {
    Config c = k64;
    c.tile.k = 32;
    return c;
  }();
  STATIC_REQUIRE(evaluate(k32, sm90)->verdict == Verdict::fits);
}

// The sparse mainloop (sm90/sparse_gemm.hpp). tf32 by hand: 256x128x32 of f32 operands, A compressed
// to 16 KiB a stage, B 16 KiB, E 2 bits per A element (sparse_elem<4, uint8_t>) 2 KiB; the builder's
// estimate 34,832 B, (232,448 - 1) / 34,832 = 6 stages; then 384 B of pipelines and scheduler before
// the cooperative kernel's 128-aligned tensors.
TEST_CASE("sm90: a sparse tf32 kernel keeps 2 metadata bits per A element", "[model][sm90]") {
  Config config = sm90_gemm({256, 128, 32}, Element::f32, Schedule::automatic, Element::f32);
  config.sparse = true;
  config.d_layout = MatrixLayout::col;
  config.cutlass = {4, 7, 0};
  const Budget b = *evaluate(config, sm90);
  CHECK(b.decision.stages == 6);
  CHECK(b.mainloop_tensors == 6 * (16384 + 16384 + 2048));
  CHECK(b.total == 6 * 34816 + 384);
  CHECK(b.parts.total() == b.total);
}

TEST_CASE("sm90: what the sparse builders and collectives refuse", "[model][sm90]") {
  const auto rejection = [](Config config) {
    config.sparse = true;
    config.cutlass = {4, 7, 0};
    return evaluate(config, sm90)->rejection;
  };
  const Config f16 = sm90_gemm({128, 128, 64}, Element::f16, Schedule::cooperative);
  CHECK(rejection(f16) == Rejection::none);
  Config tma = f16;
  tma.schedule = Schedule::tma;
  tma.epilogue = EpilogueKind::nosmem;
  CHECK(rejection(tma) == Rejection::sm90_sparse_no_builder);
  Config fast = f16;
  fast.fast_accum = true;
  CHECK(rejection(fast) == Rejection::sm90_sparse_fast_accum_types);
  Config mn_major = sm90_gemm({128, 128, 128}, Element::e4m3, Schedule::cooperative);
  mn_major.a_layout = MatrixLayout::col;
  CHECK(rejection(mn_major) == Rejection::sm90_sparse_rmem_a);
  mn_major.fast_accum = true;
  CHECK(rejection(mn_major) == Rejection::sm90_sparse_fp8_k_major);
  CHECK(rejection(sm90_gemm({128, 128, 32}, Element::e4m3, Schedule::cooperative)) == Rejection::sm90_sparse_tile_k);
  CHECK(rejection(sm90_gemm({128, 128, 192}, Element::f16, Schedule::cooperative)) ==
        Rejection::sm90_sparse_metadata_k);
}
