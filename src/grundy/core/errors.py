"""Errors raised by grundy: one base class, one subclass per kind of problem."""

from __future__ import annotations

__all__ = [
    "GrundyError",
    "InvalidPositionError",
    "InvalidGameError",
    "UnknownGameError",
    "NimberError",
    "NimberZeroDivisionError",
    "LoopError",
    "PositionLimitError",
    "PictureLimitError",
    "MoveGenerationError",
    "DatabaseError",
    "CheckpointError",
    "InvalidCodeError",
    "EngineError",
    "SurveyError",
    "TimeBudgetError",
    "ServerBusyError",
    "DivisionByZeroError",
]


class GrundyError(Exception):
    """Base class of every error grundy raises on purpose.

    Each subclass also derives from the builtin exception a caller would catch
    (``ValueError``, ``LookupError``...), so ``except ValueError`` keeps working.
    """


class InvalidPositionError(GrundyError, ValueError):
    """A position the game does not accept (negative heap, wrong type...)."""


class InvalidGameError(GrundyError, ValueError):
    """Malformed rules: an empty subtraction set, a bad parameter, a bad game spec."""


class UnknownGameError(GrundyError, LookupError):
    """A game name the registry does not know."""

    def __str__(self) -> str:  # LookupError would quote the message like a dict key
        return str(self.args[0]) if self.args else ""


class NimberError(GrundyError, ValueError):
    """An operand that is not a nimber (negative, or not an integer)."""


class NimberZeroDivisionError(GrundyError, ZeroDivisionError):
    """Division by the nimber 0."""


class LoopError(GrundyError, RuntimeError):
    """The acyclic solver met a cycle; ``cycle`` holds the positions on it."""

    def __init__(self, message: str, cycle: tuple = ()) -> None:
        super().__init__(message)
        self.cycle = cycle


class PositionLimitError(GrundyError, RuntimeError):
    """A search needed more positions than its ``max_positions`` limit."""


class PictureLimitError(GrundyError, ValueError):
    """A picture would need more shapes (or cells) than its limit: too big to draw."""


class MoveGenerationError(GrundyError, RuntimeError):
    """A game's ``moves`` raised, or returned something that is not a list of positions."""


class DatabaseError(GrundyError, ValueError):
    """A solved-game file that is truncated, damaged, or made for another game."""


class CheckpointError(GrundyError, OSError):
    """A checkpoint file of heap values cannot be read, or belongs to another code."""


class InvalidCodeError(InvalidGameError):
    """A take-and-break code is malformed; the message names the bad character."""


class EngineError(GrundyError, RuntimeError):
    """An engine cannot start, or a task failed in a way no retry mends."""


class SurveyError(GrundyError, ValueError):
    """A family of games that cannot be read, or a results file from another survey."""


class TimeBudgetError(GrundyError, TimeoutError):
    """A computation ran past its time budget (the web server's limit per request)."""


class ServerBusyError(GrundyError, RuntimeError):
    """Every compute worker stayed busy for longer than a request may wait."""


class DivisionByZeroError(GrundyError, ZeroDivisionError):
    """A number divided by 0 (CGSuite's 1/0, infinity, is not a number here)."""
