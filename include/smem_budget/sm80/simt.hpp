// The CUTLASS 2.x SIMT GEMM (arch::OpClassSimt on Sm80: CUDA-core fused multiply-adds, the
// cutlass_simt_… kernels): the multistage mainloop over SM80's SIMT DefaultMmaCore
// (gemm/threadblock/default_mma_core_sm80.h:1950-2590, v4.7.0) and DefaultEpilogueSimt
// (epilogue/threadblock/default_epilogue_simt.h). Their shared storage and what they assert.
// Two stages build MmaPipelined over another core (default_mma_core_simt.h), not modelled.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/sm80/mainloop.hpp"
#include "smem_budget/sm80/sparse_mainloop.hpp"

namespace smem_budget {

// A warp's threads are laid out 4 x 8 over its M x N tile (WarpNumThreadsM, WarpNumThreadsN); each
// computes a ThreadTile of (warp M / 4) x (warp N / 8) in lanes of up to 128 bits of its operand
// (LaneM, LaneN: default_mma_core_sm80.h:2052-2062).
inline constexpr bytes_t sm80_simt_warp_threads_m = 4;
inline constexpr bytes_t sm80_simt_warp_threads_n = 8;

struct Sm80SimtLanes {
  bytes_t m = 1;
  bytes_t n = 1;
};
constexpr Sm80SimtLanes sm80_simt_lanes(const Config& config) {
  const bytes_t thread_m = config.warp.m / sm80_simt_warp_threads_m;
  const bytes_t thread_n = config.warp.n / sm80_simt_warp_threads_n;
  const bytes_t a = 128 / bits_of(config.types.a.data);
  const bytes_t b = 128 / bits_of(config.types.b.data);
  return {a < thread_m ? a : thread_m, b < thread_n ? b : thread_n};
}

// The SIMT policy's shared-memory skew (MmaPolicy's SmemPaddingA/B): K / 32 rows of A where A is
// K-major (row-major), K / 32 columns of B where B is K-major (column-major); none otherwise.
struct Sm80SimtPadding {
  bytes_t a_rows = 0;
  bytes_t b_columns = 0;
};
constexpr Sm80SimtPadding sm80_simt_padding(const Config& config) {
  return {k_major_a(config) ? config.tile.k / 32 : 0, k_major_b(config) ? config.tile.k / 32 : 0};
}

// MmaBase::SharedStorage's tiles (gemm/threadblock/mma_base.h:140-166): A as (M + its padding) x
// (K x stages) and B as (K x stages) x (N + its padding) elements.
constexpr Sm80TileBits sm80_simt_tile_bits(const Config& config, bytes_t stages, Checked& c) {
  const Tile& t = config.tile;
  const Sm80SimtPadding pad = sm80_simt_padding(config);
  const bytes_t k_stages = c.mul(t.k, stages);
  return {c.mul(c.mul(c.add(t.m, pad.a_rows), k_stages), bits_of(config.types.a.data)),
          c.mul(c.mul(k_stages, c.add(t.n, pad.b_columns)), bits_of(config.types.b.data)), 0};
}

// Whether a K-major operand's skew is whole lanes of it, as the real cores assert
// (default_mma_core_sm80.h:2064-2065).
constexpr bool sm80_simt_padding_whole_lanes(const Config& config) {
  const Sm80SimtLanes lanes = sm80_simt_lanes(config);
  const Sm80SimtPadding pad = sm80_simt_padding(config);
  return !((k_major_a(config) && pad.a_rows % lanes.m != 0) || (k_major_b(config) && pad.b_columns % lanes.n != 0));
}

namespace detail {

// One operand's PitchLinearStripminedThreadMap of single elements (IteratorThreadMapA/B): over
// M (N) x K where the operand is M- (N-) major; over K x M (N), transposed into shared memory
// (TransposePitchLinearThreadMapSimt, transform/pitch_linear_thread_map.h:602-611), where it is
// K-major, which needs every thread's copies in one strided iteration.
constexpr Rejection sm80_simt_operand(bytes_t mn, bytes_t k, bool k_major, bytes_t threads) {
  const bytes_t contiguous = k_major ? k : mn;
  if (const Rejection why = sm80_stripmined_thread_map(contiguous, threads, 1); why != Rejection::none) return why;
  if (k_major && threads < contiguous) return Rejection::sm80_simt_transpose_strided;
  return Rejection::none;
}

}  // namespace detail

// What SM80's SIMT DefaultMmaCore, MmaSimt and MmaBase assert: the warp tile divides the tile
// (default_mma_core_sm80.h:1986) and splits into the 4 x 8 threads (:2053-2055); a K-major
// operand's padding is whole lanes (:2064-2065); the operands' thread maps; a thread's tile is
// whole lanes (gemm/warp/mma_simt_tile_iterator.h:146, :609); a warp runs an even number, at least
// two, of its single-K steps (mma_base.h:128-133). The complex<float> cores
// (default_multistage_mma_complex_core_sm80.h:1151-1808) keep the layouts, thread maps and padding
// but take at least two warps (:1188-1189); they do not check the padding against the lanes
// (sm80_simt_padding_whole_lanes: not modelled where it is not).
constexpr Rejection sm80_simt_mainloop_check(const Config& config) {
  const Tile& t = config.tile;
  const WarpTile& w = config.warp;
  if (t.m % w.m != 0 || t.n % w.n != 0) return Rejection::sm80_warp_divides_tile;
  const bool complex = is_complex(config.types.a.data);
  if (complex && sm80_warp_count(config).count() < 2) return Rejection::sm80_two_warps;
  if (w.m % sm80_simt_warp_threads_m != 0 || w.n % sm80_simt_warp_threads_n != 0)
    return Rejection::sm80_simt_warp_threads;
  if (!sm80_simt_padding_whole_lanes(config)) return Rejection::sm80_simt_padding_lanes;
  const Sm80SimtLanes lanes = sm80_simt_lanes(config);
  const bytes_t threads = 32 * sm80_warp_count(config).count();
  if (const Rejection why = detail::sm80_simt_operand(t.m, t.k, k_major_a(config), threads); why != Rejection::none)
    return why;
  if (const Rejection why = detail::sm80_simt_operand(t.n, t.k, k_major_b(config), threads); why != Rejection::none)
    return why;
  if ((w.m / sm80_simt_warp_threads_m) % lanes.m != 0 || (w.n / sm80_simt_warp_threads_n) % lanes.n != 0)
    return Rejection::sm80_simt_thread_lanes;
  return detail::sm80_warp_mma_check(w, {1, 1, 1});
}

// EpilogueBase::SharedStorage of DefaultEpilogueSimt (epilogue/threadblock/epilogue_base.h:137-169):
// accumulators, 4 rows (the SIMT warp tile iterator's kRowsPerIteration, its WarpNumThreadsM) per
// warp along M and along K, by the tile's N plus TileIteratorSimt's padding, 4 x LaneN columns and
// one more for the scalar stores it is built with (epilogue/warp/tile_iterator_simt.h:43, 106-113).
constexpr bytes_t sm80_simt_epilogue_bytes(const Config& config, Checked& c) {
  const Sm80WarpCount warps = sm80_warp_count(config);
  const bytes_t rows = c.mul(warps.m * sm80_simt_warp_threads_m, warps.k);
  const bytes_t columns = c.add(config.tile.n, 4 * sm80_simt_lanes(config).n + 1);
  return c.up(ceil_div(c.mul(c.mul(rows, columns), bits_of(accumulator_of(config))), 8), 16);
}

// DefaultGemm for SIMT on Sm80 builds its epilogue of one element per access
// (gemm/kernel/default_gemm.h:980-981): the output functor's count, from C's alignment.
constexpr Rejection sm80_simt_epilogue_check(bytes_t output_access) {
  return output_access == 1 ? Rejection::none : Rejection::sm80_simt_scalar_epilogue;
}

}  // namespace smem_budget
