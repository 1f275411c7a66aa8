"""Octal games and Grundy's game: rules vs brute force, published values, certified periods."""

from __future__ import annotations

import functools
import operator
from functools import cache

import pytest
from conftest import naive_mex, read_pairs
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.games import (
    KNOWN_PERIODS,
    DawsonsChess,
    DawsonsKayles,
    GrundysGame,
    Kayles,
    OctalGame,
)
from grundy.games import octal as octal_module

#: The published periods short enough for the generic solver (the others: test_heaps.py).
SMALL_PERIODS = {code: KNOWN_PERIODS[code] for code in ("0.77", "0.07", "0.137")}
CODES = [
    "0.77",
    "0.07",
    "0.137",
    "0.6",
    "0.4",
    "0.51",
    "0.15",
    "0.3",
    "0.7",
    "0.37",
    "0.0",
    "0.1",
    "0.161",
    "0.007",
]


def split_options(code: str, n: int):
    """The options of heap n in octal game `code`, as tuples of heaps (straight from digits).

    A split into a + b and into b + a is the same position: only a <= b is listed.
    """
    for j, ch in enumerate(code[2:], start=1):
        d = int(ch)
        if j > n:
            break
        if d & 1 and n == j:
            yield ()
        if d & 2 and n > j:
            yield (n - j,)
        if d & 4:
            for a in range(1, (n - j) // 2 + 1):
                yield (a, n - j - a)


@cache
def brute_octal(code: str, size: int) -> tuple[int, ...]:
    values: list[int] = []
    for n in range(size):
        options = []
        for option in split_options(code, n):
            v = 0
            for h in option:
                v ^= values[h]
            options.append(v)
        values.append(naive_mex(options))
    return tuple(values)


@cache
def brute_grundys_game(size: int) -> tuple[int, ...]:
    values: list[int] = []
    for n in range(size):
        values.append(naive_mex(values[a] ^ values[n - a] for a in range(1, n) if 2 * a != n))
    return tuple(values)


@pytest.mark.parametrize("code", CODES)
def test_values_match_brute_force_and_search(code):
    table = brute_octal(code, 70)
    assert OctalGame(code).table(range(70)) == list(table)
    searched = OctalGame(code)
    assert [searched.grundy(n, use_formula=False) for n in range(70)] == list(table)


def test_grundys_game_matches_brute_force():
    assert GrundysGame().table(range(120)) == list(brute_grundys_game(120))


@pytest.mark.parametrize(
    ("game", "brute"),
    [
        (Kayles, lambda size: brute_octal("0.77", size)),
        (DawsonsKayles, lambda size: brute_octal("0.07", size)),
        (OctalGame("0.6"), lambda size: brute_octal("0.6", size)),
        (GrundysGame(), brute_grundys_game),
    ],
    ids=repr,
)
def test_winning_moves_equal_brute_force(game, brute):
    table = brute(20)
    for a in range(20):
        for b in range(20):
            position = (a, b)
            expected = set()
            for i in range(2):
                other = table[position[1 - i]]
                if isinstance(game, GrundysGame):
                    options = [(x, position[i] - x) for x in range(1, (position[i] + 1) // 2)]
                else:
                    options = split_options(game.code, position[i])
                for option in options:
                    v = 0
                    for h in option:
                        v ^= table[h]
                    if v == other:  # a heap removed whole leaves a 0 in its place
                        option = option or (0,)
                        expected.add((*option, b) if i == 0 else (a, *option))
            moves = game.winning_moves(position)
            assert set(moves) == expected and len(moves) == len(expected), position


@pytest.mark.parametrize(("code", "n0", "p"), [(c, *SMALL_PERIODS[c]) for c in SMALL_PERIODS])
def test_known_periods_are_certified_by_the_periodicity_theorem(code, n0, p):
    game = OctalGame(code)
    t = len(game.digits)  # the most tokens a move removes
    end = 2 * n0 + p + t
    values = [game.grundy(n, use_formula=False) for n in range(end + p)]
    # Guy-Smith: G(n + p) = G(n) for n0 <= n < 2 n0 + p + t implies it for all n >= n0
    assert all(values[n] == values[n + p] for n in range(n0, end))
    assert values[n0 - 1] != values[n0 - 1 + p]  # the preperiod is the least one
    for q in range(1, p):  # and no shorter period starts there or later
        assert any(values[n] != values[n + q] for n in range(n0, end))
    # the formula hook answers from the period and agrees with search beyond it
    assert [game.grundy(n) for n in range(end + p)] == values
    assert values == list(brute_octal(code, end + p))


def test_dawsons_kayles_is_dawsons_chess_shifted_by_one():
    chess, kayles = brute_octal("0.137", 150), brute_octal("0.07", 151)
    assert list(kayles[1:]) == list(chess)


def test_published_values_oeis():
    cases = [
        (Kayles, "A002186_kayles_0.77.txt"),
        (DawsonsChess, "A002187_dawsons_chess_0.137.txt"),
        (OctalGame("0.6"), "A046695_officers_0.6.txt"),
        (GrundysGame(), "A002188_grundys_game.txt"),
    ]
    for game, name in cases:
        published = read_pairs(name)
        assert game.table(published) == list(published.values()), name
    p_positions = [
        n for n in read_pairs("A036685_grundys_game_P_positions.txt").values() if n <= 400
    ]
    game = GrundysGame()
    assert [n for n in range(401) if game.is_p_position(n)] == p_positions


@pytest.mark.slow
def test_all_published_p_positions_of_grundys_game():
    p_positions = list(read_pairs("A036685_grundys_game_P_positions.txt").values())
    game = GrundysGame()
    assert [n for n in range(p_positions[-1] + 1) if game.is_p_position(n)] == p_positions


@pytest.mark.parametrize(
    ("game", "name"),
    [
        (Kayles, "kayles_0.77"),
        (DawsonsKayles, "dawsons_kayles_0.07"),
        (GrundysGame(), "grundys_game"),
    ],
    ids=repr,
)
def test_published_values_cgsuite_normal_and_misere(game, name):
    normal = read_pairs(f"cgsuite_{name}_nim_values.txt")
    assert game.table(normal) == list(normal.values())
    misere = read_pairs(f"cgsuite_{name}_misere_nim_values.txt")
    for n, value in misere.items():  # a misère nim-value of 0 is a misère P-position
        if n <= 16:
            assert game.is_p_position(n, misere=True) == (value == 0), n


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "name"),
    [
        (Kayles, "kayles_0.77"),
        (DawsonsKayles, "dawsons_kayles_0.07"),
        (GrundysGame(), "grundys_game"),
    ],
    ids=repr,
)
def test_misere_outcomes_up_to_20(game, name):
    for n, value in read_pairs(f"cgsuite_{name}_misere_nim_values.txt").items():
        assert game.is_p_position(n, misere=True) == (value == 0), n


def test_kayles_is_the_notes_take_one_or_two_adjacent_stones():
    # 拿石頭: stones 1..n in a row; take one stone, or two stones numbered j and j+1.
    @cache
    def wins(stones: frozenset) -> bool:
        options = [stones - {s} for s in stones]
        options += [stones - {s, s + 1} for s in stones if s + 1 in stones]
        return any(not wins(o) for o in options)

    for n in range(13):
        assert Kayles.is_p_position(n) == (not wins(frozenset(range(1, n + 1)))), n
    rows = (3, 4, 7)
    stones = frozenset(j + 100 * i for i, r in enumerate(rows) for j in range(1, r + 1))
    assert Kayles.is_p_position(rows) == (not wins(stones))


#: Codes whose certified preperiod is 0: their splits listed "0 + n" (issue 18).
PREPERIOD_ZERO = ["0.5", "0.105", "0.107", "0.304", "0.337", "0.504", "0.507", "0.705", "0.737"]


@pytest.mark.parametrize("code", list(SMALL_PERIODS) + PREPERIOD_ZERO)
def test_options_of_huge_heaps_from_the_period(code, monkeypatch):
    table = brute_octal(code, 300)
    monkeypatch.setattr(octal_module, "_LIST_ALL_UP_TO", 150)  # use the period from 151
    game = OctalGame(code)
    for n in (151, 152, 200, 251, 299):
        for v in range(12):
            expected = set()
            for option in split_options(code, n):
                w = 0
                for h in option:
                    w ^= table[h]
                if w == v:
                    expected.add(option[0] if len(option) == 1 else gr.Sum(*option))
            found = game.moves_to_value(n, v)
            assert set(found) == expected and len(found) == len(expected), (n, v)


@pytest.mark.parametrize("code", list(SMALL_PERIODS) + PREPERIOD_ZERO)
def test_one_winning_move_of_a_huge_heap_from_the_period(code, monkeypatch):
    """Where the winning moves are too many to list, winning_move still gives one."""
    table = brute_octal(code, 300)
    monkeypatch.setattr(octal_module, "_LIST_ALL_UP_TO", 150)
    game = OctalGame(code)
    for n in range(151, 300):
        winning = {
            option[0] if len(option) == 1 else gr.Sum(*option)
            for option in split_options(code, n)
            if not functools.reduce(operator.xor, (table[h] for h in option), 0)
        }
        move = game.winning_move(n)
        assert (move in winning) if winning else move is None, n
        assert game.winning_move((n,)) == (None if move is None else game.assemble([move]))


@settings(deadline=None)  # the first example loads the compiled kernels
@given(st.integers(10**5, 10**60), st.sampled_from(list(SMALL_PERIODS)))
def test_huge_heaps_have_periodic_values(n, code):
    n0, p = SMALL_PERIODS[code]
    table = brute_octal(code, n0 + p)
    game = {"0.77": Kayles, "0.07": DawsonsKayles, "0.137": DawsonsChess}[code]
    assert game.grundy(n) == table[n0 + (n - n0) % p]


def test_huge_heaps_answer_at_once_or_stop_at_once(spy):
    # From a certified period, or refused: no list of a huge heap's options is built
    # (a listing may only be refused), no value is searched, and the kernels compute
    # fewer than 2^16 values (the period search), whatever the heap.
    kayles, grundys, six = OctalGame("0.77"), GrundysGame(), OctalGame("0.6")  # new caches
    with (
        spy(OctalGame, "heap_moves", max_calls=5) as octal_listings,
        spy(GrundysGame, "heap_moves", max_calls=5) as grundy_listings,
    ):
        assert kayles.grundy(10**100) == brute_octal("0.77", 83)[71 + (10**100 - 71) % 12]
        big = (10**18, 10**18 + 1, 10**30)
        assert kayles.grundy(big) == (
            kayles.grundy(10**18) ^ kayles.grundy(10**18 + 1) ^ kayles.grundy(10**30)
        )
        with pytest.raises(gr.PositionLimitError, match="too many to list"):
            kayles.winning_moves(10**18)  # ~10^17 winning splits
        assert kayles.moves_to_value(10**18 + 2, 2) == [
            gr.Sum(3, 10**18 - 3),
            gr.Sum(11, 10**18 - 11),
            gr.Sum(39, 10**18 - 39),
        ]
        with pytest.raises(gr.PositionLimitError, match="Grundy's game has no known period"):
            grundys.grundy(10**18)
        with pytest.raises(gr.PositionLimitError, match="no period is certified"):
            six.winning_moves((10**9, 3))
        with pytest.raises(gr.PositionLimitError, match="a search would value"):
            kayles.grundy(10**9, use_formula=False)
        # refused before listing the heap's 5 * 10^11 options (it used to say "too many
        # to list" from the listing itself; the size check now speaks first)
        with pytest.raises(gr.PositionLimitError, match="misère play has no closed form"):
            grundys.is_p_position(10**12, misere=True)
    assert octal_listings.returned == grundy_listings.returned == 0
    for game in (kayles, grundys, six):
        assert game.stats.positions == 0
        computed = [getattr(table, "upto", 0) for table in game.cache.values()]
        assert 0 < max(computed) < 1 << 16, (game, computed)


def test_heaps_below_the_table_limit_are_answered_from_a_certified_period(spy):
    """Cookbook issue: ``OctalGame("0.07").grundy(10**5)`` computed a table to 2 * 10^5
    (seconds) though 1,024 values certify Dawson's Kayles' period, which answers every
    heap; the values computed are counted (each kernel extension's target size)."""
    from grundy.heaps import sequence

    n0, p = SMALL_PERIODS["0.07"]
    table = brute_octal("0.07", n0 + p)
    game = OctalGame("0.07")  # a new cache
    with spy(sequence, "_extend") as extensions:
        for n in (10**5, 3 * 10**5 + 7, (1 << 22) - 1, 1 << 22, 10**30):
            assert game.grundy(n) == table[n0 + (n - n0) % p], n
    assert max(size for _, size, *_ in extensions.args) == 1024

    # A period certified for another question (here `period`) answers too.
    n0, p = SMALL_PERIODS["0.77"]
    table = brute_octal("0.77", n0 + p)
    kayles = OctalGame("0.77")
    assert kayles.period == (n0, p)
    with spy(sequence, "_extend", max_calls=0):
        assert kayles.table([5000, 10**5]) == [table[n0 + (n - n0) % p] for n in (5000, 10**5)]

    # Without a certified period, values go as far as twice the heap, no further.
    grundys = GrundysGame()
    with spy(sequence, "_extend") as extensions:
        assert grundys.grundy(3000) == grundys.grundy(3000, use_formula=False)
    assert max(size for _, size, *_ in extensions.args) == 6001


def test_a_huge_heap_of_a_code_no_theorem_certifies_is_refused_at_once(spy):
    """Issue 20: 0.3F is arithmetic-periodic (G(n + 6) = G(n) + 3), which no theorem here
    certifies; a heap of 10^100 computed 65,536 values of a code whose moves leave three
    heaps (hours). The period search now stops once that period is seen."""
    from grundy.heaps import sequence

    game = OctalGame("0.3F")
    with spy(sequence, "_extend", max_calls=1) as extensions:
        with pytest.raises(gr.PositionLimitError, match="no period is certified"):
            game.grundy(10**100)
    assert max(size for _, size, *_ in extensions.args) == 1024


def test_heaps_below_the_table_limit_of_a_code_no_theorem_certifies_are_computed():
    game = OctalGame("0.3F")
    assert game.grundy(1500) == 3 * (1500 // 6) + 1500 % 3  # its arithmetic period


def test_names_and_registry():
    from grundy.app.registry import find

    assert Kayles == OctalGame("0.77") == OctalGame("0.7700") == find("kayles")
    assert DawsonsKayles == find("dawson") == OctalGame("0.07")
    assert find("0.137") == DawsonsChess and find("grundys-game") == GrundysGame()
    assert repr(Kayles) == "OctalGame('0.77', name='Kayles')"
    assert Kayles.period == (71, 12) and OctalGame("0.6").period is None
    assert find("0.78") == OctalGame("0.78")  # a hexadecimal code
    with pytest.raises(gr.InvalidGameError, match="'G' at position 4 is not a digit"):
        find("0.7G")


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("0.7G", "'G' at position 4 is not a digit: octal 0-7, or hexadecimal"),
        ("0.[3]", "'\\[' at position 3"),
        ("1.07", "'1' before the point is not allowed"),
        ("077", "has no point"),
        ("0.", "has no digits after the point"),
        (77, "must be a string"),
        ("grundy", "not an octal or hexadecimal code"),
    ],
)
def test_bad_codes_are_clear_errors(code, message):
    with pytest.raises(gr.InvalidGameError, match=message) as info:
        OctalGame(code)
    assert "\n" not in str(info.value)


def test_bad_positions_are_clear_errors():
    with pytest.raises(gr.InvalidPositionError, match="heap -1 is negative"):
        Kayles.grundy(-1)
    with pytest.raises(gr.InvalidPositionError, match="'x' is not an integer"):
        GrundysGame().winning_moves((3, "x"))


def test_options_of_a_value_for_a_huge_heap_without_a_period_are_refused_in_one_line():
    # A heap past the listing bound in a game with no certified period: the options of
    # a value would be searched, so the search-size refusal speaks (it once raised an
    # AttributeError through a helper removed in the protocol refactor).
    with pytest.raises(gr.PositionLimitError, match="no period is certified"):
        OctalGame("0.6").moves_to_value(200_000, 0)


def test_misere_search_of_a_row_with_a_huge_heap_is_refused_at_once():
    # The command line reads "200000" as the row (200000,): the misère size check sees
    # the row's largest heap instead of searching 10^10 options (this used to run on).
    with pytest.raises(gr.PositionLimitError, match="misère play has no closed form"):
        OctalGame("0.6").outcome((200_000,), misere=True)
    assert OctalGame("0.77").outcome((3, 5), misere=True) is gr.Outcome.N


@pytest.mark.parametrize("game", [Kayles, DawsonsKayles, GrundysGame()], ids=repr)
def test_a_split_of_one_heap_reads_as_the_same_split_in_a_row(game):
    """Cookbook issue: heap 8 split by Kayles read ``heap 1: 8 -> Sum(1, 6)``, the same
    move in the row (8,) ``heap 1: 8 -> 1 + 6``."""
    for n in range(12):
        for option in game.moves(n):
            as_row = option.parts if isinstance(option, gr.Sum) else (option,)
            described = game.describe_move(n, option)
            assert described == game.describe_move((n,), as_row), (n, option)
            assert "Sum" not in described
    assert game.describe_move(8, gr.Sum(3, 4)) == "heap 1: 8 -> 3 + 4"


@given(st.lists(st.integers(0, 7), min_size=1, max_size=6), st.sampled_from([0, 4]))
def test_a_code_from_its_digits_is_the_code_from_its_text(digits, d0):
    """Issue 19: a 1,000-digit rule had to be written as a string."""
    text = f"{d0}.{''.join(map(str, digits))}"
    if not any(digits) and not d0:
        return  # the empty game: no code
    assert OctalGame.from_digits(digits, d0=d0) == OctalGame(text)


def test_from_digits_refuses_what_is_not_a_digit():
    with pytest.raises(gr.InvalidGameError, match="digit 2 .16. is not a digit 0-15"):
        OctalGame.from_digits([7, 16])
    with pytest.raises(gr.InvalidGameError, match="d0 -1 is not a digit"):
        OctalGame.from_digits([7], d0=-1)
    rule = OctalGame.from_digits([0] * 999 + [3])  # remove exactly 1,000, 0 or 1 heap left
    assert [rule.grundy(n) for n in (999, 1000, 1999, 2000, 3000)] == [0, 1, 1, 0, 1]


def test_a_huge_heap_of_a_three_heap_code_is_refused_after_an_affordable_search():
    # 0.59 splits a heap in three: its 65,536-value period search would take hours
    game = OctalGame("0.59")
    with pytest.raises(gr.PositionLimitError, match="no period is certified"):
        game.grundy(10**100)
    assert game.cache["certified_table"].upto < 5_000
