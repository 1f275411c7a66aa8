"""A canonical labelling of small graphs: colour refinement, then individualisation.

Two graphs are isomorphic exactly when their canonical forms are equal, so a search that
keys its memo by the form stores isomorphic graphs once. The method is the one of nauty
without its pruning: colour the vertices by degree and refine (a vertex's new colour is
its colour and the multiset of its neighbours' colours) until the colours are stable;
while a colour holds several vertices, try each of the first such class in turn as a
colour of its own and refine again. Each branch ends with every vertex coloured apart,
which numbers the vertices; the canonical form is the least edge list over all branches.
Of twins in the class split (vertices with the same neighbours, apart from each other)
only one is tried: swapping two twins is an automorphism that fixes the colouring, so
their branches give the same edge lists. Trees are numbered by their centre and sorted
subtree codes instead (Aho, Hopcroft and Ullman's encoding), in linear time whatever
their symmetries.

Examples
--------
>>> from grundy.games.graph_canon import canonical_form
>>> canonical_form([(7, 3), (3, 9)]) == canonical_form([(1, 2), (2, 0)])  # two paths
True
>>> canonical_form([(5, 6), (6, 7), (7, 5)])
((0, 1), (0, 2), (1, 2))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = [
    "Edges",
    "Labelling",
    "MAX_LEAVES",
    "canonical_labelling",
    "canonical_form",
    "tree_form",
    "refine",
]

#: A graph: its edges (u, v), u < v, sorted, no repeats; its vertices are their ends.
Edges = tuple[tuple[int, int], ...]

#: Branches tried before the labelling gives up being canonical. Twins (vertices with the
#: same neighbours) are tried once for all, so a star costs one branch; a cycle of n
#: vertices costs 2n, a grid 8 or fewer, a graph with many symmetries more.
MAX_LEAVES = 512


@dataclass(frozen=True, slots=True)
class Labelling:
    """A graph's canonical form, the label of each of its vertices, and whether every
    branch was tried (``exact``); if not, `form` is the least of the first
    :data:`MAX_LEAVES` and is a form of the same graph, but another numbering of it may
    give another form.

    Examples
    --------
    >>> from grundy.games.graph_canon import canonical_labelling
    >>> canonical_labelling([(10, 20)])
    Labelling(form=((0, 1),), labels={10: 0, 20: 1}, exact=True)
    """

    form: Edges
    labels: dict[int, int]
    exact: bool


def refine(neighbours: Sequence[Sequence[int]], colours: Sequence[int]) -> list[int]:
    """The stable colouring that refines `colours` (vertex i has colour ``colours[i]``).

    Each round a vertex's new colour is the rank of (its colour, its neighbours' colours
    sorted) among all vertices', so the order of the old classes is kept and the result
    depends on the graph and the colours alone, not on how the vertices are numbered.

    Examples
    --------
    >>> from grundy.games.graph_canon import refine
    >>> refine([[1], [0, 2], [1, 3], [2]], [1, 2, 2, 1])   # a path: ends, then middles
    [0, 1, 1, 0]
    >>> refine([[1], [0, 2], [1, 3], [2]], [0, 2, 2, 1])   # one end apart: all apart
    [0, 2, 3, 1]
    """
    current = list(colours)
    classes = len(set(current))
    while True:
        signatures = [
            (current[v], tuple(sorted(current[u] for u in neighbours[v])))
            for v in range(len(current))
        ]
        rank = {s: i for i, s in enumerate(sorted(set(signatures)))}
        refined = [rank[s] for s in signatures]
        count = len(rank)
        if count == classes:
            # The count did not grow: the partition is stable (a refinement that splits
            # nothing). The colours are re-ranked once more to 0..count-1.
            return refined
        current, classes = refined, count


def canonical_labelling(
    edges: Iterable[tuple[int, int]], max_leaves: int = MAX_LEAVES
) -> Labelling:
    """The canonical form of the graph of `edges` (no loops), and its vertices' labels.

    Parameters
    ----------
    edges : iterable of (int, int)
        The edges; repeats are ignored, vertices are their ends.
    max_leaves : int
        Branches to try at most (see :class:`Labelling`).

    Examples
    --------
    >>> from grundy.games.graph_canon import canonical_labelling
    >>> canonical_labelling([(4, 8), (8, 6)]).form  # a path of 3: the middle (degree 2) last
    ((0, 2), (1, 2))

    Notes
    -----
    Each refinement costs O(E log E) per round, at most V rounds; a branch is a path of
    individualisations, so the cost is about (leaves x depth) refinements. Graphs met in
    Arc Kayles are small (a component of the game's position).
    """
    pairs = sorted({(min(u, v), max(u, v)) for u, v in edges})
    vertices = sorted({v for pair in pairs for v in pair})
    index = {v: i for i, v in enumerate(vertices)}
    neighbours: list[list[int]] = [[] for _ in vertices]
    numbered = [(index[u], index[v]) for u, v in pairs]
    for u, v in numbered:
        neighbours[u].append(v)
        neighbours[v].append(u)
    start = refine(neighbours, [len(n) for n in neighbours])
    best: tuple[Edges, list[int]] | None = None
    leaves = 0
    stack = [start]  # colourings still to split, depth first
    while stack:
        colours = stack.pop()
        sizes: dict[int, int] = {}
        for c in colours:
            sizes[c] = sizes.get(c, 0) + 1
        target = min((c for c, size in sizes.items() if size > 1), default=None)
        if target is None:  # every vertex apart: a numbering
            form = tuple(
                sorted(
                    (min(colours[u], colours[v]), max(colours[u], colours[v])) for u, v in numbered
                )
            )
            if best is None or form < best[0]:
                best = (form, colours)
            leaves += 1
            if leaves >= max_leaves:
                break
            continue
        branches = []
        for v in _untwinned(neighbours, [v for v, c in enumerate(colours) if c == target]):
            # v first in its class: (colour, 0) for v, (colour, 1) for the others.
            keyed = [2 * c + (c == target and u != v) for u, c in enumerate(colours)]
            branches.append(refine(neighbours, keyed))
        stack.extend(reversed(branches))  # the first vertex's branch is tried first
    assert best is not None or not vertices
    if best is None:
        return Labelling((), {}, True)
    form, colours = best
    return Labelling(form, {v: colours[i] for i, v in enumerate(vertices)}, not stack)


def _untwinned(neighbours: Sequence[Sequence[int]], cell: list[int]) -> list[int]:
    """The vertices of `cell`, one of each group of twins: the same neighbours (open), or
    the same neighbours once each other are counted in (closed, adjacent twins)."""
    kept = []
    seen: set[frozenset[int]] = set()
    for v in cell:
        around = frozenset(neighbours[v])
        closed = around | {v}
        if around in seen or closed in seen:
            continue
        seen.add(around)
        seen.add(closed)
        kept.append(v)
    return kept


def tree_form(edges: Iterable[tuple[int, int]]) -> Edges:
    """The canonical form of a tree (connected, one edge fewer than vertices): numbered
    from its centre, each vertex's subtrees in the order of their codes.

    A subtree's code is ``(`` + its children's codes sorted + ``)`` (Aho, Hopcroft and
    Ullman), so two rooted trees are isomorphic exactly when their codes are equal. The
    root is the centre of the tree (the middle of a longest path), or of two centres the
    one whose code is the least. Numbering the vertices in depth-first order, children in
    the order of their codes, gives equal edges to isomorphic trees.

    Raises
    ------
    ValueError
        `edges` is not a tree.

    Examples
    --------
    >>> from grundy.games.graph_canon import tree_form
    >>> tree_form([(7, 1), (1, 2), (1, 3), (3, 4)]) == tree_form([(0, 1), (0, 2), (0, 3), (3, 4)])
    True
    >>> tree_form([(0, 1), (1, 2)])
    ((0, 1), (0, 2))
    """
    pairs = sorted({(min(u, v), max(u, v)) for u, v in edges})
    vertices = sorted({v for pair in pairs for v in pair})
    if not pairs:
        return ()
    index = {v: i for i, v in enumerate(vertices)}
    neighbours: list[list[int]] = [[] for _ in vertices]
    for u, v in pairs:
        neighbours[index[u]].append(index[v])
        neighbours[index[v]].append(index[u])
    count = len(vertices)
    if len(pairs) != count - 1:
        raise ValueError(f"a graph of {count} vertices and {len(pairs)} edges is no tree")
    # The centres: peel the leaves, layer by layer, until one or two vertices are left.
    degree = [len(n) for n in neighbours]
    layer = [v for v in range(count) if degree[v] == 1]
    left = count
    while left > 2:
        left -= len(layer)
        peeled = []
        for v in layer:
            for u in neighbours[v]:
                degree[u] -= 1
                if degree[u] == 1:
                    peeled.append(u)
        layer = peeled
    best: tuple[str, int] | None = None
    for centre in layer:
        code = _codes(neighbours, centre)[centre]
        if best is None or code < best[0]:
            best = (code, centre)
    assert best is not None
    root = best[1]
    codes = _codes(neighbours, root)
    number = {root: 0}
    found = []
    stack = [(root, -1)]
    while stack:
        v, parent = stack.pop()
        children = sorted((u for u in neighbours[v] if u != parent), key=codes.__getitem__)
        for u in reversed(children):  # the least code is numbered first
            stack.append((u, v))
        if parent >= 0:
            number[v] = len(number)
            found.append((number[parent], number[v]))
    if len(number) != count:
        raise ValueError(f"a graph of {count} vertices and {len(pairs)} edges is no tree")
    return tuple(sorted(found))


def _codes(neighbours: Sequence[Sequence[int]], root: int) -> dict[int, str]:
    """Each vertex's subtree code, the tree hung from `root` (no recursion)."""
    order = [root]
    parent = {root: -1}
    for v in order:
        for u in neighbours[v]:
            if u not in parent:
                parent[u] = v
                order.append(u)
    codes: dict[int, str] = {}
    for v in reversed(order):  # children before parents
        inner = sorted(codes[u] for u in neighbours[v] if u != parent[v])
        codes[v] = "(" + "".join(inner) + ")"
    return codes


def canonical_form(edges: Iterable[tuple[int, int]], max_leaves: int = MAX_LEAVES) -> Edges:
    """The canonical form of the graph of `edges`: its edges with the vertices renumbered
    0, 1, ... so that isomorphic graphs get the same edges (see the module). A tree gets
    :func:`tree_form`, any other graph the form of :func:`canonical_labelling`.

    Examples
    --------
    >>> from grundy.games.graph_canon import canonical_form
    >>> square = [(0, 1), (1, 2), (2, 3), (3, 0)]
    >>> canonical_form(square) == canonical_form([(0, 2), (2, 1), (1, 3), (3, 0)])
    True
    """
    pairs = sorted({(min(u, v), max(u, v)) for u, v in edges})
    if pairs and _is_tree(pairs):
        return tree_form(pairs)
    return canonical_labelling(pairs, max_leaves).form


def _is_tree(pairs: list[tuple[int, int]]) -> bool:
    """Connected, with one edge fewer than vertices."""
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for u, v in pairs:
        a, b = root(u), root(v)
        if a == b:
            return False  # a cycle
        parent[a] = b
    return len(parent) + 1 == len({v for pair in pairs for v in pair})
