"""Tables of two-pile games: rules for their P-positions, periodic rows, heat maps."""

from __future__ import annotations

import subprocess
import sys
from decimal import ROUND_FLOOR, Decimal, localcontext
from functools import cache

import numpy as np
import pytest
from conftest import DATA, naive_mex, read_pairs
from hypothesis import given
from hypothesis import strategies as st

from grundy.core.errors import InvalidGameError, InvalidPositionError, PositionLimitError
from grundy.core.periodicity import Periodicity
from grundy.games import wythoff_pair, wythoff_partner
from grundy.patterns.heatmap import plot_table
from grundy.patterns.p_positions import (
    SEQUENCE_LIMIT,
    ComplementaryRule,
    CongruenceRule,
    LineRule,
    PPositionPattern,
    complementary_pair,
    find_p_position_patterns,
)
from grundy.patterns.rows import RowPeriodicity, additive_periodicity, row_periodicities


# ------------------------------------------------------------------- the tables
def memoised_table(rows: int, cols: int, t: int = 1) -> np.ndarray:
    """G(a, b) of t-Wythoff straight from the rules: take k >= 1 from one pile, or k from
    one and l from the other, k, l >= 1, |k - l| < t (t = 1: Wythoff's game)."""

    @cache
    def g(a: int, b: int) -> int:
        options = [g(a - k, b) for k in range(1, a + 1)]
        options += [g(a, b - k) for k in range(1, b + 1)]
        options += [
            g(a - k, b - l)
            for k in range(1, a + 1)
            for l in range(1, b + 1)  # noqa: E741
            if abs(k - l) < t
        ]
        return naive_mex(options)

    return np.array([[g(a, b) for b in range(cols)] for a in range(rows)])


def wythoff_table(rows: int, cols: int) -> np.ndarray:
    """The same mex for Wythoff's game, fast: the values already seen along each row,
    column and diagonal kept as bit sets, so G(a, b) is the lowest bit none of them has."""
    table = np.zeros((rows, cols), dtype=np.int64)
    row_seen, col_seen, diag_seen = [0] * rows, [0] * cols, {}
    for a in range(rows):
        for b in range(cols):
            seen = row_seen[a] | col_seen[b] | diag_seen.get(a - b, 0)
            value = (~seen & (seen + 1)).bit_length() - 1
            table[a, b] = value
            row_seen[a] |= 1 << value
            col_seen[b] |= 1 << value
            diag_seen[a - b] = diag_seen.get(a - b, 0) | 1 << value
    return table


def t_wythoff_zeros(size: int, t: int) -> np.ndarray:
    """Indicator table of t-Wythoff (0 at the P-positions, 1 elsewhere): a position is P
    when no move reaches an earlier P-position."""
    table = np.ones((size, size), dtype=np.int64)
    row_has, col_has, found = [False] * size, [False] * size, []
    for a in range(size):
        for b in range(size):
            if row_has[a] or col_has[b]:
                continue
            if any(x < a and y < b and abs((a - x) - (b - y)) < t for x, y in found):
                continue
            table[a, b] = 0
            row_has[a] = col_has[b] = True
            found.append((a, b))
    return table


def mex_pairs(t: int, c: int, count: int) -> list[tuple[int, int]]:
    """(a_k, b_k) for k < count by the definition: a_0 = b_0 = 0; a_k = mex of the
    earlier a_i, b_i, b_k = a_k + t·k + c."""
    used, pairs, smallest = {0}, [(0, 0)], 0
    for k in range(1, count):
        while smallest in used:
            smallest += 1
        pair = (smallest, smallest + t * k + c)
        used.update(pair)
        pairs.append(pair)
    return pairs


def indicator(size: int, is_p) -> np.ndarray:
    """A table with 0 where `is_p(a, b)` and 1 elsewhere."""
    return np.array([[0 if is_p(a, b) else 1 for b in range(size)] for a in range(size)])


WYTHOFF = wythoff_table(200, 200)


def test_fast_wythoff_table_is_the_memoised_mex():
    assert (wythoff_table(30, 30) == memoised_table(30, 30)).all()


def test_wythoff_table_matches_oeis():
    for a, name in [(1, "A004482_wythoff_grundy_row1.txt"), (2, "A004483_wythoff_grundy_row2.txt")]:
        row = read_pairs(name)
        assert WYTHOFF[a, : len(row)].tolist() == [row[n] for n in range(len(row))]
    # A004481 reads the table by antidiagonals: G(0, 0); G(0, 1), G(1, 0); ...
    flat = read_pairs("A004481_wythoff_grundy_table_antidiagonals.txt")
    read = [WYTHOFF[i, s - i] for s in range(20) for i in range(s + 1)]
    assert read[: len(flat)] == [flat[n] for n in range(len(flat))]


def test_t_wythoff_zeros_are_the_memoised_mex():
    for t in (2, 3):
        assert ((memoised_table(22, 22, t) == 0) == (t_wythoff_zeros(22, t) == 0)).all()


# ---------------------------------------------------------------- P-positions
def test_nim_is_the_line_a_equals_b():
    nim = np.bitwise_xor.outer(np.arange(30), np.arange(30))
    patterns = find_p_position_patterns(nim)
    assert [(p.kind, p.text) for p in patterns] == [("line", "a == b")]
    assert patterns[0].pairs[:3] == ((0, 0), (1, 1), (2, 2))
    assert patterns[0].is_p(10**50, 10**50) and not patterns[0].is_p(10**50, 10**50 + 1)


def test_wythoff_is_beatty_first_then_complementary():
    patterns = find_p_position_patterns(WYTHOFF)
    assert [p.kind for p in patterns] == ["beatty", "complementary"]
    assert patterns[0].text == "(a, b) = (⌊kφ⌋, ⌊kφ²⌋) or swapped, k >= 0"
    assert patterns[1].text == (
        "a_k = mex{a_i, b_i : i < k}, b_k = a_k + k (complementary sequences)"
    )
    assert patterns[0].pairs[:5] == ((0, 0), (1, 2), (3, 5), (4, 7), (6, 10))
    is_p = patterns[0].is_p
    assert all(is_p(a, b) == (WYTHOFF[a, b] == 0) for a in range(200) for b in range(200))
    for k in (10**18, 10**30 + 7, 3**200):
        a, b = wythoff_pair(k)  # the catalog's own formula
        assert is_p(a, b) and is_p(b, a)
        assert not is_p(a + 1, b) and not is_p(a, b + 1) and not is_p(a - 1, b)


@given(st.integers(1, 10**60))
def test_wythoff_rule_agrees_with_the_partner_of_any_heap(m):
    rule = ComplementaryRule(t=1)
    partner = wythoff_partner(m)
    assert rule(m, partner) and not rule(m, partner + 1)


@pytest.mark.parametrize("t", range(1, 7))
def test_beatty_form_is_the_mex_construction(t):
    """Fraenkel's theorem, checked for k < 10^4: ⌊kα⌋ by isqrt is the mex sequence."""
    pairs = mex_pairs(t, 0, 10**4)
    assert [complementary_pair(k, t) for k in range(10**4)] == pairs
    rule = ComplementaryRule(t)
    members = set(pairs)
    top = pairs[-1][0]  # every P-position with a smaller heap below this is in `pairs`
    for a in range(0, top, 97):
        for b in range(a, a + 3 * t * 10**3, 13):
            assert rule(a, b) == ((a, b) in members), (a, b)


@given(st.integers(1, 6), st.integers(0, 10**45))
def test_beatty_form_against_high_precision_decimals(t, k):
    with localcontext() as ctx:
        ctx.prec = 120  # k < 10^45: ~50 digits needed; ⌊kα⌋ is never near an integer
        alpha = (2 - t + Decimal(t * t + 4).sqrt()) / 2
        lower = int((k * alpha).to_integral_value(rounding=ROUND_FLOOR))
    assert complementary_pair(k, t) == (lower, lower + t * k)
    assert ComplementaryRule(t)(lower + t * k, lower)


@pytest.mark.parametrize(("t", "alpha"), [(2, "α = √2"), (3, "α = (√13 - 1)/2"), (4, "α = √5 - 1")])
def test_t_wythoff_is_beatty_with_fraenkels_alpha(t, alpha):
    table = t_wythoff_zeros(60, t)
    patterns = find_p_position_patterns(table)
    assert [(p.kind, p.is_p) for p in patterns] == [
        ("beatty", ComplementaryRule(t)),
        ("complementary", ComplementaryRule(t)),
    ]
    assert patterns[0].text.endswith(f"{alpha} (Fraenkel's {t}-Wythoff)")
    assert patterns[1].text == (
        f"a_k = mex{{a_i, b_i : i < k}}, b_k = a_k + {t}k (complementary sequences)"
    )


def test_complementary_sequence_with_an_offset():
    pairs = mex_pairs(2, 1, 2000)
    members = {p for pair in pairs for p in (pair, pair[::-1])}
    table = indicator(80, lambda a, b: (a, b) in members)
    [pattern] = find_p_position_patterns(table)
    assert pattern.kind == "complementary" and pattern.is_p == ComplementaryRule(2, 1)
    assert pattern.text == (
        "a_0 = b_0 = 0; a_k = mex{a_i, b_i : i < k}, b_k = a_k + 2k + 1 for k >= 1 "
        "(complementary sequences)"
    )
    assert [complementary_pair(k, 2, 1) for k in range(2000)] == pairs
    for a in range(0, 500, 7):
        for b in range(0, 2000, 3):
            assert pattern.is_p(a, b) == ((a, b) in members)
    # Past the bound the sequence is refused, unless b - a rules the position out at once.
    far = SEQUENCE_LIMIT + 1
    with pytest.raises(PositionLimitError, match="has no closed form") as info:
        pattern.is_p(5, 5 + 2 * far + 1)
    assert "\n" not in str(info.value)
    assert not pattern.is_p(0, 2 * 10**30 + 2)  # b - a - 1 is odd: no k


@pytest.mark.parametrize(
    ("is_p", "texts"),
    [
        (lambda a, b: b == 2 * a, ["b == 2a"]),
        (lambda a, b: b == 2 * a or a == 2 * b, ["b == 2a or a == 2b"]),
        (lambda a, b: abs(a - b) == 1, ["b == a + 1 or a == b + 1"]),
        (lambda a, b: a == 3, ["a == 3"]),
        (lambda a, b: 2 * a == b + 3, ["2a == b + 3"]),
        (lambda a, b: 3 * b == 2 * a + 1, ["3b == 2a + 1"]),
    ],
)
def test_lines(is_p, texts):
    patterns = find_p_position_patterns(indicator(40, is_p))
    assert [p.text for p in patterns] == texts
    assert all(p.kind == "line" for p in patterns)
    rule = patterns[0].is_p
    assert all(rule(a, b) == is_p(a, b) for a in range(100) for b in range(100))


def test_congruences_of_sums_of_subtraction_games():
    a, b = np.arange(40)[:, None], np.arange(40)[None, :]
    take_one_or_two = (a % 3) ^ (b % 3)  # each pile: subtract 1 or 2
    assert [p.text for p in find_p_position_patterns(take_one_or_two)] == ["a ≡ b (mod 3)"]
    take_one = (a + b) % 2
    assert [p.text for p in find_p_position_patterns(take_one)] == ["a + b ≡ 0 (mod 2)"]
    odd_gap = indicator(40, lambda a, b: (a - b) % 5 in (2, 3))
    [pattern] = find_p_position_patterns(odd_gap)
    assert pattern.text == "a ≡ b ± 2 (mod 5)"
    assert pattern.is_p == CongruenceRule(-1, 5, 2, mirrored=True)


def test_nothing_fits():
    rng = np.random.default_rng(18)
    assert find_p_position_patterns(rng.integers(0, 4, size=(30, 30))) == []
    assert find_p_position_patterns(np.ones((5, 5), dtype=int)) == []
    # Two zeros fit too many lines to say anything: fewer than min_positions gives [].
    assert find_p_position_patterns(WYTHOFF[:2, :3]) == []
    assert find_p_position_patterns(WYTHOFF[:2, :3], min_positions=1) != []


def test_patterns_read_back_from_their_repr():
    namespace = {
        "PPositionPattern": PPositionPattern,
        "LineRule": LineRule,
        "CongruenceRule": CongruenceRule,
        "ComplementaryRule": ComplementaryRule,
    }
    tables = [
        WYTHOFF,
        indicator(30, lambda a, b: abs(a - b) == 1),
        (np.add.outer(*[np.arange(12)] * 2) % 2),
    ]
    for table in tables:
        for pattern in find_p_position_patterns(table):
            assert eval(repr(pattern), namespace) == pattern


def test_bad_input_is_refused():
    with pytest.raises(InvalidGameError, match="2-D"):
        find_p_position_patterns(np.arange(5))
    with pytest.raises(InvalidGameError, match="integers"):
        find_p_position_patterns(np.zeros((3, 3)))
    with pytest.raises(InvalidPositionError, match=">= 0"):
        ComplementaryRule(1)(-1, 3)
    with pytest.raises(InvalidPositionError, match="two integers"):
        LineRule(1, 1, 0)(1.5, 2)
    with pytest.raises(InvalidGameError, match="c >= 1 - t"):
        complementary_pair(3, t=2, c=-2)


# ---------------------------------------------------------------- periodic rows
def brute_fits(values: list[int], period: int, preperiod: int, saltus: int) -> bool:
    return all(
        values[n + period] == values[n] + saltus for n in range(preperiod, len(values) - period)
    )


def test_row_zero_is_b():
    [first] = row_periodicities(WYTHOFF, rows=1)
    assert first == RowPeriodicity(
        "row",
        0,
        Periodicity(0, 1, False, saltus=1),
        "row a = 0: G(0, b + 1) = G(0, b) + 1 for b >= 0",
    )


@pytest.mark.parametrize(
    "name", ["A004482_wythoff_grundy_row1.txt", "A004483_wythoff_grundy_row2.txt"]
)
def test_rows_one_and_two_from_oeis(name):
    """Rows 1 and 2 (tersums n + 1, n + 2): both have period 3, saltus 3, from b = 0,
    as found from the OEIS rows; checked here value by value, with no shorter period."""
    assert (DATA / name).read_text().startswith("# source: A00448")
    pairs = read_pairs(name)
    values = [pairs[n] for n in range(len(pairs))]
    found = additive_periodicity(values)
    assert (found.preperiod, found.period, found.saltus) == (0, 3, 3)
    assert brute_fits(values, 3, 0, 3)
    assert not any(brute_fits(values, p, 0, s) for p in (1, 2) for s in range(6))


def test_wythoff_rows_zero_to_four():
    """The first rows of a 200-wide table (Dress, Flammenkamp and Pink: all additively
    periodic, saltus = period). Rows 1 and 2 agree with the OEIS rows."""
    found = row_periodicities(WYTHOFF, rows=5)
    summary = [
        (r.index, r.periodicity.preperiod, r.periodicity.period, r.periodicity.saltus)
        for r in found
    ]
    assert summary == [(0, 0, 1, 1), (1, 0, 3, 3), (2, 0, 3, 3), (3, 8, 6, 6), (4, 9, 12, 12)]
    for r in found:
        p = r.periodicity
        assert brute_fits(WYTHOFF[r.index].tolist(), p.period, p.preperiod, p.saltus)
        assert not r.periodicity.certified
    assert found[4].text == "row a = 4: G(4, b + 12) = G(4, b) + 12 for b >= 9"
    # The table is symmetric, so its columns say the same.
    columns = row_periodicities(WYTHOFF, rows=5, axis="column")
    assert [c.periodicity for c in columns] == [r.periodicity for r in found]
    assert columns[1].text == "column b = 1: G(a + 3, 1) = G(a, 1) + 3 for a >= 0"


def test_a_chance_fit_at_the_end_does_not_win():
    """Row 7, 200 wide: G(7, b + 1) = G(7, b) + 1 holds for b >= 197 only (4 values); the
    period 24 that holds from b = 92 is the one reported."""
    row = WYTHOFF[7].tolist()
    assert brute_fits(row, 1, 197, 1)
    assert additive_periodicity(row) == Periodicity(92, 24, False, saltus=24)


@st.composite
def eventually_periodic(draw):
    period = draw(st.integers(1, 8))
    saltus = draw(st.integers(0, 5))
    start = draw(st.lists(st.integers(0, 30), max_size=20))
    block = draw(st.lists(st.integers(0, 30), min_size=period, max_size=period))
    # Enough repeats that (2·repeats - 3)·period > len(start): see additive_periodicity.
    repeats = 3 + -(-len(start) // period) + draw(st.integers(0, 3))
    tail = [block[i % period] + saltus * (i // period) for i in range(repeats * period)]
    return start + tail, len(start), period, saltus


@given(eventually_periodic())
def test_finds_a_divisor_of_the_generating_period(case):
    values, preperiod, period, saltus = case
    found = additive_periodicity(values)
    assert found is not None
    assert period % found.period == 0 and found.preperiod <= preperiod
    assert found.saltus * (period // found.period) == saltus
    assert brute_fits(values, found.period, found.preperiod, found.saltus)
    [row] = row_periodicities(np.array([values]))
    assert row.periodicity == found


@given(st.lists(st.integers(0, 5), max_size=60), st.integers(1, 4))
def test_any_answer_fits_the_data(values, min_repeats):
    found = additive_periodicity(values, min_repeats=min_repeats)
    if found is not None:
        assert brute_fits(values, found.period, found.preperiod, found.saltus)
        assert len(values) - found.preperiod >= (min_repeats + 1) * found.period
        assert found.saltus >= 0
        # the least preperiod: one step earlier breaks the relation
        if found.preperiod:
            assert not brute_fits(values, found.period, found.preperiod - 1, found.saltus)


def test_rows_keep_big_integers_exact():
    big = 10**30
    values = np.array([[big + 5 * n for n in range(12)]], dtype=object)
    [row] = row_periodicities(values)
    assert row.periodicity == Periodicity(0, 1, False, saltus=5)


def test_row_arguments_are_checked():
    with pytest.raises(InvalidGameError, match="axis"):
        row_periodicities(WYTHOFF, axis="diagonal")
    with pytest.raises(InvalidGameError, match="rows"):
        row_periodicities(WYTHOFF, rows=-1)
    with pytest.raises(InvalidGameError, match="min_repeats"):
        additive_periodicity([1, 2, 3], min_repeats=0)
    with pytest.raises(InvalidGameError, match="1-D"):
        additive_periodicity([[1, 2], [3, 4]])
    assert row_periodicities(WYTHOFF, rows=10**6) == row_periodicities(WYTHOFF)


# ------------------------------------------------------------------- heat maps
def test_heat_map_is_a_png(tmp_path):
    path = tmp_path / "wythoff.png"
    plot_table(WYTHOFF[:40, :60], path, title="Wythoff's game", variables=("x", "y"))
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000
    plain = tmp_path / "plain.png"
    plot_table(WYTHOFF[:5, :5], plain, p_positions=False)
    assert plain.read_bytes().startswith(b"\x89PNG")


def test_heat_map_imports_matplotlib_only_when_called(tmp_path):
    code = (
        "import sys\n"
        "import numpy as np\n"
        "import grundy.patterns.heatmap as heatmap\n"
        "assert 'matplotlib' not in sys.modules, 'imported too early'\n"
        "heatmap.plot_table(np.eye(4, dtype=int), sys.argv[1])\n"
        "assert 'matplotlib' in sys.modules\n"
    )
    path = tmp_path / "eye.png"
    subprocess.run([sys.executable, "-c", code, str(path)], check=True, timeout=300)
    assert path.read_bytes().startswith(b"\x89PNG")


def test_heat_map_errors(tmp_path):
    from grundy.core.errors import GrundyError

    with pytest.raises(InvalidGameError, match="empty"):
        plot_table(np.zeros((0, 3), dtype=int), tmp_path / "x.png")
    with pytest.raises(GrundyError, match="cannot write"):
        plot_table(WYTHOFF[:3, :3], tmp_path / "no-such-folder" / "x.png")
