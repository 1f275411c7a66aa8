"""Coins in a row: Turning Turtles, Mock Turtles and Ruler, each a rule and its values.

The coins are numbered from the left; each game's coin values have a closed form
(Winning Ways, ch. 14), from which its winning moves are solved directly.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..core.errors import InvalidPositionError, PositionLimitError
from ..core.integers import parse_int, shown
from .coin_turning import CoinTurningGame, integer_or_none

__all__ = ["TurningTurtles", "MockTurtles", "Ruler"]


class _RowOfCoins(CoinTurningGame[int]):
    """Coins in a row, numbered from ``first`` (0 or 1)."""

    first = 1

    def check_coin(self, coin: object) -> int:
        n = integer_or_none(coin)
        if n is None:
            raise InvalidPositionError(
                f"{self!r}: coin {shown(coin)} is not an integer; coins are numbered from "
                f"{self.first}"
            )
        if n < self.first:
            raise InvalidPositionError(
                f"{self!r}: there is no coin {shown(n)}; coins are numbered from {self.first}"
            )
        return n

    def parse_coin(self, word: str) -> int:
        return parse_int(
            word,
            f"{self!r}: coin",
            expected=f"an integer; give the numbers of the heads coins (from {self.first})",
        )

    def search_coins(self, position: tuple[int, ...]) -> int:
        return position[-1] - self.first + 1 if position else 0


@dataclass(frozen=True)
class TurningTurtles(_RowOfCoins):
    """Turning Turtles: turn over one or two coins, the rightmost from heads to tails.

    Coins are numbered 1, 2, 3, ... from the left; a position lists the heads coins.

    Examples
    --------
    >>> from grundy.games import TurningTurtles
    >>> game = TurningTurtles()
    >>> [game.grundy([n]) for n in range(1, 8)]
    [1, 2, 3, 4, 5, 6, 7]
    >>> game.winning_moves([3, 4, 5])
    [(1, 4, 5)]

    Notes
    -----
    Coin n has value n, so the game is Nim in disguise (Winning Ways, ch. 14; the same
    as Twins, turn exactly two coins numbered from 0, with coin 0 standing for "no
    second coin"): a heads
    coin at n is a heap of n, turning it and a tails coin m < n moves the heap to m, and
    turning it with a heads coin m removes both (two heaps m cancel). The winning move
    from coin n turns n and n XOR X (X the value; nothing else when n = X).
    O(1) per heads coin.
    """

    _coin_rule = "coin n is worth n"
    coin_formula = ("n", "Turning Turtles is Nim: coin n is worth n (Winning Ways, ch. 14)")

    def flip_sets(self, coin: int) -> Iterator[tuple[int, ...]]:
        yield ()
        for other in range(1, coin):
            yield (other,)

    def coin_value(self, coin: int) -> int:
        return coin

    def flips_with_change(self, coin: int, change: int) -> list[tuple[int, ...]]:
        other = coin ^ change
        if other == 0:
            return [()]
        return [(other,)] if other < coin else []


def _odious(n: int) -> int:
    """The odious number (odd count of 1 bits) of 2n and 2n + 1."""
    return 2 * n + (1 - (n.bit_count() & 1))


@dataclass(frozen=True)
class MockTurtles(_RowOfCoins):
    """Mock Turtles: turn over one, two or three coins, the rightmost heads to tails.

    Coins are numbered 0, 1, 2, ... from the left, as in Winning Ways.

    Examples
    --------
    >>> from grundy.games import MockTurtles
    >>> game = MockTurtles()
    >>> [game.grundy([n]) for n in range(10)]
    [1, 2, 4, 7, 8, 11, 13, 14, 16, 19]
    >>> game.winning_moves([2, 5, 7])
    [(), (1, 2, 4, 7), (1, 2, 5, 6), (2, 3, 4, 5)]

    Notes
    -----
    Coin n has value the n-th odious number (counting from 0): 2n or 2n + 1, whichever
    has an odd number of 1 bits (Winning Ways, ch. 14). Odious values make the three-coin
    moves easy to solve: the XOR of two odious values 2a+e, 2b+f is 2(a XOR b) plus a
    parity bit, so the pairs {a, b} with a given XOR s are {b XOR s, b} for every b < c
    having s's top bit. A value change t is an odd-weight (one coin: a = t >> 1) or an
    even-weight (two coins) number, and the moves are listed directly, no search.
    O(number of moves) per heads coin; there can be about c/2 of them for coin c, so the
    list is refused at once when it would exceed ``max_positions``.
    """

    _coin_rule = "coin n is worth the n-th odious number"
    coin_formula = (
        "2*n + evil(n)",
        "Mock Turtles: coin n is the n-th odious number (Winning Ways, ch. 14)",
    )

    first = 0

    def flip_sets(self, coin: int) -> Iterator[tuple[int, ...]]:
        yield ()
        for b in range(coin):
            yield (b,)
            for a in range(b):
                yield (a, b)

    def coin_value(self, coin: int) -> int:
        return _odious(coin)

    def flips_with_change(self, coin: int, change: int) -> Iterator[tuple[int, ...]]:
        target = change ^ _odious(coin)  # the XOR of the other coins' values
        if target == 0:
            yield ()
            return
        half = target >> 1
        if target.bit_count() & 1:  # one more coin, of value target
            if half < coin:
                yield (half,)
            return
        # two more coins a < b < coin with a XOR b = half (the low bit then agrees)
        top = 1 << (half.bit_length() - 1)
        block = top << 1
        count = (coin // block) * top + max(0, coin % block - top)
        if count > self.max_positions:
            raise PositionLimitError(
                f"{self!r}: coin {coin} has {count:,} moves of this value, more than "
                f"max_positions = {self.max_positions:,}; too many to list"
            )
        for base in range(0, coin, block):
            for b in range(base + top, min(base + block, coin)):
                yield (b ^ half, b)


def _gray(n: int) -> int:
    return n ^ (n >> 1)


def _gray_inverse(g: int) -> int:
    n, shift = g, 1
    while shift < g.bit_length():
        n ^= n >> shift
        shift <<= 1
    return n


@dataclass(frozen=True)
class Ruler(_RowOfCoins):
    """Ruler: turn over any number of consecutive coins, the rightmost heads to tails.

    Coins are numbered 1, 2, 3, ... from the left.

    Examples
    --------
    >>> from grundy.games import Ruler
    >>> game = Ruler()
    >>> [game.grundy([n]) for n in range(1, 13)]
    [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4]
    >>> game.winning_moves([3, 6, 8])
    [(3, 7)]

    Notes
    -----
    Coin n has value the largest power of 2 dividing n (the ruler function, Winning
    Ways, ch. 14). The values of coins 1..n XOR to the Gray code n XOR (n >> 1), since
    consecutive Gray codes differ in exactly that bit. So the run of coins m+1..c has
    value gray(c) XOR gray(m), and for a value change D the one run that does it starts
    after m = gray^-1(gray(c) XOR D), a valid move when m < c: at most one move per
    heads coin, found in O(log c) (plus the length of the run, to write it down).
    """

    _coin_rule = "coin n is worth the largest power of 2 dividing n"
    coin_formula = (
        "lowbit(n)",
        "Ruler: coin n is the largest power of 2 dividing n (Winning Ways, ch. 14)",
    )

    def flip_sets(self, coin: int) -> Iterator[range]:
        for start in range(coin, 0, -1):
            yield range(start, coin)

    def coin_value(self, coin: int) -> int:
        return coin & -coin

    def flips_with_change(self, coin: int, change: int) -> list[range]:
        before = _gray_inverse(_gray(coin) ^ change)
        return [range(before + 1, coin)] if before < coin else []
