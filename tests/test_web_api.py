"""The web API: answers with the CLI's JSON keys, limits, the time budget, no file access,
and a pool of workers that heals itself (no test here asserts how long anything takes)."""

from __future__ import annotations

import json
import os
import pickle
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from grundy.cli import main  # noqa: E402
from grundy.web import compute, create_app  # noqa: E402
from grundy.web.compute import LIMITS  # noqa: E402
from grundy.web.workers import AnswerCache  # noqa: E402


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
    # Graphs are typed in the position; the forms that read files are the CLI's only.
    assert {"hackenbush", "digraph"} <= names and "digraph:FILE" not in names
    for game in games:
        command = "value" if game["kind"] == "impartial" else "solve"
        answer = client.get(
            f"/api/{command}", params={"game": game["game"], "position": game["position"]}
        )
        assert answer.status_code == 200, (game, answer.text)


def test_every_catalog_game_has_words_for_the_picker(client):
    """A title, one of a few families and a rules paragraph; the rules' example is a legal
    move of the example game; `code` games say what to type, and are those the registry
    gives a parameter (and the octal codes)."""
    from grundy.app.registry import GAMES
    from grundy.web.catalog_text import FAMILIES

    games = client.get("/api/games").json()["games"]
    families = {g["family"] for g in games}
    assert families == set(FAMILIES)
    assert 3 <= len(families) <= 6
    titles = [g["title"] for g in games]
    assert len(set(titles)) == len(titles), titles
    usages = {entry.usage: entry for entry in GAMES.values()}
    for game in games:
        assert game["title"] and game["title"] != game["name"], game
        assert 40 <= len(game["rules"]) <= 500 and "\n" not in game["rules"], game
        parameter = usages[game["name"]].parameter is not None or game["name"] == "0.d1d2..."
        assert game["code"] == parameter, game
        assert bool(game["parameter"]) == game["code"], game
        before, after = game["example_move"]
        if game["kind"] == "impartial":  # positions as typed: the rules show the move
            assert before in game["rules"] and after in game["rules"], game
            value = client.get("/api/value", params={"game": game["game"], "position": before})
            assert value.status_code == 200, (game, value.text)
        if game["kind"] == "partizan":  # a move of Left's: Right is to move after it
            assert before in game["rules"] and after in game["rules"], game
            after += " Right"
        listed = client.get("/api/options", params={"game": game["game"], "position": before})
        assert listed.status_code == 200, (game, listed.text)
        assert after in [o["text"] for o in listed.json()["options"]], (game, listed.json())


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


# ----------------------------------------------------------------- a pool that heals itself
def full_pool(client, tries: int = 600) -> dict:
    """Poll ``/api/health`` until every worker is alive and none is starting (a bounded
    number of times, 0.1 s apart: no assertion on how long it takes)."""
    for _ in range(tries):
        health = client.get("/api/health").json()
        if health["alive"] == health["workers"] and health["starting"] == 0:
            return health
        time.sleep(0.1)
    raise AssertionError(f"the pool did not heal: {health}")


def nim_value(client, *heaps: int) -> int:
    answer = client.get("/api/value", params={"game": "nim", "position": " ".join(map(str, heaps))})
    assert answer.status_code == 200, answer.text
    return answer.json()["grundy"]


@pytest.fixture(scope="module")
def healing():
    with TestClient(create_app(workers=2, budget=20.0)) as test_client:
        yield test_client


def test_health_counts_the_workers(healing):
    health = full_pool(healing)
    assert health["status"] == "ok" and health["workers"] == health["alive"] == 2
    assert health["busy"] == 0 and len(healing.app.state.pool.pids()) == 2


def test_a_killed_idle_worker_is_replaced(healing):
    pool = healing.app.state.pool
    killed = pool.pids()[0]
    os.kill(killed, signal.SIGKILL)
    # Every worker gets a turn: the dead one is never handed a request.
    assert [nim_value(healing, 3, 4, n) for n in range(100, 106)] == [
        3 ^ 4 ^ n for n in range(100, 106)
    ]
    full_pool(healing)
    assert killed not in pool.pids() and len(pool.pids()) == 2


def test_killing_every_worker_loses_no_request(healing):
    pool = healing.app.state.pool
    before = full_pool(healing)["replaced"]
    for pid in pool.pids():
        os.kill(pid, signal.SIGKILL)
    assert nim_value(healing, 5, 6, 200) == 5 ^ 6 ^ 200  # waits for a fresh worker, no 503
    health = full_pool(healing)
    assert health["replaced"] >= before + 2


def test_a_request_whose_worker_dies_is_computed_again(healing):
    """Every worker killed while one computes: the request is tried again on a fresh one."""
    slow = {"game": "chomp", "position": "9 9 9 9 9 9 9 9 8"}  # ~0.5 s
    pool = healing.app.state.pool
    full_pool(healing)
    with ThreadPoolExecutor(1) as background:
        pending = background.submit(healing.get, "/api/value", params=slow)
        for _ in range(200):  # until a worker has it (or it is done already)
            if healing.get("/api/health").json()["busy"] or pending.done():
                break
            time.sleep(0.01)
        for pid in pool.pids(busy_last=True):  # the others are dead when its loss is seen
            os.kill(pid, signal.SIGKILL)
        answer = pending.result()
    assert answer.status_code == 200, answer.text
    assert answer.json()["grundy"] == compute.value(**slow)["grundy"]
    full_pool(healing)


def test_workers_are_replaced_after_max_tasks():
    with TestClient(create_app(workers=1, max_tasks=3)) as small:
        first = small.app.state.pool.pids()
        assert [nim_value(small, 7, n) for n in range(10)] == [7 ^ n for n in range(10)]
        for _ in range(600):  # the worn worker goes once its replacement is ready
            health = small.get("/api/health").json()
            if health["replaced"] and health["alive"] == 1:
                break
            time.sleep(0.1)
        assert health["replaced"] >= 1 and small.app.state.pool.pids() != first
        assert nim_value(small, 7, 99) == 7 ^ 99


def test_the_answer_cache_is_bounded_in_bytes():
    cache = AnswerCache(max_bytes=10_000)
    for n in range(20):
        cache.put(n, pickle.dumps(list(range(500))))  # ~1.5 kB each
    assert cache.bytes <= 10_000 and 0 < len(cache) < 20
    assert cache.get(0) is None and cache.get(19) == list(range(500))
    with TestClient(create_app(workers=1, cache_bytes=30_000)) as small:
        for upto in range(2_000, 2_020):  # ~4 kB each
            assert small.get("/api/table", params={"game": "0.77", "upto": upto}).status_code == 200
        health = small.get("/api/health").json()
        assert health["cache_bytes"] <= 30_000 and 0 < health["cache_entries"] < 20
        again = small.get("/api/table", params={"game": "0.77", "upto": 2_000}).json()
        assert again["values"] == compute.table("0.77", 2_000)["values"]  # computed again


def test_an_unexpected_error_is_answered_in_json(monkeypatch):
    app = create_app(workers=1)

    async def broken(name: str, **arguments: object) -> dict:
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as small:
        monkeypatch.setattr(app.state.pool, "call", broken)
        answer = small.get("/api/value", params={"game": "nim", "position": "1"})
    assert answer.status_code == 500
    assert answer.json() == {"detail": "internal error: RuntimeError", "error": "InternalError"}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--host", ""], "every interface"),
        (["--host", " "], "every interface"),
        (["--budget", "inf"], "--budget"),
        (["--budget", "nan"], "--budget"),
        (["--budget", "0"], "--budget"),
        (["--budget", "-1"], "--budget"),
    ],
)
def test_serve_refuses_an_empty_host_and_an_endless_budget(capsys, options, message):
    with pytest.raises(SystemExit) as stop:
        main(["serve", "--port", "1", *options])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


# ----------------------------------------------------------------- remoteness and parts
def test_remoteness_is_asked_apart_from_the_value(client):
    report = client.get("/api/remoteness?game=nim&position=1 2").json()
    assert report["remoteness"] == 3 and report["remoteness_unknown"] is None
    assert report["fastest_moves_text"] == [{"position": "1 1", "move": "heap 2: 2 -> 1"}]
    lost = client.get("/api/remoteness?game=nim&position=1 1").json()
    assert lost["remoteness"] == 2 and lost["fastest_moves_text"] == []
    # A closed form answers the value of a huge Wythoff position; its remoteness would
    # need a search of every position below: refused at once, with the reason.
    huge = client.get("/api/remoteness?game=wythoff&position=1000000 2000000").json()
    assert huge["remoteness"] is None and "max_positions" in huge["remoteness_unknown"]
    assert client.get("/api/value?game=wythoff&position=1000000 2000000").status_code == 200


def test_value_lists_the_values_of_a_few_parts(client):
    report = client.get("/api/value?game=kayles&position=3 5 7").json()
    assert report["parts"] == [
        {"text": "3", "grundy": 3},
        {"text": "5", "grundy": 4},
        {"text": "7", "grundy": 2},
    ]
    assert client.get("/api/value?game=kayles&position=7").json()["parts"] is None
    many = " ".join(["1"] * 17)
    assert client.get(f"/api/value?game=nim&position={many}").json()["parts"] is None


def test_a_misere_table_stops_short_and_says_where(client):
    from grundy.games import Kayles

    report = client.get("/api/table?game=kayles&upto=60&misere=true").json()
    assert 20 <= report["upto"] < 60 and len(report["outcomes"]) == report["upto"] + 1
    assert f"outcomes stop at n = {report['upto']}" in report["stopped"]
    expected = [Kayles.outcome(n, misere=True).value for n in range(21)]
    assert report["outcomes"][:21] == expected
    assert "stopped" not in client.get("/api/table?game=kayles&upto=12&misere=true").json()


def test_refusals_read_as_words_not_code(client):
    answer = client.get("/api/value?game=wythoff&position=1000000 2000000&misere=true")
    assert answer.status_code == 400
    detail = answer.json()["detail"]
    assert not detail.startswith("Wythoff(") and "misère play" in detail, detail
    assert "raise max_positions" not in detail


def test_graph_games_answer_for_their_example_on_every_endpoint(client):
    """Green Hackenbush and tokens on a digraph: the graph typed in the position, as the
    server writes it, so every option's text can be played back."""
    games = {g["game"]: g for g in client.get("/api/games").json()["games"]}
    for game in ("hackenbush", "digraph"):
        position = games[game]["position"]
        params = {"game": game, "position": position}
        value = client.get("/api/value", params=params).json()
        assert value["position_text"] == position and value["grundy"] == 3, value
        listed = client.get("/api/options", params=params).json()
        assert listed["complete"] and listed["options"]
        for option in listed["options"]:
            moved = client.get("/api/move", params={**params, "after": option["text"]}).json()
            assert moved["position_text"] == option["text"] and moved["move"] == option["move"]
        reply = client.get("/api/reply", params=params).json()
        assert reply["winning"] and reply["position_text"] in [
            o["text"] for o in listed["options"] if o["outcome"] == "P"
        ]
        drawn = client.get("/api/graph", params=params).json()
        assert drawn["nodes"][0]["text"] == position and len(drawn["nodes"]) > 3
    hackenbush = client.get("/api/options", params={"game": "hackenbush", "position": "0-1 1-2"})
    assert hackenbush.json()["position"] == [[0, 1], [1, 2]]
    digraph = client.get("/api/options", params={"game": "digraph", "position": "0-1 tokens 0"})
    assert digraph.json()["position"] == {"edges": [[0, 1]], "tokens": [0]}
    star = " ".join(f"0-{i}" for i in range(1, 62))
    detail = refused(client.get("/api/value", params={"game": "hackenbush", "position": star}))
    assert "at most 60 edges and 40 vertices" in detail
