"""Loopy games inside :func:`~grundy.partizan.evaluate`'s expressions: a loopy piece of
the text read, and the operations of an expression on loopy terms.

A loopy piece (``on``, ``upon``, ``^[on]``, ``a{0|a}``, braces holding ``pass`` or a loopy
word) is read by :func:`~grundy.partizan.loopy.parse_loopy` as a value, in simplest form,
as CGSuite reads an unquoted literal. An ordinal sum whose base is a form (an explicit
``'{-1|1}'``, or such a sum again) stays a form, its graph as built, since a further
ordinal sum on top of it reads its options as written (CGSuite keeps it a compound); any
other operation takes its value.
"""

from __future__ import annotations

from ..core.errors import InvalidGameError
from ..core.integers import shown
from .canonical import ZERO, CanonicalGame
from .explicit import ShortForm
from .loopy._building import option_game
from .loopy.graph import LoopyGame
from .loopy.ordinal import form_graph, ordinal_sum_graph
from .loopy.sided import SidedValue, loopy_value
from .loopy.stopper import Stopper
from .loopy.values import parse_loopy

__all__ = ["LoopyTerm", "read", "value", "add", "negative", "colon", "braces", "tiny", "miny"]

#: A loopy term of an expression: a value, or the graph of an ordinal sum on a form.
LoopyTerm = Stopper | SidedValue | LoopyGame


def read(text: str, start: int, end: int) -> Stopper | SidedValue:
    """The value of the loopy game written from `start` to `end` in `text`, in simplest
    form; an error names the piece and where it starts.

    Examples
    --------
    >>> from grundy.partizan._loopy_terms import read
    >>> str(read("1 + {0|pass}", 4, 12))
    'over'
    >>> read("1 + pass", 4, 8)
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: 'pass' at 4 is outside any braces
    """
    piece = text[start:end]
    if piece == "pass":
        raise InvalidGameError(f"'pass' at {start} is outside any braces")
    try:
        return parse_loopy(piece)
    except InvalidGameError as exc:
        said = str(exc).removeprefix(f"{shown(piece)}: ")
        raise InvalidGameError(f"in the loopy game {shown(piece)} at {start}: {said}") from None


def value(x: LoopyTerm | CanonicalGame | ShortForm) -> Stopper | SidedValue:
    """A term's value (CGSuite's ``.GameValue``).

    Examples
    --------
    >>> from grundy.partizan import explicit_game
    >>> from grundy.partizan._loopy_terms import colon, read, value
    >>> str(value(colon(explicit_game([-1], [1]), read("on", 0, 2))))
    '1under'
    """
    if isinstance(x, Stopper | SidedValue):
        return x
    if isinstance(x, LoopyGame):
        return loopy_value(x)
    return Stopper(x if isinstance(x, CanonicalGame) else x.canonical())


def add(g: object, h: object) -> Stopper | SidedValue:
    """G + H, one of them loopy.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.loopy import Stopper
    >>> from grundy.partizan import _loopy_terms as t
    >>> str(t.add(Stopper("over"), parse("1"))), str(t.add(Stopper("on"), Stopper("off")))
    ('1over', 'dud')
    """
    total = _operand(g, "+") + _operand(h, "+")
    assert isinstance(total, Stopper | SidedValue)
    return total


def negative(g: LoopyTerm) -> LoopyTerm:
    """-G; a form stays a form (-(G : H) is the form (-G) : (-H)).

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.loopy import Stopper
    >>> from grundy.partizan import _loopy_terms as t
    >>> up_on = t.colon(parse("^"), Stopper("on"))
    >>> str(t.negative(Stopper("over"))), str(t.value(t.negative(up_on)))
    ('under', 'v[on]')
    """
    return -g


def colon(g: object, h: object) -> LoopyTerm:
    """G : H, one of them loopy: a form when G is one (its options as written), else the
    value.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.loopy import Stopper
    >>> from grundy.partizan import _loopy_terms as t
    >>> from grundy.partizan import explicit_game
    >>> form = t.colon(explicit_game([-1], [1]), Stopper("on"))     # a graph, kept as built
    >>> str(t.colon(parse("1"), Stopper("over"))), str(t.value(form))
    ('1over', '1under')
    """
    graph = ordinal_sum_graph(form_graph(_form(g)), form_graph(_form(h)))
    return graph if isinstance(g, ShortForm | LoopyGame) else loopy_value(graph)


def braces(left: list[object], right: list[object]) -> Stopper | SidedValue:
    """{left | right}, an option loopy: the game of their values.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.loopy import Stopper
    >>> from grundy.partizan import _loopy_terms as t
    >>> str(t.braces([Stopper("on")], [parse("0")]))
    '{on|0}'
    """
    graphs = [[_graph(o) for o in side] for side in (left, right)]
    return loopy_value(option_game(*graphs))


def tiny(g: object) -> Stopper | SidedValue:
    """Tiny(G) = {0 || 0 | -G}, G loopy.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.loopy import Stopper
    >>> from grundy.partizan import _loopy_terms as t
    >>> str(t.tiny(Stopper("on")))
    'Tiny(on)'
    """
    zero = LoopyGame.from_short(ZERO)
    return loopy_value(option_game([zero], [option_game([zero], [-_graph(g)])]))


def miny(g: object) -> Stopper | SidedValue:
    """Miny(G) = {G | 0 || 0}, G loopy.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.loopy import Stopper
    >>> from grundy.partizan import _loopy_terms as t
    >>> str(t.miny(Stopper("on")))
    'Miny(on)'
    """
    zero = LoopyGame.from_short(ZERO)
    return loopy_value(option_game([option_game([_graph(g)], [zero])], [zero]))


def _operand(x: object, what: str) -> Stopper | SidedValue:
    if isinstance(x, Stopper | SidedValue | LoopyGame | CanonicalGame | ShortForm):
        return value(x)
    raise InvalidGameError(f"{x} is not a game: no {what} with a loopy game")


def _form(x: object) -> LoopyGame | Stopper | CanonicalGame | ShortForm:
    if isinstance(x, SidedValue):
        raise InvalidGameError(
            f"{x} is a value given by its sides: an ordinal sum needs a form or a stopper"
        )
    if not isinstance(x, LoopyGame | Stopper | CanonicalGame | ShortForm):
        raise InvalidGameError(f"{x} is not a game: no ordinal sum (:) with a loopy game")
    return x


def _graph(x: object) -> LoopyGame:
    """The graph of an option: a stopper's simplest form, a short game's canonical form."""
    v = _operand(x, "option")
    if isinstance(v, SidedValue):
        raise InvalidGameError(f"{v} is a value given by its sides: it cannot be an option here")
    return v.graph
