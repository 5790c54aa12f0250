#!/usr/bin/env python3
"""List the GEMM kernels CUTLASS's own generator makes for an architecture, with the attributes of its objects.

    tools/kernel_names/list_kernels.py --cutlass 4.7.0=~/cutlass [--cutlass 4.6.0=~/cutlass-4.6] > names.json
    tools/kernel_names/list_kernels.py --arch sm90 --every 8 --cutlass 4.7.0=~/cutlass > sm90-sample.json

Runs python/cutlass_library/generator.py's GenerateSM120 (or GenerateSM90, GenerateSM100 for sm100 and sm103,
GenerateSM75, GenerateSM80 or GenerateSM89 for the 2.x kernels; plain Python, no build) of each checkout
named, one process per release, and writes, for every GEMM operation, its procedural name, the
releases whose generator makes it, and what the generator's objects say about it: tile, cluster, stage count, element, layout and alignment of A and B, scale-factor types,
accumulator, C, D, the block-scale-factor output vector, kernel and epilogue schedules and the gemm
kind, the tile scheduler and the blockwise scale granularity (SM100/SM103: also the epilogue tile its
emitter passes): the ground truth a kernel-name reader is to be tested against (issue 13's fixture). CI does
not run it; it needs a CUTLASS checkout.
"""
import argparse
import json
import os
import re
import subprocess
import sys


ARCHS = {"sm120": ("120a", "GenerateSM120"), "sm90": ("90a", "GenerateSM90"), "sm100": ("100a", "GenerateSM100"),
         "sm103": ("103a", "GenerateSM100"),  # GenerateSM100 also makes the 103a kernels
         "sm75": ("75", "GenerateSM75"),  # Turing's CUTLASS 2.x kernels
         "sm80": ("80", "GenerateSM80"), "sm89": ("89", "GenerateSM89")}  # the CUTLASS 2.x kernels


def row_2x(name, op, library, name_of):
    """What a 2.x GemmOperation says: its TileDescription (warp count included, which the name leaves
    out), its math instruction, and A, B and C (element, layout, alignment)."""
    td, mi = op.tile_description, op.tile_description.math_instruction
    return {
        "name": name, "gemm_kind": name_of(op.gemm_kind, library.GemmKindNames),
        "opcode_class": name_of(mi.opcode_class, library.OpcodeClassNames),
        "math": name_of(mi.math_operation, library.MathOperationTag),
        "tile": list(td.threadblock_shape), "warps": list(td.warp_count), "stages": td.stages,
        "instruction": list(mi.instruction_shape),
        "a": name_of(op.A.element, library.DataTypeNames), "b": name_of(op.B.element, library.DataTypeNames),
        "c": name_of(op.C.element, library.DataTypeNames),
        "accumulator": name_of(mi.element_accumulator, library.DataTypeNames),
        "a_layout": name_of(op.A.layout, library.ShortLayoutTypeNames),
        "b_layout": name_of(op.B.layout, library.ShortLayoutTypeNames),
        "c_layout": name_of(op.C.layout, library.ShortLayoutTypeNames),
        "alignment": [op.A.alignment, op.B.alignment, op.C.alignment],
    }


def one_release(cutlass, cuda_version, instantiation_level, arch="sm120", every=1):
    """The rows of one checkout's generator (run in a process of its own: cutlass_library differs)."""
    sys.path.insert(0, os.path.join(cutlass, "python"))
    from cutlass_library import generator, library
    from cutlass_library.gemm_operation import EmitGemmUniversal3xInstance
    from cutlass_library.manifest import Manifest

    gen_args = generator.define_parser().parse_args([
        "--operations", "gemm", "--architectures", ARCHS[arch][0], "--kernels", "all", "--cuda-version", cuda_version,
        "--build-dir", "/nonexistent", "--curr-build-dir", "/nonexistent", "--instantiation-level",
        instantiation_level, "--disable-cutlass-package-imports"])
    manifest = Manifest(gen_args)
    getattr(generator, ARCHS[arch][1])(manifest, gen_args.cuda_version)

    emitter = EmitGemmUniversal3xInstance()

    def name_of(enum_value, names):
        return names[enum_value] if enum_value in names else str(enum_value)

    rows = []
    two_x = arch in ("sm75", "sm80", "sm89")
    names = [name for name in manifest.operations_by_name if two_x or f"_{arch}_" in name]
    for name in names[::every]:
        op = manifest.operations_by_name[name]
        if two_x:
            rows.append(row_2x(name, op, library, name_of))
            continue
        td = op.tile_description
        row = {
            "name": name,
            "gemm_kind": name_of(op.gemm_kind, library.GemmKindNames),
            # The tile the collective builder is given: on SM100/SM103 the MMA's M and N (the
            # tile_shape there is the cluster's), everywhere else the tile_shape itself.
            "tile": list(op.get_collective_tile_shape()),
            "cluster": list(td.cluster_shape),
            "stages": td.stages,
            "a": name_of(op.A.element, library.DataTypeNames),
            "b": name_of(op.B.element, library.DataTypeNames),
            "a_layout": name_of(op.A.layout, library.ShortLayoutTypeNames),
            "b_layout": name_of(op.B.layout, library.ShortLayoutTypeNames),
            "c_layout": name_of(op.C.layout, library.ShortLayoutTypeNames),
            "d_layout": name_of(op.D.layout, library.ShortLayoutTypeNames),
            "alignment_a": op.A.alignment,
            "alignment_b": op.B.alignment,
            "accumulator": name_of(op.accumulator_type(), library.DataTypeNames),
            "c": name_of(op.C.element, library.DataTypeNames),
            "d": name_of(op.D.element, library.DataTypeNames),
            "kernel_schedule": name_of(op.kernel_schedule, library.KernelScheduleTag),
            "epilogue_schedule": name_of(op.epilogue_schedule, library.EpilogueScheduleTag),
            "tile_scheduler": name_of(op.tile_scheduler, library.TileSchedulerTag),
        }
        if getattr(op, "mixed_input_mode", None) is not None:
            # SM90's mixed-input kernels: the conversion (MixedInputMode) and the shuffled narrow operand.
            row["mixed_input_mode"] = op.mixed_input_mode.name
            row["mixed_input_shuffle"] = op.mixed_input_shuffle
        if getattr(op, "ScaleFactorMVecSize", None) is not None:
            row["scale_granularity"] = [op.ScaleFactorMVecSize, op.ScaleFactorNVecSize, op.ScaleFactorKVecSize]
        for side in ("ScaleFactorA", "ScaleFactorB"):
            if hasattr(op, side) and getattr(op, side) is not None:
                row["sf_" + side[-1].lower()] = name_of(getattr(op, side), library.DataTypeNames)
        if arch in ("sm100", "sm103"):
            # The epilogue tile the emitter passes (it is not on the objects): EpilogueTileAuto, or
            # one it chooses itself (gemm_operation.py EmitGemmUniversal3xInstance).
            code = emitter.emit(op)
            given = re.search(r"cute::Shape<cute::_(\d+),\s*cute::_(\d+)>,\s*float, float", code)
            row["epilogue_tile"] = [int(given[1]), int(given[2])] if given else "auto"
        sfd = getattr(op, "ScaleFactorD", None)
        if sfd is not None and sfd.element != library.DataType.void:
            row["sf_d"] = name_of(sfd.element, library.DataTypeNames)
            row["sf_d_vector"] = op.ScaleFactorVectorSize
            row["sf_d_layout"] = name_of(sfd.layout, library.ShortLayoutTypeNames)
        rows.append(row)
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cutlass", action="append", required=True, metavar="VERSION=PATH",
                        help="a CUTLASS release and its checkout; repeat for several")
    parser.add_argument("--cuda-version", default="13.0")
    parser.add_argument("--instantiation-level", default="", help="the generator's --instantiation-level")
    parser.add_argument("--arch", default="sm120", choices=sorted(ARCHS))
    parser.add_argument("--every", type=int, default=1, help="keep every Nth kernel in the generator's order")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # a checkout's rows as JSON: the per-release process
    args = parser.parse_args()
    if args.one:
        json.dump(one_release(args.one, args.cuda_version, args.instantiation_level, args.arch, args.every), sys.stdout)
        return
    kernels = {}
    for spec in args.cutlass:
        version, _, path = spec.partition("=")
        out = subprocess.run([sys.executable, __file__, "--cutlass", spec, "--one", path, "--cuda-version",
                              args.cuda_version, "--instantiation-level", args.instantiation_level, "--arch", args.arch,
                              "--every", str(args.every)],
                             capture_output=True, text=True, check=True).stdout
        for row in json.loads(out):
            known = kernels.setdefault(row["name"], dict(row, releases=[]))
            if {k: v for k, v in known.items() if k != "releases"} != row:
                sys.exit(f"{row['name']}: the generators of {known['releases']} and {version} disagree")
            known["releases"].append(version)
    sys.stdout.write('{"provenance": %s,\n "kernels": [\n' % json.dumps(
        f"tools/kernel_names/list_kernels.py --arch {args.arch} --every {args.every} "
        f"{' '.join('--cutlass ' + c for c in args.cutlass)} "
        f"--instantiation-level '{args.instantiation_level}' --cuda-version {args.cuda_version}"))
    sys.stdout.write(",\n".join(json.dumps(row, separators=(",", ":")) for row in kernels.values()))
    sys.stdout.write("\n]}\n")


if __name__ == "__main__":
    main()
