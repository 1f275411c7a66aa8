"""Start-up: every short console example of README.md and docs/, in a fresh process.

For each ``$ grundy ...`` example that is not a long computation, prints the wall time of
a new process running it, cold (the first run after installing: grundy's bytecode and
numba's cache deleted) and warm (best of 3), its peak memory, and whether it loaded numba;
beside it, a plain Python script doing the same job (or, where none is written here, the
bare interpreter). Then ``import grundy`` and ``import grundy.cli`` alone, and the first
compiled call after installing.

Run from the repository root: ``python benchmarks/startup.py`` (``--warm`` skips the
cold runs, which delete caches).
"""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _timing import note, seconds, section

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "grundy"
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: Examples that are long computations, interactive, or servers: not start-up questions.
LONG = (
    " play ",
    " serve",
    " survey ",
    "--store",
    "--certify",
    "--upto 1000000",
    "--engine ray",
    "connect-four:4x4",  # 161,029 positions: the compiled solver's job
    "connect-four:5x4",
)
#: The wrapper that runs the CLI and reports peak memory and whether numba was loaded.
RUN_CLI = (
    "import atexit, resource, sys\n"
    "def report():\n"
    "    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "    sys.stderr.write(f'\\n@@ {kb} {\"numba\" in sys.modules}\\n')\n"
    "atexit.register(report)\n"
    "sys.argv = ['grundy', *sys.argv[1:]]\n"
    "from grundy.cli import main\n"
    "main()\n"
)
#: Plain Python doing an example's job, by the example's first words.
PLAIN = {
    "value nim": "import functools, operator, sys\n"
    "h = [int(a) for a in sys.argv[1:] if a.isdigit()]\n"
    "x = functools.reduce(operator.xor, h, 0)\n"
    "print(x, [(i, v, v ^ x) for i, v in enumerate(h) if v ^ x < v])\n",
    "table": "import sys\n"
    "n = 1000\n"
    "g = []\n"
    "for m in range(n + 1):  # Kayles-like: take 1 or 2 from a row, maybe splitting it\n"
    "    s = {g[a] ^ g[m - j - a] for j in (1, 2) if m >= j for a in range(m - j + 1)}\n"
    "    v = 0\n"
    "    while v in s: v += 1\n"
    "    g.append(v)\n"
    "print(g[-10:])\n",
    "nim": "def mul(a, b, half=32):\n"
    "    if a < 2 or b < 2: return a * b\n"
    "    while half and a < 1 << half and b < 1 << half: half //= 2\n"
    "    ah, al, bh, bl = a >> half, a & (1 << half) - 1, b >> half, b & (1 << half) - 1\n"
    "    hh, ll = mul(ah, bh, half // 2), mul(al, bl, half // 2)\n"
    "    cross = mul(ah ^ al, bh ^ bl, half // 2) ^ ll\n"
    "    return (cross << half) ^ ll ^ mul(hh, 1 << (half - 1), half // 2)\n"
    "print(mul(3141, 5926))\n",
    "value wythoff": "from math import isqrt\n"
    "a, b = 4, 9\n"
    "k = b - a\n"
    "print((k + isqrt(5 * k * k)) // 2 == a)\n",
    "solve tictactoe": "from functools import lru_cache\n"
    "L = [(0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6)]\n"
    "@lru_cache(None)\n"
    "def value(b, p):\n"
    "    if any(b[i] == b[j] == b[k] != '.' for i, j, k in L): return -1\n"
    "    moves = [b[:i] + p + b[i + 1:] for i in range(9) if b[i] == '.']\n"
    "    return max((-value(m, 'o' if p == 'x' else 'x') for m in moves), default=0)\n"
    "print(value('.' * 9, 'x'))\n",
}


def examples() -> list[str]:
    """The ``$ grundy ...`` lines of the docs' console blocks, without comments or pipes."""
    found: list[str] = []
    for path in DOCS:
        in_console = False
        for line in path.read_text().splitlines():
            if line.startswith("```"):
                in_console = line.strip() == "```console"
                continue
            if not in_console or not line.startswith("$ grundy"):
                continue
            for command in line[2:].split("&&"):
                command = re.sub(r"\s+#.*$", "", command).split("|")[0].strip()
                if command.startswith("grundy") and not any(k in f"{command} " for k in LONG):
                    if command not in found:
                        found.append(command)
    return found


def run_once(argv: list[str]) -> tuple[float, int, bool]:
    """Wall time, peak RSS (KB) and whether numba was loaded, of one fresh process."""
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    match = re.search(r"@@ (\d+) (True|False)", done.stderr)
    if match is None:
        return wall, 0, False
    return wall, int(match.group(1)), match.group(2) == "True"


def delete_caches() -> None:
    """What a fresh install lacks: grundy's bytecode and numba's compiled kernels."""
    for cache in PACKAGE.rglob("__pycache__"):
        shutil.rmtree(cache, ignore_errors=True)


def plain_for(command: str) -> tuple[str, str]:
    """A plain script for `command` and its name (the bare interpreter if none fits)."""
    words = command.split()[1:]
    for key in sorted(PLAIN, key=len, reverse=True):
        if words[: len(key.split())] == key.split():
            return PLAIN[key], f"plain script ({key})"
    return "pass", "bare interpreter"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warm", action="store_true", help="skip the cold runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        wrapper = Path(scratch) / "run_cli.py"
        wrapper.write_text(RUN_CLI)
        section("Each short example of README.md and docs/ in a fresh process (warm: best of 3)")
        print(f"{'example':<58}{'cold':>9}{'warm':>9}{'MB':>6}{'numba':>7}{'plain':>9}  plain is")
        print("-" * 110)
        slow = []
        for command in examples():
            argv = [sys.executable, str(wrapper), *shlex.split(command)[1:]]
            cold = None
            if not args.warm:
                delete_caches()
                cold = run_once(argv)[0]
            runs = [run_once(argv) for _ in range(3)]
            warm = min(r[0] for r in runs)
            peak, numba = max(r[1] for r in runs), any(r[2] for r in runs)
            script, kind = plain_for(command)
            plain = min(
                run_once([sys.executable, "-c", script, *shlex.split(command)[2:]])[0]
                for _ in range(3)
            )
            shown = command if len(command) <= 56 else command[:53] + "..."
            print(
                f"{shown:<58}{seconds(cold) if cold else '':>9}{seconds(warm):>9}"
                f"{peak / 1024:>6.0f}{'yes' if numba else 'no':>7}{seconds(plain):>9}  {kind}",
                flush=True,
            )
            if warm > 0.5:
                slow.append(command)
        note(f"warm examples over 0.5 s: {', '.join(slow) if slow else 'none'}")

        section("\nImports alone (fresh process, best of 5)")
        for what in ("pass", "import grundy", "import grundy.cli", "import numpy", "import numba"):
            best = min(run_once([sys.executable, "-c", what])[0] for _ in range(5))
            print(f"  {what:<24}{seconds(best):>10}")

        section("\nThe first compiled call after installing, then the same call again")
        big = [sys.executable, str(wrapper), "table", "0.77", "--upto", "200000", "--summary"]
        if not args.warm:
            delete_caches()
            first = run_once(big)
            print(f"  grundy table 0.77 --upto 200000, first   {seconds(first[0]):>10}")
        again = min(run_once(big)[0] for _ in range(3))
        print(f"  grundy table 0.77 --upto 200000, cached  {seconds(again):>10}")


if __name__ == "__main__":
    main()
