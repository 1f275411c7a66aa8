"""Snort, Col and Partizan Arc Kayles (grundy.partizan.games): pycgt's and CGSuite's
published values, the theory (Col's values, green paths as Kayles heaps), the graph
notation and canonical numberings, checked against plain searches with no hook."""

from __future__ import annotations

import csv
import itertools
import random
from collections.abc import Hashable
from typing import Any

import pytest
from conftest import DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import GrundyError, InvalidGameError, InvalidPositionError
from grundy.core.graph_canon import canonical_labelling
from grundy.partizan import STAR, CanonicalGame, game, nimber, parse
from grundy.partizan.games import Col, GenCol, PartizanArcKayles, Snort
from grundy.partizan.games.vertex_graphs import (
    connected_parts,
    normalized,
    read_vertex_graph,
    write_vertex_graph,
)

ARC = PartizanArcKayles()
ARC_SEARCHED = PartizanArcKayles(use_formula=False)


def read_tsv(name: str) -> list[dict[str, str]]:
    """A reference table: '#' lines name its source, then a header row."""
    lines = (DATA / name).read_text().splitlines()
    assert lines[0].startswith("# source:"), f"{name} must start by naming its source"
    return list(csv.DictReader([x for x in lines if not x.startswith("#")], delimiter="\t"))


# ------------------------------------------------------------------ plain searches
def plain_value(rules: Any, position: Hashable) -> CanonicalGame:
    """The canonical form from the options alone: no components, no canonical numbering,
    no formula, no memo shared with the game."""
    memo: dict[Hashable, CanonicalGame] = {}

    def value(p: Hashable) -> CanonicalGame:
        found = memo.get(p)
        if found is None:
            left = [value(o) for o in rules.left_options(p)]
            found = memo[p] = game(left, [value(o) for o in rules.right_options(p)])
        return found

    return value(position)


def plain_colouring(rule: str, labels: str, edges: tuple[tuple[int, int], ...]) -> CanonicalGame:
    """Snort or Col from the rules as Winning Ways states them, on the graph with its
    coloured vertices kept (no deleting, no tint bookkeeping by the game): a vertex
    tinted L is next to a Left-coloured vertex outside the graph."""
    around: dict[int, set[int]] = {v: set() for v in range(len(labels))}
    for u, v in edges:
        around[u].add(v)
        around[v].add(u)
    memo: dict[tuple[str, ...], CanonicalGame] = {}

    def may(colours: tuple[str, ...], v: int, me: str) -> bool:
        if colours[v] != "":
            return False
        near = {colours[w] for w in around[v]} | ({labels[v]} - {"."})
        other = "R" if me == "L" else "L"
        return other not in near if rule == "snort" else me not in near

    def value(colours: tuple[str, ...]) -> CanonicalGame:
        if colours not in memo:
            sides = []
            for me in "LR":
                options = []
                for v in range(len(labels)):
                    if may(colours, v, me):
                        options.append(value(colours[:v] + (me,) + colours[v + 1 :]))
                sides.append(options)
            memo[colours] = game(*sides)
        return memo[colours]

    return value(("",) * len(labels))


# ------------------------------------------------------------------ strategies
@st.composite
def tinted_graphs(draw: Any, most: int = 7) -> tuple[str, tuple[tuple[int, int], ...]]:
    n = draw(st.integers(0, most))
    labels = "".join(draw(st.lists(st.sampled_from(".LR."), min_size=n, max_size=n)))
    pairs = list(itertools.combinations(range(n), 2))
    edges = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    return labels, tuple(sorted(edges))


@st.composite
def boards(draw: Any, rule: str) -> tuple[str, ...]:
    height, width = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    while True:
        rows = tuple(
            "".join(draw(st.sampled_from("....#xo")) for _ in range(width)) for _ in range(height)
        )
        try:
            return GenCol(rule=rule, name=rule).check_position(rows)
        except InvalidPositionError:
            continue  # stones the game never lets stand side by side


@st.composite
def arc_graphs(draw: Any, most: int = 7) -> tuple[tuple[int, int, str], ...]:
    n = draw(st.integers(1, most))
    pairs = [(u, v) for u in range(n) for v in range(u, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), max_size=9))
    return tuple((u, v, draw(st.sampled_from("lre"))) for u, v in chosen)


def permuted(graph: tuple[str, Any], order: list[int]) -> tuple[str, Any]:
    """The same graph, vertex v renamed order[v]."""
    labels, edges = graph
    new = [""] * len(labels)
    for v, label in enumerate(labels):
        new[order[v]] = label
    return "".join(new), tuple(sorted(tuple(sorted((order[u], order[v]))) for u, v in edges))


# ------------------------------------------------------------------ reference values
PYCGT = [row for row in read_tsv("pycgt_cited_values.tsv") if row["game"] in ("Snort", "Col")]


def pycgt_graphs(name: str) -> list[str]:
    """pycgt's 'path P4', 'cycle C3..C6' as CGSuite graphs."""
    kind, sizes = name.split()
    low, _, high = sizes[1:].partition("..")
    graphs = []
    for n in range(int(low), int(high.lstrip("PC") or low) + 1):
        graphs.append("-" * (n - 1) or "." if kind == "path" else f":A{'-' * n}:A")
    return graphs


def test_the_pycgt_rows_are_all_here():
    assert len(PYCGT) == 13
    assert pycgt_graphs("cycle C3..C6") == [":A---:A", ":A----:A", ":A-----:A", ":A------:A"]


@pytest.mark.parametrize("row", PYCGT, ids=lambda row: f"{row['game']} {row['position']}")
def test_pycgt_snort_and_col_on_paths_and_cycles(row):
    rules = Snort if row["game"] == "Snort" else Col
    assert row["property"] == "canonical_form"
    for text in pycgt_graphs(row["position"]):
        position = rules.check_position(text)
        assert rules.value(position) is parse(row["expected"]), text
        assert plain_value(rules, position) is parse(row["expected"]), text


ARC_PATHS = read_tsv("cgsuite_arc_kayles_paths.tsv")


def test_cgsuite_arc_kayles_paths_and_looped_paths():
    """CGSuite's ArcKayles tests: green paths are Dawson's Kayles, looped paths Kayles,
    n = 1..50 by the formula; the search (no formula) agrees where it is quick."""
    assert len(ARC_PATHS) == 50
    for row in ARC_PATHS:
        n = int(row["n"])
        path = tuple((i, i + 1, "e") for i in range(n - 1))
        looped = tuple(sorted([*path, *((i, i, "e") for i in range(n))]))
        assert ARC.value(path) is nimber(int(row["path"])), n
        assert ARC.value(looped) is nimber(int(row["looped_path"])), n
        if n <= 11:
            assert ARC_SEARCHED.value(path) is ARC.value(path), n
            assert ARC_SEARCHED.value(looped) is ARC.value(looped), n
    assert ARC_SEARCHED.formula(((0, 1, "e"),)) is None  # the formula really was off


def test_a_formula_only_for_green_paths():
    for text in ("e(e;e)", ":Aeee:A", "ele", "ee;ee"):
        assert ARC.formula(ARC.check_position(text)) is None, text
    partly_looped = ARC.check_position([(0, 1, "e"), (1, 2, "e"), (0, 0, "e")])
    assert ARC.formula(partly_looped) is None
    assert ARC.value(partly_looped) is plain_value(ARC, partly_looped)


# ------------------------------------------------------------------ the theory, by search
@settings(max_examples=150, deadline=None)
@given(graph=tinted_graphs(), rule=st.sampled_from(["snort", "col"]))
def test_snort_and_col_hooks_agree_with_plain_searches(graph, rule):
    rules = GenCol(rule=rule, name=rule)
    position = rules.check_position(graph)
    value = rules.value(graph)
    assert value is plain_value(rules, position)
    assert value is plain_colouring(rule, *graph)  # the rules themselves, coloured kept
    assert rules.value(rules.negative(position)) is -value  # tints swapped: negated
    if rule == "col":  # Col values are numbers, or numbers plus * (ONAG ch. 16)
        assert value.number is not None or (value + STAR).number is not None, str(value)


@settings(max_examples=80, deadline=None)
@given(data=st.data(), rule=st.sampled_from(["snort", "col"]))
def test_boards_agree_with_plain_searches(data, rule):
    rules = GenCol(rule=rule, name=rule)
    board = data.draw(boards(rule))
    value = rules.value(board)
    assert value is plain_value(rules, board)
    assert rules.value(rules.negative(board)) is -value
    assert rules.check_position(rules.format_position(board)) == board
    # the board's graph, as the pieces say, is worth the same
    parts = rules.components(board) or [board]
    total = sum((plain_value(rules, p) for p in parts), start=game([], []))
    assert total is value


@settings(max_examples=150, deadline=None)
@given(graph=tinted_graphs(), seed=st.integers(0, 10**6))
def test_numberings_do_not_change_keys_or_values(graph, seed):
    order = list(range(len(graph[0])))
    random.Random(seed).shuffle(order)
    other = permuted(graph, order)
    for rules in (Snort, Col):
        assert rules.value(other) is rules.value(graph)
        mine, theirs = rules.check_position(graph), rules.check_position(other)
        # each piece has one key, whatever its numbering (None: the position is its key)
        assert sorted(rules.components(mine) or [mine]) == sorted(
            rules.components(theirs) or [theirs]
        )
    assert (
        canonical_labelling(other[1], other[0]).form == canonical_labelling(graph[1], graph[0]).form
    )


def test_the_graph_with_no_vertex_is_written_0x0_and_played_to():
    # CGSuite writes it as nothing, which a position followed by who is to move loses.
    from grundy.partizan.two_player import PartizanPlay

    for rules in (Snort, Col):
        assert rules.format_position(("", ())) == rules.format_position(("##", ())) == "0x0"
        assert rules.check_position("0x0") == rules.check_position(" 0X0 ") == ("", ())
        assert rules.value("0x0") == parse("0")
        play = PartizanPlay(rules, "L-R" if rules is Snort else "R-R")
        last = [o for o in play.moves(play.start()) if not o[0][0]]
        assert last, "a move that colours the last vertex"
        text = play.format_position(last[0])
        assert text == "0x0 Right"
        assert play.parse_position(text.split()) == last[0]


@settings(max_examples=150, deadline=None)
@given(graph=tinted_graphs())
def test_graph_notation_round_trips(graph):
    position = Snort.check_position(graph)
    text = Snort.format_position(position)
    assert Snort.check_position(text) == position
    assert Snort.format_position(text) == text
    assert normalized(position) == position
    assert read_vertex_graph(write_vertex_graph(position), "LR") == position
    assert sum(len(p[0]) for p in connected_parts(position)) == len(position[0])


@settings(max_examples=150, deadline=None)
@given(edges=arc_graphs())
def test_partizan_arc_kayles_hooks_agree_with_plain_searches(edges):
    position = ARC.check_position(edges)
    value = ARC.value(edges)
    assert value is plain_value(ARC, position) is ARC_SEARCHED.value(position)
    assert ARC.value(ARC.negative(position)) is -value
    assert ARC.check_position(ARC.format_position(position)) == position
    if all(c == "e" for _, _, c in position):
        assert value.nim_value is not None  # impartial: a nimber


def test_parallel_edges_merge_as_the_moves_say():
    # a blue and a red edge between two vertices: either player may take the pair
    both = ((0, 1, "l"), (0, 1, "r"), (1, 2, "l"))
    assert ARC.check_position(both) == ((0, 1, "e"), (1, 2, "l"))
    unmerged = {(0, 1, "l"), (0, 1, "r"), (1, 2, "l")}

    def options(edges, colours):  # the rules on the multigraph as given
        return [
            tuple(sorted(e for e in edges if not {e[0], e[1]} & {u, v}))
            for u, v, c in edges
            if c in colours
        ]

    class Multigraph:
        def left_options(self, edges):
            return options(edges, "le")

        def right_options(self, edges):
            return options(edges, "re")

    assert plain_value(Multigraph(), tuple(sorted(unmerged))) is ARC.value(both)


def test_pieces_are_stored_once_for_their_numberings_and_negatives():
    """Work, not time: a path's mirror images and colour swaps share one stored value."""
    Snort.clear_cache()
    Snort.value("L-.-.-.-.-R")
    once = Snort.positions
    Snort.value("R-.-.-.-.-L")  # the same path read backwards: nothing new
    Snort.value("L-.-.-.-.-R;R-.-.-.-.-L")
    assert Snort.positions == once
    memo: dict = {}

    def count(p):  # the plain search's positions
        if p not in memo:
            memo[p] = [count(o) for o in Snort.left_options(p) + Snort.right_options(p)]
        return len(memo)

    assert once * 2 < count(Snort.check_position("L-.-.-.-.-R"))


# ------------------------------------------------------------------ moves and notation
def test_moves_are_named_and_read_back():
    position = Snort.check_position("L-.-R")
    for player in ("Left", "Right"):
        for option in Snort.options(position, player):
            said = Snort.describe_move(position, option)
            # a move that leaves `option` (Left colouring 1 and Right colouring 3 both
            # leave L-R: the description names the first)
            assert Snort.parse_move(position, said.replace("colours ", "")) == option
    assert Snort.describe_move(position, "R") == "Right colours 2"
    assert Snort.parse_move(position, "Left a1") is None  # a cell: board notation
    board = Col.check_position("x..|...")
    with pytest.raises(InvalidPositionError, match="say who: Left b2 or Right b2"):
        Col.parse_move(board, "b2")
    with pytest.raises(InvalidPositionError, match="Left may not colour b1"):
        Col.parse_move(board, "Left b1")
    edges = ARC.check_position("lre")
    assert ARC.parse_move(edges, "Right 2-3") == ()
    assert ARC.describe_move(edges, ARC.parse_move(edges, "2-3")) == "Right takes 2-3"
    with pytest.raises(InvalidPositionError, match="Left may not take the red edge 2-3"):
        ARC.parse_move(edges, "Left 2-3")


def test_drawings_name_what_moves_name():
    assert (
        Snort.draw("L-.")
        == "1 L: 2\n2 .: 1\n(. either player may colour, L only Left, R only Right)"
    )
    assert Col.draw("L").endswith("(. either player may colour, L only Right, R only Left)")
    assert Snort.draw("x.|..").splitlines()[0].split() == ["a", "b"]
    assert ARC.draw("le") == "1-2 blue (Left's)\n2-3 green (either's)"


@pytest.mark.parametrize(
    ("rules", "position", "message"),
    [
        (Snort, "L-x", "'x' at 2 is not a vertex"),
        (Snort, "L-.(-.", "a '(' is not closed"),
        (Snort, "L-.)", "closes no '('"),
        (Snort, "L:A-R:A", "vertex 'A' is written with labels"),
        (Snort, "xo.", "x on a1 and o on b1 are neighbours"),
        (Col, "o.|o.", "o on a1 and o on a2 are neighbours"),
        (Snort, "..|.", "has 1 cells"),
        (Snort, ("L.", [(0, 2)]), "is not two different vertices 0 to 1"),
        (Snort, ("#.", [(0, 1)]), "reaches a vertex that is gone"),
        (Snort, ("LX", []), "labels 'LX' are not a string of . L R #"),
        (Snort, 42, "is not a graph (labels, edges) nor a board"),
        (Snort, "L" + "-" * 90_000, "past the limit of 4,096 vertices"),
        (ARC, "l-r", "'-' at 1 is not an edge"),
        (ARC, "", "no graph is written"),
        (ARC, [(0, 1, "g")], "has colour 'g'"),
        (ARC, [(0, -1, "l")], "vertex -1 is not an integer >= 0"),
        (ARC, [(0, 1)], "is not (u, v, colour)"),
        (ARC, "e" * 4097, "more than 4,096 edges"),
    ],
)
def test_bad_positions_are_refused_in_one_line(rules, position, message):
    with pytest.raises(InvalidPositionError) as caught:
        rules.check_position(position)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert isinstance(caught.value, GrundyError | ValueError)


def test_a_bad_rule_is_refused():
    with pytest.raises(InvalidGameError, match="rule 'go' is not 'snort' or 'col'"):
        GenCol(rule="go")


def test_the_position_limit_is_enforced():
    from grundy.core.errors import PositionLimitError

    with pytest.raises(PositionLimitError, match="more than 50 positions"):
        GenCol(rule="snort", name="snort").limited_to(50).value("3x3")
