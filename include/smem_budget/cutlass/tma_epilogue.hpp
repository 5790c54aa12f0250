// The TMA warp-specialized epilogue collective (epilogue/collective/sm90_epilogue_[array_]tma_warpspecialized.hpp,
// and SM100's sm100_epilogue_[array_]tma_warpspecialized.hpp, laid out alike) and the no-smem
// adapters: the smem selectors' swizzle alignment, the C and D buffers, the TensorStorage,
// PipelineStorage and SharedStorage once the builder has chosen tile, stages and fusion.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"

namespace smem_budget {

// Epilogue warp groups of the grouped collective: the SM120 builder's fallback when the
// schedule defines none (EpilogueScheduleAuto, TmaWarpSpecialized); one D tensormap each.
inline constexpr int epilogue_warp_groups = 2;
inline constexpr bytes_t tma_descriptor_bytes = 128;

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

// sm90_get_tma_dispatch_policy (sm90_builder.inl:63-86), also SM100's sm100_dense_dispatch_policy
// with its own `reuse`: up to 2 D stages, up to 4 C-load stages (even for a void C). The builder counts
// them as reusing C's buffers whenever it is told to; the collective reuses them only where it stores D
// (ReuseSmemC_ and is_destination_supported, sm90_epilogue_array_tma_warpspecialized.hpp:161).
constexpr EpilogueStages tma_epilogue_stages(const Tile& cta, EpilogueTileShape tile, bool reuse,
                                             const EpilogueElements& elements) {
  EpilogueStages s;
  s.sub_tiles = (cta.m / tile.m) * (cta.n / tile.n);
  const bytes_t up_to_two = s.sub_tiles < 2 ? s.sub_tiles : 2;
  const bytes_t up_to_four = s.sub_tiles < 4 ? s.sub_tiles : 4;
  s.d = static_cast<int>(up_to_two);
  s.c = static_cast<int>(reuse && up_to_four < s.d + 1 ? s.d + 1 : up_to_four);
  s.reuse = reuse && !elements.d_is_void;
  return s;
}

// The C and D buffers (CollectiveStorageWithoutC / ReuseC / WithC).
constexpr void add_collective_storage(StructLayout& tensors, const Config& config, EpilogueLayout& out, Checked& c) {
  const bytes_t tile_elems = c.mul(out.tile.m, out.tile.n);
  const EpilogueElements& e = out.elements;
  const bytes_t d_stages = out.stages.reuse ? out.stages.c : out.stages.d;
  const bytes_t d_bytes = array_engine_bytes(c.mul(tile_elems, d_stages), smem_bits_of(e.d), c);
  const bool m_major = config.d_layout == MatrixLayout::col;
  const bytes_t extent = m_major ? out.tile.m : (out.contiguous_n != 0 ? out.contiguous_n : out.tile.n);
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
    tensors.member("C/D buffers (shared)", c.up(c_bytes > d_bytes ? c_bytes : d_bytes, align), align, PartKind::tensor);
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
  if (is_pointer_array(config)) {
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

}  // namespace smem_budget
