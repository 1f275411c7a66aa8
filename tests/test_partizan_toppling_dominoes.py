"""Toppling Dominoes (grundy.partizan.games.toppling_dominoes): rows of one colour, every
number a row's value, and the rows, mirrors and negatives the search uses, checked against
a plain search of the rules written here. (CGSuite's two rows are checked with the other
strip games in test_partizan_strip_games.py.)"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import InvalidPositionError
from grundy.partizan import CanonicalGame, game, nimber, number
from grundy.partizan.games import TopplingDominoes

DOMINOES = TopplingDominoes()
SEARCHED = TopplingDominoes(use_formula=False)


def topples(strip: str, colours: str) -> list[str]:
    """The moves as the rules say them, written independently of the game: a domino of
    one of `colours` falls east or west, with every domino that way up to a gap."""
    out = []
    for i, c in enumerate(strip):
        if c in colours:
            west = i
            while west > 0 and strip[west - 1] != ".":
                west -= 1
            east = i
            while east + 1 < len(strip) and strip[east + 1] != ".":
                east += 1
            out.append(strip[:west] + "." * (i - west + 1) + strip[i + 1 :])
            out.append(strip[:i] + "." * (east - i + 1) + strip[east + 1 :])
    return out


def plain_value(strip: Hashable) -> CanonicalGame:
    memo: dict[Hashable, CanonicalGame] = {}

    def value(s: str) -> CanonicalGame:
        if s not in memo:
            memo[s] = game(
                [value(o) for o in topples(s, "le")], [value(o) for o in topples(s, "re")]
            )
        return memo[s]

    return value(strip)  # type: ignore[arg-type]


strips = st.text(alphabet="lre.", max_size=9)


# ------------------------------------------------------------------ the theory, by search
@settings(max_examples=300, deadline=None)
@given(strip=strips)
def test_the_hooks_agree_with_a_plain_search(strip):
    value = DOMINOES.value(strip)
    assert value is plain_value(strip) is SEARCHED.value(strip)
    assert DOMINOES.left_options(strip) == topples(strip, "le")
    assert DOMINOES.right_options(strip) == topples(strip, "re")
    assert DOMINOES.value(strip[::-1]) is value  # a row read backwards: the same game
    assert DOMINOES.value(DOMINOES.negative(strip)) is -value  # colours swapped
    assert DOMINOES.check_position(DOMINOES.format_position(strip.upper())) == strip


@pytest.mark.parametrize("n", range(1, 13))
def test_rows_of_one_colour(n):
    """n blue dominoes: n; n red: -n; n grey: the nim heap *n (the formula, and the
    search without it)."""
    for row, expected in (("l" * n, number(n)), ("r" * n, number(-n)), ("e" * n, nimber(n))):
        assert DOMINOES.formula(row) is expected
        assert SEARCHED.value(row) is expected
        assert SEARCHED.formula(row) is None


def birthday(x: Fraction) -> int:
    """The birthday of a dyadic rational: the length of its sign expansion."""
    born, now, low, high = 0, Fraction(0), None, None
    while now != x:
        born += 1
        if x > now:
            low, now = now, now + 1 if high is None else (now + high) / 2
        else:
            high, now = now, now - 1 if low is None else (now + low) / 2
    return born


def test_every_number_born_by_day_4_is_a_row():
    """Fink, Nowakowski, Siegel and Wolfe ("Toppling conjectures"): every dyadic number
    is the value of a Toppling Dominoes row. Checked for the 31 numbers born by day 4:
    each is a row of at most 11 blue and red dominoes (all 4,094 such rows searched)."""
    found: dict[Fraction, str] = {}
    for n in range(1, 12):
        for row in map("".join, itertools.product("lr", repeat=n)):
            value = DOMINOES.value(row)
            if value.number is not None:
                found.setdefault(value.number, row)
    numbers = {Fraction(k, 8) for k in range(-32, 33)}
    early = {x for x in numbers if birthday(x) <= 4}
    assert len(early) == 31
    missing = early - set(found) - {Fraction(0)}  # 0 is the empty row
    assert not missing, sorted(missing)
    assert DOMINOES.value(found[Fraction(-7, 8)]) is number(Fraction(-7, 8))


def test_rows_are_valued_from_their_inner_rows_only():
    """Work, not time: a row of n dominoes stores at most its n(n+1)/2 inner rows, fewer
    with mirror images and negatives shared."""
    row = "lrr" * 12
    DOMINOES.clear_cache()
    DOMINOES.value(row)
    n = len(row)
    assert DOMINOES.positions <= n * (n + 1) // 2


def test_gaps_split_rows():
    assert DOMINOES.components("..lr.rrl.") == ["lr", "lrr"]
    assert DOMINOES.value("l.r") is number(0)
    assert DOMINOES.value("lr") is plain_value("lr") is game([0, -1], [0, 1])


# ------------------------------------------------------------------ moves and notation
def test_moves_are_named_and_read_back():
    strip = "lerl"
    for player, options in (
        ("Left", DOMINOES.left_options(strip)),
        ("Right", DOMINOES.right_options(strip)),
    ):
        for option in options:
            said = DOMINOES.describe_move(strip, option)
            square = said.split()[-4] if said.startswith(player) else said.split()[1]
            way = said.split()[-1]
            assert DOMINOES.parse_move(strip, f"{square} {way}") == option
    assert DOMINOES.describe_move("le", "l.") == "grey 2 toppled to the right"
    assert DOMINOES.parse_move("lrl", "3<") == "..."
    assert DOMINOES.parse_move("lrl", "lr.") is None  # a whole strip: not a move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2", "say which way domino 2 falls"),
        ("5 left", "no domino on square 5"),
        ("Left 2 right", "is red, not Left's to topple"),
    ],
)
def test_bad_moves_are_refused_in_one_line(text, message):
    with pytest.raises(InvalidPositionError) as caught:
        DOMINOES.parse_move("lrl", text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ("lrx", "square 3 of 'lrx' is 'x'"),
        ("l" * 1001, "longer than the 1,000 allowed"),
        (["l", "r"], "is not a strip"),
    ],
)
def test_bad_strips_are_refused_in_one_line(position, message):
    with pytest.raises(InvalidPositionError) as caught:
        DOMINOES.check_position(position)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(InvalidPositionError, match="one word"):
        DOMINOES.parse_position(["lr", "rl"])
