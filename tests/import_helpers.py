"""The import fixtures (tests/import_fixtures/, written from the formats' public field names) and
what the tests read of an import."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from api.library.importers import Imported, read_file

FIXTURES = Path(__file__).parent / "import_fixtures"


def imported(name: str, ruleset: str | None = None) -> Imported:
    """A fixture file read by the importers."""
    return read_file((FIXTURES / name).read_bytes(), ruleset)


def entries(name: str, ruleset: str | None = None) -> dict[str, dict[str, Any]]:
    """The library entries of a fixture, by id."""
    return {c.creature.id: c.creature.model_dump() for c in imported(name, ruleset).creatures}


def lines_of(name: str, creature_id: str, ruleset: str | None = None) -> list[tuple[str, str, str]]:
    """One creature's report: (source, outcome, detail) per line."""
    for read in imported(name, ruleset).creatures:
        if read.creature.id == creature_id:
            return [(x.source, x.outcome, x.detail) for x in read.lines]
    raise KeyError(creature_id)


def sources(name: str, creature_id: str, ruleset: str | None = None) -> set[str]:
    """Every source field the report names for a creature."""
    return {source for source, _, _ in lines_of(name, creature_id, ruleset)}
