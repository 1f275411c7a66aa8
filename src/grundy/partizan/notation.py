"""CGSuite's notation for short games: read (:func:`parse`) and written (:func:`format_game`).

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

import functools
import re
from collections.abc import Iterable
from fractions import Fraction

from ..core.errors import InvalidGameError
from .canonical import ZERO, CanonicalGame, game, negate, nimber, number, up
from .dyadic import format_number
from .uptimals import uptimal_expansion

__all__ = ["parse", "format_game", "up_nth", "up_sum"]

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
            if not _top_level_bars(inner):
                options = [_Parser(part).parse_inner(self) for part in _split(inner, ",")]
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
                raise self.fail(f"{name!r} is a loopy game, not a short one")
            if self.text.startswith("{", word.end()):
                raise self.fail(f"'{name}{{...}}' labels a loop: a loopy game, not a short one")
            if name.startswith("begin"):  # spaces are dropped before reading
                raise self.fail("'begin ... end' is a CGScript program, not a game")
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
        runs = _top_level_bars(inner)
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
        if _top_level_bars(text):  # one option, its own braces left out
            return [self.braces(text)]
        return [_Parser(part).parse_inner(self) for part in _split(text, ",")]


def _top_level_bars(text: str) -> list[tuple[int, int]]:
    """(start, length) of each run of '|' outside brackets."""
    runs: list[tuple[int, int]] = []
    depth, i = 0, 0
    while i < len(text):
        ch = text[i]
        if ch in "{(":
            depth += 1
        elif ch in "})":
            depth -= 1
        elif ch == "|" and depth == 0:
            j = i
            while j < len(text) and text[j] == "|":
                j += 1
            runs.append((i, j - i))
            i = j
            continue
        i += 1
    return runs


def _split(text: str, separator: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "{(":
            depth += 1
        elif ch in "})":
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


# ------------------------------------------------------------------ writing
#: CGSuite writes at most this many bars; an option that would need them is braced.
MAX_BARS = 4


def format_game(g: CanonicalGame) -> str:
    """Write `g` in CGSuite's notation (the text :func:`parse` reads back).

    Options are listed in CGSuite's order (numbers, nimbers, uptimals, then the
    rest), an only option is written without its braces using more bars, up to four
    (CanonicalShortGame.appendTo).

    Examples
    --------
    >>> from grundy.partizan import parse, format_game
    >>> format_game(parse("{0,*,*2|0,*,*2}")), format_game(parse("6+^*")), format_game(parse("^*6"))
    ('*3', '6^*', '^*6')
    >>> format_game(parse("{1|^^^||^}")), format_game(parse("{0||0|vvv}"))
    ('{1|^3||^}', '{0||0|v3}')
    """
    return _write(g, brackets=True, parens=False)[0]


def _write(g: CanonicalGame, brackets: bool, parens: bool) -> tuple[str, int]:
    """(text, bars): bars > 0 when g is written without its braces, that many bars."""
    kind = uptimal_expansion(g)
    if kind is not None and _written_as_uptimal(kind[1]):
        text, compact = _uptimal_text(*kind)
        return (f"({text})" if parens and not compact else text), 0
    left, right = _sorted(g.left), _sorted(g.right)
    if len(left) == len(right) and {negate(o) for o in left} == set(right):  # G = -G
        if len(left) == 1:
            return "+-" + _write(left[0], brackets=True, parens=True)[0], 0
        return "+-{" + ",".join(_write(o, True, False)[0] for o in left) + "}", 0
    tiny = _tiny(g)
    if tiny is not None:
        return (f"({tiny})" if parens else tiny), 0
    sides, bars = [], 0
    for options in (left, right):
        texts = []
        for o in options:
            text, inner = _write(o, brackets=len(options) > 1, parens=False)
            texts.append(text)
            bars = max(bars, inner)
        sides.append(",".join(texts))
    bars += 1
    text = sides[0] + "|" * bars + sides[1]
    if brackets or bars == MAX_BARS:
        return "{" + text + "}", 0
    return text, bars


def _tiny(g: CanonicalGame) -> str | None:
    """``xTiny(H)`` for x + {0 || 0 | -H}, ``xMiny(H)`` for x + {H | 0 || 0}, when the
    far option's mean is beyond x (CGSuite's isNumberTiny)."""
    from .cooling import mean

    for sign, name in ((1, "Tiny"), (-1, "Miny")):
        mine, theirs = (g.left, g.right) if sign > 0 else (g.right, g.left)
        if len(mine) != 1 or len(theirs) != 1 or mine[0].number is None:
            continue
        x = mine[0]
        inner = theirs[0]
        near, far = (inner.left, inner.right) if sign > 0 else (inner.right, inner.left)
        if len(near) != 1 or near[0] is not x or len(far) != 1:
            continue
        if (mean(far[0]) - x.number) * sign >= 0:  # type: ignore[operator]
            continue
        h = x - far[0] if sign > 0 else far[0] - x
        head = "" if x.number == 0 else format_number(x.number)  # type: ignore[arg-type]
        return head + f"{name}({_write(h, True, False)[0]})"
    return None


def _written_as_uptimal(coefficients: tuple[int, ...]) -> bool:
    """CGSuite writes an uptimal as such when it is x + n·↑ + *m, a unit ±↑^<k> or a unit
    sum ±↑^[k] (plus x and *m); any other is written {..|..} (Uptimal.appendTo)."""
    if len(coefficients) <= 1:
        return True
    if coefficients[0] in (1, -1) and len(set(coefficients)) == 1:
        return True
    return sum(1 for a in coefficients if a) == 1 and coefficients[-1] in (1, -1)


def _uptimal_text(x: Fraction, coefficients: tuple[int, ...], m: int) -> tuple[str, bool]:
    """CGSuite's text of x + Σ c_i·↑^i + *m, and whether it needs no parentheses."""
    length = len(coefficients)
    compact = (length == 0 and (m == 0 or x == 0)) or (x == 0 and m == 0)
    text = format_number(x) if x != 0 or (m == 0 and length == 0) else ""
    if length == 1:
        c = coefficients[0]
        arrow = "^" if c > 0 else "v"
        text += arrow * 2 if abs(c) == 2 else arrow + (str(abs(c)) if abs(c) > 2 else "")
    elif length > 1:
        unit = sum(1 for c in coefficients if c) == 1
        text += ("^" if coefficients[-1] > 0 else "v") + (f"<{length}>" if unit else f"[{length}]")
    if m:
        text += "*" if m == 1 else f"*{m}"
    return text, compact


def _sorted(options: Iterable[CanonicalGame]) -> list[CanonicalGame]:
    """Options in CGSuite's DeterministicOrdering."""
    return sorted(options, key=functools.cmp_to_key(_compare))


def _compare(g: CanonicalGame, h: CanonicalGame) -> int:
    """Numbers, nimbers, uptimals (by x, then c_1, c_2, ..., then length, then m, as
    UptimalExpansion.compareTo), then other games (by their sorted options)."""

    def rank(a: CanonicalGame) -> int:
        if a.number is not None:
            return 0
        if a.nim_value is not None:
            return 1
        return 2 if uptimal_expansion(a) is not None else 3

    rg, rh = rank(g), rank(h)
    if rg != rh:
        return rg - rh
    if rg == 0:
        return (g.number > h.number) - (g.number < h.number)  # type: ignore[operator]
    if rg == 1:
        return g.nim_value - h.nim_value  # type: ignore[operator]
    if rg == 2:
        (x, cg, mg), (y, ch, mh) = uptimal_expansion(g), uptimal_expansion(h)  # type: ignore[misc]
        if x != y:
            return -1 if x < y else 1
        for a, b in zip(cg, ch, strict=False):
            if a != b:
                return a - b
        return (len(cg) - len(ch)) or (mg - mh)
    for mine, theirs in ((g.left, h.left), (g.right, h.right)):
        a, b = _sorted(mine), _sorted(theirs)
        for p, q in zip(a, b, strict=False):
            c = _compare(p, q)
            if c:
                return c
        if len(a) != len(b):
            return len(a) - len(b)
    return 0
