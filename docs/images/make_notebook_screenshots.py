"""Screenshots of three cells of docs/notebook.ipynb, as a notebook shows them.

Runs the notebook in a fresh Jupyter kernel (nbclient) against this source tree, puts the
cells tagged ``chomp``, ``thermograph`` and ``heatmap`` (their code and their output, as
Jupyter renders it: the SVG the objects give through ``_repr_svg_``) on an HTML page laid
out like a notebook, and screenshots each cell with Chromium (Playwright):
``notebook-chomp.png``, ``notebook-thermograph.png`` and ``notebook-heatmap.png`` in
this folder.

Run: ``python docs/images/make_notebook_screenshots.py`` (needs the ``dev`` extra and
Chromium; ``--out DIR`` writes the images elsewhere).
"""

from __future__ import annotations

import argparse
import html
import os
from pathlib import Path

import nbclient
import nbformat
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
NOTEBOOK = ROOT / "docs" / "notebook.ipynb"
CHROMIUM = Path("/usr/bin/chromium")  # Debian's; else Playwright's own
TAGS = ("chomp", "thermograph", "heatmap")
# The order of preference of a notebook's renderer (JupyterLab's), richest first.
MIME_ORDER = ("text/html", "text/markdown", "text/latex", "image/svg+xml", "text/plain")

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin: 0; padding: 16px; background: #fff; font-family: sans-serif; }}
.cell {{ display: inline-block; min-width: 520px; padding: 8px 12px 12px 0; }}
.row {{ display: flex; align-items: flex-start; }}
.prompt {{ width: 72px; flex: none; text-align: right; padding: 6px 8px 0 0;
          font: 13px monospace; color: #303f9f; }}
.out .prompt {{ color: #d84315; }}
pre.code {{ margin: 0; padding: 6px 8px; flex: 1; background: #f5f5f5;
           border: 1px solid #e0e0e0; border-radius: 2px; font: 13px/1.4 monospace; }}
.output {{ padding: 8px 4px 0; }}
</style></head><body>{cells}</body></html>"""


def run_notebook() -> nbformat.NotebookNode:
    """The notebook, executed in a new kernel that imports grundy from this tree."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    path = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = str(ROOT / "src") + (os.pathsep + path if path else "")
    nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3").execute()
    return notebook


def rendered(output: dict) -> str:
    """One output as a notebook draws it: the richest kind it has."""
    data = output.get("data", {})
    for mime in MIME_ORDER:
        if mime in data:
            if mime in ("text/html", "image/svg+xml"):
                return data[mime]
            return f"<pre>{html.escape(data[mime])}</pre>"
    return ""


def cell_html(cell: nbformat.NotebookNode, tag: str) -> str:
    count = cell.execution_count
    outputs = "".join(rendered(out) for out in cell.outputs)
    return (
        f'<div class="cell" id="{tag}"><div class="row"><div class="prompt">In [{count}]:</div>'
        f'<pre class="code">{html.escape(cell.source)}</pre></div>'
        f'<div class="row out"><div class="prompt">Out[{count}]:</div>'
        f'<div class="output">{outputs}</div></div></div>'
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the images")
    args = parser.parse_args()
    notebook = run_notebook()
    tagged = {tag: c for c in notebook.cells for tag in c.metadata.get("tags", []) if tag in TAGS}
    missing = [tag for tag in TAGS if tag not in tagged]
    if missing:
        raise SystemExit(f"no cell tagged {', '.join(missing)} in {NOTEBOOK}")
    page = PAGE.format(cells="<br>".join(cell_html(tagged[tag], tag) for tag in TAGS))
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as driver:
        executable = str(CHROMIUM) if CHROMIUM.exists() else None
        browser = driver.chromium.launch(
            executable_path=executable, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        page_view = browser.new_page(viewport={"width": 1000, "height": 800}, device_scale_factor=1)
        page_view.set_content(page)
        for tag in TAGS:
            target = args.out / f"notebook-{tag}.png"
            page_view.locator(f"#{tag}").screenshot(path=str(target))
            print(f"wrote {target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}")
        browser.close()


if __name__ == "__main__":
    main()
