"""KeyMemo (grundy.core.key_memo): a memo emptied at its limit gives the same values, since
a key is a function of the piece alone; keys are shared objects and known as keys."""

from __future__ import annotations

import pytest

from grundy.core.key_memo import KeyMemo
from grundy.games import ArcKayles, Cram


def test_keys_are_one_object_and_known_as_keys() -> None:
    keys = KeyMemo()
    a = keys.key((3, 1, 2), lambda t: tuple(sorted(t)))
    b = keys.key((2, 3, 1), lambda t: tuple(sorted(t)))
    assert a is b and keys.is_key((1, 2, 3)) and not keys.is_key((3, 1, 2))


def test_the_memo_never_holds_more_than_its_limit() -> None:
    keys = KeyMemo(limit=10)
    for n in range(100):
        keys.key(("piece", n), lambda piece: piece[1] % 7)
        assert len(keys) <= 10 + 1  # a piece and its key are added after the check


@pytest.mark.parametrize(
    ("game", "board", "memo"),
    [(Cram(), "3x4", "region_keys"), (ArcKayles(), "3x3", "component_keys")],
)
def test_a_tiny_memo_gives_the_values_of_a_big_one(game, board, memo) -> None:
    start = game.parse_position([board])
    expected = [game.grundy(o) for o in game.moves(start)] + [game.grundy(start)]
    game.clear_cache()
    game.cache[memo] = small = KeyMemo(limit=6)
    assert [game.grundy(o) for o in game.moves(start)] + [game.grundy(start)] == expected
    assert game.cache[memo] is small and len(small) <= 6 + 2  # Cram adds 3 after a check
