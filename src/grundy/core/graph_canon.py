"""One canonical labelling of small graphs, their vertices and edges labelled or not.

Two graphs are isomorphic (by a map keeping the labels of vertices and of edges) exactly
when their canonical forms are equal, so a search that keys its memo by the form stores
isomorphic graphs once. An unlabelled graph is the case of equal labels.

A tree (connected, one edge fewer than vertices) is numbered from its centre, each
vertex's subtrees in the order of their codes (Aho, Hopcroft and Ullman's encoding, the
labels folded into the codes), in O(V log V) whatever its symmetries. Any other graph
is numbered as nauty does, without its automorphism pruning: colour the vertices by
label and degree and refine (a vertex's new colour is its colour and the multiset of
its neighbours' colours, each with its edge's label) until the colours are stable;
while a colour holds several vertices, try each of the first such class in turn as a
colour of its own and refine again. Each branch ends with every vertex coloured apart,
which numbers the vertices; the form is the least numbered graph over all branches.
Of twins in the class split (vertices with the same neighbours by the same edges, apart
from each other) only one is tried: swapping two twins is an automorphism that fixes
the colouring, so their branches give the same numbered graph; a class of twins only
is split at once.

Examples
--------
>>> from grundy.core.graph_canon import canonical_form, canonical_labelling
>>> canonical_form([(7, 3), (3, 9)]) == canonical_form([(1, 2), (2, 0)])  # two paths
True
>>> canonical_form([(5, 6), (6, 7), (7, 5)])
((0, 1), (0, 2), (1, 2))
>>> path = canonical_labelling([(0, 1), (1, 2)], "L..").form  # L-.-.
>>> path == canonical_labelling([(0, 1), (1, 2)], "..L").form  # .-.-L, the same path
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidGameError, InvalidPositionError
from .integers import shown

__all__ = [
    "Edges",
    "LabelledEdges",
    "Labelling",
    "MAX_LEAVES",
    "canonical_labelling",
    "canonical_form",
    "refine",
]

#: An unlabelled graph: its edges (u, v), u < v, sorted, no repeats.
Edges = tuple[tuple[int, int], ...]

#: A labelled graph's edges (u, v, label), u < v, sorted, one for each pair at most.
LabelledEdges = tuple[tuple[int, int, Any], ...]

#: Branches tried before the labelling gives up being canonical (the form is then still
#: a form of the same graph, so still a valid memo key: only sharing is lost). Twins are
#: tried once for all, so a star costs one branch; a cycle of n vertices costs 2n, a
#: grid 8 or fewer, a graph with many symmetries more.
MAX_LEAVES = 512


@dataclass(frozen=True, slots=True)
class Labelling:
    """A graph numbered canonically: the label of each new vertex (``labels[i]``), its
    edges, the vertex that became each number (``order[i]``), and whether every branch
    was tried (``exact``). If not, the form is the least of the first `max_leaves`
    branches: a form of the same graph, but another numbering of it may give another.

    Attributes
    ----------
    labels : tuple
        ``labels[i]``: the label of vertex i (None for unlabelled vertices).
    edges : tuple of (int, int, label)
        The edges (u, v, label), u < v, sorted (label None for unlabelled edges).
    order : tuple
        ``order[i]``: the vertex, as named in the graph given, numbered i.
    exact : bool
        Whether the form is surely canonical (every branch tried).

    Examples
    --------
    >>> from grundy.core.graph_canon import canonical_labelling
    >>> canonical_labelling([(10, 20, "r")], {10: "x", 20: "y"})
    Labelling(labels=('x', 'y'), edges=((0, 1, 'r'),), order=(10, 20), exact=True)
    >>> canonical_labelling([(10, 20, "r")], {10: "x", 20: "y"}).numbers
    {10: 0, 20: 1}
    """

    labels: tuple[Any, ...]
    edges: LabelledEdges
    order: tuple[Any, ...]
    exact: bool

    @property
    def form(self) -> tuple[tuple[Any, ...], LabelledEdges]:
        """The numbered graph, ``(labels, edges)``: equal for isomorphic graphs.

        Examples
        --------
        >>> from grundy.core.graph_canon import canonical_labelling
        >>> canonical_labelling([(3, 4)]).form
        ((None, None), ((0, 1, None),))
        """
        return self.labels, self.edges

    @property
    def numbers(self) -> dict[Any, int]:
        """Each vertex of the graph given -> its number in the form.

        Examples
        --------
        >>> from grundy.core.graph_canon import canonical_labelling
        >>> canonical_labelling([(4, 8), (8, 6)]).numbers[8]  # the middle of the path
        0
        """
        return {vertex: i for i, vertex in enumerate(self.order)}


def refine(
    neighbours: Sequence[Sequence[int]],
    colours: Sequence[int],
    kinds: Sequence[Sequence[int]] | None = None,
) -> list[int]:
    """The stable colouring that refines `colours` (vertex i has colour ``colours[i]``).

    Each round a vertex's new colour is the rank of (its colour, its neighbours' colours
    sorted) among all vertices', so the order of the old classes is kept and the result
    depends on the graph and the colours alone, not on how the vertices are numbered.

    Parameters
    ----------
    neighbours : sequence of sequences of int
        ``neighbours[v]``: the vertices joined to v (vertices are 0, 1, ...).
    colours : sequence of int
        The colouring to refine.
    kinds : sequence of sequences of int, optional
        ``kinds[v][j]`` >= 0, the label of the edge to ``neighbours[v][j]`` as an int;
        a neighbour then counts as its colour and that label. None: edges alike.

    Returns
    -------
    list of int
        The colours 0, 1, ... of the stable colouring.

    Raises
    ------
    InvalidPositionError
        Rows that do not match the colours, a neighbour out of range, a colour or kind
        that is not an int >= 0.

    Examples
    --------
    >>> from grundy.core.graph_canon import refine
    >>> refine([[1], [0, 2], [1, 3], [2]], [1, 2, 2, 1])   # a path: ends, then middles
    [0, 1, 1, 0]
    >>> refine([[1], [0, 2], [1, 3], [2]], [0, 2, 2, 1])   # one end apart: all apart
    [0, 2, 3, 1]
    >>> # the same path, its first edge labelled 0, the others 1: every vertex told apart
    >>> refine([[1], [0, 2], [1, 3], [2]], [0, 0, 0, 0], [[0], [0, 1], [1, 1], [1]])
    [0, 1, 3, 2]

    Notes
    -----
    A round costs O(V + E log E) and there are at most V of them. A vertex alone in its
    class keeps its colour, so only the others' neighbours are read.
    """
    n = len(colours)
    if len(neighbours) != n or (kinds is not None and len(kinds) != n):
        raise InvalidPositionError(f"refine: {n} colours for {len(neighbours)} vertices")
    for v, row in enumerate(neighbours):
        if any(not isinstance(u, int) or not 0 <= u < n for u in row):
            raise InvalidPositionError(f"refine: vertex {v} has a neighbour not in 0..{n - 1}")
        if kinds is not None and (
            len(kinds[v]) != len(row) or any(not isinstance(k, int) or k < 0 for k in kinds[v])
        ):
            raise InvalidPositionError(f"refine: vertex {v} needs an int >= 0 per neighbour")
    if any(not isinstance(c, int) or c < 0 for c in colours):
        raise InvalidPositionError(f"refine: the colours must be ints >= 0, not {shown(colours)}")
    width = 1 + max((k for row in kinds or () for k in row), default=0)
    return _refine(neighbours, list(colours), kinds, width)


def _refine(
    neighbours: Sequence[Sequence[int]],
    colours: list[int],
    kinds: Sequence[Sequence[int]] | None,
    width: int,
) -> list[int]:
    """:func:`refine` on checked input, edge labels below `width`."""
    n = len(colours)
    current = colours
    classes = len(set(current))
    if classes == n:  # every vertex apart already: the colours ranked
        place = {c: i for i, c in enumerate(sorted(current))}
        return [place[c] for c in current]
    while True:
        sizes = [0] * (max(current) + 1)
        for c in current:
            sizes[c] += 1
        if kinds is None:
            signatures = [
                (c, tuple(sorted([current[u] for u in near]))) if sizes[c] > 1 else (c,)
                for c, near in zip(current, neighbours, strict=True)
            ]
        else:
            signatures = [
                (
                    c,
                    tuple(
                        sorted([current[u] * width + k for u, k in zip(near, kind, strict=True)])
                    ),
                )
                if sizes[c] > 1
                else (c,)
                for c, near, kind in zip(current, neighbours, kinds, strict=True)
            ]
        rank = {s: i for i, s in enumerate(sorted(set(signatures)))}
        current = [rank[s] for s in signatures]
        if len(rank) == classes or len(rank) == n:
            # The count did not grow: the partition is stable (a refinement that splits
            # nothing); or every vertex is apart. The colours are ranked 0, 1, ...
            return current
        classes = len(rank)


def canonical_labelling(
    edges: Iterable[Sequence[Any]],
    labels: Sequence[Any] | Mapping[Any, Any] | None = None,
    *,
    max_leaves: int = MAX_LEAVES,
) -> Labelling:
    """The graph of `edges` numbered canonically (see the module).

    Parameters
    ----------
    edges : iterable of (u, v) or (u, v, label)
        The edges, between two different vertices; a repeat is ignored, two labels on
        one pair are an error. Unlabelled edges are alike (their label is None).
    labels : sequence or mapping, optional
        The vertices and their labels: ``labels[v]`` for v in ``range(len(labels))``
        (a string gives each vertex a character), or each key of a mapping. None: the
        vertices are the ends of the edges, alike. Labels of vertices, and of edges,
        are compared with ``<``, so they must be of one type.
    max_leaves : int
        Branches to try at most (see :class:`Labelling`).

    Returns
    -------
    Labelling
        The numbered graph, how it was numbered, and whether it is surely canonical.

    Raises
    ------
    InvalidPositionError
        An edge that is no pair or triple, a loop, two labels on one edge, a vertex with
        no label, labels that cannot be compared.
    InvalidGameError
        `max_leaves` is not a positive integer.

    Examples
    --------
    >>> from grundy.core.graph_canon import canonical_labelling
    >>> canonical_labelling([(0, 1, "-"), (1, 2, "-")], ["x", "y", "x"]).order[0]  # y
    1
    >>> one = canonical_labelling([(0, 1, "l"), (1, 2, "r")], ["", "", "e"])  # -l-r-e
    >>> one.form == canonical_labelling([(2, 1, "l"), (1, 0, "r")], ["e", "", ""]).form
    True
    >>> one.form == canonical_labelling([(2, 1, "l"), (1, 0, "r")], ["", "", "e"]).form
    False

    Notes
    -----
    A tree costs O(V log V). Other graphs: each refinement costs O(V + E log E) a
    round, at most V rounds; a branch is a path of individualisations, so the cost is
    about (leaves x depth) refinements, and the leaves are at most `max_leaves`.
    """
    names, vertex_labels, pairs = _read(edges, labels)
    number, exact = _numbering(len(names), vertex_labels, pairs, max_leaves)
    at = sorted(range(len(number)), key=number.__getitem__)  # at[i]: the vertex numbered i
    found = [(number[u], number[v], label) for u, v, label in pairs]
    new_edges = sorted([(b, a, label) if a > b else (a, b, label) for a, b, label in found])
    new_labels = tuple([vertex_labels[v] for v in at])
    return Labelling(new_labels, tuple(new_edges), tuple([names[v] for v in at]), exact)


def canonical_form(edges: Iterable[Sequence[Any]], *, max_leaves: int = MAX_LEAVES) -> Edges:
    """The canonical form of the unlabelled graph of `edges`: its edges with the
    vertices renumbered 0, 1, ... so that isomorphic graphs get the same edges.

    Parameters
    ----------
    edges : iterable of (u, v)
        The edges; a repeat is ignored, the vertices are their ends.
    max_leaves : int
        Branches to try at most (see :class:`Labelling`).

    Returns
    -------
    tuple of (int, int)
        The numbered edges (u, v), u < v, sorted.

    Raises
    ------
    InvalidPositionError
        An edge that is no pair, or a loop.

    Examples
    --------
    >>> from grundy.core.graph_canon import canonical_form
    >>> square = [(0, 1), (1, 2), (2, 3), (3, 0)]
    >>> canonical_form(square) == canonical_form([(0, 2), (2, 1), (1, 3), (3, 0)])
    True
    >>> canonical_form([(4, 8), (8, 6)])  # a path of 3: its centre first
    ((0, 1), (0, 2))
    """
    names, vertex_labels, pairs = _read(edges, None)
    if any(label is not None for _, _, label in pairs):
        raise InvalidPositionError("graph: canonical_form takes unlabelled edges (u, v)")
    number, _ = _numbering(len(names), vertex_labels, pairs, max_leaves)
    found = [(number[u], number[v]) for u, v, _ in pairs]
    return tuple(sorted([(b, a) if a > b else (a, b) for a, b in found]))


# ---------------------------------------------------------------- reading the graph
def _read(
    edges: Iterable[Sequence[Any]], labels: Sequence[Any] | Mapping[Any, Any] | None
) -> tuple[list[Any], list[Any], list[tuple[int, int, Any]]]:
    """The vertices' names, their labels, and the edges (i, j, label) between their
    indices, each pair once."""
    index: dict[Any, int] = {}
    names: list[Any] = []
    vertex_labels: list[Any] = []
    if labels is not None:
        items = labels.items() if isinstance(labels, Mapping) else enumerate(labels)
        for name, label in items:
            index[name] = len(names)
            names.append(name)
            vertex_labels.append(label)
    found: dict[tuple[int, int], Any] = {}
    arity = -1  # 2 or 3 once the first edge is read
    for edge in edges:
        size = len(edge) if isinstance(edge, (tuple, list)) else 0
        if size != arity:
            if size not in (2, 3):
                raise _bad(edge, "is not a pair (u, v) or a triple (u, v, label)")
            if arity > 0:
                raise _bad(edge, f"has {'a' if size == 3 else 'no'} label, unlike those before")
            arity = size
        u, v = edge[0], edge[1]
        try:
            a, b = index.get(u), index.get(v)
        except TypeError:
            raise _bad(edge, "has a vertex not hashable") from None
        if a is None or b is None:
            if labels is not None:
                raise _bad(edge, f"has a vertex with no label, {shown(u if a is None else v)}")
            if a is None:
                a = index[u] = len(names)
                names.append(u)
            if b is None:
                b = index.setdefault(v, len(names))  # u == v: a loop, refused below
                if b == len(names):
                    names.append(v)
        if a == b:
            raise _bad(edge, "is a loop")
        label = edge[2] if size == 3 else None
        pair = (a, b) if a < b else (b, a)
        if found.setdefault(pair, label) != label:
            raise _bad(edge, f"joins two vertices joined by an edge labelled {shown(found[pair])}")
    if labels is None:
        vertex_labels = [None] * len(names)
    return names, vertex_labels, [(a, b, label) for (a, b), label in found.items()]


def _bad(edge: object, why: str) -> InvalidPositionError:
    return InvalidPositionError(f"graph: edge {shown(edge)} {why}")


def _ranks(values: list[Any], what: str) -> tuple[list[int], int]:
    """Each value's rank among the distinct values, and how many there are."""
    try:
        distinct = set(values)
        if len(distinct) == 1:
            return [0] * len(values), 1
        ordered = sorted(distinct)
    except TypeError:
        kinds = sorted({type(x).__name__ for x in values})
        raise InvalidPositionError(
            f"graph: the {what} labels cannot be hashed and compared (of types {', '.join(kinds)})"
        ) from None
    rank = dict(zip(ordered, range(len(ordered)), strict=True))
    return list(map(rank.__getitem__, values)), len(ordered)


# ---------------------------------------------------------------- numbering
def _numbering(
    n: int, vertex_labels: list[Any], pairs: list[tuple[int, int, Any]], max_leaves: int
) -> tuple[list[int], bool]:
    """Each vertex's number in the canonical form, and whether the search was whole."""
    if isinstance(max_leaves, bool) or not isinstance(max_leaves, int) or max_leaves < 1:
        raise InvalidGameError(f"max_leaves must be a positive integer, not {shown(max_leaves)}")
    ranks, _ = _ranks(vertex_labels, "vertex")
    kind_of, width = _ranks([label for _, _, label in pairs], "edge")
    width = max(width, 1)
    neighbours: list[list[int]] = [[] for _ in range(n)]
    # edges of several labels: each neighbour's edge label; else the label says nothing
    kinds: list[list[int]] | None = [[] for _ in range(n)] if width > 1 else None
    for (u, v, _), k in zip(pairs, kind_of, strict=True):
        neighbours[u].append(v)
        neighbours[v].append(u)
        if kinds is not None:
            kinds[u].append(k)
            kinds[v].append(k)
    if n < 2:
        return [0] * n, True
    if len(pairs) == n - 1:
        number = _tree_numbering(neighbours, kinds, width, ranks)
        if number is not None:
            return number, True
    edges = [(u, v, k) for (u, v, _), k in zip(pairs, kind_of, strict=True)]
    return _search(neighbours, kinds, width, ranks, edges, max_leaves)


def _tree_numbering(
    neighbours: list[list[int]], kinds: list[list[int]] | None, width: int, ranks: list[int]
) -> list[int] | None:
    """A graph of two vertices or more, one edge fewer than vertices, numbered from its
    centre, depth first, each vertex's children in the order of their codes; None if it
    is not connected (so no tree).

    The leaves are peeled layer by layer until one or two vertices, the centres, are
    left: a vertex's layer is its height in the tree hung from the centres, and its
    parent the neighbour left when it is peeled. A subtree's code is the rank of (its
    root's label, its children's codes with their edges' labels, sorted) among the
    subtrees of its height, after those of smaller heights (Aho, Hopcroft and Ullman's
    encoding with ints for strings), so two rooted subtrees are isomorphic exactly when
    their codes are equal. The root is the centre, or of two the one of least code:
    every choice depends on the tree alone, and children of equal codes are isomorphic,
    so either order of them gives the same numbered graph.
    """
    n = len(neighbours)
    degree = [len(row) for row in neighbours]
    if 0 in degree:
        return None  # a lone vertex: not connected
    key = [0] * n  # the label of the edge up, then plus the code (times `width`)
    children: list[list[int]] = [[] for _ in range(n)]
    levels = []
    layer = [v for v in range(n) if degree[v] == 1]
    left = n
    while left > 2:
        if not layer:
            return None  # a cycle is left, so not connected
        levels.append(layer)
        left -= len(layer)
        for v in layer:
            degree[v] = 0  # peeled
        peeled = []
        for v in layer:
            for j, u in enumerate(neighbours[v]):
                if degree[u]:  # the one neighbour left
                    if kinds is not None:
                        key[v] = kinds[v][j]
                    children[u].append(v)
                    degree[u] -= 1
                    if degree[u] == 1:
                        peeled.append(u)
                    break
            else:
                return None  # an edge apart from a cycle: not connected
        layer = peeled
    if len(layer) != left:
        return None
    levels.append(layer)
    # The first layer is leaves only: their code is their label's rank.
    for v in levels[0]:
        key[v] += ranks[v] * width
    offset = max(ranks) + 1
    for level in levels[1:]:
        signatures = [(ranks[v], tuple(sorted([key[w] for w in children[v]]))) for v in level]
        rank = {s: i for i, s in enumerate(sorted(set(signatures)), start=offset)}
        offset += len(rank)
        for v, s in zip(level, signatures, strict=True):
            key[v] += rank[s] * width
    root = layer[0]
    if len(layer) == 2:  # the other centre becomes the root's child
        other = layer[1]
        if key[other] < key[root]:  # no edge up yet: the codes alone
            root, other = other, root
        children[root].append(other)
        if kinds is not None:
            key[other] += kinds[root][neighbours[root].index(other)]
    number = [0] * n
    count = 0
    stack = [root]
    while stack:
        v = stack.pop()
        number[v] = count
        count += 1
        below = children[v]
        if below:
            if len(below) > 1:  # the least code is numbered first, so pushed last
                below.sort(key=key.__getitem__, reverse=True)
            stack += below
    return number


def _search(
    neighbours: list[list[int]],
    kinds: list[list[int]] | None,
    width: int,
    ranks: list[int],
    edges: list[tuple[int, int, int]],
    max_leaves: int,
) -> tuple[list[int], bool]:
    """Refinement and individualisation (see the module): the numbering of the least
    numbered graph among the leaves, and whether every branch was tried."""
    n = len(neighbours)
    # The first colours: the label, then the degree (what one round of refinement sees).
    first = [r * n + len(row) for r, row in zip(ranks, neighbours, strict=True)]
    start = _refine(neighbours, first, kinds, width)
    best: list[int] | None = None
    best_colours = start
    leaves = 0
    twin_keys: list[list[frozenset[int]] | None] = [None] * n
    # Colourings to split, depth first: (colouring, class, vertex made first in it or -1:
    # all apart), refined when taken so a branch cut by the budget costs nothing (class -1:
    # refined already).
    pending: list[tuple[list[int], int, int]] = [(start, -1, -1)]
    while pending:
        colours, target, chosen = pending.pop()
        if target >= 0:
            if chosen >= 0:  # (colour, 0) for `chosen`, (colour, 1) for the others
                keyed = [2 * c + (c == target and v != chosen) for v, c in enumerate(colours)]
            else:  # (colour, i) for the i-th vertex of the class, (colour, 0) for others
                step = itertools.count()
                keyed = [n * c + (next(step) if c == target else 0) for c in colours]
            colours = _refine(neighbours, keyed, kinds, width)
        if max(colours) == n - 1:  # every vertex apart (colours are ranks): a numbering
            if best is None and not pending:
                return colours, True  # the only leaf
            form = []
            for u, v, k in edges:
                a, b = colours[u], colours[v]
                form.append(((a * n + b) if a < b else (b * n + a)) * width + k)
            form.sort()
            if best is None or form < best:
                best, best_colours = form, colours
            leaves += 1
            if leaves >= max_leaves:
                break
            continue
        sizes = [0] * n
        for c in colours:
            sizes[c] += 1
        target = next(c for c, size in enumerate(sizes) if size > 1)
        cell = [v for v, c in enumerate(colours) if c == target]
        tried = _untwinned(cell, twin_keys, neighbours, kinds, width)
        if len(tried) == 1:
            # The class is twins only: any order of them is an automorphism, so they
            # are set apart at once, in any order.
            pending.append((colours, target, -1))
        else:
            pending.extend((colours, target, v) for v in reversed(tried))  # first, first
    return best_colours, not pending


def _untwinned(
    cell: list[int],
    twin_keys: list[list[frozenset[int]] | None],
    neighbours: list[list[int]],
    kinds: list[list[int]] | None,
    width: int,
) -> list[int]:
    """The vertices of `cell`, one of each group of twins: the same neighbours by the
    same edges (open twins), or the same once each other is counted in (closed, adjacent
    twins). A vertex's keys are its neighbours with their edges' labels, and those with
    itself added by each label of its edges; two vertices share a key exactly when they
    are twins (a shared open and closed key would put a vertex next to itself)."""
    kept = []
    seen: set[frozenset[int]] = set()
    for v in cell:
        keys = twin_keys[v]
        if keys is None:
            if kinds is None:
                around = frozenset(neighbours[v])
                keys = [around, around | {v}]
            else:
                near = zip(neighbours[v], kinds[v], strict=True)
                around = frozenset([w * width + k for w, k in near])
                keys = [around, *(around | {v * width + k} for k in set(kinds[v]))]
            twin_keys[v] = keys
        if any(key in seen for key in keys):
            continue  # the same leaves as a twin tried already
        seen.update(keys)
        kept.append(v)
    return kept
