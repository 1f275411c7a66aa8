"""Misère play the modern way: genus, misère canonical forms and misère quotients."""

from .canonical import MAX_NIM_HEAP, MisereGame, misere_canonical, nim_heap
from .genus import Genus, GenusSearch, genus, genus_sequence
from .notation import format_game, parse, text_length
from .positions import from_position
from .quotient import MisereQuotient, misere_quotient
from .quotient_check import QuotientCheck, verify_quotient

__all__ = [
    "MAX_NIM_HEAP",
    "Genus",
    "GenusSearch",
    "MisereGame",
    "MisereQuotient",
    "QuotientCheck",
    "format_game",
    "from_position",
    "genus",
    "genus_sequence",
    "misere_canonical",
    "misere_quotient",
    "nim_heap",
    "parse",
    "text_length",
    "verify_quotient",
]
