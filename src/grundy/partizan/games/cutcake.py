"""Cutcake and its family (CGSuite's GenCutcake): Left cuts a rectangle of cake
vertically, Right horizontally; Eatcake, Maundy Cake and the twisted variants."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ...core.errors import InvalidGameError, InvalidPositionError
from ...core.integers import parse_int, shown
from ...display.boards import cake_picture
from ...display.picture import Picture
from ..protocol import PartizanGame, Player

__all__ = ["GenCutcake", "Cutcake", "Eatcake", "MaundyCake", "TurnAndEatcake"]

#: A rectangle of cake: (rows, columns).
Piece = tuple[int, int]
#: A position: the pieces of cake, sorted (their values add).
Cake = tuple[Piece, ...]
#: How a player splits the side they act on (see GenCutcake).
Rule = Literal["cut", "eat", "maundy"]

#: The most rows, and the most columns, a piece may have: an m x n piece is searched
#: through its m·n sub-pieces of up to m + n options each (100 x 100: about 10 s).
MAX_SIDE = 100
#: The most pieces a position may have.
MAX_PIECES = 100

_PIECE = re.compile(r"^\s*(-?[0-9]+)\s*[xX×]\s*(-?[0-9]+)\s*$")
_DRAWN = 10  # pieces with a side longer than this are shown by their size only


def _splits(rule: Rule, h: int) -> Iterator[tuple[int, ...]]:
    """The ways a side of length `h` may be split under `rule` (each a tuple of the
    lengths left; empty when nothing is left)."""
    if rule == "cut":  # TakeAndBreak("4.0"): two non-empty parts
        for a in range(1, h // 2 + 1):
            yield (a, h - a)
    elif rule == "eat":  # TakeAndBreak("0.7"): remove one unit, leave 0, 1 or 2 parts
        if h == 1:
            yield ()
        else:
            yield (h - 1,)
            for a in range(1, (h - 1) // 2 + 1):
                yield (a, h - 1 - a)
    else:  # "maundy", TakeAndBreak("{2+}=.0"): k >= 2 equal parts
        for k in range(2, h + 1):
            if h % k == 0:
                yield (h // k,) * k


@dataclass(frozen=True, repr=False)  # repr: the name, as in messages
class GenCutcake(PartizanGame[Cake]):
    """A game of cakes: Left splits a piece's columns, Right its rows, by a rule.

    A position is a sum of rectangles written ``RxC`` (R rows, C columns), e.g.
    ``"8x8"`` or ``"4x5 + 2x3"``; stored as the sorted tuple of (rows, columns) pairs.
    Left acts on the columns, cutting *vertically* (a cut between two columns), Right on
    the rows, cutting *horizontally*. This is CGSuite's ``game.heap.Cutcake((rows,
    cols))`` as its code plays it (the Left ruleset acts on the column coordinate; its
    own test has ``Cutcake((8, 1)) = -7``, Right's seven free cuts of an 8-row strip),
    although its documentation says Left cuts the first coordinate; Winning Ways, as
    usually quoted, also has Left cutting vertically.

    Parameters
    ----------
    left, right : {"cut", "eat", "maundy"}
        How Left splits the columns of a piece, and Right its rows: ``"cut"`` into two
        non-empty parts (Cutcake), ``"eat"`` removes one column (row), leaving 0, 1 or 2
        parts (Eatcake), ``"maundy"`` into k >= 2 equal parts (Maundy Cake).
    twisted : bool
        Turn each piece a quarter turn after every move (rows and columns swap), as
        CGSuite's ``twisted => true``; a twisted move acts on the rows for Left.
    name : str
        The name in messages.

    Examples
    --------
    >>> from grundy.partizan.games import Cutcake, Eatcake, MaundyCake
    >>> [str(Cutcake.value(f"8x{n}")) for n in range(1, 9)]
    ['-7', '-3', '-3', '-1', '-1', '-1', '-1', '0']
    >>> str(Cutcake.value("1x5 + 2x1")), str(MaundyCake.value("3x6"))
    ('3', '1')
    >>> Cutcake.describe_move("8x8", "8x3 + 8x5")
    'Left 8x8 -> 8x3 + 8x5'

    Notes
    -----
    The pieces never interact, so a position's value is the sum of its pieces'
    (:meth:`components`); a piece R x C is searched over the pieces inside it, at most
    R*C of them, each with about (R + C)/2 options. Cutcake's values are integers: with
    2^i <= R < 2^(i+1) and 2^j <= C < 2^(j+1), the value of R x C is 0 if i = j,
    floor(C / 2^i) - 1 if i < j, and 1 - floor(R / 2^j) if i > j (the tests check this
    closed form against the search).

    References
    ----------
    E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical Plays
    (Cutcake, Maundy Cake, Eatcake). CGSuite, ``game.heap.GenCutcake`` and
    ``game.heap.constants``.
    """

    left: Rule = "cut"
    right: Rule = "cut"
    twisted: bool = False
    name: str = field(default="gen-cutcake", compare=False)

    def __post_init__(self) -> None:
        for who, rule in (("left", self.left), ("right", self.right)):
            if rule not in ("cut", "eat", "maundy"):
                raise InvalidGameError(
                    f"{self.name}: {who} rule {rule!r} is not 'cut', 'eat' or 'maundy'"
                )

    # ----------------------------------------------------------------- the rules
    def _piece_moves(self, piece: Piece, player: Player) -> Iterator[tuple[Piece, ...]]:
        """The pieces `piece` becomes after one move of `player`."""
        m, n = piece
        if self.twisted:  # CGSuite swaps the coordinates before the move
            m, n = n, m
        if player == "Left":
            for parts in _splits(self.left, n):
                yield tuple((m, b) for b in parts)
        else:
            for parts in _splits(self.right, m):
                yield tuple((a, n) for a in parts)

    def _options(self, cake: Cake, player: Player) -> list[Cake]:
        out: dict[Cake, None] = {}  # a dict: distinct options, in order
        for i, piece in enumerate(cake):
            if piece in cake[:i]:
                continue  # the same move on an equal piece
            rest = cake[:i] + cake[i + 1 :]
            for parts in self._piece_moves(piece, player):
                out[tuple(sorted(rest + parts))] = None
        return list(out)

    def left_options(self, position: Cake) -> list[Cake]:
        """The cakes after Left's moves (distinct).

        Examples
        --------
        >>> from grundy.partizan.games import Cutcake
        >>> Cutcake.left_options(((2, 4),))
        [((2, 1), (2, 3)), ((2, 2), (2, 2))]
        """
        return self._options(position, "Left")

    def right_options(self, position: Cake) -> list[Cake]:
        """The cakes after Right's moves (distinct).

        Examples
        --------
        >>> from grundy.partizan.games import Cutcake
        >>> Cutcake.right_options(((2, 4),))
        [((1, 4), (1, 4))]
        """
        return self._options(position, "Right")

    def components(self, position: Cake) -> Sequence[Cake] | None:
        """The pieces, one a part (the pieces of a cake never interact).

        Examples
        --------
        >>> from grundy.partizan.games import Cutcake
        >>> Cutcake.components(((1, 2), (3, 4)))
        [((1, 2),), ((3, 4),)]
        """
        if len(position) == 1:
            return None
        return [(piece,) for piece in position]

    # ----------------------------------------------------------------- notation
    def check_position(self, position: Any) -> Cake:
        """Read a cake: its notation (``"4x5 + 2x3"``), one (rows, columns) pair, or a
        sequence of them; returned sorted.

        Raises
        ------
        InvalidPositionError
            A piece that is not two positive ints of at most 100, or more than 100
            pieces.

        Examples
        --------
        >>> from grundy.partizan.games import Cutcake
        >>> Cutcake.check_position("4x5 + 2x3"), Cutcake.check_position((3, 1))
        (((2, 3), (4, 5)), ((3, 1),))
        >>> Cutcake.check_position("4x0")
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: cutcake: piece '4x0' must have 1 to 100 rows ...
        """
        if isinstance(position, str):
            return self.parse_position(position.replace("+", " ").split())
        if (
            isinstance(position, tuple | list)
            and len(position) == 2
            and all(type(x) is int for x in position)
        ):
            position = [position]
        if not isinstance(position, tuple | list) or not all(
            isinstance(p, tuple | list) and len(p) == 2 and all(type(x) is int for x in p)
            for p in position
        ):
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a cake; write pieces RxC "
                "joined by +, e.g. 4x5 + 2x3"
            )
        if len(position) > MAX_PIECES:
            raise InvalidPositionError(
                f"{self!r}: {len(position):,} pieces of cake; at most {MAX_PIECES}"
            )
        for m, n in position:
            if not (1 <= m <= MAX_SIDE and 1 <= n <= MAX_SIDE):
                raise InvalidPositionError(
                    f"{self!r}: piece '{m}x{n}' must have 1 to {MAX_SIDE} rows and columns"
                )
        return tuple(sorted((m, n) for m, n in position))

    def parse_position(self, tokens: Sequence[str]) -> Cake:
        """Read pieces ``RxC`` (R rows, C columns) joined by spaces or ``+``; ``0`` is
        no cake.

        Examples
        --------
        >>> from grundy.partizan.games import Cutcake
        >>> Cutcake.parse_position(["8x3", "+", "8x5"]), Cutcake.parse_position(["0"])
        (((8, 3), (8, 5)), ())
        """
        words = " ".join(tokens).replace("+", " ").split()
        if not words:
            raise InvalidPositionError(
                f"{self!r}: no cake given; write pieces RxC joined by +, e.g. 4x5 + 2x3"
            )
        if words == ["0"]:
            return ()
        pieces = []
        for word in words:
            match = _PIECE.match(word)
            if match is None:
                raise InvalidPositionError(
                    f"{self!r}: {shown(word)} is not a piece RxC (R rows, C columns), e.g. 4x5"
                )
            what = f"{self!r}: piece {shown(word)}: side"
            m, n = parse_int(match[1], what), parse_int(match[2], what)
            if not (1 <= m <= MAX_SIDE and 1 <= n <= MAX_SIDE):
                raise InvalidPositionError(
                    f"{self!r}: piece {shown(word)} must have 1 to {MAX_SIDE} rows and columns"
                )
            pieces.append((m, n))
        return self.check_position(pieces)

    def format_position(self, position: Cake) -> str:
        """Write the pieces ``RxC`` joined by `` + `` (``0`` for no cake).

        Examples
        --------
        >>> from grundy.partizan.games import Cutcake
        >>> Cutcake.format_position(((2, 3), (4, 5))), Cutcake.format_position(())
        ('2x3 + 4x5', '0')
        """
        return " + ".join(f"{m}x{n}" for m, n in position) or "0"

    def describe_move(self, before: Cake, after: Cake) -> str:
        """Name the piece cut and what it became: ``Left 8x8 -> 8x3 + 8x5``.

        Examples
        --------
        >>> from grundy.partizan.games import Eatcake
        >>> Eatcake.describe_move("1x1 + 2x2", "2x2")
        'Left 1x1 -> 0'
        """
        before, after = self.check_position(before), self.check_position(after)
        players: tuple[Player, Player] = ("Left", "Right")
        for player in players:
            for i, piece in enumerate(before):
                rest = before[:i] + before[i + 1 :]
                for parts in self._piece_moves(piece, player):
                    if tuple(sorted(rest + parts)) == after:
                        return (
                            f"{player} {self.format_position((piece,))} -> "
                            f"{self.format_position(tuple(sorted(parts)))}"
                        )
        raise InvalidPositionError(
            f"{self!r}: {self.format_position(after)!r} does not follow "
            f"{self.format_position(before)!r} by one move"
        )

    def parse_move(self, position: Cake, text: str) -> Cake | None:
        """Read a move as ``8x8 -> 8x3 + 8x5``: a piece, and the pieces it becomes
        (``0`` for none); a leading ``Left`` or ``Right`` is allowed.

        Returns None for text without ``->`` (a whole cake, say).

        Raises
        ------
        InvalidPositionError
            No such piece in the cake, or a move neither player may make.

        Examples
        --------
        >>> from grundy.partizan.games import Cutcake
        >>> Cutcake.parse_move(((8, 8),), "8x8 -> 8x2 + 8x6")
        ((8, 2), (8, 6))
        """
        position = self.check_position(position)
        if "->" not in text:
            return None
        old_text, new_text = text.split("->", 1)
        words = old_text.split()
        if words and words[0].lower() in ("left", "right"):
            words = words[1:]
        old = self.parse_position(words)
        new = self.parse_position([new_text])
        if len(old) != 1 or old[0] not in position:
            raise InvalidPositionError(
                f"{self!r}: {shown(old_text.strip())} is not one piece of "
                f"{self.format_position(position)!r}"
            )
        i = position.index(old[0])
        after = tuple(sorted(position[:i] + position[i + 1 :] + new))
        if after not in (*self.left_options(position), *self.right_options(position)):
            raise InvalidPositionError(
                f"{self!r}: {self.format_position(old)} cannot become "
                f"{self.format_position(new)} in one move"
            )
        return after

    def move_notation(self) -> str:
        """How a person names a move (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.partizan.games import Cutcake
        >>> Cutcake.move_notation()
        'a piece and what it becomes: 8x8 -> 8x3 + 8x5 (Left cuts columns, Right rows)'
        """
        return "a piece and what it becomes: 8x8 -> 8x3 + 8x5 (Left cuts columns, Right rows)"

    def picture(self, position: Cake) -> Picture:
        """Draw the pieces of cake side by side, each ruled into its squares, its size
        above it (rows x columns: Left cuts between columns, Right between rows).

        Examples
        --------
        >>> from grundy.partizan.games import Cutcake
        >>> Cutcake.picture("2x3 + 1x1").svg.count("a piece of")
        2
        """
        cake = self.check_position(position)
        if not cake:
            return super().picture(cake)
        title = self.picture_title(cake)
        return cake_picture(cake, title=title, text=self.draw(cake), what=title)

    def draw(self, position: Cake) -> str:
        """Draw the pieces side by side as blocks of ``#`` under their sizes (a piece
        longer than 10 on a side by its size only).

        Examples
        --------
        >>> from grundy.partizan.games import Cutcake
        >>> print(Cutcake.draw("2x3 + 1x1"))
        1x1  2x3
        #    ###
             ###
        """
        position = self.check_position(position)
        if not position:
            return "0 (no cake)"
        columns = []
        for m, n in position:
            label = f"{m}x{n}"
            block = ["#" * n] * m if m <= _DRAWN and n <= _DRAWN else []
            width = max(len(label), len(block[0]) if block else 0)
            columns.append([s.ljust(width) for s in [label, *block]])
        height = max(len(c) for c in columns)
        lines = [
            "  ".join(c[i] if i < len(c) else " " * len(c[0]) for c in columns).rstrip()
            for i in range(height)
        ]
        return "\n".join(lines)


Cutcake = GenCutcake("cut", "cut", name="cutcake")
"""Cutcake: Left cuts a piece vertically into two, Right horizontally."""

Eatcake = GenCutcake("eat", "eat", name="eatcake")
"""Eatcake: Left eats a whole column of a piece (the rest may fall in two), Right a row."""

MaundyCake = GenCutcake("maundy", "maundy", name="maundy-cake")
"""Maundy Cake: Left cuts a piece vertically into k >= 2 equal parts, Right horizontally."""

TurnAndEatcake = GenCutcake("eat", "eat", twisted=True, name="turn-and-eatcake")
"""Turn-and-Eatcake: Eatcake where each piece turns a quarter turn after every move."""
