"""Wythoff's game: take from one heap, or the same number from both."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from math import isqrt

from ..core.errors import InvalidPositionError, PositionLimitError
from ..core.integers import shown, unlimited_int_text
from ..core.outcome import Outcome
from ..core.sums import Sum
from ..display.heaps import heaps_picture
from ..display.picture import Picture
from ..impartial.game import ImpartialGame
from .heap_game import parse_heap

__all__ = ["Wythoff", "wythoff_pair", "wythoff_partner"]

Pair = tuple[int, int]


def wythoff_pair(k: int) -> Pair:
    """Return the k-th P-position of Wythoff's game, ``(floor(k φ), floor(k φ²))``.

    Parameters
    ----------
    k : int
        A non-negative integer of any size; the two heaps differ by exactly `k`.

    Examples
    --------
    >>> from grundy.games import wythoff_pair
    >>> [wythoff_pair(k) for k in range(5)]
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
    >>> wythoff_pair(10**30)
    (1618033988749894848204586834365, 2618033988749894848204586834365)

    Notes
    -----
    floor(k φ) = floor((k + sqrt(5 k²)) / 2) = (k + isqrt(5 k²)) // 2: an exact integer
    square root, no floats. O(M(log k)).
    """
    lower = (k + isqrt(5 * k * k)) // 2
    return lower, lower + k


def wythoff_partner(m: int) -> int:
    """Return the other heap of the one P-position of Wythoff's game that contains `m`.

    Every positive integer is in exactly one pair ``wythoff_pair(k)``, k >= 1 (the
    lower and upper Wythoff sequences partition them); 0 is its own partner.

    Examples
    --------
    >>> from grundy.games import wythoff_partner
    >>> [wythoff_partner(m) for m in range(8)]
    [0, 2, 1, 5, 7, 3, 10, 4]

    Notes
    -----
    If m = floor(k φ) then k = floor(m / φ) + 1; if m = floor(k φ²) then
    k = floor(m / φ²) + 1. Both floors come from isqrt(5 m²); each candidate k is
    checked exactly against :func:`wythoff_pair`. O(M(log m)).
    """
    if m == 0:
        return 0
    root = isqrt(5 * m * m)
    k = (root - m) // 2 + 1  # floor(m / φ) + 1
    for j in (k - 1, k, k + 1):
        lower, upper = wythoff_pair(j)
        if lower == m:
            return upper
    k = (3 * m - root - 1) // 2 + 1  # floor(m / φ²) + 1
    for j in (k - 1, k, k + 1):
        lower, upper = wythoff_pair(j)
        if upper == m:
            return lower
    raise AssertionError(f"no Wythoff pair contains {m}")  # impossible: Beatty partition


@dataclass(frozen=True)
class Wythoff(ImpartialGame[Pair]):
    """Wythoff's game: take one or more tokens from one heap, or the same number from both.

    A position is a pair of heaps ``(a, b)`` (a list is accepted). The player who
    takes the last token wins (normal play).

    Examples
    --------
    >>> from grundy.games import Wythoff
    >>> Wythoff().winning_moves((4, 9))
    [(4, 7)]
    >>> Wythoff().outcome((10**100, 10**100 + 1))
    Outcome.N
    >>> Wythoff().grundy((3, 4)), Wythoff().grundy((3, 5))
    (2, 0)

    Notes
    -----
    P-positions (Wythoff, 1907): (a, b) with a <= b is a P-position iff
    a = floor(d φ), d = b - a, φ the golden ratio; the P-positions are the pairs
    (floor(k φ), floor(k φ²)) and their mirror images, computed with exact integer
    square roots (:func:`wythoff_pair`), so heaps of any size are exact. Winning moves
    (every one of them): lower one heap to the partner of the other
    (:func:`wythoff_partner`) when that is smaller, or take from both heaps down to the
    P-pair of the same difference. Each is O(M(log b)).

    SG values: no closed form is known (each row is only known to be ultimately
    additively periodic: Dress, Flammenkamp and Pink 1999). Values other than those of
    P-positions and of ``(0, n)`` (= n, one Nim heap) come from a bottom-up search of
    the rectangle [0, a] x [0, b], a <= b (G(x, y) is the mex of the values to its left,
    below and diagonally below-left, kept as offset bit sets): (a + 1)(b + 1) positions,
    each a few operations on bit sets of O(a) bits. A position needing more than
    ``max_positions`` of them raises PositionLimitError at once.
    Misère play uses the generic search.

    References
    ----------
    W. A. Wythoff, A modification of the game of nim, Nieuw Arch. Wisk. 7 (1907).
    OEIS A000201, A001950 (P-positions), A004481 (SG values).
    """

    # ----------------------------------------------------------------- the rules
    def moves(self, position: Pair) -> list[Pair]:
        a, b = position
        count = a + b + min(a, b)
        if count > self.max_positions:  # a list of 10^50 options would never end
            raise PositionLimitError(
                f"{self!r}: ({shown(a)}, {shown(b)}) has {shown(count)} options, more than "
                f"max_positions = {self.max_positions:,}; too many to list"
            )
        return (
            [(x, b) for x in range(a)]
            + [(a, y) for y in range(b)]
            + [(a - t, b - t) for t in range(1, min(a, b) + 1)]
        )

    def formula(self, position: Pair) -> int | None:
        # Named "formula" because it is the solver's hook; only P-positions and (0, n)
        # have a closed form, the rest is read from the searched table.
        value = _closed_value(position)
        if value is not None:
            return value
        if self.search_size(position) > self.max_positions:
            return None  # too big: the query is refused with search_refusal's reason
        return self._table_value(position)

    def moves_to_value(self, position: Pair, value: int) -> list[Pair | Sum]:
        if value != 0:
            return list(super().moves_to_value(position, value))
        a, b = position
        found: list[Pair | Sum] = []
        x = wythoff_partner(b)
        if x < a:
            found.append((x, b))
        y = wythoff_partner(a)
        if y < b:
            found.append((a, y))
        low = min(a, b)
        target, _ = wythoff_pair(abs(a - b))
        if target < low:
            take = low - target
            found.append((a - take, b - take))
        return found

    def check_position(self, position: object) -> Pair | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        if not isinstance(position, tuple | list):
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a pair of heaps (a, b)"
            )
        if len(position) != 2:
            raise InvalidPositionError(
                f"{self!r}: position {shown(tuple(position))} has {len(position):,} heaps; "
                "Wythoff's game is played on exactly two heaps (a, b)"
            )
        return parse_heap(position[0], self), parse_heap(position[1], self)

    # ----------------------------------------------------------------- notation
    def parse_position(self, tokens: Sequence[str]) -> Pair | Sum:
        """Read the two heaps from command-line words: ``["4", "9"]`` -> ``(4, 9)``.

        Examples
        --------
        >>> from grundy.games import Wythoff
        >>> Wythoff().parse_position(["4", "9"])
        (4, 9)
        """
        if len(tokens) != 2:
            raise InvalidPositionError(
                f"{self!r}: give two heap sizes a b, got {shown(' '.join(tokens))}"
            )
        return self.check_position(tuple(tokens))

    def picture(self, position: Pair | Sum) -> Picture:
        """Draw the two heaps a and b as columns of counters, their sizes below them.

        Examples
        --------
        >>> from grundy.games import Wythoff
        >>> picture = Wythoff().picture((3, 5))
        >>> picture.svg.count("<circle"), picture.title
        (8, 'Wythoff(): 3 5')
        """
        position = self.check_position(position)
        if isinstance(position, Sum):
            return super().picture(position)
        title = self.picture_title(position)
        with unlimited_int_text():  # the text of a heap of 10^5000
            text = self.draw(position)
        return heaps_picture(position, title=title, text=text, names=("a", "b"), what=title)

    def describe_move(self, before: Pair | Sum, after: Pair | Sum) -> str:
        """Describe a move in words, heaps numbered from 1.

        Examples
        --------
        >>> from grundy.games import Wythoff
        >>> Wythoff().describe_move((4, 9), (4, 7)), Wythoff().describe_move((5, 9), (2, 6))
        ('take 2 from heap 2', 'take 3 from both heaps')
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        if isinstance(before, Sum) or isinstance(after, Sum):
            return super().describe_move(before, after)
        da, db = before[0] - after[0], before[1] - after[1]
        if da == db > 0:
            return f"take {da} from both heaps"
        if da > 0 and db == 0:
            return f"take {da} from heap 1"
        if db > 0 and da == 0:
            return f"take {db} from heap 2"
        return super().describe_move(before, after)

    # ----------------------------------------------------------------- queries
    def outcome(self, position: Pair | Sum, *, misere: bool = False) -> Outcome:
        """Return the outcome; normal play from the P-position test, for any heap size.

        Examples
        --------
        >>> from grundy.games import Wythoff
        >>> Wythoff().outcome((1, 2)), Wythoff().outcome((1, 2), misere=True)
        (Outcome.P, Outcome.N)
        """
        position = self.check_position(position)
        if misere or isinstance(position, Sum):
            return super().outcome(position, misere=misere)
        return Outcome.P if _is_p_position(*position) else Outcome.N

    def explain_part(self, position: Pair) -> str:
        a, b = position
        if a == 0 or b == 0:
            if a == b:
                return "no move is left: value = 0"
            return f"one heap is empty: the other is a Nim heap, value = {a + b}"
        low, high = min(a, b), max(a, b)
        k = high - low
        if _is_p_position(a, b):
            return (
                f"({low}, {high}) is the Wythoff pair (⌊kφ⌋, ⌊kφ²⌋) for k = {k}: a "
                "P-position, so G = 0"
            )
        value = self.grundy(position)  # a search: it may refuse a huge position
        pair = wythoff_pair(k)
        return (
            f"({low}, {high}) is no Wythoff pair (⌊kφ⌋, ⌊kφ²⌋) (k = {k} gives {pair}): "
            f"an N-position, G = {value}"
        )

    # ----------------------------------------------------------------- internals
    def search_size(self, position: Pair) -> int:
        a, b = position
        return (a + 1) * (b + 1)

    def search_refusal(self, position: Pair, size: int, limit: int) -> str:
        return (
            f"{self!r}: no closed form is known for the SG values of Wythoff's game; "
            f"a search for {position!r} needs {size:,} positions, more than "
            f"max_positions = {limit:,} (outcome and winning moves are exact for any size)"
        )

    def _table_value(self, position: Pair) -> int:
        low, high = min(position), max(position)
        table = self.cache.get("table")
        if table is None or low >= len(table) or high >= len(table[0]):
            table = self._fill_table(low, high)
        return table[low][high]

    def _fill_table(self, low: int, high: int) -> list[array]:
        """Compute a table covering G(x, y), x <= low, y <= high, and cache it."""
        rows, cols = low + 1, high + 1  # search_size: within max_positions
        table = self.cache.get("table")
        grown = (max(rows, len(table)), max(cols, len(table[0]))) if table else (rows, cols)
        if grown[0] * grown[1] <= self.max_positions:
            rows, cols = grown  # keep covering what was covered
        table = _wythoff_table(rows, cols)
        self.cache["table"] = table
        return table


def _is_p_position(a: int, b: int) -> bool:
    if a > b:
        a, b = b, a
    return wythoff_pair(b - a)[0] == a


def _closed_value(position: Pair) -> int | None:
    """SG value where one is known without search: P-positions and (0, n)."""
    a, b = position
    if a == 0 or b == 0:
        return a + b  # one heap: Nim
    return 0 if _is_p_position(a, b) else None


def _wythoff_table(rows: int, cols: int) -> list[array]:
    """SG values G(x, y) for x < rows, y < cols, row by row (a list of arrays).

    G(x, y) is the mex of the values to its left (row x), below it (column y) and on
    its diagonal. Each of those sets is a bit set stored with an offset: the row from
    its mex on (every smaller value is in it), each column and diagonal from its least
    value. Values of a column or diagonal stay within a few `rows` of each other, so
    the bit sets stay short even when `cols` is large.
    """
    col_base, col_bits = [0] * cols, [0] * cols  # bit i of bits = value base + i
    diag_base, diag_bits = [0] * (rows + cols), [0] * (rows + cols)
    table = []
    for x in range(rows):
        row = array("q", bytes(8 * cols))
        floor, left = 0, 0  # row x so far: all values < floor, and bit i = floor + i
        offset = rows - x
        for y in range(cols):
            k = y + offset  # index of the diagonal y - x
            c, shift = col_bits[y], col_base[y] - floor
            seen = left | (c << shift if shift >= 0 else c >> -shift)
            d, shift = diag_bits[k], diag_base[k] - floor
            seen |= d << shift if shift >= 0 else d >> -shift
            z = ((seen + 1) & ~seen).bit_length() - 1  # lowest clear bit: the mex
            g = floor + z
            row[y] = g
            left |= 1 << z
            if z == 0:  # the row's mex moves up past the run of values now present
                run = ((left + 1) & ~left).bit_length() - 1
                left >>= run
                floor += run
            if c == 0:
                col_base[y], col_bits[y] = g, 1
            elif g >= col_base[y]:
                col_bits[y] = c | (1 << (g - col_base[y]))
            else:
                col_base[y], col_bits[y] = g, (c << (col_base[y] - g)) | 1
            if d == 0:
                diag_base[k], diag_bits[k] = g, 1
            elif g >= diag_base[k]:
                diag_bits[k] = d | (1 << (g - diag_base[k]))
            else:
                diag_base[k], diag_bits[k] = g, (d << (diag_base[k] - g)) | 1
        table.append(row)
    return table
