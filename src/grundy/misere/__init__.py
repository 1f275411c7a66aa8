"""Misère play the modern way: genus, misère canonical forms and misère quotients."""
