"""PNG images written with the standard library (zlib): the pixels of a big heat map.

Examples
--------
>>> from grundy.display.png import png_bytes
>>> image = png_bytes(2, 1, [bytes([255, 0, 0, 0, 0, 255])])   # a red and a blue pixel
>>> image[:8], len(image) > 50
(b'\\x89PNG\\r\\n\\x1a\\n', True)
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

from ..core.errors import InvalidGameError

__all__ = ["png_bytes"]


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png_bytes(width: int, height: int, rows: Sequence[bytes]) -> bytes:
    """An 8-bit RGB PNG of `height` rows of `width` pixels, each row 3·width bytes.

    Raises
    ------
    InvalidGameError
        A row of the wrong length, or not `height` rows.

    Examples
    --------
    >>> from grundy.display.png import png_bytes
    >>> png_bytes(1, 2, [b"\\x00\\x00\\x00"])
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: a PNG of 2 rows needs 2 rows of pixels, not 1
    """
    if len(rows) != height:
        raise InvalidGameError(
            f"a PNG of {height} rows needs {height} rows of pixels, not {len(rows)}"
        )
    for r, row in enumerate(rows):
        if len(row) != 3 * width:
            raise InvalidGameError(f"row {r} of a PNG {width} pixels wide has {len(row)} bytes")
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    raw = b"".join(b"\x00" + row for row in rows)  # filter 0 (none) on every row
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw, 9))
        + _chunk(b"IEND", b"")
    )
