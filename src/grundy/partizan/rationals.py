"""Rational numbers beyond the dyadic ones: 1/3, -5/6, numbers born on day ω.

A short game that is a number is a dyadic rational (:func:`~grundy.partizan.number`);
CGSuite also computes with the other rationals (its ``Rational``, a surreal number, not a
short game): they add, subtract, multiply, divide and compare with each other and with
the dyadic numbers, and the result is a short game again when it is dyadic
(1/3 + 2/3 = 1). A sum or comparison with a game that is not a number is refused, as
CGSuite refuses it: 1/3 is not a short game, so 1/3 + ↑ has no canonical form.

Examples
--------
>>> from grundy.partizan import rational, parse
>>> third = rational(1, 3)
>>> third, str(third + rational("2/3")), str(third * 6 + parse("^"))
(RationalNumber(Fraction(1, 3)), '1', '2^')
>>> parse("1/2") < third * 2 < 1, str(-third / 4), (third * 2) ** 3, third ** -2
(True, '-1/12', RationalNumber(Fraction(8, 27)), parse('9'))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.errors import DivisionByZeroError, InvalidGameError
from ..core.integers import MAX_DIGITS as INTEGER_DIGITS
from ..core.integers import int_text, parse_int, shown
from ..core.outcome import Outcome
from .canonical import CanonicalGame, number

__all__ = ["RationalNumber", "rational"]

#: Digits a rational's numerator and denominator may have, read or made (a power may not
#: build a number of a billion digits): as many as an integer typed in.
MAX_DIGITS = INTEGER_DIGITS


@dataclass(frozen=True, slots=True)
class RationalNumber:
    """A rational number whose denominator is not a power of 2: a surreal number, not a
    short game (CGSuite's ``Rational``). Build one with :func:`rational`, which gives the
    dyadic ones as games.

    Parameters
    ----------
    value : Fraction
        Not dyadic.

    Raises
    ------
    InvalidGameError
        `value` is not a Fraction, or is dyadic (a number, :func:`~grundy.partizan.number`).

    Examples
    --------
    >>> from fractions import Fraction
    >>> from grundy.partizan.rationals import RationalNumber
    >>> x = RationalNumber(Fraction(-5, 6))
    >>> str(x), x.numerator, x.denominator, x.outcome, math.floor(x)
    ('-5/6', -5, 6, Outcome.R, -1)
    """

    value: Fraction

    def __post_init__(self) -> None:
        if type(self.value) is not Fraction:
            raise InvalidGameError(f"RationalNumber({self.value!r}): the value must be a Fraction")
        d = self.value.denominator
        if not d & (d - 1):
            raise InvalidGameError(
                f"{self.value} is dyadic, a short game: number({str(self.value)!r}) or "
                "rational() makes it"
            )
        _check_size(self.value)

    def __repr__(self) -> str:
        return f"RationalNumber({self.value!r})"

    def __str__(self) -> str:
        return f"{int_text(self.value.numerator)}/{int_text(self.value.denominator)}"

    def __hash__(self) -> int:
        return hash(self.value)  # equal to the Fraction's: == is by value

    @property
    def numerator(self) -> int:
        """The numerator in lowest terms (with the sign).

        >>> rational(-2, 6).numerator
        -1
        """
        return self.value.numerator

    @property
    def denominator(self) -> int:
        """The denominator in lowest terms (positive, not a power of 2).

        >>> rational(-2, 6).denominator
        3
        """
        return self.value.denominator

    @property
    def outcome(self) -> Outcome:
        """L for a positive number, R for a negative one (never 0).

        >>> rational(1, 3).outcome, rational(-1, 3).outcome
        (Outcome.L, Outcome.R)
        """
        return Outcome.L if self.value > 0 else Outcome.R

    # ------------------------------------------------------------ arithmetic
    def __neg__(self) -> RationalNumber:
        return RationalNumber(-self.value)

    def __pos__(self) -> RationalNumber:
        return self

    def __abs__(self) -> RationalNumber:
        return RationalNumber(abs(self.value))

    def __floor__(self) -> int:
        return math.floor(self.value)

    def __ceil__(self) -> int:
        return math.ceil(self.value)

    def __add__(self, other: object) -> Any:
        return self._apply(other, "+", lambda x, y: x + y)

    def __radd__(self, other: object) -> Any:
        return self._apply(other, "+", lambda x, y: y + x)

    def __sub__(self, other: object) -> Any:
        return self._apply(other, "-", lambda x, y: x - y)

    def __rsub__(self, other: object) -> Any:
        return self._apply(other, "-", lambda x, y: y - x)

    def __mul__(self, other: object) -> Any:
        return self._apply(other, "*", lambda x, y: x * y)

    def __rmul__(self, other: object) -> Any:
        return self._apply(other, "*", lambda x, y: y * x)

    def __truediv__(self, other: object) -> Any:
        return self._apply(other, "/", _divide)

    def __rtruediv__(self, other: object) -> Any:
        return self._apply(other, "/", lambda x, y: _divide(y, x))

    def __pow__(self, exponent: object) -> Any:
        if type(exponent) is not int:
            return NotImplemented
        if exponent < 0:
            return rational(1) / self ** (-exponent)
        bits = max(abs(self.value.numerator).bit_length(), self.value.denominator.bit_length())
        if bits * exponent * 0.302 > MAX_DIGITS:
            raise InvalidGameError(
                f"({self})^{exponent} would have more than {MAX_DIGITS:,} digits"
            )
        return rational(self.value**exponent)

    def _apply(
        self, other: object, symbol: str, operation: Callable[[Fraction, Fraction], Fraction]
    ) -> Any:
        y = _number_of(other, self, symbol)
        return NotImplemented if y is None else rational(operation(self.value, y))

    # ------------------------------------------------------------ order
    def __eq__(self, other: object) -> bool:
        if isinstance(other, RationalNumber):
            return self.value == other.value
        if isinstance(other, int | Fraction) and not isinstance(other, bool):
            return self.value == other
        if isinstance(other, CanonicalGame):
            return False  # a game that is a number is dyadic; one that is not, no number
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        y = _number_of(other, self, "<")
        return NotImplemented if y is None else self.value < y

    def __le__(self, other: object) -> bool:
        y = _number_of(other, self, "<=")
        return NotImplemented if y is None else self.value <= y

    def __gt__(self, other: object) -> bool:
        y = _number_of(other, self, ">")
        return NotImplemented if y is None else self.value > y

    def __ge__(self, other: object) -> bool:
        y = _number_of(other, self, ">=")
        return NotImplemented if y is None else self.value >= y


def _divide(x: Fraction, y: Fraction) -> Fraction:
    if y == 0:
        raise DivisionByZeroError(f"{_text(x)} / 0: division by zero")
    return x / y


def _text(x: Fraction) -> str:
    whole = int_text(x.numerator)
    return whole if x.denominator == 1 else f"{whole}/{int_text(x.denominator)}"


def _number_of(other: object, x: RationalNumber, symbol: str) -> Fraction | None:
    """The value of `other` when it is a number; an error for a game that is not."""
    if isinstance(other, RationalNumber):
        return other.value
    if isinstance(other, int | Fraction) and not isinstance(other, bool):
        return Fraction(other)
    if isinstance(other, CanonicalGame):
        if other.number is None:
            raise InvalidGameError(
                f"{x} is a rational number, not a short game: no {symbol} with {other}, "
                "a game that is not a number (nor in CGSuite)"
            )
        return other.number
    return None


def _check_size(x: Fraction) -> None:
    # the bit length bounds the digits (log10 2 < 0.302); exact enough for a limit
    if max(abs(x.numerator).bit_length(), x.denominator.bit_length()) * 0.302 > MAX_DIGITS:
        raise InvalidGameError(f"a rational number with more than {MAX_DIGITS:,} digits")


def rational(
    value: int | Fraction | str | RationalNumber | CanonicalGame, denominator: int = 1
) -> RationalNumber | CanonicalGame:
    """The rational number `value` / `denominator`: a :class:`RationalNumber`, or the
    short game (a number) when it is dyadic, as CGSuite's ``Rational`` is.

    Parameters
    ----------
    value : int, Fraction, str, RationalNumber or CanonicalGame
        A number; text is ``"a/b"`` or ``"a"``; a game must be a number.
    denominator : int
        Divides `value` (default 1).

    Raises
    ------
    InvalidGameError
        Not a number, or text that does not read as one.
    DivisionByZeroError
        A denominator of 0 (CGSuite's 1/0 is infinity, not a number here).

    Examples
    --------
    >>> from grundy.partizan import rational
    >>> rational(2, 6), str(rational("3/12")), rational(-4, 2)
    (RationalNumber(Fraction(1, 3)), '1/4', parse('-2'))
    >>> rational("1/0")
    Traceback (most recent call last):
    ...
    grundy.core.errors.DivisionByZeroError: 1 / 0: division by zero
    """
    if isinstance(value, str):
        top, slash, bottom = value.partition("/")
        try:
            p = parse_int(top, error=InvalidGameError)
            q = parse_int(bottom, signed=False, error=InvalidGameError) if slash else 1
        except InvalidGameError:
            raise InvalidGameError(
                f"{shown(value)} is not a rational number such as 3, -1/3 or 5/6"
            ) from None
        value = _divide(Fraction(p), Fraction(q))
    if isinstance(value, CanonicalGame):
        if value.number is None:
            raise InvalidGameError(f"{value} is a game, not a number")
        value = value.number
    if isinstance(value, RationalNumber):
        value = value.value
    if type(denominator) is not int or (
        not isinstance(value, int | Fraction) or isinstance(value, bool)
    ):
        raise InvalidGameError(f"rational({value!r}, {denominator!r}): not a number")
    x = _divide(Fraction(value), Fraction(denominator))
    _check_size(x)
    d = x.denominator
    return number(x) if not d & (d - 1) else RationalNumber(x)
