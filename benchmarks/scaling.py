"""Scaling out: a survey and a tiered solve with 1 and 2 workers, locally and on Ray.

Survey: every three-digit octal game up to n = 16,384 (512 tasks). Tiered solve: connect
four on a 4 x 6 board (7.9 million positions up to symmetry), in shards of 262,144
positions, through a store in a temporary directory; the baseline is the in-memory
compiled solver of ``grundy.twoplayer.solve`` on the same board. The script prints
seconds, the rate and the speed-up over one worker, and checks that every run gives the
same answer.

With ``--largest WxH`` it also solves that connect-four board by tiers with all cores and
reports positions, time, store size and peak memory (the largest board solved here).

Run: ``python benchmarks/scaling.py [--quick] [--no-ray] [--largest 6x4]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import tempfile
import time
from collections.abc import Callable
from typing import Any

from grundy.app import registry
from grundy.scale import survey
from grundy.twoplayer import save, solve, solve_tiers


def timed(func: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[float, Any]:
    began = time.perf_counter()
    result = func(*args, **kwargs)
    return time.perf_counter() - began, result


def engines(with_ray: bool) -> list[tuple[str, str, int]]:
    runs = [("local, 1 worker", "local", 1), ("local, 2 workers", "local", 2)]
    if with_ray:
        runs += [("ray, 1 worker", "ray", 1), ("ray, 2 workers", "ray", 2)]
    return runs


def bench_survey(family: str, upto: int, with_ray: bool) -> None:
    print(f"survey {family} up to n = {upto:,}")
    first, baseline = None, None
    for label, engine, workers in engines(with_ray):
        seconds, results = timed(survey, family, upto, engine=engine, workers=workers)
        digests = [(r.code, r.digest, r.certified) for r in results]
        first = first or digests
        assert digests == first, f"{label}: results differ"
        baseline = baseline or seconds
        print(
            f"  {label:<18} {seconds:7.2f} s  {len(results) / seconds:8.1f} games/s  "
            f"speed-up {baseline / seconds:4.2f}x"
        )


def bench_tiers(board: str, shard_size: int, with_ray: bool) -> None:
    game = registry.find(f"connect-four:{board}").limited_to(10**9)
    seconds, plain = timed(solve, game)
    print(
        f"tiered solve of connect-four {board}: {len(plain):,} positions, shards of {shard_size:,}"
    )
    print(
        f"  {'in memory (solve)':<18} {seconds:7.2f} s  {len(plain) / seconds:>10,.0f} positions/s"
    )
    first, baseline = None, None
    for label, engine, workers in engines(with_ray):
        store = tempfile.mkdtemp(prefix="grundy-tiers-")
        try:
            seconds, solution = timed(
                solve_tiers, game, store, engine=engine, workers=workers, shard_size=shard_size
            )
            database = os.path.join(tempfile.gettempdir(), f"grundy-bench-{os.getpid()}.solved")
            save(solution, database)
            with open(database, "rb") as f:
                data = f.read()
            os.remove(database)
        finally:
            shutil.rmtree(store, ignore_errors=True)
        first = first or data
        assert data == first, f"{label}: the database differs"
        baseline = baseline or seconds
        print(
            f"  {label:<18} {seconds:7.2f} s  {len(solution) / seconds:>10,.0f} positions/s  "
            f"speed-up {baseline / seconds:4.2f}x"
        )


def bench_largest(board: str, shard_size: int) -> None:
    game = registry.find(f"connect-four:{board}").limited_to(10**10)
    store = tempfile.mkdtemp(prefix="grundy-tiers-")
    try:
        seconds, solution = timed(solve_tiers, game, store, shard_size=shard_size, progress=True)
        size = sum(
            os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(store) for f in files
        )
    finally:
        shutil.rmtree(store, ignore_errors=True)
    peak = (
        max(
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
        )
        / 1024
    )
    start = game.start()
    print(
        f"largest: connect-four {board}, {len(solution):,} positions up to symmetry, "
        f"{solution.value(start).value} in {solution.remoteness(start)}; {seconds:.1f} s on "
        f"{os.cpu_count()} cores, store {size / 2**20:,.1f} MiB, peak memory of one process "
        f"{peak:,.0f} MiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller survey and board")
    parser.add_argument("--no-ray", action="store_true", help="local engine only")
    parser.add_argument("--largest", metavar="WxH", help="also solve this board by tiers")
    args = parser.parse_args()
    with_ray = not args.no_ray
    if with_ray:
        try:
            import ray  # noqa: F401
        except ImportError:
            print("ray is not installed: local engine only")
            with_ray = False
    bench_survey("0.ddd", 4096 if args.quick else 16384, with_ray)
    bench_tiers("4x4" if args.quick else "4x6", 8192 if args.quick else 1 << 18, with_ray)
    if args.largest:
        bench_largest(args.largest, 1 << 18)


if __name__ == "__main__":
    main()
