"""Green Hackenbush: colon and fusion principles and winning moves against plain search."""

from __future__ import annotations

import functools
import itertools
import json
import random
import warnings
from pathlib import Path

import networkx as nx
import pytest
from conftest import DATA, naive_mex
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.app.registry import find
from grundy.games import GreenHackenbush, hackenbush_value

GAME = GreenHackenbush()


# ---------------------------------------------------------------- the oracle
def connected_part(edges: tuple) -> tuple:
    """The edges with a path to vertex 0 (the rest fall), by repeated sweeps."""
    reached = {0}
    grew = True
    while grew:
        grew = False
        for u, v in edges:
            if (u in reached) != (v in reached):
                reached |= {u, v}
                grew = True
    return tuple(e for e in edges if e[0] in reached)


@functools.cache
def brute(edges: tuple) -> int:
    """SG value straight from the rules: delete one edge, drop what hangs in the air."""
    return naive_mex(brute(brute_option(edges, i)) for i in range(len(edges)))


def brute_option(edges: tuple, i: int) -> tuple:
    return connected_part(edges[:i] + edges[i + 1 :])


def normal(edges) -> tuple:
    return connected_part(tuple(sorted((min(e), max(e)) for e in edges)))


def brute_winning(edges: tuple) -> set:
    return {o for o in (brute_option(edges, i) for i in range(len(edges))) if brute(o) == 0}


def check_everything(edges) -> None:
    position = normal(edges)
    expected = brute(position)
    assert GAME.grundy(position) == expected, position
    assert GAME.check_position(edges) == position
    moves = GAME.winning_moves(position)
    assert len(moves) == len(set(moves))
    assert set(moves) == brute_winning(position), position
    for target in range(expected + 2):  # the options of every value, not only 0
        options = {
            o
            for o in (brute_option(position, i) for i in range(len(position)))
            if brute(o) == target
        }
        assert set(GAME.moves_to_value(position, target)) == options, (position, target)


# ---------------------------------------------------------------- the lecture note's error
def test_cycle_rule_of_the_note_is_backwards():
    # 无向图删边游戏 (seed 001) says an even cycle "becomes one edge" (SG 1) and an odd
    # cycle "a point" (SG 0). The rules say the opposite: odd cycle 1, even cycle 0.
    triangle = ((0, 1), (0, 2), (1, 2))
    square = ((0, 1), (0, 3), (1, 2), (2, 3))
    assert brute(triangle) == 1 and GAME.grundy(triangle) == 1
    assert brute(square) == 0 and GAME.grundy(square) == 0
    for n in range(1, 9):  # a cycle of n edges through the ground
        cycle = normal([(i, (i + 1) % n) for i in range(n)])
        assert brute(cycle) == GAME.grundy(cycle) == n % 2
    # hung from a stalk, an odd cycle is like an edge (stalk of 2), an even one a point
    assert (
        GAME.grundy([(0, 1), (1, 2), (2, 3), (3, 1)])
        == brute(normal([(0, 1), (1, 2), (2, 3), (3, 1)]))
        == 2
    )
    assert GAME.grundy([(0, 1), (1, 2), (2, 3), (3, 4), (4, 1)]) == 1


# ---------------------------------------------------------------- families
def test_stalks_are_nim_heaps():
    for n in range(12):
        path = [(i, i + 1) for i in range(n)]
        assert GAME.grundy(path) == n
    long = [(i, i + 1) for i in range(30_000)]  # no recursion limit
    assert GAME.grundy(long) == 30_000
    assert GAME.winning_moves(long + [(0, 0)]) == [((0, 0), (0, 1))]  # 1 ^ 1 = 0


def test_stars_and_small_trees_against_search():
    for n in range(8):
        star = [(0, i) for i in range(1, n + 1)]
        assert GAME.grundy(star) == n % 2
        check_everything(star)
        hanging_star = [(0, 1)] + [(1, i) for i in range(2, n + 2)]
        check_everything(hanging_star)
    # every tree on up to 7 vertices (Pruefer-free: parent of i is any j < i)
    for parents in itertools.product(*[range(i) for i in range(1, 7)]):
        check_everything([(p, i + 1) for i, p in enumerate(parents)])


def test_colon_principle_on_trees():
    rng = random.Random(3)
    for _ in range(200):
        n = rng.randint(1, 40)
        parent = {i: rng.randrange(i) for i in range(1, n)}
        children: dict[int, list[int]] = {}
        for child, p in parent.items():
            children.setdefault(p, []).append(child)
        value = {}
        for v in reversed(range(n)):  # children have larger numbers: leaves first
            value[v] = 0
            for c in children.get(v, []):
                value[v] ^= value[c] + 1
        assert GAME.grundy(list(parent.items())) == value[0]


def test_every_multigraph_on_four_vertices_with_up_to_four_edges():
    pairs = [(u, v) for u in range(4) for v in range(u, 4)]
    for k in range(5):
        for edges in itertools.combinations_with_replacement(pairs, k):
            check_everything(edges)


@pytest.mark.slow
def test_every_multigraph_on_four_vertices_with_six_edges():
    pairs = [(u, v) for u in range(4) for v in range(u, 4)]
    for edges in itertools.combinations_with_replacement(pairs, 6):
        check_everything(edges)


multigraphs = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=0, max_size=8)


@settings(max_examples=250, deadline=None)
@given(multigraphs)
def test_random_multigraphs_against_search(edges):
    check_everything(edges)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=10))
def test_thousands_of_random_multigraphs_against_search(edges):
    check_everything(edges)


@settings(max_examples=40, deadline=None)
@given(multigraphs)
def test_generic_solver_agrees(edges):
    position = normal(edges)
    searched = GreenHackenbush()
    assert searched.grundy(position, use_formula=False) == GAME.grundy(position)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), max_size=25))
def test_bigger_graphs_winning_moves_reach_zero(edges):
    position = GAME.check_position(edges)
    value = hackenbush_value(position)
    moves = GAME.winning_moves(position)
    assert (value == 0) == (not moves)
    for move in moves:
        assert hackenbush_value(move) == 0
        assert move in GAME.moves(position)


def test_ground_loops_and_parallel_edges():
    assert GAME.grundy([(0, 0)]) == 1
    assert GAME.grundy([(0, 0), (0, 0)]) == 0
    assert GAME.grundy([(0, 1), (0, 1)]) == 0  # a digon: an even cycle
    assert GAME.grundy([(0, 1), (0, 1), (0, 1)]) == 1
    assert GAME.grundy([(0, 1), (1, 1)]) == 2  # an edge with a loop on top: a stalk of 2
    assert GAME.grundy([]) == 0 and GAME.winning_moves([]) == []


def test_other_ground_and_sums():
    game = GreenHackenbush(ground=5)
    assert game.grundy([(5, 1), (1, 2)]) == 2
    assert game.check_position([(0, 1)]) == ()
    both = gr.Sum(((0, 1), (1, 2)), ((0, 1),))
    assert GAME.grundy(both) == 3
    assert GAME.winning_moves(both) == [gr.Sum(((0, 1),), ((0, 1),))]
    assert GAME.describe_move(both, gr.Sum(((0, 1),), ((0, 1),))) == "cut edge 1-2"
    assert hackenbush_value([(0, 1), (5, 6), (6, 6)]) == 1  # floating edges are ignored


# ---------------------------------------------------------------- input forms
def test_networkx_graphs():
    tree = nx.balanced_tree(2, 3)  # vertex 0 is the root
    assert GAME.grundy(tree) == brute(normal(tree.edges()))
    multi = nx.MultiGraph([(0, 1), (0, 1), (1, 1), (1, 2)])
    assert GAME.check_position(multi) == ((0, 1), (0, 1), (1, 1), (1, 2))
    assert GAME.grundy(multi) == brute(((0, 1), (0, 1), (1, 1), (1, 2)))
    grid = nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 3))
    assert GAME.grundy(grid) == brute(normal(grid.edges()))
    with pytest.raises(gr.InvalidPositionError, match=r"vertex \(0, 0\) is not an integer"):
        GAME.grundy(nx.grid_2d_graph(2, 2))


def test_text_and_path_input(tmp_path):
    text = "# a triangle on a stalk\n0 1\n\n1 2  # right side\n2 3\n3 1\n"
    assert GAME.grundy(text) == 2
    file = tmp_path / "g.txt"
    file.write_text(text)
    assert GAME.grundy(file) == 2
    assert GAME.parse_position([str(file)]) == ((0, 1), (1, 2), (1, 3), (2, 3))


def test_files_from_data_directory():
    tree = GAME.parse_position([str(DATA / "hackenbush_tree.txt")])
    assert GAME.grundy(tree) == brute(tree)
    cycles = GAME.parse_position([str(DATA / "hackenbush_cycles.txt")])
    assert GAME.grundy(cycles) == brute(cycles)
    both = GAME.parse_position(
        [str(DATA / "hackenbush_tree.txt"), str(DATA / "hackenbush_cycles.txt")]
    )
    assert isinstance(both, gr.Sum) and GAME.grundy(both) == brute(tree) ^ brute(cycles)


def test_floating_edges_are_dropped_with_a_warning_from_files(tmp_path):
    file = tmp_path / "float.txt"
    file.write_text("0 1\n7 8\n8 9\n")
    with pytest.warns(UserWarning, match=r"2 edges not connected .* line 2: 7 8"):
        position = GAME.parse_position([str(file)])
    assert position == ((0, 1),)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert GAME.check_position([(0, 1), (7, 8)]) == ((0, 1),)


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0 1\n2\n", r"bad\.txt, line 2: '2' has 1 number"),
        ("0 1\n1 2 3\n", r"bad\.txt, line 2: '1 2 3' has 3 numbers"),
        ("0 x\n", r"bad\.txt, line 1: '0 x': 'x' is not an integer"),
        ("# ok\n0 -1\n", r"bad\.txt, line 2: '0 -1': vertex -1 is negative"),
        ("0 1.5\n", r"line 1: '0 1.5': '1.5' is not an integer"),
    ],
)
def test_malformed_files(tmp_path, text, message):
    file = tmp_path / "bad.txt"
    file.write_text(text)
    with pytest.raises(gr.InvalidPositionError, match=message) as info:
        GAME.parse_position([str(file)])
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: GAME.parse_position(["no/such/file.txt"]), "no such file"),
        (lambda: GAME.parse_position([]), "give the edges u-v of a graph"),
        (lambda: GAME.parse_position(["."]), "it is a directory"),
        (lambda: GAME.grundy([(0, 1, 2)]), r"edge \(0, 1, 2\) is not a pair"),
        (lambda: GAME.grundy([(0, -1)]), "vertex -1 is negative"),
        (lambda: GAME.grundy([(0, True)]), "vertex True is not an integer"),
        (lambda: GAME.grundy(5), "position 5 is not a graph"),
        (lambda: GreenHackenbush(ground=-2), "vertex -2 is negative"),
    ],
)
def test_bad_input_is_a_clear_error(make, message):
    with pytest.raises(gr.GrundyError, match=message) as info:
        make()
    assert isinstance(info.value, ValueError) and "\n" not in str(info.value)


def test_winning_moves_in_a_huge_cycle_stop_at_the_limit():
    grid = nx.convert_node_labels_to_integers(nx.grid_2d_graph(30, 30))
    grid = [*grid.edges(), (0, 0)]  # 1741 edges in one component: worth 1
    game = GreenHackenbush().limited_to(10_000)
    assert game.grundy(grid) == 1  # the value is quick
    cycle = [(i, i + 1) for i in range(300)] + [(300, 0)]  # any two edges are a 2-edge cut
    assert game.grundy(cycle) == 1
    with pytest.raises(gr.PositionLimitError, match="no faster method"):
        game.winning_moves(cycle)
    # cutting leaves stalks of a and 300 - a edges: only a = 150 gives 0
    assert GreenHackenbush().winning_moves(cycle) == [
        GAME.check_position([e for e in cycle if e != (150, 151)])
    ]
    assert GreenHackenbush().limited_to(10_000).winning_moves(grid[:-1]) == []  # a P-position
    # a 2-edge-connected grid: every cut only flips the parity, found in linear time
    assert len(GreenHackenbush().winning_moves(grid)) == len(grid)
    with pytest.raises(gr.PositionLimitError, match="1,741 options of value 0, each a graph"):
        GreenHackenbush().limited_to(100_000).winning_moves(grid)


# ---------------------------------------------------------------- notation and CLI
def test_describe_move_and_json():
    before = ((0, 1), (1, 2), (1, 3))
    assert GAME.describe_move(before, ((0, 1), (1, 3))) == "cut edge 1-2"
    assert GAME.describe_move(before, ()) == "cut edge 0-1, 2 more edges fall"
    assert GAME.describe_move(((0, 1), (1, 2)), ()) == "cut edge 0-1, 1 more edge falls"
    assert GAME.describe_move(((0, 0), (0, 1)), ((0, 1),)) == "cut edge 0-0"
    assert json.dumps(GAME.position_to_json(before)) == "[[0, 1], [1, 2], [1, 3]]"


def test_registry_and_cli(capsys):
    from grundy.cli import main

    assert isinstance(find("hackenbush"), GreenHackenbush)
    with pytest.raises(SystemExit) as info:
        main(["value", "hackenbush", str(DATA / "hackenbush_cycles.txt"), "--json"])
    out, err = capsys.readouterr()
    assert info.value.code == 0, err
    data = json.loads(out)
    assert data["grundy"] == brute(GAME.parse_position([str(DATA / "hackenbush_cycles.txt")]))
    with pytest.raises(SystemExit) as info:
        main(["value", "hackenbush", "no-such.txt"])
    out, err = capsys.readouterr()
    assert info.value.code == 2 and "no such file" in err and err.count("\n") == 1


# ---------------------------------------------------------------- size
def big_tree(n: int, seed: int = 7) -> list:
    rng = random.Random(seed)
    return [(rng.randrange(i), i) for i in range(1, n + 1)]


def test_big_tree_and_grid():
    assert GreenHackenbush().grundy(big_tree(10_000)) == brute_colon(big_tree(10_000))
    grid = nx.convert_node_labels_to_integers(nx.grid_2d_graph(50, 50))
    assert GreenHackenbush().grundy(grid) == len(grid.edges()) % 2  # one big component


def brute_colon(tree: list) -> int:
    """Colon principle on a tree whose vertex i > 0 has a parent below i."""
    value = [0] * (len(tree) + 1)
    for p, child in reversed(tree):
        value[p] ^= value[child] + 1
    return value[0]


@pytest.mark.slow
def test_tree_of_100000_edges_and_grid_are_quick(spy, count_lines):
    # Fusion and colon principles, O(V + E): no option is listed (a search cuts each
    # edge and prunes what falls, O(E^2) at the least), and each edge costs a bounded
    # number of lines of Python (about 80 for this tree, 65 for the grid).
    tree = big_tree(100_000)
    grid = nx.convert_node_labels_to_integers(nx.grid_2d_graph(200, 200))
    game = GreenHackenbush()
    with spy(GreenHackenbush, "moves", max_calls=0) as moves:
        value, _ = count_lines(game.grundy, tree, max_lines=200 * len(tree))
        assert value == brute_colon(tree)
        value, _ = count_lines(game.grundy, grid, max_lines=200 * len(grid.edges()))
        assert value == len(grid.edges()) % 2
    assert len(moves) == 0 and game.stats.positions == 0


@pytest.mark.slow
def test_large_tree_winning_moves():
    rng = random.Random(11)
    tree = [(rng.randrange(max(0, i - 5), i), i) for i in range(1, 100_001)]
    moves = GreenHackenbush().winning_moves(tree)
    assert moves
    for move in moves[:5]:
        assert hackenbush_value(move) == 0


def twin_trees_and_singles(n: int, singles: int = 41) -> tuple:
    """Two copies of a random tree of `n` edges (their values cancel) and `singles`
    edges on the ground (odd: value 1): a big graph with dozens of winning cuts."""
    tree = big_tree(n)
    twin = [(0 if u == 0 else u + n, v + n) for u, v in tree]
    leaves = [(0, 2 * n + i) for i in range(1, singles + 1)]
    return GAME.check_position(tree + twin + leaves)


def test_a_value_report_of_a_big_graph_analyses_it_once(spy, count_lines):
    # Issue 36: `grundy value hackenbush` on a tree of 10^5 edges took 16 s where
    # `outcome` takes 1: each of its (up to 20) moves described checked (pruned) both
    # graphs and compared them, its outcome, value, winning moves and reason analysed
    # the graph again each, and each move's "from" was written out in JSON again. Now
    # the graph is analysed once, checked never again, each cut described from the edge
    # it cut, and the work is the same whatever the number of winning moves.
    from grundy.app.value_reports import value_report
    from grundy.games import hackenbush as hackenbush_module
    from grundy.games import hackenbush_values

    start = twin_trees_and_singles(3_000)
    game = GreenHackenbush()
    start = game.check_position(list(start))  # as the command line reads it: checked
    with (
        spy(hackenbush_module, "prune", max_calls=0),
        spy(hackenbush_values, "_Analysis", max_calls=1),
        spy(GreenHackenbush, "position_to_json") as written,
    ):
        # as the command line's text asks: 20 moves listed (and described)
        report, lines = count_lines(
            functools.partial(value_report, limit=20),
            "hackenbush",
            game,
            start,
            max_lines=400 * len(start),
        )
    assert report["grundy"] == 1 and report["winning_moves_count"] > 100
    assert len(report["winning_moves"]) == len(report["winning_moves_text"]) == 20
    assert len(written) == 2 + 20  # the position, "from" once, each "to"
    # about 110 lines an edge: 80 for the analysis, 20 for the JSON of the 20 options
    # (4,000 before: each description pruned both graphs, the graph was analysed 4 times)
    assert lines < 150 * len(start), lines
    # the same words as the slow path (lists: positions the game has not seen)
    fresh = GreenHackenbush()
    for text, change in zip(report["winning_moves_text"], report["winning_moves"], strict=False):
        after = tuple(tuple(e) for e in change["to"])
        assert text["move"] == fresh.describe_move(list(start), list(after))
        assert hackenbush_value(after) == 0


def test_what_a_game_remembers_is_exact_and_never_copied():
    import copy
    import pickle

    start = twin_trees_and_singles(600)
    game = GreenHackenbush()
    start = game.check_position(start)
    assert game.check_position(start) is start  # remembered
    assert game.check_position(list(start)) == start  # a list is checked again
    moves = game.winning_moves(start)
    assert game.grundy(start) == brute_colon_of(start) == 1
    for other in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert other == game
    assert not copy.deepcopy(game)._recent.checked
    assert not pickle.loads(pickle.dumps(game))._recent.cuts
    fresh = GreenHackenbush()
    for move in moves:
        assert game.describe_move(start, move) == fresh.describe_move(list(start), list(move))
    # an option described from another graph than the one it was cut from: compared
    other = start[1:]
    assert game.describe_move(other, moves[0]) == fresh.describe_move(other, moves[0])
    assert game.position_to_json(start) == gr.ImpartialGame().position_to_json(start)
    both = gr.Sum(((0, 1),), ((0, 2), (2, 3)))
    assert game.position_to_json(both) == gr.ImpartialGame().position_to_json(both)


def brute_colon_of(edges: tuple) -> int:
    """The colon principle on a forest given by its edges (ground 0), by recursion."""
    children: dict[int, list[int]] = {}
    for u, v in edges:
        children.setdefault(u, []).append(v)
    value = {}
    for vertex in sorted({v for e in edges for v in e}, reverse=True):  # children first
        value[vertex] = 0
        for child in children.get(vertex, ()):
            value[vertex] ^= value[child] + 1
    return value[0]


def test_the_cli_writes_a_big_graph_once(spy, tmp_path, capsys):
    from grundy.cli import main
    from grundy.games import hackenbush as hackenbush_module

    path = tmp_path / "twins.txt"
    path.write_text("".join(f"{u} {v}\n" for u, v in twin_trees_and_singles(3000)))
    with (
        spy(hackenbush_module, "prune", max_calls=1) as pruned,  # reading the file
        spy(GreenHackenbush, "position_to_json", max_calls=22) as written,
        pytest.raises(SystemExit) as info,
    ):
        main(["value", "hackenbush", str(path)])
    out, _ = capsys.readouterr()
    assert info.value.code == 0 and len(pruned) == 1
    assert len(written) == 22  # the position, "from" once, the 20 moves the text shows
    assert "SG value       1" in out and "more (--all lists them)" in out


def test_example_files_exist():
    for name in ("hackenbush_tree.txt", "hackenbush_cycles.txt"):
        assert Path(DATA / name).read_text().startswith("#")


# ---------------------------------------------------------------- graphs typed as edges
INLINE = GreenHackenbush(inline=True)  # the web's form: no file is read


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=16),
    st.sampled_from([GAME, INLINE]),
)
def test_a_typed_graph_reads_back_what_format_position_writes(edges, game):
    position = game.check_position(edges)
    text = game.format_position(position)
    if len(position) > game.edges_shown and not game.inline:
        assert text == f"a graph of {len(position)} edges"  # the command line's short form
        return
    assert text == (
        "edges " + " ".join(f"{u}-{v}" for u, v in position) if position else "no edges"
    )
    assert game.parse_position(text.split()) == position
    if position:
        assert game.parse_position(text.split()[1:]) == position  # 'edges' may be left out
    assert game.grundy(game.parse_position(text.split())) == brute(position)


def test_typed_edges_are_one_graph_and_other_words_are_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tree.txt").write_text("0 1\n1 2\n")
    assert GAME.parse_position(["0-1", "1-2", "1-3"]) == ((0, 1), (1, 2), (1, 3))
    assert GAME.parse_position(["0-2", "5-6"]) == ((0, 2),)  # 5-6 floats: it falls
    assert GAME.parse_position(["tree.txt", "edges", "0-3"]) == gr.Sum(((0, 1), (1, 2)), ((0, 3),))
    (tmp_path / "0-9").write_text("0 4\n")  # an existing file is read, whatever its name
    assert GAME.parse_position(["0-9"]) == ((0, 4),)
    assert INLINE.parse_position(["0-9"]) == ((0, 9),)  # the web reads no file
    with pytest.raises(gr.InvalidPositionError, match="only the command line reads files"):
        INLINE.parse_position(["tree.txt"])
    with pytest.raises(gr.InvalidPositionError, match="cannot read edge file 'x-1'"):
        GAME.parse_position(["x-1"])  # not an edge: a file name


@pytest.mark.parametrize(
    ("words", "error", "message"),
    [
        ([], gr.InvalidPositionError, "give the edges u-v of a graph"),
        (["edges"], gr.InvalidPositionError, "'edges' and no edge u-v after it"),
        (["0-1", "1--2"], gr.InvalidPositionError, "'1--2' is not an edge u-v"),
        (["0-1", "-1-2"], gr.InvalidPositionError, "'-1-2' is not an edge u-v"),
        (["0-1", "0>2"], gr.InvalidPositionError, "'0>2' is not an edge u-v"),
        (["0-1", "edges", "1-2"], gr.InvalidPositionError, "'edges' is not an edge u-v"),
        (["0-²"], gr.InvalidPositionError, "'0-²' is not an edge u-v"),
        (["/etc/passwd"], gr.InvalidPositionError, "only the command line reads files"),
        (["0-" + "9" * 100_001], gr.InvalidPositionError, "has 100,001 digits"),
    ],
)
def test_a_badly_typed_graph_is_refused_in_one_line(words, error, message):
    with pytest.raises(error, match=message) as info:
        INLINE.parse_position(words)
    assert isinstance(info.value, gr.GrundyError) and "\n" not in str(info.value)


def test_a_typed_graph_of_more_edges_than_max_positions_is_refused():
    game = GreenHackenbush(inline=True).limited_to(50)
    words = [f"0-{i}" for i in range(1, 52)]
    with pytest.raises(gr.PositionLimitError, match="more than max_positions = 50 edges"):
        game.parse_position(words)


def test_the_web_form_comes_from_the_registry_and_writes_every_edge():
    web = find("hackenbush", files=False)
    assert isinstance(web, GreenHackenbush) and web.inline and not find("hackenbush").inline
    assert web == GAME and repr(web) == repr(GAME)  # the same game, another notation
    star = tuple((0, i) for i in range(1, 31))
    assert web.format_position(star) == "edges " + " ".join(f"0-{i}" for i in range(1, 31))
    assert GAME.format_position(star) == "a graph of 30 edges"
    assert web.graph_size(star) == (31, 30) and web.graph_size(()) == (1, 0)


def test_the_web_refuses_a_graph_past_its_limits_in_one_line():
    from grundy.web import compute

    most_edges, most_vertices = compute.LIMITS["max_edges"], compute.LIMITS["max_vertices"]
    assert (most_edges, most_vertices) == (60, 40)
    # 60 edges on 40 vertices (39 on the ground, 21 loops) pass; one more of either fails.
    fine = [f"0-{i}" for i in range(1, 40)] + [f"{i}-{i}" for i in range(1, 22)]
    answer = compute.value("hackenbush", " ".join(fine))
    assert answer["grundy"] == 2  # 21 stalks with a loop on top (each 2), 18 bare (each 1)
    for words in (fine + ["1-2"], [f"0-{i}" for i in range(1, 41)]):
        with pytest.raises(gr.PositionLimitError, match="at most 60 edges and 40 vertices") as info:
            compute.value("hackenbush", " ".join(words))
        assert "\n" not in str(info.value)


def test_the_cli_reads_a_typed_graph(capsys):
    from grundy.cli import main

    with pytest.raises(SystemExit) as info:
        main(["value", "hackenbush", "edges", "0-1", "0-4", "1-2", "1-3", "4-5", "--json"])
    out, err = capsys.readouterr()
    assert info.value.code == 0, err
    data = json.loads(out)
    assert data["grundy"] == brute(((0, 1), (0, 4), (1, 2), (1, 3), (4, 5))) == 3
