"""Reading misère games written in CGSuite's notation (``*[2#0]``, ``*[(2#1)2[#1]]``) or
as CGScript builds them (``*[[2],0]``), into canonical forms."""

from __future__ import annotations

from typing import Any

from ..core.errors import InvalidGameError
from ._arithmetic import add
from ._form import Form, canonical, nim_heap
from ._parts import subtract
from ._printing import describe
from ._steps import Steps, run

__all__ = ["parse_form"]


def _digit(c: str) -> bool:
    return len(c) == 1 and "0" <= c <= "9"  # not str.isdigit: "²" and "٣" are digits too


def parse_form(text: str) -> Form:
    """Read a misère game in CGSuite's notation or as CGScript builds it (see
    :func:`grundy.misere.notation.parse`); InvalidGameError saying where it is not.

    Examples
    --------
    >>> from grundy.misere._form import nim_heap
    >>> from grundy.misere._parsing import parse_form
    >>> parse_form("*[2]") is nim_heap(2), parse_form("*[[2],0]") is parse_form("*[2#0]")
    (True, True)
    """
    if not isinstance(text, str):
        raise InvalidGameError(f"misère game {text!r}: expected a string")
    return _Parser(text).parse()


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.s = "".join(text.split())
        self.i = 0
        # where each bracket closes, and the brackets that hold a comma at their level
        self.close: dict[int, int] = {}
        self.comma: set[int] = set()
        opened: list[int] = []
        for i, c in enumerate(self.s):
            if c in "[(":
                opened.append(i)
            elif c in "])" and opened:
                self.close[opened.pop()] = i
            elif c == "," and opened:
                self.comma.add(opened[-1])

    def fail(self, what: str) -> InvalidGameError:
        return InvalidGameError(f"misère game {self.text!r}: {what} at character {self.i}")

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def expect(self, c: str) -> None:
        if self.peek() != c:
            found = repr(self.peek()) if self.peek() else "the end"
            raise self.fail(f"expected {c!r}, found {found}")
        self.i += 1

    def parse(self) -> Form:
        if not self.s:
            raise self.fail("nothing to read")
        game = run(self.expression())
        if self.i < len(self.s):
            raise self.fail(f"unexpected {self.peek()!r}")
        return game

    def expression(self) -> Steps[Form]:
        total = yield self.term()
        while self.peek() == "+":
            self.i += 1
            total = add(total, (yield self.term()))
        return total

    def term(self) -> Steps[Form]:
        self.expect("*")
        start = self.i
        self.expect("[")
        end = self.close.get(start)
        if end is None:
            raise self.fail("a '[' that is never closed")
        body = self.s[start + 1 : end]
        if not body or body[0] in "[*" or start in self.comma:
            items = yield self.list_items("]")
            self.expect("]")
            if len(items) == 1:  # CGScript: *[x] is x itself
                item = items[0]
                return (yield self.element_game(item))
            return canonical(frozenset((yield self.element_games(items))))
        items = []
        while self.peek() != "]":
            items.append((yield self.item()))
        self.expect("]")
        return items[0] if len(items) == 1 else canonical(frozenset(items))

    # CGScript lists: an element is an int (a nim-heap), a list (a game), or an expression
    def list_items(self, end: str) -> Steps[list[Any]]:
        items: list[Any] = []
        if self.peek() == end:
            return items
        while True:
            c = self.peek()
            if c == "[":
                self.i += 1
                inner = yield self.list_items("]")
                self.expect("]")
                items.append(("list", inner))
            elif _digit(c):
                items.append(("int", self.integer()))
            elif c == "*":
                items.append(("game", (yield self.expression())))
            else:
                raise self.fail("expected a number, a list or *[...]")
            if self.peek() != ",":
                return items
            self.i += 1

    def element_game(self, item: tuple[str, Any]) -> Steps[Form]:
        kind, value = item
        if kind == "int":
            return self.heap(value)
        if kind == "game":
            return value  # type: ignore[no-any-return]
        return canonical(frozenset((yield self.element_games(value))))

    def element_games(self, items: list[Any]) -> Steps[list[Form]]:
        games = []
        for item in items:
            games.append((yield self.element_game(item)))
        return games

    def integer(self) -> int:
        start = self.i
        while _digit(self.peek()):
            self.i += 1
        if self.i - start > 6:
            raise self.fail("a nim-heap too large")
        return int(self.s[start : self.i])

    def heap(self, n: int) -> Form:
        try:
            return nim_heap(n)
        except InvalidGameError as exc:
            raise self.fail(str(exc)) from None

    # the notation: item = base, then '#'s, or a subscript [ops] (#, digit, -digit)
    def number(self) -> int:
        c = self.peek()
        if _digit(c):
            self.i += 1
            return int(c)
        if c == "&":
            self.i += 1
            n = self.integer() if _digit(self.peek()) else -1
            if n < 0:
                raise self.fail("expected digits after '&'")
            self.expect(";")
            return n
        raise self.fail("expected a digit, '&n;' or '('")

    def item(self) -> Steps[Form]:
        if self.peek() == "(":
            self.i += 1
            options = []
            while self.peek() not in (")", ""):
                options.append((yield self.item()))
            self.expect(")")
            if len(options) < 2:
                raise self.fail("parentheses hold two or more options (write x# for {x})")
            game = canonical(frozenset(options))
        else:
            game = self.heap(self.number())
        while True:
            c = self.peek()
            if c == "#":
                self.i += 1
                game = canonical(frozenset({game}))
            elif c == "[":
                self.i += 1
                if self.peek() == "]":
                    raise self.fail("an empty subscript")
                while self.peek() != "]":
                    game = self.subscript(game)
                self.i += 1
            else:
                return game

    def subscript(self, game: Form) -> Form:
        c = self.peek()
        if c == "#":
            self.i += 1
            return canonical(frozenset({game}))
        if c == "-":
            self.i += 1
            where = self.i
            heap = self.heap(self.number())
            difference = subtract(game, heap)
            if difference is None:
                self.i = where
                raise self.fail(f"*{heap._birthday} is not a part of {describe(game)}")
            return difference
        if c == "":
            raise self.fail("a '[' that is never closed")
        return add(game, self.heap(self.number()))
