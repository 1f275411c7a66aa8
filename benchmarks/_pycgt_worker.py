"""The worker of ``benchmarks/partizan_pycgt.py``: values the benchmark's positions with
one library (grundy, or pycgt in its own virtual environment), each run cold.

Run by the benchmark, not by hand::

    python _pycgt_worker.py grundy      # or: VENV/bin/python -I _pycgt_worker.py pycgt

The worker imports its library once, answers ``{"ready": version}``, then reads one JSON
request a line (``{"case": label, "timeout": s, "trace_up_to": s, "clock": "cpu"}``) and
answers one JSON line: the best time of the runs (see :func:`measure`), the answer as
text, the peak memory. Each run is a child forked from the worker right after the
imports, so it starts with the library's tables of canonical forms as importing left
them: no run finds values, sums or comparisons stored by an earlier one, on either side.
A child that has used ``timeout`` seconds of CPU time (``"clock": "wall"``: of wall time)
is killed. A run of at most 1 s (CPU) is repeated twice (best of 3); a run of at most
``trace_up_to`` seconds (CPU) is run once more under tracemalloc for its peak memory
(tracemalloc slows these searches 5-7 times); a longer one reports the growth of its
resident set instead. Only the standard library is used here, so that the file runs in
pycgt's environment, where grundy is not installed.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import select
import signal
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import reduce
from typing import Any, NamedTuple

#: A run this fast is repeated and the best of 3 counts (as in _timing.measure).
REPEAT_UP_TO_S = 1.0
#: Seconds a child may take to write its answer as text once its run is timed.
TEXT_TIMEOUT_S = 60.0
#: A run's CPU time counts from this many seconds on; below, its wall time does.
CPU_CLOCK_FROM_S = 0.05
#: A child limited in CPU time is killed after this many times that limit in wall time
#: too, whatever else runs on the machine.
WALL_PER_CPU = 10


class Case(NamedTuple):
    """A position valued by both libraries: `kind` says how, `arg` what."""

    label: str
    kind: str
    arg: Any
    quick: bool  # in the --quick run
    cgsuite: bool = False  # one of CGSuite's published benchmark positions


SWITCHES = ["{2|1}", "{3|0}", "{5/2|-1}", "{1|-3}", "{4|1/2}"]
SWITCHES += ["{3/2|-2}", "{7|3}", "{0|-5}", "{6|-6}", "{9/4|1/4}"]
STALKS_8 = ["lrlrrllr", "rrlrllrl", "lllrrlrl", "rlrrlrll", "lrrrllrl", "llrlrrlr"]
STALKS_14 = ["lrlrrllrlrrlrl", "rrlrllrlrrlllr", "lllrrlrlrlrrlr", "rlrrlrllrlrlll"]
STALKS_14 += ["lrrrllrllrllrr", "llrlrrlrrlrlrl"]


def _plus_minus(n: int) -> list[str]:
    return [f"+-{i}" for i in range(1, n + 1)]


CASES = [
    Case("Domineering 2x4", "domineering", "2x4", True),
    Case("Domineering 2x6", "domineering", "2x6", True),
    Case("Domineering 2x8", "domineering", "2x8", True),
    Case("Domineering 2x10", "domineering", "2x10", False),
    Case("Domineering 2x12", "domineering", "2x12", False),
    Case("Domineering 3x3", "domineering", "3x3", True),
    Case("Domineering 3x4", "domineering", "3x4", True),
    Case("Domineering 3x5", "domineering", "3x5", True),
    Case("Domineering 4x4", "domineering", "4x4", True),
    Case("Domineering 3x6", "domineering", "3x6", False),
    Case("Domineering 3x7", "domineering", "3x7", False),
    Case("Domineering 4x5", "domineering", "4x5", False),
    Case("Domineering 5x5", "domineering", "5x5", False),
    Case("Toads and Frogs TTT..FFF", "toads", "TTT..FFF", True),
    Case("Toads and Frogs TTTT..FFF", "toads", "TTTT..FFF", True),
    Case("Toads and Frogs TTTT..FFFF", "toads", "TTTT..FFFF", True),
    Case("Toads and Frogs TTTTT..FFFFF", "toads", "TTTTT..FFFFF", True, True),
    Case("Toads and Frogs TTTTTT..FFFFFF", "toads", "TTTTTT..FFFFFF", False),
    Case("Clobber 1x8 xoxoxoxo", "clobber", "xoxoxoxo", True),
    Case("Clobber 2x4 xoxo|oxox", "clobber", "xoxo|oxox", True),
    Case("Clobber 3x4 xoxo|oxox|xoxo", "clobber", "xoxo|oxox|xoxo", False),
    Case("Clobber 4x4 xoxo|oxox|xoxo|oxox", "clobber", "xoxo|oxox|xoxo|oxox", False, True),
    Case("Amazons 2x4 x...|o...", "amazons", "x...|o...", True),
    Case("Amazons 2x7 x......|o......", "amazons", "x......|o......", False, True),
    Case("Blue-Red Hackenbush, 6 stalks of 8", "hackenbush", STALKS_8, True),
    Case("Blue-Red Hackenbush, 6 stalks of 14", "hackenbush", STALKS_14, False),
    Case("+-1 + +-2 + ... + +-6", "sum", _plus_minus(6), True),
    Case("+-1 + +-2 + ... + +-8", "sum", _plus_minus(8), False),
    Case("+-1 + +-2 + ... + +-10", "sum", _plus_minus(10), False),
    Case("10 hot switches {2|1} + {3|0} + ...", "sum", SWITCHES, True),
    Case("mean, temperature of those 10", "thermal", SWITCHES, True),
    Case("40.^ + * (40 additions)", "sum", ["^"] * 40 + ["*"], True),
    Case("*1 + *2 + ... + *6", "sum", [f"*{i}" for i in range(1, 7)], True),
    Case("*1 + *2 + ... + *7", "sum", [f"*{i}" for i in range(1, 8)], False),
    Case("*8 heated by 1", "heat", ("*8", "1"), True),
    Case("*14 heated by 1", "heat", ("*14", "1"), False, True),
]
BY_LABEL = {case.label: case for case in CASES}


# ----------------------------------------------------------------- the two libraries
def grundy_task(case: Case) -> Callable[[], Any]:
    """What grundy runs for `case` (the catalog games, grundy.partizan's arithmetic)."""
    from grundy.partizan import ZERO, parse
    from grundy.partizan.games import Amazons, Clobber, Domineering, Hackenbush, ToadsAndFrogs

    kind, arg = case.kind, case.arg
    if kind in ("domineering", "toads", "amazons", "clobber", "hackenbush"):
        games: dict[str, Callable[[], Any]] = {"clobber": lambda: Clobber}  # an instance
        games |= {"domineering": Domineering, "toads": ToadsAndFrogs, "amazons": Amazons}
        games |= {"hackenbush": Hackenbush}
        position = f"({';'.join(arg)})" if kind == "hackenbush" else arg
        return lambda: games[kind]().value(position)
    if kind == "sum":
        return lambda: reduce(lambda g, text: g + parse(text), arg, ZERO)
    heat, mean, temperature = _grundy_thermal()
    if kind == "heat":
        return lambda: heat(parse(arg[0]), parse(arg[1]))
    if kind == "thermal":

        def thermal() -> tuple[Any, Any]:
            g = reduce(lambda g, text: g + parse(text), arg, ZERO)
            return mean(g), temperature(g)

        return thermal
    raise ValueError(f"unknown kind {kind!r}")


def _grundy_thermal() -> tuple[Any, Any, Any]:
    """heat, mean, temperature: from grundy.partizan.temperature (or .cooling)."""
    try:
        module = importlib.import_module("grundy.partizan.temperature")
    except ImportError:  # the module's other name
        module = importlib.import_module("grundy.partizan.cooling")
    return module.heat, module.mean, module.temperature


def pycgt_task(case: Case) -> Callable[[], Any] | None:
    """What pycgt runs for `case` (its rulesets and arithmetic); None: no such game."""
    import pycgt
    from pycgt.rulesets import clobber, domineering, nim, toads_and_frogs

    kind, arg = case.kind, case.arg
    if kind == "domineering":
        rows, columns = map(int, arg.split("x"))
        return lambda: domineering.rectangle(rows, columns)
    if kind == "clobber":
        return lambda: clobber.parse(arg)
    if kind == "toads":  # pycgt writes toads and frogs in lower case
        return lambda: toads_and_frogs.parse(arg.lower())
    if kind == "hackenbush":  # pycgt's strings are L (blue) and R (red), from the ground
        stalks = [s.upper() for s in arg]
        return lambda: reduce(pycgt.add, map(nim.hackenbush_string, stalks), pycgt.ZERO)
    if kind == "sum":
        return lambda: reduce(lambda g, text: pycgt.add(g, pycgt.parse(text)), arg, pycgt.ZERO)
    if kind == "heat":
        return lambda: pycgt.heat(pycgt.parse(arg[0]), pycgt.parse(arg[1]))
    if kind == "thermal":

        def thermal() -> tuple[Any, Any]:
            g = reduce(lambda g, text: pycgt.add(g, pycgt.parse(text)), arg, pycgt.ZERO)
            return pycgt.mean(g), pycgt.temperature(g)

        return thermal
    return None  # Amazons: not in pycgt


def answer_text(side: str, answer: Any) -> str:
    """The answer as text: a game in the library's notation, or a mean and temperature."""
    if isinstance(answer, tuple):
        return f"mean {answer[0]}, temperature {answer[1]}"
    return _braces(answer) if side == "pycgt" else str(answer)


def _braces(g: Any) -> str:
    """A pycgt game in brace notation, numbers as fractions: what grundy.partizan.parse
    reads. (pycgt.render names more values, but it takes 35 s on *8 heated by 1.)"""
    import pycgt

    memo: dict[Any, str] = {}

    def text(g: Any) -> str:
        found = memo.get(g)
        if found is None:
            x = pycgt.as_number(g)
            if x is not None:
                found = str(x)
            else:
                left = ",".join(sorted(text(option) for option in g.left))
                found = f"{{{left}|{','.join(sorted(text(option) for option in g.right))}}}"
            memo[g] = found
        return found

    return text(g)


# ----------------------------------------------------------------- cold runs in children
def _rss_kib(field: str) -> int | None:
    """VmRSS or VmHWM (the peak) of this process in KiB, from /proc (Linux)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def _child(
    task: Callable[[], Any], side: str, trace: bool, text: bool, out: int, cpu_limit: float
) -> None:
    """In the forked child: run `task` timed, write a JSON line, then its answer's text.
    With a `cpu_limit`, the kernel ends the child (SIGXCPU) once it has used that much."""
    with os.fdopen(out, "w") as pipe:
        try:
            if cpu_limit:
                import resource

                hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
                soft = math.ceil(cpu_limit) + 1
                if hard == resource.RLIM_INFINITY or soft <= hard:
                    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
            start_rss = _rss_kib("VmRSS")
            if trace:
                tracemalloc.start()
            start, cpu = time.perf_counter(), time.process_time()
            answer = task()
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            report: dict[str, Any] = {"seconds": seconds, "cpu": cpu}
            if trace:
                report["traced"] = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
            peak_rss = _rss_kib("VmHWM")
            if start_rss is not None and peak_rss is not None:
                report["rss"] = (peak_rss - start_rss) * 1024
            pipe.write(json.dumps(report) + "\n")
            pipe.flush()
            if text:
                pipe.write(json.dumps({"text": answer_text(side, answer)}) + "\n")
        except BaseException as exc:  # noqa: BLE001 - reported to the benchmark
            pipe.write(json.dumps({"error": f"{type(exc).__name__}: {exc}"[:500]}) + "\n")


def _read_lines(fd: int, pid: int, deadlines: list[float]) -> list[dict[str, Any]]:
    """The JSON lines a child writes to `fd`, line i by deadlines[i] (perf_counter); the
    child is killed at the first deadline missed."""
    lines: list[dict[str, Any]] = []
    buffer = b""
    while len(lines) < len(deadlines):
        left = deadlines[len(lines)] - time.perf_counter()
        ready = select.select([fd], [], [], max(left, 0))[0] if left > 0 else []
        if not ready:
            os.kill(pid, signal.SIGKILL)
            break
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            break  # the child ended
        buffer += chunk
        while b"\n" in buffer and len(lines) < len(deadlines):
            line, buffer = buffer.split(b"\n", 1)
            lines.append(json.loads(line))
            if "error" in lines[-1]:
                return lines
    return lines


def run_cold(
    task: Callable[[], Any], side: str, timeout: float, cpu_clock: bool, trace: bool, text: bool
) -> dict[str, Any]:
    """One run of `task` in a child forked now: its report, or {"timeout": timeout} when
    it ran past `timeout` seconds of CPU time (`cpu_clock`) or of wall time."""
    if not hasattr(os, "fork"):  # no fork (Windows): run here, warm after the first run
        report: dict[str, Any] = {}
        if trace:
            tracemalloc.start()
        start, cpu = time.perf_counter(), time.process_time()
        answer = task()
        report["seconds"] = time.perf_counter() - start
        report["cpu"] = time.process_time() - cpu
        if trace:
            report["traced"] = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        if text:
            report["text"] = answer_text(side, answer)
        return report
    read, write = os.pipe()
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        try:
            _child(task, side, trace, text, write, timeout if cpu_clock else 0)
        finally:
            os._exit(0)
    os.close(write)
    start = time.perf_counter()
    wall = timeout * (WALL_PER_CPU if cpu_clock else 1) + 0.5
    deadlines = [start + wall] + ([start + wall + TEXT_TIMEOUT_S] if text else [])
    try:
        lines = _read_lines(read, pid, deadlines)
    finally:
        os.close(read)
        os.waitpid(pid, 0)
    if not lines:
        return {"timeout": timeout}
    report = lines[0]
    if report.get("cpu" if cpu_clock else "seconds", 0) > timeout:
        return {"timeout": timeout}
    if text and len(lines) > 1:
        report.update(lines[1])
    return report


def measure(
    case: Case, side: str, timeout: float, trace_up_to: float, clock: str
) -> dict[str, Any]:
    """The benchmark's measurement of `case` on `side`: best time, memory, answer.

    With ``clock == "cpu"`` a run's time is its CPU time, or its wall time when the CPU
    time is under :data:`CPU_CLOCK_FROM_S` (the CPU clock may advance by ticks of a few
    ms); with ``"wall"`` its wall time."""
    task = grundy_task(case) if side == "grundy" else pycgt_task(case)
    if task is None:
        return {"unsupported": True}
    cpu_clock = clock == "cpu"

    def run(trace: bool = False, text: bool = False) -> dict[str, Any]:
        report = run_cold(task, side, timeout, cpu_clock, trace, text)
        if "seconds" in report:
            use_cpu = cpu_clock and report["cpu"] >= CPU_CLOCK_FROM_S
            report["time"] = report["cpu" if use_cpu else "seconds"]
        return report

    first = run(text=True)
    if "time" not in first:
        return first
    best = first["time"]
    if best <= REPEAT_UP_TO_S:
        for _ in range(2):
            best = min(best, run().get("time", best))
    result = {"time": best, "text": first.get("text"), "rss": first.get("rss")}
    if best <= trace_up_to:
        traced = run(trace=True)
        if "traced" in traced:
            result["traced"] = traced["traced"]
    return result


def serve(side: str) -> None:
    """Answer the benchmark's requests, one JSON line each, until stdin ends."""
    if side == "grundy":
        import grundy.partizan.games  # noqa: F401 - imported once, before any fork

        _grundy_thermal()
        version = "grundy " + _version("grundy")
    else:
        import pycgt
        import pycgt.rulesets  # noqa: F401 - imported once, before any fork

        version = f"pycgt {pycgt.__version__}"
    print(json.dumps({"ready": version, "python": sys.version.split()[0]}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        case = BY_LABEL[request["case"]]
        try:
            times = request["timeout"], request["trace_up_to"], request["clock"]
            result = measure(case, side, *times)
        except Exception as exc:  # noqa: BLE001 - reported to the benchmark
            result = {"error": f"{type(exc).__name__}: {exc}"[:500]}
        print(json.dumps(result), flush=True)


def _version(distribution: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return "(not installed)"


if __name__ == "__main__":
    serve(sys.argv[1])
