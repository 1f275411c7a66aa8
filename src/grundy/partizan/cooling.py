"""Temperature theory: cooling, heating and overheating, and the hottest components of a
sum (where orthodox play moves). Mean and temperature are read off the thermograph
(:mod:`~grundy.partizan.thermographs`, which the text of a game needs) and are importable
from here too.

A game's *temperature* measures how much a move in it is worth; its *mean* is the number
it is worth on average (mean(G + H) = mean(G) + mean(H)). Cooling G by t taxes each move
t, ``G_t = {G^L_t - t | G^R_t + t}``, until G_t is infinitesimally close to a number;
heating by t (``∫^t G``) pays t for each move instead, and overheating also turns the
integers at the leaves into multiples of a game. Conventions are CGSuite's: the
temperature of an integer is -1, of m/2^k (odd m, k >= 1) it is -1/2^k.

Examples
--------
>>> from grundy.partizan import parse
>>> from grundy.partizan.cooling import mean, temperature, cool, heat
>>> g = parse("{3||2*|1*}")
>>> mean(g), temperature(g)
(Fraction(9, 4), Fraction(3, 4))
>>> str(cool(g, "1/2")), str(heat(g, 1))
('{5/2|2*}', '{4|||3|1||0|-2}')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from ..core.errors import InvalidGameError
from .canonical import CanonicalGame, game, number
from .dyadic import dyadic, format_number
from .notation import parse
from .thermographs import mean, temperature, thermograph

__all__ = ["mean", "temperature", "cool", "heat", "overheat", "hottest", "orthodox_moves"]

GameLike = CanonicalGame | int | Fraction | str

_COOL: dict[tuple[int, Fraction], CanonicalGame] = {}
_HEAT: dict[tuple[int, int], CanonicalGame] = {}
_OVERHEAT: dict[tuple[int, int, int], CanonicalGame] = {}


def cool(g: CanonicalGame, t: int | Fraction | str) -> CanonicalGame:
    """`g` cooled by `t`: G_t = {G^L_t - t | G^R_t + t}, or mean(G) once t > temperature(G).

    Parameters
    ----------
    g : CanonicalGame
    t : int, Fraction or str
        A dyadic rational > -1 (CGSuite's ``g.Cool(t)``).

    Raises
    ------
    InvalidGameError
        `t` is not a dyadic rational, or is <= -1.

    Examples
    --------
    >>> from grundy.partizan import parse, number
    >>> from grundy.partizan.cooling import cool
    >>> g = parse("{2|-1}")
    >>> [str(cool(g, t)) for t in (0, "1/2", 1, "3/2", 2)]
    ['{2|-1}', '{3/2|-1/2}', '{1|0}', '1/2*', '1/2']
    >>> str(cool(number("1/4"), "-3/8"))
    '{3/8|1/8}'
    >>> cool(g, -1)
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: cool({2|-1}, -1): the temperature must be > -1

    Notes
    -----
    Cooling is additive, (G + H)_t = G_t + H_t, keeps the mean, and (G_s)_t = G_(s+t)
    for s, t >= 0 (Siegel II.5). Integers are never cooled; a game colder than t becomes
    its mean. One call per follower and temperature (memoised).
    """
    x = _temperature_argument(g, t, "cool")
    return _cool(g, x)


def _temperature_argument(g: CanonicalGame, t: int | Fraction | str, name: str) -> Fraction:
    try:
        x = dyadic(t)
    except InvalidGameError as exc:
        raise InvalidGameError(f"{name}({g}, {t!r}): {exc}") from None
    if x <= -1:
        raise InvalidGameError(f"{name}({g}, {format_number(x)}): the temperature must be > -1")
    return x


def _cool(g: CanonicalGame, t: Fraction) -> CanonicalGame:
    if g.number is not None and g.number.denominator == 1:
        return g
    key = (g._id, t)
    found = _COOL.get(key)
    if found is None:
        if temperature(g) < t:
            found = number(mean(g))
        else:
            shift = number(t)
            found = game(
                [_cool(gl, t) - shift for gl in g.left], [_cool(gr, t) + shift for gr in g.right]
            )
        _COOL[key] = found
    return found


def _as_game(value: GameLike) -> CanonicalGame:
    if isinstance(value, CanonicalGame):
        return value
    if isinstance(value, str):
        return parse(value)
    return number(value)


def heat(g: CanonicalGame, t: GameLike) -> CanonicalGame:
    """`g` heated by `t` (∫^t G): each of its moves earns the mover t; numbers stay.

    ``∫^t x = x`` for a number x, else ``∫^t G = {∫^t G^L + t | ∫^t G^R - t}``.

    Parameters
    ----------
    g : CanonicalGame
    t : CanonicalGame, int, Fraction or str
        Any game (CGSuite's ``g.Heat(t)``): a number, or for instance ``*``.

    Examples
    --------
    >>> from grundy.partizan import parse, nimber
    >>> from grundy.partizan.cooling import heat
    >>> g = parse("{3||2*|1*}")
    >>> str(heat(g, "1/2")), str(heat(g, nimber(1))), str(heat(g, -4))
    ('{7/2|||5/2|3/2||+-1/2}', '{3*||2|1}', '0')

    Notes
    -----
    Heating is applied to the canonical form of `g`, as CGSuite does. It is the inverse
    of cooling (Winning Ways ch. 6): for t > 0 and G not a number,
    ``cool(heat(G, t), t)`` is G.
    """
    h = _as_game(t)
    return _heat(g, h)


def _heat(g: CanonicalGame, t: CanonicalGame) -> CanonicalGame:
    if g.number is not None:
        return g
    key = (g._id, t._id)
    found = _HEAT.get(key)
    if found is None:
        found = game([_heat(gl, t) + t for gl in g.left], [_heat(gr, t) - t for gr in g.right])
        _HEAT[key] = found
    return found


def overheat(g: CanonicalGame, s: GameLike, t: GameLike) -> CanonicalGame:
    """`g` overheated from `s` to `t` (∫_s^t G): integers n become n·s, moves earn t.

    ``∫_s^t n = n·s`` for an integer n (n copies of s, or -n of -s), else
    ``{∫_s^t G^L + t | ∫_s^t G^R - t}``; non-integer numbers are taken apart by their
    canonical options.

    Examples
    --------
    >>> from grundy.partizan import parse, number
    >>> from grundy.partizan.cooling import overheat
    >>> str(overheat(parse("{3||2*|1*}"), "*", "1*")), str(overheat(number("7/16"), 0, 0))
    ('{1||+-(1*)|-1,{-1|-3}}', '^[3]')

    Notes
    -----
    This is CGSuite's ``g.Overheat(s, t)``, Berlekamp's overheating operator from his
    analysis of Blockbusting; warming, for Go endgames, is ``overheat(g, 1, 1*)``.
    """
    hs, ht = _as_game(s), _as_game(t)
    return _overheat(g, hs, ht)


def _overheat(g: CanonicalGame, s: CanonicalGame, t: CanonicalGame) -> CanonicalGame:
    x = g.number
    if x is not None and x.denominator == 1:
        return _multiple(int(x), s)
    key = (g._id, s._id, t._id)
    found = _OVERHEAT.get(key)
    if found is None:
        found = game(
            [_overheat(gl, s, t) + t for gl in g.left],
            [_overheat(gr, s, t) - t for gr in g.right],
        )
        _OVERHEAT[key] = found
    return found


def _multiple(n: int, g: CanonicalGame) -> CanonicalGame:
    """n·G (n copies of G, or |n| copies of -G), by doubling."""
    total, power = number(0), (g if n >= 0 else -g)
    n = abs(n)
    while n:
        if n & 1:
            total = total + power
        n >>= 1
        if n:
            power = power + power
    return total


# ------------------------------------------------------------------ sums
def hottest(components: Iterable[CanonicalGame]) -> list[int]:
    """The indices of the components of highest temperature (in order).

    Parameters
    ----------
    components : iterable of CanonicalGame
        The components of a sum.

    Returns
    -------
    list of int
        Empty for no components.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.cooling import hottest
    >>> hottest([parse("{1|-1}"), parse("{5|3}"), parse("*"), parse("+-1")])
    [0, 1, 3]

    See Also
    --------
    orthodox_moves : the moves to make there.
    """
    temperatures = [temperature(g) for g in components]
    if not temperatures:
        return []
    top = max(temperatures)
    return [i for i, t in enumerate(temperatures) if t == top]


def orthodox_moves(
    components: Sequence[CanonicalGame], left: bool = True
) -> list[tuple[int, CanonicalGame]]:
    """Left's (or Right's) orthodox moves in a sum: hottest component, best option there.

    The ambient temperature T is the highest temperature of the components. A move is
    orthodox when it is made in a component of temperature T, to an option that is best
    once the game is cooled by T: for Left an option G^L with the largest right wall
    RW(G^L)(T) (for Right, G^R with the smallest left wall LW(G^R)(T)), that is, an
    option on which the component's scaffold rests at T.

    Parameters
    ----------
    components : sequence of CanonicalGame
    left : bool
        True for Left's moves, False for Right's.

    Returns
    -------
    list of (int, CanonicalGame)
        (index of the component, the option moved to), components in order. A hottest
        component with no option for the player (an integer) gives none.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.cooling import orthodox_moves
    >>> sum_ = [parse("{3|{2|0}}"), parse("{1|-1}"), parse("*")]
    >>> [(i, str(o)) for i, o in orthodox_moves(sum_)]
    [(0, '3'), (1, '1')]
    >>> [(i, str(o)) for i, o in orthodox_moves(sum_, left=False)]
    [(0, '{2|0}'), (1, '-1')]

    Notes
    -----
    Playing in the hottest component is Hotstrat; it is not always optimal, but in a sum
    the first player who follows the thermographs this way gets at least the sum of the
    means minus the ambient temperature (Berlekamp's Thermostrat theorem, Winning Ways
    ch. 6; Siegel II.6).
    """
    indices = hottest(components)
    if not indices:
        return []
    ambient = temperature(components[indices[0]])
    moves: list[tuple[int, CanonicalGame]] = []
    for i in indices:
        g = components[i]
        options = g.left if left else g.right
        if not options:
            continue
        if left:
            values = [thermograph(o).right_wall.value_at(ambient) for o in options]
            best = max(values)
        else:
            values = [thermograph(o).left_wall.value_at(ambient) for o in options]
            best = min(values)
        moves.extend((i, o) for o, v in zip(options, values, strict=True) if v == best)
    return moves
