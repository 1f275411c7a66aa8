"""The grammar of an expression search: its operators, expression trees, texts and values.

Examples
--------
>>> from grundy.patterns.grammar import LEAF_CONSTANTS, OPS_BY_NAME, UNARY_FUNCTIONS
>>> LEAF_CONSTANTS
(0, 1, 2, 3, 4, 5, 6, 7, 8)
>>> OPS_BY_NAME["^"].exact(5, 3), [exact(12) for exact, _ in UNARY_FUNCTIONS.values()][:3]
(6, [4, 1, 2])
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from ..core.errors import InvalidPositionError
from ..nimbers import nim_mul
from ..nimbers._field import _kernel_tables

__all__ = [
    "Expression",
    "OPS",
    "OPS_BY_NAME",
    "Operator",
    "UNARY_FUNCTIONS",
    "LEAF_CONSTANTS",
    "ExpressionNode",
    "node_text",
    "node_expression",
]

#: Candidates must stay in [-BOUND, BOUND): a 41-bit signed range, closed under & | ^,
#: so only + - * and lowunset can leave it, and int64 never overflows on the way.
BOUND = 1 << 40
CONSTANTS = (0, 1, 2, 3, 4)  # the leaves besides the variables
COEFFICIENTS = (2, 3, 4)  # multiplication is by a small constant only: 2*n, 3*(a + b)
DIVISORS = (2, 3, 4, 5, 6, 7, 8)  # the right operand of //, and extra ones (5-8) of %
#: Every constant a leaf of an expression tree holds: the constants, coefficients and
#: divisors, each once.
LEAF_CONSTANTS = tuple(sorted({*CONSTANTS, *COEFFICIENTS, *DIVISORS}))


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


#: Counts of bits: tried at the root of an expression only (see ``Operator.root_only``).
_COUNTS = ("popcount", "trailing_ones")
#: The unary operators: name -> (on Python ints, on int64 arrays of values >= 0).
UNARY_FUNCTIONS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
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
class Operator:
    """One operator of the grammar: how to print it, compute it and when it is valid.

    Examples
    --------
    >>> from grundy.patterns.grammar import OPS_BY_NAME
    >>> op = OPS_BY_NAME["%"]
    >>> op.kind, op.precedence, op.exact(7, 3), op.vector(np.array([7, 8]), 3).tolist()
    ('infix', 60, 1, [1, 2])
    """

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


def _ops() -> tuple[Operator, ...]:
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
    ops = [Operator(row[0], "infix", *row[1:]) for row in infix]
    ops += [
        Operator("min", "call", 100, True, True, vector=np.minimum, exact=min),
        Operator("max", "call", 100, True, True, vector=np.maximum, exact=max),
        Operator(
            "nim_mul", "call", 100, True, False, False, _vec_nim_mul, nim_mul, ((0, 1),) * 2, True
        ),
    ]
    for name, (exact, vector) in UNARY_FUNCTIONS.items():
        checked = name == "lowunset"  # ~x & (x + 1) may reach 2**40
        ops.append(
            Operator(
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
#: Each operator of :data:`OPS` by its name.
OPS_BY_NAME = {op.name: op for op in OPS}


# ----------------------------------------------------------------- expression trees
class ExpressionNode(NamedTuple):  # a tuple: the search makes one per distinct vector
    """One node of an expression tree, in a list of nodes that refer to each other by
    their index: a variable (``"var"``, `left` its index), a constant (``"const"``,
    `left` its value) or an operator applied to the nodes `left` (and `right`); `size`
    counts the nodes of its tree.

    Examples
    --------
    >>> from grundy.patterns.grammar import ExpressionNode, node_text
    >>> nodes = [ExpressionNode("var", 0), ExpressionNode("const", 3)]
    >>> nodes.append(ExpressionNode("%", 0, 1, 3))  # n % 3
    >>> node_text(nodes, 2, ("n",))[0]
    'n % 3'
    """

    op: str  # an operator name, or "var" / "const" for a leaf
    left: int  # a node id; the variable's index or the constant for a leaf
    right: int = -1  # a node id (binary operators only)
    size: int = 1


def node_text(nodes: list[ExpressionNode], i: int, names: Sequence[str]) -> tuple[str, int]:
    """The canonical text of node `i`, and its precedence (100 for a call or a leaf).

    Examples
    --------
    >>> from grundy.patterns.grammar import ExpressionNode, node_text
    >>> nodes = [ExpressionNode("var", 0), ExpressionNode("var", 1)]
    >>> nodes.append(ExpressionNode("^", 0, 1, 3))
    >>> nodes.append(ExpressionNode("lowbit", 2, -1, 4))
    >>> node_text(nodes, 2, ("a", "b")), node_text(nodes, 3, ("a", "b"))
    (('a ^ b', 30), ('lowbit(a ^ b)', 100))
    """
    node = nodes[i]
    if node.op == "var":
        return names[node.left], 100
    if node.op == "const":
        return str(node.left), 100
    op = OPS_BY_NAME[node.op]
    if op.kind == "unary":
        return f"{op.name}({node_text(nodes, node.left, names)[0]})", 100
    left, right = node.left, node.right
    if op.commutative and (nodes[right].size, left) > (nodes[left].size, right):
        left, right = right, left  # the larger operand first, then the one found first
    (lt, lp), (rt, rp) = node_text(nodes, left, names), node_text(nodes, right, names)
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


def _closure(nodes: list[ExpressionNode], i: int) -> Callable[[Sequence[int]], int]:
    """Node `i` as a function of the tuple of variable values, on Python ints."""
    node = nodes[i]
    if node.op in ("var", "const"):
        k = node.left
        return (lambda v: v[k]) if node.op == "var" else (lambda v: k)
    op, x = OPS_BY_NAME[node.op], _closure(nodes, node.left)
    if op.kind == "unary":
        fn, name = op.exact, op.name
        return lambda v: fn(_natural(name, x(v)))
    y, fn = _closure(nodes, node.right), op.exact
    return lambda v: fn(x(v), y(v))


def node_expression(nodes: list[ExpressionNode], i: int, names: Sequence[str]) -> Expression:
    """Node `i` as an :class:`Expression` of the variables `names`: its text, its size
    and its exact value on Python ints.

    Examples
    --------
    >>> from grundy.patterns.grammar import ExpressionNode, node_expression
    >>> nodes = [ExpressionNode("var", 0), ExpressionNode("const", 3)]
    >>> nodes.append(ExpressionNode("%", 0, 1, 3))
    >>> found = node_expression(nodes, 2, ("n",))
    >>> found.text, found.size, found.function(10**18)
    ('n % 3', 3, 1)
    """
    body = _closure(nodes, i)
    arity = len(names)

    def function(*values: int) -> int:
        if len(values) != arity:
            raise TypeError(f"the expression takes {arity} values ({', '.join(names)})")
        return body(tuple(operator.index(v) for v in values))

    return Expression(node_text(nodes, i, names)[0], nodes[i].size, function)
