"""A drawing of a position that a notebook shows: SVG, or the text form in ``<pre>``.

:meth:`grundy.Game.picture` returns a :class:`Picture`. Jupyter and IPython find its
``_repr_svg_`` and ``_repr_html_`` (the display protocol is duck-typed: nothing here
imports IPython); a terminal shows its ``repr``, the text the game draws for ``grundy
play``.

Examples
--------
>>> from grundy.display.picture import Picture, text_picture
>>> board = text_picture("x . o\\n. x .", title="clobber x.o|.x.")
>>> board                          # a terminal shows the text
x . o
. x .
>>> board._repr_svg_() is None, board._repr_html_()[:30]
(True, '<pre title="clobber x.o|.x." s')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .svg import MAX_SHAPES, Svg, escape_text

__all__ = ["Picture", "text_picture", "beside"]

#: Space between the parts of a sum drawn side by side, and the sign between them.
_GAP = 28.0


@dataclass(frozen=True, eq=False, repr=False)
class Picture:
    """A position drawn for a notebook: an SVG drawing, or only its text form.

    Attributes
    ----------
    text : str
        The text form (what ``grundy play`` draws); ``repr`` returns it.
    svg : str or None
        The drawing, or None when the game has no picture (then ``_repr_html_`` shows
        `text` in ``<pre>``).
    width, height : float
        The drawing's size in pixels (0 without one).
    title : str
        What is drawn, in words: the game and the position.
    shapes : int
        How many SVG elements the drawing has.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> picture = Nim().picture((3, 1))
    >>> picture
    3 1
    >>> svg = picture._repr_svg_()
    >>> svg.startswith("<svg"), picture._repr_html_() is None, picture.title
    (True, True, 'Nim(): 3 1')
    """

    text: str
    svg: str | None = None
    width: float = 0.0
    height: float = 0.0
    title: str = ""
    shapes: int = 0

    def _repr_svg_(self) -> str | None:
        """The SVG drawing (IPython's display protocol), None for a text picture."""
        return self.svg

    def _repr_html_(self) -> str | None:
        """The text form in ``<pre>`` when there is no drawing, else None (the SVG shows)."""
        if self.svg is not None:
            return None
        title = f' title="{escape_text(self.title)}"' if self.title else ""
        style = "font-family: monospace; line-height: 1.25; margin: 0"
        return f'<pre{title} style="{style}">{escape_text(self.text)}</pre>'

    def __repr__(self) -> str:
        return self.text


def text_picture(text: str, *, title: str = "") -> Picture:
    """A picture that is only the text form: what a game without a drawing shows.

    Examples
    --------
    >>> from grundy.display.picture import text_picture
    >>> text_picture("3 4 5")._repr_html_()
    '<pre style="font-family: monospace; line-height: 1.25; margin: 0">3 4 5</pre>'
    """
    return Picture(text=text, title=title)


def beside(
    pictures: Sequence[Picture],
    *,
    sign: str = "+",
    title: str = "",
    what: str = "the sum",
    max_shapes: int = MAX_SHAPES,
) -> Picture:
    """The pictures side by side with `sign` between them: a sum of positions.

    When one of them has no drawing, the result is text: the parts' text joined by
    the sign.

    Raises
    ------
    PictureLimitError
        The parts together have more than `max_shapes` elements.

    Examples
    --------
    >>> from grundy.display.picture import beside, text_picture
    >>> from grundy.games import Nim
    >>> both = beside([Nim().picture(2), Nim().picture(1)], title="nim: 2 + 1")
    >>> both.svg.count("<svg"), both.width > Nim().picture(2).width
    (3, True)
    >>> beside([text_picture("a"), Nim().picture(1)])
    a + 1
    """
    texts = f" {sign} ".join(p.text for p in pictures)
    if not pictures or any(p.svg is None for p in pictures):
        return Picture(text=texts, title=title)
    width = sum(p.width for p in pictures) + _GAP * (len(pictures) - 1)
    height = max(p.height for p in pictures)
    drawing = Svg(width, height, title=title or texts, what=what, max_shapes=max_shapes)
    x = 0.0
    for i, part in enumerate(pictures):
        if i:
            drawing.element(
                "text",
                sign,
                x=x - _GAP / 2,
                y=height / 2,
                font_size=18,
                text_anchor="middle",
                dominant_baseline="central",
                fill="#3e4c59",
            )
        assert part.svg is not None  # checked above
        drawing.embed(part.svg, part.shapes, x, (height - part.height) / 2)
        x += part.width + _GAP
    return Picture(
        text=texts,
        svg=drawing.finish(),
        width=width,
        height=height,
        title=title or texts,
        shapes=drawing.shapes,
    )
