"""``grundy misere``: a heap game's misère quotient from the shell, and its refusals."""

from __future__ import annotations

from pathlib import Path

from conftest import run_cli as run
from conftest import run_cli_json as run_json

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
