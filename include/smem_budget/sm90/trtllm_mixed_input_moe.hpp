// TensorRT-LLM's SM90 mixed-input MoE GEMM (W4AFP8: e4m3 activations with int4 weights; WFP4A16: f16
// or bf16 activations with e2m1 weights; e4m3 with e2m1, FlashInfer's Humming mode), which builds neither CUTLASS's
// mixed-input collective nor its kernel: its own CollectiveBuilderMixedInput, whose mainloop keeps the weight's scales
// "folded" in shared memory, its MixedInputSm90TmaEpilogueBuilder and its GemmUniversalPrecomputedScheduler. Read at
// FlashInfer fb28d72's copy (csrc/nv_internal/tensorrt_llm/, cutlass_extensions/include/cutlass_extensions/ for the
// headers): "launcher" is kernels/cutlass_kernels/moe_gemm/launchers/moe_gemm_tma_ws_mixed_input_launcher.inl,
// "builder" gemm/collective/builders/sm90_gmma_builder_mixed_input.inl, "collective"
// gemm/collective/sm90_mma_array_tma_gmma_rs_warpspecialized_mixed_input_.hpp, "kernel"
// gemm/kernel/sm90_gemm_array_tma_warpspecialized_{cooperative,pingpong}_precomputed.hpp.
//
// The launcher swaps the operands (:255-258): the weight, with its scales, is the builder's A over tile M,
// the activation its B over tile N; C and D, of the output type, are column-major (LayoutTranspose of
// row-major, :99-100). Its epilogue builder picks the epilogue tile, dispatch policy and swizzle atoms with
// CUTLASS's SM90 helpers, and its collective's SharedStorage is the pointer-array TMA epilogue's member for
// member (sm90_epilogue_array_tma_warpspecialized_mixed_input.hpp:171-224, 1125-1180): the SM90 TMA
// epilogue model answers it.
#pragma once

#include <optional>
#include <string_view>

#include "smem_budget/core/arithmetic.hpp"
#include "smem_budget/core/config.hpp"
#include "smem_budget/core/layout.hpp"
#include "smem_budget/core/rejection.hpp"
#include "smem_budget/core/storage.hpp"
#include "smem_budget/core/types.hpp"
#include "smem_budget/cutlass/fusion_callbacks.hpp"
#include "smem_budget/cutlass/sm90_gemm_kernel.hpp"
#include "smem_budget/cutlass/kernel_tensors.hpp"
#include "smem_budget/cutlass/tma_epilogue.hpp"
#include "smem_budget/cutlass/trtllm_finalize.hpp"
#include "smem_budget/sm90/mixed_input_gemm.hpp"
#include "smem_budget/sm90/trtllm_single_warpgroup_moe.hpp"
#include "smem_budget/sm90/trtllm_weight_scale.hpp"

namespace smem_budget {

// Questions outside what TensorRT-LLM's launcher builds; empty when the model answers.
constexpr std::optional<std::string_view> trtllm_mixed_input_moe_invalid_input(const Config& config) {
  const Element activation = config.types.a.data, weight = config.types.b.data;
  // use_w4afp8 and use_wfp4a16 (include/moe_gemm_kernels.h:270-288); uint4 weights are read as int4b_t
  // (launcher:165-167). FP8 activations with e2m1 weights take two scale modes, one of them another collective.
  const bool w4afp8 = activation == Element::e4m3 && (weight == Element::s4 || weight == Element::u4);
  const bool wfp4a16 = (activation == Element::bf16 || activation == Element::f16) && weight == Element::e2m1;
  if (!w4afp8 && !wfp4a16 && !is_trtllm_humming_moe(config))
    return "not modelled: TensorRT-LLM's SM90 mixed-input MoE GEMM (moe) is modelled for types ACTIVATION:WEIGHT "
           "e4m3:s4, e4m3:u4 (W4AFP8), bf16:e2m1, f16:e2m1 (WFP4A16) and e4m3:e2m1 (FlashInfer's Humming mode); it "
           "runs W4A16 int4 with its 2.x kernel (generation 2x)";
  // The older fork dispatches W4AFP8 and WFP4A16 alone (moe_gemm_template_dispatch.h:866-897 at FlashInfer 9276e44).
  if (is_trtllm_packed_scales_moe(config) && !w4afp8 && !wfp4a16)
    return "TensorRT-LLM's 9276e44 fork of its SM90 mixed-input MoE GEMM builds W4AFP8 (e4m3:s4, e4m3:u4) and "
           "WFP4A16 (bf16:e2m1, f16:e2m1) only (moe_gemm_template_dispatch.h:866-897 at FlashInfer 9276e44); "
           "FlashInfer's Humming mode is fb28d72's: give trtllm_moe_fork fb28d72";
  if (!config.grouped) return "TensorRT-LLM's mixed-input MoE GEMM (moe on sm90) is grouped: give grouped";
  if (config.conversion != Conversion::scale || config.shuffled)
    return "TensorRT-LLM's mixed-input MoE GEMM scales its weight (a tuple of the weight and its scales, "
           "launcher:256): "
           "give conversion scl, not shuffled";
  if (config.scaling != Scaling::none || config.fast_accum || config.cp_async || config.sparse)
    return "TensorRT-LLM's mixed-input MoE GEMM has no block or blockwise scaling, fast accumulation, cp.async or "
           "sparse variant: give scaling none";
  if (!k_major_operands(config))
    return "TensorRT-LLM's mixed-input MoE GEMM reads row-major activations and column-major weights "
           "(launcher:159-168)";
  if (is_single_warpgroup(config.schedule)) {
    if (const auto error = trtllm_single_warpgroup_invalid_input(config)) return error;
  } else if (config.schedule != Schedule::cooperative && config.schedule != Schedule::pingpong)
    return "TensorRT-LLM's mixed-input MoE GEMM is the cooperative or ping-pong pointer-array kernel "
           "(launcher:208-211), or for e4m3:e2m1 the single-warpgroup one";
  // TensorRT-LLM main's launcher of the older fork adds FINALIZE (FUSION == EpilogueFusion::FINALIZE: C of the
  // output type, D void, column-major, the scatter fusion of the swapped operands); fb28d72's has none.
  const bool finalize = config.epilogue == EpilogueKind::finalize;
  if (finalize && !is_trtllm_packed_scales_moe(config))
    return "TensorRT-LLM builds FINALIZE on its mixed-input MoE GEMM in the older fork's launcher alone (TensorRT-LLM "
           "main's moe_gemm_tma_ws_mixed_input_launcher.inl; FlashInfer fb28d72's has no FINALIZE): give "
           "trtllm_moe_fork 9276e44";
  if (finalize) {
    if (const auto error = finalize_invalid_input(config)) return error;
    if (config.d_layout != MatrixLayout::col || !config.epilogue_tile.automatic)
      return "TensorRT-LLM's FINALIZE on its mixed-input MoE GEMM writes the swapped operands' output column-major "
             "with the automatic epilogue tile: give d_layout col and no epilogue tile";
  } else if (config.epilogue != EpilogueKind::tma || config.fusion != Fusion::none || config.c != config.d ||
             config.d_layout != MatrixLayout::col || !config.epilogue_tile.automatic)
    return "TensorRT-LLM's mixed-input MoE GEMM has its own epilogue over column-major C and D of the output type, "
           "with the automatic epilogue tile and its own fusion (LinearCombination; e4m3:e2m1 a per-token scale) "
           "(launcher:95-101, 191-200, 236-241): give c as d, d_layout col, fusion none, and no epilogue or epilogue "
           "tile";
  if (config.stages.kind == StagePolicy::Kind::auto_epi)
    return "TensorRT-LLM's mixed-input builder has no StageCountAutoCarveoutEpi; use auto, auto-zero or a count";
  const Tile& t = config.tile;
  if (t.m % 64 != 0 || t.n % 8 != 0 || t.n > 256 || t.k % 32 != 0)
    return "not modelled: TensorRT-LLM's mixed-input MoE GEMM is modelled for tile M a multiple of 64, N a multiple "
           "of 8 up to 256 and K a multiple of 32";
  // cutlass::Array<scale, K / group> (launcher:107-111 at 9276e44): the launcher's tiles are whole groups.
  if (is_trtllm_packed_scales_moe(config) && t.k % trtllm_weight_scale(config).group != 0)
    return "not modelled: TensorRT-LLM's 9276e44 fork packs tile K / group weight scales per row "
           "(cutlass::Array<scale, K / group>, moe_gemm_tma_ws_mixed_input_launcher.inl:107-111), and its tiles are "
           "whole groups: give tile K a multiple of 128 for int4 weights, 32 for e2m1";
  return std::nullopt;
}

// The builder's assertions (in its stage count, which the automatic stage counts instantiate) and then the
// collective's, in the order nvcc reports them.
constexpr Rejection trtllm_mixed_input_moe_check(const Config& config) {
  const bool automatic = config.stages.kind != StagePolicy::Kind::fixed;
  if (automatic && config.tile.k % trtllm_weight_scale(config).group != 0)
    return Rejection::trtllm_mixed_input_scale_groups;
  // The scales are folded in blocks of 64 rows by 128 of K (collective:220-235).
  if (config.tile.k % 128 != 0) return Rejection::trtllm_mixed_input_fold_k;
  return Rejection::none;
}

// One stage and the builder's estimate of it (compute_stage_count_or_override_folded_weight_scale,
// builder:51-85): the weight over tile M, the activation over tile N and the weight's scales (M x K / group),
// rounded up to SmemAlignment, plus sizeof(PipelineTmaAsync<1>::SharedStorage); no zero points.
constexpr MainloopStage trtllm_mixed_input_moe_stage(const Config& config, Checked& c) {
  const Tile& t = config.tile;
  const WeightScale scale = trtllm_weight_scale(config);
  MainloopStage s;
  s.bits_a = bits_of(config.types.b.data);
  s.bits_b = bits_of(config.types.a.data);
  s.a = ceil_div(c.mul(c.mul(t.m, t.k), s.bits_a), 8);
  s.b = ceil_div(c.mul(c.mul(t.n, t.k), s.bits_b), 8);
  s.scale = ceil_div(c.mul(c.mul(t.m, t.k / scale.group), scale.bits), 8);
  s.barrier = 16;
  s.estimate = c.add(c.up(s.data(), mixed_input_alignment(config).builder), s.barrier);
  return s;
}

// The builder's count: at least two, whatever fits (builder:83-84), where CUTLASS's refuses a kernel
// of fewer.
constexpr bytes_t trtllm_mixed_input_moe_stages(bytes_t computed) { return computed < 2 ? 2 : computed; }

// The builder reserves the two TMA descriptors of A and B (builder:234-238), which the launcher prebuilds
// in global memory (:375-376): the collective's TensorMapStorage is empty (collective:371), and the
// precomputed scheduler keeps nothing in shared memory.
inline constexpr bytes_t trtllm_mixed_input_moe_reserve = 2 * tma_descriptor_bytes;

// SharedStorage::TensorStorage (collective:360-369): smem_A (the weight) and smem_B (the activation) aligned
// to their swizzle atoms, then smem_scale, an ArrayEngine of every stage's folded scales, M x K / group each.
// The Humming mode's prescale collective (sm90_mma_array_tma_gmma_rs_warpspecialized_mixed_input_prescale.hpp:
// 378-394; the builder's kPreMmaE8M0, builder:253-265) adds two empty ArrayEngines, activation scales and zero
// points, 16 bytes each.
template <class Parts = PartList>
constexpr MainloopTensors<Parts> trtllm_mixed_input_moe_tensors(const Config& config, const MainloopStage& s,
                                                                bytes_t stages, Checked& c) {
  const MixedInputAlignment align = mixed_input_alignment(config);
  const WeightScale scale = trtllm_weight_scale(config);
  BasicStructLayout<Parts> layout(c);
  layout.member("A tiles (weight)", array_engine_bytes(c.mul(s.a, stages), 8, c), align.narrow, PartKind::tensor);
  layout.member("B tiles (activation)", array_engine_bytes(c.mul(s.b, stages), 8, c), align.wide, PartKind::tensor);
  const bytes_t scales = c.mul(c.mul(config.tile.m, config.tile.k / scale.group), stages);
  layout.member("folded weight scales", array_engine_bytes(scales, scale.bits, c), 16, PartKind::tensor);
  if (is_trtllm_humming_moe(config)) {
    layout.member("activation scales (empty)", array_engine_bytes(0, 8, c), 16, PartKind::tensor);
    layout.member("zero points (empty)", array_engine_bytes(0, 32, c), 16, PartKind::tensor);
  }
  layout.finish("mainloop tensors");
  return {layout.parts(), layout.size(), layout.alignment(), pipeline_barrier_bytes(stages, c)};
}

// GemmUniversalPrecomputedScheduler's SharedStorage (kernel:172-197, ping-pong :180-207): tensors, then the
// pipelines (ping-pong: the math warp groups' order barrier after the load order), then the tensormaps, the
// mainloop's empty struct and the epilogue's, each alignas(128): the TMA epilogue's C and D descriptors, or the
// single-warpgroup kernel's per-token-scale storage a second time. No tile-scheduler pipeline or responses.
template <class Parts = PartList>
constexpr KernelLayout<Parts> trtllm_mixed_input_moe_kernel(const Config& config,
                                                            const MainloopTensors<Parts>& mainloop,
                                                            const EpilogueLayout& epi, Checked& c) {
  const bool single_warpgroup = is_single_warpgroup(config.schedule);
  const BasicStructLayout<Parts> tensors =
      single_warpgroup
          ? kernel_tensor_storage<Parts>(mainloop, epi, trtllm_per_token_scale_storage<Parts>(config, c).parts(),
                                         TensorsFirst::mainloop, c)
          : kernel_tensor_storage<Parts>(config, mainloop, epi, TensorsFirst::mainloop, c);
  BasicStructLayout<Parts> pipes(c, 16);
  add_pipelines(pipes, config, mainloop.pipeline, epi);
  pipes.finish("pipelines");
  BasicStructLayout<Parts> maps(c, 128);
  maps.member("mainloop tensormaps (an empty struct)", empty_struct_bytes, 128, PartKind::tensormap);
  if (single_warpgroup)
    maps.member("epilogue tensormaps (its shared storage again)", epi.shared_storage, 128, PartKind::tensor);
  else
    maps.member("epilogue tensormaps", epi.tensormap_count * tma_descriptor_bytes, 128, PartKind::tensormap);
  maps.finish("tensormaps");
  BasicStructLayout<Parts> kernel(c);
  kernel.nested("tensors", tensors.parts(), tensors.size(), tensors.alignment());
  kernel.nested("pipelines", pipes.parts(), pipes.size(), pipes.alignment());
  kernel.nested("tensormaps", maps.parts(), maps.size(), maps.alignment());
  kernel.finish("kernel shared storage");
  return {kernel.parts(), kernel.size(), tensors.size()};
}

}  // namespace smem_budget
