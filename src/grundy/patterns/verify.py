"""The mex check: does a formula satisfy the rules at every position of a region?"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from ..core.errors import GrundyError
from ..core.solver import mex
from ..core.sums import Sum
from .pattern import Region

__all__ = ["MexCheck", "mex_check", "p_position_check", "DEFAULT_MAX_OPTIONS"]

#: Options valued in one check, at most: the check stops there and reports the part of
#: the region it finished.
DEFAULT_MAX_OPTIONS = 1_000_000


@dataclass(frozen=True)
class MexCheck:
    """The result of a mex check.

    Attributes
    ----------
    checked : Region or None
        The largest box from the region's start in which the rule holds everywhere
        (None when it fails at the very first position).
    failure : str
        Where it fails ("" if it holds on all of `checked`, which is then the region
        unless the budget ran out).
    searched : int
        Options outside the family, valued by the game's own search.
    options : int
        Options valued in all.
    """

    checked: Region | None
    failure: str
    searched: int
    options: int


def mex_check(
    game: Any,
    family: Callable[..., Any],
    function: Callable[..., int],
    region: Region,
    *,
    index_of: Callable[[Any], tuple[int, ...] | None] | None = None,
    max_options: int = DEFAULT_MAX_OPTIONS,
) -> MexCheck:
    """Check that ``function(*i)`` is the mex of its options' values at each `i` of `region`.

    An option is valued by `function` when it is a position of the family (found by
    `index_of`, or among the region's positions), as the XOR of its parts' values when
    it is a sum or has components (the Sprague-Grundy theorem), and otherwise by the
    game's own search. If the rule holds at every position of a box closed under
    options, the formula is the SG value there, by induction.

    Parameters
    ----------
    game : ImpartialGame
    family : callable
        Indices -> position.
    function : callable
        Indices -> the claimed value.
    region : Region
    index_of : callable, optional
        Position -> its indices in the family, or None if it is not one (the default
        looks the position up among the region's).
    max_options : int
        Stop after valuing this many options; ``checked`` is then the part finished.

    Examples
    --------
    >>> from grundy.patterns import Region
    >>> from grundy.patterns.verify import mex_check
    >>> from grundy.games import Bash
    >>> region = Region(("n",), (0,), (50,))
    >>> str(mex_check(Bash(3), lambda n: n, lambda n: n % 4, region).checked)
    '0 ≤ n < 50'
    >>> mex_check(Bash(3), lambda n: n, lambda n: n % 5, region).failure
    'the mex rule fails at n = 4: the formula gives 4, the mex of its options is 0'
    """
    canonical = game.canonical if game.defines("canonical") else (lambda p: p)
    known: dict[Hashable, tuple[int, ...]] = {}
    for indices in region:
        try:
            known[canonical(game.check_position(family(*indices)))] = indices
        except GrundyError:
            continue
    searched = options = 0
    claimed: dict[tuple[int, ...], int] = {}  # the formula at each index, computed once

    def formula(indices: tuple[int, ...]) -> int:
        found = claimed.get(indices)
        if found is None:
            found = claimed[indices] = function(*indices)
        return found

    def value(position: Any) -> int:
        nonlocal searched
        indices = known.get(canonical(position)) if not isinstance(position, Sum) else None
        if indices is None and index_of is not None:
            indices = index_of(position)
        if indices is not None:
            return formula(indices)
        parts = game.parts(position)
        if parts is not None:
            total = 0
            for part in parts:
                total ^= value(part)
            return total
        searched += 1
        return int(game.grundy(position, use_formula=False))

    done = 0  # the extent of the box finished
    for indices in region:
        extent = max(x - lo for x, lo in zip(indices, region.start, strict=True))
        if extent > done:
            done = extent
        position = family(*indices)
        try:
            position = game.check_position(position)
        except GrundyError:
            continue
        option_list = game.options(position)
        options += len(option_list)
        if options > max_options:
            checked = region.shrunk(done) if done else None
            return MexCheck(checked, "", searched, options)
        says = formula(indices)
        rule = mex({value(o) for o in option_list})
        if says != rule:
            where = ", ".join(f"{v} = {x}" for v, x in zip(region.variables, indices, strict=True))
            failure = (
                f"the mex rule fails at {where}: the formula gives {says}, "
                f"the mex of its options is {rule}"
            )
            return MexCheck(region.shrunk(done) if done else None, failure, searched, options)
    return MexCheck(region, "", searched, options)


def p_position_check(
    game: Any,
    family: Callable[..., Any],
    is_p: Callable[..., bool],
    region: Region,
    *,
    max_options: int = DEFAULT_MAX_OPTIONS,
) -> MexCheck:
    """Check a rule for the P-positions against the rules, at each position of `region`.

    A position is P exactly when none of its options is P: the rule must say P where
    no option is P by the rule (and N where one is). Options in the family are judged
    by the rule, others by the game's search.

    Examples
    --------
    >>> from grundy.patterns import Region
    >>> from grundy.patterns.verify import p_position_check
    >>> from grundy.games import Nim
    >>> region = Region(("a", "b"), (0, 0), (12, 12))
    >>> check = p_position_check(Nim(), lambda a, b: (a, b), lambda a, b: a == b, region)
    >>> str(check.checked), check.failure
    ('0 ≤ a < 12, 0 ≤ b < 12', '')
    """
    canonical = game.canonical if game.defines("canonical") else (lambda p: p)
    known: dict[Hashable, tuple[int, ...]] = {}
    for indices in region:
        with contextlib.suppress(GrundyError):
            known[canonical(game.check_position(family(*indices)))] = indices
    searched = options = done = 0
    for indices in region:
        done = max(done, max(x - lo for x, lo in zip(indices, region.start, strict=True)))
        try:
            position = game.check_position(family(*indices))
        except GrundyError:
            continue
        option_list = game.options(position)
        options += len(option_list)
        if options > max_options:
            return MexCheck(region.shrunk(done) if done else None, "", searched, options)
        has_p_option = False
        for option in option_list:
            found = known.get(canonical(option)) if not isinstance(option, Sum) else None
            if found is not None:
                has_p_option = bool(is_p(*found))
            else:
                searched += 1
                has_p_option = game.is_p_position(option)
            if has_p_option:
                break
        if bool(is_p(*indices)) == has_p_option:
            where = ", ".join(f"{v} = {x}" for v, x in zip(region.variables, indices, strict=True))
            said = "P" if is_p(*indices) else "N"
            failure = (
                f"the P-position rule fails at {where}: it says {said}, "
                f"but the position {'has' if has_p_option else 'has no'} P option"
            )
            return MexCheck(region.shrunk(done) if done else None, failure, searched, options)
    return MexCheck(region, "", searched, options)
