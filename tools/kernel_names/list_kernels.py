#!/usr/bin/env python3
"""List the SM120 GEMM kernels CUTLASS's own generator makes, with the attributes of its objects.

    tools/kernel_names/list_kernels.py --cutlass ~/cutlass [--instantiation-level max] > names.json

Runs python/cutlass_library/generator.py's GenerateSM120 in process (plain Python, no build) and
writes, for every GEMM operation, its procedural name and what the generator's objects say about
it: tile, cluster, stage count, element, layout and alignment of A and B, scale-factor types,
accumulator, C, D, the block-scale-factor output vector, kernel and epilogue schedules and the gemm
kind: the ground truth a kernel-name reader is to be tested against (issue 13's fixture). CI does
not run it; it needs a CUTLASS checkout.
"""
import argparse
import json
import os
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cutlass", required=True, help="a CUTLASS checkout")
    parser.add_argument("--cuda-version", default="13.0")
    parser.add_argument("--instantiation-level", default="", help="the generator's --instantiation-level")
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(args.cutlass, "python"))
    from cutlass_library import generator, library
    from cutlass_library.manifest import Manifest

    gen_args = generator.define_parser().parse_args([
        "--operations", "gemm", "--architectures", "120a", "--kernels", "all", "--cuda-version", args.cuda_version,
        "--build-dir", "/nonexistent", "--curr-build-dir", "/nonexistent", "--instantiation-level",
        args.instantiation_level, "--disable-cutlass-package-imports"])
    manifest = Manifest(gen_args)
    generator.GenerateSM120(manifest, gen_args.cuda_version)

    def name_of(enum_value, names):
        return names[enum_value] if enum_value in names else str(enum_value)

    rows = []
    for name, op in manifest.operations_by_name.items():
        if "sm120" not in name:
            continue
        td = op.tile_description
        row = {
            "name": name,
            "gemm_kind": name_of(op.gemm_kind, library.GemmKindNames),
            "tile": list(td.tile_shape),
            "cluster": list(td.cluster_shape),
            "stages": td.stages,
            "a": name_of(op.A.element, library.DataTypeNames),
            "b": name_of(op.B.element, library.DataTypeNames),
            "a_layout": name_of(op.A.layout, library.ShortLayoutTypeNames),
            "b_layout": name_of(op.B.layout, library.ShortLayoutTypeNames),
            "alignment_a": op.A.alignment,
            "alignment_b": op.B.alignment,
            "accumulator": name_of(op.accumulator_type(), library.DataTypeNames),
            "c": name_of(op.C.element, library.DataTypeNames),
            "d": name_of(op.D.element, library.DataTypeNames),
            "kernel_schedule": name_of(op.kernel_schedule, library.KernelScheduleTag),
            "epilogue_schedule": name_of(op.epilogue_schedule, library.EpilogueScheduleTag),
        }
        for side in ("ScaleFactorA", "ScaleFactorB"):
            if hasattr(op, side) and getattr(op, side) is not None:
                row["sf_" + side[-1].lower()] = name_of(getattr(op, side), library.DataTypeNames)
        sfd = getattr(op, "ScaleFactorD", None)
        if sfd is not None and sfd.element != library.DataType.void:
            row["sf_d"] = name_of(sfd.element, library.DataTypeNames)
            row["sf_d_vector"] = op.ScaleFactorVectorSize
            row["sf_d_layout"] = name_of(sfd.layout, library.ShortLayoutTypeNames)
        rows.append(row)
    json.dump({"provenance": f"tools/kernel_names/list_kernels.py --cutlass {args.cutlass} "
                             f"--instantiation-level '{args.instantiation_level}' (CUDA {args.cuda_version})",
               "kernels": rows}, sys.stdout, indent=0)
    print()


if __name__ == "__main__":
    main()
