"""The creature library and party roster over HTTP, with the operator token: saved stat blocks
per ruleset, reusable across encounters, exported and imported as JSON."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response

from api.http.deps import Library
from api.http.problems import HttpProblem, Problem
from api.http.schemas.library import Creatures, Imported, Kept, SavedCreature
from api.library import Creature, CreatureError, creature_from
from domain.events import CombatantId
from domain.rulesets import System

SystemName = System  # the registry (domain/rulesets/systems.py)
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "description": text}
    for code, text in {
        401: "No token", 403: "Not the operator token", 404: "No such creature",
        422: "Bad input: the field is named (stats are checked by the ruleset)",
    }.items()
}  # fmt: skip
router = APIRouter(prefix="/library", tags=["library"], responses=ERRORS)


@router.get("", response_model=Creatures)
def creatures(keeper: Library, ruleset: SystemName | None = None) -> Creatures:
    """The saved creatures and party members, of one ruleset when `ruleset` is given."""
    return Creatures(creatures=[c.model_dump() for c in keeper.creatures(ruleset)])


@router.get("/export", response_model=Creatures)
def export(keeper: Library) -> Creatures:
    """Every saved creature of every ruleset, to import elsewhere."""
    return Creatures(creatures=[c.model_dump() for c in keeper.creatures()])


@router.post("/import", response_model=Imported)
def import_creatures(body: Creatures, keeper: Library) -> Imported:
    """Keep every creature given (replacing those of the same ruleset and id), all or none."""
    kept = [checked(raw, f"creatures[{n}].") for n, raw in enumerate(body.creatures)]
    keeper.save(kept)
    return Imported(imported=len(kept))


@router.put("/{ruleset}/{creature_id}", response_model=Kept)
def save(
    ruleset: SystemName, creature_id: CombatantId, body: SavedCreature, keeper: Library
) -> Kept:
    """Keep a creature under this ruleset and id (replacing one kept before); its stats are
    checked against the ruleset's stats."""
    creature = checked({"id": creature_id, "ruleset": ruleset, **body.model_dump()}, "")
    keeper.save([creature])
    return Kept.model_validate(creature.model_dump())


@router.delete("/{ruleset}/{creature_id}", status_code=204, response_class=Response)
def forget(ruleset: SystemName, creature_id: CombatantId, keeper: Library) -> Response:
    """Forget a saved creature."""
    if not keeper.delete(ruleset, creature_id):
        raise HttpProblem(404, "No such creature", f"no {ruleset} creature {creature_id}")
    return Response(status_code=204)


def checked(raw: Any, where: str) -> Creature:
    """The creature, or 422 naming the field at fault."""
    try:
        return creature_from(raw, where)
    except CreatureError as exc:
        raise HttpProblem(422, "Invalid creature", exc.reason, exc.field) from None
