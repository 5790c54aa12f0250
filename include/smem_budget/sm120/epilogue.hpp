// The SM120 epilogues: the TMA warp-specialized collective the SM120 builder makes
// (sm90_epilogue_[array_]tma_warpspecialized.hpp), TensorRT-LLM's FINALIZE scatter variant of it,
// and the no-smem adapter. Each gives its TensorStorage, PipelineStorage and SharedStorage.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/rules.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

// Epilogue warp groups of the grouped collective: the SM120 builder's fallback when the
// schedule defines none (EpilogueScheduleAuto, TmaWarpSpecialized); one D tensormap each.
inline constexpr int epilogue_warp_groups = 2;
inline constexpr bytes_t tma_descriptor_bytes = 128;

struct EpilogueTileShape {
  bytes_t m = 0;
  bytes_t n = 0;
};

// sm120_builder.inl:145-199 sm120_compute_tile_shape_or_override (v4.7.0).
constexpr EpilogueTileShape epilogue_tile(const Config& config, const CutlassRules& rules) {
  if (!config.epilogue_tile.automatic) return {config.epilogue_tile.m, config.epilogue_tile.n};
  const bool row = config.d_layout == MatrixLayout::row;
  if (is_fp6(config.d)) return row ? EpilogueTileShape{64, 128} : EpilogueTileShape{128, 32};
  if (config.epilogue_schedule == EpilogueSchedule::sparse) {
    // The sparse epilogue schedule keeps its tile small for the sparse mainloop's sake, whatever
    // the CTA tile: 32x64 for 64-element scale-factor vectors, else 64 x (16 or 32) by C and D.
    if (config.fusion == Fusion::sf_gen && sf_output_vector(config) == 64 && row) return {32, 64};
    if (config.c == Element::none) return {64, bits_of(config.d) == 32 ? 16 : 32};
    return {64, bits_of(config.c) <= 16 ? 32 : 16};
  }
  if (!rules.small_n_tiles) return {64, 32};
  const bytes_t n = config.tile.n;
  return {n < 16 ? 128 : 64, n < 32 ? n : 32};
}

// The element the epilogue keeps in shared memory for C and D. FINALIZE's D is void and CUTLASS
// stores the fusion's aux element (the output type) instead; its C is the output type too.
struct EpilogueElements {
  Element c = Element::none;  // none: no C buffer (C is void)
  Element d = Element::bf16;
  bool d_is_void = false;     // the builder saw ElementD = void (FINALIZE)
};

constexpr EpilogueElements epilogue_elements(const Config& config) {
  if (config.epilogue == EpilogueKind::finalize) return {config.d, config.d, true};
  return {config.c, config.d, false};
}

// ss_smem_selector: the widest swizzle atom (128/64/32/16-byte rows) whose width in elements
// divides the tile's contiguous extent; the buffer is aligned to 8 rows of it
// (alignment_for_swizzle of Swizzle<B,4,3>). 0 when none fits.
constexpr bytes_t swizzle_alignment(Element e, bytes_t contiguous_extent) {
  const int bits = smem_bits_of(e);
  for (bytes_t row_bytes = 128; row_bytes >= 16; row_bytes /= 2)
    if (contiguous_extent % (row_bytes * 8 / bits) == 0) return row_bytes * 8;
  return 0;
}

// sm100_smem_selector (gemm/collective/builders/sm100_common.inl:89-94), which SM100's epilogue
// builder uses (sm100_get_epilogue_smem_swizzle_layout_atom, sm100_builder.inl:71-97): the same
// atoms, except that an M-major 32-bit C or D takes UMMA::Layout_MN_SW128_32B_Atom, Swizzle<2,5,2>,
// aligned to 512 B, 32 elements along M.
constexpr bytes_t umma_swizzle_alignment(Element e, bytes_t contiguous_extent, bool m_major) {
  if (m_major && smem_bits_of(e) == 32) return contiguous_extent % 32 == 0 ? 512 : 0;
  return swizzle_alignment(e, contiguous_extent);
}

struct EpilogueStages {
  bytes_t sub_tiles = 0;  // epilogue tiles per CTA tile
  int c = 0;
  int d = 0;
  bool reuse = false;     // C and D share buffers
};

// sm120_builder.inl sm120_get_tma_dispatch_policy, with the collective's ReuseSmemC.
constexpr EpilogueStages epilogue_stages(const Config& config, EpilogueTileShape tile, const EpilogueElements& e) {
  EpilogueStages s;
  s.sub_tiles = (config.tile.m / tile.m) * (config.tile.n / tile.n);
  const bytes_t up_to_two = s.sub_tiles < 2 ? s.sub_tiles : 2;
  const int bits_c = bits_of(e.c);
  const int bits_d = e.d_is_void ? 0 : bits_of(e.d);
  const bool builder_reuse = bits_c == bits_d && bits_d > 8;
  const bool fp6_row = !e.d_is_void && is_fp6(e.d) && config.d_layout == MatrixLayout::row;
  s.d = fp6_row ? 1 : static_cast<int>(up_to_two);
  s.c = builder_reuse ? static_cast<int>(up_to_two > s.d + 1 ? up_to_two : s.d + 1) : s.d;
  s.reuse = builder_reuse && !e.d_is_void;
  return s;
}

constexpr Rejection check_epilogue(const Config& config, const CutlassRules& rules) {
  if (config.epilogue == EpilogueKind::nosmem) return Rejection::none;
  const Tile& cta = config.tile;
  const bool row = config.d_layout == MatrixLayout::row;
  if (config.epilogue == EpilogueKind::tma && is_fp6(config.d) &&
      (row ? cta.n % 128 != 0 : cta.m % 128 != 0))
    return Rejection::fp6_output_extent;
  const EpilogueTileShape tile = epilogue_tile(config, rules);
  if (!config.epilogue_tile.automatic && is_fp6(config.d) && (row ? tile.n % 128 != 0 : tile.m % 128 != 0))
    return Rejection::fp6_output_extent;
  if (tile.m <= 0 || tile.n <= 0 || cta.m % tile.m != 0 || cta.n % tile.n != 0)
    return config.epilogue_tile.automatic ? Rejection::epilogue_tile_divides_cta : Rejection::epilogue_tile_given_divides_cta;
  if (tile.m % 8 != 0 || tile.n % 8 != 0) return Rejection::epilogue_tile_multiple_of_8;
  const EpilogueElements e = epilogue_elements(config);
  const bytes_t extent = row ? tile.n : tile.m;
  const Rejection no_atom = row ? Rejection::epilogue_swizzle_atom : Rejection::epilogue_swizzle_atom_mn;
  if (swizzle_alignment(e.d, extent) == 0) return no_atom;
  if (e.c != Element::none && swizzle_alignment(e.c, extent) == 0) return no_atom;
  if (config.grouped && (config.fusion == Fusion::row_bias || config.fusion == Fusion::col_bias ||
                         (config.fusion == Fusion::sf_gen && !row && config.schedule == Schedule::pingpong)))
    return Rejection::grouped_bias_callbacks;
  if (config.fusion == Fusion::sf_gen && !is_narrow_float(config.d)) return Rejection::sf_gen_output_type;
  if (config.fusion == Fusion::sf_gen) {
    // Sm120BlockScaleFactorRowStore / ColStore: the tile's contiguous extent in whole vectors.
    const bytes_t vector = sf_output_vector(config);
    if (extent % vector != 0) return Rejection::sf_vector_divides_epilogue_tile;
    const bytes_t vectors = extent / vector;
    if (vectors != 1 && vectors != 2 && vectors != 4 && (vectors != 8 || !row)) return Rejection::sf_vector_store_ratio;
  }
  return Rejection::none;
}

// What the epilogue's store() refuses in device code. Scale-factor generation into a column-major
// D needs both warp groups (sm120_visitor_store_tma_warpspecialized.hpp:665). A given epilogue tile
// meets the MMA-tile checks (sm90_epilogue_tma_warpspecialized.hpp:671-678): per 128 rows of M the
// accumulator holds 2 cooperative MMA tiles (1 when a block-scaled N < 16 takes the 8x1 warp layout)
// or 4 ping-pong ones; along N, block-scaled 16 columns a tile (8 when N < 16), plain and blockwise
// 2 tiles per 32 columns, rounded up (sm120_mma_builder.inl:91-95, sm120_blockscaled_mma_builder.inl).
// Measured for tile M a multiple of 128; other M permute by min(M, 128) and are not modelled here.
constexpr Rejection check_epilogue_device_code(const Config& config) {
  const bool pingpong = config.schedule == Schedule::pingpong;
  if (config.fusion == Fusion::sf_gen && config.d_layout == MatrixLayout::col && pingpong)
    return Rejection::sf_gen_col_pingpong;
  const Tile& cta = config.tile;
  if (config.sparse || config.epilogue_tile.automatic || config.epilogue == EpilogueKind::nosmem || cta.m % 128 != 0)
    return Rejection::none;
  const bool block = config.scaling == Scaling::block;
  const bytes_t mma_m = pingpong ? 32 : block && cta.n < 16 ? 128 : 64;
  const bytes_t mma_n = block ? (cta.n < 16 ? 8 : 16) : cta.n / (2 * ceil_div(cta.n, 32));
  const EpilogueTile& epi = config.epilogue_tile;
  if (epi.m % mma_m != 0) return Rejection::epilogue_mma_tile_m;
  if (epi.m * epi.n > mma_m * mma_n) return epi.n % mma_n != 0 ? Rejection::epilogue_mma_tile_n_divides_epi : Rejection::none;
  return mma_n % epi.n != 0 ? Rejection::epilogue_epi_tile_n_divides_mma : Rejection::none;
}

// The fusion callbacks' SharedStorage: a tuple of the non-empty node storages. Only nodes that
// keep a row of the CTA tile hold anything (Sm90RowBroadcast; the SM120 scale-factor stores).
struct FusionStorage {
  bytes_t size = 1;  // an empty struct still takes one byte
  bytes_t alignment = 1;
  std::string_view name = "fusion (empty)";
};

constexpr FusionStorage fusion_storage(const Config& config, Checked& c) {
  const bytes_t n = config.tile.n;
  const auto row_of = [&](int element_bits, std::string_view name) {
    return FusionStorage{array_engine_bytes(n, element_bits, c), 16, name};
  };
  // vLLM's ScaledEpilogue: B's scales are a Sm90RowBroadcast of float (one per column of the
  // tile), A's a column broadcast held in registers; ScaledEpilogueBias adds a bias row of the
  // output type. Each row is a multiple of 16 bytes, so the tuple has no padding between them.
  const auto scale_rows = [&](bool bias) {
    const bytes_t scales = array_engine_bytes(n, 32, c);
    if (!bias) return FusionStorage{scales, 16, "fusion: B-scale row"};
    return FusionStorage{c.add(scales, array_engine_bytes(n, bits_of(config.d), c)), 16,
                         "fusion: B-scale and bias rows"};
  };
  if (config.epilogue == EpilogueKind::finalize) {
    // Non-swapped: per-column bias of the output type. Swap-AB (column-major): float router scales.
    return config.d_layout == MatrixLayout::row ? row_of(bits_of(config.d), "fusion: bias row")
                                                : row_of(32, "fusion: router-scale row");
  }
  switch (config.fusion) {
    case Fusion::none:
    case Fusion::row_bias: return {};
    case Fusion::col_bias: return row_of(bits_of(config.bias), "fusion: bias row");
    case Fusion::sf_gen:
      // Sm120BlockScaleFactorRowStore keeps 64 floats, the column-major store 32.
      return {config.d_layout == MatrixLayout::row ? 256 : 128, 16, "fusion: scale-factor store"};
    case Fusion::scaled_mm: return scale_rows(false);
    case Fusion::scaled_mm_bias: return scale_rows(true);
  }
  return {};
}

struct EpilogueLayout {
  EpilogueTileShape tile{};
  EpilogueStages stages{};
  EpilogueElements elements{};
  FusionStorage fusion{};
  bytes_t align_c = 0;
  bytes_t align_d = 0;
  bytes_t tensor_size = 0;     // sizeof(TensorStorage)
  bytes_t tensor_align = 1;
  bytes_t pipeline_size = 0;   // sizeof(PipelineStorage), the C-load pipeline
  bytes_t pipeline_align = 8;
  bytes_t tensormap_count = 0; // grouped: C plus one D descriptor per epilogue warp group
  bytes_t shared_storage = 0;  // sizeof(CollectiveEpilogue::SharedStorage): the usual carveout
  bytes_t carveout_epi = 0;    // what StageCountAutoCarveoutEpi reserves
  bool umma_atoms = false;     // SM100's swizzle atoms (umma_swizzle_alignment)
};

// The C and D buffers (CollectiveStorageWithoutC / ReuseC / WithC).
constexpr void add_collective_storage(StructLayout& tensors, const Config& config, EpilogueLayout& out, Checked& c) {
  const bytes_t tile_elems = c.mul(out.tile.m, out.tile.n);
  const EpilogueElements& e = out.elements;
  const bytes_t d_stages = out.stages.reuse ? out.stages.c : out.stages.d;
  const bytes_t d_bytes = array_engine_bytes(c.mul(tile_elems, d_stages), smem_bits_of(e.d), c);
  const bool m_major = config.d_layout == MatrixLayout::col;
  const bytes_t extent = m_major ? out.tile.m : out.tile.n;
  const auto alignment = [&](Element element) {
    return out.umma_atoms ? umma_swizzle_alignment(element, extent, m_major) : swizzle_alignment(element, extent);
  };
  out.align_d = alignment(e.d);
  if (e.c == Element::none) {
    tensors.member("D buffers", c.up(d_bytes, out.align_d), out.align_d, PartKind::tensor);
    return;
  }
  out.align_c = alignment(e.c);
  const bytes_t c_bytes = array_engine_bytes(c.mul(tile_elems, out.stages.c), smem_bits_of(e.c), c);
  if (out.stages.reuse) {
    const bytes_t align = out.align_c > out.align_d ? out.align_c : out.align_d;
    tensors.member("C/D buffers (shared)", c.up(c_bytes > d_bytes ? c_bytes : d_bytes, align), align,
                   PartKind::tensor);
    return;
  }
  StructLayout both(c);
  both.member("C buffers", c_bytes, out.align_c, PartKind::tensor);
  both.member("D buffers", d_bytes, out.align_d, PartKind::tensor);
  both.finish("C/D buffers");
  tensors.nested("C/D buffers", both.parts(), both.size(), both.alignment());
}

// TensorStorage member by member: the C and D buffers, the fusion's storage and their padding.
constexpr StructLayout epilogue_tensors(const Config& config, EpilogueLayout& out, Checked& c) {
  StructLayout tensors(c);
  add_collective_storage(tensors, config, out, c);
  tensors.member(out.fusion.name, out.fusion.size, out.fusion.alignment, PartKind::fusion);
  tensors.finish("epilogue tensors");
  return tensors;
}

// TensorStorage's parts, for a breakdown: the layout keeps sizes only (a Budget stays small).
constexpr PartList epilogue_tensor_parts(const Config& config, const EpilogueLayout& layout, Checked& c) {
  if (config.epilogue == EpilogueKind::nosmem) {
    PartList parts;
    parts.add("epilogue (no shared memory)", layout.tensor_size, PartKind::tensor);
    return parts;
  }
  EpilogueLayout scratch = layout;
  return epilogue_tensors(config, scratch, c).parts();
}

// SharedStorage { tensors; [tensormaps: aligned_struct<128>;] pipeline; } once tile, stages, elements
// and fusion are known: the layout every TMA epilogue collective shares
// (sm90_epilogue_[array_]tma_warpspecialized.hpp, sm100_epilogue_[array_]tma_warpspecialized.hpp).
// A grouped collective keeps `grouped_tensormaps` descriptors.
constexpr void lay_out_epilogue(const Config& config, EpilogueLayout& out, bytes_t grouped_tensormaps, Checked& c) {
  const StructLayout tensors = epilogue_tensors(config, out, c);
  out.tensor_size = tensors.size();
  out.tensor_align = tensors.alignment();
  out.pipeline_size = 16 * out.stages.c;  // PipelineTransactionAsync<StagesC>: full + empty barriers

  StructLayout storage(c);
  storage.member("tensors", out.tensor_size, out.tensor_align, PartKind::tensor);
  if (config.grouped) {
    out.tensormap_count = grouped_tensormaps;
    storage.member("tensormaps", out.tensormap_count * tma_descriptor_bytes, 128, PartKind::tensormap);
  }
  storage.member("pipeline", out.pipeline_size, out.pipeline_align, PartKind::barrier);
  storage.finish("epilogue shared storage");
  out.shared_storage = storage.size();
  // compute_carveout_from_epi (sm1xx_common.inl).
  const bytes_t tensor_align = out.tensor_align > 128 ? out.tensor_align : 128;
  out.carveout_epi = c.add(c.up(out.tensor_size, tensor_align), c.up(out.pipeline_size, 16));
}

// A no-smem epilogue: `storage` bytes of TensorStorage, which is also its SharedStorage, and
// PipelineTransactionAsync<0> (two empty barrier arrays, 2 bytes).
constexpr EpilogueLayout no_smem_epilogue(bytes_t storage, bytes_t storage_align) {
  EpilogueLayout out;
  out.tensor_size = storage;
  out.tensor_align = storage_align;
  out.pipeline_size = 2;
  out.pipeline_align = 1;
  out.shared_storage = storage;
  out.carveout_epi = round_up(storage, 128) + round_up(out.pipeline_size, 16);
  return out;
}

constexpr EpilogueLayout epilogue_layout(const Config& config, const CutlassRules& rules, Checked& c) {
  // Sm90TmaWarpSpecializedAdapter<DefaultEpilogue>: empty TensorStorage and TensorMapStorage.
  if (config.epilogue == EpilogueKind::nosmem) return no_smem_epilogue(1, 1);
  EpilogueLayout out;
  out.tile = epilogue_tile(config, rules);
  out.elements = epilogue_elements(config);
  out.stages = epilogue_stages(config, out.tile, out.elements);
  out.fusion = fusion_storage(config, c);
  lay_out_epilogue(config, out, 1 + epilogue_warp_groups, c);
  return out;
}

}  // namespace smem_budget
