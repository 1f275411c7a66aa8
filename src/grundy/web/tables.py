"""The values of many positions: a heap sequence, the 2-D table of two heaps, a game graph."""

from __future__ import annotations

from typing import Any

from ..app import registry
from ..app.play import iter_options
from ..app.table_reports import table_report
from ..core.errors import GrundyError, InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.protocol import Game
from ..impartial.game import ImpartialGame
from .inputs import LIMITS, Position, impartial_game_named, read_position, text_within_limit

__all__ = ["table", "graph", "table2d", "has_heap_pairs"]


def table(game: str, upto: int, certify: bool = False, misere: bool = False) -> dict:
    """SG values of single heaps 0..`upto` with the period: ``grundy table --json``.

    Examples
    --------
    >>> report = table("0.77", 30, certify=True)
    >>> report["period"], report["preperiod"], report["certified"], len(report["values"])
    (12, 71, True, 31)
    """
    if upto > LIMITS["max_upto"]:
        raise InvalidPositionError(
            f"upto {upto:,} is more than this server's {LIMITS['max_upto']:,}"
        )
    report, _ = table_report(
        text_within_limit("the game name", game),
        upto,
        misere=misere,
        certify=certify,
        # Misère outcomes of single heaps are a search of sums of heaps: it stops short
        # within the budget and says where (``stopped``), instead of running out of time.
        max_positions=LIMITS["max_misere_table" if misere else "max_certify"],
        files=False,
    )
    return report


def graph(game: str, position: str = "", misere: bool = False) -> dict:
    """The game graph below a small position: each position once (up to the game's
    symmetry), with its SG value, outcome and level (longest path from the start).

    Examples
    --------
    >>> drawn = graph("nim", "2")
    >>> [(n["text"], n["grundy"], n["outcome"], n["level"]) for n in drawn["nodes"]]
    [('2', 2, 'N', 0), ('0', 0, 'P', 2), ('1', 1, 'N', 1)]
    >>> drawn["edges"]
    [[0, 1], [0, 2], [2, 1]]
    """
    rules = impartial_game_named(game, "graph")
    start = read_position(rules, position)
    limit = LIMITS["max_graph"]
    index: dict[Position, int] = {rules.canonical(start): 0}
    shown, edges = [start], []
    for number, current in enumerate(shown):  # breadth first; `shown` grows as we go
        for option in iter_options(rules, current):
            key = rules.canonical(option)
            if key not in index:
                if len(shown) == limit:
                    raise PositionLimitError(
                        f"the graph of {rules.format_position(start)} has more than {limit} "
                        "positions; pick a smaller position"
                    )
                index[key] = len(shown)
                shown.append(option)
            edges.append((number, index[key]))
    edges = sorted(set(edges))
    level = _longest_paths(len(shown), edges)
    nodes = [
        {
            "id": i,
            "position": rules.position_to_json(p),
            "text": rules.format_position(p),
            "grundy": None if misere else rules.grundy(p),
            "outcome": rules.outcome(p, misere=misere).value,
            "level": level[i],
        }
        for i, p in enumerate(shown)
    ]
    return {
        "game": game,
        "position": rules.position_to_json(start),
        "misere": misere,
        "nodes": nodes,
        "edges": [list(e) for e in edges],
    }


def _longest_paths(count: int, edges: list[tuple[int, int]]) -> list[int]:
    """Length of the longest path from vertex 0 to each vertex of a DAG (Kahn's order)."""
    below: list[list[int]] = [[] for _ in range(count)]
    waiting = [0] * count
    for source, target in edges:
        below[source].append(target)
        waiting[target] += 1
    level, ready = [0] * count, [v for v in range(count) if not waiting[v]]
    while ready:
        source = ready.pop()
        for target in below[source]:
            level[target] = max(level[target], level[source] + 1)
            waiting[target] -= 1
            if not waiting[target]:
                ready.append(target)
    return level


def has_heap_pairs(rules: Game[Any]) -> bool:
    """Are the positions of `rules` pairs (a, b) of any two heap sizes, so a 2-D table
    of them makes sense? Wythoff's game and two heaps of a heap game are; a row of coins
    (no coin twice, sorted) or Fibonacci Nim (a limit no larger than the heap) are not.

    Examples
    --------
    >>> from grundy.web.inputs import game_named
    >>> from grundy.web.tables import has_heap_pairs
    >>> [has_heap_pairs(game_named(name)) for name in ("wythoff", "kayles", "mock-turtles")]
    [True, True, False]
    """
    if not isinstance(rules, ImpartialGame):
        return False
    for a, b in ((0, 0), (1, 2), (2, 1), (3, 3)):
        try:
            read = rules.check_position(rules.parse_position([str(a), str(b)]))
        except GrundyError:
            return False
        if rules.position_to_json(read) != [a, b]:
            return False
    return True


def table2d(game: str, upto: int, misere: bool = False) -> dict:
    """SG values g(a, b) and outcomes of the two-heap positions ``a b`` for a, b from 0 to
    `upto` (at most ``LIMITS["max_table2d"]``): Wythoff's game, two heaps of a heap game.
    In misère play ``values`` is null and only the outcomes are given.

    The table is computed in squares of growing size; a search past the position limit
    (in misère play the smaller ``LIMITS["max_misere_table"]``, so that it stops within the
    time budget) stops it at the last whole square (``upto`` says where, ``stopped`` why).

    Examples
    --------
    >>> report = table2d("wythoff", 4)
    >>> report["values"][:3]
    [[0, 1, 2, 3, 4], [1, 2, 0, 4, 5], [2, 0, 1, 5, 3]]
    >>> report["outcomes"][1][:3], report["stopped"]
    (['N', 'N', 'P'], None)
    >>> table2d("nim", 2, misere=True)["outcomes"], table2d("nim", 2, misere=True)["values"]
    ([['N', 'P', 'N'], ['P', 'N', 'N'], ['N', 'N', 'P']], None)
    >>> try:
    ...     table2d("ruler", 3)
    ... except InvalidGameError as refused:
    ...     print(refused)
    ruler: a 2-D table needs positions that are two heap sizes a b, and those of ruler are not
    """
    limit = LIMITS["max_table2d"]
    if not 0 <= upto <= limit:
        raise InvalidPositionError(f"upto {upto:,} is not from 0 to this server's {limit}")
    rules = impartial_game_named(game, "table2d")
    if not has_heap_pairs(rules):
        raise InvalidGameError(
            f"{game}: a 2-D table needs positions that are two heap sizes a b, "
            f"and those of {game} are not"
        )
    cap = LIMITS["max_misere_table" if misere else "max_positions"]
    if misere:  # a search of sums of heaps: a fresh game, with its own smaller cap
        fresh = registry.find(game, files=False)
        if isinstance(fresh, ImpartialGame):
            rules = fresh.limited_to(cap)
    grid: list[list[Any]] = [[None] * (upto + 1) for _ in range(upto + 1)]
    outcomes: list[list[str]] = [[""] * (upto + 1) for _ in range(upto + 1)]
    done, stopped = upto, None
    for size in range(upto + 1):  # the square a, b <= size, one L-shaped border at a time
        border = [(a, size) for a in range(size + 1)] + [(size, b) for b in range(size)]
        try:
            for a, b in border:
                position = read_position(rules, f"{a} {b}")
                if misere:
                    outcomes[a][b] = rules.outcome(position, misere=True).value
                else:
                    grid[a][b] = rules.grundy(position)
                    outcomes[a][b] = "N" if grid[a][b] else "P"
        except PositionLimitError:
            if size == 0:
                raise
            search = "the misère search" if misere else "the search"
            done = size - 1
            stopped = (
                f"{search} of {a} {b} needs more than {cap:,} positions: "
                f"the table stops at a, b <= {done}"
            )
            break
    return {
        "game": game,
        "upto": done,
        "misere": misere,
        "values": None if misere else [row[: done + 1] for row in grid[: done + 1]],
        "outcomes": [row[: done + 1] for row in outcomes[: done + 1]],
        "stopped": stopped,
    }
