#!/usr/bin/env python3
"""Which of FlashInfer's SM120 MoE GEMM instantiations to emit, by the model instead of a hand filter.

    examples/flashinfer_generate_kernels.py [--arch sm120|sm121] [--cutlass 4.7.0]

FlashInfer's kernel generator (flashinfer/jit/gemm/cutlass/generate_kernels.py at fb28d72,
generate_sm120_grouped_gemm_operations, lines 826-917) emits the product of two operand pairs
(NVFP4, and MXFP8 activations with MXFP4 weights), two epilogue fusions (none, FINALIZE), eight CTA
tiles (M, N, K in elements), swap_ab and two output types, less a hand "minimal filter" that keeps
only three tiles for the mixed pair. This checks the whole product with the model, as TensorRT-LLM's
launcher instantiates it (``runner: trtllm-moe``; swap_ab puts the weight in A and transposes D),
and prints what it would emit and drop, and the instantiations
the hand filter drops that build and fit. Exit status 0.
"""
import argparse
import itertools
import sys

import smem_budget

# generate_kernels.py:832-842, 845-848, 852 and 888-893 at FlashInfer fb28d72.
OPERANDS = [("nvfp4", "nvfp4"), ("mxfp8", "mxfp4")]
FUSIONS = ["none", "finalize"]
TILES = [(128, 32, 128), (128, 32, 256), (128, 64, 128), (128, 64, 256), (128, 128, 128), (128, 128, 256),
         (256, 128, 128), (128, 256, 128)]
SWAP_AB = [True, False]
OUTPUTS = ["f16", "bf16"]
# generate_kernels.py:885-888: for the mixed pair only these tiles are emitted.
HAND_KEPT_MIXED = [(128, 32, 128), (128, 64, 128), (128, 128, 128)]


def product():
    """Every instantiation of the product, as (label, keys, kept by the hand filter)."""
    for (act, weight), fusion, tile, swap, out in itertools.product(OPERANDS, FUSIONS, TILES, SWAP_AB, OUTPUTS):
        a, b = (weight, act) if swap else (act, weight)
        keys = {"tile": "x".join(map(str, tile)), "types": a if a == b else f"{a}:{b}", "runner": "trtllm-moe",
                "d": out}
        if fusion == "finalize":
            keys["epilogue"] = "finalize"
        if swap:
            keys["d_layout"] = "col"
        label = f"{act}x{weight} {keys['tile']} {fusion}{' swap_ab' if swap else ''} -> {out}"
        hand_kept = act == weight or tile in HAND_KEPT_MIXED
        yield label, keys, hand_kept


def judge(arch="sm120", cutlass=None):
    """[(label, result, hand_kept)] over the product."""
    entries = list(product())
    extra = {"cutlass": cutlass} if cutlass else {}
    results = smem_budget.check_many([keys for _, keys, _ in entries], arch=arch, errors="return", **extra)
    return [(label, result, hand_kept) for (label, _, hand_kept), result in zip(entries, results)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", default="sm120")
    parser.add_argument("--cutlass", help="the CUTLASS release FlashInfer builds with")
    args = parser.parse_args()
    judged = judge(args.arch, args.cutlass)
    unjudged = [(label, r) for label, r, _ in judged if isinstance(r, Exception)]
    fits = [(label, r, h) for label, r, h in judged if not isinstance(r, Exception) and r.fits]
    drops = [(label, r, h) for label, r, h in judged if not isinstance(r, Exception) and not r.fits]
    print(f"{len(judged)} instantiations: the model emits {len(fits)}, drops {len(drops)}"
          f"{f', cannot judge {len(unjudged)}' if unjudged else ''}; the hand filter emits "
          f"{sum(h for _, _, h in judged)}")
    for label, r, hand_kept in drops:
        print(f"  drop {label}: {r.verdict}: {r.reason}{'  (the hand filter emits it)' if hand_kept else ''}")
    wrongly = [(label, r) for label, r, hand_kept in fits if not hand_kept]
    print(f"the hand filter drops {len(wrongly)} that build and fit:")
    for label, r in wrongly:
        print(f"  {label}: {r.stages} stages, {r.total:,} B")
    for label, e in unjudged:
        print(f"  cannot judge {label}: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
