"""Exact shared-memory budgets of CUTLASS GEMM kernels (SM80…SM89 2.x, SM90, SM100, SM103, SM110, SM120/SM121), from Python.

The same model and the same parsing as the ``smem-budget`` command line: a configuration is given
with the batch-file keys as keyword arguments, and bad input raises :class:`InputError` (a
``ValueError``) with the command line's message. ``help(smem_budget.check)`` lists the keys.

>>> import smem_budget
>>> smem_budget.check("128x256x64B", grouped=True, epilogue="finalize", cutlass="4.4.2").total
102400
>>> smem_budget.check((128, 128, 128), arch="h100").verdict  # e4m3 without block scales: sm90's defaults
'fits'

``python -m smem_budget`` (and the ``smem-budget`` script ``pip install`` puts on PATH) is the
command line itself.
"""
import copyreg
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple, Union

from smem_budget import _core
from smem_budget._core import InputError, Result, check_many, fits, suggest, sweep

__version__ = _core.__version__


def _result_again(state: Tuple[Any, ...]) -> Result:
    """A pickled Result, judged again from its configuration."""
    return _core._result_from_state(state)


# A Result is pickled and copied as its state: never made empty by Result.__new__, which it refuses.
copyreg.pickle(Result, lambda result: (_result_again, (_core._result_state(result),)))

__all__ = ["InputError", "Result", "check", "check_many", "fits", "suggest", "sweep", "compare", "arch",
           "cutlass_versions"]


def check(config: Optional[Union[str, Sequence[int], Mapping[str, Any]]] = None, *, operation: Any = None,
          **keys: Any) -> Result:
    if operation is None:
        return _core.check(*(() if config is None else (config,)), **keys)
    if config is not None:
        raise InputError("check: give a configuration or operation=, not both (an operation is the whole kernel)")
    from smem_budget import cutlass_library  # noqa: PLC0415 (only for operations)
    return cutlass_library.check(operation, **keys)


check.__doc__ = _core.check.__doc__ + """
``operation`` is a ``cutlass_library`` operation instead of a configuration (anything with
``procedural_name()``, or a mapping with a ``"procedural_name"``): the kernel its name describes,
as :func:`smem_budget.cutlass_library.check` reads it; other keys override it.
"""


def compare(versions: Union[str, Sequence[str]], config: Optional[Union[str, Mapping[str, Any]]] = None, *,
            arch: str = "sm120", device: int = 0, **keys: Any) -> Dict[str, Result]:
    """The same configuration under several CUTLASS releases: ``{"4.4.2": Result, ...}``, keyed by
    the full release each version names (``"4.4"`` is the newest 4.4 patch). ``versions`` is a list
    (``["4.3.5", "4.7"]``) or the command line's comma-separated string (``"4.3.5,4.7"``)."""
    # A release given with the configuration would be overridden without a word.
    if "cutlass" in keys or (isinstance(config, Mapping) and "cutlass" in config):
        raise InputError("cutlass: not used with compare, whose versions give each result's release; leave it out "
                         "of the configuration")
    if isinstance(versions, str):
        versions = [v.strip() for v in versions.split(",")]
    out: Dict[str, Result] = {}
    for version in versions:
        result = check(config, arch=arch, device=device, **{**keys, "cutlass": version})
        out[result.config["cutlass"]] = result
    return out


def arch(name: str = "sm120", *, device: int = 0) -> Dict[str, Any]:
    """An architecture's shared-memory limits, as ``smem-budget arch --format json`` reports them:
    a built-in name (``"sm120"``), ``"native"`` or an arch JSON file."""
    return _core.arch(name, device)


def cutlass_versions() -> list:
    """Every CUTLASS release whose rules the model knows, oldest first."""
    return _core.cutlass_versions()
