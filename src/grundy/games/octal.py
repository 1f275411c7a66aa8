"""Octal games (Kayles, Dawson's Kayles, Dawson's chess) and Grundy's game."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.errors import InvalidGameError, PositionLimitError
from ..core.integers import shown
from ..core.sums import Sum
from ..heaps import HeapCode, parse_code
from .heap_game import HeapPosition, SearchedHeapGame

if TYPE_CHECKING:
    from ..heaps import HeapSequence

__all__ = [
    "OctalGame",
    "GrundysGame",
    "KNOWN_PERIODS",
    "Kayles",
    "DawsonsKayles",
    "DawsonsChess",
]

#: Published periods of octal games: code -> (preperiod n0, period p), meaning
#: G(n + p) = G(n) for every n >= n0, with n0 and p the least possible. grundy does not
#: trust them: they only say how far to compute, and :mod:`grundy.heaps` certifies each
#: by the periodicity theorem (the tests check all of them).
KNOWN_PERIODS: dict[str, tuple[int, int]] = {
    "0.77": (71, 12),  # Kayles (Guy and Smith 1956)
    "0.07": (53, 34),  # Dawson's Kayles
    "0.137": (52, 34),  # Dawson's chess: Dawson's Kayles shifted by one token
    "0.16": (105351, 149459),  # Gangolli and Plambeck (1989)
    "0.376": (2268248, 4),  # Flammenkamp
    "0.354": (10061916, 1180),  # Flammenkamp
}
#: Heaps up to this size are valued from a table computed by the kernels on demand;
#: beyond, only a certified period answers.
_TABLE_LIMIT = 1 << 22
#: Without a published period, this many values are computed to look for one.
_PERIOD_SEARCH = 1 << 16

#: Estimated kernel steps a table or a period search of one code may take. A digit that
#: leaves three heaps (hexadecimal 8) costs ~n^3/36 steps for n values: 0.59 stops near
#: 4,000 values (~4 s), where 65,536 took hours; every other code is far below it.
_KERNEL_WORK = 2 * 10**9

#: Heaps above this size get their options of a given value from the period,
#: not by listing every option.
_LIST_ALL_UP_TO = 100_000
#: The most options of one value :meth:`OctalGame.moves_to_value` lists for a huge heap.
_MAX_LISTED_MOVES = 100_000


class _KernelTable(SearchedHeapGame):
    """A heap game valued by the kernels of :mod:`grundy.heaps` from its code `rules`."""

    @property
    def rules(self) -> HeapCode:
        raise NotImplementedError

    def formula(self, n: HeapPosition) -> int | None:
        if not isinstance(n, int):
            return None  # a row of heaps is valued heap by heap (components)
        for key in ("table", "certified_table"):  # either may hold a certified period
            table: HeapSequence | None = self.cache.get(key)
            if table is not None and (n <= table.upto or table.certified):
                return table.value(n)
        affordable = self._values_affordable()
        if n < min(_TABLE_LIMIT, affordable):
            from ..heaps import find_period

            # Values in doubling steps that stop at the first certified period, which
            # then answers every heap (Dawson's Kayles: 1,024 values, where a table to
            # 2n cost seconds at n = 10^5); without one, to twice n, so that a game asked
            # ever bigger heaps recomputes O(log n) times.
            table = find_period(  # at least to n: a period no theorem certifies stops it
                self.rules,
                max_values=min(_TABLE_LIMIT, affordable, max(1024, 2 * n + 1)),
                at_least=n + 1,
            )
            self.cache["table"] = table
            return table.value(n)
        found = self._certified()
        return found.value(n) if found.certified else None

    def _certified(self) -> HeapSequence:
        """Values far enough to certify the published period, or 65,536 values searched."""
        sequence: HeapSequence | None = self.cache.get("certified_table")
        table: HeapSequence | None = self.cache.get("table")
        if sequence is None and table is not None and table.certified:
            sequence = table
        if sequence is None:
            from ..heaps import certificate_bound, find_period

            known = KNOWN_PERIODS.get(self.rules.text)
            bound = certificate_bound(self.rules, *known) if known else None
            needed = bound[0] + known[1] if bound and known else 0  # values the theorem reads
            searched = min(_PERIOD_SEARCH, self._values_affordable())
            sequence = find_period(self.rules, max_values=max(needed, searched))
            self.cache["certified_table"] = sequence
        return sequence

    def _values_affordable(self) -> int:
        """How many values the kernels compute within ``_KERNEL_WORK`` steps."""
        three_heap_digits = sum(1 for digit in self.rules.digits if digit & 8)
        if not three_heap_digits:
            return _TABLE_LIMIT
        return round((36 * _KERNEL_WORK / three_heap_digits) ** (1 / 3))  # an estimate

    def why_no_formula(self, n: int) -> str:
        return f"heap {n:,} is beyond the table, and no period is certified"


@dataclass(frozen=True, repr=False)
class OctalGame(_KernelTable):
    """The take-and-break game with octal code ``0.d1d2d3...`` (or hexadecimal, or with a
    digit d0 before the point): digit d_j says how a move may remove j tokens from a heap.

    Digit d_j is a sum of 1 (the j tokens may be the whole heap), 2 (they may leave
    one non-empty heap), 4 (they may leave two non-empty heaps, the rest of the heap
    split in two) and, in hexadecimal codes, 8 (three heaps); 0 means j tokens may not
    be removed. d0 (4, 8 or C) splits a heap without removing anything.

    Parameters
    ----------
    code : str
        A code as read by :func:`grundy.heaps.parse_code`, e.g. ``"0.77"``, ``"4.07"``,
        ``"0.3F"``; trailing zeros are dropped.
    name : str, optional
        A name shown in messages and repr, e.g. ``"Kayles"``.

    Raises
    ------
    InvalidGameError
        The code is malformed: the message names the bad character.

    Examples
    --------
    >>> from grundy.games import OctalGame, Kayles
    >>> OctalGame("0.6").table(range(12))
    [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4]
    >>> Kayles.table(range(12))
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> Kayles.winning_moves((3, 5))         # take 2 from the end, or 2 leaving 1 + 2
    [(3, 3), (3, 1, 2)]
    >>> Kayles.grundy(10**100)                # from the period: 12 from n = 71
    1
    >>> OctalGame("0.7G")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidCodeError: code '0.7G': 'G' at position 4 is not a digit: ...

    Notes
    -----
    Values come from the compiled kernels of :mod:`grundy.heaps` (a table computed in
    doubling steps, kept: it stops at the first period certified, which answers every
    heap, or else at twice the heap asked); ``use_formula=False`` runs the generic solver
    on the rules instead, which the tests compare. A heap beyond 2^22 is answered by a
    period certified by the periodicity theorem (see
    :func:`grundy.heaps.certificate_bound`): for the codes in :data:`KNOWN_PERIODS` the
    values are computed as far as the theorem needs (Kayles: period 12 from n = 71;
    0.354: period 1180 from n = 10,061,916, about 2·10^7 values), for other codes up to
    65,536 values are searched for a period; otherwise such a heap raises
    ``PositionLimitError``.

    Named games: ``Kayles = OctalGame("0.77")`` (also the lecture notes' "take one stone
    or two adjacent stones from a row"), ``DawsonsKayles = OctalGame("0.07")``,
    ``DawsonsChess = OctalGame("0.137")``.

    References
    ----------
    R. K. Guy and C. A. B. Smith, "The G-values of various games", Proc. Cambridge
    Philos. Soc. 52 (1956), 514-526. Winning Ways, chapter 4.
    """

    code: str
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        code = self.code
        # Sets S are refused before parse_code reads them: SubtractionGame checks them.
        subtraction = isinstance(code, str) and code.strip().lower().startswith(
            ("subtraction:", "allbut:")
        )
        rules = None if subtraction else parse_code(code)
        if rules is None or rules.kind not in ("octal", "hexadecimal"):
            raise InvalidGameError(
                f"OctalGame: {shown(code)} is not an octal or hexadecimal code such as '0.77'"
                " (Grundy's game and subtraction sets have their own classes)"
            )
        object.__setattr__(self, "code", rules.text)
        if not isinstance(self.name, str):
            raise InvalidGameError(f"OctalGame: name {self.name!r} must be a string")

    @classmethod
    def from_digits(cls, digits: Sequence[int], *, d0: int = 0, name: str = "") -> OctalGame:
        """Build the game of digits d_1, d_2, ... (ints 0-15), as a problem lists them.

        A rule "remove j tokens, leaving 0, 1 or 2 heaps" for j up to 1,000 is a
        1,000-digit code; this spares writing it as a string.

        Examples
        --------
        >>> from grundy.games import OctalGame
        >>> OctalGame.from_digits([7, 7])
        OctalGame('0.77')
        >>> OctalGame.from_digits([0] * 999 + [3]).grundy(2000) == 2000 // 1000 % 2
        True
        """
        if isinstance(d0, bool) or not isinstance(d0, int) or not 0 <= d0 <= 15:
            raise InvalidGameError(f"OctalGame: d0 {d0!r} is not a digit 0-15")
        text = []
        for j, digit in enumerate(digits, start=1):
            if isinstance(digit, bool) or not isinstance(digit, int) or not 0 <= digit <= 15:
                raise InvalidGameError(f"OctalGame: digit {j} ({digit!r}) is not a digit 0-15")
            text.append(format(digit, "X"))
        return cls(f"{d0:X}.{''.join(text) or '0'}", name=name)

    @functools.cached_property  # heap_moves reads it for every heap a search visits
    def rules(self) -> HeapCode:
        """The parsed code, as :mod:`grundy.heaps` reads it."""
        return parse_code(self.code)

    def __repr__(self) -> str:
        if self.name:
            return f"OctalGame({self.code!r}, name={self.name!r})"
        return f"OctalGame({self.code!r})"

    @property
    def digits(self) -> tuple[int, ...]:
        """The digits d_1, d_2, ... of the code (d_0, before the point, is not included).

        Examples
        --------
        >>> from grundy.games import OctalGame
        >>> OctalGame("0.137").digits
        (1, 3, 7)
        """
        return self.rules.digits[1:]

    @property
    def period(self) -> tuple[int, int] | None:
        """``(preperiod, period)`` once certified (computing as far as needed), else None.

        Examples
        --------
        >>> from grundy.games import Kayles
        >>> Kayles.period
        (71, 12)
        """
        found = self._certified().periodicity
        return (found.preperiod, found.period) if found and found.certified else None

    def heap_moves(self, n: int) -> list[int | Sum]:
        self._check_listable(n)
        options: list[int | Sum] = []
        for j, digit in enumerate(self.rules.digits):
            if j > n:
                break
            rest = n - j
            if digit & 1 and rest == 0 and j > 0:
                options.append(0)
            if digit & 2 and rest > 0 and j > 0:
                options.append(rest)
            if digit & 4:
                options.extend(Sum(a, rest - a) for a in range(1, rest // 2 + 1))
            if digit & 8:
                options.extend(
                    Sum(a, b, rest - a - b)
                    for a in range(1, rest // 3 + 1)
                    for b in range(a, (rest - a) // 2 + 1)
                )
        return options

    def moves_to_value(self, n: HeapPosition, value: int) -> Iterable[HeapPosition | Sum]:
        """Options of heap `n` with SG value `value`.

        Heaps up to 100,000 filter their options. Bigger heaps need a known period:
        a split a + b = n - j with both parts past the preperiod has a value fixed by
        a mod p, so whole residue classes are counted at once; more than 100,000
        matching options raise ``PositionLimitError`` (too many to list).

        Examples
        --------
        >>> from grundy.games import Kayles
        >>> Kayles.moves_to_value(10**18 + 2, 2)
        [Sum(3, 999999999999999997), Sum(11, 999999999999999989), Sum(39, 999999999999999961)]
        """
        if not isinstance(n, int) or n <= _LIST_ALL_UP_TO:
            return super().moves_to_value(n, value)
        found = self._periodic_options(n, value)
        if found is None:
            self.check_search(n, use_formula=False)  # refuse a search too big at once
            return super().moves_to_value(n, value)
        options, classes, count = found
        if count > _MAX_LISTED_MOVES:
            raise PositionLimitError(
                f"{self!r}: heap {n:,} has {count:,} options of SG value {value}, more than "
                f"{_MAX_LISTED_MOVES:,}; too many to list (winning_move gives one)"
            )
        for first, last, length, rest in classes:
            options.extend(Sum(a, rest - a) for a in range(first, last + 1, length))
        return options

    def winning_move(
        self, position: HeapPosition | Sum, *, misere: bool = False
    ) -> HeapPosition | Sum | None:
        """Return one winning move; a huge heap's comes from the period, even where its
        winning moves are too many to list.

        Examples
        --------
        >>> from grundy.games import OctalGame
        >>> OctalGame("0.5").winning_move(10**18 + 1)   # G = 1: leave two odd heaps
        Sum(1, 999999999999999999)
        """
        heap = position[0] if isinstance(position, tuple) and len(position) == 1 else position
        found = None
        if isinstance(heap, int) and heap > _LIST_ALL_UP_TO and not misere:
            found = self._periodic_options(heap, 0)
        if found is None:
            return super().winning_move(position, misere=misere)
        options, classes, _ = found
        if options:
            move = options[0]
        elif classes:
            first, _, _, rest = min(classes)
            move = Sum(first, rest - first)
        else:
            return None
        return move if position is heap else self.assemble([move])

    def _periodic_options(
        self, n: int, value: int
    ) -> tuple[list[int | Sum], list[tuple[int, int, int, int]], int] | None:
        """The options of a huge heap `n` with SG value `value`, by the certified period:
        those listed one by one, the residue classes (first a, last a, step, a + b) of
        splits a + b with both parts periodic, and the count of all; None without a
        certified period (or for three-heap moves)."""
        period = self.period
        if period is None or self.rules.max_heaps > 2:
            return None
        start, length = period

        def g(m: int) -> int:
            return self.grundy(m)

        options: list[int | Sum] = []
        classes: list[tuple[int, int, int, int]] = []
        count = 0
        for j, digit in enumerate(self.rules.digits):
            rest = n - j  # n is huge: the heap is never removed whole
            if digit & 2 and g(rest) == value:
                options.append(rest)
                count += 1
            if digit & 4:
                for a in range(1, start):  # b = rest - a is past the preperiod
                    if g(a) ^ g(rest - a) == value:
                        options.append(Sum(a, rest - a))
                        count += 1
                last, first = rest // 2, max(start, 1)  # both parts non-empty
                for a in range(first, first + length):  # a and b both periodic
                    if a <= last and g(a) ^ g(rest - a) == value:
                        classes.append((a, last, length, rest))
                        count += (last - a) // length + 1
        return options, classes, count

    def options_count(self, n: int) -> int:
        count = 0
        for j, digit in enumerate(self.rules.digits):
            count += (digit & 1 and n == j > 0) + (digit & 2 and n > j > 0)
            if digit & 4 and n > j:
                count += (n - j) // 2
            if digit & 8 and n > j:
                count += (n - j) ** 2 // 12 + 1
        return count

    def search_steps(self, n: int) -> int:
        return sum(self.options_count(m) for m in (n // 2, n)) * n // 2 + n


@dataclass(frozen=True)
class GrundysGame(_KernelTable):
    """Grundy's game: a move splits one heap into two non-empty heaps of different sizes.

    Examples
    --------
    >>> from grundy.games import GrundysGame
    >>> GrundysGame().table(range(12))
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    >>> GrundysGame().winning_moves(8)
    [Sum(1, 7)]
    >>> GrundysGame().winning_moves((8, 3))
    [(2, 6, 3)]

    Notes
    -----
    No period is known (values have been computed into the billions without one), so
    heaps up to 2^22 are valued by the sparse kernel of :mod:`grundy.heaps` and a bigger
    heap raises ``PositionLimitError`` at once. Values are checked against OEIS A002188,
    A036685 (the P-positions), CGSuite and the generic solver in the tests.

    References
    ----------
    P. M. Grundy, "Mathematics and games", Eureka 2 (1939), 6-8. Winning Ways, ch. 4.
    """

    @functools.cached_property
    def rules(self) -> HeapCode:
        return parse_code("grundy")

    def heap_moves(self, n: int) -> list[Sum]:
        self._check_listable(n)
        return [Sum(a, n - a) for a in range(1, (n - 1) // 2 + 1)]

    def options_count(self, n: int) -> int:
        return max(0, (n - 1) // 2)

    def search_steps(self, n: int) -> int:
        return n * n // 4

    def why_no_formula(self, n: int) -> str:
        return f"heap {n:,} is beyond the table (Grundy's game has no known period)"


Kayles = OctalGame("0.77", name="Kayles")
"""Kayles (octal 0.77): knock down one pin or two adjacent pins from a row.

Also the lecture notes' "take one or two adjacent stones" problem (拿石頭: stones in a
row, take any one stone or two neighbouring ones): a row of n stones is a Kayles heap.
"""

DawsonsKayles = OctalGame("0.07", name="Dawson's Kayles")
"""Dawson's Kayles (octal 0.07): knock down two adjacent pins."""

DawsonsChess = OctalGame("0.137", name="Dawson's chess")
"""Dawson's chess (octal 0.137): Dawson's Kayles with heaps one larger."""
