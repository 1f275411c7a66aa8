"""Find the pattern for a request: a bounded formula search, kept for the next question."""

from __future__ import annotations

import functools
from typing import Any

from ..app.pattern_reports import pattern_answer, pattern_game
from ..core.errors import InvalidPositionError
from ..core.integers import int_text, parse_int
from ..patterns import PatternReport, find_patterns
from .inputs import LIMITS, impartial_game_named, text_within_limit

__all__ = ["pattern"]

#: The indices a pattern search computes when a request does not say, by dimension.
PATTERN_UPTO = {1: 128, 2: 24}


def pattern(game: str, dims: int = 1, upto: int | None = None, at: str = "") -> dict:
    """Find the pattern (找规律): formulas for the SG values of single heaps n (`dims` 1)
    or of pairs (a, b) (`dims` 2), checked against the rules, as ``grundy pattern --json``;
    `at` (comma-separated indices, any size) adds the best pattern's value there.

    The search is bounded by the server: at most ``LIMITS["max_pattern_upto"]`` indices
    (``"max_pattern_upto2d"`` along each side of pairs), ``"pattern_seconds"`` for the
    table and the expression search, ``"max_pattern_candidates"`` expressions and
    ``"max_pattern_options"`` options in each mex check; past them it reports what it
    searched (``searched``, ``gave_up``). A worker keeps its last searches, so asking
    for another `at` answers at once.

    Examples
    --------
    >>> report = pattern("bash:3", upto=40, at="1000000000000000000001")
    >>> report["patterns"][0]["formula"], report["patterns"][0]["status"]
    ('n % 4', 'proved')
    >>> report["at"]
    {'indices': ['1000000000000000000001'], 'value': 1, 'conjectural': False}
    >>> pattern("nim", dims=3)
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: dims 3 is not 1 (heaps n) or 2 (pairs a, b)
    """
    if dims not in PATTERN_UPTO:
        raise InvalidPositionError(f"dims {dims} is not 1 (heaps n) or 2 (pairs a, b)")
    limit = LIMITS["max_pattern_upto" if dims == 1 else "max_pattern_upto2d"]
    upto = PATTERN_UPTO[dims] if upto is None else upto
    if not 2 <= upto <= limit:
        raise InvalidPositionError(
            f"upto {upto:,} is not from 2 to this server's {limit} for dims {dims}"
        )
    indices = _indices(at, dims)
    impartial_game_named(game, "pattern")  # the game's name checked, in this API's words
    found = _pattern_search(game, dims, upto)
    report: dict[str, Any] = {**found.to_json(), "game": game}
    if indices:
        report["at"] = pattern_answer(found, indices)
    return report


def _indices(at: str, dims: int) -> list[int]:
    """The indices of `at` ("1000000000000", "3,5"): one per variable, none negative."""
    if not text_within_limit("at", at).strip():
        return []
    words = at.split(",")
    if len(words) != dims:
        names = "n" if dims == 1 else "a, b"
        raise InvalidPositionError(
            f"at needs {dims} {'indices' if dims > 1 else 'index'} ({names}), "
            f"got {len(words)}: {at!r}"
        )
    return [
        parse_int(word, "index", signed=False, expected="a whole number (0, 1, 2...)")
        for word in words
    ]


def _exact(n: int) -> int | str:
    """An integer for JSON: beyond 2^53 (where a double rounds) as its decimal digits."""
    return n if abs(n) < 2**53 else int_text(n)


@functools.lru_cache(maxsize=4)
def _pattern_search(game: str, dims: int, upto: int) -> PatternReport:
    # Kept, so the page's next question (a value `at` some n) needs no new search. A
    # fresh game (its memo is the search's alone) within the server's position limit.
    rules = pattern_game(game, files=False).limited_to(LIMITS["max_positions"])
    return find_patterns(
        rules,
        dims=dims,
        upto=upto,
        seconds=LIMITS["pattern_seconds"],
        max_candidates=LIMITS["max_pattern_candidates"],
        max_options=LIMITS["max_pattern_options"],
    )
