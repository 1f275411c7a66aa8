"""Misère canonical forms of the positions of any impartial game, memoised per game."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ..core.errors import InvalidPositionError, LoopError, PositionLimitError
from ..core.solver import call_moves
from ..core.sums import Sum
from ..impartial.game import ImpartialGame
from ._arithmetic import add
from ._form import ZERO, Form, canonical
from .canonical import MisereGame, game_of

__all__ = ["from_position"]


def from_position(
    game: ImpartialGame[Any], position: Any, *, max_positions: int | None = None
) -> MisereGame:
    """Return the misère canonical form of a position of an impartial game.

    Parameters
    ----------
    game : ImpartialGame
        Any impartial game (its ``moves``; ``components`` and ``canonical`` if defined).
    position
        A position of `game`, or a ``Sum`` of positions.
    max_positions : int, optional
        Cap on the positions stored; default ``game.max_positions``.

    Raises
    ------
    PositionLimitError
        More than `max_positions` positions would be stored (or ``search_size`` says
        so at once).
    LoopError
        The game has a cycle.

    Examples
    --------
    >>> from grundy.misere.positions import from_position
    >>> from grundy.games import Kayles
    >>> from_position(Kayles, 3)
    MisereGame('*[3]')
    >>> from_position(Kayles, gr.Sum(2, 2))
    MisereGame('*[2[2]]')

    Notes
    -----
    Memoised per game in ``game.cache["misere_canonical"]`` (positions to bare forms) and
    computed with an explicit stack, so chains of any depth are fine. A ``Sum`` or a
    position with components is the sum of its parts' forms (sums are not stored).
    """
    position = game.check_position(position)
    limit = game.max_positions if max_positions is None else max_positions
    memo: dict[Hashable, Any] = game.cache.setdefault("misere_canonical", {})
    key_of: Callable[[Any], Hashable] = game.canonical if game.defines("canonical") else _same
    components = game.components if game.defines("components") else None
    _refuse_at_once(game, position, limit)
    return game_of(_FormSearch(game, memo, key_of, components, limit).value(position))


def _same(position: Any) -> Hashable:
    return position  # type: ignore[no-any-return]


def _refuse_at_once(game: ImpartialGame[Any], position: Any, limit: int) -> None:
    if not game.defines("search_size"):
        return
    for part in position.parts if isinstance(position, Sum) else (position,):
        size = game.search_size(part)
        if size is not None and size > limit:
            raise PositionLimitError(
                f"{game!r}: the misère canonical form of {game.format_position(part)} may "
                f"need {size:,} positions, more than max_positions = {limit:,}"
            )


_BUSY = object()  # in the memo while a position's form is being computed


class _FormSearch:
    """Canonical forms of positions, depth first with an explicit stack."""

    def __init__(
        self,
        game: ImpartialGame[Any],
        memo: dict[Hashable, Any],
        key_of: Callable[[Any], Hashable],
        components: Callable[[Any], Any] | None,
        limit: int,
    ) -> None:
        self.game, self.memo, self.key_of = game, memo, key_of
        self.components, self.limit = components, limit
        self.stack: list[list[Any]] = []  # frames: [position, key, options, next, forms]

    def parts_of(self, position: Any) -> tuple[Any, ...] | None:
        if isinstance(position, Sum):
            return position.parts
        if self.components is not None:
            found = self.components(position)
            if found is not None and not (len(found) == 1 and found[0] == position):
                return tuple(found)
        return None

    def lookup(self, position: Any) -> tuple[Form | None, Any]:
        """(form, None) if known, else (None, the position to compute first)."""
        parts = self.parts_of(position)
        if parts is None:
            try:
                found = self.memo.get(self.key_of(position))
            except TypeError:
                raise InvalidPositionError(
                    f"{self.game!r}: position {position!r} is not hashable (use a tuple, "
                    "not a list)"
                ) from None
            if found is _BUSY:
                raise self.loop_error(position)
            return found, position
        total = ZERO
        for part in parts:
            form, missing = self.lookup(part)
            if form is None:
                return None, missing
            total = add(total, form)
        return total, None

    def value(self, root: Any) -> Form:
        while True:  # a root made of parts may need several searches, one a part
            form, missing = self.lookup(root)
            if form is not None:
                return form
            self.search(missing)

    def search(self, start: Any) -> None:
        memo, stack = self.memo, self.stack
        try:
            self.push(start)
            while stack:
                frame = stack[-1]
                options, i, found = frame[2], frame[3], frame[4]
                while i < len(options):
                    form, missing = self.lookup(options[i])
                    if form is None:
                        break
                    found.append(form)
                    i += 1
                frame[3] = i
                if i < len(options):
                    self.push(missing)
                    continue
                stack.pop()
                memo[frame[1]] = canonical(frozenset(found))
        finally:
            for frame in stack:  # interrupted: forget the half-done positions
                if memo.get(frame[1]) is _BUSY:
                    del memo[frame[1]]
            stack.clear()

    def push(self, position: Any) -> None:
        if len(self.memo) >= self.limit:
            raise PositionLimitError(
                f"{self.game!r}: more than {self.limit:,} positions needed for a misère "
                "canonical form; raise max_positions"
            )
        key = self.key_of(position)
        options = call_moves(self.game, position)
        self.memo[key] = _BUSY
        self.stack.append([position, key, options, 0, []])

    def loop_error(self, position: Any) -> LoopError:
        path = [frame[0] for frame in self.stack]
        keys = [frame[1] for frame in self.stack]
        start = keys.index(self.key_of(position)) if self.key_of(position) in keys else 0
        cycle = (*path[start:], position)
        shown = " -> ".join(map(repr, cycle[:20])) + (" -> ..." if len(cycle) > 20 else "")
        return LoopError(
            f"{self.game!r} has a cycle {shown}; misère canonical forms are for short "
            "(acyclic) games",
            cycle,
        )
