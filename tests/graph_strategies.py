"""Hypothesis strategies of graphs shared by the tests of the canonical labelling
(test_graph_canon.py) and of Arc Kayles (test_arc_kayles.py)."""

from __future__ import annotations

import random

from hypothesis import strategies as st

__all__ = ["graphs", "relabelled", "trees"]


def graphs(max_vertices=8, max_edges=12):
    """Unlabelled simple graphs, vertices named by shuffled numbers from 100."""

    @st.composite
    def build(draw):
        n = draw(st.integers(2, max_vertices))
        pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
        chosen = draw(st.lists(st.sampled_from(pairs), max_size=max_edges, unique=True))
        names = draw(st.permutations(range(100, 100 + n)))
        return [(names[u], names[v]) for u, v in chosen]

    return build()


def trees(max_vertices=14):
    """Random trees: vertex i > 0 hangs from a vertex before it, names shuffled."""

    @st.composite
    def build(draw):
        n = draw(st.integers(2, max_vertices))
        parents = [draw(st.integers(0, i - 1)) for i in range(1, n)]
        names = draw(st.permutations(range(n)))
        return [(names[p], names[i]) for i, p in enumerate(parents, start=1)]

    return build()


def relabelled(edges, seed):
    """The same unlabelled graph, its vertices renamed at random."""
    vertices = sorted({v for e in edges for v in e})
    shuffled = vertices[:]
    random.Random(seed).shuffle(shuffled)
    new = dict(zip(vertices, shuffled, strict=True))
    return [(new[u], new[v]) for u, v in edges]
