"""The playground's game picker in a real browser: titles grouped by family, each game's
rules in words, a code field that still takes any octal, hexadecimal or subtraction code,
arrow keys that wait for a commit, old links, accessibility, a phone and a desktop."""

from __future__ import annotations

import re

import pytest
import test_web_browser as shared
from test_web_browser import expect, shot

__all__: list[str] = []

pytestmark = pytest.mark.slow

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
FAMILIES = [
    "Nim family",
    "Take-and-break",
    "Coins",
    "Board games",
    "Partizan games",
    "Two-player games",
]


def api_requests(page) -> list[str]:
    """The URLs of the page's API requests from now on (games and limits aside)."""
    asked: list[str] = []
    page.on(
        "request",
        lambda r: asked.append(r.url) if "/api/" in r.url and "/api/games" not in r.url else None,
    )
    return asked


def picked_title(page) -> str:
    return page.get_by_test_id("game-select").evaluate("s => s.selectedOptions[0].textContent")


def analysed(page) -> None:
    """The analyse view has drawn its answer, without an error."""
    expect(page.get_by_test_id("outcome")).not_to_be_empty()
    expect(page.get_by_test_id("sg-value")).not_to_have_text("…")
    expect(page.get_by_test_id("options").locator("li").first).to_be_visible()
    expect(page.get_by_test_id("error")).to_be_hidden()


# ----------------------------------------------------------------- one game of each family
@pytest.mark.parametrize(
    ("family", "title", "spec", "position", "after"),
    [
        ("Nim family", "Wythoff's game", "wythoff", "4 9", "1 6"),
        ("Take-and-break", "Kayles", "kayles", "3 5", "3 1 2"),
        ("Coins", "Turning Turtles", "turning-turtles", "1 4 6", "1 2 4"),
        ("Board games", "Chomp", "chomp", "3 3 3", "3 1 1"),
        ("Partizan games", "Domineering", "domineering", "3x3", "#..|#..|..."),
        ("Two-player games", "Tic-tac-toe", "tictactoe", "", ".../.x./..."),
    ],
)
def test_picking_a_game_of_each_family_loads_its_example(
    page, family, title, spec, position, after
):
    page.goto("/?game=nim&position=3 4 5&view=analyse")
    analysed(page)
    menu = page.get_by_test_id("game-select")
    groups = menu.locator("optgroup").evaluate_all("gs => gs.map(g => g.label)")
    assert groups == FAMILIES
    exact = re.compile(f"^{re.escape(title)}$")
    option = menu.locator(f'optgroup[label="{family}"] option', has_text=exact)
    expect(option).to_have_count(1)
    menu.select_option(label=title)
    expect(page).to_have_url(re.compile(rf"game={re.escape(spec)}&"))
    assert page.get_by_test_id("position-input").input_value() == position
    analysed(page)
    # The rules' example move is one of the moves the analysis lists.
    rules = page.get_by_test_id("game-rules")
    expect(rules).to_be_visible()
    expect(page.locator(f'#panel-analyse button[data-position="{after}"]').first).to_be_visible()
    assert picked_title(page) == title
    if family != "Two-player games":
        expect(rules).to_contain_text(after)


def test_the_rules_show_in_words(page):
    page.goto("/?game=nim&position=3 4 5&view=analyse")
    analysed(page)
    rules = page.get_by_test_id("game-rules")
    expect(rules).to_have_text(re.compile(r"^Take any number of tokens.*From 3 4 5 you may leave"))
    assert picked_title(page) == "Nim"
    expect(page.get_by_label("Code")).to_have_value("nim")
    # A game with a parameter says what to type, and its code.
    page.goto("/?game=bash:5&position=12&view=analyse")
    analysed(page)
    assert picked_title(page) == "Bash (take 1 to M)"
    expect(page.get_by_test_id("game-input")).to_have_value("5")
    expect(page.locator("#game-input-label")).to_have_text("M, the most one may take")
    expect(page.get_by_test_id("game-rules")).to_contain_text("Code: bash:5.")


# ----------------------------------------------------------------- codes
@pytest.mark.parametrize(
    ("code", "title", "label"),
    [
        ("0.137", "Octal game (code)", "The code, such as 0.137 or 0.3F"),
        ("subtraction:1,3,4", "Subtraction game (take from a set)", "S, the amounts"),
        ("bash:5", "Bash (take 1 to M)", "M, the most one may take"),
    ],
)
def test_a_typed_code_loads_its_game(page, code, title, label):
    page.goto("/?game=kayles&position=3 5&view=analyse")
    analysed(page)
    field = page.get_by_test_id("game-input")
    field.fill(code)
    field.press("Enter")
    expect(page).to_have_url(re.compile(rf"game={re.escape(code)}&"))
    analysed(page)
    assert picked_title(page) == title
    expect(page.locator("#game-input-label")).to_contain_text(label)
    expect(page.get_by_test_id("game-rules")).to_contain_text(f"Code: {code}.")


def test_the_parameter_alone_changes_the_game(page):
    page.goto("/?game=bash:5&position=12&view=analyse")
    analysed(page)
    field = page.get_by_test_id("game-input")
    field.fill("7")  # M = 7: bash:7, with its example position
    field.press("Enter")
    expect(page).to_have_url(re.compile(r"game=bash:7&position=10&"))
    analysed(page)
    field.fill("squares")  # not a game's name: the parameter again, refused by the server
    page.allowed.append(r"status of 400")
    field.press("Enter")
    expect(page.get_by_test_id("error")).to_contain_text("bash")
    page.goto("/?game=subtraction:1,3,4&position=10 7&view=analyse")
    analysed(page)
    field.fill("squares")  # S = the squares
    field.press("Enter")
    expect(page).to_have_url(re.compile(r"game=subtraction:squares&"))
    analysed(page)
    field.fill("kayles")  # a game's name is a whole code
    field.press("Enter")
    expect(page).to_have_url(re.compile(r"game=kayles&position=3\+5&"))
    analysed(page)


def test_an_unknown_game_is_said_in_words(page):
    page.goto("/?game=nim&position=3 4 5&view=analyse")
    analysed(page)
    asked = api_requests(page)
    field = page.get_by_test_id("game-input")
    field.fill("chess")
    field.press("Enter")
    note = page.get_by_test_id("game-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text('"chess" is not a game the playground knows')
    expect(field).to_be_focused()
    assert "game=nim" in page.url
    assert not [url for url in asked if "chess" in url], asked
    field.fill("0.07")  # a good code clears the note
    field.press("Enter")
    expect(page).to_have_url(re.compile(r"game=0\.07&"))
    expect(note).to_be_hidden()
    analysed(page)


def test_another_game_takes_a_whole_code(page):
    page.goto("/?game=bash:5&position=12&view=analyse")
    analysed(page)
    page.get_by_test_id("game-select").select_option(label="Another game: type its code")
    field = page.get_by_test_id("game-input")
    expect(field).to_be_focused()
    expect(field).to_have_value("bash:5")
    expect(page.locator("#game-input-label")).to_have_text("Code")
    assert "game=bash:5" in page.url
    field.fill("0.3F")  # hexadecimal
    field.press("Enter")
    expect(page).to_have_url(re.compile(r"game=0\.3F&"))
    analysed(page)


# ----------------------------------------------------------------- keyboard
def test_arrow_keys_on_the_picker_wait_for_a_commit(page):
    page.goto("/?game=kayles&position=3 5&view=analyse")
    analysed(page)
    asked = api_requests(page)
    menu = page.get_by_test_id("game-select")
    menu.focus()
    for _ in range(3):
        menu.press("ArrowDown")  # Dawson's Kayles, Grundy's game, the octal codes
    assert menu.input_value() == "0.137"
    assert picked_title(page) == "Octal game (code)"
    assert "game=kayles" in page.url
    menu.press("Escape")  # gives the choice up
    assert menu.input_value() == "kayles"
    menu.press("ArrowDown")
    menu.press("ArrowDown")  # Grundy's game
    assert not [url for url in asked if "game=" in url and "kayles" not in url], asked
    menu.press("Enter")
    expect(page).to_have_url(re.compile(r"game=grundys-game&position=8\+3&"))
    analysed(page)
    assert not [url for url in asked if "dawson" in url or "0.137" in url], asked
    # Leaving the picker commits too.
    menu.focus()
    menu.press("ArrowUp")  # Dawson's Kayles
    page.get_by_test_id("position-input").focus()
    expect(page).to_have_url(re.compile(r"game=dawson&"))
    analysed(page)


# ----------------------------------------------------------------- old links
def test_an_old_link_still_works(page):
    page.goto("/?game=kayles&position=3 5")
    analysed(page)
    assert picked_title(page) == "Kayles"
    expect(page.get_by_test_id("position-input")).to_have_value("3 5")
    expect(page.get_by_test_id("game-input")).to_have_value("kayles")
    expect(page.get_by_test_id("game-rules")).to_contain_text("pins")
    page.goto("/?game=subtraction:1,3,4&position=10 7&view=sequence&upto=30")
    expect(page.get_by_test_id("sequence-table").locator("tbody tr")).not_to_have_count(0)
    assert picked_title(page) == "Subtraction game (take from a set)"
    expect(page.get_by_test_id("game-input")).to_have_value("1,3,4")


# ----------------------------------------------------------------- accessibility and looks
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", ["nim", "bash:5", "tictactoe"])
def test_no_serious_violation_in_the_header(page, game, size):
    axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")
    page.set_viewport_size(size)
    page.goto(f"/?game={game}&view=analyse")
    analysed(page)
    results = axe_sync.Axe().run(page, context="header").response
    serious = [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert not serious, serious


def test_picker_on_a_phone(page):
    page.set_viewport_size(PHONE)
    page.goto("/?game=subtraction:1,3,4&position=10 7&view=analyse")
    analysed(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"
    for testid in ("game-select", "game-input"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box["height"] >= 44 - 0.01 and box["x"] + box["width"] <= PHONE["width"], box
    expect(page.get_by_test_id("game-rules")).to_be_in_viewport()
    shot(page, "picker-phone.png")


def test_picker_on_a_desktop(page):
    page.set_viewport_size(DESKTOP)
    page.goto("/?game=0.137&position=6 9&view=analyse")
    analysed(page)
    select, field = page.get_by_test_id("game-select"), page.get_by_test_id("game-input")
    # One row: the picker, the code field and the position.
    assert abs(select.bounding_box()["y"] - field.bounding_box()["y"]) < 2
    shot(page, "picker-desktop.png")
