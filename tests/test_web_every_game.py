"""Every game of the page's catalog played to the end by clicking its board only.

Each game's own board test (tests/test_web_boards_*.py) plays it with a strategy of its
own; this one plays the games that have none there the same simple way: click the last
button of the board (a heap's last token takes one), and when a chooser opens, its first
move. The engine answers each move; the game must end (a win, or connect four's tie).
Then undo, redo, a jump back to the start and the game's link, which must replay the same
game; the last test does that for every game of the catalog.
"""

from __future__ import annotations

import json
import urllib.request

import pytest
import test_web_browser as shared
from test_web_browser import expect, status_of

__all__: list[str] = []

pytestmark = pytest.mark.slow

browser = shared.browser
page = shared.page

# Played to the end on their boards in these tests (a strategy of their own).
ELSEWHERE = {
    "tictactoe": "test_web_boards_grid.py",
    "chomp": "test_web_boards_more.py",
    "mock-turtles": "test_web_boards_more.py",
    "ruler": "test_web_boards_more.py",
    "wythoff": "test_web_boards_more.py",
    "staircase": "test_web_boards_rest.py",
    "staircase-any": "test_web_boards_rest.py",
    "fibonacci-nim": "test_web_boards_rest.py",
    "beans": "test_web_boards_rest.py",
    "moore:2": "test_web_boards_rest.py",
    "lasker": "test_web_boards_rest.py",
    "grundys-game": "test_web_boards_rest.py",
    "give-and-take:6": "test_web_boards_rest.py",
    "domineering": "test_web_partizan.py",
    "clobber": "test_web_partizan.py",
    "cutcake": "test_web_partizan.py",
    "amazons": "test_web_partizan.py",
    "toads-and-frogs": "test_web_partizan.py",
    "blue-red-hackenbush": "test_web_partizan.py",
    "snort": "test_web_boards_cgt.py",
    "col": "test_web_boards_cgt.py",
    "konane": "test_web_boards_cgt.py",
    "toppling-dominoes": "test_web_boards_cgt.py",
    "partizan-arc-kayles": "test_web_boards_cgt.py",
    "cram": "test_web_boards_cgt.py",
    "arc-kayles": "test_web_boards_cgt.py",
    "fox-and-geese": "test_web_boards_fox.py",
}
# Small starting positions, so that a game of one-token moves stays short.
# (Blue-Red Hackenbush's example: its first move, at the ground, would end the game.)
START = {"turning-corners": "1,2 2,1", "0.137": "6 4", "blue-red-hackenbush": "rlrl"}
# Connect four is solved from its start first: 4 x 4 (80,541 positions) can pass the test
# server's 5 s budget on a loaded machine, 4 x 3 (about 6,000) cannot. The same board.
SPEC = {"connect-four:4x4": "connect-four:4x3"}
CHOOSER = ", ".join(
    f".{kind}-choice button:not(.{cancel})"
    for kind, cancel in (
        ("take", "take-cancel"),
        ("move", "choice-cancel"),
        ("coin", "coin-cancel"),
    )
)


def catalog(base: str) -> list[dict]:
    with urllib.request.urlopen(f"{base}/api/games") as answer:
        return json.load(answer)["games"]


def test_the_catalog_is_covered(live_server):
    games = {g["game"] for g in catalog(live_server)}
    assert set(ELSEWHERE) <= games, set(ELSEWHERE) - games


@pytest.mark.parametrize(
    "game",
    [
        "nim",
        "bash:3",
        "subtraction:1,3,4",
        "allbut:2,3,7",
        "lieges:3",
        "kayles",
        "dawson",
        "0.137",
        "turning-turtles",
        "turning-corners",
        "king",
        "knight",
        "steps:-1,0/0,-1/-2,-2",
        "connect-four:4x4",
    ],
)
def test_a_game_played_to_the_end_on_its_board(page, live_server, game):
    entry = next(g for g in catalog(live_server) if g["game"] == game)
    position = START.get(game, "" if game in SPEC else entry["position"])
    page.goto(f"/?game={SPEC.get(game, game)}&position={position}&view=play&first=me")
    page.get_by_test_id("play-start").click()
    board = page.locator("#heaps")
    for _ in range(80):
        status = status_of(page)
        if status != "Your move":
            break
        choices = page.locator(CHOOSER)
        if choices.count():
            choices.first.click()
            continue
        buttons = board.locator("button:not([disabled]):not([aria-disabled='true'])")
        expect(buttons.first).to_be_visible()
        buttons.last.click()
    else:
        pytest.fail(f"{game}: the game did not end within 80 moves")
    assert status in ("You win!", "The engine wins.", "A tie."), status  # ties: connect four
    log = page.get_by_test_id("move-log")
    played = log.locator("li").all_text_contents()
    assert len(log.locator("li.log-you").all()) >= 1
    # Undo goes back to the person's last turn, redo ends the game again.
    page.get_by_test_id("undo").click()
    assert status_of(page) == "Your move"
    page.get_by_test_id("redo").click()
    assert status_of(page) == status and log.locator("li").all_text_contents() == played
    # Back to the start from the history, then the shared link replays the whole game.
    url = page.url
    log.get_by_role("button", name="back to the start").click()
    assert status_of(page) == "Your move"
    page.goto(url)
    assert status_of(page) == status
    assert log.locator("li").all_text_contents() == played


def test_every_games_history_undo_redo_jump_and_link(page, live_server):
    """For each game of the catalog: two turns played from the move list, then undo, redo,
    a jump back to the start and the game's link in a new page replaying the same moves."""
    for entry in catalog(live_server):
        game = entry["game"]
        position = START.get(game, "" if game in SPEC else entry["position"])
        page.goto(f"/?game={SPEC.get(game, game)}&position={position}&view=play&first=me")
        page.get_by_test_id("play-start").click()
        log = page.get_by_test_id("move-log")
        for _ in range(2):
            if status_of(page) != "Your move":
                break
            page.get_by_test_id("move-list").locator("button.move").first.click()
        status = status_of(page)
        played = log.locator("li").all_text_contents()
        assert len(played) >= 3, (game, played)  # the start, the person's move, an answer
        page.get_by_test_id("undo").click()
        assert status_of(page) == "Your move", game
        page.get_by_test_id("redo").click()
        assert status_of(page) == status, game
        assert log.locator("li").all_text_contents() == played, game
        url = page.url
        log.get_by_role("button", name="back to the start").click()
        assert status_of(page) == "Your move", game
        page.goto(url)
        assert status_of(page) == status, game
        assert log.locator("li").all_text_contents() == played, game
