"""CGSuite's expressions of short games, evaluated: :func:`evaluate` reads the notation
of :func:`~grundy.partizan.parse` and, on top of it, the compounds, explicit forms and
rational numbers of CGSuite's language (CGScript).

Besides games (``{3||2*|1*}``, ``^^*2``, ``+-1``, ``Tiny(2)``), it reads:

===============================  ==============================================
``G + H``, ``G - H``, ``-G``     sums and negatives
``G : H``                        the ordinal sum (binds tighter than ``+``)
``n * G``, ``G * n``             an integer times a game (``*`` with a space,
                                 a bracket or a quote beside it; ``2*3`` is
                                 2 + *3 as CGSuite writes games)
``a/b``, ``x / y``               rational numbers (1/3 is no short game)
``G ConjunctiveSum H``           the compounds by name, loosest of all (also
``G SelectiveSum H``             ``OrdinalProduct`` and ``ConwayProduct``), or
``G.ConwayProduct(H)``           as methods; ``.CanonicalForm`` gives a value
``'{*|*}'``                      an explicit form, kept as written
``*[[2],0]``                     an impartial form by its options, in misère
                                 canonical form as CGSuite reads it
``*(n)``                         the nimber *n
``on``, ``a{0|a}``, ``{0|pass}``     loopy games (as :func:`~grundy.partizan.loopy.parse_loopy`
                                 reads them), in sums, ordinal sums and options
``G.GameValue``                  the value: a canonical or a loopy game
===============================  ==============================================

The result is what CGSuite gives: a canonical game where the operands are canonical
(the ordinal sum and the Conway product of canonical games are canonical), a compound
form (:class:`~grundy.partizan.compounds.CompoundGame`) where an operand is a form or
the compound is one CGSuite keeps as such (conjunctive and selective sums, ordinal
products), a :class:`~grundy.partizan.rationals.RationalNumber` for a rational that is
not dyadic; a :class:`~grundy.partizan.loopy.Stopper` or
:class:`~grundy.partizan.loopy.SidedValue` where a loopy game is in it (an ordinal sum
on a form, which CGSuite keeps as a compound, is given by its value: ``'{-1|1}' : on`` is
1under). A ``-`` written against a digit belongs to the number (``-1/2^`` is -1/2 + ↑,
as CGSuite writes games).

Examples
--------
>>> from grundy.partizan import evaluate
>>> str(evaluate("(1/2 : 1/4) + 1")), str(evaluate("'{*|*}' : 1"))
('25/16', "'{*|*}' : 1")
>>> str(evaluate("('{*|*}' : 1).CanonicalForm")), str(evaluate("2 * ('{*|*}' : 1)").canonical())
('^', '^^')
>>> str(evaluate("*4.ConwayProduct(*4)")), str(evaluate("(*5 SelectiveSum *6).CanonicalForm"))
('*6', '*8')
>>> evaluate("1/3 + 1/2"), evaluate("1/3 + 1/6"), str(evaluate("-2 * '{|-1}'").canonical())
(RationalNumber(Fraction(5, 6)), parse('1/2'), '4')
>>> str(evaluate("('{-1|1}':on).GameValue")), str(evaluate("{-1|1} : on")), str(evaluate("^:on"))
('1under', 'on', '^[on]')
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..core.errors import DivisionByZeroError, InvalidGameError
from ..core.integers import parse_int, shown
from . import _loopy_terms as loopy
from ._bottom_up import DEFAULT_MAX_WORK, within_stack
from ._impartial_lists import misere_form, read_list
from .canonical import ZERO, CanonicalGame, game, nimber
from .compounds import CompoundGame, CompoundType, conway_product, ordinal_sum
from .explicit import ExplicitGame, Form, ShortForm, negative_form
from .loopy.graph import LoopyGame
from .loopy.reading import looks_loopy, loopy_word
from .loopy.sided import SidedValue
from .loopy.stopper import Stopper
from .notation import parse, split_top_level, top_level_bars
from .rationals import RationalNumber, rational

__all__ = ["evaluate", "Value", "MAX_NESTING"]

#: What an expression evaluates to.
Value = CanonicalGame | ShortForm | RationalNumber | Stopper | SidedValue
#: What a part of an expression is read as: a value, or the graph of a loopy form.
_Term = Value | LoopyGame
_LoopyTerm = Stopper | SidedValue | LoopyGame

#: Brackets nested deeper than this are refused (the reader recurses about ten calls a
#: level, within Python's stack of 1,000).
MAX_NESTING = 60

_TRANSLATE = str.maketrans({"↑": "^", "↓": "v", "±": "+-"})
_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_NUMBER = re.compile(r"\d+(?:/\d+)?")
_ARROWS = re.compile(r"(\^+|v+)(\d+|\[\d+\]|<\d+>)?")
_LOOPY = {"ono", "tis", "tisn"}  # CGSuite's loopy words not read here
_NAMED = {
    "ConjunctiveSum": CompoundType.CONJUNCTIVE_SUM,
    "ConwayProduct": CompoundType.CONWAY_PRODUCT,
    "OrdinalProduct": CompoundType.ORDINAL_PRODUCT,
    "SelectiveSum": CompoundType.SELECTIVE_SUM,
}
_OPERAND_START = set("0123456789*^v{('-+T") | {"M"}


def evaluate(text: str, *, max_work: int = DEFAULT_MAX_WORK) -> Value:
    """The value of `text`, a CGSuite expression of games (see the module's table).

    Parameters
    ----------
    text : str
    max_work : int
        The work each compound or canonical form may take (see
        :class:`~grundy.partizan._bottom_up.Budget`).

    Returns
    -------
    CanonicalGame, ShortForm, RationalNumber, Stopper or SidedValue

    Raises
    ------
    InvalidGameError
        Text that is not such an expression, naming where, or an operation CGSuite
        refuses (1/3 + ↑: a rational that is not dyadic meets numbers only).
    PositionLimitError
        A compound needing more work than `max_work`; a loopy game past the limits of
        :func:`~grundy.partizan.loopy.parse_loopy` and
        :func:`~grundy.partizan.loopy.loopy_value`.

    Examples
    --------
    >>> from grundy.partizan import evaluate
    >>> str(evaluate("((+-1) : (^^)).CanonicalForm"))
    '{1,+-1|-1,{1,+-1,+-{1,+-1}|-1,+-1}}'
    >>> str(evaluate("(*[[[2]],[2],0] OrdinalProduct *5).CanonicalForm"))
    '*10'
    >>> evaluate("1/3 + ^")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: '1/3 + ^': 1/3 is a rational number, not a short game: ...
    """
    if not isinstance(text, str):
        raise InvalidGameError(f"{text!r} is not an expression written as text")
    reader = _Reader(text.translate(_TRANSLATE), max_work, None)
    try:
        found = within_stack(reader.whole)
        return loopy.value(found) if isinstance(found, LoopyGame) else found
    except InvalidGameError as exc:
        message, prefix = str(exc), f"{shown(text)}: "
        raise InvalidGameError(
            message if message.startswith(prefix) else prefix + message
        ) from None


class _Reader:
    """A recursive-descent reader over `text`; a braced option is read by a reader of
    its own over that part (`parent` shares the nesting count)."""

    def __init__(self, text: str, max_work: int, parent: _Reader | None) -> None:
        self.text, self.max_work, self.pos = text, max_work, 0
        self.root: _Reader = parent.root if parent is not None else self
        self.nesting = 0
        self.closed = False  # the last operand ended with ')' or a quote: '*' multiplies

    # ------------------------------------------------------------ reading
    def whole(self) -> _Term:
        self.skip()
        if self.pos == len(self.text):
            raise InvalidGameError("no game is written")
        value = self.expression()
        self.skip()
        if self.pos != len(self.text):
            raise self.fail(f"unexpected {self.text[self.pos]!r} at {self.pos}")
        return value

    def fail(self, reason: str) -> InvalidGameError:
        return InvalidGameError(reason)

    def skip(self) -> int:
        """Skip white space; return how much."""
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1
        return self.pos - start

    def peek(self, ahead: int = 0) -> str:
        i = self.pos + ahead
        return self.text[i] if i < len(self.text) else ""

    def expression(self) -> _Term:
        self.root.nesting += 1
        if self.root.nesting > MAX_NESTING:
            raise self.fail(f"brackets nested more than {MAX_NESTING} deep")
        try:
            value = self.additive()
            while True:
                self.skip()
                word = _WORD.match(self.text, self.pos)
                if word is None:
                    return value
                kind = _NAMED.get(word.group())
                if kind is None:
                    raise self.fail(f"unknown operator {word.group()!r} at {self.pos}")
                self.pos = word.end()
                value = self.compound(kind, value, self.additive())
        finally:
            self.root.nesting -= 1

    def additive(self) -> _Term:
        value = self.ordinal()
        while True:
            self.skip()
            c = self.peek()
            if self.text.startswith("+-", self.pos) or (c == "-" and self.peek(1).isdigit()):
                value = _add(value, self.ordinal())  # +-G and -2 are terms of the sum
            elif c in ("+", "-"):
                self.pos += 1
                other = self.ordinal()
                value = _add(value, other) if c == "+" else _add(value, _negative(other))
            else:
                return value

    def ordinal(self) -> _Term:
        value = self.product()
        while True:
            self.skip()
            if self.peek() != ":":
                return value
            self.pos += 1
            value = self.colon(value, self.product())

    def product(self) -> _Term:
        value = self.unary()
        while True:
            before = self.skip()
            if self.peek() == "*" and self.multiplies(before):
                self.pos += 1
                value = _times(value, self.unary(), self.max_work)
            elif self.peek() == "/":
                self.pos += 1
                value = _divide(value, self.unary())
            else:
                return value

    def multiplies(self, space_before: int) -> bool:
        """Is the '*' here a product (not a nimber added to the operand before it)?"""
        after = self.pos + 1
        while after < len(self.text) and self.text[after].isspace():
            after += 1
        following = self.text[after] if after < len(self.text) else ""
        if following in ("(", "'"):
            return True
        if following not in _OPERAND_START:
            return False
        return self.closed or (space_before > 0 and after > self.pos + 1)

    def unary(self) -> _Term:
        self.skip()
        c = self.peek()
        if c == "-" and not self.peek(1).isdigit():
            self.pos += 1
            return _negative(self.unary())
        if c == "+" and self.peek(1) != "-":
            self.pos += 1
            return self.unary()
        return self.postfix()

    def postfix(self) -> _Term:
        value = self.term()
        while self.peek() == "." and _WORD.match(self.text, self.pos + 1):
            word = _WORD.match(self.text, self.pos + 1)
            assert word is not None
            name, self.pos = word.group(), word.end()
            if name == "CanonicalForm":
                value = _canonical(value, self.max_work)
            elif name == "GameValue":  # a short game's is its canonical form
                value = _game_value(value, self.max_work)
            elif name in _NAMED:
                if self.peek() != "(":
                    raise self.fail(f"write .{name}(H) at {self.pos}")
                value = self.compound(_NAMED[name], value, self.bracketed())
            else:
                raise self.fail(
                    f"unknown method .{name} (known: CanonicalForm, GameValue, {', '.join(_NAMED)})"
                )
            self.closed = True
        return value

    def term(self) -> _Term:
        """Operands written side by side, summed: ``2Tiny(2)``, ``73/16v9*8``."""
        value = self.piece()
        while True:
            start = self.pos
            before = self.skip()
            c = self.peek()
            juxtaposed = c and (
                c in "0123456789^v{" or self.text.startswith(("Tiny(", "Miny("), self.pos)
            )
            if c == "*":
                juxtaposed = not self.multiplies(before)
            elif loopy_word(self.text, self.pos) is not None:
                juxtaposed = True  # 3/2under, 1 + 1over
            if not juxtaposed:
                self.pos = start
                return value
            value = _add(value, self.piece())

    def piece(self) -> _Term:
        self.closed = False
        self.skip()
        c, start = self.peek(), self.pos
        if not c:
            raise self.fail(f"a game is missing at {self.pos}")
        if self.text.startswith("+-", self.pos):
            self.pos += 2
            return self.switch()
        if c.isdigit() or (c == "-" and self.peek(1).isdigit()):
            self.pos += int(c == "-")
            found = _NUMBER.match(self.text, self.pos)
            assert found is not None
            self.pos = found.end()
            top, _, bottom = found.group().partition("/")
            x = rational(_integer(top), _integer(bottom) if bottom else 1)
            return -x if c == "-" else x
        if c == "*":
            return self.star()
        end = loopy_word(self.text, self.pos)  # on, pass, ^[on]...
        if end is not None:
            return self.loopy_piece(start, end)
        if c in "^v":
            arrows = _ARROWS.match(self.text, self.pos)
            assert arrows is not None
            self.pos = arrows.end()
            return parse(arrows.group())
        if c == "{":
            return self.braces(explicit=False)
        if c == "'":
            if self.peek(1) != "{":
                raise self.fail(f"a quote at {self.pos} must open an explicit game '{{...}}'")
            self.pos += 1
            value = self.braces(explicit=True)
            if self.peek() != "'":
                raise self.fail(f"the explicit game at {start} is not closed by a quote")
            self.pos += 1
            self.closed = True
            return value
        if c == "(":
            value = self.bracketed()
            self.closed = True
            return value
        word = _WORD.match(self.text, self.pos)
        if word is not None:
            name = word.group()
            if name in ("Tiny", "Miny") and self.text.startswith("(", word.end()):
                self.pos = word.end()
                inner = self.bracketed()
                if isinstance(inner, _LoopyTerm):
                    return loopy.tiny(inner) if name == "Tiny" else loopy.miny(inner)
                g = _canonical(inner, self.max_work)
                if name == "Tiny":
                    return game([ZERO], [game([ZERO], [-g])])
                return game([game([g], [ZERO])], [ZERO])
            if name in _LOOPY:
                raise self.fail(f"{name!r} is a loopy game that is not read here")
            brace = self.text.find("{", word.end())
            if brace >= 0 and not self.text[word.end() : brace].strip():  # a label: a{0|a}
                return self.loopy_piece(start, self.matching(brace) + 1)
            raise self.fail(f"unknown word {name!r} at {self.pos}")
        raise self.fail(f"unexpected {c!r} at {self.pos}")

    def bracketed(self) -> _Term:
        """``( expression )`` from the '(' here."""
        close = self.matching(self.pos)
        value = _Reader(self.text[self.pos + 1 : close], self.max_work, self).whole()
        self.pos = close + 1
        return value

    def star(self) -> _Term:
        """``*``, ``*n``, ``*[options]`` or ``*(n)``, from the '*' here."""
        self.pos += 1
        c = self.peek()
        if c.isdigit():
            found = _NUMBER.match(self.text, self.pos)
            assert found is not None
            digits = found.group().partition("/")[0]
            self.pos += len(digits)
            return nimber(_integer(digits))
        if c == "[":
            close = self.matching(self.pos)
            spec = read_list(self.text[self.pos : close + 1])
            self.pos = close + 1
            self.closed = True
            return misere_form(spec)
        word = _WORD.match(self.text, self.pos)
        if word is not None:
            raise self.fail(
                f"*{word.group()} at {self.pos - 1}: a transfinite nimber (or no nimber), "
                "not a short game"
            )
        if c == "(":
            n = self.bracketed()
            if not isinstance(n, CanonicalGame) or n.number is None or n.number.denominator != 1:
                raise self.fail(f"*({n}): a nimber needs a non-negative integer")
            if n.number < 0:
                raise self.fail(f"*({n}): a nimber needs a non-negative integer")
            return nimber(int(n.number))
        return nimber(1)

    def switch(self) -> _Term:
        """After ``+-``: {G | -G} for one operand, or {a,b | -a,-b} for a braced list."""
        if self.peek() == "{":
            close = self.matching(self.pos)
            inner = self.text[self.pos + 1 : close]
            if not _bars(inner):
                options = [self.option(part) for part in _split(inner, ",")]
                self.pos = close + 1
                return _make(options, [_negative(o) for o in options], explicit=False)
        g = self.piece()
        return _make([g], [_negative(g)], explicit=False)

    def braces(self, explicit: bool) -> _Term:
        """``{L | R}`` from the '{' here, the longest run of bars splitting it."""
        start, close = self.pos, self.matching(self.pos)
        inner = self.text[self.pos + 1 : close]
        if looks_loopy(inner, _NAMED):  # pass, on, a label...: CGSuite's loopy literal
            if explicit:
                raise self.fail(
                    f"the explicit game at {start} has a loopy option: write it unquoted"
                )
            return self.loopy_piece(start, close + 1)
        self.pos = close + 1
        return self.sides(inner, explicit)

    def loopy_piece(self, start: int, end: int) -> _Term:
        """The loopy game written from `start` to `end`, read as parse_loopy reads it."""
        found, self.pos = loopy.read(self.text, start, end), end
        return found

    def sides(self, inner: str, explicit: bool) -> _Term:
        runs = _bars(inner)
        if not runs:
            raise self.fail(f"{{{inner}}} has no '|'")
        longest = max(length for _, length in runs)
        at = [i for i, length in runs if length == longest]
        if len(at) > 1:
            raise self.fail(f"{{{inner}}} has two '{'|' * longest}' at the same level")
        left, right = inner[: at[0]], inner[at[0] + longest :]
        return _make(self.side(left, explicit), self.side(right, explicit), explicit)

    def side(self, text: str, explicit: bool) -> list[_Term]:
        if not text.strip():
            return []
        if _bars(text):  # one option, its own braces left out: a||b|c is {a | {b|c}}
            return [self.sides(text, explicit)]
        return [self.option(part) for part in _split(text, ",")]

    def option(self, text: str) -> _Term:
        try:
            return _Reader(text, self.max_work, self).whole()
        except InvalidGameError as exc:
            if str(exc).startswith("in the option"):  # said once, by the innermost
                raise
            raise self.fail(f"in the option {shown(text.strip())}: {exc}") from None

    def matching(self, start: int) -> int:
        """The index of the bracket closing the one at `start` (quotes skipped over)."""
        depth = 0
        for i in range(start, len(self.text)):
            ch = self.text[i]
            if ch in "{([":
                depth += 1
            elif ch in "})]":
                depth -= 1
                if depth == 0:
                    return i
        raise self.fail(f"a {self.text[start]!r} is not closed")

    # ------------------------------------------------------------ compounds
    def compound(self, kind: CompoundType, g: _Term, h: _Term) -> _Term:
        a, b = _game(g, f"no {kind.value}"), _game(h, f"no {kind.value}")
        if kind is CompoundType.CONWAY_PRODUCT and _both_canonical(a, b):
            return conway_product(a, b, max_work=self.max_work)
        return CompoundGame(kind, a, b)  # CGSuite keeps the other compounds as forms

    def colon(self, g: _Term, h: _Term) -> _Term:
        if isinstance(g, _LoopyTerm) or isinstance(h, _LoopyTerm):
            return loopy.colon(g, h)
        a, b = _game(g, "no ordinal sum (:)"), _game(h, "no ordinal sum (:)")
        if _both_canonical(a, b):
            return ordinal_sum(a, b, max_work=self.max_work)
        return CompoundGame(CompoundType.ORDINAL_SUM, a, b)


# ------------------------------------------------------------------ helpers
def _integer(digits: str) -> int:
    return parse_int(digits, error=InvalidGameError)


def _bars(text: str) -> list[tuple[int, int]]:
    """(start, length) of each run of '|' outside brackets and quotes."""
    return top_level_bars(text, "{([", quote="'")


def _split(text: str, separator: str) -> list[str]:
    return split_top_level(text, separator, "{([")


def _make(left: list[_Term], right: list[_Term], explicit: bool) -> _Term:
    """{left | right}: canonical when every option is, and not `explicit`; else the
    explicit form (CGSuite's ExplicitGame, when an option is no canonical game)."""
    if any(isinstance(o, _LoopyTerm) for o in (*left, *right)) and not explicit:
        return loopy.braces(list(left), list(right))
    games = [_game(o, "it cannot be an option") for o in (*left, *right)]
    if not explicit and all(isinstance(g, CanonicalGame) for g in games):
        return game(games[: len(left)], games[len(left) :])  # type: ignore[arg-type]
    return ExplicitGame(tuple(games[: len(left)]), tuple(games[len(left) :]))


def _game(value: _Term, what: str) -> Form:
    if isinstance(value, RationalNumber):
        raise InvalidGameError(f"{value} is a rational number, not a short game: {what}")
    if isinstance(value, _LoopyTerm):
        shown_ = "a loopy ordinal sum" if isinstance(value, LoopyGame) else str(value)
        raise InvalidGameError(f"{shown_} is loopy: {what} (loopy games add, and take ':')")
    return value


def _both_canonical(a: Form, b: Form) -> bool:
    return isinstance(a, CanonicalGame) and isinstance(b, CanonicalGame)


def _negative(value: _Term) -> _Term:
    if isinstance(value, _LoopyTerm):
        return loopy.negative(value)
    return -value if isinstance(value, RationalNumber) else negative_form(value)


def _add(g: _Term, h: _Term) -> _Term:
    if isinstance(g, _LoopyTerm) or isinstance(h, _LoopyTerm):
        return loopy.add(g, h)
    if isinstance(g, RationalNumber) or isinstance(h, RationalNumber):
        other = h if isinstance(g, RationalNumber) else g
        if isinstance(other, ShortForm):
            _game(g if isinstance(g, RationalNumber) else h, f"no + with {other}")
        return g + h  # type: ignore[operator]  # numbers add; a game that is not, refused
    result: _Term = g + h  # type: ignore[operator]
    return result


def _canonical(value: _Term, max_work: int) -> CanonicalGame:
    if isinstance(value, ShortForm):
        return value.canonical(max_work=max_work)
    if isinstance(value, RationalNumber):
        raise InvalidGameError(f"{value} has no canonical form: it is not a short game")
    if isinstance(value, _LoopyTerm):
        raise InvalidGameError(
            f"{_game_value(value, max_work)} is loopy: it has no canonical form (use .GameValue)"
        )
    return value


def _game_value(value: _Term, max_work: int) -> CanonicalGame | Stopper | SidedValue:
    """CGSuite's ``.GameValue``: the canonical form of a short game, a loopy game's value."""
    if isinstance(value, _LoopyTerm):
        return loopy.value(value)
    return _canonical(value, max_work)


def _is_integer(value: _Term) -> bool:
    return (
        isinstance(value, CanonicalGame)
        and value.number is not None
        and value.number.denominator == 1
    )


def _number(value: _Term) -> Fraction | None:
    """The value of a number (dyadic or not), else None."""
    if isinstance(value, RationalNumber):
        return value.value
    return value.number if isinstance(value, CanonicalGame) else None


def _times(g: _Term, h: _Term, max_work: int) -> _Term:
    """``*``: numbers multiply; an integer times a game is n copies (CGSuite's Integer *
    Game: the Conway product, kept as a form for a form)."""
    x, y = _number(g), _number(h)
    if x is not None and y is not None:
        return rational(x * y)
    if _is_integer(g) or _is_integer(h):
        a, b = _game(g, "no *"), _game(h, "no *")
        if _both_canonical(a, b):
            return conway_product(a, b, max_work=max_work)
        return CompoundGame(CompoundType.CONWAY_PRODUCT, a, b)
    raise InvalidGameError(
        f"{g} * {h}: '*' multiplies numbers, or a game by an integer (write "
        "G ConwayProduct H for the product of two games)"
    )


def _divide(g: _Term, h: _Term) -> _Term:
    x, y = _number(g), _number(h)
    if x is None or y is None:
        raise InvalidGameError(f"{g} / {h}: only numbers divide")
    if y == 0:
        raise DivisionByZeroError(f"{g} / 0: division by zero")
    return rational(x / y)
