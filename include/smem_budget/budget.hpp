// The public entry point: one configuration and one architecture in, the kernel's shared memory,
// part by part, and a verdict out.
#pragma once

#include <optional>
#include <string_view>

#include "smem_budget/arch.hpp"
#include "smem_budget/arithmetic.hpp"
#include "smem_budget/config.hpp"
#include "smem_budget/epilogue.hpp"
#include "smem_budget/kernel.hpp"
#include "smem_budget/layout.hpp"
#include "smem_budget/mainloop.hpp"
#include "smem_budget/rejection.hpp"
#include "smem_budget/rules.hpp"

namespace smem_budget {

enum class Verdict { fits, exceeds_optin, rejected };

constexpr std::string_view name_of(Verdict v) {
  switch (v) {
    case Verdict::fits: return "fits";
    case Verdict::exceeds_optin: return "exceeds-optin";
    case Verdict::rejected: return "rejected";
  }
  return "";
}

// What the builder computed on its way to the stage count.
struct StageDecision {
  bytes_t capacity = 0;  // the builder's capacity after its scheduler reserve
  bytes_t carveout = 0;  // what the stage policy sets aside for the epilogue
  bytes_t estimate = 0;  // the builder's per-stage cost (sparse with 1.5 B stages: the estimate that gave them)
  bytes_t stages = 0;    // what the kernel is built with (sparse: A's stages)
  StageCounts counts{};  // A, B and metadata stages (equal but for sparse kernels)
};

struct Budget {
  Verdict verdict = Verdict::fits;
  Rejection rejection = Rejection::none;
  bool has_stages = false;  // false when CUTLASS rejects before any stage count exists
  StageDecision decision{};
  MainloopStage stage{};
  EpilogueLayout epilogue{};
  bytes_t mainloop_tensors = 0;         // sizeof(CollectiveMainloop::TensorStorage)
  bytes_t epilogue_shared_storage = 0;  // sizeof(CollectiveEpilogue::SharedStorage)
  bytes_t tensor_storage = 0;           // the kernel's TensorStorage: both collectives' tensors, aligned
  bytes_t total = 0;                    // GemmKernel::SharedStorageSize
  PartList parts{};                     // adds up to total
  bytes_t limit = 0;                    // the architecture's opt-in limit per block
  bytes_t headroom = 0;                 // limit - total
  bytes_t ctas_per_sm = 0;
  std::optional<bytes_t> max_fitting_stages;  // largest StageCount<S>, S >= 2, that fits
};

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

// Why a configuration is not a question the model can answer: input errors, not CUTLASS verdicts.
constexpr std::optional<std::string_view> invalid_input(const Config& config, const ArchLimits& arch) {
  const Family family = family_of(config);
  const Tile& t = config.tile;
  for (bytes_t extent : {t.m, t.n, t.k})
    if (extent < 1 || extent > max_tile_extent) return "tile dimensions must be 1…65536";
  if (!has_layout_rules(arch.cc))
    return "only sm120 and sm121 (compute capability 12.0 and 12.1) have modelled layout rules";
  if (config.cutlass < oldest_release || config.cutlass > newest_release)
    return "CUTLASS versions from 4.3.0 to 4.7.0 are supported";
  if (config.stages.kind == StagePolicy::Kind::fixed && (config.stages.count < 1 || config.stages.count > 2'147'483'647))
    return "a stage count must be 1…2147483647";
  if (!config.epilogue_tile.automatic &&
      (config.epilogue_tile.m < 1 || config.epilogue_tile.n < 1 || config.epilogue_tile.m > max_tile_extent ||
       config.epilogue_tile.n > max_tile_extent))
    return "epilogue tile dimensions must be 1…65536";
  if (config.d == Element::none) return "D (the output) cannot be void";
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
  if (config.fusion == Fusion::col_bias && config.bias == Element::none) return "a bias needs a type";
  if (config.fusion != Fusion::sf_gen && config.sf_output != ScaleFactorOutput{})
    return "a scale-factor vector or type belongs to the sf-gen fusion";
  if (const bytes_t v = config.sf_output.vector; v != 0 && v != 16 && v != 32 && v != 64)
    return "the scale-factor output's vector is 16, 32 or 64 elements";
  if (config.c == Element::s8 || config.d == Element::s8 || config.bias == Element::s8)
    return "s8 is modelled as an A/B operand only, not as C, D or a bias";
  return invalid_family_input(config, family);
}

// True when CUTLASS's static assertions on the tile shape, types and epilogue let it compile
// (whatever the stage count then turns out to be).
// The kernel's types name the epilogue first (its storage is the mainloop's carveout), then the
// mainloop, then the kernel: the order in which the compiler reports their assertions.
constexpr Rejection check_shape(const Config& config, const CutlassRules& rules) {
  if (const Rejection r = check_epilogue(config, rules); r != Rejection::none) return r;
  if (const Rejection r = check_mainloop(config, rules); r != Rejection::none) return r;
  return check_kernel(config);
}

constexpr bool shape_compiles(const Config& config) {
  return check_shape(config, rules_for(config.cutlass)) == Rejection::none;
}

namespace detail {

template <class Parts>
struct Layouts {
  MainloopTensors<Parts> mainloop;
  KernelLayout<Parts> kernel;
};

template <class Parts = PartList>
constexpr Layouts<Parts> layouts_for(const Config& config, const MainloopStage& stage, const EpilogueLayout& epi,
                                     const StageCounts& stages, Checked& c) {
  const MainloopTensors<Parts> mainloop = mainloop_tensors<Parts>(config, stage, stages, c);
  return {mainloop, kernel_layout<Parts>(config, mainloop, epi, c)};
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

// The largest S >= 2 whose kernel still fits, given the total at `known` stages. Totals grow
// by about one stage's data per stage (alignment adds less than that), so the first guess is
// almost always right; the walk from it makes the answer exact either way. None for the sparse
// kernels, whose builders take no StageCount<S>.
constexpr std::optional<bytes_t> max_fitting_stages(const Config& config, const MainloopStage& stage,
                                                    const EpilogueLayout& epi, bytes_t limit, bytes_t known,
                                                    bytes_t known_total) {
  if (is_sparse(family_of(config))) return std::nullopt;
  const auto fits = [&](bytes_t stages) {
    Checked c;
    const bytes_t total = layouts_for<NoParts>(config, stage, epi, StageCounts::uniform(stages), c).kernel.total;
    return !c.overflowed && total <= limit;
  };
  const bytes_t per_stage = stage.data() > 0 ? stage.data() : 1;
  bytes_t guess = known + (limit - known_total) / per_stage;  // C++ division truncates towards zero
  if (guess < 2) guess = 2;
  if (!fits(guess)) {
    while (guess > 2 && !fits(guess - 1)) --guess;
    return guess > 2 ? std::optional<bytes_t>(guess - 1) : std::nullopt;
  }
  while (fits(guess + 1)) ++guess;
  return guess;
}

}  // namespace detail

// Preconditions: invalid_input(config, arch) is empty. Returns std::nullopt only when a byte
// count does not fit in 63 bits (absurd tiles with absurd stage counts).
constexpr std::optional<Budget> evaluate(const Config& config, const ArchLimits& arch) {
  Checked c;
  const CutlassRules rules = rules_for(config.cutlass);
  Budget budget;
  budget.limit = arch.smem_per_block_optin;
  budget.rejection = check_shape(config, rules);
  if (budget.rejection != Rejection::none) {
    budget.verdict = Verdict::rejected;
    return budget;
  }
  budget.stage = mainloop_stage(config, rules, c);
  budget.epilogue = epilogue_layout(config, rules, c);
  budget.epilogue_shared_storage = budget.epilogue.shared_storage;

  StageDecision& d = budget.decision;
  d.capacity = sm120_cutlass_capacity - builder_reserve(config, rules).total();
  d.carveout = detail::carveout_for(config.stages, budget.epilogue);
  d.counts = mainloop_stage_counts(config, d.capacity, d.carveout, budget.stage);
  d.stages = d.counts.a;
  d.estimate = d.counts.half_k_b ? half_k_b_estimate(budget.stage) : budget.stage.estimate;
  budget.has_stages = true;
  if (c.overflowed) return std::nullopt;
  budget.rejection = check_stage_counts(config, budget.stage, d.counts);
  if (budget.rejection != Rejection::none) {
    budget.verdict = Verdict::rejected;
    return budget;
  }
  const detail::Layouts layouts = detail::layouts_for<PartList>(config, budget.stage, budget.epilogue, d.counts, c);
  if (c.overflowed || layouts.kernel.parts.full()) return std::nullopt;
  budget.mainloop_tensors = layouts.mainloop.size;
  budget.tensor_storage = layouts.kernel.tensors;
  budget.total = layouts.kernel.total;
  budget.parts = layouts.kernel.parts;
  budget.headroom = budget.limit - budget.total;
  budget.verdict = budget.total <= budget.limit ? Verdict::fits : Verdict::exceeds_optin;
  budget.ctas_per_sm = ctas_per_sm(arch, budget.total);
  budget.max_fitting_stages =
      detail::max_fitting_stages(config, budget.stage, budget.epilogue, budget.limit, d.stages, budget.total);
  return budget;
}

}  // namespace smem_budget
