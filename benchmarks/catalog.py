"""Catalog games against the code people write for them, timed in the same run.

Run by hand (not a test)::

    python benchmarks/catalog.py              # all six cases, about 40 s on 2 cores
    python benchmarks/catalog.py --only 1 5   # some of them

Each case times grundy's catalog game and a baseline written below on the same input and
prints both times and the ratio baseline time / grundy time (above 1: grundy is faster).
A run of at most 1 s is repeated and the best of 3 counts; a slower one runs once. Every
pair of answers is checked to agree.

1. Nim, 10^6 random heaps below 10^18: ``Nim().grundy`` and ``Nim().winning_heap_moves``
   (goal: well under a second) against ``functools.reduce(operator.xor)`` and a list
   comprehension of the moves (i, h ^ x) with h ^ x < h.
2. Wythoff's game, heaps near 10^100: outcome, winning moves and P-positions
   (``Wythoff``, ``wythoff_pair``: exact integer square roots) against the usual
   contest code with the golden ratio as a 250-digit ``decimal.Decimal``. Floats are
   simply wrong at this size: the script counts the P-positions they recognise.
3. Tokens on a random DAG, 10^5 vertices and 10^6 edges: ``DigraphGame(edges).values()``
   (the graph built from the edge list, then every SG value) against adjacency lists and
   a memoised recursion (recursion limit raised). The numba compile (or cache load) of
   the first big graph is reported apart and not counted.
4. Lieges of Legendre, k = 3: 10^5 random heaps valued by the O(log n) closed form
   against the lecture notes' DP table up to the largest heap, which is only feasible
   to about 10^7, so the ratio is for heaps up to 10^6; heaps up to 10^9 are timed for
   grundy alone.
5. Chomp, the full 8 x 8 and 10 x 10 boards: ``Chomp().outcome`` on a fresh game
   against a memoised win/lose recursion over Young diagrams (tuples of row lengths),
   which stops at the first winning bite, and the same recursion computing SG values.
6. Kayles, heaps 0..2000: ``OctalGame("0.77").table(range(2001))`` on a fresh game
   against a memoised mex over every split of the row; for reference, grundy's search
   by the generic solver (``use_formula=False``) on the same heaps.
"""

from __future__ import annotations

import decimal
import functools
import operator
import random
import sys
import time

import numpy as np
from _timing import Table, measure, note, run_cases, seconds, section

from grundy import Outcome
from grundy.games import Chomp, DigraphGame, LiegesOfLegendre, Nim, OctalGame, Wythoff
from grundy.games.wythoff import wythoff_pair

NIM_GOAL_S = 0.5
LABEL = 58
_TABLE = Table(LABEL)
row = _TABLE.row


# ----------------------------------------------------------------- 1. Nim
def bench_nim(seed: int) -> None:
    section("1. Nim, 10^6 random heaps < 10^18")
    rnd = random.Random(seed)
    heaps = [rnd.randrange(10**18) for _ in range(10**6)]

    def base_value() -> int:
        return functools.reduce(operator.xor, heaps)

    def base_moves() -> list[tuple[int, int]]:
        x = functools.reduce(operator.xor, heaps)
        return [(i, h ^ x) for i, h in enumerate(heaps) if h ^ x < h]

    b_value_s, b_value = measure(base_value)
    b_moves_s, b_moves = measure(base_moves)
    list_s, list_value = measure(lambda: Nim().grundy(heaps))
    tuple_s, tuple_value = measure(lambda: Nim().grundy(tuple(heaps)))
    moves_s, moves = measure(lambda: Nim().winning_heap_moves(heaps))
    assert list_value == tuple_value == b_value, (list_value, tuple_value, b_value)
    assert moves == b_moves, "winning moves differ"
    row("   Nim().grundy(heaps), heaps a list / reduce(xor)", list_s, b_value_s)
    row("   Nim().grundy(tuple(heaps)) / reduce(xor)", tuple_s, b_value_s)
    row("   Nim().winning_heap_moves(heaps) / list comprehension", moves_s, b_moves_s)
    verdict = ", ".join(
        f"{name} {'OK' if t < NIM_GOAL_S else 'MISSED'}"
        for name, t in [
            ("grundy(list)", list_s),
            ("grundy(tuple)", tuple_s),
            ("winning_heap_moves", moves_s),
        ]
    )
    note(f"{len(moves):,} winning moves; goal 'well under a second', taken as < {NIM_GOAL_S} s:")
    note(verdict)


# ----------------------------------------------------------------- 2. Wythoff
class DecimalWythoff:
    """The contest approach: floor(k phi) with phi a 250-digit Decimal."""

    def __init__(self, digits: int = 250) -> None:
        self.context = decimal.Context(prec=digits)
        five = self.context.sqrt(decimal.Decimal(5))
        self.phi = self.context.divide(self.context.add(1, five), 2)
        self.phi2 = self.context.add(self.phi, 1)  # phi^2 = phi + 1

    def floor_times_phi(self, k: int) -> int:
        return int(self.context.multiply(k, self.phi))  # int() floors a positive Decimal

    def pair(self, k: int) -> tuple[int, int]:
        lower = self.floor_times_phi(k)
        return lower, lower + k

    def partner(self, m: int) -> int:
        if m == 0:
            return 0
        k = int(self.context.divide(m, self.phi))  # m = floor(k phi), k = m / phi + O(1)
        for j in (k, k + 1):
            if self.floor_times_phi(j) == m:
                return m + j
        k = int(self.context.divide(m, self.phi2))  # m = floor(k phi^2)
        for j in (k, k + 1):
            if self.floor_times_phi(j) + j == m:
                return m - j
        raise AssertionError(f"no Wythoff pair contains {m}")

    def is_p(self, a: int, b: int) -> bool:
        if a > b:
            a, b = b, a
        return self.floor_times_phi(b - a) == a

    def winning_moves(self, a: int, b: int) -> list[tuple[int, int]]:
        found = []
        x = self.partner(b)
        if x < a:
            found.append((x, b))
        y = self.partner(a)
        if y < b:
            found.append((a, y))
        low = min(a, b)
        target = self.floor_times_phi(abs(a - b))
        if target < low:
            found.append((a - (low - target), b - (low - target)))
        return found


def bench_wythoff(seed: int) -> None:
    per_kind = 3000
    section(f"2. Wythoff's game, {3 * per_kind:,} positions with heaps near 10^100")
    rnd = random.Random(seed)
    ks = [rnd.randrange(3 * 10**99, 6 * 10**99) for _ in range(per_kind)]
    p_positions = [wythoff_pair(k) for k in ks]
    shifted = [(a, b + rnd.randrange(1, 10**60)) for a, b in p_positions]
    uniform = [
        (rnd.randrange(10**100, 2 * 10**100), rnd.randrange(10**100, 2 * 10**100))
        for _ in range(per_kind)
    ]
    positions = p_positions + shifted + uniform
    dec = DecimalWythoff()

    def outcomes() -> list[bool]:
        game = Wythoff()
        return [game.outcome(p) is Outcome.P for p in positions]

    def winning_moves() -> list[list[tuple[int, int]]]:
        game = Wythoff()
        return [game.winning_moves(p) for p in positions]

    pair_s, pairs = measure(lambda: [wythoff_pair(k) for k in ks])
    b_pair_s, b_pairs = measure(lambda: [dec.pair(k) for k in ks])
    out_s, is_p = measure(outcomes)
    b_out_s, b_is_p = measure(lambda: [dec.is_p(*p) for p in positions])
    win_s, moves = measure(winning_moves)
    b_win_s, b_moves = measure(lambda: [dec.winning_moves(*p) for p in positions])
    assert pairs == b_pairs, "P-positions differ"
    assert is_p == b_is_p, "outcomes differ"
    assert [sorted(m) for m in moves] == [sorted(m) for m in b_moves], "winning moves differ"
    assert sum(is_p) == per_kind

    row(f"   P-positions: wythoff_pair(k), {per_kind:,} k / Decimal", pair_s, b_pair_s)
    row("   outcome: Wythoff().outcome(p) / Decimal P-test", out_s, b_out_s)
    row("   winning moves: Wythoff().winning_moves(p) / Decimal", win_s, b_win_s)
    phi = (1 + 5**0.5) / 2
    by_float = sum(int((b - a) * phi) == a for a, b in p_positions)
    note(
        f"{per_kind:,} P-positions, the same with the upper heap raised, {per_kind:,} random "
        f"pairs; {sum(map(len, moves)):,} winning moves"
    )
    note(f"floats (phi = {phi!r}) recognise {by_float} of the {per_kind:,} P-positions;")
    note("250 Decimal digits stop being enough as heaps approach 10^250")


# ----------------------------------------------------------------- 3. DAG
def random_dag(n: int, m: int, seed: int) -> list[tuple[int, int]]:
    """m random edges on n vertices, each from the earlier to the later vertex of a
    random order (a DAG whose labels do not give its topological order)."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(n)
    u = rng.integers(0, n, m)
    v = rng.integers(0, n - 1, m)
    v += v >= u  # a second vertex, different from the first
    lo, hi = np.minimum(u, v), np.maximum(u, v)
    return list(zip(order[lo].tolist(), order[hi].tolist(), strict=True))


def dag_baseline(n: int, edges: list[tuple[int, int]]) -> list[int]:
    """Contest code: adjacency lists and a memoised recursion with a mex loop."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n + 1000))
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        adj[u].append(v)
    sg = [-1] * n

    def value(u: int) -> int:
        if sg[u] < 0:
            seen = {value(v) for v in adj[u]}
            g = 0
            while g in seen:
                g += 1
            sg[u] = g
        return sg[u]

    for u in range(n):
        value(u)
    return sg


def longest_path(n: int, edges: list[tuple[int, int]]) -> int:
    """Vertices on a longest path: the deepest the baseline's recursion goes."""
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        adj[u].append(v)
    height = [0] * n

    def visit(u: int) -> int:
        if not height[u]:
            height[u] = 1 + max((visit(v) for v in adj[u]), default=0)
        return height[u]

    return max(visit(u) for u in range(n))


def bench_dag(seed: int) -> None:
    n, m = 10**5, 10**6
    section(f"3. Tokens on a random DAG, {n:,} vertices, {m:,} edges (SG of every vertex)")
    edges = random_dag(n, m, seed)
    vertices = range(n)
    start = time.perf_counter()
    DigraphGame(edges[:60_000], vertices).values()  # big enough for the compiled kernel
    first_s = time.perf_counter() - start

    build_s, _ = measure(lambda: DigraphGame(edges, vertices))
    ours_s, values = measure(lambda: DigraphGame(edges, vertices).values())
    base_s, base = measure(lambda: dag_baseline(n, edges))
    assert list(values.values()) == base, "SG values differ"
    row("   DigraphGame(edges).values() / memoised recursion", ours_s, base_s)
    note(f"of which building the game from the edge list: {seconds(build_s)}")
    note(f"first big graph (numba compile or cache load, not counted): {seconds(first_s)}")
    note(
        f"largest SG value {max(base)}; longest path (the baseline's recursion depth): "
        f"{longest_path(n, edges):,} vertices"
    )


# ----------------------------------------------------------------- 4. Lieges of Legendre
def lieges_dp(k: int, top: int) -> list[int]:
    """The notes' DP: G[n] = mex{G[n - 1], G[n / 2] if k is odd else 0 (n even)}."""
    table = [0] * (top + 1)
    for n in range(1, top + 1):
        options = {table[n - 1]}
        if n % 2 == 0:
            options.add(table[n // 2] if k % 2 else 0)
        g = 0
        while g in options:
            g += 1
        table[n] = g
    return table


def bench_lieges(seed: int) -> None:
    k, count = 3, 10**5
    section(f"4. Lieges of Legendre, k = {k}, {count:,} random heaps")
    rnd = random.Random(seed)
    small = [rnd.randint(1, 10**6) for _ in range(count)]
    large = [rnd.randint(1, 10**9) for _ in range(count)]

    def base_xor() -> int:
        table = lieges_dp(k, max(small))
        return functools.reduce(operator.xor, [table[h] for h in small])

    def base_values() -> list[int]:
        table = lieges_dp(k, max(small))
        return [table[h] for h in small]

    xor_s, value = measure(lambda: LiegesOfLegendre(k).grundy(tuple(small)))
    b_xor_s, b_value = measure(base_xor)
    table_s, values = measure(lambda: LiegesOfLegendre(k).table(small))
    b_table_s, b_values = measure(base_values)
    big_s, _ = measure(lambda: LiegesOfLegendre(k).grundy(tuple(large)))
    big_table_s, _ = measure(lambda: LiegesOfLegendre(k).table(large))
    assert value == b_value and values == b_values, "SG values differ"
    row("   heaps <= 10^6, XOR: grundy(tuple(heaps)) / DP to 10^6", xor_s, b_xor_s)
    row("   heaps <= 10^6, each: table(heaps) / DP to 10^6", table_s, b_table_s)
    row("   heaps <= 10^9, XOR: grundy(tuple(heaps)) / DP infeasible", big_s, None)
    row("   heaps <= 10^9, each: table(heaps) / DP infeasible", big_table_s, None)


# ----------------------------------------------------------------- 5. Chomp
def chomp_first_player_wins(rows: tuple[int, ...]) -> bool:
    """Memoised win/lose recursion over Young diagrams, as people write it."""

    @functools.cache
    def wins(rows: tuple[int, ...]) -> bool:
        for r in range(len(rows)):
            for c in range(rows[r]):
                if r == 0 and c == 0:
                    continue  # the poison
                after = rows[:r] + tuple(x if x < c else c for x in rows[r:]) if c else rows[:r]
                if not wins(after):
                    return True
        return False

    return wins(rows)


def chomp_sg(rows: tuple[int, ...]) -> int:
    """The same recursion computing SG values: a mex over every bite."""

    @functools.cache
    def g(rows: tuple[int, ...]) -> int:
        seen = set()
        for r in range(len(rows)):
            for c in range(rows[r]):
                if r == 0 and c == 0:
                    continue
                after = rows[:r] + tuple(x if x < c else c for x in rows[r:]) if c else rows[:r]
                seen.add(g(after))
        value = 0
        while value in seen:
            value += 1
        return value

    return g(rows)


def bench_chomp() -> None:
    section("5. Chomp, outcome of the full board, from a fresh game")
    for side in (8, 10):
        board = (side,) * side
        ours_s, outcome = measure(lambda board=board: Chomp().outcome(board))
        base_s, wins = measure(lambda board=board: chomp_first_player_wins(board))
        sg_s, value = measure(lambda board=board: chomp_sg(board))
        assert (outcome is Outcome.N) == wins == (value != 0)
        size = f"{side} x {side}"
        row(f"   {size:<7} Chomp().outcome / win-lose recursion", ours_s, base_s)
        row(f"   {size:<7} Chomp().outcome / SG (mex) recursion", ours_s, sg_s)
    note("the win-lose recursion stops at the first winning bite; grundy's outcome and the SG")
    note("recursion value every bite of every diagram (grundy halves them by transposing)")


# ----------------------------------------------------------------- 6. Kayles
def kayles_naive(top: int) -> list[int]:
    """Memoised mex over every way to knock down 1 or 2 adjacent pins of a row."""

    @functools.cache
    def g(n: int) -> int:
        seen = set()
        for take in (1, 2):
            for left in range(n - take + 1):
                seen.add(g(left) ^ g(n - take - left))
        value = 0
        while value in seen:
            value += 1
        return value

    return [g(n) for n in range(top + 1)]


def bench_kayles() -> None:
    top = 2000
    section(f"6. Kayles, SG of heaps 0..{top}, from a fresh game")
    ours_s, values = measure(lambda: OctalGame("0.77").table(range(top + 1)))
    base_s, base = measure(lambda: kayles_naive(top))

    def search() -> list[int]:
        game = OctalGame("0.77")
        return [game.grundy(n, use_formula=False) for n in range(top + 1)]

    search_s, searched = measure(search)
    assert values == base == searched, "SG values differ"
    row(f"   OctalGame('0.77').table(range({top + 1})) / naive mex", ours_s, base_s)
    row("   the same by search, use_formula=False / naive mex", search_s, base_s)
    note("table: the sparse kernel of grundy.heaps values heaps 0..4000 at once (one call)")


CASES = {
    1: bench_nim,
    2: bench_wythoff,
    3: bench_dag,
    4: bench_lieges,
    5: lambda seed: bench_chomp(),
    6: lambda seed: bench_kayles(),
}


def main(argv: list[str] | None = None) -> None:
    run_cases(__doc__, "grundy catalog benchmark", CASES, _TABLE, argv)


if __name__ == "__main__":
    main()
