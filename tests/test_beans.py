"""Beans in bottles: the per-bean values and winning moves against search of whole positions."""

from __future__ import annotations

import functools
import itertools
import json

import pytest
from conftest import naive_mex
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.app.registry import find
from grundy.games import BeanGame, bean_value

GAME = BeanGame()


def brute_options(position: tuple) -> list:
    """The rules: a bean leaves bottle i; bottles j <= k after i gain one bean each."""
    n = len(position)
    options = []
    for i, j, k in itertools.combinations_with_replacement(range(n), 3):
        if i < j and position[i]:
            option = list(position)
            option[i] -= 1
            option[j] += 1
            option[k] += 1
            options.append(tuple(option))
    return options


@functools.cache
def brute(position: tuple) -> int:
    return naive_mex(brute(o) for o in brute_options(position))


def test_one_bean_values_follow_the_mex_recurrence():
    # h(d) = mex{h(a) ^ h(b) : a <= b < d}, computed straight from the definition
    h: list[int] = []
    for d in range(300):
        h.append(naive_mex(h[a] ^ h[b] for b in range(d) for a in range(b + 1)))
    assert [bean_value(d) for d in range(300)] == h
    assert GAME.grundy((1,) + (0,) * 10**4) == bean_value(10**4)  # far from the end
    assert bean_value(10**30) in (2 * 10**30 - 2, 2 * 10**30 - 1)  # exact for any size


def test_one_bean_against_search_of_positions():
    for n in range(1, 7):
        for i in range(n):
            position = tuple(int(b == i) for b in range(n))
            assert brute(position) == bean_value(n - 1 - i) == GAME.grundy(position)


def small_positions():
    for n in range(1, 5):
        yield from itertools.product(range(3), repeat=n)


def test_every_small_position_against_search():
    for position in small_positions():
        value = brute(position)
        assert GAME.grundy(position) == value, position
        moves = GAME.winning_moves(position)
        expected = {o for o in brute_options(position) if brute(o) == 0}
        assert set(moves) == expected and len(moves) == len(expected), position
        for target in range(value + 2):
            found = GAME.moves_to_value(position, target)
            assert set(found) == {o for o in brute_options(position) if brute(o) == target}
            assert len(found) == len(set(found))


def test_generic_solver_agrees():
    searched = BeanGame()
    for position in [(2, 3, 1), (1, 0, 1, 1), (1, 1, 1, 1), (0, 2, 1, 0, 1)]:
        assert searched.grundy(position, use_formula=False) == GAME.grundy(position)
    assert set(GAME.moves((1, 0, 0))) == set(brute_options((1, 0, 0)))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 10**20), min_size=1, max_size=25))
def test_big_positions_winning_moves_reach_zero(counts):
    position = tuple(counts)
    value = GAME.grundy(position)
    moves = GAME.winning_moves(position)
    assert (value == 0) == (not moves)
    for move in moves:
        assert GAME.grundy(move) == 0 and move in GAME.moves(position)


def test_the_notes_example_and_cli(capsys):
    # 快快编程 1408: bottles holding 2, 3, 1 beans are six one-bean games
    assert GAME.grundy((2, 3, 1)) == brute((2, 3, 1)) == 1
    assert GAME.describe_move((2, 3, 1), (2, 2, 3)) == "a bean from bottle 1 into bottle 2 twice"
    from grundy.cli import main

    with pytest.raises(SystemExit) as info:
        main(["value", "beans", "2", "3", "1", "--json"])
    out, err = capsys.readouterr()
    assert info.value.code == 0, err
    data = json.loads(out)
    assert data["grundy"] == 1 and data["winning_moves_text"][0]["position"] == "2 2 3"
    assert isinstance(find("beans"), BeanGame)


def test_misere_by_search():
    @functools.cache
    def misere_wins(position):
        options = brute_options(position)
        return not options or any(not misere_wins(o) for o in options)

    for position in small_positions():
        assert GAME.is_p_position(position, misere=True) == (not misere_wins(position))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: GAME.grundy(3), "is not a tuple of bean counts"),
        (lambda: GAME.grundy((1, -2)), "bean count -2 is negative"),
        (lambda: GAME.grundy((1, 2.5)), "bean count 2.5 is not an integer"),
        (lambda: GAME.grundy((True,)), "bean count True is a bool, not an integer"),
        (lambda: GAME.parse_position(["1", "-3"]), "bean count -3 is negative"),
        (lambda: GAME.parse_position(["x"]), "bean count 'x' is not an integer"),
        (lambda: GAME.parse_position([]), "give the bean count"),
    ],
)
def test_bad_input_is_a_clear_error(make, message):
    with pytest.raises(gr.InvalidPositionError, match=message) as info:
        make()
    assert "\n" not in str(info.value)
