"""Loopy values given by their two sides, ``A & B``: :class:`SidedValue`, :func:`loopy_value`.

Every game G is its onside and offside, G = G⁺ & G⁻ (Siegel, *Combinatorial Game
Theory*, VI.4); when the two are one stopper, G is that stopper. Sums add onsides by
upsum and offsides by downsum. Importing this module leaves :func:`loopy_value` and
:func:`sided` with :mod:`~grundy.partizan.loopy.stopper`, below it, for the sums of
stoppers that are not stoppers.
"""

from __future__ import annotations

from ...core.errors import InvalidGameError
from ...core.outcome import Outcome
from .graph import LoopyGame
from .outcome import LoopyOutcome
from .sides import offside_graph, onside_graph
from .simplify import simplest_form
from .stopper import SIDED, LoopyValue, Stopper, StopperLike, _as_stopper, _coerce
from .survival import DEFAULT_MAX_STATES

__all__ = ["SidedValue", "sided", "loopy_value"]


class SidedValue(LoopyValue):
    """A loopy value given by its sides, onside & offside (offside <= onside, and the two
    different: equal sides are a :class:`Stopper`). Make one with ``A & B``,
    :func:`sided` or :func:`~grundy.partizan.loopy.parse_loopy`.

    Examples
    --------
    >>> from grundy.partizan.loopy import Stopper, parse_loopy
    >>> v = parse_loopy("{on||0|-1/2} & {1/2|0||off}")
    >>> str(v.onside), str(v.offside), str(-v)
    ('{on||0|-1/2}', '{1/2|0||off}', '{on||0|-1/2} & {1/2|0||off}')
    >>> str(Stopper("on") & Stopper("off")), (Stopper("on") & Stopper("off")).outcome
    ('dud', LoopyOutcome.D)
    """

    __slots__ = ("_onside", "_offside")

    def __init__(self, onside: StopperLike, offside: StopperLike) -> None:
        on, off = _as_stopper(onside), _as_stopper(offside)
        if on is off:
            raise InvalidGameError(f"{on} & {on} has equal sides: it is the stopper {on}")
        if not off <= on:
            raise InvalidGameError(f"{on} & {off}: the offside must be <= the onside")
        self._onside, self._offside = on, off

    @property
    def onside(self) -> Stopper:
        """The onside: the stopper the game is when Left wins infinite plays."""
        return self._onside

    @property
    def offside(self) -> Stopper:
        """The offside: the stopper the game is when Right wins infinite plays."""
        return self._offside

    @classmethod
    def _of(cls, onside: Stopper, offside: Stopper) -> SidedValue:
        """The pair, unchecked (the sides of a value already known)."""
        found = object.__new__(cls)
        found._onside, found._offside = onside, offside
        return found

    def __add__(self, other: object) -> Stopper | SidedValue:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return sided(self.onside.upsum(h.onside), self.offside.downsum(h.offside))

    __radd__ = __add__

    def __neg__(self) -> SidedValue:
        return SidedValue._of(-self.offside, -self.onside)

    def __sub__(self, other: object) -> LoopyValue:
        h = _coerce(other)
        return NotImplemented if h is None else self + (-h)  # type: ignore[operator]

    def __rsub__(self, other: object) -> LoopyValue:
        h = _coerce(other)
        return NotImplemented if h is None else h + (-self)  # type: ignore[no-any-return, operator]

    def __le__(self, other: object) -> bool:
        """Each side at most the other value's (CGSuite's SidedValue ``<=``)."""
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return self.onside <= h.onside and self.offside <= h.offside

    def __ge__(self, other: object) -> bool:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return h.onside <= self.onside and h.offside <= self.offside

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SidedValue):
            return self.onside is other.onside and self.offside is other.offside
        return False if isinstance(other, Stopper) or _coerce(other) is not None else NotImplemented

    def __hash__(self) -> int:
        return hash(("sided", self.onside, self.offside))

    @property
    def outcome(self) -> LoopyOutcome:
        """The outcome class, draws included, from the sides' (CGSuite's SidedValue).

        Examples
        --------
        >>> from grundy.partizan.loopy import parse_loopy
        >>> parse_loopy("dud").outcome, parse_loopy("1 & *").outcome
        (LoopyOutcome.D, LoopyOutcome.NHAT)
        """
        on, off = self.onside.outcome, self.offside.outcome
        left_first = (
            1 if off in (Outcome.L, Outcome.N) else (-1 if on in (Outcome.R, Outcome.P) else 0)
        )
        right_first = (
            -1 if on in (Outcome.R, Outcome.N) else (1 if off in (Outcome.L, Outcome.P) else 0)
        )
        return LoopyOutcome.of(left_first, right_first)

    def is_idempotent(self) -> bool:
        """V + V = V.

        Examples
        --------
        >>> from grundy.partizan.loopy import parse_loopy
        >>> parse_loopy("over & under").is_idempotent(), parse_loopy("1 & *").is_idempotent()
        (True, False)
        """
        return self + self == self

    def is_infinitesimal(self) -> bool:
        """Both sides are infinitesimal.

        Examples
        --------
        >>> from grundy.partizan.loopy import parse_loopy
        >>> parse_loopy("over & under").is_infinitesimal(), parse_loopy("dud").is_infinitesimal()
        (True, False)
        """
        return self.onside.is_infinitesimal() and self.offside.is_infinitesimal()

    def is_numberish(self) -> bool:
        """The onside's strong Left stop is the offside's strong Right stop.

        Examples
        --------
        >>> from grundy.partizan.loopy import parse_loopy
        >>> parse_loopy("over & under").is_numberish(), parse_loopy("dud").is_numberish()
        (True, False)
        """
        return self.onside._strong_stop(True) == self.offside._strong_stop(False)

    def __str__(self) -> str:
        if str(self.onside) == "on" and str(self.offside) == "off":
            return "dud"
        return f"{self.onside} & {self.offside}"

    def __repr__(self) -> str:
        return f"SidedValue({self.onside!r}, {self.offside!r})"


def sided(onside: StopperLike, offside: StopperLike) -> Stopper | SidedValue:
    """The value with these sides: the stopper when they are equal (CGSuite's
    StopperSidedValue).

    Examples
    --------
    >>> from grundy.partizan.loopy import sided
    >>> str(sided("over", "over")), str(sided("on", "off"))
    ('over', 'dud')
    """
    on, off = _as_stopper(onside), _as_stopper(offside)
    return on if on is off else SidedValue(on, off)


def loopy_value(g: LoopyGame, max_states: int = DEFAULT_MAX_STATES) -> Stopper | SidedValue:
    """The value of a game graph: its simplest form when it is a stopper, else its sides.

    Parameters
    ----------
    g : LoopyGame
        The game graph.
    max_states : int
        The most states one comparison of two graphs may search (pairs of vertices, times
        two players to move): the simplest form of an n-vertex stopper compares 2n²
        states at once.

    Raises
    ------
    PositionLimitError
        A comparison would need more than `max_states` states.
    NotStopperSidedError
        A side is not found equal to a stopper (a carousel).

    Examples
    --------
    >>> from grundy.partizan.loopy import loopy_game, loopy_value
    >>> str(loopy_value(loopy_game("{0, pass | 0}"))), str(loopy_value(loopy_game("over - over")))
    ('^[on]*', 'over & under')
    """
    if g.is_stopper():
        return Stopper._of_simplest(simplest_form(g, max_states))
    on = Stopper._of_simplest(onside_graph(g, max_states))
    return sided(on, Stopper._of_simplest(offside_graph(g, max_states)))


SIDED.update(value=loopy_value, pair=sided)
