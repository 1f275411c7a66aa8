"""Integers typed by people: the one reader of decimal text, and decimal text of any size."""

from __future__ import annotations

import string
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from .errors import GrundyError, InvalidPositionError

__all__ = [
    "MAX_DIGITS",
    "INT64_MAX",
    "parse_int",
    "int_text",
    "shown",
    "unlimited_int_text",
]

#: Digits :func:`parse_int` reads at most. A command-line word holds at most 128 KiB on
#: Linux; CPython 3.11 converts between decimal text and int in quadratic time (10^5
#: digits: 0.04 s to read, 0.12 s to write; 10^6 digits: 4 s and 15 s).
MAX_DIGITS = 100_000

#: The largest integer the compiled (numba) kernels hold: parameters past it are refused.
INT64_MAX = 2**63 - 1

#: Digits converted by one call of ``int()``/``str()``: under the interpreter's int-string
#: limit whatever it is set to (at least 640), so that no conversion here depends on it.
_CHUNK = 600
_CHUNK_BITS = 1_990  # 2^1990 < 10^600: an int of at most this many bits has <= 600 digits

#: Characters stripped around a number: ASCII white space only (``str.strip()`` would also
#: strip control characters such as U+001C that count as white space).
_SPACE = string.whitespace
_DIGITS = frozenset(string.digits)

#: Characters of a text quoted in full in a message; a longer one is shortened.
_SHOWN = 40
_SHOWN_BITS = 4 * MAX_DIGITS  # an int shown in a message: at most ~120,000 digits


def shown(text: object) -> str:
    """Return the repr of `text` for a one-line message, shortened when it is long.

    An int is written in decimal whatever its size (see :func:`int_text`).

    Examples
    --------
    >>> from grundy.core.integers import shown
    >>> shown("12x")
    "'12x'"
    >>> shown("7" * 5000)
    "'77777777777777777777...7777777777' (5,000 characters)"
    >>> shown(-(10**5000))
    '-1000000000000000000...0000000000 (5,001 digits)'
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if text.bit_length() > _SHOWN_BITS:  # writing it out would take seconds
            return f"<an int of {text.bit_length():,} bits>"
        full = int_text(text)
        if len(full) <= _SHOWN:
            return full
        return f"{full[:20]}...{full[-10:]} ({len(full.lstrip('-')):,} digits)"
    if isinstance(text, str) and len(text) > _SHOWN:
        return f"{text[:20] + '...' + text[-10:]!r} ({len(text):,} characters)"
    try:
        full = repr(text)
    except ValueError:  # an object holding an int too long for the interpreter's limit
        return f"<{type(text).__name__}>"
    return (
        full if len(full) <= 2 * _SHOWN else f"{full[: 2 * _SHOWN]}... ({len(full):,} characters)"
    )


def parse_int(
    text: str,
    what: str = "number",
    *,
    signed: bool = True,
    error: type[GrundyError] = InvalidPositionError,
    expected: str = "an integer",
) -> int:
    """Return the integer written in decimal in `text`, or raise `error` saying why not.

    The one reader of integers typed by people (command-line words, game parameters,
    files): ASCII digits only, with one leading ``-`` or ``+`` when `signed`, white space
    around allowed; up to :data:`MAX_DIGITS` digits, read whatever the interpreter's
    int-string limit (4,300 digits by default) is set to. Unicode digits such as ``²``
    or ``٣``, underscores, an empty text and anything else are refused.

    Parameters
    ----------
    text : str
        The text to read.
    what : str
        What the number is, for the message (``"heap"``, ``"parameter"``...).
    signed : bool
        Accept a sign; the caller checks the range (``heap -3 is negative``).
    error : GrundyError subclass
        What to raise (default ``InvalidPositionError``; ``InvalidGameError`` for rules).
    expected : str
        What the number should be, for the message (``"a positive integer"``).

    Raises
    ------
    GrundyError
        `error`, one line naming `what` and the text (shortened if long).

    Examples
    --------
    >>> from grundy.core.integers import parse_int
    >>> parse_int(" 42 "), parse_int("-7"), parse_int("1" * 5000) % 1000
    (42, -7, 111)
    >>> parse_int("²", "heap")
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: heap '²' is not an integer
    >>> parse_int("1" * 200_000, "n")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: n '11...11' (200,000 characters) has 200,000 ...
    """
    if not isinstance(text, str):
        raise error(f"{what} {shown(text)} is not {expected}: not a text")
    body = text.strip(_SPACE)
    digits = body[1:] if signed and body[:1] in ("-", "+") else body
    if not digits or not _DIGITS.issuperset(digits):
        raise error(f"{what} {shown(text)} is not {expected}")
    if len(digits) > MAX_DIGITS:
        raise error(
            f"{what} {shown(text)} has {len(digits):,} digits; grundy reads integers of at "
            f"most {MAX_DIGITS:,} digits"
        )
    value = int(digits) if len(digits) <= _CHUNK else _from_digits(digits)
    return -value if body[0] == "-" else value


def _from_digits(digits: str) -> int:
    """The int of a string of ASCII digits, in pieces of at most ``_CHUNK`` digits."""
    if len(digits) <= _CHUNK:
        return int(digits)
    low = len(digits) // 2
    return _from_digits(digits[:-low]) * 10**low + _from_digits(digits[-low:])


def int_text(n: int) -> str:
    """Return `n` in decimal, whatever its size and the interpreter's int-string limit.

    ``str(n)`` refuses ints of more than 4,300 digits by default; this writes them in
    pieces (nimber results, heaps read by :func:`parse_int`).

    Examples
    --------
    >>> from grundy.core.integers import int_text
    >>> int_text(-12), len(int_text(10**5000))
    ('-12', 5001)
    """
    if n < 0:
        return "-" + int_text(-n)
    if n.bit_length() <= _CHUNK_BITS or sys.get_int_max_str_digits() == 0:
        return str(n)
    return _to_digits(n, 0)


def _to_digits(n: int, width: int) -> str:
    """`n` >= 0 in decimal, padded with zeros to `width` digits."""
    if n.bit_length() <= _CHUNK_BITS:
        return str(n).zfill(width)
    low = int(n.bit_length() * 0.30103) // 2  # about half the digits
    high, rest = divmod(n, 10**low)
    return _to_digits(high, max(width - low, 0)) + _to_digits(rest, low)


@contextmanager
def unlimited_int_text() -> Iterator[None]:
    """Lift the interpreter's int-string limit in the block, and restore it after.

    The command line runs each command in it, so that every int it prints (``str``,
    f-strings, ``json.dumps``) may have more than 4,300 digits: its results are bounded
    by its input, which :func:`parse_int` bounds.

    Examples
    --------
    >>> import sys
    >>> from grundy.core.integers import unlimited_int_text
    >>> with unlimited_int_text():
    ...     len(str(10**5000))
    5001
    >>> sys.get_int_max_str_digits() != 0
    True
    """
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(before)
