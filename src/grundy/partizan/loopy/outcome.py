"""Outcome classes of loopy partizan games, draws included: :class:`LoopyOutcome`.

:func:`loopy_outcome` finds one by retrograde analysis of the game's graph.

Who wins with Left moving first is a win for Left, a draw (play goes on forever) or a
win for Right; so with Right moving first. The nine pairs are CGSuite's loopy outcome
classes: L, R, N, P, D, and the hatted and checked ones (P̂: a draw if Left starts, a Left
win if Right does; P̌: Right wins if Left starts, a draw if Right does; N̂ and Ň alike).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from .graph import LoopyGame

__all__ = ["LoopyOutcome", "loopy_outcome", "results"]

#: The result of a play for the player who is not to be confused: +1 Left wins, 0 a
#: draw, -1 Right wins.
_LEFT, _DRAW, _RIGHT = 1, 0, -1


class LoopyOutcome(enum.Enum):
    """A loopy game's outcome class: (result with Left first, result with Right first),
    each +1 (Left wins), 0 (a draw) or -1 (Right wins).

    Examples
    --------
    >>> from grundy.partizan.loopy import LoopyOutcome, loopy_game
    >>> LoopyOutcome.of(1, 0), LoopyOutcome.of(0, 0)
    (LoopyOutcome.NHAT, LoopyOutcome.D)
    >>> LoopyOutcome.PHAT.left_first, LoopyOutcome.PHAT.right_first, str(LoopyOutcome.PHAT)
    (0, 1, 'PHat')
    """

    L = (1, 1)
    R = (-1, -1)
    N = (1, -1)
    P = (-1, 1)
    D = (0, 0)
    NHAT = (1, 0)
    NCHECK = (0, -1)
    PHAT = (0, 1)
    PCHECK = (-1, 0)

    @classmethod
    def of(cls, left_first: int, right_first: int) -> LoopyOutcome:
        """The class with these results (+1 Left wins, 0 draw, -1 Right wins).

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyOutcome
        >>> LoopyOutcome.of(-1, 0)
        LoopyOutcome.PCHECK
        """
        return cls((left_first, right_first))

    @property
    def left_first(self) -> int:
        """The result when Left moves first: +1, 0 or -1.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyOutcome
        >>> LoopyOutcome.NCHECK.left_first
        0
        """
        return self.value[0]  # type: ignore[no-any-return]

    @property
    def right_first(self) -> int:
        """The result when Right moves first: +1, 0 or -1.

        Examples
        --------
        >>> from grundy.partizan.loopy import LoopyOutcome
        >>> LoopyOutcome.NCHECK.right_first
        -1
        """
        return self.value[1]  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"LoopyOutcome.{self.name}"

    def __str__(self) -> str:
        """CGSuite's name: L, R, N, P, D, NHat, NCheck, PHat, PCheck."""
        names = {"NHAT": "NHat", "NCHECK": "NCheck", "PHAT": "PHat", "PCHECK": "PCheck"}
        return names.get(self.name, self.name)


def results(g: LoopyGame, vertices: Iterable[int] | None = None) -> dict[tuple[int, int], int]:
    """The result of every state (vertex, mover) reachable from `vertices` (default: 0),
    mover 0 for Left and 1 for Right: +1 Left wins, 0 draw, -1 Right wins.

    Retrograde analysis: a player with no move loses; a state is won for the mover if
    some move reaches a state won for the mover, lost if every move reaches one won for
    the other; what is never settled is a draw. Queues and counters only.

    Examples
    --------
    >>> from grundy.partizan.loopy import loopy_game
    >>> from grundy.partizan.loopy.outcome import results
    >>> results(loopy_game("dud"))
    {(0, 0): 0, (0, 1): 0}
    """
    starts = [0] if vertices is None else list(vertices)
    seen = set()
    order: list[int] = []
    for v in starts:
        if v not in seen:
            seen.add(v)
            order.append(v)
    i = 0
    while i < len(order):
        for w in (*g.left[order[i]], *g.right[order[i]]):
            if w not in seen:
                seen.add(w)
                order.append(w)
        i += 1
    back: dict[tuple[int, int], list[tuple[int, int]]] = {(v, m): [] for v in order for m in (0, 1)}
    waiting: dict[tuple[int, int], int] = {}
    for v in order:
        for m, rows in ((0, g.left), (1, g.right)):
            waiting[v, m] = len(rows[v])
            for w in rows[v]:
                back[w, 1 - m].append((v, m))
    result: dict[tuple[int, int], int] = {}
    queue = []
    for (v, m), k in waiting.items():
        if k == 0:  # the mover cannot move and loses
            result[v, m] = _RIGHT if m == 0 else _LEFT
            queue.append((v, m))
    while queue:
        state = queue.pop()
        won_by = result[state]
        for p in back[state]:
            if p in result:
                continue
            mover_wins = _LEFT if p[1] == 0 else _RIGHT
            if won_by == mover_wins:
                result[p] = won_by
                queue.append(p)
            else:
                waiting[p] -= 1
                if waiting[p] == 0:
                    result[p] = won_by
                    queue.append(p)
    return {(v, m): result.get((v, m), _DRAW) for v in order for m in (0, 1)}


def loopy_outcome(g: LoopyGame, *more: LoopyGame) -> LoopyOutcome:
    """The outcome class of `g` (vertex 0), or of the sum of `g` and `more`, draws included.

    Examples
    --------
    >>> from grundy.partizan.loopy import loopy_game, loopy_outcome
    >>> [str(loopy_outcome(loopy_game(t))) for t in ("on", "dud", "{0|pass}", "{|dud}")]
    ['L', 'D', 'L', 'PCheck']
    >>> over, down = loopy_game("over"), loopy_game("v")
    >>> str(loopy_outcome(over, -over)), str(loopy_outcome(over, down))     # over + under
    ('D', 'L')
    """
    total = g
    for h in more:  # the sum's own graph: a vertex for each pair of positions
        total = total + h
    found = results(total)
    return LoopyOutcome.of(found[0, 0], found[0, 1])
