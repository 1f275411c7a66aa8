"""The package as a whole: a light import, interrupted work kept."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import grundy as gr


def test_import_grundy_stays_light():
    code = (
        "import sys, grundy\n"
        "heavy = {'numba', 'numpy', 'typer', 'rich', 'matplotlib', 'fastapi', 'networkx',"
        " 'IPython'}\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_an_interrupted_computation_keeps_its_finished_values():
    interrupt_at = {700}

    def moves(n):
        if n in interrupt_at:
            interrupt_at.clear()  # interrupt once, like a Ctrl-C
            raise KeyboardInterrupt
        return [n - k for k in (1, 2, 5) if k <= n]

    game = gr.game_from_moves(moves, name="take 1, 2 or 5")
    try:
        game.table(range(1000))
    except KeyboardInterrupt:
        pass
    assert game.stats.positions == 700  # 0..699 were finished and are kept
    expected: list[int] = []
    for n in range(1000):
        expected.append(gr.mex(expected[n - k] for k in (1, 2, 5) if k <= n))
    assert game.table(range(1000)) == expected
    assert game.stats.positions == 1000  # the other 300 were searched once, nothing redone


ROOT = Path(__file__).resolve().parent.parent


def test_license_and_changelog_are_shipped():
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text()
    assert "## [Unreleased]" in (ROOT / "CHANGELOG.md").read_text()


def test_the_files_the_examples_write_are_ignored_by_git():
    """Running the README's examples from the root must not leave untracked files."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    written = {"grundy-survey/"}  # grundy survey's default output folder
    for doc in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        for found in re.finditer(r"--(save|plot|checkpoint|store)\s+([^\s`]+)", doc.read_text()):
            option, name = found.groups()
            if not name.isupper() and not name.startswith("/"):  # not FILE, not a cluster's
                written.add(name + "/" if option == "store" else name)  # a store is a folder
    assert {"c4.solved", "officers.values", "officers.png"} <= written
    checked = subprocess.run(
        ["git", "check-ignore", "--no-index", *sorted(written)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert set(checked.stdout.split()) == written


@pytest.mark.parametrize(
    "argv",
    [
        ["value", "nim", "3", "4", "5"],
        ["value", "kayles", "40"],
        ["table", "0.77", "--upto", "1000"],
        ["table", "subtraction:2,3,7", "--upto", "29"],
        ["solve", "tictactoe"],
        ["value", "subtraction:squares", "100"],
        ["nim", "mul", "3141", "5926"],
    ],
)
def test_small_questions_from_the_command_line_never_load_numba(argv):
    """Loading numba costs a new process 0.5 s (seconds after an install): issue 18 found
    'grundy solve tictactoe' at 5-12 s and 'grundy value nim 3 4 5' at 0.7-1.6 s."""
    script = (
        "import sys\nfrom grundy.cli import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit as stop:\n    assert not stop.code\n"
        "print('numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "False"
