"""A user's game from a file failing in its own code: one line naming the call and, when
the command line's words became a tuple, parse_position (issue 36)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli as run

from grundy.app.registry import find
from grundy.app.user_code import user_code_error

GAMES = '''\
import grundy as gr


class ED(gr.ImpartialGame):
    """Written for one heap, an int."""

    def moves(self, n):
        return list(range(n))


class Checked(gr.ImpartialGame):
    def check_position(self, n):
        if n < 0:
            raise gr.InvalidPositionError(f"heap {n} is negative")
        return n

    def moves(self, n):
        return [n - k for k in (1, 2) if k <= n]


class TwoWords(gr.ImpartialGame):
    """Reads its own words: two heaps, which moves then mishandles on purpose."""

    def parse_position(self, words):
        return tuple(int(w) for w in words)

    def moves(self, heaps):
        return list(range(heaps))


class Tuples(gr.ImpartialGame):
    """Written for tuples, but its options are ints: not parse_position's doing."""

    def moves(self, pair):
        return [pair[0] - 1] if pair[0] else []


def fine(n):
    return [n - 1] if n > 0 else []


Counted = gr.game_from_moves(fine, name="counted")
'''


@pytest.fixture
def games(tmp_path: Path) -> Path:
    path = tmp_path / "my_game.py"
    path.write_text(GAMES, encoding="utf-8")
    return path


def one_line_error(capsys, *argv: str) -> str:
    """Run ``grundy ARGV``, which must fail with status 2 and one line on stderr."""
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "", (status, out, err)
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: "), err
    return err.strip()


@pytest.mark.parametrize("extra", [[], ["--misere"], ["--remoteness"], ["--json"]])
def test_a_game_written_for_ints_given_two_words_names_parse_position(capsys, games, extra):
    err = one_line_error(capsys, "value", f"{games}:ED", "7", "8", *extra)
    assert err.startswith(f"error: {games}:ED: moves((7, 8)) failed with TypeError: ")
    assert "(line 8)" in err
    assert err.endswith(
        "the positions on the command line are read by parse_position, which made the "
        "words 7 8 the tuple (7, 8) — override it to read several words"
    )


def test_a_failing_check_position_was_a_traceback_and_is_one_line(capsys, games):
    # Before: the user's TypeError went up through the command as a traceback (status 1).
    err = one_line_error(capsys, "value", f"{games}:Checked", "7", "8")
    assert f"{games}:Checked: check_position((7, 8)) failed with TypeError" in err
    assert "(line 13)" in err and "override it to read several words" in err
    for command in (["play", f"{games}:Checked", "7", "8"], ["solve", f"{games}:ED", "7", "8"]):
        assert "read by parse_position" in one_line_error(capsys, *command)


def test_the_same_games_answer_one_word(capsys, games):
    status, out, _ = run(capsys, "value", f"{games}:ED", "7")
    assert status == 0 and "SG value       7" in out
    status, out, _ = run(capsys, "value", f"{games}:Checked", "7")
    assert status == 0 and "SG value       1" in out
    # the user's own refusal stands as written
    assert one_line_error(capsys, "value", f"{games}:Checked", "--", "-1") == (
        "error: heap -1 is negative"
    )


def test_no_parse_position_hint_where_it_is_not_the_cause(capsys, games):
    # its own parse_position read the words: the failure is named, without the hint
    err = one_line_error(capsys, "value", f"{games}:TwoWords", "7", "8")
    assert err.startswith(f"error: {games}:TwoWords: moves((7, 8)) failed with TypeError")
    assert "read by parse_position" not in err
    # moves((7, 8)) worked; its int option failed: the option is named, no hint
    err = one_line_error(capsys, "value", f"{games}:Tuples", "7", "8")
    assert err.startswith(f"error: {games}:Tuples: moves(6) failed with TypeError")
    assert "read by parse_position" not in err


def test_a_function_game_is_named_by_its_function(capsys, games):
    err = one_line_error(capsys, "value", f"{games}:Counted", "3", "4")
    assert err.startswith(f"error: {games}:Counted: fine((3, 4)) failed with TypeError")
    assert err.endswith("override it to read several words")


def test_only_a_users_file_is_reworded(games):
    try:
        find(f"{games}:ED").grundy((7, 8))
    except Exception as exc:  # noqa: BLE001 - the user's error, as a command meets it
        failure = exc
    assert "moves((7, 8))" in (user_code_error(failure, f"{games}:ED", ["7", "8"]) or "")
    assert user_code_error(failure, "nim", ["7", "8"]) is None  # not a file's game
    assert user_code_error(ValueError("a bug"), f"{games}:ED", ["7"]) is None  # not its code
    line = user_code_error(failure, f"{games}:ED", None)  # no words: no hint
    assert line is not None and "read by parse_position" not in line


def test_no_traceback_in_a_real_process(games):
    done = subprocess.run(
        [sys.executable, "-m", "grundy", "value", f"{games}:Checked", "7", "8"],
        capture_output=True,
        text=True,
        timeout=300,  # a hang guard, not a time limit
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "read by parse_position" in done.stderr
