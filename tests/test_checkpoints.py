"""Checkpoints of heap tables (issue 20): checked when read (checksum, header, values a game
of the code can have), written early and on SIGTERM, refused at once where they cannot be
written; and the codes whose period no theorem certifies (0.3F) answer at once."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
import types

import numpy as np
import pytest
from conftest import run_cli

from grundy import heaps
from grundy.core.errors import CheckpointError, GrundyError, InvalidGameError, PositionLimitError
from grundy.games import OctalGame
from grundy.heaps import _checkpoints as checkpoints
from grundy.heaps import sequence as sequence_module


# --------------------------------------------------------------------- helpers
def header_and_values(path) -> tuple[list[bytes], np.ndarray]:
    """The five header lines of a checkpoint, and its values."""
    lines = path.read_bytes().split(b"\n", 5)
    return lines[:5], np.frombuffer(lines[5], dtype=lines[3].decode())


def write_checkpoint(path, code: str, values: np.ndarray, dtype: str) -> None:
    """A checkpoint with these values and a correct checksum (as a forger would write)."""
    values = np.asarray(values).astype(dtype)
    header = f"grundy heap values 2\n{code}\n{len(values)}\n{values.dtype.str}\n".encode()
    digest = hashlib.sha256(header + values.tobytes()).hexdigest()
    path.write_bytes(header + f"sha256 {digest}\n".encode() + values.tobytes())


def one_line_refusal(info: pytest.ExceptionInfo) -> str:
    message = str(info.value)
    assert message and "\n" not in message and isinstance(info.value, GrundyError)
    return message


@pytest.fixture
def officers(tmp_path):
    """A checkpoint of 0.6 (Officers) to 3,000, and the values it holds."""
    path = tmp_path / "officers.values"
    values = heaps.compute("0.6", 3000, checkpoint=path).values
    return path, values


# --------------------------------------------------------------------- checked when read
def test_the_file_carries_a_checksum_and_resumes(officers):
    path, values = officers
    header, held = header_and_values(path)
    assert header[0] == b"grundy heap values 2" and header[4].startswith(b"sha256 ")
    assert np.array_equal(held, values)
    more = heaps.compute("0.6", 6000, checkpoint=path)
    assert np.array_equal(more.values, heaps.compute("0.6", 6000).values)


@pytest.mark.parametrize("where", ["value 1", "value 2000", "last value", "header", "checksum"])
def test_a_flipped_bit_is_refused(officers, where):
    """Issue 20: one flipped bit gave exit 0 and up to 80,185 wrong values."""
    path, _ = officers
    data = bytearray(path.read_bytes())
    start = len(data) - 3001
    at = {
        "value 1": start + 1,
        "value 2000": start + 2000,
        "last value": len(data) - 1,
        "header": data.index(b"\n3001\n") + 2,  # the count 3001 becomes 3201
        "checksum": data.index(b"sha256 ") + 10,
    }[where]
    data[at] ^= 2
    path.write_bytes(bytes(data))
    with pytest.raises(CheckpointError) as info:
        heaps.compute("0.6", 5000, checkpoint=path)
    message = one_line_refusal(info)
    assert "damaged" in message or "truncated" in message


def test_a_flipped_bit_is_an_exit_2_on_the_command_line(capsys, officers):
    path, _ = officers
    data = bytearray(path.read_bytes())
    data[-1000] ^= 16
    path.write_bytes(bytes(data))
    status, out, err = run_cli(capsys, "table", "0.6", "--upto", "5000", "--checkpoint", str(path))
    assert status == 2 and out == ""
    assert err == (
        f"error: checkpoint {str(path)!r} is damaged: its checksum does not match (delete it "
        "to compute the values again)\n"
    )


def test_truncated_or_longer_files_are_refused(officers):
    path, _ = officers
    data = path.read_bytes()
    for damaged in (data[:-1], data + b"\x00", data[: data.index(b"sha256")]):
        path.write_bytes(damaged)
        with pytest.raises(CheckpointError) as info:
            heaps.compute("0.6", 5000, checkpoint=path)
        assert "truncated" in one_line_refusal(info) or "not a grundy values" in str(info.value)


def test_a_file_of_the_older_format_is_refused_with_what_to_do(tmp_path):
    path = tmp_path / "old.values"
    path.write_bytes(b"grundy heap values\n0.6\n3\n|u1\n\x00\x00\x01")
    with pytest.raises(CheckpointError) as info:
        heaps.compute("0.6", 100, checkpoint=path)
    assert one_line_refusal(info) == (
        f"checkpoint {str(path)!r} was written by an older grundy, without a checksum: "
        "delete it to compute the values again"
    )


@pytest.mark.parametrize("dtype", ["<u4", "<u2", ">u4", "<i4", "<f8"])
def test_a_damaged_header_is_refused(tmp_path, dtype):
    path = tmp_path / "odd.values"
    write_checkpoint(path, "0.6", np.zeros(10), dtype)
    if dtype in ("<u4", "<u2"):  # a dtype grundy writes: the file is fine
        assert len(heaps.compute("0.6", 20, checkpoint=path).values) == 21
        return
    with pytest.raises(CheckpointError, match="has a damaged header"):
        heaps.compute("0.6", 20, checkpoint=path)


@pytest.mark.parametrize("value", [4_000_000_000, 70_000, 2_000])
def test_values_no_game_of_the_code_has_are_refused(tmp_path, officers, value):
    """A file with a correct checksum (written by hand, or by another program) but a value
    the code cannot have is refused before it reaches a kernel."""
    _, values = officers
    path = tmp_path / "forged.values"
    forged = values.astype(np.uint32)
    forged[2000] = value
    write_checkpoint(path, "0.6", forged, "<u4")
    with pytest.raises(CheckpointError) as info:
        heaps.compute("0.6", 200_000, checkpoint=path)
    assert f"G(2,000) = {value:,} is impossible for 0.6" in one_line_refusal(info)


def test_a_huge_value_is_an_error_not_a_segmentation_fault(tmp_path, officers):
    """Issue 20: a 32-bit value of 4·10^9 in a checkpoint crashed the sparse kernel."""
    _, values = officers
    path = tmp_path / "forged.values"
    forged = values.astype(np.uint32)
    forged[2000] = 4_000_000_000
    write_checkpoint(path, "0.6", forged, "<u4")
    # in a process of its own: before, the crash took the whole test run down
    done = subprocess.run(
        [sys.executable, "-m", "grundy", "table", "0.6", "--upto", "200000", "--checkpoint",
         str(path), "-q"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "is impossible for 0.6" in done.stderr


def test_the_bounds_hold_for_every_value_the_kernels_compute():
    codes = ["0.6", "0.77", "0.137", "grundy", "allbut:2,3", "4.07", "8.0", "C.1"]
    codes += ["subtraction:1,3,4", "0.3F", "0.F", "0.B4", "0.7F"]
    for code in codes:
        sequence = heaps.compute(code, 300 if "F" in code else 4000)
        assert checkpoints._impossible_value(sequence.values, sequence.code) is None, code


def test_the_sparse_kernel_never_gets_values_beyond_its_tables():
    values = np.zeros(10, dtype=np.uint32)
    values[9] = 1 << 16
    with pytest.raises(GrundyError, match="beyond the sparse kernel's 2\\^16"):
        sequence_module.KernelRun(heaps.parse_code("0.6"), "sparse", values)


# --------------------------------------------------------------------- where it is written
def test_a_checkpoint_in_a_missing_directory_is_refused_at_once(tmp_path, capsys):
    """Issue 20: a FileNotFoundError traceback, after the values were computed."""
    path = tmp_path / "no-such-dir" / "v.values"
    with pytest.raises(CheckpointError) as info:
        heaps.compute("0.6", 100, checkpoint=path)
    assert one_line_refusal(info) == (
        f"cannot write checkpoint {str(path)!r}: directory "
        f"{str(tmp_path / 'no-such-dir')!r} does not exist"
    )
    status, out, err = run_cli(capsys, "table", "0.6", "--upto", "10", "--checkpoint", str(path))
    assert status == 2 and out == "" and err.startswith("error: cannot write checkpoint")
    assert err.count("\n") == 1
    with pytest.raises(CheckpointError, match="is a directory"):
        heaps.find_period("0.6", checkpoint=tmp_path)


# --------------------------------------------------------------------- when it is written
class FixedChunks:
    """Kernel calls of 1,000 values each, whatever the clock says."""

    def __init__(self, first: int) -> None:
        self.size = 1000

    def start(self) -> int:
        return self.size

    def done(self, full: bool) -> None:
        pass


def test_the_first_checkpoint_comes_after_two_seconds_then_every_minute(tmp_path, monkeypatch):
    """Issue 20: the first save came after 60 s, so a run killed sooner lost everything.

    A fake clock moves one second each time the run reads it (about once a kernel call)."""
    seconds = iter(range(10**6))
    monkeypatch.setattr(
        sequence_module, "time", types.SimpleNamespace(perf_counter=lambda: float(next(seconds)))
    )
    monkeypatch.setattr(sequence_module, "Chunks", FixedChunks)
    saved: list[int] = []
    save = sequence_module.save_checkpoint

    def counted(path, run):
        saved.append(run.count)
        save(path, run)

    monkeypatch.setattr(sequence_module, "save_checkpoint", counted)
    heaps.compute("0.6", 199_999, checkpoint=tmp_path / "v.values", kernel="sparse")
    assert saved[-1] == 200_000  # the end
    assert 0 < saved[0] <= 3000  # the first save: about two seconds in
    # then once a minute (about sixty calls of 1,000 values), not at every call
    gaps = [b - a for a, b in zip(saved, saved[1:-1], strict=False)]
    assert len(gaps) == 3 and all(55_000 <= gap <= 65_000 for gap in gaps), saved


def test_sigterm_keeps_the_values_as_ctrl_c_does(tmp_path, monkeypatch):
    """Issue 20: SIGTERM saved nothing. The test's own handler stands for the default
    (which would end the test run); it is back in place afterwards."""

    class Terminated(Exception):
        pass

    def terminated(signum, frame):
        raise Terminated

    previous = signal.signal(signal.SIGTERM, terminated)
    path = tmp_path / "grundy.values"
    step, calls = sequence_module.KernelRun.step, []

    def killed_step(run, stop):
        calls.append(stop)
        if len(calls) == 4:
            os.kill(os.getpid(), signal.SIGTERM)
        step(run, stop)

    monkeypatch.setattr(sequence_module.KernelRun, "step", killed_step)
    try:
        with pytest.raises(KeyboardInterrupt):
            heaps.compute("grundy", 50000, checkpoint=path, kernel="sparse")
        assert signal.getsignal(signal.SIGTERM) is terminated  # put back
    finally:
        signal.signal(signal.SIGTERM, previous)
    monkeypatch.undo()
    saved = sequence_module.load_checkpoint(path, heaps.parse_code("grundy"))
    assert saved is not None and 0 < len(saved) < 50001
    assert np.array_equal(saved, heaps.compute("grundy", len(saved) - 1).values)


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_command_killed_by_sigterm_keeps_its_values(tmp_path, signum, status):
    """Issue 36: SIGTERM ended the command with Ctrl-C's status 130; 128 + 15 = 143 is the
    convention (the values are kept all the same, as on Ctrl-C, which keeps 130)."""
    path = tmp_path / "officers.values"
    command = [sys.executable, "-m", "grundy", "table", "0.6", "--upto", "90000000",
               "--checkpoint", str(path), "-q", "--max-positions", "100000000"]  # fmt: skip
    # SIGINT back to its default, as in a terminal: a test run in the background of a
    # shell script inherits it ignored, and Python then raises no KeyboardInterrupt.
    run = subprocess.Popen(
        command,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    try:
        deadline = time.monotonic() + 240  # a hang guard: the first save comes at 2 s
        while not path.exists() and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.05)
        assert path.exists() and run.poll() is None
        first = len(sequence_module.load_checkpoint(path, heaps.parse_code("0.6")))
        run.send_signal(signum)
        _, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == status
    assert err == (
        f"interrupted: the values so far are kept in {path}; run the same command to resume\n"
    )
    kept = sequence_module.load_checkpoint(path, heaps.parse_code("0.6"))
    assert len(kept) >= first
    assert np.array_equal(kept[:5000], heaps.compute("0.6", 4999).values)
    assert not list(tmp_path.glob("*.partial"))


# --------------------------------------------------------------------- 0.3F, max_values
class Counted:
    """Fails a test at once when a computation asks for more values than `most`."""

    def __init__(self, monkeypatch, most: int) -> None:
        self.largest = 0
        step = sequence_module.KernelRun.step

        def counted(run, stop):
            self.largest = max(self.largest, stop)
            assert stop <= most, f"{stop:,} values asked"
            step(run, stop)

        monkeypatch.setattr(sequence_module.KernelRun, "step", counted)


def test_a_period_no_theorem_certifies_stops_the_search(monkeypatch):
    """Issue 20: 0.3F is arithmetic-periodic (G(n + 6) = G(n) + 3), which no theorem here
    certifies, so find_period doubled to its limit: 65,536 values of a code whose moves
    leave three heaps take hours. It now stops once that period is seen."""
    counted = Counted(monkeypatch, 4096)
    found = heaps.find_period("0.3F", max_values=10**7)
    assert found.periodicity == heaps.find_period("0.3F", max_values=1024).periodicity
    assert (found.periodicity.period, found.periodicity.saltus) == (6, 3)
    assert not found.certified and counted.largest == 1024


def test_value_of_0_3f_at_a_huge_heap_is_refused_at_once(monkeypatch, capsys):
    Counted(monkeypatch, 4096)
    with pytest.raises(PositionLimitError, match="no period is certified"):
        OctalGame("0.3F").grundy(10**100)
    status, out, err = run_cli(capsys, "value", "0.3F", str(10**100))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "no period is certified" in err


def test_table_of_0_3f_with_certify_answers_at_once(monkeypatch, capsys):
    Counted(monkeypatch, 4096)
    status, out, err = run_cli(capsys, "table", "0.3F", "--upto", "20", "--certify")
    assert status == 0, err
    assert "period 6 + saltus 3 from n = 0, not certified: no theorem here covers it" in out


def test_the_values_asked_for_are_computed_whatever_the_period(monkeypatch):
    # a caller that needs values (a survey, a table) gets them, certified or not
    found = heaps.find_period("0.3F", max_values=3000, at_least=3000)
    assert len(found.values) == 3000
    assert np.array_equal(found.values, heaps.compute("0.3F", 2999).values)
    assert len(heaps.find_period("allbut:2,3", max_values=5000, at_least=5000).values) == 5000


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "10", None])
def test_a_bad_max_values_is_a_clear_error(bad):
    """Issue 20: find_period('0.77', max_values=0) raised a bare TypeError/AttributeError."""
    with pytest.raises(InvalidGameError) as info:
        heaps.find_period("0.77", max_values=bad)
    assert one_line_refusal(info) == f"max_values must be a positive integer, not {bad!r}"
    with pytest.raises(InvalidGameError, match="max_values must be a positive integer"):
        heaps.compute("0.77", 10, max_values=bad)
    with pytest.raises(InvalidGameError, match="at_least must be a non-negative integer"):
        heaps.find_period("0.77", at_least=-1)
