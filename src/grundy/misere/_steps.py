"""Recursions written as generators and driven with an explicit stack, so that games
thousands of moves deep never nest Python calls."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

__all__ = ["Steps", "run"]

T = TypeVar("T")
#: A recursive computation written as a generator: it yields the sub-computations it
#: needs (their results are sent back) and returns its own; `run` drives it with an
#: explicit stack, so games thousands of moves deep never nest Python calls.
Steps = Generator[Any, Any, T]


def run(steps: Steps[T]) -> T:
    """Drive a generator-written recursion to its result with an explicit stack.

    Examples
    --------
    >>> from grundy.misere._steps import Steps, run
    >>> def depth(n: int) -> Steps[int]:
    ...     return 0 if n == 0 else 1 + (yield depth(n - 1))
    >>> run(depth(10_000))            # far deeper than Python's recursion limit
    10000
    """
    stack: list[Steps[Any]] = [steps]
    value: Any = None
    while True:
        try:
            sub = stack[-1].send(value)
        except StopIteration as stop:
            stack.pop()
            if not stack:
                return stop.value  # type: ignore[no-any-return]
            value = stop.value
            continue
        stack.append(sub)
        value = None
