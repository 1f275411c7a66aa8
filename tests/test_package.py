"""The package as a whole: a light import, interrupted work kept."""

from __future__ import annotations

import subprocess
import sys

import grundy as gr


def test_import_grundy_stays_light():
    code = (
        "import sys, grundy\n"
        "heavy = {'numba', 'numpy', 'typer', 'rich', 'matplotlib', 'fastapi', 'networkx'}\n"
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
