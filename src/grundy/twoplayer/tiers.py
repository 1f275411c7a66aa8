"""Tiered strong solving: tier by tier, each tier in shards run as tasks, through files.

A game declares tiers with :attr:`Encoding.tier` (the number of pieces on the board, for
connect four and tic-tac-toe); every move leads to a higher tier. The solve then needs
one tier in memory at a time, not the whole game, and the shards of a tier run at once on
an :class:`~grundy.engines.Engine` (worker processes here, or a Ray cluster). Tasks talk
through a store directory, which a cluster must share (NFS, or one machine):

- ``manifest.json``: game, symmetry, start, shard size;
- ``positions/tier-T.npz``: the sorted codes of tier T (compressed);
- ``children/tier-T.shard-S.npz``: the options of shard S of tier T, by their tier;
- ``values/tier-T.shard-S.npz``: value and remoteness of shard S of tier T.

Every file is written whole (to a temporary name, then renamed), and a task whose file
exists returns at once: a killed run, or a task run twice after its worker died, loses
nothing and changes nothing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..engines import Engine, make_engine
from ..errors import DatabaseError, InvalidGameError, MoveGenerationError, PositionLimitError
from ..files import atomic_write
from ..progress import Progress
from .game import Encoding, TwoPlayerGame
from .solution import Solution, encoding_of

if TYPE_CHECKING:
    import numpy as np

__all__ = ["solve_tiers", "load_tiers", "DEFAULT_SHARD_SIZE"]

Position = Hashable

#: Positions per shard: the unit of work a task does.
DEFAULT_SHARD_SIZE = 1 << 17
_FORMAT = 1


def solve_tiers(
    game: TwoPlayerGame,
    store: str | os.PathLike[str],
    *,
    engine: str | Engine = "local",
    workers: int | None = None,
    address: str | None = None,
    symmetry: bool = True,
    shard_size: int = DEFAULT_SHARD_SIZE,
    max_positions: int | None = None,
    progress: bool = False,
) -> Solution:
    """Solve every position reachable from the start, tier by tier, through `store`.

    Parameters
    ----------
    game : TwoPlayerGame
        A game whose :attr:`~TwoPlayerGame.encoding` has a ``tier`` function.
    store : directory
        Where tiers are written; a run that finds finished tiers there goes on from them.
    engine : {"local", "ray"} or Engine
        Where the shards run (see :func:`grundy.engines.make_engine`).
    workers, address :
        Passed to :func:`~grundy.engines.make_engine` when `engine` is a name.
    symmetry : bool
        One position per symmetry class.
    shard_size : int
        Positions per task. The store is the same for any engine and any number of
        workers; the shard size is kept in the store, so a resumed run uses the first's.
    max_positions : int, optional
        Cap on the positions of all tiers; default ``game.max_positions``.
    progress : bool
        A progress line per tier on stderr.

    Returns
    -------
    Solution
        Equal to :func:`grundy.twoplayer.solve` (positions ordered by tier, then code).

    Raises
    ------
    InvalidGameError
        The game declares no tiers.
    MoveGenerationError
        A move does not lead to a higher tier.
    DatabaseError
        The store belongs to another game or is damaged.
    PositionLimitError, EngineError

    Examples
    --------
    >>> import tempfile
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import solve_tiers
    >>> solution = solve_tiers(TicTacToe(), tempfile.mkdtemp(), workers=1)
    >>> solution.value(TicTacToe().start()), solution.remoteness(TicTacToe().start()), len(solution)
    (Value.TIE, 9, 765)
    """
    encoding = game.encoding
    if encoding is None or encoding.tier is None:
        raise InvalidGameError(f"{game!r} declares no tiers (an Encoding with a tier function)")
    if not isinstance(shard_size, int) or isinstance(shard_size, bool) or shard_size < 1:
        raise InvalidGameError(f"shard_size must be a positive integer, not {shard_size!r}")
    limit = game.max_positions if max_positions is None else max_positions
    root = game.start()
    root_code = _root_code(game, root, symmetry)
    store = os.path.abspath(store)  # workers may run in another directory
    manifest = _open_store(store, game, symmetry, root_code, shard_size)
    owned = not isinstance(engine, Engine)
    runner = engine if isinstance(engine, Engine) else make_engine(engine, workers, address)
    bar = Progress(progress)  # a line per tier
    bar.line(f"solving {game!r} by tiers on {runner!r}")
    try:
        if not manifest.get("finished"):
            # Compile the kernels on every worker at once, not one worker at a time on the
            # first tiers wide enough to use them all.
            for _ in runner.as_completed(
                [runner.submit(_warm_up, game, symmetry) for _ in range(runner.workers)]
            ):
                pass
        counts = _discover(store, game, manifest, runner, limit, bar)
        _label(store, game, manifest, counts, runner, bar)
    finally:
        if owned:
            runner.close()
    return load_tiers(store, game)


def load_tiers(store: str | os.PathLike[str], game: TwoPlayerGame) -> Solution:
    """The solution in a finished store, all tiers in one :class:`Solution`.

    Raises
    ------
    DatabaseError
        The store is not finished, damaged, or made for another game.

    Examples
    --------
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import load_tiers
    >>> load_tiers("no-such-store", TicTacToe())   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.DatabaseError: 'no-such-store' is not a tier store: no manifest.json ...
    """
    import numpy as np

    store = os.fspath(store)
    manifest = _read_manifest(store, game)
    if not manifest.get("finished"):
        raise DatabaseError(f"{store!r} is not finished: run the solve again to complete it")
    codes, values, remoteness = [], [], []
    for tier in manifest.get("tiers", []):
        positions = _load(store, _positions_name(tier))["codes"]
        codes.append(positions)
        for s in range(len(_shards(len(positions), manifest["shard_size"]))):
            part = _load(store, _values_name(tier, s))
            values.append(part["value"])
            remoteness.append(part["remoteness"])
    root = game.position_from_json(manifest["root"])
    return Solution(
        game,
        root,
        manifest["symmetry"],
        np.concatenate(values),
        np.concatenate(remoteness),
        codes=np.concatenate(codes),
    )


# --------------------------------------------------------------------- the two passes
def _discover(
    store: str,
    game: TwoPlayerGame,
    manifest: dict[str, Any],
    runner: Engine,
    limit: int,
    bar: Progress,
) -> dict[int, int]:
    """Forward, lowest tier first: each tier's positions from the options of the lower.

    Returns the number of positions of each tier, lowest first.
    """
    import numpy as np

    tier = int(encoding_of(game).tier(manifest["root_code"]))
    if not _exists(store, _positions_name(tier)):
        _save(store, _positions_name(tier), codes=np.array([manifest["root_code"]], np.int64))
    counts: dict[int, int] = {}
    holders: dict[int, list[str]] = {}  # tier -> the children files with options in it
    total = 0
    while True:
        codes = _load(store, _positions_name(tier))["codes"]
        counts[tier] = len(codes)
        total += len(codes)
        if total > limit:
            raise PositionLimitError(
                f"{game!r}: more than {limit:,} positions are reachable; raise max_positions"
            )
        shards = _shards(len(codes), manifest["shard_size"])
        handles = [
            runner.submit(_expand_shard, store, game, manifest["symmetry"], tier, s, lo, hi)
            for s, (lo, hi) in enumerate(shards)
        ]
        for _, name in runner.as_completed(handles):
            for later in _later_tiers(store, [name], tier):
                holders.setdefault(later, []).append(name)
        _tier_done(bar, "found", tier, len(codes), total)
        later_tiers = [t for t in holders if t > tier]
        if not later_tiers:
            break
        tier = min(later_tiers)
        if not _exists(store, _positions_name(tier)):
            key = f"tier_{tier}"
            parts = [_load(store, name, key)[key] for name in holders[tier]]
            _save(store, _positions_name(tier), codes=np.unique(np.concatenate(parts)))
    manifest["tiers"] = list(counts)
    _write_manifest(store, manifest)
    return counts


def _label(
    store: str,
    game: TwoPlayerGame,
    manifest: dict[str, Any],
    counts: dict[int, int],
    runner: Engine,
    bar: Progress,
) -> None:
    """Backward, highest tier first: each tier's values from the values of its options."""
    size = manifest["shard_size"]
    for tier, count in reversed(counts.items()):
        handles = [
            runner.submit(_label_shard, store, game, manifest["symmetry"], tier, s, lo, hi, size)
            for s, (lo, hi) in enumerate(_shards(count, size))
        ]
        for _ in runner.as_completed(handles):
            pass
        _tier_done(bar, "solved", tier, count, None)
    manifest["finished"] = True
    _write_manifest(store, manifest)


# --------------------------------------------------------------------- the tasks
def _warm_up(game: TwoPlayerGame, symmetry: bool) -> None:
    """Task: compile both kernels for `game` in this worker (on empty arrays)."""
    import numpy as np

    from ._tier_kernels import expand_tier, label_tier

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
    store: str, game: TwoPlayerGame, symmetry: bool, tier: int, shard: int, lo: int, hi: int
) -> str:
    """Task: write the options of positions lo..hi of `tier`, grouped by their tier."""
    import numpy as np

    from ._tier_kernels import expand_tier

    name = _children_name(tier, shard)
    if _exists(store, name):
        return name
    encoding = encoding_of(game)
    canonical = _canonical(encoding, symmetry)
    codes = _load(store, _positions_name(tier))["codes"][lo:hi]
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
    _save(store, name, **by_tier)
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
) -> str:
    """Task: write value and remoteness of positions lo..hi of `tier`."""
    import numpy as np

    from ._tier_kernels import label_tier

    name = _values_name(tier, shard)
    if _exists(store, name):
        return name
    encoding = encoding_of(game)
    canonical = _canonical(encoding, symmetry)
    codes = _load(store, _positions_name(tier))["codes"][lo:hi]
    later = sorted(_later_tiers(store, [_children_name(tier, shard)], tier))
    codes_parts: list[np.ndarray] = []
    value_parts: list[np.ndarray] = []
    remoteness_parts: list[np.ndarray] = []
    for t in later:  # whole tiers: the options of a shard may lie in any of their shards
        codes_parts.append(_load(store, _positions_name(t))["codes"])
        for s in range(len(_shards(len(codes_parts[-1]), shard_size))):
            part = _load(store, _values_name(t, s))
            value_parts.append(part["value"])
            remoteness_parts.append(part["remoteness"])
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
    _save(store, name, value=value, remoteness=remoteness)
    return name


# --------------------------------------------------------------------- the store
def _positions_name(tier: int) -> str:
    return os.path.join("positions", f"tier-{tier}.npz")


def _children_name(tier: int, shard: int) -> str:
    return os.path.join("children", f"tier-{tier}.shard-{shard}.npz")


def _values_name(tier: int, shard: int) -> str:
    return os.path.join("values", f"tier-{tier}.shard-{shard}.npz")


def _shards(count: int, size: int) -> list[tuple[int, int]]:
    return [(lo, min(lo + size, count)) for lo in range(0, max(count, 1), size)]


def _later_tiers(store: str, names: list[str], tier: int) -> set[int]:
    """The tiers above `tier` that options in the children files `names` lie in."""
    found: set[int] = set()
    for name in names:
        found.update(int(key[5:]) for key in _keys(store, name))
    return {t for t in found if t > tier}


def _exists(store: str, name: str) -> bool:
    return os.path.exists(os.path.join(store, name))


def _save(store: str, name: str, **arrays: Any) -> None:
    """Write a compressed ``.npz`` file whole: to a temporary name, then renamed.

    Deflate at level 1, not numpy's default 6: a third of the time for files about 10 %
    larger (sorted codes and values compress well either way).
    """
    import zipfile

    import numpy as np

    path = os.path.join(store, name)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        # named after this process: a task run again while the first run still writes
        with (
            atomic_write(path, unique=True) as out,
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive,
        ):
            for key, array in arrays.items():
                with archive.open(f"{key}.npy", "w", force_zip64=True) as f:
                    np.lib.format.write_array(f, np.asanyarray(array), allow_pickle=False)
    except OSError as exc:
        raise DatabaseError(f"cannot write {path!r}: {exc.strerror or exc}") from None


def _load(store: str, name: str, only: str | None = None, keys_only: bool = False) -> Any:
    """The arrays of a store file by name (the one called `only`, or only the names)."""
    import zipfile
    import zlib

    import numpy as np

    path = os.path.join(store, name)
    try:
        with np.load(path) as data:
            if keys_only:
                return list(data.files)
            return {key: data[key] for key in data.files if only is None or key == only}
    except (OSError, ValueError, zipfile.BadZipFile, EOFError, zlib.error) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DatabaseError(f"cannot read {path!r} of the tier store: {reason}") from None


def _keys(store: str, name: str) -> list[str]:
    return _load(store, name, keys_only=True)


def _canonical(encoding: Encoding, symmetry: bool) -> Any:
    """The compiled map of a code to its stored key: its symmetry class, or itself."""
    from . import _kernels

    return encoding.canonical if symmetry and encoding.canonical else _kernels.identity


def _root_code(game: TwoPlayerGame, root: Position, symmetry: bool) -> int:
    encoding = encoding_of(game)
    return int(_canonical(encoding, symmetry)(encoding.encode(root)))


def _open_store(
    store: str, game: TwoPlayerGame, symmetry: bool, root_code: int, shard_size: int
) -> dict[str, Any]:
    """The store's manifest: read (and checked against this solve), or written anew."""
    if os.path.exists(os.path.join(store, "manifest.json")):
        manifest = _read_manifest(store, game)
        if manifest["symmetry"] != symmetry or manifest["root_code"] != root_code:
            raise DatabaseError(
                f"{store!r} holds a solve with symmetry="
                f"{manifest['symmetry']} from another start; use a new --store"
            )
        return manifest
    manifest = {
        "format": _FORMAT,
        "game": repr(game),
        "symmetry": symmetry,
        "root": game.position_to_json(game.start()),
        "root_code": root_code,
        "shard_size": shard_size,
        "finished": False,
    }
    _write_manifest(store, manifest)
    return manifest


def _read_manifest(store: str, game: TwoPlayerGame) -> dict[str, Any]:
    path = os.path.join(store, "manifest.json")
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
    except FileNotFoundError:
        raise DatabaseError(f"{store!r} is not a tier store: no manifest.json in it") from None
    except (OSError, ValueError) as exc:
        raise DatabaseError(f"cannot read {path!r}: {exc}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != _FORMAT:
        raise DatabaseError(f"{path!r} is not a tier store manifest of format {_FORMAT}")
    if manifest.get("game") != repr(game):
        raise DatabaseError(f"{store!r} solves {manifest.get('game')}, not {game!r}")
    return manifest


def _write_manifest(store: str, manifest: dict[str, Any]) -> None:
    path = os.path.join(store, "manifest.json")
    try:
        os.makedirs(store, exist_ok=True)
        with atomic_write(path) as f:
            f.write(json.dumps(manifest).encode("utf-8"))
    except OSError as exc:
        raise DatabaseError(f"cannot write {path!r}: {exc.strerror or exc}") from None


def _tier_done(bar: Progress, what: str, tier: int, count: int, total: int | None) -> None:
    """One progress line for a tier found or solved (`total`: positions so far, if known)."""
    so_far = f", {total:,} in all" if total is not None else ""
    bar.line(f"  tier {tier}: {count:,} positions {what}{so_far} ({bar.elapsed():,.1f} s)")
