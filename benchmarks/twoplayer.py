"""Strong solving speed: grundy's compiled retrograde solver against a dict-based Python one.

Both solve connect-four (win, loss or tie with remoteness for every reachable position).
The baseline is the approach of today's pure-Python solvers: positions in dicts, children
and parents lists, a queue of decided positions; it runs on the Python rules. Ours explores
integer codes through a hash table and labels them in one numba kernel. The script prints
positions a second for each and the ratio, on the same board, then ours alone on a board of
over 10^7 positions (goals: >= 1,000,000 positions/s, >= 40x the baseline).

Run: ``python benchmarks/twoplayer.py [--quick]`` (--quick: smaller boards).
"""

from __future__ import annotations

import argparse
import time
from collections import deque

from _timing import measure

from grundy.twoplayer import Value, solve
from grundy.twoplayer.games.connect_four import ConnectFour


def dict_retrograde(game: ConnectFour) -> tuple[dict, int]:
    """The baseline: every position in dicts, solved backwards from the ended ones."""
    start = game.start()
    children: dict = {start: game.moves(start)}
    queue = deque([start])
    while queue:  # explore
        for child in children[queue.popleft()]:
            if child not in children:
                children[child] = game.moves(child)
                queue.append(child)
    parents: dict = {p: [] for p in children}
    for p, options in children.items():
        for c in options:
            parents[c].append(p)
    value, remoteness, waiting = {}, {}, {p: len(c) for p, c in children.items()}
    decided = deque()
    for p, options in children.items():
        if not options:
            value[p], remoteness[p] = game.end_value(p), 0
            decided.append(p)
    while decided:  # wins and losses, nearest first (ties spread after)
        c = decided.popleft()
        if value[c] is Value.TIE:
            continue
        for p in parents[c]:
            if p in value:
                continue
            if value[c] is Value.LOSS:
                value[p] = Value.WIN
            else:
                waiting[p] -= 1
                if waiting[p]:
                    continue
                value[p] = Value.LOSS
            remoteness[p] = remoteness[c] + 1
            decided.append(p)
    ties = deque(p for p in value if value[p] is Value.TIE)
    while ties:
        c = ties.popleft()
        for p in parents[c]:
            if p not in value:
                value[p], remoteness[p] = Value.TIE, remoteness[c] + 1
                ties.append(p)
    return value, remoteness[start]


def timed(function, *args, **kwargs):
    began = time.perf_counter()
    result = function(*args, **kwargs)
    return time.perf_counter() - began, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller boards (a few seconds)")
    args = parser.parse_args()
    same, big = ((4, 3), (4, 4)) if args.quick else ((4, 4), (4, 6))

    game = ConnectFour(*same)
    base_s, (values, base_r) = timed(dict_retrograde, game)
    first_s, _ = timed(solve, game, symmetry=False)  # compiles the kernels for this board
    ours_s, solution = measure(lambda: solve(game, symmetry=False))
    assert len(solution) == len(values) and solution.remoteness(game.start()) == base_r
    for p in list(values)[:: max(1, len(values) // 1000)]:
        assert solution.value(p) is values[p]
    base_rate, ours_rate = len(values) / base_s, len(solution) / ours_s
    print(
        f"connect-four {same[0]}x{same[1]}: {len(values):,} positions, start: "
        f"{solution.value(game.start()).value} in {base_r}"
    )
    print(f"  dict-based Python retrograde  {base_s:8.2f} s  {base_rate:12,.0f} positions/s")
    print(
        f"  grundy compiled solver        {ours_s:8.2f} s  {ours_rate:12,.0f} positions/s"
        f"   (first run, with compiling: {first_s:.2f} s)"
    )
    print(f"  ratio ours/baseline speed     {ours_rate / base_rate:8.1f}x   (goal >= 40x)")

    game = ConnectFour(*big)  # one run, compiling included
    big_s, solution = timed(solve, game, symmetry=False, max_positions=10**8)
    rate = len(solution) / big_s
    print(
        f"connect-four {big[0]}x{big[1]}: {len(solution):,} positions, start: "
        f"{solution.value(game.start()).value} in {solution.remoteness(game.start())}"
    )
    print(
        f"  grundy compiled solver        {big_s:8.2f} s  {rate:12,.0f} positions/s   "
        "(goal >= 1,000,000)"
    )
    print(f"  ratio against the baseline's rate above: {rate / base_rate:.1f}x")


if __name__ == "__main__":
    main()
