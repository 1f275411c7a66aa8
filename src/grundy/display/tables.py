"""Tables of SG values that a notebook shows as HTML: a row of positions, or a 2-D grid.

:class:`ValueTable` is what :meth:`grundy.ImpartialGame.table` returns: a ``list`` of the
values (so everything a list does still works, and its ``repr`` is the list's) that
also knows which positions they belong to, for its ``_repr_html_``. :class:`ValueGrid` is
:meth:`~grundy.ImpartialGame.table2d`'s: G(a, b) for a box of indices, shown as an HTML
table, drawn as a heat map by :meth:`ValueGrid.heatmap`. Zeros (P-positions) are shaded.

Examples
--------
>>> from grundy.display.tables import ValueTable
>>> values = ValueTable([0, 1, 0, 1], start=0, title="bash:1")
>>> values, values == [0, 1, 0, 1], values._repr_html_().startswith("<table")
([0, 1, 0, 1], True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.integers import int_text
from .heatmap import MAX_CELLS, heatmap_picture
from .picture import Picture
from .svg import MAX_SHAPES, escape_text

__all__ = ["ValueTable", "ValueGrid", "SHOWN"]

#: The most values an HTML table shows (the object holds them all).
SHOWN = 1_000
#: Columns of a table of consecutive heaps (one row per ten).
_PER_ROW = 10
_P_STYLE = "background: #cfe3f7; font-weight: bold"
_TABLE_STYLE = "border-collapse: collapse; font-variant-numeric: tabular-nums"
_CELL_STYLE = "padding: 2px 6px; text-align: right; border: 1px solid #d9e2ec"
_HEAD_STYLE = _CELL_STYLE + "; color: #616e7c; background: #f5f7fa"


def _cell(value: int | None) -> str:
    if value is None:
        return f'<td style="{_CELL_STYLE}"></td>'
    style = f"{_CELL_STYLE}; {_P_STYLE}" if value == 0 else _CELL_STYLE
    return f'<td style="{style}">{int_text(value)}</td>'


def _head(text: object) -> str:
    return f'<th style="{_HEAD_STYLE}">{escape_text(str(text))}</th>'


def _caption(text: str) -> str:
    return f'<caption style="caption-side: top; text-align: left">{escape_text(text)}</caption>'


class ValueTable(list[int]):
    """SG values in the order of their positions: a list that shows itself as a table.

    Parameters
    ----------
    values : iterable of int
        The values.
    start : int, optional
        The values are of the heaps start, start + 1, ...: shown ten to a row.
    labels : sequence of str
        Otherwise, the positions' text (the first :data:`SHOWN` are enough).
    title : str
        The game.

    Examples
    --------
    >>> from grundy.games import Kayles
    >>> values = Kayles.table(range(12))
    >>> values                                   # a list, as before
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> html = values._repr_html_()              # what a notebook shows
    >>> html.count("<td"), "Kayles: 12 SG values" in html
    (12, True)
    """

    def __init__(
        self,
        values: Iterable[int] = (),
        *,
        start: int | None = None,
        labels: Sequence[str] = (),
        title: str = "",
    ) -> None:
        super().__init__(values)
        self.start = start
        self.labels = tuple(labels[:SHOWN])
        self.title = title

    def _repr_html_(self) -> str:
        """The values as an HTML table, zeros shaded (IPython's display protocol)."""
        shown = self[:SHOWN]
        zeros = sum(1 for v in self if v == 0)
        words = f"{len(self):,} SG values, {zeros:,} zero (P-positions shaded)"
        caption = _caption(f"{self.title}: {words}" if self.title else words)
        rows = []
        if self.start is not None:
            first = self.start - self.start % _PER_ROW
            cells: list[int | None] = [None] * (self.start - first) + list(shown)
            head = "".join(_head(f"+{c}") for c in range(_PER_ROW))
            rows.append("<tr>" + _head("n") + head + "</tr>")
            for r in range(0, len(cells), _PER_ROW):
                chunk = cells[r : r + _PER_ROW]
                rows.append("<tr>" + _head(first + r) + "".join(_cell(v) for v in chunk) + "</tr>")
        else:
            rows.append("<tr>" + _head("position") + _head("G") + "</tr>")
            for label, value in zip(self.labels, shown, strict=False):
                rows.append(f"<tr>{_head(label)}{_cell(value)}</tr>")
        more = ""
        if len(self) > len(shown):
            more = f"<p>… and {len(self) - len(shown):,} more values (the list holds them all)</p>"
        return f'<table style="{_TABLE_STYLE}">{caption}{"".join(rows)}</table>{more}'


@dataclass(frozen=True, eq=False, repr=False)
class ValueGrid:
    """SG values G(a, b) on a box of two indices: an HTML table, or a heat map.

    Attributes
    ----------
    values : tuple of tuples of int
        ``values[i][j]`` is G(rows[i], columns[j]).
    rows, columns : tuple of int
        The indices.
    variables : tuple of str
        The names of the two indices.
    title : str
        The game.

    Examples
    --------
    >>> from grundy.games import Wythoff
    >>> grid = Wythoff().table2d(4)
    >>> grid
    ValueGrid('Wythoff()', a in 0..3, b in 0..3)
    >>> grid.values[1], grid.value(2, 1)
    ((1, 2, 0, 4), 0)
    >>> grid._repr_html_().count("<td"), grid.heatmap().svg.startswith("<svg")
    (16, True)
    """

    values: tuple[tuple[int, ...], ...]
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    variables: tuple[str, str] = ("a", "b")
    title: str = ""

    def value(self, a: int, b: int) -> int:
        """G(a, b), by the indices (not the positions in the table).

        Raises
        ------
        KeyError
            (a, b) is outside the table.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().table2d(range(2, 5), range(3)).value(4, 1)
        5
        """
        try:
            return self.values[self.rows.index(a)][self.columns.index(b)]
        except ValueError:
            raise KeyError((a, b)) from None

    def __repr__(self) -> str:
        a, b = self.variables

        def span(indices: tuple[int, ...]) -> str:
            if indices == tuple(range(indices[0], indices[0] + len(indices))):
                return f"{indices[0]}..{indices[-1]}"
            return f"{len(indices)} values"

        return f"ValueGrid({self.title!r}, {a} in {span(self.rows)}, {b} in {span(self.columns)})"

    def _repr_html_(self) -> str:
        """The table as HTML, zeros shaded, at most :data:`SHOWN` cells (IPython)."""
        a, b = self.variables
        keep_rows = max(1, min(len(self.rows), SHOWN // max(1, len(self.columns))))
        keep_columns = min(len(self.columns), SHOWN)
        zeros = sum(1 for row in self.values for v in row if v == 0)
        words = (
            f"{self.title}: G({a}, {b}), {len(self.rows)} x {len(self.columns)} values, "
            f"{zeros:,} zero (P-positions shaded)"
        )
        head = "<tr>" + _head(f"{a} \\ {b}") + "".join(map(_head, self.columns[:keep_columns]))
        body = [
            "<tr>" + _head(index) + "".join(_cell(v) for v in row[:keep_columns]) + "</tr>"
            for index, row in zip(self.rows[:keep_rows], self.values[:keep_rows], strict=True)
        ]
        more = ""
        if keep_rows < len(self.rows) or keep_columns < len(self.columns):
            more = f"<p>… the first {keep_rows} x {keep_columns} shown; .values holds them all</p>"
        return (
            f'<table style="{_TABLE_STYLE}">{_caption(words)}{head}</tr>{"".join(body)}</table>'
            + more
        )

    def heatmap(
        self,
        *,
        p_positions: bool = True,
        max_cells: int = MAX_CELLS,
        max_shapes: int = MAX_SHAPES,
    ) -> Picture:
        """The table as a heat map (SVG), zeros black: see
        :func:`grundy.display.heatmap.heatmap_picture`.

        Raises
        ------
        PictureLimitError
            More than `max_cells` cells.

        Examples
        --------
        >>> from grundy.games import Wythoff
        >>> picture = Wythoff().table2d(16).heatmap()
        >>> picture.svg.count("G = 0: P-positions (13)")
        1
        """
        a, b = self.variables
        return heatmap_picture(
            self.values,
            self.rows,
            self.columns,
            title=f"{self.title}: G({a}, {b})" if self.title else f"G({a}, {b})",
            variables=self.variables,
            p_positions=p_positions,
            what=self.title or "the table",
            max_cells=max_cells,
            max_shapes=max_shapes,
        )
