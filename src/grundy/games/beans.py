"""Beans in bottles: a bean leaves a bottle and becomes two beans further right."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import InvalidPositionError
from ..core.integers import shown
from ..core.sums import Sum
from ..impartial.game import ImpartialGame
from .heap_game import parse_heap

__all__ = ["BeanGame", "bean_value"]

#: A position: the bean count of each bottle.
Position = tuple[int, ...]


def bean_value(distance: int) -> int:
    """Return the SG value of one bean `distance` bottles before the last bottle.

    The values are 0 for the last bottle, then the odious numbers (an odd count of 1
    bits): 1, 2, 4, 7, 8, 11, 13, 14, ...

    Examples
    --------
    >>> from grundy.games import bean_value
    >>> [bean_value(d) for d in range(10)]
    [0, 1, 2, 4, 7, 8, 11, 13, 14, 16]

    Notes
    -----
    A bean at distance d >= 1 moves to two beans at distances a <= b < d, worth
    mex{h(a) XOR h(b)}. The options are exactly those of a Mock Turtles coin at d - 1
    (turn it and up to two coins to its left): a = b is "no other coin" (two equal
    beans cancel), a = 0 is "one other coin" (the last bottle's beans are worth 0). By
    the Mock Turtles theorem (Winning Ways, ch. 14) the value is the (d-1)-th odious
    number, 2(d-1) or 2(d-1) + 1, whichever has an odd number of 1 bits. O(log d).
    """
    if distance <= 0:
        return 0
    n = 2 * (distance - 1)
    return n if n.bit_count() & 1 else n + 1


def _distance_of_value(value: int) -> int | None:
    """The distance whose bean value is `value`, or None (the values are distinct)."""
    if value == 0:
        return 0
    return value // 2 + 1 if value.bit_count() & 1 else None


@dataclass(frozen=True)
class BeanGame(ImpartialGame[Position]):
    """Beans in bottles (快快编程 1408): split a bean into two beans further right.

    Bottles ``0 .. n-1`` stand in a row; a position is the tuple of bean counts, so its
    length is n. A move takes one bean out of bottle i and puts two beans into bottles
    j and k with ``i < j <= k <= n-1`` (j = k puts both into one bottle). Beans in the
    last bottle cannot move; the player who cannot move loses.

    The bottles are not independent games (a move touches three of them), but the
    beans are: each bean is a token that splits into two (the lecture notes'
    以豆子为独立游戏), so a position is worth the XOR over bottles holding an odd number of
    beans of the value of one bean there, :func:`bean_value` of its distance to the last
    bottle.

    Examples
    --------
    >>> from grundy.games import BeanGame
    >>> game = BeanGame()
    >>> game.grundy((2, 3, 1))     # the notes' example: only bottle 1's beans count
    1
    >>> game.winning_moves((2, 3, 1))
    [(2, 2, 3)]
    >>> game.grundy((0,) * 999 + (1,) + (0,) * 1000)   # one bean 1000 bottles from the end
    1999

    Notes
    -----
    Sprague-Grundy theorem over the beans, and the Mock Turtles values for one bean
    (see :func:`bean_value`): O(n) per position for n bottles, counts of any size. A
    winning move must change the XOR X by X: taking a bean from bottle i and adding
    beans at j, k changes it by g(i) XOR g(j) XOR g(k); for each i and j the bottle k
    is found from its value, O(n^2) for all winning moves.
    """

    # ------------------------------------------------------------- positions
    def check_position(self, position: object) -> Position | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        if not isinstance(position, tuple | list):
            raise InvalidPositionError(
                f"{self!r}: position {shown(position)} is not a tuple of bean counts, one per "
                "bottle"
            )
        return tuple(parse_heap(count, self, what="bean count") for count in position)

    def parse_position(self, tokens: Sequence[str]) -> Position:
        """Read the bean count of each bottle: ``["2", "3", "1"]`` -> ``(2, 3, 1)``.

        Examples
        --------
        >>> from grundy.games import BeanGame
        >>> BeanGame().parse_position(["2", "x"])
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidPositionError: BeanGame(): bean count 'x' is not an integer
        """
        if not tokens:
            raise InvalidPositionError(f"{self!r}: give the bean count of each bottle")
        return tuple(parse_heap(word, self, what="bean count") for word in tokens)

    def describe_move(self, before: Position | Sum, after: Position | Sum) -> str:
        """Say where the bean went, bottles numbered from 0.

        Examples
        --------
        >>> from grundy.games import BeanGame
        >>> BeanGame().describe_move((2, 3, 1), (2, 2, 3))
        'a bean from bottle 1 into bottle 2 twice'
        >>> BeanGame().describe_move((1, 0, 0), (0, 1, 1))
        'a bean from bottle 0 into bottles 1 and 2'
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        if type(before) is tuple and type(after) is tuple and len(before) == len(after):
            change = [b - a for a, b in zip(before, after, strict=True)]
            taken = [i for i, c in enumerate(change) if c < 0]
            if len(taken) == 1 and change[taken[0]] == -1 and sum(change) == 1:
                added = [j for j, c in enumerate(change) if c > 0]
                if added == [added[0]] and change[added[0]] == 2:
                    return f"a bean from bottle {taken[0]} into bottle {added[0]} twice"
                if len(added) == 2:
                    return f"a bean from bottle {taken[0]} into bottles {added[0]} and {added[1]}"
        return super().describe_move(before, after)

    # ------------------------------------------------------------- the rules
    def moves(self, position: Position) -> list[Position]:
        n = len(position)
        options = []
        for i in range(n - 1):
            if not position[i]:
                continue
            for j in range(i + 1, n):
                for k in range(j, n):
                    option = list(position)
                    option[i] -= 1
                    option[j] += 1
                    option[k] += 1
                    options.append(tuple(option))
        return options

    # ------------------------------------------------------------- the theory
    def formula(self, position: Position) -> int:
        n = len(position)
        value = 0
        for i, count in enumerate(position):
            if count & 1:
                value ^= bean_value(n - 1 - i)
        return value

    def moves_to_value(self, position: Position | Sum, value: int) -> list[Position | Sum]:
        position = self.check_position(position)
        if isinstance(position, Sum):  # what the default does, for a whole sum
            return [o for o in self.options(position) if self.grundy(o) == value]
        n = len(position)
        change = self.formula(position) ^ value
        found: list[Position | Sum] = []
        for i in range(n - 1):
            if not position[i]:
                continue
            wanted = change ^ bean_value(n - 1 - i)  # = g(j) XOR g(k)
            for j in range(i + 1, n):
                d = _distance_of_value(wanted ^ bean_value(n - 1 - j))
                if d is None or n - 1 - d < j:  # need j <= k <= n - 1
                    continue
                k = n - 1 - d
                option = list(position)
                option[i] -= 1
                option[j] += 1
                option[k] += 1
                found.append(tuple(option))
        return found
