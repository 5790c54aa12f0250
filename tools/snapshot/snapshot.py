#!/usr/bin/env python3
"""Run a fixed set of smem-budget commands and keep every output, so that two builds (before and
after a change meant to keep behaviour) can be compared byte for byte with `diff -r`.

    tools/snapshot/snapshot.py BINARY OUTDIR [--entries 100000]

The set: the four architectures' sweeps in every format, a seeded mixed-architecture batch of
--entries configurations that are not bad input (a quarter per architecture; json and csv), suggest and compare runs,
lint over the recorded generator listings, and `arch`. Each command's stdout, stderr and exit
status are written under OUTDIR; the commands themselves to OUTDIR/commands.txt. They run in OUTDIR, so that no output names
where it is. --inputs reuses the batch inputs of an earlier snapshot, so that a changed binary is
given exactly the entries the first one was.
"""
import argparse
import json
import pathlib
import random
import re
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[2]

ARCHS = {
    "sm120": {"types": ["nvfp4", "mxfp4", "mxfp6", "mxfp8", "mxfp8:mxfp4", "e4m3:e4m3"],
              "schedule": ["auto", "cooperative", "pingpong"]},
    "sm90": {"types": ["e4m3", "e5m2:e4m3", "f16", "bf16"], "schedule": ["auto", "cooperative", "pingpong"]},
    "sm100": {"types": ["nvfp4", "mxfp4", "mxfp8", "mxfp8:mxfp4", "mxfp6"], "schedule": ["auto", "1sm", "2sm"]},
    "sm103": {"types": ["nvfp4", "mxfp4"], "schedule": ["auto", "1sm", "2sm"]},
}
SWEEPS = {
    "sm120": ["--types", "nvfp4", "--grouped", "--epilogue", "finalize"],
    "sm90": ["--types", "e4m3", "--scaling", "none"],
    "sm100": ["--types", "nvfp4", "--schedule", "1sm"],
    "sm103": ["--types", "nvfp4", "--schedule", "1sm"],
}
FORMATS = ["table", "markdown", "json", "csv"]


def entry(rng: random.Random, arch: str) -> dict:
    a = ARCHS[arch]
    m = rng.choice({"sm100": [64, 128, 256], "sm103": [128, 256]}.get(arch, [32, 64, 128, 256]))
    n = rng.choice([8, 16, 32, 48, 64, 96, 128, 192, 256])
    k = rng.choice([64, 128, 256, 512] if arch in ("sm100", "sm103") else [32, 64, 128, 256])
    e = {"tile": f"{m}x{n}x{k}", "types": rng.choice(a["types"]), "schedule": rng.choice(a["schedule"])}
    if arch == "sm90" or e["types"] == "e4m3:e4m3":
        e["scaling"] = rng.choice(["none", "none", "blockwise"])
    if rng.random() < 0.3:
        e["stages"] = rng.choice(["auto", "auto-epi", "2", "3", "4", "6"])
    if rng.random() < 0.3:
        e["grouped"] = True
        if arch == "sm90" and e["schedule"] == "auto":
            e["schedule"] = "cooperative"
    if rng.random() < 0.3:
        e["c"] = rng.choice(["void", "bf16", "f16", "f32"])
    if rng.random() < 0.2:
        e["d"] = rng.choice(["bf16", "f16", "f32"])
    if rng.random() < 0.15 and not (e.get("grouped") and arch in ("sm100", "sm103")):
        e["epilogue"] = "nosmem"
    if rng.random() < 0.1:
        e["d_layout"] = "col"
    if rng.random() < 0.1 and e.get("epilogue") != "nosmem":
        e["epilogue_tile"] = rng.choice(["64x32", "128x64", "64x64", "32x32"])
    if arch in ("sm100", "sm103", "sm90") and rng.random() < 0.3:
        e["cluster"] = rng.choice(["1x1x1", "2x1x1", "1x2x1", "2x2x1"])
    if rng.random() < 0.3:
        e["cutlass"] = rng.choice(["4.3.0", "4.3.5", "4.4.2", "4.5.0", "4.6.0", "4.7.0"])
    return e


def accepted(binary: str, arch: str, entries: list, path: pathlib.Path) -> list:
    """The entries the binary takes as input (exit 0 or 1), in order: the sample is about the
    answers, and one entry of bad input stops a whole batch (exit 2, naming its index)."""
    good, rest = [], entries
    while rest:
        path.write_text(json.dumps({"arch": arch, "configs": rest}))
        done = subprocess.run([binary, "--config", str(path), "--format", "csv"], capture_output=True)
        if done.returncode != 2:
            return good + rest
        bad = int(re.search(rb"configs\[(\d+)\]", done.stderr).group(1))
        good, rest = good + rest[:bad], rest[bad + 1:]
    return good


def draw(rng: random.Random, binary: str, arch: str, count: int, path: pathlib.Path) -> list:
    """`count` entries the binary accepts, drawn 100 at a time so each bad one costs a short run."""
    configs = []
    while len(configs) < count:
        chunk = [entry(rng, arch) for _ in range(100)]
        configs += accepted(binary, arch, chunk, path)
    return [dict(e, name=f"{arch}-{i}") for i, e in enumerate(configs[:count])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("outdir")
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--inputs", help="a previous snapshot's folder: reuse its batch inputs instead of drawing them")
    args = parser.parse_args()
    out = pathlib.Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(23)
    runs = []
    for arch, flags in SWEEPS.items():
        for fmt in FORMATS + (["svg"] if arch == "sm120" else []):
            runs.append((f"sweep-{arch}.{fmt}", ["sweep", "--arch", arch, *flags, "--format", fmt]))
    for arch in ARCHS:
        path = out / f"batch-{arch}.input.json"
        if args.inputs:
            batch = json.loads((pathlib.Path(args.inputs) / path.name).read_text())
        else:
            batch = {"arch": arch, "configs": draw(rng, args.binary, arch, args.entries // len(ARCHS), path)}
        path.write_text(json.dumps(batch, indent=0))
        for fmt in ("json", "csv"):
            runs.append((f"batch-{arch}.{fmt}", ["--config", path.name, "--format", fmt]))
        small = out / f"small-{arch}.input.json"
        small.write_text(json.dumps(dict(batch, configs=batch["configs"][:300]), indent=0))
        for fmt in ("table", "markdown"):
            runs.append((f"batch-{arch}-small.{fmt}", ["--config", small.name, "--format", fmt]))
        runs.append((f"suggest-{arch}.json", ["suggest", "--config", small.name, "--format", "json"]))
        runs.append((f"suggest-{arch}.table", ["suggest", "--config", small.name]))
        runs.append((f"compare-{arch}.table", ["compare", "--cutlass", "4.3.0,4.4.2,4.7.0", "--config", small.name]))
    for listing in sorted((REPO / "tests/data/kernel-names").glob("*.json")):
        names = out / f"{listing.stem}.names.txt"
        data = json.loads(listing.read_text())
        rows = data if isinstance(data, list) else data.get("names", data.get("kernels", []))
        names.write_text("\n".join(r if isinstance(r, str) else r.get("name", "") for r in rows) + "\n")
        for fmt in ("table", "json"):
            runs.append((f"lint-{listing.stem}.{fmt}", ["lint", names.name, "--format", fmt]))
    runs.append(("arch.table", ["arch"]))
    with open(out / "commands.txt", "w") as commands:
        for name, argv in runs:
            commands.write(f"{name}: smem-budget {' '.join(argv)}\n")
            done = subprocess.run([pathlib.Path(args.binary).resolve(), *argv], capture_output=True, cwd=out)
            (out / name).write_bytes(done.stdout)
            (out / f"{name}.stderr").write_bytes(done.stderr + f"exit {done.returncode}\n".encode())


if __name__ == "__main__":
    main()
