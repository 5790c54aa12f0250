#!/usr/bin/env python3
"""Speed of the Python module, next to the command line's one process per call.

`cmake --build build --target bench_python` runs it with the built package on PYTHONPATH; the
figures go in the README. A benchmark, not a test: it asserts nothing about time."""
import statistics
import subprocess
import sys
import time

import json
import os

import smem_budget
from smem_budget import cutlass_library, trtllm

DATA = os.path.join(os.path.dirname(__file__), "..", "tests", "data")


def recorded_tactics(name="flashinfer-fb28d72-sm120-moe-nvfp4.txt"):
    """A runner's tactics as toString() prints them (tests/data/tactics/)."""
    with open(os.path.join(DATA, "tactics", name)) as f:
        text = "".join(line for line in f if not line.startswith("#"))
    return ["Cutlass GEMM Tactic" + b for b in text.split("Cutlass GEMM Tactic")[1:]]


def manifest(size):
    """`size` cutlass_library operations: CUTLASS's SM120 library, repeated."""
    with open(os.path.join(DATA, "kernel-names", "sm120-generator.json")) as f:
        names = [k["name"] for k in json.load(f)["kernels"]]
    return [{"procedural_name": names[i % len(names)]} for i in range(size)]

# TensorRT-LLM's SM120 MoE tiles and their neighbours: 36 shapes x 8 = 288 candidates, the most
# TensorRT-LLM's CuTe DSL autotuner compiles for one shape.
CANDIDATES = [f"{m}x{n}x{k}B" for m in (64, 128, 256) for n in (8, 16, 32, 64, 128, 256) for k in (64, 128)] * 8


def per_second(call, seconds=1.0):
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            call()
        count += 1000
    return count / (time.perf_counter() - start)


def main():
    exe = sys.argv[1] if len(sys.argv) > 1 else "smem-budget"
    plain = per_second(lambda: smem_budget.check("128x128x128"))
    moe = per_second(lambda: smem_budget.check("128x256x64B", grouped=True, epilogue="finalize", cutlass="4.4.2"))
    filters = []
    for _ in range(50):
        start = time.perf_counter()
        kept = [r for r in smem_budget.check_many(CANDIDATES, grouped=True, epilogue="finalize") if r.fits]
        filters.append(time.perf_counter() - start)
    tactics = recorded_tactics()
    bindings = [trtllm.spelling(t) for t in tactics]
    tuner = []
    for _ in range(50):
        start = time.perf_counter()
        trtllm.filter(bindings, arch="sm121", activation="nvfp4", weight="nvfp4", output="bf16")
        tuner.append(time.perf_counter() - start)
    sm100 = recorded_tactics("flashinfer-fb28d72-sm100-moe-fp8.txt")
    sm100_keys = dict(arch="sm100", activation="e4m3", weight="e4m3", output="bf16")
    # A list judged first reads its texts. Each copy here ends its blocks' last lines in blanks of
    # its own (the same tactics, texts not read before): three first judgings, the median told.
    first = []
    for blanks in (3, 2, 1):
        copy = [text.rstrip("\n") + " " * blanks + "\n" for text in sm100]
        start = time.perf_counter()
        trtllm.TacticFilter(copy, **sm100_keys)
        first.append(time.perf_counter() - start)
    judged, calls = [], []
    for _ in range(10):
        start = time.perf_counter()
        tactic_filter = trtllm.TacticFilter(sm100, **sm100_keys)
        judged.append(time.perf_counter() - start)
    for _ in range(200):
        start = time.perf_counter()
        tactic_filter(range(len(sm100)))
        calls.append(time.perf_counter() - start)
    operations = manifest(100_000)
    start = time.perf_counter()
    library_kept, _, _ = cutlass_library.filter(operations, arch="sm121")
    library = time.perf_counter() - start
    cli = []
    for _ in range(20):
        start = time.perf_counter()
        subprocess.run([exe, "--tile", "128x256x64B", "--grouped", "--epilogue", "finalize", "--format", "json"],
                       capture_output=True, check=False)
        cli.append(time.perf_counter() - start)
    print(f"check('128x128x128'): {plain:,.0f} per second")
    print(f"check(grouped FINALIZE, 4 keys): {moe:,.0f} per second")
    print(f"filter {len(CANDIDATES)} candidates with check_many: median {statistics.median(filters) * 1e3:.2f} ms "
          f"(worst {max(filters) * 1e3:.2f} ms), {len(kept)} fit")
    print(f"trtllm.filter over FlashInfer's {len(bindings)} SM120 MoE tactics: median "
          f"{statistics.median(tuner) * 1e3:.2f} ms (worst {max(tuner) * 1e3:.2f} ms)")
    # The first judging reads the texts; a later judging of the same list finds them read.
    print(f"trtllm.TacticFilter over FlashInfer's {len(sm100)} SM100 FP8 MoE tactics: judged first in a median "
          f"{statistics.median(first) * 1e3:.2f} ms (of {', '.join(f'{t * 1e3:.2f}' for t in first)}), again in a "
          f"median {statistics.median(judged[1:]) * 1e3:.2f} ms, then {statistics.median(calls) * 1e6:.0f} us a call")
    print(f"cutlass_library.filter over {len(operations):,} operations: {library:.2f} s, {len(library_kept):,} kept")
    print(f"the CLI, one process per check: median {statistics.median(cli) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
