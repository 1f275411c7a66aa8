"""Values of subtraction games whose set S is infinite and given by a rule.

G(n) = mex{G(n - s) : s in S, s <= n}. Small requests run here in plain Python (no numpy,
no numba: loading numba costs a fresh process half a second or more, more than a table
of a few thousand values takes); bigger ones run the compiled kernels of
:mod:`grundy.heaps._rule_kernels`, imported then. Either way the work is the number of
(heap, subtraction) pairs, :func:`rule_work`.

Examples
--------
>>> from grundy.heaps.rule_sequence import extend_values
>>> extend_values([1, 2, 4, 8, 16], [], 12)   # powers of two: n mod 3
[0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["PYTHON_WORK", "rule_work", "python_values", "extend_values"]

#: Requests of at most this much work (pairs, plus a few per heap) run in Python: about
#: 0.1-0.3 s, less than loading the compiled kernels.
PYTHON_WORK = 3_000_000
#: Work charged per heap on top of its pairs (the loop and the mex).
_PER_HEAP = 8


def rule_work(members: Sequence[int], start: int, stop: int, *, at_most: int | None = None) -> int:
    """Return the (heap, subtraction) pairs of computing G(start), ..., G(stop - 1).

    That is the sum over start <= n < stop of |S ∩ [1, n]|, plus a few steps per heap;
    `members` holds the members of S below `stop`, in increasing order. With `at_most`,
    the count stops as soon as it exceeds that (a big set costs no more than needed).

    Examples
    --------
    >>> from grundy.heaps.rule_sequence import rule_work
    >>> rule_work([1, 3, 4], 0, 10)   # 1 + 1 + 2 + 3 * 6 pairs, 8 steps a heap
    102
    """
    work = _PER_HEAP * max(0, stop - start)
    for s in members:
        if s >= stop:
            break
        work += stop - max(start, s)
        if at_most is not None and work > at_most:
            break
    return work


def python_values(members: Sequence[int], g: list[int], stop: int) -> None:
    """Append G(len(g)), ..., G(stop - 1) to `g`: the mex of each heap's options.

    `members` holds the members of S below `stop`, in increasing order. The option
    values are gathered as the bits of one integer, whose lowest 0 bit is the mex.

    Examples
    --------
    >>> from grundy.heaps.rule_sequence import python_values
    >>> g = []
    >>> python_values([1, 4, 9], g, 12)   # squares
    >>> g
    [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1]
    """
    for n in range(len(g), stop):
        seen = 0
        for s in members:
            if s > n:
                break
            seen |= 1 << g[n - s]
        g.append((~seen & (seen + 1)).bit_length() - 1)  # the lowest 0 bit


def extend_values(
    members: Sequence[int], values: list[int] | np.ndarray, stop: int
) -> list[int] | np.ndarray:
    """Return G(0), ..., G(stop - 1), given G(0), ..., G(len(values) - 1).

    `members` holds the members of S below `stop`, in increasing order. A list of values
    whose extension costs at most :data:`PYTHON_WORK` is extended in place in Python and
    returned; otherwise the compiled kernels return a numpy array (unsigned, the
    smallest type that holds the values).

    Examples
    --------
    >>> from grundy.heaps.rule_sequence import extend_values
    >>> values = extend_values([2, 3, 5, 7, 11], [], 12)   # primes
    >>> values
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 0, 0, 1]
    >>> type(extend_values([2, 3, 5, 7, 11], values, 300_000)).__name__   # compiled
    'ndarray'
    """
    start = len(values)
    if isinstance(values, list) and (
        stop <= start or rule_work(members, start, stop, at_most=PYTHON_WORK) <= PYTHON_WORK
    ):
        python_values(members, values, stop)
        return values
    import numpy as np

    from ._rule_kernels import compiled_values

    known = np.asarray(values, dtype=np.uint64)
    if len(known):
        known = known.astype(np.min_scalar_type(int(known.max())))
    return compiled_values(np.asarray(members, dtype=np.int64), known, stop)
