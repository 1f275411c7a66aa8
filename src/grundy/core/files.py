"""Files written whole (to a temporary name beside the target, then renamed over it),
and text files read whole, up to a size."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from .errors import GrundyError, InvalidPositionError
from .integers import shown

__all__ = ["atomic_write", "partial_path", "read_text", "MAX_FILE_BYTES"]

#: The largest file :func:`read_text` reads (64 MiB): an edge list of about five million
#: edges, more than any game here can use (a Hackenbush graph of 10^7 edges took 600 s
#: and 6.6 GB).
MAX_FILE_BYTES = 64 * 2**20


def partial_path(path: str | os.PathLike[str], unique: bool = False) -> str:
    """The temporary name :func:`atomic_write` writes `path` under.

    ``{path}.partial``; with `unique`, ``{path}.{pid}.partial``, so that two processes
    writing the same file at once (a task run again after its worker was thought dead)
    never write into one temporary file.

    Examples
    --------
    >>> from grundy.core.files import partial_path
    >>> partial_path("store/manifest.json")
    'store/manifest.json.partial'
    """
    path = os.fspath(path)
    return f"{path}.{os.getpid()}.partial" if unique else f"{path}.partial"


@contextmanager
def atomic_write(path: str | os.PathLike[str], *, unique: bool = False) -> Iterator[BinaryIO]:
    """Open a temporary file for writing bytes; rename it to `path` when the block ends.

    A reader sees the old file or the whole new one, never half of one. If the block
    raises, `path` is left as it was and so is the temporary file (as a killed process
    would leave it; the next write replaces it). `unique` names the temporary file after
    this process (see :func:`partial_path`). Errors are the ``OSError`` of ``open``,
    ``write`` and ``os.replace``.

    Examples
    --------
    >>> import os, tempfile
    >>> from grundy.core.files import atomic_write
    >>> path = os.path.join(tempfile.mkdtemp(), "hello.txt")
    >>> with atomic_write(path) as f:
    ...     _ = f.write(b"hello")
    >>> open(path).read(), os.listdir(os.path.dirname(path))
    ('hello', ['hello.txt'])
    """
    partial = partial_path(path, unique)
    with open(partial, "wb") as f:
        yield f
    os.replace(partial, os.fspath(path))


def read_text(
    path: str | os.PathLike[str],
    what: str = "file",
    *,
    max_bytes: int = MAX_FILE_BYTES,
    error: type[GrundyError] = InvalidPositionError,
) -> str:
    """Return the UTF-8 text of the file `path`, refusing one of more than `max_bytes`.

    A regular file's size is checked before it is read; anything else that can be
    opened (a pipe such as ``<(cat graph.txt)``, ``/dev/stdin``) is read up to
    ``max_bytes + 1`` bytes, so ``/dev/zero`` is refused at once too.

    Parameters
    ----------
    path : str or PathLike
        The file.
    what : str
        What the file is, for messages (``"edge file"``).
    max_bytes : int
        The largest size read (default :data:`MAX_FILE_BYTES`).
    error : GrundyError subclass
        What to raise (default ``InvalidPositionError``).

    Raises
    ------
    GrundyError
        `error`, one line: no such file, a directory, unreadable, too big, not UTF-8.

    Examples
    --------
    >>> from grundy.core.files import read_text
    >>> read_text("/dev/zero", "edge file", max_bytes=1000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: cannot read edge file '/dev/zero': it holds more ...
    """
    name = os.fspath(path)
    # a path is written out whole (its end names the file), unless no system has one so long
    where = (
        f"cannot read {what} {name!r}" if len(name) <= 4096 else f"cannot read {what} {shown(name)}"
    )
    too_big = f"{where}: it holds more than {max_bytes:,} bytes, the most grundy reads"
    try:
        with open(name, "rb") as handle:
            info = os.fstat(handle.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError
            big = stat.S_ISREG(info.st_mode) and info.st_size > max_bytes
            data = b"" if big else handle.read(max_bytes + 1)  # a pipe or device: capped
    except FileNotFoundError:
        raise error(f"{where}: no such file") from None
    except IsADirectoryError:
        raise error(f"{where}: it is a directory") from None
    except (OSError, ValueError) as exc:  # ValueError: a name holding a NUL character
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise error(f"{where}: {reason}") from None
    if big or len(data) > max_bytes:
        raise error(too_big)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{where}: not a UTF-8 text file") from None
