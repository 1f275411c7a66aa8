"""Remoteness: how many moves a game lasts when the winner hurries and the loser stalls."""

from __future__ import annotations

import gc
from collections.abc import Callable, Hashable
from typing import Any

from ..core.errors import LoopError, PositionLimitError
from ..core.solver import check_hashable
from ..core.sums import Sum

__all__ = ["RemotenessSearch"]

Position = Hashable


class RemotenessSearch:
    """Smith's remoteness of every position reached, by an explicit-stack search.

    A position with no move has remoteness 0 (its player to move loses in normal play,
    wins in misère play). Otherwise the player to move wins when some option is lost for
    the opponent, and then takes the fastest such option: remoteness 1 + the least
    remoteness of a losing option; a loser takes the slowest option: 1 + the greatest
    remoteness of any option. Values are stored as ``2 * remoteness + wins``.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> game = Nim()
    >>> search = RemotenessSearch(game, game.options, None, misere=False)
    >>> search.remoteness((1, 2), limit=1000), search.next_player_wins((1, 2), 1000)
    (3, True)
    """

    def __init__(
        self,
        game: Any,
        whole_moves: Callable[[Any], list[Any]],  # a Sum's moves are moves in one part
        canonical: Callable[[Any], Position] | None,
        misere: bool,
    ) -> None:
        self.game = game
        self.whole_moves = whole_moves
        self.canonical = canonical
        self.misere = misere
        self.memo: dict[Position, int] = {}  # key -> 2 * remoteness + (player to move wins)
        self.positions = 0  # options lists generated (work done)

    def remoteness(self, root: Position, limit: int) -> int:
        """The remoteness of `root` (searching what is not stored yet)."""
        return self._coded(root, limit) >> 1

    def next_player_wins(self, root: Position, limit: int) -> bool:
        """Whether the player to move wins from `root`."""
        return bool(self._coded(root, limit) & 1)

    def _key(self, position: Position) -> Position:
        if self.canonical is None:
            return position
        if isinstance(position, Sum):
            return Sum(*map(self.canonical, position.parts))
        return self.canonical(position)

    def _coded(self, root: Position, limit: int) -> int:
        key = self._key(root)
        found = self.memo.get(key)
        if found is None:
            gc_was_enabled = gc.isenabled()
            gc.disable()  # millions of frames that never form cycles: see GrundySolver
            try:
                self._search(root, key, limit)
            finally:
                if gc_was_enabled:
                    gc.enable()
            found = self.memo[key]
        return found

    def _search(self, root: Position, root_key: Position, limit: int) -> None:
        memo, key_of = self.memo, self._key
        terminal = int(self.misere)  # remoteness 0, and the mover wins only in misère play
        on_stack: set[Position] = set()
        # A frame: [key, options, next index, least losing option code or -1, greatest code]
        stack: list[list[Any]] = []

        def push(position: Position, key: Position) -> None:
            if len(memo) + len(stack) >= limit:
                raise PositionLimitError(
                    f"{self.game!r}: more than {limit:,} positions needed for the "
                    "remoteness search; raise max_positions"
                )
            options = self.whole_moves(position)
            self.positions += 1
            if not options:
                memo[key] = terminal
                return
            on_stack.add(key)
            stack.append([key, options, 0, -1, 0])

        try:
            push(root, root_key)
            while stack:
                frame = stack[-1]
                options, i, fastest, slowest = frame[1], frame[2], frame[3], frame[4]
                pending = None
                while i < len(options):
                    child = key_of(options[i])
                    code = memo.get(child)
                    if code is None:
                        pending = child
                        break
                    if not code & 1:  # a loss for the opponent: a winning option
                        if fastest < 0 or code < fastest:
                            fastest = code
                    elif code > slowest:
                        slowest = code
                    i += 1
                if pending is None:
                    stack.pop()
                    on_stack.discard(frame[0])
                    # code 2r (a loss) -> 2(r + 1) + 1; code 2r + 1 (a win) -> 2(r + 1)
                    memo[frame[0]] = fastest + 3 if fastest >= 0 else (slowest | 1) + 1
                    continue
                frame[2], frame[3], frame[4] = i, fastest, slowest
                if pending in on_stack:
                    raise LoopError(
                        f"{self.game!r} has a cycle through {pending!r}; remoteness needs "
                        "a game that ends (grundy.impartial.loopy.solve handles cycles)",
                        (pending,),
                    )
                push(options[i], pending)
        except TypeError:
            if stack:
                check_hashable(self.game, stack[-1][0], list(stack[-1][1]))
            raise
