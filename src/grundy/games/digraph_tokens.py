"""Tokens on a directed graph typed in the position: ``edges 0-1 1-2 tokens 0``.

:class:`DigraphTokens` is :class:`~grundy.games.DigraphGame`'s game with the graph part
of each position (what the web playground and ``registry.find("digraph")`` use); each
graph met is built and valued once by a DigraphGame.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from typing import Any, cast

from ..core.errors import InvalidPositionError, PositionLimitError
from ..core.integers import parse_int, shown
from ..core.sums import Sum
from ..impartial.game import ImpartialGame
from ._edge_files import check_vertex, edge_word
from .digraph import DigraphGame

__all__ = ["DigraphTokens", "Edges", "GraphPosition"]

#: A position of DigraphTokens: the edges (sorted, each once) and the tokens' vertices.
Edges = tuple[tuple[int, int], ...]
GraphPosition = tuple[Edges, tuple[int, ...]]


@functools.lru_cache(maxsize=64)
def _graph(edges: Edges) -> DigraphGame:
    """The DigraphGame of `edges`, built once and kept (with its table of values)."""
    return DigraphGame(edges, name="digraph")


class DigraphTokens(ImpartialGame[GraphPosition]):
    """Tokens on a directed graph given in the position: its edges and the tokens.

    The game of :class:`DigraphGame` (a move slides one token along one edge ``u -> v``;
    SG values need an acyclic graph), with the graph typed as part of each position
    rather than read from a file: the position ``edges 0-1 0-2 1-2 tokens 0 2`` (an edge
    ``u-v`` goes from u to v; ``u>v`` and ``u->v`` are read too) has tokens on 0 and 2.
    A token may stand on a vertex of no edge (it cannot move); several may share one.

    Positions are pairs ``(edges, tokens)``: the edges sorted, each once, and the tokens'
    vertices in the order given. ``registry.find("digraph")`` makes this game;
    ``digraph:FILE`` a :class:`DigraphGame` of the graph in FILE.

    Examples
    --------
    >>> from grundy.games.digraph_tokens import DigraphTokens
    >>> game = DigraphTokens()
    >>> position = game.parse_position("edges 0-1 0-2 1-2 2-3 4-3 tokens 0 4".split())
    >>> game.grundy(position), game.format_position(game.winning_moves(position)[0])
    (3, 'edges 0-1 0-2 1-2 2-3 4-3 tokens 2 4')

    Notes
    -----
    The graph of a position is built and valued once (O(V + E), the DigraphGame of its
    edges, the last 64 graphs kept); several tokens are a sum of one-token positions.
    """

    name = "digraph"

    # ------------------------------------------------------------- positions
    def check_position(self, position: object) -> GraphPosition | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        if not isinstance(position, tuple | list) or len(position) != 2:
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a pair (edges, tokens)"
            )
        edges, tokens = position
        if type(edges) is not tuple or not _is_sorted_edges(edges):
            edges = self._edges_of(edges)
        if isinstance(tokens, int) and not isinstance(tokens, bool):
            tokens = (tokens,)
        if not isinstance(tokens, tuple | list):
            raise InvalidPositionError(
                f"{self!r}: tokens {shown(tokens)} are not a list of vertices"
            )
        return edges, tuple(
            check_vertex(t, f"{self!r}: token", InvalidPositionError) for t in tokens
        )

    def _edges_of(self, edges: object) -> Edges:
        if not isinstance(edges, Iterable) or isinstance(edges, str | bytes):
            raise InvalidPositionError(f"{self!r}: edges {shown(edges)} are not a list of pairs")
        pairs = set()
        for pair in edges:
            if not isinstance(pair, tuple | list) or len(pair) != 2:
                raise InvalidPositionError(
                    f"{self!r}: edge {shown(pair)} is not a pair of vertices (u, v)"
                )
            where = f"{self!r}: edge {shown(pair)}"
            u, v = (check_vertex(w, where, InvalidPositionError) for w in pair)
            pairs.add((u, v))
        return tuple(sorted(pairs))

    def parse_position(self, tokens: Sequence[str]) -> GraphPosition:
        """Read ``[edges] u-v ... [;] [tokens] a b ...``: the inverse of format_position.

        The edges ``u-v`` (or ``u>v``, ``u->v``: from u to v), then the vertices the
        tokens stand on, after the word ``tokens`` or a ``;``. ``no edges`` and
        ``no tokens`` stand for none.

        Examples
        --------
        >>> from grundy.games.digraph_tokens import DigraphTokens
        >>> DigraphTokens().parse_position(["0>1", "1>2;", "tokens", "0", "0"])
        (((0, 1), (1, 2)), (0, 0))
        >>> DigraphTokens().parse_position(["no", "edges", "tokens", "5"])
        ((), (5,))
        """
        words = " ".join(tokens).replace(";", " ; ").split()
        if not words:
            raise InvalidPositionError(
                f"{self!r}: give the edges u-v of the graph (from u to v) and the vertices "
                "of the tokens, such as: edges 0-1 1-2 0-2 tokens 0 2"
            )
        edges: list[tuple[int, int]] = []
        i = 0
        if words[:2] == ["no", "edges"]:
            i = 2
        else:
            i = 1 if words[0] == "edges" else 0
            while i < len(words):
                pair = edge_word(words[i], f"{self!r}: edge", directed=True)
                if pair is None:
                    break
                if len(edges) >= self.max_positions:
                    raise PositionLimitError(
                        f"{self!r}: more than max_positions = {self.max_positions:,} edges"
                    )
                edges.append(pair)
                i += 1
        if words[i : i + 2] == ["no", "tokens"]:
            i += 2
            if i < len(words):
                raise InvalidPositionError(
                    f"{self!r}: {shown(words[i])} after 'no tokens': nothing may follow"
                )
        if words[i : i + 1] == [";"]:
            i += 1
        if words[i : i + 1] == ["tokens"]:
            i += 1
        vertices = [
            parse_int(
                word,
                f"{self!r}: token vertex",
                signed=False,
                expected="an integer >= 0 (the edges u-v come first, then the tokens)",
            )
            for word in words[i:]
        ]
        return tuple(sorted(set(edges))), tuple(vertices)

    def format_position(self, position: GraphPosition | Sum) -> str:
        """Write the edges ``u-v`` and the tokens, as :meth:`parse_position` reads them.

        Examples
        --------
        >>> from grundy.games.digraph_tokens import DigraphTokens
        >>> DigraphTokens().format_position((((0, 1), (1, 2)), (0, 0)))
        'edges 0-1 1-2 tokens 0 0'
        >>> DigraphTokens().format_position(((), ()))
        'no edges no tokens'
        """
        if isinstance(position, Sum):
            return super().format_position(position)
        edges, tokens = position
        graph = "edges " + " ".join(f"{u}-{v}" for u, v in edges) if edges else "no edges"
        return f"{graph} {'tokens ' + ' '.join(map(str, tokens)) if tokens else 'no tokens'}"

    def position_to_json(self, position: GraphPosition | Sum) -> Any:
        """``{"edges": [[u, v], ...], "tokens": [...]}``.

        Examples
        --------
        >>> from grundy.games.digraph_tokens import DigraphTokens
        >>> DigraphTokens().position_to_json((((0, 1),), (0,)))
        {'edges': [[0, 1]], 'tokens': [0]}
        """
        if isinstance(position, Sum):
            return super().position_to_json(position)
        edges, tokens = position
        return {"edges": [list(e) for e in edges], "tokens": list(tokens)}

    def graph_size(self, position: GraphPosition | Sum) -> tuple[int, int]:
        """The vertices (of an edge or a token) and the edges of a position's graph.

        Examples
        --------
        >>> from grundy.games.digraph_tokens import DigraphTokens
        >>> DigraphTokens().graph_size((((0, 1), (1, 2)), (0, 7)))
        (4, 2)
        """
        if isinstance(position, Sum):
            sizes = [self.graph_size(p) for p in position.parts]
            return sum(v for v, _ in sizes), sum(e for _, e in sizes)
        edges, tokens = position
        return len({v for e in edges for v in e}.union(tokens)), len(edges)

    def describe_move(self, before: GraphPosition | Sum, after: GraphPosition | Sum) -> str:
        """Say which token moved where, as DigraphGame does (tokens numbered from 1).

        Examples
        --------
        >>> from grundy.games.digraph_tokens import DigraphTokens
        >>> DigraphTokens().describe_move((((0, 3), (3, 5)), (0, 3)), (((0, 3), (3, 5)), (0, 5)))
        'token 2: 3 -> 5'
        """
        before, after = self.check_position(before), self.check_position(after)
        if isinstance(before, tuple) and isinstance(after, tuple) and before[0] == after[0]:
            old, new = before[1], after[1]
            if len(old) == len(new):
                changed = [i for i in range(len(old)) if old[i] != new[i]]
                if len(changed) == 1:
                    i = changed[0]
                    if len(old) == 1:
                        return f"move the token: {old[i]} -> {new[i]}"
                    return f"token {i + 1}: {old[i]} -> {new[i]}"
        return super().describe_move(before, after)

    # ------------------------------------------------------------- the rules
    def moves(self, position: GraphPosition) -> list[GraphPosition]:
        edges, tokens = position
        graph = _graph(edges)
        options = []
        for i, v in enumerate(tokens):
            if v in graph._index:
                for w in graph.successors(v):
                    options.append((edges, (*tokens[:i], w, *tokens[i + 1 :])))
        return options

    def components(self, position: GraphPosition) -> tuple[GraphPosition, ...] | None:
        edges, tokens = position
        return None if len(tokens) < 2 else tuple((edges, (t,)) for t in tokens)

    def assemble(self, parts: Sequence[GraphPosition | Sum]) -> GraphPosition:
        # The parts are one-token positions of one graph: the components, or their options.
        found = cast(Sequence[GraphPosition], parts)
        return found[0][0], tuple(t for part in found for t in part[1])

    def canonical(self, position: GraphPosition) -> GraphPosition:
        # Tokens commute and a token that cannot move adds nothing (as DigraphGame's).
        edges, tokens = position
        if len(tokens) == 1:
            return position
        graph = _graph(edges)
        start, index = graph._start, graph._index
        moving = [v for v in tokens if v in index and start[index[v] + 1] > start[index[v]]]
        return edges, tuple(sorted(moving))

    # ------------------------------------------------------------- the theory
    def formula(self, position: GraphPosition) -> int | None:
        edges, tokens = position
        if len(tokens) > 1:  # several tokens: the solver adds their values
            return None
        graph = _graph(edges)
        table = graph._table()  # a graph with a cycle raises LoopError, whatever the tokens
        if not tokens or tokens[0] not in graph._index:
            return 0
        return table[graph._index[tokens[0]]]


def _is_sorted_edges(edges: tuple) -> bool:
    """Are `edges` the stored form: pairs of vertices, sorted, each once?"""
    return all(
        type(e) is tuple
        and len(e) == 2
        and type(e[0]) is int
        and type(e[1]) is int
        and e[0] >= 0
        and e[1] >= 0
        for e in edges
    ) and all(a < b for a, b in itertools.pairwise(edges))
