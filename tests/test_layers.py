"""The package is a DAG of layers: no module imports a layer above its own.

core ← algorithms ← catalog ← application ← interfaces, read from the source (ast), so
that lazy imports inside functions count too (docs/architecture.md shows the layers).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src"

# Module name prefix -> layer; the longest matching prefix decides.
LAYERS = {
    "grundy": 0,  # core: the package itself and its top-level modules
    "grundy.heaps": 1,  # algorithms
    "grundy.loopy": 1,
    "grundy.patterns": 1,
    "grundy.misere": 1,
    "grundy.partizan": 1,
    "grundy.twoplayer": 1,
    "grundy.games": 2,  # catalog
    "grundy.twoplayer.games": 2,
    "grundy.partizan.games": 2,
    "grundy.registry": 3,  # application
    "grundy.reports": 3,
    "grundy.partizan_reports": 3,
    "grundy.play": 3,
    "grundy.cli": 4,  # interfaces
    "grundy.__main__": 4,
    "grundy.web": 4,
    "grundy.scale": 4,
}
NAMES = {0: "core", 1: "algorithms", 2: "catalog", 3: "application", 4: "interfaces"}


def layer_of(module: str) -> int:
    """The layer of a dotted module name (its longest prefix in LAYERS)."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        prefix = ".".join(parts[:end])
        if prefix in LAYERS:
            return LAYERS[prefix]
    raise AssertionError(f"{module} is in no layer")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path, tree: ast.AST) -> list[tuple[int, str]]:
    """(line, module) of every grundy module `tree` imports, at any depth."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("grundy")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("grundy"):
                continue
            if node.module is None or target in LAYERS or target == "grundy":
                # `from . import heaps`: each name may be a module of its own
                found += [(node.lineno, f"{target}.{a.name}") for a in node.names]
            else:
                found.append((node.lineno, target))
    return found


def violations(files: dict[Path, str]) -> list[str]:
    found = []
    for path, text in files.items():
        name = module_name(path)
        own = layer_of(name)
        for line, target in imported(path, ast.parse(text)):
            if layer_of(target) > own:
                found.append(
                    f"{path.relative_to(SOURCE)}:{line}: {name} ({NAMES[own]}) imports "
                    f"{target} ({NAMES[layer_of(target)]})"
                )
    return found


def source_files() -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted((SOURCE / "grundy").rglob("*.py"))}


def test_no_module_imports_a_higher_layer():
    assert violations(source_files()) == []


@pytest.mark.parametrize(
    ("module", "line", "layer"),
    [
        ("impartial.py", "from .games import Nim", "catalog"),  # core -> catalog
        ("solver.py", "    from .cli import app", "interfaces"),  # lazy, still counted
        ("heaps/codes.py", "from ..games.subtraction import Bash", "catalog"),
        ("twoplayer/tiers.py", "from ..scale import make_engine", "interfaces"),
        ("games/nim.py", "from .. import registry", "application"),
    ],
)
def test_an_import_from_above_is_caught(module, line, layer):
    files = source_files()
    path = SOURCE / "grundy" / module
    body = "def f():\n" + line if line.startswith(" ") else line
    files[path] = files[path] + "\n" + body + "\n"
    found = violations(files)
    assert len(found) == 1 and found[0].endswith(f"({layer})"), found


def test_every_module_has_a_layer():
    for path in source_files():
        layer_of(module_name(path))
