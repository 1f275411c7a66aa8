"""Rules for the P-positions (zeros) of a two-pile table: lines, congruences, Beatty pairs."""

from __future__ import annotations

import operator
import threading
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import gcd, isqrt
from typing import Any

import numpy as np

from ..core.errors import InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.integers import shown

__all__ = [
    "PPositionPattern",
    "LineRule",
    "CongruenceRule",
    "ComplementaryRule",
    "complementary_pair",
    "find_p_position_patterns",
    "SEQUENCE_LIMIT",
]

#: The largest index k up to which :class:`ComplementaryRule` builds a sequence that has
#: no closed form (offset c != 0): 10^7 terms take a few seconds and 80 MB.
SEQUENCE_LIMIT = 10**7

_LINE_COEFFICIENTS = range(5)  # p, q in 0..4
_LINE_OFFSETS = range(-4, 5)  # c in -4..4
_MODULI = range(2, 7)  # m in 2..6
_STEPS = range(1, 7)  # t in 1..6 for complementary sequences
_OFFSETS = range(-4, 5)  # c in -4..4, kept to c >= 1 - t
_PAIRS_SHOWN = 8


def _as_table(table: Any) -> np.ndarray:
    """Return `table` as a 2-D numpy array of integers (int64 where it fits, else objects).

    Raises InvalidGameError for anything else. Shared by the table modules of
    ``grundy.patterns`` (rows, heatmap), so that they refuse the same inputs the same way.
    """
    grid = np.asarray(table)
    if grid.ndim != 2:
        raise InvalidGameError(
            f"a table of G(a, b) must be a 2-D array, not one of shape {grid.shape}"
        )
    kind = grid.dtype.kind
    if grid.size == 0:  # np.asarray([]) is float64: no values, nothing to refuse
        return grid.astype(np.int64)
    if kind == "u":
        # uint64 values past 2^63 would wrap in int64 differences: keep them exact.
        fits = int(grid.max()) < 2**63
        return grid.astype(np.int64 if fits else object)
    if kind == "i":
        return grid.astype(np.int64, copy=False)
    if kind == "O" and all(isinstance(v, int) and not isinstance(v, bool) for v in grid.flat):
        return grid
    raise InvalidGameError(f"a table of G(a, b) must hold integers, not {grid.dtype}")


def _heaps(a: object, b: object) -> tuple[int, int]:
    """The two heap sizes as ints, refused when negative or not integers."""
    try:
        x, y = operator.index(a), operator.index(b)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidPositionError(
            f"a position of two heaps needs two integers, not ({shown(a)}, {shown(b)})"
        ) from None
    if x < 0 or y < 0:
        raise InvalidPositionError(
            f"a position of two heaps needs sizes >= 0, not ({shown(x)}, {shown(y)})"
        )
    return x, y


# ------------------------------------------------------------------------------ rules
def _term(coefficient: int, variable: str) -> str:
    return variable if coefficient == 1 else f"{coefficient}{variable}"


def _side(terms: list[tuple[int, str]], constant: int = 0) -> str:
    """One side of an equation: "2a", "b + 1", "3"; "0" when empty."""
    parts = [_term(k, v) for k, v in terms if k] + ([str(constant)] if constant else [])
    return " + ".join(parts) or "0"


def _line_text(p: int, q: int, c: int) -> str:
    """p·a - q·b == c, written with no minus sign: "b == a + 1", "b == 2a", "a == 3"."""
    if c == 0 and (p == q or not p * q):
        return "a == b" if p == q else "a == 0" if q == 0 else "b == 0"
    if c > 0 or (c == 0 and p < q):  # p·a == q·b + c: "a == 2b", "a == b + 1"
        return f"{_side([(p, 'a')])} == {_side([(q, 'b')], c)}"
    return f"{_side([(q, 'b')])} == {_side([(p, 'a')], -c)}"  # q·b == p·a - c


@dataclass(frozen=True, slots=True)
class LineRule:
    """P-positions on the line p·a - q·b == c, and on its mirror image when `mirrored`.

    The mirror image of the line, {(b, a) : p·a - q·b == c}, is q·a - p·b == -c. Calling
    the rule decides a position exactly, for heaps of any size.

    Examples
    --------
    >>> from grundy.patterns.p_positions import LineRule
    >>> rule = LineRule(p=1, q=1, c=-1, mirrored=True)
    >>> rule.text
    'b == a + 1 or a == b + 1'
    >>> rule(4, 5), rule(5, 4), rule(10**30, 10**30 + 1), rule(3, 3)
    (True, True, True, False)
    """

    p: int
    q: int
    c: int
    mirrored: bool = False

    @property
    def text(self) -> str:
        """The rule in words, as :class:`PPositionPattern` shows it."""
        line = _line_text(self.p, self.q, self.c)
        return f"{line} or {_line_text(self.q, self.p, -self.c)}" if self.mirrored else line

    def __call__(self, a: int, b: int) -> bool:
        a, b = _heaps(a, b)
        p, q, c = self.p, self.q, self.c
        return p * a - q * b == c or (self.mirrored and p * b - q * a == c)


@dataclass(frozen=True, slots=True)
class CongruenceRule:
    """P-positions where a + b ≡ c, or a - b ≡ c, modulo m (`sign` +1 or -1).

    When `mirrored`, a - b ≡ -c (mod m) also counts (the table's symmetric image).

    Examples
    --------
    >>> from grundy.patterns.p_positions import CongruenceRule
    >>> rule = CongruenceRule(sign=-1, m=3, c=0)
    >>> rule.text
    'a ≡ b (mod 3)'
    >>> rule(1, 7), rule(1, 8), rule(10**40, 1)
    (True, False, True)
    """

    sign: int
    m: int
    c: int
    mirrored: bool = False

    @property
    def text(self) -> str:
        """The rule in words, as :class:`PPositionPattern` shows it."""
        if self.sign > 0:
            return f"a + b ≡ {self.c} (mod {self.m})"
        shift = "" if self.c == 0 else f" {'±' if self.mirrored else '+'} {self.c}"
        return f"a ≡ b{shift} (mod {self.m})"

    def __call__(self, a: int, b: int) -> bool:
        a, b = _heaps(a, b)
        r = (a + self.sign * b) % self.m
        return r == self.c or (self.mirrored and r == -self.c % self.m)


class _LowerSequence:
    """a_0, a_1, ... of the complementary pairs (t, c), built by mex and extended on demand."""

    def __init__(self, t: int, c: int) -> None:
        self.t, self.c = t, c
        self.lower = array("q", [0])  # a_0 = b_0 = 0
        self.next_upper = 1  # the first index j >= 1 whose b_j the mex has not passed
        self.lock = threading.Lock()

    def upper(self, j: int) -> int:
        return self.lower[j] + self.t * j + self.c

    def extend(self, count: int) -> None:
        """Make a_k known for every k < `count`."""
        with self.lock:  # two threads extending at once would interleave the appends
            lower, j = self.lower, self.next_upper
            for k in range(len(lower), count):
                x = lower[k - 1] + 1
                # a_k = mex{a_i, b_i : i < k}: past a_{k-1}, skip the b_j (j < k) in the way.
                while j < k and self.upper(j) <= x:
                    if self.upper(j) == x:
                        x += 1
                    j += 1
                lower.append(x)
            self.next_upper = j

    def terms_below(self, value: int) -> np.ndarray:
        """Every a_k < `value`, as a new int64 array (a_k >= k: at most `value` terms)."""
        while self.lower[-1] < value:
            self.extend(min(2 * len(self.lower) + 16, value + 1))
        with self.lock:  # a copy: numpy viewing the array would stop it from growing
            lower = np.array(self.lower, dtype=np.int64)
        return lower[: int(np.searchsorted(lower, value))]


_SEQUENCES: dict[tuple[int, int], _LowerSequence] = {}
_SEQUENCES_LOCK = threading.Lock()


def _sequence(t: int, c: int) -> _LowerSequence:
    with _SEQUENCES_LOCK:
        return _SEQUENCES.setdefault((t, c), _LowerSequence(t, c))


def complementary_pair(k: int, t: int = 1, c: int = 0) -> tuple[int, int]:
    """Return the k-th pair (a_k, b_k) of complementary sequences with b_k = a_k + t·k + c.

    a_0 = b_0 = 0; for k >= 1, a_k = mex{a_i, b_i : i < k} and b_k = a_k + t·k + c.
    With t = 1, c = 0 these are the P-positions of Wythoff's game; with c = 0, those of
    Fraenkel's t-Wythoff game.

    Parameters
    ----------
    k : int
        The index, >= 0; any size when c = 0, at most :data:`SEQUENCE_LIMIT` otherwise.
    t : int
        The step, >= 1.
    c : int
        The offset, >= 1 - t (so that b_k > a_k for k >= 1).

    Returns
    -------
    tuple of int
        (a_k, b_k), a_k <= b_k.

    Raises
    ------
    InvalidGameError
        t < 1 or c < 1 - t.
    PositionLimitError
        c != 0 and k > SEQUENCE_LIMIT: no closed form is known here, and building the
        sequence that far would take minutes.

    Examples
    --------
    >>> from grundy.patterns.p_positions import complementary_pair
    >>> [complementary_pair(k) for k in range(5)]
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
    >>> complementary_pair(10**30, t=2)      # ⌊k√2⌋, exact
    (1414213562373095048801688724209, 3414213562373095048801688724209)
    >>> [complementary_pair(k, t=2, c=1) for k in range(4)]
    [(0, 0), (1, 4), (2, 7), (3, 10)]

    Notes
    -----
    Fraenkel (1982): for c = 0, a_k = ⌊kα⌋ and b_k = ⌊kβ⌋ with
    α = (2 - t + √(t² + 4)) / 2 and β = α + t (1/α + 1/β = 1: Beatty's theorem). Since
    k√(t² + 4) is irrational for k >= 1 (t² < t² + 4 < (t + 1)² for t >= 2, and 5 is
    not a square), ⌊kα⌋ = (k(2 - t) + isqrt(k²(t² + 4))) // 2 exactly, in O(M(log k))
    time. With c != 0 the sequence is built by its mex definition, O(k) time, once, and
    kept for later calls.

    References
    ----------
    A. S. Fraenkel, How to beat your Wythoff games' opponent on three fronts, Amer. Math.
    Monthly 89 (1982) 353-361.
    """
    k, t, c = operator.index(k), operator.index(t), operator.index(c)
    if t < 1 or c < 1 - t:
        raise InvalidGameError(
            f"complementary pairs b_k = a_k + t·k + c need t >= 1 and c >= 1 - t, "
            f"not t = {t}, c = {c}"
        )
    if k < 0:
        raise InvalidPositionError(f"the index k of a pair must be >= 0, not {shown(k)}")
    if c == 0:
        lower = (k * (2 - t) + isqrt(k * k * (t * t + 4))) // 2
        return lower, lower + t * k
    if k > SEQUENCE_LIMIT:
        raise PositionLimitError(
            f"pair k = {shown(k)} of b_k = a_k + {t}k + {c} is past {SEQUENCE_LIMIT:,}: "
            "that sequence has no closed form here"
        )
    sequence = _sequence(t, c)
    sequence.extend(k + 1)
    return sequence.lower[k], sequence.upper(k) if k else 0


@dataclass(frozen=True, slots=True)
class ComplementaryRule:
    """P-positions (a_k, b_k) and (b_k, a_k): a_k = mex of the earlier ones, b_k = a_k + t·k + c.

    Calling the rule decides a position with O(1) big-int operations when c = 0 (the
    Beatty form of :func:`complementary_pair`), for heaps of any size; with c != 0 it
    needs a_k for k = (b - a - c) / t, and refuses k past :data:`SEQUENCE_LIMIT`.

    Examples
    --------
    >>> from grundy.patterns.p_positions import ComplementaryRule
    >>> wythoff = ComplementaryRule(t=1)
    >>> wythoff(3, 5), wythoff(5, 3), wythoff(3, 4)
    (True, True, False)
    >>> wythoff(1618033988749894848204586834365, 2618033988749894848204586834365)
    True
    """

    t: int
    c: int = 0

    def __call__(self, a: int, b: int) -> bool:
        a, b = sorted(_heaps(a, b))
        if a == b:
            return a == 0  # b_k > a_k once k >= 1
        rest = b - a - self.c
        if rest <= 0 or rest % self.t:
            return False  # no k with b_k - a_k = b - a: decided without the sequence
        return a == complementary_pair(rest // self.t, self.t, self.c)[0]


# --------------------------------------------------------------------------- patterns
@dataclass(frozen=True, slots=True)
class PPositionPattern:
    """A rule that gives exactly the zeros of a table of G(a, b): its P-positions.

    `kind` is ``"line"``, ``"congruence"``, ``"beatty"`` or ``"complementary"``; `text`
    says the rule; `is_p` decides any position (a rule object: :class:`LineRule`,
    :class:`CongruenceRule` or :class:`ComplementaryRule`, whose repr evaluates back, so
    the pattern's does too); `pairs` are the first P-positions of the table (nearest
    (0, 0) first), each as (a, b) with a <= b.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.p_positions import find_p_position_patterns
    >>> nim = np.bitwise_xor.outer(np.arange(20), np.arange(20))   # G(a, b) = a ^ b
    >>> pattern = find_p_position_patterns(nim)[0]
    >>> pattern.kind, pattern.text, pattern.is_p(10**20, 10**20)
    ('line', 'a == b', True)
    """

    kind: str
    text: str
    is_p: Callable[[int, int], bool]
    pairs: tuple[tuple[int, int], ...] = ()


def _line_cells(p: int, q: int, c: int, rows: int, cols: int) -> np.ndarray:
    """Flat indices a·cols + b of the cells of p·a - q·b == c in the table."""
    if q == 0:
        if c % p or not 0 <= c // p < rows:
            return np.empty(0, dtype=np.int64)
        return (c // p) * cols + np.arange(cols, dtype=np.int64)
    a = np.arange(rows, dtype=np.int64)
    numerator = p * a - c
    b = numerator // q
    keep = (numerator % q == 0) & (b >= 0) & (b < cols)
    return a[keep] * cols + b[keep]


def _lines() -> Iterator[LineRule]:
    """Every line rule, simplest first; each line (and each mirrored pair) once."""
    found = []
    for p in _LINE_COEFFICIENTS:
        for q in _LINE_COEFFICIENTS:
            for c in _LINE_OFFSETS:
                if (p or q) and gcd(p, q, c) == 1:
                    found.append(LineRule(p, q, c))
                    # Each mirrored pair once: from the line with c < 0, or with c = 0 and
                    # p > q (its mirror is the other); p = q, c = 0 is its own mirror.
                    if c < 0 or (c == 0 and p > q):
                        found.append(LineRule(p, q, c, mirrored=True))
    found.sort(key=lambda r: (r.p + r.q, max(r.p, r.q), abs(r.c), r.mirrored, -r.p, r.c))
    yield from found


def _congruences() -> Iterator[CongruenceRule]:
    for m in _MODULI:
        for c in range(m):
            yield CongruenceRule(+1, m, c)
        if m > 2:  # mod 2, a - b ≡ c is a + b ≡ c
            for c in range(m // 2 + 1):
                yield CongruenceRule(-1, m, c)
                if 0 < c < m - c:
                    yield CongruenceRule(-1, m, c, mirrored=True)


def _same_congruence(x: CongruenceRule, y: CongruenceRule) -> bool:
    """Do the two rules have the same P-positions everywhere? Both sets repeat with
    period lcm(m_x, m_y) <= 30 along each axis, so one 60 x 60 square decides it."""
    return all(x(a, b) == y(a, b) for a in range(60) for b in range(60))


def _beatty_text(t: int) -> str:
    if t == 1:
        return "(a, b) = (⌊kφ⌋, ⌊kφ²⌋) or swapped, k >= 0"
    # α = (2 - t + √(t² + 4)) / 2, the root written as s√r with r square-free
    m, s, r = 2 - t, 1, t * t + 4
    for f in range(isqrt(r), 1, -1):
        if r % (f * f) == 0:
            s, r = f, r // (f * f)
            break
    if m % 2 == 0 and s % 2 == 0:
        root = f"{'' if s == 2 else s // 2}√{r}"
        alpha = root if m == 0 else f"{root} - {-m // 2}"
    else:
        alpha = f"({'' if s == 1 else s}√{r} - {-m})/2"
    return f"(a, b) = (⌊kα⌋, ⌊kα⌋ + {t}k) or swapped, k >= 0, α = {alpha} (Fraenkel's {t}-Wythoff)"


def _complementary_text(t: int, c: int) -> str:
    step = "k" if t == 1 else f"{t}k"
    offset = "" if c == 0 else f" {'+' if c > 0 else '-'} {abs(c)}"
    if c == 0:
        return f"a_k = mex{{a_i, b_i : i < k}}, b_k = a_k + {step} (complementary sequences)"
    return (
        f"a_0 = b_0 = 0; a_k = mex{{a_i, b_i : i < k}}, b_k = a_k + {step}{offset} "
        "for k >= 1 (complementary sequences)"
    )


def _complementary_cells(t: int, c: int, rows: int, cols: int) -> np.ndarray:
    """Flat indices of the cells (a_k, b_k) and (b_k, a_k) in the table."""
    lower = _sequence(t, c).terms_below(max(rows, cols))
    upper = lower + t * np.arange(len(lower), dtype=np.int64) + c
    upper[0] = 0
    cells = []
    for a, b in ((lower, upper), (upper, lower)):
        keep = (a < rows) & (b < cols)
        cells.append(a[keep] * cols + b[keep])
    return np.concatenate(cells)


def find_p_position_patterns(table: Any, *, min_positions: int = 3) -> list[PPositionPattern]:
    """Find rules whose P-positions are exactly the zeros of a table of G(a, b).

    Parameters
    ----------
    table : array_like of int, 2-D
        ``table[a, b]`` is G(a, b), a and b counted from 0 (any number of rows and
        columns).
    min_positions : int
        Fewer zeros than this in the table: return [] (any rule would fit by chance).

    Returns
    -------
    list of PPositionPattern
        Every rule tried whose P-positions inside the table are exactly the zero cells,
        simplest first: lines p·a - q·b == c (p, q in 0..4, c in -4..4, with their mirror
        images), congruences a ± b ≡ c (mod m) (m in 2..6, tried when the table has at
        least 3m rows and columns, so a congruence never merely repeats a line), the
        Beatty pairs of Fraenkel's t-Wythoff game (t = 1: Wythoff's), complementary
        sequences b_k = a_k + t·k + c (t in 1..6). [] when nothing fits.

    Raises
    ------
    InvalidGameError
        `table` is not a 2-D array of integers.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.p_positions import find_p_position_patterns
    >>> b_is_2a = np.ones((30, 30), dtype=int)
    >>> for a in range(15):
    ...     b_is_2a[a, 2 * a] = 0
    >>> [p.text for p in find_p_position_patterns(b_is_2a)]
    ['b == 2a']
    >>> find_p_position_patterns(b_is_2a)[0].pairs[:4]
    ((0, 0), (1, 2), (2, 4), (3, 6))

    See Also
    --------
    complementary_pair : the pairs, exactly, for any k.

    Notes
    -----
    A rule is checked against every cell: the zeros must all be its P-positions, and it
    may have no other P-position in the table. A line or pair sequence is checked on its
    O(rows + cols) cells, a congruence on all rows·cols: about 0.1 s for 1000 x 1000.
    A rule fits the table; it is proved only by a theorem (Wythoff's, Fraenkel's).
    """
    grid = _as_table(table)
    rows, cols = grid.shape
    zero = (grid == 0).ravel()
    count = int(zero.sum())
    if count < max(min_positions, 1):
        return []
    za, zb = np.divmod(np.flatnonzero(zero), cols)
    pairs = sorted(
        {(int(min(a, b)), int(max(a, b))) for a, b in zip(za, zb, strict=True)},
        key=lambda pair: (pair[0] + pair[1], pair[0]),  # nearest the corner (0, 0) first
    )
    shown_pairs = tuple(pairs[:_PAIRS_SHOWN])

    def fits(cells: np.ndarray) -> bool:
        cells = np.unique(cells)
        return len(cells) == count and bool(zero[cells].all())

    found: list[PPositionPattern] = []
    for line in _lines():
        cells = _line_cells(line.p, line.q, line.c, rows, cols)
        if line.mirrored:
            cells = np.concatenate([cells, _line_cells(line.q, line.p, -line.c, rows, cols)])
        if len(cells) >= count and fits(cells):
            found.append(PPositionPattern("line", line.text, line, shown_pairs))

    a_grid = np.arange(rows, dtype=np.int64)[:, None]
    b_grid = np.arange(cols, dtype=np.int64)[None, :]
    congruences: list[CongruenceRule] = []
    for rule in _congruences():
        if min(rows, cols) < 3 * rule.m or not rule(int(za[0]), int(zb[0])):
            continue
        residue = (a_grid + rule.sign * b_grid) % rule.m
        mask = residue == rule.c
        if rule.mirrored:
            mask |= residue == -rule.c % rule.m
        if np.array_equal(mask.ravel(), zero) and not any(
            _same_congruence(rule, seen) for seen in congruences
        ):
            congruences.append(rule)
            found.append(PPositionPattern("congruence", rule.text, rule, shown_pairs))

    for t in _STEPS:
        for c in _OFFSETS:
            if c >= 1 - t and fits(_complementary_cells(t, c, rows, cols)):
                pairs_rule = ComplementaryRule(t, c)
                if c == 0:  # Fraenkel's theorem: the same pairs, in closed form
                    text = _beatty_text(t)
                    found.append(PPositionPattern("beatty", text, pairs_rule, shown_pairs))
                text = _complementary_text(t, c)
                found.append(PPositionPattern("complementary", text, pairs_rule, shown_pairs))
    return found
