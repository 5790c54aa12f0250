// The CUTLASS 2.x sparse tensor-op mainloop (SparseMmaMultistage over DefaultSparseMmaCore, the
// mainloop of device::SparseGemm; gemm/threadblock/default_mma_core_sparse_sm80.h, v4.7.0): A is 2:4
// structured-sparse, so its tiles hold half the tile's K, and a metadata tile E says which halves
// are kept. Its shared storage and the assertions its layouts and thread maps make of the tile.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/sm80/mainloop.hpp"

namespace smem_budget {

// The sparse mma.sync (arch/mma_sparse_sm80.h, mma_sparse_sm89.h): the dense instruction's M and N
// at twice its K (m16n8k32 for 16-bit floats, m16n8k16 for tf32, m16n8k64 for 8-bit types,
// m16n8k128 for s4).
constexpr Sm80Instruction sm80_sparse_instruction(Element operand) {
  Sm80Instruction mma = sm80_instruction(operand, Sm80Mma::ampere);
  mma.k *= 2;
  return mma;
}

// A's kept elements: kSparse = 2 for every SM80/SM89 sparse instruction.
inline constexpr bytes_t sm80_sparsity = 2;

// The metadata's shape (gemm/warp/mma_sparse_tensor_op.h:160-176): ElementE is uint32_t where the
// instruction's kMaxID2 is 1 (8- and 4-bit operands, arch/mma_sparse_sm80.h:521-1175), uint16_t
// otherwise (16-bit and tf32); one ElementE
// serves 128 / (A's bits) elements of A; the tile is interleaved by 2 (MmaCore's kInterleavedE).
struct Sm80Metadata {
  int bits = 16;                  // sizeof_bits<ElementE>
  bytes_t a_per_element = 8;      // kElementsPerElementE
  static constexpr bytes_t interleave = 2;
};
constexpr Sm80Metadata sm80_metadata(Element a) {
  const int a_bits = bits_of(a);
  return {a_bits <= 8 ? 32 : 16, bytes_t{128} / a_bits};
}

// SparseMmaBase::SharedStorage's tiles (gemm/threadblock/mma_sparse_base.h:151-186), the policy
// padding nothing (MatrixShape<0, 0>, default_mma_core_sparse_sm80.h:302): A as M x (K / 2 x
// stages), B as (K x stages) x N and E as (2 M) x (K / 2 / kElementsPerElementE / 2 x stages).
constexpr Sm80TileBits sm80_sparse_tile_bits(const Config& config, bytes_t stages, Checked& c) {
  const Tile& t = config.tile;
  const Sm80Metadata e = sm80_metadata(config.types.a.data);
  const bytes_t a_columns = c.mul(t.k / sm80_sparsity, stages);
  const bytes_t e_columns = c.mul(t.k / sm80_sparsity / e.a_per_element / Sm80Metadata::interleave, stages);
  return {c.mul(c.mul(t.m, a_columns), bits_of(config.types.a.data)),
          c.mul(c.mul(c.mul(t.k, stages), t.n), bits_of(config.types.b.data)),
          c.mul(c.mul(t.m * Sm80Metadata::interleave, e_columns), e.bits)};
}

namespace detail {

// transform::PitchLinearStripminedThreadMap (transform/pitch_linear_thread_map.h:85-100): `threads`
// threads copy a contiguous x strided tile in accesses of `per_access` elements; the contiguous
// accesses must be a multiple of the threads, or the threads of them.
constexpr Rejection sm80_stripmined_thread_map(bytes_t contiguous, bytes_t threads, bytes_t per_access) {
  if (contiguous % per_access != 0) return Rejection::sm80_stripmined_vector;
  const bytes_t accesses = contiguous / per_access;
  if (threads == 0 || accesses == 0) return Rejection::sm80_stripmined_threads;
  const bool fits = (threads < accesses && accesses % threads == 0) || threads % accesses == 0;
  return fits ? Rejection::none : Rejection::sm80_stripmined_threads;
}

}  // namespace detail

// The sparse mainloop's global iterators are PredicatedTileAccessIterators too (DefaultSparseMma,
// gemm/threadblock/default_sparse_mma.h:155-180): A over M x K / 2 and B over K x N with the sparse core's
// raked maps (B arranged along K by kCrosswiseB, default_mma_core_sparse_sm80.h:388-397), each access split
// into the alignment's vectors, and E over its stripmined map (:276-292) of 16-byte accesses. The same 64
// predicates a thread (predicated_tile_access_iterator.h:86-104). E's are M K / 128 accesses (16-bit and tf32 A:
// 8 of A an ElementE of 16 bits; 8-bit A: 16 of A a 32-bit one) over up to all the threads, and A's K line (K / 2
// of at most 128 bytes) keeps that under 64 a thread below a tile M of 1,024 per warp: not checked.
// Measured (sm80-predicates-names-device.json): f16 tn 64x128x128 with one warp (B 64 predicates) built,
// 64x256x128 (128) refused.
constexpr Rejection sm80_sparse_predicate_check(const Config& config) {
  const Tile& t = config.tile;
  const bytes_t threads = 32 * sm80_warp_count(config).count();
  const auto predicates = [&](bytes_t mn, bytes_t k, Element e, bool k_major, bytes_t alignment, bytes_t crosswise) {
    const int bits = bits_of(e);
    const bytes_t per_access = 128 / bits;
    const bytes_t copies =
        k_major ? detail::sm80_raked_thread_map(k, mn, threads, per_access, crosswise / per_access).copies
                : detail::sm80_raked_thread_map(mn, k, threads, per_access, mn / per_access < 8 ? mn / per_access : 8)
                      .copies;
    return sm80_access_predicates(copies, per_access, alignment);
  };
  const bytes_t a_k = t.k / sm80_sparsity;
  const int b_bits = bits_of(config.types.b.data);
  const bytes_t b_crosswise = t.k < 1024 / b_bits ? t.k : 1024 / b_bits;
  const bytes_t a = predicates(t.m, a_k, config.types.a.data, k_major_a(config), config.alignment.a, a_k);
  const bytes_t b = predicates(t.n, t.k, config.types.b.data, k_major_b(config), config.alignment.b, b_crosswise);
  if (sm80_predicates_exceed(a) || sm80_predicates_exceed(b)) return Rejection::sm80_too_many_predicates;
  return Rejection::none;
}

// What DefaultSparseMmaCore and the sparse warp MMA assert, in the dense kernel's order: the warp
// tile divides the tile (default_mma_core_sparse_sm80.h:178); A's tile at half K is copied and
// stored as the dense kernel's (crosswise when K-major); a K-major B is stored crosswise over at
// most 128 bytes of K (kCrosswiseB, :388-391), so it never outgrows a line; E's stripmined map
// (:280-291) uses at most one thread per 16-byte access of E; the sparse instruction divides the
// warp tile and a warp runs an even number, at least two, of them along K (mma_sparse_base.h:123-128).
constexpr Rejection sm80_sparse_mainloop_check(const Config& config) {
  const Tile& t = config.tile;
  if (t.m % config.warp.m != 0 || t.n % config.warp.n != 0) return Rejection::sm80_warp_divides_tile;
  const bytes_t threads = 32 * sm80_warp_count(config).count();
  const int a_bits = bits_of(config.types.a.data);
  const int b_bits = bits_of(config.types.b.data);
  const bytes_t a_k = t.k / sm80_sparsity;
  if (const Rejection why = detail::sm80_operand(t.m, a_k, a_bits, k_major_a(config), threads, a_k);
      why != Rejection::none)
    return why;
  const bytes_t b_crosswise = t.k < 1024 / b_bits ? t.k : 1024 / b_bits;
  if (const Rejection why = detail::sm80_operand(t.n, t.k, b_bits, k_major_b(config), threads, b_crosswise);
      why != Rejection::none)
    return why;
  const Sm80Metadata e = sm80_metadata(config.types.a.data);
  const bytes_t e_per_access = 128 / e.bits;
  const bytes_t e_accesses = t.m * a_k / e.a_per_element / e_per_access;
  const bytes_t e_threads = e_accesses > threads ? threads : e_accesses;
  if (const Rejection why = detail::sm80_stripmined_thread_map(t.m * Sm80Metadata::interleave, e_threads, e_per_access);
      why != Rejection::none)
    return why;
  if (const Rejection why = sm80_sparse_predicate_check(config); why != Rejection::none) return why;
  return detail::sm80_warp_mma_check(config.warp, sm80_sparse_instruction(config.types.a.data));
}

}  // namespace smem_budget
