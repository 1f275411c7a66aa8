"""The command line's partizan side: ``grundy cgt EXPRESSION`` and ``grundy value`` for a
partizan game (Domineering, Clobber, Toads and Frogs, Hackenbush...), printed from
:mod:`grundy.app.partizan_reports`. The commands import it only when they meet a partizan
game, so that the other commands never load :mod:`grundy.partizan`."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.markup import escape

from ..app.partizan_reports import expression_report, outcome_report, position_report
from ..app.value_reports import MOVES_DESCRIBED
from ..core.errors import InvalidGameError
from ..partizan import PartizanGame, parse
from ..partizan.two_player import PLAYERS, PartizanPlay

__all__ = ["show_expression", "show_position", "show_outcome", "two_player"]


def show_expression(
    console: Console,
    expression: str,
    *,
    cool_by: str | None,
    heat_by: str | None,
    plot: str | None,
    as_json: bool,
) -> None:
    """``grundy cgt``: evaluate, print (or JSON), and draw the thermograph if asked."""
    report = expression_report(expression, cool_by=cool_by, heat_by=heat_by)
    if plot is not None:
        _plot(report["value"], plot, report["expression"])
    if as_json:
        print(json.dumps(report))
        return
    console.print(f"[bold]{escape(report['expression'])}[/]")
    if report.get("kind") == "loopy":
        _print_loopy(console, report)
        return
    _print_value(console, report)
    if plot is not None:
        console.print(f"  plot           {plot}", markup=False)


def show_position(
    console: Console,
    game: str,
    rules: PartizanGame[Any],
    tokens: list[str],
    *,
    every_move: bool,
    plot: str | None,
    as_json: bool,
) -> None:
    """``grundy value GAME POSITION`` for a partizan game (a last word ``Left`` or
    ``Right``, who is to move, is read and dropped: the value does not depend on it)."""
    words = list(tokens)
    if len(words) > 1 and words[-1].capitalize() in PLAYERS:
        words.pop()
    start = rules.parse_position(words)
    report = position_report(game, rules, start, limit=None if every_move else MOVES_DESCRIBED)
    if plot is not None:
        _plot(report["value"], plot, f"{game} {report['position_text']}")
    if as_json:
        print(json.dumps(report))
        return
    console.print(f"[bold]{escape(game)} {escape(report['position_text'])}[/]")
    loopy = report.get("loopy", False)
    if loopy:  # a loopy game (Fox and Geese): its loopy value, draws in its outcome
        _print_loopy(console, report)
    else:
        _print_value(console, report)
    if report.get("components"):
        parts = " + ".join(f"({c['value']})" for c in report["components"])
        console.print(f"  components     {parts}", markup=False)
    for player in ("left", "right"):
        moves, count = report[f"{player}_wins"], report[f"{player}_wins_count"]
        label = f"  {player.capitalize()} wins by".ljust(17)
        if not moves:
            does = report[f"{player}_moving_first"] if loopy else "loses"
            console.print(f"{label}no move (moving first, {player.capitalize()} {does})")
            continue
        for i, move in enumerate(moves):
            head = label if i == 0 else " " * len(label)
            console.print(f"{head}{move['move']}  -> {move['position']}", markup=False)
        if count > len(moves):
            console.print(f"{' ' * len(label)}... {count - len(moves):,} more (--all)")
    done = "explored" if loopy else "valued"
    console.print(f"  positions      {report['positions']:,} {done}", markup=False)


def show_outcome(
    console: Console, game: str, rules: PartizanGame[Any], tokens: list[str], *, as_json: bool
) -> None:
    """``grundy value GAME POSITION --outcome``: only who wins, by the outcome search (a
    last word ``Left`` or ``Right`` is read and dropped: both are answered)."""
    words = list(tokens)
    if len(words) > 1 and words[-1].capitalize() in PLAYERS:
        words.pop()
    report = outcome_report(game, rules, rules.parse_position(words))
    if as_json:
        print(json.dumps(report))
        return
    console.print(f"[bold]{escape(game)} {escape(report['position_text'])}[/]")
    console.print(f"  outcome        {report['outcome']} ({report['outcome_text']})", markup=False)
    if report.get("loopy"):  # draws too: read from the game's graph
        for player in ("left", "right"):
            label = f"{player.capitalize()} first"
            console.print(f"  {label:<14} {report[f'{player}_moving_first']}", markup=False)
        console.print(f"  positions      {report['positions']:,} explored", markup=False)
        return
    for player in ("left", "right"):
        result = "wins" if report[f"{player}_first_wins"] else "loses"
        label = f"{player.capitalize()} first"
        console.print(f"  {label:<14} {result}", markup=False)
    console.print(
        f"  positions      {report['positions']:,} searched; regions: "
        f"{report['regions_settled']:,} settled by value, {report['regions_searched']:,} "
        "searched",
        markup=False,
    )


def _print_value(console: Console, report: dict[str, Any]) -> None:
    lines = [
        ("value", report["value"]),
        ("outcome", f"{report['outcome']} ({report['outcome_text']})"),
        ("stops", f"left {report['left_stop']}, right {report['right_stop']}"),
        ("mean", report["mean"]),
        ("temperature", report["temperature"]),
        ("thermograph", report["thermograph"]["text"]),
    ]
    if report["reduced_canonical_form"] != report["value"]:
        lines.append(("reduced", report["reduced_canonical_form"]))
    if report["atomic_weight"] is not None:
        lines.append(("atomic weight", report["atomic_weight"]))
    lines.append(("birthday", f"{report['birthday']:,}"))
    for label, text in lines:
        console.print(f"  {label:<14} {text}", markup=False)


def _print_loopy(console: Console, report: dict[str, Any]) -> None:
    lines = [
        ("value", report["value"]),
        ("outcome", f"{report['outcome']} ({report['outcome_text']})"),
    ]
    if report["stopper"]:
        lines += [
            ("stops", f"left {report['left_stop']}, right {report['right_stop']}"),
            ("degree", report["degree"] or f"unknown: {report['degree_unknown']}"),
            ("followers", f"{report['followers']:,}"),
        ]
    else:
        lines += [("onside", report["onside"]), ("offside", report["offside"])]
    for label, text in lines:
        console.print(f"  {label:<14} {text}", markup=False)


def _plot(value: str, path: str, title: str) -> None:
    from ..partizan.thermograph_plot import plot_thermograph

    if not path.strip():
        raise InvalidGameError("--plot needs a file name, e.g. thermograph.png")
    plot_thermograph(parse(value), path, title=title)


def two_player(rules: PartizanGame[Any], tokens: list[str] | None) -> PartizanPlay:
    """The position of `tokens` (its last word may be ``Left`` or ``Right``: who moves
    first, Left by default) played out as a two-player game, for ``solve`` and ``play``."""
    words = list(tokens or [])
    first = "Left"
    if words and words[-1].capitalize() in PLAYERS:
        first = words.pop().capitalize()
    if not words:
        raise InvalidGameError(f"{rules!r} needs a position to play, e.g. a board")
    return PartizanPlay(rules, rules.parse_position(words), first)  # type: ignore[arg-type]
