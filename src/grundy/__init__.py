"""grundy: exact, fast analysis of impartial combinatorial games.

Examples
--------
>>> import grundy as gr
>>> from grundy.games import Nim
>>> Nim().grundy((3, 4, 5)), gr.nim_mul(3141, 5926)
(2, 14994)
"""

from .core.errors import (
    CheckpointError,
    DatabaseError,
    DivisionByZeroError,
    EngineError,
    GrundyError,
    InvalidCodeError,
    InvalidGameError,
    InvalidPositionError,
    LoopError,
    MoveGenerationError,
    NimberError,
    NimberZeroDivisionError,
    PictureLimitError,
    PositionLimitError,
    ServerBusyError,
    SurveyError,
    TimeBudgetError,
    UnknownGameError,
)
from .core.move import Move
from .core.outcome import Outcome
from .core.periodicity import Periodicity
from .core.protocol import Game
from .core.solver import DEFAULT_MAX_POSITIONS, SolverStats, mex
from .core.sums import Sum
from .impartial.game import ImpartialGame, game_from_moves
from .impartial.sum_game import SumGame
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

__version__ = "0.1.0"

__all__ = [
    "CheckpointError",
    "DatabaseError",
    "DivisionByZeroError",
    "EngineError",
    "GrundyError",
    "InvalidCodeError",
    "InvalidGameError",
    "InvalidPositionError",
    "LoopError",
    "MoveGenerationError",
    "NimberError",
    "NimberZeroDivisionError",
    "PictureLimitError",
    "PositionLimitError",
    "ServerBusyError",
    "SurveyError",
    "TimeBudgetError",
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
