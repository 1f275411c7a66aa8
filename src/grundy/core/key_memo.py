"""A memo of canonical keys: each piece a search meets, mapped to its key, and each key
to itself.

Games that split a position into pieces (Arc Kayles' components, Cram's regions, Snort's
and Col's graph pieces) store values under a canonical key, so that isomorphic pieces
share one entry. Finding the key (a canonical labelling, the least of a board's images)
costs far more than a dict lookup, so the key of every piece met is remembered. A key
maps to itself, which answers "is this piece already a key?" in one lookup and makes
equal keys one object. The memo is a ``dict`` so that the hot loops read it with ``get``
at dict speed; past `limit` entries it is emptied and refilled, which is safe because a
key is a function of the piece alone.

Examples
--------
>>> from grundy.core.key_memo import KeyMemo
>>> keys = KeyMemo()
>>> keys.key("cba", lambda piece: "".join(sorted(piece)))
'abc'
>>> keys.is_key("abc"), keys.is_key("cba"), keys.get("cba")
(True, False, 'abc')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

__all__ = ["KeyMemo", "REMEMBERED_KEYS"]

#: Entries a memo holds before it starts again (each a piece or a key; about 100 MB of
#: small tuples at worst).
REMEMBERED_KEYS = 1 << 18

K = TypeVar("K", bound=Hashable)


class KeyMemo(dict[Hashable, Any]):
    """Pieces met -> their keys, each key -> itself; at most `limit` entries.

    Examples
    --------
    >>> from grundy.core.key_memo import KeyMemo
    >>> keys = KeyMemo(limit=4)
    >>> [keys.key(word, str.upper) for word in ("a", "b", "c")]
    ['A', 'B', 'C']
    >>> len(keys)  # emptied when "c" came and found it full
    2
    """

    __slots__ = ("limit",)

    def __init__(self, limit: int = REMEMBERED_KEYS) -> None:
        super().__init__()
        self.limit = limit

    def key(self, piece: Hashable, key_of: Callable[[Any], K]) -> K:
        """The key of `piece`, ``key_of(piece)`` the first time, remembered after.

        Examples
        --------
        >>> from grundy.core.key_memo import KeyMemo
        >>> keys = KeyMemo()
        >>> first = keys.key((2, 1), lambda t: tuple(sorted(t)))
        >>> keys.key((1, 2), lambda t: tuple(sorted(t))) is first  # one object per key
        True
        """
        key = self.get(piece)
        if key is None:
            if len(self) >= self.limit:
                self.clear()  # recomputed when met again: a key is a function of the piece
            found = key_of(piece)
            key = self.setdefault(found, found)
            self[piece] = key
        return key  # type: ignore[no-any-return]

    def is_key(self, piece: Hashable) -> bool:
        """Whether `piece` is a key met before (so it needs no canonical labelling).

        Examples
        --------
        >>> from grundy.core.key_memo import KeyMemo
        >>> keys = KeyMemo()
        >>> keys.is_key("ab")
        False
        >>> keys.key("ba", lambda piece: "".join(sorted(piece))), keys.is_key("ab")
        ('ab', True)
        """
        return bool(self.get(piece) == piece)
