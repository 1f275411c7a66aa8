"""CGSuite's notation for short games: read (:func:`parse`) and written (:func:`format_game`,
from :mod:`~grundy.partizan.writing`, which ``str`` of a game calls).

``{L | R}`` with multi-bar nesting (``{a||b|c}`` is ``{a | {b|c}}``); numbers ``3``,
``-1/2``; nimbers ``*``, ``*6``; up and down ``^``, ``^^``, ``^5``, ``v``, ``vv``, ``v3``;
the uptimals ``^[n]`` (↑ + ↑² + ... + ↑ⁿ) and ``^<n>`` (↑ⁿ, "up-nth"); switches
``+-G`` = ``{G | -G}`` (``+-{a,b}`` = ``{a,b | -a,-b}``); ``Tiny(G)`` = ``{0 || 0 | -G}``,
``Miny(G)`` = ``{G | 0 || 0}``; juxtaposition is a sum (``1/2^*`` = 1/2 + ↑ + *,
``2Tiny(2)``), and ``+``, ``-`` and parentheses work as usual. ``↑``, ``↓`` and ``±``
are read too.

Examples
--------
>>> from grundy.partizan import parse
>>> g = parse("{0||0|-3/2}")
>>> str(g), g is parse("Tiny(3/2)")
('Tiny(3/2)', True)
>>> str(parse("{5||3|1|||0||||0}")), str(parse("73/16+v9*8")), str(parse("{0|*||*|||*||||*}"))
('Miny({5||3|1})', '73/16v9*8', '^[4]')
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..core.errors import InvalidGameError
from .canonical import ZERO, CanonicalGame, game, negate, nimber, number, up
from .writing import format_game

__all__ = ["parse", "format_game", "up_nth", "up_sum", "top_level_bars", "split_top_level"]

_TRANSLATE = str.maketrans({"↑": "^", "↓": "v", "±": "+-", " ": "", "\t": "", "\n": ""})


# ------------------------------------------------------------------ reading
def parse(text: str) -> CanonicalGame:
    """The canonical game written `text` in CGSuite's notation.

    Raises
    ------
    InvalidGameError
        Text that is not a short game, naming where it goes wrong.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> str(parse("{3||2+*|1+*}")), str(parse("+-{1,{2|0}}")), str(parse("2Tiny(2)"))
    ('{3||2*|1*}', '+-{1,{2|0}}', '2Tiny(2)')
    >>> parse("{1|2")
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: '{1|2': a '{' is not closed
    """
    if not isinstance(text, str):
        raise InvalidGameError(f"{text!r} is not a game written as text")
    return _Parser(text).parse()


_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
#: CGSuite's names of loopy games (stoppers and their kin), refused by name.
_LOOPY = {"on", "off", "over", "under", "dud", "pass", "ono", "tis", "tisn"}


class _Parser:
    def __init__(self, text: str) -> None:
        self.original = text
        self.text = text.translate(_TRANSLATE)
        self.pos = 0

    def fail(self, reason: str) -> InvalidGameError:
        return InvalidGameError(f"{self.original!r}: {reason}")

    def parse(self) -> CanonicalGame:
        if not self.text:
            raise self.fail("no game is written")
        value = self.sum(len(self.text))
        if self.pos != len(self.text):
            raise self.fail(f"unexpected {self.text[self.pos]!r} at {self.pos}")
        return value

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def sum(self, end: int) -> CanonicalGame:
        """Terms joined by ``+`` and ``-``; ``-`` before a digit belongs to the number
        (``-1/2^`` is -1/2 + ↑, as CGSuite writes it), ``+-`` starts a switch."""
        total, sign, terms = ZERO, 1, 0
        while self.pos < end:
            c = self.text[self.pos]
            if self.text.startswith("+-", self.pos):
                self.pos += 2
                term = self.switch(end)
            elif c == "+" or (c == "-" and not self.text[self.pos + 1 : self.pos + 2].isdigit()):
                self.pos += 1
                sign = -sign if c == "-" else sign
                if self.pos >= end:
                    raise self.fail(f"nothing after {c!r}")
                continue
            else:
                term = self.term(end)
            total += term if sign > 0 else -term
            sign, terms = 1, terms + 1
        if not terms:
            raise self.fail(f"no game at {self.pos}")
        return total

    def switch(self, end: int) -> CanonicalGame:
        """After ``+-``: one atom or a braced list of options: {G | -G}."""
        if self.peek() == "{":
            close = self.matching(self.pos)
            inner = self.text[self.pos + 1 : close]
            if not top_level_bars(inner):
                options = [_Parser(part).parse_inner(self) for part in split_top_level(inner, ",")]
                self.pos = close + 1
                return game(options, [negate(g) for g in options])
        option = self.atom(end)
        return game([option], [negate(option)])

    def parse_inner(self, outer: _Parser) -> CanonicalGame:
        try:
            return self.parse()
        except InvalidGameError as exc:
            raise outer.fail(f"in {self.original!r}: {str(exc).split(': ', 1)[-1]}") from None

    def term(self, end: int) -> CanonicalGame:
        """Atoms written side by side, summed: ``2Tiny(2)``, ``73/16v9*8``."""
        total = self.atom(end)
        while self.pos < end and self.peek() not in "+-,|})":
            total += self.atom(end)
        return total

    def atom(self, end: int) -> CanonicalGame:
        c = self.peek()
        if not c or self.pos >= end:
            raise self.fail(f"a game is missing at {self.pos}")
        if c.isdigit() or (c == "-" and self.pos + 1 < end and self.text[self.pos + 1].isdigit()):
            return self.number()
        if c == "*":
            self.pos += 1
            n = self.digits()
            return nimber(1 if n is None else n)
        if c in "^v":
            return self.arrows(c)
        if c == "{":
            close = self.matching(self.pos)
            value = self.braces(self.text[self.pos + 1 : close])
            self.pos = close + 1
            return value
        if c == "(":
            close = self.matching(self.pos)
            self.pos += 1
            value = self.sum(close)
            self.pos = close + 1
            return value
        for name in ("Tiny", "Miny"):
            if self.text.startswith(name + "(", self.pos):
                self.pos += len(name)
                close = self.matching(self.pos)
                self.pos += 1
                argument = self.sum(close)
                self.pos = close + 1
                if name == "Tiny":
                    return game([ZERO], [game([ZERO], [negate(argument)])])
                return game([game([argument], [ZERO])], [ZERO])
        word = _WORD.match(self.text, self.pos)
        if word is not None:
            name = word.group()
            if name in _LOOPY or name.startswith("upon"):
                raise self.fail(
                    f"{name!r} is a loopy game, not a short one (parse_loopy reads loopy games)"
                )
            if self.text.startswith("{", word.end()):
                raise self.fail(
                    f"'{name}{{...}}' labels a loop: a loopy game, not a short one "
                    "(parse_loopy reads loopy games)"
                )
            if name.startswith("begin"):  # spaces are dropped before reading
                raise self.fail("'begin ... end' defines games (parse_loopy reads it)")
        raise self.fail(f"unexpected {c!r} at {self.pos}")

    def number(self) -> CanonicalGame:
        start = self.pos
        if self.peek() == "-":
            self.pos += 1
        self.digits()
        if self.peek() == "/":
            self.pos += 1
            if self.digits() is None:
                raise self.fail(f"a denominator is missing at {self.pos}")
        text = self.text[start : self.pos]
        numerator, _, denominator = text.partition("/")
        if denominator and int(denominator) == 0:
            raise self.fail(f"{text} divides by zero")
        try:
            return number(Fraction(int(numerator), int(denominator or 1)))
        except InvalidGameError as exc:
            raise self.fail(str(exc)) from None

    def digits(self) -> int | None:
        start = self.pos
        while self.peek().isdigit():
            self.pos += 1
        return int(self.text[start : self.pos]) if self.pos > start else None

    def arrows(self, c: str) -> CanonicalGame:
        count = 0
        while self.peek() == c:
            self.pos += 1
            count += 1
        sign = 1 if c == "^" else -1
        if self.peek() and self.peek() in "[<" and count == 1:
            bracket = self.peek()
            self.pos += 1
            n = self.digits()
            if n is None or n < 1 or self.peek() != ("]" if bracket == "[" else ">"):
                raise self.fail(f"write {c}{bracket}n{']' if bracket == '[' else '>'}, n >= 1")
            self.pos += 1
            value = up_sum(n) if bracket == "[" else up_nth(n)
            return value if sign > 0 else negate(value)
        n = self.digits()
        if n is not None:
            if count != 1:
                raise self.fail(f"write {c}{n} or {c * 2}, not {c * count}{n}")
            count = n
        return up(sign * count)

    def matching(self, start: int) -> int:
        """The index of the bracket closing the one at `start`."""
        pairs = {"{": "}", "(": ")"}
        depth = 0
        for i in range(start, len(self.text)):
            ch = self.text[i]
            if ch in pairs:
                depth += 1
            elif ch in ")}":
                depth -= 1
                if depth == 0:
                    if ch != pairs[self.text[start]]:
                        raise self.fail(f"{self.text[start]!r} at {start} is closed by {ch!r}")
                    return i
        raise self.fail(f"a {self.text[start]!r} is not closed")

    def braces(self, inner: str) -> CanonicalGame:
        """``L | R`` with the longest bar run splitting it: ``a||b|c`` = {a | {b|c}}."""
        runs = top_level_bars(inner)
        if not runs:
            raise self.fail(f"{{{inner}}} has no '|'")
        longest = max(length for _, length in runs)
        at = [i for i, length in runs if length == longest]
        if len(at) > 1:
            raise self.fail(f"{{{inner}}} has two '{'|' * longest}' at the same level")
        left, right = inner[: at[0]], inner[at[0] + longest :]
        return game(self.side(left), self.side(right))

    def side(self, text: str) -> list[CanonicalGame]:
        if not text:
            return []
        if top_level_bars(text):  # one option, its own braces left out
            return [self.braces(text)]
        return [_Parser(part).parse_inner(self) for part in split_top_level(text, ",")]


_CLOSING = {"{": "}", "(": ")", "[": "]"}


def top_level_bars(
    text: str, brackets: str = "{(", quote: str | None = None
) -> list[tuple[int, int]]:
    """(start, length) of each run of '|' outside `brackets` (and outside `quote` marks,
    when given): where the braces of ``L | R`` may split.

    Examples
    --------
    >>> from grundy.partizan.notation import top_level_bars
    >>> top_level_bars("a||{b|c}|d")
    [(1, 2), (8, 1)]
    """
    closing = "".join(_CLOSING[b] for b in brackets)
    runs: list[tuple[int, int]] = []
    depth, quoted, i = 0, False, 0
    while i < len(text):
        ch = text[i]
        if ch in brackets:
            depth += 1
        elif ch in closing:
            depth -= 1
        elif quote is not None and ch == quote:
            quoted = not quoted
        elif ch == "|" and depth == 0 and not quoted:
            j = i
            while j < len(text) and text[j] == "|":
                j += 1
            runs.append((i, j - i))
            i = j
            continue
        i += 1
    return runs


def split_top_level(text: str, separator: str, brackets: str = "{(") -> list[str]:
    """`text` split at each `separator` outside `brackets`.

    Examples
    --------
    >>> from grundy.partizan.notation import split_top_level
    >>> split_top_level("0,{1,2|3},*", ",")
    ['0', '{1,2|3}', '*']
    """
    closing = "".join(_CLOSING[b] for b in brackets)
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in brackets:
            depth += 1
        elif ch in closing:
            depth -= 1
        elif ch == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


# ------------------------------------------------------------------ the uptimals
_UP_SUMS: list[CanonicalGame] = []


def up_sum(n: int) -> CanonicalGame:
    """↑^[n] = ↑ + ↑² + ... + ↑ⁿ = {↑^[n-1] | *} (CGSuite's ``^[n]``).

    Examples
    --------
    >>> from grundy.partizan.notation import up_sum
    >>> str(up_sum(1)), str(up_sum(2).left[0]), str(up_sum(3))
    ('^', '^', '^[3]')
    """
    if type(n) is not int or n < 1:
        raise InvalidGameError(f"^[{n!r}]: n must be a positive int")
    if not _UP_SUMS:
        _UP_SUMS.append(up())
    while len(_UP_SUMS) < n:
        _UP_SUMS.append(game([_UP_SUMS[-1]], [nimber(1)]))
    return _UP_SUMS[n - 1]


def up_nth(n: int) -> CanonicalGame:
    """↑ⁿ ("up-nth", CGSuite's ``^<n>``) = ↑^[n] - ↑^[n-1]; ↑² = {0 | ↓*}.

    Examples
    --------
    >>> from grundy.partizan.notation import up_nth
    >>> str(up_nth(2)), up_nth(2) > 0
    ('^<2>', True)
    """
    return up_sum(n) - up_sum(n - 1) if n > 1 else up_sum(n)
