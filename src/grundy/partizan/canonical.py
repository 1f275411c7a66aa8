"""Canonical forms of short partizan games, hash-consed: equal games are one object.

A short game is ``{L1, L2, ... | R1, R2, ...}``: Left's options and Right's, each a game.
Every short game equals exactly one game in *canonical form* (no dominated and no
reversible options, Conway's theorem), so :class:`CanonicalGame` keeps one object per
canonical form: ``G == H`` is ``G is H``, and values can key dictionaries. Numbers are
stored by value (a dyadic rational), so ``2**60`` costs no more than ``1/2``.

Construction goes through :func:`game` (options → canonical form) and the named values
:func:`number`, :func:`nimber`, :func:`up`; ``+``, ``-``, ``<=``, ``<``, ``|``
(confused with, "fuzzy") are the theory's operations. Comparisons and sums are memoised
on the objects' serial numbers, as CGSuite's tables do.

What a form is (its options, kind and birthday) is :class:`~grundy.partizan.forms.GameForm`,
which the functions that only read forms work on; the text of a game is written by
:mod:`~grundy.partizan.writing`, below this module, and read by
:mod:`~grundy.partizan.notation`, above it.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from ..core.errors import InvalidGameError, PositionLimitError
from ..core.integers import shown
from ..core.outcome import Outcome
from .dyadic import dyadic, simplest_between
from .forms import GameForm
from .latex import latex_math
from .writing import format_game

__all__ = ["CanonicalGame", "game", "number", "nimber", "up", "ZERO", "STAR", "UP", "cache_size"]

_NUMBERS: dict[Fraction, CanonicalGame] = {}
_FORMS: dict[tuple[tuple[int, ...], tuple[int, ...]], CanonicalGame] = {}
# Memos keyed by the two serial numbers packed in one int (a tuple key costs twice the
# memory, and the comparison memo is the biggest table of a search).
_LE: dict[int, bool] = {}
_SUM: dict[int, CanonicalGame] = {}
_SHIFT = 40
_NEG: dict[int, CanonicalGame] = {}
#: The largest nimber whose options may be listed (to compare it with a game that is not
#: a nimber, say): a tuple of that many references.
MAX_NIMBER_OPTIONS = 10**6


class CanonicalGame(GameForm):
    """A short partizan game in canonical form; one object per value.

    Build one with :func:`game`, :func:`number`, :func:`nimber`, :func:`up`, the
    operators, or :func:`grundy.partizan.parse` (CGSuite's notation); ``str`` writes
    CGSuite's notation back.

    Attributes
    ----------
    number : Fraction or None
        The value, when the game is a number.

    Examples
    --------
    >>> from grundy.partizan import game, number, nimber, up, ZERO
    >>> star = game([ZERO], [ZERO])
    >>> star is nimber(1), game([star], [star]) is ZERO   # {*|*} = 0
    (True, True)
    >>> half = game([0], [1])
    >>> half is number("1/2"), half + half is number(1)
    (True, True)
    >>> up() > 0, up() | star, up() + up() + star > 0
    (True, True, True)
    >>> game([3], [1]).outcome, game([1], [-1]).outcome, (up() - up()) is ZERO
    (Outcome.L, Outcome.N, True)
    """

    __slots__ = ()

    def _made_options(self) -> tuple[tuple[CanonicalGame, ...], tuple[CanonicalGame, ...]]:
        """The options of a number or a nimber, made when first asked for."""
        if self.number is not None:
            return _number_options(self.number)
        n: int = self._nim  # type: ignore[assignment]
        if n > MAX_NIMBER_OPTIONS:
            raise PositionLimitError(
                f"*{shown(n)} has {shown(n)} options on each side, too many to list (the "
                f"most is {MAX_NIMBER_OPTIONS:,}); sums and comparisons of nimbers alone need none"
            )
        options = tuple(nimber(k) for k in range(n))
        return options, options

    @property
    def outcome(self) -> Outcome:
        """Who wins: L (Left, whoever starts), R, P (the second player) or N (the first).

        Examples
        --------
        >>> from grundy.partizan import number, nimber, ZERO
        >>> number(1).outcome, number(-1).outcome, ZERO.outcome, nimber(1).outcome
        (Outcome.L, Outcome.R, Outcome.P, Outcome.N)
        """
        left_wins_first = not (self <= ZERO)  # Left moving first wins iff not G <= 0
        right_wins_first = not (self >= ZERO)
        if left_wins_first:
            return Outcome.N if right_wins_first else Outcome.L
        return Outcome.R if right_wins_first else Outcome.P

    # ------------------------------------------------------------ arithmetic
    def __add__(self, other: object) -> CanonicalGame:
        h = _as_game(other)
        return NotImplemented if h is None else add(self, h)

    __radd__ = __add__

    def __neg__(self) -> CanonicalGame:
        return negate(self)

    def __sub__(self, other: object) -> CanonicalGame:
        h = _as_game(other)
        return NotImplemented if h is None else add(self, negate(h))

    def __rsub__(self, other: object) -> CanonicalGame:
        h = _as_game(other)
        return NotImplemented if h is None else add(h, negate(self))

    # ------------------------------------------------------------ order
    def __le__(self, other: object) -> bool:
        h = _as_game(other)
        return NotImplemented if h is None else le(self, h)

    def __ge__(self, other: object) -> bool:
        h = _as_game(other)
        return NotImplemented if h is None else le(h, self)

    def __lt__(self, other: object) -> bool:
        h = _as_game(other)
        return NotImplemented if h is None else le(self, h) and self is not h

    def __gt__(self, other: object) -> bool:
        h = _as_game(other)
        return NotImplemented if h is None else le(h, self) and self is not h

    def __or__(self, other: object) -> bool:
        """``G | H``: G and H are confused (incomparable), "G ‖ H"."""
        h = _as_game(other)
        return NotImplemented if h is None else not le(self, h) and not le(h, self)

    __ror__ = __or__

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CanonicalGame):
            return self is other
        h = _as_game(other)
        return h is self if h is not None else NotImplemented

    def __hash__(self) -> int:
        return hash(self.number) if self.number is not None else hash(("game", self._id))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by value, as its followers (a flat list: no recursion, however deep the
        # game), and interned again when loaded: the copy is the same object.
        return (_from_followers, (_followers(self),))

    def __str__(self) -> str:
        return format_game(self)

    def __repr__(self) -> str:
        return f"parse({str(self)!r})"

    def _repr_latex_(self) -> str | None:
        """Conway's notation in LaTeX, for a notebook (IPython's display protocol); None
        past :data:`~grundy.partizan.latex.MAX_LATEX` characters (the text shows then).

        Examples
        --------
        >>> from grundy.partizan import parse
        >>> print(parse("{2|-1/2}")._repr_latex_())
        $\\{2\\;|\\;-\\frac{1}{2}\\}$
        """
        return latex_math(str(self))


def _as_game(value: object) -> CanonicalGame | None:
    if isinstance(value, CanonicalGame):
        return value
    if isinstance(value, int | Fraction) and not isinstance(value, bool):
        return number(value)
    return None


# ------------------------------------------------------------------ named values
def number(value: int | Fraction | str) -> CanonicalGame:
    """The number `value` (an integer or a dyadic rational such as ``"3/8"``).

    Examples
    --------
    >>> from grundy.partizan import number
    >>> str(number("-6/16")), number(2**70).birthday == 2**70
    ('-3/8', True)
    """
    if type(value) is int or type(value) is Fraction:  # not bool, float or text
        found = _NUMBERS.get(value)  # type: ignore[arg-type]  # 3 == Fraction(3)
        if found is not None:  # known, hence dyadic: no check needed
            return found
    x = dyadic(value)
    found = _NUMBERS.get(x)
    if found is None:
        found = _NUMBERS[x] = CanonicalGame._new(x, () if x == 0 else None, () if x == 0 else None)
    return found


def _number_options(x: Fraction) -> tuple[tuple[CanonicalGame, ...], tuple[CanonicalGame, ...]]:
    """The canonical options of the number x: {x-1|} or {|x+1} or {x - 2^-k | x + 2^-k}."""
    if x.denominator == 1:
        if x > 0:
            return (number(x - 1),), ()
        return ((), (number(x + 1),)) if x < 0 else ((), ())
    step = Fraction(1, x.denominator)
    return (number(x - step),), (number(x + step),)


def nimber(n: int) -> CanonicalGame:
    """The nimber *n = {0, *, ..., *(n-1) | 0, *, ..., *(n-1)}.

    Examples
    --------
    >>> from grundy.partizan import nimber
    >>> str(nimber(0)), str(nimber(1)), str(nimber(6)), nimber(3) + nimber(5) is nimber(6)
    ('0', '*', '*6', True)
    """
    if type(n) is not int or n < 0:
        raise InvalidGameError(f"nimber *{n!r}: n must be a non-negative int")
    found = _NIMBERS.get(n)
    if found is None:  # its options are listed when first asked for: *n has n of them
        found = _NIMBERS[n] = CanonicalGame._new(None, None, None)
        found._nim, found._birthday = n, n
    return found


def up(n: int = 1) -> CanonicalGame:
    """n copies of up, ↑ = {0 | *} (down, ↓ = -↑, for negative n).

    Examples
    --------
    >>> from grundy.partizan import up
    >>> str(up()), str(up(2)), str(up(-3)), up(2) > up(1) > 0
    ('^', '^^', 'v3', True)
    """
    if type(n) is not int:
        raise InvalidGameError(f"up({n!r}): n must be an int")
    total = ZERO
    one = UP if n >= 0 else -UP
    for _ in range(abs(n)):
        total = total + one
    return total


def game(
    left: Iterable[CanonicalGame | int | Fraction | str],
    right: Iterable[CanonicalGame | int | Fraction | str],
) -> CanonicalGame:
    """The canonical form of ``{left | right}``; numbers may be given as ints or text.

    Dominated options are removed and reversible ones bypassed until neither is left
    (Conway's simplification); a game whose options are numbers with every Left option
    below every Right option is the simplest number between them. Text is a number's
    (``"3/8"``); other games are read from text by :func:`grundy.partizan.parse`.

    Examples
    --------
    >>> from grundy.partizan import game, nimber
    >>> str(game([0], [])), str(game([1, "1/2"], [2])), str(game([0, nimber(1)], [0]))
    ('1', '3/2', '^*')
    >>> str(game([3], [game([2], [1])]))
    '{3||2|1}'
    """
    left_games = [_coerce(g) for g in left]
    right_games = [_coerce(g) for g in right]
    return _canonical(left_games, right_games)


def _coerce(value: CanonicalGame | int | Fraction | str) -> CanonicalGame:
    # Text here is a number's: reading any game's text needs these constructors, so the
    # reader (grundy.partizan.notation) sits above this module and is not called from it.
    return value if isinstance(value, CanonicalGame) else number(value)


def cache_size() -> int:
    """Canonical forms stored so far (numbers included): the hash-consed table.

    Examples
    --------
    >>> from grundy.partizan import cache_size, nimber
    >>> before = cache_size(); _ = nimber(40); _ = nimber(40); cache_size() - before <= 1
    True
    """
    return len(_FORMS) + len(_NUMBERS) + len(_NIMBERS) - 1  # 0 is a number and a nimber


# ------------------------------------------------------------------ pickling
#: A follower as pickled: a number by its value (a Fraction), a nimber *n by n (an int),
#: any other form by the places of its Left and Right options earlier in the list.
_Follower = Fraction | int | tuple[tuple[int, ...], tuple[int, ...]]


def _followers(g: CanonicalGame) -> tuple[_Follower, ...]:
    """g's followers, each listed once and after its options, g last (a number's and a
    nimber's options are not listed: they are made from the value)."""
    place: dict[int, int] = {}
    listed: list[_Follower] = []
    stack = [g]
    while stack:  # an explicit stack: a game may be deeper than Python's recursion limit
        h = stack[-1]
        if h._id in place:
            stack.pop()
            continue
        entry: _Follower
        if h.number is not None:
            entry = h.number
        elif h._nim is not None:
            entry = h._nim
        else:
            waiting = [o for o in (*h.left, *h.right) if o._id not in place]
            if waiting:
                stack.extend(waiting)
                continue
            entry = (tuple(place[o._id] for o in h.left), tuple(place[o._id] for o in h.right))
        stack.pop()
        place[h._id] = len(listed)
        listed.append(entry)
    return tuple(listed)


def _from_followers(followers: tuple[_Follower, ...]) -> CanonicalGame:
    """The game whose :func:`_followers` are `followers`: the very object pickled.

    Examples
    --------
    >>> import pickle
    >>> from grundy.partizan import parse
    >>> g = parse("{3||2*|1*}")
    >>> pickle.loads(pickle.dumps(g)) is g, pickle.loads(pickle.dumps(-g)) is -g
    (True, True)
    """
    made: list[CanonicalGame] = []
    for entry in followers:
        if isinstance(entry, Fraction):
            made.append(number(entry))
        elif isinstance(entry, int):
            made.append(nimber(entry))
        else:
            left, right = entry
            made.append(_canonical([made[i] for i in left], [made[i] for i in right]))
    return made[-1]


# ------------------------------------------------------------------ the table
def _intern(left: tuple[CanonicalGame, ...], right: tuple[CanonicalGame, ...]) -> CanonicalGame:
    """The one object of the canonical form {left | right} (not a number)."""
    n = _nimber_of(left, right)
    if n is not None:
        return nimber(n)
    key = (tuple(sorted(g._id for g in left)), tuple(sorted(g._id for g in right)))
    found = _FORMS.get(key)
    if found is None:
        ordered_left = tuple(sorted(left, key=_order_key))
        ordered_right = tuple(sorted(right, key=_order_key))
        found = _FORMS[key] = CanonicalGame._new(None, ordered_left, ordered_right)
    return found


def _nimber_of(left: tuple[CanonicalGame, ...], right: tuple[CanonicalGame, ...]) -> int | None:
    """n when {left | right} is {0, *, ..., *(n-1) | the same}, else None."""
    if not left or len(left) != len(right):
        return None
    seen = {g._nim for g in left}
    if None in seen or len(seen) != len(left) or max(seen) != len(left) - 1:  # type: ignore[type-var]
        return None
    return len(left) if all(g._nim in seen for g in right) else None


def _order_key(g: CanonicalGame) -> tuple[int, Fraction, int]:
    """Options listed as people write them: numbers by value first, then by birth."""
    if g.number is not None:
        return (0, g.number, 0)
    return (1, Fraction(0), g._id)


def _canonical(left: list[CanonicalGame], right: list[CanonicalGame]) -> CanonicalGame:
    found = _simplest_number(left, right)
    if found is not None:
        return found
    ls, rs = _undominated(set(left), True), _undominated(set(right), False)
    candidate = _Raw(ls, rs)
    changed = True
    while changed:
        changed = False
        new_left: list[CanonicalGame] = []
        for gl in candidate.left:
            # Left's option GL reverses through GLR when GLR <= G: replace it by GLR's
            # Left options (the value does not change, Conway's bypassing theorem)
            reverse = next((glr for glr in gl.right if _le_raw(glr, candidate)), None)
            if reverse is None:
                new_left.append(gl)
            else:
                new_left.extend(reverse.left)
                changed = True
        new_right: list[CanonicalGame] = []
        for gr in candidate.right:
            reverse = next((grl for grl in gr.left if _ge_raw(grl, candidate)), None)
            if reverse is None:
                new_right.append(gr)
            else:
                new_right.extend(reverse.right)
                changed = True
        if changed:
            candidate.left = _undominated(set(new_left), True)
            candidate.right = _undominated(set(new_right), False)
    found = _simplest_number(candidate.left, candidate.right)
    return found if found is not None else _intern(tuple(candidate.left), tuple(candidate.right))


def _simplest_number(left: list[CanonicalGame], right: list[CanonicalGame]) -> CanonicalGame | None:
    """{left | right} when its options are numbers, every Left one below every Right one:
    the simplest number between them; else None."""
    if not all(g.number is not None for g in (*left, *right)):
        return None
    low = max((g.number for g in left), default=None)  # type: ignore[type-var]
    high = min((g.number for g in right), default=None)  # type: ignore[type-var]
    if low is None or high is None or low < high:
        return number(simplest_between(low, high))
    return None


def _undominated(options: set[CanonicalGame], left: bool) -> list[CanonicalGame]:
    """Drop the options another one dominates (Left keeps maxima, Right minima)."""
    kept = list(options)
    out = []
    for g in kept:
        if not any(h is not g and (le(g, h) if left else le(h, g)) for h in kept):
            out.append(g)
    return out


class _Raw:
    """A game {left | right} being simplified: not interned, compared through its options."""

    def __init__(self, left: list[CanonicalGame], right: list[CanonicalGame]) -> None:
        self.left, self.right = left, right
        self.memo: dict[tuple[int, int], bool] = {}


def _le_raw(h: CanonicalGame, g: _Raw) -> bool:
    """H <= G for the game G being simplified: no H^L >= G and no G^R <= H."""
    key = (h._id, 0)
    found = g.memo.get(key)
    if found is None:
        found = not any(_ge_raw(hl, g) for hl in h.left) and not any(le(gr, h) for gr in g.right)
        g.memo[key] = found
    return found


def _ge_raw(h: CanonicalGame, g: _Raw) -> bool:
    """H >= G for the game G being simplified: no H^R <= G and no G^L >= H."""
    key = (h._id, 1)
    found = g.memo.get(key)
    if found is None:
        found = not any(_le_raw(hr, g) for hr in h.right) and not any(le(h, gl) for gl in g.left)
        g.memo[key] = found
    return found


# ------------------------------------------------------------------ operations
def le(g: CanonicalGame, h: CanonicalGame) -> bool:
    """G <= H: Left, moving second in H - G, never loses (memoised).

    For a number x and a game H that is not one, x <= H exactly when no Right option of
    H is <= x (number avoidance), so numbers are never taken apart.

    Examples
    --------
    >>> from grundy.partizan.canonical import le, number, up, nimber
    >>> le(number(0), up()), le(nimber(1), number(0)), le(up(), number("1/64"))
    (True, False, True)
    """
    if g is h:
        return True
    x, y = g.number, h.number
    if x is not None and y is not None:
        return x <= y
    # a nimber *n (n > 0) is confused with 0 and with every other nimber, and lies
    # between the negative and the positive numbers: no need to list its n options
    if g._nim is not None and (h._nim is not None or y is not None):
        return y is not None and y > 0
    if h._nim is not None and x is not None:
        return x < 0
    key = g._id << _SHIFT | h._id
    found = _LE.get(key)
    if found is None:
        if x is not None:
            found = not any(le(hr, g) for hr in h.right)
        elif y is not None:
            found = not any(le(h, gl) for gl in g.left)
        else:
            found = not any(le(h, gl) for gl in g.left) and not any(le(hr, g) for hr in h.right)
        _LE[key] = found
    return found


def add(g: CanonicalGame, h: CanonicalGame) -> CanonicalGame:
    """The canonical form of G + H (memoised; numbers translate, nimbers xor).

    Examples
    --------
    >>> from grundy.partizan.canonical import add, number, nimber, up
    >>> str(add(number("1/2"), up())), str(add(nimber(2), nimber(3))), str(add(up(), up()))
    ('1/2^', '*', '^^')
    """
    x, y = g.number, h.number
    if x is not None and y is not None:
        return number(x + y)
    if x == 0:
        return h
    if y == 0:
        return g
    a, b = (g, h) if g._id <= h._id else (h, g)
    key = a._id << _SHIFT | b._id
    found = _SUM.get(key)
    if found is None:
        m, n = g.nim_value, h.nim_value
        if m is not None and n is not None:
            found = nimber(m ^ n)
        elif m is not None and y is not None:  # *m + y: a nimber and a number
            found = _number_plus_nimber(h, m)
        elif n is not None and x is not None:
            found = _number_plus_nimber(g, n)
        elif y is not None:  # number translation: x + G = {x + G^L | x + G^R}
            found = _canonical([add(gl, h) for gl in g.left], [add(gr, h) for gr in g.right])
        elif x is not None:
            found = _canonical([add(g, hl) for hl in h.left], [add(g, hr) for hr in h.right])
        else:
            found = _canonical(
                [add(gl, h) for gl in g.left] + [add(g, hl) for hl in h.left],
                [add(gr, h) for gr in g.right] + [add(g, hr) for hr in h.right],
            )
        _SUM[key] = found
    return found


def _number_plus_nimber(x: CanonicalGame, n: int) -> CanonicalGame:
    """x + *n = {x, x*, ..., x*(n-1) | the same}, built for k = 1, 2, ..., n in turn.

    That form is canonical as it stands: its options differ by nimbers, so none dominates
    another, and none reverses (x + *j <= x + *n only for j = n; a Right option of the
    number x exceeds x by a positive number, which *n is not above). So no option is
    compared, and no recursion is n deep.
    """
    forms = [x]
    for k in range(1, n + 1):
        key = min(x._id, nimber(k)._id) << _SHIFT | max(x._id, nimber(k)._id)
        found = _SUM.get(key)
        if found is None:
            options = tuple(forms)
            found = _SUM[key] = _intern(options, options)
        forms.append(found)
    return forms[n]


def negate(g: CanonicalGame) -> CanonicalGame:
    """-G: the roles of Left and Right exchanged.

    Examples
    --------
    >>> from grundy.partizan.canonical import negate, up, nimber
    >>> str(negate(up())), negate(nimber(4)) is nimber(4)
    ('v', True)
    """
    if g.number is not None:
        return number(-g.number)
    if g._nim is not None:
        return g
    found = _NEG.get(g._id)
    if found is None:
        found = _intern(tuple(negate(r) for r in g.right), tuple(negate(x) for x in g.left))
        _NEG[g._id] = found
        _NEG[found._id] = g
    return found


ZERO = number(0)
_NIMBERS: dict[int, CanonicalGame] = {0: ZERO}
STAR = nimber(1)
UP = _intern((ZERO,), (STAR,))
