"""The boards of Snort, Col, Konane, Toppling Dominoes and Partizan Arc Kayles, and of
impartial Cram and Arc Kayles, in a real browser: every square, vertex, stone, domino and
edge offers exactly the moves the rules give (the rules written out plainly in
cgt_boards.py, on positions hypothesis draws), a game played to the end by clicking the
board only, a move made with the keyboard only, Analyse's boards, and a phone (no
sideways scrolling, 44 px targets, axe-core)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
import test_web_browser as shared
from cgt_boards import (
    DOMINOES,
    GAMES,
    GRAPH_PARTS,
    GRID_CELLS,
    OTHER,
    STEPS,
    TWO_CLICKS,
    after_text,
    arc_kayles_graphs,
    arc_kayles_moves,
    colour_board_moves,
    colour_boards,
    colour_graph_moves,
    colour_graphs,
    cram_boards,
    cram_moves,
    drawn,
    drawn_impartial,
    konane_boards,
    konane_moves,
    movers,
    plain_graphs,
    toppling_moves,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_web_browser import TIMEOUT_MS, expect, status_of

from grundy.games import ArcKayles
from grundy.partizan.games import Konane, PartizanArcKayles

pytest.importorskip("fastapi")
from grundy.web.compute import partizan_value  # noqa: E402

__all__: list[str] = []

pytestmark = pytest.mark.slow

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page

PHONE = {"width": 390, "height": 844}
TAP_PX = 44
EXAMPLES = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
VERTEX = '[data-testid="partizan-board-vertex"]'
EDGE = '[data-testid="partizan-board-edge"]'


# ----------------------------------------------------------------- every move, by the rules
@pytest.mark.parametrize("rule", ["snort", "col"])
def test_a_colouring_board_offers_exactly_the_squares_the_rules_allow(page, rule):
    game = GAMES[rule]

    @EXAMPLES
    @given(colour_boards(rule), movers)
    def check(board, mover):
        assert drawn(page, rule, f"{game.format_position(board)} {mover}") == "grid"
        cells = page.evaluate(GRID_CELLS)
        expected = {
            f"{r},{c}": after_text(game, after, mover)
            for (r, c), after in colour_board_moves(rule, board, mover).items()
        }
        offered = {b["cell"]: b["position"] for b in cells if not b["barred"]}
        assert offered == expected
        # Every other empty square is marked, and names the squares that bar it.
        empty = {f"{r},{c}" for r, row in enumerate(board) for c, x in enumerate(row) if x == "."}
        barred = {b["cell"]: b["words"] for b in cells if b["barred"]}
        assert set(barred) == empty - set(expected)
        for cell, words in barred.items():
            assert f"{mover} may not colour it" in words, words
            r, c = map(int, cell.split(","))
            mine = "x" if mover == "Left" else "o"
            stone = mine if rule == "col" else "o" if mine == "x" else "x"
            for dr, dc in STEPS:
                if 0 <= r + dr < len(board) and 0 <= c + dc < len(board[0]):
                    if board[r + dr][c + dc] == stone:
                        assert f"{'abcdefghijklmnopqrstuvwxyz'[c + dc]}{r + dr + 1}" in words

    check()


@pytest.mark.parametrize("rule", ["snort", "col"])
def test_a_colouring_graph_offers_exactly_the_vertices_the_rules_allow(page, rule):
    game = GAMES[rule]

    @EXAMPLES
    @given(colour_graphs(), movers)
    def check(graph, mover):
        labels, edges = graph
        position = game.check_position((labels, edges))
        text = f"{game.format_position(position)} {mover}"
        assert drawn(page, rule, text) == "drawn"
        # The page numbers vertices from 1, as the server's moves name them.
        labels, edges = position[0], [tuple(e) for e in position[1]]
        parts = page.evaluate(GRAPH_PARTS, VERTEX)
        assert sorted(int(p["vertex"]) for p in parts) == list(range(1, len(labels) + 1))
        expected = {
            str(v + 1): after_text(game, after, mover)
            for v, after in colour_graph_moves(rule, labels, edges, mover).items()
        }
        offered = {p["vertex"]: p["position"] for p in parts if p["button"] and not p["barred"]}
        assert offered == expected
        barred = {p["vertex"] for p in parts if p["barred"]}
        assert barred == {str(v + 1) for v in range(len(labels))} - set(expected)
        assert all("may not colour it" in p["words"] for p in parts if p["barred"])

    check()


def test_a_konane_stone_offers_exactly_its_jumps(page):
    @EXAMPLES
    @given(konane_boards(), movers)
    def check(board, mover):
        position = Konane().check_position("|".join(board))
        text = f"{Konane().format_position(position)} {mover}"
        assert drawn(page, "konane", text) == "grid"
        expected = {
            (f"{a},{b}", f"{c},{d}"): after_text(Konane(), after, mover)
            for ((a, b), (c, d)), after in konane_moves(position, mover).items()
        }
        jumps = page.evaluate(TWO_CLICKS)
        assert {(j["from"], j["to"]): j["position"] for j in jumps} == expected
        # A square a longer jump lands on on the way is marked, and the jump says so.
        for j in jumps:
            (a, b), (c, d) = (map(int, j[k].split(",")) for k in ("from", "to"))
            longer = any(f == j["from"] and _on_the_way((a, b), t, (c, d)) for f, t in expected)
            assert j["via"] == longer, j
            if max(abs(c - a), abs(d - b)) > 2:
                assert "on the way" in j["words"], j

    check()


def _on_the_way(start, end: str, square) -> bool:
    """Is `square` a landing square, before the last, of the jump from start to end?"""
    (a, b), (c, d) = start, map(int, end.split(","))
    dr, dc = (c > a) - (c < a), (d > b) - (d < b)
    length = max(abs(c - a), abs(d - b))
    return any((a + j * dr, b + j * dc) == square for j in range(2, length, 2))


def test_a_domino_offers_exactly_its_two_topples(page):
    @EXAMPLES
    @given(st.text(alphabet="lre.", min_size=1, max_size=9), movers)
    def check(strip, mover):
        assert drawn(page, "toppling-dominoes", f"{strip} {mover}") == "grid"
        expected = {
            k: f"{after} {OTHER[mover]}" for k, after in toppling_moves(strip, mover).items()
        }
        offered = {}
        for d in page.evaluate(DOMINOES):
            assert d["button"] == ((d["i"], "west") in expected), d
            for side in ("west", "east"):
                if d[side]:
                    offered[(d["i"], side)] = d[side]
        assert offered == expected

    check()


def test_an_arc_kayles_edge_offers_exactly_its_move(page):
    game = PartizanArcKayles()

    @EXAMPLES
    @given(arc_kayles_graphs(), movers)
    def check(edges, mover):
        position = game.check_position(edges)
        text = f"{game.format_position(position)} {mover}"
        assert drawn(page, "partizan-arc-kayles", text) == "drawn"
        parts = page.evaluate(GRAPH_PARTS, EDGE)
        assert [p["edge"] for p in parts] == [f"{u + 1}-{v + 1}" for u, v, _ in position]
        expected = {
            i: f"{game.format_position(left)} {OTHER[mover]}"
            for i, left in arc_kayles_moves(list(position), mover).items()
        }
        assert {i: p["position"] for i, p in enumerate(parts) if p["button"]} == expected

    check()


# ----------------------------------------------------------------- Play: whole games
def start_play(page, game: str, position: str, side: str, first: str = "me") -> None:
    page.goto(f"/?game={game}&position={quote(position)}&view=play")
    page.get_by_test_id(f"play-side-{side.lower()}").check()
    page.get_by_test_id(f"play-first-{first}").check()
    page.get_by_test_id("play-start").click()


def best(locator):
    """A control marked as winning for its player, else the first."""
    winning = locator.and_(locator.page.locator(".verdict-win"))
    return winning.first if winning.count() else locator.first


def click_square(page) -> None:
    best(page.locator("#heaps button.pz-move")).click()


def click_vertex(page) -> None:
    best(page.locator(f"#heaps {VERTEX}[role=button]:not([aria-disabled=true])")).click()


def click_stone_then_square(page) -> None:
    best(page.locator("#heaps button.pz-move:not(.pz-next)")).click()
    best(page.locator("#heaps button.pz-done")).click()


def click_domino_then_side(page) -> None:
    best(page.locator("#heaps button.pz-domino.pz-move")).click()
    best(page.locator("#heaps button.pz-topple")).click()


def click_edge(page) -> None:
    from test_web_edges import click_edge as at_its_middle

    at_its_middle(best(page.locator(f"#heaps {EDGE}[role=button]")))


@pytest.mark.parametrize(
    ("game", "position", "side", "move", "result"),
    [
        ("snort", "2x3", "Left", click_square, "You win!"),  # +-{4||1|0}: first player wins
        ("snort", "L-.-.-.-L", "Left", click_vertex, "You win!"),  # {4|0,+-1}
        ("col", "x..|...", "Right", click_square, "You win!"),  # -1: Right wins
        ("col", "R-.-R-.-L", "Left", click_vertex, "The engine wins."),  # 0: first player loses
        ("konane", "xo.o.|.ox..", "Left", click_stone_then_square, "You win!"),  # 1*
        ("toppling-dominoes", "lrelr", "Left", click_domino_then_side, "You win!"),  # *3
        ("partizan-arc-kayles", "lrlr(ll;ree(rl;l))", "Left", click_edge, "You win!"),
    ],
    ids=[
        "snort-board",
        "snort-graph",
        "col-board",
        "col-graph",
        "konane",
        "toppling",
        "arc-kayles",
    ],
)
def test_a_game_played_to_the_end_by_clicking_the_board(page, game, position, side, move, result):
    """The person moves first and clicks only the board, a move marked as winning when
    there is one: from a first player's win the person wins, from a 0 the engine does."""
    start_play(page, game, position, side)
    log = page.get_by_test_id("move-log").locator("li.log-you")
    for _ in range(40):
        if status_of(page) != "Your move":
            break
        expect(page.get_by_test_id("partizan-to-move")).to_have_text(f"{side} to move (you)")
        entries = log.count()
        move(page)
        expect(log).not_to_have_count(entries)  # the move is made (a topple falls first)
    else:
        pytest.fail(f"{game} {position}: the game did not end")
    assert status_of(page) == result
    mine = page.get_by_test_id("move-log").locator("li.log-you").all_text_contents()
    assert mine and all(re.search(rf"you: ({side}|green|grey)", m) for m in mine), mine
    expect(page.get_by_test_id("error")).to_be_hidden()
    # Undo goes back to the person's last turn: the board is drawn again.
    page.get_by_test_id("undo").click()
    assert status_of(page) == "Your move"
    expect(page.get_by_test_id("partizan-board")).to_be_visible()


# ----------------------------------------------------------------- Play: the keyboard
def keyboard_move(page, game: str, position: str, keys: list[str], first: str, played: str):
    start_play(page, game, position, "Left")
    assert status_of(page) == "Your move"
    page.locator(first).focus()
    for key in keys:
        page.keyboard.press(key)
    log = page.get_by_test_id("move-log")
    expect(log).to_contain_text(f"you: {played}")
    assert status_of(page) in ("Your move", "You win!", "The engine wins.")
    expect(log.locator("li.log-engine")).not_to_have_count(0)


def test_the_keyboard_colours_a_square(page):
    # Col x..|...: b1 is barred (next to Left's own x); Enter on it says why, → goes on to c1.
    start_play(page, "col", "x..|...", "Left")
    assert status_of(page) == "Your move"
    page.locator('#heaps [data-cell="0,1"]').focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("partizan-caption")).to_contain_text(
        "b1, empty: Left may not colour it: next to x on a1 (Left's own colour)"
    )
    page.keyboard.press("ArrowRight")
    expect(page.locator('#heaps [data-cell="0,2"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("move-log")).to_contain_text("you: Left colours c1")
    assert status_of(page) in ("Your move", "You win!", "The engine wins.")


@pytest.mark.parametrize(
    ("game", "position", "first", "keys", "played"),
    [
        ("snort", "2x3", '#heaps [data-cell="0,0"]', ["ArrowDown", "Enter"], "Left colours a2"),
        (
            "snort",
            "L-.-.-.-L",
            f'#heaps {VERTEX}[data-vertex="1"]',
            ["Tab", "Enter"],
            "Left colours 2",
        ),
        # a1 chosen, then → to c1 (its first landing square), Enter jumps there.
        (
            "konane",
            "xo.o.|.ox..",
            '#heaps [data-cell="0,0"]',
            ["Enter", "ArrowRight", "Enter"],
            "Left a1-c1",
        ),
        # → from domino 1 to the grey 3, Enter chooses it, → topples it east.
        (
            "toppling-dominoes",
            "lrelr",
            '#heaps [data-domino="0"]',
            ["ArrowRight", "Enter", "ArrowRight"],
            "grey 3 toppled to the right",
        ),
        (
            "partizan-arc-kayles",
            "lr(e;l)",
            f"#heaps {EDGE}[role=button] >> nth=0",
            ["Enter"],
            "Left takes 1-2",
        ),
    ],
    ids=["snort-board", "snort-graph", "konane", "toppling", "arc-kayles"],
)
def test_a_move_made_with_the_keyboard_only(page, game, position, first, keys, played):
    keyboard_move(page, game, position, keys, first, played)


def test_escape_lets_go_of_a_chosen_domino_and_a_stone(page):
    start_play(page, "toppling-dominoes", "lrelr", "Left")
    assert status_of(page) == "Your move"
    domino = page.locator('#heaps [data-domino="3"]')
    domino.focus()
    page.keyboard.press("Enter")
    expect(domino).to_have_attribute("aria-pressed", "true")
    sides = page.get_by_test_id("topple-sides").locator("button")
    expect(sides).to_have_count(2)
    # Pointing at a side marks the dominoes that fall: 4 and 5 east, 1 to 4 west.
    sides.nth(1).hover()
    expect(page.locator("#heaps .pz-falls")).to_have_count(2)
    sides.nth(0).hover()
    expect(page.locator("#heaps .pz-falls")).to_have_count(4)
    domino.focus()
    page.keyboard.press("Escape")
    expect(domino).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("topple-sides")).to_be_hidden()
    start_play(page, "konane", "xo.o.|.ox..", "Left")
    assert status_of(page) == "Your move"
    stone = page.locator('#heaps [data-cell="0,0"]')
    stone.click()
    # The double jump's last square, and the square it lands on on the way (marked).
    expect(page.locator('#heaps [data-cell="0,4"]')).to_have_attribute(
        "aria-label", re.compile("on the way")
    )
    expect(page.locator("#heaps .pz-via")).to_have_attribute("data-cell", "0,2")
    page.locator('#heaps [data-cell="0,4"]').hover()
    expect(page.locator("#heaps .pz-jumped")).to_have_count(2)
    expect(page.locator("#heaps .pz-landing")).to_have_count(1)
    page.locator('#heaps [data-cell="0,0"]').focus()
    page.keyboard.press("Escape")
    expect(page.locator("#heaps button.pz-next")).to_have_count(0)


# ----------------------------------------------------------------- Analyse
def analysed(page, game: str, position: str) -> None:
    page.goto(f"/?game={game}&position={quote(position)}&view=analyse")
    expect(page.get_by_test_id("thermograph-svg")).to_be_visible(timeout=TIMEOUT_MS)


def test_analyse_offers_either_players_colouring_and_goes_to_the_position(page):
    analysed(page, "snort", "2x3")
    expect(page.get_by_test_id("sg-value")).to_have_text("+-{4||1|0}")
    board = page.locator("#analyse-board")
    expect(board.locator("button.pz-move")).to_have_count(6)
    page.get_by_test_id("partizan-colour-as-right").check()
    expect(board.locator('button[data-cell="0,0"]')).to_have_attribute(
        "aria-label", re.compile(r"^Right colours a1 \(leaves .*, (wins|loses) for Right\)$")
    )
    board.locator('button[data-cell="0,0"]').click()
    expect(page).to_have_url(re.compile(r"position=o\.\.%7C\.\.\.&"))
    right = partizan_value("snort", "o..|...")["value"]
    expect(page.get_by_test_id("sg-value")).to_have_text(right)
    # Right's moves still offered: in Snort Right may colour next to o; Left may not.
    expect(board.locator("button.pz-barred")).to_have_count(0)
    page.get_by_test_id("partizan-colour-as-left").check()
    expect(board.locator("button.pz-barred")).to_have_count(2)  # b1 and a2, next to o
    expect(board.get_by_test_id("partizan-board")).to_have_attribute(
        "aria-label", re.compile(r", showing Left's moves:")
    )
    pytest.importorskip("axe_playwright_python.sync_playwright")
    from test_web_a11y import serious_violations

    problems = serious_violations(page)
    assert not problems, "axe-core found serious violations:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    ("game", "position", "control", "after"),
    [
        ("col", "R-.-R-.-L", f"{VERTEX}[data-vertex='2']", "-L"),  # Left colours 2
        ("konane", "xo.o.|.ox..", None, "....x|.ox.."),
        ("toppling-dominoes", "lrl", None, "lr."),
        ("partizan-arc-kayles", "lr(e;l)", f"{EDGE}[data-edge='3-4']", "l"),
    ],
)
def test_analyse_boards_go_to_the_position_a_move_leaves(page, game, position, control, after):
    analysed(page, game, position)
    board = page.locator("#analyse-board")
    if game == "konane":
        board.locator('[data-cell="0,0"]').click()
        board.locator('[data-cell="0,4"]').click()
    elif game == "toppling-dominoes":
        board.locator('[data-domino="2"]').click()
        board.get_by_test_id("topple-sides").locator('[data-side="east"]').click()
    elif game == "partizan-arc-kayles":
        from test_web_edges import click_edge as at_its_middle

        at_its_middle(board.locator(control))
    else:
        board.locator(control).click()
    expect(page).to_have_url(re.compile(rf"position={re.escape(quote(after, safe=''))}&"))
    expect(page.get_by_test_id("sg-value")).to_have_text(partizan_value(game, after)["value"])


# ----------------------------------------------------------------- a phone
def tap_targets(page) -> list[dict]:
    return page.evaluate(
        """() => [...document.querySelectorAll("#heaps button, #heaps [role=button]")]
             .filter((b) => b.getClientRects().length)
             .map((b) => { const r = b.getBoundingClientRect();
                           return { name: b.getAttribute("aria-label") || b.textContent.trim(),
                                    width: r.width, height: r.height }; })"""
    )


@pytest.mark.parametrize(
    ("game", "position", "choose"),
    [
        ("snort", "3x3", None),
        ("col", "R-.-R-.-L-.-R-.-R-.", None),
        ("konane", "xo.o.|.ox..|x.o..", "#heaps button.pz-move >> nth=0"),
        ("toppling-dominoes", "lrrlrrl", "#heaps button.pz-domino.pz-move >> nth=0"),
        ("partizan-arc-kayles", "lrlr(ll;ree(rl;l))", None),
    ],
)
def test_on_a_phone(page, game, position, choose):
    pytest.importorskip("axe_playwright_python.sync_playwright")
    from test_web_a11y import serious_violations

    page.set_viewport_size(PHONE)
    start_play(page, game, position, "Left")
    assert status_of(page) == "Your move"
    if choose:
        page.locator(choose).click()  # the targets a choice shows: sides, landing squares
    targets = tap_targets(page)
    assert len(targets) >= 2
    small = [t for t in targets if t["width"] < TAP_PX - 0.01 or t["height"] < TAP_PX - 0.01]
    assert not small, f"tap targets under {TAP_PX} px: {small}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width} px"
    problems = serious_violations(page)
    assert not problems, "axe-core found serious violations:\n" + "\n".join(problems)


# ----------------------------------------------------------------- impartial Cram and Arc Kayles
def test_a_cram_square_offers_exactly_the_dominoes_the_rules_allow(page):
    from grundy.games import Cram

    @EXAMPLES
    @given(cram_boards())
    def check(board):
        assume("." in "".join(board))
        text = Cram().format_position(Cram().check_position("|".join(board)))
        assert drawn_impartial(page, "cram", text)
        expected = {k: Cram().format_position(after) for k, after in cram_moves(board).items()}
        placed = {(j["from"], j["to"]): j["position"] for j in page.evaluate(TWO_CLICKS)}
        assert placed == expected

    check()


def test_an_arc_kayles_edge_takes_exactly_its_ends(page):
    game = ArcKayles()

    @EXAMPLES
    @given(plain_graphs())
    def check(edges):
        text = game.format_position(game.check_position(edges))
        assert drawn_impartial(page, "arc-kayles", text)
        parts = page.evaluate(GRAPH_PARTS, '[data-testid="arc-kayles-board-edge"]')
        assert [p["edge"] for p in parts] == [f"{u}-{v}" for u, v in edges]
        expected = [
            game.format_position(tuple(e for e in edges if not {u, v} & set(e))) for u, v in edges
        ]
        assert [p["position"] for p in parts] == expected
        assert all(p["button"] for p in parts)

    check()


def start_impartial(page, game: str, position: str) -> None:
    page.goto(f"/?game={game}&position={quote(position)}&view=play&first=me")
    page.get_by_test_id("play-start").click()


@pytest.mark.parametrize(
    ("game", "position", "move"),
    [
        ("cram", "3x4", click_stone_then_square),  # a first square, then the domino's other
        ("arc-kayles", "edges 0-1 1-2 2-0 2-3", None),
    ],
)
def test_an_impartial_game_won_by_clicking_the_board(page, game, position, move):
    """From an N-position, clicking only moves marked as winning wins the game."""
    start_impartial(page, game, position)
    log = page.get_by_test_id("move-log").locator("li.log-you")
    for _ in range(20):
        if status_of(page) != "Your move":
            break
        entries = log.count()
        if move:
            move(page)
        else:
            from test_web_edges import click_edge as at_its_middle

            edges = page.locator('#heaps [data-testid="arc-kayles-board-edge"][role=button]')
            at_its_middle(best(edges))
        expect(log).not_to_have_count(entries)
    else:
        pytest.fail(f"{game} {position}: the game did not end")
    assert status_of(page) == "You win!"
    expect(page.get_by_test_id("error")).to_be_hidden()


def test_an_arc_kayles_grid_is_drawn_as_a_grid(page):
    start_impartial(page, "arc-kayles", "2x3")
    assert status_of(page) == "Your move"
    at = {
        int(v.get_attribute("data-vertex")): v.locator("circle").first.bounding_box()
        for v in page.locator('#heaps [data-testid="arc-kayles-board-vertex"]').all()
    }
    assert sorted(at) == list(range(6))  # vertex r * 3 + c at row r, column c
    for v, box in at.items():
        assert box["x"] == pytest.approx(at[v % 3]["x"]) and box["y"] == pytest.approx(
            at[3 * (v // 3)]["y"]
        )
    assert at[1]["x"] > at[0]["x"] and at[3]["y"] > at[0]["y"]


@pytest.mark.parametrize(
    ("game", "position", "first", "keys", "played"),
    [
        ("cram", "3x4", '#heaps [data-cell="0,0"]', ["Enter", "ArrowDown"], "a1-a2"),
        ("cram", "3x4", '#heaps [data-cell="0,0"]', ["Enter", "ArrowRight"], "a1-b1"),
        (
            "arc-kayles",
            "edges 0-1 1-2 2-0 2-3",
            '#heaps [data-testid="arc-kayles-board-edge"] >> nth=0',
            ["Enter"],
            "pick 0-1",
        ),
    ],
)
def test_an_impartial_move_made_with_the_keyboard_only(page, game, position, first, keys, played):
    start_impartial(page, game, position)
    assert status_of(page) == "Your move"
    page.locator(first).focus()
    for key in keys:
        page.keyboard.press(key)
    expect(page.get_by_test_id("move-log")).to_contain_text(f"you: {played}")
    assert status_of(page) in ("Your move", "You win!", "The engine wins.")


@pytest.mark.parametrize(
    ("game", "position", "choose"),
    [("cram", "4x5", '#heaps [data-cell="1,1"]'), ("arc-kayles", "3x3", None)],
)
def test_an_impartial_board_on_a_phone(page, game, position, choose):
    pytest.importorskip("axe_playwright_python.sync_playwright")
    from test_web_a11y import serious_violations

    page.set_viewport_size(PHONE)
    start_impartial(page, game, position)
    assert status_of(page) == "Your move"
    if choose:
        page.locator(choose).click()
    targets = tap_targets(page)
    assert len(targets) >= 2
    small = [t for t in targets if t["width"] < TAP_PX - 0.01 or t["height"] < TAP_PX - 0.01]
    assert not small, f"tap targets under {TAP_PX} px: {small}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width} px"
    problems = serious_violations(page)
    assert not problems, "axe-core found serious violations:\n" + "\n".join(problems)
