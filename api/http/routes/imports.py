"""Creatures brought from other tools into the caller's table's library (and its party roster),
with a table's key: a file's text in, every creature kept or none, a report of each field."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from fastapi import APIRouter, Response
from fastapi.concurrency import run_in_threadpool

from api.compute.offload import off_loop
from api.http.deps import Commits, Library, Service, TableId, TokensDep, Writer
from api.http.problems import HttpProblem, Problem
from api.http.routes.encounters import NO_STORE
from api.http.schemas.imports import (
    CombatantReport,
    FightOpened,
    FightPreview,
    FightToImport,
    FileToImport,
    ImportReport,
    ImprovedInitiativeEncounter,
    ImprovedInitiativeFile,
    ReportLine,
)
from api.library import Creature, TableLibrary
from api.library.importers import ImportProblem, report_of
from api.library.importers.fight import fight_log, fight_preview
from api.library.importers.shapes import READS
from api.library.importers.to_improved_initiative import export_file, saved_encounter
from domain.commands import Import
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
fights = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)


@router.post("/import-file", response_model=ImportReport)
async def import_file(body: FileToImport, keeper: Library) -> ImportReport:
    """Read a Foundry VTT, Improved Initiative or SRD text file into library entries and keep
    them all (or, with `dry_run`, none), answering what came across and what did not."""
    try:  # parsing a file of up to 1 MB: off the event loop, as an encounter's import is
        report = await off_loop(report_of, body.file, body.ruleset)
    except ImportProblem as exc:
        raise HttpProblem(
            422, "Cannot import", f"{body.name}: {exc.reason}", field_of(exc)
        ) from None
    return await run_in_threadpool(kept, keeper, report, body.dry_run)


def kept(keeper: TableLibrary, report: dict[str, Any], dry_run: bool) -> ImportReport:
    """The file's creatures kept in the table's library (unless a dry run), and the reply."""
    creatures = [Creature.model_validate(c["creature"]) for c in report["creatures"]]
    saved = {(c.ruleset, c.id) for c in keeper.creatures()}
    replaced = [c.id for c in creatures if (c.ruleset, c.id) in saved]
    if not dry_run:
        keeper.save(creatures)
    imported = 0 if dry_run else len(creatures)
    return ImportReport(kept=not dry_run, imported=imported, replaced=replaced, **report)


@router.get("/export/improved-initiative", response_model=ImprovedInitiativeFile)
def export_improved_initiative(
    keeper: Library, ruleset: System | None = None
) -> ImprovedInitiativeFile:
    """The library (of one ruleset when given; 3.5, d20 Modern and Starfinder creatures) as an
    Improved Initiative export file: `Creatures.<id>` and `PersistentCharacters.<id>` stat
    blocks."""
    found = export_file([c for c in keeper.creatures(ruleset) if c.ruleset in READS])
    return ImprovedInitiativeFile.model_validate(found)


@fights.post(
    "/import-fight",
    status_code=201,
    response_model=None,  # one of the two below, each with its example
    dependencies=NO_STORE,
    responses={
        201: {"model": FightOpened, "description": "Kept: the new encounter and its tokens"},
        200: {"model": FightPreview, "description": "`dry_run`: read, nothing kept"},
    },
)
async def import_fight(
    body: FightToImport, table: TableId, commits: Commits, tokens: TokensDep, response: Response
) -> FightOpened | FightPreview:
    """Store a fight in progress (an Improved Initiative saved encounter, a Foundry VTT combat
    with its actors) as a new encounter of the caller's table: the joins, initiative, damage
    and turns that reproduce it, checked whole; answers its tokens and each combatant's report.
    With `dry_run`, nothing is stored: 200 with how it would stand and the facts it would
    record."""
    try:  # the same reading as `combatlog import-fight`, off the event loop
        if body.dry_run:
            preview = await off_loop(fight_preview, body.file, body.ruleset, table)
        else:
            fight, log = await off_loop(fight_log, body.file, body.ruleset, table)
    except ImportProblem as exc:
        raise HttpProblem(
            422, "Cannot import", f"{body.name}: {exc.reason}", field_of(exc)
        ) from None
    if body.dry_run:
        response.status_code = 200
        return FightPreview.model_validate(preview)
    encounter_id = await commits.new(Import(tuple(log)))
    reports = [
        CombatantReport(
            where=where,
            lines=[ReportLine(source=x.source, outcome=x.outcome, detail=x.detail) for x in lines],
        )
        for where, lines in fight.lines
    ]
    issued = tokens.issued(encounter_id, {})
    return FightOpened(
        id=encounter_id,
        version=len(log),
        name=fight.name,
        combatants=reports,
        gm_token=issued["gm_token"],
        player_token=issued["player_token"],
    )


@fights.get(
    "/{encounter_id}/export/improved-initiative", response_model=ImprovedInitiativeEncounter
)
def export_fight(encounter_id: UUID, _: Writer, service: Service) -> ImprovedInitiativeEncounter:
    """The fight as it stands (GM token) as an Improved Initiative saved encounter: each
    combatant still in it with its stat block, hit points, initiative, hidden and conditions (as
    tags), the round and whose turn it is; `combatlog import-fight` reads it back."""
    found = service.read(
        encounter_id, lambda h: saved_encounter(str(encounter_id), h.table(), h.gm_state())
    )
    return ImprovedInitiativeEncounter.model_validate(found)


def field_of(problem: ImportProblem) -> str:
    """The body's field at fault: `ruleset`, `file`, or the place in the file (`file[2].type`,
    `file.HP.Value`)."""
    if problem.field in ("file", "ruleset"):
        return problem.field
    return f"file{'' if problem.field.startswith('[') else '.'}{problem.field}"
