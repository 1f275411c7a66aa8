"""Grundy sequences of heap games at record speed: take-and-break codes, compiled kernels,
certified periodicity.

Examples
--------
>>> from grundy import heaps
>>> heaps.compute("0.77", 200).periodicity       # Kayles
Periodicity(preperiod=71, period=12, certified=True, bound=156)
>>> heaps.find_period("0.07").value(10**30)      # Dawson's Kayles, any heap size
1
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .codes import HeapCode, InvalidCodeError, parse_code

if TYPE_CHECKING:
    from ._kernel_run import KERNELS
    from .periods import certificate_bound, find_periodicity
    from .sequence import (
        DEFAULT_MAX_VALUES,
        CheckpointError,
        HeapSequence,
        compute,
        find_period,
        rare_values,
        smallest_dtype,
    )

# numpy loads with the first computation, not with ``import grundy`` (the catalog's
# OctalGame imports this package).
_LAZY = {"certificate_bound": "periods", "find_periodicity": "periods", "KERNELS": "_kernel_run"}


def __getattr__(name: str) -> Any:
    if name in __all__ and name not in globals():
        module = import_module(f".{_LAZY.get(name, 'sequence')}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "HeapCode",
    "InvalidCodeError",
    "parse_code",
    "certificate_bound",
    "find_periodicity",
    "DEFAULT_MAX_VALUES",
    "KERNELS",
    "CheckpointError",
    "HeapSequence",
    "compute",
    "find_period",
    "rare_values",
    "smallest_dtype",
]
