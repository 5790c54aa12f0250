#!/usr/bin/env python3
"""Give cutlass_library's Manifest the shared-memory check its own table cannot make.

CUTLASS's generator (python/cutlass_library) emits an operation when Manifest.filter(op) says so;
for shared memory that filter compares CalculateSmemUsage (A and B times the stages, no epilogue)
with SharedMemPerCC, which has no entry past compute capability 100, so an SM120 library build
emits every kernel and the ones that cannot run die on static assertions or at launch.
``install(Manifest, arch=...)`` wraps the method: after CUTLASS's own checks, an operation that does
not build or fit is not emitted, with the reason logged; one the model does not answer is emitted
(CUTLASS's behaviour today). Before the generator builds its manifest:

    from cutlass_library.manifest import Manifest
    import cutlass_manifest_filter
    cutlass_manifest_filter.install(Manifest, arch="sm121")

Run as a script, it applies the same decision to the recorded operations of each architecture named
(tests/data/kernel-names/: SM120's whole library, a sample of the others') under a stand-in for
Manifest whose own filter emits everything, and prints what it would emit:

    examples/cutlass_manifest_filter.py sm120 sm90
"""
import logging
import sys

from inductor_filter_op import snapshots
from smem_budget import cutlass_library

log = logging.getLogger("smem_budget.manifest")


def install(manifest_class, **keys):
    """Wrap ``manifest_class.filter`` with the model's verdict (keys as smem_budget.check)."""
    cutlass_filter = manifest_class.filter
    emit = cutlass_library.manifest_filter(keep_unjudged=True, **keys)

    def filter(self, operation):
        if not cutlass_filter(self, operation):
            return False
        if emit(operation):
            return True
        log.info("smem-budget does not emit %s: %s", operation.procedural_name(),
                 cutlass_library.check(operation, **keys).reason)
        return False

    manifest_class.filter = filter
    return manifest_class


class EmitEverything:
    """Manifest.filter as an SM120 build sees it for shared memory: no SharedMemPerCC entry."""

    def filter(self, operation):
        return True


def main(archs):
    for arch in archs:
        manifest = install(type("Manifest", (EmitEverything,), {}), arch=arch)()
        ops = snapshots(arch)
        emitted = sum(manifest.filter(op) for op in ops)
        print(f"{arch}: {len(ops):,} operations, {emitted:,} emitted, {len(ops) - emitted:,} not (they do not "
              f"build or fit)")
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    sys.exit(main(sys.argv[1:] or ["sm120"]))
