// The SM103 (B300) block-scaled FP4 "ultra" GEMM: CollectiveBuilder<arch::Sm103, OpClassBlockScaledTensorOp, …>
// (gemm/collective/builders/sm103_blockscaled_umma_builder.inl), SM100's epilogue, and the SM103
// kernels (gemm/kernel/sm103_blockscaled_gemm_tma_warpspecialized.hpp and its pointer-array twin).
// A/B and the scale factors run separate pipelines with stage counts of their own. Paths and lines
// are CUTLASS v4.7.0, under include/cutlass/.
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
#include "smem_budget/core/storage.hpp"
#include "smem_budget/cutlass/kernel_tensors.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"
#include "smem_budget/sm100/common.hpp"

namespace smem_budget {

// The MMA's K tile, in elements: three 128-byte slices of FP4 (sm103_blockscaled_umma_builder.inl:368).
inline constexpr bytes_t sm103_tile_k = 768;
// One A/B stage is a 128-byte K slice of every row (SmemTileShape, :502).
inline constexpr bytes_t sm103_slice_bytes = 128;
// Scale-factor bytes per row and scale-factor stage: 12 (measured, tests/data/sm103-probes.json).
inline constexpr bytes_t sm103_sf_bytes_per_row = 12;
// SchedulerPipelineStageCount of the SM103 kernels (:469).
inline constexpr bytes_t sm103_scheduler_stages = 3;

// SM103's builder takes the 2-SM MMA under KernelScheduleAuto for any even static cluster M, whatever
// the tile M (sm103_blockscaled_umma_builder.inl:180-189, 386-388); SM100's block-scaled one asks for
// tile M 256 too.
constexpr bool sm103_is_2sm(const Config& config) {
  if (config.schedule != Schedule::automatic) return config.schedule == Schedule::two_sm;
  return sm100_even_static_cluster_m(config);
}

constexpr std::optional<std::string_view> sm103_invalid_input(const Config& config) {
  if (config.scaling != Scaling::block || config.types.a.data != Element::e2m1 || config.types.b.data != Element::e2m1)
    return "not modelled: on sm103 the model covers the FP4 block-scaled (\"ultra\") GEMMs: nvfp4 or mxfp4";
  if (config.instruction != Instruction::automatic)
    return "not modelled on sm103: an explicit instruction (the ultra kernels take FP4 as it is)";
  const OperandPair& t = config.types;
  if (config.schedule == Schedule::automatic && t.a.scale == ScaleType::ue8m0 && t.a.vector == 16)
    return "FP4 with ue8m0 scale factors per 16 elements is built by the Vs16 schedules (--schedule 1sm or 2sm); "
           "auto builds the 32-element vector";
  // CUTLASS's own SM103 kernels (its generator's listing) write block scale factors of D from the
  // no-smem epilogue, ue8m0 per 16 or 32 elements, with either stream-K or the persistent scheduler:
  // what was measured.
  if (config.fusion != Fusion::none && config.fusion != Fusion::sf_gen && config.fusion != Fusion::amax_aux)
    return "not modelled on sm103: fusions other than sf-gen and amax-aux";
  if (config.fusion == Fusion::sf_gen) {
    const ScaleFactorOutput sf = config.sf_output;
    if (config.epilogue != EpilogueKind::nosmem)
      return "not modelled on sm103: sf-gen with the TMA epilogue (CUTLASS's SM103 kernels write them from the "
             "no-smem epilogue: --epilogue nosmem)";
    if (sf.type.value_or(t.a.scale) != ScaleType::ue8m0 || (sf.vector != 0 && sf.vector != 16 && sf.vector != 32))
      return "not modelled on sm103: scale factors of D other than ue8m0 per 16 or 32 elements";
  }
  if (config.tile_scheduler != TileScheduler::persistent && config.epilogue != EpilogueKind::nosmem)
    return "not modelled on sm103: stream-K with the TMA epilogue (measured with the no-smem one)";
  if (config.epilogue_op_class == EpilogueOpClass::tensorop)
    return "not modelled on sm103 yet: an OpClassTensorOp epilogue under the ultra mainloop (auto and blockscaled are "
           "the same epilogue)";
  if (config.batched) return "not modelled on sm103: pointer-array batched GEMMs (batched is modelled on sm90)";
  if (config.epilogue_schedule != EpilogueSchedule::automatic)
    return "not modelled on sm103: an epilogue schedule apart from the kernel's (SM103's kernels name their own)";
  if (const auto error = sm100_invalid_input(config)) return error;
  const bool two_sm = sm103_is_2sm(config);
  if ((!two_sm && config.tile.m != 128) || (two_sm && config.tile.m != 256 && config.tile.m != 128))
    return "not modelled on sm103: tile M 128 (1-SM) or 256 (2-SM)";
  return std::nullopt;
}

// The assertions nvcc reports first, in its order: the epilogue builder, the mainloop builder,
// the collective, CuTe's TMA and MMA atoms.
constexpr Rejection sm103_check(const Config& config) {
  const bool two_sm = sm103_is_2sm(config);
  if (two_sm && config.cluster.m % 2 != 0) return Rejection::sm100_schedule_cluster;
  if (sm100_pointer_array_callbacks_missing(config)) return Rejection::grouped_bias_callbacks;
  if (config.stages.kind == StagePolicy::Kind::fixed) return Rejection::sm103_stage_count;
  if (config.tile.k != sm103_tile_k) return Rejection::sm103_tile_k;
  const bytes_t n = config.tile.n;
  if (n != 128 && n != 192 && n != 256) return Rejection::sm103_tile_n;
  if (two_sm && config.tile.m != 256) return Rejection::sm103_tma_cta_tile;
  // KernelScheduleAuto picks the 32-element vector, which NVFP4's ue4m3 scales do not have.
  if (config.schedule == Schedule::automatic && config.types.a.scale == ScaleType::ue4m3)
    return Rejection::sm103_auto_nvfp4;
  return Rejection::none;
}

// One A/B slice stage and one scale-factor stage per CTA; SFB covers the full N, 192 as 256.
constexpr MainloopStage sm103_stage(const Config& config, Checked& c) {
  MainloopStage s;
  const Tile cta = sm100_cta_tile(config);
  const bytes_t b_columns = sm100_b_columns(config);
  const bytes_t sfb_rows = config.tile.n == 192 ? 256 : config.tile.n;
  s.bits_a = s.bits_b = 8;  // uint8_t in shared memory (:427, :438)
  s.a = c.mul(cta.m, sm103_slice_bytes);
  s.b = c.mul(b_columns, sm103_slice_bytes);
  s.sfa = c.mul(cta.m, sm103_sf_bytes_per_row);
  s.sfb = c.mul(sfb_rows, sm103_sf_bytes_per_row);
  s.barrier = 2 * 16;  // the builder counts the A/B pipeline twice (:69-89)
  s.estimate = c.add(c.add(s.a, s.b), c.add(c.add(s.sfa, s.sfb), s.barrier));
  return s;
}

// The builder's reserve (:471-499): accumulator, CLC (3 stages), load order and throttle pipelines,
// 3 responses and the TMEM pointer, plus the mainloop's 4 tensormaps when grouped.
constexpr bytes_t sm103_builder_reserve(const Config& config) {
  const bytes_t acc = sm100_accumulator_stages(config);
  const bytes_t reserve = 16 * acc + 48 + 16 + 48 + 48 + 8 + 4 * acc;
  return config.grouped ? reserve + 4 * 128 : reserve;
}

// sm103_compute_stage_count_or_override_blockscaled (:69-89): as many A/B stages as fit, then as
// many more scale-factor stages (16 bytes of barriers each) as the rest holds.
constexpr StageCounts sm103_stage_counts(bytes_t capacity, bytes_t carveout, const MainloopStage& s) {
  const bytes_t room = capacity - carveout;
  const bytes_t ab = room / s.estimate;
  const bytes_t sf = ab + (room - ab * s.estimate) / (16 + s.sfa + s.sfb);
  return {ab, ab, ab, false, sf};
}

// TensorStorage (gemm/collective/sm103_blockscaled_mma_warpspecialized.hpp:295-301): byte arrays of
// A, B (A/B stages) and SFA, SFB (scale-factor stages), the struct aligned to 128.
template <class Parts = PartList>
constexpr MainloopTensors<Parts> sm103_tensors(const MainloopStage& s, const StageCounts& n, Checked& c) {
  BasicStructLayout<Parts> layout(c, 128);
  layout.member("A tiles", array_engine_bytes(c.mul(s.a, n.a), 8, c), 16, PartKind::tensor);
  layout.member("B tiles", array_engine_bytes(c.mul(s.b, n.a), 8, c), 16, PartKind::tensor);
  layout.member("A scale factors", array_engine_bytes(c.mul(s.sfa, n.sf), 8, c), 16, PartKind::tensor);
  layout.member("B scale factors", array_engine_bytes(c.mul(s.sfb, n.sf), 8, c), 16, PartKind::tensor);
  layout.finish("mainloop tensors");
  return {layout.parts(), layout.size(), layout.alignment(), c.mul(16, c.add(n.a, n.sf))};
}

// GemmKernel::SharedStorage (sm103_blockscaled_gemm_tma_warpspecialized.hpp:183-212): SM100's, with
// 3 scheduler stages and both mainloop pipelines; the grouped kernel's throttle is an empty
// pipeline and its tensormaps (epilogue C and D, mainloop A, B, SFA, SFB) come before the tensors.
template <class Parts = PartList>
constexpr KernelLayout<Parts> sm103_kernel_layout(const Config& config, const MainloopTensors<Parts>& mainloop,
                                                  const EpilogueLayout& epi, Checked& c) {
  const bytes_t scheduler = 16 * sm103_scheduler_stages;
  BasicStructLayout<Parts> pipes(c, 16);
  pipes.member("mainloop pipeline barriers (A/B and scale factors)", mainloop.pipeline, 16, PartKind::barrier);
  pipes.member("epilogue load pipeline barriers", epi.pipeline_size, 16, PartKind::barrier);
  pipes.member("load order barrier", 16, 16, PartKind::barrier);
  pipes.member("CLC pipeline barriers", scheduler, 16, PartKind::scheduler);
  pipes.member("accumulator pipeline barriers", 16 * sm100_accumulator_stages(config), 16, PartKind::barrier);
  pipes.member(config.grouped ? "CLC throttle (empty)" : "CLC throttle barriers", config.grouped ? 1 : scheduler, 16,
               PartKind::scheduler);
  pipes.member("TMEM dealloc barrier", 8, 8, PartKind::barrier);
  pipes.finish("pipelines");

  const BasicStructLayout<Parts> tensors =
      kernel_tensor_storage<Parts>(config, mainloop, epi, TensorsFirst::epilogue, c);

  // Grouped: the no-smem epilogue's adapter stores its SharedStorage as its tensormaps (epilogue/
  // collective/detail.hpp:568); the mainloop's four come 128-aligned after either.
  const bytes_t epilogue_tensormaps =
      config.epilogue == EpilogueKind::nosmem ? epi.shared_storage : epi.tensormap_count * 128;
  const std::array<Sm100Tensormaps, 1> maps{
      {{"tensormaps (epilogue; A, B, SFA, SFB)", c.add(round_up(epilogue_tensormaps, 128), 4 * 128)}}};
  // CLC responses of 16 B; grouped, group-scheduler responses of 20 B.
  return sm100_kernel_storage<Parts>(pipes, sm103_scheduler_stages * (config.grouped ? 20 : 16),
                                     std::span(maps).first(config.grouped ? 1 : 0), tensors, c);
}

constexpr bool sm103_shape_compiles(const Config& config) { return sm103_check(config) == Rejection::none; }

namespace detail {

struct Sm103Steps : DefaultGemmSteps {
  static constexpr RuleSet rule_set = RuleSet::sm103;
  static constexpr std::string_view no_stage_count(const Config&) { return "the SM103 builder takes no StageCount<N>"; }
  static constexpr Rejection check(const Config& config) { return sm103_check(config); }
  // The epilogue's device code (sm100_fp4_col_output_unassignable).
  static constexpr SizeRefusal check_laid_out(const Config& config, bytes_t) {
    return {sm100_fp4_col_output_unassignable(config) ? Rejection::sm100_fp4_col_output : Rejection::none, false};
  }
  static constexpr void choose_stages(Budget& budget, const Config& config, Checked& c) {
    budget.stage = sm103_stage(config, c);
    sm100_builder_inputs(budget, config, sm103_builder_reserve(config), sm100_carveout_purpose(config), c);
    StageDecision& d = budget.decision;
    d.counts = sm103_stage_counts(d.capacity, d.carveout, budget.stage);
    d.stages = d.counts.a;
    budget.sf_pipeline = true;
  }
  template <class Parts>
  static constexpr GemmLayout<Parts> lay_out(const Config& config, const Budget& budget, const StageCounts& counts,
                                             Checked& c) {
    const MainloopTensors<Parts> mainloop = sm103_tensors<Parts>(budget.stage, counts, c);
    return {mainloop, sm103_kernel_layout<Parts>(config, mainloop, budget.epilogue, c)};
  }
};

}  // namespace detail

// Preconditions: sm103_invalid_input(config) is empty.
template <class Parts = PartList>
constexpr std::optional<Budget> evaluate_sm103(const Config& config, const ArchLimits& arch) {
  return evaluate_gemm<detail::Sm103Steps, Parts>(config, arch);
}

}  // namespace smem_budget
