"""Uptimals: the games x + c_1·↑ + c_2·↑² + ... + c_k·↑^k + *m, recognised from their
canonical forms as CGSuite does.

↑^i is the i-th "up-nth" (↑^<i> in CGSuite's notation): ↑, ↑² = {0 | ↓*}, ... Numbers,
nimbers, multiples of ↑ and the unit sums ↑^[n] = ↑ + ↑² + ... + ↑ⁿ are all uptimals.
CGSuite lists options in an order (DeterministicOrdering) that ranks uptimals by their
expansions, so printing the same text needs the same recogniser.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from .forms import GameForm

__all__ = ["Uptimal", "uptimal_expansion"]

#: x + Σ c_i·↑^i + *m as (x, (c_1, ..., c_k), m) with c_k != 0: CGSuite's UptimalExpansion.
Uptimal = tuple[Fraction, tuple[int, ...], int]
_KINDS: dict[int, Uptimal | None] = {}


def uptimal_expansion(g: GameForm) -> Uptimal | None:
    """g's uptimal expansion (x, (c_1, ..., c_k), m), g = x + Σ c_i·↑^i + *m, as CGSuite
    finds it (CanonicalShortGameOps.uptimalExpansion); None for a game that is not one.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.uptimals import uptimal_expansion
    >>> uptimal_expansion(parse("1/2^^*"))
    (Fraction(1, 2), (2,), 1)
    >>> uptimal_expansion(parse("^<3>*2")), uptimal_expansion(parse("{0|^[2]}"))
    ((Fraction(0, 1), (0, 0, 1), 2), (Fraction(0, 1), (2, 2), 1))
    >>> uptimal_expansion(parse("{1|-1}")) is None
    True

    Numbers and nimbers are uptimals too. Each game is recognised once, from its options'
    expansions, worked bottom-up with a stack (no recursion: ↑^[500] is fine); a game
    with two or more options on each side (other than x + *m) fails at once.
    """
    found = _KINDS.get(g._id, False)
    if found is not False:
        return found  # type: ignore[return-value]
    stack = [g]
    while stack:
        h = stack[-1]
        if h._id in _KINDS:
            stack.pop()
            continue
        waiting = [o for o in _needs(h) if o._id not in _KINDS]
        if waiting:
            stack.extend(waiting)
            continue
        stack.pop()
        _KINDS[h._id] = _recognise(h)
    return _KINDS[g._id]


def _needs(g: GameForm) -> tuple[GameForm, ...]:
    """The options whose expansions `_recognise` reads: none when g can't be an uptimal."""
    if g.number is not None or g.nim_value is not None:
        return ()
    if len(g.left) == 1 or len(g.right) == 1 or _same_options(g):
        return g.left + g.right
    return ()


def _same_options(g: GameForm) -> bool:
    return len(g.left) == len(g.right) and {o._id for o in g.left} == {o._id for o in g.right}


def _recognise(g: GameForm) -> Uptimal | None:
    """g's expansion, its options' expansions being known (in ``_KINDS``)."""
    if g.number is not None:
        return (g.number, (), 0)
    if (n := g.nim_value) is not None:
        return (Fraction(0), (), n)
    found = _number_star(g) if _same_options(g) else None
    if found is None and len(g.right) == 1:
        found = _expansion(g.left, g.right[0], 1)
    if found is None and len(g.left) == 1:  # a negative last coefficient: read -g
        found = _expansion(g.right, g.left[0], -1)
        found = None if found is None else _negative(found)
    return found


def _number_star(g: GameForm) -> Uptimal | None:
    """x + *m = {x, x*, ..., x*(m-1) | x, x*, ..., x*(m-1)}."""
    kinds = [k for o in g.left if (k := _KINDS[o._id]) is not None and not k[1]]
    if len(kinds) < len(g.left) or any(k[0] != kinds[0][0] for k in kinds):
        return None
    if sorted(k[2] for k in kinds) != list(range(len(kinds))):
        return None
    return (kinds[0][0], (), len(kinds))


def _expansion(lefts: tuple[GameForm, ...], right: GameForm, sign: int) -> Uptimal | None:
    """The expansion of {lefts | right} (of its negative, options negated, if `sign` < 0)
    whose last coefficient is positive, or None.

    Such an uptimal G has one Right option, G^R = G less one in each coefficient up to
    the last, with the star toggled, so G is G^R plus one in each coefficient, up to
    G^R's length (a last coefficient >= 2) or one further (a last coefficient 1);
    either is checked against Left's options (`_lefts_fit`).
    """
    r = _KINDS[right._id]
    if r is None:
        return None
    r = r if sign > 0 else _negative(r)
    found: list[Uptimal] = []
    for o in lefts:
        k = _KINDS[o._id]
        if k is None:
            return None
        k = k if sign > 0 else _negative(k)
        if k[0] != r[0]:
            return None
        found.append(k)
    if r[1] and r[1][-1] > 0:
        e = _incremented(r, len(r[1]))
        if _lefts_fit(e, found, r):
            return e
    e = _incremented(r, max(len(k[1]) for k in (r, *found)) + 1)
    return e if _lefts_fit(e, found, r) else None


def _lefts_fit(e: Uptimal, lefts: list[Uptimal], right: Uptimal) -> bool:
    """Are `lefts` the Left options of the uptimal `e` whose Right option is `right`?

    With G = x + *m + Σ c_i·↑^i (c_k > 0), and G' = G cut after c_{k-1} (c_k = 1) or
    after its last c_i <= 0 (c_k >= 2), Left's options are

    - G' and H + ↑ + ... + ↑^j + *, H being G cut after its last negative c_j, if any;
    - else G' and x, x*, ..., x*(m-1) if c_1 = 0;
    - else G' and x if c_1 = 1 and G is confused with x;
    - else G' alone (x if G' is x + *m).

    They are compared as sets here, where CGSuite reads them in its own order.
    """
    x, c, m = e
    cut = _truncated(e, len(c) - 1 if c[-1] == 1 else _last_at_most(c, 0))
    if negative := _last_at_most(c, -1):
        base = [k for k in lefts if k[2] == right[2]]
        return (
            len(lefts) == 2
            and len(base) == 1
            and base[0] == _incremented(_truncated(e, negative), negative)
            and (lefts[1] if lefts[0] is base[0] else lefts[0]) == cut
        )
    if c[0] == 0:
        return len(lefts) == m + 1 and set(lefts) == {(x, (), i) for i in range(m)} | {cut}
    if c[0] == 1 and _confused(e):
        return len(lefts) == 2 and set(lefts) == {(x, (), 0), cut}
    return len(lefts) == 1 and lefts[0] == (cut if cut[1] else (x, (), 0))


def _negative(e: Uptimal) -> Uptimal:
    return (-e[0], tuple(-c for c in e[1]), e[2])


def _stripped(coefficients: Iterable[int]) -> tuple[int, ...]:
    """Without trailing zeros."""
    c = list(coefficients)
    while c and c[-1] == 0:
        c.pop()
    return tuple(c)


def _truncated(e: Uptimal, n: int) -> Uptimal:
    """x + *m + Σ_{i <= n} c_i·↑^i."""
    return (e[0], _stripped(e[1][:n]), e[2])


def _incremented(e: Uptimal, n: int) -> Uptimal:
    """e + Σ_{i <= n} ↑^i + *."""
    c = e[1] + (0,) * (n - len(e[1]))
    return (e[0], _stripped(a + (i < n) for i, a in enumerate(c)), e[2] ^ 1)


def _last_at_most(coefficients: tuple[int, ...], bound: int) -> int:
    """The largest i with c_i <= bound (1-based), 0 if none."""
    for i in range(len(coefficients), 0, -1):
        if coefficients[i - 1] <= bound:
            return i
    return 0


def _confused(e: Uptimal) -> bool:
    """Is x + *m + Σ c_i·↑^i confused with x (CGSuite's UptimalExpansion.isConfused)?"""
    _, c, m = e
    if m == 0:
        return False
    if not c or c[0] == 0:
        return True
    if m >= 2:
        return False
    sign = 1 if c[0] > 0 else -1
    for a in c:  # the first coefficient other than c_1's sign decides
        if a * sign > 1:
            return False
        if a * sign < 1:
            return True
    return True
