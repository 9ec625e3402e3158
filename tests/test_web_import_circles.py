"""No import circles among the page's ES modules (api/web/**/*.js): each can be read before the
modules that import it, and every relative import names a file that exists."""

from __future__ import annotations

import re
from pathlib import Path

import grimp

from tests.test_import_circles import circles

WEB = Path(__file__).resolve().parents[1] / "api" / "web"
# `import {…} from "./x.js"` (over lines too), `export … from`, `import("./x.js")`
RELATIVE = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["'](\.\.?/[^"']+)["']""")


def module_graph(root: Path) -> tuple[grimp.ImportGraph, list[str]]:
    """Each .js file under `root` as a module named by its path (`gm/setup`), with an import to
    each file it names; and the imports that name no file there, as `importer -> specifier`."""
    root = root.resolve()
    graph, missing = grimp.ImportGraph(), []
    for path in sorted(root.rglob("*.js")):
        importer = path.relative_to(root).with_suffix("").as_posix()
        graph.add_module(importer)
        for specifier in RELATIVE.findall(path.read_text()):
            target = (path.parent / specifier).resolve()
            if target.is_file() and target.is_relative_to(root):
                imported = target.relative_to(root).with_suffix("").as_posix()
                graph.add_import(importer=importer, imported=imported)
            else:
                missing.append(f"{importer} -> {specifier}")
    return graph, missing


def test_no_module_of_the_page_imports_itself_through_others() -> None:
    graph, _ = module_graph(WEB)
    assert "gm/setup" in graph.find_modules_directly_imported_by("app")  # the parse sees imports
    assert circles(graph) == []


def test_every_relative_import_of_the_page_names_a_file_that_exists() -> None:
    assert module_graph(WEB)[1] == []


def test_two_modules_importing_each_other_are_a_circle_however_written(tmp_path: Path) -> None:
    (tmp_path / "gm").mkdir()
    (tmp_path / "app.js").write_text('import {\n  Library,\n} from "./gm/library.js";\n')
    (tmp_path / "gm" / "library.js").write_text("import { joining } from './setup.js';\n")
    (tmp_path / "gm" / "setup.js").write_text(
        'import { saveCreature } from "./library.js";\nconst later = () => import("./gone.js");\n'
    )
    (tmp_path / "gm" / "gone.js").write_text('export { x } from "./missing.js";\n')
    graph, missing = module_graph(tmp_path)
    assert graph.find_modules_directly_imported_by("app") == {"gm/library"}
    assert graph.find_modules_directly_imported_by("gm/setup") == {"gm/library", "gm/gone"}
    assert circles(graph) == [["gm/library", "gm/setup", "gm/library"]]
    assert missing == ["gm/gone -> ./missing.js"]
