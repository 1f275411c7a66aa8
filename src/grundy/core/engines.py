"""Where independent tasks run: local worker processes, or a Ray cluster.

Both engines have one interface, so a survey or a tiered solve is written once:
:meth:`Engine.submit` a task (a module-level function and its arguments), then take the
answers from :meth:`Engine.as_completed` as they arrive. Ray is imported only when a
:class:`RayEngine` is made.
"""

from __future__ import annotations

import ast
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from types import FrameType
from typing import Any

from .errors import EngineError, GrundyError

__all__ = [
    "EngineError",
    "Engine",
    "LocalEngine",
    "RayEngine",
    "make_engine",
    "check_engine",
    "ENGINES",
]

#: Engine names the CLI accepts.
ENGINES = ("local", "ray")

#: Times Ray runs a task again when its worker process or node dies.
RAY_TASK_RETRIES = 3


class Engine:
    """Runs tasks somewhere and hands back their results as they finish.

    A task is a module-level function and picklable arguments; a task that is run twice
    (after a worker died) must give the same result, which every task here does by
    writing its output atomically or not at all.

    Examples
    --------
    >>> from grundy.core.engines import make_engine
    >>> with make_engine("local", workers=1) as engine:
    ...     handles = [engine.submit(pow, 2, k) for k in range(4)]
    ...     sorted(result for _, result in engine.as_completed(handles))
    [1, 2, 4, 8]
    """

    name = "engine"
    #: How many tasks run at once.
    workers: int = 1

    def submit(self, task: Callable[..., Any], *args: Any) -> Any:
        """Start ``task(*args)``; return a handle for :meth:`as_completed`."""
        raise NotImplementedError

    def as_completed(self, handles: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
        """Yield ``(handle, result)`` for each handle, in the order the tasks finish."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop the workers; tasks not finished are abandoned."""

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(workers={self.workers})"


class LocalEngine(Engine):
    """Worker processes on this machine (``workers=1`` runs tasks in this process).

    Workers are spawned, and each imports the main script before its first task: a
    script that starts them keeps the call under ``if __name__ == "__main__":``. Without
    it, the first :meth:`submit` raises :class:`EngineError` naming the script's line,
    before any worker starts; a worker that fails at start-up is told apart from one that
    dies later.

    Examples
    --------
    >>> from grundy.core.engines import LocalEngine
    >>> with LocalEngine(workers=1) as engine:
    ...     [result for _, result in engine.as_completed([engine.submit(divmod, 7, 2)])]
    [(3, 1)]
    """

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = _worker_count(workers)
        self._pool: Any = None
        self._checked = False
        if self.workers > 1:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            # spawn, not fork: numba's and the caller's threads do not survive a fork.
            context = multiprocessing.get_context("spawn")
            # Set by the first worker that got through start-up (see as_completed).
            self._started = context.RawValue("b", 0)
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=_mark_started,
                initargs=(self._started, os.getpid()),
            )

    def submit(self, task: Callable[..., Any], *args: Any) -> Any:
        if self._pool is None:
            return _Deferred(task, args)
        if not self._checked:  # before the first worker process is started
            _check_main_guard()
            self._checked = True
        return self._pool.submit(task, *args)

    def as_completed(self, handles: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
        handles = list(handles)
        if self._pool is None:
            for handle in handles:
                yield handle, handle.run()
            return
        from concurrent.futures import as_completed
        from concurrent.futures.process import BrokenProcessPool

        try:
            for future in as_completed(handles):
                yield future, future.result()
        except BrokenProcessPool:
            if not self._started.value:  # no worker got through start-up: not a death
                raise EngineError(_START_FAILED + _guard_hint()) from None
            raise EngineError(
                "a local worker process died (out of memory or killed); "
                "run the command again to resume from what was saved"
            ) from None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class RayEngine(Engine):
    """Tasks on a Ray cluster: the one at `address`, or a new one on this machine.

    `address` may be ``"auto"`` (the cluster this machine belongs to), ``"ray://host:10001"``
    (a remote cluster through Ray Client) or ``None``: then ``RAY_ADDRESS`` if set, else a
    local Ray with `workers` CPUs (default: all). A task whose worker dies is run again,
    up to :data:`RAY_TASK_RETRIES` times.

    Examples
    --------
    >>> from grundy.core.engines import RayEngine
    >>> with RayEngine(workers=1) as engine:          # doctest: +SKIP
    ...     [r for _, r in engine.as_completed([engine.submit(divmod, 7, 2)])]
    [(3, 1)]
    """

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise EngineError("--engine ray needs Ray: pip install 'grundy[ray]'") from None
        self._ray = ray
        self._started = not ray.is_initialized()
        address = address or os.environ.get("RAY_ADDRESS") or None
        if self._started:
            options: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            if address is None:
                options["num_cpus"] = _worker_count(workers)
            try:
                ray.init(address=address, **options)
            except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError...
                raise EngineError(
                    f"cannot start Ray at {address or 'this machine'}: {_first_line(exc)}"
                ) from None
        self.workers = int(ray.cluster_resources().get("CPU", 1))
        self._remote: dict[Callable[..., Any], Any] = {}

    def submit(self, task: Callable[..., Any], *args: Any) -> Any:
        remote = self._remote.get(task)
        if remote is None:
            remote = self._ray.remote(max_retries=RAY_TASK_RETRIES)(task)
            self._remote[task] = remote
        return remote.remote(*args)

    def as_completed(self, handles: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
        ray = self._ray
        pending = list(handles)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            try:
                result = ray.get(done[0])
            except ray.exceptions.RayTaskError as exc:
                cause = exc.as_instanceof_cause()
                if isinstance(cause, GrundyError):
                    raise cause from None  # the task's own clear error, as if run here
                raise EngineError(f"a Ray task failed: {_first_line(exc)}") from None
            except ray.exceptions.RayError as exc:  # workers or nodes lost past the retries
                raise EngineError(f"a Ray task was lost: {_first_line(exc)}") from None
            yield done[0], result

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()


def make_engine(
    name: str = "local", workers: int | None = None, address: str | None = None
) -> Engine:
    """The engine called `name` (``"local"`` or ``"ray"``).

    Parameters
    ----------
    name : {"local", "ray"}
    workers : int, optional
        Tasks at once; default: the CPUs of this machine (ignored when joining a cluster).
    address : str, optional
        The Ray cluster to join (see :class:`RayEngine`).

    Raises
    ------
    EngineError
        An unknown name, a bad worker count, Ray missing or not reachable.

    Examples
    --------
    >>> from grundy.core.engines import make_engine
    >>> make_engine("local", workers=1)
    LocalEngine(workers=1)
    >>> make_engine("spark")
    Traceback (most recent call last):
    ...
    grundy.core.errors.EngineError: unknown engine 'spark': use local or ray
    """
    check_engine(name, workers, address)
    return LocalEngine(workers) if name == "local" else RayEngine(workers, address)


def check_engine(name: str, workers: int | None = None, address: str | None = None) -> None:
    """Raise :class:`EngineError` if :func:`make_engine` would refuse these arguments.

    Examples
    --------
    >>> from grundy.core.engines import check_engine
    >>> check_engine("local", workers=0)
    Traceback (most recent call last):
    ...
    grundy.core.errors.EngineError: workers must be a positive integer, not 0
    """
    if name not in ENGINES:
        raise EngineError(f"unknown engine {name!r}: use {' or '.join(ENGINES)}")
    if name == "local" and address:
        raise EngineError("--address is for --engine ray")
    _worker_count(workers)


class _Deferred:
    """A task of the one-worker local engine: run when its result is asked for."""

    def __init__(self, task: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.task, self.args = task, args

    def run(self) -> Any:
        return self.task(*self.args)


#: The fix for a script that starts local workers at its top level.
GUARD_FIX = "put the call under if __name__ == '__main__':"

_START_FAILED = "the local worker processes failed to start (see the error above)"


def _mark_started(flag: Any, parent: int) -> None:
    """Pool initializer: runs in a worker once it has imported the caller's main module.

    The worker also ends with `parent` (killed, even by SIGKILL), task or no task.
    """
    from .progress import exit_with_parent

    flag.value = 1
    exit_with_parent(parent)


def _check_main_guard() -> None:
    """Refuse to start worker processes that would run the caller's script again.

    A spawned worker imports the parent's main script (as ``__mp_main__``) before it
    runs any task; a call that starts workers from the script's top level, outside
    ``if __name__ == "__main__":``, then runs again in the worker, which multiprocessing
    stops with a RuntimeError and the parent sees as a dead worker. This is checked here,
    in the parent, from the script's source; in a worker (during that import) the same
    call is refused with the same message.
    """
    import multiprocessing

    if getattr(multiprocessing.current_process(), "_inheriting", False):
        raise EngineError(f"a worker process is importing the main script: {GUARD_FIX}")
    path = _runs_main_again()
    if path is not None:
        start = getattr(multiprocessing.process, "ORIGINAL_DIR", None) or os.getcwd()
        if not os.path.isfile(os.path.join(start, path)):  # python - < script.py
            raise EngineError(
                f"local worker processes import the main script, and {path} is not a file: "
                "save the script to a file, or use one worker"
            )
    where = _unguarded_main_line()
    if where is not None:
        raise EngineError(
            f"{where} starts local worker processes, which import the script and would run "
            f"it again: {GUARD_FIX}"
        )


def _runs_main_again() -> str | None:
    """The path of the main script if spawned workers run it again (as multiprocessing
    does), else None: ``python -m package``, the REPL, ``-c`` and notebooks are not."""
    main = sys.modules.get("__main__")
    if main is None:
        return None
    spec_name = getattr(getattr(main, "__spec__", None), "name", None)
    if spec_name is not None and (spec_name == "__main__" or spec_name.endswith(".__main__")):
        return None
    path = getattr(main, "__file__", None)
    if not isinstance(path, str) or os.path.splitext(os.path.basename(path))[0] == "ipython":
        return None
    return path


def _unguarded_main_line() -> str | None:
    """``"script.py line N"``: the line of the main script now running at its top level,
    if it is not under ``if __name__ == "__main__":`` and workers would run the script
    again; else None."""
    path = _runs_main_again()
    if path is None:
        return None
    main_globals = sys.modules["__main__"].__dict__
    frame: FrameType | None = sys._getframe()
    while frame is not None and not (
        frame.f_globals is main_globals and frame.f_code.co_name == "<module>"
    ):
        frame = frame.f_back
    if frame is None:  # the script's top level is not on this thread's stack
        return None
    line = frame.f_lineno
    try:
        with open(path, "rb") as file:
            tree = ast.parse(file.read())
    except (OSError, SyntaxError, ValueError):
        return None  # no source to read: multiprocessing's own check stays
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            guard = _main_guard(node.test)
            block = node.body if guard == "==" else node.orelse if guard == "!=" else []
            if block and block[0].lineno <= line <= (block[-1].end_lineno or line):
                return None
    return f"{os.path.basename(path)} line {line}"


def _main_guard(test: ast.expr) -> str | None:
    """``"=="`` for ``__name__ == "__main__"`` (either order, also inside ``and``),
    ``"!="`` for ``__name__ != "__main__"``, else None."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return "==" if any(_main_guard(v) == "==" for v in test.values) else None
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    left, right = test.left, test.comparators[0]
    if not (_is_name(left) and _is_main(right) or _is_main(left) and _is_name(right)):
        return None
    return {ast.Eq: "==", ast.NotEq: "!="}.get(type(test.ops[0]))


def _is_name(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "__name__"


def _is_main(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value == "__main__"


def _guard_hint() -> str:
    """For a start-up failure: the usual cause, when the main module is a script."""
    return f"; if a script started them: {GUARD_FIX}" if _runs_main_again() else ""


def _worker_count(workers: int | None) -> int:
    if workers is None:
        return os.cpu_count() or 1
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise EngineError(f"workers must be a positive integer, not {workers!r}")
    return workers


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
