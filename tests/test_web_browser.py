"""The playground page in a real browser: analyse, play, sequence and graph views."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")

expect = playwright_api.expect

__all__: list[str] = []

pytestmark = pytest.mark.slow

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# What play-status says once the person may act, or once the game is over.
SETTLED = re.compile(r"^(Your move|You win!|The engine wins\.|A tie\.|A draw\.)$")
TIMEOUT_MS = 120_000  # each wait only guards against a hang: generous for a loaded machine


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium from the system package (CI installs it)."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing; CI installs it with `apt-get install -y chromium`")
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield launched
        launched.close()


@pytest.fixture
def page(browser, live_server):
    """A fresh page whose console errors fail the test (except `page.allowed` ones)."""
    context = browser.new_context(base_url=live_server, viewport={"width": 1200, "height": 900})
    opened = context.new_page()
    opened.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    opened.allowed = []  # patterns of console errors a test expects (refused requests)

    def on_console(message) -> None:
        if message.type == "error":
            errors.append(message.text)

    opened.on("console", on_console)
    opened.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
    yield opened
    context.close()
    unexpected = [e for e in errors if not any(re.search(p, e) for p in opened.allowed)]
    assert not unexpected, f"console errors: {unexpected}"


def shot(page, name: str) -> None:
    """Save a full-page screenshot to tests/artifacts/ for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def status_of(page) -> str:
    status = page.get_by_test_id("play-status")
    expect(status).to_have_text(SETTLED, timeout=TIMEOUT_MS)
    return status.text_content()


def play_until_over(page, choose) -> str:
    """Play moves chosen by `choose(page)` (a data-position) until the game ends."""
    for _ in range(60):
        if status_of(page) != "Your move":
            return status_of(page)
        target = choose(page)
        page.locator(f'[data-testid="move-list"] button[data-position="{target}"]').click()
    pytest.fail("the game did not end within 60 moves")


def hinted_move(page) -> str:
    page.get_by_test_id("hint-button").click()
    hint = page.locator('[data-testid="hint"][data-position]')
    hint.wait_for()
    return hint.get_attribute("data-position")


def first_move(page) -> str:
    return page.get_by_test_id("move-list").locator("button").first.get_attribute("data-position")


def test_following_hints_wins(page):
    page.goto("/?game=nim&position=3 4 5&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert play_until_over(page, hinted_move) == "You win!"
    assert page.get_by_test_id("lost-notice").is_hidden()
    log = page.get_by_test_id("move-log").text_content()
    assert "you: heap 1: 3 -> 1" in log and "engine:" in log
    shot(page, "play-win.png")


def test_losing_from_a_p_position(page):
    page.goto("/?game=nim&position=1 2 3&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert play_until_over(page, first_move) == "The engine wins."
    notice = page.get_by_test_id("lost-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Your position is lost")
    shot(page, "play-lose.png")


def test_engine_moving_first_from_an_n_position_wins(page):
    page.goto("/?game=nim&position=3 4 5&view=play")
    page.get_by_test_id("play-first-engine").check()
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    assert "engine: heap 1: 3 -> 1" in page.get_by_test_id("move-log").text_content()
    expect(page.get_by_test_id("lost-notice")).to_contain_text("now lost")
    # Heaps are drawn as tokens too; every token of 1 4 5 is a legal move of Nim.
    expect(page.locator("#heaps button.token:not([disabled])")).to_have_count(10)
    page.get_by_test_id("hint-button").click()
    expect(page.get_by_test_id("hint")).to_contain_text("no winning move")
    shot(page, "play.png")
    page.locator("#heaps .heap").nth(2).locator("button.token").nth(1).click()  # 5 -> 1
    assert status_of(page) == "Your move"
    assert "you: heap 3: 5 -> 1" in page.get_by_test_id("move-log").text_content()


def test_sequence_of_kayles_is_certified(page):
    page.goto("/?game=0.77&position=&view=sequence&upto=100&certify=1")
    caption = page.get_by_test_id("period-caption")
    expect(caption).to_contain_text("period 12")
    expect(caption).to_contain_text("certified")
    assert "not certified" not in caption.text_content()
    assert page.locator('[data-testid="sequence-chart"] .mark').count() > 50
    table = page.get_by_test_id("sequence-table")
    assert table.locator("td.pre").count() == 71
    assert table.locator("tbody tr").count() == 11
    shot(page, "sequence.png")


def test_analyse_nim(page):
    page.goto("/?game=nim&position=3 4 5&view=analyse")
    expect(page.get_by_test_id("sg-value")).to_have_text("2")
    expect(page.get_by_test_id("reason")).to_contain_text("3 ⊕ 4 ⊕ 5 = 2")
    expect(page.get_by_test_id("outcome")).to_have_text("N: the player to move wins")
    winning = page.get_by_test_id("winning-moves").locator("button")
    expect(winning).to_have_count(1)
    assert winning.get_attribute("data-position") == "1 4 5"
    expect(page.get_by_test_id("options").locator("button")).to_have_count(12)
    shot(page, "analyse.png")
    winning.click()  # loads the winning move's position: a P-position
    expect(page.get_by_test_id("sg-value")).to_have_text("0")
    assert page.get_by_test_id("position-input").input_value() == "1 4 5"
    assert "position=1+4+5" in page.url


def test_analyse_two_player_board(page):
    page.goto("/?game=tictactoe&position=x../.o./..x&view=analyse")
    expect(page.get_by_test_id("sg-value")).to_have_text("tie")
    assert page.locator("#analyse-position").text_content() == "x..\n.o.\n..x"
    assert page.get_by_test_id("view-graph").is_hidden()
    assert page.get_by_test_id("misere-input").is_hidden()
    expect(page.get_by_test_id("options").locator("button")).to_have_count(6)
    shot(page, "two-player.png")


def test_graph_of_nim_2_2(page):
    page.goto("/?game=nim&position=2 2&view=graph")
    nodes = page.get_by_test_id("graph-node")
    expect(nodes).to_have_count(6)
    outcomes = {nodes.nth(i).get_attribute("data-outcome") for i in range(6)}
    assert outcomes == {"P", "N"}
    shot(page, "graph.png")


def test_url_state_survives_reload_and_back(page):
    page.goto("/?game=kayles&position=3 5&view=sequence&upto=40")
    expect(page.get_by_test_id("sequence-table").locator("tbody tr")).to_have_count(5)
    page.reload()
    expect(page.get_by_test_id("view-sequence")).to_have_attribute("aria-selected", "true")
    assert page.get_by_test_id("upto-input").input_value() == "40"
    assert page.get_by_test_id("game-input").input_value() == "kayles"
    assert page.get_by_test_id("position-input").input_value() == "3 5"

    # A game in progress: the position reached, whose turn, and the log survive a reload.
    page.get_by_test_id("view-play").click()
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    page.get_by_test_id("move-list").locator("button").first.click()
    assert status_of(page) in ("Your move", "You win!", "The engine wins.")
    assert "at=" in page.url and "view=play" in page.url
    at = re.search(r"[?&]at=([^&]*)", page.url).group(1)
    log = page.get_by_test_id("move-log").text_content()
    page.reload()
    expect(page.get_by_test_id("view-play")).to_have_attribute("aria-selected", "true")
    status_of(page)
    assert re.search(r"[?&]at=([^&]*)", page.url).group(1) == at
    assert page.get_by_test_id("move-log").text_content() == log

    page.go_back()  # before the person's move: back at the start of the game
    expect(page.get_by_test_id("play-status")).to_have_text("Your move")
    assert "at=3+5" in page.url


def test_bad_position_shows_the_error(page):
    page.allowed.append(r"status of 400")  # the browser logs refused requests
    page.goto("/?game=nim&position=-3&view=analyse")
    box = page.get_by_test_id("error")
    expect(box).to_be_visible()
    expect(box).to_contain_text("heap -3 is negative")
    assert box.get_attribute("role") == "alert"
    # The page still works: a good position clears the error.
    page.get_by_test_id("position-input").fill("1 2")
    page.get_by_test_id("position-input").press("Enter")
    expect(page.get_by_test_id("sg-value")).to_have_text("3")
    expect(box).to_be_hidden()


def test_validation_error_shows_its_first_message(page):
    page.allowed.append(r"status of 422")  # FastAPI's own check: the name is too long
    page.goto("/?view=analyse&position=1&game=" + "n" * 1001)
    box = page.get_by_test_id("error")
    expect(box).to_contain_text("game: String should have at most 1000")


def test_page_refuses_a_bad_upto(page):
    page.goto("/?game=kayles&position=3&view=sequence&upto=20")
    expect(page.get_by_test_id("sequence-table").locator("tbody tr")).to_have_count(3)
    page.get_by_test_id("upto-input").fill("-1")
    page.get_by_test_id("upto-input").press("Enter")
    expect(page.get_by_test_id("error")).to_contain_text("upto must be")
