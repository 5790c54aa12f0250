"""Probe sources for TensorRT-LLM's SM90 mixed-input MoE GEMM, as FlashInfer fb28d72 carries it
(csrc/nv_internal/tensorrt_llm/kernels/cutlass_kernels/moe_gemm/launchers/moe_gemm_tma_ws_mixed_input_launcher.inl,
sm90_generic_mixed_moe_gemm_kernelLauncher_impl, :143-266, with MixedInputScaleMode::kPostMma and the two
warp-group kernels): the weight (s4, u4 read as int4b_t, or e2m1) with its scales (bf16 per 128 of K, or
ue8m0 per 32) is the builder's A, the activation its B (the launcher swaps them, :255-258), built by
TensorRT-LLM's CollectiveBuilderMixedInput, the epilogue by its MixedInputSm90TmaEpilogueBuilder over
column-major C and D of the output type (LinearCombination), the kernel GemmUniversalPrecomputedScheduler.
e4m3 activations with e2m1 weights are FlashInfer's "Humming" mode, the only SM90 one it enables
(csrc/fused_moe/cutlass_backend/flashinfer_cutlass_fused_moe_binding.cu:153-164, 187-215): MixedInputScaleMode::kPreMmaE8M0,
the builder's prescale collective, and PtrArrayPerTokenScaledAcc as the epilogue's fusion (launcher:236-241).
The headers are TensorRT-LLM's cutlass_extensions/include (FlashInfer's copy), named with
measure.py --trtllm-extensions; CUTLASS is the one named with --cutlass.

The older fork (trtllm_moe_fork 9276e44: FlashInfer 9276e44, TensorRT-LLM main 585c756, SGLang's
w4a8_grouped_mm_c3x) is what FlashInfer 9276e44's launcher builds (moe_gemm_tma_ws_mixed_input_launcher.inl:100-164):
the weight's scales packed K / group to a cutlass::Array as the tuple's scale element, its
CollectiveBuilderMixedInput (no scale mode), CUTLASS's own epilogue builder (LinearCombination) and CUTLASS's
GemmUniversal (the grouped kernel); the headers are that fork's cutlass_extensions, named the same way.

Keys: types ACTIVATION:WEIGHT (e4m3:s4, e4m3:u4, bf16:e2m1, f16:e2m1, e4m3:e2m1), tile (the launcher's CTAShape,
M over the weight's rows), cluster, schedule (cooperative or pingpong), d (the output: C and D),
stages (auto, or a StageCount the launcher does not use), trtllm_moe_fork (fb28d72, the default, or 9276e44) and,
with 9276e44, epilogue finalize (TensorRT-LLM main's FINALIZE branch of that launcher)."""
from measure_common import BITS, ELEMENT, USER_BUILD, cluster_type, dims, probe_main, stage_type

INCLUDES = """#include <cstdio>
#include "cutlass/cutlass.h"
#include "cutlass/device_kernel.h"
#include "cute/tensor.hpp"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/thread/linear_combination.h"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/gemm/group_array_problem_shape.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "cutlass_extensions/epilogue/collective/sm90_epilogue_array_tma_warpspecialized_mixed_input.hpp"
#include "cutlass_extensions/epilogue/fusion/sm90_ptr_array_per_token_scale_callbacks_tma_warpspecialized.hpp"
#include "cutlass_extensions/gemm/collective/collective_builder_mixed_input.hpp"
#include "cutlass_extensions/gemm/kernel/sm90_gemm_array_tma_warpspecialized_cooperative_precomputed.hpp"
#include "cutlass_extensions/gemm/kernel/sm90_gemm_array_tma_warpspecialized_pingpong_precomputed.hpp"
#include "cutlass_extensions/epilogue/collective/default_epilogue_array_per_token_scale.hpp"
#include "cutlass_extensions/gemm/kernel/sm90_gemm_array_tma_single_warpgroup_persistent.hpp"
"""

# The weight's element and its scale (launcher:165-187): uint4 weights are read as int4b_t.
WEIGHT = {"s4": ("cutlass::int4b_t", "cutlass::bfloat16_t"), "u4": ("cutlass::int4b_t", "cutlass::bfloat16_t"),
          "e2m1": ("cutlass::float_e2m1_t", "cutlass::float_ue8m0_t")}


# The older fork's headers (FlashInfer 9276e44): no epilogue or kernel of its own.
INCLUDES_9276E44 = """#include <cstdio>
#include "cutlass/cutlass.h"
#include "cutlass/device_kernel.h"
#include "cute/tensor.hpp"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/thread/linear_combination.h"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/gemm/group_array_problem_shape.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "cutlass_extensions/gemm/collective/collective_builder_mixed_input.hpp"
"""

# The older fork's scale group (launcher:104-111 at 9276e44): int4_group_size 128, mxfp4_group_size 32.
GROUP = {"s4": 128, "u4": 128, "e2m1": 32}


# TensorRT-LLM main's FINALIZE on this kernel (its moe_gemm_tma_ws_mixed_input_launcher.inl, the FUSION ==
# FINALIZE branch): C of the output type, D void, both column-major, the scatter fusion with per-row bias and
# per-column router scales (the swapped operands' ScaledAccPerRowBiasPerColScaleScatter).
FINALIZE_9276E44 = """#include "cutlass_extensions/epilogue/fusion/sm90_visitor_scatter.hpp"
"""


def probe_source_9276e44(cfg, activation, weight):
    """FlashInfer 9276e44's sm90_generic_mixed_moe_gemm_kernelLauncher (launcher:100-164), or with epilogue
    finalize TensorRT-LLM main's FINALIZE branch of it."""
    if activation == "e4m3" and weight == "e2m1":
        raise ValueError("the 9276e44 fork builds W4AFP8 and WFP4A16 only (moe_gemm_template_dispatch.h:866-897)")
    schedule = {"cooperative": "Cooperative", "pingpong": "Pingpong"}[cfg.get("schedule", "cooperative")]
    m, n, k = dims(cfg["tile"])
    weight_type, scale_type = WEIGHT[weight]
    out = ELEMENT[cfg.get("d", "bf16")]
    align_out = 128 // BITS[cfg.get("d", "bf16")]
    finalize = cfg.get("epilogue") == "finalize"
    d_type = "void" if finalize else out
    fusion = (f",\n    cutlass::epilogue::fusion::ScaledAccPerRowBiasPerColScaleScatter<cutlass::layout::ColumnMajor, "
              f"{out}, float, {out}, float>" if finalize else "")
    types = f"""
using TileShape = cute::Shape<cute::Int<{m}>, cute::Int<{n}>, cute::Int<{k}>>;
using Cluster = {cluster_type(cfg.get("cluster", "1x1x1"))};
using ElementScalePacked = cutlass::Array<{scale_type}, {k} / {GROUP[weight]}>;
using Epilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, Cluster,
    cutlass::epilogue::collective::EpilogueTileAuto, float, float,
    {out}, cutlass::layout::ColumnMajor*, {align_out}, {d_type}, cutlass::layout::ColumnMajor*, {align_out},
    cutlass::epilogue::PtrArrayTmaWarpSpecialized{schedule}{fusion}>::CollectiveOp;
using Mainloop = typename cutlass::gemm::collective::CollectiveBuilderMixedInput<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp,
    cute::tuple<{weight_type}, ElementScalePacked>, cutlass::layout::RowMajor*, {128 // BITS[weight]},
    {ELEMENT[activation]}, cutlass::layout::ColumnMajor*, {128 // BITS[activation]}, float, TileShape, Cluster,
    {stage_type(cfg.get("stages", "auto"))}, cutlass::gemm::KernelPtrArrayTmaWarpSpecialized{schedule}>::CollectiveOp;
using Kernel = cutlass::gemm::kernel::GemmUniversal<
    cutlass::gemm::GroupProblemShape<cute::Shape<int, int, int>>, Mainloop, Epilogue>;
"""
    includes = INCLUDES_9276E44 + (FINALIZE_9276E44 if finalize else "")
    return ("// generated by smem-budget tools/measure\n" + includes + types + USER_BUILD.format(kernel="Kernel")
            + probe_main(("Mainloop::DispatchPolicy::Stages",) * 3, "Mainloop", "Epilogue", "Kernel"))


def probe_source(cfg):
    """The C++ of one probe, or raises ValueError for what the launcher does not build."""
    activation, _, weight = cfg["types"].partition(":")
    if weight not in WEIGHT or activation not in ("e4m3", "bf16", "f16"):
        raise ValueError("types are ACTIVATION:WEIGHT, e4m3:s4, e4m3:u4, bf16:e2m1, f16:e2m1 or e4m3:e2m1")
    if cfg.get("trtllm_moe_fork", "fb28d72") == "9276e44":
        return probe_source_9276e44(cfg, activation, weight)
    humming = activation == "e4m3" and weight == "e2m1"
    if cfg.get("schedule", "").startswith("single-warpgroup"):
        return probe_source_single_warpgroup(cfg, humming)
    schedule = {"cooperative": "Cooperative", "pingpong": "Pingpong"}[cfg.get("schedule", "cooperative")]
    m, n, k = dims(cfg["tile"])
    weight_type, scale_type = WEIGHT[weight]
    out = ELEMENT[cfg.get("d", "bf16")]
    align_out = 128 // BITS[cfg.get("d", "bf16")]
    fusion = (f"cutlass::epilogue::fusion::PtrArrayPerTokenScaledAcc<{out}, float, float>" if humming
              else f"cutlass::epilogue::fusion::LinearCombination<{out}, float, {out}, float>")
    scale_mode = "kPreMmaE8M0" if humming else "kPostMma"
    types = f"""
using TileShape = cute::Shape<cute::Int<{m}>, cute::Int<{n}>, cute::Int<{k}>>;
using Cluster = {cluster_type(cfg.get("cluster", "1x1x1"))};
using Epilogue = typename tensorrt_llm::cutlass_extensions::epilogue::collective::MixedInputSm90TmaEpilogueBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, Cluster,
    cutlass::epilogue::collective::EpilogueTileAuto, float, float,
    {out}, cutlass::layout::ColumnMajor*, {align_out}, {out}, cutlass::layout::ColumnMajor*, {align_out},
    cutlass::epilogue::PtrArrayTmaWarpSpecialized{schedule},
    {fusion}>::CollectiveOp;
using Mainloop = typename cutlass::gemm::collective::CollectiveBuilderMixedInput<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp,
    cute::tuple<{weight_type}, {scale_type}>, cutlass::layout::RowMajor*, {128 // BITS[weight]},
    {ELEMENT[activation]}, cutlass::layout::ColumnMajor*, {128 // BITS[activation]}, float, TileShape, Cluster,
    {stage_type(cfg.get("stages", "auto"))}, cutlass::gemm::KernelPtrArrayTmaWarpSpecialized{schedule},
    cutlass::gemm::collective::MixedInputScaleMode::{scale_mode}>::CollectiveOp;
using Kernel = cutlass::gemm::kernel::GemmUniversalPrecomputedScheduler<
    cutlass::gemm::GroupProblemShape<cute::Shape<int, int, int>>, Mainloop, Epilogue>;
"""
    return ("// generated by smem-budget tools/measure\n" + INCLUDES + types + USER_BUILD.format(kernel="Kernel")
            + probe_main(("Mainloop::DispatchPolicy::Stages",) * 3, "Mainloop", "Epilogue", "Kernel"))


# FlashInfer fb28d72's single-warpgroup small-K kernels (launcher:84-139, 216-264; dispatch
# moe_gemm_template_dispatch_tma_ws_mixed_dtype.h:82-92, 188-226, 301-308): Humming only, tile 128x{8,16,32,40}x128,
# cluster 1x1x1, the ping-pong mixed-input collective (prescale) at StageCount<3>, the compact per-token-scale SMEM
# epilogue in CUTLASS's Sm90TmaWarpSpecializedAdapter, and SingleWarpgroupPersistentGemm (CTAs per SM 5, 4 or 3).
SINGLE_WARPGROUP_MODE = {"single-warpgroup-prefill": "PrefillAll", "single-warpgroup-rolling": "RollingRefill"}


def probe_source_single_warpgroup(cfg, humming):
    mode = SINGLE_WARPGROUP_MODE.get(cfg["schedule"])
    m, n, k = dims(cfg["tile"])
    if not humming or mode is None or m != 128 or k != 128 or n not in (8, 16, 32, 40) \
            or cfg.get("cluster", "1x1x1") != "1x1x1" or str(cfg.get("stages", "3")) != "3":
        raise ValueError("the single-warpgroup kernel is e4m3:e2m1, tile 128x{8,16,32,40}x128, cluster 1x1x1, "
                         "3 stages (launcher:226-234, 251-252)")
    out = ELEMENT[cfg.get("d", "bf16")]
    ctas = 5 if n <= 16 else (4 if n == 32 else 3)
    types = f"""
using TileShape = cute::Shape<cute::Int<{m}>, cute::Int<{n}>, cute::Int<{k}>>;
using Cluster = cute::Shape<cute::_1, cute::_1, cute::_1>;
using EpilogueOp = cutlass::epilogue::collective::SmemEpilogueArrayPerTokenScale<
    TileShape, {out}, cutlass::detail::TagToStrideC_t<cutlass::layout::ColumnMajor*>,
    {out}, cutlass::detail::TagToStrideC_t<cutlass::layout::ColumnMajor*>, float, float>;
using Epilogue = cutlass::epilogue::collective::detail::Sm90TmaWarpSpecializedAdapter<EpilogueOp>;
using Mainloop = typename cutlass::gemm::collective::CollectiveBuilderMixedInput<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp,
    cute::tuple<cutlass::float_e2m1_t, cutlass::float_ue8m0_t>, cutlass::layout::RowMajor*, 32,
    cutlass::float_e4m3_t, cutlass::layout::ColumnMajor*, 16, float, TileShape, Cluster,
    cutlass::gemm::collective::StageCount<3>, cutlass::gemm::KernelPtrArrayTmaWarpSpecializedPingpong,
    cutlass::gemm::collective::MixedInputScaleMode::kPreMmaE8M0>::CollectiveOp;
using Kernel = cutlass::gemm::kernel::SingleWarpgroupPersistentGemm<
    cutlass::gemm::GroupProblemShape<cute::Shape<int, int, int>>, Mainloop, Epilogue, {ctas}, 3,
    cutlass::gemm::kernel::SingleWarpgroupPipelineMode::{mode}>;
"""
    return ("// generated by smem-budget tools/measure\n" + INCLUDES + types + USER_BUILD.format(kernel="Kernel")
            + probe_main(("Mainloop::DispatchPolicy::Stages",) * 3, "Mainloop", "Epilogue", "Kernel"))
