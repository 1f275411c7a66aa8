"""Cram: place a domino on two adjacent empty cells, either way; the last to place one wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidPositionError
from ..core.key_memo import KeyMemo
from ..core.outcome import Outcome
from ..core.sums import Sum
from ..display.boards import SQUARES, grid_picture
from ..display.picture import Picture
from ..impartial.explain import mex_reason, xor_line
from ..impartial.game import ImpartialGame
from .cram_board import (
    BLOCKED,
    EMPTY,
    Board,
    board_images,
    crop,
    dominoes,
    empty_mask,
    half_turn_verdict,
    split_regions,
)
from .octal import DawsonsKayles

__all__ = ["Cram", "search_estimate"]

#: Region keys remembered per game (by board size and region mask), then forgotten at
#: once: a 5 x 5 search meets about 10^5 of them, and each costs a few microseconds.

# Measured (benchmarks/cram.py, tests): the regions a search of an R x C rectangle values
# grow by a factor per empty cell that depends on the short side: about 1.35 for 2 x n
# (73,560 regions for 2 x 19), 1.52 for 3 x n (9,652 for 3 x 8), 1.62 for 4 x n (2,284 for
# 4 x 5, 109,700 for 4 x 7), 1.85 for 5 x n (16,437 for 5 x 5, 356,218 for 5 x 6). The
# estimate a * g^cells, by short side: (g, a) rounded up so that it lies above every
# measured rectangle (2 to 6 times), as fractions (numerator and denominator of each).
_GROWTH = {2: (7, 5, 1, 1), 3: (31, 20, 1, 2), 4: (33, 20, 1, 5), 5: (19, 10, 1, 100)}


def search_estimate(cells: int, short_side: int = 5) -> int:
    """About how many regions a search of a region of `cells` empty cells values, the
    short side of its bounding box being `short_side` (5 or more: the steepest growth).

    An estimate fitted to rectangles up to 5 x 6 (see ``benchmarks/cram.py``), rounded
    up: ``Cram.search_size`` refuses a search whose estimate passes ``max_positions``, at
    once, instead of running for an hour before the limit stops it.

    Examples
    --------
    >>> from grundy.games.cram import search_estimate
    >>> search_estimate(25), search_estimate(38, short_side=2)   # 5 x 5 (16,437); 2 x 19
    (93077, 357163)
    """
    g_top, g_bottom, a_top, a_bottom = _GROWTH[min(max(short_side, 2), 5)]
    return -(-(a_top * g_top**cells) // (a_bottom * g_bottom**cells))  # rounded up


@dataclass(frozen=True)
class Cram(ImpartialGame[Board]):
    """Cram: place a domino on two adjacent empty cells, across or down; whoever cannot
    place one loses.

    A position is a board of ``.`` (empty) and ``#`` (blocked, or covered by a domino),
    written as in CGSuite, rows top first separated by ``|`` (``"..#|..."``), or ``RxC``
    for the empty board of R rows and C columns; cells are named ``a1`` (column letter,
    row number from the top) as in :mod:`grundy.partizan.games.grid`. This is the
    impartial game; :class:`grundy.partizan.games.Cram` is the same game valued as a
    partizan one (its values are the nimbers of these SG values).

    Examples
    --------
    >>> from grundy.games import Cram
    >>> game = Cram()
    >>> game.grundy("3x3"), game.grundy("1x10"), game.grundy("4x5")
    (0, 3, 2)
    >>> game.outcome("4x7"), game.grundy("4x6")   # by the mirror theorems, no search
    (Outcome.N, 0)
    >>> game.winning_moves("2x3")
    [('#..', '#..'), ('.#.', '.#.'), ('..#', '..#')]

    Notes
    -----
    Regions of empty cells that touch at no edge never interact: a board's value is the
    XOR of its regions' values (:meth:`components`; a lone cell is worth 0). Each region
    is cut to its bounding box and stored once for its 8 images under the symmetries of
    the square (:meth:`canonical`). A region's options are valued without being built
    (:meth:`option_values`: the dominoes are bit masks, the regions they leave grow by
    shifts). Closed forms (:meth:`formula`): a 1 x n strip is Dawson's Kayles (octal
    0.07) with a heap of n, read from the kernels of :mod:`grundy.heaps`; a board equal
    to its half turn with no empty cell at the centre is 0 by the mirror strategy (see
    :func:`~grundy.games.cram_board.half_turn_verdict`), so every even x even rectangle
    is 0. An even x odd rectangle is a first-player win (take the two central cells, then
    mirror): :meth:`outcome` says so at once, but its SG value needs the search. A fresh
    game values 4 x 5 through about 500 regions and 5 x 5 through about 2,500
    (``benchmarks/cram.py`` compares a plain memoised search).

    References
    ----------
    E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical Plays,
    vol. 3 (2003), "Cram". M. Gardner, Scientific American 230 (Feb. 1974), 106-108 (the
    symmetry strategies). J. Lemoine, S. Viennot, "Nimbers are inevitable", Theoretical
    Computer Science 462 (2012), arXiv:1011.5841 (values of larger boards).
    """

    # ----------------------------------------------------------------- the rules
    def moves(self, position: Board) -> list[Board]:
        """The boards after each domino, vertical ones first, each row left to right.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().moves(("..", "#."))
        [('.#', '##'), ('##', '#.')]
        """
        height, width = len(position), len(position[0])
        mask = empty_mask(position)
        found = []
        for domino in dominoes(height, width):
            if mask & domino == domino:
                rows = list(position)
                for cell in _cells(domino):
                    r, c = divmod(cell, width)
                    rows[r] = rows[r][:c] + BLOCKED + rows[r][c + 1 :]
                found.append(tuple(rows))
        return found

    def option_values(self, position: Board, values: Mapping[Any, int]) -> set[int]:
        """The values of the options, each the XOR of the regions a domino leaves.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> game = Cram()
        >>> sorted(game.option_values(("....",), {(".", "."): 1}))  # leave 2 cells, or 2 lone
        [0, 1]
        """
        height, width = len(position), len(position[0])
        mask = empty_mask(position)
        keys = self._region_keys()
        found = set()
        for domino in dominoes(height, width):
            if mask & domino == domino:
                value = 0
                for region in split_regions(mask ^ domino, height, width):
                    if region & (region - 1):  # a lone cell takes no domino: 0
                        key = keys.get((height, width, region))
                        if key is None:
                            key = _region_key(keys, height, width, region)
                        value ^= values[key]
                found.add(value)
        return found

    def components(self, position: Board) -> list[Board] | None:
        """The keys of the regions of two or more empty cells; None for one region that
        is its own key (the XOR of the regions' values is the board's).

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().components(("..#.", "#.#."))
        [('#.', '..'), ('.', '.')]
        """
        keys = self._region_keys()
        if keys.is_key(position):
            return None  # a region already in its key form
        height, width = len(position), len(position[0])
        parts = []
        for region in split_regions(empty_mask(position), height, width):
            if region & (region - 1):
                key = keys.get((height, width, region))
                parts.append(key if key is not None else _region_key(keys, height, width, region))
        return None if len(parts) == 1 and parts[0] == position else parts

    def canonical(self, position: Board) -> Board:
        """The least image, under the 8 symmetries, of the board cut to its empty cells.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().canonical(("##.", "#..", "###"))
        ('#.', '..')
        """
        key = self._region_keys().get(position)
        if key is not None:
            return key  # type: ignore[no-any-return]
        mask = empty_mask(position)
        if not mask:
            return (BLOCKED,)
        return min(board_images(crop(mask, len(position), len(position[0]))))

    def formula(self, position: Board) -> int | None:
        """A strip's value from Dawson's Kayles; 0 for a board the mirror strategy wins
        for the second player; None otherwise.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> game = Cram()
        >>> game.formula(("..#....",)), game.formula(("....", "....")), game.formula(("...",) * 2)
        (3, 0, None)
        """
        if len(position) == 1 or len(position[0]) == 1:  # 1 x n strips: 0.07 heaps
            line = "".join(position)
            value = 0
            for run in line.split(BLOCKED):
                value ^= DawsonsKayles.grundy(len(run))
            return value
        if half_turn_verdict(position) == "P":
            return 0
        return None

    def outcome(self, position: Board | Sum, *, misere: bool = False) -> Outcome:
        """N or P; in normal play, a board the central domino and the mirror strategy win
        for the first player (an even x odd rectangle) is N at once, without a search.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().outcome("6x7"), Cram().outcome("3x3")
        (Outcome.N, Outcome.P)
        """
        board = self.check_position(position)
        if not misere and not isinstance(board, Sum) and half_turn_verdict(board) == "N":
            return Outcome.N
        return super().outcome(position, misere=misere)

    def parts(self, position: Board | Sum) -> Sequence[Board | Sum] | None:
        """The boards of a :class:`~grundy.Sum`; None for one board, so that winning moves
        are whole boards (the solver still splits a board into its regions).

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().parts(("..#..",)) is None, len(Cram().parts(gr.Sum(("..",), ("...",))))
        (True, 2)
        """
        return position.parts if isinstance(position, Sum) else None

    def search_size(self, position: Board) -> int | None:
        """An estimate of the regions a search meets: :func:`search_estimate` of the
        region the closed forms do not value that needs the most.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().search_size(("...", "...")), Cram().search_size(("......",) * 5)
        (8, 2304667)
        >>> Cram().search_size(("......",) * 6) is None   # 0 by the mirror strategy
        True
        """
        height, width = len(position), len(position[0])
        worst = 0
        for region in split_regions(empty_mask(position), height, width):
            board = crop(region, height, width)
            if region & (region - 1) and self.formula(board) is None:
                short = min(len(board), len(board[0]))
                worst = max(worst, search_estimate(region.bit_count(), short))
        return worst or None

    def search_refusal(self, position: Board, size: int, limit: int) -> str:
        """Why a board is refused: its largest region and the estimate.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().search_refusal(("...", "..."), 5000, 100)  # doctest: +ELLIPSIS
        'Cram(): no closed form values ...|...; ... about 5,000 regions, more than ... = 100'
        """
        return (
            f"{self!r}: no closed form values {_text(position)}; a search would value about "
            f"{size:,} regions, more than max_positions = {limit:,}"
        )

    # ----------------------------------------------------------------- notation
    def check_position(self, position: object) -> Board | Sum:
        """Read a board (``"..#|..."``, ``"3x4"``, or its rows) and check it.

        Raises
        ------
        InvalidPositionError
            No board, a ragged or empty row, a cell other than ``.`` and ``#``, more than
            26 rows or columns.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().check_position("2x3"), Cram().check_position(["..", ".#"])
        (('...', '...'), ('..', '.#'))
        >>> Cram().check_position("..|.o")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: Cram(): cell b2 of '..|.o' is 'o'; cells are ...
        """
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        from ..partizan.games.grid import read_board

        return read_board(position, EMPTY + BLOCKED, what=repr(self), rectangle=True)

    def parse_position(self, tokens: Sequence[str]) -> Board | Sum:
        """Read a board from words: ``..#|...``, one row a word (``..# ...``), or ``RxC``.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().parse_position(["..#", "..."])
        ('..#', '...')
        """
        return self.check_position(" ".join(tokens))

    def format_position(self, position: Board | Sum) -> str:
        """The rows joined by ``|`` (what :meth:`parse_position` reads).

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().format_position(("..#", "..."))
        '..#|...'
        """
        if isinstance(position, Sum):
            return super().format_position(position)
        return _text(position)

    def position_at(self, *indices: int) -> Board | Sum:
        """The empty ``a x b`` board for two indices, the ``1 x n`` strip for one.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().position_at(2, 3), Cram().position_at(4)
        (('...', '...'), ('....',))
        """
        if len(indices) == 1:
            indices = (1, indices[0])
        if len(indices) != 2:
            raise InvalidPositionError(f"{self!r}: a board has two sides, got {indices!r}")
        return self.check_position(f"{indices[0]}x{indices[1]}")

    def draw(self, position: Board | Sum) -> str:
        """The board with its columns lettered and its rows numbered.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> print(Cram().draw("..|#."))
          a b
        1 . .
        2 # .
        """
        from ..partizan.games.grid import draw_board

        board = self.check_position(position)
        return draw_board(board) if not isinstance(board, Sum) else self.format_position(board)

    def picture(self, position: Board | Sum) -> Picture:
        """Draw the board: free squares light, covered ones (``#``) dark, columns lettered
        and rows numbered as moves name cells; a ``Sum`` as its boards side by side.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().picture("..|#.").svg.count(">taken</title>")
        1
        """
        board = self.check_position(position)
        if isinstance(board, Sum):
            return super().picture(board)
        title = self.picture_title(board)
        return grid_picture(board, SQUARES, title=title, text=self.draw(board))

    def describe_move(self, before: Board | Sum, after: Board | Sum) -> str:
        """Name the domino placed, its two cells: ``a1-b1``.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().describe_move("...", "##.")
        'a1-b1'
        """
        from ..partizan.games.grid import cell_name

        before, after = self.check_position(before), self.check_position(after)
        if isinstance(before, Sum) or isinstance(after, Sum) or after not in self.moves(before):
            return super().describe_move(before, after)
        width = len(before[0])
        cells = _cells(empty_mask(before) ^ empty_mask(after))
        return "-".join(cell_name(*divmod(cell, width)) for cell in cells)

    def parse_move(self, position: Board | Sum, text: str) -> Board | None:
        """Read a domino as its two cells, ``a1-a2`` or ``a1 b1``; None for other text.

        Raises
        ------
        InvalidPositionError
            Cells that are not neighbours, or not both empty.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().parse_move(("...",), "b1-c1")
        ('.##',)
        """
        from ..partizan.games.grid import cell_name, read_cell

        board = self.check_position(position)
        words = text.replace("-", " ").lower().split()
        if isinstance(board, Sum) or len(words) != 2:
            return None
        if not all(w[:1].isalpha() and w[1:].isdigit() for w in words):
            return None
        (r1, c1), (r2, c2) = sorted(read_cell(w, board, repr(self)) for w in words)
        names = f"{cell_name(r1, c1)}-{cell_name(r2, c2)}"
        if (r2 - r1, c2 - c1) not in ((1, 0), (0, 1)):
            raise InvalidPositionError(f"{self!r}: {names} are not neighbours")
        if board[r1][c1] != EMPTY or board[r2][c2] != EMPTY:
            raise InvalidPositionError(f"{self!r}: {names} is not on two empty cells")
        rows = list(board)
        for r, c in ((r1, c1), (r2, c2)):
            rows[r] = rows[r][:c] + BLOCKED + rows[r][c + 1 :]
        return tuple(rows)

    def move_notation(self) -> str:
        """How a person names a domino (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().move_notation()
        'a domino as its two cells: a1-a2 or a1-b1'
        """
        return "a domino as its two cells: a1-a2 or a1-b1"

    # ----------------------------------------------------------------- explain
    def explain_part(self, position: Board) -> str:
        """The reason of a board's value: its regions' XOR, a strip's heap of Dawson's
        Kayles, the mirror strategy, or the mex of its options.

        Examples
        --------
        >>> from grundy.games import Cram
        >>> Cram().explain_part(("....",))
        "a strip of 4 cells is a heap of 4 in Dawson's Kayles (0.07): value = 2"
        >>> Cram().explain_part(("..#..",))
        "XOR of the regions' values: 1 ⊕ 1 = 0"
        """
        parts = self.components(position)
        if parts is not None and len(parts) != 1:
            return xor_line("the regions' values", [self.grundy(p) for p in parts], "regions")
        region = parts[0] if parts else position
        if len(region) == 1 or len(region[0]) == 1:
            cells = len(region) * len(region[0])
            return (
                f"a strip of {cells} cells is a heap of {cells} in Dawson's Kayles (0.07): "
                f"value = {self.grundy(region)}"
            )
        if half_turn_verdict(region) == "P":
            return (
                "the board is its own half turn and no domino crosses the centre: the "
                "second player copies every move, value = 0"
            )
        return mex_reason(self, position)

    # ----------------------------------------------------------------- machinery
    def _region_keys(self) -> KeyMemo:
        """(height, width, region mask) -> the region's key, and each key -> itself."""
        return self.cache.setdefault("region_keys", KeyMemo())  # type: ignore[no-any-return]


def _region_key(keys: KeyMemo, height: int, width: int, region: int) -> Board:
    """The key of `region` (the least image of its cells cut out), remembered under its
    mask and under its cut-out board, which the same region elsewhere shares."""
    cropped = crop(region, height, width)
    return keys.key((height, width, region), lambda _: keys.key(cropped, _least_image))


def _least_image(board: Board) -> Board:
    return min(board_images(board))


def _cells(mask: int) -> list[int]:
    """The cell numbers of the bits of `mask`, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _text(board: Board) -> str:
    return "|".join(board)
