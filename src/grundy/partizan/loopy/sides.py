"""The onside and offside of a loopy game, stoppers in simplest form: :func:`onside_graph`.

:func:`offside_graph` is the onside of the negative, negated.

Every game G is its two sides, G = G⁺ & G⁻ (Conway, Bach and Norton; Siegel, *Combinatorial
Game Theory*, VI.4): the onside G⁺ is the largest stopper S such that Left, moving
second in G - S, survives (every infinite play is hers), and the offside G⁻ the least
stopper T such that Left, moving second in T - G, survives: G⁺ >= X exactly when Left
survives G - X, and G⁻ <= X exactly when she survives X - G, for every stopper X. A
stopper is both its sides; a sum of stoppers has the upsum S +⁺ T = (S + T)⁺ for onside
and the downsum (S + T)⁻ for offside.

How the onside is found (CGSuite's LoopyGame.simplifyGraph, in part):

1. the vertices from which no alternating play goes on forever are stoppers: they are
   put in simplest form and equal ones fused;
2. one search compares the onsides of all pairs of vertices; with that order, dominated
   options are removed and reversible ones bypassed, as for stoppers, but only where
   CGSuite's conditions keep every vertex's onside (a dominating Right option, or the
   option a move reverses through, must not lead back by alternating play);
3. edges of the alternating cycles left are removed while the onside of the game stays
   (removing only Right edges can only raise it: Left answers each of Right's moves in
   cut - g by the same move in the other part; so one
   :func:`~grundy.partizan.loopy.survival.le` test in the onside rule tells), all of
   Right's at once first, then halves of what cannot go together, then Left's; when no
   edge can go, one of Right's moves round a cycle is unrolled, so that Right may make
   it only 1, 2 or 3 times round (CGSuite's unravelling, kept when the onside stays),
   and the removals go on;
4. the stopper S obtained is checked against the game itself: S <= G⁺ and G⁺ <= S.
   Should the check fail, step 3 is done again from step 1's graph, each removal
   tested, which keeps the onside by construction.

When no removal breaks the last alternating cycle the side is refused
(:class:`~grundy.partizan.loopy.errors.NotStopperSidedError`): Bach's carousel is such a
game.
"""

from __future__ import annotations

from .errors import NotStopperSidedError
from .graph import LoopyGame, strong_components
from .simplify import PARTS_FROM, quotient, simplest_form, simplify_all, simplify_by_parts
from .survival import DEFAULT_MAX_STATES, Comparison, compare_all, le

__all__ = ["onside_graph", "offside_graph", "stopper_vertices"]


def onside_graph(g: LoopyGame, max_states: int = DEFAULT_MAX_STATES) -> LoopyGame:
    """The onside of `g` (Left wins infinite plays), in simplest form.

    Raises
    ------
    NotStopperSidedError
        No stopper was found equal to the onside (a carousel).

    Examples
    --------
    >>> from grundy.partizan.loopy import loopy_game
    >>> from grundy.partizan.loopy.sides import onside_graph
    >>> onside_graph(loopy_game("dud"))                 # dud⁺ = on
    LoopyGame(left=((0,),), right=((),))
    >>> onside_graph(loopy_game("over - over")) == loopy_game("over")
    True
    """
    if g.is_stopper():
        return simplest_form(g, max_states)
    start = _compress(quotient(g, max_states), max_states)
    simplified = start
    if 2 * start.size**2 <= max_states:
        table = compare_all(start, start, "onside", max_states)
        simplified = _compress(_basic(start, table), max_states)
    found = _cut_to_stopper(simplified, max_states)
    if found is not None and _same_onside(found, g, max_states):
        return found
    if simplified is not start:  # the checked way, from the stoppers' simplification
        found = _cut_to_stopper(start, max_states)
        if found is not None:
            return found
    raise NotStopperSidedError(
        f"the onside of this {g.size}-vertex game is not found equal to a stopper "
        "(no edge of an alternating cycle can go): it may be a carousel"
    )


def _same_onside(s: LoopyGame, g: LoopyGame, max_states: int) -> bool:
    """S <= G⁺ and G⁺ <= S, for a stopper S."""
    return le(s, g, "onside", max_states) and le(g, s, "onside", max_states)


#: How many times one of Right's moves around an alternating cycle is unrolled (CGSuite).
UNROLLINGS = 3
#: The most unrollings tried for one side before it is given up.
MAX_UNRAVELS = 24


def _cut_to_stopper(g: LoopyGame, max_states: int) -> LoopyGame | None:
    """Step 3: remove edges of alternating cycles, each time keeping g's onside, until g
    is a stopper (its simplest form returned); when no edge can go, unravel one of
    Right's moves on a cycle (:func:`_unravel`) and go on. None if the cycles cannot all
    be broken."""
    unravels = 0
    while not g.is_stopper():
        cut = _removable_edges(g, max_states)
        if cut is None:
            unravels += 1
            cut = _unravelled(g, max_states) if unravels <= MAX_UNRAVELS else None
            if cut is None:
                return None
        g = _compress(cut, max_states)
    return simplest_form(g, max_states)


def _unravelled(g: LoopyGame, max_states: int) -> LoopyGame | None:
    """`g` with one of Right's moves on an alternating cycle unrolled 1, 2 or 3 times
    (the first that keeps the onside), or None."""
    for is_right, v, w in _alternating_edges(g):
        if not is_right:
            continue
        for n in range(1, UNROLLINGS + 1):
            unrolled = _unravel(g, v, w, n)
            # Right's move is gone after n rounds: the onside can only rise, so it stays
            # when it does not
            if le(unrolled, g, "onside", max_states):
                return unrolled
    return None


def _unravel(g: LoopyGame, v: int, w: int, n: int) -> LoopyGame:
    """`g` with Right's move v -> w (on an alternating cycle) allowed n times round the
    cycle (CGSuite's Pregraph.unravelBy): the vertices on alternating ways from w back
    to v are copied n times, a Left-to-move and a Right-to-move copy each, alternating
    play staying in its copy; the move leads from v into the first copy, from a copy's v
    into the next copy, and from the last copy's v nowhere."""
    left = [set(r) for r in g.left]
    right = [set(r) for r in g.right]
    on_cycle = [
        u
        for u in range(g.size)
        if any(
            _alternating_reachable(left, right, (u, m), (v, 1))
            and _alternating_reachable(left, right, (w, 0), (u, m))
            for m in (0, 1)
        )
    ]
    place = {u: i for i, u in enumerate(on_cycle)}
    c, size = len(on_cycle), g.size

    def copy(k: int, mover: int, u: int) -> int:
        return size + (2 * k + mover) * c + place[u]

    new_left = [tuple(r) for r in g.left] + [()] * (2 * n * c)
    new_right = [tuple(r) for r in g.right] + [()] * (2 * n * c)
    for k in range(n):
        for u in on_cycle:
            # alternating play stays in the copy; a second move in a row leaves it
            new_left[copy(k, 0, u)] = tuple(copy(k, 1, t) if t in place else t for t in g.left[u])
            new_right[copy(k, 0, u)] = g.right[u]
            new_left[copy(k, 1, u)] = g.left[u]
            new_right[copy(k, 1, u)] = tuple(copy(k, 0, t) if t in place else t for t in g.right[u])
    new_right[v] = tuple(copy(0, 0, w) if t == w else t for t in g.right[v])
    for k in range(n):
        at = copy(k, 1, v)
        if k + 1 < n:
            new_right[at] = tuple(
                copy(k + 1, 0, w) if t == copy(k, 0, w) else t for t in new_right[at]
            )
        else:
            new_right[at] = tuple(t for t in new_right[at] if t != copy(k, 0, w))
    return LoopyGame(tuple(new_left), tuple(new_right))


def offside_graph(g: LoopyGame, max_states: int = DEFAULT_MAX_STATES) -> LoopyGame:
    """The offside of `g` (Right wins infinite plays), in simplest form: -((-g)⁺).

    Examples
    --------
    >>> from grundy.partizan.loopy import loopy_game
    >>> from grundy.partizan.loopy.sides import offside_graph
    >>> offside_graph(loopy_game("dud"))                # dud⁻ = off
    LoopyGame(left=((),), right=((0,),))
    """
    try:
        return -onside_graph(-g, max_states)
    except NotStopperSidedError:
        raise NotStopperSidedError(
            f"the offside of this {g.size}-vertex game is not found equal to a stopper "
            "(no edge of an alternating cycle can go): it may be a carousel"
        ) from None


def stopper_vertices(g: LoopyGame) -> set[int]:
    """The vertices whose games are stoppers: no infinite alternating play from them or
    from any of their followers.

    Examples
    --------
    >>> from grundy.partizan.loopy import loopy_game
    >>> from grundy.partizan.loopy.sides import stopper_vertices
    >>> g = loopy_game("{1 | dud}")     # vertices: the game, 1, dud, 0
    >>> g
    LoopyGame(left=((1,), (3,), (2,), ()), right=((2,), (), (2,), ()))
    >>> sorted(stopper_vertices(g))
    [1, 3]
    """
    looping = g.looping_vertices()
    # a vertex is a stopper when it cannot reach a looping vertex
    back: list[list[int]] = [[] for _ in range(g.size)]
    for v in range(g.size):
        for w in (*g.left[v], *g.right[v]):
            back[w].append(v)
    bad = set(looping)
    stack = list(looping)
    while stack:
        w = stack.pop()
        for v in back[w]:
            if v not in bad:
                bad.add(v)
                stack.append(v)
    return {v for v in g.reachable() if v not in bad}


def _compress(g: LoopyGame, max_states: int) -> LoopyGame:
    """`g` with its stopper vertices in simplest form and equal ones fused (packed)."""
    g = g.pack(0)
    region = sorted(stopper_vertices(g))
    if not region:
        return g
    inside = {v: i for i, v in enumerate(region)}
    sub = LoopyGame(
        tuple(tuple(inside[w] for w in g.left[v]) for v in region),
        tuple(tuple(inside[w] for w in g.right[v]) for v in region),
    )
    simplify = simplify_all if sub.size < PARTS_FROM else simplify_by_parts
    simplified, where = simplify(sub, max_states)
    core = [v for v in range(g.size) if v not in inside]
    # new numbering: the core first (vertex 0 stays first), then the simplified region
    number = {v: i for i, v in enumerate(core)}
    base = len(core)

    def renamed(w: int) -> int:
        return number[w] if w in number else base + where[inside[w]]

    left = [tuple(sorted({renamed(w) for w in g.left[v]})) for v in core]
    right = [tuple(sorted({renamed(w) for w in g.right[v]})) for v in core]
    left += [tuple(base + w for w in row) for row in simplified.left]
    right += [tuple(base + w for w in row) for row in simplified.right]
    return LoopyGame(tuple(left), tuple(right)).pack(renamed(0))


def _basic(g: LoopyGame, table: Comparison) -> LoopyGame:
    """Step 2: g with dominated options removed and reversible options bypassed, under the
    onside order `table` of its vertices, where CGSuite's conditions
    (LoopyGame.bypassReversibleOptionsL/R, eliminateDominatedOptions) keep every vertex's
    onside: Left's option G^L reverses through G^LR <= G unless (G^LR, Left to move)
    leads back to (G^L, Right to move) by alternating play (Right's alike); a Right option
    is dominated by another unless that one leads back to (G, Right to move); Left's
    dominated options go freely (she wins infinite plays)."""
    left = [set(row) for row in g.left]
    right = [set(row) for row in g.right]
    budget = 4 * (g.size + sum(map(len, g.left)) + sum(map(len, g.right)))

    def back(frm: int, mover: int, to: int, to_mover: int) -> bool:
        return _alternating_reachable(left, right, (frm, mover), (to, to_mover))

    changed = True
    while changed and budget > 0:
        changed = False
        for v in range(g.size):
            for mine, theirs, is_left in ((left, right, True), (right, left, False)):
                bypassed = True
                while bypassed and budget > 0:
                    bypassed = False
                    for o in sorted(mine[v]):
                        for r in sorted(theirs[o]):
                            ok = table.le(r, v) if is_left else table.le(v, r)
                            if ok and not back(r, 0 if is_left else 1, o, 1 if is_left else 0):
                                mine[v].discard(o)
                                mine[v] |= mine[r]
                                bypassed = changed = True
                                budget -= 1
                                break
                        if bypassed:
                            break
            for o in sorted(left[v]):
                if any(
                    p != o and table.le(o, p) and not (table.le(p, o) and o < p) for p in left[v]
                ):
                    left[v].discard(o)
                    changed = True
            for o in sorted(right[v]):
                if any(
                    p != o
                    and table.le(p, o)
                    and not (table.le(o, p) and o < p)
                    and not back(p, 0, v, 1)
                    for p in right[v]
                ):
                    right[v].discard(o)
                    changed = True
    return LoopyGame(tuple(tuple(sorted(r)) for r in left), tuple(tuple(sorted(r)) for r in right))


def _alternating_reachable(
    left: list[set[int]], right: list[set[int]], frm: tuple[int, int], to: tuple[int, int]
) -> bool:
    """Whether alternating play leads from state `frm` to state `to` (states are
    (vertex, 0 for Left to move or 1 for Right))."""
    seen = {frm}
    stack = [frm]
    while stack:
        v, mover = stack.pop()
        if (v, mover) == to:
            return True
        for w in right[v] if mover else left[v]:
            state = (w, 1 - mover)
            if state not in seen:
                seen.add(state)
                stack.append(state)
    return False


def _alternating_edges(g: LoopyGame) -> list[tuple[bool, int, int]]:
    """(is a Right edge, from, to) for each edge on an alternating cycle: its two ends,
    (v, mover) and (w, other), lie in one strongly connected part of the graph of
    alternating play; Right's edges first."""

    n = g.size
    successors: list[list[int]] = [
        [] for _ in range(2 * n)
    ]  # node 2v: Left to move at v; 2v + 1: Right
    for v in range(n):
        successors[2 * v] = [2 * w + 1 for w in g.left[v]]
        successors[2 * v + 1] = [2 * w for w in g.right[v]]
    part = [0] * (2 * n)
    for i, component in enumerate(strong_components(successors)):
        for node in component:
            part[node] = i
    edges = []
    for is_right in (True, False):
        for v in range(n):
            for w in g.right[v] if is_right else g.left[v]:
                a, b = (2 * v + 1, 2 * w) if is_right else (2 * v, 2 * w + 1)
                if part[a] == part[b]:
                    edges.append((is_right, v, w))
    return edges


def _removable_edges(g: LoopyGame, max_states: int) -> LoopyGame | None:
    """`g` without edges of alternating cycles, its onside unchanged; None if none can go.

    Right's edges are tried first, all together, then halves of a batch that cannot all
    go, and so on (what goes stays gone, and the search goes on with the rest); then
    Left's. Removing only Right edges can only raise the onside (Left answers each of
    Right's moves in cut - g by the same move in the other component), so one
    :func:`~grundy.partizan.loopy.survival.le` test in the onside rule tells whether it
    stays; removing only Left edges the reverse."""
    removed_any = False
    for is_right in (True, False):
        stack = [[(v, w) for r, v, w in _alternating_edges(g) if r is is_right]]
        while stack:
            batch = stack.pop()
            if removed_any:  # the graph changed: keep the edges still on alternating cycles
                cyclic = {(v, w) for r, v, w in _alternating_edges(g) if r is is_right}
                batch = [e for e in batch if e in cyclic]
            if not batch:
                continue
            gone = set(batch)
            rows = g.right if is_right else g.left
            kept = tuple(tuple(w for w in row if (v, w) not in gone) for v, row in enumerate(rows))
            cut = LoopyGame(g.left, kept) if is_right else LoopyGame(kept, g.right)
            if le(cut, g, "onside", max_states) if is_right else le(g, cut, "onside", max_states):
                g, removed_any = cut, True
            elif len(batch) > 1:
                half = len(batch) // 2
                stack.extend((batch[half:], batch[:half]))
    return g if removed_any else None
