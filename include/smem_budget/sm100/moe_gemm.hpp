// CUTLASS's SM100 MoE GEMMs (the generator's moe_gemm kernels over MoEProblemShape): the mixed
// TMA/cp.async kernel, A (and the scale factors) loaded with TMA, B with cp.async.
// KernelMixedTmaCpAsyncWarpSpecialized1SmSm100 (gemm/collective/builders/sm100_mixed_tma_cpasync_umma_builder.inl,
// gemm/collective/sm100_mma_mixed_tma_cpasync_warpspecialized.hpp) keeps the dense collective's tensors;
// …1SmBlockScaledSm100 (sm100_blockscaled_mixed_tma_cpasync_umma_builder.inl,
// sm100_blockscaled_mma_mixed_tma_cpasync_warpspecialized.hpp) the block-scaled one's. Both keep a TMA
// and a cp.async pipeline a stage, under the kernel of gemm/kernel/sm100_gemm_mixed_tma_cpasync_warpspecialized.hpp
// (cp_async_kernel.hpp) and SM100's TMA epilogue (common.hpp). Paths and lines are CUTLASS v4.7.0,
// under include/cutlass/.
#pragma once

#include <optional>
#include <string_view>

#include "smem_budget/core/arch.hpp"
#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/gemm_evaluation.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/result.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"
#include "smem_budget/sm100/blockscaled_gemm.hpp"
#include "smem_budget/sm100/common.hpp"
#include "smem_budget/sm100/cp_async_kernel.hpp"
#include "smem_budget/sm100/dense_gemm.hpp"

namespace smem_budget {

// The operand types of CUTLASS's dense MoE kernels: f16, bf16 or FP8 (runtime-typed f8 is laid out
// as e4m3), one width on both sides.
constexpr bool sm100_moe_dense_types(const OperandPair& t) {
  const auto fp8 = [](Element e) { return e == Element::e4m3 || e == Element::e5m2; };
  const Element a = t.a.data, b = t.b.data;
  return (a == b && (a == Element::f16 || a == Element::bf16)) || (fp8(a) && fp8(b));
}

// Questions outside what the model of the MoE kernels covers; empty when it answers. What is
// modelled is what CUTLASS's generator builds (and was measured by name): one SM, a 1x1x1 cluster,
// the TMA epilogue without a fusion, K-major operands.
constexpr std::optional<std::string_view> sm100_moe_invalid_input(const Config& config) {
  if (config.cutlass != newest_release)
    return "not modelled: the MoE kernel before CUTLASS 4.7.0 (its kernel changed in every release; measured at "
           "4.7.0)";
  if (config.schedule != Schedule::one_sm)
    return "CUTLASS's MoE GEMM on sm100 is KernelMixedTmaCpAsyncWarpSpecialized1Sm[BlockScaled]Sm100: give --schedule "
           "1sm (its 2-SM twin is not modelled)";
  if (config.cp_async || config.grouped || config.batched || config.fast_accum || config.sparse)
    return "moe is its own kernel: leave cp_async, grouped, batched, fast_accum and sparse out";
  if (config.scaling == Scaling::blockwise) return "not modelled: the MoE kernel with blockwise scales";
  if (config.cluster != Cluster{})
    return "not modelled: the MoE kernel on a cluster other than 1x1x1 (CUTLASS's are 1x1x1; a cluster chosen at "
           "run time it refuses)";
  if (config.epilogue != EpilogueKind::tma || config.fusion != Fusion::none ||
      config.epilogue_schedule == EpilogueSchedule::two_sm || config.tile_scheduler != TileScheduler::persistent)
    return "not modelled: the MoE kernel with another epilogue than the 1-SM TMA one without a fusion, or another "
           "tile scheduler than the default (it takes the group scheduler)";
  if (config.stages.kind == StagePolicy::Kind::auto_epi) return "not modelled on sm100: StageCountAutoCarveoutEpi";
  if (!k_major_operands(config))
    return "not modelled: MN-major A or B of the MoE kernel (CUTLASS's are K-major: tn)";
  if (config.instruction != Instruction::automatic)
    return "the MoE kernel's builder picks the MMA from the types: leave instruction out";
  if (!config.epilogue_tile.automatic) return "not modelled: a given epilogue tile with the MoE kernel";
  if (config.scaling == Scaling::none) {
    if (!sm100_moe_dense_types(config.types))
      return "not modelled: MoE operands other than f16, bf16 or FP8 (e4m3, e5m2) without block scales";
  } else {
    const OperandPair& t = config.types;
    if (!is_narrow_float(t.a.data) || !is_narrow_float(t.b.data))
      return "sm100 block scaling takes FP4/FP6/FP8 operands (nvfp4, mxfp4, mxfp6, mxfp8 or their element names)";
    if (t.a.scale != ScaleType::ue8m0 || t.b.scale != ScaleType::ue8m0 || t.a.vector != 32 || t.b.vector != 32)
      return "not modelled: MoE operands other than MX ones (ue8m0 scale factors per 32 elements)";
    if (config.tile.k % 128 != 0) return "not modelled on sm100: tile K a multiple of 128 is what the model covers";
  }
  const bytes_t b =
      sm100_cp_async_access_bytes(config.alignment.b, config.types.b.data, config.scaling == Scaling::block);
  if (config.alignment.b != 0 && !has_uint_byte_type(b))
    return "not modelled: an alignment of B whose accesses are not 1, 2, 4, 8, 16 or 32 bytes (CUTLASS has no "
           "integer type of that size)";
  if (is_fp6(config.c) || config.c == Element::e2m1 || config.d == Element::e2m1 ||
      (config.scaling == Scaling::none && is_fp6(config.d)))
    return "not modelled: FP4 C or D, or FP6 C, of the MoE kernel";
  return std::nullopt;
}

// The assertions, in the order the compiler meets them: the epilogue builder, then the mainloop
// builder (the dense or block-scaled kernels' own rules on the tile, MMA and types; the mixed builders
// call the same sm100_common.inl helpers), then B's cp.async copy atom.
constexpr Rejection sm100_moe_check(const Config& config) {
  const Rejection shape = config.scaling == Scaling::block ? sm100_check(config) : sm100_dense_check(config);
  if (shape != Rejection::none) return shape;
  const bytes_t b =
      sm100_cp_async_access_bytes(config.alignment.b, config.types.b.data, config.scaling == Scaling::block);
  if (config.alignment.b != 0 && b != 16) return Rejection::sm100_moe_b_access;
  return Rejection::none;
}

// One stage as the mixed builders count it: the dense or block-scaled builder's A, B (and scale
// factors), and the barriers of one stage of PipelineUmmaConsumerAsync (16 bytes); the block-scaled
// one also PipelineTmaUmmaAsync's (16) (sm100_mixed_tma_cpasync_umma_builder.inl:152-156,
// sm100_umma_builder.inl:84-99; sm100_blockscaled_mixed_tma_cpasync_umma_builder.inl:67-88).
constexpr MainloopStage sm100_moe_stage(const Config& config, Checked& c) {
  MainloopStage s = config.scaling == Scaling::block ? sm100_stage(config, c) : sm100_dense_stage(config, c);
  s.barrier = config.scaling == Scaling::block ? 32 : 16;
  s.estimate = c.add(s.data(), s.barrier);
  return s;
}

// The collective's SharedStorage: the dense or block-scaled TensorStorage, and its PipelineStorage, a
// TMA and a cp.async pipeline of 16 bytes a stage each
// (sm100_mma_mixed_tma_cpasync_warpspecialized.hpp:220-233; block-scaled :274-290).
template <class Parts>
constexpr MainloopTensors<Parts> sm100_moe_tensors(const Config& config, const MainloopStage& s, bytes_t stages,
                                                   Checked& c) {
  MainloopTensors<Parts> tensors = config.scaling == Scaling::block ? sm100_tensors<Parts>(s, stages, c)
                                                                    : sm100_dense_tensors<Parts>(s, stages, c);
  tensors.pipeline = c.mul(2, pipeline_barrier_bytes(stages, c));
  return tensors;
}

namespace detail {

struct Sm100MoeSteps : DefaultGemmSteps {
  static constexpr RuleSet rule_set = RuleSet::sm100;
  static constexpr Rejection check(const Config& config) { return sm100_moe_check(config); }
  static constexpr void choose_stages(Budget& budget, const Config& config, Checked& c) {
    budget.stage = sm100_moe_stage(config, c);
    sm100_builder_inputs(budget, config, sm100_mixed_tma_cp_async_builder_reserve(), sm100_cp_async_carveout_purpose, c);
    sm100_decide_stages(budget.decision, config);
  }
  // The block-scaled builder asserts a stage (…umma_builder.inl:262); both collectives two (:201, :253).
  static constexpr Rejection check_stages(const Config& config, const Budget& budget) {
    if (budget.decision.stages < 1 && config.scaling == Scaling::block) return Rejection::sm100_moe_no_stage;
    return budget.decision.stages < 2 ? Rejection::sm100_moe_stages_below_two : Rejection::none;
  }
  template <class Parts>
  static constexpr GemmLayout<Parts> lay_out(const Config& config, const Budget& budget, const StageCounts& counts,
                                             Checked& c) {
    const MainloopTensors<Parts> mainloop = sm100_moe_tensors<Parts>(config, budget.stage, counts.a, c);
    return {mainloop, sm100_cp_async_kernel_layout<Parts>(config, mainloop, budget.epilogue, true, c)};
  }
  // The kernel asserts its size at class scope (sm100_gemm_mixed_tma_cpasync_warpspecialized.hpp:259): the
  // bytes laid out stay its answer.
  static constexpr SizeRefusal check_laid_out(const Config&, bytes_t total) {
    if (total <= sm100_cutlass_capacity) return {};
    return {Rejection::sm100_moe_smem_exceeds_capacity, true};
  }
  // Two accumulator stages, never overlapping (sm100_gemm_mixed_tma_cpasync_warpspecialized.hpp:166), of N
  // columns each, laid out by make_sm100_accumulator as the dense kernel's are (an MMA of M 64 fills half
  // the lanes: two stages share columns); the block-scaled collective's scale factors after them.
  static constexpr void record(Budget& budget, const Config& config) {
    budget.tmem_accumulator_stages = sm100_cp_async_accumulator_stages;
    budget.tmem_accumulator_columns = sm100_cp_async_accumulator_stages * config.tile.n;
    const MainloopStage& s = budget.stage;
    const bytes_t accumulators =
        config.tile.m > 64 ? budget.tmem_accumulator_columns : budget.tmem_accumulator_columns / 2;
    budget.tmem_columns = accumulators + (s.sfa_blocks + s.sfb_blocks) * s.sf_k_blocks;
  }
  static constexpr bytes_t stage_search_ceiling(const Budget& budget) {
    return budget.limit < sm100_cutlass_capacity ? budget.limit : sm100_cutlass_capacity;
  }
};

}  // namespace detail

constexpr bool sm100_moe_shape_compiles(const Config& config) { return sm100_moe_check(config) == Rejection::none; }

// Preconditions: sm100_moe_invalid_input(config) is empty.
template <class Parts = PartList>
constexpr std::optional<Budget> evaluate_sm100_moe(const Config& config, const ArchLimits& arch) {
  return evaluate_gemm<detail::Sm100MoeSteps, Parts>(config, arch);
}

}  // namespace smem_budget
