"""The graph and the value of a partizan game whose positions may repeat: :func:`game_value`.

:func:`game_graph` explores a :class:`~grundy.partizan.PartizanGame`'s positions;
:func:`game_value` is CGSuite's ``GameValue``.

The positions reachable from the one asked for are explored breadth first, each once
(positions the game's ``canonical`` hook says are the same game are one vertex; a
position its ``formula`` values is a short game's followers), up to ``max_positions``.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import InvalidGameError, PositionLimitError
from ..canonical import CanonicalGame
from ..protocol import PartizanGame
from .graph import LoopyGame
from .outcome import LoopyOutcome, loopy_outcome
from .sided import SidedValue, loopy_value
from .stopper import Stopper
from .survival import DEFAULT_MAX_STATES

__all__ = ["game_graph", "indexed_graph", "game_value", "game_outcome"]


def game_graph(
    game: PartizanGame[Any], position: Any, max_positions: int | None = None
) -> LoopyGame:
    """The graph of `position`: vertex 0, its followers, Left's and Right's moves.

    Parameters
    ----------
    game : PartizanGame
        The rules (``left_options``, ``right_options``; cycles allowed).
    position
        Where play starts, checked by the game.
    max_positions : int, optional
        The most vertices explored (default: the game's ``max_positions``).

    Notes
    -----
    A position valued by the game's own theory is not explored: its value's graph is
    copied in. The value comes from the game's
    :meth:`~grundy.partizan.PartizanGame.loopy_formula` hook when it gives one (a
    :class:`Stopper`, a :class:`LoopyGame` or a short game: Fox and Geese gives ``off``
    once the fox is past the geese), else from ``formula``.

    Raises
    ------
    PositionLimitError
        More than `max_positions` positions are reachable.

    Examples
    --------
    >>> from grundy.partizan import PartizanGame
    >>> from grundy.partizan.loopy import game_graph
    >>> class Walk(PartizanGame):
    ...     '''A token on 0..3: Left steps up, Right down, Left may stay at 3.'''
    ...     def left_options(self, n): return [n + 1] if n < 3 else [3]
    ...     def right_options(self, n): return [n - 1] if n > 0 else []
    >>> game_graph(Walk(), 3)
    LoopyGame(left=((0,), (0,), (1,), (2,)), right=((1,), (2,), (3,), ()))
    """
    return indexed_graph(game, position, max_positions)[0]


def indexed_graph(
    game: PartizanGame[Any], position: Any, max_positions: int | None = None
) -> tuple[LoopyGame, dict[Any, int]]:
    """:func:`game_graph`, and the vertex of each position explored or valued (keyed by
    the game's ``canonical`` key), so that a position's options can be found in it.

    Examples
    --------
    >>> from grundy.partizan import PartizanGame
    >>> from grundy.partizan.loopy.positions import indexed_graph
    >>> class Walk(PartizanGame):
    ...     def left_options(self, n): return [n + 1] if n < 2 else [2]
    ...     def right_options(self, n): return [n - 1] if n > 0 else []
    >>> indexed_graph(Walk(), 1)[1]
    {1: 0, 2: 1, 0: 2}
    """
    position = game.check_position(position)
    limit = game.max_positions if max_positions is None else max_positions
    index: dict[Any, int] = {}
    order: list[Any] = []
    left: list[tuple[int, ...]] = []
    right: list[tuple[int, ...]] = []
    # a vertex is either a position to explore or a valued game's graph copied in whole
    pending_short: list[tuple[int, LoopyGame]] = []

    def valued(p: Any) -> LoopyGame | None:
        found: Any = game.loopy_formula(p)
        if found is None:
            found = game.formula(p)
        if found is None or isinstance(found, LoopyGame):
            return found
        if isinstance(found, Stopper):
            return found.graph
        if isinstance(found, CanonicalGame):
            return LoopyGame.from_short(found, limit)
        raise InvalidGameError(f"{game!r}: the value of a position is {found!r}, not a game")

    def vertex(p: Any) -> int:
        key = game.canonical(p)
        found = index.get(key)
        if found is None:
            if len(order) >= limit:
                raise PositionLimitError(
                    f"{game!r}: more than {limit:,} positions are reachable from "
                    f"{game.format_position(position)!r}; raise max_positions"
                )
            found = index[key] = len(order)
            order.append(key)
        return found

    vertex(position)
    i = 0
    while i < len(order):
        p = order[i]
        value = valued(p) if i > 0 else None
        if value is not None:
            pending_short.append((i, value.pack(0)))
            left.append(())
            right.append(())
        else:
            left.append(tuple(sorted({vertex(o) for o in game.left_options(p)})))
            right.append(tuple(sorted({vertex(o) for o in game.right_options(p)})))
        i += 1
    for v, short in pending_short:  # a valued position: its value's followers
        base = len(left) - 1
        if base + short.size > limit:
            raise PositionLimitError(
                f"{game!r}: more than {limit:,} positions; raise max_positions"
            )

        # the value's vertex 0 is v itself, its others come after the graph's
        moved = [v, *range(base + 1, base + short.size)]
        left[v] = tuple(moved[w] for w in short.left[0])
        right[v] = tuple(moved[w] for w in short.right[0])
        left.extend(tuple(moved[w] for w in row) for row in short.left[1:])
        right.extend(tuple(moved[w] for w in row) for row in short.right[1:])
    return LoopyGame(tuple(left), tuple(right)), index


def game_value(
    game: PartizanGame[Any],
    position: Any,
    max_positions: int | None = None,
    max_states: int = DEFAULT_MAX_STATES,
) -> Stopper | SidedValue:
    """The value of `position`: a :class:`Stopper` when no play alternates forever from
    it, else its sides ``A & B`` (CGSuite's ``GameValue``): :func:`game_graph` explores
    at most `max_positions` positions, :func:`loopy_value` compares at most `max_states`
    states at once.

    Examples
    --------
    >>> from grundy.partizan import PartizanGame
    >>> from grundy.partizan.loopy import game_value
    >>> class Hop(PartizanGame):
    ...     '''Left may pass while the token is at 1; either player moves it 1 -> 0.'''
    ...     def left_options(self, n): return [0, 1] if n == 1 else []
    ...     def right_options(self, n): return [0] if n == 1 else []
    >>> str(game_value(Hop(), 1))            # {0, pass | 0} = ^[on]*
    '^[on]*'
    """
    return loopy_value(game_graph(game, position, max_positions), max_states)


def game_outcome(
    game: PartizanGame[Any], position: Any, max_positions: int | None = None
) -> LoopyOutcome:
    """Who wins `position` with Left and with Right moving first, draws included.

    Examples
    --------
    >>> from grundy.partizan import PartizanGame
    >>> from grundy.partizan.loopy import game_outcome
    >>> class Swap(PartizanGame):
    ...     '''Two positions; each player moves from one to the other: play never ends.'''
    ...     def left_options(self, n): return [1 - n]
    ...     def right_options(self, n): return [1 - n]
    >>> game_outcome(Swap(), 0)
    LoopyOutcome.D
    """
    return loopy_outcome(game_graph(game, position, max_positions))
