"""The shell sessions shown in the docs are run, and their output must match exactly.

Python examples in the same files run as doctests (``--doctest-glob='*.md'``); this file
covers the ```console blocks: each ``$ grundy ...`` line is run in-process and its output
compared with the lines that follow it.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from grundy.cli import main

ROOT = Path(__file__).parent.parent
DOCS = [ROOT / "docs" / "tutorial.md"]
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def sessions(path: Path) -> list[tuple[str, str]]:
    """The (command, expected output) pairs of a file's console blocks."""
    found = []
    for block in BLOCK.findall(path.read_text()):
        command, output = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command:
                    found.append((command, "\n".join(output)))
                command, output = line[2:], []
            else:
                output.append(line)
        if command:
            found.append((command, "\n".join(output)))
    return found


CASES = [(path.name, *case) for path in DOCS for case in sessions(path)]


@pytest.mark.parametrize(("doc", "command", "expected"), CASES, ids=[c[1] for c in CASES])
def test_console_session(doc, command, expected, capsys, monkeypatch):
    words = shlex.split(command)
    assert words[0] == "grundy", f"{doc}: only grundy commands are run: {command}"
    monkeypatch.chdir(ROOT / "docs")  # example files are named relative to docs/
    with pytest.raises(SystemExit) as info:
        main(words[1:])
    out, err = capsys.readouterr()
    assert info.value.code == 0, err
    assert out.rstrip("\n") == expected.rstrip("\n")
