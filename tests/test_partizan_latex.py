"""Conway's notation in LaTeX (grundy.partizan.latex): read back, it is the same game —
for random canonical forms, for every value CGSuite's own tests publish (short games and
stoppers), for loopy values — and it uses LaTeX only (no ``*``, ``/`` or bare ``^``)."""

from __future__ import annotations

import json
import re

import pytest
from conftest import DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import InvalidGameError
from grundy.partizan import game, heat, nimber, number, parse, up
from grundy.partizan.latex import MAX_LATEX, latex, latex_math
from grundy.partizan.loopy import Stopper, parse_loopy


def untex(text: str) -> str:
    """CGSuite's notation back from the LaTeX (written here apart from the module, by
    plain replacements, so that a round trip checks the translation)."""
    t = text.replace(r" \mathbin{\&} ", " & ")
    t = re.sub(r"\\frac\{(\d+)\}\{(\d+)\}", r"\1/\2", t)
    t = t.replace(r"\pm", "+-").replace(r"{\ast}", "*")
    t = t.replace(r"{\Uparrow}", "^^").replace(r"{\Downarrow}", "vv")
    t = re.sub(r"\\mathrm\{(\w+)\}", r"\1", t)
    arrows = {"up": "^", "down": "v"}
    t = re.sub(r"\{\\(up|down)arrow\}\^\{\[(.*?)\]\}", lambda m: f"{arrows[m[1]]}[{m[2]}]", t)
    t = re.sub(r"\{\\(up|down)arrow\}\^\{(.*?)\}", lambda m: f"{arrows[m[1]]}<{m[2]}>", t)
    t = t.replace(r"{\uparrow}", "^").replace(r"{\downarrow}", "v")
    t = re.sub(r"\\;(\|+)\\;", r"\1", t)
    # Tiny and Miny: {+}_{G} -> Tiny(G), the group closed by its matching unescaped brace.
    while (start := max(t.rfind("{+}_{"), t.rfind("{-}_{"))) >= 0:
        depth, i = 1, start + 5
        while depth:
            if t[i] == "\\":
                i += 2
                continue
            depth += {"{": 1, "}": -1}.get(t[i], 0)
            i += 1
        name = "Tiny" if t[start + 1] == "+" else "Miny"
        t = t[:start] + f"{name}(" + t[start + 5 : i - 1] + ")" + t[i:]
    return t.replace(r"\{", "{").replace(r"\}", "}")


def assert_only_latex(text: str) -> None:
    assert "*" not in text and "/" not in text and "Tiny" not in text
    assert all(text[i + 1] == "{" for i, c in enumerate(text) if c == "^")
    unescaped = re.sub(r"\\[{}]", "", text)
    depth = 0
    for c in unescaped:
        depth += {"{": 1, "}": -1}.get(c, 0)
        assert depth >= 0
    assert depth == 0


# ----------------------------------------------------------------- random games
def games(depth: int = 2):
    base = st.one_of(
        st.integers(-3, 3).map(number),
        st.sampled_from(["1/2", "-3/4", "5/8"]).map(number),
        st.integers(1, 4).map(nimber),
        st.just(up()),
    )

    def extend(children):
        options = st.lists(children, max_size=2)
        return st.one_of(
            st.builds(lambda a, b: game(a, b), options, options),
            st.builds(lambda a, b: a + b, children, children),
            children.map(lambda g: -g),
        )

    return st.recursive(base, extend, max_leaves=6)


@settings(max_examples=300)
@given(games())
def test_random_canonical_forms_read_back_from_their_latex(g):
    text = latex(str(g))
    assert_only_latex(text)
    assert parse(untex(text)) is g
    assert g._repr_latex_() == f"${text}$"


# ----------------------------------------------------------------- published values
def published_values() -> list[str]:
    lines = (DATA / "cgsuite_expected_values.tsv").read_text().splitlines()
    rows = [line.split("\t") for line in lines if line and not line.startswith("#")][1:]
    return [row[3].strip() for row in rows]


def test_every_short_game_cgsuite_publishes_reads_back():
    checked = 0
    for text in published_values():
        try:
            g = parse(text)
        except Exception:  # a loopy value or a CGSuite-only expression: below
            continue
        converted = latex(str(g))
        assert_only_latex(converted)
        assert parse(untex(converted)) is g, text
        checked += 1
    assert checked >= 120


def test_every_stopper_cgsuite_publishes_reads_back():
    records = json.loads((DATA / "cgsuite_stopper_properties.json").read_text())["records"]
    texts = [r["canonical_output"] for r in records if not r["canonical_output"].startswith("!!")]
    texts += [t for t in published_values() if any(w in t for w in ("on", "off", "pass", "&"))]
    checked = 0
    for text in texts:
        try:
            value = parse_loopy(text)
        except Exception:
            continue
        converted = latex(str(value))
        assert_only_latex(converted)
        assert parse_loopy(untex(converted)) == value, text
        assert value._repr_latex_() == f"${converted}$"
        checked += 1
    assert checked >= 20


# ----------------------------------------------------------------- the notation itself
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0", "0"),
        ("-3/2", r"-\frac{3}{2}"),
        ("*", r"{\ast}"),
        ("*13", r"{\ast}13"),
        ("^", r"{\uparrow}"),
        ("v*", r"{\downarrow}{\ast}"),
        ("^^*", r"{\Uparrow}{\ast}"),
        ("vv", r"{\Downarrow}"),
        ("1/2^3*2", r"\frac{1}{2}{\uparrow}3{\ast}2"),
        ("^<4>", r"{\uparrow}^{4}"),
        ("v[3]*", r"{\downarrow}^{[3]}{\ast}"),
        ("+-1", r"\pm1"),
        ("{2|-1/2}", r"\{2\;|\;-\frac{1}{2}\}"),
        ("{3||2*|1*}", r"\{3\;||\;2{\ast}\;|\;1{\ast}\}"),
        ("Tiny(2)", r"{+}_{2}"),
        ("3/4Miny({1|0})", r"\frac{3}{4}{-}_{\{1\;|\;0\}}"),
        ("on", r"\mathrm{on}"),
        ("(5over)", r"(5\mathrm{over})"),
        ("-1/4v[on]", r"-\frac{1}{4}{\downarrow}^{[\mathrm{on}]}"),
        ("^<on>*", r"{\uparrow}^{\mathrm{on}}{\ast}"),
        ("a{0|a}", r"a\{0\;|\;a\}"),
        ("over & under", r"\mathrm{over} \mathbin{\&} \mathrm{under}"),
        ("dud", r"\mathrm{dud}"),
    ],
)
def test_each_piece_of_the_notation(text, expected):
    assert latex(text) == expected
    assert untex(expected) == text


def test_bad_text_is_refused_in_one_line_and_long_text_is_not_typeset():
    for bad in ("{1|0}$", "Tiny(2", "1)", "{1%0}"):
        with pytest.raises(InvalidGameError) as error:
            latex(bad)
        assert "\n" not in str(error.value)
        assert latex_math(bad) is None
    assert latex_math("1" * (MAX_LATEX + 1)) is None
    long = heat(nimber(10), 1)  # 35,252 characters of CGSuite's notation
    assert len(str(long)) > MAX_LATEX and long._repr_latex_() is None
    assert Stopper("on")._repr_latex_() == r"$\mathrm{on}$"
    assert number(3)._repr_latex_() == "$3$"
