"""The finite-window theorem: a periodic rule of a game that moves by fixed offsets,
checked on one finite box, holds everywhere."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import GrundyError, InvalidGameError
from .pattern import Region
from .plane import PlanePeriodicity
from .verify import mex_check

__all__ = [
    "THEOREM",
    "WindowProof",
    "declared_offsets",
    "infer_offsets",
    "prove_on_window",
    "weight",
]

#: How a proof by the window is named in a report.
THEOREM = "finite-window theorem"
#: Options up to this far beyond the region's far side are recognised by `infer_offsets`.
_MARGIN = 8


@dataclass(frozen=True, slots=True)
class WindowProof:
    """The outcome of :func:`prove_on_window`.

    `window` is the box whose mex check proves the rule (None if it could not be
    checked), `failure` says why the proof failed ("" when it holds), `options` counts
    the options valued.
    """

    window: Region | None
    failure: str
    options: int

    @property
    def proved(self) -> bool:
        return self.window is not None and not self.failure


def declared_offsets(game: Any, dims: int) -> tuple[tuple[int, ...], ...] | None:
    """The game's ``pattern_offsets(dims)``, checked: nonzero integer vectors of `dims`
    entries, all decreasing one positive weight (so that play ends), or None.

    Raises
    ------
    InvalidGameError
        The game declares something else.

    Examples
    --------
    >>> from grundy.patterns.window import declared_offsets
    >>> class Knight(gr.ImpartialGame):
    ...     def pattern_offsets(self, dims):
    ...         return [(-2, 1), (-2, -1), (1, -2), (-1, -2)]
    >>> declared_offsets(Knight(), 2)
    ((-2, 1), (-2, -1), (1, -2), (-1, -2))
    """
    raw = game.pattern_offsets(dims)
    if raw is None:
        return None
    try:
        offsets = tuple(tuple(int(x) for x in v) for v in raw)
    except (TypeError, ValueError):
        raise InvalidGameError(
            f"{game!r}.pattern_offsets({dims}) must give tuples of integers, not {raw!r}"
        ) from None
    if not offsets or any(len(v) != dims or not any(v) for v in offsets):
        raise InvalidGameError(
            f"{game!r}.pattern_offsets({dims}) must give nonzero {dims}-tuples, not {raw!r}"
        )
    if weight(offsets) is None:
        raise InvalidGameError(
            f"{game!r}.pattern_offsets({dims}) = {list(offsets)}: no positive weight that "
            "every move decreases, so play might not end"
        )
    return offsets


def weight(offsets: Sequence[tuple[int, ...]]) -> tuple[int, ...] | None:
    """Positive integers w (each at most 8) with w·v < 0 for every offset v, or None:
    moves by such offsets lower w·x, so play ends (and induction on w·x works).

    Examples
    --------
    >>> from grundy.patterns.window import weight
    >>> weight([(-2, 1), (1, -2)]), weight([(1, 0), (-1, 0)])
    ((1, 1), None)
    """
    dims = len(offsets[0])
    for w in itertools.product(range(1, 9), repeat=dims):
        if all(sum(x * y for x, y in zip(w, v, strict=True)) < 0 for v in offsets):
            return w
    return None


def _index(game: Any, family: Callable[..., Any], box: Region) -> dict[Hashable, tuple[int, ...]]:
    canonical = game.canonical if game.defines("canonical") else (lambda p: p)
    found: dict[Hashable, tuple[int, ...]] = {}
    for indices in box:
        with contextlib.suppress(GrundyError):
            found[canonical(game.check_position(family(*indices)))] = indices
    return found


def infer_offsets(
    game: Any, family: Callable[..., Any], region: Region, *, max_options: int = 200_000
) -> tuple[tuple[int, ...], ...] | None:
    """The offsets the moves make at every position of `region`, if they are the same ones.

    Not a proof of anything beyond the region: it tells a game's author which offsets
    to declare in ``pattern_offsets``.

    Examples
    --------
    >>> from grundy.patterns import Region
    >>> from grundy.patterns.window import infer_offsets
    >>> class King(gr.ImpartialGame):
    ...     def moves(self, p):
    ...         a, b = p
    ...         return [(x, y) for x, y in ((a - 1, b), (a, b - 1), (a - 1, b - 1)) if x >= 0 <= y]
    >>> infer_offsets(King(), lambda a, b: (a, b), Region(("a", "b"), (0, 0), (8, 8)))
    ((-1, -1), (-1, 0), (0, -1))
    """
    canonical = game.canonical if game.defines("canonical") else (lambda p: p)
    margin = tuple(hi + _MARGIN for hi in region.stop)
    known = _index(game, family, Region(region.variables, region.start, margin))
    options = 0
    moves: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for indices in region:
        try:
            option_list = game.options(game.check_position(family(*indices)))
        except GrundyError:
            return None
        options += len(option_list)
        if options > max_options:
            return None
        steps = set()
        for option in option_list:
            target = known.get(canonical(option)) if isinstance(option, Hashable) else None
            if target is None:
                return None  # not of the family, or farther than the margin
            steps.add(tuple(t - i for t, i in zip(target, indices, strict=True)))
        moves[indices] = steps
    offsets = tuple(sorted(set().union(*moves.values())))
    if not offsets or weight(offsets) is None:
        return None
    # Each offset is a move wherever its target has indices at or above the first ones.
    for indices, steps in moves.items():
        for v in offsets:
            legal = all(i + x >= lo for i, x, lo in zip(indices, v, region.start, strict=True))
            if (v in steps) != legal:
                return None
    return offsets


def prove_on_window(
    game: Any,
    family: Callable[..., Any],
    rule: PlanePeriodicity,
    offsets: Sequence[tuple[int, ...]],
    *,
    max_options: int = 1_000_000,
) -> WindowProof:
    """Check a :class:`PlanePeriodicity` on the window that proves it for a game of offsets.

    The options of every cell of the window must be the declared offsets' (legal
    within the family's first indices), and the rule's value at each must be the mex of
    the rule's values at its options. Then the rule is the SG function everywhere.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.plane import fit_plane_periodicity
    >>> from grundy.patterns.window import prove_on_window
    >>> class King(gr.ImpartialGame):
    ...     def moves(self, p):
    ...         return [(p[0] + i, p[1] + j) for i, j in self.pattern_offsets(2)
    ...                 if p[0] + i >= 0 <= p[1] + j]
    ...     def pattern_offsets(self, dims):
    ...         return [(-1, 0), (0, -1), (-1, -1)]
    >>> table = [[King().grundy((a, b)) for b in range(24)] for a in range(24)]
    >>> proof = prove_on_window(King(), lambda a, b: (a, b), fit_plane_periodicity(table),
    ...                         King().pattern_offsets(2))
    >>> proof.proved, str(proof.window)
    (True, '0 ≤ a < 7, 0 ≤ b < 7')

    Notes
    -----
    The finite-window theorem (stated and proved in docs/tutorial.md): with moves
    x -> x + v (v in V, |v_i| <= R, legal while x + v stays in the quadrant, every v
    decreasing a positive weight), a rule with the three periodicities of
    :class:`PlanePeriodicity` gives each cell outside the box [0, K)^2 of
    :meth:`PlanePeriodicity.window` the same value and the same options' values as a
    cell inside it; so the mex rule holds everywhere once it holds in the box, and by
    induction on the weight the rule is the SG function.
    """
    reach = max(abs(x) for v in offsets for x in v)
    side = rule.window(reach)
    # the options valued, and the positions indexed, before building anything
    if side * side * len(offsets) + (side + reach) ** 2 > max_options:
        too_many = (
            f"the window of side {side:,} with {len(offsets):,} moves needs more than "
            f"max_options = {max_options:,} options"
        )
        return WindowProof(None, too_many, 0)
    a0, b0 = rule.start
    window = Region(("a", "b"), (a0, b0), (a0 + side, b0 + side))
    around = Region(("a", "b"), (a0, b0), (a0 + side + reach, b0 + side + reach))
    known = _index(game, family, around)
    canonical = game.canonical if game.defines("canonical") else (lambda p: p)
    count = 0
    for a, b in window:
        try:
            options = game.options(game.check_position(family(a, b)))
        except GrundyError as exc:
            return WindowProof(None, f"({a}, {b}) is not a position: {exc}", count)
        count += len(options)
        if count > max_options:
            too_many = f"the window {window} needs over {max_options:,} options"
            return WindowProof(None, too_many, count)
        # the positions themselves, not their canonical forms: a heap game's canonical
        # form forgets which heap is which ((0, 1) and (1, 0) are both (1,))
        targets = {
            game.check_position(family(a + i, b + j))
            for i, j in offsets
            if a + i >= a0 and b + j >= b0
        }
        if set(options) != targets or len(options) != len(targets):
            return WindowProof(
                None,
                f"the moves of ({a}, {b}) are not the declared offsets {list(offsets)}",
                count,
            )
    check = mex_check(
        game,
        family,
        rule,
        window,
        index_of=lambda position: known.get(canonical(position)),
        max_options=max_options,
    )
    if check.failure or check.checked != window:
        return WindowProof(None, check.failure or "the mex check ran out of budget", count)
    return WindowProof(window, "", count + check.options)
