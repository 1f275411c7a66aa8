"""Clobber and its family (CGSuite's GenClobber): a stone moves onto a neighbouring
enemy stone and removes it; Kings, Knights, Rooks, Queens, Anti-Clobber, Hot Clobber."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ...core.errors import InvalidGameError, InvalidPositionError
from ...display.boards import STONES
from .grid import (
    COMPASS,
    DIAGONAL,
    KNIGHT,
    ORTHOGONAL,
    Board,
    GridGame,
    board_text,
    cell_name,
    images,
    read_cell,
    split,
)

__all__ = [
    "GenClobber",
    "Clobber",
    "AntiClobber",
    "HotClobber",
    "Kings",
    "Knights",
    "Rooks",
    "Queens",
]

_EMPTY, _LEFT, _RIGHT, _BLOCKED = ".", "x", "o", "#"
_SWAP = str.maketrans("xo", "ox")
#: The step sets a piece may move along; each is kept by every symmetry of the square.
_DIRECTIONS = {"orthogonal": ORTHOGONAL, "diagonal": DIAGONAL, "compass": COMPASS, "knight": KNIGHT}

#: A move: (the player's stone, the cell it moves to, the board after).
Move = tuple[tuple[int, int], tuple[int, int], Board]


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class GenClobber(GridGame):
    """A game of the Clobber family: a stone moves in a straight line onto a cell its
    player may "clobber", leaving something behind; CGSuite's ``GenClobber``.

    A position is a board of ``x`` (Left's stones), ``o`` (Right's) and ``.`` (empty),
    written ``"xox|ox."`` as in CGSuite; when a player may move onto empty cells, ``#``
    marks a cell nobody may enter.

    Parameters
    ----------
    directions : {"orthogonal", "diagonal", "compass", "knight"}
        The steps a stone moves along: to the 4 orthogonal neighbours (Clobber), the 4
        diagonal ones, all 8 (a chess king) or a knight's jump.
    clobbered : tuple of two str
        The cells Left's stone may move onto, and Right's: ``"o"`` and ``"x"`` in Clobber
        (the enemy's stones), ``"xo"`` for both colours, ``"."`` for an empty cell.
    left_behind : tuple of two str
        What Left's stone, and Right's, leaves on the cell it moves from: ``"."``
        (empty) in Clobber; ``"o"`` and ``"x"`` in Anti-Clobber.
    max_distance : int or None
        How far a stone may go: over up to ``max_distance - 1`` empty cells in one
        direction before the cell it clobbers; None for no limit (Rooks, Queens).
    name : str
        The name in messages.

    Raises
    ------
    InvalidGameError
        An unknown direction set, or a cell character other than ``.``, ``x``, ``o``.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.games import Clobber, Kings, Rooks, Queens
    >>> str(Clobber.value("xo")), str(Clobber.value("xxo")), str(Clobber.value("xo|ox"))
    ('*', '^', '*')
    >>> Clobber.value("xox|ox.") is parse("{^^*|*,v}")
    True
    >>> str(Queens.value("xox|ox.")), Rooks.value("xox|ox.") is parse("{^^*|0,*}")
    ('^', True)
    >>> Clobber.describe_move("xo", ".x")
    'Left a1-b1'

    Notes
    -----
    With moves of one step onto stones only (Clobber, Kings, Knights, Hot Clobber), the
    groups of stones joined by steps never interact: a position is the sum of its groups
    (:meth:`components`), each cut to its bounding box, and a group is stored once for
    its 8 images under the symmetries of the square (:meth:`canonical`) and, when the
    players' rules mirror each other, once for itself and its colour swap (its
    negative); a group in which nobody can move is 0 and dropped. Rooks and Queens
    cross empty cells, and Anti-Clobber moves onto them, so their boards are searched
    whole. A fresh Clobber stores 2,376 values for the 3 x 4 checkerboard
    ``xoxo|oxox|xoxo`` (the plain recursion: 35,772) and 45,643 for the 4 x 4 one.

    References
    ----------
    M. H. Albert, J. P. Grossman, R. J. Nowakowski, D. Wolfe, "An introduction to
    Clobber", INTEGERS 5 (2005) #A01. CGSuite, ``game.grid.GenClobber``.
    """

    directions: str = "orthogonal"
    clobbered: tuple[str, str] = (_RIGHT, _LEFT)
    left_behind: tuple[str, str] = (_EMPTY, _EMPTY)
    max_distance: int | None = 1
    name: str = field(default="gen-clobber", compare=False)
    picture_cells = STONES

    def __post_init__(self) -> None:
        if self.directions not in _DIRECTIONS:
            raise InvalidGameError(
                f"{self.name}: directions {self.directions!r} is not one of "
                f"{', '.join(map(repr, _DIRECTIONS))}"
            )
        for what, pair in (("clobbered", self.clobbered), ("left_behind", self.left_behind)):
            if len(pair) != 2 or not all(isinstance(s, str) and set(s) <= set(".xo") for s in pair):
                raise InvalidGameError(
                    f"{self.name}: {what} {pair!r} must be two strings of the cells . x o "
                    "(Left's, then Right's)"
                )
        if any(len(s) != 1 for s in self.left_behind):
            raise InvalidGameError(
                f"{self.name}: left_behind {self.left_behind!r} must name one cell for each player"
            )
        if self.max_distance is not None and (
            type(self.max_distance) is not int or self.max_distance < 1
        ):
            raise InvalidGameError(
                f"{self.name}: max_distance {self.max_distance!r} must be a positive int or None"
            )
        onto_empty = _EMPTY in "".join(self.clobbered)
        # A cell nobody may enter exists only where stones may move onto empty cells.
        object.__setattr__(self, "cells", ".xo#" if onto_empty else ".xo")

    @property
    def _separable(self) -> bool:
        # Groups of stones are independent when a stone moves one step onto a stone: no
        # move reaches across an empty cell, or fills one to join two groups.
        return self.max_distance == 1 and _EMPTY not in "".join(self.clobbered)

    # ----------------------------------------------------------------- the rules
    def _moves(self, board: Board, player: str) -> Iterator[Move]:
        ours = _LEFT if player == "Left" else _RIGHT
        side = 0 if player == "Left" else 1
        targets, behind = self.clobbered[side], self.left_behind[side]
        limit = self.max_distance
        height, width = len(board), len(board[0])
        for r, row in enumerate(board):
            for c, ch in enumerate(row):
                if ch != ours:
                    continue
                for dr, dc in _DIRECTIONS[self.directions]:
                    n, rr, cc = 1, r + dr, c + dc
                    while (
                        (limit is None or n < limit)
                        and 0 <= rr < height
                        and 0 <= cc < width
                        and board[rr][cc] == _EMPTY
                    ):
                        n, rr, cc = n + 1, rr + dr, cc + dc
                    if 0 <= rr < height and 0 <= cc < width and board[rr][cc] in targets:
                        rows = list(board)
                        rows[r] = rows[r][:c] + behind + rows[r][c + 1 :]
                        rows[rr] = rows[rr][:cc] + ours + rows[rr][cc + 1 :]
                        yield (r, c), (rr, cc), tuple(rows)

    def left_options(self, position: Board) -> list[Board]:
        """The boards after Left (x) moves a stone.

        Examples
        --------
        >>> from grundy.partizan.games import Clobber
        >>> Clobber.left_options(("xo", "o."))
        [('.o', 'x.'), ('.x', 'o.')]
        """
        return [after for _, _, after in self._moves(position, "Left")]

    def right_options(self, position: Board) -> list[Board]:
        """The boards after Right (o) moves a stone.

        Examples
        --------
        >>> from grundy.partizan.games import Clobber
        >>> Clobber.right_options(("xo", "o."))
        [('o.', 'o.'), ('oo', '..')]
        """
        return [after for _, _, after in self._moves(position, "Right")]

    def _regions(self, board: Board) -> list[Board]:
        if not self._separable:
            return [board]
        steps = _DIRECTIONS[self.directions]
        return [
            group
            for group in split(board, _LEFT + _RIGHT, steps, _EMPTY, smallest=2)
            if self._may_move("".join(group))
        ]

    def _may_move(self, stones: str) -> bool:
        """False when nobody can move in a group of stones joined by steps (value 0).

        In such a group a stone and a stone it may clobber are joined by a path, and
        where the path first leaves the stone's colour two neighbours make a move
        (clobbering only the enemy) or any two neighbours do (clobbering both); a group
        kept by this test (clobbering only one's own colour) is merely not dropped.
        """
        for ours, targets in ((_LEFT, self.clobbered[0]), (_RIGHT, self.clobbered[1])):
            if ours in stones and any(
                t in stones and (t != ours or stones.count(ours) > 1) for t in targets
            ):
                return True
        return False

    def _images(self, region: Board) -> Iterator[Board]:
        # Every direction set is kept by the symmetries of the square.
        return images(region, square=True)

    def _negative(self, region: Board) -> Board | None:
        # Swapping the colours swaps the players when their rules mirror each other.
        left, right = self.clobbered
        if set(right) != set(left.translate(_SWAP)) or (
            self.left_behind[1] != self.left_behind[0].translate(_SWAP)
        ):
            return None
        return tuple(row.translate(_SWAP) for row in region)

    # ----------------------------------------------------------------- notation
    def describe_move(self, before: Board, after: Board) -> str:
        """Name the stone moved and where to: ``Left a1-b1``.

        Examples
        --------
        >>> from grundy.partizan.games import Clobber
        >>> Clobber.describe_move("xo|o.", "o.|o.")
        'Right b1-a1'
        """
        before, after, _ = self._one_move(before, after)
        for player in ("Left", "Right"):
            for start, end, board in self._moves(before, player):
                if board == after:
                    return f"{player} {cell_name(*start)}-{cell_name(*end)}"
        raise self._not_a_move(before, after)

    def parse_move(self, position: Board, text: str) -> Board | None:
        """Read a move as the stone's cell and the cell it moves to: ``a1-b1`` (or
        ``a1 b1``); the stone's colour says whose move it is. A leading ``Left`` or
        ``Right`` is allowed.

        Returns None for text that names no cells (a whole board, say).

        Raises
        ------
        InvalidPositionError
            No stone on the first cell, or a move the rules do not allow.

        Examples
        --------
        >>> from grundy.partizan.games import Clobber
        >>> Clobber.parse_move(("xo",), "b1-a1")
        ('o.',)
        """
        position = self.check_position(position)
        words = text.replace("-", " ").lower().split()
        said = words.pop(0) if words and words[0] in ("left", "right") else None
        if len(words) != 2 or not all(w[:1].isalpha() and w[1:].isdigit() for w in words):
            return None
        start, end = (read_cell(w, position, repr(self)) for w in words)
        stone = position[start[0]][start[1]]
        if stone not in (_LEFT, _RIGHT):
            raise InvalidPositionError(f"{self!r}: there is no stone on {cell_name(*start)}")
        owner = "left" if stone == _LEFT else "right"
        if said is not None and said != owner:
            raise InvalidPositionError(
                f"{self!r}: the stone on {cell_name(*start)} is {owner.title()}'s, not "
                f"{said.title()}'s"
            )
        player = "Left" if stone == _LEFT else "Right"
        for s, e, board in self._moves(position, player):
            if (s, e) == (start, end):
                return board
        raise InvalidPositionError(
            f"{self!r}: the stone on {cell_name(*start)} cannot move to {cell_name(*end)} "
            f"in {board_text(position)!r}"
        )

    def move_notation(self) -> str:
        """How a person names a move (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import Clobber
        >>> Clobber.move_notation()
        'a stone and where it goes: a1-b1 (x is Left, o is Right)'
        """
        return "a stone and where it goes: a1-b1 (x is Left, o is Right)"


Clobber = GenClobber(name="clobber")
"""Clobber: a stone moves onto an orthogonally adjacent enemy stone, which is removed."""

AntiClobber = GenClobber(
    clobbered=(_EMPTY, _EMPTY), left_behind=(_RIGHT, _LEFT), name="anti-clobber"
)
"""Anti-Clobber: a stone moves onto an adjacent empty cell and leaves an enemy stone
behind (a Clobber move played backwards)."""

HotClobber = GenClobber(clobbered=(_LEFT + _RIGHT, _LEFT + _RIGHT), name="hot-clobber")
"""Hot Clobber: Clobber where a stone may also clobber its own colour."""

Kings = GenClobber(directions="compass", name="kings")
"""Kings: Clobber with moves of a chess king (diagonal steps too)."""

Knights = GenClobber(directions="knight", name="knights")
"""Knights: Clobber with moves of a chess knight (jumping)."""

Rooks = GenClobber(max_distance=None, name="rooks")
"""Rooks: Clobber where a stone slides over empty cells, like a rook, to clobber."""

Queens = GenClobber(directions="compass", max_distance=None, name="queens")
"""Queens: Rooks with diagonal moves too."""
