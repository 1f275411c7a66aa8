"""Check a misère quotient against a plain misère search: every small sum of heaps, both ways."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from ..core.errors import InvalidGameError, PositionLimitError
from ..core.outcome import Outcome
from ..heaps.codes import HeapCode
from .heap_rules import heap_rules
from .quotient import MisereQuotient

__all__ = ["QuotientCheck", "verify_quotient"]


@dataclass(frozen=True, slots=True)
class QuotientCheck:
    """What :func:`verify_quotient` compared: how many sums, and those that disagree.

    Examples
    --------
    >>> from grundy.misere.quotient_check import QuotientCheck
    >>> QuotientCheck(positions=10, mismatches=()).ok
    True
    """

    positions: int
    mismatches: tuple[tuple[int, ...], ...]

    @property
    def ok(self) -> bool:
        """True when every sum compared has the same outcome both ways."""
        return not self.mismatches


def verify_quotient(
    q: MisereQuotient,
    code: str | HeapCode,
    heaps: int = 3,
    sizes: int = 12,
    *,
    max_positions: int = 2_000_000,
) -> QuotientCheck:
    """Compare ``q.outcome`` with a plain misère search on every sum of <= `heaps` heaps <= `sizes`.

    The search shares nothing with the quotient but the game's options: a position is a
    sorted tuple of heaps, lost for the player to move when it has a move and every move
    leads to a position won for the player to move then (misère: no move is a win).

    Raises
    ------
    InvalidGameError
        When `code` is not the quotient's game.
    PositionLimitError
        When the search needs more than `max_positions` positions.

    Examples
    --------
    >>> from grundy.misere.quotient import misere_quotient
    >>> from grundy.misere.quotient_check import verify_quotient
    >>> q = misere_quotient("0.77", 12)
    >>> verify_quotient(q, "0.77", heaps=3, sizes=12)
    QuotientCheck(positions=455, mismatches=())
    """
    rules = heap_rules(code)
    if rules.text != q.code:
        raise InvalidGameError(f"the quotient is of {q.code}, not {rules.text}")
    options = lru_cache(maxsize=None)(rules.options)
    memo: dict[tuple[int, ...], bool] = {}

    def wins(position: tuple[int, ...]) -> bool:  # the player to move wins (misère)
        found = memo.get(position)
        if found is None:
            if len(memo) >= max_positions:
                raise PositionLimitError(
                    f"verify_quotient({q.code}): more than {max_positions:,} positions; "
                    "raise max_positions"
                )
            moved = False
            found = False
            for i, h in enumerate(position):
                if i and position[i - 1] == h:
                    continue
                rest = position[:i] + position[i + 1 :]
                for option in options(h):
                    moved = True
                    if not wins(tuple(sorted(rest + option))):
                        found = True
                        break
                if found:
                    break
            found = found or not moved
            memo[position] = found
        return found

    count = 0
    bad: list[tuple[int, ...]] = []
    for k in range(heaps + 1):
        for position in combinations_with_replacement(range(1, sizes + 1), k):
            count += 1
            if (q.outcome(position) is Outcome.P) == wins(position):
                bad.append(position)
    return QuotientCheck(count, tuple(bad))
