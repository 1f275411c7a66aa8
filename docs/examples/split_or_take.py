"""快快编程 1745, as a user writes it: split a heap into two non-empty heaps, or take any
number of tokens from it (Lasker's Nim, by its rules alone).

Run ``grundy pattern docs/examples/split_or_take.py:ED`` to find its pattern.
"""

import grundy as gr


class ED(gr.ImpartialGame):
    """One heap of n tokens: take 1..n, or split it into two non-empty heaps.

    Examples
    --------
    >>> [ED().grundy(n) for n in range(9)]   # the lecture notes' table
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    """

    def moves(self, n):
        return [gr.Sum(a, n - a) for a in range(1, n // 2 + 1)] + list(range(n))
