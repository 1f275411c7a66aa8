"""The ordinal sum G : H of loopy games, built on their graphs: :func:`ordinal_sum`.

G : H is G with H put on top of it: Left's options are G's Left options and G : H^L for
each Left option H^L of H (Right's likewise), so a move in G ends H for good while a move
in H keeps G below (Siegel, *Combinatorial Game Theory*; CGSuite's ``G : H``, its
LoopyGame.ordinalSum and Bigraph.ordinalSum). On graphs: G's vertices as they are, then
one vertex G : h for each vertex h of H, whose options are those of G's vertex 0 and
G : h' for h's options; the game is G : (H's vertex 0). A cycle of H is a cycle of G : H
(``{-1|1} : on`` = ``{-1, pass | 1}``), and G's own cycles stay in its copy, below.

The sum depends on G's *form*, the options of its vertex 0 as written: CGSuite's quoted
``'{-1|1}'`` (an explicit form, whose value is 0) gives ``'{-1|1}' : on`` = 1under, while
``0 : on`` is on. Text and stoppers are values, taken in their simplest form, as CGSuite
reads an unquoted literal.
"""

from __future__ import annotations

from fractions import Fraction

from ...core.errors import InvalidGameError, PositionLimitError
from ..canonical import CanonicalGame, number
from ..explicit import ShortForm, canonical_form, form_options
from ._building import option_game
from .errors import LoopyValueError
from .graph import DEFAULT_MAX_VERTICES, LoopyGame
from .sided import SidedValue, loopy_value
from .stopper import Stopper
from .survival import DEFAULT_MAX_STATES
from .values import parse_loopy

__all__ = ["ordinal_sum", "ordinal_sum_graph", "form_graph", "OrdinalOperand"]

#: What an operand of :func:`ordinal_sum` can be: a game graph (a form, as written), a
#: stopper, a short game or a short form, a number, or CGSuite text (read as a value).
OrdinalOperand = LoopyGame | Stopper | CanonicalGame | ShortForm | int | Fraction | str


def ordinal_sum_graph(
    g: LoopyGame, h: LoopyGame, max_vertices: int = DEFAULT_MAX_VERTICES
) -> LoopyGame:
    """The graph of G : H, for the forms `g` and `h` (vertex 0 of each the game), packed.

    Parameters
    ----------
    g, h : LoopyGame
        The base and the subordinate, each as written.
    max_vertices : int
        The most vertices the sum may have (it has at most ``g.size + h.size``).

    Raises
    ------
    PositionLimitError
        G and H have more than `max_vertices` vertices between them.

    Examples
    --------
    >>> from grundy.partizan.loopy import loopy_game
    >>> from grundy.partizan.loopy.ordinal import ordinal_sum_graph
    >>> ordinal_sum_graph(loopy_game("{-1|1}"), loopy_game("on")) == loopy_game("{-1,pass|1}")
    True
    """
    _check_limit(max_vertices)
    for graph in (g, h):
        if not isinstance(graph, LoopyGame):
            raise InvalidGameError(f"{graph!r} is not a LoopyGame")
    if g.size + h.size > max_vertices:
        raise PositionLimitError(
            f"an ordinal sum of {g.size:,}- and {h.size:,}-vertex games has more than "
            f"{max_vertices:,} vertices; raise max_vertices"
        )
    base = g.size
    # h's vertex v becomes base + v, with the options of G's vertex 0 before its own
    left = (*g.left, *((*g.left[0], *(base + w for w in row)) for row in h.left))
    right = (*g.right, *((*g.right[0], *(base + w for w in row)) for row in h.right))
    return LoopyGame(left, right).pack(base)


def form_graph(g: OrdinalOperand, max_vertices: int = DEFAULT_MAX_VERTICES) -> LoopyGame:
    """The graph of `g` as an operand of an ordinal sum: a game graph as it is; a short
    form by its options as written (each option by its value); a stopper, a short game,
    a number or text by its simplest form.

    Raises
    ------
    LoopyValueError
        A value given by its sides (``A & B``, ``dud``): it has no options to build on.
    InvalidGameError
        Something that is not a game.

    Examples
    --------
    >>> from grundy.partizan import explicit_game
    >>> from grundy.partizan.loopy.ordinal import form_graph
    >>> form_graph(explicit_game([-1], [1]))           # '{-1|1}', whose value is 0
    LoopyGame(left=((1,), (), (4,), (), ()), right=((2,), (3,), (), (), ()))
    >>> form_graph("{-1|1}"), form_graph("on")
    (LoopyGame(left=((),), right=((),)), LoopyGame(left=((0,),), right=((),)))
    """
    if isinstance(g, LoopyGame):
        return g
    if isinstance(g, ShortForm):  # only its options' values count below its root
        left = [
            LoopyGame.from_short(canonical_form(o), max_vertices) for o in form_options(g, "Left")
        ]
        right = [
            LoopyGame.from_short(canonical_form(o), max_vertices) for o in form_options(g, "Right")
        ]
        return option_game(left, right)
    if isinstance(g, bool) or not isinstance(g, Stopper | CanonicalGame | int | Fraction | str):
        raise InvalidGameError(f"{g!r} is not a game")
    if isinstance(g, str):
        value = parse_loopy(g, max_vertices)
        if isinstance(value, SidedValue):
            raise LoopyValueError(
                f"{g!r} is {value}, a value given by its sides: an ordinal sum needs a game "
                "form or a stopper"
            )
        return value.graph
    if isinstance(g, Stopper):
        return g.graph
    return LoopyGame.from_short(g if isinstance(g, CanonicalGame) else number(g), max_vertices)


def ordinal_sum(
    g: OrdinalOperand,
    h: OrdinalOperand,
    *,
    max_vertices: int = DEFAULT_MAX_VERTICES,
    max_states: int = DEFAULT_MAX_STATES,
) -> Stopper | SidedValue:
    """The value of G : H, loopy operands allowed (CGSuite's ``(G : H).GameValue``).

    Parameters
    ----------
    g : LoopyGame, Stopper, CanonicalGame, ShortForm, int, Fraction or str
        The base: its form counts (a game graph or a short form as written; a stopper,
        a short game and text in simplest form).
    h : the same
        The subordinate.
    max_vertices : int
        The most vertices of the sum's graph (G's and H's together).
    max_states : int
        The most states one comparison may search while simplifying (see
        :func:`~grundy.partizan.loopy.loopy_value`).

    Returns
    -------
    Stopper or SidedValue
        A stopper when G and H are (a cycle of G : H is one of G or of H); else the
        sides.

    Raises
    ------
    LoopyValueError
        An operand given by its sides (``dud``, ``A & B``): it has no form.
    PositionLimitError
        More than `max_vertices` vertices, or a comparison of more than `max_states`.

    Notes
    -----
    Building the graph costs its size, G's vertices plus H's; the value is the graph's
    (:func:`~grundy.partizan.loopy.loopy_value`). For short G and H this is the short
    ordinal sum (:func:`grundy.partizan.ordinal_sum`), and for stoppers it keeps the
    colon principle (H <= H' gives G : H <= G : H'): the tests check both.

    Examples
    --------
    >>> from grundy.partizan import explicit_game
    >>> from grundy.partizan.loopy import loopy_game, ordinal_sum
    >>> str(ordinal_sum(explicit_game([-1], [1]), "on"))     # CGSuite: ('{-1|1}':on).GameValue
    '1under'
    >>> str(ordinal_sum("{-1|1}", "on")), str(ordinal_sum("on", 1)), str(ordinal_sum(1, "over"))
    ('on', 'on', '1over')
    >>> str(ordinal_sum("^", "on")), str(ordinal_sum("*", loopy_game("{pass|pass}")))  # dud's form
    ('^[on]', '^[on]* & v[on]*')
    """
    _check_limit(max_vertices)
    graph = ordinal_sum_graph(
        form_graph(g, max_vertices), form_graph(h, max_vertices), max_vertices
    )
    return loopy_value(graph, max_states)


def _check_limit(max_vertices: int) -> None:
    if type(max_vertices) is not int or max_vertices < 1:
        raise InvalidGameError(f"max_vertices must be a positive int, not {max_vertices!r}")
