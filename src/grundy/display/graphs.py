"""Grounded graphs drawn as SVG: Hackenbush's coloured edges standing on the ground.

The vertices are laid out as a tree grown up from the ground (breadth first, so a
vertex stands as high as its distance from the ground), each leaf in a column of its
own and each inner vertex above the middle of its children; edges outside that tree,
parallel edges (curved apart) and loops are drawn where their ends are. Edges that no
longer reach the ground have fallen and are not drawn.

Examples
--------
>>> from grundy.display.graphs import grounded_graph_picture, HACKENBUSH_COLOURS
>>> edges = [(0, 1, "l"), (1, 2, "r"), (1, 3, "e")]
>>> picture = grounded_graph_picture(edges, HACKENBUSH_COLOURS, title="hackenbush l(r;e)",
...                               text="l(r;e)")
>>> picture.svg.count("<path"), "red edge 1-2" in picture.svg
(3, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ..core.errors import PictureLimitError
from .boards import GREEN, INK, LEFT, RIGHT
from .picture import Picture
from .svg import MAX_SHAPES, Svg

__all__ = ["grounded_graph_picture", "HACKENBUSH_COLOURS"]

#: Edge colours of Hackenbush: CGSuite's letters -> (stroke, the colour's name).
HACKENBUSH_COLOURS: Mapping[str, tuple[str, str]] = {
    "l": (LEFT, "blue"),
    "r": (RIGHT, "red"),
    "e": (GREEN, "green"),
}

_SLOT = 40.0  # the width of one leaf's column
_LEVEL = 44.0  # the height of one step from the ground
_GROUND = "#8a6a3b"


def _layout(
    edges: Sequence[tuple[int, int, str]], ground: int
) -> tuple[dict[int, int], dict[int, float], int]:
    """Each vertex reached from the ground: its depth and its x (in columns); and the
    number of columns."""
    around: dict[int, set[int]] = {}
    for u, v, _ in edges:
        around.setdefault(u, set()).add(v)
        around.setdefault(v, set()).add(u)
    depth = {ground: 0}
    children: dict[int, list[int]] = {ground: []}
    frontier = [ground]
    while frontier:  # breadth first: the tree's edges join consecutive depths
        following = []
        for v in frontier:
            for w in sorted(around.get(v, ())):
                if w not in depth:
                    depth[w] = depth[v] + 1
                    children[w] = []
                    children[v].append(w)
                    following.append(w)
        frontier = following
    x: dict[int, float] = {}
    slot = 0
    stack: list[tuple[int, bool]] = [(ground, False)]
    while stack:  # depth first, children before their parent (an explicit stack)
        v, done = stack.pop()
        if done or not children[v]:
            if children[v]:
                kids = children[v]
                x[v] = (x[kids[0]] + x[kids[-1]]) / 2
            else:
                x[v] = float(slot)
                slot += 1
            continue
        stack.append((v, True))
        stack.extend((w, False) for w in reversed(children[v]))
    return depth, x, slot


def grounded_graph_picture(
    edges: Sequence[tuple[int, int, str]],
    colours: Mapping[str, tuple[str, str]],
    *,
    title: str,
    text: str,
    ground: int = 0,
    what: str = "the graph",
    max_shapes: int = MAX_SHAPES,
) -> Picture:
    """Draw a graph of coloured edges ``(u, v, colour)`` standing on the ground vertex.

    Parameters
    ----------
    edges : sequence of (int, int, str)
        The edges; loops and parallel edges allowed.
    colours : mapping
        An edge's colour letter -> (SVG colour, its name in words).
    title, text : str
        The picture's words and its text form.
    ground : int
        The ground vertex, drawn as the ground line.
    what, max_shapes :
        The thing drawn (for a refusal) and the most SVG elements.

    Returns
    -------
    Picture

    Raises
    ------
    PictureLimitError
        More edges than `max_shapes` allows (refused before any layout).

    Examples
    --------
    >>> from grundy.display.graphs import grounded_graph_picture, HACKENBUSH_COLOURS
    >>> two = grounded_graph_picture([(0, 1, "e"), (0, 1, "e")], HACKENBUSH_COLOURS,
    ...                           title="two green edges", text=":Aee:A")
    >>> two.svg.count(" Q ")      # parallel edges are curved apart
    2
    """
    if 3 * len(edges) > max_shapes:  # each edge is a group, its tooltip and its path
        raise PictureLimitError(
            f"{what}: its picture needs more than {max_shapes:,} shapes ({len(edges):,} "
            "edges); draw a smaller position"
        )
    depth, x, columns = _layout(edges, ground)
    standing = [e for e in edges if e[0] in depth and e[1] in depth]
    width = max(columns, 1) * _SLOT + 24.0
    tallest = max(depth.values(), default=0)
    ground_y = 16.0 + (tallest + 0.6) * _LEVEL
    height = ground_y + 14.0
    drawing = Svg(width, height, title=title, what=what, max_shapes=max_shapes)

    def point(v: int, other: int) -> tuple[float, float]:
        if v == ground:  # the ground is a line: an edge meets it below its other end
            return 12.0 + (x.get(other, 0.0) + 0.5) * _SLOT, ground_y
        return 12.0 + (x[v] + 0.5) * _SLOT, ground_y - depth[v] * _LEVEL

    drawing.element(
        "line",
        x1=4,
        y1=ground_y,
        x2=width - 4,
        y2=ground_y,
        stroke=_GROUND,
        stroke_width=4,
        stroke_linecap="round",
    )
    parallel = Counter((min(u, v), max(u, v)) for u, v, _ in standing)
    seen: Counter[tuple[int, int]] = Counter()
    for u, v, colour in standing:
        stroke, name = colours.get(colour, (INK, colour))
        key = (min(u, v), max(u, v))
        k = seen[key]
        seen[key] += 1
        (x1, y1), (x2, y2) = point(u, v), point(v, u)
        if u == v:  # a loop: a drop above its vertex
            path = (
                f"M {x1:.2f} {y1:.2f} C {x1 - 16 - 6 * k:.2f} {y1 - 30 - 8 * k:.2f} "
                f"{x1 + 16 + 6 * k:.2f} {y1 - 30 - 8 * k:.2f} {x1:.2f} {y1:.2f}"
            )
        else:  # n edges between the same two vertices fan out, the k-th bent k - (n-1)/2 steps
            bend = (k - (parallel[key] - 1) / 2) * 18.0
            dx, dy = x2 - x1, y2 - y1
            length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
            cx, cy = (x1 + x2) / 2 - dy / length * bend, (y1 + y2) / 2 + dx / length * bend
            path = f"M {x1:.2f} {y1:.2f} Q {cx:.2f} {cy:.2f} {x2:.2f} {y2:.2f}"
        drawing.begin("g")
        drawing.element("title", f"{name} edge {u}-{v}")
        drawing.element(
            "path", d=path, fill="none", stroke=stroke, stroke_width=5, stroke_linecap="round"
        )
        drawing.end()
    for v in depth:
        if v != ground:
            cx, cy = point(v, v)
            drawing.element("circle", cx=cx, cy=cy, r=4, fill="white", stroke=INK, stroke_width=1.5)
    return Picture(
        text=text,
        svg=drawing.finish(),
        width=width,
        height=height,
        title=title,
        shapes=drawing.shapes,
    )
