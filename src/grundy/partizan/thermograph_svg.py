"""A thermograph drawn as SVG from its exact walls: what a notebook shows for one.

As in Winning Ways and the playground: the temperature t goes up, values decrease to the
right (Left's wall, blue, on the left; Right's, red, on the right), and above the
temperature both walls are the mast, at the mean, drawn one unit higher with an arrow.
The corners are the walls' exact values at t = -1, at their critical temperatures and
at the temperature; only their coordinates are rounded (a picture need not be exact),
and every number written on it (the stops, the mean, the temperature) is exact.

Examples
--------
>>> from grundy.partizan import parse, thermograph
>>> svg = thermograph(parse("{3||2*|1*}"))._repr_svg_()
>>> svg.startswith("<svg"), "mean 9/4" in svg, "t = 3/4" in svg
(True, True, True)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

from ..display.boards import INK, LEFT, MUTED, RIGHT
from ..display.picture import Picture
from ..display.svg import Svg
from .dyadic import format_number

__all__ = ["thermograph_picture", "wall_corners"]

_WIDTH, _HEIGHT = 420.0, 240.0  # the most pixels the walls take
_MOST_PER_UNIT = 110.0  # pixels for one unit of value or temperature, at most
_LEFT, _RIGHT, _TOP, _BOTTOM = 70.0, 36.0, 52.0, 46.0
_MAST = "#3e4c59"
_MINUS_ONE = Fraction(-1)


class _Wall(Protocol):
    @property
    def critical_temperatures(self) -> tuple[Fraction, ...]: ...

    def value_at(self, t: Fraction | int | str) -> Fraction: ...


class _Chart(Protocol):
    """What is drawn (a :class:`~grundy.partizan.Thermograph`; read through this
    protocol, so that the thermographs module can call this one without a circle)."""

    @property
    def left_wall(self) -> _Wall: ...

    @property
    def right_wall(self) -> _Wall: ...

    @property
    def temperature(self) -> Fraction: ...

    @property
    def mast(self) -> Fraction: ...


def wall_corners(wall: _Wall, top: Fraction) -> list[tuple[Fraction, Fraction]]:
    """The corners of `wall` from t = -1 up to t = `top`: exact (temperature, value) pairs.

    Examples
    --------
    >>> from grundy.partizan import parse, thermograph
    >>> from grundy.partizan.thermograph_svg import wall_corners
    >>> [(str(t), str(v)) for t, v in wall_corners(thermograph(parse("*")).left_wall, 0)]
    [('-1', '1'), ('0', '0')]
    """
    ts = [_MINUS_ONE, *sorted(c for c in wall.critical_temperatures if -1 < c < top), top]
    return [(t, wall.value_at(t)) for t in ts]


def thermograph_picture(chart: _Chart, title: str = "") -> Picture:
    """Draw a thermograph: its walls up to the temperature, then the mast.

    Parameters
    ----------
    chart : Thermograph
        The thermograph (``thermograph(g)``).
    title : str
        The words above it; by default its temperature and mean.

    Returns
    -------
    Picture
        Its ``text`` is CGSuite's ``Thermograph(...)``.

    Examples
    --------
    >>> from grundy.partizan import game, thermograph
    >>> from grundy.partizan.thermograph_svg import thermograph_picture
    >>> picture = thermograph_picture(thermograph(game([2], [-1])), title="{2|-1}")
    >>> picture
    Thermograph(1/2,[3/2],[0,-1],1/2,[3/2],[0,1])
    >>> [f">{label}</text>" in picture.svg for label in ("2", "-1", "mean 1/2", "t = 3/2")]
    [True, True, True, True]
    """
    temperature, mean = chart.temperature, chart.mast
    hot = max(temperature, Fraction(0))
    top = hot + 1
    below = max(temperature, _MINUS_ONE)  # the walls are drawn up to the temperature
    left = wall_corners(chart.left_wall, below)
    right = wall_corners(chart.right_wall, below)
    values = [v for _, v in left + right] + [mean]
    high, low = max(values), min(values)
    if high == low:  # a bare mast: one unit either side
        high, low = high + 1, low - 1
    spread, height = float(high - low), float(top + 1)
    unit = min(_WIDTH / spread, _HEIGHT / height, _MOST_PER_UNIT)

    def x(v: Fraction) -> float:
        return _LEFT + float(high - v) * unit

    def y(t: Fraction) -> float:
        return _TOP + float(top - t) * unit

    width = _LEFT + spread * unit + _RIGHT
    tall = _TOP + height * unit + _BOTTOM
    words = (
        f"temperature {format_number(temperature)}, mean {format_number(mean)}; "
        f"left stop {format_number(chart.left_wall.value_at(0))}, right stop "
        f"{format_number(chart.right_wall.value_at(0))}"
    )
    head = title or "Thermograph"
    drawing = Svg(max(width, 260.0), tall, title=f"{head}: {words}", description=str(chart))
    drawing.element("text", head, x=8, y=18, font_size=13, font_weight="bold", fill=INK)
    full = max(width, 260.0)
    for k, (colour, name) in enumerate(((LEFT, "left wall"), (RIGHT, "right wall"))):
        drawing.element(
            "text", name, x=full - 8, y=16 + 14 * k, font_size=11, fill=colour, text_anchor="end"
        )

    # The temperature axis, t = 0 across (dashed), the temperature across (dotted).
    axis = _LEFT - 22
    drawing.element("line", x1=axis, y1=y(_MINUS_ONE), x2=axis, y2=y(top) - 6, stroke=MUTED)
    _arrow_head(drawing, axis, y(top) - 12, MUTED)
    drawing.element("text", "t", x=axis + 8, y=y(top) - 4, font_size=11, fill=MUTED)
    across = {"x1": axis, "x2": full - 8, "stroke": "#9aa5b1"}
    drawing.element("line", y1=y(Fraction(0)), y2=y(Fraction(0)), stroke_dasharray="4 4", **across)
    ticks = [_MINUS_ONE, Fraction(0)]
    if temperature not in ticks and temperature > -1:
        ticks.append(temperature)
        drawing.element(
            "line", y1=y(temperature), y2=y(temperature), stroke_dasharray="1 3", **across
        )
    labelled: list[float] = []
    for t in sorted(ticks):
        drawing.element("line", x1=axis - 4, x2=axis + 4, y1=y(t), y2=y(t), stroke=MUTED)
        if any(abs(at - y(t)) < 12 for at in labelled):
            continue  # too close to the last label to read
        labelled.append(y(t))
        label = f"t = {format_number(t)}" if t == temperature else format_number(t)
        drawing.element(
            "text", label, x=axis - 7, y=y(t) + 4, font_size=10, fill=MUTED, text_anchor="end"
        )

    # The walls up to the temperature, then the mast with its arrow.
    for corners, colour in ((left, LEFT), (right, RIGHT)):
        points = " ".join(f"{x(v):.2f},{y(t):.2f}" for t, v in corners)
        drawing.element(
            "polyline", points=points, fill="none", stroke=colour, stroke_width=3,
            stroke_linejoin="round",
        )  # fmt: skip
    drawing.element(
        "line", x1=x(mean), y1=y(below), x2=x(mean), y2=y(top) + 8, stroke=_MAST, stroke_width=4
    )
    _arrow_head(drawing, x(mean), y(top), _MAST)
    drawing.element(
        "text", f"mean {format_number(mean)}", x=x(mean) + 8, y=y(top) + 10, font_size=11,
        fill=INK,
    )  # fmt: skip

    # The stops: both walls at t = 0 (once when equal), written below the base.
    stops = [chart.left_wall.value_at(0), chart.right_wall.value_at(0)]
    base = y(_MINUS_ONE) + 20
    close = stops[0] != stops[1] and x(stops[1]) - x(stops[0]) < 40
    for i, (stop, colour) in enumerate(zip(stops, (LEFT, RIGHT), strict=True)):
        if i and stop == stops[0]:
            break
        anchor = ("end", "start")[i] if close else "middle"
        shift = (-3.0, 3.0)[i] if close else 0.0
        drawing.element(
            "line", x1=x(stop), x2=x(stop), y1=y(Fraction(0)), y2=base - 12, stroke=colour,
            stroke_dasharray="2 3",
        )  # fmt: skip
        drawing.element(
            "text", format_number(stop), x=x(stop) + shift, y=base, font_size=11, fill=colour,
            text_anchor=anchor,
        )  # fmt: skip
    return Picture(
        text=str(chart),
        svg=drawing.finish(),
        width=full,
        height=tall,
        title=f"{head}: {words}",
        shapes=drawing.shapes,
    )


def _arrow_head(drawing: Svg, x: float, y: float, colour: str) -> None:
    """A small triangle pointing up with its tip at (x, y)."""
    drawing.element(
        "polygon",
        points=f"{x:.2f},{y:.2f} {x - 5:.2f},{y + 9:.2f} {x + 5:.2f},{y + 9:.2f}",
        fill=colour,
    )
