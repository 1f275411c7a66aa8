"""Misère canonical forms of short impartial games: Conway's simplest forms (ONAG ch. 12)."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Generator, Iterable
from typing import Any, TypeVar, final

from ..core.errors import InvalidGameError
from ..core.outcome import Outcome

__all__ = [
    "MisereGame",
    "misere_canonical",
    "nim_heap",
    "MAX_NIM_HEAP",
    "MAX_STR_BIRTHDAY",
    "MAX_STR_LENGTH",
]

T = TypeVar("T")
#: A recursive computation written as a generator: it yields the sub-computations it
#: needs (their results are sent back) and returns its own; `run` drives it with an
#: explicit stack, so games thousands of moves deep never nest Python calls.
Steps = Generator[Any, Any, T]

#: The largest nim-heap built by `nim_heap` (and so by parse): *n holds n options, so
#: the heaps up to n take ~25 n² bytes (26 MB at 1,024). Forms of positions may be bigger.
MAX_NIM_HEAP = 1024

#: ``str`` writes the notation of forms born by day MAX_STR_BIRTHDAY (nim-heaps: any) up
#: to MAX_STR_LENGTH characters, a summary beyond: finding the notation costs sums with
#: the heaps up to the birthday ({*611, *2}: half a minute), and its length can grow
#: exponentially. ``format_game`` writes any.
MAX_STR_BIRTHDAY = 128
MAX_STR_LENGTH = 1_000_000

# repr writes the notation of games born by this day, up to this length (or once str
# has written it); a summary beyond.
_REPR_BIRTHDAY = 40
_REPR_LENGTH = 10_000


def run(steps: Steps[T]) -> T:
    """Drive a generator-written recursion to its result with an explicit stack."""
    stack: list[Steps[Any]] = [steps]
    value: Any = None
    while True:
        try:
            sub = stack[-1].send(value)
        except StopIteration as stop:
            stack.pop()
            if not stack:
                return stop.value  # type: ignore[no-any-return]
            value = stop.value
            continue
        stack.append(sub)
        value = None


def mex(values: Iterable[int]) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


@final
class MisereGame:
    """A short impartial game up to misère equality, held in its misère canonical form.

    G and H are misère-equal when G + X and H + X have the same misère outcome (the
    player who makes the last move loses) for every impartial X. Each class has one
    simplest member, its canonical form; a ``MisereGame`` is that form, built from any
    options, so ``==`` is misère equality. Equal forms are one object (hash-consed).

    Parameters
    ----------
    spec : str, int, MisereGame or iterable, optional
        CGSuite notation (``"*[2#0]"``, see :func:`~grundy.misere.notation.parse`), a
        nim-heap size, a game, or the options (each a spec itself: ints are nim-heaps,
        iterables games). Default: the game with no option, 0.

    Examples
    --------
    >>> from grundy.misere.canonical import MisereGame
    >>> g = MisereGame([[2]])        # the game whose only option is {*2}
    >>> g, g.birthday, g.misere_outcome
    (MisereGame('*[2##]'), 4, Outcome.N)
    >>> MisereGame(2) + MisereGame(2)
    MisereGame('*[2[2]]')
    >>> MisereGame([[2], 0]) == MisereGame("*[2#0]")
    True

    Notes
    -----
    The canonical form is found when the game is built (see :func:`canonical`), so the
    values read from its options (birthday, G-, G+, outcome) are stored at once; the
    rest (mate, phylum, parts, the notation) when first asked. ``str`` is CGSuite's
    notation (:func:`~grundy.misere.notation.format_game`), or a summary past
    ``MAX_STR_LENGTH`` characters or ``MAX_STR_BIRTHDAY`` days (nim-heaps excepted):
    the notation writes the form as a tree, and finding it costs sums. ``repr``
    is ``MisereGame('notation')`` for games born by day 40 with up to 10,000
    characters, a summary otherwise. Sums and the rest are computed with explicit
    stacks: forms thousands of days deep are fine.

    References
    ----------
    J. H. Conway, *On Numbers and Games*, ch. 12. A. N. Siegel, *Combinatorial Game
    Theory*, V.1-V.3. CGSuite's ``MisereCanonicalGameOps`` (Dan Hoey, Aaron Siegel).
    """

    __slots__ = (
        "_options",
        "_birthday",
        "_minus",
        "_plus",
        "_hash",
        "_twin",
        "_odd",
        "_sorted",
        "_phylum",
        "_mate",
        "_partitions",
        "_text",
        "__weakref__",
    )

    _options: frozenset[MisereGame]
    _birthday: int
    _minus: int  # G-: the misère nim value
    _plus: int  # G+: the normal-play nim value
    _hash: int
    _twin: MisereGame | None  # G + *1, once computed
    _odd: bool  # known once _twin is
    _sorted: tuple[MisereGame, ...] | None  # the options in CGSuite's order
    _phylum: int
    _mate: MisereGame | None
    _partitions: tuple[MisereGame, ...] | None  # the 2-partitions, flat (parts.py)
    _text: str | None

    def __new__(cls, spec: Any = ()) -> MisereGame:
        return misere_canonical(spec)

    # ----------------------------------------------------------------- values
    @property
    def options(self) -> tuple[MisereGame, ...]:
        """The options of the canonical form, in CGSuite's order (simplest first).

        >>> MisereGame("*[2#0]").options
        (MisereGame('*[0]'), MisereGame('*[2#]'))
        """
        from ._arithmetic import sorted_options

        return sorted_options(self)

    @property
    def birthday(self) -> int:
        """The height of the canonical form's game tree (0 for 0, n for *n).

        >>> MisereGame([[2]]).birthday, MisereGame([2, 1, 0]).birthday
        (4, 3)
        """
        return self._birthday

    @property
    def misere_nim_value(self) -> int:
        """G-: 1 for 0, else the mex of the options' G-; 0 for misère P-positions.

        >>> [MisereGame(n).misere_nim_value for n in range(4)]
        [1, 0, 2, 3]
        """
        return self._minus

    @property
    def nim_value(self) -> int:
        """G+: the normal-play SG value (misère-equal games share it).

        >>> MisereGame([[2], 1]).nim_value
        2
        """
        return self._plus

    @property
    def misere_outcome(self) -> Outcome:
        """P if the player to move loses in misère play, else N.

        >>> MisereGame(0).misere_outcome, MisereGame(1).misere_outcome
        (Outcome.N, Outcome.P)
        """
        return Outcome.P if self._minus == 0 else Outcome.N

    @property
    def is_nim_heap(self) -> bool:
        """True if the game is a nim-heap *n.

        >>> MisereGame([0, 1, 2]).is_nim_heap, MisereGame([2]).is_nim_heap
        (True, False)
        """
        game = self
        while game._plus == game._birthday >= len(_HEAPS):  # *b = {*(b-1)} + its options
            top = max(game._options, key=lambda o: o._birthday)
            if game._options != top._options | {top}:
                return False
            game = top
        return game._birthday < len(_HEAPS) and _HEAPS[game._birthday] is game

    @property
    def is_even(self) -> bool:
        """True if G is born before G + *1 (CGSuite's definition): each game is E or
        E + *1 for one even E.

        >>> [MisereGame(n).is_even for n in range(4)]
        [True, False, True, False]
        """
        from ._arithmetic import is_odd

        return not is_odd(self)

    @property
    def is_introverted(self) -> bool:
        """True if G is a part of each of its options: 0 and *1 only.

        >>> MisereGame(1).is_introverted, MisereGame(2).is_introverted
        (True, False)
        """
        return self._birthday <= 1

    @property
    def mate(self) -> MisereGame:
        """The mate: *1 for 0, 0 for *1, else the game of the options' mates.

        >>> MisereGame("*[2#0]").mate
        MisereGame('*[2#1]')
        """
        from ._arithmetic import mate

        return mate(self)

    # ----------------------------------------------------------------- phyla
    @property
    def is_tame(self) -> bool:
        """True if hereditarily tame (adds like a nim-heap with tame games).

        >>> MisereGame([[2]]).is_tame, MisereGame([[2], 0]).is_tame
        (True, False)
        """
        return self._phylum_in("hereditarily tame")

    @property
    def is_generally_tame(self) -> bool:
        """True if tame, or tame through tame-reversible options.

        >>> MisereGame("*[(2#1)2##]").is_generally_tame, MisereGame("*[(2#1)2##]").is_tame
        (True, False)
        """
        return self._phylum_in("generally tame")

    @property
    def is_tameable(self) -> bool:
        """True if tame or tameable (its genus is known once added to tame games).

        >>> MisereGame("*[2#1]").is_tameable
        False
        """
        return self._phylum_in("tameable")

    @property
    def is_restive(self) -> bool:
        """True if hereditarily restive (options hereditarily tame, G+ < 2 < G-).

        >>> MisereGame("*[2#0]").is_restive
        True
        """
        return self._phylum_in("hereditarily restive")

    @property
    def is_generally_restive(self) -> bool:
        """True if restive, or restive through restive-reversible options.

        >>> MisereGame("*[(2#20)2[#1]1]").is_generally_restive
        True
        """
        return self._phylum_in("generally restive")

    @property
    def is_restless(self) -> bool:
        """True if restless (options tame, G- < 2 < G+).

        >>> MisereGame("*[2#1]").is_restless
        True
        """
        return self._phylum_in("restless")

    @property
    def is_half_tame(self) -> bool:
        """True if G is not generally tame but G + G is, of genus 0^0.

        >>> MisereGame("*[2#0]").is_half_tame
        True
        """
        if self._phylum_in("generally tame"):
            return False
        double = self + self
        return double._phylum_in("generally tame") and double._plus == double._minus == 0

    def _phylum_in(self, name: str) -> bool:
        from ._phyla import PHYLA, phylum

        return phylum(self) in PHYLA[name]

    # ----------------------------------------------------------------- parts
    @property
    def parts(self) -> tuple[MisereGame, ...]:
        """The even proper parts X of G (G = X + Y, X and Y not 0 or *1).

        >>> MisereGame("*[2[2]]").parts
        (MisereGame('*[2]'),)
        """
        from ._parts import proper_parts

        return proper_parts(self)

    @property
    def partitions(self) -> tuple[tuple[MisereGame, ...], ...]:
        """Every way to write G as a sum of even primes (then *1 if G is odd).

        >>> for p in MisereGame("*[4[2#]]").partitions: print(*p)   # Norton: not unique
        *[2] *[4[2#-2]]
        *[4] *[4[2#-4]]
        """
        from ._parts import partitions

        return partitions(self)

    @property
    def is_prime(self) -> bool:
        """True if G is not 0 or *1 and has no proper part.

        >>> MisereGame(2).is_prime, MisereGame([[2]]).is_prime
        (True, False)
        """
        from ._parts import is_prime

        return is_prime(self)

    @property
    def is_extraverted(self) -> bool:
        """True if each option of G is a part of G (so G is a part of {G}).

        >>> MisereGame("*[2#]").is_extraverted, MisereGame("*[2#0]").is_extraverted
        (True, False)
        """
        from ._parts import is_extraverted

        return is_extraverted(self)

    def misere_minus(self, other: MisereGame) -> MisereGame:
        """Return X with X + `other` = self; InvalidGameError if `other` is no part.

        >>> MisereGame([[2]]).misere_minus(MisereGame([2]))
        MisereGame('*[2[##-2]0]')
        """
        from ._parts import misere_minus

        return misere_minus(self, _game(other, "misere_minus"))

    def distinguisher(self, other: MisereGame) -> MisereGame:
        """Return T with self + T a misère P-position and `other` + T an N-position
        (InvalidGameError if the games are equal).

        >>> MisereGame([2]).distinguisher(MisereGame(2) + MisereGame(2))
        MisereGame('*[(2#1)21]')
        """
        from ._parts import distinguisher

        return distinguisher(self, _game(other, "distinguisher"))

    def is_linked_to(self, other: MisereGame) -> bool:
        """True if some T makes self + T and `other` + T misère P-positions.

        >>> MisereGame([[2]]).is_linked_to(MisereGame([2]))
        False
        """
        from ._parts import is_linked

        return is_linked(self, _game(other, "is_linked_to"))

    def link(self, other: MisereGame) -> MisereGame:
        """Return T with self + T and `other` + T misère P-positions (InvalidGameError
        if one is an option of the other).

        >>> MisereGame([[2]]).link(MisereGame(2) + MisereGame(2))
        MisereGame('*[((2#1)21)32]')
        """
        from ._parts import link

        return link(self, _game(other, "link"))

    # ----------------------------------------------------------------- protocol
    def __add__(self, other: object) -> MisereGame:
        if not isinstance(other, MisereGame):
            return NotImplemented
        from ._arithmetic import add

        return add(self, other)

    def __radd__(self, other: object) -> MisereGame:
        if other == 0 and type(other) is int:  # sum(games) starts from the int 0
            return self
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        from .notation import format_game, text_length

        if self._text is None and not self.is_nim_heap:
            if self._birthday > MAX_STR_BIRTHDAY:
                return self._summary()
            length = text_length(self)
            if length > MAX_STR_LENGTH:
                return f"<MisereGame born on day {self._birthday}: {length:,} characters>"
        return format_game(self)

    def __repr__(self) -> str:
        from .notation import text_length

        # the notation writes a tree, and finding it costs sums with heaps up to the
        # birthday: a summary for the deep or the long ones
        if (
            self._text is None
            and not self.is_nim_heap
            and (self._birthday > _REPR_BIRTHDAY or text_length(self) > _REPR_LENGTH)
        ):
            return self._summary()
        return f"MisereGame({str(self)!r})"

    def _summary(self) -> str:
        return f"<MisereGame born on day {self._birthday}, {len(self._options)} options>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_from_options, (tuple(self._options),))

    def __copy__(self) -> MisereGame:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> MisereGame:
        return self


def _from_options(options: tuple[MisereGame, ...]) -> MisereGame:
    """Unpickle: the game of these canonical options (already canonical)."""
    return canonical(frozenset(options))


def _game(value: object, what: str) -> MisereGame:
    if not isinstance(value, MisereGame):
        raise InvalidGameError(f"{what}: {value!r} is not a MisereGame")
    return value


# --------------------------------------------------------------------- the table
# Every MisereGame is made here, once per canonical form; the table forgets a form when
# no one holds it (options hold theirs, so a form's options are always found).
_TABLE: weakref.WeakValueDictionary[frozenset[MisereGame], MisereGame] = (
    weakref.WeakValueDictionary()
)
_LOCK = threading.RLock()


def _new(options: frozenset[MisereGame]) -> MisereGame:
    """The game whose canonical options are `options`, known to admit no reduction."""
    with _LOCK:
        found = _TABLE.get(options)
        if found is not None:
            return found
        game = object.__new__(MisereGame)
        game._options = options
        if options:
            game._birthday = 1 + max(o._birthday for o in options)
            game._minus = mex(o._minus for o in options)
        else:
            game._birthday, game._minus = 0, 1
        game._plus = mex(o._plus for o in options)
        game._hash = hash((game._birthday, frozenset(o._hash for o in options)))
        game._twin = game._sorted = game._mate = game._partitions = game._text = None
        game._phylum = -1
        _TABLE[options] = game
        return game


ZERO = _new(frozenset())
ONE = _new(frozenset({ZERO}))
ZERO._twin, ONE._twin, ZERO._odd, ONE._odd = ONE, ZERO, False, True
_HEAPS: list[MisereGame] = [ZERO, ONE]


def canonical(options: frozenset[MisereGame]) -> MisereGame:
    """The canonical form of the game G whose options are the canonical forms `options`.

    Conway's simplification (ONAG ch. 12), as CGSuite applies it. An option A of G is
    reversible through K when A has K as an option; if K is G without its reversible
    options, then G = K: a move to A is answered by the move to K. The exception is
    K = 0, the game with no move, which wins misère play at once: there the reversal
    holds only if some option of G is a misère P-position (else G is a P-position and 0
    is not). So G = 0 exactly when every option has 0 as an option and one of them is a
    P-position; and G = K ≠ 0 exactly when K's options are some of G's and every other
    option of G has K as an option. Then the options of G born before K are K's and the
    others after it, so only a gap of two or more days in the options' birthdays can
    split them, and K must exist already (an option holds it). Otherwise G is canonical
    as it is: equal canonical forms are identical (Conway).
    """
    found = _TABLE.get(options)
    if found is not None:
        return found
    if all(ZERO in o._options for o in options) and any(o._minus == 0 for o in options):
        return ZERO
    birthdays = sorted({o._birthday for o in options})
    for low, high in zip(birthdays, birthdays[1:], strict=False):
        if high > low + 1:
            simpler = _TABLE.get(frozenset(o for o in options if o._birthday <= low))
            if simpler is not None and all(
                simpler in o._options for o in options if o._birthday >= high
            ):
                return simpler
    return _new(options)


def nim_heap(n: int) -> MisereGame:
    """Return the nim-heap *n = {*0, *1, ..., *(n-1)} (canonical as it is).

    Parameters
    ----------
    n : int
        From 0 to ``MAX_NIM_HEAP``.

    Raises
    ------
    InvalidGameError
        `n` is not such an int.

    Examples
    --------
    >>> from grundy.misere.canonical import nim_heap
    >>> nim_heap(3).options
    (MisereGame('*[0]'), MisereGame('*[1]'), MisereGame('*[2]'))
    """
    if type(n) is not int or not 0 <= n <= MAX_NIM_HEAP:
        raise InvalidGameError(
            f"nim_heap({n!r}): the size must be an int from 0 to {MAX_NIM_HEAP:,} (*n holds "
            "n options: the heaps up to n take ~25 n² bytes)"
        )
    heaps = _HEAPS
    with _LOCK:
        while len(heaps) <= n:
            heaps.append(_new(frozenset(heaps)))
    return heaps[n]


# --------------------------------------------------------------------- building
def misere_canonical(spec: Any) -> MisereGame:
    """Return the misère canonical form of a game given by its options.

    Parameters
    ----------
    spec : MisereGame, int, str or iterable
        A game (returned as it is), a nim-heap size, CGSuite notation (see
        :func:`~grundy.misere.notation.parse`), or the options, each a spec of its own:
        an int is a nim-heap, an iterable the game with those options.

    Returns
    -------
    MisereGame

    Raises
    ------
    InvalidGameError
        Something in `spec` is none of these.

    Examples
    --------
    >>> from grundy.misere.canonical import misere_canonical
    >>> misere_canonical([2])            # {*2}: a list holds the options
    MisereGame('*[2#]')
    >>> misere_canonical([1])            # {*1} = 0: *1 reverses through 0, a P-position
    MisereGame('*[0]')
    >>> misere_canonical([3, 1, 0])      # {*3, *1, 0} = *2: *3 reverses through {*1, 0}
    MisereGame('*[2]')

    Notes
    -----
    Built bottom-up: the options first, then :func:`canonical`, which finds the
    reduction at once (Conway's theorem: the simplest form K of G, if G has canonical
    options, has some of G's options as its own and every other option of G reverses
    through K, that is has K as an option; K = 0 needs each option to have 0 as an
    option and one of them to be a misère P-position). O(options) a node.
    """
    return run(_build(spec))


def _build(spec: Any) -> Steps[MisereGame]:
    if isinstance(spec, MisereGame):
        return spec
    if type(spec) is int:
        return nim_heap(spec)
    if isinstance(spec, str):
        from .notation import parse

        return parse(spec)
    try:
        items = list(spec)
    except TypeError:
        raise InvalidGameError(
            f"misère game {spec!r}: expected a MisereGame, a nim-heap size, CGSuite "
            "notation or an iterable of options"
        ) from None
    options = []
    for item in items:
        options.append(item if isinstance(item, MisereGame) else (yield _build(item)))
    return canonical(frozenset(options))
