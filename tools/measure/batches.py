#!/usr/bin/env python3
"""Measure several batches at once on one pool of cores, within a deadline: the way to spend a
many-core machine lent for a few minutes. Each BATCH is ARCH:CUTLASS:FILE (a measure.py batch file
measured against that CUTLASS checkout); the rows of each go to OUTDIR/<file's name>, in input
order, once the pool is done or the deadline has passed (configurations not started by then are
left out, and the file says how many).

    tools/measure/batches.py --jobs 16 --deadline 540 --out $OUT \\
        sm120:/tmp/cutlass-4.7.0:a.json sm90:/tmp/cutlass-4.7.0:b.json
"""
import argparse
import concurrent.futures
import json
import os
import time

from measure import ARCHS, measure, optin_limit


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("batches", nargs="+", help="ARCH:CUTLASS:FILE")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--deadline", type=float, default=None, help="seconds after which no new probe starts")
    parser.add_argument("--out", required=True, help="folder for the rows of each batch")
    parser.add_argument("--nvcc", default="nvcc")
    args = parser.parse_args()
    start = time.monotonic()
    jobs = []  # (batch index, position, arch, cutlass, config)
    batches = []
    for i, spec in enumerate(args.batches):
        arch, cutlass, path = spec.split(":", 2)
        if arch not in ARCHS:
            parser.error(f"{spec}: unknown architecture {arch}")
        with open(path) as f:
            data = json.load(f)
        configs = data["configs"] if isinstance(data, dict) else data
        batches.append((arch, cutlass, path, [None] * len(configs)))
        jobs += [(i, j, arch, cutlass, c) for j, c in enumerate(configs)]

    def run(job):
        i, j, arch, cutlass, cfg = job
        if args.deadline is not None and time.monotonic() - start > args.deadline:
            return None
        return i, j, measure(cfg, arch, cutlass, args.nvcc, optin_limit(arch))

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for done in pool.map(run, jobs):
            if done:
                i, j, row = done
                batches[i][3][j] = row
    os.makedirs(args.out, exist_ok=True)
    for arch, cutlass, path, rows in batches:
        measured = [r for r in rows if r is not None]
        with open(os.path.join(args.out, os.path.basename(path)), "w") as f:
            json.dump({"provenance": f"tools/measure/batches.py, nvcc {args.nvcc}, CUTLASS {cutlass}", "arch": arch,
                       "left_out": len(rows) - len(measured), "rows": measured}, f, indent=1)
        print(f"{path}: {len(measured)} of {len(rows)} measured in {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
