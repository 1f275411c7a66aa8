"""``Nimber``: an int of the nim field with its arithmetic as operators (+ is XOR)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.integers import int_text
from .arithmetic import checked_nimber, nim_div, nim_inv, nim_mul, nim_pow, nim_sqrt

__all__ = ["Nimber"]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Nimber:
    """An immutable nimber with nim arithmetic operators.

    Parameters
    ----------
    value : int
        A non-negative integer (numpy integers and Nimbers accepted).

    Raises
    ------
    NimberError
        If ``value`` is negative, a bool, or not an integer.

    Notes
    -----
    ``+`` and ``-`` are both nim sum (XOR), ``*`` is :func:`nim_mul`, ``/`` is
    :func:`nim_div`, ``**`` takes an ordinary integer exponent (:func:`nim_pow`).
    Plain ints mix in and are read as nimbers; results are Nimbers. A Nimber equals
    (and hashes like) the int of the same value. No ordering: the nim field is not
    ordered.

    Examples
    --------
    >>> from grundy.nimbers import Nimber
    >>> x = Nimber(2)
    >>> x * x, x + 3, 5 * Nimber(3), x / 3
    (Nimber(3), Nimber(1), Nimber(15), Nimber(3))
    >>> x ** 3 == 1, int(Nimber(7)), Nimber(4) - Nimber(4)
    (True, 7, Nimber(0))
    """

    value: int

    def __post_init__(self) -> None:
        v = self.value
        if type(v) is not int or v < 0:
            object.__setattr__(self, "value", checked_nimber(v, "Nimber"))

    def __repr__(self) -> str:
        return f"Nimber({int_text(self.value)})"  # any size: past 4,300 digits too

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Nimber):
            return self.value == other.value
        if isinstance(other, int) and not isinstance(other, bool):
            return self.value == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)  # equal to the equal int's hash

    def __int__(self) -> int:
        return self.value

    def __index__(self) -> int:
        return self.value

    def __bool__(self) -> bool:
        return self.value != 0

    def __neg__(self) -> Nimber:
        return self  # a ⊕ a = 0

    def __pos__(self) -> Nimber:
        return self

    def __add__(self, other: Nimber | int) -> Nimber:
        o = _other(other, "Nimber +")
        if o is NotImplemented:
            return NotImplemented
        return Nimber(self.value ^ o)

    __radd__ = __add__
    __sub__ = __add__
    __rsub__ = __add__

    def __mul__(self, other: Nimber | int) -> Nimber:
        o = _other(other, "Nimber *")
        if o is NotImplemented:
            return NotImplemented
        return Nimber(nim_mul(self.value, o))

    __rmul__ = __mul__

    def __truediv__(self, other: Nimber | int) -> Nimber:
        o = _other(other, "Nimber /")
        if o is NotImplemented:
            return NotImplemented
        return Nimber(nim_div(self.value, o))

    def __rtruediv__(self, other: Nimber | int) -> Nimber:
        o = _other(other, "Nimber /")
        if o is NotImplemented:
            return NotImplemented
        return Nimber(nim_div(o, self.value))

    def __pow__(self, e: int) -> Nimber:
        if isinstance(e, Nimber | bool) or not hasattr(e, "__index__"):
            return NotImplemented  # an exponent is an ordinary integer, not a nimber
        return Nimber(nim_pow(self.value, e))

    def inverse(self) -> Nimber:
        """The nim inverse (:func:`nim_inv`)."""
        return Nimber(nim_inv(self.value))

    def sqrt(self) -> Nimber:
        """The nim square root (:func:`nim_sqrt`)."""
        return Nimber(nim_sqrt(self.value))


def _other(x: Any, func: str) -> Any:
    """The int value of the other operand of a Nimber operator, or NotImplemented."""
    if isinstance(x, Nimber):
        return x.value
    if isinstance(x, bool) or not hasattr(x, "__index__"):
        return NotImplemented
    return checked_nimber(x, func)
