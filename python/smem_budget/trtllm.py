"""TensorRT-LLM's and FlashInfer's ``CutlassGemmConfig`` tactics, checked where their autotuners hold them.

A config is given as the object their Python bindings expose (attributes ``sm_version``,
``is_tma_warp_specialized``, ``tile_config_sm80/sm90/sm100/sm120``, ``cluster_shape``,
``dynamic_cluster_shape``, ``fallback_cluster_shape``, ``mainloop_schedule``,
``epilogue_schedule``, ``epilogue_fusion_type``, ``swap_ab``, ``use_stream_k`` (FlashInfer's SM120
GEMM configs), ``stages``, ``split_k_factor``, ``enableCudaKernel``; enum values by ``.name`` or by
number), a mapping of the same names, or text:
``toString()``'s block, an ``operator<<`` line or the one-line ``CutlassGemmConfig{…}`` spelling.
The kernel's own types are the runner's, given here as it knows them: ``activation``, ``weight``
(A and B, which ``swap_ab`` exchanges) and ``output``.

>>> from smem_budget import trtllm
>>> config = {"sm_version": 120, "is_tma_warp_specialized": True, "tile_config_sm120": "CtaShape128x256x64B",
...           "epilogue_fusion_type": "FINALIZE"}
>>> trtllm.check(config, arch="sm121", activation="nvfp4", weight="nvfp4", output="bf16", cutlass="4.4.2").total
102400
"""
import operator
import re
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple

from smem_budget._core import InputError, Result, check as _check, check_many as _check_many
from smem_budget._core import check_gemm_configs as _check_gemm_configs, fits_of, gemm_config_spellings as _spellings
from smem_budget._core import gemm_config_misfits as _gemm_config_misfits
from smem_budget._verdicts import listed, named_at, split_misfits

__all__ = ["spelling", "check", "check_many", "filter", "TacticFilter"]

_FIELDS = ("sm_version", "is_tma_warp_specialized", "tile_config_sm80", "tile_config_sm90", "tile_config_sm100",
           "tile_config_sm120", "cluster_shape", "dynamic_cluster_shape", "fallback_cluster_shape",
           "mainloop_schedule", "epilogue_schedule", "epilogue_fusion_type", "swap_ab", "use_stream_k", "stages",
           "split_k_factor", "enableCudaKernel")


def _field(config: Any, name: str) -> Any:
    if isinstance(config, Mapping):
        return config.get(name)
    return getattr(config, name, None)


def _integer(value: Any) -> Optional[int]:
    """An integer (a Python int, a numpy or other integral one), never a bool, a float or a string."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _flag(config: Any, name: str) -> bool:
    """A boolean field: a bool (numpy's too, or 0 and 1, as a binding may give it); absent is false."""
    value = _field(config, name)
    if value is None:
        return False
    if isinstance(value, bool) or getattr(getattr(value, "dtype", None), "kind", None) == "b":
        return bool(value)
    number = _integer(value)
    if number in (0, 1):
        return number == 1
    raise InputError(f"trtllm config: {name}: {value!r} is not a boolean (True or False)")


def _number(config: Any, name: str) -> Optional[int]:
    """An integer field, None where absent; a float, a bool or a string is refused, never rounded."""
    value = _field(config, name)
    if value is None:
        return None
    number = _integer(value)
    if number is None:
        raise InputError(f"trtllm config: {name}: {value!r} is not an integer")
    return number


def _enumerator(value: Any, field: str) -> Optional[str]:
    """An enum value as its enumerator's name; a bare number as the number."""
    if value is None:
        return None
    name = getattr(value, "name", None)
    if isinstance(name, str):
        return name.split(".")[-1]
    if isinstance(value, str):
        return value.split("::")[-1].split(".")[-1]
    number = _integer(value)
    if number is None:
        raise InputError(f"trtllm config: {field}: {value!r} is not an enumerator (its name, or its value)")
    return str(number)


def _shape(value: Any, field: str) -> Optional[str]:
    """A ClusterShape (ClusterShape_2x1x1, or shape-coded 2001001) as 2x1x1; None for Undefined."""
    name = _enumerator(value, field)
    if name is None or name in ("Undefined", "0"):
        return None
    if name.startswith("ClusterShape_"):
        return name[len("ClusterShape_"):]
    if name.isdigit() and int(name) >= 1000000:
        v = int(name)
        return f"{v // 1000000}x{v // 1000 % 1000}x{v % 1000}"
    raise InputError(f"trtllm config: {field}: {value!r} is not a ClusterShape (ClusterShape_1x1x1, or its "
                     f"shape-coded value 1001001)")


def _tile(value: Any, field: str) -> str:
    name = _enumerator(value, field)
    if name is not None and name.isdigit() and int(name) >= 1000000:
        v = int(name)
        return f"CtaShape{v // 1000000}x{v // 1000 % 1000}x{v % 1000}B"
    if name is None or not name.startswith("CtaShape"):
        raise InputError(f"trtllm config: {field}: {value!r} is not a tactic's tile (CtaShape…, or its shape-coded "
                         f"value); Undefined and ChooseWithHeuristic ask for a heuristic")
    return name


def spelling(config: Any) -> str:
    """The one-line ``CutlassGemmConfig{…}`` spelling of a config, which ``smem-budget --kernel`` and
    ``lint`` read."""
    if isinstance(config, str):
        return _spelled(_spellings([config])[0])
    unknown = [k for k in config if k not in _FIELDS] if isinstance(config, Mapping) else []
    if unknown:
        raise InputError(f"trtllm config: {unknown[0]!r} is not a CutlassGemmConfig field (one of: "
                         f"{', '.join(_FIELDS)})")
    if not isinstance(config, Mapping) and not any(hasattr(config, field) for field in _FIELDS):
        raise InputError(f"trtllm config: expected a CutlassGemmConfig (its toString() text, a dict of its fields "
                         f"or the binding's object), got {type(config).__name__}")
    sm = _number(config, "sm_version")
    parts: List[str] = []
    if sm is not None:
        parts.append(f"sm_version={sm}")
    if _flag(config, "enableCudaKernel"):
        return "CutlassGemmConfig{" + " ".join(parts + ["enableCudaKernel=true"]) + "}"
    tma = (sm is not None and sm >= 90) if _field(config, "is_tma_warp_specialized") is None else \
        _flag(config, "is_tma_warp_specialized")
    if tma:
        if sm is None:
            raise InputError("trtllm config: sm_version: missing; a TMA warp-specialized config's tile enum is "
                             "its architecture's")
        field = ("tile_config_sm120" if sm >= 120 else "tile_config_sm100" if sm >= 100 else "tile_config_sm90")
        parts.append("tile=" + _tile(_field(config, field), field))
        # Left out, the struct's own default (gemm_configs.h); given as Undefined, no tactic.
        cluster = _field(config, "cluster_shape")
        shape = "1x1x1" if cluster is None else _shape(cluster, "cluster_shape")
        if shape is None:
            raise InputError(f"trtllm config: cluster_shape: {cluster!r}: Undefined; a tactic has a cluster shape")
        parts.append("cluster_shape=" + shape)
        for key in ("dynamic_cluster_shape", "fallback_cluster_shape"):
            shape = _shape(_field(config, key), key)
            if shape:
                parts.append(f"{key}={shape}")
        for key, default in (("mainloop_schedule", "AUTO"), ("epilogue_schedule", "AUTO"),
                             ("epilogue_fusion_type", "NONE")):
            value = _enumerator(_field(config, key), key)
            if value is not None and value not in (default, "0"):
                parts.append(f"{key}={value}")
        if _flag(config, "swap_ab"):
            parts.append("swap_ab=true")
        if _flag(config, "use_stream_k"):  # FlashInfer's SM120 GEMM configs
            parts.append("use_stream_k=true")
    else:
        tile = _enumerator(_field(config, "tile_config_sm80"), "tile_config_sm80")
        if tile is None:
            raise InputError("trtllm config: tile_config_sm80: missing; a 2.x config names its CutlassTileConfig")
        parts.append("tile=" + tile)
        stages = _number(config, "stages")
        if stages is None:
            raise InputError("trtllm config: stages: missing; a 2.x config names its stage count")
        parts.append(f"stages={stages}")
        split = _number(config, "split_k_factor")
        if split is not None and split not in (-1, 1):
            parts.append(f"split_k_factor={split}")
    return "CutlassGemmConfig{" + " ".join(parts) + "}"


def _spelled(text: Any) -> str:
    """A spelling :func:`_spellings` read, or its error raised."""
    if isinstance(text, InputError):
        raise text
    return text


def _types(text: str, activation: Optional[str], weight: Optional[str]) -> Optional[str]:
    if activation is None and weight is None:
        return None
    if activation is None or weight is None:
        raise InputError("trtllm: give both activation and weight (the kernel's A and B), or neither")
    if activation == weight:
        return activation
    a, b = (weight, activation) if "swap_ab=true" in text else (activation, weight)
    return f"{a}:{b}"


# The runners' block-scaled types, as smem-budget's presets name them.
_BLOCK_SCALED = ("nvfp4", "mxfp4", "mxfp6", "mxfp8", "mxfp4-vs16")

# Bits per element of the runners' activation types, to turn a tile's K in bytes of the activation
# (moe_gemm_template_dispatch_tma_ws.h:416-421 at FlashInfer fb28d72) into elements.
_BITS = {"nvfp4": 4, "mxfp4": 4, "mxfp4-vs16": 4, "e2m1": 4, "mxfp6": 6, "e2m3": 6, "e3m2": 6, "mxfp8": 8,
         "e4m3": 8, "e5m2": 8, "s8": 8, "f16": 16, "bf16": 16}


def _tile_in_elements(text: str, activation: str) -> Optional[str]:
    """TensorRT-LLM counts a tile's K in bytes of the activation, the model in bytes of A; under
    swap_ab with unlike types A is the weight, so the tile is given in elements."""
    match = re.search(r"tile=CtaShape(\d+)x(\d+)x(\d+)B", text)
    if not match:
        return None
    if activation not in _BITS:
        raise InputError(f"trtllm: activation {activation!r}: its bits per element are not known here (one of: "
                         f"{', '.join(_BITS)})")
    m, n, k = (int(g) for g in match.groups())
    return f"{m}x{n}x{k * 8 // _BITS[activation]}"


def _entry(config: Any, activation: Optional[str], weight: Optional[str], output: Optional[str],
           runner: Optional[str], keys: Mapping[str, Any]) -> dict:
    """The batch-file keys of the kernel one tactic selects: the config's, the runner's (``runner``,
    smem-budget's key for what TensorRT-LLM's launcher builds) and the caller's."""
    return _entry_of(spelling(config), activation, weight, output, runner, keys)


def _entry_of(text: str, activation: Optional[str], weight: Optional[str], output: Optional[str],
              runner: Optional[str], keys: Mapping[str, Any]) -> dict:
    """:func:`_entry` of the config spelled ``text``."""
    entry = {"kernel": text, **keys}
    if runner is not None:
        entry["runner"] = runner
    types = _types(text, activation, weight)
    if types is not None:
        entry["types"] = types
        # A runner's plain element types (e4m3, bf16) have no block scales; smem-budget reads a bare
        # element with block scaling as its MX format where block scaling is the default (sm100, sm120).
        if activation not in _BLOCK_SCALED and weight not in _BLOCK_SCALED and "scaling" not in keys:
            entry["scaling"] = "none"
        if activation != weight and "tile" not in keys:
            tile = _tile_in_elements(text, activation)
            if tile:
                entry["tile"] = tile
    if output is not None:
        entry["d"] = output
    return entry


def check(config: Any, *, arch: str = "sm120", device: int = 0, activation: Optional[str] = None,
          weight: Optional[str] = None, output: Optional[str] = None, runner: Optional[str] = "trtllm-moe",
          **keys: Any) -> Result:
    """One tactic as the kernel it selects: the config's tile, cluster, schedules, FINALIZE and
    swap_ab, the runner's types, what the runner builds (``runner="trtllm-moe"``, the default: the
    MoE launcher, grouped; ``None``: the keys say the rest) and any other key of
    :func:`smem_budget.check`. The result is named by the config's one-line spelling. Raises
    InputError for a config the model does not answer ("not modelled: …")."""
    return _check(arch=arch, device=device, **_entry(config, activation, weight, output, runner, keys))


def filter(configs: Iterable[Any], *, arch: str = "sm120", device: int = 0, activation: Optional[str] = None,
           weight: Optional[str] = None, output: Optional[str] = None, runner: Optional[str] = "trtllm-moe",
           **keys: Any) -> Tuple[List[Any], List[Tuple[Any, Result]], List[Tuple[Any, str]]]:
    """An autotuner's candidate list split three ways: ``kept`` (they build and fit), ``removed``
    (each with its result, which says why and what would fit) and ``unjudged`` (each with the
    message saying what the model does not answer, for the caller to decide). Keys as :func:`check`;
    the list is judged in one call."""
    configs = listed(configs, "configs")
    misfits = _misfits(configs, arch, device, activation, weight, output, runner, keys)
    misfit = {i for i, _ in misfits}
    removed, unjudged = split_misfits([(configs[i], result) for i, result in misfits])
    return [c for i, c in enumerate(configs) if i not in misfit], removed, unjudged


def _misfits(configs: List[Any], arch: str, device: int, activation: Optional[str], weight: Optional[str],
             output: Optional[str], runner: Optional[str], keys: Mapping[str, Any]) -> List[Tuple[int, Any]]:
    """(index, Result or InputError) of each config whose kernel does not fit or is not judged, in
    order, judged as :func:`check_many` judges them; of texts alike, the Results of those that fit
    are never made."""
    if _texts_alike(configs, activation, weight, keys):
        own, defaults = _texts_alike_keys(configs, arch, device, activation, output, runner, keys)
        return _gemm_config_misfits(configs, own, **defaults)
    results = check_many(configs, arch=arch, device=device, activation=activation, weight=weight, output=output,
                         runner=runner, **keys)
    return [(i, result) for i, (result, fits) in enumerate(zip(results, fits_of(results))) if not fits]


def check_many(configs: Iterable[Any], *, arch: str = "sm120", device: int = 0, activation: Optional[str] = None,
               weight: Optional[str] = None, output: Optional[str] = None, runner: Optional[str] = "trtllm-moe",
               **keys: Any) -> List[Any]:
    """One result per config, in order, judged in one call: a Result, or the InputError of a config
    the model does not answer ("not modelled: …") in its place; a config that cannot be read raises
    InputError naming its place ("configs[3]: …"). Keys as :func:`check`; a tactic id of the runner
    is the config's index here."""
    # A runner's list repeats kernels (GEMM_1's candidates are GEMM_2's too): the texts are read
    # in one call, each once, and each kernel judged once. An entry is its config's spelling and
    # these keys, so the spelling tells entries apart, unless the caller's keys name the kernel themselves.
    configs = listed(configs, "configs")
    if _texts_alike(configs, activation, weight, keys):
        own, defaults = _texts_alike_keys(configs, arch, device, activation, output, runner, keys)
        return _check_gemm_configs(configs, own, errors="return", **defaults)
    texts = list(dict.fromkeys(config for config in configs if isinstance(config, str)))
    read = dict(zip(texts, _spellings(texts)))
    kernel_in_keys = "kernel" in keys
    index: Dict[str, int] = {}  # an entry's key -> its place in entries
    entries: List[dict] = []
    places: List[int] = []
    firsts: List[int] = []  # each entry's first place in configs, which its messages name
    for at, config in enumerate(configs):
        try:
            text = _spelled(read[config]) if isinstance(config, str) else spelling(config)
        except InputError as error:
            raise InputError(f"configs[{at}]: {error}") from None
        entry = None
        if kernel_in_keys:
            entry = _entry_of(text, activation, weight, output, runner, keys)
            key = repr(sorted(entry.items()))
        else:
            key = text
        place = index.get(key)
        if place is None:
            place = index[key] = len(entries)
            firsts.append(at)
            entries.append(entry if entry is not None else _entry_of(text, activation, weight, output, runner, keys))
        places.append(place)
    # The runner's keys that every entry holds alike go to the call's defaults, read once: a
    # CutlassGemmConfig gives none of them, so the kernel name is not over them. The caller's keys
    # stay with each entry, over the config's.
    shared = {}
    for key in ("runner", "types", "scaling", "d"):
        if key not in keys and entries and key in entries[0]:
            value = entries[0][key]
            if [e.get(key) for e in entries].count(value) == len(entries):
                shared[key] = value
    own = entries
    if shared:
        own = [e.copy() for e in entries]
        for e in own:
            for key in shared:
                del e[key]
    results = _check_many(own, arch=arch, device=device, errors="return", **shared)
    # An entry's message names its place among the entries; the caller's list has the config at its first place.
    results = [named_at(result, place, f"configs[{firsts[place]}]") for place, result in enumerate(results)]
    return [results[place] for place in places]


def _texts_alike(configs: List[Any], activation: Optional[str], weight: Optional[str],
                 keys: Mapping[str, Any]) -> bool:
    """Whether the configs are texts whose entries differ only in their config: the caller's keys
    name no kernel, and A and B are of one type, which swap_ab leaves as they are."""
    return bool(configs) and "kernel" not in keys and activation == weight and all(isinstance(c, str) for c in configs)


def _texts_alike_keys(texts: List[str], arch: str, device: int, types: Optional[str], output: Optional[str],
                      runner: Optional[str], keys: Mapping[str, Any]) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """The keys of :func:`check_many` over texts alike (:func:`_texts_alike`), read and judged in one
    call, each distinct spelling one entry: what goes with each text's spelling, and the call's
    defaults (the runner's keys, the architecture and the GPU's number)."""
    rest = _entry_of(texts[0], types, types, output, runner, keys)  # the same for every text but its kernel
    del rest["kernel"]
    shared = {key: rest[key] for key in ("runner", "types", "scaling", "d") if key not in keys and key in rest}
    own = {key: value for key, value in rest.items() if key not in shared}
    return own, {"arch": arch, "device": device, **shared}


class TacticFilter:
    """A runner's tactic ids less those whose kernel does not build or fit: the runner's list (id =
    index, as TensorRT-LLM's and FlashInfer's MoE runners number GEMM_1's candidates, then GEMM_2's)
    is judged once, here, with the keys of :func:`check`; calling the filter with a list of ids is
    then a set lookup per id, for the autotuner's hook (``get_valid_tactics``,
    ``filter_tactics_with_heuristics``) to call on every tuning pass. ``removed`` maps each id
    removed to its Result (why, and what would fit); ``unjudged`` each id the model does not answer
    to its "not modelled" message; those are kept for the autotuner to try."""

    def __init__(self, configs: Iterable[Any], *, arch: str = "sm120", device: int = 0,
                 activation: Optional[str] = None, weight: Optional[str] = None, output: Optional[str] = None,
                 runner: Optional[str] = "trtllm-moe", **keys: Any) -> None:
        configs = listed(configs, "configs")
        removed, unjudged = split_misfits(_misfits(configs, arch, device, activation, weight, output, runner, keys))
        self.removed: Dict[int, Result] = dict(removed)
        self.unjudged: Dict[int, str] = dict(unjudged)

    def __call__(self, tactics: Iterable[Any]) -> List[Any]:
        """``tactics`` in order, less the removed ids; anything else (a runner's fallback -1, an id
        past the list) passes through."""
        return [t for t in tactics if t not in self.removed]

