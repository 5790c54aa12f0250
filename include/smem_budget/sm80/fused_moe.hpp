// TensorRT-LLM's CuTe SM80 MoE GEMM with a fused gated activation: fused_moe::Fused_Moe_Kernel_sm80, which its
// MoE runner (FlashInfer's copy too) launches for the first GEMM of an expert (FC1) when the activation is
// SwiGLU or GeGLU, A and B are f16 or bf16 of one type, and N and K are multiples of 64
// (supportsFusedGatedActivation, kernels/cutlass_kernels/moe_gemm/moe_gemm_template_dispatch.h:735-743). Its
// tile's N columns of the weight are a gate half and a linear half (kTileN = TileN / 2,
// cutlass_extensions/gemm/kernel/fused_moe_kernel.cuh:31); each CTA runs 4 warps whatever the
// CutlassTileConfig's warp tile (fused_moe_kernel_traits.cuh:109), and writes act(gate) * linear of A's
// type through a staging tile in shared memory. File:line as FlashInfer fb28d72 carries them
// (csrc/nv_internal/tensorrt_llm/).
//
// Its SharedStorage, SharedStorageGate (fused_moe_kernel_traits.cuh:180-185), is a struct, not a union:
// A's tiles, the gate half's, the linear half's (each tile_to_shape of a swizzled atom over (rows, K,
// Stages): a cosize of rows x K x Stages elements, :161-166), then the output tile smem_o (M x kTileN
// elements of A's type, :167-169, 184), each a cute::array_aligned (16-byte aligned), the whole
// aligned_struct<128>. The launcher's dynamic shared memory is kSmemSize (fused_moe_gemm_launcher_sm80.inl:
// 83-93), the larger of the tile's storage and that of the M-16 routine it also instantiates for short
// experts (fused_moe_kernel.cuh:63-73), which is never larger (its A and output tiles are shorter, its K
// and B tiles the same): so the tile's own.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/gemm_evaluation.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/storage.hpp"

namespace smem_budget {

constexpr bool sm80_fused_moe(const Config& config) { return config.activation != Activation::none; }

// The threadblock tiles TensorRT-LLM's same-type 2.x MoE dispatch instantiates (dispatchMoeGemmToCutlass,
// moe_gemm_template_dispatch.h:352-383: CutlassTileConfig CtaShape16x128x64…CtaShape128x128x64), each of
// which it hands the fused kernel as MaxTileM, TileN and TileK (:226-228), at 2, 3 or 4 stages (:321-333).
inline constexpr std::array<Tile, 5> sm80_fused_moe_dispatch_tiles{
    {{16, 128, 64}, {16, 256, 64}, {32, 128, 64}, {64, 128, 64}, {128, 128, 64}}};

// What the fused kernel takes: TensorRT-LLM builds it for the dispatch's tiles, f16 or bf16 A and B of one
// type (:217-221) and an output of A's type (fused_moe_gemm_launcher_sm80.inl:38-40), the operands'
// layouts, accesses and accumulator fixed by its traits (fused_moe_kernel_traits.cuh:95, 125-140).
constexpr std::optional<std::string_view> sm80_fused_moe_invalid_input(const Config& config) {
  if (!config.moe || !config.grouped)
    return "activation_type swiglu or geglu is TensorRT-LLM's fused gated-activation MoE kernel "
           "(Fused_Moe_Kernel_sm80): "
           "give moe and grouped too (the trtllm-moe runner does)";
  const Element a = config.types.a.data;
  if (a != config.types.b.data || (a != Element::f16 && a != Element::bf16))
    return "TensorRT-LLM fuses the gated activation only for f16 or bf16 A and B of one type "
           "(moe_gemm_template_dispatch.h:217-221, 739-742); with other types it runs MoeFCGemm and the activation "
           "after it: leave activation_type out";
  if (config.opclass != OpClass::tensorop || config.sparse || config.planar_complex || config.interleaved ||
      config.conversion != Conversion::convert || config.fusion != Fusion::none || config.math != Math::automatic)
    return "TensorRT-LLM's fused gated-activation MoE kernel is a dense tensor-op GEMM with its own epilogue: leave "
           "opclass, sparse, planar_complex, interleaved, conversion, fusion and math out";
  if (config.d != a)
    return "TensorRT-LLM's fused MoE kernel writes A's type (fused_moe_gemm_launcher_sm80.inl:38-40): give d as types";
  if (config.c != Element::none && config.c != a)
    return "TensorRT-LLM's fused MoE kernel reads no C (its bias is A's type): leave c out";
  if (config.accumulator != Element::none && config.accumulator != Element::f32)
    return "TensorRT-LLM's fused MoE kernel accumulates in f32 (fused_moe_kernel_traits.cuh:95): leave accumulator out";
  if (config.a_layout != MatrixLayout::row || config.b_layout != MatrixLayout::col ||
      config.d_layout != MatrixLayout::row)
    return "TensorRT-LLM's fused MoE kernel takes row-major A and D and a column-major B: leave the layouts out";
  if (config.alignment != OperandAlignment{})
    return "TensorRT-LLM's fused MoE kernel copies 8 elements per access (kAlignment, "
           "fused_moe_kernel_traits.cuh:125): "
           "leave alignment out";
  bool dispatched = false;
  for (const Tile& tile : sm80_fused_moe_dispatch_tiles) dispatched = dispatched || tile == config.tile;
  if (!dispatched)
    return "not modelled: TensorRT-LLM's fused MoE kernel at a tile its dispatch does not build "
           "(moe_gemm_template_dispatch.h:352-383): give 16x128x64, 16x256x64, 32x128x64, 64x128x64 or 128x128x64";
  return std::nullopt;
}

// What the traits assert of the stage count (fused_moe_kernel_traits.cuh:172): two or more.
constexpr Rejection sm80_fused_moe_check(bytes_t stages) {
  return stages < 2 ? Rejection::sm80_fused_moe_one_stage : Rejection::none;
}

// The bytes of one stage of A's tiles and of each half of the weight's, and of the output tile: elements
// of A's type (the weight's halves are stored as A's, :182-183).
struct Sm80FusedMoeTileBytes {
  bytes_t a = 0;       // M x K per stage
  bytes_t half = 0;    // TileN / 2 x K per stage: the gate half, and again the linear half
  bytes_t output = 0;  // sizeof(smem_o): M x TileN / 2 elements, once, an array_aligned (a multiple of 16 bytes)
};
constexpr Sm80FusedMoeTileBytes sm80_fused_moe_tile_bytes(const Config& config, Checked& c) {
  const bytes_t bytes = bits_of(config.types.a.data) / 8;
  const Tile& t = config.tile;
  return {c.mul(c.mul(t.m, t.k), bytes), c.mul(c.mul(t.n / 2, t.k), bytes),
          c.up(c.mul(c.mul(t.m, t.n / 2), bytes), 16)};
}

// SharedStorageGate at `stages` (fused_moe_kernel_traits.cuh:180-185): the mainloop's three tiles, then the
// output tile, the whole rounded up to 128 bytes.
template <class Parts>
constexpr GemmLayout<Parts> sm80_fused_moe_layout(const Sm80FusedMoeTileBytes& tiles, bytes_t stages, Checked& c) {
  BasicStructLayout<Parts> mainloop(c);
  mainloop.member("A tiles (smem_input)", c.up(c.mul(tiles.a, stages), 16), 16, PartKind::tensor);
  mainloop.member("B tiles, the gate half (smem_fc1_gate_weight)", c.up(c.mul(tiles.half, stages), 16), 16,
                  PartKind::tensor);
  mainloop.member("B tiles, the linear half (smem_fc1_weight)", c.up(c.mul(tiles.half, stages), 16), 16,
                  PartKind::tensor);
  BasicStructLayout<Parts> kernel(c, 128);
  kernel.nested("mainloop", mainloop.parts(), mainloop.size(), 16);
  kernel.member("output tile (smem_o)", tiles.output, 16, PartKind::tensor);
  kernel.finish("kernel shared storage (aligned_struct<128>)");
  return {{mainloop.parts(), mainloop.size(), 16, 0}, {kernel.parts(), kernel.size(), kernel.size()}};
}

}  // namespace smem_budget
