"""Chomp (the notes' chocolate cake): search against brute force, strategy stealing."""

from __future__ import annotations

import math
from functools import cache

import pytest
from conftest import naive_mex
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.app import registry
from grundy.games import Chomp

# ---------------------------------------------------------------- brute force
# Diagrams are tuples of row lengths, bottom row first; (0, 0) is the poison.


def brute_bite(rows, r, c):
    cut = [min(x, c) if k >= r else x for k, x in enumerate(rows)]
    return tuple(x for x in cut if x > 0)


def brute_options(rows):
    return {
        brute_bite(rows, r, c) for r in range(len(rows)) for c in range(rows[r]) if (r, c) != (0, 0)
    }


@cache
def brute_sg(rows):
    return naive_mex(brute_sg(o) for o in brute_options(rows))


@cache
def brute_misere_wins(rows):
    options = brute_options(rows)
    return not options or any(not brute_misere_wins(o) for o in options)


def diagrams(height, width):
    """Every non-empty Young diagram inside a height x width box."""

    def rows_below(limit, left):
        yield ()
        if left:
            for length in range(1, limit + 1):
                for rest in rows_below(length, left - 1):
                    yield (length, *rest)

    return [d for d in rows_below(width, height) if d]


def transpose(rows):
    return tuple(sum(1 for x in rows if x > c) for c in range(rows[0]))


# ---------------------------------------------------------------- search vs brute force
def test_every_diagram_in_a_6x6_box_agrees_with_brute_force():
    game, plain = Chomp(), Chomp()
    for rows in diagrams(6, 6):
        value = brute_sg(rows)
        assert brute_sg(transpose(rows)) == value  # the symmetry the search relies on
        assert game.grundy(rows) == value, rows
        assert plain.grundy(rows, use_formula=False) == value, rows
        assert game.outcome(rows) is (gr.Outcome.P if value == 0 else gr.Outcome.N)
        moves = game.winning_moves(rows)
        assert len(moves) == len(set(moves))
        assert set(moves) == {o for o in brute_options(rows) if brute_sg(o) == 0}, rows
        assert set(game.moves(rows)) == brute_options(rows)


def test_misere_agrees_with_brute_force():
    game = Chomp()
    for rows in diagrams(4, 4):
        assert game.is_p_position(rows, misere=True) == (not brute_misere_wins(rows)), rows
        for move in game.winning_moves(rows, misere=True):
            assert not brute_misere_wins(move)


def test_l_shapes_are_two_nim_heaps():
    game = Chomp()
    for width in range(1, 25):
        for height in range(1, 25):
            rows = (width,) + (1,) * (height - 1)
            assert game.grundy(rows) == brute_sg(rows) == (width - 1) ^ (height - 1)
            for value in range(8):
                expected = {o for o in brute_options(rows) if brute_sg(o) == value}
                assert set(game.moves_to_value(rows, value)) == expected


def test_huge_l_shape_uses_the_closed_form():
    game = Chomp()
    assert game.grundy((10**6, 1, 1)) == (10**6 - 1) ^ 2
    assert game.winning_moves((10**6, 1, 1)) == [(3, 1, 1)]
    assert game.winning_moves((1,) * 10**5) == [(1,)]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 7), min_size=1, max_size=7))
def test_random_diagrams(lengths):
    rows = tuple(sorted(lengths, reverse=True))
    game = Chomp()
    assert game.grundy(rows) == game.grundy(transpose(rows)) == brute_sg(rows)
    for move in game.winning_moves(rows):
        assert brute_sg(move) == 0


# ---------------------------------------------------------------- theorems and known facts
def test_strategy_stealing_every_rectangle_up_to_8x8():
    game = Chomp()
    for height in range(1, 9):
        for width in range(1, 9):
            outcome = game.outcome((width,) * height)
            assert outcome is (gr.Outcome.P if height == width == 1 else gr.Outcome.N)


@pytest.mark.slow
def test_strategy_stealing_every_rectangle_up_to_10x10(spy):
    game = Chomp()
    # Memoised search: each Young diagram under the board lists its options once, at
    # most C(20, 10) = 184,756 of them (symmetry halves that); without the memo the
    # search would follow every sequence of bites.
    with spy(Chomp, "moves", max_calls=math.comb(20, 10)) as moves:
        assert game.outcome((10,) * 10) is gr.Outcome.N
    assert len(moves) == game.stats.positions <= math.comb(20, 10)
    assert len({args[1] for args in moves.args}) == len(moves)  # none twice
    for height in range(1, 11):
        for width in range(1, 11):
            if (height, width) != (1, 1):
                assert game.outcome((width,) * height) is gr.Outcome.N


def test_two_rows_winning_move_leaves_one_fewer_on_top():
    game = Chomp()
    for n in range(2, 15):
        assert game.winning_moves((n, n)) == [(n, n - 1)]
        assert game.describe_move((n, n), (n, n - 1)) == f"bite at row 2, column {n}"
        # the same cake turned: two columns
        assert game.winning_moves((2,) * n) == [(2,) * (n - 1) + (1,)]
        for m in range(n):
            assert game.is_p_position((n, m)) == (m == n - 1)


def test_square_winning_move_leaves_equal_arms():
    game = Chomp()
    for n in range(2, 9):
        ell = (n,) + (1,) * (n - 1)
        assert game.winning_moves((n,) * n) == [ell]
        assert game.bite((n,) * n, 1, 1) == ell
        assert game.describe_move((n,) * n, ell) == "bite at row 2, column 2"
        assert game.is_p_position(ell)


def test_describe_move_bites_at_the_first_column():
    # Words count rows and columns from 1: the poison is row 1, column 1.
    assert Chomp().describe_move((3, 3, 2), (3,)) == "bite at row 2, column 1"
    assert Chomp().describe_move((3, 3, 2), (3, 3, 1)) == "bite at row 3, column 2"


# ---------------------------------------------------------------- limits and bad input
def test_big_boards_are_refused_at_once(spy):
    # At once: refused from the number of Young diagrams under the board, before any
    # option is listed and before any diagram is turned over (its symmetry).
    game = Chomp()
    with (
        spy(Chomp, "moves", max_calls=0) as moves,
        spy(Chomp, "canonical", max_calls=0) as symmetries,
    ):
        for rows in [(30,) * 30, (10**9,) * 10**5, (4000, 4000)]:
            with pytest.raises(gr.PositionLimitError, match="no closed form is known"):
                game.grundy(rows)
        with pytest.raises(gr.PositionLimitError, match="C\\(16, 8\\) = 12,870"):
            Chomp().limited_to(1000).winning_moves((8,) * 8)
    assert len(moves) == len(symmetries) == 0
    assert game.stats == gr.SolverStats(positions=0, formula_values=0, sums=0)
    # Misère play: no search either (a search lists the options of the options); at
    # most the position's own options are listed.
    with (
        spy(Chomp, "moves", max_calls=1) as moves,
        pytest.raises(gr.PositionLimitError),
    ):
        game.outcome((10**6, 1, 1), misere=True)  # no closed form in misère play
    assert len(moves) <= 1


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Chomp().grundy((3, 4)), r"not a Young diagram: row 1 \(length 4\) is longer"),
        (lambda: Chomp().grundy((3, 0, 2)), "row 1 of .* is empty but a row above it is not"),
        (lambda: Chomp().grundy((3, -1)), "row 1 has negative length -1"),
        (lambda: Chomp().grundy(()), "is empty; there is always the poisoned square"),
        (lambda: Chomp().grundy((0, 0)), "is empty; there is always the poisoned square"),
        (lambda: Chomp().grundy((3, 2.5)), "row 1 has length 2.5, not an integer"),
        (lambda: Chomp().grundy(5), "is not a tuple of row lengths"),
        (lambda: Chomp().bite((3, 3), 0, 0), "is the poison"),
        (lambda: Chomp().bite((3, 3), 2, 0), r"square \(2, 0\) is not in the diagram"),
        (lambda: Chomp().parse_position(["4x0"]), "rectangle '4x0' is empty"),
        (lambda: Chomp().parse_position(["4x7", "3"]), "row length '4x7' is not an integer"),
        (lambda: Chomp().parse_position(["3", "a"]), "row length 'a' is not an integer"),
        (lambda: Chomp().parse_position(["2", "3"]), "not a Young diagram"),
        (lambda: Chomp().parse_position([]), "give the row lengths"),
    ],
)
def test_bad_input_is_a_clear_error(make, message):
    with pytest.raises(gr.InvalidPositionError, match=message) as info:
        make()
    assert "\n" not in str(info.value)


def test_command_line_notation():
    game = registry.find("chomp")
    assert game.parse_position(["4x7"]) == (7, 7, 7, 7)
    assert game.parse_position(["3", "3", "2", "0"]) == (3, 3, 2)  # empty top rows dropped
    assert game.position_to_json((3, 1)) == [3, 1]
    example = registry.GAMES["chomp"].example.split()[1:]
    assert game.outcome(game.parse_position(example)) is gr.Outcome.N


def test_sums_of_cakes():
    game = Chomp()
    total = gr.Sum((3, 3), (2, 2, 2))
    assert game.grundy(total) == brute_sg((3, 3)) ^ brute_sg((2, 2, 2))
    for move in game.winning_moves(total):
        assert game.grundy(move) == 0


def test_a_row_of_a_billion_squares_is_never_transposed(monkeypatch):
    # canonical() built the transpose, 10^9 rows of one square, to compare it: MemoryError
    import grundy.games.chomp as chomp

    monkeypatch.setattr(chomp, "_conjugate", lambda rows: pytest.fail("transposed"))
    assert Chomp().grundy((10**9,)) == 10**9 - 1
    assert Chomp().canonical((10**9,)) == (10**9,)
