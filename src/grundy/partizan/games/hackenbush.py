"""Blue-Red-Green Hackenbush: Left cuts blue edges, Right red ones, either player green.

A position is a grounded multigraph of coloured edges ``(u, v, colour)``: ``"l"`` blue
(Left's), ``"r"`` red (Right's), ``"e"`` green (both players'), as CGSuite writes them;
vertex 0 is the ground. People write graphs in CGSuite's notation: a stalk from the ground
``"lrl"``, branches in parentheses separated by ``;`` (``"l(l;rl)"``), and ``:A`` or
``:{name}`` after an edge to name the vertex it reaches, so that a later edge can come
back to it (``":Aee:A"`` is a green 2-cycle on the ground).

Examples
--------
>>> from grundy.partizan.games.hackenbush import Hackenbush, stalk_value
>>> game = Hackenbush()
>>> [str(game.value(s)) for s in ("lrlrrllr", "l(l;rl)", "eeeeeee", "lrlerrr")]
['77/128', '3/2', '*7', '3/4v[3]*']
>>> stalk_value("lrlrrllr")
Fraction(77, 128)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import InvalidPositionError
from ...core.integers import shown
from ...display.graphs import HACKENBUSH_COLOURS, grounded_graph_picture
from ...display.picture import Picture
from ...games.hackenbush import GreenHackenbush, hackenbush_value
from ..canonical import ZERO, CanonicalGame, nimber
from ..protocol import PartizanGame, Player
from .graph_notation import Edge, Edges, adjacency, read_graph, renumber, walk, write_graph
from .hackenbush_trees import (
    BLUE,
    GREEN,
    RED,
    _is_tree,
    _tree_canonical,
    _tree_value,
    _values_after_cuts,
    stalk_value,
)

__all__ = ["Hackenbush", "stalk_value", "MAX_EDGES"]

_NAMES = {BLUE: "blue", RED: "red", GREEN: "green"}
#: Spellings of the colours, lower case: CGSuite's letters, initials and names.
_COLOURS = {"l": BLUE, "b": BLUE, "blue": BLUE, "r": RED, "red": RED}
_COLOURS |= {"e": GREEN, "g": GREEN, "green": GREEN}
_LETTERS = frozenset((BLUE, RED, GREEN))

#: The most edges a position may have (the green fast path copes with this many).
MAX_EDGES = 1_000_000

_EDGE_WORD = re.compile(r"^(\d+)-(\d+)(?::([a-zA-Z]+))?$")
#: Lines drawn at most by Hackenbush.draw.
_DRAWN = 500

_MOVE = re.compile(r"^\s*(?:(left|right)\s+)?(?:cuts?\s+)?(\d+)-(\d+)(?:\s*:?\s*([a-z]+))?\s*$")


def _grounded(edges: Edges) -> Edges:
    """The edges still connected to the ground (the others fall), in their order."""
    around = adjacency(edges)
    reached = {0}
    todo = [0]
    while todo:
        v = todo.pop()
        for k in around.get(v, ()):
            u, w, _ = edges[k]
            w = w if u == v else u
            if w not in reached:
                reached.add(w)
                todo.append(w)
    if len(reached) == len(around):
        return edges
    return tuple(e for e in edges if e[0] in reached)


# ----------------------------------------------------------------- the game
@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class Hackenbush(PartizanGame[Edges]):
    """Blue-Red-Green Hackenbush: Left cuts a blue or a green edge, Right a red or a
    green one; whatever no longer reaches the ground falls. Whoever cannot cut loses.

    A position is a tuple of edges ``(u, v, colour)`` with ``u <= v``, sorted, colours
    ``"l"`` (blue), ``"r"`` (red), ``"e"`` (green); vertex 0 is the ground. Loops and
    parallel edges are allowed. :meth:`check_position` also reads CGSuite's notation
    (``"l(l;rl)"``, vertices then numbered 0, 1, 2... as :meth:`format_position` writes
    them), words ``u-v:colour`` (``"0-1:l 1-2:r"``), and lists of edges; a pair
    ``(u, v)`` without a colour is a green edge, so a
    :class:`~grundy.games.GreenHackenbush` position is a Hackenbush position. Edges of
    a list not connected to the ground have fallen already and are left out.

    Parameters
    ----------
    childish : bool
        Childish Hackenbush (CGSuite's ``ChildishHackenbush``): a blue or red edge may
        be cut only if nothing else falls with it.
    use_formula : bool
        Value green graphs and trees by the theory below (False: search them like any
        graph, a check). It changes no value: it is neither shown nor compared.

    Examples
    --------
    >>> from grundy.partizan.games import Hackenbush
    >>> game = Hackenbush()
    >>> tree = game.check_position("l(l;rl)")
    >>> tree, game.format_position(tree), str(game.value(tree))
    (((0, 1, 'l'), (1, 2, 'l'), (1, 3, 'r'), (3, 4, 'l')), 'l(l;rl)', '3/2')
    >>> game.right_options(tree)
    [((0, 1, 'l'), (1, 2, 'l'))]
    >>> str(game.value("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))"))
    '*2'
    >>> str(Hackenbush(childish=True).value("l(l;rl)"))
    '2'

    Notes
    -----
    The parts hanging from the ground at different vertices share only the ground, so a
    position is the sum of its parts (:meth:`components`). All-green positions are Green
    Hackenbush: their value is the nimber of :func:`grundy.games.hackenbush_value`
    (colon and fusion principles, O(V + E)), so big green graphs stay fast. A tree is
    valued leaves first: the branches at a vertex add, and an edge carrying parts of
    value G is worth the ordinal sum edge : G, which depends on the value of G only
    (the second player answers in the two copies of G and mirrors a cut of a trunk).
    On numbers this is a formula: a blue edge on x is worth x + 1 for x >= 0, and
    (x + n + 1) / 2^n for x < 0, n the least integer with x + n >= 0 (a red edge: the
    negative); a green edge on *n is *(n + 1). So Blue-Red trees are numbers found in
    O(V + E) arithmetic, and a Blue-Red stalk is Berlekamp's sign expansion
    (:func:`stalk_value`). Other graphs with cycles are searched, memoised, a tree
    stored once for all its isomorphic copies (:meth:`canonical`).

    References
    ----------
    E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, ch. 2 and 7; A. N. Siegel,
    Combinatorial Game Theory (2013), on ordinal sums.
    """

    childish: bool = False
    use_formula: bool = field(default=True, compare=False)

    name = "hackenbush"

    def __post_init__(self) -> None:
        if self.childish:
            object.__setattr__(self, "name", "childish-hackenbush")

    # ----------------------------------------------------------------- the rules
    def _cuts(self, position: Edges, colours: str) -> list[Edges]:
        options = []
        for i, edge in enumerate(position):
            if edge[2] not in colours or (i and position[i - 1] == edge):  # a parallel copy
                continue
            option = self._cut(position, i)
            if option is not None:
                options.append(option)
        return options

    def _cut(self, position: Edges, i: int) -> Edges | None:
        """The graph after cutting edge `i`, or None when the rules forbid that cut."""
        option = _grounded(position[:i] + position[i + 1 :])
        if self.childish and position[i][2] != GREEN and len(option) != len(position) - 1:
            return None  # childish: a blue or red edge that brings others down
        return option

    def left_options(self, position: Edges) -> list[Edges]:
        """The graphs after Left cuts a blue or a green edge.

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> Hackenbush().left_options(((0, 1, "l"), (1, 2, "r"), (1, 3, "e")))
        [(), ((0, 1, 'l'), (1, 2, 'r'))]
        """
        return self._cuts(position, BLUE + GREEN)

    def right_options(self, position: Edges) -> list[Edges]:
        """The graphs after Right cuts a red or a green edge.

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> Hackenbush().right_options(((0, 1, "l"), (1, 2, "r"), (1, 3, "e")))
        [((0, 1, 'l'), (1, 3, 'e')), ((0, 1, 'l'), (1, 2, 'r'))]
        """
        return self._cuts(position, RED + GREEN)

    # ----------------------------------------------------------------- hooks
    def components(self, position: Edges) -> list[Edges] | None:
        """The parts hanging from the ground: connected once the ground is taken away.

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> Hackenbush().components(((0, 0, "e"), (0, 1, "l"), (0, 2, "r"), (1, 2, "r")))
        [((0, 0, 'e'),), ((0, 1, 'l'), (0, 2, 'r'), (1, 2, 'r'))]
        """
        root: dict[int, int] = {}

        def find(v: int) -> int:
            while root.setdefault(v, v) != v:
                root[v] = root[root[v]]
                v = root[v]
            return v

        for u, v, _ in position:
            if u and v:
                root[find(u)] = find(v)
        parts: dict[int, list[Edge]] = {}
        for k, edge in enumerate(position):
            u, v, _ = edge
            key = -1 - k if u == v == 0 else find(u or v)
            parts.setdefault(key, []).append(edge)
        return [tuple(p) for p in parts.values()] if len(parts) > 1 else None

    def canonical(self, position: Edges) -> Edges:
        """A tree renumbered the same way as all its isomorphic copies (another graph is
        its own representative).

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> game = Hackenbush()
        >>> game.canonical(((0, 5, "l"), (5, 7, "r"))) == game.canonical(((0, 1, "l"), (1, 2, "r")))
        True
        """
        return _tree_canonical(position) if _is_tree(position) else position

    def formula(self, position: Edges) -> CanonicalGame | None:
        """An all-green graph's nimber (the Green Hackenbush code), a tree's value by
        ordinal sums (not in Childish Hackenbush); None for other graphs (searched).

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> game = Hackenbush()
        >>> [str(game.formula(game.parse_position([t]))) for t in ("eee", "l(l;rl)")]
        ['*3', '3/2']
        """
        if self.use_formula and position:
            if all(c == GREEN for _, _, c in position):
                return nimber(hackenbush_value([(u, v) for u, v, _ in position]))
            if not self.childish and _is_tree(position):
                return _tree_value(position)
        return None

    def winning_moves(self, position: Any, player: Player) -> list[Edges]:
        """The cuts after which `player` wins moving second (see
        :meth:`PartizanGame.winning_moves`); all-green graphs by the impartial theory.

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> Hackenbush().winning_moves("e(e;e)", "Right")   # (1 ^ 1) + 1 = *: cut the trunk
        [()]
        """
        position = self.check_position(position)
        if not (self.use_formula and position and all(c == GREEN for _, _, c in position)):
            if self.use_formula and not self.childish and position and _is_tree(position):
                self.options((), player)  # checks `player`
                return self._tree_winning_moves(position, player)
            return super().winning_moves(position, player)
        self.options((), player)  # checks `player`
        green = GreenHackenbush().limited_to(self.max_positions)
        zeros = green.moves_to_value(tuple((u, v) for u, v, _ in position), 0)
        return [tuple((u, v, GREEN) for u, v in option) for option in zeros]

    def _tree_winning_moves(self, tree: Edges, player: Player) -> list[Edges]:
        """A tree's winning cuts, valuing every cut by :func:`_values_after_cuts` and
        listing only the winning options (each O(E) to write out)."""
        colours, wins = (
            (BLUE + GREEN, ZERO.__le__) if player == "Left" else (RED + GREEN, ZERO.__ge__)
        )
        values = _values_after_cuts(tree)
        return [
            self._cut(tree, i)  # type: ignore[misc]  # never None outside Childish Hackenbush
            for i, edge in enumerate(tree)
            if edge[2] in colours and wins(values[i])
        ]

    # ----------------------------------------------------------------- notation
    def check_position(self, position: Any) -> Edges:
        """Read a graph (CGSuite's notation, words ``u-v:colour``, or a list of edges) and
        check it.

        Raises
        ------
        InvalidPositionError
            Text that is not a graph, an edge that is not ``(u, v, colour)`` with vertices
            integers >= 0, an unknown colour, more than :data:`MAX_EDGES` edges, or text in
            CGSuite's notation with parts not connected to the ground.

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> Hackenbush().check_position([(1, 0, "L"), (1, 2), (5, 6, "r")])
        ((0, 1, 'l'), (1, 2, 'e'))
        >>> Hackenbush().check_position("lx")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: hackenbush 'lx': 'x' at 1 is not an edge (l, ...
        """
        if isinstance(position, str):
            return self._read_text(position)
        if not isinstance(position, Iterable):
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a graph; give edges (u, v, "
                "colour) or text such as 'l(l;rl)'"
            )
        edges: list[Edge] = []
        for edge in position:
            if len(edges) >= MAX_EDGES:
                raise InvalidPositionError(f"{self!r}: more than {MAX_EDGES:,} edges")
            edges.append(self._edge(edge))
        edges.sort()
        return _grounded(tuple(edges))

    def _edge(self, edge: Any) -> Edge:
        if type(edge) is tuple and len(edge) == 3 and edge[2] in _LETTERS:
            u, v = edge[0], edge[1]
            if type(u) is int and type(v) is int and 0 <= u <= v:
                return edge  # already as stored: the common case, made quick
        if not isinstance(edge, tuple | list) or len(edge) not in (2, 3):
            raise InvalidPositionError(
                f"{self!r}: edge {shown(edge)} is not (u, v, colour) or (u, v) (green)"
            )
        colour = GREEN
        if len(edge) == 3:
            found = _COLOURS.get(edge[2].lower()) if isinstance(edge[2], str) else None
            if found is None:
                raise InvalidPositionError(
                    f"{self!r}: edge {shown(edge)} has colour {shown(edge[2])}, not 'l' "
                    "(blue), 'r' (red) or 'e' (green)"
                )
            colour = found
        u, v = edge[0], edge[1]
        for x in (u, v):
            if type(x) is not int or x < 0:
                raise InvalidPositionError(
                    f"{self!r}: edge {shown(edge)}: vertex {shown(x)} is not an integer >= 0"
                )
        return (u, v, colour) if u <= v else (v, u, colour)

    def _read_text(self, text: str) -> Edges:
        words = text.split()
        if len(text) > 20 * MAX_EDGES:
            raise InvalidPositionError(
                f"{self!r}: a graph written in {len(text):,} characters is past the limit "
                f"of {MAX_EDGES:,} edges"
            )
        matches = [_EDGE_WORD.match(w) for w in words]
        if words and all(matches):
            return self.check_position(
                [(int(u), int(v), c or GREEN) for u, v, c in (m.groups() for m in matches if m)]
            )
        where = f"{self!r} {shown(text)}"
        edges = read_graph(text, BLUE + RED + GREEN, where)
        if len(edges) > MAX_EDGES:
            raise InvalidPositionError(f"{where}: more than {MAX_EDGES:,} edges")
        if len(_grounded(edges)) != len(edges):
            raise InvalidPositionError(
                f"{where}: a part after ';' is not connected to the ground; write branches "
                "from the ground in parentheses: (l;r)"
            )
        return renumber(edges)

    def parse_position(self, tokens: Sequence[str]) -> Edges:
        """Read a graph written in CGSuite's notation (``l(l;rl)``; ``.`` is the ground
        alone) or as edges ``u-v:colour`` (``0-1:l 1-2:r``; ``u-v`` is green).

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> Hackenbush().parse_position(["lr(e;l)"])
        ((0, 1, 'l'), (1, 2, 'r'), (2, 3, 'e'), (2, 4, 'l'))
        """
        text = " ".join(tokens)
        if not text.strip():
            raise InvalidPositionError(
                f"{self!r}: give a graph such as l(l;rl) (l blue, r red, e green; '.' is "
                "the ground alone) or edges 0-1:l 1-2:r"
            )
        return self.check_position(text)

    def format_position(self, position: Edges) -> str:
        """Write the graph in CGSuite's notation (what :meth:`parse_position` reads).

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> game = Hackenbush()
        >>> game.format_position(((0, 1, "e"), (0, 1, "e"))), game.format_position(())
        (':Aee:A', '.')
        """
        return write_graph(self.check_position(position))

    def picture(self, position: Edges) -> Picture:
        """Draw the graph standing on the ground: blue edges Left's, red Right's, green
        either player's; each edge's tooltip names its ends, as moves do.

        Raises
        ------
        PictureLimitError
            Too many edges to draw (more than about 6,000).

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> picture = Hackenbush().picture("l(l;rl)")
        >>> [picture.svg.count(f"{c} edge") for c in ("blue", "red", "green")]
        [3, 1, 0]
        """
        edges = self.check_position(position)
        title = self.picture_title(edges)
        return grounded_graph_picture(
            edges, HACKENBUSH_COLOURS, title=title, text=self.draw(edges), what=title
        )

    def draw(self, position: Edges) -> str:
        """Draw the graph as a tree from the ground, each edge with its colour and ends
        (moves name edges by their ends); an edge back to a vertex met before says so.

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> print(Hackenbush().draw("l(l;rl)"))
        0 (ground)
        `-- blue 0-1
            |-- blue 1-2
            `-- red 1-3
                `-- blue 3-4
        """
        position = self.check_position(position)
        _, children, _ = walk(position)
        lines = ["0 (ground)"]
        todo: list[tuple[int, tuple[str, int, bool], str, bool]] = []

        def push(v: int, indent: str) -> None:
            kids = children[v]
            for i in range(len(kids) - 1, -1, -1):
                todo.append((v, kids[i], indent, i == len(kids) - 1))

        push(0, "")
        while todo:
            if len(lines) > _DRAWN:
                lines.append(f"... ({len(position):,} edges in all)")
                break
            v, (c, w, down), indent, last = todo.pop()
            note = "" if down else " (a loop)" if w == v else f" (back to {w})"
            lines.append(f"{indent}{'`-- ' if last else '|-- '}{_NAMES[c]} {v}-{w}{note}")
            if down:
                push(w, indent + ("    " if last else "|   "))
        return "\n".join(lines)

    def _as_edges(self, position: Any) -> Edges:
        """A position as its edges: text read (and numbered) as by check_position, a
        list of edges keeping its vertex numbers."""
        return self.check_position(position)

    def describe_move(self, before: Any, after: Any) -> str:
        """Name the edge cut, by its colour and its ends, and count the edges that fell.

        Raises
        ------
        InvalidPositionError
            `after` does not follow `before` by one cut.

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> game = Hackenbush()
        >>> tree = game.check_position("l(l;rl)")
        >>> game.describe_move(tree, ((0, 1, "l"), (1, 2, "l")))
        'Right cuts red 1-3, 1 more edge falls'
        >>> game.describe_move("e", ".")
        'cut green 0-1'
        """
        before, after = self._as_edges(before), self._as_edges(after)
        gone = Counter(before) - Counter(after)
        standing = {0}.union(*((u, v) for u, v, _ in after))
        cut = [e for e in gone if e[0] in standing or e[1] in standing]
        if len(cut) != 1 or after != self._cut(before, before.index(cut[0])):
            raise InvalidPositionError(
                f"{self!r}: {write_graph(after)!r} does not follow {write_graph(before)!r} by "
                "one cut"
            )
        u, v, c = cut[0]
        player = {BLUE: "Left cuts", RED: "Right cuts", GREEN: "cut"}[c]
        fell = gone.total() - 1
        more = f", {fell} more edge{'s fall' if fell > 1 else ' falls'}" if fell else ""
        return f"{player} {_NAMES[c]} {u}-{v}{more}"

    def parse_move(self, position: Any, text: str) -> Edges | None:
        """Read a cut as the ends of the edge, ``1-3`` (vertices as :meth:`draw` numbers
        them), with its colour when parallel edges differ (``1-3:r`` or ``1-3 red``); a
        leading ``Left``/``Right`` and ``cut`` are allowed.

        Returns None for text that names no edge (a whole graph, say).

        Raises
        ------
        InvalidPositionError
            No such edge, one the player named may not cut, or several colours to choose
            from.

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> Hackenbush().parse_move("l(l;rl)", "cut 1-3")
        ((0, 1, 'l'), (1, 2, 'l'))
        """
        found = _MOVE.match(text.lower())
        if found is None:
            return None
        position = self._as_edges(position)
        who, a, b, colour_word = found.groups()
        u, v = sorted((int(a), int(b)))
        colour = None if colour_word is None else _COLOURS.get(colour_word)
        if colour_word is not None and colour is None:
            raise InvalidPositionError(
                f"{self!r}: {colour_word!r} is not a colour l (blue), r (red) or e (green)"
            )
        matches = sorted({c for x, y, c in position if (x, y) == (u, v)} - {None})
        if colour is not None:
            matches = [c for c in matches if c == colour]
        if not matches:
            raise InvalidPositionError(
                f"{self!r}: no {_NAMES.get(colour or '', '')} edge {u}-{v} in "
                f"{write_graph(position)!r}".replace("no  edge", "no edge")
            )
        if len(matches) > 1:
            raise InvalidPositionError(
                f"{self!r}: edges {u}-{v} of colours {', '.join(_NAMES[c] for c in matches)}; "
                f"say which: {u}-{v}:l, {u}-{v}:r or {u}-{v}:e"
            )
        c = matches[0]
        if who is not None and c not in (BLUE if who == "left" else RED) + GREEN:
            raise InvalidPositionError(
                f"{self!r}: {who.capitalize()} may not cut the {_NAMES[c]} edge {u}-{v}"
            )
        i = position.index((u, v, c))
        option = _grounded(position[:i] + position[i + 1 :])
        if self.childish and c != GREEN and len(option) != len(position) - 1:
            raise InvalidPositionError(
                f"{self!r}: cutting the {_NAMES[c]} edge {u}-{v} would bring other edges "
                "down, which childish Hackenbush forbids"
            )
        return option

    def move_notation(self) -> str:
        """How a person names a cut (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> Hackenbush().move_notation()
        'the edge to cut, by its ends as drawn: 1-3 (1-3:r to choose among parallel edges)'
        """
        return "the edge to cut, by its ends as drawn: 1-3 (1-3:r to choose among parallel edges)"
