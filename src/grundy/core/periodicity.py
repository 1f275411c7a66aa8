"""Periodic Grundy sequences: the ``Periodicity`` value and the window test that proves it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, SupportsInt

__all__ = ["Periodicity", "window_periodicity"]


class Values(Protocol):
    """The first values of a sequence: a list of ints, or a numpy array."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> SupportsInt: ...


@dataclass(frozen=True, slots=True)
class Periodicity:
    """A sequence that repeats with `period` from index `preperiod` on.

    `certified` is True when a theorem proves the period holds forever (not just in the
    values computed). An arithmetic period adds `saltus` each period:
    G(n + period) = G(n) + saltus. `bound`, when not 0, is the bound B of the theorem
    used: the values agree for preperiod <= n < B, which proves it.

    Examples
    --------
    >>> p = gr.Periodicity(preperiod=2, period=3, certified=True)
    >>> p.index(100)  # the value at 100 equals the value at 4 (4 < preperiod + period)
    4
    """

    preperiod: int
    period: int
    certified: bool
    saltus: int = 0
    bound: int = 0

    def __repr__(self) -> str:  # the defaults are left out, so old reprs still read back
        extra = "".join(
            f", {name}={getattr(self, name)}" for name in ("saltus", "bound") if getattr(self, name)
        )
        return (
            f"Periodicity(preperiod={self.preperiod}, period={self.period}, "
            f"certified={self.certified}{extra})"
        )

    def index(self, n: int) -> int:
        """Return the index below ``preperiod + period`` whose value equals the n-th.

        Examples
        --------
        >>> gr.Periodicity(preperiod=0, period=5, certified=True).index(10**100 + 3)
        3
        """
        if n < self.preperiod:
            return n
        return self.preperiod + (n - self.preperiod) % self.period

    def value(self, values: Values, n: int) -> int:
        """Return the n-th value of the sequence whose first values are `values`.

        `values` must reach ``preperiod + period``; ``n`` may be of any size.

        Examples
        --------
        >>> gr.Periodicity(preperiod=1, period=2, certified=False, saltus=3).value([0, 1, 2], 10**6)
        1499999
        """
        if n < len(values):
            return int(values[n])
        laps = (n - self.preperiod) // self.period if n >= self.preperiod else 0
        return int(values[self.index(n)]) + self.saltus * laps


_MODULUS = (1 << 61) - 1  # a Mersenne prime: window hashes collide with odds ~2^-61
_BASE = 1_000_003


def window_periodicity(values: Sequence[int], window: int) -> Periodicity | None:
    """Find the period of a sequence in which each value depends on the `window` before it.

    Parameters
    ----------
    values : sequence of int
        The first values of the sequence.
    window : int
        Each value is a function of the previous `window` values (a subtraction game
        with largest subtraction `window`, for instance).

    Returns
    -------
    Periodicity or None
        The shortest period and preperiod, certified, or None if no window of `values`
        repeats yet.

    Examples
    --------
    >>> from grundy.core.periodicity import window_periodicity
    >>> window_periodicity([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1], 4)
    Periodicity(preperiod=0, period=7, certified=True)

    Notes
    -----
    If the `window` values from i equal those from j > i, every later value agrees by
    induction, so the sequence has period j - i from i: a proof, not a guess. The
    shortest period divides j - i; the preperiod then walks back while values agree.
    Windows are compared by a rolling hash (mod 2^61 - 1), and a match is checked value
    by value: O(len(values) + window) time and O(len(values)) memory, where keeping
    every window would take O(len(values) * window) (gigabytes for max(S) = 30,000).
    """
    count = len(values) - window + 1
    if count < 2:
        return None
    first = repeat = -1
    top = pow(_BASE, window - 1, _MODULUS)
    h = 0
    for v in values[:window]:
        h = (h * _BASE + v + 1) % _MODULUS
    seen: dict[int, int] = {h: 0}  # hash -> the first window start with it
    for j in range(1, count):
        h = ((h - (values[j - 1] + 1) * top) * _BASE + values[j + window - 1] + 1) % _MODULUS
        i = seen.setdefault(h, j)
        # A different window with the same hash (odds ~2^-61) only delays the answer.
        if i != j and values[i : i + window] == values[j : j + window]:
            first, repeat = i, j
            break
    if repeat < 0:
        return None
    period = repeat - first
    for divisor in range(1, period + 1):
        if period % divisor == 0 and all(
            values[n] == values[n + divisor] for n in range(first, first + window)
        ):
            period = divisor
            break
    start = first
    while start > 0 and values[start - 1] == values[start - 1 + period]:
        start -= 1
    return Periodicity(preperiod=start, period=period, certified=True)
