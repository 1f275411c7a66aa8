"""Subtraction games: remove a number of tokens from a fixed set; Bash is take 1..M."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import InvalidGameError
from .heap_game import HeapGame

__all__ = ["SubtractionGame", "Bash", "parse_subtraction_set"]


def parse_subtraction_set(text: str | Iterable[object]) -> tuple[int, ...]:
    """Return a subtraction set as a sorted tuple of distinct positive ints.

    Accepts an iterable of ints or a comma-separated string such as ``"1,3,4"``.

    Examples
    --------
    >>> from grundy.games import parse_subtraction_set
    >>> parse_subtraction_set("4,1,3")
    (1, 3, 4)
    >>> parse_subtraction_set("1,x")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidGameError: subtraction set '1,x': 'x' is not a positive integer
    """
    if isinstance(text, str):
        shown, items = text, [t.strip() for t in text.split(",")]
    else:
        shown = items = list(text)
    if not items or items == [""]:
        raise InvalidGameError(f"subtraction set {shown!r} is empty; give e.g. 1,3,4")
    values = []
    for item in items:
        if isinstance(item, str):
            ok = item.isdigit()
            value = int(item) if ok else 0
        else:
            ok = isinstance(item, int) and not isinstance(item, bool)
            value = item if ok else 0
        if not ok or value <= 0:
            raise InvalidGameError(
                f"subtraction set {shown!r}: {item!r} is not a positive integer"
            )
        values.append(value)
    return tuple(sorted(set(values)))


@dataclass(frozen=True)
class SubtractionGame(HeapGame):
    """Subtraction game S: a move removes s tokens from one heap, for some s in S.

    Examples
    --------
    >>> from grundy.games import SubtractionGame
    >>> SubtractionGame([1, 3, 4]).table(range(14))
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]

    Notes
    -----
    For a finite S the SG sequence is periodic (every value depends on the previous
    max(S) values, which take finitely many states); values here come from the solver,
    O(n |S|) for heaps up to n.
    """

    subtraction_set: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "subtraction_set", parse_subtraction_set(self.subtraction_set))

    def heap_moves(self, n: int) -> list[int]:
        return [n - s for s in self.subtraction_set if s <= n]


@dataclass(frozen=True)
class Bash(HeapGame):
    """Bash game: a move removes 1 to `m` tokens from one heap.

    Examples
    --------
    >>> from grundy.games import Bash
    >>> Bash(3).grundy(10**100 + 2)
    2
    >>> Bash(3).winning_moves(10)
    [8]

    Notes
    -----
    G(n) = n mod (m + 1): from n the options n-1..n-m cover every residue but n's own.
    The winning move takes n mod (m + 1) tokens. O(1) for heaps of any size.
    """

    m: int

    def __post_init__(self) -> None:
        if isinstance(self.m, bool) or not isinstance(self.m, int) or self.m < 1:
            raise InvalidGameError(f"Bash game: m = {self.m!r} must be a positive integer")

    def heap_moves(self, n: int) -> range:
        return range(n - 1, max(n - self.m, 0) - 1, -1)

    def formula(self, n: int) -> int:
        return n % (self.m + 1)

    def moves_to_value(self, n: int, value: int) -> list[int]:
        take = (n - value) % (self.m + 1)
        return [n - take] if value <= self.m and 0 < take <= n else []
