"""Conway's genus of a finite impartial game: its normal nim value and misère values of G + 2_n.

:func:`genus` and :func:`genus_sequence` here; the value, :class:`Genus`, is in
``genus_value.py`` and the search, :class:`GenusSearch`, in ``genus_search.py``.
"""

from __future__ import annotations

import math
from typing import Any

from ..core.errors import InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.sums import Sum
from ..heaps import HeapCode, parse_code
from ..impartial.game import ImpartialGame, game_from_moves
from .genus_search import MAX_FORM_SIZE, GenusSearch, Position
from .genus_value import PHYLA, Genus

__all__ = ["Genus", "GenusSearch", "genus", "genus_sequence", "PHYLA", "MAX_FORM_SIZE"]


def _refuse_too_big(game: ImpartialGame[Any], position: Position, limit: int) -> None:
    """Refuse at once a position whose parts' search sizes multiply past `limit`."""
    if not game.defines("search_size"):
        return
    parts = position.parts if isinstance(position, Sum) else (position,)
    sizes = [game.search_size(p) for p in parts]
    if None not in sizes and math.prod(sizes) > limit:  # type: ignore[arg-type]
        raise PositionLimitError(
            f"{game!r}: the genus of {game.format_position(position)} is a search of whole "
            f"positions that may need more than max_positions = {limit:,}"
        )


def genus(
    game: ImpartialGame[Any],
    position: Any,
    *,
    max_positions: int | None = None,
    max_form_size: int = MAX_FORM_SIZE,
) -> Genus:
    """Return Conway's genus of `position` in `game`, with its phylum when known.

    Parameters
    ----------
    game : ImpartialGame
        Any finite impartial game (no cycles).
    position : position or Sum
        A position of `game`, or a sum of its positions.
    max_positions : int, optional
        Cap on the positions stored; default ``game.max_positions``.
    max_form_size : int, optional
        Cap on the size of the misère canonical forms the search keeps to find the
        phylum (a form with k options has size k + 1), default :data:`MAX_FORM_SIZE`.
        Past it, and for good (until ``game.clear_cache()``), the genus comes without
        a phylum, its text read from the genus alone; 0 keeps none.

    Returns
    -------
    Genus
        g^{γ0 γ1 ...}: the normal nim value and the misère nim values of the position
        plus n copies of *2, and the phylum of its misère canonical form if kept:
        ``str`` is then the text CGSuite prints.

    Raises
    ------
    PositionLimitError
        More than `max_positions` positions would be stored.
    LoopError
        The game has a cycle.
    InvalidGameError
        `max_form_size` is not a non-negative int.

    Examples
    --------
    >>> from grundy.misere.genus import genus
    >>> from grundy.games import Kayles, SubtractionGame
    >>> [str(genus(Kayles, n)) for n in range(8)]
    ['0', '1', '2', '3', '1', '4^146', '3', '2^2']
    >>> genus(Kayles, 7)                      # not *2, but tame in sums with tame games
    Genus(nim_value=2, misere_values=(2, 0), phylum='reversibly tame')
    >>> genus(Kayles, gr.Sum(2, 2))           # *2 + *2 is not 0 in misère play
    Genus(nim_value=0, misere_values=(0, 2), phylum='hereditarily tame')
    >>> print(genus(SubtractionGame([1, 2]), 10_000))   # an explicit stack: no recursion
    1

    See Also
    --------
    genus_sequence : the genus of heaps 0..n.
    Genus.from_options : the recursion.

    Notes
    -----
    Every position met is valued from its options' genera (:meth:`Genus.from_options`),
    once: sums too, since the genus of a sum is not a function of its parts' genera
    (it is for tame parts). Heap games therefore search sums of heaps, as misère
    outcomes do; each position costs a call of ``moves`` and O(options × digits).

    The phylum needs the position's misère canonical form. The search builds it on the
    way, each position's from its options' (:func:`~grundy.misere.canonical.canonical`,
    O(options)), and values each distinct form once: the genus is a misère invariant.
    No sum of forms is computed, so the forms cost about as much as the search (a few
    per cent for Kayles, a quarter for 0.35, whose forms rarely coincide), plus their
    memory (50 to 100 bytes a unit of size), which `max_form_size` bounds. The phylum
    is CGSuite's (:mod:`grundy.misere._phyla`), found once per form: linear in its
    subgames, with the second options of some.
    """
    if type(max_form_size) is not int or max_form_size < 0:
        raise InvalidGameError(f"max_form_size {max_form_size!r} must be a non-negative int")
    position = game.check_position(position)
    limit = game.max_positions if max_positions is None else max_positions
    _refuse_too_big(game, position, limit)
    search: GenusSearch | None = game.cache.get("genus")
    if search is None:
        search = game.cache["genus"] = GenusSearch(game)
    return search.genus(position, limit, max_form_size)


def _heap_moves(code: HeapCode, n: int) -> list[int | Sum]:
    """The options of a heap of `n` under a take-and-break code."""
    if code.is_allbut:
        excluded = set(code.excluded)
        return [n - j for j in range(1, n + 1) if j not in excluded]
    found: list[int | Sum] = []
    for j, digit in enumerate(code.digits[: n + 1]):
        rest = n - j
        if j and digit & 1 and rest == 0:
            found.append(0)
        if j and digit & 2 and rest >= 1:
            found.append(rest)
        if digit & 4:  # two heaps a + b, a <= b (a < b in Grundy's game)
            halves = range(1, (rest - code.unequal) // 2 + 1)
            found += [Sum(a, rest - a) for a in halves]
        if digit & 8:  # three heaps a <= b <= c
            thirds = range(1, rest // 3 + 1)
            found += [
                Sum(a, b, rest - a - b) for a in thirds for b in range(a, (rest - a) // 2 + 1)
            ]
    return found


def _code_game(code: HeapCode) -> ImpartialGame[int]:
    def moves(n: int) -> list[int | Sum]:
        return _heap_moves(code, n)

    return game_from_moves(moves, name=f"code {code.text}")


def genus_sequence(
    game: ImpartialGame[Any] | str,
    upto: int,
    *,
    max_positions: int | None = None,
    max_form_size: int = MAX_FORM_SIZE,
) -> list[Genus]:
    """Return the genus of the heaps 0..`upto` of a heap game (``position_at(n)``).

    Parameters
    ----------
    game : ImpartialGame or str
        A game (its positions ``game.position_at(n)``), or a take-and-break code as
        :func:`grundy.heaps.parse_code` reads it (``"0.77"``, ``"grundy"``,
        ``"subtraction:2,3,7"``, ``"allbut:2,3,7"``).
    upto : int
        The last heap.
    max_positions : int, optional
        Cap on the positions stored; default the game's ``max_positions``.
    max_form_size : int, optional
        Cap on the misère canonical forms kept for the phylum, as in :func:`genus`:
        heaps met past it come without a phylum.

    Raises
    ------
    InvalidCodeError
        A malformed code.
    PositionLimitError
        More than `max_positions` positions would be stored.

    Examples
    --------
    >>> from grundy.misere.genus import genus_sequence
    >>> " ".join(map(str, genus_sequence("0.07", 14)))      # Dawson's Kayles
    '0 0 1 1 2 0 3 1 1 0 3^1431 3 2^0520 2 4^146'
    >>> " ".join(map(str, genus_sequence("0.77", 20)[16:]))  # CGSuite's text, by phylum
    '1^13 4^64 3^31 2^20 1^031'
    >>> from grundy.games import Nim
    >>> genus_sequence(Nim(), 3)[2]
    Genus(nim_value=2, misere_values=(2, 0), phylum='nim-heap')
    """
    if type(upto) is not int or upto < 0:
        raise InvalidPositionError(f"upto {upto!r} must be a non-negative int")
    rules = _code_game(parse_code(game)) if isinstance(game, str) else game
    return [
        genus(rules, rules.position_at(n), max_positions=max_positions, max_form_size=max_form_size)
        for n in range(upto + 1)
    ]
