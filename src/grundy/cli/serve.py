"""``grundy games`` and ``grundy serve``: the games the command knows, and the web
playground that offers them.

:mod:`grundy.cli` registers the commands on the app, in the order of the help."""

from __future__ import annotations

import os
import socket
from typing import Annotated

import typer

from ..app import registry
from ..core.errors import GrundyError, InvalidGameError
from .shared import JsonFlag, console, print_json, reports_errors

__all__ = ["games", "serve"]


@reports_errors
def games(as_json: JsonFlag = False) -> None:
    """List the games this command knows, with an example position."""
    entries = registry.describe_games()
    if as_json:
        print_json({"games": entries})
        return
    width = max(len(e["name"]) for e in entries)
    for e in entries:
        console.print(
            f"{e['name']:<{width}}  {e['summary']}   e.g. grundy {e['command']} {e['example']}",
            markup=False,
        )


@reports_errors
def serve(
    host: Annotated[
        str, typer.Option("--host", metavar="HOST", help="Address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, metavar="PORT", help="Port.")
    ] = 8000,
    workers: Annotated[
        int,
        typer.Option("--workers", min=0, metavar="N", help="Compute processes (0: one per core)."),
    ] = 0,
    budget: Annotated[
        float,
        typer.Option(
            "--budget",
            min=0.1,
            max=3600.0,
            metavar="SECONDS",
            help="Seconds of computing per request (0.1 to 3600).",
        ),
    ] = 10.0,
) -> None:
    """The web playground: values, play against perfect play, sequences, game graphs."""
    if not host.strip():  # "" binds every interface: say so instead
        raise GrundyError(
            f"--host {host!r} would listen on every interface; give an address "
            "(127.0.0.1 for this machine only, 0.0.0.0 for every interface)"
        )
    try:
        import uvicorn

        from ..web import create_app
        from ..web.app import server_config
    except ImportError as exc:
        raise InvalidGameError(
            f"the playground needs the web extra ({exc.name} is missing): pip install 'grundy[web]'"
        ) from None
    try:  # fail at once, in one line, rather than after starting the workers
        with socket.create_server((host, port)):
            pass
    except OSError as exc:
        reason = (exc.strerror or str(exc)).split(" (while")[0]  # the address is said already
        raise GrundyError(f"cannot listen on {host}:{port}: {reason}") from None
    count = workers or max(1, len(os.sched_getaffinity(0)))
    console.print(
        f"grundy playground on http://{host}:{port}/ ({count} compute worker"
        f"{'s' * (count != 1)}, {budget:g} s per request); Ctrl-C stops it"
    )
    uvicorn.Server(server_config(create_app(workers=count, budget=budget), host, port)).run()
