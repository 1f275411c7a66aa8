"""What ``grundy cgt`` and ``grundy value`` print for partizan games, as JSON-ready dicts.

:func:`canonical_report` describes one canonical form (its value, outcome, stops, mean,
temperature, thermograph, reduced canonical form, atomic weight); :func:`position_report`
adds a game's position, its components and each player's winning moves,
:func:`outcome_report` says only who wins (an outcome search, for boards too big for their
canonical form), and :func:`expression_report` evaluates a CGSuite expression (games, and
the compounds and explicit forms of :func:`~grundy.partizan.evaluate`), cooled or heated.
Numbers are written as text (``"-3/2"``), so that they stay exact in JSON and in the
browser. A position of a loopy game (Fox and Geese) has a loopy value instead
(:func:`loopy_position_report`).
"""

from __future__ import annotations

import re
from typing import Any

from ..core.errors import InvalidGameError, PositionLimitError
from ..core.integers import shown as quoted
from ..partizan import (
    CanonicalGame,
    PartizanGame,
    RationalNumber,
    atomic_weight,
    canonical_form,
    cool,
    evaluate,
    heat,
    is_all_small,
    is_infinitesimal,
    left_stop,
    mean,
    parse,
    reduced_canonical_form,
    right_stop,
    temperature,
    thermograph,
)
from ..partizan.dyadic import format_number
from ..partizan.loopy import (
    LoopyOutcome,
    LoopyPartizanGame,
    SidedValue,
    Stopper,
    loopy_outcome,
    parse_loopy,
)
from ..partizan.loopy.graph import DEFAULT_MAX_VERTICES
from ..partizan.loopy.reading import looks_loopy
from ..partizan.loopy.survival import DEFAULT_MAX_STATES
from ..partizan.outcome_search import OutcomeSearch
from .value_reports import MOVES_LISTED, described_moves

__all__ = [
    "canonical_report",
    "position_report",
    "expression_report",
    "outcome_report",
    "loopy_report",
    "loopy_position_report",
    "PARTS_LISTED",
]

#: Components of a position whose values a report lists, at most.
PARTS_LISTED = 16
#: The compounds written by name, which are no labels of loops.
_OPERATORS = ("ConjunctiveSum", "SelectiveSum", "OrdinalProduct", "ConwayProduct")


def canonical_report(g: CanonicalGame) -> dict[str, Any]:
    """Everything the theory says about `g` at a glance.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> r = canonical_report(parse("{3||2+*|1+*}"))
    >>> r["value"], r["outcome"], r["mean"], r["temperature"], r["left_stop"], r["right_stop"]
    ('{3||2*|1*}', 'L', '9/4', '3/4', '3', '2')
    >>> canonical_report(parse("^*6"))["atomic_weight"]
    '1'
    """
    atomic, atomic_unknown = None, ""
    if is_infinitesimal(g):
        try:
            atomic = str(atomic_weight(g))
        except InvalidGameError as exc:
            atomic_unknown = str(exc)
    else:
        atomic_unknown = "not infinitesimal: atomic weights are for infinitesimals"
    outcome = g.outcome
    return {
        "value": str(g),
        "outcome": outcome.value,
        "outcome_text": outcome.describe(),
        "number": None if g.number is None else format_number(g.number),
        "nim_value": g.nim_value,
        "birthday": g.birthday,
        "left_stop": format_number(left_stop(g)),
        "right_stop": format_number(right_stop(g)),
        "mean": format_number(mean(g)),
        "temperature": format_number(temperature(g)),
        "thermograph": thermograph(g).to_json(),
        "reduced_canonical_form": str(reduced_canonical_form(g)),
        "atomic_weight": atomic,
        "atomic_weight_unknown": atomic_unknown,
        "all_small": is_all_small(g),
        "infinitesimal": is_infinitesimal(g),
        "left_options": [str(o) for o in g.left],
        "right_options": [str(o) for o in g.right],
    }


def position_report(
    game: str, rules: PartizanGame[Any], start: Any, *, limit: int | None = MOVES_LISTED
) -> dict[str, Any]:
    """The canonical form of a position, its components, and who wins by which moves.

    ``left_wins`` lists Left's moves after which Left wins moving second (options >= 0),
    ``right_wins`` Right's (options <= 0), at most `limit` of each (None: all);
    ``components`` gives each independent part and its value (up to PARTS_LISTED).

    Examples
    --------
    >>> from grundy.partizan.games import Domineering
    >>> rules = Domineering()
    >>> r = position_report("domineering", rules, rules.parse_position(["2x2"]))
    >>> r["value"], r["outcome"], r["temperature"], len(r["left_wins"])
    ('+-1', 'N', '1', 2)
    """
    if isinstance(rules, LoopyPartizanGame):  # a loopy value: no canonical form
        return loopy_position_report(game, rules, start, limit=limit)
    value = rules.value(start)
    wins = {}
    for player in ("Left", "Right"):
        moves = rules.winning_moves(start, player)  # type: ignore[arg-type]
        listed = moves if limit is None else moves[:limit]
        wins[player] = (described_moves(rules, start, listed, player), len(moves))
    parts = rules.components(start)
    components = None
    if parts is not None and 1 < len(parts) <= PARTS_LISTED:
        components = [
            {"text": rules.format_position(p), "value": str(rules.value(p))} for p in parts
        ]
    return {
        "game": game,
        "kind": "partizan",
        "position": rules.position_to_json(start),
        "position_text": rules.format_position(start),
        **canonical_report(value),
        "left_wins": wins["Left"][0],
        "left_wins_count": wins["Left"][1],
        "right_wins": wins["Right"][0],
        "right_wins_count": wins["Right"][1],
        "components": components,
        "positions": rules.positions,
    }


#: What only evaluate() reads: an ordinal sum, a quoted form, a method, a named compound.
_EXPRESSION = re.compile(r":(?!=)|'|\.[A-Za-z]|\b(?:Conjunctive|Selective)Sum\b|\b\w+Product\b")


def _read(
    text: str, max_vertices: int = DEFAULT_MAX_VERTICES, max_states: int = DEFAULT_MAX_STATES
) -> CanonicalGame | Stopper | SidedValue:
    """A short game's text, a loopy game's (``pass``, ``on``, a labelled loop, a value
    given by its sides ``A & B``), or an expression of CGSuite's compounds, explicit forms
    and ordinal sums (loopy or not). A loopy graph has at most `max_vertices` vertices,
    each comparison at most `max_states` states.

    Loopy text that uses nothing only an expression has (``:``, a quote, a method, a
    compound's name) is the loopy reader's to read or refuse; the rest is evaluate's.
    """
    try:
        return parse(text)
    except InvalidGameError as short_error:
        # '&' is no short game's nor expression's: '1 & *' is a value given by its sides
        if "loopy" in str(short_error) or "&" in text or looks_loopy(text, _OPERATORS):
            try:
                return parse_loopy(text, max_vertices, max_states)
            except InvalidGameError:
                if not _EXPRESSION.search(text):  # no ':', quote...: the loopy reader's say
                    raise
    value = evaluate(text)  # '{*|*}' : 1, G ConjunctiveSum H, '{-1|1}' : on...
    if isinstance(value, RationalNumber):
        raise InvalidGameError(f"{text.strip()!r}: {value} is not a dyadic rational: no short game")
    if isinstance(value, Stopper | SidedValue):
        return value
    return canonical_form(value)


def loopy_report(
    g: Stopper | SidedValue, *, max_states: int = DEFAULT_MAX_STATES
) -> dict[str, Any]:
    """What the theory of loopy games says about `g`: a stopper's simplest form, stops
    and degree of loopiness, or a game's onside and offside; its outcome with draws.
    The degree's comparisons search at most `max_states` states each.

    Examples
    --------
    >>> from grundy.partizan.loopy import parse_loopy
    >>> r = loopy_report(parse_loopy("{pass|3/2}"))
    >>> r["value"], r["stopper"], r["outcome"], r["left_stop"], r["degree"]
    ('3/2under', True, 'L', '3/2under', 'over')
    >>> r = loopy_report(parse_loopy("on + off"))
    >>> r["value"], r["outcome"], r["onside"], r["offside"]
    ('dud', 'D', 'on', 'off')
    >>> r = loopy_report(parse_loopy("{pass|8}"), max_states=10_000)
    >>> r["value"], r["degree"], r["degree_unknown"]
    ('8under', None, 'G - G has 100 positions: comparing them pairwise takes 20,000 states, \
more than 10,000')
    """
    common = {"value": str(g), "kind": "loopy", "stopper": isinstance(g, Stopper)}
    if isinstance(g, Stopper):
        outcome = loopy_outcome(g.graph)
        return {
            **common,
            "outcome": str(outcome),
            "outcome_text": _loopy_outcome_text(outcome),
            "left_stop": str(g.left_stop),
            "right_stop": str(g.right_stop),
            **_degree(g, max_states),
            "followers": g.follower_count,
            "left_options": [str(o) for o in g.left_options],
            "right_options": [str(o) for o in g.right_options],
        }
    outcome = g.outcome
    return {
        **common,
        "outcome": str(outcome),
        "outcome_text": _loopy_outcome_text(outcome),
        "onside": str(g.onside),
        "offside": str(g.offside),
    }


def _degree(g: Stopper, max_states: int) -> dict[str, str | None]:
    """The degree of loopiness G +⁺ (-G), or why it is not given: the onside of G - G,
    whose n² positions (n followers of G) a simplification compares pairwise, 2·n⁴
    states, is refused past `max_states` before any work."""
    n = g.follower_count
    states = 2 * n**4
    if not g.is_loopfree() and states > max_states:
        return {
            "degree": None,
            "degree_unknown": f"G - G has {n * n:,} positions: comparing them pairwise takes "
            f"{states:,} states, more than {max_states:,}",
        }
    try:
        return {"degree": str(g.degree(max_states)), "degree_unknown": ""}
    except PositionLimitError as exc:
        return {"degree": None, "degree_unknown": str(exc)}


def loopy_position_report(
    game: str, rules: LoopyPartizanGame[Any], start: Any, *, limit: int | None = MOVES_LISTED
) -> dict[str, Any]:
    """A position of a loopy game: its loopy value (:func:`loopy_report`'s keys), who wins
    moving first (``left_moving_first``: ``wins``, ``draws`` or ``loses``; so for Right),
    each player's winning moves (at most `limit` of each; None: all) and the positions
    explored.

    Examples
    --------
    >>> from grundy.partizan.games import FoxAndGeese
    >>> rules = FoxAndGeese()
    >>> r = loopy_position_report("fox-and-geese", rules, "{(4,2),(4,4),(4,6),(4,8)},(1,1)")
    >>> r["value"], r["outcome"], r["left_moving_first"], r["right_moving_first"]
    ('{4*|7/2}', 'L', 'wins', 'loses')
    >>> [m["move"] for m in r["left_wins"]]
    ['Left goose b4-a3', 'Left goose d4-c3', 'Left goose f4-e3', 'Left goose h4-g3']
    """
    start = rules.check_position(start)
    value = rules.value(start)
    wins = {}
    for player in ("Left", "Right"):
        moves = rules.winning_moves(start, player)  # type: ignore[arg-type]
        listed = moves if limit is None else moves[:limit]
        wins[player] = (described_moves(rules, start, listed), len(moves))
    return {
        "game": game,
        "kind": "partizan",
        "loopy": True,
        "position": rules.position_to_json(start),
        "position_text": rules.format_position(start),
        **{key: v for key, v in loopy_report(value).items() if key != "kind"},
        **_moving_first(rules.outcome(start)),
        "left_wins": wins["Left"][0],
        "left_wins_count": wins["Left"][1],
        "right_wins": wins["Right"][0],
        "right_wins_count": wins["Right"][1],
        "positions": rules.positions,
    }


def _moving_first(outcome: LoopyOutcome) -> dict[str, str]:
    """What each player does moving first: wins, draws or loses."""
    said = {1: "wins", 0: "draws", -1: "loses"}
    return {
        "left_moving_first": said[outcome.left_first],
        "right_moving_first": said[-outcome.right_first],
    }


def _loopy_outcome_text(outcome: LoopyOutcome) -> str:
    said = {1: "Left wins", 0: "a draw", -1: "Right wins"}
    return f"Left first: {said[outcome.left_first]}; Right first: {said[outcome.right_first]}"


def expression_report(
    text: str,
    *,
    cool_by: str | None = None,
    heat_by: str | None = None,
    max_vertices: int = DEFAULT_MAX_VERTICES,
    max_states: int = DEFAULT_MAX_STATES,
) -> dict[str, Any]:
    """Evaluate a game written in CGSuite's notation, optionally cooled or heated by t.

    A loopy game (its graph at most `max_vertices` vertices, each comparison at most
    `max_states` states) gets :func:`loopy_report`'s answer.

    Examples
    --------
    >>> r = expression_report("{3||2*|1*}", cool_by="1/2")
    >>> r["expression"], r["value"]
    ('{3||2*|1*} cooled by 1/2', '{5/2|2*}')
    >>> expression_report("^ + ^ + *")["value"], expression_report("'{*|*}' : 1")["value"]
    ('^^*', '^')
    >>> r = expression_report("1 & *")
    >>> r["value"], r["outcome"], r["outcome_text"]
    ('1 & *', 'NHat', 'Left first: Left wins; Right first: a draw')
    """
    if cool_by is not None and heat_by is not None:
        raise InvalidGameError("cool or heat, not both: give one of --cool and --heat")
    shown = text.strip()
    try:
        g = _read(text, max_vertices, max_states)
        if isinstance(g, Stopper | SidedValue):
            if cool_by is not None or heat_by is not None:
                raise InvalidGameError(
                    f"{quoted(shown)} is loopy: cooling and heating are for short games"
                )
            return {"expression": shown, **loopy_report(g, max_states=max_states)}
        if cool_by is not None:
            g, shown = cool(g, cool_by), f"{shown} cooled by {cool_by.strip()}"
        elif heat_by is not None:
            g, shown = heat(g, parse(heat_by)), f"{shown} heated by {heat_by.strip()}"
        return {"expression": shown, **canonical_report(g)}
    except RecursionError:  # deep text, or a compound of short text: 10000 OrdinalProduct ^
        raise PositionLimitError(
            f"{quoted(shown)}: too deep (reading, comparing and writing games recurse once a "
            "level of braces or a day of birth)"
        ) from None


def outcome_report(game: str, rules: PartizanGame[Any], start: Any) -> dict[str, Any]:
    """Who wins a position, by an outcome-only search (no canonical form of the whole
    board: its small regions are settled by their values, the rest searched), and the
    work counted.

    Examples
    --------
    >>> from grundy.partizan.games import Domineering
    >>> rules = Domineering()
    >>> r = outcome_report("domineering", rules, rules.parse_position(["4x4"]))
    >>> r["outcome"], r["left_first_wins"], r["right_first_wins"], r["positions"] > 0
    ('N', True, True, True)
    """
    if isinstance(rules, LoopyPartizanGame):  # who wins, draws included, from its graph
        start = rules.check_position(start)
        loopy = rules.outcome(start)
        return {
            "game": game,
            "kind": "partizan",
            "loopy": True,
            "position": rules.position_to_json(start),
            "position_text": rules.format_position(start),
            "outcome": str(loopy),
            "outcome_text": _loopy_outcome_text(loopy),
            **_moving_first(loopy),
            "positions": rules.positions,
        }
    search = OutcomeSearch(rules, max_positions=rules.max_positions)
    outcome = search.outcome(start)
    stats = search.stats
    return {
        "game": game,
        "kind": "partizan",
        "position": rules.position_to_json(start),
        "position_text": rules.format_position(start),
        "outcome": outcome.value,
        "outcome_text": outcome.describe(),
        "left_first_wins": outcome.value in ("L", "N"),
        "right_first_wins": outcome.value in ("R", "N"),
        "positions": stats.positions,
        "table_hits": stats.table_hits,
        "regions_settled": stats.settled,
        "regions_searched": stats.unsettled,
        "stored": stats.stored,
    }
