"""What one position is worth: its SG value or canonical form, remoteness, or solution."""

from __future__ import annotations

import time
from typing import Any

from ..app.partizan_reports import position_report
from ..app.value_reports import described_moves, loopy_report, solve_report, value_report
from ..core.errors import InvalidGameError, PositionLimitError
from ..impartial.game import ImpartialGame
from ..partizan import ZERO, PartizanGame
from ..partizan.loopy import LoopyPartizanGame
from ..partizan.two_player import PLAYERS
from ..twoplayer import TwoPlayerGame
from ._solutions import solved_from
from .inputs import (
    LIMITS,
    described_option,
    game_named,
    impartial_game_named,
    partizan_board,
    played_position,
    read_position,
)

__all__ = ["value", "partizan_value", "remoteness", "solve"]


def value(game: str, position: str = "", misere: bool = False) -> dict:
    """SG value, outcome, winning moves and the reason: ``grundy value --json``.

    Examples
    --------
    >>> report = value("nim", "3 4 5")
    >>> report["grundy"], report["winning_moves_text"]
    (2, [{'position': '1 4 5', 'move': 'heap 1: 3 -> 1'}])
    """
    rules = game_named(game)
    if isinstance(rules, PartizanGame):
        return partizan_value(game, position, misere)
    rules = impartial_game_named(game, "value")
    return value_report(game, rules, read_position(rules, position), misere)


def partizan_value(game: str, position: str, misere: bool = False) -> dict:
    """A partizan position's canonical form, outcome, stops, mean, temperature,
    thermograph, components and winning moves (``grundy value --json``), with every move
    of each player and the value it leaves (`left_moves`, `right_moves`: at most
    ``LIMITS["max_options"]`` each). A last word ``Left`` or ``Right`` says who is to
    move (`to_move`); the value does not depend on it.

    Examples
    --------
    >>> report = partizan_value("domineering", "2x3")
    >>> report["value"], report["outcome"], report["temperature"], report["to_move"]
    ('{2|-1/2}', 'N', '5/4', None)
    >>> [(m["move"], m["value"], m["wins"]) for m in report["left_moves"]]
    [('Left a1-a2', '+-1', False), ('Left b1-b2', '2', True), ('Left c1-c2', '+-1', False)]
    """
    rules = game_named(game)
    if not isinstance(rules, PartizanGame):
        raise InvalidGameError(f"{game} is not a partizan game; use /api/value")
    if misere:
        raise InvalidGameError(
            f"{game} is a partizan game: misère play is for impartial games here"
        )
    board, mover = partizan_board(game, rules, position)
    if isinstance(rules, LoopyPartizanGame):
        return _loopy_value(game, rules, board, mover)
    report = position_report(game, rules, board)
    limit = LIMITS["max_options"]
    complete = True
    for player in PLAYERS:
        options = rules.options(board, player)
        complete = complete and len(options) <= limit
        listed = []
        for option in options[:limit]:
            after = rules.value(option)
            listed.append(
                {
                    **described_option(rules, board, option),
                    "value": str(after),
                    "wins": after >= ZERO if player == "Left" else after <= ZERO,
                }
            )
        report[f"{player.lower()}_moves"] = listed
    report["moves_complete"] = complete
    report["to_move"] = mover
    return report


#: What a move of a loopy game does for its player, moving second after it.
_RESULTS = {1: "wins", 0: "draws", -1: "loses"}


def _loopy_value(game: str, rules: LoopyPartizanGame[Any], board: Any, mover: Any) -> dict:
    """A loopy game's position (Fox and Geese): its loopy value and outcome with draws
    (``grundy value --json``), and every move of each player with what it does for that
    player (``result``: wins, draws or loses; ``wins``), read off the position's own
    graph: an option's loopy value would explore its graph again, so ``value`` is None.

    Examples
    --------
    >>> report = partizan_value("backsliding-toads-and-frogs", "TTT..FFF")
    >>> report["value"], report["outcome"], report["left_moving_first"]
    ('{on||0|-1/2} & {1/2|0||off}', 'D', 'draws')
    >>> [(m["move"], m["result"], m["wins"]) for m in report["left_moves"]]
    [('Left toad 3-4', 'draws', False)]
    """
    report = position_report(game, rules, board)  # the loopy position's report
    limit = LIMITS["max_options"]
    complete = True
    for player in PLAYERS:
        results = rules.move_results(board, player)
        complete = complete and len(results) <= limit
        report[f"{player.lower()}_moves"] = [
            {
                **described_option(rules, board, option),
                "value": None,
                "result": _RESULTS[result],
                "wins": result == 1,
            }
            for option, result in results[:limit]
        ]
    report["moves_complete"] = complete
    report["to_move"] = mover
    return report


def remoteness(game: str, position: str = "", misere: bool = False) -> dict:
    """How many moves perfect play still takes (the winner as few as it can, the loser
    as many), and the winning moves that take fewest: asked apart from the value, whose
    closed form may answer where this search cannot.

    Examples
    --------
    >>> report = remoteness("nim", "1 2")
    >>> report["remoteness"], report["fastest_moves_text"]
    (3, [{'position': '1 1', 'move': 'heap 2: 2 -> 1'}])
    """
    rules = impartial_game_named(game, "remoteness")
    start = read_position(rules, position)
    left, unknown, fastest = None, None, []
    try:
        left = rules.remoteness(start, misere=misere)
        fastest = rules.fastest_winning_moves(start, misere=misere)[: LIMITS["max_fastest"]]
    except PositionLimitError as exc:
        unknown = str(exc)
    return {
        "game": game,
        "position": rules.position_to_json(start),
        "misere": misere,
        "remoteness": left,
        "remoteness_unknown": unknown,
        "fastest_moves_text": described_moves(rules, start, fastest),
    }


def solve(game: str, position: str = "") -> dict:
    """Value and remoteness of a two-player position: ``grundy solve --json``; for an
    impartial game, its loopy value (finite or ∞) with remoteness.

    Examples
    --------
    >>> report = solve("tictactoe", "xx./oo./...")
    >>> report["value"], report["remoteness"], report["best_moves_text"][0]["position"]
    ('win', 1, 'xxx/oo./...')
    """
    rules, start = played_position(game, position)
    if isinstance(rules, ImpartialGame):
        return loopy_report(game, rules, start)
    assert isinstance(rules, TwoPlayerGame)
    began = time.perf_counter()
    solution = solved_from(game, start)  # from `start`, so the counts are the CLI's
    return solve_report(game, rules, start, solution, time.perf_counter() - began)
