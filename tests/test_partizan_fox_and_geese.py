"""Fox and Geese (grundy.partizan.games.fox_and_geese): the moves against a plain move
generator on CGSuite's coordinates, the escape formula (off) against a search of a board
with a top that uses no formula, play through PartizanPlay, the notation and its
refusals. CGSuite's three reference rows are in tests/test_partizan_grid_games.py."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import GrundyError, InvalidGameError, InvalidPositionError
from grundy.partizan import PartizanGame
from grundy.partizan.games import CeyloneseFoxAndGeese, FoxAndGeese
from grundy.partizan.loopy import LoopyOutcome, Stopper, game_outcome, game_value
from grundy.partizan.two_player import PartizanPlay
from grundy.twoplayer import Value, solve

Square = tuple[int, int]
Pieces = tuple[frozenset[Square], Square]  # (geese, fox), (row, column) from 1 at the bottom


# ----------------------------------------------------------------- a plain version
def pieces(board: Iterable[str]) -> Pieces:
    """The geese's squares and the fox's, read character by character."""
    rows = list(board)
    geese, fox = set(), None
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if ch == "G":
                geese.add((len(rows) - i, j + 1))
            elif ch == "F":
                fox = (len(rows) - i, j + 1)
    assert fox is not None
    return frozenset(geese), fox


def plain_left(p: Pieces, width: int) -> set[Pieces]:
    """CGSuite's Options(Left): a goose steps (-1, -1) or (-1, +1) onto a free square."""
    geese, fox = p
    out = set()
    for g in geese:
        for dc in (-1, 1):
            n = (g[0] - 1, g[1] + dc)
            if n[0] >= 1 and 1 <= n[1] <= width and n != fox and n not in geese:
                out.add((geese - {g} | {n}, fox))
    return out


def plain_right(p: Pieces, width: int, reach: int, top: int | None = None) -> set[Pieces]:
    """CGSuite's Options(Right): the fox goes 1..reach squares in a diagonal direction
    while the squares are on the board and free of geese (and at most row `top`)."""
    geese, fox = p
    out = set()
    for dr in (-1, 1):
        for dc in (-1, 1):
            for d in range(1, reach + 1):
                n = (fox[0] + dr * d, fox[1] + dc * d)
                if n[0] < 1 or not 1 <= n[1] <= width or n in geese:
                    break
                if top is not None and n[0] > top:
                    break
                out.add((geese, n))
    return out


def escaped(p: Pieces, width: int) -> bool:
    """CGSuite's Decomposition, as written there."""
    geese, (row, col) = p
    if not geese:
        return True
    last = max(g[0] for g in geese)
    free = (col > 1 and (last, col - 1) not in geese) or (
        col < width and (last, col + 1) not in geese
    )
    return row >= last or (row == last - 1 and free)


class Topped(PartizanGame[Any]):
    """Fox and Geese on a board with a top row: no formula, so every position is searched.

    With the top at least two rows above the highest goose, a fox past the geese can
    still move for ever (up, or down from the top), so if the catalog's off is exact,
    every value is the unbounded board's."""

    def __init__(self, width: int, reach: int, top: int) -> None:
        self.width, self.reach, self.top = width, reach, top

    def left_options(self, p: Pieces) -> list[Pieces]:
        return sorted(plain_left(p, self.width), key=repr)

    def right_options(self, p: Pieces) -> list[Pieces]:
        return sorted(plain_right(p, self.width, self.reach, self.top), key=repr)


@st.composite
def boards(draw: Any, max_width: int = 5, max_rows: int = 5, max_geese: int = 3) -> tuple:
    """(game, board text): a few geese and the fox on light squares of a small board."""
    width = draw(st.integers(2, max_width))
    height = draw(st.integers(1, max_rows))
    light = [(r, c) for r in range(1, height + 1) for c in range(1, width + 1) if (r + c) % 2 == 0]
    chosen = draw(st.lists(st.sampled_from(light), min_size=1, max_size=max_geese + 1, unique=True))
    fox, geese = chosen[0], chosen[1:]
    rows = [["."] * width for _ in range(height)]
    for r, c in geese:
        rows[height - r][c - 1] = "G"
    rows[height - fox[0]][fox[1] - 1] = "F"
    game = FoxAndGeese(width=width, fox_range=draw(st.integers(1, 3)))
    return game, "|".join("".join(row) for row in rows)


@st.composite
def caught_boards(draw: Any, max_width: int = 5, max_rows: int = 5) -> tuple:
    """(game, board text) with the fox below every goose: mostly not escaped yet."""
    width = draw(st.integers(2, max_width))
    height = draw(st.integers(3, max_rows))
    split = draw(st.integers(2, height - 1))  # geese on rows split.., the fox below
    light = [(r, c) for r in range(1, height + 1) for c in range(1, width + 1) if (r + c) % 2 == 0]
    high = [s for s in light if s[0] >= split]
    geese = draw(st.lists(st.sampled_from(high), min_size=1, max_size=4, unique=True))
    fox = draw(st.sampled_from([s for s in light if s[0] < split]))
    rows = [["."] * width for _ in range(height)]
    for r, c in geese:
        rows[height - r][c - 1] = "G"
    rows[height - fox[0]][fox[1] - 1] = "F"
    game = FoxAndGeese(width=width, fox_range=draw(st.integers(1, 2)))
    return game, "|".join("".join(row) for row in rows)


# ----------------------------------------------------------------- the rules
@settings(max_examples=300, deadline=None)
@given(boards(max_width=8, max_rows=7, max_geese=5))
def test_moves_are_cgsuites(case):
    game, text = case
    board = game.check_position(text)
    p = pieces(board)
    assert {pieces(b) for b in game.left_options(board)} == plain_left(p, game.width)
    assert {pieces(b) for b in game.right_options(board)} == plain_right(
        p, game.width, game.fox_range
    )
    assert len(set(game.left_options(board))) == len(game.left_options(board))
    assert (game.loopy_formula(board) is not None) == escaped(p, game.width)


@settings(max_examples=60, deadline=None)
@given(st.one_of(boards(max_width=4, max_rows=4, max_geese=3), caught_boards()))
def test_the_escape_formula_is_the_value_of_a_search_without_it(case):
    """off where the fox has escaped, and every value equal to a board with a top's,
    searched whole (no formula): the formula changes nothing but the work."""
    game, text = case
    board = game.check_position(text)
    p = pieces(board)
    top = max((g[0] for g in p[0]), default=0)
    searched = Topped(game.width, game.fox_range, max(top, p[1][0]) + 2)
    value = game_value(searched, p)
    if escaped(p, game.width):
        assert value is Stopper("off")
    assert game.value(board) == value, (text, str(game.value(board)), str(value))
    assert game.outcome(board) == game_outcome(searched, p)


@settings(max_examples=40, deadline=None)
@given(st.one_of(boards(max_width=4, max_rows=4, max_geese=3), caught_boards()))
def test_winning_moves_and_play_agree_with_the_outcome(case):
    """A winning move of Left's leads where Left wins with Right to move; play through
    PartizanPlay (which stops at an escaped fox) wins exactly as the outcome says."""
    game, text = case
    board = game.check_position(text)
    outcome = game.outcome(board)
    assert 0 not in (outcome.left_first, outcome.right_first)  # no draw: the geese run out
    for player, side in (("Left", 1), ("Right", -1)):
        wins = game.winning_moves(board, player)
        for option in game.options(board, player):
            after = game.outcome(option)
            second = after.right_first if player == "Left" else after.left_first
            assert (option in wins) == (second == side)
        first = outcome.left_first if player == "Left" else -outcome.right_first
        play = PartizanPlay(game, board, player)  # type: ignore[arg-type]
        assert solve(play).value(play.start()) == (Value.WIN if first == 1 else Value.LOSS)


def test_the_search_never_goes_past_the_escape():
    """The positions explored are those a plain search reaches when it stops at every
    escaped position: CGSuite's position explores 10,597."""
    game = FoxAndGeese()
    start = pieces(game.check_position("{(4,2),(4,4),(4,6),(4,8)}, (1,1)"))
    seen, todo = {start}, [start]
    while todo:
        p = todo.pop()
        if p is not start and escaped(p, 8):
            continue
        for q in plain_left(p, 8) | plain_right(p, 8, 1):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    assert str(game.value(start)) == "{4*|7/2}"
    assert game.positions == len(seen) == 10_597


def test_ceylonese_is_fox_range_2():
    assert CeyloneseFoxAndGeese == FoxAndGeese(fox_range=2)
    assert repr(CeyloneseFoxAndGeese) == "ceylonese-fox-and-geese"
    assert repr(FoxAndGeese(width=10)) == "fox-and-geese(width=10, fox_range=1)"
    board = ".G......|........|........|F......."  # b4 stops the fox's run at c3
    assert [
        len(g.right_options(g.check_position(board))) for g in (FoxAndGeese(), CeyloneseFoxAndGeese)
    ] == [1, 2]


def test_the_fox_climbs_a_board_with_no_top():
    game = FoxAndGeese(width=2)
    board = game.check_position("F.")
    assert game.right_options(board) == ((".F", ".."),)
    assert game.loopy_formula(board) is Stopper("off") and str(game.value(board)) == "off"
    assert game.outcome(board) == LoopyOutcome.R


# ----------------------------------------------------------------- notation
def test_the_two_notations_are_one_board():
    game = FoxAndGeese()
    board = game.check_position(".G.G.G.G|........|........|F.......")
    assert game.parse_position(["{(4,2),(4,4),(4,6),(4,8)},", "(1,1)"]) == board
    assert game.check_position("[(4,2),(4,4),(4,6),(4,8)] (1,1)") == board
    assert game.check_position(([(4, 2), (4, 4), (4, 6), (4, 8)], (1, 1))) == board
    assert game.check_position(({(4, 8), (4, 6), (4, 4), (4, 2)}, (1, 1))) == board
    assert game.parse_position([".G.G.G.G", "........", "........", "f......."]) == board
    assert game.format_position(board) == ".G.G.G.G|........|........|F......."
    assert game.position_to_json(board) == [".G.G.G.G", "........", "........", "F......."]
    assert game.check_position("{}, (3,1)") == ("F.......", "........", "........")


@settings(max_examples=100, deadline=None)
@given(boards(max_width=6, max_rows=5, max_geese=4))
def test_every_move_is_described_and_read_back(case):
    game, text = case
    board = game.check_position(text)
    assert game.check_position(game.format_position(board)) == board
    for player in ("Left", "Right"):
        for option in game.options(board, player):
            said = game.describe_move(board, option)
            assert said.startswith(f"{player} {'goose' if player == 'Left' else 'fox'} ")
            squares = said.rsplit(" ", 1)[1]
            assert game.parse_move(board, squares) == option
            assert game.parse_move(board, f"{player} {squares.replace('-', ' ')}") == option


def test_draw_shows_the_light_squares():
    assert FoxAndGeese().draw(".G.G.G.G|........|........|F.......").splitlines() == [
        "  a b c d e f g h",
        "4   G   G   G   G",
        "3 .   .   .   .",
        "2   .   .   .   .",
        "1 F   .   .   .",
    ]


@pytest.mark.parametrize(
    ("position", "says"),
    [
        ("", "no board given"),
        ("G.G.G.G.|F.......", "the goose on a2 of"),
        (".G.G.G.G|.F......", "the fox on b1 of"),
        (".G.G.G.G|F......", "row 1 of '.G.G.G.G|F......' (line 2) has 7 squares"),
        (".G.G.G.G|X.......", "square a1 of '.G.G.G.G|X.......' is 'X'"),
        (".G.G.G.G|........", "has 0 foxes"),
        ("F.F.....", "has 2 foxes"),
        ("|".join(["........"] * 27), "at most 26"),
        ("{(4,2),(4,3)}, (1,1)", "the goose's square (4, 3) is dark"),
        ("{(4,2),(4,2)}, (1,1)", "two pieces on the square (4, 2)"),
        ("{(4,2)}, (4,2)", "two pieces on the square (4, 2)"),
        ("{(4,10)}, (1,1)", "is off the board"),
        ("{(0,2)}, (1,1)", "is off the board"),
        ("{(27,1)}, (1,1)", "is off the board"),
        ("{(4,x)}, (1,1)", "'x' is not an integer"),
        ("{(4,2) (4,4)}, (1,1)", "are not (row,column) pairs"),
        ("{(4,2)}", "is not the geese's squares then the fox's"),
        ("{(4,2)}, (1,1,1)", "the fox's square '(1,1,1)' is not a (row,column) pair"),
        ("{(4,2)}, (" + "9" * 200 + ",1)", "is off the board"),
        (42, "is not a board"),
        ([(4, 2)], "is not a board"),
    ],
)
def test_bad_positions_are_refused_in_one_line(position, says):
    with pytest.raises(InvalidPositionError) as info:
        FoxAndGeese().check_position(position)
    assert says in str(info.value) and "\n" not in str(info.value)
    assert isinstance(info.value, ValueError) and str(info.value).startswith("fox-and-geese: ")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("c3-d2", "there is no goose or fox on c3"),
        ("z9-a1", "there is no goose or fox on z9"),
        ("a1-c3", "the fox on a1 cannot move to c3"),
        ("b4-b3", "the goose on b4 cannot move to b3"),
        ("right b4-a3", "the piece on b4 is Left's, not Right's"),
    ],
)
def test_bad_moves_are_refused_in_one_line(text, says):
    game = FoxAndGeese()
    with pytest.raises(InvalidPositionError) as info:
        game.parse_move(".G.G.G.G|........|........|F.......", text)
    assert says in str(info.value) and "\n" not in str(info.value)


def test_text_that_names_no_squares_is_not_a_move():
    game = FoxAndGeese()
    start = ".G.G.G.G|........|........|F......."
    assert game.parse_move(start, start) is None and game.parse_move(start, "a1") is None
    with pytest.raises(InvalidPositionError, match="does not follow"):
        game.describe_move(start, start)


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"width": 1}, "width 1 is not an integer from 2 to 26"),
        ({"width": 27}, "width 27 is not"),
        ({"width": "8"}, "width '8' is not"),
        ({"fox_range": 0}, "fox_range 0 is not an integer >= 1"),
    ],
)
def test_bad_rules_are_refused_in_one_line(kwargs, says):
    with pytest.raises(InvalidGameError) as info:
        FoxAndGeese(**kwargs)
    assert says in str(info.value) and isinstance(info.value, ValueError)


def test_a_short_value_is_refused_and_limits_hold():
    game = FoxAndGeese()
    with pytest.raises(InvalidGameError, match="is loopy"):
        game.value_within(".G.G.G.G|........|........|F.......", 10)
    small = FoxAndGeese().limited_to(100)
    with pytest.raises(GrundyError, match="more than 100 positions"):
        small.value(".G.G.G.G|........|........|F.......")
