"""Long computations seen from outside: progress on stderr, kernel calls kept short, and
stopping them.

:class:`Progress` is what a computation shows while it runs, when asked: a live rich bar
that disappears at the end, or plain lines. :class:`Chunks` sizes the calls of a
compiled kernel so that each takes about :data:`CHUNK_SECONDS`: between two calls the
progress is updated and Ctrl-C is seen (a numba kernel does not look at signals).
:func:`sigterm_as_interrupt` makes SIGTERM stop a computation as Ctrl-C does (so what it
saves on Ctrl-C is saved on a kill too), and :func:`exit_with_parent` ends a worker
process whose parent died. rich is imported only when a bar is shown, so ``import
grundy`` stays light.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

__all__ = [
    "CHUNK_SECONDS",
    "PARENT_POLL_SECONDS",
    "Chunks",
    "Progress",
    "Terminated",
    "Widget",
    "exit_with_parent",
    "sigterm_as_interrupt",
]

#: How long one kernel call should take: long enough that the calls cost nothing, short
#: enough that the progress bar moves and Ctrl-C stops the work at once.
CHUNK_SECONDS = 0.25

#: How often a worker started by :func:`exit_with_parent` looks whether its parent lives.
PARENT_POLL_SECONDS = 0.5

#: The columns of a live bar that are not text: the bar itself, a spinner, the time
#: elapsed, the time remaining (from the task's total).
Widget = Literal["bar", "spinner", "elapsed", "remaining"]


class Progress:
    """Progress of one computation on stderr, or nothing at all when not `shown`.

    Callers make one whatever the user asked and call it freely: every method does
    nothing unless `shown`. Two displays: :meth:`live` starts a rich bar (transient: it
    is gone when :meth:`close` stops it), updated by :meth:`update`; :meth:`line` and
    :meth:`status` write plain text (a line, or a status that overwrites the last one).

    Examples
    --------
    >>> from grundy.core.progress import Progress
    >>> quiet = Progress(shown=False)
    >>> quiet.line("never written"); quiet.close()
    >>> quiet.rate(1000) > 0
    True
    """

    def __init__(self, shown: bool = True) -> None:
        self.shown = shown
        self.began = time.perf_counter()
        self._bar: Any = None  # the rich Progress, while a live bar is shown
        self._task: Any = None

    # ----------------------------------------------------------------- figures
    def elapsed(self) -> float:
        """Seconds since this progress began (made, or its live bar started)."""
        return time.perf_counter() - self.began

    def rate(self, count: float) -> float:
        """`count` per second since this progress began."""
        return count / max(self.elapsed(), 1e-9)

    # ----------------------------------------------------------------- plain text
    def line(self, text: str) -> None:
        """Write `text` and a newline."""
        if self.shown:
            sys.stderr.write(text + "\n")
            sys.stderr.flush()

    def status(self, text: str) -> None:
        """Write `text` over the current line (a carriage return first, no newline)."""
        if self.shown:
            sys.stderr.write("\r" + text)
            sys.stderr.flush()

    # ----------------------------------------------------------------- a live bar
    def live(
        self,
        *columns: Widget | str,
        description: str = "",
        total: float | None = 100.0,
        completed: float = 0,
        **fields: Any,
    ) -> None:
        """Start a live bar of `columns`: widgets by name, or rich text templates.

        A template sees the task: ``"{task.description}"``, ``"{task.completed:,}"``,
        ``"{task.fields[rate]}"`` (one of `fields`). `total` is what ``completed``
        counts up to (rich's default 100; None: unknown). The clock of :meth:`elapsed`
        restarts.
        """
        if not self.shown:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            ProgressColumn,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as Bar

        widgets: dict[str, type[ProgressColumn]] = {
            "bar": BarColumn,
            "spinner": SpinnerColumn,
            "elapsed": TimeElapsedColumn,
            "remaining": TimeRemainingColumn,
        }
        made = [widgets[c]() if c in widgets else TextColumn(c) for c in columns]
        self._bar = Bar(*made, console=Console(stderr=True), transient=True)
        self.began = time.perf_counter()
        self._task = self._bar.add_task(description, total=total, completed=completed, **fields)
        self._bar.start()

    def update(self, **fields: Any) -> None:
        """Change the live bar's task: ``completed``, ``description``, or its fields."""
        if self._bar is not None:
            self._bar.update(self._task, **fields)

    def close(self, end: str = "") -> None:
        """Stop the live bar (it disappears), then write `end` (``"\\n"`` after a status)."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
        if self.shown and end:
            sys.stderr.write(end)


class Chunks:
    """The size of the next kernel call, adapted so that calls take about CHUNK_SECONDS.

    Call :meth:`start` before each call (it starts the clock and gives the size) and
    :meth:`done` after it: a full chunk done in less than half the time doubles the
    size, a chunk that took more than twice the time halves it (never below the first).

    Examples
    --------
    >>> from grundy.core.progress import Chunks
    >>> chunks = Chunks(1024)
    >>> size = chunks.start()     # ... a kernel call on `size` items, in no time ...
    >>> chunks.done(full=True)
    >>> chunks.size
    2048
    """

    def __init__(self, first: int) -> None:
        self.size = self.first = first
        self._began = time.perf_counter()

    def start(self) -> int:
        """Start timing a call; return its size."""
        self._began = time.perf_counter()
        return self.size

    def done(self, full: bool) -> None:
        """Adapt the size after a call (`full`: it did all of its chunk)."""
        spent = time.perf_counter() - self._began
        if full and spent < CHUNK_SECONDS / 2:
            self.size *= 2
        elif spent > CHUNK_SECONDS * 2 and self.size > self.first:
            self.size //= 2


class Terminated(KeyboardInterrupt):
    """SIGTERM inside :func:`sigterm_as_interrupt`: a ``KeyboardInterrupt``, so whatever
    keeps its work on Ctrl-C keeps it on a kill, told apart only where the exit status is
    chosen (143, 128 + SIGTERM, where Ctrl-C gives 130).

    Examples
    --------
    >>> from grundy.core.progress import Terminated
    >>> isinstance(Terminated(), KeyboardInterrupt)
    True
    """


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While the block runs, SIGTERM raises :class:`Terminated`, a ``KeyboardInterrupt``,
    as Ctrl-C does.

    A computation that keeps its work on Ctrl-C (a checkpoint written in an ``except
    KeyboardInterrupt``) then keeps it when killed by ``kill``, a job scheduler or a
    container stop too, which send SIGTERM first. The previous handler is put back when
    the block ends. Only the main thread can set handlers: elsewhere (and where there is
    no SIGTERM) the block runs unchanged; so it does in a process started by
    :mod:`multiprocessing` (a pool's worker), which its pool ends with SIGTERM: there a
    ``KeyboardInterrupt`` would be sent back as the task's error, and the worker go on.

    Examples
    --------
    >>> import signal
    >>> from grundy.core.progress import sigterm_as_interrupt
    >>> before = signal.getsignal(signal.SIGTERM)
    >>> with sigterm_as_interrupt():
    ...     signal.getsignal(signal.SIGTERM) is before
    False
    >>> signal.getsignal(signal.SIGTERM) is before
    True
    """
    import multiprocessing
    import signal

    sigterm = getattr(signal, "SIGTERM", None)
    if (
        sigterm is None
        or threading.current_thread() is not threading.main_thread()
        or multiprocessing.parent_process() is not None
    ):
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise Terminated

    previous = signal.signal(sigterm, interrupt)
    try:
        yield
    finally:
        # None: a handler set outside Python, which cannot be put back; the default is
        # the nearest (the process ends)
        signal.signal(sigterm, signal.SIG_DFL if previous is None else previous)


_watched: set[int] = set()  # parents this process already watches
_watch_lock = threading.Lock()


def exit_with_parent(parent: int | None) -> None:
    """End this process (status 1) as soon as process `parent` is no longer its parent.

    Called by the tasks of a local worker pool with the pid of the process that started
    the pool: when that process is killed (even by SIGKILL, which no handler sees), its
    workers would otherwise go on computing, and holding their memory, for good. A
    daemon thread looks every :data:`PARENT_POLL_SECONDS`; an orphan is re-parented, so
    ``os.getppid()`` changes (on POSIX systems; on Windows a process keeps its parent's
    pid, and the watch never fires). Calls after the first cost nothing; ``None``, or
    this process's own pid (a pool of one runs its tasks in the caller), does nothing.

    Examples
    --------
    >>> import os
    >>> from grundy.core.progress import exit_with_parent
    >>> exit_with_parent(os.getpid())          # a task run in the caller's process
    >>> exit_with_parent(None)
    """
    if parent is None or parent == os.getpid():
        return
    with _watch_lock:
        if parent in _watched:
            return
        _watched.add(parent)
    if os.getppid() != parent:  # the parent died before this task started
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        # os._exit, not sys.exit: nothing of a dead parent's run is worth finishing, and
        # the main thread may be in a compiled kernel that would not see an exception
        os._exit(1)

    threading.Thread(target=watch, name="grundy-exit-with-parent", daemon=True).start()
