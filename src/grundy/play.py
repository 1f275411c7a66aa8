"""Playing against perfect play: the engine's reply, and checking a person's move."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from .errors import InvalidPositionError
from .games.heap_game import HeapGame, changed_heaps
from .impartial import ImpartialGame
from .sums import Sum
from .twoplayer import TwoPlayerGame

__all__ = ["Reply", "engine_reply", "iter_options", "is_option", "read_move", "pick_listed"]

Position = Hashable

#: Options examined to check a typed move in games without a faster test.
MAX_OPTIONS_CHECKED = 100_000


@dataclass(frozen=True, slots=True)
class Reply:
    """The engine's move and whether it wins (leaves the person a P-position)."""

    move: Position
    winning: bool


def iter_options(game: ImpartialGame, position: Position) -> Iterator[Position]:
    """Yield the options of `position` one at a time (a heap of 10^18 is never listed).

    Examples
    --------
    >>> from grundy.games import Nim
    >>> from grundy.play import iter_options
    >>> next(iter_options(Nim(), (10**18, 2)))
    (0, 2)
    """
    if isinstance(game, HeapGame) and type(position) is int:
        yield from game.heap_moves(position)
    elif isinstance(game, HeapGame) and type(position) is tuple:
        for i, heap in enumerate(position):
            for option in game.heap_moves(heap):
                parts = option.parts if isinstance(option, Sum) else (option,)
                yield (*position[:i], *parts, *position[i + 1 :])
    elif isinstance(position, Sum):
        yield from game.options(position)
    else:
        yield from game.moves(position)


def engine_reply(game: ImpartialGame, position: Position, *, misere: bool = False) -> Reply | None:
    """Return perfect play's move from `position`, or None when there is no move.

    A winning move when there is one; otherwise any legal move (the position is lost).

    Examples
    --------
    >>> from grundy.games import Nim
    >>> from grundy.play import engine_reply
    >>> engine_reply(Nim(), (3, 4, 5))
    Reply(move=(1, 4, 5), winning=True)
    >>> engine_reply(Nim(), (0, 0)) is None
    True
    """
    winning = game.winning_moves(position, misere=misere)
    if winning:
        return Reply(winning[0], True)
    option = next(iter_options(game, position), None)
    return None if option is None else Reply(option, False)


def is_option(game: ImpartialGame, before: Position, after: Position) -> bool:
    """Return True if one move leads from `before` to `after`.

    Heap games check the one heap that changed (so heaps of any size are fine); other
    games compare with their options, up to ``MAX_OPTIONS_CHECKED`` of them.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> from grundy.play import is_option
    >>> is_option(Nim(), (10**18, 4), (5, 4)), is_option(Nim(), (3, 4), (3, 5))
    (True, False)
    """
    if isinstance(game, HeapGame):
        _, old, new = changed_heaps(before, after)
        if len(old) != 1 or not new:
            return False
        options = game.heap_moves(old[0])
        return (new[0] if len(new) == 1 else Sum(*new)) in options
    key = game.canonical
    target = key(after)
    return any(
        option == after or key(option) == target
        for option in islice(iter_options(game, before), MAX_OPTIONS_CHECKED)
    )


def pick_listed(word: str, listed: Sequence) -> Position:
    """Return the move ``#k`` names among `listed` (the moves last shown to the person).

    Examples
    --------
    >>> from grundy.play import pick_listed
    >>> pick_listed("#2", ["a", "b"])
    'b'
    """
    number = word[1:]
    if not number.isdigit() or not 1 <= int(number) <= len(listed):
        raise InvalidPositionError(
            f"{word!r}: pick a move #1 to #{len(listed)} of the list ('moves' shows it)"
            if listed
            else f"{word!r}: type 'moves' first to list the moves"
        )
    return listed[int(number) - 1]


def read_move(
    game: ImpartialGame | TwoPlayerGame,
    position: Position,
    words: Sequence[str],
    listed: Sequence = (),
) -> Position:
    """Read a person's move: the new position in the game's notation, or ``#k``.

    Works for impartial and two-player games alike.

    ``#k`` picks the k-th move of `listed` (the moves last shown to the person).

    Raises
    ------
    InvalidPositionError
        The words are not a position, or not one move away from `position`.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> from grundy.play import read_move
    >>> read_move(Nim(), (3, 4, 5), ["1", "4", "5"])
    (1, 4, 5)
    >>> read_move(Nim(), (3, 4, 5), ["3", "4", "6"])
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidPositionError: illegal move: 3 4 6 cannot be reached from 3 4 5 in one move
    """
    text = " ".join(words)
    if len(words) == 1 and words[0].startswith("#"):
        return pick_listed(words[0], listed)
    after = game.check_position(game.parse_position(list(words)))
    legal = (
        after in list(game.moves(position))
        if isinstance(game, TwoPlayerGame)
        else is_option(game, position, after)
    )
    if not legal:
        raise InvalidPositionError(
            f"illegal move: {text} cannot be reached from {game.format_position(position)} "
            "in one move"
        )
    return after
