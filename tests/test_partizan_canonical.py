"""Partizan canonical forms (grundy.partizan.canonical, notation, game): CGSuite's
reference values, and the theory checked against a plain search of random game trees."""

from __future__ import annotations

import csv
import json
import pickle
from fractions import Fraction
from functools import cache

import pytest
from conftest import DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import InvalidGameError, PositionLimitError
from grundy.core.outcome import Outcome
from grundy.games import Nim
from grundy.partizan import (
    ZERO,
    CanonicalGame,
    ImpartialAsPartizan,
    PartizanGame,
    game,
    left_stop,
    nimber,
    number,
    parse,
    right_stop,
    up,
    up_nth,
)
from grundy.partizan.canonical import le
from grundy.partizan.uptimals import uptimal_expansion

RECORDS = json.loads((DATA / "cgsuite_short_game_properties.json").read_text())["records"]


def read_tsv(name: str) -> list[dict[str, str]]:
    lines = [line for line in (DATA / name).read_text().splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


# ------------------------------------------------------------------ a plain search
# A raw game is (left options, right options), each a tuple of raw games: no
# simplification, no memo beyond the search's own, so it checks the canonical forms.
Raw = tuple


@cache
def wins_first(g: Raw, left: bool) -> bool:
    """Does the player to move (Left if `left`) win g, moving first?"""
    options = g[0] if left else g[1]
    return any(not wins_first(o, not left) for o in options)


@cache
def raw_neg(g: Raw) -> Raw:
    return (tuple(raw_neg(r) for r in g[1]), tuple(raw_neg(x) for x in g[0]))


@cache
def raw_add(g: Raw, h: Raw) -> Raw:
    return (
        tuple(raw_add(x, h) for x in g[0]) + tuple(raw_add(g, x) for x in h[0]),
        tuple(raw_add(x, h) for x in g[1]) + tuple(raw_add(g, x) for x in h[1]),
    )


def raw_le(g: Raw, h: Raw) -> bool:
    """G <= H: Right, moving first in H - G, loses."""
    return not wins_first(raw_add(h, raw_neg(g)), False)


def raw_outcome(g: Raw) -> Outcome:
    left, right = wins_first(g, True), wins_first(g, False)
    return {(True, True): Outcome.N, (True, False): Outcome.L}.get(
        (left, right), Outcome.R if right else Outcome.P
    )


def value(g: Raw) -> CanonicalGame:
    return game([value(x) for x in g[0]], [value(x) for x in g[1]])


EMPTY: Raw = ((), ())
raw_games = st.recursive(
    st.just(EMPTY),
    lambda inner: st.tuples(
        st.lists(inner, max_size=2).map(tuple), st.lists(inner, max_size=2).map(tuple)
    ),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None)
@given(raw_games)
def test_outcome_matches_search(g):
    assert value(g).outcome == raw_outcome(g)


@settings(max_examples=100, deadline=None)
@given(raw_games, raw_games)
def test_order_matches_search(g, h):
    assert (value(g) <= value(h)) == raw_le(g, h)


@settings(max_examples=60, deadline=None)
@given(raw_games, raw_games)
def test_sum_matches_search(g, h):
    total = value(g) + value(h)
    assert total.outcome == raw_outcome(raw_add(g, h))
    assert (total - value(g)) is value(h)


@settings(max_examples=100, deadline=None)
@given(raw_games, raw_games, raw_games)
def test_group_laws(a, b, c):
    g, h, k = value(a), value(b), value(c)
    assert g - g is ZERO
    assert g + h is h + g
    assert (g + h) + k is g + (h + k)
    if g <= h:  # order compatible with +
        assert g + k <= h + k


@settings(max_examples=100, deadline=None)
@given(raw_games)
def test_canonical_form_is_idempotent_and_equal(g):
    canonical = value(g)
    again = game(canonical.left, canonical.right)
    assert again is canonical
    # the canonical form equals the game: G - canonical(G) is a second-player win
    assert raw_outcome(raw_add(g, raw_neg(_raw(canonical)))) is Outcome.P
    assert parse(str(canonical)) is canonical


def _raw(g: CanonicalGame) -> Raw:
    return (tuple(_raw(x) for x in g.left), tuple(_raw(x) for x in g.right))


@settings(max_examples=100, deadline=None)
@given(raw_games)
def test_stops_match_options(g):
    value_ = value(g)
    if value_.number is None:
        assert left_stop(value_) >= right_stop(value_)


# ------------------------------------------------------------------ named values
def test_numbers():
    assert game([0], [1]) is number(Fraction(1, 2))
    assert game([1], []) is number(2) and game([], [-1]) is number(-2)
    assert game(["1/2"], ["3/4"]) is number("5/8")
    assert game([-3], [5]) is ZERO
    assert number(2**80) + number(-(2**80)) is ZERO
    assert number("3/4").left == (number("1/2"),) and number("3/4").right == (number(1),)
    with pytest.raises(InvalidGameError, match="dyadic"):
        number(Fraction(1, 3))


def test_nimbers_and_ups():
    assert nimber(5) + nimber(3) is nimber(6)
    assert nimber(1) + nimber(1) is ZERO
    assert game([ZERO, nimber(1)], [ZERO]) is up() + nimber(1)
    assert up(2) > up(1) > ZERO and up(1) | nimber(1) and up(3) > nimber(1) + up(1) - up(1)
    assert (up() + nimber(1)).outcome is Outcome.N  # ↑* is fuzzy with 0
    assert up(1) < number("1/1024")


def test_nimbers_are_made_without_their_options():
    """*n is stored by n (its n options listed only when asked), and a form built from
    the options of *n is that same object, in any order."""
    huge = nimber(10**30)
    assert huge.birthday == 10**30 and str(huge) == "*" + str(10**30)
    assert huge + nimber(3) is nimber(10**30 ^ 3) and -huge is huge
    assert not huge <= ZERO and not ZERO <= huge and huge <= number("1/1024") and -1 <= huge
    assert huge | nimber(5) and huge | ZERO
    assert (left_stop(huge), right_stop(huge)) == (0, 0)
    with pytest.raises(PositionLimitError, match="too many to list"):
        huge.left  # noqa: B018  # the property lists the options
    assert game([nimber(2), ZERO, nimber(1)], [nimber(1), nimber(2), ZERO]) is nimber(3)
    assert game([nimber(2), ZERO], [ZERO, nimber(2)]) is not nimber(2)  # *1 missing
    assert nimber(4).left == (ZERO, nimber(1), nimber(2), nimber(3)) == nimber(4).right


def to_raw(g: CanonicalGame) -> Raw:
    return (tuple(to_raw(o) for o in g.left), tuple(to_raw(o) for o in g.right))


@pytest.mark.parametrize("x", ["-3/2", "-1", "1/4", "3/4", "2"])
def test_number_plus_nimber_is_built_as_a_canonical_form(x):
    """x + *n is written {x, x*, ..., x*(n-1) | the same} without simplification: check
    it equals the sum by the plain search, and that simplifying it changes nothing."""
    for n in range(4):
        total = number(x) + nimber(n)
        raw_total, raw_sum = to_raw(total), raw_add(to_raw(number(x)), to_raw(nimber(n)))
        assert raw_le(raw_total, raw_sum) and raw_le(raw_sum, raw_total)
        assert game(list(total.left), list(total.right)) is total
        assert nimber(n) + number(x) is total and total - number(x) is nimber(n)


@given(st.integers(0, 12), st.integers(0, 12), st.integers(-16, 16), st.integers(0, 3))
def test_nimber_order_matches_their_options(m, n, top, k):
    """The shortcuts of le (a nimber against a nimber or a number) agree with the
    definition applied to the listed options."""
    g, h, y = nimber(m), nimber(n), number(Fraction(top, 2**k))
    for a, b in ((g, h), (g, y), (y, g)):
        by_options = not any(le(b, al) for al in a.left) and not any(le(br, a) for br in b.right)
        assert le(a, b) is by_options


def test_equality_with_numbers_and_hashing():
    assert number(3) == 3 and hash(number(3)) == hash(3)
    assert {parse("{1|-1}"): "x"}[parse("+-1")] == "x"
    assert pickle.loads(pickle.dumps(parse("{3||2*|1*}"))) is parse("{3||2*|1*}")


# ------------------------------------------------------------------ CGSuite's values
@pytest.mark.parametrize("record", RECORDS, ids=[r["input"][:30] for r in RECORDS])
def test_cgsuite_canonical_forms(record):
    g = parse(record["input"])
    assert g is parse(record["canonical_output"])
    assert g.birthday == int(record["birthday"])
    assert g.outcome.value == record["outcomeClass"]
    assert str(left_stop(g)) == record["leftStop"] and str(right_stop(g)) == record["rightStop"]
    assert str(g.number is not None).lower() == record["isNumber"]
    assert str(g.nim_value is not None).lower() == record["isNimber"]
    assert _options(g.left) == _options_text(record["leftOptions"])
    assert _options(g.right) == _options_text(record["rightOptions"])


@pytest.mark.parametrize("record", RECORDS, ids=[r["input"][:30] for r in RECORDS])
def test_cgsuite_text(record):
    assert str(parse(record["input"])) == record["canonical_output"]


# ------------------------------------------------------------------ uptimals
def expansion_text(expansion: tuple[Fraction, tuple[int, ...], int] | None) -> str | None:
    """CGSuite's text of an uptimal expansion: ``73/16*8.9-`` is 73/16 + *8 + 9·↓."""
    if expansion is None:
        return None
    x, coefficients, m = expansion
    head = str(number(x)) if m == 0 or x != 0 else ""
    star = "" if m == 0 else "*" if m == 1 else f"*{m}"
    digits = "".join(
        ("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[abs(c)] if abs(c) < 36 else f"({abs(c)})")
        + ("-" if c < 0 else "")
        for c in coefficients
    )
    return f"{head}{star}.{digits or '0'}"


@pytest.mark.parametrize("record", RECORDS, ids=[r["input"][:30] for r in RECORDS])
def test_cgsuite_uptimal_expansions(record):
    found = expansion_text(uptimal_expansion(parse(record["input"])))
    assert (found is not None) == (record["isUptimal"] == "true")
    if found is not None:
        assert found == record["uptimalExpansion"]


def uptimal(x: Fraction, coefficients: list[int], m: int) -> CanonicalGame:
    """x + Σ c_i·↑^i + *m, summed from its parts."""
    total = number(x) + nimber(m)
    for i, c in enumerate(coefficients, 1):
        part = up_nth(i) if c > 0 else -up_nth(i)
        for _ in range(abs(c)):
            total += part
    return total


def test_up_nth_is_cgsuites():
    """CGSuite's UptimalTest builds ↑^(n+1) = {0 | ↓* - ↑² - ... - ↑ⁿ}."""
    down_star = -up() + nimber(1)
    for n in range(2, 6):
        assert up_nth(n) is game([0], [down_star - sum((up_nth(i) for i in range(2, n)), ZERO)])


@settings(max_examples=100, deadline=None)
@given(
    st.builds(Fraction, st.integers(-8, 8), st.sampled_from([1, 2, 4, 8])),
    st.lists(st.integers(-3, 3), max_size=4),
    st.integers(0, 4),
)
def test_uptimals_are_recognised(x, coefficients, m):
    """The range of CGSuite's UptimalTest: x + Σ c_i·↑^i + *m, |c_i| <= 3, i <= 4."""
    g = uptimal(x, coefficients, m)
    while coefficients and coefficients[-1] == 0:
        coefficients.pop()
    assert uptimal_expansion(g) == (x, tuple(coefficients), m)
    assert uptimal_expansion(-g) == (-x, tuple(-c for c in coefficients), m)


@settings(max_examples=150, deadline=None)
@given(raw_games)
def test_recognised_uptimals_are_what_they_say(g):
    canonical = value(g)
    expansion = uptimal_expansion(canonical)
    if expansion is not None:
        x, coefficients, m = expansion
        assert uptimal(x, list(coefficients), m) is canonical
        assert left_stop(canonical) == x == right_stop(canonical)


@pytest.mark.parametrize("text", ["{1|-1}", "{0|-1}", "{1|0}", "Tiny(1)", "Miny(1)", "+-{^,^*}"])
def test_other_games_are_not_uptimals(text):
    """Stops differ, or (±{↑,↑*}) G = -G without G being a nimber."""
    assert uptimal_expansion(parse(text)) is None


def test_general_uptimals_are_written_in_braces():
    """CGSuite writes ±↑, ±↑^<n>, ±↑^[n] (with x and *m) as such, others as {..|..}."""
    assert str(uptimal(Fraction(0), [2], 1)) == "^^*" and str(parse("{0|^}")) == "^^*"
    assert str(uptimal(Fraction(0), [0, 0, -1], 0)) == "v<3>"
    assert str(uptimal(Fraction(1, 2), [1, 1, 1], 2)) == "1/2^[3]*2"
    assert str(uptimal(Fraction(0), [1, 2], 1)) == "{0|^<2>}"  # CGSuite: *.12
    assert str(uptimal(Fraction(0), [0, 2], 0)) == "{0||0,v*|vv}"  # CGSuite: 0.02


def _options(options: tuple[CanonicalGame, ...]) -> set[CanonicalGame]:
    return set(options)


def _options_text(text: str) -> set[CanonicalGame]:
    inner = text.strip()[1:-1]
    if not inner:
        return set()
    from grundy.partizan.notation import split_top_level

    return {parse(part) for part in split_top_level(inner, ",")}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{1|2", "not closed"),
        ("{1||2|3||4}", "two '||'"),
        ("1/3", "dyadic"),
        ("on", "loopy"),
        ("*-", "nothing after"),
        ("", "no game"),
        ("{1|2}}", "unexpected"),
        ("^^3", "write"),
    ],
)
def test_bad_text_is_refused_in_one_line(text, reason):
    with pytest.raises(InvalidGameError, match=reason) as info:
        parse(text)
    assert "\n" not in str(info.value)


# ------------------------------------------------------------------ the game protocol
def test_impartial_games_are_nimbers():
    nim = ImpartialAsPartizan(Nim())
    assert nim.value((1, 2, 4)) is nimber(7)
    assert nim.value((1, 2, 3)) is ZERO and nim.outcome((1, 2, 3)) is Outcome.P
    assert (nim.value((2,)) + up()).outcome is Outcome.L  # ↑*2 > 0, but ↑* is fuzzy
    assert (nim.value((1,)) + up()).outcome is Outcome.N
    assert nim.winning_moves((1, 2), "Left") == [(1, 1)]


class Strip(PartizanGame[str]):
    """Blue-Red Hackenbush on a string grounded at its left end ('L' Left's, 'R' Right's):
    a player cuts one of their edges and everything beyond it falls."""

    name = "strip"

    def left_options(self, s: str) -> list[str]:
        return [s[:i] for i, c in enumerate(s) if c == "L"]

    def right_options(self, s: str) -> list[str]:
        return [s[:i] for i, c in enumerate(s) if c == "R"]


def sign_expansion(s: str) -> Fraction:
    """Berlekamp's rule: the run of equal signs at the start counts 1 each, then halves."""
    total, i = Fraction(0), 0
    while i < len(s) and s[i] == s[0]:
        total += 1 if s[i] == "L" else -1
        i += 1
    step = Fraction(1, 2)
    for c in s[i:]:
        total += step if c == "L" else -step
        step /= 2
    return total


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="LR", max_size=10))
def test_a_partizan_game_values_by_sign_expansion(s):
    assert Strip().value(s) is number(sign_expansion(s) if s else 0)


def test_cgsuite_hackenbush_string():
    assert str(Strip().value("LRLRRLLR")) == "77/128"  # lrlrrllr in CGSuite's tests
    strip = Strip()
    # LRL = 3/4: Left wins by cutting to "" (0) or "LR" (1/2); Right's only cut leaves
    # L = 1 > 0, a loss for Right
    assert strip.winning_moves("LRL", "Left") == ["", "LR"]
    assert strip.winning_moves("LRL", "Right") == []
    assert strip.positions == 3  # "", "L", "LR": the options and theirs, not LRL itself


# CGSuite's stopper records (on, off, over, pass, labelled loops) are loopy games: read
# by parse_loopy and checked, property by property, in tests/test_partizan_loopy.py.


class Countdown(PartizanGame[int]):
    """Left takes 1 from n, Right 2 (n > 2): lines of play n moves long."""

    name = "countdown"

    def left_options(self, n: int) -> list[int]:
        return [n - 1] if n > 1 else []

    def right_options(self, n: int) -> list[int]:
        return [n - 2] if n > 2 else []


def test_a_line_of_play_longer_than_pythons_recursion():
    game_ = Countdown()
    assert [str(game_.value(n)) for n in range(1, 7)] == ["0", "1", "{1|0}"] * 2
    game_.clear_cache()
    assert game_.value(50_000) is number(1)  # the values repeat with period 3
    assert game_.positions == 50_000  # each n once: 1, 2, ..., 50,000


class Loop(PartizanGame[int]):
    name = "loop"

    def left_options(self, n: int) -> list[int]:
        return [(n + 1) % 3]

    def right_options(self, n: int) -> list[int]:
        return []


def test_a_game_that_never_ends_is_refused():
    with pytest.raises(InvalidGameError, match="'0' can be reached from itself"):
        Loop().value(0)


class NimAndDomineering(PartizanGame[tuple]):
    """A Nim heap beside a Domineering board, searched as one game: the sum's oracle."""

    def __init__(self) -> None:
        from grundy.partizan.games import Domineering

        self.board = Domineering()

    def left_options(self, p: tuple) -> list[tuple]:
        heap, board = p
        return [(h, board) for h in range(heap)] + [
            (heap, b) for b in self.board.left_options(board)
        ]

    def right_options(self, p: tuple) -> list[tuple]:
        heap, board = p
        return [(h, board) for h in range(heap)] + [
            (heap, b) for b in self.board.right_options(board)
        ]


@pytest.mark.parametrize("heap", [0, 1, 2, 3])
@pytest.mark.parametrize("board", ["1x2", "2x2", "2x3", "..#|...", "3x3"])
def test_impartial_and_partizan_games_add(heap, board):
    from grundy.partizan.games import Domineering

    domineering = Domineering()
    b = domineering.check_position(board)
    total = ImpartialAsPartizan(Nim()).value((heap,)) + domineering.value(b)
    assert total is NimAndDomineering().value((heap, b))
