"""Who wins a big partizan board: grundy's outcome search against the canonical-form
route (grundy's own, and pycgt's), timed in the same run.

Run by hand (not a test)::

    python benchmarks/outcome_search.py            # every case, about 10-20 minutes
    python benchmarks/outcome_search.py --quick    # the small cases, about a minute
    python benchmarks/outcome_search.py --no-pycgt # grundy alone (offline)

Three ways to the outcome of each board, each run in a fresh process (so that none finds
canonical forms, sums or comparisons left by another):

* ``search``: ``OutcomeSearch(game).outcome(board)`` -- the regions whose canonical form
  costs at most ``settle_positions`` (10) values are settled by it, the rest searched
  with a transposition table;
* ``value``: ``game.value(board).outcome`` -- the whole board's canonical form (grundy's
  search with regions, reflections and negatives), then its outcome;
* ``pycgt``: ``pycgt.outcome(domineering.rectangle(r, c))`` (``clobber.parse``,
  ``cram.rectangle``) -- pycgt 0.2.0's canonical form and its comparisons with 0.
  ``pip install pycgt`` works from the package registry: it is installed (pinned,
  ``pycgt==0.2.0``) into the virtual environment that ``benchmarks/partizan_pycgt.py``
  uses (``~/.cache/grundy-bench/pycgt-0.2.0-venv``; ``--venv DIR`` for another), and run
  there with ``python -I`` so that it sees neither grundy nor this checkout.

A way that has used ``--timeout`` seconds (CPU) is stopped and shown as ``> N s``; the
canonical routes of the biggest boards are not started (``--full`` starts them).
Times are CPU seconds of the child process. ratio = the other way's time / the search's
(> 1: the search is faster). ``work``: the search's positions opened + canonical forms
its game stored to settle regions; the value route's canonical forms stored (pycgt does
not count). ``peak MiB``: tracemalloc's peak in a second run of its own, made when the
timed run took at most ``--trace-up-to`` seconds (tracemalloc slows these searches
several times). The three outcomes are checked to agree.

Boards: Domineering on empty R x C rectangles (R rows, Left vertical), Clobber on
checkerboards (``xoxo|oxox|xoxo`` is 3 x 4), Cram on empty rectangles.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

from _timing import seconds

#: (label, game, board, quick, canonical route run by default)
CASES = [
    ("Domineering 4x5", "domineering", "4x5", True, True),
    ("Domineering 5x5", "domineering", "5x5", True, True),
    ("Domineering 4x6", "domineering", "4x6", False, True),
    ("Domineering 4x7", "domineering", "4x7", False, True),
    ("Domineering 5x6", "domineering", "5x6", False, False),
    ("Domineering 6x6", "domineering", "6x6", False, False),
    ("Clobber 3x4", "clobber", "xoxo|oxox|xoxo", True, True),
    ("Clobber 3x5", "clobber", "xoxox|oxoxo|xoxox", True, True),
    ("Clobber 4x4", "clobber", "xoxo|oxox|xoxo|oxox", False, True),
    ("Clobber 3x6", "clobber", "xoxoxo|oxoxox|xoxoxo", False, False),
    ("Cram 3x8", "cram", "3x8", True, True),
    ("Cram 4x5", "cram", "4x5", True, True),
    ("Cram 5x5", "cram", "5x5", False, True),
    ("Cram 4x6", "cram", "4x6", False, True),
]

PYCGT_SCRIPT = """
import json, sys, time, tracemalloc
from pycgt import outcome
from pycgt.rulesets import clobber, cram, domineering
kind, board, trace = sys.argv[1], sys.argv[2], sys.argv[3] == "trace"
if trace:
    tracemalloc.start()
start = time.process_time()
if kind == "clobber":
    g = clobber.parse(board)
else:
    rows, cols = map(int, board.split("x"))
    g = (domineering if kind == "domineering" else cram).rectangle(rows, cols)
answer = outcome(g)
elapsed = time.process_time() - start
peak = tracemalloc.get_traced_memory()[1] if trace else None
names = {"Left": "L", "Right": "R", "first player": "N", "second player": "P"}
print(json.dumps({"s": elapsed, "outcome": names.get(answer.value, answer.value), "peak": peak}))
"""


def _game(kind: str) -> Any:
    from grundy.partizan.games import Cram, Domineering, GenClobber

    return {"domineering": Domineering, "cram": Cram}.get(kind, lambda: GenClobber())()


def _grundy_run(way: str, kind: str, board: str) -> tuple[str, int]:
    """One run: (the outcome's letter, the work counted)."""
    from grundy.partizan.outcome_search import OutcomeSearch

    game = _game(kind)
    if way == "search":
        search = OutcomeSearch(game)
        answer = search.outcome(board)
        return answer.value, search.stats.positions + game.positions
    return game.value(board).outcome.value, game.positions


def _grundy_child(way: str, kind: str, board: str, trace_up_to: float, out: Any) -> None:
    start = time.process_time()
    answer, work = _grundy_run(way, kind, board)
    elapsed = time.process_time() - start
    peak = None
    if elapsed <= trace_up_to:  # again, from cold, under tracemalloc
        from grundy.partizan import canonical

        for table in (canonical._FORMS, canonical._LE, canonical._SUM, canonical._NEG):
            table.clear()
        tracemalloc.start()
        _grundy_run(way, kind, board)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    out.put({"s": elapsed, "outcome": answer, "work": work, "peak": peak})


def grundy_way(way: str, kind: str, board: str, timeout: float, trace_up_to: float) -> dict:
    """A fresh process runs one way; None past `timeout` seconds of wall time (the
    child is alone on its core, so wall and CPU time are close)."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    child = context.Process(target=_grundy_child, args=(way, kind, board, trace_up_to, out))
    child.start()
    child.join(timeout * 3 if trace_up_to else timeout)
    if child.is_alive():
        child.kill()
        child.join()
        return {"timeout": timeout}
    return out.get()


def pycgt_way(python: Path, kind: str, board: str, timeout: float, trace_up_to: float) -> dict:
    """pycgt in its own environment, a fresh process per run (pycgt memoises its
    rulesets' games for the life of a process): timed, then traced if fast enough."""
    result: dict = {}
    for mode in ("time", "trace"):
        command = [str(python), "-I", "-c", PYCGT_SCRIPT, kind, board, mode]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return result or {"timeout": timeout}
        if done.returncode != 0:
            return {"error": done.stderr.strip().splitlines()[-1:]}
        found = json.loads(done.stdout)
        if mode == "time":
            result = found
            if found["s"] > trace_up_to:
                break
        else:
            result["peak"] = found["peak"]
    return result


def cell(result: dict | None) -> str:
    if result is None:
        return "not run"
    if "timeout" in result:
        return f"> {result['timeout']:.0f} s"
    if "error" in result:
        return "error"
    return seconds(result["s"])


def ratio(search: dict, other: dict | None) -> str:
    if other is None or "error" in other:
        return ""
    if "timeout" in other:
        return f"> {other['timeout'] / max(search['s'], 1e-6):.0f}"
    return f"{other['s'] / max(search['s'], 1e-6):.1f}"


def mib(result: dict | None) -> str:
    if not result or result.get("peak") is None:
        return "-"
    return f"{result['peak'] / 2**20:.1f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the small cases only")
    parser.add_argument(
        "--full", action="store_true", help="run the canonical routes of every case"
    )
    parser.add_argument("--no-pycgt", action="store_true", help="grundy alone")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds a way may take")
    parser.add_argument("--trace-up-to", type=float, default=5.0, help="trace runs this fast")
    parser.add_argument("--venv", type=Path, default=None, help="pycgt's environment")
    args = parser.parse_args(argv)
    python = None
    if not args.no_pycgt:
        from partizan_pycgt import default_venv, ensure_pycgt

        python = ensure_pycgt(args.venv or default_venv())
    head = (
        f"{'case':<18}{'search':>10}{'value':>10}{'pycgt':>10}{'value/s':>9}{'pycgt/s':>9}"
        f"{'work s':>9}{'work v':>9}{'MiB s':>7}{'MiB v':>7}{'MiB p':>7}  outcome"
    )
    print(head)
    print("-" * len(head))
    for label, kind, board, quick, canonical_default in CASES:
        if args.quick and not quick:
            continue
        run_canonical = canonical_default or args.full
        search = grundy_way("search", kind, board, args.timeout, args.trace_up_to)
        value = (
            grundy_way("value", kind, board, args.timeout, args.trace_up_to)
            if run_canonical
            else None
        )
        theirs = None
        if python is not None and run_canonical:
            theirs = pycgt_way(python, kind, board, args.timeout, args.trace_up_to)
        answers = {r["outcome"] for r in (search, value, theirs) if r and "outcome" in r}
        agree = "" if len(answers) <= 1 else "  DISAGREE"
        work_v = "" if not value or "work" not in value else f"{value['work']:,}"
        print(
            f"{label:<18}{cell(search):>10}{cell(value):>10}{cell(theirs):>10}"
            f"{ratio(search, value):>9}{ratio(search, theirs):>9}"
            f"{search.get('work', 0):>9,}{work_v:>9}{mib(search):>7}{mib(value):>7}"
            f"{mib(theirs):>7}  {search.get('outcome', '?')}{agree}",
            flush=True,
        )


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
