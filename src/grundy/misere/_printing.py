"""Writing misère canonical forms in CGSuite's notation: ``*[2#0]``, ``*[2[2]]``,
``*[(2#1)2##]``; its length without writing it; and the short text ``str`` shows."""

from __future__ import annotations

from ..core.errors import PositionLimitError
from ._arithmetic import add, even_part, is_odd, sorted_options
from ._form import Form, is_nim_heap, nim_heap
from ._parts import subtract
from ._steps import Steps, run

__all__ = [
    "format_form",
    "text_length",
    "describe",
    "summary",
    "MAX_STR_BIRTHDAY",
    "MAX_STR_LENGTH",
]

#: ``str`` writes the notation of forms born by day MAX_STR_BIRTHDAY (nim-heaps: any) up
#: to MAX_STR_LENGTH characters, a summary beyond: finding the notation costs sums with
#: the heaps up to the birthday ({*611, *2}: half a minute), and its length can grow
#: exponentially. ``format_game`` writes any.
MAX_STR_BIRTHDAY = 128
MAX_STR_LENGTH = 1_000_000


def _number(n: int) -> str:
    """A heap size as CGSuite writes it in plain text: one digit, or ``&n;`` from 10."""
    return str(n) if n < 10 else f"&{n};"


def describe(form: Form) -> str:
    """What ``str`` shows of a game: its notation, or a summary past MAX_STR_BIRTHDAY
    days (nim-heaps excepted) or MAX_STR_LENGTH characters.

    Examples
    --------
    >>> from grundy.misere._form import nim_heap
    >>> from grundy.misere._printing import describe
    >>> describe(nim_heap(200))
    '*[&200;]'
    """
    if form._text is None and not is_nim_heap(form):
        if form._birthday > MAX_STR_BIRTHDAY:
            return summary(form)
        length = text_length(form)
        if length > MAX_STR_LENGTH:
            return f"<MisereGame born on day {form._birthday}: {length:,} characters>"
    return format_form(form)


def summary(form: Form) -> str:
    """The short text of a game whose notation is too long to show.

    >>> from grundy.misere._form import nim_heap
    >>> from grundy.misere._printing import summary
    >>> summary(nim_heap(3))
    '<MisereGame born on day 3, 3 options>'
    """
    return f"<MisereGame born on day {form._birthday}, {len(form._options)} options>"


# A node of the text: (game, bracketed in parentheses if it has several options, whether
# a subscript must open after the first heap written). Its plan: the literal pieces and
# the nodes it is written from, and whether a subscript bracket is open at its end.
Node = tuple[Form, bool, bool]
Plan = tuple[list["str | Node"], bool]


def format_form(form: Form, *, max_length: int | None = None) -> str:
    """`form` in CGSuite's notation (see :func:`grundy.misere.notation.format_game`);
    PositionLimitError if it is longer than `max_length`.

    Examples
    --------
    >>> from grundy.misere._form import nim_heap
    >>> from grundy.misere._printing import format_form
    >>> format_form(nim_heap(12)), format_form(nim_heap(2), max_length=4)
    ('*[&12;]', '*[2]')
    """
    if form._text is None:
        plans = _plans(form)
        root = (form, False, False)
        order = _nodes_bottom_up(plans, root)
        length = _length(plans, order, root)
        if max_length is not None and length > max_length:
            raise _too_long(form, length, max_length)
        texts: dict[Node, str] = {}
        for node in order:
            pieces, _ = plans[node]
            texts[node] = "".join(p if isinstance(p, str) else texts[p] for p in pieces)
        form._text = "*[" + texts[root] + ("]" if plans[root][1] else "") + "]"
    elif max_length is not None and len(form._text) > max_length:
        raise _too_long(form, len(form._text), max_length)
    return form._text


def _too_long(game: Form, length: int, limit: int) -> PositionLimitError:
    return PositionLimitError(
        f"the misère canonical form born on day {game._birthday} takes {length:,} "
        f"characters of notation, more than {limit:,}"
    )


def text_length(game: Form) -> int:
    """The length of ``format_form(game)``, found without writing it.

    Examples
    --------
    >>> from grundy.misere._form import nim_heap
    >>> from grundy.misere._printing import text_length
    >>> text_length(nim_heap(3)), text_length(nim_heap(12))
    (4, 7)
    """
    if game._text is not None:
        return len(game._text)
    plans = _plans(game)
    root = (game, False, False)
    return _length(plans, _nodes_bottom_up(plans, root), root)


def _length(plans: dict[Node, Plan], order: list[Node], root: Node) -> int:
    lengths: dict[Node, int] = {}
    for node in order:
        pieces, _ = plans[node]
        lengths[node] = sum(len(p) if isinstance(p, str) else lengths[p] for p in pieces)
    return lengths[root] + 3 + plans[root][1]  # *[ ] and a subscript left open


def _plans(game: Form) -> dict[Node, Plan]:
    plans: dict[Node, Plan] = {}
    run(_plan((game, False, False), plans))
    return plans


def _nodes_bottom_up(plans: dict[Node, Plan], root: Node) -> list[Node]:
    """The nodes below `root`, each after the nodes it is written from."""
    order: list[Node] = []
    seen = {root}
    stack = [(root, iter(plans[root][0]))]
    while stack:
        node, pieces = stack[-1]
        for piece in pieces:
            if not isinstance(piece, str) and piece not in seen:
                seen.add(piece)
                stack.append((piece, iter(plans[piece][0])))
                break
        else:
            stack.pop()
            order.append(node)
    return order


def _plan(node: Node, plans: dict[Node, Plan]) -> Steps[Plan]:
    if node not in plans:
        plans[node] = yield _plan_uncached(node, plans)
    return plans[node]


def _plan_uncached(node: Node, plans: dict[Node, Plan]) -> Steps[Plan]:
    game, parens, sub = node
    birthday = game._birthday
    if is_nim_heap(game):
        return [_number(birthday) + ("[" if sub else "")], sub
    odd = is_odd(game)
    for i in range(3 if odd else 2, birthday, 2):
        heap = nim_heap(i)
        difference = subtract(game, heap)
        if difference is not None and difference._birthday < birthday:
            yield _plan((difference, True, True), plans)
            return [(difference, True, True), _number(i)], True
        total = add(game, heap)
        if total._birthday < birthday:
            yield _plan((total, True, True), plans)
            return [(total, True, True), "-" + _number(i)], True
    if odd:
        even = even_part(game)
        yield _plan((even, True, True), plans)
        return [(even, True, True), "1"], True
    options = sorted_options(game)
    if len(options) == 1:
        _, opened = yield _plan((options[0], True, sub), plans)
        return [(options[0], True, sub), "#"], opened
    pieces: list[str | Node] = ["("] if parens else []
    for option in reversed(options):
        _, opened = yield _plan((option, True, False), plans)
        pieces.append((option, True, False))
        if opened:
            pieces.append("]")
    if parens:
        pieces.append(")")
    if sub:
        pieces.append("[")
    return pieces, sub
