// Two budgets measured with nvcc against CUTLASS 4.4.2 (TensorRT-LLM's pin), asserted at compile
// time: TensorRT-LLM's 128x256x128 NVFP4 grouped FINALIZE kernel asks for 102,400 B and exceeds
// the SM120 opt-in limit; the same kernel with StageCount<2> needs 74,752 B and fits. And a 2.x one.
#pragma once

#include "smem_budget/budget.hpp"

namespace consumer {

constexpr smem_budget::Config moe_finalize(smem_budget::StagePolicy stages) {
  smem_budget::Config c;
  c.tile = {128, 256, 128};
  c.grouped = true;
  c.epilogue = smem_budget::EpilogueKind::finalize;
  c.stages = stages;
  c.cutlass = {4, 4, 2};
  return c;
}

constexpr smem_budget::ArchLimits sm120 = *smem_budget::find_arch("sm120");
constexpr auto automatic = smem_budget::evaluate(moe_finalize({}), sm120);
constexpr auto two_stages = smem_budget::evaluate(moe_finalize({smem_budget::StagePolicy::Kind::fixed, 2}), sm120);

static_assert(automatic.answered() && two_stages.answered());  // evaluate() refuses what it does not model
static_assert(automatic->total == 102'400 && automatic->decision.stages == 3);
static_assert(automatic->verdict == smem_budget::Verdict::exceeds_optin);
static_assert(two_stages->total == 74'752 && two_stages->verdict == smem_budget::Verdict::fits);

// A CUTLASS 2.x kernel, measured on the device machine (tests/data/sm120-2x-trtllm-tiles-device.json):
// TensorRT-LLM's CtaShape16x256x128_WarpShape16x64x128 FP8 tile as a GemmGrouped kernel on SM120,
// 104,464 B with three stages, 69,648 B with two.
constexpr smem_budget::Config fp8_moe_2x(smem_budget::bytes_t stages) {
  smem_budget::Config c;
  c.generation = smem_budget::Generation::cutlass2x;
  c.scaling = smem_budget::Scaling::none;
  c.types = {smem_budget::Operand{smem_budget::Element::e4m3}, smem_budget::Operand{smem_budget::Element::e4m3}};
  c.tile = {16, 256, 128};
  c.warp = {16, 64, 128};
  c.grouped = true;
  c.stages = {smem_budget::StagePolicy::Kind::fixed, stages};
  return c;
}
constexpr auto fp8_three = smem_budget::evaluate(fp8_moe_2x(3), sm120);
constexpr auto fp8_two = smem_budget::evaluate(fp8_moe_2x(2), sm120);
static_assert(fp8_three.answered() && fp8_two.answered());
static_assert(fp8_three->total == 104'464 && fp8_three->verdict == smem_budget::Verdict::exceeds_optin);
static_assert(fp8_two->total == 69'648 && fp8_two->epilogue_shared_storage == 8'448);

}  // namespace consumer
