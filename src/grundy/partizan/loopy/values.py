"""Loopy values from text and graphs: :func:`parse_loopy`, :func:`onside`, :func:`offside`.

:func:`parse_loopy` reads CGSuite's notation, ``A & B`` included; the sides,
:func:`is_stopper` and :func:`degree` each take text, a game graph or a value.
"""

from __future__ import annotations

from ...core.errors import InvalidGameError
from ..canonical import CanonicalGame
from .graph import DEFAULT_MAX_VERTICES, LoopyGame
from .reading import loopy_game, read_sides
from .sided import SidedValue, loopy_value, sided
from .stopper import Stopper
from .survival import DEFAULT_MAX_STATES

__all__ = ["parse_loopy", "onside", "offside", "is_stopper", "degree", "LoopyLike"]

#: What the functions here take: text, a game graph, a short game or a loopy value.
LoopyLike = str | LoopyGame | CanonicalGame | Stopper | SidedValue


def parse_loopy(
    text: str, max_vertices: int = DEFAULT_MAX_VERTICES, max_states: int = DEFAULT_MAX_STATES
) -> Stopper | SidedValue:
    """The value written `text` in CGSuite's notation, loopy or short: a :class:`Stopper`
    (a short game is a stopper with no cycle: ``.short`` gives its CanonicalGame), or a
    :class:`SidedValue` for a game that is not a stopper and for ``A & B``.

    Parameters
    ----------
    text : str
        The game, as CGSuite writes it.
    max_vertices : int
        The most vertices its graph (a sum's included) may have.
    max_states : int
        The most states one comparison of the simplification may search (see
        :func:`~grundy.partizan.loopy.loopy_value`).

    Raises
    ------
    InvalidGameError
        Text that is not a game, naming where it goes wrong.
    PositionLimitError
        A graph past `max_vertices`, or a comparison past `max_states`.

    Examples
    --------
    >>> from grundy.partizan import parse_loopy
    >>> [str(parse_loopy(t)) for t in ("{pass|3/2}", "on + off", "upon - upon", "{1|*}")]
    ['3/2under', 'dud', '^<on> & v<on>', '{1|*}']
    >>> parse_loopy("{1|*}").short is not None
    True
    >>> parse_loopy("+-{5|pass} + +-{3|pass}", max_states=1000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.PositionLimitError: comparing a ...-vertex game ... more than 1,000; ...
    """
    first, second = read_sides(text, max_vertices)
    if second is None:
        return loopy_value(first, max_states)
    sides = []
    for side, g in (("onside", first), ("offside", second)):
        if not g.is_stopper():
            raise InvalidGameError(f"{text!r}: the {side} of 'A & B' must be a stopper")
        sides.append(loopy_value(g, max_states).onside)  # a stopper: its simplest form
    try:
        return sided(*sides)
    except InvalidGameError as exc:
        raise InvalidGameError(f"{text!r}: {exc}") from None


def _value(g: LoopyLike) -> Stopper | SidedValue:
    if isinstance(g, Stopper | SidedValue):
        return g
    if isinstance(g, str):
        return parse_loopy(g)
    if isinstance(g, CanonicalGame):
        return Stopper(g)
    if isinstance(g, LoopyGame):
        return loopy_value(g)
    raise InvalidGameError(f"{g!r} is not a loopy game, a value or CGSuite text")


def onside(g: LoopyLike) -> Stopper:
    """The onside of `g`: the stopper it equals when Left wins every infinite play.

    Examples
    --------
    >>> from grundy.partizan import onside, offside
    >>> str(onside("dud")), str(offside("dud")), str(onside("over - over"))
    ('on', 'off', 'over')
    """
    v = _value(g)
    return v if isinstance(v, Stopper) else v.onside


def offside(g: LoopyLike) -> Stopper:
    """The offside of `g`: the stopper it equals when Right wins every infinite play.

    Examples
    --------
    >>> from grundy.partizan import offside
    >>> str(offside("upon - upon"))
    'v<on>'
    """
    v = _value(g)
    return v if isinstance(v, Stopper) else v.offside


def is_stopper(g: str | LoopyGame) -> bool:
    """No infinite alternating line of play from `g` or any follower.

    Examples
    --------
    >>> from grundy.partizan import is_stopper
    >>> is_stopper("a{0||||0|||a|*||*}"), is_stopper("dud"), is_stopper("{pass|pass,0}")
    (True, False, False)
    """
    graph = loopy_game(g) if isinstance(g, str) else g
    if not isinstance(graph, LoopyGame):
        raise InvalidGameError(f"{g!r} is not a loopy game's text or graph")
    return graph.is_stopper()


def degree(g: LoopyLike) -> Stopper:
    """The degree of loopiness of a stopper, G +⁺ (-G) (CGSuite's Degree).

    Examples
    --------
    >>> from grundy.partizan import degree
    >>> str(degree("on")), str(degree("{-1/4+*|pass}")), str(degree("{1|*}"))
    ('on', '^<on>', '0')
    """
    v = _value(g)
    if not isinstance(v, Stopper):
        raise InvalidGameError(f"{v} is not a stopper: the degree is defined for stoppers")
    return v.degree()
