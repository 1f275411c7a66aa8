"""A canonical labelling of small graphs: colour refinement, then individualisation.

Two graphs are isomorphic exactly when their canonical forms are equal, so a search that
keys its memo by the form stores isomorphic graphs once. The method is the one of nauty
without its pruning: colour the vertices by degree and refine (a vertex's new colour is
its colour and the multiset of its neighbours' colours) until the colours are stable;
while a colour holds several vertices, try each of the first such class in turn as a
colour of its own and refine again. Each branch ends with every vertex coloured apart,
which numbers the vertices; the canonical form is the least edge list over all branches.

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

__all__ = ["Edges", "Labelling", "MAX_LEAVES", "canonical_labelling", "canonical_form", "refine"]

#: A graph: its edges (u, v), u < v, sorted, no repeats; its vertices are their ends.
Edges = tuple[tuple[int, int], ...]

#: Branches tried before the labelling gives up being canonical (a complete graph on n
#: vertices has n! branches, a cycle 2n, a grid 8 or fewer).
MAX_LEAVES = 2048


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
        for v in (v for v, c in enumerate(colours) if c == target):
            # v first in its class: (colour, 0) for v, (colour, 1) for the others.
            keyed = [2 * c + (c == target and u != v) for u, c in enumerate(colours)]
            branches.append(refine(neighbours, keyed))
        stack.extend(reversed(branches))  # the first vertex's branch is tried first
    assert best is not None or not vertices
    if best is None:
        return Labelling((), {}, True)
    form, colours = best
    return Labelling(form, {v: colours[i] for i, v in enumerate(vertices)}, not stack)


def canonical_form(edges: Iterable[tuple[int, int]], max_leaves: int = MAX_LEAVES) -> Edges:
    """The canonical form of the graph of `edges`: its edges with the vertices renumbered
    0, 1, ... so that isomorphic graphs get the same edges (see the module).

    Examples
    --------
    >>> from grundy.games.graph_canon import canonical_form
    >>> square = [(0, 1), (1, 2), (2, 3), (3, 0)]
    >>> canonical_form(square) == canonical_form([(0, 2), (2, 1), (1, 3), (3, 0)])
    True
    """
    return canonical_labelling(edges, max_leaves).form
