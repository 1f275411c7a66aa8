"""The ordinal sum of loopy games (grundy.partizan.loopy.ordinal) and its place in
CGSuite's expressions (evaluate, ``grundy cgt``):

* CGSuite's EvalTest row ``('{-1|1}':on).GameValue`` = 1under (tests/data), through the
  function, evaluate and the command line;
* for short G and H, the loopy ordinal sum is the short one (grundy.partizan.ordinal_sum),
  forms as written;
* against an oracle that shares no code with the module: G : H played as a ruleset
  straight from the definition (a position is a vertex of G, or G : h for a vertex h of
  H), explored by ``game_value``, and both compared by a plain survival search;
* the theory's rules: the colon principle for stoppers, G : 0 = G, 0 : H = H,
  -(G : H) = (-G) : (-H), a stopper on a stopper is a stopper;
* refusals: sides (``dud``), non-games, the vertex limit (before any graph is built).
"""

from __future__ import annotations

import csv
from functools import cache
from typing import Any

import pytest
from conftest import DATA, run_cli, run_cli_json
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from grundy.core.errors import InvalidGameError, PositionLimitError
from grundy.partizan import (
    CanonicalGame,
    PartizanGame,
    evaluate,
    explicit_game,
    game,
    parse,
)
from grundy.partizan import ordinal_sum as short_ordinal_sum
from grundy.partizan.loopy import (
    LoopyGame,
    LoopyValueError,
    SidedValue,
    Stopper,
    game_value,
    loopy_game,
    ordinal_sum,
    parse_loopy,
)
from grundy.partizan.loopy.ordinal import form_graph, ordinal_sum_graph

# ------------------------------------------------------------------ CGSuite's row
ROW = "('{-1|1}':on).GameValue"


def expected_row() -> str:
    lines = [
        line
        for line in (DATA / "cgsuite_expected_values.tsv").read_text().splitlines()
        if not line.startswith("#")
    ]
    rows = {r["cgscript_expression"]: r["expected"] for r in csv.DictReader(lines, delimiter="\t")}
    return rows[ROW]


def test_cgsuites_loopy_ordinal_sum_row():
    expected = expected_row()
    assert expected == "1under"
    assert ordinal_sum(explicit_game([-1], [1]), "on") is parse_loopy(expected)
    assert ordinal_sum(loopy_game("{-1|1}"), loopy_game("on")) is parse_loopy(expected)
    assert evaluate(ROW) is parse_loopy(expected) and str(evaluate(ROW)) == expected
    assert evaluate("'{-1|1}' : on") is parse_loopy(expected)


def test_the_base_is_a_form_and_unquoted_text_a_value():
    # {-1|1} unquoted is the value 0, and 0 : on is on; quoted, its options count
    assert ordinal_sum("{-1|1}", "on") is Stopper("on")
    assert evaluate("{-1|1} : on") is Stopper("on")
    # a sum on a form stays a form (CGSuite keeps a compound): a further ':' reads its
    # options as written, -1 among them, where its value 0 has none
    inner = ordinal_sum_graph(form_graph(explicit_game([-1], [])), form_graph("{off|}"))
    assert evaluate("'{-1|}' : {off|}") is Stopper(0) is ordinal_sum(inner, 0)
    assert evaluate("('{-1|}' : {off|}) : -1") is ordinal_sum(inner, -1) is Stopper("-1/2")
    assert evaluate("('{-1|}' : {off|}).GameValue : -1") is Stopper(-1)


def test_the_row_through_the_command_line(capsys):
    report = run_cli_json(capsys, "cgt", ROW)
    assert report["value"] == "1under" and report["kind"] == "loopy"
    assert report["outcome"] == "L" and report["left_stop"] == "1under"
    status, out, _ = run_cli(capsys, "cgt", "'{-1|1}' : on")
    assert status == 0 and "1under" in out


# ------------------------------------------------------------------ short operands
# a short form: (Left options, Right options), each a form
short_forms = st.recursive(
    st.just(((), ())),
    lambda inner: st.tuples(
        st.lists(inner, max_size=3).map(tuple), st.lists(inner, max_size=3).map(tuple)
    ),
    max_leaves=8,
)


def explicit(form: Any) -> Any:
    """The form as an explicit game, kept as written."""
    return explicit_game([explicit(o) for o in form[0]], [explicit(o) for o in form[1]])


def value_of(form: Any) -> CanonicalGame:
    return game([value_of(o) for o in form[0]], [value_of(o) for o in form[1]])


@settings(max_examples=150)
@given(short_forms, short_forms)
def test_short_operands_give_the_short_ordinal_sum(g, h):
    loopy = ordinal_sum(explicit(g), explicit(h))
    assert isinstance(loopy, Stopper)
    assert loopy.short is short_ordinal_sum(explicit(g), explicit(h))
    # canonical operands: the canonical forms are the forms
    a, b = value_of(g), value_of(h)
    assert ordinal_sum(a, b).short is short_ordinal_sum(a, b)


@settings(max_examples=60)
@given(short_forms, short_forms)
def test_evaluate_agrees_on_short_operands(g, h):
    a, b = value_of(g), value_of(h)
    assert evaluate(f"{a} : {b}") is short_ordinal_sum(a, b)
    assert evaluate(f"({a} : {b}).GameValue") is short_ordinal_sum(a, b)


# ------------------------------------------------------------------ the oracle
class Colon(PartizanGame[Any]):
    """G : H played from its definition: ("G", v) is vertex v of G; ("H", h) is G : h,
    where a player moves in G from G's start (ending H) or in H from h."""

    name = "colon"

    def __init__(self, g: LoopyGame, h: LoopyGame) -> None:
        self.g, self.h = g, h

    def options(self, p: Any, left: bool) -> list[Any]:
        where, v = p
        g_rows = self.g.left if left else self.g.right
        if where == "G":
            return [("G", w) for w in g_rows[v]]
        h_rows = self.h.left if left else self.h.right
        return [("G", w) for w in g_rows[0]] + [("H", w) for w in h_rows[v]]

    def left_options(self, p: Any) -> list[Any]:
        return self.options(p, True)

    def right_options(self, p: Any) -> list[Any]:
        return self.options(p, False)


def survives(g: LoopyGame, h: LoopyGame) -> bool:
    """Left, moving second in H - G, never runs out of moves (G <= H for stoppers): a
    plain recursion on the moves left, k up to the number of states."""
    bound = 2 * g.size * h.size + 1

    @cache
    def right_forces(a: int, b: int, left_to_move: bool, k: int) -> bool:
        if left_to_move:  # Left: in -G to a Right option of G, or in H to a Left option
            moves = [(x, b) for x in g.right[a]] + [(a, y) for y in h.left[b]]
            return not moves or (k > 0 and all(right_forces(x, y, False, k - 1) for x, y in moves))
        moves = [(x, b) for x in g.left[a]] + [(a, y) for y in h.right[b]]
        return k > 0 and any(right_forces(x, y, True, k - 1) for x, y in moves)

    return not right_forces(0, 0, False, bound)


@st.composite
def graphs(draw: Any, most: int = 4) -> LoopyGame:
    n = draw(st.integers(1, most))
    option_sets = st.frozensets(st.integers(0, n - 1), max_size=2)
    left = tuple(tuple(sorted(draw(option_sets))) for _ in range(n))
    right = tuple(tuple(sorted(draw(option_sets))) for _ in range(n))
    return LoopyGame(left, right).pack(0)


stoppers = graphs().filter(LoopyGame.is_stopper)


@settings(max_examples=120)
@given(graphs(), graphs())
def test_the_sum_is_the_definition_played_out(g, h):
    built = ordinal_sum_graph(g, h)
    played = game_value(Colon(g, h), ("H", 0))
    assert loopy_value_of(built) == played
    assert ordinal_sum(g, h) == played


@settings(max_examples=100)
@given(stoppers, stoppers)
def test_the_value_of_a_stopper_sum_survives_both_ways_against_the_definition(g, h):
    value = ordinal_sum(g, h)
    assert isinstance(value, Stopper)  # a cycle of G : H is one of G or of H
    played = LoopyGame.from_edges(*_explored(Colon(g, h)))
    assert survives(played, value.graph) and survives(value.graph, played)


def _explored(rules: Colon) -> tuple[list[list[int]], list[list[int]]]:
    """The positions of G : H, numbered as met, with their options (a plain search)."""
    start = ("H", 0)
    number = {start: 0}
    order = [start]
    left: list[list[int]] = []
    right: list[list[int]] = []
    for p in order:  # the list grows as positions are met
        for rows, options in ((left, rules.left_options(p)), (right, rules.right_options(p))):
            row = []
            for o in options:
                if o not in number:
                    number[o] = len(order)
                    order.append(o)
                row.append(number[o])
            rows.append(row)
    return left, right


def loopy_value_of(g: LoopyGame) -> Stopper | SidedValue:
    from grundy.partizan.loopy import loopy_value

    return loopy_value(g)


# ------------------------------------------------------------------ the theory's rules
@settings(max_examples=60)
@given(stoppers, stoppers, stoppers)
def test_the_colon_principle_for_stoppers(g, h, k):
    small, big = Stopper(h), Stopper(k)
    assume(small <= big)
    assert ordinal_sum(g, h) <= ordinal_sum(g, k)
    # the subordinate counts by its value only: its simplest form gives the same sum
    assert ordinal_sum(g, h) is ordinal_sum(g, small) is ordinal_sum(g, small.graph)


@settings(max_examples=80)
@given(graphs(), graphs())
def test_zero_negative_and_stoppers(g, h):
    zero = LoopyGame(((),), ((),))
    assert ordinal_sum(g, zero) == loopy_value_of(g)  # G : 0 is G's form
    assert ordinal_sum(zero, h) == loopy_value_of(h)  # 0 : H is H
    assert -ordinal_sum(g, h) == ordinal_sum(-g, -h)
    if g.is_stopper() and h.is_stopper():
        assert isinstance(ordinal_sum(g, h), Stopper)


@pytest.mark.parametrize(
    ("g", "h", "expected"),
    [
        ("on", 1, "on"),  # on : 1 = {on, on : 0 |}, and on : 0 is on
        (1, "over", "1over"),
        ("^", "on", "^[on]"),  # ^ : on = {0, pass | *}: upon, as pow_to defines ^[on]
        ("over", "over", "over"),
        (parse("*"), "off", "v[on]*"),
    ],
)
def test_small_sums(g, h, expected):
    assert str(ordinal_sum(g, h)) == expected
    assert ordinal_sum(g, h) is parse_loopy(expected)


# ------------------------------------------------------------------ refusals
@pytest.mark.parametrize(
    ("g", "h", "error", "says"),
    [
        ("dud", 1, LoopyValueError, "given by its sides"),
        (1, "on & off", LoopyValueError, "given by its sides"),
        (1.5, 1, InvalidGameError, "is not a game"),
        (True, 1, InvalidGameError, "is not a game"),
        ("{0|", 1, InvalidGameError, "not closed"),
    ],
)
def test_operands_that_are_not_forms_are_refused(g, h, error, says):
    with pytest.raises(error) as info:
        ordinal_sum(g, h)
    assert says in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("dud : 1", "given by its sides"),
        ("1/3 : on", "1/3 is not a game"),
        ("on ConjunctiveSum 1", "on is loopy: no ConjunctiveSum"),
        ("(on : 1).CanonicalForm", "it has no canonical form (use .GameValue)"),
        ("'{pass|0}' : 1", "has a loopy option: write it unquoted"),
        ("1 : pass", "'pass' at 4 is outside any braces"),
        ("a{0|b} : 1", "in the loopy game 'a{0|b}' at 0: unknown name 'b'"),
    ],
)
def test_bad_expressions_are_refused_in_one_line(capsys, text, says):
    with pytest.raises(InvalidGameError) as info:
        evaluate(text)
    assert says in str(info.value) and "\n" not in str(info.value)
    status, out, err = run_cli(capsys, "cgt", text)
    assert status == 2 and not out and says in err and err.count("\n") == 1


def test_the_vertex_limit_is_enforced_before_the_graph_is_built(spy):
    ring = LoopyGame(tuple(((v + 1) % 600,) for v in range(600)), tuple(() for _ in range(600)))
    with spy(LoopyGame, "pack", max_calls=0):  # refused before a graph is made
        with pytest.raises(PositionLimitError) as info:
            ordinal_sum_graph(ring, ring, max_vertices=1_000)
    assert "1,000" in str(info.value)
    with pytest.raises(PositionLimitError):
        ordinal_sum(ring, ring, max_vertices=1_000)
    assert ordinal_sum(ring, ring, max_vertices=1_200) is Stopper("on")
    with pytest.raises(InvalidGameError, match="max_vertices must be a positive int"):
        ordinal_sum(1, 1, max_vertices=0)
