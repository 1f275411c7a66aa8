"""Left and right stops: the number a game settles at when Left (Right) starts and both
play until a number is reached, each wanting it large (small).

Examples
--------
>>> from grundy.partizan import game, left_stop, right_stop
>>> g = game([3], [game([2], [1])])          # {3||2|1}
>>> left_stop(g), right_stop(g)
(Fraction(3, 1), Fraction(2, 1))
"""

from __future__ import annotations

from fractions import Fraction

from .canonical import CanonicalGame

__all__ = ["left_stop", "right_stop"]

_ZERO = Fraction(0)
_LEFT: dict[int, Fraction] = {}
_RIGHT: dict[int, Fraction] = {}


def left_stop(g: CanonicalGame) -> Fraction:
    """LS(G): x for a number x, else the largest right stop of Left's options.

    Examples
    --------
    >>> from grundy.partizan import nimber, up, left_stop
    >>> left_stop(nimber(3)), left_stop(up())
    (Fraction(0, 1), Fraction(0, 1))
    """
    if g.number is not None:
        return g.number
    if g.nim_value is not None:  # *n: 0, with no need to list its n options
        return _ZERO
    found = _LEFT.get(g._id)
    if found is None:
        found = _LEFT[g._id] = max(right_stop(gl) for gl in g.left)
    return found


def right_stop(g: CanonicalGame) -> Fraction:
    """RS(G): x for a number x, else the smallest left stop of Right's options.

    Examples
    --------
    >>> from grundy.partizan import game, right_stop
    >>> right_stop(game([4], [-2]))
    Fraction(-2, 1)
    """
    if g.number is not None:
        return g.number
    if g.nim_value is not None:  # *n: 0, with no need to list its n options
        return _ZERO
    found = _RIGHT.get(g._id)
    if found is None:
        found = _RIGHT[g._id] = min(left_stop(gr) for gr in g.right)
    return found
