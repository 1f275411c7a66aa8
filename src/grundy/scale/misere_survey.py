"""A misère census: the misère quotients of every game of a family, one task per game.

:func:`misere_survey` computes the Plambeck–Siegel misère quotient of each heap game of a
family (``0.ddd``, ``subtraction:1..6``, a file of codes: see
:func:`grundy.scale.expand_family`) up to a heap bound, on an
:class:`~grundy.scale.Engine`, and :func:`summarize_misere` makes the table MisereSolver's
users made by hand: how many games have each order, which are tame, the wild ones with
their presentations, and the games stopped at a limit. Like a normal-play survey it writes
each result to a JSON-lines file as it arrives (``<family>.misere.upto-<N>.jsonl``, never
the survey's file), each line with a checksum, and a rerun reads the games done back.

A game that passes a limit at heap k keeps its quotient of the heaps up to k - 1: the
census reports how far it got (`reached`) and why it stopped (`limit`).
"""

from __future__ import annotations

import os
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.engines import Engine, LocalEngine, check_engine, make_engine
from ..core.errors import InvalidPositionError, SurveyError
from ..core.progress import Progress, exit_with_parent
from .families import DEFAULT_MAX_GAMES, expand_family, spelled_codes
from .results import ResultsFile, read_results, record_checksum, record_from_json, results_path

__all__ = [
    "CENSUS_MAX_WORK",
    "MisereSurveyResult",
    "MisereSurveySummary",
    "misere_results_path",
    "misere_survey",
    "misere_survey_game",
    "summarize_misere",
    "census_lines",
    "short_presentation",
]

#: The steps of :func:`grundy.misere.misere_quotient` a census allows each game (its own
#: default is 10^8). Measured on 0.ddd to heap 16 with 2 workers: most games finish in
#: milliseconds, one that reaches the limit stops after 1 to 5 s.
CENSUS_MAX_WORK = 1_000_000
#: Written in every record, so that a census file and a survey file never mix.
_FORMAT = "misere census 1"


@dataclass(frozen=True)
class MisereSurveyResult:
    """What a misère census keeps of one game: its quotient, or how far it got.

    Attributes
    ----------
    code : str
        The game, as :func:`grundy.heaps.parse_code` spells it.
    upto : int
        The heap bound asked for.
    reached : int
        The largest heap whose quotient was found: `upto`, less when a certified period
        made the rest unnecessary (then `periodic`) or when a limit stopped it (`limit`).
    order, p_count : int
        |Q| and the size of its P-portion, for the heaps up to `reached`.
    tame : bool
        The quotient is that of misère Nim on some heaps (:attr:`MisereQuotient.is_tame`).
    periodic : bool
        The pretending function is proved periodic from `preperiod` with `period`: the
        quotient is that of the whole game, heaps of any size.
    preperiod, period : int or None
        Set when `periodic`.
    generators : tuple of int
        The heap of each generator.
    presentation : str
        ``<a, b | a^2 = 1, b^3 = b>``.
    p_words : tuple of str
        The P-portion as normal-form words.
    max_work : int
        The limit on the steps of :func:`~grundy.misere.misere_quotient`.
    limit : str or None
        Why the game stopped before `upto` (the limit's message), or None.
    seconds : float
        Compute time of the task.

    Examples
    --------
    >>> from grundy.scale import misere_survey_game
    >>> r = misere_survey_game("0.07", 10)          # Dawson's Kayles
    >>> r.order, r.p_count, r.tame, r.generators, r.limit
    (12, 3, False, (2, 4, 10), None)
    """

    code: str
    upto: int
    reached: int
    order: int
    p_count: int
    tame: bool
    periodic: bool
    preperiod: int | None
    period: int | None
    generators: tuple[int, ...]
    presentation: str
    p_words: tuple[str, ...]
    max_work: int
    limit: str | None = None
    seconds: float = field(default=0.0, compare=False)

    @property
    def complete(self) -> bool:
        """True unless a limit stopped the game before `upto`."""
        return self.limit is None

    def to_json(self) -> dict[str, Any]:
        """The record written to the results file, with the checksum of its fields.

        Examples
        --------
        >>> from grundy.scale import MisereSurveyResult, misere_survey_game
        >>> record = misere_survey_game("0.77", 8).to_json()
        >>> record["format"], record["order"], len(record["check"])
        ('misere census 1', 12, 16)
        >>> MisereSurveyResult.from_json({**record, "order": 6})
        Traceback (most recent call last):
        ...
        ValueError: the record of 0.77 does not match its checksum (edited or damaged)
        """
        record = {"format": _FORMAT, **asdict(self)}
        return {**record, "check": record_checksum(record)}

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> MisereSurveyResult:
        """Read a record of :meth:`to_json` back, checked.

        Raises
        ------
        ValueError
            Another format, a field missing or of the wrong type, fields that contradict
            each other, or a checksum that does not match.
        """
        return record_from_json(cls, record, _FORMAT, ("generators", "p_words"))  # type: ignore[no-any-return]

    def _problem(self) -> str | None:
        """What is wrong with the fields of a record read back, if anything."""
        from ..heaps import parse_code

        def count(value: object, least: int = 0) -> bool:
            return type(value) is int and value >= least

        if not isinstance(self.code, str) or str(parse_code(self.code)) != self.code:
            return "the code is not spelled as grundy spells it"
        if not (count(self.upto) and count(self.reached) and self.reached <= self.upto):
            return "upto and reached are not heaps, reached <= upto"
        if not (count(self.order, 1) and count(self.p_count) and self.p_count < self.order):
            return "order and p_count are not sizes of a quotient and its P-portion"
        if type(self.tame) is not bool or type(self.periodic) is not bool:
            return "tame or periodic is not a bool"
        if self.periodic != (self.period is not None) or (self.period is None) != (
            self.preperiod is None
        ):
            return "period and preperiod are not set exactly when periodic"
        if self.periodic and not (count(self.period, 1) and count(self.preperiod)):
            return "period and preperiod are not a period and where it starts"
        if not all(count(h, 1) and h <= self.reached for h in self.generators):
            return "a generator is not a heap up to reached"
        if not (isinstance(self.presentation, str) and self.presentation.startswith("<")):
            return "the presentation is not <generators | relations>"
        if len(self.p_words) != self.p_count or not all(isinstance(w, str) for w in self.p_words):
            return "p_words are not the p_count words of the P-portion"
        if not count(self.max_work, 1):
            return "max_work is not a positive count"
        if self.limit is not None and (not isinstance(self.limit, str) or self.periodic):
            return "limit is not the reason a game without a proved period stopped"
        if (self.limit is None) == (self.reached < self.upto and not self.periodic):
            return "reached and limit disagree"
        if isinstance(self.seconds, bool) or not isinstance(self.seconds, int | float):
            return "seconds is not a number"
        return None


# --------------------------------------------------------------------- one game
def misere_survey_game(
    code: str, upto: int, *, max_work: int = CENSUS_MAX_WORK
) -> MisereSurveyResult:
    """The misère quotient of one game to heap `upto`, or as far as `max_work` allows.

    Parameters
    ----------
    code : str
        A heap game :func:`grundy.misere.misere_quotient` takes: ``"0.77"``,
        ``"subtraction:1,3"``, ``"nim"``...
    upto : int
        The largest heap.
    max_work : int
        The steps allowed (see :func:`~grundy.misere.misere_quotient`).

    Returns
    -------
    MisereSurveyResult
        The quotient of the heaps up to `upto`; when a limit stopped the game at heap k,
        the quotient of the heaps up to k - 1 (`reached`) and the limit's message.

    Raises
    ------
    InvalidCodeError
        A code that is not a heap game.

    Examples
    --------
    >>> from grundy.scale import misere_survey_game
    >>> r = misere_survey_game("0.774", 12)       # its heap 10 needs more steps
    >>> r.reached, r.order, r.limit
    (9, 12, 'more than 1,000,000 steps; raise max_work')

    Notes
    -----
    Heap by heap as :func:`~grundy.misere.misere_quotient` (the same builder, limits
    and periodicity check), so the quotient is the one it gives, and the heaps done
    before a limit are kept rather than computed again with a smaller bound.
    """
    from ..misere.quotient import misere_quotient_within

    began = time.perf_counter()
    quotient, limit = misere_quotient_within(code, upto, max_work=max_work)
    if limit is not None:
        limit = limit.removeprefix(f"misère quotient of {quotient.code}: ")
    periodicity = quotient.periodicity
    return MisereSurveyResult(
        code=quotient.code,
        upto=upto,
        reached=quotient.upto,
        order=quotient.order,
        p_count=len(quotient.p_portion),
        tame=quotient.is_tame,
        periodic=periodicity is not None,
        preperiod=periodicity.preperiod if periodicity else None,
        period=periodicity.period if periodicity else None,
        generators=quotient.generators,
        presentation=quotient.presentation,
        p_words=quotient.p_words,
        max_work=max_work,
        limit=limit,
        seconds=round(time.perf_counter() - began, 6),
    )


# --------------------------------------------------------------------- the census
def misere_results_path(out: str | os.PathLike[str], family: str, upto: int) -> str:
    """The results file of a misère census in directory `out` (never a survey's file).

    Examples
    --------
    >>> from grundy.scale import misere_results_path
    >>> misere_results_path("runs", "0.ddd", 16)
    'runs/0.ddd.misere.upto-16.jsonl'
    """
    normal = results_path(out, family, upto)
    return normal.removesuffix(f".upto-{upto}.jsonl") + f".misere.upto-{upto}.jsonl"


def misere_survey(
    family: str | Iterable[str],
    upto: int,
    *,
    engine: str | Engine = "local",
    workers: int | None = None,
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    max_games: int = DEFAULT_MAX_GAMES,
    max_work: int = CENSUS_MAX_WORK,
    progress: bool = False,
    on_result: Callable[[MisereSurveyResult], None] | None = None,
) -> list[MisereSurveyResult]:
    """The misère quotient of every game of `family` to heap `upto`; resumable.

    Parameters
    ----------
    family : str or iterable of str
        See :func:`~grundy.scale.expand_family`, or the codes themselves.
    upto : int
        The largest heap of each quotient.
    engine : {"local", "ray"} or Engine
        Where the games run (one task each); see :func:`grundy.scale.make_engine`.
    workers, address :
        Passed to :func:`~grundy.scale.make_engine` when `engine` is a name.
    out : directory, optional
        Write results to ``out/<family>.misere.upto-<N>.jsonl`` as they arrive; the codes
        already there are not computed again.
    max_games : int
        Refuse larger families.
    max_work : int
        The steps allowed each game; one that needs more keeps the heaps it finished.
    progress : bool
        A progress line on stderr.
    on_result : callable, optional
        Called with each new result as it arrives (in the order games finish).

    Returns
    -------
    list of MisereSurveyResult
        One per game, in family order.

    Raises
    ------
    SurveyError, EngineError, InvalidPositionError

    Examples
    --------
    >>> from grundy.scale import misere_survey
    >>> [(r.code, r.order, r.tame) for r in misere_survey(["0.3", "0.07", "0.77"], 10, workers=1)]
    [('0.3', 2, True), ('0.07', 12, False), ('0.77', 18, False)]
    """
    if not isinstance(upto, int) or isinstance(upto, bool) or upto < 0:
        raise InvalidPositionError(f"upto {upto!r} is not a non-negative integer")
    if not isinstance(max_work, int) or isinstance(max_work, bool) or max_work < 1:
        raise SurveyError(f"max_work {max_work!r} is not a positive integer")
    owned = not isinstance(engine, Engine)
    if not isinstance(engine, Engine):
        check_engine(engine, workers, address)  # before any file is read, even if all is done
    if isinstance(family, str):
        codes = expand_family(family, max_games)
        name = family
    else:
        codes = spelled_codes(family)
        name = "codes"
    path = misere_results_path(out, name, upto) if out is not None else None
    done = read_results(path, upto, MisereSurveyResult) if path else {}
    for result in done.values():
        if result.max_work != max_work:
            raise SurveyError(
                f"{path} holds a census with max_work={result.max_work:,}, not {max_work:,}: "
                "use another --out to run it with other limits"
            )
    todo = [c for c in codes if c not in done]
    bar = Progress(progress)
    finished, limited = len(codes) - len(todo), 0
    if todo:
        runner = engine if isinstance(engine, Engine) else make_engine(engine, workers, address)
        parent = os.getpid() if isinstance(runner, LocalEngine) and runner.workers > 1 else None
        try:
            with ResultsFile(path) as sink:
                handles = [runner.submit(_census_task, c, upto, max_work, parent) for c in todo]
                for _, result in runner.as_completed(handles):
                    done[result.code] = result
                    sink.write(result)
                    if on_result is not None:
                        on_result(result)
                    finished += 1
                    limited += not result.complete
                    bar.status(
                        f"misère census {name}: {finished:,}/{len(codes):,} games, "
                        f"{limited:,} new at a limit, {bar.elapsed():,.1f} s "
                    )
        finally:
            bar.close("\n")
            if owned:
                runner.close()
    return [done[c] for c in codes]


def _census_task(code: str, upto: int, max_work: int, parent: int | None) -> MisereSurveyResult:
    """Task: :func:`misere_survey_game`, in a worker that ends if process `parent` dies."""
    exit_with_parent(parent)
    return misere_survey_game(code, upto, max_work=max_work)


# --------------------------------------------------------------------- summary
@dataclass(frozen=True)
class MisereSurveySummary:
    """The census table: orders, tame and wild games, distinct quotients, limits.

    Attributes
    ----------
    games : int
        Games in the census.
    orders : tuple of (int, int, int)
        (order, games, tame games) for each order of the complete games, ascending.
    tame, periodic : int
        Complete games whose quotient is tame; games whose period is proved.
    wild : tuple of MisereSurveyResult
        The complete games that are not tame, in family order.
    limited : tuple of MisereSurveyResult
        The games a limit stopped, in family order.
    distinct : int
        Distinct quotients of the complete games (the same order, presentation and
        P-portion).
    same : tuple of tuple of str
        Groups of two or more complete games with the same quotient, in family order.

    Examples
    --------
    >>> from grundy.scale import misere_survey, summarize_misere
    >>> s = summarize_misere(misere_survey("0.d7", 10, workers=1))
    >>> s.games, s.tame, s.distinct, s.same
    (8, 0, 7, (('0.07', '0.17'),))
    >>> s.orders                   # (order, games, tame games)
    ((8, 2, 0), (12, 2, 0), (18, 1, 0), (24, 1, 0), (28, 1, 0), (44, 1, 0))
    """

    games: int
    orders: tuple[tuple[int, int, int], ...]
    tame: int
    periodic: int
    wild: tuple[MisereSurveyResult, ...]
    limited: tuple[MisereSurveyResult, ...]
    distinct: int
    same: tuple[tuple[str, ...], ...]

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``--json`` object."""
        return {
            "games": self.games,
            "complete": self.games - len(self.limited),
            "tame": self.tame,
            "periodic": self.periodic,
            "distinct": self.distinct,
            "orders": [{"order": o, "games": n, "tame": t} for o, n, t in self.orders],
            "wild": [
                {
                    "code": r.code,
                    "order": r.order,
                    "p_count": r.p_count,
                    "presentation": r.presentation,
                    "periodic": r.periodic,
                }
                for r in self.wild
            ],
            "limited": [
                {"code": r.code, "reached": r.reached, "order": r.order, "limit": r.limit}
                for r in self.limited
            ],
            "same_quotient": [list(g) for g in self.same],
        }


def summarize_misere(results: Iterable[MisereSurveyResult]) -> MisereSurveySummary:
    """Count the orders, the tame and wild games and the distinct quotients of a census.

    Examples
    --------
    >>> from grundy.scale import misere_survey, summarize_misere
    >>> s = summarize_misere(misere_survey(["0.3", "0.7", "0.03", "0.4", "0.07"], 10, workers=1))
    >>> s.orders, s.tame, s.periodic, s.same
    (((2, 3, 3), (6, 1, 1), (12, 1, 0)), 4, 3, (('0.3', '0.7', '0.03'),))
    """
    results = list(results)
    complete = [r for r in results if r.complete]
    orders: Counter[int] = Counter(r.order for r in complete)
    tame: Counter[int] = Counter(r.order for r in complete if r.tame)
    groups: dict[tuple[int, str, tuple[str, ...]], list[str]] = defaultdict(list)
    for r in complete:
        groups[r.order, r.presentation, r.p_words].append(r.code)
    return MisereSurveySummary(
        games=len(results),
        orders=tuple((o, orders[o], tame[o]) for o in sorted(orders)),
        tame=sum(r.tame for r in complete),
        periodic=sum(r.periodic for r in results),
        wild=tuple(r for r in complete if not r.tame),
        limited=tuple(r for r in results if not r.complete),
        distinct=len(groups),
        same=tuple(tuple(g) for g in groups.values() if len(g) > 1),
    )


# --------------------------------------------------------------------- the table
#: A presentation longer than this is cut after its last whole relation that fits.
PRESENTATION_SHOWN = 64
#: Codes named in a group of wild games with the same quotient; more are counted.
CODES_SHOWN = 12


def census_lines(summary: MisereSurveySummary, family: str, upto: int) -> list[str]:
    """The table ``grundy survey FAMILY --misere`` prints: orders, wild quotients, limits.

    Examples
    --------
    >>> from grundy.scale import census_lines, misere_survey, summarize_misere
    >>> results = misere_survey(["0.3", "0.4", "0.07", "0.17"], 10, workers=1)
    >>> print("\\n".join(census_lines(summarize_misere(results), "codes", 10)))
    misère census codes to heap 10: 4 games, 2 tame, 2 wild, 0 at a limit; 3 distinct quotients
    orders
         order    games     tame
             2        1        1
             6        1        1
            12        2        0
    wild quotients (heaps "all": a proved period, every heap)
      game          order   |P|  heaps  presentation
      0.07 (+1)        12     3     10  <a, b, c | a^2 = 1, b^4 = b^2, b^2c = ab^3, c^2 = 1>
    wild games with the same quotient
      0.07 = 0.17
    """
    s = summary
    lines = [
        f"misère census {family} to heap {upto:,}: {s.games:,} games, {s.tame:,} tame, "
        f"{len(s.wild):,} wild, {len(s.limited):,} at a limit; "
        f"{s.distinct:,} distinct quotients"
    ]
    if s.orders:
        lines.append("orders")
        lines.append(f"  {'order':>8} {'games':>8} {'tame':>8}")
        lines += [f"  {order:>8,} {games:>8,} {tame:>8,}" for order, games, tame in s.orders]
    if s.wild:
        groups: dict[tuple[int, str, tuple[str, ...]], list[MisereSurveyResult]] = {}
        for r in s.wild:
            groups.setdefault((r.order, r.presentation, r.p_words), []).append(r)
        lines.append('wild quotients (heaps "all": a proved period, every heap)')
        lines.append(f"  {'game':<12} {'order':>6} {'|P|':>5} {'heaps':>6}  presentation")
        for group in groups.values():
            r = group[0]
            game = f"{r.code} (+{len(group) - 1})" if len(group) > 1 else r.code
            heaps = "all" if all(g.periodic for g in group) else f"{upto:,}"
            lines.append(
                f"  {game:<12} {r.order:>6,} {r.p_count:>5,} {heaps:>6}  "
                f"{short_presentation(r.presentation)}"
            )
        same = [group for group in groups.values() if len(group) > 1]
        if same:
            lines.append("wild games with the same quotient")
            for group in same:
                codes = " = ".join(g.code for g in group[:CODES_SHOWN])
                more = f" = ... ({len(group):,} games)" if len(group) > CODES_SHOWN else ""
                lines.append(f"  {codes}{more}")
    if s.limited:
        lines.append("stopped at a limit (the quotient of the heaps before it)")
        lines += [
            f"  {r.code:<12} heaps <= {r.reached:,}, order {r.order:,}; heap {r.reached + 1:,}: "
            f"{r.limit}"
            for r in s.limited
        ]
    return lines


def short_presentation(presentation: str, width: int = PRESENTATION_SHOWN) -> str:
    """`presentation` cut after the last whole relation that fits in `width` characters.

    Examples
    --------
    >>> from grundy.scale.misere_survey import short_presentation
    >>> short_presentation("<a, b | a^2 = 1, b^3 = b>", 20)
    '<a, b | a^2 = 1, ... (2 relations)>'
    """
    if len(presentation) <= width or " | " not in presentation:
        return presentation
    names, body = presentation[1:-1].split(" | ", 1)
    relations = body.split(", ")
    more = f", ... ({len(relations)} relations)>"
    kept = relations[:1]
    for relation in relations[1:]:
        if len(f"<{names} | {', '.join(kept)}, {relation}{more}") > width:
            break
        kept.append(relation)
    return f"<{names} | {', '.join(kept)}{more}"
