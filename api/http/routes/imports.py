"""Creatures brought from other tools into the caller's table's library (and its party roster),
with a table's key: a file's text in, every creature kept or none, a report of each field."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api.http.deps import Library
from api.http.problems import HttpProblem, Problem
from api.http.schemas.imports import FileToImport, ImportReport, ImprovedInitiativeFile
from api.library.importers import ImportProblem, as_json, read_file
from api.library.importers.shapes import READS
from api.library.importers.to_improved_initiative import export_file
from domain.rulesets import System

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "description": text}
    for code, text in {
        401: "No token", 403: "Not a table's key",
        413: "Body too large (1 MB)",
        422: "A file the importers cannot read: `file`, the place in it and the creature named",
    }.items()
}  # fmt: skip
router = APIRouter(prefix="/library", tags=["library"], responses=ERRORS)


@router.post("/import-file", response_model=ImportReport)
def import_file(body: FileToImport, keeper: Library) -> ImportReport:
    """Read a Foundry VTT, Improved Initiative or SRD text file into library entries and keep
    them all (or, with `dry_run`, none), answering what came across and what did not."""
    try:
        imported = read_file(body.file, body.ruleset)
    except ImportProblem as exc:
        raise HttpProblem(
            422, "Cannot import", f"{body.name}: {exc.reason}", field_of(exc)
        ) from None
    creatures = [read.creature for read in imported.creatures]
    saved = {(c.ruleset, c.id) for c in keeper.creatures()}
    replaced = [c.id for c in creatures if (c.ruleset, c.id) in saved]
    if not body.dry_run:
        keeper.save(creatures)
    report = as_json(imported)
    return ImportReport(kept=not body.dry_run, imported=0 if body.dry_run else len(creatures),
                        replaced=replaced, **report)  # fmt: skip


@router.get("/export/improved-initiative", response_model=ImprovedInitiativeFile)
def export_improved_initiative(
    keeper: Library, ruleset: System | None = None
) -> ImprovedInitiativeFile:
    """The library (of one ruleset when given; 3.5, d20 Modern and Starfinder creatures) as an
    Improved Initiative export file: `Creatures.<id>` and `PersistentCharacters.<id>` stat
    blocks."""
    found = export_file([c for c in keeper.creatures(ruleset) if c.ruleset in READS])
    return ImprovedInitiativeFile.model_validate(found)


def field_of(problem: ImportProblem) -> str:
    """The body's field at fault: `ruleset`, `file`, or the place in the file (`file[2].type`,
    `file.HP.Value`)."""
    if problem.field in ("file", "ruleset"):
        return problem.field
    return f"file{'' if problem.field.startswith('[') else '.'}{problem.field}"
