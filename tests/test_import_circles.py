"""No import circles in `domain`, `projections`, `api` or `benchmarks`: each module can be read
before the modules that import it (type-checking and function-level imports count too)."""

from __future__ import annotations

import grimp


def circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Each circle in `graph`, as the chain of modules from one back to itself."""
    found: dict[frozenset[str], list[str]] = {}
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back is not None:
                found.setdefault(frozenset(back), [module, *back])
    return list(found.values())


def test_no_module_imports_itself_through_others() -> None:
    graph = grimp.build_graph("domain", "projections", "api", "benchmarks", cache_dir=None)
    assert circles(graph) == []


def test_a_keeper_and_a_model_importing_each_other_are_a_circle() -> None:
    graph = grimp.ImportGraph()
    for module in ("api", "api.keeper", "api.model", "api.reports"):
        graph.add_module(module)
    graph.add_import(importer="api.keeper", imported="api.model")
    graph.add_import(importer="api.model", imported="api.keeper")
    graph.add_import(importer="api.reports", imported="api.model")
    assert circles(graph) == [["api.keeper", "api.model", "api.keeper"]]
