"""Shared test set-up: the doctest namespace and the reference-data reader."""

from __future__ import annotations

from pathlib import Path

import pytest

import grundy

DATA = Path(__file__).parent / "data"


def naive_mex(values) -> int:
    """The least non-negative integer not in `values`, straight from the definition."""
    values = set(values)
    m = 0
    while m in values:
        m += 1
    return m


def read_pairs(name: str) -> dict[int, int]:
    """Read a reference table of lines ``n value`` (the first line names its source)."""
    pairs = {}
    for line in (DATA / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            n, value = line.split()[:2]
            pairs[int(n)] = int(value)
    return pairs


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace: dict) -> None:
    doctest_namespace["gr"] = grundy
