"""Compounds of short games, as CGSuite defines them (its ``CompoundGame``): the ordinal
sum G : H, the conjunctive and selective sums, the ordinal product and the Conway product
(the disjunctive sum is ``+``; the Norton product is :func:`~grundy.partizan.norton_product`).

Each function takes two games, canonical (``CanonicalGame``, ints, dyadic Fractions,
text) or explicit forms (:mod:`~grundy.partizan.explicit`), and returns the canonical
form of the compound. A canonical operand is read as its canonical form, an explicit one
as written: the ordinal sum and the conjunctive sum, and the products, depend on forms,
not only on values. :class:`CompoundGame` is the compound as a form, what CGSuite's
``'{*|*}' : 1`` is, for compounds of compounds (``(G : H) : K`` reads the options of
G : H).

With L and R ranging over Left's and Right's options (normal play: who cannot move loses):

================  ==============================================================
``G : H``         {G^L, G : H^L | G^R, G : H^R}: G first, H's moves reset nothing
``G ∧ H``         {G^L ∧ H^L | G^R ∧ H^R}: move in both; it ends when one ends
``G ∨ H``         {G^L + H, G + H^L, G^L ∧ H^L | the same with R} (CGSuite's code)
``G ⊛ H``         {G⊛H^L : G^L, G⊛H^R : -G^R | G⊛H^L : G^R, G⊛H^R : -G^L}
``G · H``         {G^L·H + G·H^L - G^L·H^L, G^R·H + G·H^R - G^R·H^R |
                  G^L·H + G·H^R - G^L·H^R, G^R·H + G·H^L - G^R·H^L}
================  ==============================================================

Examples
--------
>>> from grundy.partizan import (parse, explicit_game, ordinal_sum, conjunctive_sum,
...     selective_sum, ordinal_product, conway_product)
>>> half, quarter = parse("1/2"), parse("1/4")
>>> [str(f(half, quarter)) for f in (ordinal_sum, conjunctive_sum, selective_sum,
...                                  ordinal_product, conway_product)]
['9/16', '1/2', '3/4', '11/32', '1/8']
>>> str(ordinal_sum(explicit_game(["*"], ["*"]), 1)), str(ordinal_sum(0, 1))   # forms count
('^', '1')
>>> str(conway_product("*4", "*4")), str(conway_product("{3|1}", "^^"))
('*6', '{^6|^^}')

Notes
-----
Values follow CGSuite (``CompoundGame.scala``, ``CanonicalShortGameOps``): its selective
sum's options are a disjunctive sum (a move in one component) or a conjunctive sum (in
both), so ``*5 ∨ *6`` is ``*8``; Winning Ways' selective compound, where every later move
may again be in one or both, would make it ``*11``. On numbers the Conway product is the
product, on nimbers the nim product; an integer n times any G is n copies of G. The ordinal
sum depends on G's form but only on H's value (Norton's colon principle). Every value
is computed bottom-up over the followers, memoised, within ``max_work`` (positions,
each weighted by its options squared: :class:`~grundy.partizan._bottom_up.Budget`).

References
----------
E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 9 and 14 (ordinal,
conjunctive and selective compounds); J. H. Conway, *On Numbers and Games*, ch. 1 and 6
(products); A. N. Siegel, *Combinatorial Game Theory*, on ordinal sums; CGSuite,
``lib/core/src/main/scala/org/cgsuite/core/CompoundGame.scala``.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any, Literal, TypeGuard

from ..nimbers import nim_mul
from ._bottom_up import DEFAULT_MAX_WORK, Budget, bottom_up, within_stack
from .canonical import CanonicalGame, game, nimber, number
from .explicit import (
    Form,
    NegativeGame,
    ShortForm,
    as_form,
    canonical_of,
    form_options,
    negative_form,
)
from .reduced import norton_product

__all__ = [
    "CompoundType",
    "CompoundGame",
    "ordinal_sum",
    "conjunctive_sum",
    "selective_sum",
    "ordinal_product",
    "conway_product",
]

GameLike = CanonicalGame | ShortForm | int | Fraction | str
Side = Literal["Left", "Right"]
_OTHER: dict[Side, Side] = {"Left": "Right", "Right": "Left"}
_SIDES: tuple[Side, Side] = ("Left", "Right")


class CompoundType(Enum):
    """The kinds of compound, each named by CGSuite's operator.

    Examples
    --------
    >>> from grundy.partizan.compounds import CompoundType
    >>> CompoundType.ORDINAL_SUM.value, CompoundType("ConwayProduct")
    (':', CompoundType.CONWAY_PRODUCT)
    """

    CONJUNCTIVE_SUM = "ConjunctiveSum"
    CONWAY_PRODUCT = "ConwayProduct"
    DISJUNCTIVE_SUM = "+"
    ORDINAL_PRODUCT = "OrdinalProduct"
    ORDINAL_SUM = ":"
    SELECTIVE_SUM = "SelectiveSum"

    def __repr__(self) -> str:
        return f"CompoundType.{self.name}"


# ------------------------------------------------------------------ the form
@dataclass(frozen=True, eq=True, repr=False)
class CompoundGame(ShortForm, compound=True):
    """The compound of two games as a form (CGSuite's ``CompoundGame``): its options are
    compounds of the operands' options, built when asked for.

    Parameters
    ----------
    kind : CompoundType
    g, h : Form
        The operands (canonical games or forms).

    Examples
    --------
    >>> from grundy.partizan import explicit_game, parse
    >>> from grundy.partizan.compounds import CompoundGame, CompoundType
    >>> g = CompoundGame(CompoundType.ORDINAL_SUM, explicit_game(["*"], ["*"]), parse("1"))
    >>> str(g), str(g.canonical()), [str(o) for o in g.left]
    ("'{*|*}' : 1", '^', ['*', "'{*|*}' : 0"])
    >>> str(CompoundGame(CompoundType.ORDINAL_SUM, g, parse("-1")).canonical())
    '{0|*,^}'
    """

    kind: CompoundType
    g: Form
    h: Form
    _hash: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, CompoundType):
            raise TypeError(f"CompoundGame: {self.kind!r} is not a CompoundType")
        object.__setattr__(self, "g", as_form(self.g))
        object.__setattr__(self, "h", as_form(self.h))
        object.__setattr__(self, "_hash", hash((self.kind, self.g, self.h)))

    @classmethod
    def of(cls, kind: str, g: Form, h: Form) -> CompoundGame:
        """What ``+`` and ``n * G`` of forms build: `kind` is ``"disjunctive sum"`` or
        ``"conway product"``.

        Examples
        --------
        >>> from grundy.partizan import explicit_game, parse
        >>> from grundy.partizan.compounds import CompoundGame
        >>> str(CompoundGame.of("conway product", parse("2"), explicit_game([0], [])))
        "2 * '{0|}'"
        """
        which = {"disjunctive sum": CompoundType.DISJUNCTIVE_SUM}
        return cls(which.get(kind, CompoundType.CONWAY_PRODUCT), g, h)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        # built again when loaded: the hash of its canonical options is this process's
        return (CompoundGame, (self.kind, self.g, self.h))

    def __repr__(self) -> str:
        return f"CompoundGame({self.kind!r}, {self.g!r}, {self.h!r})"

    def __str__(self) -> str:
        # written as evaluate() reads it back: an operand binding less tightly than this
        # operator, or as tightly on the right (operators group to the left), is bracketed
        level = _level(self)
        g, h = _operand(self.g), _operand(self.h)
        if isinstance(self.g, CompoundGame) and _level(self.g) > level:
            g = f"({g})"
        if isinstance(self.h, CompoundGame) and _level(self.h) >= level:
            h = f"({h})"
        return f"{g} {_symbol(self)} {h}"

    @property
    def left(self) -> tuple[Form, ...]:
        """Left's options, compounds of the operands' options (built once, when asked).

        Examples
        --------
        >>> from grundy.partizan import parse
        >>> from grundy.partizan.compounds import CompoundGame, CompoundType
        >>> [str(o) for o in CompoundGame(CompoundType.CONJUNCTIVE_SUM, parse("2"), 3).left]
        ['1 ConjunctiveSum 2']
        """
        return self._options("Left")

    @property
    def right(self) -> tuple[Form, ...]:
        """Right's options.

        Examples
        --------
        >>> from grundy.partizan import parse
        >>> from grundy.partizan.compounds import CompoundGame, CompoundType
        >>> [str(o) for o in CompoundGame(CompoundType.ORDINAL_SUM, parse("*"), -1).right]
        ['0', '(*) : 0']
        """
        return self._options("Right")

    def _options(self, side: Side) -> tuple[Form, ...]:
        cached: dict[Side, tuple[Form, ...]] = self.__dict__.setdefault("_listed", {})
        found = cached.get(side)
        if found is None:
            found = cached[side] = tuple(_compound_options(self.kind, self.g, self.h, side))
        return found

    def __neg__(self) -> ShortForm:
        if self.kind in (CompoundType.CONWAY_PRODUCT, CompoundType.ORDINAL_PRODUCT):
            return NegativeGame(self)
        return CompoundGame(self.kind, negative_form(self.g), negative_form(self.h))

    def _canonical(self, budget: Budget) -> CanonicalGame:
        found = _VALUES.get(self)
        if found is None:
            found = _VALUES[self] = _value(self.kind, self.g, self.h, budget)
        return found


_VALUES: dict[CompoundGame, CanonicalGame] = {}


def _integer(g: Form) -> TypeGuard[CanonicalGame]:
    return isinstance(g, CanonicalGame) and g.number is not None and g.number.denominator == 1


def _symbol(c: CompoundGame) -> str:
    """CGSuite's operator: ``*`` for an integer times a game, else the compound's name."""
    integer = _integer(c.g) or _integer(c.h)
    return "*" if c.kind is CompoundType.CONWAY_PRODUCT and integer else c.kind.value


def _level(c: CompoundGame) -> int:
    """How loosely the operator binds in evaluate(): ``*``, ``:``, ``+``, named ones."""
    return {"*": 1, ":": 2, "+": 3}.get(_symbol(c), 4)


def _operand(g: Form) -> str:
    """An operand's text: a canonical game in parentheses unless it is a number."""
    text = str(g)
    if isinstance(g, CanonicalGame) and not re.fullmatch(r"-?\d+(/\d+)?", text):
        return f"({text})"
    return text


def _compound_options(kind: CompoundType, g: Form, h: Form, side: Side) -> list[Form]:
    """The options of the compound for `side`, as CGSuite's CompoundGame lists them."""
    C = CompoundGame
    T = CompoundType
    if kind is T.DISJUNCTIVE_SUM:
        return [
            *(C(kind, x, h) for x in form_options(g, side)),
            *(C(kind, g, y) for y in form_options(h, side)),
        ]
    if kind is T.CONJUNCTIVE_SUM:
        return [*(C(kind, x, y) for x in form_options(g, side) for y in form_options(h, side))]
    if kind is T.SELECTIVE_SUM:  # one level: then a disjunctive or a conjunctive sum
        return _compound_options(T.DISJUNCTIVE_SUM, g, h, side) + _compound_options(
            T.CONJUNCTIVE_SUM, g, h, side
        )
    if kind is T.ORDINAL_SUM:
        return [*form_options(g, side), *(C(kind, g, y) for y in form_options(h, side))]
    options: list[Form] = []
    if kind is T.ORDINAL_PRODUCT:  # G⊛H^L : G^side, G⊛H^R : (-G)^side
        for player, base in zip(_SIDES, (g, negative_form(g)), strict=True):
            for y in form_options(h, player):
                for x in form_options(base, side):
                    options.append(C(T.ORDINAL_SUM, C(kind, g, y), x))
        return options
    for player in _SIDES:  # Conway product: G^p·H + G·H^q - G^p·H^q
        other: Side = player if side == "Left" else _OTHER[player]
        for x in form_options(g, player):
            for y in form_options(h, other):
                first = C(T.DISJUNCTIVE_SUM, C(kind, x, h), C(kind, g, y))
                options.append(C(T.DISJUNCTIVE_SUM, first, negative_form(C(kind, x, y))))
    return options


# ------------------------------------------------------------------ the values
def _value(kind: CompoundType, g: Form, h: Form, budget: Budget) -> CanonicalGame:
    if kind is CompoundType.DISJUNCTIVE_SUM:
        return canonical_of(g, budget) + canonical_of(h, budget)
    if kind is CompoundType.ORDINAL_SUM:
        return _ordinal_sum(g, h, budget)
    if kind is CompoundType.CONJUNCTIVE_SUM:
        return _conjunctive_sum(g, h, budget)
    if kind is CompoundType.SELECTIVE_SUM:
        return _selective_sum(g, h, budget)
    if kind is CompoundType.ORDINAL_PRODUCT:
        return game(*_ordinal_product_options(g, h, budget))
    return _conway_product(g, h, budget)


def _option_values(g: Form, budget: Budget) -> tuple[tuple[CanonicalGame, ...], ...]:
    return tuple(tuple(canonical_of(o, budget) for o in form_options(g, side)) for side in _SIDES)


#: base's (Left, Right) option values -> {H: the value of base : H}
_ORDINAL: dict[tuple[tuple[CanonicalGame, ...], ...], dict[CanonicalGame, CanonicalGame]] = {}


def _ordinal_sum(g: Form, h: Form, budget: Budget) -> CanonicalGame:
    sub = canonical_of(h, budget)  # the colon principle: only H's value counts
    if isinstance(g, CanonicalGame) and sub.nim_value is not None:
        if g.number is not None:  # x : *n = x + *n (CGSuite's shortcut)
            return g + sub
        if g.nim_value is not None:  # *m : *n = *(m + n)
            return nimber(g.nim_value + sub.nim_value)
    return _base_colon(_option_values(g, budget), sub, budget)


def _base_colon(
    base: tuple[tuple[CanonicalGame, ...], ...], sub: CanonicalGame, budget: Budget
) -> CanonicalGame:
    """The value of B : H for a base B whose option values are `base`."""
    memo = _ORDINAL.setdefault(base, {})
    base_left, base_right = base

    def children(x: CanonicalGame) -> tuple[CanonicalGame, ...]:
        budget.spend(len(base_left) + len(x.left), len(base_right) + len(x.right))
        return (*x.left, *x.right)

    def combine(x: CanonicalGame) -> CanonicalGame:
        return game(
            [*base_left, *(memo[y] for y in x.left)], [*base_right, *(memo[y] for y in x.right)]
        )

    return bottom_up(sub, children, combine, memo)


_CONJUNCTIVE: dict[tuple[Form, Form], CanonicalGame] = {}


def _conjunctive_sum(g: Form, h: Form, budget: Budget) -> CanonicalGame:
    memo = _CONJUNCTIVE

    def leaf(pair: tuple[Form, Form]) -> CanonicalGame | None:
        a, b = pair
        if isinstance(a, CanonicalGame) and isinstance(b, CanonicalGame):
            m, n = a.nim_value, b.nim_value
            if m is not None and n is not None:  # *m ∧ *n = *min(m, n)
                return nimber(min(m, n))
        return None

    def pairs(a: Form, b: Form, side: Side) -> list[tuple[Form, Form]]:
        return [(x, y) for x in form_options(a, side) for y in form_options(b, side)]

    def children(pair: tuple[Form, Form]) -> list[tuple[Form, Form]]:
        left, right = pairs(*pair, "Left"), pairs(*pair, "Right")
        budget.spend(len(left), len(right))
        return left + right

    def combine(pair: tuple[Form, Form]) -> CanonicalGame:
        return game(
            [memo[p] for p in pairs(*pair, "Left")], [memo[p] for p in pairs(*pair, "Right")]
        )

    return bottom_up((g, h), children, combine, memo, leaf)


def _selective_sum(g: Form, h: Form, budget: Budget) -> CanonicalGame:
    value_g, value_h = canonical_of(g, budget), canonical_of(h, budget)
    a, b = value_g.nim_value, value_h.nim_value
    if isinstance(g, CanonicalGame) and isinstance(h, CanonicalGame) and a is not None:
        if b is not None:  # its options are *a'+*b, *a+*b' and *a'∧*b' = *min(a', b')
            budget.count(a + b)
            seen = {x ^ b for x in range(a)} | {a ^ y for y in range(b)}
            return nimber(next(v for v in itertools.count(min(a, b)) if v not in seen))
    sides = []
    for side in _SIDES:
        gs, hs = form_options(g, side), form_options(h, side)
        options = [canonical_of(x, budget) + value_h for x in gs]
        options += [value_g + canonical_of(y, budget) for y in hs]
        options += [_conjunctive_sum(x, y, budget) for x in gs for y in hs]
        sides.append(options)
    budget.spend(len(sides[0]), len(sides[1]))
    return game(*sides)


#: (G, X) -> the option values of the form G ⊛ X
_ORDINAL_PRODUCT: dict[tuple[Form, Form], tuple[tuple[CanonicalGame, ...], ...]] = {}


def _ordinal_product_options(
    g: Form, h: Form, budget: Budget
) -> tuple[tuple[CanonicalGame, ...], ...]:
    memo = _ORDINAL_PRODUCT
    g_left, g_right = _option_values(g, budget)
    minus_left, minus_right = tuple(-x for x in g_left), tuple(-x for x in g_right)

    def children(pair: tuple[Form, Form]) -> list[tuple[Form, Form]]:
        x = pair[1]
        xl, xr = form_options(x, "Left"), form_options(x, "Right")
        budget.spend(
            len(xl) * len(g_left) + len(xr) * len(g_right),
            len(xl) * len(g_right) + len(xr) * len(g_left),
        )
        return [(g, y) for y in (*xl, *xr)]

    def combine(pair: tuple[Form, Form]) -> tuple[tuple[CanonicalGame, ...], ...]:
        x = pair[1]
        xl, xr = form_options(x, "Left"), form_options(x, "Right")
        left = [_base_colon(memo[(g, y)], s, budget) for y in xl for s in g_left]
        left += [_base_colon(memo[(g, y)], s, budget) for y in xr for s in minus_right]
        right = [_base_colon(memo[(g, y)], s, budget) for y in xl for s in g_right]
        right += [_base_colon(memo[(g, y)], s, budget) for y in xr for s in minus_left]
        return (tuple(left), tuple(right))

    return bottom_up((g, h), children, combine, memo)


_CONWAY: dict[tuple[Form, Form], CanonicalGame] = {}


def _conway_product(g: Form, h: Form, budget: Budget) -> CanonicalGame:
    memo = _CONWAY

    def leaf(pair: tuple[Form, Form]) -> CanonicalGame | None:
        a, b = pair
        for factor, other in ((a, b), (b, a)):
            if _integer(factor):  # n·G is n copies of G, whatever G's form (ONAG ch. 1)
                return norton_product(factor, canonical_of(other, budget))
        if isinstance(a, CanonicalGame) and isinstance(b, CanonicalGame):
            if a.number is not None and b.number is not None:  # numbers multiply
                return number(a.number * b.number)
            m, n = a.nim_value, b.nim_value
            if m is not None and n is not None:  # nimbers nim-multiply
                return nimber(nim_mul(m, n))
        return None

    def triples(pair: tuple[Form, Form], side: Side) -> list[tuple[Form, Form]]:
        """(G^p, H), (G, H^q), (G^p, H^q) for each option pair that makes one of
        `side`'s options."""
        a, b = pair
        found = []
        for player in _SIDES:
            other: Side = player if side == "Left" else _OTHER[player]
            for x in form_options(a, player):
                for y in form_options(b, other):
                    found += [(x, b), (a, y), (x, y)]
        return found

    def children(pair: tuple[Form, Form]) -> list[tuple[Form, Form]]:
        left, right = triples(pair, "Left"), triples(pair, "Right")
        budget.spend(len(left) // 3, len(right) // 3)
        return left + right

    def combine(pair: tuple[Form, Form]) -> CanonicalGame:
        sides = []
        for side in _SIDES:
            t = triples(pair, side)
            sides.append(
                [memo[t[i]] + memo[t[i + 1]] - memo[t[i + 2]] for i in range(0, len(t), 3)]
            )
        return game(*sides)

    return bottom_up((g, h), children, combine, memo, leaf)


# ------------------------------------------------------------------ the functions
def _compute(kind: CompoundType, g: GameLike, h: GameLike, max_work: int) -> CanonicalGame:
    a, b = as_form(g), as_form(h)
    budget = Budget(max_work, str(CompoundGame(kind, a, b)))
    return within_stack(lambda: _value(kind, a, b, budget))


def ordinal_sum(g: GameLike, h: GameLike, *, max_work: int = DEFAULT_MAX_WORK) -> CanonicalGame:
    """G : H = {G^L, G : H^L | G^R, G : H^R}: G, where a move in G ends H (CGSuite's ``:``).

    Parameters
    ----------
    g : CanonicalGame, form, int, Fraction or str
        The base; its form counts (an explicit form's options as written).
    h : CanonicalGame, form, int, Fraction or str
        The subordinate; only its value counts (the colon principle).
    max_work : int
        The most work to do (see :class:`~grundy.partizan._bottom_up.Budget`).

    Returns
    -------
    CanonicalGame

    Raises
    ------
    PositionLimitError
        More work than `max_work`.
    InvalidGameError
        An operand that is not a game.

    Examples
    --------
    >>> from grundy.partizan import ordinal_sum, explicit_game
    >>> str(ordinal_sum("1/2", "1/4")), str(ordinal_sum("*5", "*6")), str(ordinal_sum(2, -1))
    ('9/16', '*11', '3/2')
    >>> star_star = explicit_game(["*"], ["*"])       # '{*|*}', whose value is 0
    >>> str(ordinal_sum(explicit_game([-1], [1]), 1)), str(ordinal_sum(star_star, 3))
    ('1/2', '^[3]')
    """
    return _compute(CompoundType.ORDINAL_SUM, g, h, max_work)


def conjunctive_sum(g: GameLike, h: GameLike, *, max_work: int = DEFAULT_MAX_WORK) -> CanonicalGame:
    """G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}: each move is made in both components.

    Parameters and errors are those of :func:`ordinal_sum`; both operands' forms count.

    Examples
    --------
    >>> from grundy.partizan import conjunctive_sum, explicit_game
    >>> str(conjunctive_sum("*5", "*6")), str(conjunctive_sum("+-1", "^^"))
    ('*5', '{0|-1}')
    >>> str(conjunctive_sum(explicit_game(["*"], ["*"]), 3)), str(conjunctive_sum(0, 3))
    ('2', '0')

    Notes
    -----
    For impartial games the player to move wins exactly when the smaller remoteness is
    odd (Smith); on nimbers, *m ∧ *n = *min(m, n).
    """
    return _compute(CompoundType.CONJUNCTIVE_SUM, g, h, max_work)


def selective_sum(g: GameLike, h: GameLike, *, max_work: int = DEFAULT_MAX_WORK) -> CanonicalGame:
    """G ∨ H as CGSuite computes it: a move in one component (leaving the disjunctive sum
    G^L + H or G + H^L) or in both (leaving the conjunctive sum G^L ∧ H^L).

    Parameters and errors are those of :func:`ordinal_sum`.

    Examples
    --------
    >>> from grundy.partizan import selective_sum
    >>> str(selective_sum("1/2", "1/4")), str(selective_sum("*5", "*6"))
    ('3/4', '*8')

    Notes
    -----
    CGSuite's documentation writes the recursive compound (every later move again in
    one or both), which would make *5 ∨ *6 = *11; its code and its tests, which this
    function reproduces, leave a sum of the other kinds after the first move.
    """
    return _compute(CompoundType.SELECTIVE_SUM, g, h, max_work)


def ordinal_product(g: GameLike, h: GameLike, *, max_work: int = DEFAULT_MAX_WORK) -> CanonicalGame:
    """G ⊛ H = {G⊛H^L : G^L, G⊛H^R : -G^R | G⊛H^L : G^R, G⊛H^R : -G^L}: for Hackenbush
    stalks, H with each blue edge replaced by G and each red one by -G.

    Parameters and errors are those of :func:`ordinal_sum`.

    Examples
    --------
    >>> from grundy.partizan import ordinal_product
    >>> str(ordinal_product("1/2", "1/4")), str(ordinal_product("*5", "*6"))
    ('11/32', '*30')
    >>> str(ordinal_product("+-1", "^^")), str(ordinal_product(1, "{3|1}"))
    ('+-1', '{3|1}')
    """
    return _compute(CompoundType.ORDINAL_PRODUCT, g, h, max_work)


def conway_product(g: GameLike, h: GameLike, *, max_work: int = DEFAULT_MAX_WORK) -> CanonicalGame:
    """Conway's product G·H = {G^L·H + G·H^L - G^L·H^L, G^R·H + G·H^R - G^R·H^R |
    G^L·H + G·H^R - G^L·H^R, G^R·H + G·H^L - G^R·H^L}.

    Parameters and errors are those of :func:`ordinal_sum`; forms count (the product is
    not a function of values: only numbers multiply as numbers).

    Examples
    --------
    >>> from grundy.partizan import conway_product
    >>> str(conway_product("1/2", "1/4")), str(conway_product("*19", "*23"))
    ('1/8', '*86')
    >>> str(conway_product(15, "^^*2")), str(conway_product("^^", "^^"))
    ('^30*2', '{0||0,*|0,{0,*|0,*2}}')
    """
    return _compute(CompoundType.CONWAY_PRODUCT, g, h, max_work)
