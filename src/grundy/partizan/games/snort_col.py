"""Snort and Col (CGSuite's GenCol): players colour vertices of a graph or cells of a
board, never next to the other's colour (Snort) or next to their own (Col)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import InvalidGameError, InvalidPositionError
from ...core.graph_canon import canonical_labelling
from ...core.integers import shown
from ...core.key_memo import KeyMemo
from ...display.boards import SQUARES, grid_picture
from ...display.picture import Picture
from ..canonical import CanonicalGame, nimber, number
from ..protocol import PartizanGame, Player
from .grid import ORTHOGONAL, Board, board_text, cell_name, draw_board, read_board, read_cell
from .vertex_graphs import (
    GONE,
    UNLABELLED,
    VertexGraph,
    connected_parts,
    neighbours,
    normalized,
    read_vertex_graph,
    write_vertex_graph,
)

__all__ = ["GenCol", "Snort", "Col", "MAX_VERTICES"]

#: The most vertices a graph may have (a board has at most 26 x 26 cells).
MAX_VERTICES = 4096
_MAX_EDGES = 16 * MAX_VERTICES

_LEFT, _RIGHT = "L", "R"  # the tints: next to Left's colour, next to Right's
_STONES = {"Left": "x", "Right": "o"}  # a board shows colours as stones
_SWAP_TINTS = str.maketrans("LR", "RL")
_SWAP_STONES = str.maketrans("xo", "ox")
_BOARD_TEXT = re.compile(r"^[.#xo|/\s]+$|^\s*\d+\s*[xX×]\s*\d+\s*$")
_MOVE = re.compile(r"^\s*(?:(left|right)\s+)?(?:colou?rs?\s+)?([a-z]?)(\d+)\s*$")
#: The text of the graph with no vertex (CGSuite's notation writes nothing, which is lost
#: in a line that goes on, such as a position followed by who is to move): a board of no
#: squares, the same game.
_NO_VERTEX = "0x0"

Position = Any  # a Board (rows of cells) or a VertexGraph (labels, edges)


def _is_graph(position: Any) -> bool:
    return len(position) == 2 and not isinstance(position[1], str)


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class GenCol(PartizanGame[Position]):
    """A colouring game: a player colours an uncoloured vertex with his colour; in Snort
    never next to the other player's colour, in Col never next to his own. Whoever
    cannot colour loses. CGSuite's ``GenCol`` (``game.graph.Snort``, ``game.graph.Col``).

    A position is a graph or a board. A graph is written as CGSuite writes it: vertex
    labels ``.`` (uncoloured, or nothing: ``"---"``), ``L`` and ``R`` (tinted: next to a
    vertex Left, or Right, coloured, which is gone) joined by ``-`` edges, branches in
    parentheses, ``:A`` to name a vertex an edge comes back to (``"L-.-.-.-L"``,
    ``".-.-.(-.;-.)"``, ``":A----:A"``); it is stored as ``(labels, edges)``, labels one
    of ``.LR#`` a vertex (``#``: gone) and edges ``(u, v)``. A board is rows of cells
    separated by ``|``: ``.`` uncoloured, ``x`` Left's colour, ``o`` Right's, ``#`` no
    cell (``"..#|..."``, or ``RxC`` for an empty board); cells are joined to their
    orthogonal neighbours.

    Parameters
    ----------
    rule : {"snort", "col"}
        Snort: a vertex next to the other player's colour is not yours to colour. Col:
        a vertex next to your own colour is not.
    name : str
        The name in messages.

    Raises
    ------
    InvalidGameError
        A rule other than "snort" or "col".

    Examples
    --------
    >>> from grundy.partizan.games import Col, Snort
    >>> str(Snort.value("L-.-.-.-L")), str(Snort.value(".-.-.(-.;-.)"))
    ('{4|0,+-1}', '+-{3|2}')
    >>> str(Col.value("R-.-R-.-L-.-R-.-R-.")), str(Snort.value("2x3")), str(Snort.value(".x."))
    ('7/8', '+-{4||1|0}', '2')
    >>> Snort.left_options(("L..", ((0, 1), (1, 2))))  # a vertex coloured goes
    [('L.', ((0, 1),)), ('LL', ()), ('LL', ((0, 1),))]

    Notes
    -----
    A move removes the vertex coloured and tints its neighbours, as CGSuite does: an
    uncoloured neighbour becomes the mover's (``L`` or ``R``: next to his colour), a
    neighbour tinted by the other player can no longer be coloured by anybody and goes
    too. So the pieces of the graph that no edge joins are independent (a board's cells
    become such a graph, :meth:`components`); a piece of one vertex is worth ``*``
    (uncoloured) or 1 to the player who alone may colour it, so the lone vertices add up
    to a number and maybe ``*`` (:meth:`formula`); the other pieces are stored once for
    all their numberings (:mod:`~grundy.core.graph_canon`) and once for a piece
    and its tints swapped (its negative). Col values are numbers or numbers plus ``*``
    (Conway, ONAG ch. 16); Snort values are often hot.

    References
    ----------
    E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, ch. 2 (Col and Snort);
    J. H. Conway, On Numbers and Games, ch. 16. CGSuite, ``game.graph.GenCol``.
    """

    rule: str = "col"
    name: str = field(default="col", compare=False)

    def __post_init__(self) -> None:
        if self.rule not in ("snort", "col"):
            raise InvalidGameError(f"{self.name}: rule {shown(self.rule)} is not 'snort' or 'col'")

    def _may_colour(self, player: Player) -> str:
        """The labels of the vertices `player` may colour."""
        mine, theirs = (_LEFT, _RIGHT) if player == "Left" else (_RIGHT, _LEFT)
        return UNLABELLED + (mine if self.rule == "snort" else theirs)

    # ----------------------------------------------------------------- the rules
    def _moves(self, position: Position, player: Player) -> Iterator[tuple[Any, Position]]:
        """(vertex or cell coloured, position after) for each move of `player`."""
        if _is_graph(position):
            yield from self._graph_moves(position, player)
            return
        stone = _STONES[player]
        forbidden = _STONES["Right" if player == "Left" else "Left"]
        if self.rule == "col":
            forbidden = stone
        for r, row in enumerate(position):
            for c, cell in enumerate(row):
                if cell == UNLABELLED and forbidden not in _around(position, r, c):
                    rows = list(position)
                    rows[r] = row[:c] + stone + row[c + 1 :]
                    yield (r, c), tuple(rows)

    def _graph_moves(self, graph: VertexGraph, player: Player) -> Iterator[tuple[Any, Position]]:
        labels, edges = graph
        mine, theirs = (_LEFT, _RIGHT) if player == "Left" else (_RIGHT, _LEFT)
        allowed = self._may_colour(player)
        around = neighbours(graph)
        for v, label in enumerate(labels):
            if label not in allowed:
                continue
            new = list(labels)
            new[v] = GONE
            for w in around[v]:
                if labels[w] == UNLABELLED:
                    new[w] = mine  # now next to the mover's colour
                elif labels[w] == theirs:
                    new[w] = GONE  # next to both colours: nobody may colour it
            kept = tuple((a, b) for a, b in edges if new[a] != GONE and new[b] != GONE)
            # numbered as the position's notation reads back, as check_position numbers it
            yield v, normalized(("".join(new), kept))

    def left_options(self, position: Position) -> list[Position]:
        """The positions after Left colours a vertex (a board: puts an ``x`` on a cell).

        Examples
        --------
        >>> from grundy.partizan.games import Col
        >>> Col.left_options(("x..",))
        [('x.x',)]
        """
        return [after for _, after in self._moves(position, "Left")]

    def right_options(self, position: Position) -> list[Position]:
        """The positions after Right colours a vertex (a board: puts an ``o`` on a cell).

        Examples
        --------
        >>> from grundy.partizan.games import Snort
        >>> Snort.right_options(("x..",))
        [('x.o',)]
        """
        return [after for _, after in self._moves(position, "Right")]

    # ----------------------------------------------------------------- hooks
    @functools.cached_property
    def _keys(self) -> KeyMemo:
        """Each connected piece met -> its key (canonical numbering); each key -> itself."""
        return KeyMemo()

    def components(self, position: Position) -> list[VertexGraph] | None:
        """The pieces no edge joins, each in its canonical numbering; the lone vertices
        together as one piece (valued by :meth:`formula`). A board is first turned into
        its graph: its uncoloured cells, tinted by their coloured neighbours.

        Examples
        --------
        >>> from grundy.partizan.games import Snort
        >>> Snort.components(("x.#.", "..#o"))   # d1 is next to o; b1, a2 next to x
        [('R', ()), ('.LL', ((0, 1), (0, 2)))]
        """
        graph = position if _is_graph(position) else _board_graph(position)
        if self._keys.is_key(graph):
            return None  # one piece, already in canonical form
        lone = []
        parts = []
        for piece in connected_parts(graph):
            if piece[1]:
                parts.append(self._keys.key(piece, _canonical))
            else:
                lone.append(piece[0])
        if lone:
            parts.insert(0, ("".join(sorted(lone)), ()))
        return None if len(parts) == 1 and parts[0] == position else parts

    def canonical(self, position: Position) -> Position:
        """The graph numbered canonically (a board stands for itself: it is never
        searched, its pieces are).

        Examples
        --------
        >>> from grundy.partizan.games import Snort
        >>> Snort.canonical(("L..", ((0, 1), (1, 2)))) == Snort.canonical(("..L", ((0, 1), (1, 2))))
        True
        """
        if not _is_graph(position) or not position[1]:
            return position
        key = self._keys.get(position)
        return key if key is not None else _canonical(position)

    def negative(self, position: Position) -> Position:
        """The tints (a board: the stones) swapped: Left's game becomes Right's.

        Examples
        --------
        >>> from grundy.partizan.games import Col
        >>> Col.negative(("L.", ((0, 1),))), Col.negative(("x.o",))
        (('R.', ((0, 1),)), ('o.x',))
        """
        if _is_graph(position):
            return position[0].translate(_SWAP_TINTS), position[1]
        return tuple(row.translate(_SWAP_STONES) for row in position)

    def formula(self, position: Position) -> CanonicalGame | None:
        """A graph without edges: each lone vertex is a move for whoever may colour it,
        ``*`` when both may; None for other positions (searched).

        Examples
        --------
        >>> from grundy.partizan.games import Col, Snort
        >>> str(Snort.formula(("LL.", ()))), str(Col.formula(("LL.", ())))
        ('2*', '-2*')
        """
        if not _is_graph(position) or position[1]:
            return None
        labels = position[0]
        lefts = labels.count(_LEFT) - labels.count(_RIGHT)
        if self.rule == "col":
            lefts = -lefts  # a vertex next to Left's colour is Right's to colour in Col
        return number(lefts) + nimber(labels.count(UNLABELLED) % 2)

    def clear_cache(self) -> None:
        """Forget the stored values and the pieces seen.

        Examples
        --------
        >>> from grundy.partizan.games import Snort
        >>> game = Snort; _ = game.value("3x3"); game.clear_cache(); game.positions
        0
        """
        super().clear_cache()
        self._keys.clear()

    # ----------------------------------------------------------------- notation
    def check_position(self, position: Any) -> Position:
        """Read a graph (CGSuite's notation, ``0x0`` for none, or ``(labels, edges)``) or a
        board (rows ``..#|x.o``, ``RxC``, or the rows themselves) and check it; a graph is
        numbered as its notation is read (vertices that are gone dropped).

        Raises
        ------
        InvalidPositionError
            Text that is neither, an unknown label or cell, an edge that is not two
            different vertices of the graph, more than :data:`MAX_VERTICES` vertices, or
            a board with stones this game never lets stand side by side.

        Examples
        --------
        >>> from grundy.partizan.games import Col, Snort
        >>> Snort.check_position("L-.-R"), Snort.check_position("x.|.o")
        (('L.R', ((0, 1), (1, 2))), ('x.', '.o'))
        >>> Col.check_position("xx.")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: col: x on a1 and x on b1 are neighbours, ...
        """
        if isinstance(position, str):
            if position.strip().lower() == _NO_VERTEX:
                return ("", ())
            if len(position) > 20 * MAX_VERTICES:
                raise InvalidPositionError(
                    f"{self!r}: a position written in {len(position):,} characters is past "
                    f"the limit of {MAX_VERTICES:,} vertices"
                )
            if position.strip() not in ("", ".") and _BOARD_TEXT.match(position):
                return self._check_board(
                    read_board(position, ".xo#", what=repr(self), rectangle=True)
                )
            graph = read_vertex_graph(position, _LEFT + _RIGHT, f"{self!r} {shown(position)}")
            return self._check_graph(graph)
        if (
            isinstance(position, Sequence)
            and position
            and all(isinstance(r, str) for r in position)
        ):
            return self._check_board(read_board(list(position), ".xo#", what=repr(self)))
        if not (isinstance(position, Sequence) and len(position) == 2):
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a graph (labels, edges) nor a "
                "board; write a graph such as 'L-.-R' or a board such as '..#|...'"
            )
        labels, edges = position
        if not isinstance(labels, str) or set(labels) - set(".LR#"):
            raise InvalidPositionError(
                f"{self!r}: labels {shown(labels)} are not a string of . L R # (one a vertex)"
            )
        if not isinstance(edges, Sequence) or isinstance(edges, str):
            raise InvalidPositionError(f"{self!r}: edges {shown(edges)} are not a list of (u, v)")
        if len(labels) > MAX_VERTICES or len(edges) > _MAX_EDGES:
            raise InvalidPositionError(
                f"{self!r}: a graph of {len(labels):,} vertices and {len(edges):,} edges; at "
                f"most {MAX_VERTICES:,} and {_MAX_EDGES:,}"
            )
        found = set()
        for edge in edges:
            if not (
                isinstance(edge, Sequence)
                and len(edge) == 2
                and all(type(x) is int and 0 <= x < len(labels) for x in edge)
                and edge[0] != edge[1]
            ):
                raise InvalidPositionError(
                    f"{self!r}: edge {shown(edge)} is not two different vertices 0 to "
                    f"{len(labels) - 1}"
                )
            if GONE in (labels[edge[0]], labels[edge[1]]):
                raise InvalidPositionError(
                    f"{self!r}: edge {shown(edge)} reaches a vertex that is gone (#)"
                )
            found.add((min(edge), max(edge)))
        return self._check_graph((labels, tuple(sorted(found))))

    def _check_graph(self, graph: VertexGraph) -> VertexGraph:
        if len(graph[0]) > MAX_VERTICES:
            raise InvalidPositionError(
                f"{self!r}: a graph of {len(graph[0]):,} vertices; at most {MAX_VERTICES:,}"
            )
        return normalized(graph)

    def _check_board(self, board: Board) -> Board:
        # Snort never lets x and o stand side by side, Col never two of one colour.
        pairs = ("xo", "ox") if self.rule == "snort" else ("xx", "oo")
        for r, row in enumerate(board):
            for c, cell in enumerate(row):
                for dr, dc in ((0, 1), (1, 0)):
                    rr, cc = r + dr, c + dc
                    if rr < len(board) and cc < len(row) and cell + board[rr][cc] in pairs:
                        raise InvalidPositionError(
                            f"{self!r}: {cell} on {cell_name(r, c)} and {board[rr][cc]} on "
                            f"{cell_name(rr, cc)} are neighbours, which {self!r} never allows"
                        )
        return board

    def parse_position(self, tokens: Sequence[str]) -> Position:
        """Read a graph (``L-.-.-.-L``) or a board (``..#|...``, one row a word, or
        ``RxC``).

        Examples
        --------
        >>> from grundy.partizan.games import Snort
        >>> Snort.parse_position(["x..", "..."])
        ('x..', '...')
        """
        return self.check_position(" ".join(tokens))

    def format_position(self, position: Position) -> str:
        """Write a graph in CGSuite's notation (``0x0``: no vertex), a board as rows
        joined by ``|``.

        Examples
        --------
        >>> from grundy.partizan.games import Snort
        >>> Snort.format_position(("#L.", ((1, 2),))), Snort.format_position(("x.", ".o"))
        ('L-', 'x.|.o')
        >>> Snort.format_position(("#", ())), Snort.check_position("0x0")
        ('0x0', ('', ()))
        """
        position = self.check_position(position)
        if _is_graph(position):
            return write_vertex_graph(position) or _NO_VERTEX
        return "1x1" if position == (UNLABELLED,) else board_text(position)  # "." is a graph

    def picture(self, position: Position) -> Picture:
        """Draw a board, columns lettered and rows numbered: squares Left tinted (``x``)
        blue, Right tinted (``o``) red, taken ones (``#``) dark; a graph as its text.

        Examples
        --------
        >>> from grundy.partizan.games import Snort
        >>> Snort.picture("x..|..o").svg.count("<rect"), Snort.picture("L-.-R").svg is None
        (7, True)
        """
        position = self.check_position(position)
        if _is_graph(position):
            return super().picture(position)
        title = self.picture_title(position)
        return grid_picture(position, SQUARES, title=title, text=self.draw(position))

    def draw(self, position: Position) -> str:
        """Draw a board with its columns lettered and rows numbered; a graph as its
        vertices, numbered from 1 (moves name them), each with its label and neighbours.

        Examples
        --------
        >>> from grundy.partizan.games import Snort
        >>> print(Snort.draw("L-.-R"))
        1 L: 2
        2 .: 1 3
        3 R: 2
        (. either player may colour, L only Left, R only Right)
        """
        position = self.check_position(position)
        if not _is_graph(position):
            return draw_board(position)
        labels, _ = position
        around = neighbours(position)
        width = len(str(len(labels)))
        lines = [
            f"{v + 1:>{width}} {label}: " + " ".join(str(w + 1) for w in around[v])
            for v, label in enumerate(labels)
            if label != GONE
        ]
        owner = ("Left", "Right") if self.rule == "snort" else ("Right", "Left")
        lines.append(f"(. either player may colour, L only {owner[0]}, R only {owner[1]})")
        return "\n".join(line.rstrip() for line in lines)

    def _where(self, position: Position, at: Any) -> str:
        return f"{at + 1}" if _is_graph(position) else cell_name(*at)

    def describe_move(self, before: Any, after: Any) -> str:
        """Name the player and the vertex (from 1) or cell coloured: ``Left colours 2``.

        When Left's and Right's moves both leave `after`, Left's is named (see
        :meth:`describe_move_by`).

        Raises
        ------
        InvalidPositionError
            `after` does not follow `before` by one move.

        Examples
        --------
        >>> from grundy.partizan.games import Snort
        >>> Snort.describe_move("x..", "x.x"), Snort.describe_move("L-.", ("#L", ()))
        ('Left colours c1', 'Left colours 1')
        """
        return self._described(("Left", "Right"), before, after)

    def describe_move_by(self, player: Player, before: Any, after: Any) -> str:
        """Name `player`'s move from `before` to `after` (as :meth:`describe_move`).

        Examples
        --------
        >>> from grundy.partizan.games import Snort
        >>> Snort.describe_move_by("Right", ".", ("", ()))  # a lone vertex: either's move
        'Right colours 1'
        """
        return self._described((player,), before, after)

    def _described(self, players: tuple[Player, ...], before: Any, after: Any) -> str:
        before, given = self.check_position(before), self.check_position(after)
        moves = [(p, at, o) for p in players for at, o in self._moves(before, p)]
        found = [(p, at) for p, at, o in moves if o == given]
        if not found:
            raise InvalidPositionError(
                f"{self!r}: {self.format_position(given)!r} does not follow "
                f"{self.format_position(before)!r} by one move"
            )
        player, at = found[0]
        return f"{player} colours {self._where(before, at)}"

    def parse_move(self, position: Any, text: str) -> Position | None:
        """Read a move as the vertex's number (as drawn, from 1) or the cell's name
        (``b2``), after ``Left`` or ``Right`` when both players may colour it.

        Returns None for text that names no vertex or cell (a whole position, say).

        Raises
        ------
        InvalidPositionError
            No such vertex or cell, or one the player may not colour.

        Examples
        --------
        >>> from grundy.partizan.games import Col, Snort
        >>> Snort.parse_move(("x..",), "left c1"), Col.parse_move(("x..",), "b1")
        (('x.x',), ('xo.',))
        """
        found = _MOVE.match(text.strip().lower())
        if found is None:
            return None
        position = self.check_position(position)
        said, letter, digits = found.groups()
        if _is_graph(position) != (not letter):
            return None  # a cell on a graph, a number on a board: not this notation
        if letter:
            at: Any = read_cell(letter + digits, position, repr(self))
        else:
            at = int(digits) - 1
            if not 0 <= at < len(position[0]) or position[0][at] == GONE:
                raise InvalidPositionError(f"{self!r}: there is no vertex {digits}")
        where = self._where(position, at)
        moves = {
            player: option
            for player in ("Left", "Right")
            for spot, option in self._moves(position, player)  # type: ignore[arg-type]
            if spot == at
        }
        if said is not None:
            player = said.title()
            if player not in moves:
                raise InvalidPositionError(f"{self!r}: {player} may not colour {where}")
            return moves[player]
        if len(moves) == 2:
            raise InvalidPositionError(
                f"{self!r}: both players may colour {where}; say who: Left {where} or Right {where}"
            )
        if not moves:
            raise InvalidPositionError(f"{self!r}: nobody may colour {where}")
        return next(iter(moves.values()))

    def move_notation(self) -> str:
        """How a person names a move (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import Snort
        >>> Snort.move_notation()
        'a vertex as drawn (3) or a cell (b2), after Left or Right when both may colour it'
        """
        return "a vertex as drawn (3) or a cell (b2), after Left or Right when both may colour it"


def _around(board: Board, r: int, c: int) -> str:
    """The cells orthogonally next to (r, c)."""
    return "".join(
        board[r + dr][c + dc]
        for dr, dc in ORTHOGONAL
        if 0 <= r + dr < len(board) and 0 <= c + dc < len(board[0])
    )


def _board_graph(board: Board) -> VertexGraph:
    """The graph of a board: its uncoloured cells (row by row), tinted by their coloured
    neighbours, those next to both colours gone; edges between orthogonal neighbours."""
    width = len(board[0])
    labels = []
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if cell != UNLABELLED:
                labels.append(GONE)
                continue
            near = _around(board, r, c)
            left, right = "x" in near, "o" in near
            labels.append(GONE if left and right else _LEFT if left else _RIGHT if right else ".")
    edges = []
    for v, label in enumerate(labels):
        if label == GONE:
            continue
        if (v + 1) % width and v + 1 < len(labels) and labels[v + 1] != GONE:
            edges.append((v, v + 1))
        if v + width < len(labels) and labels[v + width] != GONE:
            edges.append((v, v + width))
    return "".join(labels), tuple(edges)


def _canonical(graph: VertexGraph) -> VertexGraph:
    """The graph in its canonical numbering (see :mod:`grundy.core.graph_canon`)."""
    labels, edges = graph
    found = canonical_labelling(edges, labels)
    return "".join(found.labels), tuple((u, v) for u, v, _ in found.edges)


Snort = GenCol(rule="snort", name="snort")
"""Snort: colour a vertex, never next to the other player's colour."""

Col = GenCol(rule="col", name="col")
"""Col: colour a vertex, never next to your own colour."""
