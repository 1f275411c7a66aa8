"""What the web API computes: plain functions from query strings to JSON objects.

These run in the worker processes of :class:`grundy.web.workers.ComputePool`, never in
the server's event loop, and know nothing of HTTP. Every input is a string or a number
from a URL, checked here against the server's limits; every answer is a JSON object with
the keys of the matching CLI command's ``--json`` (the reports of :mod:`grundy.app`).

A worker calls every endpoint by its name in this module; each kind of request is
computed in a module of its own: one position's worth in :mod:`~grundy.web.values`,
play in :mod:`~grundy.web.moves`, many positions in :mod:`~grundy.web.tables`, a
pattern search in :mod:`~grundy.web.pattern_search`; the limits, and the reading of a
request's game and position, in :mod:`~grundy.web.inputs`.
"""

from __future__ import annotations

from ..app import registry
from ..games import HeapGame
from .catalog_text import describe as describe_game
from .cgt import cgt
from .inputs import LIMITS, game_named
from .moves import move, options, reply
from .pattern_search import pattern
from .tables import graph, has_heap_pairs, table, table2d
from .values import partizan_value, remoteness, solve, value

__all__ = [
    "LIMITS",
    "games",
    "value",
    "partizan_value",
    "remoteness",
    "solve",
    "options",
    "move",
    "reply",
    "table",
    "graph",
    "table2d",
    "pattern",
    "cgt",
    "warm_up",
]


def games() -> dict:
    """Every game the playground offers, as ``grundy games --json`` lists them, plus its
    example split into a game name and a position, its kind, and whether its positions
    are heaps (so it has a sequence of values); and the picker's words for it (its title,
    family and rules, and whether a person types a code: see `catalog_text`).

    Examples
    --------
    >>> [g["name"] for g in games()["games"]][:3]
    ['nim', 'bash:M', 'subtraction:S']
    >>> bash = next(g for g in games()["games"] if g["name"] == "bash:M")
    >>> bash["game"], bash["title"], bash["family"], bash["code"]
    ('bash:3', 'Bash (take 1 to M)', 'Nim family', True)
    """
    found = []
    for entry, described in zip(registry.GAMES.values(), registry.describe_games(), strict=True):
        if entry.reads_files and entry.inline is None:
            continue
        spec, _, position = entry.example.partition(" ")
        rules = game_named(spec)
        found.append(
            {
                **described,
                "game": spec,
                "position": position,
                "kind": rules.kind,
                "heaps": isinstance(rules, HeapGame),
                **describe_game(entry.name, entry.parameter),
                "pairs": has_heap_pairs(rules),
            }
        )
    return {"games": found}


def warm_up() -> None:
    """Compile the numba kernels a first request would otherwise wait for."""
    table("0.77", 100)
    solve("tictactoe")
    value("nim", "3 4 5")
    value("domineering", "2x3")  # imports the partizan theory
