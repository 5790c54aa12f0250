"""Probe sources for SM100 (B200) block-scaled GEMMs (NVFP4, MXFP4/6/8 and mixed operands, 1-SM and
2-SM or the automatic schedule, clusters, grouped, TMA or no-smem epilogue, bias and scale-factor
output fusions) and SM103 (B300) FP4 "ultra" GEMMs; measure.py compiles and runs them (host-only:
the kernel's device-side size assertion needs measure.py's device check)."""
from measure_common import ELEMENT, BITS, PRESETS, block_type, builder_types, linear_fusion, probe_keys, probe_program

OPCLASS = "cutlass::arch::OpClassBlockScaledTensorOp"
AUTO = ("cutlass::gemm::collective::KernelScheduleAuto", "cutlass::epilogue::collective::EpilogueScheduleAuto")


def operand(name):
    element, kind = PRESETS.get(name, (name, "mx"))
    return element, kind, block_type(element, kind)


def epilogue_schedule(cfg, p, sm):
    """The 1-SM / 2-SM epilogue schedule tag: TMA or no-smem, pointer-array when grouped."""
    nosmem = cfg.get("epilogue", "default") == "nosmem"
    return f"cutlass::epilogue::{'PtrArray' if p.grouped else ''}{'NoSmem' if nosmem else 'Tma'}WarpSpecialized{sm}"


def block_scaled_keys(cfg, arch):
    """The probe keys and the two operands (element, scale kind, CUTLASS type) of a block-scaled
    configuration, or raises ValueError for any other scaling."""
    if cfg.get("scaling", "block") != "block":
        raise ValueError(f"{arch} probes are block-scaled")
    a_name, _, b_name = cfg.get("types", "nvfp4").partition(":")
    return probe_keys(cfg), operand(a_name), operand(b_name or a_name)


def probe_source(cfg):
    """The C++ of one SM100 probe, or raises ValueError for what the tool does not measure."""
    p, (a, a_kind, el_a), (b, _, el_b) = block_scaled_keys(cfg, "SM100")
    f8f6f4 = cfg.get("instruction", "auto") == "mxf8f6f4" or not (a == b == "e2m1")
    if p.schedule == "auto":
        kernel, epilogue = AUTO
    else:
        sm = {"1sm": "1Sm", "2sm": "2Sm"}[p.schedule]
        if f8f6f4:
            suffix = "Mxf8f6f4Sm100" if a != b or cfg.get("instruction") == "mxf8f6f4" else "BlockScaledSm100"
        else:
            suffix = "Nvf4Sm100" if a_kind == "nv" else "Mxf4Sm100"
        kernel = f"cutlass::gemm::Kernel{'PtrArray' if p.grouped else ''}TmaWarpSpecialized{sm}{suffix}"
        epilogue = epilogue_schedule(cfg, p, sm)
    fusion = cfg.get("fusion", "none")
    fusion_op = linear_fusion(fusion, p.d, p.c)
    if fusion == "sf-gen":
        vector, sf = (16, "cutlass::float_ue4m3_t") if a_kind == "nv" else (32, "cutlass::float_ue8m0_t")
        fusion_op = (f"cutlass::epilogue::fusion::LinCombBlockScaleFactor<{vector}, {ELEMENT[p.d]}, float, {sf}, "
                     f"{p.layout_cd}, {ELEMENT[p.c]}>")
    elif fusion_op is None:
        raise ValueError(f"fusion {fusion!r} is not measured on SM100")
    # 16-byte accesses; an FP4 or FP6 operand loaded unpacked by MXF8F6F4 needs 128 elements.
    align = lambda e: 128 if (f8f6f4 and BITS[e] < 8) else 128 // BITS[e]  # noqa: E731
    operands = (f"{el_a}, cutlass::layout::RowMajor{p.ptr}, {align(a)}, "
                f"{el_b}, cutlass::layout::ColumnMajor{p.ptr}, {align(b)}")
    return probe_program(builder_types("Sm100", OPCLASS, p, epilogue, fusion_op, operands, cfg.get("stages", "auto"),
                                       kernel), "Mainloop::DispatchPolicy::Stages")


def probe_source_sm103(cfg):
    """The C++ of one SM103 (B300) probe: the FP4 "ultra" kernels, whose builder keeps two stage counts
    (A/B and scale factors, printed as stages A and B)."""
    p, (a, a_kind, _), (b, _, _) = block_scaled_keys(cfg, "SM103")
    sf = "cutlass::float_ue4m3_t" if a_kind == "nv" else "cutlass::float_ue8m0_t"
    if p.schedule == "auto":
        kernel, epilogue = AUTO
    else:
        sm = {"1sm": "1Sm", "2sm": "2Sm"}[p.schedule]
        vs = "Vs16" if a_kind == "nv" else "Vs32"
        kernel = (f"cutlass::gemm::Kernel{'PtrArray' if p.grouped else ''}TmaWarpSpecialized{sm}"
                  f"BlockScaledMxNvf4Ultra{vs}Sm103")
        epilogue = epilogue_schedule(cfg, p, sm)
    if cfg.get("fusion", "none") != "none":
        raise ValueError("SM103 probes take no fusion")
    operands = (f"cute::tuple<{ELEMENT[a]}, {sf}>, cutlass::layout::RowMajor{p.ptr}, 32, "
                f"cute::tuple<{ELEMENT[b]}, {sf}>, cutlass::layout::ColumnMajor{p.ptr}, 32")
    return probe_program(builder_types("Sm103", OPCLASS, p, epilogue, linear_fusion("none", p.d, p.c), operands,
                                       cfg.get("stages", "auto"), kernel),
                         "Mainloop::DispatchPolicy::LoadABPipelineStageCount",
                         "Mainloop::DispatchPolicy::LoadSFPipelineStageCount",
                         "Mainloop::DispatchPolicy::LoadSFPipelineStageCount")
