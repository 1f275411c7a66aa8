"""``grundy pattern``: the patterns found, their status, an answer at a huge index, errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli as run
from conftest import run_cli_json as run_json

from grundy.app import registry

SPLIT_OR_TAKE = '''
import grundy as gr


class ED(gr.ImpartialGame):
    """快快编程 1745: split a heap into two non-empty heaps, or take any number."""

    def moves(self, n):
        return [gr.Sum(a, n - a) for a in range(1, n // 2 + 1)] + list(range(n))
'''


def test_pattern_bash_json_is_proved_and_answers_a_huge_heap(capsys):
    data = run_json(capsys, "pattern", "bash:3", "--upto", "40", "--at", "1000000000000000003")
    best = data["patterns"][0]
    assert best["formula"] == "n % 4" and best["status"] == "proved" and best["theorem"]
    assert data["region"] == "0 ≤ n < 40"
    assert data["at"] == {"indices": ["1000000000000000003"], "value": 3, "conjectural": False}


def test_pattern_text_lists_status_region_and_answer(capsys):
    status, out, err = run(
        capsys, "pattern", "lieges:3", "--upto", "64", "--at", "1152921504606846976"
    )
    assert status == 0, err
    assert "G(2m + 1) = 0; G(2m) = 0→1, 1→2, 2→1 of G(m)" in out
    assert "proved (Lieges of Legendre: a heap has at most two options" in out
    assert "G(1152921504606846976) = 2 by the best pattern (proved)" in out


def test_pattern_two_dimensions_wythoff(capsys):
    status, out, _ = run(capsys, "pattern", "wythoff", "--dims", "2", "--upto", "24")
    assert status == 0
    assert "P-positions: (a, b) = (⌊kφ⌋, ⌊kφ²⌋) or swapped" in out
    assert "row a = 1: G(1, b + 3) = G(1, b) + 3" in out
    assert out.count("no pattern found in the searched space") == 1


def test_pattern_of_a_game_in_a_python_file(capsys, tmp_path: Path):
    path = tmp_path / "my_game.py"
    path.write_text(SPLIT_OR_TAKE, encoding="utf-8")
    data = run_json(capsys, "pattern", f"{path}:ED", "--upto", "48", "--at", "1000000000000000003")
    assert data["patterns"][0]["kind"] == "arithmetic-periodic"
    assert data["patterns"][0]["status"] == "verified"
    assert data["at"]["value"] == "1000000000000000004"  # 4k + 3 -> 4k + 4, as a string
    assert registry.find(str(path)).grundy(7) == 8  # one game in the file: no :NAME needed


def test_pattern_plot_writes_a_heat_map(capsys, tmp_path: Path):
    target = tmp_path / "nim.png"
    status, out, err = run(
        capsys, "pattern", "nim", "--dims", "2", "--upto", "12", "--plot", str(target)
    )
    assert status == 0, err
    assert target.read_bytes().startswith(b"\x89PNG") and "plot saved to" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["pattern", "nim", "--dims", "4"], "--dims must be 1, 2 or 3, got 4"),
        (["pattern", "nim", "--upto", "1"], "upto must be an integer from 2 to 4096"),
        (["pattern", "nim", "--dims", "2", "--upto", "1000"], "from 2 to 256 in 2 dimensions"),
        (["pattern", "nim", "--at", "1,2"], "an answer needs 1 index, got 2"),
        (["pattern", "nim", "--at", "x"], "--at index"),
        (["pattern", "tictactoe"], "two-player game without SG values"),
        (["pattern", "wythoff", "--upto", "8"], "may need two indices (--dims 2)"),
        (["pattern", "nim", "--seconds", "0"], "--seconds must be positive"),
        (["pattern", "no_such_file.py:ED"], "no such file"),
    ],
)
def test_pattern_refusals_are_one_line_with_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_a_python_file_that_raises_is_one_line(capsys, tmp_path: Path):
    path = tmp_path / "broken.py"
    path.write_text("raise ValueError('nope')\n", encoding="utf-8")
    status, _, err = run(capsys, "pattern", f"{path}:ED")
    assert status == 2 and "raised ValueError: nope" in err
    assert len(err.strip().splitlines()) == 1


def test_the_web_never_reads_a_python_file(tmp_path: Path):
    path = tmp_path / "my_game.py"
    path.write_text(SPLIT_OR_TAKE, encoding="utf-8")
    with pytest.raises(registry.InvalidGameError, match="only the command line reads"):
        registry.find(f"{path}:ED", files=False)
