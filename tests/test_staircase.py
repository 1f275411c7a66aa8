"""Staircase Nim and its any-lower-step variant: closed forms and all winning moves."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from conftest import naive_mex
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.app.registry import find
from grundy.games import StaircaseNim, StaircaseNimAnyStep


# ---------------------------------------------------------------- independent oracles
def stair_options(p: tuple) -> list[tuple]:
    """k >= 1 coins from step i to step i - 1 (index 0 is step 1; below it, the ground)."""
    found = []
    for i, a in enumerate(p):
        for k in range(1, a + 1):
            q = list(p)
            q[i] -= k
            if i > 0:
                q[i - 1] += k
            found.append(tuple(q))
    return found


def any_step_options(p: tuple) -> list[tuple]:
    """One coin from step i to any step j < i (j = 0: the ground)."""
    found = []
    for i, a in enumerate(p):
        for j in range(i + 1) if a else ():
            q = list(p)
            q[i] -= 1
            if j > 0:
                q[j - 1] += 1
            found.append(tuple(q))
    return found


RULES = {"stair": stair_options, "any": any_step_options}


@cache
def brute(rules: str, p: tuple) -> int:
    return naive_mex(brute(rules, o) for o in RULES[rules](p))


@cache
def brute_misere_wins(rules: str, p: tuple) -> bool:
    opts = RULES[rules](p)
    return not opts or any(not brute_misere_wins(rules, o) for o in opts)


def small_positions(max_steps: int, max_coins: int):
    for steps in range(max_steps + 1):
        yield from itertools.product(range(max_coins + 1), repeat=steps)


GAMES = [("stair", StaircaseNim), ("any", StaircaseNimAnyStep)]


# ---------------------------------------------------------------- small positions
@pytest.mark.parametrize(("rules", "make"), GAMES)
def test_closed_form_matches_brute_force_and_generic_solver(rules, make):
    game, searched = make(), make()
    for p in small_positions(4, 3):
        assert game.grundy(p) == brute(rules, p), p
        assert searched.grundy(p, use_formula=False) == brute(rules, p), p


def test_the_theorems_written_out():
    for p in small_positions(5, 3):
        odd_steps = 0
        for a in p[::2]:
            odd_steps ^= a
        assert brute("stair", p) == odd_steps
        coins = 0
        for step, a in enumerate(p, 1):
            coins ^= step if a % 2 else 0
        assert brute("any", p) == coins


def test_second_lecture_note_numbering():
    # The second note: piles 1..n, pile 1 is the floor (never moved from), and the game
    # is Nim on the even piles. Its pile j is our step j - 1.
    for piles in small_positions(5, 3):
        if not piles:
            continue
        even_piles = 0
        for a in piles[1::2]:  # piles 2, 4, ...
            even_piles ^= a
        assert StaircaseNim().grundy(piles[1:]) == even_piles


@pytest.mark.parametrize(("rules", "make"), GAMES)
def test_every_winning_move_and_every_option_of_a_value(rules, make):
    game = make()
    for p in small_positions(4, 3):
        expected = {o for o in RULES[rules](p) if brute(rules, o) == 0}
        moves = game.winning_moves(p)
        assert len(moves) == len(set(moves)) and set(moves) == expected, p
        assert game.outcome(p) == (gr.Outcome.N if expected else gr.Outcome.P)
        for value in range(8):
            wanted = {o for o in RULES[rules](p) if brute(rules, o) == value}
            assert set(game.moves_to_value(p, value)) == wanted, (p, value)


def test_even_step_moves_that_raise_an_odd_step_are_found():
    # (1, 5, 3): XOR 1 ^ 3 = 2; moving 2 coins from step 2 raises step 1 from 1 to 3.
    assert (3, 3, 3) in StaircaseNim().winning_moves((1, 5, 3))
    assert StaircaseNim().winning_moves((1, 1, 3)) == [(1, 3, 1)]  # step 2 has too few


@pytest.mark.parametrize(("rules", "make"), GAMES)
def test_misere_uses_search_and_matches_brute_force(rules, make):
    game = make()
    for p in small_positions(3, 3):
        wins = brute_misere_wins(rules, p)
        assert game.outcome(p, misere=True) == (gr.Outcome.N if wins else gr.Outcome.P)
        expected = {o for o in RULES[rules](p) if not brute_misere_wins(rules, o)}
        assert set(game.winning_moves(p, misere=True)) == expected


@pytest.mark.parametrize(("rules", "make"), GAMES)
def test_sums_of_positions(rules, make):
    game = make()
    for p, q in [((1, 2), (3, 0, 1)), ((2, 2, 2), (1,)), ((0, 3), (3, 0))]:
        value = brute(rules, p) ^ brute(rules, q)
        assert game.grundy(gr.Sum(p, q)) == value
        moves = game.winning_moves(gr.Sum(p, q))
        assert bool(moves) == (value != 0)
        for move in moves:
            assert game.grundy(move, use_formula=False) == 0


# ---------------------------------------------------------------- huge counts, exact
counts = st.lists(st.integers(0, 10**100), max_size=12).map(tuple)


@given(counts)
def test_staircase_huge_counts(p):
    game = StaircaseNim()
    odd_steps = 0
    for a in p[::2]:
        odd_steps ^= a
    assert game.grundy(p) == odd_steps
    moves = game.winning_moves(p)
    assert bool(moves) == (odd_steps != 0)
    for q in moves:
        changed = [i for i in range(len(p)) if q[i] != p[i]]
        source = changed[-1]
        k = p[source] - q[source]
        assert k >= 1 and sum(q) == sum(p) - (k if source == 0 else 0)
        assert changed in ([source], [source - 1, source]) and all(a >= 0 for a in q)
        value = 0
        for a in q[::2]:
            value ^= a
        assert value == 0


@given(counts)
def test_any_step_huge_counts(p):
    game = StaircaseNimAnyStep()
    coins = 0
    for step, a in enumerate(p, 1):
        coins ^= step if a % 2 else 0
    assert game.grundy(p) == coins
    moves = game.winning_moves(p)
    # a winning move exists iff G != 0, and then from every occupied step i with
    # i ^ G < i (there is at least one: a step holding G's top bit)
    assert len(moves) == sum(1 for s, a in enumerate(p, 1) if a and s ^ coins < s)
    for q in moves:
        assert game.grundy(q, use_formula=True) == 0
        assert sum(p) - sum(q) in (0, 1) and all(a >= 0 for a in q)


# ---------------------------------------------------------------- many steps, linear
@pytest.mark.parametrize(("rules", "make"), GAMES)
def test_winning_changes_and_one_winning_move_match_brute_force(rules, make):
    game = make()
    for p in small_positions(4, 3):
        expected = [o for o in RULES[rules](p) if brute(rules, o) == 0]
        changes = game.winning_changes(p)
        assert [game.apply(p, m) for m in changes] == game.winning_moves(p), p
        assert sorted(set(game.winning_moves(p))) == sorted(set(expected)), p
        move = game.winning_move(p)
        assert (move in expected) if expected else move is None, p
        assert game.winning_move(list(p)) == move  # as a user gives it


def test_winning_moves_of_a_hundred_thousand_steps_in_linear_memory(spy, count_lines):
    """Cookbook issue: the winning moves of 10^5 steps, as whole positions, ran out of
    memory (~25,000 of them, 10^5 counts each); as step changes they are O(n). The
    spies make the old path (listing whole options) fail at once instead of filling the
    memory."""
    import random

    rng = random.Random(2024)
    p = tuple(rng.randrange(1 << 20) for _ in range(100_000))
    game = StaircaseNim()
    total = 0
    for a in p[::2]:
        total ^= a
    with spy(StaircaseNim, "moves_to_value", max_calls=0):
        changes, lines = count_lines(game.winning_changes, p, max_lines=30 * len(p))
        move = game.winning_move(p)
    # every winning move, each checked in O(1): the odd steps' XOR after it is 0
    expected = []
    for i, a in enumerate(p):
        if i % 2 == 0 and a ^ total < a:  # a Nim move on an odd step
            expected.append((i, a, a ^ total))
        elif i % 2 and p[i - 1] < p[i - 1] ^ total <= p[i - 1] + a:  # raise the odd step below
            expected.append((i, a, a - ((p[i - 1] ^ total) - p[i - 1])))
    assert [(m.part, m.before, m.after) for m in changes] == expected and len(expected) > 10_000
    for m in changes:
        moved = m.before - m.after
        odd = m.part % 2 == 0
        after = total ^ (m.before ^ m.after if odd else p[m.part - 1] ^ (p[m.part - 1] + moved))
        assert after == 0 and 0 <= m.after < m.before
    # a few made whole, and valued from scratch
    for m in [changes[0], changes[len(changes) // 2], changes[-1]]:
        assert game.grundy(game.apply(p, m)) == 0
    assert move == game.apply(p, changes[0])
    assert lines < 30 * len(p)  # linear work, whatever the number of winning moves


# ---------------------------------------------------------------- limits and errors
def test_misere_search_too_big_stops_at_once():
    with pytest.raises(gr.PositionLimitError, match="misère play has no closed form"):
        StaircaseNim().outcome((10**9, 5, 5), misere=True)
    with pytest.raises(gr.PositionLimitError, match="max_positions = 10"):
        StaircaseNimAnyStep().limited_to(10).winning_moves((3, 3), misere=True)


@pytest.mark.parametrize("make", [StaircaseNim, StaircaseNimAnyStep])
@pytest.mark.parametrize(
    ("position", "message"),
    [
        ((1, -2), "step 2 count -2 is negative"),
        ((1, 2.5), "step 2 count 2.5 is not an integer"),
        ((True,), "step 1 count True is a bool, not an integer"),
        (("x",), "step 1 count 'x' is not an integer"),
        (-3, "step 1 count -3 is negative"),
        ("3 1", "is not a tuple of coin counts"),
    ],
)
def test_bad_positions_are_one_line_errors(make, position, message):
    with pytest.raises(gr.InvalidPositionError, match=message) as info:
        make().grundy(position)
    assert "\n" not in str(info.value)
    with pytest.raises(gr.InvalidPositionError, match=message):
        make().winning_moves(position)


def test_notation_and_registry():
    game = find("staircase")
    assert game == StaircaseNim()
    start = game.parse_position(["3", "1", "2"])
    assert start == (3, 1, 2) and game.check_position([3, 1, 2]) == (3, 1, 2)
    assert game.winning_moves(start) == [(2, 1, 2)]
    assert game.check_position(4) == (4,)
    assert game.describe_move((1, 5, 3), (3, 3, 3)) == "move 2 coins from step 2 to step 1"
    assert game.describe_move((1, 5, 3), (0, 5, 3)) == "move 1 coin from step 1 to the ground"
    any_step = find("staircase-any")
    assert any_step == StaircaseNimAnyStep()
    start = any_step.parse_position(["1", "2", "1"])
    assert set(any_step.winning_moves(start)) == {(1, 1, 1), (2, 2, 0)}
    assert any_step.describe_move((1, 2, 1), (1, 1, 1)) == "move a coin from step 2 to the ground"
    assert any_step.describe_move((0, 0, 4), (1, 0, 3)) == "move a coin from step 3 to step 1"
    assert any_step.position_to_json((2, 2, 0)) == [2, 2, 0]
    with pytest.raises(gr.InvalidPositionError, match="give the number of coins"):
        game.parse_position([])


@given(st.lists(st.integers(0, 6), max_size=8))
def test_a_position_from_the_coins_steps(steps):
    """Issue 19: problems give each coin's step; positions count the coins per step."""
    counts = StaircaseNim().from_coins(steps)
    assert all(counts[i - 1] == steps.count(i) for i in range(1, len(counts) + 1))
    assert len(counts) == max(steps, default=0)
    with pytest.raises(gr.InvalidPositionError, match="coin 2's step -1"):
        StaircaseNim().from_coins([1, -1])
