"""Subtraction games: remove a number of tokens from a fixed set; Bash is take 1..M."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.errors import InvalidGameError, PositionLimitError
from ..core.integers import INT64_MAX, parse_int, shown
from ..core.periodicity import Periodicity, window_periodicity
from ..core.sums import Sum
from ..heaps.codes import HeapCode, parse_code, parse_subtraction_set
from .heap_game import HeapGame, HeapPosition

__all__ = [
    "SubtractionGame",
    "AllButSubtractionGame",
    "Bash",
    "parse_subtraction_set",
    "read_subtraction_set",
]

#: explain() finds the period of a subtraction set up to this largest subtraction.
_EXPLAIN_WINDOW = 10_000


def read_subtraction_set(value: object) -> tuple[int, ...]:
    """Return a subtraction set as a sorted tuple of distinct positive ints, or raise.

    What the subtraction games' constructors and the registry read S with:
    :func:`parse_subtraction_set`, with the numbers of a text (``"1,3,4"``) read by
    :func:`grundy.core.integers.parse_int` (ASCII digits only), anything but a text or an
    iterable refused, and numbers past 2^63 - 1 refused (the compiled kernels hold
    64-bit ints; a period shows only after a window of max(S) values anyway).

    Raises
    ------
    InvalidGameError
        One line naming the set and the bad number.

    Examples
    --------
    >>> from grundy.games.subtraction import read_subtraction_set
    >>> read_subtraction_set("4, 1,3"), read_subtraction_set([2, 2, 1])
    ((1, 3, 4), (1, 2))
    >>> read_subtraction_set("1,²")
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: subtraction set '1,²': '²' is not a positive integer
    >>> read_subtraction_set(None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: subtraction set None is not a set of positive integers; ...
    """
    where = f"subtraction set {shown(value)}:"
    if isinstance(value, str):
        items = [t.strip() for t in value.split(",")]
        if items == [""]:
            return parse_subtraction_set(value)  # which says that it is empty
        numbers = []
        for item in items:
            number = parse_int(
                item, where, signed=False, error=InvalidGameError, expected="a positive integer"
            )
            if number < 1:
                raise InvalidGameError(f"{where} {shown(item)} is not a positive integer")
            numbers.append(number)
    elif isinstance(value, Iterable):
        numbers = [
            parse_int(
                item, where, signed=False, error=InvalidGameError, expected="a positive integer"
            )
            if isinstance(item, str)
            else item
            for item in value
        ]
    else:
        raise InvalidGameError(
            f"subtraction set {shown(value)} is not a set of positive integers; give e.g. "
            "(1, 3, 4) or '1,3,4'"
        )
    result = parse_subtraction_set(numbers)
    if result and result[-1] > INT64_MAX:
        raise InvalidGameError(
            f"{where} {shown(result[-1])} is more than 2^63 - 1, the largest number of "
            "tokens grundy's compiled kernels take"
        )
    return result


@dataclass(frozen=True)
class SubtractionGame(HeapGame):
    """Subtraction game S: a move removes s tokens from one heap, for some s in S.

    Examples
    --------
    >>> from grundy.games import SubtractionGame
    >>> game = SubtractionGame([1, 3, 4])
    >>> game.table(range(14))
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
    >>> game.periodicity()
    Periodicity(preperiod=0, period=7, certified=True)
    >>> game.grundy(10**100), [10**100 - m for m in game.winning_moves(10**100)]
    (2, [4])

    Notes
    -----
    For a finite S every value depends on the previous max(S) values, so the sequence is
    periodic; once a window of max(S) values repeats, the period is proved (see
    :func:`~grundy.core.periodicity.window_periodicity`) and a heap of any size is answered at
    once. Values are computed in O(|S|) each, up to the heap asked or the first repeated
    window, whichever comes first; the window search costs O(n + max(S)) time and O(n)
    memory (rolling hashes). A heap beyond ``max_positions`` whose period cannot show
    within that many values (max(S) itself that large) is refused at once.
    """

    subtraction_set: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "subtraction_set", read_subtraction_set(self.subtraction_set))

    def heap_moves(self, n: int) -> list[int]:
        return [n - s for s in self.subtraction_set if s <= n]

    @property
    def rules(self) -> HeapCode:
        """The heap code of the game (``subtraction:S``), for periodicity theorems."""
        return parse_code("subtraction:" + ",".join(map(str, self.subtraction_set)))

    def pattern_offsets(self, dims: int) -> tuple[tuple[int, ...], ...] | None:
        """Heaps (a, b, ...): a move takes s in S from one of them (a 2-D rule is proved
        by the finite-window theorem); None when S has a move over ``MAX_OFFSET``.

        Examples
        --------
        >>> from grundy.games import SubtractionGame
        >>> SubtractionGame([2, 3]).pattern_offsets(2)
        ((-2, 0), (-3, 0), (0, -2), (0, -3))
        """
        return _take_from_one(self.subtraction_set, dims)

    def formula(self, n: HeapPosition) -> int | None:
        if not isinstance(n, int):
            return None  # a row of heaps is valued heap by heap (components)
        values, periodicity = self._values_up_to(n)
        return values[periodicity.index(n) if periodicity else n]

    def periodicity(self) -> Periodicity:
        """Return the shortest period and preperiod of the SG sequence (certified).

        Raises
        ------
        PositionLimitError
            No period within ``max_positions`` values.

        Examples
        --------
        >>> from grundy.games import SubtractionGame
        >>> SubtractionGame([2, 3, 7]).periodicity()
        Periodicity(preperiod=0, period=5, certified=True)
        """
        periodicity = self._values_up_to(None)[1]
        assert periodicity is not None
        return periodicity

    def explain_part(self, n: HeapPosition) -> str:
        if not isinstance(n, int):
            return super().explain_part(n)
        value = self.grundy(n)
        periodicity = self.cache.get("table", ([], [None]))[1][0]
        if periodicity is None and self.subtraction_set[-1] <= _EXPLAIN_WINDOW:
            try:  # the same line whatever was computed before: find the period now
                periodicity = self.periodicity()
            except PositionLimitError:
                periodicity = None
        if periodicity is None or periodicity.index(n) == n:
            return super().explain_part(n)  # the first values: the mex of the options
        start, period, i = periodicity.preperiod, periodicity.period, periodicity.index(n)
        return (
            f"{n} ≡ {i} (mod {period}) and the values repeat with period {period} "
            f"from {start}: G = G({i}) = {value}"
        )

    def explain_lists_options(self, n: HeapPosition) -> bool:
        return True  # at most |S| options

    def _values_up_to(self, n: int | None) -> tuple[list[int], Periodicity | None]:
        """The values computed so far, extended to n (or to the period if n is None)."""
        table = self.cache.setdefault("table", ([], [None]))
        values, found = table
        if found[0] is not None or (n is not None and n < len(values)):
            return values, found[0]
        window = self.subtraction_set[-1]
        if window >= self.max_positions and (n is None or n >= self.max_positions):
            # A period shows only once a window of max(S) values repeats: never in time.
            raise PositionLimitError(
                f"{self!r}: a period shows only after a window of max(S) = {window:,} values "
                f"repeats, and max_positions = {self.max_positions:,} values are allowed; "
                + ("its period" if n is None else f"heap {n:,}")
                + " cannot be reached"
            )
        while n is None or len(values) <= n:
            if len(values) >= self.max_positions:
                raise PositionLimitError(
                    f"{self!r}: no period found in the first {self.max_positions:,} values; "
                    f"heap {n} needs more (raise max_positions)"
                )
            size = len(values)
            # Check for a repeated window every time the table doubles: O(n window) overall.
            if size >= 2 * window and size & (size - 1) == 0:
                found[0] = window_periodicity(values, window)
                if found[0] is not None:
                    return values, found[0]
            seen = 0
            for s in self.subtraction_set:
                if s > size:
                    break
                seen |= 1 << values[size - s]
            values.append((~seen & (seen + 1)).bit_length() - 1)  # mex of a bitset
        return values, None


@dataclass(frozen=True)
class AllButSubtractionGame(HeapGame):
    """All-but subtraction game: a move removes any number of tokens except those in S.

    Examples
    --------
    >>> from grundy.games import AllButSubtractionGame
    >>> AllButSubtractionGame([2, 3, 7]).table(range(12))
    [0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5]

    Notes
    -----
    Values grow without bound (the sequences are arithmetic-periodic); each is computed
    in O(|S|) from running counts of the earlier values: the mex of all earlier values
    except those at n - s (s in S) is either the smallest value never seen or one of
    those excluded values whose every occurrence is excluded. Heaps up to
    ``max_positions``.
    """

    excluded: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "excluded", read_subtraction_set(self.excluded))

    def heap_moves(self, n: int) -> list[int]:
        excluded = set(self.excluded)
        return [n - k for k in range(1, n + 1) if k not in excluded]

    def formula(self, n: HeapPosition) -> int | None:
        if not isinstance(n, int):
            return None  # a row of heaps is valued heap by heap (components)
        values, counts, smallest_unseen = self.cache.setdefault("table", ([], Counter(), [0]))
        if n >= self.max_positions:
            raise PositionLimitError(
                f"{self!r}: heap {n:,} needs {n + 1:,} values, more than max_positions "
                f"{self.max_positions:,} (no closed form is used for all-but games yet)"
            )
        while len(values) <= n:
            size = len(values)
            hidden = Counter(values[size - s] for s in self.excluded if s <= size)
            candidates = [v for v, c in hidden.items() if counts[v] == c]
            value = min([smallest_unseen[0], *candidates])
            values.append(value)
            counts[value] += 1
            while counts[smallest_unseen[0]]:
                smallest_unseen[0] += 1
        return values[n]

    def moves_to_value(self, n: HeapPosition, value: int) -> Iterable[HeapPosition | Sum]:
        if not isinstance(n, int):
            return super().moves_to_value(n, value)
        return [m for m in self.heap_moves(n) if self.formula(m) == value]


@dataclass(frozen=True)
class Bash(HeapGame):
    """Bash game: a move removes 1 to `m` tokens from one heap.

    Examples
    --------
    >>> from grundy.games import Bash
    >>> Bash(3).grundy(10**100 + 2)
    2
    >>> Bash(3).winning_moves(10)
    [8]

    Notes
    -----
    G(n) = n mod (m + 1): from n the options n-1..n-m cover every residue but n's own.
    The winning move takes n mod (m + 1) tokens. O(1) for heaps of any size.
    """

    m: int

    def __post_init__(self) -> None:
        if isinstance(self.m, bool) or not isinstance(self.m, int) or self.m < 1:
            raise InvalidGameError(f"Bash game: m = {shown(self.m)} must be a positive integer")

    def heap_moves(self, n: int) -> range:
        return range(n - 1, max(n - self.m, 0) - 1, -1)

    def formula(self, n: HeapPosition) -> int | None:
        if not isinstance(n, int):
            return None  # a row of heaps is valued heap by heap (components)
        return n % (self.m + 1)

    @property
    def rules(self) -> HeapCode:
        """The heap code of the game (``subtraction:1,...,m``), for periodicity theorems."""
        return parse_code("subtraction:" + ",".join(map(str, range(1, self.m + 1))))

    def pattern_offsets(self, dims: int) -> tuple[tuple[int, ...], ...] | None:
        return None if self.m > MAX_OFFSET else _take_from_one(range(1, self.m + 1), dims)

    def pattern_theorem(self, dims: int) -> tuple[str, str] | None:
        theorem = "Bash: n mod (m + 1), each residue but n's own reached"
        return (f"n % {self.m + 1}", theorem) if dims == 1 else None

    def explain_part(self, n: HeapPosition) -> str:
        if not isinstance(n, int):
            return super().explain_part(n)
        modulus = self.m + 1
        return f"a heap's value is its size mod {modulus}: {n} mod {modulus} = {n % modulus}"

    def heap_values_label(self) -> str:
        return f"the heaps mod {self.m + 1}"

    def moves_to_value(self, n: HeapPosition, value: int) -> Iterable[HeapPosition | Sum]:
        if not isinstance(n, int):
            return super().moves_to_value(n, value)
        take = (n - value) % (self.m + 1)
        return [n - take] if value <= self.m and 0 < take <= n else []


#: Moves longer than this are not declared as offsets: the window that would prove a
#: two-heap rule grows with the longest move (a Bash game of 10^9 would list 2·10^9).
MAX_OFFSET = 64


def _take_from_one(amounts: Sequence[int], dims: int) -> tuple[tuple[int, ...], ...] | None:
    """The offsets of taking one of `amounts` from one of `dims` heaps (None past MAX_OFFSET)."""
    if not amounts or max(amounts) > MAX_OFFSET:
        return None
    return tuple(
        tuple(-s if k == heap else 0 for k in range(dims)) for heap in range(dims) for s in amounts
    )
