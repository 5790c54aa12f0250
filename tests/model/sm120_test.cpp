// SM120's model: the spec's worked examples (sm120-layout.md §5, §6; finalize.md §3), checked at compile time
// (STATIC_REQUIRE) in model_static_tests and again at run time in model_runtime_tests.
#include <catch2/catch.hpp>

#include "smem_budget/budget.hpp"
#include "smem_budget/explain.hpp"

using namespace smem_budget;

namespace {

constexpr ArchLimits sm120 = *find_arch("sm120");

constexpr Config nvfp4(bytes_t m, bytes_t n, bytes_t k) {
  Config c;
  c.tile = {m, n, k};
  return c;
}

constexpr Config grouped(Config c) {
  c.grouped = true;
  return c;
}

constexpr Config finalize(Config c) {
  c.grouped = true;
  c.epilogue = EpilogueKind::finalize;
  return c;
}

constexpr Config with_stages(Config c, StagePolicy::Kind kind, bytes_t count = 0) {
  c.stages = {kind, count};
  return c;
}

constexpr bytes_t total(const Config& c) { return evaluate(c, sm120)->total; }
constexpr bytes_t stages(const Config& c) { return evaluate(c, sm120)->decision.stages; }
constexpr Verdict verdict(const Config& c) { return evaluate(c, sm120)->verdict; }

constexpr bool parts_add_up(const Config& c) {
  const Budget b = *evaluate(c, sm120);
  return b.parts.total() == b.total;
}

}  // namespace

TEST_CASE("§5.1: the epilogue of the four dense tiles", "[model]") {
  constexpr Budget b = *evaluate(nvfp4(128, 128, 128), sm120);
  STATIC_REQUIRE(b.epilogue.tile.m == 64);
  STATIC_REQUIRE(b.epilogue.tile.n == 32);
  STATIC_REQUIRE(b.epilogue.align_d == 512);
  STATIC_REQUIRE(b.epilogue.tensor_size == 8704);
  STATIC_REQUIRE(b.epilogue.pipeline_size == 32);
  STATIC_REQUIRE(b.epilogue_shared_storage == 9216);
}

TEST_CASE("§5.2: the four tiles, stage estimates and totals", "[model]") {
  STATIC_REQUIRE(evaluate(nvfp4(128, 128, 128), sm120)->stage.estimate == 18560);
  STATIC_REQUIRE(evaluate(nvfp4(128, 128, 256), sm120)->stage.estimate == 36992);
  STATIC_REQUIRE(evaluate(nvfp4(128, 256, 128), sm120)->stage.estimate == 27776);
  STATIC_REQUIRE(stages(nvfp4(128, 128, 128)) == 4);
  STATIC_REQUIRE(stages(nvfp4(128, 128, 256)) == 2);
  STATIC_REQUIRE(stages(nvfp4(128, 256, 128)) == 3);
  STATIC_REQUIRE(stages(nvfp4(256, 128, 128)) == 3);
  STATIC_REQUIRE(evaluate(nvfp4(128, 128, 128), sm120)->mainloop_tensors == 73728);
  STATIC_REQUIRE(evaluate(nvfp4(256, 128, 128), sm120)->mainloop_tensors == 82944);
  STATIC_REQUIRE(total(nvfp4(128, 128, 128)) == 83968);
  STATIC_REQUIRE(total(nvfp4(128, 128, 256)) == 83968);
  STATIC_REQUIRE(total(nvfp4(128, 256, 128)) == 93184);
  STATIC_REQUIRE(total(nvfp4(256, 128, 128)) == 93184);
  STATIC_REQUIRE(evaluate(nvfp4(128, 256, 128), sm120)->headroom == 8192);
}

TEST_CASE("§5.2: grouped versions add 2048 bytes, one more stage overflows", "[model]") {
  STATIC_REQUIRE(total(grouped(nvfp4(128, 128, 128))) == 84992);
  STATIC_REQUIRE(total(grouped(nvfp4(128, 256, 128))) == 94208);
  STATIC_REQUIRE(total(with_stages(nvfp4(128, 128, 128), StagePolicy::Kind::fixed, 5)) == 102400);
  STATIC_REQUIRE(verdict(with_stages(nvfp4(128, 128, 128), StagePolicy::Kind::fixed, 5)) == Verdict::exceeds_optin);
}

TEST_CASE("§6: auto stage counts that overflow by 1024 bytes", "[model]") {
  constexpr Config auto_zero = with_stages(nvfp4(128, 128, 128), StagePolicy::Kind::auto_zero);
  STATIC_REQUIRE(stages(auto_zero) == 5);
  STATIC_REQUIRE(total(auto_zero) == 102400);
  constexpr Config grouped_n8 = grouped(nvfp4(128, 8, 128));
  STATIC_REQUIRE(stages(grouped_n8) == 9);
  STATIC_REQUIRE(total(grouped_n8) == 102400);
  STATIC_REQUIRE(total(nvfp4(128, 8, 128)) == 101376);  // the near miss: fits exactly
  STATIC_REQUIRE(verdict(nvfp4(128, 8, 128)) == Verdict::fits);
}

TEST_CASE("finalize §3.2 and §3.3: the TensorRT-LLM MoE tiles", "[model]") {
  constexpr Budget b = *evaluate(finalize(nvfp4(128, 128, 128)), sm120);
  STATIC_REQUIRE(b.epilogue.tensor_size == 16896);
  STATIC_REQUIRE(b.epilogue_shared_storage == 17408);
  STATIC_REQUIRE(b.decision.stages == 4);
  STATIC_REQUIRE(b.total == 93184);
  STATIC_REQUIRE(total(finalize(nvfp4(128, 256, 128))) == 102400);
  STATIC_REQUIRE(total(finalize(nvfp4(256, 128, 128))) == 102400);
  STATIC_REQUIRE(verdict(finalize(nvfp4(128, 256, 128))) == Verdict::exceeds_optin);
  STATIC_REQUIRE(total(with_stages(finalize(nvfp4(128, 256, 128)), StagePolicy::Kind::fixed, 2)) == 74752);
  STATIC_REQUIRE(evaluate(finalize(nvfp4(128, 256, 128)), sm120)->max_fitting_stages == 2);
}

TEST_CASE("judge() answers a filter as evaluate() does, without the parts or the search", "[model]") {
  // The MoE tile that fits and the one that overflows by 1,024 bytes: verdict, stages and bytes alike.
  constexpr Config fits = finalize(nvfp4(128, 128, 128));
  constexpr Config overflows = finalize(nvfp4(128, 256, 128));
  STATIC_REQUIRE(judge(fits, sm120)->verdict == Verdict::fits);
  STATIC_REQUIRE(judge(fits, sm120)->total == 93184);
  STATIC_REQUIRE(judge(fits, sm120)->decision.stages == 4);
  STATIC_REQUIRE(judge(overflows, sm120)->verdict == Verdict::exceeds_optin);
  STATIC_REQUIRE(judge(overflows, sm120)->total == 102400);
  STATIC_REQUIRE(judge(fits, sm120)->parts.size() == 0);
  STATIC_REQUIRE(evaluate(fits, sm120)->parts.size() > 0);
  STATIC_REQUIRE(!judge(overflows, sm120)->max_fitting_stages);
}

TEST_CASE("why 128x256x128 FINALIZE overflows: the builder's count against the kernel's", "[model][explain]") {
  constexpr Config moe = finalize(nvfp4(128, 256, 128));
  constexpr Explanation e = explain(moe, *evaluate(moe, sm120));
  // Builder (sm120_blockscaled_mma_builder.inl): scheduler pipeline 128 + 2 descriptors 256 +
  // tensormap-ready pipeline 48 reserved; A 8,192 + B 16,384 + SFA 1,024 + SFB 2,048 + 128 barrier
  // estimate per stage; (101,376 - 432 - 17,408) / 27,776 = 3.
  STATIC_REQUIRE(e.builder->reserve == 432);
  STATIC_REQUIRE(e.builder->per_stage == 27776);
  STATIC_REQUIRE(e.builder->stages == 3);
  STATIC_REQUIRE(e.builder->counted == 432 + 17408 + 3 * 27776);
  // Kernel: 82,944 + 16,896 rounded up to 1 KiB; outside the tensors 2,048 B: scheduler pipeline
  // 128 + 8 responses x 16, 7 descriptors x 128, barriers 48 + 32 + 16, and alignment.
  STATIC_REQUIRE(e.kernel.tensor_storage == 100352);
  STATIC_REQUIRE(e.kernel.tensor_alignment == 512);
  STATIC_REQUIRE(e.kernel.outside_tensors == 2048);
  STATIC_REQUIRE(e.kernel.scheduler == 256);
  STATIC_REQUIRE(e.kernel.tensormaps == 896);
  STATIC_REQUIRE(e.kernel.barriers == 96);
  STATIC_REQUIRE(e.kernel.alignment == 800);
  STATIC_REQUIRE(!explain(with_stages(moe, StagePolicy::Kind::fixed, 2), *evaluate(moe, sm120)).builder);
}

TEST_CASE("rejections name their rule", "[model]") {
  STATIC_REQUIRE(evaluate(with_stages(nvfp4(128, 128, 128), StagePolicy::Kind::fixed, 1), sm120)->rejection ==
                 Rejection::stages_below_two);
  STATIC_REQUIRE(evaluate(nvfp4(128, 192, 128), sm120)->rejection == Rejection::sfb_n_divisibility);
  Config pingpong_n8 = nvfp4(128, 8, 128);
  pingpong_n8.schedule = Schedule::pingpong;
  REQUIRE(evaluate(pingpong_n8, sm120)->rejection == Rejection::pingpong_small_n);
  Config mx_k64 = nvfp4(128, 128, 64);
  mx_k64.types = {operand_presets[1].operand, operand_presets[1].operand};
  REQUIRE(evaluate(mx_k64, sm120)->rejection == Rejection::scale_k_divisibility);
}

TEST_CASE("a build of the kernel refuses what sizeof(SharedStorage) compiles", "[model]") {
  // Built for the device with nvcc against CUTLASS 4.7.0 and 4.4.2 (tests/data/sm120-device.json):
  // the SFA and SFB TMA descriptors of the Params, and the cooperative kernel's device code.
  STATIC_REQUIRE(evaluate(nvfp4(64, 128, 128), sm120)->rejection == Rejection::sfa_tma_rows_below_128);
  STATIC_REQUIRE(evaluate(nvfp4(192, 128, 128), sm120)->rejection == Rejection::sfa_tma_rows_in_blocks);
  STATIC_REQUIRE(evaluate(nvfp4(128, 96, 128), sm120)->rejection == Rejection::sfb_tma_rows);
  STATIC_REQUIRE(verdict(nvfp4(128, 64, 128)) == Verdict::fits);
  Config at_442 = nvfp4(128, 64, 128);
  at_442.cutlass = {4, 4, 2};
  REQUIRE(evaluate(at_442, sm120)->rejection == Rejection::sfb_tma_rows);
  Config plain_m64 = nvfp4(64, 128, 128);
  plain_m64.scaling = Scaling::none;
  plain_m64.types = {{Element::e4m3, ScaleType::ue8m0, 32}, {Element::e4m3, ScaleType::ue8m0, 32}};
  plain_m64.schedule = Schedule::cooperative;
  REQUIRE(evaluate(plain_m64, sm120)->rejection == Rejection::cooperative_tile_m);
  plain_m64.schedule = Schedule::pingpong;
  REQUIRE(total(plain_m64) == 83968);
}

TEST_CASE("evaluate() answers only what the model answers", "[model]") {
  constexpr Evaluation on_volta = evaluate(nvfp4(128, 128, 128), *find_arch("sm70"));
  STATIC_REQUIRE(!on_volta.answered());
  STATIC_REQUIRE(on_volta.refusal().find("modelled layout rules") != std::string_view::npos);
  REQUIRE_THROWS_AS(on_volta->verdict, std::logic_error);
  // Turing's kernels are CUTLASS 2.x's only.
  constexpr Evaluation on_turing = evaluate(nvfp4(128, 128, 128), *find_arch("sm75"));
  STATIC_REQUIRE(on_turing.refusal().find("CUTLASS 3.x GEMMs do not run on Turing") != std::string_view::npos);
  // Ada's kernels are CUTLASS 2.x's: a 3.x configuration there is not modelled.
  constexpr Evaluation on_ada = evaluate(nvfp4(128, 128, 128), *find_arch("sm89"));
  STATIC_REQUIRE(on_ada.refusal().find("not modelled: CUTLASS 3.x GEMMs on sm80") != std::string_view::npos);
  Config finalize_ungrouped = nvfp4(128, 128, 128);
  finalize_ungrouped.epilogue = EpilogueKind::finalize;
  REQUIRE(!evaluate(finalize_ungrouped, sm120).answered());
  REQUIRE_THROWS_AS(evaluate(finalize_ungrouped, sm120).budget(), std::logic_error);
  STATIC_REQUIRE(evaluate(nvfp4(128, 128, 128), sm120).refusal().empty());
}

TEST_CASE("the breakdown adds up to the total", "[model]") {
  STATIC_REQUIRE(parts_add_up(nvfp4(128, 128, 128)));
  STATIC_REQUIRE(parts_add_up(finalize(nvfp4(128, 256, 128))));
  STATIC_REQUIRE(parts_add_up(grouped(nvfp4(128, 64, 256))));
}

TEST_CASE("CUTLASS versions: the rules of the last change at or before a release", "[model]") {
  STATIC_REQUIRE(rules_for({4, 3, 5}).stage_barrier_estimate == 16);
  STATIC_REQUIRE(rules_for({4, 3, 6}).stage_barrier_estimate == 128);
  STATIC_REQUIRE(!rules_for({4, 4, 1}).reserve_scheduler_capacity);
  STATIC_REQUIRE(rules_for({4, 4, 2}).reserve_scheduler_capacity);
  STATIC_REQUIRE(!rules_for({4, 4, 3}).pad_sfb_to_128_rows);
  STATIC_REQUIRE(rules_for({4, 5, 0}).pad_sfb_to_128_rows);
  STATIC_REQUIRE(!rules_for({4, 5, 3}).small_n_tiles);
  STATIC_REQUIRE(rules_for({4, 6, 0}).small_n_tiles);
  Config moe = nvfp4(128, 64, 64);
  moe.c = Element::bf16;
  moe.cutlass = {4, 3, 5};
  REQUIRE(evaluate(moe, sm120)->decision.stages == 13);  // cutlass-versions.md §3
  moe.cutlass = {4, 4, 1};
  REQUIRE(evaluate(moe, sm120)->decision.stages == 12);
}

TEST_CASE("architecture limits and occupancy", "[model]") {
  STATIC_REQUIRE(find_arch("sm120")->smem_per_block_optin == 101376);
  STATIC_REQUIRE(find_arch("sm_90")->smem_per_sm == 233472);
  STATIC_REQUIRE(!find_arch("sm99"));
  STATIC_REQUIRE(has_layout_rules({12, 1}));
  STATIC_REQUIRE(rule_set_of({9, 0}) == RuleSet::sm90);
  STATIC_REQUIRE(rule_set_of({10, 0}) == RuleSet::sm100);
  STATIC_REQUIRE(rule_set_of({10, 3}) == RuleSet::sm103);
  STATIC_REQUIRE(rule_set_of({11, 0}) == RuleSet::sm100);  // Thor: the SM100 builders
  STATIC_REQUIRE(rule_set_of({8, 9}) == RuleSet::sm80);    // CUTLASS 2.x
  STATIC_REQUIRE(rule_set_of({7, 5}) == RuleSet::sm80);    // Turing: CUTLASS 2.x only
  STATIC_REQUIRE(!has_layout_rules({7, 0}));
  // H200, measured: floor(233472 / (bytes + 1024)) CTAs per SM.
  STATIC_REQUIRE(ctas_per_sm(*find_arch("sm90"), 50000) == 4);
  STATIC_REQUIRE(ctas_per_sm(sm120, 49152) == 2);
  STATIC_REQUIRE(ctas_per_sm(sm120, 101377) == 0);
}

TEST_CASE("absurd sizes are reported, never wrapped", "[model]") {
  Config huge = with_stages(nvfp4(65536, 65536, 65536), StagePolicy::Kind::fixed, 2'147'483'647);
  REQUIRE_FALSE(invalid_input(huge, sm120));
  REQUIRE_FALSE(evaluate(huge, sm120).answered());
  Config big = with_stages(nvfp4(65536, 65536, 65536), StagePolicy::Kind::fixed, 2);
  REQUIRE(evaluate(big, sm120)->verdict == Verdict::exceeds_optin);
  REQUIRE(evaluate(big, sm120)->total > 4'294'967'296);
}
