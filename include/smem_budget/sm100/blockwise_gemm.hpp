// The SM100 (B200) blockwise-scaled FP8 GEMM: CollectiveBuilder<arch::Sm100, OpClassTensorOp, …> with
// (layout, scale-factor layout) tuples and the …Blockwise…Sm100 kernel schedules
// (gemm/collective/builders/sm100_blockwise_umma_builder.inl), building the collective of
// gemm/collective/sm100_mma_warpspecialized_blockwise_scaling.hpp (grouped: its array twin) and the
// MMA-transform kernel (gemm/kernel/sm100_gemm_tma_warpspecialized_mma_transform.hpp; grouped:
// sm100_gemm_array_tma_warpspecialized_mma_transform.hpp), over SM100's epilogue (common.hpp). A float
// scale per granularity block of A (gM x gK) and of B (gN x gK), DeepSeek-style. Paths and lines are
// CUTLASS v4.7.0, under include/cutlass/; 4.3.5 to 4.6.0 lay out the same.
#pragma once

#include <array>
#include <optional>
#include <span>
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
#include "smem_budget/sm100/common.hpp"
#include "smem_budget/sm100/dense_gemm.hpp"

namespace smem_budget {

// Questions outside what the model of these kernels covers; empty when it answers. What CUTLASS's
// generator makes (FP8 operands, the default scheduler, no fusion) was measured.
constexpr std::optional<std::string_view> sm100_blockwise_invalid_input(const Config& config) {
  if (const auto error = sm100_foreign_keys(config)) return error;
  if (config.epilogue == EpilogueKind::finalize) return "not modelled on sm100: the finalize epilogue of blockwise kernels";
  const auto fp8 = [](Element e) { return e == Element::e4m3 || e == Element::e5m2; };
  if (!fp8(config.types.a.data) || !fp8(config.types.b.data))
    return "not modelled on sm100: blockwise-scaled operands other than FP8 (e4m3, e5m2)";
  if (config.instruction != Instruction::automatic)
    return "instruction chooses a block-scaled MMA; the blockwise builder picks the MMA from the types";
  if (config.fusion != Fusion::none && config.fusion != Fusion::amax_aux)
    return "not modelled on sm100: a fusion other than amax-aux in the blockwise-scaled GEMMs";
  if (const auto error = sm100_aux_invalid_input(config)) return error;
  if (config.tile_scheduler != TileScheduler::persistent)
    return "not modelled on sm100: stream-K in the blockwise-scaled GEMMs";
  if (!config.epilogue_tile.automatic)
    return "not modelled on sm100: a given epilogue tile in the blockwise-scaled GEMMs";
  if (!config.scale_granularity.automatic) {
    const ScaleGranularity& g = config.scale_granularity;
    for (bytes_t extent : {g.m, g.n, g.k})
      if (extent < 1 || extent > max_tile_extent) return "scale granularity dimensions must be 1…65536";
  }
  if ((config.tile.k * 8) % 128 != 0)
    return "not modelled on sm100: a tile K whose rows of A and B are not whole 16-byte units";
  if (is_fp6(config.c) || is_fp6(config.d) || config.c == Element::e2m1 || config.d == Element::e2m1)
    return "not modelled on sm100: FP4 or FP6 C or D";
  return std::nullopt;
}

// The assertions before any stage count, in the order the compiler meets them: the epilogue builder
// (as the dense kernels'), the mainloop builder's types and tiled MMA (sm100_blockwise_umma_builder.inl:281,
// :319-330, the MMA atoms and swizzle atoms as the dense builder's), then its granularity against the
// CTA tile (:388-390).
constexpr Rejection sm100_blockwise_check(const Config& config) {
  if (const Rejection r = sm100_dense_check(config); r != Rejection::none) return r;
  const ScaleGranularity g = granularity_of(config);
  const Tile cta = sm100_cta_tile(config);
  if (cta.m < g.m || cta.n < g.n || cta.k < g.k) return Rejection::sm100_blockwise_granularity_exceeds_cta;
  return Rejection::none;
}

// The collective's granularity assertions (sm100_mma_warpspecialized_blockwise_scaling.hpp:132-143),
// met once the builder has its stage count.
constexpr Rejection sm100_blockwise_collective_check(const Config& config) {
  const ScaleGranularity g = granularity_of(config);
  const Tile& t = config.tile;
  if (t.m % g.m != 0) return Rejection::sm100_blockwise_granularity_m;
  if (t.n % g.n != 0) return Rejection::sm100_blockwise_granularity_n;
  if (t.k % g.k != 0) return Rejection::sm100_blockwise_granularity_k;
  // The F8F6F4 MMA's K is 32.
  if (g.k % 32 != 0) return Rejection::sm100_blockwise_granularity_k_mma;
  return Rejection::none;
}

// SchedulerPipelineStageCount (:365): one more than the accumulator stages; 1 for the grouped
// kernel's group scheduler.
constexpr bytes_t sm100_blockwise_scheduler_stages(const Config& config) {
  return config.grouped ? 1 : sm100_accumulator_stages(config) + 1;
}

// One stage per CTA: A of the CTA's M and B of N/2 on a 2-SM MMA, a float per granularity block of
// the CTA's M (A) and of the full N (B, whose accumulator spans all of N). The builder counts the
// scales of the MMA tile, A's at the full M (twice a 2-SM CTA's), rounds to 128 and adds the A/B and
// scale-factor pipelines, 16 bytes each (sm100_compute_stage_count_or_override_blockwise, :96-112).
constexpr MainloopStage sm100_blockwise_stage(const Config& config, Checked& c) {
  MainloopStage s;
  const Tile cta = sm100_cta_tile(config);
  const ScaleGranularity g = granularity_of(config);
  const bytes_t k_blocks = g.k > 0 ? cta.k / g.k : 0;
  s.bits_a = bits_of(config.types.a.data);
  s.bits_b = bits_of(config.types.b.data);
  s.a = ceil_div(c.mul(c.mul(cta.m, cta.k), s.bits_a), 8);
  s.b = ceil_div(c.mul(c.mul(sm100_b_columns(config), cta.k), s.bits_b), 8);
  s.sfa = c.mul(c.mul(cta.m / g.m, k_blocks), 4);
  s.sfb = c.mul(c.mul(config.tile.n / g.n, k_blocks), 4);
  const bytes_t estimated_sfa = c.mul(c.mul(config.tile.m / g.m, k_blocks), 4);
  s.barrier = 32;
  s.estimate = c.add(c.up(c.add(c.add(s.a, s.b), c.add(estimated_sfa, s.sfb)), 128), s.barrier);
  return s;
}

// The builder's carveout (:369-378): the dense carveout of its own accumulator and scheduler stages,
// with A's and B's two tensormaps.
constexpr bytes_t sm100_blockwise_builder_reserve(const Config& config) {
  return sm100_carveout(sm100_accumulator_stages(config), sm100_blockwise_scheduler_stages(config), config.grouped, 2);
}

// TensorStorage (sm100_mma_warpspecialized_blockwise_scaling.hpp:288-299), aligned_struct<128>: A, B,
// then the float scales of every stage, each a 16-byte aligned ArrayEngine.
template <class Parts = PartList>
constexpr MainloopTensors<Parts> sm100_blockwise_tensors(const MainloopStage& s, bytes_t stages, Checked& c) {
  BasicStructLayout<Parts> layout(c, 128);
  layout.member("A tiles", array_engine_bytes(c.mul(s.a, stages), 8, c), 16, PartKind::tensor);
  layout.member("B tiles", array_engine_bytes(c.mul(s.b, stages), 8, c), 16, PartKind::tensor);
  layout.member("A scales", array_engine_bytes(c.mul(s.sfa, stages), 8, c), 16, PartKind::tensor);
  layout.member("B scales", array_engine_bytes(c.mul(s.sfb, stages), 8, c), 16, PartKind::tensor);
  layout.finish("mainloop tensors");
  // PipelineStorage (:300-304): the A/B pipeline, the scale factors' PipelineAsync and the
  // accumulator pipeline; the kernel lays them out (sm100_blockwise_kernel_layout).
  return {layout.parts(), layout.size(), layout.alignment(), c.mul(pipeline_barrier_bytes(stages, c), 2)};
}

// The MMA-transform kernel's SharedStorage (sm100_gemm_tma_warpspecialized_mma_transform.hpp:188-216;
// grouped, sm100_gemm_array_tma_warpspecialized_mma_transform.hpp:199-234). Unlike the dense kernel's:
// the accumulator pipeline is the mainloop's, an epilogue throttle barrier follows the TMEM one, the
// CLC pipeline, throttle and responses have one more stage than the accumulator, and a grouped kernel
// keeps one set of tensormaps and no tensormap-ready pipeline.
template <class Parts = PartList>
constexpr KernelLayout<Parts> sm100_blockwise_kernel_layout(const Config& config,
                                                            const MainloopTensors<Parts>& mainloop,
                                                            const EpilogueLayout& epi, Checked& c) {
  const bytes_t s = sm100_blockwise_scheduler_stages(config);
  BasicStructLayout<Parts> pipes(c, 16);
  pipes.member("mainloop pipeline barriers (A/B, scales)", mainloop.pipeline, 16, PartKind::barrier);
  pipes.member("accumulator pipeline barriers", 16 * sm100_accumulator_stages(config), 16, PartKind::barrier);
  pipes.member("epilogue load pipeline barriers", epi.pipeline_size, 16, PartKind::barrier);
  pipes.member("load order barrier", 16, 16, PartKind::barrier);
  if (!config.grouped) {
    pipes.member("CLC pipeline barriers", 16 * s, 16, PartKind::scheduler);
    pipes.member("CLC throttle barriers", 16 * s, 16, PartKind::scheduler);
  } else {
    // The group scheduler is not dynamic: a PipelineAsync<1> and an empty throttle (:182-190).
    pipes.member("group scheduler pipeline", 16, 16, PartKind::scheduler);
    pipes.member("CLC throttle (empty)", 1, 16, PartKind::scheduler);
  }
  pipes.member("TMEM dealloc barrier", 8, 16, PartKind::barrier);
  pipes.member("epilogue throttle barrier", 8, 16, PartKind::barrier);
  pipes.finish("pipelines");

  const BasicStructLayout<Parts> tensors = kernel_tensor_storage<Parts>(config, mainloop, epi, TensorsFirst::epilogue, c);

  // Grouped, one set: the epilogue's C and D (an empty struct for the legacy no-smem epilogue), then A
  // and B, each alignas(128).
  const std::array<Sm100Tensormaps, 2> maps{{
      {"epilogue tensormaps", epi.tensormap_count == 0 ? 1 : epi.tensormap_count * 128},
      {"mainloop tensormaps (A, B)", 2 * 128},
  }};
  return sm100_kernel_storage<Parts>(pipes, 16 * s, std::span(maps).first(config.grouped ? 2 : 0), tensors, c);
}

namespace detail {

struct Sm100BlockwiseSteps : DefaultGemmSteps {
  static constexpr RuleSet rule_set = RuleSet::sm100;
  static constexpr Rejection check(const Config& config) { return sm100_blockwise_check(config); }
  static constexpr void choose_stages(Budget& budget, const Config& config, Checked& c) {
    budget.stage = sm100_blockwise_stage(config, c);
    sm100_builder_inputs(budget, config, sm100_blockwise_builder_reserve(config), sm100_carveout_purpose(config), c);
    sm100_decide_stages(budget.decision, config);
  }
  // The builder asserts a stage (:411), the collective its granularity (:132-143) and two stages (:247); then
  // the kernel's device code stores a fused no-smem epilogue as the legacy one (measured: amax-aux refused).
  static constexpr Rejection check_stages(const Config& config, const Budget& budget) {
    if (budget.decision.stages < 1) return Rejection::sm100_blockwise_no_stage;
    if (const Rejection r = sm100_blockwise_collective_check(config); r != Rejection::none) return r;
    if (budget.decision.stages < 2) return Rejection::sm100_blockwise_stages_below_two;
    if (config.epilogue == EpilogueKind::nosmem && config.fusion != Fusion::none)
      return Rejection::sm100_blockwise_nosmem_fusion;
    return Rejection::none;
  }
  template <class Parts>
  static constexpr GemmLayout<Parts> lay_out(const Config& config, const Budget& budget, const StageCounts& counts,
                                             Checked& c) {
    const MainloopTensors<Parts> mainloop = sm100_blockwise_tensors<Parts>(budget.stage, counts.a, c);
    return {mainloop, sm100_blockwise_kernel_layout<Parts>(config, mainloop, budget.epilogue, c)};
  }
  static constexpr SizeRefusal check_laid_out(const Config& config, bytes_t total) {
    if (total <= sm100_cutlass_capacity) return {};
    return {config.grouped ? Rejection::sm100_blockwise_grouped_smem_exceeds_capacity
                           : Rejection::sm100_blockwise_smem_exceeds_capacity,
            true};
  }
  static constexpr void record(Budget& budget, const Config& config) {
    sm100_record_accumulator(budget, config);
    budget.tmem_columns = budget.tmem_accumulator_columns;
  }
  static constexpr bytes_t stage_search_ceiling(const Budget& budget) {
    return budget.limit < sm100_cutlass_capacity ? budget.limit : sm100_cutlass_capacity;
  }
};

}  // namespace detail

constexpr bool sm100_blockwise_shape_compiles(const Config& config) {
  return sm100_blockwise_check(config) == Rejection::none &&
         sm100_blockwise_collective_check(config) == Rejection::none;
}

// Preconditions: sm100_blockwise_invalid_input(config) is empty.
template <class Parts = PartList>
constexpr std::optional<Budget> evaluate_sm100_blockwise(const Config& config, const ArchLimits& arch) {
  return evaluate_gemm<detail::Sm100BlockwiseSteps, Parts>(config, arch);
}

}  // namespace smem_budget
