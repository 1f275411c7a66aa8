"""The answers of ``grundy value``, ``solve`` and ``table`` as JSON objects.

The CLI prints these objects (``--json``) or renders them as text, and the web API returns
them, so both speak the same keys.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Hashable, Sequence
from typing import Any

from .. import heaps
from ..core.errors import DatabaseError, InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.move import Move
from ..core.protocol import Game
from ..core.sums import Sum
from ..games import CoinTurningGame, HeapGame, Nim
from ..impartial import loopy
from ..impartial.game import ImpartialGame
from ..twoplayer import Solution, TwoPlayerGame
from . import registry

__all__ = [
    "described_moves",
    "change_to_json",
    "MOVES_LISTED",
    "MOVES_DESCRIBED",
    "PARTS_LISTED",
    "impartial_game",
    "value_report",
    "loopy_report",
    "solve_report",
    "table_report",
    "genus_report",
    "heap_code",
    "NEEDS_CODE",
    "pattern_game",
    "pattern_report",
    "pattern_answer",
    "misere_report",
    "load_quotient",
]

Position = Hashable

NEEDS_CODE = (
    "--plot, --certify and --checkpoint need a take-and-break code (octal, "
    "hexadecimal, grundy, subtraction:S with S up to 4,096, allbut:S) in normal play"
)


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


def described_moves(rules: Game[Any], before: Any, moves: Sequence[Any]) -> list[dict[str, str]]:
    """Each move as ``{"position": text after it, "move": what it does}``.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> described_moves(Nim(), (3, 4, 5), [(1, 4, 5)])
    [{'position': '1 4 5', 'move': 'heap 1: 3 -> 1'}]
    """
    return [
        {"position": rules.format_position(m), "move": rules.describe_move(before, m)}
        for m in moves
    ]


#: Winning moves a report lists unless asked for all (``grundy value --all``).
MOVES_LISTED = 100
#: Of those, the moves also described in words with the whole position after them (each
#: description is as long as the position: 20 of them for a sum of 10^5 heaps is plenty).
MOVES_DESCRIBED = 20
#: Parts of a position whose SG values a value report lists, at most.
PARTS_LISTED = 16


def _winning_changes_or_one(
    rules: ImpartialGame[Any], position: Any, misere: bool
) -> tuple[list[Move], str]:
    """Every winning move; or, when there are too many to list, the game's one
    constructive winning move (if it has one) and the reason the list is incomplete."""
    try:
        return rules.winning_changes(position, misere=misere), ""
    except PositionLimitError as exc:
        move = None
        if not misere:  # the game's constructive move (Moore, Fibonacci Nim), if any
            with contextlib.suppress(PositionLimitError):
                move = rules.winning_move(position)
        return ([] if move is None else [Move(None, position, move)]), str(exc)


def change_to_json(rules: Game[Any], move: Move) -> dict[str, Any]:
    """A move as JSON: ``{"part": i or None, "from": ..., "to": ...}`` (see :class:`Move`).

    Examples
    --------
    >>> from grundy.games import Nim
    >>> change_to_json(Nim(), Nim().winning_changes((3, 4, 5))[0])
    {'part': 0, 'from': 3, 'to': 1}
    """
    return {
        "part": move.part,
        "from": rules.position_to_json(move.before),
        "to": rules.position_to_json(move.after),
    }


def value_report(
    game: str,
    rules: ImpartialGame[Any],
    start: Any,
    misere: bool = False,
    *,
    limit: int | None = MOVES_LISTED,
    described: int | None = MOVES_DESCRIBED,
    remoteness: bool = False,
    quotient: Any = None,
) -> dict[str, Any]:
    """SG value, outcome, winning moves and the reason, as ``grundy value --json`` prints.

    ``grundy`` is None in misère play, and when only the outcome has a closed form
    (``grundy_unknown`` then says why). Winning moves are changes (:func:`change_to_json`:
    which part, from what, to what), at most `limit` of them (None: all), the first
    `described` of those also in words (``winning_moves_text``);
    ``winning_moves_count`` counts them all (None when they are too many to list), and
    ``winning_moves_complete`` is False when some are not listed
    (``winning_moves_unlisted`` says why). ``parts``: for a position of 2 to
    `PARTS_LISTED` parts in normal play, each part and its SG value (the XOR the page
    draws bit by bit); else None. With `remoteness`, ``remoteness`` is the
    number of moves left with perfect play (:meth:`ImpartialGame.remoteness`; None,
    with ``remoteness_unknown`` saying why, when its search is too big).

    In misère play ``misere_method`` says how the outcome was found: ``"quotient-file"``
    (`quotient`, a :class:`~grundy.misere.MisereQuotient` of this game read by
    :func:`load_quotient`, holds every heap of the position), ``"quotient"`` (the heap
    code's quotient, computed within `QUOTIENT_WORK`), ``"game"`` (the game's own misère
    rule: Nim, Moore's Nim) or ``"search"`` (a search of the position). A heap past
    `quotient` (no proved period) is answered as without it, the reason saying so.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> report = value_report("nim", Nim(), (3, 4, 5))
    >>> report["grundy"], report["outcome"], report["reason"]
    (2, 'N', 'XOR of the heaps: 3 ⊕ 4 ⊕ 5 = 2')
    >>> report["winning_moves"], report["winning_moves_count"]
    ([{'part': 0, 'from': 3, 'to': 1}], 1)
    >>> report["parts"]
    [{'text': '3', 'grundy': 3}, {'text': '4', 'grundy': 4}, {'text': '5', 'grundy': 5}]
    """
    method, note = None, ""
    if misere:
        quotient, method, note = _misere_method(game, rules, start, quotient)
    else:
        quotient = None
    if quotient is not None:  # misère play through the quotient: linear in the heaps
        outcome = quotient.outcome(start)
        try:
            moves, moves_unlisted = quotient.winning_moves(start), ""
        except InvalidPositionError as exc:  # a heap's options are too many to list
            moves, moves_unlisted = [], str(exc)
    else:
        outcome = rules.outcome(start, misere=misere)
        moves, moves_unlisted = _winning_changes_or_one(rules, start, misere)
    count = None if moves_unlisted else len(moves)
    if limit is not None and len(moves) > limit:
        moves = moves[:limit]
        moves_unlisted = f"the first {limit:,} of {count:,} winning moves are listed"
    moves_left, moves_left_unknown = None, ""
    if remoteness:
        try:
            moves_left = rules.remoteness(start, misere=misere)
        except PositionLimitError as exc:
            moves_left_unknown = str(exc)
    sg, sg_unknown = None, ""
    if not misere:
        try:
            sg = rules.grundy(start)
        except PositionLimitError as exc:  # the outcome has a closed form, the SG value not
            sg_unknown = str(exc)
    return {
        "game": game,
        "position": rules.position_to_json(start),
        "misere": misere,
        "grundy": sg,
        "outcome": outcome.value,
        "winning_moves": [change_to_json(rules, m) for m in moves],
        "winning_moves_count": count,
        "winning_moves_complete": not moves_unlisted,
        "position_text": rules.format_position(start),
        "reason": note
        + (
            _quotient_reason(quotient, start, stored=method == "quotient-file")
            if quotient is not None
            else ""
            if sg_unknown
            else rules.explain(start, misere=misere)
        ),
        "winning_moves_text": described_moves(
            rules, start, [rules.apply(start, m) for m in moves[:described]]
        ),
        "grundy_unknown": sg_unknown or None,
        "winning_moves_unlisted": moves_unlisted or None,
        "remoteness": moves_left,
        "remoteness_unknown": moves_left_unknown or None,
        "parts": None if sg is None else _part_values(rules, start),
        # Misère play: "quotient-file", "quotient", "game" (its own rule) or "search".
        "misere_method": method,
    }


#: The work a misère quotient may take when ``value --misere`` asks for one (about 2 s);
#: past it the whole position is searched instead.
QUOTIENT_WORK = 3_000_000


def _misere_method(
    game: str, rules: ImpartialGame[Any], start: Any, stored: Any
) -> tuple[Any, str, str]:
    """The quotient that answers `start` in misère play (or None), ``misere_method``, and
    a note that starts the reason when `stored` does not hold a heap of `start`."""
    note = ""
    if stored is not None:
        heaps = _heaps_of(start)
        largest = None if heaps is None else max(heaps, default=0)
        if largest is not None and (stored.periodicity is not None or largest <= stored.upto):
            return stored, "quotient-file", ""
        if largest is not None:
            note = (
                f"heap {largest} is past the quotient file (heaps ≤ {stored.upto}, "
                "no proved period), so: "
            )
    quotient = _misere_quotient_for(game, rules, start)
    if quotient is not None:
        return quotient, "quotient", note
    return None, "game" if rules.defines("explain_misere") else "search", note


def _heaps_of(start: Any) -> tuple[int, ...] | None:
    """The heaps of a position that is a sum of heaps (an int, a tuple, a Sum), or None."""
    heaps = start.parts if isinstance(start, Sum) else start
    heaps = (heaps,) if isinstance(heaps, int) else heaps
    if not isinstance(heaps, tuple) or not all(isinstance(h, int) for h in heaps):
        return None
    return heaps


def _misere_quotient_for(game: str, rules: ImpartialGame[Any], start: Any) -> Any:
    """The misère quotient that answers `start` (a sum of heaps of a heap code), or None.

    Nim keeps its own closed form; a code whose quotient outgrows `QUOTIENT_WORK` is
    searched instead (``misere_method`` says which).
    """
    if not isinstance(rules, HeapGame) or isinstance(rules, Nim):
        return None
    heaps = _heaps_of(start)
    if heaps is None:
        return None
    try:
        code = heap_code(game)
    except InvalidGameError:
        return None
    if code is None:
        return None
    return _quotient(code.text, max((*heaps, 1)))


def load_quotient(game: str, rules: ImpartialGame[Any], path: str) -> Any:
    """The misère quotient in file `path` (``grundy misere CODE --save FILE``), checked
    to be the quotient of `game`, whose rules are `rules`.

    Parameters
    ----------
    game : str
        The game's name as typed: ``kayles``, ``0.77``, ``dawson``, ``nim``...
    rules : ImpartialGame
        Its rules (:func:`impartial_game`).
    path : str
        The file, re-verified as :meth:`grundy.misere.MisereQuotient.load` does.

    Returns
    -------
    MisereQuotient
        For :func:`value_report`'s `quotient`.

    Raises
    ------
    DatabaseError
        The file is missing, damaged, does not verify, or is another game's quotient.
    InvalidGameError
        `game` is not Nim or a take-and-break code, so it has no misère quotient.

    Examples
    --------
    >>> import os, tempfile
    >>> from grundy.misere import misere_quotient
    >>> path = os.path.join(tempfile.mkdtemp(), "dawson.json")
    >>> misere_quotient("0.07", 8).save(path)
    >>> rules = impartial_game("dawson", "value")
    >>> stored = load_quotient("dawson", rules, path)
    >>> report = value_report("dawson", rules, (3, 4), True, quotient=stored)
    >>> report["misere_method"], report["outcome"]
    ('quotient-file', 'N')
    >>> load_quotient("kayles", impartial_game("kayles", "value"), path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.DatabaseError: misère quotient file '...' is of 0.07, not of kayles (0.77)
    """
    from ..misere import MisereQuotient

    code = "nim" if isinstance(rules, Nim) else getattr(heap_code(game), "text", None)
    if code is None:
        raise InvalidGameError(f"{game}: misère quotients need nim or a take-and-break code")
    quotient = MisereQuotient.load(path)
    if quotient.code != code:
        named = game if code == game else f"{game} ({code})"
        raise DatabaseError(f"misère quotient file {path!r} is of {quotient.code}, not of {named}")
    return quotient


@functools.lru_cache(maxsize=8)
def _quotient(code: str, upto: int) -> Any:
    from ..misere import misere_quotient

    try:
        quotient = misere_quotient(code, upto, max_work=QUOTIENT_WORK)
    except PositionLimitError:
        return None
    return quotient if quotient.periodicity is not None or quotient.upto >= upto else None


def _quotient_reason(quotient: Any, start: Any, *, stored: bool = False) -> str:
    """The misère reason: the element the heaps make, and whether it is in the P-portion."""
    element = quotient.element(start)
    word = quotient.word(element)
    inside = "in" if word in quotient.p_words else "not in"
    heaps = "every heap" if quotient.periodicity is not None else f"heaps ≤ {quotient.upto}"
    return (
        f"{'stored ' * stored}misère quotient ({heaps}, order {quotient.order}): "
        f"the heaps make {word}, "
        f"{inside} the P-portion {{{', '.join(quotient.p_words)}}}"
    )


def _part_values(rules: ImpartialGame[Any], start: Any) -> list[dict[str, Any]] | None:
    parts = rules.parts(start)
    if not parts or not 2 <= len(parts) <= PARTS_LISTED:  # a sum of a few parts
        return None
    return [{"text": rules.format_position(p), "grundy": rules.grundy(p)} for p in parts]


def loopy_report(game: str, rules: ImpartialGame[Any], start: Any) -> dict[str, Any]:
    """Generalised SG value (finite or ∞), outcome with draws, remoteness, winning moves.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> report = loopy_report("nim", Nim(), (1, 2))
    >>> report["grundy"], report["outcome"], report["winning_moves"]
    (3, 'N', [[1, 1]])
    """
    solution = loopy.solve(rules, start)
    value, moves = solution.value(start), solution.winning_moves(start)
    return {
        "game": game,
        "position": rules.position_to_json(start),
        "misere": False,
        "loopy": True,
        "grundy": value.to_json(),
        "outcome": value.outcome.value,
        "remoteness": solution.remoteness(start) if start in solution else None,  # sums
        "winning_moves": [rules.position_to_json(m) for m in moves],
        "positions": len(solution),
        "position_text": rules.format_position(start),
        "value_text": str(value),
        "winning_moves_text": described_moves(rules, start, moves),
    }


def solve_report(
    game: str, rules: TwoPlayerGame, start: Position, solution: Solution, seconds: float
) -> dict:
    """Value for the player to move, remoteness, best moves and counts of a solved game.

    Examples
    --------
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import solve
    >>> game = TicTacToe()
    >>> report = solve_report("tictactoe", game, game.start(), solve(game), 0.0)
    >>> report["value"], report["remoteness"], report["positions"]
    ('tie', 9, 765)
    """
    moves = solution.best_moves(start)
    return {
        "game": game,
        "position": rules.position_to_json(start),
        "value": solution.value(start).value,
        "remoteness": solution.remoteness(start),
        "best_moves": [rules.position_to_json(m) for m in moves],
        "positions": len(solution),
        "symmetry": solution.symmetry,
        "counts": {v.value: c for v, c in solution.counts().items()},
        "seconds": round(seconds, 3),
        "position_text": rules.format_position(start),
        "best_moves_text": described_moves(rules, start, moves),
    }


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


def table_report(
    game: str,
    upto: int,
    *,
    misere: bool = False,
    certify: bool = False,
    max_positions: int,
    files: bool = True,
    **options: Any,
) -> tuple[dict, heaps.HeapSequence | None]:
    """SG values of single heaps 0..`upto`, as ``grundy table --json`` prints, and the
    computed sequence (None for games searched position by position).

    Take-and-break codes get the compiled kernels and the period (`options` go to
    :func:`grundy.heaps.compute`: kernel, checkpoint, progress); other heap games are
    searched; misère play lists outcomes. ``files=False`` refuses games that read files.

    Examples
    --------
    >>> report, found = table_report("0.07", 20, max_positions=1000)
    >>> report["values"][:8], report["period"], report["certified"]
    ([0, 0, 1, 1, 2, 0, 3, 1], None, False)
    >>> table_report("nim", 4, max_positions=1000)[0]["values"]
    [0, 1, 2, 3, 4]
    """
    if upto < 0:
        raise InvalidPositionError(f"--upto {upto} is negative")
    if upto >= max_positions:
        raise InvalidPositionError(
            f"--upto {upto:,} asks for more than --max-positions {max_positions:,} values"
        )
    code = None if misere else heap_code(game, files=files)
    if code is None:
        if certify or options.get("checkpoint"):
            raise InvalidGameError(f"{game}: {NEEDS_CODE}")
        return _table_by_search(game, upto, misere, max_positions, files), None
    options["max_values"] = max_positions
    found = heaps.find_period(code, **options) if certify else heaps.compute(code, upto, **options)
    if found.upto < upto:
        found = heaps.compute(code, upto, **options)
    data = found.to_json()
    data["values"] = data["values"][: upto + 1]
    return {"game": game, "misere": False, **data, "upto": upto}, found


def _table_by_search(game: str, upto: int, misere: bool, max_positions: int, files: bool) -> dict:
    rules = impartial_game(game, "table", files=files).limited_to(max_positions)
    if not isinstance(rules, HeapGame):
        raise InvalidGameError(
            f"{game}: 'table' lists the values of single heaps, and positions of {game} are "
            "not heaps; use 'grundy value' for its positions"
        )
    positions = [rules.check_position(n) for n in range(upto + 1)]
    if misere:  # a search of sums of heaps: it may stop short, with what it found
        outcomes: list[str] = []
        report: dict[str, Any] = {"game": game, "misere": True}
        for n, heap in enumerate(positions):
            try:
                outcomes.append(rules.outcome(heap, misere=True).value)
            except PositionLimitError:
                if not outcomes:
                    raise
                report["stopped"] = (
                    f"the misère search of heap {n} needs more than {max_positions:,} "
                    f"positions: outcomes stop at n = {n - 1}"
                )
                break
        return {**report, "upto": len(outcomes) - 1, "outcomes": outcomes}
    return {"game": game, "misere": False, "upto": upto, "values": rules.table(positions)}


def genus_report(game: str, upto: int, *, max_positions: int, files: bool = True) -> dict:
    """Conway's genus of single heaps 0..`upto`, as ``grundy table --genus --json`` prints.

    A search of sums of heaps, like misère outcomes: past `max_positions` it stops
    short, with what it found (``"stopped"``).

    Examples
    --------
    >>> genus_report("0.77", 7, max_positions=1000)["genus"]
    ['0', '1', '2', '3', '1', '4^146', '3', '2^2']
    """
    from ..misere.genus import genus

    if upto < 0:
        raise InvalidPositionError(f"--upto {upto} is negative")
    rules = impartial_game(game, "table", files=files).limited_to(max_positions)
    if not isinstance(rules, HeapGame):
        raise InvalidGameError(
            f"{game}: 'table --genus' lists the genus of single heaps, and positions of {game} "
            "are not heaps"
        )
    found: list[str] = []
    report: dict[str, Any] = {"game": game}
    for n in range(upto + 1):
        try:
            found.append(str(genus(rules, rules.check_position(n))))
        except PositionLimitError:
            if not found:
                raise
            report["stopped"] = (
                f"the genus of heap {n} needs more than {max_positions:,} positions: "
                f"genus stops at n = {n - 1}"
            )
            break
    return {**report, "upto": len(found) - 1, "genus": found}


def pattern_game(spec: str, *, files: bool = True) -> ImpartialGame[Any]:
    """The game whose family ``grundy pattern`` searches: a coin game's single coins.

    A coin-turning game is searched coin by coin (its
    :meth:`~grundy.games.CoinTurningGame.single_coin_game`): position n is one heads
    coin, whose options are sums of coins.

    Examples
    --------
    >>> pattern_game("ruler")
    Ruler().single_coin_game()
    """
    rules = impartial_game(spec, "pattern", files=files)
    if isinstance(rules, CoinTurningGame):
        return rules.single_coin_game()
    return rules


def pattern_report(
    spec: str,
    *,
    dims: int = 1,
    upto: int | None = None,
    at: Sequence[int] = (),
    max_size: int = 7,
    seconds: float | None = None,
    over: range | None = None,
    max_candidates: int = 200_000,
    max_options: int = 1_000_000,
    max_positions: int | None = None,
    files: bool = True,
    start: Sequence[int] | None = None,
) -> tuple[dict[str, Any], Any]:
    """The answer of ``grundy pattern``: the report as JSON, and the report itself.

    With `at`, the best pattern's value at those indices is added (``"at"``), with
    whether it is conjectural. With `over`, the games ``spec:k`` (or `spec` with
    ``{k}`` replaced) for k in `over` are searched together for a formula in k and n.
    `max_candidates` and `max_options` bound the expression search and each mex check;
    `max_positions` the searches of the game (the web lowers all three); `start` the
    first index of each variable (default 0, or 1 where 0 is no position).

    Examples
    --------
    >>> data, _ = pattern_report("bash:3", upto=40, at=[10**18 + 1])
    >>> data["patterns"][0]["formula"], data["at"]
    ('n % 4', {'indices': ['1000000000000000001'], 'value': 1, 'conjectural': False})
    """
    from ..patterns import find_patterns

    def game(name: str) -> ImpartialGame[Any]:
        rules = pattern_game(name, files=files)
        return rules if max_positions is None else rules.limited_to(max_positions)

    if over is not None:
        if dims != 1:
            raise InvalidPositionError("a parameter range searches one-index families only")
        if not 2 <= len(over) <= 64:
            raise InvalidPositionError(f"a parameter range needs 2 to 64 values, got {len(over)}")
        from ..patterns import find_parameter_rule

        report = find_parameter_rule(
            lambda k: game(spec.replace("{k}", str(k)) if "{k}" in spec else f"{spec}:{k}"),
            over,
            upto=upto or 64,
            max_size=max_size,
            seconds=seconds,
            max_candidates=max_candidates,
            max_options=max_options,
        )
    else:
        report = find_patterns(
            game(spec),
            dims=dims,
            upto=upto,
            start=start,
            max_size=max_size,
            seconds=seconds,
            max_candidates=max_candidates,
            max_options=max_options,
        )
    data: dict[str, Any] = report.to_json()
    data["game"] = spec
    if at:
        data["at"] = pattern_answer(report, at)
    return data, report


def pattern_answer(report: Any, at: Sequence[int]) -> dict[str, Any]:
    """The best pattern's value at indices `at`, exact (a string past 2^53).

    Examples
    --------
    >>> from grundy.patterns import find_patterns
    >>> from grundy.games import Nim
    >>> pattern_answer(find_patterns(Nim(), dims=2, upto=8), [2**60, 1])
    {'indices': ['1152921504606846976', 1], 'value': '1152921504606846977', 'conjectural': False}
    """
    dims = len(report.region.variables)
    if len(at) != dims:
        raise InvalidPositionError(
            f"an answer needs {dims} index{'es' if dims > 1 else ''}, got {len(at)}"
        )
    best = report.best
    if best is None:
        raise InvalidPositionError("no pattern was found, so there is no answer by a pattern")
    value = best(*at)
    return {
        "indices": [x if abs(x) < 2**53 else str(x) for x in at],
        "value": value if value < 2**53 else str(value),
        "conjectural": best.conjectural,
    }


def misere_report(code: str, upto: int, *, save: str | None = None) -> tuple[dict[str, Any], Any]:
    """The answer of ``grundy misere``: a heap game's misère quotient as JSON, and itself.

    Examples
    --------
    >>> data, _ = misere_report("nim", 3)
    >>> data["order"], data["presentation"], data["p_portion"], data["tame"]
    (6, '<a, b | a^2 = 1, b^3 = b>', ['a', 'b^2'], True)
    """
    from ..misere import misere_quotient

    if not isinstance(upto, int) or upto < 1:
        raise InvalidPositionError(f"upto must be a positive integer, got {upto!r}")
    quotient = misere_quotient(code, upto)
    period = quotient.periodicity
    data = {
        "game": code,
        "upto": quotient.upto,
        "order": quotient.order,
        "presentation": quotient.presentation,
        "p_portion": list(quotient.p_words),
        "tame": quotient.is_tame,
        "pretending": list(quotient.pretending_words),
        "period": None
        if period is None
        else {"preperiod": period.preperiod, "period": period.period},
    }
    if save:
        quotient.save(save)
        data["saved"] = save
    return data, quotient
