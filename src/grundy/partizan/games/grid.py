"""Boards of characters for the partizan grid games: notation, regions and symmetries.

A board is a tuple of equally long row strings, top row first (``("x.", ".o")``), so it
is immutable and hashable. People write it as rows separated by ``|`` (CGSuite's and
cgt-tools' notation: ``"x.|.o"``); ``/`` and spaces separate rows too, and ``RxC``
(``"4x4"``) is an empty board for the games that allow it. Cells are named as in chess,
column letter then row number, with row 1 at the top: ``a1`` is the top-left cell.

Examples
--------
>>> from grundy.partizan.games.grid import read_board, split, draw_board, ORTHOGONAL
>>> board = read_board("x.o|...|..#", ".xo#", what="clobber")
>>> board
('x.o', '...', '..#')
>>> print(draw_board(board))
  a b c
1 x . o
2 . . .
3 . . #
>>> split(("x.o", "o.x"), "xo", ORTHOGONAL, ".")    # groups of stones, cropped
[('x', 'o'), ('o', 'x')]
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from ...core.errors import InvalidPositionError
from ...core.integers import parse_int, shown
from ...display.boards import SQUARES, Cell, grid_picture
from ...display.picture import Picture
from ..protocol import PartizanGame

__all__ = [
    "Board",
    "MAX_SIDE",
    "ORTHOGONAL",
    "DIAGONAL",
    "COMPASS",
    "KNIGHT",
    "GridGame",
    "read_board",
    "board_text",
    "draw_board",
    "cell_name",
    "read_cell",
    "regions",
    "split",
    "images",
    "transpose",
]

#: A board: its rows, top first, all of one length.
Board = tuple[str, ...]

#: The most rows, and the most columns, a board may have (columns are lettered a-z).
MAX_SIDE = 26

#: Steps (row, column) to the neighbours a piece reaches in one move.
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))
COMPASS = ORTHOGONAL + DIAGONAL
KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_RECTANGLE = re.compile(r"^\s*(-?[0-9]+)\s*[xX×]\s*(-?[0-9]+)\s*$")
_ROW_BREAK = re.compile(r"[|/\s]+")
_CELL = re.compile(r"([a-z])([0-9]+)")
_CELL_MEANINGS = {".": "empty", "#": "blocked", "x": "Left's", "o": "Right's"}


# ----------------------------------------------------------------- notation
def read_board(
    position: object, cells: str, *, what: str = "board", rectangle: bool = False
) -> Board:
    """Read a board written ``"..|.#"`` (or given as its rows) and check it.

    Parameters
    ----------
    position : str or sequence of str
        Rows separated by ``|``, ``/`` or spaces, or the rows themselves; with
        `rectangle`, also ``RxC`` for an empty board of R rows and C columns.
    cells : str
        The characters a cell may hold; the first is the empty cell.
    what : str
        The name of the game, which starts every error message.
    rectangle : bool
        Whether ``RxC`` is read as an empty board.

    Returns
    -------
    tuple of str
        The rows, top first.

    Raises
    ------
    InvalidPositionError
        No board, an empty or ragged row, a character not in `cells`, or more than
        :data:`MAX_SIDE` rows or columns; the message names the row and column.

    Examples
    --------
    >>> from grundy.partizan.games.grid import read_board
    >>> read_board("2x3", ".#", rectangle=True), read_board(["x.", "oo"], ".xo")
    (('...', '...'), ('x.', 'oo'))
    >>> read_board("..|.", ".#", what="domineering")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: domineering: row 2 of '..|.' has 1 cells, row 1 ...
    """
    legend = ", ".join(f"{c} ({_CELL_MEANINGS.get(c, 'a cell')})" for c in cells)
    if isinstance(position, str):
        text = position
        if rectangle and (match := _RECTANGLE.match(text)):
            return _rectangle(match, text, cells[0], what)
        rows = [row for row in _ROW_BREAK.split(text.strip()) if row] if text.strip() else []
    elif isinstance(position, Sequence) and all(isinstance(row, str) for row in position):
        rows = list(position)
        text = "|".join(rows)
    else:
        raise InvalidPositionError(
            f"{what}: position {shown(position)} is not a board; write rows separated by "
            f"'|' with cells {legend}"
        )
    if not rows:
        raise InvalidPositionError(
            f"{what}: no board given; write rows separated by '|' with cells {legend}"
        )
    width = len(rows[0])
    for r, row in enumerate(rows):
        if not row:
            raise InvalidPositionError(f"{what}: row {r + 1} of {shown(text)} is empty")
        if len(row) != width:
            raise InvalidPositionError(
                f"{what}: row {r + 1} of {shown(text)} has {len(row)} cells, row 1 has "
                f"{width}; rows must be equally long"
            )
    if len(rows) > MAX_SIDE or width > MAX_SIDE:
        raise InvalidPositionError(
            f"{what}: board {shown(text)} has {len(rows)} rows and {width} columns; at most "
            f"{MAX_SIDE} of each"
        )
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in cells:
                raise InvalidPositionError(
                    f"{what}: cell {cell_name(r, c)} of {shown(text)} is {ch!r}; cells are {legend}"
                )
    return tuple(rows)


def _rectangle(match: re.Match[str], text: str, empty: str, what: str) -> Board:
    label = f"{what}: rectangle {shown(text)}: side"
    height, width = parse_int(match[1], label), parse_int(match[2], label)
    if not (1 <= height <= MAX_SIDE and 1 <= width <= MAX_SIDE):
        raise InvalidPositionError(
            f"{what}: rectangle {shown(text)} must have 1 to {MAX_SIDE} rows and columns"
        )
    return (empty * width,) * height


def board_text(board: Board) -> str:
    """The notation of `board`: its rows joined by ``|``.

    Examples
    --------
    >>> from grundy.partizan.games.grid import board_text
    >>> board_text(("x.", ".o"))
    'x.|.o'
    """
    return "|".join(board)


def draw_board(board: Board) -> str:
    """Draw `board` for a terminal: columns lettered a, b, ..., rows numbered from 1.

    Examples
    --------
    >>> from grundy.partizan.games.grid import draw_board
    >>> print(draw_board((".#", "..")))
      a b
    1 . #
    2 . .
    """
    pad = len(str(len(board)))
    lines = [" " * (pad + 1) + " ".join(_LETTERS[: len(board[0])])]
    lines += [f"{r + 1:>{pad}} " + " ".join(row) for r, row in enumerate(board)]
    return "\n".join(lines)


def cell_name(r: int, c: int) -> str:
    """The name of the cell in row `r` and column `c` (from 0): ``a1`` is the top left.

    Examples
    --------
    >>> from grundy.partizan.games.grid import cell_name
    >>> cell_name(0, 0), cell_name(2, 1)
    ('a1', 'b3')
    """
    return f"{_LETTERS[c]}{r + 1}"


def read_cell(text: str, board: Board, what: str = "board") -> tuple[int, int]:
    """The (row, column) of the cell named `text` (``b3``) on `board`.

    Raises
    ------
    InvalidPositionError
        `text` is no cell name, or names a cell off the board.

    Examples
    --------
    >>> from grundy.partizan.games.grid import read_cell
    >>> read_cell("b3", ("...", "...", "..."))
    (2, 1)
    """
    match = _CELL.fullmatch(text.strip().lower())
    if match is None:
        raise InvalidPositionError(f"{what}: {shown(text)} is no cell name such as a1 or c2")
    r, c = parse_int(match[2], f"{what}: cell {shown(text)}: row") - 1, _LETTERS.index(match[1])
    if not (0 <= r < len(board) and c < len(board[0])):
        raise InvalidPositionError(
            f"{what}: there is no cell {shown(text)} on a board of {len(board)} rows and "
            f"{len(board[0])} columns"
        )
    return r, c


# ----------------------------------------------------------------- regions
def regions(board: Board, inside: str, steps: Sequence[tuple[int, int]]) -> list[int]:
    """The connected groups of cells holding a character of `inside`, as bit masks.

    Cell (r, c) is bit ``r * width + c``. Two such cells are connected when one is a
    step of `steps` from the other (each step set lists a step and its reverse).

    Examples
    --------
    >>> from grundy.partizan.games.grid import regions, ORTHOGONAL, COMPASS
    >>> [bin(m) for m in regions(("x.", ".o"), "xo", ORTHOGONAL)]
    ['0b1', '0b1000']
    >>> len(regions(("x.", ".o"), "xo", COMPASS))
    1
    """
    width = len(board[0])
    left = _mask(board, inside)
    found = []
    if steps is ORTHOGONAL or steps is COMPASS:
        # One step sideways is a shift by 1 that must not wrap to the next row; up and
        # down are shifts by the width (bits past the board fall off with "& left").
        # The 8 king steps are a sideways step, then one up or down, or both.
        no_last, no_first = _side_masks(width, len(board))
        king = steps is COMPASS
        while left:
            group = left & -left  # the first cell left, grown to its group
            while True:
                side = group | ((group & no_last) << 1) | ((group & no_first) >> 1)
                grown = side | ((side if king else group) << width)
                grown = (grown | ((side if king else group) >> width)) & left
                if grown == group:
                    break
                group = grown
            found.append(group)
            left &= ~group
        return found
    moves = _shifts(width, len(board), tuple(steps))
    while left:
        group = left & -left
        while True:
            grown = group
            for keep, shift in moves:
                grown |= (group & keep) << shift if shift >= 0 else (group & keep) >> -shift
            grown &= left
            if grown == group:
                break
            group = grown
        found.append(group)
        left &= ~group
    return found


@functools.cache
def _side_masks(width: int, height: int) -> tuple[int, int]:
    """The cells not in the last column, and those not in the first."""
    row = (1 << width) - 1
    every = sum(row << (r * width) for r in range(height))
    last = sum(1 << (r * width + width - 1) for r in range(height))
    first = sum(1 << (r * width) for r in range(height))
    return every & ~last, every & ~first


def split(
    board: Board, inside: str, steps: Sequence[tuple[int, int]], outside: str, smallest: int = 1
) -> list[Board]:
    """The connected groups of `inside` cells (see :func:`regions`) of at least `smallest`
    cells, each cropped to its bounding box with every cell not in it set to `outside`.

    Examples
    --------
    >>> from grundy.partizan.games.grid import split, ORTHOGONAL
    >>> split(("..#.", "#.#."), ".", ORTHOGONAL, "#")
    [('..', '#.'), ('.', '.')]
    >>> split(("x.o", "o.x"), "xo", ORTHOGONAL, ".")
    [('x', 'o'), ('o', 'x')]
    """
    width = len(board[0])
    out = []
    groups = regions(board, inside, steps)
    every = 0
    for group in groups:
        every |= group
    for group in groups:
        if group.bit_count() >= smallest:
            out.append(_crop(board, width, group, every & ~group, outside))
    return out


def _crop(board: Board, width: int, group: int, others: int, outside: str) -> Board:
    """The rows of `board` that hold `group`, cut to its columns; cells of `others`
    (and of no group: they already hold `outside`) read `outside`."""
    top, bottom = (group & -group).bit_length() - 1, group.bit_length() - 1
    row_bits = (1 << width) - 1
    rows = range(top // width, bottom // width + 1)
    columns = 0
    for r in rows:
        columns |= (group >> (r * width)) & row_bits
    first, last = (columns & -columns).bit_length() - 1, columns.bit_length() - 1
    out = []
    for r in rows:
        segment = board[r][first : last + 1]
        if (others >> (r * width + first)) & ((1 << (last - first + 1)) - 1):
            segment = "".join(
                outside if (others >> (r * width + c)) & 1 else board[r][c]
                for c in range(first, last + 1)
            )
        out.append(segment)
    return tuple(out)


def _mask(board: Board, inside: str) -> int:
    """The bit mask of the cells of `board` holding a character of `inside`."""
    # Cell r * width + c is character r * width + c of the joined rows; int() reads
    # the reversed 0/1 string in C, far faster than a loop over the cells.
    return int("".join(board)[::-1].translate(_bits_table(inside)), 2)


@functools.cache
def _bits_table(inside: str) -> dict[int, str]:
    """A str.translate table: characters of `inside` to 1, the other cells' to 0."""
    return {ord(ch): "1" if ch in inside else "0" for ch in ".#xo"}


@functools.cache
def _shifts(width: int, height: int, steps: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """(cells whose step stays on the board, shift) for each step: shifting the kept
    cells moves each one step."""
    out = []
    for dr, dc in steps:
        keep = 0
        for r in range(height):
            for c in range(width):
                if 0 <= r + dr < height and 0 <= c + dc < width:
                    keep |= 1 << (r * width + c)
        out.append((keep, dr * width + dc))
    return out


# ----------------------------------------------------------------- symmetries
def transpose(board: Board) -> Board:
    """`board` reflected in its main diagonal: row i becomes column i.

    Examples
    --------
    >>> from grundy.partizan.games.grid import transpose
    >>> transpose(("ab", "cd", "ef"))
    ('ace', 'bdf')
    """
    return tuple(map("".join, zip(*board, strict=True)))


def images(board: Board, square: bool) -> Iterator[Board]:
    """The images of `board` under the reflections of a rectangle (4: the identity, the
    two mirrors and the half turn), or with `square` under all 8 symmetries of a square.

    Examples
    --------
    >>> from grundy.partizan.games.grid import images
    >>> sorted(images(("ab",), False)), len(set(images(("ab", "cd"), True)))
    ([('ab',), ('ab',), ('ba',), ('ba',)], 8)
    """
    mirrored = tuple(row[::-1] for row in board)
    yield board
    yield mirrored
    yield board[::-1]
    yield mirrored[::-1]
    if square:
        yield from images(transpose(board), False)


# ----------------------------------------------------------------- the base class
class GridGame(PartizanGame[Board]):
    """A partizan game played on a board of characters: its notation and drawing.

    Subclasses set :attr:`cells` (the first is the empty cell) and :attr:`rectangle`
    (whether ``RxC`` is an empty board), define the rules, and say how a board falls
    apart into regions that never interact (``_regions``), which reflections of a region
    keep its value (``_images``) and which board is its negative (``_negative``).
    :meth:`components`, :meth:`canonical` and :meth:`negative` apply them, so the search
    values a region and its negative once.

    Examples
    --------
    >>> from grundy.partizan.games import Domineering
    >>> game = Domineering()
    >>> game.parse_position(["3x2"]), game.format_position(("..", ".#"))
    (('..', '..', '..'), '..|.#')
    """

    #: The characters a cell may hold, the empty cell first.
    cells: ClassVar[str] = ".#"
    #: Whether ``RxC`` is read as the empty board of R rows and C columns.
    rectangle: ClassVar[bool] = False
    #: How :meth:`picture` draws each cell (stones, amazons, covered squares...).
    picture_cells: ClassVar[Mapping[str, Cell]] = SQUARES

    # ----------------------------------------------------------------- hooks
    # A game says how a board falls apart into regions (_regions), which boards have the
    # same value as a region (_images: its reflections) and which board is its negative
    # (_negative: Domineering's transpose, Clobber's and Amazons' colour swap). The
    # least image of a region is its key.
    def _regions(self, board: Board) -> list[Board]:
        return [board]

    def _images(self, region: Board) -> Iterator[Board]:
        yield region

    def _negative(self, region: Board) -> Board | None:
        return None

    # Kept in the instance's __dict__ (cached_property writes there directly), as
    # PartizanGame keeps its values, so that frozen dataclasses work too.
    @functools.cached_property
    def _keys(self) -> dict[Board, Board]:
        """Each region met -> its key (the least image); each key -> itself."""
        return {}

    def _key(self, region: Board) -> Board:
        keys = self._keys
        key = keys.get(region)
        if key is None:
            key = min(self._images(region))
            keys[region] = keys[key] = key
        return key

    def negative(self, position: Board) -> Board | None:
        """The board of the opposite value (the game's ``_negative``: Domineering's board
        turned a quarter, Clobber's and Amazons' colours swapped), so that the search
        values a board and its negative once.

        Examples
        --------
        >>> from grundy.partizan.games import Clobber
        >>> Clobber.negative(("xo.",))
        ('ox.',)
        """
        return self._negative(position)

    def components(self, position: Board) -> Sequence[Board] | None:
        """The independent regions of the board, each cut to its bounding box and
        turned to its canonical image (see :meth:`canonical`); None for one region.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> Domineering().components(("..#.", "#.#."))
        [('#.', '..'), ('.', '.')]
        """
        if self._keys.get(position) == position:
            return None  # one region, already in canonical form
        parts = [self._key(region) for region in self._regions(position)]
        return None if len(parts) == 1 and parts[0] == position else parts

    def canonical(self, position: Board) -> Board:
        """The least image of the board under the game's reflections: one board for all
        those with the same value.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> Domineering().canonical(("..", "#."))
        ('#.', '..')
        """
        # Not remembered: only the search's regions become keys (a key is one region).
        key = self._keys.get(position)
        return key if key is not None else min(self._images(position))

    def clear_cache(self) -> None:
        """Forget the stored values and the regions seen.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> game = Domineering(); _ = game.value("3x3"); game.clear_cache(); game.positions
        0
        """
        super().clear_cache()
        self._keys.clear()

    # ----------------------------------------------------------------- notation
    def check_position(self, position: Any) -> Board:
        """Read `position` (a board's notation, or its rows) and check it.

        Raises
        ------
        InvalidPositionError
            No board, an empty or ragged row, an unknown character, or more than 26
            rows or columns (:data:`MAX_SIDE`; see :func:`read_board`).

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> Domineering().check_position("..|.#")
        ('..', '.#')
        >>> Domineering().check_position("..|.x")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: domineering: cell b2 of '..|.x' is 'x'; cells ...
        """
        return read_board(position, self.cells, what=repr(self), rectangle=self.rectangle)

    def parse_position(self, tokens: Sequence[str]) -> Board:
        """Read a board from words: ``..|.#``, or one row a word (``.. .#``).

        Examples
        --------
        >>> from grundy.partizan.games import Clobber
        >>> Clobber.parse_position(["xo", "ox"])
        ('xo', 'ox')
        """
        return self.check_position(" ".join(tokens))

    def format_position(self, position: Board) -> str:
        """Write the rows joined by ``|`` (the text :meth:`parse_position` reads).

        Examples
        --------
        >>> from grundy.partizan.games import Clobber
        >>> Clobber.format_position(("xo", "ox"))
        'xo|ox'
        """
        return board_text(position)

    def draw(self, position: Board) -> str:
        """Draw the board with its columns lettered and its rows numbered.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> print(Domineering().draw(("..", "#.")))
          a b
        1 . .
        2 # .
        """
        return draw_board(self.check_position(position))

    def picture(self, position: Board) -> Picture:
        """Draw the board, columns lettered and rows numbered as moves name cells, each
        cell as :attr:`picture_cells` says (Left's pieces blue, Right's red).

        Examples
        --------
        >>> from grundy.partizan.games import Clobber, Domineering
        >>> Clobber.picture("xo|ox").svg.count("<circle"), Domineering().picture("2x3").title
        (4, 'domineering: ...|...')
        """
        board = self.check_position(position)
        return grid_picture(
            board, self.picture_cells, title=self.picture_title(board), text=self.draw(board)
        )

    def _one_move(self, before: Any, after: Any) -> tuple[Board, Board, list[tuple[int, int]]]:
        """Both boards checked, of one shape, and the cells that differ."""
        before, after = self.check_position(before), self.check_position(after)
        if len(before) != len(after) or len(before[0]) != len(after[0]):
            raise InvalidPositionError(
                f"{self!r}: {board_text(after)!r} does not follow {board_text(before)!r} by "
                "one move (the boards differ in shape)"
            )
        changed = [
            (r, c)
            for r, (row, new) in enumerate(zip(before, after, strict=True))
            for c in range(len(row))
            if row[c] != new[c]
        ]
        return before, after, changed

    def _not_a_move(self, before: Board, after: Board) -> InvalidPositionError:
        return InvalidPositionError(
            f"{self!r}: {board_text(after)!r} does not follow {board_text(before)!r} by one move"
        )
