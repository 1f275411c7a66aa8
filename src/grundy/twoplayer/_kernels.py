"""Numba kernels of the fast solver: exploring integer-coded positions through a hash table."""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np

__all__ = [
    "identity",
    "new_table",
    "explore_codes",
    "rehash",
    "end_values",
    "MORE_ROOM",
    "DONE",
    "BUDGET",
]

# Why explore_codes returned: finished, budget used up (progress), or arrays too small.
DONE, BUDGET, MORE_ROOM = 0, 1, 2

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: spreads consecutive codes


@numba.njit(cache=True)
def identity(code: int) -> int:
    """The canonical map of a game without symmetry."""
    return code


def new_table(bits: int) -> np.ndarray:
    """An empty hash table of 2^bits slots, each [code (-1 = free), position number].

    Code and number side by side: one cache miss a lookup, not two.
    """
    return np.full((1 << bits, 2), -1, dtype=np.int64)


@numba.njit(cache=True)
def _shift(slots: int) -> np.uint64:
    """64 - log2(slots): the shift that maps a 64-bit hash to a slot."""
    bits = 0
    while (1 << bits) < slots:
        bits += 1
    return np.uint64(64 - bits)


@numba.njit(cache=True)
def _slot(table: np.ndarray, code: int, shift: np.uint64) -> np.int64:
    """The slot of `code`, or of the free slot where it goes (linear probing)."""
    mask = len(table) - 1
    i = np.int64((np.uint64(code) * _GOLDEN) >> shift)
    while table[i, 0] != code and table[i, 0] != -1:
        i = (i + 1) & mask
    return i


@numba.njit(cache=True)
def rehash(table: np.ndarray, codes: np.ndarray, count: int) -> None:
    """Insert codes[0:count] (position numbers 0..count-1) into an empty table."""
    shift = _shift(len(table))
    for a in range(count):
        i = _slot(table, codes[a], shift)
        table[i, 0] = codes[a]
        table[i, 1] = a


# Not cached on disk: the kernel is specialised on the game's own numba functions, whose
# types differ in every process, so a cache would only grow, and numba fails to re-save an
# index that holds them ("underlying object has vanished").
@numba.njit
def explore_codes(
    moves: Callable[[int, np.ndarray], int],
    canonical: Callable[[int], int],
    max_moves: int,
    codes: np.ndarray,
    table: np.ndarray,
    start: np.ndarray,
    succ: np.ndarray,
    state: np.ndarray,
    budget: int,
) -> int:
    """Breadth-first exploration of coded positions, resumable.

    ``codes[a]`` is the code of position number `a`; the options of `a` are
    ``succ[start[a]:start[a + 1]]``. ``state`` holds [positions expanded, positions
    found, edges]. Expands at most `budget` positions, and stops early (returning
    MORE_ROOM) when the next position might not fit in `codes`, `succ` or a half-full
    hash table; the caller grows them and calls again.
    """
    shift = _shift(len(table))
    out = np.empty(max_moves, dtype=np.int64)
    head, tail, edges = state[0], state[1], state[2]
    stop = head + budget
    status = DONE
    while head < tail:
        if head >= stop:
            status = BUDGET
            break
        if (
            tail + max_moves > len(codes)
            or 2 * (tail + max_moves) > len(table)
            or edges + max_moves > len(succ)
        ):
            status = MORE_ROOM
            break
        count = moves(codes[head], out)
        for k in range(count):
            code = canonical(out[k])
            i = _slot(table, code, shift)
            if table[i, 0] == -1:
                table[i, 0] = code
                table[i, 1] = tail
                codes[tail] = code
                tail += 1
            succ[edges] = table[i, 1]
            edges += 1
        head += 1
        start[head] = edges
    state[0], state[1], state[2] = head, tail, edges
    return status


@numba.njit  # not cached, like explore_codes
def end_values(
    end_value: Callable[[int], int], codes: np.ndarray, start: np.ndarray, value: np.ndarray
) -> None:
    """The value code (LOSS 0, TIE 2, WIN 3) of every position with no move."""
    for a in range(len(codes)):
        if start[a + 1] == start[a]:
            v = end_value(codes[a])
            value[a] = 3 if v > 0 else 0 if v < 0 else 2
