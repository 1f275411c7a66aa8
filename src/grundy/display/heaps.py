"""Heaps of tokens drawn as SVG: a column of counters a heap, its size written below.

A heap of up to ``most_tokens`` counters is drawn counter by counter; a bigger one as a
bar as tall as the most counters, broken by a zigzag, so a heap of 10^18 costs what a
heap of 20 does. The size under each heap is exact (very long sizes are shortened, with
the number of digits, and written whole in the tooltip).

Examples
--------
>>> from grundy.display.heaps import heaps_picture
>>> picture = heaps_picture([3, 0, 10**18], title="nim: 3 0 10^18", text="3 0 10^18")
>>> picture.svg.count("<circle"), ">1000000000000000000</text>" in picture.svg
(3, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.integers import int_text
from .boards import INK, LINE, MUTED
from .picture import Picture
from .svg import MAX_SHAPES, Svg

__all__ = ["heaps_picture", "MOST_TOKENS"]

#: A heap of more counters than this is drawn as a broken bar.
MOST_TOKENS = 20

_TOKEN = 14.0  # a counter's diameter
_COLUMN = 34.0  # the width of one heap's column
_LABEL = 22.0  # room below the heaps for their sizes
_TOKEN_FILL = "#d69e2e"
_LONGEST_LABEL = 24  # digits written under a heap before it is shortened


def _label(heap: int) -> str:
    digits = int_text(heap)
    if len(digits) <= _LONGEST_LABEL:
        return digits
    return f"{digits[:6]}…{digits[-4:]} ({len(digits):,} digits)"


def heaps_picture(
    heaps: Sequence[int],
    *,
    title: str,
    text: str,
    names: Sequence[str] | None = None,
    most_tokens: int = MOST_TOKENS,
    what: str = "the heaps",
    max_shapes: int = MAX_SHAPES,
) -> Picture:
    """Draw heaps of counters side by side, each heap's size below it.

    Parameters
    ----------
    heaps : sequence of int
        The heap sizes (non-negative; the game has checked them).
    title, text : str
        The picture's words and its text form.
    names : sequence of str, optional
        A name under each size (``"a"``, ``"b"`` for Wythoff's two heaps).
    most_tokens : int
        Heaps above this many counters are drawn as a broken bar.
    what, max_shapes :
        The thing drawn (for a refusal) and the most SVG elements.

    Returns
    -------
    Picture

    Raises
    ------
    PictureLimitError
        More than `max_shapes` elements: too many heaps.

    Examples
    --------
    >>> from grundy.display.heaps import heaps_picture
    >>> picture = heaps_picture([2, 5], title="wythoff: 2 5", text="2 5", names=["a", "b"])
    >>> picture.svg.count("<circle"), picture.svg.count(">a</text>")
    (7, 1)
    """
    extra = 14.0 if names else 0.0
    tallest = min(max(heaps, default=0), most_tokens + 2)
    top = 8.0
    base = top + max(tallest, 1) * _TOKEN
    width = max(len(heaps), 1) * _COLUMN + 8.0
    height = base + _LABEL + extra
    drawing = Svg(width, height, title=title, what=what, max_shapes=max_shapes)
    drawing.element("line", x1=2, y1=base + 1, x2=width - 2, y2=base + 1, stroke=LINE)
    for i, heap in enumerate(heaps):
        cx = 4.0 + (i + 0.5) * _COLUMN
        drawing.begin("g")
        drawing.element("title", f"heap {i + 1}: {int_text(heap)}")
        if heap <= most_tokens:
            for k in range(heap):
                drawing.element(
                    "circle",
                    cx=cx,
                    cy=base - (k + 0.5) * _TOKEN,
                    r=_TOKEN / 2 - 1,
                    fill=_TOKEN_FILL,
                    stroke=INK,
                    stroke_width=1,
                )
        else:
            _broken_bar(drawing, cx, base, (most_tokens + 2) * _TOKEN)
        drawing.element(
            "text",
            _label(heap),
            x=cx,
            y=base + 15,
            font_size=12,
            fill=INK,
            text_anchor="middle",
        )
        if names:
            drawing.element(
                "text",
                names[i],
                x=cx,
                y=base + 29,
                font_size=11,
                fill=MUTED,
                text_anchor="middle",
                font_style="italic",
            )
        drawing.end()
    return Picture(
        text=text,
        svg=drawing.finish(),
        width=width,
        height=height,
        title=title,
        shapes=drawing.shapes,
    )


def _broken_bar(drawing: Svg, cx: float, base: float, tall: float) -> None:
    """A bar of counters too many to draw, cut by a white zigzag at two thirds."""
    half = _TOKEN / 2 - 1
    drawing.element(
        "rect",
        x=cx - half,
        y=base - tall,
        width=2 * half,
        height=tall,
        rx=half,
        fill=_TOKEN_FILL,
        stroke=INK,
        stroke_width=1,
    )
    y = base - tall * 2 / 3
    zigzag = " ".join(
        f"{cx - half - 2 + k * (2 * half + 4) / 4:.2f},{y + (3 if k % 2 else -3):.2f}"
        for k in range(5)
    )
    drawing.element("polyline", points=zigzag, fill="none", stroke="white", stroke_width=4)
