"""Tokens on a directed acyclic graph: SG of every vertex by one reverse-topological pass.

:class:`DigraphGame` is the game on a graph given once (edges, a networkx graph or a
file); the graph itself, its rows and the pass that values them, is
:mod:`~grundy.games.digraph_rows`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any, cast

from ..core.errors import InvalidGameError, InvalidPositionError, LoopError
from ..core.integers import parse_int, shown
from ..core.sums import Sum
from ..impartial.game import ImpartialGame
from ._edge_files import check_vertex, read_edge_file
from .digraph_rows import Rows, build_rows, successor_row, value_rows

__all__ = ["DigraphGame", "Position"]

#: A position: the vertex of one token, or a tuple of vertices (several tokens).
Position = int | tuple[int, ...]


class DigraphGame(ImpartialGame[Position]):
    """Tokens on a directed graph: a move slides one token along one edge ``u -> v``.

    A position is a vertex (one token) or a tuple of vertices (several tokens, which
    may share a vertex: a sum, SG = XOR). A token on a vertex with no out-edge cannot
    move. Vertex labels are integers >= 0.

    Parameters
    ----------
    edges : iterable of pairs, or a networkx DiGraph
        The edges ``(u, v)``, meaning ``u -> v``; a networkx ``DiGraph`` (anything with
        ``.edges()``; its ``.nodes()`` are added too). Repeated edges count once.
    vertices : iterable of int, or int
        Extra vertices with no edges; an int n stands for ``range(n)`` (vertices 0 to
        n - 1, as a judge numbers them, so a token on an isolated vertex is valid).
    name : str
        Shown in messages (:meth:`from_file` uses the file name).

    Raises
    ------
    InvalidGameError
        An edge is not a pair, a vertex is not an integer >= 0, the graph is undirected.
    LoopError
        (When a value is first asked for.) The graph has a cycle; the message and the
        error's ``cycle`` attribute give one. The moves of a cyclic graph are still
        well-defined: :func:`grundy.impartial.loopy.solve` values them (finite or ∞).

    Examples
    --------
    >>> from grundy.games import DigraphGame
    >>> game = DigraphGame([(0, 1), (0, 2), (1, 2), (2, 3), (4, 3)])
    >>> game.values()
    {0: 2, 1: 0, 2: 1, 3: 0, 4: 1}
    >>> game.grundy((0, 4)), game.winning_moves((0, 4))
    (3, [(2, 4)])
    >>> DigraphGame([(1, 2), (2, 1)]).grundy(1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.LoopError: DigraphGame(2 vertices, 2 edges): the graph has a cycle 1 -> ...

    Notes
    -----
    SG(v) = mex{SG(w) : v -> w}. Kahn's algorithm run backwards: a vertex is valued
    once all its successors are, starting from the sinks, so every vertex and edge is
    handled once: O(V + E), computed on the first query and kept. A vertex never valued
    lies on or leads to a cycle; following unvalued successors finds one. Several
    tokens are a sum (Sprague-Grundy theorem): the winning move slides a token from a
    vertex of value g to a successor of value g XOR X, X the XOR of all tokens' values.

    Graphs of at least ``COMPILED_FROM`` edges + vertices are built with numpy and
    valued by the same loop compiled with numba: a random DAG of 10^6 edges takes about
    0.6 s (plus about 0.5 s to load numba in a new process).
    """

    def __init__(
        self,
        edges: Iterable[tuple[int, int]] | object = (),
        vertices: Iterable[int] | int = (),
        *,
        name: str = "",
    ) -> None:
        where = "DigraphGame"
        if isinstance(vertices, int):
            vertices = range(vertices)  # a bool too: True is 1 vertex, as int(True) says
        if callable(getattr(edges, "edges", None)):  # a networkx graph (untyped: duck typing)
            graph: Any = edges
            if callable(getattr(graph, "is_directed", None)) and not graph.is_directed():
                raise InvalidGameError(f"{where}: the graph is undirected; give a DiGraph")
            if callable(getattr(graph, "nodes", None)):
                vertices = [*graph.nodes(), *vertices]
            edges = graph.edges()
        try:
            # Any object: list() raises TypeError for a non-iterable, caught below.
            edges = list(edges)  # type: ignore[arg-type]
            vertices = list(vertices)
        except TypeError:
            raise InvalidGameError(
                f"{where}: edges {edges!r} and vertices {vertices!r} must be iterables"
            ) from None
        labels, start, succ = build_rows(edges, vertices, where)
        self._labels: list[int] = labels
        # Compressed successor rows: Python lists, or numpy arrays for big graphs.
        self._start: Rows = start
        self._succ: Rows = succ
        self._index = {label: i for i, label in enumerate(labels)}
        self._values: list[int] | None = None
        self.name = name or f"DigraphGame({len(labels)} vertices, {len(self._succ)} edges)"

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> DigraphGame:
        """Read a graph from a file of lines ``u v`` (an edge ``u -> v``) or ``v``.

        A line with one vertex declares a vertex (it may have no edges); ``#`` starts a
        comment; blank lines are skipped.

        Raises
        ------
        InvalidGameError
            The file cannot be read, or a line is malformed (named with its number).

        Examples
        --------
        >>> from grundy.games import DigraphGame
        >>> DigraphGame.from_file("no-such-graph.txt")
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidGameError: cannot read edge file 'no-such-graph.txt': no such file
        """
        listing = read_edge_file(
            path, lone_vertices=True, error=InvalidGameError, max_edges=cls.max_positions
        )
        return cls(listing.edges, listing.vertices, name=f"digraph:{os.fspath(path)}")

    # ------------------------------------------------------------- the graph
    @property
    def vertex_count(self) -> int:
        """Number of vertices."""
        return len(self._labels)

    def successors(self, vertex: int) -> list[int]:
        """The vertices one move away from `vertex`.

        Examples
        --------
        >>> from grundy.games import DigraphGame
        >>> DigraphGame([(0, 1), (0, 2), (0, 1)]).successors(0)
        [1, 2]
        """
        labels = self._labels
        return [labels[b] for b in self._row(self._vertex(vertex))]

    def _row(self, a: int) -> list[int]:
        """Indices of the successors of the vertex of index `a`."""
        return successor_row(self._start, self._succ, a)

    def values(self) -> dict[int, int]:
        """Return the SG value of every vertex, as ``{vertex: value}``.

        Raises
        ------
        LoopError
            The graph has a cycle.

        Examples
        --------
        >>> from grundy.games import DigraphGame
        >>> DigraphGame([(0, 1), (1, 2)], vertices=[5]).values()
        {0: 0, 1: 1, 2: 0, 5: 0}
        """
        return dict(zip(self._labels, self._table(), strict=True))

    def _vertex(self, label: object) -> int:
        if type(label) is not int:
            label = check_vertex(label, f"{self!r}: position", InvalidPositionError)
        a = self._index.get(label)
        if a is None:
            raise InvalidPositionError(
                f"{self!r}: vertex {shown(label)} is not in the graph ({len(self._labels):,} "
                "vertices)"
            )
        return a

    def _table(self) -> list[int]:
        values = self._values
        if values is None:
            values = self._values = self._compute_values()
        return values

    def _compute_values(self) -> list[int]:
        values, cycle = value_rows(self._start, self._succ)
        if cycle is not None:
            raise self._cycle_error(cycle)
        return values

    def _cycle_error(self, cycle: list[int]) -> LoopError:
        """The error for a graph with a cycle: `cycle` its vertex indices, closed."""
        path = [self._labels[c] for c in cycle]
        text = " -> ".join(map(str, path[:20])) + (" -> ..." if len(path) > 20 else "")
        return LoopError(
            f"{self!r}: the graph has a cycle {text}; SG values need an acyclic graph "
            "(tokens on a graph with cycles: the loopy-game solver "
            "grundy.impartial.loopy.solve, or --loopy on the command line)",
            tuple(path),
        )

    # ------------------------------------------------------------- positions
    def check_position(self, position: object) -> Position | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        if isinstance(position, tuple | list):
            for v in position:
                self._vertex(v)
            return tuple(int(v) for v in position)
        self._vertex(position)
        return int(position)  # type: ignore[call-overload]  # _vertex accepted it: an integer

    def parse_position(self, tokens: Sequence[str]) -> Position:
        """Read token vertices: one word is one token, several words several tokens.

        Examples
        --------
        >>> from grundy.games import DigraphGame
        >>> DigraphGame([(0, 1)]).parse_position(["0", "1"])
        (0, 1)
        """
        if not tokens:
            raise InvalidPositionError(f"{self!r}: give the vertices the tokens stand on")
        vertices = []
        for word in tokens:
            vertex = parse_int(
                word, f"{self!r}: token vertex", signed=False, expected="an integer >= 0"
            )
            vertices.append(self._labels[self._vertex(vertex)])
        return vertices[0] if len(vertices) == 1 else tuple(vertices)

    def describe_move(self, before: Position | Sum, after: Position | Sum) -> str:
        """Say which token moved where, e.g. ``token 2: 3 -> 5`` (tokens from 1).

        Examples
        --------
        >>> from grundy.games import DigraphGame
        >>> DigraphGame([(0, 3), (3, 5)]).describe_move((0, 3), (0, 5))
        'token 2: 3 -> 5'
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        if type(before) is int and type(after) is int:
            return f"move the token: {before} -> {after}"
        if type(before) is tuple and type(after) is tuple and len(before) == len(after):
            changed = [i for i in range(len(before)) if before[i] != after[i]]
            if len(changed) == 1:
                i = changed[0]
                return f"token {i + 1}: {before[i]} -> {after[i]}"
        return super().describe_move(before, after)

    # ------------------------------------------------------------- the rules
    def moves(self, position: Position) -> list[int] | list[tuple[int, ...]]:
        if isinstance(position, int):
            return self.successors(position)
        options: list[tuple[int, ...]] = []
        for i, v in enumerate(position):
            for w in self.successors(v):
                options.append((*position[:i], w, *position[i + 1 :]))
        return options

    def components(self, position: Position) -> tuple[int, ...] | None:
        return None if isinstance(position, int) else position

    def assemble(self, parts: Sequence[Position | Sum]) -> tuple[int, ...]:
        # The parts are token vertices: the components of a tuple, or their options.
        return cast(tuple[int, ...], tuple(parts))

    def canonical(self, position: Position) -> Position:
        # Tokens commute and a token that cannot move adds nothing (used by the
        # misère search, which sees whole positions).
        if isinstance(position, int):
            return position
        start, index = self._start, self._index
        return tuple(sorted(v for v in position if start[index[v] + 1] > start[index[v]]))

    # ------------------------------------------------------------- the theory
    def formula(self, position: Position) -> int | None:
        if isinstance(position, tuple):  # several tokens: the solver adds their values
            return None
        return self._table()[self._index[position]]

    def moves_to_value(self, position: Position, value: int) -> Iterable[Position | Sum]:
        if not isinstance(position, int):
            return super().moves_to_value(position, value)
        table, labels = self._table(), self._labels
        return [labels[b] for b in self._row(self._vertex(position)) if table[b] == value]
