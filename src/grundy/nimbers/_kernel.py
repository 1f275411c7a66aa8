"""numba kernel for nim products of uint64 arrays; imported lazily by grundy.nimbers."""

from __future__ import annotations

import numba
import numpy as np

__all__ = ["nim_mul_u64"]


@numba.njit(cache=True, parallel=True)
def nim_mul_u64(  # pragma: no cover - compiled
    a: np.ndarray,
    b: np.ndarray,
    out: np.ndarray,
    log16: np.ndarray,
    exp16: np.ndarray,
    mh: np.ndarray,
    mhh: np.ndarray,
) -> None:
    """out[i] = a[i] ⊗ b[i] for 1-D uint64 arrays, using GF(2^16) tables.

    Same algorithm as ``grundy.nimbers._field._mul64`` (two Karatsuba levels over Fermat
    2-power halves, nine log/exp products); the tables come from
    ``grundy.nimbers._field._kernel_tables``. The body is one function with no jitted helper,
    so ``nim_mul_u64.py_func`` is a complete pure-Python oracle. Intermediates are
    int64 holding at most 32 bits (numba would turn mixed uint64/int64 arithmetic into
    float64); every table read is cast so that numpy scalars in ``py_func`` cannot
    overflow a narrow dtype.
    """
    lo32 = np.uint64(0xFFFFFFFF)
    s32 = np.uint64(32)
    for i in numba.prange(a.shape[0]):
        xa = a[i]
        xb = b[i]
        a1 = np.int64(xa >> s32)
        a0 = np.int64(xa & lo32)
        b1 = np.int64(xb >> s32)
        b0 = np.int64(xb & lo32)
        # d = a0 ⊗ b0 (Karatsuba over 16-bit halves)
        x1 = a0 >> 16
        x0 = a0 & 0xFFFF
        y1 = b0 >> 16
        y0 = b0 & 0xFFFF
        t = np.int64(exp16[log16[x0] + log16[y0]])
        c = np.int64(exp16[log16[x1] + log16[y1]])
        d = ((np.int64(exp16[log16[x1 ^ x0] + log16[y1 ^ y0]]) ^ t) << 16) | (t ^ np.int64(mh[c]))
        # e = (a1 ^ a0) ⊗ (b1 ^ b0)
        u1 = a1 >> 16
        u0 = a1 & 0xFFFF
        v1 = b1 >> 16
        v0 = b1 & 0xFFFF
        x1 ^= u1
        x0 ^= u0
        y1 ^= v1
        y0 ^= v0
        t = np.int64(exp16[log16[x0] + log16[y0]])
        c = np.int64(exp16[log16[x1] + log16[y1]])
        e = ((np.int64(exp16[log16[x1 ^ x0] + log16[y1 ^ y0]]) ^ t) << 16) | (t ^ np.int64(mh[c]))
        # c = a1 ⊗ b1 as halves ch, cl; then c ⊗ 2^31 = (mh[ch ^ cl] << 16) | mhh[ch]
        t = np.int64(exp16[log16[u0] + log16[v0]])
        c = np.int64(exp16[log16[u1] + log16[v1]])
        ch = np.int64(exp16[log16[u1 ^ u0] + log16[v1 ^ v0]]) ^ t
        cl = t ^ np.int64(mh[c])
        low = d ^ (np.int64(mh[ch ^ cl]) << 16) ^ np.int64(mhh[ch])
        out[i] = (np.uint64(e ^ d) << s32) | np.uint64(low)
