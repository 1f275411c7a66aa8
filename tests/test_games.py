"""The games of this issue: closed forms against search, published values, winning moves."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import naive_mex, read_pairs
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.app import registry
from grundy.games import (
    AllButSubtractionGame,
    Bash,
    DigraphGame,
    FibonacciNim,
    GreenHackenbush,
    MooreNim,
    Nim,
    OctalGame,
    StaircaseNim,
    SubtractionGame,
    parse_subtraction_set,
)


@pytest.mark.parametrize(
    "game",
    [Nim(), Bash(1), Bash(3), Bash(7), SubtractionGame([1, 3, 4]), SubtractionGame([2, 5])],
    ids=repr,
)
def test_closed_form_and_winning_moves_agree_with_search(game):
    searched = type(game)(*[getattr(game, f) for f in game.__dataclass_fields__])
    for n in range(40):
        assert game.grundy(n) == searched.grundy(n, use_formula=False)
    for position in [(n, m) for n in range(12) for m in range(12)]:
        moves = game.winning_moves(position)
        assert all(searched.grundy(m, use_formula=False) == 0 for m in moves)
        expected = [o for o in game.moves(position) if searched.grundy(o, use_formula=False) == 0]
        assert sorted(moves) == sorted(set(expected))


def test_published_values_cgsuite():
    nim_values = read_pairs("cgsuite_nim_nim_values.txt")
    assert Nim().table(nim_values) == list(nim_values.values())
    s237 = read_pairs("cgsuite_subtraction_2_3_7_nim_values.txt")
    assert SubtractionGame([2, 3, 7]).table(s237) == list(s237.values())


@pytest.mark.parametrize(
    ("game", "name"),
    [(Nim(), "nim"), (SubtractionGame([2, 3, 7]), "subtraction_2_3_7")],
)
def test_misere_outcomes_match_cgsuite(game, name):
    # a misère nim-value of 0 is exactly a misère P-position
    for n, value in read_pairs(f"cgsuite_{name}_misere_nim_values.txt").items():
        assert game.is_p_position(n, misere=True) == (value == 0), n


@given(st.lists(st.integers(0, 10**30), min_size=1, max_size=30))
def test_nim_huge_heaps_winning_moves_reach_zero(heaps):
    heaps = tuple(heaps)
    moves = Nim().winning_moves(heaps)
    xor = 0
    for h in heaps:
        xor ^= h
    assert Nim().grundy(heaps) == xor
    assert (len(moves) > 0) == (xor != 0)
    for move in moves:
        assert Nim().grundy(move) == 0
        changed = [i for i in range(len(heaps)) if move[i] != heaps[i]]
        assert len(changed) == 1 and move[changed[0]] < heaps[changed[0]]


def test_misere_nim_rule():
    # misère Nim: P iff (all heaps <= 1 and an odd number of 1s) or (some heap > 1 and XOR 0)
    for a in range(5):
        for b in range(5):
            for c in range(5):
                heaps = (a, b, c)
                small = max(heaps) <= 1
                p = (sum(heaps) % 2 == 1) if small else (a ^ b ^ c == 0)
                assert Nim().is_p_position(heaps, misere=True) == p, heaps


@given(st.lists(st.integers(0, 4), max_size=5))
def test_misere_nim_closed_form_agrees_with_search(heaps):
    game, searched = Nim(), Nim()
    for position in (tuple(heaps), sum(heaps)):
        generic = gr.ImpartialGame.winning_moves(searched, position, misere=True)
        assert sorted(game.winning_moves(position, misere=True)) == sorted(generic)
        generic_outcome = gr.ImpartialGame.outcome(searched, position, misere=True)
        assert game.outcome(position, misere=True) == generic_outcome


@given(
    st.lists(st.integers(0, 30), max_size=6), st.sampled_from([Nim(), SubtractionGame([1, 3, 4])])
)
def test_winning_heap_moves_are_winning_moves_in_compact_form(heaps, game):
    compact = game.winning_heap_moves(heaps)
    expanded = [(*heaps[:i], new, *heaps[i + 1 :]) for i, new in compact]
    assert sorted(expanded) == sorted(game.winning_moves(tuple(heaps)))


def test_bash_big_heap_exact():
    assert Bash(5).grundy(10**100) == 10**100 % 6
    assert Bash(5).winning_moves(10**100) == [10**100 - 10**100 % 6]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Nim().grundy(-1), "heap -1 is negative"),
        (lambda: Nim().grundy((3, -2)), "heap -2 is negative"),
        (lambda: Nim().grundy(2.5), "heap 2.5 is not an integer"),
        (lambda: Nim().grundy(True), "is a bool"),
        (lambda: Nim().grundy("x"), "heap 'x' is not an integer"),
        (lambda: Bash(0), "must be a positive integer"),
        (lambda: SubtractionGame([]), "is empty"),
        (lambda: SubtractionGame([1, 0]), "0 is not a positive integer"),
        (lambda: SubtractionGame([1, 2.5]), "2.5 is not a positive integer"),
        (lambda: parse_subtraction_set("1,,2"), "'' is not a positive integer"),
    ],
)
def test_bad_input_is_a_clear_error(make, message):
    with pytest.raises(gr.GrundyError, match=message) as info:
        make()
    assert isinstance(info.value, ValueError)
    assert "\n" not in str(info.value)


def naive_subtraction_values(allowed, count: int) -> list[int]:
    """Values of a heap game where `allowed(n, k)` says whether n may lose k tokens."""
    values: list[int] = []
    for n in range(count):
        values.append(naive_mex(values[n - k] for k in range(1, n + 1) if allowed(n, k)))
    return values


@given(st.sets(st.integers(1, 9), min_size=1, max_size=4))
def test_subtraction_period_is_proved_and_shortest(subtraction_set):
    game = SubtractionGame(subtraction_set)
    periodicity = game.periodicity()
    window = max(subtraction_set)
    count = periodicity.preperiod + 4 * periodicity.period + 2 * window + 50
    values = naive_subtraction_values(lambda n, k: k in subtraction_set, count)
    assert [game.grundy(n) for n in range(count)] == values
    start, period = periodicity.preperiod, periodicity.period
    assert all(values[n] == values[n + period] for n in range(start, count - period))
    assert not any(  # no shorter period, and the preperiod cannot start earlier
        all(values[n] == values[n + p] for n in range(start, count - p)) for p in range(1, period)
    )
    assert start == 0 or values[start - 1] != values[start - 1 + period]
    huge = 10**60 + 7
    assert game.grundy(huge) == values[periodicity.index(huge)]


@given(st.sets(st.integers(1, 9), min_size=1, max_size=4))
def test_allbut_values_agree_with_search(excluded):
    game = AllButSubtractionGame(excluded)
    values = naive_subtraction_values(lambda n, k: k not in excluded, 60)
    assert game.table(range(60)) == values
    assert [game.grundy(n, use_formula=False) for n in range(30)] == values[:30]
    for n in range(25):
        expected = [n - k for k in range(1, n + 1) if k not in excluded and values[n - k] == 0]
        assert sorted(game.winning_moves(n)) == sorted(expected)


def test_allbut_matches_cgsuite():
    published = read_pairs("cgsuite_allbut_2_3_7_nim_values.txt")
    assert AllButSubtractionGame([2, 3, 7]).table(published) == list(published.values())


def test_allbut_huge_heap_is_a_clear_limit():
    with pytest.raises(gr.PositionLimitError, match="more than max_positions"):
        AllButSubtractionGame([1]).grundy(10**30)


def _windows_kept(values, window):
    """The plain window search: every window kept as a tuple (the oracle)."""
    seen = {}
    for j in range(len(values) - window + 1):
        key = tuple(values[j : j + window])
        if key in seen:
            return seen[key], j
        seen[key] = j
    return None


@given(st.lists(st.integers(0, 3), max_size=200), st.integers(1, 12))
def test_window_periodicity_by_rolling_hashes_is_the_plain_search(values, window):
    from grundy.core.periodicity import window_periodicity

    found = window_periodicity(values, window)
    plain = _windows_kept(values, window)
    assert (found is None) == (plain is None)
    if found is not None:
        first, repeat = plain
        assert (repeat - first) % found.period == 0 and found.preperiod <= first
        assert all(values[n] == values[n + found.period] for n in range(found.preperiod, first))


def test_a_subtraction_set_with_a_large_move_is_answered_in_linear_memory():
    """Issue 19: S = {1, 30000} at heap 100,000 ended in MemoryError (windows kept)."""
    game = SubtractionGame([1, 30000])
    values = []
    for n in range(100_001):
        seen = {values[n - s] for s in (1, 30000) if s <= n}
        values.append(min(set(range(3)) - seen))
    assert game.grundy(100_000) == values[100_000]
    assert game.periodicity() == gr.Periodicity(0, 30001, True)
    assert [game.grundy(n) for n in range(0, 100_001, 997)] == values[::997]


def test_a_heap_whose_period_cannot_show_in_time_is_refused_at_once():
    game = SubtractionGame([1, 2, 10**9])
    with pytest.raises(gr.PositionLimitError, match="cannot be reached"):
        game.grundy(10**9)
    assert game.cache.get("table", ([], None))[0] == []  # not one value computed
    assert game.grundy(10**6) == 10**6 % 3  # below max_positions: computed


@pytest.mark.parametrize("entry", registry.GAMES.values(), ids=lambda e: e.name)
def test_describe_move_reads_a_position_as_given_like_its_stored_form(entry, monkeypatch):
    """Cookbook issue: describe_move broke unless the position was in its stored form
    (FibonacciNim's bare heap raised TypeError, Hackenbush's edge lists came out raw)."""
    monkeypatch.chdir(Path(__file__).parent.parent)  # examples name docs/examples/ files
    spec, *tokens = entry.example.split()
    game = registry.find(spec)
    checked = game.parse_position(tokens) if tokens else game.start()
    raw = _listed(checked)
    assert raw != checked or isinstance(checked, str)  # a string board has no tuples
    if game.kind == "partizan":  # Left's options and Right's
        options = (game.options(checked, "Left") + game.options(checked, "Right"))[:12]
    else:
        options = list(game.moves(checked))[:12]
    assert options
    for option in options:
        described = game.describe_move(checked, option)
        assert game.describe_move(raw, option) == described
        assert game.describe_move(raw, _listed(option)) == described


def _listed(position):
    """`position` with lists where it has tuples, as a user (or JSON) writes it."""
    if isinstance(position, tuple):
        return [_listed(p) for p in position]
    return position


@pytest.mark.parametrize(
    ("game", "raw", "checked", "after", "described"),
    [
        (FibonacciNim(), 20, (20, 19), (18, 4), "take 2; the next player may take up to 4"),
        (
            GreenHackenbush(),
            [[0, 1], [1, 2], [1, 3]],
            ((0, 1), (1, 2), (1, 3)),
            ((0, 1), (1, 2)),
            "cut edge 1-3",
        ),
        (StaircaseNim(), 3, (3,), (1,), "move 2 coins from step 1 to the ground"),
        (MooreNim(2), [3, "4", 5], (3, 4, 5), (1, 4, 2), "heap 1: 3 -> 1, heap 3: 5 -> 2"),
    ],
    ids=repr,
)
def test_describe_move_of_a_raw_position(game, raw, checked, after, described):
    assert game.check_position(raw) == checked
    assert game.describe_move(raw, after) == game.describe_move(checked, after) == described


# ------------------------------------------------ issue 20: no traceback for any input
@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: registry.find(None), gr.InvalidGameError, "game name None is not a string"),
        (lambda: SubtractionGame(None), gr.InvalidGameError, "subtraction set None is not"),
        (lambda: AllButSubtractionGame(3), gr.InvalidGameError, "subtraction set 3 is not"),
        (lambda: OctalGame("subtraction:²"), gr.InvalidGameError, "is not an octal"),
        (lambda: SubtractionGame("1,²"), gr.InvalidGameError, "'²' is not a positive integer"),
        (lambda: SubtractionGame([1, 2**63]), gr.InvalidGameError, "is more than 2^63 - 1"),
        (lambda: gr.twoplayer.solve(Nim()), gr.InvalidGameError, "Nim() is not a TwoPlayerGame"),
        (lambda: registry.find("give-and-take:" + "9" * 30), gr.InvalidGameError, "the largest"),
        (lambda: registry.find("chomp").parse_position(["٣x3"]), gr.InvalidPositionError, "'٣x3'"),
        (
            lambda: registry.find("tictactoe").parse_move("." * 9, "1" * 5000),
            gr.InvalidPositionError,
            "there is no cell 1111",
        ),
        (
            lambda: registry.find("connect-four:4x4").parse_move(("",) * 4, "²"),
            gr.InvalidPositionError,
            "column '²' is not an integer",
        ),
        (
            lambda: registry.find("turning-corners").parse_position(["2,³"]),
            gr.InvalidPositionError,
            "coordinate '³' is not an integer",
        ),
    ],
)
def test_bad_arguments_are_grundy_errors_not_type_errors(make, error, message):
    with pytest.raises(error) as info:
        make()
    assert message in str(info.value) and "\n" not in str(info.value)


def test_huge_heaps_are_read_past_the_interpreters_digit_limit():
    text = "1" * 5000
    heap = (10**5000 - 1) // 9
    assert Nim().parse_position([text]) == (heap,)
    assert Bash(3).grundy(Bash(3).parse_position([text, "2"])) == heap % 4 ^ 2
    assert FibonacciNim().parse_position([text, "5"]) == (heap, 5)


def test_edge_files_are_read_up_to_a_size_and_an_edge_count(tmp_path, monkeypatch):
    from grundy.games import _edge_files

    path = tmp_path / "tree.txt"
    path.write_text("".join(f"0 {v}\n" for v in range(1, 101)))  # 100 edges, 492 bytes
    game = GreenHackenbush()
    assert game.grundy(game.parse_position([str(path)])) == 0  # 100 stalks of 1
    with pytest.raises(gr.InvalidPositionError, match="line 11: more than max_positions = 10"):
        game.limited_to(10).parse_position([str(path)])
    with pytest.raises(gr.InvalidGameError, match="line 11: more than max_positions = 10"):
        monkeypatch.setattr(DigraphGame, "max_positions", 10)
        DigraphGame.from_file(path)
    monkeypatch.setattr(_edge_files, "MAX_FILE_BYTES", 400)
    with pytest.raises(gr.InvalidPositionError, match="it holds more than 400 bytes"):
        GreenHackenbush().parse_position([str(path)])
    with pytest.raises(gr.InvalidPositionError, match="'/dev/zero': it holds more than 400"):
        GreenHackenbush().parse_position(["/dev/zero"])  # not a regular file: read capped
