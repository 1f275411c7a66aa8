"""The errors of loopy partizan games, each an ``InvalidGameError`` (so a ``ValueError``).

Each is raised with a one-line message naming the game and the problem.
"""

from __future__ import annotations

from ...core.errors import InvalidGameError

__all__ = [
    "LoopyValueError",
    "NotStopperError",
    "NotStopperSidedError",
    "NotIdempotentError",
    "NotStableError",
    "SubordinateError",
]


class LoopyValueError(InvalidGameError):
    """A loopy game that the asked-for operation is not defined on.

    Examples
    --------
    >>> from grundy.partizan.loopy.errors import LoopyValueError, NotStopperError
    >>> issubclass(NotStopperError, LoopyValueError) and issubclass(NotStopperError, ValueError)
    True
    """


class NotStopperError(LoopyValueError):
    """A game with an infinite alternating line of play where a stopper is needed
    (CGSuite's "Not a stopper").

    Examples
    --------
    >>> from grundy.partizan.loopy import parse_loopy
    >>> parse_loopy("dud").onside          # dud = on & off is not a stopper
    Stopper('on')
    """


class NotStopperSidedError(LoopyValueError):
    """A game whose onside or offside is not equal to any stopper (a "carousel"): there
    is no canonical form to give.

    Examples
    --------
    >>> from grundy.partizan.loopy.errors import NotStopperSidedError
    >>> issubclass(NotStopperSidedError, ValueError)
    True
    """


class NotIdempotentError(LoopyValueError):
    """A variety asked for with a degree that is not idempotent (D + D != D): CGSuite's
    "Variety degree must be an idempotent."

    Examples
    --------
    >>> from grundy.partizan.loopy.errors import NotIdempotentError
    >>> issubclass(NotIdempotentError, ValueError)
    True
    """


class NotStableError(LoopyValueError):
    """The variety of a stopper whose upsum and downsum varieties differ: CGSuite's
    "That game is not stable."

    Examples
    --------
    >>> from grundy.partizan.loopy.errors import NotStableError
    >>> issubclass(NotStableError, ValueError)
    True
    """


class SubordinateError(LoopyValueError):
    """A game that cannot be subordinated to the base asked for (CGSuite's Subordinate).

    Examples
    --------
    >>> from grundy.partizan.loopy.errors import SubordinateError
    >>> issubclass(SubordinateError, ValueError)
    True
    """
