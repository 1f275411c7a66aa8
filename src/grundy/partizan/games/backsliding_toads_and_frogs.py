"""Backsliding Toads and Frogs (Winning Ways; CGSuite's BackslidingToadsAndFrogs): Toads
and Frogs where a creature may also step back one square; a loopy game.

Examples
--------
>>> from grundy.partizan.games import BackslidingToadsAndFrogs
>>> game = BackslidingToadsAndFrogs()
>>> game.left_options(".T.F"), game.right_options("T.F.")
(['..TF', 'T..F'], ['TF..', 'T..F'])
>>> str(game.value("T.")), str(game.value("T.F")), str(game.outcome("T.F"))
('on', '0', 'P')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ...core.errors import InvalidGameError, InvalidPositionError
from ...core.integers import shown
from ..canonical import CanonicalGame
from ..loopy import LoopyPartizanGame
from .toads_and_frogs import ToadsAndFrogs

__all__ = ["BackslidingToadsAndFrogs"]

_TOAD, _FROG, _EMPTY = "T", "F", "."
_MOVE = re.compile(
    r"^\s*(?:(left|right)\s+)?(?:toad\s+|frog\s+)?(\d+)\s*(?:(?:->|-|\s)\s*(\d+))?\s*$"
)


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class BackslidingToadsAndFrogs(LoopyPartizanGame[str], ToadsAndFrogs):
    """Backsliding Toads and Frogs: a toad (Left's, ``T``) moves one square right into an
    empty one, jumps right over one frog into the empty square beyond, or slides one
    square back (left) into an empty one; frogs (Right's, ``F``) do the same the other
    way. Whoever cannot move loses. CGSuite's ``GenToadsAndFrogs(minSlide => -1)``.

    Strips are written as in :class:`~grundy.partizan.games.ToadsAndFrogs` (``TT..FF``,
    or CGSuite's ``tt..ff``). A creature may go back and forth, so positions repeat:
    :meth:`value` is a loopy value (a :class:`~grundy.partizan.loopy.Stopper`, or the
    onside and offside ``A & B`` of a game that may go on for ever) and :meth:`outcome` a
    :class:`~grundy.partizan.loopy.LoopyOutcome`, draws included.

    Parameters
    ----------
    max_jump : int
        The most frogs (toads) one jump may cross: 1, as in CGSuite; 0 for no jumps.

    Examples
    --------
    >>> from grundy.partizan.games import BackslidingToadsAndFrogs
    >>> game = BackslidingToadsAndFrogs()
    >>> str(game.value("T."))          # the toad shuffles for ever: Left never runs out
    'on'
    >>> str(game.value("TF.")), game.winning_moves("TF.", "Left")
    ('*', ['.FT'])
    >>> game.describe_move("T.F", ".TF"), game.describe_move(".TF", "T.F")
    ('Left toad 1-2', 'Left toad 2-1 (back)')

    Notes
    -----
    Toads and Frogs' theory is not used: a creature that cannot move forward may still
    step back, so no creature is a wall for ever (no components), and a strip whose frogs
    are all left of its toads is not an integer (``T.`` is ``on``: the toad shuffles for
    ever). Every position is explored (:func:`~grundy.partizan.loopy.game_graph`);
    CGSuite's ``ttt..fff`` has 560 positions.

    References
    ----------
    E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 11; CGSuite,
    ``game.strip.BackslidingToadsAndFrogs``.
    """

    def __post_init__(self) -> None:
        if type(self.max_jump) is not int or self.max_jump < 0:
            raise InvalidGameError(
                f"backsliding-toads-and-frogs: max_jump {shown(self.max_jump)} is not an "
                "integer >= 0"
            )
        tail = "" if self.max_jump == 1 else f":{self.max_jump}"
        object.__setattr__(self, "name", f"backsliding-toads-and-frogs{tail}")

    def _moves(self, strip: str, me: str) -> Iterator[tuple[int, int]]:
        """(from, to) of every move of the creatures `me`: Toads and Frogs' moves, then
        the steps back."""
        yield from super()._moves(strip, me)
        back = -1 if me == _TOAD else 1
        for i, c in enumerate(strip):
            if c == me and 0 <= i + back < len(strip) and strip[i + back] == _EMPTY:
                yield i, i + back

    def components(self, position: str) -> list[str] | None:
        """None: no creature is stuck for ever (it may step back), so a strip never
        splits.

        Examples
        --------
        >>> from grundy.partizan.games import BackslidingToadsAndFrogs
        >>> BackslidingToadsAndFrogs().components("T.TTFF.F") is None
        True
        """
        return None

    def formula(self, position: str) -> CanonicalGame | None:
        """None: Toads and Frogs' integers for one-sided strips do not hold here.

        Examples
        --------
        >>> from grundy.partizan.games import BackslidingToadsAndFrogs
        >>> BackslidingToadsAndFrogs().formula("F.T..") is None
        True
        """
        return None

    def describe_move(self, before: Any, after: Any) -> str:
        """Name the creature moved by its squares (from 1); a step back says so.

        Examples
        --------
        >>> from grundy.partizan.games import BackslidingToadsAndFrogs
        >>> BackslidingToadsAndFrogs().describe_move("T.F", "TF.")
        'Right frog 3-2'
        """
        said = super().describe_move(before, after)
        _, _, squares = said.rpartition(" ")
        start, _, end = squares.partition("-")
        toad = said.startswith("Left")
        back = start.isdigit() and end.isdigit() and (int(end) < int(start)) == toad
        return f"{said} (back)" if back else said

    def parse_move(self, position: Any, text: str) -> str | None:
        """Read a move as the squares a creature moves from and to, from 1 (``3-4``), or
        only its square when it has one move; a leading ``Left``/``Right`` and
        ``toad``/``frog`` are allowed.

        Returns None for text that is not a square number (a whole strip, say).

        Raises
        ------
        InvalidPositionError
            No creature on that square, one that cannot move there, or a square alone for
            a creature with two moves.

        Examples
        --------
        >>> from grundy.partizan.games import BackslidingToadsAndFrogs
        >>> game = BackslidingToadsAndFrogs()
        >>> game.parse_move(".T.F", "2-1"), game.parse_move("T..F", "1")
        ('T..F', '.T.F')
        """
        found = _MOVE.match(text.lower())
        if found is None:
            return None
        strip = self.check_position(position)
        square, to = int(found.group(2)), found.group(3)
        if not 1 <= square <= len(strip) or strip[square - 1] == _EMPTY:
            raise InvalidPositionError(f"{self!r}: no toad or frog on square {square} of {strip!r}")
        i = square - 1
        reached = [b for a, b in self._moves(strip, strip[i]) if a == i]
        if not reached:
            raise InvalidPositionError(
                f"{self!r}: the creature on square {square} of {strip!r} cannot move"
            )
        if to is None and len(reached) > 1:
            choices = " or ".join(str(b + 1) for b in reached)
            raise InvalidPositionError(
                f"{self!r}: the creature on square {square} of {strip!r} may move to "
                f"{choices}: say which, such as {square}-{reached[0] + 1}"
            )
        target = reached[0] if to is None else int(to) - 1
        if target not in reached:
            raise InvalidPositionError(
                f"{self!r}: the creature on square {square} of {strip!r} cannot move to {to}"
            )
        return self._moved(strip, i, target)

    def move_notation(self) -> str:
        """How a person names a move (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import BackslidingToadsAndFrogs
        >>> BackslidingToadsAndFrogs().move_notation()
        'the squares a toad or frog moves from and to, from 1: 3-4 (3 alone if it has one move)'
        """
        return (
            "the squares a toad or frog moves from and to, from 1: 3-4 (3 alone if it has one move)"
        )
