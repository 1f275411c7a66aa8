"""Tokens on a directed graph: vertex values, sums of tokens, winning moves, files, cycles."""

from __future__ import annotations

import functools
import itertools
import json
import random

import networkx as nx
import pytest
from conftest import DATA, naive_mex
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
import grundy.games.digraph_rows as digraph_module
from grundy.app.registry import find
from grundy.games import DigraphGame
from grundy.games.digraph_tokens import DigraphTokens


# ---------------------------------------------------------------- the oracle
def brute_values(edges, vertices=()) -> dict:
    """SG of every vertex by memoised recursion over the successors."""
    succ: dict[int, set] = {}
    for u, v in edges:
        succ.setdefault(u, set()).add(v)
        succ.setdefault(v, set())
    for v in vertices:
        succ.setdefault(v, set())

    @functools.cache
    def g(v):
        return naive_mex(g(w) for w in succ[v])

    return {v: g(v) for v in succ}


def brute_tokens(edges, tokens: tuple) -> int:
    """SG of several tokens by search over the product (tuples of vertices), no XOR."""
    succ: dict[int, set] = {}
    for u, v in edges:
        succ.setdefault(u, set()).add(v)

    @functools.cache
    def g(position):
        return naive_mex(
            g(position[:i] + (w,) + position[i + 1 :])
            for i, v in enumerate(position)
            for w in succ.get(v, ())
        )

    return g(tokens)


@st.composite
def dags(draw, max_vertices: int = 9):
    """A random DAG on shuffled labels, with some repeated edges and isolated vertices."""
    n = draw(st.integers(1, max_vertices))
    order = draw(st.permutations(range(n)))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=20))
    edges = [(order[min(a, b)], order[max(a, b)]) for a, b in edges if a != b]
    return edges, list(order)


# ---------------------------------------------------------------- values
def test_the_notes_example():
    # a DAG game as in the notes (快快编程 slides): the values read off the table
    game = DigraphGame([(1, 0), (2, 1), (2, 0), (4, 3), (5, 4), (5, 3), (5, 1)])
    assert game.values() == brute_values(game_edges(game))
    assert [game.outcome(v).value for v in range(6)] == ["P", "N", "N", "P", "N", "N"]


def game_edges(game: DigraphGame) -> list:
    return [(u, v) for u in game.values() for v in game.successors(u)]


@settings(max_examples=200, deadline=None)
@given(dags())
def test_values_against_search(dag):
    edges, vertices = dag
    game = DigraphGame(edges, vertices)
    assert game.values() == brute_values(edges, vertices)
    for v in vertices:
        assert game.grundy(v, use_formula=False) == game.grundy(v)
        for target in range(4):
            expected = sorted(
                w
                for w in set(w for u, w in edges if u == v)
                if brute_values(edges, vertices)[w] == target
            )
            assert sorted(game.moves_to_value(v, target)) == expected


@pytest.mark.parametrize("compiled", [False, True])
@settings(max_examples=25, deadline=None)
@given(dag=dags(max_vertices=30))
def test_compiled_and_python_paths_agree(compiled, dag):
    edges, vertices = dag
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(digraph_module, "COMPILED_FROM", 0 if compiled else 10**9)
        game = DigraphGame(edges, vertices)
    assert game.values() == brute_values(edges, vertices)
    assert sorted(game.successors(vertices[0])) == sorted({w for u, w in edges if u == vertices[0]})


# ---------------------------------------------------------------- several tokens
@settings(max_examples=150, deadline=None)
@given(dags(max_vertices=6), st.data())
def test_sums_of_tokens_against_search_on_the_product(dag, data):
    edges, vertices = dag
    game = DigraphGame(edges, vertices)
    tokens = tuple(data.draw(st.lists(st.sampled_from(vertices), max_size=3)))
    value = brute_tokens(edges, tokens)
    assert game.grundy(tokens) == value
    expected = {
        tokens[:i] + (w,) + tokens[i + 1 :]
        for i, v in enumerate(tokens)
        for w in game.successors(v)
        if brute_tokens(edges, tokens[:i] + (w,) + tokens[i + 1 :]) == 0
    }
    moves = game.winning_moves(tokens)
    assert set(moves) == expected and len(moves) == len(set(moves))
    assert all(brute_tokens(edges, m) == 0 for m in moves)


def test_every_token_pair_on_a_small_dag():
    edges = [(0, 1), (0, 2), (1, 2), (2, 3), (4, 3), (4, 0), (5, 4), (5, 2)]
    game = DigraphGame(edges)
    for tokens in itertools.product(range(6), repeat=2):
        assert game.grundy(tokens) == brute_tokens(edges, tokens)
        moves = game.winning_moves(tokens)
        assert all(brute_tokens(edges, m) == 0 for m in moves)
        assert bool(moves) == (brute_tokens(edges, tokens) != 0)


def test_misere_uses_the_whole_position():
    edges = [(0, 1), (1, 2), (3, 2)]
    game = DigraphGame(edges)

    @functools.cache
    def misere_wins(position):  # the player to move wins in misère play
        options = [
            position[:i] + (w,) + position[i + 1 :]
            for i, v in enumerate(position)
            for w in game.successors(v)
        ]
        return not options or any(not misere_wins(o) for o in options)

    for tokens in itertools.product(range(4), repeat=3):
        assert game.is_p_position(tokens, misere=True) == (not misere_wins(tokens))


# ---------------------------------------------------------------- cycles
def test_a_cycle_is_a_clear_error():
    game = DigraphGame([(0, 1), (1, 2), (2, 3), (3, 1), (4, 0)])
    assert game.successors(1) == [2]  # the rules are fine; values are not
    with pytest.raises(gr.LoopError, match=r"has a cycle 1 -> 2 -> 3 -> 1; SG values need") as info:
        game.grundy(4)
    assert info.value.cycle == (1, 2, 3, 1)
    with pytest.raises(gr.LoopError, match="cycle 7 -> 7"):
        DigraphGame([(7, 7)]).values()
    with pytest.raises(gr.LoopError, match="loopy-game solver"):
        find(f"digraph:{DATA / 'digraph_cycle.txt'}").grundy(0)


def test_a_long_cycle_message_stays_short():
    n = 100
    game = DigraphGame([(i, (i + 1) % n) for i in range(n)])
    with pytest.raises(gr.LoopError) as info:
        game.values()
    assert len(info.value.cycle) == n + 1 and " -> ..." in str(info.value)


# ---------------------------------------------------------------- input forms
def test_networkx_digraph():
    graph = nx.gn_graph(60, seed=3)  # a random growing network: a DAG with edges to older
    graph.add_node(100)
    game = DigraphGame(graph)
    assert game.values() == brute_values(graph.edges(), graph.nodes())
    with pytest.raises(gr.InvalidGameError, match="undirected"):
        DigraphGame(nx.path_graph(3))


def test_file_with_lone_vertices():
    game = DigraphGame.from_file(DATA / "digraph_small.txt")
    assert game.vertex_count == 7 and game.successors(6) == []
    assert game.values() == brute_values(game_edges(game), [6])
    assert repr(game).startswith("digraph:")


def test_cli_value(capsys):
    from grundy.cli import main

    with pytest.raises(SystemExit) as info:
        main(["value", f"digraph:{DATA / 'digraph_small.txt'}", "0", "3", "--json"])
    out, err = capsys.readouterr()
    assert info.value.code == 0, err
    data = json.loads(out)
    game = DigraphGame.from_file(DATA / "digraph_small.txt")
    assert data["position"] == [0, 3] and data["grundy"] == game.grundy((0, 3))
    changes = [gr.Move(m["part"], m["from"], m["to"]) for m in data["winning_moves"]]
    assert [game.apply((0, 3), m) for m in changes] == game.winning_moves((0, 3))
    with pytest.raises(SystemExit) as info:
        main(["value", f"digraph:{DATA / 'digraph_small.txt'}", "9"])
    out, err = capsys.readouterr()
    assert info.value.code == 2 and "vertex 9 is not in the graph" in err


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0 1\n1 2 3\n", r"g\.txt, line 2: '1 2 3' has 3 numbers"),
        ("0 x\n", r"line 1: '0 x': 'x' is not an integer"),
        ("0 -1\n", r"line 1: '0 -1': vertex -1 is negative"),
        ("-4\n", r"line 1: '-4': vertex -4 is negative"),
    ],
)
def test_malformed_files(tmp_path, text, message):
    file = tmp_path / "g.txt"
    file.write_text(text)
    with pytest.raises(gr.InvalidGameError, match=message):
        DigraphGame.from_file(file)
    with pytest.raises(gr.InvalidGameError, match=message):
        find(f"digraph:{file}")


GAME = DigraphGame([(0, 1), (1, 2)])


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: GAME.grundy(7), gr.InvalidPositionError, "vertex 7 is not in the graph"),
        (lambda: GAME.grundy((0, 9)), gr.InvalidPositionError, "vertex 9 is not in the graph"),
        (lambda: GAME.grundy(-1), gr.InvalidPositionError, "vertex -1 is not in the graph"),
        (lambda: GAME.grundy("a"), gr.InvalidPositionError, "vertex 'a' is not an integer"),
        (lambda: GAME.parse_position(["0", "x"]), gr.InvalidPositionError, "'x' is not an"),
        (lambda: GAME.parse_position([]), gr.InvalidPositionError, "give the vertices"),
        (lambda: DigraphGame([(0, 1, 2)]), gr.InvalidGameError, "is not a pair"),
        (lambda: DigraphGame([(0, -1)]), gr.InvalidGameError, "vertex -1 is negative"),
        (lambda: DigraphGame([(0, 1.5)]), gr.InvalidGameError, "1.5 is not an integer"),
        (lambda: DigraphGame([(0, True)]), gr.InvalidGameError, "True is not an integer"),
        (lambda: DigraphGame(5), gr.InvalidGameError, "must be iterables"),
        (lambda: DigraphGame.from_file("no-such.txt"), gr.InvalidGameError, "no such file"),
        (lambda: find("digraph:"), gr.InvalidGameError, "cannot read edge file"),
    ],
)
def test_bad_input_is_a_clear_error(make, error, message):
    with pytest.raises(error, match=message) as info:
        make()
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("compiled", [False, True])
def test_bad_edges_are_named_on_both_paths(monkeypatch, compiled):
    monkeypatch.setattr(digraph_module, "COMPILED_FROM", 0 if compiled else 10**9)
    with pytest.raises(gr.InvalidGameError, match="True is not an integer"):
        DigraphGame([(0, 1), (1, True)])
    with pytest.raises(gr.InvalidGameError, match="vertex -3 is negative"):
        DigraphGame([(0, 1)], vertices=[-3])
    big = DigraphGame([(0, 10**30)])  # past int64: the careful path takes it
    assert big.values() == {0: 1, 10**30: 0}


# ---------------------------------------------------------------- notation
def test_describe_move_and_parse():
    game = DigraphGame([(3, 5), (0, 3)])
    assert game.describe_move(3, 5) == "move the token: 3 -> 5"
    assert game.describe_move((0, 3), (0, 5)) == "token 2: 3 -> 5"
    assert game.parse_position(["3"]) == 3 and game.parse_position(["0", "3"]) == (0, 3)
    assert game.winning_moves(3) == [5] and game.winning_moves(0) == []
    assert game.winning_moves(()) == [] and game.grundy(()) == 0


# ---------------------------------------------------------------- size
def random_dag(n: int, m: int, seed: int) -> list:
    rng = random.Random(seed)
    perm = list(range(n))
    rng.shuffle(perm)
    edges = []
    for _ in range(m):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            edges.append((perm[min(a, b)], perm[max(a, b)]))
    return edges


def test_a_big_dag_on_both_paths(monkeypatch):
    edges = random_dag(2_000, 10_000, 5)
    fast = DigraphGame(edges).values()
    monkeypatch.setattr(digraph_module, "COMPILED_FROM", 0)
    assert DigraphGame(edges).values() == fast == brute_values(edges)


@pytest.mark.slow
def test_a_million_edges_in_one_compiled_pass(spy, monkeypatch):
    edges = random_dag(200_000, 1_000_000, 1)
    DigraphGame(edges[:100_000]).values()  # load the compiled kernel first
    # O(V + E) in compiled code: the graph is built in numpy arrays and valued by one
    # run of the compiled kernel over all its edges; no Python loop over the edges
    # builds or values it, and no vertex's options are listed.
    kernel = digraph_module._compiled_dag_values()
    runs = []

    def counted_kernel(*arrays):
        runs.append(len(arrays[1]))  # the successor array: one entry per edge
        return kernel(*arrays)

    monkeypatch.setattr(digraph_module, "_compiled_dag_values", lambda: counted_kernel)
    with (
        spy(digraph_module, "_build_lists", max_calls=0) as python_builds,
        spy(digraph_module, "_dag_values", max_calls=0) as python_passes,
        spy(DigraphGame, "moves", max_calls=0) as moves,
    ):
        game = DigraphGame(edges)
        values = game.values()
    assert len(python_builds) == len(python_passes) == len(moves) == 0
    assert runs == [len(set(edges))]  # repeated edges count once
    sample = random.Random(2).sample(sorted(values), 50)
    for v in sample:  # spot checks of the mex rule
        assert values[v] == naive_mex(values[w] for w in game.successors(v))


def test_vertices_may_be_a_count_as_judges_number_them():
    """Issue 19: a token on an isolated vertex raised unless vertices=range(n) was given."""
    game = DigraphGame([(0, 1), (1, 2)], vertices=5)
    assert game.values() == {0: 0, 1: 1, 2: 0, 3: 0, 4: 0}
    assert game.grundy((1, 4)) == 1 and game.winning_moves((1, 4)) == [(2, 4)]


# ---------------------------------------------------------------- the graph in the position
TYPED = DigraphTokens()


@settings(max_examples=150, deadline=None)
@given(dag=dags(), data=st.data())
def test_a_typed_graph_and_tokens_read_back_what_format_position_writes(dag, data):
    edges, vertices = dag
    tokens = tuple(data.draw(st.lists(st.sampled_from(vertices), max_size=3)))
    position = TYPED.check_position((edges, tokens))
    assert position == (tuple(sorted(set(edges))), tokens)
    text = TYPED.format_position(position)
    assert TYPED.parse_position(text.split()) == position
    assert TYPED.grundy(position) == brute_tokens(edges, tokens)
    if edges:  # the graph as a DigraphGame, the tokens as its position
        game = DigraphGame(edges, vertices)
        assert TYPED.grundy(position) == game.grundy(tokens)
    # every option is written so that it reads back, and named by the token it moves
    for option in TYPED.moves(position):
        assert TYPED.parse_position(TYPED.format_position(option).split()) == option
        assert "->" in TYPED.describe_move(position, option)


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("edges 0-1 1-2 tokens 0 0", (((0, 1), (1, 2)), (0, 0))),
        ("0>1 1->2; 0 0", (((0, 1), (1, 2)), (0, 0))),  # arrows, ';', no keywords
        ("1-2 0-1 1-2 ; tokens 2", (((0, 1), (1, 2)), (2,))),  # sorted, each edge once
        ("no edges tokens 7", ((), (7,))),  # a token on a vertex of no edge: no move
        ("edges 0-1 no tokens", (((0, 1),), ())),
        ("tokens 3", ((), (3,))),
    ],
)
def test_the_ways_a_position_may_be_typed(text, position):
    assert TYPED.parse_position(text.split()) == position


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("", gr.InvalidPositionError, "give the edges u-v of the graph"),
        ("edges 0-1 x", gr.InvalidPositionError, "token vertex 'x' is not an integer"),
        ("edges 0-1 tokens 0 1-2", gr.InvalidPositionError, "token vertex '1-2' is not"),
        ("edges 0-1 tokens -1", gr.InvalidPositionError, "token vertex '-1' is not"),
        ("edges 0-1 no tokens 3", gr.InvalidPositionError, "'3' after 'no tokens'"),
        ("edges 0-1 tokens tokens 0", gr.InvalidPositionError, "'tokens' is not"),
        ("edges 0-" + "9" * 100_001, gr.InvalidPositionError, "has 100,001 digits"),
        ("0-1 1-2 2-0 tokens 0", gr.LoopError, "cycle 0 -> 1 -> 2 -> 0"),
    ],
)
def test_a_badly_typed_position_is_refused_in_one_line(text, error, message):
    with pytest.raises(error, match=message) as info:
        TYPED.grundy(TYPED.check_position(TYPED.parse_position(text.split())))
    assert isinstance(info.value, gr.GrundyError) and "\n" not in str(info.value)


def test_positions_given_as_python_values_are_checked():
    assert TYPED.check_position(([[1, 2], (0, 1), (1, 2)], 0)) == (((0, 1), (1, 2)), (0,))
    assert TYPED.position_to_json((((0, 1),), (0, 0))) == {"edges": [[0, 1]], "tokens": [0, 0]}
    for bad, message in [
        (5, "is not a pair"),
        (([(0, 1, 2)], [0]), "is not a pair of vertices"),
        (([(0, -1)], [0]), "vertex -1 is negative"),
        (([(0, 1)], ["a"]), "'a' is not an integer"),
        (([(0, 1)], "0"), "are not a list of vertices"),
    ]:
        with pytest.raises(gr.InvalidPositionError, match=message):
            TYPED.check_position(bad)


def test_the_registry_names_both_forms(tmp_path):
    graph = tmp_path / "g.txt"
    graph.write_text("0 1\n1 2\n")
    assert isinstance(find("digraph"), DigraphTokens)
    assert isinstance(find("digraph", files=False), DigraphTokens)
    assert isinstance(find(f"digraph:{graph}"), DigraphGame)
    with pytest.raises(gr.InvalidGameError, match="reads files, which only the command line"):
        find(f"digraph:{graph}", files=False)


def test_the_web_refuses_a_graph_past_its_limits_in_one_line():
    from grundy.web import compute

    chain = [f"{i}-{i + 1}" for i in range(39)]  # 40 vertices
    fine = " ".join(chain) + " tokens 0 5"
    assert compute.value("digraph", fine)["grundy"] == (39 % 2) ^ (34 % 2)
    too_many = [
        " ".join(chain) + " tokens 40",  # 41 vertices
        " ".join(chain + [f"{i}-{i + 2}" for i in range(22)]) + " tokens 0",  # 61 edges
    ]
    for text in too_many:
        with pytest.raises(gr.PositionLimitError, match="at most 60 edges and 40 vertices"):
            compute.value("digraph", text)


def test_the_cli_reads_the_graph_in_the_position(capsys):
    from grundy.cli import main

    with pytest.raises(SystemExit) as info:
        main(["value", "digraph", "edges", "0-1", "0-2", "1-2", "2-3", "4-3", "tokens", "0", "4",
              "--json"])  # fmt: skip
    out, err = capsys.readouterr()
    assert info.value.code == 0, err
    data = json.loads(out)
    assert data["grundy"] == 3 and data["position"] == {
        "edges": [[0, 1], [0, 2], [1, 2], [2, 3], [4, 3]],
        "tokens": [0, 4],
    }
    assert [m["position"] for m in data["winning_moves_text"]] == [
        "edges 0-1 0-2 1-2 2-3 4-3 tokens 2 4"
    ]
