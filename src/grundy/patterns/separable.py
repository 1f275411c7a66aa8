"""Expressions f(s(a) ∘ t(b)): a term in each variable, combined, under a bit function.

The rules of two-pile games are often of this shape (E&D's ``trailing_ones(a - 1 | b - 1)``,
eight nodes), beyond the sizes the general search can enumerate. Typed by
role, the search is small: terms of one variable, a combining operator, an outer
function; each candidate is first compared on a probe of a few cells of the table.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from .expressions import ExpressionSearch, table_cells
from .grammar import (
    BOUND,
    OPS_BY_NAME,
    UNARY_FUNCTIONS,
    Expression,
    ExpressionNode,
    node_expression,
)

__all__ = ["search_separable", "COMBINERS"]

#: The operators that join the term in a and the term in b.
COMBINERS = ("^", "|", "&", "+", "-", "min", "max")
#: The outer functions: none, then every unary operator of the grammar.
_OUTER = (None, *UNARY_FUNCTIONS)
_PROBE = 48  # cells each candidate is first compared on


def _terms(
    nodes: list[ExpressionNode], var: int, values: np.ndarray, leaf: dict[int, int]
) -> list[tuple[int, np.ndarray]]:
    """The distinct terms of one variable of at most 3 nodes: (node id, values), smallest first.

    x; f(x) for each unary f; x + c, x - c, x ^ c, x & c, x | c (c = 1-4); c*x (c = 2-4);
    x // c and x % c (c = 2-8).
    """
    found: dict[bytes, tuple[int, np.ndarray]] = {values.tobytes(): (var, values)}

    def add(node: ExpressionNode, vector: np.ndarray) -> None:
        if vector.min() < -BOUND or vector.max() >= BOUND:
            return
        key = vector.tobytes()
        if key not in found:
            nodes.append(node)
            found[key] = (len(nodes) - 1, vector)

    if values.min() >= 0:
        for name in UNARY_FUNCTIONS:
            add(ExpressionNode(name, var, -1, 2), OPS_BY_NAME[name].vector(values))
    for name, constants in (
        ("+", (1, 2, 3, 4)),
        ("-", (1, 2, 3, 4)),
        ("*", (2, 3, 4)),
        ("//", (2, 3, 4, 5, 6, 7, 8)),
        ("%", (2, 3, 4, 5, 6, 7, 8)),
        ("^", (1, 2, 3, 4)),
        ("&", (1, 2, 3, 4)),
        ("|", (1, 2, 3, 4)),
    ):
        for c in constants:
            if name == "*":  # written c*x: the coefficient on the left
                node = ExpressionNode(name, leaf[c], var, 3)
            else:
                node = ExpressionNode(name, var, leaf[c], 3)
            add(node, OPS_BY_NAME[name].vector(values, np.int64(c)))
    return list(found.values())


def search_separable(
    table: Any,
    variables: Sequence[str],
    *,
    offsets: Sequence[int] | None = None,
    limit: int = 3,
) -> ExpressionSearch:
    """Find the smallest expressions ``f(s(a) ∘ t(b))`` equal to a 2-D table everywhere.

    s and t are terms of one variable of at most 3 nodes (``a``, ``a - 1``, ``a // 2``,
    ``lowbit(b)``, …), ∘ one of ``COMBINERS``, f absent or a unary operator of the
    grammar of :func:`~grundy.patterns.expressions.search_expressions` (``popcount``,
    ``trailing_ones``, ``v2``, ``parity``, …). Up to 8 nodes, with the same texts,
    sizes and exact functions as that search.

    Parameters
    ----------
    table : numpy.ndarray, 2-D
        Integer values >= 0: ``table[i, j]`` is the value at (offsets[0] + i, offsets[1] + j).
    variables : sequence of str
        The two variables' names.
    offsets : sequence of int, optional
        The variables' values at the first cell (default 0, 0).
    limit : int
        The most matches returned, all of the smallest size found.

    Returns
    -------
    ExpressionSearch
        ``complete`` is True: every candidate of the shape was tried.

    Examples
    --------
    >>> import numpy as np
    >>> from grundy.patterns.separable import search_separable
    >>> a, b = np.indices((32, 32)) + 1
    >>> ed = np.vectorize(lambda x: (~int(x) & (int(x) + 1)).bit_length() - 1)((a - 1) | (b - 1))
    >>> found = search_separable(ed, ("a", "b"), offsets=(1, 1)).found[0]
    >>> found.text, found.size, found.function(2**70, 2**70 + 4)
    ('trailing_ones(a - 1 | b - 1)', 8, 71)

    Notes
    -----
    Each combination is first evaluated on a probe of ``_PROBE`` cells, all terms of a
    against all terms of b at once (numpy broadcasting), and only the probe's matches
    on the whole table: about (terms)² x 7 x 11 x 48 operations, 10^8 at most, in
    numpy; terms are deduplicated by their values, so each is tried once.
    """
    names, target, grids = table_cells(table, variables, offsets, None)
    if len(names) != 2:
        raise ValueError("search_separable takes a table of two variables")
    shape = np.asarray(table).shape
    first = [int(g.min()) for g in grids]
    nodes = [ExpressionNode("var", 0), ExpressionNode("var", 1)]
    leaf = {}
    for c in range(1, 9):
        nodes.append(ExpressionNode("const", c))
        leaf[c] = len(nodes) - 1
    axes = [np.arange(first[k], first[k] + shape[k], dtype=np.int64) for k in (0, 1)]
    terms = [_terms(nodes, k, axes[k], leaf) for k in (0, 1)]
    rng = np.random.default_rng(0x5EED)
    probe = rng.choice(target.size, size=min(_PROBE, target.size), replace=False)
    ia, ib = np.unravel_index(probe, shape)
    full = target.reshape(shape)
    left = np.stack([v[ia] for _, v in terms[0]])
    right = np.stack([v[ib] for _, v in terms[1]])
    wanted = full.reshape(-1)[probe]
    matches: list[tuple[int, int]] = []  # (size, node id)
    candidates = 0
    for name in COMBINERS:
        op = OPS_BY_NAME[name]
        joined = op.vector(left[:, None, :], right[None, :, :])
        natural = (joined >= 0).all(axis=2)
        for outer in _OUTER:
            candidates += joined.shape[0] * joined.shape[1]
            if outer is None:
                hits = (joined == wanted).all(axis=2)
            else:
                with np.errstate(all="ignore"):
                    image = OPS_BY_NAME[outer].vector(np.where(joined >= 0, joined, 0))
                hits = natural & (image == wanted).all(axis=2)
            for i, j in zip(*np.nonzero(hits), strict=True):
                (li, lv), (ri, rv) = terms[0][i], terms[1][j]
                whole = op.vector(lv[:, None], rv[None, :])
                if outer is not None:
                    if whole.min() < 0:
                        continue
                    whole = OPS_BY_NAME[outer].vector(whole)
                if not np.array_equal(whole, full):
                    continue
                size = nodes[li].size + nodes[ri].size + 1
                nodes.append(ExpressionNode(name, int(li), int(ri), size))
                if outer is not None:
                    nodes.append(ExpressionNode(outer, len(nodes) - 1, -1, size + 1))
                matches.append((nodes[-1].size, len(nodes) - 1))
    matches.sort(key=operator.itemgetter(0))
    best = [i for size, i in matches if size == matches[0][0]][:limit] if matches else []
    found: list[Expression] = []
    for i in best:
        expression = node_expression(nodes, i, names)
        if expression.text not in {e.text for e in found}:
            found.append(expression)
    return ExpressionSearch(tuple(found), 8, True, candidates)
