"""The protocol every game shares: a name, a limit, and a notation for positions.

:class:`~grundy.ImpartialGame` and :class:`~grundy.twoplayer.TwoPlayerGame` both derive
from :class:`Game`, generic in the type of their positions, so the command line, the
reports, play and the web playground take a ``Game`` and ask it ``kind`` instead of
testing classes.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar

from ..display.picture import Picture, text_picture
from .errors import InvalidGameError
from .integers import unlimited_int_text
from .solver import DEFAULT_MAX_POSITIONS

__all__ = ["Game", "GameKind", "P"]

#: The type of a game's positions: any hashable value.
P = TypeVar("P", bound=Hashable)

#: What a game answers: SG values (``"impartial"``), win/loss/tie/draw
#: (``"two-player"``) or canonical forms (``"partizan"``: Left's and Right's moves).
GameKind = Literal["impartial", "two-player", "partizan"]


class Game(Generic[P]):
    """What every game has, impartial or not: a name, a limit, a notation.

    Subclasses are :class:`~grundy.ImpartialGame` and
    :class:`~grundy.twoplayer.TwoPlayerGame`; a game derives from one of them, never from
    ``Game`` directly. The notation methods are hooks: a game overrides them to read and
    write its positions as people type them.

    Examples
    --------
    >>> from grundy.games import Nim, TicTacToe
    >>> [game.kind for game in (Nim(), TicTacToe())]
    ['impartial', 'two-player']
    >>> Nim().limited_to(1_000).max_positions
    1000
    """

    #: ``"impartial"`` or ``"two-player"``: which queries the game answers.
    kind: ClassVar[GameKind]
    #: Cap on the positions a search may store; past it, ``PositionLimitError``.
    max_positions: int = DEFAULT_MAX_POSITIONS
    #: Name used in messages, by the command line and in saved files.
    name: str = ""

    def check_position(self, position: Any) -> P:
        """Validate a position given by a user and return it, normalised.

        The default accepts anything; games override it to refuse bad input with an
        ``InvalidPositionError`` that names the problem.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().check_position([3, 4])
        (3, 4)
        """
        return position  # type: ignore[no-any-return]  # the default trusts the caller

    def parse_position(self, tokens: Sequence[str]) -> P:
        """Read a position from command-line words.

        Examples
        --------
        >>> from grundy.games import Chomp
        >>> Chomp().parse_position(["2x3"])
        (3, 3)
        """
        raise NotImplementedError(f"{type(self).__name__} must define parse_position(tokens)")

    def format_position(self, position: P) -> str:
        """Write `position` as typed on the command line (the inverse of parse_position).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().format_position((3, 4, 5))
        '3 4 5'
        """
        return repr(position)

    def position_to_json(self, position: P) -> Any:
        """Return `position` as a JSON value (tuples become lists).

        Examples
        --------
        >>> from grundy.games import Wythoff
        >>> Wythoff().position_to_json((3, 5))
        [3, 5]
        """
        if isinstance(position, tuple | list):
            return [self.position_to_json(p) for p in position]
        return position

    def describe_move(self, before: P, after: P) -> str:
        """Describe the move from `before` to `after` in words, for people.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().describe_move((3, 4, 5), (1, 4, 5))
        'heap 1: 3 -> 1'
        """
        return f"{self.format_position(before)} -> {self.format_position(after)}"

    # ----------------------------------------------------------------- playing
    # How a person plays the game in a terminal (``grundy play``): what they see, what
    # they type. A game with a board overrides all three, and names moves in
    # describe_move the way parse_move reads them.
    def draw(self, position: P) -> str:
        """Draw `position` for a terminal, on one line or several (default: its notation).

        A board game draws its grid with the names of its rows and columns, so that a
        person can name a cell or a column (see :meth:`parse_move`).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().draw((3, 4, 5))
        '3 4 5'
        """
        return self.format_position(position)

    def picture(self, position: P) -> Picture:
        """Draw `position` for a notebook: a :class:`~grundy.display.Picture`.

        Jupyter shows the picture's SVG (its ``_repr_svg_``), a terminal its text. This
        is a hook: a game with a board, heaps or a graph overrides it to draw them
        (Chomp's cake, Domineering's board, Nim's heaps, Hackenbush's edges); the
        default is the text of :meth:`draw` in ``<pre>``. The position is checked first.

        Raises
        ------
        PictureLimitError
            The drawing would need more than ``MAX_SHAPES`` SVG elements.

        Examples
        --------
        >>> halve = gr.game_from_moves(lambda n: [n // 2] if n else [], name="halve")
        >>> picture = halve.picture(6)
        >>> picture, picture._repr_svg_(), picture._repr_html_()[:4]
        (6, None, '<pre')
        """
        position = self.check_position(position)
        return text_picture(self.draw(position), title=self.picture_title(position))

    def picture_title(self, position: P) -> str:
        """The words of a picture: the game and the position (shortened when long).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> from grundy.partizan.games import Domineering
        >>> Nim().picture_title((3, 4, 5)), Domineering().picture_title(("..", ".#"))
        ('Nim(): 3 4 5', 'domineering: ..|.#')
        """
        with unlimited_int_text():  # a heap of 10^5000 is a position too
            text = self.format_position(position)
        if len(text) > 80:
            text = f"{text[:60]}... ({len(text):,} characters)"
        return f"{self.name or repr(self)}: {text}"

    def parse_move(self, position: P, text: str) -> P | None:
        """Read a move typed by a person at `position`: the position it leads to.

        Returns None when `text` is not written in the game's move notation (the
        caller then reads it as the whole position after the move); raises
        ``InvalidPositionError`` when it is, but names no legal move (a cell that is
        taken, a full column). The default knows no move notation.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().parse_move((3, 4, 5), "1 4 5") is None
        True
        """
        return None

    def move_notation(self) -> str:
        """Say how a person types a move, for the prompt of ``grundy play``.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().move_notation()
        'the position after your move'
        """
        return "the position after your move"

    def limited_to(self, max_positions: int) -> Self:
        """Set this game's cap on stored positions and return the game.

        Examples
        --------
        >>> game = gr.game_from_moves(lambda n: [n - 1] if n else [], name="countdown")
        >>> game.limited_to(100).grundy(1000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.core.errors.PositionLimitError: countdown: more than 100 positions needed; ...
        """
        if type(max_positions) is not int or max_positions < 1:
            raise InvalidGameError(f"max_positions {max_positions!r} must be a positive integer")
        self.__dict__["max_positions"] = max_positions  # also works on frozen dataclasses
        return self

    def __repr__(self) -> str:
        return self.name or f"{type(self).__name__}()"
