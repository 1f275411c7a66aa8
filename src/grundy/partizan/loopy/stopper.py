"""Loopy values: :class:`Stopper`, one object per value, and :class:`SidedValue`, ``A & B``.

A :class:`Stopper` is a stopper in simplest form; a :class:`SidedValue` a game given by
its onside and offside.

A stopper is a loopy game from which no play alternates forever; every stopper equals
exactly one stopper in simplest form (Siegel, *Combinatorial Game Theory*, VI.3), so, as
:class:`~grundy.partizan.CanonicalGame` does for short games, :class:`Stopper` keeps one
object per value: ``G == H`` is ``G is H``. Any other game is the pair of its sides
(VI.4); sums add onsides by upsum and offsides by downsum. What CGSuite computes of a
CanonicalStopper is here: options, followers, stops, outcome, degree of loopiness,
varieties (VI.5) and the predicates.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Union

from ...core.errors import InvalidGameError
from ...core.outcome import Outcome
from ..canonical import CanonicalGame, number
from .errors import NotIdempotentError, NotStableError, NotStopperError
from .graph import LoopyGame, canonical_ids
from .outcome import LoopyOutcome
from .reading import read_sides
from .sides import offside_graph, onside_graph
from .simplify import simplest_form
from .stops import Pseudonumber, VertexForms
from .survival import DEFAULT_MAX_STATES, le
from .writing import format_stopper, number_tiny_form

__all__ = ["Stopper", "SidedValue", "StopperLike", "loopy_value", "sided"]

#: What a stopper can be made from: a stopper, a short game, a number, a game graph or text.
StopperLike = Union["Stopper", CanonicalGame, int, Fraction, LoopyGame, str]
_STOPPERS: dict[int, Stopper] = {}
#: Upsums and downsums found: (smaller id, larger id, onside?) -> the side.
_SIDE_SUMS: dict[tuple[int, int, bool], Stopper] = {}


class Stopper:
    """A stopper in simplest form; one object per value.

    ``Stopper(x)`` takes CGSuite text (``"on"``, ``"{pass|3/2}"``, ``"a{0|{a|*}}"``), a short
    game, a number or a :class:`LoopyGame` that is a stopper. ``str`` writes CGSuite's
    notation; ``+``, ``-``, ``<=``, ``<``, ``|`` (confused) and ``&`` (the value with these
    sides) are the theory's operations; a sum that is not a stopper is a
    :class:`SidedValue`.

    Raises
    ------
    NotStopperError
        A game with an infinite alternating line of play.

    Examples
    --------
    >>> from grundy.partizan.loopy import Stopper
    >>> on, over = Stopper("on"), Stopper("over")
    >>> str(Stopper("{pass|3/2}")), over + over is over, on >= over > 0
    ('3/2under', True, True)
    >>> [str(g) for g in Stopper("+-{5|pass}").left_options], str(Stopper("{0|pass}").left_stop)
    (['5over'], 'over')
    >>> str(on - on), str(Stopper("upon") - Stopper("upon")), str(over.degree())
    ('dud', '^<on> & v<on>', 'over')
    """

    __slots__ = ("graph", "_id", "_forms", "_text")
    graph: LoopyGame
    _id: int
    _forms: VertexForms | None
    _text: str | None

    def __new__(cls, value: StopperLike = 0) -> Stopper:
        return _as_stopper(value)

    @classmethod
    def _of_simplest(cls, g: LoopyGame) -> Stopper:
        """The stopper whose simplest form (packed) is `g`."""
        key = canonical_ids(g)[0]
        found = _STOPPERS.get(key)
        if found is None:
            found = object.__new__(cls)
            found.graph, found._id, found._forms, found._text = g, key, None, None
            _STOPPERS[key] = found
        return found

    @property
    def _vertex_forms(self) -> VertexForms:
        if self._forms is None:
            self._forms = VertexForms(self.graph)
        return self._forms

    # ------------------------------------------------------------------ structure
    @property
    def left_options(self) -> tuple[Stopper, ...]:
        """Left's options (each a stopper in simplest form).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> [str(g) for g in Stopper("{pass|3/2}").left_options]
        ['3/2under']
        """
        return tuple(Stopper._of_simplest(self.graph.pack(w)) for w in self.graph.left[0])

    @property
    def right_options(self) -> tuple[Stopper, ...]:
        """Right's options.

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> [str(g) for g in Stopper("{pass|3/2}").right_options]
        ['3/2']
        """
        return tuple(Stopper._of_simplest(self.graph.pack(w)) for w in self.graph.right[0])

    @property
    def followers(self) -> tuple[Stopper, ...]:
        """The game and every position reachable from it, each once (CGSuite's Followers).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> sorted(str(f) for f in Stopper("over").followers)
        ['0', 'over']
        """
        return tuple(Stopper._of_simplest(self.graph.pack(v)) for v in range(self.graph.size))

    @property
    def follower_count(self) -> int:
        """The number of followers, the game included (CGSuite's FollowerCount).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> Stopper("+-{5|pass}").follower_count
        14
        """
        return self.graph.size

    @property
    def short(self) -> CanonicalGame | None:
        """The short game this is, or None when it loops.

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("{1|*}").short), Stopper("on").short
        ('{1|*}', None)
        """
        return self._vertex_forms.short[0]

    def is_loopfree(self) -> bool:
        """No cycle: a short game.

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> Stopper("{1|*}").is_loopfree(), Stopper("over").is_loopfree()
        (True, False)
        """
        return self.short is not None

    def is_plumtree(self) -> bool:
        """Every cycle is a pass (CGSuite's isPlumtree).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> Stopper("upon").is_plumtree(), Stopper("a{0||||0|||a|*||*}").is_plumtree()
        (True, False)
        """
        return self.graph.is_plumtree()

    def is_pseudonumber(self) -> bool:
        """A number, on, off, x over or x under (CGSuite's Pseudonumber).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> Stopper("{pass|3/2}").is_pseudonumber(), Stopper("upon").is_pseudonumber()
        (True, False)
        """
        return self._vertex_forms.pseudo[0] is not None

    def is_switch(self) -> bool:
        """G = -G.

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> Stopper("+-{0|pass}").is_switch(), Stopper("over").is_switch()
        (True, False)
        """
        return self is -self

    # ------------------------------------------------------------------ stops
    @property
    def left_stop(self) -> Stopper:
        """Left's stop, a pseudonumber (CGSuite's LeftStop).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("+-(5over)").left_stop), str(Stopper("{-1/4+*|pass}").left_stop)
        ('5over', '-1/4')
        """
        return _pseudonumber_stopper(self._vertex_forms.stop(0, left=True))

    @property
    def right_stop(self) -> Stopper:
        """Right's stop, a pseudonumber (CGSuite's RightStop).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("+-(5over)").right_stop), str(Stopper("{pass|3/2}").right_stop)
        ('-5under', '3/2under')
        """
        return _pseudonumber_stopper(self._vertex_forms.stop(0, left=False))

    def _strong_stop(self, left: bool) -> Pseudonumber:
        rank, x, _ = self._vertex_forms.stop(0, left)
        return (rank, x, 0)

    def is_infinitesimal(self) -> bool:
        """Both strong stops (over and under dropped) are 0.

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> Stopper("over").is_infinitesimal(), Stopper("on").is_infinitesimal()
        (True, False)
        """
        zero = (0, Fraction(0), 0)
        return self._strong_stop(True) == zero == self._strong_stop(False)

    def is_numberish(self) -> bool:
        """The strong stops are one number.

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> Stopper("{pass|3/2}").is_numberish(), Stopper("+-(5over)").is_numberish()
        (True, False)
        """
        stop = self._strong_stop(True)
        return stop[0] == 0 and stop == self._strong_stop(False)

    def is_number_tiny(self) -> bool:
        """{x || x | x - G} or {x + G | x || x} with G - x at most ``under`` (CGSuite's
        isNumberTiny).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> Stopper("{0||0|under}").is_number_tiny(), Stopper("+-over").is_number_tiny()
        (True, False)
        """
        return number_tiny_form(self.graph, self._vertex_forms, 0) is not None

    @property
    def outcome(self) -> Outcome:
        """L, R, N or P: who survives (a stopper has no draw when played alone).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> Stopper("on").outcome, Stopper("+-over").outcome, Stopper("{0|Tiny(on)}").outcome
        (Outcome.L, Outcome.N, Outcome.L)
        """
        zero = _as_stopper(0)
        if self is zero:
            return Outcome.P
        positive, negative = self >= zero, self <= zero
        if positive:
            return Outcome.L
        return Outcome.R if negative else Outcome.N

    # ------------------------------------------------------------------ arithmetic
    def __neg__(self) -> Stopper:
        return Stopper._of_simplest(-self.graph)

    def __add__(self, other: object) -> Stopper | SidedValue:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        if isinstance(h, SidedValue):
            return h + self
        return loopy_value(self.graph + h.graph)

    __radd__ = __add__

    def __sub__(self, other: object) -> Stopper | SidedValue:
        h = _coerce(other)
        return NotImplemented if h is None else self + (-h)

    def __rsub__(self, other: object) -> Stopper | SidedValue:
        h = _coerce(other)
        return NotImplemented if h is None else h + (-self)

    def __and__(self, other: object) -> Stopper | SidedValue:
        """``A & B``: the value with onside A and offside B (B <= A)."""
        h = _coerce(other)
        if not isinstance(h, Stopper):
            return NotImplemented
        return sided(self, h)

    def upsum(self, other: StopperLike) -> Stopper:
        """The onside of the sum (Left wins infinite plays): G +⁺ H (memoised).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("upon").upsum("^<on>")), str(Stopper("over").upsum("under"))
        ('{0|^<on>*}', 'over')
        """
        return self._side_sum(_as_stopper(other), onside=True)

    def downsum(self, other: StopperLike) -> Stopper:
        """The offside of the sum (Right wins infinite plays): G +⁻ H (memoised).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("upon").downsum("^<on>")), str(Stopper("over").downsum("under"))
        ('^[on]', 'under')
        """
        return self._side_sum(_as_stopper(other), onside=False)

    def _side_sum(self, h: Stopper, onside: bool) -> Stopper:
        key = (min(self._id, h._id), max(self._id, h._id), onside)
        found = _SIDE_SUMS.get(key)
        if found is None:
            total = self.graph + h.graph
            side = onside_graph(total) if onside else offside_graph(total)
            found = _SIDE_SUMS[key] = Stopper._of_simplest(side)
        return found

    # ------------------------------------------------------------------ order
    def __le__(self, other: object) -> bool:
        h = _coerce(other)
        if isinstance(h, SidedValue):
            return SidedValue._of(self, self) <= h
        return NotImplemented if h is None else le(self.graph, h.graph)

    def __ge__(self, other: object) -> bool:
        h = _coerce(other)
        if isinstance(h, SidedValue):
            return h <= SidedValue._of(self, self)
        return NotImplemented if h is None else le(h.graph, self.graph)

    def __lt__(self, other: object) -> bool:
        return self <= other and self != other

    def __gt__(self, other: object) -> bool:
        return self >= other and self != other

    def __or__(self, other: object) -> bool:
        """``G | H``: confused (incomparable)."""
        return not self <= other and not self >= other

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Stopper):
            return self is other
        h = _coerce(other)
        return h is self if h is not None else NotImplemented

    def __hash__(self) -> int:
        return hash(("stopper", self._id))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_from_rows, (self.graph.left, self.graph.right))

    def __str__(self) -> str:
        if self._text is None:
            self._text = format_stopper(self.graph)
        return self._text

    def __repr__(self) -> str:
        return f"Stopper({str(self)!r})"

    # ------------------------------------------------------------------ loopiness
    def is_idempotent(self) -> bool:
        """G + G = G.

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> Stopper("over").is_idempotent(), Stopper("{pass|3/2}").is_idempotent()
        (True, False)
        """
        return self.upsum(self) is self and self.downsum(self) is self

    def degree(self) -> Stopper:
        """The degree of loopiness, G +⁺ (-G); 0 for a short game (CGSuite's Degree).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("{pass|3/2}").degree()), str(Stopper("{0|pass}").degree())
        ('over', 'over')
        """
        return _as_stopper(0) if self.is_loopfree() else self.upsum(-self)

    def upsum_variety(self, degree: StopperLike) -> Stopper:
        """G +⁺ ((-G) +⁻ (-D)) for an idempotent D (CGSuite's UpsumVariety).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("upon").upsum_variety("^<on>"))
        'v<on>'
        """
        d = _idempotent(degree)
        return self.upsum((-self).downsum(-d))

    def downsum_variety(self, degree: StopperLike) -> Stopper:
        """G +⁻ ((-G) +⁺ D) for an idempotent D (CGSuite's DownsumVariety).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("upon").downsum_variety("^<on>"))
        'v<on>'
        """
        d = _idempotent(degree)
        return self.downsum((-self).upsum(d))

    def is_stable(self) -> bool:
        """The upsum and downsum varieties of its degree are one stopper (CGSuite's
        isStable).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> Stopper("+-{5|pass}").is_stable(), Stopper("a{0|{0||||0,*2|||a|0||0}||0}").is_stable()
        (True, False)
        """
        d = self.degree()
        return self.upsum_variety(d) is self.downsum_variety(d)

    def variety(self) -> Stopper:
        """The variety of a stable stopper (Siegel VI.5; CGSuite's Variety).

        Raises
        ------
        NotIdempotentError
            Its degree is not idempotent.
        NotStableError
            The upsum and downsum varieties differ.

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("+-{5|pass}").variety()), str(Stopper("{on|0||0}").variety())
        ('+-{10over|over}', 'Miny(on)')
        """
        d = self.degree()
        up = self.upsum_variety(d)
        if up is not self.downsum_variety(d):
            raise NotStableError(f"{self} is not stable: its upsum and downsum varieties differ")
        return up


def _idempotent(degree: StopperLike) -> Stopper:
    d = _as_stopper(degree)
    if not d.is_idempotent():
        raise NotIdempotentError(f"the variety degree {d} is not an idempotent (D + D != D)")
    return d


def _from_rows(left: Any, right: Any) -> Stopper:
    return Stopper._of_simplest(LoopyGame(left, right))


def _pseudonumber_stopper(p: Pseudonumber) -> Stopper:
    rank, x, tilt = p
    if rank:
        return Stopper._of_simplest(
            LoopyGame(((0,),), ((),)) if rank > 0 else LoopyGame(((),), ((0,),))
        )
    short = LoopyGame.from_short(number(x))
    if tilt == 0:
        return Stopper._of_simplest(short)
    shifted = (
        tuple(tuple(w + 1 for w in row) for row in short.left),
        tuple(tuple(w + 1 for w in row) for row in short.right),
    )
    left = ((1,) if tilt > 0 else (0,), *shifted[0])
    right = ((0,) if tilt > 0 else (1,), *shifted[1])
    return Stopper._of_simplest(simplest_form(LoopyGame(left, right)))


# ------------------------------------------------------------------ sided values
class SidedValue:
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

    __slots__ = ("onside", "offside")
    onside: Stopper
    offside: Stopper

    def __init__(self, onside: StopperLike, offside: StopperLike) -> None:
        on, off = _as_stopper(onside), _as_stopper(offside)
        if on is off:
            raise InvalidGameError(f"{on} & {on} has equal sides: it is the stopper {on}")
        if not off <= on:
            raise InvalidGameError(f"{on} & {off}: the offside must be <= the onside")
        self.onside, self.offside = on, off

    @classmethod
    def _of(cls, onside: Stopper, offside: Stopper) -> SidedValue:
        """The pair, unchecked (equal sides allowed, for comparing with a stopper)."""
        found = object.__new__(cls)
        found.onside, found.offside = onside, offside
        return found

    def __add__(self, other: object) -> Stopper | SidedValue:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        on, off = (h, h) if isinstance(h, Stopper) else (h.onside, h.offside)
        return sided(self.onside.upsum(on), self.offside.downsum(off))

    __radd__ = __add__

    def __neg__(self) -> SidedValue:
        return SidedValue._of(-self.offside, -self.onside)

    def __sub__(self, other: object) -> Stopper | SidedValue:
        h = _coerce(other)
        return NotImplemented if h is None else self + (-h)

    def __rsub__(self, other: object) -> Stopper | SidedValue:
        h = _coerce(other)
        return NotImplemented if h is None else h + (-self)

    def __le__(self, other: object) -> bool:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        on, off = (h, h) if isinstance(h, Stopper) else (h.onside, h.offside)
        return self.onside <= on and self.offside <= off

    def __ge__(self, other: object) -> bool:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        on, off = (h, h) if isinstance(h, Stopper) else (h.onside, h.offside)
        return on <= self.onside and off <= self.offside

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


def _coerce(value: object) -> Stopper | SidedValue | None:
    if isinstance(value, Stopper | SidedValue):
        return value
    if isinstance(value, CanonicalGame | LoopyGame) or (
        isinstance(value, int | Fraction) and not isinstance(value, bool)
    ):
        try:
            return _as_stopper(value)  # type: ignore[arg-type]
        except NotStopperError:
            return loopy_value(value)  # type: ignore[arg-type]
    return None


def _as_stopper(value: StopperLike) -> Stopper:
    if isinstance(value, Stopper):
        return value
    if isinstance(value, CanonicalGame):
        return Stopper._of_simplest(LoopyGame.from_short(value))
    if isinstance(value, int | Fraction) and not isinstance(value, bool):
        return Stopper._of_simplest(LoopyGame.from_short(number(value)))
    if isinstance(value, LoopyGame):
        return Stopper._of_simplest(simplest_form(value))
    if isinstance(value, str):
        onside, offside = read_sides(value)
        if offside is not None:
            raise NotStopperError(
                f"{value!r} is a value given by its sides; read it with parse_loopy"
            )
        if not onside.is_stopper():
            raise NotStopperError(f"{value!r} is not a stopper; read its sides with parse_loopy")
        return Stopper._of_simplest(simplest_form(onside))
    raise InvalidGameError(f"{value!r} is not a stopper, a short game, a number or CGSuite text")
