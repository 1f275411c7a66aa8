"""The ``grundy`` command: JSON output, human output, and one-line errors with status 2."""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import run_cli as run
from conftest import run_cli_json as run_json

from grundy.app import registry


def test_value_nim_json(capsys):
    assert run_json(capsys, "value", "nim", "3", "4", "5") == {
        "game": "nim",
        "position": [3, 4, 5],
        "misere": False,
        "grundy": 2,
        "outcome": "N",
        "winning_moves": [{"part": 0, "from": 3, "to": 1}],
        "winning_moves_count": 1,
        "winning_moves_complete": True,
        "position_text": "3 4 5",
        "reason": "XOR of the heaps: 3 ⊕ 4 ⊕ 5 = 2",
        "winning_moves_text": [{"position": "1 4 5", "move": "heap 1: 3 -> 1"}],
        "grundy_unknown": None,
        "winning_moves_unlisted": None,
        "remoteness": None,
        "remoteness_unknown": None,
        "parts": [
            {"text": "3", "grundy": 3},
            {"text": "4", "grundy": 4},
            {"text": "5", "grundy": 5},
        ],
        "misere_method": None,
    }


def test_value_misere_and_p_position(capsys):
    data = run_json(capsys, "value", "nim", "1", "1", "1", "--misere")
    assert data["outcome"] == "P" and data["winning_moves"] == [] and data["grundy"] is None
    data = run_json(capsys, "value", "subtraction:1,3,4", "7")
    assert (data["grundy"], data["outcome"]) == (0, "P")


def test_value_big_heaps_are_exact(capsys):
    data = run_json(capsys, "value", "bash:3", str(10**40 + 3))
    assert data["grundy"] == 3
    assert data["winning_moves"] == [{"part": 0, "from": 10**40 + 3, "to": 10**40}]


def test_table_json(capsys):
    data = run_json(capsys, "table", "subtraction:2,3,7", "--upto", "11")
    assert data["values"] == [0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0]
    data = run_json(capsys, "table", "bash:2", "--upto", "5", "--misere")
    assert data["outcomes"] == ["N", "P", "N", "N", "P", "N"]


def test_a_misere_table_stops_where_its_search_outgrows_the_limit(capsys):
    lines = table_lines(capsys, "kayles", "--misere", "--upto", "40", "--max-positions", "3000")
    assert lines[0].startswith("kayles  misère outcomes of one heap, n = 0..")
    assert lines[-1].startswith("stopped: the misère search of heap ")
    shown = int(lines[0].rsplit("..", 1)[1])
    assert 10 <= shown < 40 and lines[-1].endswith(f"outcomes stop at n = {shown}")


def test_table_of_a_code_reports_the_certified_period(capsys):
    data = run_json(capsys, "table", "kayles", "--upto", "200")
    assert data["values"][:6] == [0, 1, 2, 3, 1, 4] and len(data["values"]) == 201
    assert (data["period"], data["preperiod"], data["certified"], data["bound"]) == (
        12,
        71,
        True,
        156,
    )
    assert data["rare_count"] == 10 and data["mask"] == 15 and data["code"] == "0.77"
    data = run_json(capsys, "table", "0.16", "--upto", "5", "--certify")
    assert (data["period"], data["preperiod"], data["certified"]) == (149459, 105351, True)
    assert data["values"] == [0, 1, 0, 0, 1, 2] and data["upto"] == 5
    data = run_json(capsys, "table", "allbut:2,3,7", "--upto", "40")
    assert (data["period"], data["saltus"], data["certified"]) == (4, 2, False)
    status, out, _ = run(capsys, "table", "0.137", "--upto", "200")
    assert status == 0 and "period 34 from n = 52, certified" in out


def test_table_plot_and_checkpoint(capsys, tmp_path):
    image, values = tmp_path / "officers.png", tmp_path / "officers.values"
    status, out, _ = run(
        capsys, "table", "0.6", "--upto", "3000", "--plot", str(image), "--checkpoint", str(values)
    )
    assert status == 0 and image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and values.exists()
    assert "no period seen in the 3,001 values" in out
    again = run_json(capsys, "table", "0.6", "--upto", "4000", "--checkpoint", str(values))
    assert again["values"] == run_json(capsys, "table", "0.6", "--upto", "4000")["values"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["0.7G", "--upto", "3"], "'G' at position 4 is not a digit"),
        (["2.07", "--upto", "3"], "'2' before the point is not allowed"),
        (["nim", "--upto", "3", "--plot", "x.png"], "need a take-and-break code"),
        (["0.6", "--upto", "3", "--kernel", "fast"], "kernel 'fast' is not one of"),
        (["0.3F", "--upto", "3", "--kernel", "sparse"], "at most two heaps"),
        (["0.6", "--upto", "100", "--max-positions", "50"], "more than --max-positions 50"),
        (["0.6", "--upto", "3", "--plot", "/nonexistent/dir/x.png"], "cannot write the plot"),
    ],
)
def test_table_bad_input_is_one_line(capsys, argv, message):
    status, out, err = run(capsys, "table", *argv)
    assert status == 2 and message in err and err.count("\n") == 1 and not out


def test_nim_arithmetic(capsys):
    assert run_json(capsys, "nim", "mul", "3141", "5926")["result"] == 14994
    assert run_json(capsys, "nim", "inv", "2")["result"] == 3
    assert run_json(capsys, "nim", "sqrt", "4")["result"] == 7
    assert run_json(capsys, "nim", "pow", "2", "2")["result"] == 3
    assert run_json(capsys, "nim", "sum", "3", "4", "5")["result"] == 2


def test_games_lists_the_registry(capsys):
    names = [g["name"] for g in run_json(capsys, "games")["games"]]
    assert names == [entry.usage for entry in registry.GAMES.values()]


@pytest.mark.parametrize("entry", registry.GAMES.values(), ids=lambda e: e.name)
def test_every_registry_example_runs(entry, capsys, monkeypatch):
    # examples that name a file name one shipped in docs/examples/, from the root
    monkeypatch.chdir(Path(__file__).parent.parent)
    data = run_json(capsys, entry.command, *entry.example.split())
    if entry.command == "solve":  # a two-player game
        assert data["value"] in ("win", "loss", "tie", "draw") and data["positions"] > 0
    elif data.get("loopy"):  # a loopy partizan game: a loopy value, its outcome with draws
        assert data["kind"] == "partizan" and data["value"] and data["positions"] > 0
        assert data["outcome"] in ("L", "R", "N", "P", "D", "NHat", "NCheck", "PHat", "PCheck")
    elif data.get("kind") == "partizan":  # a canonical form, its outcome and temperature
        assert data["outcome"] in ("N", "P", "L", "R") and data["value"] and data["temperature"]
    else:
        assert data["outcome"] in ("N", "P")
        assert isinstance(data["grundy"], int)


def test_human_output(capsys):
    status, out, _ = run(capsys, "value", "nim", "3", "4", "5")
    assert status == 0
    assert "SG value       2" in out and "heap 1: 3 -> 1" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["value", "nim", "3", "-4"], "heap -4 is negative"),
        (["value", "nim", "3.5"], "heap '3.5' is not an integer"),
        (["value", "chess", "1"], "unknown game 'chess'"),
        (["value", "subtraction:", "3"], "is empty"),
        (["value", "subtraction:1,x", "3"], "'x' is not a positive integer"),
        (["value", "bash", "3"], "needs a parameter"),
        (["value", "nim:3", "3"], "takes no parameter"),
        (["value", "nim"], "Missing argument"),
        (["table", "nim", "--upto", "-1"], "--upto -1 is negative"),
        (["table", "wythoff", "--upto", "5"], "positions of wythoff are not heaps"),
        (["table", "bash:2", "--upto", str(10**12)], "more than --max-positions"),
        (["value", "allbut:1", "50", "--max-positions", "10"], "more than max_positions 10"),
        (["nim", "inv", "0"], "0"),
        (["nim", "mul", "2", "x"], "operand 'x' is not an integer"),
        (["frobnicate"], "No such command"),
    ],
)
def test_errors_are_one_line_with_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert message in err
    assert "Traceback" not in err and out == ""


def test_console_script_runs():
    result = subprocess.run(
        [sys.executable, "-m", "grundy", "value", "nim", "3", "4", "5", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["grundy"] == 2


def test_value_without_sg_value_or_full_move_list(capsys):
    # Wythoff has a closed-form outcome but SG values only by search
    data = run_json(capsys, "value", "wythoff", str(10**100), str(10**100 + 1))
    assert data["grundy"] is None and data["outcome"] == "N" and data["winning_moves_complete"]
    # Moore's Nim lists too many options here but constructs one winning move
    heaps = [str(2**60 + i) for i in range(7)]
    data = run_json(capsys, "value", "moore:2", *heaps)
    assert data["outcome"] == "N" and not data["winning_moves_complete"]
    assert len(data["winning_moves"]) == 1
    status, out, _ = run(capsys, "value", "moore:2", *heaps)
    assert status == 0 and "not all listed" in out
    assert data["winning_moves"][0]["part"] is None  # the one constructed move, whole
    assert " ".join(map(str, data["winning_moves"][0]["to"])) in out


# ----------------------------------------------------------------- solve and --loopy
def test_solve_tictactoe(capsys):
    data = run_json(capsys, "solve", "tictactoe")
    assert (data["value"], data["remoteness"], data["positions"]) == ("tie", 9, 765)
    assert len(data["best_moves"]) == 9
    data = run_json(capsys, "solve", "tictactoe", "--no-symmetry")
    assert data["positions"] == 5478
    assert data["counts"] == {"loss": 1574, "tie": 1068, "win": 2836}
    data = run_json(capsys, "solve", "tictactoe", "xx.", "oo.", "...")
    assert (data["value"], data["remoteness"], data["best_moves"]) == ("win", 1, ["xxxoo...."])


def test_solve_connect_four_4x4_is_a_tie(capsys):
    data = run_json(capsys, "solve", "connect-four:4x4", "--no-symmetry")
    assert (data["value"], data["remoteness"], data["positions"]) == ("tie", 16, 161_029)


def test_solve_save_load_and_bad_files(capsys, tmp_path):
    path = str(tmp_path / "t.solved")
    status, out, _ = run(capsys, "solve", "tictactoe", "--save", path)
    assert status == 0 and "saved to" in out
    data = run_json(capsys, "solve", "tictactoe", "x........", "--load", path)
    assert data["value"] == "tie" and data["remoteness"] == 8
    (tmp_path / "short").write_bytes((tmp_path / "t.solved").read_bytes()[:-1])
    status, _, err = run(capsys, "solve", "tictactoe", "--load", str(tmp_path / "short"))
    assert status == 2 and "truncated" in err and len(err.strip().splitlines()) == 1
    status, _, err = run(capsys, "solve", "connect-four:4x4", "--load", path)
    assert status == 2 and "solves tictactoe, not connect-four:4x4" in err


def test_solve_errors_are_one_line(capsys):
    for argv, message in [
        (("solve", "tictactoe", "xxx", "xxx", "xxx"), "tictactoe"),
        (("solve", "connect-four:4by4"), "is not WIDTHxHEIGHT"),
        (("solve", "tictactoe", "--max-positions", "50"), "more than 50 positions"),
        (("value", "tictactoe", "x"), "use 'grundy solve tictactoe'"),
        (("solve", "nim", "1", "--save", "x.db"), "--save, --load and --store are for two-player"),
    ]:
        status, _, err = run(capsys, *argv)
        assert status == 2 and message in err and len(err.strip().splitlines()) == 1, err


def test_value_loopy_on_a_cyclic_digraph(capsys, tmp_path):
    graph = tmp_path / "g.txt"
    graph.write_text("0 1\n1 0\n0 2\n1 2\n3 3\n4 0\n")
    spec = f"digraph:{graph}"
    data = run_json(capsys, "value", spec, "0", "--loopy")
    assert data["grundy"] == {"infinite": [0]} and data["outcome"] == "N"
    assert data["winning_moves"] == [2] and data["remoteness"] == 1
    data = run_json(capsys, "value", spec, "0", "3", "--loopy")  # two tokens: ∞ + ∞
    assert data["grundy"] == {"infinite": []} and data["outcome"] == "D"
    data = run_json(capsys, "value", spec, "0", "4", "--loopy")
    assert data["outcome"] == "N" and data["winning_moves"] == [[2, 4]]
    status, out, _ = run(capsys, "value", spec, "0", "--loopy")
    assert status == 0 and "∞(0)" in out and "ends in 1 move)" in out
    status, _, err = run(capsys, "value", spec, "0")  # without --loopy: points to it
    assert status == 2 and "--loopy" in err
    data = run_json(capsys, "solve", spec, "4")  # solve values impartial games as loopy
    assert data["grundy"] == 0 and data["remoteness"] == 2


def test_serve_on_a_port_in_use_is_one_line(capsys):
    import socket

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        status, _, err = run(capsys, "serve", "--port", str(port))
    assert status == 2
    assert err.strip() == f"error: cannot listen on 127.0.0.1:{port}: Address already in use"


def test_messages_print_colons_as_written(capsys, tmp_path):
    # rich would turn ":x:" into an emoji; the message must quote the input as it is
    family = tmp_path / "codes.txt"
    family.write_text("root:x:0:0\n")
    status, _, err = run(capsys, "survey", str(family), "--upto", "5")
    assert status == 2 and "'root:x:0:0'" in err and len(err.strip().splitlines()) == 1


# ----------------------------------------------------------------- the command's manners
HELPS = [
    [],
    ["value"],
    ["solve"],
    ["table"],
    ["play"],
    ["survey"],
    ["games"],
    ["serve"],
    ["nim"],
    ["nim", "sum"],
    ["nim", "mul"],
    ["nim", "inv"],
    ["nim", "sqrt"],
    ["nim", "pow"],
]


def test_version(capsys):
    from importlib.metadata import version

    status, out, err = run(capsys, "--version")
    assert status == 0 and out == f"grundy {version('grundy')}\n" and err == ""


@pytest.mark.parametrize("command", HELPS, ids=lambda c: " ".join(c) or "grundy")
def test_dash_h_is_help_with_readable_metavars(capsys, command):
    status, out, err = run(capsys, *command, "-h")
    assert status == 0 and err == ""
    assert out == run(capsys, *command, "--help")[1]
    assert f"Usage: grundy {' '.join(command)}".replace("  ", " ") in out
    for tag in ("<bool>", "<list", "<str>", "<int", "<float>", "{"):
        assert tag not in out, (tag, out)


def test_help_names_positions_and_option_values(capsys):
    usage = {
        ("value",): "Usage: grundy value [OPTIONS] GAME POSITION...",
        ("solve",): "Usage: grundy solve [OPTIONS] GAME [POSITION...]",
        ("play",): "Usage: grundy play [OPTIONS] GAME [POSITION...]",
        ("table",): "Usage: grundy table [OPTIONS] GAME",
        ("nim", "sum"): "Usage: grundy nim sum [OPTIONS] N...",
        ("nim", "pow"): "Usage: grundy nim pow [OPTIONS] BASE EXPONENT",
    }
    for command, line in usage.items():
        assert line in run(capsys, *command, "-h")[1]
    out = run(capsys, "table", "-h")[1]
    assert "--upto" in out and " N " in out and "FILE" in out and "KERNEL" in out


@pytest.mark.parametrize("command", [[], ["nim"]], ids=["grundy", "grundy nim"])
def test_a_bare_command_shows_its_help(capsys, command):
    status, out, err = run(capsys, *command)
    assert status == 0 and err == ""
    assert out.rstrip("\n") == run(capsys, *command, "--help")[1].rstrip("\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["value", "nim", "3", "--bogus"], "No such option: --bogus"),
        (["value", "nim", "--bogus=1", "3"], "No such option: --bogus"),
        (["value", "nim", "3", "--jsn"], "No such option: --jsn (Possible options: --json)"),
        (["solve", "tictactoe", "--bogus"], "No such option: --bogus"),
        (["play", "nim", "3", "--bogus"], "No such option: --bogus"),
        (["nim", "sum", "1", "--bogus"], "No such option: --bogus"),
        (["table", "nim", "--upto", "3", "--bogus"], "No such option: --bogus"),
        (["value", "nim", "3", "--4"], "No such option: --4"),
        (["value", "nim", "--", "--x"], "heap '--x' is not an integer"),  # -- ends options
    ],
)
def test_unknown_options_are_refused_as_options(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1, err


def test_negative_numbers_and_option_values_are_not_taken_for_options(capsys):
    assert run(capsys, "value", "nim", "3", "-4")[2].startswith("error: Nim(): heap -4")
    data = run_json(capsys, "solve", "tictactoe", "--x", "-o-", "...")  # rows that start with -
    assert data["position"] == "..x.o...."
    status, _, err = run(capsys, "value", "nim", "3", "--max-positions", "--5")
    assert status == 2 and "--max-positions" in err and "No such option" not in err


def test_shell_completion(capsys, monkeypatch):
    import shellingham  # typer detects the shell from the parent process: pin it to bash

    monkeypatch.setattr(shellingham, "detect_shell", lambda *args, **kwargs: ("bash", "bash"))
    status, out, _ = run(capsys, "--show-completion")
    assert status == 0 and "_grundy_completion" in out and "_GRUNDY_COMPLETE" in out
    assert "--install-completion" in run(capsys, "-h")[1]


# ----------------------------------------------------------------- long tables
def table_lines(capsys, *argv: str) -> list[str]:
    status, out, err = run(capsys, "table", *argv)
    assert status == 0, err
    return out.splitlines()


def test_a_long_table_prints_its_summary(capsys):
    lines = table_lines(capsys, "kayles", "--upto", "1000")
    assert lines == [
        "kayles  SG values of one heap, n = 0..1000",
        "       0:  0 1 2 3 1 4 3 2 1 4",
        "      10:  2 6 4 1 2 7 1 4 3 2",
        "     ...",
        "     990:  7 2 1 8 2 7 4 1 2 8",
        "    1000:  1",
        "values: 0 ×1, 1 ×250, 2 ×247, 3 ×4, 4 ×169, 5 ×1, 6 ×4, 7 ×164, 8 ×161",
        "the first 20 and the last 11 of 1,001 values are shown; --all prints them all, "
        "--json gives them as JSON",
        "period 12 from n = 71, certified: the values agree for 71 <= n < 156, which the "
        "periodicity theorem needs; rare values: 10 (mask 0xf); kernel "
        + lines[-1].split("kernel ")[-1],
    ]
    everything = table_lines(capsys, "kayles", "--upto", "1000", "--all")
    assert len(everything) == 1 + 101 + 1 and everything[-2] == "    1000:  1"
    assert len(run_json(capsys, "table", "kayles", "--upto", "1000")["values"]) == 1001


def test_a_table_of_200_values_is_printed_whole(capsys):
    lines = table_lines(capsys, "kayles", "--upto", "199")
    assert len(lines) == 1 + 20 + 1 and lines[-2].startswith("     190:")


def test_summary_on_request_and_of_outcomes(capsys):
    short = table_lines(capsys, "subtraction:2,3,7", "--upto", "29", "--summary")
    assert short[1:4] == [
        "       0:  0 0 1 1 2 0 0 1 1 2",
        "      10:  0 0 1 1 2 0 0 1 1 2",
        "      20:  0 0 1 1 2 0 0 1 1 2",
    ]  # three rows: all of them, with the counts
    assert short[4] == "values: 0 ×12, 1 ×12, 2 ×6"
    assert table_lines(capsys, "subtraction:2,3,7", "--upto", "29")[1:] == short[1:4] + short[5:]
    assert table_lines(capsys, "kayles", "--upto", "100", "-q")[3] == "     ..."
    misere = table_lines(capsys, "bash:3", "--upto", "300", "--misere")
    assert "outcomes: N ×226, P ×75" in misere and "     ..." in misere
    nim = table_lines(capsys, "nim", "--upto", "1000")
    assert "values: 1,001 distinct, from 0 to 1,000" in nim
    status, out, err = run(capsys, "table", "nim", "--upto", "5", "--all", "--summary")
    assert status == 2 and out == "" and "pick one" in err and err.count("\n") == 1


# ----------------------------------------------------------------- Ctrl-C
def test_ctrl_c_in_a_command_is_one_line(capsys, monkeypatch):
    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("grundy.cli.positions.value_report", interrupted)
    status, out, err = run(capsys, "value", "nim", "3", "4")
    assert (status, out, err) == (130, "", "interrupted\n")


def read_until(process: subprocess.Popen, text: bytes) -> bytes:
    """What `process` writes on stdout, up to `text` (which must come)."""
    seen = b""
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while text not in seen:
            assert selector.select(timeout=300), seen  # a hang guard, not a time limit
            chunk = os.read(process.stdout.fileno(), 4096)
            assert chunk, seen  # the process ended first
            seen += chunk
    return seen


def grundy_process(*argv: str) -> subprocess.Popen:
    """``grundy ARGV`` in a session of its own, so a Ctrl-C can go to all its processes.

    SIGINT is set back to its default in the child, as in a terminal: a test run started
    in the background of a shell script inherits SIGINT ignored, and Python then installs
    no KeyboardInterrupt handler."""
    return subprocess.Popen(
        [sys.executable, "-m", "grundy", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def ctrl_c(process: subprocess.Popen) -> tuple[int, str]:
    """Send SIGINT to the process group of `process`, as a terminal's Ctrl-C does; its
    exit status and stderr."""
    os.killpg(process.pid, signal.SIGINT)
    # stdin stays open until the process has ended: closing it first (as communicate()
    # does) races the signal on a busy machine, and an end of input quits the prompt
    process.wait(timeout=300)
    err = process.stderr.read()  # type: ignore[union-attr]
    process.communicate()
    return process.returncode, err.decode()


def test_ctrl_c_at_the_play_prompt_is_one_line():
    process = grundy_process("play", "nim", "3", "4", "--first", "me")
    read_until(process, b"your move")
    assert ctrl_c(process) == (130, "interrupted\n")


def child_processes(pid: int) -> int:
    """How many processes have `pid` for parent (Linux: read from /proc)."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError):
            count += int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid
    return count


@pytest.mark.parametrize("when", ["starting", "serving"])
def test_ctrl_c_stops_serve_without_tracebacks(when):
    # Before, each compute worker printed a KeyboardInterrupt traceback; and a Ctrl-C
    # while the workers started up killed them, and the server with a traceback.
    pytest.importorskip("uvicorn")
    if when == "starting" and not Path("/proc/self/stat").exists():
        pytest.skip("counts child processes in /proc")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = grundy_process("serve", "--port", str(port), "--workers", "1")
    read_until(process, b"Ctrl-C stops it")  # the workers start after this line
    for _ in range(3000):  # a hang guard: wait for the workers, or for the server
        if when == "starting" and child_processes(process.pid) >= 2:  # + resource tracker
            break
        if when == "serving":
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                break
        time.sleep(0.1)
    status, err = ctrl_c(process)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert status in (0, 130) and err in ("", "interrupted\n")


def test_value_lists_the_first_winning_moves_counts_the_rest_and_all_lists_them(capsys):
    heaps = ["7"] * 150 + ["1"]  # X = 1: every 7 goes to 6, the 1 to 0
    data = run_json(capsys, "value", "nim", *heaps)
    assert data["winning_moves_count"] == 151 and not data["winning_moves_complete"]
    assert len(data["winning_moves"]) == 100 and len(data["winning_moves_text"]) == 20
    assert data["winning_moves"][-1] == {"part": 99, "from": 7, "to": 6}
    data = run_json(capsys, "value", "nim", *heaps, "--all")
    assert len(data["winning_moves"]) == 151 and data["winning_moves_complete"]
    assert data["winning_moves"][-1] == {"part": 150, "from": 1, "to": 0}
    status, out, _ = run(capsys, "value", "nim", *heaps)
    assert status == 0 and "... 131 more (--all lists them)" in out
    status, out, _ = run(capsys, "value", "nim", *heaps, "--all")
    assert status == 0 and "more" not in out and out.count("->") == 151


def test_value_remoteness_on_request(capsys):
    data = run_json(capsys, "value", "chomp", "4x5", "--remoteness")
    from grundy.games import Chomp

    assert data["remoteness"] == Chomp().remoteness((5, 5, 5, 5)) and data["remoteness"] % 2
    assert run_json(capsys, "value", "chomp", "4x5")["remoteness"] is None  # not asked
    status, out, _ = run(capsys, "value", "nim", "1", "1", "--remoteness")
    assert status == 0 and "remoteness     2 moves left with perfect play" in out
    data = run_json(capsys, "value", "nim", "1000000", "1000000", "--remoteness")
    assert data["remoteness"] is None and "max_positions" in data["remoteness_unknown"]
    assert data["outcome"] == "P"  # the rest of the answer stands


# ------------------------------------------------ issue 20: no traceback for any input
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["value", "subtraction:²", "3"], "subtraction set '²': '²' is not a positive integer"),
        (["value", "moore:²", "1"], "parameter '²' is not a positive integer"),
        (["value", "lieges:²", "1"], "parameter '²' is not a positive integer"),
        (["solve", "connect-four:²x²"], "parameter '²' is not a positive integer"),
        (["solve", "give-and-take:²"], "parameter '²' is not a positive integer"),
        (["table", "subtraction:1,²", "--upto", "3"], "'²' is not a positive integer"),
        (["value", "nim", "-" + "1" * 5000], "(5,000 digits) is negative"),
        (["value", "allbut:2", "1" * 5000], "max_positions"),
        (["value", "subtraction:" + "9" * 90, "3"], "is more than 2^63 - 1"),
        (["table", "allbut:" + "9" * 90, "--upto", "1000000"], "is more than 2^63 - 1"),
        (["solve", "give-and-take:1" + "0" * 30], "the largest whose codes 2 x heap + player"),
        (["value", "nim", "1" * 100_001], "grundy reads integers of at most 100,000 digits"),
        (["value", "digraph:/dev/zero", "0"], "'/dev/zero': it holds more than 67,108,864 bytes"),
        (["value", "hackenbush", "/dev/zero"], "'/dev/zero': it holds more than 67,108,864 bytes"),
        (["table", "nim", "--upto", "3", "--kernel", "bogus"], "--kernel 'bogus' is not one of"),
    ],
)
def test_malformed_input_is_one_line_never_a_traceback(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1, err
    assert message in err and out == "" and "Traceback" not in err


def _json(capsys, *argv: str) -> dict:
    """run_json for answers holding ints of more than 4,300 digits."""
    from grundy.core.integers import parse_int

    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out, parse_int=parse_int)


def test_numbers_of_5000_digits_are_read_and_printed_exactly(capsys):
    from grundy.core.integers import parse_int

    text = "1" * 5000
    heap = parse_int(text)
    assert _json(capsys, "value", "nim", text)["grundy"] == heap
    assert _json(capsys, "value", "bash:3", text)["grundy"] == heap % 4
    data = _json(capsys, "value", "subtraction:1,2", "3", text)
    assert data["grundy"] == 0 ^ heap % 3 and data["position"] == [3, heap]
    status, out, _ = run(capsys, "value", "nim", "+" + text)
    assert status == 0 and f"SG value       {text}\n" in out


def test_nimber_results_of_more_than_4300_digits_are_printed(capsys):
    from grundy.core.integers import int_text, parse_int
    from grundy.nimbers import nim_mul

    a, b = "7" * 4400, "3" * 4400
    status, out, err = run(capsys, "nim", "mul", a, b)
    assert status == 0, err
    assert out == int_text(nim_mul(parse_int(a), parse_int(b))) + "\n" and len(out) > 4301
    assert _json(capsys, "nim", "sum", a, "0")["result"] == parse_int(a)


def test_a_digraph_file_with_huge_vertex_numbers(capsys, tmp_path):
    huge = "9" * 5000
    graph = tmp_path / "huge.txt"
    graph.write_text(f"0 {huge}\n{huge} 1\n")
    status, out, err = run(capsys, "value", f"digraph:{graph}", "0")
    assert status == 0 and "SG value       0" in out, err
    status, out, err = run(capsys, "value", f"digraph:{graph}", huge)
    assert status == 0 and "SG value       1" in out and f"(move the token: {huge} -> 1)" in out


def test_a_hackenbush_file_of_more_edges_than_max_positions_is_refused(capsys, tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("".join(f"{v} {v + 1}\n" for v in range(100)))
    status, _, err = run(capsys, "value", "hackenbush", str(path), "--max-positions", "50")
    assert status == 2 and "line 51: more than max_positions = 50 edges" in err
    assert err.count("\n") == 1
    assert run_json(capsys, "value", "hackenbush", str(path))["grundy"] == 100


def test_plot_without_an_extension_says_the_file_it_wrote(capsys, tmp_path):
    status, out, err = run(capsys, "table", "0.77", "--upto", "30", "--plot", str(tmp_path / "a"))
    assert status == 0, err
    assert f"plot saved to {tmp_path / 'a.png'}\n" in out and (tmp_path / "a.png").exists()
