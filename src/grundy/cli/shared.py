"""What every command shares: the typer app, the consoles, the common options, errors
reported in one line, ``--version`` and JSON output."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console

from ..app.user_code import user_code_error
from ..core.errors import GrundyError
from ..core.integers import unlimited_int_text
from .parsing import _Group

__all__ = [
    "ACCEPT_NEGATIVE",
    "INTERRUPTED",
    "TERMINATED",
    "Address",
    "EngineName",
    "JsonFlag",
    "MaxPositions",
    "MisereFlag",
    "Progress",
    "Workers",
    "app",
    "console",
    "err_console",
    "interrupted_status",
    "print_json",
    "reports_errors",
    "version_text",
]

app = typer.Typer(
    cls=_Group,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Exact Sprague-Grundy analysis of impartial games.",
)

console = Console(highlight=False, soft_wrap=True, emoji=False)  # ":x:" stays text
err_console = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)

# Words such as "-3" must reach our own checks ("heap -3 is negative"), not be taken
# for unknown options.
ACCEPT_NEGATIVE = {"ignore_unknown_options": True}

JsonFlag = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]
MisereFlag = Annotated[
    bool, typer.Option("--misere", help="Misère play: the player who moves last loses.")
]
MaxPositions = Annotated[
    int,
    typer.Option(
        "--max-positions", min=1, metavar="N", help="Cap on positions the solver may store."
    ),
]
EngineName = Annotated[
    str,
    typer.Option(
        "--engine",
        metavar="local|ray",
        help="local (worker processes here) or ray (a Ray cluster, "
        "or a local Ray when none is given).",
    ),
]
Workers = Annotated[
    int | None,
    typer.Option("--workers", min=1, metavar="N", help="Tasks at once (default: all cores)."),
]
Address = Annotated[
    str | None,
    typer.Option(
        "--address",
        metavar="ADDRESS",
        help="Ray cluster to join: auto, ray://host:10001 "
        "(default: RAY_ADDRESS, else a local Ray).",
    ),
]
Progress = Annotated[
    bool | None,
    typer.Option("--progress/--no-progress", help="Progress bar (default: on a terminal)."),
]
#: Exit status after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130
#: Exit status after SIGTERM (128 + SIGTERM) where a computation stopped as on Ctrl-C
#: (:func:`grundy.core.progress.sigterm_as_interrupt`), keeping its work.
TERMINATED = 143


def interrupted_status(exc: KeyboardInterrupt) -> int:
    """The exit status of a command stopped by `exc`: 143 after SIGTERM, 130 after Ctrl-C.

    Examples
    --------
    >>> from grundy.core.progress import Terminated
    >>> interrupted_status(KeyboardInterrupt()), interrupted_status(Terminated())
    (130, 143)
    """
    from ..core.progress import Terminated

    return TERMINATED if isinstance(exc, Terminated) else INTERRUPTED


def reports_errors(command: Callable) -> Callable:
    """Turn a GrundyError into one line on stderr and exit status 2, and Ctrl-C into
    the line ``interrupted`` and exit status 130 (143 for SIGTERM, see
    :func:`interrupted_status`). A user's game (``FILE.py:NAME``) failing in its own code
    is one line too (:func:`grundy.app.user_code.user_code_error`), naming the call.

    The command runs without the interpreter's limit of 4,300 digits on writing an int
    (:func:`grundy.core.integers.unlimited_int_text`): grundy's ints have any size, and what
    a command prints is bounded by what it read (at most ``MAX_DIGITS`` digits a number).
    """

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            with unlimited_int_text():
                return command(*args, **kwargs)
        except GrundyError as exc:
            user = user_code_error(exc, kwargs.get("game"), kwargs.get("position"))
            err_console.print(f"error: {user or exc}", markup=False)
            raise typer.Exit(code=2) from None
        except KeyboardInterrupt as exc:
            err_console.print("interrupted", markup=False)
            raise typer.Exit(code=interrupted_status(exc)) from None
        except (typer.Exit, typer.Abort):
            raise
        except Exception as exc:  # a user's game (FILE.py:NAME) failing in its own code
            user = user_code_error(exc, kwargs.get("game"), kwargs.get("position"))
            if user is None:  # not the user's code: a bug, with its traceback
                raise
            err_console.print(f"error: {user}", markup=False)
            raise typer.Exit(code=2) from None

    return wrapper


def version_text() -> str:
    """The line ``grundy --version`` prints: the installed version of the package.

    Examples
    --------
    >>> version_text().split()[0]
    'grundy'
    """
    from importlib import metadata  # only --version pays for the import

    from .. import __version__

    try:
        version = metadata.version("grundy")
    except metadata.PackageNotFoundError:  # run from a source tree without installing
        version = __version__
    return f"grundy {version}"


def _print_version(asked: bool) -> None:
    if asked:
        print(version_text())
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """Exact Sprague-Grundy analysis of impartial games."""


def print_json(data: dict) -> None:
    """Print `data` as one line of JSON on stdout (``--json``: no colour, no wrapping).

    Examples
    --------
    >>> from grundy.cli.shared import print_json
    >>> print_json({"game": "nim", "value": 2})
    {"game": "nim", "value": 2}
    """
    print(json.dumps(data))
