"""Turning Corners: a board of coins, the product of two rows, valued by nim products.

The tartan theorem values a coin (i, j) of a product game at the nim product of its
coordinates' values; the winning moves are solved by nim division.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..core.errors import InvalidPositionError, PositionLimitError
from ..core.integers import parse_int, shown
from ..nimbers import nim_div, nim_mul
from .coin_turning import CoinTurningGame, integer_or_none

__all__ = ["TurningCorners"]


@dataclass(frozen=True)
class TurningCorners(CoinTurningGame[tuple[int, int]]):
    """Turning Corners, the lecture notes' 2-D coin game: value of coin (i, j) is i ⊗ j.

    Coins sit at (i, j) with i, j >= 1. A move picks a heads coin (i, j) and 0 <= i' < i,
    0 <= j' < j, and turns over (i, j), (i, j'), (i', j) and (i', j'), skipping the
    coins with a coordinate 0 (they do not exist). A position lists the heads coins as
    pairs; on the command line ``2,3 4,5``.

    Examples
    --------
    >>> from grundy.games import TurningCorners
    >>> game = TurningCorners()
    >>> game.grundy([(2, 3)]), gr.nim_mul(2, 3)
    (1, 1)
    >>> game.grundy([(2, 3), (4, 5)])
    3
    >>> game.winning_moves([(1, 1), (2, 2)])
    [((1, 2), (2, 1))]

    Notes
    -----
    This is Winning Ways' Turning Corners (ch. 14) with the first row and column cut
    off: there the coins are numbered from 0, and the coins of row 0 and column 0 can
    be turned but never be the corner that goes heads to tails, so they have value 0
    and change nothing; the values agree. The tartan theorem says the value of a
    product of two coin games (a move turns the product of a move in each coordinate)
    is the nim product of the factors' values; Turning Corners is Twins x Twins (Twins:
    turn exactly two coins, numbered from 0, coin n has value n), or in the notes'
    numbering Turning Turtles x Turning Turtles (a coordinate 0 is the one-coin move),
    hence i ⊗ j. By Lenstra's theorem a position is worth the XOR of its coins' values.

    A move at corner (i, j) with (i', j') changes the value by (i ⊕ i') ⊗ (j ⊕ j'). For a
    wanted change D every u = i ⊕ i' (i' < i) fixes j' = j ⊕ (D ⊘ u) (nim division
    in the nimber field), a move when j' < j. So the moves of a given value from coin
    (i, j) are found by scanning min(i, j) values with one nim division each (about 1 µs);
    a scan longer than ``max_positions`` is refused at once.
    """

    _coin_rule = "coin i,j is worth i ⊗ j"
    coin_formula = (
        "nim_mul(a, b)",
        "the tartan theorem: coin (a, b) is a ⊗ b (Winning Ways, ch. 14)",
    )

    def flip_sets(self, coin: tuple[int, int]) -> Iterator[tuple[tuple[int, int], ...]]:
        i, j = coin
        for i2 in range(i):
            for j2 in range(j):
                yield tuple(c for c in ((i, j2), (i2, j), (i2, j2)) if c[0] and c[1])

    def coin_value(self, coin: tuple[int, int]) -> int:
        return nim_mul(coin[0], coin[1])

    def flips_with_change(
        self, coin: tuple[int, int], change: int
    ) -> Iterator[tuple[tuple[int, int], ...]]:
        i, j = coin
        swap = j < i  # scan the shorter side
        if swap:
            i, j = j, i
        if i > self.max_positions:
            raise PositionLimitError(
                f"{self!r}: finding the moves from coin {self.coin_text(coin)} scans {i:,} "
                f"rows, more than max_positions = {self.max_positions:,}"
            )
        for i2 in range(i):
            j2 = j ^ nim_div(change, i ^ i2)
            if j2 < j:
                corners: tuple[tuple[int, int], ...] = ((i, j2), (i2, j), (i2, j2))
                if swap:
                    corners = tuple((b, a) for a, b in corners)
                yield tuple(c for c in corners if c[0] and c[1])

    def search_coins(self, position: tuple[tuple[int, int], ...]) -> int:
        return max(i for i, _ in position) * max(j for _, j in position) if position else 0

    def check_coin(self, coin: object) -> tuple[int, int]:
        if not isinstance(coin, tuple | list) or len(coin) != 2:
            raise InvalidPositionError(
                f"{self!r}: coin {shown(coin)} is not a pair (i, j); coins are (row, column) "
                "pairs with i, j >= 1"
            )
        i, j = integer_or_none(coin[0]), integer_or_none(coin[1])
        if i is None or j is None:
            raise InvalidPositionError(
                f"{self!r}: coin {shown(coin)} has a coordinate that is not an integer"
            )
        if i < 1 or j < 1:
            raise InvalidPositionError(
                f"{self!r}: there is no coin ({shown(i)}, {shown(j)}); coordinates start at 1 "
                "(row and column 0 have no coins)"
            )
        return (i, j)

    def parse_coin(self, word: str) -> tuple[int, int]:
        parts = word.strip().strip("()").split(",")
        if len(parts) != 2:
            raise InvalidPositionError(
                f"{self!r}: coin {shown(word)} is not of the form i,j (e.g. 2,3)"
            )
        what = f"{self!r}: coin {shown(word)}: coordinate"
        return (parse_int(parts[0], what), parse_int(parts[1], what))

    def coin_text(self, coin: tuple[int, int]) -> str:
        return f"{coin[0]},{coin[1]}"

    def _example_position(self) -> tuple[tuple[int, int], ...]:
        return ((2, 3), (4, 5))
