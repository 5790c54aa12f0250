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
  sm90_nosmem_fusion,
  sm90_fast_accum_types,
  sm90_tma_alignment,
  sm90_cp_async_alignment,
  sm90_transpose_b_k,
  sm90_transpose_b_warp_shape,
  sm90_transpose_b_copy,
  sm90_grouped_rmem_a,
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
  sm90_sparse_no_builder,
  sm90_sparse_fast_accum_types,
  sm90_sparse_rmem_a,
  sm90_sparse_fp8_k_major,
  sm90_sparse_tile_k,
  sm90_sparse_metadata_k,
  sm90_mixed_input_transpose_b,
  sm90_mixed_input_wide_mn_major,
  sm90_mixed_input_narrow_k_major,
  sm90_mixed_input_scale_bytes,
  sm90_mixed_input_stages_below_two,
  sm90_mixed_input_k_blocks,
  sm90_mixed_input_wide_atom,
  sm90_mixed_input_wide_mn_major_gmma_mn,
  sm90_mixed_input_wide_mn_major_gmma_k,
  trtllm_mixed_input_scale_groups,
  trtllm_mixed_input_fold_k,
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
  blockscaled_sparse_sf_tma_k,
  blockscaled_sparse_sf_tma_k_blocks,
  cooperative_tile_m,
  dense_tile_n_copy_vals,
  dense_tile_n_permutation,
  dense_tile_n_multiple_of_32,
  epilogue_mma_tile_m,
  epilogue_mma_tile_n_divides_epi,
  epilogue_epi_tile_n_divides_mma,
  sf_gen_col_pingpong,
  sf_gen_row_store_16bit_output,
  fp4_col_output_shuffle,
  blockscaled_sparse_tile_n,
  sm100_sf_col_epilogue_tile_n,
  sm100_fp4_col_output,
  sm100_tmem_datapaths,
  sm100_2sm_8bit_epilogue_tile,
  sm100_2sm_16bit_cta_n,
  sm100_dense_types,
  sm100_dense_mix8bit,
  sm100_blockscaled_mix8bit,
  sm100_epilogue_cta_too_small,
  sm100_dense_tile_m_1sm,
  sm100_dense_tile_m_2sm,
  sm100_dense_tile_n,
  sm100_f16_mma_n_2sm,
  sm100_s8_mma_n_1sm,
  sm100_s8_mma_n_2sm,
  sm100_f8f6f4_mma_n_1sm,
  sm100_f8f6f4_mma_n_2sm,
  sm100_mn_major_atom,
  sm100_mn_major_tf32_atom,
  sm100_auto_epilogue_tile,
  sm100_nosmem_epilogue_tiles,
  sm100_dense_no_stage,
  sm100_dense_stages_below_two,
  sm100_cp_async_access,
  sm100_cp_async_2sm,
  sm100_cp_async_cluster,
  sm100_cp_async_grouped,
  sm100_cp_async_smem_exceeds_capacity,
  sm100_moe_b_access,
  sm100_moe_no_stage,
  sm100_moe_stages_below_two,
  sm100_moe_smem_exceeds_capacity,
  sm100_blockwise_granularity_exceeds_cta,
  sm100_blockwise_no_stage,
  sm100_blockwise_granularity_m,
  sm100_blockwise_granularity_n,
  sm100_blockwise_granularity_k,
  sm100_blockwise_granularity_k_mma,
  sm100_blockwise_nosmem_fusion,
  sm100_blockwise_stages_below_two,
  sm100_blockwise_smem_exceeds_capacity,
  sm100_blockwise_grouped_smem_exceeds_capacity,
  sm100_sparse_tile_m_1sm,
  sm100_sparse_tile_m_2sm,
  sm100_sparse_types_differ,
  sm100_sparse_mma_shape,
  sm100_bssp_cta_n,
  sm100_bssp_sf_atom_k,
  sm100_sparse_smem_exceeds_capacity,
  sm100_epilogue_unsupported_types,
  sm100_complex_tile_m_1sm,
  sm100_complex_tile_m_2sm,
  sm100_complex_tile_n,
  sm100_complex_mma_n_1sm,
  sm100_complex_mma_n_2sm,
  sm100_complex_stages_below_two,
  sm100_fastf32_mma_m_1sm,
  sm100_fastf32_mma_n_1sm,
  sm100_fastf32_mma_m_2sm,
  sm100_fastf32_mma_n_2sm,
  sm100_fastf32_cta_n,
  sm100_fastf32_capacity,
  sm100_input_transform_smem_exceeds_capacity,
  sm80_warp_divides_tile,
  sm80_instruction_divides_warp,
  sm80_ldsm_matrices,
  sm80_ldsm_tile,
  sm80_ldsm_congruous_tile,
  sm80_warp_k_iterations,
  sm80_warp_k_iterations_even,
  sm80_crosswise_line,
  sm80_crosswise_delta,
  sm80_too_many_predicates,
  sm80_interleaved_transpose,
  sm80_mixed_s4_fragment,
  sm80_cp_async_size,
  sm80_thread_map_vector,
  sm80_thread_map_arrangement,
  sm80_thread_map_iterations,
  sm80_epilogue_access_width,
  sm80_epilogue_columns,
  sm80_epilogue_rows,
  sm80_epilogue_row_accesses,
  sm80_epilogue_narrow_access,
  sm80_two_warps,
  sm80_iterator_two_warps,
  sm80_crosswise128_iterations,
  sm80_warp_iterator_divisibility,
  sm80_narrow_mn_major,
  sm80_stripmined_vector,
  sm80_stripmined_threads,
  sm80_simt_warp_threads,
  sm80_simt_padding_lanes,
  sm80_simt_transpose_strided,
  sm80_simt_thread_lanes,
  sm80_simt_scalar_epilogue,
  sm80_planar_complex_sliced_k,
  sm80_dequant_tile_k,
  sm80_dequant_warp_k_load,
  sm80_dequant_warp_k_iterations,
  sm80_dequant_fp8_two_stages,
  sm80_fused_moe_one_stage,
  sm75_stage_count,
  sm75_trtllm_moe,
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
  {Rejection::blockscaled_sparse_sf_tma_k,
   {"a block-scaled sparse tile K must be a multiple of four scale-factor vectors (256 for MX types, whose sparse "
    "vector is 64; 128 for NVFP4's 32): a shorter K leaves the SFA and SFB TMA descriptors' shared-memory "
    "layouts without scale factors along K (a build of the kernel's Params refuses it; sizeof(SharedStorage) "
    "compiles)",
    "TMA requires CTA_Tile and SLayout top-level size equivalence.",
    "cute/atom/copy_traits_sm90_tma.hpp:745 (TMA_SFA, "
    "cutlass/gemm/collective/sm120_blockscaled_sparse_mma_tma.hpp:351; the K mode of the scale-factor layout, "
    "builders/sm120_blockscaled_sparse_mma_builder.inl:288)", true}},
  {Rejection::blockscaled_sparse_sf_tma_k_blocks,
   {"a block-scaled sparse tile K must be a multiple of four scale-factor vectors (256 for MX types, 128 for "
    "NVFP4): the SFA TMA descriptor's tile does not divide its scale-factor blocks (a build of the kernel's "
    "Params refuses it; sizeof(SharedStorage) compiles)",
    "Shape Divisibility Condition",
    "cute/layout.hpp:1101 (TMA_SFA, cutlass/gemm/collective/sm120_blockscaled_sparse_mma_tma.hpp:351)", true}},
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
  {Rejection::sf_gen_row_store_16bit_output,
   {"scale-factor generation into a row-major D takes FP4/FP6/FP8 or f32 D, not a 16-bit one (the row store's "
    "reduction does not take a 16-bit D's register fragment apart); a column-major D takes it",
    "Index out of range",
    "cute/int_tuple.hpp:56, from Sm120BlockScaleFactorRowStore's reduce(), "
    "cutlass/epilogue/fusion/sm120_visitor_store_tma_warpspecialized.hpp:323 (device code)", true}},
  {Rejection::fp4_col_output_shuffle,
   {"an FP4 D stored column-major needs scale-factor generation (--fusion sf-gen): with any other fusion the "
    "epilogue shuffles the FP4 values themselves between threads, which its 32-bit shuffle cannot (device code: "
    "a host-only build compiles it)",
    "Copy_Traits: src failed to vectorize into registers. Layout is incompatible with this CopyOp.",
    "cute/atom/copy_traits.hpp:128 (the register transform SM50_Shuffle_U32_2x2Trans_XOR4, "
    "cutlass/epilogue/collective/builders/sm120_builder.inl:242; "
    "cutlass/epilogue/collective/sm90_epilogue_tma_warpspecialized.hpp:887)", true}},
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
   {"grouped (pointer-array) kernels have no fusion callbacks for a bias row or amax-aux, nor for scale factors in "
    "a column-major layout (on SM120, ping-pong ones only)",
    "Could not find a callbacks specialization.",
    "cutlass/epilogue/fusion/callbacks.hpp:55"}},
  // SM90's collective asserts it too.
  {Rejection::stages_below_two,
   {"CUTLASS's collective requires at least 2 stages",
    "set to value 2 or more.",
    "cutlass/gemm/collective/sm120_*_mma_*tma*.hpp (e.g. sm120_mma_tma.hpp:152, "
    "sm120_sparse_mma_tma.hpp:167, sm120_blockscaled_mma_tma.hpp:220); SM90: "
    "sm90_mma_tma_gmma_ss_warpspecialized.hpp:137, sm90_sparse_mma_tma_gmma_ss_warpspecialized.hpp:176"}},
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
  // SM90's mixed-input builder and collective (A and B of different widths).
  {Rejection::sm90_mixed_input_transpose_b,
   {"a mixed-input kernel takes no MN-major A and B together (the warp-specialized transpose of B): give a K-major "
    "narrow operand",
    "Mixed input GEMM does not support WS transpose B.",
    "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:416"}},
  {Rejection::sm90_mixed_input_wide_mn_major,
   {"a mixed-input kernel's wide operand is K-major unless it is 16 bits wide",
    "Mixed input GEMM does not support MN major layout except for 16bit",
    "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:432"}},
  {Rejection::sm90_mixed_input_narrow_k_major,
   {"a mixed-input kernel's narrow operand (the one it converts) must be K-major",
    "The transformed type must be K-major.",
    "cutlass/gemm/collective/sm90_mma_tma_gmma_rs_warpspecialized_mixed_input.hpp:147-149 (pointer-array: "
    "sm90_mma_array_tma_gmma_rs_warpspecialized_mixed_input.hpp:141-143)"}},
  {Rejection::sm90_mixed_input_scale_bytes,
   {"one stage's scales (tile M of them) must be a multiple of 128 bytes: tile M a multiple of 64 for 16-bit scales "
    "(16 for the 8-byte scale arrays of s4 with FP8)",
    "Scale bytes must be a multiple of 128",
    "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:148"}},
  {Rejection::sm90_mixed_input_stages_below_two,
   {"CUTLASS's mixed-input collective requires at least 2 stages",
    "Specialization requires Stages set to value 2 or more.",
    "cutlass/gemm/collective/sm90_mma_tma_gmma_rs_warpspecialized_mixed_input.hpp:243 (pointer-array: "
    "sm90_mma_array_tma_gmma_rs_warpspecialized_mixed_input.hpp:228)"}},
  {Rejection::sm90_mixed_input_k_blocks,
   {"a mixed-input tile's K must hold at least 4 of the MMA's K blocks (128 bytes of the wide operand: K 64 for "
    "f16 or bf16, 128 for FP8) (asserted in the mainloop's device code: a host-only build compiles it)",
    "Consider increasing TileShapeK",
    "cutlass/gemm/collective/sm90_mma_tma_gmma_rs_warpspecialized_mixed_input.hpp:855 (pointer-array: "
    "sm90_mma_array_tma_gmma_rs_warpspecialized_mixed_input.hpp:949)"}},
  {Rejection::sm90_mixed_input_wide_atom,
   {"a column-major wide A beside a narrow B keeps the 64-element swizzle atom picked for tile M, which the "
    "collective tiles over N once it swaps A and B: tile N must be a multiple of 64",
    "SmemLayoutAtom must evenly divide tile shape.",
    "cutlass/gemm/collective/sm90_mma_tma_gmma_rs_warpspecialized_mixed_input.hpp:225 (pointer-array: "
    "sm90_mma_array_tma_gmma_rs_warpspecialized_mixed_input.hpp:211)"}},
  {Rejection::sm90_mixed_input_wide_mn_major_gmma_mn,
   {"an MN-major wide operand does not build: the mixed-input builder makes the MMA K-major for both operands "
    "(sm90_gmma_builder.inl:441-442), and the wide operand's GMMA descriptor refuses an MN-major layout (here first "
    "its N, not a multiple of 64); give a K-major wide operand (asserted in the mainloop's device code: a host-only "
    "build compiles it)",
    "Not a canonical GMMA_K Layout: Expected MN-size multiple of 8.",
    "cute/atom/mma_traits_sm90_gmma.hpp:269-270"}},
  {Rejection::sm90_mixed_input_wide_mn_major_gmma_k,
   {"an MN-major wide operand does not build: the mixed-input builder makes the MMA K-major for both operands "
    "(sm90_gmma_builder.inl:441-442), and the wide operand's GMMA descriptor refuses an MN-major layout; give a "
    "K-major wide operand (asserted in the mainloop's device code: a host-only build compiles it)",
    "Not a canonical GMMA_K Layout: Expected K-size 2 for dense or 4 for sparse (in units of uint128_t).",
    "cute/atom/mma_traits_sm90_gmma.hpp:271-272"}},
  // TensorRT-LLM's SM90 mixed-input MoE builder and collective (its cutlass_extensions at FlashInfer fb28d72).
  {Rejection::trtllm_mixed_input_scale_groups,
   {"TensorRT-LLM's mixed-input MoE GEMM keeps whole scale groups per stage: tile K a multiple of the weight's "
    "group (128 for int4, 32 for e2m1)",
    "Folded weight-scale storage requires TileK to cover complete scale groups.",
    "TensorRT-LLM cutlass_extensions/gemm/collective/builders/sm90_gmma_builder_mixed_input.inl:63"}},
  {Rejection::trtllm_mixed_input_fold_k,
   {"TensorRT-LLM's mixed-input MoE GEMM folds its weight's scales in blocks of 128 of K: tile K a multiple of 128",
    "Folded weight scale requires TileShapeK to be a multiple of 128.",
    "TensorRT-LLM cutlass_extensions/gemm/collective/sm90_mma_array_tma_gmma_rs_warpspecialized_mixed_input_.hpp:235"}},
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
  {Rejection::sm90_nosmem_fusion,
   {"the no-smem epilogue (NoSmemWarpSpecialized, PtrArrayNoSmemWarpSpecialized) takes no fusion: its builder "
    "matches LinearCombination only; use the TMA epilogue (--epilogue default) or no fusion",
    "Could not build a collective epilogue for given parameters.",
    "cutlass/epilogue/collective/collective_builder.hpp:71 (no sm90_builder.inl:466-484 match)"}},
  {Rejection::sm90_tma_alignment,
   {"a TMA mainloop needs A and B aligned to 16 bytes (--alignment); KernelScheduleAuto builds the cp.async kernel "
    "for smaller alignments",
    "Should meet TMA alignment requirement",
    "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:238 (rmem-A: :406)"}},
  {Rejection::sm90_cp_async_alignment,
   {"a cp.async mainloop needs A and B aligned to 4 bytes (--alignment)",
    "Minimum alignment required for cp.async is 4B.",
    "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:804 (rmem-A: :907)"}},
  {Rejection::sm90_transpose_b_k,
   {"MN-major A and B of tf32 transpose B in shared memory: tile K must span 128 bytes (32 tf32 elements)",
    "SmemLayoutB K must be 128bytes to be transposed.",
    "cutlass/gemm/collective/sm90_mma_tma_gmma_rs_warpspecialized.hpp:196 (cp.async: "
    "sm90_mma_multistage_gmma_rs_warpspecialized.hpp:183)"}},
  {Rejection::sm90_transpose_b_warp_shape,
   {"MN-major A and B of tf32 transpose B in shared memory by warp tiles of K / 4: tile K must be at least 32",
    "Invalid warp thread shape.",
    "cutlass/transform/collective/sm90_wgmma_transpose.hpp:292 (AsyncTranspositionOperandB)"}},
  {Rejection::sm90_transpose_b_copy,
   {"MN-major A and B of tf32 transpose B in shared memory in K-wide tiles: tile N must be a multiple of tile K",
    "Copy size must evenly divide SMEM tile.",
    "cutlass/transform/collective/sm90_wgmma_transpose.hpp:302 (AsyncTranspositionOperandB)"}},
  {Rejection::sm90_grouped_rmem_a,
   {"grouped and batched (pointer-array) kernels have no register-sourced mainloop for operands of one width: "
    "tf32 A and B must both be K-major (--a-layout row --b-layout col)",
    "Only mixed input grouped RS GEMM is supported.",
    "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:366"}},
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

  // SM90: the sparse GMMA builders, the sparse GMMA selector and the sparse collectives.
  {Rejection::sm90_sparse_no_builder,
   {"CUTLASS has no SM90 sparse kernel that is KernelTma (unspecialized), pointer-array (grouped or batched) or "
    "blockwise-scaled: the sparse builders take the warp-specialized, cooperative and ping-pong schedules only",
    "Could not build a collective for given parameters.",
    "cutlass/gemm/collective/collective_builder_decl.hpp:94 (sm90_sparse_gmma_builder.inl:112-116, 217-220 "
    "enable_if)"}},
  {Rejection::sm90_sparse_fast_accum_types,
   {"the sparse FP8FastAccum schedules take FP8 operands only",
    "Only FP8 datatypes are compatible with these kernel schedules",
    "cutlass/gemm/collective/builders/sm90_sparse_gmma_builder.inl:226"}},
  {Rejection::sm90_sparse_rmem_a,
   {"a sparse kernel with FP8, 8-bit integer or tf32 operands needs K-major A and B (tn): an MN-major one "
    "selects the register-sourced sparse mainloop, which CUTLASS does not implement",
    "Mainloop with sparse A sourced from RF is not implemented.",
    "cutlass/gemm/collective/builders/sm90_sparse_gmma_builder.inl:320"}},
  {Rejection::sm90_sparse_fp8_k_major,
   {"the sparse FP8 GMMA takes K-major A and B only (tn)",
    "MajorA must be GMMA::Major::K for this config.",
    "cute/arch/mma_sm90.hpp:2774 (ss_op_selector_sparse)"}},
  {Rejection::sm90_sparse_tile_k,
   {"a sparse tile's K must be a multiple of the sparse GMMA's K: 32 for f16 and bf16, 64 for FP8 and 8-bit "
    "integers, 16 for tf32",
    "Tile_K must be a multiple of",
    "cute/arch/mma_sm90.hpp:2621 (ss_op_selector_sparse; FP8: :2776, tf32: :3710)"}},
  {Rejection::sm90_sparse_metadata_k,
   {"a sparse tile's K above 128 must be a multiple of 128 (the metadata atom is 64 x min(K, 128))",
    "tile_to_shape: block shape does not divide the target shape.",
    "cute/layout.hpp:1792 (SmemLayoutE in sm90_sparse_mma_tma_gmma_ss_warpspecialized.hpp:168-170)"}},

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
  {Rejection::sm100_fp4_col_output,
   {"an FP4 D stored column-major through the TMA epilogue needs scale-factor generation (--fusion sf-gen): with "
    "any other fusion the epilogue's register fragment of D is a single 4-bit element, which the fusion's result "
    "cannot be assigned to (device code: a host-only build compiles it); use sf-gen, a row-major D or the no-smem "
    "epilogue",
    "no operator \"=\" matches these operands",
    "cutlass/epilogue/collective/sm100_epilogue_tma_warpspecialized.hpp:895", true}},
  {Rejection::sm100_tmem_datapaths,
   {"each epilogue warp reads 16 or 32 rows of tensor memory: CTA tile M 64 or 128 (1-SM), 64 or 128 per CTA (2-SM)",
    "Unsupported tmem datapath count",
    "cutlass/epilogue/collective/builders/sm100_builder.inl:604"}},
  {Rejection::sm100_2sm_16bit_cta_n,
   {"a 2-SM TMA epilogue with the automatic tile and 16-bit C or D needs CTA N of at most 128 or a multiple of 64 "
    "(CUTLASS 4.5.2 and later)",
    "SM100 2SM TMA epilogue: 16-bit element types (f16/bf16) with CtaN > 128 require",
    "cutlass/epilogue/collective/builders/sm100_builder.inl:1220"}},

  {Rejection::sm100_2sm_8bit_epilogue_tile,
   {"a 2-SM kernel of tile M 128 with 8-bit C and D (or an 8-bit aux output) and the automatic epilogue tile needs "
    "an epilogue tile narrower than a CTA N above 64: a tile of the whole CTA N its two warps along N cannot partition "
    "(device code: a host-only build compiles it); use --epilogue-tile, a 16-bit C, or tile M 256",
    "Stride Divisibility Condition",
    "cute/layout.hpp:1077 (the store's shared-memory partition, "
    "cutlass/epilogue/collective/sm100_epilogue_tma_warpspecialized.hpp; the tile, "
    "cutlass/epilogue/collective/builders/sm100_builder.inl:1013-1041)", true}},

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
  {Rejection::sm100_blockscaled_mix8bit,
   {"an N-major FP4 or FP6 B, loaded unpacked by the MXF8F6F4 MMA, needs tile N a multiple of 128 (256 on a 2-SM MMA)",
    "TileSize and MNK Major does not met with MMA Mix 8-bit TMA load requirement",
    "cutlass/gemm/collective/builders/sm100_blockscaled_umma_builder.inl:165 (rule: sm1xx_common.inl:203)"}},
  {Rejection::sm100_epilogue_cta_too_small,
   {"the automatic epilogue tile needs CTA N of at least the narrowest TMA store of C and D: 16 bytes of a "
    "row-major one, 128 elements of FP6, 8 columns of a column-major one, per warp column",
    "CTA tile too small",
    "cutlass/epilogue/collective/builders/sm100_builder.inl:1046"}},
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
  {Rejection::sm100_mn_major_tf32_atom,
   {"an MN-major f32 (tf32) operand needs the M (A) or N (B) it keeps per SM to be a multiple of 32 (SW128_32B, its "
    "only MN-major swizzle atom)",
    "for mn-major tf32 operands, SW128_32B is the only available smem layout",
    "cutlass/gemm/collective/builders/sm100_common.inl:92 (sm100_smem_selector)"}},
  {Rejection::sm100_auto_epilogue_tile,
   {"the automatic schedule's epilogue (EpilogueScheduleAuto) picks its own epilogue tile: leave the epilogue tile "
    "automatic or name the schedule (1sm or 2sm)",
    "Don't specify epilogue tile with auto schedule",
    "cutlass/epilogue/collective/builders/sm100_builder.inl:1718"}},
  {Rejection::sm100_nosmem_epilogue_tiles,
   {"the no-smem epilogue's automatic tile is 64 columns wide: a CTA N above 64 must be a multiple of 64 (or give "
    "--epilogue-tile)",
    "Divisibility Condition",
    "cute/int_tuple.hpp:408 (the no-smem epilogue builder's tile count, "
    "cutlass/epilogue/collective/builders/sm100_builder.inl:1527-1532, 1548)"}},
  {Rejection::sm100_dense_no_stage,
   {"not even one stage of A and B fits beside the epilogue",
    "Smem usage is too high. Can't create any SMEM buffers for A, and B.",
    "cutlass/gemm/collective/builders/sm100_umma_builder.inl:300"}},
  {Rejection::sm100_dense_stages_below_two,
   {"CUTLASS's SM100 collective requires at least 2 stages (its message says 1)",
    "Specialization requires Stages set to value 1 or more.",
    "cutlass/gemm/collective/sm100_mma_warpspecialized.hpp:191"}},
  {Rejection::sm100_cp_async_access,
   {"the cp.async mainloop loads A and B in accesses of 4, 8 or 16 bytes: the alignment (--alignment) times the "
    "element's size",
    "cp.async sizeof(TS) is not supported",
    "cute/arch/copy_sm80.hpp:107 (SM80_CP_ASYNC_CACHEALWAYS_ZFILL; its access type: "
    "cutlass/gemm/collective/builders/sm100_cpasync_umma_builder.inl:107, :118)"}},
  {Rejection::sm100_cp_async_2sm,
   {"the cp.async kernel (KernelScheduleAuto's for A or B aligned below 16 bytes) is 1-SM: an even cluster M makes "
    "the automatic MMA of tile M 128 or 256 a 2-SM one",
    "Lower alignment SM100 GEMM only supports 1SM MMA",
    "cutlass/gemm/collective/sm100_mma_cpasync_warpspecialized.hpp:105"}},
  {Rejection::sm100_cp_async_cluster,
   {"the cp.async kernel runs on a 1x1x1 cluster (it has no multicast)",
    "CPASYNC does not support multicast so the cluster shape is restricted to 1, 1, 1",
    "cutlass/gemm/collective/sm100_mma_cpasync_warpspecialized.hpp:106"}},
  {Rejection::sm100_cp_async_grouped,
   {"the cp.async kernel takes a plain problem shape: it has no grouped (pointer-array) form",
    "ProblemShape{} should be <M,N,K> or <M,N,K,L>",
    "cutlass/gemm/kernel/sm100_gemm_cpasync_warpspecialized.hpp:75"}},
  {Rejection::sm100_cp_async_smem_exceeds_capacity,
   {"the kernel's SharedStorage is over 232,448 B, which the SM100 cp.async kernel asserts in device code (a "
    "host-only build compiles it)",
    "SMEM usage exceeded capacity.", "cutlass/gemm/kernel/sm100_gemm_cpasync_warpspecialized.hpp:375"}},
  {Rejection::sm100_moe_b_access,
   {"the MoE kernel loads B with cp.async in 16-byte accesses: B's alignment (--alignment) times its element's size "
    "must be 16 bytes",
    "cp.async sizeof(TS) is not supported",
    "cute/arch/copy_sm80.hpp:137 (SM80_CP_ASYNC_CACHEGLOBAL_ZFILL; its access type: "
    "cutlass/gemm/collective/builders/sm100_mixed_tma_cpasync_umma_builder.inl:116, "
    "sm100_blockscaled_mixed_tma_cpasync_umma_builder.inl:196)"}},
  {Rejection::sm100_moe_no_stage,
   {"not even one stage of A, B and their scale factors fits beside the epilogue",
    "Smem usage is too high. Can't create any SMEM buffers for A, B, SFA, and SFB.",
    "cutlass/gemm/collective/builders/sm100_blockscaled_mixed_tma_cpasync_umma_builder.inl:262"}},
  {Rejection::sm100_moe_stages_below_two,
   {"the mixed TMA/cp.async collective requires at least 2 stages (its message says 1)",
    "Specialization requires Stages set to value 1 or more.",
    "cutlass/gemm/collective/sm100_mma_mixed_tma_cpasync_warpspecialized.hpp:201 (block-scaled: "
    "sm100_blockscaled_mma_mixed_tma_cpasync_warpspecialized.hpp:253)"}},
  {Rejection::sm100_moe_smem_exceeds_capacity,
   {"the kernel's SharedStorage is over 232,448 B: the builder counts one pipeline's barriers a stage, the "
    "collective keeps two (TMA and cp.async)",
    "SMEM usage exceeded capacity.",
    "cutlass/gemm/kernel/sm100_gemm_mixed_tma_cpasync_warpspecialized.hpp:259"}},
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
  {Rejection::sm100_blockwise_nosmem_fusion,
   {"the blockwise kernels store through the no-smem epilogue's adapter, which calls the legacy LinearCombination "
    "epilogue's operator(): a fusion's no-smem collective has no such call (device code; a host-only build compiles "
    "it)",
    "no instance of function template \"cutlass::epilogue::collective::detail::Sm100TmaWarpSpecializedAdapter"
    "<EpilogueOp>::operator() [with EpilogueOp=…]\" matches the argument list",
    "cutlass/epilogue/collective/detail.hpp:786"}},
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

  // SM100: the sparse UMMA builders (OpClassSparseTensorOp, OpClassBlockScaledSparseTensorOp), their
  // collectives and kernel.
  {Rejection::sm100_sparse_tile_m_1sm,
   {"a 1-SM sparse kernel needs tile M 64 or 128 (and its collective 128)",
    "Invalid TileShape_M.",
    "cutlass/gemm/collective/builders/sm100_sparse_umma_builder.inl:128"}},
  {Rejection::sm100_sparse_tile_m_2sm,
   {"a 2-SM sparse kernel needs tile M 128 or 256 (and its collective 256)",
    "Invalid TileShape_M.",
    "cutlass/gemm/collective/builders/sm100_sparse_umma_builder.inl:180"}},
  {Rejection::sm100_sparse_types_differ,
   {"the sparse tf32 and f16/bf16 MMAs take A and B of one type",
    "ElementA and ElementBMma must match.",
    "cutlass/gemm/collective/builders/sm100_sparse_umma_builder.inl:135 (f16/bf16: :141; 2-SM: :187, :193)"}},
  {Rejection::sm100_sparse_mma_shape,
   {"a sparse kernel needs 128 rows of MMA per CTA (tile M 128 on 1 SM, 256 on 2) and tile K of 2 or 4 MMAs (tf32 32 "
    "or 64, f16/bf16 64 or 128, 8-bit 128 or 256, FP4 256 or 512)",
    "This kernel only support MmaShape=128 and 2/4 kphase.",
    "cutlass/gemm/collective/sm100_sparse_mma_warpspecialized.hpp:129 (block-scaled: "
    "sm100_blockscaled_sparse_mma_warpspecialized.hpp:154)"}},
  {Rejection::sm100_bssp_cta_n,
   {"a block-scaled sparse kernel needs tile N 128, 192 or 256",
    "Cta N should be one of 128/192/256",
    "cutlass/gemm/collective/sm100_blockscaled_sparse_mma_warpspecialized.hpp:130"}},
  {Rejection::sm100_bssp_sf_atom_k,
   {"a block-scaled sparse tile K must be a multiple of four scale-factor vectors (256 for MX types, whose sparse "
    "vector is 64; 128 for NVFP4's 32)",
    "CtaK needs to be multiplier of SFAtomK",
    "cutlass/gemm/collective/sm100_blockscaled_sparse_mma_warpspecialized.hpp:147"}},
  {Rejection::sm100_sparse_smem_exceeds_capacity,
   {"the kernel's SharedStorage is over 232,448 B, which the SM100 sparse kernel asserts in device code (a "
    "host-only build compiles it)",
    "SMEM usage exceeded capacity.", "cutlass/gemm/kernel/sm100_sparse_gemm_tma_warpspecialized.hpp:458"}},

  // SM100: the complex<float> builders (interleaved complex tf32, FastF32 9xBF16), their MMA atoms and the
  // input-transform kernel.
  {Rejection::sm100_epilogue_unsupported_types,
   {"SM100's epilogue builder loads no accumulator of 128 bits: complex<double> GEMMs are not built on sm100",
    "Unsupported data types",
    "cutlass/epilogue/collective/builders/sm100_builder.inl:710"}},
  {Rejection::sm100_complex_tile_m_1sm,
   {"a 1-SM complex tf32 kernel needs tile M 64 or 128",
    "Invalid TileShape_M.",
    "cutlass/gemm/collective/builders/sm100_common.inl:678"}},
  {Rejection::sm100_complex_tile_m_2sm,
   {"a 2-SM complex tf32 kernel needs tile M 128 or 256",
    "Invalid TileShape_M.",
    "cutlass/gemm/collective/builders/sm100_common.inl:668"}},
  {Rejection::sm100_complex_tile_n,
   {"a complex tf32 kernel needs tile N a multiple of 8 up to 256",
    "Invalid TileShape_N.",
    "cutlass/gemm/collective/builders/sm100_common.inl:681 (2-SM: :672)"}},
  {Rejection::sm100_complex_mma_n_1sm,
   {"the 1-SM complex tf32 MMA of M 128 needs tile N a multiple of 16",
    // The source continues the literal after a backslash-newline: its next line's 17 spaces are in the text.
    "SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN N-mode size should be a multiple of 8 between 8 and 256 "
    "for M=64,                 or a multiple of 16 between 16 and 256 for M=128.",
    "cute/arch/mma_sm100_umma.hpp:217"}},
  {Rejection::sm100_complex_mma_n_2sm,
   {"the 2-SM complex tf32 MMA needs tile N a multiple of 32",
    "SM100_MMA_TF32_2x1SM_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN N-mode size should be a multiple of 32 between 32 "
    "and 256.",
    "cute/arch/mma_sm100_umma.hpp:679"}},
  {Rejection::sm100_complex_stages_below_two,
   {"the complex tf32 builder needs at least 2 stages (a tile N of 64 takes an even count: 3 builds 2)",
    "Pipeline Stages has to be at least 2",
    "cutlass/gemm/collective/builders/sm100_interleaved_complex_umma_builder.inl:221"}},
  {Rejection::sm100_fastf32_mma_m_1sm,
   {"a 1-SM FastF32 kernel needs tile M 64 or 128",
    "SM100_MMA_F16BF16_TS_SCALED M-mode size should be 64 or 128 for 1 CTA cluster MMA.",
    "cute/arch/mma_sm100_umma.hpp:388"}},
  {Rejection::sm100_fastf32_mma_n_1sm,
   {"a 1-SM FastF32 kernel needs tile N a multiple of 8 (16 at tile M 128) up to 256",
    "SM100_MMA_F16BF16_TS_SCALED N-mode size should be a multiple of 8 between 8 and 256 for M=64,                 or a "
    "multiple of 16 between 16 and 256 for M=128.",
    "cute/arch/mma_sm100_umma.hpp:389"}},
  {Rejection::sm100_fastf32_mma_m_2sm,
   {"a 2-SM FastF32 kernel needs tile M 128 or 256",
    "SM100_MMA_F16BF16_2x1SM_TS_SCALED M-mode size should be 128 or 256 for 2 CTA cluster MMA.",
    "cute/arch/mma_sm100_umma.hpp:846"}},
  {Rejection::sm100_fastf32_mma_n_2sm,
   {"a 2-SM FastF32 kernel needs tile N a multiple of 32 up to 256",
    "SM100_MMA_F16BF16_2x1SM_TS_SCALED N-mode size should be a multiple of 32 between 32 and 256.",
    "cute/arch/mma_sm100_umma.hpp:847"}},
  {Rejection::sm100_fastf32_cta_n,
   {"the FastF32 builder takes tile N up to 128",
    "Can't support CtaN>128 tiles",
    "cutlass/gemm/collective/builders/sm100_9xBF16_umma_builder.inl:60"}},
  {Rejection::sm100_fastf32_capacity,
   {"the FastF32 builder needs at least 2 load, 2 transform and 2 accumulator stages: A's bf16 parts share tensor "
    "memory with the accumulators (6 stages of CTA N columns, 4 when they span 128), B's parts shared memory with "
    "the loads",
    "Not enough SMEM or TMEM capacity for selected tile size",
    "cutlass/gemm/collective/builders/sm100_9xBF16_umma_builder.inl:105"}},
  {Rejection::sm100_input_transform_smem_exceeds_capacity,
   {"the kernel's SharedStorage is over 232,448 B, which the SM100 input-transform kernel asserts in device code "
    "(a host-only build compiles it)",
    "SMEM usage exceeded capacity.",
    "cutlass/gemm/kernel/sm100_gemm_tma_warpspecialized_input_transform.hpp:415"}},

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

  // CUTLASS 2.x: the multistage tensor-op mainloop and its epilogue.
  {Rejection::sm80_warp_divides_tile,
   {"the warp tile must divide the tile's M and N",
    "Threadblock-scoped GEMM should be divisible by warp-scoped GEMM size.",
    "cutlass/gemm/threadblock/default_mma_core_sm80.h:1414"}},
  {Rejection::sm80_instruction_divides_warp,
   {"the warp tile's M and N must be multiples of the tensor-op instruction's: 16 x 8 (f64 and complex<double>: 8 x 8 "
    "on sm80…sm89, 16 x 8 on sm90; on sm75 16 x 8 for f16, 8 x 8 for integers); with a row-major A of a 4- to 32-bit "
    "real type (one type with B, an FP8 pair, a mixed-input or weight-only GEMM), M in multiples of 8",
    "Shape of warp-level Mma must be divisible by operator shape.",
    "cutlass/gemm/warp/mma_tensor_op_tile_iterator.h:130-134 (an M-major operand's iterator; :921-925 at 16-bit "
    "tile M 32)"}},
  {Rejection::sm80_ldsm_tile,
   {"a K-major operand's warp tile M (N) must be a multiple of 8, the rows of one LDSM matrix",
    "Shape of warp-level mma must be divisible by LDSM's fundamental tile size.",
    "cutlass/gemm/warp/mma_tensor_op_tile_iterator.h:2217-2219"}},
  {Rejection::sm80_ldsm_congruous_tile,
   {"an M- or N-major operand's warp tile M (N) must be a multiple of its elements per 16 bytes, one LDSM row: 16 for "
    "8-bit types (a row-major 8-bit B: warp N 16, 32 or 64), 32 for 4-bit ones",
    "Shape of warp-level mma must be divisible by LDSM's fundamental tile size.",
    "cutlass/gemm/warp/mma_tensor_op_tile_iterator.h:165-166"}},
  {Rejection::sm80_ldsm_matrices,
   {"a K-major operand's warp tile M (N) must load in LDSMs of 1, 2 or 4 matrices: a multiple of 8 whose 8-row tiles, up "
    "to 4 / (instruction K / elements per 16 bytes) of them, are not 3 (Turing's m16n8k8: warp M 24 asks for 3; so "
    "does an 8-bit operand's M or N of 24 under m16n8k16: a mixed-input GEMM's, TensorRT-LLM's u8 or u4 weights)",
    "Unresolved extern function",
    "ptxas, for cutlass::arch::ldsm<RowMajor, 3> (defined for 1, 2 and 4 matrices, cutlass/arch/memory_sm75.h:75-123; "
    "the count, cutlass/gemm/warp/mma_tensor_op_tile_iterator.h:2224-2228)"}},
  {Rejection::sm80_warp_k_iterations,
   {"the warp tile's K must hold at least two instructions' K (16 for f16/bf16, 8 for tf32 and complex<float>, 32 for "
    "8-bit and 64 for 4-bit types, 4 for f64 and complex<double>; on sm75 8 for f16, 16 for 8-bit and 32 for 4-bit "
    "integers)",
    "The pipelined structure requires at least two warp-level GEMM operations.",
    "cutlass/gemm/threadblock/mma_base.h:128"}},
  {Rejection::sm80_warp_k_iterations_even,
   {"the warp tile's K must hold an even number of instructions' K",
    "Inner loop iteration must be an even number.",
    "cutlass/gemm/threadblock/mma_base.h:132"}},
  {Rejection::sm80_crosswise_line,
   {"a K-major operand's tile K must fit one 128-byte line of shared memory (64 f16/bf16, 32 tf32, 128 8-bit elements)",
    "kCrosswise should be no large than one shared memory cache line.",
    "cutlass/layout/tensor_op_multiplicand_sm75.h:92"}},
  {Rejection::sm80_crosswise_delta,
   {"with a column-major A and a column-major B the core arranges B's copy along K by A's 16-byte accesses "
    "(default_mma_core_sm80.h:1577-1578): a mixed-input GEMM whose A is narrower than B copies half a K line a "
    "warp, which B's swizzled layout refuses; give a row-major A or one width",
    "kCrosswise is the smallest unit in the contiguous dimension for shared memory swizzling.",
    "cutlass/transform/threadblock/regular_tile_access_iterator_tensor_op.h:463"}},
  {Rejection::sm80_too_many_predicates,
   {"an operand's global-memory iterator guards each thread's accesses with at most 64 predicates (four 32-bit words "
    "of 16): the tile's accesses per thread, times 16 bytes over the alignment's, must not exceed 64; give more "
    "warps, a smaller tile or a wider alignment",
    "Too many predicates.",
    "cutlass/transform/threadblock/predicated_tile_access_iterator.h:104"}},
  {Rejection::sm80_interleaved_transpose,
   {"an interleaved GEMM's core copies each operand to shared memory through the transposed thread map, which takes "
    "one strided iteration: the threadblock needs at least tile K / 32 warps (8-bit; K / 64 for 4-bit operands); give "
    "more warps or a smaller tile K",
    "Contiguous iteration has to be one to reuse the same shared store function with those that don't need "
    "transpose",
    "cutlass/transform/pitch_linear_thread_map.h:529-530 (SmemThreadMapA/B, "
    "cutlass/gemm/threadblock/default_mma_core_sm80.h:1895-1898, 1912-1915)"}},
  {Rejection::sm80_mixed_s4_fragment,
   {"an s4 A upcast to s8 (s4 x s8 mixed input) is converted in two halves of each warp's fragment, 8 elements at a "
    "time: give a warp tile M that is a multiple of 16",
    "N must be a multiple of 8",
    "cutlass/numeric_conversion.h:5961 (NumericArrayConverter<int8_t, int4b_t, N>, through "
    "cutlass/gemm/warp/mma_mixed_input_tensor_op.h:539-555)"}},
  {Rejection::sm80_cp_async_size,
   {"with three or more stages (MmaMultistage) A and B are copied with cp.async of 4, 8 or 16 bytes: an alignment of "
    "under 4 bytes (one f16, three 8-bit elements) needs two stages (MmaPipelined) or a wider alignment",
    "Size is not supported",
    "cutlass/arch/memory_sm80.h:158-160 (cp_async_zfill, for copies narrower than 16 bytes)"}},
  {Rejection::sm80_thread_map_vector,
   {"an operand tile's contiguous extent must be whole 16-byte accesses",
    "Shape must be divisible by vector length.",
    "cutlass/transform/pitch_linear_thread_map.h:251"}},
  {Rejection::sm80_thread_map_arrangement,
   {"an operand tile must be whole warp-wide copy arrangements (a K-major one: K / 16-byte accesses threads along K, "
    "32 / that rows; an MN-major one: up to 8 accesses along M or N)",
    "ShapeInAccesses must be divisible by WarpThreadArrangement.",
    "cutlass/transform/pitch_linear_thread_map.h:264"}},
  {Rejection::sm80_thread_map_iterations,
   {"an operand tile must give every warp of the threadblock at least one copy: it is too small for this many warps",
    "Number of iterations must be non-zero",
    "cutlass/transform/pitch_linear_thread_map.h:298"}},
  {Rejection::sm80_epilogue_access_width,
   {"the epilogue's warps access more columns than the tile's N",
    "Accessing too many elements per access",
    "cutlass/epilogue/threadblock/output_tile_thread_map.h:260"}},
  {Rejection::sm80_epilogue_columns,
   {"the tile's N is too narrow for the epilogue's output accesses",
    "Iteration Count Column must be > 0",
    "cutlass/epilogue/threadblock/output_tile_thread_map.h:261"}},
  {Rejection::sm80_epilogue_rows,
   {"the epilogue's warps along N (times those along K) leave them no whole row of accesses: use fewer warps along N",
    "Iteration Count Row must be > 0",
    "cutlass/epilogue/threadblock/output_tile_thread_map.h:262"}},
  {Rejection::sm80_epilogue_row_accesses,
   {"with 8 or more warps along N (times those along K) each epilogue warp writes whole rows of 32 accesses: give a "
    "tile N of at least 32 output accesses, or fewer warps along N or K",
    "ThreadMap::Iterations::kColumn must be > 0",
    "cutlass/epilogue/threadblock/predicated_tile_iterator.h:103"}},
  {Rejection::sm80_epilogue_narrow_access,
   {"an 8- or 4-bit output of s32 or f32 accumulators is written 4, 8 or 16 elements per access: give C an alignment of "
    "4, 8 or 16 elements (at most 16 bytes' worth)",
    "ElementsPerAccess needs to be 16 or 8.",
    "cutlass/epilogue/threadblock/default_epilogue_tensor_op.h:329"}},
  {Rejection::sm80_two_warps,
   {"the f64 and complex cores take at least two warps: split the tile among more",
    "This specialization requires at least two warps.",
    "cutlass/gemm/threadblock/default_mma_core_sm80.h:137"}},
  {Rejection::sm80_iterator_two_warps,
   {"the f64 and complex shared-memory tile iterators take at least two warps: split the tile among more",
    "This tile iterator requires at least two warps.",
    "cutlass/transform/threadblock/regular_tile_access_iterator_tensor_op_sm80.h:454"}},
  {Rejection::sm80_crosswise128_iterations,
   {"a K-major complex<double> operand's tile must give each warp an even number of copies along M or N",
    "This iterator requires at least two iterations along the strided dimension",
    "cutlass/transform/threadblock/regular_tile_access_iterator_tensor_op_sm80.h:1213"}},
  {Rejection::sm80_warp_iterator_divisibility,
   {"an f64 or complex<float> warp tile's M and N must be multiples of 16 (complex<double>: 8) and its K of 4",
    "Divisibility.",
    "cutlass/gemm/warp/mma_tensor_op_tile_iterator_sm80.h:99"}},
  {Rejection::sm80_narrow_mn_major,
   {"an 8-bit or narrower operand must be K-major (row-major A, column-major B) unless the tile's M (for A) or N "
    "(for B) is 64: the warp has no shared-memory iterator for its other MN-major layouts",
    "incomplete type MmaTensorOpMultiplicandTileIterator",
    "cutlass/gemm/warp/mma_tensor_op_tile_iterator.h:81 (declared only; defined for TensorOpMultiplicandCongruous"
    "<bits, 64> at :105-109; the core's layout, cutlass/gemm/threadblock/default_mma_core_sm80.h:1305-1314)"}},
  {Rejection::sm80_stripmined_vector,
   {"a sparse kernel's metadata tile (2 x tile M) must be whole 16-byte accesses",
    "static assertion failed",
    "cutlass/transform/pitch_linear_thread_map.h:89"}},
  {Rejection::sm80_stripmined_threads,
   {"a tile's contiguous extent (a SIMT operand's M, N or K; a sparse kernel's metadata rows) must be a multiple of "
    "the threads that copy it, or divide them",
    "Shape must be divisible by number of iterations of each thread.",
    "cutlass/transform/pitch_linear_thread_map.h:97"}},
  {Rejection::sm80_simt_warp_threads,
   {"a SIMT warp tile's M must be a multiple of 4 and its N of 8 (its 4 x 8 threads)",
    "WarpShape must be divisible by ThreadTile shape.",
    "cutlass/gemm/threadblock/default_mma_core_sm80.h:2055"}},
  {Rejection::sm80_simt_padding_lanes,
   {"a K-major SIMT operand's shared-memory skew, tile K / 32, must be whole lanes (128 bits of the operand, or its "
    "thread's whole tile)",
    "Padding must be divisible by Lane",
    "cutlass/gemm/threadblock/default_mma_core_sm80.h:2377"}},
  {Rejection::sm80_simt_transpose_strided,
   {"a K-major SIMT operand's tile K must not exceed the threadblock's threads (each copies its elements of K at once)",
    "Strided iteration has to be one to reuse the same shared store function with those that don't need transpose",
    "cutlass/transform/pitch_linear_thread_map.h:610"}},
  {Rejection::sm80_simt_thread_lanes,
   {"a SIMT thread's tile (warp M / 4 x warp N / 8) must be whole 128-bit lanes of the operand where it is longer",
    "Thread-level GEMM must be divisible by Policy::LaneMmaShape.",
    "cutlass/gemm/warp/mma_simt_tile_iterator.h:146"}},
  {Rejection::sm80_simt_scalar_epilogue,
   {"a SIMT kernel's epilogue stores one element per access: give C's alignment 1",
    "simt epilogue must operate on scalars",
    "cutlass/gemm/kernel/default_gemm.h:981"}},
  {Rejection::sm80_planar_complex_sliced_k,
   {"a planar complex kernel's warps must not split K (its epilogue reduces no K slices): give warp K equal to the "
    "tile's K",
    "Sliced-K not supported for planar complex at this time",
    "cutlass/epilogue/threadblock/epilogue_planar_complex.h:315"}},
  {Rejection::sm80_dequant_tile_k,
   {"TensorRT-LLM's weight-only mainloop takes a tile K of one 128-byte line of A (64 f16 or bf16 elements, 128 "
    "e4m3 ones), B's interleaved tile: give tile K 64 (128 for e4m3 A)",
    "static assertion failed with \"\"",  // static_assert(RowsPerTile == MmaCore::Shape::kK, "")
    "cutlass_extensions/gemm/threadblock/default_dq_mma_multistage.h:264 (on Turing default_dq_mma_pipelined.h:241)"}},
  {Rejection::sm80_dequant_warp_k_load,
   {"TensorRT-LLM's weight-only warp loads B 128 bits of its K at a time (32 u4 or 16 u8 elements): give a warp "
    "tile K that is a multiple of it",
    "static assertion failed with \"\"",  // static_assert(!(Shape::kK % SharedMemoryInstructionShape::kK), "")
    "cutlass_extensions/gemm/warp/mma_tensorop_compute_B_with_f16.h:142"}},
  {Rejection::sm80_dequant_warp_k_iterations,
   {"TensorRT-LLM's weight-only warp must run at least two instructions along K (16 for f16 and bf16 A, 32 for "
    "e4m3): give a larger warp tile K",
    "The pipelined structure requires at least two warp-level GEMM operations.",
    "cutlass_extensions/gemm/threadblock/dq_mma_multistage_finegrained.h:146 (dq_mma_multistage_percol.h:147)"}},
  {Rejection::sm80_dequant_fp8_two_stages,
   {"TensorRT-LLM's FP8-activation weight-only GEMM (W4A8) builds at three stages or more (its runner never asks "
    "for two on SM89): give stages 3 or more",
    "more than one partial specialization matches the template argument list of class "
    "\"cutlass::gemm::threadblock::DefaultMma",
    "cutlass/gemm/threadblock/default_mma.h:227 and cutlass_extensions/gemm/threadblock/default_mma.h:263 "
    "(DefaultGemm, cutlass/gemm/kernel/default_gemm.h:283)"}},
  {Rejection::sm80_fused_moe_one_stage,
   {"TensorRT-LLM's fused gated-activation MoE kernel needs at least two stages: give stages 2 or more",
    "static assertion failed",  // static_assert(Stages >= 2), no message
    "cutlass_extensions/gemm/kernel/fused_moe_kernel_traits.cuh:172"}},
  {Rejection::sm75_stage_count,
   {"a 2.x tensor-op kernel on Turing (sm75) is built at two stages only (MmaPipelined): give stages 2, or leave "
    "stages out",
    "incomplete type \"cutlass::gemm::kernel::DefaultGemm<…, cutlass::arch::Sm75, …>\" is not allowed",
    "cutlass/gemm/kernel/default_gemm_universal.h:214 (GemmUniversal's DefaultGemm: its arch::Sm75 specialization is "
    "of 2 stages only, cutlass/gemm/kernel/default_gemm.h:393-506)"}},
  {Rejection::sm75_trtllm_moe,
   {"TensorRT-LLM's MoE GEMM (MoeFCGemm) does not build for Turing: its device body is compiled for SM80 and later "
    "only; give --arch sm80 or later",
    "static assertion failed with \"Invalid architecture being compiled. Only Ampere+ supported in weight-only "
    "quantization kernels.\"",
    "cutlass_extensions/gemm/kernel/moe_cutlass_kernel.h:661 (TensorRT-LLM's, as FlashInfer fb28d72 carries it)"}},
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
         r == Rejection::sm100_blockwise_grouped_smem_exceeds_capacity ||
         r == Rejection::sm100_sparse_smem_exceeds_capacity ||
         r == Rejection::sm100_input_transform_smem_exceeds_capacity ||
         r == Rejection::sm100_cp_async_smem_exceeds_capacity;
}

}  // namespace smem_budget
