"""``grundy misere``: a heap game's misère quotient from the shell, and its refusals."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from conftest import run_cli as run
from conftest import run_cli_json as run_json

from grundy import Move, Sum, registry
from grundy.misere import MisereQuotient
from grundy.reports import value_report


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
