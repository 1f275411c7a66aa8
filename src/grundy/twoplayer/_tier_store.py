"""The on-disk format of a tier store: file names, checked ``.npz`` files and the manifest."""

from __future__ import annotations

import glob
import hashlib
import json
import os
import re
import uuid
from typing import TYPE_CHECKING, Any

from ..core.errors import DatabaseError
from ..core.files import atomic_write, partial_path
from .game import TwoPlayerGame
from .solution import check_arrays

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "positions_file",
    "children_file",
    "values_file",
    "shard_bounds",
    "option_tiers_above",
    "store_has_file",
    "save_store_file",
    "load_store_file",
    "load_tier_values",
    "open_store",
    "read_manifest",
    "write_manifest",
    "remove_partial_files",
]

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


def positions_file(tier: int) -> str:
    """The name, in the store, of the file of the sorted codes of `tier`."""
    return f"positions/tier-{tier}.npz"


def children_file(tier: int, shard: int) -> str:
    """The name, in the store, of the file of the options of `shard` of `tier`."""
    return f"children/tier-{tier}.shard-{shard}.npz"


def values_file(tier: int, shard: int) -> str:
    """The name, in the store, of the file of value and remoteness of `shard` of `tier`."""
    return f"values/tier-{tier}.shard-{shard}.npz"


def shard_bounds(count: int, size: int) -> list[tuple[int, int]]:
    """The rows (lo, hi) of each shard of a tier of `count` positions, `size` a shard
    (one empty shard for an empty tier)."""
    return [(lo, min(lo + size, count)) for lo in range(0, max(count, 1), size)]


def option_tiers_above(
    store: str, ident: str, names: list[str], tier: int, rows: tuple[int, int] | None = None
) -> set[int]:
    """The tiers above `tier` that options in the children files `names` lie in."""
    found: set[int] = set()
    for name in names:
        keys = load_store_file(store, name, ident, rows=rows, keys_only=True)
        found.update(int(key[5:]) for key in keys)
    return {t for t in found if t > tier}


def store_has_file(store: str, name: str) -> bool:
    """Whether the file `name` of the store is there (written whole: see
    :func:`save_store_file`); its contents are checked when it is loaded."""
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


def save_store_file(
    store: str, name: str, ident: str, rows: tuple[int, int] | None = None, **arrays: Any
) -> None:
    """Write a compressed ``.npz`` file whole: to a temporary name, then renamed.

    Its ``check`` member names the store (`ident`), the file and the `rows` of its tier
    it covers, with the SHA-256 of every array (see :func:`load_store_file`). Deflate at level 1,
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


def load_store_file(
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


def load_tier_values(
    store: str, manifest: dict[str, Any], tier: int, count: int | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Codes, values and remoteness of a whole tier, every file and size checked.

    `count`: the tier's size the manifest gives, if it does (the positions file must
    hold as many).
    """
    import numpy as np

    ident, size = manifest["id"], manifest["shard_size"]
    codes = load_store_file(store, positions_file(tier), ident)["codes"]
    if count is not None and len(codes) != count:
        raise DatabaseError(
            f"{os.path.join(store, positions_file(tier))!r} holds {len(codes):,} positions, "
            f"the manifest says {count:,}"
        )
    values, remoteness = [], []
    for s, (lo, hi) in enumerate(shard_bounds(len(codes), size)):
        part = load_store_file(store, values_file(tier, s), ident, rows=(lo, hi))
        values.append(part["value"])
        remoteness.append(part["remoteness"])
    value = np.concatenate(values) if values else np.empty(0, np.int8)
    far = np.concatenate(remoteness) if remoteness else np.empty(0, np.int32)
    check_arrays(value, far, codes, f"tier {tier} of {store!r}")
    return codes, value, far


def open_store(
    store: str, game: TwoPlayerGame, symmetry: bool, root_code: int, shard_size: int
) -> dict[str, Any]:
    """The store's manifest: read (and checked against this solve), or written anew."""
    if os.path.exists(os.path.join(store, "manifest.json")):
        manifest = read_manifest(store, game)
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
    write_manifest(store, manifest)
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
            rows = load_store_file(store, name, manifest["id"], keys_only=True, rows_only=True)
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


def read_manifest(store: str, game: TwoPlayerGame) -> dict[str, Any]:
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


def write_manifest(store: str, manifest: dict[str, Any]) -> None:
    """Write the store's ``manifest.json`` whole (to a temporary name, then renamed)."""
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


def remove_partial_files(store: str) -> None:
    """Delete the temporary files of writes that never finished (killed workers or runs)."""
    for pattern in ("*.partial", "*/*.partial"):
        for path in glob.glob(os.path.join(glob.escape(store), pattern)):
            _remove(path)
