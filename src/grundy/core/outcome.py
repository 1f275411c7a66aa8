"""Outcome classes: N (the player to move wins), P (the other player), D (a draw), and in
partizan games L and R (Left, or Right, wins whoever starts)."""

from __future__ import annotations

import enum

__all__ = ["Outcome"]


class Outcome(enum.Enum):
    """Outcome class of a position under optimal play.

    ``N``: the next player (the one to move) wins; ``P``: the previous player wins;
    ``D``: a draw, play goes on forever (only in loopy games); ``L`` and ``R``: Left
    (Right) wins whoever moves first (only in partizan games).

    Examples
    --------
    >>> gr.Outcome.N
    Outcome.N
    >>> gr.Outcome("P").describe()
    'second player wins'
    """

    N = "N"
    P = "P"
    D = "D"
    L = "L"
    R = "R"

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    def describe(self) -> str:
        """Return the outcome in words, as the CLI prints it.

        Examples
        --------
        >>> gr.Outcome.N.describe()
        'first player wins'
        """
        return {
            "N": "first player wins",
            "P": "second player wins",
            "D": "draw",
            "L": "Left wins",
            "R": "Right wins",
        }[self.value]
