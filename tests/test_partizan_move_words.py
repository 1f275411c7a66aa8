"""Move words name the player who moved, also where Left's and Right's moves leave the
same position (a grey domino toppled, a green edge taken, a vertex either may colour):
`PartizanPlay` and the reports describe a move through `describe_move_by`."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.app.partizan_reports import position_report
from grundy.partizan.games import PartizanArcKayles, Snort, TopplingDominoes
from grundy.partizan.protocol import PartizanGame
from grundy.partizan.two_player import PLAYERS, PartizanPlay

EITHERS = ("grey", "green")  # words of a move that is either player's


def assert_words_name_the_mover(game: PartizanGame[Any], position: Any) -> int:
    """Every move of both players from `position`, described by PartizanPlay, names its
    mover (or says the piece was either player's); returns the moves checked."""
    play = PartizanPlay(game, position)
    checked = 0
    for mover in PLAYERS:
        start = play.with_mover(play.start(), mover)
        for after in play.moves(start):
            words = play.describe_move(start, after)
            assert words.startswith((mover, *EITHERS)), (position, mover, words)
            checked += 1
    return checked


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="lre.", min_size=1, max_size=7))
def test_toppling_words_name_the_mover(strip: str) -> None:
    assert_words_name_the_mover(TopplingDominoes(), strip)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="lre", min_size=1, max_size=5))
def test_partizan_arc_kayles_words_name_the_mover(path: str) -> None:
    assert_words_name_the_mover(PartizanArcKayles(), path)


def test_a_move_both_players_have_is_named_as_the_movers() -> None:
    # Left toppling 1 east and Right toppling 2 west both leave "..": the words said
    # "Left topples 1 to the right" for Right's move before describe_move_by.
    play = PartizanPlay(TopplingDominoes(), "lr")
    right = play.with_mover(play.start(), "Right")
    assert [play.describe_move(right, o) for o in play.moves(right)] == [
        "Right topples 2 to the left",
        "Right topples 2 to the right",
    ]
    # A lone Snort vertex: colouring it leaves the same empty graph for either player.
    snort = PartizanPlay(Snort, ".")
    right = snort.with_mover(snort.start(), "Right")
    assert [snort.describe_move(right, o) for o in snort.moves(right)] == ["Right colours 1"]
    assert assert_words_name_the_mover(PartizanArcKayles(), "lr") == 2


def test_reports_describe_each_players_winning_moves_as_theirs() -> None:
    report = position_report("toppling-dominoes", TopplingDominoes(), "lr")
    assert [m["move"] for m in report["left_wins"]] == ["Left topples 1 to the right"]
    assert [m["move"] for m in report["right_wins"]] == ["Right topples 2 to the left"]
