// Two budgets measured with nvcc against CUTLASS 4.4.2 (TensorRT-LLM's pin), asserted at compile
// time: TensorRT-LLM's 128x256x128 NVFP4 grouped FINALIZE kernel asks for 102,400 B and exceeds
// the SM120 opt-in limit; the same kernel with StageCount<2> needs 74,752 B and fits.
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

}  // namespace consumer
