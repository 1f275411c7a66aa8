"""Nim: take any number of tokens from one heap, in normal and misère play."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.move import Move
from ..core.outcome import Outcome
from ..core.sums import Sum
from ..impartial.explain import xor_terms
from ..nimbers import nim_sum
from .heap_game import HeapGame, HeapPosition

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
    >>> Nim().outcome((1, 1, 1), misere=True), Nim().winning_moves((2, 1, 1), misere=True)
    (Outcome.P, [(1, 1, 1)])

    Notes
    -----
    Bouton's theorem: a heap of n has SG value n, so a position's value is the XOR of
    its heaps; the winning move changes a heap a into a XOR X (X the XOR of all heaps),
    which is smaller exactly when a has X's top bit. O(number of heaps), any heap size;
    :meth:`winning_heap_moves` lists the moves of 10^6 heaps in about half a second.

    Misère Nim (the last player to move loses; Bouton 1902): when every heap is 0 or 1
    the player to move loses iff the number of 1s is odd; otherwise the outcome is the
    normal-play one, and the winning moves are the normal ones except when exactly one
    heap exceeds 1: then that heap goes to 0 or 1 so as to leave an odd number of 1s.
    """

    def heap_moves(self, n: int) -> range:
        return range(n)

    def formula(self, n: HeapPosition) -> int | None:
        if not isinstance(n, int):
            return None  # a row of heaps is valued heap by heap (components)
        return n

    def pattern_theorem(self, dims: int) -> tuple[str, str] | None:
        found = {1: ("n", "a heap of n is *n"), 2: ("a ^ b", "Bouton's theorem")}
        return found.get(dims)

    def moves_to_value(self, n: HeapPosition, value: int) -> Iterable[HeapPosition | Sum]:
        if not isinstance(n, int):
            return super().moves_to_value(n, value)
        return [value] if value < n else []

    def outcome(self, position: HeapPosition | Sum, *, misere: bool = False) -> Outcome:
        heaps = self._misere_heaps(position) if misere else None
        if heaps is None:
            return super().outcome(position, misere=misere)
        if max(heaps, default=0) <= 1:
            return Outcome.P if sum(heaps) % 2 else Outcome.N
        return super().outcome(position)  # a heap above 1: as in normal play

    def winning_moves(
        self, position: HeapPosition | Sum, *, misere: bool = False
    ) -> list[HeapPosition | Sum]:
        return [self.apply(position, m) for m in self.winning_changes(position, misere=misere)]

    def winning_changes(self, position: HeapPosition | Sum, *, misere: bool = False) -> list[Move]:
        heaps = self._misere_heaps(position) if misere else None
        if heaps is None:
            return super().winning_changes(position, misere=misere)
        big = [i for i, h in enumerate(heaps) if h > 1]
        if len(big) >= 2:  # a heap above 1 survives any move: play as in normal Nim
            return super().winning_changes(position)
        ones = heaps.count(1)
        if not big:  # only 0s and 1s: take a 1 iff that leaves an odd number of them
            found = [(i, 1, 0) for i, h in enumerate(heaps) if h == 1] if ones % 2 == 0 else []
        else:  # reduce the one big heap to 0 or 1, leaving an odd number of 1s
            found = [(big[0], heaps[big[0]], 1 - ones % 2)]
        if type(position) is int:
            return [Move(None, position, after) for _, _, after in found]
        return [Move(i, before, after) for i, before, after in found]

    def explain_part(self, n: HeapPosition) -> str:
        if not isinstance(n, int):
            return super().explain_part(n)
        if n == 0:
            return "no move is left: value = 0"
        return f"a single Nim heap is worth its size: value = {n}"

    def heap_values_label(self) -> str:
        return "the heaps"  # Bouton: a heap's value is its size

    def explain_misere(self, position: HeapPosition | Sum) -> str:
        heaps = self._misere_heaps(position)
        if heaps is None:
            return super().explain_misere(position)
        ones = heaps.count(1)
        if max(heaps, default=0) <= 1:
            if ones == 0:
                return "no move is left: the player to move wins (misère play)"
            if ones % 2:
                return (
                    f"all heaps are 0 or 1 and their count is odd ({ones} heaps of 1): "
                    "the player to move loses"
                )
            return (
                f"all heaps are 0 or 1 and their count is even ({ones} heaps of 1): "
                "taking one leaves an odd count, the player to move wins"
            )
        total = nim_sum(*heaps)
        big = [h for h in heaps if h > 1]
        if len(big) == 1:  # the winner leaves only 0s and 1s, an odd number of 1s
            return (
                f"one heap is above 1: reducing it to {1 - ones % 2} leaves an odd number "
                "of heaps of 1, the player to move wins"
            )
        verdict = "the player to move wins" if total else "the player to move loses"
        return (
            f"{len(big)} heaps are above 1: misère Nim plays as normal Nim until one is "
            f"left, and {xor_terms(heaps)} = {total}: {verdict}"
        )

    def _misere_heaps(self, position: HeapPosition | Sum) -> tuple[int, ...] | None:
        """The heaps of a position for the misère closed form (None for a ``Sum``)."""
        checked = self.check_position(position)
        if isinstance(checked, Sum):
            return None
        return (checked,) if isinstance(checked, int) else checked
