"""Nim products of whole numpy arrays of 64-bit nimbers, by a numba kernel."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any

from ..core.errors import NimberError
from ..core.integers import shown
from ._field import _kernel_tables
from .arithmetic import NOT_NIMBER, checked_nimber

if TYPE_CHECKING:  # numpy is imported lazily: `import grundy.nimbers` stays light
    import numpy as np

__all__ = ["nim_mul_array"]


def _as_u64(x: Any, name: str) -> np.ndarray:
    """x as a uint64 array, or NimberError for negative / non-integer / > 64-bit data."""
    import numpy as np

    arr = np.asarray(x)
    kind = arr.dtype.kind
    if kind == "u":
        return arr.astype(np.uint64, copy=False)
    if kind == "i":
        if arr.size and arr.min() < 0:
            bad = arr.reshape(-1)[np.argmax(arr.reshape(-1) < 0)]
            raise NimberError(
                f"nim_mul_array: operand {name} holds the negative value {int(bad)}; {NOT_NIMBER}"
            )
        return arr.astype(np.uint64)
    if kind == "O":  # Python ints too large for int64, or mixed objects
        flat = arr.reshape(-1)
        for v in flat:
            v = checked_nimber(v, "nim_mul_array")
            if v >> 64:
                raise NimberError(
                    f"nim_mul_array: operand {name} holds {shown(v)}, which needs more than 64 "
                    "bits; use nim_mul for larger nimbers"
                )
        return np.array([operator.index(v) for v in flat], dtype=np.uint64).reshape(arr.shape)
    raise NimberError(
        f"nim_mul_array: operand {name} has dtype {arr.dtype}, not an integer dtype; {NOT_NIMBER}"
    )


def nim_mul_array(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Elementwise nim product of two arrays of 64-bit nimbers (numba kernel).

    Parameters
    ----------
    a, b : array_like of int
        Integer arrays (or lists) with values in ``0 .. 2**64 - 1``; broadcast
        together like numpy operands.

    Returns
    -------
    numpy.ndarray
        uint64 array of the broadcast shape with ``out[i] = nim_mul(a[i], b[i])``.

    Raises
    ------
    NimberError
        If an operand has a negative value, a non-integer dtype (bool and float
        included), a value of more than 64 bits, or the shapes do not broadcast.

    Notes
    -----
    Same algorithm as :func:`nim_mul` (nine GF(2^16) log/exp lookups per product),
    compiled by numba with ``parallel=True``: about 10^7-10^8 products/s. The first
    call in a fresh environment compiles the kernel (a few seconds; cached on disk
    afterwards). numba is imported only here.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.nimbers import nim_mul_array
    >>> nim_mul_array(np.array([2, 3, 2**32], dtype=np.uint64), np.array([2, 2, 2**32]))
    array([         3,          1, 6442450944], dtype=uint64)
    >>> nim_mul_array([[1, 2], [4, 8]], 2).tolist()
    [[2, 3], [8, 12]]
    """
    import numpy as np

    from . import _kernel

    x = _as_u64(a, "a")
    y = _as_u64(b, "b")
    try:
        x, y = np.broadcast_arrays(x, y)
    except ValueError:
        raise NimberError(
            f"nim_mul_array: shapes {x.shape} and {y.shape} do not broadcast"
        ) from None
    shape = x.shape
    xf = np.ascontiguousarray(x).reshape(-1)
    yf = np.ascontiguousarray(y).reshape(-1)
    out = np.empty(xf.size, dtype=np.uint64)
    if xf.size:
        _kernel.nim_mul_u64(xf, yf, out, *_kernel_tables())
    return out.reshape(shape)
