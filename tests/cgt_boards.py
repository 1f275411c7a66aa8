"""What tests/test_web_boards_cgt.py checks the boards of Snort, Col, Konane, Toppling
Dominoes, Partizan Arc Kayles, Cram and Arc Kayles against: each game's rules written out
plainly (which square, vertex, stone, domino or edge makes which move), the positions
hypothesis draws, and a board drawn in the page from the server's listing, apart from any
game, with what its controls would play."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from grundy.core.errors import InvalidPositionError
from grundy.partizan.games import Col, Snort

__all__ = [
    "GAMES",
    "OTHER",
    "STEPS",
    "GRID_CELLS",
    "TWO_CLICKS",
    "GRAPH_PARTS",
    "DOMINOES",
    "colour_board_moves",
    "colour_graph_moves",
    "konane_moves",
    "toppling_moves",
    "cram_moves",
    "arc_kayles_moves",
    "drawn",
    "drawn_impartial",
    "after_text",
    "colour_boards",
    "colour_graphs",
    "konane_boards",
    "arc_kayles_graphs",
    "cram_boards",
    "plain_graphs",
    "movers",
]

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
OTHER = {"Left": "Right", "Right": "Left"}
GAMES = {"snort": Snort, "col": Col}


# ----------------------------------------------------------------- the rules, plainly
def colour_board_moves(rule: str, rows: tuple[str, ...], player: str) -> dict:
    """Snort or Col on a board: square -> the rows after `player` colours it."""
    mine = "x" if player == "Left" else "o"
    barred = mine if rule == "col" else "o" if mine == "x" else "x"
    found = {}
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            near = [
                rows[r + dr][c + dc]
                for dr, dc in STEPS
                if 0 <= r + dr < len(rows) and 0 <= c + dc < len(row)
            ]
            if cell == "." and barred not in near:
                found[(r, c)] = tuple(
                    line[:c] + mine + line[c + 1 :] if i == r else line
                    for i, line in enumerate(rows)
                )
    return found


def colour_graph_moves(rule: str, labels: str, edges: list, player: str) -> dict:
    """Snort or Col on a graph: vertex -> (labels, edges) after `player` colours it (the
    vertex goes; an uncoloured neighbour is then next to the player's colour, one next to
    the other's can no longer be coloured and goes)."""
    mine, theirs = ("L", "R") if player == "Left" else ("R", "L")
    allowed = "." + (mine if rule == "snort" else theirs)
    found = {}
    for v, label in enumerate(labels):
        if label not in allowed:
            continue
        new = list(labels)
        new[v] = "#"
        for a, b in edges:
            if v in (a, b):
                w = b if a == v else a
                new[w] = mine if labels[w] == "." else "#" if labels[w] == theirs else new[w]
        kept = [(a, b) for a, b in edges if "#" not in (new[a], new[b])]
        found[v] = ("".join(new), kept)
    return found


def konane_moves(rows: tuple[str, ...], player: str) -> dict:
    """(stone, last square) -> the rows after: a jump over an enemy stone into the empty
    square beyond, and on in the same line."""
    mine, theirs = ("x", "o") if player == "Left" else ("o", "x")
    height, width = len(rows), len(rows[0])
    found = {}
    for r in range(height):
        for c in range(width):
            if rows[r][c] != mine:
                continue
            for dr, dc in STEPS:
                board = [list(row) for row in rows]
                board[r][c] = "."
                k = 1
                while True:
                    mr, mc = r + (2 * k - 1) * dr, c + (2 * k - 1) * dc
                    lr, lc = r + 2 * k * dr, c + 2 * k * dc
                    if not (0 <= lr < height and 0 <= lc < width):
                        break
                    if rows[mr][mc] != theirs or rows[lr][lc] != ".":
                        break
                    board[mr][mc] = "."
                    after = [row[:] for row in board]
                    after[lr][lc] = mine
                    found[((r, c), (lr, lc))] = tuple("".join(row) for row in after)
                    k += 1
    return found


def toppling_moves(strip: str, player: str) -> dict:
    """(domino, "west" or "east") -> the strip after: it falls that way with every domino
    up to an empty square."""
    mine = ("l" if player == "Left" else "r") + "e"
    found = {}
    for i, square in enumerate(strip):
        if square not in mine:
            continue
        a = i
        while a > 0 and strip[a - 1] != ".":
            a -= 1
        b = i + 1
        while b < len(strip) and strip[b] != ".":
            b += 1
        found[(i, "west")] = strip[:a] + "." * (i + 1 - a) + strip[i + 1 :]
        found[(i, "east")] = strip[:i] + "." * (b - i) + strip[b:]
    return found


def cram_moves(rows: tuple[str, ...]) -> dict:
    """(square, square) -> the rows after a domino covers both (either order)."""
    found = {}
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            for dr, dc in ((0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if cell == "." and rr < len(rows) and cc < len(row) and rows[rr][cc] == ".":
                    board = [list(line) for line in rows]
                    board[r][c] = board[rr][cc] = "#"
                    after = tuple("".join(line) for line in board)
                    found[(f"{r},{c}", f"{rr},{cc}")] = found[(f"{rr},{cc}", f"{r},{c}")] = after
    return found


def arc_kayles_moves(edges: list, player: str) -> dict:
    """Edge number -> the edges left: those with neither end at its ends."""
    mine = ("l" if player == "Left" else "r") + "e"
    return {
        i: [e for e in edges if e[0] not in (u, v) and e[1] not in (u, v)]
        for i, (u, v, c) in enumerate(edges)
        if c in mine
    }


# ----------------------------------------------------------------- a board in the page
DRAW_IMPARTIAL = """async ({ name, listing }) => {
  const { cramPlayBoard } = await import("/static/partizan-boards.js");
  const { showArcKaylesBoard } = await import("/static/arc-kayles-board.js");
  let box = document.getElementById("cgt-box");
  if (!box) {
    box = document.createElement("div");
    box.id = "cgt-box";
    document.body.prepend(box);
  }
  box.replaceChildren();
  (name === "cram" ? cramPlayBoard : showArcKaylesBoard)(box, listing, () => {});
  return box.childElementCount > 0;
}"""

DRAW = """async ({ name, listing }) => {
  const { showPartizanBoard } = await import("/static/partizan-boards.js");
  const { playMoves } = await import("/static/partizan-moves.js");
  let box = document.getElementById("cgt-box");
  if (!box) {
    box = document.createElement("div");
    box.id = "cgt-box";
    document.body.prepend(box);
  }
  box.replaceChildren();
  const [board, mover] = listing.position;
  return showPartizanBoard(box, name, board, playMoves(listing), () => {}, mover);
}"""

GRID_CELLS = """() => [...document.querySelectorAll("#cgt-box button")].map((b) => ({
  cell: b.dataset.cell, position: b.dataset.position || null,
  barred: b.getAttribute("aria-disabled") === "true", words: b.getAttribute("aria-label"),
}))"""

# Every first click, then every square that completes a move from it (Konane, Cram).
TWO_CLICKS = """() => {
  const found = [];
  const stones = () => [...document.querySelectorAll("#cgt-box button.pz-move")];
  for (const cell of stones().map((b) => b.dataset.cell)) {
    document.querySelector(`#cgt-box button[data-cell="${cell}"]`).click();
    for (const b of document.querySelectorAll("#cgt-box button.pz-done")) {
      found.push({ from: cell, to: b.dataset.cell, position: b.dataset.position,
                   words: b.getAttribute("aria-label"),
                   via: b.classList.contains("pz-via") });
    }
    document.querySelector(`#cgt-box button[data-cell="${cell}"]`).click();  // let go
  }
  return found;
}"""

GRAPH_PARTS = """(selector) => [...document.querySelectorAll(`#cgt-box ${selector}`)].map((g) => ({
  vertex: g.dataset.vertex, edge: g.dataset.edge, position: g.dataset.position || null,
  button: g.getAttribute("role") === "button",
  barred: g.getAttribute("aria-disabled") === "true", words: g.getAttribute("aria-label"),
}))"""

DOMINOES = """() => [...document.querySelectorAll("#cgt-box [data-domino]")].map((d) => ({
  i: Number(d.dataset.domino), button: d.tagName === "BUTTON",
  west: d.dataset.west || null, east: d.dataset.east || null,
}))"""


def drawn(page, name: str, text: str) -> str:
    """Draw the board of `text` (a position and who is to move) as the play view does."""
    if page.url == "about:blank":
        page.goto("/")
    from grundy.web.moves import options  # the server's listing, as /api/options answers

    return page.evaluate(DRAW, {"name": name, "listing": options(name, text)})


def after_text(game, position, mover: str) -> str:
    return f"{game.format_position(position)} {OTHER[mover]}"


# ----------------------------------------------------------------- positions drawn
@st.composite
def colour_boards(draw, rule: str):
    height, width = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    cells = st.sampled_from("....xo#")
    rows = tuple(
        "".join(draw(st.lists(cells, min_size=width, max_size=width))) for _ in range(height)
    )
    try:
        return GAMES[rule].check_position(rows)  # rows: a board ("." alone is a graph)
    except InvalidPositionError:  # stones the rules never let stand side by side
        assume(False)


@st.composite
def colour_graphs(draw):
    n = draw(st.integers(1, 7))
    labels = "".join(draw(st.lists(st.sampled_from("..LR"), min_size=n, max_size=n)))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=9)) if pairs else []
    return labels, sorted(edges)


@st.composite
def konane_boards(draw):
    height, width = draw(st.integers(1, 4)), draw(st.integers(2, 5))
    cells = st.sampled_from("..xo")
    return tuple(
        "".join(draw(st.lists(cells, min_size=width, max_size=width))) for _ in range(height)
    )


@st.composite
def arc_kayles_graphs(draw):
    n = draw(st.integers(1, 6))
    pairs = [(a, b) for a in range(n) for b in range(a, n)]  # loops too
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, min_size=1, max_size=8))
    return [(u, v, draw(st.sampled_from("lre"))) for u, v in chosen]


movers = st.sampled_from(["Left", "Right"])


def drawn_impartial(page, name: str, text: str) -> bool:
    if page.url == "about:blank":
        page.goto("/")
    from grundy.web.moves import options

    return page.evaluate(DRAW_IMPARTIAL, {"name": name, "listing": options(name, text)})


@st.composite
def cram_boards(draw):
    height, width = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    cells = st.sampled_from("...#")
    return tuple(
        "".join(draw(st.lists(cells, min_size=width, max_size=width))) for _ in range(height)
    )


@st.composite
def plain_graphs(draw):
    n = draw(st.integers(2, 7))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    return sorted(draw(st.lists(st.sampled_from(pairs), unique=True, min_size=1, max_size=10)))
