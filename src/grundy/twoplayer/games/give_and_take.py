"""Give and take: a heap game with cycles whose positions are wins, losses, ties and draws."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidGameError, InvalidPositionError
from ...core.integers import INT64_MAX, parse_int, shown
from ..game import Encoding, TwoPlayerGame

if TYPE_CHECKING:
    import numpy as np

__all__ = ["GiveAndTake", "MAX_SIZE"]

#: The largest heap: codes 2 x heap + player, up to 2 x size + 3, are 64-bit ints.
MAX_SIZE = (INT64_MAX - 3) // 2

_PLAYERS = ("x", "o")


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class GiveAndTake(TwoPlayerGame[tuple[int, int]]):
    """Give and take: take one or two counters; x may also give one back.

    A heap starts with `size` counters, x to move. On a turn, a player takes one or two
    counters; x, the first player, may instead give one counter back to the heap (o may
    not). Whoever takes the last counter wins. The heap never holds more than it started
    with: a counter given back to a heap of `size` counters overflows it, and the game
    ends in a tie. Giving back undoes a take, so play can go round for ever. A position
    is the pair (heap, player to move), 0 for x and 1 for o; heap ``size + 1`` is the
    overflowed heap, where the game is over.

    Parameters
    ----------
    size : int
        The counters at the start, and the most the heap may hold; at least 1.

    Examples
    --------
    >>> from grundy.twoplayer.games.give_and_take import GiveAndTake
    >>> game = GiveAndTake(6)
    >>> game.start(), game.moves((3, 0))          # take 1, take 2, or give 1 back
    ((6, 0), [(2, 1), (1, 1), (4, 1)])
    >>> game.moves((3, 1)), game.payoff((0, 1))   # x took the last counter
    ([(2, 0), (1, 0)], 1)
    >>> game.moves((7, 1)), game.payoff((7, 1))   # x overflowed the heap: a tie
    ([], 0)

    Notes
    -----
    x plays Bash with subtraction set {1, 2}: from a heap that is not a multiple of 3, x
    takes to a multiple of 3 and wins, since o can only take and x keeps answering until
    x takes the last counter. From a multiple of 3, x cannot win, but escapes loss by
    giving a counter back, for ever; or, at the full heap, by overflowing it. So, for
    0 < heap <= size, with x to move the position is a WIN if heap % 3 != 0, else a TIE
    if heap == size, else a DRAW; with o to move it is a WIN if heap <= 2 (o takes the
    rest), else a LOSS if heap % 3 == 0, else a DRAW. Positions of all four values are
    reachable from the start once size >= 5; when `size` is a multiple of 3 the start
    itself is a tie. The game exists to test the solvers' ties and draws on a real game.
    """

    size: int = 6

    def __post_init__(self) -> None:
        if isinstance(self.size, bool) or not isinstance(self.size, int) or self.size < 1:
            raise InvalidGameError(f"give and take: size {shown(self.size)} is not an integer >= 1")
        if self.size > MAX_SIZE:
            raise InvalidGameError(
                f"give and take: size {shown(self.size)} is more than {MAX_SIZE:,}, the largest "
                "whose codes 2 x heap + player fit the compiled rules' 64-bit integers"
            )

    @property
    def name(self) -> str:  # type: ignore[override]
        """``give-and-take:SIZE``."""
        return f"give-and-take:{self.size}"

    # ----------------------------------------------------------------- the rules
    def start(self) -> tuple[int, int]:
        """Return ``(size, 0)``: the full heap, x to move."""
        return (self.size, 0)

    def moves(self, position: tuple[int, int]) -> list[tuple[int, int]]:
        """Return the positions after taking 1, taking 2, and (x only) giving 1 back."""
        heap, player = position
        if heap == 0 or heap > self.size:
            return []
        options = [(heap - k, 1 - player) for k in (1, 2) if k <= heap]
        if player == 0:
            options.append((heap + 1, 1))
        return options

    def to_move(self, position: tuple[int, int]) -> int:
        """Return the player to move, 0 (x) or 1 (o)."""
        return position[1]

    def payoff(self, position: tuple[int, int]) -> int:
        """At an empty heap +1 if x took the last counter, -1 if o did; 0 if overflowed."""
        heap, player = position
        if heap == 0:
            return 1 if player == 1 else -1
        return 0

    # ----------------------------------------------------------------- notation
    def check_position(self, position: object) -> tuple[int, int]:
        """Validate a (heap, player to move) pair and return it as a tuple.

        Raises
        ------
        InvalidPositionError
            Not a pair of integers with 0 <= heap <= size + 1 and player 0 or 1.

        Examples
        --------
        >>> from grundy.twoplayer.games.give_and_take import GiveAndTake
        >>> GiveAndTake(6).check_position([5, 1])
        (5, 1)
        """
        if not isinstance(position, tuple | list) or len(position) != 2:
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a pair (heap, player to move)"
            )
        heap, player = position
        if isinstance(heap, bool) or not isinstance(heap, int) or not 0 <= heap <= self.size + 1:
            raise InvalidPositionError(
                f"{self!r}: heap {shown(heap)} is not an integer from 0 to {self.size + 1} "
                "(the size, or one more when overflowed)"
            )
        if isinstance(player, bool) or player not in (0, 1):
            raise InvalidPositionError(
                f"{self!r}: player to move {shown(player)} is not 0 (x) or 1 (o)"
            )
        return (heap, player)

    def parse_position(self, tokens: Sequence[str]) -> tuple[int, int]:
        """Read the heap and the player to move (``5 o``; ``5`` alone means x to move).

        Examples
        --------
        >>> from grundy.twoplayer.games.give_and_take import GiveAndTake
        >>> GiveAndTake(6).parse_position(["5", "o"]), GiveAndTake(6).parse_position(["4"])
        ((5, 1), (4, 0))
        """
        if not tokens:
            return self.start()
        words = " ".join(tokens).split()
        if not 1 <= len(words) <= 2 or words[1:] and (words[1].lower() not in _PLAYERS):
            raise InvalidPositionError(
                f"{self!r}: cannot read {shown(' '.join(tokens))}; give the heap and the "
                "player to move, e.g. 5 o"
            )
        heap = parse_int(words[0], f"{self!r}: heap", signed=False)
        player = _PLAYERS.index(words[1].lower()) if len(words) == 2 else 0
        return self.check_position((heap, player))

    def format_position(self, position: tuple[int, int]) -> str:
        """Write the heap and the player to move, e.g. ``5 o``."""
        return f"{position[0]} {_PLAYERS[position[1]]}"

    def position_to_json(self, position: tuple[int, int]) -> list:
        """Return ``[heap, "x" or "o"]``."""
        return [position[0], _PLAYERS[position[1]]]

    def position_from_json(self, data: object) -> tuple[int, int]:
        """Read the list of :meth:`position_to_json`, validated."""
        if not isinstance(data, list) or len(data) != 2 or data[1] not in _PLAYERS:
            raise InvalidPositionError(f'{self!r}: {data!r} is not [heap, "x" or "o"]')
        return self.check_position((data[0], _PLAYERS.index(data[1])))

    def describe_move(self, before: tuple[int, int], after: tuple[int, int]) -> str:
        """Say what the player did.

        Examples
        --------
        >>> from grundy.twoplayer.games.give_and_take import GiveAndTake
        >>> game = GiveAndTake(6)
        >>> game.describe_move((5, 0), (3, 1)), game.describe_move((6, 0), (7, 1))
        ('x takes 2', 'x overflows the heap')
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        player = _PLAYERS[before[1]]
        change = after[0] - before[0]
        if after[1] != 1 - before[1] or change not in (-2, -1, 1):
            raise InvalidPositionError(
                f"{self!r}: {self.format_position(after)!r} does not follow "
                f"{self.format_position(before)!r} by one move"
            )
        if change == 1 and after[0] > self.size:
            return f"{player} overflows the heap"
        return f"{player} gives 1 back" if change == 1 else f"{player} takes {-change}"

    # ----------------------------------------------------------------- encoding
    @functools.cached_property
    def encoding(self) -> Encoding:
        """Codes ``2 * heap + player`` and compiled rules (numba is imported on first use).

        Examples
        --------
        >>> from grundy.twoplayer.games.give_and_take import GiveAndTake
        >>> coding = GiveAndTake(6).encoding
        >>> coding.encode((5, 1)), coding.decode(6)
        (11, (3, 0))
        """
        return _compiled_encoding(self.size)


def _encode(position: tuple[int, int]) -> int:
    return 2 * position[0] + position[1]


def _decode(code: int, size: int) -> tuple[int, int]:
    code = int(code)
    if not 0 <= code <= 2 * size + 3:
        raise InvalidPositionError(f"give-and-take:{size}: code {code} is not in 0..{2 * size + 3}")
    return (code >> 1, code & 1)


# --------------------------------------------------------------------- compiled rules
# Plain functions, compiled by numba in _compiled_encoding with the size as a constant;
# ``kernel.py_func`` runs them as they are.


def _code_moves(code: int, out: np.ndarray, size: int) -> int:
    """Write the codes of the options of `code` into `out`; return how many (0: over)."""
    heap = code >> 1
    player = code & 1
    if heap == 0 or heap > size:
        return 0
    n = 0
    for k in range(1, 3):
        if k <= heap:
            out[n] = 2 * (heap - k) + 1 - player
            n += 1
    if player == 0:
        out[n] = 2 * (heap + 1) + 1
        n += 1
    return n


def _code_end_value(code: int) -> int:
    """At an ended position: -1 at an empty heap (the player to move lost), else 0."""
    return -1 if code >> 1 == 0 else 0


@functools.cache
def _compiled_end_value() -> Any:
    import numba
    from numba.extending import register_jitable

    register_jitable(_code_moves)  # callable from the compiled closures of each size
    return numba.njit(cache=True)(_code_end_value)


@functools.cache
def _compiled_encoding(size: int) -> Encoding:
    import numba  # only a compiled solve pays for the import and the compile

    end_value = _compiled_end_value()  # also registers _code_moves with numba

    @numba.njit(cache=True)  # the size is a constant of the closure: cached per size
    def moves(code: int, out: np.ndarray) -> int:
        return _code_moves(code, out, size)

    return Encoding(
        moves=moves,
        end_value=end_value,
        encode=_encode,
        decode=functools.partial(_decode, size=size),
        max_moves=3,
    )
