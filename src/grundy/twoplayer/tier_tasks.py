"""The tasks of a tiered solve: a worker warming up, expanding or labelling one shard."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..core.errors import DatabaseError, MoveGenerationError
from ..core.progress import exit_with_parent
from .game import Encoding, TwoPlayerGame
from .solution import encoding_of
from .tier_store import (
    _children_name,
    _exists,
    _later_tiers,
    _load,
    _positions_name,
    _save,
    _tier_values,
    _values_name,
)

if TYPE_CHECKING:
    import numpy as np

Position = Hashable


def _warm_up(game: TwoPlayerGame, symmetry: bool, parent: int | None = None) -> None:
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


def _expand_shard(
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
    name = _children_name(tier, shard)
    if _exists(store, name):
        _load(store, name, ident, rows=(lo, hi), keys_only=True)  # made for this shard?
        return name
    encoding = encoding_of(game)
    canonical = _canonical(encoding, symmetry)
    codes = _load(store, _positions_name(tier), ident)["codes"][lo:hi]
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
    _save(store, name, ident, rows=(lo, hi), **by_tier)
    return name


def _label_shard(
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
    name = _values_name(tier, shard)
    if _exists(store, name):
        _load(store, name, ident, rows=(lo, hi), keys_only=True)  # made for this shard?
        return name
    encoding = encoding_of(game)
    canonical = _canonical(encoding, symmetry)
    codes = _load(store, _positions_name(tier), ident)["codes"][lo:hi]
    children = _children_name(tier, shard)
    later = sorted(_later_tiers(store, ident, [children], tier, rows=(lo, hi)))
    manifest = {"id": ident, "shard_size": shard_size}
    codes_parts: list[np.ndarray] = []
    value_parts: list[np.ndarray] = []
    remoteness_parts: list[np.ndarray] = []
    for t in later:  # whole tiers: the options of a shard may lie in any of their shards
        positions, value, far = _tier_values(store, manifest, t)
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
    _save(store, name, ident, rows=(lo, hi), value=value, remoteness=remoteness)
    return name


def _canonical(encoding: Encoding, symmetry: bool) -> Any:
    """The compiled map of a code to its stored key: its symmetry class, or itself."""
    from . import _kernels

    return encoding.canonical if symmetry and encoding.canonical else _kernels.identity


def _root_code(game: TwoPlayerGame, root: Position, symmetry: bool) -> int:
    encoding = encoding_of(game)
    return int(_canonical(encoding, symmetry)(encoding.encode(root)))
