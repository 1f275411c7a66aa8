"""Impartial Cram: grundy's search (regions, the 8 symmetries, closed forms) against a plain
memoised mex search over whole boards, timed in the same run.

Run by hand (not a test)::

    python benchmarks/cram.py            # the rectangles up to 5 x 5, about a minute
    python benchmarks/cram.py --full     # also 4 x 7 and 5 x 6 (minutes, GiB for the plain one)

grundy's side is ``Cram().grundy("RxC")`` on a fresh game: a board is the XOR of its
regions of empty cells (``components``), each region cut to its bounding box and stored
once for its 8 images (``canonical``), its options valued without building them
(``option_values``: dominoes and regions as bit masks); strips are Dawson's Kayles heaps
and boards equal to their half turn with no central cell are 0 (``formula``). The
rectangles even x even are 0 by that theorem at once; ``--no-theorems`` searches them
(and strips) too.

The table of Dawson's Kayles that values the strips is computed, and the module of the
board notation imported, before the clock starts (about 0.15 s and 5 MiB once per process,
with numpy's import).

The baseline is the plain search a first program writes: the whole board as a bit mask,
every domino, a dict from mask to value, the mex of the options' values; no regions, no
symmetry, no theorem. It is fast per board (a few big-int operations in C) and stores
every board it meets; grundy's stores far fewer, each costing more Python.

Each run is one fresh process (multiprocessing, spawn). Times are that process's CPU
time (the search is single-threaded), so other work on the machine counts for neither.
``stored`` counts the values each side keeps (the same on any machine); peak MiB is
tracemalloc's peak in a run of its own. A baseline that would store more than
``--baseline-limit`` boards is not run. Both sides' values are checked to be equal.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
import tracemalloc
from typing import Any

from _timing import ratio as speedup
from _timing import seconds

LABEL = 12

#: (board, heavy): heavy boards only with --full.
CASES = [
    ("3x5", False),
    ("3x6", False),
    ("4x5", False),
    ("3x7", False),
    ("3x8", False),
    ("4x6", False),
    ("5x5", False),
    ("3x9", True),
    ("4x7", True),
    ("5x6", True),
]


class _Limit(Exception):
    """The baseline met more boards than it may store."""


def plain_grundy(rows: int, columns: int, limit: int) -> tuple[int, int]:
    """The plain memoised mex search: (value, boards stored)."""
    dominoes = [
        (1 << (r * columns + c)) | (1 << ((r + 1) * columns + c))
        for r in range(rows - 1)
        for c in range(columns)
    ] + [3 << (r * columns + c) for r in range(rows) for c in range(columns - 1)]
    memo: dict[int, int] = {}

    def value(mask: int) -> int:
        found = memo.get(mask)
        if found is not None:
            return found
        if len(memo) >= limit:
            raise _Limit
        seen = {value(mask ^ d) for d in dominoes if mask & d == d}
        m = 0
        while m in seen:
            m += 1
        memo[mask] = m
        return m

    sys.setrecursionlimit(max(1000, 4 * rows * columns))  # depth: one level a domino
    return value((1 << (rows * columns)) - 1), len(memo)


def run(board: str, plain: bool, theorems: bool, limit: int, memory: bool) -> tuple[Any, ...]:
    """In a fresh process: (CPU seconds, values stored, value, peak MiB or None); for a
    baseline past `limit`: (None, limit, None, None)."""
    from grundy.games import Cram, DawsonsKayles

    rows, columns = map(int, board.split("x"))
    if not plain:
        DawsonsKayles.grundy(26)  # the strips' table (and numpy) loads once, untimed,
        Cram().check_position("1x1")  # and the board notation's module
    if memory:
        tracemalloc.start()
    start = time.process_time()
    if plain:
        try:
            value, stored = plain_grundy(rows, columns, limit)
        except _Limit:
            return None, limit, None, None
    else:
        game = Cram()
        value = game.grundy(board, use_formula=theorems)
        stats = game.stats
        stored = stats.positions + stats.formula_values
    elapsed = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1] / 2**20 if memory else None
    tracemalloc.stop()
    return elapsed, stored, value, peak


def in_fresh_process(context: Any, *args: Any) -> tuple[Any, ...]:
    with context.Pool(1, maxtasksperchild=1) as pool:
        return pool.apply(run, args)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="also 3 x 9, 4 x 7 and 5 x 6")
    parser.add_argument(
        "--no-theorems", action="store_true", help="grundy searches strips and even x even too"
    )
    parser.add_argument(
        "--baseline-limit",
        type=int,
        default=30_000_000,
        help="most boards the baseline may store (default 30,000,000: about 4 GiB)",
    )
    args = parser.parse_args(argv)
    theorems = not args.no_theorems
    context = multiprocessing.get_context("spawn")
    print("impartial Cram: grundy (regions, symmetry, closed forms) against a plain memoised")
    print("mex search over whole boards; one fresh process a run, CPU seconds;")
    print("ratio = baseline time / grundy time (above 1: grundy is faster);")
    print("stored = values kept; peak MiB: tracemalloc in a run of its own, grundy / baseline\n")
    header = f"{'board':<{LABEL}}{'value':>6}{'grundy':>10}{'stored':>9}{'baseline':>10}"
    print(f"{header}{'stored':>12}{'ratio':>10}{'peak MiB':>18}")
    print("-" * (LABEL + 75))
    total = time.perf_counter()
    for board, heavy in CASES:
        if heavy and not args.full:
            continue
        ours_s, ours_n, ours_v, _ = in_fresh_process(context, board, False, theorems, 0, False)
        ours_mib = in_fresh_process(context, board, False, theorems, 0, True)[3]
        base_s, base_n, base_v, _ = in_fresh_process(
            context, board, True, theorems, args.baseline_limit, False
        )
        base_mib = None
        if base_s is not None:
            assert base_v == ours_v, (board, ours_v, base_v)
            base_mib = in_fresh_process(context, board, True, theorems, args.baseline_limit, True)[
                3
            ]
        ratio = "" if base_s is None else speedup(max(ours_s, 1e-6), base_s)
        stored = f"{base_n:,}" if base_s is not None else f"> {base_n:,}"
        mib = f"{ours_mib:.1f}" + ("" if base_mib is None else f" / {base_mib:.1f}")
        line = (
            f"{board:<{LABEL}}{ours_v:>6}{seconds(ours_s):>10}{ours_n:>9,}"
            f"{seconds(base_s):>10}{stored:>12}{ratio:>10}{mib:>18}"
        )
        print(line, flush=True)
    print(f"\ntotal run time {time.perf_counter() - total:.0f} s")


if __name__ == "__main__":
    main()
