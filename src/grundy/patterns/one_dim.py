"""Patterns of a sequence G(n): periods, arithmetic periods, halving recurrences, shifts.

Each finder takes the computed values G(start), G(start + 1), ... and returns candidate
formulas that reproduce them all, each as (formula text, exact function, kind, size);
the search (``search.py``) checks them against the rules and orders them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.periodicity import Periodicity

__all__ = [
    "Candidate",
    "PeriodicSequence",
    "ListedThen",
    "ByResidue",
    "periodic_candidates",
    "halving_candidates",
    "shifted_candidates",
    "with_exceptions",
    "KNOWN_SEQUENCES",
]

#: A period is claimed only if the values after the preperiod repeat it this many times.
MIN_REPEATS = 3


@dataclass(frozen=True)
class Candidate:
    """A formula that reproduces a table: its text, exact function, kind and size."""

    formula: str
    function: Callable[..., int]
    kind: str
    size: int
    #: The period of a "periodic" candidate (what a periodicity theorem compares).
    periodicity: Periodicity | None = None
    #: The rule as data (a ``PlanePeriodicity``, ...), for the theorems and for code.
    rule: Any = None


def _listed(values: Sequence[int]) -> str:
    shown = " ".join(map(str, values[:24]))
    return shown + (" …" if len(values) > 24 else "")


def periodic_candidates(values: Sequence[int], start: int = 0) -> list[Candidate]:
    """The shortest (arithmetic) period of `values`, G(n + p) = G(n) + s, as a formula.

    Parameters
    ----------
    values : sequence of int
        G(start), G(start + 1), ...
    start : int
        The index of the first value.

    Returns
    -------
    list of Candidate
        The shortest period p whose relation holds from some preperiod on and repeats
        at least 3 times in the values (empty if none): ``"periodic"`` when s = 0,
        ``"arithmetic-periodic"`` otherwise.

    Examples
    --------
    >>> from grundy.patterns.one_dim import periodic_candidates
    >>> c = periodic_candidates([0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11])[0]
    >>> c.formula, c.function(10**18 + 3)
    ('n ≡ 3 (mod 4): n + 1; n ≡ 0 (mod 4): n - 1; else n  (n ≥ 1)', 1000000000000000004)
    """
    count = len(values)
    best: tuple[int, int, int] | None = None  # (preperiod, period, saltus)
    for period in range(1, count // MIN_REPEATS + 1):
        # G(i + p) - G(i) is the saltus from the preperiod on.
        saltus = values[count - 1] - values[count - 1 - period]
        first = count - period
        while first > 0 and values[first - 1 + period] - values[first - 1] == saltus:
            first -= 1
        if count - first < max(MIN_REPEATS * period, 8) or 2 * (first + period) > count:
            continue  # a period must be seen 3 times and be shorter than half the data
        if best is None or first + period < best[0] + best[1]:  # the shortest description
            best = (first, period, saltus)
    if best is None:
        return []
    return [_periodic(list(values), start, *best)]


@dataclass(frozen=True, slots=True)
class PeriodicSequence:
    """G(n) from `start` on: `values` (preperiod, then one period), then G(n + p) = G(n) + s.

    Examples
    --------
    >>> from grundy.patterns.one_dim import PeriodicSequence
    >>> lasker = PeriodicSequence(start=1, values=(1, 2, 4, 3), preperiod=0, period=4, saltus=4)
    >>> lasker(7), lasker(8), lasker(10**18)
    (8, 7, 999999999999999999)
    """

    start: int
    values: tuple[int, ...]
    preperiod: int
    period: int
    saltus: int = 0

    def __call__(self, n: int) -> int:
        i = n - self.start
        if i < 0:
            raise ValueError(f"{n} is below the first index {self.start}")
        if i < len(self.values):
            return self.values[i]
        laps, r = divmod(i - self.preperiod, self.period)
        return self.values[self.preperiod + r] + self.saltus * laps


@dataclass(frozen=True, slots=True)
class ListedThen:
    """The values `head` from `start` on, then the expression `then` (its text)."""

    head: tuple[int, ...]
    start: int
    then: str


@dataclass(frozen=True, slots=True)
class ByResidue:
    """One expression (its text) for each residue of n modulo ``len(texts)``."""

    texts: tuple[str, ...]


def _periodic(values: list[int], start: int, pre: int, period: int, saltus: int) -> Candidate:
    base = values[: pre + period]
    function = PeriodicSequence(start, tuple(base), pre, period, saltus)

    shape = Periodicity(preperiod=start + pre, period=period, certified=False, saltus=saltus)
    offsets = [base[pre + r] - (start + pre + r) for r in range(period)]
    from_n = start + pre
    if saltus == period and len(set(offsets)) <= 3 and period > 1:  # Lasker-like: n + c
        pieces: dict[int, list[int]] = {}
        for r, c in enumerate(offsets):
            pieces.setdefault(c, []).append((start + pre + r) % period)
        common = max(pieces, key=lambda c: len(pieces[c]))
        parts = [
            f"n ≡ {', '.join(map(str, rs))} (mod {period}): {_plus('n', c)}"
            for c, rs in pieces.items()
            if c != common
        ]
        text = "; ".join([*parts, f"else {_plus('n', common)}"])
        if from_n > start:
            text += f"  (n ≥ {from_n})"
        return Candidate(text, function, "arithmetic-periodic", 2 + 2 * period, shape, function)
    head = f"{_listed(values[:pre])}, then " if pre else ""
    if saltus:
        text = f"{head}G(n + {period}) = G(n) + {saltus} from n = {from_n}: {_listed(base[pre:])}"
        return Candidate(text, function, "arithmetic-periodic", 2 + pre + period, shape, function)
    text = f"{head}period {period}" + (f" from n = {from_n}" if pre else "")
    return Candidate(
        f"{text}: {_listed(base[pre:])}", function, "periodic", 1 + pre + period, shape, function
    )


def _plus(x: str, c: int) -> str:
    return x if c == 0 else f"{x} + {c}" if c > 0 else f"{x} - {-c}"


def halving_candidates(values: Sequence[int], start: int = 0, base: int = 2) -> list[Candidate]:
    """A recurrence on n // base: G(base·m + r) = φ_r(G(m)), or a constant, from some n0.

    The sequences whose value depends on the digits of n in base 2 (Lieges of Legendre
    for odd k: an even heap's value is mex{0, G(n/2)}). For each residue r of n mod
    `base`, the values from n0 on are a constant, or a map φ_r of G(n // base); n0 is
    the least index from which this holds, below which the values are listed.

    Examples
    --------
    >>> from grundy.patterns.one_dim import halving_candidates
    >>> from grundy.games import LiegesOfLegendre
    >>> c = halving_candidates(LiegesOfLegendre(3).table(range(64)))[0]
    >>> c.formula
    'G(2m + 1) = 0; G(2m) = 0→1, 1→2, 2→1 of G(m)  (n ≥ 5; before: 0 1 0 1 2)'
    >>> c.function(2**60), c.function(3 * 2**61)
    (2, 2)
    """
    count = len(values)
    if count < 8 * base:
        return []
    value = list(values)

    def rule_from(n0: int) -> list[dict[int, int] | int] | None:
        rules: list[dict[int, int] | int] = []
        for r in range(base):
            mapping: dict[int, int] | None = {}
            seen: set[int] = set()
            for n in range(max(n0, start), start + count):
                if n % base != r:
                    continue
                m = n // base
                if m < start or m == n:
                    return None
                g = value[n - start]
                seen.add(g)
                if mapping is not None and mapping.setdefault(value[m - start], g) != g:
                    mapping = None  # G(n) is not a function of G(n // base) here
            if len(seen) == 1:
                rules.append(seen.pop())
            elif mapping:
                rules.append(mapping)
            else:
                return None
        if all(isinstance(rule, int) for rule in rules):
            return None  # constants only: a period, which periodic_candidates reports
        return rules

    # The least n0 that works, among those leaving at least 3/4 of the table to check.
    for n0 in range(start, start + count // 4 + 1):
        rules = rule_from(n0)
        if rules is not None:
            break
    else:
        return []
    head = value[: max(0, n0 - start)]

    def function(n: int) -> int:
        residues = []
        while n >= n0:
            n, r = divmod(n, base)
            residues.append(r)
            if n < start:
                raise ValueError(f"{n} is below the first index {start}")
        g = value[n - start]
        for r in reversed(residues):
            rule = rules[r]
            g = rule if isinstance(rule, int) else rule[g]
        return g

    def piece(r: int, rule: dict[int, int] | int) -> str:
        lhs = f"G({base}m + {r})" if r else f"G({base}m)"
        if isinstance(rule, int):
            return f"{lhs} = {rule}"
        return f"{lhs} = {', '.join(f'{k}→{v}' for k, v in sorted(rule.items()))} of G(m)"

    pieces = sorted(enumerate(rules), key=lambda item: not isinstance(item[1], int))
    text = "; ".join(piece(r, rule) for r, rule in pieces)
    text += f"  (n ≥ {n0}; before: {_listed(head)})" if head else ""
    size = 2 + len(head) + sum(1 if isinstance(r, int) else 2 * len(r) for r in rules)
    # A map on values that never occur would make the function fail on a huge n: every
    # value the rules produce must be a key of every map.
    produced = set(head) | {g for r in rules for g in ([r] if isinstance(r, int) else r.values())}
    if any(isinstance(r, dict) and not produced <= r.keys() for r in rules):
        return []
    return [Candidate(text, function, "halving", size)]


#: Heap codes whose sequences a found sequence is compared with, shifted: name -> code.
#: Each has a period its theorem certifies within 1,024 values (computed in Python in
#: about 0.01 s, so a small search never loads numba).
KNOWN_SEQUENCES = {
    "Kayles (0.77)": "0.77",
    "Dawson's Kayles (0.07)": "0.07",
    "Dawson's chess (0.137)": "0.137",
    "Guiles (0.15)": "0.15",
}


def shifted_candidates(values: Sequence[int], start: int = 0) -> list[Candidate]:
    """The values of a known heap game shifted: G(n) = H(n + s), |s| <= 3.

    Compared with the codes of ``KNOWN_SEQUENCES`` that have a certified period, so
    that the function answers any n through it.

    Examples
    --------
    >>> from grundy.patterns.one_dim import shifted_candidates
    >>> from grundy.heaps import compute
    >>> dawson = compute("0.07", 60).values.tolist()
    >>> [c.formula for c in shifted_candidates(dawson[1:])]   # 0.137 is 0.07 shifted by one
    ["G(n) = Dawson's chess (0.137) at n", "G(n) = Dawson's Kayles (0.07) at n + 1"]
    """
    from ..heaps import find_period

    count = len(values)
    found = []
    for name, code in KNOWN_SEQUENCES.items():
        sequence = find_period(code, max_values=1 << 11)
        if not sequence.certified:
            continue
        for shift in range(-3, 4):
            lo = start + shift
            if lo < 0 or lo + count > sequence.upto + 1:
                continue
            if all(int(sequence.values[lo + i]) == values[i] for i in range(count)):

                def function(n: int, s: int = shift, seq: object = sequence) -> int:
                    return seq.value(n + s)  # type: ignore[attr-defined]

                text = f"G(n) = {name} at {_plus('n', shift)}"
                found.append(Candidate(text, function, "shifted", 3 + abs(shift)))
    return sorted(found, key=lambda c: c.size)


def with_exceptions(
    head: Sequence[int], start: int, function: Callable[..., int]
) -> Callable[..., int]:
    """The function that lists `head` (the values from `start`) and then follows `function`.

    Examples
    --------
    >>> from grundy.patterns.one_dim import with_exceptions
    >>> f = with_exceptions([0, 1, 2], 0, lambda n: (n + 1) % 2)
    >>> [f(n) for n in range(7)]
    [0, 1, 2, 0, 1, 0, 1]
    """
    listed = list(head)
    end = start + len(listed)

    def exceptional(n: int) -> int:
        return listed[n - start] if start <= n < end else function(n)

    return exceptional
