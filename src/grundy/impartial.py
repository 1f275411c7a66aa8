"""Impartial games: the game protocol, sums, outcomes and the acyclic Sprague-Grundy solver."""

from __future__ import annotations

import enum
import gc
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import (
    GrundyError,
    InvalidPositionError,
    LoopError,
    MoveGenerationError,
    PositionLimitError,
)

__all__ = [
    "Outcome",
    "Sum",
    "mex",
    "ImpartialGame",
    "SolverStats",
    "game_from_moves",
    "SumGame",
    "DEFAULT_MAX_POSITIONS",
]

#: Default cap on the positions one game's solver may store (about 1-2 GB of memo).
DEFAULT_MAX_POSITIONS = 10_000_000

Position = Hashable

# Marks a position whose value is being computed; meeting it again means a cycle.
_IN_PROGRESS = -1


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


def mex(values: Iterable[int]) -> int:
    """Return the minimum excludant: the least non-negative integer not in `values`.

    Parameters
    ----------
    values : iterable of int
        Non-negative integers, in any order, repeats allowed.

    Examples
    --------
    >>> gr.mex([0, 1, 3, 1])
    2
    >>> gr.mex([])
    0

    Notes
    -----
    O(len(values)): a value larger than the number of values can never be the answer,
    so only small values are marked.
    """
    values = list(values)
    limit = len(values)
    seen = 0
    for v in values:
        if v <= limit:
            seen |= 1 << v
    return ((seen + 1) & ~seen).bit_length() - 1


def _sort_key_fallback(parts: tuple) -> tuple:
    try:
        return tuple(sorted(parts))
    except TypeError:  # mixed or unorderable positions: any fixed order will do
        return tuple(sorted(parts, key=repr))


class Sum:
    """The disjunctive sum of positions of one game: a move is a move in exactly one part.

    A game's ``moves`` returns ``Sum(a, b)`` for an option that splits into independent
    parts (Kayles knocking a pin out of a row). Sums are unordered and flatten nested
    sums, so ``Sum(1, Sum(3, 2)) == Sum(3, 2, 1)``.

    Examples
    --------
    >>> gr.Sum(3, gr.Sum(1, 2))
    Sum(1, 2, 3)
    >>> from grundy.games import Nim
    >>> Nim().grundy(gr.Sum(3, 4, 5))
    2
    """

    __slots__ = ("parts", "_hash")

    parts: tuple

    def __init__(self, *parts: Position) -> None:
        flat: list = []
        for part in parts:
            if type(part) is Sum:
                flat.extend(part.parts)
            else:
                flat.append(part)
        self.parts = _sort_key_fallback(tuple(flat))
        self._hash = hash((Sum, self.parts))

    def __eq__(self, other: object) -> bool:
        return type(other) is Sum and self.parts == other.parts

    def __hash__(self) -> int:
        return self._hash

    def __iter__(self):
        return iter(self.parts)

    def __len__(self) -> int:
        return len(self.parts)

    def __repr__(self) -> str:
        return f"Sum({', '.join(map(repr, self.parts))})"


@dataclass(frozen=True, slots=True)
class SolverStats:
    """What a game's solver has stored so far.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> game = Nim()
    >>> game.grundy((3, 4, 5), use_formula=False)
    2
    >>> game.stats
    SolverStats(positions=6, formula_values=0, sums=1)
    """

    positions: int  # values found by a mex over the options (by search)
    formula_values: int  # values taken from the game's closed form
    sums: int  # sums, component splits and canonical aliases evaluated by XOR


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
            raise InvalidPositionError(f"{self!r}: position {' '.join(tokens)!r} is not "
                                       "a list of integers") from None
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
        return self._solver(use_formula).value(position, max_positions)

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
            return self._searcher(misere=True).outcome(position)
        return Outcome.P if self.grundy(position) == 0 else Outcome.N

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
            searcher = self._searcher(misere=True)
            found = [o for o in self._whole_moves(position) if searcher.outcome(o) is Outcome.P]
        else:
            found = self._options_with_value(position, 0)
        return list(dict.fromkeys(found))  # a game may list the same option twice

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
        >>> from grundy.games import SubtractionGame
        >>> game = SubtractionGame([1, 2]).limited_to(100)
        >>> game.grundy(1000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.errors.PositionLimitError: SubtractionGame(...): more than 100 positions needed; ...
        """
        if type(max_positions) is not int or max_positions < 1:
            raise ValueError(f"max_positions {max_positions!r} must be a positive integer")
        self.__dict__["max_positions"] = max_positions  # also works on frozen dataclasses
        return self

    def clear_cache(self) -> None:
        """Forget every stored value (to free memory or to time a fresh solve)."""
        self.__dict__.pop("_solvers", None)
        self.__dict__.pop("_searchers", None)

    def __add__(self, other: ImpartialGame) -> SumGame:
        """``g + h`` is the sum game whose positions are pairs ``(p, q)``."""
        if not isinstance(other, ImpartialGame):
            return NotImplemented
        return SumGame(self, other)

    def __repr__(self) -> str:
        return self.name or f"{type(self).__name__}()"

    # ----------------------------------------------------------------- internals
    def _solver(self, use_formula: bool) -> _GrundySolver:
        solvers = self.__dict__.setdefault("_solvers", {})
        solver = solvers.get(use_formula)
        if solver is None:
            solver = solvers[use_formula] = _GrundySolver(self, use_formula)
        return solver

    def _searcher(self, misere: bool) -> _OutcomeSearch:
        searchers = self.__dict__.setdefault("_searchers", {})
        searcher = searchers.get(misere)
        if searcher is None:
            searcher = searchers[misere] = _OutcomeSearch(self, misere)
        return searcher

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
                found.append(
                    Sum(*new_parts) if type(position) is Sum else self.assemble(new_parts)
                )
        return found

    def _whole_moves(self, position: Position) -> list:
        """Options of a whole position; for a ``Sum``, a move in one of its parts."""
        if type(position) is not Sum:
            return _call_moves(self, position)
        parts = position.parts
        options = []
        for i, part in enumerate(parts):
            for option in _call_moves(self, part):
                options.append(Sum(*parts[:i], option, *parts[i + 1 :]))
        return options


def _call_moves(game: ImpartialGame, position: Position) -> list:
    """Call ``game.moves``; turn its failures into one clear error naming the position."""
    try:
        options = game.moves(position)
        return options if type(options) is list else list(options)
    except GrundyError:
        raise
    except Exception as exc:
        raise MoveGenerationError(
            f"{game!r}: moves({position!r}) raised {type(exc).__name__}: {exc}"
        ) from exc


def _check_hashable(game: ImpartialGame, position: Position, options: list) -> None:
    for option in options:
        try:
            hash(option)
        except TypeError:
            raise MoveGenerationError(
                f"{game!r}: moves({position!r}) returned {option!r}, which is not hashable "
                "(positions must be hashable: use tuples, not lists)"
            ) from None


def _overrides(game: ImpartialGame, hook: str) -> bool:
    return getattr(type(game), hook) is not getattr(ImpartialGame, hook)


class _GrundySolver:
    """Memoised SG values of one game, computed with an explicit stack."""

    def __init__(self, game: ImpartialGame, use_formula: bool) -> None:
        self.game = game
        self.memo: dict = {}
        self.positions = 0
        self.formula_values = 0
        self.sums = 0
        # Hooks are looked up once: the hot loop only pays for the ones a game defines.
        self.components = game.components if _overrides(game, "components") else None
        self.canonical = game.canonical if _overrides(game, "canonical") else None
        self.formula = game.formula if use_formula and _overrides(game, "formula") else None

    def value(self, root: Position, max_positions: int | None) -> int:
        memo = self.memo
        try:
            value = memo.get(root)
        except TypeError:
            raise InvalidPositionError(
                f"{self.game!r}: position {root!r} is not hashable (use a tuple, not a list)"
            ) from None
        if value is None or value < 0:
            limit = self.game.max_positions if max_positions is None else max_positions
            # The search allocates millions of frames and tuples that never form
            # reference cycles; the cyclic GC would rescan them all again and again.
            gc_was_enabled = gc.isenabled()
            gc.disable()
            try:
                self._search(root, limit)
            finally:
                if gc_was_enabled:
                    gc.enable()
            value = memo[root]
        return value

    def _expand(self, position: Position, stack: list) -> int:
        """Start evaluating `position`: store its value now, or push a frame for it.

        A frame is ``[position, children, next_index, accumulator, is_xor]``. Returns 1
        if `position` is searched (a mex over its options), else 0.
        """
        memo = self.memo
        if type(position) is Sum:
            self.sums += 1
            children, is_xor = position.parts, True
        else:
            children = self.components(position) if self.components else None
            if children is not None and not (len(children) == 1 and children[0] == position):
                self.sums += 1
                is_xor = True
            else:
                key = self.canonical(position) if self.canonical else position
                if key != position:
                    self.sums += 1
                    children, is_xor = (key,), True
                else:
                    value = self.formula(position) if self.formula else None
                    if value is not None:
                        if type(value) is not int or value < 0:
                            raise MoveGenerationError(
                                f"{self.game!r}: formula({position!r}) returned "
                                f"{value!r}, not a non-negative int"
                            )
                        self.formula_values += 1
                        memo[position] = value
                        return 0
                    children, is_xor = _call_moves(self.game, position), False
        memo[position] = _IN_PROGRESS
        stack.append([position, children, 0, 0, is_xor])
        return 0 if is_xor else 1

    def _search(self, root: Position, limit: int) -> None:
        memo = self.memo
        get = memo.get
        moves = self.game.moves
        # Games without hooks take an inlined path: this loop is the solver's hot spot.
        plain = not (self.components or self.canonical or self.formula)
        count = self.positions
        stack: list = []
        try:
            count += self._expand(root, stack)
            while stack:
                frame = stack[-1]
                children = frame[1]
                i = frame[2]
                acc = frame[3]
                n = len(children)
                if frame[4]:  # a sum: XOR of the parts
                    while i < n:
                        v = get(children[i])
                        if v is None or v < 0:
                            break
                        acc ^= v
                        i += 1
                else:  # mex of the options; values above n cannot be the mex
                    while i < n:
                        v = get(children[i])
                        if v is None or v < 0:
                            break
                        if v <= n:
                            acc |= 1 << v
                        i += 1
                if i == n:
                    stack.pop()
                    memo[frame[0]] = acc if frame[4] else ((acc + 1) & ~acc).bit_length() - 1
                    continue
                frame[2] = i
                frame[3] = acc
                child = children[i]
                if v is not None:  # _IN_PROGRESS: the child is on the stack
                    raise self._loop_error(stack, child)
                if count >= limit:
                    raise PositionLimitError(
                        f"{self.game!r}: more than {limit:,} positions needed; raise "
                        "max_positions (memory grows ~150 bytes a position) or use a "
                        "closed form"
                    )
                if plain and type(child) is not Sum:
                    try:
                        options = moves(child)
                    except Exception:
                        options = _call_moves(self.game, child)  # raises the clear error
                    if type(options) is not list:
                        options = _call_moves(self.game, child)
                    memo[child] = _IN_PROGRESS
                    stack.append([child, options, 0, 0, False])
                    count += 1
                else:
                    count += self._expand(child, stack)
        except TypeError as exc:
            if stack:
                _check_hashable(self.game, stack[-1][0], list(stack[-1][1]))
            raise MoveGenerationError(f"{self.game!r}: {exc}") from exc
        finally:
            self.positions = count
            # On any interruption keep finished values, forget half-done ones.
            for frame in stack:
                if memo.get(frame[0]) == _IN_PROGRESS:
                    del memo[frame[0]]

    def _loop_error(self, stack: list, position: Position) -> LoopError:
        path = [frame[0] for frame in stack]
        start = path.index(position)
        cycle = tuple(path[start:]) + (position,)
        shown = " -> ".join(map(repr, cycle[:20])) + (" -> ..." if len(cycle) > 20 else "")
        return LoopError(
            f"{self.game!r} has a cycle {shown}; the acyclic solver cannot value it "
            "(games with cycles need the loopy solver)",
            cycle,
        )


class _OutcomeSearch:
    """Win/lose search over whole positions, normal or misère play, no SG values used."""

    def __init__(self, game: ImpartialGame, misere: bool) -> None:
        self.game = game
        self.misere = misere
        self.memo: dict = {}  # canonical position -> True if the player to move wins
        self.canonical = game.canonical if _overrides(game, "canonical") else None

    def outcome(self, root: Position, max_positions: int | None = None) -> Outcome:
        limit = self.game.max_positions if max_positions is None else max_positions
        key = self._key(root)
        if key not in self.memo:
            self._search(root, limit)
        return Outcome.N if self.memo[key] else Outcome.P

    def _key(self, position: Position) -> Position:
        if self.canonical is None:
            return position
        if type(position) is Sum:
            return Sum(*map(self.canonical, position.parts))
        return self.canonical(position)

    def _search(self, root: Position, limit: int) -> None:
        memo = self.memo
        on_stack: set = set()
        stack: list = []

        def push(position: Position) -> None:
            if len(memo) + len(stack) >= limit:
                raise PositionLimitError(
                    f"{self.game!r}: more than {limit:,} positions needed for the outcome "
                    "search; raise max_positions"
                )
            options = self.game._whole_moves(position)
            if not options:  # no move: the player to move loses (normal) or wins (misère)
                memo[self._key(position)] = self.misere
                return
            key = self._key(position)
            on_stack.add(key)
            stack.append([key, options, 0])

        try:
            push(root)
            while stack:
                frame = stack[-1]
                options = frame[1]
                i = frame[2]
                wins = False
                pending = None
                while i < len(options):
                    child = self._key(options[i])
                    result = memo.get(child)
                    if result is None:
                        if child in on_stack:
                            raise LoopError(
                                f"{self.game!r} has a cycle through {child!r}; the acyclic "
                                "search cannot decide it",
                                (child,),
                            )
                        pending = options[i]
                        break
                    if not result:  # an option where the opponent loses
                        wins = True
                        break
                    i += 1
                frame[2] = i
                if pending is not None:
                    push(pending)
                    continue
                stack.pop()
                on_stack.discard(frame[0])
                memo[frame[0]] = wins
        except TypeError as exc:
            raise MoveGenerationError(f"{self.game!r}: {exc}") from exc


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


class SumGame(ImpartialGame):
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

    def __init__(self, *games: ImpartialGame) -> None:
        self.games = tuple(g for game in games for g in _flatten_sum_game(game))
        self.name = " + ".join(map(repr, self.games))

    def check_position(self, position: Position) -> Position:
        if type(position) is _Part:
            return position
        if not isinstance(position, tuple) or len(position) != len(self.games):
            raise InvalidPositionError(
                f"{self!r}: position {position!r} must be a tuple of {len(self.games)} "
                "positions, one per game"
            )
        return tuple(g.check_position(p) for g, p in zip(self.games, position, strict=True))

    def components(self, position: Position) -> Sequence[Position] | None:
        if type(position) is _Part:
            return None
        return [_Part(i, p) for i, p in enumerate(position)]

    def formula(self, position: Position) -> int | None:
        # A part's value comes from its own game's solver.
        return self.games[position.index].grundy(position.position)

    def moves(self, position: Position) -> list:
        if type(position) is _Part:
            game = self.games[position.index]
            return [_Part(position.index, o) for o in game._whole_moves(position.position)]
        options = []
        for i, p in enumerate(position):
            for o in self.games[i]._whole_moves(p):
                options.append((*position[:i], o, *position[i + 1 :]))
        return options

    def canonical(self, position: Position) -> Position:
        if type(position) is _Part:
            return position
        return tuple(g.canonical(p) for g, p in zip(self.games, position, strict=True))

    def assemble(self, parts: Sequence[Position]) -> Position:
        return tuple(part.position for part in sorted(parts, key=lambda part: part.index))

    def moves_to_value(self, position: Position, value: int) -> list:
        game = self.games[position.index]
        options = game._options_with_value(position.position, value)
        return [_Part(position.index, o) for o in options]


def _flatten_sum_game(game: ImpartialGame) -> tuple:
    return game.games if isinstance(game, SumGame) else (game,)


@dataclass(frozen=True, slots=True)
class _Part:
    """Position `position` of the `index`-th game of a SumGame."""

    index: int
    position: Any
