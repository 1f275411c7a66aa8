"""Compiled kernels for take-and-break games: the plain mex loop, the sparse-space (rare
values) method, and all-but subtraction sets.

Every kernel fills ``g[start:stop]`` in place and returns the first index it did not
fill: ``stop``, or earlier when a value would not fit ``g``'s dtype (then ``g[n]`` is
left unset and the caller widens the array) or when a work array must grow. Values
already in ``g`` are the only state the kernels need: the sparse kernel's rare list,
histogram and mask are rebuilt from them by :func:`sparse_restart`, so a checkpoint is
just the values.

The rule tables are arguments, not globals, so ``cache=True`` works; ``kernel.py_func``
runs the same code in plain Python (the tests use it on small cases).
"""

from __future__ import annotations

import numba
import numpy as np

from ._python_kernels import MAX_SPARSE_BITS

__all__ = [
    "MAX_SPARSE_BITS",
    "plain_values",
    "sparse_values",
    "sparse_restart",
    "allbut_values",
    "new_sparse_state",
    "period_candidates",
]

#: A period is a candidate only if the values repeat it over a quarter of them at least
#: (so the last few values cannot fake one).
_MIN_TAIL_FRACTION = 4

# Slots of the sparse kernel's int64 state vector.
NRARE, BITS, MASK, HASPOS, POSBIT, NRARE_AT_RECOMPUTE, RECOMPUTES, MASK_CHANGES = range(8)
FIXED_MASK, NEED_CAPACITY = 8, 9
STATE_SIZE = 10


def new_sparse_state(digits: np.ndarray, fixed_mask: int = -1) -> np.ndarray:
    """Return a fresh state vector for :func:`sparse_values` (before any value).

    ``POSBIT`` is the parity shared by all split digits j (0 or 1), or 2 when they mix:
    only then may a value's class also depend on the parity of its heap ("domain" masks).
    """
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    splits = [j for j, d in enumerate(digits) if d & 4]
    parities = {j & 1 for j in splits}
    state[POSBIT] = 2 if len(parities) == 2 else (parities.pop() if parities else 0)
    state[BITS] = 1
    state[FIXED_MASK] = fixed_mask
    state[MASK] = max(fixed_mask, 0)
    return state


@numba.njit(cache=True)
def _parity(x: int) -> int:
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    return (0x6996 >> (x & 15)) & 1


@numba.njit(cache=True)
def plain_values(  # pragma: no cover - compiled
    digits: np.ndarray, unequal: bool, g: np.ndarray, start: int, stop: int, seen: np.ndarray
) -> int:
    """The plain mex loop: every option of every heap, Θ(n²) for two-heap splits.

    Returns the first index not filled (a value too big for ``g`` or for ``seen``,
    whose length must exceed twice every value so far, stops it).
    """
    k = len(digits) - 1
    limit = np.iinfo(g.dtype).max
    half = len(seen) // 2
    for n in range(start, stop):
        stamp = n + 1
        for j in range(0, min(k, n) + 1):
            d = digits[j]
            if d & 1 and n == j and j > 0:
                seen[0] = stamp
            if d & 2 and n > j and j > 0:
                seen[g[n - j]] = stamp
            m = n - j
            if d & 4:
                last = (m - 1) // 2 if unequal else m // 2  # no test inside the hot loop
                for a in range(1, last + 1):
                    seen[g[a] ^ g[m - a]] = stamp
            if d & 8:
                for a in range(1, m // 3 + 1):
                    for b in range(a, (m - a) // 2 + 1):
                        seen[g[a] ^ g[b] ^ g[m - a - b]] = stamp
        v = 0
        while seen[v] == stamp:
            v += 1
        if v > limit or v >= half:
            return n
        g[n] = v
    return stop


@numba.njit(cache=True)
def allbut_values(  # pragma: no cover - compiled
    excluded: np.ndarray, g: np.ndarray, start: int, stop: int, counts: np.ndarray
) -> int:
    """All-but subtraction set S: G(n) = mex{G(m) : m < n, n - m not in S}, O(|S|) each.

    ``counts[v]`` is how many m < start have G(m) = v (the caller rebuilds it on resume;
    its length must exceed every value). A value v is missing from the options exactly
    when all its occurrences sit at the excluded positions n - s, so the mex is the
    least such v or, failing that, the least value not seen at all.
    """
    limit = np.iinfo(g.dtype).max
    unseen = 0
    while counts[unseen] > 0:
        unseen += 1
    for n in range(start, stop):
        best = unseen
        for s in excluded:
            if s > n:
                break
            v = g[n - s]
            if v < best:
                hidden = 0  # occurrences of v at excluded positions
                for t in excluded:
                    if t > n:
                        break
                    if g[n - t] == v:
                        hidden += 1
                if hidden == counts[v]:
                    best = v
        if best > limit or best + 1 >= len(counts):
            return n
        g[n] = best
        counts[best] += 1
        while counts[unseen] > 0:
            unseen += 1
    return stop


@numba.njit(cache=True)
def _build_classes(state: np.ndarray, rare_tab: np.ndarray) -> None:  # pragma: no cover
    mask = state[MASK]
    for v in range(rare_tab.shape[1]):
        p = _parity(v & mask)
        rare_tab[0, v] = p == 0
        rare_tab[1, v] = p == 1


@numba.njit(cache=True)
def _par_of(state: np.ndarray, n: int) -> int:
    if state[HASPOS] == 0:
        return 0
    return (n ^ state[POSBIT]) & 1


@numba.njit(cache=True)
def _rebuild_rare_list(  # pragma: no cover - compiled
    g: np.ndarray,
    count: int,
    state: np.ndarray,
    rare_tab: np.ndarray,
    rpos: np.ndarray,
    rval: np.ndarray,
) -> bool:
    """List the rare positions below `count` again; False if `rpos` is too short."""
    nrare = 0
    for p in range(count):
        if rare_tab[_par_of(state, p), g[p]]:
            nrare += 1
    if nrare > len(rpos):
        state[NEED_CAPACITY] = nrare
        return False
    nrare = 0
    for p in range(count):
        if rare_tab[_par_of(state, p), g[p]]:
            rpos[nrare] = p
            rval[nrare] = g[p]
            nrare += 1
    state[NRARE] = nrare
    state[NRARE_AT_RECOMPUTE] = nrare
    return True


@numba.njit(cache=True)
def _recompute_mask(  # pragma: no cover - compiled
    g: np.ndarray,
    count: int,
    state: np.ndarray,
    hist: np.ndarray,
    rare_tab: np.ndarray,
    rpos: np.ndarray,
    rval: np.ndarray,
    force: bool,
) -> bool:
    """Choose the mask with the fewest rare positions so far (Walsh-Hadamard transform).

    Entry i = (mask << 1) | haspos of the transform of the (value, heap parity)
    histogram is #rare - #common under that mask, for every mask at once.
    """
    state[RECOMPUTES] += 1
    state[NRARE_AT_RECOMPUTE] = state[NRARE]
    new_mask, new_pos = state[MASK], state[HASPOS]
    if state[FIXED_MASK] < 0:
        size = 1 << (state[BITS] + 1)
        h = hist[:size].copy()
        length = 1
        while length < size:
            for i in range(0, size, 2 * length):
                for j in range(i, i + length):
                    a, b = h[j], h[j + length]
                    h[j] = a + b
                    h[j + length] = a - b
            length *= 2
        best, best_rare = 0, (count + h[0]) // 2
        for i in range(1, size):
            if state[POSBIT] == 2 and i & 1:
                continue
            rare = (count + h[i]) // 2
            if rare < best_rare:
                best, best_rare = i, rare
        new_mask, new_pos = best >> 1, best & 1
    changed = new_mask != state[MASK] or new_pos != state[HASPOS]
    state[MASK] = new_mask
    state[HASPOS] = new_pos
    if changed:
        state[MASK_CHANGES] += 1
        _build_classes(state, rare_tab)
    if changed or force:
        return _rebuild_rare_list(g, count, state, rare_tab, rpos, rval)
    return True


@numba.njit(cache=True)
def sparse_restart(  # pragma: no cover - compiled
    g: np.ndarray,
    count: int,
    state: np.ndarray,
    hist: np.ndarray,
    rare_tab: np.ndarray,
    rpos: np.ndarray,
    rval: np.ndarray,
) -> bool:
    """Rebuild the histogram, value bits, mask and rare list from ``g[:count]``."""
    hist[:] = 0
    posbit = state[POSBIT]
    rpb = 0 if posbit == 2 else posbit
    bits = 1
    for p in range(count):
        v = g[p]
        hist[(v << 1) | ((p ^ rpb) & 1)] += 1
        while v >= (1 << bits):
            bits += 1
    state[BITS] = bits
    _build_classes(state, rare_tab)
    state[NEED_CAPACITY] = 0
    return _recompute_mask(g, count, state, hist, rare_tab, rpos, rval, True)


@numba.njit(cache=True)
def sparse_values(  # pragma: no cover - compiled
    digits: np.ndarray,
    unequal: bool,
    g: np.ndarray,
    start: int,
    stop: int,
    state: np.ndarray,
    hist: np.ndarray,
    rare_tab: np.ndarray,
    rpos: np.ndarray,
    rval: np.ndarray,
    seen: np.ndarray,
    need: np.ndarray,
) -> int:
    """The sparse-space (rare values) method for codes whose moves leave at most two heaps.

    A value v at heap p is *rare* when parity(v & mask) equals par(p) (0, or the parity
    of p for a "domain" mask), *common* otherwise. The XOR of two rare or of two common
    parts is rare at n, so a common value at n comes only from a take move or from a
    split with exactly one rare part. Per heap n:

    1. exclude the take moves and every split (r, n - j - r) with r a rare heap;
    2. c = the least common value not excluded;
    3. scan all splits only until every rare value below c is excluded: the least
       survivor, if any, is G(n), otherwise G(n) = c.

    Exact for any mask; the mask only sets the speed (a heap costs O(#rare) plus the
    scan of step 3). It is re-chosen when the value range doubles, at powers of two,
    and when the rare list has grown by 1/32 since the last choice.

    ``seen[v] == n + 1`` marks v excluded at heap n, ``need[v] == n + 1`` a rare value
    below c not excluded yet (stamps, so nothing is cleared between heaps). Returns the
    first index not filled. ``state[NEED_CAPACITY] > 0`` asks the caller to grow
    ``rpos``/``rval`` and call :func:`sparse_restart`.
    """
    k = len(digits) - 1
    limit = np.iinfo(g.dtype).max
    max_value = (1 << MAX_SPARSE_BITS) - 1
    posbit = state[POSBIT]
    rpb = 0 if posbit == 2 else posbit
    nsplit = 0
    for j in range(k + 1):
        if digits[j] & 4:
            nsplit += 1
    splits = np.empty(nsplit, dtype=np.int64)
    nsplit = 0
    for j in range(k + 1):
        if digits[j] & 4:
            splits[nsplit] = j
            nsplit += 1
    for n in range(start, stop):
        stamp = n + 1
        pr = _par_of(state, n)
        nrare = state[NRARE]
        for j in range(1, min(k, n) + 1):  # moves that leave at most one heap
            d = digits[j]
            if d & 1 and n == j:
                seen[0] = stamp
            if d & 2 and n > j:
                seen[g[n - j]] = stamp
        for s in range(nsplit):  # step 1: splits with a rare part
            m = n - splits[s]
            if m < 2:
                continue
            if not unequal and m % 2 == 0:
                seen[0] = stamp  # the equal split
            lim = nrare
            while lim > 0 and rpos[lim - 1] >= m:
                lim -= 1
            i0 = 1 if nrare > 0 and rpos[0] == 0 else 0
            if unequal:
                for i in range(i0, lim):
                    r = rpos[i]
                    if 2 * r != m:
                        seen[rval[i] ^ g[m - r]] = stamp
            else:
                for i in range(i0, lim):
                    seen[rval[i] ^ g[m - rpos[i]]] = stamp
        top = 1 << state[BITS]
        c = top  # step 2: the least common value not excluded
        for v in range(top):
            if seen[v] != stamp and not rare_tab[pr, v]:
                c = v
                break
        remaining = 0  # rare values below c still possible
        for v in range(c):
            if seen[v] != stamp and rare_tab[pr, v]:
                remaining += 1
                need[v] = stamp
        # step 3: all splits, until no rare value below c is left. With several split
        # digits the scans go side by side (a = 1, 2, ... for every digit at once): a
        # value one digit makes early must not wait for another digit's whole scan.
        if nsplit == 1 and remaining > 0:  # the common case, as a tight loop
            m = n - splits[0]
            last = m // 2
            if unequal and 2 * last == m:
                last -= 1
            for a in range(1, last + 1):
                v = g[a] ^ g[m - a]
                if need[v] == stamp:  # one load: the scan is the kernel's hot loop
                    need[v] = 0
                    seen[v] = stamp
                    remaining -= 1
                    if remaining == 0:
                        break
        a = 1
        while remaining > 0 and nsplit > 1:
            active = False
            for s in range(nsplit):
                m = n - splits[s]
                if 2 * a > m or (unequal and 2 * a == m):
                    continue
                active = True
                v = g[a] ^ g[m - a]
                if need[v] == stamp:
                    need[v] = 0
                    seen[v] = stamp
                    remaining -= 1
                    if remaining == 0:
                        break
            if not active:
                break
            a += 1
        value = c
        rare_found = False
        if remaining > 0:
            for v in range(c):
                if seen[v] != stamp and rare_tab[pr, v]:
                    value = v
                    rare_found = True
                    break
        if value > limit or value > max_value:
            return n
        g[n] = value
        hist[(value << 1) | ((n ^ rpb) & 1)] += 1
        recompute = False
        if value >= top:
            state[BITS] += 1
            recompute = True
        if rare_tab[pr, value]:
            if nrare == len(rpos):
                state[NEED_CAPACITY] = nrare + 1
                return n + 1
            rpos[nrare] = n
            rval[nrare] = value
            state[NRARE] = nrare + 1
            at = state[NRARE_AT_RECOMPUTE]
            if rare_found and nrare + 1 >= at + 1 + at // 32:
                recompute = True
        count = n + 1
        if count & (count - 1) == 0:
            recompute = True
        if recompute and not _recompute_mask(g, count, state, hist, rare_tab, rpos, rval, False):
            return n + 1
    return stop


@numba.njit(cache=True)
def period_candidates(  # pragma: no cover - compiled
    values: np.ndarray, max_period: int, arithmetic: bool
) -> np.ndarray:
    """Every p <= max_period whose tail repeats: rows (p, n0, saltus), ascending p.

    n0 is the least index with values[n + p] == values[n] + saltus for all n >= n0 in
    the data (scanning back from the end, so a wrong p costs a few steps); the repeating
    tail must cover p values and a quarter of the data. Multiples of a period found are
    skipped: they repeat from the same place.
    """
    size = len(values)
    skip = np.zeros(max_period + 1, dtype=np.bool_)
    out = np.empty((0, 3), dtype=np.int64)
    rows = []
    for p in range(1, max_period + 1):
        if skip[p]:
            continue
        saltus = np.int64(0)
        if arithmetic:
            saltus = np.int64(values[size - 1]) - np.int64(values[size - 1 - p])
        n = size - p - 1
        while n >= 0 and np.int64(values[n + p]) == np.int64(values[n]) + saltus:
            n -= 1
        start = n + 1
        tail = size - p - start
        if tail >= p and tail >= size // _MIN_TAIL_FRACTION:
            rows.append((p, start, saltus))
            for q in range(2 * p, max_period + 1, p):
                skip[q] = True
    if rows:
        out = np.empty((len(rows), 3), dtype=np.int64)
        for i in range(len(rows)):
            out[i, 0], out[i, 1], out[i, 2] = rows[i]
    return out
