#!/usr/bin/env python3
"""Write FlashInfer's offline tactics blocklist for its CUTLASS MoE runner without a GPU.

    examples/flashinfer_blocklist.py TACTICS.txt --arch sm121 --activation nvfp4 --weight nvfp4 \\
        --output bf16 [--gpu "NVIDIA GB10"] > blocklist.json

TACTICS.txt is the runner's tactic list as CutlassGemmConfig::toString() prints it, GEMM_1's list
under a "# GEMM_1" line and GEMM_2's under "# GEMM_2" (tools/tactics/record.sh writes it so). A
tactic's id is its place in the runner's combined list, GEMM_1's first (FlashInfer's
MoERunner.get_valid_tactics), as for examples/autotuner_drop_in.py, which judges it. The tactics that do not build or fit go to invalid_tactics under
FlashInfer's keys ("trtllm::fused_moe::gemm1::MoERunner"), the file FLASHINFER_TACTICS_BLOCKLIST
loads (flashinfer/tactics_blocklist.py); each removed one is reported on standard error with why,
and each the model does not answer (a kernel class it says is not modelled) is left to the autotuner,
and said so.
Metadata FlashInfer compares that this cannot know is "*", which matches any environment.
"""
import argparse
import json
import sys

from autotuner_drop_in import recorded_lists
from smem_budget.trtllm import TacticFilter

RUNNER_KEYS = {"GEMM_1": "trtllm::fused_moe::gemm1::MoERunner", "GEMM_2": "trtllm::fused_moe::gemm2::MoERunner"}


def blocklist(text, gpu="*", **keys):
    """The blocklist document, (id, spelling, reason) for every tactic it blocks, and (id, message)
    for every tactic the model does not answer, which it leaves to the autotuner."""
    lists = recorded_lists(text)
    gemm1, gemm2 = lists.get("GEMM_1", []), lists.get("GEMM_2", [])
    tactics = TacticFilter(gemm1 + gemm2, **keys)
    removed = [(i, result.name, result.reason) for i, result in sorted(tactics.removed.items())]
    unjudged = sorted(tactics.unjudged.items())
    invalid = {RUNNER_KEYS["GEMM_1"]: [i for i, _, _ in removed if i < len(gemm1)],
               RUNNER_KEYS["GEMM_2"]: [i for i, _, _ in removed if i >= len(gemm1)]}
    metadata = {key: "*" for key in ("flashinfer_version", "cuda_version", "cublas_version", "cudnn_version",
                                     "cudnn_frontend_version")}
    metadata["gpu"] = gpu
    metadata["generator_version"] = "smem-budget"
    return {"_metadata": metadata, "invalid_tactics": invalid}, removed, unjudged


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tactics")
    parser.add_argument("--arch", required=True)
    parser.add_argument("--activation", required=True)
    parser.add_argument("--weight", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--cutlass", help="the CUTLASS release FlashInfer builds with")
    parser.add_argument("--gpu", default="*", help="torch.cuda.get_device_name() of the GPU it is for")
    args = parser.parse_args()
    keys = dict(arch=args.arch, activation=args.activation, weight=args.weight, output=args.output)
    if args.cutlass:
        keys["cutlass"] = args.cutlass
    with open(args.tactics) as f:
        document, removed, unjudged = blocklist(f.read(), gpu=args.gpu, **keys)
    for tactic_id, name, reason in removed:
        print(f"blocked tactic {tactic_id}, {name}: {reason}", file=sys.stderr)
    for tactic_id, message in unjudged:
        print(f"left to the autotuner, tactic {tactic_id}: {message}", file=sys.stderr)
    json.dump(document, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
