"""CGSuite's notation for stoppers, written: :func:`format_stopper`.

As CGSuite writes a CanonicalStopper (CanonicalStopper.appendTo and
SimplifiedLoopyGame.appendTo): a short follower as a short game, a pseudonumber as
``on``, ``off``, ``3/2under``, ``(5over)``; then, in this order, a switch as ``+-G``, a
plumtree x + {0 || 0 | -G} (G - x <= ... as CGSuite's isNumberTiny) as ``xTiny(G)`` (and
``Miny``), the upon forms ``x^[on]*m``, ``x^<on>*m`` and their negatives ``v[on]``,
``v<on>``; any other game as ``{L | R}`` with bars nested as for short games, ``pass``
for an option back to the game itself, and a label ``a``, ``b``, ... before the braces
of a game that a follower moves back to (``a{0 | {a | *}}``).

Options are listed short games first, in CGSuite's order; CGSuite lists the loopy ones
in the order of their (JVM) hash codes, which cannot be reproduced, so they come here
by their number of followers, then by a description of their graphs that does not
depend on how the graph is numbered.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from ..canonical import CanonicalGame, nimber, number
from ..dyadic import format_number
from ..uptimals import uptimal_expansion
from ..writing import compare_options, write_option
from .graph import LoopyGame, canonical_ids
from .simplify import simplest_form
from .stops import VertexForms, pseudonumber_text
from .survival import le

__all__ = ["format_stopper", "number_tiny_form"]

#: Bars written before braces are forced (CanonicalShortGame.maxSlashes).
MAX_BARS = 4
_UNDER = LoopyGame(((0,), ()), ((1,), ()))


def format_stopper(g: LoopyGame) -> str:
    """CGSuite's text of the stopper `g`, given in simplest form (vertex 0).

    Examples
    --------
    >>> from grundy.partizan.loopy import loopy_game
    >>> from grundy.partizan.loopy.simplify import simplest_form
    >>> from grundy.partizan.loopy.writing import format_stopper
    >>> texts = ("{pass|3/2}", "{-1/4+*|pass}", "+-{5|pass}")
    >>> [format_stopper(simplest_form(loopy_game(t))) for t in texts]
    ['3/2under', '-1/4v[on]', '+-(5over)']
    >>> format_stopper(simplest_form(loopy_game("a{0||||0|||a|*||*}")))
    'a{0||||0|||a|*||*}'
    """
    try:
        return _Writer(g).write(0, brackets=True, parens=False)[0]
    except RecursionError:
        from .errors import LoopyValueError

        raise LoopyValueError(f"a {g.size}-vertex stopper nests too deep to be written") from None


class _Writer:
    def __init__(self, g: LoopyGame) -> None:
        self.g = g
        self.forms = VertexForms(g)
        self.ids = canonical_ids(g)
        self.negative_ids = canonical_ids(-g)
        self.long_cycles = _reaching_long_cycles(g)
        self.stack: dict[int, str | None] = {}
        self.named = 0
        self.keys: dict[int, tuple[object, ...]] = {}

    # ---------------------------------------------------------------- dispatch
    def write(self, v: int, brackets: bool, parens: bool) -> tuple[str, int]:
        short = self.forms.short[v]
        if short is not None:
            return write_option(short, brackets, parens)
        pseudo = self.forms.pseudo[v]
        if pseudo is not None:
            return pseudonumber_text(pseudo, parens), 0
        if v in self.stack:  # a game that a follower moves back to: its label
            name = self.stack[v]
            if name is None:
                name = self.stack[v] = _nth_name(self.named)
                self.named += 1
            return name, 0
        if self.ids[v] == self.negative_ids[v]:
            return self.switch(v), 0
        if v not in self.long_cycles:
            tiny = self.number_tiny(v)
            if tiny is not None:
                return (f"({tiny})" if parens else tiny), 0
        upon = self.upon_text(v)
        if upon is not None:
            return upon, 0
        return self.braces(v, brackets)

    def sorted_options(self, rows: tuple[int, ...]) -> list[int]:
        short = [w for w in rows if self.forms.short[w] is not None]
        loopy = [w for w in rows if self.forms.short[w] is None]
        value = self.forms.short

        def compared(a: int, b: int) -> int:
            return compare_options(value[a], value[b])  # type: ignore[arg-type]

        short.sort(key=functools.cmp_to_key(compared))
        loopy.sort(key=self.order_key)
        return short + loopy

    def order_key(self, w: int) -> tuple[object, ...]:
        found = self.keys.get(w)
        if found is None:
            sub = self.g.pack(w)
            found = self.keys[w] = (sub.size, _description(sub))
        return found

    # ---------------------------------------------------------------- the forms
    def switch(self, v: int) -> str:
        lo = self.sorted_options(self.g.left[v])
        first = self.write(lo[0], brackets=True, parens=len(lo) == 1)[0]
        rest = [self.write(o, brackets=True, parens=False)[0] for o in lo[1:]]
        return "+-" + (first if not rest else "{" + ",".join([first, *rest]) + "}")

    def braces(self, v: int, brackets: bool) -> tuple[str, int]:
        self.stack[v] = None
        bars = 0
        texts = []
        for rows in (self.g.left[v], self.g.right[v]):
            options = self.sorted_options(rows)
            side = []
            for o in options:
                if o == v:
                    side.append("pass")
                    continue
                text, inner = self.write(o, brackets=len(options) > 1, parens=False)
                side.append(text)
                bars = max(bars, inner)
            texts.append(",".join(side))
        name = self.stack.pop(v)
        bars += 1
        show = (
            brackets
            or name is not None
            or not self.g.left[v]
            or not self.g.right[v]
            or bars == MAX_BARS
        )
        text = texts[0] + "|" * bars + texts[1]
        if show:
            return (name or "") + "{" + text + "}", 0
        return text, bars

    def number_tiny(self, v: int) -> str | None:
        found = number_tiny_form(self.g, self.forms, v)
        if found is None:
            return None
        name, x, subscript = found
        head = "" if x == 0 else format_number(x)
        return head + f"{name}({format_stopper(simplest_form(subscript))})"

    def upon_text(self, v: int) -> str | None:
        found = self.upon_form(v, 1, True)
        negated = found is None
        if negated:
            found = self.upon_form(v, -1, True)
            if found is None:
                return None
        assert found is not None
        kind, x, m = found
        x = -x if negated else x
        text = "" if x == 0 else format_number(x)
        text += ("v" if negated else "^") + kind
        if m:
            text += "*" if m == 1 else f"*{m}"
        return text

    def upon_form(self, v: int, sign: int, uponth: bool) -> tuple[str, Fraction, int] | None:
        """('[on]', x, m) when the game at v (negated when `sign` is -1) is x + ↑^[on] + *m
        (upon), ('<on>', x, m) when it is x + ↑^<on> + *m (CanonicalStopper.uponForm)."""
        lo, ro = (
            (self.g.left[v], self.g.right[v]) if sign > 0 else (self.g.right[v], self.g.left[v])
        )
        if len(ro) == 1 and len(lo) <= 2:
            r = self.short_value(ro[0], sign)
            e = None if r is None else uptimal_expansion(r)
            if e is not None and e[1] == ():
                x, _, m = e
                if m == 0:
                    others = [w for w in lo if w != v]
                    if len(lo) == 2 and len(others) == 1:
                        o = self.short_value(others[0], sign)
                        if o is not None and o.number == x:
                            return ("[on]", x, 1)
                elif tuple(lo) == (v,):
                    return ("[on]", x, m ^ 1)
        if uponth and len(ro) == 1:
            inner = self.upon_form(ro[0], -sign, False)
            if inner is not None and inner[0] == "[on]":
                _, y, k = inner
                wanted = {number(-y) + nimber(n) for n in range((k ^ 1) + 1)}
                values = [self.short_value(w, sign) for w in lo]
                if None not in values and len(values) == len(wanted) and set(values) == wanted:
                    return ("<on>", -y, k ^ 1)
        return None

    def short_value(self, w: int, sign: int) -> CanonicalGame | None:
        s = self.forms.short[w]
        return s if s is None or sign > 0 else -s


def number_tiny_form(
    g: LoopyGame, forms: VertexForms, v: int
) -> tuple[str, Fraction, LoopyGame] | None:
    """("Tiny", x, G) when vertex v is {x || x | x - G}, ("Miny", x, G) when it is
    {x + G | x || x}, the far option's distance from x being at most ``under``
    (CGSuite's isNumberTiny); else None.

    Examples
    --------
    >>> from grundy.partizan.loopy import loopy_game
    >>> from grundy.partizan.loopy.simplify import simplest_form
    >>> from grundy.partizan.loopy.stops import VertexForms
    >>> from grundy.partizan.loopy.writing import number_tiny_form
    >>> g = simplest_form(loopy_game("{0||0|off}"))
    >>> number_tiny_form(g, VertexForms(g), 0)[0]
    'Tiny'
    """
    lo, ro = g.left[v], g.right[v]
    if len(lo) != 1 or len(ro) != 1:
        return None
    x = forms.number(lo[0])
    r = ro[0]
    if x is not None and len(g.left[r]) == 1 and len(g.right[r]) == 1 and g.left[r][0] == lo[0]:
        far = g.pack(g.right[r][0])
        if le(far + _short(-number(x)), _UNDER):
            return ("Tiny", x, -far + _short(number(x)))
    y = forms.number(ro[0])
    l_ = lo[0]
    if y is not None and len(g.left[l_]) == 1 and len(g.right[l_]) == 1 and g.right[l_][0] == ro[0]:
        far = g.pack(g.left[l_][0])
        if le(_short(number(y)) + -far, _UNDER):
            return ("Miny", y, far + _short(-number(y)))
    return None


def _short(g: CanonicalGame) -> LoopyGame:
    return LoopyGame.from_short(g)


def _nth_name(n: int) -> str:
    """a, b, ..., z, then N1, N2, ... (CanonicalStopper.nthName)."""
    return chr(ord("a") + n) if n < 26 else f"N{n - 25}"


def _reaching_long_cycles(g: LoopyGame) -> set[int]:
    """The vertices from which a cycle longer than a pass can be reached (not plumtrees)."""
    from .graph import strong_components

    successors = [sorted({w for w in (*g.left[v], *g.right[v]) if w != v}) for v in range(g.size)]
    bad: set[int] = set()
    for component in strong_components(successors):  # options' components first
        if len(component) > 1 or any(w in bad for v in component for w in successors[v]):
            bad.update(component)
    return bad


def _description(g: LoopyGame) -> tuple[object, ...]:
    """A description of the packed graph that is the same for isomorphic graphs: colour
    refinement from one colour, each colour class with its options' colours."""
    n = g.size
    colour = [0] * n
    count = 1
    while True:
        signature = [
            (
                colour[v],
                tuple(sorted({colour[w] for w in g.left[v]})),
                tuple(sorted({colour[w] for w in g.right[v]})),
            )
            for v in range(n)
        ]
        ranks = {s: i for i, s in enumerate(sorted(set(signature)))}
        colour = [ranks[s] for s in signature]
        if len(ranks) == count:
            break
        count = len(ranks)
    classes = {colour[v]: signature[v][1:] for v in range(n)}
    return (colour[0], tuple(classes[c] for c in range(count)))
