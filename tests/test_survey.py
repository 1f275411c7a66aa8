"""Surveys of families of heap games: families, one game against brute force and the heap
kernels, resumable results files, the summary, the published table of the 512 three-digit
octal games, the engines, and the ``grundy survey`` command."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import py_compile
import subprocess
import sys
from functools import cache

import numpy as np
import pytest
from conftest import DATA, naive_mex
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from grundy.cli import app
from grundy.core.errors import GrundyError, InvalidPositionError
from grundy.heaps import compute, find_period, parse_code
from grundy.scale import (
    EngineError,
    LocalEngine,
    SurveyError,
    SurveyResult,
    expand_family,
    make_engine,
    results_path,
    summarize,
    survey,
    survey_game,
)
from grundy.scale.survey import MAX_OFFSET


# --------------------------------------------------------------------- helpers
def digest(values) -> str:
    """The survey's digest, recomputed here: SHA-256 of little-endian uint64, 16 hex digits."""
    data = np.asarray(values, dtype=np.uint64).astype("<u8").tobytes()
    return hashlib.sha256(data).hexdigest()[:16]


def offset_digest(values) -> str:
    """The digest of N + 1 - MAX_OFFSET values from the first non-zero one (at most 8)."""
    values = np.asarray(values, dtype=np.uint64)
    nonzero = np.flatnonzero(values)
    first = min(int(nonzero[0]) if len(nonzero) else 0, MAX_OFFSET)
    return digest(values[first : first + max(len(values) - MAX_OFFSET, 1)])


def brute_octal(code: str, upto: int) -> list[int]:
    """G(0..upto) of an octal code d0.d1d2..., by a memoised mex straight from the rules.

    Digit d_k (k tokens removed) allows: 1, leaving nothing; 2, leaving one non-empty heap;
    4, leaving two non-empty heaps of any split. d_0 may only split (4).
    """
    head, tail = code.split(".")
    digits = [int(head)] + [int(ch) for ch in tail]

    @cache
    def g(n: int) -> int:
        options = set()
        for k, d in enumerate(digits):
            rest = n - k
            if rest < 0:
                break
            if k and d & 1 and rest == 0:
                options.add(0)
            if k and d & 2 and rest >= 1:
                options.add(g(rest))
            if d & 4 and rest >= 2:
                options.update(g(a) ^ g(rest - a) for a in range(1, rest // 2 + 1))
        return naive_mex(options)

    return [g(n) for n in range(upto + 1)]  # in order, so the recursion stays shallow


def brute_subtraction(code: str, upto: int) -> list[int]:
    """G(0..upto) of ``subtraction:S`` (take s in S) or ``allbut:S`` (take any k not in S)."""
    kind, _, text = code.partition(":")
    s = {int(x) for x in text.split(",")}
    g: list[int] = []
    for n in range(upto + 1):
        takes = s if kind == "subtraction" else set(range(1, n + 1)) - s
        g.append(naive_mex(g[n - k] for k in takes if k <= n))
    return g


def without_time(results: list[SurveyResult]) -> list[SurveyResult]:
    """Results compared field by field, the task's compute time aside."""
    return [dataclasses.replace(r, seconds=0.0) for r in results]


def one_line(exc: pytest.ExceptionInfo) -> str:
    message = str(exc.value)
    assert message and "\n" not in message, message
    assert isinstance(exc.value, GrundyError)
    return message


def published() -> dict[str, dict]:
    """tests/data/octal_three_digit.tsv: code -> canonical, status, prefix, period, nimbers."""
    rows: dict[str, dict] = {}
    lines = (DATA / "octal_three_digit.tsv").read_text().splitlines()
    header = None
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if header is None:
            header = fields
            continue
        row = dict(zip(header, fields, strict=True))
        for key in ("prefix", "period"):
            row[key] = None if row[key] == "-" else int(row[key])
        rows[row["code"]] = row
    return rows


TABLE = published()
OCTAL_DIGIT = st.integers(0, 7)
TWO_OR_THREE_DIGIT_CODES = st.lists(OCTAL_DIGIT, min_size=2, max_size=3).map(
    lambda ds: "0." + "".join(map(str, ds))
)


@pytest.fixture(scope="module")
def pool():
    """Two local worker processes shared by the tests (each new pool spawns and imports)."""
    with LocalEngine(workers=2) as engine:
        yield engine


@pytest.fixture(scope="module")
def ddd_1024(pool) -> list[SurveyResult]:
    return survey("0.ddd", upto=1024, engine=pool)


@pytest.fixture(scope="module")
def ddd_4096(pool) -> list[SurveyResult]:
    return survey("0.ddd", upto=4096, engine=pool)


# --------------------------------------------------------------------- 1. families
def test_the_table_lists_the_512_three_digit_codes():
    assert len(TABLE) == 512
    assert {row["status"] for row in TABLE.values()} == {"solved", "unsolved"}


def test_ddd_is_every_three_digit_octal_code_spelled_as_parse_code_spells_it():
    codes = expand_family("0.ddd")
    assert len(codes) == 512 == len(set(codes))
    assert all(str(parse_code(code)) == code for code in codes)
    assert set(codes) == set(TABLE)
    every = {str(parse_code("0." + "".join(ds))) for ds in itertools.product("01234567", repeat=3)}
    assert set(codes) == every
    assert codes[:3] == ["0.0", "0.001", "0.002"]


def test_other_octal_patterns():
    four = expand_family("4.dd")
    assert len(four) == 64 == len(set(four))
    assert all(c.startswith("4.") and str(parse_code(c)) == c for c in four)
    assert "4.0" in four and "4.07" in four
    assert expand_family("0.d7") == [f"0.{d}7" for d in range(8)]
    assert expand_family(" 0.d7 ") == expand_family("0.d7")


def test_subtraction_and_allbut_ranges():
    sets = expand_family("subtraction:1..4")
    assert len(sets) == 15 == len(set(sets))
    assert all(str(parse_code(c)) == c for c in sets)
    drawn = {frozenset(map(int, c.split(":")[1].split(","))) for c in sets}
    subsets = {frozenset(s) for k in range(1, 5) for s in itertools.combinations(range(1, 5), k)}
    assert drawn == subsets
    assert expand_family("allbut:2..3") == ["allbut:2", "allbut:3", "allbut:2,3"]


def test_a_file_of_codes(tmp_path):
    path = tmp_path / "games.txt"
    path.write_text(
        "# a few games\n\n0.70   # trailing zero\n.77\n  \nsubtraction:3,1\ngrundy\n0.7\n# done\n"
    )
    assert expand_family(str(path)) == ["0.7", "0.77", "subtraction:1,3", "grundy"]
    results = survey(str(path), upto=100, workers=1)
    assert [r.code for r in results] == ["0.7", "0.77", "subtraction:1,3", "grundy"]


@pytest.mark.parametrize(
    "family, words",
    [
        ("0.dx", "'0.dx' is not a pattern"),
        ("", "is empty"),
        ("   ", "is empty"),
        ("subtraction:5..2", "5..2 is empty"),
        ("subtraction:0..3", "0..3 is empty or starts below 1"),
        ("subtraction:1..20", "more than max_games=100,000"),
        ("0.dddddddd", "more than max_games=100,000"),
    ],
)
def test_bad_families_are_one_line_survey_errors(family, words):
    with pytest.raises(SurveyError) as info:
        expand_family(family)
    assert words in one_line(info)


def test_max_games():
    assert len(expand_family("0.ddd", max_games=512)) == 512
    with pytest.raises(SurveyError) as info:
        expand_family("0.ddd", max_games=511)
    assert "max_games=511" in one_line(info)
    with pytest.raises(SurveyError):
        expand_family("allbut:1..4", max_games=14)
    with pytest.raises(SurveyError):
        survey("0.dd", upto=10, max_games=63, workers=1)


def test_bad_files_are_one_line_survey_errors(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("0.77\n# comment\n0.7G\n0.6\n")
    with pytest.raises(SurveyError) as info:
        expand_family(str(bad))
    assert "line 3" in one_line(info) and str(bad) in str(info.value)
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n\n")
    with pytest.raises(SurveyError) as info:
        expand_family(str(empty))
    assert "has no games" in one_line(info)
    many = tmp_path / "many.txt"
    many.write_text("0.6\n0.7\n0.77\n")
    with pytest.raises(SurveyError) as info:
        expand_family(str(many), max_games=2)
    assert "max_games=2" in one_line(info)
    for missing in (tmp_path / "missing.txt", tmp_path):
        with pytest.raises(SurveyError) as info:
            expand_family(str(missing))
        assert "not a pattern" in one_line(info)


@pytest.mark.parametrize("family", ["d.7", "3.d", "subtraction:5000..5001"])
def test_every_code_of_a_family_is_a_game(family):
    try:
        codes = expand_family(family)
    except SurveyError:
        return  # refusing the pattern is as good as expanding it to games only
    assert all(str(parse_code(code)) == code for code in codes)


# --------------------------------------------------------------------- 2. one game
@settings(max_examples=200, deadline=None)
@given(TWO_OR_THREE_DIGIT_CODES, st.integers(0, 300))
def test_survey_game_matches_the_heap_kernels(code, upto):
    result = survey_game(code, upto)
    values = compute(code, upto).values
    assert result.code == str(parse_code(code)) and result.upto == upto
    assert result.digest == digest(values)
    assert result.offset_digest == offset_digest(values)
    assert result.max_value == int(values[: result.computed].max())
    sequence = find_period(code, max_values=upto + 1)
    found = sequence.periodicity
    assert result.certified == sequence.certified
    assert (result.period, result.preperiod) == (
        (found.period, found.preperiod) if found else (None, None)
    )
    assert result.computed == len(sequence.values) <= upto + 1
    assert SurveyResult.from_json(json.loads(json.dumps(result.to_json()))) == result


@settings(max_examples=60, deadline=None)
@given(TWO_OR_THREE_DIGIT_CODES, st.integers(1025, 3000))
def test_certified_sequences_are_extended_by_their_period(code, upto):
    # Beyond the first 1024 values a certified game stops early: the digest covers the rest
    # through the period, and must equal the digest of the values computed to the end.
    result = survey_game(code, upto)
    values = compute(code, upto).values
    assert result.digest == digest(values)
    assert result.offset_digest == offset_digest(values)
    assert result.computed <= upto + 1


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["0.", "4."]), st.lists(OCTAL_DIGIT, min_size=1, max_size=3), st.integers(0, 60)
)
def test_survey_game_matches_brute_force(head, digits, upto):
    code = head + "".join(map(str, digits))
    assert survey_game(code, upto).digest == digest(brute_octal(code, upto))


@pytest.mark.parametrize(
    "code", ["0.77", "0.137", "0.07", "0.6", "0.007", "0.4", "4.07", "0.165", "0.05"]
)
def test_known_codes_first_values_by_brute_force(code):
    values = brute_octal(code, 40)
    assert survey_game(code, 40).digest == digest(values)
    assert compute(code, 40).values.tolist() == values


def test_classical_values():
    assert brute_octal("0.77", 11) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]  # Kayles
    kayles = survey_game("0.77", 4096)
    assert (kayles.preperiod, kayles.period, kayles.certified) == (71, 12, True)
    assert kayles.computed == 1024 and kayles.status == "certified"
    assert kayles.digest == digest(compute("0.77", 4096).values)  # 3073 values by the period
    officers = survey_game("0.6", 2000)
    assert officers.status == "open" and not officers.certified


def test_subtraction_and_allbut_families_by_brute_force():
    for family in ("subtraction:1..4", "allbut:2..3"):
        results = survey(family, upto=60, workers=1)
        assert [r.code for r in results] == expand_family(family)
        for r in results:
            assert r.digest == digest(brute_subtraction(r.code, 60)), r.code
    allbut = survey_game("allbut:2,3", 2000)
    assert (allbut.period, allbut.certified, allbut.status) == (4, False, "periodic?")
    assert allbut.saltus != 0 and allbut.computed == 2001


def test_survey_game_stops_once_the_period_is_certified():
    # find_period doubles from 1,024 values, then computes just what the theorem needs
    assert survey_game("0.77", 500).computed == 501
    kayles = survey_game("0.77", 10**6)
    assert kayles.certified and kayles.computed == 1024


def test_survey_arguments():
    with pytest.raises(InvalidPositionError):
        survey("0.d7", upto=-1, workers=1)
    with pytest.raises(InvalidPositionError):
        survey("0.d7", upto=True, workers=1)
    results = survey(["0.70", ".7", "0.77", "0.7"], upto=50, workers=1)
    assert [r.code for r in results] == ["0.7", "0.77"]
    assert survey_game("0.6", 0).computed == 1


# --------------------------------------------------------------------- 3. resume
def lines_of(path) -> list[str]:
    text = open(path, encoding="utf-8").read()
    assert text.endswith("\n")
    return text.splitlines()


def test_a_killed_survey_resumes_where_it_stopped(tmp_path):
    first = survey("0.dd", upto=500, out=tmp_path, workers=1)
    path = results_path(tmp_path, "0.dd", 500)
    assert path == str(tmp_path / "0.dd.upto-500.jsonl")
    lines = lines_of(path)
    assert len(lines) == 64
    assert {json.loads(line)["code"] for line in lines} == set(expand_family("0.dd"))

    dropped = [lines[i] for i in (0, 7, 30, 63)]
    kept = [line for line in lines if line not in dropped]
    partial = dropped[-1][: len(dropped[-1]) // 2]  # a kill while writing a new result
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in kept) + partial)

    new: list[SurveyResult] = []
    again = survey("0.dd", upto=500, out=tmp_path, workers=1, on_result=new.append)
    assert sorted(r.code for r in new) == sorted(json.loads(line)["code"] for line in dropped)
    assert without_time(again) == without_time(first)
    after = lines_of(path)
    assert partial not in after and len(after) == 64
    assert sorted(json.loads(line)["code"] for line in after) == sorted(expand_family("0.dd"))

    new.clear()
    assert without_time(
        survey("0.dd", upto=500, out=tmp_path, workers=1, on_result=new.append)
    ) == without_time(first)
    assert new == []


def test_foreign_and_damaged_results_files(tmp_path):
    survey("0.d7", upto=200, out=tmp_path, workers=1)
    lines = lines_of(results_path(tmp_path, "0.d7", 200))
    other = results_path(tmp_path, "0.d7", 100)
    with open(other, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in lines))
    with pytest.raises(SurveyError) as info:
        survey("0.d7", upto=100, out=tmp_path, workers=1)
    assert "up to 200, not 100" in one_line(info)

    damaged = results_path(tmp_path, "0.d7", 150)
    with open(damaged, "w", encoding="utf-8") as f:
        f.write("\n{not json\n")
    with pytest.raises(SurveyError) as info:
        survey("0.d7", upto=150, out=tmp_path, workers=1)
    assert "line 2 is not a survey result" in one_line(info)
    with open(damaged, "w", encoding="utf-8") as f:
        f.write('{"format": 1, "code": "0.07"}\n')
    with pytest.raises(SurveyError) as info:
        survey("0.d7", upto=150, out=tmp_path, workers=1)
    assert "line 1 was written by an older grundy, without a checksum" in one_line(info)

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(SurveyError) as info:
        survey("0.d7", upto=10, out=blocker, workers=1)
    assert "cannot write results" in one_line(info)


def test_a_line_edited_by_hand_is_refused_not_trusted(tmp_path):
    """Issue 20: a hand-edited line was trusted by the summary (here 0.07 made the same
    sequence as 0.77, certified with Kayles' period)."""
    survey("0.d7", upto=200, out=tmp_path, workers=1)
    lines = lines_of(results_path(tmp_path, "0.d7", 200))
    edited = results_path(tmp_path, "0.d7", 200)
    records = [json.loads(line) for line in lines]
    kayles = next(r for r in records if r["code"] == "0.77")
    for record in records:
        if record["code"] == "0.07":
            record.update({k: kayles[k] for k in ("period", "preperiod", "digest")})
    with open(edited, "w", encoding="utf-8") as f:
        f.write("".join(json.dumps(r) + "\n" for r in records))
    with pytest.raises(SurveyError) as info:
        survey("0.d7", upto=200, out=tmp_path, workers=1)
    assert (
        "line 1 is not a survey result (the record of 0.07 does not match its checksum "
        "(edited or damaged)); delete the line to compute that game again"
    ) in one_line(info)
    with open(edited, "w", encoding="utf-8") as f:  # without that line: computed again
        f.write("".join(line + "\n" for line in lines[1:]))
    again = survey("0.d7", upto=200, out=tmp_path, workers=1)
    assert [r.code for r in summarize(again).open] == ["0.37", "0.47", "0.67"]


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("computed", 999, "upto and computed are not counts of values"),
        ("period", None, "period and preperiod"),
        ("certified", 1, "saltus or certified has the wrong type"),
        ("digest", "not hex", "a digest is not 16 hexadecimal digits"),
        ("code", "0.070", "not spelled as grundy spells it"),
        ("extra", 1, "unexpected keyword argument 'extra'"),
    ],
)
def test_records_with_a_matching_checksum_are_still_checked(field, value, words):
    from grundy.scale.results import record_checksum

    record = survey_game("0.07", 200).to_json()
    del record["check"]
    record[field] = value
    record["check"] = record_checksum(record)
    with pytest.raises(ValueError, match=words):
        SurveyResult.from_json(record)


# --------------------------------------------------------------------- 4. summary
def test_summary_counts_and_groups(ddd_1024):
    results = ddd_1024
    assert [r.code for r in results] == expand_family("0.ddd")
    s = summarize(results)
    assert s.games == 512
    assert s.certified == sum(r.certified for r in results)
    assert [r.code for r in s.open] == [r.code for r in results if not r.certified]
    by_code = {r.code: r for r in results}
    digests = {r.digest for r in results}
    assert s.distinct == len(digests)
    sharing = {d: [r.code for r in results if r.digest == d] for d in digests}
    assert sorted(s.same) == sorted(tuple(c) for c in sharing.values() if len(c) > 1)
    for group in s.same:
        assert len({by_code[c].digest for c in group}) == 1
    firsts = {codes[0] for codes in sharing.values()}
    for group in s.offset:
        assert set(group) <= firsts and len({by_code[c].digest for c in group}) == len(group)
        assert len({by_code[c].offset_digest for c in group}) == 1
    longest = [r.period for r in s.longest]
    assert len(s.longest) == 10 and longest == sorted(longest, reverse=True)
    assert all(r.certified for r in s.longest)
    assert len({r.digest for r in s.longest}) == 10
    assert (s.longest[0].code, s.longest[0].period) == ("0.055", 148)
    assert len(summarize(results, longest=3).longest) == 3
    data = s.to_json()
    assert data["games"] == 512 and data["distinct"] == s.distinct
    assert data["same_sequence"] == [list(g) for g in s.same]


def test_known_equal_and_offset_sequences_in_ddd(ddd_1024):
    s = summarize(ddd_1024)
    group_of = {code: group for group in s.same for code in group}
    assert group_of["0.06"] == ("0.06", "0.061", "0.062", "0.063")
    assert {"0.064", "0.065", "0.066", "0.067"} == set(group_of["0.064"])
    assert {"0.07", "0.071", "0.072", "0.073"} <= set(group_of["0.07"])
    assert {"0.04", "0.042"} == set(group_of["0.04"])
    offset_of = {code: group for group in s.offset for code in group}
    assert "0.007" not in group_of and group_of["0.04"][0] == "0.04"
    assert {"0.007", "0.04"} <= set(offset_of["0.007"])
    assert {"0.07", "0.137"} <= set(offset_of["0.07"])  # Dawson's Kayles and chess


def test_groups_agree_with_the_canonical_column(ddd_1024):
    """Equal sequences have one canonical game, and a canonical game's codes are one
    sequence or one offset group."""
    s = summarize(ddd_1024)
    by_code = {r.code: r for r in ddd_1024}
    for group in s.same:
        assert len({TABLE[c]["canonical"] for c in group}) == 1, group
    first_of: dict[str, str] = {}
    for r in ddd_1024:
        first_of.setdefault(r.digest, r.code)
    offset_of = {code: i for i, group in enumerate(s.offset) for code in group}
    classes: dict[str, set[str]] = {}
    for code, row in TABLE.items():
        classes.setdefault(row["canonical"], set()).add(first_of[by_code[code].digest])
    for canonical, firsts in classes.items():
        if len(firsts) > 1:
            assert len({offset_of.get(f) for f in firsts} - {None}) == 1, canonical
            assert all(f in offset_of for f in firsts), canonical


def test_summary_of_nothing():
    s = summarize([])
    assert (s.games, s.certified, s.distinct, s.longest, s.open, s.same, s.offset) == (
        0,
        0,
        0,
        (),
        (),
        (),
        (),
    )


# --------------------------------------------------------------------- 5. the published table
def test_ddd_agrees_with_the_published_table(ddd_4096):
    upto = 4096
    assert [r.code for r in ddd_4096] == expand_family("0.ddd")
    for r in ddd_4096:
        row = TABLE[r.code]
        if row["status"] == "unsolved":
            assert not r.certified, r.code
            continue
        if r.certified:
            assert r.period == row["period"], r.code
            assert abs(r.preperiod - row["prefix"]) <= MAX_OFFSET, r.code
        if 2 * row["prefix"] + 2 * row["period"] + 16 <= upto:
            assert r.certified, r.code
    assert sum(r.certified for r in ddd_4096) == 292


def test_ddd_values_are_the_published_nimbers(ddd_4096):
    # The trivial games list their values: the code's own sequence is the canonical one,
    # preceded by at most three zeros (a heap the game cannot touch at all).
    checked = 0
    for r in ddd_4096:
        nimbers = TABLE[r.code]["nimbers"]
        if nimbers == "-":
            continue
        prefix, period = nimbers.rstrip(")").split("(")
        values = [int(ch, 36) for ch in prefix]
        cycle = [int(ch, 36) for ch in period]
        assert (len(prefix), len(period)) == (TABLE[r.code]["prefix"], TABLE[r.code]["period"])
        values += cycle * (4200 // len(cycle) + 1)
        shifted = [digest(([0] * shift + values)[:4097]) for shift in range(4)]
        assert r.digest in shifted, r.code
        checked += 1
    assert checked > 250


@pytest.mark.slow
def test_ddd_at_16384_certifies_exactly_the_solved_games_within_reach():
    upto = 16384
    results = survey("0.ddd", upto=upto, workers=2)
    certified = {r.code for r in results if r.certified}
    reachable = {
        code
        for code, row in TABLE.items()
        if row["status"] == "solved" and row["prefix"] + row["period"] <= upto
    }
    assert certified == reachable
    open_solved = {r.code for r in results if not r.certified} - {
        code for code, row in TABLE.items() if row["status"] == "unsolved"
    }
    assert {TABLE[c]["canonical"] for c in open_solved} == {
        "0.16",
        "0.56",
        "0.127",
        "0.376",
        "0.354",
    }
    by_code = {r.code: r for r in results}
    for r in results:
        if r.certified:
            assert r.period == TABLE[r.code]["period"], r.code
    known = {
        "0.77": (71, 12),
        "0.137": (52, 34),
        "0.07": (53, 34),
        "0.17": (33, 34),
        "0.156": (3479, 349),
        "0.165": (5181, 1550),
        "0.356": (7315, 142),
        "0.644": (3256, 442),
    }
    for code, (preperiod, period) in known.items():
        r = by_code[code]
        assert (r.preperiod, r.period, r.certified) == (preperiod, period, True), code
        found = find_period(code, max_values=upto + 1).periodicity
        assert (found.preperiod, found.period) == (preperiod, period)


# --------------------------------------------------------------------- 6. engines
@pytest.mark.parametrize(
    "name, workers, address, words",
    [
        ("spark", 1, None, "unknown engine 'spark'"),
        ("local", 0, None, "workers must be a positive integer"),
        ("local", -2, None, "workers must be a positive integer"),
        ("local", True, None, "workers must be a positive integer"),
        ("local", 1.5, None, "workers must be a positive integer"),
        ("local", 1, "auto", "--address is for --engine ray"),
    ],
)
def test_engine_errors(name, workers, address, words):
    with pytest.raises(EngineError) as info:
        make_engine(name, workers, address)
    assert words in one_line(info)


def test_a_fresh_survey_with_a_bad_engine_fails(tmp_path):
    with pytest.raises(EngineError):
        survey("0.d7", upto=50, engine="spark", out=tmp_path)
    with pytest.raises(EngineError):
        survey("0.d7", upto=50, workers=0)


def test_a_bad_engine_fails_even_when_nothing_is_left(tmp_path):
    survey("0.d7", upto=50, workers=1, out=tmp_path)
    with pytest.raises(EngineError):
        survey("0.d7", upto=50, engine="spark", out=tmp_path)


def test_two_local_workers_give_the_same_results(pool):
    assert pool.workers == 2 and repr(pool) == "LocalEngine(workers=2)"
    one = survey("0.dd", upto=300, workers=1)
    two = survey("0.dd", upto=300, engine=pool)
    assert without_time(two) == without_time(one)
    # the caller's engine is not closed by a survey: it runs another one
    assert [r.code for r in survey("0.d7", upto=100, engine=pool)] == expand_family("0.d7")
    # a task's own error reaches the caller as itself
    with pytest.raises(GrundyError):
        list(pool.as_completed([pool.submit(parse_code, "0.7G")]))


def test_a_pool_of_its_own_is_closed_after_the_survey(tmp_path):
    results = survey("0.d7", upto=100, workers=2, out=tmp_path)
    assert without_time(results) == without_time(survey("0.d7", upto=100, workers=1))


@pytest.mark.slow
def test_ray_gives_the_local_results():
    pytest.importorskip("ray")
    local = survey("0.dd", upto=300, workers=1)
    on_ray = survey("0.dd", upto=300, engine="ray", workers=2)
    assert without_time(on_ray) == without_time(local)


def test_a_local_survey_does_not_import_ray():
    script = (
        "import grundy.scale, sys; grundy.scale.survey('0.d7', 100, workers=1); "
        "print('ray' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


# A script that starts local workers: they are spawned, so each imports the script first.
SURVEY_SCRIPT = """\
from grundy.scale import survey, summarize

results = survey("subtraction:1..4", upto=300, engine="local", workers=2, out="runs")
print(summarize(results).certified)
"""
GUARDED_SURVEY_SCRIPT = """\
from grundy.scale import survey, summarize

if __name__ == "__main__":
    results = survey("subtraction:1..4", upto=300, engine="local", workers=2, out="runs")
    print(summarize(results).certified)
"""
KILLED_WORKER_SCRIPT = """\
import os, signal
from grundy.core.engines import LocalEngine

def die():
    os.kill(os.getpid(), signal.SIGKILL)

if __name__ == "__main__":
    with LocalEngine(workers=2) as engine:
        list(engine.as_completed([engine.submit(die)]))
"""
GUARD_FIX = "put the call under if __name__ == '__main__':"


def run_script(path, cwd, stdin=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(path)],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,  # a hang guard, generous for a loaded machine
    )


def last_line(done: subprocess.CompletedProcess) -> str:
    """The last line of stderr, past multiprocessing's resource_tracker warnings (its
    process may report leaked semaphores after the error, on a busy machine)."""
    lines = done.stderr.strip().splitlines()
    while len(lines) > 1 and ("resource_tracker" in lines[-1] or "warnings.warn(" in lines[-1]):
        lines.pop()
    return lines[-1]


def test_a_script_without_the_main_guard_is_told_to_add_it(tmp_path):
    # Before, the workers died re-running the script and the parent said "a local worker
    # process died (out of memory or killed)".
    script = tmp_path / "survey_script.py"
    script.write_text(SURVEY_SCRIPT)
    done = run_script(script, tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert last_line(done) == (
        "grundy.core.errors.EngineError: survey_script.py line 3 starts local worker processes, "
        f"which import the script and would run it again: {GUARD_FIX}"
    )
    assert "bootstrapping" not in done.stderr and "died" not in done.stderr  # no worker ran
    assert all(f.read_text() == "" for f in (tmp_path / "runs").iterdir())  # no results

    script.write_text(GUARDED_SURVEY_SCRIPT)  # the fix works
    done = run_script(script, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "15\n"


def test_the_guard_is_checked_in_the_worker_when_the_parent_cannot_read_the_script(tmp_path):
    # A compiled script has no source to check: the workers refuse, the parent says why.
    source = tmp_path / "survey_script.py"
    source.write_text(SURVEY_SCRIPT)
    compiled = tmp_path / "survey_script.pyc"
    py_compile.compile(str(source), cfile=str(compiled), doraise=True)
    source.unlink()
    done = run_script(compiled, tmp_path)
    assert done.returncode == 1
    assert f"EngineError: a worker process is importing the main script: {GUARD_FIX}" in (
        done.stderr
    )
    assert last_line(done) == (
        "grundy.core.errors.EngineError: the local worker processes failed to start "
        f"(see the error above); if a script started them: {GUARD_FIX}"
    )


def test_a_script_read_from_stdin_cannot_start_workers(tmp_path):
    done = subprocess.run(
        [sys.executable, "-"],
        cwd=tmp_path,
        input=GUARDED_SURVEY_SCRIPT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 1
    assert last_line(done) == (
        "grundy.core.errors.EngineError: local worker processes import the main script, and "
        "<stdin> is not a file: save the script to a file, or use one worker"
    )


def test_a_worker_killed_after_start_up_is_still_a_death(tmp_path):
    script = tmp_path / "killed.py"
    script.write_text(KILLED_WORKER_SCRIPT)
    done = run_script(script, tmp_path)
    assert done.returncode == 1
    assert last_line(done) == (
        "grundy.core.errors.EngineError: a local worker process died (out of memory or killed); "
        "run the command again to resume from what was saved"
    )


LONG_SURVEY_SCRIPT = """\
from grundy.scale import survey

if __name__ == "__main__":
    survey(["0.6", "grundy"], upto=30_000_000, engine="local", workers=2)
"""


def _proc_stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the name (state first), or None if gone."""
    try:
        stat = open(f"/proc/{pid}/stat").read()
    except OSError:
        return None
    return stat[stat.rindex(")") + 2 :].split()


def _workers_of(parent: int) -> dict[int, float]:
    """Pool workers (spawned) of process `parent`, with the CPU seconds each has used."""
    import os

    found = {}
    for entry in os.listdir("/proc"):
        fields = _proc_stat(int(entry)) if entry.isdigit() else None
        if fields is None or int(fields[1]) != parent:
            continue
        try:
            command = open(f"/proc/{entry}/cmdline", "rb").read()
        except OSError:
            continue
        if b"spawn_main" in command:
            found[int(entry)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


def _alive(pid: int) -> bool:
    fields = _proc_stat(pid)
    return fields is not None and fields[0] not in ("Z", "X")  # a zombie has ended


def test_workers_end_when_the_survey_process_is_killed(tmp_path):
    """Issue 20: a survey killed by SIGKILL left its pool workers computing for good."""
    import os
    import signal
    import time

    if not os.path.isdir("/proc"):
        pytest.skip("finds the worker processes through /proc")
    script = tmp_path / "long_survey.py"
    script.write_text(LONG_SURVEY_SCRIPT)
    main = subprocess.Popen([sys.executable, str(script)], cwd=tmp_path)
    workers: dict[int, float] = {}
    try:
        # Wait until both workers run a task: each has used more CPU than starting up
        # and importing take (the tasks compute for minutes). Bounded: a hang guard.
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and main.poll() is None:
            workers = _workers_of(main.pid)
            if len(workers) == 2 and min(workers.values()) > 3.0:
                break
            time.sleep(0.2)
        assert len(workers) == 2 and min(workers.values()) > 3.0, workers
        main.kill()  # SIGKILL: no handler, no clean-up in the survey's process
        main.wait(timeout=60)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and any(map(_alive, workers)):
            time.sleep(0.2)
        assert not any(map(_alive, workers)), "the workers outlived the survey"
    finally:
        if main.poll() is None:
            main.kill()
        for pid in workers:  # before the fix they ran on: stop them here
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


@pytest.mark.parametrize(
    "source, line",
    [
        ('if __name__ == "__main__":\n    run()\n', None),
        ('if "__main__" == __name__ and True:\n    run()\n', None),
        ('if __name__ != "__main__":\n    pass\nelse:\n    run()\n', None),
        ('def main():\n    run()\n\nif __name__ == "__main__":\n    main()\n', None),
        ("run()\n", 1),
        ("def main():\n    run()\n\nmain()\n", 4),
        ('if __name__ == "__main__":\n    pass\nrun()\n', 3),
        ('if x == "__main__":\n    run()\n', 2),
    ],
)
def test_which_lines_are_under_the_main_guard(monkeypatch, tmp_path, source, line):
    # The parent's check, on the line the script's top level is running when run() starts
    # workers; the script is executed as __main__ in this process with a fake engine.
    import types

    from grundy.core import engines

    path = tmp_path / "script.py"
    path.write_text(source)
    main = types.ModuleType("__main__")
    main.__file__ = str(path)
    found = []
    main.run = lambda: found.append(engines._unguarded_main_line())
    main.x = "__main__"
    monkeypatch.setitem(sys.modules, "__main__", main)
    exec(compile(source, str(path), "exec"), main.__dict__)
    assert found == [None if line is None else f"script.py line {line}"]


# --------------------------------------------------------------------- 7. the command
runner = CliRunner()


def test_cli_survey(tmp_path):
    out = str(tmp_path / "runs")
    args = ["survey", "0.dd", "--upto", "500", "--out", out, "--workers", "1"]
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    path = results_path(out, "0.dd", 500)
    lines = done.stdout.splitlines()
    assert lines[0] == (
        "survey 0.dd up to n = 500: 64 games, 45 certified periodic, 19 open; 45 distinct sequences"
    )
    assert lines[1].startswith(f"  {path}: 64 computed now (local), 0 read back; ")
    assert "longest certified periods" in done.stdout and "0.77" in done.stdout

    done = runner.invoke(app, args + ["--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    s = summarize(survey("0.dd", upto=500, out=out, workers=1))
    assert (data["games"], data["certified"], data["computed"]) == (64, 45, 0)
    assert data["open"] == [r.code for r in s.open] and len(data["open"]) == 19
    assert data["same_sequence"] == [list(g) for g in s.same]
    assert data["results_file"] == path and data["family"] == "0.dd" and data["upto"] == 500

    done = runner.invoke(app, args)
    assert done.exit_code == 0 and "0 computed now (local), 64 read back" in done.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        (["0.dx", "--upto", "10"], "error: family '0.dx' is not a pattern"),
        (["subtraction:5..2", "--upto", "10"], "error: range 5..2 is empty"),
        (["0.dd", "--upto", "10", "--engine", "spark"], "error: unknown engine 'spark'"),
        (["0.dd", "--upto", "10", "--address", "auto"], "error: --address is for --engine ray"),
    ],
)
def test_cli_errors_are_one_line(tmp_path, args, words):
    done = runner.invoke(app, ["survey", *args, "--out", str(tmp_path)])
    assert done.exit_code == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith(words)
