"""Timing helpers shared by the benchmark scripts (run as ``python benchmarks/NAME.py``)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Mapping
from typing import TypeVar

T = TypeVar("T")

#: A call this fast is repeated and the best of 3 counts.
REPEAT_UP_TO_S = 1.0


def measure(func: Callable[[], T]) -> tuple[float, T]:
    """Time func(): best of 3 runs if one takes at most 1 s, else that single run."""
    start = time.perf_counter()
    result = func()
    best = time.perf_counter() - start
    if best <= REPEAT_UP_TO_S:
        for _ in range(2):
            start = time.perf_counter()
            result = func()
            best = min(best, time.perf_counter() - start)
    return best, result


# ----------------------------------------------------------------- printed tables
def seconds(value: float | None) -> str:
    """A duration for a table cell: µs, ms or s; ``n/a`` for no measurement."""
    if value is None:
        return "n/a"
    if value < 1e-3:
        return f"{value * 1e6:.0f} µs"
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"


def ratio(grundy_s: float, base_s: float | None) -> str:
    """How many times faster grundy is than the baseline (empty without one)."""
    if base_s is None:
        return ""
    r = base_s / grundy_s
    return f"{r:.2f}" if r < 10 else f"{r:,.0f}"


class Table:
    """Rows of ``case  grundy  baseline  ratio`` with a case column `label` wide."""

    def __init__(self, label: int) -> None:
        self.label = label

    def header(self) -> None:
        print(f"{'case':<{self.label}}{'grundy':>11}{'baseline':>11}{'ratio':>9}")
        print("-" * (self.label + 31))

    def row(self, label: str, grundy_s: float, base_s: float | None) -> None:
        line = f"{label:<{self.label}}{seconds(grundy_s):>11}{seconds(base_s):>11}"
        print(f"{line}{ratio(grundy_s, base_s):>9}".rstrip(), flush=True)


def section(title: str) -> None:
    print(title, flush=True)


def note(text: str) -> None:
    print(f"     {text}", flush=True)


def run_cases(
    doc: str,
    title: str,
    cases: Mapping[int, Callable[[int], None]],
    table: Table,
    argv: list[str] | None = None,
) -> None:
    """The command line of a benchmark of numbered cases: ``--only N...`` and ``--seed``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument(
        "--only", type=int, nargs="+", choices=sorted(cases), help="run only these cases"
    )
    parser.add_argument("--seed", type=int, default=2024, help="random seed")
    args = parser.parse_args(argv)
    print(f"{title}, seed {args.seed}; ratio = baseline time / grundy time (> 1: grundy faster)")
    print(f"times: best of 3 when a run takes <= {REPEAT_UP_TO_S:g} s, else a single run\n")
    table.header()
    start = time.perf_counter()
    for case in args.only or sorted(cases):
        cases[case](args.seed)
    print(f"\ntotal run time {time.perf_counter() - start:.0f} s")
