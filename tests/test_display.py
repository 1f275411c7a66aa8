"""Rich display in notebooks (grundy.display): every picture is well-formed SVG that
draws exactly the position (the board, heaps or edges read back out of the SVG equal
the position), tables show exactly the values (read back out of the HTML, compared with
a plain mex search), heat maps colour exactly the zeros black, bad input and too big
pictures are one-line errors, and none of it loads numpy, matplotlib or IPython."""

from __future__ import annotations

import base64
import re
import subprocess
import sys
import zlib
from collections import Counter
from html.parser import HTMLParser
from xml.etree import ElementTree

import pytest
from conftest import DATA, naive_mex
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.core.errors import InvalidGameError, InvalidPositionError, PictureLimitError
from grundy.display import Picture, ValueGrid, ValueTable, beside, text_picture
from grundy.display.heatmap import RECT_CELLS, colour_of, heatmap_picture
from grundy.display.png import png_bytes
from grundy.display.svg import MAX_SHAPES, Svg, coordinate
from grundy.games import (
    Chomp,
    ConnectFour,
    Cram,
    GreenHackenbush,
    Kayles,
    Nim,
    SubtractionGame,
    TicTacToe,
    Wythoff,
)
from grundy.partizan.games import (
    Amazons,
    Clobber,
    Cutcake,
    Domineering,
    Hackenbush,
    Konane,
    Snort,
    ToadsAndFrogs,
    TopplingDominoes,
)

SVG = "{http://www.w3.org/2000/svg}"


# ----------------------------------------------------------------- reading pictures back
def parse_svg(svg: str) -> ElementTree.Element:
    """The SVG as an element tree: it must be well-formed XML with an SVG root."""
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width", "0")) > 0 and float(root.get("height", "0")) > 0
    assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}title").text
    return root


def titled_groups(root: ElementTree.Element) -> list[tuple[str, ElementTree.Element]]:
    """(tooltip, group) for every group whose first child is a title: one drawn thing."""
    found = []
    for group in root.iter(f"{SVG}g"):
        children = list(group)
        if children and children[0].tag == f"{SVG}title":
            found.append((children[0].text or "", group))
    return found


def cells_from_svg(svg: str) -> list[list[str]]:
    """The grid of cell names (tooltips) read back from a board picture, top row first,
    by the squares' coordinates."""
    cells = []
    for name, group in titled_groups(parse_svg(svg)):
        square = group.find(f"{SVG}rect")
        cells.append((float(square.get("y")), float(square.get("x")), name))
    ys = sorted({y for y, _, _ in cells})
    xs = sorted({x for _, x, _ in cells})
    grid = [[""] * len(xs) for _ in ys]
    for y, x, name in cells:
        grid[ys.index(y)][xs.index(x)] = name
    return grid


def board_names(board: tuple[str, ...] | list[str], names: dict[str, str]) -> list[list[str]]:
    return [[names[ch] for ch in row] for row in board]


def picture_of(game, position) -> Picture:
    picture = game.picture(position)
    assert isinstance(picture, Picture)
    assert picture.svg is not None and picture._repr_svg_() == picture.svg
    assert picture._repr_html_() is None  # the SVG shows, not a <pre>
    parse_svg(picture.svg)
    assert picture.shapes <= MAX_SHAPES
    return picture


# ----------------------------------------------------------------- the builder
def test_svg_builder_escapes_text_and_counts_shapes():
    drawing = Svg(10, 10, title="<a & b>", max_shapes=3)
    drawing.element("text", '"x" < y', x=1, y=2)
    drawing.begin("g")
    drawing.element("rect", width=1, height=1)
    root = parse_svg(drawing.finish())
    assert root.find(f"{SVG}title").text == "<a & b>"
    assert root.find(f"{SVG}text").text == '"x" < y'
    with pytest.raises(PictureLimitError, match="more than 3 shapes"):
        drawing.element("circle", r=1)
    for bad in (0, -1, 1.5, True):
        with pytest.raises(InvalidGameError, match="max_shapes"):
            Svg(1, 1, title="t", max_shapes=bad)


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))
def test_coordinates_are_written_within_a_hundredth(value):
    assert abs(float(coordinate(value)) - value) <= 0.005 + 1e-9


# ----------------------------------------------------------------- boards
GRID_NAMES = {".": "empty", "#": "taken", "x": "Left's", "o": "Right's"}
STONE_NAMES = {".": "empty", "#": "blocked", "x": "Left's stone", "o": "Right's stone"}


def boards(cells: str, most: int = 5):
    return st.integers(1, most).flatmap(
        lambda width: st.lists(
            st.text(alphabet=cells, min_size=width, max_size=width), min_size=1, max_size=most
        )
    )


@given(boards(".#"))
def test_domineering_and_cram_pictures_draw_every_square(rows):
    for game in (Domineering(), Cram()):
        picture = picture_of(game, rows)
        assert cells_from_svg(picture.svg) == board_names(rows, GRID_NAMES)
        assert repr(picture) == game.draw(tuple(rows))  # a terminal shows the text form


@given(boards(".xo"))
def test_clobber_and_konane_pictures_draw_every_stone(rows):
    for game in (Clobber, Konane()):
        picture = picture_of(game, rows)
        assert cells_from_svg(picture.svg) == board_names(rows, STONE_NAMES)
        stones = sum(row.count("x") + row.count("o") for row in rows)
        assert picture.svg.count("<circle") == stones


@given(boards(".xo#"))
def test_amazons_and_snort_boards(rows):
    amazons = {".": "empty", "#": "burnt", "x": "Left's amazon", "o": "Right's amazon"}
    assert cells_from_svg(picture_of(Amazons(), rows).svg) == board_names(rows, amazons)
    try:
        Snort.check_position(rows)
    except InvalidPositionError:  # x next to o: Snort never allows it
        return
    assert cells_from_svg(picture_of(Snort, rows).svg) == board_names(rows, GRID_NAMES)


@given(st.text(alphabet="TF.", min_size=1, max_size=40))
def test_toads_and_frogs_strip(strip):
    names = {".": "empty", "T": "Left's toad", "F": "Right's frog"}
    picture = picture_of(ToadsAndFrogs(), strip)
    assert cells_from_svg(picture.svg) == [[names[c] for c in strip]]
    assert re.findall(r">(\d+)</text>", picture.svg) == [str(i + 1) for i in range(len(strip))]


@given(st.text(alphabet="lre.", min_size=1, max_size=40))
def test_toppling_dominoes_strip(strip):
    names = {".": "empty", "l": "blue domino", "r": "red domino", "e": "grey domino"}
    assert cells_from_svg(picture_of(TopplingDominoes(), strip).svg) == [[names[c] for c in strip]]


def test_a_thousand_square_strip_stays_narrow():
    picture = picture_of(ToadsAndFrogs(), "T." * 500)
    assert picture.width < 15_000 and cells_from_svg(picture.svg)[0][0] == "Left's toad"


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6).map(lambda rows: sorted(rows)[::-1]))
def test_chomp_draws_the_young_diagram_with_the_poison_bottom_left(rows):
    picture = picture_of(Chomp(), tuple(rows))
    grid = cells_from_svg(picture.svg)  # top row first, ragged rows padded with ""
    lengths = [sum(1 for name in row if name) for row in reversed(grid)]
    assert lengths == list(rows)
    assert grid[-1][0] == "the poisoned square"
    assert Counter(name for row in grid for name in row if name) == Counter(
        {"chocolate": sum(rows) - 1, "the poisoned square": 1}
    )


def test_tictactoe_and_connect_four():
    board = "xo.x..o.x"
    grid = cells_from_svg(picture_of(TicTacToe(), board).svg)
    assert grid == [["x", "o", "empty"], ["x", "empty", "empty"], ["o", "empty", "x"]]
    game = ConnectFour(5, 4)
    columns = ("xo", "", "xxo", "o", "")
    grid = cells_from_svg(picture_of(game, columns).svg)
    # Top row first: the bottom row holds each column's first piece.
    for c, column in enumerate(columns):
        stack = [grid[3 - r][c] for r in range(4)]
        assert stack == [*column, *["empty"] * (4 - len(column))]


@given(st.lists(st.tuples(st.integers(1, 12), st.integers(1, 12)), min_size=1, max_size=5))
def test_cutcake_draws_each_piece_with_its_size(pieces):
    position = Cutcake.check_position(" + ".join(f"{m}x{n}" for m, n in pieces))
    picture = picture_of(Cutcake, position)
    drawn = [name for name, _ in titled_groups(parse_svg(picture.svg))]
    assert Counter(drawn) == Counter(f"a piece of {m} x {n}" for m, n in position)
    for m, n in position:
        assert f">{m}x{n}</text>" in picture.svg


# ----------------------------------------------------------------- heaps
@given(st.lists(st.integers(0, 30), min_size=1, max_size=8))
def test_heaps_are_drawn_counter_by_counter_or_as_a_bar(heaps):
    picture = picture_of(Nim(), tuple(heaps))
    groups = titled_groups(parse_svg(picture.svg))
    assert [name for name, _ in groups] == [f"heap {i + 1}: {h}" for i, h in enumerate(heaps)]
    for (_, group), heap in zip(groups, heaps, strict=True):
        counters = len(group.findall(f"{SVG}circle"))
        bars = len(group.findall(f"{SVG}rect"))
        assert (counters, bars) == ((heap, 0) if heap <= 20 else (0, 1))
        assert [t.text for t in group.findall(f"{SVG}text")] == [str(heap)]


def test_huge_heaps_are_exact_and_cheap():
    heap = 10**18 + 7
    picture = picture_of(Nim(), (heap, 3))
    assert f">{heap}</text>" in picture.svg and picture.shapes < 30
    giant = 7 * 10**40
    label = re.search(r">700000…0000 \(41 digits\)</text>", picture_of(Nim(), giant).svg)
    assert label is not None
    assert f"heap 1: {giant}" in picture_of(Nim(), giant).svg  # the tooltip is whole


def test_wythoff_octal_and_subtraction_games_draw_heaps():
    picture = picture_of(Wythoff(), (3, 5))
    assert [t for t in re.findall(r">([ab0-9]+)</text>", picture.svg)] == ["3", "a", "5", "b"]
    assert picture_of(Kayles, 4).svg.count("<circle") == 4
    assert picture_of(SubtractionGame([1, 3, 4]), (2, 2)).svg.count("<circle") == 4


def test_a_sum_is_drawn_part_by_part():
    sum_picture = picture_of(Chomp(), gr.Sum((2, 1), (1,)))
    assert sum_picture.svg.count("<svg") == 3 and ">+</text>" in sum_picture.svg
    assert sum_picture.svg.count("the poisoned square") == 2
    mixed = picture_of(Chomp() + Nim(), ((3,), (2, 2)))
    assert mixed.svg.count("<circle") == 4 and mixed.svg.count("chocolate") == 2
    assert beside([text_picture("a"), mixed]).svg is None  # a text part: all text


# ----------------------------------------------------------------- graphs
def edges_from_svg(svg: str) -> Counter:
    found = Counter()
    for name, _ in titled_groups(parse_svg(svg)):
        colour, _, ends = name.partition(" edge ")
        u, v = map(int, ends.split("-"))
        found[colour, min(u, v), max(u, v)] += 1
    return found


hackenbush_graphs = st.lists(
    st.tuples(st.integers(0, 6), st.integers(0, 6), st.sampled_from("lre")), max_size=10
)


@given(hackenbush_graphs)
def test_hackenbush_draws_exactly_the_edges_that_stand(edges):
    game = Hackenbush()
    position = game.check_position(edges)  # edges that do not reach the ground fell
    names = {"l": "blue", "r": "red", "e": "green"}
    expected = Counter((names[c], min(u, v), max(u, v)) for u, v, c in position)
    assert edges_from_svg(picture_of(game, position).svg) == expected


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=10))
def test_green_hackenbush_with_another_ground(edges):
    game = GreenHackenbush(ground=3)
    position = game.check_position(edges)
    expected = Counter(("green", min(u, v), max(u, v)) for u, v in position)
    assert edges_from_svg(picture_of(game, position).svg) == expected


def test_hackenbush_stalks_stand_in_order():
    svg = picture_of(Hackenbush(), "lrl").svg
    paths = re.findall(r'<path d="M ([\d.]+) ([\d.]+) Q [\d. ]+ ([\d.]+) ([\d.]+)"', svg)
    heights = [(float(y1), float(y2)) for _, y1, _, y2 in paths]
    assert all(a > b for a, b in heights)  # each edge goes up
    assert [h[0] for h in heights] == sorted((h[0] for h in heights), reverse=True)


# ----------------------------------------------------------------- bad input, limits
def test_bad_positions_are_one_line_errors():
    for game, position in (
        (Chomp(), (2, 3)),
        (Nim(), (-1,)),
        (Domineering(), "..|."),
        (TicTacToe(), "xx"),
        (Hackenbush(), "lq"),
    ):
        with pytest.raises(InvalidPositionError) as error:
            game.picture(position)
        assert "\n" not in str(error.value)


def test_too_big_pictures_are_refused_before_they_are_built():
    for game, position in (
        (Chomp(), (10**9,)),
        (Nim(), tuple(range(7_000))),
        (GreenHackenbush(), tuple((0, 1) for _ in range(7_000))),
        (Cutcake, "100x100 + " * 60 + "1x1"),
    ):
        with pytest.raises(PictureLimitError, match="shapes") as error:
            game.picture(position)
        assert "\n" not in str(error.value)


def test_a_game_without_a_picture_shows_its_text_in_pre():
    game = gr.game_from_moves(lambda n: [n - 1] if n else [], name="countdown")
    picture = game.picture(5)
    assert picture.svg is None and picture._repr_svg_() is None and repr(picture) == "5"
    html = picture._repr_html_()
    assert html.startswith("<pre") and ">5</pre>" in html
    assert "<" not in text_picture("a < b")._repr_html_().split(">", 1)[1][:-6]
    graph_snort = Snort.picture("L-.-R")
    assert graph_snort.svg is None and "L: 2" in graph_snort._repr_html_()


# ----------------------------------------------------------------- tables
class _Cells(HTMLParser):
    """The text and style of every cell of an HTML table, row by row."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[tuple[str, str, str]]] = []
        self.cell: list | None = None
        self.caption = ""
        self.in_caption = False

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = [tag, dict(attrs).get("style", ""), ""]
        elif tag == "caption":
            self.in_caption = True

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(tuple(self.cell))
            self.cell = None
        elif tag == "caption":
            self.in_caption = False

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[2] += data
        elif self.in_caption:
            self.caption += data


def read_html(html: str) -> _Cells:
    parser = _Cells()
    parser.feed(html)
    parser.close()
    return parser


def brute_subtraction(moves: list[int], n: int) -> list[int]:
    values: list[int] = []
    for k in range(n):
        values.append(naive_mex(values[k - m] for m in moves if m <= k))
    return values


@given(st.integers(0, 40), st.integers(1, 120))
def test_a_table_of_heaps_shows_every_value_ten_to_a_row(start, count):
    game = SubtractionGame([1, 3, 4])
    values = game.table(range(start, start + count))
    assert isinstance(values, ValueTable) and isinstance(values, list)
    assert values == brute_subtraction([1, 3, 4], start + count)[start:]
    html = read_html(values._repr_html_())
    body = html.rows[1:]
    heads = [int(row[0][2]) for row in body]
    assert heads == list(range(start - start % 10, start + count, 10))
    shown = [
        (int(head) + i, cell)
        for head, row in zip(heads, body, strict=True)
        for i, cell in enumerate(row[1:])
    ]
    assert [(n, int(text)) for n, (_, _, text) in shown if text] == list(
        zip(range(start, start + count), values, strict=True)
    )
    shaded = [n for n, (_, style, text) in shown if text and "bold" in style]
    assert shaded == [n for n, v in zip(range(start, start + count), values, strict=True) if v == 0]
    assert f"{count:,} SG values" in html.caption


def test_a_table_of_other_positions_lists_them_and_stops_at_a_thousand():
    values = Nim().table([(1, 2), (3, 3), (2, 5)])
    assert values == [3, 0, 7]
    rows = read_html(values._repr_html_()).rows
    assert [(r[0][2], r[1][2]) for r in rows[1:]] == [("1 2", "3"), ("3 3", "0"), ("2 5", "7")]
    consecutive = Nim().table([4, 5, 6])  # a list of heaps in a row: ten to a row too
    assert consecutive.start == 4 and read_html(consecutive._repr_html_()).rows[1][0][2] == "0"
    long = Nim().table(range(0, 3000, 2))
    html = long._repr_html_()
    assert len(long) == 1500 and read_html(html).rows[-1][0][2] == "1998"
    assert "… and 500 more values" in html
    assert long == list(range(0, 3000, 2)) and repr(long) == repr(list(long))


def wythoff_brute(n: int) -> list[list[int]]:
    g = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            seen = {g[a - k][b] for k in range(1, a + 1)} | {g[a][b - k] for k in range(1, b + 1)}
            seen |= {g[a - k][b - k] for k in range(1, min(a, b) + 1)}
            g[a][b] = naive_mex(seen)
    return g


def test_table2d_against_a_brute_force_and_the_published_table():
    grid = Wythoff().table2d(13)
    assert [list(row) for row in grid.values] == wythoff_brute(13)
    lines = (DATA / "A004481_wythoff_grundy_table_antidiagonals.txt").read_text().splitlines()
    published = [int(line.split()[1]) for line in lines if line[:1].isdigit()]
    antidiagonals = [grid.value(d - b, b) for d in range(13) for b in range(d + 1)]
    assert antidiagonals == published[: len(antidiagonals)]
    nim = Nim().table2d(range(3, 9), [0, 5, 2])
    assert nim.values == tuple(tuple(a ^ b for b in (0, 5, 2)) for a in range(3, 9))
    chomp = Chomp().table2d(range(1, 4), range(1, 4))
    assert [chomp.value(1, b) for b in (1, 2, 3)] == [0, 1, 2]  # 1 x n: an arm of n - 1


def test_table2d_html_shows_every_value_with_the_indices():
    grid = Wythoff().table2d(range(2, 7), range(4))
    rows = read_html(grid._repr_html_()).rows
    assert [cell[2] for cell in rows[0][1:]] == ["0", "1", "2", "3"]
    for a, row in zip(range(2, 7), rows[1:], strict=True):
        assert row[0][2] == str(a)
        assert [int(c[2]) for c in row[1:]] == [grid.value(a, b) for b in range(4)]
        assert [("bold" in c[1]) for c in row[1:]] == [grid.value(a, b) == 0 for b in range(4)]
    with pytest.raises(KeyError):
        grid.value(0, 0)


def test_table2d_refuses_bad_and_too_big_boxes_before_computing():
    game = Wythoff()
    for bad in (-1, True, "7", [1, -2], [0.5]):
        with pytest.raises(InvalidPositionError):
            game.table2d(bad)
    with pytest.raises(gr.PositionLimitError, match="max_cells"):
        game.table2d(10**6, 10**6)
    endless = iter(int, 1)  # never stops: read only up to the limit
    with pytest.raises(gr.PositionLimitError, match="max_cells"):
        game.table2d(endless, 2, max_cells=100)
    assert game.stats.positions == 0


# ----------------------------------------------------------------- heat maps
def cell_colours(svg: str) -> dict[tuple[int, int], tuple[str, int]]:
    found = {}
    for rect in parse_svg(svg).iter(f"{SVG}rect"):
        title = rect.find(f"{SVG}title")
        if title is not None:
            a, b, v = map(int, re.fullmatch(r"G\((\d+), (\d+)\) = (\d+)", title.text).groups())
            found[a, b] = (rect.get("fill"), v)
    return found


def test_a_heat_map_shows_exact_values_and_zeros_black():
    grid = Wythoff().table2d(range(1, 12), range(12))
    picture = grid.heatmap()
    cells = cell_colours(picture.svg)
    assert len(cells) == 11 * 12
    for (a, b), (fill, v) in cells.items():
        assert v == grid.value(a, b)
        assert (fill == "#000000") == (v == 0)
    zeros = sum(1 for row in grid.values for v in row if v == 0)
    assert f"G = 0: P-positions ({zeros})" in picture.svg
    nonzero = [v for row in grid.values for v in row if v]
    assert f">{min(nonzero)}</text>" in picture.svg and f">{max(nonzero)}</text>" in picture.svg


def read_png(data: bytes) -> list[list[tuple[int, int, int]]]:
    """Pixels of an 8-bit RGB PNG without filters (what png_bytes writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(data[16:20], "big")
    idat = b""
    at = 8
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        kind = data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + length]
        assert zlib.crc32(kind + body) == int.from_bytes(
            data[at + 8 + length : at + 12 + length], "big"
        )
        if kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = 1 + 3 * width
    rows = []
    for r in range(len(raw) // stride):
        line = raw[r * stride : (r + 1) * stride]
        assert line[0] == 0
        rows.append([tuple(line[1 + 3 * c : 4 + 3 * c]) for c in range(width)])
    return rows


def test_a_big_heat_map_is_one_png_of_a_pixel_a_cell():
    table = [[(a * b) % 5 for b in range(70)] for a in range(80)]
    assert 80 * 70 > RECT_CELLS
    picture = heatmap_picture(table, range(80), range(70), title="a·b mod 5")
    encoded = re.search(r'href="data:image/png;base64,([^"]+)"', picture.svg)[1]
    pixels = read_png(base64.b64decode(encoded))
    assert len(pixels) == 80 and len(pixels[0]) == 70
    for a in range(80):
        for b in range(70):
            v = table[a][b]
            assert pixels[a][b] == ((0, 0, 0) if v == 0 else colour_of(v, 1, 4))
    with pytest.raises(PictureLimitError, match="max_cells"):
        heatmap_picture(table, range(80), range(70), title="t", max_cells=100)
    for bad in ([], [[1, 2], [3]]):
        with pytest.raises(InvalidGameError):
            heatmap_picture(bad, range(2), range(2), title="t")


@given(st.integers(0, 10**30), st.integers(0, 10**30), st.integers(1, 10**30))
def test_colours_follow_the_values_exactly(a, b, span):
    low, high = min(a, b), min(a, b) + span
    value = max(a, b) if max(a, b) <= high else high
    colour = colour_of(value, low, high)
    assert colour_of(low, low, high) == (68, 1, 84) and colour_of(high, low, high) == (253, 231, 37)
    assert all(0 <= c <= 255 for c in colour)


def test_png_rows_are_checked():
    with pytest.raises(InvalidGameError):
        png_bytes(2, 1, [b"\x00" * 5])
    assert read_png(png_bytes(1, 1, [b"\x01\x02\x03"])) == [[(1, 2, 3)]]


def test_value_grid_repr_and_table_as_plain_list():
    grid = ValueGrid(((0, 1), (1, 0)), (0, 1), (0, 1), title="nim")
    assert repr(grid) == "ValueGrid('nim', a in 0..1, b in 0..1)"
    table = ValueTable([1, 0], labels=["x", "y"])
    assert table + [5] == [1, 0, 5] and "2 SG values, 1 zero" in table._repr_html_()


# ----------------------------------------------------------------- the import stays light
def test_pictures_tables_and_reprs_load_no_heavy_module():
    code = (
        "import sys, grundy\n"
        "from grundy.games import Chomp, Nim, Wythoff\n"
        "from grundy.partizan import parse, thermograph\n"
        "from grundy.partizan.games import Domineering\n"
        "Chomp().picture((3, 2)).svg; Nim().table(range(30))._repr_html_()\n"
        "Wythoff().table2d(70).heatmap().svg; Domineering().picture('2x2').svg\n"
        "parse('{2|-1}')._repr_latex_(); thermograph(parse('{2|-1}'))._repr_svg_()\n"
        "heavy = {'numpy', 'matplotlib', 'IPython', 'numba'}\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


# ----------------------------------------------------------------- a pattern found
def test_a_pattern_report_shows_its_patterns_and_its_table():
    from grundy.games import LaskersNim
    from grundy.patterns import find_patterns

    report = find_patterns(LaskersNim(), upto=40)
    text = report._repr_markdown_()
    assert text.startswith("**") and f"`{report.best.describe().split('   ')[0]}`" in text
    assert "proved" in text and "Lasker" in text
    table = report.table()
    assert isinstance(table, ValueTable) and list(table) == list(report.values)
    assert table == LaskersNim().table(range(40))
    grid = find_patterns(Wythoff(), dims=2, upto=10).table()
    assert [list(row) for row in grid.values] == wythoff_brute(10)
    assert (
        "P-positions: `(a, b) = (⌊kφ⌋, ⌊kφ²⌋)"
        in find_patterns(Wythoff(), dims=2, upto=10)._repr_markdown_()
    )
    with pytest.raises(InvalidGameError):
        find_patterns(Nim(), dims=3, upto=3).table()


def test_heaps_past_the_interpreters_int_text_limit():
    heap = 10**5000
    picture = picture_of(Nim(), gr.Sum(heap, 3))
    assert "(5,001 digits)" in picture.svg and picture.title.startswith("Nim(): ")
    assert picture_of(Wythoff(), (heap, 1)).text.startswith("1000")
    with pytest.raises(ValueError):  # the limit is lifted only while drawing
        str(heap)
