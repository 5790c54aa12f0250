// The reasons CUTLASS refuses to compile a configuration, and a table of each one's rule, assertion and source.
#pragma once

#include "smem_budget/core/cxx20.hpp"

#include <array>
#include <cstddef>
#include <string_view>

namespace smem_budget {

enum class Rejection {
  none,
  scale_types_differ,
  nvfp4_on_mxf8f6f4,
  tile_n_too_small,
  tile_n_permutation,
  pingpong_small_n,
  mma_m_divisibility,
  mma_k_divisibility,
  sfb_n_divisibility,
  scale_k_divisibility,
  epilogue_tile_divides_cta,
  epilogue_tile_given_divides_cta,
  fp6_output_extent,
  epilogue_swizzle_atom,
  epilogue_swizzle_atom_mn,
  epilogue_tile_multiple_of_8,
  grouped_bias_callbacks,
  sf_gen_output_type,
  stages_below_two,
  f8f6f4_only,
  mix8bit_tile_k,
  grouped_unsupported,
  granularity_m_divides_tile,
  granularity_n_divides_tile,
  granularity_k_equals_tile,
  sparse_stage_count,
  blockscaled_sparse_stage_count,
  sparse_metadata_tile,
  sparse_metadata_k,
  sparse_half_k_b_layout,
  operand_alignment,
  no_sparse_builder,
  sf_vector_divides_epilogue_tile,
  sf_vector_store_ratio,
  stream_k_pingpong,
  stream_k_grouped,
  stream_k_grouped_pingpong,
  sm90_auto_fusion,
  sm90_fast_accum_types,
  sm90_blockwise_fp8_only,
  sm90_granularity_m,
  sm90_granularity_n,
  sm90_blockwise_stage_count,
  sm90_scale_promotion_multiple_of_4,
  sm90_scale_promotion_interval,
  sm90_blockwise_splits_m,
  sm90_grouped_blockwise_splits_m,
  sm90_blockwise_stages_below_two,
  sm90_warp_specialized_scheduler,
  sm90_tma_scheduler,
  sm90_epilogue_tile_shape,
  sm90_tma_epilogue,
  sm100_auto_tile_m,
  sm100_auto_dynamic_cluster_m256,
  sm100_schedule_cluster,
  sm100_narrow_output_tmem_load,
  sm100_tile_m_1sm,
  sm100_tile_m_2sm,
  sm100_tile_n,
  sm100_scale_types_differ,
  sm103_stage_count,
  sm103_tile_k,
  sm103_tile_n,
  sm103_tma_cta_tile,
  sm103_auto_nvfp4,
  sm100_no_stage,
  sm100_smem_exceeds_capacity,
  sm100_grouped_smem_exceeds_capacity,
  // What a build of the kernel refuses beyond sizeof(SharedStorage): the TMA descriptors of its
  // Params (compiled by its host path), then its device code.
  sfa_tma_rows_below_128,
  sfa_tma_rows_in_blocks,
  sfb_tma_rows,
  cooperative_tile_m,
  dense_tile_n_copy_vals,
  dense_tile_n_permutation,
  dense_tile_n_multiple_of_32,
  epilogue_mma_tile_m,
  epilogue_mma_tile_n_divides_epi,
  epilogue_epi_tile_n_divides_mma,
  sf_gen_col_pingpong,
  blockscaled_sparse_tile_n,
  sm100_sf_col_epilogue_tile_n,
  sm100_tmem_datapaths,
  sm100_2sm_16bit_cta_n,
  sm100_dense_types,
  sm100_dense_mix8bit,
  sm100_dense_tile_m_1sm,
  sm100_dense_tile_m_2sm,
  sm100_dense_tile_n,
  sm100_f16_mma_n_2sm,
  sm100_s8_mma_n_1sm,
  sm100_s8_mma_n_2sm,
  sm100_f8f6f4_mma_n_1sm,
  sm100_f8f6f4_mma_n_2sm,
  sm100_mn_major_atom,
  sm100_dense_no_stage,
  sm100_dense_stages_below_two,
  sm100_blockwise_granularity_exceeds_cta,
  sm100_blockwise_no_stage,
  sm100_blockwise_granularity_m,
  sm100_blockwise_granularity_n,
  sm100_blockwise_granularity_k,
  sm100_blockwise_granularity_k_mma,
  sm100_blockwise_stages_below_two,
  sm100_blockwise_smem_exceeds_capacity,
  sm100_blockwise_grouped_smem_exceeds_capacity,
  count_,  // not a rejection: the number of them, so keep it last
};

struct RejectionInfo {
  std::string_view rule;       // what the user has to change, in words
  std::string_view assertion;  // the text the compiler reports (a static_assert's message, or its error)
  std::string_view source;     // where CUTLASS enforces it (v4.7.0, paths under include/)
  // Asserted where only a build of the kernel reaches (its Params' TMA descriptors, its device
  // code), not by sizeof(SharedStorage).
  bool by_build = false;
};

struct RejectionRow {
  Rejection rejection;
  RejectionInfo info;
};

// One row per Rejection, in sections by the architecture whose CUTLASS code asserts it.
// clang-format off
inline constexpr std::array<RejectionRow, static_cast<std::size_t>(Rejection::count_)> rejections{{
  {Rejection::none, {"", "", ""}},

  // SM120 collectives: the dense, blockwise, block-scaled and sparse mainloops, the epilogue builder and its fusions.
  {Rejection::scale_types_differ,
   {"A and B must use the same scale-factor type and vector size",
    "Scale factor types for A and B must be the same.",
    "cutlass/gemm/collective/builders/sm120_blockscaled_mma_builder.inl:89"}},
  // SM100's builders assert it too (sm1xx_common.inl).
  {Rejection::nvfp4_on_mxf8f6f4,
   {"the MXF8F6F4 instruction only takes ue8m0 (MX) scale factors, not NVFP4's ue4m3",
    "MX_F4F6F8 only supports ue8m0 SF type",
    "cutlass/gemm/collective/builders/sm1xx_common.inl:647"}},
  {Rejection::tile_n_too_small,
   {"tile N is below the smallest the builder accepts",
    "Invalid tile shape N.",
    "cutlass/gemm/collective/builders/sm120_blockscaled_mma_builder.inl:105"}},
  {Rejection::tile_n_permutation,
   {"tile N must be 8, 16 or a multiple of 32 (block-scaled: the MMA's N permutation; others: a multiple of 8)",
    "TileShape_N must be at least 8 for SM120 blockscaled.",
    "cutlass/gemm/collective/builders/sm120_common.inl:185 sm120_tile_n_permute_selector"}},
  {Rejection::pingpong_small_n,
   {"the ping-pong schedule needs tile N >= 16",
    "Could not build a collective for given parameters.",
    "cutlass/gemm/collective/collective_builder_decl.hpp:94 (sm120_blockscaled_mma_builder.inl enable_if)"}},
  {Rejection::mma_m_divisibility,
   {"tile M must be a multiple of the tiled MMA's M extent (block-scaled: 64 cooperative, 128 cooperative "
    "with N < 16, 32 ping-pong; plain and blockwise: 8)",
    "Divisibility Condition",
    "cute/layout.hpp (TiledMma atom layout in sm120_blockscaled_mma_builder.inl)"}},
  {Rejection::mma_k_divisibility,
   {"tile K must be a multiple of 16 bytes (the narrowest K-major swizzle atom)",
    "No shared memory copy atom can be selected.",
    "cutlass/gemm/collective/builders/sm120_common.inl sm120_rr_smem_selector"}},
  {Rejection::sfb_n_divisibility,
   {"tile N above 128 must be a multiple of 128 (scale-factor blocks of 128 rows)",
    "Shape Divisibility Condition",
    "cute/layout.hpp (SFB layout, sm120_blockscaled_mma_tma.hpp)"}},
  {Rejection::scale_k_divisibility,
   {"tile K must be a multiple of 4 x the scale vector (64 for NVFP4, 128 for MX types; twice that when sparse)",
    "Divisibility Condition",
    "cute/layout.hpp: scale-factor layout K/V/4 (sm120_blockscaled_mma_builder.inl sSF_shapeK)"}},
  {Rejection::epilogue_tile_given_divides_cta,
   {"the epilogue tile must divide the CTA tile",
    "EpilogueTile must evenly divide CTA tile",
    "cutlass/epilogue/collective/builders/sm120_builder.inl:212"}},
  {Rejection::fp6_output_extent,
   {"an FP6 output needs a contiguous tile extent that is a multiple of 128",
    "CTA tile for FP6 ElementD must have a contiguous extent that is a multiple of 128.",
    "cutlass/epilogue/collective/builders/sm120_builder.inl:158"}},
  {Rejection::sf_gen_output_type,
   {"scale-factor generation needs a block-scaled (FP4/FP6/FP8) output type",
    "Could not find a callbacks specialization.",
    "cutlass/epilogue/fusion/sm120_callbacks_tma_warpspecialized.hpp (LinCombBlockScaleFactor)"}},
  {Rejection::f8f6f4_only,
   {"these SM120 builders take only F8F6F4 operands (e2m1, e2m3, e3m2, e4m3, e5m2)",
    "builder currently only supports F8F6F4 MMA.",
    "cutlass/gemm/collective/builders/sm120_mma_builder.inl:80, sm120_blockwise_mma_builder.inl:132, "
    "sm120_sparse_mma_builder.inl:159"}},
  {Rejection::mix8bit_tile_k,
   {"with an FP4 or FP6 operand, tile K must be a multiple of 128 (256 for sparse A)",
    "TileSize and MNK Major does not met with MMA Mix 8-bit TMA load requirement",
    "cutlass/gemm/collective/builders/sm1xx_common.inl sm1xx_gemm_check_for_f8f6f4_mix8bit_requirement"}},
  {Rejection::grouped_unsupported,
   {"this CUTLASS release has no grouped (pointer-array) plain SM120 collective; it arrives in 4.6.0",
    "PtrArray kernel is not supported for this collective builder.",
    "cutlass/gemm/collective/builders/sm120_mma_builder.inl:140 (v4.4.2)"}},
  {Rejection::granularity_m_divides_tile,
   {"the scale granularity's M must divide tile M",
    "Scale Granularity M must evenly divide the tile shape M.",
    "cutlass/gemm/collective/builders/sm120_blockwise_mma_builder.inl:199"}},
  {Rejection::granularity_n_divides_tile,
   {"the scale granularity's N must divide tile N",
    "Scale Granularity N must evenly divide the tile shape N.",
    "cutlass/gemm/collective/builders/sm120_blockwise_mma_builder.inl:200"}},
  {Rejection::granularity_k_equals_tile,
   {"the scale granularity's K must equal tile K",
    "Scale Granularity K must be equal to the tile shape K.",
    "cutlass/gemm/collective/builders/sm120_blockwise_mma_builder.inl:201"}},
  {Rejection::sparse_stage_count,
   {"the sparse builder takes no explicit StageCount<N>; only the automatic stage counts compile",
    "sm120_compute_stage_count_or_override_sparse\" matches the argument list",
    "cutlass/gemm/collective/builders/sm120_sparse_mma_builder.inl:221 (no matching overload)"}},
  {Rejection::blockscaled_sparse_stage_count,
   {"the sparse block-scaled builder takes no explicit StageCount<N>; only the automatic stage counts "
    "compile (its override returns one count where the kernel reads a pair)",
    "Index out of range",
    "cute/int_tuple.hpp:56 (sm120_blockscaled_sparse_mma_builder.inl:309)"}},
  {Rejection::sparse_metadata_tile,
   {"a sparse tile's M must be a multiple of 128 and its K of the metadata atom (128, or 256 on the FP4 path)",
    "tile_to_shape: block shape does not divide the target shape.",
    "cute/layout.hpp:1792 (SmemLayoutE in sm120_sparse_mma_tma.hpp:230)"}},
  {Rejection::sparse_metadata_k,
   {"tile K must be a multiple of the metadata atom K extent (256 for NVFP4 and MXFP4, 128 for MXF8F6F4)",
    "TileShape_K must be a multiple of the metadata atom K extent",
    "cutlass/gemm/collective/sm120_blockscaled_sparse_mma_tma.hpp:274"}},
  {Rejection::sparse_half_k_b_layout,
   {"the builder falls back to 1.5 B stages (B at half K), and packed FP4 B's 256-element swizzle "
    "atom does not divide half of this K",
    "tile_to_shape: block shape does not divide the target shape.",
    "cute/layout.hpp:1792 (SmemLayoutB over TileShapeB, sm120_blockscaled_sparse_mma_tma.hpp:206)"}},
  {Rejection::operand_alignment,
   {"the A/B alignment is too small for these operands: 16 bytes, or 64-byte FP4 and 96-byte FP6 rows "
    "where the F8F6F4 path loads them unpacked (a sparse A counts half its elements)",
    "Could not build a collective for given parameters.",
    "cutlass/gemm/collective/builders/sm1xx_common.inl:366-411 (the builders' enable_if); "
    "cutlass/detail/layout.hpp:375 get_input_alignment_bits"}},
  {Rejection::no_sparse_builder,
   {"CUTLASS has no SM120 sparse kernel that is ping-pong, grouped or blockwise-scaled (the sparse builders "
    "take the cooperative sparse schedules only)",
    "Could not build a collective for given parameters.",
    "cutlass/gemm/collective/collective_builder_decl.hpp:94 (sm120_sparse_mma_builder.inl:148-158 enable_if)"}},
  {Rejection::sf_vector_divides_epilogue_tile,
   {"the scale-factor output's vector must divide the epilogue tile's N (M for column-major output): "
    "a larger tile N, or a smaller vector",
    "EpilogueTileN should be divisible by SFVecSize",
    "cutlass/epilogue/fusion/sm120_visitor_store_tma_warpspecialized.hpp:72 (column-major: :531)"}},
  {Rejection::sf_vector_store_ratio,
   {"the epilogue tile's N (M for column-major output) must be 1, 2, 4 or 8 scale-factor vectors "
    "(1, 2 or 4 column-major)",
    "Possible store in interleaved 4B aligned format",
    "cutlass/epilogue/fusion/sm120_visitor_store_tma_warpspecialized.hpp:73-77 (column-major: :532-535)"}},
  {Rejection::sfa_tma_rows_below_128,
   {"block-scaled tile M must be a multiple of 128: the SFA TMA descriptor copies whole 128-row scale "
    "blocks, and fewer rows leave its shared-memory layout smaller than the tile (a build of the kernel's "
    "Params refuses it; sizeof(SharedStorage) compiles)",
    "TMA requires CTA_Tile and SLayout top-level size equivalence.",
    "cute/atom/copy_traits_sm90_tma.hpp:745 (TMA_SFA, "
    "cutlass/gemm/collective/sm120_blockscaled_mma_tma.hpp:309, "
    "grouped sm120_blockscaled_mma_array_tma.hpp:323)", true}},
  {Rejection::sfa_tma_rows_in_blocks,
   {"block-scaled tile M must be a multiple of 128: more than 128 rows in part-blocks do not divide the SFA "
    "TMA descriptor's layout (a build of the kernel's Params refuses it; sizeof(SharedStorage) compiles)",
    "Shape Divisibility Condition",
    "cute/layout.hpp:1101 (TMA_SFA, cutlass/gemm/collective/sm120_blockscaled_mma_tma.hpp:309)", true}},
  {Rejection::sfb_tma_rows,
   {"block-scaled tile N below 128 must divide 128 (CUTLASS 4.5.0 and later pad SFB to 128 rows; before "
    "4.5.0 every N below 128 is refused): the SFB TMA descriptor's shared-memory layout is smaller than its "
    "tile (a build of the kernel's Params refuses it; sizeof(SharedStorage) compiles)",
    "TMA requires CTA_Tile and SLayout top-level size equivalence.",
    "cute/atom/copy_traits_sm90_tma.hpp:745 (TMA_SFB, "
    "cutlass/gemm/collective/sm120_blockscaled_mma_tma.hpp:317, "
    "grouped sm120_blockscaled_mma_array_tma.hpp:331)", true}},
  {Rejection::dense_tile_n_copy_vals,
   {"tile N 8 or 16 is too narrow for the B operand's shared-memory copy atom of these collectives "
    "(16 values a thread); use N >= 32 (device code: a host-only build compiles it)",
    "TiledCopy uses too few vals for selected CopyAtom",
    "cute/atom/copy_atom.hpp:206 (make_tiled_copy_B in cutlass/gemm/collective/sm120_mma_tma.hpp:484, "
    "sm120_mma_array_tma.hpp:482, sm120_mma_tma_blockwise_scaling.hpp:626)", true}},
  {Rejection::dense_tile_n_permutation,
   {"a tile N below 32 other than 8 and 16 does not divide the tiled MMA's N permutation, min(N, 32); use 8 or "
    "16 (sparse kernels) or a multiple of 32 (device code)",
    "Shape Divisibility Condition",
    "cute/layout.hpp:1101 (TiledMma Tile<PermTileM, min(N, 32), 32>, "
    "cutlass/gemm/collective/builders/sm120_mma_builder.inl:91)", true}},
  {Rejection::dense_tile_n_multiple_of_32,
   {"tile N above 32 must be a multiple of 32, the tiled MMA's N permutation (device code: a host-only "
    "build compiles it)",
    "Divisibility Condition",
    "cute/int_tuple.hpp:408 (TiledMma Tile<PermTileM, 32, 32>, "
    "cutlass/gemm/collective/builders/sm120_mma_builder.inl:91)", true}},
  {Rejection::sf_gen_col_pingpong,
   {"scale-factor generation into a column-major D needs the cooperative schedule (two warp groups "
    "store the scale factors together)",
    "SM120 epilogue currently only supports two warp groups collaborating.",
    "cutlass/epilogue/fusion/sm120_visitor_store_tma_warpspecialized.hpp:665 (device code)", true}},
  {Rejection::blockscaled_sparse_tile_n,
   {"the block-scaled sparse collective builds tile N 64 and 128 only: at other N its SFB fragment and "
    "accumulator disagree in N (a static assertion without a message, in device code)",
    "static assertion failed",
    "cutlass/gemm/collective/sm120_blockscaled_sparse_mma_tma.hpp:1101 (size<1>(tCrSFB) == size<2>(accum))", true}},

  // Shared SM90/SM120 kernel: the sm90 GEMM kernels, TMA epilogue, smem selectors and callbacks that SM120 builds.
  {Rejection::epilogue_tile_divides_cta,
   {"the epilogue tile the builder picks must divide the CTA tile",
    "must divide CTA_",
    "cutlass/epilogue/collective/sm90_epilogue_tma_warpspecialized.hpp:129-130"}},
  {Rejection::epilogue_swizzle_atom,
   {"no shared-memory swizzle atom fits the epilogue tile's contiguous extent (N) for this output type: "
    "at least 16 bytes of it",
    "BLK_K0 must be a multiple of size<1>(GMMA::Layout_K_INTER_Atom<ElementType>{})",
    "cutlass/gemm/collective/builders/sm90_common.inl:321 ss_smem_selector"}},
  {Rejection::epilogue_swizzle_atom_mn,
   {"no shared-memory swizzle atom fits the column-major epilogue tile's contiguous extent (M) for this "
    "output type: at least 16 bytes of it",
    "BLK_MN must be a multiple of size<0>(GMMA::Layout_MN_INTER_Atom<ElementType>{})",
    "cutlass/gemm/collective/builders/sm90_common.inl:304 ss_smem_selector"}},
  {Rejection::epilogue_tile_multiple_of_8,
   {"the epilogue tile's M and N must be multiples of 8 (the swizzle atom's rows)",
    "BLK_K0 must be a multiple of 8.",
    "cutlass/gemm/collective/builders/sm90_common.inl:183 ss_smem_selector"}},
  {Rejection::grouped_bias_callbacks,
   {"grouped (pointer-array) kernels have no bias fusion callbacks, nor ping-pong ones for scale factors of a "
    "column-major D",
    "Could not find a callbacks specialization.",
    "cutlass/epilogue/fusion/callbacks.hpp:55"}},
  // SM90's collective asserts it too.
  {Rejection::stages_below_two,
   {"CUTLASS's collective requires at least 2 stages",
    "set to value 2 or more.",
    "cutlass/gemm/collective/sm120_*_mma_*tma*.hpp (e.g. sm120_mma_tma.hpp:152, "
    "sm120_sparse_mma_tma.hpp:167, sm120_blockscaled_mma_tma.hpp:220); SM90: "
    "sm90_mma_tma_gmma_ss_warpspecialized.hpp:137"}},
  {Rejection::stream_k_pingpong,
   {"the ping-pong kernel has no stream-K scheduler; use the cooperative schedule",
    "Ping-pong kernel does not currently support stream-K scheduler.",
    "cutlass/gemm/kernel/sm90_gemm_tma_warpspecialized_pingpong.hpp:105"}},
  {Rejection::stream_k_grouped,
   {"grouped (pointer-array) kernels take only the group scheduler, not stream-K",
    "Ptr-Array Cooperative and Grouped Gemm Cooperative kernel only supports group-compatible schedulers "
    "(TileScheduler_ must derive from GroupScheduler).",
    "cutlass/gemm/kernel/sm90_gemm_array_tma_warpspecialized_cooperative.hpp:130"}},
  {Rejection::stream_k_grouped_pingpong,
   {"grouped (pointer-array) kernels take only the group scheduler, not stream-K",
    "Ptr-Array Pingpong and Grouped Gemm Pingpong kernel only supports group-compatible schedulers "
    "(TileScheduler_ must derive from GroupScheduler).",
    "cutlass/gemm/kernel/sm90_gemm_array_tma_warpspecialized_pingpong.hpp:130"}},
  {Rejection::sm90_warp_specialized_scheduler,
   {"the non-persistent warp-specialized kernel takes only the default (persistent) scheduler tag, not stream-K",
    "TMA warp-specialized kernel does not support specializing the tile scheduler.",
    "cutlass/gemm/kernel/sm90_gemm_tma_warpspecialized.hpp:111"}},
  {Rejection::sm90_tma_scheduler,
   {"the KernelTma kernel takes only the default (persistent) scheduler tag, not stream-K",
    "TMA kernel does not support specializing the tile scheduler.",
    "cutlass/gemm/kernel/sm90_gemm_tma.hpp:104"}},
  {Rejection::sm90_epilogue_tile_shape,
   {"SM90's epilogue builder takes a given epilogue tile of M 128 with the cooperative schedule, M 64 with the "
    "others, and N a multiple of 16",
    "Unsupported tile shape",
    "cutlass/epilogue/collective/builders/sm90_builder.inl:155-162"}},
  {Rejection::sm90_tma_epilogue,
   {"the KernelTma kernel takes the no-smem epilogue only (NoSmemWarpSpecialized, as CUTLASS's example 49 "
    "builds it): the TMA warp-specialized epilogue is not the collective it calls",
    "has no member \"ElementAccumulator\"",
    "cutlass/gemm/kernel/sm90_gemm_tma.hpp:101"}},
  {Rejection::cooperative_tile_m,
   {"the cooperative schedule needs tile M >= 128 (its two consumer warp groups split M); use the ping-pong "
    "schedule for M 64 (asserted in the kernel's device code: a host-only build compiles it)",
    "Cooperative kernel requires Tile Size to be greater than or equal to 128 along the M-dimension.",
    "cutlass/gemm/kernel/sm90_gemm_tma_warpspecialized_cooperative.hpp:374 (grouped "
    "sm90_gemm_array_tma_warpspecialized_cooperative.hpp:443)", true}},
  {Rejection::epilogue_mma_tile_m,
   {"the epilogue tile's M must be a multiple of the MMA tile's M (64 cooperative, 128 for a block-scaled N "
    "below 16, 32 ping-pong)",
    "MMA_TILE_M must divide EPI_TILE_M",
    "cutlass/epilogue/collective/sm90_epilogue_tma_warpspecialized.hpp:671 (device code)", true}},
  {Rejection::epilogue_mma_tile_n_divides_epi,
   {"an epilogue tile larger than the MMA tile must be a whole number of MMA tiles along N",
    "MMA_TILE_N must divide EPI_TILE_N",
    "cutlass/epilogue/collective/sm90_epilogue_tma_warpspecialized.hpp:675 (device code)", true}},
  {Rejection::epilogue_epi_tile_n_divides_mma,
   {"an epilogue tile no larger than the MMA tile must divide it along N",
    "EPI_TILE_N must divide MMA_TILE_N",
    "cutlass/epilogue/collective/sm90_epilogue_tma_warpspecialized.hpp:678 (device code)", true}},

  // SM90: the GMMA builders and the FP8 blockwise-scaling collectives.
  {Rejection::sm90_auto_fusion,
   {"the automatic schedule's epilogue (EpilogueScheduleAuto, the no-smem epilogue) takes no fusion; name "
    "the cooperative or ping-pong schedule",
    "Auto schedule doesn't support fusion.",
    "cutlass/epilogue/collective/builders/sm90_builder.inl:615"}},
  {Rejection::sm90_fast_accum_types,
   {"the FP8FastAccum schedules take FP8 operands only",
    "Only FP8 datatypes are compatible with these kernel schedules",
    "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:550"}},
  {Rejection::sm90_blockwise_fp8_only,
   {"the SM90 blockwise-scaled kernels take FP8 operands (e4m3, e5m2) only",
    "Warp Specialized gemm with FP8 Blockwise (Software) Scaling is only compatible with FP8 inputs",
    "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:1115"}},
  {Rejection::sm90_granularity_m,
   {"the scale granularity's M must divide tile M",
    "FP8 scaling granularity must evenly divide tile shape along M.",
    "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:1151"}},
  {Rejection::sm90_granularity_n,
   {"the scale granularity's N must divide tile N",
    "FP8 scaling granularity must evenly divide tile shape along N.",
    "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:1152"}},
  {Rejection::sm90_blockwise_stage_count,
   {"the SM90 blockwise builder takes only the automatic stage counts, no StageCount<N>",
    "compute_stage_count_with_blockwise_scale",
    "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:1154 (no matching overload)"}},
  {Rejection::sm90_scale_promotion_multiple_of_4,
   {"the scale granularity's K must divide tile K and be a multiple of 128 (4 FP8 MMA steps)",
    "ScalePromotionInterval must be a multiple of 4.",
    "cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp:131"}},
  {Rejection::sm90_scale_promotion_interval,
   {"the scale granularity's K must cover the whole tile K",
    "ScalePromotionInterval must be greater than or equal to the number of stages of the MMA atom.",
    "cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp:132"}},
  {Rejection::sm90_blockwise_splits_m,
   {"tile M must be 128 or 256",
    "fp8_blockwise_scaling.hpp:209",  // static_assert(NumSplitsM{} == 1 || …) has no message
    "cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp:209"}},
  // The same messageless assertion in the grouped collective, at :216 before 4.4.1.
  {Rejection::sm90_grouped_blockwise_splits_m,
   {"tile M must be 128 or 256, or below 128 from CUTLASS 4.4.1 on",
    "sm90_mma_array_tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp",
    "cutlass/gemm/collective/sm90_mma_array_tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp:217"}},
  {Rejection::sm90_blockwise_stages_below_two,
   {"CUTLASS's collective requires at least 2 stages (its message says 1)",
    "Specialization requires Stages set to value 1 or more.",
    "cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp:197"}},

  // SM100: the block-scaled UMMA builders, their epilogue and kernels.
  {Rejection::sm100_auto_tile_m,
   {"with an even cluster M, the automatic schedule needs tile M 128 (1-SM) or 256 (2-SM)",
    "Unsupported M dimension for TileShape_MNK.",
    "cutlass/gemm/collective/builders/sm1xx_common.inl:714"}},
  {Rejection::sm100_auto_dynamic_cluster_m256,
   {"with a cluster chosen at run time the automatic schedule is 1-SM; tile M 256 needs the 2sm schedule",
    "If M=256, auto policy can't create 2sm kernels. Specify a 2SM policy",
    "cutlass/gemm/collective/builders/sm1xx_common.inl:702"}},
  {Rejection::sm100_schedule_cluster,
   {"a 2-SM schedule needs an even cluster M (2x1x1, 4x1x1, …)",
    "schedule + cluster mismatch",
    "cutlass/epilogue/collective/builders/sm100_builder.inl:1174"}},
  {Rejection::sm100_narrow_output_tmem_load,
   {"an FP4 or FP6 output needs 32 rows per epilogue warp: tile M 128 per CTA",
    "sm100_builder.inl:706",  // static_assert(num_dp == 32) has no message: nvcc reports its place
    "cutlass/epilogue/collective/builders/sm100_builder.inl:706 (FP6: :702)"}},
  {Rejection::sm100_tile_m_1sm,
   {"a 1-SM schedule needs tile M 128 (256 is a 2-SM tile: --schedule 2sm with an even cluster M, e.g. --cluster "
    "2x1x1)",
    "Invalid TileShape_M.",
    "cutlass/gemm/collective/builders/sm100_common.inl:828"}},
  {Rejection::sm100_tile_m_2sm,
   {"a 2-SM schedule needs tile M 256 (the MMA tile of both CTAs)",
    "Invalid TileShape_M.",
    "cutlass/gemm/collective/builders/sm100_common.inl:888"}},
  {Rejection::sm100_tile_n,
   {"tile N must be 64, 128, 192 or 256",
    "Invalid TileShape_N.",
    "cutlass/gemm/collective/builders/sm100_common.inl:832 (2-SM: :892)"}},
  {Rejection::sm100_scale_types_differ,
   {"A and B must use the same scale-factor type and vector size",
    "Scale factor types for A and B should be the same.",
    "cutlass/gemm/collective/builders/sm1xx_common.inl:527"}},
  {Rejection::sm100_no_stage,
   {"not even one stage of A, B and their scale factors fits beside the epilogue",
    "Smem usage is too high. Can't create any SMEM buffers for A, B, SFA, and SFB.",
    "cutlass/gemm/collective/builders/sm100_blockscaled_umma_builder.inl:265"}},
  {Rejection::sm100_smem_exceeds_capacity,
   {"the kernel's SharedStorage is over 232,448 B, which the SM100 kernel asserts in device code (a host-only "
    "build compiles it)",
    "SMEM usage exceeded capacity.",
    "cutlass/gemm/kernel/sm100_gemm_tma_warpspecialized.hpp:410"}},
  {Rejection::sm100_grouped_smem_exceeds_capacity,
   {"the kernel's SharedStorage is over 232,448 B, which the SM100 grouped kernel asserts in device code (a "
    "host-only build compiles it)",
    "SMEM usage exceeded capacity.",
    "cutlass/gemm/kernel/sm100_gemm_array_tma_warpspecialized.hpp:553"}},
  {Rejection::sm100_sf_col_epilogue_tile_n,
   {"scale-factor generation into a column-major D needs an epilogue tile whose N is a power of 2 (the "
    "store tiles SFD by it; device code)",
    "Epilogue Tile N should be pow of 2",
    "cutlass/epilogue/fusion/sm100_visitor_store_tma_warpspecialized.hpp:632", true}},
  {Rejection::sm100_tmem_datapaths,
   {"each epilogue warp reads 16 or 32 rows of tensor memory: CTA tile M 64 or 128 (1-SM), 64 or 128 per CTA (2-SM)",
    "Unsupported tmem datapath count",
    "cutlass/epilogue/collective/builders/sm100_builder.inl:604"}},
  {Rejection::sm100_2sm_16bit_cta_n,
   {"a 2-SM TMA epilogue with the automatic tile and 16-bit C or D needs CTA N of at most 128 or a multiple of 64 "
    "(CUTLASS 4.5.2 and later)",
    "SM100 2SM TMA epilogue: 16-bit element types (f16/bf16) with CtaN > 128 require",
    "cutlass/epilogue/collective/builders/sm100_builder.inl:1220"}},

  // SM100: the UMMA builder without block scales (OpClassTensorOp) and its collective.
  {Rejection::sm100_dense_types,
   {"A and B must be the same 16-bit, 32-bit or 8-bit integer type, or both FP4/FP6/FP8 (any mix of those)",
    "Unsupported data type for ElementA",
    "cutlass/gemm/collective/builders/sm100_umma_builder.inl:146"}},
  {Rejection::sm100_dense_mix8bit,
   {"an FP4 or FP6 operand, loaded unpacked by the F8F6F4 MMA, needs tile K a multiple of 128 when K-major; when "
    "MN-major, A needs M per SM and B tile N a multiple of 128 (256 on a 2-SM MMA)",
    "TileSize and MNK Major does not met with MMA Mix 8-bit TMA load requirement",
    "cutlass/gemm/collective/builders/sm100_umma_builder.inl:214 (rule: sm1xx_common.inl:203)"}},
  {Rejection::sm100_dense_tile_m_1sm,
   {"a 1-SM MMA takes tile M 64 or 128 (256 is a 2-SM tile: --schedule 2sm with an even cluster M, e.g. --cluster "
    "2x1x1)",
    "Invalid TileShape_M.",
    "cutlass/gemm/collective/builders/sm100_common.inl:309"}},
  {Rejection::sm100_dense_tile_m_2sm,
   {"a 2-SM MMA takes tile M 128 or 256 (both CTAs)", "Invalid TileShape_M.",
    "cutlass/gemm/collective/builders/sm100_common.inl:375"}},
  {Rejection::sm100_dense_tile_n,
   {"tile N must be a multiple of 8 up to 256", "Invalid TileShape_N.",
    "cutlass/gemm/collective/builders/sm100_common.inl:313 (2-SM: :379)"}},
  {Rejection::sm100_f16_mma_n_2sm,
   {"the 2-SM f16/bf16 MMA takes tile N a multiple of 16 up to 256",
    "SM100_MMA_F16BF16_2x1SM_SS N-mode size should be a multiple of 16 between 16 and 256.",
    "cute/arch/mma_sm100_umma.hpp:555"}},
  {Rejection::sm100_s8_mma_n_1sm,
   {"the 1-SM s8 MMA takes tile N 8 or a multiple of 16 up to 256",
    "SM100_MMA_S8_SS N-mode size should be 8 or a multiple of 16 between 16 and 256.",
    "cute/arch/mma_sm100_umma.hpp:972"}},
  {Rejection::sm100_s8_mma_n_2sm,
   {"the 2-SM s8 MMA takes tile N a multiple of 32 up to 256",
    "SM100_MMA_S8_2x1SM_SS N-mode size should be a multiple of 32 between 32 and 256.",
    "cute/arch/mma_sm100_umma.hpp:1093"}},
  {Rejection::sm100_f8f6f4_mma_n_1sm,
   {"the 1-SM F8F6F4 MMA takes tile N a multiple of 8 up to 256 (16 when B is N-major)",
    "SM100_MMA_F8F6F4_SS N-mode size should be a multiple of 8 between 8 and 256 when B is K major.",
    "cute/atom/mma_traits_sm100.hpp:2474"}},
  {Rejection::sm100_f8f6f4_mma_n_2sm,
   {"the 2-SM F8F6F4 MMA takes tile N a multiple of 16 up to 256 (32 when B is N-major)",
    "SM100_MMA_F8F6F4_2x1SM_SS N-mode size should be a multiple of 16 between 16 and 256 when B is K major.",
    "cute/atom/mma_traits_sm100.hpp:2891"}},
  {Rejection::sm100_mn_major_atom,
   {"an MN-major operand needs the M (A) or N (B) it keeps per SM to be whole 16-byte units (the narrowest MN-major "
    "swizzle atom)",
    "BLK_MN0 must be a multiple of size<0>(UMMA::Layout_MN_INTER_Atom<ElementType>{})",
    "cutlass/gemm/collective/builders/sm100_common.inl:111 (sm100_smem_selector)"}},
  {Rejection::sm100_dense_no_stage,
   {"not even one stage of A and B fits beside the epilogue",
    "Smem usage is too high. Can't create any SMEM buffers for A, and B.",
    "cutlass/gemm/collective/builders/sm100_umma_builder.inl:300"}},
  {Rejection::sm100_dense_stages_below_two,
   {"CUTLASS's SM100 collective requires at least 2 stages (its message says 1)",
    "Specialization requires Stages set to value 1 or more.",
    "cutlass/gemm/collective/sm100_mma_warpspecialized.hpp:191"}},
  {Rejection::sm100_blockwise_granularity_exceeds_cta,
   {"the scale granularity must fit the CTA's tile (on a 2-SM MMA, M up to half tile M; `auto`, the MMA tile, does "
    "not)",
    "Scale Granularity must be smaller than or equal to the tile shape",
    "cutlass/gemm/collective/builders/sm100_blockwise_umma_builder.inl:388"}},
  {Rejection::sm100_blockwise_no_stage,
   {"A, B and their scales of one stage do not fit beside the epilogue",
    "Smem usage is too high. Can't create any SMEM buffers for A, B, and scales.",
    "cutlass/gemm/collective/builders/sm100_blockwise_umma_builder.inl:411"}},
  {Rejection::sm100_blockwise_granularity_m,
   {"the scale granularity's M must divide tile M", "Scale Granularity M must divide Tile Shape",
    "cutlass/gemm/collective/sm100_mma_warpspecialized_blockwise_scaling.hpp:132"}},
  {Rejection::sm100_blockwise_granularity_n,
   {"the scale granularity's N must divide tile N", "Scale Granularity N must divide Tile Shape",
    "cutlass/gemm/collective/sm100_mma_warpspecialized_blockwise_scaling.hpp:136"}},
  {Rejection::sm100_blockwise_granularity_k,
   {"the scale granularity's K must divide tile K", "Scale Granularity K must divide Tile Shape",
    "cutlass/gemm/collective/sm100_mma_warpspecialized_blockwise_scaling.hpp:142"}},
  {Rejection::sm100_blockwise_granularity_k_mma,
   {"the scale granularity's K must be a multiple of 32 (the FP8 MMA's K)",
    "Scale Granularity K must be divisible by MMA_K",
    "cutlass/gemm/collective/sm100_mma_warpspecialized_blockwise_scaling.hpp:143"}},
  {Rejection::sm100_blockwise_stages_below_two,
   {"CUTLASS's SM100 blockwise collective requires at least 2 stages (its message says 1)",
    "Specialization requires Stages set to value 1 or more.",
    "cutlass/gemm/collective/sm100_mma_warpspecialized_blockwise_scaling.hpp:247"}},
  {Rejection::sm100_blockwise_smem_exceeds_capacity,
   {"the kernel's SharedStorage is over 232,448 B, which the SM100 blockwise kernel asserts in device code (a "
    "host-only build compiles it)",
    "SMEM usage exceeded capacity.", "cutlass/gemm/kernel/sm100_gemm_tma_warpspecialized_mma_transform.hpp:404"}},
  {Rejection::sm100_blockwise_grouped_smem_exceeds_capacity,
   {"the kernel's SharedStorage is over 232,448 B, which the SM100 grouped blockwise kernel asserts in device code "
    "(a host-only build compiles it)",
    "SMEM usage exceeded capacity.",
    "cutlass/gemm/kernel/sm100_gemm_array_tma_warpspecialized_mma_transform.hpp:495"}},

  // SM103: the block-scaled ultra builder and collective.
  {Rejection::sm103_stage_count,
   {"the SM103 builder takes only the automatic stage counts (its StageCount<N> overload returns one count "
    "where the kernel reads two)",
    "Index out of range",
    "cute/int_tuple.hpp:56 (sm103_blockscaled_umma_builder.inl:54-56)"}},
  {Rejection::sm103_tile_k,
   {"the SM103 ultra kernels take tile K 768",
    "TileShape_K should 768 for MMA kernels",
    "cutlass/gemm/collective/builders/sm103_blockscaled_umma_builder.inl:368"}},
  {Rejection::sm103_tile_n,
   {"tile N must be 128, 192 or 256",
    "Cta N should be one of 128/192/256",
    "cutlass/gemm/collective/sm103_blockscaled_mma_warpspecialized.hpp:140"}},
  {Rejection::sm103_tma_cta_tile,
   {"a 2-SM schedule needs tile M 256",
    "TMA requires CTA_Tile and SLayout top-level size equivalence.",
    "cute/atom/copy_traits_sm90_tma.hpp:745"}},
  {Rejection::sm103_auto_nvfp4,
   {"the automatic schedule picks the 32-element scale vector; NVFP4 needs the …UltraVs16Sm103 schedules "
    "(--schedule 1sm or 2sm)",
    "Vector size can only be 4x mode (VS=16) or 2x mode (VS=32) for MMA.",
    "cute/arch/mma_sm100_umma.hpp:1910"}},
}};
// clang-format on

// A Rejection without a row (the rows left out repeat Rejection::none), or with two, stops the build here.
static_assert(
    [] {
      for (std::size_t i = 0; i < rejections.size(); ++i) {
        int rows = 0;
        for (const RejectionRow& row : rejections) rows += row.rejection == static_cast<Rejection>(i);
        if (rows != 1) return false;
      }
      return true;
    }(),
    "rejections needs exactly one row for each Rejection");

constexpr RejectionInfo describe(Rejection r) {
  for (const RejectionRow& row : rejections)
    if (row.rejection == r) return row.info;
  return {"", "", ""};  // Rejection::count_, or a value outside the enumeration
}

// The SM100 kernels' device-side assertion of their SharedStorage against CUTLASS's capacity: a
// configuration refused by it keeps its bytes, and a smaller stage count may fit.
constexpr bool is_sm100_capacity_refusal(Rejection r) {
  return r == Rejection::sm100_smem_exceeds_capacity || r == Rejection::sm100_grouped_smem_exceeds_capacity ||
         r == Rejection::sm100_blockwise_smem_exceeds_capacity ||
         r == Rejection::sm100_blockwise_grouped_smem_exceeds_capacity;
}

}  // namespace smem_budget
