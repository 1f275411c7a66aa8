"""Amazons on small boards: move a queen like a chess queen, then shoot an arrow from
where it lands; the arrow burns the cell it lands on."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...core.errors import InvalidPositionError
from ...display.boards import AMAZONS
from .grid import (
    COMPASS,
    Board,
    GridGame,
    board_text,
    cell_name,
    images,
    read_cell,
    split,
)

__all__ = ["Amazons"]

_EMPTY, _LEFT, _RIGHT, _BURNT = ".", "x", "o", "#"
_SWAP = str.maketrans("xo", "ox")

#: A move: (the queen's cell, where it goes, where its arrow lands, the board after).
Move = tuple[tuple[int, int], tuple[int, int], tuple[int, int], Board]


def _slide(board: Board, r: int, c: int) -> Iterator[tuple[int, int]]:
    """The empty cells a queen (or an arrow) at (r, c) reaches in a straight line."""
    height, width = len(board), len(board[0])
    for dr, dc in COMPASS:
        rr, cc = r + dr, c + dc
        while 0 <= rr < height and 0 <= cc < width and board[rr][cc] == _EMPTY:
            yield rr, cc
            rr, cc = rr + dr, cc + dc


def _put(rows: list[str], r: int, c: int, ch: str) -> None:
    rows[r] = rows[r][:c] + ch + rows[r][c + 1 :]


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class Amazons(GridGame):
    """Amazons: a player moves one of their queens like a chess queen (through empty
    cells), then shoots an arrow from its new cell like a queen; the arrow's cell is
    burnt for good. Whoever cannot move loses.

    A position is a board of ``x`` (Left's queens), ``o`` (Right's), ``.`` (empty) and
    ``#`` (burnt), written ``"x...|o..."`` as CGSuite's ``game.grid.Amazons`` (x is Left,
    CGSuite's black).

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.games import Amazons
    >>> game = Amazons()
    >>> str(game.value("x.")), str(game.value("x..o")), str(game.value("x#|#o"))
    ('1', '+-1', '0')
    >>> game.value("x...|o...") is parse("+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}")
    True
    >>> game.describe_move("x..", ".x#")
    'Left a1-b1/c1'

    Notes
    -----
    A queen and an arrow move only through empty cells, and diagonal steps pass between
    two burnt cells, so the regions of unburnt cells joined by the 8 king steps never
    interact: a position is the sum of its regions that hold a queen and an empty cell
    (:meth:`components`), each cut to its bounding box and stored once for its 8 images
    under the symmetries of the square (:meth:`canonical`) and once for itself and its
    colour swap, whose value is its negative. A fresh game stores 282 values for
    CGSuite's ``x...|o...`` (the plain recursion: 2,784) and 4,833 for cgt-tools' 3 x 4
    test board ``x..#|....|.#.o`` (benchmarks/partizan_grid.py times them).

    References
    ----------
    E. R. Berlekamp, "Sums of N x 2 Amazons", IMS Lecture Notes-Monograph Series 35
    (2000), 1-34. CGSuite, ``game.grid.Amazons``.
    """

    name = "amazons"
    cells = _EMPTY + _LEFT + _RIGHT + _BURNT
    picture_cells = AMAZONS

    # ----------------------------------------------------------------- the rules
    def _moves(self, board: Board, queen: str) -> Iterator[Move]:
        for r, row in enumerate(board):
            for c, ch in enumerate(row):
                if ch != queen:
                    continue
                rows = list(board)
                _put(rows, r, c, _EMPTY)  # the queen's cell is empty for its arrow
                for to in _slide(tuple(rows), r, c):
                    moved = list(rows)
                    _put(moved, *to, queen)
                    landed = tuple(moved)
                    for arrow in _slide(landed, *to):
                        burnt = list(moved)
                        _put(burnt, *arrow, _BURNT)
                        yield (r, c), to, arrow, tuple(burnt)

    def left_options(self, position: Board) -> list[Board]:
        """The boards after Left (x) moves a queen and shoots.

        Examples
        --------
        >>> from grundy.partizan.games import Amazons
        >>> Amazons().left_options(("x..",))
        [('#x.',), ('.x#',), ('.#x',), ('#.x',)]
        """
        return [after for *_, after in self._moves(position, _LEFT)]

    def right_options(self, position: Board) -> list[Board]:
        """The boards after Right (o) moves a queen and shoots.

        Examples
        --------
        >>> from grundy.partizan.games import Amazons
        >>> Amazons().right_options(("x.o",))
        [('xo#',)]
        """
        return [after for *_, after in self._moves(position, _RIGHT)]

    def _regions(self, board: Board) -> list[Board]:
        # A region without a queen, or without an empty cell, has no moves: value 0,
        # left out.
        out = []
        for region in split(board, _EMPTY + _LEFT + _RIGHT, COMPASS, _BURNT):
            cells = "".join(region)
            if _EMPTY in cells and (_LEFT in cells or _RIGHT in cells):
                out.append(region)
        return out

    def _images(self, region: Board) -> Iterator[Board]:
        # Queen moves look the same under every symmetry of the square.
        return images(region, square=True)

    def _negative(self, region: Board) -> Board:
        # Swapping the colours swaps the players.
        return tuple(row.translate(_SWAP) for row in region)

    # ----------------------------------------------------------------- notation
    def describe_move(self, before: Board, after: Board) -> str:
        """Name the move as ``Left a1-c3/d4``: the queen's cell, where it goes, and
        where its arrow lands.

        Examples
        --------
        >>> from grundy.partizan.games import Amazons
        >>> Amazons().describe_move("o..|...", "...|o#.")
        'Right a1-a2/b2'
        """
        before, after, _ = self._one_move(before, after)
        for player, queen in (("Left", _LEFT), ("Right", _RIGHT)):
            for start, to, arrow, board in self._moves(before, queen):
                if board == after:
                    return f"{player} {cell_name(*start)}-{cell_name(*to)}/{cell_name(*arrow)}"
        raise self._not_a_move(before, after)

    def parse_move(self, position: Board, text: str) -> Board | None:
        """Read a move ``a1-c3/d4`` (or ``a1 c3 d4``): the queen, where it goes, where
        the arrow lands; the queen's colour says whose move it is. A leading ``Left``
        or ``Right`` is allowed.

        Returns None for text that names no cells (a whole board, say).

        Raises
        ------
        InvalidPositionError
            No queen on the first cell, or a move the rules do not allow.

        Examples
        --------
        >>> from grundy.partizan.games import Amazons
        >>> Amazons().parse_move(("x..",), "a1-b1/a1")
        ('#x.',)
        """
        position = self.check_position(position)
        words = text.replace("-", " ").replace("/", " ").lower().split()
        said = words.pop(0) if words and words[0] in ("left", "right") else None
        if len(words) != 3 or not all(w[:1].isalpha() and w[1:].isdigit() for w in words):
            return None
        start, to, arrow = (read_cell(w, position, repr(self)) for w in words)
        queen = position[start[0]][start[1]]
        if queen not in (_LEFT, _RIGHT):
            raise InvalidPositionError(f"{self!r}: there is no queen on {cell_name(*start)}")
        owner = "left" if queen == _LEFT else "right"
        if said is not None and said != owner:
            raise InvalidPositionError(
                f"{self!r}: the queen on {cell_name(*start)} is {owner.title()}'s, not "
                f"{said.title()}'s"
            )
        for s, t, a, board in self._moves(position, queen):
            if (s, t, a) == (start, to, arrow):
                return board
        raise InvalidPositionError(
            f"{self!r}: {cell_name(*start)}-{cell_name(*to)}/{cell_name(*arrow)} is not a "
            f"move in {board_text(position)!r}"
        )

    def move_notation(self) -> str:
        """How a person names a move (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import Amazons
        >>> Amazons().move_notation()
        'queen, target and arrow: a1-c3/d4 (x is Left, o is Right)'
        """
        return "queen, target and arrow: a1-c3/d4 (x is Left, o is Right)"
