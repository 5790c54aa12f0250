"""Probe sources for SM100 (B200) block-scaled GEMMs: NVFP4, MXFP4/6/8 and mixed operands, 1-SM and
2-SM (or the automatic schedule), clusters, grouped, TMA or no-smem epilogue, bias and scale-factor
output fusions; measure.py compiles and runs them (host-only: the kernel's device-side size
assertion is not instantiated)."""
from measure_common import ELEMENT, BITS, dims, stage_type, probe_program

PRESETS = {"nvfp4": ("e2m1", "nv"), "mxfp4": ("e2m1", "mx"), "mxfp6": ("e3m2", "mx"), "mxfp8": ("e4m3", "mx")}
WRAPPER = {4: "mx_float4_t", 6: "mx_float6_t", 8: "mx_float8_t"}


def operand(name):
    element, kind = PRESETS.get(name, (name, "mx"))
    if kind == "nv":
        return element, kind, f"cutlass::nv_float4_t<{ELEMENT[element]}>"
    return element, kind, f"cutlass::{WRAPPER[BITS[element]]}<{ELEMENT[element]}>"


def probe_source(cfg):
    """The C++ of one SM100 probe, or raises ValueError for what the tool does not measure."""
    if cfg.get("scaling", "block") != "block":
        raise ValueError("SM100 probes are block-scaled")
    m, n, k = dims(cfg["tile"])
    a_name, _, b_name = cfg.get("types", "nvfp4").partition(":")
    a, a_kind, el_a = operand(a_name)
    b, b_kind, el_b = operand(b_name or a_name)
    c, d = cfg.get("c", "void"), cfg.get("d", "bf16")
    grouped = cfg.get("grouped", False)
    schedule = cfg.get("schedule", "auto")
    cluster = dims(cfg.get("cluster", "1x1x1"))
    ptr = "*" if grouped else ""
    layout_cd = "cutlass::layout::RowMajor" if cfg.get("d_layout", "row") == "row" else "cutlass::layout::ColumnMajor"
    f8f6f4 = cfg.get("instruction", "auto") == "mxf8f6f4" or not (a == b == "e2m1")
    if schedule == "auto":
        kernel, epilogue = "cutlass::gemm::collective::KernelScheduleAuto", "cutlass::epilogue::collective::EpilogueScheduleAuto"
    else:
        sm = {"1sm": "1Sm", "2sm": "2Sm"}[schedule]
        if f8f6f4:
            suffix = "Mxf8f6f4Sm100" if a != b or cfg.get("instruction") == "mxf8f6f4" else "BlockScaledSm100"
        else:
            suffix = "Nvf4Sm100" if a_kind == "nv" else "Mxf4Sm100"
        kernel = f"cutlass::gemm::Kernel{'PtrArray' if grouped else ''}TmaWarpSpecialized{sm}{suffix}"
        nosmem = cfg.get("epilogue", "default") == "nosmem"
        epilogue = f"cutlass::epilogue::{'PtrArray' if grouped else ''}{'NoSmem' if nosmem else 'Tma'}WarpSpecialized{sm}"
    fusion = cfg.get("fusion", "none")
    if fusion == "none":
        fusion_op = f"cutlass::epilogue::fusion::LinearCombination<{ELEMENT[d]}, float, {ELEMENT[c]}, float>"
    elif fusion.startswith("col-bias:"):
        fusion_op = (f"cutlass::epilogue::fusion::LinCombPerColBias<{ELEMENT[d]}, float, "
                     f"{ELEMENT[fusion.split(':')[1]]}, {ELEMENT[c]}>")
    elif fusion == "sf-gen":
        vector, sf = (16, "cutlass::float_ue4m3_t") if a_kind == "nv" else (32, "cutlass::float_ue8m0_t")
        fusion_op = (f"cutlass::epilogue::fusion::LinCombBlockScaleFactor<{vector}, {ELEMENT[d]}, float, {sf}, "
                     f"{layout_cd}, {ELEMENT[c]}>")
    else:
        raise ValueError(f"fusion {fusion!r} is not measured on SM100")
    # 16-byte accesses; an FP4 or FP6 operand loaded unpacked by MXF8F6F4 needs 128 elements.
    align = lambda e: 128 if (f8f6f4 and BITS[e] < 8) else 128 // BITS[e]  # noqa: E731
    align_cd = lambda e: 128 // BITS[e]  # noqa: E731
    problem = ("cutlass::gemm::GroupProblemShape<cute::Shape<int, int, int>>" if grouped
               else "cute::Shape<int, int, int, int>")
    return probe_program(f"""
using TileShape = cute::Shape<cute::Int<{m}>, cute::Int<{n}>, cute::Int<{k}>>;
using Cluster = cute::Shape<cute::Int<{cluster[0]}>, cute::Int<{cluster[1]}>, cute::Int<{cluster[2]}>>;
using Epilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm100, cutlass::arch::OpClassBlockScaledTensorOp, TileShape, Cluster,
    cutlass::epilogue::collective::EpilogueTileAuto, float, float,
    {ELEMENT[c]}, {layout_cd}{ptr}, {align_cd(c) if c != 'void' else align_cd(d)},
    {ELEMENT[d]}, {layout_cd}{ptr}, {align_cd(d)}, {epilogue}, {fusion_op}>::CollectiveOp;
using Mainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm100, cutlass::arch::OpClassBlockScaledTensorOp, {el_a}, cutlass::layout::RowMajor{ptr}, {align(a)},
    {el_b}, cutlass::layout::ColumnMajor{ptr}, {align(b)}, float, TileShape, Cluster,
    {stage_type(cfg.get("stages", "auto"))}, {kernel}>::CollectiveOp;
using Kernel = cutlass::gemm::kernel::GemmUniversal<{problem}, Mainloop, Epilogue>;
""", "Mainloop::DispatchPolicy::Stages")


def probe_source_sm103(cfg):
    """The C++ of one SM103 (B300) probe: the FP4 "ultra" kernels, whose builder keeps two stage counts
    (A/B and scale factors, printed as stages A and B)."""
    if cfg.get("scaling", "block") != "block":
        raise ValueError("SM103 probes are block-scaled")
    m, n, k = dims(cfg["tile"])
    a_name, _, b_name = cfg.get("types", "nvfp4").partition(":")
    a, a_kind, _ = operand(a_name)
    b, _, _ = operand(b_name or a_name)
    sf = "cutlass::float_ue4m3_t" if a_kind == "nv" else "cutlass::float_ue8m0_t"
    c, d = cfg.get("c", "void"), cfg.get("d", "bf16")
    grouped = cfg.get("grouped", False)
    schedule = cfg.get("schedule", "auto")
    cluster = dims(cfg.get("cluster", "1x1x1"))
    ptr = "*" if grouped else ""
    if schedule == "auto":
        kernel, epilogue = "cutlass::gemm::collective::KernelScheduleAuto", "cutlass::epilogue::collective::EpilogueScheduleAuto"
    else:
        sm = {"1sm": "1Sm", "2sm": "2Sm"}[schedule]
        vs = "Vs16" if a_kind == "nv" else "Vs32"
        kernel = f"cutlass::gemm::Kernel{'PtrArray' if grouped else ''}TmaWarpSpecialized{sm}BlockScaledMxNvf4Ultra{vs}Sm103"
        nosmem = cfg.get("epilogue", "default") == "nosmem"
        epilogue = f"cutlass::epilogue::{'PtrArray' if grouped else ''}{'NoSmem' if nosmem else 'Tma'}WarpSpecialized{sm}"
    if cfg.get("fusion", "none") != "none":
        raise ValueError("SM103 probes take no fusion")
    fusion_op = f"cutlass::epilogue::fusion::LinearCombination<{ELEMENT[d]}, float, {ELEMENT[c]}, float>"
    align_cd = lambda e: 128 // BITS[e]  # noqa: E731
    problem = ("cutlass::gemm::GroupProblemShape<cute::Shape<int, int, int>>" if grouped
               else "cute::Shape<int, int, int, int>")
    return probe_program(f"""
using TileShape = cute::Shape<cute::Int<{m}>, cute::Int<{n}>, cute::Int<{k}>>;
using Cluster = cute::Shape<cute::Int<{cluster[0]}>, cute::Int<{cluster[1]}>, cute::Int<{cluster[2]}>>;
using Epilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm103, cutlass::arch::OpClassBlockScaledTensorOp, TileShape, Cluster,
    cutlass::epilogue::collective::EpilogueTileAuto, float, float,
    {ELEMENT[c]}, cutlass::layout::RowMajor{ptr}, {align_cd(c) if c != 'void' else align_cd(d)},
    {ELEMENT[d]}, cutlass::layout::RowMajor{ptr}, {align_cd(d)}, {epilogue}, {fusion_op}>::CollectiveOp;
using Mainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm103, cutlass::arch::OpClassBlockScaledTensorOp, cute::tuple<{ELEMENT[a]}, {sf}>,
    cutlass::layout::RowMajor{ptr}, 32, cute::tuple<{ELEMENT[b]}, {sf}>, cutlass::layout::ColumnMajor{ptr}, 32, float,
    TileShape, Cluster, {stage_type(cfg.get("stages", "auto"))}, {kernel}>::CollectiveOp;
using Kernel = cutlass::gemm::kernel::GemmUniversal<{problem}, Mainloop, Epilogue>;
""", "Mainloop::DispatchPolicy::LoadABPipelineStageCount", "Mainloop::DispatchPolicy::LoadSFPipelineStageCount",
        "Mainloop::DispatchPolicy::LoadSFPipelineStageCount")
