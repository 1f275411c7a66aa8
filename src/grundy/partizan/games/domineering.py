"""Domineering (Left places vertical dominoes, Right horizontal ones) and Cram, its
impartial variant."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...core.errors import InvalidPositionError
from .grid import (
    ORTHOGONAL,
    Board,
    GridGame,
    board_text,
    cell_name,
    images,
    read_cell,
    split,
    transpose,
)

__all__ = ["Domineering", "Cram"]

_EMPTY, _BLOCKED = ".", "#"


def _placements(board: Board, vertical: bool) -> list[Board]:
    """The boards after one domino is placed on two empty cells, one above the other
    (`vertical`) or side by side."""
    out = []
    if vertical:
        for r in range(len(board) - 1):
            upper, lower = board[r], board[r + 1]
            for c, (a, b) in enumerate(zip(upper, lower, strict=True)):
                if a == _EMPTY and b == _EMPTY:
                    rows = list(board)
                    rows[r] = upper[:c] + _BLOCKED + upper[c + 1 :]
                    rows[r + 1] = lower[:c] + _BLOCKED + lower[c + 1 :]
                    out.append(tuple(rows))
    else:
        for r, row in enumerate(board):
            for c in range(len(row) - 1):
                if row[c] == _EMPTY and row[c + 1] == _EMPTY:
                    rows = list(board)
                    rows[r] = row[:c] + _BLOCKED * 2 + row[c + 2 :]
                    out.append(tuple(rows))
    return out


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class Domineering(GridGame):
    """Domineering: Left places a vertical domino on two empty cells, Right a horizontal
    one; whoever cannot place one loses.

    A position is a board of ``.`` (empty) and ``#`` (blocked, or covered by a domino),
    written ``"..#|..."`` or ``RxC`` for an empty R x C board (R rows, C columns). Left
    plays vertically, as in CGSuite, cgt-tools and pycgt; the transposed board is the
    negative game.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.games import Domineering
    >>> game = Domineering()
    >>> str(game.value("2x1")), str(game.value("1x2")), str(game.value("2x2"))
    ('1', '-1', '+-1')
    >>> game.value("4x4") is parse("+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}")
    True
    >>> game.left_options((".", ".", "#"))
    [('#', '#', '#')]
    >>> game.describe_move("..|..", "#.|#.")
    'Left a1-a2'

    Notes
    -----
    Two regions of empty cells that touch at no edge never interact, so a position is
    the sum of its regions (:meth:`components`), each cut down to its bounding box; a
    region is stored once for its four images under the reflections that keep a vertical
    domino vertical (:meth:`canonical`), and once for itself and its transpose, whose
    value is its negative. A fresh game stores 197 values for the empty 4 x 4 board
    (the plain recursion: 5,700), 2,303 for 4 x 5 and 16,456 for 5 x 5
    (benchmarks/partizan_grid.py times them).

    References
    ----------
    E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical Plays.
    CGSuite, ``game.grid.Domineering``.
    """

    name = "domineering"
    cells = _EMPTY + _BLOCKED
    rectangle = True

    # ----------------------------------------------------------------- the rules
    def left_options(self, position: Board) -> list[Board]:
        """The boards after Left places a vertical domino.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> Domineering().left_options(("..", ".."))
        [('#.', '#.'), ('.#', '.#')]
        """
        return _placements(position, vertical=True)

    def right_options(self, position: Board) -> list[Board]:
        """The boards after Right places a horizontal domino.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> Domineering().right_options(("...",))
        [('##.',), ('.##',)]
        """
        return _placements(position, vertical=False)

    def _regions(self, board: Board) -> list[Board]:
        # Regions of two or more empty cells: a lone cell takes no domino (value 0).
        return split(board, _EMPTY, ORTHOGONAL, _BLOCKED, smallest=2)

    def _images(self, region: Board) -> Iterator[Board]:
        # The mirrors and the half turn keep a vertical domino vertical: same value.
        return images(region, square=False)

    def _negative(self, region: Board) -> Board | None:
        # The transpose turns Left's dominoes into Right's.
        return transpose(region)

    # ----------------------------------------------------------------- notation
    def describe_move(self, before: Board, after: Board) -> str:
        """Name the domino placed: ``Left a1-a2`` (vertical) or ``Right a1-b1``.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> Domineering().describe_move("...", ".##")
        'Right b1-c1'
        """
        before, after, changed = self._one_move(before, after)
        if (
            len(changed) != 2
            or any(before[r][c] != _EMPTY for r, c in changed)
            or after not in (*self.left_options(before), *self.right_options(before))
        ):
            raise self._not_a_move(before, after)
        (r1, c1), (r2, c2) = changed
        player = "Left" if c1 == c2 else "Right"
        return f"{player} {cell_name(r1, c1)}-{cell_name(r2, c2)}"

    def parse_move(self, position: Board, text: str) -> Board | None:
        """Read a domino as two cells, ``a1-a2`` (vertical: Left's) or ``a1 b1``
        (horizontal: Right's); a leading ``Left`` or ``Right`` is allowed.

        Returns None for text that names no cells (a whole board, say).

        Raises
        ------
        InvalidPositionError
            Cells that are not neighbours, or not both empty.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> Domineering().parse_move(("..", ".."), "b1-b2")
        ('.#', '.#')
        """
        position = self.check_position(position)
        words = text.replace("-", " ").lower().split()
        said = words.pop(0) if words and words[0] in ("left", "right") else None
        if len(words) != 2 or not all(w[:1].isalpha() and w[1:].isdigit() for w in words):
            return None
        (r1, c1), (r2, c2) = sorted(read_cell(w, position, repr(self)) for w in words)
        if (r2 - r1, c2 - c1) not in ((1, 0), (0, 1)):
            raise InvalidPositionError(
                f"{self!r}: {cell_name(r1, c1)} and {cell_name(r2, c2)} are not neighbours"
            )
        player = "left" if c1 == c2 else "right"
        if said is not None and said != player:
            raise InvalidPositionError(
                f"{self!r}: {cell_name(r1, c1)}-{cell_name(r2, c2)} is "
                f"{'vertical' if player == 'left' else 'horizontal'}, a domino of "
                f"{player.title()}'s"
            )
        if position[r1][c1] != _EMPTY or position[r2][c2] != _EMPTY:
            raise InvalidPositionError(
                f"{self!r}: {cell_name(r1, c1)}-{cell_name(r2, c2)} is not on two empty cells"
                f" of {board_text(position)!r}"
            )
        rows = list(position)
        for r, c in ((r1, c1), (r2, c2)):
            rows[r] = rows[r][:c] + _BLOCKED + rows[r][c + 1 :]
        return tuple(rows)

    def move_notation(self) -> str:
        """How a person names a domino (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> Domineering().move_notation()
        'a domino as two cells: a1-a2 (vertical, Left) or a1-b1 (horizontal, Right)'
        """
        return "a domino as two cells: a1-a2 (vertical, Left) or a1-b1 (horizontal, Right)"


@dataclass(frozen=True, repr=False)
class Cram(Domineering):
    """Cram: Domineering where both players may place a domino either way (impartial).

    Every value is a nimber. CGSuite defines it as ``Domineering.ImpartialVariant``.

    Examples
    --------
    >>> from grundy.partizan.games import Cram
    >>> str(Cram().value(".........|##.######")), str(Cram().value("2x3"))
    ('*4', '*')
    """

    name = "cram"

    def left_options(self, position: Board) -> list[Board]:
        """Every domino, vertical or horizontal.

        Examples
        --------
        >>> from grundy.partizan.games import Cram
        >>> len(Cram().left_options(("..", "..")))
        4
        """
        return _placements(position, True) + _placements(position, False)

    right_options = left_options

    def _images(self, region: Board) -> Iterator[Board]:
        # Both players place either way: all 8 symmetries keep the value.
        return images(region, square=True)

    def _negative(self, region: Board) -> None:
        return None  # every Cram position is its own negative

    def describe_move(self, before: Board, after: Board) -> str:
        """Name the domino placed, ``a1-a2`` (no player: both may place it).

        Examples
        --------
        >>> from grundy.partizan.games import Cram
        >>> Cram().describe_move("..", "##")
        'a1-b1'
        """
        return super().describe_move(before, after).split(" ", 1)[1]

    def parse_move(self, position: Board, text: str) -> Board | None:
        """Read a domino as two cells, ``a1-a2`` or ``a1 b1`` (either player's).

        Examples
        --------
        >>> from grundy.partizan.games import Cram
        >>> Cram().parse_move("...", "Left a1-b1")
        ('##.',)
        """
        words = text.split()
        if words and words[0].lower() in ("left", "right"):
            text = " ".join(words[1:])  # either player may place either way
        return super().parse_move(position, text)

    def move_notation(self) -> str:
        """How a person names a domino.

        Examples
        --------
        >>> from grundy.partizan.games import Cram
        >>> Cram().move_notation()
        'a domino as two cells: a1-a2 or a1-b1'
        """
        return "a domino as two cells: a1-a2 or a1-b1"
