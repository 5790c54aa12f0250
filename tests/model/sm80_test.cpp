// The 2.x sparse, SIMT and planar complex models on measured rows (tests/data/sm80-sparse-names-device.json,
// sm80-simt-names-device.json, sm80-planar-complex-*device.json), and the assertions they refuse by, checked at compile time
// (STATIC_REQUIRE) in model_static_tests and again at run time in model_runtime_tests.
#include <catch2/catch.hpp>

#include "smem_budget/budget.hpp"

using namespace smem_budget;

namespace {

constexpr ArchLimits sm80 = *find_arch("sm80");

constexpr Config gemm_2x(Tile tile, WarpTile warp, Element e, bytes_t stages) {
  Config config;
  config.generation = Generation::cutlass2x;
  config.scaling = Scaling::none;
  config.tile = tile;
  config.warp = warp;
  config.types = {Operand{e}, Operand{e}};
  config.d = e;
  config.stages = {StagePolicy::Kind::fixed, stages};
  return config;
}

// cutlass_tensorop_bf16_s16832spgemm_bf16_256x64_128x3_nn_align8.
constexpr Config sparse_bf16() {
  Config config = gemm_2x({256, 64, 128}, {64, 64, 128}, Element::bf16, 3);
  config.sparse = true;
  config.a_layout = MatrixLayout::col;
  config.alignment = {8, 8, 8};
  return config;
}

// cutlass_simt_sgemm_128x32_8x5_tt_align1: column-major D, so the kernel of the transposed problem.
constexpr Config simt_f32() {
  Config config = gemm_2x({128, 32, 8}, {64, 32, 8}, Element::f32, 5);
  config.opclass = OpClass::simt;
  config.b_layout = MatrixLayout::row;
  config.d_layout = MatrixLayout::col;
  config.alignment = {1, 1, 1};
  return config;
}

// cutlass_simt_cgemm_64x64_8x3_tc_align1: complex<float> SIMT, 4 x 2 warps, K-major A, B conjugated.
constexpr Config simt_cf32() {
  Config config = gemm_2x({64, 64, 8}, {16, 32, 8}, Element::cf32, 3);
  config.opclass = OpClass::simt;
  config.d_layout = MatrixLayout::col;
  config.alignment = {1, 1, 1};
  return config;
}

// cutlass_tensorop_s16816gemm_planar_complex_array_f16_64x128_32x3_nn_align8: f16 planes, f32 accumulators
// and D, 2 x 4 warps, column-major D (the transposed problem's kernel).
constexpr Config planar_f16() {
  Config config = gemm_2x({64, 128, 32}, {32, 32, 32}, Element::f16, 3);
  config.planar_complex = true;
  config.batched = true;
  config.accumulator = Element::f32;
  config.d = Element::f32;
  config.a_layout = MatrixLayout::col;
  config.b_layout = MatrixLayout::col;
  config.d_layout = MatrixLayout::col;
  config.alignment = {8, 8, 8};
  return config;
}

template <class Change>
constexpr Rejection refusal(Config config, Change change) {
  change(config);
  const Evaluation e = evaluate(config, sm80);
  return e ? e->rejection : Rejection::count_;
}

}  // namespace

TEST_CASE("sm80: a sparse kernel holds A at half K and its metadata E beside B", "[model][sm80]") {
  constexpr Budget b = *evaluate(sparse_bf16(), sm80);
  // A 256 x 64 x 3 bf16, B 128 x 3 x 64 bf16, E 512 x 12 uint16_t.
  STATIC_REQUIRE(b.stage.a == 256 * 64 * 2);
  STATIC_REQUIRE(b.stage.e == 512 * 4 * 2);
  STATIC_REQUIRE(b.mainloop_tensors == 159744);
  STATIC_REQUIRE(b.epilogue_shared_storage == 9216);
  STATIC_REQUIRE(b.total == 159744);
  STATIC_REQUIRE(b.parts.total() == b.total);
}

TEST_CASE("sm80: a SIMT kernel stages its accumulators four rows a warp, N + 4 x LaneN + 1 wide", "[model][sm80]") {
  constexpr Budget b = *evaluate(simt_f32(), sm80);
  STATIC_REQUIRE(b.mainloop_tensors == 25600);
  STATIC_REQUIRE(b.epilogue_shared_storage == 1568);
  STATIC_REQUIRE(b.total == 25600);
}

TEST_CASE("sm80: sparse and SIMT kernels are refused by CUTLASS's assertions", "[model][sm80]") {
  // A K-major sparse A stores K / 2 crosswise: 128 bf16 elements outgrow a 128-byte line.
  STATIC_REQUIRE(refusal(sparse_bf16(), [](Config& c) {
                   c.a_layout = MatrixLayout::row;
                   c.tile.k = 256;
                   c.warp.k = 256;
                 }) == Rejection::sm80_crosswise_line);
  // The sparse instruction's K is 32: a warp K of 32 runs one.
  STATIC_REQUIRE(refusal(sparse_bf16(), [](Config& c) {
                   c.tile.k = 32;
                   c.warp.k = 32;
                 }) == Rejection::sm80_warp_k_iterations);
  STATIC_REQUIRE(refusal(simt_f32(), [](Config& c) { c.warp.n = 28; c.tile.n = 28; }) ==
                 Rejection::sm80_simt_warp_threads);
  STATIC_REQUIRE(refusal(simt_f32(), [](Config& c) { c.alignment.c = 4; }) == Rejection::sm80_simt_scalar_epilogue);
  // K-major A at K 64 is skewed by 2 rows, not a whole lane of 4 floats.
  STATIC_REQUIRE(refusal(simt_f32(), [](Config& c) {
                   c.tile.k = 64;
                   c.warp.k = 64;
                   c.a_layout = MatrixLayout::row;
                   c.b_layout = MatrixLayout::col;
                   c.d_layout = MatrixLayout::row;
                 }) == Rejection::sm80_simt_padding_lanes);
}

TEST_CASE("sm80: what the sparse and SIMT models leave out is said", "[model][sm80]") {
  Config two_stages = simt_f32();
  two_stages.stages.count = 2;
  CHECK(!evaluate(two_stages, sm80));
  Config column_major = sparse_bf16();
  column_major.d_layout = MatrixLayout::col;
  CHECK(!evaluate(column_major, sm80));
}

TEST_CASE("sm80: a planar complex kernel holds a real and an imaginary plane of every tile", "[model][sm80]") {
  constexpr Budget b = *evaluate(planar_f16(), sm80);
  // A 64 x 32 x 3 and B 32 x 3 x 128 f16, twice; 16 rows of 128 + 8 f32 accumulators, twice.
  STATIC_REQUIRE(b.mainloop_tensors == 2 * (64 * 96 * 2 + 96 * 128 * 2));
  STATIC_REQUIRE(b.epilogue_shared_storage == 2 * 16 * 136 * 4);
  STATIC_REQUIRE(b.total == 73728);
  STATIC_REQUIRE(b.parts.total() == b.total);
}

TEST_CASE("sm80: planar complex kernels are refused by CUTLASS's assertions", "[model][sm80]") {
  // f32 D of 8 elements (32 bytes) per access: at N 32 over two warps along N no whole row is left
  // (measured: tests/data/sm80-planar-complex-device.json); 4 per access leave one.
  const auto narrow = [](Config& c) {
    c.tile = {64, 32, 32};
    c.warp = {32, 16, 32};
    c.d_layout = MatrixLayout::row;
    c.a_layout = MatrixLayout::row;
  };
  STATIC_REQUIRE(refusal(planar_f16(), narrow) == Rejection::sm80_epilogue_rows);
  STATIC_REQUIRE(refusal(planar_f16(), [&](Config& c) {
                   narrow(c);
                   c.alignment.c = 4;
                 }) == Rejection::none);
  // Warps that split K: EpiloguePlanarComplex reduces no K slices (measured).
  STATIC_REQUIRE(refusal(planar_f16(), [](Config& c) {
                   c.tile = {64, 128, 64};
                   c.warp = {32, 64, 32};
                   c.d = Element::f16;
                   c.d_layout = MatrixLayout::row;
                   c.a_layout = MatrixLayout::row;
                 }) == Rejection::sm80_planar_complex_sliced_k);
}

TEST_CASE("sm80: what the planar complex model leaves out is said", "[model][sm80]") {
  Config two_stages = planar_f16();
  two_stages.stages.count = 2;
  CHECK(!evaluate(two_stages, sm80));
  Config tf32 = planar_f16();
  tf32.types = {Operand{Element::f32}, Operand{Element::f32}};
  CHECK(!evaluate(tf32, sm80));
  Config grouped = planar_f16();
  grouped.batched = false;
  grouped.grouped = true;
  CHECK(!evaluate(grouped, sm80));
  Config batched = planar_f16();
  batched.planar_complex = false;
  CHECK(!evaluate(batched, sm80));
  Config three_x = planar_f16();
  three_x.generation = Generation::cutlass3x;
  CHECK(!evaluate(three_x, sm80));
}

TEST_CASE("sm80: a complex<float> SIMT kernel lays out as the real one, 8 bytes an element", "[model][sm80]") {
  constexpr Budget b = *evaluate(simt_cf32(), sm80);
  // A 64 x 24 and B 24 x 64 complex<float>; 16 rows of 64 + 4 x 2 + 1 complex<float> accumulators
  // (measured: tests/data/sm80-simt-wide-names-device.json).
  STATIC_REQUIRE(b.mainloop_tensors == 2 * 64 * 24 * 8);
  STATIC_REQUIRE(b.epilogue_shared_storage == 16 * 73 * 8);
  // Its core takes two warps or more.
  STATIC_REQUIRE(refusal(simt_cf32(), [](Config& c) { c.tile = {16, 32, 8}; }) == Rejection::sm80_two_warps);
  // A skew of one row against lanes of two: the real cores refuse it, the complex ones do not say.
  Config skewed = simt_cf32();
  skewed.tile.k = 32;
  skewed.warp.k = 32;
  CHECK(!evaluate(skewed, sm80));
  skewed.types = {Operand{Element::f64}, Operand{Element::f64}};
  skewed.d = Element::f64;
  CHECK(evaluate(skewed, sm80)->rejection == Rejection::sm80_simt_padding_lanes);
}

namespace {

constexpr ArchLimits sm75 = *find_arch("sm75");

// A Turing 2.x kernel as a client builds it: the stage count left to the architecture (two).
constexpr Config turing_gemm(Tile tile, WarpTile warp, Element e, Element d) {
  Config config = gemm_2x(tile, warp, e, 2);
  config.stages = {};
  config.d = d;
  return config;
}

}  // namespace

TEST_CASE("sm75: Turing's kernels are 2.x ones at two stages over its own MMAs", "[model][sm80][sm75]") {
  // Measured (tests/data/sm75-device.json): vLLM's SM75 M256 tile with CUTLASS's own epilogue takes
  // Turing's whole 65,536 B and fits; two s8 m8n8k16 along a warp K of 32 build.
  constexpr Budget m256 = *evaluate(turing_gemm({128, 128, 128}, {64, 64, 64}, Element::s8, Element::f16), sm75);
  STATIC_REQUIRE(m256.decision.stages == 2);
  STATIC_REQUIRE(m256.mainloop_tensors == 65536);
  STATIC_REQUIRE(m256.epilogue_shared_storage == 17408);
  STATIC_REQUIRE(m256.total == 65536);
  STATIC_REQUIRE(m256.verdict == Verdict::fits);
  constexpr Config short_k = turing_gemm({64, 64, 32}, {32, 32, 32}, Element::s8, Element::f16);
  constexpr Budget turing = *evaluate(short_k, sm75);
  STATIC_REQUIRE(turing.total == 9216);
  STATIC_REQUIRE(turing.mainloop_tensors == 8192);
  // On SM80 the same warp K is one m16n8k32.
  STATIC_REQUIRE(evaluate(short_k, sm80)->rejection == Rejection::sm80_warp_k_iterations);
  // Three stages have no arch::Sm75 DefaultGemm (measured: the build stops at an incomplete type).
  constexpr Config three = [] {
    Config c = turing_gemm({128, 128, 64}, {64, 64, 64}, Element::s8, Element::f16);
    c.stages = {StagePolicy::Kind::fixed, 3};
    return c;
  }();
  STATIC_REQUIRE(evaluate(three, sm75)->rejection == Rejection::sm75_stage_count);
  // f16 runs m16n8k8 at two stages: 128x128x32 with f32 accumulators staged two fragments at a time.
  Config f16 = turing_gemm({128, 128, 32}, {64, 64, 32}, Element::f16, Element::f16);
  f16.accumulator = Element::f32;
  CHECK(evaluate(f16, sm75)->total == 32768);
  CHECK(evaluate(f16, sm75)->epilogue_shared_storage == 17408);
}

TEST_CASE("sm75: what Turing has no MMA for, and 3.x, are refused as input", "[model][sm80][sm75]") {
  Config bf16 = turing_gemm({128, 128, 32}, {64, 64, 32}, Element::bf16, Element::bf16);
  CHECK(evaluate(bf16, sm75).refusal().find("Turing (sm75) has no tensor-op MMA for bf16") != std::string_view::npos);
  CHECK(evaluate(bf16, sm80));
  Config sparse = turing_gemm({128, 128, 64}, {64, 64, 64}, Element::f16, Element::f16);
  sparse.sparse = true;
  CHECK(evaluate(sparse, sm75).refusal().find("no sparse tensor-op MMA") != std::string_view::npos);
  Config three_x = turing_gemm({128, 128, 64}, {64, 64, 64}, Element::s8, Element::f16);
  three_x.generation = Generation::cutlass3x;
  CHECK(evaluate(three_x, sm75).refusal().find("CUTLASS 3.x GEMMs do not run on Turing") != std::string_view::npos);
}
