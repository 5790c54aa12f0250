// The CUTLASS 2.x tensor-op epilogue (epilogue/threadblock/default_epilogue_tensor_op.h, v4.7.0):
// warps write their accumulators to shared memory eight rows at a time and read them back in
// the output's thread map. Its shared storage, and what that thread map asserts of the tile.
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/sm80/mainloop.hpp"

namespace smem_budget {

// vLLM's scaled_mm_c2x kernels (fusion scaled-mm and scaled-mm-bias on 2.x) and its cutlass_scaled_mm_azp
// kernels (scaled-mm-azp, scaled-mm-azp-token), which cutlass_scaled_mm_azp_sm80/sm89 dispatch to the same
// tile configurations (scaled_mm_c2x.cu at 030ea52): cutlass_2x_gemm builds DefaultGemmWithVisitor over
// DefaultGemmUniversal with ElementC float and kAlignmentC 4, whatever D its visitor tree stores (vLLM's
// cutlass_2x_gemm, csrc/libtorch_stable/quantization/w8a8/cutlass/scaled_mm_c2x.cuh at 030ea52;
// gemm/kernel/default_gemm_universal_with_visitor.h:100-148, v4.7.0). Its EpilogueWithVisitorCallbacks
// stages accumulators as that float epilogue does.
constexpr bool sm80_vllm_visitor(const Config& config) {
  return config.fusion == Fusion::scaled_mm || config.fusion == Fusion::scaled_mm_bias ||
         config.fusion == Fusion::scaled_mm_azp || config.fusion == Fusion::scaled_mm_azp_token;
}
// TensorRT-LLM's and SGLang's scaled GEMMs stage D as itself. The int8 one (per-row-per-col; SGLang's
// cutlass_int8_scaled_mm, sgl-kernel/csrc/gemm/int8_gemm_kernel.cu at 1f2840c) wraps DefaultGemm's own
// epilogue in EpilogueWithVisitorFromExistingEpilogue, which keeps its staging (epilogue_with_visitor.h:
// 387-400, v4.7.0), under GemmWithEpilogueVisitor, whose SharedStorage holds the epilogue's storage and
// then EpilogueVisitorPerRowPerCol's, an empty struct (sgl-kernel/csrc/cutlass_extensions/gemm/
// gemm_with_epilogue_visitor.h and epilogue/epilogue_per_row_per_col_scale.h, adapted from TensorRT-LLM
// be17881). The FP8 one (fp8-rowwise; SGLang's DeviceGemmFp8RowwiseSm89, fp8_gemm_kernel.cu at 04ec0bc,
// from TensorRT-LLM v0.16.0) is DefaultGemmWithVisitor over an Sm80EVT tree with C as D, 8 elements per
// access.
constexpr bool sm80_epilogue_visitor(const Config& config) {
  return sm80_vllm_visitor(config) || config.fusion == Fusion::per_row_per_col || config.fusion == Fusion::fp8_rowwise;
}
constexpr Config sm80_staged_output(Config config) {
  if (!sm80_vllm_visitor(config)) return config;
  config.d = Element::f32;
  config.alignment.c = 4;
  return config;
}

// The epilogue's elements per access of C and D (the output functor's count): min(alignment x
// width, 128 bits) / width, as cutlass_library's emitter computes it (gemm_operation.py:513); when
// no alignment is given, DefaultGemmConfiguration's LinearCombination: 128 bits' worth, one element
// for SIMT kernels (gemm/device/default_gemm_configuration.h:88-92) and for f64 and complex outputs
// (its f64 and complex<double> specializations, :487-526). The planar complex emitter gives its
// LinearCombinationPlanarComplex C's alignment itself, however wide (gemm_operation.py:1192-1197, 1250).
constexpr bytes_t sm80_output_access(const Config& config) {
  const bytes_t bits = bits_of(config.d);
  const bytes_t unaligned = config.opclass == OpClass::simt || is_f64_or_complex(config.d) ? 1 : 128 / bits;
  const bytes_t align = config.alignment.c != 0 ? config.alignment.c : unaligned;
  if (config.planar_complex) return align;
  const bytes_t access_bits = align * bits < 128 ? align * bits : 128;
  return access_bits / bits;
}

// kFragmentsPerIteration: the accumulator fragments staged per pass. DefaultIteratorsTensorOp
// stages two for f32 output of f32 in fours, f16 of f32 in eights and f16 or bf16 of s32 in
// eights (default_epilogue_tensor_op.h:123-310), one otherwise and whenever warps split K (:606):
// a tfloat32_t output takes the general template's one, though it is as wide as f32.
// EpiloguePlanarComplex stages one (it has no kFragmentsPerIteration).
constexpr bytes_t sm80_fragments_per_iteration(const Config& config) {
  if (sm80_warp_count(config).k != 1 || config.planar_complex) return 1;
  const Element d = config.d;
  const Element acc = accumulator_of(config);
  const bytes_t access = sm80_output_access(config);
  const bool two = (d == Element::f32 && acc == Element::f32 && access == 4) ||
                   (d == Element::f16 && acc == Element::f32 && access == 8) ||
                   ((d == Element::f16 || d == Element::bf16) && acc == Element::s32 && access == 8);
  return two ? 2 : 1;
}

// EpilogueBase::SharedStorage (epilogue/threadblock/epilogue_base.h:137-169): per fragment, eight
// rows (the warp tile iterator's kRowsPerIteration) for each warp along M and K, by the tile's N
// plus the padding DefaultEpilogueTensorOp hard-codes, 64 / accumulator bits x 4 columns
// (default_epilogue_tensor_op.h:604), which DefaultEpilogueComplexTensorOp leaves out (Padding
// MatrixShape<0, 0>, default_epilogue_complex_tensor_op.h:124, 202); one AlignedBuffer of
// accumulators (complex<float> or complex<double> in the complex epilogue). EpiloguePlanarComplex's
// (epilogue/threadblock/epilogue_planar_complex.h:141-193) holds those rows and columns of its real
// DefaultEpilogueTensorOp twice, a real and an imaginary plane (kImaginaryStride, :168-174).
// EpilogueWithVisitorCallbacks::SharedStorage (epilogue/threadblock/epilogue_with_visitor_callbacks.h:
// 146-149) keeps that staging (one epilogue stage) and then its visitor tree's storage: every visitor
// vLLM's epilogues use has an empty SharedStorage (epilogue/threadblock/fusion/visitor_load.hpp:100-503,
// visitor_store.hpp:83; vLLM's broadcast_load_epilogue_c2x.hpp), one byte that the staging's 16-byte
// alignment rounds to 16 (as EpilogueVisitorPerRowPerCol's empty struct after GemmWithEpilogueVisitor's
// staging). So do the azp trees' own nodes: the int32 azp_adj row and per-token azp column
// (VisitorRowBroadcast, VisitorColBroadcast: visitor_load.hpp:363, 503), vLLM's VisitorRowOrZeroBroadcast
// bias and the minus/multiplies VisitorCompute nodes (visitor_compute.hpp:62, VisitorImpl2x<>). A tree
// node's storage is cute::tuple of its children's (Sm90VisitorImplBase, epilogue/fusion/
// sm90_visitor_tma_warpspecialized.hpp:485, 895-1180), and cute::tuple keeps no member for an empty type
// (its ESO, cute/container/tuple.hpp:71-135): however deep, an empty tree stays one empty byte.
// An interleaved kernel's InterleavedEpilogue stages nothing: its SharedStorage is an empty struct
// (epilogue/threadblock/interleaved_epilogue.h:246), one byte.
constexpr bytes_t sm80_epilogue_bytes(const Config& given, Checked& c) {
  if (given.interleaved) return 1;
  const Config config = sm80_staged_output(given);
  const Sm80WarpCount warps = sm80_warp_count(config);
  const Element accumulator = accumulator_of(config);
  const int bits = bits_of(accumulator);
  const bytes_t planes = config.planar_complex ? 2 : 1;
  const bytes_t rows = c.mul(c.mul(warps.m * 8, warps.k), sm80_fragments_per_iteration(config) * planes);
  const bytes_t padding = is_complex(accumulator) ? 0 : 64 / bits * 4;
  const bytes_t columns = c.add(config.tile.n, padding);
  const bytes_t staging = c.up(ceil_div(c.mul(c.mul(rows, columns), bits), 8), 16);
  return sm80_epilogue_visitor(given) ? c.add(staging, 16) : staging;
}

// OutputTileOptimalThreadMap's row arrangement (epilogue/threadblock/output_tile_thread_map.h:
// 192-266), for DefaultThreadMapTensorOp's shape (default_thread_map_tensor_op.h:96-102): the tile's
// N columns by 8 rows, a group per warp along M. The warps left for the rows (N x K of them)
// share 8 rows; fewer than 8 lay each warp's accesses out in two dimensions, which must cover at
// least one row and one column; 8 or more give each warp rows of 32 accesses (:197-214), of which the
// tile's N must hold one, as the output iterator asserts (predicated_tile_iterator.h:103).
constexpr Rejection sm80_epilogue_check(const Config& given) {
  if (given.interleaved) return Rejection::none;  // InterleavedEpilogue reads no staged rows
  const Config config = sm80_staged_output(given);
  // DefaultIteratorsTensorOp's specializations for 8- and 4-bit integer outputs of s32 and FP8
  // outputs of f32 take 4, 8 or 16 elements per access (default_epilogue_tensor_op.h:329, 396, 463).
  const Element acc = accumulator_of(config);
  const bool narrow_output = (is_integer(config.d) && bits_of(config.d) <= 8 && acc == Element::s32) ||
                             ((config.d == Element::e4m3 || config.d == Element::e5m2) && acc == Element::f32);
  const bytes_t elements = sm80_output_access(config);
  if (narrow_output && elements != 4 && elements != 8 && elements != 16) return Rejection::sm80_epilogue_narrow_access;
  const Sm80WarpCount warps = sm80_warp_count(config);
  const bytes_t warps_for_rows = warps.n * warps.k;
  const bytes_t access = sm80_output_access(config);
  if (warps_for_rows >= 8) return config.tile.n / access / 32 == 0 ? Rejection::sm80_epilogue_row_accesses : Rejection::none;
  const bytes_t access_bytes = access * bits_of(config.d) / 8;
  const bytes_t shape_row = 8 / warps_for_rows;
  const bytes_t shape_width = config.tile.n / access;
  const bytes_t target_width = access_bytes == 0 ? 0 : 256 / access_bytes;
  const bytes_t target_rows = target_width == 0 ? 0 : 32 / target_width;
  bytes_t access_width = 0;
  bytes_t access_rows = 0;
  if (target_rows > shape_row) {
    access_width = 32 / shape_row;
    access_rows = shape_row;
  } else {
    access_width = shape_width < 32 ? shape_width : 32;
    if (target_width < access_width) access_width = target_width;
    access_rows = access_width == 0 ? 0 : (32 / access_width < 8 ? 32 / access_width : 8);
  }
  if (access_width * access != 0 && access_width * access > config.tile.n) return Rejection::sm80_epilogue_access_width;
  if (access_width == 0 || shape_width / access_width == 0) return Rejection::sm80_epilogue_columns;
  if (access_rows == 0 || shape_row / access_rows == 0) return Rejection::sm80_epilogue_rows;
  return Rejection::none;
}

}  // namespace smem_budget
