#!/usr/bin/env python3
"""Prune TensorRT-LLM's SM120 MoE GEMM tactics to those that can run, before compiling any.

    examples/autotune_filter.py [--epilogue finalize|default] [--cutlass 4.4.2] [--output bf16]

The candidates are TensorRT-LLM's SM120 tile enumerators as its dispatch table spells them
(CutlassTileConfigSM120::CtaShape<M>x<N>x<K>B, K in bytes of A). Each is checked as the NVFP4
grouped kernel TensorRT-LLM instantiates; the ones that fit are printed, and each dropped one with
the reason. Exit status 0 when every candidate fits, 1 otherwise.
"""
import argparse
import re
import sys

import smem_budget

TACTICS = [
    "CutlassTileConfigSM120::CtaShape128x128x64B",
    "CutlassTileConfigSM120::CtaShape128x128x128B",
    "CutlassTileConfigSM120::CtaShape128x64x64B",
    "CutlassTileConfigSM120::CtaShape128x64x128B",
    "CutlassTileConfigSM120::CtaShape128x32x64B",
    "CutlassTileConfigSM120::CtaShape128x32x128B",
    "CutlassTileConfigSM120::CtaShape128x256x64B",
    "CutlassTileConfigSM120::CtaShape256x128x64B",
]


def tile_of(tactic):
    """CtaShape128x256x64B -> 128x256x64B, the tile spelling smem-budget reads."""
    match = re.search(r"CtaShape(\d+x\d+x\d+B)$", tactic)
    if not match:
        raise ValueError(f"not an SM120 tile enumerator: {tactic}")
    return match.group(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epilogue", default="finalize", choices=["finalize", "default"])
    parser.add_argument("--cutlass", default="4.4.2", help="the CUTLASS release TensorRT-LLM builds with")
    parser.add_argument("--output", default="bf16", help="the MoE output type")
    args = parser.parse_args()
    keys = dict(types="nvfp4", grouped=True, epilogue=args.epilogue, d=args.output, cutlass=args.cutlass)
    if args.epilogue == "default":
        keys["c"] = args.output  # TensorRT-LLM's default path reads C = D
    results = smem_budget.check_many([{"name": t, "tile": tile_of(t)} for t in TACTICS], **keys)
    kept = [r for r in results if r.fits]
    dropped = [r for r in results if not r.fits]
    print(f"{len(kept)} of {len(results)} tactics fit ({args.epilogue} epilogue, CUTLASS {args.cutlass}):")
    for r in kept:
        print(f"  {r.name}  {r.stages} stages, {r.total:,} B, {r.headroom:,} B to spare")
    for r in dropped:
        print(f"dropped {r.name}: {r.reason}")
    return 0 if not dropped else 1


if __name__ == "__main__":
    sys.exit(main())
