"""The simplest form of a stopper: :func:`simplest_form`.

No dominated option, no reversible option, no two followers equal (Siegel,
*Combinatorial Game Theory*, VI.3: a stopper has exactly one such form, up to the
naming of its vertices).

One search compares every pair of vertices (:func:`~grundy.partizan.loopy.survival.compare_all`).
Removing a dominated option and bypassing a reversible one (G^L with G^LR <= G replaced
by the Left options of G^LR) keep the value of every vertex, so the one table serves the
whole simplification; then equal vertices are fused into one.
"""

from __future__ import annotations

import math

from ...core.errors import InvalidGameError
from ..canonical import CanonicalGame, game
from .errors import NotStopperError
from .graph import LoopyGame, canonical_ids, strong_components, vertex_id
from .survival import DEFAULT_MAX_STATES, Comparison, compare_all

__all__ = ["simplest_form", "simplify_all", "simplify_by_parts", "quotient", "PARTS_FROM"]

#: Stoppers with this many vertices or more are simplified one strongly connected part
#: at a time (the parts of a game's graph are often small, all pairs of vertices many).
PARTS_FROM = 150


def quotient(g: LoopyGame, max_states: int | None = None) -> LoopyGame:
    """`g` with the vertices that unfold into the same tree merged (packed).

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyGame
    >>> from grundy.partizan.loopy.simplify import quotient
    >>> quotient(LoopyGame(((1,), (0,)), ((), ())))     # a two-cycle of Left passes: on
    LoopyGame(left=((0,),), right=((),))
    """
    g = g.pack(0)
    # a part of more than this many different games cannot have its pairs compared
    most = None if max_states is None else math.isqrt(max_states // 2) + 1
    ids = canonical_ids(g, most)
    first: dict[int, int] = {}
    for v in range(g.size):
        first.setdefault(ids[v], v)
    merged = LoopyGame(
        tuple(tuple(sorted({first[ids[w]] for w in row})) for row in g.left),
        tuple(tuple(sorted({first[ids[w]] for w in row})) for row in g.right),
    )
    return merged.pack(0)


def simplest_form(g: LoopyGame, max_states: int = DEFAULT_MAX_STATES) -> LoopyGame:
    """The simplest form of the stopper `g`, packed (vertex 0 the game).

    Raises
    ------
    NotStopperError
        `g` has an infinite alternating line of play.

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyGame
    >>> from grundy.partizan.loopy.simplify import simplest_form
    >>> g = LoopyGame(((1, 0), (), ()), ((2,), (), ()))        # {0, pass | 0}
    >>> simplest_form(g)                                         # ^[on]* = {0, pass | 0}
    LoopyGame(left=((0, 1), ()), right=((1,), ()))
    >>> simplest_form(LoopyGame(((1,), ()), ((1,), ())))        # {0 | 0} = *
    LoopyGame(left=((1,), ()), right=((1,), ()))
    """
    if g.is_cycle_free():  # a short game: its canonical form is its simplest form
        return LoopyGame.from_short(g.to_short())
    if not g.is_stopper():
        raise NotStopperError(f"{_describe(g)} is not a stopper: play can alternate forever")
    g = quotient(g, max_states)
    simplify = simplify_all if g.size < PARTS_FROM else simplify_by_parts
    simplified, where = simplify(g, max_states)
    return simplified.pack(where[0])


def simplify_all(
    g: LoopyGame, max_states: int = DEFAULT_MAX_STATES, table: Comparison | None = None
) -> tuple[LoopyGame, list[int]]:
    """Every vertex of `g` (a graph whose every vertex is a stopper) in its simplest form,
    equal vertices fused: the new graph, and where each old vertex went.

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyGame
    >>> from grundy.partizan.loopy.simplify import simplify_all
    >>> g = LoopyGame(((), (), (0,)), ((), (), (1,)))           # 0, 0 again, {0 | 0}
    >>> simplify_all(g)[1]
    [0, 0, 2]
    """
    if table is None:
        table = compare_all(g, g, "stopper", max_states)
    left = [set(row) for row in g.left]
    right = [set(row) for row in g.right]
    edges = sum(len(r) for r in g.left) + sum(len(r) for r in g.right)
    # bypassing ends for stoppers; for a guess at a side (a table of sides) it need not
    budget = [8 * (g.size + edges) ** 2 if table is None else 4 * (g.size + edges)]
    changed = True
    while changed:
        changed = False
        for v in range(g.size):
            for mine, theirs, is_left in ((left, right, True), (right, left, False)):
                kept = _simplify_side(v, mine, theirs, table, is_left, budget)
                if kept != mine[v]:
                    mine[v] = kept
                    changed = True
    # fuse equal vertices into the first of them
    representative: list[int] = []
    firsts: list[int] = []
    for v in range(g.size):
        same = next((u for u in firsts if table.eq(u, v)), None)
        if same is None:
            firsts.append(v)
            same = v
        representative.append(same)
    fused = LoopyGame(
        tuple(tuple(sorted({representative[w] for w in row})) for row in left),
        tuple(tuple(sorted({representative[w] for w in row})) for row in right),
    )
    return fused, representative


def simplify_by_parts(
    g: LoopyGame, max_states: int = DEFAULT_MAX_STATES
) -> tuple[LoopyGame, list[int]]:
    """:func:`simplify_all`, one strongly connected part of the graph at a time, options'
    parts first: a part is simplified with the simplest forms of its exits (an equal
    stopper put in place of an option on no cycle through the game keeps its value), so
    the search compares the pairs of one part and what it leads to, not all pairs. A
    vertex that leads to no cycle is a short game, put in by its canonical form, found
    from its options' (so a chain of 10^5 of them costs 10^5 steps, not 10^5 searches).

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyGame
    >>> from grundy.partizan.loopy.simplify import simplify_by_parts, simplest_form
    >>> g = LoopyGame(((1, 0), (2,), ()), ((1,), (2,), ()))     # {*, pass | *}
    >>> graph, where = simplify_by_parts(g)
    >>> graph.pack(where[0]) == simplest_form(g)
    True
    """
    n = g.size
    successors = [sorted(set(g.left[v]) | set(g.right[v])) for v in range(n)]
    # the union of the simplest forms found so far, each canonical number once
    left: list[tuple[int, ...]] = []
    right: list[tuple[int, ...]] = []
    place: dict[int, int] = {}
    id_of: list[int] = []  # the canonical number of each vertex of the union
    where = [-1] * n
    # a vertex that leads to no cycle is a short game: its canonical form is its
    # simplest form, found from its options' (linear work on a long chain of them)
    short: dict[int, CanonicalGame] = {}
    of_game: dict[CanonicalGame, int] = {}

    def place_short(value: CanonicalGame) -> int:
        """The union's vertex of a short game, its canonical followers added as needed."""
        stack = [value]
        while stack:
            x = stack[-1]
            missing = [o for o in (*x.left, *x.right) if o not in of_game]
            if x in of_game or missing:
                stack.pop() if x in of_game else stack.extend(missing)
                continue
            stack.pop()
            key = vertex_id(
                [id_of[of_game[o]] for o in x.left], [id_of[of_game[o]] for o in x.right]
            )
            if key not in place:
                place[key] = len(left)
                left.append(tuple(sorted({of_game[o] for o in x.left})))
                right.append(tuple(sorted({of_game[o] for o in x.right})))
                id_of.append(key)
            of_game[x] = place[key]
        return of_game[value]

    def exits_of(part: list[int]) -> set[int]:
        return {w for v in part for w in successors[v]}

    for part in strong_components(successors):  # options' parts first
        v = part[0]
        if len(part) == 1 and v not in successors[v] and all(w in short for w in successors[v]):
            try:  # (comparing short games recurses a day of their birth at a time)
                short[v] = game([short[w] for w in g.left[v]], [short[w] for w in g.right[v]])
                where[v] = place_short(short[v])
                continue
            except RecursionError:
                short.pop(v, None)  # born too late to compare: searched as a graph below
        inside = {v: i for i, v in enumerate(part)}
        # the union's vertices this part leads to, numbered after the part's own
        exits = sorted({where[w] for v in part for w in successors[v] if w not in inside})
        below = _reachable(left, right, exits)
        number = {u: len(part) + i for i, u in enumerate(below)}
        local = {w: inside[w] if w in inside else number[where[w]] for w in exits_of(part)}
        rows_left = [tuple(local[w] for w in g.left[v]) for v in part]
        rows_right = [tuple(local[w] for w in g.right[v]) for v in part]
        rows_left += [tuple(number[x] for x in left[u]) for u in below]
        rows_right += [tuple(number[x] for x in right[u]) for u in below]
        simplified, moved = simplify_all(LoopyGame(tuple(rows_left), tuple(rows_right)), max_states)
        for v in part:
            found = simplified.pack(moved[inside[v]])
            ids = canonical_ids(found)
            for u in range(found.size):  # into the union, by canonical number, once
                if ids[u] not in place:
                    place[ids[u]] = len(left)
                    left.append(())
                    right.append(())
                    id_of.append(ids[u])
            for u in range(found.size):
                at = place[ids[u]]
                left[at] = tuple(sorted({place[ids[x]] for x in found.left[u]}))
                right[at] = tuple(sorted({place[ids[x]] for x in found.right[u]}))
            where[v] = place[ids[0]]
    return LoopyGame(tuple(left), tuple(right)), where


def _reachable(
    left: list[tuple[int, ...]], right: list[tuple[int, ...]], starts: list[int]
) -> list[int]:
    """The vertices reachable from `starts` (they first), breadth first (as
    :meth:`LoopyGame.reachable_from`, without making a graph of the whole union)."""
    seen = set(starts)
    order = list(starts)
    for v in order:  # the list grows as vertices are met
        for w in (*left[v], *right[v]):
            if w not in seen:
                seen.add(w)
                order.append(w)
    return order


def _simplify_side(
    v: int,
    mine: list[set[int]],
    theirs: list[set[int]],
    table: Comparison,
    is_left: bool,
    budget: list[int],
) -> set[int]:
    """v's options on one side with the reversible ones bypassed and the dominated ones
    removed, until neither is left."""
    options = set(mine[v])
    while True:
        reversed_ = False
        for o in sorted(options):
            # Left's G^L reverses through G^LR <= G (Right's G^R through G^RL >= G):
            # replace it by the options of G^LR on Left's side
            through = next(
                (r for r in sorted(theirs[o]) if (table.le(r, v) if is_left else table.le(v, r))),
                None,
            )
            if through is not None:
                budget[0] -= 1
                if budget[0] < 0:
                    raise InvalidGameError(
                        "bypassing reversible options did not end (not a stopper?)"
                    )
                options.discard(o)
                options |= mine[through]
                reversed_ = True
                break
        if reversed_:
            continue
        kept = set()
        for o in options:
            # o is dominated by a better option (for equal ones, the first stays)
            if not any(
                p != o
                and (table.le(o, p) if is_left else table.le(p, o))
                and not (table.eq(o, p) and o < p)
                for p in options
            ):
                kept.add(o)
        return kept


def _rows(sides: list[set[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(s)) for s in sides)


def _describe(g: LoopyGame) -> str:
    return f"a {g.size}-vertex game" if g.size != 1 else "a 1-vertex game"
