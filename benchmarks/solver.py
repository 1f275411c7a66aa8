"""Solver overhead: grundy's generic solver against the memoised recursion people hand-write.

Both value every position of the same user-defined game (default: a 1000 x 1000 board,
10^6 positions) in one run; the script prints the times and the ratio ours / baseline
(goal: <= 1.0). Run: ``python benchmarks/solver.py [--side N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import functools
import gc
import sys
import time

import grundy as gr

STEPS = ((1, 0), (2, 0), (0, 1), (0, 2), (1, 1))


def board_moves(position: tuple[int, int]) -> list[tuple[int, int]]:
    """A token on a board moves 1 or 2 squares left or down, or 1 diagonally."""
    x, y = position
    return [(x - dx, y - dy) for dx, dy in STEPS if dx <= x and dy <= y]


def handwritten(side: int) -> int:
    """The code a competitive programmer writes: lru_cache recursion and a mex loop."""
    sys.setrecursionlimit(max(10_000, 4 * side + 100))

    @functools.cache
    def sg(position):
        seen = {sg(option) for option in board_moves(position)}
        value = 0
        while value in seen:
            value += 1
        return value

    return sg((side - 1, side - 1))


def handwritten_without_gc(side: int) -> int:
    """The same, with the cyclic garbage collector paused as grundy's solver does."""
    gc.disable()
    try:
        return handwritten(side)
    finally:
        gc.enable()


def ours(side: int) -> int:
    game = gr.game_from_moves(board_moves, name="board")
    return game.grundy((side - 1, side - 1), max_positions=side * side)


def best_time(function, side: int, repeat: int) -> tuple[float, int]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function(side)
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=1000, help="board side (positions = side^2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts")
    args = parser.parse_args()
    base_time, base_value = best_time(handwritten, args.side, args.repeat)
    nogc_time, nogc_value = best_time(handwritten_without_gc, args.side, args.repeat)
    our_time, our_value = best_time(ours, args.side, args.repeat)
    assert base_value == nogc_value == our_value, (base_value, nogc_value, our_value)
    n = args.side**2
    print(f"positions: {n:,}   SG of the corner: {our_value}")
    for label, seconds in [
        ("hand-written lru_cache recursion     ", base_time),
        ("the same with the cyclic GC paused   ", nogc_time),
        ("grundy solver (explicit stack, no GC)", our_time),
    ]:
        print(f"{label}: {seconds:6.2f} s  ({n / seconds:,.0f} positions/s)")
    print(f"ratio grundy / hand-written: {our_time / base_time:.2f}  (goal <= 1.0)")
    print(f"ratio grundy / hand-written with GC paused: {our_time / nogc_time:.2f}")


if __name__ == "__main__":
    main()
