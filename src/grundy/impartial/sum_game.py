"""The disjunctive sum of different games: one position per game, a move in one of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidGameError, InvalidPositionError
from ..core.sums import Sum
from ..display.picture import Picture, beside
from .game import ImpartialGame

__all__ = ["SumGame"]


@dataclass(frozen=True, slots=True)
class _Part:
    """Position `position` of the `index`-th game of a SumGame."""

    index: int
    position: Any  # a position of games[index]: each game has its own position type


#: A position of a SumGame: a tuple with one position per game (their types differ, so
#: Any), or one part of it, as the solver values it.
SumPosition = tuple[Any, ...] | _Part


class SumGame(ImpartialGame[SumPosition], sum_of_games=True):
    """The disjunctive sum of different games; a position is a tuple, one part per game.

    Each part is valued by its own game's solver (with that game's closed forms and
    memo); the sum is their XOR, and a winning move retargets one part.

    Examples
    --------
    >>> from grundy.games import Bash, Nim
    >>> game = Bash(2) + Nim()
    >>> game.grundy((5, (3,)))
    1
    >>> game.winning_moves((5, (3,)))
    [(5, (2,))]
    """

    # The games may have different position types: ImpartialGame[Any] is all they share.
    games: tuple[ImpartialGame[Any], ...]

    def __init__(self, *games: ImpartialGame[Any]) -> None:
        # (g + h) + k is one sum of three games, not a sum inside a sum.
        self.games = tuple(
            g for game in games for g in (game.games if isinstance(game, SumGame) else (game,))
        )
        self.name = " + ".join(map(repr, self.games))
        for game in self.games:
            if game.sums_refused:
                raise InvalidGameError(f"cannot add {game!r} to a sum: {game.sums_refused}")

    def check_position(self, position: object) -> SumPosition:
        if isinstance(position, _Part):
            return position
        if not isinstance(position, tuple) or len(position) != len(self.games):
            raise InvalidPositionError(
                f"{self!r}: position {position!r} must be a tuple of {len(self.games)} "
                "positions, one per game"
            )
        return tuple(g.check_position(p) for g, p in zip(self.games, position, strict=True))

    def components(self, position: SumPosition) -> Sequence[SumPosition] | None:
        if isinstance(position, _Part):
            return None
        return [_Part(i, p) for i, p in enumerate(position)]

    def formula(self, position: SumPosition) -> int | None:
        if not isinstance(position, _Part):
            return None  # a whole position is valued part by part (components)
        # A part's value comes from its own game's solver.
        return self.games[position.index].grundy(position.position)

    def moves(self, position: SumPosition) -> list[SumPosition | Sum]:
        if isinstance(position, _Part):
            game = self.games[position.index]
            return [_Part(position.index, o) for o in game.options(position.position)]
        options: list[SumPosition | Sum] = []
        for i, p in enumerate(position):
            for o in self.games[i].options(p):
                options.append((*position[:i], o, *position[i + 1 :]))
        return options

    def picture(self, position: SumPosition | Sum) -> Picture:
        """Draw each game's part by its own game, side by side with ``+`` between.

        Examples
        --------
        >>> from grundy.games import Chomp, Nim
        >>> picture = (Chomp() + Nim()).picture(((2, 1), (3, 4)))
        >>> picture.svg.count("poisoned"), picture.svg.count("<circle")
        (1, 7)
        """
        position = self.check_position(position)
        if isinstance(position, Sum | _Part):
            return super().picture(position)
        return beside(
            [g.picture(p) for g, p in zip(self.games, position, strict=True)],
            title=self.picture_title(position),
            what=self.name,
        )

    def canonical(self, position: SumPosition) -> SumPosition:
        if isinstance(position, _Part):
            return position
        return tuple(g.canonical(p) for g, p in zip(self.games, position, strict=True))

    def assemble(self, parts: Sequence[SumPosition | Sum]) -> SumPosition | Sum:
        found: list[_Part] = []
        for part in parts:
            if not isinstance(part, _Part):  # not parts from components()
                return super().assemble(parts)
            found.append(part)
        return tuple(part.position for part in sorted(found, key=lambda part: part.index))

    def moves_to_value(self, position: SumPosition, value: int) -> list[SumPosition | Sum]:
        if not isinstance(position, _Part):
            return list(super().moves_to_value(position, value))
        game = self.games[position.index]
        options = game.options_with_value(position.position, value)
        return [_Part(position.index, o) for o in options]
