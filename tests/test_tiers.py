"""grundy.twoplayer.solve_tiers: the plain solver's answers, one store on any engine,
checkpoints and resumed runs, damaged stores, bad games, a Ray worker killed mid-task, CLI."""

from __future__ import annotations

import functools
import json
import os
import random
import re
import signal
import threading
import time
import zipfile
from pathlib import Path

import numba
import numpy as np
import pytest
from typer.testing import CliRunner

from grundy.app import registry
from grundy.cli import app
from grundy.core.errors import (
    DatabaseError,
    InvalidGameError,
    MoveGenerationError,
    PositionLimitError,
)
from grundy.games import TicTacToe
from grundy.twoplayer import (
    Encoding,
    TwoPlayerGame,
    Value,
    load,
    load_tiers,
    save,
    solve,
    solve_tiers,
    tiers,
)

# Shard sizes that give several shards in the larger tiers of each game.
SMALL_SHARDS = {
    "tictactoe": 50,
    "connect-four:3x3": 20,
    "connect-four:4x3": 200,
    "connect-four:4x4": 1000,
}
SHARD_FILE = re.compile(r"tier-(\d+)\.shard-(\d+)\.npz")


# ----------------------------------------------------------------- helpers
def by_code(solution) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Codes, values and remoteness, sorted by code (the two solvers store other orders)."""
    codes = np.asarray(solution._codes)
    order = np.argsort(codes, kind="stable")
    return codes[order], np.asarray(solution._value)[order], np.asarray(solution._remoteness)[order]


def assert_same_positions(tiered, plain) -> None:
    assert len(tiered) == len(plain)
    assert (tiered.symmetry, tiered.root) == (plain.symmetry, plain.root)
    for mine, theirs in zip(by_code(tiered), by_code(plain), strict=True):
        np.testing.assert_array_equal(mine, theirs)


def database(solution, path: Path) -> bytes:
    """The bytes of `solution` saved as a solved-game file."""
    save(solution, path)
    return path.read_bytes()


def manifest(store: Path) -> dict:
    return json.loads((store / "manifest.json").read_text())


def write_manifest(store: Path, data: dict) -> None:
    (store / "manifest.json").write_text(json.dumps(data))


def shard_files(store: Path, kind: str) -> set[tuple[int, int]]:
    """(tier, shard) of every ``kind/tier-T.shard-S.npz`` file of `store`."""
    found = set()
    for path in (store / kind).iterdir():
        match = SHARD_FILE.fullmatch(path.name)
        if match:
            found.add((int(match[1]), int(match[2])))
    return found


def shard_path(store: Path, kind: str, tier: int, shard: int) -> Path:
    return store / kind / f"tier-{tier}.shard-{shard}.npz"


@pytest.fixture
def tasks(monkeypatch):
    """Count the tasks of a solve with workers=1 (run in this process), and which computed.

    The solve submits ``tiers.expand_shard`` and ``tiers.label_shard`` by looking them
    up in the module when it runs, so wrapping the module attributes catches every task.
    A task computes when its output file is absent; else it returns at once.
    """
    calls: dict[str, list[tuple[int, int, bool]]] = {"children": [], "values": []}
    for kind, name in (("children", "expand_shard"), ("values", "label_shard")):
        original = getattr(tiers, name)

        def counted(store, game, symmetry, tier, shard, *rest, _kind=kind, _original=original):
            absent = not shard_path(Path(store), _kind, tier, shard).exists()
            calls[_kind].append((tier, shard, absent))
            return _original(store, game, symmetry, tier, shard, *rest)

        monkeypatch.setattr(tiers, name, counted)
    return calls


def computed(calls: list[tuple[int, int, bool]]) -> set[tuple[int, int]]:
    return {(tier, shard) for tier, shard, absent in calls if absent}


# ----------------------------------------------------------------- a small game with tiers
# Add 1 or 2 to a counter that stops at _TOP; whoever cannot move loses. A position is
# (counter, player to move), code 2 * counter + player. Its tiers can be chosen: spread
# out (moves skip tiers, and a position's options lie in two tiers), constant, or
# dropping back after a few moves, which the tiered solver must refuse.
_TOP = 12


@numba.njit
def _count_moves(code, out):
    counter, player = code // 2, code % 2
    n = 0
    for step in (1, 2):
        if counter + step <= _TOP:
            out[n] = 2 * (counter + step) + 1 - player
            n += 1
    return n


@numba.njit
def _count_end_value(code):
    return -1  # the player to move cannot move: lost


@numba.njit
def _spread_tier(code):
    return 3 * (code // 2)


@numba.njit
def _flat_tier(code):
    return 0


@numba.njit
def _dropping_tier(code):
    counter = code // 2
    return counter if counter < 3 else 0


_TIER_FUNCTIONS = {"spread": _spread_tier, "flat": _flat_tier, "dropping": _dropping_tier}


def _encode_count(position) -> int:
    return 2 * position[0] + position[1]


def _decode_count(code) -> tuple[int, int]:
    return int(code) // 2, int(code) % 2


class Count(TwoPlayerGame):
    """The counting game above, with the tiers called `kind` (a key of _TIER_FUNCTIONS)."""

    def __init__(self, kind: str = "spread") -> None:
        self.kind = kind
        self.name = f"count-{kind}"

    def start(self):
        return (0, 0)

    def moves(self, position):
        counter, player = position
        return [(counter + k, 1 - player) for k in (1, 2) if counter + k <= _TOP]

    def to_move(self, position):
        return position[1]

    def payoff(self, position):
        return -1 if position[1] == 0 else 1  # the player to move lost

    def format_position(self, position):
        return f"counter {position[0]} (player {position[1]} to move)"

    @functools.cached_property
    def encoding(self) -> Encoding:
        return Encoding(
            moves=_count_moves,
            end_value=_count_end_value,
            encode=_encode_count,
            decode=_decode_count,
            max_moves=2,
            tier=_TIER_FUNCTIONS[self.kind],
        )


class NoEncoding(TwoPlayerGame):
    """A two-player game with Python rules only."""

    name = "no-encoding"

    def start(self):
        return 2

    def moves(self, n):
        return [n - 1] if n else []

    def to_move(self, n):
        return n % 2

    def payoff(self, n):
        return 1


# ----------------------------------------------------------------- 1. the plain solver's answers
@pytest.mark.parametrize(
    ("name", "symmetry", "shard_size"),
    [
        ("tictactoe", True, 50),
        ("tictactoe", False, 300),
        ("connect-four:3x3", True, 20),
        ("connect-four:4x3", True, 200),
        ("connect-four:4x4", True, 1000),
    ],
)
def test_tiers_give_the_plain_solution(tmp_path, name, symmetry, shard_size):
    game = registry.find(name)
    plain = solve(game, symmetry=symmetry, compiled=True)
    tiered = solve_tiers(game, tmp_path, workers=1, symmetry=symmetry, shard_size=shard_size)
    assert_same_positions(tiered, plain)

    # the store: one tier per number of pieces, several shards in the larger tiers
    pieces = 9 if name == "tictactoe" else game.width * game.height
    assert manifest(tmp_path)["tiers"] == list(range(pieces + 1))
    assert manifest(tmp_path)["finished"] is True
    values = shard_files(tmp_path, "values")
    assert values == shard_files(tmp_path, "children")
    assert max(shard for _, shard in values) >= 2

    # positions ordered by tier, then code
    tier_of = game.encoding.tier
    keys = [(int(tier_of(c)), int(c)) for c in tiered._codes]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)

    # queries at the start and at positions drawn from the solution
    rng = random.Random(f"{name}-{symmetry}")
    codes = [int(c) for c in rng.sample(list(plain._codes), 40)]
    positions = [game.start()] + [game.encoding.decode(c) for c in codes]
    for position in positions:
        assert tiered.value(position) == plain.value(position), position
        assert tiered.remoteness(position) == plain.remoteness(position), position
        assert tiered.best_moves(position) == plain.best_moves(position), position


def test_tictactoe_values_and_counts(tmp_path):
    game = TicTacToe()
    solution = solve_tiers(game, tmp_path / "t", workers=1, shard_size=50)
    assert (solution.value(game.start()), solution.remoteness(game.start())) == (Value.TIE, 9)
    assert solution.value("xx.oo....") == Value.WIN
    assert solution.best_moves("xx.oo....") == ["xxxoo...."]
    assert solution.counts() == {Value.LOSS: 224, Value.TIE: 151, Value.WIN: 390}
    assert load_tiers(tmp_path / "t", game).counts() == solution.counts()


def test_moves_may_skip_tiers(tmp_path):
    # tiers 0, 3, 6...: each position has options in two later tiers, some tiers are empty
    game = Count("spread")
    tiered = solve_tiers(game, tmp_path, workers=1, shard_size=1)
    plain = solve(game, compiled=True)
    assert_same_positions(tiered, plain)
    assert manifest(tmp_path)["tiers"] == [3 * n for n in range(_TOP + 1)]
    for counter in range(_TOP + 1):  # multiples of 3 short of the top lose
        expected = Value.LOSS if (_TOP - counter) % 3 == 0 else Value.WIN
        assert tiered.value((counter, counter % 2)) == expected


def test_progress_lines(tmp_path, capsys):
    solve_tiers(TicTacToe(), tmp_path, workers=1, progress=True)
    err = capsys.readouterr().err
    assert "solving tictactoe by tiers on LocalEngine(workers=1)" in err
    assert "tier 9: " in err and "positions found" in err and "positions solved" in err


# ----------------------------------------------------------------- 2. the store on any engine
@pytest.mark.parametrize("name", ["tictactoe", "connect-four:4x3"])
def test_the_store_does_not_depend_on_the_workers(tmp_path, name):
    game = registry.find(name)
    size = SMALL_SHARDS[name]
    one = solve_tiers(game, tmp_path / "one", workers=1, shard_size=size)
    two = solve_tiers(game, tmp_path / "two", engine="local", workers=2, shard_size=size)
    assert database(one, tmp_path / "one.solved") == database(two, tmp_path / "two.solved")
    assert shard_files(tmp_path / "one", "values") == shard_files(tmp_path / "two", "values")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["connect-four:4x4", "tictactoe"])
def test_ray_gives_the_same_store(tmp_path, name):
    pytest.importorskip("ray")
    game = registry.find(name)
    size = SMALL_SHARDS[name]
    local = solve_tiers(game, tmp_path / "local", workers=1, shard_size=size)
    ray = solve_tiers(game, tmp_path / "ray", engine="ray", workers=2, shard_size=size)
    assert database(local, tmp_path / "local.solved") == database(ray, tmp_path / "ray.solved")
    # tic-tac-toe by move count: tier t holds the boards of t marks
    pieces = 9 if name == "tictactoe" else 16
    assert manifest(tmp_path / "ray")["tiers"] == list(range(pieces + 1))


# ----------------------------------------------------------------- 3. checkpoints and resuming
@pytest.fixture
def solved_store(tmp_path):
    """A finished store of connect four 4x3 in small shards, and its saved database."""
    game = registry.find("connect-four:4x3")
    store = tmp_path / "store"
    reference = database(
        solve_tiers(game, store, workers=1, shard_size=200), tmp_path / "reference.solved"
    )
    return game, store, reference


def test_resume_after_a_run_killed_while_labelling(tmp_path, solved_store, tasks):
    game, store, reference = solved_store
    values = shard_files(store, "values")
    # killed while labelling tier T (every shard of the lower tiers still to do): the
    # higher tiers' values are kept, a few of tier T's, and a temporary file half written
    tier = min(t for t, s in values if s >= 2)
    lost = {(t, s) for t, s in values if t < tier or t == tier and s % 2 == 0}
    for t, s in lost:
        shard_path(store, "values", t, s).unlink()
    (store / "values" / f"tier-{tier}.shard-0.npz.4242.partial").write_bytes(b"PK\x03")
    write_manifest(store, {**manifest(store), "finished": False})
    with pytest.raises(DatabaseError, match="is not finished"):
        load_tiers(store, game)

    again = solve_tiers(game, store, workers=1, shard_size=200)
    assert computed(tasks["values"]) == lost
    assert len(tasks["values"]) == len(values)  # one task per shard, no shard twice
    assert computed(tasks["children"]) == set()
    assert len(tasks["children"]) == len(values)
    assert database(again, tmp_path / "again.solved") == reference
    assert manifest(store)["finished"] is True


def test_resume_after_a_run_killed_while_discovering(tmp_path, solved_store, tasks):
    game, store, reference = solved_store
    children = shard_files(store, "children")
    # killed while expanding tier T: no values yet, no tier list in the manifest, the
    # positions of the tiers up to T and some of tier T's children
    tier = min(t for t, s in children if s >= 2)
    lost = {(t, s) for t, s in children if t > tier or t == tier and s % 2 == 1}
    for t, s in lost:
        shard_path(store, "children", t, s).unlink()
    for t in range(tier + 1, 13):
        (store / "positions" / f"tier-{t}.npz").unlink()
    for path in (store / "values").iterdir():
        path.unlink()
    old = manifest(store)
    write_manifest(store, {k: v for k, v in old.items() if k != "tiers"} | {"finished": False})

    again = solve_tiers(game, store, workers=1, shard_size=200)
    assert computed(tasks["children"]) == lost
    assert len(tasks["children"]) == len(children)
    assert computed(tasks["values"]) == children
    assert database(again, tmp_path / "again.solved") == reference
    assert manifest(store)["tiers"] == old["tiers"]


def test_a_finished_store_is_read_back_whatever_the_shard_size(tmp_path, solved_store, tasks):
    game, store, reference = solved_store
    # the store keeps its shard size: a rerun asking for another computes nothing
    again = solve_tiers(game, store, workers=1, shard_size=7)
    assert computed(tasks["children"]) == computed(tasks["values"]) == set()
    assert manifest(store)["shard_size"] == 200
    assert database(again, tmp_path / "again.solved") == reference
    assert database(load_tiers(store, game), tmp_path / "loaded.solved") == reference


def test_a_store_of_another_game_or_symmetry_is_refused(tmp_path):
    store = tmp_path / "store"
    solve_tiers(TicTacToe(), store, workers=1)
    other = registry.find("connect-four:3x3")
    with pytest.raises(DatabaseError, match="solves tictactoe, not connect-four:3x3"):
        solve_tiers(other, store, workers=1)
    with pytest.raises(DatabaseError, match="solves tictactoe, not connect-four:3x3"):
        load_tiers(store, other)
    with pytest.raises(DatabaseError, match="symmetry=True"):
        solve_tiers(TicTacToe(), store, workers=1, symmetry=False)
    assert manifest(store)["symmetry"] is True and manifest(store)["finished"] is True
    with pytest.raises(DatabaseError, match="not a tier store: no manifest.json"):
        load_tiers(tmp_path / "nothing", TicTacToe())


def test_position_limit_leaves_an_unfinished_store_that_resumes(tmp_path):
    game = TicTacToe()
    with pytest.raises(PositionLimitError, match="more than 100 positions"):
        solve_tiers(game, tmp_path, workers=1, max_positions=100)
    with pytest.raises(DatabaseError, match="is not finished: run the solve again"):
        load_tiers(tmp_path, game)
    with pytest.raises(PositionLimitError, match="more than 764 positions"):
        solve_tiers(game, tmp_path, workers=1, max_positions=764)
    assert len(solve_tiers(game, tmp_path, workers=1, max_positions=765)) == 765


@pytest.mark.parametrize(
    "damaged", ["values/tier-6.shard-1.npz", "positions/tier-6.npz", "values/tier-0.shard-0.npz"]
)
@pytest.mark.parametrize("how", ["truncated", "empty"])
def test_a_damaged_store_file_is_a_one_line_error_naming_it(tmp_path, damaged, how):
    game = TicTacToe()
    store = tmp_path / "store"
    solve_tiers(game, store, workers=1, shard_size=50)
    path = store / damaged
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2] if how == "truncated" else b"")
    for run in (lambda: load_tiers(store, game), lambda: solve_tiers(game, store, workers=1)):
        with pytest.raises(DatabaseError) as info:
            run()
        message = str(info.value)
        assert "\n" not in message and str(path) in message


@pytest.mark.parametrize("how", ["truncated", "empty"])
def test_a_damaged_children_file_is_a_database_error(tmp_path, how):
    game = TicTacToe()
    solve_tiers(game, tmp_path, workers=1, shard_size=50)
    path = shard_path(tmp_path, "children", 6, 1)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2] if how == "truncated" else b"")
    with pytest.raises(DatabaseError) as info:
        solve_tiers(game, tmp_path, workers=1)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


def garble_first_member(path: Path) -> None:
    """Overwrite the compressed data of the first member of zip file `path` with 0xFF.

    The archive stays readable; the member's deflate stream starts with block type 3,
    which does not exist, so inflating it fails (in zlib, not in zipfile).
    """
    with zipfile.ZipFile(path) as archive:
        member = archive.infolist()[0]
    data = bytearray(path.read_bytes())
    at = member.header_offset
    name_length = int.from_bytes(data[at + 26 : at + 28], "little")
    extra_length = int.from_bytes(data[at + 28 : at + 30], "little")
    start = at + 30 + name_length + extra_length
    data[start : start + member.compress_size] = b"\xff" * member.compress_size
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damaged", ["values/tier-6.shard-1.npz", "positions/tier-6.npz"])
def test_a_store_file_with_garbled_data_is_a_database_error(tmp_path, damaged):
    game = TicTacToe()
    solve_tiers(game, tmp_path, workers=1, shard_size=50)
    garble_first_member(tmp_path / damaged)
    with pytest.raises(DatabaseError) as info:
        load_tiers(tmp_path, game)
    assert "\n" not in str(info.value) and str(tmp_path / damaged) in str(info.value)


# ----------------------------------------------------------------- 3b. files that are checked
def one_line_database_error(run, *words: str) -> str:
    with pytest.raises(DatabaseError) as info:
        run()
    message = str(info.value)
    assert "\n" not in message, message
    for word in words:
        assert word in message, message
    return message


@pytest.fixture
def tictactoe_store(tmp_path):
    """A finished store of tic-tac-toe (one shard a tier)."""
    store = tmp_path / "store"
    solution = solve_tiers(TicTacToe(), store, workers=1)
    assert (solution.value("x...o...."), solution.remoteness("x...o....")) == (Value.TIE, 7)
    return store


def both_refuse(store, *words: str) -> None:
    """Reading the store back and solving through it again are both refused."""
    game = TicTacToe()
    one_line_database_error(lambda: load_tiers(store, game), *words)
    one_line_database_error(lambda: solve_tiers(game, store, workers=1), *words)


def test_swapped_values_files_are_refused(tictactoe_store):
    """Issue 20: two values files swapped gave 'win in 1' for x...o.... (a tie in 7)."""
    store = tictactoe_store
    three, five = shard_path(store, "values", 3, 0), shard_path(store, "values", 5, 0)
    three.rename(store / "swap")
    five.rename(three)
    (store / "swap").rename(five)
    both_refuse(store, str(three), "was written as values/tier-5.shard-0.npz")


def test_a_file_copied_from_another_store_is_refused(tmp_path, tictactoe_store):
    other = tmp_path / "other"
    solve_tiers(TicTacToe(), other, workers=1)
    path = shard_path(tictactoe_store, "values", 4, 0)
    path.write_bytes(shard_path(other, "values", 4, 0).read_bytes())
    both_refuse(tictactoe_store, str(path), "belongs to another store")


@pytest.mark.parametrize("kind", ["values", "positions"])
def test_an_array_edited_by_hand_is_refused(tictactoe_store, kind):
    """An edited array in a well-formed file (its check kept) does not match its checksum."""
    store = tictactoe_store
    path = store / ("values/tier-4.shard-0.npz" if kind == "values" else "positions/tier-4.npz")
    with np.load(path) as data:
        arrays = {key: data[key].copy() for key in data.files}
    key = "value" if kind == "values" else "codes"
    arrays[key][0] = arrays[key][0] + 1
    with open(path, "wb") as f:
        np.savez(f, **arrays)
    both_refuse(store, str(path), f"the checksum of {key} does not match")


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda m: m.pop("symmetry"), "symmetry is missing, not a bool"),
        (lambda m: m.update(shard_size="x"), "shard_size is 'x', not an int"),
        (lambda m: m.update(shard_size=0), "shard_size, root_code or id is out of range"),
        (lambda m: m.update(finished="yes"), "finished is 'yes', not a bool"),
        (lambda m: m.update(id="another"), "out of range"),
        (lambda m: m.update(format=1), "written by an older grundy, without checksums"),
        (lambda m: m.update(format=7), "is not a tier store manifest of format 2"),
    ],
)
def test_a_damaged_manifest_is_one_line_error(tictactoe_store, edit, words):
    """Issue 20: a manifest without symmetry or with shard_size "x" was a traceback."""
    data = manifest(tictactoe_store)
    edit(data)
    write_manifest(tictactoe_store, data)
    both_refuse(tictactoe_store, words)


def test_a_manifest_with_another_shard_size_is_refused(tictactoe_store):
    """Issue 20: shard_size 1 in the manifest of a finished store gave a wrong count."""
    write_manifest(tictactoe_store, {**manifest(tictactoe_store), "shard_size": 1})
    before = {p.name for p in (tictactoe_store / "values").iterdir()}
    both_refuse(tictactoe_store, "the manifest's shard_size does not match the store")
    assert {p.name for p in (tictactoe_store / "values").iterdir()} == before  # none written


def test_tier_counts_must_match_the_positions_files(tictactoe_store):
    data = manifest(tictactoe_store)
    data["counts"][3] += 1
    write_manifest(tictactoe_store, data)
    one_line_database_error(
        lambda: load_tiers(tictactoe_store, TicTacToe()), "positions, the manifest says"
    )


def test_no_partial_file_is_left_by_a_store(tmp_path):
    """Issue 20: --store left .partial files behind."""
    store = tmp_path / "store"
    (store / "values").mkdir(parents=True)
    # a run killed mid-write leaves one; the next run that finishes removes it
    (store / "values" / "tier-3.shard-0.npz.4242.partial").write_bytes(b"PK\x03")
    (store / "manifest.json.partial").write_bytes(b"{")
    solve_tiers(TicTacToe(), store, workers=2, shard_size=50)
    assert not list(store.rglob("*.partial"))
    # a write that fails (a values file's place taken by a directory) leaves none either
    path = shard_path(store, "values", 8, 0)
    path.unlink()
    path.mkdir()
    write_manifest(store, {**manifest(store), "finished": False})
    one_line_database_error(lambda: solve_tiers(TicTacToe(), store, workers=1), str(path))
    assert not list(store.rglob("*.partial"))


def test_cli_save_to_a_directory_leaves_no_partial_file(tmp_path):
    """Issue 20: solve --save DIR failed after writing DIR.partial, and left it there."""
    folder = tmp_path / "folder"
    folder.mkdir()
    assert_one_line_error(invoke("solve", "tictactoe", "--save", str(folder)), "is a directory")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]
    path = tmp_path / "t.solved"
    result = invoke("solve", "tictactoe", "--save", str(path))
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "t.solved"]


def test_a_saved_solution_with_an_edited_header_is_refused(tmp_path):
    path = tmp_path / "t.solved"
    save(solve(TicTacToe()), path)
    data = path.read_bytes()
    edited = data.replace(b'"root": "........."', b'"root": "x........"')
    assert edited != data
    path.write_bytes(edited)
    with pytest.raises(DatabaseError, match="the checksum of its header does not match"):
        load(path, TicTacToe())
    path.write_bytes(data.replace(b'"symmetry": true', b'"symmetry": 1   '))
    with pytest.raises(DatabaseError, match="damaged header"):
        load(path, TicTacToe())


# ----------------------------------------------------------------- 4. bad input
@pytest.mark.parametrize(
    "game", [NoEncoding(), registry.find("give-and-take:6")], ids=["no-encoding", "give-and-take"]
)
def test_a_game_without_tiers_is_refused(tmp_path, game):
    with pytest.raises(InvalidGameError, match="declares no tiers"):
        solve_tiers(game, tmp_path / "store", workers=1)
    assert not (tmp_path / "store").exists()


@pytest.mark.parametrize("size", [0, -1, True, 2.5, "100"])
def test_a_bad_shard_size_is_refused(tmp_path, size):
    with pytest.raises(InvalidGameError, match="shard_size must be a positive integer"):
        solve_tiers(TicTacToe(), tmp_path / "store", workers=1, shard_size=size)
    assert not (tmp_path / "store").exists()


@pytest.mark.parametrize(
    ("kind", "position", "tier"),
    [
        ("flat", "counter 0 (player 0 to move)", 0),
        ("dropping", "counter 1 (player 1 to move)", 1),  # 1 -> 3 drops to tier 0
    ],
)
def test_tiers_that_do_not_increase_are_refused(tmp_path, kind, position, tier):
    game = Count(kind)
    assert solve(game).value(game.start()) == Value.LOSS  # the rules themselves are fine
    with pytest.raises(MoveGenerationError) as info:
        solve_tiers(game, tmp_path, workers=1)
    message = str(info.value)
    assert f"a move from {position} (tier {tier}) does not lead to a higher tier" in message
    assert message.startswith(f"count-{kind}: ")


# ----------------------------------------------------------------- 5. a Ray worker killed
TASK_TITLES = (b"ray::expand_shard", b"ray::label_shard")  # Ray's titles for our tasks


def _parent(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat[stat.rindex(")") + 2 :].split()[1])  # after "pid (name) state"


def _descends_from_us(pid: int) -> bool:
    """Whether `pid` is a process this test process started (through Ray's raylet)."""
    me = os.getpid()
    try:
        while pid > 1:
            pid = _parent(pid)
            if pid == me:
                return True
    except (OSError, ValueError, IndexError):
        pass
    return False


def _task_title(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0]
    except OSError:
        return b""


def _kill_task_workers(killed: list, stop: threading.Event) -> None:
    """Kill (SIGKILL) one Ray worker running each of our two tasks, as soon as seen."""
    while not stop.is_set() and len(killed) < len(TASK_TITLES):
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            pid = int(entry)
            title = _task_title(pid)
            if title not in TASK_TITLES or title in {t for _, t in killed}:
                continue
            if not _descends_from_us(pid) or _task_title(pid) != title:
                continue  # not ours, or the task ended meanwhile
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                continue
            killed.append((pid, title))
        time.sleep(0.002)


@pytest.mark.slow
def test_ray_retries_a_task_whose_worker_is_killed(tmp_path):
    pytest.importorskip("ray")
    if not os.path.isdir("/proc"):
        pytest.skip("finds Ray's worker processes through /proc")
    # about 2 million positions in shards of 50,000: some fifty tasks in each pass, so the
    # two workers run our tasks most of the time (the process title names the task)
    game = registry.find("connect-four:5x4")
    killed: list[tuple[int, bytes]] = []
    stop = threading.Event()
    killer = threading.Thread(target=_kill_task_workers, args=(killed, stop), daemon=True)
    killer.start()
    try:  # the solve in this thread: Ray starts (and shuts down) from the main thread
        tiered = solve_tiers(game, tmp_path, engine="ray", workers=2, shard_size=50_000)
    finally:
        stop.set()
        killer.join(timeout=10)
    assert killed, "no Ray worker was seen running a task, so none was killed"
    for pid, _ in killed:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    assert_same_positions(tiered, solve(game))
    assert len(tiered) == 1_974_174


# ----------------------------------------------------------------- 6. the command line
runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def assert_one_line_error(result, text: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert text in result.stderr


def test_cli_solve_through_a_store(tmp_path):
    store = tmp_path / "store"
    result = invoke(
        "solve", "tictactoe", "--store", str(store), "--workers", "1", "--shard-size", "100"
    )
    assert result.exit_code == 0, result.stderr
    assert "tie in 9" in result.stdout
    assert f"by tiers through {store}" in result.stdout
    assert "765 positions up to symmetry (224 loss, 151 tie, 390 win)" in result.stdout
    assert manifest(store)["shard_size"] == 100
    written = {p: p.stat().st_mtime_ns for p in (store / "values").iterdir()}

    # a second run reads the store back: the same answer, no file written again
    again = invoke("solve", "tictactoe", "--store", str(store), "--workers", "1", "--json")
    assert again.exit_code == 0, again.stderr
    data = json.loads(again.stdout)
    assert (data["value"], data["remoteness"], data["positions"]) == ("tie", 9, 765)
    assert data["counts"] == {"loss": 224, "tie": 151, "win": 390}
    assert {p: p.stat().st_mtime_ns for p in (store / "values").iterdir()} == written
    plain = json.loads(invoke("solve", "tictactoe", "--json").stdout)
    assert {k: v for k, v in data.items() if k != "seconds"} == {
        k: v for k, v in plain.items() if k != "seconds"
    }


def test_cli_tiered_errors_are_one_line(tmp_path):
    store = tmp_path / "store"
    assert_one_line_error(
        invoke("solve", "tictactoe", "--engine", "ray"),
        "--engine, --workers and --address are for a tiered solve",
    )
    assert_one_line_error(
        invoke("solve", "tictactoe", "--workers", "2"), "are for a tiered solve (--store DIR)"
    )
    assert_one_line_error(
        invoke("solve", "nim", "3", "--store", str(store)), "--store are for two-player games"
    )
    assert_one_line_error(
        invoke("solve", "tictactoe", "x........", "--store", str(store)),
        "starts from the game's start",
    )
    assert_one_line_error(
        invoke("solve", "give-and-take:6", "--store", str(store)), "declares no tiers"
    )
    assert not store.exists()
    assert_one_line_error(
        invoke("solve", "tictactoe", "--store", str(store), "--max-positions", "50"),
        "more than 50 positions",
    )
    assert_one_line_error(
        invoke("solve", "connect-four:3x3", "--store", str(store)),
        "solves tictactoe, not connect-four:3x3",
    )
    assert_one_line_error(
        invoke("solve", "tictactoe", "--store", str(store), "--no-symmetry"), "symmetry=True"
    )
    assert invoke("solve", "tictactoe", "--store", str(store), "--shard-size", "0").exit_code == 2


@pytest.mark.parametrize("name", ["run[old]", "run[/old]"])
def test_cli_store_path_with_brackets_is_printed_as_given(tmp_path, name):
    store = tmp_path / name
    result = invoke("solve", "tictactoe", "--store", str(store), "--workers", "1")
    assert result.exit_code == 0
    assert f"by tiers through {store}" in result.stdout
