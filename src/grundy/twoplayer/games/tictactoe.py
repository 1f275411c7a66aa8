"""Tic-tac-toe as a two-player game: the rules, its notation and an integer encoding."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.errors import InvalidPositionError
from ...core.integers import parse_int, shown
from ...display.boards import NOUGHTS_AND_CROSSES, grid_picture
from ...display.picture import Picture
from ..game import Encoding, TwoPlayerGame

if TYPE_CHECKING:
    import numpy as np

__all__ = ["TicTacToe"]

_CELLS = 9
_EMPTY, _X, _O = ".", "x", "o"
#: Cell contents as base-3 digits (empty 0, x 1, o 2), and back.
_DIGIT = {_EMPTY: 0, _X: 1, _O: 2}
_CHAR = (_EMPTY, _X, _O)
#: Spellings accepted for each cell by parse_position.
_SPELLING = {".": _EMPTY, "-": _EMPTY, "_": _EMPTY, "x": _X, "o": _O}

#: The eight lines of three: rows, columns, diagonals (cells numbered row by row from 0).
#: Tuples, not arrays: numba freezes them into the compiled rules as constants, and
#: importing grundy stays free of numpy.
_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
#: 3**i, the weight of cell i in a code.
_POWERS = tuple(3**i for i in range(_CELLS))


def _symmetries() -> tuple[tuple[int, ...], ...]:
    # The dihedral group of the square as maps of (row, column); the set is closed under
    # inverses, so "image cell i holds the content of cell table[s][i]" lists every image.
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (c, 2 - r),
        lambda r, c: (2 - r, 2 - c),
        lambda r, c: (2 - c, r),
        lambda r, c: (r, 2 - c),
        lambda r, c: (2 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (2 - c, 2 - r),
    ]
    return tuple(
        tuple(3 * m(i // 3, i % 3)[0] + m(i // 3, i % 3)[1] for i in range(_CELLS)) for m in maps
    )


#: Row s: image cell i holds the content of cell _SYMMETRIES[s][i]; row 0 is the identity.
_SYMMETRIES = _symmetries()


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class TicTacToe(TwoPlayerGame[str]):
    """Tic-tac-toe: x and o take turns to mark an empty cell; three in a row wins.

    A position is a string of 9 characters ``"x"``, ``"o"`` or ``"."`` (empty), row by
    row from the top left. x moves first, so the player to move follows from the counts.
    The game is over when a line of three exists or the board is full; the player who
    made the line wins, a full board without one is a tie.

    Examples
    --------
    >>> from grundy.twoplayer.games.tictactoe import TicTacToe
    >>> game = TicTacToe()
    >>> board = game.parse_position(["xx.", "oo.", "..."])
    >>> game.to_move(board), game.format_position(board)
    (0, 'xx./oo./...')
    >>> game.moves("xxxoo....")                     # x has a line: the game is over
    []
    >>> game.payoff("xxxoo...."), game.canonical("..x......")
    (1, 'x........')

    Notes
    -----
    5,478 positions are reachable from the empty board, 765 up to the 8 symmetries of
    the square; with perfect play the game is a tie. :attr:`encoding` numbers a board
    in base 3 (cell i is digit i: empty 0, x 1, o 2), so codes are below 3^9 = 19,683.
    """

    #: Name used in messages, by the command line and in saved databases.
    name = "tictactoe"

    # ----------------------------------------------------------------- the rules
    def start(self) -> str:
        """Return the empty board ``"........."``."""
        return _EMPTY * _CELLS

    def moves(self, position: str) -> list[str]:
        """Return the boards after each move of the player to move (none when over)."""
        if _line_owner_of(position) or _EMPTY not in position:
            return []
        piece = _X if position.count(_X) == position.count(_O) else _O
        return [
            position[:i] + piece + position[i + 1 :] for i in range(_CELLS) if position[i] == _EMPTY
        ]

    def to_move(self, position: str) -> int:
        """Return 0 when x is to move (equal counts), 1 when o is."""
        return 0 if position.count(_X) == position.count(_O) else 1

    def payoff(self, position: str) -> int:
        """Return +1 if x has a line, -1 if o has one, 0 otherwise."""
        owner = _line_owner_of(position)
        return 1 if owner == _X else -1 if owner == _O else 0

    def canonical(self, position: str) -> str:
        """Return the symmetric image of `position` with the least code (see encoding).

        Examples
        --------
        >>> from grundy.twoplayer.games.tictactoe import TicTacToe
        >>> TicTacToe().canonical("......o.x")
        'o.x......'
        """
        images = ("".join(position[j] for j in row) for row in _SYMMETRIES)
        return min(images, key=_encode)

    # ----------------------------------------------------------------- notation
    def check_position(self, position: object) -> str:
        """Validate a board and return it.

        Raises
        ------
        InvalidPositionError
            Not a 9-character string over ``x``, ``o``, ``.``; counts that no game
            reaches (o must have as many marks as x, or one fewer); both players with a
            line; or a line whose owner did not make the last move.

        Examples
        --------
        >>> from grundy.twoplayer.games.tictactoe import TicTacToe
        >>> TicTacToe().check_position("xo.......")
        'xo.......'
        >>> TicTacToe().check_position("xxxooo...")
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: tictactoe: both x and o have a line in 'xxxooo...'
        """
        if not isinstance(position, str):
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a string of 9 cells (x, o or .)"
            )
        if len(position) != _CELLS:
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} has {len(position):,} cells, not 9"
            )
        for i, ch in enumerate(position):
            if ch not in _DIGIT:
                raise InvalidPositionError(
                    f"{self!r}: cell {i} of {position!r} is {ch!r}, not x, o or ."
                )
        xs, os = position.count(_X), position.count(_O)
        if os not in (xs, xs - 1):
            raise InvalidPositionError(
                f"{self!r}: {position!r} has {xs} x and {os} o; x moves first, so o must "
                "have as many marks as x or one fewer"
            )
        x_line, o_line = _has_line(position, _X), _has_line(position, _O)
        if x_line and o_line:
            raise InvalidPositionError(f"{self!r}: both x and o have a line in {position!r}")
        if x_line and xs == os or o_line and xs != os:
            owner, other = (_X, _O) if x_line else (_O, _X)
            raise InvalidPositionError(
                f"{self!r}: {owner} has a line in {position!r} but {other} moved after it; "
                "the game ends with the first line"
            )
        return position

    def parse_position(self, tokens: Sequence[str]) -> str:
        """Read a board: three rows (``xo. ... ..o``), one word of 9 cells, or ``xo./.../..o``.

        ``-`` and ``_`` are accepted for an empty cell; no words give the empty board.

        Examples
        --------
        >>> from grundy.twoplayer.games.tictactoe import TicTacToe
        >>> game = TicTacToe()
        >>> game.parse_position(["xo.", "-x-", "..o"]), game.parse_position(["xo./.x./..o"])
        ('xo..x...o', 'xo..x...o')
        """
        if not tokens:
            return self.start()
        rows = [row for word in tokens for row in word.strip().split("/")]
        if not (
            len(rows) == 3
            and all(len(row) == 3 for row in rows)
            or len(rows) == 1
            and len(rows[0]) == _CELLS
        ):
            raise InvalidPositionError(
                f"{self!r}: cannot read a board from {shown(' '.join(tokens))}; give three "
                "rows of three cells (x, o, . or -), e.g. xo. ... ..o, or one word of 9 cells"
            )
        text = "".join(rows).lower()
        for i, ch in enumerate(text):
            if ch not in _SPELLING:
                raise InvalidPositionError(
                    f"{self!r}: cell {i} of {' '.join(tokens)!r} is {ch!r}, not x, o, ., - or _"
                )
        return self.check_position("".join(_SPELLING[ch] for ch in text))

    def format_position(self, position: str) -> str:
        """Write the three rows joined by ``/``, e.g. ``xo./.../..o``."""
        return "/".join(position[r : r + 3] for r in range(0, _CELLS, 3))

    def position_to_json(self, position: str) -> str:
        """Return the board as its 9-character string."""
        return position

    def position_from_json(self, data: object) -> str:
        """Read the 9-character string of :meth:`position_to_json`, validated."""
        return self.check_position(data)

    def describe_move(self, before: str, after: str) -> str:
        """Name the cell marked as :meth:`parse_move` reads it: column a-c, row 1-3.

        Examples
        --------
        >>> from grundy.twoplayer.games.tictactoe import TicTacToe
        >>> TicTacToe().describe_move("x........", "x....o...")
        'o at c2'
        """
        # Checked as every game's describe_move checks its input (a board is its own
        # stored form): what is no board is refused with the reason, not an IndexError.
        before, after = self.check_position(before), self.check_position(after)
        changed = [i for i in range(_CELLS) if before[i] != after[i]]
        if len(changed) != 1 or before[changed[0]] != _EMPTY:
            raise InvalidPositionError(
                f"{self!r}: {self.format_position(after)!r} does not follow "
                f"{self.format_position(before)!r} by one move"
            )
        i = changed[0]
        return f"{after[i]} at {_cell_name(i)}"

    # ----------------------------------------------------------------- playing
    def draw(self, position: str) -> str:
        """Draw the board as a grid, columns lettered a-c and rows numbered 1-3.

        Examples
        --------
        >>> from grundy.twoplayer.games.tictactoe import TicTacToe
        >>> print(TicTacToe().draw("x...o...."))
          a b c
        1 x . .
        2 . o .
        3 . . .
        """
        rows = [f"{r + 1} {' '.join(position[3 * r : 3 * r + 3])}" for r in range(3)]
        return "\n".join(["  a b c", *rows])

    def picture(self, position: str) -> Picture:
        """Draw the board: crosses blue, noughts red, columns a-c and rows 1-3 as
        :meth:`parse_move` reads cells.

        Examples
        --------
        >>> from grundy.twoplayer.games.tictactoe import TicTacToe
        >>> picture = TicTacToe().picture("x...o....")
        >>> picture.svg.count("<line"), picture.svg.count("<circle"), picture.title
        (2, 1, 'tictactoe: x../.o./...')
        """
        position = self.check_position(position)
        rows = [position[r : r + 3] for r in range(0, _CELLS, 3)]
        title = self.picture_title(position)
        return grid_picture(rows, NOUGHTS_AND_CROSSES, title=title, text=self.draw(position))

    def parse_move(self, position: str, text: str) -> str | None:
        """Read a cell: ``b2`` (column a-c, row 1-3), ``5`` (cells 1-9 in reading order)
        or ``2 2`` (row, then column); the board after the player to move marks it.

        Returns None for text that names no cell (a whole board, say).

        Raises
        ------
        InvalidPositionError
            No such cell, the cell is taken, or the game is over.

        Examples
        --------
        >>> from grundy.twoplayer.games.tictactoe import TicTacToe
        >>> game = TicTacToe()
        >>> game.parse_move("x........", "b2"), game.parse_move("x........", "2 3")
        ('x...o....', 'x....o...')
        >>> game.parse_move("x........", "1")
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: tictactoe: cell a1 is taken (x)
        """
        cell = _read_cell(text.strip().lower(), f"{self!r}: cell")
        if cell is None:
            return None
        if isinstance(cell, str):
            raise InvalidPositionError(f"{self!r}: {cell}; {self.move_notation()}")
        if not self.moves(position):
            raise InvalidPositionError(
                f"{self!r}: the game is over at {self.format_position(position)}"
            )
        if position[cell] != _EMPTY:
            raise InvalidPositionError(
                f"{self!r}: cell {_cell_name(cell)} is taken ({position[cell]})"
            )
        piece = _X if self.to_move(position) == 0 else _O
        return position[:cell] + piece + position[cell + 1 :]

    def move_notation(self) -> str:
        """How a person names a cell (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.twoplayer.games.tictactoe import TicTacToe
        >>> TicTacToe().move_notation()
        'a cell: b2 (column a-c, row 1-3), 5 (1-9 in reading order) or 2 2 (row, column)'
        """
        return "a cell: b2 (column a-c, row 1-3), 5 (1-9 in reading order) or 2 2 (row, column)"

    # ----------------------------------------------------------------- encoding
    @functools.cached_property
    def encoding(self) -> Encoding:
        """Base-3 codes and compiled rules (numba is imported on first use).

        Examples
        --------
        >>> from grundy.twoplayer.games.tictactoe import TicTacToe
        >>> coding = TicTacToe().encoding
        >>> coding.encode("x........"), coding.decode(2 * 3**8)
        (1, '........o')
        """
        return _compiled_encoding()


# --------------------------------------------------------------------- Python helpers
_COLUMNS = "abc"
_CELL_NAME = re.compile(r"([a-z])([0-9]+)")
_ROW_COLUMN = re.compile(r"([0-9]+)\s*[ ,]\s*([0-9]+)")


def _cell_name(i: int) -> str:
    """The name of cell `i` (0-8, row by row): column letter a-c, row number 1-3."""
    return f"{_COLUMNS[i % 3]}{i // 3 + 1}"


def _read_cell(text: str, what: str) -> int | str | None:
    """The cell (0-8) that `text` names as b2, 5 or 2 2; a message if it names a cell
    that does not exist; None if it is no cell name. Numbers are read by parse_int
    (`what` names them when they are no integers: Unicode digits such as '²')."""
    if text.isdigit():
        number = parse_int(text, what, signed=False)
        return number - 1 if 1 <= number <= _CELLS else f"there is no cell {shown(number)}"
    if match := _CELL_NAME.fullmatch(text):
        column, row = _COLUMNS.find(match[1]), parse_int(match[2], what)
    elif match := _ROW_COLUMN.fullmatch(text):
        row, column = parse_int(match[1], what), parse_int(match[2], what) - 1
    else:
        return None
    if not (0 <= column < 3 and 1 <= row <= 3):
        return f"there is no cell {shown(text)}"
    return 3 * (row - 1) + column


def _has_line(board: str, piece: str) -> bool:
    return any(all(board[i] == piece for i in line) for line in _LINES)


def _line_owner_of(board: str) -> str:
    """The piece with a line on `board` ("" if none; x if both)."""
    for a, b, c in _LINES:
        if board[a] != _EMPTY and board[a] == board[b] == board[c]:
            return board[a]
    return ""


def _encode(board: str) -> int:
    """The base-3 code of `board`: cell i is digit i (empty 0, x 1, o 2)."""
    code = 0
    for ch in reversed(board):
        code = 3 * code + _DIGIT[ch]
    return code


def _decode(code: int) -> str:
    """The board of a base-3 code (inverse of :func:`_encode`)."""
    code = int(code)
    if not 0 <= code < 3**_CELLS:
        raise InvalidPositionError(f"tictactoe: code {code} is not in 0..{3**_CELLS - 1}")
    cells = []
    for _ in range(_CELLS):
        code, digit = divmod(code, 3)
        cells.append(_CHAR[digit])
    return "".join(cells)


# --------------------------------------------------------------------- compiled rules
# Plain functions over codes, compiled by numba in _compiled_encoding; run as they are
# (``kernel.py_func``) they are the oracle the tests compare the compiled code with.
# _LINES, _POWERS and _SYMMETRIES are module constants, which numba freezes into the code.


def _code_line_owner(code: int) -> int:
    """1 if x has a line on board `code`, 2 if o has one, 0 if neither."""
    for k in range(8):
        a = (code // _POWERS[_LINES[k][0]]) % 3
        if a != 0:
            b = (code // _POWERS[_LINES[k][1]]) % 3
            c = (code // _POWERS[_LINES[k][2]]) % 3
            if a == b and b == c:
                return a
    return 0


def _code_moves(code: int, out: np.ndarray) -> int:
    """Write the codes of the options of `code` into `out`; return how many (0: over)."""
    if _code_line_owner(code) != 0:
        return 0
    xs = 0
    os = 0
    rest = code
    for _ in range(9):
        digit = rest % 3
        if digit == 1:
            xs += 1
        elif digit == 2:
            os += 1
        rest //= 3
    piece = 1 if xs == os else 2
    count = 0
    rest = code
    weight = 1
    for _ in range(9):
        if rest % 3 == 0:
            out[count] = code + piece * weight
            count += 1
        rest //= 3
        weight *= 3
    return count


def _code_end_value(code: int) -> int:
    """At an ended board: -1 if there is a line (the player to move lost it), else 0."""
    return -1 if _code_line_owner(code) != 0 else 0


def _code_tier(code: int) -> int:
    """The number of pieces on board `code` (every move adds one)."""
    pieces = 0
    for _ in range(9):
        pieces += code % 3 != 0
        code //= 3
    return pieces


def _code_canonical(code: int) -> int:
    """The least code among the 8 symmetric images of board `code`."""
    best = code
    for s in range(1, 8):
        image = 0
        for i in range(8, -1, -1):
            image = 3 * image + (code // _POWERS[_SYMMETRIES[s][i]]) % 3
        if image < best:
            best = image
    return best


@functools.cache
def _compiled_encoding() -> Encoding:
    import numba  # only a compiled solve pays for the import and the (cached) compile
    from numba.extending import register_jitable

    register_jitable(_code_line_owner)  # callable from the compiled kernels below
    jit = numba.njit(cache=True)
    return Encoding(
        moves=jit(_code_moves),
        end_value=jit(_code_end_value),
        encode=_encode,
        decode=_decode,
        max_moves=_CELLS,
        canonical=jit(_code_canonical),
        tier=jit(_code_tier),
    )
