"""Minimax payoffs over a game DAG: the first player maximises, the second minimises."""

from __future__ import annotations

from collections.abc import Hashable

from ..core.errors import LoopError, MoveGenerationError, PositionLimitError
from ..core.solver import call_moves
from .game import TwoPlayerGame

__all__ = ["minimax", "minimax_moves"]

Position = Hashable


def minimax(
    game: TwoPlayerGame, position: Position | None = None, *, max_positions: int | None = None
) -> int:
    """Return the payoff of `position` under perfect play: x(S) = max or min over options.

    At an ended position x(S) is ``game.payoff(S)``; elsewhere the maximum of the
    options' values when the first player moves, the minimum when the second does.

    Raises
    ------
    LoopError
        A position repeats (minimax needs a game that always ends; use :func:`solve`).
    PositionLimitError
        More than `max_positions` positions are needed.

    Examples
    --------
    >>> from grundy.twoplayer import TwoPlayerGame, minimax
    >>> class Pick(TwoPlayerGame):     # take 1 or 2 from a row of coins worth 1..n, in turn
    ...     def start(self): return (5, 0, 0)   # (coins left, player to move, score of 1st)
    ...     def moves(self, p):
    ...         n, who, score = p
    ...         taken = lambda k: sum(range(n - k + 1, n + 1)) * (1 if who == 0 else 0)
    ...         return [(n - k, 1 - who, score + taken(k)) for k in (1, 2) if k <= n]
    ...     def to_move(self, p): return p[1]
    ...     def payoff(self, p): return p[2]
    >>> minimax(Pick())                        # of the 15 points, the first player gets 10
    10
    """
    return _Minimax(game, max_positions).value(game.start() if position is None else position)


def minimax_moves(
    game: TwoPlayerGame, position: Position, *, max_positions: int | None = None
) -> list:
    """Return the options of `position` that keep its minimax payoff.

    Examples
    --------
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import minimax_moves
    >>> minimax_moves(TicTacToe(), "xx.oo....")
    ['xxxoo....']
    """
    search = _Minimax(game, max_positions)
    best = search.value(position)
    return [o for o in call_moves(game, position) if search.value(o) == best]


class _Minimax:
    def __init__(self, game: TwoPlayerGame, max_positions: int | None) -> None:
        self.game = game
        self.limit = game.max_positions if max_positions is None else max_positions
        self.memo: dict = {}  # canonical position -> payoff

    def value(self, root: Position) -> int:
        game, memo, key = self.game, self.memo, self.game.canonical
        on_stack: set = set()
        stack: list = []

        def push(position: Position) -> None:
            options = call_moves(game, position)
            if not options:
                payoff = game.payoff(position)
                if type(payoff) is not int:
                    raise MoveGenerationError(
                        f"{game!r}: payoff({position!r}) returned {payoff!r}, not an int"
                    )
                memo[key(position)] = payoff
                return
            if len(memo) + len(stack) >= self.limit:
                raise PositionLimitError(
                    f"{game!r}: more than {self.limit:,} positions needed "
                    "for minimax; raise max_positions"
                )
            k = key(position)
            on_stack.add(k)
            stack.append([k, options, 0, None, game.to_move(position) == 0])

        if key(root) not in memo:
            push(root)
        while stack:
            frame = stack[-1]
            k, options, i, best, maximising = frame
            pending = None
            while i < len(options):
                child = key(options[i])
                v = memo.get(child)
                if v is None:
                    if child in on_stack:
                        raise LoopError(
                            f"{game!r}: position {options[i]!r} repeats; minimax "
                            "needs a game that ends (use twoplayer.solve)",
                            (options[i],),
                        )
                    pending = options[i]
                    break
                if best is None or (v > best if maximising else v < best):
                    best = v
                i += 1
            frame[2], frame[3] = i, best
            if pending is not None:
                push(pending)
                continue
            stack.pop()
            on_stack.discard(k)
            memo[k] = best
        return memo[key(root)]
