"""The searches behind the queries: memoised SG values and win/lose outcomes, no recursion."""

from __future__ import annotations

import gc
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from .errors import (
    GrundyError,
    InvalidPositionError,
    LoopError,
    MoveGenerationError,
    NimberError,
    PositionLimitError,
)
from .sums import Sum

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "mex",
    "SolverStats",
    "GrundySolver",
    "OutcomeSearch",
    "call_moves",
]

#: Default cap on the positions one game's solver may store. Measured (peak RSS over 10^6
#: positions, ``benchmarks/solver.py``): ~115 bytes a position of one int, ~155 for the
#: board's pairs of ints, ~245 while a chain of positions waits on the stack (each frame
#: holds its options list), so 1.2-2.5 GB at the cap; sums of stored parts are not stored.
DEFAULT_MAX_POSITIONS = 10_000_000

Position = Hashable

#: Past this many options held by the frames on the stack, a frame that waits for a
#: descendant drops its list and lists its options again when it resumes (at most _DROPS
#: times, then it keeps it): memory stays bounded where a chain of big positions would
#: hold O(depth x options), at the cost of calling moves again for those frames.
_HELD_OPTIONS = 1 << 16
_DROPS = 4


class _InProgress:
    """The mark of a position whose value is being computed: meeting it again is a cycle.

    Not an int, so that the solver's fast loop, which XORs and shifts by stored values
    without checking them, raises TypeError on it and then looks closer.
    """

    def __repr__(self) -> str:
        return "<in progress>"


_IN_PROGRESS: Any = _InProgress()


def mex(values: Iterable[int]) -> int:
    """Return the minimum excludant: the least non-negative integer not in `values`.

    Parameters
    ----------
    values : iterable of int
        Non-negative integers, in any order, repeats allowed.

    Raises
    ------
    NimberError
        A value is negative.

    Examples
    --------
    >>> gr.mex([0, 1, 3, 1])
    2
    >>> gr.mex([])
    0
    >>> gr.mex(["a"])
    Traceback (most recent call last):
    ...
    grundy.core.errors.NimberError: mex: value 'a' is not an int; SG values are integers

    Notes
    -----
    O(len(values)): a value larger than the number of values can never be the answer,
    so only small values are marked.
    """
    values = list(values)
    limit = len(values)
    seen = 0
    for v in values:
        if type(v) is not int:  # not isinstance: True is no SG value either
            raise NimberError(f"mex: value {v!r} is not an int; SG values are integers")
        if v <= limit:
            if v < 0:
                raise NimberError(f"mex: value {v} is negative; SG values are non-negative")
            seen |= 1 << v
    return ((seen + 1) & ~seen).bit_length() - 1


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
    sums: int  # component splits, canonical aliases and sums asked for, valued by XOR


def call_moves(game: Any, position: Position) -> list[Any]:
    """Call ``game.moves``; turn its failures into one clear error naming the position."""
    try:
        options = game.moves(position)
        return options if type(options) is list else listed_options(game, position, options)
    except Exception as exc:
        raise_moves_error(game, position, exc)


def listed_options(game: Any, position: Position, options: Any) -> list[Any]:
    """`options`, which ``game.moves(position)`` returned and is not a list, as a list.

    A string is refused: its characters would pass for positions.
    """
    if isinstance(options, str | bytes):
        raise MoveGenerationError(
            f"{game!r}: moves({position!r}) returned the string {options[:40]!r}; return a "
            "list of positions"
        )
    return list(options)


def raise_moves_error(game: Any, position: Position, exc: Exception) -> NoReturn:
    """Re-raise a failure of ``game.moves(position)`` as a MoveGenerationError."""
    if isinstance(exc, GrundyError):
        raise exc
    raise MoveGenerationError(
        f"{game!r}: moves({position!r}) raised {type(exc).__name__}: {exc}"
    ) from exc


def check_hashable(game: Any, position: Position, options: list) -> None:
    for option in options:
        try:
            hash(option)
        except TypeError:
            raise MoveGenerationError(
                f"{game!r}: moves({position!r}) returned {option!r}, which is not hashable "
                "(positions must be hashable: use tuples, not lists)"
            ) from None


class GrundySolver:
    """Memoised SG values of one game, computed with an explicit stack."""

    def __init__(self, game: Any, hooks: dict[str, Callable[[Any], Any]]) -> None:
        """`hooks`: the optional hooks (components, canonical, formula) the game defines.

        They are looked up once: the hot loop only pays for the ones a game defines.
        """
        self.game = game
        self.memo: dict[Position, int] = {}
        self.positions = 0
        self.formula_values = 0
        self.sums = 0
        self.root_is_xor = False  # the last root searched was a sum of stored parts
        self.components = hooks.get("components")
        self.canonical = hooks.get("canonical")
        self.formula = hooks.get("formula")

    def value(self, root: Position, limit: int) -> int:
        memo = self.memo
        try:
            value = memo.get(root)
        except TypeError:
            raise InvalidPositionError(
                f"{self.game!r}: position {root!r} is not hashable (use a tuple, not a list)"
            ) from None
        if value is None or value is _IN_PROGRESS:
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
            if self.root_is_xor:  # its parts are stored: a whole position asked for (a
                del memo[root]  # 10^5-edge tree, a sum) is not kept, its XOR is cheap
        return value

    def _expand(self, position: Position, stack: list) -> int:
        """Start evaluating `position`: store its value now, or push a frame for it.

        A frame is ``[position, children, next_index, accumulator, is_xor]``. Returns 1
        if `position` is searched (a mex over its options), else 0.
        """
        memo = self.memo
        children: Sequence[Position] | None
        if isinstance(position, Sum):
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
                    children, is_xor = call_moves(self.game, position), False
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
        v: Any  # a stored value, None (not valued yet) or _IN_PROGRESS
        stack: list = []
        held = 0  # options held by the frames on the stack
        try:
            count += self._expand(root, stack)
            self.root_is_xor = bool(stack) and stack[0][4]
            held += len(stack[0][1]) if stack else 0
            while stack:
                frame = stack[-1]
                children = frame[1]
                if children is None:  # dropped while a descendant was searched: list again
                    children = frame[1] = self._options_again(frame)
                    held += len(children)
                i = frame[2]
                acc = frame[3]
                n = len(children)
                if frame[4]:  # a sum: XOR of the parts
                    while i < n:
                        v = get(children[i])
                        if v is None or v is _IN_PROGRESS:
                            break
                        acc ^= v
                        i += 1
                else:  # mex of the options; values above n cannot be the mex
                    try:  # the in-progress mark is no int: XOR or compare raise TypeError
                        while i < n:  # on a miss: v None, child the position to value
                            child = children[i]
                            if isinstance(child, Sum):  # the XOR of its parts, not stored
                                parts = child.given
                                if len(parts) == 2:
                                    v, w = get(parts[0]), get(parts[1])
                                    if v is None or w is None:
                                        child = parts[0] if v is None else parts[1]
                                        v = None
                                        break
                                    v ^= w
                                else:
                                    v = w = 0
                                    for part in parts:
                                        w = get(part)
                                        if w is None:
                                            break
                                        v ^= w
                                    if w is None:
                                        v, child = None, part
                                        break
                            else:
                                v = get(child)
                                if v is None:
                                    break
                            if v <= n:
                                acc |= 1 << v
                            i += 1
                    except TypeError:  # a part is on the stack (a cycle), or unhashable
                        v, child = self._waiting(children[i])
                if i == n:
                    stack.pop()
                    held -= n
                    memo[frame[0]] = acc if frame[4] else ((acc + 1) & ~acc).bit_length() - 1
                    continue
                frame[2] = i
                frame[3] = acc
                if frame[4]:
                    child = children[i]
                elif held > _HELD_OPTIONS and (len(frame) == 5 or frame[6] < _DROPS):
                    # A chain of big positions (a row of 3,000 pins, each with 6,000 Sum
                    # options) would hold every list on the stack at once: O(n^2) memory.
                    # Past the budget, keep the count, not the list; list again on return.
                    frame[1] = None
                    held -= n
                    if len(frame) == 5:
                        frame += [n, 1]  # the number of options, the lists dropped
                    else:
                        frame[6] += 1
                if v is _IN_PROGRESS:  # the child is on the stack
                    raise self._loop_error(stack, child)
                if count >= limit:
                    raise PositionLimitError(
                        f"{self.game!r}: more than {limit:,} positions needed; raise "
                        "max_positions (memory grows ~115-250 bytes a small position) or use a "
                        "closed form"
                    )
                if plain and not isinstance(child, Sum):
                    try:
                        options = moves(child)
                        if type(options) is not list:
                            options = listed_options(self.game, child, options)
                    except Exception as exc:
                        raise_moves_error(self.game, child, exc)
                    memo[child] = _IN_PROGRESS
                    stack.append([child, options, 0, 0, False])
                    held += len(options)
                    count += 1
                else:
                    depth = len(stack)
                    count += self._expand(child, stack)
                    if len(stack) > depth:
                        held += len(stack[-1][1])
        except TypeError as exc:
            if stack:
                check_hashable(self.game, stack[-1][0], list(stack[-1][1] or ()))
            raise MoveGenerationError(f"{self.game!r}: {exc}") from exc
        finally:
            self.positions = count
            # On any interruption keep finished values, forget half-done ones.
            for frame in stack:
                if memo.get(frame[0]) is _IN_PROGRESS:
                    del memo[frame[0]]

    def _waiting(self, option: Any) -> tuple[Any, Position]:
        """The option, or part of a ``Sum`` option, whose value the search waits for, and
        its memo entry: None (not valued yet) or ``_IN_PROGRESS`` (a cycle).

        A part that is itself a Sum (rare) is valued, and kept, like a position.
        """
        parts = option.given if isinstance(option, Sum) else (option,)
        for part in parts:
            v = self.memo.get(part)
            if v is None or v is _IN_PROGRESS:
                return v, part
        raise AssertionError(f"no value missing for {option!r}")  # pragma: no cover

    def _options_again(self, frame: list) -> list:
        """The options of a frame whose list was dropped, listed again (the same ones)."""
        options = call_moves(self.game, frame[0])
        if len(options) != frame[5]:
            raise MoveGenerationError(
                f"{self.game!r}: moves({frame[0]!r}) returned {len(options)} options, then "
                f"{frame[5]}; moves must return the same options every time"
            )
        return options

    def _loop_error(self, stack: list, position: Position) -> LoopError:
        path = [frame[0] for frame in stack]
        start = path.index(position)
        cycle = tuple(path[start:]) + (position,)
        shown = " -> ".join(map(repr, cycle[:20])) + (" -> ..." if len(cycle) > 20 else "")
        return LoopError(
            f"{self.game!r} has a cycle {shown}; the acyclic solver cannot value it "
            "(games with cycles: the loopy-game solver grundy.impartial.loopy.solve, or "
            "--loopy on the command line)",
            cycle,
        )


class OutcomeSearch:
    """Win/lose search over whole positions, normal or misère play, no SG values used."""

    def __init__(
        self,
        game: Any,
        whole_moves: Callable[[Any], list[Any]],  # the game's: its positions, any type
        canonical: Callable[[Any], Position] | None,
        misere: bool,
    ) -> None:
        self.game = game
        self.whole_moves = whole_moves  # a Sum's moves are moves in one of its parts
        self.canonical = canonical
        self.misere = misere
        self.memo: dict[Position, bool] = {}  # canonical position -> player to move wins

    def next_player_wins(self, root: Position, limit: int) -> bool:
        key = self._key(root)
        if key not in self.memo:
            self._search(root, limit)
        return self.memo[key]

    def _key(self, position: Position) -> Position:
        if self.canonical is None:
            return position
        if isinstance(position, Sum):
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
            options = self.whole_moves(position)
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
