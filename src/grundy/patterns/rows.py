"""Rows of a two-pile table that repeat additively: G(a, b + p) = G(a, b) + s from some b on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.errors import InvalidGameError
from ..core.periodicity import Periodicity
from .p_positions import _as_table

__all__ = ["RowPeriodicity", "additive_periodicity", "row_periodicities"]


@dataclass(frozen=True, slots=True)
class RowPeriodicity:
    """One row (or column) of a table of G(a, b) that is additively periodic.

    `periodicity` has the preperiod, period and saltus; it is never certified (it fits
    the table only); `text` says it with the row's own numbers.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.rows import row_periodicities
    >>> nim = np.bitwise_xor.outer(np.arange(4), np.arange(64))     # G(a, b) = a ^ b
    >>> print(row_periodicities(nim)[3].text)
    row a = 3: G(3, b + 4) = G(3, b) + 4 for b >= 0
    """

    axis: str
    index: int
    periodicity: Periodicity
    text: str


def _fits(values: np.ndarray, period: int) -> tuple[int, int] | None:
    """(least preperiod, saltus >= 0) with which `period` fits the end of `values`, or None."""
    steps = values[period:] - values[:-period]
    saltus = steps[-1]
    if saltus < 0:
        return None
    broken = np.flatnonzero(steps != saltus)
    return (int(broken[-1]) + 1 if broken.size else 0), int(saltus)


def additive_periodicity(values: Any, *, min_repeats: int = 2) -> Periodicity | None:
    """Find the period p and saltus s with G(n + p) = G(n) + s from some n on.

    Parameters
    ----------
    values : array_like of int, 1-D
        G(0), G(1), ... (any integers; Python ints of any size are kept exact).
    min_repeats : int
        A period p is claimed from preperiod n0 only if the values from n0 hold
        `min_repeats` full periods beyond the first (len(values) - n0 >= (min_repeats + 1)·p).

    Returns
    -------
    Periodicity or None
        The shortest such period, with its least preperiod and its saltus s >= 0
        (s = 0: plain periodicity), ``certified=False``; None if no period qualifies.

    Raises
    ------
    InvalidGameError
        `values` is not a 1-D sequence of integers, or `min_repeats` < 1.

    Examples
    --------
    >>> from grundy.patterns.rows import additive_periodicity
    >>> additive_periodicity([5, 1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9])
    Periodicity(preperiod=1, period=3, certified=False, saltus=3)
    >>> additive_periodicity([0, 1, 0, 2, 0, 1, 0, 3]) is None     # too little data
    True

    Notes
    -----
    For each p up to len / (min_repeats + 1) the differences G(n + p) - G(n) give the
    least preperiod at once (where they stop being constant): O(len²/min_repeats) work,
    in numpy. Among the periods that qualify, the answer is not simply the shortest: a
    short period can fit the last few values by chance (row 6 of Wythoff's table, 4000
    values: G(6, b + 1) = G(6, b) + 1 for b >= 3997 only, where period 12 holds from
    b = 37). So the period p* with the least preperiod is found first (the one the most
    data supports), and the answer is its shortest divisor d that qualifies and holds
    on more than p* + d values. By Fine and Wilf's theorem on the differences
    G(n + 1) - G(n), two periods that both hold on p + q values are both multiples of a
    period that also holds there, so these are not two rival explanations but one. If
    the values are additively periodic with period p over R >= min_repeats + 1 periods
    after n0, and (min_repeats·(R - 1) - 1)·p > n0, the answer's period divides p and
    its preperiod is <= n0 (tests/test_pattern_tables.py checks it with Hypothesis).
    """
    if isinstance(min_repeats, bool) or not isinstance(min_repeats, int) or min_repeats < 1:
        raise InvalidGameError(f"min_repeats must be an integer >= 1, not {min_repeats!r}")
    given = np.asarray(values)
    if given.ndim != 1:
        raise InvalidGameError(f"values must be 1-D, not of shape {given.shape}")
    row = _as_table(given[None, :])[0]
    size = len(row)
    fits: dict[int, tuple[int, int]] = {}
    for period in range(1, size // (min_repeats + 1) + 1):
        found = _fits(row, period)
        if found is not None and size - found[0] >= (min_repeats + 1) * period:
            fits[period] = found
    if not fits:
        return None
    best = min(fits, key=lambda p: (fits[p][0], p))
    for period in sorted(fits):
        preperiod, saltus = fits[period]
        if best % period == 0 and (period == best or size - preperiod > best + period):
            return Periodicity(preperiod=preperiod, period=period, certified=False, saltus=saltus)
    raise AssertionError("unreachable: best divides itself")


def _text(axis: str, index: int, found: Periodicity) -> str:
    plus = f" + {found.saltus}" if found.saltus else ""
    if axis == "row":
        return (
            f"row a = {index}: G({index}, b + {found.period}) = G({index}, b){plus} "
            f"for b >= {found.preperiod}"
        )
    return (
        f"column b = {index}: G(a + {found.period}, {index}) = G(a, {index}){plus} "
        f"for a >= {found.preperiod}"
    )


def row_periodicities(
    table: Any, *, rows: int | None = None, axis: str = "row", min_repeats: int = 2
) -> list[RowPeriodicity]:
    """Find the rows (or columns) of a table of G(a, b) that are additively periodic.

    Parameters
    ----------
    table : array_like of int, 2-D
        ``table[a, b]`` is G(a, b), a and b counted from 0.
    rows : int, optional
        Look at rows a < `rows` (columns b < `rows` when ``axis="column"``); default all.
    axis : {"row", "column"}
        ``"row"``: the sequences b -> G(a, b); ``"column"``: a -> G(a, b).
    min_repeats : int
        Full periods the data must hold beyond the first (see
        :func:`additive_periodicity`).

    Returns
    -------
    list of RowPeriodicity
        One for each row in which a period qualifies, in order of index; the others are
        left out.

    Raises
    ------
    InvalidGameError
        A table that is not 2-D integers, an unknown `axis`, `rows` < 0, `min_repeats` < 1.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.rows import row_periodicities
    >>> take_one = np.add.outer(np.arange(3), np.arange(12)) % 2   # take 1 from a heap
    >>> first = row_periodicities(take_one)[0]
    >>> first.periodicity
    Periodicity(preperiod=0, period=2, certified=False)
    >>> print(first.text)
    row a = 0: G(0, b + 2) = G(0, b) for b >= 0
    >>> row_periodicities(take_one, axis="column")     # 3 values: too few for period 2
    []

    Notes
    -----
    Dress, Flammenkamp and Pink (1999) proved that every row of Wythoff's table is
    additively periodic (saltus = period); a finite table shows it once the row is long
    enough: in a 200-wide table, rows 0-4 have periods 1, 3, 3, 6, 12 from
    b = 0, 0, 0, 8, 9.

    References
    ----------
    A. Dress, A. Flammenkamp, N. Pink, Additive periodicity of the Sprague-Grundy
    function of certain Nim games, Adv. in Appl. Math. 22 (1999) 249-270.
    """
    grid = _as_table(table)
    if axis not in ("row", "column"):
        raise InvalidGameError(f"axis must be 'row' or 'column', not {axis!r}")
    if axis == "column":
        grid = grid.T
    if rows is not None and (isinstance(rows, bool) or not isinstance(rows, int) or rows < 0):
        raise InvalidGameError(f"rows must be an integer >= 0, not {rows!r}")
    count = grid.shape[0] if rows is None else min(rows, grid.shape[0])
    found = []
    for index in range(count):
        periodicity = additive_periodicity(grid[index], min_repeats=min_repeats)
        if periodicity is not None:
            found.append(RowPeriodicity(axis, index, periodicity, _text(axis, index, periodicity)))
    return found
