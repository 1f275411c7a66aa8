"""One code's values extended in place by a kernel: its choice, work arrays and dtype."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.errors import GrundyError
from . import _python_kernels as python
from ._python_kernels import MAX_SPARSE_BITS
from .codes import HeapCode

__all__ = ["KERNELS", "VALUE_DTYPES", "KernelRun", "k"]

#: ``kernel=`` choices: "auto" picks "sparse" when moves leave at most two heaps.
KERNELS = ("auto", "sparse", "plain")
#: The dtypes of the values, narrowest first: a run widens to the next when a value
#: does not fit.
VALUE_DTYPES = (np.uint8, np.uint16, np.uint32, np.uint64)


class _LazyKernels:
    """The compiled kernels, imported on first use so that ``import grundy`` stays light."""

    def __getattr__(self, name: str) -> Any:
        from . import _kernels

        return getattr(_kernels, name)


#: The compiled kernels (:mod:`grundy.heaps._kernels`), loaded on first use.
k = _LazyKernels()


def _sparse_arrays(capacity: int) -> tuple[np.ndarray, ...]:
    size = 1 << MAX_SPARSE_BITS
    return (
        np.zeros(2 * size, dtype=np.int64),  # histogram of (value, heap parity)
        np.zeros((2, size), dtype=np.bool_),  # rare_tab[par, v]
        np.zeros(capacity, dtype=np.uint32),  # rare positions (unsigned: no index wraparound)
        np.zeros(capacity, dtype=np.uint32),  # their values
    )


class KernelRun:
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
        """The values computed so far (a view: G(0), ..., G(count - 1))."""
        return self.g[: self.count]

    def _reserve(self, size: int) -> None:
        if len(self.g) < size:
            grown = np.zeros(size, dtype=self.g.dtype)
            grown[: self.count] = self.g[: self.count]
            self.g = grown

    def _widen(self) -> None:
        wider = VALUE_DTYPES[VALUE_DTYPES.index(self.g.dtype.type) + 1]
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
