"""What ``/api/cgt`` answers: a game typed in CGSuite's notation, short or loopy, valued
as ``grundy cgt --json`` values it, within the server's limits."""

from __future__ import annotations

import re

from ..app.partizan_reports import expression_report
from ..core.errors import InvalidGameError
from .inputs import LIMITS, text_within_limit

__all__ = ["cgt"]

# Advice for Python callers, which a person in the page cannot follow.
_ADVICE = re.compile(r"[;,]? ?raise max_\w+$")


def cgt(expression: str) -> dict:
    """The value of a game written in CGSuite's notation: a short game's canonical form,
    outcome, stops, mean, temperature and thermograph; a loopy game's simplest form (a
    stopper: stops and degree of loopiness) or its onside and offside, and its outcome
    with draws. A loopy game's graph is refused past the server's
    ``max_loopy_vertices`` vertices and each comparison past ``max_states`` states.

    Parameters
    ----------
    expression : str
        The game as CGSuite writes it: ``{1|*}``, ``^*``, ``on``, ``{0|pass}``,
        ``a{0|{a|*}}``, ``upon + *``, ``on & off``...

    Returns
    -------
    dict
        The keys of ``grundy cgt --json``: ``kind`` is ``"loopy"`` for a loopy game.

    Raises
    ------
    InvalidGameError
        Text that is not a game, or no text.
    PositionLimitError
        Past the server's limits.

    Examples
    --------
    >>> from grundy.web.cgt import cgt
    >>> report = cgt("{0|pass}")
    >>> report["value"], report["outcome"], report["degree"], report["stopper"]
    ('over', 'L', 'over', True)
    >>> report = cgt("a{0|{a|*}}")
    >>> report["value"], report["outcome"], report["onside"], report["offside"]
    ('1 & *', 'NHat', '1', '*')
    >>> cgt("{1|*}")["temperature"]
    '1/2'
    """
    text = text_within_limit("the game", expression)
    if not text.strip():
        raise InvalidGameError(
            "type a game in CGSuite's notation, such as {0|pass}, upon + * or {1|*}"
        )
    report = expression_report(
        text, max_vertices=LIMITS["max_loopy_vertices"], max_states=LIMITS["max_states"]
    )
    if report.get("degree_unknown"):  # past max_states: said as the server's limit
        report["degree_unknown"] = _ADVICE.sub("", report["degree_unknown"])
        report["degree_unknown"] += " (the limit of this server)"
    return report
