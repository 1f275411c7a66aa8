"""Moore's Nim_k: the bit-count criterion and the constructive winning move, by brute force."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from conftest import naive_mex
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.games import MooreNim, Nim


def brute_options(k: int, heaps: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every option: reduce between 1 and k heaps, each to any smaller size."""
    found = set()
    for size in range(1, k + 1):
        for chosen in itertools.combinations(range(len(heaps)), size):
            for values in itertools.product(*(range(heaps[i]) for i in chosen)):
                option = list(heaps)
                for i, v in zip(chosen, values, strict=True):
                    option[i] = v
                found.add(tuple(option))
    return found


@cache
def brute_wins(k: int, heaps: tuple[int, ...], misere: bool) -> bool:
    options = brute_options(k, heaps)
    if not options:
        return misere
    return any(not brute_wins(k, tuple(sorted(o)), misere) for o in options)


@cache
def brute_grundy(k: int, heaps: tuple[int, ...]) -> int:
    return naive_mex(brute_grundy(k, tuple(sorted(o))) for o in brute_options(k, heaps))


def moore_p(k: int, heaps) -> bool:
    """Moore's criterion, written out bit by bit."""
    top = max(heaps, default=0).bit_length()
    return all(sum(h >> b & 1 for h in heaps) % (k + 1) == 0 for b in range(top))


def is_legal(k: int, before, after) -> bool:
    changed = [i for i in range(len(before)) if before[i] != after[i]]
    return 1 <= len(changed) <= k and all(after[i] < before[i] for i in changed)


def small_positions():
    for n in range(1, 5):
        yield from itertools.combinations_with_replacement(range(6 if n < 4 else 4), n)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_criterion_and_winning_moves_match_brute_force(k):
    game = MooreNim(k)
    for heaps in small_positions():
        for misere in (False, True):
            p = not brute_wins(k, heaps, misere)
            assert game.is_p_position(heaps, misere=misere) == p, (heaps, misere)
            expected = {
                o for o in brute_options(k, heaps) if not brute_wins(k, tuple(sorted(o)), misere)
            }
            moves = game.winning_moves(heaps, misere=misere)
            assert set(moves) == expected and len(moves) == len(expected), (heaps, misere)
            move = game.winning_move(heaps, misere=misere)
            if expected:
                assert move in expected, (heaps, misere)
            else:
                assert move is None


@pytest.mark.parametrize("k", [1, 2, 3])
def test_grundy_values_by_search_match_brute_force(k):
    game = MooreNim(k)
    for heaps in small_positions():
        if sum(heaps) <= 12:
            assert game.grundy(heaps) == brute_grundy(k, heaps), heaps
            assert game.grundy(heaps, use_formula=False) == brute_grundy(k, heaps), heaps


def test_k_1_is_nim():
    moore, nim = MooreNim(1), Nim()
    for heaps in itertools.product(range(7), repeat=3):
        assert moore.grundy(heaps) == nim.grundy(heaps)
        assert moore.outcome(heaps) == nim.outcome(heaps)
        assert moore.outcome(heaps, misere=True) == nim.outcome(heaps, misere=True)
        assert moore.winning_moves(heaps) == nim.winning_moves(heaps)
    big = (10**30, 3**40, 7**20)
    assert moore.grundy(big) == nim.grundy(big)
    assert [moore.winning_move(big)] == nim.winning_moves(big)


@given(
    st.integers(1, 6),
    st.lists(st.integers(0, 2**70), min_size=1, max_size=12),
    st.booleans(),
)
def test_winning_move_is_legal_and_reaches_a_p_position(k, heaps, misere):
    game = MooreNim(k)
    heaps = tuple(heaps)

    def p_position(position) -> bool:
        if misere and max(position) <= 1:  # misère: only heaps of 0 and 1 differ
            return sum(position) % (k + 1) == 1
        return moore_p(k, position)

    assert game.is_p_position(heaps, misere=misere) == p_position(heaps)
    move = game.winning_move(heaps, misere=misere)
    if p_position(heaps) or not any(heaps):
        assert move is None
    else:
        assert is_legal(k, heaps, move) and p_position(move)


def test_winning_move_for_100000_heaps_of_10_to_the_18_is_fast(spy, count_lines):
    rng = random.Random(3)
    heaps = tuple(rng.randrange(10**18) for _ in range(100_000))
    game = MooreNim(3)
    # Moore's construction, O(heaps x bits) in string operations: no option is listed
    # or tested, no value searched, and a few lines of Python per heap (bits x heaps
    # lines, 6 million, would be a Python loop over every bit of every heap).
    with (
        spy(MooreNim, "_subsets", max_calls=0) as options,
        spy(MooreNim, "moves", max_calls=0) as moves,
    ):
        move, _ = count_lines(game.winning_move, heaps, max_lines=10 * len(heaps))  # ~3 a heap
        assert game.is_p_position(move) and not game.is_p_position(heaps)
    assert len(options) == len(moves) == 0 and game.stats.positions == 0
    changed = [i for i in range(len(heaps)) if heaps[i] != move[i]]
    assert 1 <= len(changed) <= 3 and all(move[i] < heaps[i] for i in changed)


@pytest.mark.slow
def test_winning_move_for_many_heaps_checked_independently():
    rng = random.Random(5)
    for k in (2, 5, 50):
        heaps = tuple(rng.randrange(10**18) for _ in range(20_000))
        move = MooreNim(k).winning_move(heaps)
        assert is_legal(k, heaps, move) and moore_p(k, move)


def test_k_at_least_the_number_of_heaps_empties_everything():
    game = MooreNim(5)
    assert game.winning_move((7, 9, 1000)) == (0, 0, 0)
    assert game.is_p_position((0, 0, 0)) and not game.is_p_position((0, 0, 1))


def test_sums_are_refused_with_the_reason():
    with pytest.raises(gr.InvalidGameError, match="not independent games"):
        MooreNim(2) + Nim()
    with pytest.raises(gr.InvalidPositionError, match="not a Moore position"):
        MooreNim(2).grundy(gr.Sum((1, 2), (3,)))
    with pytest.raises(gr.InvalidPositionError, match="is a sum"):
        MooreNim(2).winning_moves(gr.Sum(1, 2))


def test_search_and_listing_limits_stop_at_once(spy):
    game = MooreNim(2)
    # At once: refused from the counts of positions and options, before any option is
    # listed or tested (about 10^19 of them, or about 2 x 10^12 for 1999 heaps).
    with (
        spy(MooreNim, "_subsets", max_calls=0) as options,
        spy(MooreNim, "moves", max_calls=0) as moves,
    ):
        with pytest.raises(gr.PositionLimitError, match="no closed form for the SG value"):
            game.grundy((10**18, 5, 6))
        with pytest.raises(gr.PositionLimitError, match="winning_move"):
            game.winning_moves((10**18, 5, 6))
        with pytest.raises(gr.PositionLimitError, match="winning_move"):
            game.winning_moves(tuple(range(1, 2000)))
    assert len(options) == len(moves) == 0
    assert game.stats == gr.SolverStats(positions=0, formula_values=0, sums=0)
    assert game.grundy((10**18, 10**18, 10**18)) == 0  # P-positions have value 0 at once
    assert game.winning_move((10**18, 5, 6)) is not None


def test_notation():
    game = MooreNim(2)
    assert game.parse_position(["1", "2", "3"]) == (1, 2, 3)
    assert game.check_position(7) == (7,)
    assert game.describe_move((3, 4, 5), (1, 4, 2)) == "heap 1: 3 -> 1, heap 3: 5 -> 2"


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: MooreNim(0), gr.InvalidGameError, "k = 0 must be a positive integer"),
        (lambda: MooreNim(True), gr.InvalidGameError, "k = True must be"),
        (lambda: MooreNim(1.5), gr.InvalidGameError, "k = 1.5 must be"),
        (lambda: MooreNim(2).outcome((1, -2)), gr.InvalidPositionError, "heap -2 is negative"),
        (lambda: MooreNim(2).winning_move((1, "x")), gr.InvalidPositionError, "'x' is not"),
        (lambda: MooreNim(2).parse_position([]), gr.InvalidPositionError, "at least one heap"),
    ],
)
def test_bad_input_is_a_clear_error(make, error, message):
    with pytest.raises(error, match=message) as info:
        make()
    assert "\n" not in str(info.value)


def test_registry_name():
    from grundy.app.registry import find

    assert find("moore:2") == MooreNim(2)
    with pytest.raises(gr.InvalidGameError, match="not a positive integer"):
        find("moore:x")


def test_sums_with_other_games_are_refused_either_way():
    for make in (lambda: Nim() + MooreNim(2), lambda: MooreNim(2) + Nim()):
        with pytest.raises(gr.InvalidGameError, match="cannot add MooreNim"):
            make()


@given(st.integers(1, 3), st.lists(st.integers(0, 7), min_size=1, max_size=4).map(tuple))
def test_bit_counts_say_which_positions_are_p(k, heaps):
    """Issue 19: the bit counts were not public, so P-positions could not be counted."""
    counts = MooreNim(k).bit_counts(heaps)
    assert list(counts) == [sum(h >> b & 1 for h in heaps) for b in range(len(counts))]
    assert all(c % (k + 1) == 0 for c in counts) == (not brute_wins(k, heaps, False))
