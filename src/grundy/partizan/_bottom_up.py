"""Values computed bottom-up over a game's followers, with an explicit stack and a budget
of work, for the compounds and the explicit forms (:mod:`~grundy.partizan.compounds`,
:mod:`~grundy.partizan.explicit`)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterable, MutableMapping
from typing import TypeVar

from ..core.errors import InvalidGameError, PositionLimitError

__all__ = ["Budget", "bottom_up", "within_stack", "DEFAULT_MAX_WORK"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: The default budget of one compound's computation: seconds of work at most (a position
#: with few options costs some 25 µs a unit, one with many options less).
DEFAULT_MAX_WORK = 200_000


class Budget:
    """The work one call may do: each position whose value is computed costs
    1 + L² + R² for its L Left and R Right options (canonical simplification compares
    a side's options pairwise), so that a position with many options counts for what
    it costs, not as one.

    Examples
    --------
    >>> from grundy.partizan._bottom_up import Budget
    >>> budget = Budget(10, "G : H")
    >>> budget.spend(2, 1); budget.spent
    6
    >>> budget.spend(2, 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.PositionLimitError: G : H needs more work than max_work=10 allows (...)
    """

    __slots__ = ("limit", "spent", "what")

    def __init__(self, limit: int, what: str) -> None:
        if type(limit) is not int or limit < 1:
            raise InvalidGameError(f"max_work must be a positive int, not {limit!r}")
        self.limit, self.spent, self.what = limit, 0, what

    def spend(self, left: int, right: int) -> None:
        """Count one position with `left` and `right` options; past the limit, refuse."""
        self.count(1 + left * left + right * right)

    def count(self, steps: int) -> None:
        """Count `steps` units of work done otherwise (a shortcut's loop); past the limit,
        refuse.

        Examples
        --------
        >>> from grundy.partizan._bottom_up import Budget
        >>> budget = Budget(100, "a loop"); budget.count(40); budget.spent
        40
        """
        self.spent += steps
        if self.spent > self.limit:
            raise PositionLimitError(
                f"{self.what} needs more work than max_work={self.limit:,} allows "
                "(pass a larger max_work)"
            )


def bottom_up(
    root: K,
    children: Callable[[K], Iterable[K]],
    combine: Callable[[K], V],
    memo: MutableMapping[K, V],
    leaf: Callable[[K], V | None] | None = None,
) -> V:
    """The value of `root`: ``combine(key)`` once the values of ``children(key)`` are in
    `memo`, for every key below `root` not there yet, children first.

    An explicit stack, not recursion: a game thousands of moves deep is fine. A key's
    children are listed once (``children`` is where a caller charges its budget, before
    any work below), and one child at a time goes on the stack, so the work is linear in
    the moves, however many positions share a follower. `leaf` gives a key's value
    directly where a shortcut knows it (None: no shortcut). The followers of a short
    game never lead back to it, so there is no cycle.

    Examples
    --------
    >>> from grundy.partizan._bottom_up import bottom_up
    >>> memo = {}
    >>> bottom_up(30, lambda n: [n - 1, n - 2] if n > 1 else [],
    ...           lambda n: memo[n - 1] + memo[n - 2] if n > 1 else n, memo)
    832040
    """
    if root in memo:
        return memo[root]
    listed: dict[K, tuple[list[K], int]] = {}
    stack = [root]
    while stack:
        key = stack[-1]
        if key in memo:
            stack.pop()
            continue
        entry = listed.get(key)
        if entry is None:
            direct = leaf(key) if leaf is not None else None
            if direct is not None:
                memo[key] = direct
                stack.pop()
                continue
            entry = (list(children(key)), 0)
        kids, i = entry
        while i < len(kids) and kids[i] in memo:
            i += 1
        if i < len(kids):
            listed[key] = (kids, i + 1)
            stack.append(kids[i])
            continue
        memo[key] = combine(key)
        listed.pop(key, None)
        stack.pop()
    return memo[root]


def within_stack(compute: Callable[[], V]) -> V:
    """Run `compute`, turning Python's stack overflow into a one-line refusal: comparing
    and adding canonical games recurses once a day of their birth (canonical.py), so a
    game born after thousands of days is too deep for it.

    Examples
    --------
    >>> from grundy.partizan._bottom_up import within_stack
    >>> within_stack(lambda: 6 * 7)
    42
    """
    try:
        return compute()
    except RecursionError:
        raise PositionLimitError(
            f"a game born after about {sys.getrecursionlimit() // 3:,} moves is too deep to compare"
        ) from None
