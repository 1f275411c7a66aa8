"""Remoteness of impartial games against an independent recursion, normal and misère."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.games import Chomp, Kayles, Nim, SubtractionGame


def brute(moves, misere: bool):
    """(player to move wins, remoteness) by plain recursion over the rules."""

    @cache
    def solve(position):
        options = [solve(o) for o in moves(position)]
        if not options:
            return misere, 0
        losing = [r for wins, r in options if not wins]
        if losing:
            return True, 1 + min(losing)
        return False, 1 + max(r for _, r in options)

    return solve


def nim_moves(heaps):
    return [heaps[:i] + (k,) + heaps[i + 1 :] for i, h in enumerate(heaps) for k in range(h)]


def chomp_moves(rows):
    return [
        rows[:r] + tuple(x for x in (min(x, c) for x in rows[r:]) if x)
        for r in range(len(rows))
        for c in range(rows[r])
        if (r, c) != (0, 0)
    ]


@settings(max_examples=60)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=3).map(tuple), st.booleans())
def test_nim_remoteness_is_the_recursions(heaps, misere):
    wins, remoteness = brute(nim_moves, misere)(heaps)
    game = Nim()
    assert game.remoteness(heaps, misere=misere) == remoteness
    assert game.outcome(heaps, misere=misere) is (gr.Outcome.N if wins else gr.Outcome.P)
    fastest = game.fastest_winning_moves(heaps, misere=misere)
    solve = brute(nim_moves, misere)
    assert fastest == [o for o in nim_moves(heaps) if solve(o) == (False, remoteness - 1)]
    assert set(fastest) <= set(game.winning_moves(heaps, misere=misere))


@settings(max_examples=40)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=3), st.booleans())
def test_sums_of_kayles_rows_and_subtraction_heaps(rows, misere):
    def kayles_moves(position):
        return [
            tuple(sorted(position[:i] + position[i + 1 :] + tuple(p for p in (a, n - t - a) if p)))
            for i, n in enumerate(position)
            for t in (1, 2)
            for a in range(n - t + 1)
        ]

    position = tuple(sorted(rows))
    assert (
        Kayles.remoteness(gr.Sum(*rows), misere=misere)
        == (brute(kayles_moves, misere)(position)[1])
    )
    game = SubtractionGame({1, 3, 4})

    def subtraction_moves(heaps):
        return [
            heaps[:i] + (h - s,) + heaps[i + 1 :]
            for i, h in enumerate(heaps)
            for s in (1, 3, 4)
            if s <= h
        ]

    assert (
        game.remoteness(gr.Sum(*rows), misere=misere)
        == (brute(subtraction_moves, misere)(tuple(rows))[1])
    )


@pytest.mark.parametrize("size", [(3, 3), (4, 4, 4), (5, 5, 5), (6, 4, 2), (7, 7)])
def test_chomp_remoteness_is_the_recursions(size):
    wins, remoteness = brute(chomp_moves, False)(size)
    assert Chomp().remoteness(size) == remoteness and (remoteness % 2 == 1) == wins
    solve = brute(chomp_moves, False)
    assert set(Chomp().fastest_winning_moves(size)) == {
        o for o in chomp_moves(size) if solve(o) == (False, remoteness - 1)
    }


def test_remoteness_is_refused_at_once_when_too_big_and_counts_its_work():
    with pytest.raises(gr.PositionLimitError):
        Nim().remoteness((10**9, 10**9))
    game = Nim()
    game.remoteness((3, 4, 5))
    search = game.cache["remoteness"]
    # each position (up to Nim's symmetry: sorted, zeros dropped) expanded once
    assert search.positions == len(search.memo) < 4 * 5 * 6


def test_cycles_are_reported():
    game = gr.game_from_moves(lambda n: [(n + 1) % 3])
    with pytest.raises(gr.LoopError, match="remoteness needs a game that ends"):
        game.remoteness(0)


@pytest.mark.parametrize("box", [(8, 8, 8), (12, 5, 2), (9, 9, 0), (6, 1, 1)])
def test_three_row_chomp_by_its_p_positions_is_the_recursion(box):
    """Issue 19: Chomp().remoteness((100, 100, 100)) searched 26 million options."""
    from grundy.games.chomp_rows import three_row_table

    table = three_row_table(box)
    solve = brute(chomp_moves, False)
    for (a, b, c), code in table.items():
        rows = tuple(x for x in (a, b, c) if x)
        assert (code & 1, code >> 1) == solve(rows), (a, b, c)
    a, b, c = box
    rows = tuple(x for x in box if x)
    columns = tuple(sum(1 for r in rows if r > j) for j in range(rows[0]))  # turned over
    assert Chomp().remoteness(rows) == Chomp().remoteness(columns) == solve(rows)[1]


def test_three_row_chomp_at_100_uses_the_table_not_the_search():
    game = Chomp()
    assert game.remoteness((100, 100, 100)) == 199  # 2n - 1, as for every n checked
    assert "remoteness" not in game.cache  # no search was run
    assert [game.remoteness((n, n, n)) for n in range(2, 9)] == [
        brute(chomp_moves, False)((n, n, n))[1] for n in range(2, 9)
    ]
    (move,) = game.fastest_winning_moves((100, 100, 100))
    assert game.remoteness(move) == 198 and move in chomp_moves((100, 100, 100))
