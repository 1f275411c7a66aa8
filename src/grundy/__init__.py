"""grundy: exact, fast analysis of impartial combinatorial games.

Examples
--------
>>> import grundy as gr
>>> from grundy.games import Nim
>>> Nim().grundy((3, 4, 5)), gr.nim_mul(3141, 5926)
(2, 14994)
"""

from .errors import (
    GrundyError,
    InvalidGameError,
    InvalidPositionError,
    LoopError,
    MoveGenerationError,
    NimberError,
    NimberZeroDivisionError,
    PositionLimitError,
    UnknownGameError,
)
from .impartial import ImpartialGame, game_from_moves
from .move import Move
from .nimbers import (
    Nimber,
    nim_div,
    nim_inv,
    nim_mul,
    nim_mul_array,
    nim_pow,
    nim_sqrt,
    nim_sum,
)
from .outcome import Outcome
from .periodicity import Periodicity
from .protocol import Game
from .solver import DEFAULT_MAX_POSITIONS, SolverStats, mex
from .sum_game import SumGame
from .sums import Sum

__version__ = "0.1.0"

__all__ = [
    "GrundyError",
    "InvalidGameError",
    "InvalidPositionError",
    "LoopError",
    "MoveGenerationError",
    "NimberError",
    "NimberZeroDivisionError",
    "PositionLimitError",
    "UnknownGameError",
    "DEFAULT_MAX_POSITIONS",
    "Game",
    "ImpartialGame",
    "Move",
    "Outcome",
    "Periodicity",
    "SolverStats",
    "Sum",
    "SumGame",
    "game_from_moves",
    "mex",
    "Nimber",
    "nim_div",
    "nim_inv",
    "nim_mul",
    "nim_mul_array",
    "nim_pow",
    "nim_sqrt",
    "nim_sum",
]
