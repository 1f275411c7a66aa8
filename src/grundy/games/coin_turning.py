"""Coin-turning games: Turning Turtles, Mock Turtles, Ruler and Turning Corners."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ..core.errors import InvalidPositionError, PositionLimitError
from ..core.integers import parse_int, shown
from ..core.sums import Sum
from ..impartial.explain import xor_line
from ..impartial.game import ImpartialGame
from ..nimbers import nim_div, nim_mul

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

    from .single_coin import SingleCoin

#: Past this many coins a search is beyond any limit (2^64 positions): stop counting.
_MAX_SEARCH_COINS = 64

__all__ = ["CoinTurningGame", "TurningTurtles", "MockTurtles", "Ruler", "TurningCorners"]

#: The type of a coin: an int for a row of coins, a pair (i, j) for a board. Coins are
#: sorted, so that a position (the heads coins) is a sorted tuple.
C = TypeVar("C", bound="SupportsRichComparison")

#: The command-line word for the position with no heads coins (the command line needs
#: at least one word of position, whatever the game).
_NO_HEADS = "none"


class CoinTurningGame(ImpartialGame[tuple[C, ...]], Generic[C]):
    """Base class of coin-turning games; a subclass gives the rule and the coin values.

    A position is the set of heads-up coins, stored as a sorted tuple. A move picks a
    heads coin c (the *rightmost* coin of the move, which goes heads to tails) and an
    allowed set of other coins, all before c, and turns all of them over (heads become
    tails and tails heads). Subclasses define :meth:`flip_sets` (the rule),
    :meth:`coin_value` (the theory) and :meth:`flips_with_change` (winning moves from the
    theory); :meth:`check_coin`, :meth:`parse_coin` and :meth:`coin_text` handle notation.

    Examples
    --------
    >>> from grundy.games import TurningTurtles
    >>> game = TurningTurtles()
    >>> game.grundy([3, 5, 6]), game.grundy((3, 5, 6), use_formula=False)
    (0, 0)
    >>> game.winning_moves([1, 4, 6])
    [(1, 4, 5)]

    Notes
    -----
    Lenstra's theorem (Winning Ways, ch. 14; the lecture notes prove it for their 2-D coin
    game): the SG value of a position is the XOR of the values of its heads coins, each
    valued as if it were alone. Proof (the notes' argument): count coins with
    multiplicity instead, a move taking one copy from its rightmost coin and adding one
    to each other coin turned; that game is plainly the sum of its single coins, and two
    copies of a coin cancel (G + G = 0), so reducing counts mod 2 keeps every value. So
    :meth:`formula` costs one coin value per heads coin, and a winning move flips a set
    whose values XOR to the position's value X. The generic solver (``use_formula=False``)
    plays the real flips, so it checks the theorem; it visits up to 2^k positions for
    k coins, and refuses at once when that exceeds ``max_positions``.
    """

    # ----------------------------------------------------------------- the rule
    def flip_sets(self, coin: C) -> Iterable[Sequence[C]]:
        """Return the sets of other coins that may be turned with `coin` as rightmost.

        Examples
        --------
        >>> from grundy.games import Ruler
        >>> [tuple(s) for s in Ruler().flip_sets(3)]
        [(), (2,), (1, 2)]
        """
        raise NotImplementedError(f"{type(self).__name__} must define flip_sets(coin)")

    def coin_value(self, coin: C) -> int:
        """Return the SG value of the position whose only heads coin is `coin`.

        Examples
        --------
        >>> from grundy.games import MockTurtles
        >>> MockTurtles().coin_value(10**20)  # the odious one of 2n, 2n + 1
        200000000000000000001
        """
        raise NotImplementedError(f"{type(self).__name__} must define coin_value(coin)")

    def flips_with_change(self, coin: C, change: int) -> Iterable[Sequence[C]]:
        """Return the flip sets of `coin` whose values XOR with `coin`'s to `change`.

        These are the moves at `coin` that change the position's value by `change`
        (``change`` = the value, for the winning moves). The default scans
        :meth:`flip_sets`; subclasses solve for them directly.

        Examples
        --------
        >>> from grundy.games import TurningTurtles
        >>> list(TurningTurtles().flips_with_change(6, 3))  # 6 ^ 5 = 3
        [(5,)]
        """
        target = change ^ self.coin_value(coin)
        for others in self.flip_sets(coin):
            total = 0
            for other in others:
                total ^= self.coin_value(other)
            if total == target:
                yield others

    def search_coins(self, position: tuple[C, ...]) -> int:
        """Return how many coins a search from `position` may turn (bounds 2^k positions).

        The default follows :meth:`flip_sets` from the heads coins and counts the coins
        met, stopping past 64 (2^64 positions is beyond any limit); games with numbered
        coins answer from the largest coin.

        Examples
        --------
        >>> from grundy.games import Ruler
        >>> Ruler().search_coins((3, 5))
        5
        """
        seen, todo = set(position), list(position)
        while todo and len(seen) <= _MAX_SEARCH_COINS:
            for others in self.flip_sets(todo.pop()):
                for other in others:
                    if other not in seen:
                        seen.add(other)
                        todo.append(other)
        return min(len(seen), _MAX_SEARCH_COINS)

    def check_coin(self, coin: object) -> C:
        """Return `coin` normalised, or raise InvalidPositionError.

        The default takes a non-negative int, or a tuple of them (a coin on a grid), as
        it is; games with a first coin or a board size check more.

        Examples
        --------
        >>> from grundy.games import Ruler
        >>> Ruler().check_coin(3)
        3
        """
        if isinstance(coin, list):
            coin = tuple(coin)
        parts = coin if isinstance(coin, tuple) else (coin,)
        if not parts or not all(type(x) is int and x >= 0 for x in parts):
            raise InvalidPositionError(
                f"{self!r}: coin {shown(coin)} is not a non-negative integer or a tuple of them"
            )
        return coin  # type: ignore[return-value]

    def parse_coin(self, word: str) -> C:
        """Read one coin from a command-line word: ``5``, or ``2,3`` for a tuple.

        Examples
        --------
        >>> from grundy.games import TurningCorners
        >>> TurningCorners().parse_coin("2,3")
        (2, 3)
        """
        numbers = word.strip().split(",")
        what = f"{self!r}: coin" + (f" {shown(word)}: part" if len(numbers) > 1 else "")
        values = tuple(
            parse_int(n, what, signed=False, expected="a number like 5 or 2,3") for n in numbers
        )
        return values[0] if len(values) == 1 else values  # type: ignore[return-value]

    def coin_text(self, coin: C) -> str:
        """Write one coin as on the command line."""
        return str(coin)

    #: The closed form of a single coin's value and the theorem that gives it, written
    #: as ``grundy.patterns`` writes expressions (None: none known).
    coin_formula: ClassVar[tuple[str, str] | None] = None

    def single_coin_game(self) -> SingleCoin:
        """Return the game from one heads coin, whose options are sums of coins.

        What a pattern search values: coin n from its flip sets, not from 2^n sets of
        coins (see :class:`~grundy.games.SingleCoin`).

        Examples
        --------
        >>> from grundy.games import Ruler
        >>> [Ruler().single_coin_game().grundy(n) for n in range(1, 9)]
        [1, 2, 1, 4, 1, 2, 1, 8]
        """
        from .single_coin import SingleCoin

        return SingleCoin(self)

    def coin_theorem(self, dims: int) -> tuple[str, str] | None:
        """Return the closed form of a coin's value and its theorem, for `dims` indices.

        Examples
        --------
        >>> from grundy.games import TurningCorners
        >>> TurningCorners().coin_theorem(2)[0]
        'nim_mul(a, b)'
        """
        coin = self._example_position()[0]
        coin_dims = len(coin) if isinstance(coin, tuple) else 1
        return self.coin_formula if dims == coin_dims else None

    # ----------------------------------------------------------------- hooks
    def moves(self, position: tuple[C, ...]) -> list[tuple[C, ...]]:
        heads = set(position)
        options = []
        for coin in position:
            for others in self.flip_sets(coin):
                options.append(tuple(sorted(heads.symmetric_difference((coin, *others)))))
        return options

    def formula(self, position: tuple[C, ...]) -> int:
        value = 0
        for coin in position:
            value ^= self.coin_value(coin)
        return value

    def moves_to_value(self, position: tuple[C, ...], value: int) -> list[tuple[C, ...]]:
        """Return the options of value `value`: flips whose values XOR to ``X ^ value``.

        Raises
        ------
        PositionLimitError
            The options (counting every coin they turn) exceed ``max_positions``.
        """
        position = self._check_coins(position)
        change = self.formula(position) ^ value
        if change == 0:  # turning coins always changes the value: no option keeps it
            return []
        heads = set(position)
        budget = self.max_positions
        options = []
        for coin in position:
            for others in self.flips_with_change(coin, change):
                budget -= 1 + len(others)
                if budget < 0:
                    raise PositionLimitError(
                        f"{self!r}: the moves of value {value} from this position turn more "
                        f"than max_positions = {self.max_positions:,} coins in all; "
                        "too many to list"
                    )
                options.append(tuple(sorted(heads.symmetric_difference((coin, *others)))))
        return sorted(options)

    def check_position(self, position: object) -> tuple[C, ...] | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        return self._check_coins(position)

    def _check_coins(self, position: object) -> tuple[C, ...]:
        """:meth:`check_position` of one position (not a ``Sum``): the sorted heads coins."""
        if isinstance(position, str | bytes) or not isinstance(position, Iterable):
            raise InvalidPositionError(
                f"{self!r}: position {position!r} is not a collection of heads coins "
                f"(give e.g. {self._example_position()!r})"
            )
        coins = [self.check_coin(c) for c in position]
        result = tuple(sorted(coins))
        for a, b in zip(result, result[1:], strict=False):
            if a == b:
                raise InvalidPositionError(
                    f"{self!r}: coin {_coin_shown(a)} is listed twice; a position lists "
                    "each heads coin once"
                )
        return result

    # ----------------------------------------------------------------- queries
    def search_size(self, position: tuple[C, ...]) -> int:
        # Every subset of the coins in play; capped so that coin 10^15 builds no huge int.
        return 1 << min(self.search_coins(position), 64)

    def search_refusal(self, position: tuple[C, ...], size: int, limit: int) -> str:
        coins = self.search_coins(position)
        return (
            f"{self!r}: a search without the closed form may visit up to 2^{coins} "
            f"positions ({coins} coins), more than max_positions = {limit:,}"
        )

    # ----------------------------------------------------------------- notation
    def parse_position(self, tokens: Sequence[str]) -> tuple[C, ...]:
        """Read the heads coins from command-line words (e.g. ``3 5 6`` or ``2,3 4,5``).

        No words, or the one word ``none``, is the position with no heads: a lost
        position (value 0), which the command line, needing a word, types ``none``.

        Examples
        --------
        >>> from grundy.games import TurningCorners
        >>> TurningCorners().parse_position(["4,5", "2,3"])
        ((2, 3), (4, 5))
        >>> TurningCorners().parse_position([]), TurningCorners().parse_position(["none"])
        ((), ())
        """
        if len(tokens) == 1 and tokens[0].strip().lower() == _NO_HEADS:
            return ()
        return self._check_coins([self.parse_coin(t) for t in tokens])

    def position_to_json(self, position: tuple[C, ...] | Sum) -> Any:
        if isinstance(position, Sum):
            return {"sum": [self.position_to_json(p) for p in position.parts]}
        return [list(c) if isinstance(c, tuple) else c for c in position]

    def format_position(self, position: tuple[C, ...] | Sum) -> str:
        if isinstance(position, Sum) or not isinstance(position, tuple):
            return super().format_position(position)
        # No heads is written as parse_position reads it: the web and `grundy play` type
        # back the positions they show.
        return " ".join(map(self.coin_text, position)) if position else _NO_HEADS

    def describe_move(self, before: tuple[C, ...] | Sum, after: tuple[C, ...] | Sum) -> str:
        """Name the coins a move turns over, the rightmost (heads to tails) first.

        Examples
        --------
        >>> from grundy.games import Ruler
        >>> Ruler().describe_move((2, 6), (2, 4, 5))
        'turn over coins 6, 5, 4'
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        if isinstance(before, Sum) or isinstance(after, Sum):
            return super().describe_move(before, after)
        flipped = sorted(set(before).symmetric_difference(after), reverse=True)
        word = "coin" if len(flipped) == 1 else "coins"
        shown = [f"({c[0]},{c[1]})" if isinstance(c, tuple) else str(c) for c in flipped]
        return f"turn over {word} {', '.join(shown)}"

    # ----------------------------------------------------------------- explain
    #: How a coin is valued, for :meth:`explain` (Lenstra: coins add by XOR).
    _coin_rule = "each coin valued alone"

    def explain_part(self, position: tuple[C, ...]) -> str:
        values = [self.coin_value(c) for c in position]
        if len(values) == 1:
            return (
                f"one heads coin ({self._coin_rule}): coin {self.coin_text(position[0])} "
                f"has value = {values[0]}"
            )
        return xor_line(f"the heads coins' values ({self._coin_rule})", values, "heads coins")

    # ----------------------------------------------------------------- internals
    def _example_position(self) -> tuple[Any, ...]:
        """A position to show in messages: coins 1 and 3 of a row (a board overrides it)."""
        return (1, 3)


class _RowOfCoins(CoinTurningGame[int]):
    """Coins in a row, numbered from ``first`` (0 or 1)."""

    first = 1

    def check_coin(self, coin: object) -> int:
        n = _integer(coin)
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


def _coin_shown(coin: object) -> str:
    """A coin for a message (``5``, or ``2,3`` on a board), shortened when huge."""
    if isinstance(coin, tuple):
        return ",".join(map(shown, coin))
    return shown(coin)


def _integer(x: object) -> int | None:
    """`x` as an int (numpy integers accepted), or None for anything else (bools too)."""
    if isinstance(x, bool):
        return None
    try:
        # Any object: operator.index raises TypeError for a non-integer, caught below.
        return operator.index(x)  # type: ignore[arg-type]
    except TypeError:
        return None


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
        i, j = _integer(coin[0]), _integer(coin[1])
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
