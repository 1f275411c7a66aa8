"""Stoppers in simplest form as values, one object per value: :class:`Stopper`.

A stopper is a loopy game from which no play alternates forever; every stopper equals
exactly one stopper in simplest form (Siegel, *Combinatorial Game Theory*, VI.3), so, as
:class:`~grundy.partizan.CanonicalGame` does for short games, :class:`Stopper` keeps one
object per value: ``G == H`` is ``G is H``. Any other game is the pair of its sides
(VI.4), a :class:`~grundy.partizan.loopy.sided.SidedValue`; sums add onsides by upsum and
offsides by downsum. What CGSuite computes of a CanonicalStopper is here: options,
followers, stops, outcome, degree of loopiness, varieties (VI.5) and the predicates.

A stopper plus a stopper may be no stopper: that sum, and ``A & B``, are made by
:mod:`~grundy.partizan.loopy.sided`, above this module, which leaves its constructors in
:data:`SIDED` when imported (the package imports it), as ``g + h`` finds ``SumGame``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, Union

from ...core.errors import GrundyError, InvalidGameError
from ...core.outcome import Outcome
from ..canonical import CanonicalGame, number
from ..latex import latex_math
from .errors import NotIdempotentError, NotStableError, NotStopperError
from .graph import LoopyGame, canonical_ids
from .reading import read_sides
from .sides import offside_graph, onside_graph
from .simplify import simplest_form
from .stops import Pseudonumber, VertexForms
from .survival import DEFAULT_MAX_STATES, le
from .writing import format_stopper, number_tiny_form

__all__ = ["LoopyValue", "Stopper", "StopperLike", "SIDED"]

#: What a stopper can be made from: a stopper, a short game, a number, a game graph or text.
StopperLike = Union["Stopper", CanonicalGame, int, Fraction, LoopyGame, str]
#: The constructors of sided values, left here by :mod:`~grundy.partizan.loopy.sided`:
#: "value" (a game graph's value) and "pair" (the value with given sides).
SIDED: dict[str, Callable[..., Any]] = {}
_STOPPERS: dict[int, Stopper] = {}
#: Upsums and downsums found: (smaller id, larger id, onside?) -> the side.
_SIDE_SUMS: dict[tuple[int, int, bool], Stopper] = {}


class LoopyValue:
    """The value of a loopy game: a :class:`Stopper`, or a pair of sides (SidedValue).

    Both have ``onside`` and ``offside`` (a stopper is its own sides).

    Examples
    --------
    >>> from grundy.partizan.loopy import Stopper, parse_loopy
    >>> from grundy.partizan.loopy.stopper import LoopyValue
    >>> isinstance(Stopper("on"), LoopyValue), isinstance(parse_loopy("dud"), LoopyValue)
    (True, True)
    """

    __slots__ = ()

    @property
    def onside(self) -> Stopper:
        raise NotImplementedError

    @property
    def offside(self) -> Stopper:
        raise NotImplementedError

    def _repr_latex_(self) -> str | None:
        """The value in CGSuite's notation set as LaTeX (``on``, ``3/2under``, ``A & B``)
        for a notebook; None when it is too long or too deep to write.

        Examples
        --------
        >>> from grundy.partizan.loopy import parse_loopy
        >>> under, dud = parse_loopy("{pass|3/2}"), parse_loopy("over & under")
        >>> print(under._repr_latex_(), dud._repr_latex_())
        $\\frac{3}{2}\\mathrm{under}$ $\\mathrm{over} \\mathbin{\\&} \\mathrm{under}$
        """
        try:
            text = str(self)
        except GrundyError:  # a stopper nested too deep to be written
            return None
        return latex_math(text)


class Stopper(LoopyValue):
    """A stopper in simplest form; one object per value.

    ``Stopper(x)`` takes CGSuite text (``"on"``, ``"{pass|3/2}"``, ``"a{0|{a|*}}"``), a short
    game, a number or a :class:`LoopyGame` that is a stopper. ``str`` writes CGSuite's
    notation; ``+``, ``-``, ``<=``, ``<``, ``|`` (confused) and ``&`` (the value with these
    sides) are the theory's operations; a sum that is not a stopper is a
    :class:`~grundy.partizan.loopy.sided.SidedValue`.

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

    @property
    def onside(self) -> Stopper:
        """A stopper is its own onside."""
        return self

    @property
    def offside(self) -> Stopper:
        """A stopper is its own offside."""
        return self

    def __add__(self, other: object) -> LoopyValue:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        if not isinstance(h, Stopper):
            return h + self  # type: ignore[no-any-return, operator]
        return SIDED["value"](self.graph + h.graph)  # type: ignore[no-any-return]

    __radd__ = __add__

    def __sub__(self, other: object) -> LoopyValue:
        h = _coerce(other)
        return NotImplemented if h is None else self + (-h)  # type: ignore[operator]

    def __rsub__(self, other: object) -> LoopyValue:
        h = _coerce(other)
        return NotImplemented if h is None else h + (-self)  # type: ignore[no-any-return, operator]

    def __and__(self, other: object) -> LoopyValue:
        """``A & B``: the value with onside A and offside B (B <= A)."""
        h = _coerce(other)
        if not isinstance(h, Stopper):
            return NotImplemented
        return SIDED["pair"](self, h)  # type: ignore[no-any-return]

    def upsum(self, other: StopperLike, max_states: int = DEFAULT_MAX_STATES) -> Stopper:
        """The onside of the sum (Left wins infinite plays): G +⁺ H (memoised); its
        comparisons search at most `max_states` states each (else PositionLimitError).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("upon").upsum("^<on>")), str(Stopper("over").upsum("under"))
        ('{0|^<on>*}', 'over')
        """
        return self._side_sum(_as_stopper(other), True, max_states)

    def downsum(self, other: StopperLike, max_states: int = DEFAULT_MAX_STATES) -> Stopper:
        """The offside of the sum (Right wins infinite plays): G +⁻ H (memoised); its
        comparisons search at most `max_states` states each (else PositionLimitError).

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("upon").downsum("^<on>")), str(Stopper("over").downsum("under"))
        ('^[on]', 'under')
        """
        return self._side_sum(_as_stopper(other), False, max_states)

    def _side_sum(self, h: Stopper, onside: bool, max_states: int) -> Stopper:
        key = (min(self._id, h._id), max(self._id, h._id), onside)
        found = _SIDE_SUMS.get(key)
        if found is None:
            total = self.graph + h.graph
            side = onside_graph(total, max_states) if onside else offside_graph(total, max_states)
            found = _SIDE_SUMS[key] = Stopper._of_simplest(side)
        return found

    # ------------------------------------------------------------------ order
    def __le__(self, other: object) -> bool:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        # against sides, each side: G <= (A & B) when G <= A and G <= B
        return le(self.graph, h.onside.graph) and le(self.graph, h.offside.graph)

    def __ge__(self, other: object) -> bool:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return le(h.onside.graph, self.graph) and le(h.offside.graph, self.graph)

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

    def degree(self, max_states: int = DEFAULT_MAX_STATES) -> Stopper:
        """The degree of loopiness, G +⁺ (-G); 0 for a short game (CGSuite's Degree).

        Parameters
        ----------
        max_states : int
            The most states each comparison of the upsum may search: G - G has up to n²
            vertices for an n-vertex G, and its onside compares them pairwise.

        Raises
        ------
        PositionLimitError
            A comparison past `max_states`.

        Examples
        --------
        >>> from grundy.partizan.loopy import Stopper
        >>> str(Stopper("{pass|3/2}").degree()), str(Stopper("{0|pass}").degree())
        ('over', 'over')
        """
        return _as_stopper(0) if self.is_loopfree() else self.upsum(-self, max_states)

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


def _coerce(value: object) -> LoopyValue | None:
    if isinstance(value, LoopyValue):
        return value
    if isinstance(value, CanonicalGame | LoopyGame) or (
        isinstance(value, int | Fraction) and not isinstance(value, bool)
    ):
        try:
            return _as_stopper(value)  # type: ignore[arg-type]
        except NotStopperError:
            return SIDED["value"](value)  # type: ignore[no-any-return]
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
