"""Impartial games: the class a game subclasses, and the winning moves and explanations every
game answers (its rules are in :mod:`~grundy.impartial.rules`, its values in
:mod:`~grundy.impartial.values`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar

from ..core.errors import InvalidPositionError
from ..core.move import Move
from ..core.protocol import P
from ..core.sums import Sum
from . import explain as _reasons
from .values import GameCache, ImpartialValues

__all__ = ["ImpartialGame", "GameCache", "game_from_moves"]


class ImpartialGame(ImpartialValues[P]):
    """Base class of impartial games: subclass it and define :meth:`moves`.

    Generic in the type of its positions (``ImpartialGame[int]``, ``ImpartialGame[tuple[int,
    ...]]``); a :class:`Sum` of positions is a position too. Optional hooks, each used
    when a subclass defines it: :meth:`formula` (a closed form), :meth:`option_values`
    (the values of the options, as a DP reads them from a table), :meth:`components`
    (independent parts), :meth:`canonical` (symmetry reduction), :meth:`assemble`
    (rebuild a position from parts), :meth:`moves_to_value` (the options of a given
    value, for huge positions), :meth:`winning_move` (one winning move by construction),
    :meth:`search_size` and :meth:`search_refusal` (refuse a search too big at once),
    the ``explain_*`` hooks (the reason in words) and the notation of :class:`Game`.

    Examples
    --------
    >>> class TakeOneOrThree(gr.ImpartialGame[int]):
    ...     def moves(self, n):
    ...         return [n - k for k in (1, 3) if k <= n]
    >>> game = TakeOneOrThree()
    >>> game.table(range(8))
    [0, 1, 0, 1, 0, 1, 0, 1]
    >>> game.outcome(7), game.winning_moves(7)
    (Outcome.N, [6, 4])
    >>> game.outcome(7, misere=True)
    Outcome.P
    """

    #: The class ``g + h`` builds (SumGame): set by the class itself, which subclasses
    #: this one, through ``__init_subclass__(sum_of_games=True)``.
    sum_of_games: ClassVar[Callable[..., ImpartialGame[Any]]]

    def __init_subclass__(cls, *, sum_of_games: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if sum_of_games:
            ImpartialGame.sum_of_games = cls

    def winning_moves(self, position: P | Sum, *, misere: bool = False) -> list[P | Sum]:
        """Return every move from `position` to a P-position (empty for a P-position).

        In normal play a position made of parts (a ``Sum`` or a position with
        ``components``) is handled by the SG theorem: with X the XOR of the parts'
        values, a winning move changes one part of value g into an option of value
        g XOR X, so only that part's options are examined. In misère play the options of
        the whole position are searched.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().winning_moves((3, 4, 5))
        [(1, 4, 5)]
        >>> Nim().winning_moves((1, 1, 2), misere=True)
        [(1, 1, 1)]
        """
        position = self.check_position(position)
        if misere:
            options = self._searched_options(position)
            found = [o for o in options if not self._next_player_wins(o)]
        else:
            found = self.options_with_value(position, 0)
        return list(dict.fromkeys(found))  # a game may list the same option twice

    def winning_move(self, position: P | Sum, *, misere: bool = False) -> P | Sum | None:
        """Return one winning move from `position`, or None (a P-position, or no move).

        The default is the position after :meth:`winning_change`; games whose theory
        constructs a winning move (Moore's Nim, Fibonacci Nim) override it, so that one
        winning move is found where there are too many options to list them all.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().winning_move((3, 4, 5)), Nim().winning_move((1, 1))
        ((1, 4, 5), None)
        """
        move = self.winning_change(position, misere=misere)
        return None if move is None else self.apply(self.check_position(position), move)

    def winning_change(self, position: P | Sum, *, misere: bool = False) -> Move | None:
        """Return the first of :meth:`winning_changes` without listing the others.

        In normal play the parts are tried in order and the first part with a winning
        move answers, so 10^5 Lasker heaps (12 million winning moves) give one at once.

        Examples
        --------
        >>> from grundy.games import LaskersNim
        >>> LaskersNim().winning_change(tuple(range(1, 100_000)))
        Move(part=30, before=31, after=Sum(1, 30))
        """
        position = self.check_position(position)
        if misere or self.defines("winning_changes"):  # the game's own list, or a search
            moves = self.winning_changes(position, misere=misere)
            return moves[0] if moves else None
        for move in self._iter_changes_to_value(position, 0):
            return move
        return None

    def options_with_value(self, position: P | Sum, value: int) -> list[P | Sum]:
        """Return the options of `position` whose SG value is `value` (normal play).

        A position made of parts retargets one part: with X the XOR of the parts'
        values, a part of value g must move to an option of value g ⊕ X ⊕ `value`;
        one part asks :meth:`moves_to_value`.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().options_with_value((3, 4, 5), 1)
        [(0, 4, 5)]
        """
        return [self.apply(position, move) for move in self._changes_to_value(position, value)]

    def winning_changes(self, position: P | Sum, *, misere: bool = False) -> list[Move]:
        """Return the winning moves of `position` as changes: which part, from what, to what.

        The moves of :meth:`winning_moves`, in the same order, each naming only the part it
        changes, so a sum of 10^5 heaps costs linear time and memory (as whole positions,
        every winning move would be another 10^5 heaps). In misère play the whole position
        is searched and each move is the whole option (``part`` None).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().winning_changes((3, 4, 5))
        [Move(part=0, before=3, after=1)]
        >>> Nim().winning_changes(gr.Sum((3,), (4, 5)))
        [Move(part=0, before=(3,), after=(1,))]
        """
        position = self.check_position(position)
        if misere:
            return [Move(None, position, m) for m in self.winning_moves(position, misere=True)]
        return list(dict.fromkeys(self._changes_to_value(position, 0)))

    def apply(self, position: P | Sum, move: Move) -> P | Sum:
        """Return the position after `move` (see :meth:`winning_changes`).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().apply((3, 4, 5), gr.Move(part=2, before=5, after=0))
        (3, 4, 0)
        """
        if move.part is None:
            return move.after  # type: ignore[no-any-return]
        parts = self.parts(position)
        if parts is None or parts[move.part] != move.before:
            raise InvalidPositionError(f"{move} does not apply to {self.format_position(position)}")
        new_parts = [*parts[: move.part], move.after, *parts[move.part + 1 :]]
        return Sum(*new_parts) if isinstance(position, Sum) else self.assemble(new_parts)

    def _changes_to_value(self, position: P | Sum, value: int) -> list[Move]:
        return list(self._iter_changes_to_value(position, value))

    def _iter_changes_to_value(self, position: P | Sum, value: int) -> Iterator[Move]:
        """The moves to an option of SG value `value`, part by part (lazily)."""
        parts = self.parts(position)
        if parts is None:
            for option in self.moves_to_value(position, value):  # type: ignore[arg-type]
                yield Move(None, position, option)
            return
        values = [self.grundy(p) for p in parts]
        change = value
        for v in values:
            change ^= v
        if change == 0:  # a part would have to keep its own value: no option does
            return
        # Equal parts of a Sum (unordered) have the same options and lead to the same sums.
        seen: set[Any] | None = set() if isinstance(position, Sum) else None
        for i, (part, part_value) in enumerate(zip(parts, values, strict=True)):
            if seen is not None:
                if part in seen:
                    continue
                seen.add(part)
            for option in self.options_with_value(part, part_value ^ change):
                yield Move(i, part, option)

    def explain(self, position: P | Sum, *, misere: bool = False) -> str:
        """Return one line saying why `position` has its SG value (or misère outcome).

        In normal play the line ends with ``= g``, g the SG value: a position made of
        parts is the XOR of their values, a game with a closed form states it, any other
        position is the mex of its options' values. In misère play it names a winning
        move, or says that every move leaves the opponent a winning position. Games
        state their own rules through the hooks :meth:`explain_normal`,
        :meth:`explain_part` and :meth:`explain_misere`.

        Raises
        ------
        InvalidPositionError
            The game does not accept `position`.
        PositionLimitError, LoopError
            Only where computing the value (or misère outcome) itself raises them.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().explain((3, 4, 5))
        'XOR of the heaps: 3 ⊕ 4 ⊕ 5 = 2'
        >>> Nim().explain((1, 1, 1), misere=True)
        'all heaps are 0 or 1 and their count is odd (3 heaps of 1): the player to move loses'
        >>> halve_or_decrement = gr.game_from_moves(lambda n: [n // 2, n - 1] if n else [])
        >>> halve_or_decrement.explain(5)
        "mex of the options' values {0, 1} = 2"

        Notes
        -----
        Costs what :meth:`grundy` (or :meth:`outcome`) costs, plus valuing the options of
        a one-part position; a position valued by a closed form whose options are too
        many to list quickly is explained by that closed form.
        """
        position = self.check_position(position)
        if misere:
            return self.explain_misere(position)
        return self.explain_normal(position)

    def explain_normal(self, position: P | Sum) -> str:
        """Hook of :meth:`explain`, normal play: the XOR of the parts, or one part's reason.

        Examples
        --------
        >>> from grundy.games import Bash
        >>> Bash(3).explain_normal(gr.Sum(5, 6))
        'XOR of the heaps mod 4: 1 ⊕ 2 = 3'
        """
        return _reasons.parts_reason(self, position)

    def explain_part(self, position: P) -> str:
        """Hook of :meth:`explain`: the reason of one part's value, ending ``= g``.

        The default is the mex of its options' values; games with a closed form state it.

        Examples
        --------
        >>> from grundy.games import Bash
        >>> Bash(3).explain_part(10)
        "a heap's value is its size mod 4: 10 mod 4 = 2"
        """
        return _reasons.mex_reason(self, position)

    def explain_lists_options(self, position: P) -> bool:
        """Hook of :meth:`explain`: may the mex line list the options of `position`?

        Not when a closed form values it and it looks too big to list its options quickly.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().explain_lists_options(10**18)
        False
        """
        return _reasons.lists_options_by_size(self, position)

    def explain_misere(self, position: P | Sum) -> str:
        """Hook of :meth:`explain`, misère play: a winning move, or why every move loses.

        Examples
        --------
        >>> from grundy.games import Bash
        >>> Bash(2).explain_misere(4)
        'every move leaves the opponent a winning position'
        """
        return _reasons.misere_reason(self, position)

    def __add__(self, other: ImpartialGame[Any]) -> ImpartialGame[Any]:
        """``g + h`` is the sum game whose positions are pairs ``(p, q)`` (a SumGame).

        Examples
        --------
        >>> from grundy.games import Bash, Nim
        >>> (Bash(3) + Nim()).grundy((5, (1, 2)))
        2
        """
        if not isinstance(other, ImpartialGame):
            return NotImplemented
        return self.sum_of_games(self, other)


def game_from_moves(
    moves: Callable[[Any], Iterable[Any]],
    *,
    name: str | None = None,
    formula: Callable[[Any], int | None] | None = None,
    canonical: Callable[[Any], Any] | None = None,
    option_values: Callable[[Any, Any], Iterable[int]] | None = None,
) -> ImpartialGame[Any]:
    """Build a game from a plain function that lists the options of a position.

    Parameters
    ----------
    moves : callable
        ``moves(position)`` returns the options of `position`.
    name : str, optional
        Shown in messages; default the function's name.
    formula, canonical, option_values : callable, optional
        The optional hooks of :class:`ImpartialGame`.

    Examples
    --------
    >>> halve_or_decrement = gr.game_from_moves(lambda n: [n // 2, n - 1] if n else [])
    >>> halve_or_decrement.table(range(10))
    [0, 1, 0, 2, 1, 2, 0, 1, 0, 2]

    Kayles by its rules, valued as a DP would (knock down 1 or 2 pins of a row of n):

    >>> kayles = gr.game_from_moves(
    ...     lambda n: [gr.Sum(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)],
    ...     option_values=lambda n, g: {
    ...         g[a] ^ g[n - t - a] for t in (1, 2) for a in range(n - t + 1)})
    >>> kayles.table(range(12)), kayles.grundy(3000)
    ([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], 4)
    """
    hooks = {
        "moves": moves,
        "formula": formula,
        "canonical": canonical,
        "option_values": option_values,
    }
    namespace: dict[str, object] = {k: staticmethod(f) for k, f in hooks.items() if f is not None}
    namespace["name"] = name or getattr(moves, "__name__", "game")
    return type("FunctionGame", (ImpartialGame,), namespace)()
