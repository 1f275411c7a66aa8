"""Parts, partitions and differences of misère canonical forms; links and distinguishers."""

from __future__ import annotations

from collections.abc import Sequence

from ._arithmetic import (
    add,
    compare,
    even_part,
    is_odd,
    mate,
    ready,
    sort_games,
    sorted_options,
    twin,
)
from ._form import ONE, ZERO, Form, canonical
from ._steps import Steps, run

__all__ = [
    "two_partitions",
    "proper_parts",
    "partitions",
    "is_prime",
    "is_extraverted",
    "subtract",
    "distinguisher",
    "is_linked",
    "link",
]


def _index(items: Sequence[Form], game: Form) -> int:
    for i, item in enumerate(items):
        if item is game:
            return i
    return -1


def _or_odd(game: Form, odd: bool) -> Form:
    """CGSuite's ``id | parity``: the odd one of `game` and `game` + *1 when `odd`."""
    if not odd or is_odd(game):
        return game
    return twin(game)


# --------------------------------------------------------------------- parts
def two_partitions(game: Form) -> tuple[Form, ...]:
    """The ways to split the even part E of `game` as X + Y, flat: (0, E, X1, Y1, ...).

    Siegel's algorithm, as CGSuite runs it (facts, not code): E is prime at once if an
    option is 0 or *1, or if it has three prime options (an option and the option + *1
    counting once); otherwise a part X of E comes from the parts of E's options, either
    of type 1 (every option of X, less a part, and every option of E, less X, exist:
    Y = {E' - X, E - X'}) or of type 2 (Y found among the options' parts and checked
    option by option), repeated until nothing new is found.
    """
    return run(_two_partitions(even_part(game)))


def _two_partitions(game: Form) -> Steps[tuple[Form, ...]]:
    if game._partitions is not None:
        return game._partitions
    found: list[Form] = [ZERO, game]
    options = sorted_options(game)
    option_parts: list[tuple[Form, ...]] = []
    primes = 0
    for option in options:
        even = even_part(option)
        if even is ZERO:  # an option 0 or *1: prime
            primes = 3
            break
        parts_of_option = yield _two_partitions(even)
        option_parts.append(parts_of_option)
        if len(parts_of_option) == 2 and (not option._odd or even not in game._options):
            primes += 1
            if primes >= 3:
                break
    if primes < 3:
        candidates = sort_games({x for op in option_parts for x in op})
        changed = True
        while changed:
            changed = False
            for x in candidates:
                if _index(found, x) >= 0:
                    continue
                y = _partner(game, x, found, options, option_parts)
                if y is not None:
                    found += [x, y]
                    changed = True
    game._partitions = tuple(found)
    return game._partitions


def _partner(
    game: Form,
    x: Form,
    found: list[Form],
    options: Sequence[Form],
    option_parts: Sequence[tuple[Form, ...]],
) -> Form | None:
    """Y with `game` = x + Y from what is known, or None."""
    x_options = sorted_options(x)
    type1: list[Form] = []
    candidates: list[Form] = []
    is_type1 = True
    for xo in x_options:
        i = _index(found, even_part(xo))
        if i < 0:
            is_type1 = False
            for op in option_parts:  # every G' with this X' as a part
                k = _index(op, even_part(xo))
                if k >= 0:
                    candidates.append(op[k ^ 1])
            break
        type1.append(_or_odd(found[i ^ 1], xo._odd))
    if is_type1:
        for option, op in zip(options, option_parts, strict=True):
            k = _index(op, x)
            if k < 0:
                is_type1 = False
                for xo in x_options:  # every X' that is a part of this G'
                    k2 = _index(op, even_part(xo))
                    if k2 >= 0:
                        candidates.append(op[k2 ^ 1])
                break
            type1.append(_or_odd(op[k ^ 1], option._odd))
    if is_type1:
        return canonical(frozenset(type1))  # Y = {G' - X, G - X'}
    for y in candidates:
        if _is_type2(x, y, x_options, found, options, option_parts):
            return y
    return None


def _is_type2(
    x: Form,
    y: Form,
    x_options: Sequence[Form],
    found: list[Form],
    options: Sequence[Form],
    option_parts: Sequence[tuple[Form, ...]],
) -> bool:
    y_options = sorted_options(y)
    for option, op in zip(options, option_parts, strict=True):
        k = _index(op, x)
        if k >= 0 and _index(y_options, _or_odd(op[k ^ 1], option._odd)) >= 0:
            continue
        k = _index(op, y)
        if k >= 0 and _index(x_options, _or_odd(op[k ^ 1], option._odd)) >= 0:
            continue
        return False
    for xo in x_options:
        k = _index(found, even_part(xo))
        if k >= 0 and _index(y_options, _or_odd(found[k ^ 1], xo._odd)) >= 0:
            continue
        if not any(
            (k2 := _index(op, y)) >= 0 and xo is _or_odd(op[k2 ^ 1], option._odd)
            for option, op in zip(options, option_parts, strict=True)
        ):
            return False
    for yo in y_options:
        k = _index(found, even_part(yo))
        if k >= 0:
            target = even_part(_or_odd(found[k ^ 1], yo._odd))
            if any(even_part(xo) is target for xo in x_options):  # parity ignored here
                continue
        if not any(
            (k2 := _index(op, x)) >= 0 and yo is _or_odd(op[k2 ^ 1], option._odd)
            for option, op in zip(options, option_parts, strict=True)
        ):
            return False
    return True


def proper_parts(game: Form) -> tuple[Form, ...]:
    """The even parts of `game` other than 0 and its even part, in CGSuite's order."""
    flat = two_partitions(game)
    found: list[Form] = []
    for i in range(2, len(flat), 2):
        found.append(flat[i])
        if flat[i + 1] is not flat[i]:
            found.append(flat[i + 1])
    return tuple(found)


def _prime_parts(game: Form) -> list[Form]:
    flat = two_partitions(game)
    found: list[Form] = []
    for i in range(0, len(flat), 2):
        if is_prime(flat[i]):
            found.append(flat[i])
        if flat[i + 1] is not flat[i] and is_prime(flat[i + 1]):
            found.append(flat[i + 1])
    return found


def is_prime(game: Form) -> bool:
    """Whether `game` is neither 0 nor *1 and its even part has no proper part."""
    return game is not ZERO and game is not ONE and len(two_partitions(game)) == 2


def is_extraverted(game: Form) -> bool:
    """Whether `game` is a part of {`game`}."""
    return subtract(canonical(frozenset({game})), game) is not None


def subtract(game: Form, part: Form) -> Form | None:
    """X with X + `part` = `game`, or None."""
    flat = two_partitions(game)
    i = _index(flat, even_part(part))
    if i < 0:
        return None
    return _or_odd(flat[i ^ 1], is_odd(game) ^ is_odd(part))


def partitions(game: Form) -> tuple[tuple[Form, ...], ...]:
    """Every sum of even primes, in CGSuite's order (not decreasing), equal to `game`,
    with *1 added when `game` is odd."""
    found: list[tuple[Form, ...]] = []
    stack: list[tuple[Form, tuple[Form, ...], list[Form] | None]] = [(game, (), None)]
    while stack:
        rest, partial, primes = stack.pop()
        if rest is ZERO or rest is ONE:
            found.append(partial + ((ONE,) if rest is ONE else ()))
            continue
        if primes is None:
            primes = _prime_parts(rest)
            for prime in primes:
                ready(prime)  # compare reads what ready computes
        # depth first, in order: the remaining primes wait under the first one
        for i, prime in enumerate(primes):
            if not partial or compare(partial[-1], prime) <= 0:
                stack.append((rest, partial, primes[i + 1 :]))
                difference = subtract(rest, prime)
                assert difference is not None
                stack.append((difference, (*partial, prime), None))
                break
    return tuple(found)


# --------------------------------------------------------------------- links
# Where no answer exists these return None: the caller says why, in the notation of the
# games (written by _printing.py, which builds on this module).
def distinguisher(game: Form, other: Form) -> Form | None:
    """T with `game` + T a misère P-position and `other` + T an N-position; None if the
    games are equal (nothing tells them apart)."""
    if game is other:
        return None
    memo: dict[tuple[Form, Form], Form] = {}
    found = run(_distinguish_pn(game, other, memo))
    assert found is not None
    return found


def is_linked(game: Form, other: Form) -> bool:
    """Whether some T makes `game` + T and `other` + T misère P-positions: exactly when
    neither is an option of the other (Conway)."""
    return other not in game._options and game not in other._options


def link(game: Form, other: Form) -> Form | None:
    """T with `game` + T and `other` + T misère P-positions; None if there is none (one
    is an option of the other)."""
    memo: dict[tuple[Form, Form], Form] = {}
    return run(_find_link(game, other, memo))


def _pair(a: Form, b: Form) -> tuple[Form, Form]:
    return (a, b) if id(a) <= id(b) else (b, a)


def _distinguish_pn(
    game: Form, other: Form, memo: dict[tuple[Form, Form], Form]
) -> Steps[Form | None]:
    found = yield _distinguish(game, other, memo)
    if found is None or add(found, game)._minus == 0:
        return found
    # T + game is N: {mates of game's options, T} makes game + it a P-position
    return canonical(frozenset([*(mate(o) for o in sorted_options(game)), found]))


def _distinguish(
    game: Form, other: Form, memo: dict[tuple[Form, Form], Form]
) -> Steps[Form | None]:
    if game is other:
        return None
    if (game is ZERO and other._minus == 0) or (other is ZERO and game._minus == 0):
        return ZERO
    key = _pair(game, other)
    if key in memo:
        return memo[key]
    for a, b in ((game, other), (other, game)):
        for option in sorted_options(a):
            found = yield _find_link(b, option, memo)
            if found is not None:
                memo[key] = found
                return found
    raise AssertionError(f"no distinguisher of {game} and {other}")  # pragma: no cover


def _find_link(game: Form, other: Form, memo: dict[tuple[Form, Form], Form]) -> Steps[Form | None]:
    if game is ZERO and other is ZERO:
        return ONE
    if not is_linked(game, other):
        return None
    # T = {G' -> a P-position with G', N with H; H' -> likewise}: G + T and H + T are P.
    # CGSuite computes G's options last to first, then H's: the memo sees that order.
    firsts = []
    for option in reversed(sorted_options(game)):
        firsts.append((yield _distinguish_pn(option, other, memo)))
    seconds = []
    for option in sorted_options(other):
        seconds.append((yield _distinguish_pn(option, game, memo)))
    return canonical(frozenset([*seconds, *firsts]))
