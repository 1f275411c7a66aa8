"""The commands about heap games' values: ``table`` (SG values of one heap, their period,
``--genus``), ``misere`` (the misère quotient) and ``pattern`` (find the pattern).

:mod:`grundy.cli` registers the commands on the app, in the order of the help."""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Annotated

import typer
from rich.markup import escape

from .. import heaps
from ..app import registry
from ..app.game_names import heap_code
from ..app.misere_reports import misere_report
from ..app.pattern_reports import pattern_report
from ..app.table_reports import NEEDS_CODE, genus_report, table_report
from ..core.errors import InvalidGameError, InvalidPositionError
from ..core.integers import parse_int, shown
from ..core.solver import DEFAULT_MAX_POSITIONS
from .shared import (
    JsonFlag,
    MaxPositions,
    MisereFlag,
    Progress,
    console,
    err_console,
    interrupted_status,
    print_json,
    reports_errors,
)

__all__ = ["COUNTED_VALUES", "SUMMARY_ROWS", "TABLE_SHOWN", "misere", "pattern", "table"]

#: Values of a table printed one by one; a longer table prints its summary (``--all``:
#: every value).
TABLE_SHOWN = 200
#: Rows of ten values shown at each end of a table's summary.
SUMMARY_ROWS = 2
#: Distinct values a table's summary counts one by one.
COUNTED_VALUES = 16


@reports_errors
def table(
    game: Annotated[
        str,
        typer.Argument(
            metavar="GAME",
            help="Game or code, e.g. 0.77, 4.07, 0.3F, grundy, subtraction:2,3,7, nim.",
        ),
    ],
    upto: Annotated[
        int, typer.Option("--upto", metavar="N", help="Last heap size n of the table.")
    ],
    misere: MisereFlag = False,
    max_positions: MaxPositions = DEFAULT_MAX_POSITIONS,
    as_json: JsonFlag = False,
    all_values: Annotated[
        bool,
        typer.Option(
            "--all",
            help=f"Print every value (a table of more than {TABLE_SHOWN} prints its summary).",
        ),
    ] = False,
    summary: Annotated[
        bool,
        typer.Option(
            "--summary",
            "-q",
            help="Print the summary only: the first and last values, the counts, the period.",
        ),
    ] = False,
    plot: Annotated[
        str | None,
        typer.Option("--plot", metavar="FILE", help="Save a plot of the sequence (PNG, SVG, PDF)."),
    ] = None,
    certify: Annotated[
        bool,
        typer.Option(
            "--certify",
            help="Compute past N until the period is certified (at most --max-positions values).",
        ),
    ] = False,
    kernel: Annotated[
        str,
        typer.Option(
            "--kernel",
            metavar="KERNEL",
            help="auto, sparse (rare values) or plain (mex loop).",
        ),
    ] = "auto",
    checkpoint: Annotated[
        str | None,
        typer.Option(
            "--checkpoint",
            metavar="FILE",
            help="Values file: resumed if present, kept on Ctrl-C.",
        ),
    ] = None,
    progress: Progress = None,
    genus: Annotated[
        bool,
        typer.Option("--genus", help="Conway's genus of each heap (normal and misère values)."),
    ] = False,
) -> None:
    """SG values of single heaps n = 0..N; for take-and-break codes, the period too.

    A table of more than 200 values prints its summary (--all: every value; --json
    always gives them all)."""
    if all_values and summary:
        raise InvalidGameError("--all prints every value and --summary only a summary: pick one")
    if kernel not in heaps.KERNELS:  # refused for every game, code or not
        raise InvalidGameError(f"--kernel {kernel!r} is not one of {', '.join(heaps.KERNELS)}")
    # The registry reads the game's parameters first, so that a bad one is one line
    # (heaps.parse_code reads 'subtraction:S' and 'allbut:S' without the registry's checks).
    registry.find(game)
    if genus:
        if misere or plot or certify or checkpoint:
            raise InvalidGameError(
                "--genus lists genera by search; it takes no --misere, --plot, --certify or "
                "--checkpoint"
            )
        _print_genus(game, upto, max_positions, as_json)
        return
    if plot and (misere or heap_code(game) is None):
        raise InvalidGameError(f"{game}: {NEEDS_CODE}")
    if plot and not os.path.splitext(plot)[1]:
        plot += ".png"  # what matplotlib writes for a name without an extension
    show = sys.stderr.isatty() and upto >= 10**6 if progress is None else progress
    try:
        report, found = table_report(
            game,
            upto,
            misere=misere,
            certify=certify,
            max_positions=max_positions,
            kernel=kernel,
            checkpoint=checkpoint,
            progress=show,
        )
    except KeyboardInterrupt as exc:
        kept = (
            f"the values so far are kept in {checkpoint}; run the same command to resume"
            if checkpoint
            else "use --checkpoint FILE to keep the values of a long run"
        )
        err_console.print(f"interrupted: {kept}", markup=False)
        raise typer.Exit(code=interrupted_status(exc)) from None
    if plot and found is not None:  # a plot needs a code, so the sequence is there
        from ..heaps.plot import plot_sequence  # matplotlib only when a plot is asked for

        plot_sequence(found, plot)
    if as_json:
        print_json(report)
        return
    column = "outcomes" if misere else "values"
    what = "misère outcomes" if misere else "SG values"
    console.print(f"[bold]{escape(game)}[/]  {what} of one heap, n = 0..{report['upto']}")
    values = report[column]
    if summary or (len(values) > TABLE_SHOWN and not all_values):
        _print_summary(values, what="outcomes" if misere else "values")
    else:
        _print_rows(values)
    if found is not None:
        console.print(_describe_period(found), markup=False)
    if report.get("stopped"):
        console.print(f"stopped: {report['stopped']}", markup=False)
    if plot:
        console.print(f"plot saved to {plot}", markup=False)


def _print_genus(game: str, upto: int, max_positions: int, as_json: bool) -> None:
    """Print the genus of heaps 0..upto (``table --genus``), every one."""
    report = genus_report(game, upto, max_positions=max_positions)
    if as_json:
        print_json(report)
        return
    console.print(f"[bold]{escape(game)}[/]  genus of one heap, n = 0..{report['upto']}")
    _print_rows(report["genus"])
    if report.get("stopped"):
        console.print(f"stopped: {report['stopped']}", markup=False)


def _describe_period(found: heaps.HeapSequence) -> str:
    period = found.periodicity
    rare = f"rare values: {found.rare_count:,} (mask {found.mask:#x}); kernel {found.kernel}"
    if period is None:
        return f"no period seen in the {len(found.values):,} values computed; {rare}"
    saltus = f" + saltus {period.saltus}" if period.saltus else ""
    text = f"period {period.period:,}{saltus} from n = {period.preperiod:,}"
    if period.certified:
        text += (
            f", certified: the values agree for {period.preperiod:,} <= n < "
            f"{period.bound:,}, which the periodicity theorem needs"
        )
    elif period.bound:
        text += (
            f", not certified yet: needs values up to {period.bound + period.period - 1:,}"
            " (--certify computes them)"
        )
    else:
        text += ", not certified: no theorem here covers it"
    return f"{text}; {rare}"


def _print_rows(values: list, rows: Sequence[int] | None = None) -> None:
    """Print `values` ten to a row, each row after its first n (only `rows`, if given)."""
    width = max(len(str(v)) for v in values)
    for row in range(0, len(values), 10) if rows is None else rows:
        cells = " ".join(str(v).rjust(width) for v in values[row : row + 10])
        console.print(f"{row:>8}:  {cells}")


def _print_summary(values: list, what: str) -> None:
    """Print a table's summary: its first and last rows, how often each value occurs,
    and how to get every value."""
    starts = range(0, len(values), 10)
    shown = len(starts) > 2 * SUMMARY_ROWS + 1  # else every row fits in the summary
    if shown:
        _print_rows(values, starts[:SUMMARY_ROWS])
        console.print(f"{'...':>8}")
        _print_rows(values, starts[-SUMMARY_ROWS:])
    else:
        _print_rows(values)
    counts = sorted(Counter(values).items())
    if len(counts) <= COUNTED_VALUES:
        each = ", ".join(f"{v} ×{c:,}" for v, c in counts)
        console.print(f"{what}: {each}", markup=False)
    else:
        console.print(
            f"{what}: {len(counts):,} distinct, from {counts[0][0]:,} to {counts[-1][0]:,}",
            markup=False,
        )
    if shown:
        last = len(values) - starts[-SUMMARY_ROWS]
        console.print(
            f"the first {10 * SUMMARY_ROWS} and the last {last} of {len(values):,} {what} are "
            "shown; --all prints them all, --json gives them as JSON",
            markup=False,
        )


@reports_errors
def misere(
    game: Annotated[
        str,
        typer.Argument(metavar="CODE", help="Heap game: nim, kayles, dawson, 0.77, 0.15, 4.07..."),
    ],
    upto: Annotated[
        int, typer.Option("--upto", metavar="N", help="Heaps 1..N (stops at a proved period).")
    ] = 20,
    save: Annotated[
        str | None,
        typer.Option(
            "--save", metavar="FILE", help="Write the quotient (JSON, re-verified on load)."
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """The misère quotient of a heap game (Plambeck–Siegel): order, presentation,
    P-portion and pretending function, proved by the verification theorem."""
    code = heap_code(game)
    if code is None and game.strip().lower() != "nim":
        raise InvalidGameError(f"{game}: misère quotients need nim or a take-and-break code")
    data, _ = misere_report("nim" if code is None else code.text, upto, save=save)
    data["game"] = game
    if as_json:
        print_json(data)
        return
    console.print(f"[bold]{escape(game)}[/]  misère quotient of the heaps 1..{data['upto']}")
    tame = "tame" if data["tame"] else "wild"
    console.print(f"  order        {data['order']} ({tame})", markup=False)
    console.print(f"  presentation {data['presentation']}", markup=False)
    console.print(f"  P-portion    {', '.join(data['p_portion'])}", markup=False)
    words = data["pretending"][1:]
    shown_words = " ".join(words[:40]) + (" …" if len(words) > 40 else "")
    console.print(f"  heaps 1..    {shown_words}", markup=False)
    period = data["period"]
    if period is not None:
        console.print(
            f"  periodic     from heap {period['preperiod']} with period {period['period']}: "
            "the quotient holds for heaps of every size",
            markup=False,
        )
    if save:
        console.print(f"saved to {save}", markup=False)


@reports_errors
def pattern(
    game: Annotated[
        str,
        typer.Argument(
            metavar="GAME",
            help="Game name, code or Python file, e.g. lasker, wythoff, 0.07, my_game.py:ED.",
        ),
    ],
    dims: Annotated[
        int,
        typer.Option("--dims", metavar="D", help="1: positions n; 2: pairs (a, b); 3: triples."),
    ] = 1,
    upto: Annotated[
        int | None,
        typer.Option("--upto", metavar="N", help="Indices 0..N-1 (default 128, 32 for 2-D)."),
    ] = None,
    at: Annotated[
        str | None,
        typer.Option("--at", metavar="N[,M]", help="Answer this position by the best pattern."),
    ] = None,
    start: Annotated[
        str | None,
        typer.Option(
            "--start",
            metavar="N[,M]",
            help="The first index of each variable (default 0, or 1 where 0 is no position).",
        ),
    ] = None,
    over: Annotated[
        str | None,
        typer.Option(
            "--over",
            metavar="A..B",
            help="Search the games GAME:k for k = A..B together: a formula in k and n.",
        ),
    ] = None,
    max_size: Annotated[
        int, typer.Option("--max-size", metavar="K", help="Largest expression searched.")
    ] = 7,
    seconds: Annotated[
        float, typer.Option("--seconds", metavar="S", help="Time bound of the expression search.")
    ] = 30.0,
    plot: Annotated[
        str | None,
        typer.Option("--plot", metavar="FILE", help="Save the table as a heat map (PNG)."),
    ] = None,
    emit: Annotated[
        str | None,
        typer.Option(
            "--emit",
            metavar="LANG",
            help="Print the best pattern as a function to paste: python or cpp.",
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Find the pattern (找规律): formulas for the SG values, checked and proved.

    Computes the values of a family of positions from the rules (a heap of n, two heaps
    a, b; one coin for coin games) and searches formulas that fit. Each is checked
    against the rules (the mex rule at every position) and proved when a theorem
    applies. --at answers a huge position by the best pattern; --emit prints it as
    code (Python, or C++ with long long)."""
    if dims not in (1, 2, 3):
        raise InvalidGameError(f"--dims must be 1, 2 or 3, got {dims}")
    if seconds <= 0:
        raise InvalidGameError(f"--seconds must be positive, got {seconds:g}")
    if not 1 <= max_size <= 12:
        raise InvalidGameError(f"--max-size must be between 1 and 12, got {max_size}")
    from ..patterns import Status
    from ..patterns.emit import LANGUAGES, emit_code

    if emit is not None and emit not in LANGUAGES:
        raise InvalidGameError(f"--emit {shown(emit)} is not one of {', '.join(LANGUAGES)}")
    indices = [parse_int(word, "--at index", signed=False) for word in at.split(",")] if at else []
    first = None
    if start is not None:
        first = [parse_int(word, "--start index", signed=False) for word in start.split(",")]
        if len(first) != dims:
            raise InvalidGameError(
                f"--start {shown(start)} gives {len(first)} indices; --dims {dims} needs {dims}"
            )
    parameters = None
    if over is not None:
        low, dots, high = over.partition("..")
        if not dots:
            raise InvalidGameError(f"--over {shown(over)} is not a range A..B, e.g. 1..8")
        parameters = range(parse_int(low, "--over start"), parse_int(high, "--over end") + 1)
    data, report = pattern_report(
        game,
        dims=dims,
        upto=upto,
        start=first,
        at=indices,
        max_size=max_size,
        seconds=seconds,
        over=parameters,
    )
    if plot:
        from ..patterns.heatmap import plot_table  # matplotlib only when a plot is asked for

        flat = len(report.region.variables) == 1
        plot_table(
            [list(report.values)] if flat else report.values,
            plot,
            title=f"{game}: SG values",
            variables=("", "n") if flat else report.region.variables,
        )
    if emit is not None:
        if report.best is None:
            raise InvalidPositionError(f"no code to write: {report.message()}")
        data["code"] = emit_code(report.best, emit)
        if not as_json:
            print(data["code"])
            return
    if as_json:
        print_json(data)
        return
    console.print(f"[bold]{escape(game)}[/]  values on {report.region}", highlight=False)
    if not report.patterns:
        console.print(report.message(), markup=False)
    for found in report.patterns:
        console.print(found.describe(), markup=False)
    for p_set in data["p_positions"]:
        console.print(f"P-positions: {p_set['text']}   {p_set['status']}", markup=False)
    # rows of G(a, b) that merely fit say little beside a rule checked against the rules
    checked = report.best is not None and report.best.status is not Status.FITS
    rows = () if checked and report.region.variables == ("a", "b") else report.rows
    if rows:
        console.print("fitting the table only:", markup=False)
    for row in rows[:6]:
        console.print(f"  {row.text}", markup=False)
    if report.patterns and report.gave_up:
        console.print(f"(the expression search {report.gave_up})", markup=False)
    if "at" in data:
        answer = data["at"]
        word = "conjectural" if answer["conjectural"] else "proved"
        where = ", ".join(map(str, indices))
        console.print(f"G({where}) = {answer['value']} by the best pattern ({word})", markup=False)
    if plot:
        console.print(f"plot saved to {plot}", markup=False)
