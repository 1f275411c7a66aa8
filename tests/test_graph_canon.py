"""The canonical labelling of graphs (grundy.core.graph_canon) against networkx's
isomorphism test and a brute force over every numbering: unlabelled graphs, vertex and
edge labels, trees, twins, the branch budget (work counted, not timed), bad input."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from graph_strategies import graphs, relabelled, trees
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from networkx.algorithms.isomorphism import categorical_edge_match, categorical_node_match

from grundy.core import graph_canon
from grundy.core.errors import GrundyError, InvalidGameError, InvalidPositionError
from grundy.core.graph_canon import (
    MAX_LEAVES,
    Labelling,
    canonical_form,
    canonical_labelling,
    refine,
)


# ---------------------------------------------------------------- graphs and oracles
@st.composite
def labelled_graphs(draw, most=7, vertex_labels="..LR", edge_labels="lre"):
    """(labels, edges): vertices 0..n-1 (some maybe with no edge), edges (u, v, label)."""
    n = draw(st.integers(0, most))
    labels = draw(st.lists(st.sampled_from(vertex_labels), min_size=n, max_size=n))
    pairs = list(itertools.combinations(range(n), 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    return labels, [(u, v, draw(st.sampled_from(edge_labels))) for u, v in chosen]


@st.composite
def labelled_trees(draw, most=12):
    """(labels, edges) of a tree with labelled vertices and edges."""
    edges = draw(trees(most))
    n = len(edges) + 1
    labels = draw(st.lists(st.sampled_from("ab"), min_size=n, max_size=n))
    return labels, [(u, v, draw(st.sampled_from("xy"))) for u, v in edges]


def permuted(labels, edges, seed):
    """The same labelled graph, vertex v renamed order[v], edges turned and shuffled."""
    rng = random.Random(seed)
    order = list(range(len(labels)))
    rng.shuffle(order)
    new = [None] * len(labels)
    for v, label in enumerate(labels):
        new[order[v]] = label
    moved = [(order[v], order[u], k) for u, v, k in edges]
    rng.shuffle(moved)
    return new, moved


def nx_graph(labels, edges):
    graph = nx.Graph()
    graph.add_nodes_from((v, {"label": label}) for v, label in enumerate(labels))
    graph.add_edges_from((u, v, {"label": k}) for u, v, k in edges)
    return graph


def nx_isomorphic(first, second):
    return nx.is_isomorphic(
        nx_graph(*first),
        nx_graph(*second),
        node_match=categorical_node_match("label", None),
        edge_match=categorical_edge_match("label", None),
    )


def brute_form(labels, edges):
    """The least (labels, edges) over every numbering: a canonical form by definition."""
    best = None
    for order in itertools.permutations(range(len(labels))):
        number = {v: i for i, v in enumerate(order)}
        found = (
            tuple(labels[v] for v in order),
            tuple(sorted((*sorted((number[u], number[v])), k) for u, v, k in edges)),
        )
        if best is None or found < best:
            best = found
    return best


# ---------------------------------------------------------------- unlabelled graphs
@settings(max_examples=150)
@given(graphs(9, 16), st.integers(0, 10**6))
def test_a_renumbered_graph_has_the_same_form(edges, seed):
    assert canonical_form(edges) == canonical_form(relabelled(edges, seed))
    labelling = canonical_labelling(edges)
    assert labelling.exact
    assert sorted(labelling.order) == sorted({v for e in edges for v in e})
    number = labelling.numbers
    renamed = {(*sorted((number[u], number[v])), None) for u, v in edges}
    assert tuple(sorted(renamed)) == labelling.edges
    assert tuple((u, v) for u, v, _ in labelling.edges) == canonical_form(edges)


@settings(max_examples=200)
@given(graphs(7, 10), graphs(7, 10))
def test_forms_are_equal_exactly_for_isomorphic_graphs(first, second):
    isomorphic = nx.is_isomorphic(nx.Graph(first), nx.Graph(second))
    assert (canonical_form(first) == canonical_form(second)) == isomorphic
    assert nx.is_isomorphic(nx.Graph(list(canonical_form(first))), nx.Graph(first))


def test_regular_graphs_that_refinement_cannot_split_are_told_apart():
    # Two 2-regular graphs on 6 vertices: a hexagon and two triangles. Colour refinement
    # gives every vertex one colour in both; the branches tell them apart.
    hexagon = [(i, (i + 1) % 6) for i in range(6)]
    triangles = [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)]
    assert canonical_form(hexagon) != canonical_form(triangles)
    # The 3-prism and K(3, 3), both 3-regular on 6 vertices.
    prism = [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (0, 3), (1, 4), (2, 5)]
    k33 = [(u, 3 + v) for u in range(3) for v in range(3)]
    assert canonical_form(prism) != canonical_form(k33)
    assert canonical_form(prism) == canonical_form(relabelled(prism, 7))


def test_small_cases_and_repeats():
    assert canonical_form([]) == ()
    assert canonical_labelling([]) == Labelling((), (), (), True)
    assert canonical_form([(0, 1), (1, 0), (0, 1)]) == ((0, 1),)  # repeats ignored
    assert canonical_form([("a", "b"), ("b", "c")]) == ((0, 1), (0, 2))  # any names
    found = canonical_labelling([(1, 2, "x")], {1: "p", 2: "q", 3: "p"})  # 3: no edge
    assert found == eval(repr(found))
    assert found.form == (("p", "p", "q"), ((1, 2, "x"),))


# ---------------------------------------------------------------- labels
@settings(max_examples=300, deadline=None)
@given(labelled_graphs(), labelled_graphs())
def test_labelled_forms_are_equal_exactly_for_isomorphic_labelled_graphs(first, second):
    same = (
        canonical_labelling(first[1], first[0]).form
        == canonical_labelling(second[1], second[0]).form
    )
    assert same == nx_isomorphic(first, second)


@settings(max_examples=200, deadline=None)
@given(labelled_graphs(6, "ab", "xy"), labelled_graphs(6, "ab", "xy"))
def test_labelled_forms_agree_with_the_brute_force(first, second):
    one, other = (canonical_labelling(g[1], g[0]) for g in (first, second))
    assert (one.form == other.form) == (brute_form(*first) == brute_form(*second))
    assert brute_form(*one.form) == brute_form(*first)  # the form is the same graph
    assert one.exact


@settings(max_examples=200, deadline=None)
@given(labelled_graphs(9), st.integers(0, 10**6))
def test_a_renumbered_labelled_graph_has_the_same_form(graph, seed):
    labels, edges = graph
    found = canonical_labelling(edges, labels)
    other = permuted(labels, edges, seed)
    assert canonical_labelling(other[1], other[0]).form == found.form
    assert canonical_labelling(edges, dict(enumerate(labels))).form == found.form
    # the numbering does what it says: each vertex's label and edges, renumbered
    number = found.numbers
    assert found.labels == tuple(labels[v] for v in found.order)
    assert found.edges == tuple(sorted((*sorted((number[u], number[v])), k) for u, v, k in edges))


def test_labels_tell_apart_what_the_shape_does_not():
    path = [(0, 1), (1, 2)]
    assert canonical_labelling(path, "L..").form == canonical_labelling(path, "..L").form
    assert canonical_labelling(path, "L..").form != canonical_labelling(path, ".L.").form
    one = [(0, 1, "l"), (1, 2, "r")]
    assert canonical_labelling(one).form == canonical_labelling([(2, 1, "l"), (1, 0, "r")]).form
    assert canonical_labelling(one).form != canonical_labelling([(0, 1, "r"), (1, 2, "r")]).form
    # all edges of one label are unlabelled edges, but their label is kept
    assert canonical_labelling([(0, 1, "l")]).edges == ((0, 1, "l"),)
    assert canonical_labelling([(0, 1, "l")]).form != canonical_labelling([(0, 1, "r")]).form


# ---------------------------------------------------------------- trees
@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(trees(), trees(), st.integers(0, 10**6))
def test_trees_are_numbered_without_refinement_exactly_up_to_isomorphism(spy, first, second, seed):
    with spy(graph_canon, "_refine", max_calls=0):
        form = canonical_form(first)
        assert canonical_form(relabelled(first, seed)) == form
        isomorphic = nx.is_isomorphic(nx.Graph(first), nx.Graph(second))
        assert (canonical_form(second) == form) == isomorphic
    assert nx.is_isomorphic(nx.Graph(list(form)), nx.Graph(first))


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(labelled_trees(), labelled_trees(), st.integers(0, 10**6))
def test_labelled_trees_are_numbered_exactly_up_to_isomorphism(spy, first, second, seed):
    with spy(graph_canon, "_refine", max_calls=0):
        one = canonical_labelling(first[1], first[0])
        other = permuted(*first, seed)
        assert canonical_labelling(other[1], other[0]).form == one.form
        same = canonical_labelling(second[1], second[0]).form == one.form
    assert same == nx_isomorphic(first, second)
    assert nx_isomorphic(first, (one.labels, one.edges))


def test_a_subtree_code_holds_its_root_label():
    # a path of 5, centre c: its two branches differ only by the label of their roots
    path = [(0, 1), (1, 2), (2, 3), (3, 4)]
    assert canonical_labelling(path, "aacba").form == canonical_labelling(path, "abcaa").form
    assert canonical_labelling(path, "aacba").form != canonical_labelling(path, "aacab").form


def test_a_tree_with_two_centres_is_rooted_by_its_halves():
    # a path of 4 with labels a-b-b-c: the centres are the b's, their halves b-a and b-c
    path = [(0, 1), (1, 2), (2, 3)]
    assert canonical_labelling(path, "abbc").form == canonical_labelling(path, "cbba").form
    assert canonical_labelling(path, "abbc").form != canonical_labelling(path, "bacb").form
    # two centres joined by an edge whose label is not the others'
    edges = [(0, 1, "x"), (1, 2, "y"), (2, 3, "x")]
    turned = [(3, 2, "x"), (2, 1, "y"), (1, 0, "x")]
    assert canonical_labelling(edges, "abab").form == canonical_labelling(turned, "baba").form


@pytest.mark.parametrize(
    "edges",
    [
        [(0, 1), (1, 2), (2, 0), (3, 4)],  # a triangle and an edge
        [(0, 1), (1, 2), (2, 3), (3, 0), (4, 5)],  # a square and an edge
        [(0, 1), (1, 2), (2, 0), (2, 3), (4, 5), (5, 6)],  # with tails
    ],
)
def test_a_graph_with_one_edge_fewer_than_vertices_but_a_cycle_is_no_tree(edges):
    found = canonical_form(edges)
    assert nx.is_isomorphic(nx.Graph(list(found)), nx.Graph(edges))
    assert canonical_form(relabelled(edges, 3)) == found


def test_a_lone_vertex_makes_no_tree():
    triangle = [(0, 1), (1, 2), (2, 0)]  # and vertex 3, with no edge: 3 edges, 4 vertices
    found = canonical_labelling(triangle, "abcd")
    assert found.exact and found.labels[found.numbers[3]] == "d"
    assert found.form == canonical_labelling([(1, 2), (2, 3), (3, 1)], "dabc").form


# ---------------------------------------------------------------- twins and the budget
def test_twins_are_tried_once(spy):
    # A star of 8 leaves with two leaves joined: no tree, 6 leaves that are twins (the
    # same neighbour) and 2 adjacent twins. One branch each time: 1 leaf of the search,
    # where trying every order of the twins would be 6! x 2 of them.
    graph = [(0, v) for v in range(1, 9)] + [(1, 2)]
    labelling = canonical_labelling(graph, max_leaves=1)
    assert labelling.exact
    assert labelling.form == canonical_labelling(relabelled(graph, 5)).form
    # the centre, alone in its class (the greatest degree), numbered last
    star = [(0, i) for i in range(1, 11)] + [(1, 2)]
    with spy(graph_canon, "_refine", max_calls=6) as calls:
        assert canonical_labelling(star).order[-1] == 0
    assert len(calls) <= 6


@pytest.mark.parametrize(
    "graph",
    [
        [(u, v) for u in range(9) for v in range(u + 1, 9)],  # K9: closed twins
        [(u, v) for u in range(4) for v in range(4, 11)],  # K(4, 7): open twins
    ],
)
def test_a_class_of_twins_only_is_split_at_once(spy, graph):
    with spy(graph_canon, "_refine", max_calls=4) as calls:
        labelling = canonical_labelling(graph, max_leaves=1)
    assert labelling.exact and len(calls) <= 4
    assert nx.is_isomorphic(nx.Graph([e[:2] for e in labelling.edges]), nx.Graph(graph))


def test_labelled_twins_are_tried_once(spy):
    # 6 leaves by x edges, 2 joined by a z edge, 2 by y edges: three classes of twins
    star = [(0, i, "x") for i in range(1, 7)] + [(0, 7, "y"), (0, 8, "y"), (7, 8, "z")]
    with spy(graph_canon, "_refine", max_calls=6) as calls:
        found = canonical_labelling(star, "a" * 9, max_leaves=1)
    assert found.exact and len(calls) <= 6
    other = permuted(["a"] * 9, star, 4)
    assert canonical_labelling(other[1], other[0]).form == found.form


def test_past_the_branch_budget_the_form_is_still_the_same_graph():
    # The 3-cube: vertex-transitive, no twins, 48 automorphisms: many branches.
    cube = list(nx.hypercube_graph(3).edges())
    cube = [(4 * a + 2 * b + c, 4 * x + 2 * y + z) for (a, b, c), (x, y, z) in cube]
    partial = canonical_labelling(cube, max_leaves=2)
    assert not partial.exact
    assert nx.is_isomorphic(nx.Graph([e[:2] for e in partial.edges]), nx.Graph(cube))
    full = canonical_labelling(cube)
    assert full.exact and full.form == canonical_labelling(relabelled(cube, 11)).form


def test_a_vertex_transitive_graph_is_numbered_within_the_leaf_budget(spy):
    # a 30-cycle: 30 first vertices, then 2 directions each; no twins
    cycle = [(i, (i + 1) % 30) for i in range(30)]
    with spy(graph_canon, "_refine", max_calls=4 * MAX_LEAVES) as calls:
        assert canonical_labelling(cycle, ["."] * 30).exact
    assert len(calls) <= 1 + 30 + 2 * 30


@pytest.mark.parametrize("max_leaves", [1, 8, MAX_LEAVES])
def test_the_budget_bounds_the_work(spy, max_leaves):
    # The 6-cube: 64 vertices, 46,080 automorphisms, no twins. Each refinement the
    # search makes is on the path to a leaf it reaches, so at most (depth + 1) a leaf.
    cube = [(u, u ^ (1 << b)) for u in range(64) for b in range(6) if u < u ^ (1 << b)]
    limit = max_leaves * 65
    with spy(graph_canon, "_refine", max_calls=limit) as calls:
        found = canonical_labelling(cube, max_leaves=max_leaves)
    assert len(calls) <= limit and not found.exact
    assert nx.is_isomorphic(nx.Graph([e[:2] for e in found.edges]), nx.Graph(cube))


# ---------------------------------------------------------------- refinement
@st.composite
def coloured_graphs(draw):
    labels, edges = draw(labelled_graphs(8, "abc", "012"))
    neighbours = [[] for _ in labels]
    kinds = [[] for _ in labels]
    for u, v, k in edges:
        neighbours[u].append(v)
        neighbours[v].append(u)
        kinds[u].append(int(k))
        kinds[v].append(int(k))
    colours = ["abc".index(x) for x in labels]
    return neighbours, colours, kinds if draw(st.booleans()) else None


@settings(max_examples=200)
@given(coloured_graphs(), st.integers(0, 10**6))
def test_refinement_is_stable_finer_ordered_and_independent_of_the_numbering(graph, seed):
    neighbours, colours, kinds = graph
    found = refine(neighbours, colours, kinds)
    n = len(colours)
    assert sorted(set(found)) == list(range(len(set(found))))
    for u, v in itertools.combinations(range(n), 2):
        if colours[u] < colours[v]:
            assert found[u] < found[v]  # the old classes' order is kept
        if found[u] == found[v]:  # equitable: alike neighbours by alike edges
            assert colours[u] == colours[v]
            seen = [
                sorted((found[w], kinds[x][j] if kinds else 0) for j, w in enumerate(neighbours[x]))
                for x in (u, v)
            ]
            assert seen[0] == seen[1]
    order = list(range(n))
    random.Random(seed).shuffle(order)  # vertex v is renamed order[v]
    back = sorted(range(n), key=order.__getitem__)
    moved = [[order[w] for w in neighbours[v]] for v in back]
    again = refine(moved, [colours[v] for v in back], [kinds[v] for v in back] if kinds else None)
    assert again == [found[v] for v in back]


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: canonical_form([(3, 3)]), InvalidPositionError, r"edge \(3, 3\) is a loop"),
        (lambda: canonical_form([(0, 1, 2, 3)]), InvalidPositionError, "is not a pair"),
        (lambda: canonical_form([7]), InvalidPositionError, "7 is not a pair"),
        (lambda: canonical_form([(0, 1, "x")]), InvalidPositionError, "takes unlabelled"),
        (
            lambda: canonical_labelling([(0, 1, "x"), (1, 2)]),
            InvalidPositionError,
            r"edge \(1, 2\) has no label, unlike those before",
        ),
        (
            lambda: canonical_labelling([(0, 1, "x"), (1, 0, "y")]),
            InvalidPositionError,
            "joins two vertices joined by an edge labelled 'x'",
        ),
        (
            lambda: canonical_labelling([(0, 5)], "ab"),
            InvalidPositionError,
            r"edge \(0, 5\) has a vertex with no label, 5",
        ),
        (
            lambda: canonical_labelling([([0], 1)]),
            InvalidPositionError,
            "has a vertex not hashable",
        ),
        (
            lambda: canonical_labelling([(0, 1)], [1, "a"]),
            InvalidPositionError,
            "vertex labels cannot be hashed and compared",
        ),
        (
            lambda: canonical_labelling([(0, 1, 1), (1, 2, "a")]),
            InvalidPositionError,
            "edge labels cannot be hashed and compared",
        ),
        (lambda: canonical_form([(0, 1)], max_leaves=0), InvalidGameError, "not 0"),
        (lambda: canonical_form([(0, 1)], max_leaves=True), InvalidGameError, "positive"),
        (lambda: refine([[1], [0]], [0]), InvalidPositionError, "1 colours for 2 vertices"),
        (lambda: refine([[2], [0]], [0, 0]), InvalidPositionError, "not in 0..1"),
        (lambda: refine([[1], [0]], [0, -1]), InvalidPositionError, "ints >= 0"),
        (lambda: refine([[1], [0]], [0, 0], [[0], []]), InvalidPositionError, "per neighbour"),
    ],
)
def test_bad_input_is_a_one_line_error(call, error, message):
    with pytest.raises(error, match=message) as caught:
        call()
    assert isinstance(caught.value, GrundyError) and isinstance(caught.value, ValueError)
    assert "\n" not in str(caught.value)
