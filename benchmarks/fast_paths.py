"""Fast paths the tests check by work done, timed here against a baseline in the same run.

Run by hand (not a test; pytest does not collect ``benchmarks/``)::

    python benchmarks/fast_paths.py              # all nine cases, about a minute on 2 cores
    python benchmarks/fast_paths.py --only 2 9   # some of them

The tests of these fast paths assert the work they skip (no option listed, no value
searched, lines of Python per edge or heap, kernel runs), never the clock, so that they
pass on a busy machine; the times are here. Each row times grundy and a baseline written
below, or grundy's generic search (``use_formula=False``), usually on a smaller input
named in the row, and prints the ratio baseline time / grundy time (above 1: grundy is
faster; where the baseline's input is smaller the true ratio is larger still). A run of
at most 1 s is repeated and the best of 3 counts; a slower one runs once. Answers are
checked to agree where both sides compute one.

1. Wythoff's game: the SG value of (10^6, 10^6 + 5) is refused at once (no closed form,
   10^12 positions), against the generic search of (40, 45).
2. Moore's Nim_3: one winning move for 10^5 heaps below 10^18 (Moore's construction, in
   string operations) against the bit counts of Moore's criterion in a Python loop;
   searches and listings refused at once against the generic search of (6, 7, 8).
3. Fibonacci Nim: the SG value of heap 10^100 + 1 refused at once, against the generic
   search of heap 300.
4. Green Hackenbush: a random tree of 10^5 edges against adjacency lists and the colon
   principle in Python; the 200 x 200 grid against the generic search of the 3 x 4 grid.
5. Lieges of Legendre: heaps 10^9, 10^100 and 2^300 for five k, against the recursion
   one halving at a time; 10^5 heaps near 10^9 against the same recursion per heap.
6. Lasker's Nim: values and winning moves of heaps near 10^100 against the generic
   search of heap 400; 2^29 splits refused against listing 2^15 of them; split-or-take
   searches refused against the generic search of SplitOrTake(3) on heap 40.
7. Chomp: the 10 x 10 board against a memoised win/lose recursion over Young diagrams;
   boards far too big refused at once against the search of the 8 x 8 board.
8. Octal games: huge heaps of Kayles from the certified period (on a new game, and once
   the period is known), and refusals where no period is known, against the generic
   search of heap 600.
9. Tokens on a random DAG, 2 x 10^5 vertices and 10^6 edges: the numpy build and the
   compiled kernel against the same class's pure-Python path on the same edges (the
   numba compile or cache load happens before and is not counted).
"""

from __future__ import annotations

import functools
import operator
import random
import sys
import time
from collections.abc import Callable

import networkx as nx
from _timing import Table, measure, note, run_cases, seconds, section

import grundy as gr
from grundy.games import (
    Chomp,
    DigraphGame,
    FibonacciNim,
    GreenHackenbush,
    GrundysGame,
    LaskersNim,
    LiegesOfLegendre,
    MooreNim,
    OctalGame,
    SplitOrTake,
    Wythoff,
)

LABEL = 62
_TABLE = Table(LABEL)
row = _TABLE.row


def refused(*calls: Callable[[], object]) -> Callable[[], int]:
    """A function making every call, each of which must raise PositionLimitError."""

    def run() -> int:
        for call in calls:
            try:
                call()
            except gr.PositionLimitError:
                continue
            raise AssertionError(f"{call} was not refused")
        return len(calls)

    return run


# ----------------------------------------------------------------- 1. Wythoff
def bench_wythoff(seed: int) -> None:
    section("1. Wythoff's game")
    ours_s, _ = measure(refused(lambda: Wythoff().grundy((10**6, 10**6 + 5))))
    base_s, value = measure(lambda: Wythoff().grundy((40, 45), use_formula=False))
    assert value == Wythoff().grundy((40, 45))
    row("   grundy((10^6, 10^6 + 5)) refused / search of (40, 45)", ours_s, base_s)


# ----------------------------------------------------------------- 2. Moore
def moore_bit_counts(heaps: tuple[int, ...], k: int) -> bool:
    """Moore's criterion as first written: count each bit over the heaps, in Python."""
    width = max(heaps).bit_length()
    counts = [0] * width
    for h in heaps:
        bit = 0
        while h:
            counts[bit] += h & 1
            h >>= 1
            bit += 1
    return all(c % (k + 1) == 0 for c in counts)


def bench_moore(seed: int) -> None:
    section("2. Moore's Nim")
    rng = random.Random(seed)
    heaps = tuple(rng.randrange(10**18) for _ in range(100_000))
    game = MooreNim(3)
    ours_s, move = measure(lambda: game.winning_move(heaps))
    base_s, is_p = measure(lambda: moore_bit_counts(heaps, 3))
    assert not is_p and moore_bit_counts(move, 3)
    row("   winning_move, 10^5 heaps < 10^18 / bit counts in Python", ours_s, base_s)
    small = MooreNim(2)
    ours_s, _ = measure(
        refused(
            lambda: small.grundy((10**18, 5, 6)),
            lambda: small.winning_moves((10**18, 5, 6)),
            lambda: small.winning_moves(tuple(range(1, 2000))),
        )
    )
    base_s, _ = measure(lambda: MooreNim(2).grundy((6, 7, 8), use_formula=False))
    row("   3 searches and listings refused / search of (6, 7, 8)", ours_s, base_s)


# ----------------------------------------------------------------- 3. Fibonacci Nim
def bench_fibonacci(seed: int) -> None:
    section("3. Fibonacci Nim")
    ours_s, _ = measure(refused(lambda: FibonacciNim().grundy(10**100 + 1)))
    base_s, value = measure(lambda: FibonacciNim().grundy(300, use_formula=False))
    assert value == FibonacciNim().grundy(300)
    row("   grundy(10^100 + 1) refused / search of heap 300", ours_s, base_s)


# ----------------------------------------------------------------- 4. Hackenbush
def colon_principle(edges: list[tuple[int, int]], ground: int = 0) -> int:
    """A tree given by its edges: adjacency lists, a depth-first order from the ground,
    then each vertex worth the XOR of (child + 1) over its children, leaves first."""
    adjacent: dict[int, list[int]] = {}
    for u, v in edges:
        adjacent.setdefault(u, []).append(v)
        adjacent.setdefault(v, []).append(u)
    parent = {ground: ground}
    order = [ground]
    for vertex in order:  # grows while it is read: breadth-first, parents first
        for w in adjacent.get(vertex, ()):
            if w not in parent:
                parent[w] = vertex
                order.append(w)
    value = dict.fromkeys(order, 0)
    for vertex in reversed(order[1:]):
        value[parent[vertex]] ^= value[vertex] + 1
    return value[ground]


def bench_hackenbush(seed: int) -> None:
    section("4. Green Hackenbush")
    rng = random.Random(seed)
    tree = [(rng.randrange(i), i) for i in range(1, 100_001)]
    ours_s, value = measure(lambda: GreenHackenbush().grundy(tree))
    base_s, expected = measure(lambda: colon_principle(tree))
    assert value == expected
    row("   random tree, 10^5 edges / colon principle in Python", ours_s, base_s)
    grid = nx.convert_node_labels_to_integers(nx.grid_2d_graph(200, 200))
    small = nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 4))
    ours_s, value = measure(lambda: GreenHackenbush().grundy(grid))
    base_s, small_value = measure(lambda: GreenHackenbush().grundy(small, use_formula=False))
    assert value == grid.number_of_edges() % 2
    assert small_value == GreenHackenbush().grundy(small)
    row("   200 x 200 grid (79,600 edges) / search of the 3 x 4 grid", ours_s, base_s)
    note("the search of a grid is exponential in its edges: 17 edges here")


# ----------------------------------------------------------------- 5. Lieges
def halving_recursion(k: int, n: int) -> int:
    """G(n) = mex{G(n - 1), split value}, following the even heaps one halving at a time
    (odd n >= 5 have value 0 for odd k; even k: 1 - n % 2 from n = 3)."""
    if k % 2 == 0:
        return n if n <= 2 else 1 - n % 2
    halvings = 0
    while n >= 5 and n % 2 == 0:
        n //= 2
        halvings += 1
    value = (0, 1, 0, 1, 2)[n] if n < 5 else 0
    for _ in range(halvings):
        value = 2 if value == 1 else 1  # mex{0, value} of an even heap above 4
    return value


def bench_lieges(seed: int) -> None:
    section("5. Lieges of Legendre")
    cases = [(k, n) for k in (1, 2, 3, 10**9, 10**9 - 1) for n in (10**9, 10**100, 2**300)]
    ours_s, values = measure(lambda: [LiegesOfLegendre(k).grundy(n) for k, n in cases])
    base_s, expected = measure(lambda: [halving_recursion(k, n) for k, n in cases])
    assert values == expected
    row("   15 huge heaps (to 2^300), five k / one halving at a time", ours_s, base_s)
    heaps = tuple(range(10**9 - 10**5, 10**9))
    game = LiegesOfLegendre(3)
    ours_s, value = measure(lambda: game.grundy(heaps))
    base_s, expected = measure(
        lambda: functools.reduce(operator.xor, (halving_recursion(3, h) for h in heaps))
    )
    assert value == expected
    row("   10^5 heaps near 10^9, k = 3 / the same recursion per heap", ours_s, base_s)


# ----------------------------------------------------------------- 6. Lasker
def bench_lasker(seed: int) -> None:
    section("6. Lasker's Nim and split-or-take")
    half = 5 * 10**99

    def huge() -> None:
        game = LaskersNim()
        assert game.grundy(10**100 + 3) == 10**100 + 4
        assert game.grundy(10**100 + 4) == 10**100 + 3
        assert game.winning_moves(10**100) == [0, gr.Sum(half, half)]
        assert game.winning_moves((10**18, 3 * 10**17)) == [(3 * 10**17, 3 * 10**17)]

    ours_s, _ = measure(huge)
    base_s, value = measure(lambda: LaskersNim().grundy(400, use_formula=False))
    assert value == LaskersNim().grundy(400)
    row("   2 values, 2 winning-move lists near 10^100 / search of 400", ours_s, base_s)
    value = 2**32 - 4  # 30 free bits: 2^29 splits
    ours_s, _ = measure(refused(lambda: LaskersNim().moves_to_value(value - 2 + 2**43, value)))
    small = 2**17 - 4  # 15 free bits: 2^15 splits of this value
    base_s, splits = measure(lambda: LaskersNim().moves_to_value(small - 2 + 2**28, small))
    row(f"   2^29 splits refused / listing {len(splits):,} splits", ours_s, base_s)
    note(f"listing all 2^29 would take about {base_s * 2**29 / len(splits):,.0f} s")
    ours_s, _ = measure(
        refused(
            lambda: SplitOrTake(3).grundy(10**6),
            lambda: LaskersNim().grundy(10**6, use_formula=False),
        )
    )
    base_s, _ = measure(lambda: SplitOrTake(3).grundy(40))
    row("   2 searches of heap 10^6 refused / SplitOrTake(3) heap 40", ours_s, base_s)


# ----------------------------------------------------------------- 7. Chomp
def chomp_wins(rows: tuple[int, ...]) -> bool:
    """Does the player to move win? Memoised over Young diagrams, first winning bite."""

    @functools.cache
    def wins(rows: tuple[int, ...]) -> bool:
        for r, length in enumerate(rows):
            for c in range(length):
                if r == 0 and c == 0:
                    continue  # the poison
                after = rows[:r] + tuple(x for x in (min(x, c) for x in rows[r:]) if x)
                if not wins(after):
                    return True
        return False  # only the poison is left

    return wins(rows)


def bench_chomp(seed: int) -> None:
    section("7. Chomp")
    board = (10,) * 10
    ours_s, outcome = measure(lambda: Chomp().outcome(board))
    base_s, first_wins = measure(lambda: chomp_wins(board))
    assert first_wins == (outcome is gr.Outcome.N)
    row("   10 x 10 board, outcome / memoised win-lose recursion", ours_s, base_s)
    ours_s, _ = measure(
        refused(
            lambda: Chomp().grundy((30,) * 30),
            lambda: Chomp().grundy((10**9,) * 10**5),
            lambda: Chomp().grundy((4000, 4000)),
            lambda: Chomp().limited_to(1000).winning_moves((8,) * 8),
            lambda: Chomp().outcome((10**6, 1, 1), misere=True),
        )
    )
    base_s, _ = measure(lambda: Chomp().grundy((8,) * 8))
    row("   5 boards refused (30 x 30, 10^5 x 10^9, ...) / search 8 x 8", ours_s, base_s)
    note("most of it is reading and checking the board of 10^5 rows")


# ----------------------------------------------------------------- 8. Octal games
def bench_octal(seed: int) -> None:
    section("8. Octal games, huge heaps")
    OctalGame("0.6").table(range(10))  # numba: compile or load the kernels, not counted
    base_s, value = measure(lambda: OctalGame("0.77").grundy(600, use_formula=False))
    assert value == OctalGame("0.77").grundy(600)
    ours_s, _ = measure(lambda: OctalGame("0.77").grundy(10**100))
    row("   Kayles heap 10^100, new game / search of heap 600", ours_s, base_s)
    note("a new game finds and certifies the period (12 from 71) first")
    kayles = OctalGame("0.77")
    kayles.grundy(10**100)

    def known() -> None:
        kayles.grundy((10**18, 10**18 + 1, 10**30))
        kayles.moves_to_value(10**18 + 2, 2)
        refused(
            lambda: kayles.winning_moves(10**18),
            lambda: kayles.grundy(10**9, use_formula=False),
        )()

    ours_s, _ = measure(known)
    row("   2 answers, 2 refusals, period known / search of heap 600", ours_s, base_s)
    ours_s, _ = measure(
        refused(
            lambda: GrundysGame().grundy(10**18),
            lambda: OctalGame("0.6").winning_moves((10**9, 3)),
            lambda: GrundysGame().is_p_position(10**12, misere=True),
        )
    )
    base_s, _ = measure(lambda: GrundysGame().grundy(600, use_formula=False))
    row("   3 refusals, new games / search of Grundy's game heap 600", ours_s, base_s)
    note("no period known: 2^16 values searched for one, for each new game")


# ----------------------------------------------------------------- 9. Digraph
def random_dag(n: int, m: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    order = list(range(n))
    rng.shuffle(order)
    edges = []
    for _ in range(m):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            edges.append((order[min(a, b)], order[max(a, b)]))
    return edges


def bench_digraph(seed: int) -> None:
    import grundy.games.digraph_rows as digraph

    section("9. Tokens on a random DAG, 2 x 10^5 vertices, 10^6 edges")
    edges = random_dag(200_000, 1_000_000, seed)
    start = time.perf_counter()
    DigraphGame(edges[:100_000]).values()
    note(f"numba compile or cache load, not counted: {seconds(time.perf_counter() - start)}")
    ours_s, values = measure(lambda: DigraphGame(edges).values())
    compiled_from = digraph.COMPILED_FROM
    digraph.COMPILED_FROM = sys.maxsize  # every graph on the pure-Python path
    try:
        base_s, expected = measure(lambda: DigraphGame(edges).values())
    finally:
        digraph.COMPILED_FROM = compiled_from
    assert values == expected
    row("   build and value every vertex / the pure-Python path", ours_s, base_s)


CASES = {
    1: bench_wythoff,
    2: bench_moore,
    3: bench_fibonacci,
    4: bench_hackenbush,
    5: bench_lieges,
    6: bench_lasker,
    7: bench_chomp,
    8: bench_octal,
    9: bench_digraph,
}


def main(argv: list[str] | None = None) -> None:
    run_cases(__doc__, "grundy fast paths", CASES, _TABLE, argv)


if __name__ == "__main__":
    main()
