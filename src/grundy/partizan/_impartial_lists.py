"""CGSuite's impartial games written as lists, ``*[[2],0]``: the list read from text, and
the game it names in misère canonical form, as CGSuite reads it (:func:`misere_form`).

:func:`~grundy.partizan.evaluate` reads ``*[...]`` through this module.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import InvalidGameError
from ..core.integers import parse_int
from ._bottom_up import bottom_up
from .canonical import nimber
from .explicit import ExplicitGame, Form
from .notation import split_top_level

__all__ = ["read_list", "misere_form"]


def read_list(text: str) -> Any:
    """The nested list of ints ``[[2],0]`` written in `text` (brackets included).

    Raises
    ------
    InvalidGameError
        An item that is neither a list nor digits.

    Examples
    --------
    >>> from grundy.partizan._impartial_lists import read_list
    >>> read_list("[[2], 0, []]")
    [[2], 0, []]
    """
    inner = text[1:-1].strip()
    if not inner:
        return []
    items: list[Any] = []
    for part in split_top_level(inner, ",", "{(["):
        part = part.strip()
        if part.startswith("[") and part.endswith("]"):
            items.append(read_list(part))
        elif part.isdigit():
            items.append(parse_int(part, error=InvalidGameError))
        else:
            raise InvalidGameError(f"*[...] lists nim-heap sizes and lists, not {part!r}")
    return items


def misere_form(spec: Any) -> Form:
    """The tree of the misère canonical form of the impartial game `spec` (what CGSuite's
    ``*[...]`` is: nim-heaps as nimbers, other followers as explicit forms).

    Examples
    --------
    >>> from grundy.partizan._impartial_lists import misere_form
    >>> str(misere_form([[2], 0])), str(misere_form([1]))     # *[1] has no option in misère
    ("'{0,'{*2|*2}'|0,'{*2|*2}'}'", '0')
    """
    from ..misere.canonical import MisereGame  # loaded only for a *[...]

    memo: dict[MisereGame, Form] = {}

    def combine(g: MisereGame) -> Form:
        if g.is_nim_heap:
            return nimber(g.nim_value)
        options = tuple(memo[o] for o in g.options)
        return ExplicitGame(options, options)

    def children(g: MisereGame) -> tuple[MisereGame, ...]:
        return () if g.is_nim_heap else g.options

    return bottom_up(MisereGame(spec), children, combine, memo)
