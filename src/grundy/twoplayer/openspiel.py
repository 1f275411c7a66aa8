"""OpenSpiel games as two-player games: any 2-player, deterministic, perfect-information game."""

from __future__ import annotations

import contextlib
import operator
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.errors import InvalidGameError, InvalidPositionError, UnknownGameError
from ..core.integers import parse_int
from .game import TwoPlayerGame

__all__ = ["OpenSpielGame", "DEFAULT_CACHE_SIZE"]

#: States kept by an :class:`OpenSpielGame` so that a move replays one action, not a game.
DEFAULT_CACHE_SIZE = 1 << 16

_INSTALL = 'pip install "grundy[openspiel]"'
_SUPPORTED = (
    "grundy solves 2-player, sequential, deterministic, perfect-information, zero-sum games"
)


def _pyspiel() -> Any:
    """Import pyspiel on first use, so that grundy itself never needs it."""
    try:
        # pyspiel is a compiled extension without type stubs: mypy cannot read it.
        import pyspiel  # type: ignore[import-not-found]
    except ImportError as exc:
        raise InvalidGameError(f"OpenSpiel games need the pyspiel module: {_INSTALL}") from exc
    return pyspiel


class OpenSpielGame(TwoPlayerGame):
    """A game from OpenSpiel, seen through the :class:`TwoPlayerGame` protocol.

    A position is the tuple of actions played from the initial state (so the start is
    ``()``); its options append one legal action. With ``transpositions=True`` (the
    default) :meth:`canonical` maps a position to its state's text ``str(state)`` and the
    player to move, so that move orders reaching the same state are solved once.

    Parameters
    ----------
    game : str or pyspiel.Game
        An OpenSpiel game name (``"tic_tac_toe"``), a game string with parameters
        (``"connect_four(rows=4,columns=5)"``), or a loaded ``pyspiel.Game``.
    params : mapping, optional
        Game parameters, when `game` is a name: ``{"pile_sizes": "1;2;3"}``.
    transpositions : bool
        Merge positions whose states print the same (see Notes); False keys positions
        by their whole history: always sound, but the search tree is not shared.
    cache_size : int
        How many OpenSpiel states to keep, most recently used first.

    Raises
    ------
    InvalidGameError
        pyspiel is not installed (``pip install "grundy[openspiel]"``), the parameters
        are wrong, or the game is not 2-player, sequential, deterministic, perfect
        information and zero-sum (or constant-sum).
    UnknownGameError
        OpenSpiel has no game of that name.

    Examples
    --------
    >>> from grundy.twoplayer.openspiel import OpenSpielGame
    >>> game = OpenSpielGame("tic_tac_toe")
    >>> game
    OpenSpielGame('tic_tac_toe()')
    >>> p = (4, 0, 8)                       # x in the centre, o in a corner, x opposite
    >>> game.format_position(p), game.to_move(p)
    ('o.. | .x. | ..x', 1)
    >>> game.moves(p)[:3]
    [(4, 0, 8, 1), (4, 0, 8, 2), (4, 0, 8, 3)]
    >>> game.describe_move(p, (4, 0, 8, 2))
    'o(0,2)'
    >>> game.canonical((0, 4, 8)) == game.canonical((8, 4, 0))    # same board
    True
    >>> OpenSpielGame("kuhn_poker")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: OpenSpiel game 'kuhn_poker()' is not deterministic (it ...

    Notes
    -----
    Transpositions rest on an assumption: the text of a state, with the player to move,
    determines everything about its future (legal moves, returns, the end). That holds
    for tic_tac_toe, connect_four, nim, hex, dots_and_boxes...; a game whose text leaves
    out a move counter or a repetition history it plays by breaks it: pass
    ``transpositions=False`` there. OpenSpiel games always end (they have a maximum
    length), so the positions form a DAG.

    The first player's score at an ended position is ``returns()[0]`` (zero-sum games)
    or ``returns()[0] - returns()[1]`` (constant-sum ones, where a tie is not 0); a
    score that is not a whole number counts by its sign only. At an ended position
    OpenSpiel has no player to move: :meth:`to_move` says the opponent of the player
    who made the last move. A player may move twice in a row (dots_and_boxes).

    Each position's state is built from its parent's, which the cache usually holds,
    so a move costs one ``clone`` and one ``apply_action``; a position whose parent was
    evicted is replayed from the start.
    """

    def __init__(
        self,
        game: Any,
        params: Mapping[str, Any] | None = None,
        *,
        transpositions: bool = True,
        cache_size: int = DEFAULT_CACHE_SIZE,
    ) -> None:
        pyspiel = _pyspiel()
        if isinstance(game, str):
            game = _load(pyspiel, game, params)
        elif not isinstance(game, pyspiel.Game):
            raise InvalidGameError(f"expected an OpenSpiel game name or pyspiel.Game, got {game!r}")
        elif params:
            raise InvalidGameError(f"params {dict(params)!r} given with a loaded game {game}")
        if operator.index(cache_size) < 1:
            raise InvalidGameError(f"cache_size must be at least 1, got {cache_size!r}")
        _check_supported(pyspiel, game)
        self.pyspiel_game = game
        self.name = str(game)
        self.transpositions = bool(transpositions)
        self.cache_size = int(cache_size)
        utility = game.get_type().utility
        # Constant-sum games pay e.g. (1, 0) and (0.5, 0.5): the difference has the right sign.
        self._difference = utility == pyspiel.GameType.Utility.CONSTANT_SUM
        self._root = game.new_initial_state()
        self._cache: OrderedDict[tuple, Any] = OrderedDict()

    # ----------------------------------------------------------------- the rules
    def start(self) -> tuple:
        """Return the start: no action played yet.

        Examples
        --------
        >>> OpenSpielGame("tic_tac_toe").start()
        ()
        """
        return ()

    def moves(self, position: tuple) -> list[tuple]:
        """Return `position` extended by each legal action (none when the game is over).

        Examples
        --------
        >>> game = OpenSpielGame("nim", {"pile_sizes": "1;2", "is_misere": False})
        >>> game.moves(())
        [(0,), (1,), (3,)]
        >>> [game.describe_move((), p) for p in game.moves(())]
        ['pile:1, take:1;', 'pile:2, take:1;', 'pile:2, take:2;']
        """
        state = self._state(position)
        if state.is_terminal():
            return []
        return [position + (action,) for action in state.legal_actions()]

    def to_move(self, position: tuple) -> int:
        """Return the player to move: 0 or 1 (at the end, the last mover's opponent).

        Examples
        --------
        >>> game = OpenSpielGame("tic_tac_toe")
        >>> game.to_move(()), game.to_move((4,)), game.to_move((0, 3, 1, 4, 2))  # x won
        (0, 1, 1)
        """
        player = self._state(position).current_player()
        if player >= 0:
            return player
        # Terminal: OpenSpiel names no player, so say the one who did not make the last move.
        return 1 - self._state(position[:-1]).current_player() if position else 0

    def payoff(self, position: tuple) -> int:
        """Return the first player's score at an ended position (> 0 a win, 0 a tie).

        Raises
        ------
        InvalidPositionError
            The game is not over at `position`.

        Examples
        --------
        >>> game = OpenSpielGame("tic_tac_toe")
        >>> game.payoff((0, 3, 1, 4, 2)), game.payoff((0, 3, 1, 4, 8, 5))   # x wins, o wins
        (1, -1)
        """
        state = self._state(position)
        if not state.is_terminal():
            raise InvalidPositionError(f"{self!r}: the game is not over at {position!r}")
        returns = state.returns()
        score = returns[0] - returns[1] if self._difference else returns[0]
        if float(score).is_integer():
            return int(score)
        return (score > 0) - (score < 0)

    def canonical(self, position: tuple) -> Any:
        """Return the key of `position`'s state: its text and the player to move.

        With ``transpositions=False`` the key is the position itself.

        Examples
        --------
        >>> game = OpenSpielGame("tic_tac_toe")
        >>> game.canonical((4, 0))
        ('o..\\n.x.\\n...', 0)
        >>> OpenSpielGame("tic_tac_toe", transpositions=False).canonical((4, 0))
        (4, 0)
        """
        if not self.transpositions:
            return position
        return (str(self._state(position)), self.to_move(position))

    def state(self, position: tuple) -> Any:
        """Return the OpenSpiel state of `position` (a copy: change it freely).

        Examples
        --------
        >>> state = OpenSpielGame("tic_tac_toe").state((4,))
        >>> state.current_player(), state.legal_actions()[:4]
        (1, [0, 1, 2, 3])
        """
        return self._state(self.check_position(position)).clone()

    # ----------------------------------------------------------------- notation
    def check_position(self, position: Any) -> tuple:
        """Return `position` as a tuple of actions, each legal where it is played.

        Raises
        ------
        InvalidPositionError
            `position` is not a sequence of ints, or plays an illegal action.

        Examples
        --------
        >>> game = OpenSpielGame("tic_tac_toe")
        >>> game.check_position([4, 0])
        (4, 0)
        >>> game.check_position([4, 4])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: ...: action 4 at index 1 of (4, 4) is not legal
        """
        if isinstance(position, str | bytes) or not isinstance(position, Sequence):
            raise InvalidPositionError(
                f"{self!r}: a position is a sequence of actions, got {position!r}"
            )
        try:
            position = tuple(operator.index(a) for a in position)
        except TypeError:
            raise InvalidPositionError(
                f"{self!r}: a position is a sequence of int actions, got {position!r}"
            ) from None
        self._state(position)  # replays and checks every action
        return position

    def parse_position(self, tokens: Sequence[str]) -> tuple:
        """Read a position from moves, each an action's name or its number.

        Examples
        --------
        >>> game = OpenSpielGame("tic_tac_toe")
        >>> game.parse_position(["x(1,1)", "o(0,0)", "8"])
        (4, 0, 8)
        >>> game.parse_position([])
        ()
        """
        position: tuple = ()
        for token in tokens:
            state = self._state(position)
            legal = [] if state.is_terminal() else state.legal_actions()
            player = state.current_player()
            names = {state.action_to_string(player, a): a for a in legal}
            number = None
            with contextlib.suppress(InvalidPositionError):  # '²' is no action number
                number = parse_int(token)
            if token in names:
                action = names[token]
            elif number in legal:
                action = number
            else:
                raise InvalidPositionError(
                    f"{self!r}: {token!r} is not a legal move after {position!r}"
                    f" (legal: {', '.join(names) or 'none, the game is over'})"
                )
            position += (action,)
        return position

    def format_position(self, position: tuple) -> str:
        """Write the state's text on one line, its rows separated by `` | ``.

        Examples
        --------
        >>> OpenSpielGame("tic_tac_toe").format_position((4, 0))
        'o.. | .x. | ...'
        """
        lines = str(self._state(position)).strip("\n").splitlines()
        return " | ".join(line.rstrip() for line in lines)

    def describe_move(self, before: tuple, after: tuple) -> str:
        """Name the action that leads from `before` to `after`, as OpenSpiel does.

        Examples
        --------
        >>> OpenSpielGame("tic_tac_toe").describe_move((), (4,))
        'x(1,1)'
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        if len(after) == len(before) + 1 and after[:-1] == before:
            state = self._state(before)
            return state.action_to_string(state.current_player(), after[-1])
        return super().describe_move(before, after)

    def __repr__(self) -> str:
        return f"OpenSpielGame({self.name!r})"

    def __getstate__(self) -> dict:
        # States are rebuilt on demand: do not ship the cache with a pickled game.
        return {k: v for k, v in self.__dict__.items() if k not in ("_cache", "_root")}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._root = self.pyspiel_game.new_initial_state()
        self._cache = OrderedDict()

    # ----------------------------------------------------------------- states
    def _state(self, position: tuple) -> Any:
        """The (shared, not to be changed) OpenSpiel state after the actions `position`."""
        if type(position) is not tuple:
            raise InvalidPositionError(
                f"{self!r}: a position is a tuple of actions, got {position!r}"
            )
        if not position:
            return self._root
        cache = self._cache
        state = cache.get(position)
        if state is not None:
            cache.move_to_end(position)
            return state
        parent = cache.get(position[:-1])
        if parent is not None:
            start, state = len(position) - 1, parent.clone()
        else:
            start, state = 0, self._root.clone()
        for i in range(start, len(position)):
            action = position[i]
            # Each game checks legality its own way (if at all): check here, naming the index.
            if state.is_terminal() or action not in state.legal_actions():
                raise InvalidPositionError(
                    f"{self!r}: action {action!r} at index {i} of {position!r} is not legal"
                )
            state.apply_action(action)
        cache[position] = state
        if len(cache) > self.cache_size:
            cache.popitem(last=False)
        return state


def _load(pyspiel: Any, name: str, params: Mapping[str, Any] | None) -> Any:
    """Load an OpenSpiel game by name, turning its errors into grundy's."""
    short = name.split("(", 1)[0].strip()
    if short not in pyspiel.registered_names():
        raise UnknownGameError(f"OpenSpiel has no game {name!r}")
    if params:
        # Checked here because pyspiel also prints its own error to stderr.
        known = pyspiel.load_game(short).get_type().parameter_specification
        unknown = sorted(set(params) - set(known))
        if unknown:
            raise InvalidGameError(
                f"OpenSpiel game {short!r} has no parameter {unknown[0]!r}"
                f" (it has: {', '.join(sorted(known)) or 'none'})"
            )
    try:
        return pyspiel.load_game(name, dict(params)) if params else pyspiel.load_game(name)
    except pyspiel.SpielError as exc:
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise InvalidGameError(f"cannot load OpenSpiel game {name!r}: {detail}") from None


def _check_supported(pyspiel: Any, game: Any) -> None:
    """Refuse a game the two-player solver cannot treat, naming every property it lacks."""
    kind = game.get_type()
    types = pyspiel.GameType
    problems = []
    if game.num_players() != 2:
        problems.append(f"is not 2-player (it has {game.num_players()} players)")
    if kind.dynamics != types.Dynamics.SEQUENTIAL:
        problems.append("is not sequential (its players move simultaneously)")
    if kind.chance_mode != types.ChanceMode.DETERMINISTIC:
        problems.append("is not deterministic (it has chance nodes)")
    if kind.information != types.Information.PERFECT_INFORMATION:
        problems.append("has imperfect information")
    if kind.utility not in (types.Utility.ZERO_SUM, types.Utility.CONSTANT_SUM):
        problems.append("is not zero-sum")
    if problems:
        text = ", ".join(problems)
        raise InvalidGameError(f"OpenSpiel game '{game}' {text}; {_SUPPORTED}")
