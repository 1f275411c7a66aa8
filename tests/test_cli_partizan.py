"""``grundy cgt`` and ``grundy value`` for partizan games: canonical forms, temperature and
winning moves from the shell, and their refusals."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli as run
from conftest import run_cli_json as run_json

from grundy.app.partizan_reports import canonical_report
from grundy.partizan import parse


def test_cgt_prints_the_theory_of_a_game(capsys):
    status, out, err = run(capsys, "cgt", "{3||2+*|1+*}")
    assert status == 0, err
    assert out.splitlines() == [
        "{3||2+*|1+*}",
        "  value          {3||2*|1*}",
        "  outcome        L (Left wins)",
        "  stops          left 3, right 2",
        "  mean           9/4",
        "  temperature    3/4",
        "  thermograph    Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])",
        "  reduced        {3||2|1}",
        "  birthday       5",
    ]


def test_cgt_json_cools_and_heats_like_cgsuite(capsys):
    # CGSuite's GameTest: {3||2+*|1+*}.Cool(1/2) = {5/2|2*}, .Heat(1) = {4|||3|1||0|-2}
    assert run_json(capsys, "cgt", "{3||2+*|1+*}", "--cool", "1/2")["value"] == "{5/2|2*}"
    assert run_json(capsys, "cgt", "{3||2+*|1+*}", "--heat", "1")["value"] == "{4|||3|1||0|-2}"
    data = run_json(capsys, "cgt", "^*6")
    assert data["atomic_weight"] == "1" and data["infinitesimal"] is True
    assert data == {"expression": "^*6", **canonical_report(parse("^*6"))}


def test_cgt_plots_the_thermograph(capsys, tmp_path: Path):
    target = tmp_path / "t.png"
    status, out, err = run(capsys, "cgt", "+-1", "--plot", str(target))
    assert status == 0, err
    assert target.read_bytes()[:4] == b"\x89PNG"


def test_cgt_reads_loopy_games_as_cgsuite_writes_them(capsys):
    # CGSuite's CanonicalStopperTestCase: {pass|3/2} = 3/2under, degree over
    status, out, err = run(capsys, "cgt", "{pass|3/2}")
    assert status == 0, err
    assert out.splitlines() == [
        "{pass|3/2}",
        "  value          3/2under",
        "  outcome        L (Left first: Left wins; Right first: Left wins)",
        "  stops          left 3/2under, right 3/2under",
        "  degree         over",
        "  followers      5",
    ]
    data = run_json(capsys, "cgt", "on + off")
    assert (data["value"], data["stopper"], data["outcome"]) == ("dud", False, "D")
    assert (data["onside"], data["offside"]) == ("on", "off")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["cgt", "{1|"], "error: '{1|': a '{' is not closed"),
        (["cgt", "1/3"], "error: '1/3': 1/3 is not a dyadic rational"),
        (["cgt", "{0|pass}", "--cool", "1"], "is loopy: cooling and heating are for short"),
        (["cgt", "1", "--cool", "x"], "error:"),
        (["cgt", "1", "--cool", "1", "--heat", "1"], "cool or heat, not both"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


# ------------------------------------------------------------------ the catalog's games
def test_value_of_a_domineering_board(capsys):
    data = run_json(capsys, "value", "domineering", "4x4")
    # CGSuite's GameGridTest: Domineering(Grid.Empty(4,4)).CanonicalForm
    assert data["value"] == "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
    assert data["kind"] == "partizan" and data["outcome"] == "N"
    assert data["left_wins_count"] > 0 and data["right_wins_count"] > 0
    status, out, err = run(capsys, "value", "domineering", "2x3")
    assert status == 0, err
    assert "  value          {2|-1/2}" in out and "Left wins by" in out
    # who is to move, as solve and play read it, does not change the value
    assert run_json(capsys, "value", "domineering", "2x3", "Right")["value"] == "{2|-1/2}"


def test_value_lists_the_components_of_a_split_board(capsys):
    data = run_json(capsys, "value", "domineering", "..#..|..#..")
    assert [c["value"] for c in data["components"]] == ["+-1", "+-1"]
    assert data["value"] == "0" and data["outcome"] == "P"
    assert data["left_wins"] == [] and data["right_wins"] == []


def test_solve_and_play_a_partizan_position_as_a_two_player_game(capsys):
    # {2|-1/2}: whoever starts wins
    for first in ("Left", "Right"):
        data = run_json(capsys, "solve", "domineering", "2x3", first)
        assert data["value"] == "win", first
    data = run_json(capsys, "solve", "toads-and-frogs", "TT..FF")  # *: the first player wins
    assert data["value"] == "win"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["table", "domineering", "--upto", "3"], "domineering is a partizan game"),
        (["pattern", "clobber"], "clobber is a partizan game"),
        (["value", "domineering", "2x2", "--misere"], "are for impartial games"),
        (["value", "domineering", "2x2x"], "error:"),
        (["value", "clobber", "xq"], "error:"),
        (["solve", "domineering"], "needs a position"),
    ],
)
def test_partizan_games_refuse_what_they_do_not_answer(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


# ------------------------------------------------------------------ issue 35's rulesets
@pytest.mark.parametrize(
    ("argv", "value"),
    [
        # CGSuite's GameGraphTest and GameStripTest
        (["snort", "L-.-.-.-L"], "{4|0,+-1}"),
        (["snort", ".-.-.(-.;-.)"], "+-{3|2}"),
        (["col", "R-.-R-.-L-.-R-.-R-."], "7/8"),
        (["toppling-dominoes", "lrrlrrl"], "Tiny(1/2)"),
        (["toppling-dominoes", "lere"], "{1|0,{0|-1}}"),
        (["partizan-arc-kayles", "llr"], "1/2"),
        (["partizan-arc-kayles", "lrlr(ll;ree(rl;l))"], "{3*|2*||3/2,3/2*|1/2*}"),
        # Ernst's solid linear pattern of 5 stones (-2), and a board read row by row
        (["konane", ".xoxox."], "-2"),
        (["konane", "xo.o.", ".ox.."], "1*"),
        (["snort", "2x2"], "0"),  # pycgt: Snort on the 4-cycle
    ],
)
def test_value_of_the_graph_and_strip_rulesets(capsys, argv, value):
    data = run_json(capsys, "value", *argv)
    assert data["kind"] == "partizan" and data["value"] == value, data["value"]
    assert data["outcome"] == parse(value).outcome.value


def test_value_names_the_winning_moves_of_a_ruleset(capsys):
    status, out, err = run(capsys, "value", "snort", "L-.-.-.-L")
    assert status == 0, err
    assert "Left colours 1" in out  # {4|0,+-1}: Left wins moving first by colouring 1
    data = run_json(capsys, "value", "toppling-dominoes", "l.rr")
    assert [c["value"] for c in data["components"]] == ["1", "-2"]
    assert run_json(capsys, "solve", "konane", ".xo.")["value"] == "win"  # *: first wins


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["value", "snort", "L-x"], "'x' at 2 is not a vertex"),
        (["value", "col", "xx."], "x on a1 and x on b1 are neighbours"),
        (["value", "konane", "xq"], "cell b1 of 'xq' is 'q'"),
        (["value", "toppling-dominoes", "lrz"], "square 3 of 'lrz' is 'z'"),
        (["value", "partizan-arc-kayles", "l-r"], "'-' at 1 is not an edge"),
        (["value", "snort", "4x4", "--max-positions", "20"], "more than 20 positions"),
    ],
)
def test_rulesets_refuse_bad_positions_in_one_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


# ------------------------------------------------------------------ loopy rulesets
FOX_START = ".G.G.G.G|........|........|F......."  # CGSuite's GameGridTest position


def test_value_of_fox_and_geese_is_its_loopy_value(capsys):
    status, out, err = run(capsys, "value", "fox-and-geese", FOX_START)
    assert status == 0, err
    assert out.splitlines() == [
        f"fox-and-geese {FOX_START}",
        "  value          {4*|7/2}",
        "  outcome        L (Left first: Left wins; Right first: Left wins)",
        "  stops          left 4, right 7/2",
        "  degree         0",
        "  followers      8",
        "  Left wins by   Left goose b4-a3  -> ...G.G.G|G.......|........|F.......",
        "                 Left goose d4-c3  -> .G...G.G|..G.....|........|F.......",
        "                 Left goose f4-e3  -> .G.G...G|....G...|........|F.......",
        "                 Left goose h4-g3  -> .G.G.G..|......G.|........|F.......",
        "  Right wins by  no move (moving first, Right loses)",
        "  positions      10,597 explored",
    ]
    # CGSuite's own notation of the same position: the geese's squares, then the fox's
    data = run_json(capsys, "value", "fox-and-geese", "{(4,2),(4,4),(4,6),(4,8)},", "(1,1)")
    assert data["kind"] == "partizan" and data["loopy"] is True and data["stopper"] is True
    assert data["value"] == "{4*|7/2}" and data["position"] == FOX_START.split("|")
    assert data["left_moving_first"] == "wins" and data["right_moving_first"] == "loses"
    assert data["left_wins_count"] == 4 and data["right_wins"] == []


def test_backsliding_toads_and_frogs_draws(capsys):
    # CGSuite's GameStripTest: a value with two sides, a draw whoever starts
    data = run_json(capsys, "value", "backsliding-toads-and-frogs", "ttt..fff")
    assert data["value"] == "{on||0|-1/2} & {1/2|0||off}" and data["stopper"] is False
    assert (data["onside"], data["offside"]) == ("{on||0|-1/2}", "{1/2|0||off}")
    assert data["outcome"] == "D" and data["left_moving_first"] == "draws"
    status, out, err = run(capsys, "value", "backsliding-toads-and-frogs", "FTF..T", "--outcome")
    assert status == 0, err
    assert out.splitlines() == [
        "backsliding-toads-and-frogs FTF..T",
        "  outcome        PHat (Left first: a draw; Right first: Left wins)",
        "  Left first     draws",
        "  Right first    loses",
        "  positions      30 explored",
    ]
    for first in ("Left", "Right"):  # the two-player retrograde solver: a draw either way
        solved = run_json(capsys, "solve", "backsliding-toads-and-frogs", "ttt..fff", first)
        assert solved["value"] == "draw", first


def test_play_fox_and_geese_to_the_fox_s_escape(monkeypatch, capsys):
    """The fox past the geese ends play: Right wins. The person plays the fox out, then
    the geese against a fox that gets out."""
    import io

    from grundy.cli import main

    def play(argv: list[str], typed: str) -> str:
        monkeypatch.setattr("sys.stdin", io.StringIO(typed))
        with pytest.raises(SystemExit) as info:
            main(["play", "fox-and-geese", *argv])
        out, err = capsys.readouterr()
        assert info.value.code == 0, err
        return out

    board = ".G.G....|........|.....F..|........"  # the fox on f2: out from e3 or g3
    out = play([board, "Right", "--first", "me"], "hint\nf2-g3\n")
    assert "A best move: Right fox f2-" in out and out.rstrip().endswith("You win!")
    out = play([board, "Left", "--first", "me"], "b4-a3\n")
    assert "I play Right fox f2-" in out and out.rstrip().endswith("I win.")


def test_play_backsliding_says_a_draw(monkeypatch, capsys):
    import io

    from grundy.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("moves\nquit\n"))
    with pytest.raises(SystemExit) as info:
        main(["play", "backsliding-toads-and-frogs", "ttt..fff", "--first", "me"])
    out, err = capsys.readouterr()
    assert info.value.code == 0, err
    assert "(perfect play from here: you draw)" in out and "Left toad 3-4   (draw for you)" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["value", "fox-and-geese", "G.G.G.G.|F......."], "the goose on a2 of"),
        (["value", "fox-and-geese", ".G.G|F..."], "row 2 of '.G.G|F...' (line 1) has 4 squares"),
        (["value", "fox-and-geese", "{(4,2)}"], "is not the geese's squares then the fox's"),
        (["value", "fox-and-geese", FOX_START, "--max-positions", "50"], "more than 50 positions"),
        (["value", "backsliding-toads-and-frogs", "TTx"], "square 3 of 'TTx' is 'x'"),
        (["play", "fox-and-geese:8", FOX_START], "takes no parameter"),
    ],
)
def test_loopy_rulesets_refuse_bad_input_in_one_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
