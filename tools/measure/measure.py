#!/usr/bin/env python3
"""Measure CUTLASS GEMM configurations with nvcc: the oracle rows the model is checked against.

For each configuration (the batch-file keys of smem-budget), this writes a small program that
instantiates CUTLASS's collective builders and GemmUniversal for it and what a user's build
instantiates of the kernel (its Params through GemmUniversalAdapter::initialize, the TMA
descriptors among them, and the launch of its device entry point), builds it with nvcc for the
architecture's arch-specific target against the CUTLASS checkout you name, runs it on the host (it
only prints sizeof values; nothing runs on a GPU), and writes one oracle row: {"config", "expect",
"reason", "build"}. A configuration that does not build becomes a `rejected` row whose reason is the
compiler's first error. A device build takes one to two minutes on one core: run batches where
there are many cores.

    tools/measure/measure.py --arch sm120 --cutlass ~/cutlass --jobs 16 batch.json > rows.json

batch.json is a list of configuration objects (or {"configs": [...]}). Modelled here: the SM120
block-scaled, blockwise, plain and sparse families; default, no-smem-free TMA epilogues with the
fusions none, row-bias, col-bias:T, sf-gen, scaled-mm, scaled-mm-bias and amax-aux:T (amax-aux also on SM90,
SM100 and SM103); grouped dense kernels; on SM90 (cooperative or ping-pong), SM100 and SM103
TensorRT-LLM's FINALIZE epilogue (epilogue finalize), whose fusion is TensorRT-LLM's: name its
cutlass_extensions/include with --trtllm-extensions (FlashInfer carries a copy). Not here: SM120's FINALIZE and nosmem.
CI does not run this tool; it needs nvcc and a CUTLASS checkout.
"""
import argparse
import concurrent.futures
import ctypes
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from types import SimpleNamespace

import ampere
import blackwell
import clients_sm90_moe
import hopper
from measure_common import (BITS, ELEMENT, LAYOUT, PRESETS, amax_aux_fusion, block_type, dims, epilogue_tile_type,
                            linear_fusion, probe_program, scaled_fusion, stage_type)

def operand(name, scaling):
    """(element, block-scale kind or None) for one side of `types`."""
    if name in PRESETS:
        return PRESETS[name]
    return name, ("mx" if scaling == "block" else None)


def fusion_op(fusion, d, c, sf_vector, d_layout):
    """The epilogue's fusion operation, and any extra code it needs."""
    if linear_fusion(fusion, d, c):
        return linear_fusion(fusion, d, c), ""
    if fusion == "row-bias":
        return f"cutlass::epilogue::fusion::LinCombPerRowBias<{ELEMENT[d]}, float, float, {ELEMENT[c]}>", ""
    if fusion == "sf-gen":
        layout = "cutlass::layout::RowMajor" if d_layout == "row" else "cutlass::layout::ColumnMajor"
        return (f"cutlass::epilogue::fusion::LinCombBlockScaleFactor<{sf_vector}, {ELEMENT[d]}, float, "
                f"cutlass::float_ue4m3_t, {layout}, {ELEMENT[c]}>"), ""
    if fusion in ("scaled-mm", "scaled-mm-bias"):
        return scaled_fusion(fusion, d)
    if fusion.startswith("amax-aux:"):
        # SM120's epilogue builder takes it as SM90's does (sm120_builder.inl:262-287).
        return amax_aux_fusion(fusion, SimpleNamespace(layout_cd=LAYOUT[d_layout], d=d, c=c))
    raise ValueError(f"fusion {fusion!r} is not supported by the measuring tool")


def probe_source(cfg):
    """The C++ of one probe, or raises ValueError for what the tool does not measure."""
    scaling = cfg.get("scaling", "block")
    sparse = cfg.get("sparse", False)
    grouped = cfg.get("grouped", False)
    pingpong = cfg.get("schedule", "cooperative") == "pingpong"
    if cfg.get("epilogue", "default") != "default":
        raise ValueError(f"epilogue {cfg['epilogue']!r} is not supported by the measuring tool")
    m, n, k = dims(cfg["tile"])
    a_name, _, b_name = cfg.get("types", "nvfp4").partition(":")
    a, a_kind = operand(a_name, scaling)
    b, b_kind = operand(b_name or a_name, scaling)
    c, d = cfg.get("c", "void"), cfg.get("d", "bf16")
    d_layout = cfg.get("d_layout", "row")
    layout_cd = "cutlass::layout::RowMajor" if d_layout == "row" else "cutlass::layout::ColumnMajor"
    ptr = "*" if grouped else ""
    instruction = cfg.get("instruction", "auto")

    if scaling == "blockwise" and sparse:
        el_a, el_b = ELEMENT[a], ELEMENT[b]
        opclass = "cutlass::arch::OpClassSparseTensorOp"
        sf_vector = 16
    elif scaling == "block":
        el_a, el_b = block_type(a, a_kind), block_type(b, b_kind)
        opclass = "cutlass::arch::OpClassBlockScaledSparseTensorOp" if sparse else "cutlass::arch::OpClassBlockScaledTensorOp"
        sf_vector = 16 if a_kind == "nv" else 32
    else:
        el_a, el_b = ELEMENT[a], ELEMENT[b]
        opclass = "cutlass::arch::OpClassSparseTensorOp" if sparse else "cutlass::arch::OpClassTensorOp"
        sf_vector = 16

    # The kernel schedule tag the builder is given.
    if sparse and (pingpong or grouped or scaling == "blockwise"):
        # No SM120 sparse builder takes these (block-scaled ones included); the tags a user would try, to
        # record the refusal.
        schedule = ("KernelPtrArrayTmaWarpSpecializedCooperative" if grouped else
                    "KernelTmaWarpSpecializedPingpong" if pingpong else "KernelTmaWarpSpecializedBlockwiseCooperativeSm120")
    elif sparse and scaling == "block":
        fp4 = a == b == "e2m1" and instruction == "auto"
        schedule = {True: {"nv": "KernelSparseTmaWarpSpecializedNvf4Sm120", "mx": "KernelSparseTmaWarpSpecializedMxf4Sm120"}[a_kind],
                    False: "KernelSparseTmaWarpSpecializedMxf8f6f4Acc2x4Sm120" if instruction == "mxf8f6f4-acc2x4"
                    else "KernelSparseTmaWarpSpecializedMxf8f6f4Sm120"}[fp4]
    elif sparse:
        schedule = "KernelScheduleSparseF8f6f4Sm120"
    elif scaling == "blockwise":
        # The blockwise builder tells grouped from the pointer strides; it takes the blockwise tags only.
        schedule = "KernelTmaWarpSpecializedBlockwise" + ("PingpongSm120" if pingpong else "CooperativeSm120")
    elif grouped and scaling == "block":
        # The generic pointer-array tags, as CUTLASS's example 79d gives them: the builder derives
        # its ...BlockScaledSm120<3> schedule itself (sm120_blockscaled_mma_builder.inl:267-275), and
        # FP4 operands refuse that tag given directly ("Incorrect Kernel Schedule Policy for F4 type
        # inputs.", sm1xx_common.inl:628).
        schedule = f"KernelPtrArrayTmaWarpSpecialized{'Pingpong' if pingpong else 'Cooperative'}"
    elif grouped:
        schedule = f"KernelPtrArrayTmaWarpSpecialized{'Pingpong' if pingpong else 'Cooperative'}Sm120<2>"
    elif scaling == "block" and instruction == "mxf8f6f4":
        schedule = "KernelTmaWarpSpecialized" + ("PingpongMxf8f6f4Sm120" if pingpong else "Mxf8f6f4Sm120")
    else:
        schedule = "KernelTmaWarpSpecializedPingpong" if pingpong else "KernelTmaWarpSpecializedCooperative"

    if grouped:
        epi_schedule = "cutlass::epilogue::PtrArrayTmaWarpSpecialized" + ("Pingpong" if pingpong else "Cooperative")
    elif cfg.get("epilogue_schedule") == "sparse":
        epi_schedule = "cutlass::epilogue::SparseTmaWarpSpecializedCooperativeSm120"
    else:
        epi_schedule = "cutlass::epilogue::collective::EpilogueScheduleAuto"
    epi_tile = epilogue_tile_type(cfg.get("epilogue_tile", "auto"))
    fusion, fusion_code = fusion_op(cfg.get("fusion"), d, c, sf_vector, d_layout)

    stage_arg = stage_type(cfg.get("stages", "auto"))

    layout_a, layout_b = f"cutlass::layout::RowMajor{ptr}", f"cutlass::layout::ColumnMajor{ptr}"
    scale_code = ""
    if scaling == "blockwise":
        gm, gn, gk = dims(cfg["scale_granularity"]) if cfg.get("scale_granularity", "auto") != "auto" else (m, n, k)
        scale_code = f"using ScaleConfig = cutlass::detail::Sm120BlockwiseScaleConfig<{gm}, {gn}, {gk}>;\n"
        layout_a = f"cute::tuple<{layout_a}, decltype(ScaleConfig::deduce_layoutSFA()){ptr}>"
        layout_b = f"cute::tuple<{layout_b}, decltype(ScaleConfig::deduce_layoutSFB()){ptr}>"
    align = lambda e: 128 // BITS[e] if e != "void" else 8  # noqa: E731 (16-byte accesses)
    # F8F6F4 sub-byte operands need 64-byte (FP4) or 96-byte (FP6) rows: 128 elements
    # (cutlass/detail/layout.hpp get_input_alignment_bits).
    align_a = 128 if BITS[a] < 8 else align(a)
    align_b = 128 if BITS[b] < 8 else align(b)
    if sparse:
        align_a, align_b = max(align_a, 64 if BITS[a] >= 8 else 128), max(align_b, 32)
    if cfg.get("alignment", "auto") != "auto":
        given = str(cfg["alignment"]).split(":")
        align_a, align_b = int(given[0]), int(given[-1])
    problem = ("cutlass::gemm::GroupProblemShape<cute::Shape<int, int, int>>" if grouped
               else "cute::Shape<int, int, int, int>")
    scheduler = {"persistent": "", "stream-k": ", cutlass::gemm::StreamKScheduler"}[cfg.get("tile_scheduler", "persistent")]
    mainloop_stages = [f"Mainloop::DispatchPolicy::{member}" for member in
                       (("StagesA", "StagesB", "StagesE") if sparse else ("Stages",) * 3)]
    types = f"""using TileShape = cute::Shape<cute::Int<{m}>, cute::Int<{n}>, cute::Int<{k}>>;
using Cluster = cute::Shape<cute::Int<1>, cute::Int<1>, cute::Int<1>>;
{fusion_code}
{scale_code}
using Epilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm120, cutlass::arch::OpClassTensorOp, TileShape, Cluster, {epi_tile}, float, float,
    {ELEMENT[c]}, {layout_cd}{ptr}, {align(c) if c != 'void' else align(d)},
    {ELEMENT[d]}, {layout_cd}{ptr}, {align(d)}, {epi_schedule}, {fusion}>::CollectiveOp;
using Mainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm120, {opclass}, {el_a}, {layout_a}, {align_a}, {el_b}, {layout_b}, {align_b}, float,
    TileShape, Cluster, {stage_arg}, cutlass::gemm::{schedule}>::CollectiveOp;
using Kernel = cutlass::gemm::kernel::GemmUniversal<{problem}, Mainloop, Epilogue{scheduler}>;
"""
    return probe_program(types, *mainloop_stages)


def first_error(log):
    for line in log.splitlines():
        if "error" in line:
            where = re.search(r"(include/\S+?)\((\d+)\)", line)
            text = re.sub(r"^.*?error: ", "", line).strip()
            return f"{text} [{where.group(1)}:{where.group(2)}]" if where else text
    return log.strip().splitlines()[-1] if log.strip() else "did not compile"


# TensorRT-LLM's cutlass_extensions/include (FlashInfer's copy: csrc/nv_internal/tensorrt_llm/cutlass_extensions/include),
# where the FINALIZE probes find its scatter fusion; set by --trtllm-extensions.
TRTLLM_EXTENSIONS = None
# The clients' header directories the 2.x client probes include (tools/measure/clients_2x.py); set by
# --client-include. TensorRT-LLM's headers read ENABLE_BF16 and ENABLE_FP8 as its build defines them.
CLIENT_INCLUDES = []


def compile_probe(source, tmp, cutlass, nvcc, gpu):
    """Builds one probe in `tmp` as a user's build does (host code, Params and the device entry
    point) for the arch-specific target alone; returns the compiler's log when it fails, else None.
    `-arch=sm_120a` would also build generic compute_120 PTX, which ptxas refuses for kernels that
    build for the arch-specific target (the sparse SM120 and every SM103 kernel), so the target is
    named as CUTLASS's own CMake names it. Releases before 4.4 call the driver's
    cuTensorMapEncodeTiled directly: a probe whose link misses it links libcuda (the device
    machine's driver)."""
    path = os.path.join(tmp, "probe.cu")
    with open(path, "w") as f:
        f.write(source)
    number = gpu.removeprefix("sm_")
    target = f"-gencode=arch=compute_{number},code=sm_{number}"
    obj, exe = os.path.join(tmp, "probe.o"), os.path.join(tmp, "probe")
    extensions = [f"-I{TRTLLM_EXTENSIONS}"] if TRTLLM_EXTENSIONS else []
    extensions += [f"-I{d}" for d in CLIENT_INCLUDES] + (["-DENABLE_BF16", "-DENABLE_FP8"] if CLIENT_INCLUDES else [])
    built = subprocess.run([nvcc, "-std=c++17", target, "--expt-relaxed-constexpr", "-w", f"-I{cutlass}/include",
                            f"-I{cutlass}/tools/util/include", *extensions, "-c", path, "-o", obj],
                           capture_output=True, text=True)
    if built.returncode != 0:
        return built.stdout + built.stderr
    linked = subprocess.run([nvcc, target, obj, "-o", exe], capture_output=True, text=True)
    if linked.returncode != 0 and "undefined reference to `cu" in linked.stdout + linked.stderr:
        linked = subprocess.run([nvcc, target, obj, "-o", exe, "-lcuda"], capture_output=True, text=True)
    return None if linked.returncode == 0 else linked.stdout + linked.stderr


def driver_env(nvcc, tmp):
    """The environment a probe runs in. A probe linked with -lcuda (its TMA descriptors call the
    driver) needs libcuda.so.1 to start, though its main only prints sizes: on a machine without a
    driver, the toolkit's stub library stands in for it."""
    env = dict(os.environ)
    try:
        ctypes.CDLL("libcuda.so.1")
        return env
    except OSError:
        pass
    stub = os.path.join(os.path.dirname(os.path.dirname(shutil.which(nvcc) or nvcc)), "lib64", "stubs", "libcuda.so")
    if os.path.exists(stub):
        os.symlink(stub, os.path.join(tmp, "libcuda.so.1"))
        env["LD_LIBRARY_PATH"] = tmp + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    return env


def measure_source(source, config, sparse, cutlass, nvcc, limit, gpu="sm_120a"):
    """Builds and runs one probe (its main prints stages A, B, E, then the sizes of the mainloop's
    tensor storage, the epilogue's shared storage and the kernel's SharedStorage) into an oracle
    row for `config`; a probe that does not build is a `rejected` row with the first error. Every
    row says how it was built ("build": "device").
    tools/kernel_names/measure_names.py measures its probes with this too."""
    with tempfile.TemporaryDirectory() as tmp:
        log = compile_probe(source, tmp, cutlass, nvcc, gpu)
        if log is not None:
            return {"config": config, "expect": {"verdict": "rejected"}, "reason": first_error(log), "build": "device"}
        ran = subprocess.run([os.path.join(tmp, "probe")], capture_output=True, text=True, env=driver_env(nvcc, tmp))
        if ran.returncode != 0:  # a row of its own, not the end of the batch: the rest still gets measured
            return {"config": config, "error": f"the probe built but exited {ran.returncode}: {ran.stderr.strip()}"}
        out = ran.stdout.split()
        sa, sb, se, ml, ep, total = (int(x) for x in out)
        expect = {"verdict": "fits" if total <= limit else "exceeds-optin", "stages": sa}
        if sparse:
            expect.update({"stages_a": sa, "stages_b": sb, "stages_e": se})
        if gpu == "sm_103a":
            expect["stages_sf"] = sb
        expect.update({"mainloop_tensors": ml, "epilogue_shared_storage": ep, "total": total})
        return {"config": config, "expect": expect, "reason": "measured", "build": "device"}


# Per architecture: the probe writer and the GPU the probe is built for.
ARCHS = {"sm120": (probe_source, "sm_120a"), "sm90": (hopper.probe_source, "sm_90a"),
         "sm100": (blackwell.probe_source, "sm_100a"), "sm103": (blackwell.probe_source_sm103, "sm_103a"),
         # Thor: CUTLASS builds its GEMMs with the SM100 builders (arch::Sm100) for the 110a target.
         "sm110": (blackwell.probe_source, "sm_110a"),
         # CUTLASS 2.x kernels: built for SM80 (A100) and SM89 (FP8), and for SM120, which runs them too.
         # Turing (T4, RTX 20): the 2.x kernels with CUTLASS's arch tag Sm75 and its instruction shapes.
         "sm75": (ampere.probe_source_sm75, "sm_75"),
         "sm80": (ampere.probe_source, "sm_80"), "sm89": (ampere.probe_source, "sm_89"),
         "sm120-2x": (ampere.probe_source, "sm_120a"),
         # TensorRT-LLM's SM90 mixed-input MoE GEMM (its own builders and kernel): needs --trtllm-extensions.
         "sm90-trtllm-mixed": (clients_sm90_moe.probe_source, "sm_90a")}


def optin_limit(arch):
    """The opt-in bytes per block a verdict is taken against: SM120's and SM89's 101,376, SM80's
    166,912, SM75's 65,536, else 232,448."""
    return {"sm120": 101376, "sm120-2x": 101376, "sm89": 101376, "sm80": 166912, "sm75": 65536}.get(arch, 232448)


def measure(cfg, arch, cutlass, nvcc, limit):
    """One row. Keys of `cfg` that start with `_` steer the probe only (a client's code verbatim where
    the tool's keys describe it but do not spell it); the row keeps them apart, under "probe"."""
    write, gpu = ARCHS[arch]
    keys = {k: v for k, v in cfg.items() if not k.startswith("_")}
    extra = {k[1:]: v for k, v in cfg.items() if k.startswith("_")}
    try:
        source = write(cfg)
    except ValueError as e:
        return {"config": keys, "error": str(e)}
    row = measure_source(source, keys, cfg.get("sparse", False), cutlass, nvcc, limit, gpu)
    if extra:
        row["probe"] = extra
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("batch", help="JSON list of configurations, or {\"configs\": [...]}")
    parser.add_argument("--cutlass", required=True, help="a CUTLASS checkout (its include/ is used)")
    parser.add_argument("--nvcc", default="nvcc")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--arch", default="sm120", choices=sorted(ARCHS))
    parser.add_argument("--limit", type=int, default=None, help="opt-in bytes per block for the verdict "
                        "(default: 101376 on sm120, else 232448)")
    parser.add_argument("--print-source", action="store_true", help="print the first probe's source and stop")
    parser.add_argument("--trtllm-extensions", help="TensorRT-LLM's cutlass_extensions/include, for epilogue finalize")
    parser.add_argument("--client-include", action="append", default=[],
                        help="a client's header directory for the 2.x client probes (tools/measure/clients_2x.py says "
                             "which); repeat it")
    args = parser.parse_args()
    global TRTLLM_EXTENSIONS
    TRTLLM_EXTENSIONS = args.trtllm_extensions
    CLIENT_INCLUDES.extend(args.client_include)
    with open(args.batch) as f:
        batch = json.load(f)
    configs = batch["configs"] if isinstance(batch, dict) else batch
    limit = args.limit or optin_limit(args.arch)
    if args.print_source:
        print(ARCHS[args.arch][0](configs[0]))
        return
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(lambda c: measure(c, args.arch, args.cutlass, args.nvcc, limit), configs))
    json.dump({"provenance": f"tools/measure/measure.py --arch {args.arch}, nvcc {args.nvcc}, "
                             f"CUTLASS {args.cutlass}",
               "arch": args.arch, "rows": rows}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
