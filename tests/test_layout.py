"""The house's rules that import-linter cannot state: no module imports another package's private
name, and the app's state is read in one place (api/http/deps.py), never as a service locator."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("domain", "projections", "api", "benchmarks")


def modules() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def package_of(path: Path) -> str:
    """The dotted package a module file lives in (`api.http.routes`)."""
    return ".".join(path.relative_to(ROOT).parent.parts)


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports(path: Path) -> list[str]:
    """Each private name the module imports from a module of another package."""
    found = []
    here = package_of(path)
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            source = node.module.rsplit(".", 1)[0] if "." in node.module else node.module
            elsewhere = source != here and node.module != here
            parts = node.module.split(".")
            if elsewhere and parts[0] in PACKAGES:
                found += [f"{node.module}.{a.name}" for a in node.names if private(a.name)]
                found += [node.module for part in parts[1:] if private(part)][:1]
        elif isinstance(node, ast.Import):
            found += [
                a.name
                for a in node.names
                if a.name.split(".")[0] in PACKAGES and any(map(private, a.name.split(".")))
            ]
    return found


def test_no_module_imports_a_private_name_of_another_package() -> None:
    found = {str(p.relative_to(ROOT)): names for p in modules() if (names := private_imports(p))}
    assert found == {}


def test_a_private_name_from_a_module_of_another_package_is_found(tmp_path: Path) -> None:
    module = ROOT / "api" / "http" / "_probe_for_the_layout_test.py"
    module.write_text("from api.analytics.ingest.fanout import _watch\nimport api.store._x\n")
    try:
        assert private_imports(module) == ["api.analytics.ingest.fanout._watch", "api.store._x"]
    finally:
        module.unlink()


def test_the_apps_state_is_read_only_in_the_dependencies_module() -> None:
    readers = sorted(
        str(p.relative_to(ROOT))
        for p in (ROOT / "api").rglob("*.py")
        if ".state" in p.read_text() and "app.state" in p.read_text()
    )
    assert readers == ["api/http/deps.py"]
