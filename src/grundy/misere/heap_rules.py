"""The moves of a heap game as the misère quotient code needs them: options as tuples of heaps."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import InvalidCodeError
from ..heaps.codes import HeapCode, parse_code

__all__ = ["HeapRules", "heap_rules"]


@dataclass(frozen=True, slots=True)
class HeapRules:
    """A heap game's name, its options (a heap -> the sorted tuples of heaps it may leave).

    `code` is the :class:`~grundy.heaps.HeapCode` (None for Nim, whose code is infinite);
    it decides which periodicity theorem applies.

    Examples
    --------
    >>> from grundy.misere.heap_rules import heap_rules
    >>> heap_rules("0.07").options(4)          # Dawson's Kayles: take 2 adjacent pins
    [(2,), (1, 1)]
    >>> heap_rules("nim").options(2)
    [(), (1,)]
    """

    text: str
    code: HeapCode | None
    options_of: Callable[[int], list[tuple[int, ...]]]

    def options(self, n: int) -> list[tuple[int, ...]]:
        """The distinct options of heap `n`, each a sorted tuple of non-empty heaps."""
        return self.options_of(n)


def heap_rules(code: str | HeapCode) -> HeapRules:
    """Read a heap game for misère quotients: ``"nim"`` or any take-and-break code.

    Parameters
    ----------
    code : str or HeapCode
        ``"nim"``, or what :func:`grundy.heaps.parse_code` reads: octal and hexadecimal
        codes (``"0.77"``, ``"4.07"``, ``"0.3F"``), ``"grundy"``, ``"subtraction:S"``,
        ``"allbut:S"``.

    Raises
    ------
    InvalidCodeError
        For a code :func:`~grundy.heaps.parse_code` refuses.

    Examples
    --------
    >>> from grundy.misere.heap_rules import heap_rules
    >>> heap_rules("0.77").options(3)          # Kayles: take 1 or 2 pins, maybe splitting
    [(1,), (2,), (1, 1)]
    >>> heap_rules("grundy").options(6)         # split into two unequal heaps
    [(1, 5), (2, 4)]
    """
    if isinstance(code, str) and code.strip().lower() == "nim":
        return HeapRules("nim", None, _nim_options)
    if not isinstance(code, HeapCode | str):
        raise InvalidCodeError(f"code {code!r} must be a string such as '0.77' or 'nim'")
    parsed = code if isinstance(code, HeapCode) else parse_code(code)
    if parsed.is_allbut:
        excluded = frozenset(parsed.excluded)

        def allbut(n: int) -> list[tuple[int, ...]]:
            found = {(n - j,) if j < n else () for j in range(1, n + 1) if j not in excluded}
            return sorted(found, key=_option_order)

        return HeapRules(parsed.text, parsed, allbut)
    digits, unequal = parsed.digits, parsed.unequal

    def take_and_break(n: int) -> list[tuple[int, ...]]:
        found: set[tuple[int, ...]] = set()
        for j, d in enumerate(digits):
            if j > n:
                break
            rest = n - j
            if d & 1 and rest == 0 and j > 0:
                found.add(())
            if d & 2 and rest > 0 and j > 0:
                found.add((rest,))
            if d & 4:
                last = (rest - 1) // 2 if unequal else rest // 2
                found.update((a, rest - a) for a in range(1, last + 1))
            if d & 8:
                found.update(
                    (a, b, rest - a - b)
                    for a in range(1, rest // 3 + 1)
                    for b in range(a, (rest - a) // 2 + 1)
                )
        return sorted(found, key=_option_order)

    return HeapRules(parsed.text, parsed, take_and_break)


def _option_order(option: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    return len(option), option


def _nim_options(n: int) -> list[tuple[int, ...]]:
    return [(m,) if m else () for m in range(n)]
