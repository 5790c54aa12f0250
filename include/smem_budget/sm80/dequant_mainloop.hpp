// TensorRT-LLM's weight-only (fpA_intB) mainloop, the 2.x kernels of its W4A16 and W8A16 GEMMs
// (GemmFpAIntB) and MoE GEMMs (MoeFCGemm), and of its FP8-activation W4A8 GEMM on SM89: A f16, bf16
// or e4m3, B u4 or u8 (u4 for e4m3) stored as such in shared memory and converted after ldmatrix
// to A's type (OpMultiplyAddDequantizeInterleavedBToA), scaled, and with zero points shifted. As
// FlashInfer fb28d72 carries TensorRT-LLM's cutlass_extensions
// (csrc/nv_internal/tensorrt_llm/cutlass_extensions/include/cutlass_extensions/gemm/threadblock/):
// DqMma builds DqMmaMultistage over CUTLASS's own DefaultMmaCore (default_dq_mma_multistage.h:
// 217-304), whose SharedStorage (DqMmaBase's, dq_mma_base.h:115-175) is the tensor-op mainloop's A
// and B tiles, then the scales and zero points of B's columns. On Turing (arch::Sm75) DqMma is the two-stage
// DqMmaPipelined (default_dq_mma_pipelined.h:205-283) over the Turing core (default_mma_core_sm75.h:241-360) with
// the same SharedStorage at two stages; its A tile is half_t whatever A is (MmaCoreElementA, :223: a bf16 A is
// converted to f16 before it is stored, dq_mma_pipelined_finegrained.h:293-298), 16 bits either way, and its
// scale rows are half_t (DefaultScaleIteratorsPipelined's SmemScaleType, :44, :66).
#pragma once

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/sm80/mainloop.hpp"

namespace smem_budget {

// Whether the configuration is TensorRT-LLM's weight-only mainloop: a scaling conversion on 2.x.
constexpr bool sm80_dequantizes(const Config& config) { return config.conversion != Conversion::convert; }

// LayoutDetailsB::ThreadblockK for a quantized B (kernel/mixed_gemm_B_layout.h:83-110): one
// 128-byte line of A's K, 64 for 16-bit activations, 128 for e4m3; B is ColumnMajorTileInterleave
// over it.
constexpr bytes_t sm80_dequant_tile_k(const Config& config) { return 128 * 8 / bits_of(config.types.a.data); }

// The scales and zero points are half_t for f16 and e4m3 A and bfloat16_t for bf16 A
// (threadblock/default_mma.h:52-273, default_mma_bf16.h:170-370): 16 bits each.
inline constexpr int sm80_dequant_scale_bits = 16;

// DqMmaBase::SharedStorage's scale and zero-point buffers (dq_mma_base.h:71-75, 130-149): a row of
// tile N per stage for the fine-grained modes (ScalebiasStages = kStages), one row for the
// per-column mode; zero points only with FINEGRAINED_SCALE_AND_ZEROS (BiasElementsPerStage).
struct Sm80DequantRows {
  bytes_t scale = 0;
  bytes_t zero = 0;
};
constexpr Sm80DequantRows sm80_dequant_rows(const Config& config, bytes_t stages) {
  const bytes_t scale = config.conversion == Conversion::scale_per_column ? 1 : stages;
  return {scale, config.conversion == Conversion::scale_zero ? stages : 0};
}

// The mainloop's tiles: the tensor-op mainloop's A and B (B in its own bits), and the scale and
// zero-point rows.
constexpr Sm80TileBits sm80_dequant_tile_bits(const Config& config, bytes_t stages, Checked& c) {
  Sm80TileBits bits = sm80_tile_bits(config, stages, c);
  const Sm80DequantRows rows = sm80_dequant_rows(config, stages);
  const bytes_t row_bits = c.mul(config.tile.n, sm80_dequant_scale_bits);
  bits.scale = c.mul(rows.scale, row_bits);
  bits.zero = c.mul(rows.zero, row_bits);
  if (config.conversion == Conversion::scale_per_column) bits.scale_name = "per-column scales";
  return bits;
}

// MmaTensorOpComputeBWithF16, the weight-only warp MMA, reads B from shared memory 128 bits of its K
// at a time (LoadInstructionK, warp/default_mma_tensor_op.h:67-71): 32 u4 or 16 u8 elements.
constexpr bytes_t sm80_dequant_b_load_k(const Config& config) { return 128 / bits_of(config.types.b.data); }

// What the weight-only kernel refuses beyond the tensor-op mainloop, in the order a build meets it.
// DefaultGemm first picks its DefaultMma (gemm/kernel/default_gemm.h:276-283, arch::Sm89): for e4m3 A
// TensorRT-LLM specializes it for any stage count (threadblock/default_mma.h:263-266; for f16 and
// bf16 A also for two stages, :52, :101), so at two stages CUTLASS's two-stage tensor-op DefaultMma
// (gemm/threadblock/default_mma.h:227-232) matches as well and neither is more specialized. Then
// DqMma's assertions, once its DefaultMmaCore's class has asserted that the warp tile divides the
// tile (`warps_divide`): the tile's K is B's interleaved tile (static_assert(RowsPerTile ==
// MmaCore::Shape::kK), default_dq_mma_multistage.h:264). The core's thread maps and layouts follow
// (sm80_mainloop_tile_check: DqMma instantiates B's thread map at :267-268).
constexpr Rejection sm80_dequant_check(const Config& config, bytes_t stages, bool warps_divide) {
  if (config.types.a.data == Element::e4m3 && stages == 2) return Rejection::sm80_dequant_fp8_two_stages;
  if (warps_divide && config.tile.k != sm80_dequant_tile_k(config)) return Rejection::sm80_dequant_tile_k;
  return Rejection::none;
}

// Then DqMma's Converter instantiates the warp MMA (:295-296), which asserts that the warp tile's K
// holds whole B loads (warp/mma_tensorop_compute_B_with_f16.h:142; DqMmaBase asserts it again as
// kWarpGemmIterations % kNumKIterationsPerWarpBLoad, dq_mma_base.h:98). Its operand iterators are CUTLASS's LDSM
// iterators over the core's crosswise layouts (IteratorA, IteratorB, mma_tensorop_compute_B_with_f16.h:158-175 in FlashInfer fb28d72's copy):
// A's over M with A's instruction K, B's over N with the B load's K (128 bits of u8 or u4: one matrix along K), so
// M and N go in whole 8-row tiles and LDSMs of 1, 2 or 4 matrices (sm80_ldsm_operand; gemm/warp/
// mma_tensor_op_tile_iterator.h:2217-2228): a 16-bit or e4m3 A takes any M of 8s, B refuses an N of 24. Its
// accumulator iterator (IteratorC, :183-185: CUTLASS's MmaTensorOpAccumulatorTileIterator, gemm/warp/
// mma_tensor_op_tile_iterator.h:3241-3254) asserts nothing of the shape (its kDivisible is never checked), and the
// warp's MmaIterations round up (:191-193), as CUTLASS's MmaTensorOp does. (The K test this rule once cited,
// :2205-2207, is the crosswise iterator's: its contiguous extent is K.)
// On Turing the warp MMA is the same class over m16n8k8 (MixedGemmArchTraits<…, Sm75>::InstructionShape,
// default_fpA_intB_traits.h:76): A's LDSM iterator loads 8 of K, so a warp M of 24 asks ldsm<…, 3> there (as Turing's
// f16 tensor-op kernels' does), while B's load K is the same.
constexpr Rejection sm80_dequant_warp_check(const Config& config, Sm80Mma mmas) {
  const Sm80Instruction mma = sm80_instruction(config.types.a.data, mmas);
  const WarpTile& w = config.warp;
  if (w.k % sm80_dequant_b_load_k(config) != 0) return Rejection::sm80_dequant_warp_k_load;
  if (const Rejection why = detail::sm80_ldsm_operand(w.m, bits_of(config.types.a.data), mma.k); why != Rejection::none)
    return why;
  if (w.n % mma.n != 0) return Rejection::sm80_instruction_divides_warp;
  return detail::sm80_ldsm_operand(w.n, bits_of(config.types.b.data), sm80_dequant_b_load_k(config));
}

// Last, once the epilogue's types are built, DqMmaMultistage's Detail (dq_mma_multistage_finegrained.h:146,
// dq_mma_multistage_percol.h:147): at least two instructions along the warp's K. DqMmaBase is not CUTLASS's
// MmaBase, so no even count is asserted (measured: a warp K of 16 f16 elements passes everything before the
// epilogue). Warps that split K (warp K < tile K) are built as the tensor-op kernel's are: DqMmaBase's
// WarpCount divides the tile's K too (dq_mma_base.h:89-90), each warp starts at its K slice
// (dq_mma_multistage_finegrained.h:229-238), and the epilogue is DefaultGemm's DefaultEpilogueTensorOp
// with kPartitionsK = tile K / warp K (cutlass/gemm/kernel/default_gemm.h:285-291), which stages each
// slice's accumulators. Turing's DqMmaPipelined asserts no such count (dq_mma_pipelined_finegrained.h:138-160,
// dq_mma_pipelined_percol.h:138-153: its stage count and scale rows only), and a warp K of whole B loads is two
// m16n8k8 instructions or more.
constexpr Rejection sm80_dequant_k_iterations_check(const Config& config, Sm80Mma mmas) {
  if (mmas == Sm80Mma::turing) return Rejection::none;
  const Sm80Instruction mma = sm80_instruction(config.types.a.data, mmas);
  return config.warp.k / mma.k < 2 ? Rejection::sm80_dequant_warp_k_iterations : Rejection::none;
}

}  // namespace smem_budget
