"""CGSuite's notation for loopy games, read into game graphs: :func:`loopy_game`.

Everything the short-game notation has (``{L | R}`` with multi-bar nesting, numbers,
``*n``, ``^``, ``v``, ``^[n]``, ``^<n>``, ``+-G``, ``Tiny(G)``, ``Miny(G)``, juxtaposition as a
sum, ``+``, ``-``, parentheses) and the loopy words: ``on``, ``off``, ``over``, ``under``,
``upon``, ``dud``; ``pass`` (an option back to the innermost braces); labelled loops
``a{0 | a}`` (the label names the braces it stands before, and may be an option anywhere
inside them; a label inside its own braces cannot be bound again); ``^[on]`` (upon),
``^<on>`` (upon-th, ↑^on), ``v[on]``, ``v<on>``; and ``begin x := G; y := H; ...
expression end``. ``A & B`` (a value given by its sides) is
read by :func:`~grundy.partizan.loopy.parse_loopy`, not here.

A label or ``pass`` stands for a game still being written, so it may only be an option
(``a{0 | a + 1}`` is refused); each label is bound once. Nesting is limited to
:data:`MAX_NESTING` levels and the graph to ``max_vertices``.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from ...core.errors import InvalidGameError
from ...core.integers import shown
from ._building import BUILTINS, Builder, Node
from .graph import DEFAULT_MAX_VERTICES, LoopyGame

__all__ = ["loopy_game", "read_sides", "looks_loopy", "loopy_word", "MAX_NESTING", "BUILTINS"]

#: The deepest nesting of braces, bars and parentheses read.
MAX_NESTING = 200
#: The largest nimber *n written (its n options each list n games).
MAX_NIMBER = 1000

_TOKEN = re.compile(
    r"\s*(?:(?P<number>\d+)|(?P<word>[A-Za-z_][A-Za-z_0-9]*)|(?P<bars>\|+)"
    r"|(?P<symbol>:=|\+-|[{}()\[\]<>,+\-*^/;&]))"
)
_SPACE = re.compile(r"\s*")
_TRANSLATE = str.maketrans({"↑": "^", "↓": "v", "±": "\x00"})


_RESERVED = {*BUILTINS, "pass", "begin", "end", "Tiny", "Miny"}
#: A loopy word standing alone (``1under`` is 1 + under: a digit may come before it).
_LOOPY_WORD = re.compile(r"(?<![A-Za-z_])(?:pass|" + "|".join(BUILTINS) + r")(?![A-Za-z_0-9])")
#: ``^[on]``, ``^<on>``, ``v[on]``, ``v<on>``.
_LOOPY_ARROW = re.compile(r"[\^v]\s*(?:\[\s*on\s*\]|<\s*on\s*>)")
#: A word before braces: a label, unless it is the name of an operator.
_LABEL = re.compile(r"([A-Za-z_]\w*)\s*\{")


def looks_loopy(text: str, operators: Collection[str] = ()) -> bool:
    """Does `text` hold a loopy word (``on``, ``pass``...), ``^[on]`` or ``^<on>``, or a
    label (a word before braces that is none of `operators`)? Such text is for
    :func:`loopy_game` (or :func:`~grundy.partizan.loopy.parse_loopy`), not the short
    reader.

    Examples
    --------
    >>> from grundy.partizan.loopy.reading import looks_loopy
    >>> looks_loopy("{0|pass}"), looks_loopy("1|a{0|a}"), looks_loopy("3/2under")
    (True, True, True)
    >>> looks_loopy("*2 ConjunctiveSum {1|0}", {"ConjunctiveSum"}), looks_loopy("{^|one}")
    (False, False)
    """
    if _LOOPY_WORD.search(text) or _LOOPY_ARROW.search(text):
        return True
    return any(m.group(1) not in operators for m in _LABEL.finditer(text))


def loopy_word(text: str, pos: int) -> int | None:
    """Where the loopy word or arrow (``^[on]``...) at `pos` in `text` ends; None if none.

    Examples
    --------
    >>> from grundy.partizan.loopy.reading import loopy_word
    >>> loopy_word("3/2under + 1", 3), loopy_word("^[on]*", 0), loopy_word("^*", 0)
    (8, 5, None)
    """
    found = _LOOPY_WORD.match(text, pos) or _LOOPY_ARROW.match(text, pos)
    return None if found is None else found.end()


def loopy_game(text: str, max_vertices: int = DEFAULT_MAX_VERTICES) -> LoopyGame:
    """The game graph written `text` in CGSuite's notation (not simplified).

    Raises
    ------
    InvalidGameError
        Text that is not a game, naming where it goes wrong: an unknown name, a label
        bound twice, a label or ``pass`` used where a whole game is needed.
    PositionLimitError
        A graph of more than `max_vertices` vertices.

    Examples
    --------
    >>> from grundy.partizan.loopy import loopy_game
    >>> loopy_game("on")
    LoopyGame(left=((0,),), right=((),))
    >>> loopy_game("a{0|a}") == loopy_game("{0|pass}") == loopy_game("over")
    True
    >>> loopy_game("a{0|a+1}")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: 'a{0|a+1}': the label 'a' stands for a game ...
    """
    onside, offside = read_sides(text, max_vertices)
    if offside is not None:
        raise InvalidGameError(
            f"{text!r}: 'A & B' is a value given by its sides; read it with parse_loopy"
        )
    return onside


def read_sides(
    text: str, max_vertices: int = DEFAULT_MAX_VERTICES
) -> tuple[LoopyGame, LoopyGame | None]:
    """(A, B) for text ``A & B``, (G, None) for a game G.

    Examples
    --------
    >>> from grundy.partizan.loopy.reading import read_sides
    >>> read_sides("on & off")[1]
    LoopyGame(left=((),), right=((0,),))
    """
    if not isinstance(text, str):
        raise InvalidGameError(f"{text!r} is not a game written as text")
    try:
        return _Reader(text, max_vertices).read()
    except RecursionError:  # nesting is limited, so only a tiny interpreter stack gets here
        raise InvalidGameError(f"{shown(text)}: nested too deep to read") from None


# ------------------------------------------------------------------ the syntax tree
@dataclass
class _Token:
    kind: str
    text: str
    at: int


class _Reader:
    def __init__(self, text: str, max_vertices: int) -> None:
        self.original = text
        self.max_vertices = max_vertices
        self.tokens = self.tokenize(text.translate(_TRANSLATE))
        self.i = 0
        self.depth = 0
        self.labels: set[str] = set()

    def fail(self, reason: str) -> InvalidGameError:
        return InvalidGameError(f"{shown(self.original)}: {reason}")

    def tokenize(self, text: str) -> list[_Token]:
        tokens, pos = [], 0
        text = text.replace("\x00", "+-")
        while pos < len(text):
            at = _SPACE.match(text, pos).end()  # type: ignore[union-attr]  # \s* always matches
            if at == len(text):  # (no copy of the rest: a long text is read in linear time)
                break
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                raise self.fail(f"unexpected {text[at]!r} at {at}")
            kind = m.lastgroup or "symbol"
            tokens.append(_Token(kind, m.group(kind), m.start(kind)))
            pos = m.end()
        return tokens

    # ---------------------------------------------------------------- tokens
    def peek(self, offset: int = 0) -> _Token | None:
        j = self.i + offset
        return self.tokens[j] if j < len(self.tokens) else None

    def is_(self, text: str, offset: int = 0) -> bool:
        t = self.peek(offset)
        return t is not None and t.kind in ("symbol", "word") and t.text == text

    def expect(self, text: str) -> _Token:
        t = self.peek()
        if t is None or t.text != text:
            found = "the end" if t is None else f"{t.text!r} at {t.at}"
            raise self.fail(f"expected {text!r}, found {found}")
        self.i += 1
        return t

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.fail(f"nested more than {MAX_NESTING} levels deep")

    # ---------------------------------------------------------------- grammar
    def read(self) -> tuple[LoopyGame, LoopyGame | None]:
        if not self.tokens:
            raise self.fail("no game is written")
        variables: dict[str, LoopyGame] = {}
        if self.is_("begin"):
            self.i += 1
            while self.peek() is not None and self.peek(1) is not None and self.is_(":=", 1):
                name = self.peek()
                assert name is not None
                if name.kind != "word" or name.text in _RESERVED or _arrow_word(name.text):
                    raise self.fail(f"{name.text!r} at {name.at} cannot be a variable's name")
                self.i += 2
                onside, offside = self.sides(variables)
                if offside is not None:
                    raise self.fail(
                        f"variable {name.text!r} is given an 'A & B' value; give it a game"
                    )
                variables[name.text] = onside
                self.expect(";")
            found = self.sides(variables)
            self.expect("end")
        else:
            found = self.sides(variables)
        t = self.peek()
        if t is not None:
            raise self.fail(f"unexpected {t.text!r} at {t.at}")
        return found

    def sides(self, variables: dict[str, LoopyGame]) -> tuple[LoopyGame, LoopyGame | None]:
        first = self.expression()
        second = None
        if self.is_("&"):
            self.i += 1
            second = self.expression()

        def build(node: Node) -> LoopyGame:
            builder = Builder(self.fail, self.original, self.max_vertices, variables, self.labels)
            return builder.game(node)

        return build(first), None if second is None else build(second)

    def expression(self) -> Node:
        """Terms joined by + and -; a - before a number belongs to it."""
        self.enter()
        terms: list[Node] = []
        sign = 1
        while True:
            t = self.peek()
            if t is None:
                break
            if t.text in ("+", "-") and t.kind == "symbol":
                nxt = self.peek(1)
                if t.text == "-" and nxt is not None and nxt.kind == "number":
                    terms.append(self.term(sign))
                    sign = 1
                    continue
                self.i += 1
                sign = -sign if t.text == "-" else sign
                if self.peek() is None:
                    raise self.fail(f"nothing after {t.text!r} at {t.at}")
                continue
            if t.text in ("|", ",", "}", ")", ";", "&", "end") or t.kind == "bars":
                break
            terms.append(self.term(sign))
            sign = 1
        if not terms:
            t = self.peek()
            raise self.fail("a game is missing" + ("" if t is None else f" at {t.at}"))
        self.depth -= 1
        return terms[0] if len(terms) == 1 else Node("sum", parts=terms)

    def term(self, sign: int) -> Node:
        """Atoms side by side, summed (``3/2under``, ``-1/4v[on]``, ``2Tiny(2)``)."""
        atoms = [self.atom()]
        while True:
            t = self.peek()
            if (
                t is None
                or t.kind == "bars"
                or t.text in ("+", "-", ",", "}", ")", ";", "&", "end", "|")
            ):
                break
            atoms.append(self.atom())
        node = atoms[0] if len(atoms) == 1 else Node("sum", parts=atoms)
        return node if sign > 0 else Node("neg", parts=[node])

    def atom(self) -> Node:
        t = self.peek()
        if t is None:
            raise self.fail("a game is missing at the end")
        if t.kind == "number" or (t.text == "-" and t.kind == "symbol"):
            return self.number()
        if t.kind == "bars":
            raise self.fail(f"unexpected {t.text!r} at {t.at}")
        if t.text == "*":
            self.i += 1
            n = self.peek()
            if n is not None and n.kind == "number":
                self.i += 1
                if len(n.text) > 6 or int(n.text) > MAX_NIMBER:
                    raise self.fail(f"*{n.text}: the largest nimber read is *{MAX_NIMBER}")
                return Node("star", int(n.text), at=t.at)
            return Node("star", 1, at=t.at)
        if t.text == "^" or (t.kind == "word" and _arrow_word(t.text)):
            return self.arrows()
        if t.text == "{":
            return self.braces(None)
        if t.text == "(":
            self.i += 1
            inner = self.expression()
            self.expect(")")
            return inner
        if t.text == "+-":
            self.i += 1
            if self.is_("{") and not self.has_bars():
                self.i += 1
                options = self.options_list()
                self.expect("}")
                return Node("switch", parts=options, at=t.at)
            self.enter()
            option = self.atom()
            self.depth -= 1
            return Node("switch", parts=[option], at=t.at)
        if t.kind == "word":
            self.i += 1
            if t.text in ("Tiny", "Miny"):
                self.expect("(")
                inner = self.expression()
                self.expect(")")
                return Node(t.text.lower(), parts=[inner], at=t.at)
            if self.is_("{"):
                if t.text in _RESERVED:
                    raise self.fail(f"{t.text!r} at {t.at} cannot label a loop")
                return self.braces(t)
            if t.text == "pass":
                return Node("pass", at=t.at)
            return Node("name", t.text, at=t.at)
        raise self.fail(f"unexpected {t.text!r} at {t.at}")

    def number(self) -> Node:
        start = self.peek()
        assert start is not None
        negative = False
        if start.text == "-":
            negative = True
            self.i += 1
        digits = self.peek()
        if digits is None or digits.kind != "number":
            raise self.fail(f"a number is missing at {start.at}")
        self.i += 1
        if len(digits.text) > 20:
            raise self.fail(f"the number at {digits.at} has more than 20 digits")
        value = Fraction(int(digits.text))
        if self.is_("/"):
            self.i += 1
            d = self.peek()
            if d is None or d.kind != "number":
                raise self.fail(f"a denominator is missing after {digits.text}/")
            self.i += 1
            if len(d.text) > 20 or int(d.text) == 0 or int(d.text) & (int(d.text) - 1):
                raise self.fail(f"{digits.text}/{d.text} is not a dyadic rational")
            value /= int(d.text)
        return Node("number", -value if negative else value, at=start.at)

    def arrows(self) -> Node:
        t = self.peek()
        assert t is not None
        self.i += 1
        if t.text == "^":
            sign, count = 1, 1
            while self.is_("^"):
                self.i += 1
                count += 1
        else:
            sign = -1
            letters = t.text.rstrip("0123456789")
            count = len(letters)
            if t.text[len(letters) :]:
                if count != 1:
                    raise self.fail(f"write v{t.text[len(letters) :]} or vv, not {t.text}")
                return Node("up", -int(t.text[len(letters) :]), at=t.at)
        if count == 1 and (self.is_("[") or self.is_("<")):
            bracket = self.peek()
            assert bracket is not None
            self.i += 1
            close = "]" if bracket.text == "[" else ">"
            inside = self.peek()
            if inside is not None and inside.kind == "word" and inside.text == "on":
                self.i += 1
                self.expect(close)
                node = Node("loopy", "upon" if close == "]" else "uponth", at=t.at)
            elif inside is not None and inside.kind == "number" and 1 <= int(inside.text) <= 10_000:
                self.i += 1
                self.expect(close)
                node = Node("upsum" if close == "]" else "upnth", int(inside.text), at=t.at)
            else:
                raise self.fail(
                    f"write ^{bracket.text}n{close} (1 <= n <= 10000) or ^{bracket.text}on{close}"
                )
            return node if sign > 0 else Node("neg", parts=[node])
        n = self.peek()
        if t.text == "^" and n is not None and n.kind == "number":
            if count != 1:
                raise self.fail(f"write ^{n.text} or ^^, not {'^' * count}{n.text}")
            self.i += 1
            count = int(n.text) if len(n.text) <= 6 else 10**6
        if count > 10_000:
            raise self.fail(f"at most 10000 arrows are read, not {count}")
        return Node("up", sign * count, at=t.at)

    def has_bars(self) -> bool:
        """Whether the braces opening at the current token have a bar at their level."""
        depth = 0
        for t in self.tokens[self.i :]:
            if t.text in ("{", "("):
                depth += 1
            elif t.text in ("}", ")"):
                depth -= 1
                if depth == 0:
                    return False
            elif t.kind == "bars" and depth == 1:
                return True
        return False

    def options_list(self) -> list[Node]:
        options = [self.expression()]
        while self.is_(","):
            self.i += 1
            options.append(self.expression())
        return options

    def braces(self, label: _Token | None) -> Node:
        """``{ ... }``: options and bar runs, split at the longest run."""
        self.enter()
        opening = self.expect("{")
        items: list[Node | int] = []  # options, and bar runs as ints
        expecting_option = True
        while True:
            t = self.peek()
            if t is None:
                raise self.fail(f"the '{{' at {opening.at} is not closed")
            if t.text == "}":
                self.i += 1
                break
            if t.kind == "bars":
                items.append(len(t.text))
                self.i += 1
                expecting_option = True
                continue
            if t.text == ",":
                if expecting_option:
                    raise self.fail(f"an option is missing before the ',' at {t.at}")
                self.i += 1
                expecting_option = True
                continue
            if not expecting_option:
                raise self.fail(f"expected ',' or '|' at {t.at}")
            items.append(self.expression())
            expecting_option = False
        node = self.split(items, opening.at)
        if label is not None:
            self.labels.add(label.text)
        node.value = None if label is None else label.text
        node.at = opening.at if label is None else label.at
        self.depth -= 1
        return node

    def split(self, items: list[Node | int], at: int) -> Node:
        runs = [x for x in items if isinstance(x, int)]
        if not runs:
            raise self.fail(f"the braces at {at} have no '|'")
        longest = max(runs)
        if runs.count(longest) > 1:
            raise self.fail(f"the braces at {at} have two '{'|' * longest}' at the same level")
        k = next(i for i, x in enumerate(items) if x == longest and isinstance(x, int))
        sides = []
        for part in (items[:k], items[k + 1 :]):
            if any(isinstance(x, int) for x in part):
                self.enter()
                sides.append([self.split(part, at)])
                self.depth -= 1
            else:
                sides.append([x for x in part if isinstance(x, Node)])
        return Node("braces", None, parts=sides[0], right=sides[1], at=at)


def _arrow_word(word: str) -> bool:
    """``v``, ``vv``, ``v3``: down arrows written as a word."""
    return re.fullmatch(r"v+|v\d+", word) is not None
