"""Partizan Arc Kayles: a player chooses an edge of his colour and removes both its ends
with every edge at them (CGSuite's ``game.graph.PartizanArcKayles``).

A position is a graph of edges ``(u, v, colour)``, ``u <= v``: ``l`` blue (Left's), ``r``
red (Right's), ``e`` green (either player's), written in CGSuite's graph notation as
Hackenbush positions are, without a ground: ``"llr"`` is a path of three edges,
``"lrlr(ll;ree(rl;l))"`` a tree, ``":Aeee:A"`` a green triangle, ``;`` between pieces.

Examples
--------
>>> from grundy.partizan.games import PartizanArcKayles
>>> game = PartizanArcKayles()
>>> str(game.value("llr")), str(game.value("lrlr(ll;ree(rl;l))"))
('1/2', '{3*|2*||3/2,3/2*|1/2*}')
>>> game.left_options(game.check_position("llr"))
[((0, 1, 'r'),), ()]
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import InvalidPositionError
from ...core.graph_canon import canonical_labelling
from ...core.integers import shown
from ...core.key_memo import KeyMemo
from ..canonical import CanonicalGame, nimber
from ..protocol import PartizanGame, Player
from .graph_notation import Edge, Edges, read_graph, renumber, write_graph

__all__ = ["PartizanArcKayles", "MAX_EDGES"]

_BLUE, _RED, _GREEN = "l", "r", "e"
_NAMES = {_BLUE: "blue", _RED: "red", _GREEN: "green"}
_SWAP = {_BLUE: _RED, _RED: _BLUE, _GREEN: _GREEN}

#: The most edges a position may have.
MAX_EDGES = 4096

_NAME = re.compile(r":([A-Z]|\{v\d+\})")
_MOVE = re.compile(r"^\s*(?:(left|right)\s+)?(?:takes?\s+)?(\d+)\s*-\s*(\d+)\s*$")


def _merged(edges: Sequence[Edge]) -> dict[tuple[int, int], str]:
    """(u, v) -> one colour for all the edges between u and v: a blue and a red edge, or
    a green one, let both players take the pair (green); otherwise their one colour."""
    colours: dict[tuple[int, int], set[str]] = {}
    for u, v, c in edges:
        colours.setdefault((u, v), set()).add(c)
    return {ends: found.pop() if len(found) == 1 else _GREEN for ends, found in colours.items()}


def _pieces(edges: Sequence[Edge]) -> list[list[Edge]]:
    """The edges of each connected piece, pieces in the order of their least vertex."""
    root: dict[int, int] = {}

    def find(v: int) -> int:
        while root.setdefault(v, v) != v:
            root[v] = root[root[v]]
            v = root[v]
        return v

    for u, v, _ in edges:
        a, b = find(u), find(v)
        if a != b:
            root[max(a, b)] = min(a, b)
    pieces: dict[int, list[Edge]] = {}
    for edge in sorted(edges):
        pieces.setdefault(find(edge[0]), []).append(edge)
    return [pieces[k] for k in sorted(pieces)]


def _normal(edges: Sequence[Edge]) -> Edges:
    """One edge per pair of ends (:func:`_merged`), vertices numbered piece by piece as
    CGSuite's notation of the graph is read back."""
    merged = sorted((u, v, c) for (u, v), c in _merged(edges).items())
    out: list[Edge] = []
    count = 0
    for piece in _pieces(merged):
        first = piece[0][0]  # the least vertex: the walk starts there
        shifted = tuple((u - first, v - first, c) for u, v, c in piece)
        walked = renumber(shifted)
        out += [(u + count, v + count, c) for u, v, c in walked]
        count += 1 + max(v for _, v, _ in walked)
    return tuple(out)


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class PartizanArcKayles(PartizanGame[Edges]):
    """Partizan Arc Kayles: Left takes a blue or green edge, Right a red or green one;
    both its ends go, with every edge at them. Whoever cannot take an edge loses.

    A position is a tuple of edges ``(u, v, colour)``, ``u <= v``, sorted; a loop
    ``(v, v, colour)`` takes its one vertex. Parallel edges are merged (a blue and a red
    one are a green one: either player may take the pair), and vertices numbered as the
    notation is read back (:meth:`check_position`).

    Parameters
    ----------
    use_formula : bool
        Value green paths by Dawson's Kayles, and green paths with a green loop at every
        vertex by Kayles (False: search them, a check). It changes no value: it is
        neither shown nor compared.

    Examples
    --------
    >>> from grundy.partizan.games import PartizanArcKayles
    >>> game = PartizanArcKayles()
    >>> str(game.value("eee")), str(game.value(":Aeee:A")), str(game.value("lr;rr"))
    ('*2', '*', '-1*')
    >>> game.describe_move("llr", ((2, 3, "r"),))
    'Left takes 1-2'

    Notes
    -----
    Taking an edge only removes vertices, so the pieces of a position never meet again
    and add (:meth:`components`); each piece is stored once for all its numberings
    (:mod:`~grundy.core.graph_canon`) and once with its negative (blue and red
    swapped). An all-green position is impartial, a nimber: a green path of n vertices
    is Dawson's Kayles (0.07) on a row of n pins, and with a loop at every vertex it is
    Kayles (0.77), both valued from the heap codes (:meth:`formula`).

    References
    ----------
    CGSuite, ``game.graph.PartizanArcKayles`` and ``game.graph.ArcKayles`` (whose tests
    pin the two green families); E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways,
    ch. 4 (Kayles and Dawson's Kayles).
    """

    use_formula: bool = field(default=True, compare=False)

    name = "partizan-arc-kayles"

    # ----------------------------------------------------------------- the rules
    def _moves(self, edges: Edges, player: Player) -> Iterator[tuple[Edge, Edges]]:
        """(edge taken, edges left) for each move of `player`."""
        mine = (_BLUE if player == "Left" else _RED) + _GREEN
        for edge in edges:
            u, v, c = edge
            if c in mine:
                # numbered as the notation reads back, as check_position numbers it
                yield edge, _normal([e for e in edges if e[0] not in (u, v) and e[1] not in (u, v)])

    def left_options(self, position: Edges) -> list[Edges]:
        """The graphs after Left takes a blue or green edge (numbered as
        :meth:`check_position` numbers graphs).

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> PartizanArcKayles().left_options(((0, 1, "l"), (1, 2, "r")))
        [()]
        """
        return [after for _, after in self._moves(position, "Left")]

    def right_options(self, position: Edges) -> list[Edges]:
        """The graphs after Right takes a red or green edge.

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> PartizanArcKayles().right_options(((0, 1, "l"), (2, 3, "e")))
        [((0, 1, 'l'),)]
        """
        return [after for _, after in self._moves(position, "Right")]

    # ----------------------------------------------------------------- hooks
    @functools.cached_property
    def _keys(self) -> KeyMemo:
        """Each piece met -> its key (canonical numbering); each key -> itself."""
        return KeyMemo()

    def components(self, position: Edges) -> list[Edges] | None:
        """The connected pieces, each in its canonical numbering; None for one piece so
        numbered.

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> PartizanArcKayles().components(((0, 1, "l"), (2, 3, "r"), (3, 4, "l")))
        [((0, 1, 'l'),), ((0, 1, 'l'), (0, 2, 'r'))]
        """
        if self._keys.is_key(position):
            return None
        parts = [self._keys.key(tuple(piece), _canonical) for piece in _pieces(position)]
        return None if len(parts) == 1 and parts[0] == position else parts

    def canonical(self, position: Edges) -> Edges:
        """The graph numbered canonically: one key for all its numberings.

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> game = PartizanArcKayles()
        >>> game.canonical(((0, 1, "l"), (1, 2, "r"))) == game.canonical(((0, 1, "r"), (0, 2, "l")))
        True
        """
        key = self._keys.get(position)
        return key if key is not None else _canonical(position)

    def negative(self, position: Edges) -> Edges:
        """Blue and red swapped: Left's edges become Right's.

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> PartizanArcKayles().negative(((0, 1, "l"), (1, 2, "e")))
        ((0, 1, 'r'), (1, 2, 'e'))
        """
        return tuple((u, v, _SWAP[c]) for u, v, c in position)

    def formula(self, position: Edges) -> CanonicalGame | None:
        """A green path of n vertices: the nimber of Dawson's Kayles (0.07) on n pins; a
        green path with a green loop at every vertex: Kayles (0.77) on n pins; None for
        other graphs (searched).

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> game = PartizanArcKayles()
        >>> str(game.formula(game.check_position("eee"))), game.formula(((0, 1, "l"),))
        ('*2', None)
        """
        if not self.use_formula or not position or any(c != _GREEN for _, _, c in position):
            return None
        links = [(u, v) for u, v, _ in position if u != v]
        loops = {u for u, v, _ in position if u == v}
        vertices = {x for edge in links for x in edge} | loops
        n = len(vertices)
        if len(links) != n - 1 or (loops and len(loops) != n):
            return None
        degree: dict[int, int] = {}
        for u, v in links:
            degree[u] = degree.get(u, 0) + 1
            degree[v] = degree.get(v, 0) + 1
        # n - 1 links, degrees at most 2, and connected (one piece): a path.
        if any(d > 2 for d in degree.values()) or len(_pieces(position)) != 1:
            return None
        return nimber(_heap_value("0.77" if loops else "0.07", n))

    def clear_cache(self) -> None:
        """Forget the stored values and the pieces seen.

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> game = PartizanArcKayles(); _ = game.value("lrlr"); game.clear_cache(); game.positions
        0
        """
        super().clear_cache()
        self._keys.clear()

    # ----------------------------------------------------------------- notation
    def check_position(self, position: Any) -> Edges:
        """Read a graph (CGSuite's notation, or a list of edges ``(u, v, colour)``) and
        check it; parallel edges are merged and vertices numbered as the notation is read.

        Raises
        ------
        InvalidPositionError
            Text that is not a graph, an edge that is not ``(u, v, colour)`` with vertices
            integers >= 0 and a colour l, r or e, or more than :data:`MAX_EDGES` edges.

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> PartizanArcKayles().check_position([(5, 7, "l"), (5, 7, "R"), (7, 9, "r")])
        ((0, 1, 'e'), (1, 2, 'r'))
        >>> PartizanArcKayles().check_position("l-r")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: partizan-arc-kayles 'l-r': '-' at 1 is not ...
        """
        if isinstance(position, str):
            if len(position) > 20 * MAX_EDGES:
                raise InvalidPositionError(
                    f"{self!r}: a graph written in {len(position):,} characters is past the "
                    f"limit of {MAX_EDGES:,} edges"
                )
            where = f"{self!r} {shown(position)}"
            if not position.strip():
                raise InvalidPositionError(
                    f"{where}: no graph is written ('.' is a vertex alone, no edge)"
                )
            edges = list(read_graph(position, _BLUE + _RED + _GREEN, where))
        elif isinstance(position, Sequence):
            edges = [self._edge(edge) for edge in position[: MAX_EDGES + 1]]
        else:
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a graph; give edges (u, v, "
                "colour) or text such as 'llr'"
            )
        if len(edges) > MAX_EDGES:
            raise InvalidPositionError(f"{self!r}: more than {MAX_EDGES:,} edges")
        return _normal(edges)

    def _edge(self, edge: Any) -> Edge:
        if not isinstance(edge, Sequence) or isinstance(edge, str) or len(edge) != 3:
            raise InvalidPositionError(f"{self!r}: edge {shown(edge)} is not (u, v, colour)")
        u, v, c = edge
        for x in (u, v):
            if type(x) is not int or x < 0:
                raise InvalidPositionError(
                    f"{self!r}: edge {shown(edge)}: vertex {shown(x)} is not an integer >= 0"
                )
        if not isinstance(c, str) or c.lower() not in _NAMES:
            raise InvalidPositionError(
                f"{self!r}: edge {shown(edge)} has colour {shown(c)}, not 'l' (blue), 'r' "
                "(red) or 'e' (green)"
            )
        return (u, v, c.lower()) if u <= v else (v, u, c.lower())

    def parse_position(self, tokens: Sequence[str]) -> Edges:
        """Read a graph in CGSuite's notation: ``llr``, ``lr(e;l)``, ``:Aeee:A``.

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> PartizanArcKayles().parse_position(["lr(e;l)"])
        ((0, 1, 'l'), (1, 2, 'r'), (2, 3, 'e'), (2, 4, 'l'))
        """
        return self.check_position(" ".join(tokens))

    def format_position(self, position: Edges) -> str:
        """Write the graph in CGSuite's notation, pieces joined by ``;`` (``.`` for no
        edge).

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> edges = [(0, 1, "l"), (2, 3, "e"), (3, 3, "r"), (4, 4, "e")]
        >>> PartizanArcKayles().format_position(edges)
        'l;e:Ar:A;:Be:B'
        """
        edges = self.check_position(position)
        texts: list[str] = []
        names: dict[str, str] = {}
        for piece in _pieces(edges):
            first = piece[0][0]
            text = write_graph(tuple((u - first, v - first, c) for u, v, c in piece))
            # Each piece names its vertices from A; the names must differ across pieces
            # (CGSuite's names run on through the whole graph).
            local: dict[str, str] = {}

            def rename(found: re.Match[str], local: dict[str, str] = local) -> str:
                if found[1] not in local:
                    n = len(names)
                    local[found[1]] = names[f"{len(texts)}:{found[1]}"] = (
                        chr(ord("A") + n) if n < 26 else f"{{v{n}}}"
                    )
                return ":" + local[found[1]]

            texts.append(_NAME.sub(rename, text))
        return ";".join(texts) or "."

    def draw(self, position: Edges) -> str:
        """Draw the graph as its edges, vertices numbered from 1 (moves name edges by
        their ends).

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> print(PartizanArcKayles().draw("lr"))
        1-2 blue (Left's)
        2-3 red (Right's)
        """
        edges = self.check_position(position)
        if not edges:
            return "(no edge)"
        owner = {_BLUE: "Left's", _RED: "Right's", _GREEN: "either's"}
        return "\n".join(f"{u + 1}-{v + 1} {_NAMES[c]} ({owner[c]})" for u, v, c in edges)

    def describe_move(self, before: Any, after: Any) -> str:
        """Name the edge taken by its ends (from 1): ``Left takes 1-2``; a green edge,
        either player's, is ``green 1-2 taken``.

        When Left's and Right's moves both leave `after`, Left's is named (see
        :meth:`describe_move_by`).

        Raises
        ------
        InvalidPositionError
            `after` does not follow `before` by one move.

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> PartizanArcKayles().describe_move("lre", ((0, 1, "l"),))
        'green 3-4 taken'
        """
        return self._described(("Left", "Right"), before, after)

    def describe_move_by(self, player: Player, before: Any, after: Any) -> str:
        """Name `player`'s move from `before` to `after` (as :meth:`describe_move`).

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> PartizanArcKayles().describe_move_by("Right", "lr", ())  # either takes both
        'Right takes 2-3'
        """
        return self._described((player,), before, after)

    def _described(self, players: tuple[Player, ...], before: Any, after: Any) -> str:
        before, given = self.check_position(before), self.check_position(after)
        moves = [(p, e, o) for p in players for e, o in self._moves(before, p)]
        found = [(p, e) for p, e, o in moves if o == given]
        if not found:
            raise InvalidPositionError(
                f"{self!r}: {self.format_position(given)!r} does not follow "
                f"{self.format_position(before)!r} by one move"
            )
        player, (u, v, c) = found[0]
        if c == _GREEN:
            return f"green {u + 1}-{v + 1} taken"
        return f"{player} takes {u + 1}-{v + 1}"

    def parse_move(self, position: Any, text: str) -> Edges | None:
        """Read a move as the edge's ends, from 1 as drawn: ``1-2`` (``3-3`` a loop); a
        leading ``Left`` or ``Right`` and ``takes`` are allowed.

        Returns None for text that names no edge (a whole graph, say).

        Raises
        ------
        InvalidPositionError
            No such edge, or one the player named may not take.

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> PartizanArcKayles().parse_move("llr", "Right 3-4")
        ((0, 1, 'l'),)
        """
        found = _MOVE.match(text.lower())
        if found is None:
            return None
        edges = self.check_position(position)
        said, a, b = found.groups()
        u, v = sorted((int(a) - 1, int(b) - 1))
        match = [c for x, y, c in edges if (x, y) == (u, v)]
        if not match:
            raise InvalidPositionError(f"{self!r}: there is no edge {a}-{b}")
        c = match[0]
        if said is not None and c not in (_BLUE if said == "left" else _RED) + _GREEN:
            raise InvalidPositionError(
                f"{self!r}: {said.title()} may not take the {_NAMES[c]} edge {a}-{b}"
            )
        return _normal([e for e in edges if e[0] not in (u, v) and e[1] not in (u, v)])

    def move_notation(self) -> str:
        """How a person names a move (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import PartizanArcKayles
        >>> PartizanArcKayles().move_notation()
        'an edge by its ends as drawn: 1-2 (Left 1-2 to say whose move it is)'
        """
        return "an edge by its ends as drawn: 1-2 (Left 1-2 to say whose move it is)"


def _canonical(edges: Edges) -> Edges:
    """The graph in its canonical numbering: a loop's colour is its vertex's label."""
    vertices = sorted({x for u, v, _ in edges for x in (u, v)})
    index = {x: i for i, x in enumerate(vertices)}
    labels = [""] * len(vertices)
    links = []
    for u, v, c in edges:
        if u == v:
            labels[index[u]] = c
        else:
            links.append((index[u], index[v], c))
    found = canonical_labelling(links, labels)
    loops = [(i, i, c) for i, c in enumerate(found.labels) if c]
    return tuple(sorted([*found.edges, *loops]))


@functools.cache
def _heap_game(code: str) -> Any:
    from ...games import OctalGame  # the heap codes, loaded for green paths only

    return OctalGame(code)


def _heap_value(code: str, n: int) -> int:
    """The SG value of a heap of n in the octal game `code`."""
    return int(_heap_game(code).grundy(n))
