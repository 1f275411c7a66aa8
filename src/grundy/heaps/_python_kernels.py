"""The heap kernels in plain Python, for small problems: no numba import, no compile.

Loading numba costs a fresh process about half a second (more on a busy machine, and
seconds on the first compile after install), while a table of a thousand Kayles values
takes a few milliseconds here. :func:`grundy.heaps.compute` runs these functions when
the whole request is small (:func:`python_work` ≤ :data:`PYTHON_WORK`) and the compiled
kernels of :mod:`grundy.heaps._kernels` otherwise; the tests check both against each
other and against brute force.

The functions work on Python lists of values and extend them in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import xor

__all__ = [
    "MAX_SPARSE_BITS",
    "PYTHON_WORK",
    "python_work",
    "plain_values",
    "allbut_values",
    "period_candidates",
]

#: The sparse kernel handles values below 2**MAX_SPARSE_BITS (defined here, so that the
#: rare-value statistics need not load numba).
MAX_SPARSE_BITS = 16
#: Requests estimated at no more work than this (options looked at, plus a few per heap)
#: run in Python: about 0.1-0.3 s, less than loading the compiled kernels.
PYTHON_WORK = 3_000_000
#: Work charged per heap on top of its options (the loop over the digits and the mex).
_PER_HEAP = 8
#: A period is a candidate only if the values repeat it over a quarter of them at least
#: (as in the compiled kernel).
_MIN_TAIL_FRACTION = 4


def python_work(digits: Sequence[int], excluded: int, start: int, stop: int) -> int:
    """Estimated work of computing G(start), ..., G(stop - 1) in Python.

    `excluded` is the size of an all-but set's excluded set (0 for other codes), whose
    kernel does up to ``excluded²`` steps a heap.

    Examples
    --------
    >>> python_work((0, 7, 7), 0, 0, 1000)  # Kayles: two split digits, ~n/2 options each
    510000
    """
    heaps = stop - start
    work = heaps * (_PER_HEAP + excluded * excluded)
    squares, cubes = stop * stop - start * start, stop**3 - start**3
    for digit in digits:
        work += (digit & 3 > 0) * heaps + (digit & 4 > 0) * squares // 4
        work += (digit & 8 > 0) * cubes // 36
    return work


def plain_values(digits: Sequence[int], unequal: bool, g: list[int], stop: int) -> None:
    """Append G(len(g)), ..., G(stop - 1) to `g`: the plain mex loop.

    The same rules as the compiled ``plain_values``: digit j's bit 1 removes a heap of j,
    bit 2 takes j leaving one heap, bit 4 leaving two (unequal ones when `unequal`),
    bit 8 leaving three.

    Examples
    --------
    >>> g = []
    >>> plain_values((0, 7, 7), False, g, 12)  # Kayles
    >>> g
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    """
    rules = [(j, d) for j, d in enumerate(digits) if d]
    for n in range(len(g), stop):
        seen: set[int] = set()
        for j, d in rules:
            if j > n:
                break
            m = n - j
            if d & 1 and m == 0 and j > 0:
                seen.add(0)
            if d & 2 and m > 0 and j > 0:
                seen.add(g[m])
            if d & 4:
                last = (m - 1) // 2 if unequal else m // 2
                if last > 0:  # g[a] ^ g[m - a] for a = 1..last, at C speed
                    seen.update(map(xor, g[1 : last + 1], reversed(g[m - last : m])))
            if d & 8:
                for a in range(1, m // 3 + 1):
                    ga, rest = g[a], m - a
                    for b in range(a, rest // 2 + 1):
                        seen.add(ga ^ g[b] ^ g[rest - b])
        v = 0
        while v in seen:
            v += 1
        g.append(v)


def allbut_values(excluded: Sequence[int], g: list[int], stop: int) -> None:
    """Append values of the all-but subtraction game: G(n) = mex{G(m) : n - m not in S}.

    `excluded` is S, ascending. A value v is missing from the options of n exactly when
    all its occurrences so far sit at the excluded positions n - s.

    Examples
    --------
    >>> g = []
    >>> allbut_values((2, 3, 7), g, 12)
    >>> g
    [0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5]
    """
    counts: dict[int, int] = {}
    for v in g:
        counts[v] = counts.get(v, 0) + 1
    unseen = 0  # the least value not seen at all
    while unseen in counts:
        unseen += 1
    for n in range(len(g), stop):
        best = unseen
        hidden_at = [g[n - s] for s in excluded if s <= n]
        for v in hidden_at:
            if v < best and hidden_at.count(v) == counts[v]:
                best = v
        g.append(best)
        counts[best] = counts.get(best, 0) + 1
        while unseen in counts:
            unseen += 1


def period_candidates(
    values: Sequence[int], max_period: int, arithmetic: bool
) -> list[tuple[int, int, int]]:
    """Every p <= max_period whose tail repeats, as rows (p, n0, saltus), ascending p.

    The compiled ``period_candidates`` in Python: n0 is the least index with
    values[n + p] == values[n] + saltus for all n >= n0, the repeating tail covers p
    values and a quarter of the data, and multiples of a period found are skipped.

    Examples
    --------
    >>> period_candidates([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2], 6, False)
    [(3, 0, 0)]
    """
    size = len(values)
    skip = [False] * (max_period + 1)
    rows = []
    for p in range(1, max_period + 1):
        if skip[p]:
            continue
        saltus = values[size - 1] - values[size - 1 - p] if arithmetic else 0
        n = size - p - 1
        while n >= 0 and values[n + p] == values[n] + saltus:
            n -= 1
        start = n + 1
        tail = size - p - start
        if tail >= p and tail >= size // _MIN_TAIL_FRACTION:
            rows.append((p, start, saltus))
            for q in range(2 * p, max_period + 1, p):
                skip[q] = True
    return rows
