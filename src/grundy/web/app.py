"""The FastAPI application of ``grundy serve``: the JSON API under ``/api/`` and the page,
and the settings of the HTTP server that runs it."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

import h11
import uvicorn
from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..core.errors import GrundyError, ServerBusyError
from . import models
from .compute import LIMITS
from .workers import DEFAULT_CACHE_BYTES, DEFAULT_MAX_TASKS, ComputePool, WorkerCrashError

__all__ = ["create_app", "server_config", "CONNECTIONS", "STATIC"]

STATIC = Path(__file__).parent / "static"

# The page loads only its own files and talks only to this server.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self'; script-src 'self'; object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

Game = Annotated[
    str,
    Query(
        min_length=1,
        max_length=LIMITS["max_text"],
        description="Game name, as on the command line: nim, bash:3, 0.77, tictactoe...",
        examples=["nim"],
    ),
]
Position = Annotated[
    str,
    Query(
        max_length=LIMITS["max_text"],
        description="The position as typed on the command line, e.g. "
        "'3 4 5' (empty: the game's start)",
        examples=["3 4 5"],
    ),
]
Misere = Annotated[bool, Query(description="Misère play: whoever moves last loses.")]
REFUSED: dict[int | str, dict[str, Any]] = {
    400: {"model": models.Problem, "description": "Bad input, or past a limit"},
    503: {"model": models.Problem, "description": "Every worker busy; try again"},
}


# A message that starts with a game's repr ("OctalGame('0.77', name='Kayles'): ..."):
# the page has already named the game. One level of nested brackets is enough.
_LEADING_REPR = re.compile(r"^[A-Z]\w*\((?:[^()]|\([^()]*\))*\): ")
# Advice meant for Python or the command line, which a person in the page cannot follow.
_API_ADVICE = re.compile(r"[;,]? ?\(?raise max_(?:positions|states|vertices)\b[^;)]*\)?")


def plain_message(message: str) -> str:
    """A refusal in the page's words: no game repr in front, no advice about parameters.

    Examples
    --------
    >>> plain_message("OctalGame('0.77', name='Kayles'): more than 200,000 positions "
    ...               "needed for the outcome search; raise max_positions")
    'more than 200,000 positions needed for the outcome search (the limit of this server)'
    >>> plain_message("unknown game 'kayle'")
    "unknown game 'kayle'"
    """
    plain = _LEADING_REPR.sub("", message, count=1)
    if _API_ADVICE.search(plain):
        plain = _API_ADVICE.sub("", plain).rstrip(" ;,") + " (the limit of this server)"
    return plain


def create_app(
    workers: int = 2,
    budget: float = 10.0,
    queue_timeout: float = 30.0,
    cache_bytes: int = DEFAULT_CACHE_BYTES,
    max_tasks: int | None = DEFAULT_MAX_TASKS,
) -> FastAPI:
    """The playground: `workers` compute processes, `budget` seconds per request, answers
    cached up to `cache_bytes`, each worker replaced after `max_tasks` requests.

    Examples
    --------
    >>> app = create_app(workers=1)
    >>> sorted(app.openapi()["paths"])[:3]
    ['/api/cgt', '/api/games', '/api/graph']
    """
    pool = ComputePool(
        workers=workers,
        budget=budget,
        queue_timeout=queue_timeout,
        cache_bytes=cache_bytes,
        max_tasks=max_tasks,
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await pool.start()
        yield
        await pool.close()

    app = FastAPI(
        title="grundy playground",
        lifespan=lifespan,
        description="Sprague-Grundy values, outcomes, winning moves and perfect play "
        "for the games of the grundy command line. Answers carry the "
        "keys of the CLI's --json.",
    )
    app.state.pool = pool

    @app.exception_handler(GrundyError)
    async def refused(_request: Request, exc: GrundyError) -> JSONResponse:
        status = 503 if isinstance(exc, ServerBusyError) else 400
        headers = {"Retry-After": "5"} if status == 503 else None
        return JSONResponse(
            {"detail": plain_message(str(exc)), "error": type(exc).__name__},
            status,
            headers=headers,
        )

    @app.exception_handler(WorkerCrashError)
    async def crashed(_request: Request, exc: WorkerCrashError) -> JSONResponse:
        return JSONResponse({"detail": f"internal error: {exc}", "error": "InternalError"}, 500)

    @app.exception_handler(Exception)  # anything else: still JSON (and logged), not text
    async def failed(_request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse(
            {"detail": f"internal error: {type(exc).__name__}", "error": "InternalError"}, 500
        )

    @app.middleware("http")
    async def secure(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        headers = dict(SECURITY_HEADERS)
        if request.url.path in (app.docs_url, app.redoc_url):  # FastAPI's pages load a CDN
            del headers["Content-Security-Policy"]
        response.headers.update(headers)
        return response

    app.include_router(_api(pool))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    return app


def _api(pool: ComputePool) -> APIRouter:
    """The JSON endpoints; each hands its work to the pool."""
    api = APIRouter(prefix="/api", responses=REFUSED)

    @api.get("/games", response_model=models.GameList)
    async def games() -> dict:
        """Every game of the catalog (those that read files are the command line's only)."""
        return await pool.call("games")

    @api.get(
        "/value",
        response_model=models.ValueReport | models.PartizanReport | models.LoopyPositionReport,
    )
    async def value(game: Game, position: Position = "", misere: Misere = False) -> dict:
        """SG value, outcome, winning moves and the reason in one line (`grundy value`);
        a partizan game's canonical form, stops, mean, temperature, thermograph and each
        player's moves (its position's last word may be Left or Right: who is to move)."""
        return await pool.call("value", game=game, position=position, misere=misere)

    @api.get("/remoteness", response_model=models.RemotenessReport)
    async def remoteness(game: Game, position: Position = "", misere: Misere = False) -> dict:
        """Moves left with perfect play, and the fastest winning moves (impartial games)."""
        return await pool.call("remoteness", game=game, position=position, misere=misere)

    @api.get("/solve", response_model=models.SolveReport | models.LoopyReport)
    async def solve(game: Game, position: Position = "") -> dict:
        """Two-player games: value and remoteness under perfect play; impartial games:
        the loopy (generalised) SG value (`grundy solve`)."""
        return await pool.call("solve", game=game, position=position)

    @api.get("/options", response_model=models.OptionList)
    async def options(game: Game, position: Position = "", misere: Misere = False) -> dict:
        """The moves from a position and what each leaves."""
        return await pool.call("options", game=game, position=position, misere=misere)

    @api.get("/move", response_model=models.MoveResult)
    async def move(
        game: Game,
        position: Position,
        after: Annotated[
            str,
            Query(
                max_length=LIMITS["max_text"],
                description="The position after the person's move",
                examples=["1 4 5"],
            ),
        ],
        misere: Misere = False,
    ) -> dict:
        """Check a person's move (given as the position after it)."""
        return await pool.call("move", game=game, position=position, after=after, misere=misere)

    @api.get("/reply", response_model=models.ReplyResult)
    async def reply(game: Game, position: Position = "", misere: Misere = False) -> dict:
        """Perfect play's move from a position."""
        return await pool.call("reply", game=game, position=position, misere=misere)

    @api.get("/table", response_model=models.TableReport, response_model_exclude_none=True)
    async def table(
        game: Game,
        upto: Annotated[
            int, Query(ge=0, le=LIMITS["max_upto"], description="Last heap size of the table")
        ] = 100,
        certify: Annotated[
            bool, Query(description="Compute until the period is certified")
        ] = False,
        misere: Misere = False,
    ) -> dict:
        """SG values of single heaps 0..upto, with the period (`grundy table`)."""
        return await pool.call("table", game=game, upto=upto, certify=certify, misere=misere)

    @api.get("/table2d", response_model=models.Table2d)
    async def table2d(
        game: Game,
        upto: Annotated[
            int,
            Query(ge=0, le=LIMITS["max_table2d"], description="Last heap size of each side"),
        ] = 20,
        misere: Misere = False,
    ) -> dict:
        """SG values g(a, b) of the two-heap positions a b for a, b from 0 to upto
        (Wythoff's game, two heaps of a heap game); misère play: outcomes only."""
        return await pool.call("table2d", game=game, upto=upto, misere=misere)

    @api.get("/pattern", response_model=models.PatternReport, response_model_exclude_unset=True)
    async def pattern(
        game: Game,
        dims: Annotated[int, Query(description="1: single heaps n; 2: pairs of heaps (a, b)")] = 1,
        upto: Annotated[
            int | None,
            Query(
                description=f"Indices 0..upto-1 of each variable: 2 to "
                f"{LIMITS['max_pattern_upto']} for dims=1 (default 128), to "
                f"{LIMITS['max_pattern_upto2d']} for dims=2 (default 24)"
            ),
        ] = None,
        at: Annotated[
            str,
            Query(
                max_length=LIMITS["max_text"],
                description="Indices to answer by the best pattern, comma-separated "
                "decimal integers of any size (n, or a,b)",
                examples=["1000000000000000000"],
            ),
        ] = "",
    ) -> dict:
        """Find the pattern (找规律): formulas for the SG values, each checked against
        the rules (the mex rule) and proved when a theorem applies; in 2-D also the
        P-positions and periodic rows (`grundy pattern`). The search is bounded by the
        server's limits (see /api/limits)."""
        return await pool.call("pattern", game=game, dims=dims, upto=upto, at=at)

    @api.get("/graph", response_model=models.GameGraph)
    async def graph(game: Game, position: Position = "", misere: Misere = False) -> dict:
        """The game graph below a small position, with SG values and outcomes."""
        return await pool.call("graph", game=game, position=position, misere=misere)

    @api.get(
        "/cgt",
        response_model=models.PartizanExpression | models.LoopyPartizanReport,
        response_model_exclude_unset=True,
    )
    async def cgt(
        expression: Annotated[
            str,
            Query(
                max_length=LIMITS["max_text"],
                description="A game in CGSuite's notation, short or loopy: {1|*}, ^*, on, "
                "{0|pass}, a{0|{a|*}}, upon + *, on & off",
                examples=["{0|pass}"],
            ),
        ],
    ) -> dict:
        """A game typed in CGSuite's notation (`grundy cgt`): a short game's canonical form
        and temperature theory; a loopy game's simplest form or sides, and its outcome with
        draws (within the server's max_loopy_vertices and max_states)."""
        return await pool.call("cgt", expression=expression)

    @api.get("/limits")
    async def limits() -> dict:
        """This server's limits: positions per search, table size, budget per request."""
        return {**LIMITS, "budget_seconds": pool.budget, "workers": pool.workers}

    @api.get("/health", response_model=models.Health)
    async def health() -> dict:
        """The compute workers alive, of how many (a dead one is being replaced), and
        the answers cached. Computes nothing, so it answers even with every worker down."""
        return pool.health()

    return api


#: How the HTTP server treats connections. uvicorn's keep-alive timer runs only between
#: requests and restarts at every byte received, so a client that sends a request's
#: head a byte at a time (or nothing at all) would hold its connection for ever;
#: `head_seconds` is the deadline uvicorn lacks (its issue #157): the whole request line
#: and headers must arrive within it.
CONNECTIONS = {
    "head_seconds": 10.0,  # to send a request's head, from connecting or the last answer
    "keep_alive_seconds": 5,  # an idle connection between requests
    "max_head_bytes": 16 * 1024,  # a request's line and headers (h11's buffer); past it, 400
    "max_connections": 400,  # open at once (uvicorn's limit_concurrency); past it, 503
}


class _DeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection that has not sent a whole request
    head within ``head_seconds`` of connecting or of its previous answer (no timer runs
    while the app computes an answer)."""

    head_seconds = CONNECTIONS["head_seconds"]
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(self.head_seconds, self._expired)

    def _expired(self) -> None:
        computing = self.cycle is not None and not self.cycle.response_complete
        if not computing and not self.transport.is_closing():
            with contextlib.suppress(h11.LocalProtocolError):  # a state h11 cannot close
                self.conn.send(h11.ConnectionClosed())
            self.transport.close()


def server_config(
    app: FastAPI,
    host: str = "127.0.0.1",
    port: int = 8000,
    head_seconds: float = CONNECTIONS["head_seconds"],
) -> uvicorn.Config:
    """The uvicorn settings ``grundy serve`` runs `app` with (see :data:`CONNECTIONS`).

    Examples
    --------
    >>> config = server_config(create_app(workers=1), port=8001)
    >>> config.timeout_keep_alive, config.limit_concurrency, config.http.head_seconds
    (5, 400, 10.0)
    """
    protocol = type("DeadlineProtocol", (_DeadlineProtocol,), {"head_seconds": head_seconds})
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=protocol,
        timeout_keep_alive=int(CONNECTIONS["keep_alive_seconds"]),
        h11_max_incomplete_event_size=int(CONNECTIONS["max_head_bytes"]),
        limit_concurrency=int(CONNECTIONS["max_connections"]),
        log_level="warning",
    )
