"""Impartial Cram (grundy.games.Cram) against a plain search, the mirror theorems, Dawson's
Kayles, the partizan Cram, and the published values of Beling's table."""

from __future__ import annotations

from functools import cache

import pytest
from conftest import DATA, naive_mex, read_pairs, run_cli, run_cli_json
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.games import Cram, DawsonsKayles
from grundy.games.cram import search_estimate
from grundy.games.cram_board import board_images, half_turn_verdict
from grundy.partizan import ImpartialAsPartizan, nimber
from grundy.partizan.games import Cram as PartizanCram


# ---------------------------------------------------------------- a plain search
# The whole board, every domino, no regions, no symmetry, no closed form: the rules alone.
def plain_options(board):
    rows = [list(row) for row in board]
    found = []
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                if cell == "." and r2 < len(rows) and c2 < len(row) and rows[r2][c2] == ".":
                    after = [list(x) for x in rows]
                    after[r][c] = after[r2][c2] = "#"
                    found.append(tuple("".join(x) for x in after))
    return found


@cache
def plain_grundy(board):
    return naive_mex(plain_grundy(o) for o in plain_options(board))


def boards(max_rows=4, max_columns=4):
    """Boards of . and # up to the given size."""

    def build(shape):
        height, width = shape
        cells = st.lists(st.sampled_from(".#."), min_size=height * width, max_size=height * width)
        return cells.map(
            lambda c: tuple("".join(c[r * width : (r + 1) * width]) for r in range(height))
        )

    return st.tuples(st.integers(1, max_rows), st.integers(1, max_columns)).flatmap(build)


def half_turn_boards():
    """Boards equal to their half turn: a random top half, its image below."""

    def build(shape):
        height, width = shape
        count = height * width
        cells = st.lists(st.sampled_from(".#."), min_size=count, max_size=count)

        def symmetric(c):
            grid = [list(c[r * width : (r + 1) * width]) for r in range(height)]
            for r in range(height):
                for col in range(width):
                    if (r, col) > (height - 1 - r, width - 1 - col):
                        grid[r][col] = grid[height - 1 - r][width - 1 - col]
            return tuple("".join(row) for row in grid)

        return cells.map(symmetric)

    return st.tuples(st.integers(1, 4), st.integers(1, 5)).flatmap(build)


# ---------------------------------------------------------------- against the plain search
@settings(max_examples=150)
@given(boards())
def test_random_boards_agree_with_the_plain_search(board):
    game = Cram()
    assert game.grundy(board) == plain_grundy(board)
    assert game.grundy(board, use_formula=False) == plain_grundy(board)


@pytest.mark.parametrize("shape", ["2x2", "2x3", "2x5", "2x7", "3x3", "3x4", "3x5", "1x9", "4x4"])
def test_small_rectangles_agree_with_the_plain_search(shape):
    board = Cram().check_position(shape)
    assert Cram().grundy(board, use_formula=False) == plain_grundy(board)


def mask_grundy(rows, columns):
    """A plain memoised search over whole boards as bit masks (cell r * columns + c)."""
    dominoes = [(1 << i) | (1 << (i + columns)) for i in range((rows - 1) * columns)]
    dominoes += [3 << i for i in range(rows * columns) if i % columns < columns - 1]

    @cache
    def value(mask):
        return naive_mex(value(mask ^ d) for d in dominoes if mask & d == d)

    return value((1 << (rows * columns)) - 1)


@pytest.mark.parametrize(
    ("rows", "columns"),
    [(2, n) for n in range(1, 11)]
    + [(3, n) for n in range(1, 8)]
    + [pytest.param(*shape, marks=pytest.mark.slow) for shape in [(2, 11), (2, 12), (3, 8)]],
)
def test_two_and_three_rows_agree_with_a_plain_search(rows, columns):
    # No table of 2 x n and 3 x n values was found in a citable form: a second search.
    expected = mask_grundy(rows, columns)
    assert Cram().grundy(f"{rows}x{columns}") == expected
    assert Cram().grundy(f"{columns}x{rows}", use_formula=False) == expected


@settings(max_examples=60)
@given(boards(3, 4))
def test_every_image_of_a_board_has_its_value(board):
    game = Cram()
    values = {game.grundy(image) for image in board_images(board)}
    assert values == {plain_grundy(board)}


@settings(max_examples=60)
@given(boards(3, 3), boards(2, 3))
def test_a_sum_of_boards_is_the_xor(first, second):
    assert Cram().grundy(gr.Sum(first, second)) == plain_grundy(first) ^ plain_grundy(second)


@settings(max_examples=40)
@given(boards(3, 4))
def test_winning_moves_are_whole_boards_to_p_positions(board):
    game = Cram()
    found = game.winning_moves(board)
    expected = [o for o in plain_options(board) if plain_grundy(o) == 0]
    assert sorted(found) == sorted(set(expected)) and len(found) == len(set(found))
    for option in found:
        assert len(option) == len(board) and len(option[0]) == len(board[0])


@settings(max_examples=40)
@given(boards(3, 3))
def test_misere_outcome_agrees_with_a_plain_search(board):
    @cache
    def wins(b):  # misère: a player with no move wins
        options = plain_options(b)
        return not options or any(not wins(o) for o in options)

    expected = gr.Outcome.N if wins(board) else gr.Outcome.P
    assert Cram().outcome(board, misere=True) is expected


# ---------------------------------------------------------------- the closed forms
@settings(max_examples=120)
@given(half_turn_boards())
def test_the_mirror_theorems_hold_on_boards_equal_to_their_half_turn(board):
    verdict = half_turn_verdict(board)
    value = plain_grundy(board)
    if verdict == "P":
        assert value == 0
    elif verdict == "N":
        assert value != 0
        assert Cram().outcome(board) is gr.Outcome.N
    if verdict is not None:
        assert (Cram().formula(board) == 0) == (verdict == "P")


def test_every_verdict_occurs_on_rectangles():
    verdicts = {
        (h, w): half_turn_verdict(Cram().check_position(f"{h}x{w}"))
        for h in range(1, 7)
        for w in range(1, 7)
    }
    for (h, w), verdict in verdicts.items():
        expected = {0: "P", 1: "N", 2: None}[h % 2 + w % 2]
        assert verdict == expected, (h, w)


@pytest.mark.parametrize("shape", ["2x3", "4x3", "2x5", "2x7", "4x5"])
def test_even_by_odd_rectangles_are_n_positions(shape):
    game = Cram()
    assert game.outcome(shape) is gr.Outcome.N
    assert game.stats.positions == 0  # said by the theorem, nothing searched
    assert game.grundy(shape, use_formula=False) != 0


def test_a_strip_is_a_heap_of_dawsons_kayles():
    # CGSuite's values of 0.07 (n <= 20) and OEIS A002187, Dawson's chess (0.137), whose
    # heap n - 1 is Dawson's Kayles' heap n (tests/data); the strips through grundy.heaps.
    published = read_pairs("cgsuite_dawsons_kayles_0.07_nim_values.txt")
    chess = read_pairs("A002187_dawsons_chess_0.137.txt")
    assert all(published[n] == chess[n - 1] for n in published)
    published |= {n: chess[n - 1] for n in range(1, 27)}
    game = Cram()
    for n in range(1, 27):
        assert game.grundy(f"1x{n}") == published[n] == game.grundy(f"{n}x1")
        assert game.stats.positions == 0  # every strip from the closed form
    for n in range(1, 15):
        assert Cram().grundy(f"1x{n}", use_formula=False) == published[n]


@settings(max_examples=60)
@given(st.lists(st.sampled_from(".#"), min_size=1, max_size=26))
def test_a_strip_with_blocked_cells_is_a_sum_of_heaps(cells):
    board = ("".join(cells),)
    runs = board[0].split("#")
    assert Cram().formula(board) == gr.nim_sum(*(DawsonsKayles.grundy(len(r)) for r in runs))
    assert Cram().grundy(board) == plain_grundy(board)


# ---------------------------------------------------------------- the partizan route
@settings(max_examples=60)
@given(boards(3, 4))
def test_the_partizan_cram_has_the_nimber_of_the_sg_value(board):
    assert PartizanCram().value(board) is nimber(Cram().grundy(board))


@pytest.mark.parametrize("shape", ["3x3", "2x5", "3x4", "4x4"])
def test_the_partizan_cram_agrees_on_rectangles(shape):
    assert PartizanCram().value(shape) is nimber(Cram().grundy(shape))


def test_the_impartial_game_seen_as_partizan_agrees():
    seen = ImpartialAsPartizan(Cram())
    for board in ("3x4", "..#.|....|.#..", "2x5"):
        assert seen.value(board) is PartizanCram().value(board)


def test_the_partizan_reference_row_through_the_impartial_game():
    # CGSuite's GameGridTest row "Cram": game.grid.Cram(".........|##.######") = *4.
    assert Cram().grundy(".........|##.######") == 4


# ---------------------------------------------------------------- published values
def beling_rows():
    lines = (DATA / "beling_cram_nimbers.tsv").read_text().splitlines()
    assert lines[0].startswith("# source:")
    body = [line.split("\t") for line in lines if line and not line.startswith("#")]
    assert body[0] == ["rows", "columns", "nimber"]
    return [(int(r), int(c), int(v)) for r, c, v in body[1:]]


#: Positions the test may search for one board: the larger rows are searched in the slow
#: run, the largest not at all (Beling's solver, in Rust with a transposition table and
#: pruning, took minutes for some of them).
FAST, SLOW = 100_000, 3_000_000


def beling_cases():
    cases = []
    for rows, columns, value in beling_rows():
        board = Cram().check_position(f"{rows}x{columns}")
        size = Cram().search_size(board)
        marks = []
        if size is not None and size > SLOW:
            marks.append(pytest.mark.skip(reason=f"a search of about {size:,} regions"))
        elif size is not None and size > FAST:
            marks.append(pytest.mark.slow)
        cases.append(pytest.param(rows, columns, value, marks=marks, id=f"{rows}x{columns}"))
    return cases


@pytest.mark.parametrize(("rows", "columns", "value"), beling_cases())
def test_published_nimbers_of_empty_boards(rows, columns, value):
    game = Cram()
    assert game.grundy(f"{rows}x{columns}") == value
    assert game.grundy(f"{columns}x{rows}") == value
    if rows % 2 == 0 and columns % 2 == 0:
        assert game.stats.positions == 0  # the mirror theorem, no search


def test_the_reference_table_has_every_row_it_names():
    assert len(beling_rows()) == 30
    searched = [c for c in beling_cases() if not c.marks]
    assert {c.id for c in searched} >= {"4x5", "5x5", "4x4", "6x6"}


# ---------------------------------------------------------------- work counted
def test_the_search_stores_a_region_once_for_its_images():
    game = Cram()
    assert game.grundy("4x5") == 2
    assert 1_000 < game.stats.positions <= 2_500  # a plain search stores every board
    game.clear_cache()
    assert game.grundy("5x4") == 2 and game.stats.positions <= 2_500


def test_a_board_past_the_limit_is_refused_before_any_search():
    game = Cram().limited_to(10_000)
    with pytest.raises(gr.PositionLimitError, match=r"Cram\(\): no closed form values"):
        game.grundy("5x7")
    assert game.stats.positions == 0
    assert search_estimate(35) > 10_000


def test_the_search_stops_at_the_limit():
    game = Cram().limited_to(300)
    with pytest.raises(gr.PositionLimitError):
        game.grundy("3x9", use_formula=False)


# ---------------------------------------------------------------- notation and errors
@pytest.mark.parametrize(
    ("given_", "message"),
    [
        ("4x", "is not a board|cells are"),
        ("..|.", "row 2 of '..|.' has 1 cells"),
        ("..|.x", "cell b2 of '..|.x' is 'x'"),
        ("27x1", "1 to 26 rows and columns"),
        ("0x3", "1 to 26 rows and columns"),
        ("", "no board given"),
        (42, "is not a board"),
    ],
)
def test_bad_boards_are_one_line_errors(given_, message):
    with pytest.raises(gr.InvalidPositionError, match=message) as info:
        Cram().grundy(given_)
    assert isinstance(info.value, ValueError) and "\n" not in str(info.value)


def test_notation_round_trips_and_moves_are_named():
    game = Cram()
    board = game.parse_position(["..#", "..."])
    assert game.format_position(board) == "..#|..."
    assert game.parse_position([game.format_position(board)]) == board
    after = game.parse_move(board, "a1-a2")
    assert after == ("#.#", "#..") and game.describe_move(board, after) == "a1-a2"
    assert game.parse_move(board, "b2 c2") == ("..#", ".##")
    assert game.parse_move(board, "..#|...") is None
    with pytest.raises(gr.InvalidPositionError, match="not neighbours"):
        game.parse_move(board, "a1-b2")
    with pytest.raises(gr.InvalidPositionError, match="not on two empty cells"):
        game.parse_move(board, "b1-c1")
    assert game.draw(board).splitlines() == ["  a b c", "1 . . #", "2 . . ."]


def test_explain_names_the_theory():
    game = Cram()
    assert game.explain("1x6") == (
        "a strip of 6 cells is a heap of 6 in Dawson's Kayles (0.07): value = 3"
    )
    assert game.explain("2x2").endswith("value = 0") and "half turn" in game.explain("2x2")
    assert game.explain("..#..|#####") == "XOR of the regions' values: 1 ⊕ 1 = 0"
    assert game.explain("2x3") == "mex of the options' values {0, 2} = 1"


def test_the_command_line_values_a_board(capsys):
    data = run_cli_json(capsys, "value", "cram", "4x5")
    assert data["grundy"] == 2 and data["outcome"] == "N"
    status, out, err = run_cli(capsys, "value", "cram", "4x")
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1 and not out
