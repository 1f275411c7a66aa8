"""A game's positions explored into a graph: compressed successor and predecessor rows."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from .errors import MoveGenerationError, PositionLimitError
from .solver import DEFAULT_MAX_POSITIONS, call_moves

__all__ = ["GameGraph", "explore", "predecessors"]

Position = Hashable


@dataclass(frozen=True, slots=True)
class GameGraph:
    """Every position reachable from some roots, numbered in the order first met.

    ``positions[a]`` is position number `a`, ``index`` maps a position (or its key, with
    a symmetry) back to its number, and the options of `a` are the numbers
    ``succ[start[a]:start[a + 1]]`` (compressed rows; an option listed twice by the game
    appears twice).

    Examples
    --------
    >>> from grundy.core.graph import explore
    >>> graph = explore(lambda n: [(n + 1) % 3], [0])
    >>> graph.positions, graph.start, graph.succ
    ([0, 1, 2], [0, 1, 2, 3], [1, 2, 0])
    """

    positions: list
    index: dict
    start: list[int]
    succ: list[int]

    def __len__(self) -> int:
        return len(self.positions)

    def options(self, a: int) -> list[int]:
        """The numbers of the options of position number `a`."""
        return self.succ[self.start[a] : self.start[a + 1]]


#: The moves :func:`explore` stores, per position of its limit: a cap on the edges too,
#: as memory grows with them (a few positions with many options each, ~8 bytes a move).
OPTIONS_PER_POSITION = 16


def explore(
    moves: Callable[[Any], Iterable[Position]],
    roots: Iterable[Position],
    *,
    key: Callable[[Any], Hashable] | None = None,
    limit: int = DEFAULT_MAX_POSITIONS,
    name: str = "game",
    progress: Callable[[int], None] | None = None,
) -> GameGraph:
    """Enumerate every position reachable from `roots` breadth first.

    Parameters
    ----------
    moves : callable
        ``moves(position)`` lists the options of a position.
    roots : iterable
        Where to start.
    key : callable, optional
        Symmetry: positions with the same ``key(position)`` are one vertex (the first one
        met stands for them all).
    limit : int
        More positions than this, or more than ``OPTIONS_PER_POSITION * limit`` moves
        between them, raise :class:`PositionLimitError` (before memory runs out).
    name : str
        The game's name, for messages.
    progress : callable, optional
        Called with the number of positions found, every 2^16 positions expanded.

    Raises
    ------
    MoveGenerationError
        ``moves`` raised, or returned a position that is not hashable.
    PositionLimitError
        More than `limit` positions are reachable.

    Examples
    --------
    >>> from grundy.core.graph import explore
    >>> len(explore(lambda n: [n - k for k in (1, 2) if k <= n], [10]))
    11
    """
    positions: list = []
    index: dict = {}
    succ: list[int] = []
    start = [0]

    def add(position: Position, parent: Position | None) -> int:
        k = position if key is None else key(position)
        try:
            a = index.get(k)
        except TypeError:
            where = "a root" if parent is None else f"moves({parent!r}) returned"
            raise MoveGenerationError(
                f"{name}: {where} {position!r}, which is not hashable "
                "(positions must be hashable: use tuples, not lists)"
            ) from None
        if a is None:
            a = index[k] = len(positions)
            if a >= limit:
                raise PositionLimitError(
                    f"{name}: more than {limit:,} positions are reachable; raise "
                    "max_positions (memory grows ~200 bytes a position)"
                )
            positions.append(position)
        return a

    for root in roots:
        add(root, None)
    game = _NamedMoves(moves, name)
    most_moves = OPTIONS_PER_POSITION * limit
    a = 0
    while a < len(positions):
        position = positions[a]
        succ.extend(add(option, position) for option in call_moves(game, position))
        start.append(len(succ))
        if len(succ) > most_moves:  # few positions with many options each (Chomp 40 x 40)
            raise PositionLimitError(
                f"{name}: more than {most_moves:,} moves between the first {len(positions):,}"
                f" reachable positions; raise max_positions (each move is ~8 bytes)"
            )
        a += 1
        if progress is not None and a & 0xFFFF == 0:
            progress(len(positions))
    return GameGraph(positions, index, start, succ)


def predecessors(start: list[int], succ: list[int]) -> tuple[list[int], list[int]]:
    """The reversed graph in compressed rows: ``pred[pred_start[b]:pred_start[b + 1]]``.

    Examples
    --------
    >>> from grundy.core.graph import predecessors
    >>> predecessors([0, 2, 3, 3], [1, 2, 2])    # 0 -> 1, 0 -> 2, 1 -> 2
    ([0, 0, 1, 3], [0, 0, 1])
    """
    n = len(start) - 1
    counts = [0] * (n + 1)
    for b in succ:
        counts[b + 1] += 1
    for b in range(n):
        counts[b + 1] += counts[b]
    pred_start = counts
    fill = pred_start[:-1]
    pred = [0] * len(succ)
    for a in range(n):
        for i in range(start[a], start[a + 1]):
            b = succ[i]
            pred[fill[b]] = a
            fill[b] += 1
    return pred_start, pred


class _NamedMoves:
    """A moves function dressed as a game, so errors name the game (see call_moves)."""

    def __init__(self, moves: Callable, name: str) -> None:
        self.moves = moves
        self.name = name

    def __repr__(self) -> str:
        return self.name
