"""Connect four on any small board as a two-player game, with a bitboard encoding."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.errors import InvalidGameError, InvalidPositionError
from ...core.integers import parse_int, shown
from ...display.boards import FOUR_IN_A_ROW, board_picture
from ...display.picture import Picture
from ..game import Encoding, TwoPlayerGame

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ConnectFour"]

_X, _O = "x", "o"
_EMPTY_COLUMN = "-"
#: Columns a person may name by letter (a board wider than 26 has numbers only).
_COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: Directions of a line as (column step, row step): across, up, and the two diagonals.
_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
#: Codes are non-negative int64, so a board may use bits 0..62.
_CODE_BITS = 63


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class ConnectFour(TwoPlayerGame[tuple[str, ...]]):
    """Connect four: drop pieces into columns; `connect` in a row wins.

    The board has `width` columns of `height` cells. x and o take turns (x first) to drop
    a piece into a column that is not full; it falls to the lowest empty cell. Whoever
    makes a line of `connect` pieces across, up or diagonally wins; a full board without
    a line is a tie. A position is the tuple of the columns' contents from the bottom,
    e.g. ``("xo", "", "x", "")``; the player to move follows from the counts.

    Parameters
    ----------
    width, height : int
        The board, at least 1 x 1, with ``width * (height + 1) <= 63`` (the bits of a
        code, see :attr:`encoding`): 7 x 6 and 9 x 6 fit, 8 x 7 does not.
    connect : int
        The length of a winning line, at least 2.

    Raises
    ------
    InvalidGameError
        A parameter out of range.

    Examples
    --------
    >>> from grundy.twoplayer.games.connect_four import ConnectFour
    >>> game = ConnectFour(4, 4)
    >>> game, game.start()
    (connect-four:4x4, ('', '', '', ''))
    >>> position = game.parse_position(["moves:1,2,1,2,1,2"])
    >>> game.format_position(position), game.to_move(position)
    ('xxx|ooo|-|-', 0)
    >>> game.moves(game.play(position, 1))                 # x has four up: game over
    []

    Notes
    -----
    With perfect play 4 x 4 is a tie and the standard 7 x 6 board a first-player win
    (Allen 1988, Allis 1988). The compiled rules test for a line with shifts of
    bitboards, as in Tromp's and Pons's solvers.
    """

    width: int = 7
    height: int = 6
    connect: int = 4

    def __post_init__(self) -> None:
        for field, least in (("width", 1), ("height", 1), ("connect", 2)):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise InvalidGameError(
                    f"connect four: {field} {shown(value)} is not an integer >= {least}"
                )
        if self.width * (self.height + 1) > _CODE_BITS:
            raise InvalidGameError(
                f"connect four: a {shown(self.width)} x {shown(self.height)} board does not "
                "fit the integer codes: width * (height + 1) = "
                f"{shown(self.width * (self.height + 1))} > {_CODE_BITS}"
            )

    @property
    def name(self) -> str:  # type: ignore[override]
        """``connect-four:WxH``, with ``/K`` when the line length K is not 4."""
        suffix = f"/{self.connect}" if self.connect != 4 else ""
        return f"connect-four:{self.width}x{self.height}{suffix}"

    # ----------------------------------------------------------------- the rules
    def start(self) -> tuple[str, ...]:
        """Return the empty board."""
        return ("",) * self.width

    def moves(self, position: tuple[str, ...]) -> list[tuple[str, ...]]:
        """Return the positions after each drop, column by column (none when over)."""
        pieces = sum(map(len, position))
        last = _X if pieces % 2 else _O  # only the player who just moved can have a line
        if pieces and self._has_line(position, last):
            return []
        piece = _O if pieces % 2 else _X
        return [
            position[:c] + (column + piece,) + position[c + 1 :]
            for c, column in enumerate(position)
            if len(column) < self.height
        ]

    def to_move(self, position: tuple[str, ...]) -> int:
        """Return 0 when x is to move (an even number of pieces), 1 when o is."""
        return sum(map(len, position)) % 2

    def payoff(self, position: tuple[str, ...]) -> int:
        """Return +1 if x has a line, -1 if o has one, 0 otherwise."""
        if self._has_line(position, _X):
            return 1
        return -1 if self._has_line(position, _O) else 0

    def canonical(self, position: tuple[str, ...]) -> tuple[str, ...]:
        """Return `position` or its mirror image, whichever has the smaller code.

        Examples
        --------
        >>> from grundy.twoplayer.games.connect_four import ConnectFour
        >>> ConnectFour(4, 4).canonical(("", "", "x", ""))
        ('', 'x', '', '')
        """
        mirror = position[::-1]
        encode = functools.partial(_encode, height=self.height)
        return position if encode(position) <= encode(mirror) else mirror

    def play(self, position: tuple[str, ...], column: int) -> tuple[str, ...]:
        """Return the position after the player to move drops a piece in `column` (from 1).

        Raises
        ------
        InvalidPositionError
            No such column, the column is full, or the game is over.

        Examples
        --------
        >>> from grundy.twoplayer.games.connect_four import ConnectFour
        >>> ConnectFour(4, 4).play(("x", "", "", ""), 1)
        ('xo', '', '', '')
        """
        position = self.check_position(position)
        if not 1 <= column <= self.width:
            raise InvalidPositionError(
                f"{self!r}: column {shown(column)} is not one of 1..{self.width}"
            )
        if not self.moves(position):
            raise InvalidPositionError(
                f"{self!r}: the game is over at {self.format_position(position)!r}"
            )
        if len(position[column - 1]) == self.height:
            raise InvalidPositionError(f"{self!r}: column {column} is full")
        piece = _O if self.to_move(position) else _X
        return position[: column - 1] + (position[column - 1] + piece,) + position[column:]

    # ----------------------------------------------------------------- notation
    def check_position(self, position: object) -> tuple[str, ...]:
        """Validate a position and return it as a tuple of column strings.

        Raises
        ------
        InvalidPositionError
            Not `width` strings of at most `height` pieces ``x``/``o``; counts that no
            game reaches (o has as many pieces as x or one fewer); both players with a
            line; or a line whose owner did not make the last move.

        Examples
        --------
        >>> from grundy.twoplayer.games.connect_four import ConnectFour
        >>> ConnectFour(4, 4).check_position(["xo", "", "x", ""])
        ('xo', '', 'x', '')
        >>> ConnectFour(4, 4).check_position(["xxxx", "ooo", "o", ""])
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: connect-four:4x4: x has a line in ...
        """
        if not isinstance(position, tuple | list) or len(position) != self.width:
            raise InvalidPositionError(
                f"{self!r}: position {position!r} is not a tuple of {self.width} column "
                "strings (pieces x and o from the bottom)"
            )
        for c, column in enumerate(position):
            if not isinstance(column, str):
                raise InvalidPositionError(
                    f"{self!r}: column {c + 1} is {column!r}, not a string of x and o"
                )
            if len(column) > self.height:
                raise InvalidPositionError(
                    f"{self!r}: column {c + 1} holds {len(column)} pieces; the height is "
                    f"{self.height}"
                )
            if column.strip(_X + _O):
                raise InvalidPositionError(
                    f"{self!r}: column {c + 1} is {column!r}; pieces are x and o"
                )
        position = tuple(position)
        xs = sum(column.count(_X) for column in position)
        os = sum(column.count(_O) for column in position)
        if os not in (xs, xs - 1):
            raise InvalidPositionError(
                f"{self!r}: {self.format_position(position)!r} has {xs} x and {os} o; x "
                "moves first, so o must have as many pieces as x or one fewer"
            )
        x_line, o_line = self._has_line(position, _X), self._has_line(position, _O)
        if x_line and o_line:
            raise InvalidPositionError(
                f"{self!r}: both x and o have a line in {self.format_position(position)!r}"
            )
        if x_line and xs == os or o_line and xs != os:
            owner, other = (_X, _O) if x_line else (_O, _X)
            raise InvalidPositionError(
                f"{self!r}: {owner} has a line in {self.format_position(position)!r} but "
                f"{other} moved after it; the game ends with the first line"
            )
        return position

    def parse_position(self, tokens: Sequence[str]) -> tuple[str, ...]:
        """Read the columns, or the moves that lead to the position.

        Either one word per column, bottom piece first, ``-`` for an empty column
        (``xo - x -``, or joined by ``|`` as :meth:`format_position` writes them), or
        ``moves:`` and the columns played in turn from the start, numbered from 1
        (``moves:3,4,3``). No words give the empty board.

        Examples
        --------
        >>> from grundy.twoplayer.games.connect_four import ConnectFour
        >>> game = ConnectFour(4, 4)
        >>> game.parse_position(["xo", "-", "x", "-"]), game.parse_position(["moves:1,1,3"])
        (('xo', '', 'x', ''), ('xo', '', 'x', ''))
        """
        if not tokens:
            return self.start()
        text = " ".join(tokens).strip()
        if text.lower().startswith("moves:"):
            position = self.start()
            for word in text[len("moves:") :].replace(",", " ").split():
                column = parse_int(
                    word, f"{self!r}: move", signed=False, expected="a column number"
                )
                position = self.play(position, column)
            return position
        words = [w for token in tokens for w in token.strip().split("|")]
        if len(words) != self.width:
            raise InvalidPositionError(
                f"{self!r}: {shown(text)} gives {len(words)} columns, not {self.width}; give "
                "one word per column (bottom first, - for empty) or moves:3,4,3"
            )
        columns = ["" if w in (_EMPTY_COLUMN, ".", "_") else w.lower() for w in words]
        return self.check_position(columns)

    def format_position(self, position: tuple[str, ...]) -> str:
        """Write the columns, bottom first, joined by ``|`` (``-`` for an empty column)."""
        return "|".join(column or _EMPTY_COLUMN for column in position)

    def position_to_json(self, position: tuple[str, ...]) -> list[str]:
        """Return the list of column strings."""
        return list(position)

    def position_from_json(self, data: object) -> tuple[str, ...]:
        """Read the list of :meth:`position_to_json`, validated."""
        return self.check_position(data)

    def describe_move(self, before: tuple[str, ...], after: tuple[str, ...]) -> str:
        """Name the column of the drop, numbered from 1.

        Examples
        --------
        >>> from grundy.twoplayer.games.connect_four import ConnectFour
        >>> ConnectFour(4, 4).describe_move(("x", "", "", ""), ("x", "", "o", ""))
        'o in column 3'
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        changed = [c for c in range(self.width) if before[c] != after[c]]
        if len(changed) != 1 or after[changed[0]][:-1] != before[changed[0]]:
            raise InvalidPositionError(
                f"{self!r}: {self.format_position(after)!r} does not follow "
                f"{self.format_position(before)!r} by one move"
            )
        c = changed[0]
        return f"{after[c][-1]} in column {c + 1}"

    # ----------------------------------------------------------------- playing
    def draw(self, position: tuple[str, ...]) -> str:
        """Draw the board as a grid, top row first, the columns numbered below it.

        Examples
        --------
        >>> from grundy.twoplayer.games.connect_four import ConnectFour
        >>> print(ConnectFour(4, 3).draw(("xo", "", "x", "")))
        . . . .
        o . . .
        x . x .
        1 2 3 4
        """
        width = len(str(self.width))
        rows = [
            " ".join((column[r] if r < len(column) else ".").rjust(width) for column in position)
            for r in reversed(range(self.height))
        ]
        numbers = " ".join(str(c).rjust(width) for c in range(1, self.width + 1))
        return "\n".join([*rows, numbers])

    def picture(self, position: tuple[str, ...]) -> Picture:
        """Draw the board standing up: x's discs red, o's yellow, the columns numbered
        below it as moves name them.

        Examples
        --------
        >>> from grundy.twoplayer.games.connect_four import ConnectFour
        >>> picture = ConnectFour(4, 3).picture(("xo", "", "x", ""))
        >>> picture.svg.count(">x</title>"), picture.svg.count(">empty</title>")
        (2, 9)
        """
        position = self.check_position(position)
        title = self.picture_title(position)
        rows = [
            "".join(column[r] if r < len(column) else "." for column in position)
            for r in reversed(range(self.height))
        ]
        return board_picture(
            rows,
            FOUR_IN_A_ROW,
            title=title,
            text=self.draw(position),
            column_names=[str(c) for c in range(1, self.width + 1)],
            names_below=True,
            what=title,
        )

    def parse_move(self, position: tuple[str, ...], text: str) -> tuple[str, ...] | None:
        """Read a column, by its number from 1 or its letter from a; the position after
        the player to move drops a piece there.

        Returns None for text that names no column (a whole position, say).

        Raises
        ------
        InvalidPositionError
            No such column, the column is full, or the game is over.

        Examples
        --------
        >>> from grundy.twoplayer.games.connect_four import ConnectFour
        >>> game = ConnectFour(4, 4)
        >>> game.parse_move(("x", "", "", ""), "1"), game.parse_move(("x", "", "", ""), "C")
        (('xo', '', '', ''), ('x', '', 'o', ''))
        >>> game.parse_move(("x", "", "", ""), "9")
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: connect-four:4x4: column 9 is not one of 1..4
        """
        text = text.strip().lower()
        if text.isdigit():  # any digits, '²' too: read (and refused) by parse_int
            return self.play(position, parse_int(text, f"{self!r}: column", signed=False))
        letters = _COLUMN_LETTERS[: self.width]
        if len(text) == 1 and text in letters:
            return self.play(position, letters.index(text) + 1)
        return None

    def move_notation(self) -> str:
        """How a person names a column (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.twoplayer.games.connect_four import ConnectFour
        >>> ConnectFour().move_notation()
        'a column: 1-7 or a-g'
        """
        letters = _COLUMN_LETTERS[: self.width]
        named = f" or {letters[0]}-{letters[-1]}" if len(letters) == self.width else ""
        return f"a column: 1-{self.width}{named}"

    # ----------------------------------------------------------------- encoding
    @functools.cached_property
    def encoding(self) -> Encoding:
        """Integer codes and compiled rules (numba is imported on first use).

        Column c takes bits c(h+1) .. c(h+1)+h of the code (h the height): the column
        value is ``(1 << n) | o``, n the number of pieces in it and bit i of o set when
        the piece in row i is o's. The empty board of width w is sum(1 << c(h+1)).

        Examples
        --------
        >>> from grundy.twoplayer.games.connect_four import ConnectFour
        >>> coding = ConnectFour(2, 2).encoding
        >>> coding.encode(("xo", "")), coding.decode(0b001_101)
        (14, ('ox', ''))
        """
        return _compiled_encoding(self.width, self.height, self.connect)

    # ----------------------------------------------------------------- internals
    def _has_line(self, position: tuple[str, ...], piece: str) -> bool:
        """Whether `piece` has `connect` in a row somewhere in `position`."""
        width, connect = self.width, self.connect

        def at(c: int, r: int) -> str:
            return position[c][r] if 0 <= c < width and 0 <= r < len(position[c]) else ""

        for c, column in enumerate(position):
            for r, here in enumerate(column):
                if here != piece:
                    continue
                for dc, dr in _DIRECTIONS:
                    # only from the first cell of a run: the cell before it is not `piece`
                    if at(c - dc, r - dr) == piece:
                        continue
                    if all(at(c + i * dc, r + i * dr) == piece for i in range(1, connect)):
                        return True
        return False


# --------------------------------------------------------------------- Python codes
def _encode(position: Sequence[str], height: int) -> int:
    code = 0
    for c, column in enumerate(position):
        value = 1 << len(column)
        for r, piece in enumerate(column):
            if piece == _O:
                value |= 1 << r
        code |= value << (c * (height + 1))
    return code


def _decode(code: int, width: int, height: int) -> tuple[str, ...]:
    code = int(code)
    stride = height + 1
    if not 0 <= code < 1 << (width * stride):
        raise InvalidPositionError(
            f"connect four: code {code} is not a {width} x {height} board code"
        )
    columns = []
    for c in range(width):
        value = (code >> (c * stride)) & ((1 << stride) - 1)
        if value == 0:
            raise InvalidPositionError(
                f"connect four: code {code} has no height mark in column {c + 1}"
            )
        n = value.bit_length() - 1
        columns.append("".join(_O if value >> r & 1 else _X for r in range(n)))
    return tuple(columns)


# --------------------------------------------------------------------- compiled rules
# Plain functions over codes and bitboards, compiled by numba in _compiled_encoding with
# the board size as constants; run as they are (``kernel.py_func``) they are the oracle
# the tests compare the compiled code with. A bitboard has the code's layout: bit
# c(h+1) + r is the cell in column c, row r; bit c(h+1) + h (above the top row) is
# always 0 in a bitboard, which stops the line shifts from wrapping between columns.


def _code_boards(code: int, width: int, height: int) -> tuple[int, int, int]:
    """(o's pieces, occupied cells, number of pieces) of board `code`, as bitboards."""
    stride = height + 1
    column_mask = (1 << stride) - 1
    o_pieces = 0
    occupied = 0
    count = 0
    for c in range(width):
        shift = c * stride
        value = (code >> shift) & column_mask
        n = height
        while n > 0 and ((value >> n) & 1) == 0:  # the height mark is the top set bit
            n -= 1
        filled = (1 << n) - 1
        occupied |= filled << shift
        o_pieces |= (value & filled) << shift
        count += n
    return o_pieces, occupied, count


def _code_has_line(pieces: int, height: int, connect: int) -> bool:
    """Whether bitboard `pieces` has `connect` in a row (up, across or diagonal)."""
    stride = height + 1
    for step in (1, stride - 1, stride, stride + 1):  # up, down-right, right, up-right
        run = pieces  # bit p stays set while cells p, p + step, ... are all pieces
        for i in range(1, connect):
            if i * step >= _CODE_BITS:  # past the board (and a shift numba cannot do)
                run = 0
                break
            run &= pieces >> (i * step)
        if run != 0:
            return True
    return False


def _code_last_line(code: int, width: int, height: int, connect: int) -> tuple[bool, int, int]:
    """(whether the player who just moved has a line, occupied cells, number of pieces)."""
    o_pieces, occupied, count = _code_boards(code, width, height)
    last = o_pieces if count % 2 == 0 else occupied & ~o_pieces
    return count > 0 and _code_has_line(last, height, connect), occupied, count


def _code_moves(code: int, out: np.ndarray, width: int, height: int, connect: int) -> int:
    """Write the codes of the options of `code` into `out`; return how many (0: over)."""
    line, occupied, count = _code_last_line(code, width, height, connect)
    if line:
        return 0
    stride = height + 1
    column_mask = (1 << stride) - 1
    o_moves = count % 2
    n = 0
    for c in range(width):
        shift = c * stride
        mark = ((occupied >> shift) & column_mask) + 1  # 1 << (pieces in column c)
        if mark != 1 << height:
            # x at row k: the column value (1 << k) | o becomes (1 << k + 1) | o, that is
            # plus 1 << k; o: (1 << k + 1) | (1 << k) | o, plus 1 << k + 1.
            out[n] = code + ((mark << shift) << o_moves)
            n += 1
    return n


def _code_end_value(code: int, width: int, height: int, connect: int) -> int:
    """At an ended board: -1 if the last mover made a line, else 0 (a full board)."""
    line, _, _ = _code_last_line(code, width, height, connect)
    return -1 if line else 0


def _code_canonical(code: int, width: int, height: int) -> int:
    """The smaller of `code` and the code of its mirror image (columns reversed)."""
    stride = height + 1
    column_mask = (1 << stride) - 1
    mirror = 0
    for c in range(width):
        mirror |= ((code >> (c * stride)) & column_mask) << ((width - 1 - c) * stride)
    return min(code, mirror)


@functools.cache
def _register_kernels() -> None:
    from numba.extending import register_jitable

    for kernel in (
        _code_boards,
        _code_has_line,
        _code_last_line,
        _code_moves,
        _code_end_value,
        _code_canonical,
    ):
        register_jitable(kernel)  # callable from compiled code, inlined with constants


@functools.cache
def _compiled_encoding(width: int, height: int, connect: int) -> Encoding:
    import numba  # only a compiled solve pays for the import and the compile

    _register_kernels()
    # The board size is a constant of these closures (cached by numba per size), so the
    # loops over columns and line steps compile for this board.
    jit = numba.njit(cache=True)

    @jit
    def moves(code: int, out: np.ndarray) -> int:
        return _code_moves(code, out, width, height, connect)

    @jit
    def end_value(code: int) -> int:
        return _code_end_value(code, width, height, connect)

    @jit
    def canonical(code: int) -> int:
        return _code_canonical(code, width, height)

    @jit
    def tier(code: int) -> int:  # the number of pieces: every move adds one
        return _code_boards(code, width, height)[2]

    return Encoding(
        moves=moves,
        end_value=end_value,
        encode=functools.partial(_encode, height=height),
        decode=functools.partial(_decode, width=width, height=height),
        max_moves=width,
        canonical=canonical,
        tier=tier,
    )
