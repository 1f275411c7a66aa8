"""The answers of ``grundy pattern``: the formulas found for a game's family, and their values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.errors import InvalidPositionError
from ..games import CoinTurningGame
from ..impartial.game import ImpartialGame
from .game_names import impartial_game

__all__ = ["pattern_game", "pattern_report", "pattern_answer"]


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
