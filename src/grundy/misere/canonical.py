"""Misère canonical forms of short impartial games: Conway's simplest forms (ONAG ch. 12).

:class:`MisereGame` is the public value; it holds a bare form (``_form.py``), which the
modules below it compute on: sums and parity (``_arithmetic.py``), phyla (``_phyla.py``),
parts (``_parts.py``) and the notation (``_printing.py``, ``_parsing.py``).
"""

from __future__ import annotations

import threading
import weakref
from typing import Any, final

from ..core.errors import InvalidGameError
from ..core.outcome import Outcome
from ._arithmetic import add, is_odd, mate, sorted_options
from ._form import MAX_NIM_HEAP, Form, canonical, is_nim_heap
from ._form import nim_heap as heap_form
from ._parsing import parse_form
from ._parts import (
    distinguisher,
    is_extraverted,
    is_linked,
    is_prime,
    link,
    partitions,
    proper_parts,
    subtract,
)
from ._phyla import PHYLA, phylum
from ._printing import MAX_STR_BIRTHDAY, MAX_STR_LENGTH, describe, summary, text_length
from ._steps import Steps, run

__all__ = [
    "MisereGame",
    "misere_canonical",
    "nim_heap",
    "MAX_NIM_HEAP",
    "MAX_STR_BIRTHDAY",
    "MAX_STR_LENGTH",
]

# repr writes the notation of games born by this day, up to this length (or once str
# has written it); a summary beyond.
_REPR_BIRTHDAY = 40
_REPR_LENGTH = 10_000


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
    The canonical form is found when the game is built (see
    :func:`~grundy.misere._form.canonical`), so the
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

    __slots__ = ("_form", "__weakref__")

    _form: Form  # the bare canonical form (_form.py); one MisereGame per form

    def __new__(cls, spec: Any = ()) -> MisereGame:
        return misere_canonical(spec)

    # ----------------------------------------------------------------- values
    @property
    def options(self) -> tuple[MisereGame, ...]:
        """The options of the canonical form, in CGSuite's order (simplest first).

        >>> MisereGame("*[2#0]").options
        (MisereGame('*[0]'), MisereGame('*[2#]'))
        """
        return tuple(map(game_of, sorted_options(self._form)))

    @property
    def birthday(self) -> int:
        """The height of the canonical form's game tree (0 for 0, n for *n).

        >>> MisereGame([[2]]).birthday, MisereGame([2, 1, 0]).birthday
        (4, 3)
        """
        return self._form._birthday

    @property
    def misere_nim_value(self) -> int:
        """G-: 1 for 0, else the mex of the options' G-; 0 for misère P-positions.

        Examples
        --------
        >>> [MisereGame(n).misere_nim_value for n in range(4)]
        [1, 0, 2, 3]
        """
        return self._form._minus

    @property
    def nim_value(self) -> int:
        """G+: the normal-play SG value (misère-equal games share it).

        >>> MisereGame([[2], 1]).nim_value
        2
        """
        return self._form._plus

    @property
    def misere_outcome(self) -> Outcome:
        """P if the player to move loses in misère play, else N.

        >>> MisereGame(0).misere_outcome, MisereGame(1).misere_outcome
        (Outcome.N, Outcome.P)
        """
        return Outcome.P if self._form._minus == 0 else Outcome.N

    @property
    def is_nim_heap(self) -> bool:
        """True if the game is a nim-heap *n.

        >>> MisereGame([0, 1, 2]).is_nim_heap, MisereGame([2]).is_nim_heap
        (True, False)
        """
        return is_nim_heap(self._form)

    @property
    def is_even(self) -> bool:
        """True if G is born before G + *1 (CGSuite's definition): each game is E or
        E + *1 for one even E.

        Examples
        --------
        >>> [MisereGame(n).is_even for n in range(4)]
        [True, False, True, False]
        """
        return not is_odd(self._form)

    @property
    def is_introverted(self) -> bool:
        """True if G is a part of each of its options: 0 and *1 only.

        >>> MisereGame(1).is_introverted, MisereGame(2).is_introverted
        (True, False)
        """
        return self._form._birthday <= 1

    @property
    def mate(self) -> MisereGame:
        """The mate: *1 for 0, 0 for *1, else the game of the options' mates.

        >>> MisereGame("*[2#0]").mate
        MisereGame('*[2#1]')
        """
        return game_of(mate(self._form))

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
        double = add(self._form, self._form)
        return phylum(double) in PHYLA["generally tame"] and double._plus == double._minus == 0

    def _phylum_in(self, name: str) -> bool:
        return phylum(self._form) in PHYLA[name]

    # ----------------------------------------------------------------- parts
    @property
    def parts(self) -> tuple[MisereGame, ...]:
        """The even proper parts X of G (G = X + Y, X and Y not 0 or *1).

        >>> MisereGame("*[2[2]]").parts
        (MisereGame('*[2]'),)
        """
        return tuple(map(game_of, proper_parts(self._form)))

    @property
    def partitions(self) -> tuple[tuple[MisereGame, ...], ...]:
        """Every way to write G as a sum of even primes (then *1 if G is odd).

        >>> for p in MisereGame("*[4[2#]]").partitions: print(*p)   # Norton: not unique
        *[2] *[4[2#-2]]
        *[4] *[4[2#-4]]
        """
        return tuple(tuple(map(game_of, p)) for p in partitions(self._form))

    @property
    def is_prime(self) -> bool:
        """True if G is not 0 or *1 and has no proper part.

        >>> MisereGame(2).is_prime, MisereGame([[2]]).is_prime
        (True, False)
        """
        return is_prime(self._form)

    @property
    def is_extraverted(self) -> bool:
        """True if each option of G is a part of G (so G is a part of {G}).

        >>> MisereGame("*[2#]").is_extraverted, MisereGame("*[2#0]").is_extraverted
        (True, False)
        """
        return is_extraverted(self._form)

    def misere_minus(self, other: MisereGame) -> MisereGame:
        """Return X with X + `other` = self; InvalidGameError if `other` is no part.

        >>> MisereGame([[2]]).misere_minus(MisereGame([2]))
        MisereGame('*[2[##-2]0]')
        """
        found = subtract(self._form, _form_of(other, "misere_minus"))
        if found is None:
            raise InvalidGameError(
                f"{other} is not a part of {self}: those misère games are not subtractable"
            )
        return game_of(found)

    def distinguisher(self, other: MisereGame) -> MisereGame:
        """Return T with self + T a misère P-position and `other` + T an N-position
        (InvalidGameError if the games are equal).

        >>> MisereGame([2]).distinguisher(MisereGame(2) + MisereGame(2))
        MisereGame('*[(2#1)21]')
        """
        found = distinguisher(self._form, _form_of(other, "distinguisher"))
        if found is None:
            raise InvalidGameError(f"{self} and {other} are equal: no game distinguishes them")
        return game_of(found)

    def is_linked_to(self, other: MisereGame) -> bool:
        """True if some T makes self + T and `other` + T misère P-positions.

        >>> MisereGame([[2]]).is_linked_to(MisereGame([2]))
        False
        """
        return is_linked(self._form, _form_of(other, "is_linked_to"))

    def link(self, other: MisereGame) -> MisereGame:
        """Return T with self + T and `other` + T misère P-positions (InvalidGameError
        if one is an option of the other).

        >>> MisereGame([[2]]).link(MisereGame(2) + MisereGame(2))
        MisereGame('*[((2#1)21)32]')
        """
        found = link(self._form, _form_of(other, "link"))
        if found is None:
            raise InvalidGameError(
                f"{self} and {other} are not linked (one is an option of the other): those "
                "misère games are not linked"
            )
        return game_of(found)

    # ----------------------------------------------------------------- protocol
    def __add__(self, other: object) -> MisereGame:
        if not isinstance(other, MisereGame):
            return NotImplemented
        return game_of(add(self._form, other._form))

    def __radd__(self, other: object) -> MisereGame:
        if other == 0 and type(other) is int:  # sum(games) starts from the int 0
            return self
        return NotImplemented

    def __hash__(self) -> int:
        return self._form._hash

    def __str__(self) -> str:
        return describe(self._form)

    def __repr__(self) -> str:
        # the notation writes a tree, and finding it costs sums with heaps up to the
        # birthday: a summary for the deep or the long ones
        form = self._form
        if (
            form._text is None
            and not is_nim_heap(form)
            and (form._birthday > _REPR_BIRTHDAY or text_length(form) > _REPR_LENGTH)
        ):
            return summary(form)
        return f"MisereGame({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_from_options, (tuple(map(game_of, self._form._options)),))

    def __copy__(self) -> MisereGame:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> MisereGame:
        return self


def _from_options(options: tuple[MisereGame, ...]) -> MisereGame:
    """Unpickle: the game of these canonical options (already canonical)."""
    return game_of(canonical(frozenset(game._form for game in options)))


def _form_of(value: object, what: str) -> Form:
    if not isinstance(value, MisereGame):
        raise InvalidGameError(f"{what}: {value!r} is not a MisereGame")
    return value._form


# --------------------------------------------------------------------- forms and games
# One MisereGame per form, so that `is` and `==` stay misère equality; a game is
# forgotten when no one holds it (it holds its form, and the form table forgets that
# form when nothing else holds it either).
_GAMES: weakref.WeakValueDictionary[Form, MisereGame] = weakref.WeakValueDictionary()
_LOCK = threading.Lock()


def game_of(form: Form) -> MisereGame:
    """The MisereGame of a bare canonical form: the same object while it is held.

    Examples
    --------
    >>> from grundy.misere._form import nim_heap as heap_form
    >>> from grundy.misere.canonical import game_of, nim_heap
    >>> game_of(heap_form(3)) is nim_heap(3)
    True
    """
    game = _GAMES.get(form)
    if game is None:
        with _LOCK:
            game = _GAMES.get(form)
            if game is None:
                game = object.__new__(MisereGame)
                game._form = form
                _GAMES[form] = game
    return game


def form_of(game: MisereGame) -> Form:
    """The bare canonical form a MisereGame holds (what the computations work on).

    Examples
    --------
    >>> from grundy.misere.canonical import form_of, game_of, nim_heap
    >>> game_of(form_of(nim_heap(2))) is nim_heap(2)
    True
    """
    return game._form


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
    return game_of(heap_form(n))


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
    return game_of(run(_build(spec)))


def _build(spec: Any) -> Steps[Form]:
    if isinstance(spec, MisereGame):
        return spec._form
    if type(spec) is int:
        return heap_form(spec)
    if isinstance(spec, str):
        return parse_form(spec)
    try:
        items = list(spec)
    except TypeError:
        raise InvalidGameError(
            f"misère game {spec!r}: expected a MisereGame, a nim-heap size, CGSuite "
            "notation or an iterable of options"
        ) from None
    options = []
    for item in items:
        options.append(item._form if isinstance(item, MisereGame) else (yield _build(item)))
    return canonical(frozenset(options))
