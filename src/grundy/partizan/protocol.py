"""The partizan game protocol: positions with Left's options and Right's, valued as
canonical forms.

A :class:`PartizanGame` says what Left and Right may move to; :meth:`PartizanGame.value`
computes the canonical form of a position from its options' (a depth-first search with
its own stack, so a line of play may be as long as memory allows), memoised, adding
the values of independent parts (the ``components`` hook: Domineering regions that no
domino can join) and sharing positions that are the same game (the ``canonical`` hook:
a board's reflections). An impartial game is the case where both sides have the same
moves (:class:`ImpartialAsPartizan`), and its value is the nimber of its SG value. A game
whose positions repeat is valued by :mod:`grundy.partizan.loopy` instead, which reads the
``loopy_formula`` hook (a position's loopy value by the game's own theory).

Examples
--------
>>> from grundy.partizan import PartizanGame
>>> class Cut(PartizanGame):
...     '''A bar of n squares: Left eats one square, Right two; the last one stays.'''
...     name = "cut"
...     def left_options(self, n): return [n - 1] if n > 1 else []
...     def right_options(self, n): return [n - 2] if n > 2 else []
>>> g = Cut()
>>> str(g.value(5)), g.outcome(5), g.winning_moves(5, "Right")
('1', Outcome.L, [])
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ..core.errors import InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.outcome import Outcome
from ..core.protocol import Game, P
from .canonical import ZERO, CanonicalGame, game, nimber

if TYPE_CHECKING:  # the loopy values, below this module in no import
    from .loopy.graph import LoopyGame
    from .loopy.stopper import Stopper

__all__ = ["PartizanGame", "ImpartialAsPartizan", "Player", "OUTCOME_BY_VALUE"]

#: The two players: Left (Blue, vertical in Domineering) moves first in ``{L | R}``.
Player = Literal["Left", "Right"]

#: :meth:`PartizanGame.outcome` reads the canonical form when it needs at most this many
#: new values stored (about a second of work), and searches for the outcome past it.
OUTCOME_BY_VALUE = 2_000


class PartizanGame(Game[P]):
    """A game whose positions give Left and Right different options.

    Subclasses define :meth:`left_options` and :meth:`right_options`; the hooks
    :meth:`components` and :meth:`canonical` make the search faster and never change a
    value, :meth:`formula` and :meth:`negative` spare it work, and :meth:`loopy_formula`
    values a position of a game whose positions repeat. Values are
    :class:`~grundy.partizan.CanonicalGame` objects, memoised per position
    (``max_positions`` caps the memo).
    """

    kind: ClassVar = "partizan"

    @property
    def _values(self) -> dict[Any, CanonicalGame]:
        return self.__dict__.setdefault("_partizan_values", {})  # frozen dataclasses too

    # ----------------------------------------------------------------- the rules
    def left_options(self, position: P) -> Iterable[P]:
        """The positions Left can move to.

        Examples
        --------
        >>> from grundy.partizan.protocol import ImpartialAsPartizan
        >>> from grundy.games import Nim
        >>> sorted(ImpartialAsPartizan(Nim()).left_options((2,)))
        [(0,), (1,)]
        """
        raise NotImplementedError(f"{type(self).__name__} must define left_options(position)")

    def right_options(self, position: P) -> Iterable[P]:
        """The positions Right can move to.

        Examples
        --------
        >>> from grundy.partizan.protocol import ImpartialAsPartizan
        >>> from grundy.games import Nim
        >>> sorted(ImpartialAsPartizan(Nim()).right_options((1,)))
        [(0,)]
        """
        raise NotImplementedError(f"{type(self).__name__} must define right_options(position)")

    def options(self, position: P, player: Player) -> list[P]:
        """The options of `player` ("Left" or "Right").

        Examples
        --------
        >>> from grundy.partizan.protocol import ImpartialAsPartizan
        >>> from grundy.games import Nim
        >>> ImpartialAsPartizan(Nim()).options((1,), "Left")
        [(0,)]
        """
        if player == "Left":
            return list(self.left_options(position))
        if player == "Right":
            return list(self.right_options(position))
        raise InvalidPositionError(f"player {player!r} is not 'Left' or 'Right'")

    # ----------------------------------------------------------------- hooks
    def components(self, position: P) -> Sequence[P] | None:
        """The independent parts of `position` (their values add), or None for one part.

        Each part returned is one part: the search does not split it again.

        Examples
        --------
        >>> from grundy.partizan.protocol import ImpartialAsPartizan
        >>> from grundy.games import Nim
        >>> ImpartialAsPartizan(Nim()).components((1, 2)) is None
        True
        """
        return None

    def formula(self, position: P) -> CanonicalGame | None:
        """The value of `position` by the game's own theory, or None to search (the
        default): Blue-Red Hackenbush trees by sign expansions and ordinal sums, all-green
        graphs as nimbers, a Toads-and-Frogs strip whose creatures can never meet.

        Examples
        --------
        >>> from grundy.partizan.games import Hackenbush
        >>> game = Hackenbush()
        >>> str(game.formula(game.parse_position(["lrl"])))
        '3/4'
        """
        return None

    def loopy_formula(self, position: P) -> Stopper | LoopyGame | CanonicalGame | None:
        """The loopy value of `position` by the game's own theory, or None to explore its
        options (the default).

        Read by :func:`grundy.partizan.loopy.game_graph` (so by ``game_value`` and
        ``game_outcome``) for every position but the one asked about: a position it values
        is not explored, its value's graph is copied in (a :class:`~grundy.partizan.loopy.
        Stopper`, a :class:`~grundy.partizan.loopy.LoopyGame` or a short game). Fox and
        Geese gives ``off`` once the fox is past the geese, where the board, unbounded
        upwards, would otherwise never end. A formula must give the exact value; the
        short-game search (:meth:`value`) never calls it. Play
        (:class:`~grundy.partizan.two_player.PartizanPlay`) ends at a position valued
        ``on`` or ``off``: one player can move for ever and the other cannot.

        Examples
        --------
        >>> from grundy.partizan.games import FoxAndGeese
        >>> game = FoxAndGeese()
        >>> inside, out = ("G.G.G...|........|F.......", "G.G.G...|.....F..|........")
        >>> game.loopy_formula(game.check_position(inside)) is None    # explored
        True
        >>> str(game.loopy_formula(game.check_position(out)))   # f3 is free: the fox walks out
        'off'
        """
        return None

    def negative(self, position: P) -> P | None:
        """A position whose value is minus this one's (the roles of Left and Right
        exchanged: Domineering's board turned a quarter, Clobber's colours swapped), or
        None (the default). A search that knows one of the two values has the other.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> Domineering().negative(("..",))
        ('.', '.')
        """
        return None

    def canonical(self, position: P) -> P:
        """A representative of the positions that are the same game as `position`
        (a reflection of a board, say); the default is `position` itself.

        Examples
        --------
        >>> from grundy.partizan.protocol import ImpartialAsPartizan
        >>> from grundy.games import Nim
        >>> ImpartialAsPartizan(Nim()).canonical((3, 1))
        (3, 1)
        """
        return position

    # ----------------------------------------------------------------- values
    def value(self, position: P) -> CanonicalGame:
        """The canonical form of `position`.

        Raises
        ------
        PositionLimitError
            More than ``max_positions`` positions would be stored.
        InvalidGameError
            A position can be reached from itself (the game is not short).

        Examples
        --------
        >>> from grundy.partizan.protocol import ImpartialAsPartizan
        >>> from grundy.games import Nim
        >>> str(ImpartialAsPartizan(Nim()).value((1, 2)))
        '*3'
        """
        position = self.check_position(position)
        try:
            return self._value(position)
        except RecursionError:  # comparing games born on a later day than the stack holds
            raise PositionLimitError(
                f"{self!r}: a value born after about {sys.getrecursionlimit() // 3:,} moves "
                "is too deep to compare"
            ) from None

    def value_within(self, position: P, positions: int) -> CanonicalGame | None:
        """The canonical form of `position` if it needs at most `positions` values stored
        beyond those stored already, else None (the values found on the way are kept).

        The outcome search settles small regions so: a region is small when its value
        is cheap, whatever its shape.

        Raises
        ------
        InvalidGameError
            `positions` is negative, or a position can be reached from itself.
        PositionLimitError
            ``max_positions`` itself is reached first.

        Examples
        --------
        >>> from grundy.partizan.games import Domineering
        >>> game = Domineering()
        >>> str(game.value_within("2x2", 10)), game.value_within("4x4", 10)
        ('+-1', None)
        """
        if type(positions) is not int or positions < 0:
            raise InvalidGameError(f"positions {positions!r} must be a non-negative int")
        position = self.check_position(position)
        limit = self.max_positions
        cap = len(self._values) + len(self._aliases) + positions
        if cap >= limit:
            return self.value(position)
        self.__dict__["max_positions"] = cap  # _store refuses past it; restored below
        try:
            return self.value(position)
        except PositionLimitError:
            return None  # cap < limit: the budget, not the game's own limit, was reached
        finally:
            self.__dict__["max_positions"] = limit

    @property
    def _aliases(self) -> dict[Any, CanonicalGame]:
        """Positions met that are not their own canonical key -> their value."""
        return self.__dict__.setdefault("_partizan_aliases", {})

    def _value(self, position: P) -> CanonicalGame:
        split = self._split(position)
        if isinstance(split, CanonicalGame):
            return split
        found = ZERO
        for part in split:  # sums are not stored: their parts are
            value, key = self._settled(part, formula=part is not position)
            found = found + (value if value is not None else self._search(part, key))
        return found

    def _split(self, position: P) -> CanonicalGame | Sequence[P]:
        """The value of `position` when it is stored or has a formula, else its parts
        (``(position,)`` itself when it does not split)."""
        found = self._known(position)  # a lookup first: the hooks cost O(size) a call
        if found is None:
            found = self.formula(position)
            if found is not None:
                self._store(position, found, self._aliases)
                return found
            parts = self.components(position)
            return (position,) if parts is None else parts
        return found

    def _known(self, position: Any) -> CanonicalGame | None:
        return self._values.get(position) or self._aliases.get(position)

    def _settled(self, part: P, formula: bool = True) -> tuple[CanonicalGame | None, Any]:
        """(value, canonical key) of one part (never split again); the value is None
        unless it needs no search: stored, by `formula`, or minus the stored value of its
        negative."""
        found = self._known(part)
        if found is None and formula:
            found = self.formula(part)
            if found is not None:
                self._store(part, found, self._aliases)
        if found is not None:
            return found, part
        key = self.canonical(part)
        found = self._known(key)
        if found is None:
            twin = self.negative(key)
            known = None if twin is None else self._known(self.canonical(twin))
            if known is None:
                return None, key
            found = -known  # its negative is known: -G costs no search
            self._store(key, found, self._aliases)
        if part != key:
            self._store(part, found, self._aliases)
        return found, key

    def _search(self, root: P, root_key: Any) -> CanonicalGame:
        """Value the part `root` (canonical key `root_key`), which nothing settles, by a
        depth-first search with a stack of its own (a line of play may be longer than
        Python's recursion allows), in the order a recursion would take: the parts of a
        part's options are settled one by one, an unsettled one searched first, then the
        part is valued and stored under its key. The parts opened and not yet valued are
        the line from `root`, so meeting one of them again is a cycle."""
        stack = [(root, root_key)]
        opened: dict[Any, tuple[tuple[list[Any], list[Any]], Iterator[tuple[P, bool]]]] = {}
        while stack:
            part, key = stack[-1]
            frame = opened.get(key)
            if frame is None:
                sides = (
                    [(o, self._split(o)) for o in self.left_options(part)],
                    [(o, self._split(o)) for o in self.right_options(part)],
                )
                frame = opened[key] = (sides, _parts_to_settle(sides))
            sides, parts = frame
            child = None
            for p, formula in parts:
                value, p_key = self._settled(p, formula)
                if value is None:
                    if p_key in opened:
                        raise InvalidGameError(
                            f"{self!r}: position {self.format_position(p)!r} can be reached "
                            "from itself; a partizan value needs a game that ends"
                        )
                    child = (p, p_key)
                    break
            if child is not None:
                stack.append(child)
                continue
            left, right = ([self._total(split) for _, split in side] for side in sides)
            found = game(left, right)
            self._store(key, found)
            if part != key:
                self._store(part, found, self._aliases)
            del opened[key]
            stack.pop()
        return self._known(root)  # type: ignore[return-value]

    def _total(self, split: CanonicalGame | Sequence[P]) -> CanonicalGame:
        """An option's value, its parts all valued (stored)."""
        if isinstance(split, CanonicalGame):
            return split
        found = ZERO
        for part in split:
            found = found + self._known(part)  # type: ignore[operator]
        return found

    def _store(self, key: Any, value: CanonicalGame, table: dict[Any, Any] | None = None) -> None:
        if len(self._values) + len(self._aliases) >= self.max_positions:
            raise PositionLimitError(
                f"{self!r}: more than {self.max_positions:,} positions needed; raise "
                "max_positions (game.limited_to(n)) to go on"
            )
        (self._values if table is None else table)[key] = value

    def outcome(self, position: P) -> Outcome:
        """L, R, P or N: who wins `position` with the best play.

        Read from the canonical form when that needs at most
        :data:`OUTCOME_BY_VALUE` values stored beyond those known, else found by an
        outcome-only search (:class:`~grundy.partizan.outcome_search.OutcomeSearch`),
        which settles only the small regions by their values: a big board's canonical
        form can cost hundreds of times more than who wins it.

        Examples
        --------
        >>> from grundy.partizan.protocol import ImpartialAsPartizan
        >>> from grundy.games import Nim
        >>> ImpartialAsPartizan(Nim()).outcome((1, 1))
        Outcome.P
        """
        position = self.check_position(position)
        value = self.value_within(position, OUTCOME_BY_VALUE)
        if value is not None:
            return value.outcome
        from .outcome_search import OutcomeSearch  # imports nothing of this module

        return OutcomeSearch(self, max_positions=self.max_positions).outcome(position)

    def winning_moves(self, position: P, player: Player) -> list[P]:
        """The options of `player` after which `player`, now second to move, wins.

        Left's option G^L wins when G^L >= 0; Right's when G^R <= 0.

        Examples
        --------
        >>> from grundy.partizan.protocol import ImpartialAsPartizan
        >>> from grundy.games import Nim
        >>> ImpartialAsPartizan(Nim()).winning_moves((1, 2), "Right")
        [(1, 1)]
        """
        position = self.check_position(position)
        moves = self.options(position, player)
        if player == "Left":
            return [o for o in moves if self._value(o) >= ZERO]
        return [o for o in moves if self._value(o) <= ZERO]

    def describe_move_by(self, player: Player, before: P, after: P) -> str:
        """Describe `player`'s move from `before` to `after` in words.

        A hook: the default is :meth:`describe_move`, which sees only the two positions.
        A game where Left's and Right's moves can leave the same position (a grey domino
        toppled, a vertex either may colour) overrides this to name the right player.

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().describe_move_by("Right", "lr", "..")  # Left's move too
        'Right topples 2 to the left'
        """
        return self.describe_move(before, after)

    def clear_cache(self) -> None:
        """Forget the stored values (canonical forms themselves stay shared).

        Examples
        --------
        >>> from grundy.partizan.protocol import ImpartialAsPartizan
        >>> from grundy.games import Nim
        >>> g = ImpartialAsPartizan(Nim()); g.clear_cache(); g.positions
        0
        """
        self._values.clear()
        self._aliases.clear()

    @property
    def positions(self) -> int:
        """Positions searched and stored so far, one per canonical key (the work done).

        Examples
        --------
        >>> class Ends(PartizanGame):  # Left takes a letter from the front, Right the back
        ...     def left_options(self, row): return [row[1:]] if row else []
        ...     def right_options(self, row): return [row[:-1]] if row else []
        >>> g = Ends(); _ = g.value("abc"); g.positions   # abc, bc, ab, a, b, c, ""
        7
        """
        return len(self._values)


def _parts_to_settle(sides: tuple[list[Any], list[Any]]) -> Iterator[tuple[Any, bool]]:
    """The parts of the options (option, split) not valued by `_split`, each with whether
    its formula is still to be tried (a part that is the option itself was tried)."""
    for side in sides:
        for option, split in side:
            if not isinstance(split, CanonicalGame):
                for part in split:
                    yield part, part is not option


class ImpartialAsPartizan(PartizanGame[Any]):
    """An impartial game seen as a partizan one: both players have its moves.

    Its values are nimbers: :meth:`value` is ``nimber(game.grundy(position))`` (the SG
    theorem), found by the impartial solver, so sums with partizan games work.

    Examples
    --------
    >>> from grundy.games import Nim
    >>> from grundy.partizan import ImpartialAsPartizan, up
    >>> nim = ImpartialAsPartizan(Nim())
    >>> str(nim.value((3, 5))), str(nim.value((1,)) + up())
    ('*6', '^*')
    """

    def __init__(self, impartial: Any) -> None:
        self.impartial = impartial
        self.name = getattr(impartial, "name", "") or repr(impartial)
        self.max_positions = impartial.max_positions

    def left_options(self, position: Any) -> Iterable[Any]:
        return self.impartial.options(position)

    def right_options(self, position: Any) -> Iterable[Any]:
        return self.impartial.options(position)

    def check_position(self, position: Any) -> Any:
        return self.impartial.check_position(position)

    def parse_position(self, tokens: Sequence[str]) -> Any:
        return self.impartial.parse_position(tokens)

    def format_position(self, position: Any) -> str:
        return str(self.impartial.format_position(position))

    def value(self, position: Any) -> CanonicalGame:
        return nimber(self.impartial.grundy(self.check_position(position)))

    def _value(self, position: Any) -> CanonicalGame:
        return nimber(self.impartial.grundy(position))
