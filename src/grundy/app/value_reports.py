"""The answers of ``grundy value`` and ``solve``: a position's value, outcome and moves."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Hashable, Sequence
from itertools import islice
from typing import Any

from ..core.errors import PositionLimitError
from ..core.move import Move
from ..core.protocol import Game
from ..impartial import loopy
from ..impartial.game import ImpartialGame
from ..twoplayer import Solution, TwoPlayerGame
from .misere_reports import misere_method, quotient_reason

__all__ = [
    "described_moves",
    "change_to_json",
    "MOVES_LISTED",
    "MOVES_LISTED_AT_MOST",
    "MOVES_DESCRIBED",
    "PARTS_LISTED",
    "value_report",
    "loopy_report",
    "solve_report",
]

Position = Hashable


def described_moves(
    rules: Game[Any], before: Any, moves: Sequence[Any], player: str | None = None
) -> list[dict[str, str]]:
    """Each move as ``{"position": text after it, "move": what it does}``; a partizan
    game's moves described as `player`'s (``Left`` or ``Right``).

    Examples
    --------
    >>> from grundy.games import Nim
    >>> described_moves(Nim(), (3, 4, 5), [(1, 4, 5)])
    [{'position': '1 4 5', 'move': 'heap 1: 3 -> 1'}]
    """
    if player is None:
        describe = rules.describe_move
    else:
        describe = functools.partial(rules.describe_move_by, player)  # type: ignore[attr-defined]
    return [{"position": rules.format_position(m), "move": describe(before, m)} for m in moves]


#: Winning moves a report lists unless asked for all (``grundy value --all``).
MOVES_LISTED = 100
#: Asked for all, a report lists at most this many (a heap of 10^8 may split in millions
#: of winning ways); ``winning_moves_count`` still counts them all.
MOVES_LISTED_AT_MOST = 1_000_000
#: Of those, the moves also described in words with the whole position after them (each
#: description is as long as the position: 20 of them for a sum of 10^5 heaps is plenty).
MOVES_DESCRIBED = 20
#: Parts of a position whose SG values a value report lists, at most.
PARTS_LISTED = 16


def _winning_changes_or_one(
    rules: ImpartialGame[Any], position: Any, misere: bool
) -> tuple[list[Move], str]:
    """Every winning move; or, when there are too many to list, the game's one
    constructive winning move (if it has one) and the reason the list is incomplete."""
    try:
        return rules.winning_changes(position, misere=misere), ""
    except PositionLimitError as exc:
        move = None
        if not misere:  # the game's constructive move (Moore, Fibonacci Nim), if any
            with contextlib.suppress(PositionLimitError):
                move = rules.winning_move(position)
        return ([] if move is None else [Move(None, position, move)]), str(exc)


def change_to_json(rules: Game[Any], move: Move) -> dict[str, Any]:
    """A move as JSON: ``{"part": i or None, "from": ..., "to": ...}`` (see :class:`Move`).

    Examples
    --------
    >>> from grundy.games import Nim
    >>> change_to_json(Nim(), Nim().winning_changes((3, 4, 5))[0])
    {'part': 0, 'from': 3, 'to': 1}
    """
    return {
        "part": move.part,
        "from": rules.position_to_json(move.before),
        "to": rules.position_to_json(move.after),
    }


def _changes_to_json(rules: Game[Any], moves: Sequence[Move]) -> list[dict[str, Any]]:
    """:func:`change_to_json` of each move, the JSON of a part that several moves
    change written once (one graph of 10^5 edges, not one copy a move)."""
    written: dict[int, Any] = {}  # id of a move's "before" -> its JSON (moves hold them)
    changes = []
    for move in moves:
        before = written.get(id(move.before))
        if before is None:
            before = written[id(move.before)] = rules.position_to_json(move.before)
        changes.append(
            {"part": move.part, "from": before, "to": rules.position_to_json(move.after)}
        )
    return changes


def value_report(
    game: str,
    rules: ImpartialGame[Any],
    start: Any,
    misere: bool = False,
    *,
    limit: int | None = MOVES_LISTED,
    described: int | None = MOVES_DESCRIBED,
    remoteness: bool = False,
    quotient: Any = None,
) -> dict[str, Any]:
    """SG value, outcome, winning moves and the reason, as ``grundy value --json`` prints.

    ``grundy`` is None in misère play, and when only the outcome has a closed form
    (``grundy_unknown`` then says why). Winning moves are changes (:func:`change_to_json`:
    which part, from what, to what), at most `limit` of them (None: all), the first
    `described` of those also in words (``winning_moves_text``);
    ``winning_moves_count`` counts them all (None when they are too many to list), and
    ``winning_moves_complete`` is False when some are not listed
    (``winning_moves_unlisted`` says why). ``parts``: for a position of 2 to
    `PARTS_LISTED` parts in normal play, each part and its SG value (the XOR the page
    draws bit by bit); else None. With `remoteness`, ``remoteness`` is the
    number of moves left with perfect play (:meth:`ImpartialGame.remoteness`; None,
    with ``remoteness_unknown`` saying why, when its search is too big).

    In misère play ``misere_method`` says how the outcome was found: ``"quotient-file"``
    (`quotient`, a :class:`~grundy.misere.MisereQuotient` of this game read by
    :func:`~grundy.app.misere_reports.load_quotient`, holds every heap of the position),
    ``"quotient"`` (the heap code's quotient, computed within `QUOTIENT_WORK` of
    :mod:`~grundy.app.misere_reports`), ``"game"`` (the game's own misère rule: Nim,
    Moore's Nim) or ``"search"`` (a search of the position). A heap past
    `quotient` (no proved period) is answered as without it, the reason saying so.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> report = value_report("nim", Nim(), (3, 4, 5))
    >>> report["grundy"], report["outcome"], report["reason"]
    (2, 'N', 'XOR of the heaps: 3 ⊕ 4 ⊕ 5 = 2')
    >>> report["winning_moves"], report["winning_moves_count"]
    ([{'part': 0, 'from': 3, 'to': 1}], 1)
    >>> report["parts"]
    [{'text': '3', 'grundy': 3}, {'text': '4', 'grundy': 4}, {'text': '5', 'grundy': 5}]
    """
    method, note = None, ""
    if misere:
        quotient, method, note = misere_method(game, rules, start, quotient)
    else:
        quotient = None
    most = MOVES_LISTED_AT_MOST if limit is None else min(limit, MOVES_LISTED_AT_MOST)
    count: int | None
    if quotient is not None:  # misère play through the quotient: linear in the heaps
        outcome = quotient.outcome(start)
        # counted in closed form and listed lazily: a heap of 10^8 too (its period)
        count = quotient.count_winning_moves(start)
        moves, moves_unlisted = list(islice(quotient.iter_winning_moves(start), most)), ""
    else:
        outcome = rules.outcome(start, misere=misere)
        moves, moves_unlisted = _winning_changes_or_one(rules, start, misere)
        count = None if moves_unlisted else len(moves)
    if count is not None and count > len(moves[:most]):
        moves = moves[:most]
        moves_unlisted = f"the first {len(moves):,} of {count:,} winning moves are listed"
    moves_left, moves_left_unknown = None, ""
    if remoteness:
        try:
            moves_left = rules.remoteness(start, misere=misere)
        except PositionLimitError as exc:
            moves_left_unknown = str(exc)
    sg, sg_unknown = None, ""
    if not misere:
        try:
            sg = rules.grundy(start)
        except PositionLimitError as exc:  # the outcome has a closed form, the SG value not
            sg_unknown = str(exc)
    return {
        "game": game,
        "position": rules.position_to_json(start),
        "misere": misere,
        "grundy": sg,
        "outcome": outcome.value,
        "winning_moves": _changes_to_json(rules, moves),
        "winning_moves_count": count,
        "winning_moves_complete": not moves_unlisted,
        "position_text": rules.format_position(start),
        "reason": note
        + (
            quotient_reason(quotient, start, stored=method == "quotient-file")
            if quotient is not None
            else ""
            if sg_unknown
            else rules.explain(start, misere=misere)
        ),
        "winning_moves_text": described_moves(
            rules, start, [rules.apply(start, m) for m in moves[:described]]
        ),
        "grundy_unknown": sg_unknown or None,
        "winning_moves_unlisted": moves_unlisted or None,
        "remoteness": moves_left,
        "remoteness_unknown": moves_left_unknown or None,
        "parts": None if sg is None else _part_values(rules, start),
        # Misère play: "quotient-file", "quotient", "game" (its own rule) or "search".
        "misere_method": method,
    }


def _part_values(rules: ImpartialGame[Any], start: Any) -> list[dict[str, Any]] | None:
    parts = rules.parts(start)
    if not parts or not 2 <= len(parts) <= PARTS_LISTED:  # a sum of a few parts
        return None
    return [{"text": rules.format_position(p), "grundy": rules.grundy(p)} for p in parts]


def loopy_report(game: str, rules: ImpartialGame[Any], start: Any) -> dict[str, Any]:
    """Generalised SG value (finite or ∞), outcome with draws, remoteness, winning moves.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> report = loopy_report("nim", Nim(), (1, 2))
    >>> report["grundy"], report["outcome"], report["winning_moves"]
    (3, 'N', [[1, 1]])
    """
    solution = loopy.solve(rules, start)
    value, moves = solution.value(start), solution.winning_moves(start)
    return {
        "game": game,
        "position": rules.position_to_json(start),
        "misere": False,
        "loopy": True,
        "grundy": value.to_json(),
        "outcome": value.outcome.value,
        "remoteness": solution.remoteness(start) if start in solution else None,  # sums
        "winning_moves": [rules.position_to_json(m) for m in moves],
        "positions": len(solution),
        "position_text": rules.format_position(start),
        "value_text": str(value),
        "winning_moves_text": described_moves(rules, start, moves),
    }


def solve_report(
    game: str, rules: TwoPlayerGame, start: Position, solution: Solution, seconds: float
) -> dict:
    """Value for the player to move, remoteness, best moves and counts of a solved game.

    Examples
    --------
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import solve
    >>> game = TicTacToe()
    >>> report = solve_report("tictactoe", game, game.start(), solve(game), 0.0)
    >>> report["value"], report["remoteness"], report["positions"]
    ('tie', 9, 765)
    """
    moves = solution.best_moves(start)
    return {
        "game": game,
        "position": rules.position_to_json(start),
        "value": solution.value(start).value,
        "remoteness": solution.remoteness(start),
        "best_moves": [rules.position_to_json(m) for m in moves],
        "positions": len(solution),
        "symmetry": solution.symmetry,
        "counts": {v.value: c for v, c in solution.counts().items()},
        "seconds": round(seconds, 3),
        "position_text": rules.format_position(start),
        "best_moves_text": described_moves(rules, start, moves),
    }
