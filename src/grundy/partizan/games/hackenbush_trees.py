"""Blue-Red-Green Hackenbush trees by theory: sign expansions and ordinal sums.

A Blue-Red stalk's value is read off its colours (Berlekamp's sign expansion,
:func:`stalk_value`); a tree is valued leaves first, an edge on top of parts of value G
being worth the ordinal sum edge : G, which depends on G's value only; all-green parts
are nimbers (the colon principle). :class:`~grundy.partizan.games.Hackenbush` uses these
as its ``formula`` and ``canonical`` hooks and for a tree's winning cuts.

Examples
--------
>>> from grundy.partizan.games.hackenbush_trees import stalk_value
>>> stalk_value("lrl")
Fraction(3, 4)
"""

from __future__ import annotations

from fractions import Fraction

from ...core.errors import InvalidPositionError
from ...core.integers import shown
from ..canonical import ZERO, CanonicalGame, game, nimber, number
from .graph_notation import Edge, Edges, adjacency

__all__ = ["stalk_value", "BLUE", "RED", "GREEN"]

#: The colours as CGSuite writes them: blue (Left's), red (Right's), green (both).
BLUE, RED, GREEN = "l", "r", "e"


def stalk_value(colours: str) -> Fraction:
    """Return the value of a Blue-Red stalk, its edges listed from the ground up.

    Berlekamp's rule: the edges before the first change of colour count 1 each (+ for
    blue ``l``, - for red ``r``); from the first change on, the edges count 1/2, 1/4,
    1/8... with their signs. The colours are the value's sign expansion.

    Raises
    ------
    InvalidPositionError
        A letter that is not ``l`` (blue) or ``r`` (red).

    Examples
    --------
    >>> from grundy.partizan.games.hackenbush_trees import stalk_value
    >>> stalk_value("lrlrrllr"), stalk_value("llr"), stalk_value("")
    (Fraction(77, 128), Fraction(3, 2), Fraction(0, 1))
    """
    total = Fraction(0)
    step = Fraction(1)
    for i, c in enumerate(colours):
        if c not in (BLUE, RED):
            raise InvalidPositionError(
                f"stalk {shown(colours)}: edge {i + 1} is {c!r}, not l (blue) or r (red)"
            )
        if i and step == 1 and c != colours[0]:
            step = Fraction(1, 2)
        total += step if c == BLUE else -step
        if step < 1:
            step /= 2
    return total


def _blue_on(x: Fraction) -> Fraction:
    """The value of a blue edge carrying a Blue-Red part of value x: 1 : x.

    x + 1 if x >= 0; else (x + n + 1) / 2^n for the least n with x + n >= 0 (the sign
    expansion of x with a + in front).
    """
    if x >= 0:
        return x + 1
    n = -((x.numerator) // x.denominator)  # ceil(-x)
    return (x + n + 1) / 2**n


_ORDINAL: dict[tuple[str, CanonicalGame], CanonicalGame] = {}


def _edge_on(colour: str, g: CanonicalGame) -> CanonicalGame:
    """The value of one edge of `colour` from a vertex, carrying parts of total value g.

    The ordinal sum edge : G = {edge's Left options, edge : G^L | ..., edge : G^R}; it
    depends on the value of G only (not its form), so G's canonical options serve.
    """
    if g.number is not None and colour != GREEN:
        y = _blue_on(g.number if colour == BLUE else -g.number)
        return number(y if colour == BLUE else -y)
    if colour == GREEN and g.nim_value is not None:  # the colon principle
        return nimber(g.nim_value + 1)
    key = (colour, g)
    found = _ORDINAL.get(key)
    if found is None:
        left = [_edge_on(colour, h) for h in g.left]
        right = [_edge_on(colour, h) for h in g.right]
        if colour != RED:
            left.append(ZERO)  # cutting the edge itself: the branch falls
        if colour != BLUE:
            right.append(ZERO)
        found = _ORDINAL[key] = game(left, right)
    return found


def _is_tree(edges: Edges) -> bool:
    """Is this grounded, connected graph a tree (no loop, no cycle)?"""
    vertices = {0}
    for u, v, _ in edges:
        vertices.add(u)
        vertices.add(v)
    return len(edges) == len(vertices) - 1


def _tree_children(edges: Edges) -> tuple[list[int], dict[int, list[tuple[str, int]]]]:
    """Breadth-first order from the ground, and each vertex's (colour, child) pairs."""
    around = adjacency(edges)
    order = [0]
    seen = {0}
    children: dict[int, list[tuple[str, int]]] = {}
    for v in order:  # grows as it goes
        kids = children[v] = []
        for k in around.get(v, ()):
            u, w, c = edges[k]
            w = w if u == v else u
            if w not in seen:
                seen.add(w)
                order.append(w)
                kids.append((c, w))
    return order, children


def _tree_value(edges: Edges) -> CanonicalGame:
    """A tree's value, leaves first: each vertex carries the sum of its branches, each
    branch worth its edge on top of what its upper vertex carries (:func:`_edge_on`)."""
    order, children = _tree_children(edges)
    carried: dict[int, CanonicalGame] = {}
    for v in reversed(order):
        total = ZERO
        for c, w in children[v]:
            total = total + _edge_on(c, carried.pop(w))
        carried[v] = total
    return carried[0]


def _values_after_cuts(tree: Edges) -> list[CanonicalGame]:
    """The tree's value after each of its edges is cut (in the order of `tree`).

    Cutting edge p-w removes w's branch from what p carries; only the values carried on
    the path from p down to the ground change, so a cut costs O(depth) sums instead of
    valuing the option afresh in O(E). Canonical forms are unique, so subtracting the
    branch gives the very value the remaining branches add up to.
    """
    order, children = _tree_children(tree)
    below: dict[int, tuple[int, str]] = {}  # vertex -> (the vertex under it, the edge's colour)
    for v in order:
        for c, w in children[v]:
            below[w] = (v, c)
    carried = dict.fromkeys(order, ZERO)
    branch: dict[int, CanonicalGame] = {}
    for w in reversed(order[1:]):  # leaves first
        v, c = below[w]
        branch[w] = _edge_on(c, carried[w])
        carried[v] = carried[v] + branch[w]
    edge_index = {(u, v): k for k, (u, v, _) in enumerate(tree)}  # a tree: no parallel edges
    values: list[CanonicalGame] = [ZERO] * len(tree)
    for w in order[1:]:
        v = parent = below[w][0]
        total = carried[v] - branch[w]
        while v:
            under, c = below[v]
            total = carried[under] - branch[v] + _edge_on(c, total)
            v = under
        values[edge_index[min(parent, w), max(parent, w)]] = total
    return values


_SHAPES: dict[tuple[tuple[str, int], ...], int] = {}


def _tree_canonical(edges: Edges) -> Edges:
    """The tree renumbered so that isomorphic trees (colours kept) come out equal."""
    order, children = _tree_children(edges)
    shape: dict[int, int] = {}
    for v in reversed(order):  # a subtree's shape: the sorted shapes of its branches
        key = tuple(sorted((c, shape[w]) for c, w in children[v]))
        shape[v] = _SHAPES.setdefault(key, len(_SHAPES))
    out: list[Edge] = []
    stack = [(0, 0)]
    count = 1
    while stack:
        v, new = stack.pop()
        for c, w in sorted(children[v], key=lambda cw: (cw[0], shape[cw[1]]), reverse=True):
            out.append((new, count, c))
            stack.append((w, count))
            count += 1
    out.sort()
    return tuple(out)
