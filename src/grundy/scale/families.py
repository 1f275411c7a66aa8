"""The families a survey covers: octal patterns, ranges of subtraction sets, files of codes."""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterable

from ..core.errors import GrundyError, SurveyError

__all__ = ["DEFAULT_MAX_GAMES", "expand_family", "spelled_codes"]

#: A family with more games than this is refused unless `max_games` is raised.
DEFAULT_MAX_GAMES = 100_000

_PATTERN = re.compile(r"^([0-7d])\.([0-7d]+)$")
_RANGE = re.compile(r"^(subtraction|allbut):(\d+)\.\.(\d+)$")


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


def spelled_codes(codes: Iterable[str]) -> list[str]:
    """Every code parsed before any task starts, as the parser spells it (0.70 is 0.7),
    each once, in the order given.

    Raises
    ------
    InvalidCodeError
        A code that is not a game.

    Examples
    --------
    >>> from grundy.scale.families import spelled_codes
    >>> spelled_codes(["0.70", "0.7", "4.0", "subtraction:3,1"])
    ['0.7', '4.0', 'subtraction:1,3']
    """
    from ..heaps import parse_code

    return list(dict.fromkeys(str(parse_code(code)) for code in codes))
