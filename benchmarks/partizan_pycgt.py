"""grundy.partizan against pycgt (from the package registry, in a virtual environment of
its own): the same positions valued by both in the same run, and CGSuite's published
benchmark positions (Clobber 4 x 4, Amazons 2 x 7, *14 heated by 1).

Run by hand (not a test)::

    python benchmarks/partizan_pycgt.py              # every case, 10-15 minutes
    python benchmarks/partizan_pycgt.py --quick      # small positions, well under a minute
    python benchmarks/partizan_pycgt.py --no-pycgt   # grundy alone (offline)
    python benchmarks/partizan_pycgt.py --only Clobber --timeout 600

pycgt (pinned: ``pycgt==0.2.0``, pure Python, no dependencies) is installed with pip into
``~/.cache/grundy-bench/pycgt-0.2.0-venv`` the first time (``--venv DIR`` for another
place; an environment that already has that version is reused), and runs there, in a
worker process started with ``-I`` so that it sees neither grundy nor this checkout.
grundy runs in a worker process of this interpreter. Both workers are
``benchmarks/_pycgt_worker.py``: each imports its library once and forks a child for each
run, so every run is cold -- it finds no canonical form, sum or comparison stored by an
earlier run, on either side (both libraries keep such tables for the life of a process).

Each side does what its library offers for the position: grundy's catalog games
(``Domineering().value("4x4")``: regions, reflections, negatives; Toads and Frogs split at
frozen creatures; Hackenbush trees by formula) and arithmetic; pycgt's rulesets
(``domineering.rectangle(4, 4)``, ``clobber.parse``, ``toads_and_frogs.parse``,
``nim.hackenbush_string``), ``add``, ``heat``, ``mean`` and ``temperature``. pycgt has
no Amazons ("unsupported"). The answers are compared: pycgt's canonical form, written out
in brace notation with its numbers as fractions (``{1,{2|0}|-1}``; ``pycgt.render`` names
more values but takes 35 s on ``*8`` heated by 1), is read by ``grundy.partizan.parse``
and must be the same canonical form as grundy's value ("same" column; a mean and
temperature are compared as text).

Times: the CPU time of a run in a fresh child, or its wall time when that is under 50 ms
(the CPU clock may count in ticks of a few ms), best of 3 when a run takes at most 1 s;
``--wall``: wall times only. Both libraries are single-threaded pure Python, so on an idle
machine the two clocks agree; on a machine shared with other jobs the CPU time stays
steady where the wall time does not. A side that has used ``--timeout`` seconds (of the
same clock) is killed and shown as ``> N s``. ratio = pycgt time / grundy time (> 1: grundy
faster; ``> r`` when pycgt timed out, a lower bound). peak MiB:
tracemalloc's peak in a run of its own when the timed run took at most ``--trace-up-to``
seconds (5; 0.25 with ``--quick``: tracemalloc slows these searches 5-7 times); ``~N``:
the growth of the child's peak resident set in the timed run instead.

Positions: Domineering on empty R x C boards (R rows; Left places vertical dominoes, as
CGSuite and pycgt); Toads and Frogs strips (CGSuite's ``ttttt..fffff`` among them);
Clobber on checkerboards (``xoxo|oxox|xoxo|oxox`` is CGSuite's 4 x 4 benchmark); Amazons
``x......|o......`` (CGSuite's 2 x 7 benchmark); sums of Blue-Red Hackenbush stalks; sums
of switches and hot games, 40 ups, nimbers; ``*8`` and ``*14`` heated by 1.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _pycgt_worker import CASES, Case
from _timing import seconds

from grundy.core.errors import GrundyError
from grundy.partizan import parse

PYCGT = "pycgt==0.2.0"
WORKER = Path(__file__).with_name("_pycgt_worker.py")
LABEL = 38


# ----------------------------------------------------------------- pycgt's environment
def default_venv() -> Path:
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "grundy-bench" / f"pycgt-{PYCGT.split('==')[1]}-venv"


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def installed_version(python: Path) -> str | None:
    """The version of pycgt importable by `python` (isolated), or None."""
    if not python.exists():
        return None
    found = subprocess.run(
        [str(python), "-I", "-c", "import pycgt; print(pycgt.__version__)"],
        capture_output=True,
        text=True,
    )
    return found.stdout.strip() if found.returncode == 0 else None


def ensure_pycgt(venv: Path) -> Path:
    """The Python of `venv`, created and given pycgt (pinned) with pip if need be."""
    python = venv_python(venv)
    wanted = PYCGT.split("==")[1]
    if installed_version(python) == wanted:
        return python
    print(f"installing {PYCGT} into {venv} (once) ...", flush=True)
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    try:
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([*pip, PYCGT], check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        sys.exit(f"error: could not install {PYCGT} into {venv} ({exc}); --no-pycgt runs grundy")
    if installed_version(python) != wanted:
        sys.exit(f"error: {venv} has no {PYCGT} after pip install")
    return python


# ----------------------------------------------------------------- workers
class Worker:
    """A `_pycgt_worker.py` process for one side, answering one case at a time."""

    def __init__(self, side: str, python: str, isolated: bool) -> None:
        command = [python, *(["-I"] if isolated else []), str(WORKER), side]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        ready = self.read()
        self.version = f"{ready['ready']} (Python {ready['python']})"

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            sys.exit(f"error: the worker {self.process.args!r} ended")
        return json.loads(line)  # type: ignore[no-any-return]

    def measure(self, case: Case, timeout: float, trace_up_to: float, clock: str) -> dict:
        assert self.process.stdin is not None
        request = {"case": case.label, "timeout": timeout, "trace_up_to": trace_up_to}
        request["clock"] = clock
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self.read()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


# ----------------------------------------------------------------- the table
def time_cell(result: dict[str, Any] | None) -> str:
    if result is None:
        return "not run"
    if result.get("unsupported"):
        return "unsupported"
    if "timeout" in result:
        return f"> {result['timeout']:g} s"
    if "error" in result:
        return "error"
    return seconds(result["time"])


def memory_cell(result: dict[str, Any] | None) -> str:
    if result is None:
        return "-"
    if "traced" in result:
        mib = result["traced"] / 2**20
        return f"{mib:.2f}" if mib < 1 else f"{mib:.1f}"
    if result.get("rss") is not None:
        return f"~{result['rss'] / 2**20:.0f}"
    return "-"


def ratio_cell(ours: dict[str, Any], theirs: dict[str, Any] | None) -> str:
    """pycgt time / grundy time; a bound when one side timed out."""
    if theirs is None:
        return ""
    if "time" in ours and "time" in theirs:
        return _ratio(theirs["time"] / ours["time"])
    if "time" in ours and "timeout" in theirs:
        return "> " + _ratio(theirs["timeout"] / ours["time"])
    if "timeout" in ours and "time" in theirs:
        return "< " + _ratio(theirs["time"] / ours["timeout"])
    return ""


def _ratio(r: float) -> str:
    return f"{r:.2f}" if r < 10 else f"{r:,.0f}"


def same_value(case: Case, ours: dict[str, Any], theirs: dict[str, Any] | None) -> str:
    """yes / NO: pycgt's answer read by grundy.partizan.parse is grundy's; '' if unknown."""
    a, b = ours.get("text"), (theirs or {}).get("text")
    if a is None or b is None:
        return ""
    if case.kind == "thermal":
        return "yes" if a == b else "NO"
    try:
        return "yes" if parse(a) == parse(b) else "NO"
    except GrundyError:
        return "unread"


def header() -> str:
    line = f"{'position':<{LABEL}}{'grundy':>11}{'pycgt':>12}{'ratio':>8}"
    return f"{line}{'peak MiB':>17}{'same':>6}"


def row(case: Case, ours: dict[str, Any], theirs: dict[str, Any] | None, same: str) -> str:
    memory = f"{memory_cell(ours)} / {memory_cell(theirs)}"
    line = f"{case.label:<{LABEL}}{time_cell(ours):>11}{time_cell(theirs):>12}"
    return f"{line}{ratio_cell(ours, theirs):>8}{memory:>17}{same:>6}".rstrip()


Row = tuple[Case, dict[str, Any], dict[str, Any] | None, str]


def markdown(rows: list[Row], title: str) -> None:
    print(f"\n{title}\n")
    print("| position | grundy | pycgt | ratio | peak MiB grundy / pycgt | same value |")
    print("|---|---|---|---|---|---|")
    for case, ours, theirs, same in rows:
        label = case.label.replace("|", "\\|").replace("*", "\\*")
        if case.cgsuite:
            label += " (CGSuite's benchmark)"
        memory = f"{memory_cell(ours)} / {memory_cell(theirs)}"
        cells = [label, time_cell(ours), time_cell(theirs), ratio_cell(ours, theirs), memory]
        print("| " + " | ".join([*cells, same]) + " |")


def shorten(text: str | None, width: int = 90) -> str:
    if text is None:
        return "(none)"
    return text if len(text) <= width else f"{text[: width - 3]}... ({len(text):,} chars)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small positions only")
    parser.add_argument(
        "--timeout",
        type=float,
        help="seconds (CPU; --wall: wall) each side may take on a position (default 120; 10 "
        "with --quick)",
    )
    parser.add_argument(
        "--trace-up-to",
        type=float,
        metavar="S",
        help="measure tracemalloc's peak for runs of at most S seconds (default 5; 0.25 with "
        "--quick)",
    )
    parser.add_argument(
        "--venv", type=Path, default=default_venv(), help=f"pycgt's environment ({PYCGT})"
    )
    parser.add_argument(
        "--wall", action="store_true", help="show wall times (default: CPU times of the runs)"
    )
    parser.add_argument("--no-pycgt", action="store_true", help="grundy alone (offline)")
    parser.add_argument(
        "--only", nargs="+", metavar="WORD", help="cases whose label holds one of these words"
    )
    parser.add_argument("--markdown", action="store_true", help="also print a Markdown table")
    args = parser.parse_args(argv)
    timeout = args.timeout or (10.0 if args.quick else 120.0)
    trace_up_to = args.trace_up_to if args.trace_up_to is not None else 0.25 if args.quick else 5.0
    cases = [c for c in CASES if c.quick or not args.quick]
    if args.only:
        words = [w.lower() for w in args.only]
        cases = [c for c in cases if any(w in c.label.lower() for w in words)]

    ours_worker = Worker("grundy", sys.executable, isolated=False)
    theirs_worker = None
    if not args.no_pycgt:
        theirs_worker = Worker("pycgt", str(ensure_pycgt(args.venv)), isolated=True)
    machine = f"{platform.machine()}, {os.cpu_count()} cores"
    against = "alone (--no-pycgt)" if theirs_worker is None else "against pycgt, same run"
    print(f"grundy.partizan {against} ({machine})")
    print(f"  {ours_worker.version}")
    if theirs_worker is not None:
        print(f"  {theirs_worker.version}, in {args.venv}")
    clock = "wall" if args.wall else "cpu"
    shown = "wall time" if args.wall else "CPU time (wall time under 50 ms)"
    print(f"{shown} of a cold fork of its side's worker, best of 3 under 1 s;")
    print(f"ratio = pycgt time / grundy time (> 1: grundy faster); timeout {timeout:g} s a side;")
    print("peak MiB grundy / pycgt:", end=" ")
    print(f"tracemalloc (runs <= {trace_up_to:g} s), ~N: growth of the peak resident set\n")
    print(header())
    print("-" * len(header()))
    start = time.perf_counter()
    rows: list[Row] = []
    for case in cases:
        ours = ours_worker.measure(case, timeout, trace_up_to, clock)
        theirs = None
        if theirs_worker is not None:
            theirs = theirs_worker.measure(case, timeout, trace_up_to, clock)
        same = same_value(case, ours, theirs)
        rows.append((case, ours, theirs, same))
        print(row(case, ours, theirs, same), flush=True)
    ours_worker.close()
    if theirs_worker is not None:
        theirs_worker.close()

    print("\nvalues (grundy's notation):")
    for case, ours, theirs, same in rows:
        print(f"  {case.label}: {shorten(ours.get('text'))}")
        if same in ("NO", "unread"):
            print(f"     pycgt DISAGREES ({same}): {shorten((theirs or {}).get('text'))}")
        for side, result in (("grundy", ours), ("pycgt", theirs)):
            if result and "error" in result:
                print(f"     {side} failed: {result['error']}")
    disagreements = [case.label for case, _, _, same in rows if same in ("NO", "unread")]
    compared = sum(1 for *_, same in rows if same)
    print(f"\nvalues compared: {compared}; disagreements: {', '.join(disagreements) or 'none'}")
    print("CGSuite's benchmark positions, here:")
    for case, ours, theirs, _ in rows:
        if case.cgsuite:
            print(f"  {case.label}: grundy {time_cell(ours)}, pycgt {time_cell(theirs)}")
    if args.markdown:
        title = f"{ours_worker.version} vs {theirs_worker.version if theirs_worker else '-'}"
        markdown(rows, title)
    print(f"\ntotal run time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
