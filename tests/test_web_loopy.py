"""Loopy games in the playground's API: ``/api/cgt`` (a game typed in CGSuite's notation,
short or loopy) against CGSuite's published stopper records and a plain brute-force search
of who wins with draws, its limits and refusals (the page: test_web_loopy_browser.py)."""

from __future__ import annotations

import json
import re

import pytest
from conftest import DATA
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from grundy.core.errors import GrundyError, PositionLimitError
from grundy.partizan.loopy import LoopyOutcome
from grundy.web.app import STATIC
from grundy.web.compute import LIMITS, cgt

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from grundy.web import create_app  # noqa: E402

__all__: list[str] = []

RECORDS = json.loads((DATA / "cgsuite_stopper_properties.json").read_text())["records"]


def expected_values() -> dict[str, str]:
    """CGSuite's GameTest/GameStripTest rows (tests/data/cgsuite_expected_values.tsv, its
    first lines name the source): expression -> value."""
    rows = {}
    for line in (DATA / "cgsuite_expected_values.tsv").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        *_, expression, value = line.split("\t")
        rows[expression] = value
    return rows


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=2, budget=20.0)) as test_client:
        yield test_client


def get(client, expression: str) -> dict:
    answer = client.get("/api/cgt", params={"expression": expression})
    assert answer.status_code == 200, answer.text
    return answer.json()


def refused(client, expression: str, status: int = 400) -> str:
    answer = client.get("/api/cgt", params={"expression": expression})
    assert answer.status_code == status, answer.text
    detail = answer.json()["detail"]
    return detail if isinstance(detail, str) else detail[0]["msg"]


# ----------------------------------------------------------------- published values
@pytest.mark.parametrize("record", RECORDS, ids=[r["input"][:30] for r in RECORDS])
def test_every_cgsuite_stopper_record_through_the_api(client, record):
    """CanonicalStopperTestCase: simplest form, stops, outcome, degree, follower count and
    options, as the page receives them."""
    report = get(client, record["input"])
    assert report["kind"] == "loopy" and report["stopper"] is True
    assert report["value"] == record["canonical_output"]
    assert (report["left_stop"], report["right_stop"]) == (record["leftStop"], record["rightStop"])
    assert report["outcome"] == record["outcomeClass"]
    assert report["degree"] == record["degree"] and report["degree_unknown"] == ""
    assert report["followers"] == int(record["followerCount"])
    assert "{" + ",".join(report["left_options"]) + "}" == record["leftOptions"]
    assert "{" + ",".join(report["right_options"]) + "}" == record["rightOptions"]


def test_cgsuite_values_with_sides_and_upon(client):
    rows = expected_values()
    assert get(client, "upon")["value"] == rows["upon"] == "^[on]"
    # Backsliding Toads and Frogs ttt..fff, typed as its value: read back unchanged.
    backsliding = rows['game.strip.BackslidingToadsAndFrogs("ttt..fff").GameValue']
    report = get(client, backsliding)
    assert report["value"] == backsliding and report["stopper"] is False
    assert f"{report['onside']} & {report['offside']}" == backsliding


@pytest.mark.parametrize(
    ("expression", "value", "outcome", "sides"),
    [
        ("on", "on", "L", None),
        ("off", "off", "R", None),
        ("over", "over", "L", None),
        ("a{0|a}", "over", "L", None),  # a labelled loop: over written as CGSuite reads it
        ("upon + *", "^[on]*", "N", None),
        ("on + off", "dud", "D", ("on", "off")),
        ("dud", "dud", "D", ("on", "off")),
        ("upon - upon", "^<on> & v<on>", "D", ("^<on>", "v<on>")),
        ("over - over", "over & under", "D", ("over", "under")),
        ("a{0|{a|*}}", "1 & *", "NHat", ("1", "*")),
        ("1 & *", "1 & *", "NHat", ("1", "*")),  # A & B with short sides
    ],
)
def test_loopy_values_and_outcomes_with_draws(client, expression, value, outcome, sides):
    report = get(client, expression)
    assert (report["value"], report["outcome"]) == (value, outcome)
    if sides is None:
        assert report["stopper"] is True and "onside" not in report
    else:
        assert report["stopper"] is False and (report["onside"], report["offside"]) == sides
        assert "degree" not in report  # the degree is a stopper's


def test_a_short_game_gets_its_canonical_form_and_thermograph(client):
    report = get(client, "{3||2+*|1+*}")
    assert "kind" not in report
    assert (report["value"], report["outcome"], report["mean"]) == ("{3||2*|1*}", "L", "9/4")
    assert report["thermograph"]["text"].startswith("Thermograph(9/4")


@pytest.mark.parametrize("expression", ["{pass|3/2}", "on + off", "a{0|{a|*}}", "{1|*}"])
def test_the_answer_is_the_command_lines(client, capsys, expression):
    from conftest import run_cli_json

    assert get(client, expression) == run_cli_json(capsys, "cgt", expression)


def test_the_schema_names_both_answers(client):
    schema = client.get("/openapi.json").json()
    answer = json.dumps(schema["paths"]["/api/cgt"]["get"]["responses"]["200"])
    assert "LoopyPartizanReport" in answer and "PartizanExpression" in answer
    assert {"max_states", "max_loopy_vertices"} <= set(client.get("/api/limits").json())


# ----------------------------------------------------------------- limits and refusals
def test_the_server_enforces_max_states_and_max_loopy_vertices(client):
    """One line each, in the page's words (no advice about Python parameters)."""
    states = refused(client, "+-{5|pass} + +-{3|pass} + +-{1|pass} + +-{7|pass}")
    assert states.startswith("comparing a 2770-vertex game")
    assert f"more than {LIMITS['max_states']:,} (the limit of this server)" in states
    vertices = refused(client, " + ".join(f"{{{k}|pass}}" for k in range(1, 11)))
    assert f"more than {LIMITS['max_loopy_vertices']:,} positions" in vertices
    for detail in (states, vertices):
        assert "\n" not in detail and "raise" not in detail


def test_a_degree_past_the_limit_is_said_and_the_value_still_given(client):
    report = get(client, "{pass|40}")
    assert (report["value"], report["outcome"], report["degree"]) == ("40under", "L", None)
    assert report["degree_unknown"] == (
        "G - G has 1,764 positions: comparing them pairwise takes 6,223,392 states, more "
        f"than {LIMITS['max_states']:,} (the limit of this server)"
    )


def test_max_states_is_checked_before_the_work(monkeypatch):
    """A lower limit refuses what the default answers: the parameter is what decides."""
    assert cgt("+-{5|pass} + +-{3|pass}")["stopper"] is False
    monkeypatch.setitem(LIMITS, "max_states", 1_000)
    with pytest.raises(PositionLimitError, match="more than 1,000"):
        cgt("+-{5|pass} + +-{3|pass}")
    report = cgt("{pass|3/2}")  # 5 followers: G - G's 2 * 5^4 states are past 1,000
    assert report["degree"] is None and "more than 1,000 (the limit" in report["degree_unknown"]
    monkeypatch.setitem(LIMITS, "max_loopy_vertices", 10)
    with pytest.raises(PositionLimitError, match="more than 10 followers"):
        cgt("{pass|20}")


@pytest.mark.parametrize(
    ("expression", "words"),
    [
        ("", "type a game in CGSuite's notation"),
        ("   ", "type a game in CGSuite's notation"),
        ("{0|pass", "not closed"),
        ("pass", "outside any braces"),
        ("a{0|b}", "'b'"),
        ("1 & 2", "the offside must be <= the onside"),
        ("{0|pass} & off & on", "&"),
        ("dud & on", "must be a stopper"),
    ],
)
def test_bad_games_are_refused_in_one_line(client, expression, words):
    detail = refused(client, expression)
    assert words in detail and "\n" not in detail and "Traceback" not in detail


def test_text_past_the_limit_is_refused_before_reading(client):
    detail = refused(client, "{0|pass}" + " " * LIMITS["max_text"], status=422)
    assert "at most 1000 characters" in detail


TOKENS = ["{", "}", "|", "||", ",", "&", "+", "-", "pass", "on", "off", "over", "upon",
          "dud", "a", "b", "a{", "0", "1", "*", "^", "v", "3/2", " ", "(", ")", "begin",
          "end", ":=", ";", "Tiny(", "+-", "99999999"]  # fmt: skip


@settings(max_examples=200)
@given(st.lists(st.sampled_from(TOKENS), max_size=14).map("".join))
def test_any_text_gets_an_answer_or_one_line(text):
    try:
        report = cgt(text)
    except GrundyError as exc:
        assert "\n" not in str(exc) and str(exc)
    else:
        assert report["value"] and report["outcome"]


# ----------------------------------------------------------------- brute force
def brute_force_outcome(left: list[list[int]], right: list[list[int]]) -> str:
    """Who wins from vertex 0, Left first and Right first, by iterating the definition to a
    fixed point: a player with no move loses; a move to a position lost for the other
    player wins; a position all of whose moves win for the other is lost; what never
    settles is a draw. Written out plainly, sharing nothing with the library."""
    n = len(left)
    result: dict[tuple[int, int], int] = {}  # (vertex, mover 0 Left / 1 Right) -> +1/-1
    changed = True
    while changed:
        changed = False
        for v in range(n):
            for mover, moves in ((0, left[v]), (1, right[v])):
                if (v, mover) in result:
                    continue
                mine = 1 if mover == 0 else -1
                after = [result.get((w, 1 - mover)) for w in moves]
                if mine in after:
                    result[v, mover] = mine
                elif all(a == -mine for a in after):  # no move at all, or every move loses
                    result[v, mover] = -mine
                else:
                    continue
                changed = True
    # CGSuite's name of the pair (the library's naming, not its search)
    return str(LoopyOutcome.of(result.get((0, 0), 0), result.get((0, 1), 0)))


def written(left: list[list[int]], right: list[list[int]]) -> str:
    """The graph from vertex 0 in CGSuite's notation: unfolded depth first, each vertex
    labelled (a fresh label each time it is written) so that a move back to a vertex on
    the way is that label."""
    count = [0]

    def text(v: int, path: dict[int, str]) -> str:
        if v in path:
            return path[v]
        count[0] += 1
        label = f"x{count[0]}"
        inner = {**path, v: label}
        options = [",".join(text(w, inner) for w in moves) for moves in (left[v], right[v])]
        return f"{label}{{{options[0]}|{options[1]}}}"

    return text(0, {})


@st.composite
def small_graphs(draw) -> tuple[list[list[int]], list[list[int]]]:
    n = draw(st.integers(1, 4))
    moves = st.lists(st.integers(0, n - 1), max_size=2, unique=True)
    return draw(st.lists(moves, min_size=n, max_size=n)), draw(
        st.lists(moves, min_size=n, max_size=n)
    )


@settings(max_examples=150)
@given(small_graphs())
@example(([[0]], [[0]]))  # dud: a draw whoever starts
@example(([[1], [], [0], [1]], [[2], [], [3], [1]]))  # a{0|{a|*}} = 1 & *: NHat
def test_outcomes_with_draws_agree_with_a_brute_force(graph):
    left, right = graph
    assume(len(written(left, right)) <= LIMITS["max_text"])
    report = cgt(written(left, right))
    assert report["outcome"] == brute_force_outcome(left, right), written(left, right)


@settings(max_examples=60)
@given(small_graphs(), small_graphs())
def test_the_outcome_of_a_sum_agrees_with_a_brute_force_of_the_sum(g, h):
    """G + H as typed (`upon + *`): brute force over the pairs of positions."""
    (gl, gr), (hl, hr) = g, h
    m = len(hl)
    pairs = [(a, b) for a in range(len(gl)) for b in range(m)]
    index = {p: i for i, p in enumerate(pairs)}
    left = [[index[w, b] for w in gl[a]] + [index[a, w] for w in hl[b]] for a, b in pairs]
    right = [[index[w, b] for w in gr[a]] + [index[a, w] for w in hr[b]] for a, b in pairs]
    text = f"{written(gl, gr)} + {written(hl, hr)}"
    assume(len(text) <= LIMITS["max_text"])
    report = cgt(text)
    assert report["outcome"] == brute_force_outcome(left, right)


def test_the_page_words_each_outcome_class_by_its_results():
    """The page turns a class into words (loopy-facts.js) from its results with Left and
    with Right moving first: its table must be the library's, class by class."""
    source = (STATIC / "loopy-facts.js").read_text()
    table = re.search(r"export const LOOPY_OUTCOMES = \{(.*?)\};", source, re.S)
    assert table is not None
    found = {
        name: (int(left), int(right))
        for name, left, right in re.findall(r'(\w+): \["[^"]+", (-?\d), (-?\d)\]', table[1])
    }
    assert found == {str(o): (o.left_first, o.right_first) for o in LoopyOutcome}


# ----------------------------------------------------------------- loopy games of the catalog
def test_a_loopy_games_position_is_analysed_within_the_servers_max_states(client):
    """Analyse's /api/value for Fox and Geese and Backsliding Toads and Frogs: the loopy
    value (CGSuite's GameGridTest and GameStripTest rows), what each move does for its
    player, and max_states refusing in one line what would compare too many states."""
    rows = expected_values()
    fox = client.get(
        "/api/value", params={"game": "fox-and-geese", "position": ".G......|..F....."}
    )
    assert fox.status_code == 200, fox.text
    report = fox.json()
    assert report["loopy"] is True and report["to_move"] is None
    # the fox, next to an empty square of the geese's row, is out: off (loopy_formula)
    assert (report["value"], report["outcome"], report["right_moving_first"]) == (
        "off",
        "R",
        "wins",
    )
    backsliding = rows['game.strip.BackslidingToadsAndFrogs("ttt..fff").GameValue']
    answer = client.get(
        "/api/value", params={"game": "backsliding-toads-and-frogs", "position": "TTT..FFF Left"}
    )
    report = answer.json()
    assert (report["value"], report["outcome"], report["to_move"]) == (backsliding, "D", "Left")
    assert (report["left_moving_first"], report["right_moving_first"]) == ("draws", "draws")
    assert [(m["move"], m["result"], m["value"]) for m in report["left_moves"]] == [
        ("Left toad 3-4", "draws", None)
    ]
    refused_value = client.get(
        "/api/value", params={"game": "backsliding-toads-and-frogs", "position": "TTT...FFF"}
    )
    assert refused_value.status_code == 400
    detail = refused_value.json()["detail"]
    assert detail.endswith(f"more than {LIMITS['max_states']:,} (the limit of this server)")
    assert "\n" not in detail
