"""Misère quotients of heap games (Plambeck–Siegel): the monoid that plays every sum of heaps.

For a heap game and a bound n, A_n is the set of sums of heaps of size <= n. Two sums G,
H are indistinguishable when G + X and H + X have the same misère outcome for every X in
A_n; the classes multiply (by adding sums) into a finite commutative monoid Q, the
*misère quotient*, in which the classes of misère P-positions form the *P-portion*, and
each heap size has an element, the *pretending function*. Then a sum of 10^5 heaps is
played by multiplying elements: :meth:`MisereQuotient.outcome` and
:meth:`MisereQuotient.winning_moves` take time linear in the number of heaps.

:func:`misere_quotient` computes Q heap by heap, the way of Plambeck and Siegel's
MisereSolver (see :mod:`grundy.misere.incremental`); every answer is checked by the
verification theorem, :meth:`MisereQuotient.certify` checks it again from the rules,
and :func:`grundy.misere.quotient_check.verify_quotient` compares it with a plain
misère search.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core.errors import DatabaseError, InvalidGameError, InvalidPositionError, PositionLimitError
from ..core.files import atomic_write, read_text
from ..core.move import Move
from ..core.outcome import Outcome
from ..core.periodicity import Periodicity
from ..core.sums import Sum
from ..heaps.codes import HeapCode
from . import monoid as mo
from .heap_rules import heap_rules
from .heap_winners import heap_winners, periodic_from
from .incremental import (
    Candidate,
    QuotientBuilder,
    Work,
    certified_bound,
    least_failure,
    pretending_periodicity,
    transitions,
)
from .quotient_presentation import QuotientPresentation

__all__ = ["MisereQuotient", "misere_quotient", "misere_quotient_within"]

#: Default limits of :func:`misere_quotient`: the quotient's order, the order of a
#: candidate monoid before it is reduced, and the steps of all its searches (see
#: :class:`grundy.misere.incremental.Work`; 10^8 steps take about a minute in Python).
MAX_ORDER = 2048
MAX_CANDIDATE = 200_000
MAX_WORK = 100_000_000
#: :meth:`MisereQuotient.winning_moves` lists at most this many moves (a heap of 10^8
#: has millions of winning splits): past it, ``iter_winning_moves`` lists them lazily and
#: ``count_winning_moves`` counts them.
MAX_MOVES = 1_000_000
FILE_FORMAT = "grundy misere quotient 1"


@dataclass(frozen=True, slots=True)
class MisereQuotient(QuotientPresentation):
    """The misère quotient of the sums of heaps of size <= `upto` of a heap game.

    Elements are numbered 0, 1, ... (0 the identity, the empty sum) in the order of their
    normal-form words over the generators a, b, c, ... (the least word, comparing the
    last generator's exponent first); generator i is the element of heap
    ``generators[i]``, the heaps whose element is not a product of the others'.

    Attributes
    ----------
    code : str
        The game: ``"nim"`` or a take-and-break code as :func:`grundy.heaps.parse_code`
        writes it.
    upto : int
        The largest heap computed: n, or less when a certified period made the rest
        unnecessary (then heaps of any size are answered).
    generators : tuple of int
        The heap of each generator.
    actions : tuple of tuple of int
        ``actions[i][x]`` is x times generator i.
    p_portion : tuple of int
        The elements of the misère P-positions, ascending.
    pretending : tuple of int
        The element of heap h, for h = 0 ... upto.
    periodicity : Periodicity or None
        Set when a periodicity theorem proves the pretending function periodic from the
        heaps computed; then this is the quotient of the whole game, for heaps of any size.

    Examples
    --------
    >>> from grundy.misere.quotient import misere_quotient
    >>> q = misere_quotient("nim", 3)        # misère Nim, heaps <= 3
    >>> q.presentation, q.order, q.p_words
    ('<a, b | a^2 = 1, b^3 = b>', 6, ('a', 'b^2'))
    >>> [q.pretending_word(n) for n in range(4)]
    ['1', 'a', 'b', 'ab']
    >>> q.outcome([1, 1, 1]), q.outcome([2, 2]), q.is_tame
    (Outcome.P, Outcome.P, True)
    >>> q.winning_moves([3, 2])
    [Move(part=0, before=3, after=2)]
    """

    # The fields, their checks and the presentation (words, relations) are
    # QuotientPresentation's; here what the quotient is for.

    def element(self, heaps: Iterable[int] | Sum) -> int:
        """The element of a sum of heaps: the product of the heaps' elements. O(len(heaps)).

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> q = misere_quotient("nim", 3)
        >>> q.word(q.element([1, 2, 3]))
        'b^2'
        """
        row = self._table
        heap_element = self.heap_element
        x = 0
        for h in _heaps(heaps):
            x = row[x][heap_element(h)]
        return x

    def outcome(self, heaps: Iterable[int] | Sum) -> Outcome:
        """The misère outcome of a sum of heaps: P when its element is in the P-portion.

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> q = misere_quotient("0.07", 12)
        >>> q.outcome([]), q.outcome([2]), q.outcome([2, 2]), q.outcome([5] * 100_000)
        (Outcome.N, Outcome.P, Outcome.N, Outcome.N)
        """
        return Outcome.P if self._is_p[self.element(heaps)] else Outcome.N

    def winning_moves(
        self, heaps: Iterable[int] | Sum, *, max_moves: int = MAX_MOVES
    ) -> list[Move]:
        """Every move of a sum of heaps to a misère P-position, as the change it makes.

        A move changes one heap to one of its options; it wins when the product of the
        other heaps' elements and the option's lands in the P-portion. Products of the
        heaps before and after each one make every "rest" in one pass, and the winning
        options of each (heap, rest) are found once: linear in the number of heaps. A
        heap of any size is answered through a proved period (see
        :meth:`iter_winning_moves`).

        Parameters
        ----------
        heaps : iterable of int, or Sum
            The heaps.
        max_moves : int
            The most moves listed.

        Returns
        -------
        list of Move
            ``Move(part=i, before=heap, after=option)``: the option is 0 (heap removed),
            a heap, or a ``Sum`` of heaps; in the order of the heaps, then of the
            options from the last (most heaps first, then the largest). Empty for a
            P-position.

        Raises
        ------
        PositionLimitError
            More than `max_moves` moves win (a heap of 10^8 may split in millions of
            winning ways): :meth:`iter_winning_moves` lists them one at a time.

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> q = misere_quotient("0.77", 12)           # Kayles
        >>> q.winning_moves([4, 1])
        [Move(part=0, before=4, after=Sum(1, 1)), Move(part=1, before=1, after=0)]
        """
        hs, rests = self._rests(heaps)
        count = self._count(hs, rests)  # in closed form: refused before any is listed
        if count > max_moves:
            raise PositionLimitError(
                f"misère {self.code}: {count:,} winning moves, more than max_moves = "
                f"{max_moves:,}; iter_winning_moves lists them one at a time"
            )
        return list(self._moves(hs, rests))

    def iter_winning_moves(self, heaps: Iterable[int] | Sum) -> Iterator[Move]:
        """The moves of :meth:`winning_moves`, in the same order, one at a time.

        A heap past the computed ones (a proved period) and past
        :func:`~grundy.misere.heap_winners.periodic_from` has its winning options found
        from the period: a few explicit ones and whole residue classes (see
        :mod:`grundy.misere.heap_winners`), so the first moves of a heap of 10^18 come at
        once, whatever the number of its options.

        Raises
        ------
        InvalidPositionError
            At once, for a heap that is not a non-negative int or is past this quotient
            without a proved period.

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> from itertools import islice
        >>> kayles = misere_quotient("0.77", 200)     # periodic: every heap
        >>> for move in islice(kayles.iter_winning_moves([10**8, 7]), 2):
        ...     print(move)
        Move(part=0, before=100000000, after=Sum(70, 99999929))
        Move(part=0, before=100000000, after=Sum(34, 99999965))
        """
        hs, rests = self._rests(heaps)
        return self._moves(hs, rests)

    def _moves(self, hs: list[int], rests: list[int] | None) -> Iterator[Move]:
        if rests is None:
            return
        for i, (heap, rest) in enumerate(zip(hs, rests, strict=True)):
            for option in self._winning_options(heap, rest):
                yield Move(i, heap, option)

    def count_winning_moves(self, heaps: Iterable[int] | Sum) -> int:
        """How many moves of a sum of heaps win: the length of :meth:`winning_moves`,
        counted without listing them (a heap of 10^8 in closed form).

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> kayles = misere_quotient("0.77", 200)
        >>> kayles.count_winning_moves([4, 1]), kayles.count_winning_moves([10**8])
        (2, 8333338)
        """
        return self._count(*self._rests(heaps))

    def _count(self, hs: list[int], rests: list[int] | None) -> int:
        if rests is None:
            return 0
        return sum(self._winning_count(h, rest) for h, rest in zip(hs, rests, strict=True))

    def _rests(self, heaps: Iterable[int] | Sum) -> tuple[list[int], list[int] | None]:
        """The heaps, and for each the product of the others' elements (None for a
        P-position: no move wins)."""
        hs = list(_heaps(heaps))
        elems = [self.heap_element(h) for h in hs]
        table = self._table
        after = [0] * (len(hs) + 1)  # after[i]: the product of the heaps from i on
        for i in range(len(hs) - 1, -1, -1):
            after[i] = table[after[i + 1]][elems[i]]
        if self._is_p[after[0]]:
            return hs, None
        rests = []
        before = 0
        for i, x in enumerate(elems):
            rests.append(table[before][after[i + 1]])
            before = table[before][x]
        return hs, rests

    def _winning_count(self, heap: int, rest: int) -> int:
        if self._from_period(heap):
            return heap_winners(self, heap, rest).count
        return len(self._listed_options(heap, rest))

    def _from_period(self, heap: int) -> bool:
        """Is `heap` answered by its residues (past the computed heaps and the reach of
        the period), not by listing its options?"""
        if heap <= self.upto:
            return False
        start = periodic_from(self)
        return start is not None and heap >= start

    def _winning_options(self, heap: int, rest: int) -> Iterable[Any]:
        if self._from_period(heap):
            return heap_winners(self, heap, rest)
        return self._listed_options(heap, rest)

    def _listed_options(self, heap: int, rest: int) -> tuple[Any, ...]:
        """The winning options of a heap found by listing its options (kept)."""
        key = (heap, rest)
        found = self._winners.get(key)
        if found is None:
            row = self._table[rest]
            good = []
            for option in reversed(self._rules.options(heap)):  # the last option first
                x = 0
                for part in option:
                    x = self._table[x][self.heap_element(part)]
                if self._is_p[row[x]]:
                    good.append(option[0] if len(option) == 1 else Sum(*option) if option else 0)
            found = tuple(good)
            self._winners[key] = found
        return found

    # -- checks --------------------------------------------------------------------------

    def certify(self, *, max_work: int = MAX_WORK) -> None:
        """Prove from the rules that this is the misère quotient of A_upto, or raise.

        The verification theorem of Plambeck and Siegel: the heaps' elements generate
        Q (the generators are heaps), the empty sum is not in P, no sum of heaps in P has
        an option in P, every other non-terminal sum has one, and any two elements are
        told apart by some product landing in P on one side only. Then P holds exactly
        the images of misère P-positions and equal images are indistinguishable. A
        certified period is checked against its theorem too.

        Raises
        ------
        InvalidGameError
            Naming the first sum of heaps that fails, or the condition.
        PositionLimitError
            Past `max_work` steps.

        Examples
        --------
        >>> from grundy.misere.quotient import misere_quotient
        >>> misere_quotient("0.137", 20).certify()
        """
        rules = self._rules
        options = [rules.options(h) for h in range(self.upto + 1)]
        levels = [h for h in range(self.upto + 1) if options[h]]
        for h in range(self.upto + 1):
            if not options[h] and self.pretending[h] != 0:
                raise InvalidGameError(f"{self.code}: heap {h} has no move but is not the identity")
        table = self._table
        actions = {h: list(table[self.pretending[h]]) for h in levels}
        cand = Candidate(self.order, actions, levels, bytearray(self._is_p))
        trans = transitions(actions, levels, options)
        failure, _ = least_failure(cand, trans, Work(max_work, self.code))
        if failure is not None:
            heaps = " + ".join(
                str(h) for h, e in zip(levels, failure, strict=True) for _ in range(e)
            )
            raise InvalidGameError(
                f"{self.code}: the sum of heaps {heaps or '(none)'} breaks the quotient's "
                "outcome rule (a P-element with a move to P, or an N-element without one)"
            )
        classes = mo.coarsest_congruence(self.order, self.actions, self._is_p)
        if len(set(classes)) != self.order:
            raise InvalidGameError(f"{self.code}: two elements are indistinguishable (not reduced)")
        p = self.periodicity
        if (
            p is not None
            and certified_bound(rules, self.pretending, p.preperiod, p.period) != p.bound
        ):
            raise InvalidGameError(f"{self.code}: the periodicity {p!r} is not certified")

    # -- files ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The quotient as a JSON object, with a SHA-256 of its fields."""
        p = self.periodicity
        data: dict[str, Any] = {
            "format": FILE_FORMAT,
            "code": self.code,
            "upto": self.upto,
            "generators": list(self.generators),
            "actions": [list(a) for a in self.actions],
            "p_portion": list(self.p_portion),
            "pretending": list(self.pretending),
            "periodicity": None
            if p is None
            else {"preperiod": p.preperiod, "period": p.period, "bound": p.bound},
        }
        data["sha256"] = _digest(data)
        return data

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the quotient to a JSON file (atomically: a kill leaves the old file or the new).

        Examples
        --------
        >>> from grundy.misere.quotient import MisereQuotient, misere_quotient
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "kayles.json")
        >>> q = misere_quotient("0.77", 30)
        >>> q.save(path)
        >>> MisereQuotient.load(path) == q
        True
        """
        text = json.dumps(self.to_json(), separators=(",", ":")) + "\n"
        try:
            with atomic_write(path) as f:
                f.write(text.encode())
        except OSError as exc:  # a missing folder, no permission: one line, not a traceback
            raise DatabaseError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, certify: bool = True) -> MisereQuotient:
        """Read a quotient written by :meth:`save`, refusing a file that does not verify.

        The file must parse, carry this format and a matching SHA-256, and describe a
        valid monoid; with `certify` (the default) :meth:`certify` then proves it is the
        quotient of its game from the rules.

        Raises
        ------
        DatabaseError
            One line naming the file and what is wrong.
        """
        where = f"misère quotient file {os.fspath(path)!r}"
        text = read_text(path, "misère quotient file", error=DatabaseError)
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise DatabaseError(f"{where} is not JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
            raise DatabaseError(f"{where} is not a {FILE_FORMAT!r} file")
        if data.get("sha256") != _digest(data):
            raise DatabaseError(f"{where} is damaged: its SHA-256 does not match")
        try:
            p = data["periodicity"]
            quotient = cls(
                data["code"],
                data["upto"],
                tuple(data["generators"]),
                tuple(tuple(a) for a in data["actions"]),
                tuple(data["p_portion"]),
                tuple(data["pretending"]),
                None
                if p is None
                else Periodicity(p["preperiod"], p["period"], True, 0, p["bound"]),
            )
            if certify:
                quotient.certify()
        except (KeyError, TypeError, AttributeError) as exc:
            raise DatabaseError(f"{where} has a missing or malformed field ({exc!r})") from None
        except (InvalidGameError, PositionLimitError) as exc:
            raise DatabaseError(f"{where} does not verify: {exc}") from None
        return quotient


def _digest(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != "sha256"}
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def _heaps(heaps: Iterable[int] | Sum) -> Iterable[int]:
    if isinstance(heaps, Sum):
        return heaps.parts
    if isinstance(heaps, int | str | bytes):
        raise InvalidPositionError(f"{heaps!r} is not a sequence of heaps such as [3, 4, 5]")
    return heaps


def misere_quotient(
    code: str | HeapCode,
    upto: int,
    *,
    max_order: int = MAX_ORDER,
    max_work: int = MAX_WORK,
    max_candidate: int = MAX_CANDIDATE,
) -> MisereQuotient:
    """The misère quotient of the sums of heaps of size <= `upto`, computed heap by heap.

    Parameters
    ----------
    code : str or HeapCode
        ``"nim"`` or a take-and-break code: ``"0.77"`` (Kayles), ``"0.07"`` (Dawson's
        Kayles), ``"4.07"``, ``"0.3F"``, ``"grundy"``, ``"subtraction:1,2"``...
    upto : int
        The largest heap size.
    max_order, max_work, max_candidate : int
        Limits: the quotient's order, the words extended by all the searches, and the
        order of a candidate monoid before it is reduced.

    Returns
    -------
    MisereQuotient
        With a certified :attr:`~MisereQuotient.periodicity` when the pretending function
        is proved periodic: the computation then stops at that heap (its ``upto``), the
        quotient is that of the whole game, and heaps of any size are answered.

    Raises
    ------
    PositionLimitError
        Past a limit; the message names it.

    Examples
    --------
    >>> from grundy.misere.quotient import misere_quotient
    >>> q = misere_quotient("0.07", 30)       # Dawson's Kayles  # doctest: +SKIP
    >>> q.order, len(q.p_portion)                                          # doctest: +SKIP
    (360, 65)
    >>> q = misere_quotient("0.77", 12)                 # Kayles
    >>> for relation in q.relations[:6]:
    ...     print(relation)
    a^2 = 1
    b^3 = b
    bc^2 = b
    c^3 = c
    bd = bc
    cd = b^2
    >>> q.order, q.p_words, q.generators
    (24, ('a', 'b^2', 'ac', 'ac^2', 'd', 'ad^2', 'e', 'ade'), (1, 2, 5, 9, 12))

    Notes
    -----
    Each heap is first tried as an element of the quotient so far (mex interpolation,
    then a full check); only when none fits does the quotient grow, through candidate
    monoids that are marked, reduced and verified. Cost: most heaps take a few
    milliseconds; a heap that grows the quotient costs verifications of candidates of
    up to a few thousand elements (Dawson's Kayles to 30: 2.2·10^7 steps, 4-10 seconds
    in Python; its candidates at heap 34 pass the default limits).

    References
    ----------
    T. E. Plambeck and A. N. Siegel, Misère quotients for impartial games, J. Combin.
    Theory Ser. A 115 (2008). A. N. Siegel, MisereSolver (CGSuite,
    ``org.cgsuite.core.misere.solver``).
    """
    quotient, limit = misere_quotient_within(
        code, upto, max_order=max_order, max_work=max_work, max_candidate=max_candidate
    )
    if limit is not None:
        raise PositionLimitError(limit)
    return quotient


def misere_quotient_within(
    code: str | HeapCode,
    upto: int,
    *,
    max_order: int = MAX_ORDER,
    max_work: int = MAX_WORK,
    max_candidate: int = MAX_CANDIDATE,
) -> tuple[MisereQuotient, str | None]:
    """The quotient of as many heaps as the limits allow, and the limit that stopped it.

    Like :func:`misere_quotient`, heap by heap; when heap n passes a limit, the
    quotient of the heaps below n is returned with the limit's one-line message
    (None when every heap up to `upto` was done). A census keeps what was computed.

    Examples
    --------
    >>> from grundy.misere.quotient import misere_quotient_within
    >>> q, limit = misere_quotient_within("0.77", 12, max_work=2_000)
    >>> q.upto < 12, limit
    (True, 'misère quotient of 0.77: more than 2,000 steps; raise max_work')
    """
    rules = heap_rules(code)
    if type(upto) is not int or upto < 0:
        raise InvalidGameError(f"upto {upto!r}: the largest heap must be a non-negative int")
    builder = QuotientBuilder(
        rules, max_order=max_order, max_work=max_work, max_candidate=max_candidate
    )
    periodic = rules.code is not None and _has_theorem(rules.code)
    periodicity, limit = None, None
    for n in range(upto + 1):
        try:
            builder.add_heap(n)
        except PositionLimitError as exc:
            # the builder still holds the quotient of the heaps below n
            del builder.options[n:]
            limit = str(exc)
            break
        if periodic and n > 0:
            periodicity = pretending_periodicity(rules, [builder.phi(h) for h in range(n + 1)])
            if periodicity is not None:
                break
    return _quotient(builder, periodicity), limit


@lru_cache(maxsize=64)
def _has_theorem(code: HeapCode) -> bool:
    from ..heaps.periods import certificate_bound

    return certificate_bound(code, 1, 1) is not None


def _quotient(builder: QuotientBuilder, periodicity: Periodicity | None) -> MisereQuotient:
    """The builder's quotient, its elements renumbered in normal-form order."""
    cand = builder.cand
    gens = mo.irredundant(cand.actions, cand.levels)
    acts = [cand.actions[h] for h in gens]
    words = mo.normal_forms(cand.size, acts) if acts else [()]
    order = sorted(range(cand.size), key=lambda x: mo.word_key(words[x]))
    new = {old: i for i, old in enumerate(order)}
    pretending = [new[builder.phi(h)] for h in range(len(builder.options))]
    return MisereQuotient(
        builder.rules.text,
        len(pretending) - 1,
        tuple(gens),
        tuple(tuple(new[act[old]] for old in order) for act in acts),
        tuple(sorted(new[x] for x in range(cand.size) if cand.is_p[x])),
        tuple(pretending),
        periodicity,
    )
