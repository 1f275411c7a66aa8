"""The 2-D table of two-heap positions a b (/api/table2d): Wythoff's values and two Nim
heaps against brute force, misère outcomes, and refusals of games that are not two heaps
and of tables past the server's limit."""

from __future__ import annotations

import functools

import pytest
from conftest import naive_mex

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402
from test_web_api import refused  # noqa: E402

from grundy.core.errors import InvalidPositionError  # noqa: E402
from grundy.web import compute, create_app  # noqa: E402
from grundy.web.compute import LIMITS  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=2, budget=20.0)) as test_client:
        yield test_client


def wythoff_moves(a: int, b: int):
    """Take from one heap, or the same number from both."""
    yield from ((a - k, b) for k in range(1, a + 1))
    yield from ((a, b - k) for k in range(1, b + 1))
    yield from ((a - k, b - k) for k in range(1, min(a, b) + 1))


def nim_moves(a: int, b: int):
    yield from ((a - k, b) for k in range(1, a + 1))
    yield from ((a, b - k) for k in range(1, b + 1))


@functools.cache
def wythoff(a: int, b: int) -> int:
    return naive_mex(wythoff(*o) for o in wythoff_moves(a, b))


@functools.cache
def misere_wins(moves_name: str, a: int, b: int) -> bool:
    """Does the player to move win in misère play (who cannot move wins)?"""
    moves = list({"wythoff": wythoff_moves, "nim": nim_moves}[moves_name](a, b))
    return not moves or any(not misere_wins(moves_name, *o) for o in moves)


def table2d(client, **params) -> dict:
    answer = client.get("/api/table2d", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


# ----------------------------------------------------------------- values
def test_wythoff_table_is_the_mex_recursion(client):
    upto = 24
    report = table2d(client, game="wythoff", upto=upto)
    assert report["game"] == "wythoff" and report["upto"] == upto
    assert report["misere"] is False and report["stopped"] is None
    expected = [[wythoff(a, b) for b in range(upto + 1)] for a in range(upto + 1)]
    assert report["values"] == expected
    outcomes = [["P" if v == 0 else "N" for v in row] for row in expected]
    assert report["outcomes"] == outcomes
    assert report["values"][3][5] == report["values"][5][3] == 0  # Wythoff's pair (3, 5)
    assert report["values"][1][1] == 2


def test_two_nim_heaps_are_their_xor(client):
    report = table2d(client, game="nim", upto=LIMITS["max_table2d"])
    n = LIMITS["max_table2d"] + 1
    assert report["values"] == [[a ^ b for b in range(n)] for a in range(n)]


def test_two_heaps_of_a_heap_game_xor_their_values(client):
    single = client.get("/api/table", params={"game": "kayles", "upto": 20}).json()["values"]
    report = table2d(client, game="kayles", upto=20)
    assert report["values"] == [[x ^ y for y in single] for x in single]


@pytest.mark.parametrize("game", ["wythoff", "nim"])
def test_misere_gives_outcomes_only(client, game):
    upto = 12
    report = table2d(client, game=game, upto=upto, misere=True)
    assert report["misere"] is True and report["values"] is None
    expected = [
        ["N" if misere_wins(game, a, b) else "P" for b in range(upto + 1)] for a in range(upto + 1)
    ]
    assert report["outcomes"] == expected


def test_the_catalog_says_which_games_have_a_2d_table(client):
    games = {g["game"]: g for g in client.get("/api/games").json()["games"]}
    assert games["wythoff"]["pairs"] and games["nim"]["pairs"] and games["kayles"]["pairs"]
    assert not games["wythoff"]["heaps"]  # a 2-D table but no sequence of single heaps
    for name in ("mock-turtles", "fibonacci-nim", "chomp", "tictactoe"):
        assert not games[name]["pairs"], name


# ----------------------------------------------------------------- refusals
@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("mock-turtles", "two heap sizes a b"),  # coins, each once, in order
        ("fibonacci-nim", "two heap sizes a b"),  # a heap and a limit no larger than it
        ("chomp", "two heap sizes a b"),
        ("tictactoe", "two-player game"),
    ],
)
def test_games_without_two_heap_positions_are_refused(client, game, words):
    detail = refused(client.get("/api/table2d", params={"game": game, "upto": 5}))
    assert words in detail and game in detail and "\n" not in detail


def test_past_the_limit_is_refused(client):
    too_many = LIMITS["max_table2d"] + 1
    assert "less than or equal" in refused(
        client.get("/api/table2d", params={"game": "wythoff", "upto": too_many}), 422
    )
    with pytest.raises(InvalidPositionError, match="not from 0 to"):
        compute.table2d("wythoff", too_many)
    assert client.get("/api/limits").json()["max_table2d"] == LIMITS["max_table2d"] == 64


def test_a_search_past_the_position_limit_stops_at_a_whole_square(client):
    # Moore's Nim_2 of two heaps has no closed form for its values: a search, which stops.
    report = table2d(client, game="moore:2", upto=LIMITS["max_table2d"])
    assert 0 < report["upto"] < LIMITS["max_table2d"], report["upto"]
    assert f"the table stops at a, b <= {report['upto']}" in report["stopped"]
    n = report["upto"] + 1
    assert len(report["values"]) == n and all(len(row) == n for row in report["values"])
    assert report["values"][1][2] == compute.value("moore:2", "1 2")["grundy"]


def test_a_misere_table_stops_short_within_its_own_cap(client):
    report = table2d(client, game="kayles", upto=40, misere=True)
    assert 5 <= report["upto"] < 40 and report["values"] is None
    stopped = report["stopped"]
    assert "the misère search of" in stopped, stopped
    assert f"more than {LIMITS['max_misere_table']:,} positions" in stopped, stopped
    n = report["upto"] + 1
    assert len(report["outcomes"]) == n and all(len(row) == n for row in report["outcomes"])
    # Two Kayles heaps a b: the outcome the position's own search gives.
    assert report["outcomes"][2][3] == compute.value("kayles", "2 3", misere=True)["outcome"]
    assert table2d(client, game="kayles", upto=6, misere=True)["stopped"] is None
