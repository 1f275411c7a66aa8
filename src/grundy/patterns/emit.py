"""Code to paste: a found pattern as a self-contained Python or C++ function."""

from __future__ import annotations

import ast

from ..core.errors import InvalidPositionError
from .one_dim import ByResidue, ListedThen, PeriodicSequence
from .pattern import Pattern
from .plane import PlanePeriodicity

__all__ = ["emit_code", "LANGUAGES"]

#: The languages of :func:`emit_code`.
LANGUAGES = ("python", "cpp")

# ------------------------------------------------------------------ the helpers
# Each helper of the expression grammar, in Python (exact for ints of any size) and in
# C++ (long long, with Python's meaning: floor division, a remainder with the divisor's
# sign, v2(0) = 0). Only the helpers an expression calls are written out.
_PYTHON_HELPERS = {
    "lowbit": "def lowbit(x):\n    return x & -x",
    "lowunset": "def lowunset(x):\n    return ~x & (x + 1)",
    "v2": "def v2(x):\n    return (x & -x).bit_length() - 1 if x else 0",
    "bitlen": "def bitlen(x):\n    return x.bit_length()",
    "parity": "def parity(x):\n    return bin(x).count('1') & 1",
    "evil": "def evil(x):\n    return 1 - (bin(x).count('1') & 1)",
    "oddpart": "def oddpart(x):\n    return x >> v2(x)",
    "popcount": "def popcount(x):\n    return bin(x).count('1')",
    "trailing_ones": "def trailing_ones(x):\n    return v2(~x & (x + 1))",
    "nim_mul": (
        "def nim_mul(x, y, half=None):\n"
        "    if x < 2 or y < 2:\n"
        "        return x * y\n"
        "    if half is None:\n"
        "        half = 1\n"
        "        while max(x, y) >> (2 * half):\n"
        "            half *= 2\n"
        "    while half > 1 and not (max(x, y) >> half):\n"
        "        half //= 2\n"
        "    mask = (1 << half) - 1\n"
        "    a, b, c, d = x >> half, x & mask, y >> half, y & mask\n"
        "    ac, bd = nim_mul(a, c, half // 2 or 1), nim_mul(b, d, half // 2 or 1)\n"
        "    abcd = nim_mul(a ^ b, c ^ d, half // 2 or 1)\n"
        "    return ((abcd ^ bd) << half) ^ bd ^ nim_mul(ac, 1 << (half - 1), half // 2 or 1)"
    ),
}
_CPP_HELPERS = {
    "floordiv": (
        "static long long floordiv(long long x, long long y) {\n"
        "    long long q = x / y;\n"
        "    return (x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q;\n}"
    ),
    "mod": (
        "static long long mod(long long x, long long y) {\n"
        "    long long r = x % y;\n"
        "    return (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;\n}"
    ),
    "lowbit": "static long long lowbit(long long x) { return x & -x; }",
    "lowunset": "static long long lowunset(long long x) { return ~x & (x + 1); }",
    "v2": "static long long v2(long long x) { return x ? __builtin_ctzll(x) : 0; }",
    "bitlen": "static long long bitlen(long long x) { return x ? 64 - __builtin_clzll(x) : 0; }",
    "parity": "static long long parity(long long x) { return __builtin_parityll(x); }",
    "evil": "static long long evil(long long x) { return 1 - __builtin_parityll(x); }",
    "oddpart": "static long long oddpart(long long x) { return x ? x >> __builtin_ctzll(x) : 0; }",
    "popcount": "static long long popcount(long long x) { return __builtin_popcountll(x); }",
    "trailing_ones": "static long long trailing_ones(long long x) { return __builtin_ctzll(~x); }",
    "nim_mul": (
        "static unsigned long long nim_mul_(unsigned long long x, unsigned long long y,"
        " int half) {\n"
        "    if (x < 2 || y < 2) return x * y;\n"
        "    unsigned long long top = x > y ? x : y;\n"
        "    while (half > 1 && !(top >> half)) half /= 2;\n"
        "    unsigned long long mask = (1ULL << half) - 1;\n"
        "    unsigned long long a = x >> half, b = x & mask, c = y >> half, d = y & mask;\n"
        "    int next = half / 2 ? half / 2 : 1;\n"
        "    unsigned long long ac = nim_mul_(a, c, next), bd = nim_mul_(b, d, next);\n"
        "    unsigned long long abcd = nim_mul_(a ^ b, c ^ d, next);\n"
        "    return ((abcd ^ bd) << half) ^ bd ^ nim_mul_(ac, 1ULL << (half - 1), next);\n"
        "}\n"
        "static long long nim_mul(long long x, long long y) { return nim_mul_(x, y, 32); }"
    ),
}
_CPP_OPERATORS = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.BitXor: "^",
    ast.BitAnd: "&",
    ast.BitOr: "|",
}


def _calls(text: str, python: bool = True) -> list[str]:
    """The helpers an expression calls, in order of first use (with v2 for Python's
    oddpart and trailing_ones, which call it)."""
    names = [
        node.func.id
        for node in ast.walk(ast.parse(text, mode="eval"))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    ]
    needed = []
    for name in names:
        if python and name in ("oddpart", "trailing_ones") and "v2" not in needed:
            needed.append("v2")  # the Python forms call v2
        if name not in needed and name in _PYTHON_HELPERS:
            needed.append(name)
    return needed


def _cpp(node: ast.AST) -> str:
    """An expression of the grammar as C++ (fully parenthesised), its helpers by name."""
    if isinstance(node, ast.Expression):
        return _cpp(node.body)
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return f"{node.value}LL"
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return f"(-{_cpp(node.operand)})"
    if isinstance(node, ast.BinOp):
        left, right = _cpp(node.left), _cpp(node.right)
        if isinstance(node.op, ast.FloorDiv):
            return f"floordiv({left}, {right})"
        if isinstance(node.op, ast.Mod):
            return f"mod({left}, {right})"
        return f"({left} {_CPP_OPERATORS[type(node.op)]} {right})"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        args = ", ".join(_cpp(a) for a in node.args)
        name = node.func.id
        return f"std::{name}<long long>({args})" if name in ("min", "max") else f"{name}({args})"
    raise InvalidPositionError(f"cannot write {ast.dump(node)} as C++")  # pragma: no cover


def _cpp_helpers(texts: list[str]) -> list[str]:
    needed: list[str] = []
    for text in texts:
        tree = ast.parse(text, mode="eval")
        for node in ast.walk(tree):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.FloorDiv):
                needed.append("floordiv")
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
                needed.append("mod")
        needed += _calls(text, python=False)
    return [_CPP_HELPERS[n] for n in dict.fromkeys(needed) if n in _CPP_HELPERS]


# ------------------------------------------------------------------ the bodies
def _minus(term: str, c: int, *, grouped: bool = False) -> str:
    """`term` - c written plainly (``d``, ``d - 2``, ``d + 1``); in parentheses when
    `grouped` and there is a constant (the left operand of % or //)."""
    if c == 0:
        return f"({term})" if grouped and term.startswith("-") else term
    text = f"{term} - {c}" if c > 0 else f"{term} + {-c}"
    return f"({text})" if grouped else text


def _plane_terms(rule: PlanePeriodicity) -> tuple[str, str, str, str, str]:
    """The pieces of a plane rule's code: x, y from a, b; the offsets into the zones'
    periods (``d - above - 1`` and ``-d - below - 1``), and the corner's (``low - corner``)."""
    x, y = _minus("a", rule.start[0]), _minus("b", rule.start[1])
    inner = (_minus("d", rule.above + 1, grouped=True), _minus("-d", rule.below + 1, grouped=True))
    d, e = (f"{rule.above + 1} + {inner[0]}", f"{rule.below + 1} + {inner[1]}")
    if rule.above + 1 == 0:
        d = inner[0]
    if rule.below + 1 == 0:
        e = inner[1]
    return x, y, d, e, _minus("low", rule.corner, grouped=True)


def _body_python(pattern: Pattern) -> tuple[list[str], list[str]]:
    """(helper definitions, the function's body lines) in Python."""
    rule = pattern.rule
    if isinstance(rule, PlanePeriodicity):
        seed = "(\n" + "".join(f"    {row!r},\n" for row in rule.seed) + ")"
        x, y, d, e, low = _plane_terms(rule)
        return [], [
            f"SEED = {seed}",
            f"x, y = {x}, {y}",
            "d = y - x",
            f"if d > {rule.above}:",
            f"    y = x + {d} % {rule.q}",
            f"elif -d > {rule.below}:",
            f"    x = y + {e} % {rule.p}",
            "low = min(x, y)",
            f"if low >= {rule.corner + rule.s}:",
            f"    k = {low} // {rule.s} * {rule.s}",
            "    x, y = x - k, y - k",
            "return SEED[x][y]",
        ]
    if isinstance(rule, PeriodicSequence):
        return [], [
            f"VALUES = {rule.values!r}",
            f"i = n - {rule.start}",
            "if i < len(VALUES):",
            "    return VALUES[i]",
            f"laps, r = divmod(i - {rule.preperiod}, {rule.period})",
            f"return VALUES[{rule.preperiod} + r] + {rule.saltus} * laps",
        ]
    if isinstance(rule, ListedThen):
        helpers = [_PYTHON_HELPERS[n] for n in _calls(rule.then)]
        return helpers, [
            f"if n < {rule.start + len(rule.head)}:",
            f"    return {rule.head!r}[n - {rule.start}]",
            f"return {rule.then}",
        ]
    if isinstance(rule, ByResidue):
        k = len(rule.texts)
        helpers = [_PYTHON_HELPERS[n] for t in rule.texts for n in _calls(t)]
        lines = []
        for r, text in enumerate(rule.texts[:-1]):
            lines += [f"if n % {k} == {r}:", f"    return {text}"]
        return list(dict.fromkeys(helpers)), [*lines, f"return {rule.texts[-1]}"]
    _expression_only(pattern)
    return [_PYTHON_HELPERS[n] for n in _calls(pattern.formula)], [f"return {pattern.formula}"]


def _body_cpp(pattern: Pattern) -> tuple[list[str], list[str]]:
    """(helper definitions, the function's body lines) in C++ (long long)."""
    rule = pattern.rule
    if isinstance(rule, PlanePeriodicity):
        side = len(rule.seed)
        rows = ",\n".join("    {" + ", ".join(map(str, row)) + "}" for row in rule.seed)
        x, y, d, e, low = _plane_terms(rule)
        return [], [
            f"static const int SEED[{side}][{side}] = {{\n{rows}\n}};",
            f"long long x = {x}, y = {y}, d = y - x;",
            f"if (d > {rule.above}) y = x + {d} % {rule.q};",
            f"else if (-d > {rule.below}) x = y + {e} % {rule.p};",
            "long long low = x < y ? x : y;",
            f"if (low >= {rule.corner + rule.s}) {{",
            f"    long long k = {low} / {rule.s} * {rule.s};",
            "    x -= k;",
            "    y -= k;",
            "}",
            "return SEED[x][y];",
        ]
    if isinstance(rule, PeriodicSequence):
        values = ", ".join(map(str, rule.values))
        return [], [
            f"static const long long VALUES[{len(rule.values)}] = {{{values}}};",
            f"long long i = n - {rule.start};",
            f"if (i < {len(rule.values)}) return VALUES[i];",
            f"long long laps = (i - {rule.preperiod}) / {rule.period};",
            f"long long r = (i - {rule.preperiod}) % {rule.period};",
            f"return VALUES[{rule.preperiod} + r] + {rule.saltus}LL * laps;",
        ]
    if isinstance(rule, ListedThen):
        head = ", ".join(map(str, rule.head))
        return _cpp_helpers([rule.then]), [
            f"static const long long HEAD[{len(rule.head)}] = {{{head}}};",
            f"if (n < {rule.start + len(rule.head)}) return HEAD[n - {rule.start}];",
            f"return {_cpp(ast.parse(rule.then, mode='eval'))};",
        ]
    if isinstance(rule, ByResidue):
        k = len(rule.texts)
        lines = [
            f"if (n % {k} == {r}) return {_cpp(ast.parse(t, mode='eval'))};"
            for r, t in enumerate(rule.texts[:-1])
        ]
        last = _cpp(ast.parse(rule.texts[-1], mode="eval"))
        return _cpp_helpers(list(rule.texts)), [*lines, f"return {last};"]
    _expression_only(pattern)
    return _cpp_helpers([pattern.formula]), [
        f"return {_cpp(ast.parse(pattern.formula, mode='eval'))};"
    ]


def _expression_only(pattern: Pattern) -> None:
    if pattern.kind != "expression":
        raise InvalidPositionError(
            f"no code for a {pattern.kind!r} pattern yet: code is written for expressions, "
            "periods and rules periodic by region"
        )


def emit_code(pattern: Pattern, language: str = "python", *, name: str = "grundy_value") -> str:
    """Return a self-contained function, in Python or C++, that computes `pattern`.

    Python's is exact for ints of any size. C++'s takes and returns ``long long`` (the
    judge's usual 64-bit type): indices up to about 4·10^18, as long as the formula's
    intermediate values fit in 64 bits too (``3*n`` for n below 3·10^18); ``//`` and
    ``%`` keep Python's meaning. A comment above it says what it computes and how sure
    the pattern is.

    Parameters
    ----------
    pattern : Pattern
        A pattern of ``find_patterns``: an expression, a period, an expression after
        listed values, one expression for each residue of n, or a rule periodic by
        region in two indices.
    language : {"python", "cpp"}
    name : str
        The function's name.

    Raises
    ------
    InvalidPositionError
        An unknown language, or a kind of pattern with no code yet.

    Examples
    --------
    >>> from grundy.patterns import find_patterns
    >>> from grundy.patterns.emit import emit_code
    >>> from grundy.games import Nim
    >>> print(emit_code(find_patterns(Nim(), dims=2, upto=8).best, "cpp"))
    // G(a, b) = a ^ b   proved (Bouton's theorem); mex rule checked on 0 ≤ a < 8, 0 ≤ b < 8
    long long grundy_value(long long a, long long b) {
        return (a ^ b);
    }
    """
    if language not in LANGUAGES:
        raise InvalidPositionError(f"no code for language {language!r}: one of {LANGUAGES}")
    if not name.isidentifier():
        raise InvalidPositionError(f"the function's name {name!r} is not an identifier")
    arguments = ", ".join(pattern.variables)
    header = pattern.describe()
    if language == "python":
        helpers, body = _body_python(pattern)
        lines = [f"# {header}", *[h + "\n\n" for h in helpers]]
        lines.append(f"def {name}({arguments}):")
        lines += ["    " + line.replace("\n", "\n    ") for line in body]
        return "\n".join(lines)
    helpers, body = _body_cpp(pattern)
    cpp_args = ", ".join(f"long long {v}" for v in pattern.variables)
    lines = [f"// {header}"]
    if any("std::" in line for line in body):  # min and max come from <algorithm>
        lines.append("#include <algorithm>")
    lines += [h + "\n" for h in helpers]
    lines.append(f"long long {name}({cpp_args}) {{")
    lines += ["    " + line.replace("\n", "\n    ") for line in body]
    lines.append("}")
    return "\n".join(lines)
