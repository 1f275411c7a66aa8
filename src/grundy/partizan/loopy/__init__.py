"""Loopy partizan games: games whose positions may repeat (Siegel's CGT, chapter VI).

After Siegel, *Combinatorial Game Theory*, chapter VI, and CGSuite.

A game form is a :class:`LoopyGame` (a graph: vertex 0, its followers, Left's and Right's
moves), read from CGSuite's text by :func:`loopy_game` or explored from a
:class:`~grundy.partizan.PartizanGame` by :func:`game_graph`. Its value is a
:class:`Stopper` in simplest form when no play alternates forever, else a
:class:`SidedValue`, its onside and offside (``A & B``): :func:`parse_loopy`,
:func:`loopy_value`, :func:`game_value`. Outcomes with draws: :func:`loopy_outcome`.
A ruleset whose positions repeat subclasses :class:`LoopyPartizanGame` (its ``value`` is
the loopy value, its ``outcome`` has draws): Fox and Geese, Backsliding Toads and Frogs.
Uptimal powers with loopy exponents: :func:`power`, :func:`pow_to`, :func:`subordinate`.

Examples
--------
>>> from grundy.partizan.loopy import parse_loopy, Stopper
>>> g = parse_loopy("{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}")
>>> g.follower_count, str(g.degree()) == str(g), g.is_stable()
(17, True, True)
>>> str(Stopper("{-1/4+*|pass}")), str(Stopper("{0||0|under}")), str(parse_loopy("over - over"))
('-1/4v[on]', 'Tiny(over)', 'over & under')
"""

from .errors import (
    LoopyValueError,
    NotIdempotentError,
    NotStableError,
    NotStopperError,
    NotStopperSidedError,
    SubordinateError,
)
from .graph import LoopyGame
from .outcome import LoopyOutcome, loopy_outcome
from .positions import game_graph, game_outcome, game_value, indexed_graph
from .powers import pow_to, power, subordinate
from .reading import loopy_game
from .ruleset import LoopyPartizanGame
from .sided import SidedValue, loopy_value, sided
from .stopper import Stopper
from .values import degree, is_stopper, offside, onside, parse_loopy

__all__ = [
    "LoopyGame",
    "loopy_game",
    "game_graph",
    "indexed_graph",
    "LoopyPartizanGame",
    "Stopper",
    "SidedValue",
    "parse_loopy",
    "loopy_value",
    "game_value",
    "sided",
    "onside",
    "offside",
    "is_stopper",
    "degree",
    "LoopyOutcome",
    "loopy_outcome",
    "game_outcome",
    "power",
    "pow_to",
    "subordinate",
    "LoopyValueError",
    "NotStopperError",
    "NotStopperSidedError",
    "NotIdempotentError",
    "NotStableError",
    "SubordinateError",
]
