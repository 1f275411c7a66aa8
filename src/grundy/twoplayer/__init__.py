"""Two-player games: minimax payoffs, win/loss/tie/draw with remoteness, solved databases.

Examples
--------
>>> from grundy.games import TicTacToe
>>> from grundy.twoplayer import solve
>>> solution = solve(TicTacToe())
>>> solution.value(TicTacToe().start()), solution.remoteness(TicTacToe().start())
(Value.TIE, 9)
"""

from .database import load, save
from .game import Encoding, TwoPlayerGame, Value
from .minimax import minimax, minimax_moves
from .solution import Solution
from .solve import check_encoding, solve
from .tiers import load_tiers, solve_tiers

__all__ = [
    "Value",
    "TwoPlayerGame",
    "Encoding",
    "Solution",
    "solve",
    "check_encoding",
    "save",
    "load",
    "minimax",
    "minimax_moves",
    "solve_tiers",
    "load_tiers",
]
