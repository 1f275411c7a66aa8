"""A misère census of a family of heap games (issue 23, item 6): each game's quotient
against :func:`grundy.misere.misere_quotient`, the heaps kept before a limit, the
resumable results file (apart from the normal survey's), the summary, and
``grundy survey FAMILY --misere``."""

from __future__ import annotations

import dataclasses
import json

import pytest
from conftest import run_cli as run
from conftest import run_cli_json as run_json

from grundy.core.errors import GrundyError, InvalidPositionError, PositionLimitError
from grundy.misere import misere_quotient
from grundy.scale import (
    CENSUS_MAX_WORK,
    MisereSurveyResult,
    SurveyError,
    census_lines,
    misere_results_path,
    misere_survey,
    misere_survey_game,
    results_path,
    summarize_misere,
    survey,
)
from grundy.scale.misere_survey import short_presentation
from grundy.scale.results import record_checksum

#: Tame ones (0.3, 0.7, 0.03: She-Loves-Me-She-Loves-Me-Not and kin; 0.4: splitting a heap),
#: Dawson's Kayles 0.07 and its misère twin 0.17, Kayles 0.77, and 0.137.
CODES = ["0.3", "0.7", "0.03", "0.4", "0.07", "0.17", "0.77", "0.137"]
UPTO = 10


def without_time(results: list[MisereSurveyResult]) -> list[MisereSurveyResult]:
    return [dataclasses.replace(r, seconds=0.0) for r in results]


def one_line(exc: pytest.ExceptionInfo) -> str:
    message = str(exc.value)
    assert message and "\n" not in message, message
    assert isinstance(exc.value, GrundyError)
    return message


def lines_of(path) -> list[str]:
    text = open(path, encoding="utf-8").read()
    assert text.endswith("\n")
    return text.splitlines()


@pytest.fixture(scope="module")
def census() -> list[MisereSurveyResult]:
    return misere_survey(CODES, UPTO, workers=1)


# --------------------------------------------------------------------- 1. one game
def test_each_quotient_is_the_one_misere_quotient_gives(census):
    assert [r.code for r in census] == CODES
    for r in census:
        q = misere_quotient(r.code, UPTO, max_work=CENSUS_MAX_WORK)
        assert (r.order, r.p_count, r.tame) == (q.order, len(q.p_portion), q.is_tame), r.code
        assert (r.presentation, r.p_words, r.generators) == (
            q.presentation,
            q.p_words,
            q.generators,
        )
        assert r.reached == q.upto and r.upto == UPTO and r.limit is None
        assert r.periodic == (q.periodicity is not None)
        if q.periodicity is not None:
            assert (r.preperiod, r.period) == (q.periodicity.preperiod, q.periodicity.period)


def test_tame_and_wild():
    by_code = {r.code: r for r in misere_survey(CODES, UPTO, workers=1)}
    tame = {code for code, r in by_code.items() if r.tame}
    assert tame == {"0.3", "0.7", "0.03", "0.4"}
    assert all(by_code[c].order == 2 and by_code[c].periodic for c in ("0.3", "0.7", "0.03"))
    assert by_code["0.4"].presentation == "<a, b | a^2 = 1, b^3 = b>"  # misère Nim's T2
    assert (by_code["0.07"].order, by_code["0.77"].order) == (12, 18)
    # tame up to a heap, not for ever: Dawson's Kayles is T2 to heap 8, wild from heap 10
    assert misere_survey_game("0.07", 8).tame and not by_code["0.07"].tame


def test_a_game_stopped_by_a_limit_keeps_the_heaps_before():
    r = misere_survey_game("0.77", 30, max_work=10_000)
    assert r.limit == "more than 10,000 steps; raise max_work" and not r.complete
    assert 0 < r.reached < 30 and not r.periodic
    before = misere_quotient("0.77", r.reached, max_work=10_000)
    assert (r.order, r.presentation, r.p_words) == (
        before.order,
        before.presentation,
        before.p_words,
    )
    with pytest.raises(PositionLimitError):
        misere_quotient("0.77", r.reached + 1, max_work=10_000)


def test_a_proved_period_answers_every_heap():
    r = misere_survey_game("0.77", 200, max_work=10**8)  # Kayles: the whole game
    assert (r.periodic, r.preperiod, r.period, r.order, r.reached) == (True, 71, 12, 40, 167)
    assert r.complete


def test_arguments():
    with pytest.raises(InvalidPositionError):
        misere_survey(["0.77"], -1, workers=1)
    with pytest.raises(SurveyError) as info:
        misere_survey(["0.77"], 5, workers=1, max_work=0)
    assert one_line(info) == "max_work 0 is not a positive integer"
    with pytest.raises(SurveyError) as info:
        misere_survey("0.dx", 5, workers=1)
    assert "is not a pattern" in one_line(info)


# --------------------------------------------------------------------- 2. the results file
def test_a_second_run_reads_the_results_back(tmp_path, census):
    new: list[MisereSurveyResult] = []
    first = misere_survey(CODES, UPTO, workers=1, out=tmp_path, on_result=new.append)
    path = misere_results_path(tmp_path, "codes", UPTO)
    assert path == str(tmp_path / "codes.misere.upto-10.jsonl")
    assert sorted(r.code for r in new) == sorted(CODES) and len(lines_of(path)) == len(CODES)
    assert without_time(first) == without_time(census)

    new.clear()
    again = misere_survey(CODES, UPTO, workers=1, out=tmp_path, on_result=new.append)
    assert new == [] and without_time(again) == without_time(first)

    lines = lines_of(path)
    dropped = [lines[1], lines[-1]]
    partial = lines[-1][: len(lines[-1]) // 2]  # a kill while writing a result
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in lines if line not in dropped) + partial)
    again = misere_survey(CODES, UPTO, workers=1, out=tmp_path, on_result=new.append)
    assert sorted(r.code for r in new) == sorted(json.loads(line)["code"] for line in dropped)
    assert without_time(again) == without_time(first)
    assert partial not in lines_of(path) and len(lines_of(path)) == len(CODES)


def test_a_damaged_or_edited_line_is_refused(tmp_path):
    misere_survey(CODES[:3], UPTO, workers=1, out=tmp_path)
    path = misere_results_path(tmp_path, "codes", UPTO)
    lines = lines_of(path)
    record = json.loads(lines[1])
    record["order"] = 6  # a hand edit: the checksum no longer matches
    with open(path, "w", encoding="utf-8") as f:
        f.write(lines[0] + "\n" + json.dumps(record) + "\n")
    with pytest.raises(SurveyError) as info:
        misere_survey(CODES[:3], UPTO, workers=1, out=tmp_path)
    assert one_line(info) == (
        f"{path}, line 2 is not a survey result (the record of {record['code']} does not "
        "match its checksum (edited or damaged)); delete the line to compute that game again"
    )
    with open(path, "w", encoding="utf-8") as f:
        f.write("{not json\n")
    with pytest.raises(SurveyError) as info:
        misere_survey(CODES[:3], UPTO, workers=1, out=tmp_path)
    assert "line 1 is not a survey result" in one_line(info)


def test_another_max_work_or_upto_is_refused(tmp_path):
    misere_survey(CODES[:2], UPTO, workers=1, out=tmp_path)
    with pytest.raises(SurveyError) as info:
        misere_survey(CODES[:2], UPTO, workers=1, out=tmp_path, max_work=5_000)
    assert "holds a census with max_work=1,000,000, not 5,000" in one_line(info)
    path = misere_results_path(tmp_path, "codes", UPTO)
    with open(misere_results_path(tmp_path, "codes", 8), "w", encoding="utf-8") as f:
        f.write(open(path, encoding="utf-8").read())
    with pytest.raises(SurveyError) as info:
        misere_survey(CODES[:2], 8, workers=1, out=tmp_path)
    assert "holds a survey up to 10, not 8" in one_line(info)


def test_the_misere_and_normal_files_never_mix(tmp_path):
    normal = survey("0.d7", upto=UPTO, workers=1, out=tmp_path)
    census = misere_survey("0.d7", UPTO, workers=1, out=tmp_path)
    normal_path, census_path = (
        results_path(tmp_path, "0.d7", UPTO),
        misere_results_path(tmp_path, "0.d7", UPTO),
    )
    assert normal_path != census_path
    assert len(lines_of(normal_path)) == len(lines_of(census_path)) == 8
    new: list = []
    assert survey("0.d7", upto=UPTO, workers=1, out=tmp_path, on_result=new.append) == normal
    assert misere_survey("0.d7", UPTO, workers=1, out=tmp_path, on_result=new.append) == census
    assert new == []

    normal_text = open(normal_path, encoding="utf-8").read()
    census_text = open(census_path, encoding="utf-8").read()
    with open(census_path, "w", encoding="utf-8") as f:  # a survey's lines where a census's go
        f.write(normal_text)
    with pytest.raises(SurveyError) as info:
        misere_survey("0.d7", UPTO, workers=1, out=tmp_path)
    assert "(format 2, not 'misere census 1')" in one_line(info)
    with open(normal_path, "w", encoding="utf-8") as f:
        f.write(census_text)
    with pytest.raises(SurveyError) as info:
        survey("0.d7", upto=UPTO, workers=1, out=tmp_path)
    assert "(format 'misere census 1', not 2)" in one_line(info)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("reached", 11, "upto and reached"),
        ("p_count", 12, "order and p_count"),
        ("tame", 1, "tame or periodic is not a bool"),
        ("period", 4, "period and preperiod are not set exactly when periodic"),
        ("generators", [2, 99], "a generator is not a heap up to reached"),
        ("p_words", ["a"], "p_words are not the p_count words"),
        ("limit", "more than 1 step", "reached and limit disagree"),
        ("code", "0.070", "not spelled as grundy spells it"),
        ("extra", 1, "unexpected keyword argument 'extra'"),
    ],
)
def test_records_with_a_matching_checksum_are_still_checked(field, value, words):
    record = misere_survey_game("0.07", UPTO).to_json()
    assert MisereSurveyResult.from_json(record) == misere_survey_game("0.07", UPTO)
    del record["check"]
    record[field] = value
    record["check"] = record_checksum(record)
    with pytest.raises(ValueError, match=words):
        MisereSurveyResult.from_json(record)


# --------------------------------------------------------------------- 3. the summary
def test_summary(census):
    s = summarize_misere(census)
    assert s.games == len(CODES) and s.limited == ()
    assert s.orders == ((2, 3, 3), (6, 1, 1), (12, 3, 0), (18, 1, 0))
    assert s.tame == 4 and s.periodic == 3
    assert [r.code for r in s.wild] == ["0.07", "0.17", "0.77", "0.137"]
    # to heap 10, Dawson's Kayles, 0.17 and 0.137 have one quotient; Kayles has its own
    assert s.same == (("0.3", "0.7", "0.03"), ("0.07", "0.17", "0.137"))
    assert s.distinct == 4
    data = s.to_json()
    assert data["complete"] == len(CODES) and data["same_quotient"] == [list(g) for g in s.same]
    assert data["orders"][0] == {"order": 2, "games": 3, "tame": 3}


def test_summary_with_a_limit():
    results = misere_survey(["0.07", "0.77"], 20, workers=1, max_work=10_000)
    s = summarize_misere(results)
    assert [r.code for r in s.limited] == ["0.77"]
    assert s.orders == ((24, 1, 0),) and s.distinct == 1
    lines = census_lines(s, "codes", 20)
    assert lines[0] == (
        "misère census codes to heap 20: 2 games, 0 tame, 1 wild, 1 at a limit; "
        "1 distinct quotients"
    )
    r = s.limited[0]
    assert lines[-1] == (
        f"  0.77         heaps <= {r.reached}, order {r.order}; heap {r.reached + 1}: "
        "more than 10,000 steps; raise max_work"
    )


def test_long_presentations_are_cut_after_a_whole_relation():
    long = misere_quotient("0.77", 30).presentation
    cut = short_presentation(long)
    assert len(cut) <= 64 < len(long)
    head = cut.split(", ... (")[0]
    assert long.startswith(head) and cut.endswith(f"({long.count(' = ')} relations)>")


# --------------------------------------------------------------------- 4. the command
def test_cli_misere_census(capsys, tmp_path):
    out = str(tmp_path / "runs")
    args = ["survey", "0.d7", "--misere", "--upto", "10", "--out", out, "--workers", "1"]
    status, text, err = run(capsys, *args)
    assert status == 0, err
    lines = text.splitlines()
    path = misere_results_path(out, "0.d7", 10)
    assert lines[0] == (
        "misère census 0.d7 to heap 10: 8 games, 0 tame, 8 wild, 0 at a limit; 7 distinct quotients"
    )
    assert lines[1].startswith(f"  {path}: 8 computed now (local), 0 read back; ")
    assert lines[2:4] == ["orders", "     order    games     tame"]
    assert "  0.07 (+1)        12     3     10  <a, b, c | a^2 = 1, b^4 = b^2, " in text
    assert lines[-2:] == ["wild games with the same quotient", "  0.07 = 0.17"]

    data = run_json(capsys, *args)
    assert (data["games"], data["computed"], data["misere"], data["max_work"]) == (
        8,
        0,
        True,
        CENSUS_MAX_WORK,
    )
    assert data["results_file"] == path and data["same_quotient"] == [["0.07", "0.17"]]
    assert sum(o["games"] for o in data["orders"]) == 8


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["0.dx", "--misere", "--upto", "5"], "error: family '0.dx' is not a pattern"),
        (["0.d7", "--upto", "5", "--max-work", "10"], "error: --max-work is for a misère census"),
        (["0.d7", "--misere", "--upto", "5", "--engine", "spark"], "error: unknown engine 'spark'"),
    ],
)
def test_cli_errors_are_one_line(capsys, tmp_path, args, words):
    status, out, err = run(capsys, "survey", *args, "--out", str(tmp_path))
    assert status == 2 and out == ""
    assert err.splitlines() == [err.strip()] and err.startswith(words)


def test_two_local_workers_give_the_same_results(census):
    assert without_time(misere_survey(CODES, UPTO, workers=2)) == without_time(census)
