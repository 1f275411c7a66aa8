"""Subtraction games whose set S is infinite and given by a rule: squares, primes, a predicate."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import InvalidGameError, PositionLimitError
from ..core.sums import Sum
from ..heaps.rule_sequence import extend_values
from ..impartial.explain import value_set
from .heap_game import HeapPosition, SearchedHeapGame, parse_heap
from .subtraction_sets import SUBTRACTION_RULES, RuleSpec, make_rule, rule_name

if TYPE_CHECKING:
    import numpy as np

__all__ = ["RuleSubtractionGame", "SUBTRACTION_RULES", "rule_name"]

#: Heaps added at least when the table grows (``table(range(N))`` asks 0, 1, 2, ...).
_MIN_GROWTH = 256
#: Options up to this many are valued one by one in explain(); beyond, from the table.
_EXPLAIN_LISTED = 5_000


# ----------------------------------------------------------------- the game
class RuleSubtractionGame(SearchedHeapGame):
    """Subtraction game on an infinite set S given by a rule: a move removes s tokens
    from one heap, for some s in S.

    Parameters
    ----------
    rule : str, callable or iterable
        A named rule (:data:`SUBTRACTION_RULES`: ``"squares"``, ``"primes"``,
        ``"fibonacci"``, ``"powers-of-two"``, ``"factorials"``, ``"triangular"``); a
        predicate, S = {s >= 1 : rule(s)}; or an iterable of increasing positive
        integers (a generator may be infinite: it is read as far as the heaps asked).
        The class methods :meth:`squares`, :meth:`primes`... build the named ones.
    name : str, optional
        A name shown in messages and repr.

    Raises
    ------
    InvalidGameError
        An unknown rule name, or (when read) an iterable that is not increasing
        positive integers; a predicate that raises gives ``MoveGenerationError``.

    Examples
    --------
    >>> from grundy.games import RuleSubtractionGame
    >>> squares = RuleSubtractionGame.squares()
    >>> squares.table(range(12))
    [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1]
    >>> squares.winning_moves(13)                 # 13 - 1 = 12 is a P-position
    [12]
    >>> RuleSubtractionGame(lambda s: s % 3 == 1).values(9)
    [0, 1, 0, 1, 2, 0, 1, 2, 0, 1]
    >>> RuleSubtractionGame.powers_of_two().grundy(10**100)   # n mod 3, any heap
    1

    Notes
    -----
    Values are computed in order, G(n) = mex{G(n - s) : s in S, s <= n}, and kept: in
    plain Python while a request is small (no numba import), by the compiled kernels of
    :mod:`grundy.heaps._rule_kernels` beyond (values below 64, as for the primes, OR
    one-hot words in SIMD; others a mex loop). The work is sum over n of
    |S ∩ [1, n]| pairs: to 10^6, 6.7·10^8 for the squares (about 0.5 s) and
    4.1·10^10 for the primes (about 2 s; 10^7 takes minutes). No period is known
    for these sets (a finite S has one: :class:`SubtractionGame`), so heap n needs all
    values up to n: beyond ``max_positions`` values it is refused at once with
    ``PositionLimitError``. The powers of two have a closed form, G(n) = n mod 3.

    References
    ----------
    OEIS A014586 (squares), A014587 (factorials), A014588 (Fibonacci numbers), A014589
    (primes). S. W. Golomb, "A mathematical investigation of games of take-away",
    J. Combinatorial Theory 1 (1966), 443-458. D. Eppstein, "Faster evaluation of
    subtraction games", FUN 2018.
    """

    def __init__(self, rule: RuleSpec, *, name: str = "") -> None:
        if not isinstance(name, str):
            raise InvalidGameError(f"RuleSubtractionGame: name {name!r} must be a string")
        self._rule = make_rule(rule)
        self.name = name

    # ---------------------------------------------------------- named rules
    @classmethod
    def squares(cls) -> RuleSubtractionGame:
        """Subtract a square: S = {1, 4, 9, 16, ...} (OEIS A014586).

        Examples
        --------
        >>> from grundy.games import RuleSubtractionGame
        >>> [n for n in range(30) if RuleSubtractionGame.squares().grundy(n) == 0]
        [0, 2, 5, 7, 10, 12, 15, 17, 20, 22]
        """
        return cls("squares")

    @classmethod
    def primes(cls) -> RuleSubtractionGame:
        """Subtract a prime: S = {2, 3, 5, 7, 11, ...} (OEIS A014589).

        Examples
        --------
        >>> from grundy.games import RuleSubtractionGame
        >>> RuleSubtractionGame.primes().values(9)
        [0, 0, 1, 1, 2, 2, 3, 3, 4, 0]
        """
        return cls("primes")

    @classmethod
    def fibonacci(cls) -> RuleSubtractionGame:
        """Subtract a Fibonacci number: S = {1, 2, 3, 5, 8, ...} (OEIS A014588).

        Examples
        --------
        >>> from grundy.games import RuleSubtractionGame
        >>> RuleSubtractionGame.fibonacci().values(9)
        [0, 1, 2, 3, 0, 1, 2, 3, 4, 5]
        """
        return cls("fibonacci")

    @classmethod
    def powers_of_two(cls) -> RuleSubtractionGame:
        """Subtract a power of two: S = {1, 2, 4, 8, ...}; G(n) = n mod 3.

        Examples
        --------
        >>> from grundy.games import RuleSubtractionGame
        >>> game = RuleSubtractionGame.powers_of_two()
        >>> game.grundy(2**70), len(game.winning_moves(2**70))   # subtract 4^k, k <= 35
        (1, 36)
        """
        return cls("powers-of-two")

    @classmethod
    def factorials(cls) -> RuleSubtractionGame:
        """Subtract a factorial: S = {1, 2, 6, 24, 120, ...} (OEIS A014587).

        Examples
        --------
        >>> from grundy.games import RuleSubtractionGame
        >>> RuleSubtractionGame.factorials().values(9)
        [0, 1, 2, 0, 1, 2, 3, 0, 1, 2]
        """
        return cls("factorials")

    @classmethod
    def triangular(cls) -> RuleSubtractionGame:
        """Subtract a triangular number: S = {1, 3, 6, 10, 15, ...}.

        Examples
        --------
        >>> from grundy.games import RuleSubtractionGame
        >>> RuleSubtractionGame.triangular().values(9)
        [0, 1, 0, 1, 0, 1, 2, 3, 2, 0]
        """
        return cls("triangular")

    # ---------------------------------------------------------- identity
    @property
    def rule(self) -> str:
        """The rule as shown in repr: its name in quotes, or the predicate's or iterable's.

        Examples
        --------
        >>> from grundy.games import RuleSubtractionGame
        >>> def odd(s):
        ...     return s % 2 == 1
        >>> RuleSubtractionGame("primes").rule, RuleSubtractionGame(odd).rule
        ("'primes'", 'odd')
        """
        return self._rule.text()

    def __repr__(self) -> str:
        shown = f", name={self.name!r}" if self.name else ""
        return f"RuleSubtractionGame({self.rule}{shown})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleSubtractionGame):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[str, object]:
        # Named rules are equal by name; a predicate or iterable only to itself.
        rule = self._rule
        return ("named", rule.name) if rule.name is not None else ("rule", id(rule))

    # ---------------------------------------------------------- the set and values
    def subtractions(self, upto: int) -> list[int]:
        """Return the members s <= `upto` of S, in increasing order.

        Examples
        --------
        >>> from grundy.games import RuleSubtractionGame
        >>> RuleSubtractionGame.primes().subtractions(20)
        [2, 3, 5, 7, 11, 13, 17, 19]
        >>> RuleSubtractionGame(lambda s: s % 10 == 7).subtractions(40)
        [7, 17, 27, 37]
        """
        return list(self._rule.below(upto + 1))

    def values(self, upto: int) -> list[int]:
        """Return G(0), G(1), ..., G(`upto`) (computed once, then kept).

        Raises
        ------
        PositionLimitError
            More than ``max_positions`` values (and no closed form).

        Examples
        --------
        >>> from grundy.games import RuleSubtractionGame
        >>> RuleSubtractionGame.squares().values(12)
        [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0]
        """
        upto = parse_heap(upto, self, what="upto")
        if upto + 1 > self.max_positions:
            raise PositionLimitError(
                f"{self!r}: values({upto:,}) asks for {upto + 1:,} values, more than "
                f"max_positions = {self.max_positions:,}"
            )
        modulus = self._rule.modulus
        if modulus is not None:
            return [n % modulus for n in range(upto + 1)]
        table = self._table(upto)
        return table[: upto + 1].tolist() if not isinstance(table, list) else table[: upto + 1]

    def _table(self, n: int) -> list[int] | np.ndarray:
        """The values computed so far, extended past `n` (a list, or a numpy array)."""
        values: list[int] | np.ndarray = self.cache.get("values", [])
        size = len(values)
        if n < size:
            return values
        # Grow by a quarter at least: table(range(N)) asks one heap more each time.
        stop = max(n + 1, size + max(_MIN_GROWTH, size // 4))
        stop = min(stop, max(self.max_positions, n + 1))
        values = extend_values(self._rule.below(stop), values, stop)
        self.cache["values"] = values
        return values

    # ---------------------------------------------------------- HeapGame hooks
    def heap_moves(self, n: int) -> list[int]:
        self._check_listable(n)
        return [n - s for s in self._rule.below(n + 1)]

    def formula(self, n: HeapPosition) -> int | None:
        if not isinstance(n, int):
            return None  # a row of heaps is valued heap by heap (components)
        modulus = self._rule.modulus
        if modulus is not None:
            return n % modulus
        if n + 1 > self.max_positions:
            return None  # too far: search_refusal says why, at once
        return int(self._table(n)[n])

    def moves_to_value(self, n: HeapPosition, value: int) -> list[HeapPosition | Sum]:
        if not isinstance(n, int):
            return super().moves_to_value(n, value)  # type: ignore[return-value]
        modulus = self._rule.modulus
        if modulus is not None:  # n - s ≡ value (mod 3), s a power of two
            return [n - s for s in self._rule.below(n + 1) if (n - s) % modulus == value]
        self.grundy(n)  # refuses a heap beyond the table, at once
        members = self._rule.below(n + 1)
        table = self._table(n)
        if isinstance(table, list):
            return [n - s for s in members if table[n - s] == value]
        import numpy as np  # the table is a numpy array: choose the options at C speed

        options = n - np.asarray(members, dtype=np.int64)
        return [int(m) for m in options[table[options] == value]]

    def options_count(self, n: int) -> int:
        """Return |S ∩ [1, n]|, the options of heap `n` (an upper bound for a heap beyond
        ``max_positions``, where reading S that far would cost too much).

        Examples
        --------
        >>> from grundy.games import RuleSubtractionGame
        >>> RuleSubtractionGame.primes().options_count(100)
        25
        """
        return self._rule.count(n, self.max_positions)

    def search_steps(self, n: int) -> int:
        """Return the options examined to value heaps 0..`n`: sum of |S ∩ [1, m]|, m <= n.

        Examples
        --------
        >>> from grundy.games import RuleSubtractionGame
        >>> RuleSubtractionGame.squares().search_steps(10)   # 1, 4 and 9: 10 + 7 + 2
        19
        """
        if n + 1 > self.max_positions:  # an upper bound, without reading S that far
            return self.options_count(n) * (n + 1)
        return sum(n + 1 - s for s in self._rule.below(n + 1))

    def search_refusal(self, position: HeapPosition, size: int, limit: int) -> str:
        n = position if isinstance(position, int) else max(position)
        return self._refusal(n, limit)

    def _refusal(self, n: int, limit: int) -> str:
        return (
            f"{self!r}: heap {_number(n)} needs the values of all {_number(n + 1)} heaps up "
            f"to it (no period is known), more than max_positions = {limit:,}"
        )

    def explain_part(self, n: HeapPosition) -> str:
        if not isinstance(n, int):
            return super().explain_part(n)
        value = self.grundy(n)
        modulus = self._rule.modulus
        if modulus is not None:
            return (
                f"powers of two are 1 or 2 mod 3, never 0: value = n mod 3 = "
                f"{_number(n)} mod 3 = {value}"
            )
        if self.options_count(n) <= _EXPLAIN_LISTED:
            return super().explain_part(n)  # the mex of the options, listed
        members = self._rule.below(n + 1)
        table = self._table(n)
        found = sorted({int(table[n - s]) for s in members})
        return f"mex of the values of its {len(members):,} options {value_set(found)} = {value}"

    def explain_lists_options(self, n: HeapPosition) -> bool:
        # Few options (or a row of heaps): list them; explain_part values the rest.
        return not isinstance(n, int) or self.options_count(n) <= _EXPLAIN_LISTED


def _number(n: int) -> str:
    """A heap size for a message: 12,345, or its size in powers of two past 10^24 (exact
    digits of a 10^5-digit heap would drown the message)."""
    return f"{n:,}" if n < 10**24 else f"≈ 2^{n.bit_length() - 1}"
