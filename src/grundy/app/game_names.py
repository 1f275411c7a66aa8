"""The games a command names: the impartial game of a name, the heap code of a name."""

from __future__ import annotations

from typing import Any

from .. import heaps
from ..core.errors import InvalidGameError
from ..impartial.game import ImpartialGame
from . import registry

__all__ = ["impartial_game", "heap_code"]


def impartial_game(spec: str, command: str, *, files: bool = True) -> ImpartialGame[Any]:
    """The impartial game named `spec`; a two-player game gets a pointer to ``solve``.

    ``files=False`` refuses games that read files (see :func:`grundy.app.registry.find`).

    Examples
    --------
    >>> impartial_game("tictactoe", "value")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: tictactoe is a two-player game without SG values; ...
    """
    rules = registry.find(spec, files=files)
    if rules.kind == "partizan":
        raise InvalidGameError(
            f"{spec} is a partizan game: its values are canonical forms, not SG values; "
            f"use 'grundy value {spec} POSITION' (or 'grundy solve', 'grundy play'), not "
            f"'{command}'"
        )
    if not isinstance(rules, ImpartialGame):
        raise InvalidGameError(
            f"{spec} is a two-player game without SG values; use 'grundy "
            f"solve {spec}' (or 'grundy play {spec}'), not '{command}'"
        )
    return rules


def heap_code(game: str, *, files: bool = True) -> heaps.HeapCode | None:
    """The take-and-break code of a game name (``kayles``, ``0.6``...), or None.

    Examples
    --------
    >>> heap_code("kayles").text, heap_code("nim")
    ('0.77', None)
    """
    try:
        return heaps.parse_code(game)
    except InvalidGameError:
        # A bad code fails here, clearly.
        rules = getattr(registry.find(game, files=files), "rules", None)
        return rules if isinstance(rules, heaps.HeapCode) else None
