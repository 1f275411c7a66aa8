"""Compute the Grundy sequence of a heap code: kernels run in chunks, progress, periods.

The kernels' runs are in :mod:`grundy.heaps._kernel_run`, the checkpoint files in
:mod:`grundy.heaps._checkpoints`.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

import numpy as np

from ..core.errors import (
    CheckpointError,
    GrundyError,
    InvalidGameError,
    InvalidPositionError,
    PositionLimitError,
)
from ..core.periodicity import Periodicity
from ..core.progress import Chunks, Progress, sigterm_as_interrupt

# _extend saves through this module's name, so wrapping save_checkpoint here (as the
# tests do) catches every save.
from ._checkpoints import CheckpointPath, check_checkpoint_path, load_checkpoint, save_checkpoint
from ._kernel_run import VALUE_DTYPES, KernelRun, k
from ._python_kernels import MAX_SPARSE_BITS
from .codes import HeapCode, parse_code
from .periods import find_periodicity

__all__ = [
    "DEFAULT_MAX_VALUES",
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
#: A checkpoint is first written this soon after a run starts (a run killed after a few
#: seconds keeps them), then every _CHECKPOINT_SECONDS.
_FIRST_CHECKPOINT_SECONDS = 2.0
_CHECKPOINT_SECONDS = 60.0
_MAX_HEAP = 2**32 - 1  # the sparse kernel keeps rare heaps as uint32


def smallest_dtype(largest: int) -> np.dtype:
    """The smallest unsigned numpy integer type that holds `largest`.

    Examples
    --------
    >>> from grundy.heaps import smallest_dtype
    >>> smallest_dtype(255), smallest_dtype(256)
    (dtype('uint8'), dtype('uint16'))
    """
    for dtype in VALUE_DTYPES:
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
    check_checkpoint_path(checkpoint)
    run = KernelRun(code, kernel, load_checkpoint(checkpoint, code))
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
    check_checkpoint_path(checkpoint)
    run = KernelRun(code, kernel, load_checkpoint(checkpoint, code))
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


def _result(
    run: KernelRun, size: int, seconds: float, found: Periodicity | None = None
) -> HeapSequence:
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


def _extend(run: KernelRun, size: int, checkpoint: CheckpointPath | None, progress: bool) -> float:
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
                    save_checkpoint(checkpoint, run)
                    save_at = time.perf_counter() + _CHECKPOINT_SECONDS
    except KeyboardInterrupt:
        if checkpoint:
            save_checkpoint(checkpoint, run)
        raise
    finally:
        bar.close()
    if checkpoint:
        save_checkpoint(checkpoint, run)
    return time.perf_counter() - began
