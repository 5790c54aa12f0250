"""CUTLASS's ``cutlass_library`` operations, checked where builds choose them: PyTorch inductor's
``filter_op`` and ``Manifest.filter``.

An operation is duck-typed: anything with ``procedural_name()`` (the generator's ``GemmOperation``
of CUTLASS 4.3 to 4.7, 3.x and 2.x alike), or a mapping with a ``"procedural_name"`` (a recorded
snapshot of one). Its name is the whole configuration but the CUTLASS release, read as
``smem-budget --kernel`` reads it; the architecture is the name's unless ``arch`` says otherwise
(a GPU of the same family, "sm121", or a product name).

>>> from smem_budget import cutlass_library
>>> op = {"procedural_name": "cutlass3x_sm120_bstensorop_gemm_ue4m3xe2m1_ue4m3xe2m1_f32_void_bf16_128x128x256_1x1x1_0_tnt_align32_cooperative_o_vs16"}
>>> cutlass_library.check(op, arch="sm121").total
83968
"""
import re
from typing import Any, Callable, Iterable, List, Mapping, Optional, Tuple

from smem_budget._core import InputError, Result, check as _check, check_many as _check_many
from smem_budget._verdicts import listed, named_at, split

__all__ = ["kernel_name", "check", "filter", "filter_op", "manifest_filter"]


def kernel_name(operation: Any) -> str:
    """The operation's library name, ``procedural_name()``."""
    if isinstance(operation, Mapping):
        name = operation.get("procedural_name")
    else:
        method = getattr(operation, "procedural_name", None)
        name = method() if callable(method) else None
    if not isinstance(name, str):
        raise InputError(f"operation: {type(operation).__name__} is not a cutlass_library operation (it has no "
                         f"procedural_name(), which GemmOperation has in CUTLASS 4.3 to 4.7)")
    return name


def check(operation: Any, *, arch: Optional[str] = None, **keys: Any) -> Result:
    """One operation's budget; keys as :func:`smem_budget.check` (``cutlass`` for the release it is
    built with). Raises InputError for an operation the model does not answer ("not modelled: …")."""
    _no_kernel_key(keys)
    if arch is not None:
        keys["arch"] = arch
    return _check(kernel=kernel_name(operation), **keys)


def _no_kernel_key(keys: Mapping[str, Any]) -> None:
    """An operation is the whole kernel: a kernel key would judge another one in its place."""
    if "kernel" in keys:
        raise InputError("kernel: not used with an operation, whose procedural_name() names the kernel; leave it out")


def _name_arch(name: str) -> Optional[str]:
    """The architecture a 3.x name (cutlass3x_sm90_…) or an SM90 2.x-API name (cutlass_sm90_…) says."""
    match = re.match(r"cutlass(?:3x)?_(sm\d+)_", name)
    return match.group(1) if match else None


def filter(operations: Iterable[Any], *, arch: Optional[str] = None, device: int = 0,
           **keys: Any) -> Tuple[List[Any], List[Tuple[Any, Result]], List[Tuple[Any, str]]]:
    """``kept``, ``removed`` (each with its result) and ``unjudged`` (each with the "not modelled"
    message), as ``smem-budget lint`` splits the same names; without ``arch``, each name's own
    (a 2.x name, which says none, then needs it). Judged in one call per architecture."""
    _no_kernel_key(keys)
    operations = listed(operations, "operations")
    names = [kernel_name(op) for op in operations]
    groups: dict = {}
    for index, name in enumerate(names):
        target = arch or _name_arch(name)
        if target is None:
            raise InputError(f"operation {name}: its name does not say the architecture (a 2.x kernel): give arch")
        groups.setdefault(target, []).append(index)
    if not groups:  # nothing to judge, but the call's arch and device are still read, as check_many([]) reads them
        _check_many([], device=device, **({} if arch is None else {"arch": arch}))
    results: List[Any] = [None] * len(operations)
    for target, indices in groups.items():
        judged = _check_many([{"kernel": names[i], **keys} for i in indices], arch=target, device=device,
                             errors="return")
        for entry, (i, result) in enumerate(zip(indices, judged)):
            results[i] = named_at(result, entry, f"operations[{i}]")
    return split(operations, results)


def filter_op(keep_unjudged: bool, **keys: Any) -> Callable[[Any], Optional[Any]]:
    """A function with the contract of inductor's ``CUTLASSGemmTemplate.filter_op``: the operation,
    or None to drop it. An operation the model does not answer is kept or dropped as
    ``keep_unjudged`` says, the caller's choice."""
    def decide(operation: Any) -> Optional[Any]:
        try:
            return operation if check(operation, **keys).fits else None
        except InputError as e:
            if "not modelled" not in str(e):
                raise
            return operation if keep_unjudged else None
    return decide


def manifest_filter(keep_unjudged: bool, **keys: Any) -> Callable[[Any], bool]:
    """A predicate for ``cutlass_library``'s ``Manifest.filter`` (True: emit the operation)."""
    decide = filter_op(keep_unjudged, **keys)
    return lambda operation: decide(operation) is not None
