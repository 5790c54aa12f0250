"""What the filters of smem_budget.trtllm and smem_budget.cutlass_library share: the list they are
given, its results split into what to keep, what to remove and what the model cannot judge, and
the place a result's message names."""
from typing import Any, Iterable, List, Mapping, Tuple

from smem_budget._core import InputError, Result, fits_of


def listed(items: Iterable[Any], what: str) -> List[Any]:
    """``items`` as a list; a single string or mapping, which Python would iterate by character or
    key, is refused, as is what is not iterable."""
    if isinstance(items, (str, bytes, Mapping)):
        raise InputError(f"{what}: expected a list of them, got one {type(items).__name__}: wrap it in a list")
    try:
        iterator = iter(items)
    except TypeError:
        raise InputError(f"{what}: expected a list of them, got {type(items).__name__}") from None
    return list(iterator)


def split(items: List[Any], results: List[Any]) -> Tuple[List[Any], List[Tuple[Any, Result]], List[Tuple[Any, str]]]:
    """``kept`` (they build and fit), ``removed`` (with the result saying why) and ``unjudged``
    (with the "not modelled" message); any other InputError is bad input and raised."""
    kept: List[Any] = []
    misfits: List[Tuple[Any, Any]] = []
    for item, result, fits in zip(items, results, fits_of(results)):
        if fits:
            kept.append(item)
        else:  # a Result that does not fit, or an InputError in the result's place
            misfits.append((item, result))
    removed, unjudged = split_misfits(misfits)
    return kept, removed, unjudged


def split_misfits(misfits: List[Tuple[Any, Any]]) -> Tuple[List[Tuple[Any, Result]], List[Tuple[Any, str]]]:
    """Items whose result does not fit or is an InputError, in order, split into ``removed`` and
    ``unjudged`` as :func:`split` splits them."""
    removed: List[Tuple[Any, Result]] = []
    unjudged: List[Tuple[Any, str]] = []
    for item, result in misfits:
        if not isinstance(result, Result):  # an InputError in the result's place
            if "not modelled" not in str(result):
                raise result
            unjudged.append((item, str(result)))
        else:
            removed.append((item, result))
    return removed, unjudged


def named_at(result: Any, entry: int, place: str) -> Any:
    """``result``, an InputError whose message names entry ``entry`` of the call that judged it
    ("configs[3]: …") naming ``place`` there instead: where the caller's list has it."""
    entry_name = f"configs[{entry}]"
    if isinstance(result, Result) or not str(result).startswith(entry_name) or entry_name == place:
        return result
    return InputError(place + str(result)[len(entry_name):])
