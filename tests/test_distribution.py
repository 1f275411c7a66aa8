"""The distribution (pyproject.toml): one version, named by the changelog; every file the
package reads at run time declared as package data; the extras. `.ci/wheel` builds the
wheel and installs it in a fresh environment."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path, PurePosixPath

import pytest

import grundy

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
# A released version's heading: "## [0.1.0] - 2026-11-25" (Keep a Changelog).
RELEASE = re.compile(r"^## \[(?P<version>[^\]]+)\] - \d{4}-\d{2}-\d{2}$", re.M)


def newest_release(changelog: str) -> str:
    """The version of the changelog's first dated heading ([Unreleased] has no date)."""
    found = RELEASE.search(changelog)
    if found is None:
        raise ValueError("the changelog has no released version")
    return found["version"]


def test_newest_release_reads_the_first_dated_heading():
    text = "# Changelog\n\n## [Unreleased]\n\n- x\n\n## [1.2.0] - 2027-01-02\n\n## [1.1.0] - 2026"
    assert newest_release(text) == "1.2.0"
    with pytest.raises(ValueError, match="no released version"):
        newest_release("## [Unreleased]\n## [1.0.0]\n")


def test_the_changelog_names_the_package_version():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert newest_release(changelog) == grundy.__version__


def test_the_version_is_written_once():
    # setuptools reads grundy.__version__ from the source (a literal: no import needed).
    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    assert SETUPTOOLS["dynamic"]["version"] == {"attr": "grundy.__version__"}
    source = (ROOT / "src" / "grundy" / "__init__.py").read_text(encoding="utf-8")
    assert re.findall(r'^__version__ = "([^"]+)"$', source, re.M) == [grundy.__version__]


def _package_of(path: Path, source: Path) -> tuple[str, PurePosixPath]:
    """The package (nearest folder up with ``__init__.py``) holding `path`, and the path
    relative to it."""
    folder = path.parent
    while not (folder / "__init__.py").exists():
        folder = folder.parent
    name = ".".join(folder.relative_to(source).parts)
    return name, PurePosixPath(path.relative_to(folder).as_posix())


def _declared(relative: PurePosixPath, patterns: list[str]) -> bool:
    # setuptools globs match part by part ("static/*" is not "static/sub/x.js").
    return any(
        len(parts := PurePosixPath(p).parts) == len(relative.parts)
        and all(fnmatch.fnmatchcase(a, b) for a, b in zip(relative.parts, parts, strict=True))
        for p in patterns
    )


def test_every_data_file_of_the_package_is_declared():
    source = ROOT / "src"
    declared = SETUPTOOLS["package-data"]
    data = [
        p
        for p in (source / "grundy").rglob("*")
        if p.is_file()
        and p.suffix not in {".py", ".pyc", ".nbi", ".nbc"}
        and "__pycache__" not in p.parts
    ]
    assert any(p.name == "index.html" for p in data) and any(p.name == "py.typed" for p in data)
    undeclared = []
    for path in data:
        package, relative = _package_of(path, source)
        if not _declared(relative, declared.get(package, []) + declared.get("*", [])):
            undeclared.append(f"{package}: {relative}")
    assert undeclared == []


def test_the_part_by_part_match():
    assert _declared(PurePosixPath("static/a.js"), ["static/*"])
    assert not _declared(PurePosixPath("static/sub/a.js"), ["static/*"])
    assert not _declared(PurePosixPath("x/static/a.js"), ["static/*"])


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\[<>=!~; ]", r, maxsplit=1)[0].lower() for r in requirements}


def test_the_extras():
    extras = PROJECT["optional-dependencies"]
    assert {"web", "ray", "plot", "graphs", "docs", "dev"} <= set(extras)
    dev = _names(extras["dev"])
    # dev holds the tools CI runs: the tests', the site's (docs) and the wheel's.
    assert {"build", "twine", "pytest", "ruff", "mypy"} <= dev
    for extra in ("web", "ray", "plot", "graphs", "docs"):
        assert _names(extras[extra]) <= dev, extra


def test_the_metadata_pypi_shows():
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    description = PROJECT["description"]
    assert "impartial" in description and "partizan" in description
    assert "\n" not in description  # a summary is one line
    classifiers = PROJECT["classifiers"]
    assert "Typing :: Typed" in classifiers
    assert not any(c.startswith("License ::") for c in classifiers)  # the SPDX field says it
    python = re.fullmatch(r">=3\.(\d+)", PROJECT["requires-python"])
    assert python and f"Programming Language :: Python :: 3.{python[1]}" in classifiers
