"""The compiled survival search, for comparisons with many states: :func:`solve_product`.

The same attractor and Büchi fixed point as :mod:`grundy.partizan.loopy.survival`, on
compressed rows (numba, imported only when a comparison is big enough to gain from it).
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

__all__ = ["solve_product", "rows"]


def rows(edges: tuple[tuple[int, ...], ...]) -> tuple[Any, Any, Any, Any]:
    """(start, targets) of the rows and of their reverse, as int64 arrays.

    Examples
    --------
    >>> from grundy.partizan.loopy._kernels import rows
    >>> [a.tolist() for a in rows(((1,), ()))]
    [[0, 1, 1], [1], [0, 0, 1], [0]]
    """
    n = len(edges)
    start = np.zeros(n + 1, dtype=np.int64)
    start[1:] = np.cumsum([len(r) for r in edges])
    targets = np.fromiter((w for r in edges for w in r), dtype=np.int64, count=int(start[-1]))
    source = np.repeat(np.arange(n, dtype=np.int64), np.diff(start))
    back = source[np.argsort(targets, kind="stable")]
    back_start = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(targets, minlength=n), out=back_start[1:])
    return start, targets, back_start, back


@numba.njit(cache=True)
def solve_product(  # noqa: PLR0912, PLR0913, PLR0915 - one kernel, as the Python version
    ng: int,
    nh: int,
    gls: Any,
    gl: Any,
    grs: Any,
    gr: Any,
    gbls: Any,
    gbl: Any,
    gbrs: Any,
    gbr: Any,
    hls: Any,
    hl: Any,
    hrs: Any,
    hr: Any,
    hbls: Any,
    hbl: Any,
    hbrs: Any,
    hbr: Any,
    start: int,
    mode: int,
) -> Any:
    """Left's winning states of H - G: 1 where Left survives (mode 0), or survives making
    infinitely many moves in H (mode 1, onside) or in G (mode 2, offside); states coded
    ((a * nh + b) << 1) | (1 if Right is to move). `start` < 0 searches every state, else
    the states reachable from `start`."""
    total = 2 * ng * nh
    reach = np.zeros(total, dtype=np.uint8)
    queue = np.empty(total, dtype=np.int64)
    count = 0
    if start < 0:
        for s in range(total):
            reach[s] = 1
            queue[count] = s
            count += 1
    else:
        reach[start] = 1
        queue[0] = start
        count = 1
        i = 0
        while i < count:
            s = queue[i]
            i += 1
            a = (s >> 1) // nh
            b = (s >> 1) % nh
            if s & 1:
                for k in range(gls[a], gls[a + 1]):
                    t = (gl[k] * nh + b) << 1
                    if not reach[t]:
                        reach[t] = 1
                        queue[count] = t
                        count += 1
                for k in range(hrs[b], hrs[b + 1]):
                    t = (a * nh + hr[k]) << 1
                    if not reach[t]:
                        reach[t] = 1
                        queue[count] = t
                        count += 1
            else:
                for k in range(grs[a], grs[a + 1]):
                    t = ((gr[k] * nh + b) << 1) | 1
                    if not reach[t]:
                        reach[t] = 1
                        queue[count] = t
                        count += 1
                for k in range(hls[b], hls[b + 1]):
                    t = ((a * nh + hl[k]) << 1) | 1
                    if not reach[t]:
                        reach[t] = 1
                        queue[count] = t
                        count += 1
    states = queue[:count].copy()

    # survival: Right's attractor to the states where Left has no move
    lost = np.zeros(total, dtype=np.uint8)
    waiting = np.zeros(total, dtype=np.int64)
    top = 0
    for s in states:
        if not s & 1:
            a = (s >> 1) // nh
            b = (s >> 1) % nh
            waiting[s] = (grs[a + 1] - grs[a]) + (hls[b + 1] - hls[b])
            if waiting[s] == 0:
                lost[s] = 1
                queue[top] = s
                top += 1
    while top:
        top -= 1
        t = queue[top]
        a = (t >> 1) // nh
        b = (t >> 1) % nh
        for side in range(2):
            if t & 1:  # reached by a Left move
                lo, hi = (gbrs[a], gbrs[a + 1]) if side == 0 else (hbls[b], hbls[b + 1])
            else:
                lo, hi = (gbls[a], gbls[a + 1]) if side == 0 else (hbrs[b], hbrs[b + 1])
            for k in range(lo, hi):
                if t & 1:
                    p = (gbr[k] * nh + b) << 1 if side == 0 else (a * nh + hbl[k]) << 1
                else:
                    p = ((gbl[k] * nh + b) << 1) | 1 if side == 0 else ((a * nh + hbr[k]) << 1) | 1
                if not reach[p] or lost[p]:
                    continue
                if p & 1:
                    lost[p] = 1
                    queue[top] = p
                    top += 1
                else:
                    waiting[p] -= 1
                    if waiting[p] == 0:
                        lost[p] = 1
                        queue[top] = p
                        top += 1
    win = np.zeros(total, dtype=np.uint8)
    for s in states:
        if not lost[s]:
            win[s] = 1
    if mode == 0:
        return win

    # the Büchi fixed point: moves in the accepting component (H onside, G offside)
    accept = 1 if mode == 1 else 0
    plain_count = np.zeros(total, dtype=np.int64)
    live_accepting = np.zeros(total, dtype=np.int64)
    dead_moves = np.zeros(total, dtype=np.int64)
    for s in states:
        if not win[s]:
            continue
        a = (s >> 1) // nh
        b = (s >> 1) % nh
        for side in range(2):
            if s & 1:
                lo, hi = (gls[a], gls[a + 1]) if side == 0 else (hrs[b], hrs[b + 1])
            else:
                lo, hi = (grs[a], grs[a + 1]) if side == 0 else (hls[b], hls[b + 1])
            for k in range(lo, hi):
                if s & 1:
                    t = (gl[k] * nh + b) << 1 if side == 0 else (a * nh + hr[k]) << 1
                else:
                    t = ((gr[k] * nh + b) << 1) | 1 if side == 0 else ((a * nh + hl[k]) << 1) | 1
                if win[t]:
                    if side == accept:
                        live_accepting[s] += 1
                    else:
                        plain_count[s] += 1
    in_y = np.zeros(total, dtype=np.uint8)
    pending = np.zeros(total, dtype=np.int64)
    while True:
        top = 0
        for s in states:
            in_y[s] = 0
            if not win[s]:
                continue
            pending[s] = plain_count[s]
            if (s & 1 and dead_moves[s] == 0 and plain_count[s] == 0) or (
                not s & 1 and live_accepting[s] > 0
            ):
                in_y[s] = 1
                queue[top] = s
                top += 1
        while top:
            top -= 1
            t = queue[top]
            a = (t >> 1) // nh
            b = (t >> 1) % nh
            side = 1 - accept  # plain moves into t
            if t & 1:
                lo, hi = (gbrs[a], gbrs[a + 1]) if side == 0 else (hbls[b], hbls[b + 1])
            else:
                lo, hi = (gbls[a], gbls[a + 1]) if side == 0 else (hbrs[b], hbrs[b + 1])
            for k in range(lo, hi):
                if t & 1:
                    p = (gbr[k] * nh + b) << 1 if side == 0 else (a * nh + hbl[k]) << 1
                else:
                    p = ((gbl[k] * nh + b) << 1) | 1 if side == 0 else ((a * nh + hbr[k]) << 1) | 1
                if not reach[p] or not win[p] or in_y[p]:
                    continue
                if p & 1:
                    pending[p] -= 1
                    if pending[p] or dead_moves[p]:
                        continue
                in_y[p] = 1
                queue[top] = p
                top += 1
        dying = 0
        for s in states:
            if win[s] and not in_y[s]:
                queue[dying] = s
                dying += 1
        if dying == 0:
            return win
        for j in range(dying):
            win[queue[j]] = 0
        for j in range(dying):  # its predecessors lose a move
            t = queue[j]
            a = (t >> 1) // nh
            b = (t >> 1) % nh
            for side in range(2):
                if t & 1:
                    lo, hi = (gbrs[a], gbrs[a + 1]) if side == 0 else (hbls[b], hbls[b + 1])
                else:
                    lo, hi = (gbls[a], gbls[a + 1]) if side == 0 else (hbrs[b], hbrs[b + 1])
                for k in range(lo, hi):
                    if t & 1:
                        p = (gbr[k] * nh + b) << 1 if side == 0 else (a * nh + hbl[k]) << 1
                    else:
                        p = (
                            ((gbl[k] * nh + b) << 1) | 1
                            if side == 0
                            else ((a * nh + hbr[k]) << 1) | 1
                        )
                    if not reach[p]:
                        continue
                    dead_moves[p] += 1
                    if side == accept:
                        live_accepting[p] -= 1
                    else:
                        plain_count[p] -= 1
