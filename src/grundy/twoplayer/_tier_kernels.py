"""Numba kernels of the tiered solver: expand a tier's positions, label them from the next."""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np

from ..core.retrograde import DRAW, LOSS, TIE, WIN

__all__ = ["expand_tier", "label_tier"]

# Not cached on disk, like explore_codes: both are specialised on the game's own numba
# functions, whose types differ in every process.


@numba.njit
def expand_tier(
    moves: Callable[[int, np.ndarray], int],
    canonical: Callable[[int], int],
    tier: Callable[[int], int],
    max_moves: int,
    codes: np.ndarray,
    this_tier: int,
    children: np.ndarray,
    child_tiers: np.ndarray,
) -> int:
    """Write the (canonical) options of `codes` and their tiers; return how many.

    A position with an option in its own tier or a lower one stops the kernel: it returns
    -(i + 1) for the i-th code.
    """
    out = np.empty(max_moves, dtype=np.int64)
    n = 0
    for i in range(len(codes)):
        count = moves(codes[i], out)
        for j in range(count):
            child = canonical(out[j])
            level = tier(child)
            if level <= this_tier:
                return -(i + 1)
            children[n] = child
            child_tiers[n] = level
            n += 1
    return n


@numba.njit
def label_tier(
    moves: Callable[[int, np.ndarray], int],
    canonical: Callable[[int], int],
    end_value: Callable[[int], int],
    max_moves: int,
    codes: np.ndarray,
    child_codes: np.ndarray,
    child_value: np.ndarray,
    child_remoteness: np.ndarray,
    value: np.ndarray,
    remoteness: np.ndarray,
) -> int:
    """Value and remoteness of each of `codes` from the values of its options.

    `child_codes` is sorted and holds every option (with its value and remoteness). The
    rules are those of retrograde analysis on an acyclic graph: an option that loses for
    the opponent wins, soonest first; if every option wins for the opponent, the position
    loses, as late as possible; else the nearest tie. Returns -(i + 1) if an option of the
    i-th code is missing from `child_codes`, else 0.
    """
    out = np.empty(max_moves, dtype=np.int64)
    for i in range(len(codes)):
        count = moves(codes[i], out)
        if count == 0:
            end = end_value(codes[i])
            value[i] = WIN if end > 0 else (TIE if end == 0 else LOSS)
            remoteness[i] = 0
            continue
        nearest_loss = -1
        farthest_win = -1
        nearest_tie = -1
        draw = False
        for j in range(count):
            child = canonical(out[j])
            k = np.searchsorted(child_codes, child)
            if k == len(child_codes) or child_codes[k] != child:
                return -(i + 1)
            v = child_value[k]
            r = child_remoteness[k]
            if v == LOSS:
                if nearest_loss < 0 or r < nearest_loss:
                    nearest_loss = r
            elif v == WIN:
                farthest_win = max(farthest_win, r)
            elif v == TIE:
                if nearest_tie < 0 or r < nearest_tie:
                    nearest_tie = r
            else:
                draw = True
        if nearest_loss >= 0:
            value[i], remoteness[i] = WIN, nearest_loss + 1
        elif nearest_tie >= 0:
            value[i], remoteness[i] = TIE, nearest_tie + 1
        elif draw:
            value[i], remoteness[i] = DRAW, -1
        else:
            value[i], remoteness[i] = LOSS, farthest_win + 1
    return 0
