"""The bare misère canonical form: a node of options, built once per form (hash-consed) by
Conway's simplification. The algorithms above work on these; the public value,
:class:`~grundy.misere.canonical.MisereGame`, holds one."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable
from typing import final

from ..core.errors import InvalidGameError

__all__ = ["Form", "ZERO", "ONE", "MAX_NIM_HEAP", "canonical", "nim_heap", "is_nim_heap", "mex"]

#: The largest nim-heap built by `nim_heap` (and so by parse): *n holds n options, so
#: the heaps up to n take ~25 n² bytes (26 MB at 1,024). Forms of positions may be bigger.
MAX_NIM_HEAP = 1024


def mex(values: Iterable[int]) -> int:
    """The least non-negative int not among `values`.

    >>> from grundy.misere._form import mex
    >>> mex([0, 1, 3]), mex([])
    (2, 0)
    """
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


@final
class Form:
    """A misère canonical form as a bare node: its canonical options and what is read
    from them, plus slots the algorithms fill when first asked (G + *1, CGSuite's order
    of the options, phylum, mate, 2-partitions, notation).

    Made only by :func:`canonical` and :func:`nim_heap`, once per form, so identity is
    misère equality: ``==`` is ``is``, and the hash is read from the options (the same in
    every run of the program).

    Examples
    --------
    >>> from grundy.misere._form import ZERO, canonical, nim_heap
    >>> star_two = canonical(frozenset({ZERO, canonical(frozenset({ZERO}))}))
    >>> star_two is nim_heap(2), star_two
    (True, <misère form born on day 2, 2 options>)
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

    _options: frozenset[Form]
    _birthday: int
    _minus: int  # G-: the misère nim value
    _plus: int  # G+: the normal-play nim value
    _hash: int
    _twin: Form | None  # G + *1, once computed
    _odd: bool  # known once _twin is
    _sorted: tuple[Form, ...] | None  # the options in CGSuite's order
    _phylum: int  # -1 until computed (_phyla.py)
    _mate: Form | None
    _partitions: tuple[Form, ...] | None  # the 2-partitions, flat (_parts.py)
    _text: str | None  # the notation, once written (_printing.py)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        # the notation lives above this module; a form is shown by its size alone
        return f"<misère form born on day {self._birthday}, {len(self._options)} options>"


# --------------------------------------------------------------------- the table
# Every Form is made here, once per canonical form; the table forgets a form when no
# one holds it (options hold theirs, so a form's options are always found).
_TABLE: weakref.WeakValueDictionary[frozenset[Form], Form] = weakref.WeakValueDictionary()
_LOCK = threading.RLock()


def _new(options: frozenset[Form]) -> Form:
    """The form whose canonical options are `options`, known to admit no reduction."""
    with _LOCK:
        found = _TABLE.get(options)
        if found is not None:
            return found
        form = object.__new__(Form)
        form._options = options
        if options:
            form._birthday = 1 + max(o._birthday for o in options)
            form._minus = mex(o._minus for o in options)
        else:
            form._birthday, form._minus = 0, 1
        form._plus = mex(o._plus for o in options)
        form._hash = hash((form._birthday, frozenset(o._hash for o in options)))
        form._twin = form._sorted = form._mate = form._partitions = form._text = None
        form._phylum = -1
        _TABLE[options] = form
        return form


ZERO = _new(frozenset())
ONE = _new(frozenset({ZERO}))
ZERO._twin, ONE._twin, ZERO._odd, ONE._odd = ONE, ZERO, False, True
_HEAPS: list[Form] = [ZERO, ONE]


def canonical(options: frozenset[Form]) -> Form:
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

    Examples
    --------
    >>> from grundy.misere._form import ONE, ZERO, canonical
    >>> canonical(frozenset({ONE})) is ZERO      # {*1} = 0: *1 reverses through 0, a P-position
    True
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


def nim_heap(n: int) -> Form:
    """The nim-heap *n = {*0, *1, ..., *(n-1)} (canonical as it is), n up to MAX_NIM_HEAP.

    Raises
    ------
    InvalidGameError
        `n` is not an int from 0 to ``MAX_NIM_HEAP``.

    Examples
    --------
    >>> from grundy.misere._form import nim_heap
    >>> nim_heap(3)._birthday, len(nim_heap(3)._options)
    (3, 3)
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


def is_nim_heap(form: Form) -> bool:
    """Whether `form` is a nim-heap *n.

    >>> from grundy.misere._form import ZERO, canonical, is_nim_heap, nim_heap
    >>> is_nim_heap(nim_heap(5)), is_nim_heap(canonical(frozenset({nim_heap(2)})))
    (True, False)
    """
    while form._plus == form._birthday >= len(_HEAPS):  # *b = {*(b-1)} + its options
        top = max(form._options, key=lambda o: o._birthday)
        if form._options != top._options | {top}:
            return False
        form = top
    return form._birthday < len(_HEAPS) and _HEAPS[form._birthday] is form
