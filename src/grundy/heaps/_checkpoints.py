"""Checkpoint files of heap values: written atomically with a checksum, checked on reading."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import numpy as np

from ..core.errors import CheckpointError
from ..core.files import atomic_write, partial_path
from ._kernel_run import VALUE_DTYPES, KernelRun
from .codes import HeapCode

__all__ = ["CheckpointPath", "check_checkpoint_path", "save_checkpoint", "load_checkpoint"]

#: The first line of a checkpoint file. Version 2 adds the SHA-256 line; a file of
#: version 1 (the bare magic) has no checksum and is refused.
_MAGIC = "grundy heap values 2"
_MAGIC_V1 = "grundy heap values"
#: Values checked against their bounds this many at a time (bounded memory).
_CHECK_BLOCK = 1 << 16

#: Where a checkpoint is written: a file name.
CheckpointPath = str | os.PathLike[str]


def check_checkpoint_path(path: CheckpointPath | None) -> None:
    """Refuse, before any work, a checkpoint that could never be written."""
    if path is None:
        return
    if "\0" in os.fspath(path):
        raise CheckpointError(f"checkpoint {str(path)!r} is not a file name (a NUL character)")
    where = os.path.dirname(os.path.abspath(os.fspath(path)))
    if os.path.isdir(path):
        raise CheckpointError(f"checkpoint {str(path)!r} is a directory; give a file name")
    if not os.path.isdir(where):
        raise CheckpointError(
            f"cannot write checkpoint {str(path)!r}: directory {where!r} does not exist"
        )
    if not os.access(where, os.W_OK | os.X_OK):
        raise CheckpointError(
            f"cannot write checkpoint {str(path)!r}: directory {where!r} is not writable"
        )


def _header(code: HeapCode, values: np.ndarray) -> bytes:
    """The four header lines a checkpoint's checksum covers, with its values."""
    return f"{_MAGIC}\n{code.text}\n{len(values)}\n{values.dtype.str}\n".encode()


def _digest(header: bytes, payload: bytes | memoryview) -> str:
    digest = hashlib.sha256(header)
    digest.update(payload)
    return digest.hexdigest()


def save_checkpoint(path: CheckpointPath, run: KernelRun) -> None:
    """Write the values atomically (a temporary file renamed): a header naming the code,
    the count and the dtype, a SHA-256 line over header and values, then the values."""
    values = np.ascontiguousarray(run.values())
    header = _header(run.code, values)
    payload = values.tobytes()
    try:
        with atomic_write(path) as out:
            out.write(header + f"sha256 {_digest(header, payload)}\n".encode())
            out.write(payload)
    except BaseException as exc:  # a full disk, or a second Ctrl-C mid-write
        try:
            os.remove(partial_path(path))
        except OSError:
            pass
        if isinstance(exc, OSError):
            reason = exc.strerror or exc
            raise CheckpointError(f"cannot write checkpoint {str(path)!r}: {reason}") from None
        raise


def load_checkpoint(path: CheckpointPath | None, code: HeapCode) -> np.ndarray | None:
    """The values of a checkpoint of `code`, every check passed; None if there is none.

    Checked: the magic line, the code, the dtype, the length, the SHA-256 of header and
    values, and that every value is one a game of `code` can have (see
    :func:`_impossible_value`), so a damaged file never reaches a compiled kernel.
    """
    if path is None or not Path(path).exists():
        return None
    where = f"checkpoint {str(path)!r}"
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise CheckpointError(f"{where} cannot be read: {exc.strerror or exc}") from None
    lines = data.split(b"\n", 5)
    if lines[0] == _MAGIC_V1.encode():
        raise CheckpointError(
            f"{where} was written by an older grundy, without a checksum: delete it to "
            "compute the values again"
        )
    if lines[0] != _MAGIC.encode() or len(lines) < 6:
        raise CheckpointError(f"{where} is not a grundy values file")
    try:
        text, count_text, dtype_text, check = (line.decode("ascii") for line in lines[1:5])
    except UnicodeDecodeError:
        raise CheckpointError(f"{where} has a damaged header") from None
    if text != code.text:
        raise CheckpointError(f"{where} holds values of {text}, not of {code.text}")
    allowed = {np.dtype(d).str: np.dtype(d) for d in VALUE_DTYPES}
    if not count_text.isdigit() or dtype_text not in allowed or not check.startswith("sha256 "):
        raise CheckpointError(f"{where} has a damaged header")
    count, dtype = int(count_text), allowed[dtype_text]
    payload = memoryview(data)[len(data) - len(lines[5]) :]
    if len(payload) != count * dtype.itemsize:
        held = len(payload) // dtype.itemsize
        raise CheckpointError(
            f"{where} is truncated or has trailing data: {held:,} values, its header says {count:,}"
        )
    header = b"\n".join(lines[:4]) + b"\n"
    if _digest(header, payload) != check[len("sha256 ") :]:
        raise CheckpointError(
            f"{where} is damaged: its checksum does not match (delete it to compute the "
            "values again)"
        )
    values = np.frombuffer(payload, dtype=dtype).copy()
    bad = _impossible_value(values, code)
    if bad is not None:
        raise CheckpointError(
            f"{where} is damaged: G({bad:,}) = {int(values[bad]):,} is impossible for "
            f"{code} (delete it to compute the values again)"
        )
    return values


def _impossible_value(values: np.ndarray, code: HeapCode) -> int | None:
    """The first heap n whose value no game of `code` can have at n, else None.

    G(n) is the mex of the option values, so G(n) <= the number of options of n: for
    digit j, one option if it may leave no heap or one heap, (n - j) // 2 splits into
    two heaps, at most m^2 / 12 + 1 partitions of m = n - j into three heaps; at most n
    for an all-but set. And the option values are values of smaller heaps (one heap
    left: G(n) <= max + 1) or XORs of them (G(n) <= 2 max + 1, the next power of two at
    most). Both bounds grow with n, so a block of values below both bounds at its first
    heap passes at once (one ``max``); only other blocks are checked value by value,
    with 64-bit arithmetic (the counts of options in floating point, which cannot wrap).
    """
    if len(values) == 0:
        return None
    if int(values[0]) != 0:
        return 0
    if int(values.max()) >= 1 << 62:  # beyond any bound below; int64 would wrap
        return int(np.argmax(values >= np.uint64(1 << 62)))
    one_heap = code.max_heaps == 1
    keep = sum(1 for d in code.digits if d & 3)
    pairs = sum(1 for d in code.digits if d & 4)
    triples = sum(1 for d in code.digits if d & 8)

    def options(n: Any) -> Any:  # at most this many options at heap n (int or array)
        if code.is_allbut:
            return n
        return keep + pairs * (n // 2) + triples * (n * n / 12 + 1) * (n >= 3)

    top = 0  # the largest value before the block
    for lo in range(1, len(values), _CHECK_BLOCK):
        block = values[lo : lo + _CHECK_BLOCK]
        high = int(block.max())
        if high <= min(top + 1 if one_heap else 2 * top + 1, options(lo)):
            top = max(top, high)
            continue
        block = block.astype(np.int64)
        before = np.maximum.accumulate(np.concatenate(([top], block[:-1])))
        limit = before + 1 if one_heap else 2 * before + 1
        n = np.arange(lo, lo + len(block), dtype=np.float64)
        bad = np.flatnonzero(block > np.minimum(limit, options(n)))
        if len(bad):
            return lo + int(bad[0])
        top = max(top, high)
    return None
