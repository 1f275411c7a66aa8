"""Why a position has its value: the one-line reasons of ``ImpartialGame.explain``.

The default reasons live here, written once for every game: the XOR of a position's
parts (Sprague-Grundy), the mex of one part's options, and a misère winning move. A game
with a closed form states its own rule by overriding the public hooks
:meth:`~grundy.ImpartialGame.explain_part` (one part, normal play),
:meth:`~grundy.ImpartialGame.explain_normal` (a whole position) and
:meth:`~grundy.ImpartialGame.explain_misere`, building its line with
:func:`xor_line` and :func:`value_set`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol

from ..core.errors import PositionLimitError
from ..core.outcome import Outcome
from ..core.solver import call_moves
from ..core.sums import Sum
from ..nimbers import nim_sum


class ExplainedGame(Protocol):
    """What the reasons read of a game: an ``ImpartialGame`` has all of it.

    A protocol, not the class: the class calls these functions from its ``explain``
    hooks, so importing it here would make the two modules import each other.
    """

    def grundy(self, position: Any) -> int: ...
    def outcome(self, position: Any, *, misere: bool = False) -> Outcome: ...
    def winning_moves(self, position: Any, *, misere: bool = False) -> list[Any]: ...
    def formula(self, position: Any) -> int | None: ...
    def parts(self, position: Any) -> Sequence[Any] | None: ...
    def defines(self, hook: str) -> bool: ...
    def format_position(self, position: Any) -> str: ...
    def explain_normal(self, position: Any) -> str: ...
    def explain_part(self, position: Any) -> str: ...
    def explain_lists_options(self, position: Any) -> bool: ...


__all__ = [
    "xor_line",
    "xor_terms",
    "value_set",
    "parts_reason",
    "mex_reason",
    "misere_reason",
]

# The mex line lists the options of a position valued by a closed form only when its
# numbers are at most this large and this many (about 10^4 options at most).
_LISTED_LARGEST = 10_000
_LISTED_NUMBERS = 32
# An XOR line shows every value up to this many, else the first 6, "…" and the last.
_XOR_SHOWN = 8
# A mex line shows this many option values at most.
_SET_SHOWN = 10


def xor_line(what: str, values: Sequence[int], none: str) -> str:
    """Return ``XOR of <what>: 1 ⊕ 2 ⊕ 3 = 0``, or ``no <none>: value = 0`` if empty.

    Examples
    --------
    >>> from grundy.impartial.explain import xor_line
    >>> xor_line("the heaps", [3, 4, 5], "heaps")
    'XOR of the heaps: 3 ⊕ 4 ⊕ 5 = 2'
    >>> xor_line("the heaps", [], "heaps")
    'no heaps: value = 0'
    """
    if not values:
        return f"no {none}: value = 0"
    return f"XOR of {what}: {xor_terms(values)} = {nim_sum(*values)}"


def xor_terms(values: Sequence[int]) -> str:
    """Return ``1 ⊕ 2 ⊕ 3``; more than 8 values: the first 6, ``…`` and the last.

    Examples
    --------
    >>> from grundy.impartial.explain import xor_terms
    >>> xor_terms(range(10))
    '0 ⊕ 1 ⊕ 2 ⊕ 3 ⊕ 4 ⊕ 5 ⊕ … ⊕ 9'
    """
    shown: Sequence[object] = values
    if len(values) > _XOR_SHOWN:
        shown = [*values[:6], "…", values[-1]]
    return " ⊕ ".join(map(str, shown))


def value_set(values: Sequence[int]) -> str:
    """Return ``{0, 1, 3}``; more than 10 values: the first 10 and ``…``.

    Examples
    --------
    >>> from grundy.impartial.explain import value_set
    >>> value_set([0, 1, 3])
    '{0, 1, 3}'
    """
    shown = [str(v) for v in values[:_SET_SHOWN]]
    if len(values) > _SET_SHOWN:
        shown.append("…")
    return "{" + ", ".join(shown) + "}"


def parts_reason(game: ExplainedGame, position: Hashable) -> str:
    """The default reason in normal play: the XOR of the parts, or one part's reason.

    Examples
    --------
    >>> from grundy.impartial.explain import parts_reason
    >>> halve = gr.game_from_moves(lambda n: [n // 2] if n else [])
    >>> parts_reason(halve, gr.Sum(1, 4))
    "XOR of the parts' values: 1 ⊕ 1 = 0"
    """
    parts = game.parts(position)
    if parts is None:
        return game.explain_part(position)
    if len(parts) == 1:
        return game.explain_normal(parts[0])
    return xor_line("the parts' values", [game.grundy(p) for p in parts], "parts")


def mex_reason(game: ExplainedGame, position: Hashable) -> str:
    """The default reason of one part: the mex of its options' values.

    A part valued by a closed form whose options are too many to list quickly is
    explained by that closed form (see :meth:`~grundy.ImpartialGame.explain_lists_options`).

    Examples
    --------
    >>> from grundy.impartial.explain import mex_reason
    >>> halve_or_decrement = gr.game_from_moves(lambda n: [n // 2, n - 1] if n else [])
    >>> mex_reason(halve_or_decrement, 5)
    "mex of the options' values {0, 1} = 2"
    """
    value = game.grundy(position)  # first: an impossible value raises its own error
    if game.explain_lists_options(position):
        try:
            values = sorted({game.grundy(o) for o in call_moves(game, position)})
        except PositionLimitError:  # options too many or too big to value: only
            if not has_formula_value(game, position):  # a closed form can say
                raise
        else:
            if not values:
                return f"no move is left: value = {value}"
            return f"mex of the options' values {value_set(values)} = {value}"
    return f"from the game's closed form, without listing the options: value = {value}"


def misere_reason(game: ExplainedGame, position: Hashable) -> str:
    """The default reason in misère play: a winning move, or why every move loses.

    Examples
    --------
    >>> from grundy.impartial.explain import misere_reason
    >>> from grundy.games import Bash
    >>> misere_reason(Bash(2), 2)
    'moving to 1 leaves the opponent a losing position'
    """
    if game.outcome(position, misere=True) is Outcome.P:
        return "every move leaves the opponent a winning position"
    try:
        moves = game.winning_moves(position, misere=True)
    except PositionLimitError:  # too many to list: the outcome is known all the same
        return "some move leaves the opponent a losing position"
    if not moves:
        return "no move is left: the player to move wins (misère play)"
    return f"moving to {game.format_position(moves[0])} leaves the opponent a losing position"


def has_formula_value(game: ExplainedGame, position: Hashable) -> bool:
    """True if the game's closed form values `position` (not a search)."""
    return game.defines("formula") and game.formula(position) is not None


def lists_options_by_size(game: ExplainedGame, position: Hashable) -> bool:
    """The default of ``explain_lists_options``: list the options of a position unless a
    closed form values it and its numbers look too big to list its options quickly."""
    if not has_formula_value(game, position):
        return True  # the value came from a search over these very options
    largest, count = _size_of(position, _LISTED_NUMBERS)
    return largest <= _LISTED_LARGEST and count <= _LISTED_NUMBERS


def _size_of(position: object, most: int) -> tuple[int, int]:
    """The largest int in a position (tuples, sums nested) and how many ints it holds;
    past `most` ints it stops (a graph of 10^5 edges is not walked to say it is big)."""
    largest = count = 0
    stack = [position]
    while stack and count <= most:
        item = stack.pop()
        if type(item) is int:
            largest, count = max(largest, abs(item)), count + 1
        elif isinstance(item, Sum):
            stack.extend(item.parts)
        elif isinstance(item, tuple | list | frozenset):
            stack.extend(item)
    return largest, count
