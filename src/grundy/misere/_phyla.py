"""Phyla of misère canonical forms: tame, restive, restless, tameable or wild (CGSuite)."""

from __future__ import annotations

from ._arithmetic import even_part, postorder, twin
from ._form import Form, mex

__all__ = ["PHYLA", "phylum"]

# The phyla of CGSuite's MisereCanonicalGameOps (Dan Hoey), in its order: how simple the
# misère theory of a game is. The "wild of ... genus" ones are only transient.
NIMHEAP, HERED_TAME, REV_TAME, TAMEABLE, WILD_TAME_GENUS = 0, 1, 2, 3, 4
HERED_RESTIVE, REV_RESTIVE, WILD_RESTIVE_GENUS, RESTLESS, WILD_RESTLESS_GENUS, WILD = range(5, 11)
_HEREDITARILY_TAME = frozenset({NIMHEAP, HERED_TAME})
_GENERALLY_TAME = frozenset({NIMHEAP, HERED_TAME, REV_TAME})
_TAMEABLE = frozenset({NIMHEAP, HERED_TAME, REV_TAME, TAMEABLE})
_RESTIVE_OR_TAME = frozenset({NIMHEAP, HERED_TAME, REV_TAME, HERED_RESTIVE, REV_RESTIVE})
_WILD = frozenset({WILD_TAME_GENUS, WILD_RESTIVE_GENUS, WILD_RESTLESS_GENUS, WILD})

#: The classes the MisereGame properties ask about, by name.
PHYLA: dict[str, frozenset[int]] = {
    "hereditarily tame": _HEREDITARILY_TAME,
    "generally tame": _GENERALLY_TAME,
    "tameable": _TAMEABLE,
    "hereditarily restive": frozenset({HERED_RESTIVE}),
    "generally restive": frozenset({HERED_RESTIVE, REV_RESTIVE}),
    "restless": frozenset({RESTLESS}),
}


def phylum(game: Form) -> int:
    """The phylum of `game` (one of the constants above), CGSuite's classification."""
    if game._phylum < 0:
        twin(game)
        for g in postorder(game, lambda x: x._phylum < 0):
            g._phylum = g._twin._phylum if g._odd else _even_phylum(g)  # type: ignore[union-attr]
    return game._phylum


def _even_phylum(game: Form) -> int:
    """The phylum of an even game, from its options' and second options' phyla.

    Ported from CGSuite's ``makeGameRecord`` (facts, not code): first from G+, G- and
    the wildest option; then, for games of tame or restive genus whose options are not
    all tame, the reversibility tests through second options.
    """
    plus, minus = game._plus, game._minus
    wildest = max((even_part(o)._phylum for o in game._options), default=NIMHEAP)
    if plus == minus or (plus | minus) & ~1 == 0:
        kind = WILD_TAME_GENUS
    elif plus < 2:
        kind = WILD_RESTIVE_GENUS
    elif minus < 2:
        kind = WILD_RESTLESS_GENUS
    else:
        kind = WILD
    if wildest == NIMHEAP and kind == WILD_TAME_GENUS and (plus > 1 or plus != minus):
        return NIMHEAP
    if wildest in (NIMHEAP, HERED_TAME) and kind in (WILD_TAME_GENUS, WILD_RESTIVE_GENUS):
        return HERED_TAME if kind == WILD_TAME_GENUS else HERED_RESTIVE
    if wildest in (NIMHEAP, HERED_TAME, REV_TAME):
        if kind == WILD_TAME_GENUS:
            return REV_TAME
        if kind == WILD_RESTIVE_GENUS:
            return REV_RESTIVE
        if kind == WILD_RESTLESS_GENUS:
            return RESTLESS
    if kind in (WILD_TAME_GENUS, WILD_RESTIVE_GENUS):
        kind = _reversible_phylum(game, kind)
    return WILD if kind in _WILD else kind


def _reversible_phylum(game: Form, kind: int) -> int:
    """Reversibly tame, tameable or reversibly restive, or `kind` (wild) if none."""
    plus, minus = game._plus, game._minus
    tame_plus: set[int] = set()
    tame_minus: set[int] = set()
    tameable_plus: set[int] = set()
    tameable_minus: set[int] = set()
    possible = [REV_TAME, TAMEABLE] if kind == WILD_TAME_GENUS else [REV_RESTIVE]
    for option in game._options:  # the order does not change the answer
        even = even_part(option)
        odd = option._odd
        option_phylum = even._phylum
        if option_phylum in _GENERALLY_TAME:
            tame_plus.add(even._plus ^ odd)
            tame_minus.add(even._minus ^ odd)
            continue
        minus_tameable = plus_tameable = False
        if TAMEABLE in possible and option_phylum == TAMEABLE:
            tameable_minus.add(even._minus)  # CGSuite adds these without the parity
            tameable_plus.add(even._plus)
            minus_tameable = plus_tameable = True
        minus_found = plus_found = False
        for second in option._options:
            p = even_part(second)._phylum
            if not (
                p in _GENERALLY_TAME
                or (REV_RESTIVE in possible and p in _RESTIVE_OR_TAME)
                or (TAMEABLE in possible and p in _TAMEABLE)
            ):
                continue
            s_minus, s_plus = second._minus, second._plus
            if p in _GENERALLY_TAME and kind == WILD_TAME_GENUS:
                minus_found |= minus == s_minus
                plus_found |= plus == s_plus
            elif p in _RESTIVE_OR_TAME and kind == WILD_RESTIVE_GENUS:
                minus_found |= minus == s_minus and (s_plus & ~1 == 0 or (s_plus ^ minus) & ~1 == 0)
                plus_found |= plus == s_plus and (s_minus & ~1 == 0 or (s_minus ^ minus) & ~1 == 0)
            elif p == TAMEABLE and TAMEABLE in possible:
                minus_tameable |= minus == s_minus
                plus_tameable |= plus == s_plus
        if not (minus_found and plus_found):
            possible = [p for p in possible if p not in (REV_TAME, REV_RESTIVE)]
            if not (minus_tameable and plus_tameable):
                possible = [p for p in possible if p != TAMEABLE]
            if not possible:
                break
    if possible:
        if plus != mex(tame_plus) or minus != mex(tame_minus):
            possible = [p for p in possible if p not in (REV_TAME, REV_RESTIVE)]
        if TAMEABLE in possible:
            tame_plus |= tameable_plus
            tame_minus |= tameable_minus
            if (plus != mex(tame_plus) or minus != mex(tame_minus)) and (tame_plus or plus > 0):
                possible.remove(TAMEABLE)
        if possible:
            return possible[0]
    return kind
