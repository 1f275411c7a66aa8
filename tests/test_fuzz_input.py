"""Any input gives an answer or one line of error, never a traceback (issue 20).

Hypothesis drives the command line and every registered game's parsers with arbitrary
text: Unicode digits, numbers past the interpreter's 4,300-digit limit, signs,
separators, control characters, nothing at all. ``grundy.core.integers.parse_int`` is the one
reader of integers they all go through.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import run_cli
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.app import registry
from grundy.core.integers import MAX_DIGITS, int_text, parse_int, shown
from grundy.twoplayer import TwoPlayerGame

ROOT = Path(__file__).resolve().parent.parent

# capsys is reset by each run_cli call: sharing it between examples is fine.
FUZZ = settings(
    max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None
)

#: Characters a malformed command line is made of: ASCII and Unicode digits, signs,
#: the separators the notations use, white space and control characters, letters.
ALPHABET = (
    "0123456789" * 3
    + "²³¹٣१𝟙߀Ⅻ½"  # Unicode digits and numerals: str.isdigit() is true for several
    + "-+,.:/x×|_#() "
    + "\t\n\r\x00\x1c\x85\u2028\u00a0\u3000"
    + "abcoXn∞é"
)
words = st.text(alphabet=ALPHABET, max_size=12)


def long_numbers() -> st.SearchStrategy[str]:
    """Digit strings around the interpreter's limit and past MAX_DIGITS, signed or not."""
    return st.builds(
        lambda sign, digit, count: sign + digit * count,
        st.sampled_from(["", "-", "+"]),
        st.sampled_from("179"),
        st.sampled_from([4299, 4301, 5000, MAX_DIGITS + 1]),
    )


word = st.one_of(words, long_numbers(), st.integers(-(10**30), 10**30).map(str))


def spec() -> st.SearchStrategy[str]:
    """A game name: a registered one, with an arbitrary parameter where it takes one."""
    names = [e.name for e in registry.GAMES.values() if e.name != "0.d1d2..."]
    return st.one_of(
        st.sampled_from(names),
        st.builds(lambda n, p: f"{n}:{p}", st.sampled_from(names), word),
        st.builds(lambda p: f"0.{p}", words),
        words,
    )


def assert_answer_or_one_line(status: int, out: str, err: str) -> None:
    assert "Traceback" not in out + err, err
    if status == 0:
        assert out.strip(), err
    else:
        assert status == 2, (status, err)
        assert err.startswith("error: ") and err.count("\n") == 1 and out == "", err


# ----------------------------------------------------------------- the one reader
@given(st.integers(-(10**9000), 10**9000), st.sampled_from(["", " ", "\t\n"]))
def test_parse_int_reads_every_integer_written_in_ascii_digits(n, space):
    assert parse_int(f"{space}{int_text(n)}{space}") == n
    assert parse_int("+" + int_text(abs(n))) == abs(n)


@given(st.text(alphabet=ALPHABET, max_size=20))
def test_parse_int_accepts_ascii_digits_only_and_says_why_not_in_one_line(text):
    body = text.strip(" \t\n\r\x0b\x0c")
    digits = body[1:] if body[:1] in "+-" else body
    if digits and all(c in "0123456789" for c in digits):
        assert parse_int(text) == int(body)
        return
    with pytest.raises(gr.InvalidPositionError) as info:
        parse_int(text, "heap")
    message = str(info.value)
    assert message.startswith("heap ") and message.isprintable(), message


def test_parse_int_has_a_bound_of_its_own_and_no_interpreter_limit():
    limit = sys.get_int_max_str_digits()
    assert parse_int("9" * MAX_DIGITS) == 10**MAX_DIGITS - 1
    assert parse_int("-" + "1" * 5000) == -(10**5000 - 1) // 9
    with pytest.raises(gr.InvalidGameError, match=r"has 100,001 digits; .* at most 100,000"):
        parse_int("1" * (MAX_DIGITS + 1), "parameter", error=gr.InvalidGameError)
    with pytest.raises(gr.InvalidPositionError, match="'-5' is not a positive integer"):
        parse_int("-5", signed=False, expected="a positive integer")
    assert sys.get_int_max_str_digits() == limit  # left as it was


def test_nimbers_of_more_than_4300_digits_are_printed():
    assert repr(gr.Nimber(10**5000)) == "Nimber(1" + "0" * 5000 + ")"
    with pytest.raises(gr.NimberError, match=r"operand -1000.*\(5,001 digits\) is negative"):
        gr.nim_sum(-(10**5000))


def test_long_texts_and_ints_are_shortened_in_messages():
    assert shown("1" * 5000) == "'11111111111111111111...1111111111' (5,000 characters)"
    assert shown(10**5000).endswith("(5,001 digits)")
    assert int_text(-(10**5000)) == "-1" + "0" * 5000


# ----------------------------------------------------------------- the command line
@FUZZ
@given(spec(), st.lists(word, max_size=3))
@example("subtraction:²", ["3"])
@example("nim", ["1" * 5000])
@example("bash:3", ["-" + "1" * 5000])
@example("give-and-take:" + "1" * 31, [])
def test_value_answers_or_says_why_in_one_line(capsys, monkeypatch, game, position):
    # A take-and-break code at a huge heap searches 65,536 values for a period whatever
    # --max-positions says (minutes for codes that split into three heaps): not here.
    assume("." not in game or all(len(w) < 6 for w in position))
    monkeypatch.chdir(ROOT)  # docs/examples/... names a file, as in the README
    status, out, err = run_cli(capsys, "value", game, *position, "--max-positions", "2000")
    assert_answer_or_one_line(status, out, err)


@FUZZ
@given(
    st.sampled_from(["tictactoe", "connect-four", "give-and-take"]),
    word,
    st.lists(word, max_size=2),
)
@example("connect-four", "²x²", [])
@example("connect-four", "3x3", ["moves:1,²"])
@example("tictactoe", "", ["x" * 5000])
def test_solve_answers_or_says_why_in_one_line(capsys, name, parameter, position):
    game = f"{name}:{parameter}" if name != "tictactoe" or parameter else name
    status, out, err = run_cli(capsys, "solve", game, *position, "--max-positions", "2000")
    assert_answer_or_one_line(status, out, err)


@FUZZ
@given(spec(), st.integers(0, 30))
@example("allbut:" + "9" * 90, 10)
@example("subtraction:1,²", 5)
def test_table_answers_or_says_why_in_one_line(capsys, game, upto):
    status, out, err = run_cli(capsys, "table", game, "--upto", str(upto), "--max-positions", "500")
    assert_answer_or_one_line(status, out, err)


@FUZZ
@given(st.sampled_from(["sum", "mul", "inv", "sqrt"]), st.lists(word, min_size=1, max_size=2))
@example("mul", ["7" * 4400, "3"])
@example("sum", ["0x" + "f" * 4000, "-0b1"])
def test_nim_arithmetic_answers_or_says_why_in_one_line(capsys, operation, operands):
    if operation in ("inv", "sqrt"):
        operands = operands[:1]
    status, out, err = run_cli(capsys, "nim", operation, *operands)
    assert_answer_or_one_line(status, out, err)


# ----------------------------------------------------------------- each game's parsers
def _games() -> list:
    games = []
    for entry in registry.GAMES.values():
        name = entry.example.split()[0]
        if name.startswith("digraph:"):
            name = f"digraph:{ROOT / 'docs/examples/dag.txt'}"
        games.append(pytest.param(registry.find(name).limited_to(2000), id=entry.name))
    return games


@pytest.mark.parametrize("game", _games())
@settings(max_examples=100, deadline=None)
@given(tokens=st.lists(word, max_size=4), move=word)
def test_every_game_parses_any_words_or_raises_a_grundy_error(game, tokens, move):
    try:
        position = game.parse_position(tokens)
        game.check_position(position)
    except gr.GrundyError as exc:
        assert "\n" not in str(exc), str(exc)
    start = game.start() if isinstance(game, TwoPlayerGame) else None
    if start is not None:
        try:
            game.parse_move(start, move)
        except gr.GrundyError as exc:
            assert "\n" not in str(exc), str(exc)


@settings(max_examples=200, deadline=None)
@given(spec())
def test_every_game_name_gives_a_game_or_a_grundy_error(name):
    try:
        registry.find(name, files=False)
    except gr.GrundyError as exc:
        assert "\n" not in str(exc), str(exc)
