"""Loopy games in the playground's page, in a real browser: a game typed in CGSuite's
notation (the picker's "A game in CGSuite's notation") analysed, short or loopy, by the
keyboard alone and by clicking its examples and options; refusals in one line; a phone
(no sideways scrolling, 44 px targets) and axe-core (the API: test_web_loopy.py)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
import test_web_browser as shared
from test_web_browser import expect, shot

from grundy.app.partizan_reports import expression_report
from grundy.core.errors import GrundyError

__all__: list[str] = []

pytestmark = pytest.mark.slow

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
NHAT_WORDS = "N̂ (NHat): Left wins moving first; Right moving first, it is a draw"


def analysed(page, expression: str) -> None:
    """Open Analyse for `expression` and wait for its value."""
    page.goto(f"/?game=cgt&position={quote(expression)}&view=analyse")
    expect(page.get_by_test_id("outcome")).to_have_attribute("data-outcome", re.compile(".+"))
    expect(page.get_by_test_id("error")).to_be_hidden()


def press_tab_until(page, test: str, limit: int = 80) -> None:
    """Press Tab until `test` (a JavaScript expression of `el`, the focused element) holds."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(() => {{ const el = document.activeElement; return {test}; }})()"):
            return
    pytest.fail(f"Tab never reached an element where {test}")


def test_a_loopy_game_typed_and_analysed_with_the_keyboard_alone(page):
    page.set_viewport_size(DESKTOP)
    page.goto("/?game=nim&position=3 4 5&view=analyse")
    expect(page.get_by_test_id("sg-value")).to_have_text("2")
    # The picker, by the keyboard: its entry for CGSuite's notation is the one before
    # "Another game"; Enter loads it, with its example {0|pass}.
    press_tab_until(page, "el.id === 'game-select'")
    page.keyboard.press("End")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"\?game=cgt&position=%7B0%7Cpass%7D&view=analyse$"))
    expect(page.get_by_test_id("sg-value")).to_have_text("over")
    expect(page.get_by_test_id("outcome")).to_have_text("L: Left wins, whoever moves first")
    expect(page.get_by_test_id("degree")).to_have_text("over")
    # Play, Sequence and Graph have nothing to show for a value typed: their tabs are hidden.
    for view in ("play", "sequence", "graph"):
        expect(page.get_by_test_id(f"view-{view}")).to_be_hidden()
    expect(page.locator("#misere-field")).to_be_hidden()
    expect(page.locator("#position-label")).to_have_text("Game (CGSuite's notation)")
    # Type a game whose value is given by its sides, then Enter.
    press_tab_until(page, "el.id === 'position-input'")
    page.keyboard.press("Control+A")
    page.keyboard.type("a{0|{a|*}}")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("sg-value")).to_have_text("1 & *")
    expect(page.get_by_test_id("outcome")).to_have_text(NHAT_WORDS)
    expect(page.get_by_test_id("onside")).to_have_text("1 (endless play won by Left)")
    expect(page.get_by_test_id("offside")).to_have_text("* (endless play won by Right)")
    expect(page.get_by_test_id("degree")).to_have_count(0)
    shot(page, "loopy-analyse.png")
    # An example, reached by Tab and played by Enter: on + off, a draw whoever starts.
    press_tab_until(page, "el.dataset.game === 'on + off'")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("sg-value")).to_have_text("dud")
    expect(page.get_by_test_id("outcome")).to_have_text(
        "D: a draw, whoever moves first: perfect play goes on for ever"
    )
    expect(page.get_by_test_id("outcome")).to_have_attribute("data-outcome", "D")
    # A side, by the keyboard too: the onside of dud is on.
    press_tab_until(page, "el.dataset.position === 'on'")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("sg-value")).to_have_text("on")
    expect(page.get_by_test_id("stops")).to_have_text("Left on, Right on")
    # Back goes to the game typed before.
    page.go_back()
    expect(page.get_by_test_id("sg-value")).to_have_text("dud")


def test_the_examples_explain_stoppers_and_sides(page):
    page.set_viewport_size(DESKTOP)
    analysed(page, "on")
    card = page.get_by_test_id("cgt-card")
    expect(card).to_contain_text("the game is a stopper")
    expect(card).to_contain_text("onside & offside")
    expect(card).to_contain_text("“Loopy partizan games”")
    examples = page.get_by_test_id("cgt-examples").locator("button")
    assert [e.get_attribute("data-game") for e in examples.all()] == [
        "on",
        "over",
        "upon",
        "a{0|a}",
        "on + off",
        "a{0|{a|*}}",
        "upon + *",
        "{1|*}",
    ]
    shown = {
        "on": ("on", "L"),
        "over": ("over", "L"),
        "upon": ("^[on]", "L"),  # CGSuite's GameTest: upon = ^[on]
        "a{0|a}": ("over", "L"),
        "on + off": ("dud", "D"),
        "a{0|{a|*}}": ("1 & *", "NHat"),
        "upon + *": ("^[on]*", "N"),
        "{1|*}": ("{1|*}", "L"),
    }
    for text, (value, outcome) in shown.items():
        examples.filter(has=page.locator(f'code:text-is("{text}")')).click()
        expect(page.get_by_test_id("sg-value")).to_have_text(value)
        expect(page.get_by_test_id("outcome")).to_have_attribute("data-outcome", outcome)
        expect(page.locator("#analyse-position")).to_have_text(text)
    # The last, a short game: its canonical form and thermograph, as CGSuite gives them.
    expect(page.get_by_test_id("thermograph-svg")).to_be_visible()
    expect(page.get_by_test_id("temperature")).to_contain_text("1/2")
    # upon's options, clicked: Left's goes back to upon itself, Right's to *.
    page.get_by_test_id("cgt-examples").locator('[data-game="upon"]').click()
    expect(page.get_by_test_id("degree")).to_have_text("^<on>")
    expect(page.get_by_test_id("thermograph-card")).to_be_hidden()
    options = page.get_by_test_id("options").locator("button")
    assert [b.get_attribute("data-position") for b in options.all()] == ["^[on]", "*"]
    options.last.click()
    expect(page.get_by_test_id("sg-value")).to_have_text("*")
    expect(page.get_by_test_id("outcome")).to_have_text("N: the first player wins, Left or Right")


def test_sums_and_sides_as_typed(page):
    analysed(page, "upon - upon")
    expect(page.get_by_test_id("sg-value")).to_have_text("^<on> & v<on>")
    expect(page.get_by_test_id("outcome")).to_have_attribute("data-outcome", "D")
    expect(page.locator("#options-title")).to_have_text("Its sides")
    sides = page.get_by_test_id("options").locator("button")
    assert [b.get_attribute("data-position") for b in sides.all()] == ["^<on>", "v<on>"]
    analysed(page, "{on||0|-1/2} & {1/2|0||off}")  # Backsliding Toads and Frogs ttt..fff
    expect(page.get_by_test_id("sg-value")).to_have_text("{on||0|-1/2} & {1/2|0||off}")
    expect(page.get_by_test_id("onside")).to_contain_text("{on||0|-1/2}")


def refusal(text: str) -> str:
    """The one line the library refuses `text` with (what the page must show)."""
    with pytest.raises(GrundyError) as refused:
        expression_report(text)
    return str(refused.value)


def test_refusals_and_limits_are_one_line_in_the_page(page):
    page.allowed.append(r"status of 400")  # the browser logs refused requests
    page.goto("/?game=cgt&position=" + quote("{0|pass") + "&view=analyse")
    box = page.get_by_test_id("error")
    expect(box).to_have_text(refusal("{0|pass"))  # the server's line, as it is
    expect(box).to_contain_text("is not closed")
    assert box.get_attribute("role") == "alert"
    big = "+-{5|pass} + +-{3|pass} + +-{1|pass} + +-{7|pass}"
    page.goto(f"/?game=cgt&position={quote(big)}&view=analyse")
    expect(box).to_contain_text("more than 1,000,000 (the limit of this server)")
    assert "\n" not in box.text_content() and "Traceback" not in box.text_content()
    expect(page.get_by_test_id("sg-value")).to_have_text("—")
    # A degree past the limit is said in its place; the value is still given.
    analysed(page, "{pass|40}")
    expect(page.get_by_test_id("sg-value")).to_have_text("40under")
    expect(page.get_by_test_id("degree")).to_have_text(
        "not computed: G - G has 1,764 positions: comparing them pairwise takes 6,223,392 "
        "states, more than 1,000,000 (the limit of this server)"
    )
    expect(box).to_be_hidden()


def test_a_phone_shows_loopy_games_without_sideways_scrolling(page):
    page.set_viewport_size(PHONE)
    for expression in ("a{0|{a|*}}", "{on||0|-1/2} & {1/2|0||off}", "{pass|40}", "{3||2*|1*}"):
        analysed(page, expression)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{expression}: the page scrolls sideways: {width} px"
    for button in page.get_by_test_id("cgt-examples").locator("button").all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    shot(page, "loopy-analyse-phone.png")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_axe_finds_no_serious_violation(page, size):
    pytest.importorskip("axe_playwright_python.sync_playwright")
    from test_web_a11y import serious_violations

    page.set_viewport_size(size)
    problems = []
    for expression in ("a{0|{a|*}}", "upon + *", "{2|-1/2}"):
        analysed(page, expression)
        problems += [f"{expression}: {line}" for line in serious_violations(page)]
    assert not problems, "axe-core found serious violations:\n" + "\n".join(problems)
