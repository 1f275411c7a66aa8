"""Lasker's Nim and its family: take from a heap, or split a heap into non-empty heaps."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..core.errors import InvalidGameError, PositionLimitError
from ..core.integers import shown
from ..core.sums import Sum
from .heap_game import HeapPosition, SearchedHeapGame

__all__ = ["SplitOrTake", "LaskersNim", "lasker_value"]


def lasker_value(n: int) -> int:
    """Return the SG value of a heap of `n` in Lasker's Nim.

    Examples
    --------
    >>> from grundy.games import lasker_value
    >>> [lasker_value(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]

    Notes
    -----
    G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (and G(0) = 0).
    G is a bijection of the non-negative integers and its own inverse. O(1).
    """
    if n == 0:
        return 0
    return n + _SHIFT[n % 4]


# G(u) - u by u mod 4, for u >= 1.
_SHIFT = (-1, 0, 0, 1)


def _partitions(n: int, parts: int, smallest: int = 1) -> Iterator[tuple[int, ...]]:
    """Partitions of `n` into exactly `parts` parts >= `smallest`, parts non-decreasing."""
    if parts == 1:
        if n >= smallest:
            yield (n,)
        return
    for first in range(smallest, n // parts + 1):
        for rest in _partitions(n - first, parts - 1, first):
            yield (first, *rest)


@dataclass(frozen=True)
class SplitOrTake(SearchedHeapGame):
    """Split-or-take: a move takes one or more tokens from a heap, or splits a heap into
    between 2 and `max_parts` non-empty heaps.

    ``SplitOrTake(2)`` is Lasker's Nim (see :class:`LaskersNim`), the lecture notes'
    "split or take" problem; larger `max_parts` are its variants.

    Parameters
    ----------
    max_parts : int
        The most heaps a split may make, at least 2.

    Raises
    ------
    InvalidGameError
        `max_parts` is not an integer >= 2.

    Examples
    --------
    >>> from grundy.games import SplitOrTake
    >>> SplitOrTake(3).table(range(9))
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    >>> SplitOrTake(5).table(range(12))
    [0, 1, 2, 4, 3, 5, 6, 8, 10, 9, 13, 15]

    Notes
    -----
    For ``max_parts = 2`` the values have Lasker's closed form (:func:`lasker_value`).
    For larger `max_parts` no closed form is proved here: values come from search, in
    about n²/2 + sum over j <= max_parts of n^j / (j!)² steps for heaps up to n
    (partitions of n into j parts number about n^(j-1) / (j!(j-1)!)), and a heap too
    big for ``max_positions`` raises ``PositionLimitError`` at once. The tests observe
    that no split into 3 or 4 parts reaches Lasker's value of the heap (n < 400), so
    those variants have Lasker's values there (not proved for all n, hence no formula),
    while 5 parts change them from n = 8 on (1+1+1+2+3 has value 1^1^1^2^4 = 7, Lasker's
    value of 8).
    """

    max_parts: int = 2

    #: :meth:`moves_to_value` refuses to list more options than this.
    max_listed_moves = 100_000

    def __post_init__(self) -> None:
        m = self.max_parts
        if isinstance(m, bool) or not isinstance(m, int) or m < 2:
            raise InvalidGameError(
                f"{type(self).__name__}: max_parts = {shown(m)} must be an integer >= 2 "
                "(a split makes at least two heaps)"
            )

    def heap_moves(self, n: int) -> list[int | Sum]:
        if n > self.max_positions:
            raise PositionLimitError(
                f"{self!r}: heap {n:,} has more than {self.max_positions:,} options, too "
                "many to list"
            )
        options: list[int | Sum] = list(range(n))
        for parts in range(2, min(self.max_parts, n) + 1):
            options.extend(Sum(*p) for p in _partitions(n, parts))
        return options

    def formula(self, n: HeapPosition) -> int | None:
        if not isinstance(n, int):
            return None  # a row of heaps is valued heap by heap (components)
        return lasker_value(n) if self.max_parts == 2 else None

    def moves_to_value(self, n: HeapPosition, value: int) -> Iterable[HeapPosition | Sum]:
        """Options of heap `n` with SG value `value`; by Lasker's theory for 2 parts.

        For ``max_parts = 2``, take moves: the one heap m < n with G(m) = value, which
        is m = G(value) since G is its own inverse. Split moves a + b = n with
        G(a) ^ G(b) = value: writing u = G(a), w = u ^ value and G(u) = u + d(u) (d
        depends on u mod 4 only), a + b = G(u) + G(w) = value + 2(u & ~value) + d(u) +
        d(w). So for each of the 4 choices of u mod 4 the high bits of u are fixed
        outside `value`'s bits and free inside them: 2^popcount(value >> 2) splits per
        choice, found in O(that number + log n); more than ``max_listed_moves`` raises
        ``PositionLimitError``. Other `max_parts` filter the options (small heaps).

        Examples
        --------
        >>> from grundy.games import LaskersNim
        >>> LaskersNim().moves_to_value(10**18, 0)     # take all, or split in halves
        [0, Sum(500000000000000000, 500000000000000000)]
        """
        if not isinstance(n, int) or self.max_parts != 2:
            return super().moves_to_value(n, value)
        options: list[HeapPosition | Sum] = []
        target = lasker_value(value)
        if target < n:
            options.append(target)
        high = value >> 2
        choices = []
        for u_low in range(4):
            w_low = u_low ^ (value & 3)
            rest = n - value - 2 * (u_low & ~value & 3) - _SHIFT[u_low] - _SHIFT[w_low]
            if rest >= 0 and rest % 8 == 0 and (rest // 8) & high == 0:
                choices.append((u_low, rest // 8))
        count = len(choices) << high.bit_count()
        if count > 2 * self.max_listed_moves:  # each split is found twice, as u and as w
            raise PositionLimitError(
                f"{self!r}: heap {n} has about {count // 2:,} splits of SG value {value}, "
                f"more than max_listed_moves = {self.max_listed_moves:,}; too many to list"
            )
        splits = set()
        for u_low, fixed in choices:
            chosen = high
            while True:  # every subset `chosen` of the bits of `high`
                u = ((fixed | chosen) << 2) | u_low
                w = u ^ value
                if u and w:  # a = 0 or b = 0 is not a split
                    a, b = lasker_value(u), lasker_value(w)
                    if a <= b:
                        splits.add((a, b))
                if not chosen:
                    break
                chosen = (chosen - 1) & high
        options.extend(Sum(a, b) for a, b in sorted(splits))
        return options

    def explain_part(self, n: HeapPosition) -> str:
        if not isinstance(n, int) or self.max_parts != 2 or n == 0:
            return super().explain_part(n)
        rule = {1: "n", 2: "n", 3: "n + 1", 0: "n - 1"}[n % 4]
        return f"Lasker's rule: {n} ≡ {n % 4} (mod 4), so G(n) = {rule} = {lasker_value(n)}"

    def heap_values_label(self) -> str:
        return "the heaps' Lasker values" if self.max_parts == 2 else "the heaps' values"

    def search_steps(self, n: int) -> int:
        return n * n // 2 + sum(
            n**j // math.factorial(j) ** 2 for j in range(2, min(self.max_parts, n) + 1)
        )

    def why_no_formula(self, n: int) -> str:
        return f"no closed form is known for max_parts = {self.max_parts} (heap {n:,})"


@dataclass(frozen=True)
class LaskersNim(SplitOrTake):
    """Lasker's Nim: take one or more tokens from a heap, or split a heap into two
    non-empty heaps.

    This is the lecture notes' "split or take" problem (快快编程 1745).

    Examples
    --------
    >>> from grundy.games import LaskersNim
    >>> LaskersNim().table(range(9))
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    >>> LaskersNim().winning_moves((2, 5))      # take 5 down to 2, or split 5 = 1 + 4
    [(2, 2), (2, 1, 4)]
    >>> LaskersNim().grundy(10**100 + 3)
    10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004

    Notes
    -----
    Lasker's closed form (:func:`lasker_value`): G(4k+1) = 4k+1, G(4k+2) = 4k+2,
    G(4k+3) = 4k+4, G(4k+4) = 4k+3, proved by induction on n: the take moves reach
    the values of all smaller heaps, and the splits add 4k+3 when n = 4k+3 (1 + (4k+2)
    gives 1 ^ (4k+2)) but never the value claimed for n. Values are O(1) for heaps of
    any size; winning moves come from the theory in :meth:`SplitOrTake.moves_to_value`,
    never from search.

    References
    ----------
    E. Lasker, Brettspiele der Völker (1931); E. R. Berlekamp, J. H. Conway,
    R. K. Guy, Winning Ways, chapter 4.
    """

    max_parts: int = field(default=2, init=False, repr=False)

    def pattern_theorem(self, dims: int) -> tuple[str, str] | None:
        if dims != 1:
            return None
        return (
            "n ≡ 3 (mod 4): n + 1; n ≡ 0 (mod 4): n - 1; else n  (n ≥ 1)",
            "Lasker's theorem (Winning Ways, ch. 4)",
        )
