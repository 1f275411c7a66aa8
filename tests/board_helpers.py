"""What the board tests (tests/test_web_boards_*.py) share: starting a game in the play
view, reading what it did, asking the API about a position, and playing a game to its end
by clicks on the board."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from test_web_browser import TIMEOUT_MS, expect, status_of

OVER = ("You win!", "The engine wins.")
WIN = re.compile(r"\bverdict-win\b")
LOSE = re.compile(r"\bverdict-lose\b")


def start(page, game: str, position: str, extra: str = "") -> None:
    page.goto(f"/?{urlencode({'game': game, 'position': position})}&view=play&first=me{extra}")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"


def log_text(page) -> str:
    return page.get_by_test_id("move-log").text_content()


def my_last_position(page) -> str:
    """The position the person's last move left, from the game's URL (one `h` a move)."""
    moves = parse_qs(urlparse(page.url).query).get("h", [])
    mine = [h for i, h in enumerate(moves) if i % 2 == 0]  # the person moves first
    return mine[-1]


def api(page, endpoint: str, game: str, position: str) -> dict:
    query = urlencode({"game": game, "position": position})
    answer = page.request.get(f"/api/{endpoint}?{query}")
    assert answer.ok, answer.text()
    return json.loads(answer.text())


def outcome_of(page, game: str, position: str) -> str:
    return api(page, "value", game, position)["outcome"]


def play_on_the_board(page, click_move) -> str:
    """Play `click_move(page)` (clicks on the board) until the game ends; its result."""
    for _ in range(60):
        status = status_of(page)
        if status != "Your move":
            return status
        count = len(page.get_by_test_id("move-log").locator("li").all())
        click_move(page)
        # The person's move and the engine's answer (or the end) are logged before the status.
        log = page.get_by_test_id("move-log").locator("li")
        expect(log).not_to_have_count(count, timeout=TIMEOUT_MS)
    pytest.fail("the game did not end within 60 moves")
