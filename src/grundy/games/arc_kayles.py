"""Arc Kayles: pick an edge of a graph and delete both its ends; the last to move wins."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidPositionError, PositionLimitError
from ..core.graph_canon import Edges, canonical_form
from ..core.integers import parse_int, shown
from ..core.key_memo import KeyMemo
from ..core.sums import Sum
from ..impartial.explain import mex_reason, xor_line
from ..impartial.game import ImpartialGame
from ._edge_files import check_vertex, edge_word
from .cram import search_estimate
from .octal import DawsonsKayles

__all__ = ["ArcKayles", "grid_graph", "graph_family"]

#: The most rows, and the most columns, of a grid typed as RxC.
MAX_GRID_SIDE = 26

#: Component keys remembered per game, then forgotten at once (recomputed when met).

_RECTANGLE = re.compile(r"^\s*(-?[0-9]+)\s*[xX×]\s*(-?[0-9]+)\s*$")


def grid_graph(rows: int, columns: int) -> Edges:
    """The edges of the `rows` x `columns` grid, vertex ``r * columns + c`` at (r, c).

    Arc Kayles on a grid graph is Cram on the board of the same size: an edge is a
    domino, and deleting its ends covers its two cells.

    Examples
    --------
    >>> from grundy.games.arc_kayles import grid_graph
    >>> grid_graph(2, 2)
    ((0, 1), (0, 2), (1, 3), (2, 3))
    """
    found = []
    for r in range(rows):
        for c in range(columns):
            v = r * columns + c
            if c + 1 < columns:
                found.append((v, v + 1))
            if r + 1 < rows:
                found.append((v, v + columns))
    return tuple(sorted(found))


def graph_family(edges: Edges) -> tuple[str, int, int] | None:
    """The family of a connected graph whose Arc Kayles value a theorem gives, with its
    sizes: ``("path", n, 0)``, ``("cycle", n, 0)``, ``("complete", n, 0)`` or
    ``("bipartite", a, b)`` (complete bipartite, a <= b; a star is a = 1); None otherwise
    (or when the graph is not connected).

    Examples
    --------
    >>> from grundy.games.arc_kayles import graph_family
    >>> graph_family(((0, 1), (1, 2))), graph_family(((0, 1), (0, 2), (0, 3)))
    (('path', 3, 0), ('bipartite', 1, 3))
    >>> graph_family(((0, 1), (1, 2), (2, 0))), graph_family(((0, 1), (2, 3))) is None
    (('cycle', 3, 0), True)
    """
    if not edges:
        return None
    neighbours: dict[int, list[int]] = {}
    for u, v in edges:
        neighbours.setdefault(u, []).append(v)
        neighbours.setdefault(v, []).append(u)
    # One BFS: connected, and two-coloured if bipartite.
    first = edges[0][0]
    side = {first: 0}
    queue = [first]
    bipartite = True
    for u in queue:
        for v in neighbours[u]:
            if v not in side:
                side[v] = 1 - side[u]
                queue.append(v)
            elif side[v] == side[u]:
                bipartite = False
    n, e = len(neighbours), len(edges)
    if len(side) != n:
        return None
    most = max(len(x) for x in neighbours.values())
    if most <= 2:
        return ("path", n, 0) if e == n - 1 else ("cycle", n, 0)
    if 2 * e == n * (n - 1):
        return ("complete", n, 0)
    if bipartite:
        a = sum(side.values())
        a, b = sorted((a, n - a))
        if e == a * b:
            return ("bipartite", a, b)
    return None


def _family_value(family: tuple[str, int, int]) -> int:
    """The Arc Kayles value of a graph of `family` (see :meth:`ArcKayles.formula`)."""
    kind, a, b = family
    if kind == "path":
        return DawsonsKayles.grundy(a)
    if kind == "cycle":  # every move leaves a path of a - 2 vertices
        return 1 if DawsonsKayles.grundy(a - 2) == 0 else 0
    if kind == "complete":  # every game lasts a // 2 moves
        return (a // 2) % 2
    return a % 2  # complete bipartite: every game lasts min(a, b) moves


def _family_form(family: tuple[str, int, int]) -> Edges:
    """The standard form of the graphs of `family`: one key for all of them."""
    kind, a, b = family
    if kind == "path":
        return tuple((i, i + 1) for i in range(a - 1))
    if kind == "cycle":
        return tuple(sorted([(i, i + 1) for i in range(a - 1)] + [(0, a - 1)]))
    if kind == "complete":
        return tuple((i, j) for i in range(a) for j in range(i + 1, a))
    return tuple((i, a + j) for i in range(a) for j in range(b))


@dataclass(frozen=True)
class ArcKayles(ImpartialGame[Edges]):
    """Arc Kayles: pick an edge; both its ends go, with every edge at them. Whoever cannot
    pick an edge loses.

    A position is a graph given by its edges, pairs (u, v) of vertex labels (integers
    >= 0), kept as a sorted tuple of pairs u < v without repeats; a vertex with no edge
    left plays no part and is dropped. Typed as words (:meth:`parse_position`), a graph is
    its edges ``u-v`` (``edges 0-1 1-2``, or ``no edges``), or ``RxC`` for the grid of R
    rows and C columns (:func:`grid_graph`). A networkx graph or a list of pairs is
    accepted too.

    Examples
    --------
    >>> from grundy.games import ArcKayles
    >>> game = ArcKayles()
    >>> game.grundy("edges 0-1 1-2 2-0 2-3"), game.grundy("3x3")  # a triangle and a tail
    (2, 0)
    >>> game.grundy([(0, v) for v in range(1, 9)])          # a star: one move
    1
    >>> game.winning_moves("edges 0-1 1-2 2-3 3-4 4-5")     # the middle edge
    [((0, 1), (4, 5))]

    Notes
    -----
    A graph's value is the XOR of its connected components' (:meth:`components`). Each
    component is stored once for all its isomorphic copies: :meth:`canonical` renumbers
    its vertices by a canonical labelling (:mod:`grundy.core.graph_canon`; a component
    with more than 512 branches of the labelling keeps a form of its own, valued
    rightly but not shared). Theorems give the values of some families at once
    (:meth:`formula`): a path of n vertices is a heap of n of Dawson's Kayles (octal
    0.07); a cycle of n leaves a path of n - 2 whatever the move; in a complete graph on
    n vertices, and in a complete bipartite graph K(a, b) (a star is K(1, b)), every game
    lasts n // 2 (or min(a, b)) moves, so the value is that number mod 2 (Huggan and
    Stevens: such graphs are equimatchable). On the grid graphs the game is Cram, whose
    catalog game :class:`~grundy.games.Cram` is faster (bit masks, the board's symmetries).

    References
    ----------
    T. J. Schaefer, "On the complexity of some two-person perfect-information games",
    J. Comput. System Sci. 16 (1978) 185-225 (the game). M. Huggan, B. Stevens,
    "Polynomial time graph families for Arc Kayles", Integers 16 (2016) #A86. Winning
    Ways, ch. 4 (Dawson's Kayles).
    """

    # ----------------------------------------------------------------- the rules
    def moves(self, position: Edges) -> list[Edges]:
        """The graphs after each edge is picked, in the order of the edges.

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().moves(((0, 1), (1, 2), (2, 3)))
        [((2, 3),), (), ((0, 1),)]
        """
        return [_without(position, u, v) for u, v in position]

    def option_values(self, position: Edges, values: Mapping[Any, int]) -> set[int]:
        """The values of the options: each the XOR of the components an edge leaves.

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> sorted(ArcKayles().option_values(((0, 1), (1, 2), (2, 3)), {((0, 1),): 1}))
        [0, 1]
        """
        keys = self._keys()
        found = set()
        for u, v in position:
            value = 0
            for part in _connected(_without(position, u, v)):
                key = keys.get(part)
                value ^= values[key if key is not None else keys.key(part, _key_of)]
            found.add(value)
        return found

    def components(self, position: Edges) -> list[Edges] | None:
        """The keys of the connected components; None for one that is its own key.

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().components(((0, 1), (5, 7), (7, 9)))
        [((0, 1),), ((0, 1), (1, 2))]
        """
        keys = self._keys()
        if keys.is_key(position):
            return None
        parts = []
        for part in _connected(position):
            key = keys.get(part)
            parts.append(key if key is not None else keys.key(part, _key_of))
        return None if len(parts) == 1 and parts[0] == position else parts

    def canonical(self, position: Edges) -> Edges:
        """The graph renumbered by its canonical labelling (a family's standard form).

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().canonical(((3, 4), (4, 5), (5, 6), (3, 6), (3, 5)))
        ((0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
        """
        key = self._keys().get(position)
        return key if key is not None else _key_of(position)

    def formula(self, position: Edges) -> int | None:
        """The value of a path, cycle, complete or complete bipartite graph (see Notes);
        0 for no edge; None otherwise.

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> game = ArcKayles()
        >>> game.formula(((0, 1), (1, 2), (2, 3))), game.formula(((0, 1), (1, 2), (0, 2)))
        (2, 1)
        """
        if not position:
            return 0
        family = graph_family(position)
        return None if family is None else _family_value(family)

    def parts(self, position: Edges | Sum) -> Sequence[Edges | Sum] | None:
        """The graphs of a :class:`~grundy.Sum`; None for one graph, so that winning
        moves are whole graphs (the solver still splits a graph into its components).

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().parts(((0, 1), (2, 3))) is None
        True
        """
        return position.parts if isinstance(position, Sum) else None

    def search_size(self, position: Edges) -> int | None:
        """An estimate of the graphs a search values, from the largest component no
        theorem values: 1.25^V for V vertices if it has at most V edges (trees and one
        cycle: measured about 50 graphs for random trees of 20 vertices, 4,000-4,600 for
        40), else Cram's estimate (:func:`~grundy.games.cram.search_estimate`) of V cells
        (a grid is a Cram board).

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().search_size(grid_graph(5, 6)) > 100_000
        True
        >>> ArcKayles().search_size(((0, 1), (1, 2), (1, 3), (3, 4)))   # a tree: 1.25^5
        4
        """
        worst = 0
        for part in _connected(position):
            if self.formula(part) is None:
                vertices = len({v for edge in part for v in edge})
                if len(part) <= vertices:
                    size = -(-(5**vertices) // 4**vertices)  # 1.25^V, rounded up
                else:
                    size = search_estimate(vertices)
                worst = max(worst, size)
        return worst or None

    def search_refusal(self, position: Edges, size: int, limit: int) -> str:
        """Why a graph is refused: the estimate and the limit.

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().search_refusal(grid_graph(2, 2), 5000, 100)  # doctest: +ELLIPSIS
        'ArcKayles(): no theorem values a graph of 4 edges; a search would value about ...'
        """
        return (
            f"{self!r}: no theorem values a graph of {len(position):,} edges; a search would "
            f"value about {size:,} graphs, more than max_positions = {limit:,}"
        )

    # ----------------------------------------------------------------- notation
    def check_position(self, position: object) -> Edges | Sum:
        """Read a graph: edges ``(u, v)``, a networkx graph, or text (``"0-1 1-2"``,
        ``"3x4"``); loops are refused, repeated edges and lone vertices dropped.

        Raises
        ------
        InvalidPositionError
            Not a graph, a vertex that is no integer >= 0, a loop, a bad grid.
        PositionLimitError
            More than ``max_positions`` edges.

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().check_position([(2, 1), (1, 2), [0, 1]])
        ((0, 1), (1, 2))
        >>> ArcKayles().check_position([(3, 3)])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: ArcKayles(): edge (3, 3) is a loop; an edge ...
        """
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        if isinstance(position, str):
            return self._parse_words(position.split())
        if callable(getattr(position, "edges", None)):  # a networkx graph
            graph: Any = position
            pairs: Iterable[Any] = graph.edges()
        elif isinstance(position, Iterable):
            pairs = position
        else:
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a graph; give its edges (u, v), "
                "a networkx graph, or text such as '0-1 1-2' or '3x4'"
            )
        found = set()
        for pair in pairs:
            if not isinstance(pair, tuple | list) or len(pair) != 2:
                raise InvalidPositionError(f"{self!r}: edge {shown(pair)} is not a pair (u, v)")
            where = f"{self!r}: edge {shown(tuple(pair))}"
            u = check_vertex(pair[0], where, InvalidPositionError)
            v = check_vertex(pair[1], where, InvalidPositionError)
            if u == v:
                raise InvalidPositionError(f"{where} is a loop; an edge joins two vertices")
            found.add((u, v) if u < v else (v, u))
            if len(found) > self.max_positions:
                raise PositionLimitError(
                    f"{self!r}: more than max_positions = {self.max_positions:,} edges"
                )
        return tuple(sorted(found))

    def parse_position(self, tokens: Sequence[str]) -> Edges | Sum:
        """Read a graph typed as words: its edges ``u-v`` (after an optional ``edges``),
        ``no edges``, or a grid ``RxC``.

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().parse_position(["edges", "0-1", "1-2"]), ArcKayles().parse_position(["1x3"])
        (((0, 1), (1, 2)), ((0, 1), (1, 2)))
        """
        return self._parse_words(list(tokens))

    def _parse_words(self, words: list[str]) -> Edges:
        if not words:
            raise InvalidPositionError(
                f"{self!r}: give the edges u-v of a graph, such as 0-1 1-2, or a grid RxC"
            )
        if words == ["no", "edges"]:
            return ()
        if len(words) == 1 and (match := _RECTANGLE.match(words[0])):
            label = f"{self!r}: grid {shown(words[0])}: side"
            rows, columns = parse_int(match[1], label), parse_int(match[2], label)
            if not (1 <= rows <= MAX_GRID_SIDE and 1 <= columns <= MAX_GRID_SIDE):
                raise InvalidPositionError(
                    f"{self!r}: grid {shown(words[0])} must have 1 to {MAX_GRID_SIDE} rows and "
                    "columns"
                )
            return grid_graph(rows, columns)
        body = words[1:] if words[0] == "edges" else words
        if not body:
            raise InvalidPositionError(f"{self!r}: 'edges' and no edge u-v after it")
        pairs = []
        for word in body:
            pair = edge_word(word, f"{self!r}: edge")
            if pair is None:
                raise InvalidPositionError(
                    f"{self!r}: {shown(word)} is not an edge u-v such as 0-1 (or a grid RxC)"
                )
            pairs.append(pair)
        checked = self.check_position(pairs)
        assert not isinstance(checked, Sum)
        return checked

    def format_position(self, position: Edges | Sum) -> str:
        """Write a graph as its edges ``u-v`` (what :meth:`parse_position` reads).

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().format_position(((0, 1), (1, 2))), ArcKayles().format_position(())
        ('edges 0-1 1-2', 'no edges')
        """
        if isinstance(position, Sum):
            return super().format_position(position)
        return "edges " + " ".join(f"{u}-{v}" for u, v in position) if position else "no edges"

    def describe_move(self, before: Edges | Sum, after: Edges | Sum) -> str:
        """Name the edge picked: ``pick 1-2``.

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().describe_move("0-1 1-2 2-3", "2-3")
        'pick 0-1'
        """
        before, after = self.check_position(before), self.check_position(after)
        if not isinstance(before, Sum) and not isinstance(after, Sum):
            for u, v in before:
                if _without(before, u, v) == after:
                    return f"pick {u}-{v}"
        return super().describe_move(before, after)

    def parse_move(self, position: Edges | Sum, text: str) -> Edges | None:
        """Read a move as the edge picked, ``u-v`` (or ``pick u-v``); None for other text.

        Raises
        ------
        InvalidPositionError
            The edge is not in the graph.

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().parse_move(((0, 1), (1, 2), (2, 3)), "pick 2-3")
        ((0, 1),)
        """
        graph = self.check_position(position)
        words = text.split()
        if words[:1] == ["pick"]:
            words = words[1:]
        pair = edge_word(words[0], f"{self!r}: edge") if len(words) == 1 else None
        if pair is None or isinstance(graph, Sum):
            return None
        u, v = min(pair), max(pair)
        if (u, v) not in graph:
            raise InvalidPositionError(f"{self!r}: {u}-{v} is not an edge of the graph")
        return _without(graph, u, v)

    def move_notation(self) -> str:
        """How a person names a move (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().move_notation()
        'the edge you pick, such as 0-1'
        """
        return "the edge you pick, such as 0-1"

    # ----------------------------------------------------------------- explain
    def explain_part(self, position: Edges) -> str:
        """The reason of a graph's value: its components' XOR, a family's theorem, or
        the mex of its options.

        Examples
        --------
        >>> from grundy.games import ArcKayles
        >>> ArcKayles().explain_part(((0, 1), (0, 2), (0, 3)))
        'K(1, 3): every game lasts 1 move: value = 1'
        """
        parts = self.components(position)
        if parts is not None and len(parts) != 1:
            return xor_line("the components' values", [self.grundy(p) for p in parts], "edges")
        graph = parts[0] if parts else position
        family = graph_family(graph)
        if family is None:
            return mex_reason(self, position)
        kind, a, b = family
        value = _family_value(family)
        if kind == "path":
            return f"a path of {a} vertices is a heap of {a} in Dawson's Kayles: value = {value}"
        if kind == "cycle":
            return f"a cycle of {a} vertices leaves a path of {a - 2}: value = {value}"
        moves = a // 2 if kind == "complete" else a
        lasts = f"every game lasts {moves} move{'' if moves == 1 else 's'}"
        if kind == "complete":
            return f"K{a}: {lasts}: value = {value}"
        return f"K({a}, {b}): {lasts}: value = {value}"

    # ----------------------------------------------------------------- machinery
    def _keys(self) -> KeyMemo:
        """Each component met -> its key (each key -> itself)."""
        return self.cache.setdefault("component_keys", KeyMemo())  # type: ignore[no-any-return]


def _key_of(graph: Edges) -> Edges:
    """A family's standard form, else the canonical form (see :mod:`grundy.core.graph_canon`)."""
    family = graph_family(graph)
    return _family_form(family) if family is not None else canonical_form(graph)


def _without(edges: Edges, u: int, v: int) -> Edges:
    """The edges left when vertices `u` and `v` are deleted."""
    return tuple(e for e in edges if e[0] != u and e[0] != v and e[1] != u and e[1] != v)


def _connected(edges: Edges) -> list[Edges]:
    """The edges of each connected component, in the order of their first edges."""
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        while parent.get(x, x) != x:
            parent[x] = parent.get(parent[x], parent[x])  # halve the path
            x = parent[x]
        return x

    for u, v in edges:
        a, b = root(u), root(v)
        if a != b:
            parent[max(a, b)] = min(a, b)
    groups: dict[int, list[tuple[int, int]]] = {}
    for edge in edges:
        groups.setdefault(root(edge[0]), []).append(edge)
    return [tuple(group) for group in groups.values()]
