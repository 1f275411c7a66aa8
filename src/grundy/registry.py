"""Game names for the command line and the web: ``nim``, ``bash:3``, ``subtraction:1,3,4``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .errors import InvalidGameError, UnknownGameError
from .games import Bash, Nim, SubtractionGame
from .impartial import ImpartialGame

__all__ = ["GameEntry", "GAMES", "find", "describe_games"]


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise InvalidGameError(f"parameter {text!r} is not a positive integer")
    return int(text)


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One line of the registry: how to build a game from its command-line name.

    `make` receives the text after the colon (``"3"`` for ``bash:3``), or None when the
    game takes no parameter.
    """

    name: str
    summary: str
    example: str  # the game and a position, as typed on the command line
    make: Callable[[str | None], ImpartialGame]
    parameter: str | None = None  # what follows the colon, e.g. "M" in bash:M

    @property
    def usage(self) -> str:
        return f"{self.name}:{self.parameter}" if self.parameter else self.name


# Adding a game to the command line is one entry here.
GAMES: dict[str, GameEntry] = {
    entry.name: entry
    for entry in [
        GameEntry("nim", "Nim: take any number of tokens from one heap", "nim 3 4 5",
                  lambda _: Nim()),
        GameEntry("bash", "Bash game: take 1 to M tokens from one heap", "bash:3 10",
                  lambda m: Bash(_positive_int(m)), parameter="M"),
        GameEntry("subtraction", "subtraction game: take s tokens, s in the set S",
                  "subtraction:1,3,4 10 7",
                  lambda s: SubtractionGame(s), parameter="S"),
    ]
}


def find(spec: str) -> ImpartialGame:
    """Return the game named by `spec`, such as ``"nim"`` or ``"subtraction:1,3,4"``.

    Raises
    ------
    UnknownGameError
        No game has that name.
    InvalidGameError
        The parameter after the colon is missing, unexpected or malformed.

    Examples
    --------
    >>> from grundy.registry import find
    >>> find("subtraction:1,3,4")
    SubtractionGame(subtraction_set=(1, 3, 4))
    >>> find("chess")
    Traceback (most recent call last):
    ...
    grundy.errors.UnknownGameError: unknown game 'chess'; known games: nim, bash:M, subtraction:S
    """
    name, colon, parameter = spec.strip().partition(":")
    entry = GAMES.get(name.lower())
    if entry is None:
        known = ", ".join(e.usage for e in GAMES.values())
        raise UnknownGameError(f"unknown game {spec!r}; known games: {known}")
    if entry.parameter and not colon:
        raise InvalidGameError(f"game {name!r} needs a parameter: {entry.usage}")
    if colon and not entry.parameter:
        raise InvalidGameError(f"game {name!r} takes no parameter, got {spec!r}")
    try:
        return entry.make(parameter if colon else None)
    except InvalidGameError as exc:
        raise InvalidGameError(f"{spec!r}: {exc}") from None


def describe_games() -> list[dict[str, str]]:
    """Return name, summary and example position of every registered game.

    Examples
    --------
    >>> from grundy.registry import describe_games
    >>> describe_games()[0]["example"]
    'nim 3 4 5'
    """
    return [{"name": e.usage, "summary": e.summary, "example": e.example} for e in GAMES.values()]
