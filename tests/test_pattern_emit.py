"""Code to paste (``emit_code``, ``grundy pattern --emit``): the Python and the C++ written
for each kind of pattern compute the pattern, checked by running them (C++ compiled by g++)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import run_cli
from test_patterns_2d import two

from grundy.core.errors import InvalidPositionError
from grundy.games import LaskersNim, Nim, TurningCorners
from grundy.patterns import Pattern, Region, find_patterns
from grundy.patterns.emit import emit_code
from grundy.patterns.expressions import search_expressions
from grundy.patterns.one_dim import ByResidue, ListedThen, PeriodicSequence

EXAMPLES = Path(__file__).parents[1] / "docs" / "examples" / "two_piles.py"
N = Region(("n",), (0,), (64,))


def expression(text: str, variables=("n",)) -> Pattern:
    function = eval(f"lambda {', '.join(variables)}: {text}", {**HELPERS})  # our own text
    region = Region(variables, (0,) * len(variables), (16,) * len(variables))
    return Pattern(text, function, variables, "expression", 5, region)


HELPERS = {
    "lowbit": lambda x: x & -x,
    "lowunset": lambda x: ~x & (x + 1),
    "v2": lambda x: (x & -x).bit_length() - 1 if x else 0,
    "bitlen": int.bit_length,
    "parity": lambda x: x.bit_count() & 1,
    "evil": lambda x: 1 - (x.bit_count() & 1),
    "oddpart": lambda x: x >> ((x & -x).bit_length() - 1) if x else 0,
    "popcount": int.bit_count,
    "trailing_ones": lambda x: (~x & (x + 1)).bit_length() - 1,
}


def _patterns() -> dict[str, tuple[Pattern, list[tuple[int, ...]]]]:
    """name -> (pattern, the indices its code is compared on)."""
    grid = [(a, b) for a in range(20) for b in range(20)]
    line = [(n,) for n in range(200)]
    found = {
        "nim": find_patterns(Nim(), dims=2, upto=8).best,
        "lasker": find_patterns(LaskersNim(), upto=64).best,
        "ed": find_patterns(two.ED(), dims=2, upto=24).best,
        "knight": find_patterns(two.Knight(), dims=2, upto=32).best,
        "chess_piece": find_patterns(two.ChessPiece(), dims=2, upto=32).best,
        "corners": find_patterns(TurningCorners().single_coin_game(), dims=2, upto=10).best,
    }
    cases = {
        name: (p, [(a + 1, b + 1) for a, b in grid] if name in ("ed", "corners") else grid)
        for name, p in found.items()
    }
    cases["lasker"] = (found["lasker"], [(n + 1,) for n in range(200)])
    periodic = PeriodicSequence(start=2, values=(4, 0, 1, 1, 2), preperiod=2, period=3, saltus=0)
    cases["periodic"] = (
        Pattern("period 3", periodic, ("n",), "periodic", 6, N, rule=periodic),
        [(n + 2,) for n in range(200)],
    )
    arithmetic = PeriodicSequence(start=0, values=(0, 1, 3), preperiod=1, period=2, saltus=5)
    cases["arithmetic"] = (
        Pattern(
            "G(n + 2) = G(n) + 5", arithmetic, ("n",), "arithmetic-periodic", 5, N, rule=arithmetic
        ),
        line,
    )
    listed = ListedThen(head=(7, 7), start=0, then="n % 3 + n // 4")
    cases["listed"] = (
        Pattern(
            "listed",
            lambda n: (7, 7)[n] if n < 2 else n % 3 + n // 4,
            ("n",),
            "expression",
            7,
            N,
            rule=listed,
        ),
        line,
    )
    residue = ByResidue(("n // 2", "3*n - 7", "lowbit(n) ^ 1"))
    pieces = [lambda n: n // 2, lambda n: 3 * n - 7, lambda n: (n & -n) ^ 1]
    cases["residue"] = (
        Pattern("by residue", lambda n: pieces[n % 3](n), ("n",), "piecewise", 9, N, rule=residue),
        [(n,) for n in range(1, 200)],
    )
    text = "max(popcount(a), trailing_ones(b)) - min(v2(a), bitlen(b)) + (parity(a) ^ evil(b))"
    cases["helpers"] = (expression(text, ("a", "b")), grid)
    cases["floor"] = (expression("(n - 50) // 7 + (n - 50) % 7 - oddpart(n) % (n // 9 + 1)"), line)
    return cases


CASES = _patterns()


@pytest.mark.parametrize("name", CASES)
def test_python_code_computes_the_pattern(name):
    pattern, indices = CASES[name]
    namespace: dict = {}
    exec(emit_code(pattern, "python", name="g"), namespace)  # our own code
    assert [namespace["g"](*i) for i in indices] == [pattern(*i) for i in indices]
    huge = tuple(10**30 + i for i in indices[-1])
    assert namespace["g"](*huge) == pattern(*huge)  # exact past 64 bits


def test_cpp_code_computes_every_pattern(tmp_path):
    if shutil.which("g++") is None:
        pytest.skip("g++ is not installed (.ci/run installs it)")
    functions, calls = [], []
    for k, (name, (pattern, indices)) in enumerate(CASES.items()):
        code = emit_code(pattern, "cpp", name=f"g_{name}")
        # the helpers are static: each pattern goes in a namespace of its own
        functions.append(f"namespace n{k} {{\n{code}\n}}")
        for i in indices:
            calls.append(f'    std::printf("%lld\\n", n{k}::g_{name}({", ".join(map(str, i))}LL));')
    source = tmp_path / "patterns.cpp"
    source.write_text(
        "#include <algorithm>\n#include <cstdio>\n"  # before the namespaces: a file's scope
        + "\n".join(functions)
        + "\nint main() {\n"
        + "\n".join(calls)
        + "\n    return 0;\n}\n"
    )
    binary = tmp_path / "patterns"
    subprocess.run(
        ["g++", "-std=c++17", "-O1", "-Wall", "-Werror", "-o", str(binary), str(source)],
        check=True,
        capture_output=True,
    )
    out = subprocess.run([str(binary)], check=True, capture_output=True, text=True).stdout
    expected = [pattern(*i) for pattern, indices in CASES.values() for i in indices]
    assert list(map(int, out.split())) == expected


def test_cpp_answers_huge_indices_within_64_bits(tmp_path):
    if shutil.which("g++") is None:
        pytest.skip("g++ is not installed (.ci/run installs it)")
    knight, _ = CASES["knight"]
    ed, _ = CASES["ed"]
    big = [(10**18, 10**18 + 3), (999_999_999_999_999_937, 3), (5, 4 * 10**18)]
    lines = [f'    std::printf("%lld %lld\\n", k({a}LL, {b}LL), e({a}LL, {b}LL));' for a, b in big]
    source = tmp_path / "big.cpp"
    source.write_text(
        "#include <cstdio>\n"
        + emit_code(knight, "cpp", name="k")
        + "\n"
        + emit_code(ed, "cpp", name="e")
        + "\nint main() {\n"
        + "\n".join(lines)
        + "\n}\n"
    )
    subprocess.run(["g++", "-o", str(tmp_path / "big"), str(source)], check=True)
    out = subprocess.run([str(tmp_path / "big")], capture_output=True, text=True).stdout
    assert out.split() == [str(v) for a, b in big for v in (knight(a, b), ed(a, b))]


def test_nothing_to_write_is_one_line():
    halving = find_patterns(values=[0, 1, 0, 2, 0, 1, 0, 3] * 8).patterns
    kinds = {p.kind for p in halving}
    unsupported = next((p for p in halving if p.kind in ("halving", "shifted")), None)
    if unsupported is not None:
        with pytest.raises(InvalidPositionError, match="no code for a"):
            emit_code(unsupported)
    assert kinds
    with pytest.raises(InvalidPositionError, match="no code for language 'rust'"):
        emit_code(CASES["nim"][0], "rust")
    with pytest.raises(InvalidPositionError, match="not an identifier"):
        emit_code(CASES["nim"][0], name="1st")


def test_the_command_line_prints_code_to_paste(capsys, tmp_path):
    status, out, err = run_cli(
        capsys, "pattern", f"{EXAMPLES}:King", "--dims", "2", "--upto", "24", "--emit", "cpp"
    )
    assert status == 0, err
    assert out.startswith("// G(a, b) by region: b ≥ a: [0 1 | 3 2][a % 2][b % 2]")
    assert "proved (finite-window theorem" in out.splitlines()[0]
    assert "long long grundy_value(long long a, long long b) {" in out
    status, out, err = run_cli(capsys, "pattern", "nim", "--dims", "2", "--emit", "java")
    assert (status, out) == (2, "")
    assert err.strip() == "error: --emit 'java' is not one of python, cpp"
    status, out, err = run_cli(
        capsys, "pattern", "grundys-game", "--upto", "40", "--emit", "python"
    )
    assert status == 2 and err.startswith("error: no code to write: no pattern found")
    assert len(err.strip().splitlines()) == 1


def test_search_expressions_texts_are_what_the_code_reads():
    """Every helper the grammar prints is one the emitted code defines."""
    import numpy as np

    from grundy.patterns.emit import _CPP_HELPERS, _PYTHON_HELPERS

    found = search_expressions(np.arange(1, 40) & -np.arange(1, 40), ("n",), offsets=(1,))
    assert found.found[0].text == "lowbit(n)"
    assert set(HELPERS) <= set(_PYTHON_HELPERS) and set(HELPERS) <= set(_CPP_HELPERS)
