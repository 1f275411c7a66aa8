"""Staircase Nim: coins move down a staircase; Nim on the odd steps."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..core.errors import InvalidPositionError
from ..core.integers import shown
from ..core.move import Move
from ..core.sums import Sum
from ..impartial.explain import xor_line
from ..impartial.game import ImpartialGame
from .heap_game import parse_heap

__all__ = ["StaircaseNim", "StaircaseNimAnyStep"]

Position = tuple[int, ...]


class _Staircase(ImpartialGame[Position]):
    """What both staircase games share: positions, notation, the misère size check."""

    def check_position(self, position: object) -> Position | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        if isinstance(position, tuple | list):
            return tuple(
                parse_heap(a, self, what=f"step {i} count") for i, a in enumerate(position, 1)
            )
        if isinstance(position, int) and not isinstance(position, bool):
            return (parse_heap(position, self, what="step 1 count"),)  # one step
        raise InvalidPositionError(
            f"{self!r}: position {shown(position)} is not a tuple of coin counts (steps 1, 2, ...)"
        )

    def from_coins(self, steps: Sequence[int]) -> Position:
        """Return the position whose coins stand on `steps` (one number per coin, 0 for
        the ground), as problems give them: the counts of steps 1, 2, ...

        Examples
        --------
        >>> from grundy.games import StaircaseNim
        >>> StaircaseNim().from_coins([3, 1, 1, 0, 5])
        (2, 0, 1, 0, 1)
        """
        counts: list[int] = []
        for i, step in enumerate(steps, 1):
            step = parse_heap(step, self, what=f"coin {i}'s step")
            if step:  # coins on the ground take no further part
                counts.extend([0] * (step - len(counts)))
                counts[step - 1] += 1
        return tuple(counts)

    def parse_position(self, tokens: Sequence[str]) -> Position | Sum:
        """Read the coin counts of steps 1, 2, ... from command-line words.

        Examples
        --------
        >>> from grundy.games import StaircaseNim
        >>> StaircaseNim().parse_position(["3", "1", "2"])
        (3, 1, 2)
        """
        if not tokens:
            raise InvalidPositionError(
                f"{self!r}: give the number of coins on steps 1, 2, ... (step 1 is next to "
                "the ground)"
            )
        return self.check_position(tuple(tokens))

    def search_size(self, position: Position) -> int:
        # Coins only move down, so step i never holds more than the coins now on
        # steps >= i: a bound on the positions a search can meet.
        need, total = 1, 0
        for count in reversed(position):
            total += count
            need *= total + 1
        return need


@dataclass(frozen=True)
class StaircaseNim(_Staircase):
    """Staircase Nim: move one or more coins from a step down to the step below.

    A position is a tuple ``(a_1, ..., a_n)``: a_i coins on step i. Step 0 is the
    ground: coins that reach it are out of play. A move takes k >= 1 coins from one
    step i >= 1 and puts them on step i - 1. The player who cannot move (every coin on
    the ground) loses. A bare integer n is one step with n coins.

    Numbering: this follows the first lecture note (steps counted from the ground,
    step 0; the odd steps count). The second note numbers piles 1..n with pile 1 the
    floor and moves from pile i > 1 to pile i - 1; its pile j is step j - 1 here, so
    its even piles are our odd steps.

    Examples
    --------
    >>> from grundy.games import StaircaseNim
    >>> StaircaseNim().grundy((1, 5, 3))        # 1 XOR 3: steps 1 and 3 count
    2
    >>> StaircaseNim().winning_moves((1, 5, 3))  # step 2 -> 1 (raise step 1), or 3 -> 2
    [(3, 3, 3), (1, 7, 1)]
    >>> StaircaseNim().grundy((10**100, 7, 10**100 + 1))
    1

    Notes
    -----
    Theorem (Sprague; the notes' mirror strategy): the position is Nim played on the
    odd steps, G = a_1 XOR a_3 XOR a_5 ... . A move from an odd step is a Nim move
    there (the coins land on an even step or the ground, which do not count); a move
    from an even step adds coins to the odd step below, which the opponent can move
    straight on down, so it cannot help. The options of value v (v = 0: the winning
    moves), every one: with c = G XOR v, lower an odd step a_i to a_i XOR c, or move
    (a_i XOR c) - a_i coins from the even step above onto odd step i when that raises
    it and step i + 1 has enough coins. O(n) for n steps of any size. There is no
    ``components`` hook (a move touches two steps), but sums of positions add by XOR.
    :meth:`winning_changes` names a move by the step its coins leave (``Move(i, before,
    after)``: step i + 1), so the winning moves of 10^5 steps take O(n) memory.
    """

    def moves(self, position: Position) -> list[Position]:
        options = []
        for i, a in enumerate(position):  # index i is step i + 1
            for k in range(1, a + 1):
                option = list(position)
                option[i] -= k
                if i:
                    option[i - 1] += k
                options.append(tuple(option))
        return options

    def formula(self, position: Position) -> int:
        value = 0
        for a in position[::2]:  # steps 1, 3, 5, ...
            value ^= a
        return value

    def moves_to_value(self, position: Position, value: int) -> list[Position]:
        return [self._moved(position, *step) for step in self._step_changes(position, value)]

    def _step_changes(self, position: Position, value: int) -> Iterator[tuple[int, int, int]]:
        """The options of value `value` as ``(i, before, after)``: step i + 1 goes from
        `before` coins to `after`, the rest landing on the step below; O(n) in all."""
        change = self.formula(position) ^ value
        if change == 0:  # every move changes the value
            return
        for i, a in enumerate(position):
            if i % 2 == 0:  # odd step i + 1: a Nim move, coins go to the step below
                new = a ^ change
                if new < a:
                    yield i, a, new
            else:  # even step i + 1: raise odd step i by moving coins onto it
                below = position[i - 1]
                new = below ^ change
                if below < new <= below + a:
                    yield i, a, a - (new - below)

    @staticmethod
    def _moved(position: Position, i: int, before: int, after: int) -> Position:
        """The position after step ``i + 1`` goes from `before` coins to `after`."""
        option = list(position)
        option[i] = after
        if i:  # step 1's coins go to the ground, out of play
            option[i - 1] += before - after
        return tuple(option)

    def winning_changes(self, position: Position | Sum, *, misere: bool = False) -> list[Move]:
        """Return the winning moves as changes of one step each: ``Move(i, before, after)``
        says step ``i + 1`` goes from `before` coins to `after`, the coins moved landing
        on the step below (:meth:`apply` builds the position).

        O(n) time and memory for n steps (the winning moves as whole positions take n
        numbers each: 10^5 steps ran out of memory). A sum, and misère play, as for any
        game.

        Examples
        --------
        >>> from grundy.games import StaircaseNim
        >>> game = StaircaseNim()
        >>> game.winning_changes((1, 5, 3))
        [Move(part=1, before=5, after=3), Move(part=2, before=3, after=1)]
        >>> game.apply((1, 5, 3), game.winning_changes((1, 5, 3))[0])
        (3, 3, 3)
        """
        checked = self.check_position(position)
        if misere or isinstance(checked, Sum):
            return super().winning_changes(checked, misere=misere)
        return [Move(*step) for step in self._step_changes(checked, 0)]

    def apply(self, position: Position | Sum, move: Move) -> Position | Sum:
        """Return the position after `move`; a step change (see :meth:`winning_changes`)
        moves ``before - after`` coins from step ``part + 1`` to the step below.

        Examples
        --------
        >>> from grundy.games import StaircaseNim
        >>> StaircaseNim().apply((1, 5, 3), gr.Move(part=2, before=3, after=1))
        (1, 7, 1)
        """
        checked = self.check_position(position)
        if move.part is None or isinstance(checked, Sum):
            return super().apply(checked, move)
        i, before, after = move.part, move.before, move.after
        if not (
            0 <= i < len(checked)
            and checked[i] == before
            and isinstance(after, int)
            and 0 <= after < before
        ):
            raise InvalidPositionError(f"{move} does not apply to {self.format_position(checked)}")
        return self._moved(checked, i, before, after)

    def explain_part(self, position: Position) -> str:
        return xor_line("the odd steps", position[::2], "odd steps")

    def describe_move(self, before: Position | Sum, after: Position | Sum) -> str:
        """Say how many coins moved from which step.

        Examples
        --------
        >>> from grundy.games import StaircaseNim
        >>> StaircaseNim().describe_move((3, 1, 2), (3, 0, 3))
        'move 1 coin from step 2 to step 1'
        >>> StaircaseNim().describe_move((3, 1, 2), (1, 1, 2))
        'move 2 coins from step 1 to the ground'
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        if isinstance(before, Sum) or isinstance(after, Sum):
            return super().describe_move(before, after)
        for i, (a, b) in enumerate(zip(before, after, strict=False)):
            if b < a:
                k = a - b
                where = f"step {i}" if i else "the ground"
                return f"move {k} coin{'s' if k > 1 else ''} from step {i + 1} to {where}"
        return super().describe_move(before, after)


@dataclass(frozen=True)
class StaircaseNimAnyStep(_Staircase):
    """Staircase Nim where a move takes one coin from a step to ANY lower step.

    A position is a tuple ``(a_1, ..., a_n)`` of coin counts on steps 1..n, as in
    :class:`StaircaseNim`; step 0 is the ground. A move takes a single coin from step
    i >= 1 to any step j < i (j = 0: off the staircase). A bare integer n is one step
    with n coins.

    Examples
    --------
    >>> from grundy.games import StaircaseNimAnyStep
    >>> StaircaseNimAnyStep().grundy((1, 2, 1))   # coins on steps 1 and 3: 1 XOR 3
    2
    >>> StaircaseNimAnyStep().winning_moves((1, 2, 1))
    [(1, 1, 1), (2, 2, 0)]

    Notes
    -----
    Each coin is a Nim heap whose size is its step (moving it down to step j is
    reducing that heap to j), so G = XOR of i over the steps i holding an odd number of
    coins (first lecture note). Moving a coin from step i to step j changes G by
    i XOR j, so the options of value v (v = 0: the winning moves), every one: with
    c = G XOR v, move a coin from any occupied step i with i XOR c < i to step i XOR c.
    O(n) for n steps, coin counts of any size.
    """

    def moves(self, position: Position) -> list[Position]:
        options = []
        for i, a in enumerate(position):  # index i is step i + 1
            if a:
                for j in range(i + 1):  # destination step j, 0 = the ground
                    option = list(position)
                    option[i] -= 1
                    if j:
                        option[j - 1] += 1
                    options.append(tuple(option))
        return options

    def formula(self, position: Position) -> int:
        value = 0
        for step, a in enumerate(position, 1):
            if a & 1:
                value ^= step
        return value

    def moves_to_value(self, position: Position, value: int) -> list[Position]:
        return [self._moved(position, *move) for move in self._coin_moves(position, value)]

    def winning_move(
        self, position: Position | Sum, *, misere: bool = False
    ) -> Position | Sum | None:
        # The first winning move alone: O(n), where all of them take O(n) each.
        checked = self.check_position(position)
        if misere or isinstance(checked, Sum):
            return super().winning_move(checked, misere=misere)
        first = next(self._coin_moves(checked, 0), None)
        return None if first is None else self._moved(checked, *first)

    def _coin_moves(self, position: Position, value: int) -> Iterator[tuple[int, int]]:
        """The options of value `value` as ``(step, target)``: a coin from `step` to
        step `target` (0: the ground); O(n) in all."""
        change = self.formula(position) ^ value
        for step, a in enumerate(position, 1):
            target = step ^ change
            if a and target < step:
                yield step, target

    @staticmethod
    def _moved(position: Position, step: int, target: int) -> Position:
        option = list(position)
        option[step - 1] -= 1
        if target:
            option[target - 1] += 1
        return tuple(option)

    def explain_part(self, position: Position) -> str:
        odd = [step for step, a in enumerate(position, 1) if a & 1]
        return xor_line(
            "the steps holding an odd number of coins", odd, "step holds an odd number of coins"
        )

    def describe_move(self, before: Position | Sum, after: Position | Sum) -> str:
        """Say which step a coin moved from and to.

        Examples
        --------
        >>> from grundy.games import StaircaseNimAnyStep
        >>> StaircaseNimAnyStep().describe_move((1, 2, 1), (2, 2, 0))
        'move a coin from step 3 to step 1'
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        if isinstance(before, Sum) or isinstance(after, Sum):
            return super().describe_move(before, after)
        diff = [b - a for a, b in zip(before, after, strict=False)]
        if diff.count(-1) == 1 and diff.count(1) <= 1 and diff.count(0) >= len(diff) - 2:
            source = diff.index(-1) + 1
            where = f"step {diff.index(1) + 1}" if 1 in diff else "the ground"
            return f"move a coin from step {source} to {where}"
        return super().describe_move(before, after)
