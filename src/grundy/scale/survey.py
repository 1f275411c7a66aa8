"""Surveys: the Grundy sequences of a whole family of heap games, one task per game.

A survey runs :func:`grundy.heaps.find_period` on every code of a family (``0.ddd``: every
octal code with up to three digits; ``subtraction:1..9``: every subtraction set drawn from
1..9; or a file of codes) on an :class:`~grundy.scale.Engine`, writes each result to a
JSON-lines file the moment it arrives, and skips the codes already in that file when run
again, so a killed survey resumes where it stopped. Each line carries a checksum of its
fields: a line that does not verify (edited or damaged) is refused, never trusted.
Workers of a local pool end when the survey's process dies, even by SIGKILL.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import IO, TYPE_CHECKING, Any, Protocol, Self, TypeVar

from ..core.engines import Engine, LocalEngine, check_engine, make_engine
from ..core.errors import GrundyError, InvalidPositionError, PositionLimitError, SurveyError
from ..core.progress import Progress, exit_with_parent

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

#: A family with more games than this is refused unless `max_games` is raised.
DEFAULT_MAX_GAMES = 100_000
#: The file format, written in every record so a survey never mixes formats. Format 2
#: added the checksum of each record ("check"); a record of format 1 has none.
_FORMAT = 2
_HEX16 = re.compile(r"[0-9a-f]{16}")
#: Sequences equal after dropping up to this many leading values are "the same game, offset".
MAX_OFFSET = 8

_PATTERN = re.compile(r"^([0-7d])\.([0-7d]+)$")
_RANGE = re.compile(r"^(subtraction|allbut):(\d+)\.\.(\d+)$")


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
        return {**record, "check": _record_check(record)}

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> SurveyResult:
        """Read a record of :meth:`to_json` back, checked.

        Raises
        ------
        ValueError
            Another format, a field missing or of the wrong type or range, fields that
            contradict each other, or a checksum that does not match.
        """
        return _read_record(cls, record, _FORMAT)

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


def _read_record(cls: Any, record: Any, form: object, tuples: tuple[str, ...] = ()) -> Any:
    """A results record read back as a `cls`: its format and checksum checked, the fields
    named in `tuples` made tuples (JSON lists), and the object's own ``_problem()``."""
    if not isinstance(record, dict):
        raise ValueError("not a JSON object")
    record = dict(record)
    if record.get("format") != form:
        raise ValueError(f"format {record.get('format')!r}, not {form!r}")
    check = record.pop("check", None)
    code = record.get("code")
    if check != _record_check(record):
        raise ValueError(f"the record of {code} does not match its checksum (edited or damaged)")
    record.pop("format")
    for name in tuples:
        if isinstance(record.get(name), list):
            record[name] = tuple(record[name])
    try:
        result = cls(**record)
    except TypeError as exc:  # a field missing, or one too many
        raise ValueError(f"the record of {code}: {exc}") from None
    problem = result._problem()
    if problem:
        raise ValueError(f"the record of {code}: {problem}")
    return result


def _record_check(record: dict[str, Any]) -> str:
    """SHA-256 (first 16 hex digits) of a record's fields, in a fixed spelling."""
    text = json.dumps(record, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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


# --------------------------------------------------------------------- families
def expand_family(family: str, max_games: int = DEFAULT_MAX_GAMES) -> list[str]:
    """The codes of a family, in a fixed order.

    Parameters
    ----------
    family : str
        - an octal pattern, ``d`` standing for any digit 0-7: ``0.ddd`` is every code with
          up to three digits (trailing zeros dropped: ``0.120`` is ``0.12``), ``4.dd``,
          ``0.d7``;
        - ``subtraction:A..B`` or ``allbut:A..B``: every non-empty set drawn from A..B;
        - the path of a text file with one code per line (``#`` starts a comment).
    max_games : int
        Refuse a larger family.

    Raises
    ------
    SurveyError
        Not a pattern or a readable file, a code in the file that is not a game, or more
        than `max_games` games.

    Examples
    --------
    >>> from grundy.scale import expand_family
    >>> expand_family("0.d7")
    ['0.07', '0.17', '0.27', '0.37', '0.47', '0.57', '0.67', '0.77']
    >>> len(expand_family("0.ddd")), expand_family("0.ddd")[:3]
    (512, ['0.0', '0.001', '0.002'])
    >>> expand_family("subtraction:1..3")
    ['subtraction:1', 'subtraction:2', 'subtraction:1,2', 'subtraction:3', 'subtraction:1,3', \
'subtraction:2,3', 'subtraction:1,2,3']
    """
    if not isinstance(family, str) or not family.strip():
        raise SurveyError(
            f"family {family!r} is empty: give a pattern such as 0.ddd, "
            "subtraction:1..9, or a file of codes"
        )
    family = family.strip()
    if (match := _PATTERN.match(family)) is not None:
        codes = _octal_pattern(match.group(1), match.group(2), max_games)
    elif (match := _RANGE.match(family)) is not None:
        codes = _subsets(match.group(1), int(match.group(2)), int(match.group(3)), max_games)
    elif os.path.isfile(family):
        codes = _read_codes(family)
    else:
        raise SurveyError(
            f"family {family!r} is not a pattern (0.ddd, 4.dd, subtraction:1..9, allbut:1..6) "
            "or a file of codes"
        )
    from ..heaps import parse_code

    for code in codes:  # a pattern may reach past what the parser takes (3.7, subtraction:5000)
        try:
            parse_code(code)
        except GrundyError as exc:
            raise SurveyError(
                f"family {family!r} holds {code!r}, which is not a game: {exc}"
            ) from None
    if len(codes) > max_games:
        raise SurveyError(
            f"family {family!r} has {len(codes):,} games, more than max_games={max_games:,}"
        )
    if not codes:
        raise SurveyError(f"family {family!r} has no games")
    return codes


def _octal_pattern(head: str, digits: str, max_games: int) -> list[str]:
    count = 8 ** (digits.count("d") + (head == "d"))
    if count > max_games:
        raise SurveyError(
            f"pattern {head}.{digits} has {count:,} games, more than max_games={max_games:,}"
        )
    choices = [("01234567" if c == "d" else c) for c in head + digits]
    codes: dict[str, None] = {}
    for pick in itertools.product(*choices):
        if head == "d" and pick[0] not in "04":  # d0 may only split a heap in two (bit 4)
            continue
        codes.setdefault(f"{pick[0]}.{''.join(pick[1:]).rstrip('0') or '0'}")
    return list(codes)


def _subsets(kind: str, low: int, high: int, max_games: int) -> list[str]:
    if not 1 <= low <= high:
        raise SurveyError(f"range {low}..{high} is empty or starts below 1")
    size = high - low + 1
    if size > 62 or (1 << size) - 1 > max_games:
        raise SurveyError(
            f"{kind}:{low}..{high} has 2^{size} - 1 sets, more than max_games={max_games:,}"
        )
    return [
        f"{kind}:" + ",".join(str(low + i) for i in range(size) if mask >> i & 1)
        for mask in range(1, 1 << size)
    ]


def _read_codes(path: str) -> list[str]:
    from ..heaps import parse_code

    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise SurveyError(f"cannot read family file {path!r}: {exc}") from None
    codes: dict[str, None] = {}
    for number, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            codes.setdefault(str(parse_code(text)))
        except GrundyError as exc:
            raise SurveyError(f"{path}, line {number}: {exc}") from None
    return list(codes)


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
def results_path(out: str | os.PathLike[str], family: str, upto: int) -> str:
    """The results file of a survey in directory `out` (the same for the same command).

    Examples
    --------
    >>> from grundy.scale.survey import results_path
    >>> results_path("runs", "0.ddd", 4096)
    'runs/0.ddd.upto-4096.jsonl'
    """
    name = os.path.basename(family) if os.path.isfile(family) else family
    slug = re.sub(r"[^A-Za-z0-9.,:_-]+", "_", name).replace(":", "-") or "family"
    return os.path.join(os.fspath(out), f"{slug}.upto-{upto}.jsonl")


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
        codes = _spelled(family)
        name = "codes"
    path = results_path(out, name, upto) if out is not None else None
    done = _read_results(path, upto, SurveyResult) if path else {}
    todo = [c for c in codes if c not in done]
    bar = Progress(progress)  # one status line: games done, new certified, time
    finished, certified = len(codes) - len(todo), 0
    if todo:
        runner = engine if isinstance(engine, Engine) else make_engine(engine, workers, address)
        # Workers of a local pool end when this process dies (even by SIGKILL), not
        # go on computing for nobody; Ray's workers belong to the cluster.
        parent = os.getpid() if isinstance(runner, LocalEngine) and runner.workers > 1 else None
        try:
            with _ResultsFile(path) as sink:
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


def _spelled(codes: Iterable[str]) -> list[str]:
    """Every code parsed before any task starts, as the parser spells it (0.70 is 0.7)."""
    from ..heaps import parse_code

    return list(dict.fromkeys(str(parse_code(code)) for code in codes))


class _Record(Protocol):
    """A result written one JSON line each: a survey's, or a misère census's."""

    @property
    def code(self) -> str: ...

    @property
    def upto(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Self: ...


_R = TypeVar("_R", bound=_Record)


def _read_results(path: str, upto: int, kind: type[_R]) -> dict[str, _R]:
    """The results of class `kind` already in `path` (a last line cut short by a kill is
    dropped)."""
    if not os.path.exists(path):
        return {}
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except (OSError, UnicodeDecodeError) as exc:
        raise SurveyError(f"cannot read results {path!r}: {exc}") from None
    found: dict[str, _R] = {}
    complete = lines[:-1]  # text after the last newline was being written when killed
    for number, line in enumerate(complete, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise SurveyError(f"{path}, line {number} is not a survey result ({exc})") from None
        if isinstance(record, dict) and record.get("format") == 1:
            raise SurveyError(
                f"{path}, line {number} was written by an older grundy, without a checksum: "
                "delete the file (or use another --out) to run the survey again"
            )
        try:
            result = kind.from_json(record)
        except (ValueError, TypeError, GrundyError) as exc:
            raise SurveyError(
                f"{path}, line {number} is not a survey result ({exc}); delete the line to "
                "compute that game again"
            ) from None
        if result.upto != upto:
            raise SurveyError(f"{path} holds a survey up to {result.upto}, not {upto}")
        found[result.code] = result
    if lines[-1]:
        with open(path, "w", encoding="utf-8") as f:  # drop the partial line for good
            f.write("".join(line + "\n" for line in complete))
    return found


class _ResultsFile:
    """Append results to a JSON-lines file, one flushed line each (or nowhere)."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.file: IO[str] | None = None

    def __enter__(self) -> _ResultsFile:
        if self.path is not None:
            try:
                os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
                self.file = open(self.path, "a", encoding="utf-8")
            except OSError as exc:
                raise SurveyError(f"cannot write results {self.path!r}: {exc}") from None
        return self

    def write(self, result: _Record) -> None:
        if self.file is not None:
            self.file.write(json.dumps(result.to_json()) + "\n")
            self.file.flush()

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()


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
