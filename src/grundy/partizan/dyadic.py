"""Dyadic rationals m / 2^k: the numbers of short games, exact as fractions.

A short game that is a number is a dyadic rational; :func:`dyadic` checks one,
:func:`simplest_between` finds the simplest number strictly between two others (the
value of ``{x | y}`` when x < y), and :func:`format_number` / :func:`parse_number`
write and read them the way CGSuite does (``-3/2``, ``25/16``, ``7``).
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..core.errors import InvalidGameError

__all__ = ["dyadic", "simplest_between", "format_number", "parse_number", "birthday_of_number"]

_NUMBER = re.compile(r"^-?\d+(/\d+)?$")


def dyadic(value: int | Fraction | str) -> Fraction:
    """Return `value` as a Fraction, checking that its denominator is a power of 2.

    Raises
    ------
    InvalidGameError
        Not a number, or a denominator that is not a power of 2 (1/3 is no short game).

    Examples
    --------
    >>> from grundy.partizan.dyadic import dyadic
    >>> dyadic(3), dyadic("-5/8")
    (Fraction(3, 1), Fraction(-5, 8))
    >>> dyadic("1/3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: 1/3 is not a dyadic rational (its denominator is not ...)
    """
    if isinstance(value, bool) or not isinstance(value, int | Fraction | str):
        raise InvalidGameError(f"{value!r} is not a number")
    if isinstance(value, str):
        return parse_number(value)
    number = Fraction(value)
    d = number.denominator
    if d & (d - 1):
        raise InvalidGameError(
            f"{number} is not a dyadic rational (its denominator is not a power of 2)"
        )
    return number


def parse_number(text: str) -> Fraction:
    """Read ``7``, ``-3/2`` or ``25/16`` exactly.

    Examples
    --------
    >>> from grundy.partizan.dyadic import parse_number
    >>> parse_number("-1823437481924"), parse_number("25/16")
    (Fraction(-1823437481924, 1), Fraction(25, 16))
    """
    text = text.strip()
    if not _NUMBER.match(text):
        raise InvalidGameError(f"{text!r} is not a number such as 3, -1/2 or 25/16")
    numerator, _, denominator = text.partition("/")
    if denominator and int(denominator) == 0:
        raise InvalidGameError(f"{text!r} divides by zero")
    return dyadic(Fraction(int(numerator), int(denominator or 1)))


def format_number(x: Fraction) -> str:
    """Write a dyadic rational as CGSuite does: ``3``, ``-1/2``, ``73/16``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from grundy.partizan.dyadic import format_number
    >>> format_number(Fraction(-3, 2)), format_number(Fraction(4))
    ('-3/2', '4')
    """
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def simplest_between(low: Fraction | None, high: Fraction | None) -> Fraction:
    """The simplest number x with low < x < high (None: no bound on that side).

    The simplest number is the one born first: an integer if one fits (the one nearest 0),
    else the dyadic rational with the smallest denominator in the interval.

    Raises
    ------
    InvalidGameError
        `low` >= `high`: no number lies between.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from grundy.partizan.dyadic import simplest_between
    >>> simplest_between(F(0), F(1)), simplest_between(F(-5, 2), None)
    (Fraction(1, 2), Fraction(0, 1))
    >>> simplest_between(F(1, 4), F(3, 8)), simplest_between(None, F(-3))
    (Fraction(5, 16), Fraction(-4, 1))
    """
    if low is not None and high is not None and low >= high:
        raise InvalidGameError(f"no number lies strictly between {low} and {high}")
    if (low is None or low < 0) and (high is None or high > 0):
        return Fraction(0)
    if low is None:  # high <= 0: the largest integer below high, nearest 0
        assert high is not None
        return Fraction(-((-high).__floor__() + 1))
    if high is None:
        return Fraction(low.__floor__() + 1)
    # both on one side of 0: the integer nearest 0 if one fits, else halve the step
    if low >= 0:
        n = low.__floor__() + 1
        if n < high:
            return Fraction(n)
    else:
        n = high.__ceil__() - 1
        if n > low:
            return Fraction(n)
    step = Fraction(1, 2)
    while True:
        candidate = (low // step + 1) * step
        if candidate < high:
            return candidate
        step /= 2


def birthday_of_number(x: Fraction) -> int:
    """The birthday of the number x: |n| for an integer, |floor| + 1 + k for m / 2^k.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from grundy.partizan.dyadic import birthday_of_number
    >>> birthday_of_number(F(-3)), birthday_of_number(F(1, 2)), birthday_of_number(F(-5, 4))
    (3, 2, 4)
    """
    whole = abs(x).__floor__()
    k = x.denominator.bit_length() - 1
    return whole + (k + 1 if k else 0)
