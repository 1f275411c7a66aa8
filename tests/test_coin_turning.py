"""Coin-turning games: Lenstra's theorem and the coin values against brute force."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from conftest import naive_mex, read_pairs
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.app import registry
from grundy.games import MockTurtles, Ruler, TurningCorners, TurningTurtles

# ---------------------------------------------------------------- brute force
# The rules written again from scratch: a flip set is every coin a move turns over,
# the rightmost (designated) coin first. Positions are frozensets of heads coins.


def turtle_flips(c):
    return [(c,)] + [(c, a) for a in range(1, c)]


def mock_flips(c):
    return [(c, *others) for k in range(3) for others in itertools.combinations(range(c), k)]


def ruler_flips(c):
    return [(c, *range(a, c)) for a in range(1, c + 1)]


def corner_flips(coin):
    i, j = coin
    return [
        tuple(x for x in ((i, j), (i, j2), (i2, j), (i2, j2)) if x[0] and x[1])
        for i2 in range(i)
        for j2 in range(j)
    ]


RULES = {"turtles": turtle_flips, "mock": mock_flips, "ruler": ruler_flips, "corners": corner_flips}


def brute_options(rule, heads):
    return {heads.symmetric_difference(flip) for c in heads for flip in RULES[rule](c)}


@cache
def brute_sg(rule, heads):
    return naive_mex(brute_sg(rule, o) for o in brute_options(rule, heads))


@cache
def brute_misere_wins(rule, heads):
    options = brute_options(rule, heads)
    return not options or any(not brute_misere_wins(rule, o) for o in options)


def all_positions(coins):
    for k in range(len(coins) + 1):
        yield from itertools.combinations(coins, k)


BOARD_3X3 = [(i, j) for i in range(1, 4) for j in range(1, 4)]
SMALL = [
    (TurningTurtles(), "turtles", list(range(1, 10))),
    (MockTurtles(), "mock", list(range(0, 9))),
    (Ruler(), "ruler", list(range(1, 10))),
    (TurningCorners(), "corners", BOARD_3X3),
]
IDS = ["turtles", "mock", "ruler", "corners"]


@pytest.mark.parametrize(("game", "rule", "coins"), SMALL, ids=IDS)
def test_theorem_and_moves_of_every_value_on_every_small_position(game, rule, coins):
    solver = type(game)()  # a fresh game: the generic search without the closed form
    for position in all_positions(coins):
        heads = frozenset(position)
        value = brute_sg(rule, heads)
        assert game.grundy(position) == value, position
        assert solver.grundy(position, use_formula=False) == value, position
        by_value: dict[int, set] = {}
        for option in brute_options(rule, heads):
            by_value.setdefault(brute_sg(rule, option), set()).add(option)
        for v in range(value + 2):
            found = game.moves_to_value(position, v)
            assert len(found) == len(set(found))
            assert {frozenset(o) for o in found} == by_value.get(v, set()), (position, v)
        assert {frozenset(o) for o in game.winning_moves(position)} == by_value.get(0, set())


@pytest.mark.slow
def test_corners_on_a_4x3_board():
    game = TurningCorners()
    board = [(i, j) for i in range(1, 5) for j in range(1, 4)]
    for position in all_positions(board):
        heads = frozenset(position)
        assert game.grundy(position) == brute_sg("corners", heads), position
        expected = {o for o in brute_options("corners", heads) if brute_sg("corners", o) == 0}
        assert {frozenset(o) for o in game.winning_moves(position)} == expected


@pytest.mark.parametrize(("game", "rule", "coins"), SMALL, ids=IDS)
def test_misere_falls_back_to_search(game, rule, coins):
    for position in all_positions(coins[:6]):
        heads = frozenset(position)
        assert game.is_p_position(position, misere=True) == (not brute_misere_wins(rule, heads)), (
            position
        )
        for move in game.winning_moves(position, misere=True):
            assert not brute_misere_wins(rule, frozenset(move))


# ---------------------------------------------------------------- coin values
def single_coin_values(flips, coins):
    """The notes' method: a coin's value is the mex over its flip sets of the XOR of the
    values of the other coins turned (those become the heads)."""
    values = {}
    for c in coins:
        options = set()
        for flip in flips(c):
            x = 0
            for other in flip[1:]:
                x ^= values[other]
            options.add(x)
        values[c] = naive_mex(options)
    return values


def test_turtle_values_are_nim():
    values = single_coin_values(turtle_flips, range(1, 80))
    assert all(TurningTurtles().grundy([c]) == v == c for c, v in values.items())


def test_mock_turtle_values_are_odious_numbers():
    values = single_coin_values(mock_flips, range(0, 70))
    odious = [n for n in range(200) if bin(n).count("1") % 2 == 1]
    assert all(MockTurtles().grundy([c]) == v == odious[c] for c, v in values.items())
    assert all(MockTurtles().coin_value(n) in (2 * n, 2 * n + 1) for n in range(1000))


def test_ruler_values_are_the_ruler_function():
    values = single_coin_values(ruler_flips, range(1, 130))
    for c, v in values.items():
        assert Ruler().grundy([c]) == v
        assert v & (v - 1) == 0 and c % v == 0 and (c // v) % 2 == 1


def test_corner_values_are_nim_products():
    # by the notes' O(N^2 M^2) mex method on a 16 x 16 board, sharing no code with nimbers
    values = {}
    for i in range(1, 17):
        for j in range(1, 17):
            options = set()
            for flip in corner_flips((i, j)):
                x = 0
                for other in flip[1:]:
                    x ^= values[other]
                options.add(x)
            values[(i, j)] = naive_mex(options)
    game = TurningCorners()
    assert all(game.grundy([c]) == v == gr.nim_mul(*c) for c, v in values.items())


def test_corner_values_match_published_nim_products():
    # OEIS A051776: the nim product table n, m >= 1 read by antidiagonals (symmetric)
    table = read_pairs("A051776_nim_product_table_antidiagonals_from1.txt")
    cells = [(d - j, j) for d in range(2, 20) for j in range(1, d)]
    for index, value in table.items():
        assert TurningCorners().coin_value(cells[index - 1]) == value


def test_published_values_cgsuite():
    # CGSuite's spawning heap n is a heads coin n places in: Winning Ways' Mock Turtles
    # numbers coins from 0, so heap n is coin n - 1; Ruler numbers from 1.
    mock = read_pairs("cgsuite_spawning_1-3_mock_turtles_nim_values.txt")
    assert [MockTurtles().grundy([n - 1]) for n in mock] == list(mock.values())
    ruler = read_pairs("cgsuite_spawning_1+C_ruler_nim_values.txt")
    assert [Ruler().grundy([n]) for n in ruler] == list(ruler.values())


# ---------------------------------------------------------------- big positions
def is_legal_move(game, before, after):
    flipped = set(before).symmetric_difference(after)
    top = max(flipped)
    if top not in before:
        return False
    others = tuple(sorted(flipped - {top}))
    if isinstance(game, TurningTurtles):
        return len(others) <= 1 and all(1 <= a < top for a in others)
    if isinstance(game, MockTurtles):
        return len(others) <= 2 and all(0 <= a < top for a in others)
    if isinstance(game, Ruler):
        return others == tuple(range(top - len(others), top)) and top - len(others) >= 1
    i, j = top
    return any(
        set(others) == {c for c in ((i, j2), (i2, j), (i2, j2)) if c[0] and c[1]}
        for i2 in {0} | {c[0] for c in others}
        for j2 in {0} | {c[1] for c in others}
        if i2 < i and j2 < j
    )


def check_winning_moves(game, position):
    value = game.grundy(position)
    moves = game.winning_moves(position)
    assert (len(moves) > 0) == (value != 0)  # an N-position always has one
    for move in moves:
        assert is_legal_move(game, game.check_position(position), move)
        xor = 0
        for coin in move:
            xor ^= game.coin_value(coin)
        assert xor == 0 == game.grundy(move)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 10**30), min_size=1, max_size=12))
def test_turtles_big_coins(heads):
    check_winning_moves(TurningTurtles(), heads)
    check_winning_moves(Ruler(), {h % 10**4 + 1 for h in heads})


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(0, 1000), min_size=1, max_size=8))
def test_mock_turtles_winning_moves_complete(heads):
    # complete: the theory's list equals the rule's options of value 0, filtered by formula
    game = MockTurtles()
    check_winning_moves(game, heads)
    position = game.check_position(heads)
    if max(heads) < 60:
        expected = sorted(o for o in game.moves(position) if game.grundy(o) == 0)
        assert game.winning_moves(position) == expected


@settings(max_examples=60, deadline=None)
@given(st.sets(st.tuples(st.integers(1, 12), st.integers(1, 12)), min_size=1, max_size=6))
def test_corners_winning_moves_complete(heads):
    game = TurningCorners()
    check_winning_moves(game, heads)
    position = game.check_position(heads)
    expected = sorted(o for o in game.moves(position) if game.grundy(o) == 0)
    assert game.winning_moves(position) == expected


@settings(max_examples=30, deadline=None)
@given(st.sets(st.tuples(st.integers(1, 2000), st.integers(1, 10**20)), min_size=1, max_size=4))
def test_corners_big_coins(heads):
    check_winning_moves(TurningCorners(), heads)


def test_ruler_huge_coins():
    game = Ruler()
    assert game.grundy([3 * 2**200]) == 2**200
    assert game.winning_moves([3 * 2**200]) == [()]
    # 1 + 2^100: turn coins 2^100 and 2^100 - 1 (value 1), cancelling coin 5 (value 1)
    assert game.winning_moves([5, 2**100]) == [(5, 2**100 - 1)]
    # coins 1..2^16 XOR to the Gray code 2^16 + 2^15: the winning run is all of them
    assert game.winning_moves([2**15, 2**16]) == [tuple(x for x in range(1, 2**16) if x != 2**15)]


# ---------------------------------------------------------------- limits, bad input
def test_too_many_moves_is_refused_at_once():
    with pytest.raises(gr.PositionLimitError, match="more than max_positions"):
        MockTurtles().winning_moves([1, 2, 10**15])  # pairs a < b < 10^15, a ^ b = 3
    with pytest.raises(gr.PositionLimitError, match="scans"):
        TurningCorners().winning_moves([(10**9, 10**9), (3, 5)])
    with pytest.raises(gr.PositionLimitError, match="turn more than"):
        Ruler().limited_to(100).winning_moves([2**15, 2**16])
    with pytest.raises(gr.PositionLimitError, match="misère play has no closed form"):
        TurningTurtles().outcome([3, 60], misere=True)
    with pytest.raises(gr.PositionLimitError, match="without the closed form"):
        TurningCorners().grundy([(8, 8)], use_formula=False)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: TurningTurtles().grundy([0, 3]), "there is no coin 0; coins are numbered from 1"),
        (lambda: MockTurtles().grundy([-1]), "there is no coin -1; coins are numbered from 0"),
        (lambda: Ruler().grundy([2, 2]), "coin 2 is listed twice"),
        (lambda: Ruler().grundy([1.5]), "coin 1.5 is not an integer"),
        (lambda: Ruler().grundy([True]), "coin True is not an integer"),
        (lambda: Ruler().grundy(7), "is not a collection of heads coins"),
        (lambda: Ruler().grundy("3 4"), "is not a collection of heads coins"),
        (lambda: TurningCorners().grundy([(1, 2, 3)]), r"is not a pair \(i, j\)"),
        (lambda: TurningCorners().grundy([(0, 2)]), r"there is no coin \(0, 2\)"),
        (lambda: TurningCorners().grundy([(1, "a")]), "coordinate that is not an integer"),
        (lambda: TurningCorners().parse_position(["2;3"]), "is not of the form i,j"),
        (lambda: TurningTurtles().parse_position(["x"]), "coin 'x' is not an integer"),
        (lambda: TurningTurtles().parse_position(["none", "3"]), "coin 'none' is not an integer"),
    ],
)
def test_bad_input_is_a_clear_error(make, message):
    with pytest.raises(gr.InvalidPositionError, match=message) as info:
        make()
    assert "\n" not in str(info.value)


# ---------------------------------------------------------------- notation, registry
def test_command_line_notation():
    corners = registry.find("turning-corners")
    position = corners.parse_position(["4,5", "2,3"])
    assert position == ((2, 3), (4, 5))
    assert corners.position_to_json(position) == [[2, 3], [4, 5]]
    assert corners.describe_move(((4, 5),), ((1, 2), (1, 5), (4, 2))) == (
        "turn over coins (4,5), (4,2), (1,5), (1,2)"
    )
    turtles = registry.find("turning-turtles")
    assert turtles.parse_position(["6", "1", "4"]) == (1, 4, 6)
    assert turtles.position_to_json((1, 4)) == [1, 4]
    assert turtles.describe_move((1, 4, 6), (1, 4, 5)) == "turn over coins 6, 5"
    assert turtles.describe_move((1, 4, 6), (1, 4)) == "turn over coin 6"
    for name in ["turning-turtles", "mock-turtles", "ruler", "turning-corners"]:
        entry = registry.GAMES[name]
        game = registry.find(name)
        words = entry.example.split()[1:]
        assert game.grundy(game.parse_position(words)) != 0  # an N-position: moves shown


@pytest.mark.parametrize("name", ["turning-turtles", "mock-turtles", "ruler", "turning-corners"])
def test_no_heads_is_a_lost_position_everywhere(name, capsys):
    """Cookbook issue: parse_position([]) raised, though no heads coins is a legal
    position (value 0), the one every game ends in."""
    from conftest import run_cli_json

    game = registry.find(name)
    for empty in (game.parse_position([]), game.parse_position(["none"]), game.check_position([])):
        assert empty == ()
        assert game.grundy(empty) == game.grundy(empty, use_formula=False) == 0
        assert game.outcome(empty) is gr.Outcome.P and game.winning_moves(empty) == []
    # written as read: the web and `grundy play` type back the positions they show
    assert game.parse_position(game.format_position(()).split()) == ()
    # the command line needs a word of position for every game: `none`
    data = run_cli_json(capsys, "value", name, "none")
    assert (data["grundy"], data["outcome"], data["position"]) == (0, "P", [])
    # a move to no heads is shown as `none`, which reads back
    coin = game.parse_position(registry.GAMES[name].example.split()[1:])[-1]
    if () in game.moves((coin,)):
        moves = run_cli_json(capsys, "value", name, game.coin_text(coin))["winning_moves_text"]
        assert {"position": "none", "move": game.describe_move([coin], [])} in moves


def test_sums_of_positions():
    game = MockTurtles()
    total = gr.Sum((1, 4), (2,), (0, 3))
    assert game.grundy(total) == game.grundy((0, 1, 2, 3, 4)) == 2 ^ 8 ^ 4 ^ 1 ^ 7
    for move in game.winning_moves(total):
        assert game.grundy(move) == 0


def test_a_game_defines_only_its_rule_and_values():
    """Issue 19: a subclass had to define check_coin, parse_coin and search_coins too."""
    from grundy.games import CoinTurningGame

    class TurnOneOrTwo(CoinTurningGame[int]):  # turn coin c, and maybe the one before it
        def flip_sets(self, coin):
            return [()] + ([(coin - 1,)] if coin > 0 else [])

        def coin_value(self, coin):
            return naive_value(coin)

    game = TurnOneOrTwo()
    assert game.check_coin(4) == 4 and game.parse_position(["1", "4"]) == (1, 4)
    assert game.search_coins((1, 4)) == 5  # coins 0-4 may be turned
    with pytest.raises(gr.InvalidPositionError, match="not a non-negative integer"):
        game.check_coin(-1)
    with pytest.raises(gr.InvalidPositionError, match="is not a number"):
        game.parse_position(["x"])
    # the generic search on the real flips agrees with the values coin by coin (Lenstra)
    for position in [(c,) for c in range(8)] + [(1, 4), (0, 2, 5), (3, 4, 6, 7)]:
        assert game.grundy(position, use_formula=False) == game.grundy(position)


def naive_value(coin: int) -> int:
    """The value of heads coin `coin` alone, by a plain search over sets of heads."""
    from functools import cache

    @cache
    def g(heads: frozenset) -> int:
        options = set()
        for c in heads:
            options.add(g(heads - {c}))
            if c > 0:
                options.add(g(heads ^ {c, c - 1}))
        v = 0
        while v in options:
            v += 1
        return v

    return g(frozenset({coin}))
