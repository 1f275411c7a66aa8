"""Impartial games: the rules a game defines, and the queries every game answers."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from ..core.errors import InvalidPositionError, PositionLimitError
from ..core.integers import parse_int
from ..core.move import Move
from ..core.outcome import Outcome
from ..core.protocol import Game, P
from ..core.recurrence import RecurrenceSolver
from ..core.solver import GrundySolver, OutcomeSearch, SolverStats, call_moves
from ..core.sums import Sum
from . import explain as _reasons
from .remoteness import RemotenessSearch

if TYPE_CHECKING:
    from .sum_game import SumGame

__all__ = ["ImpartialGame", "GameCache", "game_from_moves"]

#: A game's stored values (solvers, memo tables, kernel tables), by name.
GameCache = dict[str, Any]

# The optional hooks: a game that overrides one gets it used by the solver.
_SOLVER_HOOKS = ("components", "canonical", "formula", "option_values")


class ImpartialGame(Game["P | Sum"], Generic[P]):
    """Base class of impartial games: subclass it and define :meth:`moves`.

    Generic in the type of its positions (``ImpartialGame[int]``, ``ImpartialGame[tuple[int,
    ...]]``); a :class:`Sum` of positions is a position too. Optional hooks, each used
    when a subclass defines it: :meth:`formula` (a closed form), :meth:`option_values`
    (the values of the options, as a DP reads them from a table), :meth:`components`
    (independent parts), :meth:`canonical` (symmetry reduction), :meth:`assemble`
    (rebuild a position from parts), :meth:`moves_to_value` (the options of a given
    value, for huge positions), :meth:`winning_move` (one winning move by construction),
    :meth:`search_size` and :meth:`search_refusal` (refuse a search too big at once),
    the ``explain_*`` hooks (the reason in words) and the notation of :class:`Game`.

    Examples
    --------
    >>> class TakeOneOrThree(gr.ImpartialGame[int]):
    ...     def moves(self, n):
    ...         return [n - k for k in (1, 3) if k <= n]
    >>> game = TakeOneOrThree()
    >>> game.table(range(8))
    [0, 1, 0, 1, 0, 1, 0, 1]
    >>> game.outcome(7), game.winning_moves(7)
    (Outcome.N, [6, 4])
    >>> game.outcome(7, misere=True)
    Outcome.P
    """

    kind: ClassVar = "impartial"
    #: Why this game may not be part of a sum (empty: it may).
    sums_refused: str = ""

    # ----------------------------------------------------------------- the rules
    def moves(self, position: P) -> Iterable[P | Sum]:
        """Return the options of `position` (a ``Sum`` for an option that splits).

        Examples
        --------
        >>> from grundy.games import Kayles
        >>> Kayles.moves(3)
        [2, Sum(1, 1), 1]
        """
        raise NotImplementedError(f"{type(self).__name__} must define moves(position)")

    def formula(self, position: P) -> int | None:
        """Return the SG value of `position` by the game's own method, or None to search.

        A closed form (Bouton's XOR, Lasker's mod-4 rule), or a table the game computes
        faster than the generic search (the kernels of octal games). Searches use it at
        every position; ``grundy(position, use_formula=False)`` ignores it.

        Examples
        --------
        >>> from grundy.games import Bash
        >>> Bash(3).formula(10)
        2
        """
        return None

    def option_values(self, position: P, values: Mapping[Any, int]) -> Iterable[int]:
        """Return the SG values of the options of `position`, read from `values`.

        A hook for speed: the recurrence a hand-written DP loops over. ``values[q]`` is
        the SG value of any position q, computed when first read, and an option that
        splits is the XOR of its parts' values, so no option object is built. Read
        values by indexing: ``values.get(q)`` does not compute. A game that defines it
        is valued through it alone (``moves`` still gives options, winning moves and
        play), so it must give the values of exactly the options :meth:`moves` lists.
        The default reads the options of :meth:`moves`. It pays where positions have many
        options: rectangle cutting runs in 1.2-1.4x a bottom-up dict DP's time with it,
        3x with ``Sum`` options; with a handful of options, ``moves`` alone is as fast.

        Examples
        --------
        >>> class Cut(gr.ImpartialGame[tuple[int, int]]):  # a w x h bar into two bars
        ...     def moves(self, p):
        ...         w, h = p
        ...         return [gr.Sum((i, h), (w - i, h)) for i in range(1, w)] + [
        ...             gr.Sum((w, j), (w, h - j)) for j in range(1, h)]
        ...     def option_values(self, p, g):
        ...         w, h = p
        ...         return {g[i, h] ^ g[w - i, h] for i in range(1, w)} | {
        ...             g[w, j] ^ g[w, h - j] for j in range(1, h)}
        >>> game = Cut()
        >>> game.grundy((30, 40)), game.stats.positions
        (1, 1200)
        >>> game.winning_moves((3, 2))
        [Sum((1, 2), (2, 2)), Sum((3, 1), (3, 1))]
        """
        return {values[option] for option in self.moves(position)}

    def components(self, position: P) -> Sequence[P] | None:
        """Return the independent parts of `position`, or None if it is one part.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().components((3, 4, 5))
        (3, 4, 5)
        """
        return None

    def canonical(self, position: P) -> P:
        """Return a representative of `position`'s symmetry class (default: itself).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().canonical((3, 0, 1))  # heaps commute, empty heaps add nothing
        (1, 3)
        """
        return position

    def assemble(self, parts: Sequence[P | Sum]) -> P | Sum:
        """Rebuild one position from parts (inverse of :meth:`components`).

        The default makes a :class:`Sum`; games with a ``components`` hook override it so
        that winning moves come back in the game's own notation.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().assemble([3, gr.Sum(1, 2)])
        (3, 1, 2)
        """
        return parts[0] if len(parts) == 1 else Sum(*parts)  # Sum() for no parts

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

    def position_at(self, *indices: int) -> P | Sum:
        """Return the position of a family indexed by integers, the one patterns search.

        ``grundy.patterns`` computes the values of ``position_at(n)`` (one index) or
        ``position_at(a, b)`` (two) and looks for a formula. The default is the index
        itself, or the tuple of indices: a heap of n, two heaps (a, b). Games whose
        natural family is another override it (a single coin at (a, b), an a x b
        rectangle).

        Examples
        --------
        >>> from grundy.games import Nim, Chomp
        >>> Nim().position_at(5), Nim().position_at(3, 4)
        (5, (3, 4))
        >>> Chomp().position_at(2, 3)   # 2 rows of 3 squares
        (3, 3)
        """
        return self.check_position(indices[0] if len(indices) == 1 else indices)

    def pattern_theorem(self, dims: int) -> tuple[str, str] | None:
        """Return the closed form a theorem gives for :meth:`position_at`, and its name.

        ``(formula, theorem)``, the formula written as ``grundy.patterns`` writes the
        expressions it finds (``"a ^ b"``, ``"n % 4"``); None when no theorem is known.
        A pattern search finds its formulas from the values alone; one that is this
        formula, and passes the mex check, is reported as proved by the theorem.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().pattern_theorem(2)
        ('a ^ b', "Bouton's theorem")
        """
        return None

    def pattern_offsets(self, dims: int) -> Sequence[tuple[int, ...]] | None:
        """Return the moves of the :meth:`position_at` family as offsets of its indices.

        A game that returns offsets V states that the options of ``position_at(*i)``
        are exactly the positions ``position_at(*(i + v))`` for v in V whose indices stay
        at or above the family's first indices, for every i: a king, a knight, a
        subtraction game in two heaps. A periodic pattern of such a game is then proved
        by a mex check on a finite window (the finite-window theorem of
        ``grundy.patterns``); the offsets are compared with the moves on that window.
        None (the default): the moves are not declared so.

        Examples
        --------
        >>> class King(gr.ImpartialGame):
        ...     def moves(self, p):
        ...         steps = self.pattern_offsets(2)
        ...         return [(p[0] + i, p[1] + j) for i, j in steps if p[0] + i >= 0 <= p[1] + j]
        ...     def pattern_offsets(self, dims):
        ...         return [(-1, 0), (0, -1), (-1, -1)]
        >>> King().options((0, 2))
        [(0, 1)]
        """
        return None

    def search_size(self, position: P) -> int | None:
        """Return a bound on the positions a search valuing `position` meets (None: unknown).

        `position` is one part (no ``Sum``) that :meth:`formula` does not value. A query
        whose search would exceed ``max_positions`` is refused at once with a
        ``PositionLimitError`` saying :meth:`search_refusal`, instead of running until
        the limit is hit. In misère play the sizes of a sum's parts multiply.

        Examples
        --------
        >>> from grundy.games import Wythoff
        >>> Wythoff().search_size((10, 20))  # the table of (a, b), a <= 10, b <= 20
        231
        """
        return None

    def search_refusal(self, position: P, size: int, limit: int) -> str:
        """Return why a search of `size` positions from `position` is refused (`limit`).

        The message of the ``PositionLimitError`` raised when :meth:`search_size` exceeds
        the limit in normal play; games say why they have no closed form there.

        Examples
        --------
        >>> from grundy.games import Chomp
        >>> Chomp().search_refusal((3, 3), 20, 10)  # doctest: +ELLIPSIS
        'Chomp(): no closed form is known, and a search of the 2 x 3 board visits ...'
        """
        return (
            f"{self!r}: no closed form here; a search for {self.format_position(position)} "
            f"needs about {size:,} positions, more than max_positions = {limit:,}"
        )

    # ----------------------------------------------------------------- notation
    def parse_position(self, tokens: Sequence[str]) -> P | Sum:
        """Read a position from command-line words (default: integers; several = a tuple).

        Examples
        --------
        >>> gr.ImpartialGame().parse_position(["3", "4"])
        (3, 4)
        """
        values = tuple(parse_int(t, f"{self!r}: position word") for t in tokens)
        if not values:
            raise InvalidPositionError(f"{self!r}: no position given")
        return values[0] if len(values) == 1 else values  # type: ignore[return-value]

    def position_to_json(self, position: P | Sum) -> Any:
        """Return `position` as a JSON value: tuples become lists, a Sum ``{"sum": [...]}``.

        Examples
        --------
        >>> gr.ImpartialGame().position_to_json((1, (2, 3)))
        [1, [2, 3]]
        """
        if isinstance(position, Sum):
            return {"sum": [self.position_to_json(p) for p in position.parts]}
        if isinstance(position, tuple | list | frozenset):
            return [self.position_to_json(p) for p in position]
        if isinstance(position, int | str | float | bool) or position is None:
            return position
        return repr(position)

    def format_position(self, position: P | Sum) -> str:
        """Write `position` as typed on the command line (the inverse of parse_position).

        Examples
        --------
        >>> gr.ImpartialGame().format_position((3, 4, 5))
        '3 4 5'
        """
        if isinstance(position, Sum):
            return " + ".join(f"({self.format_position(p)})" for p in position.parts)
        if isinstance(position, tuple):
            return " ".join(map(str, position)) if position else "(empty)"
        return str(position)

    def describe_move(self, before: P | Sum, after: P | Sum) -> str:
        """Describe the move from `before` to `after` in words, for people.

        Examples
        --------
        >>> halve = gr.game_from_moves(lambda n: [n // 2] if n else [])
        >>> halve.describe_move(6, 3)
        '6 -> 3'
        """
        return f"{before!r} -> {after!r}"

    # ----------------------------------------------------------------- queries
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

    def winning_moves(self, position: P | Sum, *, misere: bool = False) -> list[P | Sum]:
        """Return every move from `position` to a P-position (empty for a P-position).

        In normal play a position made of parts (a ``Sum`` or a position with
        ``components``) is handled by the SG theorem: with X the XOR of the parts'
        values, a winning move changes one part of value g into an option of value
        g XOR X, so only that part's options are examined. In misère play the options of
        the whole position are searched.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().winning_moves((3, 4, 5))
        [(1, 4, 5)]
        >>> Nim().winning_moves((1, 1, 2), misere=True)
        [(1, 1, 1)]
        """
        position = self.check_position(position)
        if misere:
            options = self._searched_options(position)
            found = [o for o in options if not self._next_player_wins(o)]
        else:
            found = self.options_with_value(position, 0)
        return list(dict.fromkeys(found))  # a game may list the same option twice

    def winning_move(self, position: P | Sum, *, misere: bool = False) -> P | Sum | None:
        """Return one winning move from `position`, or None (a P-position, or no move).

        The default is the position after :meth:`winning_change`; games whose theory
        constructs a winning move (Moore's Nim, Fibonacci Nim) override it, so that one
        winning move is found where there are too many options to list them all.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().winning_move((3, 4, 5)), Nim().winning_move((1, 1))
        ((1, 4, 5), None)
        """
        move = self.winning_change(position, misere=misere)
        return None if move is None else self.apply(self.check_position(position), move)

    def winning_change(self, position: P | Sum, *, misere: bool = False) -> Move | None:
        """Return the first of :meth:`winning_changes` without listing the others.

        In normal play the parts are tried in order and the first part with a winning
        move answers, so 10^5 Lasker heaps (12 million winning moves) give one at once.

        Examples
        --------
        >>> from grundy.games import LaskersNim
        >>> LaskersNim().winning_change(tuple(range(1, 100_000)))
        Move(part=30, before=31, after=Sum(1, 30))
        """
        position = self.check_position(position)
        if misere or self.defines("winning_changes"):  # the game's own list, or a search
            moves = self.winning_changes(position, misere=misere)
            return moves[0] if moves else None
        for move in self._iter_changes_to_value(position, 0):
            return move
        return None

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

    def options_with_value(self, position: P | Sum, value: int) -> list[P | Sum]:
        """Return the options of `position` whose SG value is `value` (normal play).

        A position made of parts retargets one part: with X the XOR of the parts'
        values, a part of value g must move to an option of value g ⊕ X ⊕ `value`;
        one part asks :meth:`moves_to_value`.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().options_with_value((3, 4, 5), 1)
        [(0, 4, 5)]
        """
        return [self.apply(position, move) for move in self._changes_to_value(position, value)]

    def winning_changes(self, position: P | Sum, *, misere: bool = False) -> list[Move]:
        """Return the winning moves of `position` as changes: which part, from what, to what.

        The moves of :meth:`winning_moves`, in the same order, each naming only the part it
        changes, so a sum of 10^5 heaps costs linear time and memory (as whole positions,
        every winning move would be another 10^5 heaps). In misère play the whole position
        is searched and each move is the whole option (``part`` None).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().winning_changes((3, 4, 5))
        [Move(part=0, before=3, after=1)]
        >>> Nim().winning_changes(gr.Sum((3,), (4, 5)))
        [Move(part=0, before=(3,), after=(1,))]
        """
        position = self.check_position(position)
        if misere:
            return [Move(None, position, m) for m in self.winning_moves(position, misere=True)]
        return list(dict.fromkeys(self._changes_to_value(position, 0)))

    def apply(self, position: P | Sum, move: Move) -> P | Sum:
        """Return the position after `move` (see :meth:`winning_changes`).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().apply((3, 4, 5), gr.Move(part=2, before=5, after=0))
        (3, 4, 0)
        """
        if move.part is None:
            return move.after  # type: ignore[no-any-return]
        parts = self.parts(position)
        if parts is None or parts[move.part] != move.before:
            raise InvalidPositionError(f"{move} does not apply to {self.format_position(position)}")
        new_parts = [*parts[: move.part], move.after, *parts[move.part + 1 :]]
        return Sum(*new_parts) if isinstance(position, Sum) else self.assemble(new_parts)

    def _changes_to_value(self, position: P | Sum, value: int) -> list[Move]:
        return list(self._iter_changes_to_value(position, value))

    def _iter_changes_to_value(self, position: P | Sum, value: int) -> Iterator[Move]:
        """The moves to an option of SG value `value`, part by part (lazily)."""
        parts = self.parts(position)
        if parts is None:
            for option in self.moves_to_value(position, value):  # type: ignore[arg-type]
                yield Move(None, position, option)
            return
        values = [self.grundy(p) for p in parts]
        change = value
        for v in values:
            change ^= v
        if change == 0:  # a part would have to keep its own value: no option does
            return
        # Equal parts of a Sum (unordered) have the same options and lead to the same sums.
        seen: set[Any] | None = set() if isinstance(position, Sum) else None
        for i, (part, part_value) in enumerate(zip(parts, values, strict=True)):
            if seen is not None:
                if part in seen:
                    continue
                seen.add(part)
            for option in self.options_with_value(part, part_value ^ change):
                yield Move(i, part, option)

    def parts(self, position: P | Sum) -> Sequence[P | Sum] | None:
        """Return the parts of a sum or of a position with components; None for one part.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().parts((3, 4)), Nim().parts(3)
        ((3, 4), None)
        """
        if isinstance(position, Sum):
            return position.parts
        found = self.components(position)
        if found is None or (len(found) == 1 and found[0] == position):
            return None
        return found

    def table(self, positions: Iterable[P | Sum]) -> list[int]:
        """Return the SG values of `positions`, in order.

        Examples
        --------
        >>> from grundy.games import SubtractionGame
        >>> SubtractionGame([2, 3, 7]).table(range(12))
        [0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0]
        """
        return [self.grundy(p) for p in positions]

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

    # ----------------------------------------------------------------- explain
    def explain(self, position: P | Sum, *, misere: bool = False) -> str:
        """Return one line saying why `position` has its SG value (or misère outcome).

        In normal play the line ends with ``= g``, g the SG value: a position made of
        parts is the XOR of their values, a game with a closed form states it, any other
        position is the mex of its options' values. In misère play it names a winning
        move, or says that every move leaves the opponent a winning position. Games
        state their own rules through the hooks :meth:`explain_normal`,
        :meth:`explain_part` and :meth:`explain_misere`.

        Raises
        ------
        InvalidPositionError
            The game does not accept `position`.
        PositionLimitError, LoopError
            Only where computing the value (or misère outcome) itself raises them.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().explain((3, 4, 5))
        'XOR of the heaps: 3 ⊕ 4 ⊕ 5 = 2'
        >>> Nim().explain((1, 1, 1), misere=True)
        'all heaps are 0 or 1 and their count is odd (3 heaps of 1): the player to move loses'
        >>> halve_or_decrement = gr.game_from_moves(lambda n: [n // 2, n - 1] if n else [])
        >>> halve_or_decrement.explain(5)
        "mex of the options' values {0, 1} = 2"

        Notes
        -----
        Costs what :meth:`grundy` (or :meth:`outcome`) costs, plus valuing the options of
        a one-part position; a position valued by a closed form whose options are too
        many to list quickly is explained by that closed form.
        """
        position = self.check_position(position)
        if misere:
            return self.explain_misere(position)
        return self.explain_normal(position)

    def explain_normal(self, position: P | Sum) -> str:
        """Hook of :meth:`explain`, normal play: the XOR of the parts, or one part's reason.

        Examples
        --------
        >>> from grundy.games import Bash
        >>> Bash(3).explain_normal(gr.Sum(5, 6))
        'XOR of the heaps mod 4: 1 ⊕ 2 = 3'
        """
        return _reasons.parts_reason(self, position)

    def explain_part(self, position: P) -> str:
        """Hook of :meth:`explain`: the reason of one part's value, ending ``= g``.

        The default is the mex of its options' values; games with a closed form state it.

        Examples
        --------
        >>> from grundy.games import Bash
        >>> Bash(3).explain_part(10)
        "a heap's value is its size mod 4: 10 mod 4 = 2"
        """
        return _reasons.mex_reason(self, position)

    def explain_lists_options(self, position: P) -> bool:
        """Hook of :meth:`explain`: may the mex line list the options of `position`?

        Not when a closed form values it and it looks too big to list its options quickly.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().explain_lists_options(10**18)
        False
        """
        return _reasons.lists_options_by_size(self, position)

    def explain_misere(self, position: P | Sum) -> str:
        """Hook of :meth:`explain`, misère play: a winning move, or why every move loses.

        Examples
        --------
        >>> from grundy.games import Bash
        >>> Bash(2).explain_misere(4)
        'every move leaves the opponent a winning position'
        """
        return _reasons.misere_reason(self, position)

    # ----------------------------------------------------------------- state
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

    def defines(self, hook: str) -> bool:
        """Return True if this game's class overrides the optional method `hook`.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().defines("formula"), Nim().defines("canonical")
        (True, True)
        """
        return getattr(type(self), hook) is not getattr(ImpartialGame, hook)

    def __add__(self, other: ImpartialGame[Any]) -> SumGame:
        """``g + h`` is the sum game whose positions are pairs ``(p, q)``."""
        from .sum_game import SumGame  # sum_game.py builds on this module

        if not isinstance(other, ImpartialGame):
            return NotImplemented
        return SumGame(self, other)

    # ----------------------------------------------------------------- internals
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


def game_from_moves(
    moves: Callable[[Any], Iterable[Any]],
    *,
    name: str | None = None,
    formula: Callable[[Any], int | None] | None = None,
    canonical: Callable[[Any], Any] | None = None,
    option_values: Callable[[Any, Any], Iterable[int]] | None = None,
) -> ImpartialGame[Any]:
    """Build a game from a plain function that lists the options of a position.

    Parameters
    ----------
    moves : callable
        ``moves(position)`` returns the options of `position`.
    name : str, optional
        Shown in messages; default the function's name.
    formula, canonical, option_values : callable, optional
        The optional hooks of :class:`ImpartialGame`.

    Examples
    --------
    >>> halve_or_decrement = gr.game_from_moves(lambda n: [n // 2, n - 1] if n else [])
    >>> halve_or_decrement.table(range(10))
    [0, 1, 0, 2, 1, 2, 0, 1, 0, 2]

    Kayles by its rules, valued as a DP would (knock down 1 or 2 pins of a row of n):

    >>> kayles = gr.game_from_moves(
    ...     lambda n: [gr.Sum(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)],
    ...     option_values=lambda n, g: {
    ...         g[a] ^ g[n - t - a] for t in (1, 2) for a in range(n - t + 1)})
    >>> kayles.table(range(12)), kayles.grundy(3000)
    ([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], 4)
    """
    hooks = {
        "moves": moves,
        "formula": formula,
        "canonical": canonical,
        "option_values": option_values,
    }
    namespace: dict[str, object] = {k: staticmethod(f) for k, f in hooks.items() if f is not None}
    namespace["name"] = name or getattr(moves, "__name__", "game")
    return type("FunctionGame", (ImpartialGame,), namespace)()
