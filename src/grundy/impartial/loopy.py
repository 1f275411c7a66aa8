"""Impartial games with cycles: Smith's generalised Sprague-Grundy values, finite or ∞(K)."""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidPositionError
from ..core.graph import GameGraph, explore, predecessors
from ..core.outcome import Outcome
from ..core.retrograde import COMPILED_FROM, LOSS, WIN, IntArray, label_graph, reverse_arrays
from ..core.solver import DEFAULT_MAX_POSITIONS
from ..core.sums import Sum

__all__ = ["LoopyValue", "LoopySolution", "solve", "loopy_sum", "smith_labels"]

Position = Hashable

# Labels of smith_labels besides the finite values 0, 1, 2...
_ACTIVE = -2  # not labelled yet
_INFINITE = -1


@dataclass(frozen=True, slots=True)
class LoopyValue:
    """A generalised SG value: a finite value, or ∞(K) with K the finite values of the options.

    ``LoopyValue(3)`` is the finite value 3; ``LoopyValue(None, frozenset({0, 2}))`` is
    ∞(0,2); ``LoopyValue(None)`` is ∞(∅). Adding values is the sum rule of games:
    finite ⊕ finite, ∞(K) + a = ∞(K ⊕ a), and ∞ + ∞ = ∞(∅) (every option of such a sum
    still has an infinite part: a draw).

    Examples
    --------
    >>> from grundy.impartial.loopy import LoopyValue
    >>> a, b = LoopyValue(3), LoopyValue(None, frozenset({0, 2}))
    >>> print(a + LoopyValue(1), b + LoopyValue(2), b + b)
    2 ∞(0,2) ∞
    >>> b.outcome, (b + LoopyValue(1)).outcome
    (Outcome.N, Outcome.D)
    """

    finite: int | None
    K: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if self.finite is not None and self.K:
            raise ValueError(f"LoopyValue({self.finite}): only infinite values have a K")

    @property
    def is_finite(self) -> bool:
        """True for a finite value."""
        return self.finite is not None

    @property
    def outcome(self) -> Outcome:
        """P for 0; N for a finite value > 0 or ∞(K) with 0 in K; D (draw) otherwise."""
        if self.finite is not None:
            return Outcome.P if self.finite == 0 else Outcome.N
        return Outcome.N if 0 in self.K else Outcome.D

    def __add__(self, other: LoopyValue) -> LoopyValue:
        if not isinstance(other, LoopyValue):
            return NotImplemented
        if self.finite is not None and other.finite is not None:
            return LoopyValue(self.finite ^ other.finite)
        infinite, a = (self, other.finite) if self.finite is None else (other, self.finite)
        if a is None:  # Smith: the sum of two infinite values is ∞(∅)
            return LoopyValue(None)
        return LoopyValue(None, frozenset(k ^ a for k in infinite.K))

    def to_json(self) -> int | dict:
        """The CLI's JSON: an int, or ``{"infinite": [K...]}``.

        Examples
        --------
        >>> from grundy.impartial.loopy import LoopyValue
        >>> LoopyValue(None, frozenset({2, 0})).to_json()
        {'infinite': [0, 2]}
        """
        if self.finite is not None:
            return self.finite
        return {"infinite": sorted(self.K)}

    def __str__(self) -> str:
        if self.finite is not None:
            return str(self.finite)
        return f"∞({','.join(map(str, sorted(self.K)))})" if self.K else "∞"


def loopy_sum(*values: LoopyValue) -> LoopyValue:
    """Return the generalised SG value of a sum of positions with these values.

    Examples
    --------
    >>> from grundy.impartial.loopy import LoopyValue, loopy_sum
    >>> print(loopy_sum(LoopyValue(1), LoopyValue(None, frozenset({1, 3})), LoopyValue(2)))
    ∞(0,2)
    """
    total = LoopyValue(0)
    for v in values:
        total = total + v
    return total


def smith_labels(
    start: IntArray,
    succ: IntArray,
    pred_start: IntArray,
    pred: IntArray,
    label: IntArray,
    counter: IntArray,
    waiting: IntArray,
    stamp: IntArray,
    queue: IntArray,
) -> None:
    """Label every vertex with its generalised SG value (-1 for ∞) and a counter.

    The graph is in compressed rows as in :func:`grundy.core.retrograde.label_outcomes`.
    ``label``, ``counter``, ``waiting``, ``stamp`` and ``queue`` have one slot per vertex;
    ``stamp`` starts all 0. On return ``label[a]`` is the value of `a` (-1: ∞) and, for a
    finite one, ``counter[a]`` is when it was labelled: an option of `a` whose value is
    larger or ∞ has an option of `a`'s value labelled earlier (Smith's counter function).

    Notes
    -----
    Stage m labels m every unlabelled vertex that has no option labelled m and all of
    whose unlabelled or ∞ options have an option labelled m (they are "m-reversible"),
    repeatedly, with counters of options not yet reversible, as in win/lose retrograde
    analysis. At the end of the stage an unlabelled vertex without an option labelled m
    can never get a finite value: it is ∞. The vertices left have options of every value
    up to m and go on to stage m + 1. O((V + E) · (largest value + 2)).
    """
    n = len(start) - 1
    for a in range(n):
        label[a] = _ACTIVE
    active = n
    order = 0
    m = 0
    while active > 0:
        mark = m + 1  # stamp[a] == mark: a has an option labelled m
        tail = 0
        for a in range(n):
            if label[a] == _ACTIVE:
                count = 0
                for i in range(start[a], start[a + 1]):
                    if label[succ[i]] < 0:
                        count += 1
                waiting[a] = count
                if count == 0:
                    queue[tail] = a
                    tail += 1
        head = 0
        while head < tail:
            a = queue[head]
            head += 1
            if label[a] != _ACTIVE or stamp[a] == mark:
                continue
            label[a] = m
            counter[a] = order
            order += 1
            active -= 1
            for i in range(pred_start[a], pred_start[a + 1]):
                p = pred[i]
                if stamp[p] == mark:
                    continue
                stamp[p] = mark  # p cannot be m, and is now m-reversible
                if label[p] >= 0:
                    continue  # a finite option counts for nobody
                for j in range(pred_start[p], pred_start[p + 1]):
                    q = pred[j]
                    if label[q] == _ACTIVE:
                        waiting[q] -= 1
                        if waiting[q] == 0:
                            queue[tail] = q
                            tail += 1
        for a in range(n):
            if label[a] == _ACTIVE and stamp[a] != mark:
                label[a] = _INFINITE
                active -= 1
        m += 1


@functools.cache
def _compiled_smith_labels() -> Any:
    import numba

    return numba.njit(cache=True)(smith_labels)


class LoopySolution:
    """Generalised SG values, outcomes, remoteness and winning moves of explored positions.

    Made by :func:`solve`. Queries take a position that was explored, or a
    :class:`~grundy.Sum` of such positions (valued by the sum rule).
    """

    def __init__(
        self,
        game: Any,
        graph: GameGraph,
        labels: IntArray,
        counters: IntArray,
        remoteness: IntArray,
    ) -> None:
        self.game = game
        self._graph = graph
        self._labels = labels
        self._counters = counters
        self._remoteness = remoteness
        self._K: dict[int, frozenset[int]] = {}

    def __len__(self) -> int:
        return len(self._graph)

    def __contains__(self, position: Position) -> bool:
        """True for an explored position (not a sum of them)."""
        try:
            return position in self._graph.index
        except TypeError:
            return False

    def __repr__(self) -> str:
        return f"LoopySolution({self.game!r}, {len(self):,} positions)"

    def _number(self, position: Position) -> int:
        try:
            a = self._graph.index.get(position)
        except TypeError:
            a = None
        if a is None:
            raise InvalidPositionError(
                f"{self.game!r}: position {position!r} was not explored; solve from it "
                "(or from a position that reaches it)"
            )
        return a

    def _value_of(self, a: int) -> LoopyValue:
        m = self._labels[a]
        if m >= 0:
            return LoopyValue(int(m))
        K = self._K.get(a)
        if K is None:
            labels = self._labels
            K = self._K[a] = frozenset(
                int(labels[b]) for b in self._graph.options(a) if labels[b] >= 0
            )
        return LoopyValue(None, K)

    def value(self, position: Position) -> LoopyValue:
        """Return the generalised SG value of `position` (or of a ``Sum`` of positions).

        Examples
        --------
        >>> from grundy import game_from_moves
        >>> from grundy.impartial.loopy import solve
        >>> game = game_from_moves(lambda n: {0: [], 1: [0, 2], 2: [0, 1], 3: [3]}[n])
        >>> sol = solve(game, [1, 3])
        >>> print(sol.value(0), sol.value(1), sol.value(2), sol.value(3))
        0 ∞(0) ∞(0) ∞
        """
        parts = _parts(self.game, position)
        if parts is not None:
            return loopy_sum(*(self.value(p) for p in parts))
        return self._value_of(self._number(position))

    def outcome(self, position: Position) -> Outcome:
        """Return P, N or D (draw: with perfect play the game never ends)."""
        return self.value(position).outcome

    def remoteness(self, position: Position) -> int | None:
        """Moves to the end when the winner hurries and the loser delays (None: a draw).

        0 at a position with no move; even for P-positions, odd for N-positions.
        """
        r = int(self._remoteness[self._number(position)])
        return None if r < 0 else r

    def values(self) -> dict:
        """Every explored position and its value."""
        return {p: self._value_of(a) for a, p in enumerate(self._graph.positions)}

    def winning_moves(self, position: Position) -> list:
        """Return the options of `position` that are P-positions, best first.

        For one position the best is the nearest (least remoteness); for a ``Sum``, the
        move leaving the least total value, then the least total counter. Playing the first
        move every time wins without looping: remoteness, or (total value, total counter),
        drops at each of the winner's turns.

        Examples
        --------
        >>> from grundy import Sum, game_from_moves
        >>> from grundy.impartial.loopy import solve
        >>> game = game_from_moves(lambda n: {0: [], 1: [0, 2], 2: [0, 1]}[n])
        >>> sol = solve(game, [1])
        >>> sol.winning_moves(1), sol.winning_moves(Sum(1, 2))
        ([0], [])
        """
        parts = _parts(self.game, position)
        if parts is not None:
            return self._sum_winning_moves(position, parts)
        graph, labels = self._graph, self._labels
        a = self._number(position)
        found = sorted(
            (int(self._remoteness[b]), b) for b in dict.fromkeys(graph.options(a)) if labels[b] == 0
        )
        return [graph.positions[b] for _, b in found]

    def _sum_winning_moves(self, position: Position, parts: tuple) -> list:
        numbers = [self._number(p) for p in parts]
        values = [self._value_of(a) for a in numbers]
        infinite = [i for i, v in enumerate(values) if not v.is_finite]
        if len(infinite) > 1:
            return []
        total = 0
        for v in values:
            total ^= v.finite or 0
        graph, labels, counters = self._graph, self._labels, self._counters
        ranked = []
        for i, a in enumerate(numbers):
            if infinite and i != infinite[0]:
                continue  # only the infinite part can move to a finite value
            target = total ^ (values[i].finite or 0)
            if values[i].is_finite and target == values[i].finite:
                continue
            rest = sum(v.finite for j, v in enumerate(values) if j != i)  # type: ignore[misc]
            rest_counter = sum(int(counters[b]) for j, b in enumerate(numbers) if j != i)
            for b in dict.fromkeys(graph.options(a)):
                if labels[b] == target:
                    ranked.append((rest + target, rest_counter + int(counters[b]), i, b))
        ranked.sort()
        rebuild = Sum if isinstance(position, Sum) else lambda *p: self.game.assemble(list(p))
        return [rebuild(*parts[:i], graph.positions[b], *parts[i + 1 :]) for *_, i, b in ranked]


def _parts(game: Any, position: Position) -> tuple | None:
    """The independent parts of a ``Sum`` or of a position with components, else None."""
    if isinstance(position, Sum):
        return position.parts
    components = getattr(game, "components", None)
    parts = components(position) if components is not None else None
    if parts is None or (len(parts) == 1 and parts[0] == position):
        return None
    return tuple(parts)


def solve(
    game: Any, positions: Position | Iterable[Position], *, max_positions: int | None = None
) -> LoopySolution:
    """Explore every position reachable from `positions` and value them all.

    Parameters
    ----------
    game
        An impartial game (anything with ``moves``); its positions may repeat in play.
    positions
        One position, or a list of them. A ``Sum``, or a position the game splits into
        components (tokens on a graph), is explored part by part and valued by the sum
        rule.
    max_positions : int, optional
        Cap on the positions explored; default ``game.max_positions``.

    Raises
    ------
    PositionLimitError
        More than `max_positions` positions are reachable.
    MoveGenerationError
        ``moves`` raised or returned a position that is not hashable.

    Examples
    --------
    >>> from grundy.games import DigraphGame
    >>> from grundy.impartial.loopy import solve
    >>> game = DigraphGame([(0, 1), (1, 0), (0, 2), (1, 2), (3, 3)])  # 0 <-> 1, both -> 2
    >>> sol = solve(game, [0, 3])
    >>> [str(sol.value(v)) for v in range(4)], sol.outcome(0), sol.outcome(3)
    (['∞(0)', '∞(0)', '0', '∞'], Outcome.N, Outcome.D)

    Notes
    -----
    C. A. B. Smith, "Graphs and composite games" (1966); A. S. Fraenkel and Y. Yesha,
    "Theory of annihilation games" (1982). See :func:`smith_labels` for the algorithm.
    Two values of cost O(V + E) each: Smith's labels and a win/lose/draw retrograde
    analysis for the remoteness.
    """
    if isinstance(positions, list | set | frozenset | range):
        given = list(positions)
    else:
        given = [positions]
    roots: list[Position] = []
    limit = (
        getattr(game, "max_positions", DEFAULT_MAX_POSITIONS)
        if max_positions is None
        else max_positions
    )
    for p in given:  # a sum, or a position made of parts, is explored part by part
        p = game.check_position(p) if hasattr(game, "check_position") else p
        if hasattr(game, "check_search"):  # a graph too big is refused before it is built
            game.check_search(p, max_positions=limit, use_formula=False)
        roots.extend(_parts(game, p) or [p])
    graph = explore(game.moves, roots, limit=limit, name=repr(game))
    start: IntArray = graph.start
    succ: IntArray = graph.succ
    labels: IntArray
    counters: IntArray
    n = len(graph)
    if n + len(succ) < COMPILED_FROM:
        pred_start, pred = predecessors(graph.start, graph.succ)
        labels, counters = [0] * n, [0] * n
        smith_labels(start, succ, pred_start, pred, labels, counters, [0] * n, [0] * n, [0] * n)
    else:
        import numpy as np

        start, succ = np.asarray(start, dtype=np.int64), np.asarray(succ, dtype=np.int64)
        pred_start, pred = reverse_arrays(start, succ)
        labels, counters, *scratch = (np.zeros(n, dtype=np.int64) for _ in range(5))
        _compiled_smith_labels()(start, succ, pred_start, pred, labels, counters, *scratch)
    # Normal play: the player who cannot move loses; ties and wins never end a game.
    ends = [LOSS if start[a + 1] == start[a] else WIN for a in range(n)]
    _, remoteness = label_graph(start, succ, ends, reverse=(pred_start, pred))
    return LoopySolution(game, graph, labels, counters, remoteness)
