"""Soak and chaos: a real ``grundy serve`` keeps answering while its workers are killed.

Twenty clients send a fixed number of requests (a few hundred, some seconds of work)
while a helper thread kills a random compute worker (SIGKILL) every two seconds or so.
Every answer must be right (checked against the same computation in this process) or a
refusal in JSON; no request may hang (client timeouts, not timing assertions); and at
the end the pool is whole again. Needs /proc (Linux) to find the workers.
"""

from __future__ import annotations

import functools
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")

from grundy.web import compute  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds workers in /proc"),
]

WORKERS = 2
BUDGET = 10  # seconds a request may compute
CLIENTS = 20
REQUESTS_PER_CLIENT = 50
# The longest a request may take: waiting for a worker (30 s) and its budget, twice (a
# request whose worker dies is tried once more), and slack for a loaded machine.
CLIENT_TIMEOUT = 2 * (30 + BUDGET) + 60
TABLE_GAMES = ["0.77", "0.137", "4.07", "0.6"]


@pytest.fixture
def chaos_server():
    """A ``grundy serve`` of its own (its workers get killed): (base URL, server pid)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "grundy", "serve", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--workers", str(WORKERS), "--budget", str(BUDGET)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):  # a hang guard, 0.3 s apart: generous for a loaded machine
        try:
            with urllib.request.urlopen(f"{base}/api/health", timeout=5):
                break
        except OSError:
            if server.poll() is not None:
                break
            time.sleep(0.3)
    else:
        server.kill()
        server.wait()
    if server.poll() is not None:
        pytest.fail(f"grundy serve did not start: {server.stderr.read().decode()[-500:]}")
    yield base, server.pid
    server.terminate()
    server.wait(timeout=120)


def worker_pids(server: int) -> list[int]:
    """The compute workers of the server: its children started by multiprocessing's
    spawn (not its resource tracker)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read()
        except (OSError, ValueError, IndexError):  # ended meanwhile
            continue
        if parent == server and b"spawn_main" in command:
            found.append(int(entry))
    return found


@functools.cache
def full_table(game: str) -> list[int]:
    return compute.table(game, 10_000)["values"]


def requests_for(seed: int) -> list[tuple[str, dict, object]]:
    """A client's requests, each with the part of the answer that must come back."""
    rng = random.Random(seed)
    found: list[tuple[str, dict, object]] = []
    for i in range(REQUESTS_PER_CLIENT):
        kind = i % 4
        if kind == 0:
            heaps = [rng.randrange(1, 10**6) for _ in range(rng.randrange(2, 6))]
            position = " ".join(map(str, heaps))
            xor = functools.reduce(lambda a, b: a ^ b, heaps)
            found.append(("value", {"game": "nim", "position": position}, xor))
        elif kind == 1:
            game, upto = rng.choice(TABLE_GAMES), rng.randrange(500, 10_001)
            found.append(("table", {"game": game, "upto": upto}, full_table(game)[: upto + 1]))
        elif kind == 2:
            params = {"game": "wythoff", "position": f"{rng.randrange(120)} {rng.randrange(120)}"}
            found.append(("value", params, compute.value(**params)["grundy"]))
        else:
            params = {"game": "chomp", "position": " ".join(["6"] * rng.randrange(4, 8))}
            found.append(("value", params, compute.value(**params)["grundy"]))
    return found


def checked(path: str, answer: httpx.Response, expected: object) -> str | None:
    """What is wrong with `answer`, if anything: a right answer and a refusal in JSON
    are both fine."""
    if answer.status_code == 200:
        got = answer.json()["values" if path == "table" else "grundy"]
        return None if got == expected else f"wrong answer {got!r}, expected {expected!r}"
    try:
        body = answer.json()
    except ValueError:
        return f"{answer.status_code} not in JSON: {answer.text[:200]!r}"
    if answer.status_code < 400 or not isinstance(body.get("detail"), str) or "error" not in body:
        return f"{answer.status_code} {body}"
    return None


def one_client(base: str, seed: int) -> tuple[list[str], int]:
    """A client's requests in turn: (the problems found, the right answers)."""
    problems, right = [], 0
    with httpx.Client(base_url=base, timeout=CLIENT_TIMEOUT) as client:
        for path, params, expected in requests_for(seed):
            try:
                answer = client.get(f"/api/{path}", params=params)
            except httpx.HTTPError as exc:  # a hang (past the timeout) or a dropped link
                problems.append(f"{path} {params}: {type(exc).__name__} {exc}")
                continue
            problem = checked(path, answer, expected)
            if problem:
                problems.append(f"{path} {params}: {problem}")
            right += answer.status_code == 200 and not problem
    return problems, right


def test_the_server_answers_right_while_its_workers_are_killed(chaos_server):
    base, server = chaos_server
    for seed in range(CLIENTS):  # the expected answers, before the clock matters
        requests_for(seed)
    done, kills = threading.Event(), []
    rng = random.Random(2024)

    def chaos() -> None:  # at once, then every 1.5-3 s until the clients are done
        while not done.is_set():
            pids = worker_pids(server)
            if pids:
                victim = rng.choice(pids)
                try:
                    os.kill(victim, signal.SIGKILL)
                    kills.append(victim)
                except ProcessLookupError:
                    pass
            done.wait(rng.uniform(1.5, 3.0))

    killer = threading.Thread(target=chaos, daemon=True)
    killer.start()
    try:
        with ThreadPoolExecutor(CLIENTS) as pool:
            runs = list(pool.map(one_client, [base] * CLIENTS, range(CLIENTS)))
    finally:
        done.set()
        killer.join()
    assert [problem for problems, _ in runs for problem in problems] == []
    assert kills, "no worker was killed"
    right = sum(count for _, count in runs)
    assert right >= CLIENTS * REQUESTS_PER_CLIENT // 2, right  # refusals are the exception
    with httpx.Client(base_url=base, timeout=CLIENT_TIMEOUT) as client:
        for _ in range(600):  # the pool heals (a bounded number of polls, 0.1 s apart)
            health = client.get("/api/health").json()
            if health["alive"] == WORKERS and health["starting"] == 0:
                break
            time.sleep(0.1)
        assert health["alive"] == WORKERS and health["status"] == "ok", health
        assert len(worker_pids(server)) == WORKERS and not set(kills) & set(worker_pids(server))
        # And it still computes.
        answer = client.get("/api/value", params={"game": "nim", "position": "3 4 5"})
        assert answer.status_code == 200 and answer.json()["grundy"] == 2
