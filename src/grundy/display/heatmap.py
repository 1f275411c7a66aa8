"""A 2-D table of SG values drawn as an SVG heat map, the zeros (P-positions) black.

Laid out like a printed table, as :func:`grundy.patterns.heatmap.plot_table` draws it
with matplotlib: the first index down the side from the top, the second along the top;
a cell's colour is its value on the viridis scale (exact integers of any size are
placed on it by integer arithmetic), and the legend gives the exact least and greatest
values. Up to :data:`RECT_CELLS` cells each is a square with its exact value as a
tooltip; a bigger table (up to ``max_cells``) is one embedded PNG of a pixel a cell.

Examples
--------
>>> from grundy.display.heatmap import heatmap_picture
>>> table = [[a ^ b for b in range(4)] for a in range(3)]
>>> picture = heatmap_picture(table, range(3), range(4), title="nim", what="nim")
>>> picture.svg.count("<rect") >= 12, "G(2, 3) = 1" in picture.svg
(True, True)
"""

from __future__ import annotations

import base64
from collections.abc import Sequence

from ..core.errors import InvalidGameError, PictureLimitError
from ..core.integers import int_text
from .boards import INK, MUTED
from .picture import Picture
from .png import png_bytes
from .svg import MAX_SHAPES, Svg

__all__ = ["heatmap_picture", "colour_of", "RECT_CELLS", "MAX_CELLS"]

#: Tables of at most this many cells are drawn square by square (each with a tooltip).
RECT_CELLS = 4096
#: The most cells a heat map draws (as one PNG past ``RECT_CELLS``).
MAX_CELLS = 1_000_000

# matplotlib's viridis at nine evenly spaced points; colours between are interpolated.
_VIRIDIS = (
    (0x44, 0x01, 0x54),
    (0x47, 0x2D, 0x7B),
    (0x3B, 0x52, 0x8B),
    (0x2C, 0x72, 0x8E),
    (0x21, 0x91, 0x8C),
    (0x28, 0xAE, 0x80),
    (0x5E, 0xC9, 0x62),
    (0xAD, 0xDC, 0x30),
    (0xFD, 0xE7, 0x25),
)
_STEPS = 4096  # resolution of the colour scale
_ZERO = (0, 0, 0)
_PLOT = 420.0  # pixels of the longer side of the cells


def colour_of(value: int, low: int, high: int) -> tuple[int, int, int]:
    """The RGB colour of `value` on the viridis scale from `low` to `high` (exact ints).

    Examples
    --------
    >>> from grundy.display.heatmap import colour_of
    >>> colour_of(0, 0, 8), colour_of(8, 0, 8), colour_of(10**100, 0, 10**100)
    ((68, 1, 84), (253, 231, 37), (253, 231, 37))
    """
    step = 0 if high <= low else (value - low) * _STEPS // (high - low)
    step = min(max(step, 0), _STEPS)
    position = step * (len(_VIRIDIS) - 1)
    i, rest = divmod(position, _STEPS)
    if i >= len(_VIRIDIS) - 1:
        return _VIRIDIS[-1]
    a, b = _VIRIDIS[i], _VIRIDIS[i + 1]
    return tuple(x + (y - x) * rest // _STEPS for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _ticks(count: int) -> range:
    """Every k-th index labelled, k chosen so that labels do not overlap."""
    for k in (1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 50, 64, 100, 128, 250, 256, 500):
        if count / k <= 16:
            return range(0, count, k)
    return range(0, count, max(1, count // 8))


def heatmap_picture(
    values: Sequence[Sequence[int]],
    rows: Sequence[int],
    columns: Sequence[int],
    *,
    title: str,
    variables: tuple[str, str] = ("a", "b"),
    p_positions: bool = True,
    what: str = "the table",
    max_cells: int = MAX_CELLS,
    max_shapes: int = MAX_SHAPES,
) -> Picture:
    """Draw ``values[i][j]``, the value at (rows[i], columns[j]), as a heat map.

    Parameters
    ----------
    values : sequence of sequences of int
        The table, one row per index of `rows`.
    rows, columns : sequence of int
        The indices of the rows and of the columns (labels).
    title : str
        What the table is, in words (drawn above it).
    variables : tuple of str
        The names of the two indices.
    p_positions : bool
        Draw the zeros black, counted in the legend.
    what, max_cells, max_shapes :
        The thing drawn (for a refusal), the most cells, the most SVG elements.

    Returns
    -------
    Picture

    Raises
    ------
    InvalidGameError
        An empty table, or rows of different lengths.
    PictureLimitError
        More than `max_cells` cells.

    Examples
    --------
    >>> from grundy.display.heatmap import heatmap_picture
    >>> big = [[(a * b) % 7 for b in range(100)] for a in range(100)]
    >>> picture = heatmap_picture(big, range(100), range(100), title="a·b mod 7")
    >>> "data:image/png;base64," in picture.svg, picture.svg.count("<rect") < 40
    (True, True)
    """
    height_cells, width_cells = len(values), len(values[0]) if values else 0
    if not height_cells or not width_cells:
        raise InvalidGameError(f"{what}: cannot draw an empty table")
    if any(len(row) != width_cells for row in values):
        raise InvalidGameError(f"{what}: the rows of the table differ in length")
    cells = height_cells * width_cells
    if cells > max_cells:
        raise PictureLimitError(
            f"{what}: a heat map of {height_cells:,} x {width_cells:,} = {cells:,} cells is "
            f"more than max_cells = {max_cells:,}"
        )
    flat = [v for row in values for v in row]
    coloured = [v for v in flat if v or not p_positions] or flat
    low, high = min(coloured), max(coloured)
    zeros = sum(1 for v in flat if v == 0)
    side = max(1.0, min(18.0, _PLOT / max(height_cells, width_cells)))
    left, top = 40.0, 52.0
    plot_w, plot_h = side * width_cells, side * height_cells
    width = left + max(plot_w, 250.0) + 12.0
    height = top + plot_h + 62.0
    a, b = variables
    drawing = Svg(width, height, title=title, what=what, max_shapes=max_shapes)
    drawing.element("text", title, x=left, y=16, font_size=13, fill=INK, font_weight="bold")
    label = {"font_size": 10, "fill": MUTED, "text_anchor": "middle"}
    drawing.element("text", b, x=left + plot_w / 2, y=30, font_style="italic", **label)
    drawing.element("text", a, x=12, y=top + plot_h / 2, font_style="italic", **label)
    for j in _ticks(width_cells):
        drawing.element("text", str(columns[j]), x=left + (j + 0.5) * side, y=top - 6, **label)
    for i in _ticks(height_cells):
        drawing.element(
            "text",
            str(rows[i]),
            x=left - 6,
            y=top + (i + 0.5) * side,
            text_anchor="end",
            dominant_baseline="central",
            font_size=10,
            fill=MUTED,
        )

    def colour(v: int) -> tuple[int, int, int]:
        return _ZERO if p_positions and v == 0 else colour_of(v, low, high)

    if cells <= RECT_CELLS:
        for i, row in enumerate(values):
            for j, v in enumerate(row):
                drawing.begin(
                    "rect",
                    x=left + j * side,
                    y=top + i * side,
                    width=side,
                    height=side,
                    fill=_hex(colour(v)),
                )
                drawing.element("title", f"G({rows[i]}, {columns[j]}) = {int_text(v)}")
                drawing.end()
    else:
        pixels = [b"".join(bytes(colour(v)) for v in row) for row in values]
        encoded = base64.b64encode(png_bytes(width_cells, height_cells, pixels)).decode("ascii")
        drawing.element(
            "image",
            x=left,
            y=top,
            width=plot_w,
            height=plot_h,
            preserveAspectRatio="none",
            style="image-rendering: pixelated",
            href=f"data:image/png;base64,{encoded}",
        )
    _legend(drawing, left, top + plot_h + 14, low, high, zeros if p_positions else None)
    return Picture(
        text=f"{title}: {height_cells} x {width_cells} values from {int_text(min(flat))} to "
        f"{int_text(max(flat))}",
        svg=drawing.finish(),
        width=width,
        height=height,
        title=title,
        shapes=drawing.shapes,
    )


def _legend(drawing: Svg, x: float, y: float, low: int, high: int, zeros: int | None) -> None:
    """The colour bar from the least to the greatest value, and the P-positions' swatch."""
    bar = 160.0
    steps = 32
    for k in range(steps):
        rgb = colour_of(low * steps + (high - low) * k, low * steps, high * steps)
        drawing.element(
            "rect", x=x + k * bar / steps, y=y, width=bar / steps + 0.5, height=10, fill=_hex(rgb)
        )
    text = {"font_size": 10, "fill": INK}
    drawing.element("text", int_text(low), x=x, y=y + 22, **text)
    drawing.element("text", int_text(high), x=x + bar, y=y + 22, text_anchor="end", **text)
    if zeros is not None:
        drawing.element("rect", x=x, y=y + 30, width=10, height=10, fill=_hex(_ZERO))
        drawing.element("text", f"G = 0: P-positions ({zeros:,})", x=x + 14, y=y + 39, **text)
