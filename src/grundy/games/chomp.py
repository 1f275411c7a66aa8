"""Chomp, the lecture notes' chocolate cake: bite off a corner, do not eat the poison."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import InvalidPositionError
from ..core.integers import parse_int, shown
from ..core.sums import Sum
from ..display.boards import CHOCOLATE, board_picture, check_board_size
from ..display.picture import Picture
from ..impartial.game import ImpartialGame
from .chomp_rows import three_row_table

__all__ = ["Chomp"]

# A search may generate this many moves per allowed position before it is refused: an
# R x C board has C(R+C, R) diagrams with up to R*C moves each.
_MOVES_PER_POSITION = 20
_RECTANGLE = re.compile(r"^\s*(-?[0-9]+)\s*[xX×]\s*(-?[0-9]+)\s*$")


@dataclass(frozen=True)
class Chomp(ImpartialGame[tuple[int, ...]]):
    """Chomp: bite a square and everything above and to the right of it.

    A position is a Young diagram: the tuple of row lengths, bottom row first,
    non-increasing, e.g. ``(3, 3, 3)`` for a 3 x 3 cake. Rows and columns are indexed
    from 0 (as in :meth:`bite`; the words of :meth:`describe_move` count from 1, as
    people do); the poisoned square is (0, 0), bottom left. A move picks a square (r, c) of
    the diagram other than the poison and removes every square (r', c') with r' >= r
    and c' >= c. The player left with only the poison cannot move (they would have to
    eat it) and loses.

    Examples
    --------
    >>> from grundy.games import Chomp
    >>> game = Chomp()
    >>> game.outcome((3, 3, 3)), game.winning_moves((3, 3, 3))
    (Outcome.N, [(3, 1, 1)])
    >>> game.is_p_position((4, 3))
    True
    >>> game.bite((5, 4, 2), 1, 1)
    (5, 1, 1)

    Notes
    -----
    No closed form is known: values, outcomes and winning moves come from the generic
    search over the sub-diagrams of the position, with the transpose symmetry (the
    conjugate partition is the same cake turned over the diagonal) as the
    ``canonical`` hook, which about halves the search. An R x C board has
    C(R + C, R) Young diagrams inside it, each with fewer than R*C options, so the
    search costs O(C(R+C, R) R C): the full 8 x 8 board takes about 0.1 s, 10 x 10
    about 2.5 s. A position whose bounding box holds more than ``max_positions``
    diagrams (or more than 20 x ``max_positions`` moves) is refused at once. The one
    closed form used: an L (one row plus one column, such as a single row) is Nim with
    two heaps, its arms, so its value is (row - 1) XOR (height - 1).

    The strategy-stealing argument of the notes shows that every rectangle except
    1 x 1 is a first-player win, without saying how: if biting the top-right square
    lost, the answer to it would be a winning first move, since every bite also removes
    that square. Known winning moves: on a square, bite (1, 1) and mirror the
    opponent on the two equal arms; on two rows of n, bite (1, n - 1) leaving rows
    (n, n - 1), which are the P-positions of two-row Chomp.
    """

    # ----------------------------------------------------------------- the rules
    def moves(self, rows: tuple[int, ...]) -> list[tuple[int, ...]]:
        # A bite at (r, c), c >= 1, cuts rows r..k-1 to length c, where k = the number of
        # rows of length >= c (a column height): rows k.. are already shorter.
        heights = _conjugate(rows)
        tails = [(heights[c - 1], rows[heights[c - 1] :]) for c in range(1, rows[0])]
        options = []
        for r, length in enumerate(rows):
            head = rows[:r]
            if r:
                options.append(head)  # a bite at column 0 removes rows r and above
            for c in range(1, length):
                k, tail = tails[c - 1]
                options.append(head + (c,) * (k - r) + tail)
        return options

    def canonical(self, rows: tuple[int, ...]) -> tuple[int, ...]:
        # Of a diagram and its transpose, the one with fewer rows (then the smaller): a
        # row of 10^9 squares stays one number, its transpose would be 10^9 of them.
        if len(rows) != rows[0]:
            return rows if len(rows) < rows[0] else _conjugate(rows)
        conjugate = _conjugate(rows)
        return rows if rows <= conjugate else conjugate

    def formula(self, rows: tuple[int, ...]) -> int | None:
        # An L (one row and one column) is two Nim heaps: its two arms.
        if _is_l_shape(rows):
            return (rows[0] - 1) ^ (len(rows) - 1)
        return None

    def moves_to_value(self, rows: tuple[int, ...], value: int) -> list[tuple[int, ...] | Sum]:
        rows = self._check_rows(rows)
        if not _is_l_shape(rows):
            self.check_search(rows)  # the options are valued by search: refuse a big one now
            return list(super().moves_to_value(rows, value))
        # Nim on the arms: shorten the row arm to value ^ column arm, or the other way.
        across, up = rows[0] - 1, len(rows) - 1
        options: list[tuple[int, ...] | Sum] = []
        if value ^ up < across:
            options.append(((value ^ up) + 1,) + rows[1:])
        if value ^ across < up:
            options.append(rows[: (value ^ across) + 1])
        return options

    def remoteness(self, position: tuple[int, ...] | Sum, *, misere: bool = False) -> int:
        """Remoteness; a board of at most three rows (or columns) from its P-positions.

        3 x n Chomp is valued in O(n^3) by :func:`grundy.games.chomp_rows.three_row_table`
        (every family of bites holds at most one P-position), where the search over every
        option costs O(n^4); other boards and misère play search.

        Examples
        --------
        >>> from grundy.games import Chomp
        >>> Chomp().remoteness((100, 100, 100))     # 176,851 diagrams, about a second
        199
        """
        if not misere and not isinstance(position, Sum):
            rows = self._check_rows(position)
            if len(rows) > 3 and rows[0] <= 3:
                rows = _conjugate(rows)  # the same cake turned over: three rows
            if len(rows) <= 3:
                a, b, c = (*rows, 0, 0)[:3]
                box, table = self.cache.get("three_rows", ((0, 0, 0), {}))
                if a > box[0] or b > box[1] or c > box[2]:  # the box holds every option
                    box = (max(a, box[0]), max(b, box[1]), max(c, box[2]))
                    table = three_row_table(box)
                    self.cache["three_rows"] = box, table
                return table[a, b, c] >> 1
        return super().remoteness(position, misere=misere)

    def bite(self, position: Sequence[int], row: int, column: int) -> tuple[int, ...]:
        """Return the position after biting at square (`row`, `column`).

        Raises
        ------
        InvalidPositionError
            The square is not in the diagram, or it is the poison (0, 0).

        Examples
        --------
        >>> from grundy.games import Chomp
        >>> Chomp().bite((4, 4, 4), 2, 0)
        (4, 4)
        """
        rows = self._check_rows(position)
        if not (0 <= row < len(rows) and 0 <= column < rows[row]):
            raise InvalidPositionError(
                f"{self!r}: square ({row}, {column}) is not in the diagram {rows}"
            )
        if row == 0 and column == 0:
            raise InvalidPositionError(
                f"{self!r}: square (0, 0) is the poison; it cannot be bitten"
            )
        return rows[:row] + tuple(x for x in (min(x, column) for x in rows[row:]) if x)

    def position_at(self, *indices: int) -> tuple[int, ...] | Sum:
        """The a x b rectangle for two indices (a rows of b), the rows given otherwise.

        Examples
        --------
        >>> from grundy.games import Chomp
        >>> Chomp().position_at(2, 3), Chomp().position_at(4)
        ((3, 3), (4,))
        """
        if len(indices) == 2:
            return self.check_position((indices[1],) * indices[0])
        return self.check_position(indices)

    # ----------------------------------------------------------------- validation
    def check_position(self, position: object) -> tuple[int, ...] | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        return self._check_rows(position)

    def _check_rows(self, position: object) -> tuple[int, ...]:
        """:meth:`check_position` of one diagram (not a ``Sum``)."""
        if not isinstance(position, tuple | list):
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a tuple of row lengths (bottom row "
                "first), e.g. (3, 3, 3)"
            )
        rows = []
        for r, length in enumerate(position):
            if isinstance(length, bool) or not isinstance(length, int):
                raise InvalidPositionError(
                    f"{self!r}: row {r} has length {shown(length)}, not an integer"
                )
            if length < 0:
                raise InvalidPositionError(f"{self!r}: row {r} has negative length {shown(length)}")
            rows.append(length)
        while rows and rows[-1] == 0:  # empty rows at the top are no rows
            rows.pop()
        if not rows:
            raise InvalidPositionError(
                f"{self!r}: the diagram {shown(tuple(position))} is empty; there is always the "
                "poisoned square, so the bottom row has length >= 1"
            )
        for r in range(1, len(rows)):
            if rows[r] == 0:
                raise InvalidPositionError(
                    f"{self!r}: row {r} of {shown(tuple(position))} is empty but a row above it "
                    "is not; a Young diagram has no gaps"
                )
            if rows[r] > rows[r - 1]:
                raise InvalidPositionError(
                    f"{self!r}: {shown(tuple(position))} is not a Young diagram: row {r} (length "
                    f"{shown(rows[r])}) is longer than row {r - 1} below it (length "
                    f"{shown(rows[r - 1])}); "
                    "row lengths must be non-increasing, bottom row first"
                )
        return tuple(rows)

    # ----------------------------------------------------------------- search size
    def search_size(self, rows: tuple[int, ...]) -> int:
        # The Young diagrams under the board, or its moves over _MOVES_PER_POSITION,
        # whichever is more (C(h + w, h) > 2^min(h, w): beyond 1000 it is astronomical).
        height, width = len(rows), rows[0]
        short = min(height, width)
        if short > 1000:
            return 1 << 1000
        diagrams = math.comb(height + width, short)
        return max(diagrams, -(-diagrams * height * width // _MOVES_PER_POSITION))

    def search_refusal(self, rows: tuple[int, ...], size: int, limit: int) -> str:
        height, width = len(rows), rows[0]
        short = min(height, width)
        diagrams = math.comb(height + width, short) if short <= 1000 else None
        if diagrams is None:
            shown = "more than 2^1000"
        elif diagrams < 10**15:
            shown = f"{diagrams:,}"
        else:
            shown = f"about 10^{len(str(diagrams)) - 1}"
        return (
            f"{self!r}: no closed form is known, and a search of the "
            f"{height} x {width} board visits up to C({height + width}, {height}) = "
            f"{shown} Young diagrams with up to {height * width:,} moves each; the "
            f"limit is max_positions = {limit:,} diagrams and "
            f"{_MOVES_PER_POSITION} x max_positions moves"
        )

    # ----------------------------------------------------------------- notation
    def parse_position(self, tokens: Sequence[str]) -> tuple[int, ...]:
        """Read row lengths (``3 3 2``, bottom row first) or a rectangle ``RxC``.

        Examples
        --------
        >>> from grundy.games import Chomp
        >>> Chomp().parse_position(["2x3"]), Chomp().parse_position(["3", "2"])
        ((3, 3), (3, 2))
        """
        if not tokens:
            raise InvalidPositionError(
                f"{self!r}: give the row lengths (e.g. 3 3 2) or a rectangle RxC (e.g. 4x7)"
            )
        if len(tokens) == 1 and (match := _RECTANGLE.match(tokens[0])):
            what = f"{self!r}: rectangle {shown(tokens[0])}: side"
            height, width = parse_int(match[1], what), parse_int(match[2], what)
            if height < 1 or width < 1:
                raise InvalidPositionError(
                    f"{self!r}: rectangle {shown(tokens[0])} is empty; give RxC with R, C >= 1"
                )
            if height > self.max_positions:  # a tuple of that many rows: memory
                raise InvalidPositionError(
                    f"{self!r}: rectangle {shown(tokens[0])} has more rows than "
                    f"max_positions = {self.max_positions:,}"
                )
            return (width,) * height
        expected = "an integer; give the row lengths (bottom row first) or one rectangle RxC"
        rows = [parse_int(word, f"{self!r}: row length", expected=expected) for word in tokens]
        return self._check_rows(rows)

    def picture(self, position: tuple[int, ...] | Sum) -> Picture:
        """Draw the cake: rows of chocolate squares, the bottom row first (row 1), the
        poisoned square crossed out in the bottom-left corner; rows and columns
        numbered as :meth:`describe_move` counts them.

        Raises
        ------
        PictureLimitError
            More squares than a picture draws (about 6,000).

        Examples
        --------
        >>> from grundy.games import Chomp
        >>> picture = Chomp().picture((4, 3, 3))
        >>> picture.svg.count("chocolate</title>"), picture.svg.count("poisoned")
        (9, 1)
        """
        position = self.check_position(position)
        if isinstance(position, Sum):
            return super().picture(position)
        title = self.picture_title(position)
        check_board_size(sum(position), title)
        rows = ["p" + "c" * (position[0] - 1)] + ["c" * length for length in position[1:]]
        return board_picture(
            rows[::-1],  # drawn top row first
            CHOCOLATE,
            title=title,
            text=self.draw(position),
            column_names=[str(c + 1) for c in range(position[0])],
            row_names=[str(r) for r in range(len(position), 0, -1)],
            names_below=True,
            frame=False,
            what=title,
        )

    def describe_move(self, before: tuple[int, ...] | Sum, after: tuple[int, ...] | Sum) -> str:
        """Say which square was bitten, rows and columns counted from 1 as people count
        (the poisoned square is row 1, column 1; :meth:`bite` indexes from 0).

        Examples
        --------
        >>> from grundy.games import Chomp
        >>> Chomp().describe_move((3, 3, 3), (3, 1, 1))
        'bite at row 2, column 2'
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        if isinstance(before, Sum) or isinstance(after, Sum):
            return super().describe_move(before, after)
        r = 0
        while r < len(after) and after[r] == before[r]:
            r += 1
        column = after[r] if r < len(after) else 0
        return f"bite at row {r + 1}, column {column + 1}"


def _is_l_shape(rows: tuple[int, ...]) -> bool:
    return len(rows) == 1 or rows[1] == 1


def _conjugate(rows: tuple[int, ...]) -> tuple[int, ...]:
    """The transposed diagram: column lengths, left column first."""
    conjugate = []
    height = len(rows)
    for c in range(rows[0]):
        while rows[height - 1] <= c:
            height -= 1
        conjugate.append(height)
    return tuple(conjugate)
