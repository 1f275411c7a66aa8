"""Conway's genus as a value: g^{γ0 γ1 γ2 ...}, its kinds (tame, restive, restless, wild),
CGSuite's text, and the genus of a game from its options' genera."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..core.errors import InvalidGameError, InvalidPositionError

__all__ = ["Genus", "PHYLA"]

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
