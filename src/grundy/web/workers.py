"""Worker processes that compute within a time budget, so the server stays responsive.

A Python thread cannot be stopped, and a compiled kernel does not look at the clock, so a
request that runs too long is stopped the only sure way: its worker process is killed and
a fresh one takes its place. The event loop only waits on pipes.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import signal
from collections import OrderedDict
from collections.abc import Iterator
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection
from typing import Any

from ..errors import GrundyError, ServerBusyError, TimeBudgetError

__all__ = ["ComputePool"]

_START = multiprocessing.get_context("spawn")  # no fork of a process that runs threads


class WorkerCrashError(RuntimeError):
    """A worker process died, or our code failed in it (a bug: the server answers 500)."""


def _serve(conn: Connection) -> None:
    """A worker's life: warm up, then answer ``(function, arguments)`` requests.

    Ctrl-C in the terminal reaches every process of the server; a worker ignores it (no
    KeyboardInterrupt traceback from each one) and the server, which handles it, stops
    the workers. The worker is started with SIGINT blocked (see :class:`_Worker`), so a
    Ctrl-C while it starts up is dropped too.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    from . import compute

    compute.warm_up()
    conn.send("ready")
    while True:
        try:
            name, arguments = conn.recv()
        except EOFError:  # the server went away
            return
        try:
            conn.send(("ok", getattr(compute, name)(**arguments)))
        except GrundyError as exc:
            conn.send(("error", type(exc).__name__, str(exc)))
        except RecursionError:
            conn.send(("error", "PositionLimitError", "the position is too deep to search"))
        except Exception as exc:  # noqa: BLE001 - reported to the client as a server bug
            conn.send(("bug", f"{type(exc).__name__}: {exc}"))


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """Block SIGINT in this thread for the duration (no-op where signal masks do not
    exist): a process started meanwhile inherits the mask."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    # Starting a process starts multiprocessing's resource tracker first if it is not
    # running, and that unblocks SIGINT afterwards: start it before blocking.
    resource_tracker.ensure_running()
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self) -> None:
        self.conn, child = _START.Pipe()
        self.process = _START.Process(target=_serve, args=(child,), daemon=True)
        with _sigint_blocked():  # until the worker ignores it (the mask is inherited)
            self.process.start()
        child.close()
        try:
            self.conn.recv()  # "ready", once warmed up
        except EOFError:  # pragma: no cover - a broken installation
            raise WorkerCrashError("a compute worker failed to start") from None

    def call(self, name: str, arguments: dict, budget: float) -> tuple:
        """Send one request and wait for the answer; TimeoutError past `budget` seconds."""
        self.conn.send((name, arguments))
        if not self.conn.poll(budget):
            raise TimeoutError
        try:
            return self.conn.recv()
        except EOFError:  # killed from outside, out of memory...
            raise WorkerCrashError("the compute worker stopped") from None

    def stop(self) -> None:
        self.process.kill()
        self.process.join()
        self.conn.close()


class ComputePool:
    """Run :mod:`grundy.web.compute` functions in worker processes, each call within
    `budget` seconds, waiting at most `queue_timeout` seconds for a free worker.

    Answers are cached (`cache_size` of them), since a page asks the same questions
    again and again.

    Examples
    --------
    >>> import asyncio
    >>> async def demo():
    ...     pool = ComputePool(workers=1, budget=5.0)
    ...     await pool.start()
    ...     try:
    ...         return (await pool.call("value", game="nim", position="3 4 5"))["grundy"]
    ...     finally:
    ...         await pool.close()
    >>> asyncio.run(demo())
    2
    """

    def __init__(
        self,
        workers: int = 2,
        budget: float = 10.0,
        queue_timeout: float = 30.0,
        cache_size: int = 4096,
    ) -> None:
        if workers < 1 or budget <= 0 or queue_timeout <= 0:
            raise ValueError("a pool needs at least one worker and positive time limits")
        self.workers, self.budget, self.queue_timeout = workers, budget, queue_timeout
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._all: set[_Worker] = set()
        self._cache: OrderedDict[tuple, dict] = OrderedDict()
        self._cache_size = cache_size
        self._replacing: set[asyncio.Task] = set()

    async def start(self) -> None:
        """Start the workers (each warms up its compiled kernels first)."""
        started = await asyncio.gather(*[asyncio.to_thread(_Worker) for _ in range(self.workers)])
        for worker in started:
            self._all.add(worker)
            self._idle.put_nowait(worker)

    async def close(self) -> None:
        """Stop every worker."""
        for task in list(self._replacing):
            await task
        for worker in self._all:
            worker.stop()
        self._all.clear()

    async def call(self, name: str, **arguments: Any) -> dict:
        """Return ``compute.<name>(**arguments)``, computed by a free worker.

        Raises
        ------
        GrundyError
            The subclass the computation raised (bad input, a limit).
        TimeBudgetError
            The computation took longer than the budget; its worker is replaced.
        ServerBusyError
            No worker became free within ``queue_timeout`` seconds.
        """
        key = (name, tuple(sorted(arguments.items())))
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        try:
            worker = await asyncio.wait_for(self._idle.get(), self.queue_timeout)
        except TimeoutError:
            raise ServerBusyError(
                f"every compute worker stayed busy for {self.queue_timeout:g} "
                "s; try again in a moment"
            ) from None
        try:
            answer = await asyncio.to_thread(worker.call, name, arguments, self.budget)
        except (TimeoutError, WorkerCrashError) as exc:
            self._replace(worker)
            if isinstance(exc, WorkerCrashError):
                raise
            raise TimeBudgetError(
                f"the computation took more than this server's budget of "
                f"{self.budget:g} s per request; try a smaller position "
                "or table"
            ) from None
        self._idle.put_nowait(worker)
        if answer[0] == "bug":
            raise WorkerCrashError(answer[1])
        if answer[0] == "error":
            raise _rebuilt(answer[1], answer[2])
        self._cache[key] = answer[1]
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return answer[1]

    def _replace(self, worker: _Worker) -> None:
        """Kill `worker` and start a fresh one in the background."""

        async def replace() -> None:
            self._all.discard(worker)
            await asyncio.to_thread(worker.stop)
            fresh = await asyncio.to_thread(_Worker)
            self._all.add(fresh)
            self._idle.put_nowait(fresh)

        task = asyncio.create_task(replace())
        self._replacing.add(task)
        task.add_done_callback(self._replacing.discard)


def _rebuilt(kind: str, message: str) -> GrundyError:
    """The worker's error, as the same GrundyError subclass in the server."""
    from .. import errors

    cls = getattr(errors, kind, GrundyError)
    return (
        cls(message)
        if isinstance(cls, type) and issubclass(cls, GrundyError)
        else GrundyError(message)
    )
