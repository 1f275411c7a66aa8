"""Files written whole: to a temporary name beside the target, then renamed over it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

__all__ = ["atomic_write", "partial_path"]


def partial_path(path: str | os.PathLike[str], unique: bool = False) -> str:
    """The temporary name :func:`atomic_write` writes `path` under.

    ``{path}.partial``; with `unique`, ``{path}.{pid}.partial``, so that two processes
    writing the same file at once (a task run again after its worker was thought dead)
    never write into one temporary file.

    Examples
    --------
    >>> from grundy.files import partial_path
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
    >>> from grundy.files import atomic_write
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
