"""Explicit game forms: short games kept as written, not simplified (CGSuite's quoted
literals ``'{*|*}'`` and its impartial forms ``*[[2],0]``).

A :class:`~grundy.partizan.canonical.CanonicalGame` is one object per *value*; an
:class:`ExplicitGame` is a game *tree*, its options as they were given. Most of the
theory reads values only, but some compounds read forms: the ordinal sum G : H depends
on the options of G, not only on its value, so ``'{*|*}' : 1`` (the base has the options
* and *) is ↑ while ``0 : 1`` is 1. :class:`ShortForm` is what every non-canonical form
is (an explicit tree, a compound of forms, a negative); ``Form`` is a form or a
canonical game (which is its own canonical form).

``.canonical()`` gives a form's value. ``+``, ``-`` and ``n * G`` (an int times a form)
build compounds of forms, as CGSuite does (:mod:`~grundy.partizan.compounds`); ``==``
compares trees (two forms are equal when they are written the same), so compare values
through ``.canonical()``.

Examples
--------
>>> from grundy.partizan import explicit_game, impartial_form, parse
>>> g = explicit_game(["*"], ["*"])
>>> str(g), str(g.canonical()), g == explicit_game([parse("*")], [parse("*")])
("'{*|*}'", '0', True)
>>> str(impartial_form([[[2]], [2], 0]).canonical())
'*2'
>>> str((-2 * explicit_game([], [-1])).canonical())      # -2 * '{|-1}' (= -2) is 4
'4'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ..core.errors import InvalidGameError
from ._bottom_up import DEFAULT_MAX_WORK, Budget, bottom_up, within_stack
from .canonical import CanonicalGame, game, nimber, number
from .notation import parse

__all__ = [
    "Form",
    "ShortForm",
    "ExplicitGame",
    "NegativeGame",
    "explicit_game",
    "impartial_form",
    "canonical_form",
    "form_options",
    "negative_form",
    "as_form",
]


class ShortForm:
    """A short game as a tree of options, not simplified: an :class:`ExplicitGame`, a
    :class:`NegativeGame` or a :class:`~grundy.partizan.compounds.CompoundGame`.

    Subclasses give ``left`` and ``right`` (the options, each a ``Form``) and the value
    (``_canonical``). Arithmetic builds compounds of forms: ``G + H`` and ``G - H`` are
    disjunctive sums, ``n * G`` and ``G * n`` (n an int) Conway products, as CGSuite's
    ``Integer * Game`` (the value is n copies of G's value).

    Examples
    --------
    >>> from grundy.partizan import explicit_game
    >>> g = explicit_game(["*"], ["*"])
    >>> isinstance(g, ShortForm), str(g + 1), str((2 * g).canonical())
    (True, "'{*|*}' + 1", '0')
    """

    __slots__ = ()

    #: The class of compound forms (set by grundy.partizan.compounds when it is imported,
    #: as ``SumGame`` registers itself for ``+``): ``+`` and ``*`` build them.
    _compound_class: ClassVar[Any] = None

    def __init_subclass__(cls, compound: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if compound:
            ShortForm._compound_class = cls

    if TYPE_CHECKING:  # a dataclass field in ExplicitGame, a property in the others

        @property
        def left(self) -> tuple[Form, ...]:
            """Left's options, as given (each a form or a canonical game)."""

        @property
        def right(self) -> tuple[Form, ...]:
            """Right's options, as given."""

    def _canonical(self, budget: Budget) -> CanonicalGame:
        raise NotImplementedError

    def canonical(self, *, max_work: int = DEFAULT_MAX_WORK) -> CanonicalGame:
        """The value of this form: its canonical form.

        Parameters
        ----------
        max_work : int
            The most work to do (positions weighted by their options, see
            :class:`~grundy.partizan._bottom_up.Budget`).

        Raises
        ------
        PositionLimitError
            The value needs more work than `max_work`.

        Examples
        --------
        >>> from grundy.partizan import explicit_game
        >>> str(explicit_game([-1], [1]).canonical())
        '0'
        """
        return within_stack(lambda: self._canonical(Budget(max_work, str(self))))

    # ------------------------------------------------------------ arithmetic
    def _compound(self, kind: str, g: Form, h: Form) -> ShortForm:
        built: ShortForm = ShortForm._compound_class.of(kind, g, h)
        return built

    def __add__(self, other: object) -> ShortForm:
        h = _maybe_form(other)
        return NotImplemented if h is None else self._compound("disjunctive sum", self, h)

    def __radd__(self, other: object) -> ShortForm:
        h = _maybe_form(other)
        return NotImplemented if h is None else self._compound("disjunctive sum", h, self)

    def __sub__(self, other: object) -> ShortForm:
        h = _maybe_form(other)
        if h is None:
            return NotImplemented
        return self._compound("disjunctive sum", self, negative_form(h))

    def __rsub__(self, other: object) -> ShortForm:
        h = _maybe_form(other)
        if h is None:
            return NotImplemented
        return self._compound("disjunctive sum", h, negative_form(self))

    def __mul__(self, other: object) -> ShortForm:
        if type(other) is not int:
            return NotImplemented  # CGSuite multiplies a game by an Integer only
        return self._compound("conway product", self, number(other))

    def __rmul__(self, other: object) -> ShortForm:
        if type(other) is not int:
            return NotImplemented
        return self._compound("conway product", number(other), self)

    def __neg__(self) -> ShortForm:
        raise NotImplementedError


#: A game as a tree: a canonical game (its own canonical form) or a form kept as built.
Form = CanonicalGame | ShortForm


@dataclass(frozen=True, eq=True, repr=False)
class ExplicitGame(ShortForm):
    """A game tree ``'{L1,L2,...|R1,R2,...}'``: its options kept as written (CGSuite's
    ``ExplicitGame``, the quoted literal ``'{*|*}'``).

    Parameters
    ----------
    left, right : tuple of Form
        The options (canonical games or other forms; :func:`explicit_game` also takes
        numbers and text).

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.explicit import ExplicitGame
    >>> g = ExplicitGame((parse("0"), parse("*")), (parse("0"), parse("*")))
    >>> str(g), str(g.canonical()), str(-ExplicitGame((), (parse("-1"),)))
    ("'{0,*|0,*}'", '*2', "'{1|}'")
    >>> eval(repr(g), {"ExplicitGame": ExplicitGame, "parse": parse}) == g
    True
    """

    left: tuple[Form, ...]
    right: tuple[Form, ...]
    _hash: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        for side in ("left", "right"):
            options = getattr(self, side)
            if not isinstance(options, tuple) or not all(_is_form(o) for o in options):
                raise InvalidGameError(
                    f"ExplicitGame({side}={options!r}): the options must be a tuple of games "
                    "(CanonicalGame or forms); explicit_game() also takes numbers and text"
                )
        # cached: a tree is hashed as a memo key at every visit
        object.__setattr__(self, "_hash", hash((self.left, self.right)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        # built again when loaded: the hash of its canonical options is this process's
        return (ExplicitGame, (self.left, self.right))

    def __repr__(self) -> str:
        return f"ExplicitGame(left={self.left!r}, right={self.right!r})"

    def __str__(self) -> str:
        return "'{" + _options_text(self.left) + "|" + _options_text(self.right) + "}'"

    def __neg__(self) -> ExplicitGame:
        negated: ExplicitGame = negative_form(self)  # type: ignore[assignment]
        return negated

    def _canonical(self, budget: Budget) -> CanonicalGame:
        found = _EXPLICIT.get(self)
        if found is not None:
            return found

        def value(option: Form) -> CanonicalGame:
            if isinstance(option, ExplicitGame):
                return _EXPLICIT[option]
            return canonical_of(option, budget)

        def children(g: ExplicitGame) -> list[ExplicitGame]:
            budget.spend(len(g.left), len(g.right))
            return _explicit_children(g)

        def combine(g: ExplicitGame) -> CanonicalGame:
            return game([value(o) for o in g.left], [value(o) for o in g.right])

        return bottom_up(self, children, combine, _EXPLICIT)


@dataclass(frozen=True, eq=True, repr=False)
class NegativeGame(ShortForm):
    """-G for a form G: Left's options are those of -G^R, Right's those of -G^L (CGSuite's
    ``NegativeGame``, the negative of a product, which no form of its own spells).

    Examples
    --------
    >>> from grundy.partizan import explicit_game
    >>> from grundy.partizan.explicit import NegativeGame
    >>> g = NegativeGame(explicit_game([0], [1]) * 2)
    >>> str(g), str(g.canonical()), [str(o) for o in g.left]
    ("-('{0|1}' * 2)", '-1', ["-(1 * 2) + -('{0|1}' * 1) + 1 * 1"])
    """

    game: ShortForm

    @property
    def left(self) -> tuple[Form, ...]:
        return tuple(negative_form(o) for o in self.game.right)

    @property
    def right(self) -> tuple[Form, ...]:
        return tuple(negative_form(o) for o in self.game.left)

    def __repr__(self) -> str:
        return f"NegativeGame({self.game!r})"

    def __str__(self) -> str:
        return f"-({self.game})"

    def __neg__(self) -> ShortForm:
        return self.game

    def _canonical(self, budget: Budget) -> CanonicalGame:
        return -self.game._canonical(budget)


#: The canonical forms of the explicit trees met so far.
_EXPLICIT: dict[ExplicitGame, CanonicalGame] = {}


def _explicit_children(g: ExplicitGame) -> list[ExplicitGame]:
    return [o for o in (*g.left, *g.right) if isinstance(o, ExplicitGame)]


def _is_form(value: object) -> bool:
    return isinstance(value, CanonicalGame | ShortForm)


def _options_text(options: tuple[Form, ...]) -> str:
    return ",".join(str(o) for o in options)


# ------------------------------------------------------------------ building forms
def as_form(value: object) -> Form:
    """`value` as a form: a form or canonical game as it is, an int or a dyadic Fraction
    as that number, text read by :func:`~grundy.partizan.parse`.

    Raises
    ------
    InvalidGameError
        `value` is not a game.

    Examples
    --------
    >>> from grundy.partizan.explicit import as_form
    >>> str(as_form(3)), str(as_form("{1|0}"))
    ('3', '{1|0}')
    >>> as_form(0.5)
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: 0.5 is not a game
    """
    found = parse(value) if isinstance(value, str) else _maybe_form(value)
    if found is None:
        raise InvalidGameError(f"{value!r} is not a game")
    return found


def _maybe_form(value: object) -> Form | None:
    """`value` as a form, or None (an operator's NotImplemented; text is not a game there)."""
    if isinstance(value, CanonicalGame | ShortForm):
        return value
    if isinstance(value, int | Fraction) and not isinstance(value, bool):
        return number(value)
    return None


def explicit_game(left: Iterable[object], right: Iterable[object]) -> ExplicitGame:
    """The game tree ``'{left | right}'``, its options kept as given (not simplified).

    Parameters
    ----------
    left, right : iterable
        The options: games, forms, ints, dyadic Fractions, or text in CGSuite's
        notation (read as canonical games).

    Raises
    ------
    InvalidGameError
        An option is none of these.

    Examples
    --------
    >>> from grundy.partizan import explicit_game
    >>> g = explicit_game([0, "*"], [0, "*"])
    >>> str(g), str(g.canonical()), str(explicit_game([g], []))
    ("'{0,*|0,*}'", '*2', "'{'{0,*|0,*}'|}'")
    """
    return ExplicitGame(
        tuple(as_form(o) for o in left),  # type: ignore[misc]
        tuple(as_form(o) for o in right),  # type: ignore[misc]
    )


def impartial_form(options: object) -> Form:
    """The impartial game tree whose options are `options`, kept as written.

    Parameters
    ----------
    options : int or iterable
        An int n is the nimber *n; an iterable lists the options (each an int, an
        iterable, or a game), Left's and Right's alike.

    Raises
    ------
    InvalidGameError
        Something that is neither.

    Examples
    --------
    >>> from grundy.partizan import impartial_form
    >>> g = impartial_form([[[2]], [2], 0])
    >>> str(g), str(g.canonical())
    ("'{'{'{*2|*2}'|'{*2|*2}'}','{*2|*2}',0|'{'{*2|*2}'|'{*2|*2}'}','{*2|*2}',0}'", '*2')

    Notes
    -----
    CGSuite's ``*[...]`` reads the list as a misère canonical form, simplified in
    misère play (``*[1]`` has no option there); this function keeps what it is given.
    :func:`~grundy.partizan.expressions.evaluate` reads ``*[...]`` as CGSuite does.
    """
    if isinstance(options, CanonicalGame | ShortForm):
        return options
    if type(options) is int:
        if options < 0:
            raise InvalidGameError(f"impartial form: *{options} is not a nimber (n < 0)")
        return nimber(options)
    if isinstance(options, str) or not isinstance(options, Iterable):
        raise InvalidGameError(
            f"impartial form: {options!r} is neither a nimber size (int) nor a list of options"
        )
    made = tuple(impartial_form(o) for o in options)
    return ExplicitGame(made, made)


# ------------------------------------------------------------------ reading forms
def canonical_form(form: Form, *, max_work: int = DEFAULT_MAX_WORK) -> CanonicalGame:
    """The value of `form` (a canonical game is its own).

    Raises
    ------
    PositionLimitError
        More work than `max_work` (see :meth:`ShortForm.canonical`).

    Examples
    --------
    >>> from grundy.partizan import canonical_form, explicit_game, parse
    >>> str(canonical_form(explicit_game([0], [0]))), canonical_form(parse("^")) is parse("^")
    ('*', True)
    """
    if isinstance(form, CanonicalGame):
        return form
    return form.canonical(max_work=max_work)


def canonical_of(form: Form, budget: Budget) -> CanonicalGame:
    """The value of `form` within a budget shared with the caller's computation (what
    the compounds call on their operands).

    Examples
    --------
    >>> from grundy.partizan import explicit_game
    >>> from grundy.partizan._bottom_up import Budget
    >>> from grundy.partizan.explicit import canonical_of
    >>> budget = Budget(100, "an example")
    >>> str(canonical_of(explicit_game([1], [2]), budget)), budget.spent
    ('3/2', 3)
    """
    return form if isinstance(form, CanonicalGame) else form._canonical(budget)


def form_options(form: Form, player: Literal["Left", "Right"]) -> tuple[Form, ...]:
    """The options of `form` for `player` (a canonical game's are canonical).

    Examples
    --------
    >>> from grundy.partizan import explicit_game, parse
    >>> from grundy.partizan.explicit import form_options
    >>> [str(o) for o in form_options(parse("{1|*}"), "Right")]
    ['*']
    >>> [str(o) for o in form_options(explicit_game([0, 0], []), "Left")]
    ['0', '0']
    """
    return form.left if player == "Left" else form.right


def negative_form(form: Form) -> Form:
    """-G as a form: a canonical game's negative, an explicit tree mirrored (its options
    negated, Left's and Right's exchanged), the negative of any other form.

    Examples
    --------
    >>> from grundy.partizan import explicit_game
    >>> from grundy.partizan.explicit import negative_form
    >>> str(negative_form(explicit_game([explicit_game([1], [])], ["*"])))
    "'{*|'{|-1}'}'"
    """
    if isinstance(form, CanonicalGame):
        return -form
    if not isinstance(form, ExplicitGame):
        return -form
    memo: dict[ExplicitGame, ExplicitGame] = {}

    def mirror(option: Form) -> Form:
        return memo[option] if isinstance(option, ExplicitGame) else negative_form(option)

    def combine(g: ExplicitGame) -> ExplicitGame:
        return ExplicitGame(tuple(mirror(o) for o in g.right), tuple(mirror(o) for o in g.left))

    return bottom_up(form, _explicit_children, combine, memo)
