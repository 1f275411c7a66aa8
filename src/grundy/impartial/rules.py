"""What an impartial game defines: its moves, the optional hooks the solvers use, and the
notation of its positions. ``ImpartialGame`` (in :mod:`grundy.impartial.game`) adds the
queries every game answers from them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic

from ..core.errors import InvalidPositionError
from ..core.integers import parse_int
from ..core.protocol import Game, P
from ..core.sums import Sum
from ..display.picture import Picture, beside

__all__ = ["ImpartialRules"]

# grundy's own chain of impartial classes (rules <- values <- game), by module and name: a
# class built by game_from_moves lives in the last module too.
_LIBRARY_CLASSES = frozenset(
    {
        (__name__, "ImpartialRules"),
        ("grundy.impartial.values", "ImpartialValues"),
        ("grundy.impartial.game", "ImpartialGame"),
    }
)


class ImpartialRules(Game["P | Sum"], Generic[P]):
    """The rules of an impartial game: :meth:`moves` and the optional hooks, with defaults.

    Subclass :class:`ImpartialGame`, not this: it answers the queries from these rules.

    Examples
    --------
    >>> from grundy.games import Bash
    >>> Bash(3).moves(5), Bash(3).defines("formula")
    ([4, 3, 2], True)
    """

    kind: ClassVar = "impartial"
    #: Why this game may not be part of a sum (empty: it may).
    sums_refused: str = ""

    # ----------------------------------------------------------------- the rules
    def moves(self, position: P) -> Iterable[P | Sum]:
        """Return the options of `position` (a ``Sum`` for an option that splits).

        Examples
        --------
        >>> from grundy.games import Kayles
        >>> Kayles.moves(3)
        [2, Sum(1, 1), 1]
        """
        raise NotImplementedError(f"{type(self).__name__} must define moves(position)")

    def formula(self, position: P) -> int | None:
        """Return the SG value of `position` by the game's own method, or None to search.

        A closed form (Bouton's XOR, Lasker's mod-4 rule), or a table the game computes
        faster than the generic search (the kernels of octal games). Searches use it at
        every position; ``grundy(position, use_formula=False)`` ignores it.

        Examples
        --------
        >>> from grundy.games import Bash
        >>> Bash(3).formula(10)
        2
        """
        return None

    def option_values(self, position: P, values: Mapping[Any, int]) -> Iterable[int]:
        """Return the SG values of the options of `position`, read from `values`.

        A hook for speed: the recurrence a hand-written DP loops over. ``values[q]`` is
        the SG value of any position q, computed when first read, and an option that
        splits is the XOR of its parts' values, so no option object is built. Read
        values by indexing: ``values.get(q)`` does not compute. A game that defines it
        is valued through it alone (``moves`` still gives options, winning moves and
        play), so it must give the values of exactly the options :meth:`moves` lists.
        The default reads the options of :meth:`moves`. It pays where positions have many
        options: rectangle cutting runs in 1.2-1.4x a bottom-up dict DP's time with it,
        3x with ``Sum`` options; with a handful of options, ``moves`` alone is as fast.

        Examples
        --------
        >>> class Cut(gr.ImpartialGame[tuple[int, int]]):  # a w x h bar into two bars
        ...     def moves(self, p):
        ...         w, h = p
        ...         return [gr.Sum((i, h), (w - i, h)) for i in range(1, w)] + [
        ...             gr.Sum((w, j), (w, h - j)) for j in range(1, h)]
        ...     def option_values(self, p, g):
        ...         w, h = p
        ...         return {g[i, h] ^ g[w - i, h] for i in range(1, w)} | {
        ...             g[w, j] ^ g[w, h - j] for j in range(1, h)}
        >>> game = Cut()
        >>> game.grundy((30, 40)), game.stats.positions
        (1, 1200)
        >>> game.winning_moves((3, 2))
        [Sum((1, 2), (2, 2)), Sum((3, 1), (3, 1))]
        """
        return {values[option] for option in self.moves(position)}

    def components(self, position: P) -> Sequence[P] | None:
        """Return the independent parts of `position`, or None if it is one part.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().components((3, 4, 5))
        (3, 4, 5)
        """
        return None

    def canonical(self, position: P) -> P:
        """Return a representative of `position`'s symmetry class (default: itself).

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().canonical((3, 0, 1))  # heaps commute, empty heaps add nothing
        (1, 3)
        """
        return position

    def assemble(self, parts: Sequence[P | Sum]) -> P | Sum:
        """Rebuild one position from parts (inverse of :meth:`components`).

        The default makes a :class:`Sum`; games with a ``components`` hook override it so
        that winning moves come back in the game's own notation.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().assemble([3, gr.Sum(1, 2)])
        (3, 1, 2)
        """
        return parts[0] if len(parts) == 1 else Sum(*parts)  # Sum() for no parts

    def position_at(self, *indices: int) -> P | Sum:
        """Return the position of a family indexed by integers, the one patterns search.

        ``grundy.patterns`` computes the values of ``position_at(n)`` (one index) or
        ``position_at(a, b)`` (two) and looks for a formula. The default is the index
        itself, or the tuple of indices: a heap of n, two heaps (a, b). Games whose
        natural family is another override it (a single coin at (a, b), an a x b
        rectangle).

        Examples
        --------
        >>> from grundy.games import Nim, Chomp
        >>> Nim().position_at(5), Nim().position_at(3, 4)
        (5, (3, 4))
        >>> Chomp().position_at(2, 3)   # 2 rows of 3 squares
        (3, 3)
        """
        return self.check_position(indices[0] if len(indices) == 1 else indices)

    def pattern_theorem(self, dims: int) -> tuple[str, str] | None:
        """Return the closed form a theorem gives for :meth:`position_at`, and its name.

        ``(formula, theorem)``, the formula written as ``grundy.patterns`` writes the
        expressions it finds (``"a ^ b"``, ``"n % 4"``); None when no theorem is known.
        A pattern search finds its formulas from the values alone; one that is this
        formula, and passes the mex check, is reported as proved by the theorem.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().pattern_theorem(2)
        ('a ^ b', "Bouton's theorem")
        """
        return None

    def pattern_offsets(self, dims: int) -> Sequence[tuple[int, ...]] | None:
        """Return the moves of the :meth:`position_at` family as offsets of its indices.

        A game that returns offsets V states that the options of ``position_at(*i)``
        are exactly the positions ``position_at(*(i + v))`` for v in V whose indices stay
        at or above the family's first indices, for every i: a king, a knight, a
        subtraction game in two heaps. A periodic pattern of such a game is then proved
        by a mex check on a finite window (the finite-window theorem of
        ``grundy.patterns``); the offsets are compared with the moves on that window.
        None (the default): the moves are not declared so.

        Examples
        --------
        >>> class King(gr.ImpartialGame):
        ...     def moves(self, p):
        ...         steps = self.pattern_offsets(2)
        ...         return [(p[0] + i, p[1] + j) for i, j in steps if p[0] + i >= 0 <= p[1] + j]
        ...     def pattern_offsets(self, dims):
        ...         return [(-1, 0), (0, -1), (-1, -1)]
        >>> King().options((0, 2))
        [(0, 1)]
        """
        return None

    def search_size(self, position: P) -> int | None:
        """Return a bound on the positions a search valuing `position` meets (None: unknown).

        `position` is one part (no ``Sum``) that :meth:`formula` does not value. A query
        whose search would exceed ``max_positions`` is refused at once with a
        ``PositionLimitError`` saying :meth:`search_refusal`, instead of running until
        the limit is hit. In misère play the sizes of a sum's parts multiply.

        Examples
        --------
        >>> from grundy.games import Wythoff
        >>> Wythoff().search_size((10, 20))  # the table of (a, b), a <= 10, b <= 20
        231
        """
        return None

    def search_refusal(self, position: P, size: int, limit: int) -> str:
        """Return why a search of `size` positions from `position` is refused (`limit`).

        The message of the ``PositionLimitError`` raised when :meth:`search_size` exceeds
        the limit in normal play; games say why they have no closed form there.

        Examples
        --------
        >>> from grundy.games import Chomp
        >>> Chomp().search_refusal((3, 3), 20, 10)  # doctest: +ELLIPSIS
        'Chomp(): no closed form is known, and a search of the 2 x 3 board visits ...'
        """
        return (
            f"{self!r}: no closed form here; a search for {self.format_position(position)} "
            f"needs about {size:,} positions, more than max_positions = {limit:,}"
        )

    def parse_position(self, tokens: Sequence[str]) -> P | Sum:
        """Read a position from command-line words (default: integers; several = a tuple).

        Examples
        --------
        >>> gr.ImpartialGame().parse_position(["3", "4"])
        (3, 4)
        """
        values = tuple(parse_int(t, f"{self!r}: position word") for t in tokens)
        if not values:
            raise InvalidPositionError(f"{self!r}: no position given")
        return values[0] if len(values) == 1 else values  # type: ignore[return-value]

    def position_to_json(self, position: P | Sum) -> Any:
        """Return `position` as a JSON value: tuples become lists, a Sum ``{"sum": [...]}``.

        Examples
        --------
        >>> gr.ImpartialGame().position_to_json((1, (2, 3)))
        [1, [2, 3]]
        """
        if isinstance(position, Sum):
            return {"sum": [self.position_to_json(p) for p in position.parts]}
        if isinstance(position, tuple | list | frozenset):
            return [self.position_to_json(p) for p in position]
        if isinstance(position, int | str | float | bool) or position is None:
            return position
        return repr(position)

    def format_position(self, position: P | Sum) -> str:
        """Write `position` as typed on the command line (the inverse of parse_position).

        Examples
        --------
        >>> gr.ImpartialGame().format_position((3, 4, 5))
        '3 4 5'
        """
        if isinstance(position, Sum):
            return " + ".join(f"({self.format_position(p)})" for p in position.parts)
        if isinstance(position, tuple):
            return " ".join(map(str, position)) if position else "(empty)"
        return str(position)

    def picture(self, position: P | Sum) -> Picture:
        """Draw `position` for a notebook; a ``Sum`` is its parts side by side, each
        drawn by this hook (see :meth:`grundy.Game.picture`).

        Examples
        --------
        >>> from grundy.games import Chomp
        >>> both = Chomp().picture(gr.Sum((2, 1), (3,)))
        >>> both.title, both.svg.count("<svg")
        ('Chomp(): (2 1) + (3)', 3)
        """
        if isinstance(position, Sum):
            parts = self.check_position(position).parts  # type: ignore[union-attr]  # a Sum checks as a Sum
            return beside(
                [self.picture(part) for part in parts],
                title=self.picture_title(position),
                what=f"{self!r}",
            )
        return super().picture(position)

    def describe_move(self, before: P | Sum, after: P | Sum) -> str:
        """Describe the move from `before` to `after` in words, for people.

        Examples
        --------
        >>> halve = gr.game_from_moves(lambda n: [n // 2] if n else [])
        >>> halve.describe_move(6, 3)
        '6 -> 3'
        """
        return f"{before!r} -> {after!r}"

    def parts(self, position: P | Sum) -> Sequence[P | Sum] | None:
        """Return the parts of a sum or of a position with components; None for one part.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().parts((3, 4)), Nim().parts(3)
        ((3, 4), None)
        """
        if isinstance(position, Sum):
            return position.parts
        found = self.components(position)
        if found is None or (len(found) == 1 and found[0] == position):
            return None
        return found

    def defines(self, hook: str) -> bool:
        """Return True if this game's class overrides the optional method `hook`.

        Examples
        --------
        >>> from grundy.games import Nim
        >>> Nim().defines("formula"), Nim().defines("canonical")
        (True, True)
        """
        cls = type(self)
        # The default is the hook of the first class of grundy's own chain (ImpartialGame
        # for every game; its bases here), which may itself define queries used as hooks.
        library = next(c for c in cls.__mro__ if (c.__module__, c.__qualname__) in _LIBRARY_CLASSES)
        return getattr(cls, hook) is not getattr(library, hook)
