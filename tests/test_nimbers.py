"""Tests of grundy.nimbers: published tables, field axioms, independent oracles, errors."""

from __future__ import annotations

import dataclasses
import functools
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.core.errors import GrundyError, NimberError, NimberZeroDivisionError
from grundy.nimbers import (
    Nimber,
    field_bits,
    nim_div,
    nim_inv,
    nim_mul,
    nim_mul_array,
    nim_pow,
    nim_sqrt,
    nim_square,
    nim_sum,
)

DATA = pathlib.Path(__file__).parent / "data"
M64 = 2**64 - 1


def read_data(name: str) -> list[tuple[int, ...]]:
    """Data lines of a tests/data copy (the `# source:` line is skipped)."""
    path = DATA / name
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# source: "), f"{name} lacks its provenance line"
    return [tuple(int(t) for t in line.split()) for line in lines[1:] if line.strip()]


def antidiagonal(n: int) -> tuple[int, int]:
    """(i, j) of the n-th entry (from 0) of a table read by antidiagonals."""
    d = 0
    while (d + 1) * (d + 2) // 2 <= n:
        d += 1
    k = n - d * (d + 1) // 2
    return k, d - k


def triangle_row(n: int) -> tuple[int, int]:
    """(row, col) of the n-th entry (from 0) of a triangle read by rows, 0 <= col <= row."""
    r = 0
    while (r + 1) * (r + 2) // 2 <= n:
        r += 1
    return r, n - r * (r + 1) // 2


# ---------------------------------------------------------------------------
# Independent oracles (no tables, nothing shared with the module)
# ---------------------------------------------------------------------------


@functools.cache
def mex_table(size: int) -> list[list[int]]:
    """Conway's definition: a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}."""
    t = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            seen = {t[x][b] ^ t[a][y] ^ t[x][y] for x in range(a) for y in range(b)}
            m = 0
            while m in seen:
                m += 1
            t[a][b] = m
    return t


def textbook_mul(a: int, b: int) -> int:
    """Student's recursion over Fermat 2-powers: X⊗X = 3X/2, four sub-products, no tables."""
    if a < 2 or b < 2:
        return a * b
    half = 1
    while max(a, b) >> (2 * half):
        half *= 2
    x = 1 << half
    a1, a0 = divmod(a, x)
    b1, b0 = divmod(b, x)
    c = textbook_mul(a1, b1)
    high = c ^ textbook_mul(a1, b0) ^ textbook_mul(a0, b1)
    low = textbook_mul(a0, b0) ^ textbook_mul(c, x >> 1)
    return high * x + low


def test_mex_definition_all_below_32() -> None:
    t = mex_table(32)
    for a in range(32):
        for b in range(32):
            assert nim_mul(a, b) == t[a][b], (a, b)


def test_textbook_oracle_agrees_with_mex() -> None:
    t = mex_table(32)
    assert all(textbook_mul(a, b) == t[a][b] for a in range(32) for b in range(32))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, M64), st.integers(0, M64))
def test_textbook_oracle_64(a: int, b: int) -> None:
    assert nim_mul(a, b) == textbook_mul(a, b)


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**128 - 1), st.integers(0, 2**128 - 1))
def test_textbook_oracle_128(a: int, b: int) -> None:
    assert nim_mul(a, b) == textbook_mul(a, b)


# ---------------------------------------------------------------------------
# Published reference data (tests/data, copied from the shared reference data)
# ---------------------------------------------------------------------------


def test_a051775_product_table_antidiagonals_from0() -> None:
    rows = read_data("A051775_nim_product_table_antidiagonals_from0.txt")
    assert len(rows) == 83
    for n, value in rows:
        i, j = antidiagonal(n)
        assert nim_mul(i, j) == value, (n, i, j)


def test_a051776_product_table_antidiagonals_from1() -> None:
    rows = read_data("A051776_nim_product_table_antidiagonals_from1.txt")
    assert len(rows) == 76
    for n, value in rows:
        i, j = antidiagonal(n - 1)  # offset 1
        assert nim_mul(i + 1, j + 1) == value, (n, i + 1, j + 1)


def test_a051910_product_triangle() -> None:
    rows = read_data("A051910_nim_product_triangle_rows.txt")
    assert len(rows) == 78
    for n, value in rows:
        r, c = triangle_row(n)
        assert nim_mul(r, c) == value, (n, r, c)


def test_a051917_inverse() -> None:
    rows = read_data("A051917_nim_inverse.txt")
    assert len(rows) == 59
    for n, value in rows:
        assert nim_inv(n) == value, n
        assert nim_mul(n, value) == 1


def test_a160679_square_root() -> None:
    rows = read_data("A160679_nim_square_root.txt")
    assert len(rows) == 71
    for n, value in rows:
        assert nim_sqrt(n) == value, n


def test_a006042_square() -> None:
    rows = read_data("A006042_nim_square.txt")
    assert len(rows) == 72
    for n, value in rows:
        assert nim_mul(n, n) == value, n
        assert nim_square(n) == value, n


def test_a006017_square_of_powers_of_two() -> None:
    rows = read_data("A006017_nim_square_of_2_pow_n.txt")
    assert len(rows) == 30
    for n, value in rows:
        assert nim_mul(2**n, 2**n) == value, n


def vectors_64() -> list[tuple[int, int, int]]:
    rows = read_data("nim_product_64_examples.txt") + read_data("nim_product_64_extra_vectors.txt")
    pow2 = [(1 << i, 1 << j, p) for i, j, p in read_data("nim_product_pow2_64x64.txt")]
    return rows + pow2


def test_64_bit_vectors_counts() -> None:
    assert len(read_data("nim_product_64_examples.txt")) == 11
    assert len(read_data("nim_product_64_extra_vectors.txt")) == 2
    table = read_data("nim_product_pow2_64x64.txt")
    assert len(table) == 2080
    assert {(i, j) for i, j, _ in table} == {(i, j) for i in range(64) for j in range(i, 64)}


def test_64_bit_vectors_scalar() -> None:
    for a, b, p in vectors_64():
        assert nim_mul(a, b) == p, (a, b)
        assert nim_mul(b, a) == p, (b, a)
        assert Nimber(a) * Nimber(b) == p


def test_64_bit_vectors_array() -> None:
    rows = vectors_64()
    a = np.array([r[0] for r in rows], dtype=np.uint64)
    b = np.array([r[1] for r in rows], dtype=np.uint64)
    expected = [r[2] for r in rows]
    assert nim_mul_array(a, b).tolist() == expected
    assert nim_mul_array(b, a).tolist() == expected


def test_64_bit_vectors_kernel_py_func() -> None:
    from grundy.nimbers._field import _kernel_tables
    from grundy.nimbers._kernel import nim_mul_u64

    rows = read_data("nim_product_64_examples.txt") + read_data("nim_product_64_extra_vectors.txt")
    a = np.array([r[0] for r in rows], dtype=np.uint64)
    b = np.array([r[1] for r in rows], dtype=np.uint64)
    out = np.zeros(len(rows), dtype=np.uint64)
    nim_mul_u64.py_func(a, b, out, *_kernel_tables())
    assert out.tolist() == [r[2] for r in rows]


# ---------------------------------------------------------------------------
# Field axioms (hypothesis) in GF(2^8), GF(2^64) and GF(2^256) (200-bit values)
# ---------------------------------------------------------------------------

SIZES = {8: 8, 64: 64, 200: 256}  # operand bits -> bits of the nim field holding them
FIELD = st.sampled_from(sorted(SIZES))


def values(bits: int, n: int, min_value: int = 0) -> st.SearchStrategy[tuple[int, ...]]:
    return st.tuples(*[st.integers(min_value, 2**bits - 1)] * n)


@st.composite
def field_elements(draw: st.DrawFn, n: int, nonzero: bool = False) -> tuple[int, tuple[int, ...]]:
    bits = draw(FIELD)
    return bits, draw(values(bits, n, 1 if nonzero else 0))


@settings(max_examples=150, deadline=None)
@given(field_elements(3))
def test_ring_axioms(case: tuple[int, tuple[int, ...]]) -> None:
    bits, (a, b, c) = case
    assert nim_mul(a, b) == nim_mul(b, a)
    assert nim_mul(nim_mul(a, b), c) == nim_mul(a, nim_mul(b, c))
    assert nim_mul(a, b ^ c) == nim_mul(a, b) ^ nim_mul(a, c)
    assert nim_mul(a, 1) == a and nim_mul(1, a) == a
    assert nim_mul(a, 0) == 0
    top = 2 ** SIZES[bits]
    assert nim_mul(a, b) < top  # closure: the field {0 .. 2^(2^k) - 1}
    assert nim_mul(a, b) < 2 ** field_bits(a, b)


@settings(max_examples=150, deadline=None)
@given(field_elements(2, nonzero=True))
def test_inverse_and_division(case: tuple[int, tuple[int, ...]]) -> None:
    bits, (a, b) = case
    ia = nim_inv(a)
    assert ia < 2 ** SIZES[bits]
    assert nim_mul(a, ia) == 1
    assert nim_inv(ia) == a
    q = nim_div(a, b)
    assert nim_mul(q, b) == a
    assert nim_div(0, b) == 0


@settings(max_examples=150, deadline=None)
@given(field_elements(2))
def test_square_and_sqrt(case: tuple[int, tuple[int, ...]]) -> None:
    bits, (a, b) = case
    s = nim_sqrt(a)
    assert s < 2 ** SIZES[bits]
    assert nim_mul(s, s) == a
    assert nim_square(a) == nim_mul(a, a)
    assert nim_sqrt(nim_square(a)) == a
    # Frobenius: squaring is additive in characteristic 2
    assert nim_square(a ^ b) == nim_square(a) ^ nim_square(b)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([8, 64]).flatmap(lambda bits: st.tuples(st.just(bits), values(bits, 1))))
def test_sqrt_is_frobenius_power(case: tuple[int, tuple[int]]) -> None:
    # sqrt(a) = a^(2^(n-1)) in GF(2^n): square n - 1 times with nim_mul only
    bits, (a,) = case
    s = a
    for _ in range(SIZES[bits] - 1):
        s = nim_mul(s, s)
    assert nim_sqrt(a) == s


@settings(max_examples=100, deadline=None)
@given(field_elements(1), st.integers(0, 40))
def test_pow_is_repeated_product(case: tuple[int, tuple[int]], e: int) -> None:
    _, (a,) = case
    p = 1
    for _ in range(e):
        p = nim_mul(p, a)
    assert nim_pow(a, e) == p
    if a:
        assert nim_pow(a, -e) == nim_pow(nim_inv(a), e)
        assert nim_mul(nim_pow(a, -e), p) == 1


@settings(max_examples=50, deadline=None)
@given(field_elements(1, nonzero=True), st.integers(0, 2**300))
def test_pow_large_exponents(case: tuple[int, tuple[int]], e: int) -> None:
    bits, (a,) = case
    # a^(e1 + e2) = a^e1 ⊗ a^e2, and Lagrange: a^(2^n - 1) = 1 in GF(2^n)
    assert nim_pow(a, e + 7) == nim_mul(nim_pow(a, e), nim_pow(a, 7))
    n = field_bits(a)
    p = nim_pow(a, 2 ** (n - 1))  # the square root, by the Frobenius power
    assert nim_mul(p, p) == a


def test_pow_edge_cases() -> None:
    assert nim_pow(0, 0) == 1
    assert nim_pow(0, 5) == 0
    assert nim_pow(1, -5) == 1
    assert nim_pow(2, 3) == 1  # GF(4)^* has order 3
    assert nim_pow(np.uint8(2), np.int64(2)) == 3


def test_group_orders_in_small_fields() -> None:
    # every nonzero element of GF(2^n) satisfies a^(2^n - 1) = 1, by repeated products
    for n in (1, 2, 4, 8):
        for a in range(1, 2**n):
            p = 1
            for _ in range(2**n - 1):
                p = nim_mul(p, a)
            assert p == 1, (n, a)


def test_field_bits() -> None:
    assert [field_bits(v) for v in (0, 1, 2, 3, 4, 15, 16, 255, 256)] == [
        1,
        1,
        2,
        2,
        4,
        4,
        8,
        8,
        16,
    ]
    assert field_bits() == 1
    assert field_bits(2**64 - 1) == 64 and field_bits(2**64) == 128
    assert field_bits(3, 2**200) == 256


def test_fermat_powers() -> None:
    # X ⊗ X = 3X/2 for every Fermat 2-power X = 2^(2^k); distinct Fermat powers multiply
    # as ordinary integers
    for k in range(10):
        x = 2 ** (2**k)
        assert nim_mul(x, x) == x ^ (x >> 1)
        for j in range(k):
            assert nim_mul(x, 2 ** (2**j)) == x * 2 ** (2**j)


def test_big_values() -> None:
    a = 10**100
    b = 3**300 + 12345
    assert nim_mul(nim_inv(a), a) == 1
    assert nim_mul(nim_sqrt(b), nim_sqrt(b)) == b
    assert nim_mul(a, b) == nim_mul(b, a) < 2 ** field_bits(a, b)
    assert nim_div(nim_mul(a, b), b) == a


def test_nim_sum() -> None:
    assert nim_sum() == 0
    assert nim_sum(5) == 5
    assert nim_sum(1, 2, 3) == 0
    assert nim_sum(2**100, 1) == 2**100 + 1
    assert nim_sum(np.int32(6), 3) == 5


# ---------------------------------------------------------------------------
# Batch kernel
# ---------------------------------------------------------------------------

EDGES = [0, 1, 2, 3, 2**16 - 1, 2**16, 2**31, 2**32 - 1, 2**32, 2**63, M64]


def random_u64(n: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, M64, n, dtype=np.uint64, endpoint=True)


@pytest.mark.parametrize("seed", [0, 1])
def test_array_matches_scalar(seed: int) -> None:
    a = np.concatenate([random_u64(5000, seed), np.array(EDGES * len(EDGES), dtype=np.uint64)])
    b = np.concatenate([random_u64(5000, seed + 100), np.repeat(np.array(EDGES, np.uint64), 11)])
    out = nim_mul_array(a, b)
    assert out.dtype == np.uint64 and out.shape == a.shape
    assert out.tolist() == [nim_mul(x, y) for x, y in zip(a.tolist(), b.tolist(), strict=True)]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, M64), st.integers(0, M64)), max_size=20))
def test_kernel_and_py_func_match_scalar(pairs: list[tuple[int, int]]) -> None:
    from grundy.nimbers._field import _kernel_tables
    from grundy.nimbers._kernel import nim_mul_u64

    a = np.array([p[0] for p in pairs], dtype=np.uint64)
    b = np.array([p[1] for p in pairs], dtype=np.uint64)
    expected = [nim_mul(x, y) for x, y in pairs]
    for kernel in (nim_mul_u64, nim_mul_u64.py_func):
        out = np.zeros(len(pairs), dtype=np.uint64)
        kernel(a, b, out, *_kernel_tables())
        assert out.tolist() == expected


def test_array_broadcasting_and_dtypes() -> None:
    a = np.arange(12, dtype=np.int64).reshape(3, 4)
    out = nim_mul_array(a, np.uint8(3))
    assert out.shape == (3, 4) and out.dtype == np.uint64
    assert out.tolist() == [[nim_mul(int(v), 3) for v in row] for row in a.tolist()]
    col = nim_mul_array(np.arange(3).reshape(3, 1), np.arange(4, dtype=np.uint16))
    assert col.tolist() == [[nim_mul(i, j) for j in range(4)] for i in range(3)]
    assert nim_mul_array([M64], [M64]).tolist() == [nim_mul(M64, M64)]  # object -> uint64
    assert nim_mul_array(np.empty(0, np.uint64), np.empty(0, np.uint64)).shape == (0,)
    assert nim_mul_array(np.uint64(2**32), 2**32).tolist() == 6442450944  # 0-d


@pytest.mark.parametrize(
    ("a", "match"),
    [
        (np.array([1, -4, 2]), "negative value -4"),
        (np.array([1.5]), "float64"),
        (np.array([True]), "bool"),
        ([2**64], "more than 64 bits"),
        ([1, "x"], "<U21"),
    ],
)
def test_array_bad_input(a: object, match: str) -> None:
    with pytest.raises(NimberError, match=match):
        nim_mul_array(a, np.ones(np.shape(a), dtype=np.uint64))


def test_array_bad_shapes() -> None:
    with pytest.raises(NimberError, match="do not broadcast"):
        nim_mul_array(np.ones(3, np.uint64), np.ones(4, np.uint64))


# ---------------------------------------------------------------------------
# Nimber value type
# ---------------------------------------------------------------------------


def test_nimber_type() -> None:
    x = Nimber(5)
    assert repr(x) == "Nimber(5)"
    assert eval(repr(x), {"Nimber": Nimber}) == x
    assert Nimber(3) * 5 == Nimber(nim_mul(3, 5))
    assert isinstance(5 * Nimber(3), Nimber) and 5 * Nimber(3) == nim_mul(5, 3)
    assert Nimber(3) + 5 == Nimber(6) == 5 + Nimber(3) == Nimber(3) - 5 == 5 - Nimber(3)
    assert -x == x and x + x == 0
    assert Nimber(7) / Nimber(7) == 1
    assert 1 / Nimber(2) == Nimber(3)
    assert Nimber(2) ** 3 == Nimber(1) and Nimber(2) ** -1 == Nimber(3)
    assert int(Nimber(9)) == 9 and [10, 11, 12][Nimber(1)] == 11
    assert hash(Nimber(9)) == hash(9) and len({Nimber(9), 9, Nimber(8)}) == 2
    assert Nimber(Nimber(4)) == 4 and Nimber(np.uint64(4)).value == 4
    assert type(Nimber(np.uint64(4)).value) is int
    assert Nimber(16).inverse() == nim_inv(16) and Nimber(4).sqrt() == nim_sqrt(4)
    assert bool(Nimber(0)) is False
    assert Nimber(1) != "1" and Nimber(1) != 1.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        x.value = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        Nimber(2) * 1.5  # type: ignore[operator]
    with pytest.raises(TypeError):
        Nimber(2) ** Nimber(2)  # type: ignore[operator]
    with pytest.raises(NimberError, match="operand -1"):
        Nimber(2) * -1


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bad", "fragment"),
    [
        (-3, "operand -3 is negative"),
        (2.0, "operand 2.0 (float) is not an integer"),
        ("7", "operand '7' (str) is not an integer"),
        (True, "operand True is a bool"),
        (None, "operand None (NoneType) is not an integer"),
    ],
)
def test_bad_operands(bad: object, fragment: str) -> None:
    for func, args in [
        (nim_mul, (bad, 3)),
        (nim_mul, (3, bad)),
        (nim_square, (bad,)),
        (nim_inv, (bad,)),
        (nim_div, (bad, 1)),
        (nim_sqrt, (bad,)),
        (nim_pow, (bad, 2)),
        (nim_sum, (1, bad)),
        (field_bits, (bad,)),
        (Nimber, (bad,)),
    ]:
        with pytest.raises(NimberError) as info:
            func(*args)
        message = str(info.value)
        assert fragment in message and "\n" not in message
        assert message.startswith(getattr(func, "__name__", "") + ":")
        assert isinstance(info.value, ValueError) and isinstance(info.value, GrundyError)


def test_negative_message_exact() -> None:
    with pytest.raises(NimberError) as info:
        nim_mul(-3, 2)
    assert str(info.value) == "nim_mul: operand -3 is negative; nimbers are non-negative integers"


def test_zero_division() -> None:
    for func, args in [(nim_inv, (0,)), (nim_div, (5, 0)), (nim_pow, (0, -1))]:
        with pytest.raises(NimberZeroDivisionError, match="0") as info:
            func(*args)
        assert isinstance(info.value, ZeroDivisionError)
    with pytest.raises(NimberZeroDivisionError):
        Nimber(3) / 0
    with pytest.raises(NimberZeroDivisionError):
        Nimber(0).inverse()


def test_bad_exponent() -> None:
    for e in (1.0, "2", True, None):
        with pytest.raises(NimberError, match="exponent"):
            nim_pow(3, e)  # type: ignore[arg-type]


def test_numpy_scalars_accepted() -> None:
    assert nim_mul(np.uint64(2), np.int8(3)) == 1
    assert type(nim_mul(np.uint64(M64), np.uint64(M64))) is int
    assert nim_inv(np.int64(2)) == 3


def test_import_does_not_load_numba() -> None:
    src = pathlib.Path(grundy.__path__[0]).parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")]))
    code = "import sys, grundy.nimbers; print('numba' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert result.stdout.strip() == "False"


def test_a_power_too_costly_is_refused_at_once_and_small_exponents_still_work():
    from grundy.nimbers import nim_mul, nim_pow

    base = 3**8000  # 3,818 digits, a field of 16,384 bits: this power ran ~10 minutes
    with pytest.raises(NimberError, match="more than POW_MAX_LOOKUPS"):
        nim_pow(base, base)
    assert nim_pow(base, 3) == nim_mul(nim_mul(base, base), base)
