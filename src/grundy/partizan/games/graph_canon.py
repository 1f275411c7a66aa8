"""Canonical numberings of small labelled graphs, so that isomorphic copies share a key.

The graph games (Snort, Col, Partizan Arc Kayles) store a value once for all the
numberings of a graph: :func:`canonical_order` numbers the vertices of a graph with
labelled vertices and labelled edges so that isomorphic graphs get the same numbered
graph. It refines the vertices' labels by their neighbours' (colour refinement) and, where
that leaves vertices alike, tries each of them first in turn (individualisation), keeping
the least numbered graph found: the method of McKay's nauty without its automorphism
pruning, save for twins (vertices with the same neighbours, which a star has many of).

Examples
--------
>>> from grundy.partizan.games.graph_canon import canonical_order, relabelled
>>> path = ["L", ".", "."], [(0, 1, "-"), (1, 2, "-")]   # L-.-.
>>> turned = [".", ".", "L"], [(0, 1, "-"), (1, 2, "-")]  # .-.-L, the same path
>>> relabelled(*path, canonical_order(*path)) == relabelled(*turned, canonical_order(*turned))
True
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["canonical_order", "relabelled", "MAX_LEAVES"]

#: The most numberings :func:`canonical_order` compares; past it, the least one found so
#: far is kept (still the same graph, so still a valid key: only sharing is lost).
MAX_LEAVES = 256

Certificate = tuple[tuple[str, ...], tuple[tuple[int, int, str], ...]]


def relabelled(
    labels: Sequence[str], edges: Sequence[tuple[int, int, str]], order: Sequence[int]
) -> Certificate:
    """The graph with vertex ``order[i]`` renamed ``i``: its labels in the new order and
    its edges ``(u, v, label)``, ``u <= v``, sorted.

    Examples
    --------
    >>> from grundy.partizan.games.graph_canon import relabelled
    >>> relabelled(["a", "b"], [(0, 1, "-")], [1, 0])
    (('b', 'a'), ((0, 1, '-'),))
    """
    new = [0] * len(order)
    for i, v in enumerate(order):
        new[v] = i
    out = []
    for u, v, label in edges:
        a, b = new[u], new[v]
        out.append((a, b, label) if a <= b else (b, a, label))
    return tuple(labels[v] for v in order), tuple(sorted(out))


def canonical_order(labels: Sequence[str], edges: Sequence[tuple[int, int, str]]) -> list[int]:
    """The vertices of a graph in an order that depends on the graph only, not on how
    its vertices were numbered (``order[i]`` is the vertex that becomes ``i``).

    Parameters
    ----------
    labels : sequence of str
        The label of each vertex, vertices numbered 0, 1, ...
    edges : sequence of (u, v, label)
        Edges between different vertices, at most one for each pair.

    Returns
    -------
    list of int
        A permutation of the vertices: :func:`relabelled` with it gives the same graph
        for every numbering of an isomorphic graph.

    Examples
    --------
    >>> from grundy.partizan.games.graph_canon import canonical_order
    >>> canonical_order(["x", "y", "x"], [(0, 1, "-"), (1, 2, "-")])[2]  # y last
    1

    Notes
    -----
    Colour refinement costs O((V + E) log V) a round, at most V rounds; each vertex that
    refinement cannot tell from others adds a branch, and twins are never branched on
    twice (swapping them is an automorphism). A leaf of the search is a numbering; the
    least of its graphs is kept. Vertex-transitive graphs (a cycle) give O(V) leaves;
    the search stops at :data:`MAX_LEAVES`, which keeps its cost bounded whatever the
    graph (the numbering is then merely not canonical).
    """
    n = len(labels)
    around: list[dict[int, str]] = [{} for _ in range(n)]
    for u, v, label in edges:
        around[u][v] = label
        around[v][u] = label
    # Refinement reads each neighbour as an int: its colour, times the number of edge
    # labels, plus its edge's label (or just its colour when all edges look alike).
    kinds = sorted({label for _, _, label in edges})
    code = {label: i for i, label in enumerate(kinds)}
    width = max(len(kinds), 1)
    near = [[(w, code[label]) for w, label in a.items()] for a in around]
    names = sorted(set(labels))
    start = [names.index(label) for label in labels]
    best: Certificate | None = None
    best_order = list(range(n))
    leaves = 0
    stack = [_refine(start, near, width)]
    while stack and leaves < MAX_LEAVES:
        colour = stack.pop()
        cell_colour = _first_shared(colour)
        if cell_colour is None:  # every vertex has a colour of its own: a numbering
            leaves += 1
            order = sorted(range(n), key=colour.__getitem__)
            found = relabelled(labels, edges, order)
            if best is None or found < best:
                best, best_order = found, order
            continue
        cell = [v for v in range(n) if colour[v] == cell_colour]
        tried: list[int] = []
        for v in cell:
            if any(_twins(around, v, t) for t in tried):
                continue  # the same leaves as a twin tried already
            tried.append(v)
        for v in reversed(tried):  # the first tried is searched first
            marked = [2 * c + (c == cell_colour and w != v) for w, c in enumerate(colour)]
            stack.append(_refine(marked, near, width))
    return best_order


def _first_shared(colour: list[int]) -> int | None:
    """The least colour that two vertices or more share, or None."""
    seen: set[int] = set()
    shared = None
    for c in colour:
        if c in seen and (shared is None or c < shared):
            shared = c
        seen.add(c)
    return shared


def _twins(around: list[dict[int, str]], a: int, b: int) -> bool:
    """Whether a and b have the same neighbours by the same edges (besides each other)."""
    x, y = around[a], around[b]
    if len(x) != len(y) or x.get(b) != y.get(a):
        return False
    return all(y.get(w) == label for w, label in x.items() if w != b)


def _refine(colour: list[int], near: list[list[tuple[int, int]]], width: int) -> list[int]:
    """Split colour classes by the multiset of (neighbour's colour, edge label) until
    nothing splits; the new colours are ranks, ordered as the old ones were."""
    classes = len(set(colour))
    while True:
        signatures = [
            (c, tuple(sorted([colour[w] * width + k for w, k in around])))
            for c, around in zip(colour, near, strict=True)
        ]
        rank = {s: i for i, s in enumerate(sorted(set(signatures)))}
        if len(rank) == classes:
            return [rank[s] for s in signatures]
        colour, classes = [rank[s] for s in signatures], len(rank)
