"""Fibonacci Nim: take at most twice what the previous player took; Zeckendorf strategy."""

from __future__ import annotations

import operator
from array import array
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import InvalidPositionError, PositionLimitError
from ..core.integers import shown
from ..core.outcome import Outcome
from ..core.sums import Sum
from ..impartial.game import ImpartialGame
from .heap_game import parse_heap

__all__ = ["FibonacciNim", "zeckendorf"]

Position = tuple[int, int]

# Fibonacci numbers 1, 2, 3, 5, 8, ... (the terms of Zeckendorf representations);
# extended on demand, shared by every game (they never change).
_FIBS = [1, 2]


def zeckendorf(n: int) -> list[int]:
    """Return the Zeckendorf representation of `n`: distinct, non-adjacent Fibonacci numbers.

    Terms come largest first; their sum is `n` (empty for 0).

    Parameters
    ----------
    n : int
        A non-negative integer of any size.

    Examples
    --------
    >>> from grundy.games import zeckendorf
    >>> zeckendorf(20), zeckendorf(100)
    ([13, 5, 2], [89, 8, 3])

    Notes
    -----
    Zeckendorf's theorem: every n >= 0 is in exactly one way a sum of Fibonacci numbers
    (1, 2, 3, 5, ...) no two of them consecutive; the greedy choice (the largest
    Fibonacci number not above what is left) finds it. O(log n) big-integer steps.
    """
    n = operator.index(n)
    if n < 0:
        raise InvalidPositionError(f"zeckendorf: {n} is negative")
    while _FIBS[-1] <= n:
        _FIBS.append(_FIBS[-1] + _FIBS[-2])
    terms = []
    i = bisect_right(_FIBS, n) - 1
    while n:
        while _FIBS[i] > n:
            i -= 1
        terms.append(_FIBS[i])
        n -= _FIBS[i]
        i -= 2  # the next term is never the neighbouring Fibonacci number
    return terms


@dataclass(frozen=True)
class FibonacciNim(ImpartialGame[Position]):
    """Fibonacci Nim: one heap; the first move takes any number but not all, each later
    move takes at least one and at most twice what the previous move took.

    A position is ``(heap, limit)``: `limit` is the most the player to move may take
    (0 <= limit <= heap). Taking t leaves ``(heap - t, min(2 t, heap - t))``. A bare
    integer n (one word on the command line) is the starting position
    ``(n, n - 1)``; two words are heap and limit. The player who takes the last token
    wins.

    Examples
    --------
    >>> from grundy.games import FibonacciNim
    >>> game = FibonacciNim()
    >>> game.check_position(20)            # the start: anything but all 20
    (20, 19)
    >>> game.outcome(20), game.winning_moves(20)
    (Outcome.N, [(18, 4)])
    >>> game.outcome(21)                   # 21 is a Fibonacci number
    Outcome.P
    >>> n = 10**100                        # = ... + 55 + 3 in Zeckendorf form
    >>> n - game.winning_move(n)[0]        # take the smallest term
    3

    Notes
    -----
    Whinihan (1963): ``(n, limit)`` with n > 0 is an N-position iff the smallest term
    of n's Zeckendorf representation is <= limit; so the start is a first-player win iff
    n is not a Fibonacci number, and taking that smallest term wins.

    Every winning move: a take t is winning iff t <= limit and t = n or the smallest
    Zeckendorf term of n - t is > 2 t. Then t is a sum of the smallest Zeckendorf terms
    of n: write t's own Zeckendorf representation, largest term F_j <= t; the smallest
    term F_k of n - t exceeds 2 t >= 2 F_j >= F_(j+1), so k >= j + 2 and the two
    representations together are n's. So the winning takes are found among the O(log n)
    partial sums of n's terms, smallest first: O(log n) big-integer steps in all.

    SG values: no closed form (Larsson and Rubinstein-Salzedo, 2016, describe values up
    to 3 only). Values of N-positions come from a bottom-up search of every
    ``(m, l)``, l <= m <= heap, one heap row at a time with a running mex:
    (heap + 1)(heap + 2) / 2 positions, O(1) each; more than ``max_positions`` raises
    PositionLimitError at once. Misère play uses the generic search.

    References
    ----------
    M. J. Whinihan, Fibonacci Nim, Fibonacci Quart. 1 (1963).
    U. Larsson and S. Rubinstein-Salzedo, Grundy values of Fibonacci nim, Int. J. Game
    Theory 45 (2016).
    """

    # ----------------------------------------------------------------- the rules
    def moves(self, position: Position) -> list[Position]:
        n, limit = position
        if limit > self.max_positions:  # a list of 10^50 options would never end
            raise PositionLimitError(
                f"{self!r}: heap {shown(n)} with take limit {shown(limit)} has that many "
                f"options, more than max_positions = {self.max_positions:,}; too many to list"
            )
        return [(n - t, min(2 * t, n - t)) for t in range(1, limit + 1)]

    def formula(self, position: Position) -> int | None:
        # The solver's closed-form hook: P-positions are 0 by Whinihan's theorem; other
        # values are read from the searched table.
        if not _next_player_wins(*position):
            return 0
        if self.search_size(position) > self.max_positions:
            return None  # too big: the query is refused with search_refusal's reason
        return self._table_value(position)

    def moves_to_value(self, position: Position, value: int) -> list[Position | Sum]:
        if value != 0:
            return list(super().moves_to_value(position, value))
        n, limit = position
        found: list[Position | Sum] = []
        taken = 0
        terms = zeckendorf(n)
        for i in range(len(terms) - 1, -1, -1):  # smallest term first
            taken += terms[i]
            if taken > limit:
                break
            # n - taken has terms[:i]; its smallest is terms[i - 1]
            if i == 0 or terms[i - 1] > 2 * taken:
                found.append((n - taken, min(2 * taken, n - taken)))
        return found

    def check_position(self, position: object) -> Position | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        if isinstance(position, tuple | list):
            if len(position) != 2:
                raise InvalidPositionError(
                    f"{self!r}: position {shown(tuple(position))} is not (heap, limit) or a heap"
                )
            n = parse_heap(position[0], self)
            limit = parse_heap(position[1], self, what="limit")
            if limit > n:
                raise InvalidPositionError(
                    f"{self!r}: limit {shown(limit)} in ({shown(n)}, {shown(limit)}) is larger "
                    "than the heap; the limit (most the player to move may take) is "
                    f"0..{shown(n)} here"
                )
            return n, limit
        n = parse_heap(position, self)
        return n, max(n - 1, 0)

    # ----------------------------------------------------------------- notation
    def parse_position(self, tokens: Sequence[str]) -> Position | Sum:
        """Read ``n`` (the start, limit n - 1) or ``heap limit`` from command-line words.

        Examples
        --------
        >>> from grundy.games import FibonacciNim
        >>> FibonacciNim().parse_position(["20"]), FibonacciNim().parse_position(["18", "4"])
        ((20, 19), (18, 4))
        """
        if len(tokens) == 1:
            return self.check_position(tokens[0])
        if len(tokens) == 2:
            return self.check_position(tuple(tokens))
        raise InvalidPositionError(
            f"{self!r}: give a heap n (the start) or a heap and a limit, got "
            f"{shown(' '.join(tokens))}"
        )

    def describe_move(self, before: Position | Sum, after: Position | Sum) -> str:
        """Describe a move in words, with the limit it leaves.

        Examples
        --------
        >>> from grundy.games import FibonacciNim
        >>> FibonacciNim().describe_move((20, 19), (18, 4))
        'take 2; the next player may take up to 4'
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        if isinstance(before, Sum) or isinstance(after, Sum):
            return super().describe_move(before, after)
        take = before[0] - after[0]
        if take < 1:
            return super().describe_move(before, after)
        return f"take {take}; the next player may take up to {after[1]}"

    # ----------------------------------------------------------------- queries
    def winning_move(
        self, position: Position | Sum, *, misere: bool = False
    ) -> Position | Sum | None:
        """Return one winning move (take the smallest Zeckendorf term), or None.

        Normal play: exact and O(log n) for heaps of any size; misère play searches.

        Examples
        --------
        >>> from grundy.games import FibonacciNim
        >>> FibonacciNim().winning_move(20), FibonacciNim().winning_move(21)
        ((18, 4), None)
        """
        position = self.check_position(position)
        if misere or isinstance(position, Sum):
            return super().winning_move(position, misere=misere)
        n, limit = position
        if not _next_player_wins(n, limit):
            return None
        take = zeckendorf(n)[-1]
        return n - take, min(2 * take, n - take)

    def outcome(self, position: Position | Sum, *, misere: bool = False) -> Outcome:
        """Return the outcome; normal play by Whinihan's theorem, for any heap size.

        Examples
        --------
        >>> from grundy.games import FibonacciNim
        >>> FibonacciNim().outcome((10**100, 10**100 - 1))
        Outcome.N
        """
        position = self.check_position(position)
        if misere or isinstance(position, Sum):
            return super().outcome(position, misere=misere)
        return Outcome.N if _next_player_wins(*position) else Outcome.P

    def explain_part(self, position: Position) -> str:
        n, limit = position
        if n == 0:
            return "no move is left: value = 0"
        terms = zeckendorf(n)
        shown = terms if len(terms) <= 3 else ["…", terms[-1]]  # the smallest decides
        written = f"{n} = {' + '.join(map(str, shown))}"
        if terms[-1] > limit:  # Whinihan: the smallest Zeckendorf term decides
            return (
                f"{written} (Zeckendorf): the smallest part {terms[-1]} is above the "
                f"limit {limit}, a P-position, so G = 0"
            )
        value = self.grundy(position)  # a search: it may refuse a huge position
        return (
            f"{written} (Zeckendorf): taking the smallest part {terms[-1]} <= limit "
            f"{limit} wins, G = {value}"
        )

    # ----------------------------------------------------------------- internals
    def search_size(self, position: Position) -> int:
        return _table_size(position[0])

    def search_refusal(self, position: Position, size: int, limit: int) -> str:
        return (
            f"{self!r}: no closed form is known for the SG values of Fibonacci Nim; a "
            f"search for {position!r} needs {size:,} positions, more than max_positions = "
            f"{limit:,} (outcome and winning moves are exact for any size)"
        )

    def _table_value(self, position: Position) -> int:
        n, take_limit = position
        rows = self.cache.get("rows", ())
        if n >= len(rows):
            rows = self._fill_table(n)
        return rows[n][take_limit]

    def _fill_table(self, n: int) -> list[array]:
        """Extend the cached rows G(m, l), l <= m, up to heap `n`; return them."""
        rows = self.cache.setdefault("rows", [array("q", [0])])
        if n < len(rows):
            return rows
        for m in range(len(rows), n + 1):
            # G(m, l) = mex of the first l options: take t leaves (m - t, min(2t, m - t)).
            row = array("q", bytes(8 * (m + 1)))
            seen = bytearray(m + 2)
            g = 0
            for t in range(1, m + 1):
                v = rows[m - t][min(2 * t, m - t)]
                if v <= m:
                    seen[v] = 1
                    while seen[g]:
                        g += 1
                row[t] = g
            rows.append(row)
        return rows


def _next_player_wins(n: int, limit: int) -> bool:
    return n > 0 and zeckendorf(n)[-1] <= limit


def _table_size(n: int) -> int:
    """Positions (m, l), l <= m <= n: what a search from heap n may store."""
    return (n + 1) * (n + 2) // 2
