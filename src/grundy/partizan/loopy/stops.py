"""Pseudonumbers and the stops of stoppers: :class:`VertexForms`.

A stop is where play ends when both players, in turn, move to the best number-like
position.

A pseudonumber is a number x, ``x over`` = {x | pass}, ``x under`` = {pass | x}, ``on`` or
``off`` (CGSuite's Pseudonumber), ordered off < ... < x under < x < x over < ... < on. A
stopper's Left stop is the largest Right stop of its Left options, its Right stop the
least Left stop of its Right options, a pseudonumber being its own stops (CGSuite's
CanonicalStopper.leftStop): play alternates, and in a stopper alternating play ends.
"""

from __future__ import annotations

from fractions import Fraction

from ..canonical import CanonicalGame, game
from ..dyadic import format_number
from .graph import LoopyGame

__all__ = ["Pseudonumber", "VertexForms", "pseudonumber_text"]

#: (rank, x, tilt): off = (-1, 0, 0), on = (1, 0, 0), x under / x / x over = (0, x, -1 / 0 / 1);
#: the tuple order is the order of the games.
Pseudonumber = tuple[int, Fraction, int]
_OFF: Pseudonumber = (-1, Fraction(0), 0)
_ON: Pseudonumber = (1, Fraction(0), 0)


def pseudonumber_text(p: Pseudonumber, parens: bool = False) -> str:
    """CGSuite's text of a pseudonumber: ``on``, ``off``, ``3/2``, ``over``, ``-5under``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from grundy.partizan.loopy.stops import pseudonumber_text
    >>> pseudonumber_text((0, Fraction(3, 2), -1)), pseudonumber_text((0, Fraction(5), 1), True)
    ('3/2under', '(5over)')
    """
    rank, x, tilt = p
    if rank:
        return "on" if rank > 0 else "off"
    if tilt == 0:
        return format_number(x)
    word = "over" if tilt > 0 else "under"
    if x == 0:
        return word
    text = format_number(x) + word
    return f"({text})" if parens else text


class VertexForms:
    """What each vertex of a stopper graph is: a short game (its canonical form), a
    pseudonumber, on a cycle or not; and its stops.

    Examples
    --------
    >>> from grundy.partizan.loopy import loopy_game
    >>> from grundy.partizan.loopy.simplify import simplest_form
    >>> from grundy.partizan.loopy.stops import VertexForms, pseudonumber_text
    >>> forms = VertexForms(simplest_form(loopy_game("+-{5|pass}")))
    >>> pseudonumber_text(forms.stop(0, left=True)), pseudonumber_text(forms.stop(0, left=False))
    ('5over', '-5under')
    """

    def __init__(self, g: LoopyGame) -> None:
        self.graph = g
        n = g.size
        self.short: list[CanonicalGame | None] = [None] * n
        order = _cycle_free_order(g)
        for v in order:  # options first
            self.short[v] = game(
                [self.short[w] for w in g.left[v]],  # type: ignore[misc]
                [self.short[w] for w in g.right[v]],  # type: ignore[misc]
            )
        self.pseudo: list[Pseudonumber | None] = [self._pseudonumber(v) for v in range(n)]
        self._stops: dict[tuple[int, bool], Pseudonumber] = {}

    def number(self, v: int) -> Fraction | None:
        """x when vertex v is the number x, else None.

        Examples
        --------
        >>> from grundy.partizan.loopy import loopy_game
        >>> from grundy.partizan.loopy.stops import VertexForms
        >>> g = loopy_game("{pass|3/2}")
        >>> VertexForms(g).number(1), VertexForms(g).number(0)
        (Fraction(3, 2), None)
        """
        s = self.short[v]
        return None if s is None else s.number

    def _pseudonumber(self, v: int) -> Pseudonumber | None:
        g = self.graph
        x = self.number(v)
        if x is not None:
            return (0, x, 0)
        left, right = g.left[v], g.right[v]
        if left == (v,) and not right:
            return _ON
        if right == (v,) and not left:
            return _OFF
        if len(left) == 1 and len(right) == 1:
            if right[0] == v and self.number(left[0]) is not None:
                return (0, self.number(left[0]), 1)  # type: ignore[return-value]
            if left[0] == v and self.number(right[0]) is not None:
                return (0, self.number(right[0]), -1)  # type: ignore[return-value]
        return None

    def stop(self, v: int, left: bool) -> Pseudonumber:
        """v's Left stop (`left`) or Right stop, worked with a stack: in a stopper the
        alternating moves it follows come to an end.

        Examples
        --------
        >>> from grundy.partizan.loopy import loopy_game
        >>> from grundy.partizan.loopy.stops import VertexForms
        >>> VertexForms(loopy_game("{0|over}")).stop(0, left=False)     # over's own stop
        (0, Fraction(0, 1), 1)
        """
        stack = [(v, left)]
        while stack:
            u, side = stack[-1]
            if (u, side) in self._stops:
                stack.pop()
                continue
            if self.pseudo[u] is not None:
                self._stops[u, side] = self.pseudo[u]  # type: ignore[assignment]
                stack.pop()
                continue
            options = self.graph.left[u] if side else self.graph.right[u]
            missing = [(w, not side) for w in options if (w, not side) not in self._stops]
            if missing:
                if any(m in stack for m in missing):  # not a stopper: no stop
                    raise ValueError("stops are taken of stoppers only")
                stack.extend(missing)
                continue
            found = [self._stops[w, not side] for w in options]
            # a player with no move there has the worst stop for her (never met in a
            # stopper's simplest form, where such a vertex is an integer, on or off)
            if side:
                self._stops[u, side] = max(found, default=_OFF)
            else:
                self._stops[u, side] = min(found, default=_ON)
            stack.pop()
        return self._stops[v, left]


def _cycle_free_order(g: LoopyGame) -> list[int]:
    """The vertices from which no cycle can be reached, each after its options."""
    n = g.size
    successors = [set(g.left[v]) | set(g.right[v]) for v in range(n)]
    waiting = [len(s) for s in successors]
    before: list[list[int]] = [[] for _ in range(n)]
    for v in range(n):
        for w in successors[v]:
            before[w].append(v)
    order = [v for v in range(n) if waiting[v] == 0]
    i = 0
    while i < len(order):
        for p in before[order[i]]:
            waiting[p] -= 1
            if waiting[p] == 0:
                order.append(p)
        i += 1
    return order
