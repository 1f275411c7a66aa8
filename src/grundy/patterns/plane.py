"""Tables of G(a, b) that repeat in three directions: along the rows above a diagonal band,
along the columns below it, and along the diagonal, from a corner on."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["PlanePeriodicity", "fit_plane_periodicity", "MAX_PLANE_PERIOD"]

#: The longest period tried in each direction.
MAX_PLANE_PERIOD = 12
#: A period is claimed only if the table holds this many of it beyond where it starts.
_REPEATS = 3


@dataclass(frozen=True, slots=True)
class PlanePeriodicity:
    """G(a, b) periodic along rows, columns and the diagonal, away from a band and a corner.

    In coordinates x = a - a0, y = b - b0 counted from the family's first indices,
    and with d = y - x:

    * ``G(x, y + q) = G(x, y)`` where d > `above` (right of the band: along the rows);
    * ``G(x + p, y) = G(x, y)`` where -d > `below` (left of the band: along the columns);
    * ``G(x + s, y + s) = G(x, y)`` where min(x, y) >= `corner` (along the diagonal);

    and `seed` holds the values on the box 0 <= x, y < ``len(seed)``, which the three
    rules carry to every cell. Call it with (a, b) of any size: O(1) arithmetic.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.plane import fit_plane_periodicity
    >>> a, b = np.indices((32, 32))
    >>> king = np.where(b >= a, 2 * (a % 2) + (a + b) % 2, 2 * (b % 2) + (a + b) % 2)
    >>> rule = fit_plane_periodicity(king)
    >>> print(rule.text())
    b ≥ a: [0 1 | 3 2][a % 2][b % 2]; b < a: [0 3 | 1 2][a % 2][b % 2]
    >>> rule(10**18 + 1, 10**18 + 2)
    3
    """

    start: tuple[int, int]
    q: int
    above: int
    p: int
    below: int
    s: int
    corner: int
    seed: tuple[tuple[int, ...], ...]

    # ------------------------------------------------------------------ the function
    def reduce(self, x: int, y: int) -> tuple[int, int]:
        """The cell of the seed that the rules carry (x, y) (relative coordinates) to."""
        d = y - x
        if d > self.above:
            y = x + self.above + 1 + (d - self.above - 1) % self.q
        elif -d > self.below:
            x = y + self.below + 1 + (-d - self.below - 1) % self.p
        low = min(x, y)
        if low >= self.corner + self.s:
            k = (low - self.corner) // self.s * self.s
            x, y = x - k, y - k
        return x, y

    def __call__(self, a: int, b: int) -> int:
        x, y = a - self.start[0], b - self.start[1]
        if x < 0 or y < 0:
            raise ValueError(f"({a}, {b}) is below the first indices {self.start}")
        x, y = self.reduce(x, y)
        return self.seed[x][y]

    @property
    def size(self) -> int:
        """The values the rule stores (its seed) and its six numbers."""
        return len(self.seed) ** 2 + 6

    # ------------------------------------------------------------------ the theorem
    def window(self, reach: int) -> int:
        """The side K of the box [0, K)^2 (relative coordinates) whose mex check proves it.

        For moves by offsets of at most `reach` in each coordinate: every cell outside
        the box has the same value and the same options' values as one inside it
        (the finite-window theorem, stated and proved in docs/tutorial.md).
        """
        spread = max(max(self.above, 0) + self.q, max(self.below, 0) + self.p)
        return self.corner + self.s + reach + spread + 2 * reach

    # ------------------------------------------------------------------ regions
    def _shift(self) -> int:
        """b - a = d + shift: the diagonal d of relative coordinates in absolute ones."""
        return self.start[1] - self.start[0]

    def band(self) -> range:
        """The diagonals d (relative) of the band, between the row and column zones."""
        return range(-self.below, self.above + 1)

    def region_of(self, a: int, b: int) -> int:
        """The index of (a, b)'s region in :meth:`regions` (when it lists more than one):
        0 right of the band, then its diagonals from the top right down, then left of it."""
        d = (b - a) - self._shift()
        if d > self.above:
            return 0
        if -d > self.below:
            return len(self.band()) + 1
        return 1 + self.above - d

    def regions(self) -> list[tuple[str, str]]:
        """Each region as (where, rule), from the top right to the bottom left: the zone
        right of the band, the band's diagonals, the zone left of it."""
        one = self._one_rule()
        if one:
            return [("all a, b", one)]
        # with no band between them, the zone left of it starts where the other ends
        last = -self.below - 1 if len(self.band()) else self.above
        return [
            (self._label(">", self.above + 1), self._zone_rule(0)),
            *[(self._label("=", d), self._diagonal_rule(d)) for d in reversed(self.band())],
            (self._label("<", last), self._zone_rule(1)),
        ]

    def _one_rule(self) -> str:
        """The rule when the two zones meet with the same table (no band), else ""."""
        if len(self.band()):
            return ""
        right = self._zone_rule(0)
        return right if right == self._zone_rule(1) else ""

    def text(self) -> str:
        """The rule region by region, with the values as residue tables."""
        regions = self.regions()
        if len(regions) == 1:
            return regions[0][1]
        return "; ".join(f"{where}: {rule}" for where, rule in regions)

    def _label(self, relation: str, d: int) -> str:
        c = d + self._shift()
        if relation == ">":  # b - a >= c
            return "b ≥ a" if c == 0 else "b > a" if c == 1 else f"b - a ≥ {c}"
        if relation == "<":  # b - a <= c
            return "b ≤ a" if c == 0 else "b < a" if c == -1 else f"a - b ≥ {-c}"
        return "b = a" if c == 0 else f"b = a + {c}" if c > 0 else f"a = b + {-c}"

    def _zone_rule(self, zone: int) -> str:
        """A zone's residue table (for a, b past the corner) and its rows that differ."""
        period = self.q if zone == 0 else self.p
        lattice = math.lcm(self.s, period)
        gap = (self.above if zone == 0 else self.below) + 1
        a0, b0 = self.start

        def cells(x: int) -> list[tuple[int, int, int]]:  # one period of a row (column)
            out = []
            for t in range(period):
                u, v = (x, x + gap + t) if zone == 0 else (x + gap + t, x)
                r, c = self.reduce(u, v)
                out.append((u + a0, v + b0, self.seed[r][c]))
            return out

        far = [c for x in range(self.corner, self.corner + lattice) for c in cells(x)]
        shape = (lattice, period) if zone == 0 else (period, lattice)
        table = _residue_table(far, *shape)
        assert table is not None  # the three rules make the zone periodic past the corner
        near = []
        for x in range(self.corner):
            row = cells(x)
            if not _fits_table(row, table):
                name = f"row a = {x + a0}" if zone == 0 else f"column b = {x + b0}"
                mine = _residue_table(row, *((1, period) if zone == 0 else (period, 1)))
                assert mine is not None
                near.append(f"{name}: {_table_text(mine)}")
        if not near:
            return _table_text(table)
        first = self.corner + (a0 if zone == 0 else b0)
        return f"{_table_text(table)} for {'a' if zone == 0 else 'b'} ≥ {first}, {', '.join(near)}"

    def _diagonal_rule(self, d: int) -> str:
        a0 = self.start[0]
        first = max(0, -d)
        steady = max(first, self.corner - min(0, d))  # min(x, x + d) >= corner
        head = [self.seed[u][v] for u, v in (self.reduce(x, x + d) for x in range(first, steady))]
        cycle = [self(x + a0, x + d + self.start[1]) for x in range(steady, steady + self.s)]
        cycle = cycle[: _shortest_period(cycle)]
        r0 = (steady + a0) % len(cycle)  # index the cycle by a mod its length
        cycle = cycle[-r0:] + cycle[:-r0] if r0 else cycle
        rule = str(cycle[0]) if len(cycle) == 1 else f"[{_row(cycle)}][a % {len(cycle)}]"
        if head:
            listed = ", ".join(f"{v} at a = {first + a0 + i}" for i, v in enumerate(head))
            return f"{listed}, then {rule}"
        return rule

    def regions_json(self, box: Any) -> dict[str, Any]:
        """The regions as JSON: ``labels`` ([where, rule], as :meth:`regions` lists them)
        and ``cells`` (the region of each cell of `box`, a Region: an index into labels).

        Examples
        --------
        >>> from grundy.patterns import Region
        >>> from grundy.patterns.plane import PlanePeriodicity
        >>> king = PlanePeriodicity((0, 0), 2, -1, 2, -1, 2, 0, ((0, 1, 0), (1, 2, 3), (0, 3, 0)))
        >>> king.regions_json(Region(("a", "b"), (0, 0), (3, 3)))["cells"]
        [[0, 0, 0], [1, 0, 0], [1, 1, 0]]
        """
        (a0, b0), (a1, b1) = box.start, box.stop
        regions = self.regions()
        index = self.region_of if len(regions) > 1 else (lambda a, b: 0)
        return {
            "labels": [list(region) for region in regions],
            "cells": [[index(a, b) for b in range(b0, b1)] for a in range(a0, a1)],
        }

    def region(self, a: int, b: int) -> tuple[str, str]:
        """(where, rule) of the region of (a, b).

        Examples
        --------
        >>> from grundy.patterns.plane import PlanePeriodicity
        >>> king = PlanePeriodicity((0, 0), 2, -1, 2, -1, 2, 0, ((0, 1, 0), (1, 2, 3), (0, 3, 0)))
        >>> king.region(5, 2)
        ('b < a', '[0 3 | 1 2][a % 2][b % 2]')
        """
        regions = self.regions()
        return regions[self.region_of(a, b)] if len(regions) > 1 else regions[0]


def _row(values: list[int]) -> str:
    return " ".join(map(str, values))


def _shortest_period(values: list[int]) -> int:
    n = len(values)
    return next(p for p in range(1, n + 1) if n % p == 0 and values == values[p:] + values[:p])


_Table = tuple[int, int, list[list[int]]]


def _residue_table(cells: list[tuple[int, int, int]], first: int, second: int) -> _Table | None:
    """The smallest table T[a % m][b % k] (m | first, k | second) that the cells (a, b, G) fit."""
    pairs = sorted(
        ((m, k) for m in _divisors(first) for k in _divisors(second)), key=lambda mk: mk[0] * mk[1]
    )
    for m, k in pairs:
        table: dict[tuple[int, int], int] = {}
        if all(table.setdefault((a % m, b % k), v) == v for a, b, v in cells):
            if len(table) == m * k:  # else a residue the cells never meet: not this table
                return m, k, [[table[i, j] for j in range(k)] for i in range(m)]
    return None


def _fits_table(cells: list[tuple[int, int, int]], table: _Table) -> bool:
    m, k, rows = table
    return all(rows[a % m][b % k] == v for a, b, v in cells)


def _table_text(table: _Table) -> str:
    m, k, rows = table
    if m == k == 1:
        return str(rows[0][0])
    if m == 1:
        return f"[{_row(rows[0])}][b % {k}]"
    if k == 1:
        return f"[{_row([r[0] for r in rows])}][a % {m}]"
    return f"[{' | '.join(_row(r) for r in rows)}][a % {m}][b % {k}]"


def _divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


# ---------------------------------------------------------------------- fitting
def _rows_fit(table: np.ndarray) -> tuple[int, int] | None:
    """(q, above): the row period q with the least cost above + q, G(x, y + q) = G(x, y)."""
    n_cols = table.shape[1]
    diagonal = np.subtract.outer(np.arange(n_cols), np.arange(table.shape[0])).T  # y - x
    best: tuple[int, int, int] | None = None
    for q in range(1, min(MAX_PLANE_PERIOD, n_cols // (_REPEATS + 1)) + 1):
        broken = diagonal[:, :-q][table[:, q:] != table[:, :-q]]
        above = max(int(broken.max()), -1) if broken.size else -1
        if n_cols - 1 - max(above, 0) < _REPEATS * q:
            continue  # not seen three times
        cost = max(above, 0) + q
        if best is None or cost < best[0]:
            best = (cost, q, above)
    return None if best is None else best[1:]


def _diagonal_fit(table: np.ndarray) -> tuple[int, int] | None:
    """(s, corner): G(x + s, y + s) = G(x, y) for min(x, y) >= corner, least corner + s."""
    n = min(table.shape)
    low = np.minimum(*np.indices(table.shape))
    best: tuple[int, int, int] | None = None
    for s in range(1, min(MAX_PLANE_PERIOD, n // (_REPEATS + 1)) + 1):
        broken = low[:-s, :-s][table[s:, s:] != table[:-s, :-s]]
        corner = int(broken.max()) + 1 if broken.size else 0
        if n - corner < _REPEATS * s:
            continue
        if best is None or corner + s < best[0]:
            best = (corner + s, s, corner)
    return None if best is None else best[1:]


def fit_plane_periodicity(table: Any, start: tuple[int, int] = (0, 0)) -> PlanePeriodicity | None:
    """Find the simplest :class:`PlanePeriodicity` that reproduces a table of G(a, b).

    Parameters
    ----------
    table : array_like of int, 2-D
        ``table[i][j]`` = G(start[0] + i, start[1] + j).
    start : tuple of int
        The first indices.

    Returns
    -------
    PlanePeriodicity or None
        None unless each period (at most ``MAX_PLANE_PERIOD``) repeats three times in
        the table and the seed takes at most half of each side.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.plane import fit_plane_periodicity
    >>> a, b = np.indices((40, 40))
    >>> print(fit_plane_periodicity(a % 3 ^ b % 3).text())
    [0 1 2 | 1 0 3 | 2 3 0][a % 3][b % 3]
    >>> fit_plane_periodicity(a ^ b) is None
    True

    Notes
    -----
    Each period is the one with the least cost (where it starts plus its length): for
    each row period q, the diagonals where G(x, y + q) != G(x, y) give `above` at once,
    O(MAX_PLANE_PERIOD x cells) numpy work in all.
    """
    grid = np.asarray(table, dtype=np.int64)
    if grid.ndim != 2 or min(grid.shape) < 2 * (_REPEATS + 1):
        return None
    rows, columns, diagonal = _rows_fit(grid), _rows_fit(grid.T), _diagonal_fit(grid)
    if rows is None or columns is None or diagonal is None:
        return None
    (q, above), (p, below), (s, corner) = rows, columns, diagonal
    side = corner + s + max(above + q, below + p, 0)
    if 2 * side > min(grid.shape):
        return None
    seed = tuple(tuple(int(v) for v in row[:side]) for row in grid[:side])
    rule = PlanePeriodicity((int(start[0]), int(start[1])), q, above, p, below, s, corner, seed)
    n_rows, n_cols = grid.shape
    # The rules were fitted on pairs of cells of the table, so the table follows them.
    if any(
        rule(i + rule.start[0], j + rule.start[1]) != grid[i, j]
        for i in range(n_rows)
        for j in range(n_cols)
    ):  # pragma: no cover - a fitted rule reproduces its table
        return None
    return rule
