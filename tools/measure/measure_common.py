"""What every probe source shares: CUTLASS's element types and block-scaled presets, the stage-count
tags, the keys every builder-based probe reads, its type definitions, and the program around them
(it prints the stage counts and the three sizeof values)."""
from types import SimpleNamespace

ELEMENT = {
    "e2m1": "cutlass::float_e2m1_t", "e2m3": "cutlass::float_e2m3_t", "e3m2": "cutlass::float_e3m2_t",
    "e4m3": "cutlass::float_e4m3_t", "e5m2": "cutlass::float_e5m2_t", "f16": "cutlass::half_t",
    "bf16": "cutlass::bfloat16_t", "f32": "float", "tf32": "cutlass::tfloat32_t", "s8": "int8_t", "void": "void",
    "u8": "uint8_t", "s4": "cutlass::int4b_t", "u4": "cutlass::uint4b_t", "s32": "int32_t",
}
BITS = {"e2m1": 4, "e2m3": 6, "e3m2": 6, "e4m3": 8, "e5m2": 8, "f16": 16, "bf16": 16, "f32": 32, "tf32": 32, "s8": 8,
        "u8": 8, "s4": 4, "u4": 4, "s32": 32}
PRESETS = {"nvfp4": ("e2m1", "nv"), "mxfp4": ("e2m1", "mx"), "mxfp6": ("e3m2", "mx"), "mxfp8": ("e4m3", "mx")}


def block_type(element, kind):
    """A block-scaled operand's CUTLASS type: nv_float4_t or mx_float{4,6,8}_t of the element."""
    if kind == "nv":
        return f"cutlass::nv_float4_t<{ELEMENT[element]}>"
    wrapper = {4: "mx_float4_t", 6: "mx_float6_t", 8: "mx_float8_t"}[BITS[element]]
    return f"cutlass::{wrapper}<{ELEMENT[element]}>"


def dims(text):
    return [int(x) for x in text.split("x")]


def linear_fusion(fusion, d, c):
    """LinearCombination or LinCombPerColBias, the fusions every architecture's probes take; None for others."""
    if fusion in (None, "none"):
        return f"cutlass::epilogue::fusion::LinearCombination<{ELEMENT[d]}, float, {ELEMENT[c]}, float>"
    if fusion.startswith("col-bias:"):
        bias = fusion.split(":")[1]
        return f"cutlass::epilogue::fusion::LinCombPerColBias<{ELEMENT[d]}, float, {ELEMENT[bias]}, {ELEMENT[c]}>"
    return None


def amax_aux_fusion(fusion, p):
    """amax-aux:AUX, CUTLASS's ScaledLinCombPerRowBiasEltActAmaxAux (epilogue/fusion/operations.hpp:392-416)
    as CUTLASS example 54 builds it: ReLU, float amax and per-row bias, the aux output of element AUX in
    D's layout (stored through shared memory by Sm90AuxStore), the source C. Returns (the fusion type,
    the code it needs)."""
    aux = fusion.split(":")[1]
    return (f"cutlass::epilogue::fusion::ScaledLinCombPerRowBiasEltActAmaxAux<{p.layout_cd}, "
            f"cutlass::epilogue::thread::ReLU, {ELEMENT[p.d]}, float, {ELEMENT[aux]}, float, float, {ELEMENT[p.c]}>",
            '#include "cutlass/epilogue/thread/activation.h"\n')


def scaled_fusion(fusion, d, array=False):
    """vLLM's ScaledEpilogue family as CUTLASS EVT nodes: D = scale_a (a column broadcast) * (scale_b
    (a row broadcast of float) * acc) [+ bias, a row (scaled-mm-bias, ScaledEpilogueBias) or a column
    (scaled-mm-col-bias, ScaledEpilogueColumnBias) broadcast of D's type]. vLLM's own
    Sm90RowOrScalarBroadcast / Sm90ColOrScalarBroadcast keep the same shared memory as CUTLASS's
    Sm90RowBroadcast / Sm90ColBroadcast (a row of the CTA tile's N; nothing), and so do their
    pointer-array twins of ScaledEpilogueArray (…BroadcastArray) as CUTLASS's nodes over an array of
    pointers (`array`: ElementInput T*). Returns (the fusion type, the code defining it)."""
    ptr = "*" if array else ""
    code = f"""
using namespace cutlass::epilogue::fusion;
using ScaleA = Sm90ColBroadcast<0, TileShape, float{ptr}, float, cute::Stride<cute::Int<1>, cute::Int<0>, cute::Int<0>>>;
using ScaleB = Sm90RowBroadcast<0, TileShape, float{ptr}, float, cute::Stride<cute::Int<0>, cute::Int<1>, cute::Int<0>>>;
using Bias = Sm90RowBroadcast<0, TileShape, {ELEMENT[d]}{ptr}, {ELEMENT[d]}, cute::Stride<cute::Int<0>, cute::Int<1>, cute::Int<0>>>;
using ColBias = Sm90ColBroadcast<0, TileShape, {ELEMENT[d]}{ptr}, {ELEMENT[d]}, cute::Stride<cute::Int<1>, cute::Int<0>, cute::Int<0>>>;
using ProbeScaledAcc = Sm90EVT<Sm90Compute<cutlass::multiplies, float, float, cutlass::FloatRoundStyle::round_to_nearest>, ScaleB, Sm90AccFetch>;
using ProbeScaled = Sm90EVT<Sm90Compute<cutlass::multiplies, {ELEMENT[d]}, float, cutlass::FloatRoundStyle::round_to_nearest>, ScaleA, ProbeScaledAcc>;
using ProbeScaledBias = Sm90EVT<Sm90Compute<cutlass::multiply_add, {ELEMENT[d]}, float, cutlass::FloatRoundStyle::round_to_nearest>, ScaleA, ProbeScaledAcc, Bias>;
using ProbeScaledColBias = Sm90EVT<Sm90Compute<cutlass::multiply_add, {ELEMENT[d]}, float, cutlass::FloatRoundStyle::round_to_nearest>, ScaleA, ProbeScaledAcc, ColBias>;
"""
    name = {"scaled-mm": "ProbeScaled", "scaled-mm-bias": "ProbeScaledBias", "scaled-mm-col-bias": "ProbeScaledColBias"}
    return name[fusion], code


def cluster_type(cluster):
    """ClusterShape_MNK: static extents, or one chosen at run time (`dynamic`)."""
    if cluster == "dynamic":
        return "cute::Shape<int, int, cute::_1>"
    m, n, k = dims(cluster)
    return f"cute::Shape<cute::Int<{m}>, cute::Int<{n}>, cute::Int<{k}>>"


LAYOUT = {"row": "cutlass::layout::RowMajor", "col": "cutlass::layout::ColumnMajor"}


def probe_keys(cfg):
    """The keys every builder-based probe reads: tile, A's and B's layouts, C and D and their layout, grouped, schedule, cluster,
    epilogue tile."""
    m, n, k = dims(cfg["tile"])
    grouped = cfg.get("grouped", False)
    return SimpleNamespace(
        m=m, n=n, k=k, c=cfg.get("c", "void"), d=cfg.get("d", "bf16"), grouped=grouped,
        schedule=cfg.get("schedule", "auto"), cluster=cluster_type(cfg.get("cluster", "1x1x1")), ptr="*" if grouped else "",
        layout_cd=LAYOUT[cfg.get("d_layout", "row")],
        layout_a=LAYOUT[cfg.get("a_layout", "row")] + ("*" if grouped else ""),
        layout_b=LAYOUT[cfg.get("b_layout", "col")] + ("*" if grouped else ""),
        epilogue_tile=epilogue_tile_type(cfg.get("epilogue_tile", "auto")))


def epilogue_tile_type(tile):
    """The epilogue builder's tile argument: EpilogueTileAuto, or the given M x N."""
    if tile == "auto":
        return "cutlass::epilogue::collective::EpilogueTileAuto"
    return "cute::Shape<cute::Int<{}>, cute::Int<{}>>".format(*dims(tile))


def finalize_epilogue_cluster(cfg):
    """The cluster TensorRT-LLM's launcher gives a FINALIZE epilogue builder on SM100: its static
    InputClusterShape, also when the kernel's cluster is chosen at run time (:214-218, 424): 2x1x1 for
    a 2-SM kernel, else 1x1x1."""
    if cfg.get("cluster", "1x1x1") != "dynamic":
        return None
    return cluster_type("2x1x1" if cfg.get("schedule") == "2sm" else "1x1x1")


def finalize_fusion(p):
    """TensorRT-LLM's MoE FINALIZE fusion as its launcher spells it (moe_gemm_tma_ws_launcher.inl:415-420 in
    FlashInfer fb28d72): a row-major D scatters with a per-column bias and per-row router scales, a
    column-major one (swap_ab) the other way round; bias and output of D's type, scales float. The
    fusion is TensorRT-LLM's (cutlass_extensions/epilogue/fusion/sm90_visitor_scatter.hpp, found with
    measure.py --trtllm-extensions). Returns (the code that declares it, its name)."""
    layout = p.layout_cd
    op = "ScaledAccPerRowBiasPerColScaleScatter" if "ColumnMajor" in layout else "ScaledAccPerColBiasPerRowScaleScatter"
    out = ELEMENT[p.d]
    code = f"""
#include "cutlass_extensions/epilogue/fusion/sm90_visitor_scatter.hpp"
using ProbeFinalize = cutlass::epilogue::fusion::{op}<{layout}, {out}, float, {out}, float>;
"""
    return code, "ProbeFinalize"


def builder_types(arch, opclass, p, epilogue, fusion_op, operands, stages, kernel, prelude="", accumulator="float",
                  problem=None, scheduler="", epilogue_opclass=None, finalize=False, epilogue_cluster=None):
    """The probe's types: both collectives from CUTLASS's builders for `arch` and the GemmUniversal
    kernel of them. `operands` is the mainloop builder's A and B arguments (element, layout,
    alignment each), `prelude` any definitions they need; `problem` the kernel's problem shape
    (default: grouped or a plain rank-4 shape), `scheduler` its tile-scheduler tag (default none);
    the epilogue builder gets `opclass` too unless `epilogue_opclass` names another. A FINALIZE epilogue
    (`finalize`) is built with C and D void, as TensorRT-LLM's launcher builds it (:421-431);
    `epilogue_cluster`, when given, is the cluster the epilogue builder gets instead of the kernel's."""
    align = lambda e: 128 // BITS[e]  # noqa: E731 (16-byte accesses of C and D)
    element_c, element_d = ("void", "void") if finalize else (ELEMENT[p.c], ELEMENT[p.d])
    if problem is None:
        problem = ("cutlass::gemm::GroupProblemShape<cute::Shape<int, int, int>>" if p.grouped
                   else "cute::Shape<int, int, int, int>")
    scheduler = f", {scheduler}" if scheduler else ""
    return f"""
using TileShape = cute::Shape<cute::Int<{p.m}>, cute::Int<{p.n}>, cute::Int<{p.k}>>;
using Cluster = {p.cluster};
using EpilogueCluster = {epilogue_cluster or "Cluster"};
{prelude}
using Epilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::{arch}, {epilogue_opclass or opclass}, TileShape, EpilogueCluster,
    {p.epilogue_tile}, {accumulator}, float,
    {element_c}, {p.layout_cd}{p.ptr}, {align(p.c) if p.c != 'void' else align(p.d)},
    {element_d}, {p.layout_cd}{p.ptr}, {align(p.d)}, {epilogue}, {fusion_op}>::CollectiveOp;
using Mainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::{arch}, {opclass}, {operands}, {accumulator}, TileShape, Cluster,
    {stage_type(stages)}, {kernel}>::CollectiveOp;
using Kernel = cutlass::gemm::kernel::GemmUniversal<{problem}, Mainloop, Epilogue{scheduler}>;
"""


def stage_type(stages):
    """The builder's stage-count argument for a `stages` setting."""
    if stages == "auto":
        return ("cutlass::gemm::collective::StageCountAutoCarveout<"
                "static_cast<int>(sizeof(typename Epilogue::SharedStorage))>")
    if stages == "auto-zero":
        return "cutlass::gemm::collective::StageCountAuto"
    if stages == "auto-epi":
        return "cutlass::gemm::collective::StageCountAutoCarveoutEpi<Epilogue>"
    return f"cutlass::gemm::collective::StageCount<{int(stages)}>"


USER_BUILD = """
// What a user's build instantiates beyond sizeof(SharedStorage): the kernel's Params from its
// Arguments (the TMA descriptors, through the collectives' to_underlying_arguments), its host
// checks, and the launch of its device entry point, whose body is compiled for the GPU.
using Gemm = cutlass::gemm::device::GemmUniversalAdapter<{kernel}>;
cutlass::Status user_build(typename Gemm::Arguments const& arguments, void* workspace) {{
  Gemm gemm;
  cutlass::Status status = gemm.can_implement(arguments);
  if (status == cutlass::Status::kSuccess) status = gemm.initialize(arguments, workspace);
  return status == cutlass::Status::kSuccess ? gemm.run() : status;
}}
[[maybe_unused]] auto* const kernel_entry = &cutlass::device_kernel<{kernel}>;
"""

PROBE_INCLUDES = """#include <cstdio>
#include "cutlass/cutlass.h"
#include "cutlass/device_kernel.h"
#include "cute/tensor.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/thread/linear_combination.h"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/gemm/group_array_problem_shape.hpp"
#include "cutlass/detail/blockwise_scale_layout.hpp"
"""


def probe_main(stages, mainloop, epilogue, kernel, mainloop_tensors=None):
    """A probe's main: stages A, B, E (three expressions), sizeof(Mainloop::TensorStorage) (or the
    expression `mainloop_tensors`), sizeof(Epilogue::SharedStorage) and Kernel::SharedStorageSize,
    for the types named."""
    tensors = mainloop_tensors or f"sizeof(typename {mainloop}::TensorStorage)"
    return f"""int main() {{
  std::printf("%d %d %d %zu %zu %zu\\n", int({stages[0]}), int({stages[1]}), int({stages[2]}),
              size_t({tensors}), sizeof(typename {epilogue}::SharedStorage),
              size_t({kernel}::SharedStorageSize));
}}
"""


def probe_program(types, stages_a, stages_b=None, stages_e=None, mainloop_tensors=None):
    """A probe's program: its type definitions (Epilogue, Mainloop, Kernel), what a user's build
    instantiates of the kernel (USER_BUILD), then a main that prints its stage counts and sizes."""
    stages = (stages_a, stages_b or stages_a, stages_e or stages_a)
    return ("// generated by smem-budget tools/measure\n" + PROBE_INCLUDES + types + USER_BUILD.format(kernel="Kernel")
            + probe_main(stages, "Mainloop", "Epilogue", "Kernel", mainloop_tensors))
