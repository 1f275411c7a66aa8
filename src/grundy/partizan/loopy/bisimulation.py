"""The coarsest partition of a graph's vertices into equal games: :func:`coarsest_partition`.

Two vertices are in one class when they start equal, and for each side the classes
their options reach are the same: a bisimulation, so the two games unfold into the same
tree (the partition found by colour refinement, without its rounds over every vertex).

Refinement round by round costs the whole graph each round, and a cycle of n vertices
with one vertex different needs n rounds (one class more each): n² work before a limit
on the classes could stop it. Here a round looks only at the vertices an option of which
changed class in the round before, and within a class at those alone (the others keep
the signature the class had), so that cycle costs about n steps, and a limit on the
number of classes stops it as soon as it is passed.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from ...core.errors import PositionLimitError

__all__ = ["coarsest_partition"]

_Signature = tuple[frozenset[int], frozenset[int]]


def coarsest_partition(
    vertices: Sequence[int],
    left: Sequence[Sequence[int]],
    right: Sequence[Sequence[int]],
    start: Mapping[int, Hashable],
    most: int | None = None,
) -> dict[int, int]:
    """The class of each of `vertices`: the coarsest partition that refines `start` (a
    key per vertex) and in which the vertices of a class reach the same classes by
    ``left`` and by ``right`` (options outside `vertices` are ignored).

    Parameters
    ----------
    vertices : sequence of int
        The vertices (a strongly connected part of a graph, say).
    left, right : sequences of sequences of int
        Each vertex's options on each side, indexed by vertex.
    start : mapping
        A key for each vertex: vertices with different keys are never in one class.
    most : int, optional
        The most classes wanted: past it, refused at once.

    Returns
    -------
    dict
        Vertex -> class number (0, 1, ...: the numbers depend on the order of the
        vertices, the classes do not).

    Raises
    ------
    PositionLimitError
        More than `most` classes.

    Notes
    -----
    A round recomputes the signature (the classes of its options on each side) of the
    vertices an option of which moved; within a class, those whose signature is not the
    class's move to new classes, one per signature (a class all of whose vertices
    changed keeps its largest group). Each move costs the moved vertex's predecessors;
    a class is never merged, so the number of classes only grows, one at least a round.

    Examples
    --------
    >>> from grundy.partizan.loopy.bisimulation import coarsest_partition
    >>> # a cycle 0 -> 1 -> 2 -> 3 -> 0 of Left moves, and Right may move 2 -> 2
    >>> left, right = [[1], [2], [3], [0]], [[], [], [2], []]
    >>> len(set(coarsest_partition(range(4), left, right, dict.fromkeys(range(4), 0)).values()))
    4
    >>> coarsest_partition(range(4), left, [[]] * 4, dict.fromkeys(range(4), 0))  # all on
    {0: 0, 1: 0, 2: 0, 3: 0}
    """
    members = set(vertices)
    inner = {
        v: (
            tuple({w for w in left[v] if w in members}),
            tuple({w for w in right[v] if w in members}),
        )
        for v in vertices
    }
    before: dict[int, list[int]] = {v: [] for v in vertices}
    for v, (lo, ro) in inner.items():
        for w in set(lo) | set(ro):
            before[w].append(v)
    numbers: dict[Hashable, int] = {}
    cls = {v: numbers.setdefault(start[v], len(numbers)) for v in vertices}
    size = [0] * len(numbers)
    for v in vertices:
        size[cls[v]] += 1
    _check(len(size), most, len(members))
    kept: dict[int, _Signature] = {}  # a class's signature: what its unchanged vertices have
    dirty = list(vertices)
    while dirty:
        # every signature of the round from the classes as the round began
        signature = {
            v: (frozenset(cls[w] for w in inner[v][0]), frozenset(cls[w] for w in inner[v][1]))
            for v in dirty
        }
        by_class: dict[int, dict[_Signature, list[int]]] = {}
        for v, s in signature.items():
            by_class.setdefault(cls[v], {}).setdefault(s, []).append(v)
        moved: list[int] = []
        for c, groups in by_class.items():
            changed = sum(len(g) for g in groups.values())
            if changed < size[c]:  # some vertices were not looked at: their signature stays
                stay = kept[c]
            else:  # all were: the largest group keeps the class
                stay = max(groups, key=lambda s: len(groups[s]))
                kept[c] = stay
            for s, group in groups.items():
                if s == stay:
                    continue
                new = len(size)
                size.append(len(group))
                size[c] -= len(group)
                kept[new] = s
                for v in group:
                    cls[v] = new
                moved.extend(group)
        _check(len(size), most, len(members))
        dirty = list({p for v in moved for p in before[v]})
    return cls


def _check(count: int, most: int | None, of: int) -> None:
    if most is not None and count > most:
        raise PositionLimitError(
            f"a strongly connected part of {of:,} positions has more than "
            f"{most:,} different games in it: too many to compare all pairs"
        )
