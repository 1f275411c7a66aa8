"""``find_patterns``: compute a table of values, find formulas that fit, check and prove them."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from ..core.errors import GrundyError, InvalidPositionError
from ..core.periodicity import Periodicity
from .one_dim import (
    ByResidue,
    Candidate,
    ListedThen,
    halving_candidates,
    periodic_candidates,
    shifted_candidates,
    with_exceptions,
)
from .pattern import Pattern, PatternReport, Region, Status
from .verify import DEFAULT_MAX_OPTIONS, mex_check, p_position_check

__all__ = ["find_patterns", "DEFAULT_UPTO", "MAX_UPTO", "VARIABLES"]

#: The default number of indices along each variable, by dimension.
DEFAULT_UPTO = {1: 128, 2: 32, 3: 8}
#: The largest number of indices along each variable, by dimension: a table computed from
#: the rules costs about (positions × options), 4096² Nim heaps already 10^7 options.
MAX_UPTO = {1: 4096, 2: 256, 3: 32}
#: The names of the indices, by dimension.
VARIABLES = {1: ("n",), 2: ("a", "b"), 3: ("a", "b", "c")}
#: With no expression for the whole table, expressions are tried from these indices on
#: (the values before are listed as exceptions).
_EXCEPTIONS = (1, 2, 3, 4, 5, 6, 8)
#: Patterns reported at most.
LIMIT = 6
#: What a two-index pattern found from (1, 1) on says of row 0 and column 0.
_FROM_ONE = "for a, b ≥ 1 only: row a = 0 and column b = 0 follow no rule found"


def find_patterns(
    game: Any = None,
    family: Callable[..., Any] | None = None,
    *,
    values: Sequence[Any] | None = None,
    dims: int | None = None,
    upto: int | None = None,
    start: Sequence[int] | None = None,
    max_size: int = 7,
    max_candidates: int = 200_000,
    seconds: float | None = None,
    max_options: int = DEFAULT_MAX_OPTIONS,
) -> PatternReport:
    """Find formulas for the SG values of a family of positions, simplest first.

    Computes the values of the positions ``family(n)`` (or ``family(a, b)``) for every
    index of a box, searches formulas that reproduce them (expressions in the indices,
    periods, arithmetic periods, recurrences on n // 2, known sequences shifted; in two
    dimensions also the P-positions and the rows), then checks each formula against
    the rules (the mex check) and names a theorem that proves it when one applies.

    Parameters
    ----------
    game : ImpartialGame, optional
        The game; without it, `values` are searched and nothing can be checked.
    family : callable, optional
        Indices -> position. Default: the game's :meth:`~grundy.ImpartialGame.position_at`.
    values : sequence, optional
        The table itself (a list, or a list of rows), instead of computing it.
    dims : int
        1, 2 or 3 indices (default: that of `values`, else 1).
    upto : int
        Indices per variable (default 128 in one dimension, 32 in two, 8 in three).
    start : sequence of int
        The first index of each variable (default 0, or 1 where 0 is no position).
    max_size, max_candidates, seconds :
        The bounds of the expression search: the largest expression size, the work
        (candidates evaluated), and an optional clock in seconds (started once the
        table is computed; the game's ``max_positions`` bounds that).
    max_options : int
        The work bound of each mex check (options valued).

    Returns
    -------
    PatternReport
        ``report.patterns`` (proved first, then verified, then fitting only; simplest
        first within each), ``report.message()`` says what was found or searched.

    Raises
    ------
    InvalidPositionError
        Neither a game nor values, or `dims`/`upto`/`start` out of range.

    Examples
    --------
    >>> from grundy.patterns import find_patterns
    >>> from grundy.games import LaskersNim, Wythoff
    >>> report = find_patterns(LaskersNim(), upto=64)
    >>> print(report.best.describe())  # doctest: +NORMALIZE_WHITESPACE
    G(n) = n ≡ 3 (mod 4): n + 1; n ≡ 0 (mod 4): n - 1; else n  (n ≥ 1)   proved (Lasker's
    theorem (Winning Ways, ch. 4)); mex rule checked on 0 ≤ n < 64
    >>> report.best(10**18)
    999999999999999999
    >>> find_patterns(Wythoff(), dims=2, upto=24).p_positions[0].text
    '(a, b) = (⌊kφ⌋, ⌊kφ²⌋) or swapped, k >= 0'
    """
    if game is None and values is None:
        raise InvalidPositionError("find_patterns needs a game or a table of values")
    if dims is None:
        dims = _dims_of(values) if values is not None else 1
    if dims not in VARIABLES:
        raise InvalidPositionError(f"dims must be 1, 2 or 3, got {dims!r}")
    variables = VARIABLES[dims]
    if values is not None:
        table = _table_of(values, dims)
        region = Region(variables, tuple(start or (0,) * dims), _stop(start, table, dims))
        family = family or (lambda *i: i[0] if len(i) == 1 else i)
    else:
        family = family or game.position_at
        upto = DEFAULT_UPTO[dims] if upto is None else upto
        if not isinstance(upto, int) or not 2 <= upto <= MAX_UPTO[dims]:
            raise InvalidPositionError(
                f"upto must be an integer from 2 to {MAX_UPTO[dims]} in {dims} "
                f"dimension{'s' if dims > 1 else ''}, got {upto!r}"
            )
        first = tuple(start) if start is not None else _first_indices(game, family, dims)
        region = Region(variables, first, tuple(x + upto for x in first))
        table = _compute(game, family, region)
    # The clock bounds the search, not the table (which max_positions bounds).
    deadline = None if seconds is None else time.monotonic() + seconds
    name = getattr(game, "name", None) or (repr(game) if game is not None else "the table")
    candidates, searched, gave_up = _candidates(table, region, max_size, max_candidates, deadline)
    stated = game.pattern_theorem(dims) if game is not None else None
    patterns = [
        _judge(game, family, c, region, max_options) if game is not None else _fits(c, region)
        for c in _distinct(candidates, region, stated[0] if stated else None)
    ]
    if dims == 2 and not patterns and region.start == (0, 0) and region.size >= 64:
        # a game written without refusing an empty pile: the rule may start at (1, 1)
        inner = Region(region.variables, (1, 1), region.stop)
        corner = [list(row[1:]) for row in table[1:]]
        patterns = [
            _judge(game, family, c, inner, max_options) if game is not None else _fits(c, inner)
            for c in _two_dimensional(corner, inner, False)
        ]
        patterns = [
            p.with_status(p.status, note="; ".join(filter(None, [_FROM_ONE, p.note])))
            for p in patterns
        ]
        searched += " (these two also from (1, 1) on)"
    patterns.sort(key=lambda p: (list(Status).index(p.status), p.size))
    p_positions: tuple[Any, ...] = ()
    p_checks: tuple[str, ...] = ()
    rows: tuple[Any, ...] = ()
    if dims == 2:
        import numpy as np

        from .p_positions import find_p_position_patterns
        from .rows import row_periodicities

        array = np.array(table, dtype=np.int64)
        if region.start == (0, 0):
            p_positions = tuple(find_p_position_patterns(array))
            if game is not None:
                p_checks = tuple(
                    _p_status(game, family, p.is_p, region, max_options) for p in p_positions
                )
            # Rows named by their index from 0; a period is claimed only when it and its
            # preperiod take less than half the row (as in one dimension).
            # Columns too when the table is not symmetric (a symmetric one repeats its rows).
            symmetric = array.shape[0] == array.shape[1] and (array == array.T).all()
            axes = ("row",) if symmetric else ("row", "column")
            rows = tuple(
                r
                for axis in axes
                for r in row_periodicities(array, axis=axis)
                if 2 * (r.periodicity.preperiod + r.periodicity.period)
                <= array.shape[1 if axis == "row" else 0]
            )
    return PatternReport(
        game=name,
        region=region,
        values=frozen(table),
        patterns=tuple(patterns[:LIMIT]),
        searched=searched,
        gave_up=gave_up,
        p_positions=p_positions,
        p_checks=p_checks,
        rows=rows,
    )


def _distinct(candidates: list[Candidate], region: Region, stated: str | None) -> list[Candidate]:
    """One candidate for each continuation beyond the table (all agree on it), so
    ``2*n + evil(n)`` hides ``2*n ^ evil(n)`` and each is checked once: the one a theorem
    states if there is one, else the simplest."""
    import itertools

    far = [range(hi, hi + 12) for hi in region.stop]
    probes = list(itertools.product(*far)) + [tuple([2**61 + 3 + i] * len(far)) for i in range(6)]
    groups: dict[tuple[Any, ...], list[Candidate]] = {}
    for candidate in sorted(candidates, key=lambda c: c.size):
        if candidate.kind == "piecewise-periodic":  # kept: its own theorem may prove it
            groups[(id(candidate),)] = [candidate]
            continue
        try:
            key = tuple(candidate.function(*p) for p in probes)
        except Exception:  # noqa: BLE001 - a formula undefined there is a continuation too
            key = (id(candidate),)
        groups.setdefault(key, []).append(candidate)
    return [next((c for c in group if c.formula == stated), group[0]) for group in groups.values()]


def _p_status(
    game: Any, family: Callable[..., Any], is_p: Callable[..., bool], region: Region, budget: int
) -> str:
    """The P-position rule checked against the rules: "verified on ..." or where it fails."""
    check = p_position_check(game, family, is_p, region, max_options=budget)
    if check.failure:
        return f"fits the table; {check.failure}"
    if check.checked is None:
        return "fits the table"
    return f"verified on {check.checked}: P exactly where no option is P"


def _dims_of(values: Sequence[Any]) -> int:
    depth, probe = 0, values
    while isinstance(probe, Sequence) or hasattr(probe, "shape"):
        depth += 1
        if len(probe) == 0:
            break
        probe = probe[0]
    return max(1, depth)


def _table_of(values: Sequence[Any], dims: int) -> list[Any]:
    table = (
        values.tolist()
        if hasattr(values, "tolist")
        else [list(r) if dims > 1 else r for r in values]
    )
    if not table:
        raise InvalidPositionError("the table of values is empty")
    return table


def _stop(start: Sequence[int] | None, table: list[Any], dims: int) -> tuple[int, ...]:
    first = tuple(start or (0,) * dims)
    shape, probe = [], table
    for _ in range(dims):
        shape.append(len(probe))
        probe = probe[0]
    return tuple(x + s for x, s in zip(first, shape, strict=True))


def _first_indices(game: Any, family: Callable[..., Any], dims: int) -> tuple[int, ...]:
    """0 for each variable, or 1 where index 0 is no position (coins numbered from 1)."""
    first = [0] * dims
    for axis in range(dims):
        probe = [1] * dims
        probe[axis] = 0
        try:
            game.check_position(family(*probe))
        except GrundyError:
            first[axis] = 1
    return tuple(first)


def _compute(game: Any, family: Callable[..., Any], region: Region) -> list[Any]:
    """The SG values by the rules alone (``use_formula=False``), smallest indices first."""
    values: dict[tuple[int, ...], int] = {}
    for indices in region:  # small before large, so the search's memo grows bottom-up
        try:
            position = family(*indices)
        except GrundyError as exc:
            hint = "; its positions may need two indices (--dims 2)" if len(indices) == 1 else ""
            raise InvalidPositionError(f"{exc}{hint}") from None
        values[indices] = game.grundy(position, use_formula=False)
    lo, hi = region.start, region.stop
    if len(lo) == 1:
        return [values[(n,)] for n in range(lo[0], hi[0])]
    if len(lo) == 2:
        return [[values[a, b] for b in range(lo[1], hi[1])] for a in range(lo[0], hi[0])]
    return [
        [[values[a, b, c] for c in range(lo[2], hi[2])] for b in range(lo[1], hi[1])]
        for a in range(lo[0], hi[0])
    ]


def frozen(table: Any) -> Any:
    """A table as nested tuples of ints (what a report keeps)."""
    return tuple(frozen(x) for x in table) if isinstance(table, list) else int(table)


def _candidates(
    table: list[Any], region: Region, max_size: int, max_candidates: int, deadline: float | None
) -> tuple[list[Candidate], str, str]:
    """Every formula that reproduces the table, and the search space in words."""
    import numpy as np

    from .expressions import search_expressions

    array = np.array(table, dtype=np.int64)
    if (array < 0).any():
        raise InvalidPositionError("a table of SG values has no negative value")
    found: list[Candidate] = []
    variables = region.variables

    def expressions(mask: Any, budget: int) -> Any:
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        return search_expressions(
            array,
            variables,
            offsets=region.start,
            mask=mask,
            max_size=max_size,
            max_candidates=budget,
            seconds=left,
        )

    result = expressions(None, max_candidates)
    found += [Candidate(e.text, e.function, "expression", e.size) for e in result.found]
    searched = f"expressions of size ≤ {result.max_size} ({result.candidates:,} candidates)"
    gave_up = result.reason
    if len(variables) == 2:
        found += _two_dimensional(array, region, bool(result.found))
        searched += ", f(s(a) ∘ t(b)) up to 8 nodes, and rules periodic by region"
    if len(variables) == 1:
        values = [int(v) for v in table]
        n0 = region.start[0]
        found += periodic_candidates(values, n0)
        found += halving_candidates(values, n0)
        found += shifted_candidates(values, n0)
        searched += ", periods, arithmetic periods, recurrences on n // 2, known sequences shifted"
        if not found:  # an expression from some n on, the first values listed
            for skip in _EXCEPTIONS:
                if skip * 4 > len(values):
                    break
                mask = np.arange(len(values)) >= skip
                late = expressions(mask, max_candidates // len(_EXCEPTIONS))
                for e in late.found[:1]:
                    head = values[:skip]
                    text = f"{e.text} for n ≥ {n0 + skip} ({' '.join(map(str, head))} before)"
                    function = with_exceptions(head, n0, e.function)
                    listed = ListedThen(tuple(head), n0, e.text)
                    found.append(
                        Candidate(text, function, "expression", e.size + skip, rule=listed)
                    )
                if found:
                    break
            searched += (
                f", and expressions from n = {n0 + _EXCEPTIONS[0]}…{n0 + _EXCEPTIONS[-1]} on"
            )
        if not found:  # one expression for each residue of n mod k
            found += _by_residue(array, n0, expressions, max_candidates)
            searched += ", and one expression for each n mod 2, 3 or 4"
    # A formula as long as half the data it explains is a description, not a pattern.
    return [c for c in found if 2 * c.size <= array.size], searched, gave_up


def _two_dimensional(array: Any, region: Region, have_expression: bool) -> list[Candidate]:
    """The two-index candidates: a separable expression (when the general search found
    none) and a rule periodic in three directions."""
    from .plane import fit_plane_periodicity
    from .separable import search_separable

    found = []
    if not have_expression:
        separable = search_separable(array, region.variables, offsets=region.start)
        found += [Candidate(e.text, e.function, "expression", e.size) for e in separable.found]
    start = (region.start[0], region.start[1])
    plane = fit_plane_periodicity(array, start)
    if plane is not None:
        found.append(Candidate(plane.text(), plane, "piecewise-periodic", plane.size, rule=plane))
    return found


def _by_residue(
    array: Any, n0: int, expressions: Callable[[Any, int], Any], budget: int
) -> list[Candidate]:
    """A piecewise formula: for each residue r of n mod k, an expression (k = 2, 3, 4)."""
    import numpy as np

    n = np.arange(n0, n0 + len(array))
    for k in (2, 3, 4):
        if len(array) < 4 * k:
            break
        pieces = []
        for r in range(k):
            found = expressions(n % k == r, budget // 9).found
            if not found:
                break
            pieces.append(found[0])
        if len(pieces) < k:
            continue
        functions = [e.function for e in pieces]

        def function(x: int, functions: list[Callable[[int], int]] = functions, k: int = k) -> int:
            return functions[x % k](x)

        text = "; ".join(f"n ≡ {r} (mod {k}): {e.text}" for r, e in enumerate(pieces))
        size = k + sum(e.size for e in pieces)
        rule = ByResidue(tuple(e.text for e in pieces))
        return [Candidate(text, function, "piecewise", size, rule=rule)]
    return []


def _fits(candidate: Candidate, region: Region) -> Pattern:
    return Pattern(
        formula=candidate.formula,
        function=candidate.function,
        variables=region.variables,
        kind=candidate.kind,
        size=candidate.size,
        region=region,
        rule=candidate.rule,
    )


def _judge(
    game: Any, family: Callable[..., Any], candidate: Candidate, region: Region, max_options: int
) -> Pattern:
    """The candidate with its status: the mex check, then a theorem if one applies."""
    pattern = _fits(candidate, region)
    check = mex_check(game, family, candidate.function, region, max_options=max_options)
    if check.failure:
        return pattern.with_status(Status.FITS, checked=None, failure=check.failure)
    if check.checked is None:
        return pattern
    pattern = pattern.with_status(Status.VERIFIED, checked=check.checked)
    if candidate.kind == "piecewise-periodic":
        return _window_status(game, family, pattern, max_options)
    theorem = _theorem(game, candidate, region)
    if theorem:
        return pattern.with_status(Status.PROVED, theorem=theorem)
    return pattern


def _window_status(
    game: Any, family: Callable[..., Any], pattern: Pattern, max_options: int
) -> Pattern:
    """A periodic rule of a game of offsets: proved by the finite-window theorem when the
    game declares its offsets; when it does not, the offsets its moves made on the table."""
    from .window import THEOREM, declared_offsets, infer_offsets, prove_on_window

    offsets = declared_offsets(game, 2)
    inferred = offsets is None
    if offsets is None:
        offsets = infer_offsets(game, family, pattern.region, max_options=max_options)
        if offsets is None:
            return pattern
    proof = prove_on_window(game, family, pattern.rule, offsets, max_options=max_options)
    moves = ", ".join(f"({a}, {b})" for a, b in offsets)
    if not proof.proved:
        return pattern.with_status(pattern.status, note=f"no proof by the window: {proof.failure}")
    if inferred:
        return pattern.with_status(
            pattern.status,
            note=(
                f"the mex rule also holds on the window {proof.window}, which proves it "
                f"everywhere if the moves are the offsets {moves} at every position, as on "
                "the table: declare them (pattern_offsets) to have it proved"
            ),
        )
    return pattern.with_status(
        Status.PROVED, theorem=f"{THEOREM}: moves by {moves}, mex rule checked on {proof.window}"
    )


def _theorem(game: Any, candidate: Candidate, region: Region) -> str:
    """The name of a theorem that proves the candidate for the whole family, or ""."""
    stated = game.pattern_theorem(len(region.variables))
    if stated is not None and stated[0] == candidate.formula:
        return stated[1]
    if candidate.periodicity is not None and region.start == (0,):
        return _period_theorem(game, candidate.function, candidate.periodicity)
    return ""


def _period_theorem(game: Any, function: Callable[[int], int], claimed: Periodicity) -> str:
    """A heap game's periodicity theorem, when the candidate equals its certified period.

    Two sequences periodic from n0 and n1 with periods p and q are equal everywhere
    when they agree for n < max(n0, n1) + lcm(p, q).
    """
    import math

    from ..heaps import HeapCode, find_period
    from ..heaps.periods import certificate_bound

    code = getattr(game, "rules", None)
    if not isinstance(code, HeapCode) or claimed.saltus:
        return ""
    try:
        sequence = find_period(code, max_values=1 << 16)
    except GrundyError:
        return ""
    proved = sequence.periodicity
    if proved is None or not proved.certified or proved.saltus:
        return ""
    reach = max(proved.preperiod, claimed.preperiod) + math.lcm(proved.period, claimed.period)
    if reach > 1 << 20 or any(function(n) != sequence.value(n) for n in range(reach)):
        return ""
    found = certificate_bound(code, proved.preperiod, proved.period)
    return found[1] if found else ""
