"""The documentation site (mkdocs.yml, docs/hooks.py): a reference page for every package
that lists every public name, README.md as the home page with working links, and a
`mkdocs build --strict` that renders every one of those names (a slow test)."""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src"


def _load_hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("site_hooks", ROOT / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


hooks = _load_hooks()
PACKAGES = hooks.packages()


def _import(name: str) -> ModuleType:
    if name.startswith("grundy.web"):
        pytest.importorskip("fastapi")
    return importlib.import_module(name)


def public_names(package: str) -> dict[str, str]:
    """Each public name the reference must show for `package`, imported (not read from
    the source as the hook does), with the object's path on the page."""
    module = _import(package)
    if hasattr(module, "__all__"):
        shown = {}
        for name in module.__all__:
            shown[name] = f"{package}.{name}"
            obj = getattr(module, name)
            submodule = sys.modules.get(f"{package}.{name}")
            if submodule is not None and submodule is not obj:
                # A function named like its module: documented by its own path.
                shown[name] = f"{obj.__module__}.{obj.__qualname__}"
        return shown
    shown = {}
    folder = SOURCE.joinpath(*package.split("."))
    for path in sorted(folder.glob("*.py")):
        if not path.stem.startswith("_"):
            inner = _import(f"{package}.{path.stem}")
            shown.update({f"{inner.__name__}.{n}": f"{inner.__name__}.{n}" for n in inner.__all__})
    return shown


def test_every_package_has_a_page():
    folders = sorted(p.parent for p in (SOURCE / "grundy").rglob("__init__.py"))
    expected = [".".join(f.relative_to(SOURCE).parts) for f in folders]
    assert [p.name for p in PACKAGES] == sorted(expected)
    assert PACKAGES[0].name == "grundy" and len(PACKAGES) >= 15


def test_the_nav_holds_every_reference_page():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    hooks.on_config(config)
    pages = []

    def walk(entry: object) -> None:
        if isinstance(entry, dict):
            for value in entry.values():
                walk(value)
        elif isinstance(entry, list):
            for value in entry:
                walk(value)
        else:
            pages.append(entry)

    walk(config["nav"])
    assert [p for p in pages if str(p).startswith("reference/")] == [
        hooks.REFERENCE_INDEX,
        *(p.page for p in PACKAGES),
    ]
    docs = {p.name for p in (ROOT / "docs").glob("*.md")}
    assert {"tutorial.md", "cookbook.md", "scaling.md", "playground.md", "architecture.md"} <= docs
    # Every Markdown page of docs/ is on the site's nav, the home page first.
    assert pages[0] == hooks.HOME and docs <= set(pages)


def test_a_nav_without_the_reference_is_refused():
    with pytest.raises(ValueError, match="reference/index.md"):
        hooks.on_config({"nav": [{"Home": "index.md"}]})


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_every_public_name_is_on_its_page(package):
    page = hooks.reference_page(package)
    blocks = re.findall(r"^::: (\S+)$", page, re.M)
    members = set(re.findall(r"^ +- (\S+)$", page, re.M))
    for name, path in public_names(package.name).items():
        listed = path in blocks  # rendered as a block of its own
        if package.names is not None:
            listed = listed or (name in members and path == f"{package.name}.{name}")
        else:  # a module's name: the module's block lists it
            module, short = path.rsplit(".", 1)
            listed = module in blocks and short in members
        assert listed, f"{path} is not on {package.page}"


def test_the_generated_pages_hold_no_examples_of_their_own():
    # Their examples are the docstrings' (run by --doctest-modules) and README's (run by
    # --doctest-glob and tests/test_docs.py): nothing shown on the site goes unrun.
    for page in [hooks.reference_index(PACKAGES), *map(hooks.reference_page, PACKAGES)]:
        assert "```" not in page and ">>>" not in page and "\n$ " not in page


def test_a_function_named_like_its_module_gets_its_own_block():
    scale = next(p for p in PACKAGES if p.name == "grundy.scale")
    assert scale.shadowed["survey"] == "grundy.scale.survey.survey"
    page = hooks.reference_page(scale)
    assert "::: grundy.scale.survey.survey" in page and "    - survey\n" not in page


def test_the_home_page_is_the_readme_with_working_links():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    home = hooks.home_page(readme)
    assert home.splitlines()[0] == "# grundy" and "## Speed" in home  # the speed tables
    links = re.findall(r"\]\(([^)\s]+)\)", home)
    local = [link.split("#")[0] for link in links if not re.match(r"[a-z]+:|#", link)]
    assert "cookbook.md" in local and "images/analyse-nim.png" in local
    assert [link for link in local if not (ROOT / "docs" / link).is_file()] == []


@pytest.mark.slow
def test_the_site_builds_strict_and_shows_every_public_name(tmp_path):
    pytest.importorskip("mkdocstrings")
    site = tmp_path / "site"
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert built.returncode == 0, built.stderr[-3000:]
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'id="speed"' in home
    missing = []
    for package in PACKAGES:
        html = (site / "reference" / package.name / "index.html").read_text(encoding="utf-8")
        anchors = set(re.findall(r'id="([^"]+)"', html))
        missing += [p for p in public_names(package.name).values() if p not in anchors]
    assert missing == []
