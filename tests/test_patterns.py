"""Find the pattern: formulas found from the rules alone, checked, proved, then used.

Each game here is given by its rules (``use_formula=False`` everywhere the values are
computed), the pattern found is compared with the theory, used at 10^18, and checked
against a brute-force search on every small position.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from conftest import naive_mex
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.games import (
    Bash,
    Chomp,
    GrundysGame,
    LaskersNim,
    LiegesOfLegendre,
    MockTurtles,
    Nim,
    Ruler,
    TurningCorners,
    Wythoff,
)
from grundy.patterns import (
    Region,
    Status,
    find_parameter_rule,
    find_patterns,
    with_formula,
)
from grundy.patterns.one_dim import halving_candidates, periodic_candidates
from grundy.patterns.verify import mex_check

DATA = Path(__file__).parent / "data"
HUGE = 10**18


def brute(moves, position, memo=None):
    """A plain memoised mex over `moves` (a Sum option is the XOR of its parts)."""
    memo = {} if memo is None else memo
    if isinstance(position, gr.Sum):
        total = 0
        for part in position.parts:
            total ^= brute(moves, part, memo)
        return total
    if position not in memo:
        memo[position] = naive_mex({brute(moves, o, memo) for o in moves(position)})
    return memo[position]


def odious(n: int) -> int:
    return next(m for m in (2 * n, 2 * n + 1) if m.bit_count() % 2)


# ----------------------------------------------------------------- one dimension
@pytest.mark.parametrize("m", [1, 2, 3, 5])
def test_bash_is_n_mod_m_plus_1_proved(m):
    report = find_patterns(Bash(m), upto=48)
    best = report.best
    assert best.formula == f"n % {m + 1}"
    assert best.status is Status.PROVED and best.theorem
    assert best(HUGE) == HUGE % (m + 1)
    assert [best(n) for n in range(48)] == [brute(Bash(m).moves, n) for n in range(48)]


def test_laskers_nim_is_4k_plus_3_swapped_with_4k_plus_4():
    """快快编程 1745 (and HDU 3032): split a heap in two, or take any number."""
    best = find_patterns(LaskersNim(), upto=64).best
    assert best.kind == "arithmetic-periodic"
    assert best.status is Status.PROVED and best.theorem.startswith("Lasker's theorem")
    for k in (0, 1, 7, HUGE):
        assert best(4 * k + 3) == 4 * k + 4 and best(4 * k + 4) == 4 * k + 3
        assert best(4 * k + 1) == 4 * k + 1 and best(4 * k + 2) == 4 * k + 2
    game = LaskersNim()
    assert [best(n) for n in range(40)] == [brute(game.moves, n) for n in range(40)]


def test_ruler_is_the_largest_power_of_two_dividing_n():
    coins = Ruler().single_coin_game()
    report = find_patterns(coins, upto=64)
    assert report.region == Region(("n",), (1,), (65,))  # coins from 1
    best = report.best
    assert best.formula == "lowbit(n)" and best.status is Status.PROVED
    assert best(3 * 2**61) == 2**61
    assert [best(n) for n in range(1, 40)] == [brute(coins.moves, n) for n in range(1, 40)]


def test_mock_turtles_are_the_odious_numbers():
    coins = MockTurtles().single_coin_game()
    best = find_patterns(coins, upto=64).best
    assert best.formula == "2*n + evil(n)" and best.status is Status.PROVED
    assert best(HUGE) == odious(HUGE)
    assert [best(n) for n in range(30)] == [brute(coins.moves, n) for n in range(30)]


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 6])
def test_lieges_of_legendre_odd_and_even_k(k):
    """Codeforces 603C: found as a period (even k) or a recurrence on n // 2 (odd k)."""
    game = LiegesOfLegendre(k)
    best = find_patterns(game, upto=96).best
    assert best is not None and best.status is Status.PROVED and "603C" in best.theorem
    assert best.kind == ("periodic" if k % 2 == 0 else "halving")
    for n in (HUGE, 2**60, 3 * 2**61, 5 * 2**59 + 1):
        assert best(n) == game.grundy(n)  # the game's own closed form (its docstring proves it)
    assert [best(n) for n in range(60)] == [brute(game.moves, n) for n in range(60)]


def test_split_into_three_or_take():
    """HDU 5795: take any number, or split a heap into three non-empty heaps."""

    def moves(n):
        splits = [
            gr.Sum(a, b, n - a - b) for a in range(1, n) for b in range(a, n - a) if n - a - b >= b
        ]
        return list(range(n)) + splits

    game = gr.game_from_moves(moves, name="take or split in three")
    best = find_patterns(game, upto=64).best
    assert best.status is Status.VERIFIED
    for k in (0, 3, HUGE):
        assert best(8 * k + 7) == 8 * k + 8 and best(8 * k + 8) == 8 * k + 7
        assert best(8 * k + 5) == 8 * k + 5
    assert [best(n) for n in range(40)] == [brute(moves, n) for n in range(40)]


def test_take_a_power_of_two():
    """HDU 1847 (Good Luck in CET-4): take 2^k cards; G(n) = n mod 3."""

    def moves(n):
        return [n - (1 << i) for i in range(n.bit_length()) if 1 << i <= n]

    best = find_patterns(gr.game_from_moves(moves), upto=64).best
    assert best.formula == "n % 3" and best.status is Status.VERIFIED
    assert best(HUGE) == HUGE % 3


@pytest.mark.parametrize("k", [3, 4, 6, 9])
def test_one_two_or_k(k):
    """Codeforces 1194D (1-2-K Game): take 1, 2 or k; the pattern is a period."""

    def moves(n):
        return [n - s for s in (1, 2, k) if s <= n]

    game = gr.game_from_moves(moves)
    best = find_patterns(game, upto=80).best
    assert best.status is Status.VERIFIED
    for n in (HUGE, HUGE + 1, HUGE + 2):
        period = 3 if k % 3 else k + 1
        assert best(n) == brute(moves, n % period + 4 * period)


def test_parameter_rule_bash():
    report = find_parameter_rule(Bash, range(1, 8), upto=40)
    best = report.best
    assert best.formula == "n % (k + 1)" and best.status is Status.VERIFIED
    assert best(10**9, HUGE) == HUGE % (10**9 + 1)
    assert report.rows[0].text == "period = k + 1"


def test_grundys_game_has_no_simple_pattern():
    report = find_patterns(GrundysGame(), upto=100, max_candidates=20_000)
    assert report.patterns == ()
    message = report.message()
    assert message.startswith("no pattern found in the searched space (expressions of size ≤")
    assert "0 ≤ n < 100" in message


# ----------------------------------------------------------------- two dimensions
def test_two_heap_nim_is_xor_by_boutons_theorem():
    best = find_patterns(Nim(), dims=2, upto=32).best
    assert best.formula == "a ^ b" and best.status is Status.PROVED
    assert best.theorem == "Bouton's theorem"
    assert best(HUGE, 3) == HUGE ^ 3


def test_wythoff_p_positions_are_beatty_pairs_and_rows_are_additively_periodic():
    report = find_patterns(Wythoff(), dims=2, upto=40)
    assert report.patterns == ()  # no expression gives Wythoff's values
    beatty = report.p_positions[0]
    assert beatty.kind == "beatty"
    lower = _oeis(DATA / "A000201_wythoff_lower.txt")
    upper = _oeis(DATA / "A001950_wythoff_upper.txt")
    for a, b in zip(lower[:30], upper[:30], strict=True):
        assert beatty.is_p(a, b) and beatty.is_p(b, a) and not beatty.is_p(a, b + 1)
    rows = {r.index: r.periodicity for r in report.rows}
    assert rows[0].period == 1 and rows[0].saltus == 1 and rows[0].preperiod == 0
    row1 = _oeis(DATA / "A004482_wythoff_grundy_row1.txt")
    row2 = _oeis(DATA / "A004483_wythoff_grundy_row2.txt")
    values = report.values
    assert list(values[1]) == row1[:40] and list(values[2]) == row2[:40]
    for row, oeis in ((1, row1), (2, row2)):
        p = rows[row]
        for b in range(p.preperiod, len(oeis) - p.period):  # the OEIS rows agree far past 40
            assert oeis[b + p.period] == oeis[b] + p.saltus


def test_turning_corners_is_the_nim_product():
    coins = TurningCorners().single_coin_game()
    report = find_patterns(coins, dims=2, upto=16, max_options=200_000)
    best = report.best
    assert best.formula == "nim_mul(a, b)" and best.status is Status.PROVED
    assert best(HUGE, 3) == gr.nim_mul(HUGE, 3)
    for a, b in itertools.product(range(1, 8), repeat=2):
        assert best(a, b) == brute(coins.moves, (a, b))


def test_chomp_rectangles_have_no_simple_pattern():
    report = find_patterns(Chomp(), dims=2, upto=6, max_candidates=20_000)
    assert report.patterns == ()
    assert report.message().startswith("no pattern found in the searched space")


# ----------------------------------------------------------------- honesty
def test_a_formula_fitting_a_table_but_not_the_rules_says_where_it_fails():
    wrong = [n % 5 for n in range(40)]  # a table that is not Bash(3)'s
    report = find_patterns(Bash(3), values=wrong)
    best = report.best
    assert best.status is Status.FITS and best.formula == "n % 5"
    assert (
        best.failure
        == "the mex rule fails at n = 4: the formula gives 4, the mex of its options is 0"
    )


def test_mex_check_stops_at_its_budget_and_says_how_far_it_got():
    region = Region(("n",), (0,), (200,))
    check = mex_check(Nim(), lambda n: n, lambda n: n, region, max_options=1000)
    assert check.failure == "" and check.checked is not None
    assert check.checked.stop[0] < 200 and check.options > 1000


def test_bounded_search_says_it_gave_up():
    report = find_patterns(GrundysGame(), upto=60, max_candidates=50)
    assert "budget" in report.gave_up
    assert report.gave_up in report.message()


def test_a_long_formula_on_a_short_table_is_no_pattern():
    """0.6 (Officers) on 16 heaps: a piecewise formula of 19 nodes would fit 16 values."""
    report = find_patterns(gr.games.OctalGame("0.6"), upto=16)
    assert report.patterns == ()


def test_a_table_without_a_game_can_only_fit():
    report = find_patterns(values=[[a ^ b for b in range(16)] for a in range(16)])
    assert report.best.formula == "a ^ b" and report.best.status is Status.FITS


def test_bad_requests_are_refused_in_one_line():
    with pytest.raises(gr.InvalidPositionError, match="needs a game or a table"):
        find_patterns()
    with pytest.raises(gr.InvalidPositionError, match="dims must be 1, 2 or 3"):
        find_patterns(Nim(), dims=4)
    with pytest.raises(gr.InvalidPositionError, match="no negative value"):
        find_patterns(values=[0, -1, 2, 3])


# ----------------------------------------------------------------- using a pattern
@pytest.mark.parametrize(
    "game, dims",
    [(LaskersNim(), 1), (LiegesOfLegendre(3), 1), (LiegesOfLegendre(4), 1), (Bash(4), 1)],
)
def test_with_formula_answers_huge_positions_and_agrees_with_brute_force(game, dims):
    fast = with_formula(game, find_patterns(game, dims=dims, upto=64).best)
    for n in range(40):
        assert fast.grundy(n) == brute(game.moves, n)
    for a, b in itertools.product(range(12), repeat=2):
        assert fast.outcome((a, b)) == (
            gr.Outcome.P if brute(game.moves, gr.Sum(a, b)) == 0 else gr.Outcome.N
        )
    big = (HUGE, HUGE + 1, 7)
    value = fast.grundy(big)
    assert value == fast.pattern(HUGE) ^ fast.pattern(HUGE + 1) ^ fast.pattern(7)
    for move in fast.winning_moves(big):
        assert fast.grundy(move) == 0


def test_with_formula_two_heap_nim_is_proved():
    fast = with_formula(Nim(), find_patterns(Nim(), dims=2, upto=16).best)
    assert not fast.conjectural
    assert fast.grundy((HUGE, HUGE)) == 0 and fast.outcome((HUGE, 5)) is gr.Outcome.N
    assert fast.winning_moves((HUGE, 5)) == [(5, 5)]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=6), st.integers(0, 3), st.integers(0, 4))
def test_periodic_candidates_reproduce_the_sequence(block, pre_len, saltus):
    """A sequence built as a preperiod then a period with a saltus: the candidate found
    reproduces every value given, and continues it exactly as built."""
    head = [7 + i for i in range(pre_len)]
    values = head + [
        block[i % len(block)] + saltus * (i // len(block)) for i in range(8 * len(block))
    ]
    found = periodic_candidates(values)
    assert found
    f = found[0].function
    assert [f(n) for n in range(len(values))] == values
    n = len(values) + 5 * len(block) + 3
    i = n - pre_len
    assert f(n) == block[i % len(block)] + saltus * (i // len(block))


def test_halving_needs_enough_values():
    assert halving_candidates([0, 1, 0, 1]) == []


def _oeis(path: Path) -> list[int]:
    """The values of an OEIS b-file copy (its first line says where it comes from)."""
    numbers = []
    for line in path.read_text().splitlines()[1:]:
        parts = line.split()
        if len(parts) == 2 and parts[0].lstrip("-").isdigit():
            numbers.append(int(parts[1]))
    return numbers


def test_a_known_sequence_shifted():
    """Dawson's chess (take a pawn: 0.137) by its rules is Dawson's Kayles shifted by one."""

    def moves(n):  # 0.137: take 1 (leaving 0 heaps), 2 (0 or 1 heap), 3 (0, 1 or 2 heaps)
        options = [0] if n == 1 else []
        options += [n - 2] if n >= 2 else []
        options += [n - 3] if n >= 3 else []
        options += [gr.Sum(a, n - 3 - a) for a in range(1, n - 3)]
        return options

    game = gr.game_from_moves(moves, name="Dawson's chess")
    report = find_patterns(game, upto=100)
    shifted = [p for p in report.patterns if p.kind == "shifted"]
    # "Dawson's Kayles (0.07) at n + 1" is the same continuation: listed once.
    assert [p.formula for p in shifted] == ["G(n) = Dawson's chess (0.137) at n"]
    assert shifted[0].status is Status.VERIFIED
    dawson = gr.games.OctalGame("0.07")
    assert shifted[0](HUGE) == dawson.grundy(HUGE + 1)


def test_importing_patterns_loads_neither_numpy_nor_numba():
    import subprocess
    import sys

    code = "import grundy.patterns, sys; print('numpy' in sys.modules, 'numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_one_expression_for_each_residue():
    values = [n // 2 if n % 2 == 0 else 3 * n + 1 for n in range(64)]
    best = find_patterns(values=values).best
    assert best.kind == "piecewise"
    assert best.formula == "n ≡ 0 (mod 2): n // 2; n ≡ 1 (mod 2): 3*n + 1"
    assert best(HUGE) == HUGE // 2 and best(HUGE + 1) == 3 * (HUGE + 1) + 1


def test_three_heaps_of_nim():
    best = find_patterns(Nim(), dims=3, upto=8).best
    assert best.status is Status.VERIFIED
    assert best(HUGE, 5, 3) == HUGE ^ 5 ^ 3


def test_winning_moves_beyond_any_table_are_refused_not_listed():
    """A user's game lists a move to every smaller heap: 10^18 options are never built."""

    def moves(n):
        return [gr.Sum(a, n - a) for a in range(1, n // 2 + 1)] + list(range(n))

    game = gr.game_from_moves(moves, name="split or take")
    fast = with_formula(game, find_patterns(game, upto=48).best)
    huge = gr.Sum(HUGE + 3, HUGE + 4, 7)
    assert fast.grundy(huge) == (HUGE + 4) ^ (HUGE + 3) ^ 8
    with pytest.raises(
        gr.PositionLimitError, match="the moves from 1000000000000000003 are not listed"
    ):
        fast.winning_moves(huge)
    small = fast.winning_moves(gr.Sum(11, 5))  # small heaps: listed, each a P-position
    assert small and all(brute(moves, move) == 0 for move in small)
