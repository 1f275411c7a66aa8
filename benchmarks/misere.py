"""Misère play of heap games through the misère quotient (``grundy.misere``) against the
whole-position misère search, timed in the same run.

Run by hand (not a test)::

    python benchmarks/misere.py            # every case, 85-260 s (6-heap search: 22-207 s)
    python benchmarks/misere.py --quick    # no Dawson's Kayles build, fewer sums: about 15 s

Issue 23's acceptance: a misère Kayles sum of 10^5 random heaps <= 100 answers its
outcome and a winning move in under a second through its quotient, where the search
cannot finish; on small sums the quotient is timed against the search, and the two are
checked to agree (outcome and the set of winning moves).

grundy's side is ``misere_quotient(code, upto)``: first its build (the quotient of the
sums of heaps <= upto; Kayles stops at heap 167, where its period is proved, and then
answers heaps of any size), then ``q.outcome(heaps)`` and ``q.winning_moves(heaps)``.
The quotient has no cheaper "first winning move" query, so the winning-move time is that
of all of them (their count is printed). The baseline is ``find("kayles")`` asked
``outcome(heaps, misere=True)`` and ``winning_moves(heaps, misere=True)``: a search of
the game tree of the whole sum, on a fresh game each run (its memo starts empty).

Times: the quotient's queries are best of 3 (its cache of winning options is warm after
the first run; the first, cold call of the 10^5-heap rows is in the note under them); a
build or a search is one run, a fresh one. The ratio is search time / quotient time. The
peak MiB column is tracemalloc's peak in a run of its own (quotient / search; the
search's only when it takes under 2 s). Orders, P-portion sizes and move counts do not
depend on the machine.
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import resource
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from _timing import REPEAT_UP_TO_S, measure, note, seconds, section

from grundy.app.registry import find
from grundy.misere import misere_quotient

LABEL = 46
BIG = 10**5


def once(func: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


def peak_mib(func: Callable[[], Any]) -> float:
    """tracemalloc's peak while func() runs, in MiB."""
    tracemalloc.start()
    try:
        func()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def header() -> None:
    print(f"{'case':<{LABEL}}{'quotient':>11}{'search':>11}{'ratio':>11}{'peak MiB':>16}")
    print("-" * (LABEL + 49))


def row(label: str, q_s: float, search_s: float | None, q_mib: float, s_mib: float | None):
    ratio = "" if search_s is None else f"{search_s / q_s:,.0f}"
    memory = f"{q_mib:.2f}" + ("" if s_mib is None else f" / {s_mib:.2f}")
    line = f"{label:<{LABEL}}{seconds(q_s):>11}{seconds(search_s):>11}{ratio:>11}{memory:>16}"
    print(line.rstrip(), flush=True)


def moves_key(moves: list[Any]) -> set[tuple[int, ...]]:
    """The search's winning moves (whole positions) and the quotient's (changes of one
    heap), both as sorted tuples of the heaps after the move."""
    out = set()
    for move in moves:
        out.add(tuple(sorted(h for h in move if h)))
    return out


def applied(heaps: tuple[int, ...], moves: list[Any]) -> set[tuple[int, ...]]:
    out = set()
    for move in moves:
        after = move.after
        parts = [] if after == 0 else [after] if isinstance(after, int) else list(after)
        rest = heaps[: move.part] + heaps[move.part + 1 :]
        out.add(tuple(sorted(h for h in (*rest, *parts) if h)))
    return out


# ----------------------------------------------------------------- the cases
def builds(quick: bool) -> dict[str, Any]:
    section("building the quotient (one run each; facts: order, |P-portion|, heaps, period)")
    cases: list[tuple[str, str, int]] = [("Kayles 0.77 to 200", "0.77", 200)]
    cases += [(f"misère Nim to 2^{k}-1", "nim", 2**k - 1) for k in ((4, 6) if quick else (4, 6, 7))]
    if not quick:
        cases.append(("Dawson's Kayles 0.07 to 30", "0.07", 30))
    built = {}
    for label, code, upto in cases:
        build = functools.partial(misere_quotient, code, upto)
        build_s, q = once(build)
        mib = peak_mib(build)
        row(label, build_s, None, mib, None)
        period = q.periodicity
        proved = (
            f", period {period.period} from {period.preperiod} proved"
            if period is not None and period.certified
            else ""
        )
        note(f"order {q.order}, |P| = {len(q.p_portion)}, heaps <= {q.upto}{proved}")
        built[code] = q
    return built


def small_sums(q: Any, quick: bool, rng: random.Random) -> None:
    section("\nsmall Kayles sums: quotient against the search (outcome + every winning move)")
    shapes = [(3, 12), (4, 12), (5, 12)] + ([] if quick else [(6, 12), (3, 20), (4, 16)])
    for count, most in shapes:
        heaps = tuple(rng.randint(1, most) for _ in range(count))

        def by_quotient(heaps: tuple[int, ...] = heaps) -> tuple[Any, list[Any]]:
            return q.outcome(heaps), q.winning_moves(heaps)

        def by_search(heaps: tuple[int, ...] = heaps) -> tuple[Any, list[Any]]:
            game = find("kayles")  # fresh: an empty memo
            return game.outcome(heaps, misere=True), game.winning_moves(heaps, misere=True)

        q_s, (q_outcome, q_moves) = measure(by_quotient)
        s_s, (s_outcome, s_moves) = once(by_search)
        assert q_outcome == s_outcome, (heaps, q_outcome, s_outcome)
        assert applied(heaps, q_moves) == moves_key(s_moves), heaps
        row(
            f"{count} heaps <= {most}",
            q_s,
            s_s,
            peak_mib(by_quotient),
            peak_mib(by_search) if s_s < 2 else None,
        )
        note(f"{heaps}: {q_outcome.name}, {len(q_moves)} winning moves (both agree)")


def big_sum(q: Any, name: str, most: int, rng: random.Random) -> None:
    heaps = [rng.randint(1, most) for _ in range(BIG)]
    cold_outcome_s, outcome = once(lambda: q.outcome(heaps))
    cold_moves_s, _ = once(lambda: q.winning_moves(heaps))
    outcome_s, _ = measure(lambda: q.outcome(heaps))
    moves_s, moves = measure(lambda: q.winning_moves(heaps))
    log2 = sum(math.log2(h + 1) for h in heaps)
    row(f"{name}: outcome", outcome_s, None, peak_mib(lambda: q.outcome(heaps)), None)
    row(f"{name}: winning moves", moves_s, None, peak_mib(lambda: q.winning_moves(heaps)), None)
    first = f", first {moves[0]}" if moves else ""
    note(f"{outcome.name}, {len(moves):,} winning moves{first}")
    note(f"first (cold) calls: outcome {seconds(cold_outcome_s)}, moves {seconds(cold_moves_s)}")
    note(f"search: cannot finish (2^{log2:,.0f} positions: every heap at most its size)")
    assert outcome_s + moves_s < 1, "issue 23: under a second"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip Dawson's Kayles, fewer sums")
    parser.add_argument("--seed", type=int, default=2024, help="random seed")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(
        f"misère quotient against whole-position misère search, seed {args.seed}; "
        "ratio = search time / quotient time"
    )
    print(f"quotient queries: best of 3 when a run takes <= {REPEAT_UP_TO_S:g} s; builds and")
    print("searches: one fresh run. peak MiB: tracemalloc, quotient / search, own runs\n")
    start = time.perf_counter()
    header()
    built = builds(args.quick)
    kayles = built["0.77"]
    small_sums(kayles, args.quick, rng)
    section(f"\n{BIG:,} random heaps (search column: not run)")
    big_sum(kayles, "Kayles, heaps <= 100", 100, rng)
    if "0.07" in built:
        big_sum(built["0.07"], "Dawson's Kayles, heaps <= 30", 30, rng)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nprocess peak memory (max RSS) {rss:,.0f} MiB")
    print(f"total run time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
