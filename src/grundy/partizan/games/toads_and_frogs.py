"""Toads and Frogs: Left's toads hop right, Right's frogs hop left, on a strip of squares.

A position is a string of ``T`` (a toad), ``F`` (a frog) and ``.`` (an empty square),
written as cgt-tools does (``"TT..FF"``); CGSuite's ``t`` and ``f`` are read too.

Examples
--------
>>> from grundy.partizan.games import ToadsAndFrogs
>>> game = ToadsAndFrogs()
>>> [str(game.value(s)) for s in ("T.F", "T.TFF", "TT.F", "T.TF")]
['*', '^', '{1/2|0}', '1/2']
>>> game.components("TT.TTFF.F")             # TTFF: no creature in it can ever move
['TT.', '.F']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import InvalidGameError, InvalidPositionError
from ...core.integers import shown
from ...display.boards import CREATURES, strip_picture
from ...display.picture import Picture
from ..canonical import CanonicalGame, number
from ..protocol import PartizanGame

__all__ = ["ToadsAndFrogs", "MAX_SQUARES", "frozen_squares"]

_TOAD, _FROG, _EMPTY = "T", "F", "."
_READ = str.maketrans("tf", "TF")
_MIRROR = str.maketrans("TF", "FT")

#: The longest strip accepted: no search of a longer one could finish (one-sided strips,
#: valued by a formula, are far shorter in practice).
MAX_SQUARES = 1000

_MOVE = re.compile(r"^\s*(?:(left|right)\s+)?(?:toad\s+|frog\s+)?(\d+)\s*(?:(?:->|-)\s*(\d+))?\s*$")


# ----------------------------------------------------------------- the theory
def frozen_squares(strip: str, max_jump: int = 1) -> list[bool]:
    """Which creatures of `strip` can never move, whatever both players do.

    The answer is the largest set S of creatures such that each one in S is stuck
    while the squares of S keep their creatures: a toad is stuck when the square ahead
    is the end of the strip or holds a toad of S, or holds a frog of S and every jump
    over 1..`max_jump` frogs meets the end of the strip, a toad of S, or a landing
    square of S (frogs likewise, leftwards). It is found by starting from every
    creature and dropping those that are not stuck until none is dropped.

    Parameters
    ----------
    strip : str
        A checked strip of ``T``, ``F`` and ``.``.
    max_jump : int
        The most enemies one jump may cross.

    Returns
    -------
    list of bool
        One flag per square: True where a creature sits forever.

    Examples
    --------
    >>> from grundy.partizan.games.toads_and_frogs import frozen_squares
    >>> "".join("#" if f else "-" for f in frozen_squares("FF.TTFF.TT"))
    '##-####-##'
    >>> "".join("#" if f else "-" for f in frozen_squares(".TTFF.", max_jump=2))
    '------'

    Notes
    -----
    No creature of S is ever the first of S to move: its moves need a square of S to
    change (induction on the moves played), so S is sound; the largest such set is the
    union of all of them. The classic case is ``TTFF`` with jumps of one: each of the four
    waits for another to move first. A creature dropped from S makes the creatures that
    look at its square checked again (a work list): O(n x max_jump). The search's
    :meth:`ToadsAndFrogs.components` finds the same squares run by run of creatures, in
    string searches (``_frozen_stretches``).
    """
    n = len(strip)
    fixed = [c != _EMPTY for c in strip]
    todo = [i for i in range(n) if fixed[i]]
    while todo:
        i = todo.pop()
        if fixed[i] and not _stuck(strip, fixed, i, max_jump):
            fixed[i] = False  # then recheck whoever looks at square i: toads behind it...
            for j in range(max(i - max_jump - 1, 0), i):
                if fixed[j] and strip[j] == _TOAD:
                    todo.append(j)
            for j in range(i + 1, min(i + max_jump + 2, n)):  # ...and frogs behind it
                if fixed[j] and strip[j] == _FROG:
                    todo.append(j)
    return fixed


def _stuck(strip: str, fixed: list[bool], i: int, max_jump: int) -> bool:
    """Can the creature at square i never move while the `fixed` squares keep theirs?"""
    n = len(strip)
    me = strip[i]
    step = 1 if me == _TOAD else -1
    enemy = _FROG if me == _TOAD else _TOAD
    ahead = i + step
    if not 0 <= ahead < n:
        return True
    if not fixed[ahead]:  # the square ahead may be empty one day
        return False
    if strip[ahead] == me:  # a friend there for ever: no step, and jumps cross enemies only
        return True
    for m in range(1, max_jump + 1):  # a jump over m enemies, landing just beyond them
        over = i + m * step
        if not 0 <= over < n or (fixed[over] and strip[over] != enemy):
            return True  # the m-th square cannot hold an enemy: no longer jump either
        land = over + step
        if not 0 <= land < n:
            return True
        if not fixed[land]:  # the landing square may be empty one day
            return False
    return True


def _frozen_stretches(strip: str, max_jump: int = 1) -> list[tuple[int, int]]:
    """The squares where :func:`frozen_squares` is True, as ``(start, stop)`` stretches,
    found one run of creatures at a time by string searches (no work list).

    Notes
    -----
    Split S into blocks of adjacent squares. A toad of S is stuck unless it is its block's
    last toad, followed in the block by frogs only (at most `max_jump`), and the block
    does not end at the strip's end: the square after the block may be empty one day, and
    the toad steps or jumps there. Frogs likewise, leftwards. So a block of creatures is
    such a set S on its own exactly when it starts at the strip's start, or with
    ``max_jump + 1`` toads, or holds no frog; and ends at the strip's end, or with
    ``max_jump + 1`` frogs, or holds no toad. These are conditions on the two ends only,
    so two such blocks in one run of creatures (no empty square between them) make one
    from the first's start to the second's end: a run holds one frozen stretch at most,
    from its first ``max_jump + 1`` toads (its first square, when it starts the strip; its
    last toads too, when it ends it) to the end of its last ``max_jump + 1`` frogs (its
    last square, when it ends the strip; its first frogs too, when it starts it). O(n) in
    C string searches; the tests compare it with :func:`frozen_squares`.
    """
    wall = max_jump + 1
    toads, frogs = _TOAD * wall, _FROG * wall
    runs = strip.split(_EMPTY)
    last = len(runs) - 1
    stretches = []
    start = 0
    for index, run in enumerate(runs):
        size = len(run)
        if size:
            at_start, at_end = index == 0, index == last
            if at_start:
                lo = 0
            else:
                lo = run.find(toads)
                if lo < 0:
                    lo = size
                if at_end:  # toads packed against the end
                    lo = min(lo, len(run.rstrip(_TOAD)))
            if at_end:
                hi = size
            else:
                hi = run.rfind(frogs)
                hi = 0 if hi < 0 else hi + wall
                if at_start:  # frogs packed against the start
                    hi = max(hi, size - len(run.lstrip(_FROG)))
            if lo < hi:  # so the toads' wall ends before the frogs' (no overlap)
                stretches.append((start + lo, start + hi))
        start += size + 1
    return stretches


def _one_sided(strip: str) -> int | None:
    """The value of a strip whose frogs are all left of its toads (an integer), or None.

    No creature meets an enemy ahead, so each toad makes one move per empty square to
    its right and each frog one per empty square to its left, in any order: Left has
    that many moves and Right that many, and the game is their difference.
    """
    last_frog = strip.rfind(_FROG)
    first_toad = strip.find(_TOAD)
    if first_toad >= 0 and last_frog > first_toad:
        return None
    total = 0
    empty = 0
    for c in strip[::-1]:  # toads: the empty squares to their right
        if c == _EMPTY:
            empty += 1
        elif c == _TOAD:
            total += empty
    empty = 0
    for c in strip:  # frogs: the empty squares to their left
        if c == _EMPTY:
            empty += 1
        elif c == _FROG:
            total -= empty
    return total


# ----------------------------------------------------------------- the game
@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class ToadsAndFrogs(PartizanGame[str]):
    """Toads and Frogs: Left moves a toad one square right into an empty square, or
    jumps it over one frog into the empty square just beyond; Right does the same with a
    frog, leftwards. Whoever cannot move loses.

    A position is a string of ``T``, ``F`` and ``.`` of at most :data:`MAX_SQUARES`
    squares (the empty strip is allowed: its value is 0). CGSuite writes toads ``t`` and
    frogs ``f`` (``"ttttt..fffff"``), cgt-tools ``T`` and ``F``; both are read, and
    positions are stored in capitals. Reversing a strip and swapping toads for frogs
    gives the negative game.

    Parameters
    ----------
    max_jump : int
        The most enemies one jump may cross, in a row (CGSuite's ``GenToadsAndFrogs``
        ``maxJump``): 1 is Toads and Frogs, 0 Elephants and Rhinos (no jumps).
    use_formula : bool
        Value strips whose frogs are all left of their toads by counting moves (False:
        search them too, a check). It changes no value: it is neither shown nor compared.

    Examples
    --------
    >>> from grundy.partizan.games import ToadsAndFrogs
    >>> game = ToadsAndFrogs()
    >>> str(game.value("ttt..fff")), game.outcome("TT..FF")
    ('+-1/8', Outcome.N)
    >>> game.left_options("T.TF."), game.right_options("T.TF.")
    (['.TTF.', 'T..FT'], ['TFT..'])
    >>> str(ToadsAndFrogs(max_jump=2).value("tttt..fff"))   # CGSuite's GenToadsAndFrogs
    '{1/2*|v}'

    Notes
    -----
    A creature that can never move (:func:`frozen_squares`: ``TTFF``, toads packed at the
    right end, frogs at the left end) is a wall: no creature passes it, and the strip on
    each side plays as if it ended there. So a position is the sum of the stretches
    between its frozen squares (:meth:`components`). A stretch whose frogs are all left of
    its toads is an integer, Left's moves minus Right's. The rest is a search over the
    options, memoised, in which a strip whose mirror image is known costs no search (its
    value is minus the mirror's, :meth:`negative`): ``ttttt..fffff`` (CGSuite's test)
    stores 1,382 strips of the 6,767 reachable, and takes 458 more as negatives
    (benchmarks/partizan_strips.py).

    References
    ----------
    E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, ch. 1; J. Erickson, "New Toads
    and Frogs results", in Games of No Chance (1996) 299-310.
    """

    max_jump: int = 1
    use_formula: bool = field(default=True, compare=False)

    name = "toads-and-frogs"

    def __post_init__(self) -> None:
        if type(self.max_jump) is not int or self.max_jump < 0:
            raise InvalidGameError(
                f"toads-and-frogs: max_jump {shown(self.max_jump)} is not an integer >= 0"
            )
        if self.max_jump != 1:
            object.__setattr__(self, "name", f"toads-and-frogs:{self.max_jump}")

    # ----------------------------------------------------------------- the rules
    def _moves(self, strip: str, me: str) -> Iterable[tuple[int, int]]:
        """(from, to) of every move of the creatures `me` (``T`` or ``F``)."""
        n = len(strip)
        step = 1 if me == _TOAD else -1
        enemy = _FROG if me == _TOAD else _TOAD
        for i, c in enumerate(strip):
            if c != me:
                continue
            j = i + step
            if not 0 <= j < n:
                continue
            if strip[j] == _EMPTY:
                yield i, j
                continue
            crossed = 0  # a jump crosses 1..max_jump enemies in a row, to the square after
            while crossed < self.max_jump and 0 <= j < n and strip[j] == enemy:
                j += step
                crossed += 1
            if crossed and 0 <= j < n and strip[j] == _EMPTY:
                yield i, j

    @staticmethod
    def _moved(strip: str, i: int, j: int) -> str:
        cells = list(strip)
        cells[i], cells[j] = _EMPTY, strip[i]
        return "".join(cells)

    def left_options(self, position: str) -> list[str]:
        """The strips after Left moves a toad (one step right, or a jump over frogs).

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> ToadsAndFrogs().left_options("TF.T.")
        ['.FTT.', 'TF..T']
        """
        return [self._moved(position, i, j) for i, j in self._moves(position, _TOAD)]

    def right_options(self, position: str) -> list[str]:
        """The strips after Right moves a frog (one step left, or a jump over toads).

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> ToadsAndFrogs().right_options(".TF.F")
        ['FT..F', '.TFF.']
        """
        return [self._moved(position, i, j) for i, j in self._moves(position, _FROG)]

    # ----------------------------------------------------------------- hooks
    def components(self, position: str) -> list[str] | None:
        """The stretches between the frozen creatures, those with a creature that can
        move (the others are worth 0); None when there is nothing to split.

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> ToadsAndFrogs().components("F.T.TTFF.FT"), ToadsAndFrogs().components("T.F")
        (['.T.', '.F'], None)
        """
        if not (position.startswith(_FROG) or position.endswith(_TOAD) or "TF" in position):
            return None  # a chain of frozen creatures ends at an end of the strip, or at TF
        stretches = _frozen_stretches(position, self.max_jump)
        if not stretches:
            return None
        parts = []
        start = 0
        for stop, after in [*stretches, (len(position), len(position))]:
            part = position[start:stop]
            if part.strip(_EMPTY):  # a creature in it
                parts.append(part)
            start = after
        return parts

    def negative(self, position: str) -> str:
        """The strip reversed, toads and frogs exchanged: Right's game is Left's.

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> game = ToadsAndFrogs()
        >>> game.negative("TT.F"), str(game.value("TT.F")), str(game.value("T.FF"))
        ('T.FF', '{1/2|0}', '{0|-1/2}')
        """
        return position[::-1].translate(_MIRROR)

    def formula(self, position: str) -> CanonicalGame | None:
        """An integer when every frog is left of every toad (the creatures never meet:
        Left's moves left minus Right's), else None (searched).

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> str(ToadsAndFrogs().formula("F.T..")), ToadsAndFrogs().formula("T.F")
        ('2', None)
        """
        if self.use_formula:
            moves = _one_sided(position)
            if moves is not None:
                return number(moves)
        return None

    # ----------------------------------------------------------------- notation
    def check_position(self, position: Any) -> str:
        """Check a strip of ``T``, ``F`` and ``.`` (``t`` and ``f`` read as capitals).

        Raises
        ------
        InvalidPositionError
            Not a string, a square that is not ``T``, ``F`` or ``.``, or more than
            :data:`MAX_SQUARES` squares.

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> ToadsAndFrogs().check_position("tt..ff")
        'TT..FF'
        >>> ToadsAndFrogs().check_position("TT.x.F")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: toads-and-frogs: square 4 of 'TT.x.F' is 'x'; ...
        """
        if not isinstance(position, str):
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a strip such as 'TT..FF'"
            )
        if len(position) > MAX_SQUARES:
            raise InvalidPositionError(
                f"{self!r}: a strip of {len(position):,} squares is longer than the "
                f"{MAX_SQUARES:,} allowed"
            )
        strip = position.translate(_READ)
        if strip.strip("TF."):
            for i, c in enumerate(strip):
                if c not in "TF.":
                    raise InvalidPositionError(
                        f"{self!r}: square {i + 1} of {shown(position)} is {c!r}; squares "
                        "are T (toad), F (frog), . (empty)"
                    )
        return strip

    def parse_position(self, tokens: Sequence[str]) -> str:
        """Read a strip written as one word, ``TT..FF`` or ``tt..ff``.

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> ToadsAndFrogs().parse_position(["ttt..fff"])
        'TTT..FFF'
        """
        if len(tokens) != 1:
            raise InvalidPositionError(
                f"{self!r}: give the strip as one word of T (toad), F (frog) and . (empty), "
                f"such as TT..FF; got {len(tokens)} words"
            )
        return self.check_position(tokens[0].strip())

    def format_position(self, position: str) -> str:
        """Write the strip as :meth:`parse_position` reads it (``TT..FF``).

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> ToadsAndFrogs().format_position("tt.f")
        'TT.F'
        """
        return self.check_position(position)

    def picture(self, position: str) -> Picture:
        """Draw the strip, squares numbered from 1: Left's toads blue, Right's frogs red.

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> picture = ToadsAndFrogs().picture("TT..FF")
        >>> picture.svg.count(">T</text>"), picture.svg.count(">F</text>")
        (2, 2)
        """
        strip = self.check_position(position)
        if not strip:
            return super().picture(strip)
        title = self.picture_title(strip)
        return strip_picture(strip, CREATURES, title=title, text=self.draw(strip), what=title)

    def draw(self, position: str) -> str:
        """Draw the strip with its squares numbered from 1 (moves name squares).

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> print(ToadsAndFrogs().draw("TT..FF"))
        1 2 3 4 5 6
        T T . . F F
        """
        strip = self.check_position(position)
        if not strip:
            return "(an empty strip)"
        width = len(str(len(strip)))
        numbers = " ".join(f"{i + 1:>{width}}" for i in range(len(strip)))
        return numbers + "\n" + " ".join(f"{c:>{width}}" for c in strip)

    def describe_move(self, before: Any, after: Any) -> str:
        """Name the creature moved by the squares it leaves and reaches (from 1).

        Raises
        ------
        InvalidPositionError
            `after` does not follow `before` by one move.

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> game = ToadsAndFrogs()
        >>> game.describe_move("TT..FF", "T.T.FF"), game.describe_move("TF.", ".FT")
        ('Left toad 2-3', 'Left toad 1-3 (jumps)')
        """
        before, after = self.check_position(before), self.check_position(after)
        for me, player, creature in ((_TOAD, "Left", "toad"), (_FROG, "Right", "frog")):
            for i, j in self._moves(before, me):
                if self._moved(before, i, j) == after:
                    jump = " (jumps)" if abs(j - i) > 1 else ""
                    return f"{player} {creature} {i + 1}-{j + 1}{jump}"
        raise InvalidPositionError(f"{self!r}: {after!r} does not follow {before!r} by one move")

    def parse_move(self, position: Any, text: str) -> str | None:
        """Read a move as the square of the creature to move, from 1 (``3``), or its
        squares from and to (``3-4``); a leading ``Left``/``Right`` and ``toad``/``frog``
        are allowed. Each creature has at most one move.

        Returns None for text that is not a square number (a whole strip, say).

        Raises
        ------
        InvalidPositionError
            No creature on that square, one that cannot move, or a wrong landing square.

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> ToadsAndFrogs().parse_move("TF.", "1"), ToadsAndFrogs().parse_move("T.", "T.")
        ('.FT', None)
        """
        found = _MOVE.match(text.lower())
        if found is None:
            return None
        strip = self.check_position(position)
        square, to = int(found.group(2)), found.group(3)
        if not 1 <= square <= len(strip) or strip[square - 1] == _EMPTY:
            raise InvalidPositionError(f"{self!r}: no toad or frog on square {square} of {strip!r}")
        i = square - 1
        for a, b in self._moves(strip, strip[i]):
            if a == i:
                if to is not None and int(to) != b + 1:
                    raise InvalidPositionError(
                        f"{self!r}: the creature on square {square} of {strip!r} moves to "
                        f"{b + 1}, not {to}"
                    )
                return self._moved(strip, a, b)
        raise InvalidPositionError(
            f"{self!r}: the creature on square {square} of {strip!r} cannot move"
        )

    def move_notation(self) -> str:
        """How a person names a move (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import ToadsAndFrogs
        >>> ToadsAndFrogs().move_notation()
        'the square of the toad or frog to move, from 1 (or from-to: 3-4)'
        """
        return "the square of the toad or frog to move, from 1 (or from-to: 3-4)"
