"""The play view's boards of the rest of the catalog, in a real browser: Staircase Nim (one
step down, or any lower step), Fibonacci Nim, beans in bottles, Moore's Nim, the split
button of heap games (Lasker, Grundy's game, Lieges) and give-and-take. Only legal
elements are buttons, each coloured by what its move does for its mover, the keyboard
plays them, and whole games are played on the board alone."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
import test_web_browser as shared
from board_helpers import (
    LOSE,
    OVER,
    WIN,
    api,
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
    """The first winning button of the board, else its first button (`selector`: CSS,
    perhaps a list)."""
    parts = [part.strip() for part in selector.split(",")]
    buttons = page.locator(", ".join(f"#heaps {part}" for part in parts))
    winning = page.locator(", ".join(f"#heaps {part}.verdict-win" for part in parts))
    return winning.first if winning.count() else buttons.first


def click_best_then_choose(selector: str, choice: str):
    """A move made by clicking the best `selector`, then the best choice when asked."""

    def click(page) -> None:
        best_button(page, selector).click()
        if page.get_by_test_id(choice).count():
            best_button(page, "button.choice-move").click()

    return click


def background_colours(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all(
        "bs => [...new Set(bs.map(b => getComputedStyle(b).backgroundColor "
        "+ getComputedStyle(b).boxShadow))]"
    )


# ----------------------------------------------------------------- staircase
def test_staircase_is_drawn_as_steps_with_their_coins(page):
    start(page, "staircase", "2 1 1")
    board = page.get_by_test_id("staircase-board")
    expect(board.locator(".stair")).to_have_count(4)  # the ground and 3 steps
    expect(board.locator(".stair-coin")).to_have_count(4)
    # Every coin starts a move: it and those above it go one step down.
    expect(board.locator("button.stair-coin")).to_have_count(4)
    # The steps rise to the right: step 1 lowest, the ground at the left.
    tops = board.locator(".stair-riser").evaluate_all(
        "rs => rs.map(r => r.getBoundingClientRect().top)"
    )
    assert tops == sorted(tops, reverse=True), tops
    bottom = board.locator('button[data-step="1"][data-coin="1"]')
    expect(bottom).to_have_attribute(
        "aria-label", re.compile(r"^step 1, coin 1: move 2 coins to the ground \(loses")
    )
    expect(board.locator('button[data-step="2"][data-coin="1"]')).to_have_attribute(
        "aria-label", re.compile(r"^step 2, coin 1: move 1 coin to step 1 ")
    )
    bottom.hover()
    expect(board.locator(".stair.target")).to_have_attribute("data-step", "0")  # the ground
    shot(page, "board-staircase.png")


def test_staircase_winning_coin_leaves_a_p_position_and_enter_plays(page):
    start(page, "staircase", "2 1 1")
    board = page.get_by_test_id("staircase-board")
    expect(board.locator("button.verdict-win")).to_have_count(1)
    winning = board.locator('button[data-step="1"][data-coin="2"]')  # the top coin of step 1
    expect(winning).to_have_class(WIN)
    winning.focus()
    page.keyboard.press("Enter")
    assert status_of(page) == "Your move"
    assert my_last_position(page) == "1 1 1"
    assert outcome_of(page, "staircase", "1 1 1") == "P"
    assert "you: move 1 coin from step 1 to the ground" in log_text(page)


def test_staircase_game_played_on_the_board(page):
    start(page, "staircase", "2 1 1")
    result = play_on_the_board(page, lambda p: best_button(p, "button.stair-coin").click())
    assert result == "You win!"
    assert "engine: move" in log_text(page)
    expect(page.get_by_test_id("staircase-board")).to_have_count(0)


def test_staircase_hides_values_for_practice(page):
    start(page, "staircase", "2 1 1", "&values=0")
    board = page.get_by_test_id("staircase-board")
    coin = board.locator('button[data-step="1"][data-coin="2"]')
    expect(coin).to_have_class(WIN)  # the class stays; the colour and the words go
    expect(coin).to_have_attribute("aria-label", "step 1, coin 2: move 1 coin to the ground")
    assert len(background_colours(page, "#heaps button.stair-coin")) == 1


# ----------------------------------------------------------------- staircase (any)
def test_staircase_any_moves_a_top_coin_to_a_chosen_step(page):
    start(page, "staircase-any", "1 2 1")
    board = page.get_by_test_id("staircase-board")
    expect(board.locator(".stair-coin")).to_have_count(4)
    expect(board.locator("button.stair-coin")).to_have_count(3)  # the top coin of each step
    below = board.locator('[data-step="2"][data-coin="1"]')
    assert below.evaluate("e => e.tagName") == "SPAN"
    # Step 1's coin can only go to the ground: a click plays it at once.
    expect(board.locator('button[data-step="1"]')).to_have_attribute(
        "aria-label", re.compile(r"^step 1, top coin: move it to the ground \(loses")
    )
    top = board.locator('button[data-step="3"]')
    expect(top).to_have_class(WIN)
    top.click()
    choice = page.get_by_test_id("stair-choice")
    expect(choice.locator("button.choice-move")).to_have_count(3)  # step 2, step 1, ground
    expect(choice.locator("button").first).to_be_focused()
    winning = choice.locator("button.choice-move.verdict-win")
    expect(winning).to_have_count(1)
    expect(winning).to_have_text("step 1")
    winning.hover()
    expect(board.locator(".stair.target")).to_have_attribute("data-step", "1")
    shot(page, "board-staircase-any.png")
    page.keyboard.press("Escape")
    expect(choice).to_have_count(0)
    expect(top).to_be_focused()


def test_staircase_any_winning_choice_leaves_a_p_position_on_enter(page):
    start(page, "staircase-any", "1 2 1")
    top = page.get_by_test_id("staircase-board").locator('button[data-step="2"]')
    top.focus()
    page.keyboard.press("Enter")
    winning = page.get_by_test_id("stair-choice").locator("button.choice-move.verdict-win")
    expect(winning).to_have_attribute(
        "aria-label", "move the top coin of step 2 to the ground (wins · g = 0)"
    )
    winning.focus()
    page.keyboard.press("Enter")
    assert status_of(page) == "Your move"
    assert my_last_position(page) == "1 1 1"
    assert outcome_of(page, "staircase-any", "1 1 1") == "P"


def test_staircase_any_game_played_on_the_board(page):
    start(page, "staircase-any", "1 2 1")
    result = play_on_the_board(page, click_best_then_choose("button.stair-coin", "stair-choice"))
    assert result == "You win!"
    assert "engine: move a coin" in log_text(page)


# ----------------------------------------------------------------- fibonacci nim
def test_fibonacci_tokens_are_buttons_only_within_the_limit(page):
    start(page, "fibonacci-nim", "10 3")
    expect(page.get_by_test_id("fibonacci-limit")).to_have_text("You may take up to 3.")
    board = page.get_by_test_id("fibonacci-board")
    expect(board.locator(".token")).to_have_count(10)
    expect(board.locator("button.token")).to_have_count(3)  # the last three tokens
    expect(board.locator(".fib-reach")).to_have_count(1)
    last = board.locator("button.token").last
    expect(last).to_have_attribute(
        "aria-label", re.compile(r"^token 10: take 1; the next player may take up to 2 \(")
    )
    shot(page, "board-fibonacci-nim.png")


def test_fibonacci_winning_token_leaves_a_p_position_and_enter_plays(page):
    start(page, "fibonacci-nim", "10")
    board = page.get_by_test_id("fibonacci-board")
    # The first move: anything but the whole pile.
    expect(page.get_by_test_id("fibonacci-limit")).to_contain_text("You may take up to 9")
    expect(board.locator("button.token")).to_have_count(9)
    winning = board.locator("button.token.verdict-win")
    expect(winning).to_have_count(1)
    expect(winning).to_have_attribute("data-take", "2")
    winning.focus()
    page.keyboard.press("Enter")
    assert status_of(page) == "Your move"
    assert my_last_position(page) == "8 4"
    assert outcome_of(page, "fibonacci-nim", "8 4") == "P"
    # The engine took some: the limit shown is now twice its take.
    position = parse_qs(urlparse(page.url).query)["at"][0].split()
    expect(page.get_by_test_id("fibonacci-limit")).to_contain_text(
        f"You may take up to {position[1]}"
    )


def test_fibonacci_game_played_on_the_board(page):
    start(page, "fibonacci-nim", "10")
    result = play_on_the_board(page, lambda p: best_button(p, "button.token").click())
    assert result == "You win!"
    assert "engine: take" in log_text(page)


# ----------------------------------------------------------------- beans
def test_beans_bottles_and_the_choice_of_targets(page):
    start(page, "beans", "2 1 1")
    board = page.get_by_test_id("beans-board")
    expect(board.locator(".bottle")).to_have_count(3)
    expect(board.locator("button.bottle")).to_have_count(2)  # the last bottle's bean stays
    last = board.locator('.bottle[data-bottle="2"]')
    assert last.evaluate("e => e.tagName") == "SPAN"
    expect(last).to_have_attribute("aria-label", re.compile(r"the last bottle"))
    expect(board.locator('.bottle[data-bottle="0"] .bean')).to_have_count(2)
    first = board.locator('button[data-bottle="0"]')
    first.click()
    choice = page.get_by_test_id("bean-choice")
    expect(choice.locator("button.choice-move")).to_have_count(3)  # 1 twice, 1 + 2, 2 twice
    expect(choice.locator("button.choice-move.verdict-win")).to_have_count(0)
    choice.get_by_role("button", name=re.compile(r"into bottles 1 and 2")).hover()
    expect(board.locator(".bottle.target")).to_have_count(2)
    shot(page, "board-beans.png")
    page.keyboard.press("Escape")
    expect(choice).to_have_count(0)
    expect(first).to_be_focused()


def test_beans_winning_bottle_leaves_a_p_position_and_enter_plays(page):
    start(page, "beans", "2 1 1")
    winning = page.get_by_test_id("beans-board").locator("button.bottle.verdict-win")
    expect(winning).to_have_count(1)
    # Bottle 1 has one move: a click plays it at once.
    expect(winning).to_have_attribute(
        "aria-label", "bottle 1: 1 bean; a bean both into bottle 2 (wins · g = 0)"
    )
    winning.focus()
    page.keyboard.press("Enter")
    assert status_of(page) in ("Your move", *OVER)
    assert my_last_position(page) == "2 0 3"
    assert outcome_of(page, "beans", "2 0 3") == "P"


def test_beans_game_played_on_the_board(page):
    start(page, "beans", "2 1 1")
    result = play_on_the_board(page, click_best_then_choose("button.bottle", "bean-choice"))
    assert result == "You win!"
    assert "engine: a bean from bottle" in log_text(page)


# ----------------------------------------------------------------- moore's nim
def select(page, heap: int, token: int) -> None:
    board = page.get_by_test_id("moore-board")
    board.locator(f'button[data-heap="{heap}"][data-token="{token}"]').click()


def test_moore_selection_enables_take_only_for_a_legal_move(page):
    start(page, "moore:2", "1 2 3")
    board = page.get_by_test_id("moore-board")
    take = page.get_by_test_id("moore-take")
    expect(board.locator("button.token")).to_have_count(6)
    expect(take).to_be_disabled()
    expect(page.get_by_test_id("moore-words")).to_have_text(
        "Select the tokens to take, in up to 2 heaps at once."
    )
    select(page, 2, 2)  # heap 2: 2 -> 1
    select(page, 3, 2)  # heap 3: 3 -> 1
    expect(board.locator("button.token.selected")).to_have_count(3)
    expect(board.locator('button[data-heap="3"][data-token="3"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(take).to_be_enabled()
    expect(take).to_have_class(WIN)
    expect(page.get_by_test_id("moore-verdict")).to_have_text("wins · g = 0")
    expect(take).to_have_attribute(
        "aria-label", "Take: heap 2: 2 -> 1, heap 3: 3 -> 1 (wins · g = 0)"
    )
    shot(page, "board-moore.png")
    select(page, 1, 1)  # a third heap: too many
    expect(take).to_be_disabled()
    expect(page.get_by_test_id("moore-words")).to_contain_text("Too many heaps")
    take.click(force=True)  # a disabled Take plays nothing
    assert status_of(page) == "Your move"
    select(page, 1, 1)  # unselect heap 1
    expect(take).to_be_enabled()
    take.focus()
    page.keyboard.press("Enter")
    assert status_of(page) == "Your move"
    assert my_last_position(page) == "1 1 1"
    assert outcome_of(page, "moore:2", "1 1 1") == "P"


def test_moore_game_played_on_the_board(page):
    start(page, "moore:2", "1 2 3")

    def take_best(page) -> None:
        at = parse_qs(urlparse(page.url).query)["at"][0]
        heaps = [int(h) for h in at.split()]
        moves = api(page, "value", "moore:2", at)["winning_moves_text"]
        if moves:
            target = [int(h) for h in moves[0]["position"].split()]
        else:  # a lost position: take one token from the biggest heap
            target = heaps.copy()
            target[heaps.index(max(heaps))] -= 1
        for i, (before, after) in enumerate(zip(heaps, target, strict=True)):
            if after < before:
                select(page, i + 1, after + 1)
        page.get_by_test_id("moore-take").click()

    assert play_on_the_board(page, take_best) == "You win!"
    assert "engine: heap" in log_text(page)


# ----------------------------------------------------------------- splits on heaps
def test_lasker_split_button_offers_the_splits_of_a_heap(page):
    start(page, "lasker", "2 5")
    rows = page.locator("#heaps .heap")
    splits = page.locator("#heaps button.split-heap")
    expect(splits).to_have_count(2)  # 2 -> 1 + 1, and 5 -> 1 + 4 or 2 + 3
    one = rows.nth(0).locator("button.split-heap")
    expect(one).to_have_attribute("aria-label", re.compile(r"^heap 1: split 2 into 1 \+ 1 \(loses"))
    two = rows.nth(1).locator("button.split-heap")
    expect(two).to_have_class(WIN)
    expect(two).to_have_attribute("aria-label", "heap 2: split it, 2 ways (best: wins)")
    # The tokens still take: five in heap 2, two in heap 1.
    expect(page.locator("#heaps button.token")).to_have_count(7)
    two.click()
    choice = page.get_by_test_id("split-choice")
    expect(choice.locator("button.choice-move")).to_have_text(["1 + 4", "2 + 3"])
    winning = choice.locator("button.choice-move.verdict-win")
    expect(winning).to_have_text("1 + 4")
    expect(winning).to_have_attribute("aria-label", "heap 2: split 5 into 1 + 4 (wins · g = 0)")
    shot(page, "board-lasker-split.png")
    winning.focus()
    page.keyboard.press("Enter")
    assert status_of(page) == "Your move"
    assert my_last_position(page) == "2 1 4"
    assert outcome_of(page, "lasker", "2 1 4") == "P"


def test_lasker_game_played_on_the_board(page):
    start(page, "lasker", "2 5")
    click = click_best_then_choose("button.token, button.split-heap", "split-choice")
    assert play_on_the_board(page, click) == "You win!"


def test_grundys_game_is_played_by_splits_alone(page):
    start(page, "grundys-game", "7 3")
    expect(page.locator("#heaps button.token")).to_have_count(0)  # nothing is taken
    expect(page.locator("#heaps button.split-heap")).to_have_count(2)

    def split(page) -> None:
        expect(page.locator("#heaps button.token")).to_have_count(0)
        click_best_then_choose("button.split-heap", "split-choice")(page)

    assert play_on_the_board(page, split) == "You win!"
    assert "engine: heap" in log_text(page)


def test_lieges_turns_a_heap_of_2x_into_k_heaps(page):
    start(page, "lieges:3", "2 3 6")
    turn = page.locator("#heaps .heap").nth(2).locator("button.split-heap")
    expect(turn).to_have_class(WIN)
    expect(turn).to_have_attribute("aria-label", "heap 3: turn 6 into 3 + 3 + 3 (wins · g = 0)")
    turn.click()
    assert status_of(page) in ("Your move", *OVER)
    assert my_last_position(page) == "2 3 3 3 3"
    assert outcome_of(page, "lieges:3", "2 3 3 3 3") == "P"


# ----------------------------------------------------------------- give and take
def test_give_and_take_board_takes_and_gives_back(page):
    start(page, "give-and-take:4", "")
    board = page.get_by_test_id("give-and-take-board")
    expect(page.get_by_test_id("give-and-take-words")).to_contain_text("4 counters of 4; you are x")
    expect(board.locator(".token")).to_have_count(4)
    # The last counter takes 1, the one before it takes 2, and past the full heap x overflows.
    expect(board.locator("button")).to_have_count(3)
    expect(board.locator("button.token")).to_have_count(2)
    last = board.locator("button.token").last
    expect(last).to_have_class(WIN)
    expect(last).to_have_attribute("aria-label", "counter 4: x takes 1 (wins, 2 moves left)")
    expect(board.locator("button.token").first).to_have_class(LOSE)
    overflow = board.locator("button.gt-give")
    expect(overflow).to_have_class(re.compile(r"\bverdict-tie\b"))
    expect(overflow).to_have_attribute(
        "aria-label", "past the full heap: x overflows the heap (ties, 0 moves left)"
    )
    shot(page, "board-give-and-take.png")
    last.focus()
    page.keyboard.press("Enter")
    assert status_of(page) == "Your move"
    assert my_last_position(page) == "3 o"
    assert api(page, "solve", "give-and-take:4", "3 o")["value"] == "loss"  # o loses


def test_give_and_take_gives_a_counter_back(page):
    start(page, "give-and-take:4", "3")  # a multiple of 3: x escapes by giving one back
    board = page.get_by_test_id("give-and-take-board")
    give = board.locator("button.gt-give")
    expect(give).to_have_class(re.compile(r"\bverdict-draw\b"))
    expect(give).to_have_text("+1")
    expect(board.locator(".gt-slot")).to_have_count(0)  # the place it fills is the button
    give.click()
    assert status_of(page) in ("Your move", *OVER, "A draw.", "A tie.")
    assert "you: x gives 1 back" in log_text(page)


def test_give_and_take_game_played_on_the_board(page):
    start(page, "give-and-take:4", "")
    result = play_on_the_board(page, lambda p: best_button(p, "button").click())
    assert result == "You win!"
    assert "engine: o takes" in log_text(page)


# ----------------------------------------------------------------- accessibility
BOARDS = {
    "staircase-any": ("staircase-any", "1 2 1", '#heaps button[data-step="3"]'),
    "beans": ("beans", "2 1 1", '#heaps button[data-bottle="0"]'),
    "moore": ("moore:2", "1 2 3", '#heaps button[data-heap="3"][data-token="2"]'),
    "lasker": ("lasker", "2 5", "#heaps .heap >> nth=1 >> button.split-heap"),
    "give-and-take": ("give-and-take:4", "", None),
    "fibonacci-nim": ("fibonacci-nim", "10", None),
}


@pytest.mark.parametrize("size", [(1200, 900), (390, 844)], ids=["desktop", "phone"])
@pytest.mark.parametrize("board", list(BOARDS))
def test_boards_pass_axe_and_are_big_enough_to_tap(page, board, size):
    a11y = pytest.importorskip("test_web_a11y")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    game, position, opener = BOARDS[board]
    start(page, game, position)
    if opener:  # a chooser or a selection open: its buttons are targets too
        page.locator(opener).click()
    problems = a11y.serious_violations(page)
    assert not problems, "axe-core found serious violations:\n" + "\n".join(problems)
    boxes = a11y.buttons_in(page, "#heaps")
    assert boxes
    if size[0] < 640:
        small = [b for b in boxes if min(b["width"], b["height"]) < 44 - 0.01]
        assert not small, f"targets under 44 px: {small}"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide"
        shot(page, f"board-{board}-phone.png")


def test_a_big_position_has_no_board(page):
    start(page, "staircase", "30 1")
    expect(page.get_by_test_id("staircase-board")).to_have_count(0)
    expect(page.get_by_test_id("move-list").locator("button.move")).not_to_have_count(0)
