"""Fibonacci Nim: Whinihan's theorem, every winning move, SG values, against brute force."""

from __future__ import annotations

from bisect import bisect_right
from functools import cache

import pytest
from conftest import naive_mex, read_pairs
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.app.registry import find
from grundy.games import FibonacciNim, zeckendorf


# ---------------------------------------------------------------- independent oracles
def options(n: int, limit: int) -> list[tuple[int, int]]:
    """The rules, written again: take t <= limit; the next limit is 2t (at most the heap)."""
    return [(n - t, min(2 * t, n - t)) for t in range(1, limit + 1)]


@cache
def brute(n: int, limit: int) -> int:
    return naive_mex(brute(*o) for o in options(n, limit))


@cache
def brute_misere_wins(n: int, limit: int) -> bool:
    opts = options(n, limit)
    return not opts or any(not brute_misere_wins(*o) for o in opts)


def fibonacci_up_to(n: int) -> list[int]:
    fibs = [1, 2]
    while fibs[-1] <= n:
        fibs.append(fibs[-1] + fibs[-2])
    return fibs


FIBS = fibonacci_up_to(10**120)


def smallest_term(n: int) -> int:
    """Smallest Zeckendorf term of n > 0: strip the largest Fibonacci number until one is left."""
    while True:
        largest = FIBS[bisect_right(FIBS, n) - 1]
        if largest == n:
            return n
        n -= largest


def is_p(n: int, limit: int) -> bool:
    return n == 0 or smallest_term(n) > limit


# ---------------------------------------------------------------- small positions
SMALL = [(n, limit) for n in range(70) for limit in range(n + 1)]


def test_sg_values_match_brute_force_and_generic_solver():
    game, searched = FibonacciNim(), FibonacciNim()
    for position in SMALL:
        assert game.grundy(position) == brute(*position), position
        if position[0] < 40:
            assert searched.grundy(position, use_formula=False) == brute(*position), position


def test_outcome_and_every_winning_move_match_brute_force():
    # This is also the exhaustive check of the theorem behind winning_moves: every winning
    # take is a sum of the smallest Zeckendorf terms of the heap.
    game = FibonacciNim()
    for n, limit in SMALL:
        expected = [o for o in options(n, limit) if brute(*o) == 0]
        moves = game.winning_moves((n, limit))
        assert moves == expected, (n, limit)  # same set, in order of the take
        assert game.outcome((n, limit)) == (gr.Outcome.N if expected else gr.Outcome.P)
        move = game.winning_move((n, limit))
        assert (move is None) == (not expected)
        if move is not None:
            assert move in expected and n - move[0] == zeckendorf(n)[-1]


def test_winning_takes_are_zeckendorf_suffix_sums():
    for n in range(1, 400):
        terms = zeckendorf(n)
        sums = {sum(terms[i:]) for i in range(len(terms))}
        for t in range(1, n + 1):
            rest = n - t
            if is_p(rest, min(2 * t, rest)):
                assert t in sums, (n, t)


def test_start_position_is_a_first_player_win_iff_not_fibonacci():
    fibs = set(fibonacci_up_to(3000))
    game = FibonacciNim()
    for n in range(1, 3000):
        assert game.check_position(n) == (n, n - 1)
        assert game.is_p_position(n) == (n in fibs), n
    assert game.check_position(0) == (0, 0)
    assert [game.grundy(n) for n in range(40)] == [brute(n, max(n - 1, 0)) for n in range(40)]


def test_misere_uses_search_and_matches_brute_force():
    game = FibonacciNim()
    for n, limit in SMALL[:500]:
        wins = brute_misere_wins(n, limit)
        assert game.outcome((n, limit), misere=True) == (gr.Outcome.N if wins else gr.Outcome.P)
        expected = {o for o in options(n, limit) if not brute_misere_wins(*o)}
        assert set(game.winning_moves((n, limit), misere=True)) == expected


def test_sums_of_positions():
    game = FibonacciNim()
    for p, q in [((10, 4), (7, 7)), (12, 20), ((30, 3), (8, 2))]:
        p, q = game.check_position(p), game.check_position(q)
        value = brute(*p) ^ brute(*q)
        assert game.grundy(gr.Sum(p, q)) == value
        moves = game.winning_moves(gr.Sum(p, q))
        assert bool(moves) == (value != 0)
        for move in moves:
            assert game.grundy(move, use_formula=False) == 0


def test_zeckendorf():
    for n in range(2000):
        terms = zeckendorf(n)
        fibs = fibonacci_up_to(n)
        assert sum(terms) == n and terms == sorted(terms, reverse=True)
        index = [fibs.index(t) for t in terms]
        assert all(i - j >= 2 for i, j in zip(index, index[1:], strict=False))


@pytest.mark.slow
def test_larger_heaps_match_brute_force():
    game = FibonacciNim()
    for n in range(70, 160):
        for limit in range(n + 1):
            assert game.grundy((n, limit)) == brute(n, limit), (n, limit)
            expected = [o for o in options(n, limit) if brute(*o) == 0]
            assert game.winning_moves((n, limit)) == expected


# ---------------------------------------------------------------- published values
def test_sg_values_match_cgsuite_genmem():
    # CGSuite's GenMem(a <= 2·memory) position (heap, memory) is (10, n): memory n is the
    # previous take, so the player to move may take up to 2n, and never more than the
    # heap: our position (10, min(2n, 10)).
    for memory, value in read_pairs("cgsuite_fibonacci_nim_coord_row10_nim_values.txt").items():
        position = (10, min(2 * memory, 10))
        assert FibonacciNim().grundy(position) == value, memory
        assert brute(*position) == value


# ---------------------------------------------------------------- huge heaps, exact
@given(st.integers(1, 10**100), st.data())
def test_huge_heaps_outcome_and_winning_moves(n, data):
    limit = data.draw(st.integers(0, n))
    game = FibonacciNim()
    moves = game.winning_moves((n, limit))
    assert game.outcome((n, limit)) == (gr.Outcome.P if is_p(n, limit) else gr.Outcome.N)
    assert bool(moves) == (not is_p(n, limit))
    for rest, next_limit in moves:
        t = n - rest
        assert 1 <= t <= limit and next_limit == min(2 * t, rest)
        assert is_p(rest, next_limit)
    move = game.winning_move((n, limit))
    assert move == (moves[0] if moves else None)
    # completeness near the candidates: any take t is winning iff it is listed
    terms = zeckendorf(n)
    candidates = {sum(terms[i:]) + d for i in range(len(terms)) for d in (-1, 0, 1)}
    candidates.add(data.draw(st.integers(1, max(limit, 1))))
    for t in candidates:
        if 1 <= t <= limit:
            after = (n - t, min(2 * t, n - t))
            assert (after in moves) == is_p(*after), t


def test_huge_start_positions():
    game = FibonacciNim()
    fibs = fibonacci_up_to(10**100)
    big = fibs[-2]  # a Fibonacci number near 10^100
    assert game.outcome(big) is gr.Outcome.P and game.grundy(big) == 0
    assert game.winning_moves(big) == [] and game.winning_move(big) is None
    assert game.outcome(big + 1) is gr.Outcome.N
    assert game.winning_moves(big + 1) == [(big, 2)]
    n = 10**100
    assert game.winning_move(n) == (n - 3, 6)  # 10^100 = ... + 55 + 3


# ---------------------------------------------------------------- limits and errors
def test_grundy_without_closed_form_stops_at_once(spy):
    # At once: refused from the size of the table, about 5 x 10^199 entries, before any
    # row of it is computed and before any option is listed (either would not end).
    game = FibonacciNim()
    with (
        spy(FibonacciNim, "_fill_table", max_calls=0) as tables,
        spy(FibonacciNim, "moves", max_calls=0) as moves,
        pytest.raises(gr.PositionLimitError, match="no closed form is known") as info,
    ):
        game.grundy(10**100 + 1)
    assert len(tables) == len(moves) == 0 and "rows" not in game.cache
    assert game.stats == gr.SolverStats(positions=0, formula_values=0, sums=0)
    assert "\n" not in str(info.value)
    with pytest.raises(gr.PositionLimitError, match="needs 496 positions"):
        FibonacciNim().limited_to(100).grundy(30)
    with pytest.raises(gr.PositionLimitError, match="max_positions = 100"):
        FibonacciNim().grundy(30, use_formula=False, max_positions=100)
    with pytest.raises(gr.PositionLimitError, match="misère"):
        FibonacciNim().outcome(10**5, misere=True)
    assert FibonacciNim().grundy(30, max_positions=496) == brute(30, 29)


@pytest.mark.parametrize(
    ("position", "message"),
    [
        (-1, "heap -1 is negative"),
        ((-2, 0), "heap -2 is negative"),
        ((5, 6), r"limit 6 in \(5, 6\) is larger than the heap; .* is 0..5 here"),
        ((5, -1), "limit -1 is negative"),
        ((5, 2.5), "limit 2.5 is not an integer"),
        ((5, True), "limit True is a bool, not an integer"),
        ((5, 1, 1), "is not \\(heap, limit\\) or a heap"),
        (2.5, "heap 2.5 is not an integer"),
        ("x", "heap 'x' is not an integer"),
    ],
)
def test_bad_positions_are_one_line_errors(position, message):
    with pytest.raises(gr.InvalidPositionError, match=message) as info:
        FibonacciNim().grundy(position)
    assert "\n" not in str(info.value)
    with pytest.raises(gr.InvalidPositionError, match=message):
        FibonacciNim().winning_moves(position)


def test_notation_and_registry():
    game = find("fibonacci-nim")
    assert game == FibonacciNim()
    assert game.parse_position(["20"]) == (20, 19)
    assert game.parse_position(["18", "4"]) == (18, 4)
    assert game.check_position([18, 4]) == (18, 4)
    assert game.winning_moves(game.parse_position(["20"])) == [(18, 4)]
    assert game.position_to_json((18, 4)) == [18, 4]
    assert game.describe_move((20, 19), (18, 4)) == "take 2; the next player may take up to 4"
    with pytest.raises(gr.InvalidPositionError, match="give a heap n"):
        game.parse_position(["1", "2", "3"])
    with pytest.raises(gr.InvalidPositionError, match="limit 9 in"):
        game.parse_position(["5", "9"])
