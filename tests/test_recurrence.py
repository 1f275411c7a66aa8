"""The option_values hook (RecurrenceSolver) against the moves-based solver and brute force."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from conftest import naive_mex
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy.core import recurrence
from grundy.core.errors import (
    InvalidPositionError,
    LoopError,
    MoveGenerationError,
    PositionLimitError,
)


def random_rules(seed: int, size: int) -> dict[int, list[Any]]:
    """Options of positions 0..size-1: smaller positions, and splits into two of them."""
    rng = random.Random(seed)
    rules: dict[int, list[Any]] = {}
    for p in range(size):
        options: list[Any] = rng.sample(range(p), min(p, rng.randrange(4)))
        for _ in range(rng.randrange(3) if p > 1 else 0):
            a = rng.randrange(1, p)
            options.append(gr.Sum(a, rng.randrange(1, p)))
        rules[p] = options
    return rules


def brute_force(rules: dict[int, list[Any]], p: int) -> int:
    def value(q: Any) -> int:
        if isinstance(q, gr.Sum):
            result = 0
            for part in q.parts:
                result ^= value(part)
            return result
        return naive_mex(value(o) for o in rules[q])

    return value(p)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 40))
def test_random_games_agree_with_moves_and_brute_force(seed: int, size: int) -> None:
    rules = random_rules(seed, size)
    by_moves = gr.game_from_moves(rules.__getitem__)
    by_values = gr.game_from_moves(
        rules.__getitem__, option_values=lambda p, g: [g[o] for o in rules[p]]
    )
    for p in range(size):
        expected = brute_force(rules, p)
        assert by_values.grundy(p) == by_moves.grundy(p) == expected
    assert by_values.stats.positions == size  # each position evaluated once


class Cut(gr.ImpartialGame[tuple[int, int]]):
    """Cut a w x h rectangle into two, each side at least 2 wide (the contest classic)."""

    def moves(self, p: tuple[int, int]) -> list[gr.Sum]:
        w, h = p
        return [gr.Sum((i, h), (w - i, h)) for i in range(2, w - 1)] + [
            gr.Sum((w, j), (w, h - j)) for j in range(2, h - 1)
        ]


class FastCut(Cut):
    def option_values(self, p: tuple[int, int], g: Any) -> set[int]:
        w, h = p
        seen = {g[i, h] ^ g[w - i, h] for i in range(2, w - 1)}
        seen.update(g[w, j] ^ g[w, h - j] for j in range(2, h - 1))
        return seen


def test_rectangle_cutting_matches_a_dict_dp_and_stays_under_the_limit() -> None:
    side = 40
    g: dict[tuple[int, int], int] = {}
    for w in range(1, side + 1):
        for h in range(1, side + 1):
            g[w, h] = naive_mex(
                [g[i, h] ^ g[w - i, h] for i in range(2, w - 1)]
                + [g[w, j] ^ g[w, h - j] for j in range(2, h - 1)]
            )
    game = FastCut()
    assert game.grundy((side, side), max_positions=side * side) == g[side, side]
    assert all(game.grundy(p) == v for p, v in g.items())
    assert game.stats.positions <= side * side
    with pytest.raises(PositionLimitError, match="more than 100 positions"):
        FastCut().grundy((side, side), max_positions=100)
    # moves still give the options: winning moves, as Sums, agree with the moves-only game
    assert game.winning_moves((12, 9)) == Cut().winning_moves((12, 9))
    assert game.grundy(gr.Sum((12, 9), (7, 7))) == Cut().grundy(gr.Sum((12, 9), (7, 7)))


def chain(calls: list[int]) -> gr.ImpartialGame[int]:
    def option_values(n: int, g: Any) -> list[int]:
        calls.append(n)
        return [g[n - 1]] if n else []

    return gr.game_from_moves(lambda n: [n - 1] if n else [], option_values=option_values)


def test_a_long_chain_needs_no_recursion_limit_and_little_redone_work() -> None:
    calls: list[int] = []
    n = 100_000
    game = chain(calls)
    assert game.grundy(n) == n % 2
    assert game.stats.positions == n + 1
    # a chain is the worst case: each evaluation is abandoned once (when the nesting
    # reaches _DEPTH below it), then done again once its option is valued; the first
    # retry of each explicit-stack entry may fall one level short and go once more
    assert len(calls) <= 2 * (n + 1) + 2 * (n // recurrence._DEPTH)


def test_a_raised_recursion_limit_does_not_deepen_the_c_stack() -> None:
    depths: list[int] = []
    game = gr.game_from_moves(
        lambda n: [n - 1] if n else [],
        option_values=lambda n, g: depths.append(solver.depth) or ([g[n - 1]] if n else []),
    )
    solver = game._solver(True)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(10**6)  # as contest scripts do: the nesting stays bounded
    try:
        assert game.grundy(50_000) == 0
    finally:
        sys.setrecursionlimit(old)
    assert max(depths) == recurrence._DEPTH


def test_called_from_deep_in_the_callers_own_stack() -> None:
    def nested(depth: int) -> int:  # leaves room for only a few nested evaluations
        return nested(depth - 1) if depth else chain([]).grundy(5_000)

    room = sys.getrecursionlimit() - len(_frames()) - 40
    assert nested(room) == 0


def _frames() -> list[Any]:
    frame, found = sys._getframe(), []
    while frame is not None:
        found.append(frame)
        frame = frame.f_back  # type: ignore[assignment]
    return found


@pytest.mark.parametrize("length", [1, 3, 1000])
def test_a_cycle_is_a_loop_error(length: int) -> None:
    game = gr.game_from_moves(
        lambda n: [(n + 1) % length], option_values=lambda n, g: {g[(n + 1) % length]}
    )
    with pytest.raises(LoopError, match="has a cycle through"):
        game.grundy(0)
    assert game.stats.positions == 0  # nothing half-done was stored


def test_bad_hooks_fail_in_one_clear_line() -> None:
    positions = gr.game_from_moves(
        lambda p: [(p[0] - 1,)], option_values=lambda p, g: [(p[0] - 1,)]
    )
    with pytest.raises(MoveGenerationError, match=r"option_values\(\(5,\)\) gave \(4,\); it"):
        positions.grundy((5,))
    raises = gr.game_from_moves(lambda n: [], option_values=lambda n, g: [1 // (n - 3)])
    with pytest.raises(MoveGenerationError, match=r"option_values\(3\) raised ZeroDivision"):
        raises.grundy(3)
    negative = gr.game_from_moves(lambda n: [], option_values=lambda n, g: [-1])
    with pytest.raises(MoveGenerationError, match="gave -1"):
        negative.grundy(0)
    unhashable = gr.game_from_moves(lambda n: [], option_values=lambda n, g: [g[[n]]])
    with pytest.raises(MoveGenerationError, match="unhashable"):
        unhashable.grundy(2)
    with pytest.raises(InvalidPositionError, match="not hashable"):
        unhashable._solver(True).value([1], 10)


def test_the_other_hooks_still_apply() -> None:
    class Heaps(gr.ImpartialGame[tuple[int, ...]]):  # Nim, valued through option_values
        def moves(self, p: tuple[int, ...]) -> list[tuple[int, ...]]:
            return [p[:i] + (k,) + p[i + 1 :] for i, n in enumerate(p) for k in range(n)]

        def option_values(self, p: tuple[int, ...], g: Any) -> set[int]:
            return {g[(k,)] for k in range(p[0])}

        def components(self, p: tuple[int, ...]) -> tuple[tuple[int], ...]:
            return tuple((n,) for n in p)

        def canonical(self, p: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(sorted(p))

    game = Heaps()
    assert game.grundy((3, 4, 5)) == 2 and game.grundy((9,)) == 9
    assert [game.grundy(m) for m in game.winning_moves((3, 4, 5))] == [0]

    calls: list[int] = []

    def values(n: int, g: Any) -> set[int]:
        calls.append(n)
        return {g[n - k] for k in (1, 2) if k <= n}

    with_formula = gr.game_from_moves(
        lambda n: [n - k for k in (1, 2) if k <= n],
        option_values=values,
        formula=lambda n: n % 3 if n < 50 else None,
    )
    assert with_formula.grundy(100) == 1 and calls == list(range(100, 49, -1))
    assert with_formula.stats.formula_values == 2
