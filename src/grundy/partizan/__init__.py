"""Partizan games: Conway's canonical forms, numbers, switches, infinitesimals, and
temperature theory (stops, mean, temperature, cooling and heating, thermographs, reduced
canonical forms, atomic weights); the catalog of games is :mod:`grundy.partizan.games`.

Examples
--------
>>> from grundy.partizan import parse, game, number, up
>>> g = parse("{3||2*|1*}")
>>> str(g + g), (g - g) is number(0)
('{5*|4*}', True)
"""

from .canonical import STAR, UP, ZERO, CanonicalGame, cache_size, game, nimber, number, up
from .compounds import (
    CompoundGame,
    CompoundType,
    conjunctive_sum,
    conway_product,
    ordinal_product,
    ordinal_sum,
    selective_sum,
)
from .cooling import cool, heat, hottest, mean, orthodox_moves, overheat, temperature
from .explicit import ExplicitGame, ShortForm, canonical_form, explicit_game, impartial_form
from .expressions import evaluate
from .notation import format_game, parse, up_nth, up_sum
from .outcome_search import OutcomeSearch, OutcomeStats, outcome_of
from .protocol import ImpartialAsPartizan, PartizanGame, Player
from .rationals import RationalNumber, rational
from .reduced import (
    atomic_weight,
    is_all_small,
    is_atomic,
    is_infinitesimal,
    norton_product,
    reduced_canonical_form,
)
from .stops import left_stop, right_stop
from .thermographs import Thermograph, Trajectory, thermograph

__all__ = [
    "CanonicalGame",
    "game",
    "number",
    "nimber",
    "up",
    "ZERO",
    "STAR",
    "UP",
    "cache_size",
    "PartizanGame",
    "ImpartialAsPartizan",
    "Player",
    "parse",
    "format_game",
    "up_nth",
    "up_sum",
    "left_stop",
    "right_stop",
    "mean",
    "temperature",
    "cool",
    "heat",
    "overheat",
    "hottest",
    "orthodox_moves",
    "thermograph",
    "Thermograph",
    "Trajectory",
    "reduced_canonical_form",
    "atomic_weight",
    "is_atomic",
    "is_all_small",
    "is_infinitesimal",
    "norton_product",
    "ordinal_sum",
    "conjunctive_sum",
    "selective_sum",
    "ordinal_product",
    "conway_product",
    "CompoundGame",
    "CompoundType",
    "ExplicitGame",
    "ShortForm",
    "explicit_game",
    "impartial_form",
    "canonical_form",
    "RationalNumber",
    "rational",
    "evaluate",
    "OutcomeSearch",
    "OutcomeStats",
    "outcome_of",
]
