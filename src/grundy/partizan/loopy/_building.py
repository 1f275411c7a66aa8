"""The game graph of a syntax tree of CGSuite's loopy notation: :class:`Builder`.

The reader, :mod:`~grundy.partizan.loopy.reading`, makes the tree.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from ...core.errors import InvalidGameError, PositionLimitError
from ...core.integers import shown
from ..canonical import CanonicalGame, nimber, number, up
from ..notation import up_nth, up_sum
from .graph import LoopyGame
from .simplify import simplest_form

__all__ = ["Node", "Builder", "BUILTINS", "option_game"]


def _builtin_graphs() -> dict[str, LoopyGame]:
    on = LoopyGame(((0,),), ((),))
    over = LoopyGame(((1,), ()), ((0,), ()))
    upon = LoopyGame(((0,), (2,), ()), ((1,), (2,), ()))  # {pass | *}, * = {0 | 0}
    return {
        "on": on,
        "off": -on,
        "over": over,
        "under": -over,
        "upon": upon,
        "dud": LoopyGame(((0,),), ((0,),)),
    }


#: The loopy games CGSuite names: on, off, over, under, upon, dud.
BUILTINS = _builtin_graphs()


@dataclass
class Node:
    # number, star, up, upsum, upnth, loopy, name, pass, braces, sum, neg, switch, tiny, miny
    kind: str
    value: object = None
    parts: list[Node] = field(default_factory=list)
    right: list[Node] = field(default_factory=list)
    at: int = 0


class Builder:
    """Vertices with edges, built as the tree is read: braces open a vertex, a whole game
    (a sum, a named game) is copied in."""

    def __init__(
        self,
        fail: Callable[[str], InvalidGameError],
        original: str,
        max_vertices: int,
        variables: dict[str, LoopyGame],
        labels: Collection[str] = (),
    ) -> None:
        self.fail, self.original, self.max_vertices = fail, original, max_vertices
        self.variables = variables
        self.labels = labels  # every label of the text, to say so when one is out of scope
        self.left: list[list[int]] = []
        self.right: list[list[int]] = []
        self.open: set[int] = set()

    def too_big(self) -> PositionLimitError:
        limit = self.max_vertices
        return PositionLimitError(f"{shown(self.original)} has more than {limit:,} positions")

    def new(self) -> int:
        if len(self.left) >= self.max_vertices:
            raise self.too_big()
        self.left.append([])
        self.right.append([])
        return len(self.left) - 1

    def embed(self, g: LoopyGame) -> int:
        if len(self.left) + g.size > self.max_vertices:
            raise self.too_big()
        base = len(self.left)
        self.left.extend([w + base for w in row] for row in g.left)
        self.right.extend([w + base for w in row] for row in g.right)
        return base

    def short(self, g: CanonicalGame) -> int:
        return self.embed(LoopyGame.from_short(g, self.max_vertices))

    def game(self, node: Node) -> LoopyGame:
        return self.whole(self.vertex(node, {}), node)

    def whole(self, v: int, node: Node) -> LoopyGame:
        """The complete game at vertex v: refused if it reaches a loop still being written."""
        order = [v]
        number_of = {v: 0}
        i = 0
        while i < len(order):
            w = order[i]
            i += 1
            if w in self.open:
                what = f"the label {node.value!r}" if node.kind == "name" else "pass"
                if node.kind not in ("name", "pass"):
                    what = "a label or pass inside it"
                raise self.fail(
                    f"{what} stands for a game still being written; it may only be an option"
                )
            for x in (*self.left[w], *self.right[w]):
                if x not in number_of:
                    number_of[x] = len(order)
                    order.append(x)
        return LoopyGame(
            tuple(tuple(sorted({number_of[x] for x in self.left[w]})) for w in order),
            tuple(tuple(sorted({number_of[x] for x in self.right[w]})) for w in order),
        )

    def vertex(self, node: Node, scope: dict[str, int]) -> int:
        kind = node.kind
        if kind == "number":
            return self.short(number(node.value))  # type: ignore[arg-type]
        if kind == "star":
            return self.short(nimber(node.value))  # type: ignore[arg-type]
        if kind == "up":
            return self.short(up(node.value))  # type: ignore[arg-type]
        if kind == "upsum":
            return self.short(up_sum(node.value))  # type: ignore[arg-type]
        if kind == "upnth":
            return self.short(up_nth(node.value))  # type: ignore[arg-type]
        if kind == "loopy":
            upon = BUILTINS["upon"]
            if node.value == "upon":
                return self.embed(upon)
            star = LoopyGame.from_short(nimber(1))
            down_star = -(upon + star)  # ^<on> = {0 | v[on]*}
            return self.embed(option_game([LoopyGame.from_short(number(0))], [down_star]))
        if kind == "pass":
            if "pass" not in scope:
                raise self.fail(f"'pass' at {node.at} is outside any braces")
            return scope["pass"]
        if kind == "name":
            name = str(node.value)
            if name in scope:
                return scope[name]
            if name in self.variables:
                return self.embed(self.variables[name])
            if name in BUILTINS:
                return self.embed(BUILTINS[name])
            if name in self.labels:
                raise self.fail(
                    f"the label {name!r} at {node.at} is used outside the braces it labels"
                )
            raise self.fail(f"unknown name {name!r} at {node.at}")
        if kind == "braces":
            v = self.new()
            self.open.add(v)
            inner = dict(scope)
            inner["pass"] = v
            if node.value is not None:
                label = str(node.value)
                if label in scope or label in self.variables:
                    raise self.fail(f"the label {label!r} at {node.at} is bound twice")
                inner[label] = v
            for options, row in ((node.parts, self.left), (node.right, self.right)):
                for option in options:
                    row[v].append(self.vertex(option, inner))
            self.open.discard(v)
            return v
        parts = [self.whole(self.vertex(p, scope), p) for p in node.parts]
        if kind == "sum":
            return self.embed(self.total(parts))
        if kind == "neg":
            return self.embed(-parts[0])
        if kind == "switch":
            return self.embed(option_game(parts, [-g for g in parts]))
        zero = LoopyGame.from_short(number(0))
        if kind == "tiny":  # {0 || 0 | -G}
            return self.embed(option_game([zero], [option_game([zero], [-parts[0]])]))
        if kind == "miny":  # {G | 0 || 0}
            return self.embed(option_game([option_game([parts[0]], [zero])], [zero]))
        raise self.fail(f"cannot read {kind!r}")  # pragma: no cover

    def total(self, parts: list[LoopyGame]) -> LoopyGame:
        """The sum of whole games: the short ones added as canonical forms, the stoppers in
        their simplest forms, so that a sum of many terms stays small."""
        short = number(0)
        loopy: list[LoopyGame] = []
        for g in parts:
            if g.is_cycle_free():
                short = short + g.to_short()
            elif g.is_stopper() and g.size <= 300:
                loopy.append(simplest_form(g))
            else:
                loopy.append(g)
        total = LoopyGame.from_short(short, self.max_vertices)
        for g in loopy:
            total = total.add(g, self.max_vertices)
        return total


def option_game(left: list[LoopyGame], right: list[LoopyGame]) -> LoopyGame:
    """{left | right} for whole games given as graphs."""
    rows_left: list[tuple[int, ...]] = [()]
    rows_right: list[tuple[int, ...]] = [()]
    roots: tuple[list[int], list[int]] = ([], [])
    for side, games in ((0, left), (1, right)):
        for g in games:
            base = len(rows_left)
            roots[side].append(base)
            rows_left.extend(tuple(w + base for w in row) for row in g.left)
            rows_right.extend(tuple(w + base for w in row) for row in g.right)
    rows_left[0], rows_right[0] = tuple(roots[0]), tuple(roots[1])
    return LoopyGame(tuple(rows_left), tuple(rows_right)).pack(0)
