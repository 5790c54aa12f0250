"""Probe sources for SM90 (H100, H200) GEMMs: plain FP8/BF16/F16/INT8 and FP8 blockwise-scaled; the
persistent cooperative and ping-pong kernels, the non-persistent warp-specialized (KernelTmaWarpSpecialized)
and TMA (KernelTma) kernels, automatic, grouped and pointer-array batched ones; TMA or no-smem
epilogue; linear, bias, vLLM scaled_mm and CUTLASS's amax/aux-output fusions; the stream-K scheduler; mixed-input
(A and B of different widths, `conversion`, `shuffle`) on every one of those kernels. measure.py compiles and
runs them."""
from measure_common import (ELEMENT, BITS, amax_aux_fusion, builder_types, dims, finalize_fusion, linear_fusion,
                            probe_keys, probe_program, scaled_fusion)

SCHEDULE = {"cooperative": "Cooperative", "pingpong": "Pingpong", "warpspecialized": ""}


def mixed_input_operand(narrow, wide, conversion, layout, stride_tag, shuffle):
    """A mixed-input GEMM's narrow operand as CUTLASS's generator spells it (python/cutlass_library/
    gemm_operation.py:1060-1112, v4.7.0): the element, or a tuple of it with scales (and zero points) of
    the wide type, cutlass::Array<wide, 8> scales for s4 with FP8; shuffled, its layout is the generator's
    reordered one over `stride_tag`'s stride (`layout` keeps a grouped kernel's pointer). Returns (element,
    layout, the code they need)."""
    wide_type = ELEMENT[wide]
    scale = f"cutlass::Array<{wide_type}, 8>" if BITS[narrow] == 4 and BITS[wide] == 8 else wide_type
    element = {"cvt": ELEMENT[narrow], "scl": f"cute::tuple<{ELEMENT[narrow]}, {scale}>",
               "sclzr": f"cute::tuple<{ELEMENT[narrow]}, {scale}, {wide_type}>"}[conversion]
    if not shuffle:
        return element, layout, ""
    shuffle_atom = {4: "cute::Layout<cute::Shape<cute::_2,cute::_4>, cute::Stride<cute::_4,cute::_1>>",
                    8: "cute::Layout<cute::Shape<cute::_2,cute::_2>, cute::Stride<cute::_2,cute::_1>>"}[BITS[narrow]]
    pointer = "*" if layout.endswith("*") else ""
    code = f"""
#include "cutlass/util/mixed_dtype_utils.hpp"
using StrideNarrow = cute::remove_pointer_t<{stride_tag}<{layout}>>;
using LayoutAtomQuant = decltype(cutlass::compute_memory_reordering_atom<{wide_type}, cute::Layout<cute::Shape<cute::_1, cute::_1>>, {shuffle_atom}>());
using LayoutNarrowReordered = decltype(cute::tile_to_shape(LayoutAtomQuant{{}}, cute::Layout<cute::Shape<int,int,int>, StrideNarrow>{{}}));
"""
    return element, "LayoutNarrowReordered" + pointer, code


def probe_source(cfg):
    """The C++ of one SM90 probe, or raises ValueError for what the tool does not measure."""
    scaling = cfg.get("scaling", "block")
    if scaling not in ("none", "blockwise"):
        raise ValueError("SM90 GEMMs are plain or blockwise-scaled")
    if cfg.get("sparse"):
        raise ValueError("SM90 sparse GEMMs are measured by their library names (tools/kernel_names), not here")
    p = probe_keys(cfg)
    batched = cfg.get("batched", False)
    array = p.grouped or batched  # the pointer-array kernels
    a, _, b = cfg["types"].partition(":")
    b = b or a
    nosmem = cfg.get("epilogue", "default") == "nosmem"
    mainloop_tensors = None
    if p.schedule == "auto":
        kernel, epilogue = "collective::KernelScheduleAuto", "collective::EpilogueScheduleAuto"
    elif p.schedule == "tma":
        # KernelTma: the mainloop collective sm90_mma_tma_gmma_ss.hpp, whose SharedStorage holds A, B
        # and the pipeline with no TensorStorage; its tensors are the storage less the pipeline.
        kernel = "KernelTma"
        epilogue = "NoSmemWarpSpecialized" if nosmem else "TmaWarpSpecialized"
        mainloop_tensors = ("sizeof(typename Mainloop::SharedStorage) - "
                            "sizeof(typename Mainloop::SharedStorage::PipelineStorage)")
    else:
        kind = SCHEDULE[p.schedule]
        prefix = "KernelPtrArrayTmaWarpSpecialized" if array else "KernelTmaWarpSpecialized"
        suffix = "FP8Blockwise" if scaling == "blockwise" else "FP8FastAccum" if cfg.get("fast_accum") else ""
        kernel = prefix + kind + suffix
        if nosmem:
            epilogue = "PtrArrayNoSmemWarpSpecialized" if array else "NoSmemWarpSpecialized"
        else:
            epilogue = ("PtrArrayTmaWarpSpecialized" if array else "TmaWarpSpecialized") + (
                kind if kind == "Cooperative" else ("Pingpong" if array else ""))
    fusion = cfg.get("fusion", "none")
    prelude = ""
    finalize = cfg.get("epilogue", "default") == "finalize"
    if finalize:
        # TensorRT-LLM's MoE launcher on SM90: the cooperative pointer-array kernel
        # (moe_gemm_tma_ws_launcher.inl:368, 440-441); its fusion builds on the ping-pong one too, with
        # the ping-pong pointer-array epilogue (the schedules above).
        if not (p.grouped and p.schedule in ("cooperative", "pingpong")):
            raise ValueError("FINALIZE is measured on the grouped cooperative or ping-pong kernel")
        prelude, fusion_op = finalize_fusion(p)
    elif fusion.startswith("scaled-mm"):
        fusion_op, prelude = scaled_fusion(fusion, p.d, array)
    elif fusion.startswith("amax-aux:"):
        fusion_op, prelude = amax_aux_fusion(fusion, p)
    else:
        fusion_op = linear_fusion(fusion, p.d, p.c)
    if fusion_op is None:
        raise ValueError(f"fusion {cfg['fusion']!r} is not measured on SM90")
    layout_a, layout_b = p.layout_a, p.layout_b
    scale_code = ""
    if scaling == "blockwise":
        gm, gn, gk = (dims(cfg["scale_granularity"]) if cfg.get("scale_granularity", "auto") != "auto"
                      else (p.m, p.n, p.k))
        scale_code = f"using ScaleConfig = cutlass::detail::Sm90BlockwiseScaleConfig<{gm}, {gn}, {gk}>;"
        layout_a = f"cute::tuple<{layout_a}, decltype(ScaleConfig::deduce_layoutSFA()){p.ptr}>"
        layout_b = f"cute::tuple<{layout_b}, decltype(ScaleConfig::deduce_layoutSFB()){p.ptr}>"
    align = lambda e: 128 // BITS[e]  # noqa: E731 (16-byte accesses)
    element_a, element_b = ELEMENT[a], ELEMENT[b]
    if BITS[a] != BITS[b]:
        conversion, shuffle = cfg.get("conversion", "cvt"), cfg.get("shuffle", False)
        if BITS[a] < BITS[b]:
            element_a, layout_a, code = mixed_input_operand(a, b, conversion, layout_a, "cutlass::detail::TagToStrideA_t",
                                                            shuffle)
        else:
            element_b, layout_b, code = mixed_input_operand(b, a, conversion, layout_b, "cutlass::detail::TagToStrideB_t",
                                                            shuffle)
        prelude += code
    operands = f"{element_a}, {layout_a}, {align(a)}, {element_b}, {layout_b}, {align(b)}"
    # INT8 GMMA accumulates in int32 (vLLM's cutlass_3x_gemm: ElementAcc int32_t for int8); a mixed-input
    # GEMM runs the wide operand's MMA (s8 with f16: float).
    accumulator = "int32_t" if {a, b} <= {"s8", "u8"} else "float"
    # Pointer-array batched (CUTLASS example 56): ArrayProblemShape over a rank-4 problem, plain strides.
    problem = "cutlass::gemm::ArrayProblemShape<cute::Shape<int, int, int, int>>" if batched else None
    scheduler = {"persistent": "", "stream-k": "cutlass::gemm::StreamKScheduler"}[cfg.get("tile_scheduler", "persistent")]
    return probe_program(builder_types("Sm90", "cutlass::arch::OpClassTensorOp", p, f"cutlass::epilogue::{epilogue}",
                                       fusion_op, operands, cfg.get("stages", "auto"), f"cutlass::gemm::{kernel}",
                                       prelude + scale_code, accumulator, problem, scheduler, finalize=finalize),
                         "Mainloop::DispatchPolicy::Stages", mainloop_tensors=mainloop_tensors)
