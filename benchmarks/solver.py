"""Solver overhead: grundy's generic solver against the code people hand-write.

Each case values the same user-defined game four ways, each in a fresh process (so peak
memory is the process's own): grundy's solver on a ``moves`` function, grundy on the
game's recurrence (the ``option_values`` hook: the values of the options read from the
memo, as a DP reads its table), a hand-written bottom-up dict DP, and a hand-written
``lru_cache`` recursion. Prints time, peak RSS and the ratios grundy / DP (goals: time
<= 1.0, memory <= 1.5), and the time of calling ``moves`` once on every position, values
aside: the least any solver given ``moves`` pays. Where the options are ``Sum`` objects
that alone exceeds the whole DP, which XORs two table entries per option and builds no
option at all; ``option_values`` builds none either.

Cases: a token on a 1000 x 1000 board (10^6 positions), cutting a w x h rectangle into
two (options are sums of two rectangles) at 100 x 100 and 200 x 200, and Kayles written
with ``game_from_moves`` (options are sums of two rows) to 3000.

Last, the memory of one stored position, as ``max_positions`` messages state it.

Run: ``python benchmarks/solver.py [--repeat R]``.
"""

from __future__ import annotations

import argparse
import functools
import json
import resource
import subprocess
import sys
import time

import grundy as gr

STEPS = ((1, 0), (2, 0), (0, 1), (0, 2), (1, 1))


def mex(values: set[int]) -> int:
    value = 0
    while value in values:
        value += 1
    return value


# ----------------------------------------------------------------- board: 10^6 positions
def board_moves(position: tuple[int, int]) -> list[tuple[int, int]]:
    """A token on a board moves 1 or 2 squares left or down, or 1 diagonally."""
    x, y = position
    return [(x - dx, y - dy) for dx, dy in STEPS if dx <= x and dy <= y]


def board_ours(side: int) -> int:
    game = gr.game_from_moves(board_moves, name="board")
    return game.grundy((side - 1, side - 1), max_positions=side * side)


def board_values(side: int) -> int:
    game = gr.game_from_moves(
        board_moves, option_values=lambda p, g: {g[o] for o in board_moves(p)}, name="board"
    )
    return game.grundy((side - 1, side - 1), max_positions=side * side)


def board_dp(side: int) -> int:
    g: dict[tuple[int, int], int] = {}
    for x in range(side):
        for y in range(side):
            g[x, y] = mex({g[o] for o in board_moves((x, y))})
    return g[side - 1, side - 1]


def board_listing(side: int) -> None:
    for x in range(side):
        for y in range(side):
            board_moves((x, y))


def board_recursion(side: int) -> int:
    sys.setrecursionlimit(max(10_000, 4 * side + 100))

    @functools.cache
    def sg(position: tuple[int, int]) -> int:
        return mex({sg(o) for o in board_moves(position)})

    return sg((side - 1, side - 1))


# ----------------------------------------------------------------- cutting a rectangle
class Cut(gr.ImpartialGame[tuple[int, int]]):
    """Cut a w x h rectangle along a grid line into two, each side at least 2 wide."""

    def moves(self, p: tuple[int, int]) -> list[gr.Sum]:
        w, h = p
        return [gr.Sum((i, h), (w - i, h)) for i in range(2, w - 1)] + [
            gr.Sum((w, j), (w, h - j)) for j in range(2, h - 1)
        ]


class FastCut(Cut):
    """The same game, valued by its recurrence (the ``option_values`` hook)."""

    def option_values(self, p: tuple[int, int], g: dict) -> set[int]:
        w, h = p
        seen = {g[i, h] ^ g[w - i, h] for i in range(2, w - 1)}
        seen.update(g[w, j] ^ g[w, h - j] for j in range(2, h - 1))
        return seen


def cut_ours(side: int) -> int:
    return Cut().grundy((side, side), max_positions=side * side)


def cut_values(side: int) -> int:
    return FastCut().grundy((side, side), max_positions=side * side)


def cut_dp(side: int) -> int:
    g: dict[tuple[int, int], int] = {}
    for w in range(1, side + 1):
        for h in range(1, side + 1):
            seen = {g[i, h] ^ g[w - i, h] for i in range(2, w - 1)}
            seen.update(g[w, j] ^ g[w, h - j] for j in range(2, h - 1))
            g[w, h] = mex(seen)
    return g[side, side]


def cut_listing(side: int) -> None:
    game = Cut()
    for w in range(1, side + 1):
        for h in range(1, side + 1):
            game.moves((w, h))


def cut_recursion(side: int) -> int:
    sys.setrecursionlimit(10_000)

    @functools.cache
    def sg(w: int, h: int) -> int:
        seen = {sg(i, h) ^ sg(w - i, h) for i in range(2, w - 1)}
        seen.update(sg(w, j) ^ sg(w, h - j) for j in range(2, h - 1))
        return mex(seen)

    return sg(side, side)


# ----------------------------------------------------------------- Kayles, by its rules
def kayles_moves(n: int) -> list[gr.Sum]:
    return [gr.Sum(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)]


def kayles_ours(n: int) -> int:
    return gr.game_from_moves(kayles_moves).grundy(n)


def kayles_values(n: int) -> int:
    game = gr.game_from_moves(
        kayles_moves,
        option_values=lambda m, g: {g[a] ^ g[m - t - a] for t in (1, 2) for a in range(m - t + 1)},
    )
    return game.grundy(n)


def kayles_dp(n: int) -> int:
    g: list[int] = []
    for m in range(n + 1):
        g.append(mex({g[a] ^ g[m - t - a] for t in (1, 2) for a in range(m - t + 1)}))
    return g[n]


def kayles_listing(n: int) -> None:
    for m in range(n + 1):
        kayles_moves(m)


def kayles_recursion(n: int) -> int:
    sys.setrecursionlimit(10_000)

    @functools.cache
    def sg(m: int) -> int:
        return mex({sg(a) ^ sg(m - t - a) for t in (1, 2) for a in range(m - t + 1)})

    return sg(n)


# ----------------------------------------------------------------- bytes a position
def bytes_per_position(kind: str) -> int:
    """Peak RSS growth of one solver valuing 10^6 positions, per position, in this process.

    ``int``: one-int positions, all options of the root (a shallow search); ``pair``: the
    board above; ``chain``: n -> n - 1, every position waiting on the stack at once.
    """
    n = 10**6
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if kind == "int":
        gr.game_from_moves(lambda p: list(range(1, n + 1)) if p == 0 else []).grundy(0)
    elif kind == "pair":
        board_ours(1000)
    else:
        gr.game_from_moves(lambda p: [p - 1] if p else []).grundy(n - 1)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return (after - before) * 1024 // n


CASES = {
    "board 1000 x 1000": ("board", 1000),
    "cut 100 x 100": ("cut", 100),
    "cut 200 x 200": ("cut", 200),
    "Kayles to 3000": ("kayles", 3000),
}
WAYS = ("ours", "values", "dp", "recursion", "listing")


def run_one(kind: str, size: int, way: str, repeat: int) -> dict:
    """In this process: the best time of `repeat` runs, the value, the peak RSS."""
    function = globals()[f"{kind}_{way}"]
    best, value = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        value = function(size)
        best = min(best, time.perf_counter() - start)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"seconds": best, "value": value, "peak_mb": peak_kb / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2, help="runs of each; the best counts")
    parser.add_argument("--one", nargs=3, metavar=("KIND", "SIZE", "WAY"), help=argparse.SUPPRESS)
    parser.add_argument("--bytes", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.bytes:  # a child process: one memory measurement
        print(bytes_per_position(args.bytes))
        return
    if args.one:  # a child process: one measurement, as JSON
        kind, size, way = args.one
        print(json.dumps(run_one(kind, int(size), way, args.repeat)))
        return
    heads = ("grundy, moves", "option_values", "dict DP", "recursion", "moves alone")
    ratios = "".join(f"{h:>13}" for h in ("moves/DP", "values/DP", "alone/DP"))
    print(f"{'case':<20}" + "".join(f"{h:>16}" for h in heads) + ratios)
    print("-" * 139)
    for label, (kind, size) in CASES.items():
        found = {}
        for way in WAYS:
            child = [sys.executable, __file__, "--repeat", str(args.repeat), "--one"]
            done = subprocess.run([*child, kind, str(size), way], capture_output=True, text=True)
            found[way] = json.loads(done.stdout)
        values = {way: found[way]["value"] for way in WAYS if way != "listing"}
        assert len(set(values.values())) == 1, values
        cells = "".join(
            f"{found[w]['seconds']:>8.2f} s{found[w]['peak_mb']:>5.0f} MB" for w in WAYS
        )
        shown = ""
        for way in ("ours", "values", "listing"):
            time_ratio = found[way]["seconds"] / found["dp"]["seconds"]
            memory_ratio = found[way]["peak_mb"] / found["dp"]["peak_mb"]
            shown += f"{time_ratio:>7.2f}{memory_ratio:>6.2f}"
        print(f"{label:<20}{cells}{shown}", flush=True)
    print(
        "ratios: time and memory, grundy / dict DP (goals: <= 1.0 and <= 1.5); alone/DP is "
        "the\nfloor of any solver given `moves`: calling it once a position, values aside"
    )
    sizes = []
    for kind in ("int", "pair", "chain"):
        done = subprocess.run([sys.executable, __file__, "--bytes", kind], capture_output=True)
        sizes.append(f"{kind} {int(done.stdout)}")
    print("bytes a position (peak RSS over 10^6 positions): " + ", ".join(sizes))


if __name__ == "__main__":
    main()
