"""CGSuite's notation of misère canonical forms: ``*[2#0]``, ``*[2[2]]``, ``*[(2#1)2##]``."""

from __future__ import annotations

from typing import Any

from ..core.errors import InvalidGameError, PositionLimitError
from ._arithmetic import add, even_part, is_odd, sorted_options
from ._parts import subtract
from .canonical import MisereGame, Steps, canonical, nim_heap, run

__all__ = ["parse", "format_game", "text_length"]


def _digit(c: str) -> bool:
    return len(c) == 1 and "0" <= c <= "9"  # not str.isdigit: "²" and "٣" are digits too


def _number(n: int) -> str:
    """A heap size as CGSuite writes it in plain text: one digit, or ``&n;`` from 10."""
    return str(n) if n < 10 else f"&{n};"


# --------------------------------------------------------------------- printing
# A node of the text: (game, bracketed in parentheses if it has several options, whether
# a subscript must open after the first heap written). Its plan: the literal pieces and
# the nodes it is written from, and whether a subscript bracket is open at its end.
Node = tuple[MisereGame, bool, bool]
Plan = tuple[list["str | Node"], bool]


def format_game(game: MisereGame, *, max_length: int | None = None) -> str:
    """Return `game` in CGSuite's notation.

    ``*[n]`` is the nim-heap n; ``*[abc]`` the game with options a, b, c (written
    last option first, each option bracketed in parentheses if it has several
    options of its own); a subscript ``#`` makes the game whose only option is what
    precedes it; subscript digits add nim-heaps, ``-d`` takes one away (a part), and
    ``1`` adds *1 to an even game. In plain text a subscript is put in ``[...]`` when
    it holds more than ``#`` signs: ``*[2[##-2]0]``. Heaps from 10 are ``&10;``.

    Parameters
    ----------
    game : MisereGame
    max_length : int, optional
        Refuse to write a text longer than this (``str`` writes up to
        ``MAX_STR_LENGTH`` characters, a summary beyond).

    Raises
    ------
    PositionLimitError
        The text would be longer than `max_length`.

    Examples
    --------
    >>> from grundy.misere.canonical import MisereGame
    >>> from grundy.misere.notation import format_game
    >>> format_game(MisereGame([[2], [[2], 1]]))
    '*[(2#1)2#]'
    >>> format_game(MisereGame(12) + MisereGame(2))
    '*[&12;[2]]'

    Notes
    -----
    As CGSuite prints it (``rAppendMidToOutput``): a nim-heap is its size; else the
    first of these that applies, each written after the simpler game it starts from:
    G = H + *i with H born earlier, for even i >= 2 (odd i >= 3 if G is odd); G = H - *i
    with H born earlier; G = E + *1 (G odd); G = {H}; G = {the options}. The text is a
    tree where the form is a graph, so it can grow exponentially with the birthday:
    misère Kayles' heap 40 would take 7.9 * 10^16 characters. Its length is found first
    (:func:`text_length`), from the plan of the text, which costs sums of the form's
    subgames with heaps up to their birthdays.
    """
    if game._text is None:
        plans = _plans(game)
        root = (game, False, False)
        order = _nodes_bottom_up(plans, root)
        length = _length(plans, order, root)
        if max_length is not None and length > max_length:
            raise _too_long(game, length, max_length)
        texts: dict[Node, str] = {}
        for node in order:
            pieces, _ = plans[node]
            texts[node] = "".join(p if isinstance(p, str) else texts[p] for p in pieces)
        game._text = "*[" + texts[root] + ("]" if plans[root][1] else "") + "]"
    elif max_length is not None and len(game._text) > max_length:
        raise _too_long(game, len(game._text), max_length)
    return game._text


def _too_long(game: MisereGame, length: int, limit: int) -> PositionLimitError:
    return PositionLimitError(
        f"the misère canonical form born on day {game.birthday} takes {length:,} "
        f"characters of notation, more than {limit:,}"
    )


def text_length(game: MisereGame) -> int:
    """Return the length of ``format_game(game)`` without writing it.

    Examples
    --------
    >>> from grundy.misere.canonical import MisereGame
    >>> from grundy.misere.notation import text_length
    >>> text_length(MisereGame("*[2[##-2]0]"))
    11
    """
    if game._text is not None:
        return len(game._text)
    plans = _plans(game)
    root = (game, False, False)
    return _length(plans, _nodes_bottom_up(plans, root), root)


def _length(plans: dict[Node, Plan], order: list[Node], root: Node) -> int:
    lengths: dict[Node, int] = {}
    for node in order:
        pieces, _ = plans[node]
        lengths[node] = sum(len(p) if isinstance(p, str) else lengths[p] for p in pieces)
    return lengths[root] + 3 + plans[root][1]  # *[ ] and a subscript left open


def _plans(game: MisereGame) -> dict[Node, Plan]:
    plans: dict[Node, Plan] = {}
    run(_plan((game, False, False), plans))
    return plans


def _nodes_bottom_up(plans: dict[Node, Plan], root: Node) -> list[Node]:
    """The nodes below `root`, each after the nodes it is written from."""
    order: list[Node] = []
    seen = {root}
    stack = [(root, iter(plans[root][0]))]
    while stack:
        node, pieces = stack[-1]
        for piece in pieces:
            if not isinstance(piece, str) and piece not in seen:
                seen.add(piece)
                stack.append((piece, iter(plans[piece][0])))
                break
        else:
            stack.pop()
            order.append(node)
    return order


def _plan(node: Node, plans: dict[Node, Plan]) -> Steps[Plan]:
    if node not in plans:
        plans[node] = yield _plan_uncached(node, plans)
    return plans[node]


def _plan_uncached(node: Node, plans: dict[Node, Plan]) -> Steps[Plan]:
    game, parens, sub = node
    birthday = game._birthday
    if game.is_nim_heap:
        return [_number(birthday) + ("[" if sub else "")], sub
    odd = is_odd(game)
    for i in range(3 if odd else 2, birthday, 2):
        heap = nim_heap(i)
        difference = subtract(game, heap)
        if difference is not None and difference._birthday < birthday:
            yield _plan((difference, True, True), plans)
            return [(difference, True, True), _number(i)], True
        total = add(game, heap)
        if total._birthday < birthday:
            yield _plan((total, True, True), plans)
            return [(total, True, True), "-" + _number(i)], True
    if odd:
        even = even_part(game)
        yield _plan((even, True, True), plans)
        return [(even, True, True), "1"], True
    options = sorted_options(game)
    if len(options) == 1:
        _, opened = yield _plan((options[0], True, sub), plans)
        return [(options[0], True, sub), "#"], opened
    pieces: list[str | Node] = ["("] if parens else []
    for option in reversed(options):
        _, opened = yield _plan((option, True, False), plans)
        pieces.append((option, True, False))
        if opened:
            pieces.append("]")
    if parens:
        pieces.append(")")
    if sub:
        pieces.append("[")
    return pieces, sub


# --------------------------------------------------------------------- parsing
def parse(text: str) -> MisereGame:
    """Read a misère game written as CGSuite prints it, or as CGScript builds it.

    Parameters
    ----------
    text : str
        ``*[...]`` terms joined by ``+``. Inside the brackets either CGSuite's
        notation (see :func:`format_game`: ``*[2#0]``, ``*[(2#1)2[#1]]``; several items
        are the options, one item is the game itself) or a CGScript list (it starts
        with ``[`` or ``*`` or holds a comma: ``*[[2],0]``, ``*[[*[4]+*[2]]]``): numbers
        are nim-heaps, lists games of those options, and a list of one element is that
        element (``*[[2]]`` = {*2}). Spaces are ignored.

    Returns
    -------
    MisereGame

    Raises
    ------
    InvalidGameError
        `text` is not in either form (the message says where), or it takes a heap
        away from a game that does not have it as a part.

    Examples
    --------
    >>> from grundy.misere.notation import parse
    >>> parse("*[2#0]") == parse("*[[2],0]")
    True
    >>> parse("*[2]+*[2]"), parse("*[2[2]]").options
    (MisereGame('*[2[2]]'), (MisereGame('*[2]'), MisereGame('*[3]')))
    >>> parse("*[42]")          # the notation: options *4 and *2, as CGSuite prints it
    MisereGame('*[42]')
    >>> parse("*[2#") # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: misère game '*[2#': ... at character 2
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

    def parse(self) -> MisereGame:
        if not self.s:
            raise self.fail("nothing to read")
        game = run(self.expression())
        if self.i < len(self.s):
            raise self.fail(f"unexpected {self.peek()!r}")
        return game

    def expression(self) -> Steps[MisereGame]:
        total = yield self.term()
        while self.peek() == "+":
            self.i += 1
            total = add(total, (yield self.term()))
        return total

    def term(self) -> Steps[MisereGame]:
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

    def element_game(self, item: tuple[str, Any]) -> Steps[MisereGame]:
        kind, value = item
        if kind == "int":
            return self.heap(value)
        if kind == "game":
            return value  # type: ignore[no-any-return]
        return canonical(frozenset((yield self.element_games(value))))

    def element_games(self, items: list[Any]) -> Steps[list[MisereGame]]:
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

    def heap(self, n: int) -> MisereGame:
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

    def item(self) -> Steps[MisereGame]:
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

    def subscript(self, game: MisereGame) -> MisereGame:
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
                raise self.fail(f"*{heap._birthday} is not a part of {game}")
            return difference
        if c == "":
            raise self.fail("a '[' that is never closed")
        return add(game, self.heap(self.number()))
