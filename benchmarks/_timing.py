"""Timing helpers shared by the benchmark scripts (run as ``python benchmarks/NAME.py``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

#: A call this fast is repeated and the best of 3 counts.
REPEAT_UP_TO_S = 1.0


def measure(func: Callable[[], T]) -> tuple[float, T]:
    """Time func(): best of 3 runs if one takes at most 1 s, else that single run."""
    start = time.perf_counter()
    result = func()
    best = time.perf_counter() - start
    if best <= REPEAT_UP_TO_S:
        for _ in range(2):
            start = time.perf_counter()
            result = func()
            best = min(best, time.perf_counter() - start)
    return best, result
