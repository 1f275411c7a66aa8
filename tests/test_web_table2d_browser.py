"""The sequence view's 2-D table in a real browser: the heat map of two-heap positions
(its cells say their value, hovering and the keyboard read them out), and the CSV files
of the 1-D and the 2-D tables."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
import test_web_browser as shared
from test_web_browser import expect, shot

__all__: list[str] = []

pytestmark = pytest.mark.slow

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page


def cell(page, label: str):
    return page.get_by_test_id("heatmap").locator(f'[aria-label="{label}"]')


def open_2d(page, query: str) -> None:
    """Show the sequence view of `query` and wait for its heat map."""
    page.goto(f"/?{query}&view=sequence")
    expect(page.get_by_test_id("table2d-card")).to_be_visible()
    expect(page.get_by_test_id("table2d-caption")).to_contain_text("P-positions")


def sequence_tab_shown(page, query: str) -> bool:
    """Does the page offer the game of `query` a sequence view (else its tab is hidden)?"""
    page.goto(f"/?{query}&view=sequence")
    expect(page.locator('[role="tab"][aria-selected="true"]')).to_have_count(1)
    return page.get_by_test_id("view-sequence").is_visible()


def downloaded(page, button: str) -> tuple[str, list[list[str]]]:
    """Click the download button `button`: the file's name and its rows."""
    with page.expect_download() as info:
        page.get_by_test_id(button).click()
    download = info.value
    text = Path(download.path()).read_text(encoding="utf-8")
    return download.suggested_filename, list(csv.reader(io.StringIO(text)))


def served(page, path: str) -> dict:
    answer = page.request.get(path)
    assert answer.ok, answer.text()
    return answer.json()


# ----------------------------------------------------------------- the heat map
def test_heatmap_of_two_nim_heaps(page):
    open_2d(page, "game=nim&position=3 4 5")
    cells = page.get_by_test_id("heatmap").locator(".hm-cell")
    expect(cells).to_have_count(21 * 21)
    expect(cell(page, "g(3, 5) = 6")).to_have_count(1)
    expect(cell(page, "g(4, 4) = 0")).to_have_class("hm-cell hm-p")  # P: marked with a dot
    expect(cell(page, "g(4, 4) = 0").locator("circle.hm-dot")).to_have_count(1)
    expect(page.get_by_test_id("table2d-caption")).to_contain_text("21 of 441 are P-positions")
    # Hovering a cell reads it out; so does the keyboard, from cell to cell.
    cell(page, "g(2, 7) = 5").hover()
    expect(page.get_by_test_id("heatmap-readout")).to_have_text(
        "g(2, 7) = 5: an N-position (the player to move wins)"
    )
    cell(page, "g(0, 0) = 0").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    expect(cell(page, "g(1, 1) = 0")).to_be_focused()
    expect(cell(page, "g(1, 1) = 0")).to_have_attribute("tabindex", "0")
    expect(page.get_by_test_id("heatmap-readout")).to_contain_text("g(1, 1) = 0: a P-position")
    # A bigger table, past the limit refused in the page.
    page.get_by_test_id("upto2d-input").fill("64")
    page.get_by_test_id("upto2d-input").press("Enter")
    expect(cells).to_have_count(65 * 65)
    expect(cell(page, "g(64, 63) = 127")).to_have_count(1)
    page.get_by_test_id("upto2d-input").fill("65")
    page.get_by_test_id("upto2d-input").press("Enter")
    expect(page.get_by_test_id("error")).to_contain_text("from 0 to 64")
    expect(page.get_by_test_id("error")).to_be_visible()


def test_heatmap_draws_wythoff_values(page):
    """The heat map module given /api/table2d's table of Wythoff's game (whatever view
    offers it): its cells' labels are the values."""
    open_2d(page, "game=nim&position=1 2")
    drawn = page.evaluate(
        """async () => {
          const { drawHeatmap } = await import("/static/heatmap.js");
          const { api } = await import("/static/api.js");
          const report = await api("table2d", { game: "wythoff", upto: 20 });
          drawHeatmap(document.getElementById("heatmap"), report, () => {});
          return report.values[3][5];
        }"""
    )
    assert drawn == 0
    expect(cell(page, "g(3, 5) = 0")).to_have_count(1)
    expect(cell(page, "g(1, 1) = 2")).to_have_count(1)
    expect(cell(page, "g(1, 2) = 0").locator("title")).to_have_text("g(1, 2) = 0")
    shot(page, "sequence-heatmap.png")


def test_heatmap_of_wythoff(page):
    assert sequence_tab_shown(page, "game=wythoff&position=3 5")  # pairs, no single heaps
    open_2d(page, "game=wythoff&position=3 5")
    # Wythoff's game has no single heaps: no chart or 1-D table, only the 2-D one.
    expect(page.get_by_test_id("sequence-table")).to_be_hidden()
    expect(cell(page, "g(3, 5) = 0")).to_have_count(1)
    expect(cell(page, "g(5, 3) = 0")).to_have_count(1)
    expect(cell(page, "g(1, 1) = 2")).to_have_count(1)
    expect(page.get_by_test_id("heatmap").locator(".hm-p")).to_have_count(17)  # 0 0, 1 2, 3 5...
    expect(page.get_by_test_id("error")).to_be_hidden()
    shot(page, "sequence-heatmap.png")


def test_misere_heatmap_shows_outcomes(page):
    open_2d(page, "game=nim&position=1 2&misere=1")
    expect(cell(page, "outcome(1, 0) = P")).to_have_count(1)
    expect(cell(page, "outcome(0, 0) = N")).to_have_count(1)
    expect(cell(page, "outcome(2, 2) = P")).to_have_count(1)
    expect(page.locator("#heatmap-n")).to_be_visible()
    expect(page.locator("#heatmap-scale")).to_be_hidden()


# ----------------------------------------------------------------- CSV files
def test_2d_csv_has_a_row_per_a(page):
    open_2d(page, "game=nim&position=1 2")
    page.get_by_test_id("upto2d-input").fill("12")
    page.get_by_test_id("upto2d-input").press("Enter")
    expect(page.get_by_test_id("heatmap").locator(".hm-cell")).to_have_count(13 * 13)
    name, rows = downloaded(page, "table2d-csv")
    assert name == "nim-2d-0-12.csv"
    assert rows[0] == ["a\\b", *map(str, range(13))]
    assert rows[1:] == [[str(a), *(str(a ^ b) for b in range(13))] for a in range(13)]


def test_1d_csv_of_kayles_matches_the_api(page):
    page.goto("/?game=kayles&position=3&view=sequence&upto=20")
    expect(page.get_by_test_id("sequence-table").locator("tbody tr")).to_have_count(3)
    expect(page.get_by_test_id("table-csv")).to_be_enabled()
    name, rows = downloaded(page, "table-csv")
    assert name == "kayles-0-20.csv"
    values = served(page, "/api/table?game=kayles&upto=20")["values"]
    assert rows[0] == ["n", "value", "outcome"]
    assert rows[1:] == [[str(n), str(v), "P" if v == 0 else "N"] for n, v in enumerate(values)]
    # And the 2-D table of two Kayles heaps: the XOR of these values.
    expect(page.get_by_test_id("table2d-caption")).to_contain_text("P-positions")
    name, rows = downloaded(page, "table2d-csv")
    assert name == "kayles-2d-0-20.csv"
    assert rows[4][1:] == [str(values[3] ^ v) for v in values]


def test_big_values_keep_their_digits_in_the_csv(page):
    """A value past 2^53 arrives as a BigInt: the file has its exact digits."""
    page.goto("/?game=nim&position=1&view=sequence&upto=4")
    expect(page.get_by_test_id("table-csv")).to_be_enabled()
    big = "9007199254740993"
    text = page.evaluate(
        """(big) => import("/static/heatmap.js").then(({ tableCsv, table2dCsv }) => {
          const one = tableCsv({ game: "nim", misere: false, values: [0n, BigInt(big)] });
          const two = table2dCsv({ game: "bash:3", misere: false,
                                   values: [[0, BigInt(big)], [1, 0]],
                                   outcomes: [["P", "N"], ["N", "P"]] });
          return [one.name, one.rows.map(String), two.name, two.rows.map(String)];
        })""",
        big,
    )
    assert text == [
        "nim-0-1.csv",
        ["n,value,outcome", "0,0,P", f"1,{big},N"],
        "bash_3-2d-0-1.csv",
        ["a\\b,0,1", f"0,0,{big}", "1,1,0"],
    ]
