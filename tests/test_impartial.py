"""The generic solver: mex, sums, queries, limits and errors."""

from __future__ import annotations

import json
import random

import pytest
from conftest import naive_mex
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.games import DigraphGame, Nim, OctalGame, SubtractionGame, Wythoff


@given(st.lists(st.integers(0, 70), max_size=40))
def test_mex_matches_the_definition(values):
    assert gr.mex(values) == naive_mex(values)


def test_mex_ignores_huge_values_and_rejects_negative_ones():
    assert gr.mex([0, 10**18, 1]) == 2
    with pytest.raises(gr.NimberError, match="value -1 is negative"):
        gr.mex([0, -1])


def test_sum_is_flat_unordered_and_hashable():
    assert gr.Sum(1, gr.Sum(3, 2)) == gr.Sum(3, 2, 1)
    assert hash(gr.Sum(1, 2)) == hash(gr.Sum(2, 1))
    assert gr.Sum(1, 2) != (1, 2)  # a sum is not the tuple position (1, 2)
    assert eval(repr(gr.Sum(2, 1)), {"Sum": gr.Sum}) == gr.Sum(1, 2)
    assert len({gr.Sum("a", 1), gr.Sum(1, "a")}) == 1  # unorderable parts still normalise
    assert gr.Sum(2, gr.Sum(1)).given == (2, gr.Sum(1)) and len(gr.Sum(2, gr.Sum(1))) == 2


def test_options_that_nest_sums_are_valued_as_their_flat_sums():
    # take one token from a heap and split the rest into three heaps (some empty)
    def moves(n: int) -> list:
        return [gr.Sum(a, gr.Sum(b, n - 1 - a - b)) for a in range(n) for b in range(n - a)]

    game, dp = gr.game_from_moves(moves), []
    for n in range(15):  # a hand-written DP: XOR of three heaps, no sums
        splits = [(a, b, n - 1 - a - b) for a in range(n) for b in range(n - a)]
        dp.append(gr.mex(dp[a] ^ dp[b] ^ dp[c] for a, b, c in splits))
    assert [game.grundy(n) for n in range(15)] == dp
    assert game.grundy(gr.Sum(gr.Sum(14, 13), 12)) == dp[14] ^ dp[13] ^ dp[12]


def chain(length: int) -> gr.ImpartialGame:
    return gr.game_from_moves(lambda n: [n - 1] if n > 0 else [], name="chain")


def test_a_chain_of_a_million_positions_needs_no_recursion():
    game = chain(10**6)
    assert game.grundy(10**6) == 0
    assert game.grundy(10**6 - 1) == 1
    assert game.stats.positions == 10**6 + 1


def test_nim_with_many_heaps_is_many_small_problems():
    rng = random.Random(1)
    heaps = tuple(rng.randrange(60) for _ in range(10**5))
    game = Nim()
    expected = 0
    for h in heaps:
        expected ^= h
    assert game.grundy(heaps, use_formula=False) == expected
    # each distinct heap size is searched once: at most 60 positions, not 10^5
    assert game.stats.positions <= 60


def test_formula_is_used_when_present_and_skipped_on_request():
    game = Nim()
    assert game.grundy(gr.Sum(10**30, 5)) == 10**30 ^ 5
    assert game.stats.formula_values == 2 and game.stats.positions == 0
    assert game.grundy((10**30, 5)) == 10**30 ^ 5  # a tuple of heaps: XOR of the formula
    assert game.grundy(40, use_formula=False) == 40
    assert game.stats.positions == 41


def test_cycle_raises_loop_error_naming_the_cycle():
    game = gr.game_from_moves(lambda n: [(n + 1) % 4, 9] if n < 9 else [], name="ring")
    with pytest.raises(gr.LoopError) as info:
        game.grundy(2)
    assert info.value.cycle[0] == info.value.cycle[-1]
    assert set(info.value.cycle) == {0, 1, 2, 3}
    assert "2 -> 3 -> 0 -> 1 -> 2" in str(info.value)
    assert isinstance(info.value, gr.GrundyError)
    # the failed search leaves no half-done values behind: 9 is still fine
    assert game.grundy(9) == 0


def test_self_loop_is_a_cycle():
    with pytest.raises(gr.LoopError, match="0 -> 0"):
        gr.game_from_moves(lambda n: [n]).grundy(0)


@pytest.mark.parametrize("both", [False, True])
def test_a_sum_option_whose_parts_wait_on_the_stack_is_a_cycle(both):
    # 0 -> 1 -> Sum(0, 1) [or Sum(0, 2)]: the parts are being valued, so the XOR of their
    # marks must not pass for a value (two marks cancelling out would read as 0)
    def moves(n):
        if n == 0:
            return [1]
        if n == 1:
            return [gr.Sum(0, 1) if both else gr.Sum(0, 2)]
        return []

    with pytest.raises(gr.LoopError, match="0 -> 1 -> 0"):
        gr.game_from_moves(moves).grundy(0)


def test_misere_search_reports_cycles_too():
    with pytest.raises(gr.LoopError):
        gr.game_from_moves(lambda n: [1 - n]).outcome(0, misere=True)


def test_position_limit_stops_cleanly_and_can_be_raised():
    game = chain(0)
    with pytest.raises(gr.PositionLimitError, match="more than 1,000 positions"):
        game.grundy(5000, max_positions=1000)
    assert game.grundy(5000, max_positions=10_000) == 0
    with pytest.raises(gr.PositionLimitError):
        SubtractionGame([1]).limited_to(50).outcome(100, misere=True)
    with pytest.raises(gr.InvalidGameError, match="max_positions 0 must be a positive"):
        SubtractionGame([1]).limited_to(0)


def test_moves_given_as_a_generator_are_called_once_per_position():
    calls = []

    def moves(n):
        calls.append(n)
        return (n - k for k in (1, 2) if k <= n)

    assert gr.game_from_moves(moves).table(range(6)) == [0, 1, 2, 0, 1, 2]
    assert sorted(calls) == list(range(6))


def test_moves_that_raise_are_reported_with_the_position():
    game = gr.game_from_moves(lambda n: [n - 1, 10 // (n - 3)] if n > 0 else [], name="bad")
    with pytest.raises(gr.MoveGenerationError, match=r"moves\(3\) raised ZeroDivisionError"):
        game.grundy(5)


def test_unhashable_options_and_positions_are_reported():
    game = gr.game_from_moves(lambda n: [[n - 1]] if n > 0 else [], name="lists")
    with pytest.raises(gr.MoveGenerationError, match="not hashable"):
        game.grundy(2)
    with pytest.raises(gr.InvalidPositionError, match="not hashable"):
        chain(0).grundy([1, 2])


def test_a_formula_returning_nonsense_is_reported():
    game = gr.game_from_moves(lambda n: [], formula=lambda n: -1, name="liar")
    with pytest.raises(gr.MoveGenerationError, match="formula"):
        game.grundy(3)


def test_subclassing_and_canonical_hook():
    class Mirror(gr.ImpartialGame):
        """A pair of Nim heaps, played as one position, with symmetry reduction."""

        def moves(self, p):
            a, b = p
            return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]

        def canonical(self, p):
            return tuple(sorted(p))

    game = Mirror()
    assert all(game.grundy((a, b)) == a ^ b for a in range(8) for b in range(8))
    assert game.winning_moves((3, 5)) == [(3, 3)]
    # mirrored positions share one searched entry
    assert game.stats.positions == 8 * 9 // 2


def test_table_and_is_p_position():
    game = SubtractionGame([1, 2])
    assert game.table(range(7)) == [0, 1, 2, 0, 1, 2, 0]
    assert [n for n in range(7) if game.is_p_position(n)] == [0, 3, 6]


def test_clear_cache_forgets_values():
    game = chain(0)
    game.grundy(100)
    game.clear_cache()
    assert game.stats == gr.SolverStats(positions=0, formula_values=0, sums=0)


@pytest.mark.parametrize(
    ("game", "position"),
    [
        (DigraphGame([(0, 1), (1, 2), (0, 2)]), 0),
        (Wythoff(), (3, 5)),
        (OctalGame("0.77"), 20),
    ],
)
def test_clear_cache_keeps_the_rules(game, position):
    # clear_cache empties game.cache only: a graph game keeps its graph, a table game
    # recomputes its table (it used to delete every attribute starting with "_")
    before = game.grundy(position)
    assert game.cache
    game.clear_cache()
    assert not game.cache and game.stats.positions == 0
    assert game.grundy(position) == before


def test_every_public_hook_of_the_protocol_has_a_runnable_example():
    from grundy.core.protocol import Game
    from grundy.twoplayer import TwoPlayerGame

    missing = []
    for cls in (Game, gr.ImpartialGame, TwoPlayerGame):
        for name, member in vars(cls).items():
            if name.startswith("_"):
                continue
            doc = getattr(member, "__doc__", None) or getattr(
                getattr(member, "fget", None), "__doc__", None
            )
            if callable(member) or isinstance(member, property):
                if not doc or ">>>" not in doc:
                    missing.append(f"{cls.__name__}.{name}")
    assert missing == []


def test_outcome_repr_round_trips():
    assert eval(repr(gr.Outcome.P), {"Outcome": gr.Outcome}) is gr.Outcome.P


def test_sum_game_of_different_games():
    game = SubtractionGame([1, 3, 4]) + Nim()
    assert game.grundy((10, (2, 3))) == 1 ^ 2 ^ 3
    for move in game.winning_moves((10, (2, 3))):
        assert game.grundy(move) == 0
    with pytest.raises(gr.InvalidPositionError, match="tuple of 2"):
        game.grundy((1, 2, 3))


SMALL_HEAPS = st.lists(st.integers(0, 9), min_size=1, max_size=5).map(tuple)


@given(SMALL_HEAPS, st.booleans())
def test_winning_changes_are_the_winning_moves_as_changes(heaps, misere):
    if misere:
        heaps = heaps[:3]  # misère play searches the whole sum
    for game, position in (
        (Nim(), heaps),
        (OctalGame("0.77"), gr.Sum(*heaps)),
        (SubtractionGame({1, 3, 4}), heaps),
    ):
        changes = game.winning_changes(position, misere=misere)
        assert [game.apply(position, m) for m in changes] == game.winning_moves(
            position, misere=misere
        )
        parts = game.parts(position)
        for move in changes:
            if move.part is not None:  # a change names one part and what it becomes
                assert parts[move.part] == move.before and move.after != move.before


def test_winning_moves_of_a_big_sum_are_reported_in_linear_space():
    """Issue 18: 'grundy value nim' with 20,000 huge heaps --json printed every winning
    move as a whole position (4·10^8 numbers)."""
    from grundy.app.value_reports import MOVES_DESCRIBED, MOVES_LISTED, value_report

    heaps = (10**18 - 1,) * 1999 + (5,)
    report = value_report("nim", Nim(), heaps)
    assert report["winning_moves_count"] == 1999 and not report["winning_moves_complete"]
    assert len(report["winning_moves"]) == MOVES_LISTED
    assert report["winning_moves"][0] == {"part": 0, "from": 10**18 - 1, "to": 5}
    assert len(report["winning_moves_text"]) == MOVES_DESCRIBED
    size = len(json.dumps(report))
    assert size < (MOVES_DESCRIBED + 3) * len(report["position_text"])
    everything = value_report("nim", Nim(), heaps, limit=None)
    assert len(everything["winning_moves"]) == 1999 and everything["winning_moves_complete"]


def test_apply_refuses_a_move_of_another_position():
    with pytest.raises(gr.InvalidPositionError, match="does not apply"):
        Nim().apply((3, 4), gr.Move(part=0, before=5, after=1))


def test_whole_positions_made_of_parts_are_not_kept_only_their_parts():
    """Issue 19: a reused game kept every whole position asked for (a 10^5-edge tree,
    a sum) as a memo key, and every Sum option of every position searched."""
    game = Nim()
    for heaps in [(3, 4, 5), (5, 4, 3), (1, 2, 3, 4)]:
        game.grundy(heaps, use_formula=False)
        game.grundy(gr.Sum(*heaps), use_formula=False)
    memo = game.cache["solvers"][False].memo
    assert set(memo) == set(range(6))  # the heaps, nothing else

    def cut(p):  # a row of pins: take one, leaving two rows (Sum options)
        return [gr.Sum(a, p - 1 - a) for a in range(p)]

    kayles_like = gr.game_from_moves(cut)
    kayles_like.grundy(60)
    memo = kayles_like.cache["solvers"][True].memo
    assert set(memo) == set(range(61))  # no Sum among the keys
    assert kayles_like.table(range(61)) == OctalGame("0.7").table(range(61))


def test_a_chain_of_big_positions_keeps_memory_bounded_and_lists_options_again():
    """Issue 19: Kayles by its rules to 3,000 peaked at 1.5 GB: the stack held every
    position's 6,000 Sum options at once. Past a budget, a waiting frame drops its list
    and lists its options again when it resumes."""
    from grundy.core import solver as solver_module

    calls: list[int] = []

    def kayles(n):
        calls.append(n)
        return [gr.Sum(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)]

    game = gr.game_from_moves(kayles)
    assert game.grundy(400) == OctalGame("0.77").grundy(400)
    held = sum(2 * n for n in range(401))
    assert held > solver_module._HELD_OPTIONS  # the budget was passed: lists were dropped
    assert 401 < len(calls) <= 2 * 401  # each position listed once, some twice
    assert game.table(range(401)) == OctalGame("0.77").table(range(401))


def test_moves_that_change_between_calls_are_reported():
    seen: dict[int, int] = {}

    def moves(n):  # a different number of options the second time
        seen[n] = seen.get(n, 0) + 1
        return [gr.Sum(a, n - 1 - a) for a in range(n - (seen[n] > 1))]

    game = gr.game_from_moves(moves)
    with pytest.raises(gr.MoveGenerationError, match="must return the same options"):
        game.grundy(1200)  # 720,000 options on the way down: past the budget


@given(SMALL_HEAPS, st.booleans())
def test_winning_change_is_the_first_winning_change_without_listing_them(heaps, misere):
    if misere:
        heaps = heaps[:3]
    for game, position in (
        (Nim(), heaps),
        (OctalGame("0.77"), gr.Sum(*heaps)),
        (SubtractionGame({1, 3, 4}), heaps),
        (OctalGame("0.6"), heaps),
    ):
        changes = game.winning_changes(position, misere=misere)
        first = game.winning_change(position, misere=misere)
        assert first == (changes[0] if changes else None)
        expected = game.apply(position, first) if first is not None else None
        assert game.winning_move(position, misere=misere) == expected


def test_one_winning_change_of_many_heaps_lists_one_part_only(spy):
    """Issue 19: 10^5 Lasker heaps have 12 million winning moves; a contestant prints one."""
    from grundy.games import LaskersNim

    game = LaskersNim()
    heaps = tuple(range(1, 100_000))
    spy(LaskersNim, "moves_to_value", max_calls=40)  # parts tried until one answers
    move = game.winning_change(heaps)
    assert move is not None and game.grundy(game.apply(heaps, move)) == 0


def test_mex_of_a_non_integer_is_one_line():
    with pytest.raises(gr.NimberError, match="value 'a' is not an int"):
        gr.mex(["a"])
    with pytest.raises(gr.NimberError, match="not an int"):
        gr.mex([0, 1.0])


@pytest.mark.parametrize("query", ["grundy", "outcome"])
def test_moves_returning_a_string_is_refused(query):
    # "10" would pass for the options "1" and "0", each a position with its own moves
    game = gr.game_from_moves(lambda n: str(int(n) - 1) if n != "0" else "", name="strings")
    with pytest.raises(gr.MoveGenerationError, match="returned the string '9'"):
        getattr(game, query)("10")


def test_the_default_position_reader_takes_ascii_digits_of_any_length():
    game = gr.game_from_moves(lambda n: [], name="plain")
    assert game.parse_position(["1" * 5000, "2"]) == ((10**5000 - 1) // 9, 2)
    with pytest.raises(gr.InvalidPositionError, match="position word '٣' is not an integer"):
        game.parse_position(["٣"])
