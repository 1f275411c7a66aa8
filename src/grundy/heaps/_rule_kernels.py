"""Compiled kernels for subtraction sets given by a rule (squares, primes, a predicate...).

G(n) = mex{G(n - s) : s in S, s <= n} for an infinite increasing set S, of which the
kernels receive the members below the last heap asked (``members``, int64, sorted).
Two kernels, both filling ``g[start:stop]`` in place and returning the first index they
did not fill (``stop``, or earlier when a value does not fit, so that the caller widens
and calls again; the values already in ``g`` are their only state):

* :func:`onehot_values`, for values below 64 (primes, Fibonacci numbers, powers of two,
  factorials, dense predicates): every value is kept as a one-hot word ``h[p] = 1 << G(p)``
  and, heap by heap in blocks of 1,024, the words of the options are OR-ed together. For a
  block and one s the options of the whole block are a contiguous window of ``h``, so the
  inner loop is an OR of two arrays, which LLVM turns into SIMD code: about 20 (heap,
  subtraction) pairs per nanosecond for the primes to 10^6, where the mex loop does about
  one. Only the pairs inside a block (s below 1,024) go one by one.
* :func:`plain_values`, for any values (squares and triangular numbers reach values in
  the hundreds by 10^5): the mex of the options, stamped into ``seen``, one pair at a time.

Both are O(sum over n of |S ∩ [1, n]|); the SIMD kernel makes the constant about 20 times
smaller, which is what dense sets such as the primes need (4.1·10^10 pairs to 10^6: about
2 s, where the mex loop takes 30 s).
:func:`compiled_values` chooses between them and widens the arrays. ``kernel.py_func``
runs a kernel in plain Python (the tests compare it with brute force).
"""

from __future__ import annotations

import numba
import numpy as np

from ..core.progress import Chunks

__all__ = ["BLOCK", "onehot_values", "plain_values", "compiled_values"]

#: Heaps per block of :func:`onehot_values`: the block's words stay in the L1 cache, and
#: pairs closer than this are done one by one (measured best for primes at 10^6).
BLOCK = 1024
#: One-hot word types, by the values they hold (a value v < 8 * itemsize).
_ONEHOT = (np.uint8, np.uint16, np.uint32, np.uint64)
#: Value types of ``g``, widened when the plain kernel meets a value that does not fit.
_VALUES = (np.uint8, np.uint16, np.uint32, np.uint64)
#: Heaps in the first kernel call; :class:`~grundy.core.progress.Chunks` then aims at 0.25 s
#: a call, so Ctrl-C is answered between calls.
_FIRST_CHUNK = 1 << 14


@numba.njit(cache=True)
def _lowest_zero_bit(x: np.uint64) -> int:  # pragma: no cover - compiled
    """The index of the lowest 0 bit of x (64 when all bits are 1)."""
    v = 0
    one = np.uint64(1)
    while v < 64 and (x >> np.uint64(v)) & one:
        v += 1
    return v


@numba.njit(cache=True)
def onehot_values(  # pragma: no cover - compiled
    members: np.ndarray,
    g: np.ndarray,
    h: np.ndarray,
    start: int,
    stop: int,
    mask: np.ndarray,
) -> int:
    """Fill ``g[start:stop]`` and ``h[start:stop]`` (``h[p] = 1 << g[p]``) block by block.

    ``h`` and ``mask`` (at least :data:`BLOCK` words) have the same unsigned type of
    ``w`` bits; the kernel stops at the first heap whose value is ``w`` or more and
    returns its index. ``members`` must hold every member of S below `stop`.
    """
    width = mask.itemsize * 8
    count = len(members)
    for b in range(start, stop, BLOCK):
        end = min(b + BLOCK, stop)
        size = end - b
        block = mask[:size]
        block[:] = 0
        # The options n - s that lie before the block: a window of h per s.
        for j in range(count):
            s = members[j]
            if s >= end:
                break
            lo = s - b if s > b else 0  # n >= s
            hi = size if s >= size else s  # n - s < b
            if lo >= hi:
                continue
            window = h[b - s + lo : b - s + hi]  # a slice: the loop below vectorises
            part = block[lo:hi]
            for i in range(hi - lo):
                part[i] |= window[i]
        # The options inside the block, heap by heap.
        for i in range(size):
            n = b + i
            x = np.uint64(block[i])
            for j in range(count):
                s = members[j]
                if s > i:
                    break
                x |= np.uint64(h[n - s])
            v = _lowest_zero_bit(x)
            if v >= width:
                return n
            g[n] = v
            h[n] = np.uint64(1) << np.uint64(v)
    return stop


@numba.njit(cache=True)
def plain_values(  # pragma: no cover - compiled
    members: np.ndarray, g: np.ndarray, start: int, stop: int, seen: np.ndarray
) -> int:
    """The mex loop: ``seen[v] == n + 1`` marks the option values of heap n.

    ``seen`` must be longer than every value of ``g[:stop]`` and than the number of
    members below `stop` (a mex is at most the number of options). Returns the first
    index not filled: `stop`, or a heap whose value does not fit ``g``'s type.
    """
    limit = np.iinfo(g.dtype).max
    count = 0
    while count < len(members) and members[count] <= start:
        count += 1
    for n in range(start, stop):
        while count < len(members) and members[count] <= n:
            count += 1
        stamp = n + 1
        for j in range(count):
            seen[g[n - members[j]]] = stamp
        v = 0
        while seen[v] == stamp:
            v += 1
        if v > limit:
            return n
        g[n] = v
    return stop


def compiled_values(members: np.ndarray, values: np.ndarray, stop: int) -> np.ndarray:
    """Return G(0), ..., G(stop - 1), given G(0), ..., G(len(values) - 1).

    `members` (int64, increasing) holds every member of S below `stop`. The one-hot
    kernel runs while the values stay below 64, the plain kernel after; the values come
    back in the smallest unsigned type that holds them.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.heaps._rule_kernels import compiled_values
    >>> squares = np.array([1, 4, 9, 16], dtype=np.int64)
    >>> compiled_values(squares, np.zeros(0, np.uint8), 20).tolist()
    [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2]
    """
    start = len(values)
    if start >= stop:
        return values[:stop]
    top = int(values.max()) if start else 0
    kind = next(t for t in _VALUES if top <= np.iinfo(t).max)
    g = np.zeros(stop, dtype=kind)
    g[:start] = values
    members = members[: int(np.searchsorted(members, stop))]
    chunks = Chunks(_FIRST_CHUNK)
    n = start
    while n < stop and top < 64:  # one-hot words: the widest type that is needed
        word = next(t for t in _ONEHOT if top < 8 * np.dtype(t).itemsize)
        h = np.zeros(stop, dtype=word)
        h[:n] = np.left_shift(word(1), g[:n].astype(word))
        mask = np.zeros(BLOCK, dtype=word)
        while n < stop:
            end = min(stop, n + chunks.start())
            reached = onehot_values(members, g, h, n, end, mask)
            chunks.done(reached == end)
            n = reached
            if reached < end:  # a value too big for the words: widen them
                top = 8 * np.dtype(word).itemsize
                break
        del h, mask
    if n < stop:
        seen = np.zeros(len(members) + 2, dtype=np.int64)
        while n < stop:
            end = min(stop, n + chunks.start())
            reached = plain_values(members, g, n, end, seen)
            chunks.done(reached == end)
            n = reached
            if reached < end:  # a value too big for g's type
                wider = _VALUES[_VALUES.index(g.dtype.type) + 1]
                g = g.astype(wider)
    return g
