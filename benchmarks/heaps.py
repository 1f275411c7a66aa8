"""Grundy sequences of heap games: grundy.heaps against naive Python and the C reference.

Run by hand (not a test)::

    python benchmarks/heaps.py                  # everything, about 5 minutes on 2 cores
    python benchmarks/heaps.py --quick          # 2^20 sizes only, no 0.354: about a minute
    python benchmarks/heaps.py --only 0.6 0.354 # some games

The C reference programs ``../shared/bench/octal_sparse.c`` (the sparse-space method) and
``octal_naive.c`` (the plain mex loop), next to this repository, are built with
``cc -O2`` in a temporary directory. Every run is timed once (they are long), one after
the other. Values are compared through the programs' FNV-1a hash of the 16-bit values.

1. Compile time: ``heaps.compute("0.6", 1000)`` in a fresh interpreter with an empty
   ``NUMBA_CACHE_DIR`` (cold: numba compiles the kernels), then again with the same cache
   directory (warm: the kernels load from the cache). The main run loads the cache first,
   so no compile is counted below.
2. At 2^16 values, per game: our sparse kernel (best of 3), our plain kernel, C
   ``octal_naive`` and C ``octal_sparse``; the naive Python (the usual contest code
   written below: a list ``g`` and, per heap, a set of the options' values, then the mex)
   timed at 2^12 and 2^13, its n^2 scaling checked and extrapolated to 2^16.
   Goal: sparse >= 1,000x the naive Python at 2^16.
3. Grundy's game, 0.6 and 0.16 to 2^20 and 2^22 values, 0.007 to 2^20:
   ``heaps.compute(code, N - 1, kernel="sparse")`` (wall time of the call, period search
   included) beside C ``octal_sparse`` (its own timer), ratio C time / our time (above 1:
   ours faster) and whether the hashes agree; the plain kernel and the naive Python are
   extrapolated by n^2 from section 2 (marked est.). Goals: our time at most 1.5x C's at
   2^22 for 0.6 and Grundy's game, at most 2x C's for 0.007 at 2^20.
4. 0.354: ``heaps.find_period("0.354", max_values=3 * 10**7)``, its period (about
   2 * 10^7 values) certified; goal under 30 s.

The summary at the end says of each goal whether it is met, with the numbers. The script
exits with status 1 if any values disagree.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import numba
import numpy as np
from _timing import measure

from grundy import heaps

T = TypeVar("T")

BENCH_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "bench"
NAIVE_SIZES = (2**12, 2**13)
SMALL = 2**16
LARGE_SIZES: dict[str, tuple[int, ...]] = {
    "grundy": (2**20, 2**22),
    "0.6": (2**20, 2**22),
    "0.16": (2**20, 2**22),
    "0.007": (2**20,),
}
GAMES = (*LARGE_SIZES, "0.354")
NAIVE_GOAL = 1000.0
C_GOALS = {("0.6", 2**22): 1.5, ("grundy", 2**22): 1.5, ("0.007", 2**20): 2.0}
PERIOD_CODE = "0.354"
PERIOD_MAX_VALUES = 3 * 10**7
PERIOD_EXPECTED = (10061916, 1180)
PERIOD_GOAL_S = 30.0
COMPILE_SNIPPET = (
    "import time; t=time.perf_counter(); from grundy import heaps; "
    "heaps.compute('0.6', 1000); print(time.perf_counter()-t)"
)


@dataclass
class Report:
    """Goals met or missed, and values that disagree, gathered for the summary."""

    goals: list[tuple[str, bool | None, str]]
    disagreements: list[str]

    def goal(self, name: str, met: bool | None, numbers: str) -> None:
        self.goals.append((name, met, numbers))

    def agree(self, what: str, ok: bool) -> str:
        if not ok:
            self.disagreements.append(what)
        return "values agree" if ok else "VALUES DIFFER"


# ----------------------------------------------------------------- helpers
def once(func: Callable[[], T]) -> tuple[float, T]:
    """Time a single call of func()."""
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


def seconds(value: float | None, est: bool = False) -> str:
    if value is None:
        return "n/a"
    if value < 1:
        text = f"{value * 1000:.0f} ms"
    else:
        text = f"{value:.1f} s" if value < 100 else f"{value:,.0f} s"
    return f"{text} est." if est else text


def rate(count: int, value: float) -> str:
    return f"{count / value:,.0f}"


def power(n: int) -> str:
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else f"{n:,}"


def section(title: str) -> None:
    print(f"\n{title}", flush=True)


@numba.njit(cache=True)
def fnv_hash(values: np.ndarray) -> np.uint64:  # pragma: no cover - compiled
    """FNV-1a over the values as 16-bit numbers, low byte first (octal_common.h)."""
    h = np.uint64(1469598103934665603)
    prime = np.uint64(1099511628211)
    for x in values:
        v = np.uint64(x)
        h ^= v & np.uint64(0xFF)
        h *= prime
        h ^= v >> np.uint64(8)
        h *= prime
    return h


def hash_of(values: np.ndarray) -> str:
    if len(values) and int(values.max()) > 0xFFFF:
        return "(values above 16 bits)"
    return f"{int(fnv_hash(values.astype(np.uint16))):016x}"


# ----------------------------------------------------------------- C reference
def build_c(workdir: Path) -> dict[str, Path]:
    """Compile octal_sparse.c and octal_naive.c with cc -O2 into workdir."""
    built = {}
    for name in ("octal_sparse", "octal_naive"):
        exe = workdir / name
        subprocess.run(["cc", "-O2", "-o", str(exe), str(BENCH_DIR / f"{name}.c")], check=True)
        built[name] = exe
    return built


def run_c(exe: Path, code: str, count: int) -> tuple[float, str]:
    """Run a C reference program on G(0..count-1): (its own time t=..., its hash)."""
    args = [str(exe), code, str(count)] + (["--quiet"] if exe.name == "octal_sparse" else [])
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    last = out.strip().splitlines()[-1]
    found = re.search(r"\bt=([0-9.]+).*\bhash=([0-9a-f]+)", last)
    if not found:
        raise RuntimeError(f"unexpected output of {exe.name}: {last!r}")
    return float(found.group(1)), found.group(2)


# ----------------------------------------------------------------- naive Python
def code_digits(code: str) -> tuple[list[int], bool]:
    """(d_0, d_1, ..., d_k) and 'splits must be unequal' for an octal code or 'grundy'."""
    if code == "grundy":
        return [4], True
    return [0] + [int(ch) for ch in code.split(".", 1)[1]], False


def naive_values(code: str, count: int) -> list[int]:
    """The usual hand-written code: G(0..count-1) with a list and a set of options each."""
    g: list[int] = []
    if code == "grundy":  # split a heap into two unequal non-empty heaps
        for n in range(count):
            options = {g[a] ^ g[n - a] for a in range(1, (n - 1) // 2 + 1)}
            mex = 0
            while mex in options:
                mex += 1
            g.append(mex)
        return g
    digits, _ = code_digits(code)
    for n in range(count):
        options = set()
        for j in range(1, min(len(digits) - 1, n) + 1):
            d, m = digits[j], n - j  # take j tokens, m left
            if d & 1 and m == 0:
                options.add(0)
            if d & 2 and m > 0:
                options.add(g[m])
            if d & 4:
                for a in range(1, m // 2 + 1):
                    options.add(g[a] ^ g[m - a])
        mex = 0
        while mex in options:
            mex += 1
        g.append(mex)
    return g


# ----------------------------------------------------------------- 1. compile time
def bench_compile() -> tuple[float, float]:
    section("1. Compile time: heaps.compute('0.6', 1000) in a fresh interpreter")
    with tempfile.TemporaryDirectory(prefix="grundy-numba-cache-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        times = []
        for _ in range(2):
            out = subprocess.run(
                [sys.executable, "-c", COMPILE_SNIPPET],
                check=True, capture_output=True, text=True, env=env,
            )  # fmt: skip
            times.append(float(out.stdout.split()[-1]))
    cold, warm = times
    print(f"   cold (empty NUMBA_CACHE_DIR, numba compiles): {seconds(cold):>10}")
    print(f"   warm (same cache dir, kernels loaded):       {seconds(warm):>10}")
    print(f"   compile time (cold - warm):                  {seconds(cold - warm):>10}")
    return cold, warm


def warm_up() -> float:
    """Load (or compile) every kernel this run uses, both value dtypes, outside the timings."""
    start = time.perf_counter()
    heaps.compute("0.6", 4000, kernel="sparse")  # values pass 255: uint8 then uint16
    heaps.compute("0.6", 4000, kernel="plain")
    heaps.compute("grundy", 300, kernel="sparse")
    heaps.compute("grundy", 300, kernel="plain")
    hash_of(np.zeros(4, dtype=np.uint8))
    return time.perf_counter() - start


# ----------------------------------------------------------------- 2. at 2^16
@dataclass
class Small:
    """Per game: times at 2^16 and the naive Python's extrapolation."""

    sparse_s: float
    plain_s: float
    naive_s: float  # estimated at 2^16 from 2^13
    values: np.ndarray


def bench_small(code: str, exes: dict[str, Path], report: Report) -> Small:
    sparse_s, seq = measure(lambda: heaps.compute(code, SMALL - 1, kernel="sparse"))
    plain_s, plain = once(lambda: heaps.compute(code, SMALL - 1, kernel="plain"))
    ours = hash_of(seq.values)
    cn_s, cn_hash = run_c(exes["octal_naive"], code, SMALL)
    cs_s, cs_hash = run_c(exes["octal_sparse"], code, SMALL)
    naive = {n: once(lambda n=n: naive_values(code, n)) for n in NAIVE_SIZES}
    small_n, big_n = NAIVE_SIZES
    naive_ok = naive[big_n][1] == seq.values[:big_n].tolist()
    scale = naive[big_n][0] / naive[small_n][0]
    naive_s = naive[big_n][0] * (SMALL / big_n) ** 2
    speedup = naive_s / sparse_s

    label = f"   {code} to {power(SMALL)}"
    print(
        f"{label}: sparse {seconds(sparse_s)} ({rate(SMALL, sparse_s)} values/s, "
        f"{seq.rare_count:,} rare), plain {seconds(plain_s)}"
    )
    print(
        f"      C octal_sparse {seconds(cs_s)}, C octal_naive {seconds(cn_s)}; "
        f"plain / C naive / C sparse against sparse: "
        f"{report.agree(f'{code} at 2^16 (plain kernel)', hash_of(plain.values) == ours)}"
        f", {report.agree(f'{code} at 2^16 (C naive)', cn_hash == ours)}"
        f", {report.agree(f'{code} at 2^16 (C sparse)', cs_hash == ours)}"
    )
    print(
        f"      naive Python {power(small_n)} {seconds(naive[small_n][0])}, "
        f"{power(big_n)} {seconds(naive[big_n][0])} (x{scale:.2f}, n^2 gives x4; "
        f"{report.agree(f'{code} naive Python', naive_ok)}) -> {power(SMALL)} "
        f"{seconds(naive_s, est=True)}: sparse is {speedup:,.0f}x faster",
        flush=True,
    )
    report.goal(
        f"{code}: sparse >= {NAIVE_GOAL:,.0f}x naive Python at {power(SMALL)}",
        speedup >= NAIVE_GOAL,
        f"{speedup:,.0f}x ({seconds(sparse_s)} vs {seconds(naive_s, est=True)})",
    )
    return Small(sparse_s, plain_s, naive_s, seq.values)


# ----------------------------------------------------------------- 3. large sizes
WIDTHS = (7, 5, 10, 12, 10, 12, 8, 15, 17)
HEADS = ("game", "N", "ours", "values/s", "C sparse", "C values/s", "C/ours",
         "plain", "naive Python")  # fmt: skip


def table_row(cells: tuple[str, ...]) -> str:
    first, *rest = cells
    line = f"   {first:<{WIDTHS[0]}}" + "".join(
        f"{c:>{w}}" for c, w in zip(rest, WIDTHS[1:], strict=True)
    )
    return line


def bench_large(code: str, count: int, exes: dict[str, Path], small: Small | None,
                report: Report) -> None:  # fmt: skip
    ours_s, seq = once(lambda: heaps.compute(code, count - 1, kernel="sparse"))
    c_s, c_hash = run_c(exes["octal_sparse"], code, count)
    agree = report.agree(f"{code} at {power(count)} (C sparse)", hash_of(seq.values) == c_hash)
    grow = (count / SMALL) ** 2
    plain = seconds(small.plain_s * grow, est=True) if small else "n/a"
    naive = seconds(small.naive_s * grow, est=True) if small else "n/a"
    cells = (code, power(count), seconds(ours_s), rate(count, ours_s), seconds(c_s),
             rate(count, c_s), f"{c_s / ours_s:.2f}", plain, naive)  # fmt: skip
    print(f"{table_row(cells)}   {agree}", flush=True)
    kernel_note = f"kernel {seconds(seq.seconds)}, {seq.rare_count:,} rare"
    if seq.periodicity and seq.periodicity.certified:
        kernel_note += f", period {seq.periodicity.period:,} certified"
    print(f"   {'':<{WIDTHS[0]}}{'':>{WIDTHS[1]}}  ({kernel_note})", flush=True)
    limit = C_GOALS.get((code, count))
    if limit is not None:
        report.goal(
            f"{code} to {power(count)}: at most {limit:g}x the C reference's time",
            ours_s <= limit * c_s,
            f"{ours_s / c_s:.2f}x ({seconds(ours_s)} vs C {seconds(c_s)})",
        )


# ----------------------------------------------------------------- 4. 0.354
def bench_period(report: Report) -> None:
    section(f"4. {PERIOD_CODE}: find_period(max_values={PERIOD_MAX_VALUES:,})")
    took, seq = once(lambda: heaps.find_period(PERIOD_CODE, max_values=PERIOD_MAX_VALUES))
    found = seq.periodicity
    certified = bool(found and found.certified)
    pre, period = (found.preperiod, found.period) if found else (None, None)
    print(
        f"   {took:.1f} s (kernel {seq.seconds:.1f} s), {len(seq.values):,} values, "
        f"certified={certified}, preperiod={pre}, period={period} "
        f"(expected {PERIOD_EXPECTED[0]:,}, {PERIOD_EXPECTED[1]:,}), "
        f"{seq.rare_count:,} rare",
        flush=True,
    )
    expected = certified and (pre, period) == PERIOD_EXPECTED
    if not expected:
        report.disagreements.append(f"{PERIOD_CODE} period {found} is not the expected one")
    report.goal(
        f"{PERIOD_CODE}: period certified in under {PERIOD_GOAL_S:g} s",
        certified and took < PERIOD_GOAL_S,
        f"{took:.1f} s, certified={certified}, preperiod {pre}, period {period}",
    )


# ----------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="only the 2^20 sizes, and skip 0.354")  # fmt: skip
    parser.add_argument("--only", nargs="+", choices=GAMES, metavar="NAME",
                        help=f"only these games ({', '.join(GAMES)})")  # fmt: skip
    args = parser.parse_args(argv)
    games = args.only or list(GAMES)
    report = Report([], [])
    began = time.perf_counter()
    print(
        f"grundy.heaps benchmark{' (--quick)' if args.quick else ''}; "
        f"C reference from {BENCH_DIR}; every run on one core, one after the other"
    )

    cold, warm = bench_compile()
    report.goal("compile time reported separately", None,
                f"cold {seconds(cold)}, warm {seconds(warm)}")  # fmt: skip
    print(f"   this run: kernels loaded (or compiled) in {seconds(warm_up())}, not counted")

    with tempfile.TemporaryDirectory(prefix="grundy-bench-") as workdir:
        exes = build_c(Path(workdir))
        smalls: dict[str, Small] = {}
        section(f"2. At {power(SMALL)} values: sparse, plain, C, and naive Python from "
                f"{' and '.join(map(power, NAIVE_SIZES))}")  # fmt: skip
        for code in LARGE_SIZES:
            if code in games:
                smalls[code] = bench_small(code, exes, report)

        if smalls:
            section(
                "3. Large sizes: heaps.compute(code, N - 1, kernel='sparse') beside C "
                "octal_sparse (C/ours > 1: ours faster); plain and naive Python est. by n^2"
            )
            print(table_row(HEADS))
            print("   " + "-" * (sum(WIDTHS) + 15))  # and the agreement column
            for code in smalls:
                for count in LARGE_SIZES[code]:
                    if args.quick and count > 2**20:
                        continue
                    bench_large(code, count, exes, smalls[code], report)

    if PERIOD_CODE in games and not args.quick:
        bench_period(report)

    section("Summary")
    for name, met, numbers in report.goals:
        verdict = "info" if met is None else "met" if met else "NOT MET"
        print(f"   [{verdict:>7}] {name}: {numbers}")
    if report.disagreements:
        print("   VALUES DISAGREE: " + "; ".join(report.disagreements))
    else:
        print("   all values agree (ours, plain kernel, naive Python, C hashes)")
    print(f"\ntotal run time {time.perf_counter() - began:.0f} s")
    return 1 if report.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
