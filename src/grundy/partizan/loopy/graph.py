"""Loopy partizan games as graphs, cycles allowed: :class:`LoopyGame`.

Finitely many positions, Left's and Right's options as edges between them.

A :class:`LoopyGame` is a game *form*: vertex 0 is the game, the others its followers,
``left[v]`` and ``right[v]`` the vertices Left and Right may move to from ``v``. It is
built from edges, from a short :class:`~grundy.partizan.CanonicalGame`, from CGSuite's
text (:func:`~grundy.partizan.loopy.loopy_game`) or from the positions of a
:class:`~grundy.partizan.PartizanGame` (:func:`~grundy.partizan.loopy.game_graph`). Sums
and negatives are graphs again; values (stoppers, sides) are computed above this module.

Every algorithm here runs with its own stack or queue (no recursion over vertices), so a
graph may be as deep as memory allows.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...core.errors import InvalidGameError, PositionLimitError
from ..canonical import CanonicalGame, game
from .bisimulation import coarsest_partition

__all__ = [
    "LoopyGame",
    "Edges",
    "DEFAULT_MAX_VERTICES",
    "canonical_ids",
    "vertex_id",
    "strong_components",
]

#: One tuple of option vertices per vertex.
Edges = tuple[tuple[int, ...], ...]
#: The most vertices a graph built here (a sum, a short game's followers) may have.
DEFAULT_MAX_VERTICES = 100_000


@dataclass(frozen=True, slots=True)
class LoopyGame:
    """A loopy partizan game form: vertex 0 and its followers, with Left's and Right's edges.

    Parameters
    ----------
    left, right : tuple of tuples of int
        ``left[v]`` lists the vertices Left can move to from ``v`` (so do ``right[v]`` for
        Right); vertex 0 is the game itself.

    Raises
    ------
    InvalidGameError
        Edges of different lengths, or an edge to a vertex that does not exist.

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyGame
    >>> on = LoopyGame(((0,),), ((),))               # on = {pass | }
    >>> over = LoopyGame(((1,), ()), ((0,), ()))    # over = {0 | pass}
    >>> on.is_stopper(), (on + -on).is_stopper(), over.is_plumtree()
    (True, False, True)
    >>> (over + over).size
    4
    """

    left: Edges
    right: Edges

    def __post_init__(self) -> None:
        n = len(self.left)
        if n == 0 or len(self.right) != n:
            raise InvalidGameError(
                f"a loopy game needs the same number (>= 1) of Left and Right rows, not "
                f"{len(self.left)} and {len(self.right)}"
            )
        for side, rows in (("Left", self.left), ("Right", self.right)):
            for v, row in enumerate(rows):
                for w in row:
                    if type(w) is not int or not 0 <= w < n:
                        raise InvalidGameError(
                            f"{side} edge {v} -> {w!r} leads to no vertex (there are {n})"
                        )

    # ------------------------------------------------------------------ building
    @classmethod
    def from_edges(
        cls, left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], start: int = 0
    ) -> LoopyGame:
        """The game at vertex `start` of the graph with these edges, its followers renumbered
        from 0 in the order they are found.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> LoopyGame.from_edges([[], [0, 1]], [[], [0]], start=1)   # {0, pass | 0}
        LoopyGame(left=((0, 1), ()), right=((1,), ()))
        """
        try:
            rows = tuple(tuple(r) for r in left), tuple(tuple(r) for r in right)
        except TypeError:
            raise InvalidGameError("edges must be sequences of vertex numbers") from None
        graph = cls(*rows)
        if type(start) is not int or not 0 <= start < len(rows[0]):
            raise InvalidGameError(f"start vertex {start!r} is not a vertex")
        return graph.pack(start)

    @classmethod
    def from_short(cls, g: CanonicalGame, max_vertices: int = DEFAULT_MAX_VERTICES) -> LoopyGame:
        """The graph of a short game's canonical followers (each one vertex).

        Raises
        ------
        PositionLimitError
            More than `max_vertices` followers (the integer 10^6 has 10^6 + 1).

        Examples
        --------
        >>> from grundy.partizan import parse
        >>> from grundy.partizan.loopy import LoopyGame
        >>> LoopyGame.from_short(parse("{1|*}"))
        LoopyGame(left=((1,), (3,), (3,), ()), right=((2,), (), (3,), ()))
        """
        index: dict[CanonicalGame, int] = {g: 0}
        order = [g]
        left: list[tuple[int, ...]] = []
        right: list[tuple[int, ...]] = []
        i = 0
        while i < len(order):
            h = order[i]
            i += 1
            rows = []
            for options in (h.left, h.right):
                row = []
                for o in options:
                    found = index.get(o)
                    if found is None:
                        if len(order) >= max_vertices:
                            raise PositionLimitError(
                                f"{g} has more than {max_vertices:,} followers; raise max_vertices"
                            )
                        found = index[o] = len(order)
                        order.append(o)
                    row.append(found)
                rows.append(tuple(sorted(set(row))))
            left.append(rows[0])
            right.append(rows[1])
        return cls(tuple(left), tuple(right))

    # ------------------------------------------------------------------ structure
    @property
    def size(self) -> int:
        """The number of vertices (the game and its followers, when packed).

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> LoopyGame(((0,),), ((),)).size
        1
        """
        return len(self.left)

    def reachable(self, start: int = 0) -> list[int]:
        """The vertices reachable from `start` (itself first), breadth first.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> LoopyGame(((1,), (), ()), ((), (), ())).reachable()
        [0, 1]
        """
        seen = {start}
        order = [start]
        i = 0
        while i < len(order):
            v = order[i]
            i += 1
            for w in (*self.left[v], *self.right[v]):
                if w not in seen:
                    seen.add(w)
                    order.append(w)
        return order

    def reachable_from(self, starts: list[int]) -> list[int]:
        """The vertices reachable from any of `starts` (they first), breadth first.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> LoopyGame(((1,), (), ()), ((), (), ())).reachable_from([2, 0])
        [2, 0, 1]
        """
        seen = set(starts)
        order = list(dict.fromkeys(starts))
        i = 0
        while i < len(order):
            v = order[i]
            i += 1
            for w in (*self.left[v], *self.right[v]):
                if w not in seen:
                    seen.add(w)
                    order.append(w)
        return order

    def pack(self, start: int = 0) -> LoopyGame:
        """The game at vertex `start`: its followers only, renumbered from 0 breadth first,
        each row sorted without repeats.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> LoopyGame(((1, 1), (2,), ()), ((), (), ())).pack(1)
        LoopyGame(left=((1,), ()), right=((), ()))
        """
        order = self.reachable(start)
        number = {v: i for i, v in enumerate(order)}
        return LoopyGame(
            tuple(tuple(sorted({number[w] for w in self.left[v]})) for v in order),
            tuple(tuple(sorted({number[w] for w in self.right[v]})) for v in order),
        )

    def follower(self, vertex: int) -> LoopyGame:
        """The game at `vertex` (a follower of vertex 0), packed.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> LoopyGame(((1,), ()), ((0,), ())).follower(1)
        LoopyGame(left=((),), right=((),))
        """
        if type(vertex) is not int or not 0 <= vertex < self.size:
            raise InvalidGameError(f"{vertex!r} is not a vertex of a {self.size}-vertex game")
        return self.pack(vertex)

    def __neg__(self) -> LoopyGame:
        """-G: Left's edges and Right's exchanged."""
        return LoopyGame(self.right, self.left)

    def add(self, other: LoopyGame, max_vertices: int = DEFAULT_MAX_VERTICES) -> LoopyGame:
        """The disjunctive sum G + H: a vertex for each pair of vertices reachable from (0, 0).

        Raises
        ------
        PositionLimitError
            The sum has more than `max_vertices` vertices.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> on = LoopyGame(((0,),), ((),))
        >>> on.add(-on)                     # on + off = dud = {pass | pass}
        LoopyGame(left=((0,),), right=((0,),))
        """
        nb = other.size
        index = {0: 0}
        order = [0]
        left: list[tuple[int, ...]] = []
        right: list[tuple[int, ...]] = []
        i = 0
        while i < len(order):
            a, b = divmod(order[i], nb)
            i += 1
            rows = []
            for mine, theirs in ((self.left, other.left), (self.right, other.right)):
                row = set()
                for code in (*(x * nb + b for x in mine[a]), *(a * nb + y for y in theirs[b])):
                    found = index.get(code)
                    if found is None:
                        if len(order) >= max_vertices:
                            raise PositionLimitError(
                                f"a sum of {self.size}- and {nb}-vertex games has more than "
                                f"{max_vertices:,} positions; raise max_vertices"
                            )
                        found = index[code] = len(order)
                        order.append(code)
                    row.add(found)
                rows.append(tuple(sorted(row)))
            left.append(rows[0])
            right.append(rows[1])
        return LoopyGame(tuple(left), tuple(right))

    def __add__(self, other: object) -> LoopyGame:
        if not isinstance(other, LoopyGame):
            return NotImplemented
        return self.add(other)

    def __sub__(self, other: object) -> LoopyGame:
        if not isinstance(other, LoopyGame):
            return NotImplemented
        return self.add(-other)

    # ------------------------------------------------------------------ cycles
    def is_cycle_free(self) -> bool:
        """No position can be reached from itself: the game is short.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> on = LoopyGame(((0,),), ((),))
        >>> LoopyGame(((1,), ()), ((), ())).is_cycle_free(), on.is_cycle_free()
        (True, False)
        """
        return _peel(self, self.reachable(), alternating=False, passes=True) is None

    def is_plumtree(self) -> bool:
        """Every cycle is a pass (a vertex with an edge to itself): CGSuite's isPlumtree.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> LoopyGame(((0, 1), ()), ((0,), ())).is_plumtree()
        True
        >>> LoopyGame(((1,), ()), ((), (0,))).is_plumtree()     # a{0 | ...} two-cycle
        False
        """
        return _peel(self, self.reachable(), alternating=False, passes=False) is None

    def is_stopper(self) -> bool:
        """No infinite alternating line of play from any follower (Siegel: a stopper).

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> LoopyGame(((0,),), ((),)).is_stopper(), LoopyGame(((0,),), ((0,),)).is_stopper()
        (True, False)
        """
        return not self.looping_vertices()

    def looping_vertices(self) -> set[int]:
        """The reachable vertices from which an infinite alternating line of play starts
        (Left or Right moving first); empty for a stopper.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> sorted(LoopyGame(((0, 1), ()), ((0,), ())).looping_vertices())   # {0, pass | pass}
        [0]
        """
        left_over = _peel(self, self.reachable(), alternating=True, passes=True)
        return set() if left_over is None else {node >> 1 for node in left_over}

    def to_short(self) -> CanonicalGame:
        """The canonical form of a cycle-free game.

        Raises
        ------
        InvalidGameError
            The game has a cycle.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> str(LoopyGame(((1,), (), ()), ((2,), (), ())).to_short())   # {0 | 0}
        '*'
        """
        order = _topological(self)
        if order is None:
            raise InvalidGameError("a game with a cycle is not short")
        value: dict[int, CanonicalGame] = {}
        for v in order:  # options first
            value[v] = game([value[w] for w in self.left[v]], [value[w] for w in self.right[v]])
        return value[0]


def _peel(g: LoopyGame, vertices: list[int], alternating: bool, passes: bool) -> set[int] | None:
    """Remove, over and over, the nodes with no edge left; None when all go, else the
    nodes that stay (those from which a cycle can be reached).

    Nodes are vertices, or (alternating) ``2v`` for v with Left to move and ``2v + 1``
    for v with Right to move, whose edges alternate; `passes` False ignores edges from a
    vertex to itself.
    """
    if alternating:
        nodes = [2 * v + m for v in vertices for m in (0, 1)]

        def successors(node: int) -> tuple[int, ...]:
            v, m = node >> 1, node & 1
            return tuple(2 * w + 1 - m for w in (g.right[v] if m else g.left[v]))

    else:
        nodes = list(vertices)

        def successors(node: int) -> tuple[int, ...]:
            both = (*g.left[node], *g.right[node])
            return tuple(set(both)) if passes else tuple({w for w in both if w != node})

    out = {node: successors(node) for node in nodes}
    waiting = {node: len(s) for node, s in out.items()}
    before: dict[int, list[int]] = {node: [] for node in nodes}
    for node, s in out.items():
        for w in s:
            before[w].append(node)
    queue = deque(node for node, k in waiting.items() if k == 0)
    gone = 0
    while queue:
        node = queue.popleft()
        gone += 1
        for p in before[node]:
            waiting[p] -= 1
            if waiting[p] == 0:
                queue.append(p)
    if gone == len(nodes):
        return None
    return {node for node, k in waiting.items() if k > 0}


def _topological(g: LoopyGame) -> list[int] | None:
    """The reachable vertices, each after its options; None if there is a cycle."""
    vertices = g.reachable()
    waiting = {v: len(set(g.left[v]) | set(g.right[v])) for v in vertices}
    before: dict[int, list[int]] = {v: [] for v in vertices}
    for v in vertices:
        for w in set(g.left[v]) | set(g.right[v]):
            before[w].append(v)
    order = [v for v in vertices if waiting[v] == 0]
    i = 0
    while i < len(order):
        for p in before[order[i]]:
            waiting[p] -= 1
            if waiting[p] == 0:
                order.append(p)
        i += 1
    return order if len(order) == len(vertices) else None


# ------------------------------------------------------------------ strongly connected parts
def strong_components(successors: Sequence[Sequence[int]]) -> list[list[int]]:
    """The strongly connected components of a graph, each listed after every component
    it reaches (Tarjan's algorithm, with an explicit stack).

    Examples
    --------
    >>> from grundy.partizan.loopy.graph import strong_components
    >>> strong_components([[1], [0, 2], []])
    [[2], [1, 0]]
    """
    n = len(successors)
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    components: list[list[int]] = []
    counter = 0
    for root in range(n):
        if index[root] != -1:
            continue
        work = [(root, 0)]
        while work:
            v, i = work[-1]
            if i == 0 and index[v] == -1:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on_stack[v] = True
            edges = successors[v]
            descended = False
            while i < len(edges):
                w = edges[i]
                i += 1
                if index[w] == -1:
                    work[-1] = (v, i)
                    work.append((w, 0))
                    descended = True
                    break
                if on_stack[w]:
                    low[v] = min(low[v], index[w])
            if descended:
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    component.append(w)
                    if w == v:
                        break
                components.append(component)
    return components


# ------------------------------------------------------------------ canonical numbering
_IDS: dict[tuple[object, ...], int] = {}


def _intern(key: tuple[object, ...]) -> int:
    found = _IDS.get(key)
    if found is None:
        found = _IDS[key] = len(_IDS)
    return found


def vertex_id(left: Iterable[int], right: Iterable[int]) -> int:
    """The number :func:`canonical_ids` gives a vertex on no cycle whose Left and Right
    options have the numbers `left` and `right`.

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyGame
    >>> from grundy.partizan.loopy.graph import canonical_ids, vertex_id
    >>> zero = vertex_id([], [])
    >>> canonical_ids(LoopyGame(((1,), ()), ((1,), ())))[0] == vertex_id([zero], [zero])   # *
    True
    """
    return _intern((tuple(sorted(set(left))), tuple(sorted(set(right)))))


def canonical_ids(g: LoopyGame, most: int | None = None) -> list[int]:
    """A number for each vertex, equal for two vertices (of this graph or any other) exactly
    when their games unfold into the same tree: bisimilar forms, hence equal games.

    Worked component by component, options first: a vertex on no cycle is numbered by the
    numbers of its options; the vertices of a cycle by colour refinement inside their
    component (the numbers of the options outside it as fixed colours), then by the
    component's refined description and their colour in it, so the number does not
    depend on how the graph is laid out. The classes of equal vertices are found first
    (:func:`~grundy.partizan.loopy.bisimulation.coarsest_partition`, in about the
    component's size for a long cycle), and the rounds run on one vertex a class.

    The classes only split, so a component found to hold more than `most` classes is
    refused at once (:class:`~grundy.core.errors.PositionLimitError`): a caller that
    cannot use more (the comparison of all pairs of a part) does not wait for the rest.

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyGame
    >>> from grundy.partizan.loopy.graph import canonical_ids
    >>> two_cycle = LoopyGame(((1,), (0,)), ((), ()))     # a{b{a|} |}: both are on
    >>> on = LoopyGame(((0,),), ((),))
    >>> canonical_ids(two_cycle)[0] == canonical_ids(two_cycle)[1] == canonical_ids(on)[0]
    True
    """
    n = g.size
    successors = [tuple(set(g.left[v]) | set(g.right[v])) for v in range(n)]
    ids = [-1] * n
    for component in strong_components(successors):
        if len(component) == 1 and component[0] not in successors[component[0]]:
            v = component[0]
            ids[v] = vertex_id([ids[w] for w in g.left[v]], [ids[w] for w in g.right[v]])
            continue
        members = set(component)
        outside = {
            v: (
                tuple(sorted({ids[w] for w in g.left[v] if w not in members})),
                tuple(sorted({ids[w] for w in g.right[v] if w not in members})),
            )
            for v in component
        }
        # the classes of equal games first (found fast, refused past `most`), then the
        # rounds below on one vertex a class, whose colours name the classes canonically
        classes = coarsest_partition(component, g.left, g.right, outside, most)
        first: dict[int, int] = {}
        for v in component:
            first.setdefault(classes[v], v)
        part = list(first.values())
        inside = {
            v: tuple(
                {first[classes[w]] for w in rows[v] if w in members} for rows in (g.left, g.right)
            )
            for v in part
        }
        ranks = {s: i for i, s in enumerate(sorted({outside[v] for v in part}))}
        colour = {v: ranks[outside[v]] for v in part}
        count = len(ranks)
        while True:
            signature = {
                v: (
                    colour[v],
                    tuple(sorted({colour[w] for w in inside[v][0]})),
                    tuple(sorted({colour[w] for w in inside[v][1]})),
                )
                for v in part
            }
            ranks_ = {s: i for i, s in enumerate(sorted(set(signature.values())))}
            colour = {v: ranks_[signature[v]] for v in part}
            if len(ranks_) == count:
                break
            count = len(ranks_)
        described: dict[int, tuple[object, ...]] = {}
        for v in part:
            described[colour[v]] = (*outside[v], *signature[v][1:])
        # the component's description is hashed once (a tuple does not keep its hash)
        form = _intern(("cycle", tuple(described[c] for c in range(count))))
        for v in component:
            ids[v] = _intern(("in cycle", form, colour[first[classes[v]]]))
    return ids
