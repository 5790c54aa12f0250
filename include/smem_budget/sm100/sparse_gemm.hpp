// The SM100 (B200) 2:4 structured-sparse GEMMs: CollectiveBuilder<arch::Sm100, OpClassSparseTensorOp, …>
// (gemm/collective/builders/sm100_sparse_umma_builder.inl) and <…, OpClassBlockScaledSparseTensorOp, …>
// (sm100_blockscaled_sparse_umma_builder.inl), their collectives
// (gemm/collective/sm100_[blockscaled_]sparse_mma_warpspecialized.hpp), the sparse kernel
// (gemm/kernel/sm100_sparse_gemm_tma_warpspecialized.hpp:188-216, whose SharedStorage is the dense
// non-grouped kernel's, sm100/common.hpp) and the TMA epilogue as the epilogue builder sizes it for the
// sparse classes (epilogue/collective/builders/sm100_builder.inl:101-558). A keeps half its elements, the
// metadata E says which; A, B, E (and the scale factors) share one pipeline. Paths and lines are
// CUTLASS v4.7.0, under include/cutlass/.
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
#include "smem_budget/cutlass/sm1xx_blockscaled.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"
#include "smem_budget/sm100/common.hpp"

namespace smem_budget {

// The epilogue schedules CUTLASS pairs with the sparse kernels: TmaWarpSpecialized{1,2}Sm without
// block scales, TmaWarpSpecialized{1,2}Sm{Mxf8f6f4,Nvf4} with them; the builder's tables tell them
// apart (IsSp, IsBsspMxf8f6f4, IsBsspNvf4, sm100_builder.inl:122-135).
enum class Sm100SparseEpilogue { plain, mxf8f6f4, nvf4 };

constexpr Sm100SparseEpilogue sm100_sparse_epilogue(const Config& config) {
  if (config.scaling != Scaling::block) return Sm100SparseEpilogue::plain;
  return mma_path(config.types, config.instruction) == MmaPath::mxf8f6f4 ? Sm100SparseEpilogue::mxf8f6f4
                                                                         : Sm100SparseEpilogue::nvf4;
}

// The sparse MMA's K per instruction (cute/atom/mma_traits_sm100.hpp): 16 tf32, 32 f16/bf16, 64 8-bit
// (S8, F8F6F4, MXF8F6F4), 128 for the packed FP4 MXF4NVF4.
constexpr bytes_t sm100_sparse_mma_k(const Config& config) {
  if (config.scaling == Scaling::block) return sm100_sparse_epilogue(config) == Sm100SparseEpilogue::nvf4 ? 128 : 64;
  return 512 / bits_of(config.types.a.data);
}

// The metadata atom's K (Sm1xxGemmSparseConfig::TensorEAtom, builders/sm1xx_sparse_config.inl:116-131):
// 128 x 64 for tf32, 128 x 256 on the FP4 path, else 128 x 128 logical elements of A.
constexpr bytes_t sm100_metadata_atom_k(const Config& config) {
  if (sm100_sparse_epilogue(config) == Sm100SparseEpilogue::nvf4) return 256;
  return config.scaling == Scaling::none && config.types.a.data == Element::f32 ? 64 : 128;
}

// Metadata bits per logical element of A: ValTypeE is sparse_elem<8, uint8_t>, <4, …> for tf32 and
// <16, …> on the FP4 path; returned as sixteenths of a bit per element (16, 32 or 8).
constexpr bytes_t sm100_metadata_sixteenths(const Config& config) {
  if (sm100_sparse_epilogue(config) == Sm100SparseEpilogue::nvf4) return 8;
  return config.scaling == Scaling::none && config.types.a.data == Element::f32 ? 32 : 16;
}

// The assertions, in the order the compiler meets them: the epilogue builder (its collective is the
// stage count's carveout), then the mainloop builder and the collective.
constexpr Rejection sm100_sparse_check(const Config& config) {
  const Tile& t = config.tile;
  const bool two_sm = sm100_is_2sm(config);
  if (sm100_epilogue_is_2sm(config) && config.cluster.m % 2 != 0) return Rejection::sm100_schedule_cluster;
  // The sparse epilogue tile spans the CTA's M (sm100_builder.inl:122): 32 rows per epilogue warp.
  const bytes_t rows = sm100_epilogue_cta_tile(config).m / sm100_tmem_warps(config).m;
  if (rows != 16 && rows != 32) return Rejection::sm100_tmem_datapaths;
  if (config.scaling == Scaling::block) {
    // The block-scaled builder: the scale types (sm1xx_common.inl:527), the tiled MMA
    // (sm100_common.inl:828-832, 2-SM :888-892), then the collective's CTA N and K
    // (sm100_blockscaled_sparse_mma_warpspecialized.hpp:130-149).
    if (!operand_scales_match(config.types)) return Rejection::sm100_scale_types_differ;
    if (!two_sm && t.m != 128) return Rejection::sm100_tile_m_1sm;
    if (two_sm && t.m != 256) return Rejection::sm100_tile_m_2sm;
    if (t.n != 64 && t.n != 128 && t.n != 192 && t.n != 256) return Rejection::sm100_tile_n;
    if (t.n == 64) return Rejection::sm100_bssp_cta_n;
    if (t.k % (4 * sparse_scale_vector(config.types.a)) != 0) return Rejection::sm100_bssp_sf_atom_k;
  } else {
    // sm100_make_sparse_{1,2}sm_trivial_tiled_mma (sm100_sparse_umma_builder.inl:128-143, 180-195).
    if (!two_sm && t.m != 64 && t.m != 128) return Rejection::sm100_sparse_tile_m_1sm;
    if (two_sm && t.m != 128 && t.m != 256) return Rejection::sm100_sparse_tile_m_2sm;
    if (config.types.a.data != config.types.b.data && bits_of(config.types.a.data) >= 16)
      return Rejection::sm100_sparse_types_differ;
  }
  // Both collectives: one CTA's MMA M of 128 and 2 or 4 MMAs along K
  // (sm100_sparse_mma_warpspecialized.hpp:127-129; the block-scaled one's :152-154).
  const bytes_t k_phases = t.k / sm100_sparse_mma_k(config);
  if (sm100_cta_tile(config).m != 128 || t.k % sm100_sparse_mma_k(config) != 0 || (k_phases != 2 && k_phases != 4))
    return Rejection::sm100_sparse_mma_shape;
  return Rejection::none;
}

// One stage per CTA, in the collective's shared-memory types: A at half its bits (sparse_elem<2, T>;
// sparse_elem<4, uint8_t>, 2 bits, on the FP4 path; FP4/FP6 unpacked to a byte on the MXF8F6F4 one), B
// of N/2 on a 2-SM MMA, E over lcm(K, the metadata atom's K) (TileShapeE, :192-194), the scale factors
// as the dense block-scaled collective keeps them at the sparse vector (twice the dense one,
// sm1xx_common.inl:450-482).
constexpr MainloopStage sm100_sparse_stage(const Config& config, Checked& c) {
  MainloopStage s;
  const Tile cta = sm100_cta_tile(config);
  const bool block = config.scaling == Scaling::block;
  const bool fp4 = sm100_sparse_epilogue(config) == Sm100SparseEpilogue::nvf4;
  s.path = block ? mma_path(config.types, config.instruction) : MmaPath::mxf8f6f4;
  const int a_bits = block ? operand_smem_bits(s.path) : bits_of(config.types.a.data);
  s.bits_a = fp4 ? 2 : a_bits / 2;
  s.bits_b = block ? operand_smem_bits(s.path) : bits_of(config.types.b.data);
  s.a = ceil_div(c.mul(c.mul(cta.m, cta.k), s.bits_a), 8);
  s.b = ceil_div(c.mul(c.mul(sm100_b_columns(config), cta.k), s.bits_b), 8);
  const bytes_t atom_k = sm100_metadata_atom_k(config);
  const bytes_t e_k = cta.k % atom_k == 0 ? cta.k : atom_k;  // lcm(K, atom K) for K a divisor or multiple of it
  s.e = c.mul(c.mul(cta.m, e_k), sm100_metadata_sixteenths(config)) / 128;
  if (block) {
    s.sf_k_blocks = cta.k / sparse_scale_vector(config.types.a) / 4;
    s.sfa_blocks = cta.m / scale_block_rows;
    s.sfb_blocks = ceil_div(config.tile.n, scale_block_rows);
    s.sfa = c.mul(c.mul(scale_block_bytes, s.sfa_blocks), s.sf_k_blocks);
    s.sfb = c.mul(c.mul(scale_block_bytes, s.sfb_blocks), s.sf_k_blocks);
  }
  // sm100_compute_stage_count_or_override_[blockscaled_]sparse (sm100_sparse_umma_builder.inl:86-110,
  // sm100_blockscaled_sparse_umma_builder.inl:94-116): A, B and E, and the scale factors, rounded up to
  // 128 bytes, and two barriers rounded up to 16. Without block scales E is counted twice when A's K
  // is 128 bytes of f16/bf16 or tf32 (is_hmma_two_kphase), as the collective widens E's K.
  const bool two_kphase =
      !block && cta.k * bits_of(config.types.a.data) / 8 == 128 && bits_of(config.types.a.data) >= 16;
  const bytes_t e_estimate = c.mul(c.mul(cta.m, cta.k), sm100_metadata_sixteenths(config)) / 128 * (two_kphase ? 2 : 1);
  s.barrier = 16;
  s.estimate = c.add(c.up(c.add(c.add(c.add(s.a, s.b), e_estimate), c.add(s.sfa, s.sfb)), 128), s.barrier);
  return s;
}

// Sm100SparseGemmTmaUmmaCarveout (builders/sm100_pipeline_carveout.inl:85-122): the load order,
// CLC (2 stages), accumulator, CLC throttle and TMEM dealloc barriers each rounded up to 16, then
// two 16-byte CLC responses and the TMEM pointer rounded up to 16.
constexpr bytes_t sm100_sparse_builder_reserve(const Config& config) {
  return 16 + 32 + 16 * sm100_accumulator_stages(config) + 32 + 16 + 32 + 16;
}

// compute_epi_tile_n (sm100_builder.inl:137-140): the N that `kib` KiB of `stages` epilogue stages of
// `bits`-bit elements hold at the tile's M.
struct SparseEpilogueBudget {
  bytes_t kib = 0;
  bytes_t stages = 0;
  int bits = 0;
};

// The tuned epilogue budgets of sm100_sparse_compute_tile_shape_or_override (sm100_builder.inl:148-290)
// for a void C, by D's bits, the 1-SM or 2-SM schedule, the CTA's N and K; {} where CUTLASS has none.
constexpr SparseEpilogueBudget sm100_sparse_void_c_budget(Sm100SparseEpilogue kind, bool one, bytes_t n, bytes_t k,
                                                          int d, bool sfd_row_vs64) {
  const bool two = !one;
  if (kind == Sm100SparseEpilogue::plain) {
    if (d == 32 || d == 16) {
      if (n == 64) return {d == 32 ? 32 : 16, 2, d};
      if (n == 192 || (one && n == 256)) return {48, 3, d};
      if (one) return {32, 2, d};
      if (d == 32) return {(k == 64 || k == 256) ? 16 : 32, 2, d};
      if (n == 128) return {k == 256 ? 16 : 32, 2, d};
      return {k == 64 ? 32 : 16, 2, d};
    }
    if (d == 8) {
      if (n == 64) return {8, 2, d};
      if (two && n == 192) return {24, 3, d};
      return {16, 2, d};
    }
  }
  if (kind == Sm100SparseEpilogue::mxf8f6f4) {
    if (d == 32 || d == 16) {
      if (one && n == 128) return {d == 32 ? 64 : 32, d == 32 ? 4 : 2, d};
      if (one && n == 192) return {16, 2, d};
      if (one && n == 256) return {48, 3, d};
      if (n == 256) return {64, 4, d};
      return {32, 2, d};
    }
    if (d == 8) {
      if (one && n == 128) return {sfd_row_vs64 ? 24 : 12, 3, d};
      if (one && n == 192) return {16, 2, d};
      if (one && n == 256) return {32, 4, d};
      if (n == 128) return {16, 2, d};
      if (n == 192) return {24, 3, d};
      return {sfd_row_vs64 ? 16 : 8, 2, d};
    }
  }
  if (kind == Sm100SparseEpilogue::nvf4) {
    if (d == 32) {
      if (n == 128) return {one ? 48 : 32, one ? 3 : 2, d};
      if (n == 192) return {one ? 32 : 48, one ? 2 : 3, d};
      if (k == 512) return {64, 2, d};
      return {one ? 32 : 48, one ? 2 : 3, d};
    }
    if (d == 16) {
      if (one || n == 128) return {32, 2, d};
      return {48, 3, d};
    }
    if (d == 4) {
      if (n == 128) return {8, 2, d};
      if (n == 192) return {12, 3, d};
      return {16, 4, d};
    }
  }
  return {};
}

// The same for a C of `cb` bits (sm100_builder.inl:292-404); {} where CUTLASS has none.
constexpr SparseEpilogueBudget sm100_sparse_c_budget(Sm100SparseEpilogue kind, bool one, bytes_t n, bytes_t k, int cb,
                                                     int d, bool sfd_row_vs64) {
  const bool two = !one;
  if (kind == Sm100SparseEpilogue::plain) {
    if (cb == 32 && d == 32) {
      if (n == 64) return {32, 4, cb};
      if (n == 192 || (one && n == 256)) return {48, 3, cb};
      if (one) return {64, 4, cb};
      if (n == 128) return {(k == 64 || k == 256) ? 32 : 64, 4, cb};
      return {k == 32 ? 32 : 64, 4, cb};
    }
    if (cb == 16 && (d == 16 || d == 8)) {
      if (n == 64) return {16, 4, cb};
      if (n == 128) return {32, 4, cb};
      if (n == 192 || one) return {48, 3, cb};
      return {64, 4, cb};
    }
    if (cb == 8 && d == 8) {
      if (n == 64) return {8, 2, cb};
      if (n == 128) return {16, 2, cb};
      if (n == 192) return {24, 3, cb};
      if (one) return {32, 4, cb};
      return k == 256 ? SparseEpilogueBudget{32, 4, cb} : SparseEpilogueBudget{16, 2, cb};
    }
  }
  if (kind == Sm100SparseEpilogue::mxf8f6f4) {
    if (cb == 32 && d == 32) {
      if (one) return n == 256 ? SparseEpilogueBudget{48, 3, cb} : SparseEpilogueBudget{64, 4, cb};
      return {n == 256 ? 64 : 32, 4, cb};
    }
    if (cb == 16 && d == 16) {
      if (one && n == 128) return {32, 4, cb};
      if (one) return {48, 3, cb};
      return {n == 256 ? 64 : 32, 4, cb};
    }
    if (cb == 16 && d == 8) {
      if (n == 128) return {32, 2, cb};
      if (one) return {48, 3, cb};
      if (n == 192) return {sfd_row_vs64 ? 64 : 32, 4, cb};
      return {64, 4, cb};
    }
  }
  if (kind == Sm100SparseEpilogue::nvf4) {
    if (cb == 32 && d == 32) {
      if (n == 128) return one ? SparseEpilogueBudget{48, 3, cb} : SparseEpilogueBudget{64, 4, cb};
      if (n == 192) return one ? SparseEpilogueBudget{64, 4, cb} : SparseEpilogueBudget{48, 3, cb};
      if (k == 512) return {64, 2, cb};
      return one ? SparseEpilogueBudget{64, 4, cb} : SparseEpilogueBudget{48, 3, cb};
    }
    if (cb == 16 && d == 16) {
      if (n == 128) return {32, 4, cb};
      if (n == 192 || two) return {48, 3, cb};
      return {k == 512 ? 64 : 32, 4, cb};
    }
    if (cb == 16 && d == 4) {
      if (one || n == 128) return {32, 2, cb};
      return {48, 3, cb};
    }
  }
  return {};
}

// The scale factors of D go row-major in 64-element vectors: the tables give those tiles N a multiple of 64.
constexpr bool sm100_sparse_sfd_row_vs64(const Config& config) {
  return config.fusion == Fusion::sf_gen && sf_output_row_major(config) && sf_output_vector(config) == 64;
}

// sm100_sparse_compute_tile_shape_or_override: M the CTA's (:122), N from the table's budget, else
// the fallback 16 KiB in 2 stages of D (void C) or 32 KiB in 4 of C (:288, :402). Its warps along N
// are one (the sparse CTA is 128 rows), so the tile's N is contiguous.
constexpr EpilogueTileShape sm100_sparse_epilogue_tile(const Config& config) {
  const Tile cta = sm100_epilogue_cta_tile(config);
  const Sm100SparseEpilogue kind = sm100_sparse_epilogue(config);
  const bool one = !sm100_epilogue_is_2sm(config);
  const bool vs64 = sm100_sparse_sfd_row_vs64(config);
  const int d = bits_of(config.d);
  SparseEpilogueBudget budget = config.c == Element::none
                                    ? sm100_sparse_void_c_budget(kind, one, cta.n, cta.k, d, vs64)
                                    : sm100_sparse_c_budget(kind, one, cta.n, cta.k, bits_of(config.c), d, vs64);
  if (budget.kib == 0)
    budget =
        config.c == Element::none ? SparseEpilogueBudget{16, 2, d} : SparseEpilogueBudget{32, 4, bits_of(config.c)};
  return {cta.m, budget.kib * 1024 * 8 / budget.stages / cta.m / budget.bits};
}

// sm100_sparse_get_tma_dispatch_policy (sm100_builder.inl:420-553): the tuned stage counts of D (a
// void C's; two otherwise) and of C (a C's; four for a void one), each at most the CTA's epilogue
// tiles; C and D share buffers when C is wider than 8 bits.
constexpr EpilogueStages sm100_sparse_epilogue_stages(const Config& config, EpilogueTileShape tile) {
  const Tile cta = sm100_epilogue_cta_tile(config);
  const Sm100SparseEpilogue kind = sm100_sparse_epilogue(config);
  const bool one = !sm100_epilogue_is_2sm(config), two = !one;
  const bytes_t n = cta.n, k = cta.k;
  const int d = bits_of(config.d);
  const int cb = config.c == Element::none ? 0 : bits_of(config.c);
  int stages_d = 2;
  int stages_c = 4;
  if (cb == 0) {
    const bool wide = d == 32 || d == 16;
    if (kind == Sm100SparseEpilogue::plain) {
      if ((wide && ((one && (n == 192 || n == 256)) || (two && n == 192))) || (d == 8 && two && n == 192)) stages_d = 3;
    } else if (kind == Sm100SparseEpilogue::mxf8f6f4) {
      if ((wide && one && n == 256) || (d == 8 && ((one && n == 128) || (two && n == 192))))
        stages_d = 3;
      else if ((d == 32 && one && n == 128) || (d == 32 && two && n == 256) || (d == 16 && two && n == 256) ||
               (d == 8 && one && n == 256))
        stages_d = 4;
    } else {
      if ((d == 32 && ((one && n == 128) || (two && n == 192) || (two && n == 256 && k == 256))) ||
          (d == 16 && two && (n == 192 || n == 256)) || (d == 4 && n == 192))
        stages_d = 3;
      else if (d == 4 && n == 256)
        stages_d = 4;
    }
  } else if (kind == Sm100SparseEpilogue::plain) {
    const bool tuned = (cb == 32 && d == 32) || (cb == 16 && d == 16) || (cb == 16 && d == 8);
    if ((tuned && ((one && (n == 192 || n == 256)) || (two && n == 192))) || (cb == 8 && d == 8 && n == 192))
      stages_c = 3;
    else if (cb == 8 && d == 8 && (n == 64 || n == 128 || (two && n == 256 && k == 128)))
      stages_c = 2;
  } else if (kind == Sm100SparseEpilogue::mxf8f6f4) {
    if ((cb == 32 && d == 32 && one && n == 256) || (cb == 16 && d == 16 && one && (n == 192 || n == 256)) ||
        (cb == 16 && d == 8 && ((one && (n == 128 || n == 256)) || (two && n == 128))))
      stages_c = 3;
  } else {
    if ((cb == 32 && d == 32 && ((one && n == 128) || (two && (n == 192 || n == 256)))) ||
        (cb == 16 && d == 16 && (n == 192 || (two && n == 256))) ||
        (cb == 16 && d == 4 && two && (n == 192 || n == 256)))
      stages_c = 3;
    else if ((cb == 32 && d == 32 && n == 256 && k == 512) || (cb == 16 && d == 4 && (one || n == 128)))
      stages_c = 2;
  }
  EpilogueStages s;
  s.sub_tiles = (cta.m / tile.m) * (cta.n / tile.n);
  s.d = static_cast<int>(s.sub_tiles < static_cast<bytes_t>(stages_d) ? s.sub_tiles : stages_d);
  s.c = static_cast<int>(s.sub_tiles < static_cast<bytes_t>(stages_c) ? s.sub_tiles : stages_c);
  s.reuse = cb > 8;
  return s;
}

// The TMA epilogue collective (sm100_epilogue_tma_warpspecialized.hpp) at the sparse tile and stages.
constexpr EpilogueLayout sm100_sparse_epilogue_layout(const Config& config, Checked& c) {
  EpilogueLayout out;
  out.tile = sm100_sparse_epilogue_tile(config);
  out.elements = {config.c, config.d, false};
  out.umma_atoms = true;
  out.contiguous_n = out.tile.n;
  out.stages = sm100_sparse_epilogue_stages(config, out.tile);
  out.fusion = sm100_fusion_storage(config, out, c);
  lay_out_epilogue(config, out, 0, c);
  return out;
}

// TensorStorage (sm100_sparse_mma_warpspecialized.hpp:272-277; the block-scaled one's :377-384),
// aligned_struct<128>: A, B and E, then SFA and SFB, each an ArrayEngine of bytes (16-byte aligned;
// B packed FP4 on the FP4 path, whose array is sub-byte).
template <class Parts = PartList>
constexpr MainloopTensors<Parts> sm100_sparse_tensors(const MainloopStage& s, bytes_t stages, Checked& c) {
  BasicStructLayout<Parts> layout(c, 128);
  layout.member("A tiles", array_engine_bytes(c.mul(s.a, stages), 8, c), 16, PartKind::tensor);
  const bytes_t b = c.mul(s.b, stages);
  layout.member("B tiles", s.bits_b < 8 ? b : array_engine_bytes(b, 8, c), s.bits_b < 8 ? 1 : 16, PartKind::tensor);
  layout.member("metadata E", array_engine_bytes(c.mul(s.e, stages), 8, c), 16, PartKind::tensor);
  if (s.sfa != 0) {
    layout.member("A scale factors", array_engine_bytes(c.mul(s.sfa, stages), 8, c), 16, PartKind::tensor);
    layout.member("B scale factors", array_engine_bytes(c.mul(s.sfb, stages), 8, c), 16, PartKind::tensor);
  }
  layout.finish("mainloop tensors");
  return {layout.parts(), layout.size(), layout.alignment(), pipeline_barrier_bytes(stages, c)};
}

namespace detail {

struct Sm100SparseSteps : DefaultGemmSteps {
  static constexpr RuleSet rule_set = RuleSet::sm100;
  static constexpr Rejection check(const Config& config) { return sm100_sparse_check(config); }
  static constexpr void choose_stages(Budget& budget, const Config& config, Checked& c) {
    budget.stage = sm100_sparse_stage(config, c);
    budget.epilogue = sm100_sparse_epilogue_layout(config, c);
    budget.epilogue_shared_storage = budget.epilogue.shared_storage;
    StageDecision& d = budget.decision;
    d.cutlass_capacity = sm100_cutlass_capacity;
    d.capacity = sm100_cutlass_capacity - sm100_sparse_builder_reserve(config);
    // CUTLASS's generator gives the kernels without block scales StageCountAutoCarveoutEpi
    // (python/cutlass_library/gemm_operation.py:961-962), the block-scaled ones the epilogue's size.
    switch (config.stages.kind) {
      case StagePolicy::Kind::auto_carveout:
        d.carveout = budget.epilogue.shared_storage;
        break;
      case StagePolicy::Kind::auto_epi:
        d.carveout = budget.epilogue.carveout_epi;
        break;
      default:
        d.carveout = 0;
    }
    d.estimate = budget.stage.estimate;
    d.stages = config.stages.kind == StagePolicy::Kind::fixed ? config.stages.count
                                                              : auto_stage_count(d.capacity, d.carveout, d.estimate);
    d.counts = StageCounts::uniform(d.stages);
  }
  template <class Parts>
  static constexpr GemmLayout<Parts> lay_out(const Config& config, const Budget& budget, const StageCounts& counts,
                                             Checked& c) {
    const MainloopTensors<Parts> mainloop = sm100_sparse_tensors<Parts>(budget.stage, counts.a, c);
    return {mainloop, sm100_kernel_layout<Parts>(config, mainloop, budget.epilogue, c)};
  }
  // The kernel asserts its size in device code (sm100_sparse_gemm_tma_warpspecialized.hpp:458).
  static constexpr SizeRefusal check_laid_out(const Config&, bytes_t total) {
    if (total <= sm100_cutlass_capacity) return {};
    return {Rejection::sm100_sparse_smem_exceeds_capacity, true};
  }
  static constexpr void record(Budget& budget, const Config& config) { sm100_record_accumulator(budget, config); }
  static constexpr bytes_t stage_search_ceiling(const Budget& budget) {
    return budget.limit < sm100_cutlass_capacity ? budget.limit : sm100_cutlass_capacity;
  }
};

}  // namespace detail

// Questions outside what the model of the sparse kernels covers; empty when it answers.
constexpr std::optional<std::string_view> sm100_sparse_invalid_input(const Config& config) {
  // The keys of SM90's and SM120's kernels, checked as for a dense kernel (whose builders take no
  // StageCountAutoCarveoutEpi; the sparse ones do, and CUTLASS's generator gives it them).
  Config dense = config;
  dense.sparse = false;
  dense.stages = StagePolicy{};
  if (const auto error = sm100_foreign_keys(dense)) return error;
  // The sparse builders change between releases (sm100_sparse_umma_builder.inl at 4.3.0 is not 4.7.0's);
  // what was measured is 4.7.0.
  if (config.cutlass != newest_release)
    return "not modelled on sm100: sparse kernels of CUTLASS releases other than 4.7.0 (the one measured)";
  if (config.grouped) return "CUTLASS has no grouped sparse SM100 GEMM";
  if (config.cp_async) return "CUTLASS's sparse SM100 mainloops load with TMA (no cp.async)";
  if (config.epilogue != EpilogueKind::tma)
    return "not modelled on sm100: a sparse kernel with another epilogue than TMA (CUTLASS's are TMA)";
  if (config.epilogue_schedule != EpilogueSchedule::automatic)
    return "not modelled on sm100: a sparse kernel's epilogue schedule apart from its kernel's (CUTLASS pairs them)";
  if (!config.epilogue_tile.automatic) return "not modelled on sm100: a given epilogue tile on a sparse kernel";
  if (config.epilogue_op_class != EpilogueOpClass::automatic)
    return "not modelled on sm100: a sparse kernel's epilogue class apart from its mainloop's";
  if (config.stages.kind == StagePolicy::Kind::auto_zero)
    return "not modelled on sm100: StageCountAuto on a sparse kernel";
  if (config.accumulator != Element::none)
    return "not modelled on sm100: a sparse kernel's accumulator other than its operands' own (f32; s32 for s8)";
  if (is_fp6(config.c) || is_fp6(config.d) || config.c == Element::e2m1)
    return "not modelled on sm100: FP6 C or D, or FP4 C, on a sparse kernel";
  const Tile& t = config.tile;
  if (t.n != 64 && t.n != 128 && t.n != 192 && t.n != 256)
    return "not modelled on sm100: a sparse tile N other than 64, 128, 192 or 256 (the epilogue builder's tables)";
  const OperandPair& types = config.types;
  if (config.scaling == Scaling::block) {
    if (config.schedule != Schedule::one_sm && config.schedule != Schedule::two_sm)
      return "the block-scaled sparse builder takes a named schedule: --schedule 1sm or 2sm";
    if (config.fusion != Fusion::none && config.fusion != Fusion::sf_gen)
      return "not modelled on sm100: fusions other than sf-gen on a block-scaled sparse kernel";
    // What CUTLASS's generator builds: MX operands on the MXF8F6F4 MMA, NVFP4 on the MXF4NVF4 one.
    const MmaPath path = mma_path(types, config.instruction);
    if (!is_narrow_float(types.a.data) || !is_narrow_float(types.b.data))
      return "sm100 block scaling takes FP4/FP6/FP8 operands (nvfp4, mxfp4, mxfp6, mxfp8 or their element names)";
    if (path == MmaPath::mxf8f6f4 && (config.instruction != Instruction::mxf8f6f4 || types.a.scale != ScaleType::ue8m0))
      return "not modelled on sm100: a block-scaled sparse kernel of MX operands other than through the MXF8F6F4 MMA "
             "(--instruction mxf8f6f4)";
    if (path == MmaPath::mxf4_nvf4 && (types.a.scale != ScaleType::ue4m3 || types.a.vector != 16))
      return "not modelled on sm100: a block-scaled sparse FP4 kernel other than NVFP4's "
             "(KernelSparseTmaWarpSpecialized"
             "{1,2}SmNvf4Sm100)";
    if (path == MmaPath::mxf4_nvf4 && !k_major_operands(config))
      return "not modelled on sm100: MN-major A or B of the sparse MXF4NVF4 MMA (CUTLASS asserts K-major)";
    if (bits_of(types.a.data) < 8 || bits_of(types.b.data) < 8) {
      if (path == MmaPath::mxf8f6f4)
        return "not modelled on sm100: FP4 or FP6 operands of the sparse MXF8F6F4 MMA (unpacked loads)";
    }
    if (config.fusion == Fusion::sf_gen && config.sf_output.vector != 0 &&
        config.sf_output.vector != (path == MmaPath::mxf8f6f4 ? 64 : 32))
      return "not modelled on sm100: sparse scale factors of D other than CUTLASS's (64 elements MX, 32 NVFP4)";
    return std::nullopt;
  }
  if (config.fusion != Fusion::none) return "not modelled on sm100: a fusion on a sparse kernel without block scales";
  if (config.d == Element::e2m1) return "not modelled on sm100: FP4 D on a sparse kernel without block scales";
  if (config.instruction != Instruction::automatic)
    return "instruction chooses a block-scaled MMA; without block scales CUTLASS picks the MMA from the types";
  const auto accepted = [](Element e) {
    return e == Element::f32 || e == Element::f16 || e == Element::bf16 || e == Element::s8 || e == Element::u8 ||
           e == Element::e4m3 || e == Element::e5m2;
  };
  if (!accepted(types.a.data) || !accepted(types.b.data))
    return "not modelled on sm100: sparse operands other than f32 (tf32), f16, bf16, s8, u8, e4m3 or e5m2";
  if (bits_of(types.a.data) != bits_of(types.b.data) || is_integer(types.a.data) != is_integer(types.b.data))
    return "not modelled on sm100: sparse A and B of different kinds";
  if (!k_major_operands(config))
    return "not modelled on sm100: MN-major A or B of a sparse kernel without block scales";
  return std::nullopt;
}

constexpr bool sm100_sparse_shape_compiles(const Config& config) {
  return sm100_sparse_check(config) == Rejection::none;
}

// Preconditions: sm100_sparse_invalid_input(config) is empty.
template <class Parts = PartList>
constexpr std::optional<Budget> evaluate_sm100_sparse(const Config& config, const ArchLimits& arch) {
  return evaluate_gemm<detail::Sm100SparseSteps, Parts>(config, arch);
}

}  // namespace smem_budget
