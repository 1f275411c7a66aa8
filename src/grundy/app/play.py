"""Playing against perfect play: the engine's reply, and checking a person's move."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, Protocol

from ..core.errors import GrundyError, InvalidPositionError
from ..core.integers import parse_int, shown
from ..core.protocol import Game
from ..core.sums import Sum
from ..games.heap_game import HeapGame, changed_heaps
from ..impartial.game import ImpartialGame
from ..twoplayer import Solution, TwoPlayerGame, Value

__all__ = [
    "Reply",
    "engine_reply",
    "iter_options",
    "is_option",
    "read_move",
    "pick_listed",
    "value_for_mover",
    "play_impartial",
    "play_two_player",
    "show_position",
    "Terminal",
]

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
    >>> from grundy.app.play import iter_options
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
    >>> from grundy.app.play import engine_reply
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
    games compare with their options, up to ``MAX_OPTIONS_CHECKED`` of them. The
    position must be an option as the rules write it, not merely one of equal value:
    from Moore's Nim ``3 4 5``, ``0 0 5`` is a move and ``5`` (the same game, heaps
    dropped) is not.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> from grundy.app.play import is_option
    >>> is_option(Nim(), (10**18, 4), (5, 4)), is_option(Nim(), (3, 4), (3, 5))
    (True, False)
    >>> from grundy.games import MooreNim
    >>> is_option(MooreNim(2), (3, 4, 5), (0, 0, 5)), is_option(MooreNim(2), (3, 4, 5), 5)
    (True, False)
    """
    if isinstance(game, HeapGame) and isinstance(before, int | tuple):
        _, old, new = changed_heaps(before, after)  # type: ignore[arg-type]  # a heap row
        if len(old) != 1 or not new or not isinstance(old[0], int):
            return False
        options = game.heap_moves(old[0])
        return (new[0] if len(new) == 1 else Sum(*new)) in options
    return any(
        option == after for option in islice(iter_options(game, before), MAX_OPTIONS_CHECKED)
    )


def pick_listed(word: str, listed: Sequence) -> Position:
    """Return the move ``#k`` names among `listed` (the moves last shown to the person).

    Examples
    --------
    >>> from grundy.app.play import pick_listed
    >>> pick_listed("#2", ["a", "b"])
    'b'
    """
    why = (
        f"{shown(word)}: pick a move #1 to #{len(listed)} of the list ('moves' shows it)"
        if listed
        else f"{shown(word)}: type 'moves' first to list the moves"
    )
    try:
        number = parse_int(word[1:], signed=False)
    except InvalidPositionError:
        raise InvalidPositionError(why) from None
    if not 1 <= number <= len(listed):
        raise InvalidPositionError(why)
    return listed[number - 1]


def read_move(
    game: Game[Any],
    position: Any,
    words: Sequence[str],
    listed: Sequence[Any] = (),
) -> Position:
    """Read a person's move: a move in the game's own notation (:meth:`Game.parse_move`,
    such as a cell ``b2`` of tic-tac-toe), the new position in the game's notation, or
    ``#k``.

    Works for impartial and two-player games alike.

    ``#k`` picks the k-th move of `listed` (the moves last shown to the person).

    Raises
    ------
    InvalidPositionError
        The words are not a move nor a position, or not one move away from `position`.

    Examples
    --------
    >>> from grundy.games import Nim, TicTacToe
    >>> from grundy.app.play import read_move
    >>> read_move(Nim(), (3, 4, 5), ["1", "4", "5"])
    (1, 4, 5)
    >>> read_move(TicTacToe(), "x........", ["b2"])
    'x...o....'
    >>> read_move(Nim(), (3, 4, 5), ["3", "4", "6"])
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: illegal move: 3 4 6 cannot be reached from 3 4 5 ...
    """
    text = " ".join(words)
    # "#k" picks a listed move; a board written with # cells (Cram's "#..|...") does not.
    if len(words) == 1 and words[0].startswith("#") and not set(words[0]) & set(".|/"):
        return pick_listed(words[0], listed)
    after = game.parse_move(position, text)
    if after is None:
        after = _read_position(game, words)
    if isinstance(game, ImpartialGame):
        legal = is_option(game, position, after)
    else:
        legal = after in list(game.moves(position))  # type: ignore[attr-defined]
    if not legal:
        raise InvalidPositionError(
            f"illegal move: {text} cannot be reached from {game.format_position(position)} "
            "in one move"
        )
    return after


def _read_position(game: Game[Any], words: Sequence[str]) -> Any:
    """The position `words` write; a game with its own move notation says it on error."""
    try:
        return game.check_position(game.parse_position(list(words)))
    except InvalidPositionError:
        if type(game).move_notation is Game.move_notation:  # positions are the notation
            raise
        raise InvalidPositionError(
            f"{game!r}: cannot read a move from {' '.join(words)!r}; type {game.move_notation()}"
        ) from None


def show_position(terminal: Terminal, game: Game[Any], position: Any) -> None:
    """Show `position` before a turn: the game's drawing (:meth:`Game.draw`), a grid on
    lines of its own or ``position: ...`` on one line.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> class Screen:
    ...     def say(self, text): print(text)
    >>> show_position(Screen(), Nim(), (3, 4))
    <BLANKLINE>
    position: 3 4
    """
    drawing = game.draw(position)
    terminal.say("\n" + (drawing if "\n" in drawing else f"position: {drawing}"))


# ----------------------------------------------------------------- play loops
#: Moves listed by ``moves`` in a play loop.
MOVES_SHOWN = 20


class Terminal(Protocol):
    """What a play loop needs of the person's terminal (the CLI passes rich's console).

    ``say`` prints a line as written; ``ask`` prompts and returns the answer;
    ``warn`` prints a line on the error stream.
    """

    def say(self, text: str) -> None: ...

    def ask(self, prompt: str) -> str: ...

    def warn(self, text: str) -> None: ...


def value_for_mover(solution: Solution, before: object, after: object) -> Value:
    """The value of the option `after` of `before` for the player who moves there.

    Moves that keep the mover (extra turns) keep the value's point of view. The CLI's
    ``moves`` list and the web playground's options both say it.

    Examples
    --------
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import solve
    >>> solution = solve(TicTacToe(), "xx.oo....")
    >>> value_for_mover(solution, "xx.oo....", "xxxoo....")
    Value.WIN
    """
    rules = solution.game
    same = rules.to_move(after) == rules.to_move(before)
    return solution.value(after) if same else solution.value(after).opposite


def ask_move(
    terminal: Terminal,
    game: Game[Any],
    position: Any,
    hint: Callable[[], str],
    listing: Callable[[], list[tuple[Any, str]]],
) -> Any:
    """Prompt until the person types a legal move from `position` and return the position
    it leads to; None if they quit.

    `hint` says a good move, `listing` gives (move, description) pairs for ``moves``;
    the typed words (or ``#k``, the k-th move last listed) are read by :func:`read_move`,
    and its error is shown before asking again.
    """
    listed: list[Any] = []
    while True:
        words = terminal.ask("your move").split()
        command = words[0].lower() if len(words) == 1 else ""
        if command == "quit":
            terminal.say("Bye.")
            return None
        if command == "hint":
            terminal.say(hint())
            continue
        if command == "moves":
            shown = listing()
            listed = [move for move, _ in shown]
            for k, (_, text) in enumerate(shown, 1):
                terminal.say(f"  #{k}  {text}")
            continue
        try:
            return read_move(game, position, words, listed)
        except GrundyError as exc:
            terminal.warn(f"{exc}; try again")


def play_impartial(
    terminal: Terminal,
    game: ImpartialGame[Any],
    current: Any,
    *,
    person_to_move: bool,
    misere: bool = False,
) -> None:
    """Play an impartial game against perfect play, from `current`, until it ends."""
    lost_announced = False
    while True:
        show_position(terminal, game, current)
        reply = engine_reply(game, current, misere=misere)
        if reply is None:  # no move left: normal play, the player to move loses
            person_wins = person_to_move == misere
            terminal.say("No move is left. " + ("You win!" if person_wins else "I win."))
            return
        if not person_to_move:
            terminal.say(
                f"I move to {game.format_position(reply.move)}   "
                f"({game.describe_move(current, reply.move)})"
            )
            if reply.winning and not lost_announced:
                terminal.say(
                    "Your position is now lost: whatever you play, I have a winning answer."
                )
                lost_announced = True
            current, person_to_move = reply.move, True
            continue
        if not reply.winning and not lost_announced:
            terminal.say("Your position is lost: every move leads to a position I win.")
            lost_announced = True
        position = current

        def hint(position: Any = position) -> str:
            best = (game.winning_moves(position, misere=misere) or [None])[0]
            if best is None:
                return "No winning move: every move loses against perfect play."
            return (
                f"A winning move: {game.format_position(best)}   "
                f"({game.describe_move(position, best)})"
            )

        def listing(position: Any = position) -> list[tuple[Any, str]]:
            options = islice(iter_options(game, position), MOVES_SHOWN)
            return [
                (o, f"{game.format_position(o)}   ({game.describe_move(position, o)})")
                for o in options
            ]

        after = ask_move(terminal, game, position, hint, listing)
        if after is None:
            return
        current, person_to_move = after, False


def play_two_player(
    terminal: Terminal,
    game: TwoPlayerGame[Any],
    solution: Solution,
    current: Any,
    *,
    person_to_move: bool,
) -> None:
    """Play a solved two-player game: the engine plays a best move of `solution`."""
    while True:
        show_position(terminal, game, current)
        value, remoteness = solution.value(current), solution.remoteness(current)
        options = list(game.moves(current))
        if not options:
            mover = game.end_value(current)
            person = mover if person_to_move else mover.opposite
            terminal.say({"win": "You win!", "loss": "I win.", "tie": "A tie."}[person.value])
            return
        if not person_to_move:
            move = solution.best_moves(current)[0]
            terminal.say(f"I play {game.describe_move(current, move)}")
            current, person_to_move = move, True
            continue
        ends = "" if remoteness is None else f" in {remoteness}"
        terminal.say(f"(perfect play from here: you {value.value}{ends})")
        position = current

        def hint(position: Any = position) -> str:
            return "A best move: " + game.describe_move(position, solution.best_moves(position)[0])

        def listing(
            position: Any = position, options: list[Any] = options
        ) -> list[tuple[Any, str]]:
            return [
                (
                    o,
                    f"{game.describe_move(position, o)}   "
                    f"({value_for_mover(solution, position, o).value} for you)",
                )
                for o in options[:MOVES_SHOWN]
            ]

        after = ask_move(terminal, game, position, hint, listing)
        if after is None:
            return
        current, person_to_move = after, False
