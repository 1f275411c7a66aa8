"""Play: the moves from a position, a person's move checked, and perfect play's reply."""

from __future__ import annotations

from itertools import islice

from ..app.play import engine_reply, iter_options, read_move, value_for_mover
from ..twoplayer import TwoPlayerGame, Value
from ._solutions import solution_holding
from .inputs import LIMITS, described_option, played_position, text_within_limit

__all__ = ["options", "move", "reply"]


def options(game: str, position: str = "", misere: bool = False) -> dict:
    """The moves from a position (at most ``LIMITS["max_options"]``), each with what it
    leaves: its SG value and outcome (impartial games), or its value for the player who
    makes it (two-player games).

    Examples
    --------
    >>> listed = options("nim", "1 2")["options"]
    >>> [(o["text"], o["grundy"], o["outcome"]) for o in listed]
    [('0 2', 2, 'N'), ('1 0', 1, 'N'), ('1 1', 0, 'P')]
    """
    rules, start = played_position(game, position)
    limit = LIMITS["max_options"]
    found = []
    if isinstance(rules, TwoPlayerGame):
        solution = solution_holding(game, start)
        moves = list(islice(rules.moves(start), limit + 1))
        for option in moves[:limit]:
            found.append(
                {
                    **described_option(rules, start, option),
                    "value": value_for_mover(solution, start, option).value,
                    "remoteness": solution.remoteness(option),
                }
            )
    else:
        moves = list(islice(iter_options(rules, start), limit + 1))
        for option in moves[:limit]:
            found.append(
                {
                    **described_option(rules, start, option),
                    "grundy": None if misere else rules.grundy(option),
                    "outcome": rules.outcome(option, misere=misere).value,
                }
            )
    return {
        "game": game,
        "position": rules.position_to_json(start),
        "position_text": rules.format_position(start),
        "misere": misere,
        "options": found,
        "complete": len(moves) <= limit,
    }


def move(game: str, position: str, after: str, misere: bool = False) -> dict:
    """Check a person's move, given as the position after it; return that position.

    Examples
    --------
    >>> move("nim", "3 4 5", "1 4 5")["position_text"]
    '1 4 5'
    >>> move("nim", "3 4 5", "3 4 6")
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: illegal move: 3 4 6 cannot be reached from 3 4 5 ...
    """
    rules, start = played_position(game, position)
    landed = read_move(rules, start, text_within_limit("the move", after).split())
    return {
        "game": game,
        "position": rules.position_to_json(landed),
        "position_text": rules.format_position(landed),
        "move": rules.describe_move(start, landed),
        "misere": misere,
    }


def reply(game: str, position: str = "", misere: bool = False) -> dict:
    """Perfect play's move from a position, or ``"move": null`` when none is left.

    ``winning`` says the engine's move wins (it leaves the person a lost position).

    Examples
    --------
    >>> answer = reply("nim", "3 4 5")
    >>> answer["position_text"], answer["move"], answer["winning"]
    ('1 4 5', 'heap 1: 3 -> 1', True)
    >>> reply("nim", "0 0")["position"] is None
    True
    """
    rules, start = played_position(game, position)
    chosen, winning = None, False
    if isinstance(rules, TwoPlayerGame):
        solution = solution_holding(game, start)
        best = solution.best_moves(start)
        if best:
            chosen, winning = best[0], solution.value(start) is Value.WIN
    else:
        answer = engine_reply(rules, start, misere=misere)
        if answer is not None:
            chosen, winning = answer.move, answer.winning
    if chosen is None:
        return {
            "game": game,
            "position": None,
            "position_text": None,
            "move": None,
            "winning": False,
            "misere": misere,
        }
    return {
        "game": game,
        "position": rules.position_to_json(chosen),
        "position_text": rules.format_position(chosen),
        "move": rules.describe_move(start, chosen),
        "winning": winning,
        "misere": misere,
    }
