"""Loopy games at scale and hostile loopy input (issue 35): 10^5-vertex graphs are
answered within the limits or refused in one line, never with a traceback, a hang or
memory beyond the input's size.

* the coarsest partition into equal games (grundy.partizan.loopy.bisimulation) against
  plain round-by-round refinement, and canonical numbers that do not depend on layout;
* work counted, not timed: a cycle of n vertices that never merge is refused in about
  n steps (refinement by rounds took n² before the class limit stopped it), and a long
  chain of short games below a loop is simplified in linear work;
* CGSuite text: a chain of 10^5 labelled loops nested (refused past the nesting limit,
  in one line, in linear time), 10^5-vertex graphs written in a few characters, wide
  graphs, unbalanced braces; through ``parse_loopy`` and ``grundy cgt``;
* a looping PartizanGame of 10^5 positions through ``game_value``;
* loops that are not well formed: each refused in one line naming the problem, exit
  status 2 on the command line.
"""

from __future__ import annotations

import random
import tracemalloc
from typing import Any

import pytest
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import GrundyError, InvalidGameError, PositionLimitError
from grundy.partizan import PartizanGame
from grundy.partizan.loopy import (
    LoopyGame,
    SidedValue,
    Stopper,
    game_graph,
    game_value,
    loopy_game,
    parse_loopy,
)
from grundy.partizan.loopy.bisimulation import coarsest_partition
from grundy.partizan.loopy.graph import canonical_ids
from grundy.partizan.loopy.reading import MAX_NESTING


# ------------------------------------------------------------------ the partition
def plain_partition(n: int, left: Any, right: Any, start: dict[int, int]) -> set[frozenset[int]]:
    """Colour refinement by whole rounds, from the definition: a vertex's colour is its
    colour and the sets of its options' colours, until no class splits."""
    colour = dict(start)
    while True:
        signature = {
            v: (
                colour[v],
                frozenset(colour[w] for w in left[v]),
                frozenset(colour[w] for w in right[v]),
            )
            for v in range(n)
        }
        ranks = {s: i for i, s in enumerate(set(signature.values()))}
        if len(ranks) == len(set(colour.values())):
            break
        colour = {v: ranks[signature[v]] for v in range(n)}
    return _classes(colour)


def _classes(colour: dict[int, int]) -> set[frozenset[int]]:
    groups: dict[int, set[int]] = {}
    for v, c in colour.items():
        groups.setdefault(c, set()).add(v)
    return {frozenset(g) for g in groups.values()}


@st.composite
def coloured_graphs(draw: Any) -> tuple[int, Any, Any, dict[int, int]]:
    n = draw(st.integers(1, 9))
    option_sets = st.frozensets(st.integers(0, n - 1), max_size=3)
    left = [sorted(draw(option_sets)) for _ in range(n)]
    right = [sorted(draw(option_sets)) for _ in range(n)]
    start = {v: draw(st.integers(0, 2)) for v in range(n)}
    return n, left, right, start


@settings(max_examples=300)
@given(coloured_graphs())
def test_the_coarsest_partition_is_plain_refinement(graph):
    n, left, right, start = graph
    found = coarsest_partition(range(n), left, right, start)
    assert _classes(found) == plain_partition(n, left, right, start)
    count = len(set(found.values()))
    if count > 1:  # refused exactly when there are more classes than allowed
        with pytest.raises(PositionLimitError):
            coarsest_partition(range(n), left, right, start, most=count - 1)
    assert coarsest_partition(range(n), left, right, start, most=count) == found


@settings(max_examples=150)
@given(coloured_graphs(), st.randoms(use_true_random=False))
def test_canonical_numbers_do_not_depend_on_the_layout(graph, rng):
    n, left, right, _ = graph
    g = LoopyGame(tuple(map(tuple, left)), tuple(map(tuple, right)))
    order = list(range(n))
    rng.shuffle(order)  # vertex v is called order[v]
    moved_left: list[tuple[int, ...]] = [()] * n
    moved_right: list[tuple[int, ...]] = [()] * n
    for v in range(n):
        moved_left[order[v]] = tuple(order[w] for w in left[v])
        moved_right[order[v]] = tuple(order[w] for w in right[v])
    ids, moved = canonical_ids(g), canonical_ids(LoopyGame(tuple(moved_left), tuple(moved_right)))
    assert all(ids[v] == moved[order[v]] for v in range(n))
    # equal numbers only for vertices plain refinement cannot tell apart (a vertex on
    # no cycle and one on a cycle may unfold alike and still be numbered apart)
    plain = plain_partition(n, left, right, dict.fromkeys(range(n), 0))
    assert all(any(c <= p for p in plain) for c in _classes(dict(enumerate(ids))))


def _refused(call: Any, *args: Any) -> GrundyError | None:
    try:
        call(*args)
    except GrundyError as exc:
        return exc
    return None


def test_a_long_cycle_that_never_merges_is_refused_in_linear_work(count_lines):
    # Left goes round a cycle; only vertex 0 differs (Right may leave there): the n
    # vertices are n different games, found one more a round by refinement in rounds
    n = 20_000
    ring = LoopyGame(
        tuple(((v + 1) % n,) for v in range(n)) + ((),), ((n,), *(() for _ in range(n)))
    )
    error, lines = count_lines(_refused, canonical_ids, ring, 1_000, max_lines=120 * n)
    assert isinstance(error, PositionLimitError) and "\n" not in str(error)
    assert "1,000 different games" in str(error)
    error, _ = count_lines(_refused, Stopper, ring, max_lines=400 * n)
    assert isinstance(error, PositionLimitError)


def test_a_long_chain_of_short_games_below_a_loop_is_linear_work(count_lines):
    # {2000 | pass}: the integer's 2,001 followers are short, found from their options
    # one at a time; the loop is then compared with all of them at once: refused
    error, lines = count_lines(_refused, parse_loopy, "a{2000|a}", max_lines=600 * 2_000)
    assert isinstance(error, PositionLimitError) and "max_states" in str(error)
    # below the state limit, answered
    assert str(parse_loopy("a{40|a}")) == "40over"
    assert parse_loopy("{30|pass} + {0|pass}") is parse_loopy("30over + over")


# ------------------------------------------------------------------ CGSuite text at scale
def chain(n: int) -> str:
    """a1{0|a2{0|...an{0|a1}...}}: n labelled loops, nested n deep."""
    return "".join(f"a{i}{{0|" for i in range(1, n + 1)) + "a1" + "}" * n


def test_a_chain_of_100000_nested_loops_is_refused_in_one_line_and_linear_memory():
    text = chain(100_000)
    tracemalloc.start()
    try:
        with pytest.raises(InvalidGameError) as info:
            parse_loopy(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert f"nested more than {MAX_NESTING} levels deep" in str(info.value)
    assert "\n" not in str(info.value) and "988,897 characters" in str(info.value)
    assert peak < 400 * len(text)  # the tokens of the text, no more


def test_nesting_at_the_limit_is_read_and_past_it_refused():
    # every kind of nesting, as deep as read: answered, or refused in one line
    deepest = [
        chain(MAX_NESTING // 2 - 1),
        "{0|" * (MAX_NESTING // 2 - 1) + "pass" + "}" * (MAX_NESTING // 2 - 1),
        "(" * (MAX_NESTING - 1) + "on" + ")" * (MAX_NESTING - 1),
        "Tiny(" * (MAX_NESTING // 2 - 1) + "on" + ")" * (MAX_NESTING // 2 - 1),
        "{" + "".join(f"{i}{'|' * (150 - i)}" for i in range(150)) + "pass}",
    ]
    for text in deepest:
        value = parse_loopy(text)
        assert isinstance(value, Stopper | SidedValue)
    for text in (chain(MAX_NESTING), "(" * (MAX_NESTING + 1) + "on" + ")" * (MAX_NESTING + 1)):
        with pytest.raises(InvalidGameError, match="nested more than"):
            parse_loopy(text)


def test_the_cli_refuses_deep_and_huge_text_in_one_line(capsys):
    cases = [
        (chain(10_000), "nested more than"),  # 88,894 characters: within a command line
        ("{" * 100_000, "is not closed"),
        ("}" * 100_000, "unexpected '}' at 0"),
        ("a{99999|a}", "has more than 100,000 positions"),  # 100,001 vertices
        ("a{99998|a}", "raise max_states"),  # 10^5 vertices: compared all at once
        ("+-" * 30 + "on", "has more than 100,000 positions"),  # doubles a level
    ]
    for text, says in cases:
        status, out, err = run_cli(capsys, "cgt", text)
        assert status == 2 and not out, text[:40]
        assert says in err and err.count("\n") == 1 and len(err) < 300, (text[:40], err)


@pytest.mark.slow
def test_a_100000_vertex_graph_in_text_is_answered_within_the_limits():
    wide = "{" + ",".join("{0|pass}" for _ in range(49_999)) + "|}"
    assert loopy_game(wide).size == 99_999
    assert parse_loopy(wide) is Stopper("1")  # {over, over, ... |} = {over |} = 1
    with pytest.raises(PositionLimitError, match="100,000 positions"):
        parse_loopy("{" + ",".join("{0|pass}" for _ in range(50_001)) + "|}")


def test_a_wide_graph_in_text_is_answered():
    wide = "{" + ",".join(f"a{{{i % 5}|a}}" for i in range(2_000)) + "|}"
    assert loopy_game(wide).size > 2_000
    assert parse_loopy(wide) is parse_loopy("{4over|}")


# ------------------------------------------------------------------ a looping ruleset
class Ring(PartizanGame[int]):
    """A token on a ring of n squares: Left moves it one on; Right may take it off the
    ring (to the end, a square of no moves) from square 0 only."""

    name = "ring"

    def __init__(self, n: int, bounce: bool = False) -> None:
        self.n, self.bounce = n, bounce

    def left_options(self, p: int) -> list[int]:
        return [] if p == self.n else [(p + 1) % self.n]

    def right_options(self, p: int) -> list[int]:
        if self.bounce:  # both players move round: play never ends (dud)
            return [] if p == self.n else [(p + 1) % self.n]
        return [self.n] if p == 0 else []


def test_a_ring_of_100000_positions_is_refused_in_one_line(count_lines):
    with pytest.raises(PositionLimitError) as info:
        game_value(Ring(100_000), 0)
    assert "\n" not in str(info.value)
    assert "part of 100,000 positions" in str(info.value) and "too many to compare" in str(
        info.value
    )
    # the work is linear: some 240 lines a position (rounds over the whole ring, one
    # class more each, took 1,000 rounds of n before the limit stopped them)
    n = 20_000
    error, lines = count_lines(_refused, game_value, Ring(n), 0, max_lines=400 * n)
    assert isinstance(error, PositionLimitError)


def test_a_ring_of_100000_positions_where_play_never_ends_is_dud():
    value = game_value(Ring(100_000, bounce=True), 0)
    assert isinstance(value, SidedValue) and str(value) == "dud"


def test_exploring_stops_at_max_positions(spy):
    calls = spy(Ring, "left_options")
    with pytest.raises(PositionLimitError) as info:
        game_value(Ring(100_000), 0, max_positions=5_000)
    assert "5,000" in str(info.value) and "\n" not in str(info.value)
    assert len(calls) <= 5_000  # no position past the limit is asked for its moves
    small = game_value(Ring(500), 0, max_positions=5_000)
    assert isinstance(small, Stopper)


def test_a_ring_that_merges_is_answered():
    # every square alike (Right may leave from each): one game, on's cousin {pass | 0}
    class Even(Ring):
        def right_options(self, p: int) -> list[int]:
            return [] if p == self.n else [self.n]

    assert game_value(Even(100_000), 0) is parse_loopy("{pass|0}")
    assert game_graph(Even(100_000), 0).size == 100_001


# ------------------------------------------------------------------ loops not well formed
@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{0|a} + a{0|a}", "the label 'a' at 3 is used outside the braces it labels"),
        ("a{0|a} + a", "the label 'a' at 9 is used outside the braces it labels"),
        ("a{0|a{1|a}}", "the label 'a' at 4 is bound twice"),
        ("begin a := {0|pass}; a{0|a} end", "the label 'a' at 21 is bound twice"),
        ("a{0|b}", "unknown name 'b' at 4"),
        ("pass", "'pass' at 0 is outside any braces"),
        ("1 + pass", "'pass' at 4 is outside any braces"),
        ("{0|pass+1}", "pass stands for a game still being written; it may only be an option"),
        ("a{0|a+1}", "the label 'a' stands for a game still being written"),
        ("a{0|a", "the '{' at 1 is not closed"),
        ("{0|{1|pass}", "the '{' at 0 is not closed"),
        ("a{0|a}}", "unexpected '}' at 6"),
        ("a{0||a||1}", "two '||' at the same level"),
        ("on{0|on}", "'on' at 0 cannot label a loop"),
    ],
)
def test_a_loop_not_well_formed_is_refused_in_one_line(capsys, text, says):
    with pytest.raises(InvalidGameError) as info:
        parse_loopy(text)
    assert says in str(info.value) and "\n" not in str(info.value)
    status, out, err = run_cli(capsys, "cgt", text)
    assert status == 2 and not out and says in err and err.count("\n") == 1


def test_a_huge_loop_not_well_formed_is_refused_in_linear_memory():
    texts = [
        "{0|b} + " + " + ".join(f"a{i}{{0|a{i}}}" for i in range(20_000)),  # b never bound
        "a{0|" * 50 + "a" + "}" * 50,  # a bound twice at once
        "{" * 50_000 + "pass",
    ]
    for text in texts:
        tracemalloc.start()
        try:
            with pytest.raises(InvalidGameError) as info:
                parse_loopy(text)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert "\n" not in str(info.value) and peak < 600 * len(text) + 10**6


def test_random_bytes_are_refused_or_read_in_one_line():
    rng = random.Random(35)
    alphabet = "{}|,pass a b on off 0 1 * ^ v [ ] < > + - ( ) & : ' ."
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 40)))
        try:
            parse_loopy(text)
        except GrundyError as exc:
            assert isinstance(exc, ValueError | RuntimeError) and "\n" not in str(exc)
