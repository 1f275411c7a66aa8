"""One heads coin of a coin-turning game, whose options are sums of coins (Lenstra)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..core.sums import Sum
from ..impartial.game import ImpartialGame

__all__ = ["CoinRules", "SingleCoin"]


@runtime_checkable
class CoinRules(Protocol):
    """What :class:`SingleCoin` asks of a coin-turning game: its rule and its notation.

    Every :class:`~grundy.games.CoinTurningGame` has these methods. SingleCoin names
    this protocol, not that class, because the class makes SingleCoins
    (:meth:`~grundy.games.CoinTurningGame.single_coin_game`): the rule family imports
    this module, never the reverse, so the two modules do not import each other.

    Examples
    --------
    >>> from grundy.games import Ruler
    >>> from grundy.games.single_coin import CoinRules
    >>> isinstance(Ruler(), CoinRules)
    True
    """

    def flip_sets(self, coin: Any) -> Iterable[Sequence[Any]]:
        """The sets of other coins that may be turned with `coin` as rightmost."""
        ...

    def check_coin(self, coin: object) -> Any:
        """`coin` normalised, or InvalidPositionError."""
        ...

    def parse_coin(self, word: str) -> Any:
        """One coin read from a command-line word."""
        ...

    def coin_text(self, coin: Any) -> str:
        """One coin written as on the command line."""
        ...

    def coin_theorem(self, dims: int) -> tuple[str, str] | None:
        """The closed form of a coin's value and its theorem, for `dims` indices."""
        ...


@dataclass(frozen=True)
class SingleCoin(ImpartialGame[Any]):
    """A coin-turning game from a single heads coin: a position is one coin.

    A move turns the coin to tails and a set of other coins (all tails) to heads: by
    Lenstra's theorem (the class notes of :class:`~grundy.games.CoinTurningGame`), the result is the
    sum of those coins, each a game of its own, so an option is ``Sum(*coins)`` (an
    empty ``Sum()`` when no other coin turns). This is how Winning Ways values coins,
    and what a pattern search computes from the rules: coin n's value in
    ``len(flip sets)`` steps instead of a search of 2^n sets of coins.

    Examples
    --------
    >>> from grundy.games import MockTurtles, Ruler
    >>> coins = MockTurtles().single_coin_game()
    >>> [coins.grundy(n) for n in range(8)]
    [1, 2, 4, 7, 8, 11, 13, 14]
    >>> coins.moves(2)
    [Sum(), Sum(0), Sum(1), Sum(0, 1)]
    >>> Ruler().single_coin_game().pattern_theorem(1)[0]
    'lowbit(n)'
    """

    #: The coin-turning game (any :class:`CoinRules`: a CoinTurningGame).
    game: CoinRules

    def moves(self, position: Any) -> Iterable[Sum]:
        return [Sum(*others) for others in self.game.flip_sets(position)]

    def check_position(self, position: Any) -> Any:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        return self.game.check_coin(position)

    def parse_position(self, tokens: Any) -> Any:
        coins = [self.game.parse_coin(word) for word in tokens]
        return coins[0] if len(coins) == 1 else Sum(*coins)

    def format_position(self, position: Any) -> str:
        if isinstance(position, Sum):
            return " + ".join(self.format_position(p) for p in position.parts) or "none"
        return self.game.coin_text(position)

    def pattern_theorem(self, dims: int) -> tuple[str, str] | None:
        return self.game.coin_theorem(dims)

    def __repr__(self) -> str:
        return f"{self.game!r}.single_coin_game()"
