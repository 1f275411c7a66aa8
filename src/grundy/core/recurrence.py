"""SG values from a game's own recurrence: the ``option_values`` hook, valued on demand.

A hand-written DP reads the values of smaller positions from a table, ``g[i, h] ^ g[w - i,
h]``, and builds no option at all. A game that defines ``option_values(position, values)``
is valued the same way: `values` is this solver's memo, a dict whose missing entries are
computed when read (``__missing__``). A stored entry costs one dict lookup in C, with no
Python call. Building the options as ``Sum`` objects costs about as much as the whole DP.

Measured (``benchmarks/solver.py``): rectangle cutting 1.2-1.4x a bottom-up dict DP's time
(3x with ``Sum`` options), the same memory. What remains is the lookup itself: CPython
specializes subscripts of exact dicts only, and a subclass is needed to compute on a miss.
Where positions have few options and long chains (a token on a board: 5 options, chains
of 2,000), per-position costs dominate and ``moves`` with the explicit stack of
``GrundySolver`` is faster: the hook pays where a position has many options.

Why not bottom-up: the solver does not know the order of the positions, so it searches
top-down, and a missing entry starts a nested evaluation. The nesting is bounded.
Past ``_DEPTH`` nested evaluations, or at Python's recursion limit, `_Deeper` unwinds
them. The deep position is put on an explicit stack and valued first, then the
abandoned one is evaluated again. Chains of millions of positions work, and the C stack
stays shallow even when a script raised ``sys.setrecursionlimit``. The cost is the
partial evaluations that are redone.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

from .errors import (
    GrundyError,
    InvalidPositionError,
    LoopError,
    MoveGenerationError,
    PositionLimitError,
)
from .sums import Sum

__all__ = ["RecurrenceSolver"]

#: Nested evaluations before the stack is unwound: 3-4 Python frames each (the lookup,
#: the hook, its comprehension) stay under the default recursion limit of 1,000, and the
#: C stack (one interpreter call a level, from the dict's C code) well under 1 MB.
_DEPTH = 200

#: The first evaluations of each solver check every value the hook returns (ints >= 0):
#: a hook that returns positions instead of values fails at once. Later ones are trusted,
#: because checking every value would cost about as much as the evaluation itself.
_CHECKED = 1_000


class _Deeper(BaseException):
    """Unwinds nested evaluations; ``args[0]`` is the position to value first.

    A BaseException, so that an ``except Exception`` in a game's hook lets it through.
    """


class RecurrenceSolver:
    """Memoised SG values of a game that defines ``option_values`` (see the module)."""

    def __init__(self, game: Any, hooks: dict[str, Callable[..., Any]]) -> None:
        """`hooks`: the optional hooks the game defines, ``option_values`` among them."""
        self.game = game
        self.components = hooks.get("components")
        self.canonical = hooks.get("canonical")
        self.formula = hooks.get("formula")
        self.positions = 0  # evaluated through option_values
        self.formula_values = 0
        self.sums = 0
        self.limit = 0
        self.depth = 0
        # Being evaluated, or waiting on the explicit stack: meeting one again is a cycle.
        self.open: set[Any] = set()
        self.memo = self._memo(hooks["option_values"])

    def _memo(self, option_values: Callable[..., Any]) -> dict[Any, int]:
        """The memo: a dict whose missing entries are evaluated when read.

        The hot path is a closure over locals, three Python frames a level (the lookup,
        the hook, its comprehension): an attribute read costs more than a local one, and
        each frame on the way up adds to the cost of unwinding at _DEPTH.
        """
        solver, open_ = self, self.open
        by_hooks = self._by_hooks if self.components or self.canonical or self.formula else None

        class Values(dict):  # type: ignore[type-arg]
            __slots__ = ()

            def __missing__(self, position: Any) -> int:
                if isinstance(position, Sum):  # a hook may read a Sum: not stored, its parts are
                    solver.sums += 1
                    value = 0
                    for part in position.given:
                        value ^= self[part]
                    return value
                if position in open_:
                    raise solver._loop_error(position)
                if solver.depth >= _DEPTH:
                    raise _Deeper(position)
                if len(self) >= solver.limit:
                    raise solver._limit_error()
                found = by_hooks(position) if by_hooks else None
                if found is not None:
                    self[position] = found
                    return found
                solver.depth += 1
                open_.add(position)
                try:
                    values = option_values(position, self)
                    if type(values) is not set:
                        values = set(values)
                    if solver.positions < _CHECKED:
                        solver._check(position, values)
                    value = 0
                    while value in values:
                        value += 1
                except Exception as exc:  # _Deeper, a BaseException, passes at no cost
                    raise solver._hook_error(position, exc) from None
                finally:
                    solver.depth -= 1
                    open_.discard(position)
                solver.positions += 1
                self[position] = value
                return value

        return Values()

    def value(self, root: Any, limit: int) -> int:
        if isinstance(root, Sum):  # not stored: its parts are
            self.sums += 1
            value = 0
            for part in root.given:
                value ^= self.value(part, limit)
            return value
        try:
            found = dict.get(self.memo, root)  # dict.get: never computes
        except TypeError:
            raise InvalidPositionError(
                f"{self.game!r}: position {root!r} is not hashable (use a tuple, not a list)"
            ) from None
        if found is not None:
            return found  # type: ignore[no-any-return]
        self.limit = limit
        gc_was_enabled = gc.isenabled()
        gc.disable()  # millions of tuples that form no cycles: see GrundySolver.value
        try:
            self._search(root)
        finally:
            self.depth = 0
            self.open.clear()
            if gc_was_enabled:
                gc.enable()
        return self.memo[root]  # type: ignore[no-any-return]

    def _search(self, root: Any) -> None:
        memo, waiting = self.memo, self.open
        stack = [root]
        while stack:
            position = stack[-1]
            waiting.discard(position)
            try:
                memo[position]
            except _Deeper as deeper:
                waiting.add(position)
                stack.append(deeper.args[0])
                continue
            except RecursionError:  # the caller's own stack left no room for one level
                raise MoveGenerationError(
                    f"{self.game!r}: the call stack is too deep to value {position!r}"
                ) from None
            stack.pop()

    def _by_hooks(self, position: Any) -> int | None:
        """The value of `position` by the game's other hooks, or None: list its options."""
        memo = self.memo
        parts = self.components(position) if self.components else None
        if parts is not None and not (len(parts) == 1 and parts[0] == position):
            self.sums += 1
            value = 0
            for part in parts:
                value ^= memo[part]
            return value
        if self.canonical and (key := self.canonical(position)) != position:
            self.sums += 1
            return memo[key]
        found = self.formula(position) if self.formula else None
        if found is None:
            return None
        if type(found) is not int or found < 0:
            raise MoveGenerationError(
                f"{self.game!r}: formula({position!r}) returned {found!r}, not a non-negative int"
            )
        self.formula_values += 1
        return found

    def _hook_error(self, position: Any, exc: Exception) -> BaseException:
        """What a failure inside ``option_values(position, ...)`` becomes."""
        if isinstance(exc, GrundyError):
            return exc
        if isinstance(exc, RecursionError):  # Python's limit came first: unwind the same way
            return _Deeper(position)
        return MoveGenerationError(
            f"{self.game!r}: option_values({position!r}) raised {type(exc).__name__}: {exc}"
        )

    def _limit_error(self) -> PositionLimitError:
        return PositionLimitError(
            f"{self.game!r}: more than {self.limit:,} positions needed; raise max_positions "
            "(memory grows ~115-250 bytes a small position)"
        )

    def _check(self, position: Any, values: set[Any]) -> None:
        for v in values:
            if type(v) is not int or v < 0:  # not isinstance: True is no SG value
                raise MoveGenerationError(
                    f"{self.game!r}: option_values({position!r}) gave {v!r}; it must give "
                    "the SG values (ints >= 0) of the options, read from its second argument"
                )

    def _loop_error(self, position: Any) -> LoopError:
        return LoopError(
            f"{self.game!r} has a cycle through {position!r}; the acyclic solver cannot "
            "value it (games with cycles: the loopy-game solver grundy.impartial.loopy.solve, or "
            "--loopy on the command line)",
            (position,),
        )
