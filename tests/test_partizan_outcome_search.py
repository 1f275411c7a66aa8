"""The outcome-only search (grundy.partizan.outcome_search) against the outcome of the
canonical value and a plain minimax over the rules, on random small boards of
Domineering, Clobber and Cram; against published outcome tables; and the work it saves,
counted in positions (never timed)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import DATA
from conftest import run_cli as run
from conftest import run_cli_json as run_json
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import InvalidGameError, InvalidPositionError, PositionLimitError
from grundy.core.outcome import Outcome
from grundy.partizan import PartizanGame, protocol
from grundy.partizan.games import Cram, Domineering, GenClobber
from grundy.partizan.outcome_search import OutcomeSearch, OutcomeStats, outcome_of


def fresh_clobber() -> GenClobber:
    return GenClobber(name="clobber")  # its own value memo, unlike the shared Clobber


GAMES = {"domineering": Domineering, "clobber": fresh_clobber, "cram": Cram}


# ----------------------------------------------------------------- the oracles
def plain_outcome(game: PartizanGame[Any], board: Any) -> Outcome:
    """Who wins by minimax over the rules alone: no regions, reflections or values."""
    memo: dict[tuple[Any, bool], bool] = {}

    def wins(position: Any, left: bool) -> bool:  # the player to move wins
        key = (position, left)
        if key not in memo:
            options = game.left_options(position) if left else game.right_options(position)
            memo[key] = any(not wins(o, not left) for o in options)
        return memo[key]

    left, right = wins(board, True), wins(board, False)
    return {
        (True, True): Outcome.N,
        (True, False): Outcome.L,
        (False, True): Outcome.R,
        (False, False): Outcome.P,
    }[left, right]


def boards(cells: str, weights: list[int], most_rows: int, most_cols: int) -> Any:
    """Random boards of at most most_rows x most_cols cells drawn from `cells`."""
    cell = st.sampled_from([c for c, w in zip(cells, weights, strict=True) for _ in range(w)])
    return st.integers(1, most_rows).flatmap(
        lambda rows: st.integers(1, most_cols).flatmap(
            lambda cols: st.lists(
                st.text(cell, min_size=cols, max_size=cols), min_size=rows, max_size=rows
            )
        )
    )


BOARDS = {
    "domineering": boards(".#", [4, 1], 3, 4),
    "clobber": boards("xo.", [2, 2, 1], 3, 4),
    "cram": boards(".#", [4, 1], 3, 4),
}

#: (decompose, transpositions, settle_positions): every way the search can run.
CONFIGS = [
    (True, True, 10),
    (True, True, 0),
    (True, False, 0),
    (False, True, 0),
    (False, False, 0),
]


# ----------------------------------------------------------------- random boards
@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(("decompose", "transpositions", "settle"), CONFIGS)
@settings(max_examples=25)
@given(data=st.data())
def test_outcome_is_the_outcome_of_the_value(name, decompose, transpositions, settle, data):
    rows = data.draw(BOARDS[name])
    rules = GAMES[name]()
    search = OutcomeSearch(
        GAMES[name](), decompose=decompose, transpositions=transpositions, settle_positions=settle
    )
    found = search.outcome(rows)
    assert found is rules.value(rows).outcome
    assert found is plain_outcome(rules, tuple(rows))
    # each player's answer alone agrees with the outcome class
    assert search.wins(rows, "Left") is (found in (Outcome.L, Outcome.N))
    assert search.wins(rows, "Right") is (found in (Outcome.R, Outcome.N))


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=15)
@given(data=st.data())
def test_bigger_boards_searched_with_nothing_settled(name, data):
    """Boards up to 4 x 4 with no region settled by its value (settle_positions=0 on a
    game that knows no value): the search proper decides them."""
    rows = data.draw(BIGGER[name])
    search = OutcomeSearch(GAMES[name](), settle_positions=0)
    assert search.outcome(rows) is GAMES[name]().value(rows).outcome


BIGGER = {
    "domineering": boards(".#", [6, 1], 4, 4),
    "clobber": boards("xo.", [3, 3, 1], 3, 4),
    "cram": boards(".#", [6, 1], 4, 4),
}


@settings(max_examples=20)
@given(rows=boards(".#", [5, 1], 4, 4))
def test_partizan_game_outcome_past_the_value_budget(rows):
    """PartizanGame.outcome searches once the value would cost more than
    OUTCOME_BY_VALUE new positions: the same answer."""
    saved = protocol.OUTCOME_BY_VALUE
    protocol.OUTCOME_BY_VALUE = 3
    try:
        found = Domineering().outcome(rows)
    finally:
        protocol.OUTCOME_BY_VALUE = saved
    assert found is Domineering().value(rows).outcome


def test_outcome_method_searches_instead_of_valuing(monkeypatch):
    monkeypatch.setattr(protocol, "OUTCOME_BY_VALUE", 50)
    searched = Domineering()
    assert searched.outcome("4x5") is Outcome.L
    valued = Domineering()
    assert valued.value("4x5").outcome is Outcome.L
    # the outcome needed far fewer canonical forms than the value (counted, not timed)
    assert searched.positions * 3 < valued.positions


# ----------------------------------------------------------------- published tables
def read_rows(name: str) -> list[dict[str, str]]:
    lines = (DATA / name).read_text().splitlines()
    assert lines[0].startswith("# source:"), f"{name} must start by naming its source"
    body = [line for line in lines if line.strip() and not line.startswith("#")]
    header = body[0].split("\t")
    return [dict(zip(header, line.split("\t"), strict=True)) for line in body[1:]]


def cases(name: str, label: str) -> list[Any]:
    out = []
    for row in read_rows(name):
        marks: list[Any] = []
        if row["run"] == "slow":
            marks = [pytest.mark.slow]
        elif row["run"] == "skip":
            marks = [pytest.mark.skip(reason=f"{row[label]}: out of reach of a Python search")]
        out.append(pytest.param(row, marks=marks, id=row[label]))
    return out


def rectangle(board: str, pattern: str | None = None) -> list[str]:
    rows, cols = map(int, board.split("x"))
    if pattern is None:
        return ["." * cols] * rows
    return ["".join(pattern[(r + c) % 2] for c in range(cols)) for r in range(rows)]


@pytest.mark.parametrize("row", cases("domineering_outcomes.tsv", "board"))
def test_domineering_rectangles_published(row):
    search = OutcomeSearch(Domineering())
    if row["what"] == "outcome":
        assert search.outcome(row["board"]).value == row["expected"]
    else:
        assert search.wins(row["board"], "Left") is (row["expected"] == "win")


@pytest.mark.parametrize("row", cases("clobber_alternating_outcomes.tsv", "board"))
def test_clobber_alternating_boards_published(row):
    board = rectangle(row["board"], "xo")
    assert OutcomeSearch(fresh_clobber()).outcome(board).value == row["outcome"]


@pytest.mark.parametrize("row", cases("cram_nim_values.tsv", "board"))
def test_cram_rectangles_published(row):
    expected = Outcome.P if row["nim_value"] == "0" else Outcome.N
    assert OutcomeSearch(Cram()).outcome(row["board"]) is expected


def test_the_published_tables_are_read_whole():
    """Every row is run, marked slow, or skipped with its reason: none is dropped."""
    assert len(read_rows("domineering_outcomes.tsv")) == 24
    assert len(read_rows("clobber_alternating_outcomes.tsv")) == 27
    assert len(read_rows("cram_nim_values.tsv")) == 49


# ----------------------------------------------------------------- the work saved
def total_work(board: str, **options: Any) -> int:
    """Positions the search opened plus canonical forms the game stored to settle."""
    game = Domineering()
    search = OutcomeSearch(game, **options)
    assert search.outcome(board) is Outcome.P
    return search.stats.positions + game.positions


def test_decomposition_and_the_table_cut_the_work():
    """5 x 5 Domineering (a second-player win): the work of each way, counted."""
    full = total_work("5x5")  # 328 positions searched + 960 values (about 1,300)
    no_table = total_work("5x5", transpositions=False)  # about 2,300
    whole = total_work("5x5", decompose=False)  # about 4,400: no regions, no values
    neither = total_work("5x5", decompose=False, transpositions=False)  # about 60,000
    assert full < no_table
    assert full * 3 < whole
    assert whole * 10 < neither
    assert no_table * 20 < neither


# ----------------------------------------------------------------- bad input
def test_bad_limits_and_players_are_one_line_errors():
    with pytest.raises(InvalidGameError, match="max_positions 0 must be a positive int"):
        OutcomeSearch(Domineering(), max_positions=0)
    with pytest.raises(InvalidGameError, match="settle_positions -1"):
        OutcomeSearch(Domineering(), settle_positions=-1)
    with pytest.raises(InvalidPositionError, match="'Up' is not 'Left' or 'Right'"):
        OutcomeSearch(Domineering()).wins("2x2", "Up")
    with pytest.raises(InvalidPositionError, match="cell b1"):
        OutcomeSearch(Domineering()).outcome(".x|..")
    with pytest.raises(InvalidGameError, match="positions -1 must be a non-negative int"):
        Domineering().value_within("2x2", -1)


def test_the_table_limit_is_enforced():
    search = OutcomeSearch(Domineering(), max_positions=200)
    with pytest.raises(PositionLimitError, match="more than 200 positions stored") as info:
        search.outcome("6x6")
    assert "\n" not in str(info.value)
    assert search.stats.stored <= 200


class Loop(PartizanGame[int]):
    """Either player moves n -> n + 1 mod 3: a game that never ends."""

    name = "loop"

    def left_options(self, n: int) -> list[int]:
        return [(n + 1) % 3]

    def right_options(self, n: int) -> list[int]:
        return [(n + 1) % 3]


@pytest.mark.parametrize("decompose", [True, False])
def test_a_game_that_never_ends_is_refused(decompose):
    with pytest.raises(InvalidGameError, match="reached from itself"):
        OutcomeSearch(Loop(), decompose=decompose).outcome(0)


def test_stats_repr_evaluates_back():
    stats = OutcomeSearch(Domineering()).stats
    assert eval(repr(stats)) == stats == OutcomeStats(0, 0, 0, 0, 0)
    assert outcome_of(Domineering(), "2x2") is Outcome.N


# ----------------------------------------------------------------- the command line
def test_cli_outcome_answers_a_board(capsys):
    report = run_json(capsys, "value", "domineering", "4x5", "--outcome")
    assert report["outcome"] == "L" and report["left_first_wins"]
    assert not report["right_first_wins"] and report["positions"] > 0
    status, out, _ = run(capsys, "value", "clobber", "xoxo|oxox|xoxo", "--outcome")
    assert status == 0 and "P (second player wins)" in out and "Left first     loses" in out


def test_cli_outcome_refuses_what_it_does_not_answer(capsys):
    status, _, err = run(capsys, "value", "nim", "3", "--outcome")
    assert status == 2 and "--outcome is for partizan games" in err
    status, _, err = run(capsys, "value", "domineering", "2x2", "--outcome", "--all")
    assert status == 2 and "--all lists winning moves" in err
