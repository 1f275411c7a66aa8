"""Arithmetic in the nim field on plain non-negative ints: GF(2^16) tables and recursion."""

from __future__ import annotations

import threading
from typing import Any

__all__ = [
    "_ORDER16",
    "_LOG",
    "_EXP",
    "_MH",
    "_MHH",
    "_build_tables",
    "_nbits",
    "_mul",
    "_mul32",
    "_mul64",
    "_mul_big",
    "_mul_h",
    "_sq",
    "_sq64",
    "_sqrt",
    "_inv",
    "_kernel_tables",
]

# ---------------------------------------------------------------------------
# Tables of the 16-bit nim field GF(2^16), built once on first use.
#
# Every product reduces (by the Fermat 2-power recursion below) to products in
# GF(2^16), done with discrete log/exp tables.  The lists are created empty here and
# filled in place, so the hot functions can read them as plain globals without a
# "built yet?" indirection; `_EXP` is filled last and is the readiness flag.
# ---------------------------------------------------------------------------

_ORDER16 = 0xFFFF  # order of the multiplicative group of GF(2^16)
# log(0) sentinel: larger than any sum of two real logs (<= 2 * 65534), so that
# EXP[LOG[x] + LOG[y]] is 0 as soon as x or y is 0, without a branch.
_ZLOG = 2 * _ORDER16 - 1
_EXP_LEN = 2 * _ZLOG + 1  # EXP[i] = g^i for i < _ZLOG, 0 for _ZLOG <= i <= 2 * _ZLOG
_H16 = 1 << 15  # "half" of GF(2^16): 2^16 (x) 2^16 = 2^16 + 2^15

_LOG: list[int] = []  # discrete log base _GEN; _LOG[0] = _ZLOG
_EXP: list[int] = []  # _EXP[i] = _GEN^i (i < _ZLOG), then zeros
_MH: list[int] = []  # _MH[x] = x (x) 2^15
_MHH: list[int] = []  # _MHH[x] = x (x) 2^15 (x) 2^15
_GEN = 0  # the generator of GF(2^16)^* found by the search in _build_tables
_lock = threading.Lock()
_np_tables: tuple[Any, ...] | None = None  # numpy copies of the tables for the kernel


def _mul_boot(a: int, b: int, n: int) -> int:
    """Table-free nim product of a, b < 2**n (n a power of two); bootstrap only."""
    if n == 1:
        return a & b
    half = n >> 1
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    c = _mul_boot(a1, b1, half)
    d = _mul_boot(a0, b0, half)
    e = _mul_boot(a1 ^ a0, b1 ^ b0, half)
    return ((e ^ d) << half) | (d ^ _mul_boot(c, 1 << (half - 1), half))


def _build_tables() -> None:
    """Fill _LOG, _EXP, _MH, _MHH (about 40 ms and 8 MB, once per process)."""
    global _GEN
    with _lock:
        if _EXP:
            return
        # Multiplication by a fixed g is GF(2)-linear, so x -> x (x) g is two byte-table
        # lookups; walking the powers of g then costs ~0.1 us per element.
        for g in range(256, 1 << 16):  # 0..255 lie in the subfield GF(2^8)
            cols = [_mul_boot(g, 1 << i, 16) for i in range(16)]
            lo = [0] * 256
            hi = [0] * 256
            for x in range(1, 256):
                low_bit = (x & -x).bit_length() - 1
                lo[x] = lo[x & (x - 1)] ^ cols[low_bit]
                hi[x] = hi[x & (x - 1)] ^ cols[low_bit + 8]
            powers = [1]
            x = g
            while x != 1 and len(powers) < _ORDER16:
                powers.append(x)
                x = lo[x & 0xFF] ^ hi[x >> 8]
            if len(powers) == _ORDER16 and x == 1:  # g generates GF(2^16)^*
                break
        else:  # pragma: no cover - GF(2^16)^* is cyclic, a generator always exists
            raise AssertionError("no generator of GF(2^16)^* found")
        log = [0] * (1 << 16)
        for i, p in enumerate(powers):
            log[p] = i
        log[0] = _ZLOG
        exp = (powers * 2)[:_ZLOG]  # sums of two logs reach 2 * 65534 = _ZLOG - 1
        exp.extend([0] * (_EXP_LEN - _ZLOG))
        lh = log[_H16]
        mh = [exp[log[x] + lh] for x in range(1 << 16)]
        mhh = [mh[y] for y in mh]
        _LOG[:] = log
        _MH[:] = mh
        _MHH[:] = mhh
        _GEN = g
        _EXP[:] = exp  # last: a non-empty _EXP means every table is ready


# ---------------------------------------------------------------------------
# Internal arithmetic on validated non-negative ints.  Notation: a field "of n bits"
# is GF(2^n) = {0 .. 2^n - 1}, n a power of two; with Y = 2^(n/2) (a Fermat 2-power),
# every a in it is a1 (x) Y + a0 = a1 * Y + a0 with a1, a0 < Y, and Y (x) Y = Y + h
# where h = 2^(n/2 - 1).  Callers make sure the tables are built.
# ---------------------------------------------------------------------------


def _nbits(m: int) -> int:
    """Bit size 2^k of the smallest nim field holding m (1 for 0 and 1)."""
    bl = m.bit_length()
    return 1 if bl <= 1 else 1 << (bl - 1).bit_length()


def _mul32(a: int, b: int) -> int:
    """a (x) b for a, b < 2^32: Karatsuba over 16-bit halves, 3 log/exp products."""
    LOG = _LOG
    EXP = _EXP
    a1 = a >> 16
    a0 = a & 0xFFFF
    b1 = b >> 16
    b0 = b & 0xFFFF
    d = EXP[LOG[a0] + LOG[b0]]
    return ((EXP[LOG[a1 ^ a0] + LOG[b1 ^ b0]] ^ d) << 16) | (d ^ _MH[EXP[LOG[a1] + LOG[b1]]])


def _mul64(a: int, b: int) -> int:
    """a (x) b for a, b < 2^64: two unrolled Karatsuba levels, 9 GF(2^16) products.

    With X = 2^32, H = 2^31: c = a1 b1, d = a0 b0, e = (a1 + a0)(b1 + b0),
    a (x) b = (e + d) X + (d + c (x) H).  Each 32-bit product is the same formula one
    level down; c (x) 2^31 = c (x) 2^16 (x) 2^15 is two lookups in _MH/_MHH.
    """
    LOG = _LOG
    EXP = _EXP
    MH = _MH
    a1 = a >> 32
    a0 = a & 0xFFFFFFFF
    b1 = b >> 32
    b0 = b & 0xFFFFFFFF
    # d = a0 (x) b0
    x1 = a0 >> 16
    x0 = a0 & 0xFFFF
    y1 = b0 >> 16
    y0 = b0 & 0xFFFF
    t = EXP[LOG[x0] + LOG[y0]]
    d = ((EXP[LOG[x1 ^ x0] + LOG[y1 ^ y0]] ^ t) << 16) | (t ^ MH[EXP[LOG[x1] + LOG[y1]]])
    # e = (a1 ^ a0) (x) (b1 ^ b0)
    u1 = a1 >> 16
    u0 = a1 & 0xFFFF
    v1 = b1 >> 16
    v0 = b1 & 0xFFFF
    x1 ^= u1
    x0 ^= u0
    y1 ^= v1
    y0 ^= v0
    t = EXP[LOG[x0] + LOG[y0]]
    e = ((EXP[LOG[x1 ^ x0] + LOG[y1 ^ y0]] ^ t) << 16) | (t ^ MH[EXP[LOG[x1] + LOG[y1]]])
    # c = a1 (x) b1, kept as its two 16-bit halves ch, cl for the multiplication by 2^31
    t = EXP[LOG[u0] + LOG[v0]]
    ch = EXP[LOG[u1 ^ u0] + LOG[v1 ^ v0]] ^ t
    cl = t ^ MH[EXP[LOG[u1] + LOG[v1]]]
    return ((e ^ d) << 32) | (d ^ (MH[ch ^ cl] << 16) ^ _MHH[ch])


def _mul(a: int, b: int) -> int:
    """a (x) b for validated ints of any size, dispatching on the field size."""
    m = a | b
    if m < 0x10000:
        return _EXP[_LOG[a] + _LOG[b]]
    if m < 0x100000000:
        return _mul32(a, b)
    if m < 0x10000000000000000:
        return _mul64(a, b)
    return _mul_big(a, b, _nbits(m))


def _mul_big(a: int, b: int, n: int) -> int:
    """a (x) b for a, b < 2^n, n >= 128: Karatsuba over the Fermat 2-power halves."""
    half = n >> 1
    mask = (1 << half) - 1
    a1 = a >> half
    a0 = a & mask
    b1 = b >> half
    b0 = b & mask
    # a0 (x) (b1 Y + b0) = (a0 (x) b1) Y + a0 (x) b0: two products instead of three
    if not a1:
        return (_mul(a0, b1) << half) | _mul(a0, b0)
    if not b1:
        return (_mul(a1, b0) << half) | _mul(a0, b0)
    c = _mul(a1, b1)
    d = _mul(a0, b0)
    e = _mul(a1 ^ a0, b1 ^ b0)
    return ((e ^ d) << half) | (d ^ _mul_h(c, half))


def _mul_h(c: int, n: int) -> int:
    """c (x) 2^(n-1) for c < 2^n, n >= 16 (the "half" element of the field of n bits).

    2^(n-1) = Y (x) 2^(n/2-1) with Y = 2^(n/2), and c (x) Y = (c1 + c0) Y + c1 (x) h,
    so the cost is three calls one level down, cheaper than a general product.
    """
    if n == 16:
        return _MH[c]
    if n == 32:
        c1 = c >> 16
        return (_MH[c1 ^ (c & 0xFFFF)] << 16) | _MHH[c1]
    half = n >> 1
    c1 = c >> half
    c0 = c & ((1 << half) - 1)
    return (_mul_h(c1 ^ c0, half) << half) | _mul_h(_mul_h(c1, half), half)


def _sq64(a: int) -> int:
    """a (x) a for a < 2^64, unrolled: four GF(2^16) squares (log doubling)."""
    LOG = _LOG
    EXP = _EXP
    MH = _MH
    a1 = a >> 32
    a0 = a & 0xFFFFFFFF
    # a1^2 as 16-bit halves (h, lo): (x1 Y + x0)^2 = x1^2 Y + (x0^2 + x1^2 (x) 2^15)
    h = EXP[2 * LOG[a1 >> 16]]
    lo = EXP[2 * LOG[a1 & 0xFFFF]] ^ MH[h]
    t = EXP[2 * LOG[a0 >> 16]]
    s0 = (t << 16) | (EXP[2 * LOG[a0 & 0xFFFF]] ^ MH[t])
    # a^2 = a1^2 X + (a0^2 + a1^2 (x) 2^31), with c (x) 2^31 as in _mul64
    return (((h << 16) | lo) << 32) | (s0 ^ (MH[h ^ lo] << 16) ^ _MHH[h])


def _sq(a: int) -> int:
    """a (x) a: (a1 Y + a0)^2 = a1^2 Y + (a0^2 + a1^2 (x) h), two squares per level."""
    if a < 0x10000:
        return _EXP[2 * _LOG[a]]
    if a < 0x10000000000000000:
        return _sq64(a)
    half = _nbits(a) >> 1
    s1 = _sq(a >> half)
    return (s1 << half) | (_sq(a & ((1 << half) - 1)) ^ _mul_h(s1, half))


def _sqrt(a: int) -> int:
    """The square root: invert _sq level by level (s1 = sqrt(a1), s0 = sqrt(a0 + a1 h))."""
    if a < 0x10000:
        # squaring doubles the log; 2 * 32768 = 1 (mod 65535) undoes it
        return _EXP[(_LOG[a] << 15) % _ORDER16] if a else 0
    half = _nbits(a) >> 1
    a1 = a >> half
    return (_sqrt(a1) << half) | _sqrt((a & ((1 << half) - 1)) ^ _mul_h(a1, half))


def _inv(a: int) -> int:
    """The inverse of a != 0 via the norm to the half field.

    The conjugate of a = a1 Y + a0 is a1 Y + (a0 + a1) (Y and Y + 1 are the roots of
    t^2 + t + h); their product N = a0 (a0 + a1) + a1^2 h lies in the half field, so
    1/a = (a1 Y + a0 + a1) (x) (1/N): one inverse and four products per level.
    """
    if a < 0x10000:
        return _EXP[_ORDER16 - _LOG[a]]
    half = _nbits(a) >> 1
    a1 = a >> half
    a0 = a & ((1 << half) - 1)
    ni = _inv(_mul(a0, a0 ^ a1) ^ _mul_h(_sq(a1), half))
    return (_mul(a1, ni) << half) | _mul(a0 ^ a1, ni)


def _kernel_tables() -> tuple[Any, ...]:
    """numpy copies of the GF(2^16) tables for the numba kernel (built once)."""
    global _np_tables
    if _np_tables is None:
        import numpy as np

        if not _EXP:
            _build_tables()
        _np_tables = (
            np.array(_LOG, dtype=np.int32),
            np.array(_EXP, dtype=np.uint16),
            np.array(_MH, dtype=np.uint16),
            np.array(_MHH, dtype=np.uint16),
        )
    return _np_tables
