"""A piece in a quadrant that moves by fixed steps: the king, the knight, 2-D subtraction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidGameError, InvalidPositionError
from ..core.integers import parse_int, shown
from ..core.sums import Sum
from ..impartial.game import ImpartialGame
from .heap_game import parse_heap

__all__ = ["StepGame", "King", "Knight", "parse_steps"]

Pair = tuple[int, int]
#: The table a rule is looked for in, each side (then twice that), before any search.
_TABLE_SIDES = (48, 96)
#: The longest reason `explain` gives with the region's whole rule in it.
_EXPLAINED = 100
#: Steps at most this long in each coordinate (the window grows with them).
MAX_STEP = 16


def parse_steps(text: str) -> tuple[Pair, ...]:
    """Read steps written ``dx,dy/dx,dy/...``: ``"-1,0/0,-1/-1,-1"`` is the king.

    Examples
    --------
    >>> from grundy.games.steps import parse_steps
    >>> parse_steps("-2,1/-2,-1/1,-2/-1,-2")
    ((-2, 1), (-2, -1), (1, -2), (-1, -2))
    >>> parse_steps("1,0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: steps (1, 0): no weight that every step lowers (play ...
    """
    steps = []
    for word in text.split("/"):
        parts = word.split(",")
        if len(parts) != 2:
            raise InvalidGameError(f"step {shown(word)} is not two integers dx,dy (e.g. -1,0)")
        steps.append((parse_int(parts[0], "step"), parse_int(parts[1], "step")))
    return _checked(steps)


def _checked(steps: Sequence[Sequence[int]]) -> tuple[Pair, ...]:
    from ..patterns.window import weight  # the same test as a pattern proof's

    found: tuple[Pair, ...] = tuple(dict.fromkeys((int(x), int(y)) for x, y in steps))
    if not found:
        raise InvalidGameError("a step game needs at least one step")
    joined = ", ".join(map(str, found))
    if any(max(abs(x), abs(y)) > MAX_STEP for x, y in found):
        raise InvalidGameError(f"steps {joined}: each coordinate at most {MAX_STEP} in size")
    if weight(found) is None:
        raise InvalidGameError(
            f"steps {joined}: no weight that every step lowers (play might not end)"
        )
    return found


@dataclass(frozen=True)
class StepGame(ImpartialGame[Pair]):
    """A piece at (a, b), a, b >= 0, moved by one of `steps` as long as it stays there.

    The king's steps (-1, 0), (0, -1), (-1, -1) (HDU 2147), the knight's (-2, ±1),
    (±1, -2) (HackerRank "A Chessboard Game"); a 2-D subtraction game is any set of
    steps with no positive coordinate. Every step must lower a positive weight w·(a, b)
    (so play ends). Positions are pairs ``(a, b)``; a sum of pieces is a ``Sum``.

    Examples
    --------
    >>> from grundy.games import King, Knight
    >>> King().grundy((3, 5)), King().winning_moves((3, 5))
    (2, [(2, 4)])
    >>> Knight().grundy((10**18, 10**18 + 1))  # by its rule, proved
    0
    >>> print(Knight().explain((5, 9)))  # doctest: +ELLIPSIS
    (5, 9): b - a ≥ 2, where G = [0 0 1 1 | ... | 3 3 2 3][a % 4][b % 4] (proved): G = 0
    >>> print(King().explain((3, 5)))
    (3, 5): b ≥ a, where G = [0 1 | 3 2][a % 2][b % 2] (proved): G = 2

    Notes
    -----
    Values come from the game's rule periodic by region (rows, columns and the
    diagonal, away from a band; :class:`~grundy.patterns.plane.PlanePeriodicity`),
    fitted once to a 48 x 48 table (96 x 96 if need be) computed from the steps and
    proved by the finite-window theorem (``grundy.patterns.window``): O(1) a position
    of any size afterwards. Steps with no such rule (none of period at most 12) fall
    back on the search of the positions of weight below the position's.
    """

    steps: tuple[Pair, ...]
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", _checked(self.steps))
        if not self.name:
            object.__setattr__(self, "name", "steps:" + "/".join(f"{x},{y}" for x, y in self.steps))

    # ----------------------------------------------------------------- the rules
    def moves(self, position: Pair) -> list[Pair]:
        a, b = position
        return [(a + x, b + y) for x, y in self.steps if a + x >= 0 and b + y >= 0]

    def pattern_offsets(self, dims: int) -> tuple[Pair, ...] | None:
        return self.steps if dims == 2 else None

    def check_position(self, position: object) -> Pair | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        if not isinstance(position, tuple | list) or len(position) != 2:
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a square (a, b) of the quadrant"
            )
        return parse_heap(position[0], self), parse_heap(position[1], self)

    def parse_position(self, tokens: Sequence[str]) -> Pair | Sum:
        if len(tokens) != 2:
            given = shown(" ".join(tokens))
            raise InvalidPositionError(f"{self!r}: give the piece's square as a b, got {given}")
        return self.check_position(tuple(tokens))

    def describe_move(self, before: Pair | Sum, after: Pair | Sum) -> str:
        """A step in words: ``"step (-1, -1) to (2, 4)"``.

        Examples
        --------
        >>> from grundy.games import King
        >>> King().describe_move((3, 5), (2, 4))
        'step (-1, -1) to (2, 4)'
        """
        before, after = self.check_position(before), self.check_position(after)
        if isinstance(before, Sum) or isinstance(after, Sum):
            return super().describe_move(before, after)
        step = (after[0] - before[0], after[1] - before[1])
        return f"step {step} to {after}"

    # ----------------------------------------------------------------- the values
    def formula(self, position: Pair) -> int | None:
        rule = self.rule()
        return None if rule is None else rule(*position)

    def rule(self) -> Any:
        """The proved rule of the values (a ``PlanePeriodicity``), or None if none is found.

        Examples
        --------
        >>> from grundy.games import King
        >>> print(King().rule().text())
        b ≥ a: [0 1 | 3 2][a % 2][b % 2]; b < a: [0 3 | 1 2][a % 2][b % 2]
        """
        if "rule" not in self.cache:
            self.cache["rule"] = self._proved_rule()
        return self.cache["rule"]

    def _proved_rule(self) -> Any:
        from ..patterns.plane import fit_plane_periodicity
        from ..patterns.window import prove_on_window

        for side in _TABLE_SIDES:
            # the rules alone: the search stores these values in the game's memo
            table = [
                [self.grundy((a, b), use_formula=False) for b in range(side)] for a in range(side)
            ]
            rule = fit_plane_periodicity(table)
            if rule is not None and prove_on_window(self, _pair, rule, self.steps).proved:
                return rule
        return None

    def explain_part(self, position: Pair) -> str:
        rule = self.rule()
        if rule is None:
            return super().explain_part(position)
        a, b = position
        where, said = rule.region(a, b)
        line = f"({a}, {b}): {where}, where G = {said} (proved): G = {rule(a, b)}"
        if len(line) <= _EXPLAINED:
            return line
        return f"({a}, {b}) is in the region {where} of its proved rule: G = {rule(a, b)}"

    def explain_lists_options(self, position: Pair) -> bool:
        return self.rule() is None

    def search_size(self, position: Pair) -> int:
        from ..patterns.window import weight

        w = weight(self.steps)
        assert w is not None  # the steps were checked
        total = w[0] * position[0] + w[1] * position[1]
        return (total // w[0] + 1) * (total // w[1] + 1)

    def search_refusal(self, position: Pair, size: int, limit: int) -> str:
        return (
            f"{self!r}: no rule periodic by region was found for these steps; a search for "
            f"{position!r} needs about {size:,} positions, more than max_positions = {limit:,}"
        )


def _pair(a: int, b: int) -> Pair:
    return (a, b)


@dataclass(frozen=True)
class King(StepGame):
    """The king of HDU 2147 (kiki's game): one square left, down or diagonally.

    Examples
    --------
    >>> from grundy.games import King
    >>> [(a, b) for a in range(4) for b in range(4) if King().grundy((a, b)) == 0]
    [(0, 0), (0, 2), (2, 0), (2, 2)]
    """

    steps: tuple[Pair, ...] = ((-1, 0), (0, -1), (-1, -1))
    name: str = "king"


@dataclass(frozen=True)
class Knight(StepGame):
    """The knight of HackerRank's "A Chessboard Game": (-2, ±1) or (±1, -2).

    Examples
    --------
    >>> from grundy.games import Knight
    >>> Knight().grundy((2, 3)), Knight().moves((2, 3))
    (2, [(0, 4), (0, 2), (3, 1), (1, 1)])
    """

    steps: tuple[Pair, ...] = ((-2, 1), (-2, -1), (1, -2), (-1, -2))
    name: str = "knight"
