"""Graphs with labelled vertices in CGSuite's notation, as Snort and Col positions use them.

A graph is a pair ``(labels, edges)``: one character a vertex (``.`` for an unlabelled
vertex, ``#`` for a vertex that is gone: a move took it) and the edges ``(u, v)``,
``u < v``, sorted. People write it as CGSuite's ``Graph.Parse`` reads it: vertex labels
joined by ``-`` edges (``"L-.-.-.-L"``, the dots optional: ``"L----L"``), branches in
parentheses separated by ``;`` (``".-.(-.;-.)"``), ``:A`` or ``:{name}`` after a vertex to
name it so that a later edge can come back to it (``":A----:A"``: a 4-cycle), and ``;``
outside parentheses between pieces that share no edge (``"L;."``).

Examples
--------
>>> from grundy.partizan.games.vertex_graphs import read_vertex_graph, write_vertex_graph
>>> graph = read_vertex_graph(".-.-.(-.;-.)", "LR")
>>> graph
('.....', ((0, 1), (1, 2), (2, 3), (2, 4)))
>>> write_vertex_graph(graph), write_vertex_graph(read_vertex_graph(":A----:A", "LR"))
('--(-;-)', ':A----:A')
"""

from __future__ import annotations

from typing import Any

from ...core.errors import InvalidPositionError

__all__ = [
    "VertexGraph",
    "GONE",
    "UNLABELLED",
    "neighbours",
    "normalized",
    "connected_parts",
    "read_vertex_graph",
    "write_vertex_graph",
]

#: A graph: a label a vertex, and its edges (u, v), u < v, sorted.
VertexGraph = tuple[str, tuple[tuple[int, int], ...]]

#: The label of a vertex that is gone (a move removed it); it has no edges.
GONE = "#"
#: The label of a vertex without one.
UNLABELLED = "."


def neighbours(graph: VertexGraph) -> list[list[int]]:
    """Each vertex's neighbours, in increasing order.

    Examples
    --------
    >>> from grundy.partizan.games.vertex_graphs import neighbours
    >>> neighbours(("...", ((0, 1), (0, 2))))
    [[1, 2], [0], [0]]
    """
    labels, edges = graph
    around: list[list[int]] = [[] for _ in labels]
    for u, v in edges:
        around[u].append(v)
        around[v].append(u)
    for vs in around:
        vs.sort()
    return around


def _walk(
    graph: VertexGraph,
) -> tuple[list[int], list[int], list[list[tuple[int, bool]]], set[int]]:
    """Depth first from each piece's least vertex (vertices that are gone are skipped),
    neighbours in increasing order: the vertices in the order met, the pieces' first
    vertices, each vertex's edges as met ((other end, True for an edge to a new vertex)),
    and the vertices an edge comes back to. Reading :func:`write_vertex_graph`'s text
    numbers vertices in this order."""
    labels, _ = graph
    around = neighbours(graph)
    seen = [False] * len(labels)
    used: set[tuple[int, int]] = set()
    children: list[list[tuple[int, bool]]] = [[] for _ in labels]
    named: set[int] = set()
    order: list[int] = []
    roots: list[int] = []
    for root, label in enumerate(labels):
        if label == GONE or seen[root]:
            continue
        seen[root] = True
        order.append(root)
        roots.append(root)
        stack = [(root, 0)]
        while stack:
            v, i = stack.pop()
            if i == len(around[v]):
                continue
            stack.append((v, i + 1))
            w = around[v][i]
            edge = (v, w) if v < w else (w, v)
            if edge in used:
                continue
            used.add(edge)
            if seen[w]:  # met already: an edge back to it
                children[v].append((w, False))
                named.add(w)
            else:
                seen[w] = True
                order.append(w)
                children[v].append((w, True))
                stack.append((w, 0))
    return order, roots, children, named


def normalized(graph: VertexGraph) -> VertexGraph:
    """The graph without its vertices that are gone, numbered as its notation is read
    back (so that writing and reading it gives it again).

    Examples
    --------
    >>> from grundy.partizan.games.vertex_graphs import normalized
    >>> normalized(("L#..", ((0, 2), (2, 3))))
    ('L..', ((0, 1), (1, 2)))
    >>> normalized(("...", ((0, 2), (1, 2))))
    ('...', ((0, 1), (1, 2)))
    """
    labels, edges = graph
    # The vertices in the order _walk meets them (a depth-first search, neighbours in
    # increasing order), without sorting its edges into tree edges and back edges.
    around = neighbours(graph)
    new = [-1] * len(labels)
    order: list[int] = []
    for root, label in enumerate(labels):
        if label == GONE or new[root] >= 0:
            continue
        new[root] = len(order)
        order.append(root)
        stack = [iter(around[root])]
        while stack:
            for w in stack[-1]:
                if new[w] < 0:
                    new[w] = len(order)
                    order.append(w)
                    stack.append(iter(around[w]))
                    break
            else:
                stack.pop()
    moved = [(new[u], new[v]) for u, v in edges]
    return "".join(labels[v] for v in order), tuple(
        sorted([(a, b) if a < b else (b, a) for a, b in moved])
    )


def connected_parts(graph: VertexGraph) -> list[VertexGraph]:
    """The pieces of the graph that no edge joins (vertices that are gone left out),
    each numbered from 0 in the order of its vertices.

    Examples
    --------
    >>> from grundy.partizan.games.vertex_graphs import connected_parts
    >>> connected_parts(("L.#.R", ((0, 1), (3, 4))))
    [('L.', ((0, 1),)), ('.R', ((0, 1),))]
    """
    labels, edges = graph
    around = neighbours(graph)
    piece = [-1] * len(labels)
    pieces: list[list[int]] = []
    for root, label in enumerate(labels):
        if label == GONE or piece[root] >= 0:
            continue
        piece[root] = len(pieces)
        members, todo = [root], [root]
        while todo:
            for w in around[todo.pop()]:
                if piece[w] < 0:
                    piece[w] = piece[root]
                    members.append(w)
                    todo.append(w)
        pieces.append(sorted(members))
    out = []
    for members in pieces:
        new = {v: i for i, v in enumerate(members)}
        own = tuple((new[u], new[v]) for u, v in edges if u in new)
        out.append(("".join(labels[v] for v in members), own))
    return out


# ----------------------------------------------------------------- notation
def write_vertex_graph(graph: VertexGraph) -> str:
    """Write the graph as CGSuite's ``Graph.ToString`` does: unlabelled vertices as
    nothing (``"---"``, or ``"."`` for a vertex alone), names ``A``...``Z``, then
    ``{v26}``..., for the vertices edges come back to, pieces joined by ``;``; the empty
    graph is ``""``.

    Examples
    --------
    >>> from grundy.partizan.games.vertex_graphs import write_vertex_graph
    >>> write_vertex_graph(("L...L", ((0, 1), (1, 2), (2, 3), (3, 4))))
    'L----L'
    >>> write_vertex_graph(("..R", ()))
    '.;.;R'
    """
    labels, _ = graph
    _, roots, children, named = _walk(graph)
    names: dict[int, str] = {}

    def vertex(v: int) -> str:
        text = "" if labels[v] == UNLABELLED else labels[v]
        if v in named:
            if v not in names:
                n = len(names)
                names[v] = chr(ord("A") + n) if n < 26 else f"{{v{n}}}"
            text += ":" + names[v]
        return text

    pieces = []
    for root in roots:
        out: list[str] = []
        todo: list[Any] = [(root, True)]
        while todo:
            item = todo.pop()
            if isinstance(item, str):
                out.append(item)
                continue
            v, down = item
            out.append(vertex(v))
            if not down:
                continue
            kids = children[v]
            seq: list[Any] = ["("] if len(kids) > 1 else []
            for i, (w, new) in enumerate(kids):
                seq += [";", "-", (w, new)] if i else ["-", (w, new)]
            seq += [")"] if len(kids) > 1 else []
            todo.extend(reversed(seq))
        pieces.append("".join(out) or UNLABELLED)
    return ";".join(pieces)


def _tokens(text: str, where: str) -> list[tuple[int, str]]:
    """(place, token): characters, a ``{...}`` one token, spaces dropped."""
    tokens: list[tuple[int, str]] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "{":
            end = text.find("}", i + 1)
            if end < 0:
                raise InvalidPositionError(f"{where}: the '{{' at {i} is not closed")
            tokens.append((i, text[i + 1 : end]))
            i = end + 1
            continue
        if not c.isspace():
            tokens.append((i, c))
        i += 1
    return tokens


def read_vertex_graph(text: str, vertex_labels: str, where: str = "graph") -> VertexGraph:
    """Read a graph in CGSuite's notation, its vertex labels among `vertex_labels`
    (``.`` or nothing is an unlabelled vertex), its edges ``-``; vertices are numbered in
    the order written. Loops and repeated edges are dropped (they change no game here).

    Raises
    ------
    InvalidPositionError
        Text that is not such a graph; the message starts with `where`, then says what
        is wrong and at which character.

    Examples
    --------
    >>> from grundy.partizan.games.vertex_graphs import read_vertex_graph
    >>> read_vertex_graph("L-.-R;.", "LR")
    ('L.R.', ((0, 1), (1, 2)))
    >>> read_vertex_graph("L-x", "LR")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: graph: 'x' at 2 is not a vertex (L, R or .) ...
    """
    tokens = _tokens(text, where)
    labels: list[str] = []
    names: dict[str, int] = {}
    edges: set[tuple[int, int]] = set()
    pos = 0
    legend = ", ".join(vertex_labels) + " or ."

    def vertex() -> int:
        """Read a vertex (a label, '.' or nothing, then maybe ':name') at `pos`."""
        nonlocal pos
        label = UNLABELLED
        if pos < len(tokens) and (tokens[pos][1] in vertex_labels or tokens[pos][1] == "."):
            label = tokens[pos][1]
            pos += 1
        elif pos < len(tokens) and tokens[pos][1] not in "-:();":
            place, token = tokens[pos]
            raise InvalidPositionError(
                f"{where}: {token!r} at {place} is not a vertex ({legend}) nor one of - : ( ; )"
            )
        if pos < len(tokens) and tokens[pos][1] == ":":
            if pos + 1 == len(tokens):
                raise InvalidPositionError(f"{where}: ':' at the end names no vertex")
            name = tokens[pos + 1][1]
            pos += 2
            if name in names:
                v = names[name]
                if labels[v] != label:
                    raise InvalidPositionError(
                        f"{where}: vertex {name!r} is written with labels {labels[v]!r} "
                        f"and {label!r}"
                    )
                return v
            names[name] = len(labels)
        labels.append(label)
        return len(labels) - 1

    at: int | None = None  # the vertex the next edge starts from (None: a new piece)
    open_at: list[int] = []  # the vertex of each open '('
    while pos < len(tokens):
        if at is None:  # a piece starts (CGSuite reads nothing after a final ';')
            at = vertex()
            continue
        place, token = tokens[pos]
        pos += 1
        if token == "-":
            w = vertex()
            if w != at:
                edges.add((at, w) if at < w else (w, at))
            at = w
        elif token == "(":
            open_at.append(at)
        elif token == ";":
            at = open_at[-1] if open_at else None
        elif token == ")" and open_at:
            open_at.pop()
            if pos < len(tokens) and tokens[pos][1] not in ";)":
                raise InvalidPositionError(
                    f"{where}: {tokens[pos][1]!r} at {tokens[pos][0]} follows a ')'; "
                    "branches end the stalk they grow from"
                )
        elif token == ")":
            raise InvalidPositionError(f"{where}: the ')' at {place} closes no '('")
        else:
            raise InvalidPositionError(
                f"{where}: {token!r} at {place} is not an edge (-) nor one of ( ; ) after a vertex"
            )
    if open_at:
        raise InvalidPositionError(f"{where}: a '(' is not closed")
    return "".join(labels), tuple(sorted(edges))
