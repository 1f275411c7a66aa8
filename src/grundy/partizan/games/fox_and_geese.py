"""Fox and Geese (CGSuite's GenFoxAndGeese): Left's geese step diagonally down a board
with no top, Right's fox steps diagonally either way; a loopy game, valued as CGSuite does.

A position is a board of rows, top first, of ``G`` (a goose), ``F`` (the fox) and ``.``
(an empty square), written with ``|`` between the rows as the grid games write boards
(``".G.G.G.G|........|........|F......."``), or as CGSuite writes it: the geese's squares,
then the fox's, each (row, column) counted from 1 at the bottom left
(``"{(4,2),(4,4),(4,6),(4,8)}, (1,1)"``). Squares are named as in chess, column letter then
row number from the bottom: CGSuite's (4, 2) is ``b4``. Pieces stand on the light squares,
where row + column is even (``a1`` is one).

Examples
--------
>>> from grundy.partizan.games import FoxAndGeese
>>> game = FoxAndGeese()
>>> board = game.parse_position(["{(4,2),(4,4),(4,6),(4,8)},", "(1,1)"])
>>> game.format_position(board)
'.G.G.G.G|........|........|F.......'
>>> print(game.draw(board))
  a b c d e f g h
4   G   G   G   G
3 .   .   .   .
2   .   .   .   .
1 F   .   .   .
>>> str(game.value(board)), str(game.outcome(board))        # CGSuite's GameGridTest
('{4*|7/2}', 'L')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import InvalidGameError, InvalidPositionError
from ...core.integers import parse_int, shown
from ..loopy import LoopyPartizanGame, Stopper

__all__ = ["FoxAndGeese", "CeyloneseFoxAndGeese", "Board", "MAX_ROWS", "MAX_WIDTH"]

#: A board: its rows, top first, each as wide as the game's board; the bottom row is 1.
Board = tuple[str, ...]

#: The most rows a board typed may have (the fox may climb past them: the board has no top).
MAX_ROWS = 26
#: The widest board (columns are lettered a-z).
MAX_WIDTH = 26

_GOOSE, _FOX, _EMPTY = "G", "F", "."
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ROW_BREAK = re.compile(r"[|/\s]+")
_PAIR = re.compile(r"\(\s*([^,()]*?)\s*,\s*([^,()]*?)\s*\)")
_PAIRS = re.compile(r"\s*(?:\([^,()]*,[^,()]*\)(?:\s*,\s*\([^,()]*,[^,()]*\))*)?\s*")
_SQUARES = re.compile(r"^\s*[{\[](?P<geese>[^{}\[\]]*)[}\]]\s*,?\s*(?P<fox>\([^()]*\))\s*$")
_CELL = re.compile(r"([a-z])([0-9]{1,4})")
_LEGEND = "G (a goose), F (the fox), . (empty)"

#: A move: (the square left, the square reached), each (row, column) from 1.
Square = tuple[int, int]


@functools.cache
def _off() -> Stopper:
    return Stopper("off")


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class FoxAndGeese(LoopyPartizanGame[Board]):
    """Fox and Geese as CGSuite plays it (``game.grid.GenFoxAndGeese``): Left moves a
    goose one square diagonally down the board; Right moves the fox diagonally in any of
    the four directions, up to `fox_range` squares in a line, over empty squares only.
    Nobody captures; whoever cannot move loses, so the geese win by trapping the fox and
    the fox wins by getting past them.

    The board is `width` columns wide and, as in CGSuite, has no top: a fox past the
    geese can climb for ever. The fox walks to and fro, so positions repeat: values are
    loopy (:meth:`value`: a :class:`~grundy.partizan.loopy.Stopper`, CGSuite's
    ``GameValue``) and :meth:`outcome` is a
    :class:`~grundy.partizan.loopy.LoopyOutcome`.

    Parameters
    ----------
    width : int
        The board's width, 2 to 26 (CGSuite's ``boardWidth``; 8 in Fox and Geese).
    fox_range : int
        How far the fox moves in one direction (CGSuite's ``foxRange``): 1, or 2 in
        Ceylonese Fox and Geese.
    name : str
        The name in messages (default: ``fox-and-geese``, with the parameters when they
        are not the classic ones).

    Raises
    ------
    InvalidGameError
        A width outside 2..26, or a fox range below 1.

    Examples
    --------
    >>> from grundy.partizan.games import FoxAndGeese
    >>> game = FoxAndGeese(width=4)
    >>> board = game.check_position("G.G.|....|..F.")
    >>> game.left_options(board)                # each goose steps down, diagonally
    (('..G.', '.G..', '..F.'), ('G...', '.G..', '..F.'), ('G...', '...G', '..F.'))
    >>> game.right_options(board)               # the fox steps either way
    (('G.G.', '.F..', '....'), ('G.G.', '...F', '....'))
    >>> str(game.value(board)), game.describe_move(board, ("G.G.", "...F", "...."))
    ('{over|0}', 'Right fox c1-d2')

    Notes
    -----
    A position where the fox has escaped is worth ``off`` (:meth:`loopy_formula`), so the
    search never climbs past the geese: the positions explored are the geese's squares on
    or below the rows they start on, times the fox's square. CGSuite's classic test
    position (four geese on row 4, the fox in a corner) explores 10,597 positions.

    References
    ----------
    E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 20; CGSuite,
    ``game.grid.FoxAndGeese``, ``CeyloneseFoxAndGeese``, ``GenFoxAndGeese``.
    """

    width: int = 8
    fox_range: int = 1
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if type(self.width) is not int or not 2 <= self.width <= MAX_WIDTH:
            raise InvalidGameError(
                f"fox-and-geese: width {shown(self.width)} is not an integer from 2 to {MAX_WIDTH}"
            )
        if type(self.fox_range) is not int or self.fox_range < 1:
            raise InvalidGameError(
                f"fox-and-geese: fox_range {shown(self.fox_range)} is not an integer >= 1"
            )
        if not self.name:
            classic = (self.width, self.fox_range) == (8, 1)
            tail = "" if classic else f"(width={self.width}, fox_range={self.fox_range})"
            object.__setattr__(self, "name", f"fox-and-geese{tail}")

    # ----------------------------------------------------------------- the rules
    def _moves(self, board: Board, player: str) -> Iterator[tuple[Square, Square]]:
        """(from, to) of every move of `player`'s pieces, squares (row, column) from 1."""
        height, width = len(board), self.width
        geese, fox = _pieces(board)
        if player == "Left":
            for row, col in geese:
                if row > 1:
                    for to in (col - 1, col + 1):  # one step down, diagonally
                        if 1 <= to <= width and board[height - row + 1][to - 1] == _EMPTY:
                            yield (row, col), (row - 1, to)
            return
        row, col = fox
        for dr in (1, -1):
            for dc in (-1, 1):
                for d in range(1, self.fox_range + 1):
                    r, c = row + dr * d, col + dc * d
                    # the board has no top: a square above the rows drawn is empty
                    if (
                        r < 1
                        or not 1 <= c <= width
                        or (r <= height and board[height - r][c - 1] != _EMPTY)
                    ):
                        break
                    yield fox, (r, c)

    def left_options(self, position: Board) -> tuple[Board, ...]:
        """The boards after Left moves a goose one square diagonally down.

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> FoxAndGeese(width=2).left_options(("G.", "..", "F."))
        (('..', '.G', 'F.'),)
        """
        return tuple(_moved(position, a, b) for a, b in self._moves(position, "Left"))

    def right_options(self, position: Board) -> tuple[Board, ...]:
        """The boards after Right moves the fox (above the rows drawn, rows are added).

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> FoxAndGeese(width=2).right_options(("G.", "..", "F."))
        (('G.', '.F', '..'),)
        >>> FoxAndGeese(width=2).right_options((".F",))      # climbing: a row is added
        (('F.', '..'),)
        """
        return tuple(_moved(position, a, b) for a, b in self._moves(position, "Right"))

    def loopy_formula(self, position: Board) -> Stopper | None:
        """``off`` when the fox has escaped, else None (the options are explored): CGSuite's
        ``Decomposition``.

        The fox has escaped when it stands on or above the highest goose's row, or one row
        below it next to an empty square of that row (diagonally up), or when no goose is
        left.

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> game = FoxAndGeese()
        >>> boards = ("G.G.G...|........|F.......", "G.G.G...|.....F..|........")
        >>> [str(game.loopy_formula(game.check_position(b))) for b in boards]
        ['None', 'off']

        Notes
        -----
        Why ``off`` is exact. A goose only moves down, so the highest goose's row t never
        rises, and no goose ever enters a square of row t or above that is empty. A fox on
        row r >= t can always step diagonally up (the board is at least 2 wide and has no
        top) onto a square of row r + 1 > t, so it can move for ever whatever the geese
        do; a fox on row t - 1 next to an empty square of row t steps there (or stands
        on row t already, if Left's move lowered t) and then can. The geese have finitely
        many moves (each lowers a goose by a row). So G is a stopper (play alternating
        for ever would need endless goose moves) and G <= off: in off - G, whose only
        moves for Left are the fox's (colours swapped), Left moving second never runs out
        of moves, which is the survival that defines <= between stoppers (Siegel, CGT
        VI.1). As off is the least stopper, G = off.
        """
        height = len(position)
        top = next((height - i for i, row in enumerate(position) if _GOOSE in row), 0)
        if top == 0:
            return _off()  # no goose: the fox walks for ever, Left never moves
        row, col = _fox(position)
        if row >= top:
            return _off()
        if row == top - 1:
            above = position[height - top]
            for c in (col - 1, col + 1):
                if 1 <= c <= self.width and above[c - 1] == _EMPTY:
                    return _off()
        return None

    # ----------------------------------------------------------------- notation
    def check_position(self, position: Any) -> Board:
        """Read `position`: a board's text (rows of ``G``, ``F`` and ``.``, top first,
        separated by ``|``), its rows, CGSuite's squares ``{(4,2),(4,4)}, (1,1)``, or the
        pair (geese's squares, fox's square).

        Raises
        ------
        InvalidPositionError
            No board, a row of another width, an unknown character, not exactly one fox,
            a piece on a dark square or off the board, or more than :data:`MAX_ROWS` rows.

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> game = FoxAndGeese(width=4)
        >>> game.check_position(([(3, 1), (3, 3)], (1, 3))), game.check_position("g.g.|....|..f.")
        (('G.G.', '....', '..F.'), ('G.G.', '....', '..F.'))
        >>> game.check_position("G.G.|....|.F..|")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: fox-and-geese(width=4, ...): the fox on b1 ...
        """
        what = repr(self)
        if isinstance(position, str):
            if "(" in position:
                return self._read_squares(position)
            rows = [r for r in _ROW_BREAK.split(position.strip()) if r] if position.strip() else []
            return self._read_rows(rows, position)
        if isinstance(position, Sequence) and all(isinstance(r, str) for r in position):
            return self._read_rows(list(position), "|".join(position))
        if isinstance(position, Sequence) and len(position) == 2:
            geese, fox = position
            if isinstance(geese, Sequence | set | frozenset) and _is_square(fox):
                if all(_is_square(g) for g in geese):
                    return self._board(list(geese), fox, shown(position))
        raise InvalidPositionError(
            f"{what}: position {shown(position)} is not a board; write rows of {_LEGEND} "
            "separated by '|', the bottom row last"
        )

    def _read_rows(self, rows: list[str], text: str) -> Board:
        what, width = repr(self), self.width
        if not rows:
            raise InvalidPositionError(
                f"{what}: no board given; write rows of {_LEGEND} separated by '|'"
            )
        if len(rows) > MAX_ROWS:
            raise InvalidPositionError(
                f"{what}: board {shown(text)} has {len(rows)} rows; at most {MAX_ROWS}"
            )
        height = len(rows)
        board = tuple(row.upper() for row in rows)
        for i, row in enumerate(board):
            if len(row) != width:
                raise InvalidPositionError(
                    f"{what}: row {height - i} of {shown(text)} (line {i + 1}) has {len(row)} "
                    f"squares; the board is {width} wide"
                )
            for c, ch in enumerate(row):
                if ch not in "GF.":
                    raise InvalidPositionError(
                        f"{what}: square {_name((height - i, c + 1))} of {shown(text)} is "
                        f"{rows[i][c]!r}; squares are {_LEGEND}"
                    )
                if ch != _EMPTY and (height - i + c + 1) % 2:
                    piece = "goose" if ch == _GOOSE else "fox"
                    raise InvalidPositionError(
                        f"{what}: the {piece} on {_name((height - i, c + 1))} of {shown(text)} "
                        "stands on a dark square; pieces stand where row + column is even "
                        "(a1 is one, rows counted from the bottom)"
                    )
        foxes = sum(row.count(_FOX) for row in board)
        if foxes != 1:
            raise InvalidPositionError(
                f"{what}: board {shown(text)} has {foxes} foxes; it must have one"
            )
        return board

    def _read_squares(self, text: str) -> Board:
        """CGSuite's squares: ``{(4,2),(4,4)}, (1,1)``, the geese's then the fox's."""
        what = repr(self)
        match = _SQUARES.match(text)
        if match is None:
            raise InvalidPositionError(
                f"{what}: {shown(text)} is not the geese's squares then the fox's, such as "
                "{(4,2),(4,4)}, (1,1)"
            )
        inside = match["geese"]
        if not _PAIRS.fullmatch(inside):
            raise InvalidPositionError(
                f"{what}: the geese's squares {shown(match['geese'])} are not (row,column) "
                "pairs separated by commas"
            )
        fox = _PAIR.fullmatch(match["fox"])
        if fox is None:
            raise InvalidPositionError(
                f"{what}: the fox's square {shown(match['fox'])} is not a (row,column) pair"
            )
        label = f"{what}: square"
        geese = [(parse_int(p[1], label), parse_int(p[2], label)) for p in _PAIR.finditer(inside)]
        return self._board(geese, (parse_int(fox[1], label), parse_int(fox[2], label)), text)

    def _board(self, geese: list[Any], fox: Any, text: str) -> Board:
        """The board of geese and a fox on squares (row, column) from 1, checked."""
        what, width = repr(self), self.width
        squares = [*((tuple(g), "goose") for g in geese), (tuple(fox), "fox")]
        seen: set[tuple[int, int]] = set()
        for square, piece in squares:
            row, col = square
            if not (1 <= row <= MAX_ROWS and 1 <= col <= width):
                raise InvalidPositionError(
                    f"{what}: the {piece}'s square {shown(square)} is off the board (rows 1 "
                    f"to {MAX_ROWS}, columns 1 to {width})"
                )
            if (row + col) % 2:
                raise InvalidPositionError(
                    f"{what}: the {piece}'s square {shown(square)} is dark; pieces stand "
                    "where row + column is even"
                )
            if square in seen:
                raise InvalidPositionError(f"{what}: two pieces on the square {shown(square)}")
            seen.add(square)
        height = max(row for (row, _), _ in squares)
        cells = [[_EMPTY] * width for _ in range(height)]
        for (row, col), piece in squares:
            cells[height - row][col - 1] = _FOX if piece == "fox" else _GOOSE
        return tuple("".join(row) for row in cells)

    def parse_position(self, tokens: Sequence[str]) -> Board:
        """Read a board from words: ``G.G.|....|..F.`` (or one row a word), or CGSuite's
        squares ``{(4,2),(4,4)}, (1,1)``.

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> FoxAndGeese(width=4).parse_position(["G.G.", "....", "..F."])
        ('G.G.', '....', '..F.')
        >>> FoxAndGeese(width=4).parse_position(["{(3,1),(3,3)},", "(1,3)"])
        ('G.G.', '....', '..F.')
        """
        return self.check_position(" ".join(tokens))

    def format_position(self, position: Board) -> str:
        """Write the rows joined by ``|``, top first (the text :meth:`parse_position` reads).

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> FoxAndGeese(width=4).format_position(("G.G.", "....", "..F."))
        'G.G.|....|..F.'
        """
        return "|".join(self.check_position(position))

    def position_to_json(self, position: Board) -> list[str]:
        """The rows, top first, as Clobber's boards are sent: a piece in row i (from 0 at
        the top) and column j (from 0) stands on a light square, ``len(rows) - i + j + 1``
        even; ``"G"`` is a goose (Left's), ``"F"`` the fox (Right's).

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> FoxAndGeese(width=4).position_to_json("G.G.|....|..F.")
        ['G.G.', '....', '..F.']
        """
        return list(self.check_position(position))

    def draw(self, position: Board) -> str:
        """Draw the board: columns lettered, rows numbered from 1 at the bottom, the dark
        squares (where no piece stands) blank.

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> print(FoxAndGeese(width=4).draw("G.G.|....|..F."))
          a b c d
        3 G   G
        2   .   .
        1 .   F
        """
        board = self.check_position(position)
        height = len(board)
        pad = len(str(height))
        lines = [" " * (pad + 1) + " ".join(_LETTERS[: self.width])]
        for i, row in enumerate(board):
            cells = (ch if (height - i + c + 1) % 2 == 0 else " " for c, ch in enumerate(row))
            lines.append(f"{height - i:>{pad}} " + " ".join(cells).rstrip())
        return "\n".join(lines)

    def describe_move(self, before: Any, after: Any) -> str:
        """Name the piece moved and its squares: ``Left goose b4-a3``, ``Right fox a1-b2``.

        Raises
        ------
        InvalidPositionError
            `after` does not follow `before` by one move.

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> FoxAndGeese(width=4).describe_move("G.G.|....|..F.", "G...|...G|..F.")
        'Left goose c3-d2'
        """
        before, after = self.check_position(before), self.check_position(after)
        for player, piece in (("Left", "goose"), ("Right", "fox")):
            for start, end in self._moves(before, player):
                if _moved(before, start, end) == after:
                    return f"{player} {piece} {_name(start)}-{_name(end)}"
        raise InvalidPositionError(
            f"{self!r}: {'|'.join(after)!r} does not follow {'|'.join(before)!r} by one move"
        )

    def parse_move(self, position: Any, text: str) -> Board | None:
        """Read a move as the piece's square and the square it moves to: ``b4-a3`` (or
        ``b4 a3``); the piece says whose move it is. ``Left``/``Right`` and
        ``goose``/``fox`` may lead.

        Returns None for text that names no squares (a whole board, say).

        Raises
        ------
        InvalidPositionError
            No piece on the first square, or a move the rules do not allow.

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> FoxAndGeese(width=4).parse_move("G.G.|....|..F.", "c1-b2")
        ('G.G.', '.F..', '....')
        """
        board = self.check_position(position)
        words = text.replace("-", " ").lower().split()
        said = words.pop(0) if words and words[0] in ("left", "right") else None
        if words and words[0] in ("goose", "fox"):
            words.pop(0)
        cells = [_CELL.fullmatch(w) for w in words]
        if len(words) != 2 or not all(cells):
            return None
        start, end = ((int(m[2]), _LETTERS.index(m[1]) + 1) for m in cells if m is not None)
        height = len(board)
        piece = board[height - start[0]][start[1] - 1] if _on_board(board, start) else _EMPTY
        if piece == _EMPTY:
            raise InvalidPositionError(f"{self!r}: there is no goose or fox on {_name(start)}")
        owner = "Left" if piece == _GOOSE else "Right"
        if said is not None and said != owner.lower():
            raise InvalidPositionError(
                f"{self!r}: the piece on {_name(start)} is {owner}'s, not {said.title()}'s"
            )
        for a, b in self._moves(board, owner):
            if (a, b) == (start, end):
                return _moved(board, a, b)
        raise InvalidPositionError(
            f"{self!r}: the {'goose' if piece == _GOOSE else 'fox'} on {_name(start)} cannot "
            f"move to {_name(end)} in {'|'.join(board)!r}"
        )

    def move_notation(self) -> str:
        """How a person names a move (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> FoxAndGeese().move_notation()
        'a piece and where it goes: b4-a3 (geese G are Left, the fox F Right; row 1 at the bottom)'
        """
        return (
            "a piece and where it goes: b4-a3 (geese G are Left, the fox F Right; row 1 at "
            "the bottom)"
        )


CeyloneseFoxAndGeese = FoxAndGeese(fox_range=2, name="ceylonese-fox-and-geese")
"""Ceylonese Fox and Geese: the fox moves up to two squares in a line (CGSuite's
``GenFoxAndGeese(foxRange => 2)``)."""


# ----------------------------------------------------------------- board helpers
def _pieces(board: Board) -> tuple[list[Square], Square]:
    """The geese's squares and the fox's, (row, column) from 1 at the bottom left."""
    height = len(board)
    geese = []
    fox = (0, 0)
    for i, row in enumerate(board):
        j = row.find(_GOOSE)
        while j >= 0:
            geese.append((height - i, j + 1))
            j = row.find(_GOOSE, j + 1)
        k = row.find(_FOX)
        if k >= 0:
            fox = (height - i, k + 1)
    return geese, fox


def _fox(board: Board) -> Square:
    height = len(board)
    for i, row in enumerate(board):
        k = row.find(_FOX)
        if k >= 0:
            return height - i, k + 1
    raise InvalidPositionError(f"board {'|'.join(board)!r} has no fox")


def _moved(board: Board, start: Square, end: Square) -> Board:
    """`board` with the piece on `start` moved to `end` (rows added on top if need be)."""
    rows = list(board)
    width = len(rows[0])
    if end[0] > len(rows):  # the fox climbs above the rows drawn: the board has no top
        rows[:0] = [_EMPTY * width] * (end[0] - len(rows))
    height = len(rows)
    (r0, c0), (r1, c1) = (height - start[0], start[1] - 1), (height - end[0], end[1] - 1)
    piece = rows[r0][c0]
    rows[r0] = rows[r0][:c0] + _EMPTY + rows[r0][c0 + 1 :]
    rows[r1] = rows[r1][:c1] + piece + rows[r1][c1 + 1 :]
    return tuple(rows)


def _on_board(board: Board, square: Square) -> bool:
    return 1 <= square[0] <= len(board) and 1 <= square[1] <= len(board[0])


def _name(square: Any) -> str:
    """The chess name of a square (row, column) from 1: (4, 2) is ``b4``."""
    row, col = square
    letter = _LETTERS[col - 1] if 1 <= col <= len(_LETTERS) else f"column {col} of row "
    return f"{letter}{row}"


def _is_square(value: Any) -> bool:
    return isinstance(value, Sequence) and len(value) == 2 and all(type(v) is int for v in value)
