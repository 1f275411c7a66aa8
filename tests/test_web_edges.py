"""Green Hackenbush and tokens on a digraph in a real browser: the editor under Analyse
(a graph built by clicking, or from pasted "u v" lines, within the server's limits) and
the play boards (a click on an edge cuts it; a click on a token, then on where it goes,
moves it), whole games played on the board alone, and axe-core on both."""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode

import pytest
import test_web_browser as shared
from test_web_browser import TIMEOUT_MS, expect, shot, status_of

__all__: list[str] = []

pytestmark = pytest.mark.slow

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page

HACKENBUSH = "edges 0-1 0-4 1-2 1-3 4-5"  # the catalog's examples (both of value 3)
DIGRAPH = "edges 0-1 0-2 1-2 2-3 4-3 tokens 0 4"
SERIOUS = {"serious", "critical"}


# ----------------------------------------------------------------- helpers
def analyse(page, game: str, position: str) -> None:
    page.goto(f"/?{urlencode({'game': game, 'position': position})}&view=analyse")
    expect(page.get_by_test_id("edge-editor-card")).to_be_visible()
    expect(page.get_by_test_id("sg-value")).not_to_have_text(re.compile(r"^(…|)$"))


def vertex(page, v: int, board: str = "edge-editor"):
    return page.locator(f'[data-testid="{board}-vertex"][data-vertex="{v}"]')


def edge(page, name: str, board: str = "edge-editor"):
    return page.locator(f'[data-testid="{board}-edge"][data-edge="{name}"]')


# Where an edge's path is halfway, in the window: the middle of its box may miss a bent
# edge (where Playwright's click aims).
MIDDLE = """e => {
  const path = e.querySelector(".eg-hit");
  const at = path.getPointAtLength(path.getTotalLength() / 2);
  const m = path.getScreenCTM();
  return { x: m.a * at.x + m.c * at.y + m.e, y: m.b * at.x + m.d * at.y + m.f };
}"""


def click_edge(locator) -> None:
    locator.scroll_into_view_if_needed()
    middle = locator.evaluate(MIDDLE)
    locator.page.mouse.click(middle["x"], middle["y"])


def join(page, u: int, v: int) -> None:
    vertex(page, u).click()
    expect(vertex(page, u)).to_have_attribute("aria-pressed", "true")
    vertex(page, v).click()


def editor_text(page) -> str:
    return page.get_by_test_id("edge-editor-text").text_content()


def server_value(page, game: str, position: str) -> dict:
    answer = page.request.get(f"/api/value?{urlencode({'game': game, 'position': position})}")
    assert answer.ok, answer.text()
    return json.loads(answer.text())


def start(page, game: str, position: str) -> None:
    page.goto(f"/?{urlencode({'game': game, 'position': position})}&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"


def play_on_the_board(page, click_move) -> str:
    """Play `click_move(page)` (clicks on the board) until the game ends; its result."""
    for _ in range(40):
        status = status_of(page)
        if status != "Your move":
            return status
        count = page.get_by_test_id("move-log").locator("li").count()
        click_move(page)
        # The person's move and the engine's answer (or the end) are logged before the status.
        expect(page.get_by_test_id("move-log").locator("li")).not_to_have_count(count)
    pytest.fail("the game did not end within 40 moves")


def best(page, selector: str):
    """The first winning element the selector finds, else its first."""
    winning = page.locator(f"{selector}.verdict-win")
    return winning.first if winning.count() else page.locator(selector).first


def serious_violations(page) -> list[str]:
    axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")
    results = axe_sync.Axe().run(page).response
    return [
        f"{violation['id']} ({violation['impact']}) at {', '.join(node['target'])}: "
        f"{node['html'][:120]}"
        for violation in results["violations"]
        if violation["impact"] in SERIOUS
        for node in violation["nodes"]
    ]


# ----------------------------------------------------------------- the editor
def test_a_tree_built_by_clicking_is_valued_as_the_same_position_typed(page):
    analyse(page, "hackenbush", "no edges")
    expect(page.get_by_test_id("sg-value")).to_have_text("0")
    for _ in range(4):
        page.get_by_test_id("edge-editor-add-vertex").click()
    expect(page.get_by_test_id("edge-editor-vertex")).to_have_count(5)  # and the ground
    join(page, 0, 1)
    join(page, 1, 2)
    join(page, 3, 1)
    join(page, 0, 4)
    expect(page.get_by_test_id("edge-editor-text")).to_have_text("edges 0-1 0-4 1-2 1-3")
    assert "Edge 0-4 added." in page.get_by_test_id("edge-editor-status").text_content()
    assert edge(page, "1-3").get_attribute("aria-label") == "remove edge 1-3"
    # A click on a vertex and on it again lets it go: no edge.
    vertex(page, 2).click()
    vertex(page, 2).click()
    expect(vertex(page, 2)).to_have_attribute("aria-pressed", "false")
    shot(page, "editor-hackenbush.png")
    page.get_by_test_id("edge-editor-use").click()
    expect(page).to_have_url(re.compile(r"position=edges(\+|%20)0-1(\+|%20)0-4"))
    expect(page.get_by_test_id("position-input")).to_have_value("edges 0-1 0-4 1-2 1-3")
    typed = server_value(page, "hackenbush", "0-1 1-2 1-3 0-4")
    expect(page.get_by_test_id("sg-value")).to_have_text(str(typed["grundy"]))
    assert typed["grundy"] == 0  # a fork worth 1 beside a stalk worth 1
    # The editor now holds the position used.
    expect(page.get_by_test_id("edge-editor-edge")).to_have_count(4)


def test_pasted_lines_add_edges_and_a_click_removes_one(page):
    analyse(page, "hackenbush", "0-1")
    lines = page.get_by_test_id("edge-editor-lines")
    lines.fill("0 x\n")
    page.get_by_test_id("edge-editor-paste").click()
    expect(page.get_by_test_id("edge-editor-status")).to_contain_text(
        'Nothing added: line 1, "0 x", is not an edge "u v"'
    )
    lines.fill("# a stalk and a triangle\n1 2\n2 3\n0-5, \n0 5\n5 6\n6 0\n")
    page.get_by_test_id("edge-editor-paste").click()
    expect(page.get_by_test_id("edge-editor-status")).to_contain_text('line 4, "0-5,"')
    lines.fill("# a stalk and a triangle\n1 2\n2 3\n0 5\n5 6\n6 0\n")
    page.get_by_test_id("edge-editor-paste").click()
    expect(page.get_by_test_id("edge-editor-status")).to_contain_text("5 edges added.")
    expect(lines).to_have_value("")
    assert editor_text(page) == "edges 0-1 0-5 0-6 1-2 2-3 5-6"
    click_edge(edge(page, "1-2"))
    status = page.get_by_test_id("edge-editor-status")
    expect(status).to_contain_text("Edge 1-2 removed.")
    expect(status).to_contain_text("1 edge does not reach the ground: it falls")
    page.get_by_test_id("edge-editor-use").click()
    expect(page.get_by_test_id("position-input")).to_have_value("edges 0-1 0-5 0-6 2-3 5-6")
    expected = server_value(page, "hackenbush", "0-1 0-5 0-6 5-6")
    assert expected["position_text"] == "edges 0-1 0-5 0-6 5-6"  # 2-3 fell
    expect(page.locator("#analyse-position")).to_have_text(expected["position_text"])
    expect(page.get_by_test_id("sg-value")).to_have_text(str(expected["grundy"]))


def test_a_digraph_is_drawn_with_its_tokens_and_edited(page):
    analyse(page, "digraph", "edges 0-1 1-2 tokens 0")
    expect(page.get_by_test_id("sg-value")).to_have_text("0")
    assert vertex(page, 0).get_attribute("data-tokens") == "1"
    join(page, 0, 2)  # an edge from 0 to 2: the token on 0 now has a move to a P-position
    expect(page.get_by_test_id("edge-editor-text")).to_have_text("edges 0-1 0-2 1-2 tokens 0")
    join(page, 2, 0)  # a cycle: said at once, and by the server when it is used
    expect(page.get_by_test_id("edge-editor-status")).to_contain_text("The graph has a cycle")
    click_edge(edge(page, "2-0"))
    page.get_by_test_id("edge-editor-mode-tokens").check()
    vertex(page, 1).click()
    vertex(page, 0).click()  # its token off
    expect(page.get_by_test_id("edge-editor-text")).to_have_text("edges 0-1 0-2 1-2 tokens 1")
    vertex(page, 2).click()
    page.get_by_test_id("edge-editor-lines").fill("2 3\n1>3")
    page.get_by_test_id("edge-editor-paste").click()
    text = "edges 0-1 0-2 1-2 1-3 2-3 tokens 1 2"
    expect(page.get_by_test_id("edge-editor-text")).to_have_text(text)
    page.get_by_test_id("edge-editor-use").click()
    expect(page.get_by_test_id("sg-value")).to_have_text(
        str(server_value(page, "digraph", text)["grundy"])
    )


def test_the_limits_are_refused_in_words(page):
    analyse(page, "hackenbush", "0-1")
    lines = "\n".join(f"0 {i}" for i in range(2, 41))  # 40 edges on 41 vertices
    page.get_by_test_id("edge-editor-lines").fill(lines)
    page.get_by_test_id("edge-editor-paste").click()
    status = page.get_by_test_id("edge-editor-status")
    expect(status).to_contain_text(
        "Nothing added: with these lines the graph would have 40 edges and 41 vertices, and "
        "the playground takes at most 60 edges and 40 vertices."
    )
    assert editor_text(page) == "edges 0-1"
    # Loops add no vertex: 60 edges on 2 vertices pass, the 61st is refused.
    page.get_by_test_id("edge-editor-lines").fill("\n".join(["1 1"] * 59))
    page.get_by_test_id("edge-editor-paste").click()
    expect(status).to_contain_text("59 edges added.")
    join(page, 0, 1)
    expect(status).to_contain_text("Not added: the playground takes at most 60 edges")
    # A position typed past the limits is refused by the server, in one line.
    page.get_by_test_id("position-input").fill(" ".join(f"0-{i}" for i in range(1, 62)))
    page.get_by_test_id("position-input").press("Enter")
    page.allowed.append("400")  # the refused request is logged by the browser
    expect(page.get_by_test_id("error")).to_contain_text(
        "the graph has 61 edges and 62 vertices; this server takes at most 60 edges and 40 vertices"
    )


def test_the_editor_is_only_for_the_graph_games(page):
    page.goto("/?game=nim&position=3 4 5&view=analyse")
    expect(page.get_by_test_id("sg-value")).to_have_text("2")
    expect(page.get_by_test_id("edge-editor-card")).to_be_hidden()


# ----------------------------------------------------------------- the boards
def test_a_hackenbush_game_is_played_to_the_end_by_cutting_edges(page):
    start(page, "hackenbush", HACKENBUSH)
    board = page.get_by_test_id("hackenbush-board")
    expect(board).to_be_visible()
    cuts = board.locator('[data-testid="hackenbush-board-edge"][role="button"]')
    expect(cuts).to_have_count(5)
    # Value 1 + 2 = 3: the stalk 0-4-5 (2) becomes 1, or the fork (1) a stalk of 2.
    winning = board.locator(".verdict-win")
    expect(winning).to_have_count(3)
    assert {w.get_attribute("data-edge") for w in winning.all()} == {"1-2", "1-3", "4-5"}
    assert edge(page, "4-5", "hackenbush-board").get_attribute("aria-label") == (
        "cut edge 4-5 (wins · g = 0)"
    )
    label = edge(page, "0-1", "hackenbush-board").get_attribute("aria-label")
    assert label.startswith("cut edge 0-1, 2 more edges fall (loses")
    assert "verdict-lose" in edge(page, "0-1", "hackenbush-board").get_attribute("class")
    shot(page, "board-hackenbush.png")
    # Pointing at the trunk marks what falls with it.
    edge(page, "0-1", "hackenbush-board").hover()
    expect(board.locator(".eg-falls")).to_have_count(2)
    result = play_on_the_board(
        page, lambda p: click_edge(best(p, '[data-testid="hackenbush-board-edge"][role="button"]'))
    )
    assert result == "You win!"
    log = page.get_by_test_id("move-log").text_content()
    assert "cut edge 1-2" in log  # the first winning cut drawn
    # Practice: no colour and no verdict words.
    start(page, "hackenbush", HACKENBUSH)
    page.get_by_test_id("show-values").uncheck()
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    label = edge(page, "4-5", "hackenbush-board").get_attribute("aria-label")
    assert label == "cut edge 4-5"


def test_a_losing_cut_leaves_the_engine_a_win(page):
    start(page, "hackenbush", "0-1 1-2")
    click_edge(edge(page, "1-2", "hackenbush-board"))  # leaves one edge: the engine cuts it
    assert status_of(page) == "The engine wins."
    assert "cut edge 1-2" in page.get_by_test_id("move-log").text_content()


def test_a_digraph_game_is_played_to_the_end_by_moving_tokens(page):
    start(page, "digraph", DIGRAPH)
    board = page.get_by_test_id("digraph-board")
    expect(board).to_be_visible()
    picks = board.locator('[data-testid="digraph-board-vertex"][role="button"]')
    expect(picks).to_have_count(2)  # the tokens on 0 and 4
    assert vertex(page, 0, "digraph-board").get_attribute("aria-label") == (
        "vertex 0, 1 token: choose a token to move (best: wins)"
    )
    vertex(page, 0, "digraph-board").click()
    expect(vertex(page, 0, "digraph-board")).to_have_attribute("aria-pressed", "true")
    targets = board.locator(".eg-target")
    expect(targets).to_have_count(2)
    assert vertex(page, 2, "digraph-board").get_attribute("aria-label") == (
        "move the token on 0 to 2 (wins · g = 0)"
    )
    shot(page, "board-digraph.png")
    vertex(page, 0, "digraph-board").press("Escape")
    expect(targets).to_have_count(0)

    def move_a_token(p) -> None:
        best(p, '[data-testid="digraph-board-vertex"].eg-pick').click()
        best(p, '[data-testid="digraph-board-vertex"].eg-target').click()

    assert play_on_the_board(page, move_a_token) == "You win!"
    assert "token 1: 0 -> 2" in page.get_by_test_id("move-log").text_content()


# ----------------------------------------------------------------- accessibility
@pytest.mark.parametrize(("game", "position"), [("hackenbush", HACKENBUSH), ("digraph", DIGRAPH)])
def test_no_serious_violation_in_the_editor_and_on_the_board(page, game, position):
    analyse(page, game, position)
    vertex(page, 1).click()  # a vertex chosen: the pressed state is checked too
    problems = [f"editor: {line}" for line in serious_violations(page)]
    start(page, game, position)
    expect(page.get_by_test_id(f"{game}-board")).to_be_visible()
    if game == "digraph":
        vertex(page, 0, "digraph-board").click()
    problems += [f"board: {line}" for line in serious_violations(page)]
    assert not problems, "axe-core found serious violations:\n" + "\n".join(problems)


def test_the_board_and_the_editor_work_from_the_keyboard(page):
    analyse(page, "hackenbush", "0-1")
    page.get_by_test_id("edge-editor-add-vertex").click()
    vertex(page, 1).focus()
    page.keyboard.press("Enter")
    expect(vertex(page, 1)).to_be_focused()  # the drawing is redrawn, the focus kept
    vertex(page, 2).focus()
    page.keyboard.press(" ")
    expect(page.get_by_test_id("edge-editor-text")).to_have_text("edges 0-1 1-2")
    start(page, "hackenbush", "0-1 1-2 0-3")
    edge(page, "1-2", "hackenbush-board").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("move-log")).to_contain_text("cut edge 1-2", timeout=TIMEOUT_MS)
