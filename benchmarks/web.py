"""The playground under load: 1, 20 and 100 parallel clients against ``grundy serve``,
and the memory of its processes over 10,000 requests.

Each request of the load runs asks what the page asks while a person plays Nim (value,
options, the engine's reply) for a random position, so the server's answer cache rarely
helps. The baseline is the same requests computed by calling :mod:`grundy.web.compute`
in this process, one after the other: the ratio is what HTTP, the pipes to the workers
and JSON cost, and what the workers gain by computing in parallel.

The soak sends 10,000 distinct requests from 20 clients, a third of them sequence tables
of heap games up to 10,000 values (the biggest answers the cache keeps) and some Wythoff
values (which fill the workers' memo tables), and samples the resident memory (RSS) of
the server and its workers meanwhile: it should rise to a plateau (the cache's bound,
workers replaced after their ``max_tasks`` requests) and stay there.

The clients are threads of this process, each with its own keep-alive connection.
Run: ``python benchmarks/web.py`` (needs the ``web`` extra and httpx; reads /proc, so
Linux). Add ``--workers N`` for another pool size.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import httpx
from _timing import note, section

from grundy.web import compute

Request = tuple[str, dict]
LOAD_REQUESTS = 1_200  # per load run, shared by its clients
SOAK_REQUESTS = 10_000
SOAK_CLIENTS = 20
SAMPLE_EVERY = 1_000  # requests, in the soak's table
TABLE_GAMES = ["0.77", "0.137", "4.07", "0.6", "0.16", "0.34", "0.51", "0.07", "0.4", "0.26"]


# ----------------------------------------------------------------- requests
def nim_requests(seed: int, count: int) -> list[Request]:
    """What the page asks while a person plays Nim: value, options, reply in turn."""
    rng = random.Random(seed)
    found = []
    for i in range(count):
        heaps = " ".join(str(rng.randrange(1, 10**6)) for _ in range(rng.randrange(2, 6)))
        found.append((["value", "options", "reply"][i % 3], {"game": "nim", "position": heaps}))
    return found


def soak_requests(seed: int, count: int) -> list[Request]:
    """Nim as above, sequence tables of heap games (distinct: up to 10,000 values), and
    values of Wythoff positions (searched: they fill a worker's memo)."""
    rng = random.Random(seed)
    found = []
    for i in range(count):
        kind = i % 3
        if kind == 0:
            found.extend(nim_requests(rng.randrange(10**9), 1))
        elif kind == 1:
            game, upto = rng.choice(TABLE_GAMES), rng.randrange(2_000, 10_001)
            found.append(("table", {"game": game, "upto": upto}))
        else:
            position = f"{rng.randrange(150)} {rng.randrange(150)}"
            found.append(("value", {"game": "wythoff", "position": position}))
    return found


# ----------------------------------------------------------------- the server
def start_server(workers: int) -> tuple[subprocess.Popen, str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "grundy", "serve", "--port", str(port), "--workers", str(workers)],
        stdout=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            httpx.get(f"{base}/api/health", timeout=2)
            return server, base
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("grundy serve did not start")


def tree_rss(root: int) -> tuple[int, int]:
    """Resident memory in bytes of process `root` and of it with all its descendants."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):  # ended meanwhile
                continue
            children.setdefault(parent, []).append(int(entry))
    sizes, todo = {}, [root]
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        try:
            with open(f"/proc/{pid}/status") as status:
                line = next(x for x in status if x.startswith("VmRSS:"))
            sizes[pid] = int(line.split()[1]) * 1024
        except (OSError, StopIteration):
            sizes[pid] = 0
    return sizes.get(root, 0), sum(sizes.values())


class Sampler:
    """Samples the server tree's RSS every 0.2 s in a thread, with the requests done."""

    def __init__(self, pid: int) -> None:
        self.pid, self.done = pid, 0
        self.samples: list[tuple[int, int, int]] = []  # (requests done, server, tree)
        self._lock, self._stop = threading.Lock(), threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def count(self) -> None:
        with self._lock:
            self.done += 1

    def _run(self) -> None:
        while not self._stop.is_set():
            self.samples.append((self.done, *tree_rss(self.pid)))
            self._stop.wait(0.2)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        self.samples.append((self.done, *tree_rss(self.pid)))


# ----------------------------------------------------------------- load
def one_client(base: str, requests: list[Request], sampler: Sampler) -> list[float]:
    """One keep-alive connection sending `requests` in turn: their latencies.

    The standard library's client, not httpx: it costs the client process a fifth of the
    CPU time, which on a small machine the server would otherwise lose (100 httpx
    clients halve the server's measured rate on 2 cores).
    """
    latencies = []
    connection = http.client.HTTPConnection(urllib.parse.urlsplit(base).netloc, timeout=120)
    try:
        for path, params in requests:
            began = time.perf_counter()
            connection.request("GET", f"/api/{path}?{urllib.parse.urlencode(params)}")
            answer = connection.getresponse()
            body = answer.read()
            latencies.append(time.perf_counter() - began)
            sampler.count()
            if answer.status != 200:
                raise SystemExit(f"{path} {params}: {answer.status} {body[:300]!r}")
    finally:
        connection.close()
    return latencies


def load(base: str, work: list[list[Request]], sampler: Sampler) -> tuple[float, list[float]]:
    """Each list of `work` sent by its own client thread: (seconds, every latency)."""
    began = time.perf_counter()
    with ThreadPoolExecutor(len(work)) as pool:
        runs = list(pool.map(lambda requests: one_client(base, requests, sampler), work))
    return time.perf_counter() - began, [t for run in runs for t in run]


def in_process(requests: list[Request]) -> tuple[float, list[float]]:
    latencies = []
    for path, params in requests:
        began = time.perf_counter()
        getattr(compute, path)(**params)
        latencies.append(time.perf_counter() - began)
    return sum(latencies), latencies


def row(label: str, seconds: float, latencies: list[float]) -> float:
    rate = len(latencies) / seconds
    cuts = statistics.quantiles(latencies, n=100)
    print(
        f"  {label:<22}{rate:>10,.0f}/s{1000 * cuts[49]:>10.1f}{1000 * cuts[94]:>10.1f}"
        f"{1000 * cuts[98]:>10.1f}{1000 * max(latencies):>10.1f}",
        flush=True,
    )
    return rate


def split(requests: list[Request], clients: int) -> list[list[Request]]:
    return [requests[i::clients] for i in range(clients)]


def mb(size: int) -> str:
    return f"{size / 2**20:,.0f} MB"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="compute workers (default 2)")
    parser.add_argument("--seed", type=int, default=2024, help="random seed")
    args = parser.parse_args(argv)
    compute.warm_up()
    server, base = start_server(args.workers)
    sampler = Sampler(server.pid)
    try:
        load(base, [nim_requests(args.seed - 1, 30)], sampler)  # warm the workers
        section(
            f"grundy serve, {args.workers} workers, {os.cpu_count()} cores; {LOAD_REQUESTS:,} "
            f"requests a run (value/options/reply of Nim positions, 2-5 heaps below 10^6), "
            f"seed {args.seed}"
        )
        print(f"  {'':<22}{'rate':>12}{'p50 ms':>10}{'p95 ms':>10}{'p99 ms':>10}{'max ms':>10}")
        requests = nim_requests(args.seed, LOAD_REQUESTS)
        baseline = row("in-process, 1 thread", *in_process(requests))
        rates = {}
        for clients in (1, 20, 100):
            label = f"{clients} client{'s' * (clients > 1)}"
            work = split(nim_requests(args.seed + clients, LOAD_REQUESTS), clients)
            rates[clients] = row(label, *load(base, work, sampler))
        note(
            f"server / in-process throughput: {rates[1] / baseline:.2f}x (1 client), "
            f"{rates[20] / baseline:.2f}x (20), {rates[100] / baseline:.2f}x (100)"
        )
        soak(base, sampler, args.seed)
    finally:
        server.terminate()
        server.wait()


def soak(base: str, sampler: Sampler, seed: int) -> None:
    section(
        f"\nmemory over {SOAK_REQUESTS:,} distinct requests from {SOAK_CLIENTS} clients "
        "(Nim; tables of heap games up to 10,000; Wythoff values)"
    )
    start = sampler.done
    began = time.perf_counter()
    work = split(soak_requests(seed, SOAK_REQUESTS), SOAK_CLIENTS)
    seconds, latencies = load(base, work, sampler)
    sampler.stop()
    health = httpx.get(f"{base}/api/health").json()
    soaked = [(done - start, server, tree) for done, server, tree in sampler.samples]
    print(f"  {'requests':>10}{'server':>10}{'server + workers':>20}")
    for mark in range(0, SOAK_REQUESTS + 1, SAMPLE_EVERY):
        sample = next(s for s in soaked if s[0] >= mark)
        print(f"  {mark:>10,}{mb(sample[1]):>10}{mb(sample[2]):>20}")
    peak: Callable[[int], int] = lambda i: max(s[i] for s in sampler.samples)  # noqa: E731
    note(
        f"{len(latencies) / seconds:,.0f} requests/s, p99 "
        f"{1000 * statistics.quantiles(latencies, n=100)[98]:.0f} ms; "
        f"{time.perf_counter() - began:.0f} s"
    )
    note(
        f"peak RSS of the whole run: server {mb(peak(1))}, server + workers {mb(peak(2))}; "
        f"cache {mb(health['cache_bytes'])} in {health['cache_entries']:,} answers; "
        f"workers replaced: {health['replaced']}"
    )


if __name__ == "__main__":
    main()
