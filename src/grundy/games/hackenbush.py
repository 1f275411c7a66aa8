"""Green Hackenbush: cut an edge of a grounded graph; colon and fusion principles.

:class:`GreenHackenbush` is the game: its positions (graphs read from edges, networkx,
text or files), notation and rules; the values and winning cuts come from
:mod:`~grundy.games.hackenbush_values`.
"""

from __future__ import annotations

import os
import warnings
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.integers import shown
from ..core.sums import Sum
from ..display.graphs import HACKENBUSH_COLOURS, grounded_graph_picture
from ..display.picture import Picture
from ..impartial.game import ImpartialGame
from ._edge_files import EdgeList, check_vertex, edge_word, parse_edge_text, read_edge_file
from .hackenbush_values import Edge as Edge  # the position's types: their old address too
from .hackenbush_values import Edges, analyse, cuts_with_edges, hackenbush_value, prune

__all__ = ["GreenHackenbush", "hackenbush_value"]

#: A graph of at least this many edges is remembered once checked, by identity, with its
#: value once found: one report asks a big graph's outcome, value, winning moves and
#: reason, and each would check (prune) and analyse it again, O(E) in Python each time.
REMEMBERED_FROM = 1_000
#: At most this many checked graphs are remembered at once (then forgotten together).
REMEMBERED_GRAPHS = 8
#: The options of the last winning-move listing are remembered with the edge each cuts,
#: up to this many edges in all, so describing a move is O(1), not two more checks and a
#: comparison of two graphs of E edges.
REMEMBERED_EDGES = 4_000_000


class _Recent:
    """What a game learnt of its last big graphs: those checked (and their values), and
    the options of its last winning cuts with their edges. Keyed by identity: each object
    is held while remembered, so its id is not reused meanwhile; nothing of it is copied
    or pickled (a copy starts empty)."""

    __slots__ = ("checked", "cuts", "analysed")

    def __init__(self) -> None:
        self.checked: dict[int, tuple[Edges, int | None]] = {}
        self.cuts: dict[int, tuple[Edges, Edges, Edge]] = {}
        self.analysed: tuple[Edges, Any] | None = None  # the last graph analysed, big

    def __reduce__(self) -> tuple[type, tuple[()]]:
        return _Recent, ()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Recent:
        return _Recent()

    def is_checked(self, position: object) -> bool:
        known = self.checked.get(id(position))
        return known is not None and known[0] is position

    def remember(self, position: Edges) -> None:
        if len(position) >= REMEMBERED_FROM and not self.is_checked(position):
            if len(self.checked) >= REMEMBERED_GRAPHS:
                self.checked.clear()
            self.checked[id(position)] = (position, None)

    def value(self, position: Edges) -> int | None:
        known = self.checked.get(id(position))
        return known[1] if known is not None and known[0] is position else None

    def analysis(self, position: Edges, ground: int) -> Any:
        """The :func:`~grundy.games.hackenbush_values.analyse` of `position`, kept for
        the last big graph checked (its value, then its winning cuts, read it)."""
        if self.analysed is not None and self.analysed[0] is position:
            return self.analysed[1]
        graph = analyse(position, ground)
        if self.is_checked(position):
            self.analysed = (position, graph)
            self.checked[id(position)] = (position, graph.root_value)
        return graph

    def remember_cuts(self, before: Edges, cuts: Sequence[tuple[Edge, Edges]]) -> None:
        self.cuts = {}
        edges = 0
        for edge, option in cuts:
            edges += len(option)
            if edges > REMEMBERED_EDGES:
                break
            self.cuts[id(option)] = (option, before, edge)

    def cut(self, before: object, after: object) -> Edge | None:
        """The edge whose cut made `after` from `before`, if this game made it so."""
        known = self.cuts.get(id(after))
        if known is None or known[0] is not after or known[1] is not before:
            return None
        return known[2]


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
    _recent: _Recent = field(default_factory=_Recent, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_vertex(self.ground, "GreenHackenbush ground", InvalidGameError)

    # ------------------------------------------------------------- positions
    def check_position(self, position: object) -> Edges | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        recent = self._recent
        if recent.is_checked(position):  # a big graph checked already: as it is
            return position  # type: ignore[return-value]
        checked = prune(self._edges_of(position), self.ground)
        if type(position) is tuple and checked == position:
            checked = position  # the caller's own object, remembered as checked
        recent.remember(checked)
        return checked

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
        for graph in graphs:  # checked (pruned) as read: not checked again
            self._recent.remember(graph)
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
        return prune(self._edges_of(pairs), self.ground)

    def _read_file(self, name: str) -> Edges:
        listing: EdgeList = read_edge_file(name, max_edges=self.max_positions)
        edges = self._edges_of(listing.edges)
        kept = prune(edges, self.ground)
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

    def picture(self, position: Edges | Sum) -> Picture:
        """Draw the graph standing on the ground, every edge green; a ``Sum`` as its
        graphs side by side.

        Raises
        ------
        PictureLimitError
            Too many edges to draw (more than about 6,000).

        Examples
        --------
        >>> from grundy.games import GreenHackenbush
        >>> picture = GreenHackenbush().picture(((0, 1), (1, 2), (1, 2)))
        >>> picture.svg.count("green edge"), picture.title
        (3, 'GreenHackenbush(ground=0): edges 0-1 1-2 1-2')
        """
        position = self.check_position(position)
        if isinstance(position, Sum):
            return super().picture(position)
        title = self.picture_title(position)
        return grounded_graph_picture(
            [(u, v, "e") for u, v in position],
            HACKENBUSH_COLOURS,
            title=title,
            text=self.draw(position),
            ground=self.ground,
            what=title,
        )

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
        edge = self._recent.cut(before, after)
        if edge is not None:  # an option this game made by cutting `edge`: O(1)
            return _cut_text(edge, len(before) - len(after) - 1)  # type: ignore[arg-type]
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
        return _cut_text(cut[0], gone.total() - 1)

    # ------------------------------------------------------------- the rules
    def moves(self, position: Edges) -> list[Edges]:
        options = []
        for i, edge in enumerate(position):
            if i and position[i - 1] == edge:  # a parallel copy: the same option
                continue
            options.append(prune(position[:i] + position[i + 1 :], self.ground))
        return options

    # ------------------------------------------------------------- the theory
    def formula(self, position: Edges) -> int:
        recent = self._recent
        value = recent.value(position)
        if value is not None:
            return value
        if recent.is_checked(position):  # big: its analysis is kept for its winning cuts
            return int(recent.analysis(position, self.ground).root_value)
        return hackenbush_value(position, self.ground)

    def moves_to_value(self, position: Edges | Sum, value: int) -> list[Edges | Sum]:
        position = self.check_position(position)
        if isinstance(position, Sum):  # what the default does, for a whole sum
            return [o for o in self.options(position) if self.grundy(o) == value]
        if not position:
            return []
        graph = self._recent.analysis(position, self.ground) if position else None
        cuts = cuts_with_edges(
            position,
            self.ground,
            value,
            max_positions=self.max_positions,
            where=repr(self),
            graph=graph,
        )
        self._recent.remember_cuts(position, cuts)  # describe_move reads the edges back
        return [option for _, option in cuts]

    def position_to_json(self, position: Edges | Sum) -> Any:
        """A graph as JSON: its edges as pairs ``[u, v]`` (a Sum: ``{"sum": [...]}``).

        Examples
        --------
        >>> from grundy.games import GreenHackenbush
        >>> GreenHackenbush().position_to_json(((0, 1), (1, 2)))
        [[0, 1], [1, 2]]
        """
        if type(position) is tuple and (not position or type(position[0]) is tuple):
            return [[u, v] for u, v in position]  # the default's lists, in one comprehension
        return super().position_to_json(position)


def _cut_text(edge: Edge, fell: int) -> str:
    """The words of a cut: the edge, and how many more edges fell with it."""
    u, v = edge
    if not fell:
        return f"cut edge {u}-{v}"
    return f"cut edge {u}-{v}, {fell} more edge{'s fall' if fell > 1 else ' falls'}"
