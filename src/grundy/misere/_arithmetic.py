"""G + *1 and parity, CGSuite's order, sums and mates of misère canonical forms."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cmp_to_key
from typing import Any

from ._form import ONE, ZERO, Form, canonical

__all__ = [
    "postorder",
    "twin",
    "is_odd",
    "even_part",
    "compare",
    "ready",
    "sorted_options",
    "sort_games",
    "add",
    "mate",
]

# Memo tables of binary operations, keyed by ordered pairs of games; emptied when they
# pass this size (at the start of an operation, never during one).
MEMO_LIMIT = 1 << 20


# --------------------------------------------------------------------- G + *1, order
def postorder(root: Form, needs: Callable[[Form], bool]) -> Iterator[Form]:
    """The subgames of `root` that `needs`, each after its options (no recursion).

    A subgame that does not need is skipped with everything below it: callers keep
    what they store closed downwards (stored for a game, stored for its options).
    """
    if not needs(root):
        return
    seen = {root}
    stack = [(root, iter(root._options))]
    while stack:
        game, options = stack[-1]
        for option in options:
            if option not in seen and needs(option):
                seen.add(option)
                stack.append((option, iter(option._options)))
                break
        else:
            stack.pop()
            yield game


def twin(game: Form) -> Form:
    """G + *1: its options are G and each G' + *1."""
    if game._twin is None:
        for g in postorder(game, lambda x: x._twin is None):
            if g._twin is not None:  # set meanwhile as the twin of one of its options
                continue
            other = canonical(frozenset([g, *(o._twin for o in g._options)]))  # type: ignore[list-item]
            g._twin = other
            if other._twin is None:
                other._twin = g
            odd = other._birthday < g._birthday
            g._odd, other._odd = odd, not odd
    return game._twin  # type: ignore[return-value]


def is_odd(game: Form) -> bool:
    """Whether `game` is E + *1 for its even part E."""
    twin(game)
    return game._odd


def even_part(game: Form) -> Form:
    """E, the even one of `game` and `game` + *1."""
    other = twin(game)
    return other if game._odd else game


def compare(a: Form, b: Form) -> int:
    """CGSuite's order of canonical forms: by the even parts' birthday, number of
    options, G+, G-, then their options (in this order) lexicographically; then even
    before odd. -1, 0 or 1. Needs `ready` on both."""
    while a is not b:
        ea = a._twin if a._odd else a
        eb = b._twin if b._odd else b
        if ea is eb:
            return 1 if a._odd else -1
        assert ea is not None and eb is not None
        ka = (ea._birthday, len(ea._options), ea._plus, ea._minus)
        kb = (eb._birthday, len(eb._options), eb._plus, eb._minus)
        if ka != kb:
            return -1 if ka < kb else 1
        for x, y in zip(ea._sorted or (), eb._sorted or (), strict=True):
            if x is not y:
                a, b = x, y
                break
        else:  # pragma: no cover - two forms with the same options are one object
            raise AssertionError("two canonical forms with the same options")
    return 0


_ORDER = cmp_to_key(compare)


def ready(game: Form) -> None:
    """Compute what `compare` reads for `game` and its subgames: twins, sorted options."""
    if game._sorted is not None:
        return
    twin(game)
    for g in postorder(game, lambda x: x._sorted is None):
        g._sorted = tuple(sorted(g._options, key=_ORDER))


def sorted_options(game: Form) -> tuple[Form, ...]:
    """The options of `game` in CGSuite's order."""
    ready(game)
    return game._sorted  # type: ignore[return-value]


def sort_games(games: Iterable[Form]) -> list[Form]:
    """`games` in CGSuite's order."""
    games = list(games)
    for g in games:
        ready(g)
    return sorted(games, key=_ORDER)


# --------------------------------------------------------------------- sums
_SUMS: dict[tuple[Form, Form], Form] = {}


def _pair(x: Form, y: Form) -> tuple[Form, Form]:
    return (x, y) if id(x) <= id(y) else (y, x)


def add(a: Form, b: Form) -> Form:
    """The canonical form of a + b: {a' + b, a + b'} (through the even parts)."""
    flip = is_odd(a) ^ is_odd(b)
    total = _add_even(even_part(a), even_part(b))
    return twin(total) if flip else total


def _sum_children(x: Form, y: Form) -> list[tuple[Form, Form, bool]]:
    """The options of x + y (x, y even) as (even x', even y', add *1)."""
    found = [(_even(o), y, o._odd) for o in x._options]
    found += [(x, _even(o), o._odd) for o in y._options]
    return found


def _even(game: Form) -> Form:
    """`even_part` of a game whose twin is known."""
    return game._twin if game._odd else game  # type: ignore[return-value]


def _add_even(x: Form, y: Form) -> Form:
    if x is ZERO:
        return y
    if y is ZERO:
        return x
    memo = _SUMS
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    key = _pair(x, y)
    found = memo.get(key)
    if found is not None:
        return found
    # a frame: [its key, its options as (even, even, add *1), the next one, their sums]
    stack: list[list[Any]] = [[key, _sum_children(x, y), 0, []]]
    while stack:
        frame = stack[-1]
        children, i, results = frame[1], frame[2], frame[3]
        pending = None
        while i < len(children):
            ex, ey, flip = children[i]
            v = ey if ex is ZERO else ex if ey is ZERO else memo.get(_pair(ex, ey))
            if v is None:
                pending = (ex, ey)
                break
            results.append(twin(v) if flip else v)
            i += 1
        frame[2] = i
        if pending is None:
            stack.pop()
            memo[frame[0]] = canonical(frozenset(results))
        else:
            stack.append([_pair(*pending), _sum_children(*pending), 0, []])
    return memo[key]


# --------------------------------------------------------------------- mate
def mate(game: Form) -> Form:
    """The mate: *1 for 0, 0 for *1, else {mate(G')}."""
    for g in postorder(game, lambda x: x._mate is None):
        if g is ZERO or g is ONE:
            g._mate = ONE if g is ZERO else ZERO
        else:
            g._mate = canonical(frozenset(o._mate for o in g._options))  # type: ignore[misc]
    return game._mate  # type: ignore[return-value]
