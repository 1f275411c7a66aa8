"""The web API: answers with the CLI's JSON keys, limits, the time budget, no file access."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from grundy.cli import main  # noqa: E402
from grundy.web import create_app  # noqa: E402
from grundy.web.compute import LIMITS  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=2, budget=20.0)) as test_client:
        yield test_client


def cli_json(capsys, *words: str) -> dict:
    with pytest.raises(SystemExit) as stop:
        main(list(words))
    assert stop.value.code == 0
    return json.loads(capsys.readouterr().out)


def refused(response, status: int = 400) -> str:
    """The one-line message of a refused request."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    return detail if isinstance(detail, str) else detail[0]["msg"]


# ----------------------------------------------------------------- same answers as the CLI
@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/api/value?game=nim&position=3 4 5", ["value", "nim", "3", "4", "5"]),
        (
            "/api/value?game=kayles&position=3 5&misere=true",
            ["value", "kayles", "3", "5", "--misere"],
        ),
        ("/api/value?game=wythoff&position=4 9", ["value", "wythoff", "4", "9"]),
        ("/api/solve?game=tictactoe&position=xo./.x./..o", ["solve", "tictactoe", "xo./.x./..o"]),
        ("/api/solve?game=give-and-take:5", ["solve", "give-and-take:5"]),
        ("/api/solve?game=nim&position=1 2", ["solve", "nim", "1", "2"]),
        (
            "/api/table?game=0.77&upto=80&certify=true",
            ["table", "0.77", "--upto", "80", "--certify"],
        ),
        ("/api/table?game=lasker&upto=12", ["table", "lasker", "--upto", "12"]),
        ("/api/table?game=nim&upto=6&misere=true", ["table", "nim", "--upto", "6", "--misere"]),
    ],
)
def test_answers_equal_the_cli_json(client, capsys, path, words):
    answer = client.get(path)
    assert answer.status_code == 200, answer.text
    expected = cli_json(capsys, *words, "--json")
    got = answer.json()
    got.pop("seconds", None), expected.pop("seconds", None)  # solve times differ
    assert got == expected


def test_every_catalog_game_answers_for_its_example(client):
    games = client.get("/api/games").json()["games"]
    names = {g["name"] for g in games}
    assert "nim" in names and "tictactoe" in names
    assert not names & {"hackenbush", "digraph:FILE"}  # they read files
    for game in games:
        command = "value" if game["kind"] == "impartial" else "solve"
        answer = client.get(
            f"/api/{command}", params={"game": game["game"], "position": game["position"]}
        )
        assert answer.status_code == 200, (game, answer.text)


# ----------------------------------------------------------------- play
def test_value_gives_the_reason_and_described_moves(client):
    answer = client.get("/api/value", params={"game": "nim", "position": "3 4 5"}).json()
    assert answer["reason"] == "XOR of the heaps: 3 ⊕ 4 ⊕ 5 = 2"
    assert answer["winning_moves_text"] == [{"position": "1 4 5", "move": "heap 1: 3 -> 1"}]


def test_options_say_what_each_move_leaves(client):
    answer = client.get("/api/options", params={"game": "nim", "position": "1 2"}).json()
    assert [(o["text"], o["grundy"], o["outcome"]) for o in answer["options"]] == [
        ("0 2", 2, "N"),
        ("1 0", 1, "N"),
        ("1 1", 0, "P"),
    ]
    board = client.get(
        "/api/options", params={"game": "tictactoe", "position": "xx./oo./..."}
    ).json()
    values = {o["text"]: o["value"] for o in board["options"]}
    assert values["xxx/oo./..."] == "win" and len(values) == 5


def test_a_person_moves_and_the_engine_replies(client):
    moved = client.get(
        "/api/move", params={"game": "nim", "position": "3 4 5", "after": "3 4 1"}
    ).json()
    assert moved["position_text"] == "3 4 1" and moved["move"] == "heap 3: 5 -> 1"
    reply = client.get("/api/reply", params={"game": "nim", "position": "3 4 1"}).json()
    assert reply["winning"] and reply["position_text"] == "3 2 1"
    lost = client.get("/api/reply", params={"game": "nim", "position": "1 2 3"}).json()
    assert not lost["winning"] and lost["position"] is not None
    over = client.get("/api/reply", params={"game": "nim", "position": "0 0"}).json()
    assert over["position"] is None and over["move"] is None
    two = client.get("/api/reply", params={"game": "tictactoe", "position": "xx./oo./..."})
    assert two.json()["position_text"] == "xxx/oo./..."


def test_an_illegal_move_is_refused_with_a_message(client):
    message = refused(
        client.get("/api/move", params={"game": "nim", "position": "3 4 5", "after": "3 4 6"})
    )
    assert message == "illegal move: 3 4 6 cannot be reached from 3 4 5 in one move"


def test_graph_of_a_small_position(client):
    drawn = client.get("/api/graph", params={"game": "nim", "position": "2 2"}).json()
    outcomes = {n["text"]: (n["grundy"], n["outcome"]) for n in drawn["nodes"]}
    assert outcomes["2 2"] == (0, "P") and outcomes["0 0"] == (0, "P")
    levels = [n["level"] for n in drawn["nodes"]]
    assert all(levels[a] < levels[b] for a, b in drawn["edges"])  # drawn downwards


# ----------------------------------------------------------------- limits
@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"game": "chess", "position": "1"}, "unknown game 'chess'"),
        ({"game": "digraph:/etc/passwd", "position": "0"}, "reads files"),
        ({"game": "hackenbush", "position": "/etc/passwd"}, "reads files"),
        ({"game": "nim", "position": "3 -4"}, "negative"),
        ({"game": "nim", "position": "three"}, "three"),
        ({"game": "grundys-game", "position": str(10**9)}, "max_positions"),
        ({"game": "tictactoe", "position": ""}, "two-player game"),
    ],
)
def test_bad_values_are_refused_in_one_line(client, params, message):
    detail = refused(client.get("/api/value", params=params))
    assert message in detail and "\n" not in detail


def test_tables_of_games_that_read_files_are_refused(client):
    detail = refused(client.get("/api/table", params={"game": "digraph:/etc/passwd", "upto": 3}))
    assert "reads files" in detail


def test_sizes_are_validated(client):
    assert "less than or equal" in refused(
        client.get("/api/table", params={"game": "0.77", "upto": LIMITS["max_upto"] + 1}), 422
    )
    assert "at most" in refused(
        client.get("/api/value", params={"game": "nim", "position": "1 " * 600}), 422
    )
    assert "more than 60 positions" in refused(
        client.get("/api/graph", params={"game": "nim", "position": "5 6 7"})
    )


def test_nothing_outside_the_static_folder_is_served(client):
    page = client.get("/")
    assert (
        page.status_code == 200 and "default-src 'self'" in page.headers["content-security-policy"]
    )
    assert "content-security-policy" not in client.get("/docs").headers  # Swagger UI's CDN
    for path in ["/static/../../pyproject.toml", "/static/%2e%2e/app.py", "/static/../app.py"]:
        assert client.get(path).status_code == 404


def test_a_request_past_the_budget_is_stopped_and_the_server_goes_on():
    slow = {"game": "chomp", "position": " ".join(["9"] * 9)}  # 48,620 positions: ~0.5 s
    with TestClient(create_app(workers=1, budget=0.1)) as small:
        message = refused(small.get("/api/value", params=slow))
        assert "budget of 0.1 s" in message
        quick = small.get("/api/value", params={"game": "nim", "position": "3 4 5"})
        assert quick.status_code == 200 and quick.json()["grundy"] == 2
