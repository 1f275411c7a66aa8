"""Finding the pattern (``grundy.patterns``) against computing the table it is found from,
timed in the same run.

Run by hand (not a test)::

    python benchmarks/patterns.py                 # every case, about 80 s on 2 cores
    python benchmarks/patterns.py --quick         # smaller tables, about 30 s
    python benchmarks/patterns.py --only lasker wythoff

Each case is an acceptance case of issue 22 ("find the pattern"). grundy's side is
``find_patterns`` on a fresh game given by its rules: the values computed by the generic
solver (``use_formula=False``), the search of formulas that fit them (expressions,
periods, arithmetic periods, recurrences on n // 2; in two dimensions also the
P-positions and the rows), the mex check of every formula found against the rules, and
the theorem named when one proves it. The baseline is the plain computation of the same
table: the values alone, by the hand-written mex DP written below for each game, as a
contestant writes it before looking for the pattern by eye. Each pair of tables is
checked to agree, and each pattern found to be the expected one.

The ratio is find time / DP time: what finding, checking and proving the pattern costs
over computing the values alone (the time a person spends looking at the table is not
counted). The peak MiB column is tracemalloc's peak of the find and of the DP, each in a
run of its own. A note under each row splits the find time into the values computed from
the rules (the generic solver on a fresh game) and the rest, and gives the pattern found.
Coin games are searched coin by coin (``single_coin_game()``). Nim and Wythoff are
searched on 64 x 64 tables (issue 22: seconds, not minutes), Turning Corners on 32 x 32
(its coin (a, b) has a·b options). The last rows answer a heap of 10^18 through the
pattern (``with_formula``), where no table reaches.
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from _timing import REPEAT_UP_TO_S, measure, note, seconds, section

from grundy import ImpartialGame
from grundy.core.errors import InvalidPositionError
from grundy.games import (
    Bash,
    GrundysGame,
    King,
    Knight,
    LaskersNim,
    LiegesOfLegendre,
    MockTurtles,
    Nim,
    Ruler,
    TurningCorners,
    Wythoff,
)
from grundy.patterns import PatternReport, find_patterns, with_formula

LABEL = 46
HUGE = 10**18


class ED(ImpartialGame[tuple[int, int]]):
    """E&D as a contestant writes it (docs/examples/two_piles.py): piles of at least 1."""

    def check_position(self, position: Any) -> tuple[int, int]:
        if position[0] < 1 or position[1] < 1:
            raise InvalidPositionError(f"E&D has piles of at least 1, not {position}")
        return position

    def moves(self, position: tuple[int, int]) -> list[tuple[int, int]]:
        return [(i, pile - i) for pile in position for i in range(1, pile)]


# ----------------------------------------------------------------- the baselines
def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def dp_bash(k: int, upto: int) -> list[int]:
    """Take 1..k: g[n] = mex g[n - 1 .. n - k]."""
    g: list[int] = []
    for n in range(upto):
        g.append(mex({g[n - s] for s in range(1, k + 1) if s <= n}))
    return g


def dp_lasker(upto: int) -> list[int]:
    """Take any number, or split a heap into two non-empty heaps (快快编程 1745)."""
    g: list[int] = []
    for n in range(upto):
        seen = set(g[:n])
        seen.update(g[a] ^ g[n - a] for a in range(1, n // 2 + 1))
        g.append(mex(seen))
    return g


def dp_lieges(k: int, upto: int) -> list[int]:
    """Remove a plate, or a heap of 2x plates becomes k heaps of x (Codeforces 603C)."""
    g: list[int] = []
    for n in range(upto):
        seen = {g[n - 1]} if n else set()
        if n >= 2 and n % 2 == 0:
            seen.add(g[n // 2] if k % 2 else 0)  # k equal heaps: XOR of k copies
        g.append(mex(seen))
    return g


def dp_ruler(upto: int) -> list[int]:
    """Coins 1..upto; coin n turns with the coins start..n - 1 for some start."""
    g = [0]  # no coin 0
    for n in range(1, upto + 1):
        seen, run = set(), 0
        for start in range(n, 0, -1):  # the run start..n-1, grown leftwards
            seen.add(run)
            run ^= g[start - 1] if start > 1 else 0
        g.append(mex(seen))
    return g[1:]


def dp_mock_turtles(upto: int) -> list[int]:
    """Coins 0..upto - 1; coin n turns with up to two lower coins."""
    g: list[int] = []
    for n in range(upto):
        seen = {0}
        for b in range(n):
            seen.add(g[b])
            seen.update(g[a] ^ g[b] for a in range(b))
        g.append(mex(seen))
    return g


def dp_grundys_game(upto: int) -> list[int]:
    """Split a heap into two unequal non-empty heaps."""
    g: list[int] = []
    for n in range(upto):
        g.append(mex({g[a] ^ g[n - a] for a in range(1, (n + 1) // 2)}))
    return g


def dp_nim2(upto: int) -> list[list[int]]:
    """Two heaps (a, b): take from one."""
    g = [[0] * upto for _ in range(upto)]
    for a in range(upto):
        for b in range(upto):
            seen = {g[x][b] for x in range(a)} | {g[a][y] for y in range(b)}
            g[a][b] = mex(seen)
    return g


def dp_wythoff(upto: int) -> list[list[int]]:
    """Two heaps (a, b): take from one, or the same number from both."""
    g = [[0] * upto for _ in range(upto)]
    for a in range(upto):
        for b in range(upto):
            seen = {g[x][b] for x in range(a)} | {g[a][y] for y in range(b)}
            seen.update(g[a - d][b - d] for d in range(1, min(a, b) + 1))
            g[a][b] = mex(seen)
    return g


def dp_turning_corners(upto: int) -> list[list[int]]:
    """Coins (a, b) from 1; a move turns the corners (a', b'), (a', b), (a, b') too."""
    g = [[0] * (upto + 1) for _ in range(upto + 1)]  # row and column 0: no coin, value 0
    for a in range(1, upto + 1):
        for b in range(1, upto + 1):
            g[a][b] = mex({g[x][y] ^ g[x][b] ^ g[a][y] for x in range(a) for y in range(b)})
    return [row[1:] for row in g[1:]]


def dp_steps(steps: tuple[tuple[int, int], ...], upto: int) -> list[list[int]]:
    """A piece moved by `steps` in the quadrant, diagonal by diagonal (a + b = 0, 1, ...):
    every step lowers a + b; a knight may step beyond the square, so the DP goes there."""
    g: dict[tuple[int, int], int] = {}
    for total in range(2 * upto):
        for a in range(total + 1):
            b = total - a
            g[a, b] = mex({g[a + x, b + y] for x, y in steps if a + x >= 0 and b + y >= 0})
    return [[g[a, b] for b in range(upto)] for a in range(upto)]


def dp_ed(upto: int) -> list[list[int]]:
    """E&D (SDOI2009), piles from 1: drop one pile, split the other into two non-empty."""
    g: dict[tuple[int, int], int] = {}
    for total in range(2, 2 * upto + 1):
        for a in range(max(1, total - upto), min(total - 1, upto) + 1):
            b = total - a
            g[a, b] = mex({g[i, p - i] for p in (a, b) for i in range(1, p)})
    return [[g[a, b] for b in range(1, upto + 1)] for a in range(1, upto + 1)]


# ----------------------------------------------------------------- the cases
@dataclass(frozen=True)
class Case:
    name: str
    label: str
    make: Callable[[], Any]  # a fresh game: nothing valued yet
    dims: int
    upto: tuple[int, int]  # (full, --quick)
    dp: Callable[[int], list[Any]]
    expect: Callable[[PatternReport], bool]  # the pattern found is the expected one
    first: int = 0  # the first index along each variable (coins are numbered from 1)


def formula_is(text: str) -> Callable[[PatternReport], bool]:
    return lambda report: report.best is not None and report.best.formula == text


def kind_is(kind: str) -> Callable[[PatternReport], bool]:
    return lambda report: report.best is not None and report.best.kind == kind


def beatty_and_rows(report: PatternReport) -> bool:
    p_positions = report.p_positions
    return bool(p_positions) and p_positions[0].kind == "beatty" and bool(report.rows)


def proved_by_region(report: PatternReport) -> bool:
    best = report.best
    return best is not None and best.kind == "piecewise-periodic" and not best.conjectural


def nothing_found(report: PatternReport) -> bool:
    return report.patterns == () and bool(report.gave_up)


CASES = [
    Case("bash", "Bash(3): n % 4", lambda: Bash(3), 1, (128, 64), lambda n: dp_bash(3, n),
         expect=formula_is("n % 4")),
    Case("lasker", "Lasker's Nim: 4k+3 <-> 4k+4", LaskersNim, 1, (128, 64), dp_lasker,
         expect=kind_is("arithmetic-periodic")),
    Case("ruler", "Ruler, one coin: lowbit(n)", lambda: Ruler().single_coin_game(), 1,
         (128, 64), dp_ruler, expect=formula_is("lowbit(n)"), first=1),
    Case("mock-turtles", "Mock Turtles, one coin: odious",
         lambda: MockTurtles().single_coin_game(), 1, (128, 64), dp_mock_turtles,
         expect=formula_is("2*n + evil(n)")),
    Case("nim", "two-heap Nim: a ^ b", Nim, 2, (64, 32), dp_nim2, expect=formula_is("a ^ b")),
    Case("lieges3", "Lieges of Legendre k = 3: on n // 2", lambda: LiegesOfLegendre(3), 1,
         (128, 64), lambda n: dp_lieges(3, n), expect=kind_is("halving")),
    Case("lieges4", "Lieges of Legendre k = 4: period 2", lambda: LiegesOfLegendre(4), 1,
         (128, 64), lambda n: dp_lieges(4, n), expect=kind_is("periodic")),
    Case("wythoff", "Wythoff: Beatty P-positions, rows", Wythoff, 2, (64, 32), dp_wythoff,
         expect=beatty_and_rows),
    Case("turning-corners", "Turning Corners, one coin: a ⊗ b",
         lambda: TurningCorners().single_coin_game(), 2, (32, 16), dp_turning_corners,
         expect=formula_is("nim_mul(a, b)"), first=1),
    Case("grundys-game", "Grundy's game: no pattern, gives up", GrundysGame, 1, (128, 64),
         dp_grundys_game, expect=nothing_found),
    Case("ed", "E&D: trailing_ones(a - 1 | b - 1)", lambda: ED(), 2, (64, 32), dp_ed,
         expect=formula_is("trailing_ones(a - 1 | b - 1)"), first=1),
    Case("king", "king: by region, proved by the window", King, 2, (64, 32),
         lambda n: dp_steps(King().steps, n), expect=proved_by_region),
    Case("knight", "knight: by region, proved by the window", Knight, 2, (64, 32),
         lambda n: dp_steps(Knight().steps, n), expect=proved_by_region),
]  # fmt: skip


def peak_mib(call: Callable[[], object]) -> float:
    """The peak of memory traced by tracemalloc during call(), in MiB."""
    tracemalloc.start()
    try:
        call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 2**20


def values_by_rules(case: Case, upto: int) -> None:
    """What find_patterns computes first: the table by the generic solver, fresh game."""
    game, first = case.make(), case.first
    if case.dims == 1:
        for n in range(first, first + upto):
            game.grundy(game.position_at(n), use_formula=False)
        return
    for a in range(first, first + upto):
        for b in range(first, first + upto):
            game.grundy(game.position_at(a, b), use_formula=False)


def header() -> None:
    print(f"{'case':<{LABEL}}{'find':>10}{'DP table':>11}{'find/DP':>9}{'peak MiB':>15}")
    print("-" * (LABEL + 45))


def row(label: str, find_s: float, dp_s: float | None, memory: str) -> None:
    ratio = f"{find_s / dp_s:,.0f}×" if dp_s else ""
    dp = seconds(dp_s) if dp_s is not None else "n/a"
    print(f"{label:<{LABEL}}{seconds(find_s):>10}{dp:>11}{ratio:>9}{memory:>15}", flush=True)


def bench_case(case: Case, quick: bool) -> float:
    upto = case.upto[1] if quick else case.upto[0]
    size = f"n < {upto}" if case.dims == 1 else f"{upto} × {upto}"
    find_s, report = measure(lambda: find_patterns(case.make(), dims=case.dims, upto=upto))
    dp_s, table = measure(lambda: case.dp(upto))
    rules_s, _ = measure(lambda: values_by_rules(case, upto))
    find_mib = peak_mib(lambda: find_patterns(case.make(), dims=case.dims, upto=upto))
    dp_mib = peak_mib(lambda: case.dp(upto))
    got = [list(r) for r in report.values] if case.dims == 2 else list(report.values)
    assert got == table, f"{case.name}: the tables differ"
    assert case.expect(report), f"{case.name}: unexpected pattern: {report.message()}"
    row(f"{case.label} ({size})", find_s, dp_s, f"{find_mib:.1f} / {dp_mib:.2f}")
    note(
        f"of which the values from the rules (generic solver): {seconds(rules_s)}; "
        f"the search, mex checks and theorems: {seconds(max(0.0, find_s - rules_s))}"
    )
    note(_shorten(report.message()))
    for p_set in report.p_positions[:1]:
        note(f"P-positions: {p_set.text}")
    if report.rows and case.name == "wythoff":
        example = next((r for r in report.rows if r.periodicity.period > 1), report.rows[0])
        note(f"{len(report.rows)} rows additively periodic, e.g. {example.text}")
    return find_s


def _shorten(text: str, width: int = 150) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def bench_huge(quick: bool) -> None:
    section("answers at 10^18 through the pattern found (with_formula, fresh game; no DP reaches)")
    upto = 64 if quick else 128
    for label, make, dims, position in [
        ("Lasker's Nim, heap 10^18", LaskersNim, 1, HUGE),
        ("Lieges k = 3, heap 10^18", lambda: LiegesOfLegendre(3), 1, HUGE),
        ("Lasker's Nim, heaps 10^18, 10^18 + 1, 7", LaskersNim, 1, (HUGE, HUGE + 1, 7)),
        ("two-heap Nim, heaps (10^18, 3)", Nim, 2, (HUGE, 3)),
    ]:
        best = find_patterns(make(), dims=dims, upto=upto if dims == 1 else 16).best
        assert best is not None

        def answer(make=make, best=best, position=position) -> int:
            return with_formula(make(), best).grundy(position)

        huge_s, value = measure(answer)
        memory = peak_mib(answer)
        row(f"   {label}", huge_s, None, f"{memory:.3f}")
        how = "conjectural" if best.conjectural else "proved"
        note(f"with_formula(game, best).grundy(...) = {value} ({how})")


def main(argv: list[str] | None = None) -> None:
    names = [case.name for case in CASES]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller tables")
    parser.add_argument("--only", nargs="+", choices=names, help="run only these cases")
    args = parser.parse_args(argv)
    print(
        f"grundy.patterns benchmark{' (--quick)' if args.quick else ''}; "
        "ratio = find time / DP time (what the search, checks and proofs cost over the values)"
    )
    print(f"times: best of 3 when a run takes <= {REPEAT_UP_TO_S:g} s, else a single run")
    print("peak MiB: tracemalloc, find / DP, each in a run of its own\n")
    start = time.perf_counter()
    warm_s = time.perf_counter()
    find_patterns(Bash(2), upto=16)  # numpy and the nimber tables load once
    find_patterns(Nim(), dims=2, upto=4)
    print(f"first call (imports, tables; not counted): {seconds(time.perf_counter() - warm_s)}\n")
    header()
    times = {}
    for case in CASES:
        if args.only is None or case.name in args.only:
            times[case.name] = bench_case(case, args.quick)
    if args.only is None:
        bench_huge(args.quick)
    two_d = [n for n in ("nim", "wythoff", "ed", "king", "knight") if n in times]
    if two_d and not args.quick:
        each = ", ".join(f"{n} {seconds(times[n])}" for n in two_d)
        print(f"\n2-D search over a 64 × 64 table (issues 22, 33: seconds): {each}")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"\nprocess peak memory (max RSS) {rss:,.0f} MiB")
    print(f"total run time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
