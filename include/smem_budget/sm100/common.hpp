// What every SM100 GEMM shares, and SM103's builds on (as CUTLASS's SM103 builder includes
// sm100_common.inl): the 1-SM / 2-SM choice and the CTA tile, the SM100 TMA or no-smem epilogue
// (epilogue/collective/builders/sm100_builder.inl), the kernels' SharedStorage, non-grouped
// (gemm/kernel/sm100_gemm_tma_warpspecialized.hpp) and pointer-array
// (sm100_gemm_array_tma_warpspecialized.hpp), and what the builders know before they count stages.
// Paths and lines are CUTLASS v4.7.0, under include/cutlass/.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string_view>

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/result.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"
#include "smem_budget/cutlass/fusion_callbacks.hpp"
#include "smem_budget/cutlass/sm1xx_blockscaled.hpp"
#include "smem_budget/cutlass/kernel_tensors.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"
#include "smem_budget/cutlass/trtllm_finalize.hpp"

namespace smem_budget {

// sm100_smem_capacity_bytes (arch/arch.h:44): the builders' capacity and the kernel's device-side limit.
inline constexpr bytes_t sm100_cutlass_capacity = 232'448;
// Sm100TmemCapacityColumns: tensor memory per SM, in 32-bit columns of 128 lanes.
inline constexpr bytes_t sm100_tmem_columns = 512;

// A cluster M known to be even when the kernel is built: a dynamic cluster is not (sm1xx_common.inl
// is_2sm: "Dynamic cluster shape means we cannot assume we can use 2SM MMA").
constexpr bool sm100_even_static_cluster_m(const Config& config) {
  return !config.cluster.is_dynamic() && config.cluster.m % 2 == 0;
}

// is_2sm (gemm/collective/builders/sm1xx_common.inl:692-724): the schedule says, or KernelScheduleAuto
// decides by the cluster and the tile: an even cluster M with tile M 256 is 2-SM. The builder without
// block scales (sm100_make_trivial_tiled_mma, sm100_common.inl:456-476) takes 2-SM for tile M 128 too.
constexpr bool sm100_is_2sm(const Config& config) {
  if (config.schedule != Schedule::automatic) return config.schedule == Schedule::two_sm;
  // So does the blockwise builder (sm100_blockwise_umma_builder.inl:202-235).
  if (config.scaling != Scaling::block) return sm100_even_static_cluster_m(config) && config.tile.m % 128 == 0;
  return sm100_even_static_cluster_m(config) && config.tile.m == 256;
}

// The epilogue builder is given OpClassBlockScaledTensorOp: as the block-scaled mainloop's class when
// `epilogue_op_class` is automatic.
constexpr bool sm100_epilogue_block_scaled(const Config& config) {
  if (config.epilogue_op_class == EpilogueOpClass::automatic) return config.scaling == Scaling::block;
  return config.epilogue_op_class == EpilogueOpClass::blockscaled;
}

// The epilogue's own 1-SM/2-SM choice: the schedule's, or under EpilogueScheduleAuto an even static
// cluster M with MMA tile M 256, or 128 as well unless the class is block-scaled
// (sm100_builder.inl:1697-1715). A block-scaled mainloop of tile M 128 on such a cluster is 1-SM under
// a 2-SM epilogue when the epilogue's class is OpClassTensorOp (measured: it compiles).
constexpr bool sm100_epilogue_is_2sm(const Config& config) {
  if (config.epilogue_schedule == EpilogueSchedule::one_sm) return false;
  if (config.epilogue_schedule == EpilogueSchedule::two_sm) return true;
  if (config.schedule != Schedule::automatic) return config.schedule == Schedule::two_sm;
  if (!sm100_even_static_cluster_m(config)) return false;
  return config.tile.m == 256 || (config.tile.m == 128 && !sm100_epilogue_block_scaled(config));
}

// One CTA's tile: a 2-SM MMA tile is split along M between its two CTAs
// (sm100_cta_tile_shape, epilogue/collective/builders/sm100_builder.inl:1083-1097).
constexpr Tile sm100_cta_tile(const Config& config) {
  Tile cta = config.tile;
  if (sm100_is_2sm(config)) cta.m /= 2;
  return cta;
}

// The CTA tile the epilogue builder sees (its own 1-SM/2-SM choice).
constexpr Tile sm100_epilogue_cta_tile(const Config& config) {
  Tile cta = config.tile;
  if (sm100_epilogue_is_2sm(config)) cta.m /= 2;
  return cta;
}

// The epilogue warps over tensor memory, M x N: 2 x 2 for a 2-SM MMA of tile M 128, else 4 x 1
// (sm100_tmem_warps, sm100_builder.inl:1069-1081).
struct TmemWarps {
  bytes_t m = 4;
  bytes_t n = 1;
};
constexpr TmemWarps sm100_tmem_warps(const Config& config) {
  if (sm100_epilogue_is_2sm(config) && config.tile.m == 128) return {2, 2};
  return {};
}

// EpilogueScheduleAuto's builder, which an automatic kernel schedule pairs with the TMA epilogue, takes
// only the automatic epilogue tile (sm100_builder.inl:1718).
constexpr bool sm100_auto_epilogue_given_tile(const Config& config) {
  return config.schedule == Schedule::automatic && config.epilogue_schedule == EpilogueSchedule::automatic &&
         config.epilogue == EpilogueKind::tma && !config.epilogue_tile.automatic;
}

// The columns of B one CTA loads: a 2-SM MMA splits them between its two CTAs.
constexpr bytes_t sm100_b_columns(const Config& config) {
  return sm100_is_2sm(config) ? config.tile.n / 2 : config.tile.n;
}

// The keys of SM90's and SM120's kernels, which neither SM100 builder (block-scaled or dense) nor
// SM103's takes; empty when the configuration has none.
constexpr std::optional<std::string_view> sm100_foreign_keys(const Config& config) {
  if (config.schedule == Schedule::cooperative || config.schedule == Schedule::pingpong ||
      config.schedule == Schedule::warp_specialized || config.schedule == Schedule::tma ||
      is_single_warpgroup(config.schedule))
    return "cooperative and pingpong are SM90/SM120 schedules, warpspecialized, tma and single-warpgroup-* SM90's; "
           "sm100 takes auto, 1sm or 2sm";
  // SM100's pointer-array kernel sizes its tensormaps by IsGroupedGemmKernel from 4.5.0
  // (sm100_gemm_array_tma_warpspecialized.hpp) and takes its own scheduler for a non-grouped
  // problem: not measured.
  if (config.batched) return "not modelled on sm100: pointer-array batched GEMMs (batched is modelled on sm90)";
  // KernelScheduleAuto builds the non-array kernel (sm100_common.inl:456-470), which a pointer-array
  // problem does not compile against, and the blockwise builder has no automatic choice for its
  // pointer-array tag (sm100_blockwise_umma_builder.inl:204-230): measured, as SM90's.
  if (config.grouped && config.schedule == Schedule::automatic && config.epilogue != EpilogueKind::finalize)
    return "a pointer-array SM100 kernel names its schedule: 1sm or 2sm (KernelPtrArrayTmaWarpSpecialized{1,2}Sm…)";
  // EpilogueScheduleAuto builds the TMA epilogue (sm100_builder.inl:1697-1715); the no-smem one is asked for
  // by name (NoSmemWarpSpecialized1Sm or 2Sm; blockwise: BlockwiseNoSmemWarpSpecialized…), which says how
  // many SMs the MMA spans.
  if (config.epilogue == EpilogueKind::nosmem && config.schedule == Schedule::automatic)
    return "SM100's no-smem epilogue names its schedule: 1sm or 2sm (NoSmemWarpSpecialized{1,2}Sm; with schedule "
           "auto, EpilogueScheduleAuto builds the TMA epilogue)";
  if (config.fast_accum) return "fast_accum selects SM90's FP8FastAccum schedules; it has no meaning on sm100";
  if (config.cp_async && config.scaling != Scaling::none)
    return "not modelled on sm100: cp.async mainloops with scales (the model has SM100's dense "
           "KernelWarpSpecialized1SmSm100)";
  if (config.sparse) return "not modelled on sm103: sparse kernels (SM100's are modelled: --arch sm100)";
  if (config.epilogue_schedule == EpilogueSchedule::sparse || config.instruction == Instruction::mxf8f6f4_acc2x4)
    return "the sparse epilogue schedule and the mxf8f6f4-acc2x4 instruction are SM120's";
  // A 1-SM epilogue under a 2-SM mainloop is what EpilogueScheduleAuto builds for a run-time or odd
  // cluster (CUTLASS's own kernels, measured by name); the other way round nothing builds.
  if (config.epilogue_schedule == EpilogueSchedule::two_sm && !sm100_is_2sm(config))
    return "not modelled on sm100: a 2-SM epilogue under a 1-SM mainloop (give --schedule 2sm)";
  if (config.epilogue_schedule == EpilogueSchedule::one_sm && config.epilogue == EpilogueKind::finalize)
    return "not modelled on sm100: the finalize epilogue with another epilogue schedule than its kernel's";
  if (config.cluster.k != 1) return "cluster: a cluster's K extent is 1 (give MxNx1)";
  if (config.stages.kind == StagePolicy::Kind::auto_epi) return "not modelled on sm100: StageCountAutoCarveoutEpi";
  return std::nullopt;
}

// FINALIZE as TensorRT-LLM's launcher builds it on SM100: the pointer-array kernel of a named 1-SM or
// 2-SM schedule with PtrArrayTmaWarpSpecialized{1,2}Sm; it builds no no-smem FINALIZE
// (moe_gemm_tma_ws_launcher.inl:384-388, moe_gemm_template_dispatch_tma_ws.h:82-107).
constexpr std::optional<std::string_view> sm100_finalize_invalid_input(const Config& config) {
  if (config.epilogue != EpilogueKind::finalize) return std::nullopt;
  if (const auto error = finalize_invalid_input(config)) return error;
  if (config.schedule != Schedule::one_sm && config.schedule != Schedule::two_sm)
    return "the finalize epilogue is built with a named kernel schedule: --schedule 1sm or 2sm";
  return std::nullopt;
}

// Accumulator stages in tensor memory. Block-scaled: one (overlapping) for N = 256, else two
// (sm100_blockscaled_umma_builder.inl:242; sparse, sm100_blockscaled_sparse_umma_builder.inl:275).
// Without block scales: as many CTA tiles of fp32 as the 128 x 512 columns hold, at most 4 (a 1-SM MMA
// of M 64 counts its 64 rows as half the lanes) (sm100_umma_builder.inl:263-267); blockwise-scaled, as
// many, uncapped (sm100_blockwise_umma_builder.inl:355-357).
constexpr bytes_t sm100_accumulator_stages(const Config& config) {
  if (config.scaling == Scaling::block) return config.tile.n == 256 ? 1 : 2;
  // The sparse builder without block scales: one above N 224 (sm100_sparse_umma_builder.inl:378).
  if (config.sparse) return config.tile.n > 224 ? 1 : 2;
  const Tile cta = sm100_cta_tile(config);
  const bytes_t n = cta.n > 0 ? cta.n : 1;
  const bytes_t stages = sm100_is_2sm(config) || config.tile.m > 64 ? (128 * sm100_tmem_columns) / (cta.m * n)
                                                                    : sm100_tmem_columns / n * 2;
  if (config.scaling == Scaling::blockwise) return stages;
  return stages < 4 ? stages : 4;
}

// Sm100DenseGemmTmaUmmaCarveout<Cluster, AccStages, SchedulerStages, CLCResponseSize, IsPtrArray,
// NumTensorMaps> (gemm/collective/builders/sm100_pipeline_carveout.inl:37-83): the accumulator
// pipeline, CLC pipeline and responses, load order, CLC throttle, TMEM barrier and pointers the
// kernel keeps beside the tensors; pointer-array, doubled responses, five sets of the mainloop's
// `tensormaps` and the tensormap-ready pipeline.
constexpr bytes_t sm100_carveout(bytes_t acc_stages, bytes_t scheduler_stages, bool pointer_array, bytes_t tensormaps) {
  const bytes_t s = scheduler_stages;
  const bytes_t responses = pointer_array ? 2 : 1;
  const bytes_t reserve = 16 * acc_stages + 16 * s * responses + 16 + 8 + 16 * s + 16 * s * responses + 4 * s;
  return pointer_array ? reserve + 128 * tensormaps * 5 + 16 * s : reserve;
}

// The dense and block-scaled builders' carveout: 2 scheduler stages, 8 when grouped.
// What sm100_carveout holds: the tensormaps too when the kernel is grouped (pointer-array).
constexpr ReservePurpose sm100_carveout_purpose(const Config& config) {
  return {.kernel_pipelines = true, .scheduler = true, .tensormaps = config.grouped};
}

constexpr bytes_t sm100_pipeline_carveout(const Config& config, bytes_t tensormaps) {
  return sm100_carveout(sm100_accumulator_stages(config), config.grouped ? 8 : 2, config.grouped, tensormaps);
}

// The narrowest N the automatic epilogue tile may take for C and D (sm100_builder.inl:1038-1043): TMA
// stores whole 16-byte rows of a row-major C or D, 128 elements of FP6 (SW128B only); a column-major
// one needs 8 columns; each per warp column.
struct EpilogueMinN {
  bytes_t c = 8;
  bytes_t d = 8;
};
constexpr EpilogueMinN sm100_epilogue_min_n(const Config& config, TmemWarps warps) {
  const bool row = config.d_layout == MatrixLayout::row;
  const auto row_units = [](Element e) -> bytes_t { return is_fp6(e) ? 128 : 128 / bits_of(e); };
  return {(config.c == Element::none || !row ? 8 : row_units(config.c)) * warps.n,
          (row ? row_units(config.d) : 8) * warps.n};
}

// The widest of the epilogue's C and D (C is D when void): sm100_builder.inl's MaxBits (:1004) and
// EpiSmemMaxBits_ (:1216).
constexpr int sm100_epilogue_max_bits(const Config& config) {
  const int c = bits_of(config.c == Element::none ? config.d : config.c);
  return c > bits_of(config.d) ? c : bits_of(config.d);
}

// sm100_dense_compute_tile_shape_or_override (sm100_builder.inl:968-1067): a given tile; with the
// block-scaled class and CTA N 256, M min(CTA M, 32 x warps M) by 128; else that M and an N sized by C
// and D, the TMA's smallest row counted per warp column. `warps` are the epilogue's TMEM warps.
constexpr EpilogueTileShape sm100_epilogue_tile(const Config& config, const Tile& cta, TmemWarps warps = {}) {
  if (!config.epilogue_tile.automatic) return {config.epilogue_tile.m, config.epilogue_tile.n};
  const bytes_t m = cta.m < 32 * warps.m ? cta.m : 32 * warps.m;
  if (cta.n == 256 && sm100_epilogue_block_scaled(config)) return {m, 128};
  const bool no_source = config.c == Element::none;
  const int max_bits = sm100_epilogue_max_bits(config);
  bytes_t n_perf = 64;
  if (no_source)
    n_perf = (max_bits == 4 ? 8192 : 4096) / m;
  else if (max_bits == 32)
    n_perf = m > 64 && cta.n <= 128 ? 16 : 32;
  else if (max_bits == 16)
    n_perf = cta.n <= 128 ? 32 : 64;
  const EpilogueMinN n_min = sm100_epilogue_min_n(config, warps);
  bytes_t n = n_perf > n_min.c ? n_perf : n_min.c;
  if (n_min.d > n) n = n_min.d;
  if (cta.n < n) n = cta.n;
  return {m, cta.n % n == 0 ? n : cta.n};
}

// A grouped kernel's TMA epilogue (Sm100PtrArrayTmaWarpSpecialized) takes SM90's pointer-array
// callbacks, which lack some fusions (core/config.hpp): callbacks.hpp:55. Its own scale-factor callbacks,
// which the grouped no-smem epilogue reuses, write a row-major layout only
// (sm100_callbacks_tma_warpspecialized.hpp:355-363, 446-454, 1284-1300; measured on SM103).
constexpr bool sm100_pointer_array_callbacks_missing(const Config& config) {
  if (!config.grouped) return false;
  if (config.fusion == Fusion::sf_gen) return config.sf_output.layout.value_or(config.d_layout) == MatrixLayout::col;
  return config.epilogue == EpilogueKind::tma && pointer_array_callbacks_missing(config.fusion);
}

// The automatic tile's assertion that the CTA spans those narrowest N (sm100_builder.inl:1046).
constexpr bool sm100_epilogue_cta_too_small(const Config& config) {
  if (config.epilogue == EpilogueKind::nosmem || !config.epilogue_tile.automatic) return false;
  const EpilogueMinN n_min = sm100_epilogue_min_n(config, sm100_tmem_warps(config));
  const bytes_t n = sm100_epilogue_cta_tile(config).n;
  return n < n_min.c || n < n_min.d;
}

// The automatic (or given) epilogue tile of a configuration.
constexpr EpilogueTileShape sm100_epilogue_tile(const Config& config) {
  return sm100_epilogue_tile(config, sm100_epilogue_cta_tile(config), sm100_tmem_warps(config));
}

// The TMA's box along N is the tile's longest contiguous run of columns (the coalesced right inverse of
// its N mode, sm100_builder.inl:74-80): the tile_n of sm100_dense_compute_tile_shape_or_override strides
// its warp columns by CtaN / WarpN, so one warp column's share, unless the tile spans the CTA's N and the
// columns run on (:1042-1046).
constexpr bytes_t sm100_epilogue_contiguous_n(EpilogueTileShape tile, const Tile& cta, const TmemWarps& warps) {
  return tile.n == cta.n ? tile.n : tile.n / warps.n;
}

// The TMA epilogue's tile and its TMA box along N, from the epilogue's CTA tile and TMEM warps.
struct Sm100EpilogueGeometry {
  Tile cta;
  TmemWarps warps;
  EpilogueTileShape tile;
  bytes_t contiguous_n = 0;
};
constexpr Sm100EpilogueGeometry sm100_epilogue_geometry(const Config& config) {
  Sm100EpilogueGeometry g{sm100_epilogue_cta_tile(config), sm100_tmem_warps(config), {}, 0};
  g.tile = sm100_epilogue_tile(config, g.cta, g.warps);
  g.contiguous_n = sm100_epilogue_contiguous_n(g.tile, g.cta, g.warps);
  return g;
}

// The aux output's swizzle atom: SM100's callbacks builder picks it as for D, over the same TMA box
// (sm100_get_epilogue_smem_swizzle_layout_atom, sm100_builder.inl:71-97, 860-862); 0 when none fits.
constexpr bytes_t sm100_aux_alignment(const Config& config, EpilogueTileShape tile, bytes_t contiguous_n) {
  const bool m_major = config.d_layout == MatrixLayout::col;
  return umma_swizzle_alignment(config.aux, m_major ? tile.m : contiguous_n, m_major);
}

// An aux output no swizzle atom of the TMA epilogue's tile fits: sm100_smem_selector's assertions, which the
// model does not reproduce.
constexpr std::optional<std::string_view> sm100_aux_invalid_input(const Config& config) {
  if (config.fusion != Fusion::amax_aux || config.epilogue == EpilogueKind::nosmem) return std::nullopt;
  const Sm100EpilogueGeometry geometry = sm100_epilogue_geometry(config);
  if (sm100_aux_alignment(config, geometry.tile, geometry.contiguous_n) != 0) return std::nullopt;
  return "not modelled on sm100: an aux output no swizzle atom of the epilogue tile fits (sm100_smem_selector's "
         "assertions)";
}

// Questions outside what the SM100 and SM103 models cover; empty when they answer.
constexpr std::optional<std::string_view> sm100_invalid_input(const Config& config) {
  if (config.scaling != Scaling::block)
    return "not modelled: on sm100 the model covers the block-scaled GEMMs (scaling block) only";
  const OperandPair& t = config.types;
  if (!is_narrow_float(t.a.data) || !is_narrow_float(t.b.data))
    return "sm100 block scaling takes FP4/FP6/FP8 operands (nvfp4, mxfp4, mxfp6, mxfp8 or their element names)";
  if (const auto error = sm100_foreign_keys(config)) return error;
  if (const auto error = sm100_finalize_invalid_input(config)) return error;
  // MN-major operands as CUTLASS's generator builds them: through the MXF8F6F4 MMA (measured by name:
  // tests/data/sm100-blockscaled-names-device.json).
  if (!k_major_operands(config) && mma_path(config.types, config.instruction) != MmaPath::mxf8f6f4)
    return "not modelled on sm100: MN-major A or B of the MXF4/NVF4 MMA (MN-major block-scaled operands are "
           "modelled through the MXF8F6F4 one: --instruction mxf8f6f4)";
  if (config.fusion != Fusion::none && config.fusion != Fusion::col_bias && config.fusion != Fusion::sf_gen &&
      config.fusion != Fusion::amax_aux)
    return "not modelled on sm100: fusions other than col-bias, sf-gen and amax-aux";
  if (!config.epilogue_tile.automatic) {
    // What CUTLASS's generator gives (128x64 for NVF4 tiles of N 256): the automatic tile's M, the
    // same TMEM loads, and an N that divides the CTA's.
    const Tile cta = sm100_cta_tile(config);
    const EpilogueTile& e = config.epilogue_tile;
    if (e.m != (cta.m < 128 ? cta.m : 128) || e.n % 8 != 0 || cta.n % e.n != 0)
      return "not modelled on sm100: a given epilogue tile other than M = min(CTA M, 128) by a multiple of 8 that "
             "divides the CTA's N";
  }
  if (config.tile.k % 128 != 0) return "not modelled on sm100: tile K a multiple of 128 is what the model covers";
  if (is_fp6(config.c) || config.c == Element::e2m1) return "not modelled on sm100: FP6 or FP4 C";
  return sm100_aux_invalid_input(config);
}

// The fusion's storage on SM100 (SM100's callbacks are SM90's, sm100_callbacks_tma_warpspecialized.hpp:56-86):
// a bias row as on SM90; the aux output at SM100's swizzle atom; the scale-factor output needs none (it is
// written from registers), so LinCombBlockScaleFactor's storage is an empty struct.
constexpr FusionStorage sm100_fusion_storage(const Config& config, const EpilogueLayout& out, Checked& c) {
  if (config.fusion == Fusion::sf_gen) return {};
  if (config.fusion == Fusion::amax_aux)
    return aux_store_storage(config, out.tile, out.stages, sm100_aux_alignment(config, out.tile, out.contiguous_n), c);
  return fusion_storage(config, out.tile, out.stages, c);
}

// The TMA epilogue's visit loop assigns each fusion result to D's register fragment
// (sm100_epilogue_tma_warpspecialized.hpp:893-895); a column-major FP4 D's is one 4-bit element, which only
// the scale-factor store's results fit (measured: SM103 2-SM, C void, refused in device code; sf-gen built).
constexpr bool sm100_fp4_col_output_unassignable(const Config& config) {
  return config.epilogue == EpilogueKind::tma && config.d == Element::e2m1 && config.d_layout == MatrixLayout::col &&
         config.fusion != Fusion::sf_gen;
}

// The no-smem epilogue the builder takes the legacy thread::LinearCombination for
// (sm100_builder.inl:1554-1565): the grouped dense kernels without a fusion (measured), and every
// blockwise and complex kernel, whose no-smem schedules are transform schedules (:1482-1493: a complex
// accumulator is IsInterleavedComplex). Its collective's SharedStorage is empty
// (sm100_epilogue_nosmem.hpp:143); no C or D descriptors.
constexpr bool sm100_legacy_nosmem(const Config& config) {
  return config.epilogue == EpilogueKind::nosmem &&
         (config.scaling == Scaling::blockwise || is_complex(accumulator_of(config)) ||
          (config.scaling == Scaling::none && config.grouped));
}

// The no-smem builder's automatic epilogue tile is CTA M by min(64, CTA N) but for its transform
// schedules (blockwise, complex: the whole CTA), and it counts the tiles with shape_div, which needs
// one of CTA N and 64 to divide the other (sm100_builder.inl:1527-1532, 1548; cute/int_tuple.hpp:408).
constexpr bool sm100_nosmem_epilogue_tiles_indivisible(const Config& config) {
  if (config.epilogue != EpilogueKind::nosmem || !config.epilogue_tile.automatic) return false;
  if (config.scaling == Scaling::blockwise || is_complex(accumulator_of(config))) return false;
  const bytes_t n = sm100_epilogue_cta_tile(config).n;
  return n > 64 && n % 64 != 0;
}

constexpr EpilogueLayout sm100_epilogue_layout(const Config& config, Checked& c) {
  if (sm100_legacy_nosmem(config)) {
    EpilogueLayout legacy = no_smem_epilogue(1, 1);
    legacy.pipeline_size = 1;
    return legacy;
  }
  // Sm100TmaWarpSpecializedAdapter over the no-smem collective (epilogue/collective/detail.hpp:561-571,
  // sm100_epilogue_nosmem.hpp:494-498): the fusion's empty storage and an empty 16-byte aligned buffer.
  if (config.epilogue == EpilogueKind::nosmem) return no_smem_epilogue(32, 16);
  EpilogueLayout out;
  const Sm100EpilogueGeometry geometry = sm100_epilogue_geometry(config);
  out.tile = geometry.tile;
  out.elements = {config.c, config.d, false};
  out.umma_atoms = true;
  out.contiguous_n = geometry.contiguous_n;
  // sm100_builder.inl:1099-1151
  out.stages = tma_epilogue_stages(geometry.cta, out.tile, bits_of(config.c) > 8, out.elements);
  out.fusion = sm100_fusion_storage(config, out, c);
  // The grouped collective keeps C and D tensormaps (sm100_epilogue_array_tma_warpspecialized.hpp:212-232).
  lay_out_epilogue(config, out, 2, c);
  return out;
}

// A grouped kernel's tensormaps in its SharedStorage, between the TMEM base pointer and the tensors.
struct Sm100Tensormaps {
  std::string_view name;
  bytes_t size = 0;
};

// The SM100 GemmKernel::SharedStorage around its pipelines (sm100_gemm_tma_warpspecialized.hpp:182-212
// and the kernels built like it): the pipelines, the tile scheduler's responses, the TMEM base
// pointer, a grouped kernel's tensormaps (each alignas(128)), then the tensors.
template <class Parts>
constexpr KernelLayout<Parts> sm100_kernel_storage(const BasicStructLayout<Parts>& pipes, bytes_t scheduler_responses,
                                                   std::span<const Sm100Tensormaps> tensormaps,
                                                   const BasicStructLayout<Parts>& tensors, Checked& c) {
  BasicStructLayout<Parts> kernel(c);
  kernel.nested("pipelines", pipes.parts(), pipes.size(), pipes.alignment());
  kernel.member("tile scheduler responses", scheduler_responses, 16, PartKind::scheduler);
  kernel.member("TMEM base pointer", 4, 4, PartKind::barrier);
  for (const Sm100Tensormaps& maps : tensormaps) kernel.member(maps.name, maps.size, 128, PartKind::tensormap);
  kernel.nested("tensors", tensors.parts(), tensors.size(), tensors.alignment());
  kernel.finish("kernel shared storage");
  return {kernel.parts(), kernel.size(), tensors.size()};
}

// GemmKernel::SharedStorage (sm100_gemm_tma_warpspecialized.hpp:182-212;
// sm100_gemm_array_tma_warpspecialized.hpp:228-296).
template <class Parts = PartList>
constexpr KernelLayout<Parts> sm100_kernel_layout(const Config& config, const MainloopTensors<Parts>& mainloop,
                                                  const EpilogueLayout& epi, Checked& c) {
  const bytes_t acc_pipeline = 16 * sm100_accumulator_stages(config);
  BasicStructLayout<Parts> pipes(c, 16);
  pipes.member("mainloop pipeline barriers", mainloop.pipeline, 16, PartKind::barrier);
  pipes.member("epilogue load pipeline barriers", epi.pipeline_size, 16, PartKind::barrier);
  pipes.member("load order barrier", 16, 16, PartKind::barrier);
  if (!config.grouped) {
    pipes.member("CLC pipeline barriers", 32, 16, PartKind::scheduler);
    pipes.member("accumulator pipeline barriers", acc_pipeline, 16, PartKind::barrier);
    pipes.member("CLC throttle barriers", 32, 16, PartKind::scheduler);
    pipes.member("TMEM dealloc barrier", 8, 16, PartKind::barrier);
  } else {
    pipes.member("group scheduler pipeline", 128, 16, PartKind::scheduler);
    pipes.member("accumulator pipeline barriers", acc_pipeline, 16, PartKind::barrier);
    pipes.member("CLC throttle (empty)", 1, 16, PartKind::scheduler);
    pipes.member("TMEM dealloc barrier", 8, 16, PartKind::barrier);
    pipes.member("tensormap-ready pipeline", 128, 16, PartKind::tensormap);
  }
  pipes.finish("pipelines");

  const BasicStructLayout<Parts> tensors = kernel_tensor_storage<Parts>(config, mainloop, epi, TensorsFirst::epilogue, c);

  // Five sets of the epilogue's C and D descriptors and the mainloop's (A, B, SFA, SFB block-scaled; A, B
  // otherwise), each set aligned to 128.
  // An epilogue without descriptors keeps an empty struct, which its alignas(128) mainloop set follows.
  const bytes_t epilogue_maps = epi.tensormap_count == 0 ? 128 : epi.tensormap_count * 128;
  const bytes_t mainloop_maps = config.scaling == Scaling::none ? 2 * 128 : 4 * 128;
  const std::array<Sm100Tensormaps, 1> maps{{{config.scaling == Scaling::none
                                                  ? "tensormaps (5 sets of A, B, C, D)"
                                                  : "tensormaps (5 sets of A, B, SFA, SFB, C, D)",
                                              5 * (epilogue_maps + mainloop_maps)}}};
  // CLC responses: 2 of 16 B; grouped, 2 x 8 group-scheduler responses of 20 B.
  return sm100_kernel_storage<Parts>(pipes, config.grouped ? 2 * 8 * 20 : 2 * 16,
                                     std::span(maps).first(config.grouped ? 1 : 0), tensors, c);
}

// What the SM100 and SM103 builders know before they count stages, once budget.stage is set: the
// epilogue (whose shared storage is the automatic count's carveout), the capacity less the
// builder's `reserve` (its KernelSmemCarveout: the kernel's pipelines and scheduler state, and the
// tensormaps where `reserve_for` says so), and the per-stage estimate.
constexpr void sm100_builder_inputs(Budget& budget, const Config& config, bytes_t reserve, ReservePurpose reserve_for,
                                    Checked& c) {
  budget.epilogue = sm100_epilogue_layout(config, c);
  budget.epilogue_shared_storage = budget.epilogue.shared_storage;
  StageDecision& d = budget.decision;
  d.cutlass_capacity = sm100_cutlass_capacity;
  d.capacity = sm100_cutlass_capacity - reserve;
  d.reserve_for = reserve_for;
  d.carveout = config.stages.kind == StagePolicy::Kind::auto_carveout ? budget.epilogue.shared_storage : 0;
  d.estimate = budget.stage.estimate;
}

// The SM100 builders' one count for A, B and their pipeline: StageCount<N> as given, else as many
// stages as fit beside the carveout.
constexpr void sm100_decide_stages(StageDecision& d, const Config& config) {
  d.stages = config.stages.kind == StagePolicy::Kind::fixed ? config.stages.count
                                                            : auto_stage_count(d.capacity, d.carveout, d.estimate);
  d.counts = StageCounts::uniform(d.stages);
}

// The SM100 kernels' device-side assertion of their SharedStorage against CUTLASS's capacity
// (core/rejection.hpp cites it): a kernel refused by it keeps the bytes laid out as its answer.
constexpr Rejection sm100_capacity_refusal(const Config& config, bytes_t total) {
  if (total <= sm100_cutlass_capacity) return Rejection::none;
  return config.grouped ? Rejection::sm100_grouped_smem_exceeds_capacity : Rejection::sm100_smem_exceeds_capacity;
}

// The accumulator the kernel keeps in tensor memory: its stages and their columns.
constexpr void sm100_record_accumulator(Budget& budget, const Config& config) {
  budget.tmem_accumulator_stages = sm100_accumulator_stages(config);
  budget.tmem_accumulator_columns = budget.tmem_accumulator_stages * config.tile.n;
}

}  // namespace smem_budget
