"""The ``grundy`` command: values, tables and nimber arithmetic from the shell.

The commands live in the modules of this package, one topic each; this module puts
them on the app in the order ``grundy --help`` lists them, and runs it (:func:`main`).
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Sequence

import typer

from . import cgt, nim, positions, sequences, serve, survey
from .parsing import ClickException, _Command
from .shared import (
    ACCEPT_NEGATIVE,
    INTERRUPTED,
    app,
    err_console,
    interrupted_status,
    version_text,
)

__all__ = ["app", "main", "version_text"]

# typer lists the commands in the order they were added; `grundy nim ...` comes last.
app.command(cls=_Command, context_settings=ACCEPT_NEGATIVE)(positions.value)
app.command(cls=_Command, context_settings=ACCEPT_NEGATIVE)(positions.solve)
app.command(cls=_Command)(sequences.table)
app.command(cls=_Command)(cgt.cgt)
app.command(cls=_Command)(sequences.misere)
app.command(cls=_Command)(sequences.pattern)
app.command(cls=_Command, context_settings=ACCEPT_NEGATIVE)(positions.play)
app.command(cls=_Command)(survey.survey)
app.command(cls=_Command)(serve.games)
app.command(cls=_Command)(serve.serve)
app.add_typer(nim.nim_app, name="nim")


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``grundy`` console script.

    Usage errors (a missing argument, an unknown option) are reported like every other
    error: one line on stderr, exit status 2. A command without arguments (``grundy``,
    ``grundy nim``) shows its help. Ctrl-C prints ``interrupted`` and exits with 130;
    SIGTERM, where a computation stops as on Ctrl-C to keep its work, with 143.
    """
    # A warning (a graph file with edges that cannot matter) is one line, like errors.
    warnings.showwarning = lambda message, *_args, **_kw: err_console.print(
        f"warning: {message}", markup=False
    )
    try:
        status = app(args=argv, standalone_mode=False, prog_name="grundy")
    except ClickException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # asked for nothing: the help
            if exc.format_message():  # plain help comes as the message; rich's is printed
                print(exc.format_message())
            sys.exit(0)
        ctx = getattr(exc, "ctx", None)
        hint = f" (see: {ctx.command_path} --help)" if ctx else ""
        err_console.print(f"error: {exc.format_message()}{hint}", markup=False)
        sys.exit(2)
    except (typer.Abort, KeyboardInterrupt) as exc:  # Ctrl-C outside a command, or at a prompt
        err_console.print("interrupted", markup=False)
        sys.exit(interrupted_status(exc) if isinstance(exc, KeyboardInterrupt) else INTERRUPTED)
    sys.exit(status if isinstance(status, int) else 0)
