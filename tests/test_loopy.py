"""Loopy impartial games: Smith's generalised SG values checked against brute-force oracles."""

from __future__ import annotations

import functools
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy import Outcome, Sum, game_from_moves
from grundy.games import DigraphGame, SubtractionGame
from grundy.impartial.loopy import LoopyValue, loopy_sum, solve

P, N, D = Outcome.P, Outcome.N, Outcome.D


# ---------------------------------------------------------------- random graphs
@st.composite
def digraphs(draw, max_vertices: int = 12, self_loops: bool | None = None):
    """A random digraph on ``0..n-1`` as ``(succ, moves)``.

    ``succ[u]`` is the sorted set of options of ``u`` (for the oracles); ``moves[u]``
    lists them in a random order, some twice (for the game: a game may repeat an option).
    Edges mostly run "downhill" in a random order of the vertices, with fewer edges back
    up: long lines of play (high remoteness, large values) with some cycles; a few
    vertices (the lowest always) have no move, or most games would be draws. Self-loops
    (a move that passes) appear when `self_loops` is True, or half the time.
    """
    n = draw(st.integers(1, max_vertices))
    if self_loops is None:
        self_loops = draw(st.booleans())
    # a seeded generator, not st.randoms(): its values lean towards 0 and would make
    # most vertices sinks
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    order = list(range(n))
    rng.shuffle(order)
    rank = {u: i for i, u in enumerate(order)}
    down = rng.choice([0.15, 0.3, 0.5])
    up = rng.choice([0.0, 0.3, 0.6, 1.0, 2.0]) / n  # expected back edges per vertex
    loop = rng.choice([0.1, 0.3]) if self_loops else 0.0
    moves: dict[int, list[int]] = {u: [] for u in range(n)}
    # some vertices have no move (the lowest in the order always): play can end there
    sinks = {order[0]} | {u for u in range(n) if rng.random() < 0.15}
    for u in range(n):
        for v in range(n) if u not in sinks else ():
            chance = loop if u == v else down if rank[u] > rank[v] else up
            if rng.random() < chance:
                moves[u].extend([v, v] if rng.random() < 0.1 else [v])
        if u not in sinks and not moves[u]:
            moves[u].append(rng.choice([v for v in range(n) if v != u or self_loops]))
        rng.shuffle(moves[u])
    succ = {u: sorted(set(vs)) for u, vs in moves.items()}
    return succ, moves


def as_game(succ: dict, moves: dict, kind: str) -> gr.ImpartialGame:
    """The graph as a DigraphGame, or as a plain function game (repeated options kept)."""
    if kind == "digraph":
        edges = [(u, v) for u, vs in succ.items() for v in vs]
        return DigraphGame(edges, vertices=list(succ))
    return game_from_moves(lambda u: list(moves[u]), name="random graph")


def solve_graph(succ: dict, moves: dict, kind: str = "digraph"):
    return solve(as_game(succ, moves, kind), list(succ))


game_kinds = st.sampled_from(["digraph", "function"])


# ---------------------------------------------------------------- oracles
def retrograde(succ: dict) -> dict:
    """Win/lose/draw by the naive fixpoint: repeat until nothing changes.

    A position all of whose options are N (vacuously, one with no move) is P; one with a
    P option is N; whatever is never labelled is a draw.
    """
    outcome: dict = {}
    changed = True
    while changed:
        changed = False
        for u, options in succ.items():
            if u in outcome:
                continue
            if any(outcome.get(v) is P for v in options):
                outcome[u] = N
            elif all(outcome.get(v) is N for v in options):
                outcome[u] = P
            else:
                continue
            changed = True
    return {u: outcome.get(u, D) for u in succ}


def remoteness_oracle(succ: dict) -> dict:
    """Remoteness level by level: P at even levels, N at odd ones, draws None.

    Level 0: positions with no move. An odd level r holds the unlabelled positions with
    an option at level r - 1 (the winner hurries: 1 + min over P options). An even level
    r holds the unlabelled positions whose options are all labelled N with the highest at
    level r - 1 (the loser delays: 1 + max). A level with nothing ends the search: the
    next one would need an option at this one.
    """
    level: dict = {}
    r = 0
    while True:
        found = {}
        for u, options in succ.items():
            if u in level:
                continue
            if r % 2:
                if any(level.get(v) == r - 1 for v in options):
                    found[u] = r
            elif (
                all(v in level and level[v] % 2 for v in options)
                and max((level[v] for v in options), default=-1) == r - 1
            ):
                found[u] = r
        if not found:
            return {u: level.get(u) for u in succ}
        level.update(found)
        r += 1


def nim_heap_oracle(succ: dict) -> dict:
    """Smith's values from outcomes alone: gamma(u) = m iff u + *m is a P-position.

    This is the sum theorem with a Nim heap (gamma(*m) = m, and u + *m has value 0 only
    when gamma(u) = m; an infinite u gives an infinite sum), so it needs nothing but the
    win/lose/draw oracle on the product of the graph with heaps 0..n: a finite value is
    a mex of options, at most the out-degree. Returns ``{u: LoopyValue}``.
    """
    top = len(succ)
    product = {
        (u, h): [(v, h) for v in options] + [(u, k) for k in range(h)]
        for u, options in succ.items()
        for h in range(top + 1)
    }
    outcome = retrograde(product)
    finite = {}
    for u in succ:
        values = [m for m in range(top + 1) if outcome[u, m] is P]
        assert len(values) <= 1  # (u, m) P and (u, k) P with k < m cannot both hold
        finite[u] = values[0] if values else None
    result = {}
    for u, options in succ.items():
        if finite[u] is not None:
            result[u] = LoopyValue(finite[u])
        else:
            K = frozenset(finite[v] for v in options if finite[v] is not None)
            result[u] = LoopyValue(None, K)
    return result


def satisfies_abc(succ: dict, label: dict, u, m: int) -> bool:
    """Smith's conditions (a)-(c) for gamma(u) = m, the other labels (None = infinite) fixed.

    (a) no option has label m; (b) every j < m is the label of some option; (c) every
    option labelled infinite or above m has an option labelled m.
    """
    found = {label[v] for v in succ[u]}
    if m in found or any(j not in found for j in range(m)):
        return False
    return all(
        any(label[w] == m for w in succ[v]) for v in succ[u] if label[v] is None or label[v] > m
    )


def check_smith_conditions(succ: dict, values: dict) -> None:
    """Every finite value satisfies (a)-(c); no finite value fits an infinite position; K."""
    label = {u: values[u].finite for u in succ}
    for u, options in succ.items():
        value = values[u]
        if value.is_finite:
            assert satisfies_abc(succ, label, u, value.finite), (u, value)
        else:
            # (a) and (b) force m = mex of the finite labels of the options; (c) must fail
            # for it (Fraenkel's condition for an infinite position), so no m works at all.
            top = len(options) + 1
            assert not any(satisfies_abc(succ, label, u, m) for m in range(top)), (u, value)
            assert value.K == frozenset(label[v] for v in options if label[v] is not None)


def expected_outcome(value: LoopyValue) -> Outcome:
    """P for 0; N for a finite value > 0 or ∞(K) with 0 in K (a move to 0); else a draw."""
    if value.is_finite:
        return P if value.finite == 0 else N
    return N if 0 in value.K else D


# ---------------------------------------------------------------- the value type
def test_loopy_value_basics():
    three, inf02, inf = LoopyValue(3), LoopyValue(None, frozenset({0, 2})), LoopyValue(None)
    assert [str(v) for v in (three, inf02, inf)] == ["3", "∞(0,2)", "∞"]
    assert (three.finite, three.is_finite, inf02.finite, inf02.is_finite) == (3, True, None, False)
    assert (inf02.K, inf.K) == (frozenset({0, 2}), frozenset())
    assert [v.to_json() for v in (three, inf02, inf)] == [3, {"infinite": [0, 2]}, {"infinite": []}]
    with pytest.raises(ValueError, match="only infinite values have a K"):
        LoopyValue(2, frozenset({1}))
    assert LoopyValue(None, frozenset({7, 1, 4})).to_json() == {"infinite": [1, 4, 7]}
    assert str(LoopyValue(None, frozenset({10, 2}))) == "∞(2,10)"
    for v in (three, inf02, inf, LoopyValue(0)):
        assert eval(repr(v)) == v  # the style: reprs evaluate back
        assert hash(eval(repr(v))) == hash(v)


def test_loopy_value_outcomes():
    assert LoopyValue(0).outcome is P
    assert LoopyValue(5).outcome is N
    assert LoopyValue(None, frozenset({0, 3})).outcome is N  # a move to a P-position
    assert LoopyValue(None, frozenset({1, 3})).outcome is D
    assert LoopyValue(None).outcome is D


def test_loopy_value_addition():
    a, b = LoopyValue(6), LoopyValue(3)
    inf = LoopyValue(None, frozenset({0, 2, 5}))
    assert a + b == LoopyValue(5) == loopy_sum(a, b)
    assert inf + b == b + inf == LoopyValue(None, frozenset({3, 1, 6}))
    assert inf + LoopyValue(0) == inf
    assert LoopyValue(None) + a == LoopyValue(None)
    assert inf + inf == LoopyValue(None) + LoopyValue(None) == LoopyValue(None)  # ∞(∅): Smith
    assert loopy_sum(inf, a, b) == LoopyValue(None, frozenset({5, 7, 0}))
    assert loopy_sum(LoopyValue(1), LoopyValue(2), LoopyValue(3)) == LoopyValue(0)
    assert loopy_sum(inf, a, LoopyValue(None)) == LoopyValue(None)
    assert loopy_sum(inf, inf, a) == LoopyValue(None)
    assert (inf + LoopyValue(2)).outcome is N and (inf + b).outcome is D


@given(
    st.lists(
        st.one_of(
            st.integers(0, 40).map(LoopyValue),
            st.frozensets(st.integers(0, 15), max_size=4).map(lambda K: LoopyValue(None, K)),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_loopy_sum_matches_the_rule(values):
    total = loopy_sum(*values)
    infinite = [v for v in values if not v.is_finite]
    xor = functools.reduce(lambda x, y: x ^ y, (v.finite for v in values if v.is_finite), 0)
    if not infinite:
        assert total == LoopyValue(xor)
    elif len(infinite) == 1:
        assert total == LoopyValue(None, frozenset(k ^ xor for k in infinite[0].K))
    else:
        assert total == LoopyValue(None)  # two infinite parts: ∞(∅)
    assert total == functools.reduce(lambda v, w: v + w, values)
    assert total.outcome is expected_outcome(total)


# ---------------------------------------------------------------- small graphs by hand
def graph_solution(edges, vertices=()):
    game = DigraphGame(edges, vertices=vertices)
    return solve(game, [*{u for e in edges for u in e}, *vertices])


def test_two_cycle_without_exit_is_a_draw():
    sol = graph_solution([(0, 1), (1, 0)])
    assert sol.value(0) == sol.value(1) == LoopyValue(None)
    assert sol.outcome(0) is sol.outcome(1) is D
    assert sol.remoteness(0) is None and sol.winning_moves(0) == []
    assert len(sol) == 2 and sol.values() == {0: LoopyValue(None), 1: LoopyValue(None)}


def test_three_cycle_without_exit_is_a_draw():
    sol = graph_solution([(0, 1), (1, 2), (2, 0)])
    assert {v: str(x) for v, x in sol.values().items()} == {0: "∞", 1: "∞", 2: "∞"}


def test_two_cycle_with_one_exit():
    # u=0 <-> v=1, v -> t=2 (no move at t). From u the only move is to v, where the
    # opponent steps to t: u is P with value 0, v is N with value 1, t is 0.
    sol = graph_solution([(0, 1), (1, 0), (1, 2)])
    assert sol.values() == {0: LoopyValue(0), 1: LoopyValue(1), 2: LoopyValue(0)}
    assert [sol.outcome(v) for v in range(3)] == [P, N, P]
    assert [sol.remoteness(v) for v in range(3)] == [2, 1, 0]
    # both options of v are P; stepping to t ends the game at once, so it comes first
    assert sol.winning_moves(1) == [2, 0] and sol.winning_moves(0) == []


def test_two_cycle_with_two_exits_is_infinite():
    # u=0 <-> v=1, both -> t=2. Labelling u=1, v=2 (or u=2, v=1) satisfies (a)-(c), but
    # u + *1 is a draw (each player steps around the cycle), so both are ∞(0): the
    # stage-wise algorithm, not (a)-(c) alone, fixes the values.
    succ = {0: [1, 2], 1: [0, 2], 2: []}
    label = {0: 1, 1: 2, 2: 0}
    assert all(satisfies_abc(succ, label, u, label[u]) for u in succ)
    sol = graph_solution([(0, 1), (1, 0), (0, 2), (1, 2)])
    assert sol.value(0) == sol.value(1) == LoopyValue(None, frozenset({0}))
    assert str(sol.value(0)) == "∞(0)"
    assert sol.outcome(0) is N and sol.remoteness(0) == 1 and sol.winning_moves(0) == [2]
    assert nim_heap_oracle(succ) == sol.values()


def test_self_loop_alone_is_a_draw():
    sol = graph_solution([(0, 0)])
    assert sol.value(0) == LoopyValue(None) and sol.outcome(0) is D
    assert sol.remoteness(0) is None and sol.winning_moves(0) == []


def test_self_loops_with_exits():
    # s=0 passes or moves to t=1 (no move): ∞(0), N. p=2 passes or moves to a=3 -> t=1:
    # moving loses, so p passes forever: ∞(1), a draw.
    sol = graph_solution([(0, 0), (0, 1), (2, 2), (2, 3), (3, 1)])
    assert sol.values() == {
        0: LoopyValue(None, frozenset({0})),
        1: LoopyValue(0),
        2: LoopyValue(None, frozenset({1})),
        3: LoopyValue(1),
    }
    assert [sol.outcome(v) for v in range(4)] == [N, P, D, N]
    assert [sol.remoteness(v) for v in range(4)] == [1, 0, None, 1]
    # s + a: moving s to t leaves a (N), moving a leaves s (N): pass forever
    assert sol.value(Sum(0, 3)) == LoopyValue(None, frozenset({1}))
    assert sol.outcome(Sum(0, 3)) is D and sol.winning_moves(Sum(0, 3)) == []
    # s + s: both infinite, a draw
    assert sol.value(Sum(0, 0)) == LoopyValue(None) and sol.outcome(Sum(0, 0)) is D
    assert sol.value(Sum(0, 0, 3)) == LoopyValue(None) and sol.outcome(Sum(0, 0, 3)) is D
    assert sol.winning_moves(Sum(0, 0, 3)) == []
    # p + a = ∞(1) + 1 = ∞(0), N: moving p to a leaves a + a (value 0); moving a to t
    # leaves p (a draw), passing leaves p + a
    assert sol.value(Sum(2, 3)) == LoopyValue(None, frozenset({0}))
    assert sol.outcome(Sum(2, 3)) is N and sol.winning_moves(Sum(2, 3)) == [Sum(3, 3)]


def test_single_position_or_list():
    game = DigraphGame([(0, 1), (1, 0), (1, 2), (3, 0)])
    one, listed = solve(game, 0), solve(game, [0])
    expected = {0: LoopyValue(0), 1: LoopyValue(1), 2: LoopyValue(0)}
    assert one.values() == listed.values() == expected
    assert len(one) == 3  # vertex 3 is not reachable from 0
    assert len(solve(game, [3, 0])) == 4


def test_positions_of_any_hashable_type():
    # a loopy game on strings: "a" passes to "b" and back; "b" may also stop at "end"
    rules = {"a": ["b"], "b": ["a", "end"], "end": []}
    sol = solve(game_from_moves(rules.__getitem__), "a")
    assert sol.values() == {"a": LoopyValue(0), "b": LoopyValue(1), "end": LoopyValue(0)}
    assert sol.winning_moves("b") == ["end", "a"]


# ---------------------------------------------------------------- acyclic games
@st.composite
def dags(draw, max_vertices: int = 10):
    n = draw(st.integers(1, max_vertices))
    order = draw(st.permutations(range(n)))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=25))
    return [(order[min(a, b)], order[max(a, b)]) for a, b in pairs if a != b], list(order)


@settings(max_examples=100, deadline=None)
@given(dags())
def test_acyclic_graphs_give_sprague_grundy_values(dag):
    edges, vertices = dag
    game = DigraphGame(edges, vertices=vertices)
    sol = solve(game, vertices)
    assert sol.values() == {v: LoopyValue(g) for v, g in game.values().items()}
    for v in vertices:
        assert sol.outcome(v) is game.outcome(v)
        assert set(sol.winning_moves(v)) == set(game.winning_moves(v))


def test_subtraction_game_values():
    game = SubtractionGame([1, 3, 4])
    sol = solve(game, 40)
    assert len(sol) == 41
    assert [sol.value(n).finite for n in range(41)] == game.table(range(41))
    # the P-positions are the zeros of 0 1 0 1 2 3 2, repeated
    assert [sol.outcome(n) for n in range(8)] == [P, N, P, N, N, N, N, P]
    assert sol.value(Sum(10, 11)) == LoopyValue(game.grundy(10) ^ game.grundy(11))


# ---------------------------------------------------------------- oracle 1: outcomes
def check_outcomes(succ: dict, moves: dict, kind: str) -> None:
    sol = solve_graph(succ, moves, kind)
    assert len(sol) == len(succ)
    assert set(sol.values()) == set(succ)
    expected = retrograde(succ)
    for u in succ:
        assert sol.outcome(u) is expected[u], (u, succ)
        assert sol.value(u).outcome is expected[u], (u, succ)


@settings(max_examples=300, deadline=None)
@given(digraphs(), game_kinds)
def test_outcomes_match_retrograde_analysis(graph, kind):
    check_outcomes(*graph, kind)


# ---------------------------------------------------------------- oracle 2: Smith's values
def check_values(succ: dict, moves: dict, kind: str) -> None:
    sol = solve_graph(succ, moves, kind)
    values = sol.values()
    check_smith_conditions(succ, values)
    assert values == nim_heap_oracle(succ), succ
    for u in succ:
        assert sol.value(u) == values[u]


@settings(max_examples=300, deadline=None)
@given(digraphs(), game_kinds)
def test_values_satisfy_smith_and_the_nim_heap_oracle(graph, kind):
    check_values(*graph, kind)


@settings(max_examples=50, deadline=None)
@given(digraphs(self_loops=True))
def test_values_with_self_loops(graph):
    check_values(*graph, "digraph")


# ---------------------------------------------------------------- remoteness, winning moves
def check_remoteness(succ: dict, moves: dict, kind: str) -> None:
    sol = solve_graph(succ, moves, kind)
    expected = remoteness_oracle(succ)
    for u in succ:
        r = sol.remoteness(u)
        assert r == expected[u], (u, succ)
        outcome = sol.outcome(u)
        assert (outcome is D) == (r is None)
        assert outcome is D or r % 2 == (outcome is N)
        winning = sol.winning_moves(u)
        p_options = {v for v in succ[u] if sol.outcome(v) is P}
        assert len(winning) == len(set(winning)) and set(winning) == p_options
        assert [sol.remoteness(v) for v in winning] == sorted(sol.remoteness(v) for v in winning)
        if winning:
            assert sol.remoteness(winning[0]) == r - 1


@settings(max_examples=300, deadline=None)
@given(digraphs(), game_kinds)
def test_remoteness_and_winning_moves(graph, kind):
    check_remoteness(*graph, kind)


# ---------------------------------------------------------------- sums
def sum_options(succ: dict, position: Sum) -> list:
    parts = position.parts
    return [Sum(*parts[:i], w, *parts[i + 1 :]) for i, part in enumerate(parts) for w in succ[part]]


OFFSET = 100  # graph i of a disjoint union has its vertices shifted by i * OFFSET


def union_graph(*graphs: dict) -> dict:
    """The disjoint union of graphs on 0..n-1 (vertex u of graph i becomes u + i * OFFSET)."""
    return {
        u + i * OFFSET: [v + i * OFFSET for v in vs]
        for i, succ in enumerate(graphs)
        for u, vs in succ.items()
    }


def sum_positions(*graphs: dict) -> list:
    """Every sum of one token per graph, as Sums of vertices of the union."""
    shifted = [[u + i * OFFSET for u in succ] for i, succ in enumerate(graphs)]
    return [Sum(*parts) for parts in itertools.product(*shifted)]


def check_sum_rule(g_succ: dict, h_succ: dict) -> None:
    sol_g = solve_graph(g_succ, g_succ)
    sol_h = solve_graph(h_succ, h_succ, "function")
    product = {
        (u, v): [(u2, v) for u2 in g_succ[u]] + [(u, v2) for v2 in h_succ[v]]
        for u in g_succ
        for v in h_succ
    }
    sol_p = solve(game_from_moves(product.__getitem__), list(product))
    assert len(sol_p) == len(product)
    union = union_graph(g_succ, h_succ)
    sol_u = solve_graph(union, union)
    expected = retrograde(product)
    for u, v in product:
        a, b, direct = sol_g.value(u), sol_h.value(v), sol_p.value((u, v))
        rule = a + b
        assert sol_p.outcome((u, v)) is expected[u, v] is rule.outcome
        if a.is_finite or b.is_finite:
            assert direct == rule, (u, v, a, b)
        else:
            # Smith: ∞ + ∞ is infinite; every option keeps an infinite part, so K is empty
            assert rule == LoopyValue(None)
            assert direct == LoopyValue(None) and expected[u, v] is D
        pair = Sum(u, v + OFFSET)
        assert sol_u.value(pair) == rule
        assert sol_u.outcome(pair) is expected[u, v]
        winning = sol_u.winning_moves(pair)
        assert len(winning) == len(set(winning))
        assert set(winning) == {s for s in sum_options(union, pair) if sol_u.outcome(s) is P}


small_graphs = digraphs(max_vertices=6)


@settings(max_examples=200, deadline=None)
@given(small_graphs, small_graphs)
def test_sum_rule_on_the_product_graph(g, h):
    check_sum_rule(g[0], h[0])


# ---------------------------------------------------------------- playing
def plies_to_win(sol, start, options, limit: int) -> int:
    """Plies until the game ends when the winner always plays the first winning move.

    The opponent tries every reply; a winner's position met again on the current line
    of play would be a loop (the opponent could repeat it forever).
    """
    depth: dict = {}
    on_line: set = set()

    def plies(p) -> int:
        if p in depth:
            return depth[p]
        assert p not in on_line, f"the winner loops through {p!r}"
        assert sol.outcome(p) is N, p
        on_line.add(p)
        moves = sol.winning_moves(p)
        assert moves, f"no winning move from the N-position {p!r}"
        replies = options(moves[0])
        result = 1 + max((1 + plies(r) for r in replies), default=0)
        on_line.discard(p)
        depth[p] = result
        return result

    result = plies(start)
    assert result <= limit, (start, result, limit)
    return result


def check_play(succ: dict, moves: dict, kind: str) -> None:
    sol = solve_graph(succ, moves, kind)
    for u in succ:
        if sol.outcome(u) is N:
            # the winner hurries, the loser delays: exactly the remoteness
            n = plies_to_win(sol, u, succ.__getitem__, 2 * len(succ))
            assert n == sol.remoteness(u)


@settings(max_examples=300, deadline=None)
@given(digraphs(), game_kinds)
def test_the_winner_never_loops(graph, kind):
    check_play(*graph, kind)


def check_sum_play(*graphs: dict) -> None:
    union = union_graph(*graphs)
    sol = solve_graph(union, union)
    positions = sum_positions(*graphs)
    for position in positions:
        if sol.outcome(position) is N:
            options = functools.partial(sum_options, union)
            plies_to_win(sol, position, options, 2 * len(positions))


def check_sum_outcomes(*graphs: dict) -> None:
    """Values and outcomes of sums of tokens, against win/lose/draw on the sums themselves."""
    union = union_graph(*graphs)
    sol = solve_graph(union, union)
    positions = sum_positions(*graphs)
    expected = retrograde({s: sum_options(union, s) for s in positions})
    for position in positions:
        assert sol.value(position) == loopy_sum(*map(sol.value, position.parts))
        assert sol.outcome(position) is expected[position], position
        winning = sol.winning_moves(position)
        assert len(winning) == len(set(winning))
        assert set(winning) == {s for s in sum_options(union, position) if expected[s] is P}


@settings(max_examples=200, deadline=None)
@given(small_graphs, small_graphs)
def test_the_winner_of_a_sum_never_loops(g, h):
    check_sum_play(g[0], h[0])


tiny_graphs = digraphs(max_vertices=4)


@settings(max_examples=60, deadline=None)
@given(tiny_graphs, tiny_graphs, tiny_graphs)
def test_sums_of_three_tokens(g, h, k):
    check_sum_outcomes(g[0], h[0], k[0])
    check_sum_play(g[0], h[0], k[0])


def test_the_winner_of_a_sum_of_cycles_never_loops():
    # finite values reached through cycles (0 <-> 1 -> 2 gives 0, 1, 0), and a 3-cycle
    # whose vertices all exit to 3 -> 4: the winner must not answer a move into a cycle
    # by a move back, forever
    g = {0: [1], 1: [0, 2], 2: []}
    h = {0: [1, 3], 1: [2, 3], 2: [0, 3], 3: [4], 4: []}
    check_sum_play(g, h)
    check_sum_play(h, h)
    check_sum_play(g, g, h)
    check_sum_rule(g, h)
    check_sum_outcomes(g, g, h)


# ---------------------------------------------------------------- errors
def test_position_limit():
    chain = game_from_moves(lambda n: [n + 1] if n < 9 else [])
    assert len(solve(chain, 0, max_positions=10)) == 10
    with pytest.raises(gr.PositionLimitError):
        solve(chain, 0, max_positions=9)
    forever = game_from_moves(lambda n: [n + 1, n // 2])
    with pytest.raises(gr.PositionLimitError):
        solve(forever, 0, max_positions=100)


def test_moves_raising():
    def moves(p):
        if p == "bad-spot":
            raise ValueError("boom")
        return {"start": ["middle"], "middle": ["bad-spot", "start"]}[p]

    with pytest.raises(gr.MoveGenerationError, match="bad-spot"):
        solve(game_from_moves(moves), "start")


def test_unhashable_option():
    rules = {"start": ["fine"], "fine": [["a", "list"]]}
    with pytest.raises(gr.MoveGenerationError, match="fine"):
        solve(game_from_moves(rules.__getitem__), "start")


def test_errors_are_grundy_errors():
    with pytest.raises(gr.GrundyError):
        solve(game_from_moves(lambda n: [n + 1]), 0, max_positions=5)


# ---------------------------------------------------------------- the long run
@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@given(digraphs(max_vertices=14), game_kinds)
def test_many_graphs(graph, kind):
    check_outcomes(*graph, kind)
    check_values(*graph, kind)
    check_remoteness(*graph, kind)
    check_play(*graph, kind)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(digraphs(max_vertices=7), digraphs(max_vertices=7))
def test_many_sums(g, h):
    check_sum_rule(g[0], h[0])
    check_sum_play(g[0], h[0])


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(digraphs(max_vertices=5), digraphs(max_vertices=5), digraphs(max_vertices=5))
def test_many_sums_of_three(g, h, k):
    check_sum_outcomes(g[0], h[0], k[0])
    check_sum_play(g[0], h[0], k[0])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 40))
def test_compiled_labelling_matches_python(seed, n):
    # Big graphs (>= COMPILED_FROM vertices + edges) are labelled by the numba version.
    import numpy as np

    from grundy.core.graph import predecessors
    from grundy.impartial.loopy import _compiled_smith_labels, smith_labels

    rng = random.Random(seed)
    rows = [[rng.randrange(n) for _ in range(rng.randrange(4))] for _ in range(n)]
    start = [0]
    for row in rows:
        start.append(start[-1] + len(row))
    succ = [v for row in rows for v in row]
    pred_start, pred = predecessors(start, succ)
    python = [[0] * n for _ in range(5)]
    smith_labels(start, succ, pred_start, pred, *python)
    arrays = [np.asarray(a, dtype=np.int64) for a in (start, succ, pred_start, pred)]
    compiled = [np.zeros(n, dtype=np.int64) for _ in range(5)]
    _compiled_smith_labels()(*arrays, *compiled)
    assert compiled[0].tolist() == python[0] and compiled[1].tolist() == python[1]


@pytest.mark.parametrize(
    "game, position",
    [
        (gr.games.Chomp(), (40,) * 40),  # reached 3.7 GB after 150 s
        (gr.games.Wythoff(), (10**100, 5)),  # 8 GB: the first moves() lists 10^100 options
        (gr.games.FibonacciNim(), 10**100),
    ],
)
def test_a_loopy_search_too_big_is_refused_before_any_move_is_listed(game, position, spy):
    spy(type(game), "moves", max_calls=0)
    with pytest.raises(gr.PositionLimitError, match="max_positions"):
        solve(game, position)


def test_exploring_caps_the_moves_as_well_as_the_positions():
    from grundy.core.graph import OPTIONS_PER_POSITION, explore

    many = game_from_moves(lambda n: [1] * 1000 if n == 0 else [], name="many")  # 2 positions
    with pytest.raises(gr.PositionLimitError, match="more than 160 moves between the first 2"):
        explore(many.moves, [0], limit=10, name="many")
    assert len(explore(many.moves, [0], limit=1000 // OPTIONS_PER_POSITION + 1)) == 2
