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

from .codes import HeapCode, InvalidCodeError, parse_code
from .periods import certificate_bound, find_periodicity
from .sequence import (
    DEFAULT_MAX_VALUES,
    KERNELS,
    CheckpointError,
    HeapSequence,
    compute,
    find_period,
    rare_values,
    smallest_dtype,
)

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
