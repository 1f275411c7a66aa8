"""The winning options of one heap of any size in a periodic misère quotient: counted in
closed form and listed lazily, from the pretending function's period.

A heap n of a take-and-break game has O(1) options that leave one heap (n - j), O(n)
that split it in two and O(n^2) in three. Beside a rest element r (the product of the
other heaps), option (a, b, ...) wins when r·phi(a)·phi(b)·... is in the P-portion. Once
phi is periodic (phi(h + p) = phi(h) for h >= t), whether a split wins depends only on
its small parts (those below t) and the residues of the others mod p: the winning splits
are a few explicit ones and whole residue classes, so they are counted by arithmetic and
listed one after another without looking at the others. See
:meth:`grundy.misere.MisereQuotient.iter_winning_moves`.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..core.sums import Sum

__all__ = ["HeapWinners", "heap_winners", "periodic_from"]

#: Shapes (see :func:`heap_winners`) a quotient keeps; past it they are forgotten together.
SHAPES_REMEMBERED = 4096


@dataclass(frozen=True, slots=True)
class _Pairs:
    """The winning splits (a, rest - a) of one digit: explicit a < t, then classes."""

    removed: int  # j, the tokens the move removes
    unequal: bool  # the two heaps must differ (Grundy's game): a < rest - a
    low: tuple[int, ...]  # the winning a < t
    classes: tuple[int, ...]  # c with a = t + c (mod p), a >= t, winning


@dataclass(frozen=True, slots=True)
class _Triples:
    """The winning splits (a, b, c), a <= b <= c, of one digit, a < t and a >= t."""

    removed: int
    low: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]  # (a, b's < t, b classes)
    high: tuple[tuple[int, tuple[int, ...]], ...]  # (class of a, classes of b) for a >= t


@dataclass(frozen=True, slots=True)
class _Shape:
    """Which options of heap n win beside a rest element: the same for every heap
    n >= :func:`periodic_from` with the same n mod p."""

    singles: tuple[int, ...]  # j of the winning options n - j, largest j first
    pairs: tuple[_Pairs, ...]
    triples: tuple[_Triples, ...]
    examined: int  # options valued to find all this


class HeapWinners:
    """The options of `heap` that win beside the other heaps' element, in the reverse of
    :func:`grundy.misere.heap_rules.heap_rules`' order (most heaps first, then the
    largest), as ``winning_moves`` lists them; iterating lists them lazily, each a heap
    (int) or a ``Sum`` of heaps.

    Attributes
    ----------
    heap : int
        The heap.
    count : int
        How many options win: exact, computed in closed form.
    examined : int
        Options whose element was computed to find them: bounded by the period and
        preperiod, whatever the heap's size (the work, for tests that count it).

    Examples
    --------
    >>> from grundy.misere import misere_quotient
    >>> from grundy.misere.heap_winners import heap_winners
    >>> kayles = misere_quotient("0.77", 200)          # periodic: every heap
    >>> wins = heap_winners(kayles, 10**8, 0)           # heap 10^8 alone
    >>> wins.count, [str(option) for option in list(wins)[:2]]
    (8333338, ['Sum(49999999, 49999999)', 'Sum(49999993, 50000005)'])
    """

    __slots__ = ("heap", "count", "examined", "_shape", "_period")

    def __init__(self, heap: int, shape: _Shape, period: tuple[int, int]) -> None:
        self.heap = heap
        self._shape = shape
        self._period = period
        self.examined = shape.examined
        self.count = _count(heap, shape, period)

    def __repr__(self) -> str:
        return f"HeapWinners(heap={self.heap}, count={self.count})"

    def __iter__(self) -> Iterator[int | Sum]:
        # The order of winning_moves: the options from the last, most heaps and largest
        # first (descending generators merged).
        n, shape = self.heap, self._shape
        t, p = self._period
        triples = [_iter_triples(n - s.removed, s, t, p) for s in shape.triples]
        for a, b, c in heapq.merge(*triples, reverse=True):
            yield Sum(a, b, c)
        pairs = [_iter_pairs(n - s.removed, s, t, p) for s in shape.pairs]
        for a, b in heapq.merge(*pairs, reverse=True):
            yield Sum(a, b)
        for j in reversed(shape.singles):
            yield n - j


def periodic_from(quotient: Any) -> int | None:
    """The least heap from which :func:`heap_winners` answers `quotient`: past its
    preperiod t and period p, 3·(t + p) + k + 2 with k the most tokens a move removes
    (every explicit part of an option is then below t and every other part past t);
    None when the quotient has no proved period or its game leaves no such rule.

    Examples
    --------
    >>> from grundy.misere import misere_quotient
    >>> periodic_from(misere_quotient("0.77", 200))      # Kayles: t = 71, p = 12
    253
    >>> periodic_from(misere_quotient("0.07", 10)) is None
    True
    """
    period = quotient.periodicity
    code = quotient._rules.code
    if period is None or code is None or code.is_allbut:
        return None
    return 3 * (_start(period.preperiod) + period.period) + len(code.digits) + 1


def _start(preperiod: int) -> int:
    """t, the least part taken by its residue: past the preperiod, and a heap (>= 1)."""
    return max(preperiod, 1)


def heap_winners(quotient: Any, heap: int, rest: int) -> HeapWinners:
    """The options of `heap` that win beside the element `rest` (the product of the other
    heaps), for a heap of any size at least :func:`periodic_from` of `quotient`.

    Parameters
    ----------
    quotient : MisereQuotient
        A quotient with a proved period (the quotient of the whole game).
    heap : int
        The heap, at least ``periodic_from(quotient)``.
    rest : int
        An element of `quotient`.

    Returns
    -------
    HeapWinners
        Their count, and the options lazily.

    Raises
    ------
    ValueError
        `heap` is below ``periodic_from(quotient)`` (list its options instead).

    Examples
    --------
    >>> from grundy.misere import misere_quotient
    >>> bash = misere_quotient("subtraction:1,2,3", 10)
    >>> list(heap_winners(bash, 10**18, 0))       # take 3: leave 1 (mod 4), misère P
    [999999999999999997]

    Notes
    -----
    The shape of the winners (explicit parts below t, residue classes mod p) is
    computed once for each rest and n mod p and kept by the quotient: O(k·(t + p))
    element products for splits in two, O(k·(t^2 + t·p + p^2)) in three. Counting a
    class of splits in three, a = a0 (mod p), b = b0 (mod p), t <= a <= b <= c, sums
    an arithmetic progression: over a = A + 2pm, the b's number C - 3m.
    """
    start = periodic_from(quotient)
    if start is None or heap < start:
        raise ValueError(f"heap {heap} is below {start}: list its options instead")
    period = quotient.periodicity
    t, p = _start(period.preperiod), period.period
    shapes: dict[tuple[int, int], _Shape] = quotient._shapes
    key = (rest, heap % p)
    shape = shapes.get(key)
    if shape is None:
        if len(shapes) >= SHAPES_REMEMBERED:
            shapes.clear()
        shape = shapes[key] = _shape_of(quotient, heap, rest, t, p)
    return HeapWinners(heap, shape, (t, p))


def _shape_of(quotient: Any, n: int, rest: int, t: int, p: int) -> _Shape:
    """The winners of heap n beside `rest`, as parts below t and residue classes of
    parts from t on (t >= the preperiod, so a part's element is that of its class)."""
    pretending, upto = quotient.pretending, quotient.upto
    table, is_p = quotient._table, quotient._is_p
    code = quotient._rules.code
    first = quotient.periodicity.preperiod
    examined = 0

    def phi(h: int) -> int:
        return pretending[h] if h <= upto else pretending[first + (h - first) % p]  # type: ignore[no-any-return]

    def wins(*parts: int) -> bool:
        nonlocal examined
        examined += 1
        x = rest
        for part in parts:
            x = table[x][phi(part)]
        return bool(is_p[x])

    singles = []
    pairs = []
    triples = []
    for j in range(len(code.digits) - 1, -1, -1):  # largest j first: the least heaps
        d, left = code.digits[j], n - j
        if d & 2 and j > 0 and wins(left):
            singles.append(j)
        if d & 4:
            low = tuple(a for a in range(1, t) if wins(a, left - a))
            classes = tuple(c for c in range(p) if wins(t + c, left - t - c))
            pairs.append(_Pairs(j, code.unequal, low, classes))
        if d & 8:
            low3 = []
            for a in range(1, t):
                below = tuple(b for b in range(a, t) if wins(a, b, left - a - b))
                above = tuple(c for c in range(p) if wins(a, t + c, left - a - t - c))
                low3.append((a, below, above))
            high = []
            for ca in range(p):
                cbs = tuple(cb for cb in range(p) if wins(t + ca, t + cb, left - 2 * t - ca - cb))
                if cbs:
                    high.append((ca, cbs))
            triples.append(_Triples(j, tuple(low3), tuple(high)))
    return _Shape(tuple(singles), tuple(pairs), tuple(triples), examined)


def _in_progression(first: int, last: int, p: int) -> int:
    """How many of first, first + p, first + 2p, ... are at most `last`."""
    return (last - first) // p + 1 if first <= last else 0


def _last_a(left: int, pairs: _Pairs) -> int:
    """The largest a of a split (a, left - a), a <= left - a (a < left - a if unequal)."""
    return (left - 1) // 2 if pairs.unequal else left // 2


def _count(n: int, shape: _Shape, period: tuple[int, int]) -> int:
    t, p = period
    total = len(shape.singles)
    for pairs in shape.pairs:
        last = _last_a(n - pairs.removed, pairs)
        total += len(pairs.low) + sum(_in_progression(t + c, last, p) for c in pairs.classes)
    for triples in shape.triples:
        left = n - triples.removed
        for a, below, above in triples.low:
            total += len(below)
            total += sum(_in_progression(t + cb, (left - a) // 2, p) for cb in above)
        for ca, cbs in triples.high:
            for cb in cbs:
                total += _triples_in_classes(left, t + ca, t + cb, t, p)
    return total


def _triples_in_classes(left: int, a0: int, b0: int, t: int, p: int) -> int:
    """#{(a, b): a = a0, b = b0 (mod p), t <= a <= b <= left - a - b}, a0 >= t.

    Over a = A + 2pm (A = a0 or a0 + p, so that (left - a) // 2 drops by exactly pm),
    b runs over [a, (left - a) // 2], of which C - 3m are = b0 (mod p).
    """
    top = left // 3  # a <= b <= c: a <= left / 3
    total = 0
    for start in (a0, a0 + p):
        if start > top:
            continue
        m = (top - start) // (2 * p)  # the last m
        c0 = ((left - start) // 2 - b0) // p - (start - 1 - b0) // p
        total += (m + 1) * c0 - 3 * m * (m + 1) // 2
    return total


def _top_block(top: int, t: int, p: int) -> int:
    """The largest t + kp at most `top` (`top` >= t)."""
    return t + (top - t) // p * p


def _iter_pairs(left: int, pairs: _Pairs, t: int, p: int) -> Iterator[tuple[int, int]]:
    """The winning splits (a, left - a) of one digit, a descending."""
    last = _last_a(left, pairs)
    if pairs.classes:
        block = _top_block(last, t, p)
        while block >= t:
            for c in reversed(pairs.classes):
                a = block + c
                if a <= last:
                    yield a, left - a
            block -= p
    for a in reversed(pairs.low):
        yield a, left - a


def _iter_triples(left: int, triples: _Triples, t: int, p: int) -> Iterator[tuple[int, int, int]]:
    """The winning splits (a, b, left - a - b), a <= b <= c, of one digit, descending."""
    last = left // 3  # a <= b <= c
    if triples.high:  # a >= t: only the classes of a that have winners are looked at
        block = _top_block(last, t, p)
        while block >= t:
            for ca, cbs in reversed(triples.high):
                a = block + ca
                if a > last:
                    continue
                top = (left - a) // 2
                base = _top_block(top, t, p)
                while base + p > a:  # some b = base + cb may still be >= a
                    for cb in reversed(cbs):
                        b = base + cb
                        if b > top:
                            continue
                        if b < a:
                            break
                        yield a, b, left - a - b
                    base -= p
            block -= p
    for a, below, above in reversed(triples.low):
        top = (left - a) // 2
        if above:
            base = _top_block(top, t, p)
            while base >= t:
                for cb in reversed(above):
                    b = base + cb
                    if b <= top:
                        yield a, b, left - a - b
                base -= p
        for b in reversed(below):
            yield a, b, left - a - b
