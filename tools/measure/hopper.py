"""Probe sources for SM90 (H100, H200) GEMMs: plain FP8/BF16/F16 and FP8 blockwise-scaled, cooperative,
ping-pong, automatic and grouped, TMA or no-smem epilogue; measure.py compiles and runs them."""
from measure_common import ELEMENT, BITS, dims, stage_type, probe_program

SCHEDULE = {"cooperative": "Cooperative", "pingpong": "Pingpong"}


def probe_source(cfg):
    """The C++ of one SM90 probe, or raises ValueError for what the tool does not measure."""
    scaling = cfg.get("scaling", "block")
    if scaling not in ("none", "blockwise"):
        raise ValueError("SM90 GEMMs are plain or blockwise-scaled")
    m, n, k = dims(cfg["tile"])
    a, _, b = cfg["types"].partition(":")
    b = b or a
    c, d = cfg.get("c", "void"), cfg.get("d", "bf16")
    grouped = cfg.get("grouped", False)
    schedule = cfg.get("schedule", "auto")
    cluster = dims(cfg.get("cluster", "1x1x1"))
    ptr = "*" if grouped else ""
    layout_cd = "cutlass::layout::RowMajor" if cfg.get("d_layout", "row") == "row" else "cutlass::layout::ColumnMajor"
    if schedule == "auto":
        kernel, epilogue = "collective::KernelScheduleAuto", "collective::EpilogueScheduleAuto"
    else:
        kind = SCHEDULE[schedule]
        prefix = "KernelPtrArrayTmaWarpSpecialized" if grouped else "KernelTmaWarpSpecialized"
        suffix = "FP8Blockwise" if scaling == "blockwise" else "FP8FastAccum" if cfg.get("fast_accum") else ""
        kernel = prefix + kind + suffix
        if cfg.get("epilogue", "default") == "nosmem":
            epilogue = "PtrArrayNoSmemWarpSpecialized" if grouped else "NoSmemWarpSpecialized"
        else:
            epilogue = ("PtrArrayTmaWarpSpecialized" if grouped else "TmaWarpSpecialized") + (
                kind if kind == "Cooperative" else ("Pingpong" if grouped else ""))
    fusion = cfg.get("fusion", "none")
    if fusion == "none":
        fusion_op = f"cutlass::epilogue::fusion::LinearCombination<{ELEMENT[d]}, float, {ELEMENT[c]}, float>"
    elif fusion.startswith("col-bias:"):
        fusion_op = (f"cutlass::epilogue::fusion::LinCombPerColBias<{ELEMENT[d]}, float, "
                     f"{ELEMENT[fusion.split(':')[1]]}, {ELEMENT[c]}>")
    else:
        raise ValueError(f"fusion {fusion!r} is not measured on SM90")
    layout_a, layout_b = f"cutlass::layout::RowMajor{ptr}", f"cutlass::layout::ColumnMajor{ptr}"
    scale_code = ""
    if scaling == "blockwise":
        gm, gn, gk = dims(cfg["scale_granularity"]) if cfg.get("scale_granularity", "auto") != "auto" else (m, n, k)
        scale_code = f"using ScaleConfig = cutlass::detail::Sm90BlockwiseScaleConfig<{gm}, {gn}, {gk}>;"
        layout_a = f"cute::tuple<{layout_a}, decltype(ScaleConfig::deduce_layoutSFA()){ptr}>"
        layout_b = f"cute::tuple<{layout_b}, decltype(ScaleConfig::deduce_layoutSFB()){ptr}>"
    align = lambda e: 128 // BITS[e]  # noqa: E731 (16-byte accesses)
    problem = ("cutlass::gemm::GroupProblemShape<cute::Shape<int, int, int>>" if grouped
               else "cute::Shape<int, int, int, int>")
    return probe_program(f"""
using TileShape = cute::Shape<cute::Int<{m}>, cute::Int<{n}>, cute::Int<{k}>>;
using Cluster = cute::Shape<cute::Int<{cluster[0]}>, cute::Int<{cluster[1]}>, cute::Int<{cluster[2]}>>;
{scale_code}
using Epilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, Cluster,
    cutlass::epilogue::collective::EpilogueTileAuto, float, float,
    {ELEMENT[c]}, {layout_cd}{ptr}, {align(c) if c != 'void' else align(d)},
    {ELEMENT[d]}, {layout_cd}{ptr}, {align(d)}, cutlass::epilogue::{epilogue}, {fusion_op}>::CollectiveOp;
using Mainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, {ELEMENT[a]}, {layout_a}, {align(a)}, {ELEMENT[b]},
    {layout_b}, {align(b)}, float, TileShape, Cluster, {stage_type(cfg.get("stages", "auto"))},
    cutlass::gemm::{kernel}>::CollectiveOp;
using Kernel = cutlass::gemm::kernel::GemmUniversal<{problem}, Mainloop, Epilogue>;
""", "Mainloop::DispatchPolicy::Stages")
