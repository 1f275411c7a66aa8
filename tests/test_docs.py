"""The examples of README.md and docs/*.md run where they are shown, as a user runs them,
and give the output shown.

Console blocks: each ``$ ...`` line is run from the repository root and what it prints is
compared with the lines that follow it; a line ``...`` stands for any lines, a time
(``1.10 s``) for any time. A command shown without output must exit with status 0.
Plain ``grundy`` commands (also joined by ``&&``) run in-process (the argv the console
script gets); commands that name files, write files or use the shell (``|``) run through
bash with the installed ``grundy`` script, stdout and stderr together as a terminal shows
them. A command that writes files runs in a scratch copy of the root (its entries
linked), so the working tree stays clean while the files it reads resolve exactly as
from the root.

Python blocks: the ``>>>`` examples run as a REPL session through pytest's doctest
collection (``--doctest-glob='*.md'``: a file's examples share one namespace); here they
also run as a script (``python example.py``), a file's examples together. A block written
as a script runs on its own, as a script and in a REPL (``python -i``, the block piped
in). A spawned worker imports the main script, so a block that starts worker processes
needs the ``if __name__ == "__main__":`` guard: the script run is what finds one without.

Long computations are ``slow`` tests (CI runs them); the commands not run at all are in
``NOT_RUN``, each with its reason.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from grundy.app import registry
from grundy.cli import main

ROOT = Path(__file__).parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```(console|python)\n(.*?)^```", re.S | re.M)

#: Commands not run, with the reason (as shown after ``$ ``, without the ``# comment``).
NOT_RUN = {
    'apt-get update && apt-get install -y chromium g++ && pip install -e ".[dev]" && '
    'pytest -m "slow or not slow"': "installs system packages and runs this test suite",
    "grundy play chomp 4x7": "interactive: tests/test_play.py plays against the engine",
    "grundy play tictactoe": "interactive: tests/test_play.py plays against the engine",
    'pip install -e ".[web]" && grundy serve': "a server that runs until it is stopped: "
    "tests/test_web_server.py runs one",
}
#: A leading ``pip install ... &&`` is dropped: the tests run from the installed package.
INSTALL = re.compile(r"^pip install [^&]*&& ")
#: Examples that take long (found by their start): slow tests, with the reason.
SLOW = {
    "grundy table 0.354 ": "2·10^7 values, about 20 s",
    "grundy table 0.6 --upto 1000000 ": "10^6 values and a plot, about 13 s",
    "grundy survey 0.ddd --upto 16384 ": "512 games to n = 16,384, 10 to 20 s",
    "grundy solve connect-four:5x4 ": "a tiered solve of 2·10^6 positions, about 10 s",
    "from grundy.twoplayer import solve_tiers": "a tiered solve of 2·10^6 positions on Ray",
}
#: Options and commands that write files in the working directory, or read them back.
WRITES = ("--save", "--load", "--plot", "--checkpoint", "--store", "--out", "grundy survey")
SHELL = re.compile(r"[|&;<>]")
#: A time as the commands print it: ``1.10 s``, ``21.7 s``, ``(0.0 s)``.
TIME = re.compile(r"\d[\d,]*(?:\.\d+)? s\b")


# ------------------------------------------------------------------ reading the docs
@dataclass(frozen=True)
class Command:
    doc: str  # the file's name
    line: int  # where the command is shown
    block: int  # the first line of its console block
    shown: str  # as shown after "$ ", comment included
    expected: str  # the output shown under it

    @property
    def typed(self) -> str:
        """As shown, without its comment."""
        return strip_comment(self.shown)

    @property
    def run(self) -> str:
        """What is run: as typed, without a leading install."""
        return INSTALL.sub("", self.typed)

    @property
    def writes(self) -> bool:
        return any(word in self.run for word in WRITES)

    @property
    def in_process(self) -> bool:
        """Plain grundy commands (joined by ``&&``): no other shell syntax, files or paths."""
        return not self.writes and all(
            part.startswith("grundy ") and not (SHELL.search(part) or "/" in part)
            for part in self.run.split(" && ")
        )


@dataclass(frozen=True)
class Example:
    doc: str
    line: int  # the first line of its first block
    source: str  # Python source: the blocks' code, prompts removed
    is_script: bool  # written as a script (no >>> prompts)


def strip_comment(command: str) -> str:
    """`command` without a shell comment (``#`` after a blank, outside quotes)."""
    quote = None
    for i, ch in enumerate(command):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and i and command[i - 1].isspace():
            return command[:i].rstrip()
    return command


def blocks(path: Path, kind: str) -> list[tuple[int, str]]:
    """(first line, text) of the file's blocks of `kind` (console, python)."""
    text = path.read_text()
    return [
        (text.count("\n", 0, m.start(2)) + 1, m.group(2))
        for m in BLOCK.finditer(text)
        if m.group(1) == kind
    ]


def commands(path: Path) -> list[Command]:
    """The commands of a file's console blocks, each with the output shown under it."""
    found = []
    for first, text in blocks(path, "console"):
        shown: list[tuple[int, str, list[str]]] = []
        for i, line in enumerate(text.splitlines()):
            if line.startswith("$ "):
                shown.append((first + i, line[2:], []))
            elif shown:
                shown[-1][2].append(line)
        found += [Command(path.name, n, first, typed, "\n".join(out)) for n, typed, out in shown]
    return found


def examples(path: Path) -> list[Example]:
    """The file's Python examples as scripts: its ``>>>`` blocks together (doctest runs
    them as one session, in one namespace), and each block written as a script."""
    session: list[tuple[int, str]] = []
    found = []
    for first, text in blocks(path, "python"):
        parsed = doctest.DocTestParser().get_examples(text)
        if parsed:
            session.append((first, "".join(e.source for e in parsed)))
        else:
            found.append(Example(path.name, first, text, is_script=True))
    if session:
        source = "".join(text for _, text in session)
        found.insert(0, Example(path.name, session[0][0], source, is_script=False))
    return found


def matches(expected: str, actual: str) -> bool:
    """Whether `actual` is the output shown: a line "..." is any lines, "..." in a line any
    text, a time any time."""
    pattern = []
    for line in expected.rstrip("\n").splitlines():
        if line.strip() == "...":
            pattern.append(r"(?:[^\n]*\n)*?")
            continue
        pieces = []
        for piece in line.split("..."):
            times = [re.escape(part) for part in TIME.split(piece)]
            pieces.append(r"[\d,]+(?:\.\d+)? s".join(times))
        pattern.append(r"[^\n]*".join(pieces) + r"\n")
    return re.fullmatch("".join(pattern), actual.rstrip("\n") + "\n") is not None


def param(item: Command | Example, text: str, skip: str | None = None):
    """A test case: slow if `text` holds a SLOW example, skipped with a reason if not run."""
    marks: list = [pytest.mark.slow] if any(key in text + " " for key in SLOW) else []
    if skip:
        marks.append(pytest.mark.skip(reason=skip))
    return pytest.param(item, marks=marks, id=f"{item.doc}:{item.line}")


ALL_COMMANDS = [c for path in DOCS for c in commands(path)]
COMMANDS = [param(c, c.run, NOT_RUN.get(c.typed)) for c in ALL_COMMANDS]
EXAMPLES = [param(e, e.source) for path in DOCS for e in examples(path)]
SCRIPTS = [case for case in EXAMPLES if case.values[0].is_script]


# ------------------------------------------------------------------ running them
def environment() -> dict[str, str]:
    """This Python's scripts (``grundy``) first on PATH, as in an activated venv."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def run(args: list[str], cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        args,
        cwd=cwd,
        env=environment(),
        input=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,  # interleaved, as a terminal shows them
        text=True,
        timeout=900,  # a hang guard, generous for a loaded machine
    )


def linked_root(where: Path) -> Path:
    """A scratch directory that reads like the repository root: its entries linked."""
    where.mkdir(exist_ok=True)
    for entry in ROOT.iterdir():
        if entry.name != ".git":
            (where / entry.name).symlink_to(entry)
    return where


def saved_by(command: Command) -> list[Command]:
    """The earlier commands of `command`'s block that save a file it loads."""

    def files(c: Command, option: str) -> set[str]:
        words = shlex.split(c.run)
        return {words[i + 1] for i, word in enumerate(words[:-1]) if word == option}

    loads = files(command, "--load")
    return [
        c
        for c in ALL_COMMANDS
        if (c.doc, c.block) == (command.doc, command.block)
        and c.line < command.line
        and files(c, "--save") & loads
    ]


@pytest.fixture(scope="module")
def roots() -> dict[tuple[str, int], tuple[Path, set[str]]]:
    """Per console block: a linked copy of the root, and the commands already run there."""
    return {}


# ------------------------------------------------------------------ the tests
def test_the_examples_are_found():
    shown = {(c.doc, c.run) for c in ALL_COMMANDS}
    assert ("tutorial.md", "grundy value hackenbush docs/examples/tree.txt") in shown
    assert ("README.md", "grundy value digraph:docs/examples/loops.txt 2 6 --loopy") in shown
    assert ("scaling.md", "grundy survey 0.ddd --upto 16384 --workers 2") in shown
    assert (
        "README.md",
        "grundy value nim 3 4 5 && grundy table subtraction:2,3,7 --upto 29 "
        "&& grundy nim mul 3141 5926",
    ) in shown
    assert len(ALL_COMMANDS) >= 30 and len(EXAMPLES) >= 4 and len(SCRIPTS) == 2
    assert set(NOT_RUN) <= {c.typed for c in ALL_COMMANDS}  # no stale reason
    runs = [c.run + " " for c in ALL_COMMANDS] + [e.values[0].source for e in EXAMPLES]
    assert all(any(key in text for text in runs) for key in SLOW)  # no stale entry


def test_output_matching():
    assert matches("a\n  ...\nz", "a\nb\nc\nz\n") and matches("a\n...", "a\nb")
    assert matches("solved in 1.10 s; (0.0 s)", "solved in 12.25 s; (3.8 s)")
    assert matches("a = b = ...\nc", "a = b = d = e\nc")
    assert not matches("a\nz", "a\nb\nz") and not matches("x 2", "x 3")


@pytest.mark.parametrize("command", COMMANDS)
def test_console_example(command: Command, roots, tmp_path_factory, capsys, monkeypatch):
    if command.in_process:
        monkeypatch.chdir(ROOT)
        out = ""
        for part in command.run.split(" && "):
            with pytest.raises(SystemExit) as info:
                main(shlex.split(part)[1:])
            printed, err = capsys.readouterr()
            assert info.value.code == 0, err
            assert err == "", err
            out += printed
    else:
        cwd = ROOT
        if command.writes:
            key = (command.doc, command.block)
            if key not in roots:
                roots[key] = (linked_root(tmp_path_factory.mktemp("root")), set())
            cwd, done = roots[key]
            for earlier in saved_by(command):  # run alone, it still finds its --load FILE
                if earlier.run not in done:
                    assert run(["bash", "-c", earlier.run], cwd).returncode == 0
                    done.add(earlier.run)
            done.add(command.run)
        finished = run(["bash", "-c", command.run], cwd)
        out = finished.stdout
        assert finished.returncode == 0, out
    if command.expected.strip():
        assert matches(command.expected, out), f"$ {command.shown}\n{out}"


@pytest.mark.parametrize("example", EXAMPLES)
def test_python_example_runs_as_a_script(example: Example, tmp_path):
    if 'engine="ray"' in example.source:
        pytest.importorskip("ray")
    script = tmp_path / "example.py"
    script.write_text(example.source)
    finished = run([sys.executable, str(script)], linked_root(tmp_path / "root"))
    assert finished.returncode == 0, finished.stdout


@pytest.mark.parametrize("example", SCRIPTS)
def test_python_script_runs_in_a_repl(example: Example, tmp_path):
    # The >>> examples are REPL sessions already (pytest's doctests of the .md files).
    if 'engine="ray"' in example.source:
        pytest.importorskip("ray")
    finished = run([sys.executable, "-i", "-q"], linked_root(tmp_path), stdin=example.source + "\n")
    out = finished.stdout  # the REPL goes on after an error: look for its report
    assert finished.returncode == 0 and "Traceback" not in out and "Error:" not in out, out


@pytest.mark.parametrize(
    "entry", [e for e in registry.GAMES.values() if e.reads_files], ids=lambda e: e.name
)
def test_the_files_grundy_games_names_are_shipped(entry):
    # `grundy games` suggests a command per game (tests/test_cli.py runs each one); the
    # ones that name files find them from the repository root.
    command = f"grundy {entry.command} {entry.example}"
    finished = run(["bash", "-c", command], ROOT)
    assert finished.returncode == 0, f"$ {command}\n{finished.stdout}"
    assert "outcome" in finished.stdout
