"""Green Hackenbush: cut an edge of a grounded graph; colon and fusion principles."""

from __future__ import annotations

import os
import random
import warnings
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import Any

from ..core.errors import InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.integers import shown
from ..core.sums import Sum
from ..impartial.game import ImpartialGame
from ._edge_files import EdgeList, check_vertex, edge_word, parse_edge_text, read_edge_file

__all__ = ["GreenHackenbush", "hackenbush_value"]

Edge = tuple[int, int]
Edges = tuple[Edge, ...]


# ----------------------------------------------------------------- the theory
class _Analysis:
    """Bridges, 2-edge-connected components and their values, for one grounded graph.

    Vertices are renumbered 0..n-1 in depth-first preorder from the root (vertex 0).
    The components are the pieces of the depth-first tree cut at the bridges, numbered
    in the preorder of their heads (their top vertex), so parents come first; a
    component's ``value`` is that of everything hanging from its head.
    """

    __slots__ = (
        "labels",
        "ends",
        "incident",
        "loops",
        "preorder",
        "tin",
        "bridge",
        "comp",
        "head",
        "parent",
        "parent_edge",
        "children",
        "value",
        "_size",
    )

    def __init__(self, edges: Sequence[Edge], root: int, weights: dict[int, int]) -> None:
        index = {root: 0}
        labels = [root]
        ends = []
        for u, v in edges:
            a = index.get(u)
            if a is None:
                a = index[u] = len(labels)
                labels.append(u)
            b = index.get(v)
            if b is None:
                b = index[v] = len(labels)
                labels.append(v)
            ends.append((a, b))
        n = len(labels)
        incident: list[list[int]] = [[] for _ in range(n)]  # edge numbers; loops left out
        other = []  # a ^ b: from one end of an edge, `other[e] ^ v` is the other end
        loops: dict[int, list[int]] = {}
        for e, (a, b) in enumerate(ends):
            other.append(a ^ b)
            if a != b:
                incident[a].append(e)
                incident[b].append(e)
            else:  # a loop is never a bridge and joins nothing
                loops.setdefault(a, []).append(e)

        # Tarjan's low-link on an explicit stack (no recursion limit). Parallel edges are
        # told apart by edge number, so a doubled edge is (rightly) not a bridge.
        tin = [-1] * n
        low = [0] * n
        parent = [-1] * n
        parent_edge = [-1] * n
        pointer = [0] * n
        preorder = [0]
        tin[0] = 0
        stack = [0]
        while stack:
            v = stack[-1]
            around = incident[v]
            i = pointer[v]
            if i < len(around):
                pointer[v] = i + 1
                e = around[i]
                if e == parent_edge[v]:
                    continue
                w = other[e] ^ v
                t = tin[w]
                if t < 0:
                    tin[w] = low[w] = len(preorder)
                    preorder.append(w)
                    parent[w] = v
                    parent_edge[w] = e
                    stack.append(w)
                elif t < low[v]:
                    low[v] = t
            else:
                stack.pop()
                p = parent[v]
                if p >= 0 and low[v] < low[p]:
                    low[p] = low[v]

        # A tree edge p - v is a bridge iff nothing below v reaches above v; the
        # 2-edge-connected components are the depth-first subtrees the bridges cut off.
        bridge = [False] * len(ends)
        comp = [-1] * n
        head: list[int] = []
        for v in preorder:
            p = parent[v]
            if p < 0 or low[v] > tin[p]:
                if p >= 0:
                    bridge[parent_edge[v]] = True
                comp[v] = len(head)
                head.append(v)
            else:
                comp[v] = comp[p]

        # Fusion: a component counts as one vertex carrying its edges as loops, each
        # loop a stalk of value 1 (so only the parity counts), plus whatever hangs at
        # its vertices. Colon principle: a branch through a bridge is worth value + 1.
        value = [0] * len(head)
        for e, (a, _) in enumerate(ends):
            if not bridge[e] and comp[a] >= 0:
                value[comp[a]] ^= 1
        for label, weight in weights.items():
            a = index.get(label)
            if a is not None and comp[a] >= 0:
                value[comp[a]] ^= weight
        children: list[list[int]] = [[] for _ in head]
        for c in range(len(head) - 1, 0, -1):  # children have larger numbers
            up = comp[parent[head[c]]]
            value[up] ^= value[c] + 1
            children[up].append(c)

        self.labels, self.ends, self.incident, self.loops = labels, ends, incident, loops
        self.preorder, self.tin, self.bridge, self.comp = preorder, tin, bridge, comp
        self.head, self.parent, self.parent_edge = head, parent, parent_edge
        self.children, self.value = children, value
        self._size: list[int] | None = None

    @property
    def root_value(self) -> int:
        return self.value[0]

    def internal_edges(self) -> list[list[int]]:
        """The numbers of the edges inside each component (loops included)."""
        inside: list[list[int]] = [[] for _ in self.head]
        comp, bridge = self.comp, self.bridge
        for e, (a, _) in enumerate(self.ends):
            if not bridge[e] and comp[a] >= 0:
                inside[comp[a]].append(e)
        return inside

    def cut_pair_classes(self) -> list[int]:
        """A label per edge; two non-bridge edges form a 2-edge cut iff labels agree.

        Each non-tree edge gets a random 64-bit label, each tree edge the XOR of the
        labels of the non-tree edges spanning it (those with one end below it). Edges
        forming a 2-edge cut are spanned by the same set, so their labels are equal;
        unequal edges can share a label only by a 2^-64 accident, which merely costs a
        needless re-evaluation: the answers stay exact. Loops get label 0.
        """
        ends, parent, parent_edge = self.ends, self.parent, self.parent_edge
        tree = bytearray(len(ends))
        for v in self.preorder[1:]:
            tree[parent_edge[v]] = 1
        draw = random.Random(0x6AC4).getrandbits  # fixed seed: the same work every run
        below = [0] * len(self.labels)
        label = [0] * len(ends)
        for e, (a, b) in enumerate(ends):
            if a != b and not tree[e] and self.comp[a] >= 0:
                r = label[e] = draw(64)
                below[a] ^= r
                below[b] ^= r
        for v in reversed(self.preorder[1:]):
            label[parent_edge[v]] = below[v]
            below[parent[v]] ^= below[v]
        return label

    def cut(self, position: Edges, e: int) -> Edges:
        """`position` (the edges analysed) after cutting edge number `e`.

        Cutting a bridge takes along the depth-first subtree below it, a slice of the
        preorder; the option is built in one pass at C speed.
        """
        if not self.bridge[e]:
            return _without(position, e)
        a, b = self.ends[e]
        below = b if self.parent_edge[b] == e else a
        size = self._size
        if size is None:
            size = self._size = [1] * len(self.labels)
            parent = self.parent
            for v in reversed(self.preorder[1:]):
                size[parent[v]] += size[v]
        keep = bytearray(b"\x01") * len(position)
        keep[e] = 0
        incident, loops = self.incident, self.loops
        start = self.tin[below]
        for v in self.preorder[start : start + size[below]]:
            for f in incident[v]:
                keep[f] = 0
            for f in loops.get(v, ()):
                keep[f] = 0
        return tuple(compress(position, keep))


def hackenbush_value(edges: Sequence[Edge], ground: int = 0) -> int:
    """Return the SG value of the Green Hackenbush graph `edges` grounded at `ground`.

    `edges` are pairs of vertex labels, not checked (a position given by a user goes
    through ``GreenHackenbush().grundy``); edges not connected to the ground are ignored.

    Examples
    --------
    >>> from grundy.games import hackenbush_value
    >>> hackenbush_value([(0, 1), (1, 2), (2, 0)])   # a triangle on the ground
    1
    >>> hackenbush_value([(0, 1), (1, 2), (1, 3)])   # a stalk forking into two: (1 ^ 1) + 1
    1

    Notes
    -----
    Fusion principle then colon principle, O(V + E); see :class:`GreenHackenbush`.
    """
    if not edges:
        return 0
    return _Analysis(edges, ground, {}).root_value


def _prune(edges: Edges, ground: int) -> Edges:
    """Drop the edges with no path to the ground (they fall). Keeps the order."""
    adjacent: dict[int, list[int]] = {}
    for u, v in edges:
        if u != v:
            adjacent.setdefault(u, []).append(v)
            adjacent.setdefault(v, []).append(u)
    reached = {ground}
    todo = [ground]
    while todo:
        for w in adjacent.get(todo.pop(), ()):
            if w not in reached:
                reached.add(w)
                todo.append(w)
    if len(reached) == len(adjacent) + (ground not in adjacent):
        if all(u in reached for u, _ in edges):  # loops at unreached vertices
            return edges
    return tuple(e for e in edges if e[0] in reached)


def _without(edges: Edges, i: int) -> Edges:
    return edges[:i] + edges[i + 1 :]


# ----------------------------------------------------------------- the game
@dataclass(frozen=True)
class GreenHackenbush(ImpartialGame[Edges]):
    """Green Hackenbush: cut one edge; whatever no longer reaches the ground falls off.

    A position is a multigraph given by its edges: pairs ``(u, v)`` of vertex labels
    (integers >= 0); ``ground`` (default 0) is the ground vertex. Loops ``(v, v)`` and
    parallel edges are allowed. A move deletes one edge, then every edge with no path to
    the ground disappears; with no edge left there is no move. Positions are normalised
    to a sorted tuple of pairs ``(u, v)`` with ``u <= v``.

    Accepted as input: a networkx ``Graph``/``MultiGraph`` (anything with ``.edges()``),
    an iterable of pairs, a string of lines ``u v``, or a ``pathlib.Path`` to such a file
    (``#`` comments and blank lines allowed). A :class:`~grundy.Sum` of positions is a
    sum of graphs (several files on the command line). Typed as words
    (:meth:`parse_position`), a graph is its edges ``u-v``, as :meth:`format_position`
    writes it: ``edges 0-1 1-2 1-3`` (or ``no edges``).

    Edges not connected to the ground are legal but play no part: they have already
    fallen, exactly as after a move, so :meth:`check_position` removes them (and
    ``parse_position``, reading files for the command line, warns that it did).

    Parameters
    ----------
    ground : int
        The ground vertex.
    inline : bool
        Positions are typed whole, as edges ``u-v``, never read from files, and written
        whole, every edge (:meth:`format_position`), so what is written reads back: the
        web playground's form (``registry.find("hackenbush", files=False)``). It changes
        only the notation, not the game: it is neither shown nor compared.

    Examples
    --------
    >>> from grundy.games import GreenHackenbush
    >>> game = GreenHackenbush()
    >>> game.grundy([(0, 1), (1, 2), (2, 0)]), game.grundy([(0, 1), (1, 2), (2, 3), (3, 0)])
    (1, 0)
    >>> game.winning_moves([(0, 1), (1, 2), (1, 3)])   # value (1 ^ 1) + 1 = 1: cut the trunk
    [()]
    >>> game.check_position([(0, 1), (5, 6)])          # 5-6 is not connected: it falls
    ((0, 1),)

    Notes
    -----
    Colon principle: the value of a rooted tree is found leaf-up, a vertex being worth
    the XOR over its children c of value(c) + 1 (a stalk of n edges is worth n).
    Fusion principle (Winning Ways, ch. 7): the vertices of a cycle may be fused into one
    vertex, the cycle's edges becoming loops, each loop worth 1. So each 2-edge-connected
    component (found through the bridges, Tarjan's low-link, no recursion) becomes one
    vertex worth the parity of its edge count, and the colon principle finishes on the
    tree of bridges: O(V + E). An odd cycle is worth 1 (like one edge) and an even cycle
    0. (One of the lecture notes, 无向图删边游戏, says the reverse, an even cycle
    becoming an edge and an odd one a point; a brute-force test pins the truth.)

    Winning moves come from the theory: walking down the bridge tree, each component
    learns the value its hanging part must take. Cutting a bridge is checked in O(1);
    cutting an edge inside a component that stays 2-edge-connected (the edge is in no
    2-edge cut, found by XOR-hashing the cycle space) only flips the parity, O(1); any
    other internal edge re-evaluates its component, with the hanging parts replaced by
    their values, O(|component|). So O(V + E) for trees, grids and most graphs, and up
    to O(sum of |component|^2) for long cycles (more than ``max_positions`` such steps
    raise PositionLimitError), plus O(E) to write out each winning option (more than
    10 x ``max_positions`` edges in all raise PositionLimitError: memory).
    """

    ground: int = 0
    inline: bool = field(default=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_vertex(self.ground, "GreenHackenbush ground", InvalidGameError)

    # ------------------------------------------------------------- positions
    def check_position(self, position: object) -> Edges | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        return _prune(self._edges_of(position), self.ground)

    def _edges_of(self, position: object) -> Edges:
        """The edges of `position` as a sorted tuple of pairs (u <= v), floating or not."""
        if isinstance(position, str):
            pairs: Iterable[Any] = parse_edge_text(position, max_edges=self.max_positions).edges
        elif isinstance(position, os.PathLike):
            pairs = read_edge_file(position, max_edges=self.max_positions).edges
        elif callable(getattr(position, "edges", None)):  # a networkx graph
            graph: Any = position  # networkx is untyped: duck typing
            pairs = graph.edges()
        elif isinstance(position, Iterable):
            pairs = position
        else:
            raise InvalidPositionError(
                f"{self!r}: position {position!r} is not a graph; give a list of edges "
                "(u, v), a networkx graph, or lines 'u v'"
            )
        edges = []
        for pair in pairs:
            if type(pair) is not tuple or len(pair) != 2:
                if isinstance(pair, tuple | list) and len(pair) == 2:
                    pair = tuple(pair)
                else:
                    raise InvalidPositionError(
                        f"{self!r}: edge {pair!r} is not a pair of vertices (u, v)"
                    )
            u, v = pair
            if type(u) is not int or type(v) is not int or u < 0 or v < 0:
                where = f"{self!r}: edge {pair!r}"
                u = check_vertex(u, where, InvalidPositionError)
                v = check_vertex(v, where, InvalidPositionError)
            edges.append((u, v) if u <= v else (v, u))
        edges.sort()
        return tuple(edges)

    def parse_position(self, tokens: Sequence[str]) -> Edges | Sum:
        """Read a graph typed as its edges (``0-1 1-2 1-3``), or edge-list files.

        The words ``u-v`` (after an optional ``edges``; ``no edges`` is the empty graph)
        are one graph, the inverse of :meth:`format_position`. Any other word names a file
        of lines ``u v`` (ground ``0``), as does an edge-like word that is an existing
        file; each file is a graph, and several graphs are a sum. A game made with
        ``inline=True`` reads no file. Edges not connected to the ground are left out (a
        file's with a warning naming the file and the first such line).

        Examples
        --------
        >>> from grundy.games import GreenHackenbush
        >>> GreenHackenbush().parse_position(["edges", "0-1", "1-2", "1-3"])
        ((0, 1), (1, 2), (1, 3))
        >>> GreenHackenbush().parse_position(["missing.txt"])
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: cannot read edge file 'missing.txt': no such file
        """
        if not tokens:
            raise InvalidPositionError(
                f"{self!r}: give the edges u-v of a graph, such as 0-1 1-2 1-3 (vertex "
                f"{self.ground} is the ground)"
                + ("" if self.inline else ", or files of edges, one 'u v' line each")
            )
        words = list(tokens)
        if self.inline:
            return self._parse_edges(words)
        parts: list[Edges | None] = []  # None: where the graph typed as words goes
        typed: list[str] = []
        for i, word in enumerate(words):
            if self._typed(words, i) and not os.path.exists(word):
                if not typed:
                    parts.append(None)
                typed.append(word)
            else:  # a loop, not a comprehension: the warning's stacklevel
                parts.append(self._read_file(word))
        graphs = [self._parse_edges(typed) if p is None else p for p in parts]
        return graphs[0] if len(graphs) == 1 else Sum(*graphs)

    @staticmethod
    def _typed(words: Sequence[str], i: int) -> bool:
        """Is word `i` part of a graph typed as words (``edges``, ``no edges``, ``u-v``)?"""
        word = words[i]
        if word == "edges" and (words[i - 1 : i] == ["no"] or words[i + 1 : i + 2] != []):
            return i == 0 or words[i - 1] == "no" or bool(edge_word(words[i + 1], "edge"))
        if word == "no" and words[i + 1 : i + 2] == ["edges"]:
            return True
        return bool(edge_word(word, "edge"))

    def _parse_edges(self, words: Sequence[str]) -> Edges:
        """One graph typed as words: ``[edges] u-v ...`` or ``no edges``."""
        if list(words) == ["no", "edges"]:
            return ()
        body = words[1:] if words[:1] == ["edges"] else words
        if not body:
            raise InvalidPositionError(f"{self!r}: 'edges' and no edge u-v after it")
        pairs: list[tuple[int, int]] = []
        for word in body:
            pair = edge_word(word, f"{self!r}: edge")
            if pair is None:
                files = "" if not self.inline else "; only the command line reads files"
                raise InvalidPositionError(
                    f"{self!r}: {shown(word)} is not an edge u-v, such as 0-1 (vertex "
                    f"{self.ground} is the ground){files}"
                )
            if len(pairs) >= self.max_positions:
                raise PositionLimitError(
                    f"{self!r}: more than max_positions = {self.max_positions:,} edges"
                )
            pairs.append(pair)
        return _prune(self._edges_of(pairs), self.ground)

    def _read_file(self, name: str) -> Edges:
        listing: EdgeList = read_edge_file(name, max_edges=self.max_positions)
        edges = self._edges_of(listing.edges)
        kept = _prune(edges, self.ground)
        if len(kept) != len(edges):
            fallen = Counter(edges) - Counter(kept)
            first = next(
                (line, e)
                for line, e in zip(listing.lines, listing.edges, strict=True)
                if (min(e), max(e)) in fallen
            )
            lost = len(edges) - len(kept)
            warnings.warn(
                f"{name}: {lost} edge{'s' if lost > 1 else ''} not connected to the ground "
                f"(vertex {self.ground}) {'play' if lost > 1 else 'plays'} no part and "
                f"{'are' if lost > 1 else 'is'} left out (the first on line {first[0]}: "
                f"{first[1][0]} {first[1][1]})",
                stacklevel=3,
            )
        return kept

    def format_position(self, position: Edges | Sum) -> str:
        """Write a graph as its edges ``u-v`` (as :meth:`parse_position` reads them), or
        its size when it has more than ``edges_shown`` edges (unless the game is
        ``inline``: then always every edge).

        Examples
        --------
        >>> from grundy.games import GreenHackenbush
        >>> GreenHackenbush().format_position(((0, 1), (1, 2)))
        'edges 0-1 1-2'
        """
        if type(position) is not tuple:
            return super().format_position(position)
        if len(position) > self.edges_shown and not self.inline:
            return f"a graph of {len(position):,} edges"
        return "edges " + " ".join(f"{u}-{v}" for u, v in position) if position else "no edges"

    #: Graphs with more edges are written as their size by format_position.
    edges_shown = 12

    def graph_size(self, position: Edges | Sum) -> tuple[int, int]:
        """The vertices (the ground included) and edges of a position, its graphs summed.

        Examples
        --------
        >>> from grundy.games import GreenHackenbush
        >>> GreenHackenbush().graph_size(((0, 1), (1, 2), (1, 2)))
        (3, 3)
        """
        if isinstance(position, Sum):
            sizes = [self.graph_size(p) for p in position.parts]
            return sum(v for v, _ in sizes), sum(e for _, e in sizes)
        vertices = {self.ground}.union(*position) if position else {self.ground}
        return len(vertices), len(position)

    def describe_move(self, before: Edges | Sum, after: Edges | Sum) -> str:
        """Name the edge cut and count the edges that fell with it.

        Examples
        --------
        >>> from grundy.games import GreenHackenbush
        >>> GreenHackenbush().describe_move(((0, 1), (1, 2), (1, 3)), ((0, 1), (1, 2)))
        'cut edge 1-3'
        >>> GreenHackenbush().describe_move(((0, 1), (1, 2), (1, 3)), ())
        'cut edge 0-1, 2 more edges fall'
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        if isinstance(before, Sum) and isinstance(after, Sum):
            old = Counter(before.parts) - Counter(after.parts)
            new = Counter(after.parts) - Counter(before.parts)
            if old.total() == 1 and new.total() == 1:
                return self.describe_move(next(iter(old)), next(iter(new)))
        if type(before) is not tuple or type(after) is not tuple:
            return super().describe_move(before, after)
        gone = Counter(before) - Counter(after)
        standing = {self.ground}.union(*after) if after else {self.ground}
        cut = [e for e in gone if e[0] in standing or e[1] in standing]
        if len(cut) != 1 or (Counter(after) - Counter(before)):
            return super().describe_move(before, after)
        u, v = cut[0]
        fell = gone.total() - 1
        if not fell:
            return f"cut edge {u}-{v}"
        return f"cut edge {u}-{v}, {fell} more edge{'s fall' if fell > 1 else ' falls'}"

    # ------------------------------------------------------------- the rules
    def moves(self, position: Edges) -> list[Edges]:
        options = []
        for i, edge in enumerate(position):
            if i and position[i - 1] == edge:  # a parallel copy: the same option
                continue
            options.append(_prune(_without(position, i), self.ground))
        return options

    # ------------------------------------------------------------- the theory
    def formula(self, position: Edges) -> int:
        return hackenbush_value(position, self.ground)

    def moves_to_value(self, position: Edges | Sum, value: int) -> list[Edges | Sum]:
        position = self.check_position(position)
        if isinstance(position, Sum):  # what the default does, for a whole sum
            return [o for o in self.options(position) if self.grundy(o) == value]
        if not position:
            return []
        ground = self.ground
        graph = _Analysis(position, ground, {})
        labels, ends, values, head = graph.labels, graph.ends, graph.value, graph.head
        if values[0] == value:  # no option has the value of its position (mex)
            return []
        # Walk down the bridge tree with the value each component's part must take.
        need = {0: value}
        found: list[int] = []  # numbers of the edges whose cut reaches `value`
        for c in range(len(head)):  # parents first
            target = need.get(c)
            if target is None:
                continue
            for d in graph.children[c]:
                branch = values[d] + 1
                if values[c] ^ branch == target:  # cut the bridge: the branch falls
                    found.append(graph.parent_edge[head[d]])
                rest = target ^ values[c] ^ branch  # what the branch must become, + 1
                if rest:
                    need[d] = rest - 1
        # Inside a component, cutting an edge that leaves it 2-edge-connected (a loop, or
        # an edge in no 2-edge cut) just flips its parity; any other edge splits it, and
        # the component is re-evaluated without that edge.
        internal = graph.internal_edges()
        cut_class = graph.cut_pair_classes() if need else []
        work = 0
        plans = []
        for c, target in need.items():
            distinct: dict[Edge, int] = {}
            for e in internal[c]:
                distinct.setdefault(position[e], e)
            sizes = Counter(cut_class[e] for e in internal[c])
            for e in distinct.values():
                a, b = ends[e]
                if a == b or sizes[cut_class[e]] == 1:
                    if values[c] ^ 1 == target:
                        found.append(e)
                else:
                    plans.append((c, target, e))
                    work += len(internal[c]) + 1
        if work > self.max_positions:
            raise PositionLimitError(
                f"{self!r}: winning moves inside the cycles of this graph need about "
                f"{work:,} steps, more than max_positions = {self.max_positions:,}; no "
                "faster method is implemented (the SG value itself is quick)"
            )
        hanging: dict[int, dict[int, int]] = {}
        for c, target, e in plans:
            weights = hanging.get(c)
            if weights is None:  # each branch below c, as the value it adds at its foot
                weights = hanging[c] = {}
                for d in graph.children[c]:
                    foot = labels[graph.parent[head[d]]]
                    weights[foot] = weights.get(foot, 0) ^ (values[d] + 1)
            local = [position[f] for f in internal[c] if f != e]
            if _Analysis(local, labels[head[c]], weights).root_value == target:
                found.append(e)
        found.sort()
        if len(found) * len(position) > 10 * self.max_positions:  # memory, not time
            raise PositionLimitError(
                f"{self!r}: {len(found):,} options of value {value}, each a graph of up to "
                f"{len(position):,} edges, are too many to write out (more than 10 x "
                f"max_positions = {10 * self.max_positions:,} edges); the SG value is "
                f"{values[0]}"
            )
        return [graph.cut(position, e) for e in found]
