"""The Analyse view in misère play, in a real browser: a sum of heaps of Kayles or Dawson's
Kayles is answered through the game's misère quotient (the element the heaps make, in the
P-portion or not, its exponents raised), with the outcome and winning moves of a search;
a game without a quotient says how its outcome was found; on a desktop and on a phone."""

from __future__ import annotations

import pytest
import test_web_browser as shared
from test_web_browser import TIMEOUT_MS, expect, shot

from grundy.app import registry

__all__: list[str] = []

pytestmark = pytest.mark.slow

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page


def analyse_misere(page, game: str, position: str) -> None:
    page.goto(f"/?game={game}&position={position}&misere=1&view=analyse")
    expect(page.get_by_test_id("misere-input")).to_be_checked()
    expect(page.get_by_test_id("outcome")).not_to_be_empty(timeout=TIMEOUT_MS)


def searched_winning_moves(game: str, heaps: tuple[int, ...]) -> set[str]:
    """The winning moves of misère play by a search of the rules, as the page's positions."""
    rules = registry.find(game)
    return {rules.format_position(m) for m in rules.winning_moves(heaps, misere=True)}


def winning_positions(page) -> set[str]:
    buttons = page.get_by_test_id("winning-moves").locator("button")
    return {b.get_attribute("data-position") for b in buttons.all()}


def test_kayles_shows_the_quotient_element_outcome_and_winning_moves(page):
    analyse_misere(page, "kayles", "2 5 7")
    reason = page.get_by_test_id("reason")
    expect(reason).to_have_text(
        "misère quotient (heaps ≤ 7, order 12): the heaps make b²c, "
        "not in the P-portion {a, b², ac}"
    )
    expect(page.get_by_test_id("misere-element")).to_have_text("b²c")
    expect(page.get_by_test_id("misere-method")).to_contain_text("the misère quotient")
    expect(page.get_by_test_id("outcome")).to_have_text("N: the player to move wins")
    expect(page.get_by_test_id("sg-value")).to_have_text("—")
    expect(page.get_by_test_id("winning-moves").locator("button")).to_have_count(1)
    assert winning_positions(page) == searched_winning_moves("kayles", (2, 5, 7))
    expect(page.get_by_test_id("moves-left")).to_be_visible()
    shot(page, "analyse-misere-kayles.png")
    # The winning move leaves a P-position: its element is in the P-portion.
    page.get_by_test_id("winning-moves").locator("button").first.click()
    expect(reason).to_contain_text("the heaps make b², in the P-portion {a, b², ac}")
    expect(page.get_by_test_id("outcome")).to_have_text("P: the previous player wins")
    expect(page.get_by_test_id("winning-moves")).to_contain_text("None: every move leaves")


def test_dawsons_kayles_by_its_code_then_normal_play(page):
    analyse_misere(page, "0.07", "4 4 6")
    expect(page.get_by_test_id("reason")).to_have_text(
        "misère quotient (heaps ≤ 6, order 6): the heaps make ab, not in the P-portion {a, b²}"
    )
    expect(page.get_by_test_id("outcome")).to_have_text("N: the player to move wins")
    expect(page.get_by_test_id("winning-moves").locator("button")).to_have_count(3)
    assert winning_positions(page) == searched_winning_moves("0.07", (4, 4, 6))
    # Switched to normal play, the quotient and its method line go.
    page.get_by_test_id("misere-input").click()
    expect(page.get_by_test_id("sg-value")).to_have_text(
        str(registry.find("0.07").grundy((4, 4, 6)))
    )
    expect(page.get_by_test_id("reason")).not_to_contain_text("misère")
    expect(page.get_by_test_id("misere-method")).to_be_hidden()


@pytest.mark.parametrize(
    ("game", "position", "method"),
    [
        ("wythoff", "3 5", "a search of the moves from here"),
        ("nim", "1 1 2", "the game's own misère rule"),
    ],
)
def test_a_game_without_a_quotient_says_how_it_was_answered(page, game, position, method):
    analyse_misere(page, game, position)
    expect(page.get_by_test_id("misere-method")).to_contain_text(method)
    expect(page.get_by_test_id("reason")).not_to_be_empty()
    expect(page.get_by_test_id("reason")).not_to_contain_text("quotient")
    assert page.get_by_test_id("misere-element").count() == 0


def test_the_quotient_reason_fits_a_phone(page):
    page.set_viewport_size({"width": 390, "height": 844})
    analyse_misere(page, "kayles", "1 2 5")
    expect(page.get_by_test_id("misere-element")).to_have_text("abc")
    expect(page.get_by_test_id("reason")).to_contain_text("not in the P-portion {a, b², ac}")
    expect(page.get_by_test_id("misere-method")).to_be_visible()
    assert winning_positions(page) == searched_winning_moves("kayles", (1, 2, 5))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width} px"
    shot(page, "analyse-misere-kayles-phone.png")
