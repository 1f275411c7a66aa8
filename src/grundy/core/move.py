"""A move as the change it makes: which part of a position, from what, to what.

A winning move of a sum of 10^5 heaps changes one heap; written as the whole position it
is 10^5 numbers, and every winning move of such a sum is another 10^5. A :class:`Move`
names only the changed part, so listing the winning moves of a big sum stays linear
(:meth:`grundy.ImpartialGame.winning_changes`), and a contestant prints "heap 2: 7 -> 3"
without comparing positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Move"]


@dataclass(frozen=True, slots=True)
class Move:
    """Part `part` of a position (0-based) becomes `after`; it was `before`.

    ``part`` is None when the position is one part: then `before` is the position and
    `after` the whole option. :meth:`grundy.ImpartialGame.apply` builds the position
    after the move; a game whose moves touch two parts says the rest there (Staircase
    Nim: the step at index `part` goes from `before` coins to `after`, the coins moved
    landing one step below).

    Examples
    --------
    >>> from grundy.games import Nim
    >>> move = Nim().winning_changes((3, 4, 5))[0]
    >>> move
    Move(part=0, before=3, after=1)
    >>> Nim().apply((3, 4, 5), move)
    (1, 4, 5)
    """

    part: int | None
    before: Any
    after: Any
