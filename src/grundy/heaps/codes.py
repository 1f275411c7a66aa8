"""Take-and-break codes: octal and hexadecimal codes, Grundy's game, subtraction sets."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

from ..core.errors import InvalidCodeError, InvalidGameError, InvalidPositionError
from ..core.integers import INT64_MAX, parse_int

__all__ = ["InvalidCodeError", "HeapCode", "parse_code", "parse_subtraction_set"]

_HEX_DIGITS = "0123456789ABCDEF"
#: The longest code the kernels accept (digits d_1..d_k): moves remove at most this many.
MAX_DIGITS = 4096


@dataclass(frozen=True, slots=True)
class HeapCode:
    """The rules of a take-and-break game on heaps, as a code.

    Digit ``d_j`` (j = 0, 1, 2, ...) says what a move that removes j tokens from a heap
    may leave: it is a sum of 1 (nothing: the j tokens were the whole heap), 2 (one
    non-empty heap), 4 (two non-empty heaps) and 8 (three non-empty heaps). An octal
    code uses digits 0-7, a hexadecimal code 0-F; ``d_0`` (before the point) may only
    split a heap without removing anything (4 or 8). Build one with :func:`parse_code`.

    Attributes
    ----------
    text : str
        The code as grundy writes it: ``"0.77"``, ``"4.07"``, ``"0.3F"``, ``"grundy"``,
        ``"subtraction:2,3,7"`` or ``"allbut:2,3,7"``.
    digits : tuple of int
        ``(d_0, d_1, ..., d_k)`` with ``d_k != 0``; empty for an all-but set.
    unequal : bool
        Splits into two heaps must leave two different sizes (Grundy's game).
    excluded : tuple of int
        The all-but set S: a move removes any number of tokens except those in S (the
        digits are then 3 everywhere except at S, an infinite code).

    Examples
    --------
    >>> from grundy.heaps import parse_code
    >>> code = parse_code("0.137")
    >>> code.digits, code.max_removal, code.max_heaps, code.kind
    ((0, 1, 3, 7), 3, 2, 'octal')
    >>> parse_code("subtraction:1,3").digits
    (0, 3, 0, 3)
    """

    text: str
    digits: tuple[int, ...] = ()
    unequal: bool = False
    excluded: tuple[int, ...] = ()

    @property
    def kind(self) -> str:
        """One of ``"octal"``, ``"hexadecimal"``, ``"grundy"``, ``"subtraction"``, ``"allbut"``.

        Examples
        --------
        >>> from grundy.heaps import parse_code
        >>> [parse_code(c).kind for c in ("0.6", "0.3F", "grundy", "allbut:1")]
        ['octal', 'hexadecimal', 'grundy', 'allbut']
        """
        if self.text.startswith(("allbut:", "subtraction:")):
            return self.text.split(":")[0]
        if self.unequal:
            return "grundy"
        return "hexadecimal" if any(d > 7 for d in self.digits) else "octal"

    @property
    def max_removal(self) -> int | None:
        """k, the most tokens a move removes (None for an all-but set: no limit).

        Examples
        --------
        >>> from grundy.heaps import parse_code
        >>> parse_code("0.007").max_removal, parse_code("allbut:2").max_removal
        (3, None)
        """
        return None if self.is_allbut else len(self.digits) - 1

    @property
    def max_heaps(self) -> int:
        """h, the most heaps a move may leave in place of one (1, 2 or 3).

        Examples
        --------
        >>> from grundy.heaps import parse_code
        >>> parse_code("0.33").max_heaps, parse_code("0.6").max_heaps, parse_code("0.F").max_heaps
        (1, 2, 3)
        """
        if self.is_allbut:
            return 1
        bits = 0
        for d in self.digits:
            bits |= d
        return 3 if bits & 8 else 2 if bits & 4 else 1

    @property
    def is_allbut(self) -> bool:
        """True for an all-but subtraction set (an infinite code)."""
        return self.text.startswith("allbut:")

    def digit_array(self) -> np.ndarray:
        """The digits as an int64 array, the form the kernels take."""
        import numpy as np

        return np.array(self.digits or (0,), dtype=np.int64)

    def __str__(self) -> str:
        return self.text


def parse_code(code: object) -> HeapCode:
    """Parse a take-and-break code.

    Parameters
    ----------
    code : str
        An octal or hexadecimal code ``d0.d1d2...`` (``"0.77"``, ``".6"``, ``"4.07"``,
        ``"0.3F"``; ``d0`` is 0, 4, 8 or C), ``"grundy"`` (Grundy's game: split a heap
        into two unequal heaps), ``"subtraction:S"`` or ``"allbut:S"`` with S a
        comma-separated set of positive integers.

    Returns
    -------
    HeapCode
        Trailing zero digits dropped; a lower-case hex digit is written upper-case.

    Raises
    ------
    InvalidCodeError
        The message names the bad character, its position, and what is allowed there.

    Examples
    --------
    >>> from grundy.heaps import parse_code
    >>> parse_code(".770").text, parse_code("4.07").digits, parse_code("0.3f").text
    ('0.77', (4, 0, 7), '0.3F')
    >>> parse_code("0.7G")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidCodeError: code '0.7G': 'G' at position 4 is not a digit: ...
    """
    if not isinstance(code, str):
        raise InvalidCodeError(f"code {code!r} must be a string such as '0.77'")
    text = code.strip()
    lowered = text.lower()
    if lowered in ("grundy", "grundys-game"):
        return HeapCode("grundy", (4,), unequal=True)
    if lowered.startswith(("subtraction:", "allbut:")):
        return _parse_subtraction(code, text)
    if "." not in text:
        raise InvalidCodeError(
            f"code {code!r} has no point: write an octal or hexadecimal code such as '0.77' "
            "or '0.3F', 'grundy', 'subtraction:1,3,4' or 'allbut:2,3'"
        )
    before, after = text.split(".", 1)
    if before not in ("", "0", "4", "8", "C", "c"):
        raise InvalidCodeError(
            f"code {code!r}: {before!r} before the point is not allowed; d0 (a move that "
            "removes nothing) may only split a heap: 0, 4 (into two heaps), 8 (three) or C"
        )
    if not after:
        raise InvalidCodeError(f"code {code!r} has no digits after the point, e.g. '0.77'")
    for i, ch in enumerate(after, start=len(before) + 2):
        if ch.upper() not in _HEX_DIGITS:
            raise InvalidCodeError(
                f"code {code!r}: {ch!r} at position {i} is not a digit: octal 0-7, or "
                "hexadecimal 0-9 and A-F (8 adds a move that leaves three heaps)"
            )
    digits = [int(before or "0", 16)] + [int(ch, 16) for ch in after]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if len(digits) - 1 > MAX_DIGITS:
        raise InvalidCodeError(f"code {code!r} has more than {MAX_DIGITS} digits")
    body = "".join(_HEX_DIGITS[d] for d in digits[1:]) or "0"
    return HeapCode(f"{_HEX_DIGITS[digits[0]]}.{body}", tuple(digits))


def parse_subtraction_set(text: str | Iterable[object]) -> tuple[int, ...]:
    """Return a subtraction set as a sorted tuple of distinct positive ints.

    Accepts an iterable of ints or a comma-separated string such as ``"1,3,4"``. The one
    parser of sets S: codes ``subtraction:S`` and ``allbut:S`` here, and the subtraction
    games of the catalog.

    Examples
    --------
    >>> from grundy.heaps.codes import parse_subtraction_set
    >>> parse_subtraction_set("4,1,3")
    (1, 3, 4)
    >>> parse_subtraction_set("1,x")
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: subtraction set '1,x': 'x' is not a positive integer
    """
    items: list[object]
    if isinstance(text, str):
        shown: object = text
        items = [t.strip() for t in text.split(",")]
    else:
        shown = items = list(text)
    if not items or items == [""]:
        raise InvalidGameError(f"subtraction set {shown!r} is empty; give e.g. 1,3,4")
    values = []
    for item in items:
        if isinstance(item, str):
            try:
                value, ok = parse_int(item, signed=False), True
            except InvalidPositionError:  # not ASCII digits, or too many of them
                ok, value = False, 0
        elif isinstance(item, int) and not isinstance(item, bool):
            ok, value = True, item
        else:
            ok, value = False, 0
        if not ok or value <= 0:
            raise InvalidGameError(f"subtraction set {shown!r}: {item!r} is not a positive integer")
        values.append(value)
    return tuple(sorted(set(values)))


def _parse_subtraction(code: str, text: str) -> HeapCode:
    kind, _, rest = text.partition(":")
    kind = kind.lower()
    try:
        values = parse_subtraction_set(rest)
    except InvalidGameError as exc:
        raise InvalidCodeError(f"code {code!r}: {exc}") from None
    shown = f"{kind}:{','.join(map(str, values))}"
    if kind == "allbut":
        if values[-1] > INT64_MAX:  # the kernels hold the excluded set in int64
            raise InvalidCodeError(
                f"code {code!r}: the compiled kernels take excluded numbers up to 2^63 - 1"
            )
        return HeapCode(shown, excluded=values)
    if values[-1] > MAX_DIGITS:
        raise InvalidCodeError(
            f"code {code!r}: the compiled kernels take subtractions up to {MAX_DIGITS:,} "
            "(they scan every number up to max(S) at each heap); SubtractionGame values "
            "a bigger set in O(|S|) a heap"
        )
    digits = [0] * (values[-1] + 1)
    for s in values:
        digits[s] = 3
    return HeapCode(shown, tuple(digits))
