"""Find the pattern (找规律): conjecture, check and prove closed forms for SG values.

``find_patterns(game)`` computes the values of a family of positions (a heap of n, two
heaps (a, b), ...), finds the formulas that fit them, checks each against the rules
(the mex check) and names a theorem when one proves it; ``with_formula`` answers any
position through a pattern found.
"""

from .formula_game import PatternGame, with_formula
from .parameter import ParameterRule, find_parameter_rule
from .pattern import Pattern, PatternReport, Region, Status
from .search import find_patterns

__all__ = [
    "ParameterRule",
    "Pattern",
    "PatternGame",
    "PatternReport",
    "Region",
    "Status",
    "find_parameter_rule",
    "find_patterns",
    "with_formula",
]
