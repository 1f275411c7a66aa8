"""Screenshots of the playground for the docs: every catalog game's board, desktop and phone.

Starts ``grundy serve`` on a free local port, opens each game of ``/api/games`` at its
example position in the Play view with Chromium (Playwright), starts a game and saves the
board (``board-<game>.png`` at 1366 x 768, ``board-<game>-phone.png`` at 390 x 844), then a
few views (Analyse with the XOR drawn, Analyse in misère play through Kayles' misère
quotient, Analyse of a partizan position with its thermograph, desktop and phone, Analyse
of a loopy game typed in CGSuite's notation, desktop and phone, the Sequence heat map, a
game's history), the
Sequence view's "Find the pattern" card (``pattern-*.png``), and writes
``docs/playground.md``, the gallery the README links to.

Run: ``python docs/images/make_screenshots.py`` (needs the ``dev`` extra and Chromium);
``--only boards``, ``--only views``, ``--only pattern``, ``--only partizan`` (the
partizan Analyse views and the partizan games' boards) or ``--only loopy`` (Analyse of a
loopy game) makes those images alone, and
``--game NAME`` (again for more) those games' boards alone; both leave
``docs/playground.md`` as it is.
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

HERE = Path(__file__).resolve().parent
GALLERY = HERE.parent / "playground.md"
CHROMIUM = Path("/usr/bin/chromium")  # Debian's; else Playwright's own
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SETTLED = re.compile(r"^(Your move|You win!|The engine wins\.|A draw\.|A tie\.)$")


def start_server() -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "grundy", "serve", "--port", str(port), "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            urllib.request.urlopen(f"{base}/api/health", timeout=2)
            return server, base
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start")


def slug(game: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", game.lower()).strip("-")


def board(page: Page, base: str, game: dict, viewport: dict, name: str) -> bool:
    """Start a game of `game` in the Play view and save its board card; False if none.
    A board whose move takes two clicks is shown with its first made (PREPARE)."""
    page.set_viewport_size(viewport)
    query = urllib.parse.urlencode(
        {"game": game["game"], "position": game["position"], "view": "play", "first": "me"}
    )
    page.goto(f"{base}/?{query}")
    page.get_by_test_id("play-start").click()
    status = page.get_by_test_id("play-status")
    status.filter(has_text=SETTLED).wait_for(timeout=60_000)
    if status.text_content() != "Your move":
        return False
    for selector, action in PREPARE.get(game["game"], ()):
        getattr(page.locator(selector).first, action)()
    page.locator("#play-panel-moves").screenshot(path=str(HERE / name))
    return True


# Boards shown with a first click made: (selector, "click" or "hover") in turn.
PREPARE = {
    "cram": [('#heaps [data-cell="1,1"]', "click")],
    "fox-and-geese": [('#heaps [data-cell="0,1"]', "click")],
    "konane": [('#heaps [data-cell="0,0"]', "click"), ('#heaps [data-cell="0,4"]', "hover")],
    "toppling-dominoes": [
        ('#heaps [data-domino="0"]', "click"),
        ('[data-testid="topple-sides"] [data-side="east"]', "hover"),
    ],
}
# Boards shown besides the catalog's example: (game, position, image), e.g. Snort and Col on
# a board of squares (their examples are graphs).
EXTRA_BOARDS = [
    ("snort", "3x3", "board-snort-squares"),
    ("col", "x....|..o..|.....", "board-col-squares"),
    ("arc-kayles", "3x3", "board-arc-kayles-grid"),
]
# What the gallery says under each board's heading (the games whose board needs words).
BOARD_WORDS = {
    "cram": [
        "Click a square, then a square beside, above or below it: a domino covers both (or",
        "choose a square and press an arrow key). After the first click the squares that",
        "finish a domino are marked, each coloured by what the move does.",
    ],
    "arc-kayles": [
        "Click an edge to take it: both its ends go, with every edge at them (marked as you",
        "point). A graph typed as a grid `RxC` is drawn on its grid, vertex r·C + c at row r,",
        "column c.",
    ],
    "snort": [
        "Snort on a graph (CGSuite's notation) is drawn without ground, its vertices numbered",
        "as moves name them: click a vertex to colour it. A vertex next to Left's colour is",
        "blue with an L, next to Right's red with an R; one the player may not colour (next to",
        "the other's colour) is dashed and, focused or clicked, says why. On a board of",
        "squares (`3x3`, `x..|...`) a click colours a square; a square next to the other's",
        "colour is hatched and names the squares that forbid it. Under Analyse the board",
        "offers Left's or Right's moves, chosen above it.",
    ],
    "col": [
        "Col's board is Snort's, with the other rule: a vertex or square next to the player's",
        "own colour is the one forbidden (dashed or hatched, and saying why).",
    ],
    "konane": [
        "Click a stone, then the square it jumps to; on a multiple jump, its last square. The",
        "squares a longer jump lands on on the way are dotted; pointing at a jump's last",
        "square marks its path and the stones it takes.",
    ],
    "toppling-dominoes": [
        "A strip of dominoes: blue (Left's), red and striped (Right's), grey and dotted",
        "(either's). Click a domino, then a side, west or east (or the arrow keys ← and →):",
        "the dominoes that fall are marked as you point at a side, and fall as it is played.",
    ],
    "fox-and-geese": [
        "A checkered board with no top; the geese (G, Left's) and the fox (F, Right's) stand",
        "on the light squares. Click a goose, then the square below it where it steps (or the",
        "fox, then any diagonal square): the squares a piece reaches are marked when it is",
        "chosen, each coloured by what the move does. The arrow keys move between the pieces",
        "and squares, Enter chooses, Escape lets go. The engine plays perfectly: from this",
        "start the geese trap the fox, whoever moves first.",
    ],
    "partizan-arc-kayles": [
        "The graph is drawn as Blue-Red Hackenbush's drawing, without ground, its vertices",
        "numbered as moves name them. Click an edge of your colour (green: either's) to take",
        "it with both its ends; the edges that go with them are marked as you point.",
    ],
}


def pattern_card(
    page: Page, base: str, query: str, viewport: dict, name: str, at: str = ""
) -> None:
    """Find the pattern in the Sequence view of `query`, answer `at` if given, save the card."""
    page.set_viewport_size(viewport)
    page.goto(f"{base}/?{query}&view=sequence")
    page.get_by_test_id("pattern-button").click()
    page.get_by_test_id("pattern-results").locator(".pattern-searched").wait_for(timeout=60_000)
    if at:
        page.get_by_test_id("pattern-at").fill(at)
        page.get_by_test_id("pattern-at-button").click()
        page.get_by_test_id("pattern-value").wait_for(timeout=60_000)
    page.get_by_test_id("pattern-card").screenshot(path=str(HERE / name))
    print("saved", name, flush=True)


def analyse_misere(page: Page, base: str) -> None:
    """Analyse misère Kayles 2 5 7: the quotient's element, outcome and winning move."""
    page.set_viewport_size(DESKTOP)
    page.goto(f"{base}/?game=kayles&position=2+5+7&misere=1&view=analyse")
    page.get_by_test_id("misere-element").wait_for()
    page.get_by_test_id("moves-left").wait_for()
    page.get_by_test_id("options").locator("button").first.wait_for()
    page.locator("#panel-analyse").screenshot(path=str(HERE / "analyse-misere-kayles.png"))
    print("saved analyse-misere-kayles.png", flush=True)


def analyse_partizan(page: Page, base: str) -> None:
    """Analyse Domineering 2x3: its canonical form, thermograph and board, desktop and phone."""
    for viewport, name in (
        (DESKTOP, "analyse-domineering.png"),
        (PHONE, "analyse-domineering-phone.png"),
    ):
        page.set_viewport_size(viewport)
        page.goto(f"{base}/?game=domineering&position=2x3&view=analyse")
        page.get_by_test_id("thermograph-svg").wait_for()
        page.get_by_test_id("options").locator("button").first.wait_for()
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.locator("#panel-analyse").screenshot(path=str(HERE / name))
        print("saved", name, flush=True)


def analyse_loopy(page: Page, base: str) -> None:
    """Analyse of loopy games typed in CGSuite's notation: a value given by its sides
    (desktop) and a stopper (phone)."""
    for viewport, name, game in (
        (DESKTOP, "loopy-analyse.png", "a{0|{a|*}}"),
        (PHONE, "loopy-analyse-phone.png", "upon + *"),
    ):
        page.set_viewport_size(viewport)
        query = urllib.parse.urlencode({"game": "cgt", "position": game, "view": "analyse"})
        page.goto(f"{base}/?{query}")
        page.get_by_test_id("cgt-examples").wait_for()
        page.get_by_test_id("options").locator("button").first.wait_for()
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.locator("#panel-analyse").screenshot(path=str(HERE / name))
        print("saved", name, flush=True)


LOOPY_LINES = [
    "### Loopy games typed in CGSuite's notation",
    "",
    "*A game in CGSuite's notation* (in the game list, before “Another game”) takes any",
    "game as `grundy cgt` does, short or loopy: `on`, `off`, `over`, `under`, `upon`, `dud`,",
    "`pass` inside braces (`{0|pass}`), labelled loops (`a{0|a}`), values by their sides",
    "(`A & B`) and sums (`on + off`, `upon + *`). Analyse gives a stopper's simplest form,",
    "its stops and degree of loopiness, or a game's onside and offside, and who wins with draws:",
    "L, R, N, P, D and CGSuite's hatted classes, in words (N̂: Left wins moving first;",
    "Right moving first, it is a draw). The options, or the two sides, are buttons that",
    "analyse them; a card says what stoppers and sides are, with examples to click (more in",
    "the tutorial's chapter [Loopy partizan games](tutorial.md#loopy-partizan-games)). The",
    "server bounds the work (`max_states` states a comparison, `max_loopy_vertices` vertices",
    "a graph) and says in one line what it refuses (`/api/cgt`, as `grundy cgt`). The loopy",
    "games of the catalog, Fox and Geese and Backsliding Toads and Frogs, get the same in",
    "Analyse for a position (`/api/value`), each move saying whether it wins, draws or loses",
    "for its player; Fox and Geese is played on its checkered board (below).",
    "",
    "![Analyse: a{0|{a|*}} is 1 & *, not a stopper; Left wins moving first, and with Right"
    " moving first it is a draw](images/loopy-analyse.png)",
    "",
    "![Analyse on a phone: upon + * is the stopper ^[on]*, a first-player win, of degree"
    " ^<on>](images/loopy-analyse-phone.png)",
    "",
]


PARTIZAN_LINES = [
    "## Partizan games",
    "",
    "A partizan game (Domineering, Clobber, Cutcake, Amazons, Toads and Frogs, Blue-Red",
    "Hackenbush, Snort, Col, Konane, Toppling Dominoes, Partizan Arc Kayles) is valued by",
    "its canonical form in CGSuite's notation. Analyse says who",
    "wins (Left, Right, the first or the second player), the stops, mean and temperature,",
    "the components' values and each player's winning moves, and draws the thermograph",
    "from its exact walls: Left's wall blue, Right's red, the mast at the mean, values",
    "falling to the right. The board's moves, of either player, go to the position they",
    "leave. In Play you choose Left or Right and who starts; the engine plays it out",
    "perfectly (`/api/value`, as `grundy value`; play as `grundy play`).",
    "",
    "![Analyse: Domineering 2x3 is {2|-1/2}, temperature 5/4, its thermograph drawn from"
    " the exact walls](images/analyse-domineering.png)",
    "",
    "![Analyse on a phone: Domineering 2x3](images/analyse-domineering-phone.png)",
    "",
]


# The "Find the pattern" images and what the gallery says of them.
PATTERN_SHOTS = [
    ("game=allbut:2,3,7&position=9+4", DESKTOP, "pattern-allbut.png", "10" * 15),
    ("game=wythoff&position=3+5", PHONE, "pattern-wythoff-phone.png", ""),
    ("game=knight&position=5+9", DESKTOP, "pattern-regions-knight.png", ""),
]
PATTERN_LINES = [
    "## Find the pattern",
    "",
    "The Sequence view's *Find the pattern* (找规律) searches formulas for the values shown",
    "(single heaps n, or two heaps a, b), checks each against the rules and names the theorem",
    "that proves it: each formula has a badge, *proved*, *verified* (the mex rule holds on the",
    "region checked) or *fits the table*; in 2-D the P-positions and periodic rows are listed",
    "too. The field under it answers any n, however big, by the best pattern, saying whether",
    "the answer is proved or conjectural (`/api/pattern`, as `grundy pattern`).",
    "",
    "![Find the pattern: all-but subtraction {2, 3, 7}, a verified arithmetic period and a"
    " conjectural answer at a 30-digit n](images/pattern-allbut.png)",
    "",
    "![Find the pattern on a phone: Wythoff's P-positions as Beatty sequences]"
    "(images/pattern-wythoff-phone.png)",
    "",
    "A rule by region (the knight's: periodic along rows, columns and the diagonal, away",
    "from a band) is drawn on the table's heat map with the borders between its regions;",
    "each cell names its value and its region, and the regions are listed with their rules.",
    "",
    "![Find the pattern: the knight's rule by region, proved by the finite-window theorem,"
    " its five regions outlined on the heat map](images/pattern-regions-knight.png)",
    "",
]


MISERE_LINES = [
    "In misère play (the *misère* switch) a sum of heaps of a take-and-break game is",
    "answered through the game's misère quotient (`grundy misere`): the element the heaps",
    "make, and whether it is in the P-portion; a game without one says it was searched.",
    "",
    "![Analyse in misère play: Kayles 2 5 7 makes b²c, not in the P-portion, so the player"
    " to move wins](images/analyse-misere-kayles.png)",
    "",
]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only",
        choices=["boards", "views", "pattern", "partizan", "loopy"],
        help="make these images alone",
    )
    parser.add_argument("--game", action="append", default=[], help="make this game's boards alone")
    args = parser.parse_args(argv)
    only, named = args.only, args.game
    if named:
        only = "games"
    server, base = start_server()
    shots: list[tuple[str, str, str]] = []  # title, desktop file, phone file
    try:
        games = json.load(urllib.request.urlopen(f"{base}/api/games"))["games"]
        with sync_playwright() as driver:
            launch = {"executable_path": str(CHROMIUM)} if CHROMIUM.exists() else {}
            browser = driver.chromium.launch(headless=True, **launch)
            page = browser.new_page(viewport=DESKTOP)
            if only in (None, "pattern"):
                for query, viewport, name, at in PATTERN_SHOTS:
                    pattern_card(page, base, query, viewport, name, at)
            if only == "partizan":
                analyse_partizan(page, base)
            if only == "loopy":
                analyse_loopy(page, base)
            chosen = {
                None: games,
                "boards": games,
                "partizan": [g for g in games if g["kind"] == "partizan"],
                "games": [g for g in games if g["game"] in named],
            }
            for game in chosen.get(only, []):
                name = f"board-{slug(game['game'])}"
                if not board(page, base, game, DESKTOP, f"{name}.png"):
                    continue
                board(page, base, game, PHONE, f"{name}-phone.png")
                title = game.get("title") or game["game"]
                shots.append((f"{title} ({game['game']} {game['position']})".strip(), name, ""))
                print("saved", name, flush=True)
                for extra, position, extra_name in EXTRA_BOARDS:
                    if extra != game["game"]:
                        continue
                    shown = {**game, "position": position}
                    board(page, base, shown, DESKTOP, f"{extra_name}.png")
                    board(page, base, shown, PHONE, f"{extra_name}-phone.png")
                    words = f"{title} ({extra} {position})"
                    shots.append((words, extra_name, game["game"]))
                    print("saved", extra_name, flush=True)
            if only in (None, "views"):
                page.set_viewport_size(DESKTOP)
                page.goto(f"{base}/?game=nim&position=3+4+5&view=analyse")
                page.get_by_test_id("xor-table").wait_for()
                page.locator("#panel-analyse").screenshot(path=str(HERE / "analyse-nim.png"))
                analyse_misere(page, base)
                analyse_partizan(page, base)
                analyse_loopy(page, base)
                page.goto(f"{base}/?game=wythoff&position=3+5&view=sequence")
                page.get_by_test_id("heatmap").locator("[aria-label='g(3, 5) = 0']").wait_for()
                page.locator("#panel-sequence").screenshot(path=str(HERE / "sequence-wythoff.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    if only is not None:
        print(f"made the {only} images; {GALLERY.name} left as it is")
        return
    lines = [
        "# The playground's boards",
        "",
        "Every game of the catalog in the Play view at its example position, each move",
        "coloured by what it does for the player who makes it (made by",
        "`docs/images/make_screenshots.py`). Desktop (1366 × 768), then phone (390 × 844).",
        "",
        "![Analyse: Nim 3 4 5, the XOR of the heaps bit by bit](images/analyse-nim.png)",
        "",
        *MISERE_LINES,
        "![Sequence: Wythoff's values as a heat map](images/sequence-wythoff.png)",
        "",
        *PARTIZAN_LINES,
        *LOOPY_LINES,
        *PATTERN_LINES,
    ]
    for title, name, extra in shots:
        game = next((g["game"] for g in games if name == f"board-{slug(g['game'])}"), None)
        if extra:  # another position of the game above: under its heading
            lines += [f"![{title}](images/{name}.png)", ""]
        else:
            lines += [f"## {title}", "", *BOARD_WORDS.get(game or "", [])]
            lines += [""] if game in BOARD_WORDS else []
            lines += [f"![{title}](images/{name}.png)", ""]
        lines += [f"![{title}, phone](images/{name}-phone.png)", ""]
    GALLERY.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {GALLERY.name} with {len(shots)} boards")


if __name__ == "__main__":
    main()
