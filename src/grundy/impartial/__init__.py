"""Impartial games: the rules a game defines, and what every game answers from them.

``ImpartialGame`` (subclass it, or build one with ``game_from_moves``), the sum of games
(``SumGame``, also ``a + b``), remoteness, explanations, and games with cycles (``loopy``).

Examples
--------
>>> from grundy.impartial import game_from_moves
>>> game_from_moves(lambda n: [n - k for k in (1, 2) if k <= n]).grundy(7)
1
"""

from .game import ImpartialGame, game_from_moves
from .sum_game import SumGame

__all__ = ["ImpartialGame", "SumGame", "game_from_moves"]
