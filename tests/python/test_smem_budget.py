"""The Python module against the command line and the measured rows.

Run by ctest (`python`), with PYTHONPATH naming the built package and SMEM_BUDGET_EXE the CLI.
"""
import json
import copy
import copyreg
import os
import pickle
import re
import shlex
import subprocess
import sys
import tempfile

import pytest

import smem_budget

EXE = os.environ["SMEM_BUDGET_EXE"]
SOURCE = os.environ["SMEM_BUDGET_SOURCE_DIR"]
DATA = os.path.join(SOURCE, "tests", "data")
ORACLE_FILES = sorted(f for f in os.listdir(DATA) if f.endswith(".json"))  # every file of measured rows


def cli(args, stdin=None):
    return subprocess.run([EXE] + args, capture_output=True, text=True, input=stdin)


def keys_of(row_config):
    """A measured row's configuration as keyword arguments (the families file spells the
    explicit sparse schedules `schedule_variant`)."""
    keys = dict(row_config)
    variant = keys.pop("schedule_variant", None)
    if variant:
        keys["instruction"] = "mxf8f6f4-acc2x4" if variant == "acc2x4" else variant
    keys.pop("name", None)
    return keys


def measured_rows(arch):
    """The measured rows of every file for architecture `arch`."""
    for file in ORACLE_FILES:
        with open(os.path.join(DATA, file)) as f:
            data = json.load(f)
        if data["arch"] == arch:
            for row in data["rows"]:
                expect = dict(row["expect"])
                # A kernel refused for its size (SM100's device-side assertion) keeps that size.
                size = re.search(r"exceeded capacity.*SharedStorage (\d+) B", row.get("reason", ""))
                if expect["verdict"] == "rejected" and size:
                    expect["total"] = int(size.group(1))
                yield keys_of(row["config"]), expect


def test_readme_line():
    assert smem_budget.check("128x256x64B", grouped=True, epilogue="finalize", cutlass="4.4.2").total == 102400
    assert smem_budget.check("128x256x64B", grouped=True, epilogue="finalize").total == 102400


@pytest.mark.parametrize("arch,count", [("sm120", 3132), ("sm90", 1864), ("sm100", 1986), ("sm103", 278), ("sm80", 1077), ("sm89", 460), ("sm75", 146)])
def test_every_measured_row_through_python_equals_the_cli_json_and_the_measurement(arch, count):
    rows = list(measured_rows(arch))
    configs = [dict(keys, name="") for keys, _ in rows]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"arch": arch, "configs": configs}, f)
    done = cli(["--config", f.name, "--format", "json"])
    os.unlink(f.name)
    assert done.returncode == 1, done.stderr  # some rows exceed or are rejected
    from_cli = json.loads(done.stdout)["results"]
    assert len(from_cli) == len(rows) == count
    many = smem_budget.check_many(configs, arch=arch)
    for (keys, expect), cli_result, batch_result in zip(rows, from_cli, many):
        one = smem_budget.check(**keys, arch=arch)
        assert one.to_dict() == cli_result, keys
        assert batch_result.to_dict() == cli_result, keys
        assert pickle.loads(pickle.dumps(one)) == one, keys  # judged again from its configuration
        assert one.verdict == expect["verdict"], keys
        if expect["verdict"] != "rejected":
            assert one.total == expect["total"] and one.stages == expect["stages"], keys
            assert one.fits == (expect["verdict"] == "fits")
            assert one.headroom == one.limit - one.total
        else:
            assert one.total == expect.get("total") and one.reason


def test_to_dict_fed_back_through_check_many_is_the_same_result():
    results = smem_budget.check_many(["128x128x128", "128x256x128", {"tile": "64x128x256", "stages": 1}],
                                     grouped=True, epilogue="finalize")
    again = smem_budget.check_many([dict(r.to_dict()["config"], name=r.name) for r in results])
    assert [r.to_dict() for r in again] == [r.to_dict() for r in results]
    sparse = smem_budget.check("128x128x256", types="mxfp8", sparse=True, c="bf16")
    assert smem_budget.check_many([sparse.config])[0].to_dict() == sparse.to_dict()


def test_a_tampered_pickle_is_bad_input_not_a_crash():
    made_again, (state,) = copyreg.dispatch_table[smem_budget.Result](smem_budget.check("128x128x128"))
    for config, message in (('{"tile": "128x128x128", "bogus": 1}', 'pickled result.bogus: unknown key "bogus"'),
                            ("5", "a pickled smem_budget.Result of another version")):
        with pytest.raises(smem_budget.InputError, match=message):
            made_again((config,) + state[1:])


def test_a_pickled_results_limits_are_read_as_an_arch_files_are():
    # They were taken as given: a limit of -1, a compute capability of 2**32 + 12 read as 12.
    made_again, (state,) = copyreg.dispatch_table[smem_budget.Result](smem_budget.check("128x128x128"))
    for limits, message in (((12, 0, -1, -1, -1, -1), "a pickled smem_budget.Result of another version"),
                            ((2**32 + 12, 0, 102400, 49152, 101376, 1024), "of another version"),
                            ((12, 0, 102400, 49152, 0, 1024), "pickled result: smem_per_block_optin: 0"),
                            ((12, 0, 100, 49152, 101376, 1024),
                             r"pickled result: smem_per_block_optin \(101376\) is larger than smem_per_sm \(100\)")):
        with pytest.raises(smem_budget.InputError, match=message):
            made_again(state[:2] + (limits,) + state[3:])
    assert made_again(state) == smem_budget.check("128x128x128")


def test_a_result_is_never_made_empty():
    # A Result with nothing in it read uninitialised memory: its name raised MemoryError, its
    # notes crashed the process.
    with pytest.raises(TypeError, match="smem_budget.Result is made by check"):
        smem_budget.Result()
    for base in smem_budget.Result.__mro__:  # Python refuses a base's __new__ for the type
        with pytest.raises(TypeError, match="is not safe"):
            base.__new__(smem_budget.Result)
    result = smem_budget.check("128x256x64B", grouped=True, epilogue="finalize")
    assert copy.copy(result) == result and copy.deepcopy(result) == result
    assert pickle.loads(pickle.dumps(result, protocol=0)) == result


def test_values_python_has_and_the_tool_cannot_read_are_input_errors():
    with pytest.raises(smem_budget.InputError, match="stages: an integer past 64 bits"):
        smem_budget.check("128x128x128", stages=2**63)
    with pytest.raises(smem_budget.InputError, match="not valid Unicode"):
        smem_budget.check("128x128x128\udcff")
    with pytest.raises(smem_budget.InputError, match=r'arch: "sm90\\0x": unknown architecture'):
        smem_budget.check("128x128x128", arch="sm90\x00x")  # the message goes on past the NUL
    with pytest.raises(smem_budget.InputError, match="device: expected a GPU's number"):
        smem_budget.check("128x128x128", device="x")
    with pytest.raises(smem_budget.InputError, match="configs: expected a list of configurations, got one str"):
        smem_budget.check_many("128x128x128")
    with pytest.raises(smem_budget.InputError, match="cutlass: not used with compare"):
        smem_budget.compare("4.4.2,4.7", "128x128x128", cutlass="4.3.5")


def test_a_pickled_result_keeps_its_limits_reading_and_name():
    on_rtx3090 = smem_budget.check("128x256x64", arch="rtx3090", types="bf16", warp="64x64x64", stages=4, name="tile A")
    as_bytes = smem_budget.check("128x256x64B", grouped=True, epilogue="finalize", cutlass="4.4.2")
    swept = smem_budget.sweep(arch="h100")[17]
    for result in (on_rtx3090, as_bytes, swept):
        again = pickle.loads(pickle.dumps(result))
        assert again == result and repr(again) == repr(result)
        assert (again.limit, again.name, again.notes, again.reason) == (result.limit, result.name, result.notes,
                                                                         result.reason)
    assert pickle.loads(pickle.dumps(on_rtx3090)).limit == 101376
    assert pickle.loads(pickle.dumps(as_bytes)).to_dict()["config"]["tile"] == as_bytes.to_dict()["config"]["tile"]


def test_check_many_entries_name_their_own_architecture():
    h100, on_call, b200 = smem_budget.check_many(
        [{"tile": "128x128x128", "arch": "H100"}, "128x256x128", {"tile": (128, 128, 256), "arch": "b200", "stages": 6}])
    assert (h100.limit, h100.to_dict()["arch"], h100.config["types"]) == (232448, "sm90", "e4m3")
    assert on_call.limit == 101376 and "arch" not in on_call.to_dict()
    assert b200.verdict == "rejected" and b200.to_dict()["arch"] == "sm100"  # 238,592 B: SM100 asserts it fits
    assert pickle.loads(pickle.dumps(h100)) == h100 and pickle.loads(pickle.dumps(b200)) == b200
    # A dict given to check() says its architecture too, unless the keyword argument does.
    assert smem_budget.check({"tile": "128x128x128", "arch": "h100"}).limit == 232448
    assert smem_budget.check({"tile": "128x128x128", "arch": "h100"}, arch="sm120").limit == 101376
    bad = smem_budget.check_many([{"tile": "128x128x128", "arch": "sm70"}], errors="return")[0]
    assert isinstance(bad, smem_budget.InputError)


def test_result_attributes():
    r = smem_budget.check("128x128x256", types="mxfp8", sparse=True, instruction="mxf8f6f4-acc2x4", c="bf16")
    d = r.to_dict()
    assert (r.stages, d["stages_a"], d["stages_b"], d["stages_e"], r.total) == (2, 2, 3, 0, 99328)
    assert r.max_fitting_stages is None and r.fits and r.reason == "" and r.notes == []
    cautioned = smem_budget.check("128x64x128", grouped=True, epilogue="finalize", cutlass="4.4.2")
    # Before 4.5.0 a build of the Params refuses the small-N tile (the SFB TMA; built for the device).
    assert cautioned.verdict == "rejected" and "SFB TMA descriptor" in cautioned.reason and cautioned.notes == []
    assert r.bytes == d["bytes"] and r.config == d["config"]
    rejected = smem_budget.check("128x128x128", scaling="none", types="bf16")
    assert rejected.verdict == "rejected" and not rejected.fits and "F8F6F4" in rejected.reason
    assert smem_budget.fits({"tile": "128x128x128", "types": "mxfp8"}) is True


def test_suggest_sweep_compare_arch_versions():
    s = smem_budget.suggest("128x256x128", grouped=True, epilogue="finalize")
    assert s and all(smem_budget.check(x["config"]).fits for x in s)
    assert smem_budget.suggest("128x128x128") == []
    swept = smem_budget.sweep(types="nvfp4")
    cli_sweep = json.loads(cli(["sweep", "--types", "nvfp4", "--format", "json"]).stdout)["results"]
    assert [r.to_dict() for r in swept] == cli_sweep
    compared = smem_budget.compare(["4.3.5", "4.7"], "128x64x128", grouped=True, epilogue="finalize")
    assert list(compared) == ["4.3.5", "4.7.0"] and compared["4.7.0"].total == 91136
    assert smem_budget.arch("sm121")["smem_per_block_optin"] == 101376
    assert smem_budget.cutlass_versions()[0] == "4.3.0" and "4.4.2" in smem_budget.cutlass_versions()


def test_help_teaches():
    assert "opt-in" in smem_budget.check.__doc__ or "fits" in smem_budget.check.__doc__
    assert smem_budget.Result.total.__doc__
    assert issubclass(smem_budget.InputError, ValueError)


# Every bad-input case of the CLI that is one configuration given by flags: the same message
# from Python, with the flag `--key` spelled as the key.
def cli_bad_input_cases():
    with open(os.path.join(SOURCE, "tests", "bad_input_test.cpp")) as f:
        text = f.read()
    for args, file in re.findall(r'^\s*\{"((?:[^"\\]|\\.)*)", (nullptr|"(?:[^"\\]|\\.)*"),', text, re.M):
        if file != "nullptr":
            continue
        words = shlex.split(args.encode().decode("unicode_escape"))
        if not words or not words[0].startswith("--") or any(w in words for w in ("--format", "-o", "--device", "--suggest", "--config", "--within")):
            continue
        keys, ok = {}, True
        i = 0
        while i < len(words):
            flag = words[i]
            if flag in ("--grouped", "--sparse"):
                keys[flag[2:]] = True
                i += 1
            elif "=" in flag:  # how the command line spells a flag's value; Python has keywords
                ok = False
                break
            elif flag.startswith("--") and i + 1 < len(words):
                keys[flag[2:].replace("-", "_")] = words[i + 1]
                i += 2
            else:
                ok = False
                break
        if ok:
            yield args, words, keys


CASES = list(cli_bad_input_cases())


def test_the_cases_are_many():
    assert len(CASES) >= 54


@pytest.mark.parametrize("args,words,keys", CASES, ids=[c[0] for c in CASES])
def test_bad_input_raises_the_cli_message(args, words, keys):
    done = cli(words)
    assert done.returncode == 2 and done.stdout == ""
    message = done.stderr.strip().removeprefix("smem-budget: ")
    if "is not an option" in message:
        pytest.skip("a command-line flag that does not exist; Python's keywords are keys (unknown key)")
    arch = keys.pop("arch", "sm120")
    with pytest.raises(smem_budget.InputError) as raised:
        smem_budget.check(arch=arch, **keys)
    expected = re.sub(r"^--([a-z-]+)", lambda m: m.group(1).replace("-", "_"), message)
    assert str(raised.value) == expected


def test_the_autotune_example_drops_the_finalize_tiles_that_never_fit_and_the_small_n_ones_4_4_2_refuses():
    example = os.path.join(SOURCE, "examples", "autotune_filter.py")
    done = subprocess.run([__import__("sys").executable, example], capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("2 of 8 tactics fit (finalize epilogue, CUTLASS 4.4.2):")
    dropped = [line.split(":")[2] for line in done.stdout.splitlines() if line.startswith("dropped")]
    assert dropped == ["CtaShape128x64x64B", "CtaShape128x64x128B", "CtaShape128x32x64B", "CtaShape128x32x128B",
                       "CtaShape128x256x64B", "CtaShape256x128x64B"]
    newer = subprocess.run([__import__("sys").executable, example, "--cutlass", "4.7.0"], capture_output=True, text=True)
    assert newer.stdout.startswith("6 of 8 tactics fit (finalize epilogue, CUTLASS 4.7.0):")
    dropped = [line.split(":")[2] for line in newer.stdout.splitlines() if line.startswith("dropped")]
    assert dropped == ["CtaShape128x256x64B", "CtaShape256x128x64B"]
    default = subprocess.run([__import__("sys").executable, example, "--epilogue", "default", "--cutlass", "4.7.0"],
                             capture_output=True, text=True)
    assert default.returncode == 0 and default.stdout.startswith("8 of 8 tactics fit")


def test_kernel_names_read_as_in_the_cli():
    name = ("cutlass3x_sm120_bstensorop_gemm_grouped_ue8m0xe2m1_ue8m0xe2m1_f32_void_f32_128x128x128_1x1x1_0_tnt_"
            "align128_warpspecialized_cooperative")
    one = smem_budget.check(kernel=name)
    assert one.total == 89088  # nvcc, tests/data/sm120-kernel-names.json
    assert one.to_dict()["name"] == name
    from_cli = json.loads(cli(["--kernel", name, "--format", "json"]).stdout)["results"][0]
    assert one.to_dict() == from_cli
    # A tactic gives the tile; the other keys the rest. Keys override a name, in a dict too.
    assert smem_budget.check(kernel="CtaShape128x256x64B", grouped=True, epilogue="finalize").total == 102400
    assert smem_budget.check({"kernel": name, "d": "bf16"}).config["d"] == "bf16"
    many = smem_budget.check_many([{"kernel": name}, {"kernel": "CtaShape128x256x64B"}], grouped=True,
                                  epilogue="finalize")
    assert many[0].config["epilogue"] == "default"  # the CUTLASS name says so, over the defaults
    assert many[1].total == 102400
    with pytest.raises(smem_budget.InputError, match='"2x1x1" in the kernel name: not modelled'):
        smem_budget.check(kernel=name.replace("1x1x1", "2x1x1"))
    # A CUTLASS name sets the architecture when arch is left out (tests/data/sm103-names-device.json).
    sm103 = ("cutlass3x_sm103_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m1_f32_bf16_bf16_256x128x768_0x0x1_0_tnt_align32_"
             "o_vs16_ultra_2sm_nopf_epi_nosmem")
    assert smem_budget.check(kernel=sm103).total == 231168
    with pytest.raises(smem_budget.InputError, match="an sm103 kernel, but the architecture is sm100"):
        smem_budget.check(kernel=sm103, arch="sm100")


def test_python_spellings_tuples_equality_and_per_entry_errors():
    # A tile as a tuple or list is the tile string's configuration.
    assert smem_budget.check((128, 128, 128)) == smem_budget.check("128x128x128")
    assert smem_budget.check([128, 256, 128], grouped=True) == smem_budget.check("128x256x128", grouped=True)
    assert smem_budget.check((128, 128, 128)) != smem_budget.check((128, 64, 128))
    with pytest.raises(TypeError):
        hash(smem_budget.check("128x128x128"))  # equal by value, so not hashable
    # errors="return": a bad entry's InputError stands in its place; the others are answered.
    many = smem_budget.check_many([(128, 128, 128), {"tile": "128x0x128"}, "128x256x128"], errors="return")
    assert isinstance(many[0], smem_budget.Result) and many[0].fits
    assert isinstance(many[1], smem_budget.InputError)
    assert str(many[1]) == 'configs[1].tile: "128x0x128": dimensions must be 1…65536'
    assert many[2] == smem_budget.check("128x256x128")
    with pytest.raises(smem_budget.InputError, match=r"configs\[1\]: \"128x0x128\""):
        smem_budget.check_many(["128x128x128", "128x0x128"])
    with pytest.raises(smem_budget.InputError, match='errors: "maybe"'):
        smem_budget.check_many(["128x128x128"], errors="maybe")


def test_check_many_judges_a_repeated_kernel_once_and_answers_each_entry_as_check_does():
    # An autotuner's list repeats kernels: the same tile over the defaults, the same keys under
    # other names, a bad entry more than once. Each answer is check()'s, each error names its entry.
    entries = ["128x256x64B", {"tile": "128x256x64B", "name": "a"}, "128x256x64B", {"tile": "128x256x64B"},
               {"tile": "128x0x128"}, {"tile": "128x256x64B", "name": "b"}, {"tile": "128x0x128"},
               {"tile": "128x256x64B", "stages": 2}]
    many = smem_budget.check_many(entries, errors="return", grouped=True, epilogue="finalize")
    for i, (entry, result) in enumerate(zip(entries, many)):
        keys = entry if isinstance(entry, dict) else {"tile": entry}
        if keys["tile"] == "128x0x128":
            assert str(result) == f'configs[{i}].tile: "128x0x128": dimensions must be 1…65536'
            continue
        one = smem_budget.check(**keys, grouped=True, epilogue="finalize")
        assert result.to_dict() == one.to_dict(), entry
    assert [many[i].name for i in (0, 1, 5)] == ["", "a", "b"]
    assert many[7].stages == 2 != many[0].stages


def test_python_dash_m_is_the_command_line():
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(smem_budget.__file__)))
    done = subprocess.run([sys.executable, "-m", "smem_budget", "--tile", "128x128x128", "--format", "json"],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(cli(["--tile", "128x128x128", "--format", "json"]).stdout)
    bad = subprocess.run([sys.executable, "-m", "smem_budget", "--tile", "1x"], capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == cli(["--tile", "1x"]).stderr


def test_compare_takes_the_command_lines_comma_separated_versions_too():
    as_list = smem_budget.compare(["4.3.5", "4.7"], "128x64x128")
    assert list(as_list) == ["4.3.5", "4.7.0"]
    assert smem_budget.compare("4.3.5,4.7", "128x64x128") == as_list
    with pytest.raises(smem_budget.InputError):
        smem_budget.compare("4.3.5,4.x", "128x64x128")


def test_cutlass_2x_kernels_by_keys_and_by_name():
    # tests/data/sm120-2x-trtllm-tiles-device.json and sm80-names-device.json, measured on the device machine.
    three = smem_budget.check(arch="sm120", generation="2x", types="e4m3", tile=(16, 256, 128), warp=(16, 64, 128),
                              grouped=True, stages=3)
    assert (three.total, three.verdict) == (104464, "exceeds-optin")
    assert [s["config"]["stages"] for s in smem_budget.suggest(arch="sm120", generation="2x", types="e4m3",
                                                              tile=(16, 256, 128), warp=(16, 64, 128),
                                                              grouped=True, stages=3)][0] == 2
    tactic = smem_budget.check(kernel="CutlassTileConfig::CtaShape16x256x128_WarpShape16x64x128", arch="sm120",
                               generation="2x", types="e4m3", grouped=True, stages=3)
    assert tactic.total == three.total
    name = "cutlass_tensorop_s16816gemm_grouped_bf16_256x128_32x3_nn_align8_scheduleDevice"
    by_name = smem_budget.check(kernel=name, arch="sm80")
    from_cli = json.loads(cli(["--arch", "sm80", "--kernel", name, "--format", "json"]).stdout)["results"][0]
    assert by_name.to_dict() == from_cli
    assert by_name.config["warp"] == "64x64x32"  # the generator's, which the name leaves out
    with pytest.raises(smem_budget.InputError, match="a 2.x kernel needs its warp tile"):
        smem_budget.check(arch="sm80", tile=(128, 128, 32))
