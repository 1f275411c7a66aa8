"""Draw a thermograph with matplotlib (imported only when drawing).

The picture follows Winning Ways and CGSuite: temperature upwards, values along the
horizontal axis with Left's (positive) values to the *left*, so that the left wall is
on the left; the mast is drawn up to a little above the temperature.
"""

from __future__ import annotations

import os
from fractions import Fraction
from typing import Any

from ..core.errors import GrundyError
from .canonical import CanonicalGame
from .dyadic import format_number
from .thermographs import Thermograph, Trajectory, thermograph

__all__ = ["plot_thermograph", "wall_points"]


def wall_points(wall: Trajectory, top: Fraction) -> list[tuple[Fraction, Fraction]]:
    """The corners of `wall` from t = -1 up to t = `top`: (temperature, value) pairs.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.thermographs import thermograph
    >>> from grundy.partizan.thermograph_plot import wall_points
    >>> [(str(t), str(v)) for t, v in wall_points(thermograph(parse("*")).left_wall, 1)]
    [('-1', '1'), ('0', '0'), ('1', '0')]
    """
    top = Fraction(top)
    ts = [Fraction(-1), *sorted(c for c in wall.critical_temperatures if -1 < c < top), top]
    return [(t, wall.value_at(t)) for t in ts]


def plot_thermograph(g: CanonicalGame | Thermograph, path_or_axes: Any, title: str = "") -> Any:
    """Draw the thermograph of `g` into a file, or onto matplotlib axes.

    Parameters
    ----------
    g : CanonicalGame or Thermograph
        The game (its thermograph is computed) or a thermograph.
    path_or_axes : str, os.PathLike or matplotlib Axes
        A file name (PNG, SVG or PDF, by its extension) to write, or axes to draw on.
    title : str
        The title; by default the game (CGSuite's notation) and its temperature and mean.

    Returns
    -------
    matplotlib Axes or None
        The axes drawn on; None when a file was written.

    Raises
    ------
    GrundyError
        matplotlib is not installed, or the file cannot be written.

    Examples
    --------
    >>> import os, tempfile
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.thermograph_plot import plot_thermograph
    >>> path = os.path.join(tempfile.mkdtemp(), "thermograph.png")
    >>> plot_thermograph(parse("{3||2*|1*}"), path) is None, os.path.getsize(path) > 0
    (True, True)
    """
    try:
        import matplotlib

        if isinstance(path_or_axes, str | os.PathLike):
            matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        raise GrundyError("plotting needs matplotlib: pip install 'grundy[plot]'") from None
    chart = g if isinstance(g, Thermograph) else thermograph(g)
    if not title:
        head = f"{g}: " if isinstance(g, CanonicalGame) else ""
        title = (
            f"{head}temperature {format_number(chart.temperature)}, "
            f"mean {format_number(chart.mast)}"
        )
    to_file = isinstance(path_or_axes, str | os.PathLike)
    if to_file:
        fig, ax = plt.subplots(figsize=(6, 4.5), dpi=110)
    else:
        ax = path_or_axes
    top = max(chart.temperature, Fraction(0)) + 1
    for wall, color, name in (
        (chart.left_wall, "#1f4e79", "left wall"),
        (chart.right_wall, "#c0392b", "right wall"),
    ):
        points = wall_points(wall, top)
        ax.plot(
            [float(v) for _, v in points], [float(t) for t, _ in points], color=color, label=name
        )
    ax.axhline(0, color="#888888", lw=0.6, ls=":")
    if not ax.xaxis_inverted():
        ax.invert_xaxis()  # Left's values on the left, as in Winning Ways
    ax.set_xlabel("value (Left ← → Right)")
    ax.set_ylabel("temperature t")
    ax.set_title(title)
    ax.legend(loc="upper right", fontsize=8)
    if to_file:
        from ..heaps.plot import save_figure

        save_figure(fig, path_or_axes)
        return None
    return ax
