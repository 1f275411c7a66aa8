"""Green Hackenbush's theory: fusion and colon principles, on the tree of bridges.

Tarjan's low-link finds the bridges of a grounded graph; each 2-edge-connected
component fuses into one vertex worth the parity of its edges (fusion), and the tree
of bridges is valued leaf-up (colon). The same analysis finds the winning cuts.
:class:`~grundy.games.GreenHackenbush` is the game, its positions and notation.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import compress

from ..core.errors import PositionLimitError

__all__ = [
    "Edge",
    "Edges",
    "analyse",
    "hackenbush_value",
    "prune",
    "cuts_to_value",
    "cuts_with_edges",
]

Edge = tuple[int, int]
Edges = tuple[Edge, ...]


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


def analyse(edges: Sequence[Edge], ground: int = 0) -> _Analysis:
    """The analysis of a grounded graph (bridges, components, values) that
    :func:`hackenbush_value` and :func:`cuts_with_edges` read; ``root_value`` is the
    graph's value. A game keeps the last one, so its value and its winning cuts are
    found from one analysis.

    Examples
    --------
    >>> from grundy.games.hackenbush_values import analyse
    >>> analyse([(0, 1), (1, 2), (2, 0)]).root_value
    1
    """
    return _Analysis(edges, ground, {})


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
    Fusion principle then colon principle, O(V + E); see :class:`~grundy.games.GreenHackenbush`.
    """
    if not edges:
        return 0
    return _Analysis(edges, ground, {}).root_value


def prune(edges: Edges, ground: int) -> Edges:
    """Drop the edges with no path to `ground`: they fall. Keeps the order.

    What is left after a cut, and what a position holds once checked (edges already
    fallen play no part); `edges` is returned as it is when none falls.

    Examples
    --------
    >>> from grundy.games.hackenbush_values import prune
    >>> prune(((0, 1), (2, 3), (1, 1), (3, 3)), 0)   # 2-3 and its loop hang in the air
    ((0, 1), (1, 1))
    """
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


def cuts_to_value(
    position: Edges, ground: int, value: int, *, max_positions: int, where: str
) -> list[Edges]:
    """Return the options of `position` (after one cut) whose value is `value`.

    The options of :func:`cuts_with_edges`, without the edges cut.

    `position` is a checked graph (sorted edges, none fallen; see :func:`prune`);
    `max_positions` bounds the work and the options written out, beyond which
    PositionLimitError is raised, its message starting with `where`.

    Examples
    --------
    >>> from grundy.games.hackenbush_values import cuts_to_value
    >>> tree = ((0, 1), (1, 2), (1, 3))          # value (1 ^ 1) + 1 = 1
    >>> cuts_to_value(tree, 0, 0, max_positions=1000, where="tree")   # cut the trunk
    [()]
    >>> cuts_to_value(tree, 0, 2, max_positions=1000, where="tree")   # cut a branch
    [((0, 1), (1, 3)), ((0, 1), (1, 2))]

    Notes
    -----
    From the theory, not a search of the options: see :class:`~grundy.games.GreenHackenbush`.
    """
    cuts = cuts_with_edges(position, ground, value, max_positions=max_positions, where=where)
    return [option for _, option in cuts]


def cuts_with_edges(
    position: Edges,
    ground: int,
    value: int,
    *,
    max_positions: int,
    where: str,
    graph: _Analysis | None = None,
) -> list[tuple[Edge, Edges]]:
    """Return each cut of `position` to an option of value `value`: the edge cut, the option.

    As :func:`cuts_to_value`, whose options these are, in the same order; the edge says
    what the move is without comparing the two graphs. `graph`: the :func:`analyse` of
    `position` with `ground`, if at hand.

    Examples
    --------
    >>> from grundy.games.hackenbush_values import cuts_with_edges
    >>> cuts_with_edges(((0, 1), (1, 2), (1, 3)), 0, 2, max_positions=1000, where="tree")
    [((1, 2), ((0, 1), (1, 3))), ((1, 3), ((0, 1), (1, 2)))]
    """
    if not position:
        return []
    if graph is None:
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
        if not internal[c]:  # a lone vertex of the bridge tree (every vertex of a tree)
            continue
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
    if work > max_positions:
        raise PositionLimitError(
            f"{where}: winning moves inside the cycles of this graph need about "
            f"{work:,} steps, more than max_positions = {max_positions:,}; no "
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
    if len(found) * len(position) > 10 * max_positions:  # memory, not time
        raise PositionLimitError(
            f"{where}: {len(found):,} options of value {value}, each a graph of up to "
            f"{len(position):,} edges, are too many to write out (more than 10 x "
            f"max_positions = {10 * max_positions:,} edges); the SG value is "
            f"{values[0]}"
        )
    return [(position[e], graph.cut(position, e)) for e in found]
