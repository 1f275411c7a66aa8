"""The coin-turning rule family: a rule names the coins turned with a heads coin.

:class:`CoinTurningGame` holds what every such game shares: the moves from the rule,
Lenstra's theorem (a position is worth the XOR of its heads coins, each valued alone),
winning moves from the coins' values, and the notation. The games themselves are in
:mod:`~grundy.games.coin_rows` (coins in a row) and :mod:`~grundy.games.turning_corners`
(a board, the nim product of two rows).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ..core.errors import InvalidPositionError, PositionLimitError
from ..core.integers import parse_int, shown
from ..core.sums import Sum
from ..impartial.explain import xor_line
from ..impartial.game import ImpartialGame
from .single_coin import SingleCoin

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

#: Past this many coins a search is beyond any limit (2^64 positions): stop counting.
_MAX_SEARCH_COINS = 64

__all__ = ["CoinTurningGame", "integer_or_none"]

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


def _coin_shown(coin: object) -> str:
    """A coin for a message (``5``, or ``2,3`` on a board), shortened when huge."""
    if isinstance(coin, tuple):
        return ",".join(map(shown, coin))
    return shown(coin)


def integer_or_none(x: object) -> int | None:
    """Return `x` as an int (numpy integers accepted), or None for anything else.

    A bool is not a coin number, though Python counts it an int: None too. What the
    games' :meth:`~CoinTurningGame.check_coin` read a coin's numbers with.

    Examples
    --------
    >>> from grundy.games.coin_turning import integer_or_none
    >>> integer_or_none(5), integer_or_none(True), integer_or_none(2.0)
    (5, None, None)
    """
    if isinstance(x, bool):
        return None
    try:
        # Any object: operator.index raises TypeError for a non-integer, caught below.
        return operator.index(x)  # type: ignore[arg-type]
    except TypeError:
        return None
