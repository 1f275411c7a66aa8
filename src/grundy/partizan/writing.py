"""CGSuite's notation for short games, written: :func:`format_game`.

Uptimals are written ``^^*``, ``^<3>``, ``^[2]`` as CGSuite writes them, a game equal to
its negative ``+-G``, ``x + {0 || 0 | -G}`` as ``xTiny(G)`` (and ``Miny``) by CGSuite's
mean test, options in CGSuite's order, an only option without its braces up to four
bars. The writer reads forms only (:class:`~grundy.partizan.forms.GameForm`), so that
``str`` of a :class:`~grundy.partizan.canonical.CanonicalGame` can call it; the reader,
:func:`~grundy.partizan.notation.parse`, builds games, and sits above them.

Examples
--------
>>> from grundy.partizan import parse
>>> from grundy.partizan.writing import format_game
>>> [format_game(parse(t)) for t in ("{0||0|-3/2}", "{2|-2}", "{0|*||*|||*}", "{1|0}")]
['Tiny(3/2)', '+-2', '^[3]', '{1|0}']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from fractions import Fraction

from .dyadic import format_number
from .forms import GameForm
from .thermographs import mean
from .uptimals import uptimal_expansion

__all__ = ["format_game", "write_option", "compare_options"]

#: CGSuite writes at most this many bars; an option that would need them is braced.
MAX_BARS = 4


def format_game(g: GameForm) -> str:
    """Write `g` in CGSuite's notation (the text :func:`~grundy.partizan.parse` reads back).

    Options are listed in CGSuite's order (numbers, nimbers, uptimals, then the
    rest), an only option is written without its braces using more bars, up to four
    (CanonicalShortGame.appendTo).

    Examples
    --------
    >>> from grundy.partizan import parse, format_game
    >>> format_game(parse("{0,*,*2|0,*,*2}")), format_game(parse("6+^*")), format_game(parse("^*6"))
    ('*3', '6^*', '^*6')
    >>> format_game(parse("{1|^^^||^}")), format_game(parse("{0||0|vvv}"))
    ('{1|^3||^}', '{0||0|v3}')
    """
    return _write(g, brackets=True, parens=False)[0]


def write_option(g: GameForm, brackets: bool, parens: bool) -> tuple[str, int]:
    """(text, bars) of `g` written as an option inside a larger game: braces forced when
    `brackets`, parentheses round a sum when `parens`; bars > 0 when the braces were left
    out (the writer of loopy games, :mod:`grundy.partizan.loopy.writing`, nests these).

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.writing import write_option
    >>> write_option(parse("{1|0}"), False, False), write_option(parse("1*"), True, True)
    (('1|0', 1), ('(1*)', 0))
    """
    return _write(g, brackets, parens)


def compare_options(g: GameForm, h: GameForm) -> int:
    """CGSuite's DeterministicOrdering of short games: negative when `g` is listed first.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.writing import compare_options
    >>> compare_options(parse("1"), parse("*")) < 0 < compare_options(parse("^"), parse("*2"))
    True
    """
    return _compare(g, h)


def _write(g: GameForm, brackets: bool, parens: bool) -> tuple[str, int]:
    """(text, bars): bars > 0 when g is written without its braces, that many bars."""
    kind = uptimal_expansion(g)
    if kind is not None and _written_as_uptimal(kind[1]):
        text, compact = _uptimal_text(*kind)
        return (f"({text})" if parens and not compact else text), 0
    left, right = _sorted(g.left), _sorted(g.right)
    if len(left) == len(right) and {-o for o in left} == set(right):  # G = -G
        if len(left) == 1:
            return "+-" + _write(left[0], brackets=True, parens=True)[0], 0
        return "+-{" + ",".join(_write(o, True, False)[0] for o in left) + "}", 0
    tiny = _tiny(g)
    if tiny is not None:
        return (f"({tiny})" if parens else tiny), 0
    sides, bars = [], 0
    for options in (left, right):
        texts = []
        for o in options:
            text, inner = _write(o, brackets=len(options) > 1, parens=False)
            texts.append(text)
            bars = max(bars, inner)
        sides.append(",".join(texts))
    bars += 1
    text = sides[0] + "|" * bars + sides[1]
    if brackets or bars == MAX_BARS:
        return "{" + text + "}", 0
    return text, bars


def _tiny(g: GameForm) -> str | None:
    """``xTiny(H)`` for x + {0 || 0 | -H}, ``xMiny(H)`` for x + {H | 0 || 0}, when the
    far option's mean is beyond x (CGSuite's isNumberTiny)."""
    for sign, name in ((1, "Tiny"), (-1, "Miny")):
        mine, theirs = (g.left, g.right) if sign > 0 else (g.right, g.left)
        if len(mine) != 1 or len(theirs) != 1 or mine[0].number is None:
            continue
        x = mine[0]
        inner = theirs[0]
        near, far = (inner.left, inner.right) if sign > 0 else (inner.right, inner.left)
        if len(near) != 1 or near[0] is not x or len(far) != 1:
            continue
        if (mean(far[0]) - x.number) * sign >= 0:  # type: ignore[operator]
            continue
        h = x - far[0] if sign > 0 else far[0] - x
        head = "" if x.number == 0 else format_number(x.number)  # type: ignore[arg-type]
        return head + f"{name}({_write(h, True, False)[0]})"
    return None


def _written_as_uptimal(coefficients: tuple[int, ...]) -> bool:
    """CGSuite writes an uptimal as such when it is x + n·↑ + *m, a unit ±↑^<k> or a unit
    sum ±↑^[k] (plus x and *m); any other is written {..|..} (Uptimal.appendTo)."""
    if len(coefficients) <= 1:
        return True
    if coefficients[0] in (1, -1) and len(set(coefficients)) == 1:
        return True
    return sum(1 for a in coefficients if a) == 1 and coefficients[-1] in (1, -1)


def _uptimal_text(x: Fraction, coefficients: tuple[int, ...], m: int) -> tuple[str, bool]:
    """CGSuite's text of x + Σ c_i·↑^i + *m, and whether it needs no parentheses."""
    length = len(coefficients)
    compact = (length == 0 and (m == 0 or x == 0)) or (x == 0 and m == 0)
    text = format_number(x) if x != 0 or (m == 0 and length == 0) else ""
    if length == 1:
        c = coefficients[0]
        arrow = "^" if c > 0 else "v"
        text += arrow * 2 if abs(c) == 2 else arrow + (str(abs(c)) if abs(c) > 2 else "")
    elif length > 1:
        unit = sum(1 for c in coefficients if c) == 1
        text += ("^" if coefficients[-1] > 0 else "v") + (f"<{length}>" if unit else f"[{length}]")
    if m:
        text += "*" if m == 1 else f"*{m}"
    return text, compact


def _sorted(options: Iterable[GameForm]) -> list[GameForm]:
    """Options in CGSuite's DeterministicOrdering."""
    return sorted(options, key=functools.cmp_to_key(_compare))


def _compare(g: GameForm, h: GameForm) -> int:
    """Numbers, nimbers, uptimals (by x, then c_1, c_2, ..., then length, then m, as
    UptimalExpansion.compareTo), then other games (by their sorted options)."""

    def rank(a: GameForm) -> int:
        if a.number is not None:
            return 0
        if a.nim_value is not None:
            return 1
        return 2 if uptimal_expansion(a) is not None else 3

    rg, rh = rank(g), rank(h)
    if rg != rh:
        return rg - rh
    if rg == 0:
        return (g.number > h.number) - (g.number < h.number)  # type: ignore[operator]
    if rg == 1:
        return g.nim_value - h.nim_value  # type: ignore[operator]
    if rg == 2:
        (x, cg, mg), (y, ch, mh) = uptimal_expansion(g), uptimal_expansion(h)  # type: ignore[misc]
        if x != y:
            return -1 if x < y else 1
        for a, b in zip(cg, ch, strict=False):
            if a != b:
                return a - b
        return (len(cg) - len(ch)) or (mg - mh)
    for mine, theirs in ((g.left, h.left), (g.right, h.right)):
        a, b = _sorted(mine), _sorted(theirs)
        for p, q in zip(a, b, strict=False):
            c = _compare(p, q)
            if c:
                return c
        if len(a) != len(b):
            return len(a) - len(b)
    return 0
