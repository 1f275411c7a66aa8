"""Draw a table of G(a, b) as a heat map, its zeros (P-positions) in black (matplotlib)."""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from ..core.errors import GrundyError, InvalidGameError
from ..heaps.plot import save_figure
from .p_positions import _as_table

__all__ = ["plot_table"]

_ZERO_COLOUR = "black"


def plot_table(
    table: Any,
    path: str | os.PathLike[str],
    *,
    title: str = "",
    variables: tuple[str, str] = ("a", "b"),
    p_positions: bool = True,
) -> None:
    """Save a heat map of a table of G(a, b) to `path` (PNG, SVG or PDF, by its extension).

    Laid out like a printed table: a down the side from 0 at the top, b along the top;
    the colour of a cell is its value (the colour bar reads it), and the zeros are black
    when `p_positions` is set.

    Parameters
    ----------
    table : array_like of int, 2-D
        ``table[a, b]`` is G(a, b), a and b counted from 0.
    path : str or os.PathLike
        The file to write.
    title : str
        The title; by default ``G(a, b) for 0 <= a < rows, 0 <= b < cols``.
    variables : tuple of str
        The names of the row and the column variables (``("a", "b")``).
    p_positions : bool
        Mark the zeros (P-positions) in black, counted in the legend.

    Raises
    ------
    InvalidGameError
        `table` is empty, or not a 2-D array of integers.
    GrundyError
        matplotlib is not installed (``pip install 'grundy[plot]'``), or the file cannot
        be written.

    Examples
    --------
    >>> import os, tempfile
    >>> import numpy as np
    >>> from grundy.patterns.heatmap import plot_table
    >>> nim = np.bitwise_xor.outer(np.arange(16), np.arange(24))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     plot_table(nim, os.path.join(folder, "nim.png"), title="Nim: G(a, b) = a ^ b")
    ...     os.path.getsize(os.path.join(folder, "nim.png")) > 1000
    True

    Notes
    -----
    matplotlib is imported here, on the first call, so that importing grundy (or this
    module) stays light; the Agg backend draws to files with no display.
    """
    grid = _as_table(table)
    if grid.size == 0:
        raise InvalidGameError(f"cannot draw an empty table (shape {grid.shape})")
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
        from matplotlib.colors import ListedColormap
        from matplotlib.patches import Patch
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        raise GrundyError("plots need matplotlib: pip install 'grundy[plot]'") from None
    row_name, col_name = variables
    rows, cols = grid.shape
    # Colours only: floats are fine here (values past 2^53 would merely share a colour).
    values = grid.astype(float)
    zero = grid == 0
    scale = 8 / max(rows, cols)
    fig, ax = plt.subplots(
        figsize=(max(4.0, 2.5 + cols * scale), max(3.5, 1.8 + rows * scale)), dpi=110
    )
    shown = np.ma.masked_where(zero, values) if p_positions else values
    image = ax.imshow(
        shown,
        cmap="viridis",
        vmin=float(values.min()),
        vmax=float(values.max()),
        origin="upper",  # a = 0 on the top row, as printed
        interpolation="nearest",
        aspect="auto" if max(rows, cols) > 4 * min(rows, cols) else "equal",
    )
    fig.colorbar(image, ax=ax, label=f"G({row_name}, {col_name})", fraction=0.046, pad=0.04)
    if p_positions and zero.any():
        ax.imshow(
            np.ma.masked_where(~zero, np.zeros_like(values)),
            cmap=ListedColormap([_ZERO_COLOUR]),
            origin="upper",
            interpolation="nearest",
            aspect=ax.get_aspect(),
        )
        marker = Patch(facecolor=_ZERO_COLOUR, label=f"G = 0: P-positions ({int(zero.sum()):,})")
        ax.legend(
            handles=[marker],
            loc="upper left",
            bbox_to_anchor=(0.0, -0.02),
            fontsize=8,
            frameon=False,
        )
    ax.xaxis.tick_top()  # b along the top, like a table's header
    ax.xaxis.set_label_position("top")
    for axis in (ax.xaxis, ax.yaxis):
        axis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(col_name)
    ax.set_ylabel(row_name)
    default = (
        f"G({row_name}, {col_name}) for 0 <= {row_name} < {rows:,}, 0 <= {col_name} < {cols:,}"
    )
    ax.set_title(title or default, pad=12)
    save_figure(fig, path)
