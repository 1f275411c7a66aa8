"""The two-player solutions a worker keeps: play from a solved position never solves again."""

from __future__ import annotations

import functools
from typing import Any, cast

from .. import twoplayer
from ..partizan import PartizanGame
from ..partizan.two_player import PLAYERS, PartizanPlay
from ..twoplayer import Solution
from .inputs import Position, game_named, two_player_game_named

__all__ = ["solved_from", "solution_holding"]


@functools.lru_cache(maxsize=16)
def solved_from(spec: str, root: Position) -> Solution:
    """The solution of the game named `spec` from `root` (a partizan game's `root` is
    its board and the index of the player to move), kept for the next request."""
    rules = game_named(spec)
    if isinstance(rules, PartizanGame):  # played out from `root`: (board, mover)
        board, mover = cast(tuple[Any, int], root)
        return twoplayer.solve(PartizanPlay(rules, board, PLAYERS[mover]), root)
    return twoplayer.solve(two_player_game_named(spec), root)


#: Partizan positions played out lately (the game's name, the solution from where its
#: play began), newest last: the positions of a game in progress are found in them.
_PLAYED: list[tuple[str, Solution]] = []


def solution_holding(spec: str, position: Position) -> Solution:
    """A solution that holds `position`: a cached one (the game's start is solved
    first, so play from it never solves again), else one solved from `position`. A
    partizan game has no start: the position a game began from is solved, and the
    positions of that game are found in it."""
    if not isinstance(game_named(spec), PartizanGame):
        start = solved_from(spec, two_player_game_named(spec).start())
        return start if position in start else solved_from(spec, position)
    for name, solution in reversed(_PLAYED):
        if name == spec and position in solution:
            return solution
    solution = solved_from(spec, position)
    _PLAYED.append((spec, solution))
    del _PLAYED[:-8]
    return solution
