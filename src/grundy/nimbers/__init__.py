"""Nimbers: Conway's nim field on the non-negative integers, exact at any size.

``nim_sum`` is XOR; ``nim_mul`` and its kin are the field's product, powers, inverse and
square root; ``Nimber`` wraps an int with them as operators; ``nim_mul_array`` multiplies
numpy arrays of 64-bit nimbers with a compiled kernel (numpy is imported only then).

Examples
--------
>>> from grundy.nimbers import Nimber, nim_mul
>>> nim_mul(2, 2), Nimber(2) * Nimber(3)
(3, Nimber(1))
"""

from .arithmetic import (
    POW_MAX_LOOKUPS,
    field_bits,
    nim_div,
    nim_inv,
    nim_mul,
    nim_pow,
    nim_sqrt,
    nim_square,
    nim_sum,
)
from .arrays import nim_mul_array
from .nimber import Nimber

__all__ = [
    "POW_MAX_LOOKUPS",
    "Nimber",
    "field_bits",
    "nim_div",
    "nim_inv",
    "nim_mul",
    "nim_mul_array",
    "nim_pow",
    "nim_sqrt",
    "nim_square",
    "nim_sum",
]
