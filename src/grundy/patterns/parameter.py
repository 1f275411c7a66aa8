"""``find_parameter_rule``: one formula in the rules' parameter k and n, over a family of games."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidPositionError
from ..core.integers import shown
from .one_dim import periodic_candidates
from .pattern import Pattern, PatternReport, Region, Status
from .search import LIMIT, frozen
from .verify import DEFAULT_MAX_OPTIONS, mex_check

__all__ = ["find_parameter_rule", "ParameterRule"]


@dataclass(frozen=True)
class ParameterRule:
    """A property of each game of a family stated as a formula in its parameter k."""

    what: str
    formula: str
    text: str
    values: tuple[Any, ...]
    axis: str = "parameter"
    index: int = 0


def find_parameter_rule(
    make: Callable[[int], Any],
    parameters: Sequence[int],
    *,
    upto: int = 64,
    max_size: int = 7,
    max_candidates: int = 200_000,
    seconds: float | None = None,
    max_options: int = DEFAULT_MAX_OPTIONS,
) -> PatternReport:
    """Find a formula in the rules' parameter k and n: G_k(n) for several games.

    The values of ``make(k).position_at(n)`` for each k of `parameters` form a table
    in (k, n), searched like a 2-D table; each formula found is checked against the
    rules of every game of the family. The period of each sequence is also found and,
    when there is one for every k, stated as a rule in k ("period = k + 1").

    Examples
    --------
    >>> from grundy.patterns import find_parameter_rule
    >>> from grundy.games import Bash
    >>> report = find_parameter_rule(Bash, range(1, 7), upto=40)
    >>> print(report.best.describe())
    G(k, n) = n % (k + 1)   verified; mex rule checked on 1 ≤ k < 7, 0 ≤ n < 40
    >>> report.rows[0].text
    'period = k + 1'
    """
    import numpy as np

    from .expressions import search_expressions

    ks = list(parameters)
    if not ks or any(not isinstance(k, int) for k in ks) or ks != list(range(ks[0], ks[-1] + 1)):
        raise InvalidPositionError(f"parameters must be consecutive integers, got {shown(ks)}")
    games = {k: make(k) for k in ks}
    region = Region(("k", "n"), (ks[0], 0), (ks[-1] + 1, upto))
    table = [
        [games[k].grundy(games[k].position_at(n), use_formula=False) for n in range(upto)]
        for k in ks
    ]
    deadline = None if seconds is None else time.monotonic() + seconds
    result = search_expressions(
        np.array(table, dtype=np.int64),
        ("k", "n"),
        offsets=region.start,
        max_size=max_size,
        max_candidates=max_candidates,
        seconds=None if deadline is None else max(0.0, deadline - time.monotonic()),
    )
    patterns = []
    for e in result.found:
        pattern = Pattern(e.text, e.function, ("k", "n"), "parameter", e.size, region)
        failure, done = "", True
        for k in ks:
            one = Region(("n",), (0,), (upto,))
            check = mex_check(
                games[k],
                games[k].position_at,
                functools.partial(e.function, k),
                one,
                max_options=max_options // len(ks),
            )
            if check.failure:
                failure = f"k = {k}: {check.failure}"
                break
            done = done and check.checked == one
        if failure:
            patterns.append(pattern.with_status(Status.FITS, failure=failure))
        elif done:
            patterns.append(pattern.with_status(Status.VERIFIED, checked=region))
        else:
            patterns.append(pattern)
    periods = []
    for row in table:
        found = periodic_candidates(row)
        periods.append(found[0].periodicity.period if found and found[0].periodicity else None)
    rules: list[Any] = []
    if all(p is not None for p in periods):
        rule = search_expressions(
            np.array(periods, dtype=np.int64),
            ("k",),
            offsets=(ks[0],),
            max_size=5,
            max_candidates=max_candidates // 4,
        )
        rules = [
            ParameterRule("period", e.text, f"period = {e.text}", tuple(periods))
            for e in rule.found[:1]
        ] or [  # no formula in k: the periods themselves, for a person to read
            ParameterRule(
                "period",
                "",
                f"periods for k = {ks[0]}..{ks[-1]}: {' '.join(map(str, periods))}",
                tuple(periods),
            )
        ]
    return PatternReport(
        game=getattr(games[ks[0]], "name", "") or repr(games[ks[0]]),
        region=region,
        values=frozen(table),
        patterns=tuple(patterns[:LIMIT]),
        searched=(
            f"expressions in k, n of size ≤ {result.max_size} ({result.candidates:,} candidates)"
        ),
        gave_up=result.reason,
        rows=tuple(rules),
    )
