"""Arc Kayles (grundy.games.ArcKayles) against a plain search, the families' theorems,
Dawson's Kayles' published values, Cram on grids; isomorphic graphs share one key."""

from __future__ import annotations

from functools import cache

import networkx as nx
import pytest
from conftest import naive_mex, read_pairs, run_cli, run_cli_json
from graph_strategies import graphs, relabelled, trees
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.games import ArcKayles, Cram
from grundy.games.arc_kayles import graph_family, grid_graph


# ---------------------------------------------------------------- a plain search
# The whole graph, every edge, no components, no relabelling, no theorem.
@cache
def plain_grundy(edges: frozenset) -> int:
    return naive_mex(
        plain_grundy(frozenset(e for e in edges if not set(e) & {u, v})) for u, v in edges
    )


def plain(edges) -> int:
    return plain_grundy(frozenset(tuple(sorted(e)) for e in edges))


# ---------------------------------------------------------------- against the plain search
@settings(max_examples=150)
@given(graphs())
def test_random_graphs_agree_with_the_plain_search(edges):
    game = ArcKayles()
    assert game.grundy(edges) == plain(edges)
    assert game.grundy(edges, use_formula=False) == plain(edges)


@settings(max_examples=40)
@given(graphs(7, 9), graphs(6, 7))
def test_a_sum_of_graphs_is_the_xor(first, second):
    assert ArcKayles().grundy(gr.Sum(first, second)) == plain(first) ^ plain(second)


@settings(max_examples=40)
@given(graphs(7, 10))
def test_winning_moves_are_whole_graphs_to_p_positions(edges):
    game = ArcKayles()
    graph = game.check_position(edges)
    expected = {option for option in game.moves(graph) if plain(option) == 0}
    found = game.winning_moves(edges)
    assert set(found) == expected and len(found) == len(expected)


@settings(max_examples=30)
@given(graphs(6, 7))
def test_misere_outcome_agrees_with_a_plain_search(edges):
    @cache
    def wins(g: frozenset) -> bool:  # misère: a player with no move wins
        options = [frozenset(e for e in g if not set(e) & set(edge)) for edge in g]
        return not options or any(not wins(o) for o in options)

    graph = frozenset(tuple(sorted(e)) for e in edges)
    expected = gr.Outcome.N if wins(graph) else gr.Outcome.P
    assert ArcKayles().outcome(edges, misere=True) is expected


# ---------------------------------------------------------------- the families
def path(n):
    return [(i, i + 1) for i in range(n - 1)]


def cycle(n):
    return [*path(n), (0, n - 1)]


def test_paths_are_dawsons_kayles():
    # CGSuite's values of 0.07 (n <= 20) and OEIS A002187 (Dawson's chess, 0.137: its heap
    # n - 1 is Dawson's Kayles' heap n), from tests/data.
    published = read_pairs("cgsuite_dawsons_kayles_0.07_nim_values.txt")
    chess = read_pairs("A002187_dawsons_chess_0.137.txt")
    published |= {n: chess[n - 1] for n in range(21, 120)}
    game = ArcKayles()
    for n in range(2, 120):
        assert game.grundy(relabelled(path(n), n)) == published[n], n
    assert game.stats.positions == 0  # every path from the theorem
    for n in range(2, 15):
        assert ArcKayles().grundy(path(n), use_formula=False) == published[n]


@pytest.mark.parametrize("n", range(3, 14))
def test_cycles_leave_a_path_of_two_fewer(n):
    assert graph_family(ArcKayles().check_position(cycle(n))) == ("cycle", n, 0)
    assert ArcKayles().grundy(cycle(n)) == plain(cycle(n))
    assert ArcKayles().grundy(cycle(n), use_formula=False) == plain(cycle(n))


@pytest.mark.parametrize("n", range(2, 9))
def test_complete_graphs_last_n_over_2_moves(n):
    edges = [(u, v) for u in range(n) for v in range(u + 1, n)]
    assert ArcKayles().grundy(edges) == (n // 2) % 2 == plain(edges)


@pytest.mark.parametrize(("a", "b"), [(1, 1), (1, 5), (2, 3), (3, 3), (3, 4), (2, 6)])
def test_complete_bipartite_graphs_and_stars_last_min_a_b_moves(a, b):
    edges = [(u, a + v) for u in range(a) for v in range(b)]
    assert graph_family(ArcKayles().check_position(edges)) in (
        ("bipartite", min(a, b), max(a, b)),
        ("path", a + b, 0),  # K(1, 1) and K(1, 2) are paths
        ("cycle", 4, 0),  # K(2, 2) is a cycle
    )
    assert ArcKayles().grundy(edges) == min(a, b) % 2 == plain(edges)


@settings(max_examples=100)
@given(graphs(8, 14))
def test_the_families_closed_forms_agree_with_the_plain_search(edges):
    game = ArcKayles()
    graph = game.check_position(edges)
    value = game.formula(graph)
    if value is not None:
        assert value == plain(edges)
    assert (value is None) == (bool(graph) and graph_family(graph) is None)


# ---------------------------------------------------------------- grids are Cram boards
@pytest.mark.parametrize("shape", ["1x7", "2x5", "3x3", "3x4", "4x4", "2x8", "3x5"])
def test_a_grid_is_a_cram_board(shape):
    assert ArcKayles().grundy(shape) == Cram().grundy(shape)


def test_the_published_4x5_cram_value_on_the_grid_graph():
    # Beling's table (tests/data/beling_cram_nimbers.tsv): the 4 x 5 Cram board is *2.
    game = ArcKayles()
    assert game.grundy(grid_graph(4, 5)) == 2
    assert game.stats.positions <= 1_200  # isomorphic components are stored once


@settings(max_examples=60)
@given(st.lists(st.sampled_from(".#."), min_size=12, max_size=12))
def test_the_graph_of_a_boards_empty_cells_has_the_boards_value(cells):
    board = ("".join(cells[0:4]), "".join(cells[4:8]), "".join(cells[8:12]))
    empty = {(r, c) for r in range(3) for c in range(4) if board[r][c] == "."}
    edges = [
        (4 * r + c, 4 * r2 + c2)
        for r, c in empty
        for r2, c2 in ((r + 1, c), (r, c + 1))
        if (r2, c2) in empty
    ]
    assert ArcKayles().grundy(edges) == Cram().grundy(board)


# ---------------------------------------------------------------- keys by the canonical labelling
# The labelling itself is tested in test_graph_canon.py; here, the game's use of it.
@settings(max_examples=60)
@given(trees(13))
def test_trees_agree_with_the_plain_search(edges):
    assert ArcKayles().grundy(edges) == plain(edges)


@settings(max_examples=60)
@given(graphs(9, 14), st.integers(0, 10**6))
def test_a_relabelled_graph_has_the_same_key_and_value(edges, seed):
    game = ArcKayles()
    other = relabelled(edges, seed)
    assert game.grundy(other) == game.grundy(edges) == plain(edges)
    mine, theirs = game.check_position(edges), game.check_position(other)
    assert sorted(game.components(mine) or [game.canonical(mine)]) == sorted(
        game.components(theirs) or [game.canonical(theirs)]
    )


def test_the_3_cube_is_valued_rightly():
    # vertex-transitive, no twins, 48 automorphisms: many branches of the labelling
    cube = list(nx.hypercube_graph(3).edges())
    cube = [(4 * a + 2 * b + c, 4 * x + 2 * y + z) for (a, b, c), (x, y, z) in cube]
    assert ArcKayles().grundy(cube) == plain(cube)


def test_isomorphic_components_share_one_memo_entry():
    game = ArcKayles()
    petersen = list(nx.petersen_graph().edges())
    assert game.grundy(petersen) == plain(petersen)
    alone = game.stats.positions
    game.clear_cache()
    twice = petersen + relabelled([(u + 10, v + 10) for u, v in petersen], 3)
    assert game.grundy(twice) == 0
    assert game.stats.positions == alone


# ---------------------------------------------------------------- notation and errors
@pytest.mark.parametrize(
    ("given_", "error", "message"),
    [
        ([(3, 3)], gr.InvalidPositionError, r"edge \(3, 3\) is a loop"),
        ([(0, -1)], gr.InvalidPositionError, "vertex -1 is negative"),
        ([(0, 1.5)], gr.InvalidPositionError, "is not an integer"),
        ([(0, 1, 2)], gr.InvalidPositionError, "is not a pair"),
        (42, gr.InvalidPositionError, "is not a graph"),
        ("0-1 1-x", gr.InvalidPositionError, "'1-x' is not an edge u-v"),
        ("edges", gr.InvalidPositionError, "'edges' and no edge"),
        ("", gr.InvalidPositionError, "give the edges u-v"),
        ("0x3", gr.InvalidPositionError, "1 to 26 rows and columns"),
        ("27x2", gr.InvalidPositionError, "1 to 26 rows and columns"),
    ],
)
def test_bad_graphs_are_one_line_errors(given_, error, message):
    with pytest.raises(error, match=message) as info:
        ArcKayles().grundy(given_)
    assert isinstance(info.value, ValueError) and "\n" not in str(info.value)


def test_too_many_edges_are_refused():
    with pytest.raises(gr.PositionLimitError, match="more than max_positions = 10 edges"):
        ArcKayles().limited_to(10).check_position(path(20))


def test_a_graph_past_the_limit_is_refused_before_any_search():
    game = ArcKayles().limited_to(10_000)
    with pytest.raises(gr.PositionLimitError, match="no theorem values a graph of"):
        game.grundy("5x7")
    assert game.stats.positions == 0


def test_notation_round_trips_and_moves_are_named():
    game = ArcKayles()
    graph = game.parse_position(["edges", "0-1", "1-2", "2-3"])
    assert graph == ((0, 1), (1, 2), (2, 3))
    assert game.parse_position(game.format_position(graph).split()) == graph
    assert game.format_position(()) == "no edges" and game.parse_position(["no", "edges"]) == ()
    assert game.parse_move(graph, "1-0") == ((2, 3),)
    assert game.describe_move(graph, ((2, 3),)) == "pick 0-1"
    assert game.parse_move(graph, "edges 2-3") is None
    with pytest.raises(gr.InvalidPositionError, match="0-2 is not an edge"):
        game.parse_move(graph, "0-2")
    assert game.check_position(nx.path_graph(4)) == graph


def test_explain_names_the_theorem():
    game = ArcKayles()
    assert game.explain(path(6)) == (
        "a path of 6 vertices is a heap of 6 in Dawson's Kayles: value = 3"
    )
    assert game.explain(cycle(5)) == "a cycle of 5 vertices leaves a path of 3: value = 0"
    assert game.explain([(0, 1), (2, 3)]) == "XOR of the components' values: 1 ⊕ 1 = 0"


def test_the_command_line_values_a_graph(capsys):
    data = run_cli_json(capsys, "value", "arc-kayles", "edges", "0-1", "1-2", "2-0", "2-3")
    assert data["grundy"] == 2 == plain([(0, 1), (1, 2), (2, 0), (2, 3)])
    assert run_cli_json(capsys, "value", "arc-kayles", "4x5")["grundy"] == 2
    status, out, err = run_cli(capsys, "value", "arc-kayles", "0-0")
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1 and not out
