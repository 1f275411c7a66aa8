"""Partizan strip and graph games (Toads and Frogs, Hackenbush) against a plain recursion
over their options, timed in the same run.

Run by hand (not a test; pytest does not collect ``benchmarks/``)::

    python benchmarks/partizan_strips.py             # every case, about a minute on 2 cores
    python benchmarks/partizan_strips.py --only 1    # some of them

grundy's side is ``game.value(position)`` on a fresh game (its memo of positions starts
empty): the components hook (Toads and Frogs split at frozen creatures, Hackenbush at the
ground), the canonical hook (Hackenbush trees stored once for all isomorphic copies), the
negative hook (a Toads and Frogs strip whose mirror image is known), and the formulas
(one-sided strips; Hackenbush trees by ordinal sums, Blue-Red trees in arithmetic; green
graphs by the colon and fusion principles of ``GreenHackenbush``). The baseline is the
plain recursion below: the canonical form of the options' values, memoised per position,
no hook, no formula. Both sides share grundy.partizan's tables of canonical
forms, sums and comparisons (warm after the first run), so the ratio measures the search
and the hooks, not the arithmetic of games. Answers are checked to agree.

1. Toads and Frogs: CGSuite's ``ttttt..fffff`` and the next two sizes; the positions
   grundy stores, those it takes as negatives of stored ones, and the positions reachable
   (what the plain recursion values).
2. Hackenbush trees: random Blue-Red and Blue-Red-Green trees of 18 edges (grundy's
   formula, and its search with the hooks only, ``use_formula=False``); a Blue-Red tree of
   10^4 edges and a green tree of 10^5 edges, which no search could value.
3. Hackenbush graphs with cycles: searched by grundy (parts that are trees by formula)
   against the plain recursion.

Times: best of 3 when a run takes at most 1 s, else one run. peak MiB: tracemalloc's peak
in a run of its own (grundy / baseline).
"""

from __future__ import annotations

import random
import tracemalloc
from collections.abc import Callable, Hashable
from typing import Any

from _timing import measure, note, run_cases, seconds, section

from grundy.games import GreenHackenbush
from grundy.partizan import CanonicalGame, game, nimber
from grundy.partizan.games import Hackenbush, ToadsAndFrogs

LABEL = 50


class PeakTable:
    """Rows of ``case  grundy  baseline  ratio  peak MiB``."""

    def header(self) -> None:
        print(f"{'case':<{LABEL}}{'grundy':>11}{'baseline':>11}{'ratio':>9}{'peak MiB':>16}")
        print("-" * (LABEL + 47))


def row(label: str, ours_s: float, base_s: float | None, ours_mib: float, base_mib: float | None):
    ratio = "" if base_s is None else f"{base_s / ours_s:,.2f}"
    memory = f"{ours_mib:.1f}" + ("" if base_mib is None else f" / {base_mib:.1f}")
    line = f"{label:<{LABEL}}{seconds(ours_s):>11}{seconds(base_s):>11}{ratio:>9}{memory:>16}"
    print(line.rstrip(), flush=True)


def peak_mib(func: Callable[[], Any]) -> float:
    """tracemalloc's peak while func() runs, in MiB."""
    tracemalloc.start()
    try:
        func()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def plain_value(rules: Any, position: Hashable) -> CanonicalGame:
    """The baseline: canonical forms from the options alone, memoised per position."""
    memo: dict[Hashable, CanonicalGame] = {}

    def value(p: Hashable) -> CanonicalGame:
        found = memo.get(p)
        if found is None:
            left = [value(o) for o in rules.left_options(p)]
            found = memo[p] = game(left, [value(o) for o in rules.right_options(p)])
        return found

    return value(position)


def count_reachable(rules: Any, position: Hashable) -> int:
    """The positions reachable by any moves of either player (the plain recursion's)."""
    seen = {position}
    todo = [position]
    while todo:
        p = todo.pop()
        for o in [*rules.left_options(p), *rules.right_options(p)]:
            if o not in seen:
                seen.add(o)
                todo.append(o)
    return len(seen)


def compare(label: str, ours: Callable[[], Any], base: Callable[[], Any] | None) -> None:
    ours_s, value = measure(ours)
    base_s = base_mib = None
    if base is not None:
        base_s, expected = measure(base)
        assert value is expected, (label, str(value), str(expected))
        base_mib = peak_mib(base)
    row(label, ours_s, base_s, peak_mib(ours), base_mib)


# ----------------------------------------------------------------- 1. Toads and Frogs
def bench_toads(seed: int) -> None:
    section("1. Toads and Frogs: value of T^n..F^n / plain recursion")
    for n in (5, 6, 7):
        strip = "T" * n + ".." + "F" * n
        compare(
            f"   {strip}",
            lambda strip=strip: ToadsAndFrogs().value(strip),
            lambda strip=strip: plain_value(ToadsAndFrogs(), strip),
        )
        rules = ToadsAndFrogs()
        rules.value(strip)
        mirrored = sum(rules.formula(p) is None for p in rules._aliases)  # the rest: formula
        note(
            f"{rules.positions:,} stored by grundy (+ {mirrored:,} negatives), "
            f"{count_reachable(rules, strip):,} reachable"
        )


# ----------------------------------------------------------------- 2. trees
def random_tree(rng: random.Random, edges: int, colours: str) -> tuple:
    return Hackenbush().check_position(
        [(rng.randrange(i), i, rng.choice(colours)) for i in range(1, edges + 1)]
    )


def bench_trees(seed: int) -> None:
    section("2. Hackenbush trees / plain recursion")
    rng = random.Random(seed)
    for colours, name in (("lr", "Blue-Red"), ("lre", "Blue-Red-Green"), ("e", "green")):
        tree = random_tree(rng, 18, colours)
        compare(
            f"   {name} tree, 18 edges: formula",
            lambda tree=tree: Hackenbush().value(tree),
            lambda tree=tree: plain_value(Hackenbush(), tree),
        )
        searched = Hackenbush(use_formula=False)
        compare(
            f"   {name} tree, 18 edges: search with hooks",
            lambda tree=tree: Hackenbush(use_formula=False).value(tree),
            lambda tree=tree: plain_value(Hackenbush(), tree),
        )
        searched.value(tree)
        note(f"{searched.positions:,} trees stored (isomorphic ones once)")
    big = random_tree(rng, 10_000, "lr")
    compare("   Blue-Red tree, 10^4 edges: formula", lambda: Hackenbush().value(big), None)
    green = [(rng.randrange(i), i) for i in range(1, 100_001)]
    colored = Hackenbush().check_position(green)
    ours_s, value = measure(lambda: Hackenbush().value(colored))
    base_s, sg = measure(lambda: GreenHackenbush().grundy(green))
    assert value is nimber(sg)
    row(
        "   green tree, 10^5 edges / GreenHackenbush itself",
        ours_s,
        base_s,
        peak_mib(lambda: Hackenbush().value(colored)),
        peak_mib(lambda: GreenHackenbush().grundy(green)),
    )


# ----------------------------------------------------------------- 3. cycles
def bench_cycles(seed: int) -> None:
    section("3. Hackenbush graphs with cycles / plain recursion")
    rng = random.Random(seed)
    cases = [("four blue-red paths to one vertex", "(lr:B;rl:B;lr:B;rl:B)")]
    edges = [(rng.randrange(i), i, rng.choice("lre")) for i in range(1, 7)]  # connected
    edges += [(rng.randrange(7), rng.randrange(7), rng.choice("lre")) for _ in range(7)]
    cases.append(("random graph, 13 edges on 7 vertices", Hackenbush().format_position(edges)))
    cases.append(("blue-red flower of 3 petals on a green stalk", "ee:A(lrl:A;rlr:A;lrel:A)"))
    for name, text in cases:
        position = Hackenbush().check_position(text)
        compare(
            f"   {name}",
            lambda position=position: Hackenbush().value(position),
            lambda position=position: plain_value(Hackenbush(), position),
        )
        rules = Hackenbush()
        rules.value(position)
        note(
            f"{len(position)} edges; {rules.positions:,} stored by grundy, "
            f"{count_reachable(rules, position):,} reachable"
        )


if __name__ == "__main__":
    run_cases(
        __doc__ or "",
        "Partizan strip and graph games",
        {1: bench_toads, 2: bench_trees, 3: bench_cycles},
        PeakTable(),  # type: ignore[arg-type]
    )
