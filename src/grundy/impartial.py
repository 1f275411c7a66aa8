"""Impartial games: the protocol a game implements, and the queries every game answers."""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .errors import InvalidGameError, InvalidPositionError, PositionLimitError
from .nimbers import nim_sum
from .solver import DEFAULT_MAX_POSITIONS, GrundySolver, OutcomeSearch, SolverStats, call_moves
from .sums import Sum

if TYPE_CHECKING:
    from .games.sum_game import SumGame

__all__ = ["Outcome", "ImpartialGame", "game_from_moves"]

Position = Hashable

# The optional hooks: a game that overrides one gets it used by the solver.
_HOOKS = ("components", "canonical", "formula")


class Outcome(enum.Enum):
    """Outcome class of a position under optimal play.

    ``N``: the next player (the one to move) wins; ``P``: the previous player wins;
    ``D``: a draw, play goes on forever (only in loopy games).

    Examples
    --------
    >>> gr.Outcome.N
    Outcome.N
    >>> gr.Outcome("P").describe()
    'second player wins'
    """

    N = "N"
    P = "P"
    D = "D"

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    def describe(self) -> str:
        """Return the outcome in words, as the CLI prints it.

        Examples
        --------
        >>> gr.Outcome.N.describe()
        'first player wins'
        """
        return {"N": "first player wins", "P": "second player wins", "D": "draw"}[self.value]


class ImpartialGame:
    """Base class of impartial games: subclass it and define :meth:`moves`.

    A position is any hashable value. Optional hooks, each used when a subclass
    defines it: :meth:`formula` (a closed form), :meth:`components` (independent parts),
    :meth:`canonical` (symmetry reduction), :meth:`assemble` (rebuild a position from
    parts), :meth:`moves_to_value` (the options of a given value, for huge positions),
    :meth:`check_position` (validate user input).

    Examples
    --------
    >>> class TakeOneOrThree(gr.ImpartialGame):
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

    #: Cap on stored positions; a query needing more raises PositionLimitError.
    max_positions: int = DEFAULT_MAX_POSITIONS
    #: Name used in messages and by the CLI.
    name: str = ""
    #: Why this game may not be part of a sum (empty: it may).
    sums_refused: str = ""

    # ----------------------------------------------------------------- the rules
    def moves(self, position: Position) -> Iterable[Position]:
        """Return the options of `position` (a ``Sum`` for an option that splits)."""
        raise NotImplementedError(f"{type(self).__name__} must define moves(position)")

    def formula(self, position: Position) -> int | None:
        """Return the SG value of `position` from a closed form, or None if unknown."""
        return None

    def components(self, position: Position) -> Sequence[Position] | None:
        """Return the independent parts of `position`, or None if it is one part."""
        return None

    def canonical(self, position: Position) -> Position:
        """Return a representative of `position`'s symmetry class (default: itself)."""
        return position

    def assemble(self, parts: Sequence[Position]) -> Position:
        """Rebuild one position from parts (inverse of :meth:`components`).

        The default makes a :class:`Sum`; games with a ``components`` hook override it so
        that winning moves come back in the game's own notation.
        """
        return parts[0] if len(parts) == 1 else Sum(*parts)  # Sum() for no parts

    def moves_to_value(self, position: Position, value: int) -> Iterable[Position]:
        """Return the options of `position` whose SG value is `value`.

        The default filters :meth:`moves`; games with huge positions (Nim heaps of
        10^18) override it with the theory.
        """
        return [o for o in self._whole_moves(position) if self.grundy(o) == value]

    def check_position(self, position: Position) -> Position:
        """Validate a position given by a user and return it (default: accept anything)."""
        return position

    def search_size(self, position: Position) -> int | None:
        """Return a bound on the positions a search from `position` meets (None: unknown).

        Searches without a closed form (misère play) refuse at once, with a
        ``PositionLimitError``, a position whose bound exceeds ``max_positions``, instead
        of running until the limit is hit.
        """
        return None

    # ----------------------------------------------------------------- notation
    def parse_position(self, tokens: Sequence[str]) -> Position:
        """Read a position from command-line words (default: integers; several = a tuple).

        Examples
        --------
        >>> gr.ImpartialGame().parse_position(["3", "4"])
        (3, 4)
        """
        try:
            values = tuple(int(t) for t in tokens)
        except ValueError:
            raise InvalidPositionError(
                f"{self!r}: position {' '.join(tokens)!r} is not a list of integers"
            ) from None
        if not values:
            raise InvalidPositionError(f"{self!r}: no position given")
        return values[0] if len(values) == 1 else values

    def position_to_json(self, position: Position) -> Any:
        """Return `position` as a JSON value: tuples become lists, a Sum ``{"sum": [...]}``.

        Examples
        --------
        >>> gr.ImpartialGame().position_to_json((1, (2, 3)))
        [1, [2, 3]]
        """
        if type(position) is Sum:
            return {"sum": [self.position_to_json(p) for p in position.parts]}
        if isinstance(position, tuple | list | frozenset):
            return [self.position_to_json(p) for p in position]
        if isinstance(position, int | str | float | bool) or position is None:
            return position
        return repr(position)

    def format_position(self, position: Position) -> str:
        """Write `position` as typed on the command line (the inverse of parse_position).

        Examples
        --------
        >>> gr.ImpartialGame().format_position((3, 4, 5))
        '3 4 5'
        """
        if type(position) is Sum:
            return " + ".join(f"({self.format_position(p)})" for p in position.parts)
        if isinstance(position, tuple):
            return " ".join(map(str, position)) if position else "(empty)"
        return str(position)

    def describe_move(self, before: Position, after: Position) -> str:
        """Describe the move from `before` to `after` in words, for people."""
        return f"{before!r} -> {after!r}"

    # ----------------------------------------------------------------- queries
    def grundy(
        self,
        position: Position,
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
            More than `max_positions` positions would be stored.

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
        position the mex of its options.
        """
        position = self.check_position(position)
        limit = self.max_positions if max_positions is None else max_positions
        return self._solver(use_formula).value(position, limit)

    def outcome(self, position: Position, *, misere: bool = False) -> Outcome:
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
        if misere:
            self._refuse_big_misere_search(position)
        wins = self._next_player_wins(position) if misere else self.grundy(position) != 0
        return Outcome.N if wins else Outcome.P

    def is_p_position(self, position: Position, *, misere: bool = False) -> bool:
        """Return True if the previous player wins from `position`.

        Examples
        --------
        >>> from grundy.games import Bash
        >>> [n for n in range(10) if Bash(3).is_p_position(n)]
        [0, 4, 8]
        """
        return self.outcome(position, misere=misere) is Outcome.P

    def winning_moves(self, position: Position, *, misere: bool = False) -> list:
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
            self._refuse_big_misere_search(position)
            found = [o for o in self._whole_moves(position) if not self._next_player_wins(o)]
        else:
            found = self._options_with_value(position, 0)
        return list(dict.fromkeys(found))  # a game may list the same option twice

    def explain(self, position: Position, *, misere: bool = False) -> str:
        """Return one line saying why `position` has its SG value (or misère outcome).

        In normal play the line ends with ``= g``, g the SG value: a position made of
        parts is the XOR of their values, a game with a closed form states it, any other
        position is the mex of its options' values. In misère play it names a winning
        move, or says that every move leaves the opponent a winning position.

        Parameters
        ----------
        position
            A position of this game, or a ``Sum`` of positions.
        misere : bool
            Explain the misère outcome instead of the normal-play SG value.

        Returns
        -------
        str
            One line, no newline and no final period.

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
        >>> from grundy import game_from_moves
        >>> halve_or_decrement = game_from_moves(lambda n: [n // 2, n - 1] if n else [])
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
            return self._explain_misere(position)
        return self._explain_normal(position)

    def table(self, positions: Iterable[Position]) -> list[int]:
        """Return the SG values of `positions`, in order.

        Examples
        --------
        >>> from grundy.games import SubtractionGame
        >>> SubtractionGame([2, 3, 7]).table(range(12))
        [0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0]
        """
        return [self.grundy(p) for p in positions]

    @property
    def stats(self) -> SolverStats:
        """Counts of what the solver has stored (see :class:`SolverStats`)."""
        solvers = [s for s in self.__dict__.get("_solvers", {}).values()]
        return SolverStats(
            positions=sum(s.positions for s in solvers),
            formula_values=sum(s.formula_values for s in solvers),
            sums=sum(s.sums for s in solvers),
        )

    def limited_to(self, max_positions: int) -> ImpartialGame:
        """Set this game's cap on stored positions and return the game.

        Examples
        --------
        >>> game = gr.game_from_moves(lambda n: [n - 1] if n else [], name="countdown")
        >>> game.limited_to(100).grundy(1000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.errors.PositionLimitError: countdown: more than 100 positions needed; ...
        """
        if type(max_positions) is not int or max_positions < 1:
            raise InvalidGameError(f"max_positions {max_positions!r} must be a positive integer")
        self.__dict__["max_positions"] = max_positions  # also works on frozen dataclasses
        return self

    def clear_cache(self) -> None:
        """Forget every stored value (to free memory or to time a fresh solve)."""
        for key in [k for k in self.__dict__ if k.startswith("_")]:  # memos and tables
            del self.__dict__[key]

    def __add__(self, other: ImpartialGame) -> SumGame:
        """``g + h`` is the sum game whose positions are pairs ``(p, q)``."""
        from .games.sum_game import SumGame  # games/ builds on this module

        if not isinstance(other, ImpartialGame):
            return NotImplemented
        return SumGame(self, other)

    def __repr__(self) -> str:
        return self.name or f"{type(self).__name__}()"

    # ----------------------------------------------------------------- internals
    def _hooks(self) -> dict[str, Callable]:
        """The optional hooks this game's class overrides, bound to this game."""
        return {h: getattr(self, h) for h in _HOOKS if _overrides(self, h)}

    def _solver(self, use_formula: bool) -> GrundySolver:
        solvers = self.__dict__.setdefault("_solvers", {})
        solver = solvers.get(use_formula)
        if solver is None:
            hooks = self._hooks()
            if not use_formula:
                hooks.pop("formula", None)
            solver = solvers[use_formula] = GrundySolver(self, hooks)
        return solver

    def _refuse_big_misere_search(self, position: Position) -> None:
        """Refuse at once a misère search that :meth:`search_size` says is too big."""
        parts = position.parts if type(position) is Sum else (position,)
        sizes = [self.search_size(p) for p in parts]
        if None not in sizes and math.prod(sizes) > self.max_positions:
            raise PositionLimitError(
                f"{self!r}: misère play has no closed form here; a search for "
                f"{self.format_position(position)} may need more than max_positions = "
                f"{self.max_positions:,} positions"
            )

    def _next_player_wins(self, position: Position) -> bool:
        """Misère play: does the player to move win? (plain win/lose search)"""
        searcher = self.__dict__.get("_misere_search")
        if searcher is None:
            canonical = self._hooks().get("canonical")
            searcher = OutcomeSearch(self, self._whole_moves, canonical, misere=True)
            self.__dict__["_misere_search"] = searcher
        return searcher.next_player_wins(position, self.max_positions)

    def _direct_parts(self, position: Position) -> Sequence[Position] | None:
        """The parts of a sum or of a position with components; None for one part."""
        if type(position) is Sum:
            return position.parts
        parts = self.components(position)
        if parts is None or (len(parts) == 1 and parts[0] == position):
            return None
        return parts

    def _options_with_value(self, position: Position, value: int) -> list:
        """Options of `position` of SG value `value`, by retargeting one part of a sum."""
        parts = self._direct_parts(position)
        if parts is None:
            return list(self.moves_to_value(position, value))
        values = [self.grundy(p) for p in parts]
        change = value
        for v in values:
            change ^= v
        if change == 0:  # a part would have to keep its own value: no option does
            return []
        found = []
        for i, (part, part_value) in enumerate(zip(parts, values, strict=True)):
            for option in self._options_with_value(part, part_value ^ change):
                new_parts = [*parts[:i], option, *parts[i + 1 :]]
                found.append(Sum(*new_parts) if type(position) is Sum else self.assemble(new_parts))
        return found

    # ----------------------------------------------------------------- explain
    # Hooks of :meth:`explain`: a game with a closed form overrides _explain_part (one
    # part, normal play) and, where it has one, _explain_misere.
    def _explain_normal(self, position: Position) -> str:
        """Normal play: the XOR of the parts, or the reason of the one part."""
        parts = self._direct_parts(position)
        if parts is None:
            return self._explain_part(position)
        if len(parts) == 1:
            return self._explain_normal(parts[0])
        return self._explain_parts(parts)

    def _explain_parts(self, parts: Sequence[Position]) -> str:
        """Several independent parts: the XOR of their values (Sprague-Grundy)."""
        return _explain_xor("the parts' values", [self.grundy(p) for p in parts], "parts")

    def _explain_part(self, position: Position) -> str:
        """One part: the mex of its options' values (or the closed form, if too big)."""
        value = self.grundy(position)  # first: an impossible value raises its own error
        if self._explain_lists_options(position):
            try:
                values = sorted({self.grundy(o) for o in call_moves(self, position)})
            except PositionLimitError:  # options too many or too big to value: only
                if not self._explain_has_formula(position):  # a closed form can say
                    raise
            else:
                if not values:
                    return f"no move is left: value = {value}"
                return f"mex of the options' values {_explain_set(values)} = {value}"
        return f"from the game's closed form, without listing the options: value = {value}"

    def _explain_has_formula(self, position: Position) -> bool:
        return _overrides(self, "formula") and self.formula(position) is not None

    def _explain_lists_options(self, position: Position) -> bool:
        """May the mex line list the options of `position`? Not when a closed form
        values it and it looks too big to list its options quickly."""
        if not self._explain_has_formula(position):
            return True  # the value came from a search over these very options
        largest, count = _size_of(position)
        return largest <= _EXPLAIN_LARGEST and count <= _EXPLAIN_NUMBERS

    def _explain_misere(self, position: Position) -> str:
        """Misère play: a winning move, or why every move loses."""
        if self.outcome(position, misere=True) is Outcome.P:
            return "every move leaves the opponent a winning position"
        try:
            moves = self.winning_moves(position, misere=True)
        except PositionLimitError:  # too many to list: the outcome is known all the same
            return "some move leaves the opponent a losing position"
        if not moves:
            return "no move is left: the player to move wins (misère play)"
        return f"moving to {self.format_position(moves[0])} leaves the opponent a losing position"

    def _whole_moves(self, position: Position) -> list:
        """Options of a whole position; for a ``Sum``, a move in one of its parts."""
        if type(position) is not Sum:
            return call_moves(self, position)
        parts = position.parts
        options = []
        for i, part in enumerate(parts):
            for option in call_moves(self, part):
                options.append(Sum(*parts[:i], option, *parts[i + 1 :]))
        return options


def game_from_moves(
    moves: Callable[[Any], Iterable[Position]],
    *,
    name: str | None = None,
    formula: Callable[[Any], int | None] | None = None,
    canonical: Callable[[Any], Position] | None = None,
) -> ImpartialGame:
    """Build a game from a plain function that lists the options of a position.

    Parameters
    ----------
    moves : callable
        ``moves(position)`` returns the options of `position`.
    name : str, optional
        Shown in messages; default the function's name.
    formula, canonical : callable, optional
        The optional hooks of :class:`ImpartialGame`.

    Examples
    --------
    >>> halve_or_decrement = gr.game_from_moves(lambda n: [n // 2, n - 1] if n else [])
    >>> halve_or_decrement.table(range(10))
    [0, 1, 0, 2, 1, 2, 0, 1, 0, 2]
    """
    hooks = {"moves": moves, "formula": formula, "canonical": canonical}
    namespace = {k: staticmethod(f) for k, f in hooks.items() if f is not None}
    namespace["name"] = name or getattr(moves, "__name__", "game")
    return type("FunctionGame", (ImpartialGame,), namespace)()


def _overrides(game: ImpartialGame, hook: str) -> bool:
    return getattr(type(game), hook) is not getattr(ImpartialGame, hook)


# explain() lists the options of a position valued by a closed form only when its
# numbers are at most this large and this many (about 10^4 options at most).
_EXPLAIN_LARGEST = 10_000
_EXPLAIN_NUMBERS = 32
# An XOR line shows every value up to this many, else the first 6, "…" and the last.
_EXPLAIN_SHOWN = 8
# A mex line shows this many option values at most.
_EXPLAIN_SET = 10


def _explain_xor(what: str, values: Sequence[int], none: str) -> str:
    """The line ``XOR of <what>: 1 ⊕ 2 ⊕ 3 = 0`` (``no <none>: value = 0`` if empty)."""
    if not values:
        return f"no {none}: value = 0"
    return f"XOR of {what}: {_xor_terms(values)} = {nim_sum(*values)}"


def _xor_terms(values: Sequence[int]) -> str:
    """``1 ⊕ 2 ⊕ 3``; more than 8 values: the first 6, ``…`` and the last."""
    if len(values) > _EXPLAIN_SHOWN:
        values = [*values[:6], "…", values[-1]]
    return " ⊕ ".join(map(str, values))


def _explain_set(values: Sequence[int]) -> str:
    """``{0, 1, 3}``; more than 10 values: the first 10 and ``…``."""
    shown = [str(v) for v in values[:_EXPLAIN_SET]]
    if len(values) > _EXPLAIN_SET:
        shown.append("…")
    return "{" + ", ".join(shown) + "}"


def _size_of(position: object) -> tuple[int, int]:
    """The largest int in a position (tuples, sums nested) and how many ints it holds."""
    largest = count = 0
    stack = [position]
    while stack:
        item = stack.pop()
        if type(item) is int:
            largest, count = max(largest, abs(item)), count + 1
        elif type(item) is Sum:
            stack.extend(item.parts)
        elif isinstance(item, tuple | list | frozenset):
            stack.extend(item)
    return largest, count
