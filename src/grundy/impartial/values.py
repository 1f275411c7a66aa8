"""What an impartial position is worth: its SG value, outcome and remoteness, found by the
solvers of :mod:`grundy.core` and kept in the game's cache."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from typing import Any

from ..core.errors import InvalidPositionError, PositionLimitError
from ..core.outcome import Outcome
from ..core.protocol import P
from ..core.recurrence import RecurrenceSolver
from ..core.solver import GrundySolver, OutcomeSearch, SolverStats, call_moves
from ..core.sums import Sum
from ..display.tables import SHOWN, ValueGrid, ValueTable
from .remoteness import RemotenessSearch
from .rules import ImpartialRules

__all__ = ["ImpartialValues", "GameCache"]

#: The most cells :meth:`ImpartialValues.table2d` computes by default.
MAX_TABLE_CELLS = 1_000_000

#: A game's stored values (solvers, memo tables, kernel tables), by name.
GameCache = dict[str, Any]

# The optional hooks: a game that overrides one gets it used by the solver.
_SOLVER_HOOKS = ("components", "canonical", "formula", "option_values")


class ImpartialValues(ImpartialRules[P]):
    """The values of an impartial game's positions: SG value, outcome, remoteness, tables.

    Subclass :class:`ImpartialGame`, which adds winning moves and explanations.

    Examples
    --------
    >>> from grundy.games import Bash
    >>> Bash(3).grundy(10), Bash(3).outcome(8), Bash(3).remoteness(5)
    (2, Outcome.P, 3)
    """

    def grundy(
        self,
        position: P | Sum,
        *,
        use_formula: bool = True,
        max_positions: int | None = None,
    ) -> int:
        """Return the Sprague-Grundy value of `position` (or of a :class:`Sum`).

        Parameters
        ----------
        position
            A position of this game, or a ``Sum`` of positions.
        use_formula : bool
            Use the game's closed form where it has one; ``False`` forces search (to
            check a formula against it).
        max_positions : int, optional
            Cap on positions stored by the search; default ``self.max_positions``.

        Raises
        ------
        InvalidPositionError
            The game does not accept `position`.
        LoopError
            The positions reachable from `position` contain a cycle.
        PositionLimitError
            More than `max_positions` positions would be stored (at once, when the
            game's :meth:`search_size` says so).

        Examples
        --------
        >>> from grundy.games import SubtractionGame
        >>> SubtractionGame([1, 3, 4]).grundy(10)
        1

        Notes
        -----
        Iterative depth-first search with an explicit stack (chains of millions of
        positions are fine), memoised per component: a sum or a position with
        ``components`` is the XOR of its parts (Sprague-Grundy theorem), every other
        position the mex of its options. A position whose components all have a
        closed form is their XOR, with no memo entry (10^6 Nim heaps in ~0.1 s).
        """
        position = self.check_position(position)
        limit = self.max_positions if max_positions is None else max_positions
        return self._checked_grundy(position, use_formula, limit)

    def _checked_grundy(self, position: P | Sum, use_formula: bool, limit: int) -> int:
        """:meth:`grundy` of a position already checked (10^6 heaps are checked once)."""
        if use_formula and not isinstance(position, Sum) and self.defines("formula"):
            value = self._xor_of_formula(position)
            if value is not None:
                return value
        self.check_search(position, max_positions=limit, use_formula=use_formula)
        return self._solver(use_formula).value(position, limit)

    def outcome(self, position: P | Sum, *, misere: bool = False) -> Outcome:
        """Return the outcome class (N or P) of `position` in normal or misère play.

        Normal play (the last player to move wins) reads it off the SG value; misère
        play (the last player to move loses) searches the game tree of the whole
        position, since the SG theorem does not hold there.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().outcome((1, 1)), Nim().outcome((1, 1), misere=True)
        (Outcome.P, Outcome.N)
        """
        position = self.check_position(position)
        if not misere:
            value = self._checked_grundy(position, True, self.max_positions)
            return Outcome.N if value else Outcome.P
        self._searched_options(position)
        return Outcome.N if self._next_player_wins(position) else Outcome.P

    def remoteness(self, position: P | Sum, *, misere: bool = False) -> int:
        """Return how many moves remain with perfect play (Smith's remoteness): the
        winner plays to win as fast as possible, the loser to last as long as possible.

        0 when there is no move; in normal play odd exactly when the player to move wins
        (in misère play a position with no move is won, so the parity flips). The winner's
        moves are to lost options of remoteness one less (:meth:`fastest_winning_moves`).
        The search is over whole positions (a sum's moves are moves in one part), with
        the game's ``canonical`` hook, and is refused at once when :meth:`search_size`
        says it is too big.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().remoteness((1, 2)), Nim().remoteness((1, 1)), Nim().remoteness((0, 0))
        (3, 2, 0)
        >>> Nim().remoteness((1, 2), misere=True)  # 2 -> 0 leaves (1, 0): 1 -> 0, won
        2
        """
        position = self.check_position(position)
        self._searched_options(position, "remoteness")
        return self._remoteness_search(misere).remoteness(position, self.max_positions)

    def fastest_winning_moves(self, position: P | Sum, *, misere: bool = False) -> list[P | Sum]:
        """Return the winning moves that win fastest: to losing options of least remoteness.

        Empty when the player to move loses.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().winning_moves((1, 3)), Nim().fastest_winning_moves((1, 3))
        ([(1, 1)], [(1, 1)])
        >>> from grundy.games import Chomp
        >>> Chomp().fastest_winning_moves((3, 3))
        [(3, 2)]
        """
        remaining = self.remoteness(position, misere=misere)
        if remaining % 2 == int(misere):  # lost: even in normal play, odd in misère
            return []
        return [
            option
            for option in self.options(self.check_position(position))
            if self.remoteness(option, misere=misere) == remaining - 1
        ]

    def _remoteness_search(self, misere: bool) -> RemotenessSearch:
        name = "misere_remoteness" if misere else "remoteness"
        searcher = self.cache.get(name)
        if searcher is None:
            canonical = self.canonical if self.defines("canonical") else None
            searcher = RemotenessSearch(self, self.options, canonical, misere=misere)
            self.cache[name] = searcher
        return searcher  # type: ignore[no-any-return]

    def is_p_position(self, position: P | Sum, *, misere: bool = False) -> bool:
        """Return True if the previous player wins from `position`.

        Examples
        --------
        >>> from grundy.games import Bash
        >>> [n for n in range(10) if Bash(3).is_p_position(n)]
        [0, 4, 8]
        """
        return self.outcome(position, misere=misere) is Outcome.P

    def options(self, position: P | Sum) -> list[P | Sum]:
        """Return the options of a whole position; for a ``Sum``, a move in one part.

        Examples
        --------
        >>> from grundy.games import Bash
        >>> Bash(2).options(gr.Sum(1, 2))
        [Sum(0, 2), Sum(1, 1), Sum(0, 1)]
        """
        if not isinstance(position, Sum):
            return call_moves(self, position)
        parts = position.parts
        found: list[P | Sum] = []
        for i, part in enumerate(parts):
            for option in call_moves(self, part):
                found.append(Sum(*parts[:i], option, *parts[i + 1 :]))
        return found

    def moves_to_value(self, position: P, value: int) -> Iterable[P | Sum]:
        """Return the options of `position` (one part) whose SG value is `value`.

        The default filters :meth:`moves`; games with huge positions (Nim heaps of
        10^18) override it with the theory.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().moves_to_value(10**18, 5)
        [5]
        """
        return [o for o in self.options(position) if self.grundy(o) == value]

    def table(self, positions: Iterable[P | Sum]) -> ValueTable:
        """Return the SG values of `positions`, in order.

        The result is a list (a :class:`~grundy.display.ValueTable`) that also knows its
        positions: a notebook shows it as an HTML table, ten heaps to a row for a range,
        P-positions shaded.

        Examples
        --------
        >>> from grundy.games import SubtractionGame
        >>> SubtractionGame([2, 3, 7]).table(range(12))
        [0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0]
        """
        title = self.name or repr(self)
        if isinstance(positions, range) and positions.step == 1:
            indices: Iterable[Any] = positions  # heaps 0, 1, 2...: positions of a heap game
            return ValueTable((self.grundy(p) for p in indices), start=positions.start, title=title)
        found: list[int] = []
        first: list[P | Sum] = []  # what the HTML table shows; the values are all kept
        for p in positions:
            found.append(self.grundy(p))
            if len(first) < SHOWN:
                first.append(p)
        heaps = [p for p in first if type(p) is int]
        if first and len(heaps) == len(first):
            start = heaps[0]
            if heaps == list(range(start, start + len(heaps))):  # heaps in a row
                return ValueTable(found, start=start, title=title)
        labels = [self.format_position(self.check_position(p)) for p in first]
        return ValueTable(found, labels=labels, title=title)

    def table2d(
        self,
        rows: int | Iterable[int],
        columns: int | Iterable[int] | None = None,
        *,
        max_cells: int = MAX_TABLE_CELLS,
    ) -> ValueGrid:
        """Return the SG values G(a, b) of the positions ``position_at(a, b)`` on a box.

        Two heaps for a heap game and Wythoff's game, an a x b board for Chomp and Cram
        (see :meth:`position_at`). A notebook shows the result as an HTML table;
        ``.heatmap()`` draws it, ``.values`` holds the rows.

        Parameters
        ----------
        rows : int or iterable of int
            The values of a: ``n`` means 0, 1, ..., n - 1.
        columns : int or iterable of int, optional
            The values of b (default: those of a).
        max_cells : int
            The most positions valued (rows x columns), checked before any is.

        Returns
        -------
        ValueGrid

        Raises
        ------
        InvalidPositionError
            An index that is not a non-negative integer.
        PositionLimitError
            More than `max_cells` positions.

        Examples
        --------
        >>> from grundy.games import Wythoff
        >>> grid = Wythoff().table2d(5)
        >>> grid.values[2], [b for b in range(5) if grid.value(2, b) == 0]
        ((2, 0, 1, 5, 3), [1])
        >>> Wythoff().table2d(10**6, 10**6)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.PositionLimitError: Wythoff(): a table of 1,000,000 x 1,000,000 ...
        """
        a = _indices(rows, "rows", self, max_cells)
        b = a if columns is None else _indices(columns, "columns", self, max_cells)
        if len(a) * len(b) > max_cells:
            raise PositionLimitError(
                f"{self!r}: a table of {len(a):,} x {len(b):,} positions is more than "
                f"max_cells = {max_cells:,}"
            )
        values = tuple(tuple(self.grundy(self.position_at(i, j)) for j in b) for i in a)
        return ValueGrid(values, a, b, title=self.name or repr(self))

    def check_search(
        self, position: P | Sum, *, max_positions: int | None = None, use_formula: bool = True
    ) -> None:
        """Refuse at once a normal-play search that :meth:`search_size` says is too big.

        Raises ``PositionLimitError`` with :meth:`search_refusal`'s reason when a part of
        `position` that the formula does not value (all parts, with ``use_formula=False``)
        needs more than `max_positions` (default ``self.max_positions``) positions. The
        parts share one memo, so the largest part bounds the search. :meth:`grundy` calls
        it; a game's own queries call it before searching.

        Examples
        --------
        >>> from grundy.games import Wythoff
        >>> Wythoff().check_search((10, 20), max_positions=100, use_formula=False)
        ... # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.PositionLimitError: Wythoff(): no closed form is known ... needs 231 ...
        """
        limit = self.max_positions if max_positions is None else max_positions
        if not self.defines("search_size"):
            return
        worst: tuple[int, P] | None = None
        for part in self._search_parts(position):
            if use_formula and self.formula(part) is not None:
                continue
            size = self.search_size(part)
            if size is not None and (worst is None or size > worst[0]):
                worst = (size, part)
        if worst is not None and worst[0] > limit:
            raise PositionLimitError(self.search_refusal(worst[1], worst[0], limit))

    @property
    def cache(self) -> GameCache:
        """This game's stored values: solvers and tables, emptied by :meth:`clear_cache`.

        Catalog games keep their tables here under a name of their own.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> game = Nim()
        >>> _ = game.grundy(5, use_formula=False)
        >>> sorted(game.cache)
        ['solvers']
        """
        return self.__dict__.setdefault("_cache", {})  # __dict__: frozen dataclasses too

    @property
    def stats(self) -> SolverStats:
        """Counts of what the solver has stored (see :class:`SolverStats`).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().stats
        SolverStats(positions=0, formula_values=0, sums=0)
        """
        solvers = list(self.cache.get("solvers", {}).values())
        return SolverStats(
            positions=sum(s.positions for s in solvers),
            formula_values=sum(s.formula_values for s in solvers),
            sums=sum(s.sums for s in solvers),
        )

    def clear_cache(self) -> None:
        """Forget every stored value (to free memory or to time a fresh solve).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> game = Nim()
        >>> _ = game.grundy(5, use_formula=False)
        >>> game.clear_cache(); game.stats.positions
        0
        """
        self.cache.clear()

    def _solver(self, use_formula: bool) -> GrundySolver | RecurrenceSolver:
        solvers = self.cache.setdefault("solvers", {})
        solver = solvers.get(use_formula)
        if solver is None:
            hooks = {h: getattr(self, h) for h in _SOLVER_HOOKS if self.defines(h)}
            if not use_formula:
                hooks.pop("formula", None)
            kind = RecurrenceSolver if "option_values" in hooks else GrundySolver
            solver = solvers[use_formula] = kind(self, hooks)
        return solver

    def _xor_of_formula(self, position: P) -> int | None:
        """The XOR of the formula over the components of `position`, None if any has none.

        Only for a position with components: one part goes through the solver, which
        counts its formula values."""
        parts = self.components(position)
        if parts is None:
            return None
        formula = self.formula
        value = 0
        for part in parts:
            v = formula(part)
            if v is None:
                return None
            value ^= v
        return value

    def _search_parts(self, position: P | Sum) -> Iterable[P]:
        """The one-part positions a normal-play search of `position` values."""
        stack: list[P | Sum] = [position]
        while stack:
            item = stack.pop()
            parts = self.parts(item)
            if parts is None:
                yield item  # type: ignore[misc]  # not a Sum: a Sum has parts
            else:
                stack.extend(parts)

    def _searched_options(self, position: P | Sum, what: str = "misère play") -> list[P | Sum]:
        """The options of `position`, after refusing at once a search over whole positions
        (misère play, remoteness) that :meth:`search_size` says is too big (the sizes of a
        sum's parts multiply).

        The size comes first: listing the options of a huge position (10^9 coins on a
        staircase) would already take too long."""
        parts = position.parts if isinstance(position, Sum) else (position,)
        sizes = [self.search_size(p) for p in parts]
        if None not in sizes and math.prod(sizes) > self.max_positions:  # type: ignore[arg-type]
            raise PositionLimitError(
                f"{self!r}: {what} has no closed form here; a search for "
                f"{self.format_position(position)} may need more than max_positions = "
                f"{self.max_positions:,} positions"
            )
        return self.options(position)

    def _next_player_wins(self, position: P | Sum) -> bool:
        """Misère play: does the player to move win? (plain win/lose search)"""
        searcher = self.cache.get("misere_search")
        if searcher is None:
            canonical = self.canonical if self.defines("canonical") else None
            searcher = OutcomeSearch(self, self.options, canonical, misere=True)
            self.cache["misere_search"] = searcher
        return searcher.next_player_wins(position, self.max_positions)


def _indices(spec: int | Iterable[int], what: str, game: object, most: int) -> tuple[int, ...]:
    """The indices of a table's rows or columns: ``n`` is 0..n-1; at most `most` read
    (an endless iterable is not a table)."""
    if isinstance(spec, bool):
        raise InvalidPositionError(f"{game!r}: {what} {spec!r} is a bool, not a count")
    if isinstance(spec, int):
        if spec < 0:
            raise InvalidPositionError(f"{game!r}: {what} {spec} is negative")
        if spec > most:
            raise PositionLimitError(
                f"{game!r}: a table of {spec:,} {what} is more than max_cells = {most:,}"
            )
        return tuple(range(spec))
    try:
        found = tuple(itertools.islice(spec, most + 1))
    except TypeError:
        raise InvalidPositionError(
            f"{game!r}: {what} {spec!r} is neither a count nor indices"
        ) from None
    if len(found) > most:
        raise PositionLimitError(f"{game!r}: more than max_cells = {most:,} {what}")
    for index in found:
        if type(index) is not int or index < 0:
            raise InvalidPositionError(
                f"{game!r}: {what} index {index!r} is not a non-negative integer"
            )
    return found
