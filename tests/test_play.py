"""Playing against perfect play: the engine's replies, move checking, and ``grundy play``."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.app import registry
from grundy.app.play import engine_reply, is_option, iter_options, read_move
from grundy.cli import main
from grundy.games import Nim, SubtractionGame


def play(monkeypatch, capsys, argv: list[str], typed: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    with pytest.raises(SystemExit) as info:
        main(["play", *argv])
    out, err = capsys.readouterr()
    return info.value.code, out, err


@given(st.lists(st.integers(0, 6), min_size=1, max_size=3), st.booleans())
def test_engine_playing_both_sides_wins_exactly_from_n_positions(heaps, misere):
    game, position = Nim(), tuple(heaps)
    first_player_wins = game.outcome(position, misere=misere) is gr.Outcome.N
    mover = 0
    while (reply := engine_reply(game, position, misere=misere)) is not None:
        assert is_option(game, position, reply.move)
        position, mover = reply.move, 1 - mover
    last_mover = 1 - mover
    assert (last_mover == 0) == (first_player_wins != misere)


def test_iter_options_is_lazy_and_matches_moves():
    assert next(iter_options(Nim(), 10**30)) == 0
    game = SubtractionGame([1, 3])
    assert list(iter_options(game, (4, 2))) == game.moves((4, 2))


def test_read_move_rejects_illegal_moves_and_picks_listed_ones():
    game = SubtractionGame([1, 3])
    assert read_move(game, (4, 2), ["1", "2"]) == (1, 2)
    with pytest.raises(gr.InvalidPositionError, match="cannot be reached from 4 2"):
        read_move(game, (4, 2), ["2", "2"])
    assert read_move(game, (4, 2), ["#2"], listed=[(3, 2), (1, 2)]) == (1, 2)
    with pytest.raises(gr.InvalidPositionError, match="pick a move #1 to #2"):
        read_move(game, (4, 2), ["#5"], listed=[(3, 2), (1, 2)])


def test_cli_play_person_wins_from_an_n_position(monkeypatch, capsys):
    status, out, err = play(monkeypatch, capsys, ["nim", "1", "2", "--first", "me"], "1 1\n0 0\n")
    assert status == 0, err
    assert "I move to 0 1" in out and "You win!" in out


def test_cli_play_engine_wins_from_a_p_position_and_says_so(monkeypatch, capsys):
    typed = "hint\n3 2\n1 2\n0 1\n"  # 3 2 is illegal: a second try follows
    status, out, err = play(monkeypatch, capsys, ["nim", "2", "2"], "me\n" + typed)
    assert status == 0, err
    assert "Your position is lost" in out and "No winning move" in out
    assert "illegal move: 3 2 cannot be reached from 2 2" in err
    assert "I move to 1 1" in out and out.rstrip().endswith("I win.")


def test_cli_play_engine_first_and_quit(monkeypatch, capsys):
    status, out, _ = play(monkeypatch, capsys, ["bash:3", "10", "--first", "engine"], "quit\n")
    assert status == 0
    assert "I move to 8" in out and "Your position is now lost" in out and "Bye." in out


def test_cli_play_misere(monkeypatch, capsys):
    # misère Nim 1 1: the person moves to a single 1, the engine must take the last token
    status, out, _ = play(
        monkeypatch, capsys, ["nim", "1", "1", "--misere", "--first", "me"], "0 1\n"
    )
    assert status == 0 and "No move is left. You win!" in out


def test_cli_play_bad_first_option_is_a_one_line_error(monkeypatch, capsys):
    status, _, err = play(monkeypatch, capsys, ["nim", "3", "--first", "nobody"], "")
    assert status == 2
    assert err.count("\n") == 1 and "'nobody' is not 'me' or 'engine'" in err


# ----------------------------------------------------------------- two-player games
def test_cli_play_tictactoe_engine_never_loses(monkeypatch, capsys):
    # The person always takes the first listed move; the engine, perfect, never loses.
    typed = "moves\n#1\n" * 5
    status, out, err = play(monkeypatch, capsys, ["tictactoe", "--first", "me"], typed)
    assert status == 0, err
    assert "You win!" not in out and ("I win." in out or "A tie." in out)
    assert "(perfect play from here: you tie in 9)" in out


def test_cli_play_tictactoe_typed_board_hint_and_illegal_move(monkeypatch, capsys):
    typed = "hint\nxo./.../...\n..x/.../...\nquit\n"
    status, out, err = play(monkeypatch, capsys, ["tictactoe", "--first", "me"], typed)
    assert status == 0
    assert "A best move: x at a1" in out and "I play o at b2" in out
    assert "illegal move" in err


def test_cli_play_tictactoe_draws_a_grid_and_takes_cells(monkeypatch, capsys):
    # b2, then the cell number 1 (a1), then row 3 column 3 (c3): three ways to name a cell
    status, out, err = play(
        monkeypatch, capsys, ["tictactoe", "--first", "me"], "b2\n1\n3 3\nquit\n"
    )
    assert status == 0, err
    assert "Type a cell: b2 (column a-c, row 1-3), 5 (1-9 in reading order)" in out
    assert "\n  a b c\n1 . . .\n2 . . .\n3 . . .\n" in out  # the empty board, a grid
    assert "\n  a b c\n1 . . .\n2 . x .\n3 . . .\nI play o at a1\n" in out
    assert "tictactoe: cell a1 is taken (o); try again" in err  # 1 is a1, o's cell
    assert "\n  a b c\n1 o . .\n2 . x .\n3 . . x\nI play o at " in out
    assert "position:" not in out


def test_cli_play_tictactoe_moves_and_hint_name_cells_as_typed(monkeypatch, capsys):
    status, out, err = play(
        monkeypatch, capsys, ["tictactoe", "--first", "me"], "moves\nhint\nc3\nd4\n0\nquit\n"
    )
    assert status == 0, err
    assert "  #1  x at a1   (tie for you)" in out and "  #9  x at c3   (tie for you)" in out
    assert "A best move: x at a1" in out
    assert "there is no cell 'd4'" in err and "there is no cell 0" in err


def test_cli_play_tictactoe_words_that_are_no_move_say_how_to_move(monkeypatch, capsys):
    status, _, err = play(monkeypatch, capsys, ["tictactoe", "--first", "me"], "left\nquit\n")
    assert status == 0
    assert "cannot read a move from 'left'; type a cell: b2" in err


def test_cli_play_connect_four_by_column_number_or_letter(monkeypatch, capsys):
    status, out, err = play(
        monkeypatch, capsys, ["connect-four:4x3", "--first", "me"], "2\nb\nb\nb\nquit\n"
    )
    assert status == 0, err
    assert "Type a column: 1-4 or a-d, or:" in out
    assert "\n. . . .\n. . . .\n. x . .\n1 2 3 4\nI play o in column" in out
    assert "column 2 is full" in err  # x, o and x (typed 2, b, b) fill column 2 (height 3)


def test_cli_play_end_of_input_quits(monkeypatch, capsys):
    # moves read from a file that runs out: the game ends as if 'quit' was typed
    status, out, err = play(monkeypatch, capsys, ["nim", "3", "4", "--first", "me"], "")
    assert status == 0 and out.rstrip().endswith("Bye.") and err == ""
    status, out, _ = play(monkeypatch, capsys, ["nim", "3", "4"], "")  # at "who moves first"
    assert status == 0 and out.rstrip().endswith("Bye.")


def test_cli_play_ctrl_c_at_the_prompt_is_one_line(monkeypatch, capsys):
    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    with pytest.raises(SystemExit) as info:
        main(["play", "nim", "3", "4", "--first", "me"])
    _, err = capsys.readouterr()
    assert info.value.code == 130 and err == "interrupted\n"


def test_read_move_takes_a_game_s_own_move_notation():
    from grundy.games import ConnectFour, TicTacToe

    game = TicTacToe()
    assert read_move(game, "x........", ["5"]) == "x...o...."
    assert read_move(game, "x........", ["2", "2"]) == "x...o...."
    assert read_move(game, "x........", ["x...o...."]) == "x...o...."  # the whole board
    with pytest.raises(gr.InvalidPositionError, match="cell b2 is taken"):
        read_move(game, "x...o....", ["B2"])
    four = ConnectFour(4, 4)
    assert read_move(four, four.start(), ["d"]) == read_move(four, four.start(), ["4"])
    with pytest.raises(gr.InvalidPositionError, match="cannot read a move from 'z'"):
        read_move(four, four.start(), ["z"])


def test_cli_play_give_and_take_engine_first(monkeypatch, capsys):
    # From the start x's best is a tie at once: give a counter back to the full heap.
    status, out, _ = play(monkeypatch, capsys, ["give-and-take:3", "--first", "engine"], "")
    assert status == 0 and "I play x overflows the heap" in out and "A tie." in out


VALUE_EXAMPLES = [  # impartial games (a partizan one is played through PartizanPlay)
    d["example"]
    for d in registry.describe_games()
    if d["command"] == "value" and registry.find(d["example"].split()[0]).kind == "impartial"
]


@pytest.mark.parametrize("example", VALUE_EXAMPLES)
def test_a_move_is_legal_exactly_when_the_rules_list_it(example):
    # Candidates: every option and every option of an option, as the game writes them,
    # and the start with a part dropped or added (Moore's Nim took "5" from "3 4 5")
    spec, *words = example.split()
    game = registry.find(spec)
    start = game.check_position(game.parse_position(words))
    options = list(iter_options(game, start))
    texts = {" ".join(words[:-1]), " ".join([*words, "0"]), " ".join([*words, *words])}
    for option in options[:30]:
        texts.add(game.format_position(option))
        texts.update(game.format_position(o) for o in list(iter_options(game, option))[:10])
    checked = 0
    for text in texts:
        try:
            after = game.check_position(game.parse_position(text.split()))
        except gr.InvalidPositionError:
            continue
        if after not in options and any(_same_heaps(after, o) for o in options):
            continue  # a split written in the other order (Kayles 5 -> 2 1 or 1 2): legal
        checked += 1
        if after in options:
            assert read_move(game, start, text.split()) == after
        else:
            with pytest.raises(gr.InvalidPositionError, match="illegal move"):
                read_move(game, start, text.split())
    assert checked >= 3


def _same_heaps(a: object, b: object) -> bool:
    try:
        return isinstance(a, tuple) and isinstance(b, tuple) and sorted(a) == sorted(b)
    except TypeError:  # not heaps: a digraph's position is its edges and its tokens
        return False


def test_cli_play_moore_refuses_a_position_of_equal_value_that_is_no_move(monkeypatch, capsys):
    typed = "5\n3 4\n1 2 5\nquit\n"
    status, out, err = play(monkeypatch, capsys, ["moore:2", "3", "4", "5", "--first", "me"], typed)
    assert status == 0, err
    assert out.count("illegal move") + err.count("illegal move") == 2
    assert "position: 1 2 5" in out


def test_web_move_refuses_a_moore_position_that_is_no_move():
    from grundy.web import compute  # the API's /api/move answered 500 (zip() too short)

    with pytest.raises(gr.InvalidPositionError, match="illegal move: 5 cannot be reached"):
        compute.move("moore:2", "3 4 5", "5")
    assert compute.move("moore:2", "3 4 5", "3 0 1")["position_text"] == "3 0 1"


@pytest.mark.parametrize("word", ["#²", "#٣", "#-1", "#" + "9" * 5000])
def test_a_listed_move_number_that_is_no_ascii_integer_is_one_line(word):
    with pytest.raises(gr.InvalidPositionError, match="pick a move #1 to #2"):
        read_move(Nim(), (1, 2), [word], listed=[(0, 2), (1, 1)])
