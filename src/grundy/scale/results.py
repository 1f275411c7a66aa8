"""Results files: one checksummed JSON line per game, read back checked when a run resumes."""

from __future__ import annotations

import hashlib
import json
import os
import re
from typing import IO, Any, Protocol, Self, TypeVar

from ..core.errors import GrundyError, SurveyError

__all__ = [
    "results_path",
    "record_from_json",
    "record_checksum",
    "read_results",
    "ResultsFile",
]


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


def record_from_json(cls: Any, record: Any, form: object, tuples: tuple[str, ...] = ()) -> Any:
    """A results record read back as a `cls`: its format and checksum checked, the fields
    named in `tuples` made tuples (JSON lists), and the object's own ``_problem()``.

    Raises
    ------
    ValueError
        Not a JSON object, another format than `form`, a checksum that does not match,
        a field missing or one too many, or a problem the object finds in its fields.

    Examples
    --------
    >>> from grundy.scale import SurveyResult, survey_game
    >>> from grundy.scale.results import record_from_json
    >>> result = survey_game("0.07", 100)
    >>> record_from_json(SurveyResult, result.to_json(), 2) == result
    True
    >>> record_from_json(SurveyResult, result.to_json(), 3)
    Traceback (most recent call last):
    ...
    ValueError: format 2, not 3
    """
    if not isinstance(record, dict):
        raise ValueError("not a JSON object")
    record = dict(record)
    if record.get("format") != form:
        raise ValueError(f"format {record.get('format')!r}, not {form!r}")
    check = record.pop("check", None)
    code = record.get("code")
    if check != record_checksum(record):
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


def record_checksum(record: dict[str, Any]) -> str:
    """SHA-256 (first 16 hex digits) of a record's fields, in a fixed spelling.

    Examples
    --------
    >>> from grundy.scale.results import record_checksum
    >>> record_checksum({"code": "0.07", "upto": 10})
    'aa443f2cbaa8ca8d'
    >>> record_checksum({"upto": 10, "code": "0.07"})  # the same fields in any order
    'aa443f2cbaa8ca8d'
    """
    text = json.dumps(record, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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


def read_results(path: str, upto: int, kind: type[_R]) -> dict[str, _R]:
    """The results of class `kind` already in `path` (a last line cut short by a kill is
    dropped), by code.

    Raises
    ------
    SurveyError
        The file cannot be read, a line is not a result (or does not verify), or a result
        is of another `upto`.

    Examples
    --------
    >>> import os, tempfile
    >>> from grundy.scale import SurveyResult, survey_game
    >>> from grundy.scale.results import ResultsFile, read_results
    >>> path = os.path.join(tempfile.mkdtemp(), "runs.jsonl")
    >>> read_results(path, 100, SurveyResult)  # no file yet
    {}
    >>> with ResultsFile(path) as sink:
    ...     sink.write(survey_game("0.07", 100))
    >>> list(read_results(path, 100, SurveyResult))
    ['0.07']
    """
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


class ResultsFile:
    """Append results to a JSON-lines file, one flushed line each (or nowhere, for a
    `path` of None).

    Examples
    --------
    >>> import os, tempfile
    >>> from grundy.scale import survey_game
    >>> from grundy.scale.results import ResultsFile
    >>> path = os.path.join(tempfile.mkdtemp(), "runs.jsonl")
    >>> with ResultsFile(path) as sink:
    ...     sink.write(survey_game("0.07", 100))
    >>> with open(path) as f:
    ...     f.read().count("\\n")
    1
    >>> with ResultsFile(None) as sink:  # written nowhere
    ...     sink.write(survey_game("0.07", 100))
    """

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.file: IO[str] | None = None

    def __enter__(self) -> ResultsFile:
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
