"""How :func:`~grundy.misere.genus.genus` searches: positions keyed by their parts, valued
from their options' genera with an explicit stack, and the misère canonical forms kept on
the way for the phylum."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from ..core.errors import LoopError, PositionLimitError
from ..core.solver import call_moves
from ..core.sums import Sum
from ..impartial.game import ImpartialGame
from . import _phyla
from ._form import ZERO, canonical
from .canonical import MisereGame, form_of, game_of
from .genus_value import PHYLA, Genus

__all__ = ["GenusSearch", "MAX_FORM_SIZE"]

Position = Hashable

#: Default cap on the size of the misère canonical forms a genus search keeps (a form
#: with k options has size k + 1): 50 to 100 bytes a unit, so 400 MB at most. Kayles
#: keeps its forms to heap 65 (size 3.7 million; its search holds 2.3 million positions).
MAX_FORM_SIZE = 4_000_000

# The names of the phyla of _phyla.py, as Genus.phylum holds them.
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
        self.genera: dict[MisereGame, Genus] | None = {game_of(ZERO): Genus.of_nim_heap(0)}
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
            kind = _PHYLUM_NAME[_phyla.phylum(form_of(found))]
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
            if isinstance(p, Sum):
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
        if not isinstance(key, Sum):
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
            return Genus.from_options(values)
        form = canonical(frozenset(map(form_of, values)))
        game = game_of(form)
        if game in genera:
            return game
        # the canonical form's options are some of `values` (Conway's simplest form)
        by_form = {form_of(v): v for v in values}
        known = [genera[by_form[o]] for o in form._options]
        size = 1 + len(known)
        if self.form_size + size > max_form_size:
            self.drop_forms()
            return Genus.from_options(known)
        genera[game] = Genus.from_options(known)
        self.form_size += size
        return game
