"""Plot a Grundy sequence: values, rare values marked, the period shaded (matplotlib)."""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from ..core.errors import GrundyError
from .sequence import HeapSequence

__all__ = ["rare_positions", "plot_sequence", "save_figure"]


def rare_positions(sequence: HeapSequence) -> np.ndarray:
    """Boolean array: is G(n) a rare value at heap n under the sequence's mask?

    Examples
    --------
    >>> from grundy.heaps import compute
    >>> from grundy.heaps.plot import rare_positions
    >>> seq = compute("0.77", 200)
    >>> int(rare_positions(seq).sum()) == seq.rare_count
    True
    """
    values = sequence.values.astype(np.int64)
    bits = np.zeros(len(values), dtype=np.int64)
    masked = values & sequence.mask
    while masked.any():  # parity of the masked bits
        bits ^= masked & 1
        masked >>= 1
    if not sequence.mask_uses_parity:
        return bits == 0
    splits = [j for j, d in enumerate(sequence.code.digits) if d & 4]
    shift = splits[0] & 1 if splits else 0
    return bits == ((np.arange(len(values)) ^ shift) & 1)


def plot_sequence(sequence: HeapSequence, path: str | os.PathLike) -> None:
    """Save a plot of `sequence` to `path` (PNG, SVG or PDF, by its extension).

    The values G(n) are dots, rare values red; the periodic part is shaded, one period
    darker, with the period and whether it is certified in the title.

    Raises
    ------
    GrundyError
        matplotlib is not installed (``pip install grundy[plot]``), or the file cannot
        be written.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        raise GrundyError("--plot needs matplotlib: pip install 'grundy[plot]'") from None
    values = sequence.values
    n = np.arange(len(values))
    rare = rare_positions(sequence) if sequence.rare_count else np.zeros(len(values), bool)
    fig, ax = plt.subplots(figsize=(11, 4.5), dpi=110)
    size = 9 if len(values) <= 2000 else 1
    ax.scatter(n[~rare], values[~rare], s=size, color="#1f4e79", label="G(n)", rasterized=True)
    if rare.any():
        ax.scatter(
            n[rare],
            values[rare],
            s=4 * size,
            color="#c0392b",
            rasterized=True,
            label=f"rare values ({int(rare.sum()):,}, mask {sequence.mask:#x})",
        )
    found = sequence.periodicity
    title = f"{sequence.code}: G(n) for n = 0..{sequence.upto:,}"
    if found:
        ax.axvspan(
            found.preperiod,
            len(values) - 1,
            color="#f9e79f",
            alpha=0.35,
            lw=0,
            label=f"periodic from n = {found.preperiod:,}",
        )
        end = min(found.preperiod + found.period, len(values) - 1)
        ax.axvspan(
            found.preperiod,
            end,
            color="#f5b041",
            alpha=0.45,
            lw=0,
            label=f"one period ({found.period:,})",
        )
        kind = "certified" if found.certified else "not certified"
        saltus = f", saltus {found.saltus}" if found.saltus else ""
        title += f"; period {found.period:,}{saltus} from n = {found.preperiod:,} ({kind})"
    else:
        title += "; no period seen"
    ax.set_title(title)
    ax.set_xlabel("heap size n")
    ax.set_ylabel("Grundy value G(n)")
    ax.margins(x=0.01)
    ax.legend(loc="upper left", fontsize=8, markerscale=2)
    save_figure(fig, path)


def save_figure(fig: Any, path: str | os.PathLike[str]) -> None:
    """Lay out `fig`, write it to `path` and close it; a bad path is a one-line error.

    Shared by every plot of the package (sequences here, 2-D tables in
    ``grundy.patterns.heatmap``).
    """
    import matplotlib.pyplot as plt

    fig.tight_layout()
    try:
        fig.savefig(path)
    except (OSError, ValueError) as exc:
        raise GrundyError(f"cannot write the plot {str(path)!r}: {exc}") from None
    finally:
        plt.close(fig)
