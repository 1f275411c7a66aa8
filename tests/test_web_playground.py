"""The playground page's defects, each driven in a real browser: coin-turning games end,
big integers keep their digits, the value shows when the options cannot be listed, the
period is certified only where it can be, heap tokens are exactly the legal moves, long
numbers wrap, focus follows a move, the game menu commits on Enter or blur."""

from __future__ import annotations

import re

import pytest
import test_web_browser as shared
from test_web_browser import TIMEOUT_MS, expect, shot, status_of

__all__: list[str] = []

pytestmark = pytest.mark.slow

BIG = "1" + "0" * 50  # 10^50

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page


def move_button(page, words: str):
    """The move-list button whose words are exactly `words`."""
    return (
        page.get_by_test_id("move-list")
        .locator("button.move")
        .filter(has=page.locator(".move-words", has_text=re.compile(f"^{re.escape(words)}$")))
    )


# ----------------------------------------------------------------- a. coin turning ends
def test_coin_turning_game_can_end(page):
    page.goto("/?game=mock-turtles&position=3&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    last = move_button(page, "turn over coin 3")
    assert last.get_attribute("data-position") == "none"  # the server's position_text
    last.click()
    assert status_of(page) == "You win!"
    assert "you: turn over coin 3" in page.get_by_test_id("move-log").text_content()
    expect(page.get_by_test_id("error")).to_be_hidden()


# ----------------------------------------------------------------- b. exact integers
def test_big_integers_keep_their_digits(page):
    page.goto("/?game=nim&position=9007199254740993 0&view=analyse")
    expect(page.get_by_test_id("sg-value")).to_have_text("9007199254740993")
    page.goto(f"/?game=nim&position={BIG} 7&view=analyse")
    expect(page.get_by_test_id("sg-value")).to_have_text(BIG[:-1] + "7")
    expect(page.get_by_test_id("reason")).to_contain_text(f"{BIG} ⊕ 7")
    winning = page.get_by_test_id("winning-moves").locator("button")
    expect(winning).to_have_attribute("data-position", "7 7")
    # An option's SG value is exact too: the first options of 10^50 7 change heap 1.
    badges = page.get_by_test_id("options").locator(".badge")
    expect(badges.first).to_have_text(re.compile(r"^g = \d+, [NP]$"))
    page.goto("/?game=nim&position=1 9007199254740993&view=analyse")
    first = page.get_by_test_id("options").locator("li").first
    expect(first).to_contain_text("g = 9007199254740993")  # heap 1: 1 -> 0


# ----------------------------------------------------------------- c. value first
@pytest.mark.parametrize(
    ("game", "position"),
    [("wythoff", f"{BIG} 7"), ("kayles", BIG), ("lasker", BIG), ("fibonacci-nim", BIG)],
)
def test_value_shows_when_the_options_cannot_be_listed(page, game, position):
    page.allowed.append(r"status of (400|503|504)")
    page.goto(f"/?game={game}&position={position}&view=analyse")
    expect(page.get_by_test_id("outcome")).to_have_text("N: the player to move wins")
    expect(page.get_by_test_id("sg-value")).not_to_have_text("…")
    expect(page.get_by_test_id("winning-moves").locator("button")).not_to_have_count(0)
    note = page.locator("#options-note")
    # The listing fails when the server's budget runs out: wait as long as a hang guard.
    expect(note).to_contain_text("cannot be listed", timeout=TIMEOUT_MS)
    expect(page.get_by_test_id("error")).to_be_hidden()


# ----------------------------------------------------------------- d. certify
# bash:3 is not here: it has a code (subtraction:1,2,3), so it is certified like one.
@pytest.mark.parametrize("game", ["nim", "lasker", "lieges:3"])
def test_certify_is_offered_only_for_codes(page, game):
    page.goto(f"/?game={game}&position=&view=sequence&upto=30&certify=1")
    expect(page.get_by_test_id("sequence-table").locator("tbody tr")).to_have_count(4)
    expect(page.get_by_test_id("certify-input")).to_be_hidden()
    expect(page.get_by_test_id("certify-note")).to_contain_text("take-and-break code")
    expect(page.get_by_test_id("error")).to_be_hidden()
    assert "certify" not in page.url


def test_certify_tick_does_not_carry_over(page):
    page.goto("/?game=kayles&position=&view=sequence&upto=30&certify=1")
    expect(page.get_by_test_id("period-caption")).to_contain_text("certified")
    expect(page.get_by_test_id("certify-input")).to_be_visible()
    expect(page.get_by_test_id("certify-input")).to_be_checked()
    page.get_by_test_id("game-input").fill("nim")
    page.get_by_test_id("game-input").press("Enter")
    expect(page.get_by_test_id("certify-note")).to_contain_text("take-and-break code")
    expect(page.get_by_test_id("sequence-table").locator("tbody tr")).to_have_count(4)
    expect(page.get_by_test_id("error")).to_be_hidden()
    page.get_by_test_id("game-input").fill("0.07")  # Dawson's Kayles: a code again
    page.get_by_test_id("game-input").press("Enter")
    expect(page.get_by_test_id("certify-input")).to_be_visible()
    expect(page.get_by_test_id("certify-input")).not_to_be_checked()


# ----------------------------------------------------------------- e. heap tokens
def test_only_legal_tokens_are_clickable(page):
    page.goto("/?game=kayles&position=3 5&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    heap = page.locator("#heaps .heap").nth(1)
    # Kayles takes one or two pins: leaving 0 of 5 is no move, so no button says so.
    expect(heap.locator('button[aria-label^="heap 2: take 5, leave 0"]')).to_have_count(0)
    expect(heap.locator(".token")).to_have_count(5)
    for i in range(5):
        assert heap.locator(".token").nth(i).evaluate("e => e.tagName") == "BUTTON"
    # A middle pin: taking it alone or with its right neighbour; the person chooses.
    heap.locator(".token").nth(2).click()
    choice = page.get_by_test_id("take-choice")
    expect(choice.locator("button.take")).to_have_count(2)
    expect(choice.locator("button").first).to_be_focused()
    choice.locator("button.take", has_text="take 1").click()
    assert status_of(page) in ("Your move", "You win!", "The engine wins.")
    assert "you: heap 2: 5 -> 2 + 2" in page.get_by_test_id("move-log").text_content()


def test_illegal_tokens_are_not_buttons(page):
    page.goto("/?game=bash:3&position=5&view=play&first=me")  # take 1 to 3
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    heap = page.locator("#heaps .heap").first
    # Leave 2, 3 or 4: tokens 3 to 5 take the rest of the row, token 1 takes from the left
    # (three choices); token 2 starts no move.
    expect(heap.locator("button.token")).to_have_count(4)
    expect(heap.locator("button.token.ask")).to_have_count(1)
    expect(heap.locator(".token:not(button)")).to_have_count(1)
    assert heap.locator(".token:not(button)").first.evaluate("e => getComputedStyle(e).cursor") in (
        "default",
        "auto",
    )


# ----------------------------------------------------------------- f. smaller defects
@pytest.mark.parametrize("view", ["analyse", "play"])
def test_a_long_number_wraps(page, view):
    page.set_viewport_size({"width": 1366, "height": 900})
    heap = "7" * 400
    page.goto(f"/?game=nim&position={heap}&view={view}&first=me")
    if view == "play":
        page.get_by_test_id("play-start").click()
        assert status_of(page) == "Your move"
    else:
        expect(page.get_by_test_id("sg-value")).to_have_text(heap)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1366, f"the page is {width} px wide"
    shot(page, f"long-number-{view}.png")


def test_focus_follows_a_move(page):
    page.goto("/?game=nim&position=3 4 5&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    page.get_by_test_id("move-list").locator("button").first.focus()
    page.keyboard.press("Enter")
    assert status_of(page) == "Your move"
    focused = page.evaluate("document.activeElement.closest('#move-list') !== null")
    assert focused, page.evaluate("document.activeElement.outerHTML")


def test_focus_follows_an_analysed_move(page):
    page.goto("/?game=nim&position=3 4 5&view=analyse")
    winning = page.get_by_test_id("winning-moves").locator("button")
    winning.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("sg-value")).to_have_text("0")
    expect(page.locator("#panel-analyse button.option").first).to_be_focused()


def test_arrow_keys_on_the_game_menu_wait_for_enter(page):
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/" in r.url else None)
    page.goto("/?game=nim&position=3 4 5&view=analyse")
    expect(page.get_by_test_id("sg-value")).to_have_text("2")
    menu = page.get_by_test_id("game-select")
    menu.focus()
    menu.press("ArrowDown")  # bash:3
    menu.press("ArrowDown")  # subtraction:1,3,4
    assert menu.input_value() == "subtraction:1,3,4"
    assert "game=nim" in page.url
    menu.press("Enter")
    expect(page).to_have_url(re.compile(r"game=subtraction"))
    expect(page.get_by_test_id("sg-value")).not_to_have_text("…")
    assert not [url for url in asked if "game=bash" in url], asked
    # Leaving the menu commits too.
    menu.focus()
    menu.press("ArrowUp")  # bash:3
    page.get_by_test_id("position-input").focus()
    expect(page).to_have_url(re.compile(r"game=bash(:|%3A)3"))


def test_game_menu_lists_only_usable_games(page):
    page.goto("/?game=nim&position=1&view=analyse")
    expect(page.get_by_test_id("sg-value")).to_have_text("1")
    values = (
        page.get_by_test_id("game-select")
        .locator("option")
        .evaluate_all("options => options.map(o => o.value)")
    )
    assert "kayles" in values
    # The graph games are listed with the graph typed in the position; the forms that read
    # files (digraph:FILE, Hackenbush's files) are the command line's only.
    assert "hackenbush" in values and "digraph" in values
    assert not [v for v in values if v.startswith("digraph:")], values


def test_tictactoe_win_is_announced(page):
    page.goto("/?game=tictactoe&position=xx./oo./...&view=play&first=engine")
    page.get_by_test_id("play-first-engine").check()
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "The engine wins."
    over = page.get_by_test_id("move-list").text_content()
    assert "No move is left" not in over
    assert "The engine won" in over
    expect(page.get_by_test_id("play-start")).to_be_focused()


# ----------------------------------------------------------------- g. history and values
def log_texts(page) -> list[str]:
    return [t.strip() for t in page.get_by_test_id("move-log").locator("li").all_text_contents()]


def test_every_move_says_what_it_does_for_its_mover(page):
    page.goto("/?game=nim&position=1 2&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    moves = page.get_by_test_id("move-list").locator("button.move")
    # 1 2 -> 1 1 leaves a P-position (the mover wins); 0 2 and 1 0 leave N-positions.
    winning = moves.filter(has=page.locator(".move-to", has_text="→ 1 1"))
    expect(winning).to_have_class(re.compile(r"\bverdict-win\b"))
    expect(winning.get_by_test_id("verdict")).to_have_text("wins · g = 0")
    losing = moves.filter(has=page.locator(".move-to", has_text="→ 0 2"))
    expect(losing).to_have_class(re.compile(r"\bverdict-lose\b"))
    expect(losing.get_by_test_id("verdict")).to_have_text("loses · g = 2")
    # The board's tokens carry the same colours and say it in their labels.
    token = page.locator("#heaps .heap").nth(1).locator("button.token").nth(1)
    expect(token).to_have_class(re.compile(r"\bverdict-win\b"))
    expect(token).to_have_attribute("aria-label", re.compile(r"\(wins · g = 0\)$"))
    # Practice: the switch hides the verdicts and the colours, and the link keeps it.
    page.get_by_test_id("show-values").uncheck()
    expect(winning.get_by_test_id("verdict")).to_be_hidden()
    assert winning.evaluate("e => getComputedStyle(e).borderColor") == losing.evaluate(
        "e => getComputedStyle(e).borderColor"
    )
    assert "values=0" in page.url


def test_two_player_moves_say_win_loss_and_moves_left(page):
    page.goto("/?game=tictactoe&position=xx./oo./...&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    moves = page.get_by_test_id("move-list").locator("button.move")
    wins = moves.filter(has=page.locator(".verdict", has_text=re.compile(r"^wins, 0 moves left$")))
    expect(wins).to_have_count(1)  # x completes the top row
    expect(wins).to_have_class(re.compile(r"\bverdict-win\b"))
    loses = moves.filter(has=page.locator(".verdict", has_text=re.compile("^loses")))
    expect(loses).not_to_have_count(0)


def test_undo_redo_and_jumping_in_the_history(page):
    page.goto("/?game=nim&position=3 4 5&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    expect(page.get_by_test_id("undo")).to_be_disabled()
    # Two losing moves (each takes one token from the first heap that has one).
    for _ in range(2):  # the last move takes one token from the last heap: no early end
        page.get_by_test_id("move-list").locator("button.move").last.click()
        assert status_of(page) == "Your move"
    played = log_texts(page)
    assert len(played) == 5 and played[0].startswith("start")  # start + 4 moves
    at = re.search(r"[?&]at=([^&]*)", page.url).group(1)

    page.get_by_test_id("undo").click()
    assert status_of(page) == "Your move"
    assert len(page.get_by_test_id("move-log").locator("li.log-undone").all()) == 2
    expect(page.get_by_test_id("redo")).to_be_enabled()
    page.get_by_test_id("redo").click()
    assert status_of(page) == "Your move"
    assert log_texts(page) == played and f"at={at}" in page.url
    expect(page.get_by_test_id("redo")).to_be_disabled()

    # Back to the start from the list, then forward to after the engine's first answer.
    page.get_by_test_id("move-log").get_by_role("button", name="back to the start").click()
    assert status_of(page) == "Your move"
    assert "at=3+4+5" in page.url and "h=" not in page.url
    page.get_by_test_id("move-log").locator("button.log-jump[data-count='2']").click()
    assert status_of(page) == "Your move"
    assert log_texts(page)[:3] == played[:3]
    # A new move replaces what was undone.
    page.get_by_test_id("move-list").locator("button.move").last.click()
    assert status_of(page) in ("Your move", "You win!", "The engine wins.")
    assert not page.get_by_test_id("move-log").locator("li.log-undone").all()


def test_the_move_that_threw_away_the_win_is_marked(page):
    page.goto("/?game=nim&position=1 2&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    page.locator('[data-testid="move-list"] button[data-position="0 2"]').click()
    assert status_of(page) == "The engine wins."
    thrown = page.get_by_test_id("move-log").locator("li", has=page.locator(".threw"))
    expect(thrown).to_have_count(1)
    expect(thrown).to_contain_text("you: ")


def test_a_shared_link_replays_the_whole_game(page, browser):
    page.goto("/?game=kayles&position=3 5&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    page.get_by_test_id("move-list").locator("button.move").first.click()
    assert status_of(page) in ("Your move", "You win!", "The engine wins.")
    played, url = log_texts(page), page.url
    assert url.count("h=") == len(played) - 1
    fresh = browser.new_context().new_page()  # a new tab: no history.state
    try:
        fresh.goto(url)
        expect(fresh.get_by_test_id("play-status")).to_have_text(
            re.compile("^(Your move|You win!|The engine wins.)$"), timeout=TIMEOUT_MS
        )
        assert log_texts(fresh) == played
        expect(fresh.get_by_test_id("undo")).to_be_enabled()
    finally:
        fresh.context.close()
    # A link with an illegal move in it stops with the server's reason, not a wrong game.
    page.allowed.append(r"status of 400")
    page.goto(url.split("&h=")[0] + "&h=9 9")
    expect(page.get_by_test_id("error")).to_contain_text("illegal move")


# ----------------------------------------------------------------- h. teaching views
def test_analyse_draws_the_xor_bit_by_bit_and_the_mex(page):
    page.goto("/?game=nim&position=3 4 5&view=analyse")
    expect(page.get_by_test_id("sg-value")).to_have_text("2")
    table = page.get_by_test_id("xor-table")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0)).to_contain_text("011")
    expect(rows.nth(3)).to_contain_text("010")  # 3 ⊕ 4 ⊕ 5 = 2
    expect(page.get_by_test_id("xor-move")).to_contain_text(
        "part 1, whose value 3 becomes 3 ⊕ 2 = 1"
    )
    # Kayles 7: one heap, so no XOR; its options' values and their mex.
    page.goto("/?game=kayles&position=7&view=analyse")
    expect(page.get_by_test_id("sg-value")).to_have_text("2")
    mex = page.get_by_test_id("mex")
    expect(mex.locator(".mex-cell.mex")).to_have_text("2")
    expect(mex.locator(".mex-cell.reached")).not_to_have_count(0)
    expect(page.get_by_test_id("xor-table")).to_have_count(0)


def test_analyse_says_how_many_moves_are_left(page):
    page.goto("/?game=nim&position=1 2&view=analyse")
    expect(page.get_by_test_id("moves-left")).to_have_text(
        "3 moves: the player to move wins in 3 moves at most (fastest: heap 2: 2 -> 1)"
    )
    page.allowed.append(r"status of 400")  # the listing of a million options is refused
    page.goto("/?game=wythoff&position=1000000 2000000&view=analyse")
    expect(page.get_by_test_id("moves-left")).to_contain_text("unknown")
    expect(page.get_by_test_id("error")).to_be_hidden()


def test_analyse_and_graph_show_the_position_a_game_reached(page):
    page.goto("/?game=nim&position=3 4 5&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    page.get_by_test_id("move-list").locator("button.move").last.click()
    assert status_of(page) == "Your move"
    at = page.locator("#play-position").text_content()
    page.get_by_test_id("view-analyse").click()
    expect(page.locator("#analyse-position")).to_have_text(at)
    expect(page.get_by_test_id("analyse-note")).to_contain_text("after 2 moves")
    page.get_by_test_id("view-play").click()  # the game goes on where it was
    assert status_of(page) == "Your move"
    expect(page.locator("#play-position")).to_have_text(at)


def test_play_says_how_many_moves_perfect_play_takes(page):
    page.goto("/?game=nim&position=1 2&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    expect(page.get_by_test_id("play-moves-left")).to_have_text(
        "With perfect play you win in 3 more moves."
    )
    page.locator('[data-testid="move-list"] button[data-position="0 2"]').click()
    assert status_of(page) == "The engine wins."
    expect(page.get_by_test_id("play-moves-left")).to_have_text("")


def test_the_value_history_shows_who_wins_after_each_move(page):
    page.goto("/?game=nim&position=1 2&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    page.locator('[data-testid="move-list"] button[data-position="0 2"]').click()
    assert status_of(page) == "The engine wins."
    words = page.get_by_test_id("value-history-words")
    expect(words).to_have_text(
        "at the start: you win, 3 moves left; after move 1: the engine wins, 1 move left; "
        "after move 2: the engine wins, 0 moves left"
    )
    history = page.get_by_test_id("value-history")
    expect(history.locator("rect.value-bar.you")).to_have_count(1)
    expect(history.locator("rect.value-bar.engine")).to_have_count(2)


def test_the_graph_shows_the_position_a_game_reached_and_says_what_it_merges(page):
    page.goto("/?game=nim&position=2 2&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    page.get_by_test_id("move-list").locator("button.move").last.click()  # 2 1, then 1 1
    assert status_of(page) in ("Your move", "You win!", "The engine wins.")
    at = page.locator("#play-position").text_content()
    page.get_by_test_id("view-graph").click()
    graph = page.get_by_test_id("graph-svg")
    expect(graph.locator("text").first).to_be_visible()
    assert at in graph.text_content() and "2 2" not in graph.text_content()
    expect(page.locator("#panel-graph")).to_contain_text("equivalent ones drawn once")
