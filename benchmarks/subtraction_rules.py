"""Subtraction games on infinite sets given by a rule, to 10^6 and beyond, timed in the same
run against the mex DP people write for them.

Run by hand (not a test)::

    python benchmarks/subtraction_rules.py                    # every rule, about 20 s
    python benchmarks/subtraction_rules.py --only primes      # some rules
    python benchmarks/subtraction_rules.py --upto 3000000     # further (primes: ~15 s)

For each rule, ``RuleSubtractionGame(rule).values(N)`` on a fresh game (the set S read
or sieved, then the compiled kernels; N = 10^6 unless ``--upto``) against the baseline
below: a list ``g`` and, per heap, a set of the options' values ``g[n - s]`` for the s in
S up to n, then the mex. The baseline runs at N itself when that takes at most about
10 s, else at a smaller n (named in the row) and its time is scaled to N by the number
of (heap, subtraction) pairs, sum over n <= N of |S ∩ [1, n]|, which is its work (marked
est.). The ratio is baseline time / grundy time (above 1: grundy is faster); the values
are checked to agree on the heaps both computed. The numba compile or cache load happens
before and is reported apart. Each row also gives the peak memory of the grundy run
(tracemalloc: numpy arrays and Python objects) and the work in pairs.
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc
from collections.abc import Callable

from _timing import Table, measure, note, seconds, section

from grundy.games import SUBTRACTION_RULES, RuleSubtractionGame

LABEL = 60
_TABLE = Table(LABEL)
header, row = _TABLE.header, _TABLE.row
#: The baseline's own size per rule: about 1-10 s of Python each.
BASELINE_UPTO = {
    "squares": 100_000,
    "primes": 20_000,
    "fibonacci": 1_000_000,
    "powers-of-two": 1_000_000,
    "factorials": 1_000_000,
    "triangular": 100_000,
}


def baseline_values(members: list[int], upto: int) -> list[int]:
    """The usual hand-written DP: G(0..upto) with a list and a set of options per heap."""
    g: list[int] = []
    for n in range(upto + 1):
        options = set()
        for s in members:  # increasing
            if s > n:
                break
            options.add(g[n - s])
        mex = 0
        while mex in options:
            mex += 1
        g.append(mex)
    return g


def pairs(members: list[int], upto: int) -> int:
    """(heap, subtraction) pairs of G(0..upto): sum over n <= upto of |S ∩ [1, n]|."""
    return sum(upto + 1 - s for s in members if s <= upto)


def peak_memory(call: Callable[[], object]) -> tuple[float, object]:
    """Run call() once under tracemalloc: (peak MiB, its result)."""
    tracemalloc.start()
    try:
        result = call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 2**20, result


def bench_rule(rule: str, upto: int) -> None:
    section(f"{rule} ({SUBTRACTION_RULES[rule]})")
    members = RuleSubtractionGame(rule).subtractions(upto)
    ours_s, values = measure(lambda: RuleSubtractionGame(rule).limited_to(upto + 1).values(upto))
    memory, _ = peak_memory(lambda: RuleSubtractionGame(rule).limited_to(upto + 1).values(upto))
    small = min(upto, BASELINE_UPTO[rule])
    base_s, expected = measure(lambda: baseline_values(members, small))
    assert values[: small + 1] == expected, f"{rule}: values differ"
    work, small_work = pairs(members, upto), pairs(members, small)
    if small == upto:
        row(f"   values(N), N = {upto:,} / baseline, same N", ours_s, base_s)
    else:
        scaled = base_s * work / small_work
        row(f"   values(N), N = {upto:,} / baseline at {small:,}, scaled est.", ours_s, scaled)
        note(f"baseline measured at n = {small:,}: {seconds(base_s)}")
    note(
        f"{work:,} pairs ({work / ours_s / 1e9:.2f} per ns); peak memory {memory:.1f} MiB; "
        f"largest value {max(values)}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=list(SUBTRACTION_RULES), help="rules")
    parser.add_argument("--upto", type=int, default=10**6, help="last heap N (default 10^6)")
    args = parser.parse_args(argv)
    print(
        "grundy subtraction rules benchmark; ratio = baseline time / grundy time "
        "(> 1: grundy faster)"
    )
    print("times: best of 3 when a run takes <= 1 s, else a single run\n")
    start = time.perf_counter()
    from grundy.heaps.rule_sequence import extend_values

    load_s = time.perf_counter()
    extend_values([2, 3, 5], [], 300_000)  # the compiled path: numba load or compile
    load_s = time.perf_counter() - load_s
    print(f"numba import and kernel compile or cache load (not counted): {seconds(load_s)}\n")
    header()
    for rule in args.only or list(SUBTRACTION_RULES):
        bench_rule(rule, args.upto)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"\nprocess peak memory (max RSS) {rss:,.0f} MiB")
    print(f"total run time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
