"""The sets S of subtraction games given by a rule: named ones (squares, primes...),
predicates and increasing iterables, each read lazily in increasing order."""

from __future__ import annotations

import math
import reprlib
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import compress

from ..core.errors import InvalidGameError, MoveGenerationError

__all__ = ["SUBTRACTION_RULES", "RuleSpec", "rule_name", "make_rule", "SubtractionRule"]

#: The named rules: name -> the first members of S. ``subtraction:NAME`` on the command
#: line, ``RuleSubtractionGame(NAME)`` or the class method of the same name in Python.
SUBTRACTION_RULES: dict[str, str] = {
    "squares": "1, 4, 9, 16, 25, ...",
    "primes": "2, 3, 5, 7, 11, ...",
    "fibonacci": "1, 2, 3, 5, 8, ...",
    "powers-of-two": "1, 2, 4, 8, 16, ...",
    "factorials": "1, 2, 6, 24, 120, ...",
    "triangular": "1, 3, 6, 10, 15, ...",
}
#: Other spellings of the named rules (after lower-casing, ``_`` read as ``-``).
_ALIASES = {
    "square": "squares",
    "prime": "primes",
    "fib": "fibonacci",
    "powers2": "powers-of-two",
    "powers-of-2": "powers-of-two",
    "pow2": "powers-of-two",
    "factorial": "factorials",
    "triangle": "triangular",
    "triangles": "triangular",
}
RuleSpec = str | Callable[[int], object] | Iterable[int]


def rule_name(text: str) -> str:
    """Return the canonical name of a named rule (``"Powers2"`` -> ``"powers-of-two"``).

    Raises
    ------
    InvalidGameError
        `text` names no rule; the message lists the rules.

    Examples
    --------
    >>> from grundy.games.subtraction_rules import rule_name
    >>> rule_name("Powers_of_Two"), rule_name("prime")
    ('powers-of-two', 'primes')
    >>> rule_name("cubes")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: 'cubes' is not a subtraction rule; rules: squares, ...
    """
    key = text.strip().lower().replace("_", "-")
    key = _ALIASES.get(key, key)
    if key not in SUBTRACTION_RULES:
        raise InvalidGameError(
            f"{text!r} is not a subtraction rule; rules: {', '.join(SUBTRACTION_RULES)} "
            "(or a finite set such as 1,3,4)"
        )
    return key


# ----------------------------------------------------------------- the sets S
class SubtractionRule:
    """The members of S in increasing order; subclasses say how to read them."""

    #: G(n) = n mod `modulus` for every n (a closed form), or None.
    modulus: int | None = None
    #: The rule's name for a named rule (two games of one named rule are equal), else None.
    name: str | None = None

    def text(self) -> str:
        """The rule as the game's repr shows it."""
        raise NotImplementedError

    def below(self, stop: int) -> Sequence[int]:
        """Every member s < `stop`, in increasing order."""
        raise NotImplementedError

    def count(self, n: int, exact_up_to: int) -> int:
        """|S ∩ [1, n]|; an upper bound when n > `exact_up_to` and S has no closed count."""
        if n > exact_up_to:
            return n  # S ⊆ [1, n]: reading S that far would cost too much
        return len(self.below(n + 1))


class _Named(SubtractionRule):
    """A named rule whose members below `stop` are quick to list (at most sqrt(2 stop))."""

    def __init__(self, name: str, members: Callable[[int], Iterator[int]]) -> None:
        self.name = name
        self._members = members
        if name == "powers-of-two":
            # 2^k is 1 or 2 mod 3, never 0: from n every option has another residue, and
            # (for n >= 2) subtracting 1 and 2 reaches both: G(n) = n mod 3 by induction.
            self.modulus = 3

    def text(self) -> str:
        return repr(self.name)

    def below(self, stop: int) -> list[int]:
        found = []
        for s in self._members(stop):
            if s >= stop:
                break
            found.append(s)
        return found

    def count(self, n: int, exact_up_to: int) -> int:
        if self.name == "squares":
            return math.isqrt(n)
        if self.name == "triangular":  # k(k+1)/2 <= n
            return (math.isqrt(8 * n + 1) - 1) // 2
        return len(self.below(n + 1))  # logarithmically many


def _fibonacci(stop: int) -> Iterator[int]:
    a, b = 1, 2
    while True:
        yield a
        a, b = b, a + b


def _factorials(stop: int) -> Iterator[int]:
    f, k = 1, 1
    while True:
        yield f
        k += 1
        f *= k


def _powers(stop: int) -> Iterator[int]:
    return (1 << k for k in range(max(stop, 1).bit_length() + 1))


def _squares(stop: int) -> Iterator[int]:
    return (k * k for k in range(1, math.isqrt(max(stop, 1)) + 2))


def _triangular(stop: int) -> Iterator[int]:
    return (k * (k + 1) // 2 for k in range(1, math.isqrt(2 * max(stop, 1)) + 2))


_NAMED = {
    "squares": _squares,
    "fibonacci": _fibonacci,
    "powers-of-two": _powers,
    "factorials": _factorials,
    "triangular": _triangular,
}


class _Stored(SubtractionRule):
    """A rule read once, in increasing order, into an array (8 bytes a member)."""

    def __init__(self) -> None:
        self._members = array("q")
        self._bound = 1  # every member below _bound is in _members

    def below(self, stop: int) -> Sequence[int]:
        if stop > self._bound:
            self._read(self._bound, stop)
            self._bound = stop
        return self._members[: bisect_left(self._members, stop)]

    def _read(self, start: int, stop: int) -> None:
        """Append the members s with start <= s < stop."""
        raise NotImplementedError


class _Primes(_Stored):
    """The primes, by a segmented sieve of Eratosthenes (bytearray slices, in C)."""

    name: str | None = "primes"

    def text(self) -> str:
        return repr(self.name)

    def _read(self, start: int, stop: int) -> None:
        base = self._small_primes(math.isqrt(stop - 1) + 1)
        segment = bytearray([1]) * (stop - start)
        for p in base:
            first = max(p * p, (start + p - 1) // p * p)
            if first < stop:
                segment[first - start :: p] = bytes(len(range(first, stop, p)))
        for s in range(start, min(stop, 2)):
            segment[s - start] = 0  # 0 and 1 are not prime
        self._members.extend(compress(range(start, stop), segment))

    @staticmethod
    def _small_primes(stop: int) -> list[int]:
        sieve = bytearray([1]) * max(stop, 2)
        sieve[:2] = b"\0\0"
        for p in range(2, math.isqrt(stop - 1) + 1 if stop > 1 else 0):
            if sieve[p]:
                sieve[p * p :: p] = bytes(len(range(p * p, stop, p)))
        return list(compress(range(stop), sieve))

    def count(self, n: int, exact_up_to: int) -> int:
        if n > exact_up_to and n >= 17:
            # Rosser and Schoenfeld (1962): pi(x) < 1.25506 x / ln x for x > 1.
            return math.ceil(1.25506 * n / math.log(n))
        return len(self.below(n + 1))


class _Predicate(_Stored):
    """S = {s >= 1 : predicate(s)}, the predicate asked once per number."""

    def __init__(self, predicate: Callable[[int], object]) -> None:
        super().__init__()
        self.predicate = predicate

    def text(self) -> str:
        return getattr(self.predicate, "__name__", None) or reprlib.repr(self.predicate)

    def _read(self, start: int, stop: int) -> None:
        predicate, append = self.predicate, self._members.append
        s = start
        try:
            for s in range(start, stop):
                if predicate(s):
                    append(s)
        except Exception as exc:  # the user's function: any error is theirs, say where
            raise MoveGenerationError(
                f"subtraction rule {self.text()}: raised {type(exc).__name__} at s = {s}: {exc}"
            ) from exc


class _Sequence(_Stored):
    """The members listed by an iterable, checked to be increasing positive integers."""

    def __init__(self, items: Iterable[int]) -> None:
        super().__init__()
        self._shown = _shown(items)
        self._items = iter(items)
        self._next: int | None = None  # read, but not below the last bound
        self._done = False

    def text(self) -> str:
        return self._shown

    def _read(self, start: int, stop: int) -> None:
        while not self._done:
            if self._next is None:
                try:
                    item = next(self._items)
                except StopIteration:
                    self._done = True  # a finite S: nothing more to read
                    return
                except Exception as exc:  # the user's iterable: say whose error it is
                    raise MoveGenerationError(
                        f"subtraction rule {self._shown}: raised {type(exc).__name__} "
                        f"reading member {len(self._members) + 1}: {exc}"
                    ) from exc
                self._next = self._check(item)
            if self._next >= stop:
                return
            self._members.append(self._next)
            self._next = None

    def _check(self, item: object) -> int:
        where = f"subtraction rule {self._shown}: member {len(self._members) + 1}"
        if isinstance(item, bool) or not isinstance(item, int):
            raise InvalidGameError(f"{where}, {item!r}, is not an integer")
        if item < 1:
            raise InvalidGameError(f"{where}, {item}, is not a positive integer")
        if self._members and item <= self._members[-1]:
            raise InvalidGameError(
                f"{where}, {item}, is not above the one before ({self._members[-1]}); "
                "give the members in increasing order"
            )
        return item


def _shown(items: Iterable[int]) -> str:
    """An iterable as the game's repr shows it: ``range(1, 100, 2)``, ``<generator odd>``."""
    if isinstance(items, list | tuple | range):
        return reprlib.repr(items)
    name = getattr(items, "__name__", "")
    return f"<{type(items).__name__}{' ' + name if name else ''}>"


def make_rule(rule: object) -> SubtractionRule:
    if isinstance(rule, str):
        name = rule_name(rule)
        return _Primes() if name == "primes" else _Named(name, _NAMED[name])
    if isinstance(rule, SubtractionRule):
        return rule
    if hasattr(rule, "__iter__"):
        return _Sequence(rule)  # type: ignore[arg-type]  # an iterable, checked as read
    if callable(rule):
        return _Predicate(rule)
    raise InvalidGameError(
        f"subtraction rule {rule!r} must be a rule's name ({', '.join(SUBTRACTION_RULES)}), "
        "a predicate s -> bool, or an increasing iterable of positive integers"
    )
