"""Uptimal powers with loopy exponents, and subordination: :func:`power`, :func:`pow_to`.

CGSuite's ``G.Pow(x)``, ``G.PowTo(x)`` and ``G.Subordinate(B)`` (:func:`subordinate`).

For G = {0 | H}, CGSuite defines G^→x = G : x.Subordinate(1) (an ordinal sum) and
G^x = {0 | H - G^→(x-1)}, x a pseudonumber: ``^.PowTo(3)`` is ↑^[3] = ↑ + ↑² + ↑³,
``^.Pow(3)`` is ↑³ = ↑^<3>, and with loopy exponents ``^.PowTo(on)`` is upon = ↑^[on],
``^.Pow(on)`` is ↑^<on> (Siegel, *Combinatorial Game Theory*, VI.6). Subordinating G to
a base B replaces, all the way down, each option of G that is an option of B by nothing,
after checking that B's options are each matched (CanonicalStopper.subordinate).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..canonical import ZERO
from .errors import SubordinateError
from .graph import LoopyGame
from .ordinal import ordinal_sum_graph
from .stopper import Stopper, StopperLike, _as_stopper

__all__ = ["subordinate", "pow_to", "power"]

Base = StopperLike | tuple[Iterable[StopperLike], Iterable[StopperLike]]


def subordinate(g: StopperLike, base: Base) -> Stopper:
    """G subordinated to `base`: a stopper or short game, or (its Left options, its Right
    options) for a base that is not in canonical form (CGSuite's ``'{*|*}'``).

    Raises
    ------
    SubordinateError
        A follower of G does not match an option of the base (CGSuite: "That game cannot
        be subordinated to the specified base.").

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.loopy import subordinate
    >>> str(subordinate(parse("1/8"), 1)), str(subordinate("{0,*|0,pass}", parse("*")))
    ('-3', 'over')
    >>> str(subordinate(parse("^[5]"), (["*"], ["*"])))
    '5'
    """
    if isinstance(base, tuple):
        lo_base = {_as_stopper(o) for o in base[0]}
        ro_base = {_as_stopper(o) for o in base[1]}
    else:
        b = _as_stopper(base)
        lo_base, ro_base = set(b.left_options), set(b.right_options)
    root = _as_stopper(g)
    number_of = {root: 0}
    order = [root]
    left: list[list[int]] = []
    right: list[list[int]] = []
    i = 0
    while i < len(order):  # each follower once, its options numbered as they are met
        h = order[i]
        i += 1
        lo, ro = h.left_options, h.right_options
        for bl in lo_base:
            if not any(gl >= bl for gl in lo) and not any(h >= blr for blr in bl.right_options):
                raise SubordinateError(
                    f"{root} cannot be subordinated to that base: {h} has no answer to {bl}"
                )
        for br in ro_base:
            if not any(gr <= br for gr in ro) and not any(h <= brl for brl in br.left_options):
                raise SubordinateError(
                    f"{root} cannot be subordinated to that base: {h} has no answer to {br}"
                )
        rows: list[list[int]] = [[], []]
        for row, options, base_options in ((rows[0], lo, lo_base), (rows[1], ro, ro_base)):
            for o in options:
                if o in base_options:
                    continue
                if o not in number_of:
                    number_of[o] = len(order)
                    order.append(o)
                row.append(number_of[o])
        left.append(rows[0])
        right.append(rows[1])
    return Stopper(LoopyGame(tuple(map(tuple, left)), tuple(map(tuple, right))))


def pow_to(g: StopperLike, x: StopperLike) -> Stopper:
    """G^→x = G : x.Subordinate(1), for a pseudonumber x (CGSuite's ``G.PowTo(x)``).

    Raises
    ------
    SubordinateError
        x is not a pseudonumber, or cannot be subordinated to 1 (CGSuite: "Invalid
        exponent.").

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.loopy import pow_to
    >>> up = parse("^")
    >>> str(pow_to(up, 3)), str(pow_to(up, "on")), str(pow_to(up, "{5|pass}"))
    ('^[3]', '^[on]', '{^[5]|*,pass}')
    """
    base, exponent = _as_stopper(g), _pseudonumber(x)
    if exponent is _as_stopper(0):
        return exponent
    try:
        lifted = subordinate(exponent, 1)
    except SubordinateError:
        raise SubordinateError(
            f"{exponent} is not a valid exponent: it cannot be subordinated to 1"
        ) from None
    return Stopper(ordinal_sum_graph(base.graph, lifted.graph))


def power(g: StopperLike, x: StopperLike) -> Stopper:
    """G^x = {0 | H - G^→(x-1)} for G = {0 | H} and a pseudonumber x (CGSuite's ``G.Pow(x)``).

    Raises
    ------
    SubordinateError
        G is not of the form {0 | H}, or x is not a valid exponent.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.loopy import power
    >>> up = parse("^")
    >>> str(power(up, 3)), str(power(up, "on")), str(power(parse("{0||0|-2}"), "on"))
    ('^<3>', '^<on>', '{0||0|-2,pass}')
    """
    base = _as_stopper(g)
    short = base.short
    if short is None or len(short.left) != 1 or len(short.right) != 1 or short.left[0] is not ZERO:
        raise SubordinateError(f"the base of a power must be a short game {{0|H}}, not {base}")
    exponent = _pseudonumber(x)
    below = exponent - 1
    assert isinstance(below, Stopper)  # a pseudonumber minus 1 is one
    h = _as_stopper(short.right[0])
    right = h - pow_to(base, below)
    if not isinstance(right, Stopper):  # pragma: no cover - a stopper plus a short game
        raise SubordinateError(f"{base}.Pow({exponent}) is not a stopper")
    return Stopper(_option(LoopyGame.from_short(ZERO), right.graph))


def _pseudonumber(x: StopperLike) -> Stopper:
    s = _as_stopper(x)
    if not s.is_pseudonumber():
        raise SubordinateError(
            f"the exponent {s} is not a pseudonumber (a number, on, off, x over or x under)"
        )
    return s


def _option(left: LoopyGame, right: LoopyGame) -> LoopyGame:
    """{left | right}."""
    a, b = left.size, right.size
    rows_left = (
        (1,),
        *(tuple(w + 1 for w in r) for r in left.left),
        *(tuple(w + 1 + a for w in r) for r in right.left),
    )
    rows_right = (
        (1 + a,),
        *(tuple(w + 1 for w in r) for r in left.right),
        *(tuple(w + 1 + a for w in r) for r in right.right),
    )
    assert len(rows_left) == 1 + a + b
    return LoopyGame(rows_left, rows_right)
