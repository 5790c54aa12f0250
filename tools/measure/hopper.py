"""Probe sources for SM90 (H100, H200) GEMMs: plain FP8/BF16/F16 and FP8 blockwise-scaled, cooperative,
ping-pong, automatic and grouped, TMA or no-smem epilogue; measure.py compiles and runs them."""
from measure_common import ELEMENT, BITS, builder_types, dims, linear_fusion, probe_keys, probe_program

SCHEDULE = {"cooperative": "Cooperative", "pingpong": "Pingpong"}


def probe_source(cfg):
    """The C++ of one SM90 probe, or raises ValueError for what the tool does not measure."""
    scaling = cfg.get("scaling", "block")
    if scaling not in ("none", "blockwise"):
        raise ValueError("SM90 GEMMs are plain or blockwise-scaled")
    p = probe_keys(cfg)
    a, _, b = cfg["types"].partition(":")
    b = b or a
    if p.schedule == "auto":
        kernel, epilogue = "collective::KernelScheduleAuto", "collective::EpilogueScheduleAuto"
    else:
        kind = SCHEDULE[p.schedule]
        prefix = "KernelPtrArrayTmaWarpSpecialized" if p.grouped else "KernelTmaWarpSpecialized"
        suffix = "FP8Blockwise" if scaling == "blockwise" else "FP8FastAccum" if cfg.get("fast_accum") else ""
        kernel = prefix + kind + suffix
        if cfg.get("epilogue", "default") == "nosmem":
            epilogue = "PtrArrayNoSmemWarpSpecialized" if p.grouped else "NoSmemWarpSpecialized"
        else:
            epilogue = ("PtrArrayTmaWarpSpecialized" if p.grouped else "TmaWarpSpecialized") + (
                kind if kind == "Cooperative" else ("Pingpong" if p.grouped else ""))
    fusion_op = linear_fusion(cfg.get("fusion", "none"), p.d, p.c)
    if fusion_op is None:
        raise ValueError(f"fusion {cfg['fusion']!r} is not measured on SM90")
    layout_a, layout_b = f"cutlass::layout::RowMajor{p.ptr}", f"cutlass::layout::ColumnMajor{p.ptr}"
    scale_code = ""
    if scaling == "blockwise":
        gm, gn, gk = (dims(cfg["scale_granularity"]) if cfg.get("scale_granularity", "auto") != "auto"
                      else (p.m, p.n, p.k))
        scale_code = f"using ScaleConfig = cutlass::detail::Sm90BlockwiseScaleConfig<{gm}, {gn}, {gk}>;"
        layout_a = f"cute::tuple<{layout_a}, decltype(ScaleConfig::deduce_layoutSFA()){p.ptr}>"
        layout_b = f"cute::tuple<{layout_b}, decltype(ScaleConfig::deduce_layoutSFB()){p.ptr}>"
    align = lambda e: 128 // BITS[e]  # noqa: E731 (16-byte accesses)
    operands = f"{ELEMENT[a]}, {layout_a}, {align(a)}, {ELEMENT[b]}, {layout_b}, {align(b)}"
    return probe_program(builder_types("Sm90", "cutlass::arch::OpClassTensorOp", p, f"cutlass::epilogue::{epilogue}",
                                       fusion_op, operands, cfg.get("stages", "auto"), f"cutlass::gemm::{kernel}",
                                       scale_code), "Mainloop::DispatchPolicy::Stages")
