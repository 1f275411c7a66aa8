"""SVG written element by element, text escaped, the number of shapes bounded.

Every picture of the package is built by :class:`Svg`: it writes the root element with
its size, a ``<title>`` (what a screen reader says, and the tooltip), then the elements
in order. A drawing that would need more than ``max_shapes`` elements is refused with a
:class:`~grundy.core.errors.PictureLimitError` as soon as it gets there, so a position
of 10^9 squares costs no more than a small one before the refusal.

Examples
--------
>>> from grundy.display.svg import Svg
>>> drawing = Svg(20, 10, title="a dot & a line")
>>> drawing.element("circle", cx=5, cy=5, r=4, fill="#1d5fbf")
>>> drawing.element("line", x1=10, y1=5, x2=19.5, y2=5, stroke="black", stroke_width=1.25)
>>> print(drawing.finish())  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10"
role="img" font-family="sans-serif"><title>a dot &amp; a line</title><circle cx="5" cy="5"
r="4" fill="#1d5fbf"/><line x1="10" y1="5" x2="19.5" y2="5" stroke="black"
stroke-width="1.25"/></svg>
"""

from __future__ import annotations

from html import escape

from ..core.errors import InvalidGameError, PictureLimitError

__all__ = ["Svg", "MAX_SHAPES", "coordinate", "escape_text"]

#: The most elements one picture may have (about 1 MB of SVG): a bigger drawing is
#: refused, since a notebook would store and render every element.
MAX_SHAPES = 20_000


def coordinate(value: float) -> str:
    """Write a coordinate with at most two decimals and no trailing zeros.

    Coordinates are floats (a picture need not be exact); the labels drawn are exact.

    Examples
    --------
    >>> from grundy.display.svg import coordinate
    >>> coordinate(3), coordinate(2.5), coordinate(1 / 3), coordinate(-0.001)
    ('3', '2.5', '0.33', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def escape_text(text: str) -> str:
    """Escape `text` for an SVG or HTML element or attribute (``&``, ``<``, ``>``, quotes).

    Examples
    --------
    >>> from grundy.display.svg import escape_text
    >>> escape_text('{1|0} < "2"')
    '{1|0} &lt; &quot;2&quot;'
    """
    return escape(text, quote=True)


def _attributes(attributes: dict[str, object]) -> str:
    """`` name="value"`` pairs: ``class_`` is ``class``, other underscores are dashes."""
    out = []
    for key, value in attributes.items():
        if value is None:
            continue
        name = "class" if key == "class_" else key.replace("_", "-")
        if isinstance(value, float | int) and not isinstance(value, bool):
            written = coordinate(value)
        else:
            written = escape_text(str(value))
        out.append(f' {name}="{written}"')
    return "".join(out)


class Svg:
    """An SVG drawing being written: elements in order, at most `max_shapes` of them.

    Parameters
    ----------
    width, height : float
        The size in pixels (also the ``viewBox``).
    title : str
        What the picture shows, in words (the ``<title>``).
    description : str
        More words (the ``<desc>``), when there are any.
    what : str
        The thing drawn, which starts the message of a refusal (``"chomp (3, 3)"``).
    max_shapes : int
        The most elements (``MAX_SHAPES`` by default).

    Raises
    ------
    InvalidGameError
        `max_shapes` is not a positive int.

    Examples
    --------
    >>> from grundy.display.svg import Svg
    >>> drawing = Svg(10, 10, title="dots", what="nim 30", max_shapes=2)
    >>> for x in range(3):  # doctest: +ELLIPSIS
    ...     drawing.element("circle", cx=x, cy=5, r=1)
    Traceback (most recent call last):
    ...
    grundy.core.errors.PictureLimitError: nim 30: its picture needs more than 2 shapes; draw a ...
    """

    def __init__(
        self,
        width: float,
        height: float,
        *,
        title: str,
        description: str = "",
        what: str = "the picture",
        max_shapes: int = MAX_SHAPES,
    ) -> None:
        if type(max_shapes) is not int or max_shapes < 1:
            raise InvalidGameError(f"max_shapes {max_shapes!r} must be a positive integer")
        self.width, self.height = width, height
        self.what = what
        self.max_shapes = max_shapes
        self.shapes = 0
        size = _attributes({"width": width, "height": height})
        box = f"0 0 {coordinate(width)} {coordinate(height)}"
        self._parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg"{size} viewBox="{box}" role="img" '
            f'font-family="sans-serif"><title>{escape_text(title)}</title>'
        ]
        if description:
            self._parts.append(f"<desc>{escape_text(description)}</desc>")
        self._open: list[str] = []

    def _count(self, shapes: int = 1) -> None:
        self.shapes += shapes
        if self.shapes > self.max_shapes:
            raise PictureLimitError(
                f"{self.what}: its picture needs more than {self.max_shapes:,} shapes; "
                "draw a smaller position"
            )

    def element(self, tag: str, text: str | None = None, /, **attributes: object) -> None:
        """Add one element; `text` (escaped) goes inside it.

        Examples
        --------
        >>> from grundy.display.svg import Svg
        >>> drawing = Svg(30, 12, title="label")
        >>> drawing.element("text", "a < b", x=2, y=10, font_size=10)
        >>> drawing.finish().endswith('<text x="2" y="10" font-size="10">a &lt; b</text></svg>')
        True
        """
        self._count()
        head = f"<{tag}{_attributes(attributes)}"
        self._parts.append(f"{head}/>" if text is None else f"{head}>{escape_text(text)}</{tag}>")

    def begin(self, tag: str, /, **attributes: object) -> None:
        """Open an element (a group ``g``, a ``defs``) that the next ones go into.

        Examples
        --------
        >>> from grundy.display.svg import Svg
        >>> drawing = Svg(10, 10, title="moved")
        >>> drawing.begin("g", transform="translate(2,3)")
        >>> drawing.element("rect", width=4, height=4)
        >>> drawing.end()
        >>> '<g transform="translate(2,3)"><rect width="4" height="4"/></g>' in drawing.finish()
        True
        """
        self._count()
        self._parts.append(f"<{tag}{_attributes(attributes)}>")
        self._open.append(tag)

    def end(self) -> None:
        """Close the element opened last by :meth:`begin`.

        Examples
        --------
        >>> from grundy.display.svg import Svg
        >>> drawing = Svg(10, 10, title="empty group")
        >>> drawing.begin("g"); drawing.end()
        >>> "<g></g>" in drawing.finish()
        True
        """
        self._parts.append(f"</{self._open.pop()}>")

    def embed(self, svg: str, shapes: int, x: float, y: float) -> None:
        """Place another finished drawing (`shapes` elements) with its top left at (x, y).

        Examples
        --------
        >>> from grundy.display.svg import Svg
        >>> inner = Svg(4, 4, title="inner"); inner.element("rect", width=4, height=4)
        >>> outer = Svg(10, 10, title="outer")
        >>> outer.embed(inner.finish(), inner.shapes, 3, 3)
        >>> outer.shapes, outer.finish().count("<svg")
        (2, 2)
        """
        self._count(shapes + 1)
        self._parts.append(f'<g transform="translate({coordinate(x)},{coordinate(y)})">')
        self._parts.append(svg)
        self._parts.append("</g>")

    def finish(self) -> str:
        """The SVG text, every element opened by :meth:`begin` closed.

        Examples
        --------
        >>> from grundy.display.svg import Svg
        >>> Svg(1, 1, title="nothing").finish().endswith("<title>nothing</title></svg>")
        True
        """
        while self._open:
            self.end()
        return "".join(self._parts) + "</svg>"
