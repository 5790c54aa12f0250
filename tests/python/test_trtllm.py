"""smem_budget.trtllm: TensorRT-LLM's and FlashInfer's CutlassGemmConfig objects, on the tactic lists
FlashInfer fb28d72 and TensorRT-LLM 9beec90 hand their SM120 MoE autotuners (tests/data/tactics/,
recorded from their cutlass_heuristic.cpp by tools/tactics/record.sh)."""
import json
import os
import re
from types import SimpleNamespace

import pytest

import smem_budget
from smem_budget import cutlass_library, trtllm

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "tactics")


def blocks(name):
    """The toString() blocks of a recorded list, in order."""
    with open(os.path.join(DATA, name)) as f:
        text = "".join(line for line in f if not line.startswith("#"))
    return ["Cutlass GEMM Tactic" + b for b in text.split("Cutlass GEMM Tactic")[1:]]


def as_binding(block):
    """The object TensorRT-LLM's Python bindings would hand over for a block: enum values with .name."""
    field = dict(re.findall(r"\t([^:\n]+): (\S+)", block))
    enum = lambda name: SimpleNamespace(name=name)
    m, n, k = field["tile shape ID"].split("x")
    return SimpleNamespace(
        sm_version=int(field["sm"]), is_tma_warp_specialized=True,
        tile_config_sm120=enum(f"CtaShape{m}x{n}x{k}B"),
        cluster_shape=enum("ClusterShape_" + field["cluster shape ID"]),
        dynamic_cluster_shape=enum("Undefined"), fallback_cluster_shape=enum("Undefined"),
        mainloop_schedule=enum("AUTO"), epilogue_schedule=enum("AUTO"),
        epilogue_fusion_type=enum(["NONE", "FINALIZE"][int(field["epilogue fusion type"])]),
        swap_ab=field["swap_ab"] == "true", enableCudaKernel=False)


SM120_MOE = "flashinfer-fb28d72-sm120-moe-nvfp4.txt"
GB10 = dict(arch="sm121", activation="nvfp4", weight="nvfp4", output="bf16", cutlass="4.4.2")


def test_a_binding_object_and_its_tostring_block_are_the_same_tactic():
    for block in blocks(SM120_MOE):
        assert trtllm.spelling(as_binding(block)) == trtllm.check(block, **GB10).name


def test_the_finalize_tiles_cutlass_3144_reports_are_the_ones_removed_on_gb10():
    # CUTLASS #3144: 102,400 B, 1,024 B over SM121's 101,376, for the 128x256x64B FINALIZE kernel.
    kept, removed, unjudged = trtllm.filter([as_binding(b) for b in blocks(SM120_MOE)], **GB10)
    assert unjudged == []
    over = [(trtllm.spelling(c), r.total) for c, r in removed if r.verdict == "exceeds-optin"]
    assert sorted(set(over)) == [
        ("CutlassGemmConfig{sm_version=120 tile=CtaShape128x256x64B cluster_shape=1x1x1 epilogue_fusion_type=FINALIZE}",
         102400),
        ("CutlassGemmConfig{sm_version=120 tile=CtaShape256x128x64B cluster_shape=1x1x1 epilogue_fusion_type=FINALIZE}",
         102400)]
    assert len(kept) + len(removed) == 60
    # The rest that go never compile: one stage of a K=512 or 256x128x256 tile leaves no room for two.
    assert all(r.verdict == "rejected" for c, r in removed if r.verdict != "exceeds-optin")


def test_tensorrt_llm_9beec90s_own_sm120_moe_list_on_gb10_loses_only_the_3144_pair():
    # get_candidate_configs_sm120 of TensorRT-LLM 9beec90: four NVFP4 tiles (GEMM_1: 8 tactics with swap_ab;
    # GEMM_2: 16 with FINALIZE), one MXFP8 x MXFP4 tile (2 + 4).
    nvfp4 = [as_binding(b) for b in blocks("trtllm-9beec90-sm120-moe-nvfp4.txt")]
    kept, removed, unjudged = trtllm.filter(nvfp4, **GB10)
    assert (len(nvfp4), unjudged) == (24, [])
    assert sorted({(trtllm.spelling(c), r.verdict, r.total) for c, r in removed}) == [
        ("CutlassGemmConfig{sm_version=120 tile=CtaShape128x256x64B cluster_shape=1x1x1 epilogue_fusion_type=FINALIZE}",
         "exceeds-optin", 102400),
        ("CutlassGemmConfig{sm_version=120 tile=CtaShape256x128x64B cluster_shape=1x1x1 epilogue_fusion_type=FINALIZE}",
         "exceeds-optin", 102400)]
    mixed = [as_binding(b) for b in blocks("trtllm-9beec90-sm120-moe-fp8fp4.txt")]
    kept, removed, unjudged = trtllm.filter(mixed, **dict(GB10, activation="mxfp8", weight="mxfp4"))
    assert (len(kept), removed, unjudged) == (6, [], [])


def test_lint_over_the_same_text_removes_the_same_tactics():
    out = smem_budget.check_many([{"kernel": b} for b in blocks(SM120_MOE)], arch="sm121", types="nvfp4",
                                 grouped=True, d="bf16", cutlass="4.4.2")
    via_python = {trtllm.check(b, **GB10).name: trtllm.check(b, **GB10).fits for b in blocks(SM120_MOE)}
    assert {r.name: r.fits for r in out} == via_python


def test_swap_ab_with_unlike_types_puts_the_weight_in_a_and_keeps_k_in_bytes_of_the_activation():
    config = {"sm_version": 120, "is_tma_warp_specialized": True, "tile_config_sm120": "CtaShape128x128x128B"}
    plain = trtllm.check(config, activation="mxfp8", weight="mxfp4", output="bf16")
    swapped = trtllm.check(dict(config, swap_ab=True), activation="mxfp8", weight="mxfp4", output="bf16")
    assert plain.config["types"] == "mxfp8:mxfp4" and swapped.config["types"] == "mxfp4:mxfp8"
    assert plain.config["tile"] == swapped.config["tile"] == "128x128x128"


def test_a_field_of_the_wrong_type_is_refused_not_read_by_its_truth_or_rounded():
    fin = {"sm_version": 120, "is_tma_warp_specialized": True, "tile_config_sm120": "CtaShape128x256x64B",
           "epilogue_fusion_type": "FINALIZE"}
    # "false" is a true string: read by its truth, swap_ab would judge another kernel (it fits; the real one does not).
    assert not trtllm.check(dict(fin, swap_ab=False), **GB10).fits
    with pytest.raises(smem_budget.InputError, match="swap_ab: 'false' is not a boolean"):
        trtllm.check(dict(fin, swap_ab="false"), **GB10)
    with pytest.raises(smem_budget.InputError, match="sm_version: 120.9 is not an integer"):
        trtllm.check(dict(fin, sm_version=120.9), **GB10)
    with pytest.raises(smem_budget.InputError, match="epilogue_fusion_type: True is not an enumerator"):
        trtllm.check(dict(fin, epilogue_fusion_type=True), **GB10)
    # Left out, a cluster is the struct's default 1x1x1; given as Undefined, it is no tactic's.
    assert "cluster_shape=1x1x1" in trtllm.spelling(fin)
    with pytest.raises(smem_budget.InputError, match="cluster_shape: 'Undefined': Undefined; a tactic has a cluster"):
        trtllm.check(dict(fin, cluster_shape="Undefined"), **GB10)
    with pytest.raises(smem_budget.InputError, match="expected a CutlassGemmConfig .* got NoneType"):
        trtllm.check(None, **GB10)

    class Integral:  # an integer that is no int, as numpy's are
        def __init__(self, value):
            self.value = value

        def __index__(self):
            return self.value

    assert trtllm.spelling(dict(fin, sm_version=Integral(120), swap_ab=Integral(1))) == trtllm.spelling(
        dict(fin, sm_version=120, swap_ab=True))


def test_a_field_given_twice_in_the_one_line_spelling_is_refused():
    with pytest.raises(smem_budget.InputError, match='"swap_ab": given twice; give each field once'):
        trtllm.check("CutlassGemmConfig{sm_version=120 tile=CtaShape128x256x64B cluster_shape=1x1x1 swap_ab=true "
                     "swap_ab=false}", **GB10)


def test_one_text_where_a_list_is_expected_is_refused_not_read_by_character():
    text = blocks(SM120_MOE)[0]
    for call in (trtllm.check_many, trtllm.filter, trtllm.TacticFilter):
        with pytest.raises(smem_budget.InputError, match="configs: expected a list of them, got one str"):
            call(text, **GB10)


def test_a_config_that_cannot_be_read_raises_naming_its_place_in_the_list():
    text = blocks(SM120_MOE)[0]
    for call in (trtllm.check_many, trtllm.filter, trtllm.TacticFilter):
        with pytest.raises(smem_budget.InputError, match=r"^configs\[1\]: trtllm config: expected one CutlassGemmConfig"):
            call([text, "garbage"], **GB10)
    # A block naming neither a tile nor the CUDA-core kernel (the filters once threw IndexError on it).
    nothing = "Cutlass GEMM Tactic\n\tenable cuda kernel: false\n"
    for call in (trtllm.check_many, trtllm.filter, trtllm.TacticFilter):
        with pytest.raises(smem_budget.InputError, match=r'^configs\[1\]: .*"enable cuda kernel": false with no style'):
            call([text, nothing], **GB10)
    config = {"sm_version": 120, "is_tma_warp_specialized": True, "tile_config_sm120": "CtaShape128x128x64B"}
    with pytest.raises(smem_budget.InputError, match=r"^configs\[1\]: trtllm config: swap_ab: 'yes' is not a boolean"):
        trtllm.check_many([config, dict(config, swap_ab="yes")], **GB10)


def test_a_message_names_the_configs_place_in_the_callers_list_not_among_distinct_configs():
    text = blocks(SM120_MOE)[0]
    cuda = "CutlassGemmConfig{sm_version=120 enableCudaKernel=true}"
    config = {"sm_version": 120, "is_tma_warp_specialized": True, "tile_config_sm120": "CtaShape128x128x64B"}
    for configs in ([text, text, cuda], [config, config, {"sm_version": 120, "enableCudaKernel": True}]):
        out = trtllm.check_many(configs, **GB10)
        assert str(out[2]).startswith("configs[2]") and "not modelled" in str(out[2])
        assert trtllm.TacticFilter(configs, **GB10).unjudged[2].startswith("configs[2]")


def test_a_field_that_is_not_a_config_field_or_enumerator_is_named():
    with pytest.raises(smem_budget.InputError, match="'tile' is not a CutlassGemmConfig field"):
        trtllm.check({"sm_version": 120, "tile": "CtaShape128x128x64B"})
    with pytest.raises(smem_budget.InputError, match="tile_config_sm120: 'ChooseWithHeuristic' is not a tactic"):
        trtllm.check({"sm_version": 120, "is_tma_warp_specialized": True, "tile_config_sm120": "ChooseWithHeuristic"})
    with pytest.raises(smem_budget.InputError, match="MainloopScheduleType has no enumerator FAST"):
        trtllm.check({"sm_version": 120, "is_tma_warp_specialized": True, "tile_config_sm120": "CtaShape128x128x64B",
                      "mainloop_schedule": "FAST"})
    with pytest.raises(smem_budget.InputError, match="an sm120 kernel, but the architecture is sm90"):
        trtllm.check({"sm_version": 120, "is_tma_warp_specialized": True, "tile_config_sm120": "CtaShape128x128x64B"},
                     arch="sm90")


def test_the_blocklist_example_blocks_the_finalize_tiles_by_their_ids_in_flashinfers_list(load_example):
    example = load_example("flashinfer_blocklist")
    with open(os.path.join(DATA, SM120_MOE)) as f:
        document, removed, unjudged = example.blocklist(f.read(), gpu="NVIDIA GB10", **GB10)
    assert unjudged == []
    gemm1 = document["invalid_tactics"]["trtllm::fused_moe::gemm1::MoERunner"]
    gemm2 = document["invalid_tactics"]["trtllm::fused_moe::gemm2::MoERunner"]
    # GEMM_1 has ids 0-19, GEMM_2 20-59: its 10 candidates, their FINALIZE copies from 30, then the
    # swap_ab copies of all 20; candidates in the order 128x128x128B, 128x128x64B, 256x128x64B,
    # 128x256x64B, ..., so 32 and 33 are CUTLASS #3144's, and their swap_ab twins 52 and 53 fit.
    assert 32 in gemm2 and 33 in gemm2 and 52 not in gemm2 and 53 not in gemm2
    assert 0 not in gemm1 and 20 not in gemm2
    assert all(0 <= i < 20 for i in gemm1) and all(20 <= i < 60 for i in gemm2)
    assert document["_metadata"]["gpu"] == "NVIDIA GB10"
    assert {name for i, name, reason in removed if i == 33} == {
        "CutlassGemmConfig{sm_version=120 tile=CtaShape128x256x64B cluster_shape=1x1x1 epilogue_fusion_type=FINALIZE}"}
    # On SM90 every tactic is judged, FINALIZE too, and none is blocked: all 108 fit an H100.
    with open(os.path.join(DATA, "flashinfer-fb28d72-sm90-moe-fp8.txt")) as f:
        document, removed, unjudged = example.blocklist(f.read(), arch="sm90", activation="e4m3", weight="e4m3",
                                                        output="bf16")
    assert unjudged == [] and removed == []
    assert document["invalid_tactics"]["trtllm::fused_moe::gemm2::MoERunner"] == []


class DeviceRows:
    """Measured rows by their configuration; a result's config finds its row by the keys the row spells
    (keys added to the interface since, at their defaults, are not in older rows)."""

    def __init__(self, *files):
        self.rows, self.key_sets = {}, set()
        for file in files:
            with open(os.path.join(os.path.dirname(__file__), "..", "data", file)) as f:
                for r in json.load(f)["rows"]:
                    self.rows[json.dumps(r["config"], sort_keys=True)] = r["expect"]
                    self.key_sets.add(tuple(sorted(r["config"])))

    def __getitem__(self, config):
        for keys in self.key_sets:
            spelled = json.dumps({k: config[k] for k in keys if k in config}, sort_keys=True)
            if spelled in self.rows:
                return self.rows[spelled]
        raise KeyError(json.dumps(config, sort_keys=True))


def device_rows(*files):
    return DeviceRows(*files)


def test_filter_sets_apart_what_the_model_does_not_answer():
    # FlashInfer's SM90 FP8 MoE list: 108 tactics, every one answered, FINALIZE included; a tactic of a
    # kernel the model does not answer (here the FP8 blockwise schedule's FINALIZE) is set apart.
    kept, removed, unjudged = trtllm.filter(blocks("flashinfer-fb28d72-sm90-moe-fp8.txt"), arch="sm90",
                                            activation="e4m3", weight="e4m3", output="bf16")
    assert (len(kept), len(removed), len(unjudged)) == (108, 0, 0)
    assert sum("FINALIZE" in trtllm.spelling(c) for c in kept) == 36
    finalize = [c for c in kept if "FINALIZE" in trtllm.spelling(c)][:1]
    _, _, unjudged = trtllm.filter(finalize, arch="sm90", activation="e4m3", weight="e4m3", output="bf16",
                                   scaling="blockwise", fast_accum=False)
    assert len(unjudged) == 1 and "not modelled on sm90: the finalize epilogue of blockwise kernels" in unjudged[0][1]
    # What the runner makes of each was built for the device: the default epilogue's kernels
    # (sm90-flashinfer-moe-device.json) and FINALIZE's (sm90-finalize-device.json).
    device = device_rows("sm90-flashinfer-moe-device.json", "sm90-finalize-device.json")
    for config in kept:
        result = trtllm.check(config, arch="sm90", activation="e4m3", weight="e4m3", output="bf16")
        assert result.config["schedule"] == "cooperative" and result.config["fast_accum"] is True
        expect = device[result.config]
        assert (result.verdict, result.total, result.stages) == (expect["verdict"], expect["total"], expect["stages"])


def measured(file):
    """Rows by the keys that tell FlashInfer's instantiations apart."""
    with open(os.path.join(os.path.dirname(__file__), "..", "data", file)) as f:
        return {identity(r["config"]): r["expect"] for r in json.load(f)["rows"]}


def identity(keys):
    return tuple(keys.get(k) for k in ("tile", "types", "d", "d_layout", "epilogue"))


def test_flashinfers_sm120_generator_product_by_the_model_against_its_hand_filter(load_example):
    example = load_example("flashinfer_generate_kernels")
    entries = list(example.product())
    assert len(entries) == 128 and sum(h for _, _, h in entries) == 88  # the hand filter emits 88
    judged = example.judge("sm120")
    # The default-epilogue half, built for the device (tests/data/sm120-flashinfer-generate-device.json).
    device = measured("sm120-flashinfer-generate-device.json")
    compared = 0
    for (label, keys, hand_kept), (_, result, _) in zip(entries, judged):
        expect = device.get(identity(keys))
        if expect:
            assert result.verdict == expect["verdict"] and (result.total or 0) == expect.get("total", 0), label
            compared += 1
    assert compared == 64
    wrongly_dropped = [label for label, r, h in judged if r.fits and not h]
    assert wrongly_dropped == [
        "mxfp8xmxfp4 128x32x256 none swap_ab -> f16", "mxfp8xmxfp4 128x32x256 none swap_ab -> bf16",
        "mxfp8xmxfp4 128x32x256 none -> f16", "mxfp8xmxfp4 128x32x256 none -> bf16"]
    # ... and the hand filter emits four that exceed: CUTLASS #3144's FINALIZE tiles, 102,400 B
    # (tests/data/sm120-trtllm-moe.json), at both output types.
    emitted_over = [(label, r.total) for label, r, h in judged if h and r.verdict == "exceeds-optin"]
    assert emitted_over == [(f"nvfp4xnvfp4 {t} finalize -> {o}", 102400)
                            for t in ("256x128x128", "128x256x128") for o in ("f16", "bf16")]


def test_a_runners_plain_fp8_is_not_read_as_mxfp8_where_block_scaling_is_the_default():
    # FlashInfer's SM100 FP8 MoE list: plain FP8 (no block scales), which smem-budget would read as
    # MXFP8 on sm100 were "e4m3" given bare.
    kept, removed, unjudged = trtllm.filter(blocks("flashinfer-fb28d72-sm100-moe-fp8.txt"), arch="sm100",
                                            activation="e4m3", weight="e4m3", output="bf16")
    assert (len(kept), len(removed), len(unjudged)) == (540, 0, 0)
    result = trtllm.check(kept[0], arch="sm100", activation="e4m3", weight="e4m3", output="bf16")
    assert result.config["scaling"] == "none"
    assert trtllm.check(kept[0], arch="sm100", activation="mxfp8", weight="mxfp8", output="bf16").config["scaling"] \
        == "block"
    # The 180 distinct kernels they select were built for the device: 120 of the default epilogue
    # (sm100-flashinfer-moe-device.json) and 60 FINALIZE ones (sm100-finalize-device.json).
    device = device_rows("sm100-flashinfer-moe-device.json", "sm100-finalize-device.json")
    seen = set()
    for config in kept:
        result = trtllm.check(config, arch="sm100", activation="e4m3", weight="e4m3", output="bf16")
        key = json.dumps(result.config, sort_keys=True)
        expect = device[result.config]
        assert (result.verdict, result.total, result.stages) == (expect["verdict"], expect["total"], expect["stages"])
        seen.add(key)
    assert len(seen) == 180


def test_a_tactic_filter_behind_a_runners_hooks_removes_the_3144_ids_on_every_call(load_example):
    example = load_example("autotuner_drop_in")
    with open(os.path.join(DATA, "trtllm-9beec90-sm120-moe-nvfp4.txt")) as f:
        lists = example.recorded_lists(f.read())
    configs = lists["GEMM_1"] + lists["GEMM_2"]
    tactics = trtllm.TacticFilter(configs, **GB10)
    # GEMM_1: ids 0-7; GEMM_2: its four candidates 8-11, their FINALIZE copies 12-15 (128x128x128B,
    # 128x128x64B, 128x256x64B, 256x128x64B), then the swap_ab copies 16-23.
    assert sorted(tactics.removed) == [14, 15] and tactics.unjudged == {}
    assert tactics.removed[14].total == 102400

    class FlashInferRunner:  # get_valid_tactics(inputs, profile) -> ids, -1 the fallback
        def get_valid_tactics(self, inputs, profile):
            return [-1] + list(range(len(configs)))

    class TensorRtLlmRunner:  # filter_tactics_with_heuristics(tactics, ...) after get_valid_tactics
        def filter_tactics_with_heuristics(self, tactics, *args, **kwargs):
            return [t for t in tactics if t != 3]

    example.install(FlashInferRunner, "get_valid_tactics", tactics)
    example.install(TensorRtLlmRunner, "filter_tactics_with_heuristics", tactics)
    for _ in range(2):
        assert FlashInferRunner().get_valid_tactics(None, None) == [-1] + [t for t in range(24) if t not in (14, 15)]
        assert TensorRtLlmRunner().filter_tactics_with_heuristics(list(range(24))) == [
            t for t in range(24) if t not in (3, 14, 15)]


def test_check_many_judges_a_repeated_kernel_once_and_answers_each_place_alike():
    blocks_ = blocks("flashinfer-fb28d72-sm100-moe-fp8.txt")
    keys = dict(arch="sm100", activation="e4m3", weight="e4m3", output="bf16")
    results = trtllm.check_many(blocks_, **keys)
    assert len(results) == 540
    for block, result in list(zip(blocks_, results))[::37]:
        one = trtllm.check(block, **keys)
        assert (result.name, result.verdict, result.total, result.stages) == (one.name, one.verdict, one.total,
                                                                            one.stages)


@pytest.mark.parametrize("keys", [GB10, dict(arch="sm121", activation="nvfp4", weight="nvfp4", output="bf16")])
def test_texts_read_and_judged_in_one_call_answer_as_the_same_configs_given_as_objects(keys):
    # A list of texts whose entries differ only in their config (an autotuner's) is read and judged
    # in one call; objects take the path any config can: both say the same of each, and of a config
    # the model does not answer.
    texts = blocks(SM120_MOE) + ["CutlassGemmConfig{sm_version=120 enableCudaKernel=true}"]
    objects = [as_binding(b) for b in texts[:-1]] + [SimpleNamespace(sm_version=120, enableCudaKernel=True)]
    said = lambda r: str(r) if isinstance(r, smem_budget.InputError) else (r.name, r.to_dict())
    by_texts = [said(r) for r in trtllm.check_many(texts, **keys)]
    assert by_texts == [said(r) for r in trtllm.check_many(objects, **keys)]
    assert "not modelled" in by_texts[-1]


def spelled(name):
    """A recorded list in the one-line spelling, in tactic-id order."""
    with open(os.path.join(DATA, name)) as f:
        return [line.strip() for line in f if line.startswith("CutlassGemmConfig{")]


@pytest.mark.parametrize("runner, recorded, exceeding", [
    ("flashinfer-fp4-gemm", "flashinfer-fb28d72-sm120-fp4-gemm-runner.txt", []),
    # FlashInfer #3568 -> #4013: the four MXFP8 tactics of a 256 tile ask 111,616 B on every autotune pass.
    ("flashinfer-mxfp8-gemm", "flashinfer-fb28d72-sm120-mxfp8-gemm-runner.txt", [6, 7, 8, 9]),
])
def test_flashinfers_sm120_gemm_runners_answer_as_their_kernels_measured_on_the_device(runner, recorded, exceeding):
    device = measured_rows("sm120-flashinfer-gemm-device.json")
    configs = spelled(recorded)
    tactics = trtllm.TacticFilter(configs, arch="sm121", runner=runner, output="bf16")
    assert sorted(tactics.removed) == exceeding and tactics.unjudged == {}
    assert all(tactics.removed[i].total == 111616 for i in exceeding)
    for config, result in zip(configs, trtllm.check_many(configs, arch="sm121", runner=runner, output="bf16")):
        keys = result.config
        row = device[(keys["tile"], keys["types"], keys["d_layout"], keys["tile_scheduler"], keys["stages"])]
        assert (result.verdict, result.stages, result.total) == (row["verdict"], row["stages"], row["total"]), config


def measured_rows(file):
    """Device rows of FlashInfer's GEMM kernels by tile, types, D layout, tile scheduler and stage policy."""
    with open(os.path.join(os.path.dirname(__file__), "..", "data", file)) as f:
        rows = json.load(f)["rows"]
    return {(r["config"]["tile"], r["config"]["types"], r["config"]["d_layout"],
             r["config"].get("tile_scheduler", "persistent"), r["config"].get("stages", "auto")): r["expect"]
            for r in rows if r["config"]["d"] == "bf16"}


def test_a_flashinfer_gemm_runner_is_modelled_on_sm12x_only():
    config = "CutlassGemmConfig{sm_version=100 tile=CtaShape128x128x128B cluster_shape=1x1x1}"
    with pytest.raises(smem_budget.InputError, match="not modelled: the flashinfer-fp4-gemm runner on sm100"):
        trtllm.check(config, arch="sm100", runner="flashinfer-fp4-gemm", output="bf16")


def test_the_weight_only_runners_tactic_is_its_measured_gemm_fpaintb():
    # TensorRT-LLM's CutlassFpAIntBGemmRunner hands a 2.x config; its kernel, GemmFpAIntB, was built for the
    # device (tests/data/sm*-trtllm-fpa-intb-device.json): W4A16 as the tile is named, W4A8 with K 128.
    data = os.path.join(os.path.dirname(__file__), "..", "data")
    def row(file, types, tile):
        with open(os.path.join(data, file)) as f:
            return next(r["expect"] for r in json.load(f)["rows"] if r["config"]["types"] == types and
                        r["config"]["tile"] == tile and r["config"]["conversion"] == "sclzr" and
                        r["config"]["stages"] == 3)
    config = {"sm_version": 80, "is_tma_warp_specialized": False,
              "tile_config_sm80": "CtaShape64x128x64_WarpShape64x32x64", "stages": 3}
    for arch, activation, output, file, types, tile in (
            ("sm80", "f16", None, "sm80-trtllm-fpa-intb-device.json", "f16:u4", "64x128x64"),
            ("sm89", "e4m3", "bf16", "sm89-trtllm-fpa-intb-device.json", "e4m3:u4", "64x128x128")):
        result = trtllm.check(config, arch=arch, activation=activation, weight="u4", output=output,
                              runner="trtllm-fpa-intb", conversion="sclzr")
        expect = row(file, types, tile)
        assert (result.verdict, result.stages, result.total) == (expect["verdict"], expect["stages"], expect["total"])
        assert result.config["tile"] == tile


def test_the_moe_runners_gated_activation_tactic_is_its_measured_fused_kernel():
    # With SwiGLU or GeGLU on f16 or bf16, TensorRT-LLM's MoE runner runs an Ampere tactic as its CuTe kernel
    # Fused_Moe_Kernel_sm80, built for the device (tests/data/sm80-trtllm-fused-moe-device.json); its output
    # is A's type, and its warp tile is not read.
    with open(os.path.join(os.path.dirname(__file__), "..", "data", "sm80-trtllm-fused-moe-device.json")) as f:
        expect = next(r["expect"] for r in json.load(f)["rows"] if r["config"]["types"] == "bf16" and
                      r["config"]["tile"] == "128x128x64" and r["config"]["stages"] == 3)
    config = {"sm_version": 80, "is_tma_warp_specialized": False,
              "tile_config_sm80": "CtaShape128x128x64_WarpShape64x32x64", "stages": 3}
    result = trtllm.check(config, arch="sm80", activation="bf16", weight="bf16", activation_type="swiglu")
    assert (result.verdict, result.stages, result.total) == (expect["verdict"], expect["stages"], expect["total"])
    assert (result.config["d"], result.config["activation_type"]) == ("bf16", "swiglu")
    # Without the activation the same tactic is MoeFCGemm, a union of mainloop and epilogue.
    assert trtllm.check(config, arch="sm80", activation="bf16", weight="bf16", output="bf16").total != result.total


def test_the_gpu_number_is_the_calls_like_the_architecture():
    # device= named an entry's key in the list functions ("configs[0].device: unknown key"), where
    # check() passes it to the architecture; "native" asks the driver for that GPU.
    with pytest.raises(smem_budget.InputError) as asked:
        smem_budget.check("128x128x128", arch="native", device=99)
    text = "CutlassGemmConfig{sm_version=120 tile=CtaShape128x128x64B}"
    fields = {"sm_version": 120, "tile_config_sm120": "CtaShape128x128x64B"}
    types = dict(activation="nvfp4", weight="nvfp4", output="bf16")
    name = "cutlass3x_sm120_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m1_f32_void_f32_128x128x128_1x1x1_0_tnt_align128_cooperative_q"
    for call in (lambda **k: trtllm.check(text, **types, **k), lambda **k: trtllm.check_many([text], **types, **k),
                 lambda **k: trtllm.check_many([fields], **types, **k), lambda **k: trtllm.filter([text], **types, **k),
                 lambda **k: trtllm.TacticFilter([text], **types, **k),
                 lambda **k: cutlass_library.filter([{"procedural_name": name}], **k)):
        with pytest.raises(smem_budget.InputError) as got:
            call(arch="native", device=99)
        assert str(got.value) == str(asked.value)
        call(arch="sm120", device=99)  # a named architecture asks no GPU


def recorded(name):
    """A recorded list as its runner logs it: toString() blocks, else the one-line spellings."""
    return blocks(name) or spelled(name)


@pytest.fixture(scope="module")
def small_sm100(tmp_path_factory):
    """An SM100 with 160 KiB a block, which none of FlashInfer's SM100 kernels fit: their stage counts
    are made for 227 KiB."""
    path = tmp_path_factory.mktemp("arch") / "small-sm100.json"
    path.write_text(json.dumps({"name": "small-sm100", "compute_capability": "10.0", "smem_per_sm": 233472,
                                "smem_per_block": 49152, "smem_per_block_optin": 163840,
                                "reserved_smem_per_block": 1024}))
    return str(path)


SM100_FP8 = "flashinfer-fb28d72-sm100-moe-fp8.txt"


@pytest.mark.parametrize("name, keys", [
    (SM100_FP8, dict(arch="sm100", activation="e4m3", weight="e4m3", output="bf16")),
    (SM100_FP8, dict(arch="small", activation="e4m3", weight="e4m3", output="bf16")),
    (SM100_FP8, dict(arch="sm103", activation="e4m3", weight="e4m3", output="bf16")),
    ("flashinfer-fb28d72-sm90-moe-fp8.txt", dict(arch="sm90", activation="e4m3", weight="e4m3", output="bf16")),
    ("flashinfer-fb28d72-sm90-moe-fp8.txt", dict(arch="sm90", activation="bf16", weight="bf16", output="bf16")),
    # The mixed-input runner reads the tile (its dispatch, its schedule): no config shares a completion.
    # Types as a key: an activation and a weight of two types are judged config by config, sharing nothing.
    ("flashinfer-fb28d72-sm90-moe-fp8.txt", dict(arch="sm90", types="e4m3:e2m1", output="bf16")),
    ("flashinfer-fb28d72-sm90-moe-fp8.txt",
     dict(arch="sm90", types="e4m3:s4", output="bf16", trtllm_moe_fork="9276e44")),
    (SM120_MOE, GB10),
    ("trtllm-9beec90-sm120-moe-nvfp4.txt", dict(GB10, cutlass="4.7.0")),
    ("trtllm-9beec90-sm120-moe-fp8fp4.txt", dict(arch="sm120", types="e4m3:nvfp4", output="bf16")),
    ("flashinfer-fb28d72-sm120-fp4-gemm-runner.txt", dict(arch="sm121", runner="flashinfer-fp4-gemm", output="bf16")),
    ("flashinfer-fb28d72-sm120-mxfp8-gemm-runner.txt",
     dict(arch="sm121", runner="flashinfer-mxfp8-gemm", output="bf16")),
    ("flashinfer-fb28d72-sm89-moe-fp8.txt", dict(arch="sm89", activation="e4m3", weight="e4m3", output="bf16")),
    ("flashinfer-fb28d72-sm80-moe-f16.txt", dict(arch="sm80", activation="f16", weight="f16", output="f16")),
    # A tile among the call's keys is every config's, over its own.
    (SM120_MOE, dict(GB10, tile="256x256x256")),
    # SGLang's dispatch builds the first tile and not the second, alike but for the tile.
    (["CutlassGemmConfig{sm_version=90 tile=CtaShape64x16x128B cluster_shape=1x1x1}",
      "CutlassGemmConfig{sm_version=90 tile=CtaShape64x64x128B cluster_shape=1x1x1}"],
     dict(arch="sm90", runner="sglang-w4a8-moe", output="f16")),
    # Not modelled, so each config is judged the whole way: the third, with a log's words after it,
    # spells as the second, and its message names the second's place.
    ([f"CutlassGemmConfig{{sm_version=100 tile=CtaShape128x{n}x128B cluster_shape=1x1x1 mainloop_schedule=PINGPONG}}"
      f"{after}" for n, after in ((128, ""), (256, ""), (256, " (tactic 2)"))],
     dict(arch="sm100", activation="e4m3", weight="e4m3", output="bf16")),
])
def test_the_tactic_filters_misfits_are_exactly_what_check_many_says_does_not_fit(name, keys, small_sm100):
    # The filters (TacticFilter, filter) judge a config whose rest (cluster, epilogue, swap_ab) they
    # judged with another tile on that one's completion; check_many completes each config of its own.
    # Their misfits, errors included, before the filters raise or set them apart, must be the same.
    keys = dict(keys, arch=small_sm100) if keys["arch"] == "small" else dict(keys)
    configs = recorded(name) if isinstance(name, str) else name
    said = lambda r: str(r) if isinstance(r, smem_budget.InputError) else r.to_dict()
    expected = {i: said(r) for i, r in enumerate(trtllm.check_many(configs, **keys))
                if isinstance(r, smem_budget.InputError) or not r.fits}
    call = {k: keys.pop(k, None) for k in ("activation", "weight", "output")}
    misfits = trtllm._misfits(configs, keys.pop("arch"), 0, call["activation"], call["weight"], call["output"],
                              keys.pop("runner", "trtllm-moe"), keys)
    assert {i: said(r) for i, r in misfits} == expected
