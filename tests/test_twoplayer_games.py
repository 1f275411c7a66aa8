"""Tic-tac-toe, connect four and give-and-take: rules, notation, and their integer encodings."""

from __future__ import annotations

import functools
import itertools
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import InvalidGameError, InvalidPositionError
from grundy.twoplayer.game import Value
from grundy.twoplayer.games.connect_four import ConnectFour
from grundy.twoplayer.games.give_and_take import GiveAndTake
from grundy.twoplayer.games.tictactoe import TicTacToe

MODES = ["jit", "python"]


# ----------------------------------------------------------------- oracles written here
def reachable(game, start=None, depth=None) -> list:
    """Every position reachable from `start` (default the game's), breadth first."""
    start = game.start() if start is None else start
    seen, layer, found = {start}, [start], [start]
    for _ in itertools.count() if depth is None else range(depth):
        layer = [q for p in layer for q in game.moves(p) if q not in seen and not seen.add(q)]
        if not layer:
            break
        found += layer
    return found


def negamax(game, position) -> int:
    """The score for the player to move (+1 win, 0 tie, -1 loss), memoised by symmetry."""

    @functools.cache
    def score(p) -> int:
        options = game.moves(p)
        if not options:
            sign = 1 if game.to_move(p) == 0 else -1
            return sign * game.payoff(p)
        return max(-score(game.canonical(q)) for q in options)

    return score(game.canonical(position))


def fixpoint_values(game, positions) -> dict:
    """Values for the player to move by iterating value assignments until stable.

    First wins and losses (a win has an option lost for the opponent, a loss has only
    options won by the opponent), from the ended positions; then ties spread among the
    rest (an option that is a tie, and no better one exists there); the rest never end.
    """
    value = {p: game.end_value(p) for p in positions if not game.moves(p)}
    changed = True
    while changed:
        changed = False
        for p in positions:
            if p in value:
                continue
            options = [value.get(q) for q in game.moves(p)]
            if Value.LOSS in options:
                value[p], changed = Value.WIN, True
            elif all(v is Value.WIN for v in options):
                value[p], changed = Value.LOSS, True
    changed = True
    while changed:
        changed = False
        for p in positions:
            if p not in value and any(value.get(q) is Value.TIE for q in game.moves(p)):
                value[p], changed = Value.TIE, True
    return {p: value.get(p, Value.DRAW) for p in positions}


def kernels(game, mode):
    encoding = game.encoding
    moves, end_value, canonical = encoding.moves, encoding.end_value, encoding.canonical
    if mode == "python":
        moves, end_value = moves.py_func, end_value.py_func
        canonical = canonical.py_func if canonical is not None else None
    return encoding, moves, end_value, canonical


def check_encoding_at(game, positions, mode) -> None:
    """The coded rules agree with the Python rules at every one of `positions`."""
    encoding, moves, end_value, canonical = kernels(game, mode)
    out = np.empty(encoding.max_moves, dtype=np.int64)
    sign = {Value.WIN: 1, Value.TIE: 0, Value.LOSS: -1}
    for p in positions:
        code = encoding.encode(p)
        assert encoding.decode(code) == p
        count = moves(code, out)
        options = game.moves(p)
        assert sorted(int(c) for c in out[:count]) == sorted(encoding.encode(q) for q in options)
        if not options:
            assert int(end_value(code)) == sign[game.end_value(p)], p
        if canonical is not None:
            assert int(canonical(code)) == encoding.encode(game.canonical(p)), p


# ----------------------------------------------------------------- tic-tac-toe
def test_tictactoe_counts():
    game = TicTacToe()
    positions = reachable(game)
    assert len(positions) == 5478
    assert len({game.canonical(p) for p in positions}) == 765
    assert game.name == "tictactoe" and repr(game) == "tictactoe"


def test_tictactoe_legal_positions_are_the_reachable_ones():
    game = TicTacToe()
    legal = set()
    for cells in itertools.product(".xo", repeat=9):
        try:
            legal.add(game.check_position("".join(cells)))
        except InvalidPositionError:
            pass
    assert legal == set(reachable(game))


@pytest.mark.parametrize("mode", MODES)
def test_tictactoe_encoding_agrees_everywhere(mode):
    check_encoding_at(TicTacToe(), reachable(TicTacToe()), mode)


def test_tictactoe_start_is_a_tie():
    game = TicTacToe()
    assert negamax(game, game.start()) == 0
    assert negamax(game, "x...o....") == 0  # x in a corner, o in the centre: still a tie
    assert negamax(game, "xo.......") == 1  # o next to it on an edge loses


def test_tictactoe_rules():
    game = TicTacToe()
    assert game.moves("xxxoo....") == [] and game.payoff("xxxoo....") == 1
    assert game.end_value("xxxoo....") is Value.LOSS
    assert game.payoff("xoxxoxoxo") == 0 and game.moves("xoxxoxoxo") == []
    assert game.to_move("xo.......") == 0 and game.to_move("x........") == 1
    assert game.moves("xoxxooox.") == ["xoxxooox" + "x"]


def test_tictactoe_notation_round_trips():
    game = TicTacToe()
    for p in reachable(game)[::37]:
        assert game.parse_position([game.format_position(p)]) == p
        assert game.parse_position(game.format_position(p).split("/")) == p
        assert game.parse_position([p]) == p
        assert game.position_from_json(game.position_to_json(p)) == p
    assert game.parse_position([]) == game.start()
    assert game.parse_position(["X_-", "-O-", "..."]) == "x...o...."
    assert game.describe_move("xo.......", "xo......x") == "x at c3"


def test_tictactoe_moves_are_typed_as_describe_move_names_them():
    # every move of every position: parse_move reads the cell describe_move names, in
    # all three spellings (b2, the number 1-9, row and column)
    game = TicTacToe()
    for p in reachable(game)[::7]:
        for after in game.moves(p):
            cell = game.describe_move(p, after).split(" at ")[1]
            column, row = "abc".index(cell[0]) + 1, int(cell[1])
            for text in (cell, cell.upper(), str(3 * (row - 1) + column), f"{row} {column}"):
                assert game.parse_move(p, text) == after, (p, text)


def test_tictactoe_parse_move_refuses_cells_it_cannot_mark():
    game = TicTacToe()
    assert game.parse_move("x........", "xo./.../...") is None  # no cell: a whole board
    assert game.parse_move("x........", "left") is None
    for text, problem in [
        ("a1", "cell a1 is taken (x)"),
        ("10", "there is no cell 10"),
        ("d1", "there is no cell 'd1'"),
        ("4 1", "there is no cell '4 1'"),
    ]:
        with pytest.raises(InvalidPositionError, match=re.escape(problem)):
            game.parse_move("x........", text)
    with pytest.raises(InvalidPositionError, match="the game is over"):
        game.parse_move("xxxoo....", "9")


def test_tictactoe_draw_names_rows_and_columns():
    assert TicTacToe().draw("xo......x") == "  a b c\n1 x o .\n2 . . .\n3 . . x"


def test_connect_four_moves_are_typed_as_describe_move_names_them():
    game = ConnectFour(5, 4)
    for p in reachable(game, depth=4)[::11]:
        for after in game.moves(p):
            column = int(game.describe_move(p, after).split()[-1])
            assert game.parse_move(p, str(column)) == after
            assert game.parse_move(p, "abcde"[column - 1]) == after
    assert game.parse_move(game.start(), "xo - - - -") is None  # a whole position
    assert game.parse_move(game.start(), "z") is None
    for text, problem in [("0", "column 0 is not one of 1..5"), ("6", "not one of 1..5")]:
        with pytest.raises(InvalidPositionError, match=problem):
            game.parse_move(game.start(), text)
    with pytest.raises(InvalidPositionError, match="column 1 is full"):
        game.parse_move(("xoxo", "", "", "", ""), "a")
    assert game.move_notation() == "a column: 1-5 or a-e"
    assert ConnectFour(27, 1).move_notation() == "a column: 1-27"  # past z: numbers only


def test_connect_four_draw_is_the_board_upright_with_column_numbers():
    assert ConnectFour(4, 3).draw(("xo", "", "x", "")) == ". . . .\no . . .\nx . x .\n1 2 3 4"
    wide = ConnectFour(12, 1).draw(("x",) + ("",) * 11)  # two characters a column
    assert wide == " x" + "  ." * 11 + "\n 1  2  3  4  5  6  7  8  9 10 11 12"


def test_games_without_a_board_keep_the_defaults():
    game = GiveAndTake(4)
    start = game.start()
    assert game.draw(start) == game.format_position(start)
    assert game.parse_move(start, "3") is None
    assert game.move_notation() == "the position after your move"


@pytest.mark.parametrize(
    "tokens", [["xo"], ["xo.", "..."], ["xo.", "...", "..?"], ["xo..", "...", ".."], ["x" * 9]]
)
def test_tictactoe_bad_words(tokens):
    with pytest.raises(InvalidPositionError):
        TicTacToe().parse_position(tokens)


@pytest.mark.parametrize(
    "position, problem",
    [
        ("xo", "2 cells"),
        ("xo.......x", "10 cells"),
        ("xa.......", "'a'"),
        (42, "not a string"),
        ("oo.......", "0 x and 2 o"),
        ("xx.......", "2 x and 0 o"),
        ("xxxooo...", "both"),
        ("xxxoo.o..", "moved after"),
        ("oooxx.xx.", "moved after"),
    ],
)
def test_tictactoe_bad_positions(position, problem):
    with pytest.raises(InvalidPositionError, match=problem):
        TicTacToe().check_position(position)
    with pytest.raises(InvalidPositionError):
        TicTacToe().position_from_json(position)


def test_tictactoe_decode_checks_the_code():
    with pytest.raises(InvalidPositionError):
        TicTacToe().encoding.decode(3**9)


# ----------------------------------------------------------------- connect four
@pytest.mark.parametrize("args", [(0, 4), (4, 0), (4, 4, 1), (9, 7), (4.0, 4), (True, 4)])
def test_connect_four_bad_parameters(args):
    with pytest.raises(InvalidGameError):
        ConnectFour(*args)


def test_connect_four_names():
    assert ConnectFour().name == "connect-four:7x6"
    assert repr(ConnectFour(4, 4)) == "connect-four:4x4"
    assert ConnectFour(5, 4, 3).name == "connect-four:5x4/3"
    assert ConnectFour(9, 6).encoding.max_moves == 9  # 63 bits: the largest 6-high board


def test_connect_four_small_counts():
    # two independent counts: Python rules here, the compiled encoding in the slow test
    assert len(reachable(ConnectFour(3, 4))) == 6000
    assert len(reachable(ConnectFour(4, 3))) == 12031


@pytest.mark.slow
def test_connect_four_4x4_count():
    game = ConnectFour(4, 4)
    positions = reachable(game)
    assert len(positions) == 161_029
    assert len({game.canonical(p) for p in positions}) == 80_541


@pytest.mark.parametrize("mode", MODES)
def test_connect_four_encoding_agrees_near_the_start(mode):
    game = ConnectFour(4, 4)
    positions = reachable(game, depth=6)
    assert len(positions) == 1 + 4 + 16 + 52 + 160 + 436 + 1128  # 0..6 pieces
    check_encoding_at(game, positions, mode)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("size", [(5, 4, 4), (7, 6, 4), (4, 4, 3), (3, 5, 2), (9, 6, 5)])
@settings(max_examples=40, deadline=None)
@given(choices=st.lists(st.integers(0, 8), max_size=54))
def test_connect_four_encoding_agrees_on_playouts(mode, size, choices):
    game = ConnectFour(*size)
    position, line = game.start(), [game.start()]
    for choice in choices:
        options = game.moves(position)
        if not options:
            break
        position = options[choice % len(options)]
        line.append(position)
    check_encoding_at(game, line, mode)
    check_encoding_at(game, [p[::-1] for p in line], mode)


def test_connect_four_values():
    assert negamax(ConnectFour(3, 4), ConnectFour(3, 4).start()) == 0
    assert negamax(ConnectFour(4, 3), ConnectFour(4, 3).start()) == 0
    assert negamax(ConnectFour(3, 3, 3), ConnectFour(3, 3, 3).start()) == 0
    assert negamax(ConnectFour(4, 3, 3), ConnectFour(4, 3, 3).start()) == 1
    assert negamax(ConnectFour(2, 2, 2), ConnectFour(2, 2, 2).start()) == 1


@pytest.mark.slow
def test_connect_four_4x4_is_a_tie():
    assert negamax(ConnectFour(4, 4), ConnectFour(4, 4).start()) == 0


def test_connect_four_rules():
    game = ConnectFour(4, 4)
    vertical = ("xxxx", "ooo", "", "")
    diagonal = ("xo", "ox", "xox", "oxox")  # x from bottom left to top right
    assert game.moves(vertical) == [] and game.payoff(vertical) == 1
    assert game.end_value(vertical) is Value.LOSS
    assert game.check_position(diagonal) and game.moves(diagonal) == []
    assert game.payoff(diagonal) == 1
    across = ("xo", "xo", "xo", "x")
    assert game.payoff(game.check_position(across)) == 1 and game.moves(across) == []
    assert game.moves(("xo", "xo", "xo", "")) == [
        ("xox", "xo", "xo", ""),
        ("xo", "xox", "xo", ""),
        ("xo", "xo", "xox", ""),
        ("xo", "xo", "xo", "x"),
    ]
    full = ("xoxo", "xoxo", "oxox", "oxox")
    assert game.moves(full) == [] and game.payoff(full) == 0
    assert ConnectFour(1, 1).moves(("x",)) == []
    assert game.to_move(("x", "", "", "")) == 1


def test_connect_four_notation_round_trips():
    game = ConnectFour(4, 4)
    for p in reachable(game, depth=5)[::29]:
        text = game.format_position(p)
        assert game.parse_position([text]) == p
        assert game.parse_position(text.split("|")) == p
        assert game.position_from_json(game.position_to_json(p)) == p
    assert game.parse_position([]) == game.start()
    assert game.parse_position(["moves:", "1,", "2", "1"]) == ("xx", "o", "", "")
    assert game.format_position(game.start()) == "-|-|-|-"
    assert game.describe_move(("x", "", "", ""), ("x", "", "", "o")) == "o in column 4"


@pytest.mark.parametrize(
    "tokens, problem",
    [
        (["x", "o"], "2 columns"),
        (["xxxxx", "-", "-", "-"], "5 pieces"),
        (["xa", "-", "-", "-"], "'xa'"),
        (["oo", "-", "-", "-"], "0 x and 2 o"),
        (["xxxx", "ooo", "o", "-"], "moved after"),
        (["xxxx", "oooo", "-", "-"], "both"),
        (["moves:1,1,1,1,1"], "column 1 is full"),
        (["moves:5"], "not one of 1..4"),
        (["moves:1,x"], "not a column"),
        (["moves:1,2,1,2,1,2,1,2"], "the game is over"),
    ],
)
def test_connect_four_bad_positions(tokens, problem):
    with pytest.raises(InvalidPositionError, match=problem):
        ConnectFour(4, 4).parse_position(tokens)


def test_connect_four_decode_checks_the_code():
    with pytest.raises(InvalidPositionError):
        ConnectFour(2, 2).encoding.decode(0b001_000)  # column 1 has no height mark
    with pytest.raises(InvalidPositionError):
        ConnectFour(2, 2).encoding.decode(1 << 6)


# ----------------------------------------------------------------- give and take
def closed_form(size, position) -> Value:
    heap, player = position
    if player == 0:
        return Value.WIN if heap % 3 else Value.TIE if heap == size else Value.DRAW
    return Value.WIN if heap <= 2 else Value.LOSS if heap % 3 == 0 else Value.DRAW


@pytest.mark.parametrize("size", range(1, 13))
def test_give_and_take_values(size):
    game = GiveAndTake(size)
    positions = [(h, m) for h in range(size + 2) for m in (0, 1)]
    values = fixpoint_values(game, positions)
    for p in positions:
        if game.moves(p):
            assert values[p] is closed_form(size, p), p
    from_start = {values[p] for p in reachable(game)}
    assert (from_start == set(Value)) == (size >= 5)


def test_give_and_take_has_all_four_values_from_the_start():
    game = GiveAndTake(6)
    positions = reachable(game)
    values = fixpoint_values(game, positions)
    assert set(values.values()) == set(Value)
    assert values[game.start()] is Value.TIE
    assert values[(3, 0)] is Value.DRAW and values[(3, 1)] is Value.LOSS
    assert values[(4, 0)] is Value.WIN and values[(7, 1)] is Value.TIE


@pytest.mark.parametrize("mode", MODES)
def test_give_and_take_encoding_agrees(mode):
    for size in (1, 2, 6, 7):
        game = GiveAndTake(size)
        check_encoding_at(game, [(h, m) for h in range(size + 2) for m in (0, 1)], mode)


def test_give_and_take_notation():
    game = GiveAndTake(6)
    for p in [(h, m) for h in range(8) for m in (0, 1)]:
        assert game.parse_position([game.format_position(p)]) == p
        assert game.parse_position(game.format_position(p).split()) == p
        assert game.position_from_json(game.position_to_json(p)) == p
    assert game.parse_position([]) == (6, 0) and repr(game) == "give-and-take:6"
    assert game.describe_move((2, 1), (0, 0)) == "o takes 2"
    assert game.describe_move((2, 0), (3, 1)) == "x gives 1 back"


@pytest.mark.parametrize("tokens", [["8"], ["-1"], ["3", "z"], ["3", "o", "x"], ["three"], [""]])
def test_give_and_take_bad_positions(tokens):
    with pytest.raises(InvalidPositionError):
        GiveAndTake(6).parse_position(tokens)


@pytest.mark.parametrize("data", [[3], [3, "y"], "3 x", [3.5, "x"], [9, "o"]])
def test_give_and_take_bad_json(data):
    with pytest.raises(InvalidPositionError):
        GiveAndTake(6).position_from_json(data)


@pytest.mark.parametrize("size", [0, -3, 2.5, True])
def test_give_and_take_bad_size(size):
    with pytest.raises(InvalidGameError):
        GiveAndTake(size)


def test_import_stays_light():
    import subprocess
    import sys

    # numba and numpy wait until an encoding is used
    code = (
        "import sys, grundy.twoplayer.games.tictactoe, grundy.twoplayer.games.connect_four, "
        "grundy.twoplayer.games.give_and_take; "
        "print('numba' in sys.modules or 'numpy' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_kernels_specialised_per_game_are_not_cached_on_disk():
    """Regression: the exploration kernels, compiled for each process's own move functions,
    were cached on disk; the index only grew, and once large, re-saving it failed in numba
    ("underlying object has vanished"), so solving crashed in a new process."""
    from grundy.twoplayer import _kernels

    for kernel in (_kernels.explore_codes, _kernels.end_values):
        assert type(kernel._cache).__name__ == "NullCache"
