"""Nim-field arithmetic on ints: sum, product, powers, inverse, square root, of any size."""

from __future__ import annotations

import operator
from typing import Any

from ..core.errors import NimberError, NimberZeroDivisionError
from ..core.integers import shown
from ._field import (
    _EXP,
    _LOG,
    _build_tables,
    _inv,
    _mul,
    _mul64,
    _mul_big,
    _nbits,
    _sq,
    _sqrt,
)

__all__ = [
    "nim_sum",
    "nim_mul",
    "nim_square",
    "nim_pow",
    "nim_inv",
    "nim_div",
    "nim_sqrt",
    "field_bits",
    "checked_nimber",
]

# ---------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------

NOT_NIMBER = "nimbers are non-negative integers"

#: :func:`nim_pow` refuses a power that needs more table lookups than this (about 5 s:
#: any exponent in a field of 2,048 bits, a 4,000-digit base ran for ~10 minutes).
POW_MAX_LOOKUPS = 10**7


def checked_nimber(x: Any, func: str) -> int:
    """x as a non-negative Python int (numpy integers accepted), else NimberError."""
    if type(x) is not int:
        if isinstance(x, bool):
            raise NimberError(f"{func}: operand {x!r} is a bool, not an integer; {NOT_NIMBER}")
        try:
            x = operator.index(x)
        except TypeError:
            raise NimberError(
                f"{func}: operand {shown(x)} ({type(x).__name__}) is not an integer; {NOT_NIMBER}"
            ) from None
    if x < 0:
        raise NimberError(f"{func}: operand {shown(x)} is negative; {NOT_NIMBER}")
    return x


def _exponent(e: Any, func: str) -> int:
    """An ordinary integer exponent (any sign), else NimberError."""
    if type(e) is int:
        return e
    if not isinstance(e, bool):
        try:
            return operator.index(e)
        except TypeError:
            pass
    raise NimberError(f"{func}: exponent {shown(e)} ({type(e).__name__}) is not an integer")


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def nim_sum(*values: int) -> int:
    """Nim sum (XOR) of any number of nimbers.

    Parameters
    ----------
    *values : int
        Non-negative integers (numpy integers accepted).

    Returns
    -------
    int
        The XOR of all values; ``nim_sum()`` is 0, the additive identity.

    Raises
    ------
    NimberError
        If a value is negative, a bool, or not an integer.

    Notes
    -----
    Nim addition is carry-free binary addition, so every nimber is its own negative:
    ``nim_sum(a, a) == 0``. By the Sprague-Grundy theorem the nim sum of the Grundy
    values of independent games is the Grundy value of their disjunctive sum.

    Examples
    --------
    >>> from grundy.nimbers import nim_sum
    >>> nim_sum(3, 5, 6)
    0
    >>> nim_sum(1, 2), nim_sum()
    (3, 0)
    """
    s = 0
    for v in values:
        if type(v) is not int or v < 0:
            v = checked_nimber(v, "nim_sum")
        s ^= v
    return s


def nim_mul(a: int, b: int) -> int:
    """Nim product ``a ⊗ b`` of two nimbers of any size.

    Parameters
    ----------
    a, b : int
        Non-negative integers (numpy integers accepted).

    Returns
    -------
    int
        The nim product; it lies in the smallest nim field GF(2^(2^k)) holding both
        operands, i.e. it is ``< 2**field_bits(a, b)``.

    Raises
    ------
    NimberError
        If an operand is negative, a bool, or not an integer.

    Notes
    -----
    The integers below 2^(2^k) form the field GF(2^(2^k)) under nim sum and nim
    product (Conway, *On Numbers and Games*, ch. 6). With a Fermat 2-power
    X = 2^(2^(k-1)) and H = X/2 one has X ⊗ X = X ⊕ H, hence with c = a1⊗b1,
    d = a0⊗b0, e = (a1⊕a0)⊗(b1⊕b0) (Karatsuba):
    ``(a1 X ⊕ a0) ⊗ (b1 X ⊕ b0) = (e ⊕ d) X ⊕ (d ⊕ c⊗H)``.
    The recursion stops at 16 bits, where discrete log/exp tables of GF(2^16) (built
    once, ~40 ms, ~8 MB) give each product in three lookups. A 64-bit product costs
    9 such lookups (about 2-3 µs in CPython); n-bit operands cost O(n^1.585) of them.
    For numpy arrays use :func:`nim_mul_array`.

    Examples
    --------
    >>> from grundy.nimbers import nim_mul
    >>> nim_mul(2, 2), nim_mul(2, 3), nim_mul(4, 4)
    (3, 1, 6)
    >>> nim_mul(2**32, 2**32)
    6442450944
    >>> nim_mul(2**64, 2**64) == 2**64 ^ 2**63
    True
    """
    if type(a) is not int or a < 0:
        a = checked_nimber(a, "nim_mul")
    if type(b) is not int or b < 0:
        b = checked_nimber(b, "nim_mul")
    if not _EXP:
        _build_tables()
    m = a | b
    if m < 0x10000:
        return _EXP[_LOG[a] + _LOG[b]]
    if m < 0x10000000000000000:
        return _mul64(a, b)
    return _mul_big(a, b, _nbits(m))


def nim_square(a: int) -> int:
    """Nim square ``a ⊗ a``.

    Parameters
    ----------
    a : int
        A non-negative integer.

    Returns
    -------
    int
        ``nim_mul(a, a)``, computed about 2x faster (4 instead of 9 table products at
        64 bits).

    Raises
    ------
    NimberError
        If ``a`` is negative, a bool, or not an integer.

    Notes
    -----
    In characteristic 2 squaring is the Frobenius map, GF(2)-linear and bijective;
    ``(a1 X ⊕ a0)^2 = a1^2 X ⊕ (a0^2 ⊕ a1^2 ⊗ H)`` needs two squares per level.
    Values: OEIS A006042.

    Examples
    --------
    >>> from grundy.nimbers import nim_square
    >>> [nim_square(n) for n in range(8)]
    [0, 1, 3, 2, 6, 7, 5, 4]
    """
    a = checked_nimber(a, "nim_square")
    if not _EXP:
        _build_tables()
    return _sq(a)


def nim_pow(a: int, e: int) -> int:
    """Nim power ``a ⊗ a ⊗ ... ⊗ a`` (``e`` factors).

    Parameters
    ----------
    a : int
        A non-negative integer, the base.
    e : int
        An ordinary integer exponent. ``e < 0`` means the ``-e``-th power of the nim
        inverse of ``a``. ``nim_pow(a, 0) == 1`` for every ``a``, including 0.

    Returns
    -------
    int
        The power, in the field of ``a``.

    Raises
    ------
    NimberError
        If ``a`` is not a nimber or ``e`` is not an integer.
    NimberZeroDivisionError
        If ``a == 0`` and ``e < 0``.

    Notes
    -----
    Square-and-multiply after reducing ``e`` modulo 2^n - 1, the order of the
    multiplicative group of the field GF(2^n) of ``a`` (Lagrange): O(n) products.

    Examples
    --------
    >>> from grundy.nimbers import nim_pow
    >>> nim_pow(2, 3)
    1
    >>> nim_pow(16, 2), nim_pow(16, -1), nim_pow(0, 0)
    (24, 170, 1)
    """
    a = checked_nimber(a, "nim_pow")
    e = _exponent(e, "nim_pow")
    if not _EXP:
        _build_tables()
    if e < 0:
        if a == 0:
            raise NimberZeroDivisionError(f"nim_pow: 0 raised to the negative power {shown(e)}")
        a = _inv(a)
        e = -e
    if a <= 1:
        return 1 if e == 0 else a
    bits = _nbits(a)
    e %= (1 << bits) - 1
    # ~2 products a bit of e, each ~(bits / 16)^1.585 table lookups (Karatsuba to 16 bits)
    lookups = 2 * e.bit_length() * max(1, bits // 16) ** 1.585
    if lookups > POW_MAX_LOOKUPS:
        raise NimberError(
            f"nim_pow: a {bits:,}-bit power of {shown(a)} needs ~{lookups:.0e} table lookups, "
            f"more than POW_MAX_LOOKUPS = {POW_MAX_LOOKUPS:.0e} (a field of 2,048 bits takes "
            "~3 s; 4,096 bits ~20 s)"
        )
    result = 1
    while e:
        if e & 1:
            result = _mul(result, a)
        e >>= 1
        if e:
            a = _sq(a)
    return result


def nim_inv(a: int) -> int:
    """Nim inverse: the ``x`` with ``a ⊗ x == 1``.

    Parameters
    ----------
    a : int
        A positive integer.

    Returns
    -------
    int
        The inverse, in the field of ``a`` (OEIS A051917).

    Raises
    ------
    NimberError
        If ``a`` is negative, a bool, or not an integer.
    NimberZeroDivisionError
        If ``a == 0``.

    Notes
    -----
    Recursive norm map: for ``a = a1 X ⊕ a0`` the conjugate ``a1 X ⊕ (a0 ⊕ a1)`` has
    ``a ⊗ conj(a) = N = a0 ⊗ (a0 ⊕ a1) ⊕ a1^2 ⊗ H`` in the half field, so
    ``1/a = conj(a) ⊗ (1/N)``; at 16 bits a log-table lookup. About the cost of three
    products, much less than Fermat's ``a^(2^n - 2)``.

    Examples
    --------
    >>> from grundy.nimbers import nim_inv, nim_mul
    >>> nim_inv(2), nim_inv(4)
    (3, 15)
    >>> nim_mul(123456789, nim_inv(123456789))
    1
    """
    a = checked_nimber(a, "nim_inv")
    if a == 0:
        raise NimberZeroDivisionError("nim_inv: the nimber 0 has no inverse")
    if not _EXP:
        _build_tables()
    return _inv(a)


def nim_div(a: int, b: int) -> int:
    """Nim quotient ``a ⊗ b^(-1)``.

    Parameters
    ----------
    a : int
        A non-negative integer, the dividend.
    b : int
        A positive integer, the divisor.

    Returns
    -------
    int
        The ``x`` with ``nim_mul(x, b) == a``.

    Raises
    ------
    NimberError
        If an operand is negative, a bool, or not an integer.
    NimberZeroDivisionError
        If ``b == 0``.

    Notes
    -----
    One :func:`nim_inv` and one :func:`nim_mul`.

    Examples
    --------
    >>> from grundy.nimbers import nim_div, nim_mul
    >>> nim_div(1, 2)
    3
    >>> nim_mul(nim_div(1000, 77), 77)
    1000
    """
    a = checked_nimber(a, "nim_div")
    b = checked_nimber(b, "nim_div")
    if b == 0:
        raise NimberZeroDivisionError(f"nim_div: division of {shown(a)} by the nimber 0")
    if not _EXP:
        _build_tables()
    return _mul(a, _inv(b))


def nim_sqrt(a: int) -> int:
    """Nim square root: the unique ``s`` with ``s ⊗ s == a``.

    Parameters
    ----------
    a : int
        A non-negative integer.

    Returns
    -------
    int
        The square root, in the field of ``a`` (OEIS A160679).

    Raises
    ------
    NimberError
        If ``a`` is negative, a bool, or not an integer.

    Notes
    -----
    In characteristic 2 squaring is a field automorphism, so every nimber has exactly
    one square root, ``a^(2^(n-1))`` in GF(2^n). Computed level by level instead:
    ``sqrt(a1 X ⊕ a0) = sqrt(a1) X ⊕ sqrt(a0 ⊕ a1 ⊗ H)``, at 16 bits by halving the
    discrete log modulo 65535. Cost O(n^1.585) lookups, like one product.

    Examples
    --------
    >>> from grundy.nimbers import nim_sqrt
    >>> [nim_sqrt(n) for n in range(8)]
    [0, 1, 3, 2, 7, 6, 4, 5]
    """
    a = checked_nimber(a, "nim_sqrt")
    if not _EXP:
        _build_tables()
    return _sqrt(a)


def field_bits(*values: int) -> int:
    """Bit size ``2^k`` of the smallest nim field GF(2^(2^k)) holding all values.

    Parameters
    ----------
    *values : int
        Non-negative integers.

    Returns
    -------
    int
        1, 2, 4, 8, 16, ...: the least ``n = 2^k`` with every value ``< 2**n``
        (0 and 1 live in GF(2), so 1 also for no values).

    Raises
    ------
    NimberError
        If a value is negative, a bool, or not an integer.

    Notes
    -----
    The nim fields are exactly the sets {0, ..., 2^(2^k) - 1}; the nim sum, product,
    inverse and square root of elements of one of them stay in it.

    Examples
    --------
    >>> from grundy.nimbers import field_bits
    >>> field_bits(0), field_bits(1), field_bits(2), field_bits(15), field_bits(16)
    (1, 1, 2, 4, 8)
    >>> field_bits(3, 2**64 - 1)
    64
    """
    m = 0
    for v in values:
        m |= checked_nimber(v, "field_bits")
    return _nbits(m)
