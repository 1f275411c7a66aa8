"""Find the smallest expression that reproduces a table of Grundy values (bounded search).

The grammar searched (operators, expression trees, their texts) is in
:mod:`grundy.patterns.grammar`.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.errors import InvalidGameError
from .grammar import (
    BOUND,
    COEFFICIENTS,
    CONSTANTS,
    DIVISORS,
    LEAF_CONSTANTS,
    OPS,
    OPS_BY_NAME,
    Expression,
    ExpressionNode,
    Operator,
    node_expression,
    node_text,
)

__all__ = ["Expression", "ExpressionSearch", "search_expressions", "table_cells"]

_BATCH = 1 << 18  # cells evaluated per numpy batch (2 MB of int64: it stays in cache)
_PROBE = 16  # cells compared before the full comparison with the target
_MEMORY = 1 << 30  # bytes of value vectors kept, at most
_WIDE = 1 << 26  # a bank of more bytes than this is kept in the narrowest integer type


@dataclass(frozen=True, slots=True)
class ExpressionSearch:
    """The result of :func:`search_expressions`.

    `found` holds the matches, all of the smallest size that has one, in the order tried;
    `max_size` is the largest size searched completely (one less than the matches' size
    when `limit` of them were found first); `candidates` counts the candidate expressions
    evaluated on the table (the work done). `complete` is False, and `reason` says where
    the search stopped, only when the work budget, the memory cap or the clock stopped it
    before it found a match or tried every expression up to the size asked for.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.expressions import search_expressions
    >>> search_expressions(np.arange(8) ^ 1, ("n",)).found[0].text
    'n ^ 1'
    """

    found: tuple[Expression, ...]
    max_size: int
    complete: bool
    candidates: int
    reason: str = ""


# ----------------------------------------------------------------- the search
def _narrowest(lo: Any, hi: Any) -> np.dtype[Any]:
    for kind in (np.int8, np.int16, np.int32):
        if np.iinfo(kind).min <= lo and hi <= np.iinfo(kind).max:
            return np.dtype(kind)
    return np.dtype(np.int64)


class _Stop(Exception):
    """Raised inside the enumeration to end it: the budget, the clock or the limit."""


@dataclass
class _Bank:
    """The distinct value vectors of one size, in the order found."""

    ids: np.ndarray  # node ids
    values: np.ndarray | None  # (k, cells) integers; None: recomputed when needed
    lo: np.ndarray  # each row's minimum and maximum
    hi: np.ndarray
    zero: np.ndarray | None = None  # rows with a zero cell (not divisors), computed once

    def rows(self, op: Operator, skip: Sequence[int] = (), divisor: bool = False) -> np.ndarray:
        """The rows usable as an operand of `op`, less the nodes `skip`."""
        ok = np.isin(self.ids, skip, invert=True)
        if op.natural:
            ok &= self.lo >= 0
        if op.name == "nim_mul":
            ok &= self.hi < 1 << 16  # the log tables cover GF(2^16)
        if divisor:
            if self.zero is None:
                assert self.values is not None  # divisors are of the sizes stored
                self.zero = (self.values == 0).any(axis=1)
            ok &= ~self.zero  # x % y is invalid where y == 0, as in Python
        return np.flatnonzero(ok)


class _Searcher:
    """The state of one search: the expressions (nodes), the banks, the budget."""

    def __init__(self, target: np.ndarray, grids: list[Any], names: Any, bounds: Any) -> None:
        self.target, self.names = target, names
        self.max_size, self.budget, self.seconds, self.limit = bounds
        self.deadline = None if self.seconds is None else time.monotonic() + self.seconds
        self.cells = len(target)
        self.probe = np.unique(np.linspace(0, self.cells - 1, _PROBE).astype(np.int64))
        # A random odd 64-bit weight per cell: equal vectors have equal fingerprints (int64
        # products wrap mod 2**64); distinct ones collide with chance about 2**-64.
        rng = np.random.default_rng(0x5EED)
        self.weights = rng.integers(-(1 << 63), 1 << 63, self.cells, np.int64) | 1
        # the leaves first (ids 0, 1...): the variables, then the constants
        self.nodes = [ExpressionNode("var", k) for k in range(len(grids))]
        self.nodes += [ExpressionNode("const", c) for c in LEAF_CONSTANTS]
        self.const = {c: len(grids) + k for k, c in enumerate(LEAF_CONSTANTS)}
        self.leaves = np.stack(grids + [np.full(self.cells, c, np.int64) for c in LEAF_CONSTANTS])
        self.row = [-1] * len(self.nodes)  # each node's row in its size's bank, or -1
        self.seen: dict[tuple[int, int, int], int] = {}
        self.banks: dict[int, _Bank] = {}
        self.chunks: list[tuple[Any, ...]] = []
        self.found: list[int] = []
        self.texts: set[str] = set()
        self.candidates = self.size = self.stored = self.stored_before = 0

    def _kept(self, size: int) -> bool:
        # The last size but one only feeds unary operators of the last: recomputing its
        # vectors then (one operation each) saves storing the largest bank.
        return size <= max(self.max_size - 2, 1)

    def _special(self, values: Sequence[int]) -> _Bank:
        ids = np.array([self.const[c] for c in values])
        v = np.array(values, dtype=np.int64)
        return _Bank(ids, self.leaves[ids], v, v, v == 0)

    def _rows(self, bank: _Bank, sel: np.ndarray) -> np.ndarray:
        """The int64 vectors of rows `sel` of `bank` (read-only: maybe a view)."""
        if bank.values is None:
            return self._recompute(bank.ids[sel])
        if len(sel) and sel[-1] - sel[0] == len(sel) - 1:  # a range of rows: a view
            return bank.values[sel[0] : sel[-1] + 1].astype(np.int64, copy=False)
        return bank.values[sel].astype(np.int64, copy=False)

    def _gather(self, ids: list[int]) -> np.ndarray:
        """The vectors of nodes `ids`, all leaves or all of one stored size."""
        if ids[0] < len(self.leaves):
            return self.leaves[ids]
        bank = self.banks[self.nodes[ids[0]].size]
        assert bank.values is not None
        return bank.values[[self.row[i] for i in ids]].astype(np.int64)

    def _recompute(self, ids: np.ndarray) -> np.ndarray:
        """The vectors of nodes `ids` of a size not stored, from their operands."""
        nodes = [self.nodes[i] for i in ids.tolist()]
        out = np.empty((len(nodes), self.cells), dtype=np.int64)
        start = 0
        for (name, _, _), run in itertools.groupby(nodes, key=self._shape):
            group = list(run)
            op, stop = OPS_BY_NAME[name], start + len(group)
            x = self._gather([node.left for node in group])
            if op.kind == "unary":
                out[start:stop] = op.vector(x)
            else:
                out[start:stop] = op.vector(x, self._gather([node.right for node in group]))
            start = stop
        return out

    def _shape(self, node: ExpressionNode) -> tuple[str, int, int]:
        """The operator and operand sizes: nodes alike are computed together."""
        return node.op, self.nodes[node.left].size, self.nodes[node.right].size * (node.right >= 0)

    # -- one batch of candidates ------------------------------------------------------
    def absorb(
        self, values: np.ndarray, op: Operator | None, left: np.ndarray, right: np.ndarray
    ) -> None:
        """Count, check and keep (if new) the candidates `values` = op(left, right)."""
        room = self.budget - self.candidates
        out = len(values) > room
        if out:
            values, left, right = values[:room], left[:room], right[:room]
        self.candidates += len(values)
        keep = self.size < self.max_size and not (op and op.root_only)
        if keep or (op and op.checked):
            lo, hi = values.min(axis=1), values.max(axis=1)
            if op and op.checked:
                ok = (lo >= -BOUND) & (hi < BOUND)
                if not ok.all():
                    values, left, right, lo, hi = values[ok], left[ok], right[ok], lo[ok], hi[ok]
        probe = (values[:, self.probe] == self.target[self.probe]).all(axis=1)
        for r in np.flatnonzero(probe).tolist():
            if np.array_equal(values[r], self.target):
                self._match(self._node(op, left[r], right[r]))
        if keep:
            # the key: the fingerprint, the minimum and the maximum
            keys = zip((values @ self.weights).tolist(), lo.tolist(), hi.tolist(), strict=True)
            new, ids = [], []
            for r, key in enumerate(keys):
                if key not in self.seen:
                    self.seen[key] = node_id = self._node(op, left[r], right[r])
                    new.append(r)
                    ids.append(node_id)
            if new:
                kept = None
                if self._kept(self.size):
                    kept = values[new].astype(_narrowest(lo[new].min(), hi[new].max()))
                    self.stored += kept.nbytes
                self.chunks.append((np.array(ids), kept, lo[new], hi[new]))
        if out:
            plural = "s" if self.budget > 1 else ""
            raise _Stop(f"the work budget ({self.budget:,} candidate{plural}) ran out")
        if self.stored > _MEMORY:
            raise _Stop(f"the memory for vectors kept ({_MEMORY >> 20:,} MiB) ran out")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _Stop(f"the time limit ({self.seconds:.2g} s) ran out")

    def _node(self, op: Operator | None, left: Any, right: Any) -> int:
        if op is None:  # a leaf: its node exists
            return int(left)
        self.nodes.append(ExpressionNode(op.name, int(left), int(right), self.size))
        self.row.append(-1)
        return len(self.nodes) - 1

    def _match(self, node_id: int) -> None:
        text = node_text(self.nodes, node_id, self.names)[0]
        if text not in self.texts:  # a ^ (b ^ c) and (a ^ b) ^ c print alike
            self.texts.add(text)
            self.found.append(node_id)
            if len(self.found) >= self.limit:
                raise _Stop("")

    # -- the enumeration ---------------------------------------------------------------
    def run(self) -> str:
        """Search size by size; return why it stopped early ("" if it did not)."""
        try:
            for size in range(1, self.max_size + 1):
                self.size, empty = size, np.zeros(0, np.int64)
                matrix = np.zeros((0, self.cells), np.int64) if self._kept(size) else None
                self.chunks = [(empty, matrix, empty, empty)]  # so that a size may find none
                if size == 1:
                    for i in [*range(len(self.names)), *(self.const[c] for c in CONSTANTS)]:
                        # one at a time: the budget may stop between two leaves
                        self.absorb(self.leaves[i : i + 1], None, np.array([i]), np.array([-1]))
                for op in OPS if size > 1 else ():
                    self._grow(op, size)
                self._close()
                if self.found:
                    break
            return ""
        except _Stop as stop:
            return f"stopped at size {self.size}: {stop}" if str(stop) else ""

    def _close(self) -> None:
        """Stack the vectors found at this size into its bank."""
        ids, values, lo, hi = (list(part) for part in zip(*self.chunks, strict=True))
        self.chunks = []
        bank = _Bank(np.concatenate(ids), None, np.concatenate(lo), np.concatenate(hi))
        if self._kept(self.size):
            rows = len(bank.ids)
            kind = np.dtype(np.int64)  # no conversion at each use, unless the bank is big
            if rows * self.cells * kind.itemsize > _WIDE:
                kind = _narrowest(bank.lo.min(), bank.hi.max())
            bank.values = np.empty((rows, self.cells), kind)
            start = 0
            for k, part in enumerate(values):  # chunk by chunk, each let go once copied
                values[k] = None
                bank.values[start : start + len(part)] = part
                start += len(part)
            self.stored = self.stored_before + bank.values.nbytes
        self.stored_before = self.stored
        for r, i in enumerate(bank.ids.tolist()):
            self.row[i] = r
        self.banks[self.size] = bank

    def _grow(self, op: Operator, size: int) -> None:
        """Try every expression of `size` whose top is `op`."""
        if op.kind == "unary":
            bank = self.banks[size - 1]
            rows = bank.rows(op)
            step = max(1, _BATCH // self.cells)
            for r0 in range(0, len(rows), step):
                sel = rows[r0 : r0 + step]
                no = np.full(len(sel), -1)
                self.absorb(op.vector(self._rows(bank, sel)), op, bank.ids[sel], no)
            return
        lskip, rskip = ([self.const[c] for c in side] for side in op.trivial)
        if op.name in ("*", "//"):  # c*x and x // c: a constant operand
            if size >= 3:
                bank = self.banks[size - 2]
                if op.name == "*":
                    self._pairs(op, self._special(COEFFICIENTS), bank, (None, None))
                else:
                    self._pairs(op, bank, self._special(DIVISORS), (bank.rows(op, lskip), None))
            return
        # balanced splits first ("2*n + evil(n)" before "evil(n) + n + n"), then the larger
        # operand on the left ("x - 1" before "1 - x")
        splits = sorted(
            ((size - 1 - j, j) for j in range(1, size - 1)), key=lambda s: abs(s[0] - s[1])
        )
        for i, j in splits:
            if op.commutative and i > j:
                continue
            left, right = self.banks[i], self.banks[j]
            lrows = left.rows(op, lskip)
            self._pairs(op, left, right, (lrows, right.rows(op, rskip, op.name == "%")), i == j)
            if op.name == "%" and j == 1:  # the divisors 5-8 are leaves of % and // only
                self._pairs(op, left, self._special(DIVISORS[3:]), (lrows, None))

    def _pairs(
        self, op: Operator, left: _Bank, right: _Bank, rows: Any, same: bool = False
    ) -> None:
        """Try op(x, y) for x in left[lrows], y in right[rrows], in (x, y) order."""
        lrows, rrows = (np.arange(len(left.ids)), rows[1]) if rows[0] is None else rows
        rrows = np.arange(len(right.ids)) if rrows is None else rrows
        nl, nr, cells = len(lrows), len(rrows), self.cells
        if not nl or not nr:
            return
        step = max(1, _BATCH // cells)
        if same and op.commutative:  # each unordered pair once: y from x on
            position = np.searchsorted(rrows, lrows) + op.self_trivial
            for p in range(nl):
                x = self._rows(left, lrows[p : p + 1])
                for q0 in range(position[p], nr, step):
                    sel = rrows[q0 : q0 + step]
                    ids = np.full(len(sel), left.ids[lrows[p]])
                    self.absorb(op.vector(x, self._rows(right, sel)), op, ids, right.ids[sel])
            return
        # a block of x's times a block of y's, broadcast: rows in (x, y) order
        p_step, q_step = (1, step) if nr >= step else (max(1, step // nr), nr)
        whole = self._rows(right, rrows) if q_step == nr else None  # gathered once
        for p0 in range(0, nl, p_step):
            xs = self._rows(left, lrows[p0 : p0 + p_step])
            lid = left.ids[lrows[p0 : p0 + p_step]]
            for q0 in range(0, nr, q_step):
                sel = rrows[q0 : q0 + q_step]
                ys = whole if whole is not None else self._rows(right, sel)
                values = op.vector(xs[:, None, :], ys[None, :, :]).reshape(-1, cells)
                lids, rids = np.repeat(lid, len(sel)), np.tile(right.ids[sel], len(lid))
                if same and op.self_trivial:  # x - x, x % x: 0, found earlier
                    differ = lids != rids
                    values, lids, rids = values[differ], lids[differ], rids[differ]
                self.absorb(values, op, lids, rids)


# ----------------------------------------------------------------- the entry point
def _positive(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise InvalidGameError(f"{name} must be a positive integer, not {value!r}")
    return int(value)


def table_cells(table: Any, variables: Sequence[str], offsets: Any, mask: Any) -> tuple[Any, ...]:
    """Check the arguments of a search; return the variables' names, the target vector
    (the table's values on the cells of `mask`) and each variable's vector on them.

    Raises
    ------
    InvalidGameError
        Variables that are not distinct names, or are operators; a table that is
        empty, not of integers, negative somewhere, or of another dimension; bad
        offsets, or a mask of another shape or that selects no cell.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.expressions import table_cells
    >>> names, values, grids = table_cells(np.array([[0, 1], [1, 0]]), ("a", "b"), (1, 0), None)
    >>> names, values.tolist(), [grid.tolist() for grid in grids]
    (('a', 'b'), [0, 1, 1, 0], [[1, 1, 2, 2], [0, 1, 0, 1]])
    """
    table = np.asarray(table)
    names = tuple(variables) if not isinstance(variables, str) else (variables,)
    if (
        not all(isinstance(v, str) and v.isidentifier() for v in names)
        or len(set(names)) < len(names)
        or set(names) & set(OPS_BY_NAME)
    ):
        raise InvalidGameError(f"variables {variables!r} must be distinct names, not operators")
    if table.ndim != len(names):
        raise InvalidGameError(
            f"the table has {table.ndim} dimensions but {len(names)} variables {names!r}"
        )
    if table.size == 0:
        raise InvalidGameError(f"the table of shape {table.shape} is empty")
    if table.dtype.kind not in "iu":
        raise InvalidGameError(f"the table's values must be integers, not {table.dtype}")
    offsets = (0,) * table.ndim if offsets is None else tuple(offsets)
    if len(offsets) != table.ndim or any(
        isinstance(o, bool) or not isinstance(o, int | np.integer) or o < 0 for o in offsets
    ):
        raise InvalidGameError(f"offsets {offsets!r} must be {table.ndim} integers >= 0")
    if any(o + k > BOUND for o, k in zip(offsets, table.shape, strict=True)):
        raise InvalidGameError(f"offsets {offsets!r}: the variables must stay below 2**40")
    keep = np.ones(table.shape, dtype=bool) if mask is None else np.asarray(mask)
    if keep.dtype != bool or keep.shape != table.shape:
        raise InvalidGameError(f"the mask must be a bool array of shape {table.shape}")
    cells = np.flatnonzero(keep)
    if not len(cells):
        raise InvalidGameError("the mask selects no cell of the table")
    values = table.reshape(-1)[cells]
    if values.min() < 0:
        where = np.unravel_index(cells[int(np.argmin(values))], table.shape)
        at = tuple(int(o) + int(i) for o, i in zip(offsets, where, strict=True))
        raise InvalidGameError(f"the table has a negative value {values.min()} at {at}")
    grids = [
        int(o) + i.astype(np.int64)
        for o, i in zip(offsets, np.unravel_index(cells, table.shape), strict=True)
    ]
    return names, values, grids


def search_expressions(
    table: Any,
    variables: tuple[str, ...],
    *,
    offsets: tuple[int, ...] | None = None,
    mask: Any = None,
    max_size: int = 7,
    max_candidates: int = 200_000,
    seconds: float | None = None,
    limit: int = 3,
) -> ExpressionSearch:
    """Find the smallest expressions in `variables` equal to `table` on every cell.

    Parameters
    ----------
    table : numpy.ndarray
        Integer values >= 0, one dimension per variable: the cell at index ``(i, j)``
        holds the value at ``variables = (offsets[0] + i, offsets[1] + j)``.
    variables : tuple of str
        The variables' names, such as ``("n",)`` or ``("a", "b")``.
    offsets : tuple of int, optional
        The variables' values at the first cell (default all 0).
    mask : numpy.ndarray of bool, optional
        Only cells where the mask is True must match (the others are exceptions, such as
        a preperiod); a negative value is refused only there.
    max_size : int
        The largest expression tried, counting nodes.
    max_candidates : int
        The work budget: how many candidate expressions may be evaluated on the table.
    seconds : float, optional
        A wall-clock limit as well, checked between batches (0: one batch); with None the
        result depends on the input only.
    limit : int
        The most matches returned.

    Returns
    -------
    ExpressionSearch
        The matches, all of the smallest size that has one, in the order tried.

    Raises
    ------
    InvalidGameError
        If the table is empty, not of integers, has a negative value, or does not have
        one dimension per variable, or another argument is malformed.

    See Also
    --------
    grundy.nimbers.nim_mul : the nim product, as used by ``nim_mul(a, b)``.

    Notes
    -----
    The grammar: the variables, the constants 0-4, ``x + y``, ``x - y``, ``c*x`` (c = 2-4),
    ``x // c`` (c = 2-8), ``x % y`` (y an expression or 5-8), ``x ^ y``, ``x & y``,
    ``x | y``, ``min``, ``max``, ``nim_mul``, and ``lowbit(x)`` = x & -x, ``lowunset(x)``
    = ~x & (x + 1), ``v2(x)`` (the index of the lowest set bit; v2(0) = 0), ``bitlen``,
    ``parity`` (popcount mod 2), ``evil`` = 1 - parity, ``oddpart(x)`` = x >> v2(x), and at
    the root only (counts of bits rarely combine further) ``popcount`` and
    ``trailing_ones(x)`` = v2(x + 1) for x >= 0.
    ``//`` and ``%`` round toward minus infinity, as in Python. A candidate is dropped where
    it divides by 0, applies a bit function or nim_mul to a negative value, nim_mul to
    2**16 or more, or leaves [-2**40, 2**40): the texts read as Python with those helpers.

    Bottom-up enumeration by size with observational equivalence: each candidate is
    evaluated on the masked cells as an int64 vector, and only the first expression of
    each distinct vector (by a 64-bit fingerprint, the minimum and the maximum) builds
    larger ones; binary operators combine sizes adding up to one less, commutative ones
    each unordered pair once. Expressions of one vector are interchangeable in any larger
    one, so the first match is a smallest one (a fingerprint collision, chance about 2**-64
    a pair, could only hide a candidate: a match is compared in full). Cost:
    O(`max_candidates` x cells) numpy operations; memory: up to 8 bytes x cells per
    distinct vector of the sizes below ``max_size - 1`` (at most 1 GiB: past it the search
    stops as at the budget).

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.expressions import search_expressions
    >>> a, b = np.indices((16, 16))
    >>> [e.text for e in search_expressions(a ^ b, ("a", "b")).found]
    ['a ^ b']
    >>> n = np.arange(1, 65)
    >>> search_expressions(n & -n, ("n",), offsets=(1,)).found[0].text   # the Ruler game
    'lowbit(n)'
    """
    names, target, grids = table_cells(table, variables, offsets, mask)
    max_size = _positive("max_size", max_size)
    budget = _positive("max_candidates", max_candidates)
    limit = _positive("limit", limit)
    if seconds is not None and not (isinstance(seconds, int | float) and seconds >= 0):
        raise InvalidGameError(f"seconds must be a number >= 0 or None, not {seconds!r}")
    if target.max() >= BOUND:  # no candidate reaches it: every one has been ruled out
        return ExpressionSearch((), max_size, True, 0)
    bounds = (max_size, budget, seconds, limit)
    search = _Searcher(target.astype(np.int64), grids, names, bounds)
    reason = search.run()
    found = tuple(node_expression(search.nodes, i, names) for i in search.found)
    # a match is a smallest one even if the budget ran out before its size was finished
    reason = "" if found else reason
    return ExpressionSearch(
        found, max(search.banks, default=0), not reason, search.candidates, reason
    )
