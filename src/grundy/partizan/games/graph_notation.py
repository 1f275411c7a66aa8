"""CGSuite's notation for graphs with labelled edges, as Hackenbush positions use it.

A graph is written from vertex 0 (the ground): a stalk of edge labels (``"lrl"``),
branches in parentheses separated by ``;`` (``"l(l;rl)"``), and ``:A`` or ``:{name}``
after an edge to name the vertex it reaches, so that a later edge can come back to it
(``":Aee:A"``: two edges from the ground to one vertex); ``.`` may stand for an
unlabelled vertex and is the ground alone. This is CGSuite's ``Graph.parse`` and
``Graph.toString`` (lib/core/src/main/scala/org/cgsuite/util/Graph.scala) for
undirected graphs with one-letter edge labels and no vertex labels.

Examples
--------
>>> from grundy.partizan.games.graph_notation import read_graph, write_graph
>>> edges = read_graph("l(l;rl)", "lre")
>>> edges
((0, 1, 'l'), (1, 2, 'l'), (1, 3, 'r'), (3, 4, 'l'))
>>> write_graph(edges), write_graph(read_graph(":Aee:A", "lre"))
('l(l;rl)', ':Aee:A')
"""

from __future__ import annotations

from typing import Any

from ...core.errors import InvalidPositionError

__all__ = ["Edge", "Edges", "adjacency", "walk", "write_graph", "renumber", "read_graph"]

#: An edge: its two ends (the smaller first) and its label.
Edge = tuple[int, int, str]
Edges = tuple[Edge, ...]


def adjacency(edges: Edges) -> dict[int, list[int]]:
    """Return vertex -> the numbers of the edges at it (a loop once), in order; vertex
    0 is always there.

    Examples
    --------
    >>> from grundy.partizan.games.graph_notation import adjacency
    >>> adjacency(((0, 1, "l"), (1, 1, "e"), (1, 2, "r")))
    {0: [0], 1: [0, 1, 2], 2: [2]}
    """
    around: dict[int, list[int]] = {0: []}
    for k, (u, v, _) in enumerate(edges):
        around.setdefault(u, []).append(k)
        if v != u:
            around.setdefault(v, []).append(k)
    return around


def walk(edges: Edges) -> tuple[list[int], dict[int, list[tuple[str, int, bool]]], set[int]]:
    """Walk the graph depth first from vertex 0, each vertex's edges taken by (other
    end, label).

    Returns
    -------
    order : list of int
        The vertices reached, in the order met.
    children : dict
        Vertex -> its edges as met: (label, other end, True for an edge to a new vertex).
    named : set of int
        The vertices some edge comes back to (CGSuite writes a name for them).

    Examples
    --------
    >>> from grundy.partizan.games.graph_notation import walk
    >>> walk(((0, 1, "e"), (0, 1, "e")))
    ([0, 1], {0: [('e', 1, True)], 1: [('e', 0, False)]}, {0})
    """
    around = adjacency(edges)

    def other(k: int, v: int) -> int:
        u, w, _ = edges[k]
        return w if u == v else u

    for v, ks in around.items():
        ks.sort(key=lambda k: (other(k, v), edges[k][2], k))
    used = bytearray(len(edges))
    order = [0]
    children: dict[int, list[tuple[str, int, bool]]] = {0: []}
    pointer = {0: 0}
    named: set[int] = set()
    stack = [0]
    while stack:
        v = stack[-1]
        ks = around[v]
        i = pointer[v]
        if i == len(ks):
            stack.pop()
            continue
        pointer[v] = i + 1
        k = ks[i]
        if used[k]:
            continue
        used[k] = 1
        w = other(k, v)
        if w in pointer:  # met already: an edge back to it
            children[v].append((edges[k][2], w, False))
            named.add(w)
        else:
            order.append(w)
            children[w], pointer[w] = [], 0
            children[v].append((edges[k][2], w, True))
            stack.append(w)
    return order, children, named


def write_graph(edges: Edges) -> str:
    """Write the graph (the part reached from vertex 0) as CGSuite's ``Graph.toString``
    does: names ``A``...``Z``, then ``{v26}``..., for the vertices edges come back to.

    Examples
    --------
    >>> from grundy.partizan.games.graph_notation import write_graph
    >>> write_graph(((0, 1, "e"), (1, 2, "l"), (1, 3, "r"), (2, 3, "e"))), write_graph(())
    ('e:Aler:A', '.')
    """
    _, children, named = walk(renumber(edges))  # so relabelled copies are written alike
    names: dict[int, str] = {}

    def name(v: int) -> str:
        if v not in names:
            n = len(names)
            names[v] = chr(ord("A") + n) if n < 26 else f"{{v{n}}}"
        return ":" + names[v]

    out: list[str] = []
    todo: list[Any] = [(0, True)]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        v, tree = item
        if not tree:
            out.append(name(v))
            continue
        if v in named:
            out.append(name(v))
        kids = children[v]
        seq: list[Any] = ["("] if len(kids) > 1 else []
        for i, (c, w, down) in enumerate(kids):
            seq += [";", c, (w, down)] if i else [c, (w, down)]
        seq += [")"] if len(kids) > 1 else []
        todo.extend(reversed(seq))
    return "".join(out) or "."


def renumber(edges: Edges) -> Edges:
    """The graph with its vertices numbered 0, 1, 2... in the order :func:`_write` meets
    them, so that writing and reading it back gives the same edges."""
    order, _, _ = walk(edges)
    new = {v: i for i, v in enumerate(order)}
    out = [(new[u], new[v], c) for u, v, c in edges]
    return tuple(sorted((u, v, c) if u <= v else (v, u, c) for u, v, c in out))


def read_graph(text: str, labels: str, where: str = "graph") -> Edges:
    """Read a graph in CGSuite's notation, its edge labels among `labels` (letters,
    either case); vertices are numbered in the order written, the first one 0.

    Raises
    ------
    InvalidPositionError
        Text that is not a graph; the message starts with `where`, then says what is
        wrong and at which character.

    Examples
    --------
    >>> from grundy.partizan.games.graph_notation import read_graph
    >>> read_graph(":{ground}ll:{ground}", "lre")
    ((0, 1, 'l'), (0, 1, 'l'))
    >>> read_graph("l(l;r)l", "lre")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: graph: 'l' at 6 follows a ')'; branches end ...
    """
    tokens: list[tuple[int, str]] = []  # (place in text, token)
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
    if not tokens:
        raise InvalidPositionError(f"{where}: no graph is written ('.' is a vertex alone)")
    pos = 0
    names: dict[str, int] = {}
    count = 0
    edges: list[Edge] = []

    def vertex() -> int:
        nonlocal pos, count
        if pos < len(tokens) and tokens[pos][1] == ".":
            pos += 1
        if pos < len(tokens) and tokens[pos][1] == ":":
            if pos + 1 == len(tokens):
                raise InvalidPositionError(f"{where}: ':' at the end names no vertex")
            label = tokens[pos + 1][1]
            pos += 2
            if label in names:
                return names[label]
            names[label] = count
        count += 1
        return count - 1

    while True:  # one piece; a ';' outside parentheses starts another (CGSuite's syntax)
        at = vertex()
        open_at: list[int] = []  # the vertex of each open '('
        while pos < len(tokens):
            place, token = tokens[pos]
            if token == "(":
                open_at.append(at)
            elif len(token) == 1 and token.lower() in labels.lower():
                pos += 1
                w = vertex()
                edges.append((at, w, token.lower()) if at <= w else (w, at, token.lower()))
                at = w
                continue
            elif token == ";" and open_at:
                at = open_at[-1]
            elif token == ")" and open_at:
                open_at.pop()
                if pos + 1 < len(tokens) and tokens[pos + 1][1] not in ";)":
                    raise InvalidPositionError(
                        f"{where}: {tokens[pos + 1][1]!r} at {tokens[pos + 1][0]} follows a "
                        "')'; branches end the stalk they grow from"
                    )
            elif token == ";":
                break
            else:
                raise InvalidPositionError(
                    f"{where}: {token!r} at {place} is not an edge ({', '.join(labels)}), "
                    "nor one of . : ( ; )"
                )
            pos += 1
        if open_at:
            raise InvalidPositionError(f"{where}: a '(' is not closed")
        if pos == len(tokens):
            break
        pos += 1
    return tuple(sorted(edges))
