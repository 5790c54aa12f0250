// The CUTLASS 2.x tensor-op mainloop (MmaMultistage; MmaPipelined at two stages): its shared
// storage, and the assertions its shared-memory layouts and global-to-shared thread maps make of
// the tile. The layouts are SM80's DefaultMmaCore for tensor ops
// (gemm/threadblock/default_mma_core_sm80.h:1250-1800, v4.7.0): a K-major operand is stored
// "crosswise", an M- or N-major one "congruous", both swizzled without padding.
#pragma once

#include <string_view>

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"

namespace smem_budget {

// The tensor-op MMAs a 2.x kernel runs: SM80's (SM80…SM89, and SM120), SM80's with SM90's DMMA
// m16n8k4 for f64 and complex<double>, or Turing's (SM75).
enum class Sm80Mma { ampere, hopper_dmma, turing };

// The tensor-op instruction shape (InstructionShape) SM80 and SM89 pair with an operand type:
// mma.sync m16n8k16 for 16-bit floats, m16n8k8 for tf32 (and complex<float>'s real and imaginary
// parts), m16n8k32 for 8-bit integers and floats, m16n8k64 for 4-bit integers, m16n8k256 for b1
// (the XOR and AND population-count MMAs, OpXorPopc and OpAndPopc); f64 and complex<double>
// run the DMMA m8n8k4, which SM90's 2.x kernels replace with its m16n8k4 (arch/mma_sm90.h:84; the
// generator's GenerateSM90_TensorOp_1684*, generator.py:6138-6290). A mixed-input GEMM runs the wider
// operand's MMA on the narrower one converted in registers (OpMultiplyAddMixedInputUpcast,
// gemm/warp/default_mma_tensor_op_sm80.h:240-360, v4.7.0). Turing's are the shapes
// DefaultGemmConfiguration<OpClassTensorOp, Sm75, …> names and its clients pass (SGLang's and vLLM's
// GemmShape<8, 8, 16>): mma.sync m16n8k8 for f16, m8n8k16 for 8-bit integers, m8n8k32 for 4-bit ones
// (gemm/device/default_gemm_configuration.h:205, 240, 344; arch/mma_sm75.h).
struct Sm80Instruction {
  bytes_t m = 16;
  bytes_t n = 8;
  bytes_t k = 16;
};
// The type a 2.x kernel's MMA computes in: its operands' one type, or a mixed-input GEMM's wider one.
constexpr Element sm80_mma_operand(const OperandPair& types) {
  return bits_of(types.a.data) >= bits_of(types.b.data) ? types.a.data : types.b.data;
}

constexpr Sm80Instruction sm80_instruction(Element operand, Sm80Mma mmas) {
  if (mmas == Sm80Mma::turing) {
    switch (bits_of(operand)) {
      case 8:
        return {8, 8, 16};
      case 4:
        return {8, 8, 32};
      default:
        return {16, 8, 8};
    }
  }
  if (operand == Element::f64 || operand == Element::cf64)
    return mmas == Sm80Mma::hopper_dmma ? Sm80Instruction{16, 8, 4} : Sm80Instruction{8, 8, 4};
  if (operand == Element::cf32) return {16, 8, 8};
  switch (bits_of(operand)) {
    case 32:
      return {16, 8, 8};
    case 8:
      return {16, 8, 32};
    case 4:
      return {16, 8, 64};
    case 1:
      return {16, 8, 256};
    default:
      return {16, 8, 16};
  }
}

// Warps per threadblock tile, M x N x K (WarpCount): K above 1 splits the tile's K among warps
// (sliced-K), which the epilogue then reduces through shared memory.
struct Sm80WarpCount {
  bytes_t m = 1;
  bytes_t n = 1;
  bytes_t k = 1;
  constexpr bytes_t count() const { return m * n * k; }
};
constexpr Sm80WarpCount sm80_warp_count(const Config& config) {
  return {config.tile.m / config.warp.m, config.tile.n / config.warp.n, config.tile.k / config.warp.k};
}

// The bits of the mainloop's tiles for all stages: A's, B's, a sparse kernel's metadata E's, and a
// weight-only kernel's scales and zero points of B.
struct Sm80TileBits {
  bytes_t a = 0;
  bytes_t b = 0;
  bytes_t e = 0;
  bytes_t scale = 0;
  bytes_t zero = 0;
  std::string_view scale_name = "scales";  // a row per stage, or one row in all ("per-column scales")
};

// The mainloop's SharedStorage (MmaBase's, gemm/threadblock/mma_base.h:140-166; SparseMmaBase's,
// mma_sparse_base.h:151-186; TensorRT-LLM's DqMmaBase's, sm80/dequant_mainloop.hpp): its tiles in
// that order, each an AlignedBuffer (16-byte aligned, its bytes rounded up to a whole byte; one of
// no elements takes none).
template <class Parts>
constexpr MainloopTensors<Parts> sm80_shared_tiles(const Sm80TileBits& bits, Checked& c) {
  BasicStructLayout<Parts> layout(c);
  layout.member("A tiles", ceil_div(bits.a, 8), 16, PartKind::tensor);
  layout.member("B tiles", ceil_div(bits.b, 8), 16, PartKind::tensor);
  if (bits.e != 0) layout.member("E tiles (sparse metadata)", ceil_div(bits.e, 8), 16, PartKind::tensor);
  if (bits.scale != 0) layout.member(bits.scale_name, ceil_div(bits.scale, 8), 16, PartKind::tensor);
  if (bits.zero != 0) layout.member("zero points", ceil_div(bits.zero, 8), 16, PartKind::tensor);
  layout.finish("mainloop tensors");
  return {layout.parts(), layout.size(), layout.alignment(), 0};
}

// The tensor-op mainloop's tiles: A as M x (K x stages) and B as (K x stages) x N elements; the
// tensor-op policies pad neither (MatrixShape<0, 0>). A planar complex kernel's
// (MmaPlanarComplexBase::SharedStorage, gemm/threadblock/mma_planar_complex_base.h:106-137) holds
// each twice, a real and an imaginary plane (kImaginaryStrideA/B), with the real kernel's policies
// (its DefaultMma's, default_mma_planar_complex_multistage.h:94-127).
constexpr Sm80TileBits sm80_tile_bits(const Config& config, bytes_t stages, Checked& c) {
  const Tile& t = config.tile;
  const bytes_t k_stages = c.mul(c.mul(t.k, stages), config.planar_complex ? 2 : 1);
  return {c.mul(c.mul(t.m, k_stages), bits_of(config.types.a.data)),
          c.mul(c.mul(k_stages, t.n), bits_of(config.types.b.data)), 0};
}

namespace detail {

// transform::PitchLinearWarpRakedThreadMap (transform/pitch_linear_thread_map.h:221-300): how
// `threads` threads copy a contiguous x strided tile, each warp raked as `arrangement_contiguous` x
// (32 / that) threads; its iterations along the strided extent, or why it does not compile.
struct Sm80ThreadMap {
  Rejection why = Rejection::none;
  bytes_t iterations_strided = 0;
  bytes_t copies = 0;  // Iterations::kCount: the accesses each thread makes
};
constexpr Sm80ThreadMap sm80_raked_thread_map(bytes_t contiguous, bytes_t strided, bytes_t threads,
                                              bytes_t elements_per_access, bytes_t arrangement_contiguous) {
  if (contiguous % elements_per_access != 0) return {Rejection::sm80_thread_map_vector};
  const bytes_t accesses = contiguous / elements_per_access;
  if (arrangement_contiguous < 1 || arrangement_contiguous > 32) return {Rejection::sm80_thread_map_arrangement};
  const bytes_t arrangement_strided = 32 / arrangement_contiguous;
  if (accesses % arrangement_contiguous != 0 || strided % arrangement_strided != 0)
    return {Rejection::sm80_thread_map_arrangement};
  const bytes_t warps = threads / 32;
  const bytes_t iterations_contiguous = accesses / arrangement_contiguous;
  const bytes_t iterations_strided = strided / arrangement_strided;
  const bytes_t warps_strided = iterations_strided >= warps ? warps : iterations_strided;
  const bytes_t warps_contiguous = warps > iterations_strided ? warps / warps_strided : 1;
  if (warps_strided == 0 || iterations_contiguous / warps_contiguous == 0 || iterations_strided / warps_strided == 0)
    return {Rejection::sm80_thread_map_iterations};
  return {Rejection::none, iterations_strided / warps_strided,
          iterations_contiguous / warps_contiguous * (iterations_strided / warps_strided)};
}

// transform::PitchLinearWarpStripedThreadMap (pitch_linear_thread_map.h:648-718), which the f64 and
// complex<float> cores give an M- or N-major operand: one element per access, warps of 16 x 2
// threads, split first along the strided extent. It asserts only that every warp copies something;
// a tile it would divide by zero does not compile either.
// Its Iterations (:711-714) are the copies: the warp's accesses along each extent over the warps there. Measured
// (sm80-predicates-names-device.json): f64 64x32x64 with 2 warps, column-major A (64 predicates), built; 128x32x64
// (128) refused, and complex<float> alike.
constexpr Sm80ThreadMap sm80_striped_thread_map(bytes_t contiguous, bytes_t strided, bytes_t threads) {
  const bytes_t warps = threads / 32;
  const bytes_t warp_iterations_contiguous = contiguous / 16;
  const bytes_t warp_iterations_strided = strided / 2;
  if (warp_iterations_strided == 0) return {Rejection::sm80_thread_map_iterations};
  const bytes_t warps_strided = warp_iterations_strided >= warps ? warps : warps / warp_iterations_strided;
  const bytes_t warps_contiguous = warps > warp_iterations_strided ? warp_iterations_contiguous / warps_strided : 1;
  if (warps_strided == 0 || warps_contiguous == 0 || warp_iterations_contiguous / warps_contiguous == 0 ||
      warp_iterations_strided / warps_strided == 0)
    return {Rejection::sm80_thread_map_iterations};
  const bytes_t iterations_strided = warp_iterations_strided / warps_strided;
  return {Rejection::none, iterations_strided, warp_iterations_contiguous / warps_contiguous * iterations_strided};
}

// One operand's tile as DefaultMmaCore copies and stores it: `mn` is its M (A) or N (B), `k` its
// K, `crosswise` the K extent of its crosswise layout (the tile's K; a sparse kernel's B caps it).
// `arrangement_bits`, where not 0, is the width whose 16-byte accesses set a K-major operand's threads
// along K in place of its own: the core for a column-major A and a column-major B arranges B's by A's
// (kWarpThreadArrangementContiguousB = K / (128 / bits of A), default_mma_core_sm80.h:1529-1530, 1577-1578), which
// only a mixed-input GEMM tells apart.
constexpr Rejection sm80_operand(bytes_t mn, bytes_t k, int bits, bool k_major, bytes_t threads, bytes_t crosswise,
                                 int arrangement_bits = 0) {
  const bytes_t per_access = 128 / bits;
  if (k_major) {
    // …TensorOpMultiplicandCrosswise<bits, crosswise>: kFactor, the K-blocks one 128-byte line of
    // shared memory holds, must not be 0 (layout/tensor_op_multiplicand_sm75.h:87-94).
    if (8 * per_access / crosswise == 0) return Rejection::sm80_crosswise_line;
    const bytes_t arrangement = crosswise / (128 / (arrangement_bits != 0 ? arrangement_bits : bits));
    if (const Rejection why = sm80_raked_thread_map(k, mn, threads, per_access, arrangement).why; why != Rejection::none)
      return why;
    // The crosswise shared-memory iterator swizzles whole K lines: a warp's copy along K (the thread
    // map's Delta, arrangement x accesses, pitch_linear_thread_map.h:302-305) must be whole lines of
    // `crosswise` (regular_tile_access_iterator_tensor_op.h:463), which an arrangement by a narrower A's
    // accesses leaves half of (measured: s8 x f16, both column-major, refused on sm_80).
    if (arrangement * per_access % crosswise != 0) return Rejection::sm80_crosswise_delta;
    return Rejection::none;
  }
  const bytes_t arrangement = mn / per_access < 8 ? mn / per_access : 8;
  return sm80_raked_thread_map(mn, k, threads, per_access, arrangement).why;
}

// One f64, complex<float> or complex<double> operand's tile as their cores copy and store it, one
// element per access (default_mma_core_sm80.h:78-546; default_multistage_mma_complex_core_sm80.h:
// 70-1116): 64-bit elements striped (M- or N-major) or raked 16 x 2 (K-major) into the …64b
// layouts, 128-bit ones raked 8 x 4 into …128b and …Crosswise128x4. The shared-memory iterators of
// these layouts take at least two warps (regular_tile_access_iterator_tensor_op_sm80.h:90, 454,
// 829, 1194), Crosswise128x4's an even number of strided iterations (:1213).
constexpr Rejection sm80_wide_operand(bytes_t mn, bytes_t k, int bits, bool k_major, bytes_t threads) {
  const bytes_t contiguous = k_major ? k : mn;
  const bytes_t strided = k_major ? mn : k;
  Sm80ThreadMap map;
  if (bits == 128)
    map = sm80_raked_thread_map(contiguous, strided, threads, 1, 8);
  else if (k_major)
    map = sm80_raked_thread_map(contiguous, strided, threads, 1, 16);
  else
    map = sm80_striped_thread_map(contiguous, strided, threads);
  if (map.why != Rejection::none) return map.why;
  if (threads / 32 < 2) return Rejection::sm80_iterator_two_warps;
  if (bits == 128 && k_major && map.iterations_strided % 2 != 0) return Rejection::sm80_crosswise128_iterations;
  return Rejection::none;
}

// The warp-level assertions: the instruction divides the warp tile (an M- or N-major operand's
// iterator, gemm/warp/mma_tensor_op_tile_iterator.h:130-134; kept as read for the iterators
// sm80_ldsm_warp_check does not cover, unmeasured along M and N); a warp runs an even number, at
// least two, of instructions along K (mma_base.h:128-133, mma_sparse_base.h:123-128).
constexpr Rejection sm80_warp_k_check(bytes_t warp_k, const Sm80Instruction& mma) {
  const bytes_t k_iterations = warp_k / mma.k;
  if (k_iterations < 2) return Rejection::sm80_warp_k_iterations;
  if (k_iterations % 2 != 0) return Rejection::sm80_warp_k_iterations_even;
  return Rejection::none;
}
constexpr Rejection sm80_warp_mma_check(const WarpTile& w, const Sm80Instruction& mma) {
  if (w.m % mma.m != 0 || w.n % mma.n != 0) return Rejection::sm80_instruction_divides_warp;
  return sm80_warp_k_check(w.k, mma);
}

}  // namespace detail

// The interleaving of cutlass_library's interleaved integer GEMMs, in elements: 256 bits, 32 8-bit
// (ColumnMajorInterleaved<32>, GenerateSM80_TensorOp_16832_Interleaved) or 64 4-bit ones (…<64>,
// GenerateSM80_TensorOp_16864_Interleaved; generator.py:3154-3390).
constexpr bytes_t sm80_interleaved_k(const Config& config) { return 256 / bits_of(config.types.a.data); }

namespace detail {

// The interleaved cores (default_mma_core_sm80.h:1780-1900): each operand copied as its M (N) x
// InterleavedK contiguous by K / InterleavedK strided, warps raked 32 x 1 (IteratorThreadMapA/B),
// into crosswise layouts over InterleavedK, unpadded.
// The shared-memory copy transposes that map (SmemThreadMapA/B, TransposePitchLinearThreadMap,
// default_mma_core_sm80.h:1895-1898, 1912-1915), whose Iterations are the map's swapped and must be one along
// its contiguous extent ("Contiguous iteration has to be one…", transform/pitch_linear_thread_map.h:525-530):
// the raked map's strided iterations, K / InterleavedK over the warps along it, must be one, so the
// threadblock needs K / InterleavedK warps or more (measured: s8 256x32x128 and 256x32x256 with one warp
// refused; the generator's tiles all have them).
constexpr Rejection sm80_interleaved_operands(const Config& config, bytes_t threads) {
  const bytes_t k = sm80_interleaved_k(config);
  const bytes_t per_access = 128 / bits_of(config.types.a.data);
  for (bytes_t mn : {config.tile.m, config.tile.n}) {
    const auto map = sm80_raked_thread_map(mn * k, config.tile.k / k, threads, per_access, 32);
    if (map.why != Rejection::none) return map.why;
    if (map.iterations_strided != 1) return Rejection::sm80_interleaved_transpose;
  }
  return Rejection::none;
}

}  // namespace detail

namespace detail {

// The accesses each thread makes to copy one operand's tile (the core's thread map's Iterations::kCount),
// as sm80_operand and sm80_wide_operand lay the maps out: the 64-bit (f64, complex<float>) M- or N-major
// operand's striped map too (default_mma_core_sm80.h:158-161, 278-292, 521-524;
// default_multistage_mma_complex_core_sm80.h:688-690, 818-831, 1091), one element an access.
constexpr bytes_t sm80_operand_copies(bytes_t mn, bytes_t k, int bits, bool k_major, bytes_t threads, bool wide,
                                      int arrangement_bits) {
  if (wide) {
    if (bits == 128) return sm80_raked_thread_map(k_major ? k : mn, k_major ? mn : k, threads, 1, 8).copies;
    return k_major ? sm80_raked_thread_map(k, mn, threads, 1, 16).copies
                   : sm80_striped_thread_map(mn, k, threads).copies;
  }
  const bytes_t per_access = 128 / bits;
  if (k_major)
    return sm80_raked_thread_map(k, mn, threads, per_access, k / (128 / (arrangement_bits != 0 ? arrangement_bits : bits)))
        .copies;
  return sm80_raked_thread_map(mn, k, threads, per_access, mn / per_access < 8 ? mn / per_access : 8).copies;
}

}  // namespace detail

// A thread's predicates for `copies` accesses of `per_access` elements: one per vector of the operand's
// alignment in each access (kAccessesPerVector).
constexpr bytes_t sm80_access_predicates(bytes_t copies, bytes_t per_access, bytes_t alignment) {
  return copies * (alignment != 0 && alignment < per_access ? per_access / alignment : 1);
}

// The global-memory iterators' guard predicates (PredicatedTileAccessIterator, which MmaMultistage reads
// through and MmaPipelined's PredicatedTileIterator wraps: transform/threadblock/predicated_tile_access_
// iterator.h:86-104): one per access of the core's thread map per vector of the operand's alignment
// (kAccessesPerVector, a 16-byte access over alignment-wide copies), packed 16 to a 32-bit word, at most four
// words: 64 predicates. A tile large for its warps asks more (measured: tf32 128x64x128 with one warp and a
// column-major A, 128 accesses a thread, is refused on sm_89).
// An interleaved operand (ColumnMajorInterleaved / RowMajorInterleaved) is the pitch-linear iterator over
// mn x InterleavedK by K / InterleavedK (predicated_tile_access_iterator.h:1738-1775, 1929-1966) with the
// interleaved core's raked map (default_mma_core_sm80.h:1889-1892, 1906-1909) at the generator's alignment, one
// access a vector. Its strided iterations are one (sm80_interleaved_operands), so a thread's predicates are its
// accesses along mn x InterleavedK, 32 threads a row: more than 64 only for a tile M (N) over 1,024 per warp
// along it (measured, sm80-interleaved-names-device.json: 2048 over two warps refused, 1024 built).
constexpr bool sm80_predicates_exceed(bytes_t predicates) { return ceil_div(ceil_div(predicates, 4), 4) > 4; }
constexpr Rejection sm80_predicate_check(const Config& config) {
  const Tile& t = config.tile;
  const bytes_t threads = 32 * sm80_warp_count(config).count();
  if (config.interleaved) {
    const bytes_t k = sm80_interleaved_k(config);
    const bytes_t per_access = 128 / bits_of(config.types.a.data);
    for (bytes_t mn : {t.m, t.n})
      if (sm80_predicates_exceed(detail::sm80_raked_thread_map(mn * k, t.k / k, threads, per_access, 32).copies))
        return Rejection::sm80_too_many_predicates;
    return Rejection::none;
  }
  const Element a = config.types.a.data;
  const bool wide = is_f64_or_complex(a);
  const auto too_many = [&](bytes_t mn, Element e, bool k_major, bytes_t alignment, int arrangement_bits) {
    const int bits = bits_of(e);
    const bytes_t copies = detail::sm80_operand_copies(mn, t.k, bits, k_major, threads, wide, arrangement_bits);
    return sm80_predicates_exceed(sm80_access_predicates(copies, wide ? 1 : 128 / bits, alignment));
  };
  const int b_arrangement_bits = !k_major_a(config) && k_major_b(config) ? bits_of(a) : 0;
  if (too_many(t.m, a, k_major_a(config), config.alignment.a, 0) ||
      too_many(t.n, config.types.b.data, k_major_b(config), config.alignment.b, b_arrangement_bits))
    return Rejection::sm80_too_many_predicates;
  return Rejection::none;
}

// MmaMultistage (three or more stages) copies A and B to shared memory with cp.async, whose copies are 4, 8
// or 16 bytes (cp_async_zfill's static_assert, arch/memory_sm80.h:158-160, and cp_async's); MmaPipelined, at
// two stages, loads through registers. An alignment of one or two 16-bit elements, or below four 8-bit ones,
// copies less (measured: f16 with alignment 1 refused on sm_120a).
constexpr Rejection sm80_cp_async_check(const Config& config, bytes_t stages) {
  if (stages < 3) return Rejection::none;
  const auto narrow = [](bytes_t alignment, Element e) { return alignment != 0 && alignment * bits_of(e) < 32; };
  return narrow(config.alignment.a, config.types.a.data) || narrow(config.alignment.b, config.types.b.data)
             ? Rejection::sm80_cp_async_size
             : Rejection::none;
}

// What the mainloop's core asserts of the tile, in the order a build reports them: the warp tile
// divides the threadblock tile (default_mma_core_sm80.h:1414); the f64 and complex cores take at
// least two warps (default_mma_core_sm80.h:137, all but row-major A with column-major B;
// default_multistage_mma_complex_core_sm80.h:137…1055); the shared-memory layouts and thread maps
// of A and B accept their tiles; the f64 and complex warp iterators read whole 16 (64-bit) or 8
// (128-bit) rows of M or N by 4 of K (gemm/warp/mma_tensor_op_tile_iterator_sm80.h:99, 854;
// mma_complex_tensor_op_tile_iterator_sm80.h:99, 1145).
constexpr Rejection sm80_mainloop_tile_check(const Config& config) {
  const Tile& t = config.tile;
  const WarpTile& w = config.warp;
  if (t.m % w.m != 0 || t.n % w.n != 0) return Rejection::sm80_warp_divides_tile;
  const bytes_t threads = 32 * sm80_warp_count(config).count();
  if (config.interleaved) {
    if (const Rejection why = detail::sm80_interleaved_operands(config, threads); why != Rejection::none) return why;
    return sm80_predicate_check(config);
  }
  const Element operand = config.types.a.data;
  const int bits = bits_of(operand);
  const bool wide = is_f64_or_complex(operand);
  const bool two_warp_core = is_complex(operand) || !(k_major_a(config) && k_major_b(config));
  if (wide && two_warp_core && threads / 32 < 2) return Rejection::sm80_two_warps;
  const auto operand_check = [&](bytes_t mn, int operand_bits, bool k_major, int arrangement_bits) {
    return wide ? detail::sm80_wide_operand(mn, t.k, operand_bits, k_major, threads)
                : detail::sm80_operand(mn, t.k, operand_bits, k_major, threads, t.k, arrangement_bits);
  };
  if (const Rejection why = operand_check(t.m, bits, k_major_a(config), 0); why != Rejection::none) return why;
  // A mixed-input GEMM's B is not A's width; with a column-major A and B its core arranges B's copy by A's.
  const int b_arrangement_bits = !k_major_a(config) && k_major_b(config) ? bits : 0;
  if (const Rejection why = operand_check(t.n, bits_of(config.types.b.data), k_major_b(config), b_arrangement_bits);
      why != Rejection::none)
    return why;
  if (wide) {
    const bytes_t rows = bits == 128 ? 8 : 16;
    if (w.m % rows != 0 || w.n % rows != 0 || w.k % 4 != 0) return Rejection::sm80_warp_iterator_divisibility;
  }
  return sm80_predicate_check(config);
}

// The warp's shared-memory iterator of an MN-major operand. The core lays it out as
// TensorOpMultiplicandCongruous<bits, min(128 / sizeof(element), M or N)> (default_mma_core_sm80.h:
// 1305-1314), and the warp iterators exist for 64 of those (any width) and for the 16- and 32-bit
// ones' narrower layouts (gemm/warp/mma_tensor_op_tile_iterator.h:105-109, 504-506, 869-871,
// 1273-1275). An 8-bit or narrower operand therefore reads MN-major only from a tile M (N) of 64
// (measured: 8-bit A or B over 32, 128 and 256 refused, over 64 built).
constexpr bool sm80_narrow_mn_major_readable(const Config& config) {
  const auto readable = [](int bits, bool k_major, bytes_t extent) {
    return k_major || bits >= 16 || extent == 64;  // min(128, extent) == 64
  };
  return readable(bits_of(config.types.a.data), k_major_a(config), config.tile.m) &&
         readable(bits_of(config.types.b.data), k_major_b(config), config.tile.n);
}

namespace detail {

// The warp's LDSM iterator over a K-major operand (MmaTensorOpMultiplicandTileIterator over
// TensorOpMultiplicandCrosswise, gemm/warp/mma_tensor_op_tile_iterator.h:2204-2228): the warp tile's M (A) or N
// (B), `strided`, in whole 8-row LDSM tiles (:2217-2219), not whole instructions (MmaTensorOp rounds its M
// iterations up, mma_tensor_op.h:265-268; so do MmaMixedInputTensorOp, mma_mixed_input_tensor_op.h:461-464, and
// TensorRT-LLM's MmaTensorOpComputeBWithF16), and LDSMs of 1, 2 or 4 matrices, the only ldsm<…, N> CUTLASS defines
// (arch/memory_sm75.h:75-123; ptxas stops at any other). One LDSM covers `load_k` (the K of the instruction the
// iterator is given) in load_k / (the operand's elements per 16 bytes) matrices, and as many 8-row tiles of M (N)
// as make four matrices, or all of them where fewer (:2222-2228). A 16-bit operand's instruction K of 16 takes 2
// matrices along K, so M (N) goes in 1 or 2 tiles; an 8-bit operand under a 16-bit MMA (a mixed-input GEMM's, or
// TensorRT-LLM's u8 weights) takes 1, so a warp M (N) of 24 asks for 3.
constexpr Rejection sm80_ldsm_operand(bytes_t strided, int bits, bytes_t load_k) {
  if (strided % 8 != 0) return Rejection::sm80_ldsm_tile;
  const bytes_t along_k = load_k / (128 / bits);
  if (along_k == 0) return Rejection::none;  // K narrower than one access: the warp K rules refuse it
  const bytes_t full = 4 / along_k;
  const bytes_t matrices = full * 8 > strided ? strided / 8 : full;
  return matrices == 1 || matrices == 2 || matrices == 4 ? Rejection::none : Rejection::sm80_ldsm_matrices;
}

// The warp-level assertions of a kernel whose operands are read through LDSM iterators: one 4- to 32-bit type,
// FP8 e4m3 with e5m2, or a mixed-input GEMM (OpMultiplyAddMixedInputUpcast: each operand's iterator over its own
// type and the wider type's instruction, mma_mixed_input_tensor_op.h:418-437). A K-major operand's rule is
// sm80_ldsm_operand's; an M-major A's congruous iterator asks M in whole instructions (:130-134, :921-925); N in
// whole instructions (8), and an M- or N-major operand's in whole 16-byte rows (:165-166). Measured: f16 warp M 8 built on sm_75 and sm_80 and M 24 on sm_80 with a row-major A,
// refused with a column-major A; M 24 refused on sm_75; a mixed f16 x s8 warp M 8 built on sm_80, N 24 refused
// (ldsm<RowMajor, 3>); an s8 warp N of 8 with a row-major B refused, and FP8 e4m3 x e5m2 warp M 8 built on sm_89.
constexpr Rejection sm80_ldsm_warp_check(const Config& config, const Sm80Instruction& mma) {
  const WarpTile& w = config.warp;
  const int bits_a = bits_of(config.types.a.data);
  const int bits_b = bits_of(config.types.b.data);
  if (k_major_a(config) && w.m % 8 != 0) return Rejection::sm80_ldsm_tile;
  if ((!k_major_a(config) && w.m % mma.m != 0) || w.n % mma.n != 0) return Rejection::sm80_instruction_divides_warp;
  // An M- or N-major operand's congruous iterator loads whole 16-byte rows of M (N): an 8-bit B's N in 16s (:165-166).
  if ((!k_major_a(config) && w.m % (128 / bits_a) != 0) || (!k_major_b(config) && w.n % (128 / bits_b) != 0))
    return Rejection::sm80_ldsm_congruous_tile;
  // An s4 A upcast to s8 (the generator's s4 x s8 kernels) is converted in two halves of its warp fragment
  // (gemm/warp/mma_mixed_input_tensor_op.h:539-555), each by NumericArrayConverter<int8_t, int4b_t, N>, which takes N
  // in 8s (numeric_conversion.h:5961): a warp M of 16s, met before ptxas meets an LDSM (measured: s4 x s8 warp M 8
  // and 24 refused by it on sm_80; an s4 B is converted whole, N in 8s: s8 x s4 warp N 8 builds).
  if (config.types.a.data == Element::s4 && config.types.b.data == Element::s8 && w.m * mma.k / 32 / 2 % 8 != 0)
    return Rejection::sm80_mixed_s4_fragment;
  for (const Rejection why : {k_major_a(config) ? sm80_ldsm_operand(w.m, bits_a, mma.k) : Rejection::none,
                              k_major_b(config) ? sm80_ldsm_operand(w.n, bits_b, mma.k) : Rejection::none})
    if (why != Rejection::none) return why;
  return sm80_warp_k_check(w.k, mma);
}

}  // namespace detail

// The core's assertions, then the warp's: its MN-major iterators, the instruction divides the warp tile;
// a warp runs an even number, at least two, of instructions along K (mma_base.h:128-133), which MmaBase
// asserts after DefaultMmaCore's types. A and B of 4- to 32-bit real types (one type, an FP8 pair or a
// mixed-input pair; planar complex planes too) read through LDSM iterators, whose own rule replaces the first.
constexpr Rejection sm80_mainloop_check(const Config& config, Sm80Mma mmas) {
  if (const Rejection why = sm80_mainloop_tile_check(config); why != Rejection::none) return why;
  if (!config.interleaved && !sm80_narrow_mn_major_readable(config)) return Rejection::sm80_narrow_mn_major;
  const Sm80Instruction mma = sm80_instruction(sm80_mma_operand(config.types), mmas);
  const Element a = config.types.a.data;
  const Element b = config.types.b.data;
  const auto ldsm_type = [](Element e) { return !is_f64_or_complex(e) && bits_of(e) >= 4 && bits_of(e) <= 32; };
  // A planar complex kernel's warps are the real kernel's MmaTensorOp (default_mma_planar_complex_multistage.h:
  // 94-127): measured, f16 planes with warp M 8 and 24 build.
  const bool ldsm = ldsm_type(a) && ldsm_type(b) && !config.interleaved;
  return ldsm ? detail::sm80_ldsm_warp_check(config, mma) : detail::sm80_warp_mma_check(config.warp, mma);
}

}  // namespace smem_budget
