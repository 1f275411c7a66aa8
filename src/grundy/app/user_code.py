"""A user's game (``FILE.py:NAME``) failing in its own code: one line naming the call.

A game loaded from a file runs the user's code, which may fail on a position it was not
written for: ``grundy value my_game.py:ED 7 8`` hands a game written for int positions
the tuple ``(7, 8)``, since the default ``parse_position`` reads several words as a
tuple. :func:`user_code_error` turns such a failure into the line the command prints:
which of the user's functions failed, on what, with what, and, when the command line's
words became that tuple, that ``parse_position`` is the hook to override.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from types import FrameType
from typing import Any

from ..core.errors import GrundyError, MoveGenerationError
from ..core.integers import shown

__all__ = ["USER_MODULE_PREFIX", "user_code_error"]

#: The name of the module a user's game file runs as starts with this (see
#: :func:`grundy.app.registry.load_game_file`): how a frame of the user's code is known.
USER_MODULE_PREFIX = "grundy_user_game_"


def user_code_error(exc: BaseException, game: object, words: object) -> str | None:
    """The one-line message of `exc`, raised while a command ran the user's game `game`
    (a ``FILE.py:NAME`` spec) on the position typed as `words`; None when `game` is not
    a user's file or `exc` did not come from its code (then nothing changes).

    A failure of the user's ``moves`` (:class:`~grundy.core.errors.MoveGenerationError`)
    or any other exception raised in the user's file is named by the user's function
    that raised, its argument, the exception and the line. When the position was several
    words, read by the default ``parse_position`` as a tuple, and that tuple is what the
    function failed on, the line says so and which hook to override.

    Parameters
    ----------
    exc : BaseException
        What the command raised.
    game : object
        The game as named on the command line.
    words : object
        The position's words on the command line (a list of str), or None.

    Returns
    -------
    str or None
        The line, without the ``error:`` the command line puts in front.

    Examples
    --------
    >>> import os, tempfile
    >>> from grundy.app.registry import find
    >>> path = os.path.join(tempfile.mkdtemp(), "my_game.py")
    >>> with open(path, "w") as f:
    ...     _ = f.write("import grundy as gr\\n"
    ...                 "class ED(gr.ImpartialGame):\\n"
    ...                 "    def moves(self, n):\\n"
    ...                 "        return list(range(n))\\n")
    >>> spec = path + ":ED"
    >>> game = find(spec)
    >>> try:
    ...     game.grundy(game.parse_position(["7", "8"]))
    ... except Exception as exc:
    ...     print(user_code_error(exc, spec, ["7", "8"]).replace(path, "my_game.py"))
    ... # doctest: +NORMALIZE_WHITESPACE
    my_game.py:ED: moves((7, 8)) failed with TypeError: 'tuple' object cannot be
    interpreted as an integer (line 4); the positions on the command line are read by
    parse_position, which made the words 7 8 the tuple (7, 8) — override it to read
    several words
    >>> user_code_error(ValueError("not a user's game"), "nim", ["7"]) is None
    True
    """
    if not isinstance(game, str) or not (".py:" in game or game.strip().endswith(".py")):
        return None
    cause: BaseException | None = exc
    if isinstance(exc, MoveGenerationError):
        cause = exc.__cause__  # the user's own exception, raised from the game's moves
    elif isinstance(exc, GrundyError):
        return None  # raised on purpose (by grundy, or by the user): its message stands
    if cause is None:
        return None
    frame, line = _innermost_user_frame(cause)
    if frame is None:
        return None
    name, argument = _call_of(frame)
    call = name if argument is _NOTHING else f"{name}({shown(argument)})"
    message = f"{game.strip()}: {call} failed with {type(cause).__name__}: {cause} (line {line})"
    typed = _typed_tuple(words)
    owner = frame.f_locals.get("self")
    if typed is not None and argument == typed and not _reads_words(owner):
        message += (
            "; the positions on the command line are read by parse_position, which made "
            f"the words {' '.join(map(str, typed))} the tuple {shown(typed)} — override it "
            "to read several words"
        )
    return message


_NOTHING = object()


#: Frames of a comprehension (before Python 3.12): the function around one is named.
_COMPREHENSIONS = frozenset({"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"})


def _innermost_user_frame(exc: BaseException) -> tuple[FrameType | None, int]:
    """The last frame of `exc`'s traceback that runs a function of the user's game file
    (a comprehension's frame counts as the function around it), and the line."""
    frame_found: FrameType | None = None
    line_found = 0
    for frame, line in traceback.walk_tb(exc.__traceback__):
        if str(frame.f_globals.get("__name__", "")).startswith(USER_MODULE_PREFIX):
            if frame.f_code.co_name not in _COMPREHENSIONS or frame_found is None:
                frame_found = frame
            line_found = line
    return frame_found, line_found


def _call_of(frame: FrameType) -> tuple[str, Any]:
    """The function a frame runs and its first argument after ``self`` (if any)."""
    code = frame.f_code
    names = code.co_varnames[: code.co_argcount]
    if names[:1] == ("self",):
        names = names[1:]
    if not names:
        return code.co_name, _NOTHING
    return code.co_name, frame.f_locals.get(names[0], _NOTHING)


def _typed_tuple(words: object) -> tuple[int, ...] | None:
    """The tuple the default ``parse_position`` makes of several int words, else None."""
    if not isinstance(words, Sequence) or isinstance(words, str) or len(words) < 2:
        return None
    try:
        return tuple(int(w) for w in words)
    except (TypeError, ValueError):
        return None


def _reads_words(game: object) -> bool:
    """Does `game` read the command line's words itself (its own ``parse_position``)?"""
    method = getattr(type(game), "parse_position", None)
    module = str(getattr(method, "__module__", ""))
    return method is not None and not module.startswith("grundy.")
