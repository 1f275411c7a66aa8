"""Toppling Dominoes: a player topples one of his dominoes east or west, and it knocks over
every domino that way in its row.

A position is a string of ``l`` (a blue domino, Left's), ``r`` (red, Right's), ``e``
(grey, either player's) and ``.`` (an empty square), as CGSuite writes it
(``"lrrlrrl"``, ``"lere"``). A falling domino stops at an empty square, so the rows
between empty squares are independent games; CGSuite writes toppled squares ``.``.

Examples
--------
>>> from grundy.partizan.games import TopplingDominoes
>>> game = TopplingDominoes()
>>> [str(game.value(s)) for s in ("lrrlrrl", "lere", "lr", "lrl", "llr")]
['Tiny(1/2)', '{1|0,{0|-1}}', '*', '1/2', '{1|0}']
>>> game.left_options("lrl")
['.rl', '...', '...', 'lr.']
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import InvalidPositionError
from ...core.integers import shown
from ...display.boards import DOMINOES, strip_picture
from ...display.picture import Picture
from ..canonical import CanonicalGame, nimber, number
from ..protocol import PartizanGame, Player

__all__ = ["TopplingDominoes", "MAX_SQUARES"]

_BLUE, _RED, _GREY, _EMPTY = "l", "r", "e", "."
_SWAP = str.maketrans("lr", "rl")
_NAMES = {_BLUE: "blue", _RED: "red", _GREY: "grey"}

#: The longest strip accepted (a row of n dominoes has n(n+1)/2 rows inside it).
MAX_SQUARES = 1000

_MOVE = re.compile(
    r"^\s*(?:(left|right)\s+)?(?:topples?\s+)?(\d+)\s*"
    r"(?:(?:to\s+the\s+)?(left|right|west|east|<|>))?\s*$"
)
_WAYS = {"left": -1, "west": -1, "<": -1, "right": 1, "east": 1, ">": 1}


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class TopplingDominoes(PartizanGame[str]):
    """Toppling Dominoes: Left chooses a blue or grey domino, Right a red or grey one, and
    topples it east or west: it falls with every domino beyond it in its row. Whoever
    cannot topple loses.

    A position is a string of ``l``, ``r``, ``e`` and ``.`` (capitals are read too) of
    at most :data:`MAX_SQUARES` squares; the empty strip is 0. Reversing a row keeps its
    value; swapping blue and red negates it.

    Parameters
    ----------
    use_formula : bool
        Value rows of one colour by :meth:`formula` (False: search them too, a check).
        It changes no value: it is neither shown nor compared.

    Examples
    --------
    >>> from grundy.partizan.games import TopplingDominoes
    >>> game = TopplingDominoes()
    >>> str(game.value("lll.rr")), str(game.value("eee")), game.outcome("lrrlrrl")
    ('1', '*3', Outcome.L)
    >>> game.describe_move("lrl", "lr."), game.describe_move("le", "l.")
    ('Left topples 3 to the right', 'grey 2 toppled to the right')

    Notes
    -----
    A row is valued from the rows inside it: each of its O(n) options is a shorter row
    (what stays standing), so a row of n dominoes costs O(n^2) rows of O(n) options.
    The rows of a position add (:meth:`components`); a row and its mirror image are one
    game (:meth:`canonical`), a row and its colours swapped are negatives. A row of n
    blue dominoes is n (Left topples them one by one; Right has no move); n grey ones
    are the nim heap ``*n`` (a move leaves any shorter row). Every number is a row's
    value, and so are infinitesimals such as ``Tiny(1/2)`` (CGSuite's ``lrrlrrl``).

    References
    ----------
    M. H. Albert, R. J. Nowakowski, D. Wolfe, Lessons in Play (2007); A. Fink,
    R. J. Nowakowski, A. N. Siegel, D. Wolfe, "Toppling conjectures", in Games of No
    Chance 4 (2015). CGSuite, ``game.strip.TopplingDominoes``.
    """

    use_formula: bool = field(default=True, compare=False)

    name = "toppling-dominoes"

    # ----------------------------------------------------------------- the rules
    def _moves(self, strip: str, player: str) -> Iterator[tuple[int, int, str]]:
        """(domino, -1 west or 1 east, strip after) for each move of `player`."""
        mine = (_BLUE if player == "Left" else _RED) + _GREY
        start = 0
        for i, c in enumerate(strip):
            if c == _EMPTY:
                start = i + 1
                continue
            if c not in mine:
                continue
            end = strip.find(_EMPTY, i)
            end = len(strip) if end < 0 else end
            yield i, -1, strip[:start] + _EMPTY * (i + 1 - start) + strip[i + 1 :]
            yield i, 1, strip[:i] + _EMPTY * (end - i) + strip[end:]

    def left_options(self, position: str) -> list[str]:
        """The strips after Left topples a blue or grey domino (west, then east).

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().left_options("rl.e")
        ['...e', 'r..e', 'rl..', 'rl..']
        """
        return [after for _, _, after in self._moves(position, "Left")]

    def right_options(self, position: str) -> list[str]:
        """The strips after Right topples a red or grey domino (west, then east).

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().right_options("lrl")
        ['..l', 'l..']
        """
        return [after for _, _, after in self._moves(position, "Right")]

    # ----------------------------------------------------------------- hooks
    def components(self, position: str) -> list[str] | None:
        """The rows of the strip, each as the lesser of itself and its mirror image;
        None for one row so written.

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().components("..lr.rrl.")
        ['lr', 'lrr']
        """
        rows = [min(row, row[::-1]) for row in position.split(_EMPTY) if row]
        return None if len(rows) == 1 and rows[0] == position else rows

    def canonical(self, position: str) -> str:
        """The lesser of the strip and its mirror image (the same game).

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().canonical("rrl")
        'lrr'
        """
        return min(position, position[::-1])

    def negative(self, position: str) -> str:
        """Blue and red swapped: Left's dominoes become Right's.

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().negative("lre.")
        'rle.'
        """
        return position.translate(_SWAP)

    def formula(self, position: str) -> CanonicalGame | None:
        """A row of one colour: n blue dominoes are n, n red ones -n, n grey ones ``*n``
        (any shorter row is an option); None otherwise (searched).

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> [str(TopplingDominoes().formula(s)) for s in ("lll", "rr", "eeee", "lr")]
        ['3', '-2', '*4', 'None']
        """
        if not self.use_formula or not position:
            return None
        kinds = set(position)
        if len(kinds) != 1:
            return None
        kind = kinds.pop()
        n = len(position)
        if kind == _GREY:
            return nimber(n)
        return None if kind == _EMPTY else number(n if kind == _BLUE else -n)

    # ----------------------------------------------------------------- notation
    def check_position(self, position: Any) -> str:
        """Check a strip of ``l``, ``r``, ``e`` and ``.`` (capitals read as small letters).

        Raises
        ------
        InvalidPositionError
            Not a string, another character, or more than :data:`MAX_SQUARES` squares.

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().check_position("LRE.")
        'lre.'
        >>> TopplingDominoes().check_position("lrx")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: toppling-dominoes: square 3 of 'lrx' is 'x'; ...
        """
        if not isinstance(position, str):
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a strip such as 'lrrl'"
            )
        if len(position) > MAX_SQUARES:
            raise InvalidPositionError(
                f"{self!r}: a strip of {len(position):,} squares is longer than the "
                f"{MAX_SQUARES:,} allowed"
            )
        strip = position.lower()
        if strip.strip("lre."):
            for i, c in enumerate(strip):
                if c not in "lre.":
                    raise InvalidPositionError(
                        f"{self!r}: square {i + 1} of {shown(position)} is {position[i]!r}; "
                        "squares are l (blue, Left's), r (red, Right's), e (grey, either's), "
                        ". (empty)"
                    )
        return strip

    def parse_position(self, tokens: Sequence[str]) -> str:
        """Read a strip written as one word, ``lrrl`` or ``lr.e``.

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().parse_position(["LRRL"])
        'lrrl'
        """
        if len(tokens) != 1:
            raise InvalidPositionError(
                f"{self!r}: give the strip as one word of l (blue), r (red), e (grey) and . "
                f"(empty), such as lrrl; got {len(tokens)} words"
            )
        return self.check_position(tokens[0].strip())

    def format_position(self, position: str) -> str:
        """Write the strip as :meth:`parse_position` reads it.

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().format_position("LR")
        'lr'
        """
        return self.check_position(position)

    def picture(self, position: str) -> Picture:
        """Draw the strip, squares numbered from 1: blue dominoes (Left's), red ones
        (Right's) and grey ones (either's) standing, toppled squares empty.

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().picture("lr.e").svg.count(" domino</title>")
        3
        """
        strip = self.check_position(position)
        if not strip:
            return super().picture(strip)
        title = self.picture_title(strip)
        return strip_picture(strip, DOMINOES, title=title, text=self.draw(strip), what=title)

    def draw(self, position: str) -> str:
        """Draw the strip with its squares numbered from 1 (moves name dominoes by them).

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> print(TopplingDominoes().draw("lre"))
        1 2 3
        l r e
        """
        strip = self.check_position(position)
        if not strip:
            return "(an empty strip)"
        width = len(str(len(strip)))
        numbers = " ".join(f"{i + 1:>{width}}" for i in range(len(strip)))
        return numbers + "\n" + " ".join(f"{c:>{width}}" for c in strip)

    def describe_move(self, before: Any, after: Any) -> str:
        """Name the domino toppled (from 1) and the way it fell: ``Left topples 3 to the
        left``; a grey domino's move, either player's, is ``grey 2 toppled to the right``.
        When Left's and Right's moves both leave `after`, Left's is named (see
        :meth:`describe_move_by`).

        Raises
        ------
        InvalidPositionError
            `after` does not follow `before` by one move.

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().describe_move("rl", ".l")
        'Right topples 1 to the left'
        """
        return self._described(("Left", "Right"), before, after)

    def describe_move_by(self, player: Player, before: Any, after: Any) -> str:
        """Name `player`'s move from `before` to `after` (as :meth:`describe_move`).

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().describe_move_by("Left", "lr", "..")  # Right's too
        'Left topples 1 to the right'
        """
        return self._described((player,), before, after)

    def _described(self, players: tuple[Player, ...], before: Any, after: Any) -> str:
        before, after = self.check_position(before), self.check_position(after)
        for player in players:
            for i, way, option in self._moves(before, player):
                if option == after:
                    side = "left" if way < 0 else "right"
                    if before[i] == _GREY:
                        return f"grey {i + 1} toppled to the {side}"
                    return f"{player} topples {i + 1} to the {side}"
        raise InvalidPositionError(f"{self!r}: {after!r} does not follow {before!r} by one move")

    def parse_move(self, position: Any, text: str) -> str | None:
        """Read a move as the domino's square, from 1, and the way it falls: ``3 left``
        (or ``3<``, ``3 west``), ``3 right`` (``3>``, ``3 east``); a leading ``Left`` or
        ``Right`` says whose move it is. A domino alone in its row needs no way.

        Returns None for text that is not a square number (a whole strip, say).

        Raises
        ------
        InvalidPositionError
            No domino on that square, one the player named may not topple, or no way
            given where the two ways differ.

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> game = TopplingDominoes()
        >>> game.parse_move("lrl", "Left 1 right"), game.parse_move("l.r", "3")
        ('...', 'l..')
        """
        found = _MOVE.match(text.lower())
        if found is None:
            return None
        strip = self.check_position(position)
        said, square, way_word = found.groups()
        i = int(square) - 1
        if not 0 <= i < len(strip) or strip[i] == _EMPTY:
            raise InvalidPositionError(f"{self!r}: no domino on square {square} of {strip!r}")
        owner = {_BLUE: ("Left",), _RED: ("Right",), _GREY: ("Left", "Right")}[strip[i]]
        if said is not None and said.title() not in owner:
            raise InvalidPositionError(
                f"{self!r}: the domino on square {square} is {_NAMES[strip[i]]}, not "
                f"{said.title()}'s to topple"
            )
        falls = {way: after for w, way, after in self._moves(strip, owner[0]) if w == i}
        if way_word is not None:
            return falls[_WAYS[way_word]]
        if falls[-1] != falls[1]:
            raise InvalidPositionError(
                f"{self!r}: say which way domino {square} falls: {square} left or {square} right"
            )
        return falls[-1]

    def move_notation(self) -> str:
        """How a person names a move (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import TopplingDominoes
        >>> TopplingDominoes().move_notation()
        'a domino by its square, from 1, and the way it falls: 3 left (3<) or 3 right (3>)'
        """
        return "a domino by its square, from 1, and the way it falls: 3 left (3<) or 3 right (3>)"
