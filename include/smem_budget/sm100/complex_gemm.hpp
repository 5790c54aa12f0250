// The SM100 (B200) complex<float> GEMMs: CollectiveBuilder<arch::Sm100, OpClassTensorOp,
// tuple<complex<float>, Transform>, …> as CUTLASS's generator builds them with the no-smem epilogue.
// Two builders, one kernel:
// - the interleaved complex tf32 GEMM (math auto; KernelTmaWarpSpecialized{1,2}SmInterleavedComplexTF32Sm100):
//   gemm/collective/builders/sm100_interleaved_complex_umma_builder.inl and
//   gemm/collective/sm100_mma_warpspecialized_interleaved_complex_tf32.hpp: A and B as complex<tf32> in
//   shared memory, a transform warp group writes A to tensor memory and B, K-major, to a union of four
//   transformed stages;
// - the FastF32 one (math bf16; KernelTmaWarpSpecialized{1,2}SmFastFP32Sm100, 9xBF16):
//   sm100_9xBF16_interleaved_complex_umma_builder.inl (stage rule: sm100_9xBF16_umma_builder.inl) and
//   sm100_mma_warpspecialized_interleaved_complex_emulated.hpp: A and B as complex<float>, B split into
//   three complex<bf16> parts, each twice (conjugate-swapped), in its own transform stages;
// both under the input-transform kernel (gemm/kernel/sm100_gemm_tma_warpspecialized_input_transform.hpp)
// and the legacy no-smem epilogue (common.hpp). Paths and lines are CUTLASS v4.7.0, under include/cutlass/.
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
#include "smem_budget/sm100/common.hpp"

namespace smem_budget {

// Complex operands: what these builders take (complex<float>), and complex<double>, which SM100's epilogue
// builder refuses.
constexpr bool sm100_complex_operands(const Config& config) {
  return is_complex(config.types.a.data) || is_complex(config.types.b.data);
}

// The FastF32 (9xBF16) kernels: math bf16 on complex<float> operands.
constexpr bool sm100_complex_fast_f32(const Config& config) { return config.math == Math::fast_bf16; }

// Questions outside what the model of these kernels covers; empty when it answers. What is modelled is
// what CUTLASS's generator builds (GenerateSM100_TensorOp_32b_UMMA_gemm_complex…,
// GenerateSM100_TensorOp_FastF32_UMMA_gemm_complex_stream_k, python/cutlass_library/generator.py:10650-10872):
// complex<float> everywhere, the named 1-SM or 2-SM schedule with its no-smem epilogue, no fusion.
constexpr std::optional<std::string_view> sm100_complex_invalid_input(const Config& config) {
  const OperandPair& t = config.types;
  const Element complex = t.a.data;
  if ((complex != Element::cf32 && complex != Element::cf64) || t.b.data != complex)
    return "not modelled on sm100: complex operands other than complex<float> or complex<double> on both sides "
           "(--types cf32 or cf64)";
  if (config.cutlass != newest_release)
    return "not modelled: the SM100 complex kernels before CUTLASS 4.7.0 (read and measured at 4.7.0)";
  if (config.grouped || config.moe || config.cp_async || config.sparse)
    return "not modelled on sm100: grouped, MoE, cp.async or sparse complex GEMMs (the model has CUTLASS's "
           "non-grouped interleaved complex kernels)";
  if (const auto error = sm100_foreign_keys(config)) return error;
  if (config.scaling != Scaling::none) return "complex operands on sm100 take no scales: give --scaling none";
  if (config.math != Math::automatic && config.math != Math::fast_bf16)
    return "complex operands on sm100 are multiplied as tf32 (math auto) or as three bf16 parts (math bf16, the "
           "FastF32 kernels)";
  if (accumulator_of(config) != complex || config.d != complex || (config.c != Element::none && config.c != complex))
    return "not modelled on sm100: a complex GEMM whose accumulator, C or D is not of the operands' type (C may be "
           "void)";
  if (config.schedule != Schedule::one_sm && config.schedule != Schedule::two_sm)
    return "the complex kernels' no-smem epilogue names its schedule: give --schedule 1sm or 2sm";
  if (config.epilogue != EpilogueKind::nosmem || config.epilogue_schedule != EpilogueSchedule::automatic ||
      config.fusion != Fusion::none || !config.epilogue_tile.automatic ||
      config.epilogue_op_class != EpilogueOpClass::automatic)
    return "not modelled on sm100: a complex GEMM with another epilogue than the no-smem one of its schedule, "
           "without a fusion (what CUTLASS's generator builds: --epilogue nosmem)";
  if (config.instruction != Instruction::automatic)
    return "instruction chooses a block-scaled MMA; the complex builders pick their own";
  // complex<double> is refused by the epilogue builder before the mainloop's are asked (sm100_complex_check).
  if (complex == Element::cf64) return std::nullopt;
  // The tf32 builder is specialized for alignment 2 (sm100_interleaved_complex_umma_builder.inl:90-98); the
  // FastF32 one takes 16-byte accesses (sm100_9xBF16_interleaved_complex_umma_builder.inl:77-78).
  const auto aligned = [&](bytes_t a) { return a == 0 || (sm100_complex_fast_f32(config) ? a % 2 == 0 : a == 2); };
  if (!aligned(config.alignment.a) || !aligned(config.alignment.b))
    return sm100_complex_fast_f32(config)
               ? "the FastF32 complex builder loads A and B by TMA: give an even alignment (16-byte accesses)"
               : "the interleaved complex tf32 builder takes A and B aligned to 2 elements: give --alignment 2";
  if (config.tile.k % 16 != 0)
    return "not modelled on sm100: a complex tile K other than a multiple of 16 (CUTLASS's are 16)";
  // sm100_compute_stage_count_or_override_fast_fp32 has no StageCount<N> overload (sm100_9xBF16_umma_builder.inl:46-104).
  if (sm100_complex_fast_f32(config) && config.stages.kind == StagePolicy::Kind::fixed)
    return "the FastF32 builder takes no StageCount<N>: leave stages automatic";
  return std::nullopt;
}

// The assertions before any stage count, in the order the compiler meets them: the no-smem epilogue
// builder's schedule against the cluster (sm100_builder.inl:1495) and its accumulator load (:1541), then the
// builder's tiled MMA
// (sm100_common.inl:664-684: M and N; then the MMA atom's own, cute/arch/mma_sm100_umma.hpp:214-222 and
// :676-680), or the FastF32 one's (the F16BF16 TS atoms, mma_sm100_umma.hpp:386-392 and :844-847) and its
// stage rule's CTA N (sm100_9xBF16_umma_builder.inl:61).
constexpr Rejection sm100_complex_check(const Config& config) {
  if (sm100_epilogue_is_2sm(config) && config.cluster.m % 2 != 0) return Rejection::sm100_schedule_cluster;
  // The epilogue builder's TMEM load (sm100_get_tmem_load_op, sm100_builder.inl:593-711) knows no 128-bit
  // accumulator: complex<double> (measured, either schedule and math).
  if (config.types.a.data == Element::cf64) return Rejection::sm100_epilogue_unsupported_types;
  const Tile& t = config.tile;
  const bool two_sm = sm100_is_2sm(config);
  if (sm100_complex_fast_f32(config)) {
    if (!two_sm && t.m != 64 && t.m != 128) return Rejection::sm100_fastf32_mma_m_1sm;
    if (!two_sm && (t.n % (t.m == 64 ? 8 : 16) != 0 || t.n > 256)) return Rejection::sm100_fastf32_mma_n_1sm;
    if (two_sm && t.m != 128 && t.m != 256) return Rejection::sm100_fastf32_mma_m_2sm;
    if (two_sm && (t.n % 32 != 0 || t.n > 256)) return Rejection::sm100_fastf32_mma_n_2sm;
    return t.n > 128 ? Rejection::sm100_fastf32_cta_n : Rejection::none;
  }
  if (!two_sm && t.m != 64 && t.m != 128) return Rejection::sm100_complex_tile_m_1sm;
  if (two_sm && t.m != 128 && t.m != 256) return Rejection::sm100_complex_tile_m_2sm;
  if (t.n % 8 != 0 || t.n > 256) return Rejection::sm100_complex_tile_n;
  if (!two_sm && t.m == 128 && t.n % 16 != 0) return Rejection::sm100_complex_mma_n_1sm;
  if (two_sm && t.n % 32 != 0) return Rejection::sm100_complex_mma_n_2sm;
  return Rejection::none;
}

// Bytes of a complex<tf32> or complex<float> element (8) and of a complex<bf16> one (4).
inline constexpr bytes_t sm100_complex_bytes = 8;
inline constexpr bytes_t sm100_complex_bf16_bytes = 4;
// The transform stages of the tf32 collective (TransformationStageCount, builder :174), the three parts
// of the FastF32 split (NumComputeMtxs) and its conjugate-swapped copies (ConjSwapMode), and the CLC
// scheduler stages of both builders.
inline constexpr bytes_t sm100_complex_transform_stages = 4;
inline constexpr bytes_t sm100_fastf32_parts = 3;
inline constexpr bytes_t sm100_fastf32_conj_copies = 2;
inline constexpr bytes_t sm100_complex_scheduler_stages = 3;

// The input-transform kernel's scheduler state the builders take off their capacity: the CLC pipeline,
// responses and throttle of three stages, the TMEM dealloc barrier and base pointer
// (sm100_interleaved_complex_umma_builder.inl:183-196; sm100_9xBF16_interleaved_complex_umma_builder.inl:165-184).
constexpr bytes_t sm100_complex_scheduler_reserve() {
  const bytes_t s = sm100_complex_scheduler_stages;
  return 16 * s + 16 * s + 16 * s + 8 + 4;
}

// The accumulator stages: the tf32 builder's two below tile N 128, else one (:175); the FastF32
// rule's, below.
constexpr bytes_t sm100_complex_tf32_accumulator_stages(const Config& config) { return config.tile.n >= 128 ? 1 : 2; }

// The tf32 builder's count: K-major B's transformed stages (BCompute, :181-182), the transform and
// accumulator pipelines and the scheduler state off the capacity (:202-213); per stage A and B as
// complex<tf32> plus PipelineTmaTransformAsync<1> (:60-73). A tile N of 64 takes an even count, given or
// not (:219-220).
constexpr bytes_t sm100_complex_tf32_reserve(const Config& config) {
  const Tile cta = sm100_cta_tile(config);
  const bytes_t b_compute = sm100_complex_transform_stages * sm100_complex_bytes * sm100_b_columns(config) * cta.k;
  return sm100_complex_scheduler_reserve() + 16 * sm100_complex_transform_stages +
         16 * sm100_complex_tf32_accumulator_stages(config) + b_compute;
}
constexpr bytes_t sm100_complex_tf32_pipeline_stages(const Config& config, bytes_t stages) {
  return config.tile.n == 64 ? stages / 2 * 2 : stages;
}

// sm100_compute_stage_count_or_override_fast_fp32 with two complex components and three parts
// (sm100_9xBF16_umma_builder.inl:57-104): accumulator stages by the columns one takes (two matrices of
// CTA N), the transform stages A's parts leave room for in tensor memory or that fit in shared memory
// with their load stages, whichever is fewer, and the load stages that fit beside those. `carveout` is
// the epilogue's SharedStorage.
struct Sm100FastF32Stages {
  bytes_t load = 0;         // Load2TransformPipelineStageCount, before the builder's even rounding
  bytes_t transform = 0;    // Transform2MmaPipelineStageCount
  bytes_t accumulator = 0;  // AccumulatorPipelineStageCount
  bytes_t load_stage = 0;       // A and B as complex<float>, and PipelineTmaTransformAsync<1>
  bytes_t transform_stage = 0;  // B's parts as complex<bf16> (A's are in tensor memory), and PipelineUmmaConsumerAsync<1>
  bytes_t capacity = 0;         // what is left for the load stages (SmemCapacityAfterABComputeCarveout)
};
constexpr Sm100FastF32Stages sm100_fastf32_stages(const Config& config, bytes_t carveout, Checked& c) {
  const Tile cta = sm100_cta_tile(config);
  const bool two_sm = sm100_is_2sm(config);
  const bytes_t b_columns = sm100_b_columns(config);
  Sm100FastF32Stages s;
  const bytes_t acc_words = cta.m == 64 && two_sm ? cta.n / 2 : cta.n;
  const bytes_t a_words = 2 * sm100_fastf32_parts * cta.k / 2;
  s.accumulator = (acc_words * 2 == 128 ? 2 : 3) * 2;
  const bytes_t after_accumulators =
      sm100_cutlass_capacity - sm100_complex_scheduler_reserve() - (carveout + s.accumulator * 32);
  const bytes_t tmem_stages = (sm100_tmem_columns - s.accumulator * acc_words) / a_words;
  s.load_stage = c.add(c.mul(c.mul(cta.m, cta.k), sm100_complex_bytes),
                       c.mul(c.mul(b_columns, cta.k), sm100_complex_bytes)) + 16;
  s.transform_stage = c.mul(c.mul(c.mul(b_columns, cta.k), sm100_fastf32_parts * sm100_fastf32_conj_copies),
                            sm100_complex_bf16_bytes) + 16;
  const bytes_t smem_stages = after_accumulators / (s.load_stage + s.transform_stage);
  s.transform = tmem_stages < smem_stages ? tmem_stages : smem_stages;
  s.capacity = after_accumulators - s.transform * s.transform_stage;
  s.load = s.capacity / s.load_stage;
  return s;
}

// One stage and the builder's decision. FastF32: the builder's last division (the load stages beside the
// transform stages it chose) is the one reported.
constexpr void sm100_complex_choose_stages(Budget& budget, const Config& config, Checked& c) {
  MainloopStage& s = budget.stage;
  const Tile cta = sm100_cta_tile(config);
  s.bits_a = s.bits_b = 8 * sm100_complex_bytes;
  s.a = c.mul(c.mul(cta.m, cta.k), sm100_complex_bytes);
  s.b = c.mul(c.mul(sm100_b_columns(config), cta.k), sm100_complex_bytes);
  s.barrier = 16;  // PipelineTmaTransformAsync<1>
  s.estimate = c.add(c.add(s.a, s.b), s.barrier);
  if (!sm100_complex_fast_f32(config)) {
    sm100_builder_inputs(budget, config, sm100_complex_tf32_reserve(config),
                         {.kernel_pipelines = true, .scheduler = true, .transformed_b = true}, c);
    sm100_decide_stages(budget.decision, config);
    budget.decision.stages = sm100_complex_tf32_pipeline_stages(config, budget.decision.stages);
    budget.decision.counts = StageCounts::uniform(budget.decision.stages);
    return;
  }
  sm100_builder_inputs(budget, config, 0, {}, c);
  const Sm100FastF32Stages f = sm100_fastf32_stages(config, budget.decision.carveout, c);
  StageDecision& d = budget.decision;
  d.capacity = d.carveout + f.capacity;
  d.estimate = f.load_stage;
  d.stages = sm100_complex_tf32_pipeline_stages(config, f.load);  // the same even rounding (:194-195)
  d.counts = StageCounts::uniform(d.stages);
}

// The collectives' TensorStorage, aligned_struct<128>: A and B as loaded, then the transformed
// operands, 1024-aligned: a union of A's placeholder (A is in tensor memory) and B's transformed stages
// (tf32: sm100_mma_warpspecialized_interleaved_complex_tf32.hpp:258-270; FastF32:
// sm100_mma_warpspecialized_interleaved_complex_emulated.hpp:272-296, SmemLayoutBCompute :248-250).
// PipelineStorage: the load-to-transform, transform-to-MMA and MMA-to-accumulator pipelines (:249-256;
// :262-270), which the kernel lays out.
template <class Parts = PartList>
constexpr MainloopTensors<Parts> sm100_complex_tensors(const Config& config, const MainloopStage& s, bytes_t stages,
                                                       bytes_t carveout, Checked& c) {
  const bool fast_f32 = sm100_complex_fast_f32(config);
  bytes_t transform_stages = sm100_complex_transform_stages;
  bytes_t accumulator_stages = sm100_complex_tf32_accumulator_stages(config);
  bytes_t b_compute = c.mul(s.b, transform_stages);  // B as complex<tf32>, K-major
  if (fast_f32) {
    const Sm100FastF32Stages f = sm100_fastf32_stages(config, carveout, c);
    transform_stages = f.transform;
    accumulator_stages = f.accumulator;
    b_compute = c.mul(c.mul(s.b / sm100_complex_bytes, sm100_fastf32_parts * sm100_fastf32_conj_copies * transform_stages),
                      sm100_complex_bf16_bytes);
  }
  BasicStructLayout<Parts> input(c);
  input.member("A tiles", array_engine_bytes(c.mul(s.a, stages) / sm100_complex_bytes, s.bits_a, c), 16,
               PartKind::tensor);
  input.member("B tiles", array_engine_bytes(c.mul(s.b, stages) / sm100_complex_bytes, s.bits_b, c), 16,
               PartKind::tensor);
  input.finish("padding at the end of A and B");
  BasicStructLayout<Parts> layout(c, 128);
  layout.nested("A and B as loaded", input.parts(), input.size(), input.alignment());
  layout.member(fast_f32 ? "B's bf16 parts, transformed stages" : "B transformed (K-major), 4 stages",
                c.up(b_compute, 1024), 1024, PartKind::tensor);
  layout.finish("mainloop tensors");
  const bytes_t pipelines = c.mul(16, c.add(c.add(stages, transform_stages), accumulator_stages));
  return {layout.parts(), layout.size(), layout.alignment(), pipelines};
}

// The input-transform kernel's SharedStorage (sm100_gemm_tma_warpspecialized_input_transform.hpp:179-206):
// pipelines (the mainloop's three, the epilogue load, load order, CLC and CLC throttle of three stages,
// the TMEM dealloc and epilogue throttle barriers), three CLC responses, the TMEM base pointer, then the
// epilogue's and the mainloop's tensors.
template <class Parts = PartList>
constexpr KernelLayout<Parts> sm100_input_transform_kernel_layout(const Config& config,
                                                                  const MainloopTensors<Parts>& mainloop,
                                                                  const EpilogueLayout& epi, Checked& c) {
  const bytes_t s = sm100_complex_scheduler_stages;
  BasicStructLayout<Parts> pipes(c, 16);
  pipes.member("mainloop pipeline barriers (load, transform, accumulator)", mainloop.pipeline, 16, PartKind::barrier);
  pipes.member("epilogue load pipeline barriers", epi.pipeline_size, 16, PartKind::barrier);
  pipes.member("load order barrier", 16, 16, PartKind::barrier);
  pipes.member("CLC pipeline barriers", 16 * s, 16, PartKind::scheduler);
  pipes.member("CLC throttle barriers", 16 * s, 16, PartKind::scheduler);
  pipes.member("TMEM dealloc barrier", 8, 16, PartKind::barrier);
  pipes.member("epilogue throttle barrier", 8, 16, PartKind::barrier);
  pipes.finish("pipelines");

  const BasicStructLayout<Parts> tensors = kernel_tensor_storage<Parts>(config, mainloop, epi, TensorsFirst::epilogue, c);

  return sm100_kernel_storage<Parts>(pipes, 16 * s, {}, tensors, c);
}

namespace detail {

struct Sm100ComplexSteps : DefaultGemmSteps {
  static constexpr RuleSet rule_set = RuleSet::sm100;
  static constexpr std::string_view no_stage_count(const Config& config) {
    return sm100_complex_fast_f32(config) ? "the FastF32 builder takes no StageCount<N>" : "";
  }
  static constexpr Rejection check(const Config& config) { return sm100_complex_check(config); }
  static constexpr void choose_stages(Budget& budget, const Config& config, Checked& c) {
    sm100_complex_choose_stages(budget, config, c);
  }
  // tf32: "Pipeline Stages has to be at least 2" (builder :221); FastF32: its stage rule's three counts
  // (sm100_9xBF16_umma_builder.inl:102).
  static constexpr Rejection check_stages(const Config& config, const Budget& budget) {
    if (!sm100_complex_fast_f32(config))
      return budget.decision.stages < 2 ? Rejection::sm100_complex_stages_below_two : Rejection::none;
    Checked c;
    const Sm100FastF32Stages f = sm100_fastf32_stages(config, budget.decision.carveout, c);
    return f.load < 2 || f.transform < 2 || f.accumulator < 2 ? Rejection::sm100_fastf32_capacity : Rejection::none;
  }
  template <class Parts>
  static constexpr GemmLayout<Parts> lay_out(const Config& config, const Budget& budget, const StageCounts& counts,
                                             Checked& c) {
    const bytes_t stages = sm100_complex_tf32_pipeline_stages(config, counts.a);
    const MainloopTensors<Parts> mainloop =
        sm100_complex_tensors<Parts>(config, budget.stage, stages, budget.decision.carveout, c);
    return {mainloop, sm100_input_transform_kernel_layout<Parts>(config, mainloop, budget.epilogue, c)};
  }
  // The kernel's device-side assertion (sm100_gemm_tma_warpspecialized_input_transform.hpp:415).
  static constexpr SizeRefusal check_laid_out(const Config&, bytes_t total) {
    if (total <= sm100_cutlass_capacity) return {};
    return {Rejection::sm100_input_transform_smem_exceeds_capacity, true};
  }
  static constexpr bytes_t stage_search_ceiling(const Budget& budget) {
    return budget.limit < sm100_cutlass_capacity ? budget.limit : sm100_cutlass_capacity;
  }
};

}  // namespace detail

constexpr bool sm100_complex_shape_compiles(const Config& config) {
  return sm100_complex_check(config) == Rejection::none;
}

// Preconditions: sm100_complex_invalid_input(config) is empty.
template <class Parts = PartList>
constexpr std::optional<Budget> evaluate_sm100_complex(const Config& config, const ArchLimits& arch) {
  return evaluate_gemm<detail::Sm100ComplexSteps, Parts>(config, arch);
}

}  // namespace smem_budget
