"""A Cram board as bit masks: its empty cells, the dominoes, the regions, their symmetry keys.

A board is a tuple of equal rows of ``.`` (empty) and ``#`` (blocked or covered), top row
first, as :mod:`grundy.partizan.games.grid` writes it. Cell (r, c) of an H x W board is
bit ``r * W + c`` of its mask, so a domino is a mask of two bits, placing it is an XOR,
and the regions of empty cells grow by shifts (a few big-int operations a step, in C).

Examples
--------
>>> from grundy.games.cram_board import empty_mask, split_regions, region_key
>>> board = ("..#", "##.")
>>> [region_key(r, 2, 3) for r in split_regions(empty_mask(board), 2, 3)]
[('.', '.'), ('.',)]
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

__all__ = [
    "Board",
    "EMPTY",
    "BLOCKED",
    "empty_mask",
    "dominoes",
    "split_regions",
    "crop",
    "region_key",
    "board_images",
    "half_turn_verdict",
]

#: A board: its rows, top first, all of one length, of EMPTY and BLOCKED cells.
Board = tuple[str, ...]

EMPTY, BLOCKED = ".", "#"

# str.translate tables: a board's characters to the bits of its mask, and back.
_TO_BITS = str.maketrans({EMPTY: "1", BLOCKED: "0"})
_TO_CELLS = str.maketrans({"1": EMPTY, "0": BLOCKED})


def empty_mask(board: Board) -> int:
    """The bit mask of the empty cells: cell (r, c) is bit ``r * width + c``.

    Examples
    --------
    >>> from grundy.games.cram_board import empty_mask
    >>> bin(empty_mask((".#", "..")))
    '0b1101'
    """
    # The joined rows reversed put cell 0 last, the lowest bit: int() reads it in C.
    return int("".join(board)[::-1].translate(_TO_BITS), 2)


@functools.cache
def dominoes(height: int, width: int) -> tuple[int, ...]:
    """The masks of every domino on an empty `height` x `width` board: the vertical ones
    (row by row, left to right), then the horizontal ones.

    Examples
    --------
    >>> from grundy.games.cram_board import dominoes
    >>> [bin(d) for d in dominoes(2, 2)]
    ['0b101', '0b1010', '0b11', '0b1100']
    """
    vertical = [
        (1 << (r * width + c)) | (1 << ((r + 1) * width + c))
        for r in range(height - 1)
        for c in range(width)
    ]
    horizontal = [(3 << (r * width + c)) for r in range(height) for c in range(width - 1)]
    return tuple(vertical + horizontal)


@functools.cache
def _side_masks(height: int, width: int) -> tuple[int, int]:
    """The cells not in the last column, and those not in the first."""
    row = (1 << width) - 1
    every = sum(row << (r * width) for r in range(height))
    last = sum(1 << (r * width + width - 1) for r in range(height))
    first = sum(1 << (r * width) for r in range(height))
    return every & ~last, every & ~first


def split_regions(mask: int, height: int, width: int) -> list[int]:
    """The connected groups of the cells of `mask` (edge to edge), as masks, lowest first.

    Examples
    --------
    >>> from grundy.games.cram_board import split_regions
    >>> [bin(m) for m in split_regions(0b100011, 2, 3)]   # ('..#', '##.')
    ['0b11', '0b100000']
    """
    no_last, no_first = _side_masks(height, width)
    found = []
    left = mask
    while left:
        group = left & -left  # the lowest cell left, grown to its region
        while True:
            # A step sideways must not wrap to the next row; up and down are shifts by
            # the width, and "& left" drops the bits that fall off the board.
            grown = (
                group
                | ((group & no_last) << 1)
                | ((group & no_first) >> 1)
                | (group << width)
                | (group >> width)
            ) & left
            if grown == group:
                break
            group = grown
        found.append(group)
        left ^= group
    return found


def crop(mask: int, height: int, width: int) -> Board:
    """The cells of `mask` as a board cut to their bounding box, every other cell blocked.

    `mask` must hold at least one cell.

    Examples
    --------
    >>> from grundy.games.cram_board import crop
    >>> crop(0b110000, 2, 3)   # the two right cells of the bottom row
    ('..',)
    """
    row_bits = (1 << width) - 1
    top = ((mask & -mask).bit_length() - 1) // width
    bottom = (mask.bit_length() - 1) // width
    rows = [(mask >> (r * width)) & row_bits for r in range(top, bottom + 1)]
    columns = 0
    for bits in rows:
        columns |= bits
    first, last = (columns & -columns).bit_length() - 1, columns.bit_length() - 1
    span = last - first + 1
    return tuple(_row_text(bits >> first, span) for bits in rows)


@functools.lru_cache(maxsize=1 << 16)
def _row_text(bits: int, span: int) -> str:
    """The row of `span` cells whose empty ones are the bits of `bits` (bit 0 first)."""
    # format() writes the highest bit first: reversed, bit 0 comes first.
    return format(bits, f"0{span}b")[::-1].translate(_TO_CELLS)


def board_images(board: Board) -> Iterator[Board]:
    """The 8 images of `board` under the symmetries of the square (the 4 of a rectangle
    and their transposes): a domino placed either way stays a domino.

    Examples
    --------
    >>> from grundy.games.cram_board import board_images
    >>> sorted(set(board_images(("..", ".#"))))
    [('#.', '..'), ('.#', '..'), ('..', '#.'), ('..', '.#')]
    """
    for image in (board, tuple(map("".join, zip(*board, strict=True)))):
        mirrored = tuple(row[::-1] for row in image)
        yield image
        yield mirrored
        yield image[::-1]
        yield mirrored[::-1]


def region_key(mask: int, height: int, width: int) -> Board:
    """The key of the cells of `mask`: cropped, the least of its 8 images (the same board,
    turned or reflected, is the same game).

    Examples
    --------
    >>> from grundy.games.cram_board import region_key
    >>> region_key(0b011010, 2, 3)    # cells b1, a2, b2 of a 2 x 3 board
    ('#.', '..')
    """
    return min(board_images(crop(mask, height, width)))


def half_turn_verdict(board: Board) -> str | None:
    """What the mirror strategy through the centre says of `board`: ``"P"``, ``"N"`` or None.

    A board equal to its half turn is a P-position when no empty cell is its own image or
    a neighbour of its image: whatever domino the first player places, its image is empty
    and disjoint from it, so the second player places that, and makes the last move. The
    only cells that can be their image's neighbours are the two central ones of a board
    with one odd side; if both are empty the first player places that central domino and
    then mirrors, so the board is an N-position. The centre of an odd x odd board is its
    own image: empty, the strategy fails (None), blocked, the board is P. Every
    even x even rectangle is therefore P and every even x odd one N.

    Examples
    --------
    >>> from grundy.games.cram_board import half_turn_verdict
    >>> half_turn_verdict(("....", "....")), half_turn_verdict(("...", "..."))
    ('P', 'N')
    >>> half_turn_verdict(("...", ".#.", "...")), half_turn_verdict(("...",) * 3)
    ('P', None)
    """
    if tuple(row[::-1] for row in reversed(board)) != board:
        return None
    height, width = len(board), len(board[0])
    if height % 2 and width % 2:
        return "P" if board[height // 2][width // 2] == BLOCKED else None
    if height % 2:  # the middle row's two central cells, a horizontal domino
        row = board[height // 2]
        return "N" if row[width // 2 - 1] == row[width // 2] == EMPTY else "P"
    if width % 2:  # the middle column's two central cells, a vertical domino
        c = width // 2
        return "N" if board[height // 2 - 1][c] == board[height // 2][c] == EMPTY else "P"
    return "P"
