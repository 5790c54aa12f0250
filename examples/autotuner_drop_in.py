#!/usr/bin/env python3
"""Drop smem-budget into the tactic hook of TensorRT-LLM's or FlashInfer's autotuner.

    examples/autotuner_drop_in.py TACTICS.txt --arch sm121 --activation nvfp4 --weight nvfp4 \\
        --output bf16 [--cutlass 4.4.2]
    examples/autotuner_drop_in.py TACTICS.txt --arch sm121 --runner flashinfer-mxfp8-gemm --output bf16

Both autotuners ask a runner for its tactics as ids (TunableRunner.get_valid_tactics) and compile
and time each; TensorRT-LLM then passes them through the runner's filter_tactics_with_heuristics.
An id stands for a CutlassGemmConfig: with FlashInfer's and TensorRT-LLM's CUTLASS MoE runner, its
place in GEMM_1's candidate list followed by GEMM_2's; with FlashInfer's SM120 FP4 and MXFP8 GEMM
runners, its place in the runner's getConfigs() (runner="flashinfer-fp4-gemm" or
"flashinfer-mxfp8-gemm": the kernel those launchers build). `smem_budget.trtllm.TacticFilter` judges
that list once (one check_many call) and then removes the ids whose kernel does not build or fit, by
a set lookup per call; `install` puts it behind a runner class's hook:

    from smem_budget.trtllm import TacticFilter
    from autotuner_drop_in import install
    tactics = TacticFilter(gemm1_configs + gemm2_configs, arch="sm121", activation="nvfp4",
                           weight="nvfp4", output="bf16")
    install(MoERunner, "get_valid_tactics", tactics)                # FlashInfer
    install(MoERunner, "filter_tactics_with_heuristics", tactics)   # TensorRT-LLM, after its own

A config is what the runner holds: the bindings' object, a dict of its fields or its toString()
text. Each removed id is reported once with why and what would fit; an id the model does not answer
is kept for the autotuner to try, and said so. Run as a script it does this for a recorded list
(tools/tactics/record.sh writes them: a MoE runner's GEMM_1 under "# GEMM_1" and GEMM_2 under
"# GEMM_2"; a GEMM runner's in the one-line spelling) and prints the ids a runner offering all of
them would keep.
"""
import argparse
import functools
import logging
import sys
import time

from smem_budget.trtllm import TacticFilter

log = logging.getLogger("smem_budget.autotuner")


def install(runner_class, hook, tactic_filter):
    """Wraps `runner_class.hook` (a method returning the tactic list) so that its answer passes
    through `tactic_filter`."""
    original = getattr(runner_class, hook)

    reported = set()

    @functools.wraps(original)
    def filtered(self, *args, **kwargs):
        tactics = original(self, *args, **kwargs)
        for tactic in sorted(set(tactics) - reported):
            reported.add(tactic)
            if tactic in tactic_filter.removed:
                result = tactic_filter.removed[tactic]
                log.info("smem-budget removed tactic %d, %s: %s", tactic, result.name, result.reason)
            elif tactic in tactic_filter.unjudged:
                log.info("smem-budget left tactic %d to the autotuner: %s", tactic, tactic_filter.unjudged[tactic])
        return tactic_filter(tactics)

    setattr(runner_class, hook, filtered)


def recorded_lists(text):
    """{"GEMM_1": [toString() block, ...], "GEMM_2": [...]} of a recorded MoE list; {"GEMM": [...]} of a
    GEMM runner's list in the one-line spelling."""
    spelled = [line.strip() for line in text.splitlines() if line.startswith("CutlassGemmConfig{")]
    if spelled:
        return {"GEMM": spelled}
    lists, current = {}, None
    for line in text.splitlines(keepends=True):
        if line.startswith("# GEMM_"):
            current = line[2:8]
            lists[current] = []
        elif line.startswith("#"):
            continue
        elif line.startswith("Cutlass GEMM Tactic"):
            if current is None:
                raise SystemExit("a tactic before any \"# GEMM_1\" or \"# GEMM_2\" line")
            lists[current].append(line)
        elif lists.get(current):
            lists[current][-1] += line
    return lists


class RecordedRunner:
    """A stand-in for a runner offering every tactic of a recorded list, as FlashInfer's MoERunner
    does when it tunes both GEMMs."""

    def __init__(self, count):
        self.count = count

    def get_valid_tactics(self, inputs=None, profile=None):
        return list(range(self.count))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tactics")
    parser.add_argument("--arch", required=True)
    parser.add_argument("--runner", default="trtllm-moe",
                        help="trtllm-moe (the MoE runner of both), flashinfer-fp4-gemm or flashinfer-mxfp8-gemm")
    parser.add_argument("--activation", help="A's type as the runner knows it (the GEMM runners know their own)")
    parser.add_argument("--weight", help="B's type")
    parser.add_argument("--output", required=True)
    parser.add_argument("--cutlass", help="the CUTLASS release the runner is built with")
    args = parser.parse_args()
    keys = dict(arch=args.arch, runner=args.runner, activation=args.activation, weight=args.weight,
                output=args.output)
    if args.cutlass:
        keys["cutlass"] = args.cutlass
    with open(args.tactics) as f:
        lists = recorded_lists(f.read())
    configs = lists.get("GEMM_1", []) + lists.get("GEMM_2", []) + lists.get("GEMM", [])
    start = time.perf_counter()
    tactic_filter = TacticFilter(configs, **keys)
    judged = time.perf_counter() - start
    install(RecordedRunner, "get_valid_tactics", tactic_filter)
    runner = RecordedRunner(len(configs))
    kept = runner.get_valid_tactics()
    start = time.perf_counter()
    runner.get_valid_tactics()
    again = time.perf_counter() - start
    print(f"kept {len(kept)} of {len(configs)} tactic ids; the list judged once in {judged * 1e3:.2f} ms, "
          f"a later get_valid_tactics in {again * 1e6:.0f} us")
    return 0 if len(kept) == len(configs) else 1


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    sys.exit(main())
