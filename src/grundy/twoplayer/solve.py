"""Strong solving: every position reachable from a start, by retrograde analysis."""

from __future__ import annotations

import inspect
from collections.abc import Hashable

from ..core.errors import InvalidGameError, MoveGenerationError, PositionLimitError
from ..core.graph import explore
from ..core.integers import shown
from ..core.progress import Chunks, Progress
from ..core.retrograde import label_graph
from ..core.solver import call_moves
from .game import Encoding, TwoPlayerGame, Value
from .solution import Solution, encoding_of

__all__ = ["solve", "check_encoding"]

Position = Hashable

#: Games with an encoding are solved in Python up to this many positions (tic-tac-toe has
#: 765), and by the compiled solver beyond: a new process loads numba in about 0.5 s.
PYTHON_SOLVE_UP_TO = 20_000
_ENCODING_CHECKS = 2_000  # positions whose coded rules are compared with the Python rules
_SIGN = {Value.WIN: 1, Value.TIE: 0, Value.LOSS: -1}  # Encoding.end_value's numbers


def solve(
    game: TwoPlayerGame,
    position: Position | None = None,
    *,
    symmetry: bool = True,
    compiled: bool | None = None,
    max_positions: int | None = None,
    progress: bool = False,
) -> Solution:
    """Solve every position reachable from `position` (default: the game's start).

    Parameters
    ----------
    game : TwoPlayerGame
        The rules.
    position : optional
        Where to start; default ``game.start()``.
    symmetry : bool
        Store one position per symmetry class (``game.canonical``).
    compiled : bool, optional
        Use the numba solver over the game's integer codes (:class:`Encoding`); default:
        when the game has an encoding and more than :data:`PYTHON_SOLVE_UP_TO`
        positions (found by trying Python first).
    max_positions : int, optional
        Cap on stored positions; default ``game.max_positions``.
    progress : bool
        Show a progress bar on stderr.

    Raises
    ------
    InvalidGameError
        `game` is not a :class:`TwoPlayerGame` (an impartial game is solved by
        :func:`grundy.impartial.loopy.solve`).
    PositionLimitError
        More than `max_positions` positions are reachable.
    MoveGenerationError
        The rules raised, returned unhashable positions, or the encoding disagrees with
        the Python rules (checked on the first positions reached).

    Examples
    --------
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import solve
    >>> solution = solve(TicTacToe(), symmetry=False)
    >>> len(solution), solution.value(TicTacToe().start())
    (5478, Value.TIE)

    Notes
    -----
    Retrograde analysis (:func:`grundy.core.retrograde.label_outcomes`): positions with no
    move get their value from ``payoff``; then wins and losses spread backwards in order
    of remoteness, then ties; what is left never ends (draws). Games with cycles are
    fine. The compiled path explores codes breadth first through a hash table and labels
    them in one kernel: O(V + E), several million positions a second.
    """
    if not isinstance(game, TwoPlayerGame):
        raise InvalidGameError(
            f"solve: {shown(game)} is not a TwoPlayerGame; an impartial game with cycles is "
            "solved by grundy.impartial.loopy.solve, one without by its grundy() and outcome()"
        )
    root = game.start() if position is None else game.check_position(position)
    limit = game.max_positions if max_positions is None else max_positions
    bar = _SolveProgress(progress, f"solving {game!r}")
    try:
        if compiled is None and _has_encoding(game) and limit > PYTHON_SOLVE_UP_TO:
            # Loading numba costs more than solving a small game in Python: try that first.
            try:
                return _solve_positions(game, root, symmetry, PYTHON_SOLVE_UP_TO, bar)
            except PositionLimitError:
                compiled = True
        if compiled is None:
            compiled = False  # small enough for Python whatever happens, or no encoding
        encoding = encoding_of(game) if compiled else None  # refused at once if none
        if encoding is not None:
            return _solve_codes(game, encoding, root, symmetry, limit, bar)
        return _solve_positions(game, root, symmetry, limit, bar)
    finally:
        bar.close()


def _has_encoding(game: TwoPlayerGame) -> bool:
    """Whether `game` has an :class:`Encoding`, without building it (that loads numba)."""
    return inspect.getattr_static(game, "encoding", None) is not None


def _solve_positions(
    game: TwoPlayerGame, root: Position, symmetry: bool, limit: int, bar: _SolveProgress
) -> Solution:
    key = game.canonical if symmetry else None
    graph = explore(
        game.moves,
        [root],
        key=key,
        limit=limit,
        name=repr(game),
        progress=bar.found if bar.shown else None,
    )
    start = graph.start
    ends = [
        game.end_value(p).code if start[a + 1] == start[a] else 0
        for a, p in enumerate(graph.positions)
    ]
    bar.phase("labelling", len(graph))
    # A player may move twice in a row (dots and boxes): say who moves where.
    player = [game.to_move(p) for p in graph.positions]
    value, remoteness = label_graph(start, graph.succ, ends, player)
    return Solution(
        game, root, symmetry, value, remoteness, positions=graph.positions, index=graph.index
    )


def _solve_codes(
    game: TwoPlayerGame,
    encoding: Encoding,
    root: Position,
    symmetry: bool,
    limit: int,
    bar: _SolveProgress,
) -> Solution:
    import numpy as np

    from . import _kernels as k

    canonical = encoding.canonical if symmetry and encoding.canonical is not None else k.identity
    check_encoding(game, root, symmetry)
    root_code = int(canonical(encoding.encode(root)))
    size = 1 << 16
    codes = np.empty(size, dtype=np.int64)
    start = np.zeros(size + 1, dtype=np.int64)
    succ = np.empty(4 * size, dtype=np.int64)
    table = k.new_table(18)
    codes[0] = root_code
    k.rehash(table, codes, 1)
    state = np.array([0, 1, 0], dtype=np.int64)
    chunks = Chunks(1 << 14)  # positions expanded per call
    while True:
        status = k.explore_codes(
            encoding.moves,
            canonical,
            encoding.max_moves,
            codes,
            table,
            start,
            succ,
            state,
            chunks.start(),
        )
        if state[1] > limit:
            raise PositionLimitError(
                f"{game!r}: more than {limit:,} positions are reachable; raise max_positions "
                "(memory grows ~100 bytes a position)"
            )
        if status == k.DONE:
            break
        if status == k.MORE_ROOM:
            found, edges = int(state[1]), int(state[2])
            if found + encoding.max_moves > len(codes):
                codes = np.resize(codes, 2 * len(codes))
                start = np.resize(start, len(codes) + 1)
            if edges + encoding.max_moves > len(succ):
                succ = np.resize(succ, 2 * len(succ))
            if 2 * (found + encoding.max_moves) > len(table):
                table = k.new_table(len(table).bit_length())  # twice the slots
                k.rehash(table, codes, found)
        else:  # the chunk is done
            chunks.done(full=True)
        bar.found(int(state[1]))
    n, edges = int(state[1]), int(state[2])
    codes, start, succ = codes[:n].copy(), start[: n + 1].copy(), succ[:edges].copy()
    del table
    bar.phase("labelling", n)
    ends = np.zeros(n, dtype=np.int8)
    k.end_values(encoding.end_value, codes, start, ends)
    value, remoteness = label_graph(start, succ, ends)  # coded games alternate turns
    return Solution(game, root, symmetry, value, remoteness, codes=codes)


def check_encoding(
    game: TwoPlayerGame, root: Position, symmetry: bool = False, positions: int = _ENCODING_CHECKS
) -> None:
    """Compare a game's coded rules with its Python rules on the first positions reached.

    Raises
    ------
    MoveGenerationError
        The codes of the options, the end values or the symmetry disagree; the message
        names the position.

    Examples
    --------
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import check_encoding
    >>> check_encoding(TicTacToe(), TicTacToe().start())
    """
    import numpy as np

    encoding = encoding_of(game)
    out = np.empty(encoding.max_moves, dtype=np.int64)
    seen = {root}
    queue = [root]
    for position in queue:
        if len(queue) > positions:
            break
        try:
            code = int(encoding.encode(position))
            count = int(encoding.moves(code, out))
            coded = sorted(int(c) for c in out[:count])
            expected = call_moves(game, position)
            wanted = sorted(int(encoding.encode(o)) for o in expected)
            if coded != wanted:
                raise ValueError(
                    f"its coded options {coded[:9]} are not the codes of its options {wanted[:9]}"
                )
            if not expected and int(encoding.end_value(code)) != _SIGN[game.end_value(position)]:
                raise ValueError("its coded end value disagrees with payoff()")
            if int(encoding.encode(encoding.decode(code))) != code:
                raise ValueError("decode() does not invert encode()")
            if symmetry and encoding.canonical is not None:
                if int(encoding.canonical(code)) != int(encoding.encode(game.canonical(position))):
                    raise ValueError("its coded canonical form disagrees with canonical()")
        except MoveGenerationError:
            raise
        except Exception as exc:
            raise MoveGenerationError(
                f"{game!r}: the encoding disagrees with the rules at "
                f"{game.format_position(position)}: {exc}"
            ) from None
        for option in expected:
            if option not in seen:
                seen.add(option)
                queue.append(option)


class _SolveProgress(Progress):
    """A live line on stderr: the phase, positions found, positions a second, the time."""

    def __init__(self, shown: bool, title: str) -> None:
        super().__init__(shown)
        self.title = title
        self.live(
            "spinner",
            "{task.description}",
            "{task.fields[detail]}",
            "elapsed",
            description=f"{title}: exploring",
            detail="",
        )

    def found(self, count: int) -> None:
        self.update(detail=f"{count:,} positions ({self.rate(count):,.0f}/s)")

    def phase(self, name: str, count: int) -> None:
        self.update(description=f"{self.title}: {name}", detail=f"{count:,} positions")
