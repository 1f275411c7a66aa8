"""What the web API computes: plain functions from query strings to JSON objects.

These run in the worker processes of :class:`grundy.web.workers.ComputePool`, never in
the server's event loop, and know nothing of HTTP. Every input is a string or a number
from a URL, checked here against the server's limits; every answer is a JSON object with
the keys of the matching CLI command's ``--json`` (see :mod:`grundy.app.reports`).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Hashable
from itertools import islice
from typing import Any, cast

from .. import twoplayer
from ..app import registry
from ..app.partizan_reports import position_report
from ..app.play import engine_reply, iter_options, read_move, value_for_mover
from ..app.reports import (
    described_moves,
    loopy_report,
    pattern_answer,
    pattern_game,
    solve_report,
    table_report,
    value_report,
)
from ..core.errors import GrundyError, InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.integers import int_text, parse_int
from ..core.protocol import Game
from ..games import HeapGame
from ..impartial.game import ImpartialGame
from ..partizan import ZERO, PartizanGame, Player
from ..partizan.two_player import PLAYERS, PartizanPlay
from ..patterns import PatternReport, find_patterns
from ..twoplayer import Solution, TwoPlayerGame, Value
from .catalog_text import describe as describe_game

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
    "warm_up",
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
}
#: The indices a pattern search computes when a request does not say, by dimension.
PATTERN_UPTO = {1: 128, 2: 24}


# ----------------------------------------------------------------- inputs
def _checked_text(what: str, text: str) -> str:
    if len(text) > LIMITS["max_text"]:
        raise InvalidPositionError(
            f"{what} has {len(text):,} characters, more than this server's {LIMITS['max_text']:,}"
        )
    return text


@functools.lru_cache(maxsize=16)
def _game(spec: str) -> ImpartialGame[Any] | TwoPlayerGame[Any] | PartizanGame[Any]:
    # One game object per name, so its memo of solved positions serves the next request.
    found = registry.find(_checked_text("the game name", spec), files=False)
    return found.limited_to(LIMITS["max_positions"])


def _position(rules: Game[Any], text: str) -> Any:
    words = _checked_text("the position", text).split()
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


def _impartial(spec: str, command: str) -> ImpartialGame[Any]:
    rules = _game(spec)
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


def _two_player(spec: str) -> TwoPlayerGame[Any]:
    rules = _game(spec)
    if not isinstance(rules, TwoPlayerGame):
        raise InvalidGameError(f"{spec} is an impartial game; it has no two-player solution")
    return rules


def _played(spec: str, text: str) -> tuple[ImpartialGame[Any] | TwoPlayerGame[Any], Position]:
    """The rules a position is played by, and the position. A partizan game's board is
    played out by :class:`PartizanPlay` (its last word ``Left`` or ``Right`` says who is
    to move, Left by default), the same two-player machinery as tic-tac-toe's."""
    rules = _game(spec)
    if not isinstance(rules, PartizanGame):
        return rules, _position(rules, text)
    board, mover = _board(spec, rules, text)
    play = PartizanPlay(rules, board, mover or "Left")
    return play, play.start()


def _board(spec: str, rules: PartizanGame[Any], text: str) -> tuple[Any, Player | None]:
    """A partizan position's board, and who is to move if its last word says so."""
    words = _checked_text("the position", text).split()
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


@functools.lru_cache(maxsize=16)
def _solved(spec: str, root: Position) -> Solution:
    rules = _game(spec)
    if isinstance(rules, PartizanGame):  # played out from `root`: (board, mover)
        board, mover = cast(tuple[Any, int], root)
        return twoplayer.solve(PartizanPlay(rules, board, PLAYERS[mover]), root)
    return twoplayer.solve(_two_player(spec), root)


#: Partizan positions played out lately (the game's name, the solution from where its
#: play began), newest last: the positions of a game in progress are found in them.
_PLAYED: list[tuple[str, Solution]] = []


def _solution(spec: str, position: Position) -> Solution:
    """A solution that holds `position`: a cached one (the game's start is solved
    first, so play from it never solves again), else one solved from `position`. A
    partizan game has no start: the position a game began from is solved, and the
    positions of that game are found in it."""
    if not isinstance(_game(spec), PartizanGame):
        start = _solved(spec, _two_player(spec).start())
        return start if position in start else _solved(spec, position)
    for name, solution in reversed(_PLAYED):
        if name == spec and position in solution:
            return solution
    solution = _solved(spec, position)
    _PLAYED.append((spec, solution))
    del _PLAYED[:-8]
    return solution


# ----------------------------------------------------------------- endpoints
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
        rules = _game(spec)
        found.append(
            {
                **described,
                "game": spec,
                "position": position,
                "kind": rules.kind,
                "heaps": isinstance(rules, HeapGame),
                **describe_game(entry.name, entry.parameter),
                "pairs": _has_pairs(rules),
            }
        )
    return {"games": found}


def value(game: str, position: str = "", misere: bool = False) -> dict:
    """SG value, outcome, winning moves and the reason: ``grundy value --json``.

    Examples
    --------
    >>> report = value("nim", "3 4 5")
    >>> report["grundy"], report["winning_moves_text"]
    (2, [{'position': '1 4 5', 'move': 'heap 1: 3 -> 1'}])
    """
    rules = _game(game)
    if isinstance(rules, PartizanGame):
        return partizan_value(game, position, misere)
    rules = _impartial(game, "value")
    return value_report(game, rules, _position(rules, position), misere)


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
    rules = _game(game)
    if not isinstance(rules, PartizanGame):
        raise InvalidGameError(f"{game} is not a partizan game; use /api/value")
    if misere:
        raise InvalidGameError(
            f"{game} is a partizan game: misère play is for impartial games here"
        )
    board, mover = _board(game, rules, position)
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
                    **_option(rules, board, option),
                    "value": str(after),
                    "wins": after >= ZERO if player == "Left" else after <= ZERO,
                }
            )
        report[f"{player.lower()}_moves"] = listed
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
    rules = _impartial(game, "remoteness")
    start = _position(rules, position)
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
    rules, start = _played(game, position)
    if isinstance(rules, ImpartialGame):
        return loopy_report(game, rules, start)
    assert isinstance(rules, TwoPlayerGame)
    began = time.perf_counter()
    solution = _solved(game, start)  # from `start`, so the counts are the CLI's
    return solve_report(game, rules, start, solution, time.perf_counter() - began)


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
    rules, start = _played(game, position)
    limit = LIMITS["max_options"]
    found = []
    if isinstance(rules, TwoPlayerGame):
        solution = _solution(game, start)
        moves = list(islice(rules.moves(start), limit + 1))
        for option in moves[:limit]:
            found.append(
                {
                    **_option(rules, start, option),
                    "value": value_for_mover(solution, start, option).value,
                    "remoteness": solution.remoteness(option),
                }
            )
    else:
        moves = list(islice(iter_options(rules, start), limit + 1))
        for option in moves[:limit]:
            found.append(
                {
                    **_option(rules, start, option),
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


def _option(rules: Game[Any], before: Any, after: Any) -> dict[str, Any]:
    return {
        "position": rules.position_to_json(after),
        "text": rules.format_position(after),
        "move": rules.describe_move(before, after),
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
    rules, start = _played(game, position)
    landed = read_move(rules, start, _checked_text("the move", after).split())
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
    rules, start = _played(game, position)
    chosen, winning = None, False
    if isinstance(rules, TwoPlayerGame):
        solution = _solution(game, start)
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
        _checked_text("the game name", game),
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
    rules = _impartial(game, "graph")
    start = _position(rules, position)
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


def _has_pairs(rules: Game[Any]) -> bool:
    """Are the positions of `rules` pairs (a, b) of any two heap sizes, so a 2-D table
    of them makes sense? Wythoff's game and two heaps of a heap game are; a row of coins
    (no coin twice, sorted) or Fibonacci Nim (a limit no larger than the heap) are not."""
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
    rules = _impartial(game, "table2d")
    if not _has_pairs(rules):
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
                position = _position(rules, f"{a} {b}")
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


def pattern(game: str, dims: int = 1, upto: int | None = None, at: str = "") -> dict:
    """Find the pattern (找规律): formulas for the SG values of single heaps n (`dims` 1)
    or of pairs (a, b) (`dims` 2), checked against the rules, as ``grundy pattern --json``;
    `at` (comma-separated indices, any size) adds the best pattern's value there.

    The search is bounded by the server: at most ``LIMITS["max_pattern_upto"]`` indices
    (``"max_pattern_upto2d"`` along each side of pairs), ``"pattern_seconds"`` for the
    table and the expression search, ``"max_pattern_candidates"`` expressions and
    ``"max_pattern_options"`` options in each mex check; past them it reports what it
    searched (``searched``, ``gave_up``). A worker keeps its last searches, so asking
    for another `at` answers at once.

    Examples
    --------
    >>> report = pattern("bash:3", upto=40, at="1000000000000000000001")
    >>> report["patterns"][0]["formula"], report["patterns"][0]["status"]
    ('n % 4', 'proved')
    >>> report["at"]
    {'indices': ['1000000000000000000001'], 'value': 1, 'conjectural': False}
    >>> pattern("nim", dims=3)
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: dims 3 is not 1 (heaps n) or 2 (pairs a, b)
    """
    if dims not in PATTERN_UPTO:
        raise InvalidPositionError(f"dims {dims} is not 1 (heaps n) or 2 (pairs a, b)")
    limit = LIMITS["max_pattern_upto" if dims == 1 else "max_pattern_upto2d"]
    upto = PATTERN_UPTO[dims] if upto is None else upto
    if not 2 <= upto <= limit:
        raise InvalidPositionError(
            f"upto {upto:,} is not from 2 to this server's {limit} for dims {dims}"
        )
    indices = _indices(at, dims)
    _impartial(game, "pattern")  # the game's name checked, in this API's words
    found = _pattern_search(game, dims, upto)
    report: dict[str, Any] = {**found.to_json(), "game": game}
    if indices:
        report["at"] = pattern_answer(found, indices)
    return report


def _indices(at: str, dims: int) -> list[int]:
    """The indices of `at` ("1000000000000", "3,5"): one per variable, none negative."""
    if not _checked_text("at", at).strip():
        return []
    words = at.split(",")
    if len(words) != dims:
        names = "n" if dims == 1 else "a, b"
        raise InvalidPositionError(
            f"at needs {dims} {'indices' if dims > 1 else 'index'} ({names}), "
            f"got {len(words)}: {at!r}"
        )
    return [
        parse_int(word, "index", signed=False, expected="a whole number (0, 1, 2...)")
        for word in words
    ]


def _exact(n: int) -> int | str:
    """An integer for JSON: beyond 2^53 (where a double rounds) as its decimal digits."""
    return n if abs(n) < 2**53 else int_text(n)


@functools.lru_cache(maxsize=4)
def _pattern_search(game: str, dims: int, upto: int) -> PatternReport:
    # Kept, so the page's next question (a value `at` some n) needs no new search. A
    # fresh game (its memo is the search's alone) within the server's position limit.
    rules = pattern_game(game, files=False).limited_to(LIMITS["max_positions"])
    return find_patterns(
        rules,
        dims=dims,
        upto=upto,
        seconds=LIMITS["pattern_seconds"],
        max_candidates=LIMITS["max_pattern_candidates"],
        max_options=LIMITS["max_pattern_options"],
    )


def warm_up() -> None:
    """Compile the numba kernels a first request would otherwise wait for."""
    table("0.77", 100)
    solve("tictactoe")
    value("nim", "3 4 5")
    value("domineering", "2x3")  # imports the partizan theory
