"""The answers of ``grundy table``: single heaps' values, misère outcomes or genus."""

from __future__ import annotations

from typing import Any

from .. import heaps
from ..core.errors import InvalidGameError, InvalidPositionError, PositionLimitError
from ..games import HeapGame
from .game_names import heap_code, impartial_game

__all__ = ["NEEDS_CODE", "table_report", "genus_report"]

NEEDS_CODE = (
    "--plot, --certify and --checkpoint need a take-and-break code (octal, "
    "hexadecimal, grundy, subtraction:S with S up to 4,096, allbut:S) in normal play"
)


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
