"""smem_budget.cutlass_library: cutlass_library operations as inductor's filter_op and Manifest.filter
see them, on snapshots of the generator's own objects (tests/data/kernel-names/*-generator-sample.json,
recorded by tools/kernel_names/list_kernels.py from CUTLASS 4.7.0's generator)."""
import json
import os
import subprocess
import sys
import tempfile
from types import SimpleNamespace

import pytest

import smem_budget
from smem_budget import cutlass_library

NAMES = os.path.join(os.path.dirname(__file__), "..", "data", "kernel-names")


def operations(arch):
    """GemmOperation stand-ins: what the generator's objects answer to procedural_name()."""
    with open(os.path.join(NAMES, f"{arch}-generator-sample.json")) as f:
        kernels = json.load(f)["kernels"]
    return [SimpleNamespace(procedural_name=(lambda name=k["name"]: name), tile_description=SimpleNamespace(
        threadblock_shape=k["tile"], cluster_shape=k.get("cluster"), stages=k.get("stages"))) for k in kernels]


def lint(arch, names):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(names) + "\n")
    try:
        out = subprocess.run([sys.executable, "-m", "smem_budget", "lint", f.name, "--arch", arch, "--format", "json"],
                             capture_output=True, text=True, check=False)
    finally:
        os.unlink(f.name)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("arch", ["sm90", "sm100"])
def test_filter_over_the_generators_operations_splits_them_as_lint_splits_their_names(arch):
    ops = operations(arch)
    kept, removed, unjudged = cutlass_library.filter(ops, arch=arch)
    assert len(kept) + len(removed) + len(unjudged) == len(ops)
    report = lint(arch, [op.procedural_name() for op in ops])
    fits = {r["name"] for r in report["results"] if r["verdict"] == "fits"}
    does_not = {r["name"] for r in report["results"] if r["verdict"] != "fits"}
    assert {op.procedural_name() for op in kept} == fits
    assert {op.procedural_name() for op, _ in removed} == does_not
    assert len(unjudged) == len(report["not_modelled"])
    # inductor's contract: the operation, or None; cutlass_library's Manifest.filter: a bool.
    decide = cutlass_library.filter_op(keep_unjudged=False, arch=arch)
    assert sum(decide(op) is not None for op in ops) == len(kept)
    emit = cutlass_library.manifest_filter(keep_unjudged=True, arch=arch)
    assert sum(emit(op) for op in ops) == len(kept) + len(unjudged)


def test_an_operation_is_read_by_its_name_and_the_name_says_the_architecture():
    kept, _, _ = cutlass_library.filter(operations("sm100"), arch="sm100")
    op = kept[0]
    result = cutlass_library.check(op)
    assert result.config == smem_budget.check(kernel=op.procedural_name()).config
    with pytest.raises(smem_budget.InputError, match="an sm100 kernel, but the architecture is sm90"):
        cutlass_library.check(op, arch="sm90")
    # The main check takes it too (issue 26's smem_budget.check(operation=op)), and keys override it.
    assert smem_budget.check(operation=op) == result
    assert smem_budget.check(operation=op, stages=2).config["stages"] == 2
    with pytest.raises(smem_budget.InputError, match="give a configuration or operation=, not both"):
        smem_budget.check("128x128x128", operation=op)


def test_what_is_not_an_operation_is_named():
    with pytest.raises(smem_budget.InputError, match="str is not a cutlass_library operation"):
        cutlass_library.check("cutlass3x_sm90_tensorop_gemm_f16_f16_f32_f16_f16_128x128x64_1x1x1_0_tnn_align8")


def test_the_manifest_drop_in_emits_of_sm120s_library_what_lint_says_fits(load_example):
    # SharedMemPerCC has no SM12x entry, so CUTLASS's own Manifest.filter emits all 2,785; the
    # wrapped one emits the 1,915 that fit and not the 870 the README's lint table counts.
    drop_in = load_example("cutlass_manifest_filter")
    manifest = drop_in.install(type("Manifest", (drop_in.EmitEverything,), {}), arch="sm120")()
    ops = load_example("inductor_filter_op").snapshots("sm120")
    emitted = {op.procedural_name() for op in ops if manifest.filter(op)}
    report = lint("sm120", [op.procedural_name() for op in ops])
    assert emitted == {r["name"] for r in report["results"] if r["verdict"] == "fits"}
    assert (len(emitted), len(ops) - len(emitted), report["not_modelled"]) == (1915, 870, [])


def test_a_kernel_key_beside_an_operation_is_refused():
    op = SimpleNamespace(procedural_name=lambda: "cutlass3x_sm90_tensorop_gemm_e4m3_e4m3_f32_bf16_bf16_128x128x128_1x1x1_0_tnn_align16_warpspecialized_cooperative_epi_tma")
    for call in (cutlass_library.check, lambda o, **k: cutlass_library.filter([o], **k)):
        with pytest.raises(smem_budget.InputError, match="kernel: not used with an operation"):
            call(op, kernel="CtaShape128x128x64B")
    with pytest.raises(smem_budget.InputError, match="operations: expected a list of them, got one str"):
        cutlass_library.filter("cutlass3x_sm90_tensorop_gemm")


def test_a_message_names_the_operations_place_in_the_callers_list():
    # Each architecture's operations are judged in a call of their own, whose messages named an
    # operation by its place in that call ("configs[1]") rather than in the caller's list.
    sm90 = "cutlass3x_sm90_tensorop_gemm_e4m3_e4m3_f32_void_f32_128x128x128_1x1x1_0_tnt_align16_warpspecialized_cooperative_epi_tma"
    sm120 = "cutlass3x_sm120_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m1_f32_void_f32_128x128x128_1x1x1_0_tnt_align128_cooperative_q"
    kept, _, unjudged = cutlass_library.filter([{"procedural_name": n} for n in
                                                (sm90, sm120, sm120.replace("_gemm_", "_s16864gemm_"))])
    assert len(kept) == 2 and [message.split(":")[0] for _, message in unjudged] == ["operations[2].kernel"]
    with pytest.raises(smem_budget.InputError, match=r"^operations\[2\]\.kernel: \"zz\" in the kernel name"):
        cutlass_library.filter([{"procedural_name": n} for n in (sm90, sm120, sm90.replace("epi_tma", "epi_zz"))])


def test_an_empty_list_still_reads_the_calls_arch_and_device():
    for keys, message in ((dict(arch="bogus"), 'arch: "bogus": unknown architecture'),
                          (dict(device=-1), "device: -1: expected a GPU's number")):
        with pytest.raises(smem_budget.InputError, match=message):
            cutlass_library.filter([], **keys)
    assert cutlass_library.filter([], arch="sm90") == ([], [], [])
