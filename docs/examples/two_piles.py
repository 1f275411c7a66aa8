"""Two-index games from contest problems, each written from its rules alone, as a
contestant writes it. ``grundy pattern docs/examples/two_piles.py:NAME --dims 2`` finds
the rule of each (docs/tutorial.md, chapter "Patterns in two dimensions").

A game whose moves shift the position by fixed offsets says so in ``pattern_offsets``:
then a rule periodic by region is proved by a finite check (the finite-window theorem).
"""

import grundy as gr


class ED(gr.ImpartialGame):
    """E&D (SDOI2009): two piles a, b >= 1; drop one pile and split the other into two
    non-empty piles. The editorial's rule: the trailing 1 bits of (a - 1) | (b - 1).

    Examples
    --------
    >>> [ED().grundy((a, 1)) for a in range(1, 9)]
    [0, 1, 0, 2, 0, 1, 0, 3]
    """

    def check_position(self, position):
        a, b = position
        if a < 1 or b < 1:
            raise gr.InvalidPositionError(f"E&D has piles of at least 1, not {position}")
        return position

    def moves(self, position):
        return [(i, pile - i) for pile in position for i in range(1, pile)]


class Steps(gr.ImpartialGame):
    """A piece in a quadrant that moves by the offsets STEPS and stays in it."""

    STEPS: tuple[tuple[int, int], ...] = ()

    def moves(self, position):
        a, b = position
        return [(a + i, b + j) for i, j in self.STEPS if a + i >= 0 and b + j >= 0]

    def pattern_offsets(self, dims):
        return self.STEPS


class King(Steps):
    """HDU 2147 (kiki's game): a coin steps left, down or diagonally down-left;
    (a, b) is its distance to the corner. P exactly when a and b are both even."""

    STEPS = ((-1, 0), (0, -1), (-1, -1))


class Knight(Steps):
    """HackerRank "A Chessboard Game": a knight moving (-2, ±1) or (±1, -2)."""

    STEPS = ((-2, 1), (-2, -1), (1, -2), (-1, -2))


class ChessPiece(Steps):
    """Codeforces 36D (New Game with a Chess Piece), k = 2: one step right or down, or
    k steps diagonally down-right (here toward the corner)."""

    STEPS = ((-1, 0), (0, -1), (-2, -2))


class LongKing(Steps):
    """CodeChef GRUNDY (Younger Brother): one or two squares along a row, a column or
    the diagonal, toward the corner."""

    STEPS = ((-1, 0), (-2, 0), (0, -1), (0, -2), (-1, -1), (-2, -2))


class ShortKnight(Steps):
    """CodeChef TGOC (CodeRush 2015): a knight moving (-1, -2) or (-2, -1) only."""

    STEPS = ((-1, -2), (-2, -1))


class PlainKing(gr.ImpartialGame):
    """The king as a new user first writes it, without ``pattern_offsets``: its rule is
    then verified, and the report names the offsets to declare for a proof."""

    def moves(self, position):
        a, b = position
        return [(x, y) for x, y in ((a - 1, b), (a, b - 1), (a - 1, b - 1)) if x >= 0 and y >= 0]
