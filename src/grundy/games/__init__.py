"""The catalog of games: each a family with its rules, closed form and winning moves."""

from .heap_game import HeapGame, parse_heap
from .nim import Nim
from .subtraction import Bash, SubtractionGame, parse_subtraction_set
from .sum_game import SumGame

__all__ = ["HeapGame", "parse_heap", "Nim", "Bash", "SubtractionGame", "parse_subtraction_set",
           "SumGame"]
