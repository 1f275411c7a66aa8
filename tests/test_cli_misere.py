"""``grundy misere``: a heap game's misère quotient from the shell, and its refusals."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from conftest import run_cli as run
from conftest import run_cli_json as run_json

from grundy import Move, Sum
from grundy.app import registry
from grundy.app.value_reports import value_report
from grundy.misere import MisereQuotient


def test_misere_nim_is_the_tame_quotient_t2(capsys):
    data = run_json(capsys, "misere", "nim", "--upto", "3")
    assert data["order"] == 6 and data["tame"] is True
    assert data["presentation"] == "<a, b | a^2 = 1, b^3 = b>"
    assert data["p_portion"] == ["a", "b^2"] and data["period"] is None


def test_kayles_stops_at_its_proved_period_and_saves(capsys, tmp_path: Path):
    target = tmp_path / "kayles.json"
    status, out, err = run(capsys, "misere", "kayles", "--upto", "200", "--save", str(target))
    assert status == 0, err
    assert "order        40 (wild)" in out
    assert "periodic     from heap 71 with period 12" in out
    loaded = MisereQuotient.load(target)  # re-verified on load
    assert loaded.order == 40 and loaded.upto == 167


def test_a_game_without_heaps_is_refused_in_one_line(capsys):
    status, out, err = run(capsys, "misere", "wythoff")
    assert status == 2 and out == ""
    assert err.strip() == "error: wythoff: misère quotients need nim or a take-and-break code"


@pytest.mark.parametrize("code", ["kayles", "dawson", "0.137", "0.15", "4.07"])
def test_value_misere_uses_the_quotient_and_agrees_with_the_search(code):
    rules = registry.find(code)
    for heaps in itertools.combinations_with_replacement(range(1, 9), 3):
        report = value_report(code, rules, heaps, misere=True)
        assert report["misere_method"] == "quotient", heaps
        searched = rules.outcome(heaps, misere=True)
        assert report["outcome"] == searched.value, heaps
        moves = [rules.apply(heaps, change_from_json(m)) for m in report["winning_moves"]]
        assert sorted(map(repr, moves)) == sorted(
            map(repr, rules.winning_moves(heaps, misere=True))
        ), heaps


def test_value_misere_of_many_kayles_heaps_answers_through_the_quotient(capsys):
    heaps = [str(1 + (7 * i) % 100) for i in range(3000)]
    data = run_json(capsys, "value", "kayles", *heaps, "--misere")
    assert data["misere_method"] == "quotient"
    assert data["reason"].startswith("misère quotient (heaps ≤ 100, order 40): the heaps make ")


def test_nim_keeps_its_own_misere_rule(capsys):
    data = run_json(capsys, "value", "nim", "1", "1", "2", "--misere")
    assert data["misere_method"] == "game" and data["outcome"] == "N"


def change_from_json(move: dict) -> Move:
    after = move["to"]
    after = Sum(*after["sum"]) if isinstance(after, dict) else after
    return Move(move["part"], move["from"], after)


def test_a_quotient_file_that_cannot_be_written_is_one_line(capsys, tmp_path: Path):
    target = tmp_path / "no" / "such" / "folder" / "q.json"
    status, out, err = run(capsys, "misere", "nim", "--upto", "3", "--save", str(target))
    assert status == 2 and out == ""
    assert err.startswith("error: cannot write") and len(err.strip().splitlines()) == 1


# ----------------------------------------------------------------- value --quotient FILE
def saved(capsys, tmp_path: Path, code: str, upto: int) -> str:
    target = tmp_path / f"{code}-{upto}.json"
    status, _, err = run(capsys, "misere", code, "--upto", str(upto), "--save", str(target))
    assert status == 0, err
    return str(target)


def one_line_error(capsys, *argv: str) -> str:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "", (status, out)
    assert len(err.strip().splitlines()) == 1, err
    return err.strip()


@pytest.mark.parametrize(("code", "upto"), [("kayles", 200), ("dawson", 10)])
def test_a_saved_quotient_answers_as_the_search_does(capsys, tmp_path: Path, code, upto):
    path = saved(capsys, tmp_path, code, upto)
    rules = registry.find(code)
    for heaps in [(1, 2), (2, 2), (1, 2, 5), (3, 4, 8), (2, 5, 7), (1, 1, 1, 4)]:
        data = run_json(capsys, "value", code, *map(str, heaps), "--misere", "--quotient", path)
        assert data["misere_method"] == "quotient-file", heaps
        assert data["reason"].startswith("stored misère quotient ("), data["reason"]
        assert data["outcome"] == rules.outcome(heaps, misere=True).value, heaps
        after = {m["position"] for m in data["winning_moves_text"]}
        searched = rules.winning_moves(heaps, misere=True)
        assert after == {rules.format_position(m) for m in searched}, heaps
    stored = MisereQuotient.load(path)
    for heaps in itertools.combinations_with_replacement(range(1, 9), 3):
        report = value_report(code, rules, heaps, misere=True, quotient=stored)
        assert report["misere_method"] == "quotient-file"
        assert report["outcome"] == rules.outcome(heaps, misere=True).value, heaps


def test_kayles_saved_with_its_period_answers_every_heap(capsys, tmp_path: Path):
    path = saved(capsys, tmp_path, "kayles", 200)
    status, out, err = run(capsys, "value", "kayles", "5", "7", "9", "--misere", "--quotient", path)
    assert status == 0, err
    assert "why            stored misère quotient (every heap, order 40): the heaps make b," in out
    heaps = ["5", "7", str(10**30 + 3)]  # answered by the proved period, moves too
    data = run_json(capsys, "value", "kayles", *heaps, "--misere", "--quotient", path)
    assert data["misere_method"] == "quotient-file" and data["outcome"] in ("N", "P")
    # issue 36: the huge heap's moves were "too many to list"; now found from its period
    stored = MisereQuotient.load(path)
    listed = data["winning_moves"]
    assert data["winning_moves_count"] == stored.count_winning_moves([5, 7, 10**30 + 3])
    assert len(listed) == min(100, data["winning_moves_count"]) > 0
    for move in listed:
        after = [5, 7, 10**30 + 3]
        to = move["to"]
        after[move["part"] : move["part"] + 1] = to["sum"] if isinstance(to, dict) else [to]
        assert stored.outcome([h for h in after if h]).value == "P", move


def test_a_heap_past_the_file_is_answered_without_it_and_says_so(capsys, tmp_path: Path):
    path = saved(capsys, tmp_path, "kayles", 6)  # no period proved by heap 6
    inside = run_json(capsys, "value", "kayles", "3", "6", "--misere", "--quotient", path)
    assert inside["misere_method"] == "quotient-file"
    past = run_json(capsys, "value", "kayles", "3", "9", "--misere", "--quotient", path)
    assert past["misere_method"] == "quotient"  # the quotient computed to heap 9
    assert past["reason"].startswith(
        "heap 9 is past the quotient file (heaps ≤ 6, no proved period), so: "
        "misère quotient (heaps ≤ 9, "
    ), past["reason"]
    searched = registry.find("kayles").outcome((3, 9), misere=True)
    assert past["outcome"] == searched.value


def test_another_game_s_quotient_is_refused_in_one_line(capsys, tmp_path: Path):
    path = saved(capsys, tmp_path, "dawson", 8)
    err = one_line_error(capsys, "value", "kayles", "1", "2", "--misere", "--quotient", path)
    assert err == f"error: misère quotient file {path!r} is of 0.07, not of kayles (0.77)"
    err = one_line_error(capsys, "value", "wythoff", "3", "5", "--misere", "--quotient", path)
    assert err == "error: wythoff: misère quotients need nim or a take-and-break code"


def test_a_damaged_quotient_file_is_refused_in_one_line(capsys, tmp_path: Path):
    path = Path(saved(capsys, tmp_path, "kayles", 12))
    text = path.read_text()
    path.write_text(text.replace('"upto":12', '"upto":11'))  # the SHA-256 no longer matches
    err = one_line_error(capsys, "value", "kayles", "1", "2", "--misere", "--quotient", str(path))
    assert err.startswith("error: misère quotient file") and err.endswith(
        "is damaged: its SHA-256 does not match"
    )
    path.write_text(text[: len(text) // 2])  # cut short
    err = one_line_error(capsys, "value", "kayles", "1", "2", "--misere", "--quotient", str(path))
    assert "is not JSON" in err
    missing = str(tmp_path / "missing.json")
    err = one_line_error(capsys, "value", "kayles", "1", "--misere", "--quotient", missing)
    assert err.startswith("error: ") and "missing.json" in err


def test_quotient_without_misere_is_refused(capsys, tmp_path: Path):
    path = saved(capsys, tmp_path, "kayles", 6)
    err = one_line_error(capsys, "value", "kayles", "1", "2", "--quotient", path)
    assert err == "error: --quotient FILE answers misère play: add --misere"


def test_a_game_without_a_quotient_or_rule_is_searched(capsys):
    data = run_json(capsys, "value", "wythoff", "3", "5", "--misere")
    assert data["misere_method"] == "search" and data["outcome"] == "P"
