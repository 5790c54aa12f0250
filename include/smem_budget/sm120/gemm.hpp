// The SM120/SM121 GEMMs, every mainloop family: CollectiveBuilder<arch::Sm120, …> (the
// gemm/collective/builders/sm120_*_mma_builder.inl builders), SM120's epilogue builder, and the
// SM90-style cooperative, ping-pong and pointer-array kernels it instantiates. Paths and lines are
// CUTLASS v4.7.0, under include/cutlass/.
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
#include "smem_budget/cutlass/sm90_gemm_kernel.hpp"
#include "smem_budget/cutlass/trtllm_finalize.hpp"
#include "smem_budget/sm120/collective.hpp"
#include "smem_budget/sm120/epilogue.hpp"

namespace smem_budget {

// What no SM120 collective answers, or the model does not: combinations of the family keys.
constexpr std::optional<std::string_view> invalid_family_input(const Config& config, Family family) {
  const bool block = has_block_scales(family);
  if (block && (!is_narrow_float(config.types.a.data) || !is_narrow_float(config.types.b.data)))
    return "block scaling takes FP4/FP6/FP8 operands (nvfp4, mxfp4, mxfp6, mxfp8 or their element names); "
           "for f16, bf16 or s8 give scaling none or blockwise";
  for (const Operand& operand : {config.types.a, config.types.b})
    if (block && operand.scale == ScaleType::ue8m0 && operand.vector == 16)
      return "not modelled on sm120: FP4 with ue8m0 scale factors per 16 elements (modelled on sm103)";
  if (!block && (config.types.a.scale == ScaleType::ue4m3 || config.types.b.scale == ScaleType::ue4m3))
    return "nvfp4 names a block-scaled format; with scaling none or blockwise give element names (e2m1, e4m3, …)";
  if (!config.scale_granularity.automatic) {
    if (family != Family::blockwise) return "a scale granularity needs scaling blockwise";
    const ScaleGranularity& g = config.scale_granularity;
    for (bytes_t extent : {g.m, g.n, g.k})
      if (extent < 1 || extent > max_tile_extent) return "scale granularity dimensions must be 1…65536";
  }
  if (config.epilogue_schedule == EpilogueSchedule::one_sm || config.epilogue_schedule == EpilogueSchedule::two_sm)
    return "the 1sm and 2sm epilogue schedules are SM100's; sm120 takes auto or sparse";
  if (!config.sparse) {
    if (config.epilogue_schedule == EpilogueSchedule::sparse) return "the sparse epilogue schedule needs sparse: true";
    if (config.instruction == Instruction::mxf8f6f4_acc2x4)
      return "the mxf8f6f4-acc2x4 instruction is the sparse block-scaled schedule; it needs sparse: true";
  }
  if (!block && config.instruction != Instruction::automatic)
    return "an explicit instruction selects a block-scaled schedule; with scaling none or blockwise leave it auto";
  if (family != Family::block_scaled && config.epilogue == EpilogueKind::finalize)
    return "the finalize epilogue is modelled for dense block-scaled grouped kernels only";
  if ((config.fusion == Fusion::scaled_mm || config.fusion == Fusion::scaled_mm_bias) && config.grouped)
    return "the scaled-mm fusions are modelled for non-grouped kernels only (vLLM's scaled_mm)";
  return std::nullopt;
}

// Questions outside what the SM120 model covers, once the architecture-neutral checks pass: the
// other architectures' keys, the epilogues' own keys, and the family keys.
constexpr std::optional<std::string_view> sm120_invalid_input(const Config& config) {
  if (config.schedule == Schedule::one_sm || config.schedule == Schedule::two_sm)
    return "the 1sm and 2sm schedules are SM100's; sm120 takes auto, cooperative or pingpong";
  if (config.schedule == Schedule::warp_specialized || config.schedule == Schedule::tma)
    return "the warpspecialized and tma schedules are SM90's non-persistent kernels; sm120 takes auto, cooperative or "
           "pingpong";
  if (is_single_warpgroup(config.schedule))
    return "the single-warpgroup schedules are TensorRT-LLM's SM90 small-K MoE kernel; sm120 takes auto, cooperative "
           "or pingpong";
  // SM120's pointer-array kernel over a non-grouped problem would take SM120's own default
  // scheduler, whose storage and builder reserve were not measured.
  if (config.batched) return "not modelled on sm120: pointer-array batched GEMMs (batched is modelled on sm90)";
  if (config.fusion == Fusion::scaled_mm_col_bias) return "not modelled on sm120: the scaled-mm-col-bias fusion";
  if (config.fusion == Fusion::scaled_mm_azp || config.fusion == Fusion::scaled_mm_azp_token)
    return "not modelled on sm120: vLLM's azp epilogues on CUTLASS 3.x kernels (modelled as its 2.x kernels: generation "
           "2x, or --arch sm80 or sm89)";
  if (config.fusion == Fusion::per_row_per_col || config.fusion == Fusion::fp8_rowwise)
    return "not modelled on sm120: the per-row-per-col and fp8-rowwise epilogues on CUTLASS 3.x kernels (modelled as "
           "TensorRT-LLM's and SGLang's 2.x kernels: generation 2x)";
  if (config.cluster != Cluster{}) return "not modelled: SM120 kernels run 1x1x1 clusters";
  if (!k_major_operands(config))
    return "not modelled on sm120: MN-major A or B (a_layout col, b_layout row); the model lays out K-major operands";
  if (config.fast_accum) return "fast_accum selects SM90's FP8FastAccum schedules; it has no meaning on sm120";
  if (config.cp_async) return "cp_async selects SM90's KernelCpAsyncWarpSpecialized schedules; sm120 has none";
  if (config.epilogue == EpilogueKind::finalize)
    if (const auto error = finalize_invalid_input(config)) return error;
  if (config.epilogue == EpilogueKind::nosmem) {
    if (config.fusion != Fusion::none) return "the no-smem epilogue has no fusion";
    if (!config.epilogue_tile.automatic) return "the no-smem epilogue has no epilogue tile";
  }
  if (config.fusion != Fusion::sf_gen && config.sf_output != ScaleFactorOutput{})
    return "a scale-factor vector or type belongs to the sf-gen fusion";
  if (const bytes_t v = config.sf_output.vector; v != 0 && v != 16 && v != 32 && v != 64)
    return "the scale-factor output's vector is 16, 32 or 64 elements";
  if (config.sf_output.layout.value_or(config.d_layout) != config.d_layout)
    return "not modelled on sm120: scale factors of D in another layout than D's";
  return invalid_family_input(config, family_of(config));
}

// On SM120 the automatic schedule is the cooperative kernel (sm120_*_mma_builder.inl), and results say so.
constexpr Config sm120_normalised(Config config) {
  if (config.schedule == Schedule::automatic) config.schedule = Schedule::cooperative;
  return config;
}

// The collectives' static assertions on the tile shape, types and epilogue, before any stage count.
// The kernel's types name the epilogue first (its storage is the mainloop's carveout), then the
// mainloop: the order in which the compiler reports their assertions; only the plain mainloops'
// tiled MMA permutation, which the epilogue builder's tile reads, fails before.
constexpr Rejection sm120_check_collectives(const Config& config, const CutlassRules& rules) {
  if (const Rejection r = check_dense_tiled_mma(config); r != Rejection::none) return r;
  if (const Rejection r = sm120_check_epilogue(config, rules); r != Rejection::none) return r;
  return check_mainloop(config, rules);
}

// True when CUTLASS's static assertions let it compile, whatever the stage count then turns out to
// be: the collectives', then the kernel's own, which the compiler meets after the mainloop's
// stage-count assertion (measured: a ping-pong stream-K kernel of one stage reports the stages).
constexpr Rejection sm120_check_shape(const Config& config, const CutlassRules& rules) {
  if (const Rejection r = sm120_check_collectives(config, rules); r != Rejection::none) return r;
  return check_kernel(config);
}

// What a build of the kernel refuses beyond the class-scope assertions that sizeof(SharedStorage)
// meets, whatever the stage count: its Params' TMA descriptors (compiled by its host path) and then
// its device code (the kernel's operator(), the mainloop's mma(), the epilogue's store()).
constexpr Rejection sm120_check_build(const Config& config, const CutlassRules& rules) {
  if (const Rejection r = check_mainloop_params(config, rules); r != Rejection::none) return r;
  if (const Rejection r = check_kernel_device_code(config); r != Rejection::none) return r;
  if (const Rejection r = check_mainloop_device_code(config); r != Rejection::none) return r;
  return sm120_check_epilogue_device_code(config);
}

constexpr bool sm120_shape_compiles(const Config& config) {
  const CutlassRules rules = rules_for(config.cutlass);
  return sm120_check_shape(config, rules) == Rejection::none && sm120_check_build(config, rules) == Rejection::none;
}

// The automatic epilogue tile of SM120's epilogue builder, or the one given.
constexpr EpilogueTileShape sm120_automatic_epilogue_tile(const Config& config) {
  return sm120_epilogue_tile(config, rules_for(config.cutlass));
}

namespace detail {

// SM120's refusals that a larger tile N cures: the mainloop's, and the epilogue's about the
// output's contiguous extent (N only when D is row-major).
constexpr bool refuses_tile_n(const Config& config, Rejection why) {
  switch (why) {
    case Rejection::tile_n_too_small:
    case Rejection::tile_n_permutation:
    case Rejection::pingpong_small_n:
    case Rejection::sfb_n_divisibility:
      return true;
    case Rejection::epilogue_swizzle_atom:
    case Rejection::sf_vector_divides_epilogue_tile:
    case Rejection::sf_vector_store_ratio:
    case Rejection::fp6_output_extent:
      return config.d_layout == MatrixLayout::row;
    default:
      return false;
  }
}

constexpr TileNSearch smallest_compiling_tile_n(const Config& config) {
  TileNSearch search{true, std::nullopt};
  Config larger = config;
  for (larger.tile.n = 8; larger.tile.n <= 256; larger.tile.n += 8)
    if (larger.tile.n != config.tile.n && sm120_shape_compiles(larger)) {
      search.smallest = larger.tile.n;
      break;
    }
  return search;
}

constexpr bytes_t carveout_for(const StagePolicy& policy, const EpilogueLayout& epi) {
  switch (policy.kind) {
    case StagePolicy::Kind::auto_carveout:
      return epi.shared_storage;
    case StagePolicy::Kind::auto_epi:
      return epi.carveout_epi;
    case StagePolicy::Kind::auto_zero:
    case StagePolicy::Kind::fixed:
      return 0;
  }
  return 0;
}

struct Sm120Steps : DefaultGemmSteps {
  static constexpr RuleSet rule_set = RuleSet::sm120;
  static constexpr std::string_view no_stage_count(const Config& config) {
    return is_sparse(family_of(config)) ? "the sparse builders take no StageCount<N>" : "";
  }
  static constexpr Rejection check(const Config& config) {
    return sm120_check_collectives(config, rules_for(config.cutlass));
  }
  static constexpr void choose_stages(Budget& budget, const Config& config, Checked& c) {
    const CutlassRules rules = rules_for(config.cutlass);
    budget.stage = mainloop_stage(config, rules, c);
    budget.epilogue = sm120_epilogue_layout(config, rules, c);
    StageDecision& d = budget.decision;
    d.cutlass_capacity = sm120_cutlass_capacity;
    const SchedulerReserve reserve = builder_reserve(config, rules);
    d.capacity = sm120_cutlass_capacity - reserve.total();
    d.reserve_for = reserve.purpose();
    d.carveout = carveout_for(config.stages, budget.epilogue);
    d.counts = mainloop_stage_counts(config, d.capacity, d.carveout, budget.stage);
    d.stages = d.counts.a;
    d.estimate = d.counts.half_k_b ? half_k_b_estimate(budget.stage) : budget.stage.estimate;
  }
  static constexpr Rejection check_stages(const Config& config, const Budget& budget) {
    if (const Rejection r = check_stage_counts(config, budget.stage, budget.decision.counts); r != Rejection::none)
      return r;
    return check_kernel(config);
  }
  static constexpr Rejection check_build(const Config& config) {
    return sm120_check_build(config, rules_for(config.cutlass));
  }
  template <class Parts>
  static constexpr GemmLayout<Parts> lay_out(const Config& config, const Budget& budget, const StageCounts& counts,
                                             Checked& c) {
    const MainloopTensors<Parts> mainloop = mainloop_tensors<Parts>(config, budget.stage, counts, c);
    const bytes_t scheduler = clc_scheduler_bytes(scheduler_pipeline_stages(config));
    return {mainloop,
            kernel_layout<Parts>(config, mainloop, budget.epilogue, scheduler, mainloop_tensormap_count(config), c)};
  }
};

}  // namespace detail

// The SM120 GEMMs. Preconditions: sm120_invalid_input(config) is empty.
template <class Parts = PartList>
constexpr std::optional<Budget> evaluate_sm120(const Config& config, const ArchLimits& arch) {
  std::optional<Budget> budget = evaluate_gemm<detail::Sm120Steps, Parts>(config, arch);
  if (budget && budget->verdict == Verdict::rejected && detail::refuses_tile_n(config, budget->rejection))
    budget->tile_n_search = detail::smallest_compiling_tile_n(config);
  return budget;
}

}  // namespace smem_budget
