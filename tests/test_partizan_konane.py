"""Konane (grundy.partizan.games.konane): Ernst's and Chan and Tsai's 1 x n values, and
the regions and symmetries the search uses, checked against a plain search of the rules
written here."""

from __future__ import annotations

import csv
from collections.abc import Hashable
from typing import Any

import pytest
from conftest import DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import InvalidPositionError
from grundy.partizan import CanonicalGame, game, parse
from grundy.partizan.games import Konane
from grundy.partizan.games.grid import images, transpose
from grundy.partizan.games.konane import reachable_squares

KONANE = Konane()


def read_tsv(name: str) -> list[dict[str, str]]:
    lines = (DATA / name).read_text().splitlines()
    assert lines[0].startswith("# source:"), f"{name} must start by naming its source"
    return list(csv.DictReader([x for x in lines if not x.startswith("#")], delimiter="\t"))


# ------------------------------------------------------------------ the rules, plainly
def jumps(board: tuple[str, ...], stone: str) -> list[tuple[str, ...]]:
    """Konane's moves as the rules say them, written independently of the game: a stone
    jumps an adjacent enemy stone into the empty square beyond, removing it, and may go
    on in the same line; every stop is a move."""
    enemy = "o" if stone == "x" else "x"
    height, width = len(board), len(board[0])
    cells = {(r, c): board[r][c] for r in range(height) for c in range(width)}
    out = []
    for (r, c), here in cells.items():
        if here != stone:
            continue
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            now = dict(cells)
            now[(r, c)] = "."
            k = 1
            while (
                now.get((r + (2 * k - 1) * dr, c + (2 * k - 1) * dc)) == enemy
                and now.get((r + 2 * k * dr, c + 2 * k * dc)) == "."
            ):
                now[(r + (2 * k - 1) * dr, c + (2 * k - 1) * dc)] = "."
                after = dict(now)
                after[(r + 2 * k * dr, c + 2 * k * dc)] = stone
                out.append(
                    tuple("".join(after[(i, j)] for j in range(width)) for i in range(height))
                )
                k += 1
    return out


def plain_value(position: Hashable) -> CanonicalGame:
    memo: dict[Hashable, CanonicalGame] = {}

    def value(p: Any) -> CanonicalGame:
        if p not in memo:
            memo[p] = game([value(o) for o in jumps(p, "x")], [value(o) for o in jumps(p, "o")])
        return memo[p]

    return value(position)


@st.composite
def boards(draw: Any, most: int = 4, cells: str = "..xo#") -> tuple[str, ...]:
    height, width = draw(st.integers(1, most)), draw(st.integers(1, most))
    return tuple("".join(draw(st.sampled_from(cells)) for _ in range(width)) for _ in range(height))


# ------------------------------------------------------------------ published values
ONE_ROW = read_tsv("konane_1xn_values.tsv")


def test_the_published_rows_are_all_here():
    assert len(ONE_ROW) == 16 + 27
    assert {row["family"] for row in ONE_ROW} == {"solid linear pattern", "S(2a+1,2b+1,2c+1)"}


@pytest.mark.parametrize("row", ONE_ROW, ids=lambda row: f"{row['family']} {row['sizes']}")
def test_ernst_and_chan_tsai_one_row_values(row):
    expected = parse(row["value"])
    position = (row["position"],)
    assert KONANE.value(position) is expected
    assert KONANE.value(transpose(position)) is expected  # a column is the same game
    if len(row["position"]) <= 12:
        assert plain_value(position) is expected


# ------------------------------------------------------------------ the search's hooks
@settings(max_examples=200, deadline=None)
@given(board=boards())
def test_the_hooks_agree_with_a_plain_search(board):
    value = KONANE.value(board)
    assert value is plain_value(board)
    assert sorted(KONANE.left_options(board)) == sorted(jumps(board, "x"))
    assert sorted(KONANE.right_options(board)) == sorted(jumps(board, "o"))
    assert KONANE.value(KONANE.negative(board)) is -value  # colours swapped: negated
    for image in images(board, square=True):
        assert KONANE.value(image) is value
    assert KONANE.check_position(KONANE.format_position(board)) == board


@settings(max_examples=100, deadline=None)
@given(board=boards(most=7, cells="......xo"))
def test_sparse_boards_split_into_groups_that_never_meet(board):
    """Far-apart stones are valued group by group: the sum agrees with the whole board
    searched plainly."""
    assert KONANE.value(board) is plain_value(board)


@settings(max_examples=100, deadline=None)
@given(board=boards())
def test_stones_never_leave_the_reachable_squares(board):
    inside = reachable_squares(board)
    seen = {board}
    todo = [board]
    while todo and len(seen) < 400:
        here = todo.pop()
        stones = {(r, c) for r, row in enumerate(here) for c, ch in enumerate(row) if ch in "xo"}
        assert stones <= inside
        for option in jumps(here, "x") + jumps(here, "o"):
            if option not in seen:
                seen.add(option)
                todo.append(option)


def test_far_apart_groups_are_valued_apart():
    """Work, not time: two groups at the corners of a 26 x 26 board are stored as two
    short lines (the squares their stones may ever reach: each stone jumps at most once,
    there being one enemy stone in its group), never as the whole board."""
    rows = ["." * 26 for _ in range(26)]
    rows[0] = "xo." + "." * 23
    rows[25] = "." * 20 + ".xo..."
    board = tuple(rows)
    KONANE.clear_cache()
    assert KONANE.value(board) is parse("1*")  # xo. = 1 (o cannot jump), .xo. = *
    assert KONANE.positions <= 4
    parts = KONANE.components(board)
    assert all(min(len(part), len(part[0])) == 1 for part in parts)
    assert sum(len(part) * len(part[0]) for part in parts) <= 12


# ------------------------------------------------------------------ moves and notation
def test_moves_are_named_and_read_back():
    board = KONANE.check_position("xo.o.|.ox..")
    for option in KONANE.left_options(board) + KONANE.right_options(board):
        said = KONANE.describe_move(board, option)
        player, squares = said.split()[:2]
        assert KONANE.parse_move(board, f"{player} {squares}") == option
    assert KONANE.describe_move(board, ("....x", ".ox..")) == "Left a1-e1 (jumps 2)"
    assert KONANE.parse_move(board, "a1 c1") == ("..xo.", ".ox..")
    assert KONANE.parse_move(board, "xo.o.|.ox..") is None  # a whole board: not a move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("b1-d1", "cannot jump to d1"),
        ("c1-a1", "there is no stone on c1"),
        ("right a1-c1", "is Left's, not Right's"),
        ("a9-c9", "there is no cell 'a9'"),
    ],
)
def test_bad_moves_are_refused_in_one_line(text, message):
    with pytest.raises(InvalidPositionError) as caught:
        KONANE.parse_move(KONANE.check_position("xo.o.|.ox.."), text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ("xq.", "cell b1 of 'xq.' is 'q'"),
        ("xo|x", "row 2 of 'xo|x' has 1 cells"),
        ("", "no board given"),
        (("x" * 27,), "at most 26 of each"),
        (7, "is not a board"),
    ],
)
def test_bad_boards_are_refused_in_one_line(position, message):
    with pytest.raises(InvalidPositionError) as caught:
        KONANE.check_position(position)
    assert message in str(caught.value) and "\n" not in str(caught.value)
