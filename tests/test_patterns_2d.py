"""Patterns in two indices (issue 33): contest games found from their rules alone, rules
periodic by region proved by the finite-window theorem, separable bit expressions, and
no false claims; each checked against a plain search of the values."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path

import numpy as np
import pytest
from conftest import naive_mex
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.core.errors import InvalidGameError
from grundy.games import Bash, Chomp, SubtractionGame, TurningCorners, Wythoff
from grundy.patterns import Status, find_patterns
from grundy.patterns.plane import PlanePeriodicity, fit_plane_periodicity
from grundy.patterns.separable import search_separable
from grundy.patterns.window import declared_offsets, infer_offsets, prove_on_window

EXAMPLES = Path(__file__).parents[1] / "docs" / "examples" / "two_piles.py"


def _load():
    spec = importlib.util.spec_from_file_location("two_piles", EXAMPLES)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


two = _load()


def plain_table(steps, side: int) -> list[list[int]]:
    """G(a, b) of a piece moving by `steps` in the quadrant, by a plain mex DP over the
    diagonals a + b = 0, 1, 2, ... (every step here decreases a + b)."""
    g: dict[tuple[int, int], int] = {}
    for total in range(2 * side):
        for a in range(total + 1):
            b = total - a
            g[a, b] = naive_mex(g[a + i, b + j] for i, j in steps if a + i >= 0 and b + j >= 0)
    return [[g[a, b] for b in range(side)] for a in range(side)]


def plain_ed(side: int) -> list[list[int]]:
    """E&D by its rules: drop a pile, split the other into two non-empty piles."""
    g: dict[tuple[int, int], int] = {}
    for total in range(2, 2 * side + 1):
        for a in range(max(1, total - side), min(total - 1, side) + 1):
            b = total - a
            g[a, b] = naive_mex(g[i, p - i] for p in (a, b) for i in range(1, p))
    return [[g[a, b] for b in range(1, side + 1)] for a in range(1, side + 1)]


# ------------------------------------------------------------------ the contest games
OFFSET_GAMES = {
    # name: (the rule found, the window that proves it)
    "King": (
        "b ≥ a: [0 1 | 3 2][a % 2][b % 2]; b < a: [0 3 | 1 2][a % 2][b % 2]",
        "0 ≤ a < 7, 0 ≤ b < 7",
    ),
    "Knight": (
        "b - a ≥ 2: [0 0 1 1 | 0 0 1 1 | 3 2 2 2 | 3 3 2 3][a % 4][b % 4]; "
        "b = a + 1: [0 2 2 4][a % 4]; b = a: [0 0 2 1][a % 4]; a = b + 1: [4 0 2 2][a % 4]; "
        "a - b ≥ 2: [0 0 3 3 | 0 0 2 3 | 1 1 2 2 | 1 1 2 3][a % 4][b % 4]",
        "0 ≤ a < 15, 0 ≤ b < 15",
    ),
    "ChessPiece": (
        "b ≥ a: [0 1 | 1 0 | 2 3 | 0 1 | 1 0 | 3 2][a % 6][b % 2]; "
        "b < a: [0 1 2 0 1 3 | 1 0 3 1 0 2][a % 2][b % 6]",
        "0 ≤ a < 14, 0 ≤ b < 14",
    ),
    "LongKing": ("[0 1 2 | 1 2 0 | 2 0 1][a % 3][b % 3]", "0 ≤ a < 12, 0 ≤ b < 12"),
    "ShortKnight": (
        "b - a ≥ 2: [0 1 2][a % 3]; b = a + 1: [0 1 1][a % 3]; b = a: [0 0 1][a % 3]; "
        "a = b + 1: [1 0 1][a % 3]; a - b ≥ 2: [0 1 2][b % 3]",
        "0 ≤ a < 11, 0 ≤ b < 11",
    ),
}


@pytest.mark.parametrize("name", OFFSET_GAMES)
def test_offset_games_are_found_and_proved_by_the_window(name):
    game = getattr(two, name)()
    best = find_patterns(game, dims=2, upto=40).best
    formula, window = OFFSET_GAMES[name]
    assert best.kind == "piecewise-periodic"
    assert best.formula == formula
    assert best.status is Status.PROVED
    assert best.theorem.startswith("finite-window theorem")
    assert best.theorem.endswith(f"mex rule checked on {window}")
    # beyond the table the pattern was found on, against a plain DP
    table = plain_table(game.STEPS, 96)
    assert all(best(a, b) == table[a][b] for a in range(96) for b in range(96))
    # and at huge indices, by the rule's own periods
    rule = best.rule
    huge = 10**18
    assert best(huge, huge + 5) == best(huge - rule.s * 10**5, huge + 5 - rule.s * 10**5)


@pytest.mark.parametrize("game", [Bash(3), SubtractionGame([2, 3]), SubtractionGame([1, 3, 4])])
def test_two_heaps_of_a_subtraction_game_are_proved_by_the_window(game):
    best = find_patterns(game, dims=2, upto=32).best
    assert (best.kind, best.status) == ("piecewise-periodic", Status.PROVED)
    one = game.table(range(100))  # the Sprague-Grundy theorem: two heaps are g(a) ^ g(b)
    assert all(best(a, b) == one[a] ^ one[b] for a in range(100) for b in range(100))


def test_ed_is_found_and_verified():
    best = find_patterns(two.ED(), dims=2, upto=32).best
    assert (best.formula, best.status, best.size) == (
        "trailing_ones(a - 1 | b - 1)",
        Status.VERIFIED,
        8,
    )
    table = plain_ed(64)
    assert all(best(a, b) == table[a - 1][b - 1] for a in range(1, 65) for b in range(1, 65))
    assert best(2**70, 2**70 + 4) == 71  # exact past 64 bits


def test_an_undeclared_king_is_verified_and_told_which_offsets_to_declare():
    best = find_patterns(two.PlainKing(), dims=2, upto=24).best
    assert best.status is Status.VERIFIED
    assert "offsets (-1, -1), (-1, 0), (0, -1)" in best.note
    assert "declare them (pattern_offsets)" in best.describe()


def test_the_other_contest_rules_of_the_catalog():
    """HDU 1527 (Wythoff's P-positions, Beatty pairs) and HDU 3404 (Turning Corners, the
    nim product), found from the rules alone."""
    wythoff = find_patterns(Wythoff(), dims=2, upto=32)
    assert wythoff.p_positions[0].text == "(a, b) = (⌊kφ⌋, ⌊kφ²⌋) or swapped, k >= 0"
    assert wythoff.p_status()[0].startswith("verified on 0 ≤ a < 32")
    corners = find_patterns(TurningCorners().single_coin_game(), dims=2, upto=12).best
    assert (corners.formula, corners.status) == ("nim_mul(a, b)", Status.PROVED)


# ------------------------------------------------------------------ no false claims
def test_chomp_and_wythoff_values_have_no_pattern():
    assert find_patterns(Chomp(), dims=2, upto=8).patterns == ()
    assert find_patterns(Wythoff(), dims=2, upto=32).patterns == ()


@settings(max_examples=25)
@given(st.integers(0, 2**32))
def test_random_tables_have_no_pattern(seed):
    values = np.random.default_rng(seed).integers(0, 6, (24, 24)).tolist()
    report = find_patterns(values=values, dims=2, max_candidates=20_000)
    assert report.patterns == ()


STEP = st.tuples(st.integers(-3, 1), st.integers(-3, 1)).filter(lambda v: sum(v) < 0)


class RandomSteps(gr.ImpartialGame):
    def __init__(self, steps):
        super().__init__()
        self.steps = tuple(steps)

    def moves(self, position):
        a, b = position
        return [(a + i, b + j) for i, j in self.steps if a + i >= 0 and b + j >= 0]

    def pattern_offsets(self, dims):
        return self.steps


@settings(max_examples=40)
@given(st.lists(STEP, min_size=1, max_size=5, unique=True))
def test_random_move_sets_claim_nothing_false(steps):
    """Whatever a random set of steps gets proved is its SG function far beyond the window
    and the table (a plain DP on 3 x 40 = 120 indices a side)."""
    game = RandomSteps(steps)
    table = plain_table(steps, 40)
    rule = fit_plane_periodicity(table)
    if rule is None:
        return
    proof = prove_on_window(game, lambda a, b: (a, b), rule, steps)
    if proof.proved:
        far = plain_table(steps, 120)
        assert all(rule(a, b) == far[a][b] for a in range(120) for b in range(120))


@settings(max_examples=30)
@given(st.lists(STEP, min_size=1, max_size=4, unique=True), st.data())
def test_a_rule_changed_at_any_cell_is_not_proved(steps, data):
    table = plain_table(steps, 40)
    rule = fit_plane_periodicity(table)
    if rule is None:
        return
    game = RandomSteps(steps)
    assert prove_on_window(game, lambda a, b: (a, b), rule, steps).proved  # the true rule
    x, y = rule.reduce(data.draw(st.integers(0, 39)), data.draw(st.integers(0, 39)))
    seed = [list(row) for row in rule.seed]
    seed[x][y] += data.draw(st.integers(1, 3))
    planted = PlanePeriodicity(
        rule.start,
        rule.q,
        rule.above,
        rule.p,
        rule.below,
        rule.s,
        rule.corner,
        tuple(map(tuple, seed)),
    )
    # the SG function is unique: a rule that differs from it somewhere fails the window
    assert not prove_on_window(game, lambda a, b: (a, b), planted, steps).proved


def test_a_wrong_declaration_is_caught_on_the_window():
    class Liar(two.King):
        def pattern_offsets(self, dims):
            return ((-1, 0), (0, -1))  # the diagonal step left out

    rule = fit_plane_periodicity(plain_table(two.King.STEPS, 32))
    proof = prove_on_window(Liar(), lambda a, b: (a, b), rule, Liar().pattern_offsets(2))
    assert not proof.proved
    assert "are not the declared offsets" in proof.failure


@pytest.mark.parametrize(
    ("declared", "message"),
    [
        ([(1, 0)], "no positive weight"),
        ([(0, 0)], "nonzero 2-tuples"),
        ([(1, 2, 3)], "nonzero 2-tuples"),
        (["ab"], "tuples of integers"),
    ],
)
def test_bad_declarations_are_one_line_errors(declared, message):
    class Bad(gr.ImpartialGame):
        def pattern_offsets(self, dims):
            return declared

    with pytest.raises(InvalidGameError, match=message):
        declared_offsets(Bad(), 2)


def test_offsets_are_inferred_only_when_the_same_everywhere():
    from grundy.patterns import Region

    region = Region(("a", "b"), (0, 0), (12, 12))
    assert infer_offsets(two.PlainKing(), lambda a, b: (a, b), region) == (
        (-1, -1),
        (-1, 0),
        (0, -1),
    )
    assert infer_offsets(two.ED(), lambda a, b: (a, b), Region(("a", "b"), (1, 1), (9, 9))) is None


# ------------------------------------------------------------------ the pieces
@settings(max_examples=40)
@given(
    st.sampled_from(["^", "|", "&", "+", "min", "max"]),
    st.sampled_from([None, "popcount", "trailing_ones", "v2", "parity", "bitlen"]),
    st.integers(0, 3),
    st.integers(0, 3),
)
def test_separable_search_finds_what_was_built(op, outer, da, db):
    """A table built as f((a + da) ∘ (b + db)) is matched by an expression no larger."""
    ops = {
        "^": np.bitwise_xor,
        "|": np.bitwise_or,
        "&": np.bitwise_and,
        "+": np.add,
        "min": np.minimum,
        "max": np.maximum,
    }
    outers = {
        None: lambda x: x,
        "popcount": lambda x: bin(x).count("1"),
        "trailing_ones": lambda x: len(bin(x)) - len(bin(x).rstrip("1")),
        "v2": lambda x: len(bin(x & -x)) - 3 if x else 0,
        "parity": lambda x: bin(x).count("1") % 2,
        "bitlen": lambda x: len(bin(x)) - 2 if x else 0,
    }
    a, b = np.indices((24, 24))
    joined = ops[op](a + da, b + db)
    table = np.vectorize(lambda x: outers[outer](int(x)))(joined)
    built = 3 + (2 if da else 0) + (2 if db else 0) + (outer is not None)
    found = search_separable(table, ("a", "b")).found
    assert found
    assert found[0].size <= built
    assert all(found[0].function(i, j) == table[i, j] for i in range(24) for j in range(24))


@settings(max_examples=40)
@given(
    st.integers(1, 4),
    st.integers(-1, 3),
    st.integers(1, 4),
    st.integers(-1, 3),
    st.integers(1, 4),
    st.integers(0, 3),
    st.data(),
)
def test_a_fitted_rule_reproduces_its_table(q, above, p, below, s, corner, data):
    """Tables made by a random rule of the three periodicities are fitted by a rule
    (maybe a simpler one) that agrees with them on twice the table."""
    side = corner + s + max(above + q, below + p, 0)
    seed = data.draw(
        st.lists(
            st.lists(st.integers(0, 3), min_size=side, max_size=side), min_size=side, max_size=side
        )
    )
    made = PlanePeriodicity((0, 0), q, above, p, below, s, corner, tuple(map(tuple, seed)))
    table = [[made(a, b) for b in range(48)] for a in range(48)]
    fitted = fit_plane_periodicity(table)
    if fitted is not None:
        assert all(fitted(a, b) == table[a][b] for a in range(48) for b in range(48))
    for a, b in itertools.product(range(0, 48, 7), repeat=2):  # the made rule's own laws
        if b - a > above:
            assert made(a, b + q) == made(a, b)
        if min(a, b) >= corner:
            assert made(a + s, b + s) == made(a, b)


class CarelessED(gr.ImpartialGame):
    """E&D as a new user writes it: an empty pile is not refused."""

    def moves(self, position):
        return [(i, pile - i) for pile in position for i in range(1, pile)]


def test_a_rule_that_starts_at_one_one_is_found_there():
    best = find_patterns(CarelessED(), dims=2, upto=24).best
    assert (best.formula, best.status) == ("trailing_ones(a - 1 | b - 1)", Status.VERIFIED)
    assert str(best.checked) == "1 ≤ a < 24, 1 ≤ b < 24"
    assert "for a, b ≥ 1 only" in best.describe()
    table = plain_ed(24)  # the rule is E&D's: a careless row 0 changes nothing beyond it
    assert all(best(a, b) == table[a - 1][b - 1] for a in range(1, 25) for b in range(1, 25))


def test_the_first_indices_can_be_given(capsys):
    from conftest import run_cli

    status, out, err = run_cli(
        capsys,
        "pattern",
        f"{EXAMPLES.parent / 'two_piles.py'}:King",
        "--dims",
        "2",
        "--upto",
        "12",
        "--start",
        "2,2",
    )
    assert status == 0, err
    assert "values on 2 ≤ a < 14, 2 ≤ b < 14" in out
    status, out, err = run_cli(capsys, "pattern", "nim", "--dims", "2", "--start", "1")
    assert (status, err.strip()) == (2, "error: --start '1' gives 1 indices; --dims 2 needs 2")
