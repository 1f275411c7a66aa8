"""The playground under load: 1 and 20 parallel clients against ``grundy serve``.

Each request asks what the page asks while a person plays Nim (value, options, the
engine's reply) for a random position, so the server's answer cache rarely helps. The
baseline is the same work done by calling :mod:`grundy.web.compute` in this process:
the ratio is what HTTP, the pipes to the workers and JSON cost.

Run: ``python benchmarks/web.py`` (needs the ``web`` extra and httpx).
"""

from __future__ import annotations

import random
import socket
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import httpx

from grundy.web import compute

REQUESTS_PER_CLIENT = 60
PATHS = ["value", "options", "reply"]


def requests_for(seed: int) -> list[tuple[str, dict]]:
    rng = random.Random(seed)
    found = []
    for i in range(REQUESTS_PER_CLIENT):
        heaps = " ".join(str(rng.randrange(1, 10**6)) for _ in range(rng.randrange(2, 6)))
        found.append((PATHS[i % 3], {"game": "nim", "position": heaps}))
    return found


def start_server(workers: int) -> tuple[subprocess.Popen, str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "grundy", "serve", "--port", str(port), "--workers", str(workers)],
        stdout=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx.get(f"{base}/api/limits", timeout=2)
            return server, base
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("grundy serve did not start")


def one_client(base: str, seed: int) -> list[float]:
    latencies = []
    with httpx.Client(base_url=base, timeout=60) as client:
        for path, params in requests_for(seed):
            began = time.perf_counter()
            answer = client.get(f"/api/{path}", params=params)
            latencies.append(time.perf_counter() - began)
            if answer.status_code != 200:
                raise SystemExit(f"{path} {params}: {answer.status_code} {answer.text}")
    return latencies


def load(base: str, clients: int, seed: int) -> tuple[float, list[float]]:
    began = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        runs = list(pool.map(one_client, [base] * clients, range(seed, seed + clients)))
    return time.perf_counter() - began, [t for run in runs for t in run]


def in_process(seed: int, clients: int) -> tuple[float, list[float]]:
    latencies = []
    for client in range(seed, seed + clients):
        for path, params in requests_for(client):
            began = time.perf_counter()
            getattr(compute, path)(**params)
            latencies.append(time.perf_counter() - began)
    return sum(latencies), latencies


def report(label: str, seconds: float, latencies: list[float]) -> float:
    rate = len(latencies) / seconds
    cuts = statistics.quantiles(latencies, n=20)
    print(
        f"  {label:<34} {rate:8,.0f} requests/s   latency p50 {1000 * cuts[9]:6.1f} ms  "
        f"p95 {1000 * cuts[18]:6.1f} ms   max {1000 * max(latencies):6.1f} ms"
    )
    return rate


def main() -> None:
    compute.warm_up()
    server, base = start_server(workers=2)
    try:
        one_client(base, 999)  # warm the connection and the workers
        print(
            f"grundy serve, 2 workers, Nim positions of 2-5 heaps below 10^6, "
            f"{REQUESTS_PER_CLIENT} requests per client"
        )
        baseline = report("compute functions in-process", *in_process(0, 20))
        single = report("1 client", *load(base, 1, 100))
        parallel = report("20 parallel clients", *load(base, 20, 200))
        print(
            f"  ratio 20 clients / 1 client: {parallel / single:.2f}x throughput; "
            f"server / in-process: {parallel / baseline:.2f}x"
        )
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
