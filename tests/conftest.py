"""Shared test set-up: the doctest namespace and the reference-data reader."""

from __future__ import annotations

from pathlib import Path

import pytest

import grundy

DATA = Path(__file__).parent / "data"


def naive_mex(values) -> int:
    """The least non-negative integer not in `values`, straight from the definition."""
    values = set(values)
    m = 0
    while m in values:
        m += 1
    return m


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
    deadline = time.monotonic() + 90
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
    server.wait(timeout=30)
