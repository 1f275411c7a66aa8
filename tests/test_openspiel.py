"""Tests of the OpenSpiel adapter: reachable states, values against OpenSpiel's minimax, errors."""

from __future__ import annotations

import pickle
import random
import sys
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import InvalidGameError, InvalidPositionError, UnknownGameError
from grundy.twoplayer.game import Value
from grundy.twoplayer.openspiel import OpenSpielGame

#: Distinct tic-tac-toe boards reachable in play, and those among them where the game is over.
TIC_TAC_TOE_STATES = 5478
TIC_TAC_TOE_ENDED = 958


@pytest.fixture(scope="module")
def pyspiel():
    return pytest.importorskip("pyspiel")


@pytest.fixture(scope="module")
def minimax(pyspiel):
    from open_spiel.python.algorithms import minimax

    return minimax


@pytest.fixture(scope="module")
def tic_tac_toe(pyspiel):
    return OpenSpielGame("tic_tac_toe")


def solver():
    """grundy.twoplayer.solve, or skip while it is not written."""
    solve = getattr(pytest.importorskip("grundy.twoplayer"), "solve", None)
    if solve is None:
        pytest.skip("grundy.twoplayer.solve is not available")
    return solve


def reachable_keys(game: OpenSpielGame) -> dict:
    """Breadth-first search from the start, one position expanded per canonical key."""
    start = game.start()
    seen = {game.canonical(start): start}
    queue = deque([start])
    while queue:
        for child in game.moves(queue.popleft()):
            key = game.canonical(child)
            if key not in seen:
                seen[key] = child
                queue.append(child)
    return seen


def negamax(game: OpenSpielGame, position: tuple, memo: dict) -> int:
    """The value for the player to move (1 win, 0 tie, -1 loss), from the protocol alone.

    Compares players with ``to_move`` rather than assuming they alternate, so games where a
    player moves twice in a row (dots_and_boxes) are handled.
    """
    key = game.canonical(position)
    if key not in memo:
        children = game.moves(position)
        me = game.to_move(position)
        if not children:
            score = game.payoff(position)
            value = (score > 0) - (score < 0)
            memo[key] = value if me == 0 else -value
        else:
            memo[key] = max(
                negamax(game, c, memo) * (1 if game.to_move(c) == me else -1) for c in children
            )
    return memo[key]


def minimax_value(minimax, game: OpenSpielGame, position: tuple) -> int:
    """OpenSpiel's own alpha-beta value for the player to move at `position`."""
    state = game.state(position)
    value, _ = minimax.alpha_beta_search(
        game.pyspiel_game, state=state, maximizing_player_id=state.current_player()
    )
    return int(value)


def random_positions(game: OpenSpielGame, count: int, seed: int) -> list[tuple]:
    """Positions (not ended) reached by random play from the start."""
    rng = random.Random(seed)
    found: list[tuple] = []
    while len(found) < count:
        position = game.start()
        depth = rng.randrange(10)
        while len(position) < depth and game.moves(position):
            position = rng.choice(game.moves(position))
        if game.moves(position):
            found.append(position)
    return found


VALUE = {1: Value.WIN, 0: Value.TIE, -1: Value.LOSS}


# ----------------------------------------------------------------- without pyspiel
def test_without_pyspiel_construction_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes `import pyspiel` fail
    with pytest.raises(InvalidGameError, match=r'pip install "grundy\[openspiel\]"'):
        OpenSpielGame("tic_tac_toe")


# ----------------------------------------------------------------- tic-tac-toe
def test_tic_tac_toe_reaches_every_board_once(tic_tac_toe):
    keys = reachable_keys(tic_tac_toe)
    assert len(keys) == TIC_TAC_TOE_STATES
    ended = [p for p in keys.values() if not tic_tac_toe.moves(p)]
    assert len(ended) == TIC_TAC_TOE_ENDED


def test_tic_tac_toe_with_a_tiny_cache_gives_the_same_states(pyspiel):
    game = OpenSpielGame("tic_tac_toe", cache_size=3)  # most states are replayed from the start
    assert len(reachable_keys(game)) == TIC_TAC_TOE_STATES
    assert len(game._cache) <= 3


@pytest.mark.slow
def test_tic_tac_toe_without_transpositions_has_the_whole_tree(pyspiel):
    game = OpenSpielGame("tic_tac_toe", transpositions=False)
    keys = reachable_keys(game)
    assert len(keys) == 549_946  # nodes of the game tree
    assert sum(1 for p in keys if not game.moves(p)) == 255_168  # games


def test_tic_tac_toe_transpositions_merge_move_orders(tic_tac_toe):
    assert tic_tac_toe.canonical((0, 4, 8)) == tic_tac_toe.canonical((8, 4, 0))
    assert tic_tac_toe.canonical((0, 4, 8)) != tic_tac_toe.canonical((0, 8, 4))  # o elsewhere
    plain = OpenSpielGame("tic_tac_toe", transpositions=False)
    assert plain.canonical((0, 4, 8)) == (0, 4, 8)


def test_tic_tac_toe_protocol(tic_tac_toe):
    game = tic_tac_toe
    assert game.start() == ()
    assert game.moves(()) == [(a,) for a in range(9)]
    assert game.to_move(()) == 0 and game.to_move((4,)) == 1
    x_won, o_won, tied = (0, 3, 1, 4, 2), (0, 3, 1, 4, 8, 5), (0, 4, 8, 1, 7, 6, 2, 5, 3)
    for ended, mover, payoff in [(x_won, 1, 1), (o_won, 0, -1), (tied, 1, 0)]:
        assert game.moves(ended) == []
        assert game.to_move(ended) == mover  # the opponent of whoever moved last
        assert game.payoff(ended) == payoff
    assert game.end_value(x_won) is Value.LOSS and game.end_value(tied) is Value.TIE


def test_tic_tac_toe_values_match_openspiel_minimax(tic_tac_toe, minimax):
    memo: dict = {}
    for position in [(), *random_positions(tic_tac_toe, 20, seed=1)]:
        assert negamax(tic_tac_toe, position, memo) == minimax_value(minimax, tic_tac_toe, position)
    assert negamax(tic_tac_toe, (), memo) == 0  # a tie


def test_tic_tac_toe_matches_our_tictactoe(tic_tac_toe, minimax):
    solve = solver()
    TicTacToe = pytest.importorskip("grundy.twoplayer.games.tictactoe").TicTacToe
    ours = TicTacToe()
    solution = solve(ours)
    for position in [(), *random_positions(tic_tac_toe, 20, seed=2)]:
        board = str(tic_tac_toe.state(position)).replace("\n", "")  # "x..o.....": same notation
        expected = VALUE[minimax_value(minimax, tic_tac_toe, position)]
        assert solution.value(board) is expected, board


def test_solve_tic_tac_toe(tic_tac_toe, minimax):
    solve = solver()
    solution = solve(tic_tac_toe)
    assert solution.value(()) is Value.TIE
    assert solution.remoteness(()) == 9
    assert len(solution) == TIC_TAC_TOE_STATES
    for position in random_positions(tic_tac_toe, 20, seed=3):
        expected = VALUE[minimax_value(minimax, tic_tac_toe, position)]
        assert solution.value(position) is expected, position
        best = solution.best_moves(position)
        assert best and all(m in tic_tac_toe.moves(position) for m in best)


# ----------------------------------------------------------------- other games
def test_dots_and_boxes_extra_turns(pyspiel, minimax):
    # Completing a box moves again: the same player may be to move twice in a row.
    game = OpenSpielGame("dots_and_boxes", {"num_rows": 1, "num_cols": 2})
    playing = [p for p in reachable_keys(game).values() if game.moves(p)]
    assert {game.to_move(p) for p in playing} == {0, 1}
    assert any(
        game.to_move(c) == game.to_move(p) for p in playing for c in game.moves(p) if game.moves(c)
    )
    memo: dict = {}
    for position in [(), *random_positions(game, 10, seed=4)]:
        assert negamax(game, position, memo) == minimax_value(minimax, game, position)


@pytest.mark.parametrize("name", ["tic_tac_toe", "dots_and_boxes(num_rows=1,num_cols=2)"])
def test_grundy_minimax_matches_openspiel_minimax(pyspiel, minimax, name):
    from grundy.twoplayer.minimax import minimax as grundy_minimax

    game = OpenSpielGame(name)
    for position in [(), *random_positions(game, 10, seed=7)]:
        state = game.state(position)
        expected, _ = minimax.alpha_beta_search(
            game.pyspiel_game, state=state, maximizing_player_id=0
        )
        assert grundy_minimax(game, position) == int(expected), position


def test_solve_dots_and_boxes_matches_minimax(pyspiel, minimax):
    solve = solver()
    game = OpenSpielGame("dots_and_boxes", {"num_rows": 1, "num_cols": 2})
    solution = solve(game)
    for position in [(), *random_positions(game, 10, seed=5)]:
        assert solution.value(position) is VALUE[minimax_value(minimax, game, position)]


@settings(max_examples=25, deadline=None)
@given(
    piles=st.lists(st.integers(1, 4), min_size=1, max_size=3),
    misere=st.booleans(),
)
def test_nim_matches_boutons_theorem(piles, misere):
    pytest.importorskip("pyspiel")
    from grundy import Outcome
    from grundy.games import Nim

    params = {"pile_sizes": ";".join(map(str, piles)), "is_misere": misere}
    game = OpenSpielGame("nim", params)
    outcome = Nim().outcome(tuple(piles), misere=misere)
    assert negamax(game, (), {}) == (1 if outcome is Outcome.N else -1)


# ----------------------------------------------------------------- notation
def test_notation_round_trips(tic_tac_toe):
    game = tic_tac_toe
    for position in random_positions(game, 10, seed=6):
        names = [game.describe_move(position[:i], position[: i + 1]) for i in range(len(position))]
        assert game.parse_position(names) == position
        assert game.parse_position([str(a) for a in position]) == position
        assert game.check_position(list(position)) == position
        assert game.position_from_json(game.position_to_json(position)) == position
        assert "\n" not in game.format_position(position)
    assert game.format_position((4, 0)) == "o.. | .x. | ..."
    assert game.describe_move((), (4,)) == "x(1,1)"


def test_state_is_a_copy(tic_tac_toe):
    state = tic_tac_toe.state((4,))
    state.apply_action(0)
    assert tic_tac_toe.moves((4,)) == [(4, a) for a in range(9) if a != 4]


def test_pickles_without_its_cache(tic_tac_toe):
    tic_tac_toe.moves((4, 0))
    copy = pickle.loads(pickle.dumps(tic_tac_toe))
    assert copy._cache == {}
    assert copy.moves((4, 0)) == tic_tac_toe.moves((4, 0))
    assert repr(copy) == "OpenSpielGame('tic_tac_toe()')"


def test_repr_loads_the_same_game(pyspiel):
    game = OpenSpielGame("nim", {"pile_sizes": "1;2;3", "is_misere": False})
    again = eval(repr(game))
    assert again.name == game.name and again.moves(()) == game.moves(())
    assert OpenSpielGame(pyspiel.load_game("tic_tac_toe")).name == "tic_tac_toe()"


# ----------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("name", "params", "words"),
    [
        ("kuhn_poker", None, "not deterministic"),
        ("pig", None, "not deterministic"),
        ("matrix_rps", None, "not sequential"),
        ("matching_pennies_3p", None, "not 2-player"),
        ("chinese_checkers", {"players": 3}, "not 2-player"),
    ],
)
def test_unsupported_games_are_refused(pyspiel, name, params, words):
    if name not in pyspiel.registered_names():
        pytest.skip(f"this OpenSpiel has no {name}")  # chinese_checkers came in 1.6
    with pytest.raises(InvalidGameError, match=words):
        OpenSpielGame(name, params)


def test_bad_game_specs(pyspiel):
    with pytest.raises(UnknownGameError, match="no_such_game"):
        OpenSpielGame("no_such_game")
    with pytest.raises(InvalidGameError, match="no parameter 'rowz'"):
        OpenSpielGame("connect_four", {"rowz": 4})
    with pytest.raises(InvalidGameError, match="42"):
        OpenSpielGame(42)
    with pytest.raises(InvalidGameError, match="params"):
        OpenSpielGame(pyspiel.load_game("tic_tac_toe"), {"x": 1})
    with pytest.raises(InvalidGameError, match="cache_size"):
        OpenSpielGame("tic_tac_toe", cache_size=0)


def test_bad_positions(tic_tac_toe):
    game = tic_tac_toe
    with pytest.raises(InvalidPositionError, match="index 1"):
        game.moves((4, 4))
    with pytest.raises(InvalidPositionError, match="index 5"):
        game.check_position((0, 3, 1, 4, 2, 5))  # x already won
    with pytest.raises(InvalidPositionError, match="sequence"):
        game.check_position("x..")
    with pytest.raises(InvalidPositionError, match="int"):
        game.check_position([1.5])
    with pytest.raises(InvalidPositionError, match="tuple"):
        game.moves([4])
    with pytest.raises(InvalidPositionError, match="not over"):
        game.payoff((4,))
    with pytest.raises(InvalidPositionError, match="'z9' is not a legal move"):
        game.parse_position(["x(1,1)", "z9"])
    with pytest.raises(InvalidPositionError, match="'²' is not a legal move"):
        game.parse_position(["x(1,1)", "²"])  # a Unicode digit passed isdigit(): ValueError
