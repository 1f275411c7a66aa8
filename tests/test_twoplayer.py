"""grundy.twoplayer: retrograde values against plain fixpoints, minimax, databases, errors."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.core.errors import DatabaseError, MoveGenerationError, PositionLimitError
from grundy.core.retrograde import label_graph
from grundy.twoplayer import TwoPlayerGame, Value, load, minimax, minimax_moves, save, solve
from grundy.twoplayer.solve import PYTHON_SOLVE_UP_TO


class GraphGame(TwoPlayerGame):
    """A random partisan game: vertices, who moves at each, payoffs where play ends."""

    def __init__(self, moves: dict, player: dict, payoff: dict) -> None:
        self._moves, self._player, self._payoff = moves, player, payoff
        self.name = f"graph{len(moves)}"

    def start(self):
        return 0

    def moves(self, v):
        return self._moves[v]

    def to_move(self, v):
        return self._player[v]

    def payoff(self, v):
        return self._payoff[v]


@st.composite
def graph_games(draw, max_vertices=10, alternate=False, acyclic=False):
    n = draw(st.integers(1, max_vertices))
    rng = random.Random(draw(st.integers(0, 2**32)))
    moves = {}
    for u in range(n):
        targets = range(u + 1, n) if acyclic else range(n)
        moves[u] = [v for v in targets if rng.random() < 0.3]
    player = {u: rng.randrange(2) for u in range(n)}
    if alternate:  # make every move change the mover, where the graph allows it
        player = {0: 0}
        for u in range(n):
            for v in moves[u]:
                player.setdefault(v, 1 - player.setdefault(u, 0))
        moves = {u: [v for v in moves[u] if player[v] != player[u]] for u in range(n)}
        player = {u: player.get(u, 0) for u in range(n)}
    payoff = {u: rng.choice([-1, 0, 1, -2, 3]) for u in range(n)}
    return GraphGame(moves, player, payoff)


def plain_values(game: GraphGame) -> dict:
    """Win/loss by a plain fixpoint, then ties by reachability, the rest draws."""
    n = len(game._moves)

    def seen_by(u, v, value):  # the value of option v for the mover at u
        return value if game.to_move(u) == game.to_move(v) else value.opposite

    value = {u: game.end_value(u) for u in range(n) if not game.moves(u)}
    changed = True
    while changed:
        changed = False
        for u in range(n):
            if u in value:
                continue
            seen = [
                seen_by(u, v, value[v])
                for v in game.moves(u)
                if value.get(v) in (Value.WIN, Value.LOSS)
            ]
            if Value.WIN in seen:
                value[u], changed = Value.WIN, True
            elif len(seen) == len(game.moves(u)) and all(s is Value.LOSS for s in seen):
                value[u], changed = Value.LOSS, True
    ties = {u for u in value if value[u] is Value.TIE}
    changed = True
    while changed:
        changed = False
        for u in range(n):
            if u not in value and any(v in ties for v in game.moves(u)):
                value[u] = Value.TIE
                ties.add(u)
                changed = True
    return {u: value.get(u, Value.DRAW) for u in range(n)}


def check_remoteness(game: GraphGame, solution) -> None:
    """The remoteness equations: wins hurry, losses delay, ties take the nearest."""
    for u in range(len(game._moves)):
        if u not in solution:
            continue
        value, r = solution.value(u), solution.remoteness(u)
        options = game.moves(u)
        if not options:
            assert r == 0
            continue
        if value is Value.DRAW:
            assert r is None
            continue

        def seen(v, u=u):
            s = solution.value(v)
            return s if game.to_move(v) == game.to_move(u) else s.opposite

        if value is Value.LOSS:
            assert r == 1 + max(solution.remoteness(v) for v in options)
        else:
            assert r == 1 + min(solution.remoteness(v) for v in options if seen(v) is value)


@settings(max_examples=300, deadline=None)
@given(graph_games())
def test_values_match_a_plain_fixpoint(game):
    solution = solve(game)
    expected = plain_values(game)
    for u in range(len(game._moves)):
        if u in solution:
            assert solution.value(u) is expected[u], u
    check_remoteness(game, solution)


@settings(max_examples=100, deadline=None)
@given(graph_games())
def test_best_moves_keep_value_and_remoteness(game):
    solution = solve(game)
    for u in range(len(game._moves)):
        if u not in solution or not game.moves(u):
            continue
        best = solution.best_moves(u)
        assert best, u
        r = solution.remoteness(u)
        for v in best:
            assert r is None or solution.remoteness(v) == r - 1
            mine = solution.value(v)
            if game.to_move(v) != game.to_move(u):
                mine = mine.opposite
            assert mine is solution.value(u)


@settings(max_examples=100, deadline=None)
@given(graph_games(max_vertices=30, alternate=True))
def test_compiled_labelling_matches_python(game):
    from grundy.core.graph import explore

    graph = explore(game.moves, [0])
    ends = [game.end_value(p).code if not game.moves(p) else 0 for p in graph.positions]
    python = label_graph(graph.start, graph.succ, ends)
    compiled = label_graph(np.array(graph.start), np.array(graph.succ, dtype=np.int64), ends)
    assert python[0] == compiled[0].tolist()
    assert python[1] == compiled[1].tolist()


@settings(max_examples=200, deadline=None)
@given(graph_games(acyclic=True))
def test_minimax_matches_plain_recursion(game):
    def plain(u):
        if not game.moves(u):
            return game.payoff(u)
        values = [plain(v) for v in game.moves(u)]
        return max(values) if game.to_move(u) == 0 else min(values)

    assert minimax(game) == plain(0)
    for v in minimax_moves(game, 0):
        assert plain(v) == plain(0)


def test_minimax_refuses_cycles():
    game = GraphGame({0: [1], 1: [0]}, {0: 0, 1: 1}, {0: 0, 1: 0})
    with pytest.raises(gr.LoopError, match="twoplayer.solve"):
        minimax(game)
    assert solve(game).value(0) is Value.DRAW


def test_value_order_and_opposites():
    assert sorted(Value, key=Value.rank) == [Value.LOSS, Value.DRAW, Value.TIE, Value.WIN]
    assert [v.opposite for v in Value] == [Value.WIN, Value.DRAW, Value.TIE, Value.LOSS]


# ----------------------------------------------------------------- databases
@pytest.fixture
def tictactoe_solution():
    from grundy.games import TicTacToe

    return solve(TicTacToe())


def test_database_round_trip(tmp_path, tictactoe_solution):
    from grundy.games import TicTacToe

    path = tmp_path / "t.solved"
    save(tictactoe_solution, path)
    again = load(path, TicTacToe())
    assert len(again) == len(tictactoe_solution) == 765
    for p in ["x........", "xo.......", "xx.oo....", "xoxoxo..."]:
        assert again.value(p) is tictactoe_solution.value(p)
        assert again.remoteness(p) == tictactoe_solution.remoteness(p)
        assert again.best_moves(p) == tictactoe_solution.best_moves(p)


def test_database_of_python_positions(tmp_path):
    game = GraphGame({0: [1, 2], 1: [0], 2: []}, {0: 0, 1: 1, 2: 1}, {0: 0, 1: 0, 2: 1})
    path = tmp_path / "g.solved"
    save(solve(game), path)
    again = load(path, game)
    assert again.value(0) is Value.WIN and again.remoteness(0) == 1 and again.best_moves(0) == [2]


def test_database_refuses_truncated_damaged_foreign(tmp_path, tictactoe_solution):
    from grundy.games import ConnectFour, TicTacToe

    path = tmp_path / "t.solved"
    save(tictactoe_solution, path)
    data = path.read_bytes()
    (tmp_path / "short").write_bytes(data[:-10])
    with pytest.raises(DatabaseError, match="truncated"):
        load(tmp_path / "short", TicTacToe())
    damaged = bytearray(data)
    damaged[-100] ^= 1
    (tmp_path / "bad").write_bytes(bytes(damaged))
    with pytest.raises(DatabaseError, match="checksum"):
        load(tmp_path / "bad", TicTacToe())
    with pytest.raises(DatabaseError, match="solves tictactoe, not connect-four"):
        load(path, ConnectFour(4, 4))
    (tmp_path / "text").write_text("hello")
    with pytest.raises(DatabaseError, match="not a solved-game file"):
        load(tmp_path / "text", TicTacToe())


# ----------------------------------------------------------------- bad games
def test_moves_that_raise_or_are_unhashable():
    class Broken(GraphGame):
        def moves(self, v):
            if v == 1:
                raise KeyError("boom")
            return [1] if v == 0 else []

    game = Broken({}, {0: 0, 1: 1}, {})
    with pytest.raises(MoveGenerationError, match=r"moves\(1\) raised KeyError"):
        solve(game)
    game = GraphGame({0: [[1]]}, {0: 0}, {})
    with pytest.raises(MoveGenerationError, match=r"moves\(0\) returned \[1\].*not hashable"):
        solve(game)


def test_position_limit():
    from grundy.games import TicTacToe

    with pytest.raises(PositionLimitError, match="more than 100 positions"):
        solve(TicTacToe(), max_positions=100, compiled=False)
    with pytest.raises(PositionLimitError, match="more than 100 positions"):
        solve(TicTacToe(), max_positions=100, compiled=True)


def test_encoding_that_disagrees_with_the_rules():
    from dataclasses import replace

    from grundy.games import TicTacToe

    game = TicTacToe()
    game.__dict__["encoding"] = replace(
        game.encoding, max_moves=9, encode=lambda p: game.encoding.encode(p[::-1])
    )
    with pytest.raises(MoveGenerationError, match="encoding disagrees with the rules at"):
        solve(game, compiled=True)


def test_progress_bar_runs(capsys):
    from grundy.games import ConnectFour

    for compiled in (True, False):
        solution = solve(ConnectFour(3, 4), progress=True, compiled=compiled)
        assert solution.value(ConnectFour(3, 4).start()) is Value.TIE


def test_counts_by_value_and_remoteness(tictactoe_solution):
    by_remoteness = tictactoe_solution.remoteness_counts()
    assert by_remoteness[Value.TIE, 9] == 1  # the empty board
    assert by_remoteness[Value.LOSS, 0] > 0 and (Value.DRAW, None) not in by_remoteness
    totals: dict = {}
    for (value, _), count in by_remoteness.items():
        totals[value] = totals.get(value, 0) + count
    assert totals == tictactoe_solution.counts()
    assert sum(totals.values()) == len(tictactoe_solution) == 765


def test_small_games_with_an_encoding_are_solved_in_python_without_numba():
    """Loading numba costs a new process about half a second: tic-tac-toe (765
    positions) is solved in Python, and a bigger game moves on to the compiled solver."""
    script = (
        "import sys\nfrom grundy.games import TicTacToe\nfrom grundy.twoplayer import solve\n"
        "s = solve(TicTacToe())\nprint(len(s), s.value(TicTacToe().start()).value, "
        "'numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.split() == ["765", "tie", "False"], done.stderr
    from grundy.games import ConnectFour, TicTacToe

    game = TicTacToe()
    python, compiled = solve(game), solve(game, compiled=True)
    assert python._codes is None and compiled._codes is not None
    assert python.remoteness_counts() == compiled.remoteness_counts()
    rng = random.Random(18)
    for _ in range(50):  # random games: both solutions agree all along
        position = game.start()
        while moves := list(game.moves(position)):
            assert python.value(position) is compiled.value(position)
            assert python.remoteness(position) == compiled.remoteness(position)
            assert python.best_moves(position) == compiled.best_moves(position)
            position = rng.choice(moves)
    bigger = solve(ConnectFour(4, 4), max_positions=10**6)  # past PYTHON_SOLVE_UP_TO
    assert len(bigger) > PYTHON_SOLVE_UP_TO and bigger._codes is not None
