"""Shared test set-up: the doctest namespace, the reference-data reader, Hypothesis'
settings, and the fixtures that measure work done (no test asserts wall-clock time)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import grundy

DATA = Path(__file__).parent / "data"

# CI runs the suite on a busy 2-core machine: no test may depend on how fast it runs.
# Hypothesis' default 200 ms deadline per example and its too-slow health check both do;
# this profile turns them off for every test (timings live in benchmarks/).
settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


def naive_mex(values) -> int:
    """The least non-negative integer not in `values`, straight from the definition."""
    values = set(values)
    m = 0
    while m in values:
        m += 1
    return m


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    """Run ``grundy ARGV...`` in this process: (exit status, stdout, stderr)."""
    from grundy.cli import main

    with pytest.raises(SystemExit) as info:
        main(list(argv))
    out, err = capsys.readouterr()
    return info.value.code, out, err


def run_cli_json(capsys, *argv: str) -> dict:
    """Run ``grundy ARGV... --json``, which must succeed, and read its JSON."""
    import json

    status, out, err = run_cli(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out)


def read_pairs(name: str) -> dict[int, int]:
    """Read a reference table of lines ``n value`` (the first line names its source)."""
    pairs = {}
    for line in (DATA / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            n, value = line.split()[:2]
            pairs[int(n)] = int(value)
    return pairs


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace: dict) -> None:
    doctest_namespace["gr"] = grundy


@pytest.fixture(scope="session")
def live_server():
    """A real ``grundy serve`` on a free local port (two workers); yields its base URL."""
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "grundy",
            "serve",
            "--port",
            str(port),
            "--workers",
            "2",
            "--budget",
            "5",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180  # a hang guard: generous for a loaded machine
    while True:
        try:
            with urllib.request.urlopen(f"{base}/api/limits", timeout=5):
                break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail(f"grundy serve did not start: {server.stderr.read().decode()[-500:]}")
            time.sleep(0.3)
    yield base
    server.terminate()
    server.wait(timeout=120)


# ----------------------------------------------------------------- work done, not time
@dataclass
class Calls:
    """The calls a :func:`spy` saw: their positional arguments, and how many returned.

    Also a context manager: leaving the ``with`` block puts the original back (else the
    test's end does), so that what a test does afterwards is not counted or forbidden.
    """

    name: str
    args: list = field(default_factory=list)
    returned: int = 0  # calls that returned normally (the others raised)
    restore: Callable[[], None] = lambda: None

    def __len__(self) -> int:
        return len(self.args)

    def __enter__(self) -> Calls:
        return self

    def __exit__(self, *exc: object) -> None:
        self.restore()


@pytest.fixture
def spy():
    """``spy(owner, name, max_calls=None)``: count the calls of ``owner.name``.

    `owner` is a module (a function it calls by its global name) or a class (a method:
    the first argument recorded is the instance). The wrapper calls through and returns
    a :class:`Calls` record. A call beyond `max_calls` raises AssertionError before doing
    any work, so a test that a fast path skips some work fails at once, instead of
    hanging, if the slow path runs; ``max_calls=0`` forbids the call.
    """
    restores: list[Callable[[], None]] = []

    def install(owner: object, name: str, max_calls: int | None = None) -> Calls:
        original = getattr(owner, name)  # AttributeError: the test names a missing hook
        own = vars(owner).get(name, _MISSING)  # None of its own: a class inherits it
        calls = Calls(f"{getattr(owner, '__name__', owner)}.{name}")

        def wrapper(*args, **kwargs):
            calls.args.append(args)
            if max_calls is not None and len(calls) > max_calls:
                raise AssertionError(
                    f"{calls.name} called {len(calls)} times, more than {max_calls}: the "
                    "fast path should not need it"
                )
            result = original(*args, **kwargs)
            calls.returned += 1
            return result

        def restore() -> None:
            if getattr(owner, name) is wrapper:
                if own is _MISSING:
                    delattr(owner, name)
                else:
                    setattr(owner, name, own)

        setattr(owner, name, wrapper)
        calls.restore = restore
        restores.append(restore)
        return calls

    yield install
    for restore in reversed(restores):
        restore()


_MISSING = object()


@pytest.fixture
def count_lines():
    """``count_lines(call, *args, max_lines=None)``: run ``call(*args)``; return (its
    result, the work it did).

    The work is the number of lines of grundy's own code (files under src/grundy)
    executed, counted by ``sys.settrace``: a measure of the work a query does that does
    not depend on the machine's speed or load, for tests of complexity claims (a
    quadratic loop shows up as lines, whatever the clock says). Code in C (numpy,
    numba kernels, ``str`` methods) counts as the one line that calls it. Past
    `max_lines` the call is stopped with AssertionError (a slow path fails, not hangs).
    """
    root = str(Path(grundy.__file__).resolve().parent)

    def run(call, *args, max_lines: int | None = None):
        count = 0

        def local(frame, event, arg):
            nonlocal count
            if event == "line":
                count += 1
                if max_lines is not None and count > max_lines:
                    raise AssertionError(f"more than {max_lines:,} lines of grundy run")
            return local

        def enter(frame, event, arg):
            return local if frame.f_code.co_filename.startswith(root) else None

        previous = sys.gettrace()
        sys.settrace(enter)
        try:
            result = call(*args)
        finally:
            sys.settrace(previous)
        return result, count

    return run
