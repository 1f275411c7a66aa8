"""Konane (Hawaiian checkers): a stone jumps an enemy stone next to it into the empty
square beyond, and may go on jumping in the same straight line; jumped stones are removed."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from ...core.errors import InvalidPositionError
from ...display.boards import STONES
from .grid import (
    ORTHOGONAL,
    Board,
    GridGame,
    board_text,
    cell_name,
    images,
    read_cell,
    split,
)

__all__ = ["Konane", "reachable_squares"]

_EMPTY, _LEFT, _RIGHT, _OFF = ".", "x", "o", "#"
_SWAP = str.maketrans("xo", "ox")

#: A move: (the stone's square, where it lands, the board after).
Move = tuple[tuple[int, int], tuple[int, int], Board]


def reachable_squares(board: Board) -> set[tuple[int, int]]:
    """The squares that can ever hold a stone: for each colour, the squares its stones
    may reach by jumps over squares the other colour's stones may hold, each stone
    making no more jumps than the other colour has stones.

    Examples
    --------
    >>> from grundy.partizan.games.konane import reachable_squares
    >>> sorted(reachable_squares(("xo......",)))  # each colour one jump, at most
    [(0, 0), (0, 1), (0, 2), (0, 3)]

    Notes
    -----
    A stone of one colour moves only by jumping from p over p + d, which then holds a
    stone of the other colour, to p + 2d (a multiple jump is such jumps in a row), and
    each jump removes one of the other colour's stones, so a stone makes at most as many
    jumps as the other colour has stones. For each colour the least number of jumps to
    each square is found breadth first, jumping over the squares the other colour may
    reach, the two colours in turn until nothing changes: every square a stone ever
    occupies is in the result, and a jump's three squares are joined in it. Stones
    never leave the set, and a later position's set is inside it.
    """
    height, width = len(board), len(board[0])
    stones = {
        colour: {(r, c) for r, row in enumerate(board) for c, ch in enumerate(row) if ch == colour}
        for colour in (_LEFT, _RIGHT)
    }
    budget = {_LEFT: len(stones[_RIGHT]), _RIGHT: len(stones[_LEFT])}
    jumps = {colour: dict.fromkeys(stones[colour], 0) for colour in (_LEFT, _RIGHT)}
    changed = True
    while changed:  # each colour's reach grows with the other's: to a fixed point
        changed = False
        for colour, other in ((_LEFT, _RIGHT), (_RIGHT, _LEFT)):
            mine, theirs = jumps[colour], jumps[other]
            todo = deque(sorted(mine, key=mine.__getitem__))
            while todo:
                r, c = todo.popleft()
                k = mine[(r, c)] + 1
                if k > budget[colour]:
                    continue
                for dr, dc in ORTHOGONAL:
                    land = (r + 2 * dr, c + 2 * dc)
                    if (
                        (r + dr, c + dc) in theirs
                        and 0 <= land[0] < height
                        and 0 <= land[1] < width
                        and board[land[0]][land[1]] != _OFF
                        and mine.get(land, k + 1) > k
                    ):
                        mine[land] = k
                        todo.append(land)
                        changed = True
    return set(jumps[_LEFT]) | set(jumps[_RIGHT])


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class Konane(GridGame):
    """Konane: Left moves an ``x`` stone, Right an ``o`` stone, by jumping it over an
    orthogonally adjacent enemy stone into the empty square just beyond, removing the
    stone jumped; the same stone may go on jumping in the same direction, as far as its
    player likes. Whoever cannot jump loses.

    A position is a board of ``x``, ``o`` and ``.`` (empty), written ``"xo.|.ox"`` (rows
    separated by ``|``); ``#`` marks a square off the board. Swapping the stones'
    colours gives the negative game.

    Examples
    --------
    >>> from grundy.partizan.games import Konane
    >>> game = Konane()
    >>> [str(game.value(s)) for s in (".xo.", ".xox.", "xo.", "xo.ox.")]
    ['*', '-1', '1', '0']
    >>> game.left_options(("xo.o.",))      # a jump, and a double jump
    [('..xo.',), ('....x',)]
    >>> game.describe_move("xo.o.", "....x")
    'Left a1-e1 (jumps 2)'

    Notes
    -----
    Stones never leave the squares that can ever hold one (:func:`reachable_squares`),
    and a jump uses squares of one line of them, so a position is the sum of the
    connected groups of those squares (:meth:`components`), each cut to its bounding box
    (the other squares ``#``); a group whose stones are all of one colour is 0 and
    dropped. A group is stored once for its 8 images under the symmetries of the square,
    and once for itself and its colours swapped (its negative).

    References
    ----------
    M. D. Ernst, "Playing Konane mathematically: a combinatorial game-theoretic
    analysis", UMAP Journal 16 (1995) 95-121; A. Chan, A. Tsai, "1 x n Konane: a summary
    of results", in More Games of No Chance (2002) 331-339; C. P. dos Santos, J. N.
    Silva, "Konane has infinite nim-dimension", INTEGERS 8 (2008) #G02.
    """

    name = "konane"
    cells = _EMPTY + _LEFT + _RIGHT + _OFF
    picture_cells = STONES

    # ----------------------------------------------------------------- the rules
    def _moves(self, board: Board, player: str) -> Iterator[Move]:
        ours, theirs = (_LEFT, _RIGHT) if player == "Left" else (_RIGHT, _LEFT)
        height, width = len(board), len(board[0])
        for r, row in enumerate(board):
            for c, ch in enumerate(row):
                if ch != ours:
                    continue
                for dr, dc in ORTHOGONAL:
                    rows = [list(line) for line in board]
                    rows[r][c] = _EMPTY
                    over, land = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
                    while (
                        0 <= land[0] < height
                        and 0 <= land[1] < width
                        and board[over[0]][over[1]] == theirs
                        and board[land[0]][land[1]] == _EMPTY
                    ):
                        rows[over[0]][over[1]] = _EMPTY  # the stone jumped is removed
                        after = [line[:] for line in rows]
                        after[land[0]][land[1]] = ours
                        yield (r, c), land, tuple("".join(line) for line in after)
                        over = (land[0] + dr, land[1] + dc)
                        land = (land[0] + 2 * dr, land[1] + 2 * dc)

    def left_options(self, position: Board) -> list[Board]:
        """The boards after Left jumps an ``x`` (each jump of a multiple jump is a move).

        Examples
        --------
        >>> from grundy.partizan.games import Konane
        >>> Konane().left_options(("xo.",))
        [('..x',)]
        """
        return [after for _, _, after in self._moves(position, "Left")]

    def right_options(self, position: Board) -> list[Board]:
        """The boards after Right jumps an ``o``.

        Examples
        --------
        >>> from grundy.partizan.games import Konane
        >>> Konane().right_options(("xo.", ".x."))
        []
        """
        return [after for _, _, after in self._moves(position, "Right")]

    def _regions(self, board: Board) -> list[Board]:
        # Mark the squares that can never hold a stone and split the others into
        # connected groups; a group needs stones of both colours to have a move. A
        # group's stones jump only over its own, so its squares are found again with its
        # own stones' counts, and it may split further: until no group changes.
        out: list[Board] = []
        todo = [board]
        while todo:
            here = todo.pop()
            squares = reachable_squares(here)
            marked = tuple(
                "".join(ch if (r, c) in squares else _OFF for c, ch in enumerate(row))
                for r, row in enumerate(here)
            )
            for group in split(marked, _EMPTY + _LEFT + _RIGHT, ORTHOGONAL, _OFF, smallest=3):
                stones = "".join(group)
                if _LEFT in stones and _RIGHT in stones:
                    (out if group == here else todo).append(group)
        return out

    def _images(self, region: Board) -> Iterator[Board]:
        return images(region, square=True)  # jumps are the same in every orientation

    def _negative(self, region: Board) -> Board:
        return tuple(row.translate(_SWAP) for row in region)

    # ----------------------------------------------------------------- notation
    def describe_move(self, before: Board, after: Board) -> str:
        """Name the stone moved and where it lands: ``Left a1-c1`` (``(jumps 2)`` for a
        multiple jump).

        Examples
        --------
        >>> from grundy.partizan.games import Konane
        >>> Konane().describe_move(".xo", "o..")
        'Right c1-a1'
        """
        before, after, _ = self._one_move(before, after)
        for player in ("Left", "Right"):
            for start, end, board in self._moves(before, player):
                if board == after:
                    jumps = (abs(end[0] - start[0]) + abs(end[1] - start[1])) // 2
                    more = f" (jumps {jumps})" if jumps > 1 else ""
                    return f"{player} {cell_name(*start)}-{cell_name(*end)}{more}"
        raise self._not_a_move(before, after)

    def parse_move(self, position: Board, text: str) -> Board | None:
        """Read a move as the stone's square and where it lands: ``a1-c1`` (or ``a1
        c1``); the stone's colour says whose move it is, and a leading ``Left`` or
        ``Right`` is allowed.

        Returns None for text that names no squares (a whole board, say).

        Raises
        ------
        InvalidPositionError
            No stone on the first square, or a jump the rules do not allow.

        Examples
        --------
        >>> from grundy.partizan.games import Konane
        >>> Konane().parse_move(("xo.o.",), "a1-e1")
        ('....x',)
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
        player = "Left" if stone == _LEFT else "Right"
        if said is not None and said.title() != player:
            raise InvalidPositionError(
                f"{self!r}: the stone on {cell_name(*start)} is {player}'s, not {said.title()}'s"
            )
        for s, e, board in self._moves(position, player):
            if (s, e) == (start, end):
                return board
        raise InvalidPositionError(
            f"{self!r}: the stone on {cell_name(*start)} cannot jump to {cell_name(*end)} "
            f"in {board_text(position)!r}"
        )

    def move_notation(self) -> str:
        """How a person names a move (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import Konane
        >>> Konane().move_notation()
        'a stone and where it lands: a1-c1 (x is Left, o is Right)'
        """
        return "a stone and where it lands: a1-c1 (x is Left, o is Right)"
