"""A partizan ruleset whose positions repeat: :class:`LoopyPartizanGame`, whose ``value``
is a loopy value and whose ``outcome`` says who wins with draws.

A game subclasses it instead of :class:`~grundy.partizan.PartizanGame` when play can come
back to a position (Fox and Geese's fox walks to and fro; Backsliding Toads and Frogs'
creatures step back): the short-game search would meet a cycle, so every question is
answered from the game's graph (:func:`~grundy.partizan.loopy.indexed_graph`), explored
once per position asked about and kept for the next question on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.errors import InvalidGameError, InvalidPositionError
from ...core.protocol import P
from ..protocol import PartizanGame, Player
from .graph import LoopyGame
from .outcome import LoopyOutcome, results
from .positions import indexed_graph
from .sided import SidedValue, loopy_value
from .stopper import Stopper
from .survival import DEFAULT_MAX_STATES

__all__ = ["LoopyPartizanGame", "GRAPHS_KEPT"]

#: The graphs of the last positions asked about that a game keeps (each may be big).
GRAPHS_KEPT = 8


@dataclass
class _Explored:
    """One position's graph, the vertex of each position in it, and what was found."""

    graph: LoopyGame
    index: dict[Any, int]
    value: Stopper | SidedValue | None = None
    found: dict[tuple[int, int], int] = field(default_factory=dict)  # results, once asked


class LoopyPartizanGame(PartizanGame[P]):
    """A :class:`~grundy.partizan.PartizanGame` whose positions may repeat.

    :meth:`value` is the position's loopy value (a :class:`Stopper` when no play
    alternates for ever, else a :class:`SidedValue`, CGSuite's ``GameValue``),
    :meth:`outcome` its :class:`LoopyOutcome` (draws included) and
    :meth:`winning_moves` the moves after which their player wins, all read from the
    graph of the positions reachable (at most ``max_positions``, valued comparing at
    most :attr:`max_states` states at once). The hook
    :meth:`~grundy.partizan.PartizanGame.loopy_formula` values positions without
    exploring them.

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyPartizanGame
    >>> class Token(LoopyPartizanGame):
    ...     '''A token on 1 or 2: Left moves it 1 -> 2 -> 1...; Right takes it off 1 (to 0).'''
    ...     def left_options(self, n): return [3 - n] if n else []
    ...     def right_options(self, n): return [0] if n == 1 else []
    >>> game = Token()
    >>> str(game.value(1)), str(game.outcome(1)), game.winning_moves(1, "Right")
    ('*', 'N', [0])
    >>> str(game.value(2)), game.outcome(2)       # Right, to move, has no move at 2
    ('0', LoopyOutcome.P)
    """

    #: The most states :func:`~grundy.partizan.loopy.loopy_value` compares at once.
    max_states: int = DEFAULT_MAX_STATES

    @property
    def _explored(self) -> dict[Any, _Explored]:
        return self.__dict__.setdefault("_loopy_explored", {})  # frozen dataclasses too

    def _explore(self, position: P) -> tuple[P, _Explored]:
        """`position` checked, and its graph (explored now, or kept from before)."""
        position = self.check_position(position)
        key = self.canonical(position)
        kept = self._explored
        found = kept.pop(key, None)  # popped and put back: the last asked is kept longest
        if found is None:
            graph, index = indexed_graph(self, position, self.max_positions)
            found = _Explored(graph, index)
            while len(kept) >= GRAPHS_KEPT:
                del kept[next(iter(kept))]
        kept[key] = found
        return position, found

    # ----------------------------------------------------------------- values
    def value(self, position: P) -> Stopper | SidedValue:  # type: ignore[override]
        """The loopy value of `position`: CGSuite's ``GameValue``.

        A loopy game has no canonical form: the value is a :class:`Stopper` in simplest
        form, or the onside and offside of a game where play may alternate for ever.

        Raises
        ------
        PositionLimitError
            More than ``max_positions`` positions are reachable, or more than
            :attr:`max_states` states would be compared at once.

        Examples
        --------
        >>> from grundy.partizan.games import BackslidingToadsAndFrogs
        >>> game = BackslidingToadsAndFrogs()
        >>> str(game.value("T.")), str(game.value("ttt..fff"))   # CGSuite's GameStripTest
        ('on', '{on||0|-1/2} & {1/2|0||off}')
        """
        _, explored = self._explore(position)
        if explored.value is None:
            explored.value = loopy_value(explored.graph, self.max_states)
        return explored.value

    def value_within(self, position: P, positions: int) -> Any:
        """Refused: a loopy game's values are not canonical forms.

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> FoxAndGeese().value_within("G.|.F", 10)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidGameError: fox-and-geese is loopy: value_within is for ...
        """
        raise InvalidGameError(
            f"{self!r} is loopy: value_within is for short games; use value(position)"
        )

    def _results(self, explored: _Explored) -> dict[tuple[int, int], int]:
        if not explored.found:
            explored.found = results(explored.graph)
        return explored.found

    def outcome(self, position: P) -> LoopyOutcome:  # type: ignore[override]
        """Who wins `position` with Left moving first, and with Right: each a win for
        Left, a win for Right or a draw (play goes on for ever).

        Examples
        --------
        >>> from grundy.partizan.games import BackslidingToadsAndFrogs
        >>> game = BackslidingToadsAndFrogs()
        >>> game.outcome("T."), game.outcome("T..F"), game.outcome("ttt..fff")
        (LoopyOutcome.L, LoopyOutcome.N, LoopyOutcome.D)
        """
        _, explored = self._explore(position)
        found = self._results(explored)
        return LoopyOutcome.of(found[0, 0], found[0, 1])

    def winning_moves(self, position: P, player: Player) -> list[P]:
        """The options of `player` after which `player`, now second to move, wins (not
        merely draws).

        Examples
        --------
        >>> from grundy.partizan.games import BackslidingToadsAndFrogs
        >>> game = BackslidingToadsAndFrogs()
        >>> game.winning_moves("T..F", "Left"), game.winning_moves("T..F", "Right")
        (['.T.F'], ['T.F.'])
        """
        position, explored = self._explore(position)
        if player not in ("Left", "Right"):
            raise InvalidPositionError(f"player {player!r} is not 'Left' or 'Right'")
        found = self._results(explored)
        # Left wins moving second from an option when the state (option, Right to move)
        # is +1; Right when (option, Left to move) is -1.
        mover, wins = (1, 1) if player == "Left" else (0, -1)
        return [
            o
            for o in self.options(position, player)
            if found[explored.index[self.canonical(o)], mover] == wins
        ]

    def move_results(self, position: P, player: Player) -> list[tuple[P, int]]:
        """Each option of `player` with what it does for `player`, now second to move:
        1 a win, 0 a draw, -1 a loss; read off the graph of `position` (no option is
        explored again).

        Examples
        --------
        >>> from grundy.partizan.games import BackslidingToadsAndFrogs
        >>> game = BackslidingToadsAndFrogs()
        >>> game.move_results("T..F", "Left"), game.move_results("TT.F.F", "Left")
        ([('.T.F', 1)], [('T.TF.F', -1)])
        >>> game.move_results("TTT..FFF", "Right")      # play goes on for ever: a draw
        [('TTT.F.FF', 0)]
        """
        position, explored = self._explore(position)
        if player not in ("Left", "Right"):
            raise InvalidPositionError(f"player {player!r} is not 'Left' or 'Right'")
        found = self._results(explored)
        # the state (option, the other to move): +1 a Left win, -1 a Right win
        mover, sign = (1, 1) if player == "Left" else (0, -1)
        return [
            (o, sign * found[explored.index[self.canonical(o)], mover])
            for o in self.options(position, player)
        ]

    def clear_cache(self) -> None:
        """Forget the graphs kept.

        Examples
        --------
        >>> from grundy.partizan.games import BackslidingToadsAndFrogs
        >>> game = BackslidingToadsAndFrogs(); _ = game.value("T.F")
        >>> game.positions > 0, (game.clear_cache(), game.positions)[1]
        (True, 0)
        """
        super().clear_cache()
        self._explored.clear()

    @property
    def positions(self) -> int:
        """The vertices of the graphs kept (the positions explored, and the followers of
        the values of those a formula valued).

        Examples
        --------
        >>> from grundy.partizan.games import BackslidingToadsAndFrogs
        >>> game = BackslidingToadsAndFrogs(); _ = game.value("T.F"); game.positions
        6
        """
        return sum(e.graph.size for e in self._explored.values())
