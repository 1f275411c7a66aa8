"""The bare form of a short game, ``{L1, L2, ... | R1, R2, ...}``: its options and what
they make it (a number, a nimber), and its birthday.

:class:`GameForm` is what the functions that only read a game's form work on: its uptimal
expansion (:mod:`~grundy.partizan.uptimals`), its thermograph, mean and temperature
(:mod:`~grundy.partizan.thermographs`), its text (:mod:`~grundy.partizan.writing`).
:class:`~grundy.partizan.canonical.CanonicalGame`, its one subclass, adds the tables that
keep one object per canonical form and the arithmetic that makes new forms; every game is
one. So those functions sit below the canonical forms, and ``str`` of a canonical game
can call them without the two modules importing each other.

Examples
--------
>>> from grundy.partizan import CanonicalGame, game
>>> from grundy.partizan.forms import GameForm
>>> g = game([2], [game([1], [0])])
>>> isinstance(g, GameForm), issubclass(CanonicalGame, GameForm), g.birthday
(True, True, 3)
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Self

from .dyadic import birthday_of_number

__all__ = ["GameForm"]

_serial = itertools.count()


class GameForm:
    """A short game's form: Left's options, Right's options, and its kind.

    Forms are made by :class:`~grundy.partizan.canonical.CanonicalGame` only (through
    :func:`~grundy.partizan.game`, :func:`~grundy.partizan.number`, ...), which interns
    them; this class holds what a form is, not how forms are made.

    Attributes
    ----------
    number : Fraction or None
        The value, when the game is a number.

    Examples
    --------
    >>> from grundy.partizan import game, number
    >>> g = game([number(2)], [game([1], [0])])     # {2||1|0}
    >>> [str(o) for o in g.left], [str(o) for o in g.right], g.is_number, g.nim_value
    (['2'], ['{1|0}'], False, None)
    """

    __slots__ = ("number", "_left", "_right", "_id", "_nim", "_birthday", "__weakref__")

    number: Fraction | None
    _left: tuple[Self, ...] | None  # None: a number's or a nimber's, not made yet
    _right: tuple[Self, ...] | None
    _id: int  # serial number: the memo tables are keyed by it
    _nim: int | None  # n for *n: every nimber is made by nimber(), no other form is one
    _birthday: int | None

    def __init__(self) -> None:  # pragma: no cover - use game(), number(), nimber()
        raise TypeError("build games with grundy.partizan.game(left, right) or number(x)")

    @classmethod
    def _new(
        cls,
        value: Fraction | None,
        left: tuple[Self, ...] | None,
        right: tuple[Self, ...] | None,
    ) -> Self:
        """A new form (the caller interns it): `value` for a number, options None when
        they are made on demand (a number's, a nimber's)."""
        self = object.__new__(cls)
        self.number = value
        self._left, self._right = left, right
        self._id = next(_serial)
        self._nim = 0 if value == 0 else None  # nimber() sets it for *1, *2, ...
        self._birthday = None
        return self

    def _made_options(self) -> tuple[tuple[Self, ...], tuple[Self, ...]]:
        """The options of a number or a nimber, made when first asked for (so that *2^70
        costs nothing): by the subclass, whose tables make forms."""
        raise NotImplementedError

    # ------------------------------------------------------------ options
    @property
    def left(self) -> tuple[Self, ...]:
        """Left's options, canonical (a number's are made when first asked for).

        Examples
        --------
        >>> from grundy.partizan import number
        >>> [str(g) for g in number("3/4").left], number(5).left[0].number
        (['1/2'], Fraction(4, 1))
        """
        if self._left is None:
            self._left, self._right = self._made_options()
        return self._left

    @property
    def right(self) -> tuple[Self, ...]:
        """Right's options, canonical.

        Examples
        --------
        >>> from grundy.partizan import number
        >>> [str(g) for g in number("3/4").right]
        ['1']
        """
        if self._right is None:
            self._left, self._right = self._made_options()
        return self._right  # type: ignore[return-value]

    # ------------------------------------------------------------ kinds
    @property
    def is_number(self) -> bool:
        """True for a number (a dyadic rational).

        Examples
        --------
        >>> from grundy.partizan import number, nimber
        >>> number(-2).is_number, nimber(1).is_number
        (True, False)
        """
        return self.number is not None

    @property
    def nim_value(self) -> int | None:
        """n when this is the nimber *n, else None.

        Examples
        --------
        >>> from grundy.partizan import nimber, up
        >>> nimber(5).nim_value, up().nim_value
        (5, None)
        """
        return self._nim

    @property
    def is_nimber(self) -> bool:
        """True for a nimber *n (0 included).

        Examples
        --------
        >>> from grundy.partizan import nimber
        >>> nimber(3).is_nimber
        True
        """
        return self.nim_value is not None

    @property
    def birthday(self) -> int:
        """The day the game is born: 0 for 0, 1 + the largest birthday of its options.

        Examples
        --------
        >>> from grundy.partizan import number, nimber, up
        >>> number(-7).birthday, nimber(3).birthday, up().birthday
        (7, 3, 2)
        """
        if self._birthday is None:
            if self.number is not None:
                self._birthday = birthday_of_number(self.number)
            else:
                self._birthday = 1 + max(g.birthday for g in (*self.left, *self.right))
        return self._birthday

    # ------------------------------------------------------------ arithmetic
    # Negating and subtracting make new forms, so the subclass does them (with the tables
    # that keep one object per form); declared here for the functions on forms that need
    # them (the text of ±G and of Tiny(G) is worked out by negating and subtracting).
    def __neg__(self) -> Self:
        raise NotImplementedError

    def __sub__(self, other: Self) -> Self:
        raise NotImplementedError
