"""No function in domain/, projections/ or api/ runs past 60 lines (issue 14, "Done when")."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LONGEST = 60
# Functions over the limit today, each to be split and struck off; the lead empties this list.
KNOWN_EXCEPTIONS: frozenset[str] = frozenset()


def long_functions() -> dict[str, int]:
    """`path:function` → its length in lines (decorators included), for those over the limit."""
    found = {}
    for package in ("domain", "projections", "api"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                    length = (node.end_lineno or node.lineno) - first + 1
                    if length > LONGEST:
                        found[f"{path.relative_to(ROOT)}:{node.name}"] = length
    return found


def test_no_function_in_the_service_runs_past_sixty_lines() -> None:
    found = long_functions()
    assert {name: n for name, n in found.items() if name not in KNOWN_EXCEPTIONS} == {}
    assert set(found) >= KNOWN_EXCEPTIONS, "a known exception was fixed: strike it off the list"
