"""Retrograde analysis: win, loss, tie or draw, with remoteness, for every vertex of a graph."""

from __future__ import annotations

import functools
from typing import Any, Protocol

__all__ = [
    "IntArray",
    "LOSS",
    "DRAW",
    "TIE",
    "WIN",
    "UNKNOWN",
    "label_graph",
    "label_outcomes",
    "compiled_label_outcomes",
    "reverse_arrays",
]

# Value codes for the player to move (the order of preference; see twoplayer.Value).
# One assignment each: the API reference documents names assigned one by one.
LOSS = 0
DRAW = 1
TIE = 2
WIN = 3
UNKNOWN = -1

#: Graphs with at least this many edges + vertices get Smith's loopy labels from the
#: compiled kernel (:mod:`grundy.impartial.loopy`); smaller ones stay in pure Python (measured in a
#: new process on random graphs with cycles: 2·10^5 edges in 0.37 s, compiled 0.77 s).
COMPILED_FROM = 400_000
#: The same for :func:`label_graph`: measured in a new process on random DAGs, Python
#: labels 2·10^5 edges in 0.09 s where loading the kernel alone takes 0.5 s, and the two
#: are even near 10^6 edges.
LABEL_COMPILED_FROM = 800_000


class IntArray(Protocol):
    """One int a vertex: a list, labelled in Python, or a numpy array, compiled."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> Any: ...

    def __setitem__(self, index: int, value: int, /) -> None: ...


def label_graph(
    start: Any, succ: Any, value: Any, player: Any = (), reverse: tuple[Any, Any] | None = None
) -> tuple[Any, Any]:
    """Return ``(value, remoteness)`` of every vertex (see :func:`label_outcomes`).

    `value` gives the value of the vertices with no option; `player` (optional) the
    player to move at each vertex, for games where a player may move twice in a row
    (without it, turns alternate); `reverse` the predecessor rows, if the caller already
    has them. Lists are labelled in Python, numpy arrays (or big graphs) by the compiled
    kernel.

    Examples
    --------
    >>> from grundy.core.retrograde import label_graph, LOSS
    >>> label_graph([0, 1, 2, 2], [1, 2], [0, 0, LOSS])     # 0 -> 1 -> 2, 2 has no move
    ([0, 3, 0], [2, 1, 0])
    """
    n = len(start) - 1
    if type(succ) is list and n + len(succ) < LABEL_COMPILED_FROM:
        from .graph import predecessors

        pred_start, pred = reverse or predecessors(start, succ)
        values, remoteness = list(value), [0] * n
        label_outcomes(
            start, succ, pred_start, pred, list(player), values, remoteness, [0] * n, [0] * n
        )
        return values, remoteness
    import numpy as np

    start = np.asarray(start, dtype=np.int64)
    succ = np.asarray(succ, dtype=np.int64)
    pred_start, pred = reverse_arrays(start, succ) if reverse is None else reverse
    coded = np.array(value, dtype=np.int8)
    player = np.asarray(player, dtype=np.int8)
    far = np.zeros(n, dtype=np.int32)
    scratch = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    compiled_label_outcomes()(start, succ, pred_start, pred, player, coded, far, *scratch)
    return coded, far


def reverse_arrays(start: Any, succ: Any) -> tuple[Any, Any]:
    """The predecessor rows of a graph in numpy compressed rows (a stable counting sort)."""
    import numpy as np

    n = len(start) - 1
    source = np.repeat(np.arange(n, dtype=np.int64), np.diff(start))
    pred = source[np.argsort(succ, kind="stable")]
    pred_start = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(succ, minlength=n), out=pred_start[1:])
    return pred_start, pred


def label_outcomes(
    start: IntArray,
    succ: IntArray,
    pred_start: IntArray,
    pred: IntArray,
    player: IntArray,
    value: IntArray,
    remoteness: IntArray,
    waiting: IntArray,
    queue: IntArray,
) -> None:
    """Label every vertex LOSS, DRAW, TIE or WIN for the player to move, with remoteness.

    The graph is in compressed rows (``succ[start[a]:start[a + 1]]`` are the options of
    `a`, ``pred[pred_start[b]:pred_start[b + 1]]`` the vertices with option `b`).
    ``player[a]`` is the player to move at `a` (a move to a vertex with the same player
    keeps the mover); an empty `player` means turns alternate. On
    entry ``value[a]`` holds the value of each vertex with no option (LOSS, TIE or WIN for
    the player to move there; anything for the others). On return every vertex has its
    value and ``remoteness`` (moves to the end under perfect play; -1 for a draw).
    ``waiting`` and ``queue`` are scratch arrays of one slot per vertex.

    Notes
    -----
    Breadth first from the ended positions, in order of remoteness: a vertex with an
    option that LOSES (for the opponent; WINS if the same player moves again) is a WIN
    one move further than the nearest such
    option (the winner hurries); a vertex all of whose options are WINs is a LOSS once
    the last of them is labelled, which is the farthest (the loser delays). The vertices
    left then cannot force a result; those that can reach a tie through them are TIEs (both
    players prefer a finished game; the nearest tie), the rest DRAWs (play never ends).
    O(V + E). Runs on Python lists as written, and compiled by numba on numpy arrays.
    """
    n = len(start) - 1
    tail = 0
    for a in range(n):
        degree = start[a + 1] - start[a]
        waiting[a] = degree
        if degree == 0:
            remoteness[a] = 0
            if value[a] != TIE:
                queue[tail] = a
                tail += 1
        else:
            value[a] = UNKNOWN
            remoteness[a] = -1
    head = 0
    while head < tail:  # wins and losses
        b = queue[head]
        head += 1
        further = remoteness[b] + 1
        for i in range(pred_start[b], pred_start[b + 1]):
            a = pred[i]
            if value[a] != UNKNOWN:
                continue
            same_mover = len(player) > 0 and player[a] == player[b]
            if value[b] == (WIN if same_mover else LOSS):  # a good option for a's mover
                value[a] = WIN
            else:
                waiting[a] -= 1
                if waiting[a] > 0:
                    continue
                value[a] = LOSS
            remoteness[a] = further
            queue[tail] = a
            tail += 1
    tail = 0
    for a in range(n):  # ties, from the ended ones
        if value[a] == TIE:
            queue[tail] = a
            tail += 1
    head = 0
    while head < tail:
        b = queue[head]
        head += 1
        for i in range(pred_start[b], pred_start[b + 1]):
            a = pred[i]
            if value[a] == UNKNOWN:
                value[a] = TIE
                remoteness[a] = remoteness[b] + 1
                queue[tail] = a
                tail += 1
    for a in range(n):
        if value[a] == UNKNOWN:
            value[a] = DRAW


@functools.cache
def compiled_label_outcomes() -> Any:
    """:func:`label_outcomes` compiled by numba (imported on first use)."""
    import numba

    return numba.njit(cache=True)(label_outcomes)
