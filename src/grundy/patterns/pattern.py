"""The value objects of a pattern search: ``Region``, ``Status``, ``Pattern``, ``PatternReport``."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.errors import InvalidGameError
from ..core.integers import int_text
from ..display.tables import ValueGrid, ValueTable

__all__ = ["Region", "Status", "Pattern", "PatternReport"]

_BY_REGION = "piecewise-periodic"  # a rule by region: its JSON says where each region lies
#: Patterns a notebook lists (``PatternReport._repr_markdown_``); the report holds them all.
_LISTED = 5


def _markdown_text(text: str) -> str:
    """`text` with Markdown's special characters escaped (it is shown as it is)."""
    return "".join("\\" + c if c in "\\`*_[]<>|" else c for c in text)


@dataclass(frozen=True, slots=True)
class Region:
    """A box of indices: ``start[i] <= x_i < stop[i]`` for each variable.

    Examples
    --------
    >>> from grundy.patterns import Region
    >>> r = Region(("a", "b"), (0, 0), (64, 64))
    >>> str(r), (3, 70) in r, r.size
    ('0 ≤ a < 64, 0 ≤ b < 64', False, 4096)
    """

    variables: tuple[str, ...]
    start: tuple[int, ...]
    stop: tuple[int, ...]

    def __str__(self) -> str:
        return ", ".join(
            f"{lo} ≤ {v} < {hi}"
            for v, lo, hi in zip(self.variables, self.start, self.stop, strict=True)
        )

    def __contains__(self, indices: object) -> bool:
        if not isinstance(indices, tuple) or len(indices) != len(self.start):
            return False
        return all(lo <= x < hi for x, lo, hi in zip(indices, self.start, self.stop, strict=True))

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        """The indices in order of their largest coordinate, so any prefix is a box."""
        if len(self.start) == 1:
            yield from ((n,) for n in range(self.start[0], self.stop[0]))
            return
        import itertools

        ranges = [range(lo, hi) for lo, hi in zip(self.start, self.stop, strict=True)]
        yield from sorted(
            itertools.product(*ranges),
            key=lambda p: (max(x - lo for x, lo in zip(p, self.start, strict=True)), p),
        )

    @property
    def size(self) -> int:
        size = 1
        for lo, hi in zip(self.start, self.stop, strict=True):
            size *= max(0, hi - lo)
        return size

    def shrunk(self, extent: int) -> Region:
        """The box of the first `extent` indices along every variable (a checked prefix)."""
        return Region(
            self.variables,
            self.start,
            tuple(min(hi, lo + extent) for lo, hi in zip(self.start, self.stop, strict=True)),
        )


class Status(enum.Enum):
    """How sure a pattern is, strongest first.

    * ``PROVED``: a named theorem gives it for every position of the family;
    * ``VERIFIED``: at every position of its checked region, the formula's value is the
      mex of the formula's values at the position's options (the rules themselves
      checked, so by induction it is the SG value there);
    * ``FITS``: it reproduces the computed table, and no more is known (or the mex
      check failed, and the pattern says where).

    Examples
    --------
    >>> from grundy.patterns import Status
    >>> Status.VERIFIED.value
    'verified'
    """

    PROVED = "proved"
    VERIFIED = "verified"
    FITS = "fits the table"


@dataclass(frozen=True, eq=False)
class Pattern:
    """A formula for the SG values of a family of positions, with how sure it is.

    Call it with the indices: ``pattern(10**18)``, ``pattern(a, b)``.

    Attributes
    ----------
    formula : str
        The formula as people write it (``"a ^ b"``, ``"n % 4"``, ``"period 3: 0 1 2"``).
    function : callable
        The formula as a Python function of the indices, exact for ints of any size.
    variables : tuple of str
        The names of the indices (``("n",)``, ``("a", "b")``).
    kind : str
        ``"expression"``, ``"periodic"``, ``"arithmetic-periodic"``, ``"halving"``,
        ``"shifted"``, ``"parameter"``, ``"piecewise"`` (one expression a residue of n)
        or ``"piecewise-periodic"`` (two indices: regions around the diagonal, each
        periodic; `rule` is its ``PlanePeriodicity``).
    size : int
        How complex the formula is (expression nodes, or the values it stores); simpler
        patterns are listed first.
    region : Region
        Where it was compared with the computed values (it fits there).
    status : Status
    checked : Region or None
        Where the mex rule was checked and holds (``VERIFIED`` or ``PROVED``).
    theorem : str
        The theorem that proves it (``PROVED`` only).
    failure : str
        Where the mex check failed, when it did.
    note : str
        What else is known (the offsets a proof would need declared).
    rule : object
        The rule as data, when it has one (a ``PlanePeriodicity``): what ``emit_code``
        and the heat map's regions read.

    Examples
    --------
    >>> from grundy.patterns import find_patterns
    >>> from grundy.games import Bash
    >>> best = find_patterns(Bash(3), upto=40).best
    >>> best.formula, best.status.value, best(10**18)
    ('n % 4', 'proved', 0)
    """

    formula: str
    function: Callable[..., int] = field(repr=False)
    variables: tuple[str, ...]
    kind: str
    size: int
    region: Region
    status: Status = Status.FITS
    checked: Region | None = None
    theorem: str = ""
    failure: str = ""
    #: What else is known: the offsets a window proof would need, say.
    note: str = ""
    #: The rule as data when there is one (a ``PlanePeriodicity``), for code and plots.
    rule: Any = field(default=None, repr=False)

    def __call__(self, *indices: int) -> int:
        return self.function(*indices)

    def __repr__(self) -> str:
        return f"Pattern({self.formula!r}, {self.status.value}, region {self.region})"

    @property
    def conjectural(self) -> bool:
        """True unless a theorem proves the pattern for the whole family."""
        return self.status is not Status.PROVED

    def with_status(self, status: Status, **changes: Any) -> Pattern:
        """A copy with another status (and other fields changed)."""
        return replace(self, status=status, **changes)

    def describe(self) -> str:
        """One line: the formula, its status, and where it was checked.

        Examples
        --------
        >>> from grundy.patterns import find_patterns
        >>> from grundy.games import Nim
        >>> print(find_patterns(Nim(), dims=2, upto=16).best.describe())
        G(a, b) = a ^ b   proved (Bouton's theorem); mex rule checked on 0 ≤ a < 16, 0 ≤ b < 16
        """
        head = f"G({', '.join(self.variables)}) = {self.formula}"
        if self.formula.startswith("G("):  # a recurrence states its own left-hand sides
            head = self.formula
        elif self.kind == _BY_REGION:
            head = f"G({', '.join(self.variables)}) by region: {self.formula}"
        if self.status is Status.PROVED:
            how = f"proved ({self.theorem})"
        elif self.status is Status.VERIFIED:
            how = "verified"
        else:
            how = "fits the table"
        if self.checked is not None:
            how += f"; mex rule checked on {self.checked}"
        else:
            how += f" on {self.region}"
        if self.failure:
            how += f"; {self.failure}"
        if self.note:
            how += f"; {self.note}"
        return f"{head}   {how}"

    def to_json(self) -> dict[str, Any]:
        """The pattern as JSON (the keys of ``grundy pattern --json``)."""
        return {
            "formula": self.formula,
            "variables": list(self.variables),
            "kind": self.kind,
            "size": self.size,
            "status": self.status.value,
            "region": str(self.region),
            "checked": str(self.checked) if self.checked is not None else None,
            "theorem": self.theorem or None,
            "failure": self.failure or None,
            "note": self.note or None,
            **({"regions": self.rule.regions_json(self.region)} if self.kind == _BY_REGION else {}),
        }


@dataclass(frozen=True, eq=False)
class PatternReport:
    """What a pattern search found: patterns simplest first, and what was searched.

    Attributes
    ----------
    game : str
        The game searched.
    region : Region
        The indices whose values were computed.
    values : tuple
        The computed values (a tuple of ints in one dimension, of rows in two).
    patterns : tuple of Pattern
        Simplest (and strongest) first; empty when nothing fits.
    p_positions : tuple
        Two dimensions: ``PPositionPattern`` descriptions of the P-positions.
    p_checks : tuple of str
        For each of `p_positions`, how it fared against the rules ("verified on …").
    rows : tuple
        Two dimensions: the rows that are eventually additively periodic.
    searched : str
        The space searched, in words.
    gave_up : str
        Why the search stopped early ("" when it searched all it meant to).

    Examples
    --------
    >>> from grundy.patterns import find_patterns
    >>> from grundy.games import GrundysGame
    >>> report = find_patterns(GrundysGame(), upto=60, max_candidates=3000)
    >>> report.patterns, report.message()[:20]
    ((), 'no pattern found in ')
    """

    game: str
    region: Region
    values: tuple[Any, ...]
    patterns: tuple[Pattern, ...]
    searched: str
    gave_up: str = ""
    p_positions: tuple[Any, ...] = ()
    #: How each P-position rule fared against the rules (parallel to `p_positions`).
    p_checks: tuple[str, ...] = ()
    rows: tuple[Any, ...] = ()

    @property
    def best(self) -> Pattern | None:
        """The first pattern (strongest status, then simplest), or None."""
        return self.patterns[0] if self.patterns else None

    def p_status(self) -> tuple[str, ...]:
        """How each P-position rule fared against the rules ("fits the table" if unchecked)."""
        unchecked = ("fits the table",) * (len(self.p_positions) - len(self.p_checks))
        return self.p_checks[: len(self.p_positions)] + unchecked

    def message(self) -> str:
        """The outcome in one line: the best pattern, or that none was found and where."""
        if self.patterns:
            return self.patterns[0].describe()
        text = f"no pattern found in the searched space ({self.searched}; region {self.region})"
        if self.gave_up:
            text += f"; {self.gave_up}"
        return text

    def table(self) -> ValueTable | ValueGrid:
        """The computed values as a table a notebook shows: a
        :class:`~grundy.display.ValueTable` in one dimension, a
        :class:`~grundy.display.ValueGrid` in two (``.heatmap()`` draws it).

        Raises
        ------
        InvalidGameError
            Three indices: no table shows them.

        Examples
        --------
        >>> from grundy.patterns import find_patterns
        >>> from grundy.games import Nim
        >>> grid = find_patterns(Nim(), dims=2, upto=8).table()
        >>> grid, grid.value(3, 5)
        (ValueGrid('Nim()', a in 0..7, b in 0..7), 6)
        """
        start, stop = self.region.start, self.region.stop
        if len(start) == 1:
            return ValueTable(self.values, start=start[0], title=self.game)
        if len(start) == 2:
            return ValueGrid(
                tuple(tuple(row) for row in self.values),
                tuple(range(start[0], stop[0])),
                tuple(range(start[1], stop[1])),
                variables=(self.region.variables[0], self.region.variables[1]),
                title=self.game,
            )
        raise InvalidGameError(f"{self.game}: values of {len(start)} indices have no table")

    def _repr_markdown_(self) -> str:
        """The report for a notebook (IPython's display protocol): the best patterns with
        what proves or checks them, the P-position rules, or why nothing was found.

        Examples
        --------
        >>> from grundy.patterns import find_patterns
        >>> from grundy.games import Bash
        >>> print(find_patterns(Bash(3), upto=40)._repr_markdown_())  # doctest: +ELLIPSIS
        **Bash(m=3)**: values on 0 ≤ n \\< 40
        <BLANKLINE>
        - `G(n) = n % 4`: proved (Bash: n mod (m + 1), ...
        """
        lines = [
            f"**{_markdown_text(self.game)}**: values on {_markdown_text(str(self.region))}",
            "",
        ]
        if not self.patterns:
            lines.append(_markdown_text(self.message()))
        for pattern in self.patterns[:_LISTED]:
            head, _, how = pattern.describe().partition("   ")
            lines.append(f"- `{head}`: {_markdown_text(how)}")
        if len(self.patterns) > _LISTED:
            lines.append(f"- … and {len(self.patterns) - _LISTED} more (`.patterns`)")
        for rule, status in zip(self.p_positions, self.p_status(), strict=True):
            lines.append(f"- P-positions: `{rule.text}`: {_markdown_text(status)}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON (the keys of ``grundy pattern --json``)."""

        def cell(v: Any) -> Any:
            if isinstance(v, tuple):
                return [cell(x) for x in v]
            return v if abs(v) < 2**53 else int_text(v)

        return {
            "game": self.game,
            "variables": list(self.region.variables),
            "region": str(self.region),
            "start": list(self.region.start),
            "values": cell(self.values),
            "patterns": [p.to_json() for p in self.patterns],
            "p_positions": [
                {"kind": p.kind, "text": p.text, "status": status}
                for p, status in zip(self.p_positions, self.p_status(), strict=True)
            ],
            "rows": [{"axis": r.axis, "index": r.index, "text": r.text} for r in self.rows],
            "searched": self.searched,
            "gave_up": self.gave_up or None,
            "message": self.message(),
        }
