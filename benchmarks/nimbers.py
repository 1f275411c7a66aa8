"""Benchmark of grundy.nimbers: batch nim_mul_array and scalar nim_mul, each beside a baseline.

Run by hand (not a test)::

    python benchmarks/nimbers.py            # full run, ~5 s
    python benchmarks/nimbers.py --quick    # smaller samples, ~3 s

(a) ``nim_mul_array`` on 10^6 random uint64 pairs (goal < 0.5 s, JIT compile excluded and
    reported separately) against the scalar ``nim_mul`` in a Python loop on a sample,
    extrapolated to 10^6.
(b) scalar ``nim_mul`` on random 64-bit Python ints (goal >= 200,000 products/s) against
    the textbook recursive nim product written below (Fermat 2-power split, no tables).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from grundy.nimbers import nim_mul, nim_mul_array

BATCH_N = 10**6
BATCH_GOAL_S = 0.5
SCALAR_GOAL = 200_000


def textbook_mul(a: int, b: int) -> int:
    """The nim product as a student writes it: recursion on Fermat 2-powers, no tables.

    With X = 2^(2^k) the largest Fermat 2-power needed, a = a1 X + a0, b = b1 X + b0 and
    X ⊗ X = X ⊕ X/2: a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1) X ⊕ (a0b0 ⊕ (a1b1) ⊗ X/2).
    """
    if a < 2 or b < 2:
        return a * b
    half = 1
    while max(a, b) >> (2 * half):
        half *= 2
    x = 1 << half
    a1, a0 = divmod(a, x)
    b1, b0 = divmod(b, x)
    c = textbook_mul(a1, b1)
    high = c ^ textbook_mul(a1, b0) ^ textbook_mul(a0, b1)
    low = textbook_mul(a0, b0) ^ textbook_mul(c, x >> 1)
    return high * x + low


def row(label: str, value: str) -> None:
    """One aligned line of the report."""
    print(f"    {label + ':':<42}{value}")


def best_of(repeats: int, func) -> float:
    """Smallest wall time of `repeats` calls of func()."""
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - t)
    return best


def scalar_rate(func, pairs: list[tuple[int, int]], repeats: int) -> float:
    """Products per second of func over pairs (best of `repeats` passes)."""

    def run() -> None:
        for a, b in pairs:
            func(a, b)

    return len(pairs) / best_of(repeats, run)


def bench_batch(quick: bool, seed: int) -> None:
    from grundy import _nimber_kernel
    from grundy.nimbers._field import _kernel_tables

    print("(a) batch nim_mul_array, 10^6 random uint64 pairs")
    t = time.perf_counter()
    tables = _kernel_tables()
    row("GF(2^16) tables (python + numpy copies)", f"{time.perf_counter() - t:.3f} s")

    # Compile time, measured on a fresh dispatcher (no on-disk cache) built from py_func.
    import numba

    fresh = numba.njit(parallel=True)(_nimber_kernel.nim_mul_u64.py_func)
    one = np.ones(4, dtype=np.uint64)
    out = np.empty(4, dtype=np.uint64)
    t = time.perf_counter()
    fresh(one, one, out, *tables)
    row("JIT compile (fresh, uncached)", f"{time.perf_counter() - t:.2f} s")
    t = time.perf_counter()
    nim_mul_array(one, one)  # the package kernel: compile, or load from numba's cache
    row("first nim_mul_array call (cache/JIT)", f"{time.perf_counter() - t:.3f} s")

    rng = np.random.default_rng(seed)
    a = rng.integers(0, 2**64 - 1, BATCH_N, dtype=np.uint64, endpoint=True)
    b = rng.integers(0, 2**64 - 1, BATCH_N, dtype=np.uint64, endpoint=True)
    batch_s = best_of(3, lambda: nim_mul_array(a, b))
    result = nim_mul_array(a, b)

    sample = 20_000 if quick else 100_000
    al = a[:sample].tolist()
    bl = b[:sample].tolist()
    t = time.perf_counter()
    expected = [nim_mul(x, y) for x, y in zip(al, bl, strict=True)]
    loop_s = (time.perf_counter() - t) * BATCH_N / sample
    assert result[:sample].tolist() == expected, "batch and scalar results differ"

    ok = "OK" if batch_s < BATCH_GOAL_S else "MISSED"
    row("nim_mul_array (best of 3)", f"{batch_s:.4f} s   goal < {BATCH_GOAL_S} s: {ok}")
    extrapolation = f"(loop over {sample:,} pairs, x{BATCH_N // sample})"
    row("baseline: nim_mul in a Python loop", f"{loop_s:.2f} s   {extrapolation}")
    row("ratio baseline / nim_mul_array", f"{loop_s / batch_s:.0f}x")


def bench_scalar(quick: bool, seed: int) -> None:
    print("(b) scalar nim_mul, random 64-bit Python ints")
    rnd = random.Random(seed)
    n = 50_000 if quick else 300_000
    pairs = [(rnd.getrandbits(64), rnd.getrandbits(64)) for _ in range(n)]
    t = time.perf_counter()
    nim_mul(3, 5)  # builds the GF(2^16) log/exp tables once (already done by (a))
    row("table build / first call", f"{time.perf_counter() - t:.3f} s")
    rate = scalar_rate(nim_mul, pairs, 3)

    m = 200 if quick else 1_000
    sample = pairs[:m]
    assert all(textbook_mul(x, y) == nim_mul(x, y) for x, y in sample[:50])
    base = scalar_rate(textbook_mul, sample, 1)

    ok = "OK" if rate >= SCALAR_GOAL else "MISSED"
    goal = f"goal >= {SCALAR_GOAL:,}/s: {ok}"
    row(f"nim_mul ({n:,} pairs, best of 3)", f"{rate:,.0f} products/s   {goal}")
    row("baseline: textbook recursion", f"{base:,.0f} products/s   ({m:,} pairs)")
    row("ratio nim_mul / baseline", f"{rate / base:.0f}x")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    parser.add_argument("--seed", type=int, default=2024, help="random seed")
    args = parser.parse_args(argv)
    print(f"grundy.nimbers benchmark ({'quick' if args.quick else 'full'} run)")
    bench_batch(args.quick, args.seed)
    bench_scalar(args.quick, args.seed)


if __name__ == "__main__":
    main()
