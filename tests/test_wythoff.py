"""Wythoff's game: P-positions, winning moves and SG values against brute force and OEIS."""

from __future__ import annotations

import sys
from decimal import Decimal, getcontext
from functools import cache

import pytest
from conftest import naive_mex, read_pairs
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.app.registry import find
from grundy.games import Wythoff, wythoff_pair, wythoff_partner

getcontext().prec = 400  # exact floors of k·φ for k up to ~10^150


# ---------------------------------------------------------------- independent oracles
def options(a: int, b: int) -> list[tuple[int, int]]:
    """The rules, written again: one heap, or the same number from both."""
    found = [(x, b) for x in range(a)] + [(a, y) for y in range(b)]
    return found + [(a - t, b - t) for t in range(1, min(a, b) + 1)]


@cache
def brute(a: int, b: int) -> int:
    return naive_mex(brute(*o) for o in options(a, b))


@cache
def brute_misere_wins(a: int, b: int) -> bool:
    opts = options(a, b)
    return not opts or any(not brute_misere_wins(*o) for o in opts)


PHI = (1 + Decimal(5).sqrt()) / 2


def decimal_pair(k: int) -> tuple[int, int]:
    """(floor(k φ), floor(k φ²)) in 400-digit decimal arithmetic."""
    return int(k * PHI), int(k * PHI * PHI)


def decimal_is_p(a: int, b: int) -> bool:
    a, b = min(a, b), max(a, b)
    return decimal_pair(b - a) == (a, b)


def decimal_partner(m: int) -> int:
    if m == 0:
        return 0
    k = int(m / PHI) + 1  # m = floor(k φ) needs k = ceil(m / φ)
    if int(k * PHI) == m:
        return m + k
    k = int(m / (PHI * PHI)) + 1
    assert int(k * PHI * PHI) == m
    return m - k


def expected_winning_moves(a: int, b: int) -> set[tuple[int, int]]:
    """The P-positions one move away, found with the decimal oracle."""
    found = set()
    if decimal_partner(b) < a:
        found.add((decimal_partner(b), b))
    if decimal_partner(a) < b:
        found.add((a, decimal_partner(a)))
    lower = decimal_pair(abs(a - b))[0]
    if lower < min(a, b):
        take = min(a, b) - lower
        found.add((a - take, b - take))
    return found


# ---------------------------------------------------------------- small positions
def test_sg_values_match_brute_force_and_generic_solver():
    game, searched = Wythoff(), Wythoff()
    for a in range(30):
        for b in range(30):
            assert game.grundy((a, b)) == brute(a, b), (a, b)
            assert searched.grundy((a, b), use_formula=False) == brute(a, b), (a, b)


def test_thin_and_growing_tables_match_brute_force():
    game = Wythoff()  # one game: the cached table is reused, then extended
    for position in [(2, 150), (150, 3), (25, 40), (0, 90), (40, 26), (4, 151), (1, 1)]:
        assert game.grundy(position) == brute(*position), position
    for b in range(160):
        assert game.grundy((3, b)) == brute(3, b), b


def test_outcome_and_every_winning_move_match_brute_force():
    game = Wythoff()
    for a in range(45):
        for b in range(45):
            expected = {o for o in options(a, b) if brute(*o) == 0}
            moves = game.winning_moves((a, b))
            assert len(moves) == len(set(moves))
            assert set(moves) == expected, (a, b)
            assert game.outcome((a, b)) == (gr.Outcome.N if expected else gr.Outcome.P)
            assert game.is_p_position((a, b)) == (brute(a, b) == 0)


def test_partner_and_pairs_small():
    pairs = [wythoff_pair(k) for k in range(2000)]
    covered = sorted([lo for lo, _ in pairs[1:]] + [hi for _, hi in pairs[1:]])
    assert covered[:3000] == list(range(1, 3001))  # the Beatty partition
    for lo, hi in pairs:
        assert wythoff_partner(lo) == hi and wythoff_partner(hi) == lo
        if hi < 45:
            assert brute(lo, hi) == 0


def test_misere_uses_search_and_matches_brute_force():
    game = Wythoff()
    for a in range(14):
        for b in range(14):
            wins = brute_misere_wins(a, b)
            assert game.outcome((a, b), misere=True) == (gr.Outcome.N if wins else gr.Outcome.P)
            expected = {o for o in options(a, b) if not brute_misere_wins(*o)}
            assert set(game.winning_moves((a, b), misere=True)) == expected


def test_sums_of_positions():
    game = Wythoff()
    for p, q in [((3, 4), (1, 1)), ((5, 2), (6, 9)), ((3, 5), (4, 7))]:
        value = brute(*p) ^ brute(*q)
        assert game.grundy(gr.Sum(p, q)) == value
        assert game.grundy(gr.Sum(p, q), use_formula=False) == value
        moves = game.winning_moves(gr.Sum(p, q))
        assert bool(moves) == (value != 0)
        for move in moves:
            assert game.grundy(move, use_formula=False) == 0


# ---------------------------------------------------------------- published values
def test_p_positions_match_oeis_lower_and_upper_wythoff():
    lower = read_pairs("A000201_wythoff_lower.txt")
    upper = read_pairs("A001950_wythoff_upper.txt")
    for k in range(1, 61):
        assert wythoff_pair(k) == (lower[k], upper[k])
        assert Wythoff().outcome((lower[k], upper[k])) is gr.Outcome.P
        assert Wythoff().outcome((upper[k], lower[k])) is gr.Outcome.P
    for k in range(61, 69):
        assert wythoff_pair(k)[0] == lower[k]


def test_sg_table_matches_oeis_antidiagonals():
    values = read_pairs("A004481_wythoff_grundy_table_antidiagonals.txt")
    cells = [(i, s - i) for s in range(20) for i in range(s + 1)]
    game = Wythoff()
    for n, value in values.items():
        assert game.grundy(cells[n]) == value, cells[n]


@pytest.mark.parametrize(
    ("name", "cell"),
    [
        ("A047708_wythoff_grundy_diagonal.txt", lambda n: (n, n)),
        ("A004482_wythoff_grundy_row1.txt", lambda n: (1, n)),
        ("A004483_wythoff_grundy_row2.txt", lambda n: (2, n)),
        ("cgsuite_wythoff_row10_nim_values.txt", lambda n: (10, n)),
    ],
)
def test_sg_values_match_published_rows(name, cell):
    game = Wythoff()
    for n, value in read_pairs(name).items():
        assert game.grundy(cell(n)) == value, cell(n)


def tersum(a: int, b: int) -> int:
    """Digit-wise sum mod 3 of a and b in base 3."""
    total, power = 0, 1
    while a or b:
        total += (a % 3 + b % 3) % 3 * power
        a, b, power = a // 3, b // 3, power * 3
    return total


def test_rows_one_and_two_follow_their_oeis_names_far_out():
    # OEIS names rows 1 and 2 "tersum n + 1" and "tersum n + 2"; a long thin table
    # (3 x 20000) must agree, which exercises the offset bit sets far from the corner.
    game = Wythoff()
    assert game.grundy((2, 19999)) == tersum(19999, 2)
    for n in range(0, 20000, 7):
        assert game.grundy((1, n)) == tersum(n, 1)
        assert game.grundy((n, 2)) == tersum(n, 2)


@pytest.mark.slow
def test_larger_tables_match_the_generic_solver():
    game, searched = Wythoff(), Wythoff()
    for a, b in [(120, 120), (60, 400), (400, 7)]:
        assert game.grundy((a, b)) == searched.grundy((a, b), use_formula=False)
    for a in range(0, 121, 3):
        for b in range(0, 121, 5):
            assert game.grundy((a, b)) == searched.grundy((a, b), use_formula=False)


# ---------------------------------------------------------------- huge heaps, exact
def test_p_positions_of_huge_heaps_are_exact():
    for k in [10**100, 10**100 + 1, 3**200, 2**333 - 1]:
        lower, upper = wythoff_pair(k)
        assert (lower, upper) == decimal_pair(k)
        # exact certificate: lower <= k φ < lower + 1, i.e. 2·lower - k <= k √5 < 2·lower + 2 - k
        assert (2 * lower - k) ** 2 <= 5 * k * k < (2 * lower + 2 - k) ** 2
        assert Wythoff().outcome((lower, upper)) is gr.Outcome.P
        assert Wythoff().outcome((upper + 1, lower)) is gr.Outcome.N
        assert Wythoff().grundy((upper, lower)) == 0


@given(st.integers(0, 10**120))
def test_pairs_and_partners_of_any_size_match_decimal(k):
    lower, upper = wythoff_pair(k)
    assert (lower, upper) == decimal_pair(k)
    if k:
        assert wythoff_partner(lower) == upper and wythoff_partner(upper) == lower


@given(st.integers(0, 10**100), st.integers(0, 10**100))
def test_winning_moves_of_huge_heaps_match_decimal_oracle(a, b):
    game = Wythoff()
    moves = game.winning_moves((a, b))
    assert set(moves) == expected_winning_moves(a, b)
    assert game.outcome((a, b)) == (gr.Outcome.N if moves else gr.Outcome.P)
    assert game.outcome((a, b)) == (gr.Outcome.P if decimal_is_p(a, b) else gr.Outcome.N)
    for x, y in moves:
        assert decimal_is_p(x, y)
        assert (x == a) != (y == b) or a - x == b - y > 0


@given(st.integers(1, 10**100), st.integers(1, 10**50), st.sampled_from(["a", "b", "both"]))
def test_huge_position_next_to_a_p_position_finds_it(k, d, which):
    lower, upper = wythoff_pair(k)
    a, b = {"a": (lower + d, upper), "b": (lower, upper + d), "both": (lower + d, upper + d)}[which]
    assert (lower, upper) in Wythoff().winning_moves((a, b))
    assert (upper, lower) in Wythoff().winning_moves((b, a))


# ---------------------------------------------------------------- limits and errors
def test_grundy_without_closed_form_stops_at_once(spy):
    # At once: refused from the size of the table, (10^6 + 1)(10^6 + 6) entries, before
    # any of it is computed and before any option is listed (either would not end).
    game = Wythoff()
    with (
        spy(sys.modules[Wythoff.__module__], "_wythoff_table", max_calls=0) as tables,
        spy(Wythoff, "moves", max_calls=0) as moves,
        pytest.raises(gr.PositionLimitError, match="no closed form is known") as info,
    ):
        game.grundy((10**6, 10**6 + 5))
    assert len(tables) == len(moves) == 0
    assert game.stats == gr.SolverStats(positions=0, formula_values=0, sums=0)
    assert "\n" not in str(info.value)
    with pytest.raises(gr.PositionLimitError, match="needs 231 positions, more than"):
        Wythoff().limited_to(100).grundy((10, 20))
    with pytest.raises(gr.PositionLimitError, match="more than max_positions = 100"):
        Wythoff().grundy((10, 20), use_formula=False, max_positions=100)
    with pytest.raises(gr.PositionLimitError, match="misère"):
        Wythoff().outcome((10**4, 10**4), misere=True)
    assert Wythoff().grundy((10, 20), max_positions=231) == brute(10, 20)


def test_sum_of_a_thin_and_a_square_part_needs_two_small_tables():
    # one table covering both parts would need 301 x 5001 entries, over the limit
    game = Wythoff().limited_to(100_000)
    expected = tersum(5000, 1) ^ Wythoff().grundy((300, 300))
    assert game.grundy(gr.Sum((1, 5000), (300, 300))) == expected


def test_grundy_of_huge_positions_with_a_closed_form():
    assert Wythoff().grundy((0, 10**100)) == 10**100
    assert Wythoff().grundy(gr.Sum(wythoff_pair(10**90), (10**50, 0))) == 10**50


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ((-1, 3), "heap -1 is negative"),
        ((3, 4, 5), "has 3 heaps; Wythoff's game is played on exactly two heaps"),
        ([7], "has 1 heaps"),
        (5, "position 5 is not a pair of heaps"),
        ((2.5, 1), "heap 2.5 is not an integer"),
        ((True, 1), "is a bool"),
        (("x", 1), "heap 'x' is not an integer"),
    ],
)
def test_bad_positions_are_one_line_errors(position, message):
    with pytest.raises(gr.InvalidPositionError, match=message) as info:
        Wythoff().grundy(position)
    assert "\n" not in str(info.value)
    with pytest.raises(gr.InvalidPositionError, match=message):
        Wythoff().winning_moves(position)


def test_notation_and_registry():
    game = find("wythoff")
    assert game == Wythoff()
    assert game.check_position([4, 9]) == (4, 9)  # a list is accepted
    start = game.parse_position(["4", "9"])
    assert start == (4, 9)
    assert game.winning_moves(start) == [(4, 7)]
    assert game.position_to_json((4, 7)) == [4, 7]
    assert game.describe_move((4, 9), (4, 7)) == "take 2 from heap 2"
    assert game.describe_move((4, 9), (1, 9)) == "take 3 from heap 1"
    assert game.describe_move((5, 9), (2, 6)) == "take 3 from both heaps"
    with pytest.raises(gr.InvalidPositionError, match="give two heap sizes"):
        game.parse_position(["4"])
    with pytest.raises(gr.InvalidPositionError, match="heap -4 is negative"):
        game.parse_position(["-4", "1"])


def test_listing_more_options_than_max_positions_is_refused_at_once():
    # compute.options("wythoff", "10^50 7") built a list of 10^50 options until killed
    from grundy.games import FibonacciNim, Wythoff

    with pytest.raises(gr.PositionLimitError, match="too many to list"):
        Wythoff().moves((10**50, 7))
    with pytest.raises(gr.PositionLimitError, match="too many to list"):
        FibonacciNim().moves((10**50, 10**50 - 1))
    assert len(Wythoff().limited_to(20).moves((6, 7))) == 19
