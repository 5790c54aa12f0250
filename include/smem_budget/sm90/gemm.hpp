// The SM90 (H100, H200) warp-specialized GEMM: CollectiveBuilder<arch::Sm90, OpClassTensorOp, …>
// with both operands in shared memory (sm90_gmma_builder.inl), or the 2:4 sparse one (sparse_gemm.hpp),
// the SM90 TMA or no-smem epilogue (epilogue/collective/builders/sm90_builder.inl) and the cooperative,
// ping-pong and pointer-array kernels. Paths and lines are CUTLASS v4.7.0, under include/cutlass/.
#pragma once

#include <numeric>
#include <optional>

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
#include "smem_budget/cutlass/fusion_callbacks.hpp"
#include "smem_budget/cutlass/sm90_gemm_kernel.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"
#include "smem_budget/cutlass/trtllm_finalize.hpp"
#include "smem_budget/sm90/rmem_a_mainloop.hpp"
#include "smem_budget/sm90/sparse_gemm.hpp"
#include "smem_budget/sm90/mixed_input_gemm.hpp"
#include "smem_budget/sm90/trtllm_mixed_input_moe.hpp"

namespace smem_budget {

// detail::sm90_smem_capacity_bytes (gemm/collective/builders/sm90_common.inl:57).
inline constexpr bytes_t sm90_cutlass_capacity = 232'448;

// What the builders round the capacity, the carveout and one stage to (their `alignment`).
inline constexpr bytes_t sm90_stage_alignment = 128;

// PersistentTileSchedulerSm90's SharedStorage: an empty struct.
inline constexpr bytes_t sm90_scheduler_bytes = 1;

// KernelScheduleAuto builds the ping-pong kernel for tile M = 64, else the cooperative one; for A or B
// aligned below TMA's 16 bytes, the non-persistent cp.async kernel (sm90_gmma_builder.inl:1009-1029).
constexpr Schedule sm90_schedule(const Config& config) {
  if (config.schedule != Schedule::automatic) return config.schedule;
  if (!operands_aligned_to(config, 16)) return Schedule::warp_specialized;
  return config.tile.m == 64 ? Schedule::pingpong : Schedule::cooperative;
}
constexpr bool sm90_cp_async(const Config& config) {
  return config.cp_async || (config.schedule == Schedule::automatic && !operands_aligned_to(config, 16));
}

// EpilogueScheduleAuto, which an automatic kernel schedule comes with, is the no-smem epilogue
// (sm90_builder.inl:611-620).
constexpr EpilogueKind sm90_epilogue(const Config& config) {
  return config.schedule == Schedule::automatic ? EpilogueKind::nosmem : config.epilogue;
}

// Questions outside what the SM90 model covers; empty when it answers.
constexpr std::optional<std::string_view> sm90_invalid_input(const Config& config) {
  // SM90's epilogue builder takes any class and reads none (sm90_builder.inl); there is no SM90
  // block-scaled mainloop whose class it could be.
  if (config.epilogue_op_class == EpilogueOpClass::blockscaled)
    return "epilogue_op_class blockscaled has no meaning on sm90: OpClassBlockScaledTensorOp is the SM100/SM103/SM120 "
           "block-scaled class; sm90 takes auto or tensorop (the same epilogue)";
  if (config.scaling == Scaling::block)
    return "not modelled: CUTLASS has no block-scaled SM90 GEMM; on sm90 give scaling none or blockwise (FP8)";
  if (config.scaling == Scaling::blockwise && config.schedule == Schedule::automatic)
    return "the SM90 FP8 blockwise kernels name their schedule: cooperative or pingpong (…FP8Blockwise)";
  if (config.scaling == Scaling::blockwise && config.fast_accum)
    return "the SM90 FP8 blockwise schedules have no fast-accumulation variant";
  if (!config.scale_granularity.automatic) {
    if (config.scaling != Scaling::blockwise) return "a scale granularity needs scaling blockwise";
    const ScaleGranularity& g = config.scale_granularity;
    for (bytes_t extent : {g.m, g.n, g.k})
      if (extent < 1 || extent > max_tile_extent) return "scale granularity dimensions must be 1…65536";
  }
  const Element a = config.types.a.data, b = config.types.b.data;
  const bool mixed = is_mixed_input(config);
  if (config.moe && !mixed)
    return "moe on sm90 is TensorRT-LLM's mixed-input MoE GEMM: give types ACTIVATION:WEIGHT of two widths (e4m3:s4, "
           "bf16:e2m1, …); its other SM90 MoE GEMMs are CUTLASS's grouped kernels (leave moe out)";
  if (is_single_warpgroup(config.schedule) && !is_trtllm_humming_moe(config))
    return "the single-warpgroup schedules are TensorRT-LLM's small-K MoE kernel for FP8 activations with e2m1 "
           "weights (moe_gemm_tma_ws_mixed_input_launcher.inl:226-227 at FlashInfer fb28d72): give moe and types "
           "e4m3:e2m1";
  if (is_trtllm_mixed_input_moe(config)) {
    if (const auto error = trtllm_mixed_input_moe_invalid_input(config)) return error;
  } else if (mixed) {
    if (const auto error = sm90_mixed_input_invalid_input(config)) return error;
  }
  const auto sm90_operand = [](Element e) {
    return e == Element::e4m3 || e == Element::e5m2 || e == Element::f16 || e == Element::bf16 || e == Element::s8 ||
           e == Element::u8 || e == Element::f32;
  };
  if (!mixed && (!sm90_operand(a) || !sm90_operand(b)))
    return "not modelled: sm90 operands are e4m3, e5m2, f16, bf16, s8, u8 or f32 (tf32 MMA), or of two widths (mixed "
           "input)";
  if (!mixed && (is_integer(a) != is_integer(b) || (a == Element::f16) != (b == Element::f16)))
    return "not modelled on sm90: A and B of different types of one width (the GMMA pairs FP8 with FP8, s8 or u8 "
           "with s8 or u8, f16 with f16, bf16 with bf16)";
  // The builder keeps MN-major operands of 16 bits in shared memory as they come; the others it
  // transposes or swaps through the register-sourced mainloop (is_use_rmem_A, is_swapAB,
  // is_warpspecialized_transpose_B: builders/sm90_gmma_builder.inl:164-189, 327-520). The sparse
  // builders refuse them (sm90_check_sparse).
  if (!mixed && !k_major_operands(config) && bits_of(a) != 16 && a != Element::f32 && !config.sparse)
    return "not modelled on sm90: MN-major FP8 or integer operands, which CUTLASS transposes through its "
           "register-sourced mainloop; MN-major f16, bf16 and f32 (tf32) are modelled";
  if (config.cp_async) {
    if (config.schedule != Schedule::warp_specialized && config.schedule != Schedule::cooperative &&
        config.schedule != Schedule::pingpong)
      return "the cp.async kernel schedules are KernelCpAsyncWarpSpecialized[Cooperative|Pingpong]: give --schedule "
             "warpspecialized, cooperative or pingpong";
    if (config.epilogue != EpilogueKind::nosmem)
      return "not modelled on sm90: a cp.async mainloop with the TMA epilogue (CUTLASS's own cp.async kernels take "
             "the no-smem one: --epilogue nosmem)";
    if (config.fast_accum || config.scaling != Scaling::none || config.grouped || config.batched ||
        config.fusion != Fusion::none || config.sparse || mixed)
      return "not modelled on sm90: cp.async kernels with fast accumulation, scales, pointer arrays, a fusion, "
             "sparse A or mixed input";
  }
  if (config.schedule == Schedule::one_sm || config.schedule == Schedule::two_sm)
    return "the 1sm and 2sm schedules are SM100's; sm90 takes auto, cooperative, pingpong, warpspecialized or tma "
           "(and for TensorRT-LLM's e4m3:e2m1 MoE kernel single-warpgroup-prefill or single-warpgroup-rolling)";
  if (config.grouped && config.batched)
    return "grouped and batched are two pointer-array kernels: grouped (GroupProblemShape, pointer strides) or batched "
           "(ArrayProblemShape), not both";
  const bool array = is_pointer_array(config);
  const bool persistent = config.schedule != Schedule::warp_specialized && config.schedule != Schedule::tma;
  if (array && config.schedule == Schedule::automatic)
    return "a pointer-array SM90 kernel names its schedule: cooperative or pingpong";
  if (array && !persistent)
    return "the SM90 pointer-array kernels are cooperative or pingpong (KernelPtrArrayTmaWarpSpecialized…)";
  if (config.fast_accum && config.schedule == Schedule::automatic)
    return "fast_accum selects the …FP8FastAccum kernel schedules: give cooperative, pingpong or warpspecialized";
  if (config.fast_accum && config.schedule == Schedule::tma) return "KernelTma has no FP8FastAccum variant";
  if (sm90_cp_async(config) && config.schedule == Schedule::automatic && config.fusion != Fusion::none)
    return "not modelled on sm90: a fusion on the cp.async kernel KernelScheduleAuto builds for operands aligned "
           "below 16 bytes";
  if (config.scaling == Scaling::blockwise && !persistent)
    return "the SM90 FP8 blockwise kernels name their schedule: cooperative or pingpong (…FP8Blockwise)";
  if (config.instruction != Instruction::automatic || config.epilogue_schedule != EpilogueSchedule::automatic)
    return "not modelled on sm90: instructions and epilogue schedules are SM120 keys";
  // FINALIZE on SM90: TensorRT-LLM's launcher builds the cooperative pointer-array kernel with
  // PtrArrayTmaWarpSpecializedCooperative (moe_gemm_tma_ws_launcher.inl:368, 440-442); its scatter fusion
  // specializes the callbacks of every Sm90PtrArrayTmaWarpSpecialized (sm90_visitor_scatter.hpp:509-548), so
  // the ping-pong pointer-array kernel builds it too, with PtrArrayTmaWarpSpecializedPingpong (both grouped
  // schedules are the persistent ones, asked above).
  if (config.epilogue == EpilogueKind::finalize) {
    if (const auto error = finalize_invalid_input(config)) return error;
    if (config.scaling == Scaling::blockwise) return "not modelled on sm90: the finalize epilogue of blockwise kernels";
  }
  if (config.cluster.k != 1) return "cluster: a cluster's K extent is 1 (give MxNx1)";
  if (config.stages.kind == StagePolicy::Kind::auto_epi)
    return "the SM90 builder has no StageCountAutoCarveoutEpi; use auto, auto-zero or a count";
  const bool scaled = config.fusion == Fusion::scaled_mm || config.fusion == Fusion::scaled_mm_bias ||
                      config.fusion == Fusion::scaled_mm_col_bias;
  if (config.fusion != Fusion::none && config.fusion != Fusion::col_bias && !scaled &&
      config.fusion != Fusion::amax_aux)
    return "not modelled on sm90: fusions other than col-bias, vLLM's scaled-mm, scaled-mm-bias, scaled-mm-col-bias "
           "and CUTLASS's amax-aux";
  if (config.epilogue == EpilogueKind::nosmem || config.schedule == Schedule::automatic) {
    if (!config.epilogue_tile.automatic) return "the no-smem epilogue has no epilogue tile";
  }
  const Tile& t = config.tile;
  if (!mixed && (t.m % 64 != 0 || t.n % 8 != 0 || t.n > 256 || (t.k * bits_of(a) / 8) % 32 != 0))
    return "not modelled on sm90: tile M a multiple of 64, N a multiple of 8 up to 256 and K a multiple of 32 bytes "
           "are what the model covers";
  if (config.c == Element::e2m1 || is_fp6(config.c) || config.d == Element::e2m1 || is_fp6(config.d))
    return "not modelled on sm90: FP4 and FP6 C or D";
  return std::nullopt;
}

// The FP8 blockwise builder (sm90_gmma_builder.inl:1064-1180) and collectives
// (gemm/collective/sm90_mma[_array]_tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp), in the
// order nvcc reports them.
constexpr Rejection sm90_check_blockwise(const Config& config) {
  const ScaleGranularity g = granularity_of(config);
  const Tile& t = config.tile;
  if (bits_of(config.types.a.data) != 8 || bits_of(config.types.b.data) != 8) return Rejection::sm90_blockwise_fp8_only;
  if (t.m % g.m != 0) return Rejection::sm90_granularity_m;
  if (t.n % g.n != 0) return Rejection::sm90_granularity_n;
  if (config.stages.kind == StagePolicy::Kind::fixed) return Rejection::sm90_blockwise_stage_count;
  // ScalePromotionInterval = gK / 32 (the FP8 GMMA's K) must be a multiple of 4 and cover the
  // tile's K steps: gK a multiple of 128 and at least K.
  if (t.k % g.k != 0 || g.k % 128 != 0) return Rejection::sm90_scale_promotion_multiple_of_4;
  if (g.k < t.k) return Rejection::sm90_scale_promotion_interval;
  // NumSplitsM = M / 128 must be 1 or 2; the grouped collective takes M < 128 as 1 from 4.4.1.
  const bool small_m_is_one_split =
      is_pointer_array(config) && rules_for(config.cutlass).sm90_grouped_blockwise_small_m;
  const bytes_t splits = small_m_is_one_split && t.m < 128 ? 1 : t.m / 128;
  if (splits != 1 && splits != 2)
    return is_pointer_array(config) ? Rejection::sm90_grouped_blockwise_splits_m : Rejection::sm90_blockwise_splits_m;
  return Rejection::none;
}

namespace detail {

// The configuration as the SM90 kernel is built: its schedule and epilogue resolved.
constexpr Config sm90_built(const Config& config) {
  Config built = config;
  built.schedule = sm90_schedule(config);
  built.epilogue = sm90_epilogue(config);
  built.cp_async = sm90_cp_async(config);
  return built;
}

}  // namespace detail

// sm90_compute_tile_shape_or_override (sm90_builder.inl:112-167): a given tile as it is; the cooperative kernels take
// (min(128, M), std::gcd(min(32, N), N)); the ping-pong kernels (min(64, M), std::gcd(min(Np, N), N)) with
// Np = 64 for an 8-bit D when N % 64 == 0, else 32.
constexpr EpilogueTileShape sm90_epilogue_tile(const Config& config, Schedule schedule) {
  if (!config.epilogue_tile.automatic) return {config.epilogue_tile.m, config.epilogue_tile.n};
  const Tile& t = config.tile;
  if (schedule == Schedule::cooperative) return {t.m < 128 ? t.m : 128, std::gcd(t.n < 32 ? t.n : 32, t.n)};
  const bytes_t n_perf = bits_of(config.d) == 8 && t.n % 64 == 0 ? 64 : 32;
  return {t.m < 64 ? t.m : 64, std::gcd(t.n < n_perf ? t.n : n_perf, t.n)};
}

// A given epilogue tile (sm90_builder.inl:155-157): M 64 with the warp-specialized epilogue schedules
// (TmaWarpSpecialized: ping-pong and the non-persistent kernels), 128 with TmaWarpSpecializedCooperative;
// N a multiple of 16.
constexpr Rejection sm90_check_epilogue_tile(const Config& config, Schedule schedule) {
  if (config.epilogue_tile.automatic || sm90_epilogue(config) == EpilogueKind::nosmem) return Rejection::none;
  const EpilogueTile& e = config.epilogue_tile;
  const bool cooperative = schedule == Schedule::cooperative;
  if (!((e.m == 64 && !cooperative) || (e.m == 128 && cooperative)) || e.n % 16 != 0)
    return Rejection::sm90_epilogue_tile_shape;
  // The collective's class-scope assertions (sm90_epilogue_tma_warpspecialized.hpp:129-130), met before
  // the kernel's (measured: a cooperative 64x16 tile with a 128x32 epilogue tile).
  if (config.tile.m % e.m != 0 || config.tile.n % e.n != 0) return Rejection::epilogue_tile_divides_cta;
  return Rejection::none;
}

constexpr Rejection sm90_check(const Config& config) {
  // The builders' alignment assertions: TMA's 16 bytes, cp.async's 4 (sm90_gmma_builder.inl:238, 804).
  if (!operands_aligned_to(config, sm90_cp_async(config) ? 4 : 16))
    return sm90_cp_async(config) ? Rejection::sm90_cp_async_alignment : Rejection::sm90_tma_alignment;
  // The register-sourced builder takes pointer-array schedules for mixed input only
  // (sm90_gmma_builder.inl:363-366, measured: tests/data/sm90-random-device.json).
  if (sm90_rmem_a(config) && !sm90_cp_async(config) && is_pointer_array(config) && !is_mixed_input(config))
    return Rejection::sm90_grouped_rmem_a;
  if (sm90_rmem_a(config) && sm90_transposes_b(config)) {
    // The collective names its TransposeOperandB first (sm90_mma_tma_gmma_rs_warpspecialized.hpp:170):
    // a transposed tf32 B takes the SW32 atom (rs_smem_selector, sm90_common.inl:186-193), hence
    // AsyncTranspositionOperandB (sm90_wgmma_transpose.hpp:76-89, 724-742), whose class asserts a warp
    // tile of K / 4 at least 8 (:292) and N in whole K-wide tiles (:302); then the K-bytes assertion
    // (:195 there). Measured: N 32 by K 128 and N 48 by K 32 refused at :302, N 64 by K 32 built.
    const bytes_t n = config.tile.n, k = config.tile.k;
    if (k / 4 < 8) return Rejection::sm90_transpose_b_warp_shape;
    if (n % k != 0) return Rejection::sm90_transpose_b_copy;
    if (k * 4 != 128) return Rejection::sm90_transpose_b_k;
  }
  if (const Rejection r = sm90_check_epilogue_tile(config, sm90_schedule(config)); r != Rejection::none) return r;
  // The aux store's swizzle atom, ss_smem_selector's for the aux element (sm90_builder.inl:194-196): at least
  // 16 bytes of the epilogue tile's contiguous extent.
  if (config.fusion == Fusion::amax_aux && sm90_epilogue(config) != EpilogueKind::nosmem) {
    const EpilogueTileShape tile = sm90_epilogue_tile(config, sm90_schedule(config));
    const bool m_major = config.d_layout == MatrixLayout::col;
    if (swizzle_alignment(config.aux, m_major ? tile.m : tile.n) == 0)
      return m_major ? Rejection::epilogue_swizzle_atom_mn : Rejection::epilogue_swizzle_atom;
  }
  // The KernelTma kernel reads the epilogue's ElementAccumulator, which the TMA warp-specialized
  // collective does not define (measured).
  if (config.schedule == Schedule::tma && config.epilogue != EpilogueKind::nosmem) return Rejection::sm90_tma_epilogue;
  // sm90_builder.inl:615: the auto epilogue takes LinearCombination only; a named no-smem epilogue's
  // builder (:466-484) matches nothing else, and the generic builder asserts (measured).
  const bool auto_fusion = config.schedule == Schedule::automatic && config.fusion != Fusion::none;
  if (is_trtllm_folded_moe(config)) {
    if (const Rejection r = trtllm_mixed_input_moe_check(config); r != Rejection::none) return r;
  } else if (is_mixed_input(config)) {
    // The epilogue builder is instantiated first (measured: auto with a fusion over a row-major s4 B).
    if (auto_fusion) return Rejection::sm90_auto_fusion;
    if (const Rejection r = sm90_mixed_input_check(config); r != Rejection::none) return r;
  }
  if (!auto_fusion && config.epilogue == EpilogueKind::nosmem && config.fusion != Fusion::none)
    return Rejection::sm90_nosmem_fusion;
  // The pointer-array epilogue's missing FusionCallbacks (core/config.hpp). vLLM's scaled-mm EVTs are
  // visitor trees the collective takes directly: no FusionCallbacks lookup.
  if (pointer_array_callbacks_missing(config.fusion) && is_pointer_array(config))
    return Rejection::grouped_bias_callbacks;
  if (config.sparse) {
    if (auto_fusion) return Rejection::sm90_auto_fusion;
    if (const Rejection r = sm90_check_sparse(config); r != Rejection::none) return r;
    return check_kernel(detail::sm90_built(config));
  }
  if (config.scaling == Scaling::blockwise) return sm90_check_blockwise(config);
  if (auto_fusion) return Rejection::sm90_auto_fusion;
  // sm90_gmma_builder.inl:550: the FP8FastAccum schedules.
  const auto fp8 = [](Element e) { return e == Element::e4m3 || e == Element::e5m2; };
  if (config.fast_accum && (!fp8(config.types.a.data) || !fp8(config.types.b.data)))
    return Rejection::sm90_fast_accum_types;
  // The kernels' tile-scheduler assertions (stream-K: the cooperative kernel only).
  return check_kernel(detail::sm90_built(config));
}

// What the builder rounds the capacity, the carveout and one stage to: 128, or the TMA rmem-A and
// mixed-input mainloops' SmemAlignment (sm90_gmma_builder.inl:447-471).
constexpr bytes_t sm90_builder_alignment(const Config& built) {
  if (is_mixed_input(built)) return mixed_input_alignment(built).builder;
  return sm90_rmem_a(built) && !built.cp_async ? sm90_rmem_a_alignments(built).widest() : sm90_stage_alignment;
}

// One stage of A and B in shared memory, and the builder's estimate of it
// (compute_stage_count_or_override, sm90_gmma_builder.inl:69-85).
constexpr MainloopStage sm90_stage(const Config& config, Checked& c) {
  MainloopStage s;
  s.bits_a = bits_of(config.types.a.data);
  s.bits_b = bits_of(config.types.b.data);
  const Tile& t = config.tile;
  s.a = ceil_div(c.mul(c.mul(t.m, t.k), s.bits_a), 8);
  s.b = ceil_div(c.mul(c.mul(t.n, t.k), s.bits_b), 8);
  if (config.scaling == Scaling::blockwise) {
    // One float scale per granularity block of the tile's M (A) and N (B) (compute_stage_count_with_blockwise_scale,
    // :87-107).
    const ScaleGranularity g = granularity_of(config);
    s.sfa = c.mul(t.m / g.m, 4);
    s.sfb = c.mul(t.n / g.n, 4);
  }
  s.barrier = 16;  // sizeof(PipelineTmaAsync<1>::SharedStorage)
  s.estimate = c.add(c.up(c.add(c.add(s.a, s.b), c.add(s.sfa, s.sfb)), sm90_builder_alignment(config)), s.barrier);
  return s;
}

// The TMA descriptors a pointer-array mainloop keeps: A and B, or the mixed-input one's four.
constexpr bytes_t sm90_mainloop_tensormaps(const Config& config) {
  return is_mixed_input(config) ? sm90_mixed_input_tensormaps : 2;
}

// The pointer-array builder reserves its mainloop's tensormaps and the group scheduler's
// PipelineAsync<8> (sm90_gmma_builder.inl:269-273; mixed input :456-461, four tensormaps); KernelTma's
// builder (:676-677) and the non-pointer-array mixed-input one (:468) reserve nothing. The 128 bytes of
// the scheduler's pipeline are charged only when A's stride is a pointer (a grouped problem): a
// pointer-array batched kernel reserves its tensormaps alone, and so does TensorRT-LLM's older MoE fork's
// builder, grouped as it is (sm90_gmma_builder_mixed_input.inl:180-184 at FlashInfer 9276e44).
struct Sm90BuilderReserve {
  bytes_t tensormaps = 0;
  bytes_t scheduler = 0;  // the grouped scheduler's pipeline
  constexpr bytes_t total() const { return tensormaps + scheduler; }
  constexpr ReservePurpose purpose() const { return {.scheduler = scheduler > 0, .tensormaps = tensormaps > 0}; }
};

constexpr Sm90BuilderReserve sm90_builder_reserve(const Config& config) {
  if (is_trtllm_folded_moe(config)) return {.tensormaps = trtllm_mixed_input_moe_reserve};
  if (!is_pointer_array(config)) return {};
  const bool scheduler = config.grouped && !is_trtllm_packed_scales_moe(config);
  return {.tensormaps = sm90_mainloop_tensormaps(config) * tma_descriptor_bytes,
          .scheduler = scheduler ? group_scheduler_pipeline_bytes : 0};
}

// `carveout` is already rounded up to the builder's alignment. The sparse builder divides the capacity
// itself (sm90_sparse_gmma_builder.inl:77), a multiple of 128 already.
constexpr bytes_t sm90_stage_count(const Config& config, bytes_t capacity, bytes_t carveout, bytes_t estimate) {
  if (config.stages.kind == StagePolicy::Kind::fixed) return config.stages.count;
  const bytes_t alignment = sm90_builder_alignment(config);
  const bytes_t usable = capacity / alignment * alignment;
  return (usable - carveout) / estimate;
}

// TensorStorage (gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized.hpp:153-164, the FP8 and
// pointer-array collectives alike): smem_A and smem_B as 16-byte aligned arrays, the struct
// aligned to 128. KernelTma's collective (sm90_mma_tma_gmma_ss.hpp:151-157) declares the two arrays
// in its SharedStorage itself, with no 128-byte alignment. The blockwise collectives add the float scales of every
// stage: alignas(128) plain arrays (…fp8_blockwise_scaling.hpp:213-217), 16-byte aligned ones when grouped
// (…array…:220-224).
// The register-sourced-A collectives align the struct and each array to the arrays' swizzle atoms
// (rmem_a_mainloop.hpp); the cp.async collectives lay out as the TMA ones
// (sm90_mma_multistage_gmma_ss_warpspecialized.hpp:135-144).
template <class Parts = PartList>
constexpr MainloopTensors<Parts> sm90_tensors(const Config& config, const MainloopStage& s, bytes_t stages,
                                              Checked& c) {
  const RmemAAlignments rmem = sm90_rmem_a_alignments(config);
  const bool rmem_a = sm90_rmem_a(config);
  BasicStructLayout<Parts> layout(c, rmem_a ? rmem.widest() : config.schedule == Schedule::tma ? 16 : 128);
  layout.member("A tiles", array_engine_bytes(c.mul(s.a, stages), 8, c), rmem_a ? rmem.a : 16, PartKind::tensor);
  layout.member("B tiles", array_engine_bytes(c.mul(s.b, stages), 8, c), rmem_a ? rmem.b : 16, PartKind::tensor);
  if (config.scaling == Scaling::blockwise) {
    const auto scales = [&](std::string_view name, bytes_t per_stage) {
      if (is_pointer_array(config))
        layout.member(name, array_engine_bytes(c.mul(per_stage, stages), 8, c), 16, PartKind::tensor);
      else
        layout.member(name, c.mul(per_stage, stages), 128, PartKind::tensor);
    };
    scales("A scales", s.sfa);
    scales("B scales", s.sfb);
  }
  layout.finish("mainloop tensors");
  return {layout.parts(), layout.size(), layout.alignment(), pipeline_barrier_bytes(stages, c)};
}

constexpr EpilogueLayout sm90_epilogue_layout(const Config& config, Schedule schedule, Checked& c) {
  if (is_single_warpgroup(schedule)) return trtllm_per_token_scale_epilogue(config, c);
  // Sm90TmaWarpSpecializedAdapter<DefaultEpilogue>: empty TensorStorage and TensorMapStorage.
  if (sm90_epilogue(config) == EpilogueKind::nosmem) return no_smem_epilogue(1, 1);
  EpilogueLayout out;
  out.tile = sm90_epilogue_tile(config, schedule);
  // TensorRT-LLM's FINALIZE on its older mixed-input fork reads C as the output type and writes no D. The
  // builder counts stages for D of the fusion's aux element, the output type (sm90_builder.inl:300-301), as
  // reusing C's buffers; without a D the collective keeps D's buffers beside C's
  // (sm90_epilogue_array_tma_warpspecialized.hpp:152, 201-204).
  const bool c_as_output = config.epilogue == EpilogueKind::finalize && is_trtllm_packed_scales_moe(config);
  out.elements = c_as_output ? EpilogueElements{config.d, config.d, true} : EpilogueElements{config.c, config.d, false};
  const bool reuse = bits_of(out.elements.c) == bits_of(config.d) && bits_of(config.d) > 8;
  out.stages = tma_epilogue_stages(config.tile, out.tile, reuse, out.elements);
  out.fusion = fusion_storage(config, out.tile, out.stages, c);
  lay_out_epilogue(config, out, 1 + epilogue_warp_groups, c);
  return out;
}

// What a build of the kernel refuses beyond sizeof(SharedStorage), whatever the stage count: the
// kernel's device code (the cooperative kernels' tile-M assertion, for the schedule the builder
// resolves KernelScheduleAuto to).
constexpr Rejection sm90_check_build(const Config& config) {
  const Config built = detail::sm90_built(config);
  if (const Rejection r = check_kernel_device_code(built); r != Rejection::none) return r;
  // TensorRT-LLM's folding collective asserts CUTLASS's K blocks too (collective:1075), which its tile K, a
  // multiple of 128, always holds; its older one is CUTLASS's collective (collective:965 at FlashInfer 9276e44).
  if (is_mixed_input(built) && !is_trtllm_folded_moe(built)) {
    if (const Rejection r = sm90_mixed_input_check_build(built); r != Rejection::none) return r;
  }
  // A given epilogue tile against the MMA tile (sm90_epilogue_tma_warpspecialized.hpp:671-678, device
  // code): the builder's M is the MMA tile's (128 cooperative, 64 otherwise) and the MMA tile's N is
  // the CTA's, so an epilogue N must divide the CTA's N.
  if (!built.epilogue_tile.automatic && built.epilogue != EpilogueKind::nosmem &&
      built.tile.n % built.epilogue_tile.n != 0)
    return Rejection::epilogue_epi_tile_n_divides_mma;
  return Rejection::none;
}

constexpr bool sm90_shape_compiles(const Config& config) {
  return sm90_check(config) == Rejection::none && sm90_check_build(config) == Rejection::none;
}

// The epilogue tile SM90's epilogue builder picks for the schedule KernelScheduleAuto resolves to.
constexpr EpilogueTileShape sm90_automatic_epilogue_tile(const Config& config) {
  return sm90_epilogue_tile(config, sm90_schedule(config));
}

namespace detail {

struct Sm90Steps : DefaultGemmSteps {
  static constexpr RuleSet rule_set = RuleSet::sm90;
  static constexpr std::string_view no_stage_count(const Config& config) {
    if (is_single_warpgroup(config.schedule))
      return "TensorRT-LLM builds its single-warpgroup MoE kernel at StageCount<3> alone";
    return config.scaling == Scaling::blockwise ? "the SM90 blockwise builder takes no StageCount<N>" : "";
  }
  static constexpr Rejection check(const Config& config) { return sm90_check(config); }
  static constexpr Config built(const Config& config) { return sm90_built(config); }
  static constexpr void choose_stages(Budget& budget, const Config& built, Checked& c) {
    budget.stage = built.sparse                        ? sm90_sparse_stage(built, c)
                   : is_trtllm_folded_moe(built)       ? trtllm_mixed_input_moe_stage(built, c)
                   : is_mixed_input(built)              ? sm90_mixed_input_stage(built, c)
                                                        : sm90_stage(built, c);
    budget.epilogue = sm90_epilogue_layout(built, built.schedule, c);
    StageDecision& d = budget.decision;
    d.cutlass_capacity = sm90_cutlass_capacity;
    const Sm90BuilderReserve reserve = sm90_builder_reserve(built);
    d.capacity = sm90_cutlass_capacity - reserve.total();
    d.reserve_for = reserve.purpose();
    // The dense builder rounds the carveout up to its alignment; the sparse one takes it as it is
    // (sm90_sparse_gmma_builder.inl:77).
    const bytes_t epilogue =
        built.stages.kind == StagePolicy::Kind::auto_carveout ? budget.epilogue.shared_storage : 0;
    d.carveout = built.sparse ? epilogue : round_up(epilogue, sm90_builder_alignment(built));
    d.estimate = budget.stage.estimate;
    const bytes_t counted = sm90_stage_count(built, d.capacity, d.carveout, d.estimate);
    const bool floored = is_trtllm_folded_moe(built) && built.stages.kind != StagePolicy::Kind::fixed;
    d.stages = floored ? trtllm_mixed_input_moe_stages(counted) : counted;
    if (d.stages != counted) d.raised_from = counted;
    d.counts = StageCounts::uniform(d.stages);
  }
  // gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized.hpp:137 (blockwise: …fp8_blockwise_scaling.hpp:197)
  static constexpr Rejection check_stages(const Config& built, const Budget& budget) {
    if (budget.decision.stages >= 2) return Rejection::none;
    if (is_mixed_input(built)) return Rejection::sm90_mixed_input_stages_below_two;
    const bool blockwise = built.scaling == Scaling::blockwise && !is_pointer_array(built);
    return blockwise ? Rejection::sm90_blockwise_stages_below_two : Rejection::stages_below_two;
  }
  static constexpr Rejection check_build(const Config& config) { return sm90_check_build(config); }
  template <class Parts>
  static constexpr GemmLayout<Parts> lay_out(const Config& built, const Budget& budget, const StageCounts& counts,
                                             Checked& c) {
    if (is_trtllm_folded_moe(built)) {
      const MainloopTensors<Parts> mainloop = trtllm_mixed_input_moe_tensors<Parts>(built, budget.stage, counts.a, c);
      return {mainloop, trtllm_mixed_input_moe_kernel<Parts>(built, mainloop, budget.epilogue, c)};
    }
    const MainloopTensors<Parts> mainloop =
        built.sparse            ? sm90_sparse_tensors<Parts>(budget.stage, counts.a, c)
        : is_mixed_input(built) ? sm90_mixed_input_tensors<Parts>(built, budget.stage, counts.a, c)
                                : sm90_tensors<Parts>(built, budget.stage, counts.a, c);
    return {mainloop, kernel_layout<Parts>(built, mainloop, budget.epilogue, sm90_scheduler_bytes,
                                           sm90_mainloop_tensormaps(built), c)};
  }
};

}  // namespace detail

// Preconditions: sm90_invalid_input(config) is empty.
template <class Parts = PartList>
constexpr std::optional<Budget> evaluate_sm90(const Config& config, const ArchLimits& arch) {
  return evaluate_gemm<detail::Sm90Steps, Parts>(config, arch);
}

}  // namespace smem_budget
