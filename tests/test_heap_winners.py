"""Winning moves of huge heaps in misère play, from the quotient's period (issue 36).

`grundy value bash:3 100000000 --misere` knew the outcome but said the heap's "options are
too many to list". The winning options of a heap past the period's reach are now counted
in closed form and listed lazily (grundy.misere.heap_winners); here they are checked
against the plain listing of the options, against a misère search of this file on small
sums (the rules written again from the code's digits), and the work is counted.
"""

from __future__ import annotations

import functools
from itertools import islice

import pytest
from conftest import run_cli_json as run_json
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import PositionLimitError
from grundy.core.outcome import Outcome
from grundy.core.sums import Sum
from grundy.misere import misere_quotient
from grundy.misere.heap_rules import HeapRules
from grundy.misere.heap_winners import heap_winners, periodic_from

# Codes whose misère quotient has a proved period (found within a few 10^5 steps):
# subtraction games, octal codes (Kayles, 0.15, 0.71...) and hexadecimal ones (splits
# into three heaps: 0.B1, 0.F5, 4.F...), preperiods 0 to 71, periods 1 to 12.
PERIODIC = [
    "subtraction:1,2,3", "subtraction:1,3,4", "subtraction:2,3,7", "0.77", "0.15", "0.71",
    "0.51", "0.05", "0.F", "0.B", "0.B1", "0.B3", "0.B5", "0.B7", "0.F5", "4.B", "4.F",
]  # fmt: skip
# Those whose heaps past periodic_from are small enough for the search below.
SEARCHED = ["subtraction:1,2,3", "subtraction:1,3,4", "subtraction:2,3,7", "0.51", "0.05",
            "0.F", "0.B", "0.B3", "0.B5", "4.B"]  # fmt: skip


@functools.cache
def quotient(code: str):
    q = misere_quotient(code, 300, max_work=3_000_000)
    assert q.periodicity is not None, code
    return q


# ------------------------------------------------------------------ the oracle
def digits_of(code: str) -> tuple[int, ...]:
    """The code's digits d_0 d_1 ..., read here again (subtraction:S is 3 at each s)."""
    if code.startswith("subtraction:"):
        removed = [int(s) for s in code.split(":")[1].split(",")]
        return tuple(3 if j in removed else 0 for j in range(max(removed) + 1))
    before, after = code.split(".")
    return (int(before, 16), *(int(d, 16) for d in after))


@functools.cache
def options(code: str, n: int) -> frozenset[tuple[int, ...]]:
    """Every option of heap n, a sorted tuple of heaps: remove j, leave 0..3 heaps."""
    found = set()
    for j, d in enumerate(digits_of(code)):
        rest = n - j
        if rest < 0 or (j == 0 and d & 3):
            continue
        if d & 1 and rest == 0 and j:
            found.add(())
        if d & 2 and rest > 0 and j:
            found.add((rest,))
        if d & 4:
            found |= {(a, rest - a) for a in range(1, rest) if a <= rest - a}
        if d & 8:
            found |= {
                tuple(sorted((a, b, rest - a - b)))
                for a in range(1, rest)
                for b in range(1, rest - a)
            }
    return frozenset(found)


@functools.cache
def mover_wins(code: str, position: tuple[int, ...]) -> bool:
    """Misère play by search: no move is a win; else win if some move leaves a loss."""
    moved = False
    for i, h in enumerate(position):
        for option in options(code, h):
            moved = True
            if not mover_wins(code, tuple(sorted(position[:i] + position[i + 1 :] + option))):
                return True
    return not moved


def searched_winning_moves(code: str, heaps: list[int]) -> set:
    found = set()
    for i, h in enumerate(heaps):
        for option in options(code, h):
            after = tuple(sorted(heaps[:i] + heaps[i + 1 :] + list(option)))
            if not mover_wins(code, after):
                found.add((i, h, option))
    return found


def as_tuple(option) -> tuple[int, ...]:
    return option.parts if isinstance(option, Sum) else (option,) if option else ()


# ------------------------------------------------------------------ against the listing
@settings(max_examples=150)
@given(code=st.sampled_from(PERIODIC), offset=st.integers(0, 200), data=st.data())
def test_a_heap_from_its_residues_is_the_listing_of_its_options(code, offset, data):
    """Past periodic_from, the winners found from residues are exactly those found by
    valuing every option (the quotient's own listing), in the same order."""
    q = quotient(code)
    heap = periodic_from(q) + offset
    rest = data.draw(st.integers(0, q.order - 1))
    wins = heap_winners(q, heap, rest)
    listed = q._listed_options(heap, rest)
    assert tuple(wins) == listed and wins.count == len(listed)


@pytest.mark.parametrize("code", ["0.77", "0.15", "0.B1", "4.F"])
def test_counts_in_closed_form_match_the_listing_at_larger_heaps(code):
    q = quotient(code)
    three = digits_of(code)[0] & 8 or any(d & 8 for d in digits_of(code))
    for heap in (200, 311) if three else (1000, 2003, 4099):
        for rest in range(q.order):
            assert heap_winners(q, heap, rest).count == len(q._listed_options(heap, rest))


def test_below_periodic_from_the_options_are_listed():
    q = quotient("0.77")
    with pytest.raises(ValueError, match="list its options instead"):
        heap_winners(q, periodic_from(q) - 1, 0)
    assert periodic_from(misere_quotient("0.07", 10)) is None  # no proved period


# ------------------------------------------------------------------ against a search
@settings(max_examples=120)
@given(
    code=st.sampled_from(SEARCHED),
    big=st.integers(0, 12),
    small=st.lists(st.integers(1, 5), max_size=2),
)
def test_winning_moves_of_sums_with_a_heap_past_the_period_against_search(code, big, small):
    q = quotient(code)
    heaps = [periodic_from(q) + big, *small]
    expected = searched_winning_moves(code, heaps)
    got = {(m.part, m.before, tuple(sorted(as_tuple(m.after)))) for m in q.winning_moves(heaps)}
    assert got == expected
    assert q.count_winning_moves(heaps) == len(expected)
    assert (q.outcome(heaps) is Outcome.N) == mover_wins(code, tuple(sorted(heaps)))


@pytest.mark.parametrize("code", ["subtraction:1,2,3", "subtraction:1,3,4", "subtraction:2,3,7"])
def test_huge_heaps_move_as_a_small_heap_of_the_same_class(code):
    """A heap of 10^18 + r takes the same tokens to win as the smallest heap past the
    period's reach in its class (one heap left: its element is its class's): the search
    of the small sum answers the huge one."""
    q = quotient(code)
    p = q.periodicity.period
    start = periodic_from(q)
    for r in range(p):
        small = start + (r - start) % p
        huge = 10**18 + (r - 10**18) % p
        for other in ([], [3], [1, 2]):
            expected = {
                (i, h - (small - huge) * (i == 0), tuple(a - (small - huge) * (i == 0) for a in o))
                for i, h, o in searched_winning_moves(code, [small, *other])
            }  # noqa: E501
            got = {(m.part, m.before, as_tuple(m.after)) for m in q.winning_moves([huge, *other])}
            assert got == expected, (code, r, other)


# ------------------------------------------------------------------ the work, counted
def test_a_huge_heap_is_answered_without_listing_its_options(spy):
    q = quotient("0.77")  # Kayles: 8,333,338 winning splits of heap 10^8
    t, p = q.periodicity.preperiod, q.periodicity.period
    with spy(HeapRules, "options") as listed:
        assert q.count_winning_moves([10**8]) == 8_333_338
        first = list(islice(q.iter_winning_moves([10**8]), 50))
        pair = [10**8, 10**9 + 7]
        both = list(q.iter_winning_moves(pair))
    assert all(args[1] <= periodic_from(q) for args in listed.args)  # never a huge heap
    assert len(first) == 50 and len(both) == q.count_winning_moves(pair) > 0
    for heaps, moves in (([10**8], first), (pair, both)):
        assert all(q.outcome(after_move(heaps, m)) is Outcome.P for m in moves)
    wins = heap_winners(q, 10**8, 0)
    # the options valued to find them: the splits' parts below t and one of each class
    assert wins.examined <= 2 * (t + p) + 2
    with pytest.raises(PositionLimitError, match="8,333,338 winning moves, more than"):
        q.winning_moves([10**8])  # a list of them all: iter_winning_moves is lazy


def after_move(heaps: list[int], move) -> list[int]:
    after = list(heaps)
    after[move.part : move.part + 1] = list(as_tuple(move.after))
    return after


def test_three_way_splits_of_a_huge_heap_are_counted_not_listed():
    q = quotient("4.F")  # a heap of 10^6 splits in three in about 8.3·10^10 ways
    wins = heap_winners(q, 10**6, 1)  # beside element 1: every one of them wins
    assert wins.count == 83_333_166_668 and wins.examined < 100
    assert (10**6 - 1) ** 2 // 12 < wins.count < (10**6) ** 2 // 12 + 10**6
    for option in islice(wins, 30):  # beside the rest, each option makes a P-element
        assert q.multiply(1, q.element(as_tuple(option))) in q.p_portion


def test_many_huge_heaps_share_their_shapes():
    q = quotient("0.15")
    heaps = [10**12 + 7 * i for i in range(3000)]
    first = list(islice(q.iter_winning_moves(heaps + [1]), 100))
    assert q.count_winning_moves(heaps + [1]) >= len(first) == 100
    for move in first[:10]:
        assert q.outcome(after_move(heaps + [1], move)) is Outcome.P
    # one shape per (rest, heap mod p), whatever the number of heaps
    assert len(q._shapes) <= q.order * q.periodicity.period


# ------------------------------------------------------------------ the command line
def test_the_cli_lists_the_winning_moves_of_huge_heaps(capsys):
    data = run_json(capsys, "value", "bash:3", "100000000", "--misere")
    assert data["winning_moves"] == [{"part": 0, "from": 100000000, "to": 99999997}]
    assert data["winning_moves_complete"] and data["winning_moves_count"] == 1
    data = run_json(capsys, "value", "bash:3", "100000000", "7", "--misere")
    assert data["misere_method"] == "quotient" and data["winning_moves_complete"]
    assert data["winning_moves"] == [
        {"part": 0, "from": 100000000, "to": 99999999},
        {"part": 1, "from": 7, "to": 5},
    ]  # 10^8 and 7 are 0 and 3 (mod 4): as heaps 4 and 7, by the search
    assert searched_winning_moves("subtraction:1,2,3", [4, 7]) == {(0, 4, (3,)), (1, 7, (5,))}
    data = run_json(capsys, "value", "kayles", "100000000", "--misere")
    assert data["winning_moves_count"] == 8_333_338 and len(data["winning_moves"]) == 100
    assert data["winning_moves_unlisted"] == ("the first 100 of 8,333,338 winning moves are listed")
    # the order of winning_moves: the last options (the largest splits) first
    first = {"part": 0, "from": 100000000, "to": {"sum": [49999999, 49999999]}}
    assert data["winning_moves"][0] == first


def test_all_lists_at_most_its_cap(capsys, monkeypatch):
    from grundy.app import value_reports

    monkeypatch.setattr(value_reports, "MOVES_LISTED_AT_MOST", 500)
    data = run_json(capsys, "value", "kayles", "100000000", "--misere", "--all")
    assert len(data["winning_moves"]) == 500 and data["winning_moves_count"] == 8_333_338
    assert not data["winning_moves_complete"]
