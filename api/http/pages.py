"""The GM page and the player page (static ES modules, no build step), and the rulesets' forms."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from domain.rulesets import SYSTEMS
from domain.rulesets.catalog import describe

WEB = Path(__file__).resolve().parents[1] / "web"
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
        "options": {"type": "object", "properties": {"temp_hp_model": {
            "enum": ["pool", "noted_total"], "default": "pool", "type": "string"}}},
        "stats": {"type": "object", "required": ["max_hp"], "properties": {
            "max_hp": {"type": "integer", "minimum": 1},
            "defenses": {"type": "object", "additionalProperties": {"type": "integer"}}}},
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


def install(app: FastAPI) -> None:
    """Serve the pages, their modules at /web, and the rulesets' forms."""
    app.include_router(router)
    app.mount("/web", StaticFiles(directory=WEB), name="web")
