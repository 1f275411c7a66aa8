"""Worker processes that compute within a time budget, so the server stays responsive.

A Python thread cannot be stopped, and a compiled kernel does not look at the clock, so a
request that runs too long is stopped the only sure way: its worker process is killed and
a fresh one takes its place. The event loop only waits on pipes.

The pool heals itself: a worker that dies (killed, crashed, out of memory), idle or busy,
is noticed at once (the event loop watches each process's sentinel), again before it is
handed a request, and by a sweep every second; it is replaced in the background, and a
request that loses its worker is tried once more on another. Workers are also replaced
after `max_tasks` requests, so that their memory (the games' memo tables, the solved
two-player games) stays flat however long the server runs.

Why not :class:`concurrent.futures.ProcessPoolExecutor` (``max_tasks_per_child`` would
recycle workers for us): it cannot stop one task past its budget (cancelling a running
future does nothing, and killing its process breaks the whole executor: every pending
future fails with ``BrokenProcessPool`` and the executor must be rebuilt), and it does
not say which process runs which task. The hand-written pool kills one worker and loses
nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import pickle
import signal
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection
from typing import Any

from ..core.errors import GrundyError, ServerBusyError, TimeBudgetError

__all__ = ["AnswerCache", "ComputePool"]

_START = multiprocessing.get_context("spawn")  # no fork of a process that runs threads
_LOG = logging.getLogger(__name__)

#: Bytes of answers the server keeps (each counted as the bytes its worker sent: about
#: its JSON length, a quarter of what the decoded dict would take).
DEFAULT_CACHE_BYTES = 32 * 1024 * 1024
#: Requests a worker answers before a fresh one takes its place (its memory stays flat).
DEFAULT_MAX_TASKS = 10_000
#: Seconds a new worker may take to start and warm up before it is given up.
STARTUP_SECONDS = 120.0
#: Seconds between two sweeps for dead workers and missing ones.
SWEEP_SECONDS = 1.0
#: Seconds an idle worker may take to answer the ping that precedes a retried request.
PING_SECONDS = 5.0
# What a cache entry costs besides the answer's bytes: its key (a tuple of the
# arguments), the bytes object and the ordered dict's node, measured at ~300-500 bytes.
_ENTRY_BYTES = 400


class WorkerCrashError(RuntimeError):
    """Our code failed in a worker (a bug: the server answers 500), or a worker failed to
    start."""


class WorkerLostError(RuntimeError):
    """The worker process died while it had a request (killed, crashed, out of memory)."""


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
        if name == "ping":  # the pool makes sure of a worker before it retries a request
            conn.send("pong")
            continue
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
    """One worker process and the server's end of its pipe (started in a thread: it
    blocks until the worker has warmed up)."""

    def __init__(self) -> None:
        self.conn, child = _START.Pipe()
        self.process = _START.Process(target=_serve, args=(child,), daemon=True)
        self.tasks = 0  # requests answered
        self.worn = False  # past max_tasks: to be replaced once a fresh worker is ready
        with _sigint_blocked():  # until the worker ignores it (the mask is inherited)
            self.process.start()
        child.close()
        try:
            if not self.conn.poll(STARTUP_SECONDS):
                raise EOFError
            self.conn.recv()  # "ready", once warmed up
        except (EOFError, OSError):  # killed while starting, a broken installation...
            self.stop()
            raise WorkerCrashError("a compute worker failed to start") from None

    def alive(self) -> bool:
        return self.process.is_alive()

    def responds(self) -> bool:
        """Whether the (idle) worker answers a ping: it is alive now, not merely not yet
        reaped (a worker killed a moment ago still looks alive to ``is_alive``)."""
        try:
            self.conn.send(("ping", None))
            if self.conn.poll(PING_SECONDS):
                return self.conn.recv() == "pong"
        except (EOFError, OSError):
            pass
        return False

    def call(self, name: str, arguments: dict, budget: float) -> tuple[tuple, bytes]:
        """Send one request and wait for the answer: (the answer, its bytes).

        Raises TimeoutError past `budget` seconds, WorkerLostError if the process is gone.
        """
        try:
            self.conn.send((name, arguments))
            answered = self.conn.poll(budget)  # True at once if the worker dies: EOF
            data = self.conn.recv_bytes() if answered else b""
        except (EOFError, OSError):  # BrokenPipeError, ConnectionResetError...
            raise WorkerLostError("the compute worker stopped") from None
        if not answered:
            raise TimeoutError  # (an OSError: raised outside the try above)
        self.tasks += 1
        return pickle.loads(data), data

    def kill(self) -> None:
        """End the process now (safe while another thread waits on the pipe)."""
        self.process.kill()

    def stop(self) -> None:
        """Kill the process, reap it and close the pipe (never while a call waits on it:
        a new pipe could get the closed one's file number)."""
        if self.conn.closed:
            return
        self.process.kill()
        self.process.join()
        self.conn.close()


class AnswerCache:
    """The answers computed so far, least recently used first out, bounded in bytes.

    Each answer is kept as the bytes its worker sent (a pickle, about as long as its
    JSON) and decoded again when asked for, so the bound is the memory it takes (a
    decoded answer takes 3-5 times more), and no two requests share a mutable dict.

    Examples
    --------
    >>> import pickle
    >>> cache = AnswerCache(max_bytes=2_000)
    >>> cache.put("a", pickle.dumps({"grundy": 2}))
    >>> cache.get("a"), cache.get("b")
    ({'grundy': 2}, None)
    >>> for n in range(10):
    ...     cache.put(n, pickle.dumps(list(range(100))))
    >>> len(cache), cache.bytes <= 2_000, cache.get("a")  # the oldest went first
    (3, True, None)
    """

    def __init__(self, max_bytes: int = DEFAULT_CACHE_BYTES) -> None:
        if max_bytes < 0:
            raise ValueError(f"a cache of {max_bytes} bytes: give 0 or more")
        self.max_bytes = max_bytes
        self.bytes = 0
        self._entries: OrderedDict[Hashable, bytes] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> Any:
        """The answer stored under `key` (now the most recently used), or None."""
        data = self._entries.get(key)
        if data is None:
            return None
        self._entries.move_to_end(key)
        return pickle.loads(data)

    def put(self, key: Hashable, data: bytes) -> None:
        """Keep the pickled answer `data` under `key`, dropping the least recently used
        answers past the bound (an answer bigger than the whole bound is not kept)."""
        size = len(data) + _ENTRY_BYTES
        if size > self.max_bytes:
            return
        old = self._entries.pop(key, None)
        if old is not None:
            self.bytes -= len(old) + _ENTRY_BYTES
        self._entries[key] = data
        self.bytes += size
        while self.bytes > self.max_bytes:
            _, dropped = self._entries.popitem(last=False)
            self.bytes -= len(dropped) + _ENTRY_BYTES


class ComputePool:
    """Run :mod:`grundy.web.compute` functions in worker processes, each call within
    `budget` seconds, waiting at most `queue_timeout` seconds for a free worker.

    Answers are cached (`cache_bytes` of them), since a page asks the same questions
    again and again. A worker is replaced after `max_tasks` requests (None: never), and
    whenever it dies.

    Examples
    --------
    >>> import asyncio
    >>> async def demo():
    ...     pool = ComputePool(workers=1, budget=5.0)
    ...     await pool.start()
    ...     try:
    ...         answer = await pool.call("value", game="nim", position="3 4 5")
    ...         return answer["grundy"], pool.health()["alive"]
    ...     finally:
    ...         await pool.close()
    >>> asyncio.run(demo())
    (2, 1)
    """

    def __init__(
        self,
        workers: int = 2,
        budget: float = 10.0,
        queue_timeout: float = 30.0,
        cache_bytes: int = DEFAULT_CACHE_BYTES,
        max_tasks: int | None = DEFAULT_MAX_TASKS,
    ) -> None:
        if workers < 1 or not 0 < budget < float("inf") or not 0 < queue_timeout < float("inf"):
            raise ValueError("a pool needs at least one worker and finite positive time limits")
        if max_tasks is not None and max_tasks < 1:
            raise ValueError(f"max_tasks={max_tasks}: give 1 or more, or None")
        self.workers, self.budget, self.queue_timeout = workers, budget, queue_timeout
        self.max_tasks = max_tasks
        self.cache = AnswerCache(cache_bytes)
        self.replaced = 0  # workers that died, ran past the budget, or were worn out
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._all: set[_Worker] = set()  # started and not yet retired: idle or busy
        self._busy: set[_Worker] = set()  # computing a request
        self._starting = 0  # workers being started
        self._background: set[asyncio.Task] = set()
        self._sweeper: asyncio.Task | None = None
        self._closing = False

    # ------------------------------------------------------------- life of the pool
    async def start(self) -> None:
        """Start the workers (each warms up its compiled kernels first)."""
        started = await asyncio.gather(*[asyncio.to_thread(_Worker) for _ in range(self.workers)])
        for worker in started:
            self._add(worker)
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def close(self) -> None:
        """Stop every worker (and those still starting, once they are up)."""
        self._closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        while self._background:  # workers starting, or being stopped
            await asyncio.gather(*self._background, return_exceptions=True)
        for worker in list(self._all):
            self._unwatch(worker)
            worker.stop()
        self._all.clear()

    def health(self) -> dict[str, Any]:
        """How the pool is: its size, the workers alive, those starting, the cache.

        Sweeps first, so a worker found dead is already being replaced.
        """
        self.sweep()
        alive = sum(worker.alive() for worker in self._all)
        return {
            "status": "ok" if alive >= self.workers else "degraded" if alive else "down",
            "workers": self.workers,
            "alive": alive,
            "busy": len(self._busy),
            "starting": self._starting,
            "replaced": self.replaced,
            "cache_entries": len(self.cache),
            "cache_bytes": self.cache.bytes,
        }

    def pids(self, *, busy_last: bool = False) -> list[int]:
        """The process ids of the workers in the pool (idle or busy), for a watchdog;
        with `busy_last`, those computing a request come last."""
        found = [(w in self._busy, w.process.pid) for w in self._all]
        if not busy_last:
            return sorted(pid for _, pid in found if pid is not None)
        return [pid for _, pid in sorted(found, key=lambda f: f[0]) if pid is not None]

    def sweep(self) -> None:
        """Retire dead workers (and idle worn ones whose replacement is ready), and start
        the workers missing: those that died, and those that failed to start."""
        for worker in list(self._all):
            if not worker.alive():
                self._retire(worker)
        self._prune_idle()
        self._top_up()

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.sweep()

    # ------------------------------------------------------------- requests
    async def call(self, name: str, **arguments: Any) -> dict:
        """Return ``compute.<name>(**arguments)``, computed by a free worker.

        Raises
        ------
        GrundyError
            The subclass the computation raised (bad input, a limit).
        TimeBudgetError
            The computation took longer than the budget; its worker is replaced.
        ServerBusyError
            No worker became free within ``queue_timeout`` seconds, or two workers died
            while computing this request.
        """
        key = (name, tuple(sorted(arguments.items())))
        cached = self.cache.get(key)
        if cached is not None:
            return cached[1]
        for attempt in (1, 2):
            # A retry pings its worker first: when every worker was killed at once, the
            # others may not be reaped yet, and the retry would die with them.
            worker = await self._checkout(ping=attempt == 2)
            # Shielded: if the request is cancelled (the client went away), the worker
            # still comes back to the pool once it has answered.
            job = asyncio.ensure_future(self._run(worker, name, arguments))
            job.add_done_callback(_retrieve)
            try:
                answer, data = await asyncio.shield(job)
            except WorkerLostError:
                if attempt == 1:
                    continue  # once more, on another worker
                raise ServerBusyError(
                    "two compute workers stopped while computing this request; "
                    "try again in a moment"
                ) from None
            except TimeoutError:
                raise TimeBudgetError(
                    f"the computation took more than this server's budget of "
                    f"{self.budget:g} s per request; try a smaller position "
                    "or table"
                ) from None
            if answer[0] == "bug":
                raise WorkerCrashError(answer[1])
            if answer[0] == "error":
                raise _rebuilt(answer[1], answer[2])
            self.cache.put(key, data)  # ("ok", answer) as the worker sent it
            return answer[1]
        raise AssertionError("unreachable")  # pragma: no cover

    async def _checkout(self, *, ping: bool = False) -> _Worker:
        """A free worker that is alive (that answers a ping, with `ping`), waiting at most
        ``queue_timeout`` seconds."""
        try:
            async with asyncio.timeout(self.queue_timeout):
                while True:
                    worker = await self._idle.get()
                    if (
                        worker in self._all
                        and worker.alive()
                        and not self._superfluous(worker)
                        and (not ping or await asyncio.to_thread(worker.responds))
                    ):
                        return worker
                    self._retire(worker)  # died while idle, or worn and replaced
        except TimeoutError:
            raise ServerBusyError(
                f"every compute worker stayed busy for {self.queue_timeout:g} "
                "s; try again in a moment"
            ) from None

    async def _run(self, worker: _Worker, name: str, arguments: dict) -> tuple[tuple, bytes]:
        """One request on `worker`, which goes back to the pool after, or is replaced."""
        self._busy.add(worker)
        try:
            found = await asyncio.to_thread(worker.call, name, arguments, self.budget)
        except BaseException:  # past the budget, dead, or in an unknown state
            self._retire(worker)
            raise
        finally:
            self._busy.discard(worker)
            if worker not in self._all:  # retired meanwhile: its pipe is free now
                self._spawn(asyncio.to_thread(worker.stop))
        if worker not in self._all:
            return found
        if self.max_tasks is not None and worker.tasks >= self.max_tasks and not worker.worn:
            worker.worn = True  # it serves on until its replacement is ready
            self._top_up()
        if self._superfluous(worker):
            self._retire(worker)
        else:
            self._idle.put_nowait(worker)
        return found

    # ------------------------------------------------------------- replacing workers
    def _fresh(self) -> int:
        return sum(not worker.worn for worker in self._all)

    def _superfluous(self, worker: _Worker) -> bool:
        """A worn worker whose replacement is ready."""
        return worker.worn and self._fresh() >= self.workers

    def _add(self, worker: _Worker) -> None:
        self._all.add(worker)
        self._idle.put_nowait(worker)
        self._watch(worker)
        self._prune_idle()

    def _retire(self, worker: _Worker) -> None:
        """Take `worker` out of the pool, stop it and start another (idempotent). A busy
        worker is only killed here; its request's task stops it once the call is over."""
        if worker not in self._all:
            return
        self._all.discard(worker)
        self.replaced += 1
        self._unwatch(worker)
        if worker in self._busy:
            worker.kill()
        else:
            self._spawn(asyncio.to_thread(worker.stop))
        self._top_up()

    def _top_up(self) -> None:
        """Start as many workers as the pool lacks (worn ones do not count)."""
        if self._closing:
            return
        for _ in range(self.workers - self._fresh() - self._starting):
            self._starting += 1
            self._spawn(self._start_one())

    async def _start_one(self) -> None:
        try:
            fresh = await asyncio.to_thread(_Worker)
        except (WorkerCrashError, OSError) as exc:  # killed while warming up, no more
            # processes...: the next sweep tries again
            _LOG.warning("a compute worker failed to start (%s); trying again", exc)
            return
        finally:
            self._starting -= 1
        if self._closing:
            await asyncio.to_thread(fresh.stop)
        else:
            self._add(fresh)

    def _prune_idle(self) -> None:
        """Retire the idle workers that died or are worn and replaced (the queue has no
        remove, so it is emptied and filled again, in the same order)."""
        idle = []
        while not self._idle.empty():
            idle.append(self._idle.get_nowait())
        for worker in idle:
            if worker in self._all and worker.alive() and not self._superfluous(worker):
                self._idle.put_nowait(worker)
            else:
                self._retire(worker)

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        task.add_done_callback(_retrieve)

    def _watch(self, worker: _Worker) -> None:
        """Retire `worker` the moment its process ends (its sentinel becomes readable);
        where the event loop cannot watch a handle (Windows), the sweep finds it."""
        with contextlib.suppress(NotImplementedError):
            asyncio.get_running_loop().add_reader(worker.process.sentinel, self._retire, worker)

    def _unwatch(self, worker: _Worker) -> None:
        with contextlib.suppress(NotImplementedError, ValueError, OSError):
            asyncio.get_running_loop().remove_reader(worker.process.sentinel)


def _retrieve(task: asyncio.Future) -> None:
    """Read a background task's exception, so that asyncio does not log it as lost (the
    request that awaited it, if any, has reported it)."""
    if not task.cancelled():
        task.exception()


def _rebuilt(kind: str, message: str) -> GrundyError:
    """The worker's error, as the same GrundyError subclass in the server."""
    from ..core import errors

    cls = getattr(errors, kind, GrundyError)
    return (
        cls(message)
        if isinstance(cls, type) and issubclass(cls, GrundyError)
        else GrundyError(message)
    )
