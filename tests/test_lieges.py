"""Lieges of Legendre: the O(log n) values and the winning moves against brute force."""

from __future__ import annotations

from functools import cache

import pytest
from conftest import naive_mex
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.games import LiegesOfLegendre


@cache
def brute_table(k: int, size: int = 201) -> tuple[int, ...]:
    """SG values of one heap straight from the rules: take one, or 2x -> k heaps of x."""
    values: list[int] = []
    for n in range(size):
        options = []
        if n >= 1:
            options.append(values[n - 1])
        if n >= 2 and n % 2 == 0:
            split = 0
            for _ in range(k):  # k heaps of n/2 side by side: XOR of k equal values
                split ^= values[n // 2]
            options.append(split)
        values.append(naive_mex(options))
    return tuple(values)


def brute_options(k: int, heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    found = []
    for i, h in enumerate(heaps):
        if h >= 1:
            found.append((*heaps[:i], h - 1, *heaps[i + 1 :]))
        if h >= 2 and h % 2 == 0:
            found.append((*heaps[:i], *[h // 2] * k, *heaps[i + 1 :]))
    return found


@cache
def brute_wins(k: int, heaps: tuple[int, ...], misere: bool = False) -> bool:
    """Plain win/lose search over whole positions (no SG theory)."""
    options = brute_options(k, heaps)
    if not options:
        return misere
    return any(not brute_wins(k, tuple(sorted(o)), misere) for o in options)


def recursive_value(k: int, n: int) -> int:
    """The recurrence of the problem's editorial, one halving at a time."""
    if k % 2 == 0:
        return n if n <= 2 else 1 - n % 2
    if n < 5:
        return (0, 1, 0, 1, 2)[n]
    if n % 2:
        return 0
    return 2 if recursive_value(k, n // 2) == 1 else 1


@pytest.mark.parametrize("k", range(1, 7))
def test_closed_form_matches_brute_force_and_search(k):
    game, searched = LiegesOfLegendre(k), LiegesOfLegendre(k)
    table = brute_table(k)
    assert [game.formula(n) for n in range(len(table))] == list(table)
    assert game.table(range(len(table))) == list(table)
    assert [searched.grundy(n, use_formula=False) for n in range(len(table))] == list(table)


@pytest.mark.parametrize("k", range(1, 5))
def test_outcomes_of_several_heaps_match_a_plain_game_tree_search(k):
    game = LiegesOfLegendre(k)
    for a in range(9):
        for b in range(a, 9):
            for c in range(b, 7):
                heaps = (a, b, c)
                assert game.is_p_position(heaps) == (not brute_wins(k, heaps)), heaps
                if a + b + c <= 12:
                    expected = not brute_wins(k, heaps, True)
                    assert game.is_p_position(heaps, misere=True) == expected, heaps


@pytest.mark.parametrize("k", range(1, 6))
def test_winning_moves_equal_brute_force(k):
    game = LiegesOfLegendre(k)
    table = brute_table(k)

    def value(heaps):
        v = 0
        for h in heaps:
            v ^= table[h]
        return v

    for a in range(25):
        for b in range(25):
            moves = game.winning_moves((a, b))
            expected = {o for o in brute_options(k, (a, b)) if value(o) == 0}
            assert set(moves) == expected and len(moves) == len(expected), (a, b)
        # a single heap: options come back as heaps or sums
        single = game.winning_moves(a)
        assert all(value(m.parts if isinstance(m, gr.Sum) else (m,)) == 0 for m in single)
        assert len(single) == sum(1 for o in brute_options(k, (a,)) if value(o) == 0)


def test_codeforces_samples():
    assert LiegesOfLegendre(1).outcome((3, 4)) is gr.Outcome.N  # "Kevin"
    assert LiegesOfLegendre(2).outcome(3) is gr.Outcome.P  # "Nicky"


@given(st.integers(1, 10**9), st.integers(0, 10**40))
def test_closed_form_matches_the_recurrence_for_big_heaps(k, n):
    assert LiegesOfLegendre(k).grundy(n) == recursive_value(k, n)


@given(st.integers(1, 8), st.integers(0, 200), st.integers(0, 200))
def test_winning_moves_reach_p_positions(k, a, b):
    game = LiegesOfLegendre(k)
    table = brute_table(k)
    for move in game.winning_moves((a, b)):
        v = 0
        for h in move:
            v ^= table[h]
        assert v == 0


def test_huge_heaps_and_huge_k_are_instant(spy, count_lines):
    # The closed form, a few bit operations, whatever the heap and k: no option is
    # listed (a search from 10^9 would list 10^9 heaps, each split into k heaps), the
    # work does not grow with the heap, and 10^5 heaps are one formula call each with
    # no memo entry.
    with spy(LiegesOfLegendre, "heap_moves", max_calls=0) as moves:
        for k in (1, 2, 3, 10**9, 10**9 - 1):
            work = []  # lines of grundy run by a new game's first query (about 90)
            for n in (10**9, 10**100, 2**300):
                game = LiegesOfLegendre(k)
                value, lines = count_lines(game.grundy, n)
                assert value == recursive_value(k, n) and game.stats.positions == 0
                work.append(lines)
            # as much work for 2^300 as for 10^9 (halving 2^300 would loop 300 times)
            assert max(work) <= min(work) + 20, work
        heaps = tuple(range(10**9 - 10**5, 10**9))
        game = LiegesOfLegendre(10**9)
        with spy(LiegesOfLegendre, "formula") as formula:
            assert game.grundy(heaps) == 0  # 50,000 ones and 50,000 zeros
    assert len(moves) == 0 and len(formula) == len(heaps)
    assert game.stats == gr.SolverStats(positions=0, formula_values=0, sums=0)
    # a winning move that takes one token is listed even when k is huge
    moves = LiegesOfLegendre(10**9).winning_moves((10**100 + 1, 1))
    assert moves == [(10**100, 1), (10**100 + 1, 0)]


def test_a_split_into_too_many_heaps_is_refused_clearly():
    game = LiegesOfLegendre(10**9)
    with pytest.raises(gr.PositionLimitError, match="k = 1,000,000,000 heaps, too many"):
        game.moves(4)
    with pytest.raises(gr.PositionLimitError, match="max_split_heaps"):
        game.winning_moves(10**100)  # k even: the split (value 0) is a winning move
    assert game.outcome(10**100) is gr.Outcome.N  # values never need the split listed


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: LiegesOfLegendre(0), gr.InvalidGameError, "k = 0 must be a positive integer"),
        (lambda: LiegesOfLegendre(-3), gr.InvalidGameError, "k = -3 must be"),
        (lambda: LiegesOfLegendre(True), gr.InvalidGameError, "k = True must be"),
        (lambda: LiegesOfLegendre(2.0), gr.InvalidGameError, "k = 2.0 must be"),
        (lambda: LiegesOfLegendre("3"), gr.InvalidGameError, "k = '3' must be"),
        (lambda: LiegesOfLegendre(3).grundy(-1), gr.InvalidPositionError, "heap -1 is negative"),
        (lambda: LiegesOfLegendre(3).grundy((2, "x")), gr.InvalidPositionError, "'x' is not"),
    ],
)
def test_bad_input_is_a_clear_error(make, error, message):
    with pytest.raises(error, match=message) as info:
        make()
    assert "\n" not in str(info.value)


def test_registry_name():
    from grundy.app.registry import find

    assert find("lieges:3") == LiegesOfLegendre(3)
    with pytest.raises(gr.InvalidGameError, match="needs a parameter"):
        find("lieges")
