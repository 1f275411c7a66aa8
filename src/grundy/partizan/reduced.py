"""Games modulo infinitesimals and all-small games: reduced canonical form, atomic weight.

Two games are *infinitesimally close* when their difference is infinitesimal (both stops
of G - H are 0). The *reduced canonical form* rcf(G) is the simplest game infinitesimally
close to G (Grossman and Siegel). An *all-small* game (every follower with a move for one
player has moves for both) is infinitesimal, and its *atomic weight* measures it in
units of ↑: G is close to aw(G)·↑ (Norton product), up to something smaller than ↑.

Examples
--------
>>> from grundy.partizan import parse
>>> from grundy.partizan.reduced import reduced_canonical_form, atomic_weight
>>> str(reduced_canonical_form(parse("{3||2*|1*}"))), str(atomic_weight(parse("{^^^|vv}")))
('{3||2|1}', '{1|0}')
"""

from __future__ import annotations

from fractions import Fraction

from ..core.errors import InvalidGameError
from .canonical import STAR, UP, ZERO, CanonicalGame, game, nimber, number, up
from .stops import left_stop, right_stop

__all__ = [
    "is_infinitesimal",
    "is_all_small",
    "reduced_canonical_form",
    "norton_product",
    "atomic_weight",
    "is_atomic",
]

_ALL_SMALL: dict[int, bool] = {}
_PROJECTION: dict[int, CanonicalGame] = {}
_NORTON: dict[tuple[int, int], CanonicalGame] = {}
_NAIVE: dict[int, CanonicalGame] = {}
_NUS: dict[int, tuple[Fraction, int, int] | None] = {}
_ATOMIC: dict[int, CanonicalGame | None] = {}


def is_infinitesimal(g: CanonicalGame) -> bool:
    """True when both stops of `g` are 0 (0 itself counts, as in CGSuite).

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.reduced import is_infinitesimal
    >>> is_infinitesimal(parse("Tiny(3/2)")), is_infinitesimal(parse("{1|-1}"))
    (True, False)
    """
    return left_stop(g) == 0 and right_stop(g) == 0


def is_all_small(g: CanonicalGame) -> bool:
    """True when no follower of `g` is a nonzero number (every follower with a move for
    one player has moves for both): all-small games are infinitesimal.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.reduced import is_all_small
    >>> is_all_small(parse("{^^^|vv}")), is_all_small(parse("Tiny(3/2)"))
    (True, False)
    """
    if g.number is not None:
        return g.number == 0
    if g.nim_value is not None:  # impartial games are all-small
        return True
    found = _ALL_SMALL.get(g._id)
    if found is None:
        found = all(is_all_small(o) for o in (*g.left, *g.right))
        _ALL_SMALL[g._id] = found
    return found


def reduced_canonical_form(g: CanonicalGame) -> CanonicalGame:
    """The simplest game infinitesimally close to `g` (Grossman–Siegel's rcf).

    Returns
    -------
    CanonicalGame
        x when `g` is x plus an infinitesimal; else the star-projection of ∫^* G: heat
        `g` by ``*``, then replace each follower ``x*`` by ``x``.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.reduced import reduced_canonical_form as rcf
    >>> str(rcf(parse("73/16v9*8"))), str(rcf(parse("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}")))
    ('73/16', '{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}')

    Notes
    -----
    rcf(G) - G is infinitesimal, and rcf(G) = rcf(H) exactly when G - H is
    (J. P. Grossman and A. N. Siegel, "Reductions of partizan games", Games of No
    Chance 3, 2009; Siegel II.6).
    """
    ls = left_stop(g)
    if ls == right_stop(g):
        return number(ls)
    from .cooling import heat

    return _star_projection(heat(g, STAR))


def _star_projection(g: CanonicalGame) -> CanonicalGame:
    if g.number is not None:
        return g
    if len(g.left) == 1 and g.left == g.right and g.left[0].number is not None:
        return g.left[0]  # x* = {x | x} projects to x
    found = _PROJECTION.get(g._id)
    if found is None:
        found = game([_star_projection(o) for o in g.left], [_star_projection(o) for o in g.right])
        _PROJECTION[g._id] = found
    return found


def norton_product(g: CanonicalGame, u: CanonicalGame) -> CanonicalGame:
    """Norton's product G.U: n copies of U for an integer n, else
    ``{G^L.U + U + Δ | G^R.U - U - Δ}`` over the incentives Δ of U.

    Parameters
    ----------
    g : CanonicalGame
        The multiplier (its canonical form is used).
    u : CanonicalGame
        The unit, a positive game for the product to mean anything.

    Examples
    --------
    >>> from grundy.partizan import parse, up
    >>> from grundy.partizan.reduced import norton_product
    >>> [str(norton_product(parse(x), up())) for x in ("6", "-4", "1/2", "^", "Tiny(2)")]
    ['^6', 'v4', '{^^*|v*}', '{^^*||0|v4}', '{^^*||0|v6}']

    Notes
    -----
    The incentives of U are U^L - U and U - U^R (Winning Ways ch. 8; Siegel II.6).
    """
    x = g.number
    if x is not None and x.denominator == 1:
        from .cooling import _multiple

        return _multiple(int(x), u)
    key = (g._id, u._id)
    found = _NORTON.get(key)
    if found is None:
        shifts = [u + (ul - u) for ul in u.left] + [u + (u - ur) for ur in u.right]
        left = [norton_product(gl, u) + d for gl in g.left for d in shifts]
        right = [norton_product(gr, u) - d for gr in g.right for d in shifts]
        found = _NORTON[key] = game(left, right)
    return found


# ------------------------------------------------------------------ atomic weight
def atomic_weight(g: CanonicalGame) -> CanonicalGame:
    """The atomic weight of `g`: G is aw(G)·↑ plus something smaller than any multiple of ↑.

    Raises
    ------
    InvalidGameError
        `g` is not atomic: not infinitesimal, or (when not all-small) too far from
        aw·↑ (CGSuite's NotAtomicException).

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.reduced import atomic_weight
    >>> [str(atomic_weight(parse(x))) for x in ("^*6", "{1|^^||^}", "Tiny(3/2)", "^[4]")]
    ['1', '2', '0', '1']
    >>> from grundy.core.errors import InvalidGameError
    >>> try:
    ...     atomic_weight(parse("{1|^^^||^}"))
    ... except InvalidGameError as exc:
    ...     print(exc)
    atomic_weight({1|^3||^}): the game is not atomic (G - (5/2).↑ is not between ±(↑* + *2:-1))

    Notes
    -----
    Berlekamp's atomic weight calculus (Winning Ways ch. 8; Siegel, *Combinatorial Game
    Theory*, on atomic weight): ``{aw(G^L) - 2 | aw(G^R) + 2}``, replaced by the far-star
    rule when that is an integer. For an all-small game this is its atomic weight; another
    infinitesimal G is atomic when G - aw.↑ lies between ±(↑* + *N:-1), N the power of 2
    at or beyond G's far star (CGSuite's test). Additive: aw(G + H) = aw(G) + aw(H).
    """
    found = _atomic(g)
    if found is None:
        if not is_infinitesimal(g):
            reason = f"its stops {left_stop(g)} and {right_stop(g)} are not both 0"
        else:
            naive = _naive_atomic_weight(g)
            width = _power_of_two_at_least(_far_star(g))
            reason = f"G - ({naive}).↑ is not between ±(↑* + *{width}:-1)"
        raise InvalidGameError(f"atomic_weight({g}): the game is not atomic ({reason})")
    return found


def is_atomic(g: CanonicalGame) -> bool:
    """True when `g` has an atomic weight (see :func:`atomic_weight`).

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.reduced import is_atomic
    >>> is_atomic(parse("{1|^^||^}")), is_atomic(parse("{1|^^^||^}")), is_atomic(parse("5"))
    (True, False, False)
    """
    return _atomic(g) is not None


def _atomic(g: CanonicalGame) -> CanonicalGame | None:
    if g._id in _ATOMIC:
        return _ATOMIC[g._id]
    result: CanonicalGame | None = None
    if is_infinitesimal(g):
        naive = _naive_atomic_weight(g)
        if is_all_small(g):
            result = naive
        else:
            difference = g - norton_product(naive, UP)
            width = _power_of_two_at_least(_far_star(g))
            red_kite = _ordinal_sum_minus_one(width)  # *width : -1
            epsilon = UP + STAR + red_kite
            if -epsilon <= difference <= epsilon:
                result = naive
    _ATOMIC[g._id] = result
    return result


def _power_of_two_at_least(n: int) -> int:
    width = 2
    while width < n:
        width <<= 1
    return width


def _ordinal_sum_minus_one(n: int) -> CanonicalGame:
    """*n : -1 = {0, *, ..., *(n-1) | 0, *, ..., *(n-1), *n}."""
    small = [nimber(k) for k in range(n)]
    return game(small, [*small, nimber(n)])


def _far_star(g: CanonicalGame) -> int:
    """1 + the largest m with *m a follower of g (at least 1)."""
    m = g.nim_value
    if m is not None:
        return m + 1
    return max([1, *(_far_star(o) for o in (*g.left, *g.right))])


def _number_up_star(g: CanonicalGame) -> tuple[Fraction, int, int] | None:
    """(x, n, m) when g = x + n·↑ + *m, else None."""
    if g._id in _NUS:
        return _NUS[g._id]
    result: tuple[Fraction, int, int] | None = None
    if g.number is not None:
        result = (g.number, 0, 0)
    elif (m := g.nim_value) is not None:
        result = (Fraction(0), 0, m)
    else:
        parts = [_number_up_star(o) for o in (*g.left, *g.right)]
        x = left_stop(g)
        # the options of x + n·↑ + *m are of that kind with the same x and n within 1
        if all(p is not None and p[0] == x for p in parts) and x == right_stop(g):
            rest = g - number(x)
            candidates = sorted({p[1] + d for p in parts if p is not None for d in (-1, 0, 1)})
            for n in candidates:
                m = (rest - up(n)).nim_value
                if m is not None:
                    result = (x, n, m)
                    break
    _NUS[g._id] = result
    return result


def _naive_atomic_weight(g: CanonicalGame) -> CanonicalGame:
    """Berlekamp's recursion with the far-star correction (CGSuite's naiveAtomicWeight)."""
    nus = _number_up_star(g)
    if nus is not None:
        return number(nus[1])
    found = _NAIVE.get(g._id)
    if found is not None:
        return found
    two = number(2)
    left = [_naive_atomic_weight(o) - two for o in g.left]
    right = [_naive_atomic_weight(o) + two for o in g.right]
    result = game(left, right)
    x = result.number
    if x is not None and x.denominator == 1:
        far = nimber(_far_star(g))
        below, above = g <= far, far <= g
        if below and not above:
            # g < far star: the least integer n with n |> every new Left option
            result = ZERO
            if left:
                result = number(max(_least_integer_not_at_most(o) for o in left))
        elif above and not below:
            result = ZERO
            if right:
                result = number(min(-_least_integer_not_at_most(-o) for o in right))
    _NAIVE[g._id] = result
    return result


def _least_integer_not_at_most(h: CanonicalGame) -> int:
    """The least integer n with n not <= h (n |> h)."""
    n = int(right_stop(h).__ceil__())
    return n + 1 if number(n) <= h else n
