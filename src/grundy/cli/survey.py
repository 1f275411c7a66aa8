"""``grundy survey``: the period of every game of a family, or with ``--misere`` the
census of their misère quotients, one task per game on an engine, resumable.

:mod:`grundy.cli` registers the command on the app, in the order of the help."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.markup import escape

from ..core.errors import InvalidGameError
from .shared import (
    Address,
    EngineName,
    JsonFlag,
    Workers,
    console,
    err_console,
    interrupted_status,
    print_json,
    reports_errors,
)

__all__ = ["survey"]


@reports_errors
def survey(
    family: Annotated[
        str,
        typer.Argument(
            metavar="FAMILY",
            help="0.ddd (every octal code of up to 3 digits), 4.dd, subtraction:1..9, allbut:1..6, "
            "or a file of codes.",
        ),
    ],
    upto: Annotated[
        int,
        typer.Option(
            "--upto",
            min=0,
            metavar="N",
            help="Values per game at most: G(0..N) (with --misere: heaps up to N).",
        ),
    ],
    engine: EngineName = "local",
    workers: Workers = None,
    address: Address = None,
    out: Annotated[
        str,
        typer.Option(
            "--out",
            metavar="DIR",
            help="Directory of the results file (JSON lines, one per "
            "game as it finishes; a rerun skips the games done).",
        ),
    ] = "grundy-survey",
    top: Annotated[
        int, typer.Option("--top", min=0, metavar="N", help="Longest periods listed.")
    ] = 10,
    progress: Annotated[
        bool | None,
        typer.Option("--progress/--no-progress", help="Progress line (default: on a terminal)."),
    ] = None,
    misere: Annotated[
        bool,
        typer.Option(
            "--misere",
            help="A census of misère quotients to heap N: orders, tame and wild games.",
        ),
    ] = False,
    max_work: Annotated[
        int | None,
        typer.Option(
            "--max-work",
            min=1,
            metavar="STEPS",
            help="With --misere: steps allowed each game (default 1,000,000).",
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Period of every game of a family, one task per game, resumable; a summary table.
    With --misere, a census of their misère quotients."""
    from ..scale import results_path, summarize
    from ..scale import survey as run_survey

    show = sys.stderr.isatty() if progress is None else progress
    if misere:
        return _misere_census(family, upto, engine, workers, address, out, max_work, show, as_json)
    if max_work is not None:
        raise InvalidGameError("--max-work is for a misère census: add --misere")
    path = results_path(out, family, upto)
    began = time.perf_counter()
    results, new = _resumable(
        run_survey,
        path,
        family,
        upto,
        engine=engine,
        workers=workers,
        address=address,
        out=out,
        progress=show,
    )
    summary = summarize(results, longest=top)
    if as_json:
        print_json(
            {
                "family": family,
                "upto": upto,
                "results_file": path,
                "computed": len(new),
                **summary.to_json(),
            }
        )
        return
    seconds = time.perf_counter() - began
    console.print(
        f"[bold]survey {escape(family)}[/] up to n = {upto:,}: {summary.games:,} games, "
        f"{summary.certified:,} certified periodic, {len(summary.open):,} open; "
        f"{summary.distinct:,} distinct sequences"
    )
    console.print(
        f"  {path}: {len(new):,} computed now ({engine}), "
        f"{summary.games - len(new):,} read back; {seconds:.1f} s",
        markup=False,
    )
    same = {code: group for group in summary.same for code in group}
    if summary.longest:
        console.print("longest certified periods", markup=False)
        console.print(
            f"  {'game':<20} {'preperiod':>10} {'period':>10} {'max G':>7}  same sequence",
            markup=False,
        )
        for r in summary.longest:
            others = " = ".join(c for c in same.get(r.code, ()) if c != r.code)
            row = f"  {r.code:<20} {r.preperiod:>10,} {r.period:>10,} {r.max_value:>7,}  {others}"
            console.print(row.rstrip(), markup=False)
    if summary.open:
        classes: dict[str, list] = {}
        for r in summary.open:
            classes.setdefault(r.digest, []).append(r)
        console.print(
            f"open (not certified within n = {upto:,}): {len(summary.open):,} games, "
            f"{len(classes):,} distinct sequences",
            markup=False,
        )
        for group in classes.values():
            r = group[0]
            seen = f"period {r.period:,} seen from {r.preperiod:,}" if r.period else "no period"
            console.print(
                f"  {' = '.join(g.code for g in group)}  ({seen}; rare "
                f"{r.rare_count:,}, max G {r.max_value:,})",
                markup=False,
            )
    if summary.offset:
        console.print("same sequence up to an offset of a few heap sizes", markup=False)
        for codes in summary.offset:
            console.print(f"  {' ~ '.join(codes)}", markup=False)


def _resumable(run: Callable, path: str, *args: Any, **kwargs: Any) -> tuple[list, list]:
    """Run a survey (`run`), keeping what is new; Ctrl-C says where it is kept (status 130)."""
    new: list = []
    try:
        return run(*args, on_result=new.append, **kwargs), new
    except KeyboardInterrupt as exc:
        err_console.print(
            f"interrupted: {len(new):,} new results are kept in {path}; run the "
            "same command to resume",
            markup=False,
        )
        raise typer.Exit(code=interrupted_status(exc)) from None


def _misere_census(
    family: str,
    upto: int,
    engine: str,
    workers: int | None,
    address: str | None,
    out: str,
    max_work: int | None,
    show: bool,
    as_json: bool,
) -> None:
    """``grundy survey FAMILY --misere``: the census table, or its summary as JSON."""
    from ..scale import CENSUS_MAX_WORK, census_lines, misere_survey, summarize_misere
    from ..scale.misere_survey import misere_results_path

    limit = CENSUS_MAX_WORK if max_work is None else max_work
    path = misere_results_path(out, family, upto)
    began = time.perf_counter()
    results, new = _resumable(
        misere_survey,
        path,
        family,
        upto,
        engine=engine,
        workers=workers,
        address=address,
        out=out,
        max_work=limit,
        progress=show,
    )
    summary = summarize_misere(results)
    if as_json:
        print_json(
            {
                "family": family,
                "upto": upto,
                "misere": True,
                "max_work": limit,
                "results_file": path,
                "computed": len(new),
                **summary.to_json(),
            }
        )
        return
    lines = census_lines(summary, family, upto)
    lines.insert(
        1,
        f"  {path}: {len(new):,} computed now ({engine}), {summary.games - len(new):,} read "
        f"back; {time.perf_counter() - began:.1f} s",
    )
    for line in lines:
        console.print(line, markup=False)
