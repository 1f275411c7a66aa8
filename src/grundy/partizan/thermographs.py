"""Thermographs of short games: their left and right walls, exact, on temperatures t >= -1.

Cooling a game G by t taxes every move t; the thermograph draws, for each temperature t,
the stops of the cooled game G_t: Left's (the *left wall*) and Right's (the *right wall*).
Both walls are continuous piecewise-linear functions of t with rational slopes; above the
game's *temperature* they coincide in a vertical *mast* whose value is the game's *mean*.

Conventions are CGSuite's (Siegel, *Combinatorial Game Theory*, II.5; Berlekamp's
generalized thermography): walls are defined for t >= -1, an integer's thermograph is a
bare mast, a non-integer number m/2^k is thought of as its form {x - 2^-k | x + 2^-k} and
has temperature -1/2^k. The walls of {G^L | G^R} are built from its *scaffolds*,
``max RW(G^L)(t) - t`` on the left and ``min LW(G^R)(t) + t`` on the right:

* where the left scaffold is at or right of (>=) the right one (a *hill*), each wall is
  its scaffold;
* where it is not (a *cave*), both walls are one vertical mast, pushed aside only when a
  scaffold crosses it. A cave entered from a hill starts where the scaffolds meet; a cave
  at the base t = -1 starts at the point of the base interval nearest 0.

Examples
--------
>>> from grundy.partizan import parse
>>> from grundy.partizan.thermographs import thermograph
>>> t = thermograph(parse("{3||2*|1*}"))
>>> print(t)
Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])
>>> t.temperature, t.mast
(Fraction(3, 4), Fraction(9, 4))

A game's *mean* and *temperature* are its thermograph's (:func:`mean`,
:func:`temperature`, which for a number need none).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..core.errors import InvalidGameError
from .dyadic import format_number
from .forms import GameForm

__all__ = ["Trajectory", "Thermograph", "thermograph", "mean", "temperature"]

_MINUS_ONE = Fraction(-1)

# A trajectory while it is being computed: the points (t, value) from t = -1 upwards,
# linear in between, and the slope above the last point.
_Points = tuple[tuple[Fraction, Fraction], ...]
_Line = tuple[_Points, Fraction]


@dataclass(frozen=True, slots=True)
class Trajectory:
    """A continuous piecewise-linear function of the temperature t, for t >= -1.

    Stored as CGSuite prints it: the mast value, the critical temperatures (where the
    slope changes) from the highest down, and the slopes, ``slopes[0]`` above the highest
    critical temperature and ``slopes[i + 1]`` just below ``critical_temperatures[i]``.

    Attributes
    ----------
    mast : Fraction
        The value at the highest critical temperature (at t = 0 when there is none).
    critical_temperatures : tuple of Fraction
        Strictly decreasing, each > -1; the slope changes at each of them.
    slopes : tuple of Fraction
        One more than the critical temperatures.

    Raises
    ------
    InvalidGameError
        Slopes and critical temperatures that do not fit together.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from grundy.partizan.thermographs import Trajectory
    >>> wall = Trajectory(F(0), (F(0),), (F(0), F(-1)))    # * seen from the left
    >>> wall.value_at(-1), wall.value_at(5), str(wall)
    (Fraction(1, 1), Fraction(0, 1), 'Trajectory(0,[0],[0,-1])')
    """

    mast: Fraction
    critical_temperatures: tuple[Fraction, ...] = ()
    slopes: tuple[Fraction, ...] = field(default=(Fraction(0),))

    def __post_init__(self) -> None:
        mast = Fraction(self.mast)
        cps = tuple(Fraction(c) for c in self.critical_temperatures)
        slopes = tuple(Fraction(s) for s in self.slopes)
        if len(slopes) != len(cps) + 1:
            raise InvalidGameError(
                f"trajectory with {len(cps)} critical temperatures needs {len(cps) + 1} "
                f"slopes, not {len(slopes)}"
            )
        for i, c in enumerate(cps):
            if c <= -1 or (i and c >= cps[i - 1]):
                raise InvalidGameError(
                    f"critical temperatures {[str(x) for x in cps]} must decrease and be > -1"
                )
            if slopes[i] == slopes[i + 1]:
                raise InvalidGameError(f"the slope does not change at critical temperature {c}")
        object.__setattr__(self, "mast", mast)
        object.__setattr__(self, "critical_temperatures", cps)
        object.__setattr__(self, "slopes", slopes)

    @classmethod
    def constant(cls, value: Fraction | int) -> Trajectory:
        """The vertical trajectory at `value`.

        Examples
        --------
        >>> from grundy.partizan.thermographs import Trajectory
        >>> str(Trajectory.constant(5))
        'Trajectory(5,[],[0])'
        """
        return cls(Fraction(value))

    def value_at(self, t: Fraction | int | str) -> Fraction:
        """The value of the trajectory at temperature `t` (t >= -1).

        Examples
        --------
        >>> from grundy.partizan import parse
        >>> from grundy.partizan.thermographs import thermograph
        >>> right = thermograph(parse("{3||2*|1*}")).right_wall
        >>> [str(right.value_at(t)) for t in (-1, 0, "1/4", "1/2", 1)]
        ['1', '2', '2', '2', '9/4']
        """
        t = Fraction(t)
        cps, slopes = self.critical_temperatures, self.slopes
        if not cps:
            return self.mast + slopes[0] * t
        value = self.mast
        if t >= cps[0]:
            return value + slopes[0] * (t - cps[0])
        for i in range(len(cps)):
            below = cps[i + 1] if i + 1 < len(cps) else None
            if below is None or t >= below:
                return value + slopes[i + 1] * (t - cps[i])
            value += slopes[i + 1] * (below - cps[i])
        raise AssertionError("unreachable")  # pragma: no cover

    def text(self) -> str:
        """CGSuite's text without the name: ``mast,[critical temperatures],[slopes]``.

        Examples
        --------
        >>> from grundy.partizan import number
        >>> from grundy.partizan.thermographs import thermograph
        >>> thermograph(number("-1/2")).left_wall.text()
        '-1/2,[-1/2],[0,-1]'
        """
        cps = ",".join(format_number(c) for c in self.critical_temperatures)
        slopes = ",".join(format_number(s) for s in self.slopes)
        return f"{format_number(self.mast)},[{cps}],[{slopes}]"

    def __str__(self) -> str:
        return f"Trajectory({self.text()})"

    def to_json(self) -> dict[str, Any]:
        """The trajectory as JSON: exact numbers written as text (``"-1/2"``).

        Examples
        --------
        >>> from grundy.partizan.thermographs import Trajectory
        >>> Trajectory.constant(2).to_json()
        {'mast': '2', 'critical_temperatures': [], 'slopes': ['0']}
        """
        return {
            "mast": format_number(self.mast),
            "critical_temperatures": [format_number(c) for c in self.critical_temperatures],
            "slopes": [format_number(s) for s in self.slopes],
        }


@dataclass(frozen=True, slots=True)
class Thermograph:
    """The thermograph of a short game: its left and right walls.

    ``str`` gives CGSuite's text, ``Thermograph(left wall, right wall)`` with each wall
    written ``mast,[critical temperatures],[slopes]``.

    Attributes
    ----------
    left_wall, right_wall : Trajectory
        Left's and Right's stops of the cooled game G_t as functions of t >= -1; the
        right wall is never to the right of (>) the left one.

    Examples
    --------
    >>> from grundy.partizan import nimber
    >>> from grundy.partizan.thermographs import thermograph
    >>> t = thermograph(nimber(1))
    >>> str(t), t.temperature, t.mast
    ('Thermograph(0,[0],[0,-1],0,[0],[0,1])', Fraction(0, 1), Fraction(0, 1))
    >>> t.value_at(-1)                  # * is {0|0}: at t = -1 the walls are 0 + 1 and 0 - 1
    (Fraction(1, 1), Fraction(-1, 1))
    """

    left_wall: Trajectory
    right_wall: Trajectory

    @property
    def temperature(self) -> Fraction:
        """The highest critical temperature of either wall (-1 for a bare mast).

        Examples
        --------
        >>> from grundy.partizan import game
        >>> from grundy.partizan.thermographs import thermograph
        >>> thermograph(game([2], [-1])).temperature
        Fraction(3, 2)
        """
        tops = [w.critical_temperatures[0] for w in self.walls if w.critical_temperatures]
        return max(tops, default=_MINUS_ONE)

    @property
    def mast(self) -> Fraction:
        """The value of the mast: the left wall at the temperature (the game's mean).

        Examples
        --------
        >>> from grundy.partizan import game
        >>> from grundy.partizan.thermographs import thermograph
        >>> thermograph(game([2], [-1])).mast
        Fraction(1, 2)
        """
        return self.left_wall.value_at(self.temperature)

    @property
    def walls(self) -> tuple[Trajectory, Trajectory]:
        """(left wall, right wall).

        Examples
        --------
        >>> from grundy.partizan import number
        >>> from grundy.partizan.thermographs import thermograph
        >>> [str(w) for w in thermograph(number(3)).walls]
        ['Trajectory(3,[],[0])', 'Trajectory(3,[],[0])']
        """
        return self.left_wall, self.right_wall

    def value_at(self, t: Fraction | int | str) -> tuple[Fraction, Fraction]:
        """(left wall, right wall) at temperature `t`: the stops of the cooled game.

        Examples
        --------
        >>> from grundy.partizan import game
        >>> from grundy.partizan.thermographs import thermograph
        >>> thermograph(game([2], [-1])).value_at("1/2")
        (Fraction(3, 2), Fraction(-1, 2))
        """
        return self.left_wall.value_at(t), self.right_wall.value_at(t)

    def __str__(self) -> str:
        return f"Thermograph({self.left_wall.text()},{self.right_wall.text()})"

    def _repr_svg_(self) -> str | None:
        """The thermograph drawn as SVG (IPython's display protocol: a notebook shows it).

        Examples
        --------
        >>> from grundy.partizan import parse
        >>> from grundy.partizan.thermographs import thermograph
        >>> thermograph(parse("{2|-1}"))._repr_svg_().count("<polyline")
        2
        """
        from .thermograph_svg import thermograph_picture  # the drawing, only when shown

        return thermograph_picture(self).svg

    def to_json(self) -> dict[str, Any]:
        """The thermograph as JSON: both walls, mast, temperature and CGSuite's text.

        Examples
        --------
        >>> from grundy.partizan import number
        >>> from grundy.partizan.thermographs import thermograph
        >>> data = thermograph(number("1/2")).to_json()
        >>> data["temperature"], data["mast"], data["text"]
        ('-1/2', '1/2', 'Thermograph(1/2,[-1/2],[0,-1],1/2,[-1/2],[0,1])')
        """
        return {
            "left_wall": self.left_wall.to_json(),
            "right_wall": self.right_wall.to_json(),
            "mast": format_number(self.mast),
            "temperature": format_number(self.temperature),
            "text": str(self),
        }


# ------------------------------------------------------------------ computing
_WALLS: dict[int, tuple[_Line, _Line]] = {}
_THERMOGRAPHS: dict[int, Thermograph] = {}


def thermograph(g: GameForm) -> Thermograph:
    """The thermograph of `g`, exactly as CGSuite computes it.

    Parameters
    ----------
    g : CanonicalGame
        Any short game.

    Returns
    -------
    Thermograph
        The walls on t >= -1; ``str`` of it is CGSuite's ``g.Thermograph``.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.thermographs import thermograph
    >>> print(thermograph(parse("^")))
    Thermograph(0,[0],[0,-1],0,[],[0])
    >>> print(thermograph(parse("25/16")))
    Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])

    See Also
    --------
    mean, temperature : what the thermograph says of the game.

    Notes
    -----
    Each option's thermograph is computed once (memoised by canonical form); a
    thermograph with k critical temperatures costs O(k) per option. The walls are those
    of generalized thermography (Berlekamp, "The Economist's View of Combinatorial
    Games", 1996), which agree with Winning Ways' on t >= 0.

    References
    ----------
    .. [1] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, II.5.
    .. [2] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 6.
    """
    found = _THERMOGRAPHS.get(g._id)
    if found is None:
        left, right = _walls(g)
        found = _THERMOGRAPHS[g._id] = Thermograph(_trajectory(left), _trajectory(right))
    return found


# ------------------------------------------------------------------ mean and temperature
def mean(g: GameForm) -> Fraction:
    """The mean value of `g`: the number G + G + ... + G (n copies) is close to n·mean(G).

    Parameters
    ----------
    g : CanonicalGame

    Returns
    -------
    Fraction
        The value of the thermograph's mast; x for a number x.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.thermographs import mean
    >>> mean(parse("{2|-1}")), mean(parse("73/16v9*8")), mean(parse("{3/2*|1/2||-5/2}"))
    (Fraction(1, 2), Fraction(73, 16), Fraction(-3, 4))

    Notes
    -----
    The mean is additive and lies between the right and left stops (Siegel II.5, the Mean
    Value Theorem).
    """
    if g.number is not None:
        return g.number
    return thermograph(g).mast


def temperature(g: GameForm) -> Fraction:
    """The temperature of `g`: the highest critical temperature of its thermograph.

    Returns
    -------
    Fraction
        -1 for an integer, -1/2^k for a number m/2^k (m odd), 0 for a number plus a
        nonzero infinitesimal, > 0 for a game whose stops differ.

    Examples
    --------
    >>> from grundy.partizan import parse, number
    >>> from grundy.partizan.thermographs import temperature
    >>> temperature(number(7)), temperature(number("5/8")), temperature(parse("^*"))
    (Fraction(-1, 1), Fraction(-1, 8), Fraction(0, 1))
    >>> temperature(parse("{1|-1}")), temperature(parse("{2|-1/2}"))
    (Fraction(1, 1), Fraction(5, 4))
    """
    if g.number is not None:
        return Fraction(-1, g.number.denominator)
    return thermograph(g).temperature


# ------------------------------------------------------------------ the walls
def _walls(g: GameForm) -> tuple[_Line, _Line]:
    found = _WALLS.get(g._id)
    if found is not None:
        return found
    x = g.number
    if x is not None and x.denominator == 1:
        line: _Line = (((_MINUS_ONE, x),), Fraction(0))
        found = (line, line)
    elif g.nim_value is not None and g.nim_value > 1:
        found = _star_walls()  # *n's walls are *'s (by induction: see _walls_from_options)
    else:
        found = _walls_from_options(g)
    _WALLS[g._id] = found
    return found


def _star_walls() -> tuple[_Line, _Line]:
    """The walls of * = {0 | 0}, from its options' (an integer's: a bare mast at 0)."""
    zero: _Line = (((_MINUS_ONE, Fraction(0)),), Fraction(0))
    return _intersect(_tilt(zero, _MINUS_ONE), _tilt(zero, Fraction(1)))


def _walls_from_options(g: GameForm) -> tuple[_Line, _Line]:
    """The walls of {G^L | G^R} from its options' walls (one step of the recursion)."""
    left = _extreme([_walls(o)[1] for o in g.left], larger=True)
    right = _extreme([_walls(o)[0] for o in g.right], larger=False)
    return _intersect(_tilt(left, _MINUS_ONE), _tilt(right, Fraction(1)))


def _trajectory(line: _Line) -> Trajectory:
    """CGSuite's form of a (canonical) line: the mast, critical points downwards, slopes."""
    points, top = line
    cps = tuple(t for t, _ in points[1:])[::-1]
    slopes = [top]
    for (t0, v0), (t1, v1) in reversed(list(zip(points, points[1:], strict=False))):
        slopes.append((v1 - v0) / (t1 - t0))
    mast = points[-1][1] if cps else points[0][1] + top  # no critical point: the value at 0
    return Trajectory(mast, cps, tuple(slopes))


def _value(line: _Line, t: Fraction) -> Fraction:
    points, top = line
    for i in range(len(points) - 1, -1, -1):
        t0, v0 = points[i]
        if t >= t0 or i == 0:
            if i == len(points) - 1:
                return v0 + top * (t - t0)
            t1, v1 = points[i + 1]
            return v0 + (v1 - v0) * (t - t0) / (t1 - t0)
    raise AssertionError("unreachable")  # pragma: no cover


def _slope_after(line: _Line, t: Fraction) -> Fraction:
    """The slope just above temperature t."""
    points, top = line
    for i in range(len(points) - 1):
        if points[i][0] <= t < points[i + 1][0]:
            (t0, v0), (t1, v1) = points[i], points[i + 1]
            return (v1 - v0) / (t1 - t0)
    return top


def _canonical(points: list[tuple[Fraction, Fraction]], top: Fraction) -> _Line:
    """Sort, drop repeated temperatures and the points where the slope does not change."""
    unique: list[tuple[Fraction, Fraction]] = []
    for t, v in sorted(points, key=lambda p: p[0]):
        if unique and unique[-1][0] == t:
            continue
        unique.append((t, v))
    kept = [unique[0]]
    for i in range(1, len(unique)):
        t, v = unique[i]
        t0, v0 = kept[-1]
        before = (v - v0) / (t - t0)
        if i + 1 < len(unique):
            t1, v1 = unique[i + 1]
            after = (v1 - v) / (t1 - t)
        else:
            after = top
        if before != after:
            kept.append((t, v))
    return tuple(kept), top


def _tilt(line: _Line, r: Fraction) -> _Line:
    """Add r·t: the scaffolds are RW(G^L) - t and LW(G^R) + t."""
    points, top = line
    return tuple((t, v + r * t) for t, v in points), top + r


def _grid(a: _Line, b: _Line) -> list[Fraction]:
    """The temperatures where a, b or a - b changes: both lines' points and crossings."""
    ts = sorted({t for t, _ in a[0]} | {t for t, _ in b[0]})
    grid = list(ts)
    for t0, t1 in zip(ts, ts[1:], strict=False):
        d0, d1 = _value(a, t0) - _value(b, t0), _value(a, t1) - _value(b, t1)
        if d0 * d1 < 0:
            grid.append(t0 + d0 * (t1 - t0) / (d0 - d1))
    last = ts[-1]
    d, ds = _value(a, last) - _value(b, last), a[1] - b[1]
    if d * ds < 0:
        grid.append(last - d / ds)
    return sorted(grid)


def _extreme(lines: list[_Line], larger: bool) -> _Line:
    """The pointwise maximum (or minimum) of non-empty `lines`."""
    result = lines[0]
    for other in lines[1:]:
        points = []
        grid = _grid(result, other)
        for t in grid:
            a, b = _value(result, t), _value(other, t)
            points.append((t, max(a, b) if larger else min(a, b)))
        last = grid[-1]
        a, b = _value(result, last), _value(other, last)
        if a == b:
            top = max(result[1], other[1]) if larger else min(result[1], other[1])
        else:
            top = result[1] if (a > b) == larger else other[1]
        result = _canonical(points, top)
    return result


def _intersect(left: _Line, right: _Line) -> tuple[_Line, _Line]:
    """The walls made of the left and right scaffolds (hills and caves, see the module)."""
    grid = _grid(left, right)
    low_l, low_r = _value(left, _MINUS_ONE), _value(right, _MINUS_ONE)
    cave: Fraction | None = None  # the mast's value while in a cave
    if low_l < low_r:
        cave = min(max(Fraction(0), low_l), low_r)
    lw = [(_MINUS_ONE, low_l if cave is None else cave)]
    rw = [(_MINUS_ONE, low_r if cave is None else cave)]
    top_l, top_r = left[1], right[1]
    for i, t0 in enumerate(grid):
        t1 = grid[i + 1] if i + 1 < len(grid) else None
        probe = t0 + 1 if t1 is None else (t0 + t1) / 2
        l0, r0 = _value(left, t0), _value(right, t0)
        if _value(left, probe) >= _value(right, probe):  # a hill: walls = scaffolds
            cave = None
            if t1 is not None:
                lw.append((t1, _value(left, t1)))
                rw.append((t1, _value(right, t1)))
            else:
                top_l, top_r = left[1], right[1]
            continue
        if cave is None:  # a cave entered from a hill starts where the scaffolds meet
            cave = l0
        sl, sr = _slope_after(left, t0), _slope_after(right, t0)
        pushed = None  # the scaffold that pushes the mast aside, and from when
        if sl > 0:
            pushed = (t0 + (cave - l0) / sl, sl)
        elif sr < 0:
            pushed = (t0 + (cave - r0) / sr, sr)
        if t1 is None:
            top_l = top_r = Fraction(0)
            if pushed is not None:
                lw.append((pushed[0], cave))
                rw.append((pushed[0], cave))
                top_l = top_r = pushed[1]
            continue
        if pushed is not None and pushed[0] < t1:
            lw.append((pushed[0], cave))
            rw.append((pushed[0], cave))
            cave += pushed[1] * (t1 - pushed[0])
        lw.append((t1, cave))
        rw.append((t1, cave))
    return _canonical(lw, top_l), _canonical(rw, top_r)
