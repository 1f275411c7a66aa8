"""One-line reasons for SG values and outcomes: ``ImpartialGame.explain``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.app import registry
from grundy.games import (
    Bash,
    Chomp,
    FibonacciNim,
    LaskersNim,
    LiegesOfLegendre,
    MockTurtles,
    MooreNim,
    Nim,
    OctalGame,
    Ruler,
    StaircaseNim,
    StaircaseNimAnyStep,
    SubtractionGame,
    TurningCorners,
    TurningTurtles,
    Wythoff,
)

BIG = 10**100


def one_line(text: str) -> str:
    assert isinstance(text, str) and text.strip()
    assert "\n" not in text and not text.endswith(".")
    return text


def value_line(game: gr.ImpartialGame, position: object) -> str:
    """The normal-play line, checked to end with ``= g``."""
    line = one_line(game.explain(position))
    assert line.endswith(f"= {game.grundy(position)}"), line
    return line


def misere_line(game: gr.ImpartialGame, position: object) -> str:
    """The misère line, checked against the misère outcome and winning moves."""
    line = one_line(game.explain(position, misere=True))
    outcome = game.outcome(position, misere=True)
    if outcome is gr.Outcome.P:
        assert "loses" in line or line == "every move leaves the opponent a winning position"
    elif line.startswith("moving to "):
        move = game.winning_moves(position, misere=True)[0]
        assert line == (
            f"moving to {game.format_position(move)} leaves the opponent a losing position"
        )
    else:
        assert "wins" in line or "N-position" in line, line
    return line


# ------------------------------------------------------------------ the catalog
IMPARTIAL = [
    name
    for name, entry in registry.GAMES.items()
    if entry.command == "value"
    and name not in ("hackenbush", "digraph")  # files
    and registry.find(entry.example.split()[0]).kind == "impartial"
]
PARTIZAN = {
    n for n, e in registry.GAMES.items() if registry.find(e.example.split()[0]).kind == "partizan"
}
# Their misère search is the slow part (seconds), not explain: checked on small positions.
SLOW_MISERE = {"turning-corners"}


@pytest.mark.parametrize("name", IMPARTIAL)
def test_every_catalog_example_is_explained_in_one_line(name):
    spec, *words = registry.GAMES[name].example.split()
    game = registry.find(spec)
    position = game.parse_position(words)
    assert len(value_line(game, position)) < 120
    if name not in SLOW_MISERE:
        assert len(misere_line(game, position)) < 120


def test_the_two_player_entries_are_the_only_ones_left_out():
    # Two-player and partizan games have no SG values, so no explain; the rest are checked
    # above.
    left_out = set(registry.GAMES) - set(IMPARTIAL) - {"hackenbush", "digraph"} - PARTIZAN
    assert left_out == {"tictactoe", "connect-four", "give-and-take"}


# ------------------------------------------------------------------ exact lines
@pytest.mark.parametrize(
    ("game", "position", "line"),
    [
        (Nim(), (3, 4, 5), "XOR of the heaps: 3 ⊕ 4 ⊕ 5 = 2"),
        (Nim(), (), "no heaps: value = 0"),
        (Nim(), 7, "a single Nim heap is worth its size: value = 7"),
        (Nim(), tuple(range(1, 11)), "XOR of the heaps: 1 ⊕ 2 ⊕ 3 ⊕ 4 ⊕ 5 ⊕ 6 ⊕ … ⊕ 10 = 11"),
        (Nim(), gr.Sum((3, 4), (5,)), "XOR of the heaps: 3 ⊕ 4 ⊕ 5 = 2"),
        (Bash(3), 10, "a heap's value is its size mod 4: 10 mod 4 = 2"),
        (Bash(3), (10, 7), "XOR of the heaps mod 4: 2 ⊕ 3 = 1"),
        (
            SubtractionGame([1, 3, 4]),
            10,
            "10 ≡ 3 (mod 7) and the values repeat with period 7 from 0: G = G(3) = 1",
        ),
        (SubtractionGame([1, 3, 4]), 6, "mex of the options' values {0, 1, 3} = 2"),
        (LaskersNim(), 7, "Lasker's rule: 7 ≡ 3 (mod 4), so G(n) = n + 1 = 8"),
        (LaskersNim(), 8, "Lasker's rule: 8 ≡ 0 (mod 4), so G(n) = n - 1 = 7"),
        (LaskersNim(), (2, 5), "XOR of the heaps' Lasker values: 2 ⊕ 5 = 7"),
        (
            Wythoff(),
            (5, 3),
            "(3, 5) is the Wythoff pair (⌊kφ⌋, ⌊kφ²⌋) for k = 2: a P-position, so G = 0",
        ),
        (
            Wythoff(),
            (4, 9),
            "(4, 9) is no Wythoff pair (⌊kφ⌋, ⌊kφ²⌋) (k = 5 gives (8, 13)): an N-position, G = 8",
        ),
        (Wythoff(), (0, 6), "one heap is empty: the other is a Nim heap, value = 6"),
        (Wythoff(), gr.Sum((4, 9), (3, 5)), "XOR of the parts' values: 0 ⊕ 8 = 8"),  # sorted
        (
            FibonacciNim(),
            20,
            "20 = 13 + 5 + 2 (Zeckendorf): taking the smallest part 2 <= limit 19 wins, G = 7",
        ),
        (
            FibonacciNim(),
            (18, 4),
            "18 = 13 + 5 (Zeckendorf): the smallest part 5 is above the "
            "limit 4, a P-position, so G = 0",
        ),
        (StaircaseNim(), (1, 5, 3), "XOR of the odd steps: 1 ⊕ 3 = 2"),
        (
            StaircaseNimAnyStep(),
            (1, 2, 1),
            "XOR of the steps holding an odd number of coins: 1 ⊕ 3 = 2",
        ),
        (MooreNim(1), (3, 4, 5), "XOR of the heaps (Moore's Nim with k = 1 is Nim): 3 ⊕ 4 ⊕ 5 = 2"),
        (
            MooreNim(2),
            (1, 2, 3, 3),
            "every binary digit is 1 in a multiple of 3 heaps (Moore): a P-position, G = 0",
        ),
        (
            MooreNim(2),
            (1, 2, 3),
            "2 heaps have bit 2^1, not a multiple of 3 (Moore): an N-position, G = 6",
        ),
        (MooreNim(2), (0, 0), "no move is left: value = 0"),
        (
            TurningTurtles(),
            (1, 4, 6),
            "XOR of the heads coins' values (coin n is worth n): 1 ⊕ 4 ⊕ 6 = 3",
        ),
        (
            MockTurtles(),
            (3,),
            "one heads coin (coin n is worth the n-th odious number): coin 3 has value = 7",
        ),
        (Ruler(), (), "no heads coins: value = 0"),
        (Chomp(), (3, 3, 3), "mex of the options' values {0, 1, 2, 3, 4} = 5"),
    ],
    ids=lambda x: repr(x)[:30],
)
def test_exact_lines(game, position, line):
    assert game.explain(position) == line
    assert line.endswith(f"= {game.grundy(position)}")


def test_a_game_without_closed_form_gives_the_mex_line():
    take_one_or_three = gr.game_from_moves(lambda n: [n - k for k in (1, 3) if k <= n])
    assert take_one_or_three.explain(7) == "mex of the options' values {0} = 1"
    assert take_one_or_three.explain(0) == "no move is left: value = 0"
    assert take_one_or_three.explain(gr.Sum(7, 2)) == "XOR of the parts' values: 0 ⊕ 1 = 1"
    nim_by_search = gr.game_from_moves(lambda n: range(n))
    assert nim_by_search.explain(12) == (
        "mex of the options' values {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, …} = 12"
    )


def test_misere_lines_of_the_default_and_of_nim():
    take_one_or_three = gr.game_from_moves(lambda n: [n - k for k in (1, 3) if k <= n])
    assert take_one_or_three.explain(0, misere=True) == (
        "no move is left: the player to move wins (misère play)"
    )
    assert take_one_or_three.explain(1, misere=True) == (
        "every move leaves the opponent a winning position"
    )
    assert take_one_or_three.explain(2, misere=True) == (
        "moving to 1 leaves the opponent a losing position"
    )
    assert Nim().explain((1, 1, 1), misere=True) == (
        "all heaps are 0 or 1 and their count is odd (3 heaps of 1): the player to move loses"
    )
    assert (
        Nim()
        .explain((1, 1), misere=True)
        .startswith("all heaps are 0 or 1 and their count is even")
    )
    assert Nim().explain((5, 1, 1), misere=True) == (
        "one heap is above 1: reducing it to 1 leaves an odd number of heaps of 1, the "
        "player to move wins"
    )
    assert Nim().explain((2, 2), misere=True) == (
        "2 heaps are above 1: misère Nim plays as normal Nim until one is left, and 2 ⊕ 2 = 0: "
        "the player to move loses"
    )
    assert MooreNim(2).explain((1, 1, 1, 1), misere=True) == (
        "all heaps are 0 or 1 and their count 4 is 1 mod 3: the player to move loses"
    )
    for position in [(0,), (1, 1), (2, 2), (1, 2, 3), (1, 2, 3, 3)]:
        misere_line(MooreNim(2), position)
    for position in [((1, 1), (2, 2)), ((1, 2), (2, 1))]:
        misere_line(TurningCorners(), position)


# ------------------------------------------------------------------ huge positions
def test_huge_nim_heaps_are_explained_by_the_closed_form():
    assert Nim().explain((BIG,)) == f"a single Nim heap is worth its size: value = {BIG}"
    assert Nim().explain((BIG, BIG + 1, 7)) == f"XOR of the heaps: {BIG} ⊕ {BIG + 1} ⊕ 7 = 6"
    assert Nim().explain((BIG, 3), misere=True).endswith("the player to move wins")
    assert Nim().explain(tuple(range(10**5))).endswith("⊕ … ⊕ 99999 = 0")


def test_other_huge_positions_need_no_search():
    value_line(SubtractionGame([1, 3, 4]), BIG)
    value_line(Bash(3), (BIG, BIG + 1))
    value_line(LaskersNim(), BIG + 3)
    value_line(StaircaseNim(), (BIG, 7, BIG + 1))
    value_line(TurningTurtles(), (3, 10**15))
    assert value_line(Wythoff(), gr.games.wythoff_pair(10**30)).endswith("P-position, so G = 0")
    assert "smallest part 3" in value_line(FibonacciNim(), (BIG, 1))
    closed = "from the game's closed form, without listing the options: value = "
    assert OctalGame("0.77").explain(BIG) == closed + "1"  # Kayles: period 12
    assert Chomp().explain((10**6,)) == closed + "999999"
    assert LiegesOfLegendre(20000).explain(4) == closed + "1"  # a split too big to list


def test_errors_are_those_of_the_value_itself():
    with pytest.raises(gr.PositionLimitError):
        Wythoff().explain((BIG, BIG))  # no closed form for this SG value
    with pytest.raises(gr.PositionLimitError):
        MooreNim(2).explain((10**18, 10**18 - 1, 12345))
    with pytest.raises(gr.InvalidPositionError):
        Nim().explain(-1)
    loop = gr.game_from_moves(lambda n: [1 - n], name="loop")
    with pytest.raises(gr.LoopError):
        loop.explain(0)


# ------------------------------------------------------------------ random positions
GAMES = [Nim(), Bash(3), SubtractionGame([2, 3, 7]), OctalGame("0.77"), LaskersNim()]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.lists(st.integers(0, 12), min_size=1, max_size=3))
def test_heap_games_end_with_their_value(game, heaps):
    position = tuple(heaps)
    value_line(game, position)
    value_line(game, heaps[0])
    misere_line(game, position)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 12), st.integers(0, 12))
def test_wythoff_ends_with_its_value(a, b):
    value_line(Wythoff(), (a, b))
    misere_line(Wythoff(), (a, b))
