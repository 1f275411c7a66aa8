"""The tasks of a tiered solve: a worker warming up, expanding or labelling one shard."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..core.errors import DatabaseError, MoveGenerationError
from ..core.progress import exit_with_parent
from ._tier_store import (
    children_file,
    load_store_file,
    load_tier_values,
    option_tiers_above,
    positions_file,
    save_store_file,
    store_has_file,
    values_file,
)
from .game import Encoding, TwoPlayerGame
from .solution import encoding_of

if TYPE_CHECKING:
    import numpy as np

__all__ = ["warm_up_kernels", "expand_shard", "label_shard", "canonical_code"]

Position = Hashable


def warm_up_kernels(game: TwoPlayerGame, symmetry: bool, parent: int | None = None) -> None:
    """Task: compile both kernels for `game` in this worker (on empty arrays)."""
    import numpy as np

    from ._tier_kernels import expand_tier, label_tier

    exit_with_parent(parent)
    encoding = encoding_of(game)
    canonical = _canonical(encoding, symmetry)
    none = np.empty(0, dtype=np.int64)
    expand_tier(
        encoding.moves, canonical, encoding.tier, encoding.max_moves, none, 0, none, none.copy()
    )
    label_tier(
        encoding.moves,
        canonical,
        encoding.end_value,
        encoding.max_moves,
        none,
        none,
        np.empty(0, np.int8),
        np.empty(0, np.int32),
        np.empty(0, np.int8),
        np.empty(0, np.int32),
    )


def expand_shard(
    store: str,
    game: TwoPlayerGame,
    symmetry: bool,
    tier: int,
    shard: int,
    lo: int,
    hi: int,
    ident: str,
    parent: int | None = None,
) -> str:
    """Task: write the options of positions lo..hi of `tier`, grouped by their tier."""
    import numpy as np

    from ._tier_kernels import expand_tier

    exit_with_parent(parent)
    name = children_file(tier, shard)
    if store_has_file(store, name):
        load_store_file(store, name, ident, rows=(lo, hi), keys_only=True)  # made for this shard?
        return name
    encoding = encoding_of(game)
    canonical = _canonical(encoding, symmetry)
    codes = load_store_file(store, positions_file(tier), ident)["codes"][lo:hi]
    children = np.empty(len(codes) * encoding.max_moves, dtype=np.int64)
    child_tiers = np.empty(len(children), dtype=np.int64)
    n = expand_tier(
        encoding.moves,
        canonical,
        encoding.tier,
        encoding.max_moves,
        codes,
        tier,
        children,
        child_tiers,
    )
    if n < 0:
        position = game.format_position(encoding.decode(int(codes[-n - 1])))
        raise MoveGenerationError(
            f"{game!r}: a move from {position} (tier {tier}) does not "
            "lead to a higher tier, so the tiers are not acyclic"
        )
    children, child_tiers = children[:n], child_tiers[:n]
    by_tier = {
        f"tier_{t}": np.unique(children[child_tiers == t]) for t in np.unique(child_tiers).tolist()
    }
    save_store_file(store, name, ident, rows=(lo, hi), **by_tier)
    return name


def label_shard(
    store: str,
    game: TwoPlayerGame,
    symmetry: bool,
    tier: int,
    shard: int,
    lo: int,
    hi: int,
    shard_size: int,
    ident: str,
    parent: int | None = None,
) -> str:
    """Task: write value and remoteness of positions lo..hi of `tier`."""
    import numpy as np

    from ._tier_kernels import label_tier

    exit_with_parent(parent)
    name = values_file(tier, shard)
    if store_has_file(store, name):
        load_store_file(store, name, ident, rows=(lo, hi), keys_only=True)  # made for this shard?
        return name
    encoding = encoding_of(game)
    canonical = _canonical(encoding, symmetry)
    codes = load_store_file(store, positions_file(tier), ident)["codes"][lo:hi]
    children = children_file(tier, shard)
    later = sorted(option_tiers_above(store, ident, [children], tier, rows=(lo, hi)))
    manifest = {"id": ident, "shard_size": shard_size}
    codes_parts: list[np.ndarray] = []
    value_parts: list[np.ndarray] = []
    remoteness_parts: list[np.ndarray] = []
    for t in later:  # whole tiers: the options of a shard may lie in any of their shards
        positions, value, far = load_tier_values(store, manifest, t)
        codes_parts.append(positions)
        value_parts.append(value)
        remoteness_parts.append(far)
    joined = np.concatenate(codes_parts) if later else np.empty(0, np.int64)
    child_value = np.concatenate(value_parts) if later else np.empty(0, np.int8)
    child_remoteness = np.concatenate(remoteness_parts) if later else np.empty(0, np.int32)
    if len(later) > 1:  # each tier is sorted, but not one after another
        order = np.argsort(joined, kind="stable")
        joined, child_value, child_remoteness = (
            joined[order],
            child_value[order],
            child_remoteness[order],
        )
    value = np.empty(len(codes), dtype=np.int8)
    remoteness = np.empty(len(codes), dtype=np.int32)
    status = label_tier(
        encoding.moves,
        canonical,
        encoding.end_value,
        encoding.max_moves,
        codes,
        joined,
        child_value,
        child_remoteness,
        value,
        remoteness,
    )
    if status < 0:
        raise DatabaseError(
            f"{store!r}: an option of a position of tier {tier} is missing "
            "from the later tiers (the store is damaged)"
        )
    save_store_file(store, name, ident, rows=(lo, hi), value=value, remoteness=remoteness)
    return name


def _canonical(encoding: Encoding, symmetry: bool) -> Any:
    """The compiled map of a code to its stored key: its symmetry class, or itself."""
    from . import _kernels

    return encoding.canonical if symmetry and encoding.canonical else _kernels.identity


def canonical_code(game: TwoPlayerGame, position: Position, symmetry: bool) -> int:
    """The code `position` is stored under: the code of its symmetry class with
    `symmetry` (and a game that declares symmetries), else its own code."""
    encoding = encoding_of(game)
    return int(_canonical(encoding, symmetry)(encoding.encode(position)))
