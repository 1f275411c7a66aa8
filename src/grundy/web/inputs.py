"""The server's limits, and a request's game, position and move read and checked against them."""

from __future__ import annotations

import functools
from collections.abc import Hashable
from typing import Any

from ..app import registry
from ..core.errors import InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.protocol import Game
from ..impartial.game import ImpartialGame
from ..partizan import PartizanGame, Player
from ..partizan.loopy import LoopyPartizanGame
from ..partizan.two_player import PLAYERS, PartizanPlay
from ..twoplayer import TwoPlayerGame

__all__ = [
    "LIMITS",
    "text_within_limit",
    "game_named",
    "read_position",
    "impartial_game_named",
    "two_player_game_named",
    "played_position",
    "partizan_board",
    "described_option",
]

Position = Hashable

#: The server's limits on what one request may ask for.
LIMITS = {
    "max_positions": 200_000,  # positions one search may store
    "max_text": 1_000,  # characters of a position or a game name
    "max_upto": 10_000,  # last heap of a sequence table
    "max_certify": 200_000,  # values computed to certify a period
    "max_misere_table": 30_000,  # positions of the misère search behind a table (~3 s)
    "max_options": 100,  # options listed for a position
    "max_graph": 60,  # positions drawn in a game graph
    "max_fastest": 5,  # fastest winning moves a remoteness report describes
    "max_table2d": 64,  # last heap of each side of a 2-D table of two-heap positions
    "max_edges": 60,  # edges of a graph typed as a position (Hackenbush, tokens on a digraph)
    "max_vertices": 40,  # vertices of such a graph
    "max_pattern_upto": 256,  # indices 0..upto-1 of a pattern search of single heaps n
    "max_pattern_upto2d": 32,  # and of pairs (a, b), along each side
    "pattern_seconds": 3,  # the clock of a pattern search's table and expression search
    "max_pattern_candidates": 200_000,  # distinct expressions it evaluates (~1 s)
    "max_pattern_options": 50_000,  # options valued by each formula's mex check (~0.5 s)
    "max_loopy_vertices": 20_000,  # vertices of a loopy game's graph typed in CGSuite's notation
    "max_states": 1_000_000,  # states of one comparison of loopy games (~0.5 s)
}


def text_within_limit(what: str, text: str) -> str:
    """`text` itself, refused if longer than the server's ``max_text`` (`what` it is
    names it in the message).

    Examples
    --------
    >>> from grundy.web.inputs import text_within_limit
    >>> text_within_limit("the move", "3 4")
    '3 4'
    >>> text_within_limit("the move", "x" * 1001)
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: the move has 1,001 characters, more than this \
server's 1,000
    """
    if len(text) > LIMITS["max_text"]:
        raise InvalidPositionError(
            f"{what} has {len(text):,} characters, more than this server's {LIMITS['max_text']:,}"
        )
    return text


@functools.lru_cache(maxsize=16)
def game_named(spec: str) -> ImpartialGame[Any] | TwoPlayerGame[Any] | PartizanGame[Any]:
    """The game a request names (never a file), limited to the server's ``max_positions``.

    Examples
    --------
    >>> from grundy.web.inputs import game_named
    >>> nim = game_named("nim")
    >>> nim, nim.max_positions, game_named("nim") is nim
    (Nim(), 200000, True)
    >>> game_named("fox-and-geese").max_states       # a loopy game's comparisons too
    1000000
    """
    # One game object per name, so its memo of solved positions serves the next request.
    found = registry.find(text_within_limit("the game name", spec), files=False)
    found = found.limited_to(LIMITS["max_positions"])
    if isinstance(found, LoopyPartizanGame):  # its loopy values: the server's max_states
        found.__dict__["max_states"] = LIMITS["max_states"]  # frozen dataclasses too
    return found


def read_position(rules: Game[Any], text: str) -> Any:
    """The position `text` of a request, read and checked by `rules` (a graph typed as a
    position within the server's ``max_edges`` and ``max_vertices``).

    Examples
    --------
    >>> from grundy.web.inputs import game_named, read_position
    >>> read_position(game_named("nim"), "3 4 5")
    (3, 4, 5)
    """
    words = text_within_limit("the position", text).split()
    position = rules.check_position(rules.parse_position(words))
    _check_graph_size(rules, position)
    return position


def _check_graph_size(rules: Game[Any], position: Any) -> None:
    """Refuse a graph typed as a position (Hackenbush, a digraph) past the server's size."""
    size = getattr(rules, "graph_size", None)
    if size is None:
        return
    vertices, edges = size(position)
    most_edges, most_vertices = LIMITS["max_edges"], LIMITS["max_vertices"]
    if edges > most_edges or vertices > most_vertices:
        raise PositionLimitError(
            f"the graph has {edges:,} edges and {vertices:,} vertices; this server takes at "
            f"most {most_edges} edges and {most_vertices} vertices"
        )


def impartial_game_named(spec: str, command: str) -> ImpartialGame[Any]:
    """The impartial game a request to ``/api/<command>`` names; any other is refused,
    with the endpoint that answers it.

    Examples
    --------
    >>> from grundy.web.inputs import impartial_game_named
    >>> impartial_game_named("kayles", "table")
    OctalGame('0.77', name='Kayles')
    >>> impartial_game_named("tictactoe", "table")
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: tictactoe is a two-player game without SG values; \
use /api/solve for it, not /api/table
    """
    rules = game_named(spec)
    if isinstance(rules, PartizanGame):
        raise InvalidGameError(
            f"{spec} is a partizan game: its values are canonical forms, not SG values; "
            f"use /api/value for it, not /api/{command}"
        )
    if not isinstance(rules, ImpartialGame):
        raise InvalidGameError(
            f"{spec} is a two-player game without SG values; use /api/solve "
            f"for it, not /api/{command}"
        )
    return rules


def two_player_game_named(spec: str) -> TwoPlayerGame[Any]:
    """The two-player game a request names; an impartial one is refused.

    Examples
    --------
    >>> from grundy.web.inputs import two_player_game_named
    >>> two_player_game_named("tictactoe")
    tictactoe
    >>> two_player_game_named("nim")
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: nim is an impartial game; it has no two-player solution
    """
    rules = game_named(spec)
    if not isinstance(rules, TwoPlayerGame):
        raise InvalidGameError(f"{spec} is an impartial game; it has no two-player solution")
    return rules


def played_position(
    spec: str, text: str
) -> tuple[ImpartialGame[Any] | TwoPlayerGame[Any], Position]:
    """The rules a position is played by, and the position. A partizan game's board is
    played out by :class:`PartizanPlay` (its last word ``Left`` or ``Right`` says who is
    to move, Left by default), the same two-player machinery as tic-tac-toe's.

    Examples
    --------
    >>> from grundy.web.inputs import played_position
    >>> played_position("nim", "3 4")
    (Nim(), (3, 4))
    >>> play, start = played_position("domineering", "2x2 Right")
    >>> type(play).__name__, start
    ('PartizanPlay', (('..', '..'), 1))
    """
    rules = game_named(spec)
    if not isinstance(rules, PartizanGame):
        return rules, read_position(rules, text)
    board, mover = partizan_board(spec, rules, text)
    play = PartizanPlay(rules, board, mover or "Left")
    return play, play.start()


def partizan_board(spec: str, rules: PartizanGame[Any], text: str) -> tuple[Any, Player | None]:
    """A partizan position's board, and who is to move if its last word says so.

    Examples
    --------
    >>> from grundy.web.inputs import game_named, partizan_board
    >>> domineering = game_named("domineering")
    >>> partizan_board("domineering", domineering, "2x2 right")
    (('..', '..'), 'Right')
    >>> partizan_board("domineering", domineering, "2x2")
    (('..', '..'), None)
    """
    words = text_within_limit("the position", text).split()
    mover: Player | None = None
    if words and words[-1].capitalize() in PLAYERS:
        mover = PLAYERS[PLAYERS.index(words.pop().capitalize())]  # type: ignore[arg-type]
    if not words:
        entry = registry.GAMES.get(spec.partition(":")[0].strip().lower())
        example = entry.example.partition(" ")[2] if entry else ""
        raise InvalidPositionError(
            f"{spec} needs a position to start from" + (f", such as {example}" if example else "")
        )
    return rules.check_position(rules.parse_position(words)), mover


def described_option(rules: Game[Any], before: Any, after: Any) -> dict[str, Any]:
    """The option `after` of `before` as the API lists it: the position (as JSON and as
    text) and the move in words.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> from grundy.web.inputs import described_option
    >>> described_option(Nim(), (3, 4), (1, 4))
    {'position': [1, 4], 'text': '1 4', 'move': 'heap 1: 3 -> 1'}
    """
    return {
        "position": rules.position_to_json(after),
        "text": rules.format_position(after),
        "move": rules.describe_move(before, after),
    }
