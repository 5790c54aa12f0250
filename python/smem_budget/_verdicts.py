"""What the filters of smem_budget.trtllm and smem_budget.cutlass_library share: a list of results
split into what to keep, what to remove and what the model cannot judge."""
from typing import Any, List, Tuple

from smem_budget._core import InputError, Result, fits_of


def split(items: List[Any], results: List[Any]) -> Tuple[List[Any], List[Tuple[Any, Result]], List[Tuple[Any, str]]]:
    """``kept`` (they build and fit), ``removed`` (with the result saying why) and ``unjudged``
    (with the "not modelled" message); any other InputError is bad input and raised."""
    kept: List[Any] = []
    removed: List[Tuple[Any, Result]] = []
    unjudged: List[Tuple[Any, str]] = []
    for item, result, fits in zip(items, results, fits_of(results)):
        if fits is None:  # an InputError in the result's place
            if "not modelled" not in str(result):
                raise result
            unjudged.append((item, str(result)))
        elif fits:
            kept.append(item)
        else:
            removed.append((item, result))
    return kept, removed, unjudged
