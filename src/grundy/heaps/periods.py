"""Find the period of a computed Grundy sequence and certify it with a periodicity theorem."""

from __future__ import annotations

import numpy as np

from ..core.periodicity import Periodicity
from ._python_kernels import period_candidates as python_period_candidates
from .codes import HeapCode

__all__ = ["find_periodicity", "certificate_bound"]

#: An uncertified period is reported only if the values computed repeat it over at least
#: this many periods.
_MIN_REPEATS = 3
#: Sequences up to this long are searched in Python: most candidate periods fail at the
#: first value compared, so 10^6 values take about 0.07 s, where compiling the kernel
#: after an install takes about a second.
_PYTHON_UP_TO = 1 << 21


def certificate_bound(code: HeapCode, preperiod: int, period: int) -> tuple[int, str] | None:
    """The bound B of the periodicity theorem for `code`, and the theorem's statement.

    If G(n + p) = G(n) for every preperiod <= n < B, the theorem proves it for every
    n >= preperiod. None when no theorem covers the code.

    Examples
    --------
    >>> from grundy.heaps import parse_code
    >>> from grundy.heaps.periods import certificate_bound
    >>> certificate_bound(parse_code("0.77"), 71, 12)[0]       # 2·71 + 12 + 2
    156
    >>> certificate_bound(parse_code("subtraction:2,3,7"), 0, 5)[0]   # one window of 7
    8
    >>> certificate_bound(parse_code("grundy"), 10, 3) is None
    True

    Notes
    -----
    - One heap left (digits 0-3, subtraction sets), removing at most k: G(n) depends on
      the k values before it once n > k, so agreement over one window of k values past
      the preperiod (and past k) repeats forever: B = max(n0 + k, k + 1).
    - Up to h heaps left (octal h = 2, hexadecimal h = 3), removing at most k
      (Guy and Smith's theorem for h = 2): a move from n + p leaves a largest heap
      b >= (n + p - k) / h, so b - p >= n0 once n >= h·n0 + (h - 1)·p + k, and the
      options of n and n + p correspond: B = h·n0 + (h - 1)·p + k.
    - Unequal splits (Grundy's game) and all-but sets have no such theorem here.
    """
    k = code.max_removal
    if code.unequal or k is None:
        return None
    h = code.max_heaps
    if h == 1:
        bound = max(preperiod + k, k + 1)
        return bound, f"window theorem (one heap left, k = {k}): agreement for n0 <= n < {bound}"
    bound = h * preperiod + (h - 1) * period + k
    return bound, (
        f"periodicity theorem (h = {h} heaps left, k = {k}): agreement for "
        f"n0 <= n < {h}·n0 + {h - 1}·p + k = {bound}"
    )


def find_periodicity(code: HeapCode, values: np.ndarray) -> Periodicity | None:
    """The shortest period of `values`, certified when the theorem for `code` applies.

    Parameters
    ----------
    code : HeapCode
        The rules that produced `values` (they decide which theorem applies).
    values : numpy.ndarray
        G(0), G(1), ... as computed.

    Returns
    -------
    Periodicity or None
        The least period p that the values repeat at least 3 times, with its least
        preperiod, certified (with the bound used) when the theorem for `code` proves
        it from the values computed; None if nothing repeats. All-but sets and hexadecimal codes are
        also searched for arithmetic periodicity, G(n + p) = G(n) + saltus.

    Examples
    --------
    >>> from grundy.heaps import compute, parse_code
    >>> from grundy.heaps.periods import find_periodicity
    >>> find_periodicity(parse_code("0.77"), compute("0.77", 300).values)
    Periodicity(preperiod=71, period=12, certified=True, bound=156)
    """
    values = np.ascontiguousarray(values)
    size = len(values)
    if size < 2:
        return None
    arithmetic = code.is_allbut or code.kind == "hexadecimal"
    if size <= _PYTHON_UP_TO:  # a few passes over the values: no need to load numba
        rows = python_period_candidates(values.tolist(), size // 2, arithmetic)
    else:
        from ._kernels import period_candidates

        rows = period_candidates(values, size // 2, arithmetic).tolist()
    fallback: Periodicity | None = None
    for period, preperiod, saltus in rows:
        cert = certificate_bound(code, preperiod, period) if saltus == 0 else None
        if cert is not None and size >= cert[0] + period:
            return Periodicity(preperiod, period, True, 0, cert[0])
        if fallback is None and size - period - preperiod >= _MIN_REPEATS * period:
            fallback = Periodicity(preperiod, period, False, saltus, cert[0] if cert else 0)
    return fallback
