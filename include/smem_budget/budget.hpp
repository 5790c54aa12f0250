// The public entry point: one configuration and one architecture in, the kernel's shared memory,
// part by part, and a verdict out.
#pragma once

#include <optional>
#include <string_view>

#include "smem_budget/arch.hpp"
#include "smem_budget/arithmetic.hpp"
#include "smem_budget/budget_result.hpp"
#include "smem_budget/config.hpp"
#include "smem_budget/epilogue.hpp"
#include "smem_budget/kernel.hpp"
#include "smem_budget/layout.hpp"
#include "smem_budget/mainloop.hpp"
#include "smem_budget/rejection.hpp"
#include "smem_budget/rules.hpp"
#include "smem_budget/sm100_gemm.hpp"
#include "smem_budget/sm103_gemm.hpp"
#include "smem_budget/sm90_gemm.hpp"

namespace smem_budget {

// What no SM120 collective answers, or the model does not: combinations of the family keys.
constexpr std::optional<std::string_view> invalid_family_input(const Config& config, Family family) {
  const bool block = has_block_scales(family);
  if (block && (!is_narrow_float(config.types.a.data) || !is_narrow_float(config.types.b.data)))
    return "block scaling takes FP4/FP6/FP8 operands (nvfp4, mxfp4, mxfp6, mxfp8 or their element names); "
           "for f16, bf16 or s8 give scaling none or blockwise";
  if (!block && (config.types.a.scale == ScaleType::ue4m3 || config.types.b.scale == ScaleType::ue4m3))
    return "nvfp4 names a block-scaled format; with scaling none or blockwise give element names (e2m1, e4m3, …)";
  if (!config.scale_granularity.automatic) {
    if (family != Family::blockwise) return "a scale granularity needs scaling blockwise";
    const ScaleGranularity& g = config.scale_granularity;
    for (bytes_t extent : {g.m, g.n, g.k})
      if (extent < 1 || extent > max_tile_extent) return "scale granularity dimensions must be 1…65536";
  }
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

// The SM120-only keys' values on another architecture, and the other architectures' keys on SM120.
constexpr std::optional<std::string_view> sm120_invalid_input(const Config& config) {
  if (config.schedule == Schedule::one_sm || config.schedule == Schedule::two_sm)
    return "the 1sm and 2sm schedules are SM100's; sm120 takes auto, cooperative or pingpong";
  if (config.cluster != Cluster{}) return "not modelled: SM120 kernels run 1x1x1 clusters";
  if (config.fast_accum) return "fast_accum selects SM90's FP8FastAccum schedules; it has no meaning on sm120";
  return std::nullopt;
}

// The configuration as the architecture's builders read it, spelled the way results show it: on
// SM120 the automatic schedule is the cooperative kernel (sm120_*_mma_builder.inl), and says so.
constexpr Config normalised(Config config, const ArchLimits& arch) {
  if (rule_set_of(arch.cc) == RuleSet::sm120 && config.schedule == Schedule::automatic)
    config.schedule = Schedule::cooperative;
  return config;
}

// Why evaluate() has no budget for a configuration whose byte counts pass 63 bits.
inline constexpr std::string_view byte_count_overflow =
    "the byte counts do not fit in 63 bits; use a smaller tile or stage count";

// Why a configuration is not a question the model can answer: input errors, not CUTLASS verdicts.
constexpr std::optional<std::string_view> invalid_input(const Config& config, const ArchLimits& arch) {
  const Family family = family_of(config);
  const Tile& t = config.tile;
  for (bytes_t extent : {t.m, t.n, t.k})
    if (extent < 1 || extent > max_tile_extent) return "tile dimensions must be 1…65536";
  const RuleSet rule_set = rule_set_of(arch.cc);
  if (rule_set == RuleSet::none)
    return "only sm90, sm100, sm103, sm120 and sm121 (compute capability 9.0, 10.0, 10.3, 12.0 and 12.1) have modelled "
           "layout rules";
  if (config.cutlass < oldest_release || config.cutlass > newest_release)
    return "CUTLASS versions from 4.3.0 to 4.7.0 are supported";
  if (config.stages.kind == StagePolicy::Kind::fixed && (config.stages.count < 1 || config.stages.count > 2'147'483'647))
    return "a stage count must be 1…2147483647";
  if (config.cluster.is_dynamic() && rule_set != RuleSet::sm100)
    return "not modelled: a cluster chosen at run time (dynamic) is modelled on sm100 only";
  for (bytes_t extent : {config.cluster.m, config.cluster.n, config.cluster.k})
    if (!config.cluster.is_dynamic() && (extent < 1 || extent > 16)) return "cluster dimensions must be 1…16";
  if (!config.epilogue_tile.automatic &&
      (config.epilogue_tile.m < 1 || config.epilogue_tile.n < 1 || config.epilogue_tile.m > max_tile_extent ||
       config.epilogue_tile.n > max_tile_extent))
    return "epilogue tile dimensions must be 1…65536";
  if (config.d == Element::none) return "D (the output) cannot be void";
  if (config.fusion == Fusion::col_bias && config.bias == Element::none) return "a bias needs a type";
  if (config.c == Element::s8 || config.d == Element::s8 || config.bias == Element::s8)
    return "s8 is modelled as an A/B operand only, not as C, D or a bias";
  if (rule_set == RuleSet::sm90) return sm90_invalid_input(config);
  if (rule_set == RuleSet::sm100) return sm100_invalid_input(config);
  if (rule_set == RuleSet::sm103) return sm103_invalid_input(config);
  if (const auto error = sm120_invalid_input(config)) return error;
  if (config.epilogue == EpilogueKind::finalize) {
    if (!config.grouped) return "the finalize epilogue needs a grouped kernel (--grouped)";
    if (config.c != Element::none) return "the finalize epilogue derives C from the output type; do not give C";
    if (config.fusion != Fusion::none) return "the finalize epilogue has its own fusion";
    if (config.d != Element::f16 && config.d != Element::bf16 && config.d != Element::f32)
      return "the finalize epilogue's output type is f16, bf16 or f32";
  }
  if (config.epilogue == EpilogueKind::nosmem) {
    if (config.fusion != Fusion::none) return "the no-smem epilogue has no fusion";
    if (!config.epilogue_tile.automatic) return "the no-smem epilogue has no epilogue tile";
  }
  if (config.fusion != Fusion::sf_gen && config.sf_output != ScaleFactorOutput{})
    return "a scale-factor vector or type belongs to the sf-gen fusion";
  if (const bytes_t v = config.sf_output.vector; v != 0 && v != 16 && v != 32 && v != 64)
    return "the scale-factor output's vector is 16, 32 or 64 elements";
  return invalid_family_input(config, family);
}

// True when CUTLASS's static assertions on the tile shape, types and epilogue let it compile
// (whatever the stage count then turns out to be).
// The kernel's types name the epilogue first (its storage is the mainloop's carveout), then the
// mainloop, then the kernel: the order in which the compiler reports their assertions; only the
// plain mainloops' tiled MMA permutation, which the epilogue builder's tile reads, fails before.
constexpr Rejection check_shape(const Config& config, const CutlassRules& rules) {
  if (const Rejection r = check_dense_tiled_mma(config); r != Rejection::none) return r;
  if (const Rejection r = check_epilogue(config, rules); r != Rejection::none) return r;
  if (const Rejection r = check_mainloop(config, rules); r != Rejection::none) return r;
  return check_kernel(config);
}

// What a build of the kernel refuses beyond the class-scope assertions that sizeof(SharedStorage)
// meets, whatever the stage count: its Params' TMA descriptors (compiled by its host path) and then
// its device code (the kernel's operator(), the mainloop's mma(), the epilogue's store()).
constexpr Rejection check_build(const Config& config, const CutlassRules& rules) {
  if (const Rejection r = check_mainloop_params(config, rules); r != Rejection::none) return r;
  if (const Rejection r = check_kernel_device_code(config); r != Rejection::none) return r;
  if (const Rejection r = check_mainloop_device_code(config); r != Rejection::none) return r;
  return check_epilogue_device_code(config);
}

constexpr bool shape_compiles(const Config& config) {
  const CutlassRules rules = rules_for(config.cutlass);
  return check_shape(config, rules) == Rejection::none && check_build(config, rules) == Rejection::none;
}

// The same question on any modelled architecture; a shape outside what the model covers there
// does not count as compiling.
constexpr bool shape_compiles(const Config& config, const ArchLimits& arch);

namespace detail {

// SM120's refusals that a larger tile N cures: the mainloop's, and the epilogue's about the
// output's contiguous extent (N only when D is row-major).
constexpr bool refuses_tile_n(const Config& config, Rejection why) {
  switch (why) {
    case Rejection::tile_n_too_small:
    case Rejection::tile_n_permutation:
    case Rejection::pingpong_small_n:
    case Rejection::sfb_n_divisibility: return true;
    case Rejection::epilogue_swizzle_atom:
    case Rejection::sf_vector_divides_epilogue_tile:
    case Rejection::sf_vector_store_ratio:
    case Rejection::fp6_output_extent: return config.d_layout == MatrixLayout::row;
    default: return false;
  }
}

constexpr TileNSearch smallest_compiling_tile_n(const Config& config) {
  TileNSearch search{true, std::nullopt};
  Config larger = config;
  for (larger.tile.n = 8; larger.tile.n <= 256; larger.tile.n += 8)
    if (larger.tile.n != config.tile.n && shape_compiles(larger)) {
      search.smallest = larger.tile.n;
      break;
    }
  return search;
}

template <class Parts>
struct Layouts {
  MainloopTensors<Parts> mainloop;
  KernelLayout<Parts> kernel;
};

template <class Parts = PartList>
constexpr Layouts<Parts> layouts_for(const Config& config, const MainloopStage& stage, const EpilogueLayout& epi,
                                     const StageCounts& stages, Checked& c) {
  const MainloopTensors<Parts> mainloop = mainloop_tensors<Parts>(config, stage, stages, c);
  const bytes_t scheduler = clc_scheduler_bytes(scheduler_pipeline_stages(config));
  return {mainloop, kernel_layout<Parts>(config, mainloop, epi, scheduler, c)};
}

constexpr bytes_t carveout_for(const StagePolicy& policy, const EpilogueLayout& epi) {
  switch (policy.kind) {
    case StagePolicy::Kind::auto_carveout: return epi.shared_storage;
    case StagePolicy::Kind::auto_epi: return epi.carveout_epi;
    case StagePolicy::Kind::auto_zero:
    case StagePolicy::Kind::fixed: return 0;
  }
  return 0;
}

// The largest StageCount<S>, S >= 2, whose kernel still fits.
constexpr std::optional<bytes_t> max_fitting_stages(const Config& config, const MainloopStage& stage,
                                                    const EpilogueLayout& epi, bytes_t limit, bytes_t known,
                                                    bytes_t known_total) {
  return largest_fitting_stage_count(known, known_total, stage.data(), limit, [&](bytes_t stages) {
    Checked c;
    const bytes_t total = layouts_for<NoParts>(config, stage, epi, StageCounts::uniform(stages), c).kernel.total;
    return !c.overflowed && total <= limit;
  });
}

// The SM120 GEMMs (every family). Preconditions: invalid_input(config, arch) is empty.
constexpr std::optional<Budget> evaluate_sm120(const Config& config, const ArchLimits& arch) {
  Checked c;
  const CutlassRules rules = rules_for(config.cutlass);
  Budget budget;
  budget.limit = arch.smem_per_block_optin;
  if (is_sparse(family_of(config))) budget.no_stage_count = "the sparse builders take no StageCount<N>";
  if (const Rejection why = check_shape(config, rules); why != Rejection::none) {
    budget.refuse(why);
    return budget;
  }
  budget.stage = mainloop_stage(config, rules, c);
  budget.epilogue = epilogue_layout(config, rules, c);
  budget.epilogue_shared_storage = budget.epilogue.shared_storage;

  StageDecision& d = budget.decision;
  d.cutlass_capacity = sm120_cutlass_capacity;
  d.capacity = sm120_cutlass_capacity - builder_reserve(config, rules).total();
  d.carveout = detail::carveout_for(config.stages, budget.epilogue);
  d.counts = mainloop_stage_counts(config, d.capacity, d.carveout, budget.stage);
  d.stages = d.counts.a;
  d.estimate = d.counts.half_k_b ? half_k_b_estimate(budget.stage) : budget.stage.estimate;
  budget.has_stages = true;
  if (c.overflowed) return std::nullopt;
  if (const Rejection why = check_stage_counts(config, budget.stage, d.counts); why != Rejection::none) {
    budget.refuse(why);
    return budget;
  }
  if (const Rejection why = check_build(config, rules); why != Rejection::none) {
    budget.refuse(why);
    return budget;
  }
  const detail::Layouts layouts = detail::layouts_for<PartList>(config, budget.stage, budget.epilogue, d.counts, c);
  if (c.overflowed || layouts.kernel.parts.full()) return std::nullopt;
  budget.record(layouts.mainloop, layouts.kernel, arch);
  if (budget.no_stage_count.empty())
    budget.max_fitting_stages =
        detail::max_fitting_stages(config, budget.stage, budget.epilogue, budget.limit, d.stages, budget.total);
  return budget;
}

}  // namespace detail

// The kernel's shared memory and verdict, on any architecture; unanswered (with the reason) for
// a configuration the model does not answer: whatever invalid_input() refuses, an architecture
// without layout rules among it, and byte counts that do not fit in 63 bits (absurd tiles with
// absurd stage counts).
constexpr Evaluation evaluate(const Config& config, const ArchLimits& arch) {
  if (const auto error = invalid_input(config, arch)) return Evaluation::unanswered(*error);
  std::optional<Budget> budget;
  switch (rule_set_of(arch.cc)) {
    case RuleSet::sm90: budget = detail::evaluate_sm90(config, arch); break;
    case RuleSet::sm100: budget = detail::evaluate_sm100(config, arch); break;
    case RuleSet::sm103: budget = detail::evaluate_sm103(config, arch); break;
    case RuleSet::sm120:
      budget = detail::evaluate_sm120(config, arch);
      if (budget && budget->verdict == Verdict::rejected && detail::refuses_tile_n(config, budget->rejection))
        budget->tile_n_search = detail::smallest_compiling_tile_n(config);
      break;
    case RuleSet::none: break;
  }
  if (!budget) return Evaluation::unanswered(byte_count_overflow);
  return *budget;
}

// The epilogue tile the architecture's epilogue builder picks for this configuration (or the one
// it gives): what an epilogue-tile suggestion halves.
constexpr EpilogueTileShape automatic_epilogue_tile(const Config& config, const ArchLimits& arch) {
  switch (rule_set_of(arch.cc)) {
    case RuleSet::sm90: return sm90_epilogue_tile(config, sm90_schedule(config));
    case RuleSet::sm100:
    case RuleSet::sm103: return sm100_epilogue_tile(config, sm100_cta_tile(config));
    case RuleSet::sm120:
    case RuleSet::none: break;
  }
  return epilogue_tile(config, rules_for(config.cutlass));
}

constexpr bool shape_compiles(const Config& config, const ArchLimits& arch) {
  switch (rule_set_of(arch.cc)) {
    case RuleSet::sm90:
      return !invalid_input(config, arch) && sm90_check(config) == Rejection::none &&
             sm90_check_build(config) == Rejection::none;
    case RuleSet::sm100:
      return !invalid_input(config, arch) && sm100_check(config) == Rejection::none &&
             sm100_check_build(config) == Rejection::none;
    case RuleSet::sm103: return !invalid_input(config, arch) && sm103_check(config) == Rejection::none;
    case RuleSet::sm120:
    case RuleSet::none: break;
  }
  return shape_compiles(config);
}

}  // namespace smem_budget
