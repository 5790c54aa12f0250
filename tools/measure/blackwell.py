"""Probe sources for SM100 (B200) block-scaled GEMMs (NVFP4, MXFP4/6/8 and mixed operands, 1-SM and
2-SM or the automatic schedule, clusters, grouped, TMA or no-smem epilogue, bias, scale-factor
output and amax-aux fusions), SM100 blockwise-scaled and plain GEMMs, and SM103 (B300) FP4 "ultra"
GEMMs; measure.py compiles and runs them (host-only: the kernel's device-side size assertion needs
measure.py's device check)."""
from measure_common import (ELEMENT, BITS, PRESETS, amax_aux_fusion, block_type, builder_types, dims,
                            finalize_epilogue_cluster, finalize_fusion, linear_fusion, probe_keys, probe_program,
                            scaled_fusion, stage_type)

OPCLASS = "cutlass::arch::OpClassBlockScaledTensorOp"
TENSOROP = "cutlass::arch::OpClassTensorOp"
# The epilogue builder's operator class (`epilogue_op_class`): auto passes the mainloop's.
EPILOGUE_OPCLASS = {"tensorop": TENSOROP, "blockscaled": OPCLASS}
AUTO = ("cutlass::gemm::collective::KernelScheduleAuto", "cutlass::epilogue::collective::EpilogueScheduleAuto")


# FP4 with ue8m0 scales per 16 elements (`mxfp4-vs16`): CUTLASS's emitter spells the operand as a tuple
# of element and scale type (gemm_operation.py:1032-1033) under the NVF4 (SM100) or Vs16 (SM103) schedule.
VS16 = "mxfp4-vs16"


def operand(name):
    """(element, scale kind, CUTLASS type): kind nv, mx, or mx16 for ue8m0 scales per 16 elements."""
    if name == VS16:
        return "e2m1", "mx16", "cute::tuple<cutlass::float_e2m1_t, cutlass::float_ue8m0_t>"
    element, kind = PRESETS.get(name, (name, "mx"))
    return element, kind, block_type(element, kind)


def scale_vector(kind):
    """The operands' scale-factor vector and type, which sf-gen takes by default."""
    return (16 if kind in ("nv", "mx16") else 32), ("cutlass::float_ue4m3_t" if kind == "nv" else "cutlass::float_ue8m0_t")


def epilogue_schedule(cfg, p, sm):
    """The 1-SM / 2-SM epilogue schedule tag: TMA or no-smem, pointer-array when grouped; the mainloop's
    unless epilogue_schedule names one."""
    nosmem = cfg.get("epilogue", "default") == "nosmem"
    sm = {"1sm": "1Sm", "2sm": "2Sm"}.get(cfg.get("epilogue_schedule", "auto"), sm)
    return f"cutlass::epilogue::{'PtrArray' if p.grouped else ''}{'NoSmem' if nosmem else 'Tma'}WarpSpecialized{sm}"


# CUTLASS's MoE GEMMs (moe): MoEProblemShape, as the generator emits them (gemm_operation.py:932-935).
MOE_PROBLEM = "cutlass::gemm::MoEProblemShape<cute::Shape<int, int, int>>"


def mixed_or_cp_async_schedules(cfg, p, block_scaled):
    """The kernel and epilogue schedules of SM100's 1-SM loads without TMA for B: the MoE kernels'
    KernelMixedTmaCpAsyncWarpSpecialized1Sm[BlockScaled]Sm100 over the TMA epilogue, or (cp_async)
    KernelWarpSpecialized1SmSm100 over the epilogue asked for."""
    if cfg.get("moe"):
        return (f"cutlass::gemm::KernelMixedTmaCpAsyncWarpSpecialized1Sm{block_scaled}Sm100",
                "cutlass::epilogue::TmaWarpSpecialized1Sm")
    return "cutlass::gemm::KernelWarpSpecialized1SmSm100", epilogue_schedule(cfg, p, "1Sm")


def given_alignment(cfg, align_a, align_b):
    """A's and B's alignments: `alignment` (N or A:B) when given, else the defaults passed."""
    if cfg.get("alignment", "auto") == "auto":
        return align_a, align_b
    given = str(cfg["alignment"]).split(":")
    return int(given[0]), int(given[-1])


def block_scaled_keys(cfg, arch):
    """The probe keys and the two operands (element, scale kind, CUTLASS type) of a block-scaled
    configuration, or raises ValueError for any other scaling."""
    if cfg.get("scaling", "block") != "block":
        raise ValueError(f"{arch} probes are block-scaled")
    a_name, _, b_name = cfg.get("types", "nvfp4").partition(":")
    return probe_keys(cfg), operand(a_name), operand(b_name or a_name)


# The complex elements, each with the elements in the generator's 16-byte accesses: complex<float>, and
# complex<double> to ask the builders what they do with it.
COMPLEX = {"cf32": ("cutlass::complex<float>", 2), "cf64": ("cutlass::complex<double>", 1)}


def complex_probe_source(cfg):
    """An SM100 complex GEMM as CUTLASS's generator emits one (gemm_operation.py's
    EmitGemmUniversal3xInstance for GenerateSM100_TensorOp_32b_UMMA_gemm_complex…): A and B as
    tuple<complex, identity> aligned to 16 bytes, the interleaved complex tf32 schedule (math auto) or
    the FastF32 one (math bf16), the no-smem epilogue of the same 1-SM or 2-SM kind with the complex type as
    accumulator, compute, C and D and LinearCombination. The generator's kernels are complex<float>
    (types cf32); types cf64 asks the same builders for complex<double>."""
    p = probe_keys(cfg)
    if cfg.get("types") not in COMPLEX or cfg.get("epilogue") != "nosmem" or p.schedule not in ("1sm", "2sm"):
        raise ValueError("SM100 complex probes are types cf32 or cf64, epilogue nosmem, schedule 1sm or 2sm")
    sm = {"1sm": "1Sm", "2sm": "2Sm"}[p.schedule]
    fast_f32 = cfg.get("math", "auto") == "bf16"
    kernel = (f"cutlass::gemm::KernelTmaWarpSpecialized{sm}FastFP32Sm100" if fast_f32
              else f"cutlass::gemm::KernelTmaWarpSpecialized{sm}InterleavedComplexTF32Sm100")
    epilogue = f"cutlass::epilogue::{'FastF32' if fast_f32 else ''}NoSmemWarpSpecialized{sm}"
    element, align = COMPLEX[cfg["types"]]
    c = "void" if p.c == "void" else element
    return probe_program(f"""
using TileShape = cute::Shape<cute::Int<{p.m}>, cute::Int<{p.n}>, cute::Int<{p.k}>>;
using Cluster = {p.cluster};
using Epilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm100, {TENSOROP}, TileShape, Cluster, cutlass::epilogue::collective::EpilogueTileAuto,
    {element}, {element}, {c}, {p.layout_cd}, {align}, {element}, {p.layout_cd}, {align}, {epilogue},
    cutlass::epilogue::fusion::LinearCombination<{element}, {element}, {element}, {element}>>::CollectiveOp;
using Mainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm100, {TENSOROP}, cute::tuple<{element}, cute::identity>, {p.layout_a}, {align},
    cute::tuple<{element}, cute::identity>, {p.layout_b}, {align}, {element}, TileShape, Cluster,
    {stage_type(cfg.get("stages", "auto"))}, {kernel}>::CollectiveOp;
using Kernel = cutlass::gemm::kernel::GemmUniversal<cute::Shape<int, int, int, int>, Mainloop, Epilogue>;
""", "Mainloop::DispatchPolicy::Stages")


def probe_source(cfg):
    """The C++ of one SM100 probe, or raises ValueError for what the tool does not measure."""
    if cfg.get("sparse"):
        raise ValueError("SM100 sparse GEMMs are measured by their library names (tools/kernel_names), not here")
    if cfg.get("types") in COMPLEX:
        return complex_probe_source(cfg)
    if cfg.get("scaling", "block") == "none":
        return dense_probe_source(cfg)
    if cfg.get("scaling") == "blockwise":
        return blockwise_probe_source(cfg)
    p, (a, a_kind, el_a), (b, _, el_b) = block_scaled_keys(cfg, "SM100")
    f8f6f4 = cfg.get("instruction", "auto") == "mxf8f6f4" or not (a == b == "e2m1")
    if p.schedule == "auto":
        kernel, epilogue = AUTO
    else:
        sm = {"1sm": "1Sm", "2sm": "2Sm"}[p.schedule]
        if f8f6f4:
            suffix = "Mxf8f6f4Sm100" if a != b or cfg.get("instruction") == "mxf8f6f4" else "BlockScaledSm100"
        else:
            suffix = "Mxf4Sm100" if a_kind == "mx" else "Nvf4Sm100"
        kernel = f"cutlass::gemm::Kernel{'PtrArray' if p.grouped else ''}TmaWarpSpecialized{sm}{suffix}"
        epilogue = epilogue_schedule(cfg, p, sm)
    problem = None
    if cfg.get("moe"):
        if p.schedule != "1sm":
            raise ValueError("SM100's MoE kernels are 1-SM: give schedule 1sm")
        kernel, epilogue = mixed_or_cp_async_schedules(cfg, p, "BlockScaled")
        problem = MOE_PROBLEM
        # The generator's spelling of MX operands (gemm_operation.py:1031-1032).
        el_a, el_b = (f"cute::tuple<{ELEMENT[e]}, cutlass::float_ue8m0_t>" for e in (a, b))
    fusion = cfg.get("fusion", "none")
    fusion_op = linear_fusion(fusion, p.d, p.c)
    finalize = cfg.get("epilogue", "default") == "finalize"
    prelude = ""
    if finalize:
        prelude, fusion_op = finalize_fusion(p)
    elif fusion.startswith("amax-aux:"):
        # The same tagged fusion as on the plain kernels: the SM100 epilogue builder takes it whatever
        # the mainloop (sm100_builder.inl:850-874).
        fusion_op, prelude = amax_aux_fusion(fusion, p)
    elif fusion == "sf-gen":
        vector, sf = scale_vector(a_kind)
        fusion_op = (f"cutlass::epilogue::fusion::LinCombBlockScaleFactor<{vector}, {ELEMENT[p.d]}, float, {sf}, "
                     f"{p.layout_cd}, {ELEMENT[p.c]}>")
    elif fusion_op is None:
        raise ValueError(f"fusion {fusion!r} is not measured on SM100")
    # 16-byte accesses; an FP4 or FP6 operand loaded unpacked by MXF8F6F4 needs 128 elements.
    align = lambda e: 128 if (f8f6f4 and BITS[e] < 8) else 128 // BITS[e]  # noqa: E731
    align_a, align_b = given_alignment(cfg, align(a), align(b))
    operands = f"{el_a}, {p.layout_a}, {align_a}, {el_b}, {p.layout_b}, {align_b}"
    epilogue_opclass = EPILOGUE_OPCLASS.get(cfg.get("epilogue_op_class", "auto"), OPCLASS)
    return probe_program(builder_types("Sm100", OPCLASS, p, epilogue, fusion_op, operands, cfg.get("stages", "auto"),
                                       kernel, prelude=prelude, problem=problem, epilogue_opclass=epilogue_opclass,
                                       finalize=finalize, epilogue_cluster=finalize and finalize_epilogue_cluster(cfg)),
                         "Mainloop::DispatchPolicy::Stages")


def probe_source_sm103(cfg):
    """The C++ of one SM103 (B300) probe: the FP4 "ultra" kernels, whose builder keeps two stage counts
    (A/B and scale factors, printed as stages A and B)."""
    p, (a, a_kind, _), (b, _, _) = block_scaled_keys(cfg, "SM103")
    vector, sf = scale_vector(a_kind)
    if p.schedule == "auto":
        kernel, epilogue = AUTO
    else:
        sm = {"1sm": "1Sm", "2sm": "2Sm"}[p.schedule]
        vs = f"Vs{vector}"
        kernel = (f"cutlass::gemm::Kernel{'PtrArray' if p.grouped else ''}TmaWarpSpecialized{sm}"
                  f"BlockScaledMxNvf4Ultra{vs}Sm103")
        epilogue = epilogue_schedule(cfg, p, sm)
    fusion = cfg.get("fusion", "none")
    fusion_op = linear_fusion("none", p.d, p.c)
    prelude = ""
    # TensorRT-LLM's FINALIZE on SM103: the pointer-array UltraVs16 kernels with
    # PtrArrayTmaWarpSpecialized{1,2}Sm (moe_gemm_tma_ws_launcher.inl:370-388, 460-465), as on SM100.
    finalize = cfg.get("epilogue", "default") == "finalize"
    if finalize:
        prelude, fusion_op = finalize_fusion(p)
    elif fusion.startswith("sf-gen"):
        # sf-gen[:VECTOR[:TYPE]]: LinCombBlockScaleFactor, by default with the operands' vector and type.
        _, given, sf_d = (fusion.split(":") + ["", ""])[:3]
        vector = int(given or vector)
        sf_d = f"cutlass::float_{sf_d}_t" if sf_d else sf
        fusion_op = (f"cutlass::epilogue::fusion::LinCombBlockScaleFactor<{vector}, {ELEMENT[p.d]}, float, {sf_d}, "
                     f"{p.layout_cd}, {ELEMENT[p.c]}>")
    elif fusion.startswith("amax-aux:"):
        # SM103's epilogue builder is SM100's (sm103_builder.inl:71-106).
        fusion_op, prelude = amax_aux_fusion(fusion, p)
    elif fusion != "none":
        raise ValueError(f"fusion {fusion!r} is not measured on SM103")
    operands = f"cute::tuple<{ELEMENT[a]}, {sf}>, {p.layout_a}, 32, cute::tuple<{ELEMENT[b]}, {sf}>, {p.layout_b}, 32"
    scheduler = {"persistent": "", "stream-k": "cutlass::gemm::StreamKScheduler"}[cfg.get("tile_scheduler", "persistent")]
    return probe_program(builder_types("Sm103", OPCLASS, p, epilogue, fusion_op, operands,
                                       cfg.get("stages", "auto"), kernel, prelude=prelude, scheduler=scheduler,
                                       finalize=finalize,
                                       epilogue_cluster=finalize and finalize_epilogue_cluster(cfg)),
                         "Mainloop::DispatchPolicy::LoadABPipelineStageCount",
                         "Mainloop::DispatchPolicy::LoadSFPipelineStageCount",
                         "Mainloop::DispatchPolicy::LoadSFPipelineStageCount")


# FlashInfer's SM100 FP8 GEMM epilogue (include/flashinfer/gemm/fp8_gemm_template_sm100.h): D = scale_a *
# (scale_b * acc), both scales scalars broadcast from global memory; no tagged fusion operation.
FLASHINFER_FP8_EVT = """
using namespace cutlass::epilogue::fusion;
using ProbeScalarEVT = Sm90EVT<Sm90Compute<cutlass::multiplies, {d}, float, cutlass::FloatRoundStyle::round_to_nearest>,
    Sm90ScalarBroadcast<float>,
    Sm90EVT<Sm90Compute<cutlass::multiplies, float, float, cutlass::FloatRoundStyle::round_to_nearest>,
            Sm90ScalarBroadcast<float>, Sm90AccFetch>>;
"""


def dense_probe_source(cfg):
    """An SM100 GEMM without block scales: CollectiveBuilder<Sm100, OpClassTensorOp, …>
    (sm100_umma_builder.inl) over the SM100 epilogue builder with the same class."""
    p = probe_keys(cfg)
    a, _, b = cfg.get("types", "f16").partition(":")
    b = b or a
    grouped = "PtrArray" if p.grouped else ""
    nosmem = cfg.get("epilogue", "default") == "nosmem"
    if p.schedule == "auto":
        kernel, epilogue = AUTO
    else:
        sm = {"1sm": "1Sm", "2sm": "2Sm"}[p.schedule]
        kernel = f"cutlass::gemm::Kernel{grouped}TmaWarpSpecialized{sm}Sm100"
        epilogue = epilogue_schedule(cfg, p, sm)
    prelude = ""
    d_type = ELEMENT[p.d]
    finalize = cfg.get("epilogue", "default") == "finalize"
    if finalize:
        prelude, fusion_op = finalize_fusion(p)
    elif cfg.get("_fusion") == "flashinfer-fp8-evt":
        prelude, fusion_op = FLASHINFER_FP8_EVT.format(d=d_type), "ProbeScalarEVT"
    elif cfg.get("fusion", "none").startswith("scaled-mm"):
        fusion_op, prelude = scaled_fusion(cfg["fusion"], p.d, p.grouped)
    elif cfg.get("fusion", "none").startswith("amax-aux"):
        fusion_op, prelude = amax_aux_fusion(cfg["fusion"], p)
    else:
        fusion_op = linear_fusion(cfg.get("fusion", "none"), p.d, p.c)
        if fusion_op is None:
            raise ValueError(f"fusion {cfg.get('fusion')!r} is not measured on SM100 dense GEMMs")
    if nosmem and p.schedule == "auto":
        raise ValueError("the no-smem epilogue needs a 1sm or 2sm schedule")
    problem = None
    if cfg.get("moe") or cfg.get("cp_async"):
        if p.schedule != "1sm":
            raise ValueError("SM100's cp.async and MoE kernels are 1-SM: give schedule 1sm")
        kernel, epilogue = mixed_or_cp_async_schedules(cfg, p, "")
        problem = MOE_PROBLEM if cfg.get("moe") else None
    f8f6f4 = BITS[a] <= 8 and a != "s8"
    # 16-byte accesses; a sub-byte operand of the F8F6F4 MMA is loaded unpacked: 128 elements.
    align_a, align_b = given_alignment(cfg, 128 if (f8f6f4 and BITS[a] < 8) else 128 // BITS[a],
                                       128 if (f8f6f4 and BITS[b] < 8) else 128 // BITS[b])
    operands = f"{ELEMENT[a]}, {p.layout_a}, {align_a}, {ELEMENT[b]}, {p.layout_b}, {align_b}"
    accumulator = "int32_t" if {a, b} <= {"s8", "u8"} else "float"
    return probe_program(builder_types("Sm100", TENSOROP, p, epilogue, fusion_op, operands, cfg.get("stages", "auto"),
                                       kernel, prelude=prelude, accumulator=accumulator, problem=problem,
                                       finalize=finalize, epilogue_cluster=finalize and finalize_epilogue_cluster(cfg)),
                         "Mainloop::DispatchPolicy::Stages")


def blockwise_probe_source(cfg):
    """An SM100 blockwise-scaled FP8 GEMM: CollectiveBuilder<Sm100, OpClassTensorOp, …> with
    (layout, scale-factor layout) tuples and the Blockwise kernel schedules
    (sm100_blockwise_umma_builder.inl), over the SM100 epilogue builder (OpClassTensorOp); the
    scale layouts from Sm100BlockwiseScaleConfig<gM, gN, gK> (granularity `auto`: the MMA tile)."""
    p = probe_keys(cfg)
    a, _, b = cfg.get("types", "e4m3").partition(":")
    b = b or a
    grouped = "PtrArray" if p.grouped else ""
    nosmem = cfg.get("epilogue", "default") == "nosmem"
    if p.schedule == "auto":
        if nosmem:
            raise ValueError("the no-smem epilogue needs a 1sm or 2sm schedule")
        kernel = f"cutlass::gemm::KernelSchedule{'Sm100PtrArray' if p.grouped else 'Sm100'}Blockwise"
        epilogue = AUTO[1]
    else:
        sm = {"1sm": "1Sm", "2sm": "2Sm"}[p.schedule]
        kernel = f"cutlass::gemm::Kernel{grouped}TmaWarpSpecializedBlockwise{sm}Sm100"
        epilogue = (f"cutlass::epilogue::{grouped}BlockwiseNoSmemWarpSpecialized{sm}" if nosmem
                    else epilogue_schedule(cfg, p, sm))
    fusion = cfg.get("fusion", "none")
    fusion_prelude = ""
    if fusion.startswith("amax-aux:"):
        fusion_op, fusion_prelude = amax_aux_fusion(fusion, p)
    else:
        fusion_op = linear_fusion(fusion, p.d, p.c)
    if fusion_op is None:
        raise ValueError(f"fusion {fusion!r} is not measured on SM100 blockwise GEMMs")
    g = cfg.get("scale_granularity", "auto")
    gm, gn, gk = (p.m, p.n, p.k) if g == "auto" else dims(g)
    prelude = fusion_prelude + f"using ScaleConfig = cutlass::detail::Sm100BlockwiseScaleConfig<{gm}, {gn}, {gk}>;"
    sfa, sfb = (f"decltype(ScaleConfig::deduce_layoutSFA()){p.ptr}", f"decltype(ScaleConfig::deduce_layoutSFB()){p.ptr}")
    operands = (f"{ELEMENT[a]}, cute::tuple<{p.layout_a}, {sfa}>, {128 // BITS[a]}, "
                f"{ELEMENT[b]}, cute::tuple<{p.layout_b}, {sfb}>, {128 // BITS[b]}")
    return probe_program(builder_types("Sm100", TENSOROP, p, epilogue, fusion_op, operands, cfg.get("stages", "auto"),
                                       kernel, prelude=prelude), "Mainloop::DispatchPolicy::Stages")
