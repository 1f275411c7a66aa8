"""Surveys: the Grundy sequences of a whole family of heap games, one task per game.

A survey runs :func:`grundy.heaps.find_period` on every code of a family (``0.ddd``: every
octal code with up to three digits; ``subtraction:1..9``: every subtraction set drawn from
1..9; or a file of codes) on an :class:`~grundy.scale.Engine`, writes each result to a
JSON-lines file the moment it arrives, and skips the codes already in that file when run
again, so a killed survey resumes where it stopped. Each line carries a checksum of its
fields: a line that does not verify (edited or damaged) is refused, never trusted.
Workers of a local pool end when the survey's process dies, even by SIGKILL.

The families are read in :mod:`grundy.scale.families`, the results files written and
read back in :mod:`grundy.scale.results`.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.engines import Engine, LocalEngine, check_engine, make_engine
from ..core.errors import InvalidPositionError, PositionLimitError, SurveyError
from ..core.progress import Progress, exit_with_parent
from .families import DEFAULT_MAX_GAMES, expand_family, spelled_codes
from .results import ResultsFile, read_results, record_checksum, record_from_json, results_path

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "SurveyError",
    "SurveyResult",
    "SurveySummary",
    "expand_family",
    "survey",
    "survey_game",
    "summarize",
    "results_path",
    "DEFAULT_MAX_GAMES",
]

#: The file format, written in every record so a survey never mixes formats. Format 2
#: added the checksum of each record ("check"); a record of format 1 has none.
_FORMAT = 2
_HEX16 = re.compile(r"[0-9a-f]{16}")
#: Sequences equal after dropping up to this many leading values are "the same game, offset".
MAX_OFFSET = 8


@dataclass(frozen=True)
class SurveyResult:
    """What a survey keeps of one game.

    Attributes
    ----------
    code : str
        The game, as :func:`grundy.heaps.parse_code` reads it.
    upto : int
        The survey's N: `digest` covers G(0), ..., G(N).
    computed : int
        Values computed (fewer than N + 1 when a period was certified early).
    period, preperiod, saltus : int or None
        The shortest period seen (None if none), certified or not.
    certified : bool
        A periodicity theorem proves the period for every heap.
    rare_count, max_value : int
        Rare values of the best mask, and the largest value computed.
    digest : str
        SHA-256 (first 16 hex digits) of G(0..N) as 64-bit integers: equal digests, the
        same sequence. Certified sequences are extended to N by their period.
    offset_digest : str
        The digest of N + 1 - MAX_OFFSET values from the first non-zero one: equal for
        games whose sequences are the same up to an offset of a few heap sizes.
    seconds : float
        Compute time of the task.

    Examples
    --------
    >>> from grundy.scale import survey_game
    >>> kayles = survey_game("0.77", 500)
    >>> kayles.period, kayles.preperiod, kayles.certified, kayles.computed
    (12, 71, True, 501)
    """

    code: str
    upto: int
    computed: int
    period: int | None
    preperiod: int | None
    saltus: int
    certified: bool
    rare_count: int
    max_value: int
    digest: str
    offset_digest: str
    seconds: float = field(default=0.0, compare=False)

    @property
    def status(self) -> str:
        """``"certified"``, ``"periodic?"`` (a period is seen, not proved) or ``"open"``."""
        if self.certified:
            return "certified"
        return "periodic?" if self.period else "open"

    def to_json(self) -> dict[str, Any]:
        """The record written to the results file, with the checksum of its fields.

        Examples
        --------
        >>> from grundy.scale import SurveyResult, survey_game
        >>> record = survey_game("0.77", 100).to_json()
        >>> record["format"], len(record["check"])
        (2, 16)
        >>> SurveyResult.from_json({**record, "period": 6})
        Traceback (most recent call last):
        ...
        ValueError: the record of 0.77 does not match its checksum (edited or damaged)
        """
        record = {"format": _FORMAT, **asdict(self)}
        return {**record, "check": record_checksum(record)}

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> SurveyResult:
        """Read a record of :meth:`to_json` back, checked.

        Raises
        ------
        ValueError
            Another format, a field missing or of the wrong type or range, fields that
            contradict each other, or a checksum that does not match.
        """
        return record_from_json(cls, record, _FORMAT)

    def _problem(self) -> str | None:
        """What is wrong with the fields of a record read back, if anything."""
        from ..heaps import parse_code

        def count(value: object, least: int = 0) -> bool:
            return type(value) is int and value >= least

        if not isinstance(self.code, str) or str(parse_code(self.code)) != self.code:
            return "the code is not spelled as grundy spells it"
        if not (count(self.upto) and count(self.computed, 1) and self.computed <= self.upto + 1):
            return "upto and computed are not counts of values"
        if (self.period is None) != (self.preperiod is None) or (
            self.period is not None and not (count(self.period, 1) and count(self.preperiod))
        ):
            return "period and preperiod are not a period and where it starts"
        if type(self.saltus) is not int or type(self.certified) is not bool:
            return "saltus or certified has the wrong type"
        if self.certified and (self.period is None or self.saltus):
            return "a certified record without a plain period"
        if not (count(self.rare_count) and count(self.max_value)):
            return "rare_count and max_value are not counts"
        digests = (self.digest, self.offset_digest)
        if not all(isinstance(d, str) and _HEX16.fullmatch(d) for d in digests):
            return "a digest is not 16 hexadecimal digits"
        if isinstance(self.seconds, bool) or not isinstance(self.seconds, int | float):
            return "seconds is not a number"
        return None


@dataclass(frozen=True)
class SurveySummary:
    """Counts, the longest periods, the open games, and the games that are the same.

    Attributes
    ----------
    games, certified : int
        Games surveyed, and those with a certified period.
    distinct : int
        Distinct sequences among them (up to N).
    longest : tuple of SurveyResult
        The certified games with the longest periods (one per distinct sequence).
    open : tuple of SurveyResult
        The games not certified within N, in family order.
    same : tuple of tuple of str
        Groups of codes with the same sequence (two or more codes each), in family order.
    offset : tuple of tuple of str
        Groups of distinct sequences that agree after an offset of a few heap sizes
        (each group named by the first code of each sequence).

    Examples
    --------
    >>> from grundy.scale import survey, summarize
    >>> s = summarize(survey("0.d7", upto=1000, workers=1))
    >>> s.games, s.certified, s.distinct, [r.code for r in s.open]
    (8, 5, 8, ['0.37', '0.47', '0.67'])
    """

    games: int
    certified: int
    distinct: int
    longest: tuple[SurveyResult, ...]
    open: tuple[SurveyResult, ...]
    same: tuple[tuple[str, ...], ...]
    offset: tuple[tuple[str, ...], ...]

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``--json`` object."""
        return {
            "games": self.games,
            "certified": self.certified,
            "open": [r.code for r in self.open],
            "distinct": self.distinct,
            "longest_periods": [[r.code, r.preperiod, r.period] for r in self.longest],
            "same_sequence": [list(g) for g in self.same],
            "same_up_to_offset": [list(g) for g in self.offset],
        }


# --------------------------------------------------------------------- one game
def survey_game(code: str, upto: int) -> SurveyResult:
    """Survey one game: values up to `upto` at most, stopping once a period is certified.

    Examples
    --------
    >>> from grundy.scale import survey_game
    >>> survey_game("0.6", 2000).status          # Officers: still open
    'open'
    """
    import numpy as np

    from ..heaps import find_period

    began = time.perf_counter()
    # at_least: the digest covers G(0..N), so a period no theorem certifies does not
    # stop the values short of N
    sequence = find_period(code, max_values=upto + 1, at_least=upto + 1)
    values = sequence.values.astype(np.uint64)
    found = sequence.periodicity
    if found is not None and found.certified and len(values) < upto + 1:
        values = _extend(values, found.preperiod, found.period, found.saltus, upto + 1)
    nonzero = np.flatnonzero(values)
    first = min(int(nonzero[0]) if len(nonzero) else 0, MAX_OFFSET)
    return SurveyResult(
        code=str(sequence.code),
        upto=upto,
        computed=len(sequence.values),
        period=found.period if found else None,
        preperiod=found.preperiod if found else None,
        saltus=found.saltus if found else 0,
        certified=sequence.certified,
        rare_count=sequence.rare_count,
        max_value=int(sequence.values.max()),
        digest=_digest(values),
        offset_digest=_digest(values[first : first + max(len(values) - MAX_OFFSET, 1)]),
        seconds=round(time.perf_counter() - began, 6),
    )


def _extend(values: np.ndarray, preperiod: int, period: int, saltus: int, size: int) -> np.ndarray:
    """`values` continued to `size` by G(n + period) = G(n) + saltus."""
    import numpy as np

    n = np.arange(len(values), size, dtype=np.int64)
    base = preperiod + (n - preperiod) % period
    more = values[base] + np.uint64(saltus) * ((n - base) // period).astype(np.uint64)
    return np.concatenate([values, more])


def _digest(values: np.ndarray) -> str:
    import numpy as np

    data = np.ascontiguousarray(values, dtype="<u8").tobytes()
    return hashlib.sha256(data).hexdigest()[:16]


# --------------------------------------------------------------------- the survey
def survey(
    family: str | Iterable[str],
    upto: int,
    *,
    engine: str | Engine = "local",
    workers: int | None = None,
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    max_games: int = DEFAULT_MAX_GAMES,
    progress: bool = False,
    on_result: Callable[[SurveyResult], None] | None = None,
) -> list[SurveyResult]:
    """Survey every game of `family` with values up to `upto`; resumable.

    Parameters
    ----------
    family : str or iterable of str
        See :func:`expand_family`, or the codes themselves.
    upto : int
        N: each game is computed until its period is certified, or to G(N).
    engine : {"local", "ray"} or Engine
        Where the games run (one task each); see :func:`grundy.scale.make_engine`.
    workers, address :
        Passed to :func:`~grundy.scale.make_engine` when `engine` is a name.
    out : directory, optional
        Write results to ``out/<family>.upto-<N>.jsonl`` as they arrive; the codes already
        there are not computed again.
    max_games : int
        Refuse larger families.
    progress : bool
        A progress line on stderr.
    on_result : callable, optional
        Called with each new result as it arrives (in the order games finish).

    Returns
    -------
    list of SurveyResult
        One per game, in family order.

    Raises
    ------
    SurveyError, EngineError, InvalidPositionError, PositionLimitError

    Examples
    --------
    >>> from grundy.scale import survey
    >>> [r.period for r in survey(["0.77", "0.07", "0.137"], upto=600, workers=1)]
    [12, 34, 34]
    """
    if not isinstance(upto, int) or isinstance(upto, bool) or upto < 0:
        raise InvalidPositionError(f"upto {upto!r} is not a non-negative integer")
    from ..heaps.sequence import DEFAULT_MAX_VALUES

    if upto >= DEFAULT_MAX_VALUES:
        raise PositionLimitError(
            f"upto {upto:,} is beyond the {DEFAULT_MAX_VALUES:,} values a survey computes per game"
        )
    owned = not isinstance(engine, Engine)
    if not isinstance(engine, Engine):
        check_engine(engine, workers, address)  # before any file is read, even if all is done
    if isinstance(family, str):
        codes = expand_family(family, max_games)  # checked and spelled by the parser
        name = family
    else:
        codes = spelled_codes(family)
        name = "codes"
    path = results_path(out, name, upto) if out is not None else None
    done = read_results(path, upto, SurveyResult) if path else {}
    todo = [c for c in codes if c not in done]
    bar = Progress(progress)  # one status line: games done, new certified, time
    finished, certified = len(codes) - len(todo), 0
    if todo:
        runner = engine if isinstance(engine, Engine) else make_engine(engine, workers, address)
        # Workers of a local pool end when this process dies (even by SIGKILL), not
        # go on computing for nobody; Ray's workers belong to the cluster.
        parent = os.getpid() if isinstance(runner, LocalEngine) and runner.workers > 1 else None
        try:
            with ResultsFile(path) as sink:
                handles = [runner.submit(_survey_task, code, upto, parent) for code in todo]
                for _, result in runner.as_completed(handles):
                    done[result.code] = result
                    sink.write(result)
                    if on_result is not None:
                        on_result(result)
                    finished += 1
                    certified += result.certified
                    bar.status(
                        f"survey {name}: {finished:,}/{len(codes):,} games, "
                        f"{certified:,} new certified, {bar.elapsed():,.1f} s "
                    )
        finally:
            bar.close("\n")
            if owned:
                runner.close()
    return [done[c] for c in codes]


def _survey_task(code: str, upto: int, parent: int | None) -> SurveyResult:
    """Task: :func:`survey_game`, in a worker that ends if process `parent` dies."""
    exit_with_parent(parent)
    return survey_game(code, upto)


# --------------------------------------------------------------------- summary
def summarize(results: list[SurveyResult], longest: int = 10) -> SurveySummary:
    """Count, rank and group the results of a survey.

    Examples
    --------
    >>> from grundy.scale import survey, summarize
    >>> s = summarize(survey("0.ddd", upto=1024, workers=1))
    >>> s.games, s.certified, s.distinct
    (512, 283, 178)
    >>> s.longest[0].code, s.longest[0].period
    ('0.055', 148)
    """
    by_digest: dict[str, list[SurveyResult]] = defaultdict(list)
    for result in results:
        by_digest[result.digest].append(result)
    firsts = [group[0] for group in by_digest.values()]
    by_offset: dict[str, list[str]] = defaultdict(list)
    for first in firsts:
        by_offset[first.offset_digest].append(first.code)
    ranked = sorted(
        (r for r in firsts if r.certified), key=lambda r: (-(r.period or 0), -(r.preperiod or 0))
    )
    return SurveySummary(
        games=len(results),
        certified=sum(r.certified for r in results),
        distinct=len(by_digest),
        longest=tuple(ranked[:longest]),
        open=tuple(r for r in results if not r.certified),
        same=tuple(tuple(r.code for r in g) for g in by_digest.values() if len(g) > 1),
        offset=tuple(tuple(g) for g in by_offset.values() if len(g) > 1),
    )
