"""Hooks of the documentation site (``hooks:`` in mkdocs.yml): README.md as the home page,
and one API reference page per package, written at build time from its ``__all__``."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "HOME",
    "REFERENCE_INDEX",
    "Module",
    "Package",
    "home_page",
    "packages",
    "reference_index",
    "reference_nav",
    "reference_page",
    "on_config",
    "on_files",
]

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src"
HOME = "index.md"
REFERENCE_INDEX = "reference/index.md"
# README.md links to the docs from the repository root; the site serves docs/ as its root.
_DOCS_LINK = re.compile(r"(\]\(|<img src=\")docs/")


@dataclass(frozen=True)
class Module:
    """A module as the reference shows it: its dotted name and its public names.

    Parameters
    ----------
    name : str
        The dotted name, ``grundy.core.errors``.
    names : tuple of str or None
        Its ``__all__``, in order; None when it has none.

    Examples
    --------
    >>> Module("grundy.core.errors", ("GrundyError",)).names
    ('GrundyError',)
    """

    name: str
    names: tuple[str, ...] | None


@dataclass(frozen=True)
class Package:
    """A package (a folder with ``__init__.py``) and what its reference page lists.

    A package with ``__all__`` is documented by those names; one without (``grundy.core``,
    ``grundy.app``) by the ``__all__`` of each of its public modules.

    Parameters
    ----------
    name : str
        The dotted name, ``grundy.partizan.games``.
    summary : str
        The first paragraph of its docstring, on one line.
    names : tuple of str or None
        Its ``__all__``, in order; None when it has none.
    modules : tuple of Module
        Its public modules (no leading underscore, not ``__main__``) that have ``__all__``.
    shadowed : dict of str to str
        The names of `names` that are also the names of its submodules, each with the path
        of the object it imports (``survey``: ``grundy.scale.survey.survey``). griffe takes
        such a name for the submodule, so the page documents the object by that path.

    Examples
    --------
    >>> games = next(p for p in packages() if p.name == "grundy.games")
    >>> games.page, "Nim" in games.names
    ('reference/grundy.games.md', True)
    """

    name: str
    summary: str
    names: tuple[str, ...] | None
    modules: tuple[Module, ...]
    shadowed: dict[str, str] = field(default_factory=dict)

    @property
    def page(self) -> str:
        """Where its reference page is, in the site's sources."""
        return f"reference/{self.name}.md"


def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _read_all(tree: ast.Module, path: Path) -> tuple[str, ...] | None:
    """The ``__all__`` of a module, read without importing it (None if it has none)."""
    names = None
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            try:
                value = ast.literal_eval(node.value)  # type: ignore[union-attr, arg-type]
            except ValueError:
                value = None
            if not isinstance(value, list | tuple) or not all(isinstance(n, str) for n in value):
                # A computed __all__ could not be listed without importing: say so.
                raise ValueError(f"{path}: __all__ is not a literal list of strings")
            names = tuple(value)
    return names


def _imported_from(tree: ast.Module, package: str) -> dict[str, str]:
    """Each name a package's ``__init__`` imports from its own modules: its full path."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            module = f"{base}.{node.module}" if node.module else base
            for alias in node.names:
                found[alias.asname or alias.name] = f"{module}.{alias.name}"
    return found


def packages(source: Path = SOURCE) -> list[Package]:
    """Every package under `source`, sorted by name, with what its page documents.

    Parameters
    ----------
    source : Path
        The folder that holds the ``grundy`` package (``src/``).

    Returns
    -------
    list of Package
        ``grundy`` first, then its subpackages in alphabetical order.

    Raises
    ------
    ValueError
        When an ``__all__`` is not a literal list of strings.

    Examples
    --------
    >>> [p.name for p in packages()][:3]
    ['grundy', 'grundy.app', 'grundy.cli']
    """
    found = []
    for init in sorted(source.rglob("__init__.py")):
        folder = init.parent
        name = ".".join(folder.relative_to(source).parts)
        tree = _parse(init)
        names = _read_all(tree, init)
        modules = []
        for path in sorted(folder.glob("*.py")):
            if path.stem.startswith("_"):  # private modules, __init__ and __main__
                continue
            modules.append(Module(f"{name}.{path.stem}", _read_all(_parse(path), path)))
        imported = _imported_from(tree, name)
        submodules = {p.stem for p in folder.glob("*.py")} | {
            p.parent.name for p in folder.glob("*/__init__.py")
        }
        shadowed = {n: imported[n] for n in names or () if n in submodules and n in imported}
        # The summary: the docstring's first paragraph, often a sentence over two lines.
        docstring = (ast.get_docstring(tree) or "").strip()
        summary = " ".join(docstring.split("\n\n")[0].split())
        summary = re.sub(r":\w+:`", "`", summary)  # a Sphinx role: code, as on the pages
        found.append(Package(name, summary, names, tuple(modules), shadowed))
    return found


def _options(members: tuple[str, ...], indent: str = "    ") -> str:
    lines = [f"{indent}options:", f"{indent}  members:"]
    lines += [f"{indent}    - {member}" for member in members]
    return "\n".join(lines)


def reference_page(package: Package) -> str:
    """The Markdown of `package`'s reference page: mkdocstrings blocks listing its names.

    Parameters
    ----------
    package : Package
        What to document.

    Returns
    -------
    str
        A ``::: package`` block with ``members`` set to its ``__all__``; for a package
        without one, its docstring and a block per public module with that module's
        ``__all__``.

    Examples
    --------
    >>> nimbers = next(p for p in packages() if p.name == "grundy.nimbers")
    >>> print(reference_page(nimbers).splitlines()[0])
    # grundy.nimbers
    >>> "    - nim_mul" in reference_page(nimbers)
    True
    """
    parts = [f"# {package.name}", ""]
    if package.names is not None:
        members = tuple(n for n in package.names if n not in package.shadowed)
        parts += [f"::: {package.name}", _options(members)]
        for path in package.shadowed.values():
            parts += ["", f"::: {path}", "    options:", "      show_root_heading: true"]
    else:
        parts += [f"::: {package.name}", "    options:", "      members: false"]
        for module in package.modules:
            if module.names:
                parts += ["", f"::: {module.name}", _options(module.names)]
                parts += ["      show_root_heading: true", "      heading_level: 2"]
    return "\n".join(parts) + "\n"


def reference_index(found: list[Package]) -> str:
    """The Markdown of the reference's first page: each package with its summary.

    Parameters
    ----------
    found : list of Package
        The packages, as `packages` lists them.

    Returns
    -------
    str
        A heading and a table linking each package's page.

    Examples
    --------
    >>> print(reference_index(packages()).splitlines()[4])
    | [`grundy`](grundy.md) | grundy: exact, fast analysis of impartial combinatorial games. |
    """
    lines = [
        "# API reference",
        "",
        "| package | what it holds |",
        "|---|---|",
    ]
    for package in found:
        summary = package.summary.replace("|", "\\|")
        lines.append(f"| [`{package.name}`]({package.name}.md) | {summary} |")
    lines += [
        "",
        "Each page lists the package's `__all__`, in its order. `grundy.core` and",
        "`grundy.app` have none (`grundy` exports the core's public names): their pages",
        "list each module's `__all__`.",
    ]
    return "\n".join(lines) + "\n"


def reference_nav(found: list[Package]) -> list[Any]:
    """The navigation of the reference: its first page, then a page per package.

    Parameters
    ----------
    found : list of Package
        The packages, as `packages` lists them.

    Returns
    -------
    list
        mkdocs ``nav`` entries.

    Examples
    --------
    >>> reference_nav(packages())[:2]
    ['reference/index.md', {'grundy': 'reference/grundy.md'}]
    """
    return [REFERENCE_INDEX, *({p.name: p.page} for p in found)]


def home_page(readme: str) -> str:
    """README.md as the site's home page: its links into ``docs/`` made relative to it.

    Parameters
    ----------
    readme : str
        The text of README.md.

    Returns
    -------
    str
        The same Markdown, ``docs/x.md`` links now ``x.md``.

    Examples
    --------
    >>> home_page("see [the cookbook](docs/cookbook.md) and `docs/tutorial.md`")
    'see [the cookbook](cookbook.md) and `docs/tutorial.md`'
    """
    return _DOCS_LINK.sub(r"\1", readme)


def _expand(nav: list[Any], found: list[Package]) -> bool:
    """Replace the nav entry that names the reference index by the whole reference."""
    for i, entry in enumerate(nav):
        if isinstance(entry, dict):
            for title, value in entry.items():
                if value == REFERENCE_INDEX:
                    nav[i] = {title: reference_nav(found)}
                    return True
                if isinstance(value, list) and _expand(value, found):
                    return True
    return False


def on_config(config: Any) -> Any:
    """mkdocs event: the nav's reference entry becomes one page per package."""
    if config["nav"] is not None and not _expand(config["nav"], packages()):
        raise ValueError(f"mkdocs.yml: the nav names no {REFERENCE_INDEX!r}")
    return config


def on_files(files: Any, config: Any) -> Any:
    """mkdocs event: add the home page and the reference pages, generated, to the site."""
    from mkdocs.structure.files import File

    found = packages()
    pages = {HOME: home_page((ROOT / "README.md").read_text(encoding="utf-8"))}
    pages[REFERENCE_INDEX] = reference_index(found)
    pages.update({p.page: reference_page(p) for p in found})
    for uri, content in pages.items():
        if files.get_file_from_path(uri) is not None:
            raise ValueError(f"docs/{uri} exists, but the site generates it")
        files.append(File.generated(config, uri, content=content))
    return files
