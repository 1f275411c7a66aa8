"""Nim: take any number of tokens from one heap."""

from __future__ import annotations

from dataclasses import dataclass

from .heap_game import HeapGame

__all__ = ["Nim"]


@dataclass(frozen=True)
class Nim(HeapGame):
    """Nim: a move takes one or more tokens from a single heap.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> Nim().grundy((3, 4, 5))
    2
    >>> Nim().winning_moves((10**18, 10**18 + 1, 7))
    [(1000000000000000000, 1000000000000000001, 1)]

    Notes
    -----
    Bouton's theorem: a heap of n has SG value n, so a position's value is the XOR of
    its heaps; the winning move changes a heap a into a XOR X (X the XOR of all heaps),
    which is smaller exactly when a has X's top bit. O(number of heaps), any heap size.
    """

    def heap_moves(self, n: int) -> range:
        return range(n)

    def formula(self, n: int) -> int:
        return n

    def moves_to_value(self, n: int, value: int) -> list[int]:
        return [value] if value < n else []
