"""Solved games on disk: a JSON header, then raw numpy arrays, checked when read back."""

from __future__ import annotations

import json
import os
import zlib
from typing import Any

from ..core.errors import DatabaseError
from ..core.files import atomic_write, partial_path
from .game import TwoPlayerGame
from .solution import Solution, check_arrays

__all__ = ["save", "load"]

_MAGIC = b"GRUNDY-SOLVED 1\n"
_FORMAT = 1
#: The arrays a file may hold, and their dtypes.
_DTYPES = {"value": "|i1", "remoteness": "<i4", "codes": "<i8", "positions": "|u1"}


def save(solution: Solution, path: str | os.PathLike[str]) -> None:
    """Write `solution` to `path` (atomically: a reader never sees half a file).

    The file is a magic line, an 8-byte header length, a JSON header (game, root,
    symmetry, array names, dtypes and lengths, a CRC-32 of the data and one of the rest
    of the header), then the arrays: position codes (or the positions as JSON, for games
    without an encoding), values and remoteness. No temporary file is left behind, even
    when the write fails.

    Raises
    ------
    DatabaseError
        `path` is a directory, or cannot be written.

    Examples
    --------
    >>> import os, tempfile
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import solve, save, load
    >>> path = os.path.join(tempfile.mkdtemp(), "tictactoe.solved")
    >>> save(solve(TicTacToe()), path)
    >>> load(path, TicTacToe()).value(TicTacToe().start())
    Value.TIE
    """
    import numpy as np

    game = solution.game
    arrays: dict[str, Any] = {
        "value": np.asarray(solution._value, dtype=np.int8),
        "remoteness": np.asarray(solution._remoteness, dtype=np.int32),
    }
    if solution._codes is not None:
        arrays["codes"] = np.asarray(solution._codes, dtype=np.int64)
    else:
        text = json.dumps([game.position_to_json(p) for p in solution._positions])
        arrays["positions"] = np.frombuffer(text.encode(), dtype=np.uint8)
    payload = [np.ascontiguousarray(a).tobytes() for a in arrays.values()]
    crc = 0
    for chunk in payload:
        crc = zlib.crc32(chunk, crc)
    header = {
        "format": _FORMAT,
        "game": repr(game),
        "kind": type(game).__qualname__,
        "root": game.position_to_json(solution.root),
        "symmetry": solution.symmetry,
        "count": len(solution),
        "arrays": [[name, a.dtype.str, int(a.size)] for name, a in arrays.items()],
        "crc32": crc,
    }
    header["header_crc32"] = _header_crc(header)
    blob = json.dumps(header).encode()
    path = os.fspath(path)
    if os.path.isdir(path):
        raise DatabaseError(f"cannot write {path!r}: it is a directory; give a file name")
    try:
        with atomic_write(path) as f:
            f.write(_MAGIC + len(blob).to_bytes(8, "little") + blob)
            for chunk in payload:
                f.write(chunk)
    except BaseException as exc:  # a full disk, or Ctrl-C: no temporary file is left
        try:
            os.remove(partial_path(path))
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise DatabaseError(f"cannot write {path!r}: {exc.strerror or exc}") from None
        raise


def _header_crc(header: dict[str, Any]) -> int:
    """CRC-32 of the header's fields but this one, in a fixed spelling."""
    rest = {key: value for key, value in header.items() if key != "header_crc32"}
    return zlib.crc32(json.dumps(rest, sort_keys=True).encode())


def load(path: str | os.PathLike[str], game: TwoPlayerGame) -> Solution:
    """Read a solution written by :func:`save` for `game`.

    Raises
    ------
    DatabaseError
        The file cannot be read, is not a solved-game file, is truncated or damaged
        (length, a CRC of the data or of the header, a field of the wrong type, values
        no solve writes), or was made for another game.

    Examples
    --------
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import load
    >>> load("no-such-file.solved", TicTacToe())
    Traceback (most recent call last):
    ...
    grundy.core.errors.DatabaseError: cannot read 'no-such-file.solved': No such file or directory
    """
    import numpy as np

    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise DatabaseError(f"cannot read {path!r}: {exc.strerror or exc}") from None
    where = f"{path!r}"
    if not data.startswith(_MAGIC):
        raise DatabaseError(f"{where} is not a solved-game file (no grundy header)")
    at = len(_MAGIC)
    size = int.from_bytes(data[at : at + 8], "little")
    try:
        header = json.loads(data[at + 8 : at + 8 + size])
        arrays = [(n, np.dtype(d), c) for n, d, c in header["arrays"]]
        game_name, count, symmetry = header["game"], header["count"], header["symmetry"]
        if "root" not in header or "crc32" not in header:
            raise KeyError("root" if "root" not in header else "crc32")
    except (ValueError, KeyError, TypeError) as exc:
        raise DatabaseError(f"{where}: damaged header ({exc})") from None
    names = [name for name, _, _ in arrays]
    good = (
        isinstance(game_name, str)
        and isinstance(symmetry, bool)
        and type(count) is int
        and count >= 0
        and all(type(c) is int and c >= 0 for _, _, c in arrays)
        and all(isinstance(n, str) and _DTYPES.get(n) == dtype.str for n, dtype, _ in arrays)
        and len(set(names)) == len(names)
        and {"value", "remoteness"} <= set(names)
        and len({"codes", "positions"} & set(names)) == 1
    )
    if not good:
        raise DatabaseError(f"{where}: damaged header (a field is missing or of the wrong type)")
    if "header_crc32" in header and header["header_crc32"] != _header_crc(header):
        raise DatabaseError(f"{where} is damaged: the checksum of its header does not match")
    if header.get("format") != _FORMAT:
        raise DatabaseError(
            f"{where}: format {header.get('format')!r}, this grundy reads {_FORMAT}"
        )
    if game_name != repr(game):
        raise DatabaseError(f"{where} solves {game_name}, not {game!r}")
    at += 8 + size
    expected = at + sum(dtype.itemsize * c for _, dtype, c in arrays)
    if len(data) != expected:
        raise DatabaseError(
            f"{where} is truncated or has trailing data: {len(data):,} bytes, "
            f"the header describes {expected:,}"
        )
    if zlib.crc32(memoryview(data)[at:]) != header.get("crc32"):
        raise DatabaseError(f"{where} is damaged: its checksum does not match")
    read = {}
    for name, dtype, c in arrays:
        read[name] = np.frombuffer(data, dtype=dtype, count=c, offset=at)
        at += dtype.itemsize * c
    if len(read["value"]) != count or len(read["remoteness"]) != count:
        raise DatabaseError(f"{where}: the arrays do not hold {count:,} positions")
    try:
        root = game.position_from_json(header["root"])
        positions = None
        if "positions" in read:
            positions = [
                game.position_from_json(p) for p in json.loads(read["positions"].tobytes())
            ]
    except Exception as exc:  # any error of the game's own notation code
        raise DatabaseError(f"{where}: a position cannot be read back ({exc})") from None
    codes = read.get("codes")
    check_arrays(
        read["value"], read["remoteness"], codes if codes is not None else positions, where
    )
    if codes is not None:
        return Solution(game, root, symmetry, read["value"], read["remoteness"], codes=codes)
    return Solution(game, root, symmetry, read["value"], read["remoteness"], positions=positions)
