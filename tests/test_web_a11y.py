"""Accessibility of the playground in a real browser: axe-core (bundled by the
axe-playwright-python package, injected into the page: nothing is fetched) finds no
serious violation in any view, on a desktop and on a phone; the focus ring stands out;
on a phone the board comes first and its buttons are 44 px tap targets; the keyboard
reaches the tabs and moves between them with the arrow keys; and the page loads nothing
from outside the server."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
import test_web_browser as shared
from test_web_browser import TIMEOUT_MS, expect, status_of

__all__: list[str] = []

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

pytestmark = pytest.mark.slow

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
VIEWS = ("analyse", "play", "sequence", "graph")
# A heap game that splits heaps, one that does not, a two-player game, and misère play.
GAMES = {
    "nim": "game=nim&position=3 4 5",
    "kayles": "game=kayles&position=3 5",
    "tictactoe": "game=tictactoe&position=",
    "nim-misere": "game=nim&position=3 4 5&misere=1",
}
SERIOUS = {"serious", "critical"}
TAP_PX = 44  # WCAG 2.5.5's target size
AXE = axe_sync.Axe()


# ----------------------------------------------------------------- helpers
def open_view(page, query: str, view: str) -> bool:
    """Show `view` for the game of `query`, its content drawn; False if the game has no such
    view (its tab is hidden). The play view is started, and one move played when it can be."""
    page.goto(f"/?{query}&view={view}")
    # The tabs are settled once the catalog has loaded: the view's tab is then either
    # selected or hidden (a game without that view). Asked before, a hidden tab looks shown.
    page.wait_for_function(
        """id => { const tab = document.querySelector(`[data-testid="view-${id}"]`);
                   return tab.hidden || tab.getAttribute("aria-selected") === "true"; }""",
        arg=view,
    )
    if view != "analyse" and page.get_by_test_id(f"view-{view}").is_hidden():
        return False
    expect(page.get_by_test_id(f"view-{view}")).to_have_attribute("aria-selected", "true")
    if view == "analyse":
        expect(page.get_by_test_id("outcome")).not_to_be_empty()
        expect(page.get_by_test_id("options").locator("li").first).to_be_visible()
    elif view == "play":
        page.get_by_test_id("play-start").click()
        assert status_of(page) == "Your move"
        # One move and the engine's answer: the log, the verdicts and the engine's move show.
        page.get_by_test_id("move-list").locator("button").first.click()
        status_of(page)
    elif view == "sequence":
        expect(page.get_by_test_id("period-caption")).not_to_be_empty()
        expect(page.get_by_test_id("sequence-table").locator("tbody tr").first).to_be_visible()
    else:
        expect(page.get_by_test_id("graph-node").first).to_be_visible()
    return True


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line per element."""
    results = AXE.run(page).response
    found = []
    for violation in results["violations"]:
        if violation["impact"] not in SERIOUS:
            continue
        for node in violation["nodes"]:
            why = [check["message"] for key in ("any", "all", "none") for check in node[key]]
            found.append(
                f"{violation['id']} ({violation['impact']}) at {', '.join(node['target'])}: "
                f"{node['html'][:120]} -- {'; '.join(why)[:300]}"
            )
    return found


# The focused element's outline and the colour behind it (the first opaque background
# of its ancestors, as the ring is drawn outside the element), and its WCAG contrast.
FOCUS_RING = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.dataset.a11yStop) return { again: true };
  el.dataset.a11yStop = "1";
  const rgba = (text) => {
    const m = /rgba?\\(([^)]*)\\)/.exec(text);
    if (!m) return null;
    const p = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const lum = ([r, g, b]) => {
    const lin = (c) => (c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  let back = [255, 255, 255, 1];
  for (let up = el.parentElement; up; up = up.parentElement) {
    const c = rgba(getComputedStyle(up).backgroundColor);
    if (c && c[3] > 0) {
      back = c.map((v, i) => (i < 3 ? v * c[3] + 255 * (1 - c[3]) : 1));
      break;
    }
  }
  const style = getComputedStyle(el);
  const ring = rgba(style.outlineColor);
  const [hi, lo] = [lum(ring), lum(back)].sort((x, y) => y - x);
  const name = el.id || el.dataset.testid || el.getAttribute("aria-label") || el.textContent;
  return {
    element: `${el.tagName.toLowerCase()} ${String(name).trim().slice(0, 60)}`,
    style: style.outlineStyle,
    width: parseFloat(style.outlineWidth),
    ratio: (hi + 0.05) / (lo + 0.05),
  };
}"""


def tab_through(page, limit: int = 150) -> list[dict]:
    """Press Tab until the focus comes back round to a stop seen (or `limit` presses):
    each focus stop once (the focus leaves the page for a press between the last and the
    first)."""
    stops: list[dict] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = page.evaluate(FOCUS_RING)
        if stop is not None and stop.get("again"):
            break
        if stop is not None:
            stops.append(stop)
    return stops


def buttons_in(page, selector: str) -> list[dict]:
    """The visible buttons in `selector`: their name and bounding box."""
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(`${selector} button`)]
             .filter((b) => b.getClientRects().length)
             .map((b) => { const r = b.getBoundingClientRect();
                           return { name: b.getAttribute("aria-label") || b.textContent.trim(),
                                    width: r.width, height: r.height }; })""",
        selector,
    )


def assert_tap_targets(page) -> None:
    buttons = buttons_in(page, "#move-list") + buttons_in(page, "#heaps")
    assert buttons, "no move button to tap"
    small = [b for b in buttons if b["width"] < TAP_PX - 0.01 or b["height"] < TAP_PX - 0.01]
    assert not small, f"tap targets under {TAP_PX}x{TAP_PX} px: {small}"


# ----------------------------------------------------------------- axe-core, every view
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", list(GAMES))
def test_no_serious_violation_in_any_view(page, game, size):
    page.set_viewport_size(size)
    checked = []
    problems = []
    for view in VIEWS:
        if not open_view(page, GAMES[game], view):
            continue
        checked.append(view)
        problems += [f"{view}: {line}" for line in serious_violations(page)]
        if view == "play" and size == PHONE:
            assert_tap_targets(page)
            board = page.locator("#play-panel-moves > *", has=page.locator("#heaps")).bounding_box()
            moves = page.locator("#play-panel-moves > *", has=page.locator("#move-list"))
            assert board["y"] + board["height"] <= moves.bounding_box()["y"], "board not first"
            asks = page.locator("#heaps button.token.ask")
            if asks.count():  # a middle Kayles pin asks how many to take: tap targets too
                asks.first.click()
                expect(page.get_by_test_id("take-choice")).to_be_visible()
                assert_tap_targets(page)
                problems += [f"{view}, asking: {line}" for line in serious_violations(page)]
                page.keyboard.press("Escape")
    assert checked[:2] == ["analyse", "play"]
    assert not problems, "axe-core found serious violations:\n" + "\n".join(problems)


# ----------------------------------------------------------------- focus and keyboard
@pytest.mark.parametrize("game", ["nim", "tictactoe"])
def test_every_focus_stop_has_a_ring_that_stands_out(page, game):
    page.set_viewport_size(DESKTOP)
    weak = []
    for view in VIEWS:
        if not open_view(page, GAMES[game], view):
            continue
        stops = tab_through(page)
        assert len(stops) >= 8, f"{view}: only {len(stops)} focus stops"
        weak += [
            f"{view}: {stop}"
            for stop in stops
            if stop["style"] == "none" or stop["width"] < 2 or stop["ratio"] < 3
        ]
    assert not weak, "focus rings missing, thinner than 2 px or under 3:1:\n" + "\n".join(weak)


def test_tab_reaches_the_tabs_and_arrows_move_between_them(page):
    page.set_viewport_size(DESKTOP)
    page.goto("/?game=nim&position=3 4 5&view=analyse")
    expect(page.get_by_test_id("outcome")).not_to_be_empty()
    analyse, play = page.get_by_test_id("view-analyse"), page.get_by_test_id("view-play")
    sequence, graph = page.get_by_test_id("view-sequence"), page.get_by_test_id("view-graph")
    # One Tab stop for the tab list: the selected tab (a roving tabindex).
    for tab, index in [(analyse, "0"), (play, "-1"), (sequence, "-1"), (graph, "-1")]:
        expect(tab).to_have_attribute("tabindex", index)
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('role')") == "tab":
            break
    expect(analyse).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(play).to_be_focused()
    expect(play).to_have_attribute("aria-selected", "true")
    expect(analyse).to_have_attribute("aria-selected", "false")
    expect(page.locator("#panel-play")).to_be_visible()
    expect(play).to_have_attribute("tabindex", "0")
    expect(analyse).to_have_attribute("tabindex", "-1")
    page.keyboard.press("ArrowLeft")
    expect(analyse).to_be_focused()
    expect(page.locator("#panel-analyse")).to_be_visible()
    page.keyboard.press("ArrowLeft")  # wraps round to the last tab
    expect(graph).to_be_focused()
    expect(page.get_by_test_id("graph-node").first).to_be_visible()
    page.keyboard.press("Home")
    expect(analyse).to_be_focused()
    page.keyboard.press("End")
    expect(graph).to_have_attribute("aria-selected", "true")
    assert "view=graph" in page.url
    # The graph's nodes are focusable: Tab is pressed once they are drawn, else it may
    # leave the tab before they exist and Shift+Tab come back to a node instead.
    expect(page.get_by_test_id("graph-node").first).to_be_visible()
    # Tab leaves the tab list for the view's content, Shift+Tab comes back to its tab.
    page.keyboard.press("Tab")
    expect(graph).not_to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(graph).to_be_focused()
    # A two-player game has no sequence or graph: the arrows skip their hidden tabs.
    page.goto("/?game=tictactoe&position=&view=analyse")
    expect(page.get_by_test_id("outcome")).not_to_be_empty()
    analyse.focus()
    page.keyboard.press("ArrowRight")
    expect(play).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(analyse).to_be_focused()


def test_focus_moves_to_the_next_move_after_a_keyboard_move(page):
    page.set_viewport_size(PHONE)
    page.goto("/?game=nim&position=3 4 5&view=play&first=me")
    page.get_by_test_id("play-start").click()
    assert status_of(page) == "Your move"
    first = page.get_by_test_id("move-list").locator("button").first
    first.focus()
    page.keyboard.press("Enter")
    assert status_of(page) == "Your move"
    assert "engine:" in page.get_by_test_id("move-log").text_content()
    expect(page.get_by_test_id("move-list").locator("button").first).to_be_focused(
        timeout=TIMEOUT_MS
    )


# ----------------------------------------------------------------- nothing from outside
def test_the_page_loads_nothing_from_outside_the_server(page, live_server):
    origin = urlsplit(live_server)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    for query in (GAMES["nim"], GAMES["tictactoe"]):
        for view in VIEWS:
            open_view(page, query, view)
    outside = [
        url
        for url in requested
        if not url.startswith("data:")
        and (urlsplit(url).scheme, urlsplit(url).netloc) != (origin.scheme, origin.netloc)
    ]
    assert not outside, f"requests outside {live_server}: {outside}"
    paths = {urlsplit(url).path for url in requested}
    assert {"/", "/static/main.js", "/static/style.css", "/api/games"} <= paths
