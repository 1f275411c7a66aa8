"""The presentation of a misère quotient: generators and their actions, the elements as
normal-form words, relations, the P-portion and the pretending function of the heaps.

:class:`QuotientPresentation` holds and checks these;
:class:`~grundy.misere.quotient.MisereQuotient` adds what they are for: playing sums of
heaps, the proof from the rules, and the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.errors import InvalidGameError, InvalidPositionError
from ..core.periodicity import Periodicity
from . import monoid as mo
from .heap_rules import HeapRules, heap_rules

__all__ = ["QuotientPresentation"]


@dataclass(frozen=True, slots=True)
class QuotientPresentation:
    """A finite commutative monoid given by its generators' actions, with the P-portion
    and pretending function of a heap game: a misère quotient as data, checked when built.

    The fields are those of :class:`~grundy.misere.quotient.MisereQuotient` (see there),
    the subclass :func:`~grundy.misere.quotient.misere_quotient` returns.

    Raises
    ------
    InvalidGameError
        The fields do not make such a monoid: actions that do not commute, elements not
        numbered in the order of their normal forms, a generator that is not its heap's.

    Examples
    --------
    >>> from grundy.misere.quotient_presentation import QuotientPresentation
    >>> nim_1 = QuotientPresentation("nim", 1, (1,), ((1, 0),), (1,), (0, 1))  # heaps <= 1
    >>> nim_1.presentation, nim_1.p_words, nim_1.pretending_words
    ('<a | a^2 = 1>', ('a',), ('1', 'a'))
    """

    code: str
    upto: int
    generators: tuple[int, ...]
    actions: tuple[tuple[int, ...], ...]
    p_portion: tuple[int, ...]
    pretending: tuple[int, ...]
    periodicity: Periodicity | None = None
    _words: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _table: list[list[int]] = field(init=False, repr=False, compare=False)
    _is_p: bytearray = field(init=False, repr=False, compare=False)
    _rules: HeapRules = field(init=False, repr=False, compare=False)
    # the winning options of (heap, rest) found so far, by MisereQuotient.winning_moves
    _winners: dict[tuple[int, int], tuple[Any, ...]] = field(init=False, repr=False, compare=False)
    # and of heaps past the period's reach, by (rest, heap mod p): see heap_winners.py
    _shapes: dict[tuple[int, int], Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        def bad(reason: str) -> InvalidGameError:
            return InvalidGameError(f"misère quotient of {self.code!r}: {reason}")

        if type(self.upto) is not int or self.upto < 0:
            raise bad(f"upto {self.upto!r} must be a non-negative int")
        if any(type(h) is not int for h in self.generators):
            raise bad("the generators must be heap sizes (ints)")
        rules = heap_rules(self.code)
        if rules.text != self.code:
            raise bad(f"write the code as {rules.text!r}")
        if not self.actions:
            size = 1
        else:
            size = len(self.actions[0])
            if size < 1 or any(len(a) != size for a in self.actions):
                raise bad("the generators' actions have different lengths")
        for act in self.actions:
            if any(type(y) is not int or not 0 <= y < size for y in act):
                raise bad(f"an action has an element outside 0..{size - 1}")
        if len(self.generators) != len(self.actions):
            raise bad("one heap per generator is needed")
        if len(self.pretending) != self.upto + 1 or any(
            type(x) is not int or not 0 <= x < size for x in self.pretending
        ):
            raise bad(f"the pretending function needs {self.upto + 1} elements of 0..{size - 1}")
        for g, (heap, act) in enumerate(zip(self.generators, self.actions, strict=True)):
            if not 0 < heap <= self.upto or self.pretending[heap] != act[0]:
                raise bad(f"generator {mo.generator_name(g)} is not the element of heap {heap}")
        for a in self.actions:  # the actions commute: x·g·h = x·h·g
            for b in self.actions:
                if any(b[y] != a[b[x]] for x, y in enumerate(a)):
                    raise bad("the generators' actions do not commute")
        words = mo.normal_forms(size, self.actions) if self.actions else [()]
        if [mo.word_key(w) for w in words] != sorted(mo.word_key(w) for w in words):
            raise bad("the elements are not numbered in the order of their normal forms")
        if list(self.p_portion) != sorted(set(self.p_portion)) or any(
            type(x) is not int or not 0 <= x < size for x in self.p_portion
        ):
            raise bad("the P-portion must be distinct ascending elements")
        if self.periodicity is not None and not self.periodicity.certified:
            raise bad("only a certified periodicity is kept")
        is_p = bytearray(size)
        for x in self.p_portion:
            is_p[x] = 1
        set_ = object.__setattr__
        set_(self, "_words", tuple(words))
        set_(self, "_table", mo.multiplication_table(size, self.actions))
        set_(self, "_is_p", is_p)
        set_(self, "_rules", rules)
        set_(self, "_winners", {})
        set_(self, "_shapes", {})

    # -- the monoid ----------------------------------------------------------------------

    @property
    def order(self) -> int:
        """|Q|, the number of elements.

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> misere_quotient("0.07", 12).order       # Dawson's Kayles
        12
        """
        return len(self._table)

    @property
    def is_tame(self) -> bool:
        """True when the quotient is that of misère Nim on some heaps (MisereSolver's test).

        |Q| is 1 or 2, or |P| = 2 and |Q| - 2 is a power of 2 (the tame quotients T_n
        have order 2^n + 2 and P = {a, b^2}).

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> misere_quotient("0.07", 12).is_tame
        False
        """
        order, p = self.order, len(self.p_portion)
        return order in (1, 2) or (p == 2 and (order - 2) & (order - 3) == 0 and order > 2)

    def multiply(self, x: int, y: int) -> int:
        """The product of elements x and y.

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> q = misere_quotient("nim", 3)
        >>> q.word(q.multiply(q.pretending[3], q.pretending[3]))
        'b^2'
        """
        return self._table[x][y]

    @property
    def table(self) -> tuple[tuple[int, ...], ...]:
        """The multiplication table: ``table[x][y]`` is x·y."""
        return tuple(tuple(row) for row in self._table)

    def word(self, x: int) -> str:
        """Element x as its normal-form word: ``1``, ``a``, ``ab^2``.

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> q = misere_quotient("nim", 3)
        >>> [q.word(x) for x in range(q.order)]
        ['1', 'a', 'b', 'ab', 'b^2', 'ab^2']
        """
        return mo.format_word(self._words[x])

    @property
    def p_words(self) -> tuple[str, ...]:
        """The P-portion as words."""
        return tuple(self.word(x) for x in self.p_portion)

    @property
    def relations(self) -> tuple[str, ...]:
        """The relations of the presentation, ``lhs = rhs`` with rhs a normal form.

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> misere_quotient("nim", 3).relations
        ('a^2 = 1', 'b^3 = b')
        """
        found = mo.relations(self.actions, self._words)
        return tuple(f"{mo.format_word(lhs)} = {mo.format_word(rhs)}" for lhs, rhs in found)

    @property
    def presentation(self) -> str:
        """Generators and relations, ``<a, b | a^2 = 1, b^3 = b>`` (``<>`` for the trivial one)."""
        if not self.actions:
            return "<>"
        names = ", ".join(mo.generator_name(g) for g in range(len(self.actions)))
        return f"<{names} | {', '.join(self.relations)}>"

    def __str__(self) -> str:
        return (
            f"misère quotient of {self.code} (heaps <= {self.upto}): {self.presentation}, "
            f"|Q| = {self.order}, P = {{{', '.join(self.p_words)}}}"
        )

    # -- heaps and sums ------------------------------------------------------------------

    def heap_element(self, n: int) -> int:
        """The element of heap n: the pretending function.

        Heaps past `upto` need a certified :attr:`periodicity`.

        Raises
        ------
        InvalidPositionError
            For a negative heap, or one past `upto` without a certified period.

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> q = misere_quotient("0.77", 200)        # Kayles: periodic, whole game
        >>> q.periodicity
        Periodicity(preperiod=71, period=12, certified=True, bound=156)
        >>> q.order, q.word(q.heap_element(10**30 + 3))
        (40, 'b')
        """
        if type(n) is not int or n < 0:
            raise InvalidPositionError(f"heap {n!r} is not a non-negative int")
        if n <= self.upto:
            return self.pretending[n]
        if self.periodicity is None:
            raise InvalidPositionError(
                f"heap {n} is past this quotient's heaps (<= {self.upto}) of {self.code}, "
                f"whose pretending function is not known to be periodic; compute it to {n}"
            )
        return self.pretending[self.periodicity.index(n)]

    def pretending_word(self, n: int) -> str:
        """The element of heap n as a word."""
        return self.word(self.heap_element(n))

    @property
    def pretending_words(self) -> tuple[str, ...]:
        """The pretending function of heaps 0 ... upto as words.

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> " ".join(misere_quotient("0.07", 10).pretending_words)
        '1 1 a a b 1 ab a a 1 c'
        """
        return tuple(self.word(x) for x in self.pretending)
