"""Misère quotients in reports: ``grundy misere``, and the quotient behind ``value --misere``."""

from __future__ import annotations

import functools
from typing import Any

from ..core.errors import DatabaseError, InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.sums import Sum
from ..games import HeapGame, Nim
from ..impartial.game import ImpartialGame
from .game_names import heap_code

__all__ = ["QUOTIENT_WORK", "load_quotient", "misere_report", "misere_method", "quotient_reason"]

#: The work a misère quotient may take when ``value --misere`` asks for one (about 2 s);
#: past it the whole position is searched instead.
QUOTIENT_WORK = 3_000_000


def misere_method(
    game: str, rules: ImpartialGame[Any], start: Any, stored: Any
) -> tuple[Any, str, str]:
    """The quotient that answers `start` in misère play (or None), ``misere_method``, and
    a note that starts the reason when `stored` does not hold a heap of `start`.

    `stored`: the quotient of a file (``value --quotient``), or None. ``misere_method`` is
    ``"quotient-file"`` (`stored` answers), ``"quotient"`` (one found within
    `QUOTIENT_WORK`), ``"game"`` (the game's own misère theory) or ``"search"``.

    Examples
    --------
    >>> from grundy.app.game_names import impartial_game
    >>> from grundy.misere import misere_quotient
    >>> dawson = impartial_game("dawson", "value")
    >>> quotient, method, note = misere_method("dawson", dawson, (3, 4), None)
    >>> quotient.order, method, note
    (6, 'quotient', '')
    >>> misere_method("dawson", dawson, (3, 4), misere_quotient("0.07", 8))[1:]
    ('quotient-file', '')
    >>> misere_method("nim", impartial_game("nim", "value"), (3, 4), None)
    (None, 'game', '')
    """
    note = ""
    if stored is not None:
        heaps = _heaps_of(start)
        largest = None if heaps is None else max(heaps, default=0)
        if largest is not None and (stored.periodicity is not None or largest <= stored.upto):
            return stored, "quotient-file", ""
        if largest is not None:
            note = (
                f"heap {largest} is past the quotient file (heaps ≤ {stored.upto}, "
                "no proved period), so: "
            )
    quotient = _misere_quotient_for(game, rules, start)
    if quotient is not None:
        return quotient, "quotient", note
    return None, "game" if rules.defines("explain_misere") else "search", note


def _heaps_of(start: Any) -> tuple[int, ...] | None:
    """The heaps of a position that is a sum of heaps (an int, a tuple, a Sum), or None."""
    heaps = start.parts if isinstance(start, Sum) else start
    heaps = (heaps,) if isinstance(heaps, int) else heaps
    if not isinstance(heaps, tuple) or not all(isinstance(h, int) for h in heaps):
        return None
    return heaps


def _misere_quotient_for(game: str, rules: ImpartialGame[Any], start: Any) -> Any:
    """The misère quotient that answers `start` (a sum of heaps of a heap code), or None.

    Nim keeps its own closed form; a code whose quotient outgrows `QUOTIENT_WORK` is
    searched instead (``misere_method`` says which).
    """
    if not isinstance(rules, HeapGame) or isinstance(rules, Nim):
        return None
    heaps = _heaps_of(start)
    if heaps is None:
        return None
    try:
        code = heap_code(game)
    except InvalidGameError:
        return None
    if code is None:
        return None
    return _quotient(code.text, max((*heaps, 1)))


def load_quotient(game: str, rules: ImpartialGame[Any], path: str) -> Any:
    """The misère quotient in file `path` (``grundy misere CODE --save FILE``), checked
    to be the quotient of `game`, whose rules are `rules`.

    Parameters
    ----------
    game : str
        The game's name as typed: ``kayles``, ``0.77``, ``dawson``, ``nim``...
    rules : ImpartialGame
        Its rules (:func:`~grundy.app.game_names.impartial_game`).
    path : str
        The file, re-verified as :meth:`grundy.misere.MisereQuotient.load` does.

    Returns
    -------
    MisereQuotient
        For :func:`~grundy.app.value_reports.value_report`'s `quotient`.

    Raises
    ------
    DatabaseError
        The file is missing, damaged, does not verify, or is another game's quotient.
    InvalidGameError
        `game` is not Nim or a take-and-break code, so it has no misère quotient.

    Examples
    --------
    >>> import os, tempfile
    >>> from grundy.misere import misere_quotient
    >>> from grundy.app.game_names import impartial_game
    >>> from grundy.app.value_reports import value_report
    >>> path = os.path.join(tempfile.mkdtemp(), "dawson.json")
    >>> misere_quotient("0.07", 8).save(path)
    >>> rules = impartial_game("dawson", "value")
    >>> stored = load_quotient("dawson", rules, path)
    >>> report = value_report("dawson", rules, (3, 4), True, quotient=stored)
    >>> report["misere_method"], report["outcome"]
    ('quotient-file', 'N')
    >>> load_quotient("kayles", impartial_game("kayles", "value"), path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.DatabaseError: misère quotient file '...' is of 0.07, not of kayles (0.77)
    """
    from ..misere import MisereQuotient

    code = "nim" if isinstance(rules, Nim) else getattr(heap_code(game), "text", None)
    if code is None:
        raise InvalidGameError(f"{game}: misère quotients need nim or a take-and-break code")
    quotient = MisereQuotient.load(path)
    if quotient.code != code:
        named = game if code == game else f"{game} ({code})"
        raise DatabaseError(f"misère quotient file {path!r} is of {quotient.code}, not of {named}")
    return quotient


@functools.lru_cache(maxsize=8)
def _quotient(code: str, upto: int) -> Any:
    from ..misere import misere_quotient

    try:
        quotient = misere_quotient(code, upto, max_work=QUOTIENT_WORK)
    except PositionLimitError:
        return None
    return quotient if quotient.periodicity is not None or quotient.upto >= upto else None


def quotient_reason(quotient: Any, start: Any, *, stored: bool = False) -> str:
    """The misère reason: the element the heaps make, and whether it is in the P-portion
    (`stored`: the quotient was read from a file).

    Examples
    --------
    >>> from grundy.misere import misere_quotient
    >>> quotient_reason(misere_quotient("0.07", 8), (3, 4), stored=True)
    'stored misère quotient (heaps ≤ 8, order 6): the heaps make ab, not in the P-portion {a, b^2}'
    """
    element = quotient.element(start)
    word = quotient.word(element)
    inside = "in" if word in quotient.p_words else "not in"
    heaps = "every heap" if quotient.periodicity is not None else f"heaps ≤ {quotient.upto}"
    return (
        f"{'stored ' * stored}misère quotient ({heaps}, order {quotient.order}): "
        f"the heaps make {word}, "
        f"{inside} the P-portion {{{', '.join(quotient.p_words)}}}"
    )


def misere_report(code: str, upto: int, *, save: str | None = None) -> tuple[dict[str, Any], Any]:
    """The answer of ``grundy misere``: a heap game's misère quotient as JSON, and itself.

    Examples
    --------
    >>> data, _ = misere_report("nim", 3)
    >>> data["order"], data["presentation"], data["p_portion"], data["tame"]
    (6, '<a, b | a^2 = 1, b^3 = b>', ['a', 'b^2'], True)
    """
    from ..misere import misere_quotient

    if not isinstance(upto, int) or upto < 1:
        raise InvalidPositionError(f"upto must be a positive integer, got {upto!r}")
    quotient = misere_quotient(code, upto)
    period = quotient.periodicity
    data = {
        "game": code,
        "upto": quotient.upto,
        "order": quotient.order,
        "presentation": quotient.presentation,
        "p_portion": list(quotient.p_words),
        "tame": quotient.is_tame,
        "pretending": list(quotient.pretending_words),
        "period": None
        if period is None
        else {"preperiod": period.preperiod, "period": period.period},
    }
    if save:
        quotient.save(save)
        data["saved"] = save
    return data, quotient
