"""Partizan grid games: grundy's search with the games' hooks (regions, reflections,
negatives) against the plain recursion over the rules, timed in the same run.

Run by hand (not a test)::

    python benchmarks/partizan_grid.py             # every case, about 5-10 minutes
    python benchmarks/partizan_grid.py --quick     # no 5 x 5, Clobber 4 x 4, Amazons 2 x 7

grundy's side is ``game.value(board)`` on a fresh game: the board split into the regions
that never interact (``components``), each region cropped and stored once for all its
images under the reflections that keep the value (``canonical``), and once for itself
and its negative (the transpose in Domineering, the colour swap in Clobber and Amazons).
The baseline is the same rules searched through a ``PartizanGame`` with no hooks, which
stores one canonical form per board met (what a first implementation does; pycgt and
CGSuite are not run here). Both build canonical forms with ``grundy.partizan.game``.

Each run is one fresh process (multiprocessing, spawn), so neither side finds canonical
forms, comparisons or sums left in the shared tables by the other. Times are the CPU
time of that process (the search is single-threaded), so other work on the machine
counts for neither. A case whose baseline would store more than ``--baseline-limit``
boards is not run against it. ``stored`` is
the number of values each side keeps (a count of the work, the same on any machine);
peak MiB is tracemalloc's peak in a run of its own. The values of both sides are checked
to be equal.

Boards: Domineering on empty R x C rectangles (R rows, Left vertical); Clobber on the
checkerboards ``xoxo|oxox|xoxo`` (3 x 4) and ``xoxo|oxox|xoxo|oxox`` (4 x 4, the board
of CGSuite's Clobber benchmark); Amazons ``x...|o...`` (CGSuite's test), cgt-tools' test
board ``x..#|....|.#.o`` and the 2 x 7 board ``x......|o......``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import time
import tracemalloc
from collections.abc import Iterable
from typing import Any

from _timing import seconds

LABEL = 34

#: (label, game, board, heavy): heavy cases are left out by --quick.
CASES = [
    ("Domineering 3x3", "domineering", "3x3", False),
    ("Domineering 3x4", "domineering", "3x4", False),
    ("Domineering 4x4", "domineering", "4x4", False),
    ("Domineering 2x8", "domineering", "2x8", False),
    ("Domineering 4x5", "domineering", "4x5", False),
    ("Domineering 5x5", "domineering", "5x5", True),
    ("Clobber 3x4 xoxo|oxox|xoxo", "clobber", "xoxo|oxox|xoxo", False),
    ("Clobber 4x4 checkerboard", "clobber", "xoxo|oxox|xoxo|oxox", True),
    ("Amazons x...|o...", "amazons", "x...|o...", False),
    ("Amazons x..#|....|.#.o", "amazons", "x..#|....|.#.o", False),
    ("Amazons 2x7 x......|o......", "amazons", "x......|o......", True),
]


def make_game(name: str, plain: bool) -> Any:
    from grundy.partizan import PartizanGame
    from grundy.partizan.games import Amazons, Clobber, Domineering

    rules = {"domineering": Domineering, "clobber": lambda: Clobber, "amazons": Amazons}[name]()
    if not plain:
        rules.clear_cache()  # the catalog's Clobber is shared: start it empty
        return rules

    class Plain(PartizanGame[Any]):
        """The rules alone: no components, no canonical images, one value per board."""

        def left_options(self, position: Any) -> Iterable[Any]:
            return rules.left_options(position)

        def right_options(self, position: Any) -> Iterable[Any]:
            return rules.right_options(position)

        def check_position(self, position: Any) -> Any:
            return rules.check_position(position)

    return Plain()


def run(name: str, board: str, plain: bool, limit: int, memory: bool) -> tuple[Any, ...]:
    """In a fresh process: (seconds, stored values, value text, peak MiB or None), or
    (None, limit, None, None) when the search needs more than `limit` values."""
    from grundy.core.errors import PositionLimitError

    game = make_game(name, plain).limited_to(limit)
    if memory:
        tracemalloc.start()
    start = time.process_time()  # CPU time: other work on the machine does not count
    try:
        value = game.value(board)
    except PositionLimitError:
        return None, limit, None, None
    elapsed = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1] / 2**20 if memory else None
    tracemalloc.stop()
    return elapsed, game.positions, repr(value), peak


def in_fresh_process(pool_context: Any, *args: Any) -> tuple[Any, ...]:
    with pool_context.Pool(1, maxtasksperchild=1) as pool:
        return pool.apply(run, args)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="leave out the heavy cases")
    parser.add_argument(
        "--baseline-limit",
        type=int,
        default=300_000,
        help="most boards the baseline may store (default 300,000)",
    )
    args = parser.parse_args(argv)
    context = multiprocessing.get_context("spawn")
    print("partizan grid games: grundy (hooks) against the plain recursion (no hooks)")
    print("one fresh process a run, CPU seconds; ratio = baseline time / grundy time;")
    print("stored = values kept; peak MiB: tracemalloc in a run of its own, grundy / baseline\n")
    header = f"{'case':<{LABEL}}{'grundy':>10}{'stored':>9}{'baseline':>10}{'stored':>10}"
    print(f"{header}{'ratio':>8}{'peak MiB':>16}")
    print("-" * (LABEL + 63))
    total = time.perf_counter()
    for label, name, board, heavy in CASES:
        if heavy and args.quick:
            continue
        ours_s, ours_n, ours_v, _ = in_fresh_process(context, name, board, False, 10**7, False)
        ours_mib = in_fresh_process(context, name, board, False, 10**7, True)[3]
        base_s, base_n, base_v, _ = in_fresh_process(
            context, name, board, True, args.baseline_limit, False
        )
        base_mib = None
        if base_s is not None:
            assert base_v == ours_v, (label, ours_v, base_v)
            base_mib = in_fresh_process(context, name, board, True, args.baseline_limit, True)[3]
        ratio = "" if base_s is None else f"{base_s / ours_s:.1f}"
        stored = f"{base_n:,}" if base_s is not None else f"> {base_n:,}"
        memory = f"{ours_mib:.1f}" + ("" if base_mib is None else f" / {base_mib:.1f}")
        line = (
            f"{label:<{LABEL}}{seconds(ours_s):>10}{ours_n:>9,}{seconds(base_s):>10}"
            f"{stored:>10}{ratio:>8}{memory:>16}"
        )
        print(line, flush=True)
        text = ours_v.removeprefix("parse('").removesuffix("')")
        print(f"     value {text if len(text) <= 70 else text[:67] + '...'}", flush=True)
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"\nlargest run's peak memory (max RSS of the child processes) {rss:,.0f} MiB")
    print(f"total run time {time.perf_counter() - total:.0f} s")


if __name__ == "__main__":
    main()
