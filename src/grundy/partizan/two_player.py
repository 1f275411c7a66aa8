"""A partizan position played out: Left and Right take turns, the one who cannot move
loses. :class:`PartizanPlay` is that game as a :class:`~grundy.twoplayer.TwoPlayerGame`,
so that the two-player machinery (``solve``, ``grundy play``, the playground's Play) plays
it perfectly.

Examples
--------
>>> from grundy.partizan.games import Domineering
>>> from grundy.partizan.two_player import PartizanPlay
>>> from grundy.twoplayer import solve
>>> play = PartizanPlay(Domineering(), "2x3")
>>> solve(play).value(play.start())             # {2|-1/2}: Left wins moving first
Value.WIN
>>> right_first = play.with_mover(play.start(), "Right")
>>> solve(play, right_first).value(right_first)              # and so does Right
Value.WIN
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from ..core.errors import InvalidPositionError
from ..twoplayer import TwoPlayerGame
from .protocol import PartizanGame, Player

__all__ = ["PartizanPlay", "PLAYERS"]

#: Player 0 is Left, player 1 Right (the two-player machinery's first and second player).
PLAYERS: tuple[Player, Player] = ("Left", "Right")

Position = tuple[Any, int]  # (the partizan position, 0 if Left is to move else 1)


@functools.cache
def _ends() -> tuple[Any, Any]:
    """The stoppers on and off (one object per value), read when a game first has a
    loopy formula: the loopy theory loads only for loopy games."""
    from .loopy.stopper import Stopper

    return Stopper("on"), Stopper("off")


class PartizanPlay(TwoPlayerGame[Position]):
    """`game` from `start`, Left moving first (the positions carry who is to move).

    The player to move who has no option loses (normal play), so the first player wins
    exactly when the canonical form says so: Left moving first wins G unless G <= 0.
    Play that goes on for ever is a draw (loopy games). A position the game's
    ``loopy_formula`` values ``on`` (or ``off``) ends play: Left (Right) can move for ever
    and the other cannot, so Left (Right) wins whoever is to move (Fox and Geese's fox
    past the geese, on a board with no top, would otherwise climb for ever).

    Examples
    --------
    >>> from grundy.partizan.games import FoxAndGeese
    >>> from grundy.partizan.two_player import PartizanPlay
    >>> play = PartizanPlay(FoxAndGeese(width=4), ".G..|....|.F..|....", "Right")
    >>> escaped = play.moves(play.start())[1]      # the fox on c3: d4 is free, it is out
    >>> escaped, play.moves(escaped), play.payoff(escaped)
    ((('.G..', '..F.', '....', '....'), 0), [], -1)
    """

    def __init__(self, game: PartizanGame[Any], start: Any, first: Player = "Left") -> None:
        if first not in PLAYERS:
            raise InvalidPositionError(f"first player {first!r} is not 'Left' or 'Right'")
        self.game = game
        self.name = game.name or repr(game)
        self.max_positions = game.max_positions
        self._start = (game.check_position(start), PLAYERS.index(first))

    def start(self) -> Position:
        return self._start

    def with_mover(self, position: Position, player: Player) -> Position:
        """The same board with `player` to move.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> from grundy.partizan.two_player import PartizanPlay
        >>> play = PartizanPlay(Domineering(), "1x2")
        >>> play.with_mover(play.start(), "Right")
        (('..',), 1)
        """
        return (position[0], PLAYERS.index(player))

    def moves(self, position: Position) -> Iterable[Position]:
        board, mover = position
        if self._winner(board):
            return []
        options = self.game.options(board, PLAYERS[mover])
        return [(o, 1 - mover) for o in options]

    def to_move(self, position: Position) -> int:
        return position[1]

    def payoff(self, position: Position) -> int:
        winner = self._winner(position[0])
        if winner:
            return winner
        return -1 if position[1] == 0 else 1  # the player to move has no move: lost

    def _winner(self, board: Any) -> int:
        """1 (Left) or -1 (Right) where the game's ``loopy_formula`` says ``on`` or
        ``off``: that player wins whoever moves, so play stops; else 0."""
        found = self.game.loopy_formula(board)
        if found is None:
            return 0
        on, off = _ends()
        return 1 if found is on else -1 if found is off else 0

    def parse_position(self, tokens: Sequence[str]) -> Position:
        """The game's notation, then optionally ``Left`` or ``Right`` (who is to move).

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> from grundy.partizan.two_player import PartizanPlay
        >>> PartizanPlay(Domineering(), "2x2").parse_position(["..|..", "Right"])
        (('..', '..'), 1)
        """
        if not tokens:
            return self.start()
        words = list(tokens)
        mover = 0
        if words[-1].capitalize() in PLAYERS:
            mover = PLAYERS.index(words.pop().capitalize())  # type: ignore[arg-type]
        if not words:
            return (self._start[0], mover)
        return (self.game.check_position(self.game.parse_position(words)), mover)

    def format_position(self, position: Position) -> str:
        return f"{self.game.format_position(position[0])} {PLAYERS[position[1]]}"

    def describe_move(self, before: Position, after: Position) -> str:
        return self.game.describe_move_by(PLAYERS[before[1]], before[0], after[0])

    def draw(self, position: Position) -> str:
        return f"{self.game.draw(position[0])}\n{PLAYERS[position[1]]} to move"

    def parse_move(self, position: Position, text: str) -> Position | None:
        after = self.game.parse_move(position[0], text)
        return None if after is None else (after, 1 - position[1])

    def move_notation(self) -> str:
        return self.game.move_notation()

    def check_position(self, position: Any) -> Position:
        if not (isinstance(position, tuple) and len(position) == 2 and position[1] in (0, 1)):
            raise InvalidPositionError(f"{position!r} is not (board, player to move 0 or 1)")
        return (self.game.check_position(position[0]), position[1])

    def position_to_json(self, position: Position) -> Any:
        return [self.game.position_to_json(position[0]), PLAYERS[position[1]]]
