"""``grundy cgt``: a short partizan game in CGSuite's notation, its canonical form and
temperature theory (printed by :mod:`grundy.cli.partizan`, imported only when it runs).

:mod:`grundy.cli` registers the command on the app, in the order of the help."""

from __future__ import annotations

from typing import Annotated

import typer

from .shared import JsonFlag, console, reports_errors

__all__ = ["cgt"]


@reports_errors
def cgt(
    expression: Annotated[
        str,
        typer.Argument(
            metavar="GAME",
            help="A short game in CGSuite's notation: '{3||2*|1*}', '^*', '+-1', 'Tiny(2)', "
            "'{0|*} + *2'; compounds: \"'{*|*}' : 1\", '*5 ConjunctiveSum *6'.",
        ),
    ],
    cool_by: Annotated[
        str | None, typer.Option("--cool", metavar="T", help="Cool the game by T first.")
    ] = None,
    heat_by: Annotated[
        str | None, typer.Option("--heat", metavar="T", help="Heat the game by T first.")
    ] = None,
    plot: Annotated[
        str | None,
        typer.Option("--plot", metavar="FILE", help="Draw the thermograph into FILE (.png, .svg)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Canonical form, outcome, stops, mean, temperature and thermograph of a partizan game."""
    from .partizan import show_expression

    show_expression(
        console, expression, cool_by=cool_by, heat_by=heat_by, plot=plot, as_json=as_json
    )
