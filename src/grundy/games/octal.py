"""Octal games (Kayles, Dawson's Kayles, Dawson's chess) and Grundy's game."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InvalidGameError, PositionLimitError
from ..sums import Sum
from .heap_game import SearchedHeapGame

__all__ = [
    "OctalGame",
    "GrundysGame",
    "KNOWN_PERIODS",
    "Kayles",
    "DawsonsKayles",
    "DawsonsChess",
]

#: Known periodicity of octal games: code -> (preperiod n0, period p), meaning
#: G(n + p) = G(n) for every n >= n0. Each is certified in the tests by the periodicity
#: theorem (see :class:`OctalGame`), with n0 and p the least possible.
KNOWN_PERIODS: dict[str, tuple[int, int]] = {
    "0.77": (71, 12),  # Kayles (Guy and Smith 1956)
    "0.07": (53, 34),  # Dawson's Kayles
    "0.137": (52, 34),  # Dawson's chess: Dawson's Kayles shifted by one token
}

#: Heaps above this size get their options of a given value from the period,
#: not by listing every option.
_LIST_ALL_UP_TO = 100_000
#: The most options of one value :meth:`OctalGame.moves_to_value` lists for a huge heap.
_MAX_LISTED_MOVES = 100_000


@dataclass(frozen=True, repr=False)
class OctalGame(SearchedHeapGame):
    """The octal game with code ``0.d1d2d3...``: digit d_j says how a move may remove j
    tokens from a heap.

    Digit d_j is a sum of 1 (the j tokens may be the whole heap), 2 (they may leave
    one non-empty heap) and 4 (they may leave two non-empty heaps, the rest of the heap
    split in two); 0 means j tokens may not be removed.

    Parameters
    ----------
    code : str
        ``"0."`` followed by octal digits 0-7, e.g. ``"0.77"``; trailing zeros are
        dropped.
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
    >>> OctalGame("0.78")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidGameError: octal code '0.78': '8' at position 4 is not an octal digit 0-7

    Notes
    -----
    Values come from the generic solver (a heap of n has up to n/2 splits for each
    digit with bit 4, so heaps up to n cost O(n²)). For the codes in
    :data:`KNOWN_PERIODS` the period answers heaps of any size at once: Kayles (0.77)
    has period 12 from n = 71, Dawson's Kayles (0.07) period 34 from n = 53, Dawson's
    chess (0.137) period 34 from n = 52. Each is certified by the periodicity theorem
    for octal games (Guy and Smith): if the moves remove at most t tokens and
    G(n + p) = G(n) for every n0 <= n < 2·n0 + p + t, then G(n + p) = G(n) for every
    n >= n0. Other codes without a known period are searched, and a heap too big to
    search raises ``PositionLimitError`` at once (faster kernels for octal and
    hexadecimal codes are the job of a separate heap-sequence engine).

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
        object.__setattr__(self, "code", _parse_code(self.code))
        if not isinstance(self.name, str):
            raise InvalidGameError(f"OctalGame: name {self.name!r} must be a string")

    def __repr__(self) -> str:
        if self.name:
            return f"OctalGame({self.code!r}, name={self.name!r})"
        return f"OctalGame({self.code!r})"

    @property
    def digits(self) -> tuple[int, ...]:
        """The digits d_1, d_2, ... of the code.

        Examples
        --------
        >>> from grundy.games import OctalGame
        >>> OctalGame("0.137").digits
        (1, 3, 7)
        """
        return tuple(int(d) for d in self.code[2:])

    @property
    def period(self) -> tuple[int, int] | None:
        """``(preperiod, period)`` if known (see :data:`KNOWN_PERIODS`), else None.

        Examples
        --------
        >>> from grundy.games import Kayles
        >>> Kayles.period
        (71, 12)
        """
        return KNOWN_PERIODS.get(self.code)

    def heap_moves(self, n: int) -> list[int | Sum]:
        self._check_listable(n)
        options: list[int | Sum] = []
        for j, digit in enumerate(self.digits, start=1):
            if j > n:
                break
            if digit & 1 and n == j:
                options.append(0)
            if digit & 2 and n > j:
                options.append(n - j)
            if digit & 4:
                rest = n - j
                options.extend(Sum(a, rest - a) for a in range(1, rest // 2 + 1))
        return options

    def formula(self, n: int) -> int | None:
        period = self.period
        if period is None:
            return None
        start, length = period
        table = self.__dict__.get("_period_table")
        if table is None:  # the first start + length values, once, by search
            table = [self.grundy(m, use_formula=False) for m in range(start + length)]
            self.__dict__["_period_table"] = table  # also works on a frozen dataclass
        return table[n] if n < start + length else table[start + (n - start) % length]

    def moves_to_value(self, n: int, value: int) -> list[int | Sum]:
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
        if n <= _LIST_ALL_UP_TO:
            return super().moves_to_value(n, value)
        period = self.period
        if period is None:
            self._check_search_size(n, self.max_positions)
            return super().moves_to_value(n, value)
        start, length = period

        def g(m: int) -> int:
            return self.grundy(m)

        options: list[int | Sum] = []
        classes: list[tuple[int, int, int]] = []  # (first a, last a, a + b) of classes
        count = 0
        for j, digit in enumerate(self.digits, start=1):
            rest = n - j  # n is huge: the heap is never removed whole
            if digit & 2 and g(rest) == value:
                options.append(rest)
                count += 1
            if digit & 4:
                for a in range(1, start):  # b = rest - a is past the preperiod
                    if g(a) ^ g(rest - a) == value:
                        options.append(Sum(a, rest - a))
                        count += 1
                last = rest // 2
                for a in range(start, start + length):  # a and b both periodic
                    if a <= last and g(a) ^ g(rest - a) == value:
                        classes.append((a, last, rest))
                        count += (last - a) // length + 1
        if count > _MAX_LISTED_MOVES:
            raise PositionLimitError(
                f"{self!r}: heap {n:,} has {count:,} options of SG value {value}, more than "
                f"{_MAX_LISTED_MOVES:,}; too many to list"
            )
        for first, last, rest in classes:
            options.extend(Sum(a, rest - a) for a in range(first, last + 1, length))
        return options

    def _options_count(self, n: int) -> int:
        count = 0
        for j, digit in enumerate(self.digits, start=1):
            count += (digit & 1 and n == j) + (digit & 2 and n > j)
            if digit & 4 and n > j:
                count += (n - j) // 2
        return count

    def _search_steps(self, n: int) -> int:
        splits = sum(1 for d in self.digits if d & 4)
        return n + splits * n * n // 4


def _parse_code(code: object) -> str:
    """Check an octal code ``0.d1d2...`` and return it without trailing zeros."""
    if not isinstance(code, str):
        raise InvalidGameError(f"octal code {code!r} must be a string such as '0.77'")
    text = code.strip()
    if not text.startswith("0."):
        if "." in text and text.split(".")[0].isdigit():
            raise InvalidGameError(
                f"octal code {code!r}: only codes 0.d1d2... are supported here "
                f"(a digit {text.split('.')[0]!r} before the point is not)"
            )
        raise InvalidGameError(f"octal code {code!r} must start with '0.', e.g. '0.77'")
    for i, ch in enumerate(text[2:], start=3):
        if ch not in "01234567":
            raise InvalidGameError(
                f"octal code {code!r}: {ch!r} at position {i} is not an octal digit 0-7"
            )
    digits = text[2:].rstrip("0")
    if not text[2:]:
        raise InvalidGameError(f"octal code {code!r} has no digits after '0.', e.g. '0.77'")
    return "0." + (digits or "0")


@dataclass(frozen=True)
class GrundysGame(SearchedHeapGame):
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
    values come from search: O(n²) for heaps up to n, and a heap too big for
    ``max_positions`` raises ``PositionLimitError`` at once. Values are checked
    against OEIS A002188, A036685 (the P-positions) and CGSuite in the tests.

    References
    ----------
    P. M. Grundy, "Mathematics and games", Eureka 2 (1939), 6-8. Winning Ways, ch. 4.
    """

    def heap_moves(self, n: int) -> list[Sum]:
        self._check_listable(n)
        return [Sum(a, n - a) for a in range(1, (n - 1) // 2 + 1)]

    def _options_count(self, n: int) -> int:
        return max(0, (n - 1) // 2)

    def _search_steps(self, n: int) -> int:
        return n * n // 4

    def _why_no_formula(self, n: int) -> str:
        return f"heap {n:,} has no closed form here (Grundy's game has no known period)"


Kayles = OctalGame("0.77", name="Kayles")
"""Kayles (octal 0.77): knock down one pin or two adjacent pins from a row.

Also the lecture notes' "take one or two adjacent stones" problem (拿石頭: stones in a
row, take any one stone or two neighbouring ones): a row of n stones is a Kayles heap.
"""

DawsonsKayles = OctalGame("0.07", name="Dawson's Kayles")
"""Dawson's Kayles (octal 0.07): knock down two adjacent pins."""

DawsonsChess = OctalGame("0.137", name="Dawson's chess")
"""Dawson's chess (octal 0.137): Dawson's Kayles with heaps one larger."""
