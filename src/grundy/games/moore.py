"""Moore's Nim_k: a move reduces between 1 and k heaps at once."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..core.errors import InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.integers import shown
from ..core.outcome import Outcome
from ..core.sums import Sum
from ..impartial.explain import xor_line
from ..impartial.game import ImpartialGame
from .heap_game import parse_heap

__all__ = ["MooreNim"]

_NO_SUMS = (
    "a Moore move may reduce several heaps at once, so the heaps are not independent "
    "games, and Moore's criterion (bit counts mod k+1) is not an XOR of per-heap values: "
    "a sum of Moore positions is not a Moore position; put all heaps in one tuple instead"
)


def _bit_columns(heaps: Sequence[int]) -> list[str]:
    """Column b (bit b of every heap) as a string of '0'/'1', one character per heap."""
    width = max(heaps, default=0).bit_length()
    if width == 0:
        return []
    rows = [format(h, f"0{width}b") for h in heaps]
    # zip(*rows) walks the rows column by column in C: fast for 10^5 heaps.
    return ["".join(column) for column in zip(*rows, strict=True)][::-1]


@dataclass(frozen=True)
class MooreNim(ImpartialGame[tuple[int, ...]]):
    """Moore's Nim_k: a move takes tokens from between 1 and `k` heaps (at least one
    token from each, any amounts).

    A position is a tuple of heap sizes (an int is one heap). It is one game: its heaps
    are not independent, so positions cannot be added (see Notes).

    Parameters
    ----------
    k : int
        The most heaps one move may reduce, a positive integer; ``MooreNim(1)`` is Nim.

    Raises
    ------
    InvalidGameError
        `k` is not a positive integer, or the game is added to another game.

    Examples
    --------
    >>> from grundy.games import MooreNim
    >>> game = MooreNim(2)
    >>> game.outcome((1, 2, 3))
    Outcome.N
    >>> game.winning_move((1, 2, 3))     # reduce 2 and 3 to 1: bit 0 three times, 0 mod 3
    (1, 1, 1)
    >>> game.winning_moves((1, 2, 3))
    [(1, 1, 1)]
    >>> game.is_p_position((1, 2, 3, 3))
    True
    >>> game.outcome((1, 1, 1), misere=True), game.outcome((1, 1, 1, 1), misere=True)
    (Outcome.N, Outcome.P)
    >>> game.winning_move((10**18, 10**18 - 1, 12345))
    (12345, 12345, 12345)

    See Also
    --------
    Nim : the case k = 1.

    Notes
    -----
    Moore's theorem (1910): write the heaps in binary; a position is a P-position iff
    for every bit position the number of heaps having that bit is divisible by k + 1.
    From such a position a move changes at most k heaps, so some bit count changes by
    1..k and is no longer divisible. From any other position, go down the bits from the
    top keeping a set F of heaps already made smaller (their lower bits are free): at a
    bit where the fixed heaps give r = count mod (k+1) != 0, either set k+1-r of the
    free heaps' bits to 1 (if |F| >= k+1-r), or clear the bit in r more heaps having
    it, adding them to F (then |F| + r <= k). That is :meth:`winning_move`:
    O(number of heaps × bits) with string operations, so 10^5 heaps of 10^18 take a
    fraction of a second. Misère play (the last mover loses): if every heap is 0 or 1,
    P iff the number of 1s is 1 mod (k+1); otherwise P iff normal P (as for Nim, k = 1);
    checked exhaustively on small positions in the tests.

    The Sprague-Grundy theorem does not apply to the heaps: a move may touch several
    heaps, so a position is not the sum of its heaps, and Moore's criterion is not an
    XOR of per-heap values. Hence ``MooreNim(2) + Nim()`` and ``Sum(...)`` positions
    are refused. (A disjunctive sum of Moore positions is still a game with an SG value,
    but it is not a Moore position, and no closed form is known for it.) SG values
    (:meth:`grundy`) come from search, limited to small positions; only P-positions
    (value 0) and k = 1 (Nim: the XOR) have a closed form. :meth:`winning_moves` lists
    every winning move by testing every option, so it refuses positions with more than
    ``max_listed_options`` options; :meth:`winning_move` has no limit.

    References
    ----------
    E. H. Moore, "A generalization of the game called nim", Annals of Mathematics 11
    (1910), 93-94.
    """

    k: int

    sums_refused = _NO_SUMS
    #: :meth:`winning_moves` tests every option; it refuses positions with more options.
    max_listed_options = 100_000
    #: A search for SG values may examine at most this many (position, option) pairs
    #: per stored position allowed by max_positions.
    search_work_factor = 10

    def __post_init__(self) -> None:
        if isinstance(self.k, bool) or not isinstance(self.k, int) or self.k < 1:
            raise InvalidGameError(
                f"MooreNim: k = {shown(self.k)} must be a positive integer "
                "(the most heaps a move may reduce)"
            )

    # ----------------------------------------------------------------- the rules
    def moves(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        position = self.check_position(position)
        count = self._count_options(position, self.max_listed_options)
        if count > self.max_listed_options:
            raise PositionLimitError(
                f"{self!r}: position has more than {self.max_listed_options:,} options, "
                "too many to list (raise max_listed_options)"
            )
        return list(self._iter_options(position))

    def formula(self, position: tuple[int, ...]) -> int | None:
        # Only two closed forms are known: Nim (k = 1) and the P-positions (value 0).
        if self.k == 1:
            value = 0
            for heap in position:
                value ^= heap
            return value
        return 0 if self._is_p(position, misere=False) else None

    def canonical(self, position: tuple[int, ...]) -> tuple[int, ...]:
        # Heaps commute and empty heaps add nothing.
        return tuple(sorted(h for h in position if h))

    def check_position(self, position: object) -> tuple[int, ...]:
        if isinstance(position, Sum):
            raise InvalidPositionError(f"{self!r}: {position!r} is a sum; {_NO_SUMS}")
        if isinstance(position, tuple | list):
            if all(type(h) is int and h >= 0 for h in position):  # the common case, fast
                return tuple(position)
            return tuple(parse_heap(h, self) for h in position)
        return (parse_heap(position, self),)

    # ----------------------------------------------------------------- notation
    def parse_position(self, tokens: Sequence[str]) -> tuple[int, ...]:
        """Read heap sizes from command-line words: ``["1", "2", "3"]`` -> ``(1, 2, 3)``."""
        if not tokens:
            raise InvalidPositionError(f"{self!r}: give at least one heap size")
        return tuple(parse_heap(t, self) for t in tokens)

    def describe_move(self, before: tuple[int, ...] | Sum, after: tuple[int, ...] | Sum) -> str:
        """Name every heap the move changed, e.g. ``heap 1: 3 -> 1, heap 3: 5 -> 2``.

        Examples
        --------
        >>> from grundy.games import MooreNim
        >>> MooreNim(2).describe_move((3, 4, 5), (1, 4, 2))
        'heap 1: 3 -> 1, heap 3: 5 -> 2'
        """
        # A position as a user gives it (a list, a bare heap) reads as the stored form;
        # a sum is refused there, as everywhere in Moore's Nim.
        old, new = self.check_position(before), self.check_position(after)
        changes = [
            f"heap {i + 1}: {a} -> {b}"
            for i, (a, b) in enumerate(zip(old, new, strict=True))
            if a != b
        ]
        return ", ".join(changes)

    # ----------------------------------------------------------------- queries
    def bit_counts(self, position: tuple[int, ...]) -> tuple[int, ...]:
        """Return, for each bit b (lowest first), how many heaps have bit b set.

        Moore's theorem: in normal play the position is a P-position exactly when every
        count is divisible by k + 1 (so counting P-positions is counting heaps whose bit
        columns sum to multiples of k + 1).

        Examples
        --------
        >>> from grundy.games import MooreNim
        >>> MooreNim(2).bit_counts((1, 2, 3)), MooreNim(2).is_p_position((1, 2, 3))
        ((2, 2), False)
        >>> MooreNim(2).bit_counts((1, 1, 1, 6, 6, 6)), MooreNim(2).is_p_position((1, 1, 1))
        ((3, 3, 3), True)
        """
        heaps = self.check_position(position)
        if isinstance(heaps, Sum):
            raise InvalidPositionError(f"{self!r}: bit counts are of one position, not a sum")
        return tuple(column.count("1") for column in _bit_columns(heaps))

    def outcome(self, position: tuple[int, ...] | Sum, *, misere: bool = False) -> Outcome:
        """Return N or P by Moore's criterion (any number and size of heaps).

        Examples
        --------
        >>> from grundy.games import MooreNim
        >>> MooreNim(3).outcome((7, 7, 7, 7))
        Outcome.P
        """
        position = self.check_position(position)
        return Outcome.P if self._is_p(position, misere=misere) else Outcome.N

    def winning_move(
        self, position: tuple[int, ...] | Sum, *, misere: bool = False
    ) -> tuple[int, ...] | None:
        """Return one winning move, or None if there is none (a P-position).

        Moore's construction (see Notes of :class:`MooreNim`): exact for any number
        and size of heaps, O(heaps × bits). In misère play a terminal position is an
        N-position without a move, so it also gives None.

        Examples
        --------
        >>> from grundy.games import MooreNim
        >>> MooreNim(2).winning_move((5, 6, 7))
        (5, 5, 5)
        >>> MooreNim(2).winning_move((2, 2), misere=True)
        (1, 0)
        """
        heaps = self.check_position(position)
        if misere:
            return self._misere_winning_move(heaps)
        return self._normal_winning_move(heaps)

    def winning_moves(
        self, position: tuple[int, ...] | Sum, *, misere: bool = False
    ) -> list[tuple[int, ...] | Sum]:
        """Return every winning move (tests every option; for small positions).

        Raises
        ------
        PositionLimitError
            The position has more than ``max_listed_options`` options; use
            :meth:`winning_move` for one winning move.

        Examples
        --------
        >>> from grundy.games import MooreNim
        >>> MooreNim(2).winning_moves((1, 1, 1, 3))
        [(1, 1, 1, 0), (0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1)]
        """
        heaps = self.check_position(position)
        if self._is_p(heaps, misere=misere) or not any(heaps):
            return []
        count = self._count_options(heaps, self.max_listed_options)
        if count > self.max_listed_options:
            raise PositionLimitError(
                f"{self!r}: position has more than {self.max_listed_options:,} options, too "
                "many to test one by one for every winning move; winning_move(position) "
                "gives one winning move at once"
            )
        test = _OptionTest(heaps, self.k, misere)
        found: list[tuple[int, ...] | Sum] = []
        for subset in self._subsets(heaps):
            for values in itertools.product(*(range(heaps[i]) for i in subset)):
                if test.is_p(subset, values):
                    option = list(heaps)
                    for i, v in zip(subset, values, strict=True):
                        option[i] = v
                    found.append(tuple(option))
        return found

    def explain_part(self, heaps: tuple[int, ...]) -> str:
        if self.k == 1:
            return xor_line("the heaps (Moore's Nim with k = 1 is Nim)", heaps, "heaps")
        if not any(heaps):
            return "no move is left: value = 0"
        value = self.grundy(heaps)  # 0 by Moore's theorem, else a search (small only)
        kind = "an N-position" if value else "a P-position"
        return f"{self._moore_reason(heaps)} (Moore): {kind}, G = {value}"

    def explain_misere(self, heaps: tuple[int, ...] | Sum) -> str:
        heaps = self.check_position(heaps)  # a Sum is refused
        modulus = self.k + 1
        loses = self._is_p(heaps, misere=True)
        verdict = "the player to move loses" if loses else "the player to move wins"
        if max(heaps, default=0) > 1:
            return f"a heap is above 1, so as in normal play {self._moore_reason(heaps)}: {verdict}"
        ones = sum(heaps)
        if ones == 0:
            return "no move is left: the player to move wins (misère play)"
        return (
            f"all heaps are 0 or 1 and their count {ones} is {'' if loses else 'not '}1 "
            f"mod {modulus}: {verdict}"
        )

    def _moore_reason(self, heaps: tuple[int, ...]) -> str:
        """Moore's test on `heaps`: the top bit whose count is not 0 mod k+1, if any."""
        modulus = self.k + 1
        columns = _bit_columns(heaps)
        for bit in range(len(columns) - 1, -1, -1):
            count = columns[bit].count("1")
            if count % modulus:
                return f"{count} heaps have bit 2^{bit}, not a multiple of {modulus}"
        return f"every binary digit is 1 in a multiple of {modulus} heaps"

    # ----------------------------------------------------------------- internals
    def _is_p(self, heaps: tuple[int, ...], *, misere: bool) -> bool:
        modulus = self.k + 1
        if misere and max(heaps, default=0) <= 1:
            return sum(heaps) % modulus == 1
        return all(column.count("1") % modulus == 0 for column in _bit_columns(heaps))

    def _normal_winning_move(self, heaps: tuple[int, ...]) -> tuple[int, ...] | None:
        modulus = self.k + 1
        free: list[int] = []  # heaps already made smaller: their lower bits are ours
        is_free: set[int] = set()
        new: dict[int, int] = {}
        columns = _bit_columns(heaps)
        for bit in range(len(columns) - 1, -1, -1):
            column = columns[bit]
            fixed_ones = column.count("1") - sum(1 for i in free if column[i] == "1")
            r = fixed_ones % modulus
            if r == 0:
                continue  # the free heaps get 0 at this bit
            if len(free) >= modulus - r:
                for i in free[: modulus - r]:  # add k+1-r ones with free heaps
                    new[i] |= 1 << bit
                continue
            # Clear this bit in r more heaps having it; |free| + r <= k (else the
            # branch above applied). They become smaller, and their lower bits free.
            start = 0
            added = 0
            while added < r:
                i = column.index("1", start)
                start = i + 1
                if i not in is_free:
                    new[i] = (heaps[i] >> (bit + 1)) << (bit + 1)
                    free.append(i)
                    is_free.add(i)
                    added += 1
        if not free:
            return None
        return tuple(new.get(i, h) for i, h in enumerate(heaps))

    def _misere_winning_move(self, heaps: tuple[int, ...]) -> tuple[int, ...] | None:
        modulus = self.k + 1
        big = [i for i, h in enumerate(heaps) if h > 1]
        ones = [i for i, h in enumerate(heaps) if h == 1]
        if len(big) > self.k:
            # Some heap > 1 survives any move: misère P-positions are the normal ones.
            return self._normal_winning_move(heaps)
        option = list(heaps)
        if not big:  # remove j ones (1 <= j <= k) leaving 1 mod (k+1) of them
            remove = (len(ones) - 1) % modulus
            if not ones or remove == 0:
                return None
            for i in ones[:remove]:
                option[i] = 0
            return tuple(option)
        # 1 <= len(big) <= k: turn the big heaps into t ones and 0s, and remove j ones
        # (j <= k - len(big)) so that the ones left are 1 mod (k+1); some t works since
        # the reachable counts form a run of k+1 numbers or start at 0 and pass 1.
        for t in range(len(big) + 1):
            remove = (len(ones) + t - 1) % modulus
            if remove <= min(len(ones), self.k - len(big)):
                for n, i in enumerate(big):
                    option[i] = 1 if n < t else 0
                for i in ones[:remove]:
                    option[i] = 0
                return tuple(option)
        raise AssertionError("unreachable: Moore's misère construction always succeeds")

    def _subsets(self, heaps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        nonzero = [i for i, h in enumerate(heaps) if h]
        for size in range(1, min(self.k, len(nonzero)) + 1):
            yield from itertools.combinations(nonzero, size)

    def _iter_options(self, heaps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for subset in self._subsets(heaps):
            for values in itertools.product(*(range(heaps[i]) for i in subset)):
                option = list(heaps)
                for i, v in zip(subset, values, strict=True):
                    option[i] = v
                yield tuple(option)

    def _count_options(self, heaps: tuple[int, ...], cap: int) -> int:
        """The number of options, or some number above `cap` once it exceeds `cap`."""
        # ways[j]: ways to pick j of the heaps seen so far and a smaller size for each.
        ways = [1]
        for h in heaps:
            if not h:
                continue
            grown = ways + [0] if len(ways) <= self.k else list(ways)
            for j in range(1, len(grown)):
                grown[j] += ways[j - 1] * h
            ways = grown
            total = sum(ways) - 1
            if total > cap:
                return total
        return sum(ways) - 1

    def search_size(self, heaps: tuple[int, ...]) -> int:
        # The positions below `heaps`, or their options over search_work_factor, whichever
        # is more; sizes beyond _ASTRONOMICAL are not worked out.
        positions = 1
        for h in heaps:
            positions *= h + 1
            if positions > _ASTRONOMICAL:
                return positions
        options = self._count_options(heaps, _ASTRONOMICAL)
        return max(positions, -(-positions * options // self.search_work_factor))

    def search_refusal(self, heaps: tuple[int, ...], size: int, limit: int) -> str:
        positions = 1
        for h in heaps:
            positions *= h + 1
            if positions > limit:
                break
        positions = min(positions, limit + 1)
        options = self._count_options(heaps, limit * self.search_work_factor)
        return (
            f"{self!r}: no closed form for the SG value of an N-position (only the "
            f"outcome has one); a search of {heaps!r} would visit up to "
            f"{positions:,} positions with up to {options:,} options "
            f"each, beyond max_positions = {limit:,}; outcome() and winning_move() "
            "work at any size"
        )


#: Search sizes above this are not computed exactly (any limit is far below).
_ASTRONOMICAL = 1 << 64


class _OptionTest:
    """Moore's test for options of one position, from the position's bit counts.

    An option changes the heaps in `subset` to `values`; only their bits change the
    counts, so each test costs O(len(subset) × bits), not O(heaps × bits).
    """

    def __init__(self, heaps: tuple[int, ...], k: int, misere: bool) -> None:
        self.heaps = heaps
        self.modulus = k + 1
        self.misere = misere
        self.counts = [column.count("1") for column in _bit_columns(heaps)]
        self.big = sum(1 for h in heaps if h > 1)
        self.ones = sum(1 for h in heaps if h == 1)

    def is_p(self, subset: tuple[int, ...], values: tuple[int, ...]) -> bool:
        heaps = self.heaps
        if self.misere:
            changes = [(heaps[i], v) for i, v in zip(subset, values, strict=True)]
            if self.big + sum((v > 1) - (h > 1) for h, v in changes) == 0:
                ones = self.ones + sum((v == 1) - (h == 1) for h, v in changes)
                return ones % self.modulus == 1
        counts = list(self.counts)
        for i, v in zip(subset, values, strict=True):
            old = heaps[i]
            bit = 0
            while old or v:
                counts[bit] += (v & 1) - (old & 1)
                old >>= 1
                v >>= 1
                bit += 1
        modulus = self.modulus
        return all(c % modulus == 0 for c in counts)
