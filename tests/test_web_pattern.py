"""Find the pattern in the playground (/api/pattern): the formulas of Bash, Nim and Lieges
of Legendre with their status, Wythoff's P-positions, exact answers at huge indices, the
server's limits and refusals; then the sequence view's "Find the pattern" card in a real
browser (the formula, its badge, an exact answer), on a desktop and on a phone, with
axe-core on the results."""

from __future__ import annotations

import functools
import json
import re

import pytest
from conftest import naive_mex

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402
from test_web_api import refused  # noqa: E402

from grundy.cli import main  # noqa: E402
from grundy.web import compute, create_app, pattern_search  # noqa: E402
from grundy.web.compute import LIMITS  # noqa: E402

try:  # the browser tests need playwright and Chromium; the API tests do not
    import test_web_browser as shared
except pytest.skip.Exception:
    shared = None


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=2, budget=20.0)) as test_client:
        yield test_client


def pattern(client, **params) -> dict:
    answer = client.get("/api/pattern", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


@functools.cache
def wythoff(a: int, b: int) -> int:
    """Wythoff's game by its rules: take from one heap, or the same from both."""
    options = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
    options += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
    return naive_mex(wythoff(*o) for o in options)


# ----------------------------------------------------------------- what is found
def test_bash_3_is_n_mod_4_proved(client, capsys):
    report = pattern(client, game="bash:3", upto=64)
    best = report["patterns"][0]
    assert (best["formula"], best["status"]) == ("n % 4", "proved")
    assert best["theorem"] and best["checked"] == "0 ≤ n < 64" and best["failure"] is None
    assert report["values"] == [n % 4 for n in range(64)]
    assert report["region"] == "0 ≤ n < 64" and report["variables"] == ["n"]
    assert "at" not in report  # only when asked
    # The command line's keys and first pattern (its search is bounded differently).
    with pytest.raises(SystemExit) as stop:
        main(["pattern", "bash:3", "--upto", "64", "--json"])
    assert stop.value.code == 0
    cli = json.loads(capsys.readouterr().out)
    assert sorted(cli) == sorted(report)
    assert cli["patterns"][0] == best


def test_two_nim_heaps_are_bouton(client):
    report = pattern(client, game="nim", dims=2, upto=16)
    assert report["variables"] == ["a", "b"] and report["start"] == [0, 0]
    assert report["values"] == [[a ^ b for b in range(16)] for a in range(16)]
    best = report["patterns"][0]
    assert (best["formula"], best["status"], best["theorem"]) == (
        "a ^ b",
        "proved",
        "Bouton's theorem",
    )
    assert [p["text"] for p in report["p_positions"]] == ["a == b"]


def test_wythoff_2d_gives_the_beatty_p_positions(client):
    report = pattern(client, game="wythoff", dims=2)  # the default: 24 along each side
    assert report["region"] == "0 ≤ a < 24, 0 ≤ b < 24"
    assert report["values"] == [[wythoff(a, b) for b in range(24)] for a in range(24)]
    kinds = {rule["kind"]: rule["text"] for rule in report["p_positions"]}
    assert "⌊kφ⌋" in kinds["beatty"] and "⌊kφ²⌋" in kinds["beatty"], kinds
    assert report["rows"][0]["text"].startswith("row a = 0:")
    assert report["patterns"] == [] and report["message"].startswith("no pattern found")


def test_an_arithmetic_period_is_verified_not_proved(client):
    report = pattern(client, game="allbut:2,3,7", upto=64)
    best = report["patterns"][0]
    assert best["status"] == "verified" and best["checked"] == "0 ≤ n < 64", best
    assert best["theorem"] is None
    answer = pattern(client, game="allbut:2,3,7", upto=64, at="10" * 20)["at"]
    assert answer["conjectural"] is True and answer["indices"] == ["10" * 20]


# ----------------------------------------------------------------- exact answers
def test_at_a_19_digit_index_is_a_string(client):
    n = 1_234_567_890_123_456_789  # 19 digits: past 2^53
    answer = client.get("/api/pattern", params={"game": "nim", "upto": 32, "at": str(n)})
    assert answer.status_code == 200, answer.text
    # In the JSON text itself a string: a double would round it.
    assert f'"at":{{"indices":["{n}"],"value":"{n}","conjectural":false}}' in answer.text
    bash = pattern(client, game="bash:3", upto=32, at=f"{n}")["at"]
    assert bash == {"indices": [str(n)], "value": n % 4, "conjectural": False}


def test_at_two_huge_indices_in_2d(client):
    a, b = 10**40 + 7, 3**90
    answer = pattern(client, game="nim", dims=2, upto=8, at=f"{a},{b}")["at"]
    assert answer == {"indices": [str(a), str(b)], "value": str(a ^ b), "conjectural": False}


def test_an_answer_reuses_the_worker_s_search():
    pattern_search._pattern_search.cache_clear()
    compute.pattern("bash:3", upto=20)
    for n in ("5", "6", "7"):
        assert compute.pattern("bash:3", upto=20, at=n)["at"]["value"] == int(n) % 4
    info = pattern_search._pattern_search.cache_info()
    assert (info.misses, info.hits) == (1, 3)


# ----------------------------------------------------------------- limits and refusals
@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"game": "nim", "dims": 3}, "dims 3 is not 1"),
        ({"game": "nim", "dims": 0}, "dims 0 is not 1"),
        ({"game": "nim", "upto": 1}, "upto 1 is not from 2 to"),
        ({"game": "nim", "upto": LIMITS["max_pattern_upto"] + 1}, "257 is not from 2 to"),
        ({"game": "wythoff", "dims": 2, "upto": 33}, "upto 33 is not from 2 to this server's 32"),
        ({"game": "nim", "at": "3,4"}, "at needs 1 index (n), got 2"),
        ({"game": "nim", "dims": 2, "at": "3"}, "at needs 2 indices (a, b), got 1"),
        ({"game": "nim", "at": "-3"}, "is not a whole number"),
        ({"game": "nim", "at": "1e9"}, "is not a whole number"),
        ({"game": "tictactoe"}, "two-player game"),
        ({"game": "no-such-game"}, "unknown game"),
    ],
)
def test_bad_input_is_refused_in_one_line(client, params, words):
    detail = refused(client.get("/api/pattern", params=params))
    assert words in detail and "\n" not in detail, detail


def test_no_pattern_means_no_answer(client):
    detail = refused(client.get("/api/pattern", params={"game": "grundys-game", "at": "9"}))
    assert "no pattern was found, so there is no answer by a pattern" in detail


def test_the_limits_are_served(client):
    served = client.get("/api/limits").json()
    for key in ("max_pattern_upto", "max_pattern_upto2d", "pattern_seconds"):
        assert served[key] == LIMITS[key]
    assert (LIMITS["max_pattern_upto"], LIMITS["max_pattern_upto2d"]) == (256, 32)
    assert "/api/pattern" in client.get("/openapi.json").json()["paths"]


# ----------------------------------------------------------------- in a real browser
if shared is not None:
    from test_web_browser import expect, shot

    browser = shared.browser
    page = shared.page

browser_test = pytest.mark.skipif(shared is None, reason="needs playwright")


def open_sequence(page, query: str) -> None:
    page.goto(f"/?{query}&view=sequence")
    expect(page.get_by_test_id("pattern-card")).to_be_visible()


@pytest.mark.slow
@browser_test
def test_find_the_pattern_of_bash_then_a_huge_n(page):
    open_sequence(page, "game=bash:3&position=10")
    button = page.get_by_role("button", name=re.compile(r"^Find the pattern of g\(n\)"))
    button.focus()
    page.keyboard.press("Enter")  # usable from the keyboard
    formulas = page.get_by_test_id("pattern-formula")
    expect(formulas.first).to_have_text("G(n) = n % 4")
    first = page.get_by_test_id("pattern-list").locator("li").first
    expect(first.get_by_test_id("pattern-status")).to_have_text("proved")
    expect(first).to_contain_text("by Bash")
    expect(page.get_by_test_id("pattern-summary")).to_contain_text("found on 0 ≤ n < 101")
    n = "98765432109876543210987654321"  # 29 digits: as a double it would round
    page.get_by_label("answer n =").fill(n)
    page.get_by_label("answer n =").press("Enter")
    expect(page.get_by_test_id("pattern-value")).to_have_text(f"G({n}) = {int(n) % 4}")
    expect(page.get_by_test_id("pattern-answer-status")).to_have_text("proved")
    # A typo is said in the card, not sent.
    page.get_by_label("answer n =").fill("12x")
    page.get_by_test_id("pattern-at-button").click()
    expect(page.get_by_test_id("pattern-answer")).to_contain_text("type a whole number n")
    expect(page.get_by_test_id("error")).to_be_hidden()


@pytest.mark.slow
@browser_test
def test_two_nim_heaps_then_an_exact_xor(page):
    open_sequence(page, "game=nim&position=3 4 5")
    page.get_by_label("Values of", exact=True).select_option("2")
    page.get_by_test_id("pattern-button").click()
    expect(page.get_by_test_id("pattern-formula").first).to_have_text("G(a, b) = a ^ b")
    expect(page.get_by_test_id("pattern-status").first).to_have_text("proved")
    expect(page.get_by_test_id("pattern-p-positions")).to_contain_text("a == b")
    a, b = 2**70 + 5, 12345678901234567890
    page.get_by_label("answer a, b =").fill(f"{a}, {b}")
    page.get_by_test_id("pattern-at-button").click()
    expect(page.get_by_test_id("pattern-value")).to_have_text(f"G({a}, {b}) = {a ^ b}")


@pytest.mark.slow
@browser_test
def test_wythoff_shows_its_p_positions_on_a_phone(page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_sequence(page, "game=wythoff&position=3 5")
    page.get_by_test_id("pattern-button").click()
    expect(page.get_by_test_id("pattern-p-positions")).to_contain_text("⌊kφ⌋")
    expect(page.get_by_test_id("pattern-summary")).to_contain_text("no pattern found")
    expect(page.get_by_test_id("pattern-at")).to_be_hidden()  # nothing to answer with
    box = page.get_by_test_id("pattern-button").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width} px"
    shot(page, "pattern-phone.png")


@pytest.mark.slow
@browser_test
@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["desktop", "phone"])
def test_the_results_have_no_serious_axe_violation(page, size):
    a11y = pytest.importorskip("test_web_a11y")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_sequence(page, "game=allbut:2,3,7&position=9 4")
    page.get_by_test_id("pattern-button").click()
    expect(page.get_by_test_id("pattern-status").first).to_be_visible()
    page.get_by_label("answer n =").fill("1000000000000000000000")
    page.get_by_label("answer n =").press("Enter")
    expect(page.get_by_test_id("pattern-answer-status")).to_have_text("conjectural")
    assert page.get_by_test_id("pattern-results").get_attribute("aria-live") == "polite"
    problems = a11y.serious_violations(page)
    assert not problems, "axe-core found serious violations:\n" + "\n".join(problems)


def test_the_king_s_rule_comes_with_its_regions(client):
    report = pattern(client, game="king", dims=2, upto=24)
    best = report["patterns"][0]
    assert (best["kind"], best["status"]) == ("piecewise-periodic", "proved")
    assert best["theorem"].startswith("finite-window theorem")
    labels, cells = best["regions"]["labels"], best["regions"]["cells"]
    assert [where for where, _ in labels] == ["b ≥ a", "b < a"]
    assert len(cells) == len(cells[0]) == 24
    assert all(cells[a][b] == (0 if b >= a else 1) for a in range(24) for b in range(24))


@pytest.mark.slow
@browser_test
@pytest.mark.parametrize("size", [(1200, 900), (390, 844)], ids=["desktop", "phone"])
def test_the_knight_s_regions_on_the_heat_map(page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_sequence(page, "game=knight&position=5 9")
    page.get_by_test_id("pattern-button").click()
    expect(page.get_by_test_id("pattern-status").first).to_have_text("proved")
    expect(page.get_by_test_id("pattern-formula").first).to_contain_text("G(a, b) = b - a ≥ 2")
    regions = page.get_by_test_id("pattern-regions").locator("li")
    expect(regions).to_have_count(5)  # right of the band, its three diagonals, left of it
    expect(regions.first).to_contain_text("b - a ≥ 2: [0 0 1 1 | 0 0 1 1 | 3 2 2 2 | 3 3 2 3]")
    chart = page.get_by_test_id("pattern-heatmap")
    borders = chart.get_by_test_id("region-borders")
    assert borders.get_attribute("d").count("M") > 40  # the band's edges, cell by cell
    # the keyboard walks the cells; each names its value and its region (the pointer is
    # moved off the map first: a cell scrolled under it would name itself on mouseover)
    page.mouse.move(0, 0)
    chart.locator(".hm-cell").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("pattern-readout")).to_have_text(
        "g(0, 3) = 1: an N-position (the player to move wins); region b - a ≥ 2: "
        "[0 0 1 1 | 0 0 1 1 | 3 2 2 2 | 3 3 2 3][a % 4][b % 4]"
    )
    if size[0] < 500:
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways: {width} px"
        shot(page, "pattern-regions-knight-phone.png")
    else:
        shot(page, "pattern-regions-knight.png")
