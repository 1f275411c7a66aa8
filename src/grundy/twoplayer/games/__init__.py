"""The catalog of two-player games: tic-tac-toe, connect four, give and take.

They are re-exported by :mod:`grundy.games` with the impartial ones.
"""

from .connect_four import ConnectFour
from .give_and_take import GiveAndTake
from .tictactoe import TicTacToe

__all__ = ["TicTacToe", "ConnectFour", "GiveAndTake"]
