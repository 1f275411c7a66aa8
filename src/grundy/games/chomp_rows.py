"""Three-row Chomp by its P-positions: outcome and remoteness of every diagram in a box.

In a diagram of at most three rows (a, b, c), a >= b >= c, every family of bites holds
at most one P-position, because any two members of a family are one bite apart: the
bites of the top row leave (a, b, k), k < c; of the middle row (a, k, k) for k < c and
(a, k, c) for c <= k < b; of the bottom row (k, k, k), (k, k, c) and (k, b, c). So with
the P-positions found so far indexed by family, a diagram's losing options are found in
O(1) lookups, and only the P-positions (a few per (b, c)) look at all their options. This
values the C(n + 3, 3) diagrams of 3 x n Chomp in O(n^3) where searching every option
costs O(n^4) (3 x 100: 26 million options).
"""

from __future__ import annotations

__all__ = ["three_row_table"]

Rows = tuple[int, int, int]


def three_row_table(box: Rows) -> dict[Rows, int]:
    """Every diagram (a, b, c) inside `box`, mapped to 2 * remoteness + (mover wins).

    Rows are lengths bottom row first, the poison in the bottom row (a >= 1); normal
    play: the player left with only the poison, (1, 0, 0), has no move and loses.

    Examples
    --------
    >>> from grundy.games.chomp_rows import three_row_table
    >>> table = three_row_table((3, 3, 3))
    >>> table[(1, 0, 0)], table[(2, 1, 0)], table[(3, 3, 3)] % 2   # (2, 1): a P-position
    (0, 4, 1)
    """
    top_a, top_b, top_c = box
    code: dict[Rows, int] = {}
    # P-positions by family: the one (if any) with the fixed coordinates.
    p_ab: dict[tuple[int, int], int] = {}  # (a, b) -> c
    p_ac: dict[tuple[int, int], int] = {}  # (a, c) -> b, b >= c
    p_bc: dict[tuple[int, int], int] = {}  # (b, c) -> a
    p_diag: dict[int, int] = {}  # a -> k with (a, k, k) lost
    p_kkc: dict[int, int] = {}  # c -> k with (k, k, c) lost
    p_cube = -1  # k with (k, k, k) lost
    for a in range(1, top_a + 1):
        for b in range(min(a, top_b) + 1):
            for c in range(min(b, top_c) + 1):
                losing = []
                k = p_ab.get((a, b), -1)  # top row: (a, b, k), k < c
                if 0 <= k < c:
                    losing.append((a, b, k))
                k = p_diag.get(a, -1)  # middle row: (a, k, k), k < c
                if 0 <= k < c:
                    losing.append((a, k, k))
                k = p_ac.get((a, c), -1)  # middle row: (a, k, c), c <= k < b
                if c <= k < b:
                    losing.append((a, k, c))
                if 1 <= p_cube < c:  # bottom row: (k, k, k), 1 <= k < c
                    losing.append((p_cube, p_cube, p_cube))
                k = p_kkc.get(c, -1)  # bottom row: (k, k, c), max(c, 1) <= k < b
                if max(c, 1) <= k < b:
                    losing.append((k, k, c))
                k = p_bc.get((b, c), -1)  # bottom row: (k, b, c), max(b, 1) <= k < a
                if max(b, 1) <= k < a:
                    losing.append((k, b, c))
                if losing:
                    code[a, b, c] = min(code[o] for o in losing) + 3
                    continue
                slowest = -1
                for option in _options(a, b, c):
                    slowest = max(slowest, code[option])
                code[a, b, c] = slowest + 1 if slowest >= 0 else 0
                p_ab[a, b], p_ac[a, c], p_bc[b, c] = c, b, a
                if b == c:
                    p_diag[a] = b
                if a == b:
                    p_kkc[c] = a
                    if b == c:
                        p_cube = a
    return code


def _options(a: int, b: int, c: int) -> list[Rows]:
    """Every bite of (a, b, c): the top, middle and bottom rows' (the poison excluded)."""
    found = [(a, b, k) for k in range(c)]
    found += [(a, k, min(c, k)) for k in range(b)]
    found += [(k, min(b, k), min(c, k)) for k in range(1, a)]
    return found
