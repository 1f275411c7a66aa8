"""The grid boards of the play view in a real browser: tic-tac-toe's cells and connect
four's columns are the moves (only legal moves are buttons), coloured by what they do for
their mover, played by a click or from the keyboard."""

from __future__ import annotations

import re

import pytest
import test_web_browser as shared
from test_web_browser import TIMEOUT_MS, expect, shot, status_of

__all__: list[str] = []

pytestmark = pytest.mark.slow

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page

OVER = ("You win!", "The engine wins.", "A draw.", "A tie.")
BOARD = '[data-testid="grid-board"]'


def log_text(page) -> str:
    return page.get_by_test_id("move-log").text_content()


# ----------------------------------------------------------------- tic-tac-toe
def test_a_whole_game_of_tictactoe_by_clicking_the_grid(page):
    page.goto("/?game=tictactoe&position=&view=play&first=me")
    page.get_by_test_id("play-start").click()
    for turn in range(6):  # at most five moves of x: the game ends before a sixth
        result = status_of(page)
        if result != "Your move":
            break
        board = page.locator(BOARD)
        cells = board.locator("button.move-cell")
        # Exactly the listed moves are buttons; every x and o is a plain cell.
        expect(cells).to_have_count(page.get_by_test_id("move-list").locator("button.move").count())
        expect(board.locator(".mark")).to_have_count(2 * turn)
        expect(board.locator("button.mark")).to_have_count(0)
        if turn == 1:
            shot(page, "board-tictactoe.png")
        cells.first.click()
    else:
        pytest.fail("the game of tic-tac-toe did not end")
    assert result in OVER
    assert "you: x at a1" in log_text(page) and "engine: o at" in log_text(page)
    expect(page.get_by_test_id("error")).to_be_hidden()


def test_the_winning_cell_is_coloured_and_clicking_it_wins(page):
    page.goto("/?game=tictactoe&position=xx./oo./...&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    board = page.locator(BOARD)
    expect(board.locator("button")).to_have_count(5)  # the five empty cells
    expect(board.locator(".mark")).to_have_count(4)
    for cell in ("0", "1", "3", "4"):  # x x in the top row, o o in the middle one
        expect(board.locator(f'[data-cell="{cell}"]')).not_to_have_js_property("tagName", "BUTTON")
    win = board.locator('button[data-cell="2"]')
    expect(win).to_have_class(re.compile(r"\bverdict-win\b"))
    expect(win).to_have_attribute("aria-label", "x at row 1, column 3 (wins, 0 moves left)")
    loses = board.locator('button[data-cell="8"]')
    expect(loses).to_have_class(re.compile(r"\bverdict-lose\b"))
    expect(board.locator('button[data-cell="5"]')).to_have_class(re.compile(r"\bverdict-tie\b"))
    box = win.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    shot(page, "board-tictactoe-values.png")
    # Practice: the switch hides the colours of the cells too.
    colour = "e => getComputedStyle(e).backgroundColor"
    assert win.evaluate(colour) != loses.evaluate(colour)
    page.get_by_test_id("show-values").uncheck()
    assert win.evaluate(colour) == loses.evaluate(colour)
    page.get_by_test_id("show-values").check()
    win.click()
    assert status_of(page) == "You win!"
    assert "you: x at c1" in log_text(page)


def test_a_cell_is_played_from_the_keyboard(page):
    page.goto("/?game=tictactoe&position=&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    board = page.locator(BOARD)
    # One Tab stop: the arrows move the focus between the cells.
    expect(board.locator('button[tabindex="0"]')).to_have_count(1)
    board.locator('button[data-cell="0"]').focus()
    page.keyboard.press("ArrowRight")
    expect(board.locator('button[data-cell="1"]')).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(board.locator('button[data-cell="4"]')).to_be_focused()
    expect(board.locator('button[data-cell="4"]')).to_have_attribute("tabindex", "0")
    expect(board.locator('button[data-cell="4"]')).to_have_attribute(
        "aria-label", re.compile(r"^x at row 2, column 2 \(ties, \d+ moves left\)$")
    )
    page.keyboard.press("Enter")
    assert status_of(page) == "Your move"
    assert "you: x at b2" in log_text(page)
    expect(board.locator(".mark-x")).to_have_count(1)
    # The focus comes back to the board for the next move.
    expect(board.locator("button:focus")).to_have_count(1)
    page.keyboard.press(" ")
    assert status_of(page) in ("Your move", *OVER)
    assert log_text(page).count("you: x at") == 2


# ----------------------------------------------------------------- connect four
# 4 columns of 3 rows: connect-four:4x4 solves 80,000 positions from its start (every
# position of it is looked up in that solution), 2-4 s a worker: past the test server's
# 5 s budget on a loaded machine. 4x3 is 6,000 positions, a quarter of a second.
C4 = "connect-four:4x3"


def test_connect_four_is_played_by_clicking_a_column(page):
    page.goto(f"/?game={C4}&position=&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    board = page.locator(BOARD)
    expect(board.locator(".c4-column")).to_have_count(4)
    expect(board.locator(".c4-cell")).to_have_count(12)
    drops = board.locator("button.c4-drop")
    expect(drops).to_have_count(4)
    expect(drops.nth(2)).to_have_attribute(
        "aria-label", re.compile(r"^x in column 3 \(ties, \d+ moves left\)$")
    )
    expect(drops.nth(2)).to_have_class(re.compile(r"\bverdict-tie\b"))
    box = drops.nth(2).bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    # A click on the top cell of column 2 drops the piece to the bottom of column 2.
    board.locator('.c4-column[data-column="2"] .c4-cell').first.click()
    assert status_of(page) == "Your move"
    assert "you: x in column 2" in log_text(page)
    expect(board.locator(".mark")).to_have_count(2)  # x and the engine's o
    expect(board.locator("button.mark")).to_have_count(0)
    column = board.locator('.c4-column[data-column="2"] .c4-cell')
    expect(column.last).to_have_class(re.compile(r"\bmark-x\b"))  # the bottom cell
    shot(page, "board-connect-four.png")
    # The column button plays too.
    drops.nth(3).click()
    assert status_of(page) in ("Your move", *OVER)
    assert "you: x in column 4" in log_text(page)


def test_the_winning_column_is_coloured_and_clicking_it_wins(page):
    page.goto(f"/?game={C4}&position=xo|xo|xo|-&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    board = page.locator(BOARD)
    win = board.locator('.c4-column[data-column="4"]')
    expect(win.locator("button.c4-drop")).to_have_attribute(
        "aria-label", "x in column 4 (wins, 0 moves left)"
    )
    expect(win.locator("button.c4-drop")).to_have_class(re.compile(r"\bverdict-win\b"))
    landing = win.locator(".c4-cell.landing")
    expect(landing).to_have_class(re.compile(r"\bverdict-win\b"))
    expect(board.locator(".c4-cell.landing.verdict-tie")).to_have_count(3)
    shot(page, "board-connect-four-values.png")
    landing.click()
    assert status_of(page) == "You win!"
    assert "you: x in column 4" in log_text(page)


def test_a_full_column_is_no_move(page):
    page.goto(f"/?game={C4}&position=xox|-|-|-&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    board = page.locator(BOARD)
    expect(board.locator("button.c4-drop")).to_have_count(3)
    full = board.locator('.c4-column[data-column="1"]')
    expect(full.locator("button")).to_have_count(0)
    expect(full.locator(".mark")).to_have_count(3)
    expect(board.locator(".c4-cell.landing")).to_have_count(3)
    # The arrows walk the columns that can be played; Enter drops the piece.
    board.locator("button.c4-drop").first.focus()
    page.keyboard.press("ArrowRight")
    focused = board.locator('.c4-column[data-column="3"] button.c4-drop')
    expect(focused).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("move-log")).to_contain_text(
        "you: o in column 3", timeout=TIMEOUT_MS
    )
    assert status_of(page) in ("Your move", *OVER)
