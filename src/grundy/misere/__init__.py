"""Misère play the modern way: genus, misère canonical forms and misère quotients."""

from .genus import Genus, GenusSearch, genus, genus_sequence

__all__ = ["Genus", "GenusSearch", "genus", "genus_sequence"]
