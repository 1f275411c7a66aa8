"""Fox and Geese on its playground board, in a real browser: a checkered board where a
goose or the fox is clicked, then its square; played to the end by clicks (the geese
following perfect play's hints win) and by the keyboard alone (the fox, against the
geese's perfect play, loses); Analyse of a position (its loopy value, each move's result);
a phone (44 px squares, nothing scrolls sideways)."""

from __future__ import annotations

from urllib.parse import quote

import pytest
import test_web_browser as shared
from test_web_browser import expect, hinted_move, shot, status_of

from grundy.app import registry

__all__: list[str] = []

pytestmark = pytest.mark.slow

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
START = registry.GAMES["fox-and-geese"].example.partition(" ")[2]  # .G.G.G.G|...|F.......
BOARD = '#heaps [data-testid="partizan-board"]'


def start_play(page, side: str, first: str = "me") -> None:
    page.goto(f"/?game=fox-and-geese&position={quote(START)}&view=play")
    page.get_by_test_id(f"play-side-{side.lower()}").check()
    page.get_by_test_id(f"play-first-{first}").check()
    page.get_by_test_id("play-start").click()


def drawn_rows(page) -> list[str]:
    """The board as drawn: each square's piece (G, F or .), rows top first."""
    cells = page.evaluate(
        """(board) => [...document.querySelectorAll(`${board} [data-cell]`)]
             .map((c) => [c.dataset.cell, c.textContent.trim() || "."])""",
        BOARD,
    )
    height = 1 + max(int(key.split(",")[0]) for key, _ in cells)
    width = 1 + max(int(key.split(",")[1]) for key, _ in cells)
    rows = [["."] * width for _ in range(height)]
    for key, piece in cells:
        r, c = map(int, key.split(","))
        rows[r][c] = piece
    return ["".join(row) for row in rows]


def clicks_for(page, after: str, piece: str) -> tuple[str, str]:
    """The squares (data-cell) to click to reach the position `after` (its text, who is
    to move last): the square `piece` leaves, then the square it reaches."""
    before = drawn_rows(page)
    rows = after.rsplit(" ", 1)[0].split("|")
    rows = ["." * len(rows[0])] * (len(before) - len(rows)) + rows  # the room drawn above
    changed = [
        (r, c)
        for r, row in enumerate(before)
        for c, square in enumerate(row)
        if square != rows[r][c]
    ]
    source = next(f"{r},{c}" for r, c in changed if before[r][c] == piece)
    target = next(f"{r},{c}" for r, c in changed if rows[r][c] == piece)
    return source, target


def test_the_geese_win_played_by_clicks_on_the_board(page):
    """Left (the geese) moves first and follows the hints: each move is two clicks, the
    goose and its square, and the last one leaves the hinted position; the geese win."""
    page.set_viewport_size(DESKTOP)
    start_play(page, "Left")
    expect(page.get_by_test_id("partizan-to-move")).to_have_text("Left to move (you)")
    cells = page.locator(f"{BOARD} [data-cell]")
    expect(cells).to_have_count(32)
    # Checkered: the pieces stand on the light squares, a1 (bottom left) among them.
    dark = page.locator(f"{BOARD} .pz-dark")
    expect(dark).to_have_count(16)
    assert "pz-dark" not in (page.locator(f'{BOARD} [data-cell="3,0"]').get_attribute("class"))
    moves = 0
    while status_of(page) == "Your move":
        target = hinted_move(page)
        source, square = clicks_for(page, target, "G")
        page.locator(f'{BOARD} [data-cell="{source}"]').click()
        expect(page.locator(f'{BOARD} [data-cell="{source}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
        last = page.locator(f'{BOARD} [data-cell="{square}"]')
        expect(last).to_have_attribute("data-position", target)
        last.click()
        moves += 1
        assert moves < 40, "the game did not end"
    assert status_of(page) == "You win!"
    log = page.get_by_test_id("move-log")
    expect(log.locator("li.log-you").first).to_contain_text("you: Left goose")
    expect(log.locator("li.log-engine").first).to_contain_text("engine: Right fox")
    shot(page, "board-fox-and-geese-won.png")


def press_until(page, key: str, test: str, limit: int = 80) -> None:
    """Press `key` until `test` (JavaScript of `el`, the focused element) holds."""
    for _ in range(limit):
        if page.evaluate(f"(() => {{ const el = document.activeElement; return {test}; }})()"):
            return
        page.keyboard.press(key)
    pytest.fail(f"{key} never reached an element where {test}")


def test_the_fox_played_by_the_keyboard_alone_loses(page):
    """Right (the fox) moves first: Tab into the board, the arrow keys to the fox, Enter,
    the arrow keys to a square it reaches, Enter; perfect geese trap it."""
    page.set_viewport_size(DESKTOP)
    start_play(page, "Right")
    expect(page.get_by_test_id("partizan-to-move")).to_have_text("Right to move (you)")
    in_board = f"el.closest('{BOARD}') !== null"
    turns = 0
    while status_of(page) == "Your move":
        press_until(page, "Tab", in_board)
        page.keyboard.press("Home")
        press_until(page, "ArrowRight", "el.textContent.trim() === 'F'")
        page.keyboard.press("Enter")
        expect(page.locator(f"{BOARD} [aria-pressed='true']")).to_have_text("F")
        page.keyboard.press("Home")
        press_until(page, "ArrowRight", "el.dataset.position !== undefined")
        page.keyboard.press("Enter")
        turns += 1
        assert turns < 40, "the game did not end"
    assert status_of(page) == "The engine wins."
    moves = page.get_by_test_id("move-log").locator("li.log-you").all_text_contents()
    assert moves and all("you: Right fox" in m for m in moves)
    expect(page.get_by_test_id("lost-notice")).to_be_visible()


def test_analyse_shows_the_loopy_value_and_each_moves_result(page):
    page.set_viewport_size(DESKTOP)
    page.goto(f"/?game=fox-and-geese&position={quote(START)}&view=analyse")
    expect(page.get_by_test_id("sg-value")).to_have_text("{4*|7/2}")  # CGSuite's value
    expect(page.get_by_test_id("outcome")).to_have_text("L: Left wins, whoever moves first")
    expect(page.get_by_test_id("thermograph-card")).to_be_hidden()
    expect(page.get_by_test_id("left-wins").locator("button")).to_have_count(4)
    expect(page.get_by_test_id("right-wins")).to_contain_text("no move: Right, moving first")
    badges = page.get_by_test_id("options").locator(".pz-badge").all_text_contents()
    assert sorted(set(badges)) == ["loses", "wins"] and len(badges) == 8
    # The board under Analyse offers both players' moves: the fox's one, a1-b2.
    board = '#analyse-board [data-testid="partizan-board"]'
    page.locator(f'{board} [data-cell="3,0"]').click()
    page.locator(f'{board} [data-cell="2,1"]').click()
    expect(page.get_by_test_id("sg-value")).to_have_text("7/2")
    expect(page.get_by_test_id("error")).to_be_hidden()


def test_a_phone_shows_the_whole_board_with_44_px_squares(page):
    page.set_viewport_size(PHONE)
    start_play(page, "Left")
    assert status_of(page) == "Your move"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width} px"
    scroll = page.locator("#heaps .board-scroll")
    assert scroll.evaluate("s => s.scrollWidth <= s.clientWidth"), "the board scrolls sideways"
    for square in page.locator(f"{BOARD} [data-cell]").all():
        box = square.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
        assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"], box
    # A goose chosen by a tap: its squares are marked, the caption names it.
    page.locator(f'{BOARD} [data-cell="0,1"]').click()
    expect(page.get_by_test_id("partizan-caption")).to_contain_text("b4 chosen")
    expect(page.locator(f"{BOARD} button.pz-done")).to_have_count(2)  # a3 and c3
    shot(page, "board-fox-and-geese-phone.png")
