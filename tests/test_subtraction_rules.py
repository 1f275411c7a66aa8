"""Subtraction games on infinite sets given by a rule: brute force, published values,
the compiled kernels against the Python path, the command line, and one-line errors."""

from __future__ import annotations

import hashlib
import math
import subprocess
import sys
from collections.abc import Callable, Iterator
from functools import cache

import numpy as np
import pytest
from conftest import DATA, naive_mex, read_pairs
from conftest import run_cli as run
from conftest import run_cli_json as run_json
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.app import registry
from grundy.core.errors import (
    GrundyError,
    InvalidGameError,
    MoveGenerationError,
    PositionLimitError,
)
from grundy.games import SUBTRACTION_RULES, Nim, RuleSubtractionGame, SubtractionGame
from grundy.games import subtraction_rules as rules_module
from grundy.games.subtraction_rules import rule_name
from grundy.heaps import _rule_kernels as kernels
from grundy.heaps import rule_sequence


# ----------------------------------------------------------------- brute force
def is_square(s: int) -> bool:
    return math.isqrt(s) ** 2 == s


def is_prime(s: int) -> bool:
    return s >= 2 and all(s % d for d in range(2, math.isqrt(s) + 1))


def is_fibonacci(s: int) -> bool:  # 5 s^2 ± 4 is a square
    return s >= 1 and (is_square(5 * s * s + 4) or is_square(5 * s * s - 4))


def is_power_of_two(s: int) -> bool:
    return s >= 1 and s & (s - 1) == 0


def is_factorial(s: int) -> bool:
    f, k = 1, 1
    while f < s:
        k += 1
        f *= k
    return s >= 1 and f == s


def is_triangular(s: int) -> bool:
    return s >= 1 and is_square(8 * s + 1)


MEMBERSHIP: dict[str, Callable[[int], bool]] = {
    "squares": is_square,
    "primes": is_prime,
    "fibonacci": is_fibonacci,
    "powers-of-two": is_power_of_two,
    "factorials": is_factorial,
    "triangular": is_triangular,
}


def brute(member: Callable[[int], object], upto: int) -> list[int]:
    """G(0..upto) straight from the definition: the mex over every s <= n in S."""
    g: list[int] = []
    for n in range(upto + 1):
        g.append(naive_mex(g[n - s] for s in range(1, n + 1) if member(s)))
    return g


@cache
def brute_named(name: str, upto: int) -> tuple[int, ...]:
    return tuple(brute(MEMBERSHIP[name], upto))


def misere_brute(member: Callable[[int], object], n: int) -> bool:
    """Misère play: does the player to move win from a heap of n? (no move: they win)"""
    wins: list[bool] = []
    for m in range(n + 1):
        options = [m - s for s in range(1, m + 1) if member(s)]
        wins.append(not options or any(not wins[o] for o in options))
    return wins[n]


def members_of(name: str, upto: int) -> list[int]:
    return [s for s in range(1, upto + 1) if MEMBERSHIP[name](s)]


# ----------------------------------------------------------------- rules vs brute force
def test_the_named_rules_are_listed():
    assert list(SUBTRACTION_RULES) == list(MEMBERSHIP)
    for name in MEMBERSHIP:
        shown = [int(t) for t in SUBTRACTION_RULES[name].split(", ")[:-1]]
        assert shown == members_of(name, shown[-1])


@pytest.mark.parametrize("name", list(MEMBERSHIP))
def test_each_named_rule_matches_brute_force(name):
    game = RuleSubtractionGame(name)
    assert game.subtractions(500) == members_of(name, 500)
    assert game.values(400) == list(brute_named(name, 400))
    assert game.table(range(401)) == list(brute_named(name, 400))
    assert game == getattr(RuleSubtractionGame, name.replace("-", "_"))()


@pytest.mark.parametrize("name", list(MEMBERSHIP))
@given(data=st.data())
@settings(max_examples=25)
def test_winning_moves_and_sums_match_brute_force(name, data):
    game = RuleSubtractionGame(name)
    g = brute_named(name, 400)
    heaps = data.draw(st.lists(st.integers(0, 400), min_size=1, max_size=3))
    total = 0
    for h in heaps:
        total ^= g[h]
    assert game.grundy(tuple(heaps)) == total
    n = heaps[0]
    assert game.winning_moves(n) == [n - s for s in members_of(name, n) if g[n - s] == 0]
    assert game.outcome(n) == (gr.Outcome.N if g[n] else gr.Outcome.P)


@pytest.mark.parametrize("name", ["squares", "primes", "powers-of-two"])
def test_misere_play_matches_brute_force(name):
    game = RuleSubtractionGame(name)
    for n in range(60):
        wins = misere_brute(MEMBERSHIP[name], n)
        assert game.outcome(n, misere=True) == (gr.Outcome.N if wins else gr.Outcome.P)


@given(
    modulus=st.integers(2, 12),
    residues=st.frozensets(st.integers(0, 11)),
    extra=st.frozensets(st.integers(1, 90), max_size=8),
)
@settings(max_examples=60)
def test_random_predicates_match_brute_force(modulus, residues, extra):
    # Periodic sets (dense or sparse) with a few extra members: values small or large.
    def member(s: int) -> bool:
        return s % modulus in residues or s in extra

    assert RuleSubtractionGame(member).values(250) == brute(member, 250)


@given(bits=st.integers(0, 2**120 - 1))
@settings(max_examples=60)
def test_random_sets_as_predicate_and_as_generator_agree(bits):
    def member(s: int) -> bool:
        return bool(bits >> s & 1)

    def listed() -> Iterator[int]:
        yield from (s for s in range(1, 120) if member(s))

    expected = brute(member, 200)
    assert RuleSubtractionGame(member).values(200) == expected
    assert RuleSubtractionGame(listed()).values(200) == expected  # finite: it ends


@given(st.frozensets(st.integers(1, 40), min_size=1, max_size=6))
@settings(max_examples=40)
def test_a_finite_set_agrees_with_subtraction_game(subtractions):
    finite = SubtractionGame(subtractions)
    assert RuleSubtractionGame(sorted(subtractions)).values(300) == finite.table(range(301))


def test_an_infinite_generator_is_read_only_as_far_as_needed():
    read = []

    def odd_numbers() -> Iterator[int]:
        s = 1
        while True:
            read.append(s)
            yield s
            s += 2

    game = RuleSubtractionGame(odd_numbers(), name="odd")
    assert game.values(9) == [n % 2 for n in range(10)]
    assert max(read) < 300  # the table grows by 256 heaps at least, not forever
    assert repr(game) == "RuleSubtractionGame(<generator odd_numbers>, name='odd')"
    assert RuleSubtractionGame(range(1, 99, 2)).rule == "range(1, 99, 2)"


def test_powers_of_two_have_a_closed_form():
    game = RuleSubtractionGame.powers_of_two()
    assert game.values(300) == list(brute_named("powers-of-two", 300))
    huge = 10**100 + 7
    assert game.grundy(huge) == huge % 3 == 2
    moves = game.winning_moves(huge)
    assert moves and all((m % 3) == 0 and is_power_of_two(huge - m) for m in moves)
    assert len(moves) == len([k for k in range(huge.bit_length()) if (1 << k) % 3 == 2])
    assert "mod 3" in game.explain(huge)


# ----------------------------------------------------------------- published values
def read_values(name: str) -> list[int]:
    pairs = read_pairs(name)
    assert sorted(pairs) == list(range(min(pairs), min(pairs) + len(pairs)))
    return [pairs[n] for n in sorted(pairs)]


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("squares", "A014586_subtract_a_square.txt"),
        ("factorials", "A014587_subtract_a_factorial.txt"),
        ("fibonacci", "A014588_subtract_a_fibonacci.txt"),
        ("primes", "A014589_subtract_a_prime.txt"),
    ],
)
def test_oeis_values(name, data):
    published = read_values(data)  # a(0), a(1), ...: offset 0
    assert RuleSubtractionGame(name).values(len(published) - 1) == published


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("squares", "A030193_subtract_a_square_P_positions.txt"),
        ("primes", "A025043_subtract_a_prime_P_positions.txt"),
    ],
)
def test_oeis_p_positions(name, data):
    published = read_values(data)
    values = RuleSubtractionGame(name).values(published[-1])
    assert [n for n, v in enumerate(values) if v == 0] == published


def huet_values() -> list[int]:
    lines = (DATA / "huet_subtract_a_prime_10000.txt").read_text().splitlines()
    assert lines[0].startswith("# source: Alexis Huet")
    return [int(line) for line in lines[1:]]


def git_blob_id(values: list[int]) -> str:
    """The git id of the values written as Huet's CSV files are (one per line)."""
    text = "".join(f"{v}\n" for v in values).encode()
    return hashlib.sha1(b"blob %d\0" % len(text) + text).hexdigest()


def test_take_a_prime_against_huets_published_tables():
    # Alexis Huet's computation (linked from OEIS A014589): the first 10^4 values copied
    # here; the first 10^5 checked through the git id of his published file
    # outputs/primes/nims/primes_100000.csv (github.com/ahstat/nim-take-a-prime).
    published = huet_values()
    game = RuleSubtractionGame.primes()
    assert len(published) == 10_000
    assert game.values(9_999) == published
    assert git_blob_id(published) == "dbd05c8b38d0b0322951b5cf9df397762ba65d66"
    assert git_blob_id(game.values(99_999)) == "8bcacd10b4dd208c6ae9d0072e6820c01fa40416"


def test_published_facts_about_the_primes_and_factorials():
    primes = RuleSubtractionGame.primes().values(200_000)
    zeros = [n for n, v in enumerate(primes) if v == 0]
    assert len(zeros) >= 10_000
    # A025043: "The only even terms up to a(10000) are 0, 10, 34, 100, 310."
    assert [z for z in zeros[:10_000] if z % 2 == 0] == [0, 10, 34, 100, 310]
    # A014589: a(n) <= 11 (checked there to 32452842).
    assert max(primes) == 11
    # A014587: period 25 from 0 holds until "the first counterexample ... a(5050) = 4".
    factorials = RuleSubtractionGame.factorials().values(5050)
    assert all(factorials[n] == factorials[n % 25] for n in range(5050))
    assert factorials[5050] == 4


def test_subtract_a_square_cold_position_11356():
    # Wikipedia, "Subtract a square": of the cold positions below 40 million, only
    # 11,356 ends in 6 (checked here below 30,000).
    values = RuleSubtractionGame.squares().values(30_000)
    assert [n for n, v in enumerate(values) if v == 0 and n % 10 == 6] == [11_356]


@pytest.mark.slow
def test_published_values_to_a_million():
    primes = RuleSubtractionGame.primes().limited_to(10**6 + 1).values(999_999)
    assert git_blob_id(primes) == "8ec33232a737304ce63d291af753c01dc18839d0"  # Huet's 10^6
    assert max(primes) == 11
    squares = RuleSubtractionGame.squares().limited_to(10**6 + 1).values(10**6)
    assert [n for n, v in enumerate(squares) if v == 0 and n % 10 == 6] == [11_356]


# ----------------------------------------------------------------- kernels vs Python
def compiled(members: list[int], upto: int, known: list[int] | None = None) -> list[int]:
    prefix = np.array(known or [], dtype=np.uint16)
    return kernels.compiled_values(np.array(members, dtype=np.int64), prefix, upto + 1).tolist()


def python(members: list[int], upto: int) -> list[int]:
    g: list[int] = []
    rule_sequence.python_values(members, g, upto + 1)
    return g


@pytest.mark.parametrize(
    ("name", "upto"),
    [
        ("squares", 20_000),  # one-hot words, then values past 64: the plain kernel
        ("triangular", 20_000),
        ("fibonacci", 20_000),
        ("powers-of-two", 20_000),
        ("factorials", 20_000),
        ("primes", 6_000),  # dense: 3.6 * 10^6 pairs in Python already
    ],
)
def test_compiled_kernels_agree_with_the_python_path(name, upto):
    members = members_of(name, upto)
    expected = python(members, upto)
    assert compiled(members, upto) == expected
    # Resumed from a prefix, mid-block: the values are the kernels' only state.
    assert compiled(members, upto, expected[:3_333]) == expected


@pytest.mark.parametrize(
    ("member", "upto"),
    [
        (lambda s: s % 2 == 1, 8_000),  # dense, values 0 and 1
        (lambda s: True, 3_000),  # Nim: values up to 3,000 (uint16 values)
        (lambda s: s % 7 in (1, 2, 4) or s > 500, 3_000),  # values across 64
        (lambda s: (s * 2654435761) % 97 < 30, 4_000),  # a "random" third of the numbers
    ],
)
def test_compiled_kernels_on_predicates(member, upto):
    members = [s for s in range(1, upto + 1) if member(s)]
    expected = python(members, upto)
    assert compiled(members, upto) == expected
    assert compiled(members, upto, expected[:1_500]) == expected
    assert expected[:300] == brute(member, 299)


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32, np.uint64])
def test_the_one_hot_kernel_in_python_stops_at_its_word_width(dtype):
    # kernel.py_func runs the kernel's own code in Python (coverage of the compiled code).
    members = np.array(members_of("squares", 700), dtype=np.int64)
    expected = brute_named("squares", 699)
    g = np.zeros(700, dtype=np.uint8)
    h = np.zeros(700, dtype=dtype)
    mask = np.zeros(kernels.BLOCK, dtype=dtype)
    reached = kernels.onehot_values.py_func(members, g, h, 0, 700, mask)
    width = 8 * np.dtype(dtype).itemsize
    assert list(g[:reached]) == list(expected[:reached])
    if reached < 700:  # the first value that needs a wider word
        assert expected[reached] >= width and max(expected[:reached]) < width
    assert all(int(h[p]) == 1 << int(g[p]) for p in range(reached))


def test_the_plain_kernel_in_python_widens_through_its_caller():
    members = np.arange(1, 400, dtype=np.int64)  # Nim: G(n) = n
    g = np.zeros(400, dtype=np.uint8)
    seen = np.zeros(len(members) + 2, dtype=np.int64)
    reached = kernels.plain_values.py_func(members, g, 0, 400, seen)
    assert reached == 256 and list(g[:256]) == list(range(256))  # 256 needs uint16
    assert kernels.compiled_values(members, g[:256], 400).tolist() == list(range(400))


def test_small_requests_never_load_numba():
    code = (
        "import sys\n"
        "from grundy.games import RuleSubtractionGame\n"
        "game = RuleSubtractionGame.primes()\n"
        "assert game.values(2_000)[-1] == 5 and game.grundy(1999) == 2\n"
        "assert RuleSubtractionGame.squares().values(4_000)[4_000] == 13\n"
        "print(sorted(m for m in ('numba', 'numpy') if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_python_path_is_chosen_by_work():
    squares = members_of("squares", 10_000)
    assert rule_sequence.rule_work([1, 3, 4], 0, 10) == 102
    assert (
        rule_sequence.rule_work(squares, 0, 10_000) == sum(10_000 - s for s in squares) + 8 * 10_000
    )
    assert isinstance(rule_sequence.extend_values(squares, [], 10_000), list)  # 7·10^5 pairs
    primes = [s for s in range(2, 30_000) if is_prime(s)]
    assert isinstance(rule_sequence.extend_values(primes, [], 30_000), np.ndarray)


# ----------------------------------------------------------------- work, not time
def test_a_table_is_computed_once_whatever_the_order_of_questions(spy):
    calls = spy(rules_module, "extend_values")
    game = RuleSubtractionGame.squares()
    table = game.table(range(3_000))
    assert table[:401] == list(brute_named("squares", 400))
    assert len(calls) <= 12  # a quarter more at least each time: log growth, not 3,000
    sizes = [args[2] for args in calls.args]
    assert sizes == sorted(sizes) and sizes[-1] >= 3_000
    before = len(calls)
    game.grundy(1_234), game.winning_moves(2_000), game.values(2_500)
    assert len(calls) == before  # known values: nothing computed again
    assert game.values(2_999) == table


def test_one_big_heap_computes_exactly_up_to_it(spy):
    calls = spy(rules_module, "extend_values")
    game = RuleSubtractionGame.primes()
    assert game.grundy(123_456) == game.values(123_456)[-1]
    assert [args[2] for args in calls.args] == [123_457]


def test_heaps_beyond_the_limit_are_refused_at_once(spy):
    spy(rules_module, "extend_values", max_calls=0)  # nothing may be computed
    game = RuleSubtractionGame.primes().limited_to(1_000)
    with pytest.raises(PositionLimitError) as info:
        game.grundy(5_000)
    message = str(info.value)
    assert "\n" not in message and "heap 5,000" in message and "max_positions = 1,000" in message
    with pytest.raises(PositionLimitError, match="values"):
        game.values(1_000)
    with pytest.raises(PositionLimitError):
        game.outcome(5_000, misere=True)  # the misère search too, before any listing
    with pytest.raises(PositionLimitError):
        RuleSubtractionGame.squares().grundy(10**30)


def test_huge_heaps_are_counted_without_reading_s_that_far():
    game = RuleSubtractionGame.primes().limited_to(10_000)
    assert game.options_count(100) == 25
    assert game.options_count(10**12) >= 37_607_912_018  # pi(10^12), an upper bound
    assert RuleSubtractionGame.squares().options_count(10**40) == 10**20
    assert RuleSubtractionGame.triangular().options_count(10) == 4  # 1, 3, 6, 10
    assert RuleSubtractionGame(lambda s: s % 2).limited_to(100).options_count(10**9) == 10**9
    assert RuleSubtractionGame.squares().search_steps(10) == 19
    with pytest.raises(PositionLimitError, match="options"):
        RuleSubtractionGame.squares().heap_moves(10**40)  # too many to list


# ----------------------------------------------------------------- the game object
def test_repr_equality_and_names():
    def odd(s: int) -> bool:
        return s % 2 == 1

    assert repr(RuleSubtractionGame.squares()) == "RuleSubtractionGame('squares')"
    assert repr(RuleSubtractionGame(odd, name="odd")) == "RuleSubtractionGame(odd, name='odd')"
    assert RuleSubtractionGame("Prime") == RuleSubtractionGame.primes()
    assert hash(RuleSubtractionGame("pow2")) == hash(RuleSubtractionGame.powers_of_two())
    assert RuleSubtractionGame(odd) != RuleSubtractionGame(odd)  # a predicate: identity
    assert RuleSubtractionGame.squares() != SubtractionGame([1, 4, 9])
    assert rule_name("powers_of_2") == "powers-of-two"
    assert RuleSubtractionGame(range(1, 10**12, 2)).subtractions(9) == [1, 3, 5, 7, 9]


def test_sums_with_other_games_and_explanations():
    game = RuleSubtractionGame.squares()
    both = game + Nim()
    g = brute_named("squares", 400)
    assert both.grundy((100, 3)) == g[100] ^ 3
    assert game.explain(100) == "mex of the options' values {0, 1, 2, 3, 5, 6} = 4"
    line = RuleSubtractionGame.primes().explain(100_000)
    assert line.startswith("mex of the values of its 9,592 options {") and "\n" not in line
    assert line.endswith(f"= {RuleSubtractionGame.primes().grundy(100_000)}")


def test_moves_to_value_from_the_array_and_from_the_list_agree():
    small = RuleSubtractionGame.primes()
    big = RuleSubtractionGame.primes()
    big.values(100_000)  # a numpy table
    assert isinstance(big.cache["values"], np.ndarray)
    assert isinstance(small.cache.get("values", []), list)
    for n in (50, 1_000, 2_000):
        for value in range(6):
            assert small.moves_to_value(n, value) == big.moves_to_value(n, value)


# ----------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("rule", "error", "message"),
    [
        ("cubes", InvalidGameError, "'cubes' is not a subtraction rule; rules: squares"),
        (3.5, InvalidGameError, "must be a rule's name"),
        ([1, 3, 3], InvalidGameError, "member 3, 3, is not above the one before (3)"),
        ([2, 1], InvalidGameError, "give the members in increasing order"),
        ([1, 0], InvalidGameError, "member 2, 0, is not a positive integer"),
        ([1, "2"], InvalidGameError, "member 2, '2', is not an integer"),
        ([True], InvalidGameError, "is not an integer"),
        (lambda s: 1 // (s - 5), MoveGenerationError, "raised ZeroDivisionError at s = 5"),
        ((s if s != 3 else 1 // 0 for s in range(1, 9)), MoveGenerationError, "reading member 3"),
    ],
)
def test_bad_rules_are_one_line_errors(rule, error, message):
    with pytest.raises(error) as info:
        RuleSubtractionGame(rule).values(20)
    assert isinstance(info.value, GrundyError)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_a_bad_name_argument():
    with pytest.raises(InvalidGameError, match="name 3 must be a string"):
        RuleSubtractionGame("squares", name=3)  # type: ignore[arg-type]


# ----------------------------------------------------------------- registry and CLI


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        ("subtraction:squares", "squares"),
        ("subtraction:primes", "primes"),
        ("subtraction:fibonacci", "fibonacci"),
        ("subtraction:powers-of-two", "powers-of-two"),
        ("subtraction:powers2", "powers-of-two"),
        ("subtraction:factorials", "factorials"),
        ("subtraction:Triangular", "triangular"),
    ],
)
def test_registry_names(spec, name):
    assert registry.find(spec) == RuleSubtractionGame(name)


def test_registry_keeps_finite_sets():
    assert registry.find("subtraction:1,3,4") == SubtractionGame([1, 3, 4])
    summary = registry.GAMES["subtraction"].summary
    assert all(name in summary for name in SUBTRACTION_RULES)


def test_cli_value_and_table(capsys):
    data = run_json(capsys, "value", "subtraction:squares", "100")
    assert data["grundy"] == brute_named("squares", 100)[100] == 4
    assert data["winning_moves"] == [{"part": 0, "from": 100, "to": 0}]
    table = run_json(capsys, "table", "subtraction:primes", "--upto", "1000")["values"]
    assert table == RuleSubtractionGame.primes().values(1000)
    assert table[:98] == read_values("A014589_subtract_a_prime.txt")
    for rule in ("fibonacci", "powers-of-two", "factorials", "triangular"):
        values = run_json(capsys, "table", f"subtraction:{rule}", "--upto", "300")["values"]
        assert values == list(brute_named(rule, 300))
    data = run_json(capsys, "value", "subtraction:powers2", str(10**40))
    assert data["grundy"] == 10**40 % 3


def test_cli_games_lists_the_rules(capsys):
    games = run_json(capsys, "games")["games"]
    entry = next(g for g in games if g["name"] == "subtraction:S")
    assert "squares, primes, fibonacci, powers-of-two, factorials, triangular" in entry["summary"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["value", "subtraction:cubes", "3"], "'cubes' is not a subtraction rule"),
        (["value", "subtraction:1,x", "3"], "'x' is not a positive integer"),
        (["table", "subtraction:cubes", "--upto", "3"], "'cubes' is not a subtraction rule"),
        (
            ["value", "subtraction:primes", "50", "--max-positions", "10"],
            "heap 50 needs the values of all 51 heaps",
        ),
    ],
)
def test_cli_errors_are_one_line_with_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1
