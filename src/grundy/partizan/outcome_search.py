"""Outcome-only search of partizan games: who wins a big board, without its canonical form.

A position is split into its independent regions (the game's ``components`` hook). Each
region whose canonical form is cheap (at most ``settle_positions`` values to store) is
replaced by that value, and the settled values are added into one
:class:`~grundy.partizan.CanonicalGame` ``v``; a region in which nobody can move is 0
and dropped, and a region meeting its own negative cancels with it. Only the sum of the
big regions plus ``v`` is searched, move by move (a move in ``v`` goes to one of its
canonical options), by a depth-first boolean search: the player to move wins when some
move leaves the opponent, to move, losing; the first such move found ends the search of
that position. Positions are stored in a transposition table keyed by their regions'
canonical keys (reflections of a board are one key), ``v`` and who moves.

The outcome of a sum is not a function of its parts' outcomes (``* + *`` is a second-player
win, ``*`` a first-player win), so the small regions are kept as values, not outcomes;
once no big region is left, who wins is read from ``v``: Left moving first wins when
``v`` is not <= 0, Right when ``v`` is not >= 0.

Examples
--------
>>> from grundy.partizan.games import Domineering
>>> search = OutcomeSearch(Domineering())
>>> search.outcome("4x4"), search.outcome("2x4"), search.wins("5x2", "Left")
(Outcome.N, Outcome.R, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.errors import InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.outcome import Outcome
from .canonical import ZERO, CanonicalGame

__all__ = [
    "OutcomeSearch",
    "OutcomeStats",
    "DEFAULT_TABLE_POSITIONS",
    "DEFAULT_SETTLE_POSITIONS",
    "outcome_of",
]

#: The most positions the transposition table (and the table of regions met) keeps.
DEFAULT_TABLE_POSITIONS = 2_000_000
#: A region is settled (replaced by its canonical form) when its value needs at most
#: this many new values stored by the game.
DEFAULT_SETTLE_POSITIONS = 10

#: The regions of a position (their canonical keys, each with how many times it occurs).
Regions = frozenset[tuple[Any, int]]
#: A position of the search: the big regions, the settled value, whether Left moves.
State = tuple[Regions, CanonicalGame, bool]


class _Game(Protocol):
    """What the search reads of a game (a :class:`~grundy.partizan.PartizanGame`); a
    protocol, so that the game class can call this module without an import circle."""

    max_positions: int

    def check_position(self, position: Any) -> Any: ...
    def format_position(self, position: Any) -> str: ...
    def left_options(self, position: Any) -> Iterable[Any]: ...
    def right_options(self, position: Any) -> Iterable[Any]: ...
    def components(self, position: Any) -> Sequence[Any] | None: ...
    def canonical(self, position: Any) -> Any: ...
    def negative(self, position: Any) -> Any | None: ...
    def value_within(self, position: Any, positions: int) -> CanonicalGame | None: ...


@dataclass(frozen=True, slots=True)
class OutcomeStats:
    """The work of an outcome search, counted (the same on any machine).

    Attributes
    ----------
    positions : int
        Positions searched: each had its moves listed once.
    table_hits : int
        Positions answered by the transposition table.
    settled : int
        Distinct regions replaced by their canonical form (dead regions included).
    unsettled : int
        Distinct regions too big to settle, searched move by move.
    stored : int
        Entries in the transposition table and the table of regions.

    Examples
    --------
    >>> OutcomeStats(positions=3, table_hits=0, settled=1, unsettled=1, stored=5)
    OutcomeStats(positions=3, table_hits=0, settled=1, unsettled=1, stored=5)
    """

    positions: int
    table_hits: int
    settled: int
    unsettled: int
    stored: int


class _Region:
    """A big region's moves for each player: (the big parts left, the value settled)."""

    __slots__ = ("moves", "negative")

    def __init__(self) -> None:
        self.moves: dict[bool, list[tuple[tuple[Any, ...], CanonicalGame]]] = {}
        self.negative: Any = None


class OutcomeSearch:
    """Who wins positions of a partizan game, searched without their canonical forms.

    Parameters
    ----------
    game : PartizanGame
        The rules; its hooks ``components``, ``canonical`` and ``negative`` split,
        share and cancel regions, and its values settle the small ones.
    max_positions : int
        The most entries the transposition table and the table of regions keep
        together; more raises :class:`~grundy.core.errors.PositionLimitError`.
    settle_positions : int
        A region is replaced by its canonical form when that needs at most this many new
        values stored by the game (0: only values known already, and dead regions).
    decompose : bool
        Split positions into regions and settle the small ones (False: search whole
        positions move by move, as a plain minimax with the table).
    transpositions : bool
        Keep the transposition table (False: every position is searched each time it is
        met; the table of regions is kept).

    Raises
    ------
    InvalidGameError
        A limit that is not a positive int (`settle_positions`: non-negative).

    Examples
    --------
    >>> from grundy.partizan.games import Clobber
    >>> search = OutcomeSearch(Clobber, settle_positions=0)
    >>> search.outcome("xoxoxo"), search.outcome("xoxoxoxo")
    (Outcome.P, Outcome.N)
    >>> search.stats.positions > 0
    True

    Notes
    -----
    Sound because a position's outcome depends only on its value: the settled regions
    are exactly their canonical forms, a region plus its negative is 0, and reflections
    of a region are the same game. The search is depth-first with its own stack (a line
    of play may be longer than Python's recursion allows). Before a position's moves are
    searched, each is looked up in the table and a move to a position it already knows
    the opponent loses ends the search (enhanced transposition cutoff); the others are
    tried in the order of the opponent's moves left, fewest first.
    """

    def __init__(
        self,
        game: Any,
        *,
        max_positions: int = DEFAULT_TABLE_POSITIONS,
        settle_positions: int = DEFAULT_SETTLE_POSITIONS,
        decompose: bool = True,
        transpositions: bool = True,
    ) -> None:
        if type(max_positions) is not int or max_positions < 1:
            raise InvalidGameError(f"max_positions {max_positions!r} must be a positive int")
        if type(settle_positions) is not int or settle_positions < 0:
            raise InvalidGameError(
                f"settle_positions {settle_positions!r} must be a non-negative int"
            )
        self.game: _Game = game
        self.max_positions = max_positions
        self.settle_positions = settle_positions
        self.decompose = decompose
        self.transpositions = transpositions
        self._table: dict[State, bool] = {}
        self._parts: dict[Any, CanonicalGame | None] = {}  # region key -> value, or None: big
        self._regions: dict[Any, _Region] = {}
        self._tries: dict[int, list[int]] = {}
        self._counts: dict[tuple[Any, bool], int] = {}
        self._positions = 0
        self._hits = 0

    # ----------------------------------------------------------------- answers
    def outcome(self, position: Any) -> Outcome:
        """L, R, P or N: who wins `position` with the best play.

        Raises
        ------
        PositionLimitError
            The tables would hold more than ``max_positions`` entries.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> OutcomeSearch(Domineering()).outcome("3x3")
        Outcome.N
        """
        root = self._root(position)
        left_wins = self._wins(root, True)
        right_wins = self._wins(root, False)
        if left_wins:
            return Outcome.N if right_wins else Outcome.L
        return Outcome.R if right_wins else Outcome.P

    def wins(self, position: Any, player: str) -> bool:
        """Whether `player` ("Left" or "Right"), moving first in `position`, wins.

        Raises
        ------
        InvalidPositionError
            `player` is not "Left" or "Right".

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> search = OutcomeSearch(Domineering())
        >>> search.wins("2x3", "Left"), search.wins("2x3", "Right")
        (True, True)
        """
        if player not in ("Left", "Right"):
            raise InvalidPositionError(f"player {player!r} is not 'Left' or 'Right'")
        return self._wins(self._root(position), player == "Left")

    @property
    def stats(self) -> OutcomeStats:
        """The work done so far (see :class:`OutcomeStats`).

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> search = OutcomeSearch(Domineering()); _ = search.outcome("2x2")
        >>> search.stats.settled
        1
        """
        settled = sum(value is not None for value in self._parts.values())
        return OutcomeStats(
            positions=self._positions,
            table_hits=self._hits,
            settled=settled,
            unsettled=len(self._parts) - settled,
            stored=self._stored(),
        )

    def clear(self) -> None:
        """Forget the tables and the counts (the game keeps the values it stored).

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> search = OutcomeSearch(Domineering()); _ = search.outcome("3x3"); search.clear()
        >>> search.stats.positions, search.stats.stored
        (0, 0)
        """
        self._table.clear()
        self._parts.clear()
        self._regions.clear()
        self._tries.clear()
        self._counts.clear()
        self._positions = self._hits = 0

    # ----------------------------------------------------------------- regions
    def _stored(self) -> int:
        return len(self._table) + len(self._parts) + len(self._regions) + len(self._counts)

    def _room(self) -> None:
        if self._stored() >= self.max_positions:
            raise PositionLimitError(
                f"{self.game!r}: the outcome search needs more than {self.max_positions:,} "
                "positions stored; raise max_positions to go on"
            )

    def _root(self, position: Any) -> tuple[Regions, CanonicalGame]:
        position = self.game.check_position(position)
        big: list[Any] = []
        value = self._split(position, big, settle=True)
        return self._regions_of(big), value

    def _split(self, position: Any, big: list[Any], settle: bool) -> CanonicalGame:
        """Add the big regions of `position` to `big` and return the sum of the settled
        ones; a region not met before is tried (`settle`) or counted big for now."""
        game = self.game
        if not self.decompose:
            big.append(game.canonical(position))
            return ZERO
        parts = game.components(position)
        value = ZERO
        for part in (position,) if parts is None else parts:
            key = game.canonical(part)
            if key in self._parts:
                found = self._parts[key]
            else:
                found = self._settle(key) if settle else None
            if found is None:
                big.append(key)
            else:
                value = value + found
        return value

    def _settle(self, key: Any) -> CanonicalGame | None:
        """The value of the region `key` when it is cheap (a dead region is 0), else None.

        Whether a region is cheap is known only by trying, and a failed try costs
        ``settle_positions`` values, so regions with as many moves as those that mostly
        failed are not tried (a guess that changes the work, never the answer)."""
        self._room()
        game = self.game
        moves = len(list(game.left_options(key))) + len(list(game.right_options(key)))
        tries = self._tries.setdefault(moves, [0, 0])  # [settled, too big]
        found: CanonicalGame | None = None
        if moves == 0:
            found = ZERO
        elif tries[1] <= 2 * tries[0] + 2:
            found = game.value_within(key, self.settle_positions)
            tries[found is None] += 1
        self._parts[key] = found
        return found

    def _normal(self, state: State) -> State:
        """`state` with its regions not met before tried, and the settled ones added to
        its value."""
        regions, value, left = state
        if not self.decompose or all(key in self._parts for key, _ in regions):
            return state
        big: list[Any] = []
        for key, count in _in_order(regions):
            found = self._parts[key] if key in self._parts else self._settle(key)
            if found is None:
                big.extend([key] * count)
            else:
                for _ in range(count):
                    value = value + found
        return self._regions_of(big), value, left

    def _regions_of(self, keys: list[Any]) -> Regions:
        """The multiset of `keys`, a region and its negative cancelled (G + -G = 0)."""
        counts = Counter(keys)
        if self.decompose and len(keys) > 1:
            for key in list(counts):
                twin = self._region(key).negative
                if twin is None or counts[key] == 0 or counts.get(twin, 0) == 0:
                    continue
                if twin == key:
                    counts[key] %= 2  # G = -G: two copies cancel
                else:
                    pairs = min(counts[key], counts[twin])
                    counts[key] -= pairs
                    counts[twin] -= pairs
        return frozenset((key, n) for key, n in counts.items() if n)

    def _region(self, key: Any) -> _Region:
        region = self._regions.get(key)
        if region is None:
            self._room()
            region = self._regions[key] = _Region()
            if self.decompose:
                game = self.game
                twin = game.negative(key)
                if twin is not None:
                    region.negative = game.canonical(twin)
                elif set(game.left_options(key)) == set(game.right_options(key)):
                    region.negative = key  # both players have the same moves: G = -G
        return region

    def _moves(self, key: Any, left: bool) -> list[tuple[tuple[Any, ...], CanonicalGame]]:
        """The moves of `left` (or Right) in the big region `key`: for each option, its
        big parts and the sum of its settled ones."""
        region = self._region(key)
        moves = region.moves.get(left)
        if moves is None:
            options = self.game.left_options(key) if left else self.game.right_options(key)
            moves = []
            for option in options:
                big: list[Any] = []
                value = self._split(option, big, settle=False)
                moves.append((tuple(big), value))
            region.moves[left] = moves
        return moves

    # ----------------------------------------------------------------- the search
    def _children(self, state: State) -> Iterator[State]:
        """The positions the player to move in `state` can move to."""
        regions, value, left = state
        for key, count in _in_order(regions):
            rest = Counter(dict(regions))
            if count == 1:
                del rest[key]
            else:
                rest[key] -= 1
            for big, gained in self._moves(key, left):
                keys = list(rest.elements())
                for part in big:  # a part settled since the move was listed
                    found = self._parts.get(part)
                    if found is None:
                        keys.append(part)
                    else:
                        gained = gained + found
                yield self._regions_of(keys), value + gained, not left
        for option in value.left if left else value.right:
            yield regions, option, not left

    def _known(self, state: State) -> bool | None:
        """Whether the player to move in `state` wins, when that needs no search."""
        regions, value, left = state
        if not regions:  # only the settled value is left: read it
            return not (value <= ZERO) if left else not (value >= ZERO)
        found = self._table.get(state)
        if found is not None:
            self._hits += 1
        return found

    def _wins(self, root: tuple[Regions, CanonicalGame], left: bool) -> bool:
        """Whether the player to move (Left if `left`) wins the root, searched depth
        first with a stack of frames (position, its moves still to try)."""
        state: State = (root[0], root[1], left)
        known = self._known(state)
        if known is not None:
            return known
        stack: list[tuple[State, Iterator[State]]] = []
        opened: set[State] = set()
        self._open(state, stack, opened)
        answer: bool | None = None  # whether the mover of the position just decided wins
        while True:
            current, children = stack[-1]
            if answer is False:  # the last move leaves the opponent losing: current is won
                won: bool | None = True
            else:
                won = None
                for child in children:
                    found = self._known(child)
                    if found is None:
                        child = self._normal(child)
                        found = self._known(child)
                    if found is None:
                        break
                    if not found:
                        won = True
                        break
                else:
                    won = False
                if won is None:  # a child to search first
                    self._open(child, stack, opened)
                    answer = None
                    continue
            answer = bool(won)
            stack.pop()
            opened.discard(current)
            if self.transpositions:
                self._room()
                self._table[current] = answer
            if not stack:
                return answer

    def _open(self, state: State, stack: list[Any], opened: set[State]) -> None:
        if state in opened:
            raise InvalidGameError(
                f"{self.game!r}: a position can be reached from itself; an outcome needs a "
                "game that ends"
            )
        self._positions += 1
        opened.add(state)
        stack.append((state, self._ordered(state)))

    def _ordered(self, state: State) -> Iterator[State]:
        """The children of `state`: one the table or the value shows lost for the
        opponent first (a cutoff without search), then the others, the opponent's
        fewest moves first."""
        children = list(self._children(state))
        rest = []
        for child in children:
            if self._known(child) is False:
                yield child
                return
            rest.append(child)
        rest.sort(key=self._mobility)
        yield from rest

    def _mobility(self, state: State) -> int:
        """The number of moves of the player to move in `state`, in its big regions."""
        regions, _, left = state
        counts = self._counts
        total = 0
        for key, count in regions:
            found = counts.get((key, left))
            if found is None:
                self._room()
                options = self.game.left_options(key) if left else self.game.right_options(key)
                found = counts[(key, left)] = len(list(options))
            total += found * count
        return total


def _in_order(regions: Regions) -> list[tuple[Any, int]]:
    """The regions in an order that does not depend on string hashing (which changes
    from run to run), so that the work done is the same in every run."""
    return sorted(regions, key=repr) if len(regions) > 1 else list(regions)


def outcome_of(game: Any, position: Any, **options: Any) -> Outcome:
    """The outcome of `position` by a fresh :class:`OutcomeSearch` (keyword `options`
    are its parameters).

    Examples
    --------
    >>> from grundy.partizan.games import Cram
    >>> outcome_of(Cram(), "2x3"), outcome_of(Cram(), "3x3")
    (Outcome.N, Outcome.P)
    """
    return OutcomeSearch(game, **options).outcome(position)
