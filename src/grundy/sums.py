"""Disjunctive sums of positions: ``Sum(p, q)`` is the position "p and q side by side"."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, final

__all__ = ["Sum"]

Position = Hashable


def _sort_key_fallback(parts: tuple[Any, ...]) -> tuple[Any, ...]:
    try:
        return tuple(sorted(parts))
    except TypeError:  # mixed or unorderable positions: any fixed order will do
        return tuple(sorted(parts, key=repr))


@final  # no subclasses: ``type(x) is Sum`` (the solver's hot loop) == isinstance(x, Sum)
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

    parts: tuple[Any, ...]  # positions of one game, of any type: the game knows them

    def __init__(self, *parts: Position) -> None:
        # A game's moves build millions of sums (one per splitting option), which the
        # solver only reads: the common two-part case takes one comparison, and the hash
        # is computed when first asked.
        for part in parts:
            if type(part) is Sum:  # Sum is final: the same as isinstance
                flat: list[Position] = []
                for item in parts:
                    if type(item) is Sum:
                        flat.extend(item.parts)  # type: ignore[attr-defined]
                    else:
                        flat.append(item)
                parts = tuple(flat)
                break
        if len(parts) == 2:
            a, b = parts
            try:
                self.parts = (b, a) if b < a else parts  # type: ignore[operator]
            except TypeError:  # unorderable: the fallback order
                self.parts = _sort_key_fallback(parts)
        else:
            self.parts = _sort_key_fallback(parts)
        self._hash: int | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sum) and self.parts == other.parts

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((Sum, self.parts))
        return self._hash

    def __iter__(self) -> Iterator[Any]:
        return iter(self.parts)

    def __len__(self) -> int:
        return len(self.parts)

    def __repr__(self) -> str:
        return f"Sum({', '.join(map(repr, self.parts))})"
