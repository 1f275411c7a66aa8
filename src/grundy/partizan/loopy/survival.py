"""Comparing loopy games: G <= H when Left, moving second in H - G, survives: :func:`le`.

Each kind of comparison has its rule for infinite play.

Siegel (*Combinatorial Game Theory*, VI.1-VI.4): for stoppers, G <= H exactly when Left,
with Right to move in H - G, never runs out of moves (an infinite play is a survival).
Sides compare with a rule on infinite plays: the onsides G⁺ <= H⁺ when Left survives
and every infinite play has infinitely many moves in H (Left wins a play that is
infinite in the onside she is on the plus side of); the offsides G⁻ <= H⁻ when every
infinite play has infinitely many moves in G. This is CGSuite's sided comparison
(``LoopyGame.leq(h, onside)``).

The states are (vertex of G, vertex of H, player to move). Survival is a retrograde
attractor (Right forcing Left out of moves); the sided rules are Büchi games, solved by
the nested fixed point W = νZ. μY. (an accepting move into Z, or a plain move into Y),
with counters and queues: no recursion.
"""

from __future__ import annotations

from typing import Any, Literal

from ...core.errors import InvalidGameError, PositionLimitError
from .graph import LoopyGame

__all__ = ["Mode", "Comparison", "compare_all", "le", "DEFAULT_MAX_STATES"]

#: "stopper": Left wins every infinite play; "onside" / "offside": the sided rules.
Mode = Literal["stopper", "onside", "offside"]
#: The most states (pairs of vertices, times two players to move) one comparison may have.
DEFAULT_MAX_STATES = 2_000_000
#: Comparisons with at least this many states run compiled (numba, loaded then): a Büchi
#: search of 16,000 states takes about 0.2 s in Python and a few ms compiled.
COMPILED_FROM = 40_000


class Comparison:
    """The answers G_a <= H_b for vertices a of G and b of H, from one search.

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyGame
    >>> from grundy.partizan.loopy.survival import compare_all
    >>> over = LoopyGame(((1,), ()), ((0,), ()))      # vertex 0: over, vertex 1: 0
    >>> table = compare_all(over, over)
    >>> table.le(1, 0), table.le(0, 1)                # 0 <= over, not over <= 0
    (True, False)
    """

    __slots__ = ("_win", "_nh")

    def __init__(self, win: Any, nh: int) -> None:
        self._win, self._nh = win, nh

    def le(self, a: int, b: int) -> bool:
        """G_a <= H_b: Left survives H_b - G_a with Right to move.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> from grundy.partizan.loopy.survival import compare_all
        >>> compare_all(LoopyGame(((0,),), ((),))).le(0, 0)     # on <= on
        True
        """
        return bool(self._win[((a * self._nh + b) << 1) | 1])

    def eq(self, a: int, b: int) -> bool:
        """G_a = H_b, for a table of a graph against itself (of two graphs, the table
        holds G_a <= H_b only, not H_b <= G_a).

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyGame
        >>> from grundy.partizan.loopy.survival import compare_all
        >>> g = LoopyGame(((1,), (0,)), ((), ()))               # two vertices, both on
        >>> compare_all(g).eq(0, 1)
        True
        """
        return self.le(a, b) and self.le(b, a)


def compare_all(
    g: LoopyGame,
    h: LoopyGame | None = None,
    mode: Mode = "stopper",
    max_states: int = DEFAULT_MAX_STATES,
) -> Comparison:
    """Every comparison G_a <= H_b at once (H = G when not given).

    Raises
    ------
    PositionLimitError
        More than `max_states` states.

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyGame
    >>> from grundy.partizan.loopy.survival import compare_all
    >>> on = LoopyGame(((0,),), ((),))
    >>> compare_all(on).le(0, 0)
    True
    """
    h = g if h is None else h
    win = _solve(g, h, mode, None, max_states)
    return Comparison(win, h.size)


def le(
    g: LoopyGame, h: LoopyGame, mode: Mode = "stopper", max_states: int = DEFAULT_MAX_STATES
) -> bool:
    """G <= H (vertex 0 of each), searching only the states play can reach.

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyGame
    >>> from grundy.partizan.loopy.survival import le
    >>> on, zero = LoopyGame(((0,),), ((),)), LoopyGame(((),), ((),))
    >>> le(zero, on), le(on, zero)
    (True, False)
    >>> dud = on + -on
    >>> le(on, dud, "onside"), le(dud, on, "onside"), le(dud, zero, "offside")
    (True, True, True)
    """
    win = _solve(g, h, mode, [1], max_states)
    return bool(win[1])


def _solve(
    g: LoopyGame, h: LoopyGame, mode: Mode, starts: list[int] | None, max_states: int
) -> Any:
    """Left's winning states of H - G (1 = Left survives / wins), as a bytearray indexed by
    the state code ((a * |H| + b) << 1) | (1 if Right is to move)."""
    if mode not in ("stopper", "onside", "offside"):
        raise InvalidGameError(f"comparison mode {mode!r} is not 'stopper', 'onside' or 'offside'")
    ng, nh = g.size, h.size
    total = 2 * ng * nh
    if total > max_states:
        raise PositionLimitError(
            f"comparing a {ng}-vertex game with a {nh}-vertex one needs {total:,} states, "
            f"more than {max_states:,}; raise max_states"
        )
    if total >= COMPILED_FROM:
        return _compiled(g, h, mode, -1 if starts is None else starts[0])
    gl, gr, hl, hr = g.left, g.right, h.left, h.right
    g_rev_left, g_rev_right = _reverse(gl), _reverse(gr)
    h_rev_left, h_rev_right = _reverse(hl), _reverse(hr)

    def successors(s: int) -> tuple[list[int], list[int]]:
        """(moves in G, moves in H) from state s."""
        a, b = divmod(s >> 1, nh)
        if s & 1:  # Right moves: in -G to a Left option of G, in H to a Right option
            return [(w * nh + b) << 1 for w in gl[a]], [(a * nh + w) << 1 for w in hr[b]]
        return [((w * nh + b) << 1) | 1 for w in gr[a]], [((a * nh + w) << 1) | 1 for w in hl[b]]

    def predecessors(t: int) -> tuple[list[int], list[int]]:
        """(states moving to t in G, states moving to t in H)."""
        a, b = divmod(t >> 1, nh)
        if t & 1:  # reached by a Left move
            return [(p * nh + b) << 1 for p in g_rev_right[a]], [
                (a * nh + p) << 1 for p in h_rev_left[b]
            ]
        return (
            [((p * nh + b) << 1) | 1 for p in g_rev_left[a]],
            [((a * nh + p) << 1) | 1 for p in h_rev_right[b]],
        )

    # the states play can reach
    if starts is None:
        reach = bytearray(b"\x01") * total
        states = list(range(total))
    else:
        reach = bytearray(total)
        states = []
        for s in starts:
            if not reach[s]:
                reach[s] = 1
                states.append(s)
        i = 0
        while i < len(states):
            in_g, in_h = successors(states[i])
            i += 1
            for t in (*in_g, *in_h):
                if not reach[t]:
                    reach[t] = 1
                    states.append(t)

    # survival: Right's attractor to the states where Left has no move
    lost = bytearray(total)
    waiting = [0] * total
    queue = []
    for s in states:
        if not s & 1:
            a, b = divmod(s >> 1, nh)
            waiting[s] = len(gr[a]) + len(hl[b])
            if waiting[s] == 0:
                lost[s] = 1
                queue.append(s)
    while queue:
        t = queue.pop()
        in_g, in_h = predecessors(t)
        for p in (*in_g, *in_h):
            if not reach[p] or lost[p]:
                continue
            if p & 1:
                lost[p] = 1
                queue.append(p)
            else:
                waiting[p] -= 1
                if waiting[p] == 0:
                    lost[p] = 1
                    queue.append(p)
    win = bytearray(total)
    zone = [s for s in states if not lost[s]]
    for s in zone:
        win[s] = 1
    if mode == "stopper":
        return win
    return _buchi(win, zone, successors, accept_h=mode == "onside")


def _buchi(win: bytearray, zone: list[int], successors: Any, accept_h: bool) -> bytearray:
    """Left's Büchi region inside `zone` (marked in `win`): she keeps out of Right's reach
    and makes infinitely many accepting moves (in H when `accept_h`, else in G).

    The zone's moves are listed once, numbered locally; each round computes
    Y = μY. (accepting move into Z, or plain move into Y) and shrinks Z to Y, until Z
    stays."""
    local = {s: i for i, s in enumerate(zone)}
    size = len(zone)
    right_to_move = [s & 1 for s in zone]
    plain_count = [0] * size  # plain moves to live states
    live_accepting = [0] * size  # accepting moves to live states
    dead_moves = [0] * size  # moves to dead states (Right must have none)
    plain_before: list[list[int]] = [[] for _ in range(size)]
    accepting_before: list[list[int]] = [[] for _ in range(size)]
    for i, s in enumerate(zone):
        in_g, in_h = successors(s)
        acc, pl = (in_h, in_g) if accept_h else (in_g, in_h)
        # a move out of the zone loses for Left: Right has none from the zone, and Left's
        # are of no use to her
        for t in acc:
            j = local.get(t)
            if j is not None:
                live_accepting[i] += 1
                accepting_before[j].append(i)
        for t in pl:
            j = local.get(t)
            if j is not None:
                plain_count[i] += 1
                plain_before[j].append(i)
    alive = bytearray(b"\x01") * size
    members = list(range(size))
    while True:
        in_y = bytearray(size)
        pending = plain_count[:]
        queue = [
            i
            for i in members
            if ((not dead_moves[i] and not pending[i]) if right_to_move[i] else live_accepting[i])
        ]
        for i in queue:
            in_y[i] = 1
        while queue:
            t = queue.pop()
            for p in plain_before[t]:
                if in_y[p] or not alive[p]:
                    continue
                if right_to_move[p]:
                    pending[p] -= 1
                    if pending[p] or dead_moves[p]:
                        continue
                in_y[p] = 1
                queue.append(p)
        dying = [i for i in members if not in_y[i]]
        if not dying:
            break
        for i in dying:
            alive[i] = 0
        for i in dying:  # its predecessors lose a move
            for p in plain_before[i]:
                dead_moves[p] += 1
                plain_count[p] -= 1
            for p in accepting_before[i]:
                dead_moves[p] += 1
                live_accepting[p] -= 1
        members = [i for i in members if in_y[i]]
    for i, s in enumerate(zone):
        if not alive[i]:
            win[s] = 0
    return win


def _compiled(g: LoopyGame, h: LoopyGame, mode: Mode, start: int) -> Any:
    """:func:`_solve` by the compiled kernel (a numpy array of 0 and 1)."""
    from ._kernels import rows, solve_product

    arrays = [a for edges in (g.left, g.right, h.left, h.right) for a in rows(edges)]
    gls, gl, gbls, gbl, grs, gr, gbrs, gbr, hls, hl, hbls, hbl, hrs, hr, hbrs, hbr = arrays
    code = {"stopper": 0, "onside": 1, "offside": 2}[mode]
    return solve_product(
        g.size, h.size, gls, gl, grs, gr, gbls, gbl, gbrs, gbr,
        hls, hl, hrs, hr, hbls, hbl, hbrs, hbr, start, code,
    )  # fmt: skip


def _reverse(rows: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    back: list[list[int]] = [[] for _ in rows]
    for v, row in enumerate(rows):
        for w in row:
            back[w].append(v)
    return back
