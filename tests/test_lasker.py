"""Lasker's Nim and split-or-take: closed form and theory-based winning moves vs brute force."""

from __future__ import annotations

import sys
from functools import cache

import pytest
from conftest import naive_mex
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.games import LaskersNim, SplitOrTake, lasker_value


def partitions(n: int, parts: int, smallest: int = 1):
    if parts == 1:
        if n >= smallest:
            yield (n,)
        return
    for first in range(smallest, n // parts + 1):
        for rest in partitions(n - first, parts - 1, first):
            yield (first, *rest)


@cache
def brute_table(max_parts: int, size: int) -> tuple[int, ...]:
    """SG values from the rules: take any amount, or split into 2..max_parts heaps."""
    values: list[int] = []
    for n in range(size):
        options = set(values[:n])
        for parts in range(2, max_parts + 1):
            for split in partitions(n, parts):
                v = 0
                for h in split:
                    v ^= values[h]
                options.add(v)
        values.append(naive_mex(options))
    return tuple(values)


def published_form(n: int) -> int:
    """G(4k+1)=4k+1, G(4k+2)=4k+2, G(4k+3)=4k+4, G(4k+4)=4k+3, G(0)=0."""
    if n == 0:
        return 0
    return {1: n, 2: n, 3: n + 1, 0: n - 1}[n % 4]


def test_the_lecture_notes_values():
    # 快快编程 1745: take any amount or split into two non-empty heaps
    assert LaskersNim().table(range(9)) == [0, 1, 2, 4, 3, 5, 6, 8, 7]


def test_closed_form_matches_brute_force_and_search():
    table = brute_table(2, 160)
    assert [lasker_value(n) for n in range(160)] == list(table)
    assert LaskersNim().table(range(160)) == list(table)
    searched = LaskersNim()
    assert [searched.grundy(n, use_formula=False) for n in range(160)] == list(table)


def test_moves_to_value_match_brute_force_on_every_small_heap():
    game = LaskersNim()
    table = brute_table(2, 100)
    for n in range(100):
        for v in range(140):
            expected = {m for m in range(n) if table[m] == v}
            expected |= {
                gr.Sum(a, n - a) for a in range(1, n // 2 + 1) if table[a] ^ table[n - a] == v
            }
            found = game.moves_to_value(n, v)
            assert set(found) == expected and len(found) == len(expected), (n, v)


def test_winning_moves_equal_brute_force():
    game = LaskersNim()
    table = brute_table(2, 30)
    for a in range(30):
        for b in range(30):
            expected = set()
            for i, h in enumerate((a, b)):
                other = table[(a, b)[1 - i]]
                for m in range(h):
                    if table[m] == other:
                        expected.add((m, b) if i == 0 else (a, m))
                for x in range(1, h // 2 + 1):
                    if table[x] ^ table[h - x] == other:
                        expected.add((x, h - x, b) if i == 0 else (a, x, h - x))
            moves = game.winning_moves((a, b))
            assert set(moves) == expected and len(moves) == len(expected), (a, b)


@given(st.integers(0, 3000), st.integers(0, 5000))
def test_split_theory_matches_enumeration(n, v):
    found = LaskersNim().moves_to_value(n, v)
    splits = {
        (x, n - x) for x in range(1, n // 2 + 1) if published_form(x) ^ published_form(n - x) == v
    }
    takes = [m for m in [published_form(v)] if m < n]
    assert found == takes + [gr.Sum(a, b) for a, b in sorted(splits)]


@given(st.integers(0, 10**40), st.integers(0, 2**14))
def test_huge_heaps_options_have_the_asked_value(n, v):
    for option in LaskersNim().moves_to_value(n, v):
        parts = option.parts if isinstance(option, gr.Sum) else (option,)
        value = 0
        for h in parts:
            value ^= published_form(h)
        assert value == v and (sum(parts) == n if len(parts) == 2 else parts[0] < n)


def test_huge_heaps_are_exact_and_instant(spy):
    game = LaskersNim()
    # Lasker's closed form and the theory of splits: no option is listed (10^100 take
    # moves and 5 x 10^99 splits), only a few values of the closed form are computed.
    with (
        spy(SplitOrTake, "heap_moves", max_calls=0) as moves,
        spy(sys.modules[SplitOrTake.__module__], "lasker_value") as values,
    ):
        assert game.grundy(10**100 + 3) == 10**100 + 4
        assert game.grundy(10**100 + 4) == 10**100 + 3
        half = 5 * 10**99
        assert game.winning_moves(10**100) == [0, gr.Sum(half, half)]
        assert game.winning_moves((10**18, 3 * 10**17)) == [(3 * 10**17, 3 * 10**17)]
    assert len(moves) == 0 and game.stats.positions == 0
    assert len(values) <= 50, len(values)


def test_too_many_splits_are_refused_at_once(spy):
    value = 2**32 - 4  # 30 free bits: 2^29 splits of one heap
    # At once: the splits are counted from the bits of the value, not listed (listing
    # computes two values of the closed form per split).
    with (
        spy(sys.modules[SplitOrTake.__module__], "lasker_value", max_calls=16) as values,
        pytest.raises(gr.PositionLimitError, match="536,870,912 splits"),
    ):
        LaskersNim().moves_to_value(value - 2 + 2**43, value)
    assert len(values) <= 16


@pytest.mark.parametrize("max_parts", [3, 4, 5, 6])
def test_split_or_take_variants_match_brute_force(max_parts):
    size = 40 if max_parts < 5 else 26
    table = brute_table(max_parts, size)
    game = SplitOrTake(max_parts)
    assert game.table(range(size)) == list(table)
    assert all(
        game.winning_moves((a, b)) == []
        for a in range(size)
        for b in range(size)
        if table[a] == table[b]
    )


def test_three_or_four_parts_do_not_change_lasker_values_but_five_do():
    assert brute_table(3, 60) == brute_table(2, 60) == brute_table(4, 60)
    # Further: no split into 3 or 4 parts reaches Lasker's value of the heap, so the
    # mex is unchanged (pairs of parts have few values: sets of 2-split values).
    two = [
        {published_form(a) ^ published_form(s - a) for a in range(1, s // 2 + 1)}
        for s in range(400)
    ]
    for n in range(3, 400):
        target = published_form(n)
        assert all(target ^ published_form(c) not in two[n - c] for c in range(1, n - 1))
        assert all(target ^ x not in two[n - s] for s in range(2, n - 1) for x in two[s])
    five = brute_table(5, 20)
    assert five[:8] == brute_table(2, 8) and five[8] == 10  # 1+1+1+2+3 reaches 7


def test_split_or_take_without_closed_form_stops_at_once(spy):
    # At once: refused from the size of the search (about 10^17 options for 3 parts),
    # before any heap's options are listed.
    three, lasker = SplitOrTake(3), LaskersNim()
    with spy(SplitOrTake, "heap_moves", max_calls=0) as moves:
        with pytest.raises(
            gr.PositionLimitError, match="no closed form is known for max_parts = 3"
        ):
            three.grundy(10**6)
        with pytest.raises(gr.PositionLimitError, match="no closed form"):
            lasker.grundy(10**6, use_formula=False)
    assert len(moves) == 0
    assert three.stats == lasker.stats == gr.SolverStats(positions=0, formula_values=0, sums=0)
    assert SplitOrTake(2).grundy(10**6) == 10**6 - 1


def test_names():
    from grundy.app.registry import find

    assert repr(LaskersNim()) == "LaskersNim()"
    assert find("lasker") == LaskersNim()
    assert SplitOrTake(2).formula(7) == 8


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: SplitOrTake(1), gr.InvalidGameError, "max_parts = 1 must be an integer >= 2"),
        (lambda: SplitOrTake(True), gr.InvalidGameError, "max_parts = True must be"),
        (lambda: SplitOrTake(2.5), gr.InvalidGameError, "max_parts = 2.5 must be"),
        (lambda: LaskersNim().grundy(-4), gr.InvalidPositionError, "heap -4 is negative"),
        (lambda: LaskersNim().winning_moves((1, 2.5)), gr.InvalidPositionError, "2.5 is not"),
    ],
)
def test_bad_input_is_a_clear_error(make, error, message):
    with pytest.raises(error, match=message) as info:
        make()
    assert "\n" not in str(info.value)


def test_a_split_of_one_heap_reads_as_the_same_split_in_a_row():
    """Cookbook issue: ``heap 1: 8 -> Sum(1, 7)`` for the heap 8, ``8 -> 1 + 7`` in a row."""
    game = LaskersNim()
    for n in range(10):
        for option in game.moves(n):
            as_row = option.parts if isinstance(option, gr.Sum) else (option,)
            assert game.describe_move(n, option) == game.describe_move((n,), as_row)
    assert game.describe_move(8, gr.Sum(1, 7)) == "heap 1: 8 -> 1 + 7"
    # in a sum, whose parts have no order, the heaps that went and came
    assert game.describe_move(gr.Sum(8, 5), gr.Sum(1, 7, 5)) == "8 -> 1 + 7"
