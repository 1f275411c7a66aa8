"""Conway's genus of a finite impartial game: its normal nim value and misère values of G + 2_n."""

from __future__ import annotations

import math
import re
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.errors import InvalidGameError, InvalidPositionError, LoopError, PositionLimitError
from ..core.solver import call_moves
from ..core.sums import Sum
from ..heaps import HeapCode, parse_code
from ..impartial.game import ImpartialGame, game_from_moves
from . import _phyla
from .canonical import ZERO, MisereGame, canonical

__all__ = ["Genus", "GenusSearch", "genus", "genus_sequence", "PHYLA", "MAX_FORM_SIZE"]

Position = Hashable

#: The phyla of misère canonical forms (CGSuite's, Dan Hoey's), simplest first: the
#: values of :attr:`Genus.phylum`.
PHYLA = (
    "nim-heap",
    "hereditarily tame",
    "reversibly tame",
    "tameable",
    "hereditarily restive",
    "reversibly restive",
    "restless",
    "wild",
)
_PHYLUM_NAME = dict(
    zip(
        (
            _phyla.NIMHEAP,
            _phyla.HERED_TAME,
            _phyla.REV_TAME,
            _phyla.TAMEABLE,
            _phyla.HERED_RESTIVE,
            _phyla.REV_RESTIVE,
            _phyla.RESTLESS,
            _phyla.WILD,
        ),
        PHYLA,
        strict=True,
    )
)
# The genus each phylum has (a Genus property), and the phyla CGSuite writes g^γ0 for.
_PHYLUM_GENUS = {
    "nim-heap": "is_nim_heap",
    "hereditarily tame": "is_tame",
    "reversibly tame": "is_tame",
    "hereditarily restive": "is_restive",
    "reversibly restive": "is_restive",
    "restless": "is_restless",
}
_ONE_DIGIT = frozenset(PHYLA[1:3] + PHYLA[4:6])

#: Default cap on the size of the misère canonical forms a genus search keeps (a form
#: with k options has size k + 1): 50 to 100 bytes a unit, so 400 MB at most. Kayles
#: keeps its forms to heap 65 (size 3.7 million; its search holds 2.3 million positions).
MAX_FORM_SIZE = 4_000_000


def _mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def _at(digits: tuple[int, ...], i: int) -> int:
    """γ_i of a sequence stored as `digits`, whose last two digits repeat for ever."""
    n = len(digits)
    return digits[i] if i < n else digits[n - 2 + ((i - n) & 1)]


def _trimmed(digits: Sequence[int]) -> tuple[int, ...]:
    """The shortest prefix (of 2 digits at least) after which the last two repeat."""
    found = list(digits)
    while len(found) > 2 and found[-1] == found[-3]:
        found.pop()
    return tuple(found)


def _nim_heap_digits(g: int) -> tuple[int, ...]:
    """γ_0 γ_1 ... of the nim-heap *g: 0^{120}, 1^{031}, g^{g, g^2} for g >= 2."""
    return (1 - g, g ^ 2, g) if g < 2 else (g, g ^ 2)


def _short_form(g: int, first: int) -> tuple[int, ...] | None:
    """The digits that g^first, written with one digit, stands for (CGSuite's supDigit).

    A tame genus (first = g, or both 0 or 1): γ_i = g ⊕ 2·(i odd) for i >= 1. A restive
    one (g <= 1 < first): γ_i = b ⊕ 2·(i odd), b = first if first < 4, else g. Else None.
    """
    if first == g or (g < 2 and first < 2):
        base = g
    elif g < 2:
        base = first if first < 4 else g
    else:
        return None
    return _trimmed((first, base ^ 2, base))


@dataclass(frozen=True, slots=True, repr=False)
class Genus:
    """Conway's genus g^{γ0 γ1 γ2 ...} of an impartial game G.

    g is the normal-play nim value of G and γ_n the misère nim value of G + 2_n, where
    2_n is the sum of n nim-heaps *2. The sequence γ0 γ1 ... has period 2 from some
    point on, so it is stored up to there: `misere_values` are γ0 ... γ_k, the shortest
    (of two digits at least) after which the last two digits repeat for ever.

    Parameters
    ----------
    nim_value : int
        g, the normal-play nim value (SG value).
    misere_values : sequence of int
        γ0 γ1 ... up to the period-2 tail; more digits are allowed and trimmed.
    phylum : str, optional
        The phylum of the game's misère canonical form, one of :data:`PHYLA`, when known
        (:func:`genus` finds it): it chooses CGSuite's text. Not part of the value:
        genera are equal when their values are.

    Raises
    ------
    InvalidGameError
        A negative value, fewer than two misère values, or a phylum that is not one of
        :data:`PHYLA` or that no game of this genus has.

    Examples
    --------
    >>> from grundy.misere.genus import Genus
    >>> kayles_5 = Genus(4, (1, 4, 6, 4, 6))
    >>> kayles_5
    Genus(nim_value=4, misere_values=(1, 4, 6))
    >>> str(kayles_5), kayles_5.misere_value(0), kayles_5.misere_value(9)
    ('4^146', 1, 4)
    >>> [str(g) for g in (Genus(0, (1, 2, 0)), Genus(0, (0, 2)), Genus(6, (1, 9, 10, 8)))]
    ['0', '0^0', '6^(1,9,10,8)']
    >>> kayles_7 = Genus(2, (2, 0), phylum="reversibly tame")   # as genus() finds it
    >>> str(kayles_7), str(Genus(2, (2, 0))), kayles_7 == Genus(2, (2, 0))
    ('2^2', '2', True)

    Notes
    -----
    The text is CGSuite's notation (``core/misere/Genus.java``): a bare number g, the
    nim-heap *g (0 = 0^{120}, 1 = 1^{031}, g = g^{g, g⊕2} for g >= 2); g^m with one digit,
    a tame genus (γ_i = g ⊕ 2·(i odd) for i >= 1) or a restive one (g <= 1 < m;
    γ_i = b ⊕ 2·(i odd) with b = m if m < 4, else g); else the digits up to the
    period-2 tail, in parentheses, comma-separated, when one of them is 10 or more.
    CGSuite chooses among these by the phylum of the game's misère canonical form: the
    bare number for a nim-heap, one digit for a generally (hereditarily or reversibly)
    tame or restive game, every digit for the rest (tameable, restless, wild), so it
    writes ``2^2`` for a reversibly tame game of the genus of *2 and ``0^120``, ``1^13``
    for a tameable or wild game of a tame genus. Without a phylum the text is read from
    the genus alone: a nim-heap's genus bare, other tame or restive genera with one
    digit. :meth:`parse` reads all these forms (the phylum stays unknown).

    References
    ----------
    J. H. Conway, *On Numbers and Games*, ch. 12; Berlekamp, Conway, Guy, *Winning Ways*,
    ch. 13; A. N. Siegel, *Combinatorial Game Theory*, V.2.
    """

    nim_value: int
    misere_values: tuple[int, ...]
    phylum: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        given = self.misere_values
        values = tuple(given) if isinstance(given, Iterable) else ()
        if len(values) < 2 or any(type(v) is not int or v < 0 for v in (self.nim_value, *values)):
            raise InvalidGameError(
                f"genus {self.nim_value!r}^{given!r}: give the normal value and γ0 γ1 ... up to "
                "the period-2 tail (two at least), all non-negative ints"
            )
        object.__setattr__(self, "misere_values", _trimmed(values))
        kind = self.phylum
        if kind is None:
            return
        if kind not in PHYLA:
            raise InvalidGameError(
                f"genus {self._text(None)}: phylum {kind!r} is not one of {', '.join(PHYLA)}"
            )
        need = _PHYLUM_GENUS.get(kind)
        if need is not None and not getattr(self, need):
            raise InvalidGameError(
                f"genus {self._text(None)}: no {kind} game has it (its genus {need} is false)"
            )

    def __repr__(self) -> str:
        known = "" if self.phylum is None else f", phylum={self.phylum!r}"
        return f"Genus(nim_value={self.nim_value!r}, misere_values={self.misere_values!r}{known})"

    # ----------------------------------------------------------------- the values
    def misere_value(self, n: int = 0) -> int:
        """Return γ_n, the misère nim value of G + n copies of *2 (γ0 that of G).

        Examples
        --------
        >>> from grundy.misere.genus import Genus
        >>> [Genus.of_nim_heap(0).misere_value(n) for n in range(6)]
        [1, 2, 0, 2, 0, 2]
        """
        if type(n) is not int or n < 0:
            raise InvalidPositionError(f"misere_value({n!r}): n must be a non-negative int")
        return _at(self.misere_values, n)

    @classmethod
    def of_nim_heap(cls, n: int) -> Genus:
        """Return the genus of the nim-heap *n.

        Examples
        --------
        >>> from grundy.misere.genus import Genus
        >>> Genus.of_nim_heap(0), Genus.of_nim_heap(5)
        (Genus(nim_value=0, misere_values=(1, 2, 0)), Genus(nim_value=5, misere_values=(5, 7)))
        """
        if type(n) is not int or n < 0:
            raise InvalidGameError(f"nim-heap {n!r}: the size must be a non-negative int")
        return cls(n, _nim_heap_digits(n))

    @classmethod
    def from_options(cls, options: Iterable[Genus]) -> Genus:
        """Return the genus of a game whose options have the genera `options`.

        Parameters
        ----------
        options : iterable of Genus
            The genera of the game's options (repeats allowed).

        Examples
        --------
        >>> from grundy.misere.genus import Genus
        >>> star = Genus.of_nim_heap
        >>> Genus.from_options([star(2)])           # {*2}, the game 2# of CGSuite
        Genus(nim_value=0, misere_values=(0, 2))
        >>> print(Genus.from_options([star(1), Genus.from_options([star(2)])]))
        2^1420

        Notes
        -----
        g = mex of the options' g; with no option, the genus is 0^{120}. Otherwise
        γ0 = mex of the options' γ0 (the misère mex rule: a game with no option has
        misère value 1, any other the mex of its options'), and for n >= 1

            γ_n = mex({γ_n(G') : G' an option} ∪ {γ_{n-1}, γ_{n-1} ⊕ 1}),

        because G + 2_n moves to G' + 2_n, to G + 2_{n-1} (a *2 emptied) and to
        G + 2_{n-1} + *1, whose misère value is γ_{n-1} ⊕ 1 (adding *1 flips the last bit
        of any misère value, by induction). This is the recursion of CGSuite's
        ``Genus(List<Genus>)``. Once the options' sequences repeat with period 2 from
        index K, γ_{n+1} depends on γ_n and the parity of n alone, so γ_n = γ_{n-2} for one
        n >= max(2, K - 1) makes the rest repeat; that happens within 4 steps (each step
        takes one of two values, and a cycle of length 4 is impossible). Cost: O(options ×
        digits).
        """
        return _combine(list(options))

    # ----------------------------------------------------------------- its kind
    @property
    def is_nim_heap(self) -> bool:
        """True if this is the genus of a nim-heap: 0^{120}, 1^{031} or g^{g, g⊕2}.

        Examples
        --------
        >>> from grundy.misere.genus import Genus
        >>> Genus(2, (2, 0)).is_nim_heap, Genus(0, (0, 2)).is_nim_heap
        (True, False)
        """
        return self.misere_values == _nim_heap_digits(self.nim_value)

    @property
    def is_tame(self) -> bool:
        """True for a tame genus: that of a nim-heap, or 0^0 = 0^{020}, 1^1 = 1^{131}.

        Tame games (hereditarily: all options tame too) play in misère sums like nim
        heaps; their genus is g^{γ0, g⊕2, g, ...} with γ0 = g, or g and γ0 both 0 or 1.
        A wild game may have a tame genus (CGSuite's phylum ``WILD_OF_TAME_GENUS``).

        Examples
        --------
        >>> from grundy.misere.genus import Genus
        >>> [g.is_tame for g in map(Genus.parse, ["3", "1^1", "0^0", "1^2", "4^146"])]
        [True, True, True, False, False]
        """
        g, first = self.nim_value, self.misere_values[0]
        tame_head = first == g or (g < 2 and first < 2)
        return tame_head and self.misere_values == _short_form(g, first)

    @property
    def is_restive(self) -> bool:
        """True for a restive genus: g is 0 or 1, γ0 >= 2, and the tail CGSuite implies.

        That tail is γ_i = b ⊕ 2·(i odd) for i >= 1, with b = γ0 if γ0 < 4, else g
        (``Genus.supDigit``): the genus of a game whose options are all tame, of normal
        value 0 or 1 and misère value 2 or more (CGSuite's restive phyla).

        Examples
        --------
        >>> from grundy.misere.genus import Genus
        >>> Genus.parse("1^2").is_restive, Genus.parse("0^4").misere_values
        (True, (4, 2, 0))
        """
        g, first = self.nim_value, self.misere_values[0]
        return g < 2 <= first and self.misere_values == _short_form(g, first)

    @property
    def is_restless(self) -> bool:
        """True for a restless genus: misère value γ0 0 or 1, normal value g 2 or more.

        Examples
        --------
        >>> from grundy.misere.genus import Genus
        >>> Genus.parse("2^1420").is_restless
        True
        """
        return self.misere_values[0] < 2 <= self.nim_value

    @property
    def is_wild(self) -> bool:
        """True for a genus that is neither tame, restive nor restless.

        Examples
        --------
        >>> from grundy.misere.genus import Genus
        >>> Genus.parse("6^46").is_wild, Genus.parse("4^146").is_wild   # 4^146: restless
        (True, False)
        """
        return not (self.is_tame or self.is_restive or self.is_restless)

    # ----------------------------------------------------------------- text
    def __str__(self) -> str:
        return self._text(self.phylum)

    def _text(self, phylum: str | None) -> str:
        """CGSuite's text for a game of this genus in `phylum` (None: unknown)."""
        g, values = self.nim_value, self.misere_values
        if phylum == "nim-heap" or (phylum is None and self.is_nim_heap):
            return str(g)
        if phylum is None:
            shown = values[:1] if values == _short_form(g, values[0]) else values
        else:
            shown = values[:1] if phylum in _ONE_DIGIT else values
        if any(v >= 10 for v in shown):
            return f"{g}^({','.join(map(str, shown))})"
        return f"{g}^{''.join(map(str, shown))}"

    @classmethod
    def parse(cls, text: str) -> Genus:
        """Read a genus written as CGSuite (or the literature) writes it.

        Parameters
        ----------
        text : str
            ``g`` (a nim-heap's genus), ``g^m`` (one digit: a tame or restive genus, the
            tail implied), ``g^abc`` (the digits up to the period-2 tail),
            ``g^(a,b,c)`` (digits of 10 or more), or ``g^{abc}``.

        Raises
        ------
        InvalidGameError
            The text is not a genus, or one digit stands for a genus neither tame nor
            restive.

        Examples
        --------
        >>> from grundy.misere.genus import Genus
        >>> Genus.parse("0"), Genus.parse("2^2") == Genus.parse("2")
        (Genus(nim_value=0, misere_values=(1, 2, 0)), True)
        >>> Genus.parse("13^(13)").misere_values, Genus.parse("0^{1202}").misere_values
        ((13, 15), (1, 2, 0))
        >>> Genus.parse("5^3")
        Traceback (most recent call last):
        ...
        grundy.core.errors.InvalidGameError: genus '5^3': one superscript digit stands for a tame \
or restive genus (g^g, or g 0 or 1), and 5^3 is neither; write its digits up to the \
period-2 tail
        """
        match = _GENUS_TEXT.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise InvalidGameError(
                f"genus {text!r} is not written g, g^abc or g^(a,b,c) (e.g. 4^146, 6^(1,9,10,8))"
            )
        g = int(match["g"])
        if match["paren"] is not None:
            digits = [int(d) for d in match["paren"].split(",")]
        elif match["brace"] is not None:
            inner = match["brace"]
            digits = [int(d) for d in (inner.split(",") if "," in inner else inner)]
        elif match["run"] is not None:
            digits = [int(d) for d in match["run"]]
        else:
            return cls.of_nim_heap(g)
        implied = _short_form(g, digits[0]) if len(digits) == 1 else tuple(digits)
        if implied is None:
            raise InvalidGameError(
                f"genus {text!r}: one superscript digit stands for a tame or restive genus "
                f"(g^g, or g 0 or 1), and {text.strip()} is neither; write its digits up to the "
                "period-2 tail"
            )
        return cls(g, implied)


_GENUS_TEXT = re.compile(
    r"(?P<g>\d+)(?:\^(?:\((?P<paren>\d+(?:,\d+)*)\)|\{(?P<brace>\d+(?:,\d+)*)\}|(?P<run>\d+)))?"
)

_ZERO = Genus(0, (1, 2, 0))


def _combine(options: list[Genus]) -> Genus:
    """The genus of a game from its options' genera (see :meth:`Genus.from_options`)."""
    if not options:
        return _ZERO
    g = _mex({o.nim_value for o in options})
    sequences = list({o.misere_values for o in options})
    longest = max(len(s) for s in sequences)
    digits = [_mex({s[0] for s in sequences})]
    settled = max(2, longest - 1)
    i = 1
    while True:
        previous = digits[-1]
        seen = {previous, previous ^ 1}
        for s in sequences:
            seen.add(_at(s, i))
        digits.append(_mex(seen))
        if i >= settled and digits[i] == digits[i - 2]:
            return Genus(g, tuple(digits))
        i += 1
        if i > settled + 16:  # pragma: no cover - impossible (Genus.from_options, Notes)
            raise AssertionError(f"genus digits {digits} do not settle to period 2")


class GenusSearch:
    """Memoised genera of one game's positions, over whole positions, with an explicit stack.

    A position's genus is not a function of its parts' genera (a sum of wild games), so a
    sum is valued from its own options: a move in one of its parts. Positions are keyed
    by their parts (``Sum`` parts and the game's components), each in the game's
    :meth:`~grundy.ImpartialGame.canonical` form, without parts that have no move (they
    change nothing). :func:`genus` keeps one in ``game.cache["genus"]``.

    While the forms it keeps are small enough (`max_form_size`), `memo` holds each
    position's misère canonical form, built from its options' forms as the search goes,
    and `genera` the genus of each form: the phylum of a position's form, and so
    CGSuite's text, comes with its genus. Past the cap the forms are dropped for good
    (`memo` then holds genera, `genera` is None) and the search goes on with genera alone.

    Examples
    --------
    >>> from grundy.misere.genus import GenusSearch
    >>> from grundy.games import Kayles
    >>> search = GenusSearch(Kayles)
    >>> search.genus(7, limit=1000), search.positions
    (Genus(nim_value=2, misere_values=(2, 0), phylum='reversibly tame'), 22)
    >>> str(search.genus(gr.Sum(2, 3), limit=1000)), search.memo[gr.Sum(2, 3)]
    ('1^1', MisereGame('*[2[3]]'))
    >>> search.genus(7, limit=1000, max_form_size=0), search.genera   # no forms kept
    (Genus(nim_value=2, misere_values=(2, 0), phylum='reversibly tame'), None)
    >>> search.genus(10, limit=1000)
    Genus(nim_value=2, misere_values=(2, 0))
    """

    def __init__(self, game: ImpartialGame[Any]) -> None:
        self.game = game
        # a position's form while forms are kept, else its genus
        self.memo: dict[Position, MisereGame | Genus] = {}
        self.genera: dict[MisereGame, Genus] | None = {ZERO: _ZERO}
        self.form_size = 1  # of the forms in `genera`: each counts 1 + its options
        self.has_moves: dict[Position, bool] = {}  # parts seen in sums
        self.components = game.components if game.defines("components") else None
        self.canonical = game.canonical if game.defines("canonical") else None

    @property
    def positions(self) -> int:
        """How many positions have a stored genus."""
        return len(self.memo)

    def genus(self, position: Position, limit: int, max_form_size: int = MAX_FORM_SIZE) -> Genus:
        """Return the genus of `position`, storing at most `limit` positions in all and
        forms of size at most `max_form_size`; with its phylum if its form is kept."""
        if self.form_size > max_form_size:
            self.drop_forms()
        root = self.key(position)
        found = self.memo.get(root)
        if found is None:
            self._search(root, limit, max_form_size)
            found = self.memo[root]
        if isinstance(found, Genus):
            return found
        assert self.genera is not None  # a form is stored only while forms are kept
        value = self.genera[found]
        if value.phylum is None:  # once a form (the phyla are kept on the forms)
            kind = _PHYLUM_NAME[_phyla.phylum(found)]
            value = self.genera[found] = replace(value, phylum=kind)
        return value

    def drop_forms(self) -> None:
        """Forget the forms: `memo` holds the positions' genera from now on."""
        genera = self.genera
        if genera is None:
            return
        memo = self.memo
        for key, value in memo.items():  # same keys: safe while iterating
            memo[key] = genera[value]  # type: ignore[index]
        self.genera, self.form_size = None, 0

    # ----------------------------------------------------------------- keys
    def parts(self, position: Position) -> list[Position]:
        """The parts of `position` (``Sum`` parts, components), each canonical, any order."""
        found: list[Position] = []
        stack = [position]
        while stack:
            p = stack.pop()
            if type(p) is Sum:  # Sum is final: the same as isinstance
                stack.extend(p.parts)
                continue
            if self.components is not None:
                parts = self.components(p)
                if parts is not None and not (len(parts) == 1 and parts[0] == p):
                    stack.extend(parts)
                    continue
            if self.canonical is not None:
                key = self.canonical(p)
                if key != p:
                    stack.append(key)
                    continue
            found.append(p)
        return found

    def key(self, position: Position) -> Position:
        """The memo key of `position`: its one part, or the ``Sum`` of its parts."""
        return self._joined(self.parts(position))

    def _joined(self, parts: list[Position]) -> Position:
        """The key of the sum of `parts`: one part as itself, else the Sum of those that
        have a move."""
        if len(parts) > 1:
            parts = [p for p in parts if self._has_moves(p)]
        return parts[0] if len(parts) == 1 else Sum(*parts)

    def _has_moves(self, part: Position) -> bool:
        known = self.has_moves.get(part)
        if known is None:
            known = self.has_moves[part] = bool(call_moves(self.game, part))
        return known

    def options(self, key: Position) -> list[Position]:
        """The keys of the options of the position with memo key `key`, each once."""
        if type(key) is not Sum:
            return list(dict.fromkeys(self.key(o) for o in call_moves(self.game, key)))
        parts = key.parts
        found: dict[Position, None] = {}
        for i, part in enumerate(parts):
            if i and part == parts[i - 1]:  # equal parts have the same options
                continue
            rest = [*parts[:i], *parts[i + 1 :]]
            for option in call_moves(self.game, part):
                found[self._joined(rest + self.parts(option))] = None
        return list(found)

    # ----------------------------------------------------------------- the search
    def _search(self, root: Position, limit: int, max_form_size: int) -> None:
        memo = self.memo
        on_stack: set[Position] = set()
        stack: list[list[Any]] = []  # frames [key, option keys, next option]

        def push(key: Position) -> None:
            if len(memo) + len(stack) >= limit:
                raise PositionLimitError(
                    f"{self.game!r}: more than {limit:,} positions needed for the genus; "
                    "raise max_positions"
                )
            on_stack.add(key)
            stack.append([key, self.options(key), 0])

        push(root)
        while stack:
            frame = stack[-1]
            key, options, i = frame
            while i < len(options) and options[i] in memo:
                i += 1
            if i == len(options):
                stack.pop()
                on_stack.discard(key)
                memo[key] = self._value([memo[o] for o in options], max_form_size)
                continue
            frame[2] = i
            child = options[i]
            if child in on_stack:
                path = [f[0] for f in stack]
                cycle = (*path[path.index(child) :], child)
                raise LoopError(
                    f"{self.game!r} has a cycle {' -> '.join(map(repr, cycle[:20]))}; a genus "
                    "is defined for games that end",
                    cycle,
                )
            push(child)

    def _value(self, values: list[Any], max_form_size: int) -> MisereGame | Genus:
        """What `memo` stores for a position whose options have these stored values."""
        genera = self.genera
        if genera is None:
            return _combine(values)
        form = canonical(frozenset(values))
        if form in genera:
            return form
        # the canonical form's options are some of `values` (Conway's simplest form)
        known = [genera[o] for o in form._options]
        size = 1 + len(known)
        if self.form_size + size > max_form_size:
            self.drop_forms()
            return _combine(known)
        genera[form] = _combine(known)
        self.form_size += size
        return form


def _refuse_too_big(game: ImpartialGame[Any], position: Position, limit: int) -> None:
    """Refuse at once a position whose parts' search sizes multiply past `limit`."""
    if not game.defines("search_size"):
        return
    parts = position.parts if isinstance(position, Sum) else (position,)
    sizes = [game.search_size(p) for p in parts]
    if None not in sizes and math.prod(sizes) > limit:  # type: ignore[arg-type]
        raise PositionLimitError(
            f"{game!r}: the genus of {game.format_position(position)} is a search of whole "
            f"positions that may need more than max_positions = {limit:,}"
        )


def genus(
    game: ImpartialGame[Any],
    position: Any,
    *,
    max_positions: int | None = None,
    max_form_size: int = MAX_FORM_SIZE,
) -> Genus:
    """Return Conway's genus of `position` in `game`, with its phylum when known.

    Parameters
    ----------
    game : ImpartialGame
        Any finite impartial game (no cycles).
    position : position or Sum
        A position of `game`, or a sum of its positions.
    max_positions : int, optional
        Cap on the positions stored; default ``game.max_positions``.
    max_form_size : int, optional
        Cap on the size of the misère canonical forms the search keeps to find the
        phylum (a form with k options has size k + 1), default :data:`MAX_FORM_SIZE`.
        Past it, and for good (until ``game.clear_cache()``), the genus comes without
        a phylum, its text read from the genus alone; 0 keeps none.

    Returns
    -------
    Genus
        g^{γ0 γ1 ...}: the normal nim value and the misère nim values of the position
        plus n copies of *2, and the phylum of its misère canonical form if kept:
        ``str`` is then the text CGSuite prints.

    Raises
    ------
    PositionLimitError
        More than `max_positions` positions would be stored.
    LoopError
        The game has a cycle.
    InvalidGameError
        `max_form_size` is not a non-negative int.

    Examples
    --------
    >>> from grundy.misere.genus import genus
    >>> from grundy.games import Kayles, SubtractionGame
    >>> [str(genus(Kayles, n)) for n in range(8)]
    ['0', '1', '2', '3', '1', '4^146', '3', '2^2']
    >>> genus(Kayles, 7)                      # not *2, but tame in sums with tame games
    Genus(nim_value=2, misere_values=(2, 0), phylum='reversibly tame')
    >>> genus(Kayles, gr.Sum(2, 2))           # *2 + *2 is not 0 in misère play
    Genus(nim_value=0, misere_values=(0, 2), phylum='hereditarily tame')
    >>> print(genus(SubtractionGame([1, 2]), 10_000))   # an explicit stack: no recursion
    1

    See Also
    --------
    genus_sequence : the genus of heaps 0..n.
    Genus.from_options : the recursion.

    Notes
    -----
    Every position met is valued from its options' genera (:meth:`Genus.from_options`),
    once: sums too, since the genus of a sum is not a function of its parts' genera
    (it is for tame parts). Heap games therefore search sums of heaps, as misère
    outcomes do; each position costs a call of ``moves`` and O(options × digits).

    The phylum needs the position's misère canonical form. The search builds it on the
    way, each position's from its options' (:func:`~grundy.misere.canonical.canonical`,
    O(options)), and values each distinct form once: the genus is a misère invariant.
    No sum of forms is computed, so the forms cost about as much as the search (a few
    per cent for Kayles, a quarter for 0.35, whose forms rarely coincide), plus their
    memory (50 to 100 bytes a unit of size), which `max_form_size` bounds. The phylum
    is CGSuite's (:mod:`grundy.misere._phyla`), found once per form: linear in its
    subgames, with the second options of some.
    """
    if type(max_form_size) is not int or max_form_size < 0:
        raise InvalidGameError(f"max_form_size {max_form_size!r} must be a non-negative int")
    position = game.check_position(position)
    limit = game.max_positions if max_positions is None else max_positions
    _refuse_too_big(game, position, limit)
    search: GenusSearch | None = game.cache.get("genus")
    if search is None:
        search = game.cache["genus"] = GenusSearch(game)
    return search.genus(position, limit, max_form_size)


def _heap_moves(code: HeapCode, n: int) -> list[int | Sum]:
    """The options of a heap of `n` under a take-and-break code."""
    if code.is_allbut:
        excluded = set(code.excluded)
        return [n - j for j in range(1, n + 1) if j not in excluded]
    found: list[int | Sum] = []
    for j, digit in enumerate(code.digits[: n + 1]):
        rest = n - j
        if j and digit & 1 and rest == 0:
            found.append(0)
        if j and digit & 2 and rest >= 1:
            found.append(rest)
        if digit & 4:  # two heaps a + b, a <= b (a < b in Grundy's game)
            halves = range(1, (rest - code.unequal) // 2 + 1)
            found += [Sum(a, rest - a) for a in halves]
        if digit & 8:  # three heaps a <= b <= c
            thirds = range(1, rest // 3 + 1)
            found += [
                Sum(a, b, rest - a - b) for a in thirds for b in range(a, (rest - a) // 2 + 1)
            ]
    return found


def _code_game(code: HeapCode) -> ImpartialGame[int]:
    def moves(n: int) -> list[int | Sum]:
        return _heap_moves(code, n)

    return game_from_moves(moves, name=f"code {code.text}")


def genus_sequence(
    game: ImpartialGame[Any] | str,
    upto: int,
    *,
    max_positions: int | None = None,
    max_form_size: int = MAX_FORM_SIZE,
) -> list[Genus]:
    """Return the genus of the heaps 0..`upto` of a heap game (``position_at(n)``).

    Parameters
    ----------
    game : ImpartialGame or str
        A game (its positions ``game.position_at(n)``), or a take-and-break code as
        :func:`grundy.heaps.parse_code` reads it (``"0.77"``, ``"grundy"``,
        ``"subtraction:2,3,7"``, ``"allbut:2,3,7"``).
    upto : int
        The last heap.
    max_positions : int, optional
        Cap on the positions stored; default the game's ``max_positions``.
    max_form_size : int, optional
        Cap on the misère canonical forms kept for the phylum, as in :func:`genus`:
        heaps met past it come without a phylum.

    Raises
    ------
    InvalidCodeError
        A malformed code.
    PositionLimitError
        More than `max_positions` positions would be stored.

    Examples
    --------
    >>> from grundy.misere.genus import genus_sequence
    >>> " ".join(map(str, genus_sequence("0.07", 14)))      # Dawson's Kayles
    '0 0 1 1 2 0 3 1 1 0 3^1431 3 2^0520 2 4^146'
    >>> " ".join(map(str, genus_sequence("0.77", 20)[16:]))  # CGSuite's text, by phylum
    '1^13 4^64 3^31 2^20 1^031'
    >>> from grundy.games import Nim
    >>> genus_sequence(Nim(), 3)[2]
    Genus(nim_value=2, misere_values=(2, 0), phylum='nim-heap')
    """
    if type(upto) is not int or upto < 0:
        raise InvalidPositionError(f"upto {upto!r} must be a non-negative int")
    rules = _code_game(parse_code(game)) if isinstance(game, str) else game
    return [
        genus(rules, rules.position_at(n), max_positions=max_positions, max_form_size=max_form_size)
        for n in range(upto + 1)
    ]
