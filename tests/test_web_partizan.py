"""Partizan games in the playground: the API (the canonical form, temperature and
thermograph of a position, exact numbers as text; play through PartizanPlay, the
two-player machinery), then the page in a real browser: Analyse's canonical form,
thermograph and clickable board, the engine winning a game played on the boards, the
keyboard, a phone, and axe-core."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from urllib.parse import quote

import pytest
import test_web_browser as shared
from test_web_browser import TIMEOUT_MS, expect, shot, status_of

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from grundy.app import registry  # noqa: E402
from grundy.web import create_app  # noqa: E402

__all__: list[str] = []

# The fixtures of the browser tests: headless Chromium, and a page that fails on console errors.
browser = shared.browser
page = shared.page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}

PARTIZAN = [
    name
    for name, entry in registry.GAMES.items()
    if registry.find(entry.example.partition(" ")[0], files=False).kind == "partizan"
]
EXAMPLES = {
    name: registry.GAMES[name].example.partition(" ")[2] for name in PARTIZAN
}  # the command line's example positions: "3x3", "xox|ox."...
#: The loopy games: a loopy value in Analyse (no canonical form), played like the others.
LOOPY = ["fox-and-geese", "backsliding-toads-and-frogs"]
SHORT = [name for name in PARTIZAN if name not in LOOPY]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=2, budget=20.0)) as test_client:
        yield test_client


def get(client, path: str, **params) -> dict:
    answer = client.get(f"/api/{path}", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def refused(client, path: str, **params) -> str:
    answer = client.get(f"/api/{path}", params=params)
    assert answer.status_code == 400, answer.text
    return answer.json()["detail"]


# ----------------------------------------------------------------- the API
def test_the_catalog_lists_every_partizan_game(client):
    games = {g["name"]: g for g in get(client, "games")["games"]}
    assert len(PARTIZAN) == 13  # with snort, col, konane, toppling-dominoes, partizan-arc-kayles
    assert set(LOOPY) <= set(PARTIZAN)  # and fox-and-geese, backsliding-toads-and-frogs
    for name in PARTIZAN:
        game = games[name]
        assert game["kind"] == "partizan" and game["family"] == "Partizan games", game
        assert not game["heaps"] and not game["pairs"] and not game["code"], game
        assert len(game["sides"]) == 2 and all(game["sides"]), game
        assert game["position"] == EXAMPLES[name]


@pytest.mark.parametrize("name", SHORT)
def test_every_partizan_game_answers_on_every_endpoint_the_page_uses(client, name):
    """Analyse: /api/value; Play: /api/options, /api/move, /api/reply and /api/solve,
    from the example with Left to move and with Right to move."""
    position = EXAMPLES[name]
    report = get(client, "value", game=name, position=position)
    assert report["kind"] == "partizan" and report["to_move"] is None
    assert report["left_moves"] or report["right_moves"]
    for mover in ("Left", "Right"):
        start = f"{position} {mover}"
        solved = get(client, "solve", game=name, position=start)
        assert solved["position_text"].endswith(f" {mover}")
        # The player to move wins exactly when the canonical form says so.
        moving_first_wins = report["outcome"] in ("N", mover[0])
        assert solved["value"] == ("win" if moving_first_wins else "loss"), (mover, report)
        listed = get(client, "options", game=name, position=start)["options"]
        own = report[f"{mover.lower()}_moves"]
        assert sorted(o["text"] for o in listed) == sorted(
            f"{m['text']} {'Right' if mover == 'Left' else 'Left'}" for m in own
        )
        # Each option's value for its mover is the canonical form's verdict.
        wins = {f"{m['text']}": m["wins"] for m in own}
        for option in listed:
            board = option["text"].rsplit(" ", 1)[0]
            assert (option["value"] == "win") == wins[board], option
        if not listed:
            continue
        moved = get(client, "move", game=name, position=start, after=listed[0]["text"])
        assert moved["position_text"] == listed[0]["text"]
        assert moved["move"] == listed[0]["move"] and moved["move"].startswith(mover)
        reply = get(client, "reply", game=name, position=moved["position_text"])
        if reply["position"] is not None:
            assert reply["winning"] == (
                get(client, "solve", game=name, position=moved["position_text"])["value"] == "win"
            )


@pytest.mark.parametrize("name", LOOPY)
def test_a_loopy_game_is_analysed_and_played(client, name):
    """Play: the example solved with either player to move, as the loopy outcome says
    (draws included), options and a move; Analyse: the loopy value and outcome, and each
    move's result for its player as the outcome of the position it leaves says."""
    from grundy.partizan.loopy import LoopyOutcome

    position = EXAMPLES[name]
    rules = registry.find(name, files=False)
    outcome: LoopyOutcome = rules.outcome(rules.parse_position([position]))
    report = get(client, "value", game=name, position=position)
    assert report["loopy"] and report["outcome"] == str(outcome)
    assert report["value"] == str(rules.value(rules.parse_position([position])))
    said = {1: "wins", 0: "draws", -1: "loses"}
    for player in ("Left", "Right"):
        for move in report[f"{player.lower()}_moves"]:
            after = rules.outcome(rules.parse_position([move["text"]]))
            result = after.right_first if player == "Left" else -after.left_first
            assert (move["result"], move["wins"]) == (said[result], result == 1), move
    for mover, result in (("Left", outcome.left_first), ("Right", -outcome.right_first)):
        start = f"{position} {mover}"
        solved = get(client, "solve", game=name, position=start)
        assert solved["value"] == {1: "win", 0: "draw", -1: "loss"}[result], (mover, outcome)
        listed = get(client, "options", game=name, position=start)["options"]
        assert listed
        moved = get(client, "move", game=name, position=start, after=listed[0]["text"])
        assert moved["move"] == listed[0]["move"] and moved["move"].startswith(mover)


def test_domineering_values_are_exact(client):
    big = get(client, "value", game="domineering", position="4x4")
    assert big["value"] == "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
    assert big["outcome"] == "N" and big["temperature"] == "0"  # ± a game with 0 in it
    assert big["reduced_canonical_form"] == "0" and big["atomic_weight"] == "0"
    small = get(client, "value", game="domineering", position="2x3")
    assert small["value"] == "{2|-1/2}"
    assert (small["left_stop"], small["right_stop"]) == ("2", "-1/2")
    assert (small["mean"], small["temperature"]) == ("3/4", "5/4")
    assert small["thermograph"] == {
        "left_wall": {"mast": "3/4", "critical_temperatures": ["5/4"], "slopes": ["0", "-1"]},
        "right_wall": {
            "mast": "3/4",
            "critical_temperatures": ["5/4", "-1/2"],
            "slopes": ["0", "1", "0"],
        },
        "mast": "3/4",
        "temperature": "5/4",
        "text": "Thermograph(3/4,[5/4],[0,-1],3/4,[5/4,-1/2],[0,1,0])",
    }
    assert [m["move"] for m in small["left_wins"]] == ["Left b1-b2"]
    assert [(m["text"], m["value"], m["wins"]) for m in small["left_moves"]] == [
        ("#..|#..", "+-1", False),
        (".#.|.#.", "2", True),
        ("..#|..#", "+-1", False),
    ]
    # Who is to move (a position reached in play) does not change the value.
    right = get(client, "value", game="domineering", position="2x3 Right")
    assert right["to_move"] == "Right" and right["value"] == "{2|-1/2}"


def exact_numbers(report: dict) -> list:
    """The report's numbers of the theory: each must be text, never a JSON number."""
    thermograph = report["thermograph"]
    walls = [thermograph["left_wall"], thermograph["right_wall"]]
    return [
        report["left_stop"],
        report["right_stop"],
        report["mean"],
        report["temperature"],
        thermograph["mast"],
        thermograph["temperature"],
        *[w["mast"] for w in walls],
        *[t for w in walls for t in w["critical_temperatures"]],
        *[s for w in walls for s in w["slopes"]],
    ] + ([report["number"]] if report["number"] is not None else [])


@pytest.mark.parametrize("name", SHORT)
def test_every_exact_number_travels_as_text(client, name):
    answer = client.get("/api/value", params={"game": name, "position": EXAMPLES[name]})
    numbers = exact_numbers(answer.json())
    assert numbers and all(isinstance(n, str) for n in numbers)
    assert all(Fraction(n) == Fraction(n) for n in numbers)  # each reads as a fraction
    assert not re.search(r'"(left_stop|right_stop|mean|temperature|mast)": ?-?\d', answer.text)


def test_a_number_thermograph_is_exact(client):
    report = get(client, "value", game="blue-red-hackenbush", position="lrlrrllr")
    assert report["value"] == report["mean"] == "77/128" and report["temperature"] == "-1/128"
    assert report["thermograph"]["left_wall"]["critical_temperatures"] == [
        "-1/128",
        "-1/32",
        "-1/8",
        "-1/2",
    ]


def test_the_value_is_the_command_lines(client, capsys):
    from conftest import run_cli_json

    expected = run_cli_json(capsys, "value", "domineering", "3x3")
    got = get(client, "value", game="domineering", position="3x3")
    # `positions` counts what the answering worker has valued so far: it varies.
    assert {key: got[key] for key in expected if key != "positions"} == {
        key: value for key, value in expected.items() if key != "positions"
    }
    solved = run_cli_json(capsys, "solve", "clobber", "xox|ox.", "Right")
    got = get(client, "solve", game="clobber", position="xox|ox. Right")
    assert {k: v for k, v in got.items() if k != "seconds"} == {
        k: v for k, v in solved.items() if k != "seconds"
    }


def test_play_refuses_a_move_of_the_wrong_player(client):
    # Left is to move: a horizontal domino is Right's.
    detail = refused(client, "move", game="domineering", position="2x2", after="##|.. Left")
    assert "illegal move" in detail
    # A move in the game's own notation is read too.
    moved = get(client, "move", game="domineering", position="2x2 Right", after="a1-b1")
    assert moved["position_text"] == "##|.. Left" and moved["move"] == "Right a1-b1"


def test_partizan_requests_are_refused_in_words(client):
    assert "needs a position" in refused(client, "value", game="domineering", position="")
    assert "needs a position" in refused(client, "options", game="clobber", position="Left")
    assert "misère" in refused(client, "value", game="cutcake", position="3x4", misere="true")
    for path in ("remoteness", "graph"):
        detail = refused(client, path, game="domineering", position="2x3")
        assert "partizan game" in detail and "/api/value" in detail
    assert "partizan" in refused(client, "table", game="toads-and-frogs", upto=5)


def test_the_schema_names_the_partizan_report(client):
    schema = client.get("/openapi.json").json()
    answer = json.dumps(schema["paths"]["/api/value"]["get"]["responses"]["200"])
    assert "PartizanReport" in answer and "ValueReport" in answer
    assert "Thermograph" in schema["components"]["schemas"]


# ----------------------------------------------------------------- the page: Analyse
def analysed(page, game: str, position: str) -> None:
    page.goto(f"/?game={game}&position={quote(position)}&view=analyse")
    expect(page.get_by_test_id("thermograph-svg")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_test_id("error")).to_be_hidden()


def board_cell(page, cell: str, box: str = "#analyse-board"):
    return page.locator(f'{box} [data-testid="partizan-board"] [data-cell="{cell}"]')


@pytest.mark.slow
def test_domineering_2x3_canonical_form_temperature_thermograph_and_a_placement(page):
    page.set_viewport_size(DESKTOP)
    analysed(page, "domineering", "2x3")
    expect(page.get_by_test_id("game-select")).to_have_value("domineering")
    expect(page.get_by_test_id("sg-value")).to_have_text("{2|-1/2}")
    expect(page.get_by_test_id("outcome")).to_have_text("N: the first player wins, Left or Right")
    expect(page.get_by_test_id("temperature")).to_contain_text("5/4")
    expect(page.get_by_test_id("stops")).to_have_text("Left 2, Right -1/2")
    expect(page.get_by_test_id("mean")).to_have_text("3/4")
    # The thermograph: both walls and the mast, and its text alternative.
    chart = page.get_by_test_id("thermograph-svg")
    expect(chart.locator("polyline.th-left")).to_have_count(1)
    expect(chart.locator("polyline.th-right")).to_have_count(1)
    expect(chart.locator("line.th-mast")).to_have_count(1)
    text = "Thermograph(3/4,[5/4],[0,-1],3/4,[5/4,-1/2],[0,1,0])"
    expect(page.get_by_test_id("thermograph-text")).to_have_text(text)
    assert text in chart.locator("desc").text_content()
    assert chart.get_attribute("role") == "img"
    # Drawn as in the literature: Left's wall on the left, values falling to the right,
    # the walls meeting at the temperature, the mast straight up from there.
    left = points(chart.locator("polyline.th-left"))
    right = points(chart.locator("polyline.th-right"))
    assert left[0][0] < right[0][0]  # at t = -1: 3 (left) and -1 (right)
    assert left[0][1] > left[-1][1]  # the wall rises with t (up the page)
    assert left[-1] == pytest.approx(right[-1], abs=0.01)  # they meet at (t = 5/4, 3/4)
    mast = chart.locator("line.th-mast")
    top_x = float(mast.get_attribute("x1"))
    assert top_x == pytest.approx(left[-1][0], abs=0.01)
    assert float(mast.get_attribute("x2")) == top_x
    # Each player's winning moves: Left's one, Right's four.
    expect(page.get_by_test_id("left-wins").locator("button")).to_have_count(1)
    expect(page.get_by_test_id("right-wins").locator("button")).to_have_count(4)
    shot(page, "analyse-domineering.png")
    # Click a square, then the one below it: Left's upright domino in column b.
    board_cell(page, "0,1").click()
    expect(board_cell(page, "0,1")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("partizan-caption")).to_contain_text("b1 chosen")
    board_cell(page, "1,1").click()
    expect(page).to_have_url(re.compile(r"position=\.%23\.%7C\.%23\.&"))
    expect(page.get_by_test_id("sg-value")).to_have_text("2")
    expect(page.get_by_test_id("outcome")).to_contain_text("L: Left wins")
    expect(page.get_by_test_id("components")).to_contain_text("= 1")


def points(polyline) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in polyline.get_attribute("points").split()]


@pytest.mark.slow
def test_the_keyboard_places_a_domino_with_an_arrow_key(page):
    analysed(page, "domineering", "2x3")
    first = board_cell(page, "0,0")
    first.focus()
    page.keyboard.press("ArrowRight")  # no square chosen: the arrows move the focus
    expect(board_cell(page, "0,1")).to_be_focused()
    page.keyboard.press("Enter")
    expect(board_cell(page, "0,1")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")  # lets go
    expect(board_cell(page, "0,1")).not_to_have_attribute("aria-pressed", "true")
    expect(board_cell(page, "0,1")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")  # from b1, to the right: Right's domino b1-c1
    expect(page.get_by_test_id("sg-value")).to_have_text("-1/2")
    assert "position=%23%23%23%7C...&" not in page.url
    expect(page).to_have_url(re.compile(r"position=\.%23%23%7C\.\.\.&"))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "position", "value", "clicks"),
    [
        ("clobber", "xox|ox.", "{^^*|*,v}", ["0,0", "0,1"]),  # Left's a1 takes b1
        ("toads-and-frogs", "TT..FF", "*", ["0,1"]),  # a toad steps right
        ("amazons", "x..|..o", None, ["0,0", "0,2", "0,0"]),  # a1 to c1, burning a1
    ],
)
def test_the_grid_boards_of_analyse(page, game, position, value, clicks):
    analysed(page, game, position)
    if value is not None:
        expect(page.get_by_test_id("sg-value")).to_have_text(value)
    before = page.url
    for cell in clicks:
        board_cell(page, cell).click()
    expect(page).not_to_have_url(before)
    expect(page.get_by_test_id("thermograph-svg")).to_be_visible()
    expect(page.get_by_test_id("error")).to_be_hidden()


@pytest.mark.slow
def test_cutcake_and_hackenbush_boards_of_analyse(page):
    from test_web_edges import click_edge

    analysed(page, "cutcake", "2x3 + 1x1")
    expect(page.get_by_test_id("components")).to_be_visible()
    # A piece offers its cuts; each lights its line, and plays.
    piece = page.locator('#analyse-board button[data-piece="2x3"]')
    piece.click(position={"x": 3, "y": 3})
    choices = page.get_by_test_id("cut-choice").locator("button.choice-move")
    expect(choices).to_have_count(2)  # Left after column 1 or 2 (one move), Right after row 1
    choices.filter(has_text="Right").click()
    expect(page).to_have_url(re.compile(r"position=1x1\+%2B\+1x3\+%2B\+1x3&"))
    expect(page.get_by_test_id("sg-value")).to_have_text("4")  # 0 + 2 + 2
    analysed(page, "blue-red-hackenbush", "lre")
    edges = page.locator('#analyse-board [data-testid="partizan-board-edge"]')
    expect(edges).to_have_count(3)
    assert [e.get_attribute("data-colour") for e in edges.all()] == ["blue", "red", "green"]
    click_edge(edges.nth(1))  # Right cuts the red edge: the green one falls with it
    expect(page.get_by_test_id("sg-value")).to_have_text("1")


@pytest.mark.slow
def test_analyse_on_a_phone(page):
    page.set_viewport_size(PHONE)
    analysed(page, "domineering", "2x3")
    expect(page.get_by_test_id("sg-value")).to_have_text("{2|-1/2}")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width} px"
    chart = page.get_by_test_id("thermograph-svg").bounding_box()
    assert chart["width"] <= PHONE["width"]
    for cell in page.locator("#analyse-board button").all():
        box = cell.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    shot(page, "analyse-domineering-phone.png")
    analysed(page, "amazons", "x...|o...")  # a long canonical form wraps
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width} px"


# ----------------------------------------------------------------- the page: Play
def start_play(page, game: str, position: str, side: str = "Left", first: str = "me") -> None:
    page.goto(f"/?game={game}&position={quote(position)}&view=play")
    expect(page.get_by_test_id("side-field")).to_be_visible()
    page.get_by_test_id(f"play-side-{side.lower()}").check()
    page.get_by_test_id(f"play-first-{first}").check()
    page.get_by_test_id("play-start").click()


def play_on_the_board(page, move) -> str:
    """Make moves on the board, each by `move(page)`, until the game ends."""
    for _ in range(200):
        if status_of(page) != "Your move":
            return status_of(page)
        move(page)
    pytest.fail("the game did not end")


def first_grid_square(page) -> None:
    """The first square that goes on with a move (a creature, a stone, then its target)."""
    page.locator("#heaps button.pz-move").first.click()


@pytest.mark.slow
def test_the_engine_wins_toads_and_frogs_moving_first_from_a_first_player_win(page):
    start_play(page, "toads-and-frogs", "TT..FF", side="Left", first="engine")
    assert play_on_the_board(page, first_grid_square) == "The engine wins."
    log = page.get_by_test_id("move-log")
    expect(log.locator("li.log-engine").first).to_contain_text("engine: Right frog")
    expect(log.locator("li.log-you").first).to_contain_text("you: Left toad")
    expect(page.get_by_test_id("lost-notice")).to_be_visible()
    shot(page, "play-toads-and-frogs.png")


@pytest.mark.slow
def test_the_engine_wins_clobber_from_a_second_player_win(page):
    """xox|oxo is 0: whoever moves first loses. The person plays Right (the o stones),
    moves first, clicking a stone then the stone it takes; the engine wins."""
    start_play(page, "clobber", "xox|oxo", side="Right", first="me")
    expect(page.get_by_test_id("partizan-to-move")).to_have_text("Right to move (you)")
    expect(page.get_by_test_id("lost-notice")).to_contain_text("Your position is lost")
    assert play_on_the_board(page, first_grid_square) == "The engine wins."
    moves = page.get_by_test_id("move-log").locator("li.log-you").all_text_contents()
    assert moves and all("you: Right" in m for m in moves)
    # The link replays the game.
    url = page.url
    played = page.get_by_test_id("move-log").locator("li").all_text_contents()
    page.goto(url)
    assert status_of(page) == "The engine wins."
    assert page.get_by_test_id("move-log").locator("li").all_text_contents() == played


@pytest.mark.slow
def test_a_domino_placed_with_the_keyboard_in_play(page):
    page.set_viewport_size(PHONE)
    start_play(page, "domineering", "3x3", side="Left", first="me")
    assert status_of(page) == "Your move"
    cell = page.locator('#heaps [data-cell="0,1"]')
    cell.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")  # Left's upright domino b1-b2
    assert status_of(page) in ("Your move", "You win!", "The engine wins.")
    expect(page.get_by_test_id("move-log")).to_contain_text("you: Left b1-b2")
    expect(page.get_by_test_id("move-log")).to_contain_text("engine: Right")
    # Back on the board (the square played from, or the first one), not lost to the page.
    assert page.evaluate("document.activeElement.closest('#heaps') !== null")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width} px"


def cut_first_line(page) -> None:
    line = page.locator("#heaps .pz-cut").first
    upright = "pz-cut-left" in line.get_attribute("class")
    line.click(position={"x": 7, "y": 3} if upright else {"x": 3, "y": 7})


def cut_first_edge(page) -> None:
    from test_web_edges import click_edge

    click_edge(page.locator('#heaps [data-testid="partizan-board-edge"][role="button"]').first)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "position", "move"),
    [
        ("domineering", "3x3", first_grid_square),
        ("amazons", "x..|..o", first_grid_square),
        ("cutcake", "3x4", cut_first_line),
        ("blue-red-hackenbush", "lrl(e;r)", cut_first_edge),
    ],
)
def test_each_board_is_played_to_the_end(page, game, position, move):
    start_play(page, game, position, side="Left", first="me")
    assert play_on_the_board(page, move) in ("You win!", "The engine wins.")
    assert page.get_by_test_id("move-log").locator("li.log-you").count() >= 1
    # Undo goes back to the person's last turn; the board is drawn again.
    page.get_by_test_id("undo").click()
    assert status_of(page) == "Your move"
    expect(page.get_by_test_id("partizan-board")).to_be_visible()


# ----------------------------------------------------------------- accessibility
@pytest.mark.slow
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_axe_finds_no_serious_violation(page, size):
    pytest.importorskip("axe_playwright_python.sync_playwright")
    from test_web_a11y import assert_tap_targets, serious_violations

    page.set_viewport_size(size)
    problems = []
    for game, position in (
        ("domineering", "2x3"),
        ("cutcake", "2x3"),
        ("blue-red-hackenbush", "lre"),
    ):
        analysed(page, game, position)
        problems += [f"{game} analyse: {line}" for line in serious_violations(page)]
        start_play(page, game, position)
        assert status_of(page) == "Your move"
        problems += [f"{game} play: {line}" for line in serious_violations(page)]
        if size == PHONE and game == "domineering":
            assert_tap_targets(page)
    assert not problems, "axe-core found serious violations:\n" + "\n".join(problems)
