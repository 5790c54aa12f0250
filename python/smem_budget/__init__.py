"""Exact shared-memory budgets of CUTLASS SM120 GEMM kernels, from Python.

The same model and the same parsing as the ``smem-budget`` command line: a configuration is given
with the batch-file keys as keyword arguments (``tile``, ``types``, ``schedule``, ``grouped``,
``stages``, ``epilogue``, ``c``, ``d``, ``d_layout``, ``epilogue_tile``, ``fusion``, ``scaling``,
``scale_granularity``, ``sparse``, ``epilogue_schedule``, ``cutlass``, ``instruction``), and bad
input raises :class:`InputError` (a ``ValueError``) with the command line's message.

>>> import smem_budget
>>> smem_budget.check("128x256x64B", grouped=True, epilogue="finalize", cutlass="4.4.2").total
102400
"""
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from smem_budget import _core
from smem_budget._core import InputError, Result

__version__ = _core.__version__
__all__ = ["InputError", "Result", "check", "check_many", "fits", "suggest", "sweep", "compare", "arch",
           "cutlass_versions"]

Config = Union[str, Mapping[str, Any]]


def _keys(config: Optional[Config], keys: Dict[str, Any]) -> Dict[str, Any]:
    """A tile string or a configuration dict, with keyword arguments over it."""
    merged: Dict[str, Any] = {}
    if isinstance(config, str):
        merged["tile"] = config
    elif isinstance(config, Mapping):
        merged.update(config)
    elif config is not None:
        raise InputError(f"tile: expected a tile string or a configuration dict, got {type(config).__name__}")
    merged.update(keys)
    merged.pop("name", None)
    return merged


def check(config: Optional[Config] = None, *, arch: str = "sm120", device: int = 0, **keys: Any) -> Result:
    """The budget of one configuration.

    ``config`` is a tile (``"128x256x128"``, or ``"128x256x64B"`` with K in bytes of A) or a dict
    of batch-file keys; keyword arguments add to it or override it. ``arch`` is a built-in name
    (``"sm120"``, ``"sm121"``), ``"native"`` (this machine's GPU, device ``device``) or an arch
    JSON file.

    Returns a :class:`Result`: ``stages``, ``max_fitting_stages``, ``total``, ``bytes``, ``limit``,
    ``headroom``, ``verdict`` ('fits', 'exceeds-optin', 'rejected'), ``fits``, ``reason``,
    ``notes``, ``config``, and ``to_dict()``, equal to the result object of
    ``smem-budget --format json``. Raises :class:`InputError` on bad input.

    >>> check("128x128x128", scaling="blockwise", scale_granularity="128x128x128", types="e4m3", c="bf16").total
    80896
    """
    name = config.get("name", "") if isinstance(config, Mapping) else ""
    return _core.check(_keys(config, keys), arch, device, str(name))


def fits(config: Optional[Config] = None, *, arch: str = "sm120", device: int = 0, **keys: Any) -> bool:
    """True when the configuration compiles and fits the GPU's opt-in limit (see :func:`check`)."""
    return check(config, arch=arch, device=device, **keys).fits


def check_many(configs: Iterable[Config], *, arch: str = "sm120", device: int = 0, **defaults: Any) -> List[Result]:
    """Budgets of many configurations, entries as in a batch file's ``configs`` (tile strings or
    dicts, each may carry a ``name``), with keyword arguments as the file's ``defaults`` under them.
    An error names the entry: ``configs: [3].tile: ...``."""
    return _core.check_many(list(configs), defaults, arch, device)


def suggest(config: Optional[Config] = None, *, arch: str = "sm120", device: int = 0, **keys: Any) -> List[Dict[str, Any]]:
    """The nearest configurations that fit, cheapest change first, for one that does not (empty
    when it fits or nothing near it does): dicts with ``change``, ``config``, ``stages``,
    ``total`` and ``headroom``, as the JSON output's ``suggestions``."""
    return _core.suggest(_keys(config, keys), arch, device)


def sweep(*, arch: str = "sm120", device: int = 0, **keys: Any) -> List[Result]:
    """Every tile CUTLASS compiles for these keys (M, N multiples of 8 up to 256, K multiples of 64
    up to 512; both schedules unless ``schedule`` is given), one :class:`Result` each."""
    return _core.sweep(keys, arch, device)


def compare(versions: Sequence[str], config: Optional[Config] = None, *, arch: str = "sm120", device: int = 0,
            **keys: Any) -> Dict[str, Result]:
    """The same configuration under several CUTLASS releases: ``{"4.4.2": Result, ...}``, keyed by
    the full release each version names."""
    out: Dict[str, Result] = {}
    for version in versions:
        result = check(config, arch=arch, device=device, **{**keys, "cutlass": version})
        out[result.config["cutlass"]] = result
    return out


def arch(name: str = "sm120", *, device: int = 0) -> Dict[str, Any]:
    """An architecture's shared-memory limits, as ``smem-budget arch --format json`` reports them:
    a built-in name, ``"native"`` or an arch JSON file."""
    return _core.arch(name, device)


def cutlass_versions() -> List[str]:
    """Every CUTLASS release whose rules the model knows, oldest first."""
    return _core.cutlass_versions()
