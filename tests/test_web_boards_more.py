"""The play view's boards of Chomp, the coin-turning games and Wythoff, in a real browser:
a click on a square or a coin plays the move, only legal ones are buttons, each coloured
by what it does for its mover, and whole games are played on the board alone."""

from __future__ import annotations

import re

import pytest
import test_web_browser as shared
from board_helpers import (
    LOSE,
    OVER,
    WIN,
    log_text,
    my_last_position,
    outcome_of,
    play_on_the_board,
    start,
)
from test_web_browser import expect, shot, status_of

__all__: list[str] = []

pytestmark = pytest.mark.slow

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page


def best_button(page, selector: str):
    """The first winning button of the board, else its first button."""
    buttons = page.locator(f"#heaps {selector}")
    winning = page.locator(f"#heaps {selector}.verdict-win")
    return winning.first if winning.count() else buttons.first


# ----------------------------------------------------------------- chomp
def test_chomp_board_is_the_bar_and_only_bites_are_buttons(page):
    start(page, "chomp", "4 3 1")
    board = page.get_by_test_id("chomp-board")
    expect(board.locator(".chomp-square")).to_have_count(8)
    expect(board.locator("button.chomp-square")).to_have_count(7)  # every square but the poison
    poison = board.locator(".poison")
    assert poison.evaluate("e => e.tagName") == "SPAN"
    assert poison.get_attribute("aria-label") == "row 1, column 1: the poisoned square"
    # The top row is drawn first: one square, row 3.
    assert board.locator(".chomp-row").first.locator(".chomp-square").count() == 1
    # Rows and columns count from 1; the label says what the bite eats and its verdict.
    square = board.get_by_role("button", name=re.compile(r"^bite row 2, column 2: eats 2 squares"))
    expect(square).to_have_count(1)
    square.hover()
    expect(board.locator(".chomp-square.eaten")).to_have_count(2)
    board.get_by_role("button", name=re.compile(r"^bite row 1, column 2:")).focus()
    expect(board.locator(".chomp-square.eaten")).to_have_count(5)  # 3 + 2 squares
    shot(page, "board-chomp.png")


def test_chomp_winning_bite_is_green_and_leaves_a_p_position(page):
    start(page, "chomp", "4 3 1")
    board = page.get_by_test_id("chomp-board")
    # 4 3 1 -> 2 2 1 and 4 3 leave P-positions; every other bite loses.
    expect(board.locator("button.verdict-win")).to_have_count(2)
    expect(board.locator("button.verdict-lose")).to_have_count(5)
    winning = board.get_by_role("button", name=re.compile(r"^bite row 3, column 1:"))
    expect(winning).to_have_class(WIN)
    expect(winning).to_have_attribute(
        "aria-label", "bite row 3, column 1: eats 1 square (wins · g = 0)"
    )
    winning.click()
    assert status_of(page) == "Your move"
    assert my_last_position(page) == "4 3"
    assert outcome_of(page, "chomp", "4 3") == "P"
    assert "you: bite at row 3, column 1" in log_text(page)


def test_chomp_game_played_on_the_board(page):
    start(page, "chomp", "3 3 3")
    result = play_on_the_board(page, lambda p: best_button(p, "button.chomp-square").click())
    assert result == "You win!"  # 3 x 3 is a first-player win, and winning bites were chosen
    assert "engine: bite at row" in log_text(page)
    expect(page.get_by_test_id("chomp-board")).to_have_count(0)


def test_chomp_square_plays_on_enter_and_hides_values_for_practice(page):
    start(page, "chomp", "4 3 1", "&values=0")
    board = page.get_by_test_id("chomp-board")
    square = board.get_by_role("button", name="bite row 1, column 4: eats 1 square")
    expect(square).to_have_class(LOSE)  # the class stays; the colour goes
    colours = board.locator("button.chomp-square").evaluate_all(
        "bs => [...new Set(bs.map(b => getComputedStyle(b).backgroundColor))]"
    )
    assert len(colours) == 1, colours
    square.focus()
    page.keyboard.press("Enter")
    assert status_of(page) in ("Your move", *OVER)
    assert "you: bite at row 1, column 4" in log_text(page)


def test_chomp_squares_are_big_enough_to_tap_on_a_phone(page):
    page.set_viewport_size({"width": 390, "height": 844})
    start(page, "chomp", "7 7 5 3")
    board = page.get_by_test_id("chomp-board")
    for box in board.locator("button.chomp-square").evaluate_all(
        "bs => bs.map(b => b.getBoundingClientRect()).map(r => [r.width, r.height])"
    ):
        assert min(box) >= 44, box
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide"
    shot(page, "board-chomp-phone.png")


# ----------------------------------------------------------------- coins
def click_best_coin(page) -> None:
    best_button(page, "button.coin").click()
    choice = page.get_by_test_id("coin-choice")
    if choice.count():
        best_button(page, "button.coin-move").click()


def test_mock_turtles_coins_are_heads_and_tails(page):
    start(page, "mock-turtles", "1 3 6")
    board = page.get_by_test_id("coin-board")
    expect(board.locator(".coin")).to_have_count(10)  # coins 0 to 9
    expect(board.locator("button.coin")).to_have_count(3)  # the heads coins
    assert board.locator(".coin.heads").count() == 3
    assert board.locator(".coin.tails").evaluate_all("cs => cs.map(c => c.tagName)") == ["SPAN"] * 7
    # Coin 6 starts many moves: a click asks which coins to turn with it.
    six = board.locator('button.coin[data-coin="6"]')
    expect(six).to_have_attribute("aria-label", re.compile(r"^coin 6 \(heads\): \d+ moves"))
    six.click()
    choice = page.get_by_test_id("coin-choice")
    expect(choice.locator("button.coin-move")).to_have_count(22)  # alone, + 1 of 6, + 2 of 6
    expect(choice.locator("button").first).to_be_focused()
    expect(board.locator(".coin.turning")).to_have_count(1)  # the focused choice: 6 alone
    choice.get_by_role("button", name=re.compile(r"^turn over coins 6, 3, 1 ")).hover()
    expect(board.locator(".coin.turning")).to_have_count(3)
    shot(page, "board-mock-turtles.png")
    page.keyboard.press("Escape")
    expect(choice).to_have_count(0)
    expect(six).to_be_focused()


def test_mock_turtles_winning_move_is_green_and_leaves_a_p_position(page):
    start(page, "mock-turtles", "2 5 7")
    board = page.get_by_test_id("coin-board")
    # The winning moves of 2 5 7: coin 7 with 6 and 5... each starts at a heads coin.
    board.locator("button.coin.verdict-win").first.click()
    winning = page.get_by_test_id("coin-choice").locator("button.coin-move.verdict-win")
    expect(winning.first).to_have_attribute("aria-label", re.compile(r"\(wins · g = 0\)$"))
    winning.first.click()
    assert status_of(page) in ("Your move", *OVER)
    assert outcome_of(page, "mock-turtles", my_last_position(page)) == "P"


def test_mock_turtles_game_played_on_the_board(page):
    start(page, "mock-turtles", "2 5 7")
    assert play_on_the_board(page, click_best_coin) == "You win!"
    assert "engine: turn over" in log_text(page)


def test_ruler_game_played_on_the_board_with_the_keyboard(page):
    start(page, "ruler", "3 6 8")
    board = page.get_by_test_id("coin-board")
    expect(board.locator(".coin")).to_have_count(10)  # coins 1 to 10
    expect(board.locator("button.coin")).to_have_count(3)
    # The one winning move turns the run 8, 7, 6 (3 6 8 -> 3 7); each move is a run ending at
    # a heads coin, and coin 8 starts eight of them.
    eight = board.locator('button.coin[data-coin="8"]')
    expect(eight).to_have_class(WIN)
    eight.focus()
    page.keyboard.press("Enter")
    choice = page.get_by_test_id("coin-choice")
    expect(choice.locator("button.coin-move")).to_have_count(8)
    expect(choice.locator("button.coin-move.verdict-win")).to_have_count(1)
    shot(page, "board-ruler.png")
    choice.locator("button.coin-move.verdict-win").focus()
    page.keyboard.press("Enter")
    assert status_of(page) == "Your move"
    assert my_last_position(page) == "3 7"
    assert outcome_of(page, "ruler", "3 7") == "P"

    def by_keyboard(page) -> None:
        best_button(page, "button.coin").focus()
        page.keyboard.press("Enter")
        if page.get_by_test_id("coin-choice").count():
            best_button(page, "button.coin-move").focus()
            page.keyboard.press("Enter")

    assert play_on_the_board(page, by_keyboard) == "You win!"


def test_turning_turtles_single_move_coin_plays_at_once(page):
    start(page, "turning-turtles", "1 4")
    board = page.get_by_test_id("coin-board")
    one = board.locator('button.coin[data-coin="1"]')  # coin 1 can only turn alone
    expect(one).to_have_attribute("aria-label", re.compile(r"^coin 1 \(heads\): turn over coin 1 "))
    one.click()
    assert status_of(page) in ("Your move", *OVER)
    assert "you: turn over coin 1" in log_text(page)


def test_turning_corners_board_draws_and_plays(page):
    start(page, "turning-corners", "2,3 4,5")
    board = page.get_by_test_id("coin-board")
    expect(board.locator(".coin")).to_have_count(5 * 6)
    expect(board.locator("button.coin")).to_have_count(2)
    corner = board.locator('button.coin[data-coin="2,3"]')
    expect(corner).to_have_class(WIN)
    shot(page, "board-turning-corners.png")
    corner.click()
    choice = page.get_by_test_id("coin-choice")
    expect(choice.locator("button.coin-move")).to_have_count(6)  # 2 rows x 3 columns of corners
    # Two of them win: with (2,1) alone, or with the rectangle's corners (2,2), (1,3), (1,2).
    expect(choice.locator("button.coin-move.verdict-win")).to_have_count(2)
    winning = choice.get_by_role("button", name="turn over coins (2,3), (2,1) (wins · g = 0)")
    expect(winning).to_have_class(WIN)
    winning.hover()
    expect(board.locator(".coin.turning")).to_have_count(2)
    winning.click()
    assert status_of(page) in ("Your move", *OVER)
    assert "you: turn over coins (2,3), (2,1)" in log_text(page)
    assert outcome_of(page, "turning-corners", "2,1 4,5") == "P"


# ----------------------------------------------------------------- wythoff
def test_wythoff_queen_reaches_only_legal_squares(page):
    start(page, "wythoff", "4 9")
    board = page.get_by_test_id("queen-board")
    expect(board.locator(".queen-square")).to_have_count(5 * 10)
    expect(board.locator("button.queen-square")).to_have_count(4 + 9 + 4)  # left, down, diagonal
    queen = board.locator(".queen")
    assert (queen.get_attribute("data-x"), queen.get_attribute("data-y")) == ("4", "9")
    # A square the queen cannot reach is no button: (3, 7) is neither in line nor diagonal.
    assert board.locator('[data-x="3"][data-y="7"]').evaluate("e => e.tagName") == "SPAN"
    # The P-squares the page computes are exactly the moves the server says win.
    buttons = board.locator("button.queen-square")
    for i in range(buttons.count()):
        square = buttons.nth(i)
        classes = square.get_attribute("class").split()
        assert ("p-square" in classes) == ("verdict-win" in classes), classes
    switch = page.get_by_test_id("show-p-positions")
    switch.check()
    expect(board).to_have_class(re.compile(r"\bshow-p\b"))
    dot = board.locator('[data-x="4"][data-y="7"]')  # (4, 7) is a Wythoff pair
    assert dot.evaluate("e => getComputedStyle(e, '::after').content") != "none"
    expect(dot).to_have_attribute("aria-label", re.compile(r", a P-position$"))
    shot(page, "board-wythoff.png")


def test_wythoff_winning_square_leaves_a_p_position_and_enter_plays(page):
    start(page, "wythoff", "4 9")
    square = page.get_by_test_id("queen-board").locator('button[data-x="4"][data-y="7"]')
    expect(square).to_have_class(WIN)
    expect(square).to_have_attribute(
        "aria-label", "queen to 4, 7: take 2 from heap 2 (wins · g = 0)"
    )
    square.focus()
    page.keyboard.press("Enter")
    assert status_of(page) == "Your move"
    assert my_last_position(page) == "4 7"
    assert outcome_of(page, "wythoff", "4 7") == "P"


def test_wythoff_game_played_on_the_board(page):
    start(page, "wythoff", "6 9")
    page.get_by_test_id("show-p-positions").check()
    result = play_on_the_board(page, lambda p: best_button(p, "button.queen-square").click())
    assert result == "You win!"
    assert "engine: take" in log_text(page)


def test_wythoff_misere_marks_its_own_p_positions(page):
    start(page, "wythoff", "2 3", "&misere=1")
    board = page.get_by_test_id("queen-board")
    # Misère Wythoff: (2, 2) and (0, 1) are P; (1, 2) and (0, 0) are not.
    for x, y, p in [(2, 2, True), (0, 1, True), (1, 2, False), (0, 0, False)]:
        classes = board.locator(f'[data-x="{x}"][data-y="{y}"]').get_attribute("class").split()
        assert ("p-square" in classes) is p, (x, y, classes)
    expect(board.locator('button[data-x="2"][data-y="2"]')).to_have_class(WIN)


def test_a_big_wythoff_position_has_no_board(page):
    start(page, "wythoff", "40 7")
    expect(page.get_by_test_id("queen-board")).to_have_count(0)
    expect(page.get_by_test_id("move-list").locator("button.move")).not_to_have_count(0)


# ----------------------------------------------------------------- accessibility
BOARDS = {
    "chomp": ("chomp", "4 3 1", "button.chomp-square"),
    "mock-turtles": ("mock-turtles", "1 3 6", "button.coin"),
    "turning-corners": ("turning-corners", "2,3 4,5", "button.coin"),
    "wythoff": ("wythoff", "4 9", "button.queen-square"),
}


@pytest.mark.parametrize("size", [(1200, 900), (390, 844)], ids=["desktop", "phone"])
@pytest.mark.parametrize("board", list(BOARDS))
def test_boards_pass_axe_and_are_big_enough_to_tap(page, board, size):
    a11y = pytest.importorskip("test_web_a11y")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    game, position, buttons = BOARDS[board]
    start(page, game, position)
    if board == "wythoff":
        page.get_by_test_id("show-p-positions").check()
    ask = page.locator("#heaps button.coin.ask")
    if ask.count():  # a coin that starts several moves: its choices are targets too
        ask.first.click()
        expect(page.get_by_test_id("coin-choice")).to_be_visible()
    problems = a11y.serious_violations(page)
    assert not problems, "axe-core found serious violations:\n" + "\n".join(problems)
    least = 44 if size[0] < 640 else 32
    boxes = a11y.buttons_in(page, "#heaps")
    assert len(boxes) >= page.locator(f"#heaps {buttons}").count() > 0
    small = [b for b in boxes if min(b["width"], b["height"]) < least - 0.01]
    assert not small, f"targets under {least} px: {small}"
