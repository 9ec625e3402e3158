"""The GM page and the player page (static ES modules, no build step), and the rulesets' forms."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from api.http.problems import HttpProblem
from api.http.schemas.rulesets import (
    AreaDamage,
    AreaDamageAsked,
    DamageAsked,
    DamageRollOut,
    DamageRolls,
)
from domain.rulesets import SYSTEMS, System, ruleset_for
from domain.rulesets.catalog import describe

WEB = Path(__file__).resolve().parents[2] / "web"
router = APIRouter()


@router.get("/", include_in_schema=False)
def gm_page() -> FileResponse:
    """The GM page: encounters, the table, the log with undo and amend, replay, analytics."""
    return FileResponse(WEB / "index.html")


@router.get("/play/{encounter_id}", include_in_schema=False)
def player_page(encounter_id: UUID) -> FileResponse:
    """The player page of one encounter (its player token in the address's fragment)."""
    return FileResponse(WEB / "player.html")


RULESETS_EXAMPLE = {
    "dnd35": {
        "title": "D&D 3.5 (SRD)",
        "description": "Hit points with disabled, dying and dead; nonlethal; massive damage.",
        "options": {"type": "object", "properties": {"temp_hp_model": {
            "title": "Temporary hit points", "description": "A10: temporary HP as a separate pool…",
            "enum": ["pool", "noted_total"], "default": "pool", "type": "string",
            "x-enum-labels": {"pool": "A separate pool, lost first",
                              "noted_total": "Noted total (HP fall back when they go)"}}}},
        "stats": {"type": "object", "required": ["max_hp"], "properties": {
            "max_hp": {"title": "Hit points", "type": "integer", "minimum": 1},
            "defenses": {"title": "Armor class", "type": "object",
                         "additionalProperties": {"type": "integer"}}}},
        "conditions": [{"name": "flat_footed", "title": "Flat-footed",
                        "description": "No Dex or dodge bonus to AC, no AoOs (L216-223)."}],
        "defenses": [{"name": "ac", "title": "AC"}, {"name": "touch", "title": "Touch AC"}],
        "saves": ["fortitude", "reflex", "will"],
        "resources": [],
    }
}  # fmt: skip


@router.get(
    "/rulesets",
    tags=["rulesets"],
    responses={200: {"content": {"application/json": {"example": RULESETS_EXAMPLE}}}},
)
def rulesets() -> dict[str, dict[str, Any]]:
    """Each rules system's title, house-rule options and combatant stats as JSON Schema (for
    forms, with labels), and its named conditions, defenses, saves and resources."""
    return {name: describe(name) for name in SYSTEMS}


@router.post("/rulesets/{ruleset}/damage", tags=["rulesets"], response_model=DamageRolls)
def damage(ruleset: System, body: DamageAsked) -> DamageRolls:
    """The damage rolls of a hit with a stored attack, a critical's as the ruleset deals it
    (3.5: the dice and bonus `multiplier` times, extra dice once; Orcus: maximum and its dice)."""
    rules = ruleset_for(ruleset)
    try:
        attack = rules.attack_model.model_validate(body.attack)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(["attack", *(str(part) for part in error["loc"])])
        raise HttpProblem(422, "Invalid attack", error["msg"], field) from None
    rolls = rules.critical_damage(attack, body.critical)
    return DamageRolls(rolls=[DamageRollOut(roll=r.roll, damage_type=r.damage_type) for r in rolls])


@router.post("/rulesets/{ruleset}/area-damage", tags=["rulesets"], response_model=AreaDamage)
def area_damage(ruleset: System, body: AreaDamageAsked) -> AreaDamage:
    """What a target an area spares (its save made; Orcus: the attack roll missed it) takes of
    the damage rolled once for all, as the system's seed rounds it (domain/rulesets/area.py)."""
    area = ruleset_for(ruleset).catalog.area
    if area is None or body.spared not in area.spared:
        named = "none" if area is None else " or ".join(area.spared)
        raise HttpProblem(
            422, "Invalid sparing", f"these rules spare a target {named} (not {body.spared})",
            "spared",
        )  # fmt: skip
    return AreaDamage(amount=area.amount(body.amount, body.spared), by=area.by, rule=area.rule)


def install(app: FastAPI) -> None:
    """Serve the pages, their modules at /web, and the rulesets' forms."""
    app.include_router(router)
    app.mount("/web", StaticFiles(directory=WEB), name="web")
