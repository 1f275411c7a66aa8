"""Lieges of Legendre: take one token, or replace a heap of 2x by k heaps of x."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.errors import InvalidGameError, PositionLimitError
from ..core.integers import shown
from ..core.sums import Sum
from .heap_game import HeapGame, HeapPosition

__all__ = ["LiegesOfLegendre"]


def _swap_one_two(value: int) -> int:
    """mex{0, value}: the value of an even heap whose two options have values 0 and `value`."""
    return 2 if value == 1 else 1


@dataclass(frozen=True)
class LiegesOfLegendre(HeapGame):
    """Lieges of Legendre (Codeforces 603C): remove one token from a heap, or replace a
    heap of 2x tokens (x >= 1) by `k` heaps of x tokens.

    Parameters
    ----------
    k : int
        The number of heaps a split makes, a positive integer (up to 10^9 in the
        problem; any size works for values and outcomes).

    Raises
    ------
    InvalidGameError
        `k` is not a positive integer.

    Examples
    --------
    >>> from grundy.games import LiegesOfLegendre
    >>> LiegesOfLegendre(3).table(range(12))
    [0, 1, 0, 1, 2, 0, 2, 0, 1, 0, 1, 0]
    >>> LiegesOfLegendre(1).outcome((3, 4))    # Codeforces sample 1: Kevin (first) wins
    Outcome.N
    >>> LiegesOfLegendre(2).outcome(3)         # sample 2: Nicky wins
    Outcome.P
    >>> LiegesOfLegendre(3).winning_moves((4, 5))   # split 4 into 2 + 2 + 2, or take one
    [(2, 2, 2, 5), (4, 4)]
    >>> LiegesOfLegendre(10**9).grundy(10**100)
    1

    Notes
    -----
    The k heaps of x made by a split are a sum of k equal games, whose SG value is
    G(x) if k is odd and 0 if k is even (equal values cancel in the XOR). So a heap has
    at most two options and G(n) <= 2 (Sprague-Grundy theorem):

    * k even: G(0), G(1), G(2) = 0, 1, 2; for n >= 3, G(n) = 1 if n is even, else 0.
    * k odd: G(0..4) = 0, 1, 0, 1, 2; for n >= 5, G(n) = 0 if n is odd, and for even n
      G(n) = mex{0, G(n/2)}, which swaps 1 and 2 and sends 0 to 1. Writing n = m·2^t
      with m odd, the halvings stop at m (or at 4 when m = 1), so the value needs only
      the trailing zeros of n: O(log n) bit operations, exact for heaps of any size.

    Both rules are checked against brute force for k = 1..6 in the tests. Winning
    moves come from the same values (an option's value is G(n-1) or that of the split).

    The reduction "k heaps of x count as k mod 2 heaps" is about SG values in normal
    play only; the rules themselves are kept: ``moves`` returns the split as a ``Sum``
    of k heaps, and refuses (``PositionLimitError``) when k exceeds
    ``max_split_heaps`` (10,000), since such an option cannot be listed. Misère play
    searches these real options, so it needs k <= ``max_split_heaps`` and small heaps.

    References
    ----------
    Codeforces Round 334, problem 603C "Lieges of Legendre".
    """

    k: int

    #: Largest k for which a split option (k heaps) is built and listed.
    max_split_heaps = 10_000

    def __post_init__(self) -> None:
        if isinstance(self.k, bool) or not isinstance(self.k, int) or self.k < 1:
            raise InvalidGameError(
                f"LiegesOfLegendre: k = {shown(self.k)} must be a positive integer "
                "(the number of heaps a split makes)"
            )

    def heap_moves(self, n: int) -> list[int | Sum]:
        options: list[int | Sum] = [n - 1] if n >= 1 else []
        if n >= 2 and n % 2 == 0:
            options.append(self._split(n))
        return options

    def formula(self, n: HeapPosition) -> int | None:
        if not isinstance(n, int):
            return None  # a row of heaps is valued heap by heap (components)
        if self.k % 2 == 0:
            return n if n <= 2 else 1 - n % 2
        if n < 5:
            return (0, 1, 0, 1, 2)[n]
        if n % 2:
            return 0
        zeros = (n & -n).bit_length() - 1
        odd = n >> zeros
        # Halve while the heap is even and at least 5: down to m (value 0 if m >= 5,
        # G(3) = 1 if m = 3), or down to 4 (G(4) = 2) when n is a power of two.
        if odd == 1:
            value, halvings = 2, zeros - 2
        else:
            value, halvings = (1 if odd == 3 else 0), zeros
        value = _swap_one_two(value)  # halvings >= 1 here, as n >= 6 is even
        if (halvings - 1) % 2:
            value = _swap_one_two(value)  # twice swapping 1 and 2 is the identity
        return value

    def pattern_theorem(self, dims: int) -> tuple[str, str] | None:
        if dims != 1:
            return None
        if self.k % 2:
            formula = "G(2m + 1) = 0; G(2m) = 0→1, 1→2, 2→1 of G(m)  (n ≥ 5; before: 0 1 0 1 2)"
        else:
            formula = "0 1 2, then period 2 from n = 3: 0 1"
        return formula, "Lieges of Legendre: a heap has at most two options (Codeforces 603C)"

    def moves_to_value(self, n: HeapPosition, value: int) -> Iterable[HeapPosition | Sum]:
        """Options of heap `n` with SG value `value`, from the closed form (O(log n))."""
        if not isinstance(n, int):
            return super().moves_to_value(n, value)
        options: list[int | Sum] = []
        if n >= 1 and self.formula(n - 1) == value:
            options.append(n - 1)
        if n >= 2 and n % 2 == 0:
            split_value = self.formula(n // 2) if self.k % 2 else 0
            if split_value == value:
                options.append(self._split(n))
        return options

    def _split(self, n: int) -> int | Sum:
        """The option replacing heap `n` (even) by k heaps of n/2."""
        if self.k > self.max_split_heaps:
            raise PositionLimitError(
                f"{self!r}: splitting heap {n} makes k = {self.k:,} heaps, too many to list "
                f"(limit max_split_heaps = {self.max_split_heaps:,}); SG values and "
                "outcomes in normal play still come from the closed form"
            )
        return n // 2 if self.k == 1 else Sum(*[n // 2] * self.k)
