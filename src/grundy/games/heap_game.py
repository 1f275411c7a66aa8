"""Heap games: a position is a heap size, or a tuple of heaps played side by side."""

from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Iterable, Sequence

from ..core.errors import InvalidPositionError, PositionLimitError
from ..core.integers import parse_int, shown, unlimited_int_text
from ..core.sums import Sum
from ..display.heaps import heaps_picture
from ..display.picture import Picture
from ..impartial.explain import xor_line
from ..impartial.game import ImpartialGame

__all__ = ["HeapGame", "HeapPosition", "SearchedHeapGame", "changed_heaps", "parse_heap"]

#: A position of a heap game: one heap, or a tuple of heaps played side by side.
HeapPosition = int | tuple[int, ...]

#: explain() lists the options of a searched heap only up to this many.
_EXPLAIN_OPTIONS = 5_000


def parse_heap(value: object, game: object = None, *, what: str = "heap") -> int:
    """Return `value` as a heap size (a non-negative int), or raise InvalidPositionError.

    `what` names the number in the message (``"limit"``, ``"step 2 count"``...), so that
    every count a position is made of is read, and rejected, the same way. Text is read
    by :func:`grundy.core.integers.parse_int` (ASCII digits, up to ``MAX_DIGITS`` of them).

    Examples
    --------
    >>> parse_heap("12")
    12
    >>> parse_heap(-3)
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: heap -3 is negative; it must be a non-negative integer
    >>> parse_heap("x", what="limit")
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: limit 'x' is not an integer
    """
    if type(value) is int and value >= 0:  # the common case: no message to build
        return value
    where = f"{game!r}: " if game is not None else ""
    if isinstance(value, str):
        heap = parse_int(value, f"{where}{what}")
    elif isinstance(value, bool):
        raise InvalidPositionError(f"{where}{what} {value!r} is a bool, not an integer")
    else:
        try:
            heap = operator.index(value)  # type: ignore[arg-type]  # any object: TypeError if not an index
        except TypeError:
            raise InvalidPositionError(f"{where}{what} {shown(value)} is not an integer") from None
    if heap < 0:
        raise InvalidPositionError(
            f"{where}{what} {shown(heap)} is negative; it must be a non-negative integer"
        )
    return heap


class HeapGame(ImpartialGame[HeapPosition]):
    """Base class of heap games; subclasses define :meth:`heap_moves` for one heap.

    A position is an ``int`` (one heap) or a tuple of heaps (their sum). The solver
    values a tuple as the XOR of its heaps, so each heap size is solved once; winning
    moves come back as tuples of the same length (a split heap is replaced in place by
    its parts).

    Examples
    --------
    >>> from grundy.games import HeapGame
    >>> class TakeOneOrTwo(HeapGame):
    ...     def heap_moves(self, n):
    ...         return [n - k for k in (1, 2) if k <= n]
    >>> TakeOneOrTwo().grundy((4, 5)), TakeOneOrTwo().winning_moves((4, 5))
    (3, [(2, 5), (4, 4)])
    """

    def heap_moves(self, n: int) -> Iterable[int | Sum]:
        """Return the options of one heap of size `n`: heap sizes, or a ``Sum`` of them."""
        raise NotImplementedError(f"{type(self).__name__} must define heap_moves(n)")

    def winning_heap_moves(self, heaps: Sequence[int]) -> list[tuple[int, int | tuple]]:
        """Return the winning moves of a row of heaps as ``(index, replacement)`` pairs.

        The compact form of :meth:`winning_moves` for many heaps: heap `index` (from 0)
        becomes `replacement`, a heap size or a tuple of heaps when the move splits it.
        It costs O(number of heaps) for a game with a closed form, where listing every
        winning position would cost O(heaps x moves).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().winning_heap_moves([3, 4, 5])
        [(0, 1)]
        """
        row = self.check_position(tuple(heaps))
        assert isinstance(row, tuple)  # a tuple of heaps checks as a tuple of heaps
        heaps = row
        # The closed form where there is one (no memo entry per heap), else the solver.
        formula = self.formula if self.defines("formula") else self.grundy
        values = [v if (v := formula(h)) is not None else self.grundy(h) for h in heaps]
        total = 0
        for v in values:
            total ^= v
        found: list[tuple[int, int | tuple]] = []
        if total == 0:
            return found
        options_with_value = self.moves_to_value  # a heap is one part: ask it directly
        for i, (heap, value) in enumerate(zip(heaps, values, strict=True)):
            options = options_with_value(heap, value ^ total)
            if not isinstance(options, list):
                options = list(options)
            if len(options) > 1:
                options = dict.fromkeys(options)  # a rule may list an option twice
            for option in options:
                found.append((i, option.parts if isinstance(option, Sum) else option))
        return found

    def explain_normal(self, position: HeapPosition | Sum) -> str:
        # Heaps side by side, in a tuple or a Sum of tuples, are one row of heaps.
        heaps = _heaps_of(position)
        if len(heaps) == 1:
            return self.explain_part(heaps[0])
        formula = self.formula if self.defines("formula") else self.grundy
        values = [v if (v := formula(h)) is not None else self.grundy(h) for h in heaps]
        return xor_line(self.heap_values_label(), values, "heaps")

    def heap_values_label(self) -> str:
        """Hook of :meth:`explain`: what the XOR line of several heaps adds up.

        Examples
        --------
        >>> from grundy.games import Bash, Nim
        >>> Nim().heap_values_label(), Bash(3).heap_values_label()
        ('the heaps', 'the heaps mod 4')
        """
        return "the heaps' values"

    def moves(self, position: HeapPosition) -> list[HeapPosition | Sum]:
        if isinstance(position, int):
            return list(self.heap_moves(position))
        options: list[HeapPosition | Sum] = []
        for i, heap in enumerate(position):
            before, after = position[:i], position[i + 1 :]
            for option in self.heap_moves(heap):
                parts = option.parts if isinstance(option, Sum) else (option,)
                options.append((*before, *parts, *after))
        return options

    def search_size(self, position: HeapPosition) -> int | None:
        """Return the rows of heaps a search from `position` may meet: each heap at most
        its size, so the product of (heap + 1) (a search over whole rows: misère play,
        remoteness).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().search_size((3, 4, 5)), Nim().search_size(10**9)
        (120, 1000000001)
        """
        heaps = (position,) if isinstance(position, int) else position
        return math.prod(h + 1 for h in heaps)

    def components(self, position: HeapPosition) -> Sequence[int] | None:
        return None if isinstance(position, int) else position

    def canonical(self, position: HeapPosition) -> HeapPosition:
        # Heaps commute and empty heaps add nothing: the outcome search needs one key.
        if isinstance(position, int):
            return position
        return tuple(sorted(h for h in position if h))

    def assemble(self, parts: Sequence[HeapPosition | Sum]) -> tuple:
        return tuple(
            h for part in parts for h in (part.parts if isinstance(part, Sum) else (part,))
        )

    def check_position(self, position: object) -> HeapPosition | Sum:
        if isinstance(position, Sum):
            return Sum(*(self.check_position(p) for p in position.parts))
        if isinstance(position, tuple | list):
            if all(type(h) is int and h >= 0 for h in position):  # the common case, fast
                return tuple(position)
            return tuple(parse_heap(h, self) for h in position)
        return parse_heap(position, self)

    def parse_position(self, tokens: Sequence[str]) -> tuple[int, ...]:
        """Read heap sizes from command-line words: ``["3", "4", "5"]`` -> ``(3, 4, 5)``."""
        if not tokens:
            raise InvalidPositionError(f"{self!r}: give at least one heap size")
        return tuple(parse_heap(t, self) for t in tokens)

    def picture(self, position: HeapPosition | Sum) -> Picture:
        """Draw the heaps as columns of counters, each heap's size below it (a heap of
        more than 20 as a broken bar); a ``Sum`` as its parts side by side.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> picture = Nim().picture((3, 4, 5))
        >>> picture.svg.count("<circle"), picture.title
        (12, 'Nim(): 3 4 5')
        """
        position = self.check_position(position)
        if isinstance(position, Sum):
            return super().picture(position)
        heaps = (position,) if isinstance(position, int) else position
        title = self.picture_title(position)
        with unlimited_int_text():  # the text of a heap of 10^5000
            text = self.draw(position)
        return heaps_picture(heaps, title=title, text=text, what=title)

    def describe_move(self, before: HeapPosition | Sum, after: HeapPosition | Sum) -> str:
        """Say which heap a move changed, e.g. ``heap 1: 3 -> 1`` (heaps numbered from 1).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().describe_move((3, 4, 5), (1, 4, 5))
        'heap 1: 3 -> 1'
        >>> from grundy.games import Kayles
        >>> Kayles.describe_move(8, gr.Sum(1, 5)), Kayles.describe_move([8], (1, 5))
        ('heap 1: 8 -> 1 + 5', 'heap 1: 8 -> 1 + 5')
        >>> Nim().describe_move(gr.Sum(3, 4, 5), gr.Sum(2, 3, 4))
        '5 -> 2'
        """
        # A position as a user gives it (a list for a tuple, say) reads as its stored form.
        before, after = self.check_position(before), self.check_position(after)
        if isinstance(after, Sum) and not isinstance(before, Sum):
            # An option of one heap that splits it is a Sum of the parts: the same move
            # as the tuple of parts that splitting it inside a row gives.
            after = tuple(_heaps_of(after))
        if isinstance(before, Sum) or isinstance(after, Sum):
            # A sum has no order, hence no heap numbers: say which heaps went and came.
            old_heaps, new_heaps = Counter(_heaps_of(before)), Counter(_heaps_of(after))
            gone = sorted((old_heaps - new_heaps).elements())
            came = sorted((new_heaps - old_heaps).elements()) or [0]
            return f"{' + '.join(map(str, gone)) or '0'} -> {' + '.join(map(str, came))}"
        start, old, new = changed_heaps(before, after)
        new = new or (0,)
        return f"heap {start + 1}: {' + '.join(map(str, old))} -> {' + '.join(map(str, new))}"


def changed_heaps(
    before: HeapPosition | Sum, after: HeapPosition | Sum
) -> tuple[int, tuple[int | Sum, ...], tuple[int | Sum, ...]]:
    """Return where two rows of heaps differ: (first index, old heaps, new heaps).

    The common heaps at both ends are left out, so a move in one heap gives one old heap
    and its replacement (two heaps for a split, none for a heap that vanished).

    Examples
    --------
    >>> from grundy.games.heap_game import changed_heaps
    >>> changed_heaps((3, 7, 5), (3, 2, 4, 5))
    (1, (7,), (2, 4))
    """
    old: tuple[int | Sum, ...] = before if isinstance(before, tuple) else (before,)
    new: tuple[int | Sum, ...] = after if isinstance(after, tuple) else (after,)
    shorter = min(len(old), len(new))
    start = 0
    while start < shorter and old[start] == new[start]:
        start += 1
    end = 0
    while end < shorter - start and old[-1 - end] == new[-1 - end]:
        end += 1
    return start, old[start : len(old) - end], new[start : len(new) - end]


def _heaps_of(position: HeapPosition | Sum) -> list[int]:
    """Every heap size in a checked position (an int, a tuple, or a Sum of those)."""
    if isinstance(position, Sum):
        return [h for part in position.parts for h in _heaps_of(part)]
    if isinstance(position, tuple):
        return list(position)
    return [position]


class SearchedHeapGame(HeapGame):
    """A heap game valued by search where it has no closed form: a heap too big to search
    is refused at once, with the reason, instead of running into the position limit.

    Subclasses say how many options a search examines (:meth:`search_steps`), how many
    options a heap has (:meth:`options_count`) and why there is no closed form
    (:meth:`why_no_formula`).
    """

    def options_count(self, n: int) -> int:
        """Return how many options a heap of size `n` has.

        Examples
        --------
        >>> from grundy.games import GrundysGame
        >>> GrundysGame().options_count(9)
        4
        """
        raise NotImplementedError(f"{type(self).__name__} must define options_count(n)")

    def search_steps(self, n: int) -> int:
        """Return about how many options a search examines to value heaps 0..n.

        Examples
        --------
        >>> from grundy.games import GrundysGame
        >>> GrundysGame().search_steps(100)
        2500
        """
        raise NotImplementedError(f"{type(self).__name__} must define search_steps(n)")

    def why_no_formula(self, n: int) -> str:
        """Return why heap `n` has no closed form (the start of the refusal message).

        Examples
        --------
        >>> from grundy.games import GrundysGame
        >>> GrundysGame().why_no_formula(10**7)
        "heap 10,000,000 is beyond the table (Grundy's game has no known period)"
        """
        return f"heap {n:,} has no closed form here (no known period)"

    def search_size(self, position: HeapPosition) -> int | None:
        # The search values every heap up to n and examines about search_steps(n) options;
        # a row of heaps (a misère search of the whole row) needs at least its largest's.
        heaps = (position,) if isinstance(position, int) else position
        return max((max(n + 1, self.search_steps(n)) for n in heaps), default=1)

    def search_refusal(self, position: HeapPosition, size: int, limit: int) -> str:
        n = position if isinstance(position, int) else max(position)
        return (
            f"{self!r}: {self.why_no_formula(n)}; a search would value {n + 1:,} heaps "
            f"through about {self.search_steps(n):,} options, beyond max_positions = {limit:,}"
        )

    def _check_listable(self, n: int) -> None:
        count = self.options_count(n)
        if count > self.max_positions:
            raise PositionLimitError(
                f"{self!r}: heap {n:,} has {count:,} options, more than max_positions = "
                f"{self.max_positions:,}; too many to list"
            )

    def explain_lists_options(self, n: HeapPosition) -> bool:
        # The mex line lists a heap's options when a search valued them anyway (no
        # closed form), or when there are few of them.
        if not isinstance(n, int) or self.formula(n) is None:
            return True
        try:
            return self.options_count(n) <= _EXPLAIN_OPTIONS
        except NotImplementedError:  # no count: judge by the heap's size
            return super().explain_lists_options(n)
