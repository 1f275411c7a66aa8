"""The package is a DAG of layers, each a folder: no module imports a layer above its own,
and no modules import each other in a circle.

core ← impartial ← algorithms ← catalog ← application ← interfaces, read from the source
(ast), so that lazy imports inside functions and imports for type checking count too
(docs/architecture.md shows the layers).
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src"

# Module name prefix -> layer; the longest matching prefix decides.
LAYERS = {
    "grundy.core": 0,  # core: protocol, errors, sums, solvers, graphs, long-run plumbing
    "grundy.nimbers": 0,
    "grundy.display": 0,  # pictures and tables for notebooks
    "grundy.impartial": 1,  # impartial games and what they answer
    "grundy": 1,  # the package itself re-exports core, nimbers and impartial
    "grundy.heaps": 2,  # algorithms
    "grundy.patterns": 2,
    "grundy.misere": 2,
    "grundy.partizan": 2,
    "grundy.twoplayer": 2,
    "grundy.games": 3,  # catalog
    "grundy.twoplayer.games": 3,
    "grundy.partizan.games": 3,
    "grundy.app": 4,  # application
    "grundy.cli": 5,  # interfaces
    "grundy.__main__": 5,
    "grundy.web": 5,
    "grundy.scale": 5,
}
NAMES = {
    0: "core",
    1: "impartial",
    2: "algorithms",
    3: "catalog",
    4: "application",
    5: "interfaces",
}
#: The only modules at the top of the package: the layers are folders.
TOP = {"grundy", "grundy.__main__"}


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


def import_graph(files: dict[Path, str]) -> nx.DiGraph:
    """Module -> the modules it imports; a name imported from a package counts as that
    package's module when it is one, else as the package (its ``__init__``)."""
    modules = {module_name(path) for path in files}
    graph = nx.DiGraph()
    for path, text in files.items():
        name = module_name(path)
        graph.add_node(name)
        for _, target in imported(path, ast.parse(text)):
            parts = target.split(".")
            while ".".join(parts) not in modules:
                parts.pop()
            if ".".join(parts) != name:
                graph.add_edge(name, ".".join(parts))
    return graph


def circles(files: dict[Path, str]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a circle."""
    groups = nx.strongly_connected_components(import_graph(files))
    return sorted(sorted(group) for group in groups if len(group) > 1)


def source_files() -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted((SOURCE / "grundy").rglob("*.py"))}


def test_no_module_imports_a_higher_layer():
    assert violations(source_files()) == []


def test_no_modules_import_each_other_in_a_circle():
    assert circles(source_files()) == []


def test_the_layers_are_folders():
    top = {module_name(p) for p in source_files() if p.parent == SOURCE / "grundy"}
    assert top == TOP


@pytest.mark.parametrize(
    ("module", "line", "layer"),
    [
        ("impartial/game.py", "from ..games import Nim", "catalog"),  # impartial -> catalog
        ("core/solver.py", "    from ..cli import app", "interfaces"),  # lazy, still counted
        ("core/sums.py", "from .. import ImpartialGame", "impartial"),  # the package's names
        ("heaps/codes.py", "from ..games.subtraction import Bash", "catalog"),
        ("twoplayer/tiers.py", "from ..scale import make_engine", "interfaces"),
        ("games/nim.py", "from ..app import registry", "application"),
    ],
)
def test_an_import_from_above_is_caught(module, line, layer):
    files = source_files()
    path = SOURCE / "grundy" / module
    body = "def f():\n" + line if line.startswith(" ") else line
    files[path] = files[path] + "\n" + body + "\n"
    found = violations(files)
    assert len(found) == 1 and found[0].endswith(f"({layer})"), found


@pytest.mark.parametrize(
    ("module", "line", "circle"),
    [
        ("core/errors.py", "from .solver import mex", ["grundy.core.errors", "grundy.core.solver"]),
        (  # only for the type checker: still a circle
            "core/sums.py",
            "if TYPE_CHECKING:\n    from .solver import GrundySolver",
            ["grundy.core.solver", "grundy.core.sums"],
        ),
        (  # a package's module importing the package, which imports it
            "games/nim.py",
            "    from . import Wythoff",
            ["grundy.games", "grundy.games.nim"],
        ),
    ],
)
def test_a_circle_is_caught(module, line, circle):
    files = source_files()
    path = SOURCE / "grundy" / module
    body = "def f():\n" + line if line.startswith(" ") else line
    files[path] = files[path] + "\n" + body + "\n"
    assert circle in circles(files)


def test_every_module_has_a_layer():
    for path in source_files():
        layer_of(module_name(path))
