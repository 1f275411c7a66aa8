"""Compute the Grundy sequence of a heap code: kernels, checkpoints, progress, periods."""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..core.errors import (
    CheckpointError,
    GrundyError,
    InvalidGameError,
    InvalidPositionError,
    PositionLimitError,
)
from ..core.files import atomic_write, partial_path
from ..core.periodicity import Periodicity
from ..core.progress import Chunks, Progress, sigterm_as_interrupt
from . import _python_kernels as python
from ._python_kernels import MAX_SPARSE_BITS
from .codes import HeapCode, parse_code
from .periods import find_periodicity

__all__ = [
    "DEFAULT_MAX_VALUES",
    "KERNELS",
    "HeapSequence",
    "CheckpointError",
    "compute",
    "find_period",
    "rare_values",
    "smallest_dtype",
]

#: The most values :func:`compute` and :func:`find_period` compute unless told otherwise
#: (10^8 values take 100-400 MB).
DEFAULT_MAX_VALUES = 10**8
#: ``kernel=`` choices: "auto" picks "sparse" when moves leave at most two heaps.
KERNELS = ("auto", "sparse", "plain")
_DTYPES = (np.uint8, np.uint16, np.uint32, np.uint64)
#: A checkpoint is first written this soon after a run starts (a run killed after a few
#: seconds keeps them), then every _CHECKPOINT_SECONDS.
_FIRST_CHECKPOINT_SECONDS = 2.0
_CHECKPOINT_SECONDS = 60.0
#: The first line of a checkpoint file. Version 2 adds the SHA-256 line; a file of
#: version 1 (the bare magic) has no checksum and is refused.
_MAGIC = "grundy heap values 2"
_MAGIC_V1 = "grundy heap values"
#: Values checked against their bounds this many at a time (bounded memory).
_CHECK_BLOCK = 1 << 16
_MAX_HEAP = 2**32 - 1  # the sparse kernel keeps rare heaps as uint32

_PathLike = str | os.PathLike[str]


class _LazyKernels:
    """The compiled kernels, imported on first use so that ``import grundy`` stays light."""

    def __getattr__(self, name: str) -> Any:
        from . import _kernels

        return getattr(_kernels, name)


k = _LazyKernels()


def smallest_dtype(largest: int) -> np.dtype:
    """The smallest unsigned numpy integer type that holds `largest`.

    Examples
    --------
    >>> from grundy.heaps import smallest_dtype
    >>> smallest_dtype(255), smallest_dtype(256)
    (dtype('uint8'), dtype('uint16'))
    """
    for dtype in _DTYPES:
        if largest <= np.iinfo(dtype).max:
            return np.dtype(dtype)
    raise GrundyError(f"value {largest} does not fit in 64 bits")


@dataclass(frozen=True, eq=False)
class HeapSequence:
    """The Grundy values G(0..upto) of a heap code, and what is known beyond.

    Attributes
    ----------
    code : HeapCode
    values : numpy.ndarray
        G(0), ..., G(upto), in the smallest unsigned integer type that holds them.
    periodicity : Periodicity or None
        The shortest period the values show; certified when a theorem proves it.
    kernel : str
        ``"sparse"``, ``"plain"`` or ``"allbut"``.
    rare_count, mask, mask_uses_parity :
        The rare values of the best mask for these values (see :func:`rare_values`).
    seconds : float
        Time spent computing in this call (resumed values are not counted).

    Examples
    --------
    >>> from grundy.heaps import compute
    >>> kayles = compute("0.77", 200)
    >>> kayles.values[:12].tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> kayles.periodicity
    Periodicity(preperiod=71, period=12, certified=True, bound=156)
    >>> kayles.value(10**100)      # certified: any heap size at once
    1
    """

    code: HeapCode
    values: np.ndarray
    periodicity: Periodicity | None
    kernel: str
    rare_count: int
    mask: int
    mask_uses_parity: bool
    seconds: float = field(default=0.0, repr=False)

    @property
    def upto(self) -> int:
        """The largest heap computed."""
        return len(self.values) - 1

    @property
    def certified(self) -> bool:
        """True when a theorem proves the period, so :meth:`value` answers any heap."""
        return bool(self.periodicity and self.periodicity.certified)

    def value(self, n: int) -> int:
        """G(n): from the values computed, or from the certified period for any n.

        Raises
        ------
        PositionLimitError
            n is beyond the values computed and no period is certified.

        Examples
        --------
        >>> from grundy.heaps import compute
        >>> compute("allbut:2,3,7", 100).value(10**6)  # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
        Traceback (most recent call last):
        ...
        grundy.core.errors.PositionLimitError: allbut:2,3,7: heap 1,000,000 is beyond ... ...
        period 4 + saltus 2 from 0 is seen, but no theorem here certifies it)
        """
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InvalidPositionError(f"heap {n!r} is not a non-negative integer")
        if n < len(self.values):
            return int(self.values[n])
        found = self.periodicity
        if found is None or not found.certified:
            why = "no period is seen"
            if found is not None:
                seen = (
                    f"arithmetic period {found.period} + saltus {found.saltus}"
                    if found.saltus
                    else f"period {found.period}"
                )
                why = f"{seen} from {found.preperiod} is seen, but "
                why += (
                    "no theorem here certifies it"
                    if not found.bound
                    else f"certifying it needs values up to {found.bound + found.period - 1:,}"
                )
            raise PositionLimitError(
                f"{self.code}: heap {n:,} is beyond the {len(self.values):,} values computed, "
                f"and no certified period answers it ({why})"
            )
        return found.value(self.values, n)

    def to_json(self) -> dict:
        """The CLI's ``--json`` object: values, period, preperiod, certified, rare count, mask.

        Examples
        --------
        >>> from grundy.heaps import compute
        >>> sorted(compute("0.6", 10).to_json())  # doctest: +NORMALIZE_WHITESPACE
        ['bound', 'certified', 'code', 'kernel', 'mask', 'mask_uses_parity', 'period',
         'preperiod', 'rare_count', 'saltus', 'upto', 'values']
        """
        found = self.periodicity
        return {
            "code": self.code.text,
            "upto": self.upto,
            "values": self.values.tolist(),
            "period": found.period if found else None,
            "preperiod": found.preperiod if found else None,
            "saltus": found.saltus if found else None,
            "certified": self.certified,
            "bound": found.bound if found and found.bound else None,
            "rare_count": self.rare_count,
            "mask": self.mask,
            "mask_uses_parity": self.mask_uses_parity,
            "kernel": self.kernel,
        }


def rare_values(values: np.ndarray, code: HeapCode | str) -> tuple[int, int, bool]:
    """The mask with the fewest rare values, by a Walsh-Hadamard transform.

    Returns ``(rare_count, mask, uses_parity)``: value v at heap p is rare when
    parity(v & mask) equals 0, or, when `uses_parity`, the parity of p (adjusted by the
    parity of the split digits; offered only when they all have the same parity). The
    choice is the sparse kernel's (the first best mask), computed with numpy.

    Examples
    --------
    >>> from grundy.heaps import compute, rare_values
    >>> rare_values(compute("0.6", 4096).values, "0.6")
    (833, 110, False)
    """
    code = parse_code(code) if isinstance(code, str) else code
    values = np.ascontiguousarray(values)
    if len(values) == 0 or code.is_allbut or int(values.max()) >= 1 << MAX_SPARSE_BITS:
        return 0, 0, False
    splits = {j & 1 for j, d in enumerate(code.digits) if d & 4}
    posbit = 2 if len(splits) == 2 else (splits.pop() if splits else 0)
    count = len(values)
    size = 1 << (max(1, int(values.max()).bit_length()) + 1)
    parity = (np.arange(count, dtype=np.int64) ^ (0 if posbit == 2 else posbit)) & 1
    h = np.bincount((values.astype(np.int64) << 1) | parity, minlength=size)
    length = 1
    while length < size:  # h[i] becomes #rare - #common under (mask, haspos) = (i >> 1, i & 1)
        pairs = h.reshape(-1, 2, length)
        h = np.stack((pairs[:, 0] + pairs[:, 1], pairs[:, 0] - pairs[:, 1]), axis=1).ravel()
        length *= 2
    rare = (count + h) // 2
    if posbit == 2:  # the heap's parity is not offered
        rare[1::2] = count + 1
    best = int(np.argmin(rare))  # the first best, as the kernel keeps it
    return int(rare[best]), best >> 1, bool(best & 1)


def _sparse_arrays(capacity: int) -> tuple[np.ndarray, ...]:
    size = 1 << MAX_SPARSE_BITS
    return (
        np.zeros(2 * size, dtype=np.int64),  # histogram of (value, heap parity)
        np.zeros((2, size), dtype=np.bool_),  # rare_tab[par, v]
        np.zeros(capacity, dtype=np.uint32),  # rare positions (unsigned: no index wraparound)
        np.zeros(capacity, dtype=np.uint32),  # their values
    )


class _Run:
    """Values of one code being extended by a kernel, with the kernel's work arrays."""

    def __init__(self, code: HeapCode, kernel: str, values: np.ndarray | None = None) -> None:
        requested = kernel
        if kernel not in KERNELS:
            raise GrundyError(f"kernel {kernel!r} is not one of {', '.join(KERNELS)}")
        if code.is_allbut:
            if kernel == "plain":
                raise GrundyError(
                    f"{code}: an all-but set is an infinite code; its own kernel computes it"
                )
            kernel = "allbut"
        elif kernel == "auto":
            kernel = "plain" if code.max_heaps > 2 else "sparse"
        elif kernel == "sparse" and code.max_heaps > 2:
            raise GrundyError(
                f"{code}: the sparse kernel handles moves that leave at most two heaps; "
                "use kernel='plain' for hexadecimal digits 8-F"
            )
        if kernel == "sparse" and values is not None and len(values):
            top = int(values.max())
            if top >= 1 << MAX_SPARSE_BITS:  # its tables are indexed by value: refuse first
                raise GrundyError(
                    f"{code}: the values resumed reach {top:,}, beyond the sparse kernel's "
                    f"2^{MAX_SPARSE_BITS}; use kernel='plain'"
                )
        self.code, self.kernel = code, kernel
        self.may_use_python = requested == "auto"  # small requests skip numba
        self.python = False  # the current extension runs in Python
        self.python_values: list[int] = []  # the values as a list, while in Python
        self.digits = code.digit_array()
        self.g = np.zeros(1, dtype=np.uint8) if values is None else values.copy()
        self.count = 0 if values is None else len(values)
        self.state = np.zeros(0, dtype=np.int64)  # the sparse kernel's state, once prepared
        self.prepared = False  # the kernel's work arrays match the values and dtype

    def values(self) -> np.ndarray:
        return self.g[: self.count]

    def _reserve(self, size: int) -> None:
        if len(self.g) < size:
            grown = np.zeros(size, dtype=self.g.dtype)
            grown[: self.count] = self.g[: self.count]
            self.g = grown

    def _widen(self) -> None:
        wider = _DTYPES[_DTYPES.index(self.g.dtype.type) + 1]
        self.g = self.g.astype(wider)
        self.prepared = False  # the kernels' arrays are rebuilt for the new dtype

    def _prepare(self) -> None:
        """Build the kernel's work arrays from the values so far (also after a resume)."""
        g, count = self.g, self.count
        top = int(g[:count].max()) if count else 0
        if self.kernel == "plain":
            self.seen = np.zeros(max(64, 4 * (top + 1)), dtype=np.int64)
        elif self.kernel == "allbut":
            self.excluded = np.array(self.code.excluded, dtype=np.int64)
            self.counts = np.zeros(max(64, 2 * (top + 2), len(g) + 2), dtype=np.int64)
            np.add.at(self.counts, g[:count].astype(np.int64), 1)
        else:
            self.state = k.new_sparse_state(self.digits)
            self.hist, self.rare_tab, self.rpos, self.rval = _sparse_arrays(1024)
            self.seen = np.zeros(1 << MAX_SPARSE_BITS, dtype=np.int64)
            self.need = np.zeros(1 << MAX_SPARSE_BITS, dtype=np.int64)
            self._restart()
        self.prepared = True

    def _restart(self) -> None:
        while not k.sparse_restart(
            self.g, self.count, self.state, self.hist, self.rare_tab, self.rpos, self.rval
        ):
            self._grow_rare(int(self.state[k.NEED_CAPACITY]))

    def _grow_rare(self, needed: int) -> None:
        self.rpos, self.rval = _sparse_arrays(max(2 * needed, 1024))[2:]

    def use_python_up_to(self, size: int) -> None:
        """Run the next steps in Python if reaching `size` values is a small job there."""
        code = self.code
        work = python.python_work(
            () if code.is_allbut else code.digits, len(code.excluded), self.count, size
        )
        self.python = self.may_use_python and work <= python.PYTHON_WORK

    def _step_python(self, stop: int) -> None:
        g = self.python_values
        if len(g) != self.count:
            g[:] = self.values().tolist()
        if self.code.is_allbut:
            python.allbut_values(self.code.excluded, g, stop)
        else:
            python.plain_values(self.code.digits, self.code.unequal, g, stop)
        while max(g[self.count :], default=0) > np.iinfo(self.g.dtype).max:
            self._widen()
        self._reserve(stop)
        self.g[self.count : stop] = g[self.count :]
        self.count = stop
        self.prepared = False  # the compiled kernels' arrays no longer match the values

    def step(self, stop: int) -> None:
        """Fill values up to (not including) `stop`, or a little less if a kernel stops."""
        if self.python:
            self._step_python(stop)
            return
        self._reserve(stop)
        if not self.prepared:
            self._prepare()
        start = self.count
        if self.kernel == "plain":
            done = k.plain_values(self.digits, self.code.unequal, self.g, start, stop, self.seen)
            if done < stop:
                if len(self.seen) // 2 <= np.iinfo(self.g.dtype).max:
                    self.seen = np.zeros(2 * len(self.seen), dtype=np.int64)
                else:
                    self._widen()
        elif self.kernel == "allbut":
            if len(self.counts) < stop + 2:
                self.counts = np.concatenate([self.counts, np.zeros(stop + 2, np.int64)])
            done = k.allbut_values(self.excluded, self.g, start, stop, self.counts)
            if done < stop:
                self._widen()
        else:
            done = k.sparse_values(
                self.digits, self.code.unequal, self.g, start, stop, self.state, self.hist,
                self.rare_tab, self.rpos, self.rval, self.seen, self.need,
            )  # fmt: skip
            if self.state[k.NEED_CAPACITY]:
                self.count = done
                self._grow_rare(int(self.state[k.NEED_CAPACITY]))
                self._restart()
                return
            if done < stop:
                if self.g.dtype.itemsize * 8 >= MAX_SPARSE_BITS:
                    raise GrundyError(
                        f"{self.code}: G({done:,}) reaches 2^{MAX_SPARSE_BITS}, beyond the "
                        "sparse kernel's values; use kernel='plain'"
                    )
                self._widen()
        self.count = done

    @property
    def rare_count(self) -> int:
        return int(self.state[k.NRARE]) if self.kernel == "sparse" and self.prepared else 0


def compute(
    code: HeapCode | str,
    upto: int,
    *,
    kernel: str = "auto",
    checkpoint: str | os.PathLike | None = None,
    progress: bool = False,
    max_values: int = DEFAULT_MAX_VALUES,
) -> HeapSequence:
    """Compute G(0), ..., G(upto) of a heap code, and find (and certify) its period.

    Parameters
    ----------
    code : str or HeapCode
        See :func:`~grundy.heaps.parse_code`: ``"0.77"``, ``"4.07"``, ``"0.3F"``,
        ``"grundy"``, ``"subtraction:2,3,7"``, ``"allbut:2,3,7"``.
    upto : int
        The largest heap.
    kernel : {"auto", "sparse", "plain"}
        "auto" runs a small request in plain Python (no numba to load: see
        :mod:`grundy.heaps._python_kernels`), a bigger one with the compiled
        sparse-space kernel when moves leave at most two heaps, the plain mex kernel
        otherwise; all-but sets always run their own O(|S|) kernel.
    checkpoint : path, optional
        A file of values: read (resumed) if it exists, written after two seconds, then
        every minute, at the end, and when interrupted (Ctrl-C, or SIGTERM while the
        values are computed, keeps what was computed). It carries a SHA-256 checksum:
        a damaged, truncated or edited file is refused, never resumed.
    progress : bool
        Show a progress bar (values/s and rare count) on stderr.
    max_values : int
        Refuse ``upto >= max_values`` (memory is 1-4 bytes per value).

    Returns
    -------
    HeapSequence

    Raises
    ------
    InvalidCodeError, InvalidPositionError, PositionLimitError
    CheckpointError
        The checkpoint cannot be written there, or its file is not one this code wrote
        (another code, an older grundy, damaged, or values no game of this code has).

    Examples
    --------
    >>> from grundy.heaps import compute
    >>> seq = compute("0.137", 400)
    >>> seq.periodicity
    Periodicity(preperiod=52, period=34, certified=True, bound=141)
    >>> compute("grundy", 20).values.tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]

    Notes
    -----
    Cost: the plain kernel Θ(n²) for two-heap splits (Θ(n³) for three); the sparse
    kernel O(n·#rare) plus the short scans of its step 3 (see
    :func:`grundy.heaps._kernels.sparse_values`); all-but sets O(n·|S|²) worst case.
    """
    code = parse_code(code) if isinstance(code, str) else code
    if not isinstance(upto, int) or isinstance(upto, bool) or upto < 0:
        raise InvalidPositionError(f"upto {upto!r} is not a non-negative integer")
    _check_count("max_values", max_values)
    if upto >= min(max_values, _MAX_HEAP):
        raise PositionLimitError(
            f"{code}: {upto + 1:,} values asked, more than max_values={max_values:,}"
            + ("" if upto < _MAX_HEAP else " (and the kernels stop at heaps below 2^32)")
        )
    _check_checkpoint_path(checkpoint)
    run = _Run(code, kernel, _load_checkpoint(checkpoint, code))
    seconds = _extend(run, upto + 1, checkpoint, progress)
    return _result(run, upto + 1, seconds)


def find_period(
    code: HeapCode | str,
    *,
    kernel: str = "auto",
    checkpoint: str | os.PathLike | None = None,
    progress: bool = False,
    max_values: int = DEFAULT_MAX_VALUES,
    at_least: int = 0,
) -> HeapSequence:
    """Compute values until a period is certified, or `max_values` are computed.

    Starts with 1024 values and doubles; once the values show a period, it computes
    exactly as far as the theorem needs to certify it. It stops early when the values
    show a period that no theorem here certifies (an arithmetic period, as the
    hexadecimal code 0.3F's, or a code no theorem covers): more values would repeat it
    without proving it.

    Parameters
    ----------
    code, kernel, checkpoint, progress :
        As for :func:`compute`.
    max_values : int
        The most values computed.
    at_least : int
        Compute at least this many values (at most `max_values`) unless a period is
        certified first, even if the period seen cannot be certified: for a caller that
        needs the values themselves.

    Examples
    --------
    >>> from grundy.heaps import find_period
    >>> find_period("0.16").periodicity       # Gangolli and Plambeck (1989)
    Periodicity(preperiod=105351, period=149459, certified=True, bound=360163)
    >>> find_period("allbut:1", max_values=5000).periodicity
    Periodicity(preperiod=0, period=2, certified=False, saltus=1)
    >>> seq = find_period("0.3F")     # arithmetic: G(n + 6) = G(n) + 3, no theorem
    >>> seq.periodicity, len(seq.values)
    (Periodicity(preperiod=0, period=6, certified=False, saltus=3), 1024)

    Returns
    -------
    HeapSequence
        Certified if found within `max_values`; otherwise the values computed, with the
        period seen (if any) uncertified.

    Raises
    ------
    InvalidGameError
        `max_values` is not a positive integer, or `at_least` not a non-negative one.
    InvalidCodeError, CheckpointError
        As for :func:`compute`.
    """
    code = parse_code(code) if isinstance(code, str) else code
    _check_count("max_values", max_values)
    _check_count("at_least", at_least, 0)
    _check_checkpoint_path(checkpoint)
    run = _Run(code, kernel, _load_checkpoint(checkpoint, code))
    target, seconds = max(1024, run.count), 0.0
    max_values = min(max_values, _MAX_HEAP)
    with sigterm_as_interrupt():  # between two extensions too (each saves at its end)
        while True:
            target = min(target, max_values)
            seconds += _extend(run, target, checkpoint, progress)
            found = find_periodicity(code, run.values())
            if (found and found.certified) or target >= max_values:
                return _result(run, target, seconds, found)
            # No theorem here proves this period (bound 0): more values cannot certify
            # it, and for codes whose moves leave three heaps each doubling costs eight
            # times as much (0.3F to 65,536 values: hours).
            if found and not found.bound and target >= at_least:
                return _result(run, target, seconds, found)
            needed = found.bound + found.period if found and found.bound else 0
            target = needed if target < needed <= 2 * target else 2 * target


def _check_count(name: str, value: object, least: int = 1) -> None:
    """Refuse a count argument that is not an int of at least `least`."""
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        what = "a positive" if least == 1 else "a non-negative"
        raise InvalidGameError(f"{name} must be {what} integer, not {value!r}")


def _result(run: _Run, size: int, seconds: float, found: Periodicity | None = None) -> HeapSequence:
    values = run.values()[:size]
    values = values.astype(smallest_dtype(int(values.max()) if len(values) else 0))
    if found is None:
        found = find_periodicity(run.code, values)
    rare = (
        (run.rare_count, int(run.state[k.MASK]), bool(run.state[k.HASPOS]))
        if run.kernel == "sparse" and run.prepared and run.count == size
        else rare_values(values, run.code)
    )
    kernel = "python" if run.python else run.kernel
    return HeapSequence(run.code, values, found, kernel, *rare, seconds=seconds)


def _extend(run: _Run, size: int, checkpoint: _PathLike | None, progress: bool) -> float:
    """Extend `run` to `size` values in short kernel calls; return the seconds spent."""
    if run.count >= size:
        return 0.0
    run.use_python_up_to(size)
    bar = Progress(progress)
    bar.live(
        f"{run.code}",
        "bar",
        "{task.completed:,}/{task.total:,} values",
        "{task.fields[rate]} values/s  rare {task.fields[rare]}",
        "remaining",
        total=size,
        completed=run.count,
        rate="-",
        rare=0,
    )
    first = run.count
    began = time.perf_counter()
    save_at = began + _FIRST_CHECKPOINT_SECONDS
    chunks = Chunks(1024)
    try:
        with sigterm_as_interrupt():  # a kill keeps the values too, as Ctrl-C does
            while run.count < size:
                before = run.count
                run.step(min(size, run.count + chunks.start()))
                chunks.done(full=run.count - before == chunks.size)
                bar.update(
                    completed=run.count,
                    rate=f"{bar.rate(run.count - first):,.0f}",
                    rare=run.rare_count,
                )
                if checkpoint and time.perf_counter() >= save_at:
                    _save_checkpoint(checkpoint, run)
                    save_at = time.perf_counter() + _CHECKPOINT_SECONDS
    except KeyboardInterrupt:
        if checkpoint:
            _save_checkpoint(checkpoint, run)
        raise
    finally:
        bar.close()
    if checkpoint:
        _save_checkpoint(checkpoint, run)
    return time.perf_counter() - began


# --------------------------------------------------------------------- checkpoint files
def _check_checkpoint_path(path: _PathLike | None) -> None:
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


def _save_checkpoint(path: _PathLike, run: _Run) -> None:
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


def _load_checkpoint(path: _PathLike | None, code: HeapCode) -> np.ndarray | None:
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
    allowed = {np.dtype(d).str: np.dtype(d) for d in _DTYPES}
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
