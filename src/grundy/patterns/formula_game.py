"""``with_formula``: a game that answers the positions of a pattern's family through it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.errors import PositionLimitError
from ..impartial.game import ImpartialGame
from .pattern import Pattern

__all__ = ["PatternGame", "with_formula"]

# The hooks a PatternGame passes on to its game: it defines them only where the game does.
_PASSED_ON = ("components", "canonical", "assemble", "moves_to_value", "search_size")


def with_formula(
    game: ImpartialGame[Any],
    pattern: Pattern,
    *,
    family: Callable[..., Any] | None = None,
    index_of: Callable[[Any], tuple[int, ...] | None] | None = None,
) -> PatternGame:
    """Return `game` answering the positions of `pattern`'s family through its formula.

    Values, outcomes and winning moves of huge positions then work at once: a position
    of the family (or a part of a sum) is valued by the pattern, anything else as
    `game` values it. The game says whether the answer is conjectural (a pattern
    not proved by a theorem).

    Parameters
    ----------
    game : ImpartialGame
    pattern : Pattern
        A pattern of ``find_patterns(game)``.
    family : callable, optional
        Indices -> position, as given to ``find_patterns`` (default ``game.position_at``).
    index_of : callable, optional
        Position -> its indices, or None if it is not in the family. The default reads
        an int as (n,) and a tuple of ints as its indices, when ``family`` gives back
        the same position.

    Examples
    --------
    >>> from grundy.patterns import find_patterns, with_formula
    >>> from grundy.games import LiegesOfLegendre
    >>> game = LiegesOfLegendre(3)
    >>> fast = with_formula(game, find_patterns(game, upto=64).best)
    >>> fast.conjectural, fast.grundy(10**18), fast.winning_moves((10**18, 3))
    (False, 2, [(500000000000000000, 500000000000000000, 500000000000000000, 3)])
    """
    return PatternGame(game, pattern, family=family, index_of=index_of)


class PatternGame(ImpartialGame[Any]):
    """An impartial game whose formula is a pattern (see :func:`with_formula`).

    Examples
    --------
    >>> from grundy.patterns import find_patterns, with_formula
    >>> from grundy.games import Nim
    >>> game = with_formula(Nim(), find_patterns(Nim(), dims=2, upto=16).best)
    >>> game.conjectural, game.grundy((10**18, 3))
    (False, 1000000000000000003)
    """

    def __init__(
        self,
        game: ImpartialGame[Any],
        pattern: Pattern,
        *,
        family: Callable[..., Any] | None = None,
        index_of: Callable[[Any], tuple[int, ...] | None] | None = None,
    ) -> None:
        self.game = game
        self.pattern = pattern
        self.family = family or game.position_at
        self.index_of = index_of or self._index_of
        self.name = game.name
        self.max_positions = game.max_positions

    @property
    def conjectural(self) -> bool:
        """True unless a theorem proves the pattern (then the answers are theorems too)."""
        return self.pattern.conjectural

    def __repr__(self) -> str:
        return f"with_formula({self.game!r}, {self.pattern!r})"

    def defines(self, hook: str) -> bool:
        if hook == "formula":
            return True
        if hook in _PASSED_ON:
            return self.game.defines(hook)
        return super().defines(hook)

    def _index_of(self, position: Any) -> tuple[int, ...] | None:
        dims = len(self.pattern.variables)
        if dims == 1 and isinstance(position, int) and not isinstance(position, bool):
            indices: tuple[int, ...] = (position,)
        elif (
            isinstance(position, tuple)
            and len(position) == dims
            and all(isinstance(x, int) and not isinstance(x, bool) for x in position)
        ):
            indices = position
        else:
            return None
        try:
            same = self.family(*indices) == position
        except Exception:  # noqa: BLE001 - indices the family refuses are not in it
            return None
        return indices if same else None

    # ----------------------------------------------------------------- the rules
    def moves(self, position: Any) -> Iterable[Any]:
        return self.game.moves(position)

    def formula(self, position: Any) -> int | None:
        indices = self.index_of(position)
        if indices is not None:
            return self.pattern(*indices)
        return self.game.formula(position) if self.game.defines("formula") else None

    def components(self, position: Any) -> Sequence[Any] | None:
        return self.game.components(position)

    def canonical(self, position: Any) -> Any:
        return self.game.canonical(position)

    def assemble(self, parts: Sequence[Any]) -> Any:
        return self.game.assemble(parts)

    def moves_to_value(self, position: Any, value: int) -> Iterable[Any]:
        if not self.game.defines("moves_to_value"):
            # Listing the options of a position far beyond any table could take forever
            # (a heap of 10^18 with a move to every smaller heap): refused at once.
            indices = self.index_of(position)
            if indices is not None and max(indices) > self.max_positions:
                raise PositionLimitError(
                    f"{self.game!r}: the moves from {self.format_position(position)} are "
                    f"not listed (an index past max_positions = {self.max_positions:,}); "
                    "the pattern gives values and outcomes, a game's moves_to_value hook "
                    "gives winning moves there"
                )
        return self.game.moves_to_value(position, value)

    def search_size(self, position: Any) -> int | None:
        return self.game.search_size(position)

    def explain_part(self, position: Any) -> str:
        indices = self.index_of(position)
        if indices is None:
            return self.game.explain_part(position)
        how = "proved" if not self.conjectural else "conjectural"
        args = ", ".join(map(str, indices))
        value = self.pattern(*indices)
        return f"by the pattern G = {self.pattern.formula} ({how}): G({args}) = {value}"

    # ----------------------------------------------------------------- notation
    def check_position(self, position: Any) -> Any:
        return self.game.check_position(position)

    def parse_position(self, tokens: Sequence[str]) -> Any:
        return self.game.parse_position(tokens)

    def format_position(self, position: Any) -> str:
        return self.game.format_position(position)

    def position_to_json(self, position: Any) -> Any:
        return self.game.position_to_json(position)

    def describe_move(self, before: Any, after: Any) -> str:
        return self.game.describe_move(before, after)

    def position_at(self, *indices: int) -> Any:
        return self.family(*indices)
