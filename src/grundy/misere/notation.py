"""CGSuite's notation of misère canonical forms: ``*[2#0]``, ``*[2[2]]``, ``*[(2#1)2##]``.

The public functions on :class:`~grundy.misere.canonical.MisereGame`; the writing and the
reading themselves are ``_printing.py`` and ``_parsing.py``, on bare forms.
"""

from __future__ import annotations

from ._parsing import parse_form
from ._printing import format_form
from ._printing import text_length as form_text_length
from .canonical import MisereGame, form_of, game_of

__all__ = ["parse", "format_game", "text_length"]


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
    return format_form(form_of(game), max_length=max_length)


def text_length(game: MisereGame) -> int:
    """Return the length of ``format_game(game)`` without writing it.

    Examples
    --------
    >>> from grundy.misere.canonical import MisereGame
    >>> from grundy.misere.notation import text_length
    >>> text_length(MisereGame("*[2[##-2]0]"))
    11
    """
    return form_text_length(form_of(game))


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
    return game_of(parse_form(text))
