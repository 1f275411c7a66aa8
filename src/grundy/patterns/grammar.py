"""The grammar of an expression search: its operators, expression trees, texts and values."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from ..core.errors import InvalidPositionError
from ..nimbers import nim_mul
from ..nimbers._field import _kernel_tables

__all__ = ["Expression", "OPS"]

#: Candidates must stay in [-BOUND, BOUND): a 41-bit signed range, closed under & | ^,
#: so only + - * and lowunset can leave it, and int64 never overflows on the way.
BOUND = 1 << 40
CONSTANTS = (0, 1, 2, 3, 4)  # the leaves besides the variables
COEFFICIENTS = (2, 3, 4)  # multiplication is by a small constant only: 2*n, 3*(a + b)
DIVISORS = (2, 3, 4, 5, 6, 7, 8)  # the right operand of //, and extra ones (5-8) of %
_LEAF_CONSTANTS = tuple(sorted({*CONSTANTS, *COEFFICIENTS, *DIVISORS}))


@dataclass(frozen=True, slots=True)
class Expression:
    """An expression over the table's variables, with its exact value as a callable.

    `text` is canonical Python with the helpers ``lowbit``, ``lowunset``, ``v2``, ``bitlen``,
    ``parity``, ``evil``, ``oddpart``, ``popcount``, ``trailing_ones`` and ``nim_mul``;
    `size` counts its nodes (a variable or a constant is 1); ``function(n)`` (or
    ``function(a, b)``) computes it on Python ints of any size. Two expressions are equal
    when their texts and sizes are.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.expressions import search_expressions
    >>> best = search_expressions(np.arange(10) % 3, ("n",)).found[0]
    >>> best.text, best.size, best.function(10**18)
    ('n % 3', 3, 1)
    """

    text: str
    size: int
    function: Callable[..., int] = field(repr=False, compare=False)


# ----------------------------------------------------------------- the operators
def _natural(name: str, x: int) -> int:
    if x < 0:  # its bits would depend on a word size; the search drops such candidates too
        raise InvalidPositionError(f"{name}({x}): the argument is negative")
    return x


def _v2(x: int) -> int:
    return (x & -x).bit_length() - 1 if x else 0  # v2(0) = 0 by convention


def _bitlen(x: np.ndarray) -> np.ndarray:
    # frexp's exponent is the bit length: exact, as every candidate is below 2**53
    return np.frexp(x.astype(np.float64))[1].astype(np.int64)


def _parity(x: np.ndarray) -> np.ndarray:
    if hasattr(np, "bitwise_count"):  # numpy >= 2
        return np.bitwise_count(x).astype(np.int64) & 1
    for shift in (32, 16, 8, 4, 2, 1):  # fold the word
        x = x ^ (x >> shift)
    return x & 1


def _popcount(x: np.ndarray) -> np.ndarray:
    if hasattr(np, "bitwise_count"):  # numpy >= 2
        return np.bitwise_count(x).astype(np.int64)
    return np.array([int(v).bit_count() for v in x.reshape(-1)], np.int64).reshape(x.shape)


def _vec_v2(x: np.ndarray) -> np.ndarray:
    return np.maximum(_bitlen(x & -x) - 1, 0)


#: Counts of bits: tried at the root of an expression only (see ``_Op.root_only``).
_COUNTS = ("popcount", "trailing_ones")
#: The unary operators: name -> (on Python ints, on int64 arrays of values >= 0).
_UNARY: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "lowbit": (lambda x: x & -x,) * 2,
    "lowunset": (lambda x: ~x & (x + 1),) * 2,
    "v2": (_v2, _vec_v2),
    "bitlen": (int.bit_length, _bitlen),
    "parity": (lambda x: x.bit_count() & 1, _parity),
    "evil": (lambda x: 1 - (x.bit_count() & 1), lambda x: 1 - _parity(x)),
    "oddpart": (lambda x: x >> _v2(x), lambda x: x >> _vec_v2(x)),
    "popcount": (int.bit_count, _popcount),
    "trailing_ones": (lambda x: _v2(~x & (x + 1)), lambda x: _vec_v2(~x & (x + 1))),
}


def _vec_nim_mul(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    log, exp = _kernel_tables()[:2]  # GF(2^16) log/exp tables: operands are below 2**16
    return exp[log[x] + log[y]].astype(np.int64)


@dataclass(frozen=True, slots=True)
class _Op:
    """One operator of the grammar: how to print it, compute it and when it is valid."""

    name: str
    kind: str  # "unary" (a call), "call" (a binary call), "infix"
    precedence: int = 100  # Python's: 60 * // %, 50 + -, 40 &, 30 ^, 20 |, 100 a call
    commutative: bool = False
    self_trivial: bool = False  # op(x, x) is x, 0 or 2*x: an earlier candidate
    checked: bool = False  # the result may leave [-BOUND, BOUND)
    vector: Callable[..., np.ndarray] = np.add
    exact: Callable[..., int] = operator.add
    # operand constants that make it trivial (x + 0, 0 % y, nim_mul(x, 1)): the result is
    # an operand or 0, found earlier, so those pairs are not tried
    trivial: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    natural: bool = False  # operands must be >= 0 (bit functions, nim_mul)
    # a count of bits (popcount, trailing_ones): tried at the root only, never kept as an
    # operand, so that it costs the search no memory (its small values rarely combine)
    root_only: bool = False


def _ops() -> tuple[_Op, ...]:
    zero, both = ((0,), ()), ((0,), (0,))
    infix = [
        ("*", 60, False, False, True, np.multiply, operator.mul, ((), ())),
        ("+", 50, True, True, True, np.add, operator.add, both),
        ("-", 50, False, True, True, np.subtract, operator.sub, ((), (0,))),
        ("//", 60, False, False, False, np.floor_divide, operator.floordiv, zero),
        ("%", 60, False, True, False, np.remainder, operator.mod, zero),
        ("^", 30, True, True, False, np.bitwise_xor, operator.xor, both),
        ("&", 40, True, True, False, np.bitwise_and, operator.and_, both),
        ("|", 20, True, True, False, np.bitwise_or, operator.or_, both),
    ]
    ops = [_Op(row[0], "infix", *row[1:]) for row in infix]
    ops += [
        _Op("min", "call", 100, True, True, vector=np.minimum, exact=min),
        _Op("max", "call", 100, True, True, vector=np.maximum, exact=max),
        _Op("nim_mul", "call", 100, True, False, False, _vec_nim_mul, nim_mul, ((0, 1),) * 2, True),
    ]
    for name, (exact, vector) in _UNARY.items():
        checked = name == "lowunset"  # ~x & (x + 1) may reach 2**40
        ops.append(
            _Op(
                name,
                "unary",
                checked=checked,
                vector=vector,
                exact=exact,
                natural=True,
                root_only=name in _COUNTS,
            )
        )
    return tuple(ops)


#: The operators in the order tried at each size: the first expression found for a value
#: vector stands for it, so this order decides between equal-sized alternatives
#: ("2*n" before "n + n", "n % 4" before "n & 3").
OPS = _ops()
_OP = {op.name: op for op in OPS}


# ----------------------------------------------------------------- expression trees
class _Node(NamedTuple):  # a tuple: the search makes one per distinct vector
    op: str  # an operator name, or "var" / "const" for a leaf
    left: int  # a node id; the variable's index or the constant for a leaf
    right: int = -1  # a node id (binary operators only)
    size: int = 1


def _text(nodes: list[_Node], i: int, names: Sequence[str]) -> tuple[str, int]:
    """The canonical text of node `i`, and its precedence."""
    node = nodes[i]
    if node.op == "var":
        return names[node.left], 100
    if node.op == "const":
        return str(node.left), 100
    op = _OP[node.op]
    if op.kind == "unary":
        return f"{op.name}({_text(nodes, node.left, names)[0]})", 100
    left, right = node.left, node.right
    if op.commutative and (nodes[right].size, left) > (nodes[left].size, right):
        left, right = right, left  # the larger operand first, then the one found first
    (lt, lp), (rt, rp) = _text(nodes, left, names), _text(nodes, right, names)
    if op.kind == "call":
        return f"{op.name}({lt}, {rt})", 100
    if op.name == "*":  # always a coefficient: "2*n", "3*(a + b)"
        rt = rt if rp > 60 or nodes[right].op == "*" else f"({rt})"
        return f"{lt}*{rt}", 60
    p = op.precedence
    # The right operand needs parentheses at equal precedence unless the operator is
    # associative there: a + b - c, a ^ b ^ c; never for a - (b + c) or n % (m + 1).
    sub = nodes[right].op
    assoc = (op.name == "+" and sub in ("+", "-")) or (op.name in "^&|" and sub == op.name)
    lt = lt if lp >= p else f"({lt})"
    rt = rt if rp > p or (rp == p and assoc) else f"({rt})"
    return f"{lt} {op.name} {rt}", p


def _closure(nodes: list[_Node], i: int) -> Callable[[Sequence[int]], int]:
    """Node `i` as a function of the tuple of variable values, on Python ints."""
    node = nodes[i]
    if node.op in ("var", "const"):
        k = node.left
        return (lambda v: v[k]) if node.op == "var" else (lambda v: k)
    op, x = _OP[node.op], _closure(nodes, node.left)
    if op.kind == "unary":
        fn, name = op.exact, op.name
        return lambda v: fn(_natural(name, x(v)))
    y, fn = _closure(nodes, node.right), op.exact
    return lambda v: fn(x(v), y(v))


def _expression(nodes: list[_Node], i: int, names: Sequence[str]) -> Expression:
    body = _closure(nodes, i)
    arity = len(names)

    def function(*values: int) -> int:
        if len(values) != arity:
            raise TypeError(f"the expression takes {arity} values ({', '.join(names)})")
        return body(tuple(operator.index(v) for v in values))

    return Expression(_text(nodes, i, names)[0], nodes[i].size, function)
