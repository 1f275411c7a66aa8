"""The Sprague-Grundy theorem, checked on random small games against plain search.

The oracles here share no code with the solver: they search whole positions (tuples
of component positions) with plain recursion, in normal and misère play.
"""

from __future__ import annotations

import functools

import pytest
from conftest import naive_mex
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.games import SubtractionGame


# ---------------------------------------------------------------- random games
@st.composite
def dags(draw, max_nodes: int = 7):
    """A random DAG: node i moves to some nodes below i."""
    n = draw(st.integers(1, max_nodes))
    return tuple(
        tuple(sorted(draw(st.sets(st.integers(0, i - 1), max_size=4)))) if i else ()
        for i in range(n)
    )


def dag_game(options: tuple) -> gr.ImpartialGame:
    return gr.game_from_moves(lambda v: list(options[v]), name=f"dag{options}")


subtraction_sets = st.sets(st.integers(1, 6), min_size=1, max_size=3)


@st.composite
def games_with_positions(draw):
    """A random game (a DAG or a subtraction game) and a position of it."""
    if draw(st.booleans()):
        options = draw(dags())
        return dag_game(options), draw(st.integers(0, len(options) - 1))
    return SubtractionGame(sorted(draw(subtraction_sets))), draw(st.integers(0, 12))


# ---------------------------------------------------------------- plain search oracles
def whole_moves(games, position):
    """Moves of a sum of games: a move in exactly one component (no Sum objects)."""
    result = []
    for i, (game, p) in enumerate(zip(games, position, strict=True)):
        for option in game.moves(p):
            result.append(position[:i] + (option,) + position[i + 1 :])
    return result


def brute_grundy(games, position) -> int:
    @functools.cache
    def g(p):
        return naive_mex(g(o) for o in whole_moves(games, p))

    return g(position)


def brute_next_player_wins(games, position, misere: bool) -> bool:
    @functools.cache
    def wins(p):
        options = whole_moves(games, p)
        if not options:  # the player to move cannot move
            return misere
        return any(not wins(o) for o in options)

    return wins(position)


# ---------------------------------------------------------------- the theorem
@settings(max_examples=150, deadline=None)
@given(st.lists(games_with_positions(), min_size=1, max_size=3))
def test_sum_value_is_xor_and_agrees_with_plain_search(parts):
    games = tuple(g for g, _ in parts)
    position = tuple(p for _, p in parts)
    total = gr.SumGame(*games)
    xor = 0
    for game, p in parts:
        value = game.grundy(p, use_formula=False)
        assert value == brute_grundy((game,), (p,))
        xor ^= value
    assert total.grundy(position) == xor
    assert brute_grundy(games, position) == xor  # mex over the sum's own game graph
    normal = total.outcome(position)
    assert (normal is gr.Outcome.N) == brute_next_player_wins(games, position, misere=False)
    assert (normal is gr.Outcome.N) == (xor != 0)


@settings(max_examples=150, deadline=None)
@given(st.lists(games_with_positions(), min_size=1, max_size=3))
def test_winning_moves_of_sums_are_exactly_the_moves_to_p_positions(parts):
    games = tuple(g for g, _ in parts)
    position = tuple(p for _, p in parts)
    total = gr.SumGame(*games)
    for misere in (False, True):
        expected = sorted(
            o for o in whole_moves(games, position) if not brute_next_player_wins(games, o, misere)
        )
        assert sorted(total.winning_moves(position, misere=misere)) == expected


@settings(max_examples=150, deadline=None)
@given(st.lists(games_with_positions(), min_size=1, max_size=3))
def test_misere_outcome_agrees_with_plain_search(parts):
    games = tuple(g for g, _ in parts)
    position = tuple(p for _, p in parts)
    outcome = gr.SumGame(*games).outcome(position, misere=True)
    assert (outcome is gr.Outcome.N) == brute_next_player_wins(games, position, misere=True)


# ---------------------------------------------------------------- splitting games
@st.composite
def splitting_dags(draw):
    """Node i moves to one lower node, or splits into up to three lower nodes (a Sum)."""
    n = draw(st.integers(1, 7))
    nodes = []
    for i in range(n):
        single = draw(st.sets(st.integers(0, i - 1), max_size=3)) if i else set()
        # splits into 2 parts mostly, and 0, 1 or 3 (the solver reads two parts its own way)
        part_lists = st.lists(st.integers(0, i - 1), min_size=0, max_size=3).map(tuple)
        pairs = draw(st.sets(part_lists, max_size=3)) if i else set()
        nodes.append((tuple(sorted(single)), tuple(sorted(pairs))))
    return tuple(nodes)


def splitting_game(nodes) -> gr.ImpartialGame:
    def moves(v):
        single, pairs = nodes[v]
        return [*single, *(gr.Sum(*parts) for parts in pairs)]

    return gr.game_from_moves(moves, name="split")


def multiset_moves(nodes, position: tuple) -> list[tuple]:
    """Oracle moves on a multiset of nodes (a sorted tuple), splits spelled out."""
    result = set()
    for i, v in enumerate(position):
        rest = position[:i] + position[i + 1 :]
        single, pairs = nodes[v]
        for w in single:
            result.add(tuple(sorted(rest + (w,))))
        for parts in pairs:
            result.add(tuple(sorted(rest + parts)))
    return sorted(result)


def as_multiset(position) -> tuple:
    return tuple(sorted(position.parts)) if isinstance(position, gr.Sum) else (position,)


@settings(max_examples=150, deadline=None)
@given(splitting_dags(), st.data())
def test_games_that_split_into_sums(nodes, data):
    game = splitting_game(nodes)
    position = gr.Sum(*data.draw(st.lists(st.integers(0, len(nodes) - 1), min_size=1, max_size=3)))

    @functools.cache
    def g(p):
        return naive_mex(g(o) for o in multiset_moves(nodes, p))

    @functools.cache
    def wins(p, misere):
        options = multiset_moves(nodes, p)
        return misere if not options else any(not wins(o, misere) for o in options)

    start = as_multiset(position)
    assert game.grundy(position) == g(start)
    for misere in (False, True):
        assert (game.outcome(position, misere=misere) is gr.Outcome.N) == wins(start, misere)
        expected = sorted(o for o in multiset_moves(nodes, start) if not wins(o, misere))
        got = sorted(as_multiset(m) for m in game.winning_moves(position, misere=misere))
        assert got == expected


# ---------------------------------------------------------------- exhaustive, in CI
@pytest.mark.slow
def test_every_pair_of_small_subtraction_games():
    """All 63 subtraction sets within {1..6}, in pairs, every position up to (9, 9)."""
    sets = [[s for s in range(1, 7) if mask >> (s - 1) & 1] for mask in range(1, 64)]
    games = [SubtractionGame(s) for s in sets]
    for first in games:
        for second in games[::7]:
            pair = (first, second)
            total = gr.SumGame(*pair)
            for position in [(a, b) for a in range(10) for b in range(10)]:
                xor = first.grundy(position[0]) ^ second.grundy(position[1])
                assert brute_grundy(pair, position) == xor
                assert total.grundy(position) == xor
                for misere in (False, True):
                    wins = brute_next_player_wins(pair, position, misere)
                    assert (total.outcome(position, misere=misere) is gr.Outcome.N) == wins
