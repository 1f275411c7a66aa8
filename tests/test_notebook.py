"""docs/notebook.ipynb, the tour of rich display, run in a real Jupyter kernel (nbclient):
every cell must run without an error, and each shows what it is there to show (SVG,
HTML, LaTeX, Markdown) with the exact values. The notebook is kept in git without
outputs: this test checks that too."""

from __future__ import annotations

import os
from pathlib import Path
from xml.etree import ElementTree

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "docs" / "notebook.ipynb"


def test_the_notebook_is_kept_without_outputs():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.id


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    """The notebook run in a fresh kernel, against this source tree (not another
    installed copy of grundy); any cell's error fails here."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    here = str(ROOT / "src")
    path = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = here + (os.pathsep + path if path else "")
    try:
        client = nbclient.NotebookClient(
            notebook,
            timeout=600,
            kernel_name="python3",
            resources={"metadata": {"path": str(tmp_path_factory.mktemp("notebook"))}},
        )
        client.execute()  # raises CellExecutionError, naming the cell, on any error
    finally:
        if path is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = path
    return {cell.id: cell for cell in notebook.cells}


def shown(cell, mime: str) -> list[str]:
    return [out["data"][mime] for out in cell.outputs if mime in out.get("data", {})]


def test_every_cell_runs_and_shows_its_kind_of_output(executed):
    errors = [
        cell.id
        for cell in executed.values()
        if any(out.output_type == "error" for out in cell.get("outputs", []))
    ]
    assert errors == []
    expected = {
        "chomp": "image/svg+xml",
        "nim": "image/svg+xml",
        "kayles-table": "text/html",
        "domineering-board": "image/svg+xml",
        "domineering": "text/latex",
        "hackenbush": "image/svg+xml",
        "thermograph": "image/svg+xml",
        "wythoff": "image/svg+xml",
        "pattern": "text/markdown",
        "pattern-2d": "text/markdown",
    }
    for cell_id, mime in expected.items():
        outputs = shown(executed[cell_id], mime)
        assert outputs, f"cell {cell_id} shows no {mime}"
        if mime == "image/svg+xml":
            for svg in outputs:
                assert ElementTree.fromstring(svg).tag == "{http://www.w3.org/2000/svg}svg"


def test_the_outputs_hold_the_exact_values(executed):
    from grundy.games import Chomp, Kayles

    cake = (5, 4, 4, 2)
    moves = [Chomp().describe_move(cake, o) for o in Chomp().winning_moves(cake)]
    assert shown(executed["chomp-moves"], "text/plain") == [repr(moves)]
    assert shown(executed["chomp"], "image/svg+xml")[0].count("chocolate</title>") == sum(cake) - 1
    assert shown(executed["nim-value"], "text/plain") == ["(2, [(1, 4, 5)])"]
    table = shown(executed["kayles-table"], "text/html")[0]
    assert f">{Kayles.grundy(39)}</td>" in table and "40 SG values" in table
    assert shown(executed["domineering"], "text/latex") == [r"$\{2\;|\;-\frac{1}{2}\}$"]
    assert "mean 9/4" in shown(executed["thermograph"], "image/svg+xml")[0]
    assert "G = 0: P-positions (" in shown(executed["wythoff"], "image/svg+xml")[0]
    assert "Lasker" in shown(executed["pattern"], "text/markdown")[0]
    assert "⌊kφ⌋" in shown(executed["pattern-2d"], "text/markdown")[0]


@pytest.mark.slow
def test_the_screenshot_script_draws_the_three_cells(tmp_path):
    """docs/images/make_notebook_screenshots.py (Chromium through Playwright)."""
    import subprocess
    import sys

    pytest.importorskip("playwright")
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("/usr/bin/chromium is missing; CI installs it with apt-get")
    script = ROOT / "docs" / "images" / "make_notebook_screenshots.py"
    done = subprocess.run(
        [sys.executable, str(script), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    for tag in ("chomp", "thermograph", "heatmap"):
        image = (tmp_path / f"notebook-{tag}.png").read_bytes()
        assert image[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(image[16:20], "big"), int.from_bytes(image[20:24], "big")
        assert width > 300 and height > 150, (tag, width, height)
