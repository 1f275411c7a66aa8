"""Two-player games: the protocol a game implements, and the value of a position."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.errors import InvalidPositionError
from ..core.protocol import Game, P

__all__ = ["Value", "TwoPlayerGame", "Encoding"]


class Value(enum.Enum):
    """The value of a position for the player to move, under perfect play.

    ``WIN`` and ``LOSS``: the player to move wins or loses; ``TIE``: the game ends level;
    ``DRAW``: it never ends. Both players prefer a tie to a draw (a finished game to an
    endless one); the order for the player to move is LOSS < DRAW < TIE < WIN.

    Examples
    --------
    >>> from grundy.twoplayer import Value
    >>> Value.WIN.opposite, Value.TIE.opposite
    (Value.LOSS, Value.TIE)
    >>> max([Value.DRAW, Value.TIE, Value.LOSS], key=Value.rank)
    Value.TIE
    """

    LOSS = "loss"
    DRAW = "draw"
    TIE = "tie"
    WIN = "win"

    def __repr__(self) -> str:
        return f"Value.{self.name}"

    @property
    def opposite(self) -> Value:
        """The value of the same position for the other player."""
        return _OPPOSITE[self]

    def rank(self) -> int:
        """Order for the player to move: LOSS 0 < DRAW 1 < TIE 2 < WIN 3."""
        return _RANK[self]

    @property
    def code(self) -> int:
        """The integer stored in solved databases: LOSS 0, DRAW 1, TIE 2, WIN 3."""
        return _RANK[self]


_RANK = {Value.LOSS: 0, Value.DRAW: 1, Value.TIE: 2, Value.WIN: 3}
_OPPOSITE = {
    Value.LOSS: Value.WIN,
    Value.WIN: Value.LOSS,
    Value.TIE: Value.TIE,
    Value.DRAW: Value.DRAW,
}
#: Value by database code (the inverse of ``Value.code``).
VALUES = (Value.LOSS, Value.DRAW, Value.TIE, Value.WIN)


@dataclass(frozen=True)
class Encoding:
    """Positions as integers, with compiled rules: what the numba solver needs.

    ``moves(code, out)`` writes the codes of the options of position `code` into the
    int64 array `out` and returns how many it wrote (0 at the end of the game);
    ``end_value(code)`` is the value of an ended position for the player to move
    (1 win, 0 tie, -1 loss); ``canonical(code)``, if given, maps a code to its symmetry
    class representative; ``tier(code)``, if given, is the position's tier (such as the
    number of pieces on the board): every move must lead to a higher tier, so that
    :func:`~grundy.twoplayer.solve_tiers` can solve the game tier by tier. All four are
    ``numba.njit`` functions. ``encode`` and
    ``decode`` convert between positions and codes in Python; ``max_moves`` bounds the
    options of any position. Codes are non-negative int64. Turns alternate (a game where
    a player may move twice in a row is solved from its Python rules).
    """

    moves: Any
    end_value: Any
    encode: Callable[[Any], int]
    decode: Callable[[int], Any]
    max_moves: int
    canonical: Any = None
    tier: Any = None


class TwoPlayerGame(Game[P]):
    """Base class of two-player games: subclass it and define the rules.

    Required: :meth:`moves` (the options; none when the game is over), :meth:`to_move`
    (0 for the first player, 1 for the second) and :meth:`payoff` (at an ended
    position: > 0 the first player won, < 0 the second, 0 a tie; for minimax, any
    integer score for the first player). Optional: :meth:`start`, :meth:`canonical`
    (symmetry), :attr:`encoding` (integer codes and compiled rules for the fast solver),
    and the notation methods.

    Examples
    --------
    >>> from grundy.twoplayer import TwoPlayerGame, solve
    >>> class TakeOneOrTwo(TwoPlayerGame):        # a heap; whoever takes the last wins
    ...     def start(self): return (5, 0)         # (heap, player to move)
    ...     def moves(self, p): return [(p[0] - k, 1 - p[1]) for k in (1, 2) if k <= p[0]]
    ...     def to_move(self, p): return p[1]
    ...     def payoff(self, p): return -1 if p[1] == 0 else 1  # the mover lost
    >>> solve(TakeOneOrTwo()).value((5, 0))
    Value.WIN
    """

    kind: ClassVar = "two-player"
    if TYPE_CHECKING:  # read-only for mypy, so games may define it as a cached_property

        @property
        def encoding(self) -> Encoding | None:
            """Integer codes and compiled rules, if the game has them."""

    else:
        #: Integer codes and compiled rules, if the game has them (see :class:`Encoding`).
        encoding: Encoding | None = None

    # ----------------------------------------------------------------- the rules
    def start(self) -> P:
        """Return the starting position.

        Examples
        --------
        >>> from grundy.games import TicTacToe
        >>> TicTacToe().start()
        '.........'
        """
        raise NotImplementedError(f"{type(self).__name__} has no start position")

    def moves(self, position: P) -> Iterable[P]:
        """Return the options of `position` (empty when the game is over).

        Examples
        --------
        >>> from grundy.games import GiveAndTake
        >>> game = GiveAndTake()
        >>> game.moves(game.start())[:2]
        [(5, 1), (4, 1)]
        """
        raise NotImplementedError(f"{type(self).__name__} must define moves(position)")

    def to_move(self, position: P) -> int:
        """Return the player to move at `position`: 0 (first player) or 1.

        Examples
        --------
        >>> from grundy.games import TicTacToe
        >>> TicTacToe().to_move("x........")
        1
        """
        raise NotImplementedError(f"{type(self).__name__} must define to_move(position)")

    def payoff(self, position: P) -> int:
        """Return the first player's score at an ended position (> 0 win, < 0 loss, 0 tie).

        Examples
        --------
        >>> from grundy.games import TicTacToe
        >>> TicTacToe().payoff("xxxoo....")
        1
        """
        raise NotImplementedError(f"{type(self).__name__} must define payoff(position)")

    def canonical(self, position: P) -> P:
        """Return a representative of `position`'s symmetry class (default: itself).

        Examples
        --------
        >>> from grundy.games import TicTacToe
        >>> TicTacToe().canonical("..x......") == TicTacToe().canonical("x........")
        True
        """
        return position

    def end_value(self, position: P) -> Value:
        """The value of an ended position for the player to move, from :meth:`payoff`.

        Examples
        --------
        >>> from grundy.games import TicTacToe
        >>> game = TicTacToe()
        >>> game.end_value(game.parse_position(["xxx", "oo.", "..."]))  # o to move: lost
        Value.LOSS
        """
        score = self.payoff(position)
        if self.to_move(position) == 1:
            score = -score
        return Value.WIN if score > 0 else Value.LOSS if score < 0 else Value.TIE

    # ----------------------------------------------------------------- notation
    def parse_position(self, tokens: Sequence[str]) -> P:
        """Read a position from command-line words (default: the start when none given).

        Examples
        --------
        >>> from grundy.games import TicTacToe
        >>> TicTacToe().parse_position([])
        '.........'
        """
        if not tokens:
            return self.start()
        raise InvalidPositionError(f"{self!r}: cannot read a position from {' '.join(tokens)!r}")

    def position_from_json(self, data: Any) -> P:
        """Inverse of :meth:`position_to_json` (default: lists become tuples).

        Examples
        --------
        >>> from grundy.games import GiveAndTake
        >>> GiveAndTake().position_from_json([6, "x"])
        (6, 0)
        """
        if isinstance(data, list):
            # The default's guess: P is made of tuples (a game with other P overrides it).
            return tuple(self.position_from_json(d) for d in data)  # type: ignore[return-value]
        return data

    def __getstate__(self) -> dict:
        # A cached Encoding holds numba functions that only work in the process that made
        # them: a game sent to a worker builds its own.
        return {k: v for k, v in self.__dict__.items() if k != "encoding"}
