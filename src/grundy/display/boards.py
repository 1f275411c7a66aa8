"""Boards and strips of cells drawn as SVG: each character of a row is a styled cell.

A board is its rows of characters, top row first (the games' own notation: ``"x.o"``,
``"TT..FF"``, ``"lrrl"``); a :class:`Cell` says how each character is drawn (its square's
colour and the piece on it). Grid games, strips, Chomp's cake and the two-player grids
are all drawn by :func:`board_picture`.

Examples
--------
>>> from grundy.display.boards import Cell, board_picture, STONES
>>> picture = board_picture(["x.", ".o"], STONES, title="clobber x.|.o", text="x .\\n. o")
>>> picture.svg.count("<circle"), picture.width, picture.height
(2, 80.0, 80.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core.errors import PictureLimitError
from .picture import Picture
from .svg import MAX_SHAPES, Svg

__all__ = [
    "Cell",
    "board_picture",
    "LEFT",
    "RIGHT",
    "GREEN",
    "INK",
    "STONES",
    "SQUARES",
    "column_letters",
    "check_board_size",
    "CHOCOLATE",
    "NOUGHTS_AND_CROSSES",
    "FOUR_IN_A_ROW",
    "AMAZONS",
    "CREATURES",
    "DOMINOES",
    "grid_picture",
    "strip_picture",
    "cake_picture",
]

#: Left's colour (blue) and Right's (red), as the playground draws them; green is both's.
LEFT, LEFT_FILL = "#1d5fbf", "#dbe8fb"
RIGHT, RIGHT_FILL = "#b8322a", "#fbe0dd"
GREEN = "#2f855a"
INK, MUTED, LINE = "#1f2933", "#616e7c", "#cbd2d9"
EMPTY, BLOCKED, FRAME = "#f8fafc", "#52606d", "#e4e9f0"

#: Pixels of a cell's side, and of the margin that holds the coordinates.
CELL = 36.0
_MARGIN = 18.0


@dataclass(frozen=True, slots=True)
class Cell:
    """How one character of a board is drawn.

    Attributes
    ----------
    fill : str
        The square's colour.
    piece : str
        What stands on it: ``""`` (nothing), ``"disc"``, ``"ring"``, ``"cross"``,
        ``"crown"`` (a disc with a ring: an amazon), ``"domino"`` (an upright
        domino) or ``"letter"`` (the `label` alone).
    colour : str
        The piece's colour.
    label : str
        Text written on the piece (``"T"`` for a toad), if any.
    name : str
        The cell in words, for the tooltip (``"Left's stone"``).

    Examples
    --------
    >>> from grundy.display.boards import Cell
    >>> Cell(piece="disc", colour="#1d5fbf", name="Left's stone").piece
    'disc'
    """

    fill: str = EMPTY
    piece: str = ""
    colour: str = INK
    label: str = ""
    name: str = ""


#: Stones of Clobber and Konane, Left's ``x`` blue and Right's ``o`` red; ``#`` blocked.
STONES: Mapping[str, Cell] = {
    ".": Cell(name="empty"),
    "x": Cell(piece="disc", colour=LEFT, name="Left's stone"),
    "o": Cell(piece="disc", colour=RIGHT, name="Right's stone"),
    "#": Cell(fill=BLOCKED, name="blocked"),
}
#: Squares taken or free: Domineering and Cram (``#`` covered), Snort and Col boards
#: (``x`` tinted by Left, ``o`` by Right).
SQUARES: Mapping[str, Cell] = {
    ".": Cell(name="empty"),
    "#": Cell(fill=BLOCKED, name="taken"),
    "x": Cell(fill=LEFT_FILL, piece="letter", colour=LEFT, label="L", name="Left's"),
    "o": Cell(fill=RIGHT_FILL, piece="letter", colour=RIGHT, label="R", name="Right's"),
}


#: Chomp's cake: squares of chocolate, the poisoned one (``p``) crossed out.
CHOCOLATE: Mapping[str, Cell] = {
    "c": Cell(fill="#8b5a2b", name="chocolate"),
    "p": Cell(fill="#5a3a1a", piece="cross", colour="#fbe0dd", name="the poisoned square"),
}

#: Tic-tac-toe: x crosses (blue), o rings (red).
NOUGHTS_AND_CROSSES: Mapping[str, Cell] = {
    ".": Cell(fill="white", name="empty"),
    "x": Cell(fill="white", piece="cross", colour=LEFT, name="x"),
    "o": Cell(fill="white", piece="ring", colour=RIGHT, name="o"),
}
#: Connect four: discs in the holes of a blue board, x red and o yellow.
FOUR_IN_A_ROW: Mapping[str, Cell] = {
    ".": Cell(fill="#2b6cb0", piece="disc", colour="white", name="empty"),
    "x": Cell(fill="#2b6cb0", piece="disc", colour="#e53e3e", name="x"),
    "o": Cell(fill="#2b6cb0", piece="disc", colour="#ecc94b", name="o"),
}
#: Amazons: Left's amazons (``x``) and Right's (``o``), burnt squares (``#``).
AMAZONS: Mapping[str, Cell] = {
    ".": Cell(name="empty"),
    "x": Cell(piece="crown", colour=LEFT, name="Left's amazon"),
    "o": Cell(piece="crown", colour=RIGHT, name="Right's amazon"),
    "#": Cell(fill=BLOCKED, piece="cross", colour="#9aa5b1", name="burnt"),
}
#: Toads and Frogs: Left's toads (``T``) hop right, Right's frogs (``F``) hop left.
CREATURES: Mapping[str, Cell] = {
    ".": Cell(name="empty"),
    "T": Cell(piece="disc", colour=LEFT, label="T", name="Left's toad"),
    "F": Cell(piece="disc", colour=RIGHT, label="F", name="Right's frog"),
}
#: Toppling Dominoes: blue (``l``, Left's), red (``r``), grey (``e``, either's).
DOMINOES: Mapping[str, Cell] = {
    ".": Cell(name="empty"),
    "l": Cell(piece="domino", colour=LEFT, name="blue domino"),
    "r": Cell(piece="domino", colour=RIGHT, name="red domino"),
    "e": Cell(piece="domino", colour="#9aa5b1", name="grey domino"),
}

#: SVG elements a cell needs at least (a group, its tooltip, its square).
_PER_CELL = 3


def check_board_size(cells: int, what: str, max_shapes: int = MAX_SHAPES) -> None:
    """Refuse a board of more `cells` than a picture of `max_shapes` elements can draw,
    before its rows are built (a row of 10^9 squares would not fit in memory).

    Raises
    ------
    PictureLimitError
        Too many cells.

    Examples
    --------
    >>> from grundy.display.boards import check_board_size
    >>> check_board_size(10**9, "chomp: 1000000000")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.PictureLimitError: chomp: 1000000000: ... (1,000,000,000 cells); ...
    """
    if cells * _PER_CELL > max_shapes:
        raise PictureLimitError(
            f"{what}: its picture needs more than {max_shapes:,} shapes ({cells:,} cells); "
            "draw a smaller position"
        )


def column_letters(count: int) -> list[str]:
    """The names of `count` columns as the grid games write cells: a, b, ..., z.

    Examples
    --------
    >>> from grundy.display.boards import column_letters
    >>> column_letters(3)
    ['a', 'b', 'c']
    """
    return [chr(ord("a") + c) if c < 26 else str(c + 1) for c in range(count)]


def board_picture(
    rows: Sequence[str],
    cells: Mapping[str, Cell],
    *,
    title: str,
    text: str,
    column_names: Sequence[str] | None = None,
    row_names: Sequence[str] | None = None,
    names_below: bool = False,
    holes: str = "",
    frame: bool = True,
    cell: float = CELL,
    what: str = "the board",
    max_shapes: int = MAX_SHAPES,
) -> Picture:
    """Draw a board of characters, top row first, each cell as `cells` says.

    Parameters
    ----------
    rows : sequence of str
        The rows, top first; rows may differ in length (Chomp's cake).
    cells : mapping of str to Cell
        How each character is drawn; a character not in it is written as a letter.
    title, text : str
        The picture's words and its text form (what ``repr`` shows).
    column_names, row_names : sequence of str, optional
        Written above the columns (below them with `names_below`) and left of the rows.
    holes : str
        Characters that are no square at all (nothing drawn there).
    frame : bool
        Draw a frame behind the whole board (not for a ragged one, such as a cake).
    cell : float
        The side of a square in pixels.
    what, max_shapes :
        The thing drawn (for a refusal) and the most SVG elements.

    Returns
    -------
    Picture

    Raises
    ------
    PictureLimitError
        More than `max_shapes` elements would be drawn.

    Examples
    --------
    >>> from grundy.display.boards import board_picture, SQUARES, column_letters
    >>> picture = board_picture(["..", "#."], SQUARES, title="domineering ..|#.", text="..|#.",
    ...                      column_names=column_letters(2), row_names=["1", "2"])
    >>> picture.svg.count("<rect"), ">a</text>" in picture.svg     # a frame, 4 squares
    (5, True)
    """
    check_board_size(sum(len(r) for r in rows), what, max_shapes)
    height_cells = len(rows)
    width_cells = max((len(r) for r in rows), default=0)
    left = _MARGIN if row_names else 4.0
    top = _MARGIN if column_names and not names_below else 4.0
    bottom = _MARGIN if column_names and names_below else 4.0
    width = left + width_cells * cell + 4.0
    height = top + height_cells * cell + bottom
    drawing = Svg(width, height, title=title, what=what, max_shapes=max_shapes)
    if frame:
        drawing.element(
            "rect",
            x=left - 1,
            y=top - 1,
            width=width_cells * cell + 2,
            height=height_cells * cell + 2,
            rx=4,
            fill=FRAME,
        )
    label_style = {"font_size": 11, "fill": MUTED, "text_anchor": "middle"}
    if column_names:
        y = height - 5.0 if names_below else top - 5.0
        for c, name in enumerate(column_names[:width_cells]):
            drawing.element("text", name, x=left + (c + 0.5) * cell, y=y, **label_style)
    if row_names:
        for r, name in enumerate(row_names[:height_cells]):
            drawing.element(
                "text",
                name,
                x=left / 2,
                y=top + (r + 0.5) * cell,
                dominant_baseline="central",
                **label_style,
            )
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char in holes:
                continue
            style = cells.get(char) or Cell(piece="letter", label=char, name=repr(char))
            _cell(drawing, left + c * cell, top + r * cell, cell, style)
    return Picture(
        text=text,
        svg=drawing.finish(),
        width=width,
        height=height,
        title=title,
        shapes=drawing.shapes,
    )


def _cell(drawing: Svg, x: float, y: float, side: float, style: Cell) -> None:
    """One square and its piece; the square's tooltip names it."""
    drawing.begin("g")
    drawing.element("title", style.name or style.label or "square")
    drawing.element(
        "rect",
        x=x + 1,
        y=y + 1,
        width=side - 2,
        height=side - 2,
        rx=3,
        fill=style.fill,
        stroke=LINE,
    )
    cx, cy, r = x + side / 2, y + side / 2, side * 0.34
    piece, colour = style.piece, style.colour
    if piece in ("disc", "crown"):
        drawing.element("circle", cx=cx, cy=cy, r=r, fill=colour, stroke=INK, stroke_width=1)
        if piece == "crown":
            drawing.element(
                "circle", cx=cx, cy=cy, r=r * 0.5, fill="none", stroke="white", stroke_width=2
            )
    elif piece == "ring":
        drawing.element("circle", cx=cx, cy=cy, r=r, fill="none", stroke=colour, stroke_width=3)
    elif piece == "cross":
        d = r * 0.8
        for sx in (-1, 1):
            drawing.element(
                "line",
                x1=cx - d,
                y1=cy - sx * d,
                x2=cx + d,
                y2=cy + sx * d,
                stroke=colour,
                stroke_width=3,
                stroke_linecap="round",
            )
    elif piece == "domino":
        drawing.element(
            "rect",
            x=cx - side * 0.17,
            y=y + side * 0.08,
            width=side * 0.34,
            height=side * 0.84,
            rx=2,
            fill=colour,
            stroke=INK,
            stroke_width=1,
        )
    if style.label and piece in ("disc", "crown", "domino", "letter"):
        ink = colour if piece == "letter" else "white"
        drawing.element(
            "text",
            style.label,
            x=cx,
            y=cy,
            font_size=side * 0.4,
            font_weight="bold",
            fill=ink,
            text_anchor="middle",
            dominant_baseline="central",
        )
    drawing.end()


def grid_picture(
    board: Sequence[str], cells: Mapping[str, Cell], *, title: str, text: str
) -> Picture:
    """A board with its columns lettered a, b, ... and its rows numbered from 1 at the
    top, as the grid games name cells (``a1`` top left).

    Examples
    --------
    >>> from grundy.display.boards import grid_picture, STONES
    >>> picture = grid_picture(["x.", ".o"], STONES, title="clobber x.|.o", text="x.|.o")
    >>> [f">{name}</text>" in picture.svg for name in ("a", "b", "1", "2")]
    [True, True, True, True]
    """
    return board_picture(
        board,
        cells,
        title=title,
        text=text,
        column_names=column_letters(max((len(row) for row in board), default=0)),
        row_names=[str(r + 1) for r in range(len(board))],
        what=title,
    )


def strip_picture(
    strip: str,
    cells: Mapping[str, Cell],
    *,
    title: str,
    text: str,
    what: str = "the strip",
    max_shapes: int = MAX_SHAPES,
) -> Picture:
    """Draw a strip of squares (Toads and Frogs, Toppling Dominoes), numbered from 1;
    squares shrink on a long strip so that it stays about 900 pixels wide at most.

    Examples
    --------
    >>> from grundy.display.boards import strip_picture, CREATURES
    >>> picture = strip_picture("TT..FF", CREATURES, title="toads-and-frogs TT..FF",
    ...                         text="TT..FF")
    >>> picture.svg.count("toad</title>"), picture.svg.count(">6</text>")
    (2, 1)
    """
    check_board_size(len(strip), what, max_shapes)
    side = max(14.0, min(CELL, 900.0 / max(len(strip), 1)))
    return board_picture(
        [strip],
        cells,
        title=title,
        text=text,
        column_names=[str(i + 1) for i in range(len(strip))],
        cell=side,
        what=what,
        max_shapes=max_shapes,
    )


def cake_picture(
    pieces: Sequence[tuple[int, int]],
    *,
    title: str,
    text: str,
    what: str = "the cake",
    max_shapes: int = MAX_SHAPES,
) -> Picture:
    """Draw rectangles of cake side by side, each ruled into its squares, its size above.

    A piece's squares are its grid lines, so a 100 x 100 piece costs 200 lines.

    Examples
    --------
    >>> from grundy.display.boards import cake_picture
    >>> picture = cake_picture([(2, 3), (1, 1)], title="cutcake 2x3 + 1x1", text="2x3 + 1x1")
    >>> picture.svg.count("<rect"), ">2x3</text>" in picture.svg
    (2, True)
    """
    check_board_size(sum(m + n for m, n in pieces), what, max_shapes)
    longest = max((max(m, n) for m, n in pieces), default=1)
    side = max(3.0, min(18.0, 160.0 / longest))
    gap, top = 16.0, 20.0
    width = sum(n * side for _, n in pieces) + gap * (len(pieces) + 1)
    width = max(width, 60.0)
    height = top + max((m * side for m, _ in pieces), default=side) + 8.0
    drawing = Svg(width, height, title=title, what=what, max_shapes=max_shapes)
    x = gap
    for m, n in pieces:
        drawing.begin("g")
        drawing.element("title", f"a piece of {m} x {n}")
        drawing.element(
            "rect",
            x=x,
            y=top,
            width=n * side,
            height=m * side,
            rx=2,
            fill="#f6dcae",
            stroke="#b7791f",
            stroke_width=2,
        )
        for c in range(1, n):
            drawing.element(
                "line",
                x1=x + c * side,
                y1=top,
                x2=x + c * side,
                y2=top + m * side,
                stroke="#d9b77e",
            )
        for r in range(1, m):
            drawing.element(
                "line",
                x1=x,
                y1=top + r * side,
                x2=x + n * side,
                y2=top + r * side,
                stroke="#d9b77e",
            )
        drawing.element(
            "text",
            f"{m}x{n}",
            x=x + n * side / 2,
            y=top - 6,
            font_size=11,
            fill="#744210",
            text_anchor="middle",
        )
        drawing.end()
        x += n * side + gap
    return Picture(
        text=text,
        svg=drawing.finish(),
        width=width,
        height=height,
        title=title,
        shapes=drawing.shapes,
    )
