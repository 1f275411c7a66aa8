"""A solved two-player game: the value and remoteness of every position, and best moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any

from ..core.errors import DatabaseError, InvalidGameError, InvalidPositionError
from ..core.solver import call_moves
from .game import VALUES, Encoding, TwoPlayerGame, Value

__all__ = ["Solution", "check_arrays"]

Position = Hashable


class Solution:
    """The value (for the player to move) and remoteness of every position reached.

    Made by :func:`grundy.twoplayer.solve`, or read back with :meth:`load`. Positions are
    stored by key: the integer code of games with an :class:`Encoding`, else the position
    itself; with ``symmetry``, the key of the position's symmetry class.

    Examples
    --------
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import solve
    >>> solution = solve(TicTacToe())
    >>> start = TicTacToe().start()
    >>> solution.value(start), solution.remoteness(start), len(solution)
    (Value.TIE, 9, 765)
    >>> solution.value("xx.oo....")     # x to move: wins at once
    Value.WIN
    """

    def __init__(
        self,
        game: TwoPlayerGame,
        root: Position,
        symmetry: bool,
        value: Any,
        remoteness: Any,
        *,
        codes: Any = None,
        positions: list[Position] | None = None,
        index: dict[Any, int] | None = None,
    ) -> None:
        self.game = game
        self.root = root
        self.symmetry = symmetry
        self._value = value  # value codes (see Value.code), one per stored position
        self._remoteness = remoteness  # -1 for a draw
        self._codes = codes  # int64 codes (encoded games), else None
        # representatives (other games; none for games stored by code)
        self._positions: list[Position] = [] if positions is None else positions
        self._index: Any = index  # key -> number, or the codes' sort order; made when needed

    # ----------------------------------------------------------------- queries
    def __len__(self) -> int:
        return len(self._value)

    def __repr__(self) -> str:
        return f"Solution({self.game!r}, {len(self):,} positions)"

    def __contains__(self, position: Position) -> bool:
        return self._number(position, strict=False) >= 0

    def value(self, position: Position) -> Value:
        """Return WIN, LOSS, TIE or DRAW for the player to move at `position`."""
        return VALUES[int(self._value[self._number(position)])]

    def remoteness(self, position: Position) -> int | None:
        """Moves to the end of the game under perfect play (None for a draw).

        The winner takes the fastest win, the loser the slowest loss, a tie the nearest.
        """
        r = int(self._remoteness[self._number(position)])
        return None if r < 0 else r

    def best_moves(self, position: Position) -> list[Position]:
        """Return the options of `position` that keep its value and remoteness, best first.

        Examples
        --------
        >>> from grundy.games import TicTacToe
        >>> from grundy.twoplayer import solve
        >>> solve(TicTacToe()).best_moves("xx.oo....")
        ['xxxoo....']
        """
        a = self._number(position)
        value, r = int(self._value[a]), int(self._remoteness[a])
        mover = self.game.to_move(position) if self._codes is None else -1
        best = []
        for option in call_moves(self.game, position):
            b = self._number(option)
            # the option's value is for its own mover: the same player, or the opponent
            same = mover >= 0 and self.game.to_move(option) == mover
            wanted = value if same else VALUES[value].opposite.code
            if int(self._value[b]) == wanted and (r < 0 or int(self._remoteness[b]) == r - 1):
                best.append(option)
        return best

    def counts(self) -> dict[Value, int]:
        """Return how many stored positions have each value.

        Examples
        --------
        >>> from grundy.games import TicTacToe
        >>> from grundy.twoplayer import solve
        >>> solve(TicTacToe(), symmetry=False).counts()
        {Value.LOSS: 1574, Value.TIE: 1068, Value.WIN: 2836}
        """
        found = Counter(int(v) for v in self._value)
        return {VALUES[v]: found[v] for v in sorted(found)}

    def remoteness_counts(self) -> dict[tuple[Value, int | None], int]:
        """Return how many stored positions have each (value, remoteness)."""
        found = Counter(
            zip((int(v) for v in self._value), (int(r) for r in self._remoteness), strict=True)
        )
        return {(VALUES[v], None if r < 0 else r): found[v, r] for v, r in sorted(found)}

    # ----------------------------------------------------------------- keys
    def key(self, position: Position) -> Any:
        """The key `position` is stored under (its code, or its symmetry class)."""
        game = self.game
        if self._codes is None:
            return game.canonical(position) if self.symmetry else position
        encoding = encoding_of(game)
        code = encoding.encode(position)
        if self.symmetry and encoding.canonical is not None:
            code = int(encoding.canonical(code))
        return code

    def _number(self, position: Position, strict: bool = True) -> int:
        try:
            k = self.key(position)
        except Exception as exc:  # a position the game cannot encode
            if not strict:
                return -1
            raise InvalidPositionError(
                f"{self.game!r}: {position!r} is not a position of this game ({exc})"
            ) from None
        if self._codes is None:
            if self._index is None:
                self._index = {self.key(p): a for a, p in enumerate(self._positions)}
            a = self._index.get(k, -1)
        else:
            a = self._code_number(k)
        if a < 0 and strict:
            raise InvalidPositionError(
                f"{self.game!r}: position {self.game.format_position(position)} is not "
                f"reachable from {self.game.format_position(self.root)}, where this solve began"
            )
        return a

    def _code_number(self, code: int) -> int:
        import numpy as np

        if self._index is None:
            self._index = np.argsort(self._codes, kind="stable")
        codes, order = self._codes, self._index
        i = int(np.searchsorted(codes, code, sorter=order))
        return int(order[i]) if i < len(codes) and codes[order[i]] == code else -1


def encoding_of(game: TwoPlayerGame) -> Encoding:
    """The game's :class:`Encoding`, for the compiled solvers and coded solutions.

    Raises
    ------
    InvalidGameError
        The game has none.
    """
    encoding = game.encoding
    if encoding is None:
        raise InvalidGameError(f"{game!r} has no integer encoding for the compiled solver")
    return encoding


def check_arrays(value: Any, remoteness: Any, codes: Any, where: str) -> None:
    """Refuse arrays read from a file that no solve writes (:class:`DatabaseError`).

    One value (0-3: loss, draw, tie, win) and one remoteness per position, and as many
    codes if given; remoteness -1 exactly for draws, else at least 0. A
    :class:`Solution` made of such arrays answers every query with a value and a
    remoteness, never an IndexError.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.twoplayer.solution import check_arrays
    >>> check_arrays(np.array([3, 1], np.int8), np.array([1, -1], np.int32), None, "f")
    >>> check_arrays(np.array([7], np.int8), np.array([0], np.int32), None, "'f'")
    Traceback (most recent call last):
    ...
    grundy.core.errors.DatabaseError: 'f' is damaged: value code 7 at position 0 is not 0-3
    """
    import numpy as np

    value, remoteness = np.asarray(value), np.asarray(remoteness)
    if len(value) != len(remoteness) or (codes is not None and len(codes) != len(value)):
        raise DatabaseError(f"{where} is damaged: its arrays do not hold as many positions")
    bad = np.flatnonzero((value < 0) | (value > 3))
    if len(bad):
        at = int(bad[0])
        raise DatabaseError(
            f"{where} is damaged: value code {int(value[at])} at position {at} is not 0-3"
        )
    draw = value == Value.DRAW.code
    bad = np.flatnonzero((draw & (remoteness != -1)) | (~draw & (remoteness < 0)))
    if len(bad):
        at = int(bad[0])
        raise DatabaseError(
            f"{where} is damaged: remoteness {int(remoteness[at])} at position {at} does "
            f"not go with value code {int(value[at])}"
        )
