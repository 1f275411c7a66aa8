"""``grundy nim``: nimber arithmetic from the shell (``sum``, ``mul``, ``inv``, ``sqrt``,
``pow``) on integers of any size, written in decimal, hex, octal or binary."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Annotated

import typer

from .. import nimbers
from ..core.errors import NimberError
from ..core.integers import MAX_DIGITS, parse_int, shown
from .parsing import _Command, _Group
from .shared import ACCEPT_NEGATIVE, JsonFlag, print_json, reports_errors

__all__ = ["nim_app", "nim_command", "parse_nimber"]

nim_app = typer.Typer(
    cls=_Group, no_args_is_help=True, help="Nimber arithmetic (nim-sum, nim-product...)."
)


#: Prefixes of the operands written in another base than ten, and their digits.
_BASES = {"0x": (16, "0123456789abcdef"), "0o": (8, "01234567"), "0b": (2, "01")}


def parse_nimber(text: str) -> int:
    """Read an integer operand: decimal (:func:`grundy.core.integers.parse_int`), or
    0x.../0o.../0b... in ASCII digits, up to ``MAX_DIGITS`` digits.

    Examples
    --------
    >>> parse_nimber("12"), parse_nimber("0xFF"), parse_nimber("-0b11")
    (12, 255, -3)
    """
    body = text.strip()
    sign = body[:1] if body[:1] in ("+", "-") else ""
    base, digits = _BASES.get(body[len(sign) : len(sign) + 2].lower(), (10, ""))
    if base == 10:
        return parse_int(text, "operand", error=NimberError)
    rest = body[len(sign) + 2 :].lower()
    if not rest or not set(rest) <= set(digits):
        raise NimberError(f"operand {shown(text)} is not an integer")
    if len(rest) > MAX_DIGITS:
        raise NimberError(f"operand {shown(text)} has more than {MAX_DIGITS:,} digits")
    value = int(rest, base)  # a power of two: no int-string limit
    return -value if sign == "-" else value


def nim_command(operation: str, operands: Sequence[str], function: Callable, as_json: bool) -> None:
    """Apply `function` to the operands read as nimbers; print the result, or one JSON
    object with the operation and its operands.

    Examples
    --------
    >>> from grundy.cli.nim import nim_command
    >>> from grundy.nimbers import nim_mul
    >>> nim_command("mul", ["2", "0x3"], nim_mul, as_json=True)
    {"operation": "mul", "operands": [2, 3], "result": 1}
    """
    values = [parse_nimber(t) for t in operands]
    result = function(*values)
    if as_json:
        print_json({"operation": operation, "operands": values, "result": result})
    else:
        print(result)


Operands = Annotated[
    list[str], typer.Argument(metavar="N...", help="Non-negative integers (any size).")
]
Operand = Annotated[str, typer.Argument(metavar="N", help="A non-negative integer (any size).")]


@nim_app.command("sum", cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def nim_sum_command(operands: Operands, as_json: JsonFlag = False) -> None:
    """Nim-sum (XOR) of the operands."""
    nim_command("sum", operands, nimbers.nim_sum, as_json)


@nim_app.command("mul", cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def nim_mul_command(operands: Operands, as_json: JsonFlag = False) -> None:
    """Nim-product of the operands."""
    nim_command("mul", operands, lambda *v: functools.reduce(nimbers.nim_mul, v, 1), as_json)


@nim_app.command("inv", cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def nim_inv_command(operand: Operand, as_json: JsonFlag = False) -> None:
    """Nim-inverse: the x with operand * x = 1."""
    nim_command("inv", [operand], nimbers.nim_inv, as_json)


@nim_app.command("sqrt", cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def nim_sqrt_command(operand: Operand, as_json: JsonFlag = False) -> None:
    """Nim square root: the x with x * x = operand."""
    nim_command("sqrt", [operand], nimbers.nim_sqrt, as_json)


@nim_app.command("pow", cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def nim_pow_command(
    base: Annotated[str, typer.Argument(metavar="BASE", help="A non-negative integer.")],
    exponent: Annotated[str, typer.Argument(metavar="EXPONENT", help="A non-negative integer.")],
    as_json: JsonFlag = False,
) -> None:
    """Nim-power: base multiplied by itself exponent times."""
    nim_command("pow", [base, exponent], nimbers.nim_pow, as_json)
