"""Tiered strong solving: tier by tier, each tier in shards run as tasks, through files.

A game declares tiers with :attr:`Encoding.tier` (the number of pieces on the board, for
connect four and tic-tac-toe); every move leads to a higher tier. The solve then needs
one tier in memory at a time, not the whole game, and the shards of a tier run at once on
an :class:`~grundy.core.engines.Engine` (worker processes here, or a Ray cluster). Tasks talk
through a store directory, which a cluster must share (NFS, or one machine):

- ``manifest.json``: format, game, symmetry, start, shard size, the store's random id,
  and once known the tiers and their sizes;
- ``positions/tier-T.npz``: the sorted codes of tier T (compressed);
- ``children/tier-T.shard-S.npz``: the options of shard S of tier T, by their tier;
- ``values/tier-T.shard-S.npz``: value and remoteness of shard S of tier T.

Every file is written whole (to a temporary name, then renamed), and a task whose file
exists returns at once: a killed run, or a task run twice after its worker died, loses
nothing and changes nothing. Every ``.npz`` file also holds a ``check`` member: the
store's id, the file's own name, the rows of its tier it covers and the SHA-256 of each
array, checked whenever it is read; with the manifest's fields (checked for presence,
type and range) and the sizes of the arrays (against the tier sizes and the shard size),
a damaged, truncated, swapped, copied or edited file is refused (:class:`DatabaseError`)
and never used.
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
import re
import uuid
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..core.engines import Engine, LocalEngine, make_engine
from ..core.errors import DatabaseError, InvalidGameError, MoveGenerationError, PositionLimitError
from ..core.files import atomic_write, partial_path
from ..core.progress import Progress, exit_with_parent
from .game import Encoding, TwoPlayerGame
from .solution import Solution, check_arrays, encoding_of

if TYPE_CHECKING:
    import numpy as np

__all__ = ["solve_tiers", "load_tiers", "DEFAULT_SHARD_SIZE"]

Position = Hashable

#: Positions per shard: the unit of work a task does.
DEFAULT_SHARD_SIZE = 1 << 17
#: Format 2 added the checks (the store's id, each file's name, rows and checksums); a
#: store of format 1 has none and is refused.
_FORMAT = 2
#: The manifest's fields that every store has, and their types.
_FIELDS: dict[str, type] = {
    "format": int,
    "game": str,
    "symmetry": bool,
    "root_code": int,
    "shard_size": int,
    "finished": bool,
    "id": str,
}
_ID = re.compile(r"[0-9a-f]{32}")


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
        Where the shards run (see :func:`grundy.core.engines.make_engine`).
    workers, address :
        Passed to :func:`~grundy.core.engines.make_engine` when `engine` is a name.
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
        The store belongs to another game, or a file of it is damaged, truncated,
        swapped or edited (each file is checked when read).
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
    # Workers of a local pool end when this process dies (even by SIGKILL); Ray's
    # workers belong to the cluster, which stops them itself.
    parent = os.getpid() if isinstance(runner, LocalEngine) and runner.workers > 1 else None
    bar = Progress(progress)  # a line per tier
    bar.line(f"solving {game!r} by tiers on {runner!r}")
    done = False
    try:
        if not manifest["finished"]:
            # Compile the kernels on every worker at once, not one worker at a time on the
            # first tiers wide enough to use them all.
            for _ in runner.as_completed(
                [runner.submit(_warm_up, game, symmetry, parent) for _ in range(runner.workers)]
            ):
                pass
        counts = _discover(store, game, manifest, runner, limit, bar, parent)
        _label(store, game, manifest, counts, runner, bar, parent)
        done = True
    finally:
        if owned:
            runner.close()
        # No write goes on once every task is done, or once our own local workers are
        # gone: the temporary files of workers killed mid-write (now or in an earlier
        # run) go too.
        if done or (owned and isinstance(runner, LocalEngine)):
            _remove_partials(store)
    return load_tiers(store, game)


def load_tiers(store: str | os.PathLike[str], game: TwoPlayerGame) -> Solution:
    """The solution in a finished store, all tiers in one :class:`Solution`.

    Raises
    ------
    DatabaseError
        The store is not finished, made for another game, or damaged: a manifest field
        missing or of the wrong type, a file missing, truncated, damaged (its checksum),
        swapped with another or copied from another store, or of the wrong size.

    Examples
    --------
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import load_tiers
    >>> load_tiers("no-such-store", TicTacToe())   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.DatabaseError: 'no-such-store' is not a tier store: no manifest.json ...
    """
    import numpy as np

    store = os.fspath(store)
    manifest = _read_manifest(store, game)
    if not manifest["finished"]:
        raise DatabaseError(f"{store!r} is not finished: run the solve again to complete it")
    try:
        root = game.position_from_json(manifest["root"])
        root_code = _root_code(game, root, manifest["symmetry"])
    except Exception as exc:  # any error of the game's own notation code
        raise DatabaseError(f"{store!r}: the manifest's root cannot be read ({exc})") from None
    if root_code != manifest["root_code"]:
        raise DatabaseError(f"{store!r}: the manifest's root and root_code disagree")
    codes, values, remoteness = [], [], []
    for tier, count in zip(manifest["tiers"], manifest["counts"], strict=True):
        positions, value, far = _tier_values(store, manifest, tier, count)
        codes.append(positions)
        values.append(value)
        remoteness.append(far)
    if len(codes) == 0:
        raise DatabaseError(f"{store!r}: the manifest lists no tiers")
    solution = Solution(
        game,
        root,
        manifest["symmetry"],
        np.concatenate(values),
        np.concatenate(remoteness),
        codes=np.concatenate(codes),
    )
    if root not in solution:
        raise DatabaseError(f"{store!r}: the start is not among the positions of its tiers")
    return solution


def _tier_values(
    store: str, manifest: dict[str, Any], tier: int, count: int | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Codes, values and remoteness of a whole tier, every file and size checked.

    `count`: the tier's size the manifest gives, if it does (the positions file must
    hold as many).
    """
    import numpy as np

    ident, size = manifest["id"], manifest["shard_size"]
    codes = _load(store, _positions_name(tier), ident)["codes"]
    if count is not None and len(codes) != count:
        raise DatabaseError(
            f"{os.path.join(store, _positions_name(tier))!r} holds {len(codes):,} positions, "
            f"the manifest says {count:,}"
        )
    values, remoteness = [], []
    for s, (lo, hi) in enumerate(_shards(len(codes), size)):
        part = _load(store, _values_name(tier, s), ident, rows=(lo, hi))
        values.append(part["value"])
        remoteness.append(part["remoteness"])
    value = np.concatenate(values) if values else np.empty(0, np.int8)
    far = np.concatenate(remoteness) if remoteness else np.empty(0, np.int32)
    check_arrays(value, far, codes, f"tier {tier} of {store!r}")
    return codes, value, far


# --------------------------------------------------------------------- the two passes
def _discover(
    store: str,
    game: TwoPlayerGame,
    manifest: dict[str, Any],
    runner: Engine,
    limit: int,
    bar: Progress,
    parent: int | None,
) -> dict[int, int]:
    """Forward, lowest tier first: each tier's positions from the options of the lower.

    Returns the number of positions of each tier, lowest first.
    """
    import numpy as np

    ident, size, symmetry = manifest["id"], manifest["shard_size"], manifest["symmetry"]
    tier = int(encoding_of(game).tier(manifest["root_code"]))
    if not _exists(store, _positions_name(tier)):
        root = np.array([manifest["root_code"]], np.int64)
        _save(store, _positions_name(tier), ident, codes=root)
    counts: dict[int, int] = {}
    holders: dict[int, list[str]] = {}  # tier -> the children files with options in it
    total = 0
    while True:
        codes = _load(store, _positions_name(tier), ident)["codes"]
        counts[tier] = len(codes)
        total += len(codes)
        if total > limit:
            raise PositionLimitError(
                f"{game!r}: more than {limit:,} positions are reachable; raise max_positions"
            )
        handles = [
            runner.submit(_expand_shard, store, game, symmetry, tier, s, lo, hi, ident, parent)
            for s, (lo, hi) in enumerate(_shards(len(codes), size))
        ]
        for _, name in runner.as_completed(handles):
            for later in _later_tiers(store, ident, [name], tier):
                holders.setdefault(later, []).append(name)
        _tier_done(bar, "found", tier, len(codes), total)
        later_tiers = [t for t in holders if t > tier]
        if not later_tiers:
            break
        tier = min(later_tiers)
        if not _exists(store, _positions_name(tier)):
            key = f"tier_{tier}"
            parts = [_load(store, name, ident, only=key)[key] for name in holders[tier]]
            _save(store, _positions_name(tier), ident, codes=np.unique(np.concatenate(parts)))
    manifest["tiers"] = list(counts)
    manifest["counts"] = list(counts.values())
    _write_manifest(store, manifest)
    return counts


def _label(
    store: str,
    game: TwoPlayerGame,
    manifest: dict[str, Any],
    counts: dict[int, int],
    runner: Engine,
    bar: Progress,
    parent: int | None,
) -> None:
    """Backward, highest tier first: each tier's values from the values of its options."""
    ident, size, symmetry = manifest["id"], manifest["shard_size"], manifest["symmetry"]
    for tier, count in reversed(counts.items()):
        handles = [
            runner.submit(_label_shard, store, game, symmetry, tier, s, lo, hi, size, ident, parent)
            for s, (lo, hi) in enumerate(_shards(count, size))
        ]
        for _ in runner.as_completed(handles):
            pass
        _tier_done(bar, "solved", tier, count, None)
    manifest["finished"] = True
    _write_manifest(store, manifest)


# --------------------------------------------------------------------- the tasks
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


# --------------------------------------------------------------------- the store
def _positions_name(tier: int) -> str:
    return f"positions/tier-{tier}.npz"


def _children_name(tier: int, shard: int) -> str:
    return f"children/tier-{tier}.shard-{shard}.npz"


def _values_name(tier: int, shard: int) -> str:
    return f"values/tier-{tier}.shard-{shard}.npz"


def _shards(count: int, size: int) -> list[tuple[int, int]]:
    return [(lo, min(lo + size, count)) for lo in range(0, max(count, 1), size)]


def _later_tiers(
    store: str, ident: str, names: list[str], tier: int, rows: tuple[int, int] | None = None
) -> set[int]:
    """The tiers above `tier` that options in the children files `names` lie in."""
    found: set[int] = set()
    for name in names:
        keys = _load(store, name, ident, rows=rows, keys_only=True)
        found.update(int(key[5:]) for key in keys)
    return {t for t in found if t > tier}


def _exists(store: str, name: str) -> bool:
    return os.path.exists(os.path.join(store, name))


#: The arrays of each kind of store file: dtype, and the keys (None: any ``tier_T``).
_ARRAYS: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "positions": ("<i8", ("codes",)),
    "children": ("<i8", None),
    "values": ("", ("value", "remoteness")),
}
_VALUE_DTYPES = {"value": "|i1", "remoteness": "<i4"}
_TIER_KEY = re.compile(r"tier_(0|[1-9][0-9]*)")


def _array_digest(array: np.ndarray) -> str:
    """SHA-256 of an array's dtype, shape and bytes."""
    import numpy as np

    digest = hashlib.sha256(f"{array.dtype.str} {array.shape}".encode())
    digest.update(np.ascontiguousarray(array).data)
    return digest.hexdigest()


def _save(
    store: str, name: str, ident: str, rows: tuple[int, int] | None = None, **arrays: Any
) -> None:
    """Write a compressed ``.npz`` file whole: to a temporary name, then renamed.

    Its ``check`` member names the store (`ident`), the file and the `rows` of its tier
    it covers, with the SHA-256 of every array (see :func:`_load`). Deflate at level 1,
    not numpy's default 6: a third of the time for files about 10 % larger (sorted codes
    and values compress well either way).
    """
    import zipfile

    import numpy as np

    path = os.path.join(store, name)
    check = {
        "store": ident,
        "name": name,
        "rows": list(rows) if rows else None,
        "sha256": {key: _array_digest(np.asanyarray(a)) for key, a in arrays.items()},
    }
    members = {**arrays, "check": np.array(json.dumps(check))}
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        # named after this process: a task run again while the first run still writes
        with (
            atomic_write(path, unique=True) as out,
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive,
        ):
            for key, array in members.items():
                with archive.open(f"{key}.npy", "w", force_zip64=True) as f:
                    np.lib.format.write_array(f, np.asanyarray(array), allow_pickle=False)
    except BaseException as exc:  # a full disk, Ctrl-C: no temporary file is left
        _remove(partial_path(path, unique=True))
        if isinstance(exc, OSError):
            raise DatabaseError(f"cannot write {path!r}: {exc.strerror or exc}") from None
        raise


def _load(
    store: str,
    name: str,
    ident: str,
    only: str | None = None,
    keys_only: bool = False,
    rows: tuple[int, int] | None = None,
    rows_only: bool = False,
) -> Any:
    """The arrays of a store file by name (the one called `only`, or only their names,
    or only the rows of its tier it covers), each checked: the file was written as
    `name` in this store (`ident`), for `rows` if given, and every array read has its
    dtype, its length and its SHA-256."""
    import zipfile
    import zlib

    import numpy as np

    path = os.path.join(store, name)
    kind = name.split("/")[0]
    try:
        with np.load(path) as data:
            if "check" not in data.files:
                raise DatabaseError(f"{path!r} has no check: it is not a file of a tier store")
            check = _read_check(data["check"], path)
            keys = [key for key in data.files if key != "check"]
            if check["store"] != ident:
                raise DatabaseError(
                    f"{path!r} belongs to another store (copied from there?): it cannot be used"
                )
            if check["name"] != name:
                raise DatabaseError(
                    f"{path!r} was written as {check['name']} (swapped or renamed?): "
                    "it cannot be used"
                )
            if rows_only:
                return check["rows"]
            if rows is not None and check["rows"] != list(rows):
                raise DatabaseError(
                    f"{path!r} holds rows {check['rows']} of its tier, not {list(rows)}: "
                    "the manifest's shard_size does not match the store"
                )
            dtype, expected = _ARRAYS[kind]
            good = set(keys) == set(expected) if expected else all(map(_TIER_KEY.fullmatch, keys))
            if not good or set(keys) != set(check["sha256"]):
                raise DatabaseError(f"{path!r} does not hold the arrays of a {kind} file")
            if keys_only:
                return keys
            arrays = {}
            for key in keys:
                if only is not None and key != only:
                    continue
                array = data[key]
                want = _VALUE_DTYPES.get(key, dtype)
                if array.dtype.str != want or array.ndim != 1:
                    raise DatabaseError(f"{path!r}: {key} is not a 1-d array of {want}")
                if rows is not None and kind == "values" and len(array) != rows[1] - rows[0]:
                    raise DatabaseError(
                        f"{path!r}: {key} holds {len(array):,} positions, not {rows[1] - rows[0]:,}"
                    )
                if _array_digest(array) != check["sha256"][key]:
                    raise DatabaseError(
                        f"{path!r} is damaged: the checksum of {key} does not match"
                    )
                if kind != "values" and np.any(array[1:] <= array[:-1]):
                    raise DatabaseError(f"{path!r}: the codes of {key} are not sorted and distinct")
                arrays[key] = array
            return arrays
    except DatabaseError:
        raise
    except (OSError, ValueError, zipfile.BadZipFile, EOFError, zlib.error) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DatabaseError(f"cannot read {path!r} of the tier store: {reason}") from None


def _read_check(member: Any, path: str) -> dict[str, Any]:
    """The ``check`` member of a store file, its fields' types checked."""
    try:
        check = json.loads(str(member[()]))
        rows = check["rows"]
        good = (
            isinstance(check, dict)
            and isinstance(check["store"], str)
            and isinstance(check["name"], str)
            and (rows is None or isinstance(rows, list) and all(type(r) is int for r in rows))
            and isinstance(check["sha256"], dict)
            and all(isinstance(v, str) for v in check["sha256"].values())
        )
    except (ValueError, TypeError, KeyError, IndexError):
        good = False
    if not good:
        raise DatabaseError(f"{path!r} has a damaged check member")
    return check


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
        _check_layout(store, manifest)
        return manifest
    manifest = {
        "format": _FORMAT,
        "game": repr(game),
        "symmetry": symmetry,
        "root": game.position_to_json(game.start()),
        "root_code": root_code,
        "shard_size": shard_size,
        "finished": False,
        "id": uuid.uuid4().hex,  # ties every file to this store
    }
    _write_manifest(store, manifest)
    return manifest


_SHARD_FILE = re.compile(r"tier-(0|[1-9][0-9]*)\.shard-(0|[1-9][0-9]*)\.npz")


def _check_layout(store: str, manifest: dict[str, Any]) -> None:
    """Before a run goes on from a store: every shard file in it was made in this store,
    under its name, for the rows its shard has with the manifest's shard size.

    Only the small ``check`` member of each file is read. A shard size edited in the
    manifest, or a file copied from another store or renamed, is refused here, before
    any task writes a file next to them.
    """
    size = manifest["shard_size"]
    for kind in ("children", "values"):
        folder = os.path.join(store, kind)
        for entry in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            match = _SHARD_FILE.fullmatch(entry)
            if match is None:
                continue
            shard = int(match[2])
            name = f"{kind}/{entry}"
            rows = _load(store, name, manifest["id"], keys_only=True, rows_only=True)
            lo = shard * size
            if not (isinstance(rows, list) and len(rows) == 2 and rows[0] == lo):
                good = False
            else:
                good = 0 < rows[1] - lo <= size or (shard == 0 and rows[1] == 0)
            if not good:
                raise DatabaseError(
                    f"{os.path.join(store, name)!r} holds rows {rows} of its tier, not those "
                    f"of shard {shard} in shards of {size:,}: the manifest's shard_size "
                    "does not match the store"
                )


def _read_manifest(store: str, game: TwoPlayerGame) -> dict[str, Any]:
    """The manifest of `store`, every field checked (presence, type, range, agreement)."""
    path = os.path.join(store, "manifest.json")
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
    except FileNotFoundError:
        raise DatabaseError(f"{store!r} is not a tier store: no manifest.json in it") from None
    except (OSError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DatabaseError(f"cannot read {path!r}: {reason}") from None
    if not isinstance(manifest, dict):
        raise DatabaseError(f"{path!r} is not a tier store manifest")
    if manifest.get("format") == 1:
        raise DatabaseError(
            f"{store!r} was written by an older grundy, without checksums: solve again "
            "into a new --store"
        )
    if manifest.get("format") != _FORMAT:
        raise DatabaseError(f"{path!r} is not a tier store manifest of format {_FORMAT}")
    for key, kind in _FIELDS.items():
        value = manifest.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise DatabaseError(
                f"{path!r} is damaged: {key} is {'missing' if value is None else repr(value)}, "
                f"not {'an' if kind is int else 'a'} {kind.__name__}"
            )
    if "root" not in manifest:
        raise DatabaseError(f"{path!r} is damaged: root is missing")
    if manifest["shard_size"] < 1 or manifest["root_code"] < 0 or not _ID.fullmatch(manifest["id"]):
        raise DatabaseError(f"{path!r} is damaged: shard_size, root_code or id is out of range")
    if manifest["game"] != repr(game):
        raise DatabaseError(f"{store!r} solves {manifest['game']}, not {game!r}")
    tiers, counts = manifest.get("tiers"), manifest.get("counts")
    if manifest["finished"] or tiers is not None or counts is not None:
        good = (
            isinstance(tiers, list)
            and isinstance(counts, list)
            and len(tiers) == len(counts) > 0
            and all(type(t) is int and t >= 0 for t in tiers)
            and all(type(c) is int and c > 0 for c in counts)
            and all(a < b for a, b in zip(tiers, tiers[1:], strict=False))
        )
        if not good:  # a store killed while discovering has neither: it is rewritten
            if not manifest["finished"]:
                manifest.pop("tiers", None)
                manifest.pop("counts", None)
            else:
                raise DatabaseError(
                    f"{path!r} is damaged: tiers and counts are not two lists of as many "
                    "increasing tiers and positive counts"
                )
    return manifest


def _write_manifest(store: str, manifest: dict[str, Any]) -> None:
    path = os.path.join(store, "manifest.json")
    try:
        os.makedirs(store, exist_ok=True)
        with atomic_write(path) as f:
            f.write(json.dumps(manifest).encode("utf-8"))
    except BaseException as exc:
        _remove(partial_path(path))
        if isinstance(exc, OSError):
            raise DatabaseError(f"cannot write {path!r}: {exc.strerror or exc}") from None
        raise


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


def _remove_partials(store: str) -> None:
    """Delete the temporary files of writes that never finished (killed workers or runs)."""
    for pattern in ("*.partial", "*/*.partial"):
        for path in glob.glob(os.path.join(glob.escape(store), pattern)):
            _remove(path)


def _tier_done(bar: Progress, what: str, tier: int, count: int, total: int | None) -> None:
    """One progress line for a tier found or solved (`total`: positions so far, if known)."""
    so_far = f", {total:,} in all" if total is not None else ""
    bar.line(f"  tier {tier}: {count:,} positions {what}{so_far} ({bar.elapsed():,.1f} s)")
