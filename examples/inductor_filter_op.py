#!/usr/bin/env python3
"""Give PyTorch inductor's CUTLASS backend a shared-memory check before it compiles a candidate.

Inductor's CUTLASS GEMM template (torch/_inductor/codegen/cutlass/gemm_template.py) asks
``filter_op(self, op)`` of every cutlass_library GemmOperation it might emit, and keeps the op
unless it returns None; it checks no shared memory, so a kernel that cannot run is found at
autotune. ``install(template_class, arch=...)`` wraps that method: after inductor's own checks, an
op that does not build or fit is dropped, with the reason logged; an op the model does not answer
is kept (inductor's behaviour today). In a session:

    from torch._inductor.codegen.cutlass.gemm_template import CUTLASSGemmTemplate
    import inductor_filter_op
    inductor_filter_op.install(CUTLASSGemmTemplate, arch="native")

Run as a script, it applies the same decision to recorded snapshots of the generator's operations
(tests/data/kernel-names/*-generator-sample.json) and prints the counts:

    examples/inductor_filter_op.py sm90 sm100
"""
import json
import logging
import os
import sys
from types import SimpleNamespace

from smem_budget import cutlass_library

log = logging.getLogger("smem_budget.inductor")


def install(template_class, **keys):
    """Wrap ``template_class.filter_op`` with the model's verdict (keys as smem_budget.check)."""
    inductor_filter = template_class.filter_op
    decide = cutlass_library.filter_op(keep_unjudged=True, **keys)

    def filter_op(self, op):
        op = inductor_filter(self, op)
        if op is None:
            return None
        kept = decide(op)
        if kept is None:
            log.info("smem-budget drops %s: %s", op.procedural_name(), cutlass_library.check(op, **keys).reason)
        return kept

    template_class.filter_op = filter_op
    return template_class


def snapshots(arch):
    """The recorded operations of an architecture (tests/data/kernel-names/): SM120's whole library,
    a sample of the others'."""
    folder = os.path.join(os.path.dirname(__file__), "..", "tests", "data", "kernel-names")
    whole = os.path.join(folder, f"{arch}-generator.json")
    path = whole if os.path.exists(whole) else os.path.join(folder, f"{arch}-generator-sample.json")
    with open(path) as f:
        return [SimpleNamespace(procedural_name=(lambda name=k["name"]: name)) for k in json.load(f)["kernels"]]


def main(archs):
    for arch in archs:
        ops = snapshots(arch)
        kept, removed, unjudged = cutlass_library.filter(ops, arch=arch)
        print(f"{arch}: {len(ops):,} operations: {len(kept):,} kept, {len(removed):,} removed "
              f"(they do not build or fit), {len(unjudged):,} the model does not answer (kept by install())")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["sm90", "sm100"]))
